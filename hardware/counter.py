"""The flag counter box on the serial line, and the check of its count against the hub's.

The box counts the flags physically on the table and says so (``FLAGS 11``). A difference
with the hub is normal for a while: a hand is moving flags, or the visitors have not yet
carried their winnings home. :class:`FlagCheck` therefore reports a :class:`FlagMismatch` only
once the box has held the same count for ``settle`` seconds and the hub's count has not
changed for ``grace`` seconds; the kiosk then warns the players and calls the leader with
:attr:`FlagMismatch.reason`.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from hardware.errors import BadLine
from hardware.intents import Post
from hardware.lines import PROTOCOL_VERSION, Line, parse_count
from hardware.seriallink import PortOpener, SerialLink

log = logging.getLogger(__name__)

#: The device name a flag counter gives in its HELLO line.
COUNTER_NAME = "FLAGCOUNTER"
#: The most flags a counter may report (a table holds 12 at the start of a day).
MAX_FLAGS = 999

T = TypeVar("T")


class FlagCounter(SerialLink):
    """The serial flag counter: reports each new count through ``post`` to ``on_count``.

    ``on_link(True)`` once the box has said something valid, ``on_link(False)`` when it is
    unplugged or has been silent for ``stale_after`` seconds; the count is then unknown until
    it speaks again. The kiosk sends ``COUNT?`` whenever the box has been quiet for
    ``query_after`` seconds. Both callbacks may be set after construction, gpiozero style.

    >>> import serial
    >>> wire = serial.serial_for_url("loop://", timeout=0.05)
    >>> counts = []
    >>> with FlagCounter("loop://", post=lambda fn: fn(), on_count=counts.append,
    ...                  open_port=lambda: wire) as counter:
    ...     _ = wire.write(b"FLAGS 11\\n")
    ...     for _ in range(300):
    ...         if counts: break
    ...         time.sleep(0.01)
    >>> counts
    [11]
    """

    kind = "flag counter"

    def __init__(
        self,
        port: str,
        *,
        post: Post,
        on_count: Callable[[int], None] | None = None,
        on_link: Callable[[bool], None] | None = None,
        baud: int = 9600,
        query_after: float = 5.0,
        stale_after: float = 15.0,
        open_port: PortOpener | None = None,
        backoff: tuple[float, float] = (0.5, 5.0),
    ) -> None:
        super().__init__(port, baud=baud, open_port=open_port, backoff=backoff)
        self.on_count = on_count
        self.on_link = on_link
        self._post = post
        self._query_after = query_after
        self._stale_after = stale_after
        #: The last count the box reported, None while it is unknown.
        self.count: int | None = None
        #: True while the box is talking (a valid line within ``stale_after`` seconds).
        self.live = False
        self._heard = 0.0
        self._asked = 0.0
        self._refusal: str | None = None
        self._start()

    def _opened(self) -> None:
        self._refusal = None
        self._heard = self._asked = time.monotonic()
        self._send("HELLO", "WHIST", PROTOCOL_VERSION)
        self._send("COUNT?")

    def _line(self, line: Line, now: float) -> None:
        if line.word == "HELLO":
            self._hello(line)
        elif line.word == "FLAGS":
            if len(line.args) != 1:
                raise BadLine("FLAGS takes exactly one number")
            flags = parse_count(line.args[0], highest=MAX_FLAGS)
            if self._refusal is None:
                self._heard = now
                self._report(flags)
        elif line.word == "ERR":
            self._heard = now
            log.warning("flag counter on %s reports: %s", self.port_name, line.text)
        elif line.word == "COUNT?":
            log.debug(
                "flag counter on %s: our own COUNT? came back (an echoing port?)", self.port_name
            )
        else:
            raise BadLine(f"a flag counter does not say {line.word}")

    def _hello(self, line: Line) -> None:
        if len(line.args) < 2:
            raise BadLine("HELLO takes a device name and a version")
        name, version = line.args[0], line.args[1]
        if name == "WHIST":
            log.debug(
                "flag counter on %s: our own HELLO came back (an echoing port?)", self.port_name
            )
            return
        if name != COUNTER_NAME:
            self._refuse(f"{self.port_name} has a {name}, not a flag counter")
        elif version != str(PROTOCOL_VERSION):
            self._refuse(
                f"the flag counter speaks version {version}; this kiosk speaks {PROTOCOL_VERSION}"
            )
        else:
            self._refusal = None
            self._heard = time.monotonic()
            log.info("flag counter on %s says hello (%s)", self.port_name, line.text)

    def _refuse(self, why: str) -> None:
        if self._refusal != why:
            log.error("%s: its counts are ignored", why)
        self._refusal = why
        self._lost()

    def _idle(self, now: float) -> None:
        if self.live and now - self._heard >= self._stale_after:
            log.warning(
                "flag counter on %s has been silent for %.0f s", self.port_name, now - self._heard
            )
            self._lost()
        if now - self._heard >= self._query_after and now - self._asked >= self._query_after:
            self._asked = now
            self._send("COUNT?")

    def _closed(self) -> None:
        self._lost()

    def _report(self, flags: int) -> None:
        changed = flags != self.count or not self.live
        self.count = flags
        if not self.live:
            self.live = True
            self._call(self.on_link, True)
        if changed:
            self._call(self.on_count, flags)

    def _lost(self) -> None:
        self.count = None
        if self.live:
            self.live = False
            self._call(self.on_link, False)

    def _call(self, callback: Callable[[T], None] | None, value: T) -> None:
        if callback is None:
            return
        try:
            self._post(lambda: callback(value))
        except Exception:
            log.exception("flag counter: posting a callback failed")

    @property
    def problem_text(self) -> str | None:
        """What is wrong with the counter now, in words; None while it talks."""
        if self._refusal is not None:
            return self._refusal
        if not self.connected:
            return self.problem
        if not self.live:
            return f"the flag counter on {self.port_name} has not answered"
        return None


@dataclass(frozen=True)
class FlagMismatch:
    """The counter and the hub disagree, and have for long enough to call the leader.

    >>> FlagMismatch(counter=11, hub=12).reason
    'flag counter says 11, hub says 12'
    """

    counter: int
    hub: int

    @property
    def reason(self) -> str:
        """The Call's reason (at most 200 characters, as protocol.md requires)."""
        return f"flag counter says {self.counter}, hub says {self.hub}"


