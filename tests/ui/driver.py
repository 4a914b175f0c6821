"""Runs the real kiosk app in this process and plays a scenario on it, like a person would.

Started by tests/ui/test_kiosk_ui.py as ``python -m tests.ui.driver SPEC.json`` (Kivy makes
one window per process, and each scenario wants its own). The scenario taps the real widgets
with touch events at their positions, talks to a real hub and leader over the real broker,
saves screenshots, checks every screen's layout (text size, touch size, clipping, overlap)
and prints one ``RESULT {json}`` line for the test to read.

The hub runs in this process (its own threads, no Kivy) so the scenario can stop it to
show the kiosk's "hub offline" and "pending" screens, and start it again.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.ui.audit import broken_word, caps, label, overlaps, record, stranded_number
from tests.ui.audit import natural_size as _natural_size

WAIT = 15.0
_report: dict[str, Any] = {"shots": [], "audit": [], "texts": {}, "marks": {}}


def main() -> None:
    spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    from uikit.app import configure_kivy

    width, height = spec.get("size", [800, 480])
    configure_kivy((width, height))
    from kiosk.ui import KioskApp

    app = KioskApp(Path(spec["config"]), resend_every=0.5, config_poll=0.3)
    started = time.monotonic()
    asyncio.run(_run(app, spec))
    _report["seconds"] = round(time.monotonic() - started, 2)
    print("RESULT " + json.dumps(_report), flush=True)
    sys.exit(1 if _report.get("error") else 0)


async def _run(app: Any, spec: dict[str, Any]) -> None:
    async def scenario() -> None:
        try:
            await until(lambda: app.root is not None and app.presenter is not None, "the app")
            await SCENARIOS[spec["scenario"]](Driver(app, spec))
        except BaseException as exc:  # report everything; the test shows it
            _report["error"] = "".join(traceback.format_exception(exc))
        finally:
            await asyncio.sleep(0.1)
            app.stop()

    task = asyncio.ensure_future(scenario())
    await app.async_run(async_lib="asyncio")
    await task


async def until(predicate: Callable[[], bool], what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"no {what} within {timeout} s")
        await asyncio.sleep(0.03)


class Driver:
    """A person in front of the kiosk, plus the leader and the hub behind it."""

    def __init__(self, app: Any, spec: dict[str, Any]) -> None:
        self.app = app
        self.spec = spec
        self.shots = Path(spec["shots"])
        self.hub: Any = None
        self.leader: Any = None
        self.taps = 0  # every tap a person made, to count a result's
        self.last_turned = Path()  # the last picture of a turned window (sizes)

    # ------------------------------------------------------------------ looking
    @property
    def presenter(self) -> Any:
        return self.app.presenter

    @property
    def screen(self) -> str:
        return str(self.app.vm.screen.value)

    async def on(self, screen: str, timeout: float = WAIT) -> None:
        await until(lambda: self.screen == screen, f"{screen} screen (now {self.screen})", timeout)
        await self.settle()

    async def settle(self) -> None:
        # Let Kivy lay out and draw the new state (a few frames).
        for _ in range(4):
            await asyncio.sleep(1 / 30)

    def widgets(self) -> list[Any]:
        """Every widget of the header and of the screen on show."""
        root = self.app.root
        header = root.children[-1]  # the first child added is the header
        screen = root.ids.screens.current_screen
        seen: dict[int, Any] = {}
        for w in [*header.walk(), *screen.walk()]:
            seen.setdefault(id(w), w)
        return list(seen.values())

    def find(self, kid: str) -> Any:
        found = [w for w in self.widgets() if getattr(w, "kid", None) == kid]
        assert found, f"no widget {kid!r} on the {self.screen} screen"
        return found[0]

    # ------------------------------------------------------------------ touching
    async def tap(self, kid: str) -> None:
        from kivy.base import EventLoop

        # A person's finger lands after the new screen settled: a tap sooner is ignored.
        taps_open = getattr(self.presenter, "taps_open", lambda: True)
        await until(taps_open, "taps to count again after the screen changed")
        widget = self.find(kid)
        assert widget.opacity > 0 and not widget.disabled, f"{kid!r} cannot be pressed now"
        self.taps += 1
        x, y = widget.to_window(*widget.center)
        touch = _touch(x, y)
        EventLoop.post_dispatch_input("begin", touch)
        await asyncio.sleep(0.05)
        EventLoop.post_dispatch_input("end", touch)
        await self.settle()

    async def resize(self, width: int, height: int) -> None:
        from kivy.core.window import Window

        Window.size = (width, height)
        await until(lambda: tuple(Window.size) == (width, height), f"window of {width}x{height}")
        await asyncio.sleep(0.3)
        await self.settle()

    # ------------------------------------------------------------------ recording
    async def shot(self, name: str, *, prefix: str | None = None) -> None:
        from kivy.core.window import Window

        await self.settle()
        prefix = prefix or f"{self.spec['prefix']}-{Window.width}x{Window.height}"
        target = self.shots / f"{prefix}-{name}.png"
        self.shots.mkdir(parents=True, exist_ok=True)
        made = Path(Window.screenshot(name=str(target)))
        made.replace(target)
        _report["shots"].append(target.name)
        record(_report, target.name, self.audit)

    def audit(self) -> list[str]:
        """What a 55+ player would trip over on this screen."""
        from kivy.core.window import Window

        from kiosk.ui import KButton, KFill, KText
        from uikit import theme

        s = self.app.s
        problems = []
        boxes = []
        for w in self.widgets():
            if not isinstance(w, KText | KFill | KButton) or w.opacity == 0 or not w.text:
                continue
            name = label(w)
            x, y = w.to_window(w.x, w.y)
            box = (x, y, x + w.width, y + w.height)
            if w.font_size < theme.MIN_TEXT_PX * s - 0.01:
                problems.append(f"{name}: text of {w.font_size:.0f} px")
            if isinstance(w, KButton) and min(w.width, w.height) < theme.MIN_TARGET_PX * s - 0.5:
                problems.append(f"{name}: button of {w.width:.0f}x{w.height:.0f} px")
            tw, th = _natural_size(w)
            if tw > w.width + 1 or th > w.height + 1:
                problems.append(
                    f"{name}: text {tw}x{th} does not fit in {w.width:.0f}x{w.height:.0f}"
                )
            if word := broken_word(w):
                problems.append(f"{name}: {word!r} broken in two")
            if parted := stranded_number(w):
                problems.append(f"{name}: a number parted from its word: {parted!r}")
            if (
                box[0] < -1
                or box[1] < -1
                or box[2] > Window.width + 1
                or box[3] > Window.height + 1
            ):
                problems.append(f"{name}: outside the window at {[round(v) for v in box]}")
            theme.role(w.role)  # an unknown colour role is a bug
            boxes.append((name, box))
            if (
                w.kid == "call"
                and not self.screen.startswith("club")
                and x + w.width / 2 > (Window.width / 2)
            ):
                # Tap safety: the main button of every screen is at the bottom right, so a
                # finger that taps it twice as the screen changes never calls the leader.
                problems.append("call: Call the leader must stay on the left half")
        problems.extend(overlaps(boxes))
        # what a player reads (``read: True`` in the .kv) has capitals of 4.5 mm at least
        problems.extend(caps(self.widgets(), "kiosk", (Window.width, Window.height)))
        return problems

    def note(self, key: str, value: Any) -> None:
        _report["texts"][key] = value

    def measure(self, name: str, kids: dict[str, bool]) -> None:
        """The cap heights in the last screenshot ``name``: each widget's first glyph (or,
        ``True``, its whole ink: a suit symbol) in pixel rows and in mm on the screen of that
        size (the 7-inch Pi touchscreen, the Touch Display 2: tests/ui/measure.py). Buttons
        and bands are measured inside their rounded corners; each text measured must be one
        line."""
        from kivy.core.window import Window

        from kiosk.ui import KButton, KFill
        from tests.ui.measure import SCREEN_MM_PER_PX, widget_ink

        stem = f"{self.spec['prefix']}-{Window.width}x{Window.height}-{name}"
        found = {}
        for kid, whole in kids.items():
            w = self.find(kid)
            rounded = isinstance(w, KButton | KFill) and kid != "trump-symbol"
            inset = round(16 * self.app.s) if rounded else 2
            png = self.shots / f"{stem}.png"
            px = widget_ink(png, w, first_glyph=not whole, inset_x=inset)
            found[kid] = {
                "px": px,
                "mm": round(px * SCREEN_MM_PER_PX[(Window.width, Window.height)], 2),
                "font_px": round(w.font_size),
                "text": w.text,
            }
        _report.setdefault("heights", {})[stem] = found

    # ------------------------------------------------------------------ the hall
    def _broker(self) -> dict[str, Any]:
        return dict(self.spec["broker"])

    async def start_hub(self) -> None:
        from tests.integration.hubproc import InProcessHub
        from whist.pattern import default_spec

        if "night" in self.spec:
            await self.start_club_hub()
            return
        b = self._broker()
        t = self.spec["tournament"]
        spec = default_spec(t["format"], t["tables"], t["hands"])
        spec = spec.model_copy(update={"minutes": t.get("minutes", 0)})  # the room's clock
        hub = InProcessHub(
            spec, Path(t["data"]), b["host"], b["port"], b["hub_user"], b["hub_password"]
        )
        await asyncio.to_thread(hub.__enter__)
        self.hub = hub

    async def start_club_hub(self) -> None:
        """A real club night's hub (hub.service.core.HubCore behind the MQTT adapter), in this
        process; the players' names as a club would type them into the night's file."""
        from hub.service.core import HubCore
        from hub.service.service import Hub
        from hub.service.store import EventStore
        from whist.nightspec import default_night, load_night

        b = self._broker()
        n = self.spec["night"]
        data = default_night(n["format"], n["tables"]).to_dict()
        data["house_rules"] = list(n.get("house_rules", ()))  # the night's house rules
        for seating in data["seating"]:
            seats = list(seating["players"])
            if seats and seats[0] == "1":  # numbered seats (Widow, Knockout), clockwise
                names = [*CLUB_NAMES.values(), "Lucienne", "Raymond", "Agnes"]
                seating["players"] = dict(zip(seats, names, strict=False))
            else:
                seating["players"] = dict(CLUB_NAMES)
        store = EventStore(Path(n["data"]) / "hub.sqlite3")
        core = HubCore(store, load_night(data))
        hub = Hub(
            core,
            host=b["host"],
            port=b["port"],
            username=b["hub_user"],
            password=b["hub_password"],
            client_id="whist-hub-club",
        )
        hub.start()
        assert await asyncio.to_thread(hub.wait_connected, WAIT), "the club hub did not connect"

        class Running:
            def __exit__(self, *exc: object) -> None:
                hub.stop()
                store.close()

        self.hub = Running()

    async def stop_hub(self) -> None:
        hub, self.hub = self.hub, None
        if hub is not None:
            await asyncio.to_thread(hub.__exit__, None, None, None)

    async def command(self, op: str, **fields: Any) -> Any:
        if self.leader is None:
            from hub.demo.sim import SimLeader

            b = self._broker()
            self.leader = SimLeader(b["host"], b["port"], b["leader_user"], b["leader_password"])
            self.leader.start()
            assert await asyncio.to_thread(self.leader.connected.wait, WAIT), "leader offline"
        reply = await asyncio.to_thread(self.leader.command, op, WAIT, **fields)
        assert reply.ok, f"{op}: {reply.error}"
        return reply

    async def close(self) -> None:
        if self.leader is not None:
            await asyncio.to_thread(self.leader.stop)
        await self.stop_hub()


_touch_ids = itertools.count(1000)


def screen_point(
    x: float, y: float, rotation: int, system_size: tuple[int, int]
) -> tuple[float, float]:
    """Where the window's point (x, y) is on the screen itself (pixels, y up), the window's
    picture turned by ``rotation``: a touch screen reports its own pixels, and Kivy turns a
    touch back (MotionEvent.to_absolute_pos). Written from the rotation, not from Kivy's
    code, so a tap that lands shows that Kivy's turn of the touches matches.

    >>> screen_point(100, 200, 90, (1280, 720))
    (1079.0, 100.0)
    >>> screen_point(100, 200, 0, (1280, 720))
    (100, 200)
    """
    x_max, y_max = system_size[0] - 1, system_size[1] - 1
    if rotation == 90:  # the picture's x runs up the screen, its y right to left
        return x_max - y, x
    if rotation == 180:
        return x_max - x, y_max - y
    if rotation == 270:
        return y, y_max - x
    return x, y


def _touch(x: float, y: float) -> Any:
    from kivy.base import EventLoop
    from kivy.input.motionevent import MotionEvent

    class Touch(MotionEvent):
        def depack(self, args: dict[str, float]) -> None:
            self.sx, self.sy = args["x"], args["y"]
            super().depack(args)

    win = EventLoop.window
    sx, sy = screen_point(x, y, win.rotation, win.system_size)
    width, height = win.system_size
    touch = Touch(
        "driver",
        next(_touch_ids),
        {"x": sx / (width - 1.0), "y": sy / (height - 1.0)},
        is_touch=True,
        type_id="touch",
    )
    touch.profile = ["pos"]
    return touch


# ==================================================================== scenarios


async def walk(d: Driver) -> None:
    """Every screen of a table through two hands, with a refusal and a call."""
    table = d.spec["table"]
    gaspesie = d.spec["tournament"]["format"] == "gaspesie"
    try:
        # 1: the broker is up, the hub is not
        await d.on("connecting")
        await until(lambda: d.presenter.connected, "connection to the broker")
        await d.settle()
        await d.shot("01-connecting")
        d.note("connecting", d.app.vm.connecting.message)

        # 2: the hub starts: the retained assignment says "waiting for hand 1"
        await d.start_hub()
        await d.on("waiting")
        await d.shot("02-waiting-first")
        d.note("language", d.app.vm.language)

        # 6 (first hand): everybody is at home; who goes where
        await d.command("start_hand")
        await d.on("move")
        await d.shot("10-move-first")
        d.note("move_first", d.app.vm.move.lines)
        await d.tap("ok")

        # 3: the hand in play, at three sizes
        await d.on("hand")
        await d.shot("03-hand")
        d.measure(
            "03-hand",
            {
                "trump-symbol": True,
                "trump-name": False,
                "header-title": False,
                "header-info": False,
                "home": False,
                "question": False,
                "hand-key-6": True,
                "revokes": False,
            },
        )
        d.note("hand", [d.app.vm.hand.trump_symbol, d.app.vm.hand.home, d.app.vm.hand.visitors])
        # 1280x720 is the sizes test's own (tests/ui/test_kiosk_sizes_ui.py): only the TV here
        for width, height in ((1920, 1080),):
            await d.resize(width, height)
            await d.shot("03-hand")
        await d.resize(800, 480)

        # 4: revokes from the hand, the number on the hand's keypad, one side agreed (twice)
        await d.tap("revokes")
        await d.on("revokes")
        await d.tap("revokes-home-plus")
        await d.shot("05-revokes")
        await d.tap("revokes-done")
        await d.on("hand")
        await d.shot("04-hand-revokes")
        await d.tap("hand-key-6")
        await d.on("confirm")
        d.note("tricks", d.app.vm.confirm.tricks)
        await d.tap("confirm-home")
        await d.shot("06-confirm")
        d.measure("06-confirm", {"outcome": False, "change": False})
        d.note("confirm", d.app.vm.confirm.outcome)
        await d.tap("confirm-home")
        await d.shot("06-confirm-again")
        d.note("again", d.app.vm.confirm.note)

        # 5: the hub goes away before the visitors agree: saved, pending
        await d.stop_hub()
        await until(lambda: d.presenter.hub_online is False, "hub offline on the kiosk")
        await d.shot("07-offline-confirm")
        d.measure("07-offline-confirm", {"header-title": False, "offline-band": False})
        header = d.app.vm.header
        d.note("offline", [header.title, header.info, header.offline])
        await d.tap("confirm-visitors")
        await d.on("pending")
        await d.shot("07-pending")
        d.note("pending_ids", list(d.presenter.pending))

        # ...and comes back: the result goes out, the Ack comes in
        await d.start_hub()
        await d.on("accepted")
        await d.shot("08-accepted")
        d.note("accepted", [d.app.vm.accepted.instruction, d.app.vm.accepted.detail])
        await d.tap("ok")
        await d.on("waiting")
        await d.shot("02-waiting")
        d.note("waiting", [d.app.vm.waiting.score, d.app.vm.waiting.last_result])

        # 6: the next hand: the visitors here go home (Alberta) or on (Gaspésie)
        await d.command("close_hand")
        await d.command("start_hand")
        await d.on("move")
        await d.shot("10-move")
        d.note("move", d.app.vm.move.lines)
        await d.tap("ok")
        await d.on("hand")

        # 5b: a refusal: the leader recorded another result for this table meanwhile
        taps = d.taps
        await d.tap("hand-key-9")
        await d.on("confirm")
        await d.tap("confirm-home")
        await d.command(
            "correct",
            hand=2,
            table=table,
            visitor_tricks=5,
            home_tricks=8,
            revokes={"home": 0, "visitors": 0},
            reason="entered from the paper sheet",
        )
        await d.tap("confirm-visitors")
        d.note("taps_to_result", d.taps - taps)
        await d.on("rejected")
        await d.shot("09-rejected")
        d.note("rejected", d.app.vm.rejected.reason)

        # 7: call the leader: why, then confirmed (issue 25); the banner stays until the
        # leader clears the call
        await d.tap("call")
        await d.on("call")
        await d.tap("call-revoke")
        await d.shot("12-call-why")
        await d.tap("call-send")
        await until(lambda: d.presenter.call == "listed", "the call in the hub's state")
        await d.settle()
        await d.shot("11-call")
        d.note("call", d.app.vm.header.banner)
        await d.command("clear_call", table=table)
        await until(lambda: d.presenter.call == "none", "the call cleared")
        await d.settle()
        d.note("after_call", d.app.vm.header.banner)
        # The audit itself: a banner far too long for the header must be reported.
        d.presenter.router.notice = "far too long " * 12
        d.presenter._changed()
        await d.settle()
        d.note("audit_catches", [p for p in d.audit() if "header-info" in p])
        d.presenter.router.notice = ""
        d.presenter._changed()
        if not gaspesie:
            # the other language's toggle, on a real screen
            await d.tap("language")
            await until(lambda: d.app.vm.language != d.spec["language"], "language toggled")
            d.note("toggled", d.app.vm.rejected.title)
    finally:
        await d.close()


async def sizes(d: Driver) -> None:
    """A hand, the confirm and the result at one screen size, the text heights measured;
    with a turned window (``rotation`` in kiosk.toml) every tap goes through the turn, and
    each button tapped is first found, in the screen's own picture, where the tap lands."""
    from kivy.core.window import Window

    turned = d.spec.get("rotation", 0)
    try:
        await d.on("connecting")
        await until(lambda: Window.rotation == turned, f"the window turned by {turned}")
        d.note("layout", list(Window.size))
        await d.start_hub()
        await d.command("start_hand")
        await d.on("move")
        await tap_turned(d, "ok")
        await d.on("hand")
        await shot_turned(d, "03-hand")
        if not turned:
            d.measure(
                "03-hand",
                {
                    "trump-symbol": True,
                    "trump-name": False,
                    "home": False,
                    "question": False,
                    "hand-key-6": True,
                    # the room's clock: a band, or (upright) on the hand's line
                    "header-info" if Window.height > Window.width else "clock-band": False,
                },
            )
        await tap_turned(d, "hand-key-6")
        await d.on("confirm")
        await tap_turned(d, "confirm-home")
        await shot_turned(d, "06-confirm")
        if not turned:
            # (each text measured is one line: upright, the outcome takes two)
            upright = Window.height > Window.width
            d.measure("06-confirm", {"change": False} if upright else {"outcome": False,
                                                                       "change": False})
        await tap_turned(d, "confirm-visitors")
        await d.on("accepted")
        await shot_turned(d, "08-accepted")
        d.note("accepted", d.app.vm.accepted.instruction)
        await tap_turned(d, "ok")
        await d.on("waiting")
        await shot_turned(d, "02-waiting")
        if not turned:
            d.measure("02-waiting", {"score": False})
            await read_lines(d)
    finally:
        await d.close()


