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
import os


def size(text: str) -> tuple[int, int]:
    """``1280x720`` as (1280, 720); a readable error otherwise."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size looks like 1280x720, not {text!r}") from None
    if width < 640 or height < 360:
        raise argparse.ArgumentTypeError(f"{text} is too small")
    return width, height


def configure_kivy(size: tuple[int, int], rotation: int = 0) -> None:
    """Settings Kivy must have before its first import. ``size`` is the window as the screen
    has it; ``rotation`` (0, 90, 180, 270) turns the picture and the touches within it."""
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
