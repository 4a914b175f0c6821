"""The leader starts the tournament over (issue 22's review of the kiosk's stories): a real
``whist-hub serve`` with its embedded Mosquitto, a real kiosk without a window (its
presenter, MQTT connection and outbox on disk, wired as kiosk/ui.py wires them). Table 2
reports hand 1 and the hub accepts it; the leader stops the hub, sets the log aside and
starts again with ``--new-start``; the kiosk, still running, reconnects by itself. Hand 1
is the new tournament's, which holds no result for table 2: the kiosk must let the players
enter it, not wait, "result in", for a result the hub never had."""

from __future__ import annotations

from hub.broker.broker import Credentials
from hub.demo.sim import SimLeader
from hub.service.datadir import DB_FILE
from hub.service.files import write_spec
from kiosk.viewmodel import Screen
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import HubProcess
from tests.integration.test_club_kiosks import Kiosk
from tests.kiosk.test_connection import UiThread
from tests.ports import quiet_port
from whist.pattern import default_spec

require_mosquitto()

TABLE = 2
WAIT = 15.0


def start_hand(port: int, creds: Credentials) -> None:
    leader = SimLeader("127.0.0.1", port, creds.leader.username, creds.leader.password)
    leader.start()
    try:
        assert leader.connected.wait(WAIT)
        assert leader.command("start_hand", timeout=WAIT).ok
    finally:
        leader.stop()


def test_a_kiosk_plays_hand_1_again_when_the_leader_starts_over(tmp_path):
    spec_file = write_spec(default_spec("alberta", 4, 3), tmp_path / "day.toml")
    data = tmp_path / "hub"
    port = quiet_port()  # the hub's broker goes away and comes back on it
    args = ("--port", str(port), "--bind", "127.0.0.1", "--provision-port", "0")
    hub = HubProcess(spec_file, data, *args).start()
    creds = Credentials.load_or_create(data / "broker", 4)
    ui = UiThread()
    kiosk = Kiosk(TABLE, port, creds, tmp_path / "kiosk", ui)
    try:
        start_hand(port, creds)
        kiosk.start()
        p = kiosk.p
        p.tap_guard = 0  # the taps below are the test's, not a finger's
        kiosk.until(lambda: p.screen in (Screen.MOVE, Screen.HAND), "hand 1")
        if p.screen is Screen.MOVE:
            p.dismiss()
        p.enter_result()
        p.keypad(8)
        p.next()
        p.confirm_home()
        p.confirm_visitors()
        kiosk.until(lambda: p.screen is Screen.ACCEPTED, "the hub's answer")
        p.ok()
        kiosk.until(lambda: p.screen is Screen.WAITING, "waiting")
        assert p.view.waiting.title == "Résultat reçu."  # table 2's kiosk speaks French

        # the leader starts over: the hub stopped, its log set aside, a new start
        assert hub.terminate() == 0
        (data / DB_FILE).rename(tmp_path / "first-try.sqlite3")
        hub = HubProcess(spec_file, data, *args, "--new-start").start()
        start_hand(port, creds)
        kiosk.until(lambda: p.screen in (Screen.MOVE, Screen.HAND), "the new hand 1")
        if p.screen is Screen.MOVE:
            p.dismiss()
        assert p.view.waiting.last_result == ""  # the first try's result is not the hub's
        p.enter_result()
        assert p.screen is Screen.ENTRY
    finally:
        kiosk.stop()
        hub.kill()
