"""What the printed sheets show, computed from the tournament: the paper's views.

The hub's sheets (``hub/sheets.py``) only lay these out and put the words around them; every
number and name a volunteer reads on paper comes from here.

* :func:`rotation_pages`: one page per table per session (Alberta's morning and afternoon,
  Gaspésie's one sitting): for every hand, the trump, who plays at this table, where this
  table's travellers go.
* :func:`results_pages`: one page per hand, one row per table, with the home team's and the
  visitors' names and the result where the tournament has one.

>>> from whist.pattern import default_spec
>>> pages = rotation_pages(default_spec("alberta", tables=3, hands=30))
>>> len(pages), pages[0].table, pages[0].session, [r.hand for r in pages[1].rows][:2]
(6, 1, 1, [16, 17])
>>> row = pages[0].rows[0]
>>> row.visitors.team, row.travellers_go_to, [p.seat for p in row.home]
(3, 2, ['X', 'Y'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from whist.cards import trump_name
from whist.movement import host_table, visiting_team
from whist.spec import TournamentSpec
from whist.tournament import Tournament

__all__ = [
    "Pair",
    "Player",
    "ResultsPage",
    "ResultsRow",
    "RotationPage",
    "RotationRow",
    "results_pages",
    "rotation_pages",
    "short_names",
]


@dataclass(frozen=True)
class Player:
    """A seat of a team, the name the tournament file gives it ("" when it has none) and
    the shorter name a crowded line uses: the first name, when no teammate shares it.

    >>> Player("A", "Eleanor Whitfield", "Eleanor").short
    'Eleanor'
    """

    seat: str
    name: str
    short: str = ""

    def __post_init__(self) -> None:
        if not self.short:
            object.__setattr__(self, "short", self.name)


@dataclass(frozen=True)
class Pair:
    """Two players of one team: a home pair, a visiting pair, travellers."""

    team: int
    team_name: str
    players: tuple[Player, Player]


@dataclass(frozen=True)
class RotationRow:
    """One hand at one table: trump (``spades``… ``none``, or ``leader`` to be announced),
    the home pair, the visiting pair, and this table's travellers with where they go."""

    hand: int
    trump: str
    home: tuple[Player, Player]
    visitors: Pair
    travellers: tuple[Player, Player]
    travellers_go_to: int


@dataclass(frozen=True)
class RotationPage:
    """One table's sheet for one session of one day."""

    table: int
    team_name: str
    players: tuple[Player, ...]
    day: int
    days: int
    session: int
    sessions: int
    hands: int  # of the whole tournament
    rows: tuple[RotationRow, ...]

    @property
    def first_hand(self) -> int:
        return self.rows[0].hand

    @property
    def last_hand(self) -> int:
        return self.rows[-1].hand


@dataclass(frozen=True)
class ResultsRow:
    """One table in one hand: who plays there and, once known, what counts."""

    table: int
    home_team_name: str
    visitors: Pair
    visitor_tricks: int | None = None
    home_tricks: int | None = None
    revokes_home: int | None = None
    revokes_visitors: int | None = None
    flags_to_visitors: int | None = None
    home_points: int | None = None
    visitor_points: int | None = None
    by_leader: bool = False  # the table never sent it: the leader entered it
    entered_why: str = ""  # the leader's reason for entering it
    corrections: tuple[str, ...] = ()  # the reasons of every correction after that
    penalty_side: str | None = None  # "home" | "visitors"
    penalty_reason: str = ""

    @property
    def recorded(self) -> bool:
        return self.visitor_tricks is not None


@dataclass(frozen=True)
class ResultsPage:
    """Every table's result for one hand."""

    hand: int
    hands: int
    trump: str
    day: int
    days: int
    rows: tuple[ResultsRow, ...]


def short_names(names: dict[str, str]) -> dict[str, str]:
    """Each seat's first name, or the whole name where two teammates share a first name.

    >>> short_names({"A": "Anne Roy", "B": "Anne Côté", "X": "Bob Dion", "Y": ""})
    {'A': 'Anne Roy', 'B': 'Anne Côté', 'X': 'Bob', 'Y': ''}
    """
    first = {seat: name.split()[0] if name.split() else "" for seat, name in names.items()}
    taken = [f for f in first.values() if f]
    return {
        seat: first[seat] if taken.count(first[seat]) == 1 else name.strip()
        for seat, name in names.items()
    }


