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

from whist import views
from whist.cards import trump_name
from whist.errors import ErrorCode, TournamentError
from whist.movement import resolve_offset
from whist.protocol import (
    CountLine,
    CountsData,
    LeaderDecision,
    LoanLine,
    LoansData,
    PlanData,
    Playoff,
    PlayoffHand,
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
    if t.rules.unit != "flags":
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
    >>> [(c.table, c.status) for c in counts(t).lines]
    [(1, 'not counted'), (2, 'differs'), (3, 'not counted')]
    """
    day = count_day(t, day)
    return CountsData(
        day=day,
        days_ended=len(t.day_flags),
        lines=[count_line(c) for c in t.day_counts(day)],
        verified=t.day_verified(day),
    )


__all__ = ["count_day", "count_line", "counts", "loans", "plan", "ties"]
