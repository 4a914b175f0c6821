"""Alberta 55 Plus military whist: 12 flags per table, visitors win flags, home never does.

>>> alberta_flags_won(visitor_tricks=8)
1
>>> alberta_flags_won(visitor_tricks=6, revokes_home=1)   # 6 + 2 penalty tricks
1
>>> RULES.outcome(visitor_tricks=6, revokes_home=1).why
'revokes'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from whist.formats.base import (
    START_FLAGS,
    TRICKS,
    GameFormat,
    HandOutcome,
    Language,
    RevokePenalty,
    Side,
    TieBreakRule,
    Unit,
    check_tricks,
)

if TYPE_CHECKING:
    from whist.spec import DaySpec, HandPlan

#: The travelling partnership rotates through all six (AB, XY, AX, BY, AY, BX).
PAIRS: tuple[tuple[str, str], ...] = (
    ("A", "B"),
    ("X", "Y"),
    ("A", "X"),
    ("B", "Y"),
    ("A", "Y"),
    ("B", "X"),
)


def alberta_visitor_tricks(
    visitor_tricks: int, revokes_home: int = 0, revokes_visitors: int = 0
) -> int:
    """Visitors' tricks after revoke penalties: each revoke gives two tricks to the other side.

    The count stays within 0..13: a side cannot take more tricks than a deal has.
    """
    check_tricks(visitor_tricks, revokes_home, revokes_visitors)
    adjusted = visitor_tricks + 2 * revokes_home - 2 * revokes_visitors
    return max(0, min(TRICKS, adjusted))


def alberta_flags_won(visitor_tricks: int, revokes_home: int = 0, revokes_visitors: int = 0) -> int:
    """Flags the visitors carry home: 7-9 tricks take 1, 10-13 take 2; home never wins flags."""
    tricks = alberta_visitor_tricks(visitor_tricks, revokes_home, revokes_visitors)
    if tricks >= 10:
        return 2
    if tricks >= 7:
        return 1
    return 0


def alberta_days(hands: int) -> tuple[DaySpec, ...]:
    """A day holds at most 30 hands; the first is split morning/afternoon (15 + 15)."""
    from whist.spec import DaySpec

    days: list[DaySpec] = []
    remaining = hands
    while remaining > 0:
        size = min(30, remaining)
        sessions = (size - size // 2, size // 2) if not days and size > 1 else (size,)
        days.append(DaySpec(hands=size, sessions=sessions))
        remaining -= size
    return tuple(days)


def alberta_pattern(
    tables: int, hands: int = 30, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """Visitors go out and come home each hand; offsets cycle, shifted one step each cycle so a
    given partnership does not always land on the same table."""
    from whist.spec import HandPlan, planned_trump

    span = tables - 1
    return tuple(
        HandPlan(
            hand=i + 1,
            travellers=PAIRS[i % len(PAIRS)],
            offset=(i + i // span) % span + 1,
            trump=planned_trump(i, leader_chooses_trump),
        )
        for i in range(hands)
    )


class Alberta(GameFormat):
    name: ClassVar[str] = "alberta"
    title: ClassVar[str] = "Military whist"
    language: ClassVar[Language] = "en"
    wording: ClassVar[str | None] = None
    unit: ClassVar[Unit] = "flags"
    seats: ClassVar[tuple[str, ...]] = ("A", "B", "X", "Y")
    travellers_progress: ClassVar[bool] = False
    default_hands: ClassVar[int] = 30
    start_flags: ClassVar[int] = START_FLAGS
    lends_flags: ClassVar[bool] = True
    tie_break: ClassVar[TieBreakRule] = "playoff"
    revoke_penalty: ClassVar[RevokePenalty] = "two_tricks"

    def outcome(
        self,
        visitor_tricks: int,
        revokes_home: int = 0,
        revokes_visitors: int = 0,
        penalty: Side | None = None,
    ) -> HandOutcome:
        counted = alberta_visitor_tricks(visitor_tricks, revokes_home, revokes_visitors)
        return HandOutcome(
            flags=alberta_flags_won(visitor_tricks, revokes_home, revokes_visitors),
            counted_visitor_tricks=counted,
            why="revokes" if revokes_home or revokes_visitors else "tricks",
        )

    def default_plan(
        self, tables: int, hands: int, *, leader_chooses_trump: bool
    ) -> tuple[tuple[HandPlan, ...], tuple[DaySpec, ...]]:
        pattern = alberta_pattern(tables, hands, leader_chooses_trump=leader_chooses_trump)
        return pattern, alberta_days(hands)


RULES = Alberta()
