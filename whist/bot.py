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
from collections.abc import Collection, Sequence
from dataclasses import dataclass

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
    parse_trump,
    side_of,
    trick_winner,
    trump_name,
)
from whist.errors import CardError

__all__ = [
    "Bot",
    "SoloBid",
    "club_deal",
    "deal_and_play",
    "grands",
    "individual_deal",
    "play_deal",
    "play_tricks",
    "solo_bid",
]

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


# ---------------------------------------------------------------------------------------------
# The club games played each for oneself (docs/rules.md WI8, SO9, KO9, EO9): the bots' simple
# rules, and a deal (or round) played out trick by trick by n players.

#: The individual games the bots play, and what :func:`individual_deal` needs of each.
BOT_INDIVIDUAL_GAMES = ("widow", "solo", "knockout", "eight-to-one")
#: Widow (WI8): a bot takes the widow when its own hand is worth less than this.
WIDOW_BELOW = 9
#: Solo (SO9): a bot bids a solo with this many trumps or more, and high cards.
SOLO_TRUMPS = 5
SOLO_HIGH_CARDS = 3
_POINTS = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}


def hand_value(hand: Sequence[Card], trump: Trump) -> int:
    """What a bot makes of a hand: 4, 3, 2, 1 for an ace, king, queen, jack, and 1 a trump.

    >>> hand_value([Card.parse(t) for t in ("as", "kc", "2c")], Suit.CLUBS)
    9
    """
    return sum(_POINTS.get(c.rank, 0) + (1 if c.suit is trump else 0) for c in hand)


def takes_widow(hand: Sequence[Card]) -> bool:
    """Widow whist: a bot picks up the widow when its own hand is worth less than
    :data:`WIDOW_BELOW` (clubs are trump; about one hand in six)."""
    return hand_value(hand, Suit.CLUBS) < WIDOW_BELOW


def bids_solo(hand: Sequence[Card], trump: Suit) -> bool:
    """Solo whist: a bot bids a solo with five trumps or more and at least three aces and
    trump honours (ace, king, queen of trumps) between them; otherwise it passes.

    >>> bids_solo([Card.parse(t) for t in ("as", "ks", "qs", "3s", "2s", "4h")], Suit.SPADES)
    True
    """
    trumps = [c for c in hand if c.suit is trump]
    high = sum(1 for c in hand if c.rank is Rank.ACE or (c.suit is trump and c.rank >= Rank.QUEEN))
    return len(trumps) >= SOLO_TRUMPS and high >= SOLO_HIGH_CARDS


def sure_tricks(hand: Sequence[Card], trump: Trump) -> int:
    """8-to-1: a bot bids the tricks it counts as sure: its aces, the king of trumps, and
    a trick for every trump beyond three.

    >>> sure_tricks([Card.parse(t) for t in ("ah", "kh", "2h", "3h", "4h", "ac")], Suit.HEARTS)
    5
    """
    count = sum(1 for c in hand if c.rank is Rank.ACE)
    if trump is not None:
        trumps = [c for c in hand if c.suit is trump]
        count += sum(1 for c in trumps if c.rank is Rank.KING) + max(0, len(trumps) - 3)
    return min(count, len(hand))


def chooses_trump(hand: Sequence[Card]) -> Suit:
    """Knockout: the bot that chooses names its longest suit (the stronger on equal length).

    >>> chooses_trump([Card.parse(t) for t in ("2h", "3h", "as", "kd")])
    <Suit.HEARTS: 'hearts'>
    """
    suits = _by_suit(hand)
    order = list(Suit)
    return min(
        suits,
        key=lambda s: (-len(suits[s]), -sum(int(c.rank) for c in suits[s]), order.index(s)),
    )


def play_tricks(
    hands: Sequence[Sequence[Card]],
    trump: Trump,
    *,
    leader: int,
    bots: Sequence[Bot],
    sides: Sequence[int] | None = None,
    must_trump: bool = False,
    revokers: list[int] | None = None,
) -> list[int]:
    """Play out ``hands`` (one per player, all the same size, in playing order clockwise)
    with ``bots``; return the tricks each player took. ``sides`` says who plays together (a
    solo's defenders): a bot lets a winning partner have the trick; by default every player is
    for themselves. Each card that was not a legal play adds its player to ``revokers``.
    """
    held = [list(hand) for hand in hands]
    if len({len(hand) for hand in held}) != 1 or len(bots) != len(held):
        raise CardError("every player needs a bot and the same number of cards")
    players = len(held)
    won = [0] * players
    to_lead = leader
    for _ in range(len(held[0])):
        trick: list[Card] = []
        for offset in range(players):
            seat = (to_lead + offset) % players
            winning = (to_lead + trick_winner(trick, trump)) % players if trick else None
            partner_winning = (
                sides is not None
                and winning is not None
                and winning != seat
                and sides[winning] == sides[seat]
            )
            hand = tuple(held[seat])
            card = bots[seat].choose(
                hand, tuple(trick), trump, must_trump=must_trump, partner_winning=partner_winning
            )
            if revokers is not None and is_revoke(hand, trick, card, trump, must_trump=must_trump):
                revokers.append(seat)
            held[seat].remove(card)
            trick.append(card)
        to_lead = (to_lead + trick_winner(trick, trump)) % players
        won[to_lead] += 1
    return won