class FlagCheck:
    """Compares the counter's count with the hub's, patiently (see the module's text).

    Feed it :meth:`hub` and :meth:`counter` (None: unknown) and call :meth:`poll` now and then
    (twice a second is plenty); ``on_change`` hears every change of verdict, a
    :class:`FlagMismatch` or None once they agree again (or one side becomes unknown). All
    calls belong on one thread, the UI's. The hub's first count is not a change: a kiosk that
    starts next to a wrong counter reports it after ``settle`` seconds.

    >>> now = [0.0]
    >>> check = FlagCheck(settle=2, grace=60, clock=lambda: now[0])
    >>> check.hub(12); check.counter(11)
    >>> check.poll() is None                     # a hand may be moving flags
    True
    >>> now[0] = 2.5
    >>> check.poll()
    FlagMismatch(counter=11, hub=12)
    >>> check.counter(12)                        # fixed: agrees at once
    >>> check.mismatch is None
    True
    """

    def __init__(
        self,
        *,
        settle: float = 2.0,
        grace: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        on_change: Callable[[FlagMismatch | None], None] | None = None,
    ) -> None:
        self.settle = settle
        self.grace = grace
        self.on_change = on_change
        self._clock = clock
        self._hub: int | None = None
        self._counter: int | None = None
        self._hub_since = float("-inf")
        self._counter_since = float("-inf")
        self._seen_hub = False
        self.mismatch: FlagMismatch | None = None

    def hub(self, flags: int | None) -> None:
        """The flags the hub says this table holds (None: not known, e.g. Gaspésie)."""
        if flags != self._hub:
            if self._seen_hub:
                self._hub_since = self._clock()
            self._hub = flags
            self._seen_hub = self._seen_hub or flags is not None
        self.poll()

    def counter(self, flags: int | None) -> None:
        """The flags the counter box sees (None: unplugged or silent)."""
        if flags != self._counter:
            self._counter = flags
            self._counter_since = self._clock()
        self.poll()

    def poll(self) -> FlagMismatch | None:
        """The verdict now; tells ``on_change`` if it changed."""
        now = self._clock()
        verdict: FlagMismatch | None = None
        if (
            self._hub is not None
            and self._counter is not None
            and self._hub != self._counter
            and now - self._counter_since >= self.settle
            and now - self._hub_since >= self.grace
        ):
            verdict = FlagMismatch(counter=self._counter, hub=self._hub)
        if verdict != self.mismatch:
            self.mismatch = verdict
            if self.on_change is not None:
                self.on_change(verdict)
        return verdict
