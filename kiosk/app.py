# Kivy ships no type information (no py.typed, no stubs package): until pyproject.toml has
# a [[tool.mypy.overrides]] for kivy.*, this file says so itself.
# mypy: disable-error-code="import-untyped"
"""``whist-kiosk --config kiosk.toml``: start a table's kiosk.

Kivy reads its own settings when it is first imported, so this module sets them (no Kivy
command-line parsing, the window size, a touch screen's mouse) before importing
:mod:`kiosk.ui`. A missing or wrong kiosk.toml is not an error here: the window opens on the
set-up screen, which says what to fix.

>>> main(["--help"])   # doctest: +SKIP
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from kiosk.config import default_config_path
from kiosk.connection import RESEND_EVERY
from uikit.app import configure_kivy


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size looks like 800x480, not {text!r}") from None
    if width < 320 or height < 240:
        raise argparse.ArgumentTypeError(f"{text} is too small for the kiosk")
    return width, height


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="whist-kiosk",
        description="The table kiosk of a Military Whist tournament (docs/kiosk.md).",
    )
    p.add_argument(
        "--config",
        type=Path,
        default=None,
        help=f"the kiosk's settings (default: {default_config_path()}); make one with "
        "'whist-hub credentials DATA --table N'",
    )
    p.add_argument(
        "--size",
        type=_size,
        default=(800, 480),
        help="window size when not fullscreen (default: 800x480, the 7-inch Pi display)",
    )
    p.add_argument(
        "--resend-every",
        type=float,
        default=RESEND_EVERY,
        help=f"seconds between two sends of a result not yet acked (default: {RESEND_EVERY:g})",
    )
    return p


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    # One line per event on stderr (the journal, under systemd); Kivy's own chatter only
    # when something is wrong.
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("kivy").setLevel(logging.WARNING)
    configure_kivy(args.size)
    from kiosk.ui import KioskApp

    app = KioskApp(args.config or default_config_path(), resend_every=args.resend_every)

    def stop(signum: int, frame: FrameType | None) -> None:
        # systemd's stop: leave through on_stop, which says "offline" to the hub itself.
        from kivy.clock import Clock

        Clock.schedule_once(lambda dt: app.stop(), 0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    app.run()
    sys.exit(0)


if __name__ == "__main__":  # pragma: no cover
    main()
