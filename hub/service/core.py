"""The hub's logic, without a network: :class:`HubCore` takes inbound messages in batches and
returns the messages to publish, for a tournament and a club night alike. Within a batch every
accepted fact is applied to the event, then the whole batch is committed to SQLite in one
transaction, and only then are acks and replies released: nothing is acknowledged before it
is on disk, and grouping commits is what lets one hub take hundreds of tables reporting in
the same second.

The core is one dispatch table: a message's topic (a table's result or deal, count, call,
status; the leader's command) picks its handler, and a command's op picks the handler of
that op. The handlers are small classes, each given what it needs (the log, the topics, the
event, the room, the conflicts); :mod:`hub.service.kinds` puts together those the event takes.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from hub.service.batch import (
    Batch,
    FeedNote,
    Inbound,
    Outgoing,
    TableHandler,
    ops_of,
    peek_id,
)
from hub.service.commands import CommandDesk
from hub.service.conflicts import Conflicts
from hub.service.exports import Exports
from hub.service.feed import Feed
from hub.service.joins import JoinDesk
from hub.service.kinds import QUERIES, Shared, open_event
from hub.service.room import Room
from hub.service.store import EventStore
from whist.errors import ErrorCode
from whist.nightspec import NightSpec
from whist.occasion import Occasion
from whist.protocol import Ack, Reply, Topics, encode
from whist.spec import TournamentSpec

if TYPE_CHECKING:  # only for the typed views tools and tests read; the core sees an Occasion
    from whist.night import ClubNight
    from whist.tournament import Tournament

log = logging.getLogger("whist.hub")


class HubCore:
    """The hub's logic, without a network. Not thread-safe: one worker drives it.

    >>> import tempfile, pathlib
    >>> from whist.pattern import default_spec
    >>> store = EventStore(pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3")
    >>> core = HubCore(store, default_spec("alberta", 3))
    >>> out = core.handle([Inbound("command", None, b'{"v":1,"id":"c1","op":"start_hand"}')])
    >>> [o.topic for o in out if o.topic.endswith("reply")]
    ['whist/leader/reply']
    >>> core.event.seq
    2

    A club night is the same core on another event file:

    >>> from whist.nightspec import default_night
    >>> store = EventStore(pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3")
    >>> core = HubCore(store, default_night("american", 2))
    >>> deal = b'{"v":1,"id":"d1","table":1,"deal":1,"record":{"trump":"clubs","ns_tricks":9}}'
    >>> out = core.handle([Inbound("deal", 1, deal)])
    >>> [o.topic for o in out][-1], core.night.table(1).score_of("NS")
    ('whist/table/1/ack', 3)
    """

    def __init__(
        self,
        store: EventStore,
        spec: TournamentSpec | NightSpec | None = None,
        *,
        topics: Topics | None = None,
        rng: random.Random | None = None,
        standings_interval: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.topics = topics or Topics()
        self.rng = rng or random.SystemRandom()
        opened = open_event(store, spec, self.rng)
        self.live = opened.live
        self.spec_changed = opened.spec_changed
        self.room = Room(store, self.live)
        self.conflicts = Conflicts(store, opened.content)
        self.exports = Exports(store)
        # While results stream in, the retained updates they cause (tables' messages, State,
        # full Standings) go out at most every ``standings_interval`` seconds, each table's
        # once; Acks and StandingsChanges go out after every batch. A hall of 500 tables is
        # not sent 500 full lists a second, and the network thread is not drowned in acks.
        self.feed = Feed(
            store,
            self.topics,
            self.live,
            self.room,
            self.conflicts,
            standings_interval=standings_interval if opened.chunk is not None else 0.0,
            clock=clock,
            chunk=opened.chunk,
        )
        shared = Shared(
            store, self.topics, self.rng, self.room, self.conflicts, self.exports, wall=wall
        )
        parts = opened.compose(shared)
        #: The room's clock (issue 26): in the State the feed publishes.
        self.room_clock = parts.clock
        if parts.clock is not None:
            self.feed.room_clock = parts.clock.message
        self._tournament, self._night = parts.tournament, parts.night
        ops = {**parts.ops, **ops_of(self.room), **ops_of(JoinDesk(store))}
        self.commands = CommandDesk(store, self.topics, self.live, ops)
        #: The dispatch table: a table's message by the kind of its topic.
        self.routes: dict[str, TableHandler] = {
            **parts.reports,
            "call": self.room.on_call,
            "status": self.room.on_status,
        }
        self._acked = parts.acked
        self._before_commit = parts.before_commit
        #: How long the last batch's transaction took (seconds; 0 when it wrote nothing).
        self.commit_seconds = 0.0
        #: How long building the last batch's publications took (seconds).
        self.build_seconds = 0.0
        self.feed_elsewhere = False
        #: What the last batch tells the feed (with ``feed_elsewhere``; None: nothing).
        self.note: FeedNote | None = None

    @property
    def feed_elsewhere(self) -> bool:
        """The hall feed is built and published elsewhere (its own process,
        hub/service/feedproc.py): a batch then returns only its answers (Acks, and the rest
        but the Replies) and leaves what the feed needs in :attr:`note`, the leader's queries
        (QUERIES) with it, for that process to answer off the result path."""
        return bool(self.commands.elsewhere)

    @feed_elsewhere.setter
    def feed_elsewhere(self, apart: bool) -> None:
        self.commands.elsewhere = QUERIES if apart else frozenset()

    # ------------------------------------------------------------------ what it holds
    @property
    def event(self) -> Occasion:
        """The tournament or the club night, as the log has it now."""
        return self.live.event

    @property
    def tournament(self) -> Tournament:
        """The tournament, for tools and tests that opened one (TypeError otherwise)."""
        if self._tournament is None:
            raise TypeError("this hub holds a club night, not a tournament")
        return self._tournament.event

    @property
    def night(self) -> ClubNight:
        """The club night, for tools and tests that opened one (TypeError otherwise)."""
        if self._night is None:
            raise TypeError("this hub holds a tournament, not a club night")
        return self._night.event

    @property
    def tables(self) -> range:
        return self.live.event.table_numbers

    @property
    def calls(self) -> dict[int, str]:
        return self.room.calls

    @property
    def online(self) -> set[int]:
        return self.room.online

    @property
    def pdf_job(self) -> object:
        """The process printing the last export's sheets to PDF, if any."""
        return self.exports.pdf_job

    @property
    def standings_interval(self) -> float:
        """Seconds retained updates are held back while results stream in (the Feed's)."""
        return self.feed.standings_interval

    @standings_interval.setter
    def standings_interval(self, seconds: float) -> None:
        self.feed.standings_interval = seconds

    def conflict_tables(self) -> list[int]:
        return self.conflicts.tables()

    def offline(self) -> list[int]:
        return self.room.offline()

    # ------------------------------------------------------------------ what is published
    def state_message(self) -> Outgoing:
        return self.feed.state_message()

    def standings_message(self) -> Outgoing:
        return self.feed.standings_message()

    def retained(self) -> list[Outgoing]:
        """Everything the hub keeps retained on the broker (published at every connect)."""
        return self.feed.retained()

    def flush(self) -> list[Outgoing]:
        """Retained updates held back, once their time has come."""
        return self.feed.flush()

    def held_wait(self) -> float | None:
        """Seconds until held-back updates are due; None if nothing is held."""
        return self.feed.held_wait()

    # ------------------------------------------------------------------ handling
    def handle(self, items: Iterable[Inbound], *, release: bool = True) -> list[Outgoing]:
        """Handle a batch; commit it; return what to publish (acks and replies last).
        ``release=False``: held-back updates now due stay due, for :meth:`flush` once the
        batch's Acks are out (the hub's worker: :meth:`Feed.publications`)."""
        batch = Batch()
        for item in items:
            mark = (len(batch.events), len(batch.writes), len(batch.out), len(batch.acks))
            try:
                self._dispatch(item, batch)
            except Exception:  # a bug must not take the hall down: answer, log, go on
                log.exception("internal error handling %s from table %s", item.kind, item.table)
                self._forget(item, batch, mark)
        for step in self._before_commit:
            step(batch)
        self.commit_seconds = 0.0
        if batch.events or batch.writes:
            started = time.perf_counter()
            with self.store.transaction() as tx:
                for event in batch.events:
                    tx.append(event)
                for write in batch.writes:
                    write(tx)
            self.commit_seconds = time.perf_counter() - started
        started = time.perf_counter()
        if self.feed_elsewhere:
            out = self._answers(batch)
        else:
            out = self.feed.publications(batch, release=release)
        self.build_seconds = time.perf_counter() - started
        return out

    def _answers(self, batch: Batch) -> list[Outgoing]:
        """With the feed elsewhere: the batch's Acks (accepted ones first) and the other
        answers to publish now; the Replies go to the feed, after the updates they cause."""
        reply = self.topics.leader_reply
        out = [Outgoing(self.topics.ack(table), encode(ack())) for table, ack in batch.acks]
        out.extend(o for o in batch.out if o.topic != reply)
        self.note = FeedNote(
            batch.dirty_tables,
            batch.changed_teams,
            batch.state,
            batch.standings,
            batch.now,
            [o for o in batch.out if o.topic == reply],
            *self.room_now(),
            queries=list(batch.queries),
        )
        return out

    def room_now(self) -> tuple[dict[int, str], list[int], list[int]]:
        """The room as the feed shows it: calls, kiosks online, conflicts (FeedNote's)."""
        return dict(self.room.calls), sorted(self.room.online), self.conflicts.tables()

    def _dispatch(self, item: Inbound, batch: Batch) -> None:
        if item.kind == "command":
            self.commands.on_command(item.payload, batch)
            return
        handler = self.routes.get(item.kind)
        if handler is None or item.table is None:
            log.warning("dropped a message on an unknown topic kind %r", item.kind)
            return
        handler(item.table, item.payload, batch)

    def reload(self) -> None:
        """The state again from the log alone (after a batch failed before its commit)."""
        self.live.rebuild([])
        if self.room_clock is not None:
            self.room_clock.rebuild([])

    def note_failed(self, item: Inbound) -> list[Outgoing]:
        """A message the hub could not handle even on its own: answered (a rejection when its
        id can be read) and the leader told, committed; what to publish."""
        batch = Batch()
        self._forget(item, batch, (0, 0, 0, 0))
        if batch.writes:
            with self.store.transaction() as tx:
                for write in batch.writes:
                    write(tx)
        if self.feed_elsewhere:
            return self._answers(batch)
        return [*batch.out, *([self.state_message()] if batch.state else [])]

    def _forget(self, item: Inbound, batch: Batch, mark: tuple[int, int, int, int]) -> None:
        """Undo what a message that failed half-way added to the batch; answer it (a
        rejection when its id can be read) and tell the leader."""
        events, writes, out, acks = mark
        del batch.events[events:], batch.writes[writes:], batch.out[out:], batch.acks[acks:]
        self.live.rebuild(batch.events)
        if self.room_clock is not None:
            self.room_clock.rebuild(batch.events)
        try:
            self._answer_internal_error(item, batch)
        except Exception:  # the answer must not fail where the handling did
            log.exception("could not answer a %s from table %s", item.kind, item.table)
        self.room.note_unreadable(item.table, batch)

    def _answer_internal_error(self, item: Inbound, batch: Batch) -> None:
        reason = "the hub could not handle this message; the leader has been told"
        message_id = peek_id(item.payload)
        if message_id is None:
            return
        if item.kind in self._acked and item.table is not None:
            ack = Ack(id=message_id, status="rejected", reason=reason, code=ErrorCode.INTERNAL)
            batch.out.append(Outgoing(self.topics.ack(item.table), encode(ack)))
        elif item.kind == "command":
            reply = Reply(id=message_id, ok=False, error=reason)
            batch.out.append(Outgoing(self.topics.leader_reply, encode(reply)))
