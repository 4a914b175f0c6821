"""A club night as events: every table's deals, its running score, the night's standings, and
what each screen is shown (a table's :class:`~whist.protocol.ClubScore`, the hall's
:class:`~whist.protocol.NightStandings`), all computed from the recorded deals.

A table's score is always the replay of its deals in order (docs/rules.md, C8), so a leader's
correction changes every deal after it, and the games and rubbers they won.

>>> from whist.events import DealRecorded, NightCreated
>>> from whist.nightspec import default_night
>>> night = ClubNight.replay([NightCreated(default_night("american", 2))])
>>> night.apply(DealRecorded("d1", table=1, deal=1, record={"trump": "spades", "ns_tricks": 9}))
>>> night.table(1).score_of("NS"), night.table(1).dealer
(3, 'E')
>>> [(r.table, r.party, r.points) for r in night.standings()][:2]
[(1, 'NS', 0), (1, 'EW', 0)]
>>> club_score(night, 1).last.lines[0].points
3
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast

from whist.cards import Suit, trump_name
from whist.enums import Phase, Unit
from whist.errors import M_, DealError, ErrorCode, TournamentError
from whist.events import (
    CLOCK_EVENTS,
    DealCorrected,
    DealRecorded,
    Event,
    NightCreated,
    NightEnded,
    RoundTrumpDrawn,
)
from whist.formats import ClubGame, ClubStanding, ClubTable, ScoreChange
from whist.formats.base import RandomSource
from whist.formats.individual import read_trump
from whist.formats.words import night_name
from whist.nightspec import NightSpec
from whist.occasion import Report, RoomNews, Taken
from whist.protocol import (
    ClubDeal,
    ClubDealScored,
    ClubHouseRule,
    ClubLine,
    ClubParty,
    ClubPlace,
    ClubRound,
    ClubRules,
    ClubScore,
    NightRow,
    NightStandings,
    NightTable,
    Player,
    State,
    TableDeals,
    Topics,
    TrumpName,
    encode,
)

#: Which seats make up each partnership, in seat order; in a game played each for oneself a
#: party is a seat, its one player.
_PARTNERS = {"NS": ("N", "S"), "EW": ("E", "W")}


@dataclass(frozen=True)
class RecordedDeal:
    """One deal as the night holds it: what was entered, by whom, and whether the leader
    changed it after the table had entered it."""

    deal: int
    record: Mapping[str, str | int]
    by: Literal["table", "leader"]
    corrected: bool = False
    deal_id: str | None = None
    reason: str = ""


class ClubNight:
    """The state of a club night: the fold of its events. Mutated in place by :meth:`apply`,
    which checks a fact first and changes nothing when it refuses it."""

    def __init__(self, spec: NightSpec) -> None:
        self.spec = spec
        self.game: ClubGame[Any] = spec.game
        self.deals: dict[int, list[RecordedDeal]] = {t: [] for t in self.table_numbers}
        self.changes: dict[int, list[ScoreChange]] = {t: [] for t in self.table_numbers}
        #: Who dealt each recorded deal, by table (the bids are said from the dealer's left).
        self.dealers: dict[int, list[str]] = {t: [] for t in self.table_numbers}
        self._tables: dict[int, ClubTable] = {
            t: self.game.start(spec.settings(t)) for t in self.table_numbers
        }
        #: (table, a kiosk's deal id) -> (table, deal): an id is its table's (issue 23)
        self.deal_ids: dict[tuple[int, str], tuple[int, int]] = {}
        #: deals the log had lost that the tables offered again (DealRecorded.recovered)
        self.recovered = 0
        self.ended = False
        #: 8-to-1: each round's trump, drawn by the hub once for the whole room (EO3), by
        #: (game, round number) (None: no trump); game 0 is an old log's draw, for every game.
        self.trumps: dict[tuple[int, int], Suit | None] = {}
        #: How many events the night holds (a view's ``seq``).
        self.seq = 0

    @classmethod
    def replay(cls, events: Iterable[Event]) -> ClubNight:
        it = iter(events)
        first = next(it, None)
        if not isinstance(first, NightCreated):
            raise TournamentError("a club night's log must start with the night's file")
        night = cls(first.spec)
        night.seq = 1
        for event in it:
            night.apply(event)
        return night

    # ------------------------------------------------------------------ reading
    @property
    def tables(self) -> int:
        return self.spec.tables

    @property
    def table_numbers(self) -> range:
        return range(1, self.spec.tables + 1)

    def table(self, number: int) -> ClubTable:
        self._check_table(number)
        return self._tables[number]

    def recorded(self, table: int, deal: int) -> RecordedDeal | None:
        deals = self.deals[table]
        return deals[deal - 1] if 1 <= deal <= len(deals) else None

    def standings(self) -> tuple[ClubStanding, ...]:
        return self.game.standings(self._tables)

    @property
    def total_deals(self) -> int:
        return sum(len(d) for d in self.deals.values())

    def rounds_to_draw(self) -> list[tuple[int, int]]:
        """8-to-1: the (game, round) some table plays next whose trump is not drawn yet (the
        hub draws them before it publishes anything, docs/rules.md EO3, EO8); none in other
        games, at a table that has played its length, or once the night has ended."""
        if not self.game.draws_trumps or self.ended:
            return []
        wanted: set[tuple[int, int]] = set()
        for table in self._tables.values():
            info = None if table.finished else self.game.next_round(table)
            if info is not None and not self.drawn(self.game_of(table), info.number)[0]:
                wanted.add((self.game_of(table), info.number))
        return sorted(wanted)

    def draw_trumps(self, source: RandomSource) -> list[RoundTrumpDrawn]:
        """8-to-1: draw from ``source`` the trump of every round :meth:`rounds_to_draw` names,
        and apply each draw; the events, for the hub to commit (none in other games)."""
        drawn = []
        for game, number in self.rounds_to_draw():
            event = RoundTrumpDrawn(number, self.game.draw_round_trump(number, source), game)
            self.apply(event)
            drawn.append(event)
        return drawn

    def game_of(self, table: ClubTable) -> int:
        """The game ``table`` plays next, the first being 1, in a game of fixed rounds (8-to-1:
        every game is its 21 rounds); 1 in the others."""
        rounds = self.game.game_rounds
        return table.deals // rounds + 1 if rounds else 1

    def drawn(self, game: int, number: int) -> tuple[bool, Suit | None]:
        """Whether round ``number`` of the tables' game ``game`` has its trump drawn, and
        what it is: the draw for that game, else an old log's draw for every game (EO8)."""
        for key in ((game, number), (0, number)):
            if key in self.trumps:
                return True, self.trumps[key]
        return False, None

    def next_drawn(self, table: ClubTable) -> tuple[bool, Suit | None]:
        """Whether the trump of ``table``'s next round is drawn, and what it is."""
        info = self.game.next_round(table) if self.game.draws_trumps else None
        if info is None:
            return False, None
        return self.drawn(self.game_of(table), info.number)

    def drawn_trumps(self, table: int) -> list[tuple[bool, Suit | None]]:
        """8-to-1: for each recorded deal of ``table``, whether its round's trump was drawn
        and what it was (what a paper sheet of the night shows in its trump column)."""
        state = self.game.start(self.spec.settings(table))
        drawn: list[tuple[bool, Suit | None]] = []
        for entry in self.deals[table]:
            drawn.append(self.next_drawn(state))
            state = self.game.play(state, self.game.record(entry.record))
        return drawn

    def round_trump(self, table: int) -> tuple[bool, Suit | None]:
        """Whether the trump of ``table``'s next round is drawn, and what it is."""
        return self.next_drawn(self.table(table))

    def room_trumps(self) -> dict[int, Suit | None]:
        """8-to-1: the rounds drawn for the game most tables still playing play (the later
        one when as many play two), by round number; the hall's ``NightStandings.trumps``."""
        games = [self.game_of(t) for t in self._tables.values() if not t.finished] or [1]
        room = max(set(games), key=lambda g: (games.count(g), g))
        trumps = {n: t for (g, n), t in self.trumps.items() if g == 0}
        trumps.update({n: t for (g, n), t in self.trumps.items() if g == room})
        return dict(sorted(trumps.items()))

    # ------------------------------------------------------------------ the room's clock
    def deal_in_play(self) -> int | None:
        """The deal the room's clock times (issue 26): the one the slowest table still
        playing is at, from the moment the room's last table finished the deal before; the
        first deal is not timed (the room settles in), nor anything once the night is over.

        >>> from whist.nightspec import default_night
        >>> night = ClubNight(default_night("american", 2))
        >>> night.deal_in_play(), night.tables_playing(2)
        (None, [1, 2])
        """
        at = [len(self.deals[n]) for n, t in self._tables.items() if not t.finished]
        if self.ended or not at or min(at) == 0:
            return None
        return min(at) + 1

    def tables_playing(self, deal: int) -> list[int]:
        """The tables still playing deal ``deal`` (or one before it)."""
        return [
            n for n, t in self._tables.items() if not t.finished and len(self.deals[n]) < deal
        ]

    # ------------------------------------------------------------------ applying
    def apply(self, event: Event) -> None:
        """Apply one fact; raise TournamentError (nothing changed) when the rules refuse it."""
        if isinstance(event, DealRecorded):
            self._record(event)
        elif isinstance(event, DealCorrected):
            self._correct(event)
        elif isinstance(event, NightEnded):
            if self.ended:
                raise TournamentError("the night is already over", ErrorCode.EXISTS)
            self.ended = True
        elif isinstance(event, RoundTrumpDrawn):
            self._draw(event)
        elif isinstance(event, CLOCK_EVENTS):
            pass  # the room's clock: counted, the clock's own
        else:
            raise TournamentError(
                f"a club night cannot take {type(event).__name__}", ErrorCode.WRONG_FORMAT
            )
        self.seq += 1

    def _check_table(self, table: int) -> None:
        if not 1 <= table <= self.spec.tables:
            raise TournamentError(
                f"there is no table {table} tonight (1 to {self.spec.tables})", ErrorCode.BAD_TABLE
            )

    def _check_open(self) -> None:
        if self.ended:
            raise TournamentError(
                "the leader has ended the night: no more deals", ErrorCode.FINISHED
            )

    def _record(self, event: DealRecorded) -> None:
        self._check_open()
        self._check_table(event.table)
        if (event.table, event.deal_id) in self.deal_ids:
            raise TournamentError("this deal was already recorded", ErrorCode.DUPLICATE)
        expected = len(self.deals[event.table]) + 1
        if event.deal < expected:
            raise TournamentError(
                f"deal {event.deal} is already recorded at this table with other numbers; "
                "call the leader to correct it",
                ErrorCode.CONFLICT,
            )
        if event.deal > expected:
            raise TournamentError(
                f"deal {event.deal} cannot be recorded before deal {expected}",
                ErrorCode.WRONG_HAND,
            )
        table = self._tables[event.table]
        try:
            after = self.game.play(table, self.game.record(event.record))
            self._check_drawn(table, event.record)
        except DealError as exc:
            code = ErrorCode.FINISHED if table.finished else ErrorCode.REJECTED
            raise TournamentError.of_deal(exc, code) from None
        assert after.last is not None  # play scored the deal
        self.deals[event.table].append(
            RecordedDeal(event.deal, dict(event.record), "table", deal_id=event.deal_id)
        )
        self.changes[event.table].append(after.last)
        self.dealers[event.table].append(table.dealer)
        self._tables[event.table] = after
        self.deal_ids[(event.table, event.deal_id)] = (event.table, event.deal)
        if event.recovered:
            self.recovered += 1

    def _draw(self, event: RoundTrumpDrawn) -> None:
        if not self.game.draws_trumps:
            raise TournamentError(
                f"{self.game.title} has no trump drawn for the whole room", ErrorCode.WRONG_FORMAT
            )
        self._check_open()
        if (event.game, event.round) in self.trumps:
            raise TournamentError(f"round {event.round}'s trump is already drawn", ErrorCode.EXISTS)
        try:
            self.game.check_round_trump(event.round, event.trump)
        except DealError as exc:
            raise TournamentError.of_deal(exc) from None
        self.trumps[(event.game, event.round)] = event.trump

    def _check_drawn(self, table: ClubTable, record: Mapping[str, object]) -> None:
        """8-to-1: a trump the table names must be the one the hub drew for its round (EO3);
        a record that names none takes the drawn one."""
        info = self.game.next_round(table) if self.game.draws_trumps else None
        was_drawn, drawn = self.next_drawn(table)
        if info is None or not was_drawn:
            return
        named, trump = read_trump(record)
        if named and trump != drawn:
            raise DealError(
                M_("round {round}'s trump is {drawn}, the same at every table, not {named}"),
                round=info.number,
                drawn=trump_name(drawn),
                named=trump_name(trump),
            )

    def _correct(self, event: DealCorrected) -> None:
        self._check_open()
        self._check_table(event.table)
        if not event.reason.strip():
            raise TournamentError("a correction needs a reason", ErrorCode.REASON_REQUIRED)
        deals = list(self.deals[event.table])
        if not 1 <= event.deal <= len(deals) + 1:
            raise TournamentError(
                f"table {event.table} has {len(deals)} deal{'s' if len(deals) != 1 else ''}: "
                f"the leader can correct one of them or enter deal {len(deals) + 1}",
                ErrorCode.WRONG_HAND,
            )
        before = self.recorded(event.table, event.deal)
        entry = RecordedDeal(
            event.deal,
            dict(event.record),
            "leader",
            corrected=before is not None,
            deal_id=before.deal_id if before else None,
            reason=event.reason,
        )
        if before is None:
            deals.append(entry)
        else:
            deals[event.deal - 1] = entry
        table, changes, dealers = self._replay_table(event.table, deals)
        self.deals[event.table] = deals
        self.changes[event.table] = changes
        self.dealers[event.table] = dealers
        self._tables[event.table] = table

    def _replay_table(
        self, number: int, deals: list[RecordedDeal]
    ) -> tuple[ClubTable, list[ScoreChange], list[str]]:
        table = self.game.start(self.spec.settings(number))
        changes, dealers = [], []
        for entry in deals:
            dealers.append(table.dealer)
            try:
                before, table = table, self.game.play(table, self.game.record(entry.record))
                self._check_drawn(before, entry.record)
            except DealError as exc:
                raise TournamentError.of_deal(exc, deal=entry.deal) from None
            assert table.last is not None  # play scored the deal
            changes.append(table.last)
        return table, changes, dealers

    # ------------------------------------------------------------------ as an Occasion
    # What the hub asks of every kind of event (whist/occasion.py).
    running = "a club night"
    other_report = "a military result"
    other_ops = "is for military whist; this is a club night"

    def state_view(self, room: RoomNews) -> State:
        state = night_state(
            self, offline=room.offline, calling=room.calling, call_reasons=room.call_reasons
        )
        return state.model_copy(update={"conflicts": room.conflicts})

    def table_feed(self, table: int, topics: Topics) -> list[tuple[str, bytes]]:
        return [(topics.score(table), club_score_json(self, table))]

    def hall_feed(self, topics: Topics) -> tuple[str, bytes]:
        return topics.night, encode(night_standings(self))

    def changes_feed(self, teams: Iterable[int], topics: Topics) -> list[tuple[str, bytes]]:
        return []  # every batch sends the night's standings whole

    def take(self, table: int, report: Report) -> Taken:
        """A deal from table ``table``'s kiosk: the DealRecorded to record, or the deal held
        already (the same id, or the same record for that deal)."""
        if not isinstance(report, ClubDeal):
            raise TournamentError(f"{self.other_report} {self.other_ops}", ErrorCode.WRONG_FORMAT)
        if report.table != table:
            return Taken(wrong_table=True)
        if (table, report.id) in self.deal_ids:  # ids are per table: another's is not ours
            return Taken(held=self.deal_ids[(table, report.id)][::-1])
        record = report.record.fields()
        if table in self.table_numbers:
            done = self.recorded(table, report.deal)
            if done is not None and dict(done.record) == record:
                return Taken(held=(report.deal, table))
        return Taken(event=DealRecorded(report.id, table, report.deal, record, report.reoffer))

    def headline(self) -> str:
        spec = self.spec
        return (
            f"Club night: {spec.name} ({spec.format.value}, {self.tables} tables, "
            f"{spec.night_length.describe()})"
        )

    def progress(self) -> str:
        ended = ", the night has ended" if self.ended else ""
        return f"{self.total_deals} deals played{ended}"

    def status(self) -> str:
        played = sum(1 for n in self.table_numbers if self.deals[n])
        finished = sum(1 for n in self.table_numbers if self.table(n).finished)
        return (
            f"{self.spec.name}: {self.total_deals} deals, {played}/{self.tables} tables "
            f"playing, {finished} done{', night ended' if self.ended else ''}"
        )


