"""A real ``whist-hub serve`` process for tests that kill it, and in-process hub helpers."""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

from hub.broker.broker import Credentials
from hub.service.core import HubCore
from hub.service.files import write_spec
from hub.service.service import Hub
from hub.service.store import EventStore
from tests.ports import quiet_port
from tests.zygote import Forked
from whist.nightspec import LengthSpec, default_night, load_night
from whist.protocol import Topics
from whist.spec import TournamentSpec

WAIT = 10.0
#: Upper bound for a hub to say it is ready: its start replays the log, makes the hall's
#: certificates and starts its broker, slower when both cores are busy with the suite.
READY_WAIT = 30.0


class HubProcess:
    """``python -m hub.cli serve FILE --data DIR …`` with its output kept for diagnosis."""

    def __init__(self, spec_file: Path, data_dir: Path, *args: str) -> None:
        #: ``whist-hub``'s arguments (``python -m hub.cli`` …)
        self.args = ["serve", str(spec_file), "--data", str(data_dir), *args]
        if "--tls-port" not in args:  # never the real 8883: other hubs may run here
            self.args += ["--tls-port", str(quiet_port())]
        if "--phones-port" not in args:  # never the real 8080; phones only where tested
            self.args += ["--no-phones"]
        self.data_dir = data_dir
        self.proc: Forked | None = None
        self.lines: list[str] = []
        self._ready = threading.Event()

    def start(self, timeout: float = READY_WAIT) -> HubProcess:
        self._ready.clear()
        # forked from a server with the hub's modules loaded (tests/zygote.py): as
        # ``python -m hub.cli serve …``, without importing them again at every start
        folder = self.data_dir.parent
        folder.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = Forked("hub.cli", self.args, env, folder, stderr_to_stdout=True)
        threading.Thread(target=self._read, args=(self.proc,), daemon=True).start()
        if not self._ready.wait(timeout):
            self.kill()
            raise AssertionError("hub did not get ready:\n" + "".join(self.lines[-30:]))
        return self

    def _read(self, proc: Forked) -> None:
        while (line := proc.readline(1.0)) != "":
            if line is None:
                continue
            self.lines.append(line)
            if "Hub ready" in line:
                self._ready.set()

    def kill(self) -> None:
        """SIGKILL: no goodbye, no offline message but the broker's last will."""
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(WAIT)

    def terminate(self, timeout: float = WAIT) -> int:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        return self.proc.wait(timeout)

    @property
    def output(self) -> str:
        return "".join(self.lines)


def serve_night(
    folder: Path, game: str, tables: int, house_rules: tuple[str, ...] = ()
) -> tuple[HubProcess, int, Path, Credentials]:
    """A real ``whist-hub serve`` of an open club night of ``game`` (with ``house_rules``) in
    ``folder`` (its file, its data in ``folder/hub``), its own Mosquitto on a free loopback
    port: the hub, the port, the data folder and the logins."""
    spec = default_night(game, tables, length=LengthSpec(unit="open"))
    if house_rules:
        spec = load_night({**spec.to_dict(), "house_rules": list(house_rules)})
    night_file = write_spec(spec, folder / "night.toml")
    port = quiet_port()
    data = folder / "hub"
    hub = HubProcess(
        night_file, data, "--port", str(port), "--bind", "127.0.0.1", "--provision-port", "0"
    ).start()
    try:
        return hub, port, data, Credentials.load_or_create(data / "broker", tables)
    except BaseException:
        hub.kill()
        raise


class InProcessHub:
    """A Hub with its own store, in this process (threads), for tests that don't kill it."""

    def __init__(
        self,
        spec: TournamentSpec,
        data_dir: Path,
        host: str,
        port: int,
        username: str | None = None,
        password: str | None = None,
        topics: Topics | None = None,
        client_id: str | None = None,
        feed_qos: int = 1,
    ) -> None:
        self.store = EventStore(data_dir / "hub.sqlite3")
        self.core = HubCore(self.store, spec, topics=topics)
        self.hub = Hub(
            self.core,
            host=host,
            port=port,
            username=username,
            password=password,
            client_id=client_id or f"whist-hub-{data_dir.name}",
            feed_qos=feed_qos,
        )

    def __enter__(self) -> InProcessHub:
        self.hub.start()
        assert self.hub.wait_connected(WAIT), "the hub could not connect"
        return self

    def __exit__(self, *exc: object) -> None:
        self.hub.stop()
        self.store.close()


def wait_for(predicate, timeout: float = WAIT, what: str = "condition") -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout} s")
        time.sleep(0.05)
