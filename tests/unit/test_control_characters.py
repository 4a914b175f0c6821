"""Names and texts the leader types hold no control characters (issue 23, item 4): a team
name with U+202E (which turns the rest of a line around) is refused with one readable line,
from the tournament file, a club night's file and the console's commands."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from hub.cli import main
from hub.service.files import write_spec
from whist.errors import PatternError, ProtocolError
from whist.events import TournamentCreated, event_from_dict, event_to_dict
from whist.nightspec import default_night, load_night
from whist.pattern import default_spec
from whist.protocol import decode_call, decode_command
from whist.spec import control_character, load_spec

RLO = "\u202e"


@pytest.mark.parametrize(
    "char",
    ["\x00", "\x07", "\n", "\x1b", "\x7f", "\x85", "\x9f", RLO, "\u202a", "\u2066", "\u2069"],
)
def test_every_control_character_is_found(char):
    found = control_character(f"Les{char}As")
    assert found is not None and found.startswith(f"U+{ord(char):04X} (")


@pytest.mark.parametrize("name", ["Les As", "Équipe Gaspé", "Ünal & Fils", "♠ Pique", "Zoë-Ève"])
def test_ordinary_names_pass(name):
    assert control_character(name) is None


def test_a_team_name_with_an_override_is_refused_with_one_line(tmp_path):
    spec = default_spec("alberta", 4, 2)
    data = spec.to_dict()
    data["teams"][2]["name"] = f"Les {RLO}sA"
    with pytest.raises(PatternError) as refused:
        load_spec(data)
    text = str(refused.value)
    assert "\n" not in text and RLO not in text
    assert text.startswith("teams, team 3: name: ")
    assert "U+202E (RIGHT-TO-LEFT OVERRIDE)" in text

    # The same, through the command line the leader uses: one line, no traceback.
    file = tmp_path / "final.toml"
    file.write_text(
        write_spec(spec, tmp_path / "ok.toml")
        .read_text(encoding="utf-8")
        .replace('name = "Team 3"', f'name = "Les {RLO}sA"'),
        encoding="utf-8",
    )
    assert RLO in file.read_text(encoding="utf-8")
    result = CliRunner().invoke(main, ["schedule", str(file)])
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "U+202E" in lines[0] and "Traceback" not in result.output


def test_a_player_name_with_a_control_character_is_refused():
    data = default_spec("alberta", 4, 2).to_dict()
    data["teams"][0]["players"]["A"] = "Marie\x1b[2J"
    with pytest.raises(PatternError, match=r"teams, team 1: players\.A: .*U\+001B"):
        load_spec(data)


def test_a_club_nights_names_are_checked_too():
    data = default_night("minnesota", 2).to_dict()
    data["seating"][1]["players"]["N"] = f"Paul{RLO}"
    with pytest.raises(PatternError, match="U\\+202E"):
        load_night(data)
    data = default_night("minnesota", 2).to_dict()
    data["name"] = "Mardi\u2066soir"
    with pytest.raises(PatternError, match="U\\+2066"):
        load_night(data)


@pytest.mark.parametrize(
    "command",
    [
        {"op": "rename", "name": f"Finale {RLO}"},
        {
            "op": "correct",
            "hand": 1,
            "table": 1,
            "visitor_tricks": 6,
            "home_tricks": 7,
            "revokes": {"home": 0, "visitors": 0},
            "reason": "miscounted\x00",
        },
        {"op": "place_decision", "teams": [1, 2], "reason": f"drawn {RLO}by lot"},
    ],
)
def test_commands_carrying_text_are_refused(command):
    payload = {"v": 1, "id": "c1", **command}
    with pytest.raises(ProtocolError) as refused:
        decode_command(json.dumps(payload).encode())
    assert "U+" in refused.value.reason and "\n" not in refused.value.reason


def test_a_log_begun_before_the_check_still_opens_as_it_was():
    # A tab pasted from a spreadsheet into a name, accepted by an older hub: its log replays.
    data = default_spec("alberta", 4, 2).to_dict()
    data["teams"][1]["players"]["X"] = "Anne\tMarie"
    with pytest.raises(PatternError):
        load_spec(data)
    event = event_from_dict({"kind": "created", "spec": data})
    assert isinstance(event, TournamentCreated)
    assert event.spec.teams[1].players["X"] == "Anne\tMarie"
    assert event_to_dict(event)["spec"]["teams"][1]["players"]["X"] == "Anne\tMarie"


def test_a_tables_call_cannot_turn_the_leaders_screen_around():
    with pytest.raises(ProtocolError, match="U\\+202E"):
        decode_call(json.dumps({"v": 1, "id": "c-1", "reason": f"misdeal{RLO}"}).encode())
    assert decode_call(b'{"v":1,"id":"c-2","reason":""}').reason == ""
