"""One paho-mqtt client base for everything that talks to the hub through the broker: the
table kiosk, the leader's console, the hall display, and the simulated ones of the demo.

A :class:`HubClient` logs in, sets its last will, connects in the background and reconnects
on its own, subscribes again on every connection (with QoS 1), and hands each message to
:meth:`HubClient.handle` on paho's network thread; a message the protocol cannot read is
logged and skipped (the hub republishes its retained state). Subclasses say what they
subscribe to and what a message means; none of this touches a screen.

>>> class Watcher(HubClient):
...     def subscriptions(self): return [self.topics.state]
>>> w = Watcher("127.0.0.1", 1883, client_id="watcher", name="a watcher")
>>> w.topics.state
'whist/state'

With ``ca`` (the hall's CA certificate, ``[broker] ca`` in the settings) the client speaks
TLS and accepts only a broker whose certificate that CA signed for the address it dials: the
hub it was given, and no other (the pin). Nothing it sends, passwords first, is readable on
the hall's Wi-Fi.
"""

from __future__ import annotations

import logging
import os
import ssl
import threading
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from whist.errors import ProtocolError
from whist.protocol import Topics

log = logging.getLogger("whist.client")


def tls_context(ca: str | os.PathLike[str]) -> ssl.SSLContext:
    """TLS 1.2 or later, the broker's certificate checked against *ca* alone (not the system's
    authorities) and for the host name or address dialled."""
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cafile=os.fspath(ca))
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


class HubClient:
    """A client of the hall's broker (MQTT v5). ``name`` says who it is in the log."""

    #: Seconds between pings while nothing else is said (paho's keepalive).
    KEEPALIVE = 10

    def __init__(
        self,
        host: str,
        port: int,
        *,
        client_id: str,
        name: str,
        username: str | None = None,
        password: str | None = None,
        root: str = "whist",
        will: tuple[str, str] | None = None,
        max_delay: int = 5,
        ca: str | os.PathLike[str] | None = None,
    ) -> None:
        self.host, self.port, self.name = host, port, name
        self.topics = Topics(root)
        self.connected = threading.Event()
        self.client = mqtt.Client(
            CallbackAPIVersion.VERSION2, client_id=client_id, protocol=mqtt.MQTTv5
        )
        if ca is not None:
            self.client.tls_set_context(tls_context(ca))
        if username is not None:
            self.client.username_pw_set(username, password)
        if will is not None:
            self.client.will_set(will[0], will[1], qos=1, retain=True)
        self.client.reconnect_delay_set(min_delay=1, max_delay=max_delay)
        self.client.on_connect = self._on_connect
        self.client.on_disconnect = self._on_disconnect
        self.client.on_message = self._on_message

    # ------------------------------------------------------------------ for subclasses
    def subscriptions(self) -> list[str]:
        """The topics to (re)subscribe to on every connection."""
        return []

    def handle(self, topic: str, payload: bytes) -> None:
        """One message, on paho's network thread (raise ProtocolError to skip it)."""

    def on_connected(self) -> None:
        """After each (re)connection and its subscriptions, on paho's network thread."""

    def on_lost(self) -> None:
        """The broker was lost (paho reconnects by itself), on paho's network thread."""

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        """Connect in the background; paho retries on its own until it gets through."""
        self.client.connect_async(self.host, self.port, keepalive=self.KEEPALIVE)
        self.client.loop_start()

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    # ------------------------------------------------------------------ paho's thread
    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any
    ) -> None:
        if reason.is_failure:
            log.error("the broker refused %s: %s", self.name, reason)
            return
        log.info("%s: connected to %s:%s", self.name, self.host, self.port)
        topics = self.subscriptions()
        if topics:
            client.subscribe([(topic, 1) for topic in topics])
        self.connected.set()
        self.on_connected()

    def _on_disconnect(self, *args: Any) -> None:
        was = self.connected.is_set()
        self.connected.clear()
        if was:
            log.warning("%s: lost the broker; reconnecting", self.name)
            self.on_lost()

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        try:
            self.handle(msg.topic, bytes(msg.payload))
        except ProtocolError as exc:
            log.warning("%s: ignored a message on %s: %s", self.name, msg.topic, exc.reason)
