"""The phones' broker (hub/broker/phones.py): an anonymous phone reads the hall's public topics
and nothing else, and can publish nothing, anywhere.

A real hall broker (the hub's ACL) and a real phones' broker bridged to it, one pair per module;
the phone connects as a browser does, anonymous MQTT over WebSockets.
"""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.broker.broker import PHONES, EmbeddedBroker, acl_text, hall_topics
from hub.broker.phones import PhoneBroker, public_topics
from tests.integration.conftest import (
    TOPICS,
    Connect,
    ProbeClient,
    mqtt_client,
    require_mosquitto,
)

require_mosquitto()

WAIT = 10.0
#: What a table, the leader and the hub keep to themselves.
PRIVATE = (
    TOPICS.assignment(1),
    TOPICS.view(1),
    TOPICS.score(1),
    TOPICS.ack(1),
    TOPICS.result(1),
    TOPICS.call(1),
    TOPICS.table_status(1),
    TOPICS.leader_command,
    TOPICS.leader_reply,
)


@pytest.fixture(scope="module")
def phones(
    broker: EmbeddedBroker, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[PhoneBroker]:
    folder: Path = tmp_path_factory.mktemp("phones")
    with PhoneBroker(
        folder,
        main_port=broker.port,
        login=broker.credentials.phones,
        port=0,
        bind="127.0.0.1",
        topics=TOPICS,
    ) as p:
        yield p


def phone(phones: PhoneBroker) -> ProbeClient:
    """An anonymous phone, as the page connects: MQTT over WebSockets on the page's port."""
    client = ProbeClient()
    client.transport = "websockets"
    rc = client.open("127.0.0.1", phones.phones_port)
    assert not rc.is_failure, rc
    return client


def test_the_page_and_its_words_are_served_on_the_phones_port(phones: PhoneBroker) -> None:
    base = phones.url("127.0.0.1")
    with urllib.request.urlopen(base, timeout=WAIT) as page:
        assert b"phones.js" in page.read()
    with urllib.request.urlopen(base + "words.json", timeout=WAIT) as got:
        words = json.load(got)
    assert words["fr"]["lost"] != words["en"]["lost"]
    assert words["fr@manche"]["hand"].startswith("Manche")
    with urllib.request.urlopen(base + "topics.json", timeout=WAIT) as got:
        assert set(json.load(got).values()) == set(public_topics(TOPICS))


def test_a_phone_reads_the_public_topics_and_nothing_private(
    broker: EmbeddedBroker, phones: PhoneBroker, connect: Connect
) -> None:
    hub = connect(broker, broker.credentials.hub)
    for topic in PRIVATE:
        hub.publish_acked(topic, f'{{"secret": "{topic}"}}', retain=True)
    for topic in public_topics(TOPICS):
        hub.publish_acked(topic, f'{{"public": "{topic}"}}', retain=True)
    p = phone(phones)
    try:
        p.subscribe_acked("#", qos=1)
        got = {p.expect(timeout=WAIT).topic for _ in public_topics(TOPICS)}
        assert got == set(public_topics(TOPICS))
        # Live, not only retained: a new standings arrives; a table's new view does not.
        hub.publish_acked(TOPICS.view(1), '{"secret": "live"}', retain=True)
        hub.publish_acked(TOPICS.standings, '{"public": "live"}', retain=True)
        assert p.expect(TOPICS.standings, timeout=WAIT).payload == b'{"public": "live"}'
        assert [m.topic for m in p.received()] == []
    finally:
        p.close()


def test_a_phone_can_publish_nothing(
    broker: EmbeddedBroker, phones: PhoneBroker, connect: Connect
) -> None:
    hub = connect(broker, broker.credentials.hub)
    hub.subscribe_acked(f"{TOPICS.root}/#")
    watcher = mqtt_client("127.0.0.1", phones.local_port)  # another phone, plain MQTT
    watcher.subscribe_acked("#")
    p = phone(phones)
    try:
        for topic in (*hall_topics(TOPICS), *PRIVATE, "elsewhere"):
            p.publish_acked(topic, '{"v": 1, "forged": true}', retain=True)
        # The last of them, and then a real one from the hub: both brokers deliver in order,
        # so once the real one is through, a forged one would have been seen before it.
        hub.publish_acked(TOPICS.standings, '{"public": "after"}', retain=True)
        assert watcher.expect(TOPICS.standings, timeout=WAIT)
        forged = [m.topic for m in watcher.received() + hub.received() if b"forged" in m.payload]
        assert forged == []
    finally:
        p.close()
    # Nothing kept either: a new phone gets the hub's standings, not a forged one.
    late = phone(phones)
    try:
        late.subscribe_acked(TOPICS.standings)
        assert late.expect(TOPICS.standings, timeout=WAIT).payload == b'{"public": "after"}'
    finally:
        late.close()


def test_the_bridge_login_reads_on_the_halls_broker_what_the_hall_reads() -> None:
    # What the bridge can read there is all it can bring in (and it writes nothing there).
    text = acl_text(4, TOPICS)
    phones = text.split(f"user {PHONES}\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert phones == [f"topic read {t}" for t in hall_topics(TOPICS)]
