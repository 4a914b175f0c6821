"""Issue 6's "done when", with the real kiosk: its presenter, connection and outbox (no
window), a button pad and an LED bar on gpiozero's MockFactory, a real broker and hub. A whole
hand from buttons alone; the LEDs follow the flags; a flag counter's mismatch reaches the
leader as a call."""

from __future__ import annotations

import pytest

from hardware import ButtonPad, LedBar
from hub.demo.sim import SimLeader
from kiosk.config import KioskConfig
from kiosk.connection import KioskConnection
from kiosk.outbox import Outbox
from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen
from tests.hardware.conftest import UiQueue
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import InProcessHub
from whist.pattern import default_spec

require_mosquitto()

PAD = {"minus": 17, "plus": 27, "ok": 22, "call": 23}
BAR = (5, 6, 12, 13, 16, 19, 20, 21, 26, 4, 14, 15)
TABLE = 2


def press(factory, pin):
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


@pytest.fixture
def broker(tmp_path):
    from hub.broker.broker import EmbeddedBroker
    from tests.ports import quiet_port

    with EmbeddedBroker(tmp_path / "broker", 4, port=quiet_port(), bind="127.0.0.1") as b:
        yield b


@pytest.fixture
def table(tmp_path, broker, factory):
    creds = broker.credentials
    spec = default_spec("alberta", 4, 3)
    ui = UiQueue()
    with InProcessHub(spec, tmp_path / "hub-data", broker.host, broker.port,
                      creds.hub.username, creds.hub.password) as hub:
        login = creds.table(TABLE)
        config = KioskConfig(table=TABLE, host=broker.host, port=broker.port,
                             username=login.username, password=login.password,
                             data_dir=str(tmp_path / "kiosk"))
        outbox = Outbox(config.data_path / "outbox.sqlite3")
        connection = None

        class Link:
            def submit(self, result):
                return connection.submit(result)

            def call_leader(self, reason=""):
                return connection.call_leader(reason)

        # The pad is pressed faster than a person could: no pause after a screen change.
        presenter = TablePresenter(TABLE, link=Link(), language="en", tap_guard=0)
        connection = KioskConnection(config, outbox, presenter, post=ui.post,
                                     client_id=f"kiosk-{TABLE}-pad")
        pad = ButtonPad(presenter, ui.post, hold_time=0.5, repeat_time=0, pin_factory=factory,
                        **PAD)
        bar = LedBar(BAR, status=18, pin_factory=factory)
        leader = SimLeader(broker.host, broker.port, creds.leader.username,
                           creds.leader.password)
        leader.start()
        assert leader.connected.wait(5)
        connection.start()

        def show(vm):  # what the kiosk app does on every change
            bar.show(presenter.flags_here, pending=bool(presenter.pending),
                     hub_online=bool(presenter.hub_online))

        presenter.on_change = show
        try:
            yield presenter, ui, leader, hub, bar
        finally:
            connection.stop()
            leader.stop()
            pad.close()
            bar.close()
            outbox.close()


def to_the_hand(presenter, ui, factory):
    """After a start the kiosk shows where everyone goes; OK goes on to the hand."""
    ui.run_until(lambda: presenter.screen in (Screen.MOVE, Screen.HAND), 10, "the new hand")
    if presenter.screen is Screen.MOVE:
        press(factory, PAD["ok"])
        ui.run_until(lambda: presenter.screen is Screen.HAND, 10, "the hand on screen")


def test_a_whole_hand_from_buttons_alone(table, factory):
    presenter, ui, leader, hub, bar = table
    assert leader.command("start_hand").ok
    to_the_hand(presenter, ui, factory)
    lit = lambda: sum(1 for led in bar.leds if led.value)  # noqa: E731
    assert lit() == 12  # 12 flags
    # hub online: its retained word may come after the hand (a loaded machine)
    ui.run_until(lambda: bool(bar.status_led.value), 10, "the hub online on the bar")

    press(factory, PAD["ok"])  # enter the result
    for _ in range(14):
        press(factory, PAD["minus"])  # down to 0 whatever the keypad starts on
    for _ in range(10):
        press(factory, PAD["plus"])  # visitors took 10 tricks
    press(factory, PAD["ok"])  # next: the confirm screen
    ui.run_until(lambda: presenter.screen is Screen.CONFIRM, 10, "confirm")
    assert presenter.draft.visitor_tricks == 10
    press(factory, PAD["ok"])  # home agrees
    press(factory, PAD["ok"])  # visitors agree: sent
    ui.run_until(lambda: presenter.screen is Screen.ACCEPTED, 10, "accepted")

    result = hub.core.tournament.result(1, TABLE)
    assert result is not None and result.visitor_tricks == 10 and result.flags_won == 2
    ui.run_until(lambda: presenter.flags_here == 10, 10, "the flags at this table")
    assert lit() == 10  # the LEDs follow the flags


def test_a_flag_count_mismatch_reaches_the_leader(table, factory):
    presenter, ui, leader, _, _ = table
    assert leader.command("start_hand").ok
    to_the_hand(presenter, ui, factory)
    presenter.flag_mismatch(11, 12)  # what the flag check reports, on the UI thread
    assert "do not match" in presenter.view.header.banner or presenter.notice
    state = leader.wait_state(lambda s: TABLE in s.calling, 10)
    assert state.call_reasons[str(TABLE)] == "flag counter says 11, hub says 12"
