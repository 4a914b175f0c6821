"""The hall on a night of each game played each for oneself, against a real ``whist-hub
serve`` (embedded Mosquitto, log on disk) whose tables are simulated club kiosks
(hub.sim.SimClubKiosk) reporting deals: the leaderboard of players, each table's round, the
8-to-1 trump the hub drew, big (beside a long night's name, read whole). Screenshots audited:
the hall in EN at 1280x720 and in FR at 1920x1080, the console in EN at 1280x800 and in FR at
1920x1080."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.broker.broker import Credentials
from hub.service.files import write_spec
from tests.integration.hubproc import HubProcess
from tests.ports import quiet_port
from tests.ui.test_club_ui import (
    HALL_SHOTS,
    HALL_VARIANTS,
    LEADER_SHOTS,
    ServedNight,
    _check,
    _players,
    _run,
)
from whist.nightspec import default_night, load_night

ORDER = ("N", "E", "S", "W")
#: A night's name as a club may type it, three lines of the hall's type beside 8-to-1's card.
LONG_NAME = "Tuesday club night at the Royal Canadian Legion, branch 12"
#: Each game played each for oneself; Widow with its club rule and the traditional knockout,
#: so the screens show the house rules in force.
NIGHTS = ["widow:must_play_a_club", "solo", "knockout:knockout_rounds", "eight-to-one"]
#: The console's walk: the same, but Knockout at tables of seven, the most it seats (the
#: correction form's seven players' rows must fit a 1080p screen: issue 29).
LEADER_NIGHTS = [*NIGHTS[:2], "knockout:knockout_rounds:7", NIGHTS[3]]
#: Who sits in seats 5 to 7 of a Knockout table of seven.
MORE_SEATS = ("Marie-Thérèse", "Bartholomew", "Lucienne")


@pytest.fixture
def served_solo(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[ServedNight]:
    # "game", "game:house_rule" or "game:house_rule:players": a night of that game, with that
    # house rule in force (and that many players at each table)
    game, _, house_rule = request.param.partition(":")
    house_rule, _, seated = house_rule.partition(":")
    data = default_night(game, 3).to_dict()
    data["house_rules"] = [house_rule] if house_rule else []
    if game == "eight-to-one":  # a long name beside the trump card: read whole (issue 29)
        data["name"] = LONG_NAME
    for seating in data["seating"]:
        names = _players(seating["table"])
        seats = list(seating["players"])
        if seats[0] == "1":  # numbered seats: the same people, clockwise (and three more)
            everyone = [names[s] for s in ORDER] + list(MORE_SEATS)
            seats = [str(n) for n in range(1, int(seated or len(seats)) + 1)]
            seating["players"] = {s: everyone[int(s) - 1] for s in seats}
        else:
            seating["players"] = names
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
        creds = Credentials.load_or_create(tmp_path / "hub" / "broker", 3)
        yield ServedNight("127.0.0.1", port, creds, tmp_path / "hub", 3)
    finally:
        hub.terminate()
        hub.kill()


@pytest.mark.parametrize("served_solo", NIGHTS, indirect=True)
def test_the_hall_ranks_every_player(tmp_path, kivy_env, served_solo):
    game = served_solo.held().game.name
    report = _run(
        tmp_path,
        kivy_env,
        served_solo,
        "hall",
        scenario="club_hall_solo",
        shots=str(HALL_SHOTS),
        night_format=game,
        **HALL_VARIANTS,
    )
    _check(report, HALL_SHOTS, [f"30-night-{game}"], ["en-1280x720", "fr-1920x1080"])
    seen = report["texts"]
    first = seen["night"][0]
    assert first[0] in ("1", "1=") and " " not in first[1]  # a table, no partnership
    if game == "eight-to-one":
        assert seen["title"] == LONG_NAME  # whole, wrapped between words (the audit: not cut)
        symbol, name = seen["trump"]
        assert symbol and name.endswith(" · round 5\n7 cards · tables 1, 2")  # not table 3
        assert seen["tables"][0][1] == f"5 {symbol}"
    else:
        assert seen["trump"] == ["", ""]
    # The house rule in force is shown (Widow's club rule, the traditional knockout); none at
    # the others.
    assert bool(seen["house_rules"]) == (game in ("widow", "knockout"))


@pytest.mark.parametrize("served_solo", LEADER_NIGHTS, indirect=True)
def test_the_console_corrects_a_deal_of_each_game(tmp_path, kivy_env, served_solo):
    held = served_solo.held()
    game = held.game.name
    report = _run(
        tmp_path,
        kivy_env,
        served_solo,
        "leader",
        scenario="club_leader_solo",
        shots=str(LEADER_SHOTS),
        # the leader's laptop in English, a 1080p screen in French: the correction form of
        # four players' rows, and Knockout's seven, fits both, under the top bar (issue 29)
        sizes=[[1280, 800], [1920, 1080]],
        variants=[["en", 0], ["fr", 1]],
        night_format=game,
        seated=len(held.spec.seats_of(1).players),
    )
    names = [f"30-night-tables-{game}", f"31-deals-{game}", f"32-correct-deal-{game}"]
    assert "error" not in report, report.get("error")
    assert report["audit"] == [], "\n".join(report["audit"])
    expected = {f"{v}-{n}.png" for n in names for v in ("en-1280x800", "fr-1920x1080")}
    assert set(report["shots"]) == expected
    for name in expected:
        assert (LEADER_SHOTS / name).stat().st_size > 8000, f"{name} looks empty"
    t = report["texts"]
    assert t["saved"] == "Table 1, deal 1: saved. The scores follow."
    ruled = {"widow": "(must_play_a_club)", "knockout": "(knockout_rounds)"}
    assert (ruled[game] in t["night_detail"]) if game in ruled else "\n" not in t["night_detail"]
    held = served_solo.held()
    assert [d.by for d in held.deals[1]] == ["leader"]
    if game == "knockout":  # seven players' tricks, the last the rest: they add up to 7
        fixed = held.deals[1][0].record
        assert sum(int(v) for k, v in fixed.items() if k.startswith("tricks_")) == 7
        assert fixed["tricks_1"] == 3 and fixed["tricks_7"] == 0
