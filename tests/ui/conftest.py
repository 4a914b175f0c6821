"""UI fixtures: a real X server (Xvfb), a real Mosquitto, and the kiosk app in a subprocess.

Kivy makes one window per process, so every scenario runs ``python -m tests.ui.driver`` in a
process of its own (tests/ui/driver.py), forked from a server that has our modules loaded
(tests/zygote.py), and reports back one JSON line. Screenshots go to
``screenshots/kiosk/`` at the repository root (git-ignored), named
``{language}-{width}x{height}-{nn}-{screen}.png``.

Why Xvfb: the kiosk draws with OpenGL through SDL2. Under Xvfb, Mesa's llvmpipe renders real
pixels into a real X11 window, the same path a desktop takes, and Window.screenshot reads
them back. (SDL's "offscreen" driver renders too, through EGL, but then nothing in the
test is a real window; Xvfb also lets one watch a run with x11vnc when a test misbehaves.)
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hub.broker.broker import EmbeddedBroker
from tests.integration.conftest import mosquitto_missing
from tests.ports import quiet_port
from tests.zygote import Forked

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "screenshots" / "kiosk"
#: Upper bound for one scenario process (Kivy start, a whole hand, screenshots).
SCENARIO_TIMEOUT = 300.0
#: What the screenshot audit (tests/ui/audit.py) cost each scenario of this process:
#: (pictures, seconds), summed up at the end of the run (in this process: ``-n 0``).
AUDIT_COST: list[tuple[int, float]] = []


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if AUDIT_COST:
        shots = sum(n for n, _ in AUDIT_COST)
        seconds = sum(s for _, s in AUDIT_COST)
        terminalreporter.write_line(
            f"screenshot audit: {shots} pictures, {seconds:.2f} s in all "
            f"({1000 * seconds / max(1, shots):.1f} ms a picture)"
        )


def xvfb_missing() -> str | None:
    if shutil.which("Xvfb") is None:
        return "Xvfb is not installed (the UI tests need an X server): sudo apt install xvfb"
    return None


@pytest.fixture(scope="session")
def display() -> Iterator[str]:
    """A private Xvfb, big enough for 1920x1080 and a portrait 720x1280; yields its
    DISPLAY value."""
    reason = xvfb_missing() or mosquitto_missing()
    if reason and os.environ.get("WHIST_NO_SKIP") == "1":
        pytest.fail(reason, pytrace=False)  # the test command installed them: say so
    if reason:
        pytest.skip(reason)
    read, write = os.pipe()
    # -displayfd: Xvfb picks a free display number itself and writes it to the pipe.
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1920x1280x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    if not number:
        proc.kill()
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        if os.environ.get("WHIST_NO_SKIP") == "1":
            pytest.fail(f"Xvfb did not start: {err.strip()[:300]}", pytrace=False)
        pytest.skip(f"Xvfb did not start: {err.strip()[:300]}")
    try:
        yield f":{number}"
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture
def kivy_env(display: str, tmp_path: Path) -> dict[str, str]:
    """The environment of a kiosk process: our display, a throw-away KIVY_HOME, quiet logs."""
    home = tmp_path / "kivy-home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("KIVY_", "SDL_"))}
    env.update(
        DISPLAY=display,
        KIVY_NO_ARGS="1",
        KIVY_NO_CONSOLELOG="1",
        KIVY_NO_FILELOG="1",
        KIVY_HOME=str(home),
        KIVY_LOG_MODE="PYTHON",
        SDL_AUDIODRIVER="dummy",  # no sound card in CI
        # No multisampling: Mesa's software renderer (llvmpipe, the only GPU under Xvfb) spent
        # a third of a story's CPU on it. Only the edges of rounded shapes lose their
        # smoothing; every size, place and text is the same (the audit reads the widget tree).
        KCFG_GRAPHICS_MULTISAMPLES="0",
        # llvmpipe draws in the app's own thread: its helper threads cost 7 % more CPU in all.
        LP_NUM_THREADS="0",
        PYTHONUNBUFFERED="1",
    )
    return env


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[EmbeddedBroker]:
    """A fresh embedded Mosquitto (4 tables, per-table logins and ACLs) for one scenario."""
    with EmbeddedBroker(tmp_path / "broker", 4, port=quiet_port(), bind="127.0.0.1") as b:
        yield b


def broker_spec(broker: EmbeddedBroker) -> dict[str, Any]:
    creds = broker.credentials
    return {
        "host": broker.host,
        "port": broker.port,
        "hub_user": creds.hub.username,
        "hub_password": creds.hub.password,
        "leader_user": creds.leader.username,
        "leader_password": creds.leader.password,
        "dead_port": quiet_port(),
    }


def write_kiosk_config(path: Path, broker: EmbeddedBroker, table: int, **extra: Any) -> Path:
    cred = broker.credentials.table(table)
    lines = [
        f"table = {table}",
        f'host = "{broker.host}"',
        f"port = {broker.port}",
        f'username = "{cred.username}"',
        f'password = "{cred.password}"',
    ]
    for key, value in extra.items():
        lines.append(f"{key} = {json.dumps(value)}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    path.chmod(0o600)
    return path


class Scenario:
    """One ``python -m MODULE SPEC.json`` process, forked (``tests.ui.driver``, the kiosk's,
    unless a subclass names another): ``name``, its spec file's name; ``home``, a KIVY_HOME of
    its own (two apps started at once each need one: Kivy makes folders in it at import)."""

    module = "tests.ui.driver"

    def __init__(
        self,
        spec: dict[str, Any],
        env: dict[str, str],
        workdir: Path,
        *,
        name: str | None = None,
        home: Path | None = None,
    ) -> None:
        name = name or f"scenario-{spec['scenario']}-{os.getpid()}-{id(self)}"
        self.spec_file = workdir / f"{name}.json"
        self.spec_file.write_text(json.dumps(spec), encoding="utf-8")
        if home is not None:
            home.mkdir(exist_ok=True)
            env = {**env, "KIVY_HOME": str(home)}
        # forked from a server with our modules loaded (tests/zygote.py), not a new Python
        self.proc = Forked(self.module, [str(self.spec_file)], env, workdir)

    def readline_starting(self, prefix: str, timeout: float = SCENARIO_TIMEOUT) -> str:
        """Read stdout until a line starting with *prefix*; the rest of that line."""
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            line = self.proc.readline(min(left, 0.2))
            if line is None:
                continue
            if not line:
                break
            if line.startswith(prefix):
                return line[len(prefix) :].strip()
        raise AssertionError(f"no {prefix!r} line from the kiosk:\n{self.stderr_tail()}")

    def stderr_tail(self) -> str:
        if self.proc.poll() is None:
            return "(still running)"
        return self.proc.stderr_text()[-4000:]

    def report(self, timeout: float = SCENARIO_TIMEOUT) -> dict[str, Any]:
        """Wait for the process; its RESULT, failing the test with its error if it had one."""
        try:
            out, err = self.proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, err = self.proc.communicate()
            message = f"the scenario did not finish in {timeout} s:\n{err[-4000:]}"
            raise AssertionError(message) from None
        lines = [line for line in out.splitlines() if line.startswith("RESULT ")]
        assert lines, (
            f"the kiosk process ended ({self.proc.returncode}) with no RESULT:\n{err[-4000:]}"
        )
        report: dict[str, Any] = json.loads(lines[-1][len("RESULT ") :])
        AUDIT_COST.append((len(report.get("shots", ())), report.get("audit_seconds", 0.0)))
        assert not report.get("error"), report["error"] + "\n" + err[-3000:]
        return report

    def kill(self) -> None:
        """SIGKILL: no on_stop, no goodbye; the broker's last will says offline."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


