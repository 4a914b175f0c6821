"""The rule-following bot and deals played out by bots."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whist.bot
from whist.bot import Bot, deal_and_play, play_deal
from whist.cards import FULL_DECK, Card, Deck, PlayedDeal, Suit, Trump, side_of, trick_winner
from whist.errors import CardError

# No example database: tests must not leave files in the working tree.
FAST = settings(max_examples=60, database=None, deadline=None)

TRUMPS: list[Trump] = [*Suit, None]


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def choose(
    hand: str,
    trick: str,
    trump: Trump,
    *,
    partner_winning: bool = False,
    must_trump: bool = False,
    revoke_chance: float = 0.0,
) -> str:
    bot = Bot(random.Random(0), revoke_chance=revoke_chance)
    card = bot.choose(
        cards(hand),
        cards(trick),
        trump,
        must_trump=must_trump,
        partner_winning=partner_winning,
    )
    return str(card)


def test_doctests() -> None:
    result = doctest.testmod(whist.bot)
    assert result.attempted > 0
    assert result.failed == 0


# --- the bot's rules ----------------------------------------------------------------------


def test_leads_highest_of_longest_side_suit() -> None:
    assert choose("AS KS QS JS 2h 5h 9h 3c", "", Suit.SPADES) == "9♥"


def test_leads_from_the_longest_suit_at_no_trump() -> None:
    assert choose("AS 2h 5h 9h 3c", "", None) == "9♥"


def test_equal_long_suits_lead_the_one_with_the_higher_top() -> None:
    assert choose("2h 9h 3c KC", "", None) == "K♣"


def test_leads_highest_trump_when_holding_only_trumps() -> None:
    assert choose("2s 9s QS", "", Suit.SPADES) == "Q♠"


def test_partner_winning_plays_lowest_of_suit() -> None:
    assert choose("2h 9h KH", "10h", None, partner_winning=True) == "2♥"


def test_wins_as_cheaply_as_possible() -> None:
    assert choose("2h JH KH AH", "10h", None) == "J♥"


def test_plays_lowest_when_it_cannot_win() -> None:
    assert choose("2h 9h 3c", "10h", None) == "2♥"


def test_cannot_beat_a_ruff_so_plays_lowest_of_suit() -> None:
    assert choose("2h AH", "10h 2s", Suit.SPADES) == "2♥"


def test_void_ruffs_with_lowest_winning_trump() -> None:
    assert choose("3s 9s KS 4c 8c", "AH", Suit.SPADES) == "3♠"


def test_void_overruffs_as_cheaply_as_possible() -> None:
    assert choose("3s 9s KS 4c", "AH 5s", Suit.SPADES) == "9♠"


def test_void_discards_lowest_of_longest_side_suit_when_partner_wins() -> None:
    assert choose("3s 9s 4c 8c 7d", "AH", Suit.SPADES, partner_winning=True) == "4♣"


def test_void_discards_when_it_cannot_overruff() -> None:
    assert choose("3s 4c 8c 7d", "AH KS", Suit.SPADES) == "4♣"


def test_void_at_no_trump_discards() -> None:
    assert choose("3s 4c 8c 2d", "AH", None) == "4♣"


def test_void_holding_only_trumps_plays_one() -> None:
    assert choose("3s 9s", "AH KS", Suit.SPADES) == "3♠"


def test_must_trump_forces_a_ruff_even_for_a_winning_partner() -> None:
    hand = "3s 9s 4c 8c"
    assert choose(hand, "AH", Suit.SPADES, partner_winning=True, must_trump=True) == "3♠"
    assert choose(hand, "AH", Suit.SPADES, partner_winning=True) == "4♣"


def test_certain_revoke_plays_another_suit() -> None:
    assert choose("2h 9h 4c 8c 3d", "10h", None, revoke_chance=1.0) == "4♣"


def test_cannot_revoke_holding_only_the_suit_led() -> None:
    assert choose("2h 9h", "10h", None, revoke_chance=1.0) == "2♥"


def test_leading_is_never_a_revoke() -> None:
    assert choose("2h 9h 4c", "", None, revoke_chance=1.0) == "9♥"


@pytest.mark.parametrize("chance", [-0.1, 1.5])
def test_revoke_chance_is_a_probability(chance: float) -> None:
    with pytest.raises(CardError, match="between 0 and 1"):
        Bot(random.Random(0), revoke_chance=chance)


def test_an_empty_hand_cannot_play() -> None:
    with pytest.raises(CardError):
        Bot(random.Random(0)).choose([], [], None, partner_winning=False)


# --- playing a deal -----------------------------------------------------------------------


def dealt(seed: int) -> tuple[tuple[Card, ...], ...]:
    deck = Deck()
    deck.shuffle(random.Random(seed))
    return deck.deal()


def test_play_deal_refuses_three_hands() -> None:
    with pytest.raises(CardError, match="4 hands"):
        play_deal(dealt(1)[:3], None)


def test_play_deal_refuses_a_short_hand() -> None:
    hands = list(dealt(1))
    hands[2] = hands[2][:12]
    with pytest.raises(CardError, match="seat 2 holds 12 cards"):
        play_deal(hands, None)


def test_play_deal_refuses_a_card_held_twice() -> None:
    hands = [list(hand) for hand in dealt(1)]
    hands[3][0] = hands[0][0]
    with pytest.raises(CardError, match="exactly once"):
        play_deal(hands, None)


def test_play_deal_refuses_a_wrong_number_of_bots() -> None:
    with pytest.raises(CardError, match="4 players"):
        play_deal(dealt(1), None, bots=[Bot(random.Random(0))] * 3)


def test_play_deal_refuses_an_unknown_leader() -> None:
    with pytest.raises(CardError, match="seat 4"):
        play_deal(dealt(1), None, leader=4)


def test_same_seed_same_deal() -> None:
    first = deal_and_play(random.Random(11), Suit.CLUBS, dealer=2)
    second = deal_and_play(random.Random(11), Suit.CLUBS, dealer=2)
    assert first == second
    assert first != deal_and_play(random.Random(12), Suit.CLUBS, dealer=2)


def test_dealer_left_receives_first_card_and_leads() -> None:
    rng = random.Random(4)
    deal = deal_and_play(random.Random(4), None, dealer=3)
    # Replay the same shuffle and cut to see who got the top card.
    deck = Deck()
    deck.shuffle(rng)
    deck.cut(rng.randint(4, 48))
    top = deck.cards[0]
    assert deal.leader == 0
    assert deal.leaders[0] == 0
    assert top in hands_from(deal)[0]


def test_revokes_are_counted_against_the_side_that_made_them() -> None:
    careless = Bot(random.Random(0), revoke_chance=1.0)
    careful = Bot(random.Random(0))
    deal = play_deal(dealt(3), Suit.HEARTS, bots=[careful, careless, careful, careless])
    assert deal.revokes[0] == 0
    assert deal.revokes[1] > 0
    assert deal.revokes == replayed_revokes(deal, must_trump=False)


# --- properties of any played deal --------------------------------------------------------


def seat_of(deal: PlayedDeal, trick: int, position: int) -> int:
    return (deal.leaders[trick] + position) % 4


def hands_from(deal: PlayedDeal) -> list[list[Card]]:
    """Each seat's hand as dealt, rebuilt from the cards it played."""
    hands: list[list[Card]] = [[] for _ in range(4)]
    for number, trick in enumerate(deal.tricks):
        for position, card in enumerate(trick):
            hands[seat_of(deal, number, position)].append(card)
    return hands


