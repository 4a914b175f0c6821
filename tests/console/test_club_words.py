"""The console's words on club nights (issue 29, items 7 and 9): no "games 0 - 0 - 0 - 0" for
games that have no games, rounds (not deals) in a game played in rounds, and a table the
leader stopped early says how far it got; in English and French."""

from __future__ import annotations

from tests.clubnight import club_night, end, play
from tests.console.test_club import console
from whist.events import RoundTrumpDrawn
from whist.nightspec import LengthSpec

SOLO = {"contract": "solo", "bidder": "N", "bidder_tricks": 6}
EVEN = {f"bid_{s}": 2 for s in "NESW"} | {f"tricks_{s}": 2 for s in "NESW"}


def test_solo_says_no_games():
    night = club_night("solo", 2)
    play(night, 1, SOLO)
    p, _ = console(night)
    line = p.night.progress_line(1)
    assert line == "Table 1: 1 deal, playing"
    assert "games" not in line and "game in play" not in line
    tile = next(t for t in p.view.night.tables if t.table == "1")
    assert "game" not in tile.progress
    p.set_language("fr")
    assert p.night.progress_line(1) == "Table 1 : 1 donne, en jeu"


def test_a_table_stopped_early_says_how_far_it_got():
    night = club_night("solo", 2, length=LengthSpec(unit="deals", count=8))
    play(night, 1, SOLO, SOLO, SOLO, SOLO)
    end(night)
    p, _ = console(night)
    assert p.night.progress_line(1) == "Table 1: 4 deals, stopped at 4 of 8 deals"
    tile = next(t for t in p.view.night.tables if t.table == "1")
    assert tile.progress.startswith("stopped at 4 of 8 deals")
    assert "finished" not in tile.progress
    p.set_language("fr")
    assert p.night.progress_line(1) == "Table 1 : 4 donnes, arrêtée à 4 sur 8 donnes"


def test_a_game_in_rounds_says_rounds():
    night = club_night("eight-to-one", 2)
    night.apply(RoundTrumpDrawn(1, None))
    play(night, 1, EVEN)
    night.apply(RoundTrumpDrawn(2, None))
    p, link = console(night)
    assert p.night.progress_line(1).startswith("Table 1: 1 round, ")
    p.night.open_table(1)
    link.deliver()
    v = p.view.deals
    assert [r.deal for r in v.rows] == ["Round 1"]
    assert v.enter.text == "Enter round 2 for the table"
    p.deals.open_enter()
    assert p.view.deal.title == "Table 1, round 2: enter it for the table"
    p.set_language("fr")
    assert p.view.deal.title == "Table 1, manche 2 : la saisir pour la table"
