"""The hub's connections served by their own thread (hub/service/link.py): a broker that is
away is tried again after 1 s, then a wait doubled up to 5 s, said once in the log; once it
takes the connection, the next loss starts again at 1 s."""

from __future__ import annotations

import itertools

import paho.mqtt.client as mqtt

from hub.service import link as link_module
from hub.service.link import Link


def test_a_broker_away_is_tried_again_less_and_less_often(monkeypatch, caplog):
    now = [100.0]
    monkeypatch.setattr(link_module.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(link_module.time, "sleep", lambda s: now.__setitem__(0, now[0] + s))
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    tries: list[float] = []

    def refused() -> None:
        tries.append(now[0])
        raise ConnectionRefusedError("refused")

    client.reconnect = refused  # type: ignore[method-assign]
    link = Link(client, "the test")
    while now[0] < 130:
        assert link.serve(0.5) == []
    assert [round(b - a, 3) for a, b in itertools.pairwise(tries)][:6] == [1, 2, 4, 5, 5, 5]
    said = [r.getMessage() for r in caplog.records if "cannot reach" in r.getMessage()]
    assert said == ["the test cannot reach the broker (refused); trying again"]  # once
    link.connected()  # the broker took one: the next wait is the first again
    start = len(tries)
    while len(tries) < start + 2:
        link.serve(0.5)
    assert round(tries[-1] - tries[-2], 3) == 1
