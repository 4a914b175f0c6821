"""The embedded Mosquitto, for real: logins, the ACL, persistence and the watchdog.

Reason codes asserted here are what mosquitto 2.0.11 (Debian bookworm) sends to MQTT v5
clients. Where a refusal is silent (a subscription to a topic the ACL does not let a login
read is granted, and nothing is delivered), a later message that *is* allowed proves the
refused one never came: the broker keeps one publisher's messages in order.
"""

from __future__ import annotations

import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
import tomllib
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from hub.broker import broker as broker_module
from hub.broker.broker import (
    MOSQUITTO_MISSING,
    BrokerError,
    Credentials,
    EmbeddedBroker,
    MosquittoProcess,
    acl_text,
    find_executable,
    port_answers,
    provisioning_text,
    write_config,
)
from tests.integration.conftest import TOPICS, WAIT, Connect, connack, require_mosquitto
from tests.ports import quiet_port
from whist.protocol import Topics

require_mosquitto()

SUCCESS = 0x00
GRANTED_QOS_1 = 0x01
NOT_AUTHORIZED = 0x87  # 135


def unique() -> bytes:
    return uuid.uuid4().hex.encode()


def wait_until(condition: Callable[[], bool], timeout: float = WAIT) -> bool:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


# -- credentials and files ----------------------------------------------------------------


def test_credentials_are_generated_once_then_reloaded(tmp_path: Path) -> None:
    first = Credentials.load_or_create(tmp_path, tables=3)
    again = Credentials.load_or_create(tmp_path, tables=3)
    assert [c.username for c in first] == [
        *("table1", "table2", "table3"),
        *("leader", "hall", "hub", "phones", "hubfeed"),
    ]
    assert list(again) == list(first)
    assert len({c.password for c in first}) == 8
    assert all(len(c.password) >= 20 for c in first)
    assert first.table(2).password not in repr(first.table(2))


def test_credentials_grow_with_the_tables_and_keep_old_passwords(tmp_path: Path) -> None:
    small = Credentials.load_or_create(tmp_path, tables=2)
    big = Credentials.load_or_create(tmp_path, tables=5)
    assert big.table(2) == small.table(2)
    assert big.hub == small.hub
    assert big.table(5).username == "table5"
    with pytest.raises(ValueError):
        small.table(3)
    # Shrinking keeps the spare logins on file, so growing back needs no new provisioning.
    shrunk = Credentials.load_or_create(tmp_path, tables=2)
    assert len(list(shrunk)) == 2 + 5  # two tables; leader, hall, hub, phones, hubfeed
    assert Credentials.load_or_create(tmp_path, tables=5).table(5) == big.table(5)


def test_a_damaged_credentials_file_is_never_overwritten(tmp_path: Path) -> None:
    (tmp_path / "credentials.json").write_text("{not json")
    with pytest.raises(BrokerError, match="provisioned again"):
        Credentials.load_or_create(tmp_path, tables=2)
    assert (tmp_path / "credentials.json").read_text() == "{not json"


