"""The room's clock (issue 26): how long the hand (deal, round) in play has left, for every
format alike. The hub records the clock's facts (:data:`whist.events.CLOCK_EVENTS`) in its
log; :class:`RoomClock` is their fold, and the State carries it as a
:class:`~whist.protocol.Clock`: a start, a length and the pauses, in the hub's time — never a
ticking stream. A screen reads it with :class:`HubTime` (its own clock may be wrong) and says
it from :func:`reading`.

>>> from whist.events import ClockExtended, ClockPaused, ClockResumed, ClockStarted
>>> clock = RoomClock()
>>> for fact in (ClockStarted(unit=3, at=1000.0, seconds=600), ClockPaused(at=1100.0),
...              ClockResumed(at=1400.0), ClockExtended(seconds=300)):
...     clock.apply(fact)
>>> msg = clock.message(now=1500.0, playing=[2])
>>> left(msg, 1500.0)  # 900 s given, 200 s played
700.0
>>> reading(left(msg, 1500.0))
Reading(kind='calm', minutes=12, seconds=700)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from whist.events import (
    ClockExtended,
    ClockPaused,
    ClockResumed,
    ClockStarted,
    ClockStopped,
    Event,
)
from whist.protocol import Clock

#: In the last five minutes a screen counts minutes and seconds; before, it says about how
#: many minutes are left (a calm room).
CLOSE_SECONDS = 5 * 60


class RoomClock:
    """The clock as the log has it: the unit it times (None: no clock running), when it
    started, its length, its pauses."""

    def __init__(self) -> None:
        self.unit: int | None = None
        self.started = 0.0
        self.seconds = 0
        self.stood = 0.0
        self.paused_at: float | None = None

    @classmethod
    def replay(cls, events: Iterable[Event]) -> RoomClock:
        clock = cls()
        for event in events:
            clock.apply(event)
        return clock

    @property
    def running(self) -> bool:
        return self.unit is not None

    def apply(self, event: Event) -> None:
        """Fold one fact; any other event changes nothing."""
        if isinstance(event, ClockStarted):
            self.unit, self.started, self.seconds = event.unit, event.at, event.seconds
            self.stood, self.paused_at = 0.0, None
        elif isinstance(event, ClockStopped):
            self.unit, self.paused_at = None, None
        elif isinstance(event, ClockPaused):
            self.paused_at = event.at
        elif isinstance(event, ClockResumed) and self.paused_at is not None:
            self.stood += max(0.0, event.at - self.paused_at)
            self.paused_at = None
        elif isinstance(event, ClockExtended):
            self.seconds += event.seconds

    def message(self, now: float, playing: Iterable[int]) -> Clock | None:
        """The State's ``clock`` at the hub's ``now`` (None when no clock runs)."""
        if self.unit is None:
            return None
        return Clock(
            unit=self.unit,
            started=self.started,
            seconds=self.seconds,
            stood=self.stood,
            paused_at=self.paused_at,
            now=now,
            playing=sorted(playing),
        )


def left(clock: Clock, hub_now: float) -> float:
    """Seconds left at the hub's time ``hub_now``; below 0, the time over.

    >>> c = Clock(unit=1, started=0.0, seconds=60, paused_at=30.0, now=90.0)
    >>> left(c, 90.0)  # paused after 30 s: 30 s left, however long the break
    30.0
    """
    until = hub_now if clock.paused_at is None else clock.paused_at
    return clock.seconds - (until - clock.started - clock.stood)


class HubTime:
    """The hub's time as a screen works it out from what the hub sent, whatever its own
    clock says: ``local`` is the screen's own steady clock (``time.monotonic``; a test
    passes a fake). Each message's ``now`` gives an offset; a retained one may be old, so
    the hub's time is at least what any message says: the largest offset is kept.

    >>> local = iter([5000.0, 5010.0, 5020.0]).__next__
    >>> hub = HubTime(local)
    >>> hub.seen(1000.0)  # received at local 5000
    >>> hub.seen(900.0)  # an old retained message, received at local 5010: ignored
    >>> hub.now()  # local 5020: 20 s after the hub said 1000
    1020.0
    """

    def __init__(self, local: Callable[[], float]) -> None:
        self._local = local
        self._offset: float | None = None

    def _read(self) -> float:
        return self._local()

    def seen(self, hub_now: float) -> None:
        offset = hub_now - self._read()
        if self._offset is None or offset > self._offset:
            self._offset = offset

    def now(self) -> float | None:
        """The hub's time now; None before any message."""
        if self._offset is None:
            return None
        return self._read() + self._offset


@dataclass(frozen=True)
class Reading:
    """How a screen says the time left: ``calm`` (about ``minutes`` left), ``close`` (the
    last five minutes: ``seconds`` left, as m:ss), ``over`` (``seconds`` over, counting up),
    or ``paused`` (``seconds`` left once it runs again)."""

    kind: Literal["calm", "close", "over", "paused"]
    minutes: int
    seconds: int


def reading(seconds_left: float, *, paused: bool = False) -> Reading:
    """What to say for ``seconds_left`` (negative: over).

    >>> reading(12 * 60 + 20), reading(4 * 60 + 5.5), reading(-192.4)
    (Reading(kind='calm', minutes=12, seconds=740), Reading(kind='close', minutes=4, \
seconds=246), Reading(kind='over', minutes=3, seconds=192))
    """
    if seconds_left < 0:
        over = int(-seconds_left)
        return Reading("over", over // 60, over)
    whole = int(seconds_left + 0.999)  # 4:05.5 shows 4:06, never 0:00 with time to go
    if paused:
        return Reading("paused", round(seconds_left / 60), whole)
    if seconds_left > CLOSE_SECONDS:
        return Reading("calm", round(seconds_left / 60), whole)
    return Reading("close", whole // 60, whole)


def mm_ss(seconds: int) -> str:
    """``seconds`` as m:ss.

    >>> mm_ss(192), mm_ss(5)
    ('3:12', '0:05')
    """
    return f"{seconds // 60}:{seconds % 60:02d}"
