"""Cards, the deck and the rules of a trick: pure, no I/O, no module-level randomness.

Seats are numbered 0..3 clockwise; partners sit opposite (seats 0 & 2 are side 0, seats
1 & 3 are side 1). Trump is a ``Suit``, or ``None`` for a no-trump deal.

>>> trick = [Card.parse("10h"), Card.parse("KH"), Card.parse("2s")]
>>> trick_winner(trick, Suit.SPADES)
2
>>> trick_winner(trick, None)
1
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from whist.errors import CardError

__all__ = [
    "FULL_DECK",
    "MIN_CUT_PACKET",
    "Card",
    "Deck",
    "PlayedDeal",
    "Rank",
    "Suit",
    "Trump",
    "is_revoke",
    "legal_plays",
    "parse_trump",
    "side_of",
    "trick_winner",
    "trump_name",
]

# Gaspésie house rule: neither packet of a cut may be thinner than this.
MIN_CUT_PACKET = 4


class Suit(enum.Enum):
    """A suit; the value is its wire name.

    >>> Suit("hearts").symbol, Suit.HEARTS.is_red
    ('♥', True)
    """

    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"
    CLUBS = "clubs"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS: dict[Suit, str] = {
    Suit.SPADES: "♠",
    Suit.HEARTS: "♥",
    Suit.DIAMONDS: "♦",
    Suit.CLUBS: "♣",
}

# White (outline) pips are what some keyboards and phones produce, so they parse too.
_SUIT_BY_TEXT: dict[str, Suit] = {
    "s": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "h": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "d": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "c": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
}  # fmt: skip

Trump: TypeAlias = Suit | None
"""The trump of a deal: a suit, or ``None`` when the deal is played at no trump."""

_NO_TRUMP = "none"


def parse_trump(text: str) -> Trump:
    """Read a trump from its wire name: a suit name or ``"none"``.

    >>> parse_trump(" Hearts "), parse_trump("NONE")
    (<Suit.HEARTS: 'hearts'>, None)
    """
    name = text.strip().lower()
    if name == _NO_TRUMP:
        return None
    try:
        return Suit(name)
    except ValueError:
        raise CardError(
            f"{text!r} is not a trump; choose spades, hearts, diamonds, clubs or none"
        ) from None


def trump_name(trump: Trump) -> str:
    """The wire name of a trump, the inverse of :func:`parse_trump`.

    >>> trump_name(Suit.CLUBS), trump_name(None)
    ('clubs', 'none')
    """
    return _NO_TRUMP if trump is None else trump.value


class Rank(enum.IntEnum):
    """A rank; aces are high, so ranks compare as they do in play.

    >>> Rank.ACE > Rank.KING, Rank.TEN.label, Rank.QUEEN.label
    (True, '10', 'Q')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def label(self) -> str:
        return _RANK_LABELS.get(self, str(self.value))


