"""A club night on the hall display and the leader's console, under Xvfb, against a real hub:
a ``whist-hub serve`` process with its embedded Mosquitto and its log on disk. Simulated club
kiosks (hub.sim.SimClubKiosk, each its own table login) report the deals; the console corrects
a deal, enters one from paper and ends the night itself. Every screen is saved in English and
French (hall: English at 1280x720, French at 1920x1080; console: both at 1920x1080) and
audited."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from hub.broker.broker import Credentials
from hub.service.files import write_spec
from hub.service.store import EventStore
from tests.integration.hubproc import HubProcess
from tests.ports import quiet_port
from tests.ui.conftest import broker_spec
from tests.ui.test_console_ui import HALL_SHOTS, LEADER_SHOTS, ConsoleScenario, _config
from whist.night import ClubNight, night_standings
from whist.nightspec import default_night, load_night

LEADER_SIZES = [[1280, 800], [1920, 1080]]

#: Players by table and seat (partners sit opposite: N & S, E & W).
NAMES = (
    {"N": "Eleanor", "S": "Harold", "E": "Margaret", "W": "Gérard"},
    {"N": "Dorothy", "S": "Albert", "E": "Thérèse", "W": "Walter"},
    {"N": "Irene", "S": "Kenneth", "E": "Yvonne", "W": "Bernard"},
    {"N": "Florence", "S": "Stanley", "E": "Ginette", "W": "Clifford"},
)
#: Tables 5 and on (a hall of 14 tables): no one plays at two tables.
MORE = [
    "Agathe",
    "Roland",
    "Muriel",
    "Norman",
    "Lucille",
    "Gaston",
    "Edith",
    "Raymond",
    "Colette",
    "Wilfred",
    "Pauline",
    "Marcel",
    "Beatrice",
    "Leonard",
    "Huguette",
    "Cyril",
    "Rita",
    "Fernand",
    "Mabel",
    "Douglas",
    "Jeannine",
    "Ernest",
    "Doris",
    "Clément",
    "Sylvia",
    "Howard",
    "Monique",
    "Reginald",
    "Vera",
    "Armand",
    "Hazel",
    "Lionel",
    "Gisèle",
    "Percy",
    "Norma",
    "Aurèle",
    "Olive",
    "Victor",
    "Simone",
    "Herbert",
]


def _players(table: int) -> dict[str, str]:
    if table <= len(NAMES):
        return dict(NAMES[table - 1])
    first = 4 * (table - len(NAMES) - 1)
    return dict(zip("NSEW", MORE[first : first + 4], strict=True))


@dataclass
class ServedNight:
    """Where a ``whist-hub serve`` of a club night listens, and the logins it made."""

    host: str
    port: int
    credentials: Credentials
    data: Path
    tables: int

    def held(self) -> ClubNight:
        with EventStore(self.data / "hub.sqlite3") as store:
            return ClubNight.replay(store.events())


@pytest.fixture
def served(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ServedNight]:
    tables = getattr(request, "param", 4)
    data = default_night("minnesota", tables, name="Mardi soir — Minnesota").to_dict()
    for seating in data["seating"]:
        seating["players"] = _players(seating["table"])
    night_file = write_spec(load_night(data), tmp_path / "night.toml")
    port = quiet_port()
    hub = HubProcess(
        night_file,
        tmp_path / "hub",
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--provision-port",
        "0",
    ).start(timeout=20)
    try:
        creds = Credentials.load_or_create(tmp_path / "hub" / "broker", tables)
        yield ServedNight("127.0.0.1", port, creds, tmp_path / "hub", tables)
    finally:
        hub.terminate()
        hub.kill()


def _run(tmp_path: Path, kivy_env: dict[str, str], night: ServedNight, app: str, **extra: Any):
    config = tmp_path / f"{app}.toml"
    config.write_text(_config(night, app, fullscreen=False, language="en"), encoding="utf-8")  # type: ignore[arg-type]
    b = broker_spec(night)  # type: ignore[arg-type]
    b["tables"] = {str(t): night.credentials.table(t).password for t in range(1, night.tables + 1)}
    spec = {
        "broker": b,
        "signals": str(tmp_path / "signals"),
        "app": app,
        "config": str(config),
        "night": {"tables": night.tables},
        **extra,
    }
    return ConsoleScenario(spec, kivy_env, tmp_path).report(timeout=240)


#: The hall in English on a 720p TV and in French on a 1080p one: each language at a size,
#: each size in a language (a resize lays the whole screen out again: two per screenshot
#: would double the walk's cost; tests/ui/test_club_stories_ui.py has the 1080p hall in both).
HALL_VARIANTS = {"sizes": [[1280, 720], [1920, 1080]], "variants": [["en", 0], ["fr", 1]]}


def _check(report: dict[str, Any], folder: Path, names: list[str], variants: list[str]) -> None:
    """Exactly the screenshots ``names`` in each of ``variants`` ("en-1280x720"), none
    empty, every one audited clean."""
    assert "error" not in report, report.get("error")
    assert report["audit"] == [], "\n".join(report["audit"])
    expected = sorted(f"{variant}-{n}.png" for n in names for variant in variants)
    assert sorted(report["shots"]) == expected
    for name in expected:
        assert (folder / name).stat().st_size > 8000, f"{name} looks empty"


@pytest.mark.parametrize("served", [14], indirect=True)
def test_the_hall_shows_the_nights_leaderboard(tmp_path, kivy_env, served):
    report = _run(
        tmp_path,
        kivy_env,
        served,
        "hall",
        scenario="club_hall",
        shots=str(HALL_SHOTS),
        **HALL_VARIANTS,
    )
    _check(
        report,
        HALL_SHOTS,
        ["20-night", "20-night-tables-turn", "21-night-paging", "22-night-final"],
        ["en-1280x720", "fr-1920x1080"],
    )
    seen = report["texts"]
    ranks = [rank for rank, *_ in seen["night"]]
    assert ranks[0] == "1" and "2=" in ranks
    assert seen["night"][0][1:3] == ["1 NS", "Eleanor & Harold"]
    page, rows, per_page = seen["pages"]
    assert page.startswith("Page 1 of ") and rows == per_page
    assert seen["final"].startswith("Final standings")
    held = served.held()
    assert held.ended and held.total_deals == sum(len(d) for d in held.deals.values())
    assert night_standings(held).ended


def test_the_console_corrects_enters_and_ends_the_night(tmp_path, kivy_env, served):
    report = _run(
        tmp_path,
        kivy_env,
        served,
        "leader",
        scenario="club_leader",
        shots=str(LEADER_SHOTS),
        # the leader's big screen, in both languages, with no resize (the stories,
        # tests/ui/test_club_stories_ui.py, have the laptop's 1280x800 in both)
        sizes=[LEADER_SIZES[1], LEADER_SIZES[1]],
        variants=[["en", 0], ["fr", 0]],
    )
    _check(
        report,
        LEADER_SHOTS,
        [
            "20-night-tables",
            "21-deals",
            "22-correct-deal",
            "23-deal-saved",
            "24-enter-deal",
            "25-refused",
            "26-end-night",
            "27-night-ended",
            "28-standings",
        ],
        ["en-1920x1080", "fr-1920x1080"],
    )
    t = report["texts"]
    assert [table for table, _ in t["order"]][:2] == ["3", "4"]
    assert t["readout"] == "EW granded · tricks NS 9, EW 4"
    assert t["saved"][0] == "Table 1, deal 3: saved. The scores follow."
    assert t["entered"] == "EW granded · tricks NS 5, EW 8 · revokes: EW 1"
    assert t["refused"].startswith("Not saved — deal 7: table\u00a04 has 1 deal so far")
    assert t["refused"].endswith("The saved deals are unchanged.")
    assert t["confirm"][0] == "End the night?"
    assert t["ended"][1] == "Final standings"
    assert t["late"] == ["rejected", "finished"]
    print(json.dumps(t["standings"][:3]))
    # What the console did is in the hub's log: the correction, the deal from paper, the end.
    held = served.held()
    assert [d.by for d in held.deals[1]] == ["table", "table", "leader"]
    assert held.deals[1][2].record == {"granded": "EW", "ns_tricks": 9}
    assert [d.by for d in held.deals[4]] == ["leader"]
    assert held.ended
