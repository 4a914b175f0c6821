"""The hall on a club night once games are won and tables stop (issue 29): the score just won
stays on show, a table the leader stopped early says how far it got, games without games say
none, the footnote explains the mark the leaderboard shows, a tie for first is explained and
the big trump says whose round it is. Every message is the core's (tests/clubnight.py)."""

from __future__ import annotations

from tests.clubnight import club_night, end, play, published
from tests.hall.test_night import shown
from whist.events import RoundTrumpDrawn
from whist.nightspec import LengthSpec

D = " \N{EN DASH} "
#: Minnesota at table 1: NS 7, EW 6, NS 6: NS win the game 13 - 6.
WON_13_6 = (
    {"granded": "NS", "ns_tricks": 13},
    {"granded": "EW", "ns_tricks": 1},
    {"granded": "NS", "ns_tricks": 12},
)
SOLO = {"contract": "solo", "bidder": "N", "bidder_tricks": 6}


def test_a_won_game_shows_the_score_just_won_not_the_next_games_nothing():
    night = club_night("minnesota", 2)
    play(night, 1, *WON_13_6)
    table = shown(night).view.night.tables[0]
    assert (table.score, table.status) == (f"13{D}6", "game 2")
    play(night, 1, {"granded": "NS", "ns_tricks": 9})  # the next game under way: its score
    assert shown(night).view.night.tables[0].score == f"3{D}0"


def test_an_ended_night_right_after_a_won_game_shows_that_game():
    night = club_night("minnesota", 2)
    play(night, 1, *WON_13_6)
    end(night)
    table = shown(night).view.night.tables[0]
    assert table.score == f"13{D}6"
    assert "0" + D + "0" not in table.score


def test_a_table_stopped_early_says_how_far_it_got_never_finished():
    night = club_night("solo", 2, length=LengthSpec(unit="deals", count=8))
    play(night, 1, SOLO, SOLO, SOLO, SOLO)
    end(night)
    v = shown(night).view
    # short: the status column is narrow, the deals column beside it says "4"
    assert [t.status for t in v.night.tables] == ["stopped at 4/8", "stopped at 0/8"]
    fr = shown(night, language="fr").view
    assert fr.night.tables[0].status == "arrêtée à 4/8"


def test_a_table_that_played_its_length_is_finished_and_a_game_in_rounds_counts_rounds():
    night = club_night("american", 2, length=LengthSpec(unit="deals", count=1))
    play(night, 1, {"trump": "hearts", "ns_tricks": 9})
    end(night)
    statuses = [t.status for t in shown(night).view.night.tables]
    assert statuses == ["✓ finished", "stopped at 0/1"]

    # the traditional knockout plays in rounds (the seed's game is deals of seven: issue 24)
    rounds = club_night(
        "knockout", 2, house_rules=("knockout_rounds",), length=LengthSpec(unit="deals", count=6)
    )
    play(rounds, 1, {"tricks_1": 3, "tricks_2": 4, "tricks_3": 0, "tricks_4": 0})
    end(rounds)
    v = shown(rounds).view
    assert v.night.tables[0].status == "stopped at 1/6"
    assert (v.night.tables_head.score, v.night.tables_head.deals) == ("Round", "Played")
    fr = shown(rounds, language="fr").view.night.tables_head
    assert (fr.score, fr.deals) == ("Manche", "Jouées")


def test_games_without_games_never_say_game_1():
    for game in ("solo", "widow"):
        night = club_night(game, 2)
        record = SOLO if game == "solo" else {"widow": "2", "tricks_1": 3, "tricks_2": 6}
        play(night, 1, record | ({"tricks_3": 4} if game == "widow" else {}))
        for language in ("en", "fr"):
            status = shown(night, language=language).view.night.tables[0].status
            assert status == {"en": "playing", "fr": "en jeu"}[language]
            assert "1" not in status


def test_the_footnote_explains_the_mark_the_leaderboard_shows():
    night = club_night("minnesota", 2)
    play(night, 1, {"granded": "NS", "ns_tricks": 9})
    v = shown(night).view
    marks = {r.rank for r in v.night.rows if r.rank.endswith("=")}
    assert marks == {"2="}
    assert v.night.note.startswith("2= : a shared place")
    play(night, 2, {"granded": "NS", "ns_tricks": 9})
    v = shown(night).view
    assert {r.rank for r in v.night.rows if r.rank.endswith("=")} == {"1=", "3="}
    assert v.night.note.startswith("1= : a shared place")
    assert shown(night, language="fr").view.night.note.startswith("1= : ex æquo")


def test_a_tie_for_first_at_the_end_is_explained():
    night = club_night("minnesota", 2)
    play(night, 1, {"granded": "NS", "ns_tricks": 9})
    play(night, 2, {"granded": "NS", "ns_tricks": 9})
    end(night)
    v = shown(night).view
    assert v.tournament == "Final standings"
    assert v.night.note == "1= : tied for first · Ranked by games, then points"
    fr = shown(night, language="fr").view
    assert fr.night.note == "1= : ex æquo en tête · Classés par parties, puis points"


def test_the_big_trump_says_whose_round_when_tables_play_different_rounds():
    even = {f"bid_{s}": 2 for s in "NESW"} | {f"tricks_{s}": 2 for s in "NESW"}
    night = club_night("eight-to-one", 3)
    night.apply(RoundTrumpDrawn(1, None))
    v = shown(night).view
    assert v.trump_name == "No trump\nRound 1 · 8 cards"  # every table plays it: no list
    play(night, 1, even)
    night.apply(RoundTrumpDrawn(2, None))
    assert published(night)[1].room_tables == [2, 3]
    assert shown(night).view.trump_name == "No trump · round 1\n8 cards · tables 2, 3"
    play(night, 2, even)
    assert shown(night).view.trump_name == "No trump · round 2\n8 cards · tables 1, 2"
    fr = shown(night, language="fr").view.trump_name
    assert fr.endswith(" · manche 2\n8 cartes · tables 1, 2")
