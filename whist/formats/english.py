"""English (short) whist: tricks over six, honours, games of five points, rubbers of three.

The trump is the suit of the dealer's last card, turned for all to see; the table enters it.
Each deal scores, in this order: revoke penalties (3 points to the other side for each), tricks
(a point for each over six), honours (four of ace, king, queen and jack of trumps held by one
side score 4, three score 3; with the house rule ``no_honours_at_the_point``, not for a side
that stood at four, EN5). The first side to reach five wins the game; nothing after that in the
deal counts. By the seed, a rubber is the best of three games: the winners of two games add 2
points, then each side's points in the rubber are totalled and the higher total wins it (EN9);
the night's points are every point scored. The house rule ``game_values`` plays the
traditional values instead: a game is worth 3, 2 or 1 by the losers' score (EN7) and the
winners of two games win the rubber. ``docs/rules.md`` (EN1…) explains each decision.

>>> english_game_value(loser_score=0, target=5), english_game_value(3, 5)
(3, 1)
>>> table = RULES.play(RULES.start(), RULES.record({"trump": "hearts", "ns_tricks": 9,
...                                              "honours": "NS", "honours_held": 4}))
>>> table.games_of("NS"), table.night_points_of("NS")   # 3 tricks + 4 honours: game
(1, 7)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import ClassVar

from whist.enums import Unit
from whist.errors import M_, DealError
from whist.formats.base import ClubGame, ClubTable, Line, ScoreChange, WinUnit
from whist.formats.entry import REVOKE_GIVES, TRUMP_PAGE, EntrySchema, partnership_schema
from whist.formats.partnership import (
    DEAL_FIELDS,
    PartnershipDeal,
    change,
    other,
    penalty_lines,
    read_partnership_deal,
    revoked_sides,
    tricks_line,
)
from whist.formats.words import G_, H_, R_, Words

#: Points the other side adds for each established revoke (EN8).
REVOKE_POINTS = 3
#: Honours held by one side and what they score (EN4): the seed gives three for three.
HONOURS_POINTS = {4: 4, 3: 3}
RUBBER_BONUS = 2
GAMES_TO_WIN_RUBBER = 2
#: The house rule (EN5) by which honours do not count for a side one point short of the game.
NO_HONOURS_AT_THE_POINT = "no_honours_at_the_point"
#: The house rule (EN7) by which a game is worth 3, 2 or 1 and two games win the rubber.
GAME_VALUES = "game_values"


def english_game_value(loser_score: int, target: int) -> int:
    """A game's worth to its winner (EN7): treble if the losers scored nothing, double if
    they had less than half the target, single otherwise."""
    if loser_score <= 0:
        return 3
    return 2 if 2 * loser_score < target else 1


class English(ClubGame[PartnershipDeal]):
    name: ClassVar[str] = "english"
    title: ClassVar[str] = G_("English whist")
    wins: ClassVar[WinUnit] = Unit.RUBBERS
    default_target: ClassVar[int] = 5
    fields: ClassVar[tuple[str, ...]] = ("trump", *DEAL_FIELDS, "honours", "honours_held")
    entry: ClassVar[EntrySchema] = partnership_schema(
        TRUMP_PAGE, revokes=REVOKE_GIVES, points=REVOKE_POINTS, honours=True
    )
    house_rules: ClassVar[Mapping[str, str]] = {
        # EN5: the traditional rule, which the seed does not state.
        NO_HONOURS_AT_THE_POINT: H_("House rule: honours do not count for a side at {last}."),
        # EN7: the traditional game values, which the seed does not state.
        GAME_VALUES: H_(
            "House rule: the night counts game values, not points: a game is worth 3 if the "
            "losers had 0, 2 if they had under half of {target}, else 1. The winners of two "
            "games win the rubber and 2 more."
        ),
    }

    def record(self, fields: Mapping[str, object]) -> PartnershipDeal:
        deal = read_partnership_deal(fields, self.fields, "English whist")
        self.check(deal)
        return deal

    def check(self, deal: PartnershipDeal) -> None:
        if deal.trump is None:
            raise DealError(
                M_("English whist always has a trump: enter the suit of the dealer's last card")
            )

    def score(self, table: ClubTable, deal: PartnershipDeal) -> ScoreChange:
        self.check(deal)
        lines = penalty_lines(deal.ns_revokes, deal.ew_revokes, REVOKE_POINTS)
        lines.append(tricks_line(deal.ns_tricks))
        at_the_point: list[Line] = []
        if deal.honours is not None:
            honours = Line(deal.honours, HONOURS_POINTS[deal.honours_held], "honours")
            at_four = table.score_of(deal.honours) == table.target - 1
            if at_four and NO_HONOURS_AT_THE_POINT in table.house_rules:
                at_the_point.append(replace(honours, why="honours:at_the_point"))
            else:
                lines.append(honours)
        revoked = revoked_sides(deal.ns_revokes, deal.ew_revokes)
        scored, after = change(table, lines, cannot_win=revoked, unscored=at_the_point)
        won = scored.game_won_by
        if GAME_VALUES in table.house_rules:
            return self._game_values(table, scored, after)
        # EN9, the seed: every point scored counts towards the rubber and the night.
        night = list(scored.lines)
        if won is None or table.rubber_games_of(won) + 1 < GAMES_TO_WIN_RUBBER:
            return replace(scored, night=tuple(night))
        # "The winners of two games in a rubber get two extra points, after those points
        # have been awarded the points are totalled and the pair with the highest score win
        # the rubber": equal totals go to the winners of two games.
        night.append(Line(won, RUBBER_BONUS, "rubber"))
        totals = {
            p: table.rubber_points_of(p) + sum(n.points for n in night if n.party == p)
            for p in table.parties
        }
        rubber = max((other(won), won), key=lambda p: (totals[p], p == won))
        return replace(scored, rubber_won_by=rubber, night=tuple(night))

    def _game_values(
        self, table: ClubTable, scored: ScoreChange, after: Mapping[str, int]
    ) -> ScoreChange:
        """The house rule ``game_values`` (EN7): the night counts what each game won is
        worth, and the winners of two games win the rubber and 2 more."""
        won = scored.game_won_by
        if won is None:
            return scored
        value = english_game_value(after[other(won)], table.target)
        night = [Line(won, value, "game")]
        rubber = None
        if table.rubber_games_of(won) + 1 >= GAMES_TO_WIN_RUBBER:
            rubber = won
            night.append(Line(won, RUBBER_BONUS, "rubber"))
        return replace(scored, rubber_won_by=rubber, night=tuple(night))

    # ---------------------------------------------------------------- words (issue 22)
    def rules_summary(self, target: int | None = None) -> tuple[Words, ...]:
        goal = self.default_target if target is None else target
        return (
            Words(
                R_(
                    "Trump: the dealer's last card. Tricks over 6 score 1 each. Honours (A K Q J "
                    "of trumps) held by one side: 4 score 4, three score 3. A revoke gives 3 "
                    "points to the other side. First to {target} wins the game. The winners of "
                    "two games add 2 points; the side with more points in the rubber wins it."
                ),
                (("target", goal),),
            ),
        )


RULES = English()
