"""8-to-1 bidding whist (docs/rules.md, EO): the seed's five examples, the 21 rounds, no
trump in the eight-card rounds, the trump drawn from an injected source, a game's winner, and
whole games against an independent reference (hypothesis)."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whist.cards import Suit
from whist.errors import DealError
from whist.formats import Format, NightLength
from whist.formats.base import ClubSettings
from whist.formats.eight_to_one import ROUNDS, draw_trump, eight_to_one_points, round_cards
from whist.formats.eight_to_one import RULES as EIGHT

SEATS = ("N", "E", "S", "W")


def fields(bids, tricks, trump=None):
    out = {f"bid_{s}": b for s, b in zip(SEATS, bids, strict=True)}
    out.update({f"tricks_{s}": t for s, t in zip(SEATS, tricks, strict=True)})
    if trump is not None:
        out["trump"] = trump
    return out


def even(cards):
    """A round's tricks shared out evenly, and bids that match them."""
    tricks = [cards // 4 + (i < cards % 4) for i in range(4)]
    return tricks, tricks


def test_the_registry_names_eight_to_one():
    assert Format("eight-to-one").club is EIGHT
    assert EIGHT.name == "eight-to-one" and EIGHT.parties == SEATS


@pytest.mark.parametrize(
    ("bid", "won", "points"),
    [(0, 0, 50), (1, 1, 60), (2, 2, 70), (2, 4, -20), (2, 1, -10)],
)
def test_the_seeds_five_examples(bid, won, points):
    assert eight_to_one_points(bid, won) == points
    # The same through a table: N bids and wins as the seed says, in an eight-card round.
    others = 8 - won
    tricks = [won, others, 0, 0]
    table = EIGHT.play(EIGHT.start(), EIGHT.record(fields([bid, 0, 0, 0], tricks)))
    assert table.score_of("N") == points


def test_twenty_one_rounds_four_of_eight_seven_down_to_one_two_up_to_seven_four_of_eight():
    assert len(ROUNDS) == 21
    assert ROUNDS == (8, 8, 8, 8, 7, 6, 5, 4, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 8)
    assert [round_cards(r) for r in (1, 11, 21)] == [8, 1, 8]
    with pytest.raises(DealError, match="rounds 1 to 21"):
        round_cards(22)


class Fixed:
    """A random source that always draws the same index (and counts its draws)."""

    def __init__(self, index):
        self.index, self.draws = index, 0

    def randrange(self, stop):
        self.draws += 1
        return self.index % stop


def test_no_trump_in_the_eight_card_rounds_and_nothing_drawn():
    source = Fixed(0)
    assert draw_trump(8, source) is None and source.draws == 0


def test_the_trump_comes_from_the_injected_source():
    assert [draw_trump(5, Fixed(i)) for i in range(4)] == [
        Suit.SPADES,
        Suit.HEARTS,
        Suit.DIAMONDS,
        Suit.CLUBS,
    ]
    # The same seed draws the same trumps (the hub broadcasts the draw; tables never draw).
    one = [draw_trump(c, random.Random(7)) for c in ROUNDS]
    assert one == [draw_trump(c, random.Random(7)) for c in ROUNDS]
    drawn = Counter(draw_trump(3, random.Random(seed)) for seed in range(400))
    assert set(drawn) == set(Suit) and min(drawn.values()) > 60
    with pytest.raises(DealError, match="1 to 8 cards"):
        draw_trump(9, Fixed(0))


def test_a_trump_entered_must_fit_the_round():
    table = EIGHT.start()
    with pytest.raises(DealError, match="round 1 deals 8 cards: there is no trump"):
        EIGHT.play(table, EIGHT.record(fields(*even(8), trump="hearts")))
    table = EIGHT.play(table, EIGHT.record(fields(*even(8), trump="none")))
    for _ in range(3):
        table = EIGHT.play(table, EIGHT.record(fields(*even(8))))
    with pytest.raises(DealError, match="round 5 deals 7 cards: it has a trump"):
        EIGHT.play(table, EIGHT.record(fields(*even(7), trump="none")))
    table = EIGHT.play(table, EIGHT.record(fields(*even(7), trump="♠")))
    assert table.round == 5


@pytest.mark.parametrize(
    ("bids", "tricks", "message"),
    [
        ([1, 1, 1, 1], [2, 2, 2, 1], "make 7, but this deal has 8 tricks"),
        ([9, 0, 0, 0], [2, 2, 2, 2], "must be 0 to 8"),
    ],
)
def test_a_wrong_round_is_refused(bids, tricks, message):
    with pytest.raises(DealError, match=message):
        EIGHT.play(EIGHT.start(), EIGHT.record(fields(bids, tricks)))


def test_a_bid_over_the_round_s_cards_is_refused():
    table = EIGHT.start()
    for cards in ROUNDS[:10]:
        table = EIGHT.play(table, EIGHT.record(fields(*even(cards))))
    assert round_cards(table.round + 1) == 1
    with pytest.raises(DealError, match="N bid 2, but round 11 deals 1 cards"):
        EIGHT.play(table, EIGHT.record(fields([2, 0, 0, 0], [1, 0, 0, 0])))


def test_the_21st_round_ends_the_game_and_the_highest_total_wins():
    table = EIGHT.start(ClubSettings(length=NightLength("games", 2)))
    for cards in ROUNDS:
        tricks = [cards, 0, 0, 0]  # N takes everything and bids it; the others bid 0 too
        table = EIGHT.play(table, EIGHT.record(fields([cards, 0, 0, 0], tricks)))
    assert table.last.game_won_by == "N" and table.games == (1, 0, 0, 0)
    assert table.round == 0 and table.score == (0, 0, 0, 0)
    assert table.night_points_of("N") == 21 * 50 + 10 * sum(ROUNDS)
    assert table.night_points_of("E") == 21 * 50


def test_a_tie_at_the_top_shares_the_game():
    table = EIGHT.start()
    for cards in ROUNDS:  # everyone bids nothing; S takes every trick and misses
        table = EIGHT.play(table, EIGHT.record(fields([0, 0, 0, 0], [0, 0, cards, 0])))
    assert table.last.game_won_by == "N" and table.last.game_shared_with == ("E", "W")
    assert table.games == (1, 1, 0, 1)
    assert EIGHT.standings({1: table})[0].rank == EIGHT.standings({1: table})[2].rank == 1


# --- against an independent reference ----------------------------------------------------------


@st.composite
def rounds(draw):
    count = draw(st.integers(1, 21))
    out = []
    for cards in ROUNDS[:count]:
        tricks = [0, 0, 0, 0]
        for _ in range(cards):
            tricks[draw(st.integers(0, 3))] += 1
        bids = [draw(st.integers(0, cards)) for _ in SEATS]
        out.append((bids, tricks))
    return out


@given(rounds())
def test_whole_games_match_a_reference(played):
    totals = dict.fromkeys(SEATS, 0)
    table = EIGHT.start()
    for bids, tricks in played:
        for seat, bid, won in zip(SEATS, bids, tricks, strict=True):
            totals[seat] += 50 + 10 * won if bid == won else -10 * abs(bid - won)
        table = EIGHT.play(table, EIGHT.record(fields(bids, tricks)))
    assert dict(zip(SEATS, table.night_points, strict=True)) == totals
    if len(played) == 21:
        best = max(totals.values())
        assert table.games == tuple(int(totals[s] == best) for s in SEATS)
        assert table.score == (0, 0, 0, 0)
    else:
        assert table.score == table.night_points and sum(table.games) == 0
        assert table.round == len(played)
