"""systemd's notification protocol (sd_notify), without a C library: one datagram per message.

``Type=notify`` units wait for READY=1; ``WatchdogSec=`` units restart the service when the
pings stop. Outside systemd (no NOTIFY_SOCKET) every call does nothing.

>>> sd = Systemd(address=None)       # not under systemd: a silent no-op
>>> sd.ready(); sd.watchdog_period() is None
True
"""

from __future__ import annotations

import contextlib
import os
import socket


class Systemd:
    """Talk to the service manager that started us, if any."""

    def __init__(self, address: str | None = "") -> None:
        # "" means: read NOTIFY_SOCKET (and remove it, so children don't talk in our name).
        if address == "":
            address = os.environ.pop("NOTIFY_SOCKET", None)
        self._socket: socket.socket | None = None
        if not address or address[0] not in ("@", "/"):
            return
        if address[0] == "@":
            address = "\0" + address[1:]  # Linux abstract namespace
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
        try:
            sock.connect(address)
        except OSError:
            sock.close()
            return
        self._socket = sock

    @property
    def available(self) -> bool:
        return self._socket is not None

    def notify(self, message: str) -> None:
        if self._socket is not None:
            with contextlib.suppress(OSError):  # the manager went away: nothing to tell
                self._socket.sendall(message.encode("utf-8"))

    def ready(self, status: str | None = None) -> None:
        self.notify("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def status(self, text: str) -> None:
        self.notify(f"STATUS={text}")

    def stopping(self) -> None:
        self.notify("STOPPING=1")

    def watchdog_ping(self) -> None:
        self.notify("WATCHDOG=1")

    def watchdog_period(self) -> float | None:
        """Seconds within which systemd expects a ping, or None without a watchdog."""
        usec = os.environ.get("WATCHDOG_USEC")
        pid = os.environ.get("WATCHDOG_PID")
        if usec is None or not usec.isdigit() or (pid is not None and pid != str(os.getpid())):
            return None
        return int(usec) / 1_000_000

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None
