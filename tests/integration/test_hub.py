"""The hub over a real Mosquitto: both broker modes, ACLs, kills, restarts, hostile input,
and a whole tournament checked against the independent reference."""

from __future__ import annotations

import json
import random
import time
import uuid
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hub.broker.broker import Credentials, EmbeddedBroker
from hub.broker.joincode import JoinCode
from hub.demo.sim import SimKiosk, SimLeader
from hub.service.files import write_spec
from hub.service.store import EventStore
from tests.integration.conftest import TOPICS, require_mosquitto
from tests.integration.hubproc import HubProcess, InProcessHub, wait_for
from tests.integration.test_hostile import result
from tests.ports import quiet_port
from tests.reference import reference_standings, simulate
from whist.pattern import default_spec
from whist.protocol import Standings, Topics, decode
from whist.tournament import Tournament

require_mosquitto()

WAIT = 15.0


def fresh_topics():
    """A topic root of its own, so retained messages of other tests on a shared broker
    never look like this test's."""
    return Topics(f"t{uuid.uuid4().hex[:8]}")


def start_all(clients):
    for c in clients:
        c.start()
    for c in clients:
        assert c.connected.wait(WAIT), f"{c} could not connect"
    return clients


def stop_all(clients):
    for c in clients:
        c.stop()


def play_hand(leader, kiosks, hand_results, *, during=None):
    """Start the hand, have every kiosk report (resending until acked), close it."""
    reply = leader.command("start_hand", trump=hand_results.trump)
    assert reply.ok, reply.error
    hand = reply.data["hand"]
    by_table = {r.table: r for r in hand_results.results}
    ids = {}
    for kiosk in kiosks:
        kiosk.wait_assignment(lambda a, h=hand: a.hand == h and a.phase == "playing", WAIT)
        r = by_table[kiosk.table]
        ids[kiosk.table] = kiosk.submit(
            r.visitor_tricks, revokes_home=r.revokes_home, revokes_visitors=r.revokes_visitors
        )
    if during is not None:
        during()
    for kiosk in kiosks:
        ack = kiosk.wait_ack(ids[kiosk.table], 3 * WAIT)
        assert ack.status in ("accepted", "duplicate"), ack
    reply = leader.command("close_hand", timeout=3 * WAIT)
    assert reply.ok and reply.data["missing"] == [], reply
    return ids


def rows(standings: Standings):
    return [(t.team, t.flags, t.points, list(t.day_totals), t.rank) for t in standings.teams]


def reference_rows(spec, hands):
    return [
        (r["team"], r["flags"], r["points"], list(r["day_totals"]), r["rank"])
        for r in reference_standings(spec, hands)
    ]


def replay(data_dir):
    with EventStore(data_dir / "hub.sqlite3") as store:
        events = store.events()
    return Tournament.replay(events), events


# --- the embedded broker, as a leader runs it ---------------------------------------------------


def test_embedded_broker_a_hand_end_to_end_and_acl(tmp_path, connect):
    spec = default_spec("alberta", 4, 3)
    spec_file = write_spec(spec, tmp_path / "club.toml")
    port = quiet_port()
    data = tmp_path / "data"
    provision = quiet_port()
    hub = HubProcess(
        spec_file,
        data,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--provision-port",
        str(provision),
    ).start()
    try:
        assert "Broker: Mosquitto listening on port" in hub.output
        code = JoinCode.read(data / "broker" / "join-code")
        assert code is not None and code.code not in hub.output  # not a terminal: not shown
        assert f"whist-hub join-code {data} (the hub answers on port {provision}" in hub.output
        creds = Credentials.load_or_create(data / "broker", 4)
        leader = SimLeader("127.0.0.1", port, creds.leader.username, creds.leader.password)
        kiosks = [
            SimKiosk(t, "127.0.0.1", port, creds.table(t).username, creds.table(t).password)
            for t in range(1, 5)
        ]
        start_all([leader, *kiosks])
        leader.wait_state(lambda s: s.offline == [], WAIT)  # every kiosk said online
        hands = simulate(spec, seed=3)
        play_hand(leader, kiosks, hands[0])
        expected = reference_rows(spec, hands[:1])
        standings = leader.wait_standings(lambda s: s.hand == 1, WAIT)
        assert rows(standings) == expected

        # ACL: table 2 may not speak for table 3, nor for the leader; nothing changes.
        server = SimpleNamespace(host="127.0.0.1", port=port)
        intruder = connect(server, creds.table(2))
        forged = json.dumps(
            {
                "v": 1,
                "id": "forged",
                "hand": 1,
                "table": 3,
                "visitor_tricks": 13,
                "home_tricks": 0,
                "revokes": {"home": 0, "visitors": 0},
            }
        ).encode()
        assert intruder.publish_acked(TOPICS.result(3), forged).value == 0x87
        command = b'{"v":1,"id":"evil","op":"start_hand"}'
        assert intruder.publish_acked(TOPICS.leader_command, command).value == 0x87
        # A marker through the same hub proves the forged messages were never handled.
        assert leader.command("clear_call", table=1).ok
        assert "forged" not in {i for k in kiosks for i in k.acks}
        assert leader.state.hand == 1 and leader.state.phase == "closed"

        # A clean stop says offline for everyone to see (then the embedded broker stops).
        hall = connect(server, creds.hall)
        hall.subscribe_acked(TOPICS.hub_status)
        assert hall.expect(TOPICS.hub_status).payload == b"online"
        assert hub.terminate() == 0
        assert hall.expect(TOPICS.hub_status).payload == b"offline"
        stop_all([leader, *kiosks])
    finally:
        hub.kill()
    assert "Hub stopped." in hub.output


