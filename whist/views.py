"""What each screen is told: protocol messages built from the tournament or its pattern.

>>> from whist.pattern import default_spec
>>> first = schedule(default_spec("alberta", tables=5))[0]
>>> first[0].table, first[0].visitors.team, first[0].away.table
(1, 5, 2)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import orjson

from whist.cards import trump_name
from whist.enums import Unit
from whist.formats import Format
from whist.movement import host_table, visiting_team
from whist.protocol import (
    Assignment,
    Away,
    DayCounts,
    FormatInfo,
    PlayoffNote,
    Side,
    Standings,
    State,
    TableView,
)
from whist.spec import TournamentSpec
from whist.tournament import AGREES, CLOSED, PLAYING, WAITING, TableResult, Tournament
from whist.tournament import TeamStanding as TeamStandingRow


def _planned_trump(spec: TournamentSpec, hand: int) -> str | None:
    plan = spec.plan(hand)
    return None if plan.leader_chooses_trump else plan.trump


def table_assignment(
    spec: TournamentSpec,
    hand: int,
    table: int,
    *,
    phase: str,
    trump: str | None,
    day: int,
    flags: int,
    points: int,
) -> Assignment:
    """The Assignment of ``table`` for ``hand`` of the pattern."""
    plan = spec.plan(hand)
    travellers = list(plan.travellers)
    home = list(spec.format.home_pair(plan.travellers))
    return Assignment(
        v=1,
        hand=hand,
        hands=spec.hands,
        day=day,
        phase=phase,
        trump=trump,
        table=table,
        home=Side(team=table, players=home),
        visitors=Side(team=visiting_team(table, plan.offset, spec.tables), players=travellers),
        away=Away(table=host_table(table, plan.offset, spec.tables), players=travellers),
        flags=flags,
        points=points,
    )


def schedule(spec: TournamentSpec) -> list[list[Assignment]]:
    """The whole pattern: per hand, every table's Assignment at the starting flags/points."""
    start_flags = spec.format.rules.start_flags
    return [
        [
            table_assignment(
                spec,
                hand,
                table,
                phase=WAITING,
                trump=_planned_trump(spec, hand),
                day=spec.day_of(hand),
                flags=start_flags,
                points=0,
            )
            for table in range(1, spec.tables + 1)
        ]
        for hand in range(1, spec.hands + 1)
    ]


def shown_hand(t: Tournament) -> int:
    """The hand a table's screen is about: the one in play, or the next one while waiting."""
    if t.phase == WAITING and t.hand < t.spec.hands and not t.finished:
        return t.next_hand()
    return max(t.hand, 1)


def assignment(t: Tournament, table: int) -> Assignment:
    """Table ``table``'s Assignment now."""
    hand = shown_hand(t)
    started = hand in t.trumps
    trump = trump_name(t.trumps[hand]) if started else _planned_trump(t.spec, hand)
    flags = t.rules.unit == Unit.FLAGS
    return table_assignment(
        t.spec,
        hand,
        table,
        phase=t.phase if started else WAITING,
        trump=trump,
        day=t.spec.day_of(hand),
        flags=t.flags_held(table) if flags else 0,
        points=0 if flags else t.score(table),
    )


