"""A club night's file and seating in the game's own words (issue 29, item 9): the file's
comment tells no Solo or 8-to-1 club that N & S play against E & W, and ``schedule
--language fr`` prints the seating in French (« O » for West)."""

from __future__ import annotations

from click.testing import CliRunner

from hub.cli import main
from hub.i18n import translator
from hub.service.files import dumps_spec, write_spec
from whist.handout import night_lines
from whist.nightspec import default_night, load_night


def test_the_night_files_comment_says_who_plays_with_whom_in_each_game():
    for game in ("minnesota", "english", "american"):
        assert "N & S play against E & W" in dumps_spec(default_night(game, 1))
    for game in ("solo", "eight-to-one", "widow", "knockout"):
        text = dumps_spec(default_night(game, 1))
        assert "against" not in text and "partners" not in text, game
        assert "each player scores for themselves" in text, game
    assert '"rubbers"' not in dumps_spec(default_night("solo", 1))
    assert "1 -> 2 -> 3" in dumps_spec(default_night("widow", 1))


def test_schedule_prints_a_nights_seating_in_french(tmp_path):
    data = default_night("solo", 2).to_dict()
    data["seating"][0]["players"]["W"] = "Gérard"

    path = write_spec(load_night(data), tmp_path / "solo.toml")
    result = CliRunner().invoke(main, ["schedule", str(path), "--language", "fr"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == (
        "Solo whist, 2 tables (Whist solo) : jusqu'à ce que l'arbitre termine la soirée"
    )
    assert lines[1] == (
        "  table   1 : N (nom à écrire), E (nom à écrire), S (nom à écrire), O Gérard ; "
        "N donne en premier"
    )
    english = CliRunner().invoke(main, ["schedule", str(path)]).output.splitlines()
    assert english[1].endswith("W Gérard; N deals first")


def test_schedule_in_french_writes_the_partnerships_out():
    night = default_night("minnesota", 1)
    lines = night_lines(night, translator("fr"))
    assert lines[0].endswith(" ; partie en 13 points")
    assert "N (nom à écrire) et S (nom à écrire) contre E (nom à écrire) et O (nom" in lines[1]
