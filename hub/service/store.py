"""The hub's durable log: every accepted fact in SQLite (WAL, synchronous=FULL).

The log is the truth: the tournament in memory is its replay. Besides events, the store keeps
what the leader must see after a restart but that is not a fact of the game: open conflicts,
calls for the leader, and the replies already given to commands (so a command sent twice is
answered twice but done once).

Every event carries a checksum (SHA-256 of its number, kind and body as stored), checked at
every replay: a changed byte on a failing SD card stops the hub with the event's number instead
of quietly changing the standings. A log written before checksums existed is *sealed* the first
time it is opened: its events get their checksums then (damage done before cannot be told, damage
after can).

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

import errno
import hashlib
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

import orjson

from whist.events import Event, event_from_dict, event_kind, event_to_dict

#: The log's layout (``PRAGMA user_version``): 0 before checksums, 1 with a checksum per event.
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS events (
    seq      INTEGER PRIMARY KEY,
    kind     TEXT NOT NULL,
    body     TEXT NOT NULL,
    at       REAL NOT NULL,
    checksum BLOB
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
    """The data directory cannot be used (unreadable, damaged, another version, disk full)."""


def event_checksum(seq: int, kind: bytes, body: bytes) -> bytes:
    """SHA-256 of one event as stored: its number, its kind and its body (UTF-8)."""
    return hashlib.sha256(b"%d\n%b\n%b" % (seq, kind, body)).digest()


def _printable(kind: bytes) -> str:
    """A stored kind for a one-line message, even when its bytes are damaged."""
    text = kind.decode("utf-8", "replace")
    return text if text.isprintable() else ascii(text)


#: What a full disk (or a file-size limit, or a quota) looks like to the system.
DISK_FULL = frozenset({errno.ENOSPC, errno.EFBIG, errno.EDQUOT})


def what_to_do(exc: sqlite3.Error | OSError) -> str:
    """The leader's next step after SQLite or the system refused to read or write (one line)."""
    name = getattr(exc, "sqlite_errorname", "")
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")):
        return "the file is damaged: restore it from a backup copy"
    if isinstance(exc, OSError) and exc.errno in DISK_FULL:
        return "the disk is full: free some space, then try again"
    if name.startswith(("SQLITE_IOERR", "SQLITE_FULL")):
        return "is the disk full? Free some space, then try again"
    return "check the file, its folder and their permissions"


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
        self._next_seq = 0  # known at the first append: the checksum covers the number
        self.events = 0

    def append(self, event: Event) -> None:
        if not self._next_seq:
            (last,) = self._db.execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()
            self._next_seq = int(last) + 1
        seq, kind = self._next_seq, event_kind(event)
        body = json.dumps(event_to_dict(event), ensure_ascii=False)
        self._db.execute(
            "INSERT INTO events (seq, kind, body, at, checksum) VALUES (?, ?, ?, ?, ?)",
            (seq, kind, body, self._at, event_checksum(seq, kind.encode(), body.encode())),
        )
        self._next_seq += 1
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
    """The SQLite file of one tournament. One writer (the hub's worker thread) at a time.

    Opening checks the file's structure (``PRAGMA quick_check``) and seals a log written before
    checksums (:attr:`sealed` says how many events it sealed); :meth:`events` checks every
    event's checksum. Any damage or I/O failure is a :class:`StoreError` in one line.
    """

    def __init__(
        self, path: str | Path, *, clock: Any = time.time, read_only: bool = False
    ) -> None:
        self.path = Path(path)
        self._clock = clock
        self._lock = threading.Lock()
        self.sealed = 0
        try:
            if read_only:
                # A reader beside the hub (the hall feed's process): it never writes, so it
                # never checkpoints the WAL either, even as the last to close the file.
                self._db = sqlite3.connect(
                    f"{self.path.resolve().as_uri()}?mode=ro",
                    uri=True,
                    isolation_level=None,
                    check_same_thread=False,
                    timeout=10,
                )
                return
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._db = sqlite3.connect(
                self.path, isolation_level=None, check_same_thread=False, timeout=10
            )
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(self._refused("open", exc)) from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=FULL")
            (version,) = self._db.execute("PRAGMA user_version").fetchone()
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"{self.path} was written by a newer whist-hub (log version {version}); "
                    "run that version"
                )
            (check,) = self._db.execute("PRAGMA quick_check(1)").fetchone()
            if check != "ok":
                where = "; ".join(s for s in check.splitlines() if not s.startswith("***"))
                raise StoreError(f"{self.path} is damaged ({where}): restore it from a backup copy")
            self._db.executescript(SCHEMA)
            if version < SCHEMA_VERSION:
                self._seal()
        except (sqlite3.Error, OSError) as exc:
            self._db.close()
            raise StoreError(self._refused("open", exc)) from None
        except StoreError:
            self._db.close()
            raise

    def _refused(self, doing: str, exc: sqlite3.Error | OSError) -> str:
        return f"cannot {doing} the tournament log {self.path} ({exc}): {what_to_do(exc)}"

    def _seal(self) -> None:
        """Give every event of a log from before checksums its checksum, in one commit."""
        self._db.execute("BEGIN IMMEDIATE")
        try:
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(events)")}
            if "checksum" not in columns:
                self._db.execute("ALTER TABLE events ADD COLUMN checksum BLOB")
            rows = self._db.execute(
                "SELECT seq, CAST(kind AS BLOB), CAST(body AS BLOB) FROM events"
                " WHERE checksum IS NULL"
            ).fetchall()
            self._db.executemany(
                "UPDATE events SET checksum = ? WHERE seq = ?",
                [(event_checksum(seq, kind, body), seq) for seq, kind, body in rows],
            )
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")
        self.sealed = len(rows)

    @contextmanager
    def _reading(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            try:
                yield self._db
            except sqlite3.Error as exc:
                raise StoreError(self._refused("read", exc)) from None

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
        """Every event, in order; a :class:`StoreError` naming the first damaged one."""
        return [event for _, event in self.events_after(0)]

    def events_after(self, after: int) -> list[tuple[int, Event]]:
        """(seq, event) of every event after ``after``, in order, each checked as
        :meth:`events` checks them (the hall feed's process follows the log with it)."""
        with self._reading() as db:
            # As bytes: a damaged byte may not be UTF-8 any more, and the checksum is of bytes.
            rows = db.execute(
                "SELECT seq, CAST(kind AS BLOB), CAST(body AS BLOB), checksum FROM events"
                " WHERE seq > ? ORDER BY seq",
                (after,),
            ).fetchall()
        out: list[tuple[int, Event]] = []
        for seq, kind, body, checksum in rows:
            if checksum != event_checksum(seq, kind, body):
                raise StoreError(
                    f"{self.path}: event {seq} ({_printable(kind)}) "
                    "does not match its checksum: the log is damaged; restore it from a backup "
                    "copy (the hub will not replay a damaged log)"
                )
            try:  # orjson: a third of the replay's reading (issue 22: 25,000 events)
                out.append((seq, event_from_dict(orjson.loads(body))))
            except Exception as exc:  # a damaged log must say where, not crash obscurely
                raise StoreError(f"{self.path}: event {seq} cannot be read: {exc}") from None
        return out

    def log_id(self) -> str:
        """This log's own id: a hash of its first event's checksum and time. The same after a
        restart or a restored backup, another for any other tournament (whatever its name)."""
        with self._reading() as db:
            row = db.execute("SELECT checksum, at FROM events ORDER BY seq LIMIT 1").fetchone()
        first = b"" if row is None else bytes(row[0] or b"") + repr(float(row[1])).encode()
        return hashlib.sha256(first).hexdigest()[:32]

    def count(self) -> int:
        with self._reading() as db:
            (n,) = db.execute("SELECT COUNT(*) FROM events").fetchone()
        return int(n)

    def conflicts(self) -> list[Conflict]:
        """Open (unsettled) conflicts, oldest first."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT result_id, hand, tbl, body, reason, at FROM conflicts"
                " WHERE settled = 0 ORDER BY at, result_id"
            ).fetchall()
        return [Conflict(*row) for row in rows]

    def conflict_bodies(self, hand: int, table: int) -> list[str]:
        """Every conflicting report of ``table`` for ``hand``, open or settled, as received."""
        with self._reading() as db:
            rows = db.execute(
                "SELECT body FROM conflicts WHERE hand = ? AND tbl = ?", (hand, table)
            ).fetchall()
        return [str(body) for (body,) in rows]

    def calls(self) -> dict[int, str]:
        with self._reading() as db:
            rows = db.execute("SELECT tbl, reason FROM calls ORDER BY tbl").fetchall()
        return {int(t): str(r) for t, r in rows}

    def reply(self, command_id: str) -> dict[str, Any] | None:
        with self._reading() as db:
            row = db.execute(
                "SELECT body FROM replies WHERE command_id = ?", (command_id,)
            ).fetchone()
        return None if row is None else dict(json.loads(row[0]))

    def event_times(self) -> list[tuple[str, float]]:
        """(kind, unix time) of every event, for exports."""
        with self._reading() as db:
            rows = db.execute("SELECT kind, at FROM events ORDER BY seq").fetchall()
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
