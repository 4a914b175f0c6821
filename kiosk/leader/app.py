# Kivy ships no type information: this file says so itself (see kiosk/app.py).
# mypy: disable-error-code="import-untyped"
"""``whist-leader --config leader.toml``: start the leader's console.

Kivy reads its own settings when it is first imported, so this module sets them (no Kivy
command-line parsing, the window size, a mouse that does not leave red dots) before
importing :mod:`kiosk.leader.ui`. A missing or wrong leader.toml is not an error here: the
window opens on the set-up screen, which says what to fix.

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

from kiosk.app import configure_kivy
from kiosk.leader.config import default_config_path
from kiosk.leader.connection import RESEND_EVERY


def size(text: str) -> tuple[int, int]:
    """``1280x720`` as (1280, 720); a readable error otherwise."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"a size looks like 1280x720, not {text!r}") from None
    if width < 640 or height < 360:
        raise argparse.ArgumentTypeError(f"{text} is too small")
    return width, height


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="whist-leader",
        description="The leader's console of a Military Whist tournament (docs/leaders-guide.md).",
    )
    p.add_argument(
        "--config",
        type=Path,
        default=None,
        help=f"the console's settings (default: {default_config_path('leader')})",
    )
    p.add_argument(
        "--size",
        type=size,
        default=(1280, 720),
        help="window size when not fullscreen (default: 1280x720)",
    )
    p.add_argument(
        "--resend-every",
        type=float,
        default=RESEND_EVERY,
        help=f"seconds between two sends of an unanswered command (default: {RESEND_EVERY:g})",
    )
    return p


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("kivy").setLevel(logging.WARNING)
    configure_kivy(args.size)
    from kiosk.leader.ui import LeaderApp

    app = LeaderApp(args.config or default_config_path("leader"), resend_every=args.resend_every)

    def stop(signum: int, frame: FrameType | None) -> None:
        from kivy.clock import Clock

        Clock.schedule_once(lambda dt: app.stop(), 0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    app.run()
    sys.exit(0)


if __name__ == "__main__":  # pragma: no cover
    main()
