"""The hall display on a club night: the hub's NightStandings as a leaderboard, each table's
game in play, shared places, paging, and the night's end. Every message is the core's."""

from __future__ import annotations

from hall.presenter import HallPresenter
from tests.clubnight import club_night, end, play, published

D = " \N{EN DASH} "
GRAND_NS = {"granded": "NS", "ns_tricks": 9}  # NS granded and took 9: NS +3
LOW = {"granded": "low", "ns_tricks": 4}  # everyone low, NS took 4: NS +3


def shown(night, language="en", rows=10):
    p = HallPresenter(language=language)
    p.on_connection(True)
    p.on_hub_status(True)
    p.set_rows_per_page(rows)
    state, standings = published(night)
    p.on_state(state)
    p.on_night(standings)
    return p


def test_the_leaderboard_is_the_hubs_order_with_names_tables_and_shared_places():
    night = club_night("minnesota", 3)
    play(night, 1, GRAND_NS, LOW)
    play(night, 2, GRAND_NS)
    v = shown(night).view
    assert v.screen == "night"
    assert v.tournament == "Minnesota whist, 3 tables"
    assert v.hand == "Minnesota whist · game to 13 · 3 deals played"
    lines = [(r.rank, r.table, r.players, r.wins, r.points) for r in v.night.rows]
    assert lines[:2] == [
        ("1", "1 NS", "Eleanor & Harold", "0", "6"),
        ("2", "2 NS", "Dorothy & Albert", "0", "3"),
    ]
    # four partnerships on 0: the same place, shown as shared
    assert [line[0] for line in lines[2:]] == ["3="] * 4
    # the mark the leaderboard shows (3=), not another
    assert v.night.note == "3= : a shared place · Ranked by games, then points"
    assert (v.night.head.wins, v.night.head.points) == ("Games", "Points")
    assert v.progress == ""  # an open night: nothing to measure progress against


def test_each_tables_game_in_play_against_the_target():
    night = club_night("minnesota", 3)
    play(night, 1, GRAND_NS, LOW)
    play(night, 2, GRAND_NS)
    tables = {t.table: (t.score, t.deals, t.status) for t in shown(night).view.night.tables}
    assert tables == {
        "1": (f"6{D}0", "2", "game 1"),
        "2": (f"3{D}0", "1", "game 1"),
        "3": ("\N{EN DASH}", "0", "not started"),
    }
    head = shown(night).view.night.tables_head
    assert (head.table, head.score, head.deals) == ("Table", f"NS{D}EW", "Deals")


def test_english_counts_rubbers_first():
    night = club_night("english", 2)
    v = shown(night).view
    assert (v.night.head.wins, v.night.head.points) == ("Rubbers", "Points")
    assert v.night.note == "1= : a shared place · Ranked by rubbers, then points"


def test_a_night_of_a_set_length_shows_the_tables_that_have_finished():
    from whist.nightspec import LengthSpec

    night = club_night("american", 2, length=LengthSpec(unit="deals", count=1))
    play(night, 1, {"trump": "hearts", "ns_tricks": 9})
    v = shown(night).view
    assert v.progress == "1 of 2 tables has finished"
    assert v.progress_fraction == 0.5
    assert v.night.tables[0].status == "✓ finished"


def test_many_tables_page_the_leaderboard_and_the_tables_together():
    night = club_night("minnesota", 12)
    p = shown(night, rows=8)
    v = p.view
    assert len(v.night.rows) == 8 and len(v.night.tables) == 8
    assert v.page == "Page 1 of 3"  # 24 partnerships at 8 a page
    p.next_page()  # the same page, the tables' turn (issue 29: a hall for the back row)
    assert p.view.night.tables_turn and p.view.page == "Page 1 of 3"
    p.next_page()
    assert not p.view.night.tables_turn
    assert [t.table for t in p.view.night.tables] == [str(t) for t in range(9, 13)]
    p.next_page()
    p.next_page()
    assert p.view.page == "Page 3 of 3"
    assert [t.table for t in p.view.night.tables] == [str(t) for t in range(1, 9)]


def test_the_nights_end_says_final_standings_in_both_languages():
    night = club_night("minnesota", 2)
    play(night, 1, GRAND_NS)
    end(night)
    v = shown(night).view
    # the big first line of the header (issue 29); the night and its game under it
    assert v.tournament == "Final standings"
    assert v.hand == "Minnesota whist, 2 tables · Minnesota whist · game to 13"
    assert {t.status for t in v.night.tables} == {"✓ finished"}
    fr = shown(night, language="fr").view
    assert fr.tournament == "Classement final"
    assert fr.night.head.points == "Points"


def test_an_older_picture_never_replaces_a_newer_one():
    night = club_night("minnesota", 2)
    p = shown(night)
    older = published(night)[1]
    play(night, 1, GRAND_NS)
    p.on_night(published(night)[1])
    p.on_night(older)
    assert p.view.night.rows[0].points == "3"


def test_before_the_standings_come_the_screen_says_so():
    night = club_night("minnesota", 2)
    p = HallPresenter(language="en")
    p.on_connection(True)
    p.on_state(published(night)[0])
    assert p.view.screen == "night"
    assert p.view.message == "Waiting for the standings…"


def test_the_nights_default_name_is_said_in_the_halls_language():
    # issue 29: the name `whist-hub new` wrote is the core's message id, not English text
    night = club_night("eight-to-one", 3)
    play(night, 1, {**{f"bid_{s}": 2 for s in "NESW"}, **{f"tricks_{s}": 2 for s in "NESW"}})
    assert shown(night).view.tournament == "8-to-1 bidding whist, 3 tables"
    assert shown(night, language="fr").view.tournament == "Whist à enchères 8 à 1, 3 tables"
    one = club_night("solo", 1)
    assert shown(one, language="fr").view.tournament == "Whist solo, 1 table"
    # at the night's end, under "Final standings"
    end(night)
    assert shown(night, language="fr").view.hand.startswith("Whist à enchères 8 à 1, 3 tables · ")
    # a name the organiser typed is shown as typed, in every language
    named = club_night("eight-to-one", 3, name="Tuesday club night")
    assert shown(named, language="fr").view.tournament == "Tuesday club night"
