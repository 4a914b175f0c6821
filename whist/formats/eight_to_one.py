"""8-to-1 bidding whist: four players each for themselves bid the tricks they will take,
over a game of 21 rounds: four of eight cards, seven down to one, two up to seven, and four of
eight again.

The eight-card rounds have no trump; every other round's trump is drawn at random before the
round (the hub draws it with :func:`draw_trump` and broadcasts it to every table at once). Each
round the table records every player's bid and tricks (adding up to the round's cards): an
exact bid scores 50 and 10 per trick, a missed one loses 10 per trick over or under. After the
21st round the highest total wins the game. ``docs/rules.md`` (EO1…) explains each decision.

The seed's examples:

>>> [eight_to_one_points(bid, won) for bid, won in ((0, 0), (1, 1), (2, 2), (2, 4), (2, 1))]
[50, 60, 70, -20, -10]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import ClassVar

from whist.cards import Suit
from whist.enums import Unit
from whist.errors import M_, DealError
from whist.formats.base import (
    ClubTable,
    LengthUnit,
    Line,
    RandomSource,
    RoundInfo,
    ScoreChange,
    Seat,
)
from whist.formats.entry import (
    E_,
    Ask,
    Confirm,
    En_,
    EntrySchema,
    Page,
    Show,
    Text,
    Trump,
    When,
    Who,
    tricks_pages,
)
from whist.formats.individual import (
    COMPASS_SEATS,
    IndividualGame,
    check_tricks_add_up,
    read_seat_counts,
    read_trump,
    seat_fields,
)
from whist.formats.partnership import refuse_unknown
from whist.formats.words import G_, R_, Words

#: Cards each player is dealt, round by round: a game of 21 rounds (EO2).
ROUNDS: tuple[int, ...] = (8,) * 4 + tuple(range(7, 0, -1)) + tuple(range(2, 8)) + (8,) * 4
#: The rounds with no trump (EO3).
NO_TRUMP_CARDS = 8
EXACT_BONUS = 50
POINTS_PER_TRICK = 10
#: The suits a trump is drawn from, in a fixed order so a seeded source always draws the same.
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def round_cards(round_number: int) -> int:
    """Cards each player is dealt in round ``round_number`` (1 to 21) of a game.

    >>> [round_cards(r) for r in (1, 4, 5, 11, 12, 17, 18, 21)]
    [8, 8, 7, 1, 2, 7, 8, 8]
    """
    if not 1 <= round_number <= len(ROUNDS):
        raise DealError(
            M_("a game of 8-to-1 has rounds 1 to {most} (got {got})"),
            most=len(ROUNDS),
            got=round_number,
        )
    return ROUNDS[round_number - 1]


#: A round's trump refused: a draw for a round without one, and a round with one drawn none.
_NO_TRUMP = M_("round {round} deals {cards} cards: there is no trump")
_HAS_TRUMP = M_("round {round} deals {cards} cards: it needs a trump")


def has_trump(cards: int) -> bool:
    """Every round has a trump but the eight-card rounds."""
    return cards != NO_TRUMP_CARDS


def draw_trump(cards: int, source: RandomSource) -> Suit | None:
    """The trump of a round of ``cards`` cards, drawn from ``source`` (each suit equally
    likely); None, and nothing drawn, in an eight-card round.

    >>> import random
    >>> draw_trump(8, random.Random(1)) is None
    True
    >>> draw_trump(5, random.Random(1)) in Suit
    True
    """
    if not 1 <= cards <= NO_TRUMP_CARDS:
        raise DealError(M_("a round of 8-to-1 deals 1 to 8 cards (got {got})"), got=cards)
    if not has_trump(cards):
        return None
    return _SUITS[source.randrange(len(_SUITS))]


def eight_to_one_points(bid: int, tricks: int) -> int:
    """A player's points for a round: 50 and 10 a trick for an exact bid, otherwise 10 lost
    for each trick over or under."""
    if bid < 0 or tricks < 0:
        raise DealError(M_("bids and tricks cannot be negative"))
    if bid == tricks:
        return EXACT_BONUS + POINTS_PER_TRICK * tricks
    return -POINTS_PER_TRICK * abs(tricks - bid)


@dataclass(frozen=True)
class EightToOneDeal:
    """One round: every player's bid and tricks, and, for the record, its trump (``named``
    says the table entered one; None then means no trump).

    >>> EightToOneDeal({"N": 2, "E": 0, "S": 1, "W": 3}, {"N": 2, "E": 1, "S": 1, "W": 4}).bids["W"]
    3
    """

    bids: Mapping[Seat, int]
    tricks: Mapping[Seat, int]
    trump: Suit | None = None
    named: bool = False


class EightToOne(IndividualGame[EightToOneDeal]):
    name: ClassVar[str] = "eight-to-one"
    title: ClassVar[str] = G_("8-to-1 bidding whist")
    seats: ClassVar[tuple[Seat, ...]] = COMPASS_SEATS
    parties: ClassVar[tuple[Seat, ...]] = COMPASS_SEATS
    fields: ClassVar[tuple[str, ...]] = (
        "trump",
        *seat_fields("bid", COMPASS_SEATS),
        *seat_fields("tricks", COMPASS_SEATS),
    )
    lengths: ClassVar[tuple[LengthUnit, ...]] = (Unit.DEALS, Unit.GAMES, Unit.OPEN)
    game_rounds: ClassVar[int] = len(ROUNDS)
    draws_trumps: ClassVar[bool] = True
    entry: ClassVar[EntrySchema] = EntrySchema(
        pages=(
            Page(
                "bid",
                Ask.COUNT,
                question=(Text(E_("What did {name} bid?")),),
                readout=(
                    Text("{trump_line}", when=(When("so_far", negate=True),)),
                    Text.counted(
                        En_(
                            "Bids so far: {so_far} for {cards} card",
                            "Bids so far: {so_far} for {cards} cards",
                        ),
                        "cards",
                        when=(When("so_far"),),
                    ),
                ),
                each=Who.IN_ROUND,
                record="bids",
                from_dealer=True,
            ),
            Page(
                "play",
                Ask.GO,
                question=(Text("{trump_line}"),),
                readout=(Text(E_("Bids: {bid}")),),
                button=E_("We have played:\nenter the tricks"),
            ),
            # each player's tricks beside their bid, on one line under the keypad
            tricks_pages(
                Who.IN_ROUND, readout=(Text(E_("{name} bid {own_bid} · to share: {left}")),)
            ),
        ),
        confirm=Confirm.EVERYONE,
        title=(Text(E_("Round {round} · {trump}: is this right?")),),
        notes=((Text(E_("{name}: bid {bid}, took {tricks}"), each=True),),),
        short=((Text("{tricks}"),), (Text(E_("Bids: {bid}")),)),
        show=Show(rounds=len(ROUNDS), trump=Trump.DRAWN),
    )

    def check_round_trump(self, number: int, trump: Suit | None) -> None:
        cards = round_cards(number)
        if (trump is not None) != has_trump(cards):
            why = _HAS_TRUMP if has_trump(cards) else _NO_TRUMP
            raise DealError(why, round=number, cards=cards)

    def record(self, fields: Mapping[str, object]) -> EightToOneDeal:
        refuse_unknown(fields, self.fields, self.title)
        named, trump = read_trump(fields)
        most = NO_TRUMP_CARDS
        return EightToOneDeal(
            read_seat_counts(fields, M_("bid"), self.seats, most=most),
            read_seat_counts(fields, M_("tricks"), self.seats, most=most),
            trump,
            named,
        )

    def next_round(self, table: ClubTable) -> RoundInfo:
        cards = round_cards(table.round + 1)
        return RoundInfo(table.round + 1, cards, table.parties, has_trump=has_trump(cards))

    def draw_round_trump(self, number: int, source: RandomSource) -> Suit | None:
        return draw_trump(round_cards(number), source)

    def score(self, table: ClubTable, deal: EightToOneDeal) -> ScoreChange:
        number = table.round + 1
        cards = round_cards(number)
        if deal.named and (deal.trump is not None) != has_trump(cards):
            why = (
                _NO_TRUMP
                if cards == NO_TRUMP_CARDS
                else M_("round {round} deals {cards} cards: it has a trump")
            )
            raise DealError(why, round=number, cards=cards)
        for seat, bid in deal.bids.items():
            if bid > cards:
                raise DealError(
                    M_("{seat} bid {bid}, but round {round} deals {cards} cards"),
                    seat=seat,
                    bid=bid,
                    round=number,
                    cards=cards,
                )
        check_tricks_add_up(deal.tricks, cards)
        lines = tuple(
            Line(
                seat,
                eight_to_one_points(deal.bids[seat], deal.tricks[seat]),
                "exact" if deal.bids[seat] == deal.tricks[seat] else "missed",
            )
            for seat in table.parties
        )
        change = replace(ScoreChange(lines=lines), night=lines)
        if number < len(ROUNDS):
            return change
        # EO6: the 21st round ends the game; the highest total wins it, a tie shares it.
        totals = {p: table.score_of(p) + change.points(p) for p in table.parties}
        best = max(totals.values())
        winners = [p for p in table.parties if totals[p] == best]
        return replace(change, game_won_by=winners[0], game_shared_with=tuple(winners[1:]))

    # ---------------------------------------------------------------- words (issue 22)
    # What the hall and the sheets show of the game (whist/formats/base.py, ClubGame).
    in_rounds: ClassVar[bool] = True

    def rules_summary(self, target: int | None = None) -> tuple[Words, ...]:
        return (
            Words(
                R_(
                    "Cards a round: {cards}; no trump in the eight-card rounds. Exactly the bid: "
                    "50 and 10 a trick; otherwise lose 10 a trick over or under. The highest "
                    "total after round {last} wins the game."
                ),
                (("cards", " ".join(map(str, ROUNDS))), ("last", len(ROUNDS))),
            ),
        )


RULES = EightToOne()