class AssignmentWriter:
    """Assignment JSON for one table, quickly: within one hand and phase everything but the
    flags and points is fixed, so each table's message is worked out once and only the two
    numbers are filled in afterwards (a hub republishes hundreds of assignments a second).

    >>> from whist.pattern import default_spec
    >>> t = Tournament.new(default_spec("alberta", tables=3))
    >>> from whist.protocol import encode
    >>> AssignmentWriter().json(t, 2) == encode(assignment(t, 2))
    True
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._fixed: dict[int, bytes] = {}

    def json(self, t: Tournament, table: int) -> bytes:
        hand = shown_hand(t)
        key = (id(t), hand, t.phase, t.trumps.get(hand, "not started"))
        if key != self._key:
            self._key, self._fixed = key, {}
        fixed = self._fixed.get(table)
        if fixed is None:
            # Everything up to the two numbers, as JSON without its closing brace ("flags"
            # and "points" are the model's last fields).
            body = assignment(t, table).model_dump(mode="json")
            del body["flags"], body["points"]
            fixed = self._fixed[table] = _dumps(body)[:-1]
        flags = t.rules.unit == Unit.FLAGS
        held = t.flags_held(table) if flags else 0
        points = 0 if flags else t.score(table)
        return b'%s,"flags":%d,"points":%d}' % (fixed, held, points)


def state(
    t: Tournament,
    *,
    offline: list[int] | None = None,
    calling: list[int] | None = None,
    call_reasons: dict[str, str] | None = None,
    conflicts: list[int] | None = None,
) -> State:
    """The hall-wide State message; the hub adds what only it knows (offline, calls)."""
    hand = t.hand
    trump = trump_name(t.trumps[hand]) if hand in t.trumps else None
    playoff = playoff_note(t)
    return State(
        v=1,
        tournament=t.spec.name,
        format=t.format.value,
        tables=t.tables,
        hand=hand,
        hands=t.spec.hands,
        day=t.day,
        phase=t.phase,
        trump=trump,
        reported=t.reported_tables() if hand else [],
        missing=t.missing() if hand else [],
        offline=offline or [],
        calling=calling or [],
        call_reasons=call_reasons or {},
        conflicts=conflicts or [],
        days=len(t.spec.days),
        rules=format_info(t.format),
        finished=t.finished,
        day_ended=t.day_ended,
        next_hand=0 if t.finished or t.next_hand() > t.spec.hands else t.next_hand(),
        ended_after=t.ended_after,
        unreported={str(hand): tables for hand, tables in t.unreported().items()},
        results_missing=t.results_missing(),
        to_bring=to_bring(t),
        counts=[
            DayCounts(day=day, counted=counted, differ=differ, **_accepted(t, day))
            for day, counted, differ in t.count_summary()
        ],
        recovered=t.recovered,
        playoff=playoff,
        settled=playoff is None and settled_but_for_playoffs(t),
        day_reasons={str(day): reason for day, reason in t.day_reasons.items()},
    )


def settled(t: Tournament) -> bool:
    """The places are settled, the one time a screen or a sheet says "Final standings"
    (issue 25): play is over with every result in; in a format of flags, the last day has
    been ended and every table's count agrees (or was accepted: rules A15, A19), since a count
    can still move a team; and no playoff is waited for (rules A9). Level teams a count-back
    leaves sharing a place are settled: they share it.

    >>> from whist.pattern import default_spec
    >>> t = Tournament.new(default_spec("gaspesie", 3, 1))
    >>> settled(t)
    False
    """
    return settled_but_for_playoffs(t) and playoff_note(t) is None


def settled_but_for_playoffs(t: Tournament) -> bool:
    """:func:`settled` but for a playoff waited for (:func:`state` has that already)."""
    if not t.finished or t.open_hands or t.results_missing():
        return False
    return t.rules.unit != Unit.FLAGS or (t.day_ended and t.day_verified(t.day))


#: Where a playoff's A and B players sit down (issue 25): the hall and the console send them
#: to table 1, emptied at the end of play.
PLAYOFF_TABLE = 1


def playoff_note(t: Tournament) -> PlayoffNote | None:
    """The playoff the standings wait for (issue 25, item 4), once play is over in a format
    that plays them off (rules A9): the one being played, or, before the leader starts it,
    the highest place level teams share; None once every place is settled."""
    if not t.finished or t.rules.tie_break != "playoff":
        return None
    standings = t.standings()
    rank = {s.team: s.rank for s in standings}
    tb = t.tiebreak_in_progress()
    if tb is not None:
        teams = sorted(tb.order)
        pairing = list(tb.next_pairing() or ())
        trump: str | None = trump_name(tb.trump)
        last = tb.hands[-1] if tb.hands else None
    else:
        shared: dict[int, list[int]] = {}
        for s in standings:
            shared.setdefault(s.rank, []).append(s.team)
        level = [teams for _, teams in sorted(shared.items()) if len(teams) > 1]
        if not level:
            return None
        teams, pairing, trump, last = sorted(level[0]), [], None, None
    names = {str(s.team): s.name for s in standings if s.team in teams}
    players = {}  # the A and B players' names, when the file gives them
    for team in pairing or teams:
        seats = t.spec.team(team).players
        named = [seats.get(seat, "") for seat in ("A", "B")]
        if all(name and name != seat for name, seat in zip(named, ("A", "B"), strict=True)):
            players[str(team)] = named
    return PlayoffNote.model_validate(
        {
            "place": min(rank[team] for team in teams),
            "teams": teams,
            "names": names,
            "next": pairing or None,
            "players": players,
            "table": PLAYOFF_TABLE,
            "trump": trump if pairing else None,
            "last_teams": list(last.teams) if last is not None else [],
            "last_tricks": list(last.tricks) if last is not None else [],
        }
    )


def _accepted(t: Tournament, day: int) -> dict[str, Any]:
    """DayCounts' ``accepted`` (issue 25), sent only when some count was accepted."""
    accepted = t.counts_accepted(day)
    return {"accepted": {str(k): v for k, v in accepted.items()}} if accepted else {}


