"""``whist-hub demo --format minnesota|english|american``: a whole club night played by bots
through a real hub and broker; its final standings are the log's, and ``tally`` over its
export prints them again."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from click.testing import CliRunner

from hub.cli import main
from hub.demo.demo import run_demo
from hub.service.store import EventStore
from tests.integration.conftest import require_mosquitto
from tests.system.test_demo import mosquittos
from whist.bot import club_deal, grands
from whist.cards import Card
from whist.formats import Format
from whist.night import ClubNight, night_standings
from whist.views import place_marks

require_mosquitto()


def board(lines: list[str]) -> list[tuple[str, int, str, int, int]]:
    """(rank as printed, table, side, wins, points) of the printed final standings: a shared
    place reads "2=", as on every screen."""
    text = "\n".join(lines).split("Final standings", 1)[1]
    rows = []
    for line in text.splitlines()[2:]:
        words = line.split()
        rows.append((words[0], int(words[1]), words[2], int(words[-2]), int(words[-1])))
    return rows


@pytest.mark.parametrize("game", ["minnesota", "english", "american"])
def test_a_club_night_plays_to_the_log_s_standings_and_tally_agrees(tmp_path, game):
    lines: list[str] = []
    code = run_demo(fmt=game, tables=4, pace=0, seed=5, data=tmp_path, echo=lines.append)
    text = "\n".join(lines)
    assert code == 0, text
    printed = board(lines)
    with EventStore(tmp_path / "hub.sqlite3") as store:
        night = ClubNight.replay(store.events())
    assert night.ended and all(night.table(t).finished for t in night.table_numbers)
    rows = night_standings(night).rows
    held = [(r.rank, r.table, r.party, r.wins, r.points) for r in rows]
    marks = place_marks([r.rank for r in rows])
    assert printed == [(mark, *row[1:]) for mark, row in zip(marks, held, strict=True)]
    assert mosquittos(tmp_path) == set()  # the demo's broker is gone

    out = tmp_path / "exports"  # never the repository's folder
    export = CliRunner().invoke(main, ["export", str(tmp_path), "--csv", "--out", str(out)])
    assert export.exit_code == 0, export.output
    tally = CliRunner().invoke(main, ["tally", "--format", game, str(out / "deals.csv")])
    assert tally.exit_code == 0, tally.output
    tallied = [
        (int(w[0]), int(w[1]), w[2], int(w[3]), int(w[4]))
        for w in (line.split()[:5] for line in tally.output.splitlines()[2:])
    ]
    assert tallied == held


def test_the_bots_grand_with_four_aces_and_kings_and_record_what_the_game_reads():
    assert grands([Card.parse(t) for t in ("as", "ks", "ah", "kd")])
    assert not grands([Card.parse(t) for t in ("as", "ks", "ah", "qd", "jc")])
    rng = random.Random(9)
    seen = set()
    for game in ("minnesota", "english", "american"):
        rules = Format(game).club
        for _ in range(40):
            record = club_deal(rng, game, "W")
            rules.record(record)  # every record is one the game accepts
            assert set(record) <= set(rules.fields)
            seen.add(record.get("granded"))
    assert {"NS", "EW", "low"} <= seen  # both sides grand sometimes, and all play low


def test_the_command_line_club_demo(tmp_path):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "hub.cli",
            "demo",
            "--format",
            "american",
            "--tables",
            "2",
            "--length",
            "deals:3",
            "--pace",
            "0",
            "--data",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "deal  3  2 tables played, 2/2 done" in out.stdout
    assert " 1 games" not in out.stdout and " 1 points" not in out.stdout  # "1 game"
    assert "Final standings (American whist, games then points)" in out.stdout
