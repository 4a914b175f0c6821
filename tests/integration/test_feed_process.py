"""The hall feed's own process (issue 28): killed, it is started again by the hub, which says
so in one line and keeps taking and acknowledging results meanwhile; the hall's feed comes
back whole. It stops with the hub. It answers the console's queries."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

from hub.broker.broker import Credentials
from hub.demo.sim import SimKiosk, SimLeader
from hub.service.files import write_spec
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import HubProcess, wait_for
from tests.integration.test_hub import start_all, stop_all
from tests.ports import quiet_port
from whist.pattern import default_spec

require_mosquitto()

WAIT = 15.0


def feed_pid(hub: HubProcess) -> int | None:
    """The pid of the hub's hall feed process, if it has one now."""
    assert hub.proc is not None
    for task in Path(f"/proc/{hub.proc.pid}/task").iterdir():
        for kid in (task / "children").read_text().split():
            try:
                if b"hub.service.feedchild" in Path(f"/proc/{kid}/cmdline").read_bytes():
                    return int(kid)
            except OSError:
                continue
    return None


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes() != b""  # a zombie has none
    except OSError:
        return False


def test_a_killed_feed_process_comes_back_and_results_are_acked_meanwhile(tmp_path):
    spec_file = write_spec(default_spec("alberta", 3, 2), tmp_path / "t.toml")
    data, port = tmp_path / "data", quiet_port()
    # The embedded broker: the feed's process logs in as hubfeed, within its ACL.
    args = ("--port", str(port), "--bind", "127.0.0.1", "--feed-process")
    hub = HubProcess(spec_file, data, *args)
    hub.start()
    creds = Credentials.load_or_create(data / "broker", 3)
    c = creds.leader
    leader = SimLeader("127.0.0.1", port, c.username, c.password)
    kiosks = [
        SimKiosk(t, "127.0.0.1", port, creds.table(t).username, creds.table(t).password)
        for t in (1, 2, 3)
    ]
    try:
        start_all([leader, *kiosks])
        assert leader.command("start_hand", timeout=WAIT).ok
        for k in kiosks:
            k.wait_assignment(lambda a: a.hand == 1 and a.phase == "playing", WAIT)
        first = feed_pid(hub)
        assert first is not None

        os.kill(first, signal.SIGKILL)
        ids = [k.submit(7 + k.table) for k in kiosks]
        acks = [k.wait_ack(i, WAIT) for k, i in zip(kiosks, ids, strict=True)]
        assert [a.status for a in acks] == ["accepted"] * 3

        # The hub says it in one line and starts another; the hall's feed comes back whole:
        # the State and the Standings count the three results.
        wait_for(lambda: "hall feed's process stopped" in hub.output, WAIT, "line")
        state = leader.wait_state(lambda s: s.hand == 1 and s.missing == [], WAIT)
        assert state.reported == [1, 2, 3]
        standings = leader.wait_standings(lambda s: s.seq >= max(a.seq or 0 for a in acks), WAIT)
        assert sum(t.flags for t in standings.teams) == 12 * 3
        second = feed_pid(hub)
        assert second is not None and second != first
        assert [ln for ln in hub.output.splitlines() if "hall feed's process" in ln] == [
            next(ln for ln in hub.output.splitlines() if "hall feed's process stopped" in ln)
        ]
        # The Replies (sent by the feed's process) still come.
        assert leader.command("close_hand", timeout=WAIT).ok
        # The console's queries are answered by the feed's process, from the log.
        asked = leader.command("results", hand=1, timeout=WAIT)
        assert asked.ok and asked.data is not None
        assert [row["table"] for row in asked.data["tables"]] == [1, 2, 3]

        assert hub.terminate() == 0
        wait_for(lambda: not alive(second), WAIT, "end of the feed's process with the hub")
    finally:
        stop_all([leader, *kiosks])
        hub.kill()


def test_the_feed_process_finds_the_broker_late_and_again_after_it_restarts(tmp_path):
    """The feed's process serves its own connection, one thread beside its pipe (no paho
    thread): it keeps trying a broker that is not up yet, publishes the whole feed when it
    comes, publishes a batch's changes as soon as a note says so, and after the broker
    restarts (its retained messages gone) connects again and publishes the feed again."""
    from hub.broker.broker import MosquittoProcess, write_anonymous_config
    from hub.service.batch import Inbound
    from hub.service.core import HubCore
    from hub.service.feedproc import FeedProcess, FeedSettings
    from hub.service.store import EventStore
    from tests.hub.test_core import command, result
    from tests.integration.conftest import mqtt_client

    store = EventStore(tmp_path / "hub.sqlite3")
    core = HubCore(store, default_spec("alberta", 3, 2))
    core.feed_elsewhere = True
    core.handle([Inbound("command", None, command("start_hand"))])
    port = quiet_port()  # stays free while the broker is away (tests/ports.py)
    broker = MosquittoProcess(write_anonymous_config(tmp_path / "broker", port), port)
    settings = FeedSettings(
        store.path, "127.0.0.1", port, None, None, "whist", 1, 0.25, "feed-test", "e1"
    )
    feed = FeedProcess(settings)
    feed.start()
    probe = None
    try:
        assert not feed.wait_ready(1.5)  # no broker yet: it keeps trying, quietly
        broker.start()
        assert feed.wait_ready(WAIT), "the feed never reached the broker that came late"
        probe = mqtt_client("127.0.0.1", port)
        probe.subscribe_acked("whist/#")
        assert json.loads(probe.expect("whist/state").payload)["hand"] == 1

        core.handle([Inbound("result", 2, result(2, tricks=10))])
        assert core.note is not None
        feed.send(core.note)
        changes = json.loads(probe.expect("whist/standings/changes").payload)
        assert changes["seq"] == 3  # the result, as the core counted it
        assert [(t["team"], t["flags"]) for t in changes["teams"]] == [(1, 14), (2, 10)]

        probe.close()
        feed.ready.clear()
        broker.stop()  # no persistence: the retained messages go with it
        broker.start()
        assert feed.wait_ready(WAIT), "the feed did not come back after the broker restarted"
        probe = mqtt_client("127.0.0.1", port)
        probe.subscribe_acked("whist/#")
        state = json.loads(probe.expect("whist/state").payload)
        assert state["reported"] == [2]
    finally:
        if probe is not None:
            probe.close()
        feed.stop()
        broker.stop()
        store.close()
    assert feed.pid is not None and not alive(feed.pid)
