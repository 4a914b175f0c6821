"""Cards, deck, tricks and legal plays: worked examples first, then properties."""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import whist.cards
from whist.cards import (
    FULL_DECK,
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
from whist.errors import CardError, WhistError

# No example database: tests must not leave files in the working tree.
FAST = settings(max_examples=100, database=None, deadline=None)

TRUMPS: list[Trump] = [*Suit, None]


def cards(text: str) -> list[Card]:
    return [Card.parse(word) for word in text.split()]


def test_doctests() -> None:
    result = doctest.testmod(whist.cards)
    assert result.attempted > 0
    assert result.failed == 0


# --- suits, trump, ranks ------------------------------------------------------------------


def test_suit_symbols_and_colour() -> None:
    assert [suit.symbol for suit in Suit] == ["♠", "♥", "♦", "♣"]
    assert [suit for suit in Suit if suit.is_red] == [Suit.HEARTS, Suit.DIAMONDS]
    assert [suit.value for suit in Suit] == ["spades", "hearts", "diamonds", "clubs"]


@pytest.mark.parametrize(
    ("text", "trump"),
    [
        ("spades", Suit.SPADES),
        ("Hearts", Suit.HEARTS),
        ("  DIAMONDS ", Suit.DIAMONDS),
        ("clubs\n", Suit.CLUBS),
        ("none", None),
        (" None ", None),
    ],
)
def test_parse_trump(text: str, trump: Trump) -> None:
    assert parse_trump(text) is trump


@pytest.mark.parametrize("text", ["", "spade", "no trump", "s", "♠", "null"])
def test_parse_trump_refuses_other_words(text: str) -> None:
    with pytest.raises(CardError, match="not a trump"):
        parse_trump(text)


def test_card_errors_are_value_errors() -> None:
    with pytest.raises(ValueError):
        parse_trump("trumps")
    with pytest.raises(WhistError):
        Card.parse("ZZ")


@pytest.mark.parametrize("trump", TRUMPS)
def test_trump_name_round_trips(trump: Trump) -> None:
    assert parse_trump(trump_name(trump)) is trump


def test_trump_name_none() -> None:
    assert trump_name(None) == "none"
    assert trump_name(Suit.SPADES) == "spades"


def test_rank_labels_and_ace_high() -> None:
    assert [rank.label for rank in Rank] == [
        "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A",
    ]  # fmt: skip
    assert Rank.ACE > Rank.KING > Rank.TWO
    assert int(Rank.TEN) == 10


# --- cards --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "card"),
    [
        ("AS", Card(Suit.SPADES, Rank.ACE)),
        ("10h", Card(Suit.HEARTS, Rank.TEN)),
        ("qd", Card(Suit.DIAMONDS, Rank.QUEEN)),
        ("A♠", Card(Suit.SPADES, Rank.ACE)),
        ("10♥", Card(Suit.HEARTS, Rank.TEN)),
        (" 2c ", Card(Suit.CLUBS, Rank.TWO)),
        ("J♣", Card(Suit.CLUBS, Rank.JACK)),
        ("K♡", Card(Suit.HEARTS, Rank.KING)),
        ("7♦\ufe0f", Card(Suit.DIAMONDS, Rank.SEVEN)),
    ],
)
def test_card_parse(text: str, card: Card) -> None:
    assert Card.parse(text) == card