def replayed_revokes(deal: PlayedDeal, *, must_trump: bool) -> tuple[int, int]:
    """Revokes found by replaying the deal with the rules written out again, independently."""
    remaining = hands_from(deal)
    counts = [0, 0]
    for number, trick in enumerate(deal.tricks):
        led = trick[0].suit
        for position, card in enumerate(trick):
            seat = seat_of(deal, number, position)
            hand = remaining[seat]
            if position > 0:
                could_follow = any(held.suit is led for held in hand)
                could_trump = deal.trump is not None and any(
                    held.suit is deal.trump for held in hand
                )
                if (could_follow and card.suit is not led) or (
                    must_trump and not could_follow and could_trump and card.suit is not deal.trump
                ):
                    counts[side_of(seat)] += 1
            hand.remove(card)
    return counts[0], counts[1]


def check_deal_is_consistent(deal: PlayedDeal, dealer: int) -> None:
    assert deal.leader == (dealer + 1) % 4
    assert len(deal.tricks) == 13
    assert all(len(trick) == 4 for trick in deal.tricks)
    played = [card for trick in deal.tricks for card in trick]
    assert sorted(played, key=FULL_DECK.index) == list(FULL_DECK)
    assert all(len(hand) == 13 for hand in hands_from(deal))
    assert deal.tricks_won(0) + deal.tricks_won(1) == 13
    assert deal.leaders[0] == deal.leader
    assert list(deal.leaders[1:]) == list(deal.winners[:-1])
    for number, trick in enumerate(deal.tricks):
        assert deal.winners[number] == seat_of(deal, number, trick_winner(trick, deal.trump))


@FAST
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    trump=st.sampled_from(TRUMPS),
    dealer=st.integers(min_value=0, max_value=3),
    must_trump=st.booleans(),
)
def test_careful_bots_never_revoke(seed: int, trump: Trump, dealer: int, must_trump: bool) -> None:
    deal = deal_and_play(random.Random(seed), trump, dealer=dealer, must_trump=must_trump)
    check_deal_is_consistent(deal, dealer)
    assert deal.revokes == (0, 0)
    assert replayed_revokes(deal, must_trump=must_trump) == (0, 0)


@FAST
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    trump=st.sampled_from(TRUMPS),
    dealer=st.integers(min_value=0, max_value=3),
    must_trump=st.booleans(),
)
def test_careless_bots_revokes_are_all_counted(
    seed: int, trump: Trump, dealer: int, must_trump: bool
) -> None:
    rng = random.Random(seed)
    bots = [Bot(rng, revoke_chance=1.0) for _ in range(4)]
    deal = deal_and_play(rng, trump, dealer=dealer, bots=bots, must_trump=must_trump)
    check_deal_is_consistent(deal, dealer)
    assert deal.revokes == replayed_revokes(deal, must_trump=must_trump)


@pytest.mark.parametrize("seed", range(5))
def test_careless_bots_do_revoke(seed: int) -> None:
    rng = random.Random(seed)
    bots = [Bot(rng, revoke_chance=1.0) for _ in range(4)]
    deal = deal_and_play(rng, Suit.DIAMONDS, bots=bots)
    assert sum(deal.revokes) > 0


def test_the_bots_play_every_format() -> None:
    """``whist-hub demo --format`` offers every format (hub/cli.py): a new game needs its bots
    (docs/adding-a-game.md)."""
    from whist.bot import BOT_CLUB_GAMES, BOT_INDIVIDUAL_GAMES
    from whist.formats import Format

    played = [f.value for f in Format.military()] + [*BOT_CLUB_GAMES, *BOT_INDIVIDUAL_GAMES]
    assert sorted(played) == sorted(f.value for f in Format)
