"""What the hub publishes from the event it holds: the room's State, each table's messages,
the hall's standings, the hub's Epoch; and, while results stream in, the retained updates held
back and released in chunks (tables, State, full Standings), so acks never wait behind hundreds
of messages. Acks and StandingsChanges go out after every batch; the same changes, gathered,
with every release (the phones' page: docs/phones.md)."""

from __future__ import annotations

import uuid
from collections.abc import Callable

from hub.service.batch import Batch, Outgoing
from hub.service.conflicts import Conflicts
from hub.service.live import Live
from hub.service.room import Room
from hub.service.store import EventStore
from whist.occasion import Occasion, RoomNews
from whist.protocol import Clock, Epoch, Topics, encode

#: Most held-back tables (their messages) published between two batches of results: about a
#: millisecond of building at 500 tables, so a result arriving meanwhile waits little.
RELEASE_CHUNK = 16
#: Full standings are held back this many times longer than the tables' messages and State.
FULL_STANDINGS_EVERY = 4


class Feed:
    """The hub's publications. ``standings_interval``: while results stream in, the
    retained updates they cause go out at most this often (seconds), each table's once;
    ``chunk``: most tables released at a time (None: nothing is held back, every batch
    publishes what it changed: a club night's few deals).

    >>> import tempfile, pathlib
    >>> from hub.service.core import HubCore
    >>> from whist.pattern import default_spec
    >>> store = EventStore(pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3")
    >>> feed = HubCore(store, default_spec("alberta", 3)).feed
    >>> [o.topic for o in feed.retained()][-3:]
    ['whist/state', 'whist/standings', 'whist/hub/epoch']
    """

    def __init__(
        self,
        store: EventStore,
        topics: Topics,
        live: Live[Occasion],
        room: Room,
        conflicts: Conflicts,
        *,
        standings_interval: float,
        clock: Callable[[], float],
        chunk: int | None,
        epoch: str | None = None,
    ) -> None:
        self.store = store
        self.topics = topics
        self.live = live
        self.room = room
        self.conflicts = conflicts
        self.standings_interval = standings_interval
        self.clock = clock
        self.chunk = chunk
        self.held_tables: set[int] = set()
        self.held_state = False
        self.held_standings = False
        #: Teams whose score moved since the last StandingsChanges gathered (published first in
        #: every release).
        self.gathered: set[int] = set()
        self.last_release = float("-inf")
        self.last_standings = float("-inf")
        #: The last release was too big for one go: its next slices are still to come.
        self._split = False
        #: This session of the hub: a new one for every core, so at every start of the hub
        #: (the hall feed's process is given its hub's: it may be started again meanwhile).
        self._epoch = epoch
        #: The room's clock for the State (issue 26; the core sets it), None: no clock.
        self.room_clock: Callable[[], Clock | None] | None = None

    # ------------------------------------------------------------------ the messages
    def state_message(self) -> Outgoing:
        calls = self.room.calls
        msg = self.live.event.state_view(
            RoomNews(
                offline=self.room.offline(),
                calling=sorted(calls),
                call_reasons={str(t): reason for t, reason in sorted(calls.items())},
                conflicts=self.conflicts.tables(),
            )
        )
        if self.room_clock is not None:
            msg = msg.model_copy(update={"clock": self.room_clock()})
        return Outgoing(self.topics.state, encode(msg), retain=True)

    def standings_message(self) -> Outgoing:
        """The hall's standings (a tournament's Standings, a club night's NightStandings)."""
        topic, payload = self.live.event.hall_feed(self.topics)
        return Outgoing(topic, payload, retain=True)

    def table_messages(self, table: int) -> list[Outgoing]:
        """What one table is sent when anything about it changes."""
        feed = self.live.event.table_feed(table, self.topics)
        return [Outgoing(topic, payload, retain=True) for topic, payload in feed]

    def epoch_message(self) -> Outgoing:
        """The hub's Epoch (retained). Published last at every connect: a kiosk that has not
        offered its kept results to this epoch offers them again (docs/protocol.md, "The
        tables are the second copy"), and finds its table's view already there."""
        if self._epoch is None:
            self._epoch = uuid.uuid4().hex
        epoch = Epoch(epoch=self._epoch, log=self.live.log_id)
        return Outgoing(self.topics.epoch, encode(epoch), retain=True)

    def retained(self) -> list[Outgoing]:
        """Everything the hub keeps retained on the broker (published at every connect)."""
        return [
            *(m for t in self.live.event.table_numbers for m in self.table_messages(t)),
            self.state_message(),
            self.standings_message(),
            self.epoch_message(),
        ]

    # ------------------------------------------------------------------ after a batch
    def publications(self, batch: Batch, *, release: bool = True) -> list[Outgoing]:
        """What a committed batch publishes: what is due of the held-back updates, the
        StandingsChanges, the acks, then the batch's own answers.

        ``release=False``: what is due of the held-back updates stays due (:meth:`flush`
        gives it), unless the batch asks for everything now (a command: its Reply goes after
        the updates it caused). The hub's worker publishes the Acks and StandingsChanges first
        and builds the release after: a result then does not wait for other tables' views."""
        self.gathered |= batch.changed_teams
        out = self._at_once(batch) if self.chunk is None else self._held_back(batch, release)
        if batch.changed_teams:
            changes = self.live.event.changes_feed(batch.changed_teams, self.topics)
            out.extend(Outgoing(topic, payload) for topic, payload in changes)
        out.extend(Outgoing(self.topics.ack(table), encode(ack())) for table, ack in batch.acks)
        out.extend(batch.out)
        return out

    def _at_once(self, batch: Batch) -> list[Outgoing]:
        """Nothing held back: the changes gathered, the changed tables, the standings, the
        State."""
        out = self._gathered()
        out += [m for table in sorted(batch.dirty_tables) for m in self.table_messages(table)]
        if batch.standings or batch.changed_teams:
            out.append(self.standings_message())
        if batch.state:
            out.append(self.state_message())
        return out

    def _gathered(self) -> list[Outgoing]:
        """The StandingsChanges of every team moved since the last ones gathered, on their own
        topic: first in every release, at most every ``standings_interval`` while results
        stream in, so a thousand phones get four small messages a second, not one per batch."""
        if not self.gathered:
            return []
        changes = self.live.event.changes_feed(sorted(self.gathered), self.topics)
        self.gathered = set()
        return [Outgoing(self.topics.standings_gathered, payload) for _, payload in changes]

    def _held_back(self, batch: Batch, release: bool) -> list[Outgoing]:
        self.held_tables |= batch.dirty_tables
        self.held_state |= batch.state
        self.held_standings |= batch.standings or bool(batch.changed_teams)
        if batch.now:
            return self._release(everything=True)
        return self._release() if release and self.held_wait() == 0 else []

    # ------------------------------------------------------------------ held back
    def flush(self) -> list[Outgoing]:
        """Retained updates held back by ``standings_interval``, once their time has come."""
        return self._release() if self.held_wait() == 0 else []

    def held_wait(self) -> float | None:
        """Seconds until held-back updates are due; None if nothing is held."""
        due = []
        if self.held_tables or self.held_state or self.gathered:
            due.append(self.last_release + self.standings_interval)
        if self.held_standings:
            # Full standings (500 teams: a few ms to build, 45 kB to send) go out four times
            # less often than the rest; StandingsChanges carry every result in between.
            due.append(self.last_standings + FULL_STANDINGS_EVERY * self.standings_interval)
        if not due:
            return None
        return max(0.0, min(due) - self.clock())

    def _release(self, everything: bool = False) -> list[Outgoing]:
        """Publish what is due: State, the held tables' messages (at most ``chunk`` of them
        unless ``everything`` — the rest stay due at once, so results keep being handled
        between chunks instead of waiting behind 500 messages), and the full Standings when
        their own time has come."""
        now_ = self.clock()
        # The changes gathered first: the small message the phones wait for goes before the
        # tables' and the State (the phones' broker sends each to every phone, in order). Once
        # a release, not with each of its slices: the phones' broker sends every one of them
        # to every phone (a release of 500 tables is dozens of slices).
        out: list[Outgoing] = self._gathered() if everything or not self._split else []
        chunk = False
        if everything or now_ >= self.last_release + self.standings_interval:
            tables = sorted(self.held_tables)
            size = None if everything else self.chunk
            send, later = (tables, []) if size is None else (tables[:size], tables[size:])
            out += [m for table in send for m in self.table_messages(table)]
            chunk = bool(later) or self._split
            self._split = bool(later)
            if self.held_state:
                out.append(self.state_message())
            self.held_tables, self.held_state = set(later), False
            if not later:
                self.last_release = now_
        # The full standings (a few ms for 500 teams) never ride with a slice of a release too
        # big for one go: each slice stays short, and results are handled between slices.
        if self.held_standings and (
            everything
            or (
                not chunk
                and now_ >= self.last_standings + FULL_STANDINGS_EVERY * self.standings_interval
            )
        ):
            out.append(self.standings_message())
            self.held_standings = False
            self.last_standings = now_
        return out
