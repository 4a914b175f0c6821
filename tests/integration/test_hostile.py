"""The hall's network is hostile (issue 14): attacks from a table's own login, each against a
real hub and a real Mosquitto with its own port and folder."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from hub.broker.broker import EmbeddedBroker
from hub.demo.sim import SimLeader
from hub.service.files import write_spec
from tests.integration.conftest import TOPICS, Connect, ProbeClient, require_mosquitto
from tests.integration.hubproc import HubProcess, InProcessHub, wait_for
from tests.ports import quiet_port
from whist.pattern import default_spec
from whist.protocol import Ack, Reply, State, decode

require_mosquitto()

WAIT = 15.0
SPEC = default_spec("alberta", 4, 6)


def result(table: int, rid: str, hand: int = 1, tricks: int = 8) -> bytes:
    body = {
        "v": 1,
        "id": rid,
        "hand": hand,
        "table": table,
        "visitor_tricks": tricks,
        "home_tricks": 13 - tricks,
        "revokes": {"home": 0, "visitors": 0},
    }
    return json.dumps(body).encode()


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[EmbeddedBroker]:
    """A broker of this test's own: retained messages and the hub's session start empty."""
    with EmbeddedBroker(
        tmp_path / "broker", tables=SPEC.tables, port=quiet_port(), bind="127.0.0.1"
    ) as b:
        yield b


@contextmanager
def hub_on(broker: EmbeddedBroker, data: Path, client_id: str | None = None) -> Iterator[Any]:
    data.mkdir(exist_ok=True)
    hub = broker.credentials.hub
    with InProcessHub(
        SPEC, data, broker.host, broker.port, hub.username, hub.password, client_id=client_id
    ) as running:
        yield running


@contextmanager
def leader_on(broker: EmbeddedBroker) -> Iterator[SimLeader]:
    creds = broker.credentials.leader
    leader = SimLeader(broker.host, broker.port, creds.username, creds.password)
    leader.start()
    try:
        assert leader.connected.wait(WAIT), "the leader could not connect"
        yield leader
    finally:
        leader.stop()


def ack_of(kiosk: ProbeClient, table: int) -> Ack:
    return decode(Ack, kiosk.expect(TOPICS.ack(table), WAIT).payload)


def disconnections(client: mqtt.Client) -> threading.Event:
    """An event set whenever *client* loses its connection (the hub's own callback still runs)."""
    lost = threading.Event()
    original = client.on_disconnect

    def spy(*args: Any) -> None:
        lost.set()
        original(*args)

    client.on_disconnect = spy
    return lost


# --- client ids belong to logins ---------------------------------------------------------------


def test_a_table_login_cannot_take_the_hubs_or_another_kiosks_client_id(
    broker: EmbeddedBroker, tmp_path: Path, connect: Connect
) -> None:
    creds = broker.credentials
    with hub_on(broker, tmp_path / "hub") as hub, leader_on(broker) as leader:
        hub_lost = disconnections(hub.hub.client)
        assert leader.command("start_hand", timeout=WAIT).ok
        kiosk = connect(broker, creds.table(3))
        kiosk.subscribe_acked(TOPICS.ack(3))
        statuses = []
        for stolen in ("whist-hub", "hub", "whist-kiosk-3", "table3", kiosk._client_id.decode()):
            intruder = connect(broker, creds.table(2), client_id=stolen)
            # A result sent while the intruder holds the stolen id is still acknowledged.
            assert not kiosk.publish_acked(TOPICS.result(3), result(3, "r-3")).is_failure
            statuses.append(ack_of(kiosk, 3).status)
            intruder.close()
        assert statuses == ["accepted"] + ["duplicate"] * 4
        assert not hub_lost.is_set(), "the hub was pushed off the broker"
        assert not kiosk.disconnected.is_set(), "table 3's kiosk was pushed off the broker"


def test_the_hubs_session_is_its_logins_and_survives_a_restart(
    broker: EmbeddedBroker, tmp_path: Path, connect: Connect
) -> None:
    """Whatever client id the hub asks for, the broker keeps its session under ``hub``."""
    with hub_on(broker, tmp_path / "hub", client_id="first-id"), leader_on(broker) as leader:
        assert leader.command("start_hand", timeout=WAIT).ok
    kiosk = connect(broker, broker.credentials.table(1))
    kiosk.subscribe_acked(TOPICS.ack(1))
    # No hub is connected: the broker keeps this for the hub's persistent session.
    assert not kiosk.publish_acked(TOPICS.result(1), result(1, "while-away")).is_failure
    with hub_on(broker, tmp_path / "hub", client_id="another-id"):
        ack = ack_of(kiosk, 1)
    assert (ack.id, ack.status) == ("while-away", "accepted")


def test_a_console_restarted_while_its_old_connection_lingers_takes_the_login_over(
    broker: EmbeddedBroker, tmp_path: Path
) -> None:
    """One login is one device: the newest connection with a login keeps it."""
    creds = broker.credentials.leader
    old = ProbeClient()
    assert not old.open(broker.host, broker.port, creds.username, creds.password).is_failure
    old.loop_stop()  # the console froze: its connection is still open, nobody answers on it
    try:
        with hub_on(broker, tmp_path / "hub"), leader_on(broker) as console:
            assert console.command("plan", timeout=WAIT).ok
    finally:
        sock = old.socket()
        if sock is not None:
            sock.close()


# --- bounded messages ----------------------------------------------------------------------------


def v311_client(broker: EmbeddedBroker, table: int) -> tuple[mqtt.Client, threading.Event]:
    """An MQTT 3.1.1 client: it cannot know the broker's limit, as a hostile one would not."""
    lost = threading.Event()
    connected = threading.Event()
    client = mqtt.Client(
        CallbackAPIVersion.VERSION2, client_id=f"big-{uuid.uuid4().hex[:8]}", protocol=mqtt.MQTTv311
    )
    cred = broker.credentials.table(table)
    client.username_pw_set(cred.username, cred.password)
    client.on_connect = lambda *a: connected.set()
    client.on_disconnect = lambda *a: lost.set()
    client.connect(broker.host, broker.port)
    client.loop_start()
    assert connected.wait(WAIT), "the 3.1.1 client could not connect"
    return client, lost


def peak_memory_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    raise AssertionError("no VmHWM in /proc")


def test_a_2_mb_publish_is_refused_by_the_broker_and_never_reaches_the_hub(
    tmp_path: Path, connect: Connect
) -> None:
    spec_file = write_spec(SPEC, tmp_path / "t.toml")
    data = tmp_path / "data"
    port = quiet_port()
    serve = HubProcess(
        spec_file, data, "--port", str(port), "--bind", "127.0.0.1", "--provision-port", "0"
    ).start()
    try:
        assert serve.proc is not None
        creds = EmbeddedBroker(data / "broker", SPEC.tables, port=port, bind="127.0.0.1")
        server = creds  # host and port, without starting a second broker
        leader = connect(server, creds.credentials.leader)
        leader.subscribe_acked("whist/table/2/#")
        before = peak_memory_kib(serve.proc.pid)
        big, lost = v311_client(creds, 2)
        huge = b"x" * (2 * 1024 * 1024)
        big.publish(TOPICS.result(2), huge, qos=1)
        big.publish(TOPICS.table_status(2), huge, qos=1, retain=True)
        assert lost.wait(WAIT), "the broker kept the connection of a 2 MB publish"
        big.disconnect()
        big.loop_stop()
        # The same table, within bounds, is still heard and answered.
        kiosk = connect(server, creds.credentials.table(2))
        kiosk.subscribe_acked(TOPICS.ack(2))
        assert not kiosk.publish_acked(TOPICS.result(2), result(2, "small", hand=9)).is_failure
        assert ack_of(kiosk, 2).status == "rejected"  # hand 9 has not started: but answered
        sizes = [len(m.payload) for m in leader.received()]
        assert max(sizes) < 1024, f"a subscriber got {max(sizes)} bytes"
        leader.close()  # one client a login (the broker makes it the client's id)
        fresh = connect(server, creds.credentials.leader)
        fresh.subscribe_acked(TOPICS.table_status(2))
        assert all(len(m.payload) < 1024 for m in fresh.received())
        grown = peak_memory_kib(serve.proc.pid) - before
        assert grown < 1024, f"the hub's peak memory grew by {grown} KiB"
    finally:
        serve.kill()


# --- events are never retained -------------------------------------------------------------------


def command(console: ProbeClient, op: str, **fields: Any) -> Reply:
    """A leader command from a probe subscribed to the replies; its Reply."""
    cid = uuid.uuid4().hex
    payload = json.dumps({"v": 1, "id": cid, "op": op, **fields}).encode()
    assert not console.publish_acked(TOPICS.leader_command, payload).is_failure
    while True:
        reply = decode(Reply, console.expect(TOPICS.leader_reply, WAIT).payload)
        if reply.id == cid:
            return reply


def latest_state(console: ProbeClient) -> State:
    """The last State received so far (the hub publishes one before answering a command)."""
    (*_, last) = console.received(TOPICS.state)
    return decode(State, last.payload)


def test_a_retained_call_is_cleared_and_never_comes_back(
    broker: EmbeddedBroker, tmp_path: Path, connect: Connect
) -> None:
    creds = broker.credentials
    # The leader's login is the only one besides the hub's that may read calls; one device
    # per login, so this one client is both the console and the witness.
    console = connect(broker, creds.leader)
    for topic in (TOPICS.call(2), TOPICS.leader_reply, TOPICS.state):
        console.subscribe_acked(topic)
    kiosk = connect(broker, creds.table(2))
    call = json.dumps({"v": 1, "id": "c-1", "reason": "retained by a broken kiosk"}).encode()
    with hub_on(broker, tmp_path / "hub"):
        assert not kiosk.publish_acked(TOPICS.call(2), call, retain=True).is_failure
        assert console.expect(TOPICS.call(2), WAIT).payload == call
        assert console.expect(TOPICS.call(2), WAIT).payload == b"", "the hub did not clear it"
        assert command(console, "plan").ok
        assert latest_state(console).calling == [], "a retained call was taken as a call"
        # A call as kiosks send it (not retained) still calls the leader; clear_call ends it.
        plain = json.dumps({"v": 1, "id": "c-2", "reason": "revoke"}).encode()
        assert not kiosk.publish_acked(TOPICS.call(2), plain).is_failure
        assert console.expect(TOPICS.call(2), WAIT).payload == plain
        reply = command(console, "clear_call", table=2)
        assert reply.ok and reply.data == {"table": 2, "cleared": True}
    with hub_on(broker, tmp_path / "hub"):
        # Answered after every retained message the hub got on subscribing.
        assert command(console, "plan").ok
        assert latest_state(console).calling == []


# --- strict JSON ----------------------------------------------------------------------------------


def test_a_repeated_field_is_refused_with_a_reason(
    broker: EmbeddedBroker, tmp_path: Path, connect: Connect
) -> None:
    creds = broker.credentials
    console = connect(broker, creds.leader)
    console.subscribe_acked(TOPICS.leader_reply)
    kiosk = connect(broker, creds.table(2))
    kiosk.subscribe_acked(TOPICS.ack(2))
    with hub_on(broker, tmp_path / "hub"):
        assert command(console, "start_hand").ok
        twice = result(2, "r-twice").replace(
            b'"visitor_tricks": 8', b'"visitor_tricks": 13, "visitor_tricks": 8'
        )
        assert not kiosk.publish_acked(TOPICS.result(2), twice).is_failure
        ack = ack_of(kiosk, 2)
        assert (ack.id, ack.status) == ("r-twice", "rejected")
        assert ack.reason == 'the field "visitor_tricks" appears twice in the message'
        loan = b'{"v":1,"id":"loan-twice","op":"loan","table":3,"flags":2,"flags":9}'
        assert not console.publish_acked(TOPICS.leader_command, loan).is_failure
        reply = decode(Reply, console.expect(TOPICS.leader_reply, WAIT).payload)
        assert (reply.id, reply.ok) == ("loan-twice", False)
        assert reply.error is not None and '"flags" appears twice' in reply.error


# --- private files -------------------------------------------------------------------------------


def modes(folder: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): stat.S_IMODE(p.stat().st_mode)
        for p in (folder, *folder.rglob("*"))
    }


