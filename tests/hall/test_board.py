"""hall.toml's [scoreboard]: accepted by the hall's settings, and fed the hub's standings
(through the hall's listener, to hardware's Scoreboard, to a scripted board on a real pty)."""

from __future__ import annotations

from pathlib import Path

import hardware
from hall.board import StandingsTee
from hall.presenter import HallPresenter
from hardware.testing import PtyPeer
from uikit.config import ConfigProblem
from uikit.settings import HallConfig, load_config
from whist.protocol import Standings, TeamStanding

LOGIN = 'host = "127.0.0.1"\nusername = "hall"\npassword = "x"\n'


def _standings(seq: int, first: str) -> Standings:
    teams = [
        TeamStanding(team=7, name=first, flags=19, points=0, day_totals=[19], loans=0, rank=1),
        TeamStanding(team=3, name="Team 3", flags=16, points=0, day_totals=[16], loans=0, rank=2),
    ]
    return Standings(hand=12, day=1, teams=teams, seq=seq)


def test_hall_toml_takes_the_scoreboard_table_of_the_hardware_guide(tmp_path: Path):
    path = tmp_path / "hall.toml"
    path.write_text(
        LOGIN + '\n[scoreboard]\nport = "/dev/serial/by-id/usb-Arduino_Mega-if00"\n'
        'baud = 9600\nrows = 8\nname_width = 16\npage_seconds = 8.0\nscore = "auto"\n',
        encoding="utf-8",
    )
    config = load_config(path, "hall")
    assert isinstance(config, HallConfig)
    assert config.scoreboard is not None
    assert hardware.parse_scoreboard_config(config.scoreboard).rows == 8
    path.write_text(LOGIN + 'scoreboard = "/dev/ttyACM0"\n', encoding="utf-8")
    problem = load_config(path, "hall")
    assert isinstance(problem, ConfigProblem)
    assert [(p.kind, p.key) for p in problem.problems] == [("table_expected", "scoreboard")]


def test_the_board_shows_what_the_hub_publishes(tmp_path: Path):
    with PtyPeer(tmp_path / "ttyBOARD") as peer:
        board = hardware.scoreboard_from_config({"port": peer.path, "rows": 8})
        with board:
            presenter = HallPresenter(language="en")
            tee = StandingsTee(presenter, board.show_standings)
            tee.on_connection(True)
            assert peer.next_line() == "HELLO WHIST 1"
            tee.on_standings(_standings(5, "Les As de Gaspé"))
            assert peer.lines_until("SHOW") == [
                "PAGE 1 1 12 1",
                "ROW 1 1 7 19 Les As de Gaspe",
                "ROW 2 2 3 16 Team 3",
                "SHOW",
            ]
            assert presenter.view.rows[0].name == "Les As de Gaspé · table 7"
            # An older picture (seq 4) is not shown, on the screen or on the board.
            tee.on_standings(_standings(4, "Old name"))
            tee.on_standings(_standings(6, "New name"))
            assert peer.lines_until("SHOW")[1] == "ROW 1 1 7 19 New name"
            assert board.status().devices[0].state == hardware.DeviceState.OK
