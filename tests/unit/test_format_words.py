"""Each format's own words (title, rules summary) and the views the hall shows, finished in
the core (issue 22): what a screen or a sheet would otherwise work out from a game's name."""

from __future__ import annotations

import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from whist.cards import Suit
from whist.events import (
    DealRecorded,
    HandClosed,
    HandStarted,
    NightCreated,
    NightEnded,
    PlaceDecided,
    ResultRecorded,
    RoundTrumpDrawn,
    TieBreakHandPlayed,
    TieBreakStarted,
)
from whist.formats import Format
from whist.formats.words import Words, say_all
from whist.night import ClubNight, club_rules, night_standings
from whist.nightspec import default_night, load_night
from whist.paper import club_sheet_pages
from whist.pattern import default_spec
from whist.tournament import Tournament
from whist.views import standings

H = Suit.HEARTS
FORMATS = Path(__file__).resolve().parents[2] / "whist" / "formats"


def night(game: str, tables: int = 2, house_rules: tuple[str, ...] = ()) -> ClubNight:
    data = {**default_night(game, tables).to_dict(), "house_rules": list(house_rules)}
    return ClubNight.replay([NightCreated(load_night(data))])


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


# --------------------------------------------------------------------------- the words
@pytest.mark.parametrize("fmt", list(Format), ids=lambda f: f.value)
def test_every_format_has_a_rules_summary_with_its_values(fmt: Format) -> None:
    summary = fmt.game.rules_summary()
    assert summary and all(isinstance(w, Words) for w in summary)
    for words in summary:
        assert fields(words.msgid) == {name for name, _ in words.values}, words.msgid
    assert "{" not in say_all(str, summary)


def test_a_summary_says_the_nights_own_target() -> None:
    english = Format.ENGLISH.club.night_summary(7, {"no_honours_at_the_point"})
    assert "First to 7 wins" in say_all(str, english) and "at 6." in say_all(str, english)
    assert "First to 13 wins" in say_all(str, Format.MINNESOTA.club.rules_summary())
    pages = club_sheet_pages(default_night("american", 1))
    assert "First to 7 wins" in say_all(str, pages[0].summary)


def test_the_words_are_marked_where_each_format_defines_them() -> None:
    """Every club game's title is marked G_ in its own module, every summary sentence R_:
    the catalogs' extraction finds them there and nowhere else (hub/paper/sheets.py's commands)."""
    for fmt in Format:
        path = FORMATS / f"{fmt.value.replace('-', '_')}.py"
        marked = {
            message
            for _line, message, _comments, _context in extract_from_file(
                "python", path, keywords={"G_": None, "R_": None}
            )
        }
        game = fmt.game
        assert {w.msgid for w in game.rules_summary()} <= marked, path
        if fmt.is_club:
            assert game.title in marked, path


# --------------------------------------------------------------------------- what the hall shows
def test_the_club_rules_say_which_columns_apply() -> None:
    shown = {
        f.value: (r.individual, r.ranks_by, r.rounds, r.knocks_out)
        for f in Format.club_games()
        for r in [club_rules(default_night(f.value, 1))]
    }
    assert shown == {
        "minnesota": (False, ["games", "points"], False, False),
        "english": (False, ["rubbers", "points"], False, False),
        "american": (False, ["games", "points"], False, False),
        "widow": (True, ["points"], False, False),
        "solo": (True, ["points"], False, False),
        "knockout": (True, ["games", "tricks"], False, False),  # the seed's deals of seven
        "eight-to-one": (True, ["games", "points"], True, False),
    }
    # The traditional knockout (its house rule) is played in rounds, knocking players out.
    rounds = club_rules(load_night({**default_night("knockout", 1).to_dict(),
                                    "house_rules": ["knockout_rounds"]}))  # fmt: skip
    assert (rounds.rounds, rounds.knocks_out) == (True, True)


def test_who_is_out_is_the_cores_until_the_table_or_the_night_is_over() -> None:
    n = night("knockout", house_rules=("knockout_rounds",))
    record = {"tricks_1": 3, "tricks_2": 4, "tricks_3": 0, "tricks_4": 0}
    n.apply(DealRecorded("d1", table=1, deal=1, record=record))
    out = {(r.table, r.party) for r in night_standings(n).rows if r.out}
    assert out == {(1, "3"), (1, "4")}
    n.apply(NightEnded())
    assert not any(r.out for r in night_standings(n).rows)