#: Solo's contracts by their wire names, lowest first (docs/rules.md SO1): what the
#: simulated tables bid in turn, deal by deal (SO9).
SOLO_CONTRACTS = (
    "pass", "prop", "solo", "misere", "abondance", "royal_abondance", "misere_ouverte",
    "abondance_declaree",
)  # fmt: skip
_NO_TRUMP_CONTRACTS = ("misere", "misere_ouverte", "abondance_declaree")


@dataclass(frozen=True)
class SoloBid:
    """What a Solo table's bidding came to: the contract (its wire name), the bidder and the
    partner who accepted a proposal (indexes in playing order's seats), and the trump played
    (None: a misère or abondance déclarée)."""

    contract: str
    bidder: int
    partner: int | None
    trump: Trump


def _high_cards(hand: Sequence[Card]) -> int:
    return sum(1 for c in hand if c.rank >= Rank.JACK)


def _longest_suit(hand: Sequence[Card]) -> Suit:
    suits = _by_suit(hand)
    order = list(Suit)
    return min(suits, key=lambda s: (-len(suits[s]), -sum(int(c.rank) for c in suits[s]),
                                     order.index(s)))  # fmt: skip


def solo_bid(
    contract: str, hands: Sequence[Sequence[Card]], turned: Suit, order: Sequence[int]
) -> SoloBid | None:
    """The table bids ``contract`` (SO9): the bot whose hand suits it best bids it, the first
    in ``order`` (from the dealer's left) on equal hands. A misère goes to the fewest high
    cards (jack or better), a trick contract to the strongest hand in its trump (the turned
    suit; abondance: the bidder's longest suit, which it names; none for abondance
    déclarée); a proposal is accepted by the strongest other hand. ``pass``: None.

    >>> hands = [[Card.parse(t) for t in h.split()] for h in ("2c 3c", "as ks", "4d 5d")]
    >>> solo_bid("misere", hands, Suit.SPADES, [0, 1, 2]).bidder
    0
    >>> bid = solo_bid("prop", hands, Suit.SPADES, [0, 1, 2])
    >>> (bid.bidder, bid.partner, bid.trump)
    (1, 0, <Suit.SPADES: 'spades'>)
    """
    if contract not in SOLO_CONTRACTS:
        raise ValueError(f"Solo has no contract {contract!r}; it has {', '.join(SOLO_CONTRACTS)}")
    if contract == "pass":
        return None
    if contract in ("misere", "misere_ouverte"):
        bidder = min(order, key=lambda i: (_high_cards(hands[i]), order.index(i)))
        return SoloBid(contract, bidder, None, None)

    def trump_of(i: int) -> Trump:
        if contract == "abondance_declaree":
            return None
        return _longest_suit(hands[i]) if contract == "abondance" else turned

    bidder = min(order, key=lambda i: (-hand_value(hands[i], trump_of(i)), order.index(i)))
    trump = trump_of(bidder)
    partner = None
    if contract == "prop":
        others = [i for i in order if i != bidder]
        partner = min(others, key=lambda i: (-hand_value(hands[i], trump), others.index(i)))
    return SoloBid(contract, bidder, partner, trump)


def _shuffled(rng: random.Random) -> list[Card]:
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    return cards


