"""A broker connection served by the one thread that uses it (issue 28).

paho's own network thread (``loop_start``) writes what another thread publishes only once it
wins the interpreter from that thread: while the hub's worker handled the next batch, or the
hall feed's process built the next slice of views, the Acks and StandingsChanges already
published waited for it (docs/performance.md, "One thread, its own connection"). Served here
instead, by the thread that publishes, a message is written to the socket when it is
published, and what the broker sends is read when that thread asks, between its batches.

:class:`Link` waits on the socket (and any other file the thread follows, such as the hall
feed's pipe), reads, writes, keeps the connection alive, and tries the broker again after a
loss, every RETRY_FIRST seconds doubled up to RETRY_MOST: what paho's thread did with the
delays ``hub_client`` (hub/service/service.py) used to give it.
"""

from __future__ import annotations

import logging
import select
import time
from typing import Any

import paho.mqtt.client as mqtt

log = logging.getLogger("whist.hub")

#: Seconds between two tries to reach the broker: the first, doubled up to the last.
RETRY_FIRST, RETRY_MOST = 1.0, 5.0


class Link:
    """``client``, served by the caller's thread: call :meth:`serve` in its loop, and
    :meth:`connected` from its ``on_connect``. ``name`` says whose connection it is in the
    log. Never ``loop_start()`` the client as well.

    >>> client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
    >>> link = Link(client, "the test")
    >>> link.up  # connect_async(), then serve() in a loop
    False
    """

    def __init__(self, client: mqtt.Client, name: str) -> None:
        self.client = client
        self.name = name
        self._retry_at = 0.0
        self._retry = RETRY_FIRST
        #: False: what the broker sends is left unread (a test holds the hub's ears shut).
        self.reading = True
        #: The broker's absence was said in the log (once until it takes a connection).
        self._said = False

    @property
    def up(self) -> bool:
        """The socket is open (the broker's CONNACK may still be on its way)."""
        return self.client.socket() is not None

    def connected(self) -> None:
        """The broker took the connection: the next loss is tried again after RETRY_FIRST."""
        self._retry = RETRY_FIRST
        self._said = False

    def serve(self, timeout: float, files: tuple[int, ...] = ()) -> list[int]:
        """Wait at most ``timeout`` s for the broker or ``files``; read what the broker sent
        (its callbacks run here), write what is queued, ping when due, and try the broker
        again when it is time. Returns those of ``files`` that can be read."""
        client = self.client
        if not self.up and time.monotonic() >= self._retry_at:
            self._connect()
        sock = client.socket()
        readable: list[Any] = list(files)
        if sock is None:
            timeout = min(timeout, max(0.0, self._retry_at - time.monotonic()))
        elif self.reading:
            readable.append(sock)
        writable = [sock] if sock is not None and client.want_write() else []
        if readable or writable:
            ready, _, _ = select.select(readable, writable, [], timeout)
        else:
            time.sleep(timeout)
            ready = []
        if sock is not None:
            if self.reading and sock in ready:
                client.loop_read()
            if client.socket() is not None and client.want_write():
                client.loop_write()
            if client.socket() is not None:
                client.loop_misc()  # the keepalive's ping, and its timeout
            if client.socket() is None:
                self._later()
        return [f for f in files if f in ready]

    def more(self) -> bool:
        """Read one more packet if the broker has sent one (non-blocking): True if it had."""
        sock = self.client.socket()
        if sock is None or not self.reading or not select.select([sock], [], [], 0)[0]:
            return False
        self.client.loop_read()
        return True

    def drain(self, info: mqtt.MQTTMessageInfo | None, seconds: float) -> None:
        """Serve the connection until ``info`` is published, at most ``seconds`` (at a stop)."""
        deadline = time.monotonic() + seconds
        while (
            info is not None
            and not info.is_published()
            and self.client.is_connected()
            and time.monotonic() < deadline
        ):
            self.serve(0.05)

    def _connect(self) -> None:
        try:
            self.client.reconnect()
        except OSError as exc:
            # One line for the whole absence, not one every five seconds of it.
            if not self._said:
                log.warning("%s cannot reach the broker (%s); trying again", self.name, exc)
                self._said = True
            self._later()

    def _later(self) -> None:
        """The next try after the wait, which doubles until the broker takes one."""
        self._retry_at = time.monotonic() + self._retry
        self._retry = min(self._retry * 2, RETRY_MOST)
