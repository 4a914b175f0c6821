"""The hall feed in a process of its own, seen from the hub (issue 28).

The hub's worker handles a batch, commits it and publishes its Acks; everything a batch
changes on the hall's screens — the tables' assignments and views, the State, the Standings,
the StandingsChanges — and the leader's Replies (which must follow the updates they cause) are
built and published by a second process, ``python -m hub.service.feedchild``, with its own
MQTT connection. The hub tells it, over a pipe, what each committed batch changed
(:class:`~hub.service.batch.FeedNote`); it reads the facts themselves from the log. So nothing
the result path does waits for building or publishing the feed: not the interpreter, not the
network thread (docs/performance.md, "A result path of its own").

:class:`FeedProcess` starts the child with the hub, stops it with the hub, and starts it again
if it dies (one line in the hub's log); a new child publishes every retained message at its
connection, so the hall's screens are whole again within a second.
"""

from __future__ import annotations

import logging
import os
import pickle
import struct
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO

from hub.service.batch import FeedNote

log = logging.getLogger("whist.hub")

#: A child that lived less than this (seconds) is started again only after a pause, so a
#: child that cannot start does not spin.
QUICK_DEATH = 2.0
#: Seconds the child has to publish what it holds and go, at the hub's stop.
STOP_WAIT = 5.0
#: Seconds before the hub's worker tries again to write a note the pipe could not take.
PIPE_RETRY = 0.002
#: A frame on the pipe: its length, then a pickle (the settings first, then the notes).
FRAME = struct.Struct("<I")
#: Most bytes of one frame the child takes: more is a damaged pipe, not a note.
MAX_FRAME = 256 << 20


def frame(thing: object) -> bytes:
    """``thing`` as one frame for the pipe."""
    data = pickle.dumps(thing, protocol=pickle.HIGHEST_PROTOCOL)
    return FRAME.pack(len(data)) + data


class Frames:
    """The child's side of the pipe: what :func:`frame` wrote, read as it comes, never
    waiting once the pipe is non-blocking (the child reads it when ``select`` says so,
    between publishing).

    >>> r, w = os.pipe()
    >>> _ = os.write(w, frame("a") + frame({"b": 1})[:3])
    >>> frames = Frames(r)
    >>> frames.read()
    ['a']
    >>> _ = os.write(w, frame({"b": 1})[3:]); os.close(w)
    >>> frames.read(), frames.read(), frames.ended
    ([{'b': 1}], [], True)
    """

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self._buffer = bytearray()
        self._whole: list[object] = []
        #: The hub's side is closed (or the pipe is damaged): nothing more will come.
        self.ended = False

    def read(self) -> list[object]:
        """The whole frames come so far (one read of the pipe, at most 1 MB)."""
        self._take()
        out, self._whole = self._whole, []
        return out

    def wait(self) -> object:
        """The next frame, read until it is whole (the settings, at the child's start, while
        the pipe still blocks)."""
        while not self._whole:
            if self.ended:
                raise EOFError("the hub closed the pipe before the settings")
            self._take()
        return self._whole.pop(0)

    def _take(self) -> None:
        if self.ended:
            return
        try:
            data = os.read(self.fd, 1 << 20)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.ended = True
            return
        buffer = self._buffer
        buffer += data
        while len(buffer) >= FRAME.size:
            (size,) = FRAME.unpack_from(buffer)
            if size > MAX_FRAME:
                log.error("the hall feed's pipe is damaged (a frame of %d bytes)", size)
                self.ended = True
                return
            if len(buffer) < FRAME.size + size:
                return
            data = bytes(buffer[FRAME.size : FRAME.size + size])
            del buffer[: FRAME.size + size]
            try:
                self._whole.append(pickle.loads(data))
            except Exception:
                log.exception("the hall feed's pipe is damaged (a frame that will not read)")
                self.ended = True
                return


@dataclass(frozen=True)
class FeedSettings:
    """What the child is given first on its pipe (never on its command line: the password)."""

    db: Path
    host: str
    port: int
    username: str | None
    password: str | None
    root: str
    feed_qos: int
    standings_interval: float
    client_id: str
    #: The hub's session (its Epoch): the same for every child of one hub.
    epoch: str
    #: The room when the child starts (a FeedNote's calls, online, conflicts).
    room: FeedNote = field(default_factory=FeedNote)