async def read_lines(d: Driver) -> None:
    """Issue 25: the lines put at the reading type, at this size, in French (the longer
    words): the offline band over the hand screen, then the waiting screen's score today
    and place (the core's view of a hall two hands on, given to the presenter)."""
    from whist.cards import Suit
    from whist.events import HandClosed, HandStarted, ResultRecorded
    from whist.pattern import default_spec
    from whist.protocol import TableView
    from whist.tournament import Tournament
    from whist.views import TableViews

    p = d.presenter
    p.tap_guard = 0  # the intents below are the walk's, not a finger's
    p.toggle_language()
    table = d.spec["table"]
    t = Tournament.new(default_spec("alberta", 4, 3))
    for hand in (1, 2):
        if hand > 1:
            t.apply(HandClosed(hand - 1))
        t.apply(HandStarted(hand, Suit.SPADES))  # (the no-trump card is another page's work)
        for tab in (1, 2, 3, 4) if hand == 1 else ():
            t.apply(ResultRecorded(f"x{hand}-{tab}", hand, tab, 7))
    p.on_view(TableView.model_validate(TableViews(t).body(table)))
    p.dismiss()  # hand 2's moves
    p.on_hub_status(False)
    await d.on("hand")
    await d.shot("03-hand-offline-fr")
    p.on_hub_status(True)
    for tab in (1, 2, 3, 4):
        t.apply(ResultRecorded(f"x2-{tab}", 2, tab, 8))
    t.apply(HandClosed(2))
    p.on_view(TableView.model_validate(TableViews(t).body(table)))
    await d.on("waiting")
    await d.shot("02-waiting-running-fr")
    d.note("running", d.app.vm.waiting.standing)
    # the lines beside (upright: under) the number at the reading type, as the screen says
    # them: the wording the column chose (issue 25)
    d.note("running_lines", [d.find(k).text for k in ("subtitle", "last-result", "next-hand")])


