"""Logs that a hostile hall cannot grow without end: capped in lines per minute and in bytes.

A neighbour knocking a thousand times a second on the broker or the join service must not
fill the leader's disk: each kind of line is kept a few hundred times a minute, the rest is
counted and said once (``… 51234 more like this left out in the last 60 s``), and the files
are cut and rotated by size while the hub runs (:class:`RotatingLog`).

>>> budget = LineBudget(2, window=60.0, clock=lambda: 0.0)
>>> [budget.take() for _ in range(4)]
[(True, 0), (True, 0), (False, 0), (False, 0)]
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO


class LineBudget:
    """At most *per_window* lines every *window* seconds; the rest are counted, not kept.

    :meth:`take` answers whether this line is kept, and how many were left out in the
    window that has just ended (to say once, with the first line kept after it).
    """

    def __init__(
        self, per_window: int, *, window: float = 60.0, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_window = per_window
        self.window = window
        self._clock = clock
        self._start = clock()
        self._kept = 0
        self._left_out = 0

    def take(self) -> tuple[bool, int]:
        now = self._clock()
        report = 0
        if now - self._start >= self.window:
            report, self._left_out = self._left_out, 0
            self._start, self._kept = now, 0
        if self._kept < self.per_window:
            self._kept += 1
            return True, report
        self._left_out += 1
        return False, report

    def left_out(self) -> int:
        """Lines left out in the current window (said at close)."""
        return self._left_out


def left_out_note(count: int, window: float) -> str:
    return f"… {count} more like this left out of the log in the last {window:g} s"


class RateLimit(logging.Filter):
    """A handler's filter: each message (logger and text before its arguments) is kept at most
    *per_minute* times a minute; the first one kept afterwards says how many were left out.

    >>> handler = logging.StreamHandler(); handler.addFilter(RateLimit(100))
    """

    _MAX_KEYS = 2000

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.per_minute = per_minute
        self._clock = clock
        self._budgets: dict[tuple[str, str], LineBudget] = {}
        self._lock = threading.Lock()

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        with self._lock:
            budget = self._budgets.get(key)
            if budget is None:
                if len(self._budgets) >= self._MAX_KEYS:
                    self._budgets.clear()
                budget = self._budgets[key] = LineBudget(self.per_minute, clock=self._clock)
            keep, report = budget.take()
        if keep and report:
            record.msg = f"{record.getMessage()} ({left_out_note(report, budget.window)})"
            record.args = None
        return keep


class RotatingLog(logging.FileHandler):
    """A size-capped, rotated log file that a full disk never turns into a traceback.

    When the next line would take the file to *max_bytes*, it becomes ``name.1`` (``name.1``
    becomes ``name.2``…, the oldest of *backups* is dropped) and a new file is begun: the
    rule of the standard library's ``RotatingFileHandler``. Written here on
    :class:`logging.FileHandler` because ``logging.handlers`` loads pickle and the network
    handlers with it, half a megabyte every hub would carry all day for two methods
    (docs/performance.md, "The hub's memory at 16 and 100 tables").
    """

    told = False

    def __init__(self, path: Path, max_bytes: int, backups: int) -> None:
        super().__init__(path, encoding="utf-8", delay=True)
        self.max_bytes = max_bytes
        self.backups = backups

    def emit(self, record: logging.LogRecord) -> None:
        try:
            if self._full_with(record):
                self._rotate()
            super().emit(record)  # opens the file with its first line (delay)
        except Exception:
            self.handleError(record)

    def _full_with(self, record: logging.LogRecord) -> bool:
        if self.max_bytes <= 0 or not os.path.isfile(self.baseFilename):
            return False  # nothing written yet, or not a file (/dev/null): nothing to cut
        if self.stream is None:
            self.stream = self._open()
        line = self.format(record) + self.terminator
        self.stream.seek(0, os.SEEK_END)
        return self.stream.tell() + len(line.encode("utf-8", "replace")) >= self.max_bytes

    def _rotate(self) -> None:
        if self.stream is not None:
            self.stream.close()
            self.stream = None  # FileHandler reopens it
        base = self.baseFilename
        if self.backups <= 0:
            os.truncate(base, 0)
            return
        for n in range(self.backups - 1, 0, -1):
            if os.path.exists(f"{base}.{n}"):
                os.replace(f"{base}.{n}", f"{base}.{n + 1}")
        os.replace(base, f"{base}.1")

    def handleError(self, record: logging.LogRecord) -> None:
        if not self.told:
            self.told = True
            sys.stderr.write(f"whist-hub: cannot write {self.baseFilename}; is the disk full?\n")


class LinePump:
    """Copies a child's output, line by line, into a :class:`RotatingLog` under a
    :class:`LineBudget` (the broker's log: mosquitto cannot rotate its own file).

    >>> pump = LinePump(proc.stdout, Path("mosquitto.log"), 5_000_000, 2, 240)  # doctest: +SKIP
    >>> pump.start(); ...; pump.join(2)                                          # doctest: +SKIP
    """

    def __init__(
        self,
        stream: IO[bytes],
        path: Path,
        max_bytes: int,
        backups: int,
        per_minute: int,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stream = stream
        self.handler = RotatingLog(path, max_bytes, backups)
        self.handler.setFormatter(logging.Formatter("%(message)s"))
        self.budget = LineBudget(per_minute, clock=clock)
        #: Lines read from the child, kept or not.
        self.lines = 0
        self._thread = threading.Thread(target=self._run, name=f"log:{path.name}", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    def _write(self, text: str) -> None:
        record = logging.LogRecord("mosquitto", logging.INFO, "", 0, text, None, None)
        self.handler.emit(record)

    def _run(self) -> None:
        try:
            for raw in self.stream:
                self.lines += 1
                keep, report = self.budget.take()
                if report:
                    self._write(left_out_note(report, self.budget.window))
                if keep:
                    self._write(raw.decode("utf-8", "replace").rstrip("\r\n"))
        except (OSError, ValueError):  # the pipe closed under us at stop
            pass
        finally:
            if self.budget.left_out():
                self._write(left_out_note(self.budget.left_out(), self.budget.window))
            self.handler.close()
            self.stream.close()