def test_wrong_password_is_refused(broker):
    from tests.integration.conftest import connack

    assert connack(broker.host, broker.port, "hub", "not-the-password").value == 0x87


# --- an existing broker (--broker), anonymous -------------------------------------------------


def test_existing_anonymous_broker(tmp_path, anon_broker):
    spec = default_spec("gaspesie", 3, 2)
    hands = simulate(spec, seed=5)
    tp = fresh_topics()
    with InProcessHub(spec, tmp_path, anon_broker.host, anon_broker.port, topics=tp):
        leader = SimLeader(anon_broker.host, anon_broker.port, topics=tp)
        kiosks = [SimKiosk(t, anon_broker.host, anon_broker.port, topics=tp) for t in (1, 2, 3)]
        start_all([leader, *kiosks])
        for hand in hands:
            play_hand(leader, kiosks, hand)
        standings = leader.wait_standings(lambda s: s.hand == 2, WAIT)
        assert rows(standings) == reference_rows(spec, hands)
        stop_all([leader, *kiosks])


def test_serve_with_broker_option(tmp_path, anon_broker):
    spec_file = write_spec(default_spec("alberta", 3, 2), tmp_path / "t.toml")
    tp = fresh_topics()
    hub = HubProcess(
        spec_file,
        tmp_path / "data",
        "--broker",
        f"{anon_broker.host}:{anon_broker.port}",
        "--root",
        tp.root,
    ).start()
    try:
        assert f"Broker: {anon_broker.host}:{anon_broker.port} (anonymous)" in hub.output
        leader = SimLeader(anon_broker.host, anon_broker.port, topics=tp)
        start_all([leader])
        assert leader.command("start_hand").data == {"hand": 1, "trump": "spades"}
        stop_all([leader])
        assert hub.terminate() == 0
    finally:
        hub.kill()


# --- faults ---------------------------------------------------------------------------------------


def test_sigkill_while_results_stream_in(tmp_path, anon_broker):
    """Kill -9 the hub mid-hand, twice; every result counts exactly once."""
    spec = default_spec("alberta", 6, 6)
    spec_file = write_spec(spec, tmp_path / "t.toml")
    data = tmp_path / "data"
    tp = fresh_topics()
    hub = HubProcess(
        spec_file, data, "--broker", f"{anon_broker.host}:{anon_broker.port}", "--root", tp.root
    )
    hub.start()
    hands = simulate(spec, seed=11, revoke_chance=0.02)
    leader = SimLeader(anon_broker.host, anon_broker.port, topics=tp)
    kiosks = [
        SimKiosk(t, anon_broker.host, anon_broker.port, resend_every=0.5, topics=tp)
        for t in range(1, 7)
    ]
    start_all([leader, *kiosks])
    rng = random.Random(4)

    def kill_and_restart():
        time.sleep(rng.uniform(0, 0.05))
        hub.kill()
        hub.start()

    try:
        for n, hand in enumerate(hands, start=1):
            play_hand(leader, kiosks, hand, during=kill_and_restart if n in (2, 5) else None)
        _, events = replay(data)
        recorded = [e for e in events if type(e).__name__ == "ResultRecorded"]
        assert len(recorded) == 36 and len({(e.hand, e.table) for e in recorded}) == 36
        assert rows(leader.wait_standings(lambda s: s.hand == 6, WAIT)) == reference_rows(
            spec, hands
        )
        assert sum(k.sent for k in kiosks) >= 36
    finally:
        stop_all([leader, *kiosks])
        hub.kill()


