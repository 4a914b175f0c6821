"""What the hub refuses before a message reaches :class:`hub.service.core.HubCore`.

Results, deals, calls and commands are events: they happen once. A retained copy of one would be
handed again to the hub at every reconnection and to every console that subscribes (a
retained ``call`` came back after the leader had cleared it). The broker cannot forbid the
retain flag on a topic, so the hub does it: it subscribes with *retain as published* (MQTT 5)
to see the flag on live messages too, and a retained message on such a topic is acknowledged,
not handled, and cleared from the broker with an empty retained payload.

>>> client.subscribe(as_published([(topics.every_table("call"), 1)]))   # doctest: +SKIP
>>> def on_message(client, userdata, msg):                              # doctest: +SKIP
...     if drop_retained(client, msg, topics):
...         return
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

import paho.mqtt.client as mqtt
from paho.mqtt.subscribeoptions import SubscribeOptions

from whist.protocol import OFFLINE, ONLINE, Topics

log = logging.getLogger("whist.hub.guard")

#: Last words of the table topics that carry events, never state.
_TABLE_EVENTS = ("result", "call", "deal", "count")


def never_retained(topic: str, topics: Topics) -> bool:
    """Whether *topic* carries events a broker must never keep (result, deal, call, command).

    Decided on the topic's shape, not on :meth:`Topics.parse`, so that a retained message on
    ``whist/table/02/call`` (which the hub's filter matches but ignores) is cleared too.

    >>> never_retained("whist/table/7/call", Topics()), never_retained("whist/state", Topics())
    (True, False)
    >>> never_retained("whist/table/7/deal", Topics()), never_retained("whist/night", Topics())
    (True, False)
    """
    if topic == topics.leader_command:
        return True
    table_prefix = f"{topics.root}/table/"
    return topic.startswith(table_prefix) and topic.rsplit("/", 1)[-1] in _TABLE_EVENTS


#: What a kiosk may keep retained on its own status topic (its birth and last will).
_STATUSES = (ONLINE.encode(), OFFLINE.encode())


def bad_status(topic: str, payload: bytes, topics: Topics) -> bool:
    """Whether *payload*, retained on *topic*, is anything but a table's ``online`` or
    ``offline``: the broker would hand it to every subscriber at each connection (issue 23,
    item 11), so the hub clears it. An empty payload is a clearing, not a status.

    >>> bad_status("whist/table/3/status", b"x" * 1000, Topics())
    True
    >>> bad_status("whist/table/3/status", b"offline", Topics())
    False
    """
    if not payload or payload in _STATUSES:
        return False
    prefix = f"{topics.root}/table/"
    return topic.startswith(prefix) and topic.rsplit("/", 1)[-1] == "status"


def as_published(subscriptions: Iterable[tuple[str, int]]) -> list[tuple[str, SubscribeOptions]]:
    """The same subscriptions, asking the broker to keep the retain flag of live messages."""
    return [
        (topic, SubscribeOptions(qos=qos, retainAsPublished=True)) for topic, qos in subscriptions
    ]


def drop_retained(client: mqtt.Client, msg: mqtt.MQTTMessage, topics: Topics) -> bool:
    """True when *msg* is a retained event, or a retained table status that is neither
    ``online`` nor ``offline``: it is acknowledged, cleared and must not be handled.

    Called as paho reads the message. The empty retained payload that clears a topic comes
    back to the hub itself (it is subscribed); it is dropped without being cleared again.
    """
    garbage = msg.retain and bad_status(msg.topic, bytes(msg.payload), topics)
    if not msg.retain or not (garbage or never_retained(msg.topic, topics)):
        return False
    if msg.payload:
        log.warning(
            "a retained message on %s (%d bytes) was ignored and cleared: %s",
            msg.topic,
            len(msg.payload),
            "a table's status is online or offline"
            if garbage
            else "results, calls and commands are never retained",
        )
        client.publish(msg.topic, b"", qos=1, retain=True)
    if msg.qos:
        client.ack(msg.mid, msg.qos)
    return True
