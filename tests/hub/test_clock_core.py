"""The room's clock in the hub's core (issue 26), with a fake hub time: started with a hand
(a club night's deal), stopped when it is over, the leader's pauses and minutes, each a fact
in the log that a new core replays to the same clock."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from hub.cli import main
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.files import read_event_file
from hub.service.store import EventStore
from whist.events import ClockPaused, ClockStarted
from whist.nightspec import default_night
from whist.pattern import default_spec
from whist.protocol import Clock, State, decode


class Wall:
    """The hub's time of day, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def command(core: HubCore, op: str, **fields: object) -> dict[str, Any]:
    body = json.dumps({"v": 1, "id": f"c{core.event.seq}-{op}", "op": op, **fields})
    out = core.handle([Inbound("command", None, body.encode())])
    reply: dict[str, Any] = json.loads(
        next(o.payload for o in out if o.topic.endswith("leader/reply"))
    )
    return reply


def published(core: HubCore) -> Clock | None:
    return decode(State, core.state_message().payload).clock


def test_a_tournament_hand_is_timed_paused_extended_and_kept(tmp_path: Path) -> None:
    wall = Wall()
    spec = default_spec("alberta", 3, 2).model_copy(update={"minutes": 20})
    core = HubCore(EventStore(tmp_path / "hub.sqlite3"), spec, wall=wall)
    assert published(core) is None
    assert not command(core, "clock_pause")["ok"]  # no clock yet: refused, nothing kept

    assert command(core, "start_hand")["ok"]
    start = wall.now
    wall.now += 60
    clock = published(core)
    assert clock == Clock(unit=1, started=start, seconds=1200, now=wall.now, playing=[1, 2, 3])

    assert command(core, "clock_pause")["ok"]
    wall.now += 600  # a ten-minute break
    assert command(core, "clock_resume")["ok"]
    reply = command(core, "clock_add", minutes=5)
    assert reply["data"]["clock"]["seconds"] == 1500
    clock = published(core)
    assert clock is not None and (clock.stood, clock.paused_at) == (600.0, None)

    # a result moves the slow tables; the State says it
    result = {
        "v": 1,
        "id": "r1",
        "hand": 1,
        "table": 2,
        "visitor_tricks": 6,
        "home_tricks": 7,
        "revokes": {"home": 0, "visitors": 0},
    }
    core.handle([Inbound("result", 2, json.dumps(result).encode())])
    after = published(core)
    assert after is not None and after.playing == [1, 3]

    # the clock's facts are in the log: a new core (a restarted hub) has the same clock
    again = HubCore(EventStore(tmp_path / "hub.sqlite3"), spec, wall=wall)
    assert published(again) == after
    assert again.event.seq == core.event.seq  # the tournament counts them, as it replays

    assert command(again, "close_hand")["ok"]
    assert published(again) is None
    kinds = [type(e) for e in again.store.events()]
    assert kinds.count(ClockStarted) == 1 and kinds.count(ClockPaused) == 1


def test_undoing_a_start_stops_its_clock_and_no_minutes_no_clock(tmp_path: Path) -> None:
    wall = Wall()
    spec = default_spec("gaspesie", 3, 2).model_copy(update={"minutes": 15})
    core = HubCore(EventStore(tmp_path / "a.sqlite3"), spec, wall=wall)
    assert command(core, "start_hand")["ok"]
    assert published(core) is not None
    assert command(core, "undo_start")["ok"]
    assert published(core) is None

    plain = HubCore(EventStore(tmp_path / "b.sqlite3"), default_spec("alberta", 3, 2))
    assert command(plain, "start_hand")["ok"]
    assert published(plain) is None
    assert not command(plain, "clock_add", minutes=5)["ok"]


def test_a_club_deal_is_timed_from_the_room_s_last_table(tmp_path: Path) -> None:
    wall = Wall()
    night = default_night("american", 2).model_copy(update={"minutes": 8})
    core = HubCore(EventStore(tmp_path / "hub.sqlite3"), night, wall=wall)

    def deal(table: int, number: int) -> None:
        body = {
            "v": 1,
            "id": f"d{table}-{number}",
            "table": table,
            "deal": number,
            "record": {"trump": "clubs", "ns_tricks": 7},
        }
        core.handle([Inbound("deal", table, json.dumps(body).encode())])

    deal(1, 1)
    assert published(core) is None  # the first deal is not timed
    wall.now += 30
    deal(2, 1)  # the room's last table finished deal 1: deal 2's clock starts
    clock = published(core)
    assert clock is not None and (clock.unit, clock.started, clock.seconds) == (2, wall.now, 480)
    deal(2, 2)
    clock = published(core)
    assert clock is not None and clock.playing == [1]
    assert command(core, "clock_pause")["ok"]
    again = HubCore(EventStore(tmp_path / "hub.sqlite3"), night, wall=wall)
    assert published(again) == published(core)


def test_whist_hub_new_writes_the_minutes_with_their_comment(tmp_path: Path) -> None:
    runner = CliRunner()
    for fmt, name in (("alberta", "t.toml"), ("american", "n.toml")):
        out = tmp_path / name
        done = runner.invoke(
            main, ["new", "--format", fmt, "--tables", "3", "--minutes", "20", "--out", str(out)]
        )
        assert done.exit_code == 0, done.output
        text = out.read_text(encoding="utf-8")
        assert "minutes = 20" in text and "no clock" in text  # the comment says what it is
        assert read_event_file(out).minutes == 20
    plain = tmp_path / "plain.toml"
    made = runner.invoke(
        main, ["new", "--format", "gaspesie", "--tables", "3", "--out", str(plain)]
    )
    assert made.exit_code == 0, made.output
    assert "minutes =" not in plain.read_text(encoding="utf-8")  # no clock: as files always were
    assert read_event_file(plain).minutes == 0
