"""The hall feed's own process: ``python -m hub.service.feedchild``, started by the hub
(:class:`hub.service.feedproc.FeedProcess`), never by hand.

It reads its :class:`~hub.service.feedproc.FeedSettings` from its standard input, replays the
log, connects to the broker with a client of its own, and publishes every retained message at
each connection. Then, for every note the hub sends (what a committed batch changed), it reads
the new facts from the log, applies them, and publishes what :class:`~hub.service.feed.Feed`
builds — the held-back retained updates, the StandingsChanges — then the leader's Replies;
a retained message built again byte for byte is not sent again. Then it answers the leader's
queries the note carries (``hub/service/kinds.py`` QUERIES: results, an export…) from its
replay, so that the hub's worker, which the tables' Acks wait for, never does that work.
Notes that arrive while it is busy are handled as one. The end of its input (the hub stopped,
or died) ends it, after what it holds is published.

It has one thread. Its connection to the broker is served by its own loop, beside its pipe
(``select`` on both), not by paho's network thread: a message it publishes is written to the
socket at once, where paho's thread had to wait for the interpreter while the next slice of
views was built (up to 20 ms in the 500-table tail, docs/performance.md). Between two slices
of a release it looks at its pipe, so a note that came meanwhile (a result's
StandingsChanges) goes before the rest.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys
import time
from array import array
from collections import OrderedDict
from typing import IO, Any

import paho.mqtt.client as mqtt

from hub.broker.net import no_delay
from hub.service.batch import Batch, FeedNote, Outgoing
from hub.service.commands import CommandDesk
from hub.service.conflicts import Conflicts
from hub.service.feed import Feed
from hub.service.feedproc import FeedSettings, Frames
from hub.service.kinds import follow
from hub.service.link import Link
from hub.service.live import Live
from hub.service.room import Room
from hub.service.service import (
    MAX_PUBLISH_BYTES,
    TRACE,
    StageTimes,
    hub_client,
    too_large_reply,
)
from hub.service.store import EventStore
from whist.occasion import Occasion
from whist.protocol import Reply, Topics, build_models, encode, read_id

log = logging.getLogger("whist.hub.feed")

#: The leader's queries answered lately, kept to answer one sent again the same (protocol
#: section 7.2: a console that heard no Reply sends the same command again).
ANSWERED = 64
#: What the inbox holds once the hub's side of the pipe is closed; and at each connection.
END = "end"
CONNECTED = "connected"
#: Most held-back tables built in one slice of a release here, before the pipe is looked at
#: again: about a millisecond of building (the hub's chunk is for its own worker).
CHILD_CHUNK = 4


class FeedChild:
    """The feed of one log, kept up with it, published on its own connection."""

    def __init__(self, settings: FeedSettings) -> None:
        build_models()  # now, not at the first result's views (as whist-hub serve does)
        self.settings = settings
        self.topics = Topics(settings.root)
        self.store = EventStore(settings.db, read_only=True)
        followed = follow(self.store)
        self.live: Live[Occasion] = followed.live
        self.seq = followed.seq
        #: The room's clock, kept up with the log as the event is (the State carries it).
        self.room_clock = followed.clock
        self.room = Room(self.store, self.live)
        self.conflicts = Conflicts(self.store, str)
        self._room(settings.room)
        self.feed = Feed(
            self.store,
            self.topics,
            self.live,
            self.room,
            self.conflicts,
            standings_interval=settings.standings_interval if followed.chunk else 0.0,
            clock=time.monotonic,
            chunk=None if followed.chunk is None else min(followed.chunk, CHILD_CHUNK),
            epoch=settings.epoch,
        )
        self.feed.room_clock = self.room_clock.message
        #: The leader's queries (hub/service/kinds.py QUERIES), answered from this replay.
        self.desk = CommandDesk(
            self.store, self.topics, self.live, followed.queries(self.conflicts, self.room)
        )
        self.answered: OrderedDict[str, Outgoing] = OrderedDict()
        #: The last payload published on each retained topic at this connection: one built
        #: again the same (a table's assignment when its result changes only its view) is not
        #: sent again, nor its PUBACK read back.
        self.sent: dict[str, bytes] = {}
        #: Retained messages not sent again for that reason (for the trace and the tests).
        self.unchanged = 0
        #: What came since the last round: the hub's notes, CONNECTED, END.
        self.inbox: list[FeedNote | str] = []
        #: The hub's pipe (set by :meth:`run`).
        self.frames: Frames | None = None
        #: Where to say the feed is published (at each connection): the hub reads it.
        self.ready: IO[bytes] | None = None
        #: With WHIST_HUB_TRACE, this process's own trace, beside the hub's (``.feed``).
        self.times = StageTimes()
        if TRACE:
            self.times.trace = array("d")
        client = hub_client(settings.client_id, settings.username, settings.password)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        self.client = client
        #: The connection, served by this process's one thread.
        self.link = Link(client, "the hall feed")

    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any
    ) -> None:
        if reason.is_failure:
            log.error("the broker refused the hall feed: %s", reason)
            return
        no_delay(client)
        self.link.connected()
        self.inbox.append(CONNECTED)

    #: The feed is stopping: its own disconnection is not a loss.
    closing = False

    def _on_disconnect(self, *args: Any) -> None:
        if not self.closing:
            log.warning("the hall feed lost the broker; it tries again")

    def _room(self, note: FeedNote) -> None:
        self.room.calls = dict(note.calls)
        self.room.online = set(note.online)
        self.conflicts.open = {(0, table) for table in note.conflicts}

    def catch_up(self) -> None:
        """The facts committed since the last note, applied (replayed whole if one will not
        apply: the log is the truth)."""
        rows = self.store.events_after(self.seq)
        if not rows:
            return
        try:
            for seq, event in rows:
                self.live.event.apply(event)
                self.room_clock.clock.apply(event)
                self.seq = seq
        except Exception:
            log.exception("the hall feed replays the log again")
            self.live.rebuild([])
            self.room_clock.rebuild([])
            self.seq = rows[-1][0]

    def run(self, frames: Frames) -> None:
        """Follow the hub's notes from its pipe (non-blocking from here) until it closes."""
        s = self.settings
        self.frames = frames
        os.set_blocking(frames.fd, False)
        self.client.connect_async(s.host, s.port, keepalive=15)
        try:
            self._loop()
        finally:
            if TRACE:
                self.times.write_trace(f"{TRACE}.feed")
            if self.link.up:
                self.closing = True
                self.client.disconnect()
            self.store.close()

    # ------------------------------------------------------------------ the connection
    def serve(self, timeout: float) -> None:
        """Wait at most ``timeout`` s for the hub's pipe or the broker, serve the connection,
        and put what the pipe brought in the inbox."""
        frames = self.frames
        files = () if frames is None or frames.ended else (frames.fd,)
        if self.link.serve(timeout, files) and frames is not None:
            self.inbox.extend(frames.read())  # type: ignore[arg-type]
            if frames.ended:
                self.inbox.append(END)

    def _take(self) -> list[FeedNote | str]:
        items, self.inbox = self.inbox, []
        return items

    # ------------------------------------------------------------------ the rounds
    def _loop(self) -> None:
        last: mqtt.MQTTMessageInfo | None = None
        while True:
            if not self.inbox:
                wait = self.feed.held_wait()
                self.serve(0.5 if wait is None else min(wait, 0.5))
            if not self.inbox:
                last = self._release(last)
                continue
            self.serve(0)  # whatever else came meanwhile: handled as one
            items = self._take()
            started = time.perf_counter()
            notes = [i for i in items if isinstance(i, FeedNote)]
            out: list[Outgoing] = []
            queries: list[bytes] = []
            if notes:
                note = notes[0]
                for later in notes[1:]:
                    note = note.merge(later)
                self.catch_up()
                self._room(note)
                out = self.feed.publications(note.batch(), release=False)
                queries = note.queries
            if CONNECTED in items:
                self.sent.clear()  # a new connection: every retained message again
                out = [*self.feed.retained(), *out]
            last = self._publish(out, last)
            self.times.note("feed", started, len(notes), len(out))
            last = self._release(last)  # one slice after every round: never starved
            if queries:  # after the feed is out: an export may take a while
                started = time.perf_counter()
                answers = self.answer(queries)
                last = self._publish(answers, last)
                self.times.note("command", started, len(queries), len(answers))
            if CONNECTED in items and self.ready is not None:
                self.ready.write(b"ready\n")  # the hub may say it is ready
                self.ready.flush()
            if END in items:
                self.link.drain(last, 2.0)  # what is still to go: the hub is stopping
                return

    def _release(self, last: mqtt.MQTTMessageInfo | None) -> mqtt.MQTTMessageInfo | None:
        """One slice of the held-back updates now due, traced as a release."""
        if self.feed.held_wait() != 0:
            return last
        started = time.perf_counter()
        released = self.feed.flush()
        last = self._publish(released, last)
        if released:
            self.times.note("release", started, 0, len(released))
        return last

    def answer(self, queries: list[bytes]) -> list[Outgoing]:
        """The Replies to the leader's queries, from the log as it is now (caught up): each
        id answered once, the same Reply again to a query sent again."""
        out: list[Outgoing] = []
        for payload in queries:
            key = read_id(payload) or ""
            if key in self.answered:
                if not any(o is self.answered[key] for o in out):
                    out.append(self.answered[key])
                continue
            batch = Batch()  # its writes (the reply to keep) are not this reader's to make
            try:
                self.desk.on_command(payload, batch)
                replies = [o for o in batch.out if o.topic == self.topics.leader_reply]
            except Exception:  # a bug must not stop the hall feed: answer, log, go on
                log.exception("the query %s could not be answered", key)
                error = Reply(id=key, ok=False, error="the hub could not answer this question")
                replies = [Outgoing(self.topics.leader_reply, encode(error))]
            out.extend(replies)
            if replies and key:
                self.answered[key] = replies[-1]
                while len(self.answered) > ANSWERED:
                    self.answered.popitem(last=False)
        return out

    def _publish(
        self, out: list[Outgoing], info: mqtt.MQTTMessageInfo | None
    ) -> mqtt.MQTTMessageInfo | None:
        """Publish; the last message's info (``info`` when there was none)."""
        for o in out:
            reply = o.topic == self.topics.leader_reply
            if len(o.payload) > MAX_PUBLISH_BYTES:  # as the hub's own _publish
                log.error(
                    "%s: %d bytes is over the broker's limit; not sent", o.topic, len(o.payload)
                )
                if not reply:
                    continue
                o = Outgoing(o.topic, too_large_reply(o.payload))
            if o.retain:
                if self.sent.get(o.topic) == o.payload:
                    self.unchanged += 1
                    continue
                self.sent[o.topic] = o.payload
            qos = 1 if reply else self.settings.feed_qos
            info = self.client.publish(o.topic, o.payload, qos=qos, retain=o.retain)
        return info


def main() -> int:
    # The hub stops it by closing its pipe; a Ctrl-C or a SIGTERM to the hub's group is the
    # hub's to handle (it then closes the pipe).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    frames = Frames(sys.stdin.fileno())
    settings = frames.wait()
    assert isinstance(settings, FeedSettings)
    child = FeedChild(settings)
    child.ready = sys.stdout.buffer
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    child.run(frames)
    return 0


if __name__ == "__main__":
    sys.exit(main())
