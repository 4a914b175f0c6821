"""One serial port owned by one thread: opened, read line by line, reopened when it vanishes.

A USB serial device can be pulled out at any moment. The link's thread then logs it, closes
the port, and tries to open it again, waiting longer after each failure (``backoff``, from its
first to its second value, doubling), until it is back or the link is closed. Nothing here
ever raises into the kiosk: a port that is absent at start is simply waited for.

``port`` is a device path or any pyserial URL (``loop://``, ``socket://host:port``,
``rfc2217://…``); ``open_port`` replaces the opener (tests, or a port needing special set-up).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Protocol, Self

import serial

from hardware.errors import BadLine
from hardware.lines import Line, LineSplitter, encode_line

log = logging.getLogger(__name__)

#: A write that takes longer than this means the device has stopped reading: reopen it.
WRITE_TIMEOUT = 2.0
#: Bad lines logged in full before the link only counts them (a device spewing noise).
BAD_LINES_LOGGED = 5


class SerialPort(Protocol):
    """What a link needs of a port: pyserial's ``Serial`` (and every URL handler) has it."""

    @property
    def in_waiting(self) -> int: ...

    def read(self, size: int = 1) -> bytes: ...

    def write(self, b: bytes, /) -> int | None: ...

    def close(self) -> None: ...


PortOpener = Callable[[], SerialPort]


def open_serial(port: str, baud: int, *, timeout: float) -> SerialPort:
    """Open ``port`` (a path or pyserial URL) as the links do: 8N1, reads wait ``timeout`` s."""
    opened: SerialPort = serial.serial_for_url(
        port, baudrate=baud, timeout=timeout, write_timeout=WRITE_TIMEOUT
    )
    return opened


class SerialLink:
    """Base of the serial devices: the reader thread, reopening, framing and bad-line logging.

    A device subclass answers lines in :meth:`_line`, greets the device in :meth:`_opened`,
    does timed work in :meth:`_idle` (called every ``tick`` seconds at most) and forgets
    per-connection state in :meth:`_closed`; all of them run on the link's thread, the only
    one that touches the port. Subclasses call :meth:`_start` at the end of ``__init__``.
    """

    kind = "serial device"

    def __init__(
        self,
        port: str,
        *,
        baud: int = 9600,
        open_port: PortOpener | None = None,
        backoff: tuple[float, float] = (0.5, 5.0),
        tick: float = 0.1,
    ) -> None:
        if not 0 < backoff[0] <= backoff[1] or tick <= 0:
            raise ValueError("backoff is (first, longest) with 0 < first <= longest; tick > 0")
        self.port_name = port
        self._open_port: PortOpener = open_port or (lambda: open_serial(port, baud, timeout=tick))
        self._backoff = backoff
        self._stop = threading.Event()
        self._port: SerialPort | None = None
        self._splitter = LineSplitter()
        self._bad_lines = 0
        self._thread = threading.Thread(target=self._run, name=f"{self.kind} {port}", daemon=True)
        self.connected = False
        #: Why the port is not open, in words, while it is not (None when it is).
        self.problem: str | None = "not opened yet"

    def _start(self) -> None:
        self._thread.start()

    # -- hooks, on the link's thread ------------------------------------------------------

    def _opened(self) -> None:
        """The port has just been opened."""

    def _line(self, line: Line, now: float) -> None:
        """One well-formed line from the device; raise :class:`BadLine` if it makes no sense."""

    def _idle(self, now: float) -> None:
        """Called after every read (at least every ``tick`` seconds) while the port is open."""

    def _closed(self) -> None:
        """The port has been lost or closed."""

    def _send(self, word: str, *args: object) -> None:
        """Write one line (link thread only); an error here drops and reopens the port."""
        port = self._port
        if port is None:
            raise serial.SerialException("port is not open")
        port.write(encode_line(word, *args))

    # -- the thread -----------------------------------------------------------------------

    def _run(self) -> None:
        delay = self._backoff[0]
        reported = False
        while not self._stop.is_set():
            try:
                port = self._open_port()
            except Exception as exc:  # serial.SerialException, OSError, ValueError (bad URL)
                self.problem = f"cannot open {self.port_name}: {exc}"
                if not reported:
                    log.warning("%s: %s; trying again every few seconds", self.kind, self.problem)
                    reported = True
                else:
                    log.debug("%s: %s", self.kind, self.problem)
                self._stop.wait(delay)
                delay = min(delay * 2, self._backoff[1])
                continue
            delay, reported = self._backoff[0], False
            self._serve(port)
            self._stop.wait(delay)

    def _serve(self, port: SerialPort) -> None:
        self._port, self.connected, self.problem = port, True, None
        log.info("%s: %s open", self.kind, self.port_name)
        try:
            self._opened()
            while not self._stop.is_set():
                data = port.read(port.in_waiting or 1)
                now = time.monotonic()
                if data:
                    for item in self._splitter.feed(data):
                        self._dispatch(item, now)
                self._idle(now)
        except (serial.SerialException, OSError) as exc:
            self.problem = f"{self.port_name} was lost: {exc}"
            log.warning("%s: %s; waiting for it to come back", self.kind, self.problem)
        except Exception as exc:
            # A bug of ours must not end the thread for good: the port is reopened as if lost.
            self.problem = f"{self.port_name}: internal error {exc!r}"
            log.exception("%s: error while serving %s", self.kind, self.port_name)
        finally:
            self._port, self.connected = None, False
            self._splitter.reset()
            try:
                port.close()
            except Exception:
                log.debug("%s: closing %s failed", self.kind, self.port_name, exc_info=True)
            self._closed()
            if self._stop.is_set():
                self.problem = "closed"

    def _dispatch(self, item: Line | BadLine, now: float) -> None:
        try:
            if isinstance(item, BadLine):
                raise item
            self._line(item, now)
        except BadLine as bad:
            self._bad_lines += 1
            if self._bad_lines <= BAD_LINES_LOGGED:
                log.warning("%s on %s: ignored a bad line (%s)", self.kind, self.port_name, bad)
            elif self._bad_lines % 100 == 0:
                log.warning(
                    "%s on %s: %d bad lines so far", self.kind, self.port_name, self._bad_lines
                )

    @property
    def bad_lines(self) -> int:
        """How many lines were refused since the link started."""
        return self._bad_lines

    @property
    def closed(self) -> bool:
        return self._stop.is_set()

    def close(self) -> None:
        """Stop the thread and close the port (idempotent; waits a few seconds at most)."""
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(WRITE_TIMEOUT + 1.0)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
