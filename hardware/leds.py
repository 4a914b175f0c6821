"""The LED bar of flags and the hub-online status LED.

What the bar shows (docs/hardware.md, "What the LEDs say"):

* **Steady:** one LED per flag held at the table (or point, in Gaspésie), LED 1 first.
* **More flags than LEDs:** every LED lit, and the last one flickers fast (0.15 s): "at least
  N, count them". A bar cannot show 14 on 12 LEDs without a legend nobody reads; the screen
  and the flags themselves give the number.
* **A result waits for its Ack:** the lit LEDs blink together, slowly (0.5 s on, 0.5 s off);
  with PWM they breathe instead. With no flag at all, LED 1 blinks so the wait still shows.
  This wins over the flicker, which comes back once the hub has answered.
* **Status LED:** lit while the hub is online, dark otherwise.

Animations run on gpiozero's own ``source`` thread of an :class:`~gpiozero.LEDBoard` (one
thread, every LED in step); :class:`~gpiozero.LEDBarGraph` is the same board with a fraction for
a value, which cannot blink some LEDs and not others.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Iterator, Sequence
from types import TracebackType
from typing import Self

from gpiozero import LED, PWMLED, LEDBoard  # type: ignore[import-untyped]
from gpiozero.pins import Factory  # type: ignore[import-untyped]

log = logging.getLogger(__name__)

PinId = int | str

#: One animation step, in seconds; blink and flicker periods are whole numbers of steps.
STEP = 0.05
BLINK_STEPS = 10  # 0.5 s on, 0.5 s off while a result waits for its Ack
FLICKER_STEPS = 3  # 0.15 s on, 0.15 s off on the last LED when flags overflow the bar
DIMMEST = 0.1  # the low point of a PWM breath, as a share of the brightness


def frames(
    count: int,
    size: int,
    *,
    pending: bool,
    pwm: bool = False,
    brightness: float = 1.0,
) -> Iterator[tuple[float, ...]]:
    """The bar's LED levels step by step (one frame per :data:`STEP`); a steady bar is one frame.

    >>> next(frames(3, 5, pending=False))
    (1.0, 1.0, 1.0, 0.0, 0.0)
    >>> [f[-1] for f in itertools.islice(frames(7, 5, pending=False), 7)]
    [1.0, 1.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    >>> [f[:2] for f in itertools.islice(frames(2, 5, pending=True), 0, 20, 5)]
    [(1.0, 1.0), (1.0, 1.0), (0.0, 0.0), (0.0, 0.0)]
    """
    lit = max(0, min(count, size))
    overflow = count > size
    if pending and lit == 0:
        lit = 1
    steady = tuple(brightness if i < lit else 0.0 for i in range(size))
    if not pending and not overflow:
        yield steady
        return
    for step in itertools.count():
        if pending:
            if pwm:
                phase = (step % (2 * BLINK_STEPS)) / (2 * BLINK_STEPS)
                level = DIMMEST + (1.0 - DIMMEST) * abs(1.0 - 2.0 * phase)
            else:
                level = 1.0 if (step // BLINK_STEPS) % 2 == 0 else 0.0
            yield tuple(round(brightness * level, 3) if i < lit else 0.0 for i in range(size))
        else:
            on = (step // FLICKER_STEPS) % 2 == 0
            yield (*steady[:-1], brightness if on else 0.0)


class LedBar:
    """A bar of N LEDs for the flags at the table, and an optional status LED for the hub.

    Call :meth:`show` whenever the table's state changes; calling it again with the same
    values changes nothing (a blink keeps its rhythm). ``pwm`` needs PWM-capable pins
    (any pin with gpiozero's default lgpio factory) and allows ``brightness`` below 1.

    >>> from gpiozero.pins.mock import MockFactory
    >>> with LedBar([5, 6, 13, 19], status=24, pin_factory=MockFactory()) as bar:
    ...     bar.show(flags=3, pending=False, hub_online=True)
    ...     [led.value for led in bar.leds], bar.status_led.value
    ([1, 1, 1, 0], 1)
    """

    def __init__(
        self,
        pins: Sequence[PinId],
        *,
        status: PinId | None = None,
        pwm: bool = False,
        brightness: float = 1.0,
        active_high: bool = True,
        pin_factory: Factory | None = None,
    ) -> None:
        if not pins:
            raise ValueError("an LED bar needs at least one pin")
        if not 0.0 < brightness <= 1.0 or (brightness < 1.0 and not pwm):
            raise ValueError("brightness is above 0 and at most 1, and below 1 only with pwm")
        self._pwm = pwm
        self._brightness = brightness
        self._lock = threading.Lock()
        self._shown: tuple[int, bool] | None = None
        self._board: LEDBoard | None = LEDBoard(
            *pins, pwm=pwm, active_high=active_high, pin_factory=pin_factory
        )
        self.status_led: LED | PWMLED | None = None
        if status is not None:
            kind = PWMLED if pwm else LED
            try:
                self.status_led = kind(status, active_high=active_high, pin_factory=pin_factory)
            except BaseException:
                self._board.close()
                raise
        self._board.source_delay = STEP

    @property
    def size(self) -> int:
        """How many LEDs the bar has."""
        return len(self.leds)

    @property
    def leds(self) -> tuple[LED | PWMLED, ...]:
        """The bar's gpiozero LEDs, LED 1 first (empty once closed)."""
        return tuple(self._board.leds) if self._board is not None else ()

    def show(self, flags: int, pending: bool, hub_online: bool) -> None:
        """Show ``flags`` held at the table, whether a result waits for its Ack, and the hub."""
        with self._lock:
            board = self._board
            if board is None:
                return
            if self.status_led is not None:
                self.status_led.value = self._brightness if hub_online else 0
            if self._shown == (flags, pending):
                return
            self._shown = (flags, pending)
            board.source = None  # stops (and joins) a running animation first
            sequence = frames(
                flags, len(board), pending=pending, pwm=self._pwm, brightness=self._brightness
            )
            first = next(sequence)
            board.value = self._levels(first)
            if pending or flags > len(board):
                board.source = (self._levels(frame) for frame in sequence)

    def _levels(self, frame: tuple[float, ...]) -> tuple[float, ...] | tuple[bool, ...]:
        return frame if self._pwm else tuple(level > 0 for level in frame)

    @property
    def closed(self) -> bool:
        return self._board is None

    def close(self) -> None:
        """Turn everything off and release the pins (idempotent)."""
        with self._lock:
            board, self._board = self._board, None
            status, self.status_led = self.status_led, None
        for device in (board, status):
            if device is None:
                continue
            try:
                device.source = None
                device.off()
                device.close()
            except Exception:
                log.exception("LED bar: closing failed")

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()