_RANK_LABELS: dict[Rank, str] = {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_BY_TEXT: dict[str, Rank] = {rank.label.lower(): rank for rank in Rank}

# Phones append this variation selector to make a pip render as an emoji ("♥️").
_EMOJI_SELECTOR = "\ufe0f"


@dataclass(frozen=True)
class Card:
    """One playing card.

    >>> card = Card.parse("10h")
    >>> card
    Card(suit=<Suit.HEARTS: 'hearts'>, rank=<Rank.TEN: 10>)
    >>> str(card), str(Card(Suit.SPADES, Rank.ACE))
    ('10♥', 'A♠')
    """

    suit: Suit
    rank: Rank

    def __str__(self) -> str:
        return f"{self.rank.label}{self.suit.symbol}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card written as rank then suit: ``"AS"``, ``"10h"``, ``"qd"``, ``"A♠"``."""
        cleaned = text.strip().replace(_EMOJI_SELECTOR, "").lower()
        rank = _RANK_BY_TEXT.get(cleaned[:-1])
        suit = _SUIT_BY_TEXT.get(cleaned[-1:])
        if rank is None or suit is None:
            raise CardError(
                f"{text!r} is not a card; write a rank (2-10, J, Q, K, A) then a suit "
                "(S, H, D, C or ♠ ♥ ♦ ♣), like 'AS', '10h' or 'Q♦'"
            )
        return cls(suit, rank)


FULL_DECK: tuple[Card, ...] = tuple(Card(suit, rank) for suit in Suit for rank in Rank)


def _describe(cards: Iterable[Card]) -> str:
    return " ".join(str(card) for card in cards)


class Deck:
    """An ordered pack of cards, top card first; a fresh deck is the 52 cards in order.

    Randomness is always passed in, so a seeded ``random.Random`` replays a deal exactly.

    >>> deck = Deck()
    >>> deck.shuffle(random.Random(7))
    >>> deck.cut(20)
    >>> hands = deck.deal(first=1)
    >>> [len(hand) for hand in hands], len(deck)
    ([13, 13, 13, 13], 0)
    """

    def __init__(self, cards: Iterable[Card] | None = None) -> None:
        chosen = FULL_DECK if cards is None else tuple(cards)
        twice = [card for index, card in enumerate(chosen) if card in chosen[:index]]
        if twice:
            raise CardError(f"a deck cannot hold the same card twice: {_describe(twice)}")
        self._cards: list[Card] = list(chosen)

    def __repr__(self) -> str:
        return f"Deck({_describe(self._cards)!r})"

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(tuple(self._cards))

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards still in the deck, top card first."""
        return tuple(self._cards)

    def shuffle(self, rng: random.Random) -> None:
        rng.shuffle(self._cards)

    def cut(self, at: int) -> None:
        """Lift the top ``at`` cards and put them under the rest.

        Each packet must keep at least ``MIN_CUT_PACKET`` cards, so a cut can never leave
        the bottom card (seen by the dealer) where it was within a few cards.
        """
        size = len(self._cards)
        if not MIN_CUT_PACKET <= at <= size - MIN_CUT_PACKET:
            raise CardError(
                f"a cut must leave at least {MIN_CUT_PACKET} cards in each packet; "
                f"cutting {at} of {size} cards is not allowed"
            )
        self._cards = self._cards[at:] + self._cards[:at]

    def deal(self, players: int = 4, first: int = 0) -> tuple[tuple[Card, ...], ...]:
        """Deal every card, one at a time clockwise, starting with seat ``first``.

        Returns one hand per seat, indexed by seat; the deck is empty afterwards.
        """
        if players < 1:
            raise CardError(f"cannot deal to {players} players")
        if not 0 <= first < players:
            raise CardError(f"seat {first} is not at a table of {players} players")
        hands: list[list[Card]] = [[] for _ in range(players)]
        for index, card in enumerate(self._cards):
            hands[(first + index) % players].append(card)
        self._cards = []
        return tuple(tuple(hand) for hand in hands)

    def draw(self, rng: random.Random) -> Card:
        """Pick one card at random, as when a card is cut to show trump or to draw for seats.

        The card stays in the deck: a card cut for trump is shown and then dealt as usual.
        """
        if not self._cards:
            raise CardError("cannot draw a card from an empty deck")
        return rng.choice(self._cards)


def trick_winner(trick: Sequence[Card], trump: Trump) -> int:
    """Index in ``trick`` of the winning card; ``trick[0]`` is the card led.

    >>> trick_winner([Card.parse("2h"), Card.parse("AS")], None)
    0
    """
    if not trick:
        raise CardError("an empty trick has no winner")
    led = trick[0].suit

    def strength(card: Card) -> tuple[int, int]:
        if card.suit is trump:
            return (2, card.rank)
        if card.suit is led:
            return (1, card.rank)
        return (0, 0)

    return max(range(len(trick)), key=lambda index: strength(trick[index]))


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Trump,
    *,
    must_trump: bool = False,
) -> tuple[Card, ...]:
    """The cards of ``hand`` that may be played to ``trick``, in hand order.

    ``must_trump`` is the bidding ("8 to 1") variant's rule: a player who cannot follow
    suit but holds a trump must play one.

    >>> hand = [Card.parse(text) for text in ("2s", "kh", "3c")]
    >>> [str(card) for card in legal_plays(hand, [Card.parse("ad")], Suit.SPADES)]
    ['2♠', 'K♥', '3♣']
    >>> [str(card) for card in legal_plays(hand, [Card.parse("ad")], Suit.SPADES,
    ...                                    must_trump=True)]
    ['2♠']
    """
    if not trick:
        return tuple(hand)
    led = trick[0].suit
    following = tuple(card for card in hand if card.suit is led)
    if following:
        return following
    if must_trump and trump is not None:
        trumps = tuple(card for card in hand if card.suit is trump)
        if trumps:
            return trumps
    return tuple(hand)


def is_revoke(
    hand: Sequence[Card],
    trick: Sequence[Card],
    card: Card,
    trump: Trump,
    *,
    must_trump: bool = False,
) -> bool:
    """Whether playing ``card`` from ``hand`` (as held before the play) breaks the rules.

    A card the player does not hold is not a revoke but an impossible play, and is refused.

    >>> hand = [Card.parse("2h"), Card.parse("as")]
    >>> is_revoke(hand, [Card.parse("kh")], Card.parse("as"), None)
    True
    """
    if card not in hand:
        raise CardError(f"{card} is not in the hand {_describe(hand)}")
    return card not in legal_plays(hand, trick, trump, must_trump=must_trump)


def side_of(seat: int) -> int:
    """The side a seat plays for: 0 for seats 0 & 2, 1 for seats 1 & 3.

    >>> side_of(2), side_of(3)
    (0, 1)
    """
    if not 0 <= seat < 4:
        raise CardError(f"seat {seat} does not exist; seats are 0 to 3")
    return seat % 2


@dataclass(frozen=True)
class PlayedDeal:
    """The record of a deal played out: every trick, who led it and who won it.

    ``revokes[side]`` counts the established revokes made by that side; a played-out deal
    has 13 tricks, and a shorter record is accepted for a deal abandoned part way.

    >>> trick = tuple(Card.parse(text) for text in ("kh", "2s", "ah", "3h"))
    >>> deal = PlayedDeal(trump=Suit.SPADES, leader=3, tricks=(trick,), leaders=(3,),
    ...                   winners=(0,), revokes=(0, 0))
    >>> deal.tricks_won(0), deal.tricks_won(1)
    (1, 0)
    """

    trump: Trump
    leader: int
    tricks: tuple[tuple[Card, ...], ...]
    leaders: tuple[int, ...]
    winners: tuple[int, ...]
    revokes: tuple[int, int]

    def __post_init__(self) -> None:
        if not len(self.tricks) == len(self.leaders) == len(self.winners):
            raise CardError(
                f"{len(self.tricks)} tricks need as many leaders and winners, "
                f"not {len(self.leaders)} and {len(self.winners)}"
            )
        for seat in (self.leader, *self.leaders, *self.winners):
            side_of(seat)
        if self.leaders and self.leaders[0] != self.leader:
            raise CardError(
                f"seat {self.leader} led the deal but seat {self.leaders[0]} led the first trick"
            )
        if any(count < 0 for count in self.revokes):
            raise CardError(f"a revoke count cannot be negative: {self.revokes}")

    def tricks_won(self, side: int) -> int:
        """Tricks taken by ``side`` (0: seats 0 & 2, 1: seats 1 & 3)."""
        if side not in (0, 1):
            raise CardError(f"side {side} does not exist; sides are 0 and 1")
        return sum(1 for seat in self.winners if side_of(seat) == side)
