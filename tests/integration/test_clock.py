"""The room's clock (issue 26) through a real ``whist-hub serve`` and a real Mosquitto, for a
military tournament and a club night: the hub starts it with the hand (the deal), the leader
pauses, resumes and adds minutes, a hub killed mid-hand comes back with the same clock, a
kiosk whose own clock is an hour off still says the time left, and once time is up the
leader's console names the tables still playing. No assertion on real elapsed time: the
screens are given a steady clock of their own (a fake), and read the hub's published times."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from console.presenter import LeaderPresenter
from hub.broker.broker import EmbeddedBroker
from hub.demo.sim import SimClubKiosk, SimKiosk, SimLeader
from hub.service.files import write_spec
from kiosk.presenter import TablePresenter
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import HubProcess
from tests.ports import quiet_port
from whist.nightspec import default_night
from whist.pattern import default_spec
from whist.protocol import Clock, State

require_mosquitto()

WAIT = 20.0
TABLES = 3
#: An hour: how far off the kiosk's own clock is.
HOUR = 3600.0


class Steady:
    """A screen's steady clock that only moves when the test says: ``offset`` from the
    machine's (an hour off for the wrong kiosk)."""

    def __init__(self, offset: float = 0.0) -> None:
        self.now = time.monotonic() + offset

    def __call__(self) -> float:
        return self.now


class _Link:
    def submit(self, result: object) -> bool:
        return True

    def call_leader(self, reason: str = "") -> bool:
        return True

    def new_id(self) -> str:
        return "c-1"

    def send(self, command: object) -> str:
        return "c-1"


class Room:
    """A broker, a hub serving ``spec_file`` on it, the leader."""

    def __init__(self, folder: Path, broker: EmbeddedBroker, spec_file: Path) -> None:
        self.folder, self.broker, self.spec_file = folder, broker, spec_file
        self.hub: HubProcess | None = None
        c = broker.credentials.leader
        self.leader = SimLeader(broker.host, broker.port, c.username, c.password)
        self.devices: list[SimKiosk] = []

    def start_hub(self) -> None:
        c = self.broker.credentials.hub
        self.hub = HubProcess(
            self.spec_file,
            self.folder / "hub",
            "--broker",
            f"{self.broker.host}:{self.broker.port}",
            "--username",
            c.username,
            "--password",
            c.password,
            "--provision-port",
            "0",
        ).start(WAIT)
        if not self.leader.connected.is_set():
            self.leader.start()
            assert self.leader.connected.wait(WAIT)

    def kiosk(self, kind: type[SimKiosk], table: int) -> SimKiosk:
        c = self.broker.credentials.table(table)
        device = kind(table, self.broker.host, self.broker.port, c.username, c.password)
        device.start()
        assert device.connected.wait(WAIT)
        self.devices.append(device)
        return device

    def clock(self, predicate=lambda c: True) -> Clock:
        state = self.leader.wait_state(lambda s: s.clock is not None and predicate(s.clock), WAIT)
        assert state.clock is not None
        return state.clock

    def command(self, op: str, **fields: object) -> Clock:
        reply = self.leader.command(op, timeout=WAIT, **fields)
        assert reply.ok, reply.error
        assert reply.data is not None
        return Clock.model_validate(reply.data["clock"])

    def restart_hub(self) -> Clock:
        """SIGKILL the hub mid-hand and start it again; the clock it then publishes."""
        assert self.hub is not None and self.leader.state is not None
        before = self.leader.state.clock
        assert before is not None
        self.hub.kill()
        self.start_hub()
        return self.clock(lambda c: c.now > before.now)

    def close(self) -> None:
        for device in self.devices:
            device.stop()
        self.leader.stop()
        if self.hub is not None:
            self.hub.kill()


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[EmbeddedBroker]:
    with EmbeddedBroker(tmp_path / "broker", TABLES, port=quiet_port(), bind="127.0.0.1") as b:
        yield b


def same_clock(a: Clock, b: Clock) -> bool:
    """The same clock, whenever it was sent."""
    keep = {"now"}
    return a.model_dump(exclude=keep) == b.model_dump(exclude=keep)


def kiosk_words(table: int, state: State, ahead: float = 0.0) -> str:
    """What a kiosk whose own clock is an hour off shows, ``ahead`` seconds after it got
    ``state``."""
    steady = Steady(HOUR)
    kiosk = TablePresenter(table, link=_Link(), language="en", clock=steady)
    kiosk.on_connection(True)
    kiosk.on_hub_status(True)
    kiosk.on_state(state)
    steady.now += ahead
    kiosk.tick()
    return kiosk.view.header.clock


def slow_line(state: State, ahead: float) -> str:
    """The leader's clock bar ``ahead`` seconds after it got ``state``."""
    steady = Steady()
    console = LeaderPresenter(link=_Link(), language="en", steady=steady)
    console.on_connection(True)
    console.on_state(state)
    steady.now += ahead
    console.tick()
    return console.view.clock.text