def to_bring(t: Tournament) -> dict[str, int]:
    """Flags the hub lent automatically that the leader has still to bring, per table."""
    tables = sorted({loan.table for loan in t.loan_log if loan.to_bring})
    due = {str(table): t.flags_to_bring(table) for table in tables}
    return {table: flags for table, flags in due.items() if flags}


#: Only a rank the leader decided says so (rules G7): older readers see the same standings.
_BY_LEADER: dict[bool, dict[str, bool]] = {True: {"by_leader": True}, False: {}}
_TIE_BROKEN: dict[bool, dict[str, bool]] = {True: {"tie_broken": True}, False: {}}


def shared_places(ranks: Sequence[int]) -> list[int]:
    """The places several teams (or players) share, in the order they first stand: every
    screen, sheet and board marks them ``2=``.

    >>> shared_places([1, 2, 2, 4, 4, 6])
    [2, 4]
    """
    counts = Counter(ranks)
    return [k for k in dict.fromkeys(ranks) if counts[k] > 1]


def place_marks(ranks: Sequence[int]) -> list[str]:
    """Each rank as it is shown: ``2=`` where the place is shared.

    >>> place_marks([1, 2, 2, 4])
    ['1', '2=', '2=', '4']
    """
    shared = set(shared_places(ranks))
    return [f"{r}=" if r in shared else str(r) for r in ranks]


def tie_broken(standings: Iterable[TeamStandingRow]) -> set[int]:
    """The teams level on score with another that hold different places other than by the
    leader's decision (which each such row says itself): the format's tie-break placed them.

    >>> from whist.tournament import TeamStanding as Row
    >>> sorted(tie_broken([Row(1, "A", 12, (12,), 0, 1), Row(2, "B", 12, (12,), 0, 2),
    ...                    Row(3, "C", 9, (9,), 0, 3), Row(4, "D", 9, (9,), 0, 3)]))
    [1, 2]
    """
    rows = [s for s in standings if not s.by_leader]
    places: dict[int, set[int]] = {}
    for s in rows:
        places.setdefault(s.score, set()).add(s.rank)
    return {s.team for s in rows if len(places[s.score]) > 1}


def _standings_body(t: Tournament) -> dict[str, Any]:
    flags = t.rules.unit == Unit.FLAGS
    change_hand = t.completed_hand()
    changes = t.hand_changes(change_hand) if change_hand else [0] * (t.tables + 1)
    standings = t.standings()
    broken = tie_broken(standings)
    rows = [
        {
            "team": s.team,
            "name": s.name,
            "flags": s.score if flags else 0,
            "points": 0 if flags else s.score,
            "day_totals": list(s.day_totals),
            "loans": s.loans,
            "rank": s.rank,
            "change": changes[s.team],
            **_BY_LEADER[s.by_leader],
            **_TIE_BROKEN[s.team in broken],
        }
        for s in standings
    ]
    # Only standings a tie-break placed say so (issue 22): older readers see the same message.
    placed = {"placed_by": t.rules.tie_break} if broken else {}
    return {
        "v": 1,
        "hand": t.hand,
        "day": t.day,
        "teams": rows,
        "seq": t.events,
        "change_hand": change_hand,
        "results_missing": t.results_missing(),
        "final": t.finished,
        **placed,
    }