# ---------------------------------------------------------------------------------------------
# What each screen is shown


def club_rules(spec: NightSpec) -> ClubRules:
    game = spec.game
    target = game.start(spec.settings(1)).target
    return ClubRules(
        name=spec.format.value,
        title=game.title,
        language=game.language,
        target=target,
        wins=game.wins,
        length=spec.length.unit,
        length_count=spec.length.count,
        fields=list(game.fields),
        seats=list(game.seats),
        parties=list(game.parties),
        entry=game.entry,
        individual=game.individual,
        ranks_by=list(game.ranks_by),
        rounds=game.plays_in_rounds(spec.house_rules),
        knocks_out=game.knocks_out_in(spec.house_rules),
        house_rules=[
            ClubHouseRule(name=name, says=words.msgid, values=dict(words.values))
            for name, words in game.house_rules_in_force(target, spec.house_rules)
        ],
        name_says=night_name(spec.tables) if spec.named_by_default else None,
    )


def _player(spec: NightSpec, table: int, seat: str) -> Player:
    return Player(seat=seat, name=spec.seats_of(table).players.get(seat, ""))


def _partners(spec: NightSpec, table: int, party: str) -> list[Player]:
    return [_player(spec, table, seat) for seat in _PARTNERS.get(party, (party,))]