async def club_score_first(d: Driver) -> None:
    """The club hub started, its first score on the kiosk (online), photographed."""
    await d.start_hub()
    await d.on("club-score")
    await until(lambda: d.presenter.hub_online, "the hub online")
    await d.settle()
    await d.shot("c01-score-first")


async def club_sizes(d: Driver) -> None:
    """A club night's deal at one screen size: the score, the choice, the tricks, the
    confirm, the score again; each screenshot audited."""
    try:
        await club_score_first(d)
        await d.tap("club-enter")
        await d.on("club-pick")
        await d.shot("c02-choice")
        await d.tap("pick-1")
        await d.on("entry")
        await d.tap("key-4")
        await d.shot("c03-tricks")
        await d.tap("next")
        await d.on("confirm")
        await d.shot("c05-confirm")
        await d.tap("confirm-home")
        await d.tap("confirm-visitors")
        await d.on("club-score")
        await until(lambda: last_deal(d) == 1, "deal 1's score")
        await d.settle()
        await d.shot("c06-score")
        d.note("score", [d.app.vm.club_score.ns_score, d.app.vm.club_score.ew_score])
        # the rules page (issue 24), from its button: on a row of its own when upright
        upright = d.app.upright
        await d.tap("club-rules-upright" if upright else "club-rules")
        await d.on("club-rules")
        await d.shot("c12-rules")
        await d.tap("rules-back-upright" if upright else "rules-back")
        await d.on("club-score")
    finally:
        await d.close()


