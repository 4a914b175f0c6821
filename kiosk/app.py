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
import os
from collections.abc import MutableMapping, Sequence
from pathlib import Path

from kiosk.config import KioskConfig, default_config_path, load_config
from kiosk.connection import RESEND_EVERY
from kiosk.provision import screen_of
from uikit.app import configure_kivy, parse_size, run, sized, start_logging

log = logging.getLogger("whist.kiosk")


#: ``--size``: a window of at least 320x240 (the kiosk's own display is 800x480).
_size = sized((320, 240), "800x480")


def choose_dsi_card(
    env: MutableMapping[str, str], drm: Path = Path("/sys/class/drm")
) -> str | None:
    """On a Pi 5 SDL's KMS/DRM driver may open the wrong ``/dev/dri/cardN`` for a DSI screen
    (the Touch Display 2), and N can change between boots. Point it at the card whose DSI
    connector is connected, unless ``SDL_KMSDRM_DEVICE_INDEX`` is already set or another
    video driver is chosen. Returns the index set.

    >>> import tempfile
    >>> drm = Path(tempfile.mkdtemp())
    >>> (drm / "card2-DSI-1").mkdir(); _ = (drm / "card2-DSI-1" / "status").write_text("connected")
    >>> env = {"SDL_VIDEODRIVER": "kmsdrm"}
    >>> choose_dsi_card(env, drm), env["SDL_KMSDRM_DEVICE_INDEX"]
    ('2', '2')
    """
    if env.get("SDL_VIDEODRIVER") != "kmsdrm" or env.get("SDL_KMSDRM_DEVICE_INDEX"):
        return None
    for connector in sorted(drm.glob("card*-DSI-*")):
        try:
            status = (connector / "status").read_text(encoding="ascii").strip()
        except OSError:
            continue
        index = connector.name.split("-", 1)[0].removeprefix("card")
        if status == "connected" and index.isdigit():
            env["SDL_KMSDRM_DEVICE_INDEX"] = index
            log.info("SDL_KMSDRM_DEVICE_INDEX=%s: the DSI screen is on card%s", index, index)
            return index
    return None


def window_settings(path: Path, size: tuple[int, int] | None = None) -> tuple[tuple[int, int], int]:
    """The window's size and turn before Kivy starts: ``--size`` (``size``), else kiosk.toml's
    ``size``, else 800x480; kiosk.toml's ``rotation``. A missing or wrong file: the set-up
    screen says so once the window is up, unturned.

    >>> window_settings(Path("/nowhere/kiosk.toml"))
    ((800, 480), 0)
    """
    loaded = load_config(path)
    config = loaded if isinstance(loaded, KioskConfig) else None
    if config is None:
        # A kiosk not joined yet keeps the screen chosen on its set-up screen.
        chosen = screen_of(path)
        if chosen is None:
            return size or (800, 480), 0
        return size or parse_size(chosen[0]), chosen[1]
    return size or (parse_size(config.size) if config.size else (800, 480)), config.rotation


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
        default=None,
        help="window size when not fullscreen (default: kiosk.toml's size, else 800x480, "
        "the 7-inch Pi display)",
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
    start_logging()
    path = args.config or default_config_path()
    choose_dsi_card(os.environ)
    configure_kivy(*window_settings(path, args.size))
    from kiosk.ui import KioskApp

    # systemd's stop leaves through on_stop, which says "offline" to the hub itself
    run(KioskApp(path, resend_every=args.resend_every))


if __name__ == "__main__":  # pragma: no cover
    main()
