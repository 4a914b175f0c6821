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
* the second copy: when the hub publishes an epoch (a new one at each of its starts) this
  kiosk has not offered to yet, it offers every result the hub accepted today again, marked
  ``reoffer`` and paced (at most :data:`REOFFER_WINDOW` waiting for an answer at once), so a
  hub whose log lost its last writes gets them back; the answers are not the screen's news.

>>> conn = KioskConnection(config, outbox, listener, post=lambda f: f())   # doctest: +SKIP
>>> conn.start(); conn.submit(result); ...; conn.stop()                   # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import logging
import random
import threading
import uuid
from collections.abc import Callable
from typing import Protocol, TypeVar

import paho.mqtt.client as mqtt

from kiosk.config import KioskConfig
from kiosk.outbox import Outbox, Report
from uikit.client import HubClient
from whist.enums import AckStatus
from whist.protocol import (
    OFFLINE,
    ONLINE,
    Ack,
    Call,
    ClubDeal,
    ClubScore,
    Epoch,
    FlagCount,
    Result,
    State,
    TableView,
    Topics,
    decode,
    decode_status,
    encode,
)
from whist.protocol.messages import CallTopic

#: A report a table enters: a result, a club deal, a count of flags.
R = TypeVar("R", Result, ClubDeal, FlagCount)

log = logging.getLogger("whist.kiosk")

#: Seconds between two sends of a result still waiting for its Ack.
RESEND_EVERY = 5.0

#: Re-offers to a new hub epoch waiting for their Ack at once, at most: a hall of 100 tables
#: restarting its hub puts at most 400 of them in front of it, whatever each table kept.
REOFFER_WINDOW = 4
#: Seconds at least between two re-offers of one kiosk.
REOFFER_PACE = 0.05
#: A kiosk waits a random time up to this long (seconds) before it re-offers, so that the
#: tables of a hall do not all begin in the same instant.
REOFFER_SPREAD = 3.0
#: Seconds to wait for an answer before this round of re-offers is given up (the next
#: connection, which brings the retained epoch again, starts another).
REOFFER_PATIENCE = 30.0

Post = Callable[[Callable[[], None]], None]