def _lines(lines: Iterable[Any]) -> list[ClubLine]:
    return [ClubLine(party=line.party, points=line.points, why=line.why) for line in lines]


def scored_deal(night: ClubNight, table: int, deal: int) -> ClubDealScored:
    """Deal ``deal`` of ``table`` as the night holds it, with what it scored."""
    entry = night.deals[table][deal - 1]
    change = night.changes[table][deal - 1]
    return ClubDealScored(
        deal=entry.deal,
        record=dict(entry.record),
        lines=_lines(change.lines),
        unscored=_lines(change.unscored),
        game_won_by=change.game_won_by,
        rubber_won_by=change.rubber_won_by,
        game_shared_with=list(change.game_shared_with),
        knocked_out=list(change.knocked_out),
        by=entry.by,
        corrected=entry.corrected,
        dealer=night.dealers[table][deal - 1],
        round=_round_of(night, table, deal),
    )


def table_deals(night: ClubNight, table: int) -> TableDeals:
    """Every deal of ``table``, oldest first, and who deals its next one (the ``deals``
    op's answer for one table)."""
    return TableDeals(
        table=table,
        deals=[scored_deal(night, table, n) for n in range(1, len(night.deals[table]) + 1)],
        dealer=night.table(table).dealer,
    )


def _round_of(night: ClubNight, table: int, deal: int) -> int | None:
    """Deal ``deal``'s round in its game, in a game played in rounds: a game won starts the
    next deal at round 1."""
    if not night.game.plays_in_rounds(night.spec.house_rules):
        return None
    number = 1
    for change in night.changes[table][: deal - 1]:
        number = 1 if change.game_won_by is not None else number + 1
    return number