def test_the_clock_of_a_military_hand(tmp_path: Path, broker: EmbeddedBroker) -> None:
    spec = default_spec("alberta", TABLES, 2).model_copy(update={"minutes": 20})
    room = Room(tmp_path, broker, write_spec(spec, tmp_path / "t.toml"))
    try:
        room.start_hub()
        assert room.leader.wait_state(lambda s: s.clock is None, WAIT)
        assert room.leader.command("start_hand", timeout=WAIT).ok
        started = room.clock(lambda c: c.unit == 1)
        assert (started.seconds, started.stood, started.paused_at) == (1200, 0.0, None)
        assert started.playing == [1, 2, 3] and started.started <= started.now

        # a kiosk an hour ahead of the hub still says about 20 minutes
        state = room.leader.state
        assert state is not None
        said = re.fullmatch(r"About (\d+) minutes left", kiosk_words(2, state))
        assert said is not None and 15 <= int(said[1]) <= 20, kiosk_words(2, state)

        paused = room.command("clock_pause")
        assert paused.paused_at is not None
        assert room.clock(lambda c: c.paused_at is not None).paused_at == paused.paused_at
        assert kiosk_words(2, room.leader.state, ahead=HOUR).startswith("Clock paused:")
        refused = room.leader.command("clock_pause", timeout=WAIT)
        assert not refused.ok  # already paused: nothing changes

        resumed = room.command("clock_resume")
        assert resumed.paused_at is None and resumed.stood >= 0.0
        added = room.command("clock_add", minutes=5)
        assert added.seconds == 1500

        # table 1 reports; 30 minutes on, tables 2 and 3 are slow
        kiosk = room.kiosk(SimKiosk, 1)
        kiosk.wait_assignment(lambda a: a.hand == 1, WAIT)
        assert kiosk.wait_ack(kiosk.submit(7), WAIT).status == "accepted"
        clock = room.clock(lambda c: c.playing == [2, 3] and c.seconds == 1500)
        state = room.leader.state
        assert state is not None and state.clock == clock
        over = kiosk_words(2, state, ahead=30 * 60)
        assert re.fullmatch(r"\d+:\d\d over", over), over
        assert kiosk_words(1, state, ahead=30 * 60) == ""  # table 1 is done
        line = slow_line(state, ahead=30 * 60)
        assert re.fullmatch(r"\d+:\d\d over: tables 2, 3 still playing", line)

        # the hub killed mid-hand, the clock running after a break: the same clock
        assert same_clock(room.restart_hub(), clock)

        # closing the hand stops the clock
        assert room.leader.command("close_hand", timeout=WAIT).ok
        room.leader.wait_state(lambda s: s.clock is None, WAIT)
    finally:
        room.close()


def test_the_clock_of_a_club_night(tmp_path: Path, broker: EmbeddedBroker) -> None:
    night = default_night("american", 2).model_copy(update={"minutes": 8})
    room = Room(tmp_path, broker, write_spec(night, tmp_path / "night.toml"))
    try:
        room.start_hub()
        kiosks = [room.kiosk(SimClubKiosk, t) for t in (1, 2)]
        state = room.leader.wait_state(lambda s: s.club is not None, WAIT)
        assert state.clock is None  # the first deal is not timed
        for kiosk in kiosks:
            assert isinstance(kiosk, SimClubKiosk)
            kiosk.wait_score(lambda s: s.deal == 1, WAIT)
            deal = kiosk.submit_deal({"trump": "clubs", "ns_tricks": 7})
            assert kiosk.wait_ack(deal, WAIT).status == "accepted"
        clock = room.clock(lambda c: c.unit == 2)
        assert (clock.seconds, clock.playing, clock.paused_at) == (480, [1, 2], None)

        assert room.command("clock_add", minutes=2).seconds == 600
        first = kiosks[0]
        assert isinstance(first, SimClubKiosk)
        first.wait_score(lambda s: s.deal == 2, WAIT)
        deal = first.submit_deal({"trump": "spades", "ns_tricks": 6})
        assert first.wait_ack(deal, WAIT).status == "accepted"
        clock = room.clock(lambda c: c.playing == [2])
        state = room.leader.state
        assert state is not None
        assert re.fullmatch(r"About (9|10) minutes left", kiosk_words(2, state))
        line = slow_line(state, ahead=15 * 60)
        assert re.fullmatch(r"\d+:\d\d over: table 2 still playing", line)

        # the hub killed during a break: the same clock, still paused
        paused = room.command("clock_pause")
        assert paused.paused_at is not None
        assert same_clock(room.restart_hub(), paused)
        assert room.command("clock_resume").paused_at is None
    finally:
        room.close()