def _kiosk_spec(
    tmp_path: Path, broker: EmbeddedBroker, *, scenario: str, prefix: str, language: str, table: int
) -> dict[str, Any]:
    """A driver's spec: table ``table``'s kiosk in ``language``, its screenshots ``prefix``."""
    config = write_kiosk_config(
        tmp_path / "kiosk.toml",
        broker,
        table,
        data_dir=str(tmp_path / "kiosk-data"),
        language=language,
    )
    return {
        "scenario": scenario,
        "config": str(config),
        "shots": str(SHOTS),
        "prefix": prefix,
        "table": table,
        "broker": broker_spec(broker),
    }


def presenter_walk(
    tmp_path: Path,
    env: dict[str, str],
    broker: EmbeddedBroker,
    *,
    scenario: str,
    prefix: str,
    language: str,
    table: int,
    names: list[str],
) -> dict[str, Any]:
    """Table ``table``'s kiosk shown by ``scenario`` (tests/ui/driver.py), which gives the
    core's own messages to its presenter (no hub): the layout audit is clean and exactly the
    screenshots ``names`` were saved. Returns the scenario's report."""
    spec = _kiosk_spec(
        tmp_path, broker, scenario=scenario, prefix=prefix, language=language, table=table
    )
    report: dict[str, Any] = Scenario(spec, env, tmp_path).report()
    assert report["audit"] == [], "\n".join(report["audit"])
    assert sorted(report["shots"]) == sorted(f"{prefix}-800x480-{n}.png" for n in names)
    return report


def club_night_walk(
    tmp_path: Path,
    env: dict[str, str],
    broker: EmbeddedBroker,
    *,
    scenario: str,
    game: str,
    language: str,
    tables: int,
    table: int,
    names: list[str],
    house_rules: tuple[str, ...] = (),
) -> tuple[dict[str, Any], Any]:
    """A club night walked through table ``table``'s kiosk by ``scenario`` (tests/ui/driver.py)
    against a real club hub: the layout audit is clean, exactly the screenshots ``names`` were
    saved (none empty), and the night ended. Returns the scenario's texts and the night the
    hub holds, replayed from its log."""
    from hub.service.store import EventStore
    from whist.night import ClubNight

    prefix = f"{language}-club-{game}"
    spec = _kiosk_spec(
        tmp_path, broker, scenario=scenario, prefix=prefix, language=language, table=table
    )
    spec["night"] = {
        "format": game,
        "tables": tables,
        "data": str(tmp_path / "hub"),
        "house_rules": list(house_rules),
    }
    report = Scenario(spec, env, tmp_path).report()
    assert report["audit"] == [], "\n".join(report["audit"])
    expected = sorted(f"{prefix}-800x480-{name}.png" for name in names)
    assert sorted(report["shots"]) == expected
    for name in expected:
        assert (SHOTS / name).stat().st_size > 5000, f"{name} looks empty"
    with EventStore(tmp_path / "hub" / "hub.sqlite3") as store:
        held = ClubNight.replay(store.events())
    assert held.ended
    return report["texts"], held
