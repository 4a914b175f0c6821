"""The hall from the back row (issue 13), under Xvfb: on a 55-inch TV at 1920x1080, team
names and scores have capitals of at least 30 mm and the trump is larger still, measured
in the screenshots' pixel rows (tests/ui/hall_backrow.py); few teams fill the screen, many
turn pages by themselves; the window is the TV's whatever its resolution; the serial hall
scoreboard of hall.toml gets the standings. Screenshots in screenshots/hall/, EN and FR,
1920x1080 and 1280x720, audited like every hall screen."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hall import sizes as bk
from hardware.testing import PtyPeer
from tests.ui.conftest import ROOT, Scenario, broker_spec
from tests.ui.hall_backrow import LONG_NAME
from tests.ui.test_console_ui import HALL_SHOTS, _config

#: Both languages on the TV at 1920x1080, French (the longer) at 1280x720 (hall_backrow.py).
VARIANTS = ["en-1920x1080", "fr-1920x1080", "fr-1280x720"]
SHOTS = [
    "01-three-teams",
    "02-page-1",
    "03-page-2",
    "04-forty-teams",
    "05-long-name",
    "06-gaspesie",
    "07-gaspesie-first",
    "08-playoff",
]


class BackrowScenario(Scenario):
    module = "tests.ui.hall_backrow"

    def __init__(self, spec: dict[str, Any], env: dict[str, str], workdir: Path) -> None:
        super().__init__(spec, env, workdir, name="hall-backrow")


def test_the_standings_read_from_the_back_row(tmp_path, kivy_env, hall):
    with PtyPeer(tmp_path / "ttyBOARD") as board:
        config = tmp_path / "hall.toml"
        config.write_text(
            _config(hall, "hall", fullscreen=False, page_seconds=3)
            + f'\n[scoreboard]\nport = "{board.path}"\nrows = 8\n',
            encoding="utf-8",
        )
        spec = {
            "app": "hall",
            "scenario": "hall_backrow",
            "config": str(config),
            "broker": broker_spec(hall),
            "signals": str(tmp_path / "signals"),
            "shots": str(HALL_SHOTS),
            "sizes": [[1920, 1080], [1280, 720]],
        }
        report = BackrowScenario(spec, kivy_env, tmp_path).report()
        # The hall app started the board and fed it: 12 teams, then 40, on pages of 8.
        lines = [board.next_line(5) for _ in range(30)]
    assert lines[0] == "HELLO WHIST 1"
    assert "PAGE 1 2 4 1" in lines and "ROW 8 8 8 26 HEARTS OF OAK" in lines

    assert report["audit"] == [], "\n".join(report["audit"])
    expected = sorted(f"{v}-{n}.png" for n in SHOTS for v in VARIANTS)
    assert sorted(report["shots"]) == expected

    heights = report["heights"]
    print(json.dumps(heights, indent=1))
    for stem, found in heights.items():
        width = int(stem.split("-")[1].split("x")[0])
        slack = 1218 / width  # one pixel row, in mm, at this resolution
        name, score = found["hall-name"]["mm"], found["hall-score"]["mm"]
        if stem.endswith("long-name"):
            name = bk.MIN_CAP_MM  # smaller on purpose: checked below
        assert name >= bk.MIN_CAP_MM - slack, f"{stem}: team names' capitals {name} mm"
        assert score >= bk.MIN_CAP_MM - slack, f"{stem}: scores {score} mm"
        if "hall-clock" in found:  # the room's clock: as big as the names (issue 26)
            clock = found["hall-clock"]["mm"]
            assert clock >= bk.MIN_CAP_MM - slack, f"{stem}: the clock {clock} mm"
        if "hall-trump" in found:
            trump, symbol = found["hall-trump"]["mm"], found["hall-trump-symbol"]["mm"]
            assert trump > max(name, score), f"{stem}: the trump's name {trump} mm"
            assert symbol > trump, f"{stem}: the trump's symbol {symbol} mm"
    # Three teams share the screen: bigger than a full page's rows.
    three = heights["en-1920x1080-01-three-teams"]["hall-name"]
    full = heights["en-1920x1080-02-page-1"]["hall-name"]
    assert three["font_px"] == round(bk.NAME * bk.MAX_GROW) and three["px"] > full["px"]
    rows_per_page, pages = report["texts"]["forty"]
    assert pages == -(-40 // rows_per_page) and rows_per_page >= 6
    # A 40-character name is wrapped between words and made smaller, never cut (issue 13).
    # Gaspésie in French: a manche in the header and the column, never a main (issue 13).
    hand, column, clock = report["texts"]["gaspesie_fr"]
    assert hand.startswith("Manche 5 sur 24") and column == "Manche 4", (hand, column)
    assert clock == "Il reste environ 12\u00a0minutes"
    assert {s for s, found in heights.items() if "hall-clock" in found} == {
        f"{v}-06-gaspesie" for v in VARIANTS
    }
    assert report["texts"]["gaspesie_first_fr"] == "La première manche va commencer"
    assert report["texts"]["playoff"] == [  # issue 25: a playoff, never "Final standings"
        "Playoff for first place",
        "A and B players to table 1",
        "RED DEER ACES: Ann Smith & Bob Lee · PONOKA HEARTS: Cy Roy & Di Fox",
        "Hearts",
    ]
    print(json.dumps(report["texts"]["long_name"]))
    for size, fitted in report["texts"]["long_name"].items():
        assert fitted["fits"], f"{size}: {fitted}"
        assert fitted["text"].startswith(LONG_NAME), f"{size}: {fitted}"  # then its table
        # (a number is drawn held to its word by a no-break space: "table\xa01")
        said = " ".join(fitted["lines"]).replace("\xa0", " ")
        assert said == fitted["text"], f"{size}: a word split: {fitted}"
        assert fitted["min_px"] <= fitted["font_px"] < fitted["full_px"], f"{size}: {fitted}"
        assert fitted["texture"][1] <= fitted["box"][1] + 1, f"{size}: {fitted}"


@pytest.fixture
def tv_720(kivy_env: dict[str, str]) -> Iterator[dict[str, str]]:
    """A second X server whose only screen is a 1280x720 TV."""
    read, write = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    assert number, "Xvfb did not start"
    try:
        yield {**kivy_env, "DISPLAY": f":{number}"}
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(5)


def _start(env: dict[str, str], config: Path, shot: Path) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "tests.ui.hall_fullscreen", str(config), str(shot)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    lines = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert lines, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(lines[-1][len("RESULT ") :])
    return result


@pytest.mark.parametrize("written", ["missing", "valid"])
def test_fullscreen_on_a_720p_tv(tmp_path, tv_720, hall, written):
    config = tmp_path / "hall.toml"
    if written == "valid":
        config.write_text(_config(hall, "hall"), encoding="utf-8")
    HALL_SHOTS.mkdir(parents=True, exist_ok=True)
    shot = HALL_SHOTS / f"en-1280x720-00-tv-{written}-config.png"
    result = _start(tv_720, config, shot)
    # Before: the set-up screen was drawn in a 1920x1080 window, its right and bottom cut off.
    assert result["size"] == [1280, 720]
    assert result["screen"] == ("setup" if written == "missing" else "connecting")
    assert result["s"] == pytest.approx(2 / 3)
    assert result["audit"] == [], "\n".join(result["audit"])