def whist_hub(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "hub.cli", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )


def test_the_data_folder_is_private_outside_systemd(tmp_path: Path, connect: Connect) -> None:
    spec_file = write_spec(SPEC, tmp_path / "t.toml")
    data = tmp_path / "data"
    data.mkdir(mode=0o755)
    (data / "notes.txt").write_text("left by hand")
    (data / "notes.txt").chmod(0o644)
    port = quiet_port()
    serve = HubProcess(
        spec_file, data, "--port", str(port), "--bind", "127.0.0.1", "--provision-port", "0"
    ).start()
    try:
        server = EmbeddedBroker(data / "broker", SPEC.tables, port=port, bind="127.0.0.1")
        with leader_on(server) as leader:
            assert leader.command("start_hand", timeout=WAIT).ok  # a write: -wal and -shm
            wait_for(lambda: (data / "hub.sqlite3-wal").exists(), WAIT, "the sqlite WAL")
            assert leader.command("export", timeout=WAIT).ok
        assert serve.terminate() == 0  # the broker saves mosquitto.db on its way out
    finally:
        serve.kill()
    whist_hub("export", str(data), "--csv")
    out = tmp_path / "table2.toml"
    printed = whist_hub("credentials", str(data), "--table", "2", "--out", str(out))
    found = modes(data)
    for name in (
        "hub.sqlite3",
        "hub.log",
        "broker/mosquitto.db",
        "broker/mosquitto.log",
        "broker/credentials.json",
        "exports/results.csv",
        "notes.txt",
    ):
        assert name in found, f"{name} was not written"
    wrong = {
        name: oct(mode)
        for name, mode in found.items()
        if mode != (0o700 if (data / name).is_dir() else 0o600)
    }
    assert wrong == {}
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert 'host = "127.0.0.1"' in out.read_text()
    assert "listens on 127.0.0.1 only" in printed.stderr
