# Kivy ships no type information: this file says so itself (see kiosk/app.py).
# mypy: disable-error-code="import-untyped"
"""``whist-leader --config leader.toml``: start the leader's console.

Kivy reads its own settings when it is first imported, so this module sets them (no Kivy
command-line parsing, the window size, a mouse that does not leave red dots) before
importing :mod:`console.ui`. A missing or wrong leader.toml is not an error here: the
window opens on the set-up screen, which says what to fix.

>>> main(["--help"])   # doctest: +SKIP
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from uikit.app import configure_kivy, run, size, start_logging
from uikit.connection import RESEND_EVERY
from uikit.settings import default_config_path


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
    start_logging()
    configure_kivy(args.size)
    from console.ui import LeaderApp

    run(LeaderApp(args.config or default_config_path("leader"), resend_every=args.resend_every))


if __name__ == "__main__":  # pragma: no cover
    main()
