"""``python -m hardware.check``: the volunteer's way to try a wired pad, LEDs and serial boxes."""

from __future__ import annotations

import io
import subprocess
import sys
import threading

import pytest

from hardware import check
from hardware.testing import PtyPeer

from .conftest import eventually


class Run:
    """``check.main`` on its own thread, as a volunteer's terminal would run it."""

    def __init__(self, argv, **kw) -> None:
        self.out = io.StringIO()
        self.stop = threading.Event()
        self.status: int | None = None
        self.thread = threading.Thread(
            target=lambda: setattr(
                self, "status", check.main(argv, stop=self.stop, out=self.out, **kw)
            )
        )
        self.thread.start()

    def wait_for(self, text: str) -> None:
        eventually(lambda: text in self.out.getvalue(), what=f"{text!r} in {self.out.getvalue()!r}")

    def finish(self) -> str:
        self.stop.set()
        self.thread.join(5)
        assert not self.thread.is_alive()
        assert self.status == 0
        return self.out.getvalue()


@pytest.fixture(autouse=True)
def quick_chase(monkeypatch):
    monkeypatch.setattr(check, "CHASE_STEP", 0.01)


def tap(factory, pin):
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_pad_and_leds(factory):
    leds = [factory.pin(p) for p in (5, 6, 13, 19, 26, 12, 16, 20, 21, 4, 18, 25)]
    run = Run(["--pad", "--leds"], pin_factory=factory)
    run.wait_for("ready")
    # the chase lit each LED once and put it out again; then the bar shows 7 tricks
    for n, pin in enumerate(leds):
        assert [bool(s.state) for s in pin.states] == [False, True, False] + [True] * (n < 7)
    assert sum(pin.state for pin in leds) == 7  # the trick count, after the chase
    tap(factory, 27)
    run.wait_for("visitors' tricks: 8")
    assert sum(pin.state for pin in leds) == 8
    tap(factory, 17)
    tap(factory, 22)
    run.wait_for("OK       -> ok")
    out = run.finish()
    for n in range(1, 13):
        assert f"LED {n} on" in out
    assert "status LED on" in out
    assert "buttons: minus = 17, plus = 27, ok = 22" in out
    assert "-        -> decrement    visitors' tricks: 7" in out


def test_long_press_and_a_config_file(factory, tmp_path):
    kiosk = tmp_path / "kiosk.toml"
    kiosk.write_text(
        'table = 3\nhost = "hub"\n[hardware.pad]\nok = 5\ncall = 6\nhold_time = 0.3\n',
        encoding="utf-8",
    )
    run = Run(["--config", str(kiosk), "--pad"], pin_factory=factory)
    run.wait_for("ready")
    factory.pin(5).drive_low()
    run.wait_for("OK held  -> back")
    factory.pin(5).drive_high()
    tap(factory, 6)
    run.wait_for("Call     -> call_leader")
    assert "ok = 5, call = 6" in run.finish()


def test_a_wrong_config_is_explained(tmp_path):
    kiosk = tmp_path / "kiosk.toml"
    kiosk.write_text("[hardware.pad]\nhold = 1\n", encoding="utf-8")
    out = io.StringIO()
    assert check.main(["--config", str(kiosk), "--pad"], out=out) == 2
    assert "unknown key 'hold' (did you mean 'hold_time'?" in out.getvalue()


def test_nothing_to_check():
    out = io.StringIO()
    assert check.main([], out=out) == 2
    assert "give --pad" in out.getvalue()


def test_a_pad_that_cannot_be_built(factory):
    from gpiozero import LED

    out = io.StringIO()
    with LED(22, pin_factory=factory):
        assert check.main(["--pad"], pin_factory=factory, out=out) == 1
    assert "cannot build the device: GPIOPinInUse" in out.getvalue()


def test_counter(tmp_path):
    with PtyPeer(tmp_path / "ttyFLAGS") as box:
        box.expect("HELLO WHIST 1", ["HELLO FLAGCOUNTER 1"])
        box.expect("COUNT?", ["FLAGS 12"])
        run = Run(["--counter", box.path])
        run.wait_for("counter: 12 flags")
        box.send("FLAGS 11")
        run.wait_for("counter: 11 flags")
        assert "counter: talking" in run.finish()


def test_scoreboard(tmp_path):
    with PtyPeer(tmp_path / "ttyBOARD") as board:
        run = Run(["--scoreboard", board.path, "--teams", "3"])
        assert board.next_line() == "HELLO WHIST 1"
        assert board.lines_until("SHOW")[1] == "ROW 1 1 1 13 Team 1"
        run.wait_for("scoreboard: page sent")
        run.finish()


def test_runs_as_a_module_off_a_pi():
    # No GPIO on a build machine: a clear message and status 1, never a traceback.
    done = subprocess.run(
        [sys.executable, "-m", "hardware.check", "--pad", "--seconds", "1"],
        capture_output=True,
        text=True,
        timeout=30,
        env={"GPIOZERO_PIN_FACTORY": "nosuchfactory", "PATH": ""},
    )
    assert done.returncode == 1, done.stdout + done.stderr
    assert "cannot build the device" in done.stdout
    assert "Traceback" not in done.stderr
