"""The kiosk's MQTT side: paho-mqtt 2 (MQTT v5), the outbox's sender, and nothing of Kivy.

paho runs its network loop on its own thread. Nothing here touches a widget: every event for
the screen goes through ``post``, which the app makes a hop to Kivy's main thread
(``Clock.schedule_once``) and tests make a queue or a direct call.

* status: retained ``online`` on connect, retained ``offline`` as the last will, and published
  by :meth:`KioskConnection.stop` on a clean shutdown;
* subscriptions: this table's view and ack, the hall's state, the hub's status;
* results: :meth:`KioskConnection.submit` stores a result in the outbox *before* publishing
  it; every pending result is sent again on each (re)connection, when the hub comes back
  online, and every ``resend_every`` seconds, until its Ack settles it.

>>> conn = KioskConnection(config, outbox, listener, post=lambda f: f())   # doctest: +SKIP
>>> conn.start(); conn.submit(result); ...; conn.stop()                   # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import logging
import threading
import uuid
from collections.abc import Callable
from typing import Protocol

import paho.mqtt.client as mqtt

from kiosk.config import KioskConfig
from kiosk.outbox import Outbox, Report
from uikit.client import HubClient
from whist.protocol import (
    OFFLINE,
    ONLINE,
    Ack,
    Call,
    ClubDeal,
    ClubScore,
    FlagCount,
    Result,
    State,
    TableView,
    Topics,
    decode,
    decode_status,
    encode,
)

log = logging.getLogger("whist.kiosk")

#: Seconds between two sends of a result still waiting for its Ack.
RESEND_EVERY = 5.0

Post = Callable[[Callable[[], None]], None]


class Listener(Protocol):
    """What the connection tells the screen (always called through ``post``)."""

    def on_connection(self, connected: bool) -> None: ...
    def on_hub_status(self, online: bool) -> None: ...
    def on_view(self, view: TableView) -> None: ...
    def on_state(self, state: State) -> None: ...
    def on_ack(self, ack: Ack, result: Report | None) -> None: ...
    def on_score(self, score: ClubScore) -> None: ...


class KioskConnection(HubClient):
    """One table's link to the hub through the broker.

    ``post`` must run the callable it is given on the UI thread, soon, in order.

    >>> conn = KioskConnection(KioskConfig(table=7, host="127.0.0.1"), Outbox(":memory:"),
    ...                        listener=None, post=lambda f: f())
    >>> conn.topics.result(7)
    'whist/table/7/result'
    """

    def __init__(
        self,
        config: KioskConfig,
        outbox: Outbox,
        listener: Listener | None,
        *,
        post: Post,
        resend_every: float = RESEND_EVERY,
        client_id: str | None = None,
    ) -> None:
        # One id per table: a second kiosk for the same table takes over from the first.
        super().__init__(
            config.host,
            config.port,
            client_id=client_id or f"whist-kiosk-{config.table}",
            name=f"table {config.table}",
            username=config.username,
            password=config.password,
            root=config.root,
            ca=config.broker.ca_file,
            will=(Topics(config.root).table_status(config.table), OFFLINE),
        )
        self.config = config
        self.table = config.table
        self.outbox = outbox
        self.listener = listener
        self._post = post
        self.resend_every = resend_every
        self._halt = threading.Event()
        self._resender: threading.Thread | None = None
        self._send_lock = threading.Lock()

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        """Connect in the background (it retries on its own) and start the resend timer."""
        super().start()
        self._resender = threading.Thread(
            target=self._resend_loop, name=f"kiosk-{self.table}-resend", daemon=True
        )
        self._resender.start()

    def stop(self) -> None:
        """Say offline (retained) ourselves, then disconnect and stop the threads."""
        self._halt.set()
        if self.connected.is_set():
            info = self.client.publish(
                self.topics.table_status(self.table), OFFLINE, qos=1, retain=True
            )
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout=2)
        super().stop()
        if self._resender is not None:
            self._resender.join(timeout=2)

    # ------------------------------------------------------------------ what the screen asks
    def submit(self, result: Result) -> bool:
        """Store *result* durably, then send it; True if it went out to the broker now.

        Raises :class:`kiosk.outbox.OutboxError` when it could not be stored: then nothing
        was sent either, so the screen must not say "sent".
        """
        self.outbox.add(result)
        sent = self._send(result)
        log.info(
            "table %s: result %s for hand %s saved%s",
            self.table,
            result.id,
            result.hand,
            " and sent" if sent else "; it goes out once the broker is reachable",
        )
        return sent

    def submit_deal(self, deal: ClubDeal) -> bool:
        """A club night's deal: stored durably, then sent, exactly as a result."""
        self.outbox.add(deal)
        sent = self._send(deal)
        log.info(
            "table %s: deal %s (number %s) saved%s",
            self.table,
            deal.id,
            deal.deal,
            " and sent" if sent else "; it goes out once the broker is reachable",
        )
        return sent

    def submit_count(self, count: FlagCount) -> bool:
        """The flags the players counted at a day's end: stored durably, then sent, exactly
        as a result (decision A19)."""
        self.outbox.add(count)
        sent = self._send(count)
        log.info("table %s: count %s (%s flags) saved", self.table, count.id, count.flags)
        return sent

    def call_leader(self, reason: str = "") -> bool:
        """Ask the hub to call the leader over; False when there is no connection."""
        if not self.connected.is_set():
            return False
        call = Call(id=str(uuid.uuid4()), reason=reason)
        info = self.client.publish(self.topics.call(self.table), encode(call), qos=1)
        return info.rc == mqtt.MQTT_ERR_SUCCESS

    def resend_all(self) -> int:
        """Send every pending result now; returns how many went out."""
        if not self.connected.is_set():
            return 0
        return sum(self._send(result) for result in self.outbox.pending())

    def _send(self, result: Report) -> bool:
        if not self.connected.is_set():
            return False
        if isinstance(result, ClubDeal):
            topic = self.topics.deal(self.table)
        elif isinstance(result, FlagCount):
            topic = self.topics.count(self.table)
        else:
            topic = self.topics.result(self.table)
        with self._send_lock:
            info = self.client.publish(topic, encode(result), qos=1)
        if info.rc != mqtt.MQTT_ERR_SUCCESS:
            return False
        self.outbox.mark_sent(result.id)
        return True

    def _resend_loop(self) -> None:
        while not self._halt.wait(self.resend_every):
            try:
                self.resend_all()
            except Exception:  # the timer must outlive any one bad moment
                log.exception("resending the outbox failed; trying again later")

    # ------------------------------------------------------------------ paho's thread
    def subscriptions(self) -> list[str]:
        t = self.topics
        return [t.view(self.table), t.ack(self.table), t.score(self.table), t.state, t.hub_status]

    def on_connected(self) -> None:
        status = self.topics.table_status(self.table)
        self.client.publish(status, ONLINE, qos=1, retain=True)
        self._tell(lambda listener: listener.on_connection(True))
        self.resend_all()

    def on_lost(self) -> None:
        self._tell(lambda listener: listener.on_connection(False))

    def handle(self, topic: str, payload: bytes) -> None:
        if topic == self.topics.view(self.table):
            view = decode(TableView, payload)
            if view.table == self.table:
                self._tell(lambda listener: listener.on_view(view))
        elif topic == self.topics.ack(self.table):
            ack = decode(Ack, payload)
            result = self.outbox.settle(ack)
            log.info("table %s: result %s %s %s", self.table, ack.id, ack.status, ack.reason or "")
            self._tell(lambda listener: listener.on_ack(ack, result))
        elif topic == self.topics.score(self.table):
            score = decode(ClubScore, payload)
            if score.table == self.table:
                self._tell(lambda listener: listener.on_score(score))
        elif topic == self.topics.state:
            state = decode(State, payload)
            self._tell(lambda listener: listener.on_state(state))
        elif topic == self.topics.hub_status:
            online = decode_status(payload) == ONLINE
            if online:
                # The hub is back: whatever it missed goes again now, not at the next tick.
                threading.Thread(target=self.resend_all, daemon=True).start()
            self._tell(lambda listener: listener.on_hub_status(online))

    def _tell(self, call: Callable[[Listener], None]) -> None:
        listener = self.listener
        if listener is not None:
            self._post(lambda: call(listener))
