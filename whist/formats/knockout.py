"""Knockout whist: two to seven players each for themselves.

By the seed (the default): "the dealer deals a card a player clockwise around the table until
each player has seven cards", and "you keep playing until all seven cards have been used and
the person with the most tricks wins". Every deal is seven cards each; the table records each
player's tricks, adding up to seven; the most tricks wins the deal (a game of one deal),
players tied at the top sharing the win. The trump is the next card of the pack, turned up.

With the house rule ``knockout_rounds``, the traditional knockout: seven cards each in the
first round, one fewer each round; a player who takes no trick in a round is knocked out; the
player with the most tricks chooses the next trump, and the last player in wins the game.

The core says who is out, how many cards to deal next, who deals and who chooses the next
trump, and declares the winner. The night ranks players by games won, then by tricks taken.
``docs/rules.md`` (KO1…) explains each decision.

>>> table = RULES.start()                     # seats 1 to 7, the seed's game
>>> table = RULES.play(table, RULES.record({"tricks_1": 4, "tricks_2": 3}))
>>> table.last.game_won_by, next_round(table).cards
('1', 7)
>>> table = RULES.start(ClubSettings(house_rules=frozenset({"knockout_rounds"})))
>>> table = RULES.play(table, RULES.record({"tricks_1": 4, "tricks_2": 3}))
>>> next_round(table)
KnockoutRound(cards=6, players=('1', '2'), dealer='2', chooses_trump='1', winner=None)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import ClassVar, Literal

from whist.cards import Suit
from whist.enums import Unit
from whist.errors import M_, DealError
from whist.formats.base import (
    ClubSettings,
    ClubTable,
    LengthUnit,
    Line,
    RoundInfo,
    ScoreChange,
    Seat,
)
from whist.formats.entry import (
    DEAL_TITLE,
    E_,
    Confirm,
    EntrySchema,
    Show,
    Text,
    Trump,
    When,
    Who,
    tricks_pages,
)
from whist.formats.individual import (
    NUMBERED_SEATS,
    IndividualGame,
    check_tricks_add_up,
    left_of,
    read_seat_counts,
    read_trump,
    seat_field,
    seat_fields,
)
from whist.formats.partnership import _blank, refuse_unknown
from whist.formats.words import G_, H_, R_, Words

#: Cards each player is dealt in a game's first round (KO2).
FIRST_ROUND_CARDS = 7
#: A new night's tables seat this many (the leader lists two to seven per table).
DEFAULT_PLAYERS = 4
#: The house rule of the traditional knockout (KO10): rounds of 7, 6, 5… cards, knock-outs.
KNOCKOUT_ROUNDS = "knockout_rounds"


def round_cards(round_number: int) -> int:
    """Cards each player is dealt in round ``round_number`` (1 to 7) of a game.

    >>> [round_cards(r) for r in range(1, 8)]
    [7, 6, 5, 4, 3, 2, 1]
    """
    if not 1 <= round_number <= FIRST_ROUND_CARDS:
        raise DealError(M_("a knockout game has rounds 1 to 7 (got {got})"), got=round_number)
    return FIRST_ROUND_CARDS + 1 - round_number


def trump_chooser(tricks: Mapping[Seat, int], order: tuple[Seat, ...]) -> Seat:
    """Who chooses the next trump: the most tricks; a tie goes to the tied player first in
    ``order`` (the playing order, from the dealer's left, KO10)."""
    most = max(tricks.values())
    return next(seat for seat in order if tricks.get(seat, 0) == most)


@dataclass(frozen=True)
class KnockoutDeal:
    """One round: the tricks of each player (players out of the game take none) and, for the
    record, the trump it was played in.

    >>> KnockoutDeal({"1": 5, "2": 2, "3": 0}).tricks["3"]
    0
    """

    tricks: Mapping[Seat, int]
    trump: Suit | None = None


@dataclass(frozen=True)
class KnockoutRound:
    """What a Knockout table is told before a round: the cards to deal each player, who is
    still in, who deals, who chooses trump (None in a game's first round: the card turned up
    after the deal decides), and the last game's winner when the last round ended one."""

    cards: int
    players: tuple[Seat, ...]
    dealer: Seat
    chooses_trump: Seat | None
    winner: Seat | None


def next_round(table: ClubTable) -> KnockoutRound:
    """The next round at a Knockout table, from its score."""
    players = tuple(s for s in table.parties if s not in table.out)
    last = table.last
    return KnockoutRound(
        cards=round_cards(table.round + 1),
        players=players,
        dealer=table.dealer,
        chooses_trump=last.chooses_trump if last is not None and table.round else None,
        winner=last.game_won_by if last is not None and not table.round else None,
    )


class Knockout(IndividualGame[KnockoutDeal]):
    name: ClassVar[str] = "knockout"
    title: ClassVar[str] = G_("Knockout whist")
    seats: ClassVar[tuple[Seat, ...]] = NUMBERED_SEATS
    parties: ClassVar[tuple[Seat, ...]] = NUMBERED_SEATS
    min_players: ClassVar[int | None] = 2
    default_players: ClassVar[int | None] = DEFAULT_PLAYERS
    fields: ClassVar[tuple[str, ...]] = ("trump", *seat_fields("tricks", NUMBERED_SEATS))
    sheet_either: ClassVar[tuple[str, ...]] = seat_fields("tricks", NUMBERED_SEATS)
    lengths: ClassVar[tuple[LengthUnit, ...]] = (Unit.DEALS, Unit.GAMES, Unit.OPEN)
    house_rules: ClassVar[Mapping[str, str]] = {
        # KO10: the traditional game, which the seed does not describe.
        KNOCKOUT_ROUNDS: H_(
            "House rule: the traditional knockout, one card fewer each round; no trick and you "
            "are out."
        ),
    }
    entry: ClassVar[EntrySchema] = EntrySchema(
        pages=(tricks_pages(Who.IN_ROUND),),
        confirm=Confirm.EVERYONE,
        # the traditional game counts rounds; the seed's, deals (issue 29)
        title=(
            Text(E_("Round {round}: is this right?"), when=(When("round"),)),
            Text(DEAL_TITLE[0].msgid, when=(When("round", negate=True),)),
        ),
        head=(Text(E_("Tricks: {tricks}")),),
        notes=((Text(E_("No trick: {tricks_none}"), when=(When("tricks_none"),)),),),
        short=((Text("{tricks}"),),),
        show=Show(deal_points=False, trump=Trump.CHOSEN),
    )

    def record(self, fields: Mapping[str, object]) -> KnockoutDeal:
        refuse_unknown(fields, self.fields, self.title)
        named, trump = read_trump(fields)
        if named and trump is None:
            raise DealError(M_("Knockout whist always has a trump"))
        tricks = read_seat_counts(fields, M_("tricks"), self.seats, most=FIRST_ROUND_CARDS)
        return KnockoutDeal(tricks, trump)

    def next_round(self, table: ClubTable) -> RoundInfo:
        info = next_round(table)
        return RoundInfo(
            number=table.round + 1,
            cards=info.cards,
            players=info.players,
            chooses_trump=info.chooses_trump,
        )

    def sheet_settings(
        self, first: Mapping[str, object], settings: ClubSettings | None
    ) -> ClubSettings:
        """KO8: on paper, the players of a table are the seats with a number (0 included) in
        its first round."""
        players = tuple(s for s in self.seats if not _blank(first.get(seat_field("tricks", s))))
        return replace(settings or ClubSettings(), players=players)

    def score(self, table: ClubTable, deal: KnockoutDeal) -> ScoreChange:
        rounds = KNOCKOUT_ROUNDS in table.house_rules
        cards = round_cards(table.round + 1) if rounds else FIRST_ROUND_CARDS
        players = tuple(s for s in table.parties if s not in table.out)
        for seat, count in deal.tricks.items():
            if count and seat not in table.parties:
                raise DealError(M_("nobody sits in seat {seat} at this table"), seat=seat)
            if count and seat in table.out:
                raise DealError(
                    M_("player {seat} is out of this game and took no trick"), seat=seat
                )
        tricks = {seat: deal.tricks.get(seat, 0) for seat in players}
        check_tricks_add_up(tricks, cards)
        if not rounds:
            return self._seed_deal(table, tricks)
        knocked_out = tuple(s for s in players if not tricks[s])
        still_in = [s for s in players if tricks[s]]
        lines = tuple(Line(s, tricks[s], "tricks") for s in still_in)
        # KO10: the last player in wins; the one-card round always leaves one.
        winner = still_in[0] if len(still_in) == 1 else None
        chooser = None
        if winner is None:
            chooser = trump_chooser(tricks, left_of(table.parties, table.dealer))
        return replace(
            ScoreChange(lines=lines, game_won_by=winner, knocked_out=knocked_out),
            night=lines,
            chooses_trump=chooser,
        )

    def _seed_deal(self, table: ClubTable, tricks: Mapping[Seat, int]) -> ScoreChange:
        """The seed's game (KO2): a deal of seven is a game, won by the most tricks; players
        tied at the top share it, the first of them in playing order named first (KO4)."""
        most = max(tricks.values())
        winners = [s for s in left_of(table.parties, table.dealer) if tricks[s] == most]
        lines = tuple(Line(s, tricks[s], "tricks") for s in table.parties if tricks[s])
        return ScoreChange(
            lines=lines,
            game_won_by=winners[0],
            game_shared_with=tuple(winners[1:]),
            night=lines,
            score_carries=True,  # the players' tricks tonight, what their kiosk shows big
        )

    def plays_in_rounds(self, house_rules: Iterable[str] = ()) -> bool:
        return KNOCKOUT_ROUNDS in set(house_rules)

    def knocks_out_in(self, house_rules: Iterable[str] = ()) -> bool:
        return KNOCKOUT_ROUNDS in set(house_rules)

    def night_summary(
        self, target: int | None = None, house_rules: Iterable[str] = ()
    ) -> tuple[Words, ...]:
        """The seed's summary, or with the house rule the traditional game's, then the house
        rules' sentences."""
        if KNOCKOUT_ROUNDS not in set(house_rules):
            return super().night_summary(target, house_rules)
        traditional = Words(
            R_(
                "{cards} cards each in a game's first round, one fewer each round after. A "
                "player who takes no trick is out: write 0, then leave their column empty. "
                "Most tricks chooses the next trump. The last player in wins the game."
            ),
            (("cards", FIRST_ROUND_CARDS),),
        )
        return (traditional, *(w for _n, w in self.house_rules_in_force(target, house_rules)))

    # ---------------------------------------------------------------- words (issue 22)
    # What the hall and the sheets show of the game (whist/formats/base.py, ClubGame).
    night_unit: ClassVar[Literal[Unit.POINTS, Unit.TRICKS]] = Unit.TRICKS
    in_rounds: ClassVar[bool] = True
    knocks_out: ClassVar[bool] = True

    def rules_summary(self, target: int | None = None) -> tuple[Words, ...]:
        return (
            Words(
                R_(
                    "{cards} cards each every deal; the next card turned up is trump. The most "
                    "tricks wins the deal; players tied share it. The tricks add up to {cards}."
                ),
                (("cards", FIRST_ROUND_CARDS),),
            ),
        )


RULES = Knockout()