def individual_deal(
    rng: random.Random,
    game: str,
    dealer: str,
    *,
    players: Sequence[str] = CLUB_SEATS,
    cards: int = TRICKS_PER_DEAL,
    trump: str | None = None,
    chooser: str | None = None,
    house_rules: Collection[str] = (),
    contract: str | None = None,
    in_turn: int | None = None,
    revoke_chance: float = 0.0,
) -> dict[str, object]:
    """Deal and play one deal (or round) of a game played each for oneself with bots; return
    what the table taps in, in the wire's form (:class:`~whist.protocol.DealRecord`: per-seat
    ``tricks`` and ``bids`` as dicts).

    ``players`` are the seats still playing, clockwise (Widow ``1 2 3``; Knockout those still
    in); ``dealer`` one of them. Knockout and 8-to-1 take the round's ``cards`` from the hub's
    ClubScore; 8-to-1 its drawn ``trump`` (``none`` or a suit), Knockout who ``chooser``
    names the trump (None: the first round, the next card of the pack is turned).
    ``house_rules`` are the night's (``ClubRules.house_rules``): with Widow's
    ``must_play_a_club`` a bot with none of the suit led plays a club if it has one (WI6).
    Solo: with ``contract`` (a wire name) the table bids that contract (:func:`solo_bid`,
    SO9), and with ``in_turn`` (the deal's number at the table) every contract in turn, deal
    by deal; without either, a bot bids a solo by :func:`bids_solo` or everyone passes; with
    ``revoke_chance`` a bot may revoke, and the first who did is recorded (SO7).

    >>> record = individual_deal(random.Random(2), "widow", "1", players=("1", "2", "3"))
    >>> sum(record["tricks"].values())
    13
    """
    if game not in BOT_INDIVIDUAL_GAMES:
        raise ValueError(f"the bots play {', '.join(BOT_INDIVIDUAL_GAMES)}, not {game}")
    seats = list(players)
    if dealer not in seats:
        raise CardError(f"the dealer {dealer} is not one of the players {', '.join(seats)}")
    n = len(seats)
    first = (seats.index(dealer) + 1) % n  # the dealer's left receives first and leads
    pack = _shuffled(rng)
    bots = [Bot(rng) for _ in seats]
    record: dict[str, object] = {}
    if game == "widow":
        widow, hands = pack[:13], [pack[13 * (i + 1) : 13 * (i + 2)] for i in range(n)]
        taker = next((i for i in _order(first, n) if takes_widow(hands[i])), None)
        if taker is not None:
            record["widow"] = seats[taker]
            if hand_value(widow, Suit.CLUBS) > hand_value(hands[taker], Suit.CLUBS):
                hands[taker] = widow
        must_club = "must_play_a_club" in house_rules
        won = play_tricks(hands, Suit.CLUBS, leader=first, bots=bots, must_trump=must_club)
    elif game == "solo":
        hands = [pack[13 * i : 13 * (i + 1)] for i in range(n)]
        suit = hands[seats.index(dealer)][-1].suit  # the dealer's last card is turned
        order = _order(first, n)
        if contract is None and in_turn is not None:
            contract = SOLO_CONTRACTS[(in_turn - 1) % len(SOLO_CONTRACTS)]
        if contract is None:
            bidder = next((i for i in order if bids_solo(hands[i], suit)), None)
            bid = None if bidder is None else SoloBid("solo", bidder, None, suit)
        else:
            bid = solo_bid(contract, hands, suit, order)
        if bid is None:
            return {"contract": "pass"}
        bidders = {bid.bidder} if bid.partner is None else {bid.bidder, bid.partner}
        sides = [0 if i in bidders else 1 for i in range(n)]
        bots = [Bot(rng, revoke_chance=revoke_chance) for _ in seats]
        revokers: list[int] = []
        won = play_tricks(hands, bid.trump, leader=first, bots=bots, sides=sides, revokers=revokers)
        solo: dict[str, object] = {
            "contract": bid.contract,
            "bidder": seats[bid.bidder],
            "bidder_tricks": sum(won[i] for i in bidders),
        }
        if bid.partner is not None:
            solo["partner"] = seats[bid.partner]
        if revokers:
            solo["revoker"] = seats[revokers[0]]
        return solo
    else:
        hands = [pack[cards * i : cards * (i + 1)] for i in range(n)]
        if game == "knockout":
            if chooser is None:
                suit = pack[cards * n].suit  # the next card of the pack (KO3)
            else:
                suit = chooses_trump(hands[seats.index(chooser)])
            played_trump: Trump = suit
            record["trump"] = suit.value
            won = play_tricks(hands, suit, leader=first, bots=bots)
        else:
            played_trump = parse_trump(trump or "none")
            record["trump"] = trump_name(played_trump)
            record["bids"] = {
                s: sure_tricks(h, played_trump) for s, h in zip(seats, hands, strict=True)
            }
            won = play_tricks(hands, played_trump, leader=first, bots=bots, must_trump=True)
    record["tricks"] = dict(zip(seats, won, strict=True))
    return record


def _order(first: int, n: int) -> list[int]:
    return [(first + i) % n for i in range(n)]