def test_broker_restart_mid_hand(tmp_path, broker):
    spec = default_spec("alberta", 4, 3)
    hands = simulate(spec, seed=8)
    creds = broker.credentials
    with InProcessHub(
        spec, tmp_path, broker.host, broker.port, creds.hub.username, creds.hub.password
    ) as hub:
        leader = SimLeader(broker.host, broker.port, creds.leader.username, creds.leader.password)
        kiosks = [
            SimKiosk(
                t,
                broker.host,
                broker.port,
                creds.table(t).username,
                creds.table(t).password,
                resend_every=0.5,
            )
            for t in range(1, 5)
        ]
        start_all([leader, *kiosks])
        play_hand(leader, kiosks, hands[0])
        play_hand(leader, kiosks, hands[1], during=broker.restart)
        play_hand(leader, kiosks, hands[2])
        assert rows(leader.wait_standings(lambda s: s.hand == 3, WAIT)) == reference_rows(
            spec, hands
        )
        assert hub.hub.handled >= 12
        stop_all([leader, *kiosks])
    t, _ = replay(tmp_path)
    assert len(t.results) == 12


# --- hostile input ----------------------------------------------------------------------------

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 20)
    | st.floats(allow_nan=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=12,
)
result_like = st.fixed_dictionaries(
    {},
    optional={
        "v": st.sampled_from([1, 2, "1", None]),
        "id": st.text(max_size=120) | st.integers(),
        "hand": st.integers(-1, 40) | st.text(max_size=3),
        "table": st.integers(-1, 12),
        "visitor_tricks": st.integers(-2, 15),
        "home_tricks": st.integers(-2, 15),
        "revokes": json_values,
        "op": st.sampled_from(
            [
                "start_hand",
                "close_hand",
                "correct",
                "loan",
                "end_day",
                "undo_start",
                "penalty",
                "bogus",
            ]
        ),
    },
)
payloads = (
    st.binary(max_size=300)
    | json_values.map(lambda v: json.dumps(v).encode())
    | result_like.map(lambda v: json.dumps(v).encode())
)
FUZZ = Topics("fuzz")
topics = st.sampled_from(
    [FUZZ.result(t) for t in (0, 1, 2, 3, 9)]
    + [
        FUZZ.call(2),
        FUZZ.table_status(3),
        FUZZ.leader_command,
        FUZZ.root + "/x/y",
        "fuzz/table/1/result/extra",
        "fuzz/table/01/result",
        "fuzz/state",
    ]
)


@pytest.fixture(scope="module")
def fuzz_hub(tmp_path_factory, anon_broker):
    spec = default_spec("alberta", 3, 4)
    data = tmp_path_factory.mktemp("fuzz")
    with InProcessHub(spec, data, anon_broker.host, anon_broker.port, topics=FUZZ) as hub:
        client = SimLeader(anon_broker.host, anon_broker.port, topics=FUZZ)
        start_all([client])
        yield hub, client
        stop_all([client])


