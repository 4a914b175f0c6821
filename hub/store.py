"""The hub's durable log: every accepted fact in SQLite (WAL, synchronous=FULL).

The log is the truth: the tournament in memory is its replay. Besides events, the store keeps
what the leader must see after a restart but that is not a fact of the game: open conflicts,
calls for the leader, and the replies already given to commands (so a command sent twice is
answered twice but done once).

>>> import tempfile, pathlib
>>> from whist.pattern import default_spec
>>> from whist.events import TournamentCreated
>>> path = pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3"
>>> with EventStore(path) as store:
...     with store.transaction() as tx:
...         tx.append(TournamentCreated(default_spec("alberta", 3)))
...     [type(e).__name__ for e in store.events()]
['TournamentCreated']
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from whist.events import Event, event_from_dict, event_kind, event_to_dict

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq   INTEGER PRIMARY KEY,
    kind  TEXT NOT NULL,
    body  TEXT NOT NULL,
    at    REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS conflicts (
    result_id TEXT PRIMARY KEY,
    hand      INTEGER NOT NULL,
    tbl       INTEGER NOT NULL,
    body      TEXT NOT NULL,
    reason    TEXT NOT NULL,
    at        REAL NOT NULL,
    settled   INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS calls (
    tbl     INTEGER PRIMARY KEY,
    call_id TEXT NOT NULL,
    reason  TEXT NOT NULL,
    at      REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS replies (
    command_id TEXT PRIMARY KEY,
    body       TEXT NOT NULL,
    at         REAL NOT NULL
);
"""


class StoreError(RuntimeError):
    """The data directory cannot be used (unreadable, another version, disk full)."""


@dataclass(frozen=True)
class Conflict:
    """A result refused because its table had already reported another one for that hand."""

    result_id: str
    hand: int
    table: int
    body: str
    reason: str
    at: float


class Transaction:
    """Writes grouped into one commit (see :meth:`EventStore.transaction`)."""

    def __init__(self, db: sqlite3.Connection, clock: float) -> None:
        self._db = db
        self._at = clock
        self.events = 0

    def append(self, event: Event) -> None:
        self._db.execute(
            "INSERT INTO events (kind, body, at) VALUES (?, ?, ?)",
            (event_kind(event), json.dumps(event_to_dict(event), ensure_ascii=False), self._at),
        )
        self.events += 1

    def add_conflict(self, result_id: str, hand: int, table: int, body: str, reason: str) -> None:
        self._db.execute(
            "INSERT OR IGNORE INTO conflicts (result_id, hand, tbl, body, reason, at)"
            " VALUES (?, ?, ?, ?, ?, ?)",
            (result_id, hand, table, body, reason, self._at),
        )

    def settle_conflicts(self, hand: int, table: int) -> None:
        self._db.execute(
            "UPDATE conflicts SET settled = 1 WHERE hand = ? AND tbl = ?", (hand, table)
        )

    def set_call(self, table: int, call_id: str, reason: str) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO calls (tbl, call_id, reason, at) VALUES (?, ?, ?, ?)",
            (table, call_id, reason, self._at),
        )

    def clear_call(self, table: int) -> None:
        self._db.execute("DELETE FROM calls WHERE tbl = ?", (table,))

    def remember_reply(self, command_id: str, reply: dict[str, Any]) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO replies (command_id, body, at) VALUES (?, ?, ?)",
            (command_id, json.dumps(reply, ensure_ascii=False), self._at),
        )


class EventStore:
    """The SQLite file of one tournament. One writer (the hub's worker thread) at a time."""

    def __init__(self, path: str | Path, *, clock: Any = time.time) -> None:
        self.path = Path(path)
        self._clock = clock
        self._lock = threading.Lock()
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=10
            )
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            self._db.executescript(SCHEMA)
        except (sqlite3.DatabaseError, OSError) as exc:
            raise StoreError(f"cannot open the tournament log {self.path}: {exc}") from None

    # -------------------------------------------------------------- writing
    @contextmanager
    def transaction(self) -> Iterator[Transaction]:
        """Everything written inside is committed together (durably) or not at all."""
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            tx = Transaction(self._db, self._clock())
            try:
                yield tx
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    # -------------------------------------------------------------- reading
    def events(self) -> list[Event]:
        """Every event, in order."""
        with self._lock:
            rows = self._db.execute("SELECT seq, body FROM events ORDER BY seq").fetchall()
        out: list[Event] = []
        for seq, body in rows:
            try:
                out.append(event_from_dict(json.loads(body)))
            except Exception as exc:  # a damaged log must say where, not crash obscurely
                raise StoreError(f"{self.path}: event {seq} cannot be read: {exc}") from None
        return out

    def count(self) -> int:
        with self._lock:
            (n,) = self._db.execute("SELECT COUNT(*) FROM events").fetchone()
        return int(n)

    def conflicts(self) -> list[Conflict]:
        """Open (unsettled) conflicts, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT result_id, hand, tbl, body, reason, at FROM conflicts"
                " WHERE settled = 0 ORDER BY at, result_id"
            ).fetchall()
        return [Conflict(*row) for row in rows]

    def calls(self) -> dict[int, str]:
        with self._lock:
            rows = self._db.execute("SELECT tbl, reason FROM calls ORDER BY tbl").fetchall()
        return {int(t): str(r) for t, r in rows}

    def reply(self, command_id: str) -> dict[str, Any] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT body FROM replies WHERE command_id = ?", (command_id,)
            ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def event_times(self) -> list[tuple[str, float]]:
        """(kind, unix time) of every event, for exports."""
        with self._lock:
            rows = self._db.execute("SELECT kind, at FROM events ORDER BY seq").fetchall()
        return [(str(k), float(a)) for k, a in rows]

    # -------------------------------------------------------------- life cycle
    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
