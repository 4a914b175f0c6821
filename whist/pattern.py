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

__all__ = [
    "ALBERTA_PAIRS",
    "DEFAULT_HANDS",
    "GASPESIE_TRAVELLERS",
    "TRUMP_CYCLE",
    "alberta_pattern",
    "default_spec",
    "gaspesie_pattern",
]

from whist.formats import Format
from whist.formats.alberta import PAIRS as ALBERTA_PAIRS
from whist.formats.gaspesie import TRAVELLERS as GASPESIE_TRAVELLERS
from whist.spec import (
    TRUMP_CYCLE,
    DaySpec,
    HandPlan,
    TeamSpec,
    TournamentSpec,
    load_spec,
    planned_trump,
)

DEFAULT_HANDS = {fmt: fmt.rules.default_hands for fmt in Format.military()}


def plans(
    fmt: Format, tables: int, hands: int, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """The format's built-in pattern as hand plans, the trump cycling (or the leader's)."""
    return tuple(
        HandPlan(
            hand=i + 1,
            travellers=travellers,
            offset=offset,
            trump=planned_trump(i, leader_chooses_trump),
        )
        for i, (travellers, offset) in enumerate(fmt.rules.default_moves(tables, hands))
    )


def alberta_pattern(
    tables: int, hands: int = 30, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """Alberta's built-in pattern (visitors go out and come home each hand)."""
    return plans(Format.ALBERTA, tables, hands, leader_chooses_trump=leader_chooses_trump)


def gaspesie_pattern(
    tables: int, manches: int = 24, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """Gaspésie's built-in pattern (travellers progress one table each manche)."""
    return plans(Format.GASPESIE, tables, manches, leader_chooses_trump=leader_chooses_trump)


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
    rules = fmt.rules
    count = rules.default_hands if hands is None else hands
    if tables < 3:
        raise ValueError("a military whist tournament needs at least 3 tables")
    if count < 1:
        raise ValueError("a tournament needs at least 1 hand")
    pattern = plans(fmt, tables, count, leader_chooses_trump=leader_chooses_trump)
    days = tuple(
        DaySpec(hands=sum(sessions), sessions=sessions) for sessions in rules.default_days(count)
    )
    teams = tuple(
        TeamSpec(table=t, name=f"Team {t}", players={seat: "" for seat in fmt.seats})
        for t in range(1, tables + 1)
    )
    title = name or f"{rules.title}, {tables} tables"
    spec = TournamentSpec(
        name=title, format=fmt, tables=tables, teams=teams, days=days, pattern=pattern
    )
    return load_spec(spec.to_dict())  # the same checks a hand-edited file goes through
