"""What goes in and out of the hub's core: inbound messages, outgoing publications, and the
batch that gathers one round of handling until it is committed."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field

from hub.store import Transaction
from whist.events import (
    Event,
)


@dataclass(frozen=True)
class Inbound:
    """One message from the broker. ``table`` is the table named in the topic, if any."""

    kind: str  # "result" | "call" | "status" | "command"
    table: int | None
    payload: bytes
    mid: int = 0
    qos: int = 0
    #: When the hub's network thread received it (``time.perf_counter``), for the stage times.
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
    acks: list[tuple[int, str, int, int]] = field(default_factory=list)  # table, id, hand, seq
    dirty_tables: set[int] = field(default_factory=set)
    changed_teams: set[int] = field(default_factory=set)  # scores moved by results
    state: bool = False
    standings: bool = False
    now: bool = False  # publish every held-back update at once (a command, a call)


def peek_id(payload: bytes) -> str | None:
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    value = data.get("id") if isinstance(data, dict) else None
    return value if isinstance(value, str) and 0 < len(value) <= 100 else None