@pytest.mark.parametrize(
    "text", ["", "A", "S", "10", "1S", "11h", "AX", "AS!", "A S", "♠A", "TS", "0S", "ace of spades"]
)
def test_card_parse_refuses_nonsense(text: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        Card.parse(text)


def test_card_str() -> None:
    assert str(Card(Suit.SPADES, Rank.ACE)) == "A♠"
    assert str(Card(Suit.HEARTS, Rank.TEN)) == "10♥"
    assert str(Card(Suit.CLUBS, Rank.TWO)) == "2♣"


@pytest.mark.parametrize("card", FULL_DECK, ids=str)
def test_card_parse_round_trips(card: Card) -> None:
    assert Card.parse(str(card)) == card
    letters = f"{card.rank.label}{card.suit.name[0]}"
    assert Card.parse(letters) == card
    assert Card.parse(letters.lower()) == card


def test_cards_are_frozen_and_hashable() -> None:
    card = Card(Suit.HEARTS, Rank.ACE)
    assert {card, Card.parse("AH")} == {card}
    with pytest.raises(AttributeError):
        card.rank = Rank.TWO  # type: ignore[misc]


def test_full_deck_is_52_cards_suit_by_suit() -> None:
    assert len(FULL_DECK) == 52
    assert len(set(FULL_DECK)) == 52
    for index, suit in enumerate(Suit):
        block = FULL_DECK[13 * index : 13 * (index + 1)]
        assert {card.suit for card in block} == {suit}
        assert [card.rank for card in block] == list(Rank)


# --- the deck -----------------------------------------------------------------------------


def test_fresh_deck_is_full() -> None:
    deck = Deck()
    assert deck.cards == FULL_DECK
    assert len(deck) == 52


def test_deck_refuses_duplicates() -> None:
    with pytest.raises(CardError, match="twice: A♠"):
        Deck(cards("AS KH AS"))


def test_deck_from_cards_keeps_order() -> None:
    deck = Deck(cards("AS KH 2c"))
    assert deck.cards == tuple(cards("AS KH 2C"))
    assert len(deck) == 3


def test_shuffle_is_a_seeded_permutation() -> None:
    first, second = Deck(), Deck()
    first.shuffle(random.Random(42))
    second.shuffle(random.Random(42))
    assert first.cards == second.cards
    assert first.cards != FULL_DECK
    assert sorted(first.cards, key=FULL_DECK.index) == list(FULL_DECK)


def test_cut_moves_the_top_packet_under() -> None:
    deck = Deck()
    deck.cut(10)
    assert deck.cards == FULL_DECK[10:] + FULL_DECK[:10]


@pytest.mark.parametrize("at", [4, 26, 48])
def test_cut_allows_four_cards_each_side(at: int) -> None:
    deck = Deck()
    deck.cut(at)
    assert deck.cards[-at:] == FULL_DECK[:at]


@pytest.mark.parametrize("at", [-1, 0, 1, 3, 49, 51, 52, 60])
def test_cut_leaving_fewer_than_four_cards_is_refused(at: int) -> None:
    deck = Deck()
    with pytest.raises(CardError, match="at least 4 cards"):
        deck.cut(at)
    assert deck.cards == FULL_DECK


def test_deal_gives_thirteen_each_starting_with_first() -> None:
    deck = Deck()
    deck.shuffle(random.Random(5))
    top = deck.cards
    hands = deck.deal(players=4, first=1)
    assert [len(hand) for hand in hands] == [13, 13, 13, 13]
    dealt = [card for hand in hands for card in hand]
    assert len(set(dealt)) == 52
    assert hands[1][0] == top[0]
    assert hands[2][0] == top[1]
    assert hands[3][0] == top[2]
    assert hands[0][0] == top[3]
    assert hands[1][1] == top[4]
    assert len(deck) == 0


def test_deal_to_other_table_sizes() -> None:
    hands = Deck(FULL_DECK[:7]).deal(players=3, first=2)
    assert hands == (FULL_DECK[1:7:3], FULL_DECK[2:7:3], FULL_DECK[0:7:3])


@pytest.mark.parametrize(("players", "first"), [(0, 0), (4, 4), (4, -1)])
def test_deal_refuses_impossible_seats(players: int, first: int) -> None:
    with pytest.raises(CardError):
        Deck().deal(players=players, first=first)


def test_draw_picks_a_card_and_leaves_it() -> None:
    deck = Deck()
    deck.shuffle(random.Random(1))
    before = deck.cards
    card = deck.draw(random.Random(9))
    assert card in before
    assert deck.cards == before
    assert deck.draw(random.Random(9)) == card


def test_draw_from_an_empty_deck_is_refused() -> None:
    deck = Deck()
    deck.deal()
    with pytest.raises(CardError, match="empty deck"):
        deck.draw(random.Random(0))


# --- tricks ---------------------------------------------------------------------------------


def test_trump_wins_the_trick() -> None:
    assert trick_winner(cards("10h KH 2s"), Suit.SPADES) == 2


def test_highest_of_suit_led_wins_without_trump() -> None:
    assert trick_winner(cards("10h KH 2s"), None) == 1


def test_off_suit_ace_loses_at_no_trump() -> None:
    assert trick_winner(cards("3d AS AH 4d"), None) == 3


def test_off_suit_ace_loses_when_it_is_not_trump() -> None:
    assert trick_winner(cards("3d AS AH 4d"), Suit.CLUBS) == 3


def test_highest_trump_wins_among_trumps() -> None:
    assert trick_winner(cards("AH 2c 9c 5c"), Suit.CLUBS) == 2


def test_trump_led_is_just_a_suit_led() -> None:
    assert trick_winner(cards("2c AH AS 3c"), Suit.CLUBS) == 3


def test_lone_lead_wins() -> None:
    assert trick_winner(cards("2c"), Suit.SPADES) == 0


def test_empty_trick_has_no_winner() -> None:
    with pytest.raises(CardError, match="empty trick"):
        trick_winner([], None)


@FAST
@given(
    st.lists(st.sampled_from(FULL_DECK), min_size=1, max_size=4, unique=True),
    st.sampled_from(TRUMPS),
)
def test_winner_is_highest_trump_else_highest_of_suit_led(trick: list[Card], trump: Trump) -> None:
    winner = trick[trick_winner(trick, trump)]
    trumps = [card for card in trick if card.suit is trump]
    if trumps:
        assert winner == max(trumps, key=lambda card: card.rank)
    else:
        led = [card for card in trick if card.suit is trick[0].suit]
        assert winner == max(led, key=lambda card: card.rank)


# --- legal plays and revokes --------------------------------------------------------------


def test_any_card_may_lead() -> None:
    hand = cards("2s KH 3c")
    assert legal_plays(hand, [], Suit.SPADES, must_trump=True) == tuple(hand)


def test_must_follow_suit_led() -> None:
    hand = cards("2s KH 3h 3c")
    assert legal_plays(hand, cards("AH"), Suit.SPADES) == tuple(cards("KH 3h"))
    assert legal_plays(hand, cards("AH"), Suit.SPADES, must_trump=True) == tuple(cards("KH 3h"))


def test_void_player_may_play_anything() -> None:
    hand = cards("2s KH 3c")
    assert legal_plays(hand, cards("AD 4d"), Suit.SPADES) == tuple(hand)


def test_must_trump_forces_a_void_player_to_trump() -> None:
    hand = cards("2s KH 3c 9s")
    assert legal_plays(hand, cards("AD"), Suit.SPADES, must_trump=True) == tuple(cards("2s 9s"))


def test_must_trump_without_a_trump_in_hand_allows_anything() -> None:
    hand = cards("KH 3c")
    assert legal_plays(hand, cards("AD"), Suit.SPADES, must_trump=True) == tuple(hand)


def test_must_trump_at_no_trump_changes_nothing() -> None:
    hand = cards("2s KH 3c")
    assert legal_plays(hand, cards("AD"), None, must_trump=True) == tuple(hand)


def test_is_revoke() -> None:
    hand = cards("2s KH 3c")
    assert is_revoke(hand, cards("AH"), Card.parse("2s"), Suit.SPADES)
    assert not is_revoke(hand, cards("AH"), Card.parse("KH"), Suit.SPADES)
    assert not is_revoke(hand, cards("AD"), Card.parse("3c"), Suit.SPADES)
    assert is_revoke(hand, cards("AD"), Card.parse("3c"), Suit.SPADES, must_trump=True)
    assert not is_revoke(hand, [], Card.parse("3c"), Suit.SPADES, must_trump=True)


def test_playing_a_card_not_held_is_refused() -> None:
    with pytest.raises(CardError, match="not in the hand"):
        is_revoke(cards("2s KH"), cards("AH"), Card.parse("QH"), None)


@FAST
@given(
    st.lists(st.sampled_from(FULL_DECK), min_size=5, max_size=16, unique=True),
    st.integers(min_value=0, max_value=3),
    st.sampled_from(TRUMPS),
    st.booleans(),
)
def test_legal_plays_are_a_nonempty_part_of_the_hand(
    pack: list[Card], played: int, trump: Trump, must_trump: bool
) -> None:
    trick, hand = pack[:played], pack[played:]
    legal = legal_plays(hand, trick, trump, must_trump=must_trump)
    assert legal
    assert set(legal) <= set(hand)
    for card in hand:
        assert is_revoke(hand, trick, card, trump, must_trump=must_trump) == (card not in legal)
    if trick and any(card.suit is trick[0].suit for card in hand):
        assert all(card.suit is trick[0].suit for card in legal)


# --- seats and played deals ---------------------------------------------------------------


def test_sides() -> None:
    assert [side_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    with pytest.raises(CardError):
        side_of(4)


def one_trick_deal(**changes: object) -> PlayedDeal:
    fields: dict[str, object] = {
        "trump": Suit.SPADES,
        "leader": 1,
        "tricks": (tuple(cards("KH 2s AH 3h")),),
        "leaders": (1,),
        "winners": (2,),
        "revokes": (0, 1),
    }
    fields.update(changes)
    return PlayedDeal(**fields)  # type: ignore[arg-type]


def test_played_deal_counts_tricks_by_side() -> None:
    deal = one_trick_deal()
    assert (deal.tricks_won(0), deal.tricks_won(1)) == (1, 0)
    with pytest.raises(CardError, match="side 2"):
        deal.tricks_won(2)


@pytest.mark.parametrize(
    "changes",
    [
        {"winners": ()},
        {"leaders": (1, 2)},
        {"leader": 0},
        {"winners": (4,)},
        {"revokes": (-1, 0)},
    ],
)
def test_played_deal_refuses_an_inconsistent_record(changes: dict[str, object]) -> None:
    with pytest.raises(CardError):
        one_trick_deal(**changes)