def _places(night: ClubNight, table: int) -> list[ClubPlace]:
    rows = night.standings()
    ranks = [r.rank for r in rows]
    return [
        ClubPlace(party=r.party, rank=r.rank, of=len(rows), shared=ranks.count(r.rank) > 1)
        for r in rows
        if r.table == table
    ]


def club_score(night: ClubNight, table: int) -> ClubScore:
    """What table ``table``'s players are shown: the running score, whose deal it is, the
    last deal and what it scored, and their places once their night is over."""
    spec, state = night.spec, night.table(table)
    deals = night.deals[table]
    finished = state.finished
    return ClubScore(
        table=table,
        night=spec.name,
        rules=club_rules(spec),
        deal=len(deals) + 1,
        dealer=_player(spec, table, state.dealer),
        parties=[
            ClubParty(
                party=party,
                players=_partners(spec, table, party),
                score=state.score_of(party),
                games=state.games_of(party),
                rubber_games=state.rubber_games_of(party),
                rubbers=state.rubbers_of(party),
                points=state.night_points_of(party),
                last_game=_last_game(state, party),
            )
            for party in state.parties
        ],
        last=scored_deal(night, table, len(deals)) if deals else None,
        finished=finished,
        ended=night.ended,
        places=_places(night, table) if finished or night.ended else [],
        seq=night.seq,
        round=_round(night, state),
        game_over=state.game_over,
        stopped=_stopped(night, state),
        played=state.length.played(state),
    )


