"""No input stops the hub (issue 23, "Hostile hall, round 2"): attacks from a table's own
login on a real ``whist-hub serve`` with its own Mosquitto, port and folder."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import ClassVar

import pytest

from hub.broker.broker import EmbeddedBroker
from hub.service.batch import Inbound, Outgoing
from hub.service.conflicts import MAX_CONFLICTS
from hub.service.core import HubCore
from hub.service.datadir import DB_FILE, LOG_FILE
from hub.service.files import write_spec
from hub.service.service import Hub
from hub.service.store import EventStore
from tests.integration.conftest import TOPICS, Connect, ProbeClient, require_mosquitto
from tests.integration.hubproc import HubProcess, serve_night, wait_for
from tests.integration.test_hostile import command, latest_state, result
from tests.ports import quiet_port
from whist.pattern import default_spec
from whist.protocol import CONFLICTS_PAGE, UNREADABLE_CALL, Ack, decode

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
    port = quiet_port()
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
        # The broker makes a login its client id: the first clients, left reconnecting,
        # would push the new ones of the same logins off (as a second kiosk of one table).
        console.close()
        kiosk.close()
        assert hub.terminate() == 0, hub.output
        hub.start()
        fresh = connect(server, creds.leader)
        fresh.subscribe_acked(TOPICS.leader_reply)
        assert command(fresh, "plan").ok
        again = connect(server, creds.table(2))
        again.subscribe_acked(TOPICS.ack(2))
        assert not again.publish_acked(TOPICS.result(2), result(2, "real-1")).is_failure
        assert ack_for(again, 2, "real-1").status == "duplicate", hub.output
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


def test_a_forged_log_line_and_a_garbage_retained_status_are_refused(
    tmp_path: Path, connect: Connect
) -> None:
    with serving(tmp_path) as (hub, server):
        creds = server.credentials
        kiosk = connect(server, creds.table(2))
        kiosk.subscribe_acked(TOPICS.ack(2))
        forged = "r1\n2026-11-26 21:03:00,000 CRITICAL whist.hub: the hall is on fire\r"
        assert not kiosk.publish_acked(TOPICS.result(2), result(2, forged, hand=9)).is_failure
        assert ack_for(kiosk, 2, forged).status == "rejected"
        # Item 11: a 500 KB retained "status" is cleared by the hub, not kept for everyone.
        garbage = b"x" * 500_000
        topic = TOPICS.table_status(2)
        assert not kiosk.publish_acked(topic, garbage, retain=True).is_failure
        wait_for(lambda: not retained_on(server, topic, connect), what="the status cleared")
        assert hub.terminate() == 0
        lines = (tmp_path / "data" / LOG_FILE).read_text(encoding="utf-8").splitlines()
        assert not [line for line in lines if "the hall is on fire" in line and "r1" not in line]
        assert any("r1\\n2026" in line for line in lines)


def retained_on(server: EmbeddedBroker, topic: str, connect: Connect) -> bool:
    """Whether a new subscriber to ``topic`` is handed a retained message (at once)."""
    probe = connect(server, server.credentials.leader)
    probe.subscribe_acked(topic)
    # The broker sends the retained copy before anything later on the same connection: a
    # round trip of our own on another topic bounds the wait.
    probe.subscribe_acked(TOPICS.hub_status)
    probe.expect(TOPICS.hub_status, WAIT)
    kept = [m for m in probe.received(topic) if m.payload]
    probe.close()
    return bool(kept)


def test_a_conflict_flood_gives_bounded_paged_replies_and_acks_go_on(
    tmp_path: Path, connect: Connect
) -> None:
    with serving(tmp_path) as (_hub, broker):
        console = connect(broker, broker.credentials.leader)
        console.subscribe_acked(TOPICS.leader_reply)
        assert command(console, "start_hand").ok
        for table in (1, 2, 3):
            kiosk = connect(broker, broker.credentials.table(table))
            kiosk.subscribe_acked(TOPICS.ack(table))
            kiosk.publish_acked(TOPICS.result(table), result(table, f"first-{table}"))
            assert ack_for(kiosk, table, f"first-{table}").status == "accepted"
            # 42 different results (14 counts, 3 revoke counts), each sent twice, new ids.
            for n in range(84):
                tricks, revokes = n % 14, (n // 14) % 3
                body = result(table, f"flood-{table}-{n}", tricks=tricks)
                body = body.replace(b'"visitors": 0}', b'"visitors": %d}' % revokes)
                kiosk.publish(TOPICS.result(table), body, qos=1)
            kiosk.publish_acked(TOPICS.result(table), result(table, f"last-{table}", tricks=2))
            assert ack_for(kiosk, table, f"last-{table}").code == "conflict"
        # Another table is still answered at once.
        kiosk4 = connect(broker, broker.credentials.table(4))
        kiosk4.subscribe_acked(TOPICS.ack(4))
        kiosk4.publish_acked(TOPICS.result(4), result(4, "four"))
        assert ack_for(kiosk4, 4, "four").status == "accepted"
        one = command(console, "results", table=2)
        assert one.ok and one.data is not None
        assert len(one.data["conflicts"]) == one.data["conflicts_total"] == MAX_CONFLICTS
        pages = [command(console, "results", conflicts_from=k) for k in (0, CONFLICTS_PAGE)]
        assert [len(p.data["conflicts"]) for p in pages if p.data] == [
            CONFLICTS_PAGE,
            3 * MAX_CONFLICTS - CONFLICTS_PAGE,
        ]
        assert all(p.data and p.data["conflicts_total"] == 3 * MAX_CONFLICTS for p in pages)


def test_a_settled_conflict_stays_settled_and_ids_belong_to_their_table(
    tmp_path: Path, connect: Connect
) -> None:
    data = tmp_path / "data"
    with serving(tmp_path) as (hub, broker):
        console = connect(broker, broker.credentials.leader)
        console.subscribe_acked(TOPICS.leader_reply)
        console.subscribe_acked(TOPICS.state)
        assert command(console, "start_hand").ok
        two = connect(broker, broker.credentials.table(2))
        two.subscribe_acked(TOPICS.ack(2))
        three = connect(broker, broker.credentials.table(3))
        three.subscribe_acked(TOPICS.ack(3))
        # Item 8: table 3 uses the id table 2 will use; both are counted, each acked alone.
        three.publish_acked(TOPICS.result(3), result(3, "same-id", tricks=7))
        assert ack_for(three, 3, "same-id").status == "accepted"
        two.publish_acked(TOPICS.result(2), result(2, "same-id", tricks=8))
        assert ack_for(two, 2, "same-id").status == "accepted"
        assert not three.received(TOPICS.ack(3))  # table 2's ack never reached table 3
        # Item 12: a conflict settled by the leader is not reopened by a replay.
        two.publish_acked(TOPICS.result(2), result(2, "other", tricks=5))
        assert ack_for(two, 2, "other").code == "conflict"
        wait_for(lambda: 2 in latest_state(console).conflicts, what="the conflict shown")
        settle = {"visitor_tricks": 5, "home_tricks": 8, "revokes": {"home": 0, "visitors": 0}}
        assert command(console, "correct", hand=1, table=2, reason="slip", **settle).ok
        wait_for(lambda: 2 not in latest_state(console).conflicts, what="the conflict settled")
        two.publish_acked(TOPICS.result(2), result(2, "replayed", tricks=8))
        assert ack_for(two, 2, "replayed").status == "rejected"
        assert command(console, "plan").ok  # a round trip: the state after the replay is out
        assert 2 not in latest_state(console).conflicts
        assert hub.terminate() == 0
    # The log replays to the same state: both tables' results under the same id.
    store = EventStore(data / DB_FILE)
    try:
        again = HubCore(store, SPEC).tournament
        assert again.result(1, 3) is not None and again.result(1, 2) is not None
        assert (again.result(1, 3).visitor_tricks, again.result(1, 2).visitor_tricks) == (7, 5)
    finally:
        store.close()


def started_hub(core: HubCore, server: EmbeddedBroker) -> Hub:
    """A hub on ``core``, started on the embedded ``server`` with the hub's own login."""
    hub = Hub(
        core,
        host=server.host,
        port=server.port,
        client_id="whist-hub",
        username=server.credentials.hub.username,
        password=server.credentials.hub.password,
    )
    hub.start()
    return hub