class FeedProcess:
    """The child that builds and publishes the hall feed. :meth:`send` never waits for it:
    the hub's worker writes each note to the pipe itself, without blocking; what the pipe
    cannot take now waits in the hub, merged with the notes after it, for the next
    :meth:`send` or :meth:`flush`.

    >>> feed = FeedProcess(settings)  # doctest: +SKIP
    >>> feed.start(); feed.send(note); ...; feed.stop()  # doctest: +SKIP
    """

    def __init__(self, settings: FeedSettings) -> None:
        self.settings = settings
        #: A note not yet on the pipe (the next ones merged into it), and the rest of a frame
        #: the pipe took only part of.
        self._pending: FeedNote | None = None
        self._partial = b""
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._stopping = threading.Event()
        #: The child has published every retained message at its connection.
        self.ready = threading.Event()
        self._room = settings.room
        #: How many times the child was started (1 after :meth:`start`).
        self.starts = 0
        self._threads: list[threading.Thread] = []

    @staticmethod
    def new_epoch() -> str:
        return uuid.uuid4().hex

    @property
    def pid(self) -> int | None:
        proc = self._proc
        return None if proc is None else proc.pid

    def start(self) -> None:
        self._spawn()
        thread = threading.Thread(target=self._watch, name="hub-feed-watch", daemon=True)
        thread.start()
        self._threads.append(thread)

    def send(self, note: FeedNote) -> None:
        """What a committed batch tells the feed (from the hub's worker), on the pipe now
        if it takes it: no thread between (issue 28: a handover to a thread waited for the
        interpreter like paho's did)."""
        self._room = note
        with self._lock:
            self._pending = note if self._pending is None else self._pending.merge(note)
            self._write()

    def flush(self) -> bool:
        """Write what the pipe could not take before; True if some is still waiting (the
        worker then tries again within PIPE_RETRY)."""
        with self._lock:
            self._write()
            return bool(self._partial) or self._pending is not None

    def wait_ready(self, timeout: float) -> bool:
        """The child has connected and published the whole feed (within ``timeout`` s)."""
        return self.ready.wait(timeout)

    def stop(self) -> None:
        """Let the child publish what it was sent, then go (killed after STOP_WAIT)."""
        self._stopping.set()
        deadline = time.monotonic() + STOP_WAIT / 5
        while self.flush() and time.monotonic() < deadline:
            time.sleep(PIPE_RETRY)  # the last notes, whole, unless the child takes none
        with self._lock:
            proc = self._proc
            if proc is not None and proc.stdin is not None:
                proc.stdin.close()  # the child publishes what it holds, and goes
        if proc is not None:
            try:
                proc.wait(STOP_WAIT)
            except subprocess.TimeoutExpired:
                log.warning("the hall feed's process did not stop; killed")
                proc.kill()
                proc.wait(STOP_WAIT)
        for thread in self._threads:
            thread.join(1.0)

    # ------------------------------------------------------------------ the child
    def _spawn(self) -> None:
        room = self._room
        now = FeedNote(calls=room.calls, online=room.online, conflicts=room.conflicts)
        settings = replace(self.settings, room=now)
        proc = subprocess.Popen(
            [sys.executable, "-m", "hub.service.feedchild"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            close_fds=True,
        )
        assert proc.stdin is not None and proc.stdout is not None
        threading.Thread(target=self._hear, args=(proc.stdout,), daemon=True).start()
        with self._lock:
            self._proc = proc
            self.starts += 1
            # A new child replays the log and publishes everything: older notes are moot.
            self._pending, self._partial = None, frame(settings)
            self._write()  # the settings, whole, while the pipe still blocks
            os.set_blocking(proc.stdin.fileno(), False)
        log.info("the hall feed's process started (pid %s)", proc.pid)

    def _hear(self, pipe: IO[bytes]) -> None:
        """The child's word that the feed is out (at each of its connections)."""
        for line in pipe:
            if line.strip() == b"ready":
                self.ready.set()

    def _write(self) -> None:
        """As much of what waits as the pipe takes now (the lock held)."""
        proc = self._proc
        if proc is None or proc.stdin is None or proc.stdin.closed:
            return
        while True:
            if not self._partial:
                if self._pending is None:
                    return
                self._partial, self._pending = frame(self._pending), None
            try:
                written = os.write(proc.stdin.fileno(), self._partial)
            except BlockingIOError:
                return
            except OSError:
                # The child is gone: _watch starts another, which publishes everything.
                self._pending, self._partial = None, b""
                return
            self._partial = self._partial[written:]

    def _watch(self) -> None:
        """Start the child again whenever it dies, until the hub stops."""
        while not self._stopping.is_set():
            proc = self._proc
            assert proc is not None
            started = time.monotonic()
            code = proc.wait()
            if self._stopping.is_set():
                return
            log.warning(
                "the hall feed's process stopped (exit code %s); starting it again "
                "(results are still taken and acknowledged)",
                code,
            )
            if time.monotonic() - started < QUICK_DEATH:
                self._stopping.wait(1.0)
                if self._stopping.is_set():
                    return
            try:
                self._spawn()
            except OSError:
                log.exception("could not start the hall feed's process")
                self._stopping.wait(1.0)
