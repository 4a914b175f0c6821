"""A simple rule-following player, and deals played out by four of them.

The simulator uses these to produce realistic results (and, with ``revoke_chance``, revokes
to penalise) without people at the tables. Randomness is always passed in, so a seed
replays a deal card for card.

>>> deal = deal_and_play(random.Random(3), Suit.HEARTS, dealer=0)
>>> len(deal.tricks), deal.tricks_won(0) + deal.tricks_won(1), deal.leader
(13, 13, 1)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from whist.cards import (
    FULL_DECK,
    MIN_CUT_PACKET,
    Card,
    Deck,
    PlayedDeal,
    Rank,
    Suit,
    Trump,
    is_revoke,
    legal_plays,
    side_of,
    trick_winner,
)
from whist.errors import CardError

__all__ = ["Bot", "club_deal", "deal_and_play", "grands", "play_deal"]

SEATS = 4
TRICKS_PER_DEAL = len(FULL_DECK) // SEATS


def _lowest(cards: Sequence[Card]) -> Card:
    return min(cards, key=lambda card: card.rank)


def _by_suit(cards: Sequence[Card]) -> dict[Suit, list[Card]]:
    suits: dict[Suit, list[Card]] = {}
    for card in cards:
        suits.setdefault(card.suit, []).append(card)
    return suits


def _discard(cards: Sequence[Card], trump: Trump) -> Card:
    """The lowest card of the longest side suit; a trump only when nothing else is left.

    Throwing from the longest suit keeps short suits intact for later ruffs; on equal
    length the suit with the smallest card goes, then the earlier suit, so play is
    deterministic.
    """
    side = [card for card in cards if card.suit is not trump]
    if not side:
        return _lowest(cards)
    suits = _by_suit(side)
    order = list(Suit)
    suit = min(
        suits,
        key=lambda s: (-len(suits[s]), _lowest(suits[s]).rank, order.index(s)),
    )
    return _lowest(suits[suit])


def _wins(trick: Sequence[Card], card: Card, trump: Trump) -> bool:
    return trick_winner([*trick, card], trump) == len(trick)


class Bot:
    """A player that follows simple, predictable rules.

    Leading, it plays the highest card of its longest side suit; following, it lets a
    winning partner have the trick cheaply, else wins as cheaply as it can, else plays
    low. With probability ``revoke_chance`` it fails to follow suit when it could.

    >>> bot = Bot(random.Random(1))
    >>> hand = [Card.parse(text) for text in ("2h", "9h", "kh", "3c")]
    >>> str(bot.choose(hand, [], None, partner_winning=False))
    'K♥'
    >>> str(bot.choose(hand, [Card.parse("10h")], None, partner_winning=False))
    'K♥'
    >>> str(bot.choose(hand, [Card.parse("10h")], None, partner_winning=True))
    '2♥'
    """

    def __init__(self, rng: random.Random, *, revoke_chance: float = 0.0) -> None:
        if not 0.0 <= revoke_chance <= 1.0:
            raise CardError(f"a revoke chance is between 0 and 1, not {revoke_chance}")
        self._rng = rng
        self.revoke_chance = revoke_chance

    def __repr__(self) -> str:
        return f"Bot(revoke_chance={self.revoke_chance})"

    def choose(
        self,
        hand: Sequence[Card],
        trick: Sequence[Card],
        trump: Trump,
        *,
        must_trump: bool = False,
        partner_winning: bool,
    ) -> Card:
        """The card to play from ``hand`` to ``trick`` (empty when this bot leads)."""
        if not hand:
            raise CardError("an empty hand has no card to play")
        if not trick:
            return self._lead(hand, trump)
        led = trick[0].suit
        others = [card for card in hand if card.suit is not led]
        # The rng is drawn from only when a revoke is possible, so careful bots never touch
        # it and sharing one rng between the shuffle and the bots changes no shuffle.
        if (
            self.revoke_chance > 0.0
            and len(others) < len(hand)
            and others
            and self._rng.random() < self.revoke_chance
        ):
            return _discard(others, trump)
        legal = legal_plays(hand, trick, trump, must_trump=must_trump)
        if len({card.suit for card in legal}) == 1:
            if partner_winning:
                return _lowest(legal)
            winning = [card for card in legal if _wins(trick, card, trump)]
            return _lowest(winning or legal)
        # Void in the suit led and free to play anything.
        if not partner_winning:
            ruffs = [card for card in legal if card.suit is trump and _wins(trick, card, trump)]
            if ruffs:
                return _lowest(ruffs)
        return _discard(legal, trump)

    @staticmethod
    def _lead(hand: Sequence[Card], trump: Trump) -> Card:
        suits = _by_suit([card for card in hand if card.suit is not trump] or hand)
        order = list(Suit)
        suit = min(
            suits,
            key=lambda s: (-len(suits[s]), -max(card.rank for card in suits[s]), order.index(s)),
        )
        return max(suits[suit], key=lambda card: card.rank)


def _check_hands(hands: Sequence[Sequence[Card]]) -> list[list[Card]]:
    if len(hands) != SEATS:
        raise CardError(f"a deal needs {SEATS} hands, not {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != TRICKS_PER_DEAL:
            raise CardError(
                f"seat {seat} holds {len(hand)} cards; every hand needs {TRICKS_PER_DEAL}"
            )
    held = [card for hand in hands for card in hand]
    if set(held) != set(FULL_DECK):
        missing = [str(card) for card in FULL_DECK if card not in held]
        raise CardError(
            f"the hands must hold each of the 52 cards exactly once; missing: {' '.join(missing)}"
        )
    return [list(hand) for hand in hands]


def play_deal(
    hands: Sequence[Sequence[Card]],
    trump: Trump,
    *,
    leader: int = 0,
    bots: Sequence[Bot] | None = None,
    rng: random.Random | None = None,
    must_trump: bool = False,
) -> PlayedDeal:
    """Play all 13 tricks of ``hands`` (indexed by seat), ``leader`` leading the first.

    ``bots`` plays seat by seat; by default four careful bots share ``rng`` (seeded with 0
    when not given). Every card that was not a legal play counts as a revoke against its
    side; the play is not corrected, as at a real table where a revoke is found later.
    """
    held = _check_hands(hands)
    side_of(leader)
    if bots is None:
        shared = rng if rng is not None else random.Random(0)
        bots = [Bot(shared) for _ in range(SEATS)]
    elif len(bots) != SEATS:
        raise CardError(f"a deal needs {SEATS} players, not {len(bots)}")

    tricks: list[tuple[Card, ...]] = []
    leaders: list[int] = []
    winners: list[int] = []
    revokes = [0, 0]
    to_lead = leader
    for _ in range(TRICKS_PER_DEAL):
        trick: list[Card] = []
        for offset in range(SEATS):
            seat = (to_lead + offset) % SEATS
            partner = (seat + 2) % SEATS
            partner_winning = (
                bool(trick) and (to_lead + trick_winner(trick, trump)) % SEATS == partner
            )
            hand = tuple(held[seat])
            card = bots[seat].choose(
                hand, tuple(trick), trump, must_trump=must_trump, partner_winning=partner_winning
            )
            if is_revoke(hand, trick, card, trump, must_trump=must_trump):
                revokes[side_of(seat)] += 1
            held[seat].remove(card)
            trick.append(card)
        tricks.append(tuple(trick))
        leaders.append(to_lead)
        to_lead = (to_lead + trick_winner(trick, trump)) % SEATS
        winners.append(to_lead)

    return PlayedDeal(
        trump=trump,
        leader=leader,
        tricks=tuple(tricks),
        leaders=tuple(leaders),
        winners=tuple(winners),
        revokes=(revokes[0], revokes[1]),
    )


def deal_and_play(
    rng: random.Random,
    trump: Trump,
    *,
    dealer: int = 0,
    bots: Sequence[Bot] | None = None,
    must_trump: bool = False,
) -> PlayedDeal:
    """Shuffle a fresh deck, cut it, deal from the dealer's left and play the deal out.

    The player on the dealer's left receives the first card and leads the first trick.
    """
    side_of(dealer)
    deck = Deck()
    deck.shuffle(rng)
    deck.cut(rng.randint(MIN_CUT_PACKET, len(deck) - MIN_CUT_PACKET))
    first = (dealer + 1) % SEATS
    hands = deck.deal(SEATS, first)
    return play_deal(hands, trump, leader=first, bots=bots, rng=rng, must_trump=must_trump)


# ---------------------------------------------------------------------------------------------
# Club nights: a deal dealt, played and recorded as the table would tap it in.

#: Club seats clockwise; bot seat i is CLUB_SEATS[i], so side 0 is NS and side 1 is EW.
CLUB_SEATS = ("N", "E", "S", "W")
_PARTIES = ("NS", "EW")
#: The club games :func:`club_deal` plays (the partnership games).
BOT_CLUB_GAMES = ("minnesota", "english", "american")
#: Minnesota (docs/rules.md, MN6): a bot grands when it holds at least this many aces and kings.
GRAND_WITH = 4
_HONOURS = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK)


def grands(hand: Sequence[Card]) -> bool:
    """Minnesota: whether a bot grands (shows a black card) with ``hand``: four or more aces
    and kings between them (docs/rules.md, MN6); otherwise it plays low.

    >>> grands([Card.parse(t) for t in ("as", "ah", "kd", "kc", "2s")])
    True
    >>> grands([Card.parse(t) for t in ("as", "ah", "kd", "qc", "2s")])
    False
    """
    return sum(1 for card in hand if card.rank >= Rank.KING) >= GRAND_WITH


def club_deal(
    rng: random.Random, game: str, dealer: str = "N", *, revoke_chance: float = 0.0
) -> dict[str, str | int]:
    """Deal and play one deal of a club game with four bots; return what the table taps in
    (the fields of :class:`~whist.protocol.DealRecord`).

    Minnesota: no trump; each player from the dealer's left in turn grands or not (:func:`grands`);
    the first to grand makes his side the granding side and the player on his left leads, else
    everyone plays low and the dealer's left leads (MN1). English and American: the trump is the
    dealer's last card (EN2); English records the honours held in trumps (EN4).

    >>> club_deal(random.Random(1), "american", "E")["trump"] in ("spades", "hearts", "diamonds",
    ...                                                           "clubs")
    True
    """
    if game not in BOT_CLUB_GAMES:
        raise ValueError(f"the bots play {', '.join(BOT_CLUB_GAMES)}, not {game}")
    dealer_seat = CLUB_SEATS.index(dealer)
    deck = Deck()
    deck.shuffle(rng)
    deck.cut(rng.randint(MIN_CUT_PACKET, len(deck) - MIN_CUT_PACKET))
    first = (dealer_seat + 1) % SEATS
    hands = deck.deal(SEATS, first)
    bots = [Bot(rng, revoke_chance=revoke_chance) for _ in range(SEATS)]
    record: dict[str, str | int] = {}
    if game == "minnesota":
        trump: Trump = None
        order = [(first + i) % SEATS for i in range(SEATS)]
        grander = next((seat for seat in order if grands(hands[seat])), None)
        record["granded"] = "low" if grander is None else _PARTIES[side_of(grander)]
        leader = first if grander is None else (grander + 1) % SEATS
    else:
        trump = hands[dealer_seat][-1].suit  # the dealer's last card, turned (EN2)
        record["trump"] = trump.name.lower()
        leader = first
        if game == "english":
            held = [
                sum(
                    1
                    for seat in (side, side + 2)
                    for c in hands[seat]
                    if c.suit is trump and c.rank in _HONOURS
                )
                for side in (0, 1)
            ]
            for side, count in enumerate(held):
                if count >= 3:
                    record.update(honours=_PARTIES[side], honours_held=count)
    played = play_deal(hands, trump, leader=leader, bots=bots)
    record["ns_tricks"] = played.tricks_won(0)
    if played.revokes[0]:
        record["ns_revokes"] = played.revokes[0]
    if played.revokes[1]:
        record["ew_revokes"] = played.revokes[1]
    return record