class FailingCore(HubCore):
    """A hub core with a bug: any batch holding a message that says "crash" fails whole
    (as a bug in building the publications would), whatever else it holds."""

    seen: ClassVar[list[bytes]] = []

    def handle(self, items: Iterable[Inbound], *, release: bool = True) -> list[Outgoing]:
        items = list(items)
        self.seen.extend(i.payload for i in items)
        if any(b"crash" in i.payload for i in items):
            raise RuntimeError("a bug in the hub")
        return super().handle(items, release=release)


def test_a_batch_that_fails_is_retried_one_by_one_and_the_failing_message_never_returns(
    tmp_path: Path, connect: Connect
) -> None:
    with EmbeddedBroker(
        tmp_path / "broker", tables=SPEC.tables, port=quiet_port(), bind="127.0.0.1"
    ) as server:
        logins = server.credentials
        store = EventStore(tmp_path / DB_FILE)
        try:
            for round_ in ("before", "after a restart"):
                core = FailingCore(store, SPEC)
                hub = started_hub(core, server)
                try:
                    assert hub.wait_connected(WAIT), round_
                    kiosk = connect(server, logins.table(2))
                    kiosk.subscribe_acked(TOPICS.ack(2))
                    console = connect(server, logins.leader)
                    console.subscribe_acked(TOPICS.leader_reply)
                    if round_ == "before":
                        assert command(console, "start_hand").ok
                        crash = result(2, "crash-1", tricks=4)
                        kiosk.publish(TOPICS.result(2), crash, qos=1)
                        kiosk.publish(TOPICS.result(2), result(2, "real-2"), qos=1)
                        acks: dict[str, Ack] = {}
                        while len(acks) < 2:
                            ack = decode(Ack, kiosk.expect(TOPICS.ack(2), WAIT).payload)
                            acks[ack.id] = ack
                        assert acks["real-2"].status == "accepted"
                        assert acks["crash-1"].code == "internal"
                        assert not hub.failed
                    else:
                        # The hub's session hands nothing back: the failed message was acked.
                        assert command(console, "plan").ok
                        assert core.seen.count(crash) == 2  # its batch, then alone: never again
                    kiosk.close()  # one client a login: the next round's take their place
                    console.close()
                finally:
                    hub.stop()
        finally:
            store.close()