def test_each_table_says_the_game_in_play() -> None:
    n = night("american")
    assert [t.game for t in night_standings(n).tables] == [1, 1]
    n.apply(DealRecorded("d1", table=1, deal=1, record={"ns_tricks": 13}))  # 7: game to NS
    assert [t.game for t in night_standings(n).tables] == [2, 1]
    n.apply(DealRecorded("d2", table=1, deal=2, record={"ns_tricks": 8}))  # 2 in game 2
    assert [t.game for t in night_standings(n).tables] == [2, 1]


def test_the_rooms_round_is_the_one_most_tables_play_the_later_when_as_many() -> None:
    bids = {f"bid_{s}": 2 for s in "NESW"}
    tricks = {f"tricks_{s}": 2 for s in "NESW"}  # an eight-card round, every bid made
    n = night("eight-to-one", tables=3)
    n.apply(RoundTrumpDrawn(1, None))
    room = night_standings(n).room_round
    assert room is not None and (room.number, room.cards, room.trump) == (1, 8, "none")
    n.apply(DealRecorded("d1", table=1, deal=1, record={**bids, **tricks}))
    n.apply(RoundTrumpDrawn(2, None))
    room = night_standings(n).room_round  # two tables at round 1, one at round 2
    assert room is not None and room.number == 1
    n.apply(DealRecorded("d2", table=2, deal=1, record={**bids, **tricks}))
    room = night_standings(n).room_round  # two at round 2
    assert room is not None and (room.number, room.trump) == (2, "none")
    n.apply(NightEnded())
    assert night_standings(n).room_round is None

    two = night("eight-to-one", tables=2)
    two.apply(RoundTrumpDrawn(1, None))
    two.apply(DealRecorded("d1", table=1, deal=1, record={**bids, **tricks}))
    two.apply(RoundTrumpDrawn(2, None))
    room = night_standings(two).room_round  # one table each: the later round
    assert room is not None and room.number == 2
    assert night_standings(night("knockout")).room_round is None  # no room's trump there


def test_the_standings_say_when_a_tie_break_placed_level_teams() -> None:
    t = Tournament.new(default_spec("alberta", 4, 2))
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("w", 1, 2, 10))  # team 1: 14, team 2: 10, teams 3 and 4 on 12
    t.apply(HandStarted(2, H))
    for hand, table in [(1, 1), (1, 3), (1, 4), *((2, table) for table in (1, 2, 3, 4))]:
        t.apply(ResultRecorded(f"{hand}-{table}", hand, table, 6))  # 6 tricks: no flag moves
    t.apply(HandClosed(2))
    assert standings(t).placed_by is None  # level teams share their place
    t.apply(TieBreakStarted((4, 3), (), Suit.SPADES))
    t.apply(TieBreakHandPlayed((3, 4), (8, 5), Suit.SPADES))
    assert standings(t).placed_by == "playoff"

    g = Tournament.new(default_spec("gaspesie", 3, 3))
    g.apply(HandStarted(1, H))
    g.apply(ResultRecorded("a", 1, 2, visitor_tricks=7))
    g.apply(HandStarted(2, H))
    g.apply(ResultRecorded("b", 2, 2, visitor_tricks=7))
    g.apply(HandStarted(3, H))
    g.apply(ResultRecorded("c", 3, 1, visitor_tricks=3))
    g.apply(ResultRecorded("d", 3, 3, visitor_tricks=3))
    assert standings(g).placed_by == "countback"  # teams 1 and 3 on 2, placed 1 and 2

    level = Tournament.new(default_spec("gaspesie", 3, 1))
    level.apply(HandStarted(1, H))
    for table, tricks in ((1, 0), (2, 1), (3, 1)):  # every table in: teams 2 and 3 level
        level.apply(ResultRecorded("abc"[table - 1], 1, table, visitor_tricks=tricks))
    level.apply(HandClosed(1))
    assert standings(level).placed_by is None
    level.apply(PlaceDecided((3, 2), "drawn by lot"))  # the leader's: each row says so
    assert standings(level).placed_by is None
