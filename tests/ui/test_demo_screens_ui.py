"""``make demo`` shows the system (issue 13): with a display, the demo also opens the real
hall display and table 1's real kiosk, and waits for table 1's result as a person gives it;
with none, the terminal view as before. Under Xvfb, every wait bounded."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hub.broker.broker import Credentials
from hub.demo.demo import _port_from, bot_record, run_demo
from hub.demo.demoscreens import screens_wanted
from hub.demo.sim import SimClubKiosk, SimClubLeader, SimKiosk, SimLeader
from hub.service.datadir import BROKER_DIR
from tests.system.test_demo import mosquittos
from whist.nightspec import LengthSpec


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


class OnScreens:
    """A demo with its screens, in a thread: what it printed, its broker's port, table 1's
    and the hall's logins, and the clients a test starts (stopped with the demo)."""

    def __init__(self, tmp_path: Path, run: Callable[..., int], **kwargs: Any) -> None:
        self.tmp_path = tmp_path
        self.lines: list[str] = []
        self.result: list[int] = []
        self.stop = threading.Event()
        self.clients: list[Any] = []
        self.thread = threading.Thread(
            target=lambda: self.result.append(
                run(pace=0, data=tmp_path, echo=self.lines.append, stop=self.stop, **kwargs)
            ),
            daemon=True,
        )

    def __enter__(self) -> OnScreens:
        self.thread.start()
        lines = self.lines
        until(lambda: any("table 1's kiosk are open" in line for line in lines), 30, "windows")
        until(lambda: sorted(screen_apps(self.tmp_path).values()) == ["hall", "kiosk"], 10, "apps")
        port = _port_from([line.strip() for line in lines])
        assert port is not None
        self.port = port
        return self

    def creds(self, tables: int) -> Credentials:
        return Credentials.load_or_create(self.tmp_path / BROKER_DIR, tables)

    def started(self, client: Any) -> Any:
        self.clients.append(client)
        client.start()
        return client

    def finished(self, last_words: str) -> None:
        self.thread.join(60)
        assert self.result == [0], "\n".join(self.lines)
        assert last_words in "\n".join(self.lines)

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for client in self.clients:
            client.stop()
        self.thread.join(30)
        until(lambda: screen_apps(self.tmp_path) == {}, 20, "the apps closed")
        assert mosquittos(self.tmp_path) == set()


def test_the_demo_opens_the_hall_and_a_kiosk_a_person_plays(tmp_path, kivy_env):
    assert screens_wanted(kivy_env)
    with OnScreens(
        tmp_path,
        run_demo,
        fmt="alberta",
        tables=3,
        hands=2,
        seed=5,
        screens=True,
        screens_env=kivy_env,
    ) as demo:
        creds = demo.creds(3)
        hall = creds.hall
        watch = demo.started(SimLeader("127.0.0.1", demo.port, hall.username, hall.password))
        # the real kiosk app joins the hall as table 1; the bots never play it
        watch.wait_state(lambda s: s.hand == 1 and 1 not in s.offline, 60)
        time.sleep(1)
        assert watch.state is not None and 1 not in watch.state.reported
        assert not any(line.startswith("hand  1/") for line in demo.lines)  # waiting for table 1
        # the person at table 1 gives each hand's result (here through table 1's login)
        table = creds.table(1)
        person = demo.started(SimKiosk(1, "127.0.0.1", demo.port, table.username, table.password))
        for hand in (1, 2):
            person.wait_assignment(lambda a, h=hand: a.hand == h, 30)
            assert person.wait_ack(person.submit(7), 30).status == "accepted"
        demo.finished("Standings after the last hand")  # no count: not final


def test_a_club_nights_demo_opens_the_halls_night_and_a_kiosk_a_person_plays(tmp_path, kivy_env):
    """A club night (Minnesota) too: the hall's night display and table 1's kiosk open, the
    bots keep the other table's score, and each round waits for table 1's deal (issue 13)."""
    import random

    length = LengthSpec(unit="deals", count=2)
    with OnScreens(
        tmp_path,
        run_demo,
        fmt="minnesota",
        tables=2,
        length=length,
        seed=5,
        screens=True,
        screens_env=kivy_env,
    ) as demo:
        creds = demo.creds(2)
        hall = creds.hall
        watch = demo.started(SimClubLeader("127.0.0.1", demo.port, hall.username, hall.password))
        # the real kiosk app joins as table 1 and the bots never play it: the round waits
        watch.wait_state(lambda s: 1 not in s.offline, 60)
        time.sleep(1)
        assert not any(line.startswith("deal ") for line in demo.lines)  # waiting for table 1
        table = creds.table(1)
        person = demo.started(
            SimClubKiosk(1, "127.0.0.1", demo.port, table.username, table.password)
        )
        rng = random.Random(3)
        for deal in (1, 2):
            score = person.wait_score(lambda s, d=deal: s.deal == d, 30)
            ack = person.wait_ack(person.submit_deal(bot_record(rng, "minnesota", score)), 30)
            assert ack.status == "accepted"
        demo.finished("Final standings")
        assert demo.lines[0].startswith("Demo: Demo, 2 tables, minnesota")


def test_with_no_display_the_demo_stays_in_the_terminal(tmp_path):
    assert not screens_wanted({"HOME": "/root"})
    lines: list[str] = []
    code = run_demo(tables=3, hands=1, pace=0, seed=2, data=tmp_path, echo=lines.append)
    assert code == 0, "\n".join(lines)
    assert not any("kiosk are open" in line for line in lines)
    assert screen_apps(tmp_path) == {}
