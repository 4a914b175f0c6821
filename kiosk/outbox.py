"""The durable outbox: every result a table confirms, kept on disk until the hub acks it.

SQLite in WAL mode with ``synchronous=FULL``: :meth:`Outbox.add` returns only once the result
is on disk, so the screen says "sent" about something a pulled power cord cannot lose. An
Ack moves the result from ``outbox`` to ``history`` in one transaction (accepted, duplicate
or rejected alike: a rejected result will never be accepted as it is, so it is not resent).

The history is the tables' second copy (docs/kiosk.md): what the hub accepted stays here for
a day (:data:`KEEP_FOR`), so that a hub whose log lost its last writes (a damaged SD card, a
restored backup) gets it back when the kiosk offers it again to the hub's new epoch
(:meth:`Outbox.kept`, :meth:`Outbox.offered_to`). The history is bounded (:data:`HISTORY_ROWS`).
A file SQLite cannot read is set aside, named in one warning line, and replaced by a new one
holding whatever could still be read from it: the kiosk keeps working.

Thread-safe: the UI thread adds, paho's network thread settles acks, a timer thread resends.

>>> import pathlib, tempfile
>>> from whist.protocol import Ack, Result, Revokes
>>> box = Outbox(pathlib.Path(tempfile.mkdtemp()) / "outbox.sqlite3")
>>> r = Result(id="r-1", hand=1, table=7, visitor_tricks=8, home_tricks=5,
...            revokes=Revokes(home=0, visitors=0))
>>> box.add(r)
>>> [p.id for p in box.pending()]
['r-1']
>>> box.settle(Ack(id="r-1", status="accepted", hand=1, flags=11)).visitor_tricks
8
>>> box.pending(), box.last_settled()[1]
([], 'accepted')
>>> box.close()
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import Self

from whist.errors import ProtocolError
from whist.protocol import Ack, ClubDeal, FlagCount, Result, decode, decode_result, encode

log = logging.getLogger("whist.kiosk")

#: How long an answered report is kept to be offered again to a new hub epoch (seconds): a
#: long day of play. Older ones are never offered again (the day's results, no more).
KEEP_FOR = 18 * 3600.0
#: Most answered reports offered again to one epoch (a day is 30 hands, a club night some
#: dozens of deals): a bound on what one table can send a restarted hub.
MAX_KEPT = 300
#: Rows of history kept on disk; older ones are deleted when the outbox opens.
HISTORY_ROWS = 2000

#: What the outbox keeps: a military hand's result, a club night's deal (its ``hand`` column
#: then holds the deal's number), or a table's count of its flags at a day's end (the day's).
Report = Result | ClubDeal | FlagCount

_SCHEMA = """
CREATE TABLE IF NOT EXISTS outbox (
    id TEXT PRIMARY KEY,
    hand INTEGER NOT NULL,
    payload BLOB NOT NULL,
    created REAL NOT NULL,
    sends INTEGER NOT NULL DEFAULT 0,
    last_sent REAL
);
CREATE TABLE IF NOT EXISTS history (
    id TEXT PRIMARY KEY,
    hand INTEGER NOT NULL,
    payload BLOB NOT NULL,
    status TEXT NOT NULL,
    code TEXT,
    reason TEXT,
    settled REAL NOT NULL,
    log TEXT
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
#: The hub epoch (Epoch.epoch) the kept reports were last offered to, in ``meta``.
_OFFERED = "offered_epoch"


class OutboxError(RuntimeError):
    """The outbox cannot be written (disk full, card removed): the result is NOT saved.

    >>> isinstance(OutboxError("disk full"), RuntimeError)
    True
    """


class Outbox:
    """Results waiting for their Ack, in a SQLite file that survives kill -9.

    >>> with Outbox(":memory:") as box:
    ...     box.pending()
    []
    """

    def __init__(self, path: Path | str, *, clock: Callable[[], float] = time.time) -> None:
        self.path = Path(path) if path != ":memory:" else None
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self._clock = clock
        self._lock = threading.Lock()
        #: Where a damaged outbox file was set aside at opening (None: the file was sound).
        self.damaged: Path | None = None
        try:
            self._db = self._open(str(path))
        except sqlite3.DatabaseError as exc:
            if self.path is None or not _damaged(exc):
                raise
            self._db = self._replace_damaged(self.path, exc)
        if self.path is not None:
            # SQLite syncs the WAL, and the folder when it makes the WAL; not the folder when it
            # makes the database file itself. A power cut after a new kiosk's first result must
            # not leave a folder that forgot the file: the folder is synced once here.
            sync_folder(self.path.parent)
        with contextlib.suppress(sqlite3.Error):  # a bound, not a need: never fatal
            self._db.execute(
                "DELETE FROM history WHERE rowid NOT IN"
                " (SELECT rowid FROM history ORDER BY settled DESC, rowid DESC LIMIT ?)",
                (HISTORY_ROWS,),
            )

    @staticmethod
    def _open(path: str) -> sqlite3.Connection:
        # autocommit mode: each statement or explicit BEGIN…COMMIT is its own transaction.
        db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=10)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            # FULL: a commit is fsynced before it returns, which is the whole point of an outbox.
            db.execute("PRAGMA synchronous=FULL")
            (check,) = db.execute("PRAGMA quick_check(1)").fetchone()
            if check != "ok":
                raise sqlite3.DatabaseError(f"database disk image is malformed ({check})")
            db.executescript(_SCHEMA)
            columns = {row[1] for row in db.execute("PRAGMA table_info(history)")}
            if "log" not in columns:  # an outbox written before the second copy
                db.execute("ALTER TABLE history ADD COLUMN log TEXT")
        except BaseException:
            db.close()
            raise
        return db

    def _replace_damaged(self, path: Path, exc: sqlite3.DatabaseError) -> sqlite3.Connection:
        """Set the damaged file aside, start a new one with what can still be read of it."""
        rows = _salvage(path)
        aside = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                Path(f"{path}{suffix}").replace(f"{aside}{suffix}")
        db = self._open(str(path))
        with contextlib.suppress(sqlite3.Error):
            db.executemany(
                "INSERT OR IGNORE INTO outbox (id, hand, payload, created) VALUES (?,?,?,?)",
                rows["outbox"],
            )
            db.executemany(
                "INSERT OR IGNORE INTO history (id, hand, payload, status, code, reason, settled,"
                " log) VALUES (?,?,?,?,?,?,?,?)",
                rows["history"],
            )
        self.damaged = aside
        sync_folder(path.parent)  # the renames and the new file, before anything is added
        log.warning(
            "the outbox %s was damaged (%s): set aside as %s; a new one holds the %d waiting and"
            " %d answered results that could still be read",
            path,
            exc,
            aside.name,
            len(rows["outbox"]),
            len(rows["history"]),
        )
        return db

    # ------------------------------------------------------------------ writing
    def add(self, result: Report) -> None:
        """Store *result* durably; raises :class:`OutboxError` if it could not be stored."""
        try:
            with self._lock:
                self._db.execute(
                    "INSERT OR IGNORE INTO outbox (id, hand, payload, created) VALUES (?,?,?,?)",
                    (result.id, _number(result), encode(result), self._clock()),
                )
        except sqlite3.Error as exc:
            raise OutboxError(f"the result could not be saved: {exc}") from exc

    def mark_sent(self, result_id: str) -> None:
        """Count one more send (for the log and the tests); never fails the caller."""
        try:
            with self._lock:
                self._db.execute(
                    "UPDATE outbox SET sends = sends + 1, last_sent = ? WHERE id = ?",
                    (self._clock(), result_id),
                )
        except sqlite3.Error:
            pass  # a lost counter is harmless; the result itself is already stored

    def settle(self, ack: Ack, hub_log: str | None = None) -> Report | None:
        """Move the acked result to the history; returns it, or None if it was not pending.
        ``hub_log``: the log of the hub that answered (Epoch.log), the only one the result is
        ever offered again to."""
        with self._lock:
            row = self._db.execute(
                "SELECT hand, payload FROM outbox WHERE id = ?", (ack.id,)
            ).fetchone()
            if row is None:
                return None
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute("DELETE FROM outbox WHERE id = ?", (ack.id,))
                self._db.execute(
                    "INSERT OR REPLACE INTO history (id, hand, payload, status, code, reason,"
                    " settled, log) VALUES (?,?,?,?,?,?,?,?)",
                    (
                        ack.id,
                        row[0],
                        row[1],
                        ack.status,
                        ack.code,
                        ack.reason,
                        self._clock(),
                        hub_log,
                    ),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return _read(row[1])

    # ------------------------------------------------------------------ reading
    def pending(self) -> list[Report]:
        """Results not acked yet, oldest first."""
        with self._lock:
            rows = self._db.execute("SELECT payload FROM outbox ORDER BY created, id").fetchall()
        return [r for r in (_read(row[0]) for row in rows) if r is not None]

    def sends(self, result_id: str) -> int:
        """How many times *result_id* was sent (0 if unknown)."""
        with self._lock:
            row = self._db.execute("SELECT sends FROM outbox WHERE id = ?", (result_id,)).fetchone()
        return int(row[0]) if row else 0

    def last_settled(self) -> tuple[Result, str] | None:
        """The most recently acked result and its Ack status (for "the last result"); club
        deals are not results (their score comes back from the hub, retained)."""
        last = self._last_settled()
        return None if last is None else (last[0], last[1])

    def last_settled_log(self) -> str | None:
        """The hub's log (Epoch.log: its tournament) that acked :meth:`last_settled`; None
        without one, or when it was acked before the kiosk knew the log."""
        last = self._last_settled()
        return None if last is None else last[2]

    def last_log(self) -> str | None:
        """The hub's log (Epoch.log) that answered the newest settled report of any kind (a
        result, a club deal, a count); None without one, or when the kiosk did not know the
        log then. What a report entered after a restart, before any epoch, is stamped with."""
        with self._lock:
            row = self._db.execute(
                "SELECT log FROM history ORDER BY settled DESC, rowid DESC LIMIT 1"
            ).fetchone()
        return None if row is None or row[0] is None else str(row[0])

    def _last_settled(self) -> tuple[Result, str, str | None] | None:
        with self._lock:
            rows = self._db.execute(
                "SELECT payload, status, log FROM history ORDER BY settled DESC, rowid DESC"
            ).fetchall()
        for payload, status, log in rows:
            result = _read(payload)
            if isinstance(result, Result):
                return (result, str(status), None if log is None else str(log))
        return None

    def kept(self, hub_log: str) -> list[Report]:
        """The reports the hub's log ``hub_log`` accepted within :data:`KEEP_FOR` (at most
        :data:`MAX_KEPT`, the latest), oldest first: what the kiosk offers again to a new
        epoch of that log. Never a rejected one (the leader settled it, or will), nor one
        another tournament accepted."""
        with self._lock:
            rows = self._db.execute(
                "SELECT payload FROM (SELECT payload, settled, rowid AS n FROM history"
                " WHERE status IN ('accepted', 'duplicate') AND settled >= ? AND log = ?"
                " ORDER BY settled DESC, rowid DESC LIMIT ?) ORDER BY settled, n",
                (self._clock() - KEEP_FOR, hub_log, MAX_KEPT),
            ).fetchall()
        return [r for r in (_read(row[0]) for row in rows) if r is not None]

    def offered_to(self) -> str | None:
        """The hub epoch the kept reports were last offered to in full (None: never)."""
        with self._lock:
            row = self._db.execute("SELECT value FROM meta WHERE key = ?", (_OFFERED,)).fetchone()
        return None if row is None else str(row[0])

    def mark_offered(self, epoch: str) -> None:
        """Every kept report was offered to ``epoch`` and answered: not again to this one."""
        with self._lock:
            self._db.execute(
                "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (_OFFERED, epoch)
            )

    # ------------------------------------------------------------------ life cycle
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


def sync_folder(folder: Path) -> None:
    """fsync ``folder`` itself, so that the names of the files made or renamed in it survive a
    power cut (a file's own fsync keeps its bytes, not its name). A file system that cannot
    sync a folder (some network ones) is left as it is.

    >>> import tempfile
    >>> sync_folder(Path(tempfile.mkdtemp()))
    """
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _number(report: Report) -> int:
    if isinstance(report, Result):
        return report.hand
    return report.deal if isinstance(report, ClubDeal) else report.day


def _read(payload: bytes) -> Report | None:
    try:
        if b'"record"' in payload:  # only a ClubDeal has a record
            return decode(ClubDeal, payload)
        if b'"visitor_tricks"' not in payload:  # only a Result has tricks
            return decode(FlagCount, payload)
        return decode_result(payload)
    except ProtocolError:  # written by us, so only a damaged file gets here: skip the row
        return None


def _damaged(exc: sqlite3.DatabaseError) -> bool:
    """SQLite found the file is not a database, or a damaged one (not a locked or full disk)."""
    name = getattr(exc, "sqlite_errorname", "")
    text = str(exc)
    return name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or (
        not name and ("malformed" in text or "not a database" in text)
    )


def _salvage(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Whatever rows of a damaged outbox can still be read (none, often)."""
    found: dict[str, list[tuple[object, ...]]] = {"outbox": [], "history": []}
    queries = [
        ("outbox", "SELECT id, hand, payload, created FROM outbox"),
        ("history", "SELECT id, hand, payload, status, code, reason, settled, log FROM history"),
        # an outbox written before the second copy has no log: its answers are not offered
        ("history", "SELECT id, hand, payload, status, code, reason, settled, NULL FROM history"),
    ]
    try:
        db = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    except sqlite3.Error:
        return found
    try:
        for table, query in queries:
            if found[table]:
                continue
            with contextlib.suppress(sqlite3.Error):  # keep the rows read before the damage
                for row in db.execute(query):
                    found[table].append(tuple(row))
    finally:
        db.close()
    return found