def standings(t: Tournament) -> Standings:
    """The Standings message, ordered by rank, with each team's change over the last
    completed hand (it stays when the next hand starts, and after any restart)."""
    return Standings.model_validate(_standings_body(t))


def _dumps(body: Any) -> bytes:
    """Compact UTF-8 JSON, as every view is published: the bytes of
    ``json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()`` for the plain
    dicts, lists, texts, whole numbers, booleans and None the views are made of, written by
    orjson (several times faster: the views are most of what a hub of 500 tables does).
    Copied to a bytes object of its own size: orjson's keeps the room of its writing buffer,
    and the views keep many (measured: 44 against 37 MB for 100 tables and 20 hands)."""
    return bytes(memoryview(orjson.dumps(body)))


def standings_json(t: Tournament) -> bytes:
    """The same message as ``encode(standings(t))``, written straight to JSON.

    A hub of 500 tables publishes standings many times a second; building and validating
    500 models each time cost more than the rest of handling a result (bench/).
    """
    return _dumps(_standings_body(t))


def standings_changes_json(t: Tournament, teams: Iterable[int]) -> bytes:
    """A StandingsChanges message for ``teams`` (their scores now), as JSON."""
    flags = t.rules.unit == Unit.FLAGS
    rows = []
    for team in sorted(teams):
        totals = t.day_totals(team)  # for these teams only: a batch moves a few of 500
        score = sum(totals) if flags else t.points[team]
        rows.append(
            {
                "team": team,
                "flags": score if flags else 0,
                "points": 0 if flags else score,
                "day_totals": list(totals),
                "loans": t.loans[team] if flags else 0,
            }
        )
    return _dumps({"v": 1, "hand": t.hand, "day": t.day, "seq": t.events, "teams": rows})


# ============================================================================ the format
def format_info(fmt: Format) -> FormatInfo:
    """What screens need of ``fmt`` to lay out a score (sent in State and every TableView)."""
    rules = fmt.rules
    return FormatInfo(
        name=fmt.value,
        unit=rules.unit,
        wording=rules.wording,
        language=rules.language,
        lends_flags=rules.lends_flags,
        penalties=rules.leader_penalties,
        tie_break=rules.tie_break,
        revoke_penalty=rules.revoke_penalty,
        travellers_progress=rules.travellers_progress,
    )