async def shot_turned(d: Driver, name: str) -> None:
    """:meth:`Driver.shot`, or for a turned window the screen's own picture (Kivy's
    Window.screenshot reads the turned size from an unturned framebuffer), with the audit."""
    from kivy.core.window import Window

    if not Window.rotation:
        await d.shot(name)
        return
    from kivy.graphics.opengl import GL_RGB, GL_UNSIGNED_BYTE, glReadPixels
    from PIL import Image

    await d.settle()
    width, height = Window.system_size
    data = glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE)
    target = d.shots / (
        f"{d.spec['prefix']}-{Window.width}x{Window.height}-r{Window.rotation}-{name}.png"
    )
    d.shots.mkdir(parents=True, exist_ok=True)
    Image.frombytes("RGB", (width, height), data).transpose(Image.Transpose.FLIP_TOP_BOTTOM).save(
        target
    )
    d.last_turned = target
    _report["shots"].append(target.name)
    record(_report, target.name, d.audit)


async def tap_turned(d: Driver, kid: str) -> None:
    """Tap ``kid``; in a turned window, first check that the screen shows that button's
    colour where the finger will land (the picture as the panel has it, not Kivy's idea)."""
    from kivy.core.window import Window

    from uikit import theme

    if Window.rotation:
        from PIL import Image

        await shot_turned(d, f"tap-{kid}")
        widget = d.find(kid)
        # Inside the button below its text (the middle of its lower edge, clear of the
        # rounded corners): the button's own colour, not a glyph's.
        below = widget.to_window(widget.center_x, widget.y + widget.height * 0.12)
        x, y = screen_point(*below, Window.rotation, Window.system_size)
        with Image.open(d.last_turned) as img:
            seen = img.convert("RGB").getpixel((round(x), img.height - 1 - round(y)))
        want = tuple(round(c * 255) for c in theme.rgba(theme.role(widget.role).background)[:3])
        assert max(abs(a - b) for a, b in zip(seen, want, strict=True)) <= 3, (
            f"{kid}: the screen shows {seen} where the tap lands, not the button's {want}"
        )
        d.note(f"landed-{kid}", [round(x), round(y)])
    await d.tap(kid)


async def setup(d: Driver) -> None:
    """kiosk.toml missing, then wrong, then right: the set-up screen, then the kiosk starts."""
    config = Path(d.spec["config"])
    await d.on("setup")
    await d.shot("00-setup", prefix="en-800x480")
    d.note("missing", d.app.vm.setup.title)
    await d.tap("language")
    await until(lambda: d.app.vm.language == "fr", "French")
    await d.shot("00-setup", prefix="fr-800x480")
    config.write_text('table = 0\nhost = ""\nport = "1883"\nscreen = "big"\n', encoding="utf-8")
    await until(lambda: "table" in d.app.vm.setup.problems, "the problems of the file")
    await d.settle()
    await d.shot("00-setup-invalid", prefix="fr-800x480")
    d.note("problems_fr", d.app.vm.setup.problems)
    await d.tap("language")
    await until(lambda: d.app.vm.language == "en", "English")
    await d.shot("00-setup-invalid", prefix="en-800x480")
    d.note("problems_en", d.app.vm.setup.problems)
    b = d.spec["broker"]
    config.write_text(
        f'table = 1\nhost = "127.0.0.1"\nport = {b["dead_port"]}\n'
        f'data_dir = "{d.spec["data"]}"\n\n[hardware]\nbuttons = "gpio"\n',
        encoding="utf-8",
    )
    await d.on("connecting")
    await d.shot("01-connecting-no-network", prefix="en-800x480")
    d.note("connecting", d.app.vm.connecting.message)


async def setup_screen(d: Driver) -> None:
    """A new kiosk's set-up screen: the choice of screen, tapped. The Touch Display 2 upright
    (the window becomes 720x1280 at once), then on its side (the picture turns at once, the
    next tap goes through the turn), then the 7-inch display; each saved in kiosk.toml."""
    from kivy.core.window import Window

    config = Path(d.spec["config"])

    async def chosen(size: tuple[int, int], rotation: int) -> None:
        await until(lambda: (tuple(Window.size), Window.rotation) == (size, rotation),
                    f"a window of {size} turned by {rotation}")
        await asyncio.sleep(0.3)  # the new size laid out
        await d.settle()

    await d.on("setup")
    await d.shot("00-setup-screen", prefix="en-800x480")
    d.note("button", d.app.vm.setup.screen.text)
    await d.tap("setup-screen")
    await d.on("screen-choice")
    await d.shot("13-screen-choice", prefix="en-800x480")
    await d.tap("screen-choice-3")  # Touch Display 2 upright
    await chosen((720, 1280), 0)
    d.note("upright", config.read_text(encoding="utf-8"))
    await d.shot("13-screen-choice", prefix="en-720x1280")
    # the set-up page and the join's keypad, upright
    await d.tap("screen-choice-back")
    await d.on("setup")
    await d.shot("00-setup-screen", prefix="en-720x1280")
    await d.tap("setup-join")
    await d.on("join")
    await d.tap("join-key-7")
    await d.shot("12-join-table", prefix="en-720x1280")
    await d.tap("join-cancel")
    await d.on("setup")
    await d.tap("setup-screen")
    await d.on("screen-choice")
    await d.tap("language")
    await until(lambda: d.app.vm.language == "fr", "French")
    await d.shot("13-screen-choice", prefix="fr-720x1280")
    await d.tap("screen-choice-2")  # on its side: the same panel, the picture turned
    await chosen((1280, 720), 90)
    d.note("side", config.read_text(encoding="utf-8"))
    await shot_turned(d, "13-screen-choice")
    await tap_turned(d, "screen-choice-0")  # the 7-inch display, tapped through the turn
    await chosen((800, 480), 0)
    await d.tap("screen-choice-back")
    await d.on("setup")
    await d.shot("00-setup-screen-chosen", prefix="fr-800x480")
    d.note("seven", config.read_text(encoding="utf-8"))
    d.note("title", d.app.vm.setup.title)
    d.note("chosen", d.app.vm.setup.screen.text)


