# Kivy ships no type information: this file says so itself (see kiosk/app.py).
# mypy: disable-error-code="import-untyped"
"""``whist-hall --config hall.toml``: the hall display, fullscreen on a TV.

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

from uikit.app import configure_kivy, size
from uikit.settings import default_config_path


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="whist-hall",
        description="The hall display of a Military Whist tournament: live standings "
        "(docs/leaders-guide.md).",
    )
    p.add_argument(
        "--config",
        type=Path,
        default=None,
        help=f"the display's settings (default: {default_config_path('hall')})",
    )
    p.add_argument(
        "--size",
        type=size,
        default=(1920, 1080),
        help="window size when hall.toml says fullscreen = false (default: 1920x1080)",
    )
    return p


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("kivy").setLevel(logging.WARNING)
    configure_kivy(args.size)
    from hall.ui import HallApp

    app = HallApp(args.config or default_config_path("hall"))

    def stop(signum: int, frame: FrameType | None) -> None:
        from kivy.clock import Clock

        Clock.schedule_once(lambda dt: app.stop(), 0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    app.run()
    sys.exit(0)


if __name__ == "__main__":  # pragma: no cover
    main()