def _players(spec: TournamentSpec, team: int, seats: tuple[str, ...]) -> tuple[Player, ...]:
    names = spec.team(team).players
    short = short_names({seat: names.get(seat, "") for seat in spec.format.seats})
    return tuple(Player(seat, names.get(seat, "").strip(), short[seat]) for seat in seats)


def _two(players: tuple[Player, ...]) -> tuple[Player, Player]:
    first, second = players
    return first, second


def _trump(spec: TournamentSpec, hand: int) -> str:
    plan = spec.plan(hand)
    if plan.leader_chooses_trump:
        return "leader"
    return trump_name(plan.trump_suit)


def rotation_pages(spec: TournamentSpec) -> tuple[RotationPage, ...]:
    """Every table's pages, table by table, each table's sessions in order."""
    fmt = spec.format
    pages = []
    for table in range(1, spec.tables + 1):
        team = spec.team(table)
        first = 1
        for day_number, day in enumerate(spec.days, start=1):
            sizes = day.sessions or (day.hands,)
            for session, size in enumerate(sizes, start=1):
                rows = []
                for hand in range(first, first + size):
                    plan = spec.plan(hand)
                    visitor = visiting_team(table, plan.offset, spec.tables)
                    rows.append(
                        RotationRow(
                            hand=hand,
                            trump=_trump(spec, hand),
                            home=_two(_players(spec, table, fmt.home_pair(plan.travellers))),
                            visitors=Pair(
                                visitor,
                                spec.team(visitor).name,
                                _two(_players(spec, visitor, plan.travellers)),
                            ),
                            travellers=_two(_players(spec, table, plan.travellers)),
                            travellers_go_to=host_table(table, plan.offset, spec.tables),
                        )
                    )
                pages.append(
                    RotationPage(
                        table=table,
                        team_name=team.name,
                        players=_players(spec, table, fmt.seats),
                        day=day_number,
                        days=len(spec.days),
                        session=session,
                        sessions=len(sizes),
                        hands=spec.hands,
                        rows=tuple(rows),
                    )
                )
                first += size
    return tuple(pages)


def results_pages(
    spec: TournamentSpec, tournament: Tournament | None = None
) -> tuple[ResultsPage, ...]:
    """One page per hand; a table's row is filled in where the tournament has its result."""
    t = tournament
    pages = []
    for hand in range(1, spec.hands + 1):
        plan = spec.plan(hand)
        trump = _trump(spec, hand)
        if t is not None and hand in t.trumps:
            trump = trump_name(t.trumps[hand])
        rows = []
        for table in range(1, spec.tables + 1):
            visitor = visiting_team(table, plan.offset, spec.tables)
            pair = Pair(
                visitor, spec.team(visitor).name, _two(_players(spec, visitor, plan.travellers))
            )
            row = ResultsRow(table, spec.team(table).name, pair)
            r = t.result(hand, table) if t is not None else None
            penalty = t.penalties.get((hand, table)) if t is not None else None
            if r is not None:
                row = ResultsRow(
                    table,
                    row.home_team_name,
                    pair,
                    visitor_tricks=r.visitor_tricks,
                    home_tricks=r.home_tricks,
                    revokes_home=r.revokes_home,
                    revokes_visitors=r.revokes_visitors,
                    flags_to_visitors=r.flags_won,
                    home_points=r.home_points,
                    visitor_points=r.visitor_points,
                    by_leader=r.result_id is None,
                    entered_why=r.corrections[0] if r.result_id is None else "",
                    corrections=tuple(r.corrections[1 if r.result_id is None else 0 :]),
                )
            if penalty is not None:
                row = replace(row, penalty_side=penalty.side, penalty_reason=penalty.reason)
            rows.append(row)
        pages.append(
            ResultsPage(hand, spec.hands, trump, spec.day_of(hand), len(spec.days), tuple(rows))
        )
    return tuple(pages)
