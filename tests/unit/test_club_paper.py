"""whist/paper.py, club nights: what a table's blank score sheet shows, computed by the core."""

from __future__ import annotations

import pytest

from whist.formats import Format
from whist.formats.eight_to_one import ROUNDS
from whist.nightspec import LengthSpec, default_night, load_night
from whist.paper import CLUB_ROWS, club_sheet_pages, deals_to_print


def night(fmt: str, tables: int = 2, unit: str = "open", count: int = 0, **kw):
    return default_night(fmt, tables, length=LengthSpec(unit=unit, count=count), **kw)


@pytest.mark.parametrize("fmt", [f.value for f in Format.club_games()])
def test_the_tally_columns_are_the_game_s_own_in_its_order(fmt):
    game = Format(fmt).club
    for page in club_sheet_pages(night(fmt)):
        absent = set(game.seats) - {p.seat for p in page.players}  # Knockout seats four
        expected = tuple(f for f in game.fields if f.rpartition("_")[2] not in absent)
        assert page.columns == ("table", *expected)
        assert all(row.filled[0] == str(page.table) for row in page.rows)


@pytest.mark.parametrize(
    ("fmt", "unit", "count", "rows"),
    [
        ("minnesota", "games", 3, 48),  # 13 deals a game, whole pages
        ("english", "rubbers", 2, 32),  # 3 games of 5 a rubber
        ("american", "deals", 20, 20),  # exactly the night's deals
        ("american", "open", 0, 32),  # two pages
        ("eight-to-one", "games", 2, 42),  # 21 rounds a game, exactly
        ("knockout", "games", 20, 32),  # a deal of seven a game (KO2), whole pages
        ("solo", "deals", 24, 24),
    ],
)
def test_enough_rows_for_the_night_on_pages_of_16(fmt, unit, count, rows):
    pages = club_sheet_pages(night(fmt, 3, unit, count))
    for table in (1, 2, 3):
        mine = [p for p in pages if p.table == table]
        assert [r.deal for p in mine for r in p.rows] == list(range(1, rows + 1))
        assert [p.page for p in mine] == list(range(1, len(mine) + 1))
        assert all(p.pages == len(mine) == -(-rows // CLUB_ROWS) for p in mine)
        assert all(len(p.rows) == CLUB_ROWS for p in mine[:-1])


def test_the_traditional_knockout_prints_seven_rounds_a_game():
    spec = night("knockout", 1, "games", 4)
    assert deals_to_print(spec.game, spec.night_length, 0) == 4
    rounds = frozenset({"knockout_rounds"})
    assert deals_to_print(spec.game, spec.night_length, 0, rounds) == 28


def test_deals_to_print_follows_the_target():
    game = Format.MINNESOTA.club
    assert deals_to_print(game, night("minnesota", 1, "games", 2).night_length, 7) == 14


def test_partnerships_players_and_the_dealer_passing_left():
    data = night("minnesota", 1).to_dict()
    data["seating"][0]["players"] = {"N": "Anne Roy", "E": "Bob", "S": "Anne Côté", "W": ""}
    data["seating"][0]["first_dealer"] = "S"
    data["target"] = 11
    page = club_sheet_pages(load_night(data))[0]
    ns, ew = page.partnerships
    assert (ns.party, [p.seat for p in ns.players]) == ("NS", ["N", "S"])
    assert [p.short for p in ns.players] == ["Anne Roy", "Anne Côté"]  # first names shared
    assert (ew.party, ew.players[1].name) == ("EW", "")
    assert page.target == 11 and page.first_dealer == "S"
    assert [r.dealer for r in page.rows[:5]] == ["S", "W", "N", "E", "S"]
    assert [(c.kind, c.party) for c in page.running] == [
        ("score", "NS"), ("score", "EW"), ("games", "NS"), ("games", "EW"),
    ]  # fmt: skip


def test_english_keeps_rubbers_and_an_individual_game_each_player_s_total():
    english = club_sheet_pages(night("english", 1))[0]
    # ...and each side's points in the rubber: by the seed, the higher total wins it (issue 24)
    kinds = ["score", "games", "rubbers", "points"]
    assert [c.kind for c in english.running] == [k for k in kinds for _side in "NE"]
    widow = club_sheet_pages(night("widow", 1))[0]
    assert widow.partnerships == () and widow.target is None
    assert [(c.kind, c.party) for c in widow.running] == [("total", s) for s in "123"]


def test_eight_to_one_prints_each_round_s_cards_and_no_trump_where_there_is_none():
    pages = club_sheet_pages(night("eight-to-one", 1, "games", 2))
    rows = [r for p in pages for r in p.rows]
    assert [r.cards for r in rows] == list(ROUNDS) * 2
    assert [r.round for r in rows[19:23]] == [20, 21, 1, 2]
    assert [r.starts_game for r in rows].count(True) == 1 and rows[21].starts_game
    trump = pages[0].columns.index("trump")
    assert [r.filled[trump] for r in rows[:5]] == ["none"] * 4 + [""]


def test_a_knockout_table_has_the_columns_of_its_players_and_no_dealer():
    data = night("knockout", 1).to_dict()
    data["seating"][0]["players"] = {"1": "A", "2": "B", "3": "C"}
    page = club_sheet_pages(load_night(data))[0]
    assert page.columns == ("table", "trump", "tricks_1", "tricks_2", "tricks_3")
    assert [c.party for c in page.running] == ["1", "2", "3"]
    assert {r.dealer for r in page.rows} == {None}
