"""A whole hand at a kiosk with buttons, an LED bar and a flag counter, against the real hub core.

The kiosk's table presenter is not written yet; :class:`TableStandIn` plays its part with the
exact intents it will implement (``hardware.PadIntents``) and the wiring docs/hardware.md gives
("For the kiosk"). Everything else is real: gpiozero's MockFactory pins, a pseudo-terminal for
the counter box and the hall scoreboard, the hub's own ``HubCore`` and SQLite store, and the
protocol's messages.
"""

from __future__ import annotations

import json
import threading
import uuid

import pytest

from hardware import FlagMismatch, from_config, scoreboard_from_config
from hardware.testing import PtyPeer
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.store import EventStore
from whist.pattern import default_spec
from whist.protocol import Ack, Assignment, Call, Result, Revokes, Standings, State, decode, encode

from .conftest import WAIT, UiQueue

TABLE = 2


class Hall:
    """The hub core and the network in between, delivering at once."""

    def __init__(self, path) -> None:
        self.store = EventStore(path)
        self.core = HubCore(self.store, default_spec("alberta", 4))
        self.latest: dict[str, bytes] = {}

    def deliver(self, kind: str, table: int | None, payload: bytes) -> list[tuple[str, bytes]]:
        out = self.core.handle([Inbound(kind, table, payload)]) + self.core.flush()
        for o in out:
            self.latest[o.topic] = o.payload
        return [(o.topic, o.payload) for o in out]

    def command(self, op: str) -> None:
        payload = json.dumps({"v": 1, "id": f"c-{uuid.uuid4()}", "op": op}).encode()
        self.deliver("command", None, payload)

    def state(self) -> State:
        return decode(State, self.latest["whist/state"])

    def standings(self) -> Standings:
        return decode(Standings, self.latest["whist/standings"])


class TableStandIn:
    """The table presenter in miniature: a trick count, a confirm step, an outbox of one."""

    def __init__(self, hall: Hall, assignment: Assignment) -> None:
        self.hall = hall
        self.hand = assignment.hand
        self.flags = assignment.flags
        self.step = "enter"
        self.tricks = 7
        self.pending: str | None = None
        self.warning: str | None = None
        self.ui_thread = threading.current_thread()
        self.hw = None  # set once the devices exist

    def _on_ui(self) -> None:
        assert threading.current_thread() is self.ui_thread, "intent off the UI thread"

    # -- PadIntents -------------------------------------------------------------------------

    def increment(self) -> None:
        self._on_ui()
        if self.step == "enter":
            self.tricks = min(13, self.tricks + 1)

    def decrement(self) -> None:
        self._on_ui()
        if self.step == "enter":
            self.tricks = max(0, self.tricks - 1)

    def ok(self) -> None:
        self._on_ui()
        if self.step == "enter":
            self.step = "confirm"
        elif self.step == "confirm":
            self.step = "sent"
            result = Result(
                id=f"t{TABLE}-h{self.hand}-{uuid.uuid4().hex[:8]}",
                hand=self.hand,
                table=TABLE,
                visitor_tricks=self.tricks,
                home_tricks=13 - self.tricks,
                revokes=Revokes(home=0, visitors=0),
            )
            self.pending = result.id
            self.render()

    def back(self) -> None:
        self._on_ui()
        if self.step == "confirm":
            self.step = "enter"

    def call_leader(self) -> None:
        self._on_ui()
        self.send_call("the players ask for the leader")

    # -- the rest of the kiosk --------------------------------------------------------------

    def flag_mismatch(self, mismatch: FlagMismatch | None) -> None:
        self._on_ui()
        self.warning = mismatch.reason if mismatch else None
        if mismatch is not None:
            self.send_call(mismatch.reason)

    def send_call(self, reason: str) -> None:
        call = Call(id=f"call-{uuid.uuid4().hex[:8]}", reason=reason)
        self.hall.deliver("call", TABLE, encode(call))

    def send_outbox(self) -> None:
        """The network: the pending result goes to the hub, its Ack comes back."""
        assert self.pending is not None
        body = {
            "v": 1,
            "id": self.pending,
            "hand": self.hand,
            "table": TABLE,
            "visitor_tricks": self.tricks,
            "home_tricks": 13 - self.tricks,
            "revokes": {"home": 0, "visitors": 0},
        }
        for topic, payload in self.hall.deliver("result", TABLE, json.dumps(body).encode()):
            if topic == f"whist/table/{TABLE}/ack":
                self.on_ack(decode(Ack, payload))

    def on_ack(self, ack: Ack) -> None:
        if ack.id == self.pending and ack.status in ("accepted", "duplicate"):
            self.pending = None
            self.flags = ack.flags if ack.flags is not None else self.flags
            self.render()

    def render(self) -> None:
        assert self.hw is not None
        self.hw.show(self.flags, self.pending is not None, hub_online=True)
        self.hw.hub_flags(self.flags)


