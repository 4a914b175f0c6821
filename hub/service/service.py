"""The hub as a service on the hall's MQTT broker.

:class:`Hub` is the MQTT adapter around :class:`~hub.service.core.HubCore` (a tournament's or a
club night's, the same core). One worker thread serves the connection itself
(hub/service/link.py: no paho thread), reads what the broker sent between its batches, runs
the core, publishes, and acknowledges each message to the broker (manual PUBACK) after its
batch is committed, so a hub killed mid-batch gets the messages again. Only a failure to
write the log stops the hub; a message it cannot handle is answered where it can be,
acknowledged all the same (the broker never hands it back) and shown to the leader as a call
from its table.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
import threading
import time
from array import array
from typing import TYPE_CHECKING, Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from hub.broker.broker import MAX_PACKET_BYTES
from hub.broker.net import no_delay
from hub.service.batch import FeedNote, Inbound, Outgoing
from hub.service.core import HubCore
from hub.service.guard import as_published, drop_retained
from hub.service.link import Link
from hub.service.store import what_to_do
from whist.errors import ErrorCode
from whist.protocol import (
    OFFLINE,
    ONLINE,
    ErrorData,
    Reply,
    encode,
    reply_data,
)

if TYPE_CHECKING:
    from hub.service.feedproc import FeedProcess

log = logging.getLogger("whist.hub")


#: Most messages handled in one batch (one SQLite commit).
BATCH_MAX = 1000
#: A file to write every batch's and release's times to at the hub's stop (CSV; for
#: ``bench/run --trace``, docs/performance.md). Unset: nothing is traced.
TRACE = os.environ.get("WHIST_HUB_TRACE", "")
#: Largest message the hub publishes: the embedded broker's packet limit, less room for the
#: topic and the MQTT header.
MAX_PUBLISH_BYTES = MAX_PACKET_BYTES - 4096
#: How long a session the broker keeps for the hub while it is away (seconds).
SESSION_EXPIRY = 7 * 24 * 3600
#: A release that keeps failing is logged at most this often (seconds).
RELEASE_FAILED_EVERY = 60.0


class StageTimes:
    """Where a batch's time goes, kept for the log (bench/run prints it; docs/performance.md):
    how long its oldest message waited in the queue, handling (decode, check, apply), the
    commit, building what to publish (acks, held-back retained updates), and handing the
    messages to paho. At most ``keep`` batches are kept.

    >>> times = StageTimes()
    >>> times.add(wait=0.001, handle=0.002, commit=0.003, build=0.001, publish=0.0005, messages=4)
    >>> times.summary().startswith("4 messages in 1 batches")
    True
    """

    STAGES = ("wait", "handle", "commit", "build", "publish")

    def __init__(self, keep: int = 200_000) -> None:
        self.keep = keep
        self.samples: dict[str, list[float]] = {stage: [] for stage in self.STAGES}
        self.messages = 0
        #: With ``trace``: each batch's and each release's kind (an index in ``KINDS``),
        #: start, end, messages in, messages out, commit, build and when its first message
        #: was queued, eight numbers a row in one flat array (half a megabyte for a 500-table
        #: benchmark; tuples took five times that). Clock ``time.perf_counter``
        #: (CLOCK_MONOTONIC: the same in every process of the machine, so the benchmark can
        #: line the rows up with its own times).
        self.trace: array[float] | None = None

    #: What a traced row is: a batch of results, commands, calls, statuses… or a release.
    KINDS = ("release", "result", "deal", "count", "command", "call", "status", "unknown", "feed")

    def note(
        self,
        kind: str,
        start: float,
        messages: int,
        out: int,
        commit: float = 0.0,
        build: float = 0.0,
        queued: float | None = None,
        end: float | None = None,
    ) -> None:
        """Trace one batch or release (when tracing); ``queued``: when the batch's first message
        was read from the broker; ``end``: now unless given."""
        if self.trace is not None and len(self.trace) < 8 * self.keep:
            code = self.KINDS.index(kind) if kind in self.KINDS else len(self.KINDS) - 1
            self.trace.extend(
                (
                    code,
                    start,
                    time.perf_counter() if end is None else end,
                    messages,
                    out,
                    commit,
                    build,
                    start if queued is None else queued,
                )
            )

    def write_trace(self, path: str) -> None:
        """The trace as CSV: kind, start, end, messages in, messages out, commit, build,
        queued."""
        rows = self.trace or array("d")
        with open(path, "w", encoding="utf-8") as f:
            f.write("kind,start,end,messages,out,commit,build,queued\n")
            for i in range(0, len(rows), 8):
                code, start, end, messages, out, commit, build, queued = rows[i : i + 8]
                f.write(
                    f"{self.KINDS[int(code)]},{start:.6f},{end:.6f},{int(messages)},{int(out)},"
                    f"{commit:.6f},{build:.6f},{queued:.6f}\n"
                )

    def add(self, *, messages: int, **seconds: float) -> None:
        self.messages += messages
        if len(self.samples["wait"]) < self.keep:
            for stage, value in seconds.items():
                self.samples[stage].append(value)

    def summary(self) -> str:
        def pct(values: list[float], q: float) -> float:
            ordered = sorted(values)
            return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] * 1e3

        batches = len(self.samples["wait"])
        parts = [
            f"{stage} {pct(values, 50):.2f}/{pct(values, 99):.2f}/{max(values) * 1e3:.1f}"
            for stage, values in self.samples.items()
            if values
        ]
        return f"{self.messages} messages in {batches} batches; ms p50/p99/max: " + ", ".join(parts)


def too_large_reply(payload: bytes) -> bytes:
    """The refusal sent instead of a Reply too large for the broker (our own JSON).

    >>> too_large_reply(b'{"v":1,"id":"c7","ok":true,"data":{}}')[:36]
    b'{"v":1,"id":"c7","ok":false,"error":'
    """
    reply = Reply(
        id=json.loads(payload)["id"],
        ok=False,
        error="the answer is too large to send: ask for one table, or one page at a time",
        data=reply_data(ErrorData(code=ErrorCode.TOO_LARGE)),
    )
    return encode(reply)


def hub_client(
    client_id: str, username: str | None, password: str | None, *, manual_ack: bool = False
) -> mqtt.Client:
    """A paho client as the hub's connections are (its own, its hall feed's): MQTT 5,
    nothing queued or capped. Each is served by a :class:`~hub.service.link.Link`, which
    also tries the broker again after a loss (paho's own reconnect delays are not used)."""
    client = mqtt.Client(
        CallbackAPIVersion.VERSION2,
        client_id=client_id,
        protocol=mqtt.MQTTv5,
        manual_ack=manual_ack,
    )
    if username is not None:
        client.username_pw_set(username, password)
    client.max_queued_messages_set(0)
    # No cap on our own unacknowledged publishes: paho rescans its whole queue on every
    # PUBACK when a cap is set, which costs more than it saves in a burst.
    client.max_inflight_messages_set(0)
    return client


class Hub:
    """The MQTT service around a :class:`HubCore`.

    >>> hub = Hub(core, host="127.0.0.1", port=1883, username="hub", password="…")  # doctest: +SKIP
    >>> hub.start(); ...; hub.stop()                                               # doctest: +SKIP
    """

    def __init__(
        self,
        core: HubCore,
        *,
        host: str,
        port: int,
        username: str | None = None,
        password: str | None = None,
        client_id: str = "whist-hub",
        keepalive: int = 15,
        feed_qos: int = 1,
        feed_apart: bool = False,
        feed_login: tuple[str, str] | None = None,
    ) -> None:
        if feed_qos not in (0, 1):
            raise ValueError(f"the hall feed's QoS is 0 or 1 (got {feed_qos})")
        self.feed_qos = feed_qos
        self.core = core
        #: With ``feed_apart``, the hall feed and the Replies are built and published by a
        #: process of its own (hub/service/feedproc.py); this one handles, commits and acks.
        self.feed: FeedProcess | None = None
        #: How soon the worker tries the feed's pipe again when it was full.
        self.pipe_retry = 0.0
        if feed_apart:
            # Loaded here: a hub whose feed stays in its own process never needs it.
            from hub.service.feedproc import PIPE_RETRY, FeedProcess, FeedSettings

            self.pipe_retry = PIPE_RETRY
            core.feed_elsewhere = True
            calls, online, conflicts = core.room_now()
            self.feed = FeedProcess(
                FeedSettings(
                    db=core.store.path,
                    host=host,
                    port=port,
                    # Its own login on the embedded broker (a client's id is its login there).
                    username=username if feed_login is None else feed_login[0],
                    password=password if feed_login is None else feed_login[1],
                    root=core.topics.root,
                    feed_qos=feed_qos,
                    standings_interval=core.standings_interval,
                    client_id=f"{client_id}-feed",
                    epoch=FeedProcess.new_epoch(),
                    room=FeedNote(calls=calls, online=online, conflicts=conflicts),
                )
            )
        self.topics = core.topics
        self.host, self.port, self.keepalive = host, port, keepalive
        #: What the broker brought since the last batch (read by the worker, between batches).
        self._inbox: list[Inbound | str] = []
        self._stop = threading.Event()
        self.connected = threading.Event()
        self._worker: threading.Thread | None = None
        self.batches = 0
        self.handled = 0
        self.stage_times = StageTimes()
        if TRACE:
            self.stage_times.trace = array("d")
        client = hub_client(client_id, username, password, manual_ack=True)
        client.will_set(self.topics.hub_status, OFFLINE, qos=1, retain=True)
        client.on_connect = self._on_connect
        client.on_subscribe = self._on_subscribe
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self.client = client
        #: The connection, served by the worker itself (hub/service/link.py): an Ack is
        #: written when it is published, not when paho's thread wins the interpreter.
        self.link = Link(client, "the hub")

    # ------------------------------------------------------------------ paho's callbacks
    # (run by the worker, in Link.serve)
    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any
    ) -> None:
        if reason.is_failure:
            log.error("the broker refused the hub: %s", reason)
            return
        log.info("connected to the broker at %s:%s", self.host, self.port)
        no_delay(client)
        self.link.connected()
        subscriptions = [
            (self.topics.every_table("result"), 1),
            (self.topics.every_table("deal"), 1),
            (self.topics.every_table("count"), 1),
            (self.topics.every_table("call"), 1),
            (self.topics.every_table("status"), 1),
            (self.topics.leader_command, 1),
        ]
        # The hub says "online" only once the broker has its subscriptions (the SUBACK): a
        # command published just after the CONNACK, from another connection, could otherwise
        # reach the broker before them and be dropped.
        _, self._subscribing = client.subscribe(as_published(subscriptions))

    _subscribing: int | None = None

    def _on_subscribe(
        self, client: mqtt.Client, userdata: Any, mid: int, reasons: Any, properties: Any
    ) -> None:
        if mid != self._subscribing:
            return
        refused = [r for r in reasons if r.is_failure]
        if refused:
            log.error("the broker refused %d of the hub's subscriptions: %s",
                      len(refused), ", ".join(sorted({str(r) for r in refused})))
        self._inbox.append("connected")

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any
    ) -> None:
        self.connected.clear()
        if not self._stop.is_set():
            log.warning("lost the broker (%s); reconnecting", reason)

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        if drop_retained(client, msg, self.topics):
            return
        try:
            kind, table = self.topics.parse(msg.topic)
        except ValueError:
            kind, table = "unknown", None
        self._inbox.append(
            Inbound(kind, table, bytes(msg.payload), msg.mid, msg.qos, time.perf_counter())
        )

    # ------------------------------------------------------------------ worker thread
    #: When the worker last went round its loop (monotonic); the systemd watchdog checks it.
    beat = 0.0

    def alive(self, within: float) -> bool:
        """The worker is running and went round its loop in the last ``within`` seconds."""
        return (
            self._worker is not None
            and self._worker.is_alive()
            and not self.failed
            and time.monotonic() - self.beat < within
        )

    def _work(self) -> None:
        while not self._stop.is_set():
            self.beat = time.monotonic()
            if not self._inbox:
                wait = None if self.feed else self.core.held_wait()
                if self.feed is not None and self.feed.flush():
                    wait = self.pipe_retry  # the feed's pipe was full: its notes wait here
                self.link.serve(0.2 if wait is None else min(wait, 0.2))
            while len(self._inbox) < BATCH_MAX and self.link.more():
                pass  # everything the broker has sent meanwhile: one batch, one commit
            if not self._inbox:
                if not self.feed:
                    self._release()
                continue
            items, self._inbox = self._inbox[:BATCH_MAX], self._inbox[BATCH_MAX:]
            try:
                self._run_batch(items)
            except (sqlite3.Error, OSError) as exc:
                self._cannot_write(exc)
            except Exception:
                # Not the log (its errors are above): something in this batch the hub could
                # not handle. Each message again on its own; one that fails alone is
                # acknowledged and the leader told, never handed back by the broker forever.
                log.exception("a batch of %d messages failed; handling them one by one", len(items))
                self._one_by_one(items)

    def _cannot_write(self, exc: sqlite3.Error | OSError) -> None:
        """The log could not be written: stop rather than acknowledge what is not stored.
        The broker keeps the unacknowledged messages; a restart replays. One line a leader
        can act on (a full disk, a damaged file)."""
        log.critical(
            "cannot write the tournament log (%s): the hub stops; %s", exc, what_to_do(exc)
        )
        self._stop.set()
        self.failed = True

    def _one_by_one(self, items: list[Inbound | str]) -> None:
        try:
            self.core.reload()
        except (sqlite3.Error, OSError) as exc:
            self._cannot_write(exc)
            return
        for item in items:
            try:
                self._run_batch([item])
            except (sqlite3.Error, OSError) as exc:
                self._cannot_write(exc)
                return
            except Exception:
                if not isinstance(item, Inbound):
                    log.exception("could not publish the hub's state after connecting")
                    continue
                log.exception("a %s from table %s could not be handled", item.kind, item.table)
                try:
                    self.core.reload()
                    self._run_noted(item)
                except (sqlite3.Error, OSError) as exc:
                    self._cannot_write(exc)
                    return
                except Exception:
                    log.exception("could not tell the leader about it")
                if item.qos:
                    self.client.ack(item.mid, item.qos)

    def _run_noted(self, item: Inbound) -> None:
        """Tell the leader which table sent the message the hub could not handle."""
        for o in self.core.note_failed(item):
            self._publish(o)
        self._to_feed()

    def _to_feed(self) -> None:
        """What the last batch tells the feed's process, if the feed is apart."""
        if self.feed is not None and self.core.note is not None:
            self.feed.send(self.core.note)
            self.core.note = None

    failed = False

    def _run_batch(self, items: list[Inbound | str]) -> None:
        started = time.perf_counter()
        messages = [i for i in items if isinstance(i, Inbound)]
        out = self.core.handle(messages, release=False) if messages else []
        handled = time.perf_counter()
        self._to_feed()
        if "connected" in items:
            if self.feed is None:  # the feed's process publishes it all at its own connection
                out = [*self.core.retained(), *out]
            self.client.publish(self.topics.hub_status, ONLINE, qos=1, retain=True)
            self.connected.set()
        for o in out:
            self._publish(o)
        for m in messages:
            if m.qos:
                self.client.ack(m.mid, m.qos)
        self.batches += 1
        self.handled += len(messages)
        if messages:
            commit, build = self.core.commit_seconds, self.core.build_seconds
            queued = min(m.at for m in messages)
            self.stage_times.add(
                messages=len(messages),
                wait=started - queued,
                handle=handled - started - commit - build,
                commit=commit,
                build=build,
                publish=time.perf_counter() - handled,
            )
            self.stage_times.note(
                messages[0].kind,
                started,
                len(messages),
                len(out),
                commit,
                build,
                queued,
            )
        if self.feed is None:
            self._release()  # after the batch's own figures: a release is traced apart

    #: When building the held-back updates last failed (monotonic; for the log's pace).
    _release_failed = float("-inf")

    def _release(self) -> None:
        """The held-back updates now due, once the last batch's Acks are written. A bug in
        building them is not the batch's: its results are committed and acknowledged, so it
        is logged (once a minute) and tried again after the next batch, never answered as a
        failed message (which would tell a table its result was refused)."""
        if self.core.held_wait() != 0:
            return  # nothing held, or not yet due
        started = time.perf_counter()
        try:
            out = self.core.flush()
        except Exception:
            now = time.monotonic()
            if now - self._release_failed >= RELEASE_FAILED_EVERY:
                log.exception(
                    "could not build the hall's held-back updates (the results are kept and "
                    "acknowledged); trying again after the next batch"
                )
                self._release_failed = now
            return
        for o in out:
            self._publish(o)
        if out:
            self.stage_times.note("release", started, 0, len(out))

    def _publish(self, o: Outgoing) -> None:
        """Answers (Acks, Replies) at QoS 1; the hall feed (retained state: assignments,
        views, State, Standings; and StandingsChanges, also gathered) at ``feed_qos``.

        The protocol (docs/protocol.md, section 1) says every message is QoS 1, and that is
        the default. ``whist-hub serve --feed-qos 0`` is a measured option for a very large
        hall: the broker keeps the last retained copy whatever the QoS, every client
        subscribes again (and is sent it again) at each connection, and the hub publishes it
        all again at each of its own; at QoS 1 each of the hundreds of feed messages a hand
        causes comes back as a PUBACK for the hub to read and decode (MQTT 5 reason
        codes and properties): a fifth of the hub's CPU per result at 500 tables
        (docs/performance.md).
        """
        feed = o.retain or o.topic in (
            self.topics.standings_changes,
            self.topics.standings_gathered,
        )
        qos = self.feed_qos if feed else 1
        if len(o.payload) > MAX_PUBLISH_BYTES:
            # The broker would drop the hub for it, again after every reconnection (issue
            # 23, item 2): a reply becomes a refusal the console shows; nothing else is sent.
            log.error("%s: %d bytes is over the broker's limit; not sent", o.topic, len(o.payload))
            if o.topic != self.topics.leader_reply:
                return
            o = Outgoing(o.topic, too_large_reply(o.payload))
        self.client.publish(o.topic, o.payload, qos=qos, retain=o.retain)

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        props.SessionExpiryInterval = SESSION_EXPIRY
        props.ReceiveMaximum = 1000
        if self.feed is not None:
            self.feed.start()
        self.client.connect_async(
            self.host, self.port, keepalive=self.keepalive, clean_start=False, properties=props
        )
        self._worker = threading.Thread(target=self._work, name="hub-worker", daemon=True)
        self._worker.start()  # it connects, and serves the connection from then on

    def wait_connected(self, timeout: float) -> bool:
        return self.connected.wait(timeout)

    def wait_feed(self, timeout: float) -> bool:
        """The hall feed's process (if any) has connected and published the whole feed."""
        return self.feed is None or self.feed.wait_ready(timeout)

    def stop(self) -> None:
        """Say offline (retained), disconnect cleanly, stop the threads."""
        self._stop.set()
        log.info("handled %d messages in %d batches", self.handled, self.batches)
        if self.stage_times.messages:
            log.info("stage times: %s", self.stage_times.summary())
        if self.stage_times.trace is not None and TRACE:
            self.stage_times.write_trace(TRACE)
        if self._worker is not None:
            self._worker.join(timeout=5)
        if self.feed is not None:
            self.feed.stop()
        if self._worker is not None and self._worker.is_alive():
            # Stuck in a batch: the connection is still the worker's. The broker says
            # "offline" for the hub (its will) when the process ends.
            log.error("the hub's worker did not stop; leaving the broker to say so")
            return
        if self.connected.is_set():
            info = self.client.publish(self.topics.hub_status, OFFLINE, qos=1, retain=True)
            self.link.drain(info, 2.0)
        self.client.disconnect()
