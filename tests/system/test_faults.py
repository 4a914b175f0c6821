"""Whole simulated tournaments with faults: nothing lost, nothing counted twice, standings
equal to the independent reference.

The short suite (16 tables x 10 hands, one fault of each kind) runs in the README's test
command. The long one (100 tables x 50 hands, random faults, a 60-second broker outage and
10,000 hostile payloads) runs with ``WHIST_LONG=1 .venv/bin/pytest tests/system``.
"""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hub.service.store import EventStore
from tests.integration.conftest import require_mosquitto
from tests.reference import reference_standings, simulate
from tests.system.hall import SimHall
from whist.pattern import default_spec
from whist.tournament import Tournament

require_mosquitto()

LONG = os.environ.get("WHIST_LONG") == "1"
TABLES, HANDS = (100, 50) if LONG else (16, 10)
OUTAGE = 60.0 if LONG else 3.0
PAYLOADS = 10_000 if LONG else 300


def check_against_reference(hall, hands):
    """0 lost, 0 counted twice, and the hub's standings equal the reference."""
    with EventStore(hall.work / "hub" / "hub.sqlite3") as store:
        events = store.events()
    recorded = [e for e in events if type(e).__name__ == "ResultRecorded"]
    keys = [(e.hand, e.table) for e in recorded]
    expected = {(h.hand, r.table) for h in hands for r in h.results}
    assert set(keys) == expected, "lost results"
    assert len(keys) == len(expected), "a result counted twice"
    t = Tournament.replay(events)
    reference = [
        (r["team"], r["flags"], r["points"], list(r["day_totals"]), r["rank"])
        for r in reference_standings(hall.spec, hands)
    ]
    mine = [
        (
            s.team,
            s.score if t.format.value == "alberta" else 0,
            0 if t.format.value == "alberta" else s.score,
            list(s.day_totals),
            s.rank,
        )
        for s in t.standings()
    ]
    assert mine == reference
    final = hall.display.wait_standings(
        lambda s: s.hand == hands[-1].hand and s.seq == t.events, 30
    )
    assert [(x.team, x.flags, x.points, x.rank) for x in final.teams] == [
        (r[0], r[1], r[2], r[4]) for r in reference
    ]


@pytest.fixture(scope="module")
def hall(tmp_path_factory):
    spec = default_spec("alberta", TABLES, HANDS)
    hall = SimHall(spec, tmp_path_factory.mktemp("hall")).start()
    yield hall
    hall.stop()


def test_tournament_with_every_kind_of_fault(hall):
    hands = simulate(hall.spec, seed=77, revoke_chance=0.01)
    rng = random.Random(5)
    if LONG:
        plan = {h.hand: hall.random_fault(rng, 5.0) for h in hands if rng.random() < 0.3}
        plan[rng.randint(2, HANDS)] = lambda: hall.broker_outage(OUTAGE)
    else:
        plan = {
            2: hall.kill_hub,
            4: hall.restart_broker,
            6: lambda: hall.kill_kiosk(rng.randint(1, TABLES)),
            8: lambda: hall.broker_outage(OUTAGE),
        }
    for hand in hands:
        hall.play(hand, fault=plan.get(hand.hand))
    print(f"faults: {', '.join(hall.faults)}")
    assert {f.split()[0] for f in hall.faults} >= (
        {"hub", "broker", "kiosk"} if not LONG else {"broker"}
    )
    check_against_reference(hall, hands)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=10,
)
results = st.fixed_dictionaries(
    {"v": st.just(1), "id": st.text(min_size=1, max_size=10)},
    optional={
        "hand": st.integers(-1, 60),
        "table": st.integers(-1, 120),
        "visitor_tricks": st.integers(-1, 14),
        "home_tricks": st.integers(-1, 14),
        "revokes": json_values,
    },
)


@settings(
    max_examples=PAYLOADS,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    table=st.integers(1, TABLES),
    payload=st.binary(max_size=200) | results.map(lambda d: json.dumps(d).encode()),
)
def test_hostile_payloads_from_kiosks(hall, table, payload):
    """A kiosk's own credentials, sending nonsense on its own topics."""
    kiosk = hall.kiosks[table]
    kiosk.client.publish(kiosk.topics.result(table), payload, qos=1)
    kiosk.client.publish(kiosk.topics.call(table), payload, qos=1)


def test_the_hub_survived_the_payloads(hall):
    reply = hall.leader.command("clear_call", table=1, timeout=30)
    assert reply.ok
    assert hall.hub.proc is not None and hall.hub.proc.poll() is None
