"""The hall scoreboard: Standings to pages of lines, on a scripted pty board."""

from __future__ import annotations

import logging

import pytest

from hardware import Scoreboard
from hardware.scoreboard import BoardRow, board_rows, board_text, frame
from hardware.testing import PtyPeer
from whist.protocol import Standings, TeamStanding

from .conftest import eventually

FAST = (0.05, 0.2)


def standings(n: int, *, hand: int = 3, points: bool = False) -> Standings:
    teams = [
        TeamStanding(
            team=t,
            name=f"Équipe {t}",
            flags=0 if points else 12 + n - 2 * t,
            points=(n - t) if points else 0,
            day_totals=[0],
            loans=0,
            rank=t,
        )
        for t in range(1, n + 1)
    ]
    return Standings(hand=hand, day=1, teams=teams, seq=hand)


@pytest.fixture
def board_peer(tmp_path):
    with PtyPeer(tmp_path / "ttyBOARD") as peer:
        yield peer


def open_board(peer, **kw):
    return Scoreboard(peer.path, backoff=FAST, **kw)


def test_rows_take_the_score_the_format_uses():
    alberta = board_rows(standings(3), name_width=16)
    assert [(r.rank, r.team, r.score, r.name) for r in alberta] == [
        (1, 1, 13, "Equipe 1"),
        (2, 2, 11, "Equipe 2"),
        (3, 3, 9, "Equipe 3"),
    ]
    gaspesie = board_rows(standings(3, points=True), name_width=16)
    assert [r.score for r in gaspesie] == [2, 1, 0]
    assert [r.score for r in board_rows(standings(3), name_width=8, score="points")] == [0, 0, 0]


def test_names_are_made_showable():
    assert board_text("Les Élans*de\tGaspé ", 40) == "Les Elans de Gaspe"
    assert board_text("Ωmega", 40) == "mega"
    assert board_text("A very long team name", 6) == "A very"
    nameless = standings(1).model_copy(
        update={"teams": [standings(1).teams[0].model_copy(update={"name": "★★"})]}
    )
    assert board_rows(nameless, name_width=16)[0].name == "Team 1"


def test_pages_split_the_teams():
    rows = [BoardRow(i, i, 10, f"T{i}") for i in range(1, 6)]
    second = frame(rows, page=1, per_page=2, hand=4, day=2)
    assert second == [("PAGE", 2, 3, 4, 2), ("ROW", 1, 3, 3, 10, "T3"), ("ROW", 2, 4, 4, 10, "T4"),
                      ("SHOW",)]  # fmt: skip
    assert frame(rows, page=3, per_page=2, hand=4, day=2)[0] == ("PAGE", 1, 3, 4, 2)  # wraps


def test_standings_reach_the_board(board_peer):
    board_peer.expect("HELLO WHIST 1", ["HELLO SCOREBOARD 1 rows=8 cols=32"])
    with open_board(board_peer) as board:
        board_peer.wait_done()
        assert board_peer.next_line() == "HELLO WHIST 1"  # every line is kept, expected or not
        board.show(standings(3, hand=7))
        assert board_peer.lines_until("SHOW") == [
            "PAGE 1 1 7 1",
            "ROW 1 1 1 13 Equipe 1",
            "ROW 2 2 2 11 Equipe 2",
            "ROW 3 3 3 9 Equipe 3",
            "SHOW",
        ]
        board.show(standings(0))
        assert board_peer.next_line() == "CLEAR"


def test_many_teams_turn_pages(board_peer):
    with open_board(board_peer, rows=2, page_seconds=0.15) as board:
        assert board_peer.next_line() == "HELLO WHIST 1"
        board.show(standings(5))
        pages = [board_peer.lines_until("SHOW")[0] for _ in range(4)]
        assert pages == ["PAGE 1 3 3 1", "PAGE 2 3 3 1", "PAGE 3 3 3 1", "PAGE 1 3 3 1"]


def test_new_standings_go_out_at_once_on_the_page_shown(board_peer):
    with open_board(board_peer, rows=2, page_seconds=60) as board:
        assert board_peer.next_line() == "HELLO WHIST 1"
        board.show(standings(5, hand=1))
        assert board_peer.lines_until("SHOW")[0] == "PAGE 1 3 1 1"
        board.show(standings(5, hand=2))
        assert board_peer.lines_until("SHOW", timeout=0.5)[0] == "PAGE 1 3 2 1"


def test_unplug_and_replug_resends_the_page(board_peer):
    with open_board(board_peer) as board:
        assert board_peer.next_line() == "HELLO WHIST 1"
        board.show(standings(2))
        board_peer.lines_until("SHOW")
        board_peer.unplug()
        eventually(lambda: not board.connected, what="the board noticed")
        board.show(standings(2, hand=9))  # standings keep coming while it is away
        board_peer.replug()
        assert board_peer.next_line() == "HELLO WHIST 1"
        assert board_peer.lines_until("SHOW")[0] == "PAGE 1 1 9 1"


def test_the_board_may_answer_and_complain(board_peer, caplog):
    with caplog.at_level(logging.WARNING), open_board(board_peer) as board:
        assert board_peer.next_line() == "HELLO WHIST 1"
        board_peer.send("OK", "ERR row 9 does not exist", "HELLO SCOREBOARD 2")
        board_peer.send_raw(b"%%%\n")
        eventually(lambda: board.bad_lines == 1)
        eventually(lambda: "is not a version 1 scoreboard" in caplog.text)
    assert "reports: row 9 does not exist" in caplog.text


def test_standings_before_the_board_is_plugged_in(board_peer):
    board_peer.unplug()
    with open_board(board_peer) as board:
        board.show(standings(1))
        board_peer.replug()
        assert board_peer.next_line() == "HELLO WHIST 1"
        assert board_peer.lines_until("SHOW")[-2] == "ROW 1 1 1 11 Equipe 1"
        eventually(lambda: board.frames_sent == 1, what="counted after its SHOW went out")
