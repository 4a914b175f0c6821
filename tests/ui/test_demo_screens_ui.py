"""``make demo`` shows the system (issue 13): with a display, the demo also opens the real
hall display and table 1's real kiosk, and waits for table 1's result as a person gives it;
with none, the terminal view as before. Under Xvfb, every wait bounded."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from hub.broker import Credentials
from hub.datadir import BROKER_DIR
from hub.demo import _port_from, run_demo
from hub.demoscreens import screens_wanted
from hub.sim import SimKiosk, SimLeader
from tests.system.test_demo import mosquittos


def screen_apps(folder: Path) -> dict[str, str]:
    """Process id -> app of the whist-hall and whist-kiosk processes configured in ``folder``."""
    found = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            text = b" ".join(argv).decode(errors="replace")
            if str(folder) in text and ("whist-hall" in text or "whist-kiosk" in text):
                found[entry.name] = "hall" if "whist-hall" in text else "kiosk"
    return found


def until(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"no {what} within {timeout} s"
        time.sleep(0.1)


def test_the_demo_opens_the_hall_and_a_kiosk_a_person_plays(tmp_path, kivy_env):
    assert screens_wanted(kivy_env)
    lines: list[str] = []
    result: list[int] = []
    stop = threading.Event()
    demo = threading.Thread(
        target=lambda: result.append(
            run_demo(
                fmt="alberta",
                tables=3,
                hands=2,
                pace=0,
                seed=5,
                data=tmp_path,
                echo=lines.append,
                stop=stop,
                screens=True,
                screens_env=kivy_env,
            )
        ),
        daemon=True,
    )
    demo.start()
    person: SimKiosk | None = None
    watch: SimLeader | None = None
    try:
        until(lambda: any("table 1's kiosk are open" in line for line in lines), 30, "windows")
        until(lambda: sorted(screen_apps(tmp_path).values()) == ["hall", "kiosk"], 10, "apps")
        port = _port_from([line.strip() for line in lines])
        assert port is not None
        creds = Credentials.load_or_create(tmp_path / BROKER_DIR, 3)
        watch = SimLeader("127.0.0.1", port, creds.hall.username, creds.hall.password)
        watch.start()
        # the real kiosk app joins the hall as table 1; the bots never play it
        watch.wait_state(lambda s: s.hand == 1 and 1 not in s.offline, 60)
        time.sleep(1)
        assert watch.state is not None and 1 not in watch.state.reported
        assert not any(line.startswith("hand  1/") for line in lines)  # waiting for table 1
        # the person at table 1 gives each hand's result (here through table 1's login)
        table = creds.table(1)
        person = SimKiosk(1, "127.0.0.1", port, table.username, table.password)
        person.start()
        for hand in (1, 2):
            person.wait_assignment(lambda a, h=hand: a.hand == h, 30)
            assert person.wait_ack(person.submit(7), 30).status == "accepted"
        demo.join(60)
        assert result == [0], "\n".join(lines)
        assert "Final standings" in "\n".join(lines)
    finally:
        stop.set()
        for client in (person, watch):
            if client is not None:
                client.stop()
        demo.join(30)
    until(lambda: screen_apps(tmp_path) == {}, 20, "the apps closed")
    assert mosquittos(tmp_path) == set()


def test_with_no_display_the_demo_stays_in_the_terminal(tmp_path):
    assert not screens_wanted({"HOME": "/root"})
    lines: list[str] = []
    code = run_demo(tables=3, hands=1, pace=0, seed=2, data=tmp_path, echo=lines.append)
    assert code == 0, "\n".join(lines)
    assert not any("kiosk are open" in line for line in lines)
    assert screen_apps(tmp_path) == {}