async def submit(d: Driver) -> None:
    """Enter a result with the hub away, say SENT once it is saved, then wait to be killed."""
    await d.on("hand")
    await d.tap("hand-key-8")
    await d.on("confirm")
    await d.tap("confirm-home")
    await d.tap("confirm-visitors")
    await d.on("pending")
    print("SENT " + json.dumps(list(d.presenter.pending)), flush=True)
    await asyncio.sleep(WAIT * 4)  # the test kills this process with SIGKILL before then
    raise AssertionError("not killed")


async def resume(d: Driver) -> None:
    """After a kill: the saved result is on screen, goes out by itself, and is accepted."""
    await d.on("accepted", timeout=WAIT)
    d.note("accepted", [d.app.vm.accepted.instruction, d.app.vm.accepted.detail])
    d.note("pending_after", list(d.presenter.pending))


async def join(d: Driver) -> None:
    """No kiosk.toml: join with the table number and the leader's code, a wrong one first."""
    await d.on("setup")
    await d.tap("setup-join")
    await d.on("join")
    for digit in d.spec["table_digits"]:
        await d.tap(f"join-key-{digit}")
    await d.shot("12-join-table", prefix="en-800x480")
    await d.tap("join-next")
    for digit in d.spec["wrong_code"]:
        await d.tap(f"join-key-{digit}")
    await d.tap("join-next")
    await until(lambda: d.app.vm.join.status_role == "bad", "the wrong code refused", 20)
    await d.settle()
    await d.shot("12-join-wrong-code", prefix="en-800x480")
    d.note("wrong", d.app.vm.join.status)
    await d.tap("language")
    await until(lambda: d.app.vm.language == "fr", "French")
    for digit in d.spec["code"]:
        await d.tap(f"join-key-{digit}")
    await d.shot("12-join-code", prefix="fr-800x480")
    await d.tap("join-next")
    await d.on("connecting", timeout=30)  # kiosk.toml written; the kiosk started by itself
    d.note("started", d.app.vm.connecting.table)


async def report_result(d: Driver, visitor_tricks: int) -> None:
    """The players tap a result in: the number on the hand's keypad, both sides agree."""
    await d.tap(f"hand-key-{visitor_tricks}")
    await d.on("confirm")
    await d.tap("confirm-home")
    await d.tap("confirm-visitors")


async def play_hand(d: Driver, hand: int, visitor_tricks: int) -> None:
    """The leader starts ``hand``; the players see who moves, then report the result."""
    await d.command("start_hand")
    view = d.presenter
    await until(
        lambda: view.table_view.hand == hand and view.table_view.phase == "playing", f"hand {hand}"
    )
    await d.settle()
    if d.app.vm.screen.value == "move":
        await d.tap("ok")
    await d.on("hand")
    await report_result(d, visitor_tricks)
    await d.on("accepted")


def mine(d: Driver) -> Any:
    """This table's own newest result in the hub's view."""
    return next(r for r in d.presenter.table_view.results if r.role == "home")


def waiting_texts(d: Driver) -> dict[str, str]:
    w = d.app.vm.waiting
    return {
        "title": w.title,
        "subtitle": w.subtitle,
        "score": w.score,
        "label": w.score_label,
        "last": w.last_result,
        "next": w.next_hand,
    }


async def story_day(d: Driver) -> None:
    """The first half of a day at one table, as its players live it (the hub runs in the
    test, so it outlives this kiosk): the hand, a result, the leader's correction, then a
    loan (flags) or a penalty (points). Then it waits to be killed."""
    table = d.spec["table"]
    points = d.spec["points"]
    try:
        await d.on("waiting")
        await d.command("start_hand")
        await d.on("move")
        await d.tap("ok")
        await d.on("hand")
        await d.shot("01-hand")
        await report_result(d, 7)
        await d.on("accepted")
        await d.shot("02-accepted")
        d.note("accepted", [d.app.vm.accepted.outcome, d.app.vm.accepted.instruction])
        await d.tap("ok")
        await d.on("waiting")
        await d.shot("03-waiting")
        d.note("reported", waiting_texts(d))
        # The leader finds the count was wrong: 6, not 7.
        await d.command(
            "correct",
            hand=1,
            table=table,
            visitor_tricks=6,
            home_tricks=7,
            revokes={"home": 0, "visitors": 0},
            reason="recounted at the table",
        )
        await until(lambda: mine(d).corrected, "the correction shown")
        await d.shot("04-corrected")
        d.note("corrected", waiting_texts(d))
        if points:
            await d.command("penalty", hand=1, table=table, side="home", reason="signals")
            await until(lambda: mine(d).penalty is not None, "the penalty shown")
            await d.shot("05-penalty")
            d.note("penalty", waiting_texts(d))
        else:
            await d.command("loan", table=table, flags=2)
            await until(lambda: bool(d.presenter.table_view.loans), "the loan shown")
            await d.shot("05-loan")
            d.note("loan", waiting_texts(d))
    finally:
        await d.close()
    print("STORY " + json.dumps(_report), flush=True)
    await asyncio.sleep(WAIT * 4)  # the test kills this process with SIGKILL before then
    raise AssertionError("not killed")


async def story_end(d: Driver) -> None:
    """The same table after its kiosk was killed and started again: the same truth, the
    last hand, and the day's end with the team's total and place."""
    try:
        await d.on("waiting")
        await d.shot("06-restarted")
        d.note("restarted", waiting_texts(d))
        await d.command("close_hand")
        await d.command("start_hand")
        await d.on("move")
        await d.tap("ok")
        await d.on("hand")
        await report_result(d, 10)
        await d.on("accepted")
        await d.tap("ok")
        await d.on("waiting")
        d.note("last_reported", waiting_texts(d))
        await d.command("close_hand")
        # The last hand closed: the standings are final, the kiosk says so at once.
        await until(lambda: d.presenter.table_view.day_result is not None, "the final result")
        await d.settle()
        await d.shot("07-last-hand-closed")
        d.note("closed", waiting_texts(d))
        seq = d.presenter.table_view.seq
        await d.command("end_day")
        await until(lambda: d.presenter.table_view.seq > seq, "the day's end")
        await d.settle()
        await d.shot("08-day-end")
        d.note("day_end", waiting_texts(d))
        await d.tap("language")
        await d.settle()
        await d.shot("08-day-end-other-language")
        d.note("day_end_other", waiting_texts(d))
    finally:
        await d.close()


