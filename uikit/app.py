# Kivy ships no type information (no py.typed, no stubs package): until pyproject.toml has
# a [[tool.mypy.overrides]] for kivy.*, this file says so itself.
# mypy: disable-error-code="import-untyped"
"""The start of every app: Kivy's settings before its first import, and window sizes typed
on the command line.

>>> size("1280x720")
(1280, 720)
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import signal
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any, NoReturn


def parse_size(text: str) -> tuple[int, int]:
    """``"720x1280"`` as (720, 1280); ValueError otherwise.

    >>> parse_size("720x1280")
    (720, 1280)
    """
    width, height = (int(part) for part in text.lower().split("x"))
    return width, height


def sized(smallest: tuple[int, int], example: str) -> Callable[[str], tuple[int, int]]:
    """The ``--size`` option's reader for an app whose window is at least ``smallest``
    (the kiosk's 7-inch display is 800x480; the console and the hall start at 640x360).

    >>> sized((320, 240), "800x480")("800x480")
    (800, 480)
    """

    def read(text: str) -> tuple[int, int]:
        try:
            width, height = parse_size(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"a size looks like {example}, not {text!r}"
            ) from None
        if width < smallest[0] or height < smallest[1]:
            raise argparse.ArgumentTypeError(f"{text} is too small")
        return width, height

    return read


#: ``1280x720`` as (1280, 720); a readable error otherwise (the console's and the hall's).
size = sized((640, 360), "1280x720")


def start_logging() -> None:
    """One line per event on stderr (the journal, under systemd); Kivy's own chatter only
    when something is wrong."""
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("kivy").setLevel(logging.WARNING)


def run(app: Any) -> NoReturn:
    """Run a Kivy app until it stops; systemd's stop (SIGTERM) or Ctrl-C leave through its
    ``on_stop``, on Kivy's own thread, as its window's close would."""

    def stop(signum: int, frame: FrameType | None) -> None:
        from kivy.clock import Clock

        Clock.schedule_once(lambda dt: app.stop(), 0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    app.run()
    sys.exit(0)


def configure_kivy(size: tuple[int, int], rotation: int = 0) -> None:
    """Settings Kivy must have before its first import. ``size`` is the window as the screen
    has it; ``rotation`` (0, 90, 180, 270) turns the picture and the touches within it."""
    # No garbage collection while Kivy and the app's modules load and the screens are built:
    # its passes walk everything made so far, again and again, and the club stories' windows
    # took 17 % less CPU without them. ScreenApp.build turns it on again, with all that was
    # made set aside.
    gc.disable()
    os.environ.setdefault("KIVY_NO_ARGS", "1")  # our options are not Kivy's
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")
    from kivy.config import Config

    Config.set("graphics", "width", str(size[0]))
    Config.set("graphics", "height", str(size[1]))
    Config.set("graphics", "resizable", "1")
    Config.set("graphics", "rotation", str(rotation))
    # A finger on a touch screen, not a right-clicking mouse that leaves red dots.
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    # Escape must not close a kiosk that has a keyboard plugged in.
    Config.set("kivy", "exit_on_escape", "0")