def test_secret_files_are_private_and_passwords_are_hashed(tmp_path: Path) -> None:
    conf = write_config(tmp_path, tables=2, port=quiet_port())
    creds = Credentials.load_or_create(tmp_path, tables=2)
    for name in ("credentials.json", "mosquitto.passwd", "mosquitto.acl", "mosquitto.conf"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o600, name
    passwd = (tmp_path / "mosquitto.passwd").read_text()
    assert passwd.count("\n") == 2 + 5
    assert creds.table(1).password not in passwd
    stored = json.loads((tmp_path / "credentials.json").read_text())
    assert stored["passwords"]["table1"] == creds.table(1).password
    text = conf.read_text()
    assert "allow_anonymous false" in text
    assert "persistence true" in text


def test_provisioning_text_is_toml_for_one_kiosk() -> None:
    text = provisioning_text(7, "192.168.1.10", 1883, "table7", "pw-7")
    assert "table 7" in text.splitlines()[0]
    assert tomllib.loads(text) == {
        "table": 7,
        "host": "192.168.1.10",
        "port": 1883,
        "username": "table7",
        "password": "pw-7",
    }


def test_acl_lines_come_from_topics_with_their_root() -> None:
    acl = acl_text(2, Topics(root="club"))
    table2 = acl.split("user table2\n")[1]
    assert "topic write club/table/2/result\n" in table2
    assert "topic read club/table/2/ack\n" in table2
    assert "topic write club/table/2/deal\n" in table2
    assert "topic write club/table/2/count\n" in table2
    assert "topic read club/table/2/score\n" in table2
    assert "topic read club/night\n" in acl.split("user hall\n")[1]
    assert "club/table/1/" not in table2
    assert "whist/" not in acl
    with pytest.raises(ValueError):
        acl_text(2, Topics(root="bad root"))


# -- logins -------------------------------------------------------------------------------


def test_wrong_password_is_refused(broker: EmbeddedBroker) -> None:
    rc = connack(broker.host, broker.port, "table2", "not-the-password")
    assert rc.value == NOT_AUTHORIZED, rc


def test_unknown_user_is_refused(broker: EmbeddedBroker) -> None:
    assert connack(broker.host, broker.port, "table99", "whatever").value == NOT_AUTHORIZED


def test_anonymous_is_refused(broker: EmbeddedBroker) -> None:
    assert connack(broker.host, broker.port).value == NOT_AUTHORIZED


def test_every_login_is_accepted(broker: EmbeddedBroker) -> None:
    for cred in broker.credentials:
        assert connack(broker.host, broker.port, cred.username, cred.password).value == SUCCESS


# -- the ACL ------------------------------------------------------------------------------


def test_table_result_reaches_the_hub(broker: EmbeddedBroker, connect: Connect) -> None:
    hub = connect(broker, broker.credentials.hub)
    assert hub.subscribe_acked(TOPICS.every_table("result")).value == GRANTED_QOS_1
    table = connect(broker, broker.credentials.table(2))
    payload = unique()
    assert table.publish_acked(TOPICS.result(2), payload).value == SUCCESS
    assert hub.expect(TOPICS.result(2)).payload == payload


@pytest.mark.parametrize("kind", ["result", "count"])  # count: the flags counted (A19)
def test_table_cannot_publish_another_tables_result(
    broker: EmbeddedBroker, connect: Connect, kind: str
) -> None:
    hub = connect(broker, broker.credentials.hub)
    hub.subscribe_acked(TOPICS.every_table(kind))
    table = connect(broker, broker.credentials.table(2))
    forged, own = unique(), unique()
    topic = getattr(TOPICS, kind)
    assert table.publish_acked(topic(3), forged).value == NOT_AUTHORIZED
    assert table.publish_acked(topic(2), own).value == SUCCESS
    assert hub.expect().payload == own
    assert not hub.received()


def test_table_cannot_publish_the_leader_command(broker: EmbeddedBroker, connect: Connect) -> None:
    hub = connect(broker, broker.credentials.hub)
    hub.subscribe_acked(TOPICS.leader_command)
    table = connect(broker, broker.credentials.table(2))
    assert table.publish_acked(TOPICS.leader_command, unique()).value == NOT_AUTHORIZED
    leader = connect(broker, broker.credentials.leader)
    command = unique()
    assert leader.publish_acked(TOPICS.leader_command, command).value == SUCCESS
    assert hub.expect().payload == command


def test_leader_command_reaches_the_hub_and_reply_the_leader(
    broker: EmbeddedBroker, connect: Connect
) -> None:
    hub = connect(broker, broker.credentials.hub)
    hub.subscribe_acked(TOPICS.leader_command)
    leader = connect(broker, broker.credentials.leader)
    assert leader.subscribe_acked(f"{TOPICS.root}/#").value == GRANTED_QOS_1
    command, reply = unique(), unique()
    assert leader.publish_acked(TOPICS.leader_command, command).value == SUCCESS
    assert hub.expect(TOPICS.leader_command).payload == command
    assert hub.publish_acked(TOPICS.leader_reply, reply).value == SUCCESS
    assert leader.expect(TOPICS.leader_reply).payload == reply


def test_leader_reads_everything_but_writes_only_commands(
    broker: EmbeddedBroker, connect: Connect
) -> None:
    leader = connect(broker, broker.credentials.leader)
    assert leader.publish_acked(TOPICS.state, unique()).value == NOT_AUTHORIZED
    assert leader.publish_acked(TOPICS.ack(1), unique()).value == NOT_AUTHORIZED
    leader.subscribe_acked(f"{TOPICS.root}/#")
    table = connect(broker, broker.credentials.table(4))
    payload = unique()
    table.publish_acked(TOPICS.call(4), payload)
    assert leader.expect(TOPICS.call(4)).payload == payload


def test_table_cannot_read_another_tables_ack(broker: EmbeddedBroker, connect: Connect) -> None:
    table = connect(broker, broker.credentials.table(2))
    # Mosquitto 2.0.11 grants the subscription and then delivers nothing on it.
    assert table.subscribe_acked(TOPICS.ack(3)).value == GRANTED_QOS_1
    table.subscribe_acked(TOPICS.ack(2))
    hub = connect(broker, broker.credentials.hub)
    other, own = unique(), unique()
    assert hub.publish_acked(TOPICS.ack(3), other).value == SUCCESS
    assert hub.publish_acked(TOPICS.ack(2), own).value == SUCCESS
    message = table.expect()
    assert (message.topic, message.payload) == (TOPICS.ack(2), own)
    assert not table.received()


def test_table_wildcard_sees_only_its_own_topics(broker: EmbeddedBroker, connect: Connect) -> None:
    hub = connect(broker, broker.credentials.hub)
    marks = {t: unique() for t in (1, 2, 3)}
    for t, mark in marks.items():
        hub.publish_acked(TOPICS.assignment(t), mark, retain=True)
    table = connect(broker, broker.credentials.table(2))
    assert table.subscribe_acked(TOPICS.every_table("assignment")).value == GRANTED_QOS_1
    assert table.expect().payload == marks[2]
    table.subscribe_acked(TOPICS.ack(2))
    hub.publish_acked(TOPICS.ack(2), b"marker")
    assert table.expect().payload == b"marker"
    assert not table.received()
    for t in marks:
        hub.publish_acked(TOPICS.assignment(t), b"", retain=True)


def test_table_reads_hub_state_and_writes_its_status(
    broker: EmbeddedBroker, connect: Connect
) -> None:
    table = connect(broker, broker.credentials.table(1))
    table.subscribe_acked(TOPICS.state)
    hub = connect(broker, broker.credentials.hub)
    hub.subscribe_acked(TOPICS.table_status(1))
    state = unique()
    hub.publish_acked(TOPICS.state, state)
    assert table.expect(TOPICS.state).payload == state
    assert table.publish_acked(TOPICS.table_status(1), b"online").value == SUCCESS
    assert table.publish_acked(TOPICS.table_status(2), b"offline").value == NOT_AUTHORIZED
    assert hub.expect().payload == b"online"


def test_hall_cannot_publish(broker: EmbeddedBroker, connect: Connect) -> None:
    hub = connect(broker, broker.credentials.hub)
    hub.subscribe_acked(f"{TOPICS.root}/#")
    hall = connect(broker, broker.credentials.hall)
    for topic in (TOPICS.state, TOPICS.standings, TOPICS.leader_command, TOPICS.result(1)):
        assert hall.publish_acked(topic, unique()).value == NOT_AUTHORIZED, topic
    marker = unique()
    hub.publish_acked(TOPICS.standings, marker)
    assert hub.expect().payload == marker


def test_hall_reads_standings_but_not_results(broker: EmbeddedBroker, connect: Connect) -> None:
    hall = connect(broker, broker.credentials.hall)
    hall.subscribe_acked(f"{TOPICS.root}/#")
    table = connect(broker, broker.credentials.table(1))
    hub = connect(broker, broker.credentials.hub)
    table.publish_acked(TOPICS.result(1), unique())
    standings = unique()
    hub.publish_acked(TOPICS.standings, standings)
    assert hall.expect().payload == standings
    assert not hall.received()


def test_a_club_table_writes_only_its_own_deal_and_reads_its_own_score(
    broker: EmbeddedBroker, connect: Connect
) -> None:
    hub = connect(broker, broker.credentials.hub)
    hub.subscribe_acked(TOPICS.every_table("deal"))
    table = connect(broker, broker.credentials.table(2))
    forged, own = unique(), unique()
    assert table.publish_acked(TOPICS.deal(3), forged).value == NOT_AUTHORIZED
    assert table.publish_acked(TOPICS.deal(2), own).value == SUCCESS
    assert hub.expect().payload == own
    assert not hub.received()
    # Its own score, never another table's: the other is published first, so its absence
    # before the own one shows it was withheld.
    table.subscribe_acked(TOPICS.every_table("score"))
    other, mine = unique(), unique()
    hub.publish_acked(TOPICS.score(3), other)
    hub.publish_acked(TOPICS.score(2), mine)
    message = table.expect()
    assert (message.topic, message.payload) == (TOPICS.score(2), mine)
    assert table.publish_acked(TOPICS.score(2), unique()).value == NOT_AUTHORIZED


def test_every_login_reads_the_night_standings_none_writes_them(
    broker: EmbeddedBroker, connect: Connect
) -> None:
    hub = connect(broker, broker.credentials.hub)
    readers = [
        connect(broker, cred)
        for cred in (
            broker.credentials.table(1),
            broker.credentials.leader,
            broker.credentials.hall,
        )
    ]
    for reader in readers:
        reader.subscribe_acked(TOPICS.night)
    night = unique()
    assert hub.publish_acked(TOPICS.night, night).value == SUCCESS
    for reader in readers:
        assert reader.expect(TOPICS.night).payload == night
        assert reader.publish_acked(TOPICS.night, unique()).value == NOT_AUTHORIZED


def test_anon_broker_takes_anyone(anon_broker: MosquittoProcess, connect: Connect) -> None:
    client = connect(anon_broker)
    client.subscribe_acked(TOPICS.result(1))
    assert client.publish_acked(TOPICS.result(1), b"x").value == SUCCESS
    assert client.expect().payload == b"x"


# -- persistence --------------------------------------------------------------------------


def test_retained_state_survives_a_broker_restart(broker: EmbeddedBroker, connect: Connect) -> None:
    hub = connect(broker, broker.credentials.hub)
    state = unique()
    assert not hub.publish_acked(TOPICS.state, state, retain=True).is_failure
    broker.restart()
    hall = connect(broker, broker.credentials.hall)
    hall.subscribe_acked(TOPICS.state)
    message = hall.expect(TOPICS.state)
    assert (message.payload, message.retain) == (state, True)


@pytest.mark.parametrize("restart", [False, True], ids=["reconnect", "across-broker-restart"])
def test_qos1_result_waits_for_a_disconnected_hub_session(
    broker: EmbeddedBroker, connect: Connect, restart: bool
) -> None:
    session = {
        "client_id": f"hub-{uuid.uuid4().hex[:8]}",
        "clean_start": False,
        "session_expiry": 600,
    }
    hub = connect(broker, broker.credentials.hub, **session)
    hub.subscribe_acked(TOPICS.every_table("result"))
    hub.close()
    assert hub.disconnected.wait(WAIT)
    table = connect(broker, broker.credentials.table(3))
    payload = unique()
    assert table.publish_acked(TOPICS.result(3), payload).value == SUCCESS
    if restart:
        broker.restart()
    hub = connect(broker, broker.credentials.hub, **session)
    assert hub.session_present
    assert hub.expect(TOPICS.result(3)).payload == payload


# -- the process --------------------------------------------------------------------------


def test_watchdog_restarts_a_killed_broker(broker: EmbeddedBroker, connect: Connect) -> None:
    pid, restarts = broker.pid, broker.restarts
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    assert wait_until(lambda: broker.restarts > restarts and broker.pid not in (None, pid))
    # the new process is the broker's as soon as it is spawned; it answers a moment later
    assert wait_until(lambda: port_answers(broker.host, broker.port))
    assert connect(broker, broker.credentials.hub).is_connected()


def test_missing_mosquitto_gives_a_clear_error(tmp_path: Path) -> None:
    for exe in ("mosquitto-not-installed", str(tmp_path / "no" / "mosquitto")):
        b = EmbeddedBroker(tmp_path, tables=2, port=quiet_port(), executable=exe)
        with pytest.raises(BrokerError) as info:
            b.start()
        assert str(info.value) == MOSQUITTO_MISSING
        assert info.value.__cause__ is None and info.value.__context__ is None
    assert not (tmp_path / "mosquitto.conf").exists()


def test_mosquitto_is_found_off_a_users_path(monkeypatch: pytest.MonkeyPatch) -> None:
    # Debian puts it in /usr/sbin, which an ordinary user's PATH lacks.
    monkeypatch.setenv("PATH", "/usr/local/bin:/usr/bin:/bin")
    assert find_executable("mosquitto").name == "mosquitto"


def test_a_broker_that_dies_at_start_shows_its_log(tmp_path: Path) -> None:
    fake = tmp_path / "bin" / "mosquitto"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'Error: something is wrong with the config' >&2\nexit 3\n")
    fake.chmod(0o755)
    b = EmbeddedBroker(tmp_path, tables=2, port=quiet_port(), executable=str(fake))
    with pytest.raises(BrokerError, match=r"(?s)code 3.*something is wrong with the config"):
        b.start()
    assert b.pid is None


def test_a_taken_port_is_reported(tmp_path: Path) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        b = EmbeddedBroker(tmp_path, tables=2, port=port, bind="127.0.0.1")
        with pytest.raises(BrokerError, match="already in use"):
            b.start()


def test_a_broker_left_by_a_killed_hub_is_replaced(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[2]
    port = quiet_port()
    script = (
        "import sys, time\n"
        "from hub.broker.broker import EmbeddedBroker\n"
        "b = EmbeddedBroker(sys.argv[1], 2, port=int(sys.argv[2]), bind='127.0.0.1').start()\n"
        "print(b.pid, flush=True)\n"
        "time.sleep(60)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    hub = subprocess.Popen(
        [sys.executable, "-c", script, str(tmp_path), str(port)],
        stdout=subprocess.PIPE,
        cwd=root,
        env=env,
    )
    try:
        assert hub.stdout is not None
        ready, _, _ = select.select([hub.stdout], [], [], 2 * WAIT)
        assert ready, "the first hub did not start its broker"
        orphan = int(hub.stdout.readline())
    finally:
        hub.kill()
        hub.wait(WAIT)
    assert port_answers("127.0.0.1", port), "the orphan broker should still be listening"
    with EmbeddedBroker(tmp_path, tables=2, port=port, bind="127.0.0.1") as b:
        assert b.pid not in (None, orphan)
        assert not broker_module._alive(orphan)
        hub_login = b.credentials.hub
        assert connack(b.host, b.port, hub_login.username, hub_login.password).value == SUCCESS
