"""American whist: tricks over six, no honours, game to seven, a revoke costs two points.

Each deal scores, in this order: revokes (the revoking side gives two of its points to the
other side, for each), then a point for each trick over six. The first side to reach seven
wins the game and scores the difference between the two scores, even a side that revoked in
that deal (the seed's rule; the house rule ``revoke_cannot_win`` stops it, US6).
``docs/rules.md`` (US1…) explains each decision.

>>> table = RULES.start()
>>> for ns in (10, 11):
...     table = RULES.play(table, RULES.record({"ns_tricks": ns}))
>>> table.games_of("NS"), table.night_points_of("NS")   # 4 + 5 = 9 against 0
(1, 9)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from whist.errors import M_, DealError
from whist.formats.base import ClubGame, ClubTable, Line, ScoreChange
from whist.formats.entry import E_, TRUMP_PAGE, EntrySchema, Text, partnership_schema
from whist.formats.partnership import (
    DEAL_FIELDS,
    PartnershipDeal,
    change,
    other,
    read_partnership_deal,
    revoked_sides,
    tricks_line,
)
from whist.formats.words import G_, H_, R_, Words

#: Points the revoking side gives the other side for each established revoke (US4).
REVOKE_POINTS = 2
#: What a revoke costs, on the kiosk's revokes page (US4).
REVOKES_MOVE = (
    Text(E_("Each revoke moves {points} points from the side that revoked to the other side.")),
)
#: The house rule (US6) by which a side that revoked cannot win the game with that deal (C4).
REVOKE_CANNOT_WIN = "revoke_cannot_win"


class American(ClubGame[PartnershipDeal]):
    name: ClassVar[str] = "american"
    title: ClassVar[str] = G_("American whist")
    default_target: ClassVar[int] = 7
    fields: ClassVar[tuple[str, ...]] = ("trump", *DEAL_FIELDS)
    entry: ClassVar[EntrySchema] = partnership_schema(
        TRUMP_PAGE, revokes=REVOKES_MOVE, points=REVOKE_POINTS
    )
    house_rules: ClassVar[Mapping[str, str]] = {
        # US6: the usual whist rule (C4), which the seed does not state.
        REVOKE_CANNOT_WIN: H_(
            "House rule: a side that revoked cannot win the game with that deal."
        ),
    }

    def record(self, fields: Mapping[str, object]) -> PartnershipDeal:
        return read_partnership_deal(fields, self.fields, "American whist")

    def score(self, table: ClubTable, deal: PartnershipDeal) -> ScoreChange:
        if deal.honours is not None:
            raise DealError(M_("American whist scores no honours"))
        lines: list[Line] = []
        for revoker, count in (("NS", deal.ns_revokes), ("EW", deal.ew_revokes)):
            for _ in range(count):
                lines.append(Line(revoker, -REVOKE_POINTS, "revoke"))
                lines.append(Line(other(revoker), REVOKE_POINTS, "revoke"))
        lines.append(tricks_line(deal.ns_tricks))
        revoked = revoked_sides(deal.ns_revokes, deal.ew_revokes)
        if REVOKE_CANNOT_WIN not in table.house_rules:
            revoked = frozenset()  # US4: the seed's rule, the revoke's two points and no more
        scored, after = change(table, lines, cannot_win=revoked)
        won = scored.game_won_by
        if won is None:
            return scored
        difference = after[won] - after[other(won)]
        return replace(scored, night=(Line(won, difference, "game"),))

    # ---------------------------------------------------------------- words (issue 22)
    def rules_summary(self, target: int | None = None) -> tuple[Words, ...]:
        goal = self.default_target if target is None else target
        return (
            Words(
                R_(
                    "Trump: the dealer's last card. Tricks over 6 score 1 each; no honours. A "
                    "revoke: the revokers lose 2, the others gain 2. First to {target} wins the "
                    "game and scores the difference between the two scores; the next starts at "
                    "0-0."
                ),
                (("target", goal),),
            ),
        )


RULES = American()
