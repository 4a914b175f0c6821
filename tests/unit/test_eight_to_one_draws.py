"""8-to-1 (docs/rules.md, EO8; issue 24, item 4): every round played has its own draw, the
whole room sharing it (a table's second game does not replay its first game's suits), and a
log written before that rule replays to the state it had."""

import random

import pytest

from whist.cards import Suit
from whist.errors import TournamentError
from whist.events import DealRecorded, NightCreated, RoundTrumpDrawn
from whist.formats.eight_to_one import ROUNDS
from whist.night import ClubNight, night_standings
from whist.nightspec import LengthSpec, default_night

SEATS = ("N", "E", "S", "W")


def record(number, trump=None):
    cards = ROUNDS[(number - 1) % len(ROUNDS)]
    tricks = [cards // 4 + (i < cards % 4) for i in range(4)]
    out = {f"bid_{s}": t for s, t in zip(SEATS, tricks, strict=True)}
    out.update({f"tricks_{s}": t for s, t in zip(SEATS, tricks, strict=True)})
    if trump is not None:
        out["trump"] = trump
    return out


def night(tables=2):
    spec = default_night("eight-to-one", tables, length=LengthSpec(unit="games", count=2))
    return ClubNight.replay([NightCreated(spec)])


def play(n, table, number, trump=None):
    n.apply(DealRecorded(f"t{table}d{number}", table, number, record(number, trump)))


def draw_as_the_hub(n, rng):
    due = n.rounds_to_draw()
    drawn = n.draw_trumps(rng)
    assert [(e.game, e.round) for e in drawn] == due
    assert all(n.trumps[(e.game, e.round)] == e.trump for e in drawn)


def test_each_game_draws_its_rounds_afresh_and_the_room_shares_each_draw():
    n, rng = night(), random.Random(2)
    draw_as_the_hub(n, rng)
    for number in range(1, len(ROUNDS) + 6):  # table 1: game 1, then five rounds of game 2
        play(n, 1, number)
        draw_as_the_hub(n, rng)
    for number in range(1, 6):  # table 2: five rounds of game 1
        play(n, 2, number)
        draw_as_the_hub(n, rng)
    # Both tables play round 6 next, table 1 in its second game: two draws, one per game.
    assert n.rounds_to_draw() == []
    assert {(1, 6), (2, 6)} <= set(n.trumps)
    assert n.round_trump(1) == (True, n.trumps[(2, 6)])
    assert n.round_trump(2) == (True, n.trumps[(1, 6)])
    game_one = [n.trumps[(1, r)] for r in range(1, 7)]
    game_two = [n.trumps[(2, r)] for r in range(1, 7)]
    assert game_one[:4] == game_two[:4] == [None] * 4  # eight cards: no trump in either
    # Seed 2 draws another suit for round 5 of game 2 than of game 1 (the old rule replayed it).
    assert game_one[4] != game_two[4]
    # A table names its own game's draw, not the other game's.
    wrong = n.trumps[(1, 6)]
    assert wrong is not None and wrong != n.trumps[(2, 6)]
    with pytest.raises(TournamentError, match="the same at every table"):
        play(n, 1, len(ROUNDS) + 6, wrong.value)
    # The hall's trumps are those of the game most tables play (a tie: the later game).
    assert night_standings(n).trumps["6"] == n.trumps[(2, 6)].value


def test_a_log_from_before_draws_per_game_replays_to_the_same_state():
    """An old log's draws carry no game (0): each holds for its round in every game, as the
    hub then ruled, so its second games keep the suits they were played and checked in."""
    suits = [None if c == 8 else (Suit.CLUBS, Suit.HEARTS)[c % 2] for c in ROUNDS]
    events = [NightCreated(night(1).spec)]
    for number in range(1, len(ROUNDS) + 3):
        round_ = (number - 1) % len(ROUNDS) + 1
        if number <= len(ROUNDS):
            events.append(RoundTrumpDrawn(round_, suits[round_ - 1]))
        events.append(DealRecorded(f"d{number}", 1, number, record(number)))
    n = ClubNight.replay(events)
    assert set(n.trumps) == {(0, r) for r in range(1, len(ROUNDS) + 1)}
    assert n.rounds_to_draw() == []  # nothing drawn anew for the second game
    assert n.round_trump(1) == (True, None)  # game 2, round 3: eight cards
    assert n.drawn_trumps(1)[-1] == (True, None)
    play(n, 1, len(ROUNDS) + 3)
    play(n, 1, len(ROUNDS) + 4)
    assert n.round_trump(1) == (True, Suit.HEARTS)  # game 2, round 5: game 1's old draw
    with pytest.raises(TournamentError, match="the same at every table"):
        play(n, 1, len(ROUNDS) + 5, "spades")
    assert night_standings(n).trumps["5"] == "hearts"
