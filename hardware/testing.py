"""A scripted serial device on a real pseudo-terminal, for tests of anything that talks to one.

:class:`PtyPeer` is the device's end of a serial line: the code under test opens
:attr:`PtyPeer.path` with pyserial as it would a USB adapter. Like python-chess's
``MockTransport``, the peer is told what to expect and what to answer (:meth:`~PtyPeer.expect`);
it can also speak first (:meth:`~PtyPeer.send`), be unplugged and plugged back in
(:meth:`~PtyPeer.unplug`, :meth:`~PtyPeer.replug`), and every line it received is kept in order
(:meth:`~PtyPeer.next_line`). Every wait is bounded and fails with an ``AssertionError`` that
says what was missing.

>>> import tempfile, pathlib, serial
>>> from hardware.lines import encode_line
>>> link = pathlib.Path(tempfile.mkdtemp()) / "ttyCOUNTER"
>>> with PtyPeer(link) as box:
...     box.expect("COUNT?", ["FLAGS 12"])
...     port = serial.Serial(box.path, 9600, timeout=1)
...     _ = port.write(encode_line("COUNT?"))
...     box.wait_done()
...     port.readline()
...     port.close()
b'FLAGS 12*7C\\n'
"""

from __future__ import annotations

import collections
import os
import queue
import select
import threading
import tty
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import Self

from hardware.errors import BadLine
from hardware.lines import Line, LineSplitter, checksum

#: Default bound, in seconds, of every wait in the peer.
WAIT = 2.0


class PtyPeer:
    """The device end of a pseudo-terminal pair, scripted line by line.

    ``link``: a path where a symlink to the terminal is kept, as udev keeps
    ``/dev/serial/by-id/…``; it survives :meth:`replug` (a new terminal behind the same name).
    Without it, :attr:`path` is the terminal itself (``/dev/pts/N``).
    """

    def __init__(self, link: Path | str | None = None) -> None:
        self._link = Path(link) if link is not None else None
        self._lock = threading.Lock()
        self._expectations: collections.deque[tuple[str, list[str]]] = collections.deque()
        self._failures: list[str] = []
        self._received: queue.Queue[str] = queue.Queue()
        self._splitter = LineSplitter()
        self._master: int | None = None
        self._slave: int | None = None
        self._slave_path = ""
        self._stop = threading.Event()
        self._met = threading.Condition(self._lock)
        self.replug()
        self._thread = threading.Thread(target=self._read, name="pty peer", daemon=True)
        self._thread.start()

    @property
    def path(self) -> str:
        """What the code under test opens."""
        return str(self._link) if self._link is not None else self._slave_path

    @property
    def plugged(self) -> bool:
        return self._master is not None

    # -- the script -------------------------------------------------------------------------

    def expect(self, line: str, replies: Sequence[str] = ()) -> None:
        """The next line the device receives must be ``line`` (checksum left out); it then
        answers ``replies``, each with its checksum."""
        with self._lock:
            self._expectations.append((line, list(replies)))

    def send(self, *lines: str, with_checksum: bool = True) -> None:
        """The device says ``lines`` (each framed with its checksum unless told not to)."""
        self.send_raw(b"".join(_frame(line, with_checksum) for line in lines))

    def send_raw(self, data: bytes) -> None:
        """The device writes these exact bytes (noise, half lines, a bad checksum)."""
        with self._lock:
            if self._master is None:
                raise AssertionError("the peer is unplugged")
            os.write(self._master, data)

    def wait_done(self, timeout: float = WAIT) -> None:
        """Every expected line has come, in order, within ``timeout`` seconds."""
        with self._met:
            self._met.wait_for(lambda: not self._expectations or self._failures, timeout)
            if self._failures:
                raise AssertionError("; ".join(self._failures))
            if self._expectations:
                pending = [line for line, _ in self._expectations]
                raise AssertionError(f"still expecting {pending} after {timeout} s")

    def next_line(self, timeout: float = WAIT) -> str:
        """The next line received (every line is kept, expected or not), checksum removed."""
        try:
            return self._received.get(timeout=timeout)
        except queue.Empty:
            raise AssertionError(f"no line from the code under test within {timeout} s") from None

    def lines_until(self, last: str, timeout: float = WAIT) -> list[str]:
        """Lines received up to and including the next one equal to ``last``."""
        lines: list[str] = []
        while not lines or lines[-1] != last:
            lines.append(self.next_line(timeout))
        return lines

    # -- the cable --------------------------------------------------------------------------

    def unplug(self) -> None:
        """Pull the cable: the terminal disappears, and so does the link."""
        with self._lock:
            for fd in (self._master, self._slave):
                if fd is not None:
                    os.close(fd)
            self._master = self._slave = None
            if self._link is not None:
                self._link.unlink(missing_ok=True)
            self._splitter.reset()

    def replug(self) -> None:
        """Plug a cable in: a new terminal (behind the same link, if there is one)."""
        with self._lock:
            if self._master is not None:
                raise AssertionError("the peer is already plugged in")
            master, slave = os.openpty()
            # Raw at once: the line discipline must not echo or translate before the code under
            # test opens it (pyserial sets raw mode too, but only once it opens the port).
            tty.setraw(slave)
            self._master, self._slave = master, slave
            self._slave_path = os.ttyname(slave)
            if self._link is not None:
                self._link.unlink(missing_ok=True)
                self._link.symlink_to(self._slave_path)

    # -- the device's ears ------------------------------------------------------------------

    def _read(self) -> None:
        while not self._stop.is_set():
            # The lock is held across select and read: a closed descriptor's number may be
            # reused at once (by the code under test opening its port), and must not be read.
            with self._lock:
                master = self._master
                data = b""
                if master is not None:
                    try:
                        ready, _, _ = select.select([master], [], [], 0.02)
                        if ready:
                            data = os.read(master, 4096)
                    except OSError:
                        data = b""
                for item in self._splitter.feed(data):
                    self._heard(item)
            if master is None or not data:
                self._stop.wait(0.01)

    def _heard(self, item: Line | BadLine) -> None:
        # Called with the lock held.
        if isinstance(item, BadLine):
            self._failures.append(f"the code under test sent a bad line: {item}")
            self._met.notify_all()
            return
        line = f"{item.word} {item.text}".rstrip()
        if not item.checked:
            self._failures.append(f"line without a checksum: {line!r}")
        self._received.put(line)
        if self._expectations:
            expected, replies = self._expectations.popleft()
            if line != expected:
                self._failures.append(f"expected {expected!r}, got {line!r}")
            elif self._master is not None:
                os.write(self._master, b"".join(_frame(reply, True) for reply in replies))
        self._met.notify_all()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(WAIT)
        if self.plugged:
            self.unplug()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _frame(body: str, with_checksum: bool) -> bytes:
    raw = body.encode("ascii")
    return raw + (b"*" + checksum(raw).encode("ascii") if with_checksum else b"") + b"\n"
