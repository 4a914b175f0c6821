"""Starts the real ``whist-hall`` (hall.app.main) on DISPLAY, waits (bounded) for the standings,
takes a screenshot and prints ``RESULT {json}`` (tests/ui/test_hall_phones_qr.py).

``python -m tests.ui.hall_phones HALL.TOML SHOT.png``
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any

import hall.app

#: Seconds the hall has to connect and show the standings (a busy machine).
WAIT = 60.0


def main() -> None:
    config, shot = sys.argv[1], Path(sys.argv[2])
    real = hall.app.configure_kivy
    deadline = time.monotonic() + WAIT

    def configure(size: tuple[int, int]) -> None:
        real(size)
        from kivy.clock import Clock

        def check(dt: float) -> bool:
            from kivy.app import App

            app: Any = App.get_running_app()
            if (app is not None and app.vm.screen == "standings") or time.monotonic() > deadline:
                # One more frame, so the QR's texture is drawn before the picture is taken.
                Clock.schedule_once(lambda dt: report(shot), 0.5)
                return False
            return True

        Clock.schedule_interval(check, 0.2)

    hall.app.configure_kivy = configure
    hall.app.main(["--config", config, "--size", "1280x720"])


def report(shot: Path) -> None:
    from kivy.app import App
    from kivy.core.window import Window

    app: Any = App.get_running_app()
    made = Path(Window.screenshot(name=str(shot)))
    made.replace(shot)
    from tests.ui import audit

    problems = audit.window(app.root, "hall", (Window.width, Window.height))
    result = {"screen": app.vm.screen, "url": app.phones_url}
    result["audit"] = [f"{shot.name}: {p}" for p in problems]
    print("RESULT " + json.dumps(result), flush=True)
    app.stop()


if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    main()