class FailingRelease(HubCore):
    """A hub core with a bug in building the held-back updates (the tables' views)."""

    def flush(self) -> list[Outgoing]:
        raise RuntimeError("a bug in the views")


def test_a_release_that_fails_never_refuses_the_results_it_follows(
    tmp_path: Path, connect: Connect, caplog: pytest.LogCaptureFixture
) -> None:
    """The views are built after the batch's Acks (issue 28): a bug there is logged, once a
    minute, and the results stay accepted; nothing tells a table its result was refused."""
    with EmbeddedBroker(
        tmp_path / "broker", tables=SPEC.tables, port=quiet_port(), bind="127.0.0.1"
    ) as server:
        logins = server.credentials
        store = EventStore(tmp_path / DB_FILE)
        core = FailingRelease(store, SPEC)
        hub = started_hub(core, server)
        try:
            assert hub.wait_connected(WAIT)
            kiosk = connect(server, logins.table(2))
            kiosk.subscribe_acked(TOPICS.ack(2))
            console = connect(server, logins.leader)
            console.subscribe_acked(TOPICS.leader_reply)
            assert command(console, "start_hand").ok
            with caplog.at_level(logging.ERROR, logger="whist.hub"):
                for rid in ("r-1", "r-2", "r-3"):
                    kiosk.publish(TOPICS.result(2), result(2, rid), qos=1)
                    ack = decode(Ack, kiosk.expect(TOPICS.ack(2), WAIT).payload)
                    status = "accepted" if rid == "r-1" else "duplicate"
                    assert (ack.id, ack.status) == (rid, status)
                assert command(console, "plan").ok  # the hub still answers
            assert not hub.failed
            failed = [r for r in caplog.records if "held-back updates" in r.getMessage()]
            assert len(failed) == 1, [r.getMessage() for r in caplog.records]
            assert core.tournament.result(1, 2) is not None
        finally:
            hub.stop()
            store.close()
