"""The button pad: -, +, OK (long press = back), and optionally Call and Back.

Each button is a gpiozero :class:`~gpiozero.Button` wired from its pin to ground (the Pi's
internal pull-up holds it high), debounced by gpiozero's ``bounce_time``. Presses become the
table presenter's intents (:class:`~hardware.intents.PadIntents`), always handed to ``post`` so
that they run on the UI thread, never on gpiozero's.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from types import TracebackType
from typing import Self

# gpiozero ships no type information; the devices are used through the few typed methods here.
from gpiozero import Button  # type: ignore[import-untyped]
from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.intents import PadIntents, Post

log = logging.getLogger(__name__)

PinId = int | str


class ButtonPad:
    """Buttons that drive a table presenter's intents.

    ``-`` and ``+`` act when pressed, and repeat every ``repeat_time`` seconds while held
    (0: no repeat). ``OK`` acts when released; held for ``hold_time`` seconds it means
    :meth:`~PadIntents.back` instead, and releasing it then does nothing more. ``call`` and
    ``back`` are optional buttons of their own. ``pin_factory`` is gpiozero's (None: gpiozero's
    default, chosen when the pad is built, never at import).

    >>> from gpiozero.pins.mock import MockFactory
    >>> from hardware.intents import direct_post
    >>> class Tricks:
    ...     count = 7
    ...     def increment(self): self.count += 1
    ...     def decrement(self): self.count -= 1
    ...     def ok(self): print("ok at", self.count)
    ...     def back(self): print("back")
    ...     def call_leader(self): print("call")
    >>> factory = MockFactory()
    >>> with ButtonPad(Tricks(), direct_post, minus=17, plus=27, ok=22,
    ...                pin_factory=factory) as pad:
    ...     factory.pin(27).drive_low(); factory.pin(27).drive_high()     # press +
    ...     factory.pin(22).drive_low(); factory.pin(22).drive_high()     # press OK
    ok at 8
    """

    def __init__(
        self,
        intents: PadIntents,
        post: Post,
        *,
        minus: PinId,
        plus: PinId,
        ok: PinId,
        call: PinId | None = None,
        back: PinId | None = None,
        hold_time: float = 1.0,
        repeat_time: float = 0.4,
        bounce_time: float = 0.05,
        pull_up: bool = True,
        pin_factory: Factory | None = None,
    ) -> None:
        if hold_time <= 0 or repeat_time < 0 or bounce_time < 0:
            raise ValueError("hold_time must be positive; repeat_time and bounce_time not negative")
        self._intents = intents
        self._post = post
        self._lock = threading.Lock()
        # One OK press ends in exactly one of ok() (released early) or back() (held): the
        # release and the hold thread race at hold_time, so the press's fate is decided once.
        self._ok_press = "up"
        self._closing = False
        self.buttons: dict[str, Button] = {}
        bounce = bounce_time or None
        try:
            for name, pin in (("minus", minus), ("plus", plus)):
                button = self._button(name, pin, bounce, pull_up, pin_factory)
                if repeat_time > 0:
                    button.hold_time = repeat_time
                    button.hold_repeat = True
            self._button("ok", ok, bounce, pull_up, pin_factory).hold_time = hold_time
            if call is not None:
                self._button("call", call, bounce, pull_up, pin_factory)
            if back is not None:
                self._button("back", back, bounce, pull_up, pin_factory)
        except BaseException:
            self.close()
            raise
        self.buttons["minus"].when_pressed = self._on(intents.decrement)
        self.buttons["plus"].when_pressed = self._on(intents.increment)
        if repeat_time > 0:
            self.buttons["minus"].when_held = self._on(intents.decrement)
            self.buttons["plus"].when_held = self._on(intents.increment)
        self.buttons["ok"].when_pressed = self._ok_pressed
        self.buttons["ok"].when_held = self._ok_held
        self.buttons["ok"].when_released = self._ok_released
        if "call" in self.buttons:
            self.buttons["call"].when_pressed = self._on(intents.call_leader)
        if "back" in self.buttons:
            self.buttons["back"].when_pressed = self._on(intents.back)

    def _button(
        self, name: str, pin: PinId, bounce: float | None, pull_up: bool, factory: Factory | None
    ) -> Button:
        button = Button(pin, pull_up=pull_up, bounce_time=bounce, pin_factory=factory)
        self.buttons[name] = button
        return button

    def _on(self, intent: Callable[[], None]) -> Callable[[], None]:
        def handler() -> None:
            self._send(intent)

        return handler

    def _send(self, intent: Callable[[], None]) -> None:
        # gpiozero's hold thread fires once more while a held button is being closed.
        if self._closing:
            return
        # We are on gpiozero's thread: an exception here would kill its event or hold thread
        # and leave a dead button, so it is logged instead.
        try:
            self._post(intent)
        except Exception:
            log.exception("button pad: posting %s failed", getattr(intent, "__name__", intent))

    def _ok_pressed(self) -> None:
        with self._lock:
            self._ok_press = "down"

    def _ok_held(self) -> None:
        with self._lock:
            if self._ok_press != "down":
                return
            self._ok_press = "held"
        self._send(self._intents.back)

    def _ok_released(self) -> None:
        with self._lock:
            short = self._ok_press == "down"
            self._ok_press = "up"
        if short:
            self._send(self._intents.ok)

    @property
    def closed(self) -> bool:
        return not self.buttons

    def close(self) -> None:
        """Release every pin (idempotent); the pad sends nothing afterwards."""
        self._closing = True
        buttons, self.buttons = self.buttons, {}
        # Closing a gpiozero Button joins its hold thread, which wakes only every 0.1 s (or
        # at hold_time, if the button is held): closed side by side, a pad closes in one wait.
        closers = [
            threading.Thread(target=_close_button, args=(b,), name="close button")
            for b in buttons.values()
        ]
        for closer in closers:
            closer.start()
        for closer in closers:
            closer.join()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _close_button(button: Button) -> None:
    try:
        button.close()
    except Exception:
        log.exception("button pad: closing a button failed")