CLUB_NAMES = {"N": "Eleanor", "E": "Harold", "S": "Margaret", "W": "Bernard"}


def last_deal(d: Driver) -> int:
    """The last deal the hub's score shows (0 before the first)."""
    score = d.presenter.club.score
    return 0 if score is None or score.last is None else int(score.last.deal)


async def club(d: Driver) -> None:
    """A club night at one table: the score, deals tapped in through every club screen, the
    hub away and back, a refusal, the leader's correction and the night's end."""
    english = d.spec["night"]["format"] == "english"
    table = d.spec["table"]
    taps = 0

    async def tap(kid: str) -> None:
        nonlocal taps
        taps += 1
        await d.tap(kid)

    try:
        await club_score_first(d)
        d.note("first", d.app.vm.club_score.ns_detail)

        # deal 1, every tap counted
        await tap("club-enter")
        await d.on("club-pick")
        await d.shot("c02-choice")
        d.note("choice", [o.text for o in d.app.vm.club_pick.options if o.visible])
        await tap("pick-1")  # Minnesota: East-West grand; English: hearts
        await d.on("entry")
        await tap("key-5")
        await tap("key-4")  # a wrong number fixed before agreeing
        taps -= 1
        await d.shot("c03-tricks")
        await tap("next")
        if english:
            await d.on("club-pick")
            await d.shot("c04-honours")
            await tap("pick-2")  # North-South held four
        await d.on("confirm")
        await d.shot("c05-confirm")
        d.note("confirm", d.app.vm.confirm.outcome)
        await tap("confirm-home")
        await tap("confirm-visitors")
        await d.on("club-score")
        await until(lambda: last_deal(d) == 1, "deal 1's score")
        await d.settle()
        await d.shot("c06-score")
        d.note("taps", taps)
        d.note("score", [d.app.vm.club_score.ns_score, d.app.vm.club_score.ew_score])
        d.note("last", d.app.vm.club_score.last)

        # deal 2 with a revoke, while the hub is away: kept, then sent
        await d.stop_hub()
        await until(lambda: d.presenter.hub_online is False, "the hub offline")
        await d.tap("club-enter")
        await d.tap("pick-0")
        await d.tap("key-8")
        await d.tap("revokes")
        await d.on("revokes")
        await d.tap("revokes-visitors-plus")
        await d.shot("c07-revokes")
        await d.tap("revokes-done")
        await d.tap("next")
        if english:
            await d.tap("pick-0")
        await d.tap("confirm-home")
        await d.tap("confirm-visitors")
        await d.on("pending")
        await d.shot("c08-pending")
        d.note("pending", d.app.vm.pending.status)
        await d.start_hub()
        await d.on("club-score")
        await until(lambda: last_deal(d) == 2, "deal 2's score")

        # deal 3: the leader enters it from paper while the table is still tapping it in
        await d.tap("club-enter")
        await d.tap("pick-0")
        await d.tap("key-7")
        await d.tap("next")
        if english:
            await d.tap("pick-0")
        await d.on("confirm")
        choice = {"trump": "spades"} if english else {"granded": "low"}
        record = {"ns_tricks": 3, **choice}
        await d.command("correct_deal", table=table, deal=3, record=record, reason="from paper")
        await d.tap("confirm-home")
        await d.tap("confirm-visitors")
        await d.on("rejected")
        await d.shot("c09-rejected")
        d.note("rejected", d.app.vm.rejected.reason)
        await d.tap("back-to-score")
        await d.on("club-score")

        # the leader corrects deal 3 again: a new score arrives by itself
        record["ns_tricks"] = 4
        await d.command("correct_deal", table=table, deal=3, record=record, reason="miscounted")
        await until(lambda: d.presenter.club.score.last.corrected, "the correction")
        await d.settle()
        await d.shot("c10-corrected")
        d.note("corrected", d.app.vm.club_score.last)

        # the night's end with places
        await d.command("end_night")
        await until(lambda: bool(d.app.vm.club_score.end), "the night's end")
        await d.settle()
        await d.shot("c11-ended")
        d.note("ended", d.app.vm.club_score.end)
        await d.tap("language")
        await d.settle()
        await d.shot("c11-ended-other-language")
        d.note("ended_other", d.app.vm.club_score.end)
    finally:
        await d.close()


async def director(d: Driver) -> None:
    """Issue 12 at table 2: the table runs out of flags (the leader's corrections of hands
    1 to 6 took 12), the players report hand 7 and are told the leader brings the flags;
    then the leader ends play early and the end screen says the place is provisional."""
    table = d.spec["table"]
    try:
        await d.on("waiting")
        for hand in range(1, 7):
            await d.command("start_hand")
            await d.command(
                "correct",
                hand=hand,
                table=table,
                visitor_tricks=13,
                home_tricks=0,
                revokes={"home": 0, "visitors": 0},
                reason="from the paper sheet",
            )
        await play_hand(d, 7, 13)
        await until(lambda: d.presenter.table_view.to_bring == 2, "the flags to bring")
        await d.settle()
        await d.shot("01-bring-flags")
        d.note("bring", d.app.vm.accepted.instruction)
        await d.tap("language")
        await d.shot("01-bring-flags-fr")
        d.note("bring_fr", d.app.vm.accepted.instruction)
        await d.tap("language")
        await d.tap("ok")
        await d.on("waiting")
        await both_languages(d, "02-waiting-bring")
        d.note("waiting_bring", waiting_texts(d))
        await d.command("loan", table=table, flags=2)  # the leader brought them
        await until(lambda: d.presenter.table_view.to_bring == 0, "the flags brought")
        await d.command("end_day", early=True)
        await until(lambda: d.presenter.table_view.day_result is not None, "the end")
        await d.settle()
        await d.shot("03-ended-early")
        d.note("ended", waiting_texts(d))
        await d.tap("language")
        await d.settle()
        await d.shot("03-ended-early-fr")
        d.note("ended_fr", waiting_texts(d))
    finally:
        await d.close()


async def both_languages(d: Driver, name: str) -> None:
    """A screenshot of this screen in the kiosk's language, then in the other one."""
    await d.shot(name)
    await d.tap("language")
    await d.settle()
    await d.shot(f"{name}-fr")
    await d.tap("language")
    await d.settle()


async def count_in(d: Driver, flags: int) -> None:
    """The players count their flags and send the number (rules A19)."""
    await d.tap("count")
    await d.on("count")
    for digit in str(flags):
        await d.tap(f"count-key-{digit}")
    await d.tap("count-next")
    await d.on("count-confirm")


