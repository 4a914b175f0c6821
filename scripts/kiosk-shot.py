"""Start a table's kiosk on a private Xvfb, with no settings (its set-up screen), and save a
screenshot to $WHIST_SHOT (default kiosk.png). Used by scripts/check-arm64 inside the arm64
root; runs anywhere Xvfb and the project's .venv are.

    WHIST_SHOT=/tmp/k.png .venv/bin/python scripts/kiosk-shot.py [800x480]
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> int:
    size = sys.argv[1] if len(sys.argv) > 1 else "800x480"
    width, height = (int(x) for x in size.split("x"))
    shot = Path(os.environ.get("WHIST_SHOT", "kiosk.png")).resolve()
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1280x24",
         "-nolisten", "tcp"],
        pass_fds=(write,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        print("kiosk-shot: Xvfb did not start", file=sys.stderr)
        return 1
    os.environ["DISPLAY"] = f":{number}"
    os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kiosk-shot-kivy-"))
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        from uikit.app import configure_kivy

        configure_kivy((width, height))
        from kivy.clock import Clock
        from kivy.core.window import Window

        from kiosk.ui import KioskApp

        missing = Path(tempfile.mkdtemp(prefix="kiosk-shot-")) / "kiosk.toml"
        app = KioskApp(missing)
        saved: list[Path] = []
        black: list[bool] = []

        started = time.monotonic()

        def drawn() -> bool:
            from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels

            pixels = glReadPixels(0, 0, Window.width, Window.height, GL_RGB, GL_UNSIGNED_BYTE)
            return any(pixels)

        def take(_dt: float) -> None:
            # Under emulation (check-arm64) the first frames come late: wait for one that is
            # not black, for a minute at most.
            if not drawn():
                if time.monotonic() - started < 60:
                    Clock.schedule_once(take, 1.0)
                    return
                black.append(True)
            made = Path(Window.screenshot(name=str(shot)))
            made.replace(shot)
            saved.append(shot)
            app.stop()

        Clock.schedule_once(take, 4.0)
        app.run()
        if black:
            print("kiosk-shot: the window stayed black for a minute", file=sys.stderr)
            return 1
        if not saved or shot.stat().st_size == 0:
            print("kiosk-shot: no screenshot was taken", file=sys.stderr)
            return 1
        print(f"kiosk-shot: {shot} ({width}x{height})")
        return 0
    finally:
        xvfb.terminate()
        xvfb.wait(5)


if __name__ == "__main__":
    sys.exit(main())
