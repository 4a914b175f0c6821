"""Built-in patterns of play, for any number of tables from 3 up.

* Alberta, 30 hands: one day, 15 in the morning and 15 in the afternoon.
* Alberta, 50 hands: day 1 as above, day 2 the remaining 20 (provincial finals).
* Gaspésie, 24 manches in one sitting.

Balance: the offsets run through 1..T-1 again and again, so once there are at least T-1 hands
every team visits every other table equally often (±1). Alberta rotates the travelling pair
through all six partnerships (AB, XY, AX, BY, AY, BX), so each player travels half the hands
(±1) and plays with each teammate. The Gaspésie captain stays home and takes players 2, 3, 1
as partner in turn; the other two travel and progress one table each manche.

>>> [p.offset for p in alberta_pattern(tables=4, hands=7)]
[1, 2, 3, 2, 3, 1, 3]
>>> [p.travellers for p in gaspesie_pattern(tables=5, manches=3)]
[('1', '3'), ('1', '2'), ('2', '3')]
"""

from __future__ import annotations

from whist.formats import Format
from whist.movement import progression
from whist.spec import DaySpec, HandPlan, TeamSpec, TournamentSpec, TrumpPlan, load_spec

ALBERTA_PAIRS: tuple[tuple[str, str], ...] = (
    ("A", "B"),
    ("X", "Y"),
    ("A", "X"),
    ("B", "Y"),
    ("A", "Y"),
    ("B", "X"),
)
#: The captain's partner cycles 2, 3, 1; the other two players travel.
GASPESIE_TRAVELLERS: tuple[tuple[str, str], ...] = (("1", "3"), ("1", "2"), ("2", "3"))
TRUMP_CYCLE: tuple[TrumpPlan, ...] = ("spades", "hearts", "diamonds", "clubs")

DEFAULT_HANDS = {Format.ALBERTA: 30, Format.GASPESIE: 24}


def _trump(index: int, leader_chooses: bool) -> TrumpPlan:
    return "leader" if leader_chooses else TRUMP_CYCLE[index % len(TRUMP_CYCLE)]


def alberta_pattern(
    tables: int, hands: int = 30, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """Visitors go out and come home each hand; offsets cycle, shifted one step each cycle so a
    given partnership does not always land on the same table."""
    span = tables - 1
    plans = []
    for i in range(hands):
        offset = (i + i // span) % span + 1
        plans.append(
            HandPlan(
                hand=i + 1,
                travellers=ALBERTA_PAIRS[i % len(ALBERTA_PAIRS)],
                offset=offset,
                trump=_trump(i, leader_chooses_trump),
            )
        )
    return tuple(plans)


def gaspesie_pattern(
    tables: int, manches: int = 24, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """Travellers progress one table each manche, skipping their own table."""
    return tuple(
        HandPlan(
            hand=i + 1,
            travellers=GASPESIE_TRAVELLERS[i % len(GASPESIE_TRAVELLERS)],
            offset=offset,
            trump=_trump(i, leader_chooses_trump),
        )
        for i, offset in enumerate(progression(manches, tables))
    )


def alberta_days(hands: int) -> tuple[DaySpec, ...]:
    """A day holds at most 30 hands; the first is split morning/afternoon (15 + 15)."""
    days: list[DaySpec] = []
    remaining = hands
    while remaining > 0:
        size = min(30, remaining)
        sessions = (size - size // 2, size // 2) if not days and size > 1 else (size,)
        days.append(DaySpec(hands=size, sessions=sessions))
        remaining -= size
    return tuple(days)


def default_spec(
    format: str | Format,
    tables: int,
    hands: int | None = None,
    *,
    name: str | None = None,
    leader_chooses_trump: bool = False,
) -> TournamentSpec:
    """A complete, valid tournament with placeholder team and player names."""
    fmt = Format(format)
    count = DEFAULT_HANDS[fmt] if hands is None else hands
    if tables < 3:
        raise ValueError("a military whist tournament needs at least 3 tables")
    if count < 1:
        raise ValueError("a tournament needs at least 1 hand")
    if fmt is Format.ALBERTA:
        pattern = alberta_pattern(tables, count, leader_chooses_trump=leader_chooses_trump)
        days = alberta_days(count)
    else:
        pattern = gaspesie_pattern(tables, count, leader_chooses_trump=leader_chooses_trump)
        days = (DaySpec(hands=count, sessions=(count,)),)
    teams = tuple(
        TeamSpec(table=t, name=f"Team {t}", players={seat: "" for seat in fmt.seats})
        for t in range(1, tables + 1)
    )
    title = (
        name
        or f"{'Military whist' if fmt is Format.ALBERTA else 'Whist militaire'}, {tables} tables"
    )
    spec = TournamentSpec(
        name=title, format=fmt, tables=tables, teams=teams, days=days, pattern=pattern
    )
    return load_spec(spec.to_dict())  # the same checks a hand-edited file goes through
