# Kivy ships no type information: this file says so itself (see kiosk/app.py).
# mypy: disable-error-code="import-untyped"
"""``whist-hall --config hall.toml``: the hall display, fullscreen on a TV.

>>> main(["--help"])   # doctest: +SKIP
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from uikit.app import configure_kivy, run, size, start_logging
from uikit.settings import HallConfig, default_config_path, load_config


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
        help="window size when hall.toml says fullscreen = false (default: 1920x1080); "
        "fullscreen, the TV's own resolution is used",
    )
    return p


def wants_fullscreen(path: Path) -> bool:
    """Fullscreen unless a valid hall.toml says ``fullscreen = false``: a missing or wrong
    file is shown on the TV too (its set-up screen), so it must fit the TV.

    >>> wants_fullscreen(Path("/nonexistent/hall.toml"))
    True
    """
    config = load_config(path, "hall")
    return not isinstance(config, HallConfig) or config.fullscreen


def main(argv: Sequence[str] | None = None) -> None:
    args = parser().parse_args(argv)
    start_logging()
    path = args.config or default_config_path("hall")
    configure_kivy(args.size)
    if wants_fullscreen(path):
        # Fullscreen from the window's birth, at the TV's own resolution: a window made at
        # --size first showed its set-up screen 1920x1080, cut off, on a 1280x720 TV.
        from kivy.config import Config

        Config.set("graphics", "fullscreen", "auto")
    from hall.ui import HallApp

    run(HallApp(path))


if __name__ == "__main__":  # pragma: no cover
    main()
