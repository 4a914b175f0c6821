"""The two military whist formats: who sits where and what a hand is worth.

Alberta 55 Plus (flags) and Gaspésie (points). Each function here is the whole rule for one
question, so the tournament and the tests share a single reading of the rules
(``docs/rules.md`` explains each decision).

>>> alberta_flags_won(visitor_tricks=8)
1
>>> alberta_flags_won(visitor_tricks=6, revokes_home=1)   # 6 + 2 penalty tricks
1
>>> gaspesie_points(visitor_tricks=13)
(0, 2)
"""

from __future__ import annotations

import enum

TRICKS = 13
START_FLAGS = 12


class Format(enum.Enum):
    """A scoring and movement format."""

    ALBERTA = "alberta"
    GASPESIE = "gaspesie"

    @property
    def seats(self) -> tuple[str, str, str, str]:
        """The format's own seat names, as written on the table cards."""
        return ("A", "B", "X", "Y") if self is Format.ALBERTA else ("C", "1", "2", "3")

    @property
    def stay_at_home(self) -> frozenset[str]:
        """Seats that never travel (the Gaspésie captain)."""
        return frozenset() if self is Format.ALBERTA else frozenset({"C"})

    @property
    def travellers_progress(self) -> bool:
        """Gaspésie travellers move on table to table; Alberta visitors go home each hand."""
        return self is Format.GASPESIE

    def home_pair(self, travellers: tuple[str, str]) -> tuple[str, str]:
        """The two seats that stay at the table while ``travellers`` go out."""
        rest = [s for s in self.seats if s not in travellers]
        return (rest[0], rest[1])


def _check_tricks(visitor_tricks: int, revokes_home: int, revokes_visitors: int) -> None:
    if not 0 <= visitor_tricks <= TRICKS:
        raise ValueError(f"visitor tricks must be 0 to 13 (got {visitor_tricks})")
    if revokes_home < 0 or revokes_visitors < 0:
        raise ValueError("revokes cannot be negative")


def alberta_visitor_tricks(
    visitor_tricks: int, revokes_home: int = 0, revokes_visitors: int = 0
) -> int:
    """Visitors' tricks after revoke penalties: each revoke gives two tricks to the other side.

    The count stays within 0..13: a side cannot take more tricks than a deal has.
    """
    _check_tricks(visitor_tricks, revokes_home, revokes_visitors)
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


def gaspesie_points(
    visitor_tricks: int,
    revokes_home: int = 0,
    revokes_visitors: int = 0,
    penalty: str | None = None,
) -> tuple[int, int]:
    """Points (home, visitors) for one manche at one table.

    The side with 7 or more tricks wins 1 point for its team, 2 if it took all 13. A side at
    fault (an established revoke, or ``penalty`` = "home"/"visitors" imposed by the leader for
    signalling) loses the manche to the other side whatever the tricks. When both sides are at
    fault the faults cancel and the tricks decide (docs/rules.md, G4).
    """
    _check_tricks(visitor_tricks, revokes_home, revokes_visitors)
    if penalty not in (None, "home", "visitors"):
        raise ValueError(f"penalty side must be 'home' or 'visitors' (got {penalty!r})")
    home_tricks = TRICKS - visitor_tricks
    home_fault = revokes_home > 0 or penalty == "home"
    visitors_fault = revokes_visitors > 0 or penalty == "visitors"
    if home_fault != visitors_fault:
        if home_fault:
            return (0, 2 if visitor_tricks == TRICKS else 1)
        return (2 if home_tricks == TRICKS else 1, 0)
    if visitor_tricks >= 7:
        return (0, 2 if visitor_tricks == TRICKS else 1)
    return (2 if home_tricks == TRICKS else 1, 0)