# ============================================================================ a table's view
class TableViews:
    """Every table's :class:`~whist.protocol.TableView`, as JSON-ready dicts or bytes.

    What all tables share (the standings, the format) is worked out once per state of the
    tournament, so a hub can republish hundreds of views at a time.

    >>> from whist.pattern import default_spec
    >>> from whist.events import HandStarted, ResultRecorded, ResultCorrected
    >>> from whist.cards import Suit
    >>> t = Tournament.new(default_spec("alberta", tables=3))
    >>> t.apply(HandStarted(hand=1, trump=Suit.HEARTS))
    >>> t.apply(ResultRecorded("r1", hand=1, table=1, visitor_tricks=7))
    >>> t.apply(ResultCorrected(1, 1, 10, 0, 0, "miscounted"))
    >>> v = table_view(t, 1)
    >>> (v.held, v.results[0].by, v.results[0].hand_over[0].count)
    (10, 'leader', 1)
    """

    def __init__(self, t: Tournament) -> None:
        self.t = t
        self._key: tuple[int, int] | None = None
        self._info: dict[str, Any] = format_info(t.format).model_dump(mode="json")
        #: Per team: its place, whether shared, and what placed it (:meth:`_place`), worked out
        #: once for every table's view, not once per table.
        self._ranks: dict[int, tuple[int, bool, str | None]] | None = None
        self._running: dict[int, tuple[int, bool]] | None = None
        self._missing: int | None = None
        #: Per table, the parts of its view that stay the same for a whole hand and phase
        #: (names, seats, moves), already as JSON; see :meth:`json`.
        self._fixed_key: tuple[object, ...] | None = None
        self._fixed: dict[int, tuple[bytes, bytes]] = {}
        #: Per (hand, table, role), a recorded result as JSON, with the result and what its
        #: JSON reads (see :meth:`_result_json`), for the last two hands: a result is in its
        #: table's view twice (this hand's and the last) and in its visitors' twice, and most
        #: views are published again unchanged in that part.
        self._results: dict[tuple[int, int, str], tuple[TableResult, tuple[object, ...], bytes]]
        self._results = {}
        self._over: dict[int, bool] = {}  # per hand, this state: its day is over

    def _fresh(self) -> None:
        key = (id(self.t), self.t.events)
        if key != self._key:
            self._key, self._ranks, self._missing = key, None, None
            self._running = None
            self._over = {}

    def _place(self, team: int) -> tuple[int, bool, str | None]:
        """``team``'s place, whether another team shares it, and what placed it when it is
        level on score with another on another place: the format's tie-break (``playoff``,
        ``countback``) or the leader's decision (``leader``, rules G7); None otherwise."""
        if self._ranks is None:
            standings = self.t.standings()
            counts: dict[int, int] = {}
            for s in standings:
                counts[s.rank] = counts.get(s.rank, 0) + 1
            broken = tie_broken(standings)
            tie_break = self.t.rules.tie_break
            self._ranks = {
                s.team: (
                    s.rank,
                    counts[s.rank] > 1,
                    "leader" if s.by_leader else tie_break if s.team in broken else None,
                )
                for s in standings
            }
        return self._ranks[team]

    def json(self, table: int) -> bytes:
        """The same bytes as ``json.dumps(self.body(table))`` (compact, UTF-8), the parts
        that only change with the hand or the phase written once per table and hand: a hub
        of 500 tables republishes hundreds of views at a time."""
        self._fresh()
        t = self.t
        hand = shown_hand(t)
        started = hand in t.trumps
        key = (id(t), hand, t.phase if started else WAITING, t.trumps.get(hand))
        if key != self._fixed_key:
            self._fixed_key, self._fixed = key, {}
            # only this hand's results and the last's are in the views whole (the older
            # ones, in ``earlier``, are short and written afresh)
            self._results = {k: v for k, v in self._results.items() if k[0] >= hand - 1}
        fixed = self._fixed.get(table)
        if fixed is None:
            fixed = self._fixed[table] = (
                _dumps(self._head(table, hand, started))[:-1],
                b'"moves":' + _dumps(self._moves(table, hand)),
            )
        middle = self._changing_json(table, hand)
        last = _dumps(self._last(table))
        return b"%s,%s,%s,%s" % (fixed[0], middle, fixed[1], last[1:])

    def body(self, table: int) -> dict[str, Any]:
        self._fresh()
        hand = shown_hand(self.t)
        started = hand in self.t.trumps
        return {
            **self._head(table, hand, started),
            **self._changing(table, hand),
            "moves": self._moves(table, hand),
            **self._last(table),
        }

    def _head(self, table: int, hand: int, started: bool) -> dict[str, Any]:
        """What stays the same for a whole hand and phase."""
        t = self.t
        spec = t.spec
        plan = spec.plan(hand)
        offset = plan.offset
        visitors = visiting_team(table, offset, t.tables)
        away_table = host_table(table, offset, t.tables)
        travellers = list(plan.travellers)
        home_seats = list(t.rules.home_pair(plan.travellers))
        # issue 25: between the last hand of a session and the first of the next session of
        # the same day (a break; the flags stay on the tables): the session to come
        coming = hand if not started else hand + 1 if t.phase == CLOSED else 0
        session = spec.session_of(coming) if 0 < coming <= spec.hands else None
        pause = (
            session is not None
            and session.number > 1
            and coming == session.first_hand
            and spec.day_of(coming) == spec.day_of(hand)
        )
        return {
            "v": 1,
            "table": table,
            "tournament": spec.name,
            "rules": self._info,
            "hand": hand,
            "hands": spec.hands,
            "day": spec.day_of(hand),
            "days": len(spec.days),
            "phase": t.phase if started else WAITING,
            "trump": trump_name(t.trumps[hand]) if started else _planned_trump(spec, hand),
            "home": self._team(table, home_seats),
            "visitors": self._team(visitors, travellers),
            "away": {"table": away_table, "players": self._players(table, travellers)},
            **({"session_break": session.number} if pause and session is not None else {}),
        }

    def _changing(self, table: int, hand: int) -> dict[str, Any]:
        """What a result, a correction or a loan changes (before the moves)."""
        held, reported = self._held(table, hand)
        results = [self._result(r, role) for r, role in self._shown_results(table, hand)]
        return {"held": held, "reported": reported, "results": results}

    def _changing_json(self, table: int, hand: int) -> bytes:
        """:meth:`_changing` as JSON, without its braces, each result's written once."""
        held, reported = self._held(table, hand)
        results = b",".join(
            self._result_json(r, role) for r, role in self._shown_results(table, hand)
        )
        return b'"held":%d,"reported":%s,"results":[%s]' % (
            held,
            b"true" if reported else b"false",
            results,
        )

    def _held(self, table: int, hand: int) -> tuple[int, bool]:
        t = self.t
        held = t.flags_held(table) if t.rules.unit == Unit.FLAGS else t.score(table)
        return held, table in t.reported.get(hand, ())

    def _shown_results(self, table: int, hand: int) -> list[tuple[TableResult, str]]:
        """The results a table's view shows: this hand's and the last, here and where its
        visitors come from."""
        t = self.t
        shown = []
        for h in (hand, hand - 1):
            if h < 1 or h not in t.trumps:
                continue
            here = t.result(h, table)
            if here is not None:
                shown.append((here, "home"))
            there = t.result(h, host_table(table, t.spec.plan(h).offset, t.tables))
            if there is not None:
                shown.append((there, "visitors"))
        return shown

    def _last(self, table: int) -> dict[str, Any]:
        """What a result, a correction or a loan changes (after the moves)."""
        t = self.t
        flags = t.rules.unit == Unit.FLAGS
        loans = [
            {"hand": loan.hand, "flags": loan.flags, "automatic": loan.automatic}
            for loan in t.loan_log
            if loan.table == table and loan.day == t.day and not t.day_ended
        ]
        return {
            "loans": loans,
            "day_result": self._day_result(table),
            "seq": t.events,
            "results_missing": self._results_missing(),
            "to_bring": t.flags_to_bring(table) if flags else 0,
            "ended_after": t.ended_after,
            "count": self._count(table),
            **self._late_change(table),
            "running": self._running_score(table),
            # issue 22: the older results short, in ``earlier``; ``recent`` stays empty, for
            # a kiosk older than ``earlier`` (it shows no older result rather than none at all)
            "recent": [],
            "earlier": self._earlier(table),
        }

    def _running_score(self, table: int) -> dict[str, Any] | None:
        """Issue 25, item 15: the team's score today and in all, and its place after the
        last hand over (None before one is, and once the day is over: ``day_result``)."""
        t = self.t
        after = t.completed_hand()
        if after < 1 or t.day_ended or t.finished:
            return None
        if self._running is None:
            self._running = _ranks(_places_after(t))
        place, shared = self._running[table]
        totals = t.day_totals(table)
        return {
            "today": totals[t.day - 1] if len(totals) >= t.day else 0,
            "score": t.score(table),
            "place": place,
            "teams": t.tables,
            "shared": shared,
            "after": after,
        }

    def _earlier(self, table: int) -> list[dict[str, Any]]:
        """Issue 25, item 15: of this table's last three results as home, newest first, those
        ``results`` does not hold (hands before the last), short: the hand and the tricks. A
        whole result is 330 bytes, in every view, 500 views at every hand's close (issue
        22's benchmark)."""
        return [
            {"hand": r.hand, "visitor_tricks": r.visitor_tricks, "home_tricks": r.home_tricks}
            for r in self._recent_results(table, shown_hand(self.t))
        ]

    def _recent_results(self, table: int, hand: int) -> list[TableResult]:
        """Of this table's last three results as home, those of hands before ``hand`` - 1:
        the two after are in ``results``."""
        t = self.t
        out: list[TableResult] = []
        held = 0  # of the three, those in ``results``
        for h in range(hand, 0, -1):
            res = t.result(h, table) if h in t.trumps else None
            if res is None:
                continue
            if h >= hand - 1:
                held += 1
            else:
                out.append(res)
            if held + len(out) == 3:
                break
        return out

    def _late_change(self, table: int) -> dict[str, Any]:
        """Issue 25: why this team's numbers moved after its day was over (sent only then)."""
        late = self.t.late_changes.get(table)
        if late is None:
            return {}
        what, hand, reason = late
        return {"late_change": {"what": what, "hand": hand or None, "reason": reason or None}}

    def _count(self, table: int) -> dict[str, Any] | None:
        count = self.t.count_to_enter(table)
        if count is None:
            return None
        said = {"day": count.day, "counted": count.counted, "status": count.status}
        if count.accepted and count.status == AGREES:  # the leader's word, not the hub's
            said["accepted"] = count.accepted[-1]
        return said

    def _results_missing(self) -> int:
        if self._missing is None:
            self._missing = self.t.results_missing()
        return self._missing

    def _players(self, team: int, seats: Iterable[str]) -> list[dict[str, str]]:
        names = self.t.spec.teams[team - 1].players
        return [{"seat": seat, "name": names.get(seat, "")} for seat in seats]

    def _team(self, team: int, seats: Iterable[str]) -> dict[str, Any]:
        return {
            "team": team,
            "name": self.t.spec.teams[team - 1].name,
            "players": self._players(team, seats),
        }

    def _day_over(self, hand: int) -> bool:
        over = self._over.get(hand)
        if over is None:
            over = self._over[hand] = self.t.hand_day_is_over(hand)
        return over

    def _result_json(self, res: TableResult, role: str) -> bytes:
        """:meth:`_result` as JSON, written again only when something it reads changed:
        every change to a result scores it again (``flags_history`` grows), and the rest
        it reads is in ``stamp``."""
        penalty = self.t.penalties.get((res.hand, res.table))
        stamp = (
            len(res.flags_history),
            len(res.corrections),
            res.visitor_tricks,
            res.revokes_home,
            res.revokes_visitors,
            res.result_id,
            res.flags_won,
            res.home_points,
            res.visitor_points,
            penalty.side if penalty is not None else None,
            self._day_over(res.hand),
        )
        key = (res.hand, res.table, role)
        hit = self._results.get(key)
        if hit is not None and hit[0] is res and hit[1] == stamp:
            return hit[2]
        data = _dumps(self._result(res, role))
        self._results[key] = (res, stamp, data)
        return data

    def _result(self, res: TableResult, role: str) -> dict[str, Any]:
        t = self.t
        outcome = res.outcome
        assert outcome is not None  # every recorded result has been scored
        penalty = t.penalties.get((res.hand, res.table))
        hand_over = []
        if res.flags_history and not self._day_over(res.hand):
            before = res.flags_history[-2] if len(res.flags_history) > 1 else 0
            delta = res.flags_history[-1] - before
            if delta:
                hand_over.append(
                    {"giver": "home" if delta > 0 else "visitors", "count": abs(delta)}
                )
        if t.rules.unit == Unit.FLAGS:
            change = res.flags_won if role == "visitors" else -res.flags_won
        else:
            change = res.visitor_points if role == "visitors" else res.home_points
        return {
            "hand": res.hand,
            "table": res.table,
            "role": role,
            "home_team": res.table,
            "visitor_team": res.visitor_team,
            "visitor_tricks": res.visitor_tricks,
            "home_tricks": res.home_tricks,
            "revokes_home": res.revokes_home,
            "revokes_visitors": res.revokes_visitors,
            "penalty": penalty.side if penalty is not None else None,
            "by": "leader" if res.by_leader else "table",
            "corrected": bool(res.corrections),
            "flags": res.flags_won,
            "home_points": res.home_points,
            "visitor_points": res.visitor_points,
            "counted_visitor_tricks": outcome.counted_visitor_tricks,
            "why": outcome.why,
            "hand_over": hand_over,
            "change": change,
        }

    def _moves(self, table: int, hand: int) -> list[dict[str, Any]]:
        """Who goes where as ``hand`` starts, for the people at ``table`` then."""
        t = self.t
        spec = t.spec
        plan = spec.plan(hand)
        new_home = t.rules.home_pair(plan.travellers)
        moves: list[dict[str, Any]] = [
            {
                "action": "go",
                "players": self._players(table, plan.travellers),
                "team": table,
                "table": host_table(table, plan.offset, t.tables),
            }
        ]
        before = spec.plan(hand - 1) if hand > 1 else None
        here = set(t.rules.home_pair(before.travellers)) if before else set(new_home)
        stay = [seat for seat in new_home if seat in here]
        back = [seat for seat in new_home if seat not in here]
        if stay:
            moves.append({"action": "stay", "players": self._players(table, stay), "team": table})
        if back:
            moves.append(
                {"action": "come_back", "players": self._players(table, back), "team": table}
            )
        if before is None:
            return moves
        # The visitors sitting here now are the hand before's: they go home, or (a format
        # whose travellers progress) those who travel again go straight on.
        team = visiting_team(table, before.offset, t.tables)
        onward = [s for s in before.travellers if s in plan.travellers]
        if not t.rules.travellers_progress:
            onward = []
        home = [s for s in before.travellers if s not in onward]
        if onward:
            moves.append(
                {
                    "action": "go_on",
                    "players": self._players(team, onward),
                    "team": team,
                    "table": host_table(team, plan.offset, t.tables),
                }
            )
        if home:
            moves.append(
                {
                    "action": "return_home",
                    "players": self._players(team, home),
                    "team": team,
                    "table": team,
                }
            )
        return moves

    def _day_result(self, table: int) -> dict[str, Any] | None:
        t = self.t
        final = t.finished
        if not (t.day_ended or final):
            return None
        place, shared, placed_by = self._place(table)
        totals = t.day_totals(table)
        return {
            "day": t.day,
            "total": totals[t.day - 1] if len(totals) >= t.day else 0,
            "score": t.score(table),
            "place": place,
            "teams": t.tables,
            "shared": shared,
            "final": final,
            # only a place a tie-break or the leader gave says so: older readers see the same
            **({"placed_by": placed_by} if placed_by else {}),
        }


