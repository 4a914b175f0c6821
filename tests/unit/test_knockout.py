"""Knockout whist (docs/rules.md, KO). By the seed (the default): a deal of seven cards each,
the most tricks wins it, ties shared. With the house rule knockout_rounds (the traditional
game): who is out, how many cards next, who deals and who chooses trump, the winner; and whole
games against an independent reference (hypothesis): every game ends with exactly one winner
by the seventh round."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whist.errors import DealError
from whist.formats import ClubSettings, Format, NightLength
from whist.formats.knockout import RULES as KNOCKOUT
from whist.formats.knockout import next_round, round_cards

ROUNDS = frozenset({"knockout_rounds"})


def start(players=4, house_rules=ROUNDS, **kw):
    """A table of the traditional knockout (the house rule), or of the seed's game."""
    seated = tuple(str(p) for p in range(1, players + 1))
    return KNOCKOUT.start(ClubSettings(players=seated, house_rules=house_rules, **kw))


def seed(players=4, **kw):
    return start(players, frozenset(), **kw)


def rnd(table, **tricks):
    fields = {f"tricks_{seat[1:]}": n for seat, n in tricks.items()}
    return KNOCKOUT.play(table, KNOCKOUT.record(fields))


# --- the seed's game: a deal of seven, the most tricks wins it (KO2, KO5) -------------------


def test_the_seeds_game_is_seven_cards_every_deal_and_the_most_tricks_wins():
    table = seed(4)
    for deal in range(1, 4):
        state = next_round(table)
        assert (state.cards, state.players, state.chooses_trump) == (7, ("1", "2", "3", "4"), None)
        table = rnd(table, s1=4, s2=3, s3=0, s4=0)  # nobody is knocked out
        assert table.last.game_won_by == "1" and table.last.knocked_out == ()
        assert table.games == (deal, 0, 0, 0) and table.out == ()
    assert table.night_points == (12, 9, 0, 0)  # the night counts tricks (KO8)
    assert table.score == table.night_points  # the kiosk's big number: tricks tonight
    assert table.dealer == "4"  # the deal passes to the left after every deal (KO6)
    assert KNOCKOUT.standings({1: table})[0].party == "1"


def test_the_seeds_game_shares_a_tie_at_the_top():
    table = rnd(seed(3), s1=3, s2=1, s3=3)  # seat 1 dealt: 2 and 3 play first
    assert (table.last.game_won_by, table.last.game_shared_with) == ("3", ("1",))
    assert table.games == (1, 0, 1)
    rows = [(r.rank, r.party) for r in KNOCKOUT.standings({1: table})]
    assert rows == [(1, "1"), (1, "3"), (3, "2")]  # equal games and tricks: one rank


def test_the_seeds_deal_has_seven_tricks_and_no_player_out():
    with pytest.raises(DealError, match="make 6, but this deal has 7 tricks"):
        rnd(seed(2), s1=5, s2=1)
    table = rnd(seed(2), s1=7, s2=0)
    table = rnd(table, s1=0, s2=7)  # seat 2, who took none, plays on
    assert table.games == (1, 1)


def test_a_night_of_seven_card_deals_measured_in_deals_or_games():
    table = seed(2, length=NightLength("games", 2))
    table = rnd(rnd(table, s1=4, s2=3), s1=2, s2=5)
    assert table.finished and table.deals == 2


def test_the_house_rule_changes_what_the_screens_are_told():
    assert not KNOCKOUT.plays_in_rounds() and not KNOCKOUT.knocks_out_in()
    assert KNOCKOUT.plays_in_rounds(ROUNDS) and KNOCKOUT.knocks_out_in(ROUNDS)
    summary = KNOCKOUT.night_summary(None, ROUNDS)
    assert summary[0].msgid.startswith("{cards} cards each in a game's first round")
    assert summary[1].msgid.startswith("House rule: the traditional knockout")
    assert "most tricks wins the deal" in KNOCKOUT.night_summary()[0].msgid


# --- the traditional knockout: the house rule knockout_rounds (KO10) ---------------------------


def test_the_registry_names_knockout():
    assert Format("knockout").club is KNOCKOUT
    assert KNOCKOUT.seats == ("1", "2", "3", "4", "5", "6", "7")
    assert [round_cards(r) for r in range(1, 8)] == [7, 6, 5, 4, 3, 2, 1]


