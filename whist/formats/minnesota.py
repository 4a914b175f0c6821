"""Minnesota whist: no trump; a side grands (plays high) or everyone plays low; game to 13.

Each deal the table records who granded (NS, EW, or nobody: everyone played low) and one
side's tricks. High: the side that took seven or more scores a point per trick over six if it
granded, two if the other side granded. Low: the side that took fewer than seven scores a point
per trick under seven. ``docs/rules.md`` (MN1…) explains each decision.

The seed's three samples, "Us" sitting NS:

>>> minnesota_points(granded="NS", ns_tricks=10)
('NS', 4, 'grand')
>>> minnesota_points(granded="NS", ns_tricks=5)
('EW', 4, 'grand_against')
>>> minnesota_points(granded=None, ns_tricks=9)
('EW', 3, 'low')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from whist.errors import M_
from whist.formats.base import TRICKS, ClubGame, ClubTable, Line, ScoreChange
from whist.formats.entry import GRANDED_PAGE, REVOKE_GIVES, EntrySchema, partnership_schema
from whist.formats.partnership import (
    DEAL_FIELDS,
    Partnership,
    change,
    check_partnership,
    check_revokes,
    check_tricks_taken,
    penalty_lines,
    read_partnership,
    read_revokes,
    read_tricks,
    refuse_unknown,
    revoked_sides,
)
from whist.formats.words import G_, R_, Words

#: Points the other side scores for each established revoke (MN5).
REVOKE_POINTS = 2


def minnesota_points(granded: Partnership | None, ns_tricks: int) -> tuple[Partnership, int, str]:
    """Who scores in a deal, how many points, and why (``grand``: the granding side made it;
    ``grand_against``: the other side beat the grand, two a trick; ``low``)."""
    check_partnership(granded, M_("the side that granded"))
    check_tricks_taken(ns_tricks)
    tricks: dict[Partnership, int] = {"NS": ns_tricks, "EW": TRICKS - ns_tricks}
    if granded is None:
        fewer: Partnership = "NS" if ns_tricks < 7 else "EW"
        return fewer, 7 - tricks[fewer], "low"
    more: Partnership = "NS" if ns_tricks >= 7 else "EW"
    if more == granded:
        return more, tricks[more] - 6, "grand"
    return more, 2 * (tricks[more] - 6), "grand_against"


@dataclass(frozen=True)
class MinnesotaDeal:
    """What a Minnesota table taps in for one deal.

    >>> MinnesotaDeal(granded="EW", ns_tricks=4).ew_tricks
    9
    """

    granded: Partnership | None
    ns_tricks: int
    ns_revokes: int = 0
    ew_revokes: int = 0

    def __post_init__(self) -> None:
        check_partnership(self.granded, M_("the side that granded"))
        check_tricks_taken(self.ns_tricks)
        check_revokes(self.ns_revokes, self.ew_revokes)

    @property
    def ew_tricks(self) -> int:
        return TRICKS - self.ns_tricks

    @property
    def high(self) -> bool:
        return self.granded is not None


def _read_granded(fields: Mapping[str, object]) -> Partnership | None:
    """NS, EW, or nobody: "low" (or a blank) says everyone played low."""
    value = fields.get("granded")
    if str(value).strip().lower() in ("low", "none", "-"):
        return None
    return read_partnership(fields, "granded", M_("granded"), M_("NS, EW or low"))


class Minnesota(ClubGame[MinnesotaDeal]):
    name: ClassVar[str] = "minnesota"
    title: ClassVar[str] = G_("Minnesota whist")
    default_target: ClassVar[int] = 13
    fields: ClassVar[tuple[str, ...]] = ("granded", *DEAL_FIELDS)
    entry: ClassVar[EntrySchema] = partnership_schema(
        GRANDED_PAGE, revokes=REVOKE_GIVES, points=REVOKE_POINTS
    )

    def record(self, fields: Mapping[str, object]) -> MinnesotaDeal:
        refuse_unknown(fields, self.fields, "Minnesota whist")
        ns_revokes, ew_revokes = read_revokes(fields)
        return MinnesotaDeal(_read_granded(fields), read_tricks(fields), ns_revokes, ew_revokes)

    def score(self, table: ClubTable, deal: MinnesotaDeal) -> ScoreChange:
        side, points, why = minnesota_points(deal.granded, deal.ns_tricks)
        lines = penalty_lines(deal.ns_revokes, deal.ew_revokes, REVOKE_POINTS)
        lines.append(Line(side, points, why))
        revoked = revoked_sides(deal.ns_revokes, deal.ew_revokes)
        scored, _ = change(table, lines, cannot_win=revoked)
        # MN4: the night counts every point scored, game or no game.
        return replace(scored, night=scored.lines)

    # ---------------------------------------------------------------- words (issue 22)
    def rules_summary(self, target: int | None = None) -> tuple[Words, ...]:
        goal = self.default_target if target is None else target
        return (
            Words(
                R_(
                    "No trump. Grand (a black card shown): the side with 7 tricks or more "
                    "scores 1 a trick over 6 if it granded, 2 a trick if the other side "
                    "granded. Low (all red): the side with 6 tricks or fewer scores 1 a trick "
                    "under 7. A revoke gives 2 points to the other side. First to {target} wins "
                    "the game; the next starts at 0-0."
                ),
                (("target", goal),),
            ),
        )


RULES = Minnesota()
