"""Alberta 55 Plus military whist: 12 flags per table, visitors win flags, home never does.

>>> alberta_flags_won(visitor_tricks=8)
1
>>> alberta_flags_won(visitor_tricks=6, revokes_home=1)   # 6 + 2 penalty tricks
1
>>> RULES.outcome(visitor_tricks=6, revokes_home=1).why
<OutcomeReason.REVOKES: 'revokes'>
"""

from __future__ import annotations

import math
from typing import ClassVar

from whist.enums import OutcomeReason, Unit
from whist.formats.base import (
    START_FLAGS,
    TRICKS,
    GameFormat,
    HandOutcome,
    Language,
    RevokePenalty,
    ScoreUnit,
    Side,
    TieBreakRule,
    check_tricks,
)
from whist.formats.words import R_, Words

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


def alberta_days(hands: int) -> list[tuple[int, ...]]:
    """A day holds at most 30 hands; the first is split morning/afternoon (15 + 15).

    >>> alberta_days(50)
    [(15, 15), (20,)]
    """
    days: list[tuple[int, ...]] = []
    remaining = hands
    while remaining > 0:
        size = min(30, remaining)
        days.append((size - size // 2, size // 2) if not days and size > 1 else (size,))
        remaining -= size
    return days


def alberta_moves(tables: int, hands: int) -> list[tuple[tuple[str, str], int]]:
    """Visitors go out and come home each hand: the offsets run 1..T-1 round and round, and
    the travelling partnership runs through the six of :data:`PAIRS`, two complementary ones
    (AB then XY: each player travels once) at a time.

    Both cycles together repeat after ``lcm(6, T-1)`` hands; when that is shorter than the
    ``6 (T-1)`` hands it takes a partnership to visit every table once, the same partnership
    would land on the same tables again and again. So each time the pattern would come round
    again the partnership cycle moves one couple on (AB/XY, AX/BY, AY/BX), and, when T-1 is
    even, the two partnerships of each couple trade places. Then no partnership visits a table
    twice before it has visited every table once, and a team never goes to the same table two
    hands running (docs/rules.md, P8).

    >>> [offset for _, offset in alberta_moves(tables=4, hands=7)]
    [1, 2, 3, 1, 2, 3, 1]
    >>> ["".join(pair) for pair, _ in alberta_moves(tables=3, hands=8)]
    ['AB', 'XY', 'AX', 'BY', 'AY', 'BX', 'BY', 'AX']
    """
    span = tables - 1
    repeat = math.lcm(len(PAIRS), span)
    moves = []
    for i in range(hands):
        turn, place = divmod(i, repeat)
        couple, member = divmod(place % len(PAIRS), 2)
        couple = (couple + turn) % 3
        if span % 2 == 0:
            member = (member + turn) % 2
        moves.append((PAIRS[2 * couple + member], i % span + 1))
    return moves


class Alberta(GameFormat):
    name: ClassVar[str] = "alberta"
    title: ClassVar[str] = "Military whist"
    language: ClassVar[Language] = "en"
    wording: ClassVar[str | None] = None
    unit: ClassVar[ScoreUnit] = Unit.FLAGS
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
            why=OutcomeReason.REVOKES if revokes_home or revokes_visitors else OutcomeReason.TRICKS,
        )

    def default_moves(self, tables: int, hands: int) -> list[tuple[tuple[str, str], int]]:
        return alberta_moves(tables, hands)

    def default_days(self, hands: int) -> list[tuple[int, ...]]:
        return alberta_days(hands)

    # ---------------------------------------------------------------- words (issue 22)
    def rules_summary(self) -> tuple[Words, ...]:
        return (
            Words(R_("Every table starts the day with {n} flags."), (("n", self.start_flags),)),
            Words(
                R_(
                    "Visitors with 7 to 9 tricks take 1 flag, 10 to 13 take 2. "
                    "A revoke gives 2 tricks to the other side."
                )
            ),
        )


RULES = Alberta()