def test_a_whole_game_out_cards_dealer_chooser_winner():
    table = start(4)
    first = next_round(table)
    assert (first.cards, first.players, first.dealer, first.chooses_trump) == (
        7,
        ("1", "2", "3", "4"),
        "1",
        None,  # the first round's trump is the card turned up
    )
    # Round 1 (7 cards): seat 4 takes none and is out; seat 3 took most and chooses trump.
    table = rnd(table, s1=2, s2=1, s3=4, s4=0)
    assert table.last.knocked_out == ("4",)
    after = next_round(table)
    assert (after.cards, after.players, after.dealer, after.chooses_trump) == (
        6,
        ("1", "2", "3"),
        "2",
        "3",
    )
    # Round 2 (6 cards), seat 2 deals: seat 1 out.
    table = rnd(table, s1=0, s2=3, s3=3)
    after = next_round(table)
    # A tie for most tricks: the tied player first from the dealer's left (2 dealt: 3).
    assert (after.cards, after.players, after.dealer, after.chooses_trump) == (
        5,
        ("2", "3"),
        "3",
        "3",
    )
    # Round 3 (5 cards): seat 3 takes all five; seat 2 is out and 3 wins.
    table = rnd(table, s2=0, s3=5)
    assert table.last.game_won_by == "3" and table.games_of("3") == 1
    new = next_round(table)
    assert (new.cards, new.players, new.winner, new.chooses_trump) == (
        7,
        ("1", "2", "3", "4"),
        "3",
        None,
    )
    assert new.dealer == "4"  # the deal passes left of the last dealer, everyone back in
    assert table.night_points_of("3") == 4 + 3 + 5


def test_the_one_card_round_always_ends_the_game():
    table = start(2)
    for cards in (7, 6, 5, 4, 3, 2):
        table = rnd(table, s1=cards - 1, s2=1)
    assert table.round == 6 and next_round(table).cards == 1
    table = rnd(table, s1=0, s2=1)
    assert table.last.game_won_by == "2" and table.round == 0


@pytest.mark.parametrize(
    ("tricks", "message"),
    [
        ({"s1": 3, "s2": 3}, "make 6, but this deal has 7 tricks"),
        ({"s1": 3, "s2": 3, "s3": 1, "s5": 0}, None),  # seat 5 empty but 0 is fine
        ({"s1": 3, "s2": 3, "s5": 1}, "nobody sits in seat 5"),
        ({"s1": 8}, "must be 0 to 7"),
    ],
)
def test_a_wrong_round_is_refused(tricks, message):
    table = start(4)
    if message is None:
        rnd(table, **tricks)
        return
    with pytest.raises(DealError, match=message):
        rnd(table, **tricks)


def test_a_player_out_takes_no_trick():
    table = rnd(start(3), s1=4, s2=3, s3=0)
    with pytest.raises(DealError, match="player 3 is out of this game"):
        rnd(table, s1=3, s2=2, s3=1)


def test_knockout_always_has_a_trump_when_one_is_entered():
    assert KNOCKOUT.record({"trump": "♥", "tricks_1": 7}).trump.value == "hearts"
    with pytest.raises(DealError, match="always has a trump"):
        KNOCKOUT.record({"trump": "none", "tricks_1": 7})


def test_two_to_seven_players():
    with pytest.raises(DealError, match="2 to 7 players"):
        start(1)
    with pytest.raises(DealError, match="2 to 7 players"):
        KNOCKOUT.start(ClubSettings(players=("1", "3")))
    assert start(7).parties == KNOCKOUT.seats
    with pytest.raises(DealError, match="first dealer"):
        start(3, first_dealer="5")


def test_a_night_of_games():
    table = start(2, length=NightLength("games", 1))
    for cards in (7, 6):
        table = rnd(table, s1=cards - 1, s2=1)
    table = rnd(table, s1=5, s2=0)
    assert table.finished
    with pytest.raises(DealError, match="night at this table is over"):
        rnd(table, s1=7, s2=0)


# --- against an independent reference ----------------------------------------------------------


@st.composite
def games(draw):
    """Random knockout games: the player count, then each round's tricks among those in."""
    players = draw(st.integers(2, 7))
    seats = [str(s) for s in range(1, players + 1)]
    rounds = []
    alive = list(seats)
    cards = 7
    while len(alive) > 1:
        split = {s: 0 for s in alive}
        for _ in range(cards):
            split[draw(st.sampled_from(alive))] += 1
        rounds.append(split)
        alive = [s for s in alive if split[s]]
        cards -= 1
    return players, rounds


@given(games())
def test_every_game_ends_with_one_winner_as_the_reference_says(game):
    players, rounds = game
    seats = tuple(str(s) for s in range(1, players + 1))
    table = start(players)
    alive = list(seats)
    dealer = "1"
    for number, split in enumerate(rounds, start=1):
        state = next_round(table)
        assert state.cards == 8 - number == sum(split.values())
        assert state.players == tuple(alive)
        assert state.dealer == dealer
        table = KNOCKOUT.play(table, KNOCKOUT.record({f"tricks_{s}": n for s, n in split.items()}))
        order = seats[seats.index(dealer) + 1 :] + seats[: seats.index(dealer) + 1]
        alive = [s for s in alive if split[s]]
        if len(alive) > 1:
            most = max(split.values())
            assert table.last.chooses_trump == next(s for s in order if split.get(s) == most)
            dealer = next(s for s in order if s in alive)
    assert len(rounds) <= 7
    assert table.last.game_won_by == alive[0]
    assert sum(table.games) == 1 and table.games_of(alive[0]) == 1
    assert sum(table.night_points) == sum(8 - n for n in range(1, len(rounds) + 1))