async def count(d: Driver) -> None:
    """Rules A19 at table 2 of a two-day tournament: the leader ends day 1 early after hand
    1; the players see the day's end, count their flags (one short: it differs), then count
    again (it agrees); the hub records both as the verifier's count."""
    table = d.spec["table"]
    try:
        await d.on("waiting")
        await play_hand(d, 1, 10)
        await d.tap("ok")
        await d.command("end_day", early=True)
        await until(lambda: d.presenter.table_view.count is not None, "the day's end")
        await d.on("waiting")
        await both_languages(d, "01-day-ended-early")
        d.note("ended", {**waiting_texts(d), "count": d.app.vm.waiting.count_line})
        counts = (await d.command("counts")).data
        hub = next(line["hub"] for line in counts["lines"] if line["table"] == table)
        d.note("hub", hub)
        await count_in(d, hub - 1)
        await d.tap("count-change")  # Change: the number is still there
        await d.on("count")
        await both_languages(d, "02-count")
        d.note("typed", d.app.vm.count.value)
        await d.tap("count-next")
        await d.on("count-confirm")
        await both_languages(d, "03-count-confirm")
        await d.tap("count-send")
        await until(lambda: d.presenter.table_view.count.status == "differs", "the answer")
        await d.on("waiting")
        await both_languages(d, "04-count-differs")
        d.note("differs", d.app.vm.waiting.count_line)
        await count_in(d, hub)
        await d.tap("count-send")
        await until(lambda: d.presenter.table_view.count.status == "agrees", "the recount")
        await d.on("waiting")
        await both_languages(d, "05-count-agrees")
        d.note("agrees", d.app.vm.waiting.count_line)
        counts = (await d.command("counts")).data
        d.note("recorded", next(ln for ln in counts["lines"] if ln["table"] == table))
    finally:
        await d.close()


async def club_solo(d: Driver) -> None:
    """A night of a game played each for oneself at one table (Widow, Solo, Knockout, 8-to-1)
    against the real hub: a deal tapped in through every page of the game, counted, with a
    screenshot of each page; then the night's end, in both languages."""
    game = d.spec["night"]["format"]
    table = d.spec["table"]
    taps = 0

    async def tap(kid: str, screen: str | None = None) -> None:
        nonlocal taps
        taps += 1
        await d.tap(kid)
        if screen is not None:
            await d.on(screen)

    try:
        await d.start_hub()
        if game == "eight-to-one":
            # the leader enters the four eight-card rounds from paper: round 5 has a trump
            for deal in range(1, 5):
                record = {"bids": dict.fromkeys("NESW", 2), "tricks": dict.fromkeys("NESW", 2)}
                await d.command(
                    "correct_deal", table=table, deal=deal, record=record, reason="paper"
                )
            await until(lambda: last_deal(d) == 4, "round 4 in")
        await d.on("club-players")
        await until(lambda: d.presenter.hub_online, "the hub online")
        await d.settle()
        await d.shot("s01-score-first")
        d.note("first", d.app.vm.club_players.round)
        d.note("first_trump", d.app.vm.club_players.trump)
        d.note("first_last", d.app.vm.club_players.last)
        before = last_deal(d)
        await tap("club-enter")
        if game == "widow":
            await d.on("club-choose")
            await d.shot("s02-widow")
            d.note("choice", [o.text for o in d.app.vm.club_choose.options if o.visible])
            await tap("choose-1", "entry")
            await tap("key-3")
            await d.shot("s03-tricks")
            await tap("key-6", "confirm")
        elif game == "solo":
            await d.on("club-choose")
            await d.shot("s02-contract")
            d.note("choice", [o.text for o in d.app.vm.club_choose.options if o.visible])
            await tap("choose-1")  # prop and cop
            await d.shot("s02-bidder")
            await tap("choose-0")  # Eleanor proposed
            await d.shot("s02-partner")
            await tap("choose-1", "entry")  # Margaret accepted
            await d.shot("s03-tricks")
            await d.tap("revokes")  # a look at who revoked: nobody (not counted)
            await d.on("club-choose")
            await d.shot("s04-revoker")
            await d.tap("choose-0")
            await d.on("entry")
            await tap("key-9", "confirm")
        elif game == "knockout":
            await d.on("entry")
            await d.shot("s03-tricks")
            await tap("key-3")
            await tap("key-4")
            await tap("key-0", "confirm")
        else:
            await d.on("entry")
            await d.shot("s02-bids")
            for key in ("key-1", "key-2", "key-3", "key-1"):
                await tap(key)
            await d.on("club-choose")
            await d.shot("s02-play")
            await tap("choose-0", "entry")
            await tap("key-1")
            await tap("key-2")
            await d.shot("s03-tricks")
            await tap("key-3", "confirm")
        await d.shot("s05-confirm")
        d.note("confirm", [d.app.vm.confirm.outcome, d.app.vm.confirm.tricks])
        await tap("confirm-home")
        await until(lambda: last_deal(d) == before + 1, "the deal's score")
        await d.on("club-players")
        await d.shot("s06-score")
        d.note("taps", taps)
        d.note("scores", [r.score for r in d.app.vm.club_players.rows if r.visible])
        d.note("round", d.app.vm.club_players.round)
        d.note("last", d.app.vm.club_players.last)
        await d.command("end_night")
        await until(lambda: bool(d.app.vm.club_players.end), "the night's end")
        await d.settle()
        await d.shot("s11-ended")
        d.note("ended", d.app.vm.club_players.end)
        await d.tap("language")
        await d.settle()
        await d.shot("s11-ended-other-language")
    finally:
        await d.close()


def _long_night(game: str, names: dict[str, str], house_rules: tuple[str, ...] = ()) -> Any:
    """A club night of ``game`` held by the core, every table seated with ``names``, with
    ``house_rules``."""
    from whist.events import NightCreated
    from whist.night import ClubNight
    from whist.nightspec import default_night, load_night

    data = default_night(game, 3).to_dict()
    if house_rules:
        data["house_rules"] = list(house_rules)
    for seating in data["seating"]:
        seating["players"] = dict(names)
    return ClubNight.replay([NightCreated(load_night(data))])


def _cut_names(d: Driver) -> list[str]:
    """The players' names the score screen shortens ("Marie-Thér..."): none may be."""
    from uikit.widgets import widest

    cut = []
    for w in d.widgets():
        name = getattr(w, "kid", "").startswith("player-name-") and w.text and w.opacity
        if name and widest([w.text], w.font_size, bold=w.bold) > w.width - 2 * w.padding_x:
            cut.append(w.text)
    return cut


