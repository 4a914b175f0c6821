"""The suite's app and hub processes, forked from a server that has our modules loaded already.

Every UI scenario is a window of its own, so a process of its own (tests/ui/conftest.py), and
the integration tests start a real ``whist-hub serve`` again and again
(tests/integration/hubproc.py). A new Python spent 1.3 s of CPU importing the kiosk, half of it
on what never touches Kivy (the protocol's models, the presenters, paho), and 0.7 s importing
the hub: the suite starts a few hundred such processes on two cores. A :mod:`multiprocessing`
fork server (one for each pytest worker) loads those modules once; each process is forked from
it and runs ``python -m MODULE ARGS`` as before, with its own environment, folder and output
files. Kivy itself is imported in the child, after the child's environment is set: it reads
KIVY_HOME and the display at import.
"""

from __future__ import annotations

import multiprocessing
import os
import runpy
import signal
import subprocess
import sys
import threading
import time
from multiprocessing.connection import wait as wait_for_sentinel
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

#: Loaded once in the fork server: nothing here may import Kivy or start a thread.
PRELOAD = [
    "tests.zygote",
    "whist.protocol",
    "whist.formats",
    "whist.tournament",
    "uikit.presenter",
    "kiosk.presenter",
    "kiosk.config",
    "kiosk.connection",
    "kiosk.outbox",
    "console.presenter",
    "hall.presenter",
    "paho.mqtt.client",
    "hub.cli",
    "hub.service.serve",
]

_context: Any = None

#: Held around everything that reads a child's exit status from the fork server. The status is
#: one 8-byte message on the child's sentinel; multiprocessing reads it in ``poll`` without a
#: lock, so two threads polling at the end (the output's reader and the test's ``wait``) both
#: see the sentinel ready, one reads the status and the other reads the end of the pipe and
#: overwrites the status with 255. ``Process.start`` polls every earlier child too.
_status_lock = threading.Lock()


def _server() -> Any:
    global _context
    if _context is None:
        _context = multiprocessing.get_context("forkserver")
        _context.set_forkserver_preload(PRELOAD)
    return _context


def _child(module: str, args: list[str], env: dict[str, str], out: str, err: str) -> None:
    """In the forked process: the environment, the output files, then the module as main."""
    os.chdir(ROOT)
    os.environ.clear()
    os.environ.update(env)
    for fd, path in ((1, out), (2, err)):
        target = os.open(path, os.O_WRONLY | os.O_APPEND)
        os.dup2(target, fd)
        os.close(target)
    sys.stdout = open(1, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    sys.stderr = open(2, "w", encoding="utf-8", buffering=1, closefd=False)  # noqa: SIM115
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.path.insert(0, str(ROOT))
    sys.argv = [module, *args]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


class Forked:
    """What the UI scenarios and the real hubs used of :class:`subprocess.Popen`, for a process
    of the fork server: ``stdout`` and ``stderr`` are files the child writes (read with
    :meth:`readline`)."""

    def __init__(
        self,
        module: str,
        args: list[str],
        env: dict[str, str],
        folder: Path,
        *,
        stderr_to_stdout: bool = False,
    ) -> None:
        stem = folder / f"{module.rsplit('.', 1)[-1]}-{os.getpid()}-{id(self)}"
        self.out_path = stem.with_suffix(".out")
        self.err_path = self.out_path if stderr_to_stdout else stem.with_suffix(".err")
        for path in (self.out_path, self.err_path):
            path.write_bytes(b"")
        self.returncode: int | None = None
        self.process = _server().Process(
            target=_child,
            args=(module, args, env, str(self.out_path), str(self.err_path)),
            daemon=True,
        )
        with _status_lock:
            self.process.start()
        self.pid: int = self.process.pid
        self.stdout = self.out_path.open(encoding="utf-8", errors="replace")
        self._partial = ""

    def readline(self, timeout: float) -> str | None:
        """The next whole line the child wrote; "" once it has ended and said all; None if
        nothing came within ``timeout``."""
        deadline = time.monotonic() + timeout
        while True:
            # ended before this read: the read gets all it wrote, up to the next line's end
            ended = self.poll() is not None
            self._partial += self.stdout.readline()
            if self._partial.endswith("\n") or ended:
                line, self._partial = self._partial, ""
                return line
            if time.monotonic() > deadline:
                return None
            time.sleep(0.02)

    def poll(self) -> int | None:
        with _status_lock:
            self.returncode = self.process.exitcode
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        wait_for_sentinel([self.process.sentinel], timeout)
        if self.poll() is None:
            raise subprocess.TimeoutExpired(str(self.process.name), timeout or 0)
        assert self.returncode is not None
        return self.returncode

    def communicate(self, timeout: float | None = None) -> tuple[str, str]:
        """Wait for the end; everything the child wrote (stdout, stderr)."""
        self.wait(timeout)
        out = self._partial + self.stdout.read()
        self._partial = ""
        return out, self.stderr_text()

    def stderr_text(self) -> str:
        return self.err_path.read_text(encoding="utf-8", errors="replace")

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            os.kill(self.pid, sig)
