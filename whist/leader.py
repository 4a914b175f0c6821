"""What the leader's console is told: the answers to its ``plan`` and ``ties`` queries,
computed from the tournament (pure functions; the hub only sends them).

The console lays these out and works nothing out itself: where a hand falls in its day
(:meth:`~whist.spec.TournamentSpec.session_of`), which teams are level, and the backward
count that separates them (:meth:`~whist.tournament.Tournament.countback`, the same figures
the standings are ordered by).

>>> from whist.pattern import default_spec
>>> t = Tournament.new(default_spec("alberta", tables=3, hands=2))
>>> plan(t, 1).session, ties(t).finished
(1, False)
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from whist import views
from whist.cards import Suit, trump_name
from whist.enums import Unit
from whist.errors import ErrorCode, TournamentError
from whist.events import ResultCorrected, TieBreakHandPlayed
from whist.formats import TRICKS
from whist.movement import resolve_offset
from whist.protocol import (
    ClubRules,
    Correct,
    CountLine,
    CountsData,
    LeaderDecision,
    LoanLine,
    LoansData,
    PlaceMove,
    PlanData,
    Playoff,
    PlayoffHand,
    PreviewData,
    Result,
    ScoreMove,
    TeamStanding,
    TieBreakResult,
    TieGroup,
    TiesData,
    TrumpName,
)
from whist.tournament import TableCount, TieBreak, Tournament


def _trump(text: str) -> TrumpName:
    # trump_name only ever gives one of the wire's names.
    return text  # type: ignore[return-value]


def plan(t: Tournament, hand: int | None = None) -> PlanData:
    """What the pattern says for ``hand`` (the next one by default): who travels, how far,
    the trump, and where the hand falls in its day."""
    spec = t.spec
    hand = hand if hand is not None else t.next_hand()
    if hand > spec.hands:
        raise TournamentError(
            f"all {spec.hands} hands of the pattern have been started", ErrorCode.FINISHED
        )
    planned = spec.plan(hand)
    day = spec.day_of(hand)
    session = spec.session_of(hand)
    started = hand in t.trumps
    trump: TrumpName | None
    if started:
        trump = _trump(trump_name(t.trumps[hand]))
    else:
        trump = None if planned.leader_chooses_trump else planned.trump  # type: ignore[assignment]
    previous = spec.plan(hand - 1) if hand > 1 and spec.day_of(hand - 1) == day else None
    return PlanData(
        hand=hand,
        hands=spec.hands,
        day=day,
        days=len(spec.days),
        session=session.number,
        sessions=session.sessions,
        first_of_session=hand == session.first_hand,
        travellers=list(planned.travellers),
        home=list(t.format.home_pair(planned.travellers)),
        offset=resolve_offset(planned.offset, t.tables),
        previous_offset=(
            resolve_offset(previous.offset, t.tables) if previous is not None else None
        ),
        previous_travellers=list(previous.travellers) if previous is not None else None,
        trump=trump,
        leader_chooses=planned.leader_chooses_trump and not started,
        started=started,
        end_day_first=not started and day > t.day and not t.day_ended,
    )


def _playoff(tb: TieBreak) -> Playoff:
    entry: dict[str, object] = {
        "order": list(tb.order),
        "played": [
            PlayoffHand(
                teams=list(h.teams), tricks=list(h.tricks), trump=_trump(trump_name(h.trump))
            )
            for h in tb.hands
        ],
    }
    if tb.draws:
        entry["draws"] = {str(team): card for team, card in tb.draws.items()}
    if tb.knockout:
        entry["knockout"] = True
    if tb.second:
        entry["second_played_off"] = True
    if tb.decided:
        entry["final"] = list(tb.final_order())
        entry["places"] = {str(team): place for team, place in tb.places().items()}
    else:
        entry["next"] = list(tb.next_pairing() or ())
        entry["trump"] = trump_name(tb.trump)
        entry["for_second"] = tb.for_second
    # Only what is set here is sent: a running playoff has no "final", a done one no "next".
    return Playoff.model_validate(entry)


def ties(t: Tournament) -> TiesData:
    """Teams level on score, and what separates them: the playoffs (a format whose
    ``tie_break`` is ``"playoff"``) or the backward count (``"countback"``)."""
    standings = t.standings()
    by_score: dict[int, list[int]] = {}
    ranks: dict[int, set[int]] = {}
    for s in standings:
        by_score.setdefault(s.score, []).append(s.team)
        ranks.setdefault(s.score, set()).add(s.rank)
    # a knockout's losers of one round share a place (A17): its group is still decided
    played = {frozenset(tb.order) for tb in t.tiebreaks if tb.decided}
    groups = [
        TieGroup(
            score=score,
            teams=sorted(teams),
            decided=len(ranks[score]) == len(teams) or frozenset(teams) in played,
        )
        for score, teams in by_score.items()
        if len(teams) > 1
    ]
    finished = t.finished
    if t.rules.tie_break == "countback":
        back = t.countback()
        tied = sorted({team for g in groups for team in g.teams})
        return TiesData(
            format=t.format.value,
            finished=finished,
            groups=groups,
            current=None,
            done=[],
            # The total now, then the core's count back: the key the standings sort by.
            backcount={str(team): [t.score(team), *back[team]] for team in tied},
            backcount_hands=list(range(t.hand, 0, -1)),
            undecided=[list(g) for g in t.countback_level()] if finished else None,
            decisions=[
                LeaderDecision(teams=list(d.teams), reason=d.reason) for d in t.decisions_in_force()
            ],
        )
    current: Playoff | None = None
    done: list[Playoff] = []
    for tb in t.tiebreaks:
        if tb.decided:
            done.append(_playoff(tb))
        else:
            current = _playoff(tb)
    return TiesData(
        format=t.format.value,
        finished=finished,
        groups=groups,
        current=current,
        done=done,
    )


def loans(t: Tournament) -> LoansData:
    """The loan ledger: every loan of the tournament, oldest first, and what the leader has
    still to bring to each table (the hub's automatic loans of the day in play)."""
    return LoansData(
        loans=[
            LoanLine(
                day=line.day,
                hand=line.hand,
                table=line.table,
                flags=line.flags,
                automatic=line.automatic,
                brought=line.brought,
                returned=line.returned,
            )
            for line in t.loan_ledger()
        ],
        to_bring=views.to_bring(t),
    )


def count_day(t: Tournament, day: int | None) -> int:
    """``day``, or the last day ended; TournamentError when it has not ended."""
    if t.rules.unit != Unit.FLAGS:
        raise TournamentError(
            "only flag tournaments have their flags counted", ErrorCode.WRONG_FORMAT
        )
    ended = len(t.day_flags)
    if day is None:
        day = ended
    if not 1 <= day <= ended:
        raise TournamentError(
            "no day has ended yet: the flags are counted at the end of the day"
            if not ended
            else f"day {day} has not ended: the flags are counted at the end of the day",
            ErrorCode.WRONG_DAY,
        )
    return day


def count_line(count: TableCount) -> CountLine:
    """One table's count as the wire has it (``counted`` and ``accepted`` sent once counted;
    ``hub_before`` once the leader accepted a count)."""
    if count.counted is None:
        return CountLine(table=count.table, hub=count.hub, status=count.status)
    line = CountLine(
        table=count.table,
        hub=count.hub,
        counted=count.counted,
        status=count.status,
        accepted=list(count.accepted),
    )
    if count.hub_before:  # (ext) only once the leader accepted a count
        line = line.model_copy(update={"hub_before": list(count.hub_before)})
    return line


def counts(t: Tournament, day: int | None = None) -> CountsData:
    """The verifiers' counts at the end of ``day`` (the last day ended by default), table by
    table, against the hub's (decision A15).

    >>> from whist.pattern import default_spec
    >>> from whist.events import DayEnded, FlagsCounted, HandStarted
    >>> t = Tournament.new(default_spec("alberta", tables=3, hands=1))
    >>> for e in (HandStarted(1, None), DayEnded(1), FlagsCounted(1, 2, 11)):
    ...     t.apply(e)
    >>> [(c.table, str(c.status)) for c in counts(t).lines]
    [(1, 'not counted'), (2, 'differs'), (3, 'not counted')]
    """
    day = count_day(t, day)
    return CountsData(
        day=day,
        days_ended=len(t.day_flags),
        lines=[count_line(c) for c in t.day_counts(day)],
        verified=t.day_verified(day),
    )


# ---------------------------------------------------------------- figures the console reads
def playoff_bout(teams: Sequence[int], first_tricks: int) -> tuple[int, int]:
    """A playoff hand's (winner, loser): ``teams[0]`` took ``first_tricks`` of the 13, and a
    majority wins (rules A9, as :class:`~whist.tournament.Tournament` plays the ladder).

    >>> playoff_bout([3, 5], 7), playoff_bout([3, 5], 6)
    ((3, 5), (5, 3))
    """
    a, b = teams
    return (a, b) if first_tricks > TRICKS // 2 else (b, a)


#: How a playoff's order is played: three teams, the last waiting for the winner ("bye");
#: four or more, by the draw in a knockout bracket ("bracket", rules A17); two, or the A9
#: ladder ("ladder").
PlayoffShape = Literal["bye", "bracket", "ladder"]


def playoff_shape(playoff: Playoff) -> PlayoffShape:
    """How ``playoff``'s order is played, as the console tells it under the draw.

    >>> playoff_shape(Playoff(order=[4, 2, 7], played=[]))
    'bye'
    """
    if len(playoff.order) == 3:
        return "bye"
    return "bracket" if playoff.knockout else "ladder"


def day_order(teams: Iterable[TeamStanding]) -> list[TeamStanding]:
    """The teams as the end of the day lists them: most flags (or points) today first, then
    by team number.

    >>> rows = [TeamStanding(team=n, name=f"Table {n}", flags=0, points=0, day_totals=[d],
    ...                      loans=0, rank=1) for n, d in ((1, 9), (2, 14), (3, 9))]
    >>> [t.team for t in day_order(rows)]
    [2, 1, 3]
    """
    return sorted(teams, key=lambda t: (-(t.day_totals[-1] if t.day_totals else 0), t.team))


def each_for_oneself(club: ClubRules) -> bool:
    """A club game played each for oneself: its parties are its seats, not partnerships (its
    deals are told and corrected by player).

    >>> same = dict(title="", language="en", target=0, wins="games", length="open", fields=[])
    >>> each_for_oneself(ClubRules(name="widow", seats=["1", "2", "3"], parties=["1", "2", "3"],
    ...                            **same))
    True
    >>> each_for_oneself(ClubRules(name="english", seats=list("NESW"), parties=["NS", "EW"],
    ...                            **same))
    False
    """
    return set(club.parties) <= set(club.seats)


@dataclass(frozen=True)
class LoanFigures:
    """A loan as the leader records it (rule A11): of the ``flags`` carried to a table, the
    ``brought`` that settle what the hub lent it already (``due``), and the ``lent`` on top.

    >>> loan_figures(due=2, flags=5)
    LoanFigures(due=2, flags=5, brought=2, lent=3)
    """

    due: int
    flags: int
    brought: int
    lent: int


def loan_figures(due: int, flags: int) -> LoanFigures:
    """What recording ``flags`` for a table the hub lent ``due`` flags does (rule A11)."""
    brought = min(due, flags)
    return LoanFigures(due=due, flags=flags, brought=brought, lent=flags - brought)


def trial(t: Tournament) -> Tournament:
    """A copy of ``t`` to carry a change out on, to see what it would do (:func:`effect`);
    ``t`` itself is never touched."""
    return copy.deepcopy(t)


def effect(before: Tournament, after: Tournament, op: str) -> PreviewData:
    """What a change (``op``) did, from the tournament before it and after it (a
    :func:`trial` the change was carried out on): each team whose score or place moved,
    the teams first before and after, and whether the standings were final before.

    >>> from whist.events import HandClosed, HandStarted, ResultCorrected, ResultRecorded
    >>> from whist.pattern import default_spec
    >>> t = Tournament.new(default_spec("alberta", tables=3, hands=2))
    >>> t.apply(HandStarted(1, None))
    >>> t.apply(ResultRecorded("r1", 1, 1, 5))
    >>> t.apply(HandClosed(1))
    >>> after = trial(t)
    >>> after.apply(ResultCorrected(1, 1, 8, 0, 0, "miscounted"))
    >>> e = effect(t, after, "correct")
    >>> [(m.team, m.before, m.after) for m in e.scores], e.first_before, e.first_after
    ([(1, 12, 11), (3, 12, 13)], [1, 2, 3], [3])
    """
    old = {s.team: s for s in before.standings()}
    new = {s.team: s for s in after.standings()}
    scores = [
        ScoreMove(team=team, name=s.name, before=old[team].score, after=s.score)
        for team, s in sorted(new.items())
        if team in old and old[team].score != s.score
    ]
    places = [
        PlaceMove(team=team, name=s.name, before=old[team].rank, after=s.rank)
        for team, s in sorted(new.items(), key=lambda kv: (kv[1].rank, kv[0]))
        if team in old and old[team].rank != s.rank
    ]
    return PreviewData(
        op=op,
        unit=before.rules.unit,
        scores=scores,
        places=places,
        first_before=sorted(team for team, s in old.items() if s.rank == 1),
        first_after=sorted(team for team, s in new.items() if s.rank == 1),
        final=before.finished,
    )


__all__ = [
    "LoanFigures",
    "PlayoffShape",
    "count_day",
    "count_line",
    "counts",
    "day_order",
    "each_for_oneself",
    "effect",
    "loan_figures",
    "loans",
    "plan",
    "playoff_bout",
    "playoff_shape",
    "ties",
    "trial",
]


# ------------------------------------------------------------------ the leader's results
@dataclass(frozen=True)
class Correction:
    """A leader's correction as a fact to record, and the result it replaces as a table
    would have sent it (None: the table had none), which settles a conflict kept for it."""

    event: ResultCorrected
    replaced: Result | None


def correction(t: Tournament, cmd: Correct) -> Correction:
    """What the leader's ``correct`` comes to, read before it changes anything.

    >>> from whist.events import HandStarted, ResultRecorded
    >>> from whist.pattern import default_spec
    >>> t = Tournament.new(default_spec("alberta", tables=3, hands=1))
    >>> t.apply(HandStarted(1, None))
    >>> t.apply(ResultRecorded("r1", 1, 2, 6))
    >>> cmd = Correct(id="c1", hand=1, table=2, visitor_tricks=8, home_tricks=5,
    ...               revokes={"home": 0, "visitors": 0}, reason=" recount ")
    >>> c = correction(t, cmd)
    >>> c.event.reason, c.replaced.visitor_tricks, c.replaced.id
    ('recount', 6, 'r1')
    """
    event = ResultCorrected(
        cmd.hand,
        cmd.table,
        cmd.visitor_tricks,
        cmd.revokes.home,
        cmd.revokes.visitors,
        cmd.reason.strip(),
    )
    before = t.result(cmd.hand, cmd.table)
    if before is None:
        return Correction(event, None)
    revokes = {"home": before.revokes_home, "visitors": before.revokes_visitors}
    replaced = Result.model_validate(
        {
            "id": before.result_id or "leader",
            "hand": cmd.hand,
            "table": cmd.table,
            "visitor_tricks": before.visitor_tricks,
            "home_tricks": before.home_tricks,
            "revokes": revokes,
        }
    )
    return Correction(event, replaced)


def playoff_hand(
    t: Tournament, cmd: TieBreakResult, cut: Callable[[], tuple[Suit, str]]
) -> tuple[TieBreakHandPlayed, str | None]:
    """What a playoff hand's result comes to: the fact to record, checked, with the next
    hand's trump when another follows (``cut``: the director's cut, (suit, card)); and the
    card cut (None: the tie-break is decided)."""
    tb = t.tiebreak_in_progress()
    if tb is None:
        raise TournamentError("no tie-break is being played", ErrorCode.WRONG_PHASE)
    event = TieBreakHandPlayed(
        (cmd.teams[0], cmd.teams[1]), (cmd.tricks[0], cmd.tricks[1]), tb.trump
    )
    t.check(event)
    if tb.with_hand(event).decided:
        return event, None
    next_trump, card = cut()  # another hand follows: its trump is cut now
    return replace(event, next_trump=next_trump), card