@settings(
    max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(topic=topics, payload=payloads)
def test_hostile_payloads_never_take_the_hub_down(fuzz_hub, topic, payload):
    _, client = fuzz_hub
    client.client.publish(topic, payload, qos=1)


def test_after_the_fuzzing_the_hub_still_answers(fuzz_hub):
    hub, client = fuzz_hub
    reply = client.command("clear_call", table=1, timeout=WAIT)
    assert reply.ok
    assert hub.hub._worker is not None and hub.hub._worker.is_alive()
    assert not hub.hub.failed


# --- a whole tournament, only through MQTT -------------------------------------------------------


def test_whole_16_table_30_hand_tournament_equals_the_reference(tmp_path):
    spec = default_spec("alberta", 16, 30)
    hands = simulate(spec, seed=2026, revoke_chance=0.01)
    with EmbeddedBroker(tmp_path / "broker", 16, port=quiet_port(), bind="127.0.0.1") as broker:
        creds = broker.credentials
        with InProcessHub(
            spec, tmp_path, broker.host, broker.port, creds.hub.username, creds.hub.password
        ):
            leader = SimLeader(
                broker.host, broker.port, creds.leader.username, creds.leader.password
            )
            hall = SimLeader(broker.host, broker.port, creds.hall.username, creds.hall.password)
            kiosks = [
                SimKiosk(
                    t, broker.host, broker.port, creds.table(t).username, creds.table(t).password
                )
                for t in range(1, 17)
            ]
            start_all([leader, hall, *kiosks])
            for hand in hands:
                play_hand(leader, kiosks, hand)
            final = hall.wait_standings(lambda s: s.hand == 30, WAIT)
            assert rows(final) == reference_rows(spec, hands)
            assert sum(t.flags for t in final.teams) == 12 * 16
            stop_all([leader, hall, *kiosks])
    t, _ = replay(tmp_path)
    assert len(t.results) == 16 * 30


def test_standings_decode_from_the_retained_topic(tmp_path, anon_broker, connect):
    spec = default_spec("alberta", 3, 1)
    tp = fresh_topics()
    with InProcessHub(spec, tmp_path, anon_broker.host, anon_broker.port, topics=tp):
        probe = connect(anon_broker)
        probe.subscribe_acked(tp.standings)
        msg = decode(Standings, probe.expect(tp.standings).payload)
        assert [t.flags for t in msg.teams] == [12, 12, 12]
        probe.subscribe_acked(tp.hub_status)
        wait_for(lambda: any(m.payload == b"online" for m in probe.received(tp.hub_status)))


def test_a_log_that_cannot_be_written_stops_the_hub_in_one_line_and_loses_nothing(
    tmp_path, anon_broker, caplog
):
    """The disk fails during play: the hub acknowledges nothing it could not store, says so
    in one line a leader can act on, and the result counts once the hub is back."""
    import logging

    spec = default_spec("alberta", 3, 2)
    tp = fresh_topics()
    kiosk = SimKiosk(2, anon_broker.host, anon_broker.port, resend_every=0.5, topics=tp)
    leader = SimLeader(anon_broker.host, anon_broker.port, topics=tp)
    with InProcessHub(
        spec, tmp_path, anon_broker.host, anon_broker.port, topics=tp, client_id=f"hub-{tp.root}"
    ) as hub:
        start_all([leader, kiosk])
        assert leader.command("start_hand", timeout=WAIT).ok
        hub.store.close()  # what a failing disk looks like to SQLite: no more writes
        with caplog.at_level(logging.CRITICAL, logger="whist.hub"):
            result_id = kiosk.submit(8)
            wait_for(lambda: hub.hub.failed, WAIT, "the hub to stop")
        lines = [r.getMessage() for r in caplog.records if r.levelno == logging.CRITICAL]
        assert len(lines) == 1 and "the hub stops" in lines[0], lines
        assert not any(r.exc_info for r in caplog.records if r.levelno == logging.CRITICAL)
        assert result_id not in kiosk.acks  # nothing acknowledged that is not stored
        hub.store = EventStore(tmp_path / "hub.sqlite3")  # so that the exit closes a live one
    # The hub starts again on its log: the kiosk's result goes out again and counts once.
    with InProcessHub(
        spec, tmp_path, anon_broker.host, anon_broker.port, topics=tp, client_id=f"hub-{tp.root}"
    ):
        assert kiosk.wait_ack(result_id, WAIT * 2).status == "accepted"
    stop_all([leader, kiosk])
    with EventStore(tmp_path / "hub.sqlite3") as store:
        t = Tournament.replay(store.events())
    recorded = t.result(1, 2)
    assert recorded is not None and recorded.visitor_tricks == 8


@pytest.mark.parametrize("feed_qos", [1, 0])
def test_the_hall_feed_is_qos_1_unless_the_leader_asks_for_0(
    anon_broker, connect, tmp_path, feed_qos
):
    """The protocol's QoS 1 for every message by default; with ``serve --feed-qos 0`` the
    retained feed (State here) goes out at QoS 0 while the leader's Reply stays QoS 1."""
    topics = fresh_topics()
    probe = connect(anon_broker)
    probe.subscribe([(topics.state, 1), (topics.leader_reply, 1)])
    spec = default_spec("alberta", 3, 2)
    with InProcessHub(
        spec, tmp_path, anon_broker.host, anon_broker.port, topics=topics, feed_qos=feed_qos
    ):
        assert probe.expect(topics.state).qos == feed_qos
        probe.publish(topics.leader_command, b'{"v":1,"id":"q1","op":"start_hand"}', qos=1)
        assert probe.expect(topics.leader_reply).qos == 1
        assert probe.expect(topics.state).qos == feed_qos


def test_a_results_ack_goes_out_before_the_views_it_causes(anon_broker, connect, tmp_path):
    """Issue 28: the hub's worker publishes a batch's StandingsChanges and Acks, lets paho's
    thread write them, and only then builds the held-back views: a table's Ack never waits
    for the views of the tables its result moved (its own here). The order on one
    connection is the order published, so the probe sees Ack and changes first."""
    topics = fresh_topics()
    probe = connect(anon_broker)
    spec = default_spec("alberta", 3, 2)
    with InProcessHub(spec, tmp_path, anon_broker.host, anon_broker.port, topics=topics):
        probe.subscribe([(topics.leader_reply, 1)])
        probe.publish(topics.leader_command, b'{"v":1,"id":"s1","op":"start_hand"}', qos=1)
        assert json.loads(probe.expect(topics.leader_reply).payload)["ok"]
        watched = (topics.ack(1), topics.standings_changes, topics.view(1))
        probe.subscribe([(topic, 1) for topic in watched])
        probe.expect(topics.view(1))  # the retained one, at subscribing
        probe.publish(topics.result(1), result(1, "r1", tricks=8), qos=1)
        order = [probe.expect().topic for _ in watched]
    assert order == [topics.standings_changes, topics.ack(1), topics.view(1)], order
