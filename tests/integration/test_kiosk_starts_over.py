"""The leader starts the tournament over (issue 22's review of the kiosk's stories): a real
``whist-hub serve`` with its embedded Mosquitto, a real kiosk without a window (its
presenter, MQTT connection and outbox on disk, wired as kiosk/ui.py wires them). Table 2
reports hand 1 and the hub accepts it; the leader stops the hub, sets the log aside and
starts again with ``--new-start``; the kiosk, still running, reconnects by itself. Hand 1
is the new tournament's, which holds no result for table 2: the kiosk must let the players
enter it, not wait, "result in", for a result the hub never had."""

from __future__ import annotations

from pathlib import Path

from hub.broker.broker import Credentials
from hub.demo.sim import SimLeader
from hub.service.datadir import DB_FILE
from hub.service.files import write_spec
from hub.service.store import EventStore
from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import HubProcess
from tests.integration.test_club_kiosks import Kiosk
from tests.kiosk.test_connection import UiThread
from tests.ports import quiet_port
from whist.events import ResultRecorded
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


class Hall:
    """A hub with its embedded broker on a port that stays free while it is away, hand 1
    started, and table 2's kiosk on hand 1's screen."""

    def __init__(self, tmp_path: Path) -> None:
        self.tmp_path = tmp_path
        self.spec_file = write_spec(default_spec("alberta", 4, 3), tmp_path / "day.toml")
        self.data = tmp_path / "hub"
        self.port = quiet_port()  # the hub's broker goes away and comes back on it
        self.args = ("--port", str(self.port), "--bind", "127.0.0.1", "--provision-port", "0")
        self.hub = HubProcess(self.spec_file, self.data, *self.args).start()
        self.creds = Credentials.load_or_create(self.data / "broker", 4)
        self.kiosk = Kiosk(TABLE, self.port, self.creds, tmp_path / "kiosk", UiThread())

    def first_hand(self) -> TablePresenter:
        start_hand(self.port, self.creds)
        self.kiosk.start()
        p = self.kiosk.p
        p.tap_guard = 0  # the taps are the test's, not a finger's
        self.kiosk.until(lambda: p.screen in (Screen.MOVE, Screen.HAND), "hand 1")
        if p.screen is Screen.MOVE:
            p.dismiss()
        return p

    def hub_away(self) -> None:
        """The leader stops the hub (its broker with it)."""
        assert self.hub.terminate() == 0

    def start_over(self) -> None:
        """The leader sets the stopped hub's log aside and starts a new tournament."""
        (self.data / DB_FILE).rename(self.tmp_path / "first-try.sqlite3")
        self.hub = HubProcess(self.spec_file, self.data, *self.args, "--new-start").start()
        start_hand(self.port, self.creds)

    def stop(self) -> None:
        self.kiosk.stop()
        self.hub.kill()


def enter_8_tricks(p: TablePresenter) -> None:
    p.enter_result()
    p.keypad(8)
    p.next()
    p.confirm_home()
    p.confirm_visitors()


def test_a_kiosk_plays_hand_1_again_when_the_leader_starts_over(tmp_path):
    hall = Hall(tmp_path)
    kiosk = hall.kiosk
    try:
        p = hall.first_hand()
        enter_8_tricks(p)
        kiosk.until(lambda: p.screen is Screen.ACCEPTED, "the hub's answer")
        p.ok()
        kiosk.until(lambda: p.screen is Screen.WAITING, "waiting")
        assert p.view.waiting.title == "Résultat reçu."  # table 2's kiosk speaks French

        hall.hub_away()
        hall.start_over()
        kiosk.until(lambda: p.screen in (Screen.MOVE, Screen.HAND), "the new hand 1")
        if p.screen is Screen.MOVE:
            p.dismiss()
        assert p.view.waiting.last_result == ""  # the first try's result is not the hub's
        p.enter_result()
        assert p.screen is Screen.ENTRY
    finally:
        hall.stop()


def test_a_result_entered_for_the_first_try_is_refused_by_the_new_one(tmp_path):
    """Table 2 enters hand 1 while the hub is away; the leader starts over meanwhile. The
    kiosk's outbox sends the result when the new hub comes: it was entered for the first try,
    so the new tournament refuses it (``other_event``) and holds nothing for table 2; the
    players read why, in their language, and enter the hand again for the new tournament."""
    hall = Hall(tmp_path)
    kiosk = hall.kiosk
    try:
        p = hall.first_hand()
        kiosk.until(lambda: kiosk.connection.hub_log is not None, "the hub's epoch")
        first_log = kiosk.connection.hub_log

        # the hub goes away; the players enter hand 1 all the same: it waits in the outbox
        hall.hub_away()
        kiosk.until(lambda: not kiosk.connection.connected.is_set(), "the hub gone")
        enter_8_tricks(p)
        kiosk.until(lambda: len(kiosk.outbox.pending()) == 1, "the result kept")
        assert kiosk.outbox.pending()[0].log == first_log

        # the leader starts over; the outbox sends the first try's result to the new hub
        hall.start_over()
        kiosk.until(lambda: p.screen is Screen.REJECTED, "the new hub's refusal")
        assert p.view.rejected.reason.startswith("Ce résultat a été saisi avant que l'arbitre")
        assert kiosk.outbox.pending() == []
        with EventStore(hall.data / DB_FILE) as store:
            assert not [e for e in store.events() if isinstance(e, ResultRecorded)]

        # entered again, it is the new tournament's
        p.enter_again()
        p.next()
        p.confirm_home()
        p.confirm_visitors()
        kiosk.until(lambda: p.screen is Screen.ACCEPTED, "the new hub's answer")
        assert kiosk.connection.hub_log not in (None, first_log)
        with EventStore(hall.data / DB_FILE) as store:
            recorded = [e for e in store.events() if isinstance(e, ResultRecorded)]
        assert [(e.hand, e.table) for e in recorded] == [(1, TABLE)]
    finally:
        hall.stop()
