"""The demo's terminal board marks a shared place as every screen does ("2="), from the
core's ranks (whist.views.place_marks)."""

from __future__ import annotations

from hub.demo.demo import standings_table
from whist.pattern import default_spec
from whist.protocol import Standings, TeamStanding


def test_the_terminal_board_marks_shared_places():
    teams = [
        TeamStanding(team=t, name=f"Team {t}", flags=f, points=0, day_totals=[f], loans=0, rank=r)
        for t, f, r in ((1, 14, 1), (2, 12, 2), (3, 12, 2), (4, 10, 4))
    ]
    board = standings_table(Standings(hand=1, day=1, teams=teams), default_spec("alberta", 4, 2))
    ranks = [line.split()[0] for line in board.splitlines()[1:]]
    assert ranks == ["1", "2=", "2=", "4"]
    # a board cut at the top still marks the place it shares with a team below the cut
    top = standings_table(Standings(hand=1, day=1, teams=teams), default_spec("alberta", 4, 2), 2)
    assert [line.split()[0] for line in top.splitlines()[1:3]] == ["1", "2="]
