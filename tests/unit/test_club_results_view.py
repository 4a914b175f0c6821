"""What a club table's view says once a game is won or the night is stopped early (issue 29):
the core keeps the score just won beside the next game's, and says how far a stopped table
got, so no screen shows 0 - 0 for a 13 - 6 or "finished" for 4 of 8 deals."""

from __future__ import annotations

from tests.clubnight import club_night, end, play
from whist.cards import Suit
from whist.events import RoundTrumpDrawn
from whist.formats.eight_to_one import ROUNDS
from whist.night import club_score, night_standings
from whist.nightspec import LengthSpec

WON_13_6 = (
    {"granded": "NS", "ns_tricks": 13},
    {"granded": "EW", "ns_tricks": 1},
    {"granded": "NS", "ns_tricks": 12},
)


def test_a_won_game_keeps_its_score_until_the_next_deal() -> None:
    night = club_night("minnesota", 2)
    assert club_score(night, 1).game_over is False
    assert [p.last_game for p in club_score(night, 1).parties] == [None, None]
    play(night, 1, *WON_13_6)
    score = club_score(night, 1)
    assert score.game_over
    assert [(p.score, p.last_game) for p in score.parties] == [(0, 13), (0, 6)]
    table = night_standings(night).tables[0]
    assert (table.game_over, table.last_game, table.score) == (True, [13, 6], [0, 0])
    play(night, 1, {"granded": "NS", "ns_tricks": 9})
    score = club_score(night, 1)
    assert not score.game_over and [p.last_game for p in score.parties] == [13, 6]


def test_eight_to_one_keeps_every_players_total_after_the_game() -> None:
    night = club_night("eight-to-one", 1, length=LengthSpec(unit="games", count=2))
    for number, cards in enumerate(ROUNDS, start=1):
        night.apply(RoundTrumpDrawn(number, None if cards == 8 else Suit.CLUBS))
        made = {"N": cards, "E": 0, "S": 0, "W": 0}  # North bids every card and makes them
        play(
            night,
            1,
            {f"bid_{s}": n for s, n in made.items()} | {f"tricks_{s}": n for s, n in made.items()},
        )
    score = club_score(night, 1)
    assert score.game_over
    assert [p.score for p in score.parties] == [0, 0, 0, 0]  # the next game's
    # the game's totals, the players' night points after one game
    assert [p.last_game for p in score.parties] == [p.points for p in score.parties]
    assert score.parties[0].last_game is not None and score.parties[0].last_game > 0


def test_a_table_stopped_early_is_stopped_with_how_far_it_got() -> None:
    night = club_night("solo", 2, length=LengthSpec(unit="deals", count=8))
    solo = {"contract": "solo", "bidder": "N", "bidder_tricks": 6}
    play(night, 1, solo, solo, solo, solo)
    assert not club_score(night, 1).stopped and club_score(night, 1).played == 4
    end(night)
    assert (club_score(night, 1).stopped, club_score(night, 1).played) == (True, 4)
    assert [(t.stopped, t.played) for t in night_standings(night).tables] == [
        (True, 4),
        (True, 0),
    ]
    done = club_night("american", 1, length=LengthSpec(unit="deals", count=1))
    play(done, 1, {"trump": "hearts", "ns_tricks": 9})
    end(done)
    assert (club_score(done, 1).stopped, club_score(done, 1).finished) == (False, True)
    # an open night has no length to stop short of: ending it is its end
    night = club_night("solo", 1)
    play(night, 1, solo)
    end(night)
    assert (club_score(night, 1).stopped, club_score(night, 1).played) == (False, None)
