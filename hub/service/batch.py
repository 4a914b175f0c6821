"""What goes in and out of the hub's core: inbound messages, outgoing publications, and the
batch that gathers one round of handling until it is committed; the shapes of the handlers
the core's dispatch table holds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from hub.service.store import Transaction
from whist.events import (
    Event,
)
from whist.protocol import Ack, read_id


@dataclass(frozen=True)
class Inbound:
    """One message from the broker. ``table`` is the table named in the topic, if any."""

    kind: str  # "result" | "call" | "status" | "command"
    table: int | None
    payload: bytes
    mid: int = 0
    qos: int = 0
    #: When the hub read it from the broker (``time.perf_counter``), for the stage times.
    at: float = 0.0


@dataclass(frozen=True)
class Outgoing:
    topic: str
    payload: bytes
    retain: bool = False


@dataclass
class Batch:
    """One round of handling: the facts to commit, the writes, what to publish after."""

    events: list[Event] = field(default_factory=list)
    writes: list[Callable[[Transaction], None]] = field(default_factory=list)
    out: list[Outgoing] = field(default_factory=list)
    #: (table, its Ack): built once the batch is committed, so that it carries the score then.
    acks: list[tuple[int, Callable[[], Ack]]] = field(default_factory=list)
    dirty_tables: set[int] = field(default_factory=set)
    changed_teams: set[int] = field(default_factory=set)  # scores moved by results
    state: bool = False
    standings: bool = False
    now: bool = False  # publish every held-back update at once (a command, a call)
    #: The leader's queries (their payloads) left to the hall feed's process to answer, when
    #: it runs apart (hub/service/kinds.py QUERIES): they change nothing.
    queries: list[bytes] = field(default_factory=list)


#: What handles a message from a table: (the table in the topic, the payload, the batch).
TableHandler = Callable[[int, bytes, Batch], None]


#: What carries out one of the leader's ops: (the command, the batch) -> the Reply's data.
Op = Callable[[Any, "Batch"], BaseModel]


def ops_of(handler: object) -> dict[str, Op]:
    """A handler's ops: each of its methods ``_do_<op>`` (piwheels' ``do_*`` table).

    >>> class Desk:
    ...     def _do_plan(self, cmd, batch): ...
    >>> list(ops_of(Desk()))
    ['plan']
    """
    return {
        name.removeprefix("_do_"): getattr(handler, name)
        for name in dir(handler)
        if name.startswith("_do_")
    }


def peek_id(payload: bytes) -> str | None:
    """The message's id, read within the protocol's bounds (a ``[[[…]]]`` of any depth is
    not handed to the JSON parser); None when there is none an Ack could carry. Never raises."""
    return read_id(payload)


@dataclass
class FeedNote:
    """What a committed batch tells the hall feed when the feed runs in its own process
    (``hub/service/feedproc.py``): what changed, the room as it is now, and the leader's
    Replies, which go out after the feed that shows their effect. The facts themselves are
    not in it: the feed's process reads them from the log."""

    dirty_tables: set[int] = field(default_factory=set)
    changed_teams: set[int] = field(default_factory=set)
    state: bool = False
    standings: bool = False
    now: bool = False
    replies: list[Outgoing] = field(default_factory=list)
    #: The room now: calls by table, the kiosks online, the tables with a conflict open.
    calls: dict[int, str] = field(default_factory=dict)
    online: list[int] = field(default_factory=list)
    conflicts: list[int] = field(default_factory=list)
    #: The leader's queries to answer (their payloads), after the Replies: they only read.
    queries: list[bytes] = field(default_factory=list)

    def merge(self, later: FeedNote) -> FeedNote:
        """This note and a later one as one (the room as the later one has it).

        >>> a = FeedNote(dirty_tables={1}, state=True, online=[1])
        >>> b = a.merge(FeedNote(dirty_tables={2}, online=[1, 2]))
        >>> sorted(b.dirty_tables), b.state, b.online
        ([1, 2], True, [1, 2])
        """
        return FeedNote(
            self.dirty_tables | later.dirty_tables,
            self.changed_teams | later.changed_teams,
            self.state or later.state,
            self.standings or later.standings,
            self.now or later.now,
            [*self.replies, *later.replies],
            later.calls,
            later.online,
            later.conflicts,
            [*self.queries, *later.queries],
        )

    def batch(self) -> Batch:
        """The batch the feed's own :meth:`Feed.publications` takes (its answers: the
        Replies)."""
        return Batch(
            out=list(self.replies),
            dirty_tables=set(self.dirty_tables),
            changed_teams=set(self.changed_teams),
            state=self.state,
            standings=self.standings,
            now=self.now,
        )