async def fit(d: Driver) -> None:
    """Issue 29's texts that must fit the 800x480 kiosk, below its top bar, with no wrap in a
    total: the hub's news given straight to the table's presenter (the core's own ClubScore,
    no hub), each screen shot and audited. 8-to-1 totals of four and five characters and its
    drawn trump big; Solo's prop-and-cop tricks page with two long names; Minnesota's final
    screen with a long East-West name; 8-to-1's tricks page beside a bid; Widow's and
    8-to-1's score after a correction (its line more under the rows, issue 29)."""
    from whist.events import DealCorrected, DealRecorded, NightEnded
    from whist.night import club_score, night_state

    table = d.spec["table"]
    p = d.presenter
    await until(lambda: hasattr(p, "on_score"), "the table's presenter")

    def show(night: Any, score: Any | None = None) -> None:
        p.on_connection(True)
        p.on_hub_status(True)
        p.on_state(night_state(night))
        p.on_score(score or club_score(night, table))

    eight = {"N": "Marie-Thérèse", "E": "Bartholomew", "S": "Jean-Baptiste", "W": "Gérard"}
    night = _long_night("eight-to-one", eight)
    even = {f"{k}_{s}": 2 for k in ("bid", "tricks") for s in "NESW"}
    for deal in range(1, 5):  # the four eight-card rounds: round 5 has a trump
        night.apply(DealRecorded(f"r{deal}", table, deal, dict(even)))
    # the last one corrected by the leader: a line more under the players (issue 29)
    night.apply(DealCorrected(table, 4, dict(even), "recount"))
    s = club_score(night, table)
    totals = (1070, -400, -1070, 10)  # past a thousand each way, and below a hundred
    parties = [q.model_copy(update={"score": n}) for q, n in zip(s.parties, totals, strict=True)]
    assert s.round is not None
    s = s.model_copy(
        update={"parties": parties, "round": s.round.model_copy(update={"trump": "diamonds"})}
    )
    show(night, s)
    await d.on("club-players")
    await d.shot("f01-players")
    d.note("scores", [r.score for r in d.app.vm.club_players.rows if r.visible])
    d.note("trump", d.app.vm.club_players.trump)
    d.note("cut", _cut_names(d))
    d.measure("f01-players", {"players-trump": False, "players-round": False})
    # the bids, then the tricks page beside each player's bid
    p.enter_deal()
    for n in (1, 2, 3, 0):
        p.keypad(n)
    p.pick(0)
    await d.on("entry")
    await d.shot("f04-tricks")
    d.note("tricks", [d.app.vm.entry.question, d.app.vm.entry.readout])

    def leave() -> None:  # Back, page by page, to the score
        for _ in range(12):
            if p.view.screen.value in ("club-players", "club-score"):
                return
            p.back()

    leave()

    solo = {"N": "Marie-Thérèse", "E": "Bartholomew", "S": "Jean-Baptiste", "W": "Gérard"}
    night = _long_night("solo", solo)
    show(night)
    await d.on("club-players")
    p.enter_deal()
    p.pick(1)  # prop and cop
    p.pick(0)  # the first player proposed
    p.pick(0)  # the next one accepted
    await d.on("entry")
    await d.shot("f02-prop-tricks")
    d.note("prop", d.app.vm.entry.question)
    leave()

    # Widow's three players, their last deal corrected: its three lines under the rows
    night = _long_night("widow", {"1": "Eleanor", "2": "Harold", "3": "Marie-Thérèse"})
    first = {"widow": "2", "tricks_1": 3, "tricks_2": 6, "tricks_3": 4}
    night.apply(DealRecorded("w1", table, 1, first))
    fixed = {**first, "tricks_1": 4, "tricks_2": 5}
    night.apply(DealCorrected(table, 1, fixed, "recount"))
    show(night)
    await d.on("club-players")
    await d.shot("f05-corrected")
    d.note("corrected", d.app.vm.club_players.last)

    minnesota = {"N": "Eleanor", "S": "Harold", "E": "Bartholomew Fitzgerald", "W": "Marie-Thérèse"}
    night = _long_night("minnesota", minnesota)
    night.apply(DealRecorded("m1", table, 1, {"granded": "NS", "ns_tricks": 9}))
    night.apply(NightEnded())
    show(night)
    await d.on("club-score")
    await d.shot("f03-ended")
    d.note("ended", [d.app.vm.club_score.ew_players, d.app.vm.club_score.ew_detail])
    await club_views(d)  # in the same window: one app's start the fewer


async def club_views(d: Driver) -> None:
    """Issue 29 and 24 on the club kiosk, from the core's own ClubScore given to the table's
    presenter (no hub): a Minnesota game just won (13-6, not the next game's 0-0); an 8-to-1
    game played out and the night ended (the final totals, not zeros); a one-card round said
    in the singular; the rules page opened from the score (English whist with a house rule,
    8-to-1's long summary)."""
    from whist.events import DealRecorded, NightEnded
    from whist.formats.eight_to_one import ROUNDS
    from whist.night import club_score, night_state

    table = d.spec["table"]
    p = d.presenter
    await until(lambda: hasattr(p, "on_score"), "the table's presenter")
    names = {"N": "Eleanor", "E": "Harold", "S": "Margaret", "W": "Marie-Thérèse"}

    def show(night: Any) -> None:
        p.on_connection(True)
        p.on_hub_status(True)
        p.on_state(night_state(night))
        p.on_score(club_score(night, table))

    def play(night: Any, *records: dict[str, Any]) -> None:
        for entry in records:
            deal = len(night.deals[table]) + 1
            night.apply(DealRecorded(f"v{deal}", table, deal, entry))

    minnesota = _long_night("minnesota", names)
    play(
        minnesota,
        {"granded": "NS", "ns_tricks": 13},  # North-South 7
        {"granded": "EW", "ns_tricks": 1},  # East-West 6
        {"granded": "NS", "ns_tricks": 12},  # North-South 13: the game
    )
    show(minnesota)
    await d.on("club-score")
    await d.shot("v01-game-won")
    s = d.app.vm.club_score
    d.note("won", [s.ns_score, s.ew_score, s.last])

    def rounds(night: Any, cards: tuple[int, ...]) -> None:
        play(
            night,
            *(
                {**{f"bid_{x}": 0 for x in "ESW"}, "bid_N": n, "tricks_N": n}
                | {f"tricks_{x}": 0 for x in "ESW"}
                for n in cards
            ),
        )

    eight = _long_night("eight-to-one", names)
    rounds(eight, ROUNDS[: ROUNDS.index(1)])
    show(eight)
    await d.on("club-players")
    await d.shot("v02-one-card")
    d.note("one_card", d.app.vm.club_players.round)
    p.open_rules()
    await d.on("club-rules")
    await d.shot("v03-rules-long")
    d.note("rules_long", [d.app.vm.club_rules.title, d.app.vm.club_rules.house])
    p.back()
    rounds(eight, ROUNDS[ROUNDS.index(1) :])
    eight.apply(NightEnded())
    show(eight)
    await d.on("club-players")
    await d.shot("v04-night-ended")
    d.note("totals", [r.score for r in d.app.vm.club_players.rows if r.visible])

    english = _long_night("english", names, house_rules=("game_values",))
    play(english, {"trump": "hearts", "ns_tricks": 8})
    show(english)
    await d.on("club-score")
    await d.tap("club-rules")
    await d.on("club-rules")
    await d.shot("v05-rules")
    r = d.app.vm.club_rules
    d.note("rules", [r.title, r.game, r.house])
    await d.tap("rules-more")  # the rest on the next page
    await d.shot("v06-rules-next")
    r = d.app.vm.club_rules
    d.note("rules_next", [r.title, r.game, r.house])
    await d.tap("rules-back")
    await d.on("club-score")

    solo = _long_night("solo", names)  # the longest rules of all
    show(solo)
    await d.on("club-players")
    p.open_rules()
    await d.on("club-rules")
    await d.shot("v07-rules-solo")
    d.note("rules_solo", [d.app.vm.club_rules.title, d.app.vm.club_rules.more.visible])


async def dayend(d: Driver) -> None:
    """Issue 25's kiosk screens (tests/ui/kiosk_dayend.py)."""
    from tests.ui.kiosk_dayend import dayend as scenario

    await scenario(d)


SCENARIOS = {
    "dayend": dayend,
    "sizes": sizes,
    "club_sizes": club_sizes,
    "club": club,
    "director": director,
    "count": count,
    "club_solo": club_solo,
    "fit": fit,
    "walk": walk,
    "setup": setup,
    "setup_screen": setup_screen,
    "submit": submit,
    "resume": resume,
    "join": join,
    "story_day": story_day,
    "story_end": story_end,
}

if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    main()
