"""What each screen is told: protocol messages built from the tournament or its pattern.

>>> from whist.pattern import default_spec
>>> first = schedule(default_spec("alberta", tables=5))[0]
>>> first[0].table, first[0].visitors.team, first[0].away.table
(1, 5, 2)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from whist.cards import trump_name
from whist.formats import START_FLAGS, Format
from whist.movement import host_table, visiting_team
from whist.protocol import Assignment, Away, Side, Standings, State
from whist.spec import TournamentSpec
from whist.tournament import WAITING, Tournament


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
    start_flags = START_FLAGS if spec.format is Format.ALBERTA else 0
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
    if t.phase == WAITING and t.hand < t.spec.hands:
        return t.hand + 1
    return max(t.hand, 1)


def assignment(t: Tournament, table: int) -> Assignment:
    """Table ``table``'s Assignment now."""
    hand = shown_hand(t)
    started = hand in t.trumps
    trump = trump_name(t.trumps[hand]) if started else _planned_trump(t.spec, hand)
    alberta = t.format is Format.ALBERTA
    return table_assignment(
        t.spec,
        hand,
        table,
        phase=t.phase if started else WAITING,
        trump=trump,
        day=t.spec.day_of(hand),
        flags=t.flags_held(table) if alberta else 0,
        points=0 if alberta else t.score(table),
    )


class AssignmentWriter:
    """Assignment JSON for one table, quickly: within one hand and phase everything but the
    flags and points is fixed, so each table's message is worked out once and only the two
    numbers are filled in afterwards (a hub republishes hundreds of assignments a second).

    >>> from whist.pattern import default_spec
    >>> t = Tournament.new(default_spec("alberta", tables=3))
    >>> AssignmentWriter().json(t, 2) == encode(assignment(t, 2))
    True
    """

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._fixed: dict[int, dict[str, Any]] = {}

    def json(self, t: Tournament, table: int) -> bytes:
        hand = shown_hand(t)
        key = (id(t), hand, t.phase, t.trumps.get(hand, "not started"))
        if key != self._key:
            self._key, self._fixed = key, {}
        fixed = self._fixed.get(table)
        if fixed is None:
            fixed = self._fixed[table] = assignment(t, table).model_dump(mode="json")
        alberta = t.format is Format.ALBERTA
        body = {
            **fixed,
            "flags": t.flags_held(table) if alberta else 0,
            "points": 0 if alberta else t.score(table),
        }
        return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


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
    )


def _standings_rows(t: Tournament) -> list[dict[str, Any]]:
    alberta = t.format is Format.ALBERTA
    return [
        {
            "team": s.team,
            "name": s.name,
            "flags": s.score if alberta else 0,
            "points": 0 if alberta else s.score,
            "day_totals": list(s.day_totals),
            "loans": s.loans,
            "rank": s.rank,
        }
        for s in t.standings()
    ]


def standings(t: Tournament) -> Standings:
    """The Standings message, ordered by rank."""
    return Standings(v=1, hand=t.hand, day=t.day, seq=t.events, teams=_standings_rows(t))


def standings_json(t: Tournament) -> bytes:
    """The same message as ``encode(standings(t))``, written straight to JSON.

    A hub of 500 tables publishes standings many times a second; building and validating
    500 models each time cost more than the rest of handling a result (bench/).
    """
    body = {"v": 1, "hand": t.hand, "day": t.day, "teams": _standings_rows(t), "seq": t.events}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def standings_changes_json(t: Tournament, teams: Iterable[int]) -> bytes:
    """A StandingsChanges message for ``teams`` (their scores now), as JSON."""
    alberta = t.format is Format.ALBERTA
    totals = t.all_day_totals()
    rows = []
    for team in sorted(teams):
        score = sum(totals[team]) if alberta else t.points[team]
        rows.append({
            "team": team,
            "flags": score if alberta else 0,
            "points": 0 if alberta else score,
            "day_totals": list(totals[team]),
            "loans": t.loans[team] if alberta else 0,
        })
    body = {"v": 1, "hand": t.hand, "day": t.day, "seq": t.events, "teams": rows}
    return json.dumps(body, separators=(",", ":")).encode("utf-8")
