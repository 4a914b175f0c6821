"""The kiosk's MQTT side against a real Mosquitto (with per-table ACLs) and a real hub."""

from __future__ import annotations

import contextlib
import queue
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from hub.broker.broker import EmbeddedBroker
from hub.demo.sim import SimLeader
from kiosk.config import KioskConfig
from kiosk.connection import KioskConnection
from kiosk.outbox import Outbox
from tests.integration.conftest import TOPICS, mqtt_client, require_mosquitto
from tests.integration.hubproc import InProcessHub
from tests.ports import quiet_port
from whist.pattern import default_spec
from whist.protocol import Ack, FlagCount, Result, Revokes, State, TableView

require_mosquitto()

WAIT = 10.0
TABLE = 3


class Recorder:
    """A listener that notes what it hears, and on which thread."""

    def __init__(self) -> None:
        self.events: list[tuple[str, object]] = []
        self.threads: set[str] = set()

    def _note(self, kind: str, value: object) -> None:
        self.threads.add(threading.current_thread().name)
        self.events.append((kind, value))

    def on_connection(self, connected: bool) -> None:
        self._note("connection", connected)

    def on_hub_status(self, online: bool) -> None:
        self._note("hub", online)

    def on_view(self, view: TableView) -> None:
        self._note("view", view)

    def on_state(self, state: State) -> None:
        self._note("state", state)

    def on_ack(self, ack: Ack, result: Result | None) -> None:
        self._note("ack", (ack, result))

    def on_event(self, log: str) -> None:
        self._note("event", log)

    def last(self, kind: str) -> object:
        return next((v for k, v in reversed(self.events) if k == kind), None)


