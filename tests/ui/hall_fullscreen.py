"""Starts the real ``whist-hall`` (hall.app.main) on whatever screen DISPLAY is, and reports
the window's size and screen as one ``RESULT {json}`` line, with a screenshot.

``python -m tests.ui.hall_fullscreen HALL.TOML SHOT.png`` (tests/ui/test_hall_backrow.py).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import hall.app


def main() -> None:
    config, shot = sys.argv[1], Path(sys.argv[2])
    real = hall.app.configure_kivy

    def configure(size: tuple[int, int]) -> None:
        real(size)
        from kivy.clock import Clock  # no window yet: main() sets fullscreen after this

        Clock.schedule_once(lambda dt: report(shot), 2.5)

    hall.app.configure_kivy = configure
    hall.app.main(["--config", config])


def report(shot: Path) -> None:
    from kivy.app import App
    from kivy.core.window import Window

    app: Any = App.get_running_app()
    made = Path(Window.screenshot(name=str(shot)))
    made.replace(shot)
    from tests.ui import audit

    size = (Window.width, Window.height)
    result = {"size": list(Window.size), "screen": app.vm.screen, "s": app.s}
    result["audit"] = [f"{shot.name}: {p}" for p in audit.window(app.root, "hall", size)]
    print("RESULT " + json.dumps(result), flush=True)
    app.stop()


if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    main()
