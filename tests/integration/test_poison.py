"""No input stops the hub (issue 23, "Hostile hall, round 2"): attacks from a table's own
login on a real ``whist-hub serve`` with its own Mosquitto, port and folder."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from hub.broker import EmbeddedBroker, find_free_port
from hub.files import write_spec
from tests.integration.conftest import TOPICS, Connect, ProbeClient, require_mosquitto
from tests.integration.hubproc import HubProcess, serve_night
from tests.integration.test_hostile import command, latest_state, result
from whist.pattern import default_spec
from whist.protocol import UNREADABLE_CALL, Ack, decode

require_mosquitto()

WAIT = 15.0
SPEC = default_spec("alberta", 4, 6)
#: Item 1: a 6 KB nested JSON, deeper than Python's recursion limit.
POISON = b"[" * 3000 + b"]" * 3000


@contextmanager
def serving(folder: Path) -> Iterator[tuple[HubProcess, EmbeddedBroker]]:
    """A real hub of SPEC on its own port; the broker's address and logins (not started)."""
    spec_file = write_spec(SPEC, folder / "t.toml")
    data = folder / "data"
    port = find_free_port()
    hub = HubProcess(
        spec_file, data, "--port", str(port), "--bind", "127.0.0.1", "--provision-port", "0"
    ).start()
    try:
        yield hub, EmbeddedBroker(data / "broker", SPEC.tables, port=port, bind="127.0.0.1")
    finally:
        hub.kill()


def ack_for(kiosk: ProbeClient, table: int, rid: str) -> Ack:
    while True:
        ack = decode(Ack, kiosk.expect(TOPICS.ack(table), WAIT).payload)
        if ack.id == rid:
            return ack


def test_nested_json_on_a_tables_topics_does_not_stop_the_hub(
    tmp_path: Path, connect: Connect
) -> None:
    with serving(tmp_path) as (hub, server):
        creds = server.credentials
        console = connect(server, creds.leader)
        console.subscribe_acked(TOPICS.leader_reply)
        console.subscribe_acked(TOPICS.state)
        assert command(console, "start_hand").ok
        kiosk = connect(server, creds.table(2))
        kiosk.subscribe_acked(TOPICS.ack(2))
        for kind in ("deal", "result", "count", "call"):
            topic = f"{TOPICS.root}/table/2/{kind}"
            assert not kiosk.publish_acked(topic, POISON).is_failure
        # The hub is still there: it answers the leader and acks the table's real result.
        assert command(console, "plan").ok
        assert not kiosk.publish_acked(TOPICS.result(2), result(2, "real-1")).is_failure
        assert ack_for(kiosk, 2, "real-1").status == "accepted"
        assert hub.proc is not None and hub.proc.poll() is None
        # The leader is told, in a line the console shows (a call from table 2).
        state = latest_state(console)
        assert 2 in state.calling
        assert state.call_reasons["2"].startswith(UNREADABLE_CALL)
        assert "could not be written" not in hub.output
        # A restart finds nothing handed back to choke on: it runs and answers.
        assert hub.terminate() == 0
        hub.start()
        fresh = connect(server, creds.leader)
        fresh.subscribe_acked(TOPICS.leader_reply)
        assert command(fresh, "plan").ok
        again = connect(server, creds.table(2))
        again.subscribe_acked(TOPICS.ack(2))
        assert not again.publish_acked(TOPICS.result(2), result(2, "real-1")).is_failure
        assert ack_for(again, 2, "real-1").status == "duplicate"
        assert hub.proc.poll() is None


@pytest.mark.parametrize("kind", ["result", "count", "deal"])
def test_nested_json_does_not_stop_a_club_night(
    tmp_path: Path, connect: Connect, kind: str
) -> None:
    hub, port, data, creds = serve_night(tmp_path, "minnesota", 2)
    try:
        server = EmbeddedBroker(data / "broker", 2, port=port, bind="127.0.0.1")
        kiosk = connect(server, creds.table(1))
        console = connect(server, creds.leader)
        console.subscribe_acked(TOPICS.leader_reply)
        console.subscribe_acked(TOPICS.state)
        topic = f"{TOPICS.root}/table/1/{kind}"
        assert not kiosk.publish_acked(topic, POISON).is_failure
        assert command(console, "deals", table=1).ok
        assert hub.proc is not None and hub.proc.poll() is None
        assert 1 in latest_state(console).calling
    finally:
        hub.kill()
