"""The demo's screens: with a display, ``whist-hub demo`` also opens the hall display and
table 1's kiosk, each the real app in its own process, for a person to watch the standings
and play table 1 (bots play the other tables). With no display the demo stays in the
terminal.

>>> screens_wanted({"DISPLAY": ":0"}), screens_wanted({})
(True, False)
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

import tomli_w

from hub.broker.broker import Credentials, provisioning_text
from hub.broker.private import write_private

#: The table a person plays in the demo.
PERSON_TABLE = 1


def screens_wanted(env: Mapping[str, str]) -> bool:
    """Whether this session can open windows (an X or Wayland display)."""
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


class DemoScreens:
    """The hall display and table 1's kiosk, started as their own programs and closed with
    the demo (a context manager). ``bin_dir`` holds the ``whist-hall`` and ``whist-kiosk``
    commands (this Python's, by default).

    >>> with DemoScreens(folder, port, creds) as screens:   # doctest: +SKIP
    ...     screens.running()
    True
    """

    def __init__(
        self,
        folder: Path,
        port: int,
        creds: Credentials,
        *,
        bin_dir: Path | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.folder = folder
        self.port = port
        self.creds = creds
        self.bin_dir = bin_dir or Path(sys.executable).parent
        self.env = dict(env) if env is not None else None
        self.procs: list[subprocess.Popen[bytes]] = []

    def configs(self) -> tuple[Path, Path]:
        """Write hall.toml and kiosk.toml (windows, not fullscreen: it is someone's desktop)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        hall = self.folder / "hall.toml"
        login = self.creds.hall
        body = {
            "host": "127.0.0.1",
            "port": self.port,
            "username": login.username,
            "password": login.password,
            "fullscreen": False,
        }
        write_private(hall, tomli_w.dumps(body))
        kiosk = self.folder / "kiosk.toml"
        table = self.creds.table(PERSON_TABLE)
        text = provisioning_text(
            PERSON_TABLE, "127.0.0.1", self.port, table.username, table.password
        )
        write_private(kiosk, text + "fullscreen = false\n")
        return hall, kiosk

    def __enter__(self) -> DemoScreens:
        hall, kiosk = self.configs()
        for command, config in (("whist-hall", hall), ("whist-kiosk", kiosk)):
            self.procs.append(
                subprocess.Popen(
                    [str(self.bin_dir / command), "--config", str(config)],
                    env=self.env,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        return self

    def running(self) -> bool:
        return bool(self.procs) and all(p.poll() is None for p in self.procs)

    def __exit__(self, *exc: object) -> None:
        for p in self.procs:
            if p.poll() is None:
                p.terminate()
        for p in self.procs:
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(5)
        self.procs.clear()