@pytest.fixture
def hall(tmp_path):
    h = Hall(tmp_path / "hub.sqlite3")
    yield h
    h.store.close()


@pytest.fixture
def counter_box(tmp_path):
    with PtyPeer(tmp_path / "ttyFLAGS") as box:
        yield box


def lit(hw) -> int:
    return sum(1 for led in hw.leds.leds if led.value)


def tap(factory, pin: int) -> None:
    factory.pin(pin).drive_low()
    factory.pin(pin).drive_high()


def test_a_whole_hand_from_buttons_alone(hall, counter_box, factory, tmp_path):
    hall.command("start_hand")
    assignment = decode(Assignment, hall.latest[f"whist/table/{TABLE}/assignment"])
    table = TableStandIn(hall, assignment)
    ui = UiQueue()
    counter_box.expect("HELLO WHIST 1", ["HELLO FLAGCOUNTER 1"])
    counter_box.expect("COUNT?", ["FLAGS 12"])
    config = {
        "pad": {"minus": 17, "plus": 27, "ok": 22, "call": 23, "hold_time": 0.3},
        "leds": {"status": 24},
        "counter": {"port": counter_box.path, "settle": 0.2, "grace": 0.3},
    }
    with from_config(
        config, table, ui.post, pin_factory=factory, on_flag_mismatch=table.flag_mismatch
    ) as hw:
        table.hw = hw
        assert hw.status().ok or hw.status().problems[0].device == "counter"  # still opening
        table.render()
        assert lit(hw) == 12 and hw.leds.status_led.value == 1

        def ui_until(check, what):
            # The kiosk's Clock: posted calls, and hw.poll() now and then.
            ui.run_until(lambda: (hw.poll(), check())[1], WAIT, what)

        # The visitors took 10 tricks. + + +, OK; oops, a long press goes back; - +, OK, OK.
        for pin in (27, 27, 27):
            tap(factory, pin)
        tap(factory, 22)
        ui_until(lambda: (table.step, table.tricks) == ("confirm", 10), "confirm 10")
        factory.pin(22).drive_low()
        ui_until(lambda: table.step == "enter", "long press: back")
        factory.pin(22).drive_high()
        tap(factory, 17)
        tap(factory, 27)
        tap(factory, 22)
        tap(factory, 22)
        ui_until(lambda: table.step == "sent", "the result is sent")
        assert table.tricks == 10

        # The result waits for its Ack: the bar blinks.
        ui_until(lambda: lit(hw) == 0, "the bar blinks while the result waits")
        table.send_outbox()
        assert table.pending is None and table.flags == 10
        assert lit(hw) == 10  # the LEDs follow the flags: 2 went to the visitors' table
        ui_until(lambda: hw.counter.count == 12, "the counter's first count")
        assert hw.status().ok

        # The visitors carry only one flag away; the counter sees 11, the hub says 10.
        counter_box.send("FLAGS 11")
        ui_until(lambda: table.warning is not None, "the mismatch, after the grace time")
        assert table.warning == "flag counter says 11, hub says 10"
        state = hall.state()
        assert TABLE in state.calling
        assert state.call_reasons[str(TABLE)] == "flag counter says 11, hub says 10"

        # They fix it: the warning goes away by itself.
        counter_box.send("FLAGS 10")
        ui_until(lambda: table.warning is None, "agreement again")

        # And the Call button still calls the leader.
        tap(factory, 23)
        ui_until(
            lambda: hall.state().call_reasons.get(str(TABLE)) == "the players ask for the leader",
            "the call",
        )

    # The hall's scoreboard shows the standings the hub published after that hand.
    with (
        PtyPeer(tmp_path / "ttyBOARD") as board_peer,
        scoreboard_from_config({"port": board_peer.path, "rows": 4}) as hall_display,
    ):
        hall_display.show_standings(hall.standings())
        assert board_peer.next_line() == "HELLO WHIST 1"
        lines = board_peer.lines_until("SHOW")
    standings = hall.standings()
    assert lines[0] == f"PAGE 1 1 {standings.hand} 1"
    assert lines[1:-1] == [
        f"ROW {i + 1} {t.rank} {t.team} {t.flags} {t.name}" for i, t in enumerate(standings.teams)
    ]
    assert lines[1].split()[4] == "14"  # the visiting team, first with 14 flags
    assert standings.teams[-1].team == TABLE and standings.teams[-1].flags == 10