def _last_game(state: ClubTable, party: str) -> int | None:
    return state.last_game[state.parties.index(party)] if state.last_game else None


def _stopped(night: ClubNight, state: ClubTable) -> bool:
    """The leader ended the night before ``state``'s table played its length (an open
    night has none: ending it is its end)."""
    return night.ended and not state.finished and state.length.unit != Unit.OPEN


def _round(night: ClubNight, state: ClubTable) -> ClubRound | None:
    info = night.game.next_round(state)
    if info is None:
        return None
    drawn, trump = night.next_drawn(state)
    return ClubRound(
        number=info.number,
        cards=info.cards,
        players=list(info.players),
        has_trump=info.has_trump,
        chooses_trump=info.chooses_trump,
        trump=_trump_name(trump) if drawn else None,
    )


def _trump_name(trump: Suit | None) -> TrumpName:
    return cast(TrumpName, trump_name(trump))


def club_score_json(night: ClubNight, table: int) -> bytes:
    return club_score(night, table).model_dump_json().encode("utf-8")


def _games_finished(night: ClubNight, table: int) -> int:
    """The games table ``table`` has finished tonight (a game shared at the top is one)."""
    return sum(1 for change in night.changes[table] if change.game_won_by is not None)


def _room_round(night: ClubNight, rounds: Mapping[int, ClubRound | None]) -> ClubRound | None:
    """8-to-1: the round most tables still playing play next (the later one when as many play
    two), whose trump the hub drew for the whole room (EO3); None in other games."""
    if not night.game.draws_trumps or night.ended:
        return None
    playing = [r for t, r in rounds.items() if r is not None and not night.table(t).finished]
    numbers = [r.number for r in playing]
    if not numbers:
        return None
    number = max(set(numbers), key=lambda n: (numbers.count(n), n))
    return next(r for r in playing if r.number == number)