class Listener(Protocol):
    """What the connection tells the screen (always called through ``post``)."""

    def on_connection(self, connected: bool) -> None: ...
    def on_hub_status(self, online: bool) -> None: ...
    def on_view(self, view: TableView) -> None: ...
    def on_state(self, state: State) -> None: ...
    def on_ack(self, ack: Ack, result: Report | None) -> None: ...
    def on_score(self, score: ClubScore) -> None: ...
    def on_event(self, log: str) -> None: ...


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
        reoffer_spread: float = REOFFER_SPREAD,
        reoffer_pace: float = REOFFER_PACE,
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
        self.reoffer_spread = reoffer_spread
        self.reoffer_pace = reoffer_pace
        #: The hub epoch being offered to, and the re-offered ids still waiting for an Ack.
        self._epoch: str | None = None
        #: The hub's log (Epoch.log, None until one is seen): what an Ack is noted against in
        #: the history, so a result is only ever offered again to the log that accepted it.
        self.hub_log: str | None = None
        #: Before any epoch this run: the log that answered the table's last report (a kiosk
        #: restarted while the hub is away), what a report entered now is stamped with.
        self._last_log = outbox.last_log()
        self._reoffered: set[str] = set()
        self._reoffer_turn = threading.Condition()
        self._reoffer_thread: threading.Thread | None = None
        #: How many re-offer rounds this kiosk finished (every kept report answered).
        self.reoffer_rounds = 0

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
        with self._reoffer_turn:
            self._reoffer_turn.notify_all()  # a round of re-offers stops waiting
        if self.connected.is_set():
            info = self.client.publish(
                self.topics.table_status(self.table), OFFLINE, qos=1, retain=True
            )
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout=2)
        super().stop()
        for thread in (self._resender, self._reoffer_thread):
            if thread is not None:
                thread.join(timeout=2)

    # ------------------------------------------------------------------ what the screen asks
    def submit(self, result: Result) -> bool:
        """Store *result* durably, then send it; True if it went out to the broker now.

        Raises :class:`kiosk.outbox.OutboxError` when it could not be stored: then nothing
        was sent either, so the screen must not say "sent".
        """
        result = self._entered_for(result)
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
        deal = self._entered_for(deal)
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
        count = self._entered_for(count)
        self.outbox.add(count)
        sent = self._send(count)
        log.info("table %s: count %s (%s flags) saved", self.table, count.id, count.flags)
        return sent

    def _entered_for(self, report: R) -> R:
        """*report* with the hub's log (its tournament or night) the table last heard: a hub
        holding another event refuses it (``other_event``) rather than count it there, when
        the outbox sends it after the leader started a new one (docs/protocol.md, 7.8)."""
        known = self.hub_log or self._last_log
        if known is None or report.log is not None:
            return report
        return report.model_copy(update={"log": known})

    def call_leader(self, reason: str = "", topic: CallTopic | None = None) -> bool:
        """Ask the hub to call the leader over (``topic``: what the players chose it is
        about); False when there is no connection."""
        if not self.connected.is_set():
            return False
        call = Call(id=str(uuid.uuid4()), reason=reason, topic=topic)
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

    # ------------------------------------------------------------------ the second copy
    def _on_epoch(self, epoch: str, hub_log: str) -> None:
        """A hub epoch seen (retained, so at every connection): offer the kept results that
        this hub's log accepted again, once per epoch, in a thread of its own (paho's must not
        wait for Acks)."""
        self.hub_log = hub_log
        if self.outbox.offered_to() == epoch:
            return
        with self._reoffer_turn:
            running = self._reoffer_thread is not None and self._reoffer_thread.is_alive()
            if running and self._epoch == epoch:
                return
            self._epoch = epoch
            self._reoffered.clear()
            self._reoffer_turn.notify_all()  # a round for an older epoch stops
            thread = threading.Thread(
                target=self._reoffer,
                args=(epoch, hub_log),
                name=f"kiosk-{self.table}-reoffer",
                daemon=True,
            )
            self._reoffer_thread = thread
        thread.start()

    def _reoffer(self, epoch: str, hub_log: str) -> None:
        try:
            kept = self.outbox.kept(hub_log)
            if kept and self._halt.wait(random.uniform(0, self.reoffer_spread)):
                return
            for report in kept:
                if not self._reoffer_one(epoch, report):
                    return
            with self._reoffer_turn:
                if not self._reoffer_turn.wait_for(
                    lambda: not self._reoffered or self._stale(epoch), REOFFER_PATIENCE
                ) or self._stale(epoch):
                    return
            self.outbox.mark_offered(epoch)
            self.reoffer_rounds += 1
            log.info(
                "table %s: %d kept results offered again to the hub's session %s, all answered",
                self.table,
                len(kept),
                epoch,
            )
        except Exception:  # the next connection brings the epoch again: never fatal
            log.exception("table %s: offering the kept results again failed", self.table)

    def _reoffer_one(self, epoch: str, report: Report) -> bool:
        """Send one kept report again, marked, once fewer than REOFFER_WINDOW are waiting;
        False when the round must stop (the kiosk stops, the hub has a newer epoch, the
        connection is lost, or the hub does not answer)."""
        with self._reoffer_turn:
            if not self._reoffer_turn.wait_for(
                lambda: len(self._reoffered) < REOFFER_WINDOW or self._stale(epoch),
                REOFFER_PATIENCE,
            ) or self._stale(epoch):
                return False
            self._reoffered.add(report.id)
        if not self._send(report.model_copy(update={"reoffer": True})):
            return False  # offline: the retained epoch comes again with the connection
        return not self._halt.wait(self.reoffer_pace)

    def _stale(self, epoch: str) -> bool:
        return self._halt.is_set() or self._epoch != epoch

    def _reoffer_answered(self, ack: Ack) -> bool:
        """Whether ``ack`` answers a re-offer (then it is the log's news, not the screen's)."""
        with self._reoffer_turn:
            if ack.id not in self._reoffered:
                return False
            self._reoffered.discard(ack.id)
            self._reoffer_turn.notify_all()
        if ack.status == AckStatus.REJECTED:
            log.warning(
                "table %s: result %s offered again was refused (%s); the leader sees it",
                self.table,
                ack.id,
                ack.reason or ack.code,
            )
        return True

    def _retry_reoffer(self) -> None:
        """A round given up (the hub did not answer in time) starts again at a resend tick."""
        epoch, hub_log, thread = self._epoch, self.hub_log, self._reoffer_thread
        if epoch is None or hub_log is None or not self.connected.is_set():
            return
        if (thread is None or not thread.is_alive()) and self.outbox.offered_to() != epoch:
            self._on_epoch(epoch, hub_log)

    def _resend_loop(self) -> None:
        while not self._halt.wait(self.resend_every):
            try:
                self.resend_all()
                self._retry_reoffer()
            except Exception:  # the timer must outlive any one bad moment
                log.exception("resending the outbox failed; trying again later")

    # ------------------------------------------------------------------ paho's thread
    def subscriptions(self) -> list[str]:
        t = self.topics
        return [
            t.view(self.table),
            t.ack(self.table),
            t.score(self.table),
            t.state,
            t.hub_status,
            t.epoch,
        ]

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
            reoffered = self._reoffer_answered(ack)
            result = self.outbox.settle(ack, self.hub_log)
            if result is None and reoffered:
                return
            log.info("table %s: result %s %s %s", self.table, ack.id, ack.status, ack.reason or "")
            self._tell(lambda listener: listener.on_ack(ack, result))
        elif topic == self.topics.score(self.table):
            score = decode(ClubScore, payload)
            if score.table == self.table:
                self._tell(lambda listener: listener.on_score(score))
        elif topic == self.topics.state:
            state = decode(State, payload)
            self._tell(lambda listener: listener.on_state(state))
        elif topic == self.topics.epoch:
            epoch = decode(Epoch, payload)
            self._on_epoch(epoch.epoch, epoch.log)
            self._tell(lambda listener: listener.on_event(epoch.log))
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