def _places_after(t: Tournament) -> dict[int, tuple[int, ...]]:
    """Per team, what orders the standings after the last hand over (``completed_hand``):
    while a hand is in play, its results so far left out, so a team's place does not move
    with every table's result, and stays the same on every table's view until the hand is
    over (every view is then published again)."""
    teams = range(1, t.tables + 1)
    if t.phase != PLAYING:
        return {s.team: (-s.rank,) for s in t.standings()}
    if t.rules.tie_break == "countback":
        return dict(t.countback().items())  # the points after the hand before, then older
    totals = t.all_day_totals()
    changes = t.hand_changes(t.hand)
    return {team: (sum(totals[team]) - changes[team],) for team in teams}


def _ranks(keys: dict[int, tuple[int, ...]]) -> dict[int, tuple[int, bool]]:
    """Per team, its place by ``keys`` (higher first; equal keys share a place) and whether
    another team shares it."""
    ordered = sorted(keys.values(), reverse=True)
    first: dict[tuple[int, ...], int] = {}
    for position, key in enumerate(ordered, start=1):
        first.setdefault(key, position)
    count: dict[tuple[int, ...], int] = {}
    for key in ordered:
        count[key] = count.get(key, 0) + 1
    return {team: (first[key], count[key] > 1) for team, key in keys.items()}


def table_view(t: Tournament, table: int) -> TableView:
    """Table ``table``'s view now (see :class:`TableViews`)."""
    return TableView.model_validate(TableViews(t).body(table))