def _out(night: ClubNight, table: int, party: str, coming: ClubRound | None) -> bool:
    """Whether ``party`` is out of the game in play at ``table`` (Knockout): not among the
    players of its next round (``coming``) while the table and the night go on."""
    if coming is None or night.ended or night.table(table).finished:
        return False
    return party not in coming.players


def night_standings(night: ClubNight) -> NightStandings:
    """The hall's leaderboard: every partnership by wins then points, who is out (Knockout),
    and every table's progress: its round, the game in play, the room's round (8-to-1)."""
    spec = night.spec
    rounds = {t: _round(night, night.table(t)) for t in night.table_numbers}
    room = _room_round(night, rounds)
    return NightStandings(
        night=spec.name,
        rules=club_rules(spec),
        rows=[
            NightRow(
                rank=r.rank,
                table=r.table,
                party=r.party,
                players=_partners(spec, r.table, r.party),
                wins=r.wins,
                games=r.games,
                rubbers=r.rubbers,
                points=r.points,
                out=_out(night, r.table, r.party, rounds[r.table]),
            )
            for r in night.standings()
        ],
        tables=[
            NightTable(
                table=t,
                deals=len(night.deals[t]),
                score=list(night.table(t).score),
                games=list(night.table(t).games),
                finished=night.table(t).finished,
                round=rounds[t],
                game=_games_finished(night, t) + 1,
                game_over=night.table(t).game_over,
                last_game=list(night.table(t).last_game),
                stopped=_stopped(night, night.table(t)),
                played=night.table(t).length.played(night.table(t)),
            )
            for t in night.table_numbers
        ],
        ended=night.ended,
        seq=night.seq,
        trumps={str(n): _trump_name(t) for n, t in night.room_trumps().items()},
        room_round=room,
        room_tables=[
            t
            for t, r in rounds.items()
            if room is not None
            and r is not None
            and r.number == room.number
            and not night.table(t).finished
        ],
    )


def night_state(
    night: ClubNight,
    *,
    offline: list[int] | None = None,
    calling: list[int] | None = None,
    call_reasons: dict[str, str] | None = None,
) -> State:
    """The State of a club night: no hands (hand 0 of 1); ``reported`` the tables that have
    recorded a deal, ``finished`` once the leader has ended the night; ``club`` the rules."""
    played = [t for t in night.table_numbers if night.deals[t]]
    return State(
        tournament=night.spec.name,
        format=night.spec.format.value,
        tables=night.tables,
        hand=0,
        hands=1,
        day=1,
        phase=Phase.CLOSED if night.ended else Phase.PLAYING,
        trump=None,
        reported=played,
        missing=[t for t in night.table_numbers if t not in played],
        offline=offline or [],
        calling=calling or [],
        call_reasons=call_reasons or {},
        finished=night.ended,
        club=club_rules(night.spec),
        recovered=night.recovered,
    )
