"""Gaspésie *whist militaire*: points, the captain stays home, travellers progress.

>>> gaspesie_points(visitor_tricks=13)
(0, 2)
>>> RULES.outcome(visitor_tricks=9, revokes_visitors=1).home_points
1
"""

from __future__ import annotations

import math
from typing import ClassVar

from whist.enums import OutcomeReason, Unit
from whist.formats.base import (
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
from whist.formats.words import R_, RP_, Words
from whist.movement import progression

#: The captain's partner cycles 2, 3, 1; the other two players travel.
TRAVELLERS: tuple[tuple[str, str], ...] = (("1", "3"), ("1", "2"), ("2", "3"))


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
    check_tricks(visitor_tricks, revokes_home, revokes_visitors)
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


def gaspesie_moves(tables: int, manches: int) -> list[tuple[tuple[str, str], int]]:
    """Travellers progress one table each manche, skipping their own table; the captain takes
    players 2, 3, 1 as partner in turn.

    The two cycles (3 partners, T-1 tables) repeat together after ``lcm(3, T-1)`` manches.
    With 4, 7, 10, 13… tables that is only T-1, and the same four players would meet at every
    round of the hall; so each time the pattern would come round again the partner cycle skips
    one step. No foursome then meets twice before every foursome has met once
    (docs/rules.md, P9).

    >>> [travellers for travellers, _ in gaspesie_moves(tables=5, manches=3)]
    [('1', '3'), ('1', '2'), ('2', '3')]
    >>> [travellers[0] + travellers[1] for travellers, _ in gaspesie_moves(tables=4, manches=6)]
    ['13', '12', '23', '12', '23', '13']
    """
    repeat = math.lcm(len(TRAVELLERS), tables - 1)
    return [
        (TRAVELLERS[(i + i // repeat) % len(TRAVELLERS)], offset)
        for i, offset in enumerate(progression(manches, tables))
    ]


class Gaspesie(GameFormat):
    name: ClassVar[str] = "gaspesie"
    title: ClassVar[str] = "Whist militaire"
    language: ClassVar[Language] = "fr"
    wording: ClassVar[str | None] = "manche"
    unit: ClassVar[ScoreUnit] = Unit.POINTS
    seats: ClassVar[tuple[str, ...]] = ("C", "1", "2", "3")
    stay_at_home: ClassVar[frozenset[str]] = frozenset({"C"})
    travellers_progress: ClassVar[bool] = True
    default_hands: ClassVar[int] = 24
    leader_penalties: ClassVar[bool] = True
    home_deals: ClassVar[bool] = True
    tie_break: ClassVar[TieBreakRule] = "countback"
    revoke_penalty: ClassVar[RevokePenalty] = "hand"

    def outcome(
        self,
        visitor_tricks: int,
        revokes_home: int = 0,
        revokes_visitors: int = 0,
        penalty: Side | None = None,
    ) -> HandOutcome:
        home, visitors = gaspesie_points(visitor_tricks, revokes_home, revokes_visitors, penalty)
        home_fault = revokes_home > 0 or penalty == "home"
        visitors_fault = revokes_visitors > 0 or penalty == "visitors"
        if home_fault and visitors_fault:
            why = OutcomeReason.FAULTS_CANCEL
        elif home_fault or visitors_fault:
            why = OutcomeReason.FAULT
        else:
            why = OutcomeReason.TRICKS
        return HandOutcome(
            home_points=home,
            visitor_points=visitors,
            counted_visitor_tricks=visitor_tricks,
            why=why,
        )

    def default_moves(self, tables: int, hands: int) -> list[tuple[tuple[str, str], int]]:
        return gaspesie_moves(tables, hands)

    def default_days(self, hands: int) -> list[tuple[int, ...]]:
        return [(hands,)]  # one sitting

    # ---------------------------------------------------------------- words (issue 22)
    def rules_summary(self) -> tuple[Words, ...]:
        # RP_ declares the same sentence's wording in French, where a hand is a *manche*
        # (the format's ``wording``): the sheets' translator finds it by itself.
        RP_(
            "manche",
            "7 tricks or more win the hand: 1 point, 2 for all 13. "
            "A revoke gives the hand to the other side.",
        )
        return (
            Words(
                R_(
                    "7 tricks or more win the hand: 1 point, 2 for all 13. "
                    "A revoke gives the hand to the other side."
                )
            ),
        )


RULES = Gaspesie()