class UiThread:
    """What Kivy's Clock is to the app: a queue that only this (the test's) thread empties."""

    def __init__(self) -> None:
        self.jobs: queue.Queue[Callable[[], None]] = queue.Queue()

    def post(self, job: Callable[[], None]) -> None:
        self.jobs.put(job)

    def until(self, predicate: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            left = deadline - time.monotonic()
            assert left > 0, f"no {what} within {timeout} s"
            with contextlib.suppress(queue.Empty):
                self.jobs.get(timeout=min(left, 0.1))()


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[EmbeddedBroker]:
    with EmbeddedBroker(tmp_path / "broker", 4, port=quiet_port(), bind="127.0.0.1") as b:
        yield b


def kiosk_config(broker: EmbeddedBroker, tmp_path: Path) -> KioskConfig:
    cred = broker.credentials.table(TABLE)
    return KioskConfig(
        table=TABLE,
        host=broker.host,
        port=broker.port,
        username=cred.username,
        password=cred.password,
        data_dir=str(tmp_path / "kiosk"),
    )


def hub(broker: EmbeddedBroker, tmp_path: Path) -> InProcessHub:
    c = broker.credentials.hub
    data = tmp_path / "hub"
    data.mkdir(exist_ok=True)
    spec = default_spec("alberta", 4, 3)
    return InProcessHub(spec, data, broker.host, broker.port, c.username, c.password)


def start_hand(broker: EmbeddedBroker, *more: tuple[str, dict[str, object]]) -> None:
    """The leader starts the first hand, then sends ``more`` commands (op, fields)."""
    c = broker.credentials.leader
    leader = SimLeader(broker.host, broker.port, c.username, c.password)
    leader.start()
    try:
        assert leader.connected.wait(WAIT)
        for op, fields in (("start_hand", {}), *more):
            assert leader.command(op, **fields).ok, op
    finally:
        leader.stop()


@contextlib.contextmanager
def kiosk_with_the_hub_away(
    broker: EmbeddedBroker, tmp_path: Path, ui: UiThread, heard: Recorder
) -> Iterator[tuple[KioskConnection, Outbox]]:
    """A kiosk whose hub is away (the broker is up); its timer would resend only in 30 s."""
    with Outbox(tmp_path / "outbox.sqlite3") as box:
        conn = KioskConnection(
            kiosk_config(broker, tmp_path), box, heard, post=ui.post, resend_every=30
        )
        conn.start()
        try:
            ui.until(lambda: heard.last("hub") is False, "hub offline")
            yield conn, box
        finally:
            conn.stop()


def a_result(hand: int = 1) -> Result:
    return Result(
        id=f"res-{time.monotonic_ns()}",
        hand=hand,
        table=TABLE,
        visitor_tricks=10,
        home_tricks=3,
        revokes=Revokes(home=0, visitors=0),
    )


def test_status_subscriptions_and_a_result_acked(hall, tmp_path):
    ui, heard = UiThread(), Recorder()
    with hub(hall, tmp_path), Outbox(tmp_path / "outbox.sqlite3") as box:
        start_hand(hall)
        # The leader's login, once start_hand's leader is gone: a client id is its login, so
        # a probe on the hub's login would push the hub off (one device per login).
        probe = mqtt_client(
            hall.host, hall.port, hall.credentials.leader.username, hall.credentials.leader.password
        )
        probe.subscribe_acked(TOPICS.table_status(TABLE))
        conn = KioskConnection(kiosk_config(hall, tmp_path), box, heard, post=ui.post)
        conn.start()
        try:
            ui.until(lambda: isinstance(heard.last("view"), TableView), "view")
            ui.until(lambda: heard.last("hub") is True and heard.last("state"), "hub and state")
            assert probe.expect(TOPICS.table_status(TABLE)).payload == b"online"
            view = heard.last("view")
            assert isinstance(view, TableView)
            assert (view.hand, view.phase, view.held) == (1, "playing", 12)

            # the hub's tournament (Epoch.log), told to the screen
            ui.until(lambda: heard.last("event") is not None, "the hub's log")
            result = a_result()
            assert conn.submit(result) is True
            ui.until(lambda: heard.last("ack") is not None, "ack")
            ack, acked = heard.last("ack")  # type: ignore[misc]
            # the result as submitted, stamped with the hub's log the table heard (7.8)
            entered = result.model_copy(update={"log": heard.last("event")})
            assert ack.status == "accepted" and acked == entered
            assert box.pending() == []
            # a restarted kiosk knows which tournament its last result belongs to
            assert box.last_settled_log() == heard.last("event")
        finally:
            conn.stop()
        assert probe.expect(TOPICS.table_status(TABLE)).payload == b"offline"
    # Every callback ran on the thread that emptied the queue: none on paho's.
    assert heard.threads == {threading.current_thread().name}
    probe.close()


def test_a_result_waits_for_the_hub_and_goes_when_it_is_back(hall, tmp_path):
    ui, heard = UiThread(), Recorder()
    with hub(hall, tmp_path):
        start_hand(hall)
    with kiosk_with_the_hub_away(hall, tmp_path, ui, heard) as (conn, box):
        result = a_result()
        conn.submit(result)
        assert [r.id for r in box.pending()] == [result.id]
        with hub(hall, tmp_path):
            # Not the 30 s timer: the hub's "online" makes the kiosk send again at once.
            ui.until(lambda: heard.last("ack") is not None, "ack after the hub came back")
        ack, _ = heard.last("ack")  # type: ignore[misc]
        assert ack.status in ("accepted", "duplicate")
        assert box.pending() == []


def test_the_last_will_says_offline_when_a_kiosk_dies(hall, tmp_path):
    probe = mqtt_client(
        hall.host, hall.port, hall.credentials.hub.username, hall.credentials.hub.password
    )
    probe.subscribe_acked(TOPICS.table_status(TABLE))
    config = kiosk_config(hall, tmp_path)
    child = textwrap.dedent(
        f"""
        import os, signal, time
        from kiosk.config import KioskConfig
        from kiosk.connection import KioskConnection
        from kiosk.outbox import Outbox
        config = KioskConfig.model_validate_json({config.model_dump_json()!r})
        conn = KioskConnection(config, Outbox(":memory:"), None, post=lambda f: f())
        conn.start()
        assert conn.connected.wait(10)
        time.sleep(0.5)  # let the retained "online" reach the broker first
        print("online", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, timeout=30, check=False
    )
    assert "online" in done.stdout, done.stderr
    assert probe.expect(TOPICS.table_status(TABLE)).payload == b"online"
    assert probe.expect(TOPICS.table_status(TABLE)).payload == b"offline"
    probe.close()


def test_a_call_reaches_the_hub(hall, tmp_path):
    ui, heard = UiThread(), Recorder()
    with hub(hall, tmp_path), Outbox(":memory:") as box:
        conn = KioskConnection(kiosk_config(hall, tmp_path), box, heard, post=ui.post)
        conn.start()
        try:
            ui.until(lambda: heard.last("state") is not None, "state")
            assert conn.call_leader(topic="revoke") is True
            ui.until(
                lambda: TABLE in getattr(heard.last("state"), "calling", []), "call in the state"
            )
            # issue 25: what the players chose it is about, in the hub's words
            assert heard.last("state").call_reasons[str(TABLE)] == "a revoke question"
        finally:
            conn.stop()


def test_a_count_waits_for_the_hub_like_a_result(hall, tmp_path):
    """Rules A19: a table's count of its flags is kept in the outbox while the hub is away,
    goes when it is back, and is recorded as the verifier's count (the table's view says
    so)."""
    ui, heard = UiThread(), Recorder()
    with hub(hall, tmp_path):
        start_hand(hall, ("end_day", {"early": True}))
    with kiosk_with_the_hub_away(hall, tmp_path, ui, heard) as (conn, box):
        count = FlagCount(id="count-1", table=TABLE, day=1, flags=11)
        # the log of the hub the broker still names (its retained epoch): the count is kept
        # as submitted, stamped with it (7.8)
        ui.until(lambda: conn.hub_log is not None, "the hub's epoch, retained")
        conn.submit_count(count)
        count = count.model_copy(update={"log": conn.hub_log})
        assert box.pending() == [count]
        with hub(hall, tmp_path):
            ui.until(lambda: heard.last("ack") is not None, "ack after the hub came back")
            ack, sent = heard.last("ack")  # type: ignore[misc]
            assert (ack.status, ack.day, sent) == ("accepted", 1, count)
            ui.until(
                lambda: getattr(heard.last("view").count, "counted", None) == 11,  # type: ignore[union-attr]
                "the count in the view",
            )
            assert heard.last("view").count.status == "differs"  # type: ignore[union-attr]
        assert box.pending() == []


def test_a_report_is_stamped_with_the_tournament_the_table_last_heard(tmp_path):
    """``log`` (protocol 7.8): the hub's log this run's epoch named; before any, after a
    restart, the log that answered the table's last report; none when the table knows none
    (a new kiosk): a hub holding another tournament then refuses what it was entered for."""
    config = KioskConfig(
        table=TABLE, host="127.0.0.1", port=quiet_port(), data_dir=str(tmp_path / "kiosk")
    )
    with Outbox(tmp_path / "outbox.sqlite3") as box:
        new = KioskConnection(config, box, None, post=lambda f: f())
        first = a_result()
        new.submit(first)
        assert box.pending()[0].log is None  # a new kiosk has heard no hub
        box.settle(Ack(id=first.id, status="accepted"), "a1" * 16)

        restarted = KioskConnection(config, box, None, post=lambda f: f())
        restarted.submit(a_result())
        assert box.pending()[-1].log == "a1" * 16  # the tournament its last report was for
        restarted.hub_log = "b2" * 16  # this run's epoch, once it comes
        restarted.submit(a_result(hand=2))
        assert box.pending()[-1].log == "b2" * 16
        stamped = a_result(hand=3).model_copy(update={"log": "c3" * 16})
        restarted.submit(stamped)
        assert box.pending()[-1].log == "c3" * 16  # a report stamped already keeps its log
