"""Runs the real leader console or hall display in this process and plays a scenario on it.

Started by tests/ui/test_console_ui.py as ``python -m tests.ui.console_driver SPEC.json``
(Kivy makes one window per process). Like tests/ui/driver.py for the table kiosk: the
scenario taps the real widgets, talks to a real hub over a real broker, saves screenshots
(every screen at 1920x1080 and 1280x720, in English and French), checks each one's layout
and prints one ``RESULT {json}`` line.

The leader's scenario runs the hub in this process, with simulated kiosks (and one real
kiosk presenter on its real MQTT connection) at the tables. The club nights' scenarios talk to
a real ``whist-hub serve`` the test started (its own Mosquitto), with simulated club kiosks.
The hall display's scenario runs at the same time in another process and watches. They wait
for each other through small files in a shared folder (``signal``/``wait_for_signal``),
never for long.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from tests.ui.audit import broken_word, caps, label, overlaps, record, stranded_number
from tests.ui.audit import natural_size as _natural_size
from tests.ui.driver import _touch, until

WAIT = 15.0
_report: dict[str, Any] = {"shots": [], "audit": [], "texts": {}}
#: The walk runs at the first size (cheaper frames under Xvfb); shots are taken at both.
SIZES = ((1280, 720), (1920, 1080))


def main() -> None:
    spec = json.loads(Path(sys.argv[1]).read_text(encoding="utf-8"))
    from console.app import configure_kivy

    configure_kivy(tuple(spec.get("size", spec.get("sizes", SIZES)[0])))
    if spec["app"] == "hall":
        from hall.ui import HallApp

        app: Any = HallApp(Path(spec["config"]), config_poll=0.2, page_seconds=3600)
    else:
        from console.ui import LeaderApp

        app = LeaderApp(Path(spec["config"]), resend_every=0.5, config_poll=0.2, opener=print)
    started = time.monotonic()
    asyncio.run(_run(app, spec))
    _report["seconds"] = round(time.monotonic() - started, 2)
    print("RESULT " + json.dumps(_report), flush=True)
    sys.exit(1 if _report.get("error") else 0)


async def _run(app: Any, spec: dict[str, Any]) -> None:
    async def scenario() -> None:
        d = ConsoleDriver(app, spec)
        try:
            await until(lambda: app.root is not None and app.presenter is not None, "the app")
            await SCENARIOS[spec["scenario"]](d)
        except BaseException as exc:  # report everything; the test shows it
            _report["error"] = "".join(traceback.format_exception(exc))
        finally:
            await d.close()
            await asyncio.sleep(0.1)
            app.stop()

    task = asyncio.ensure_future(scenario())
    await app.async_run(async_lib="asyncio")
    await task


class ConsoleDriver:
    """A person at the console (or in front of the TV), and the hall behind it."""

    def __init__(self, app: Any, spec: dict[str, Any]) -> None:
        self.app = app
        self.spec = spec
        self.shots = Path(spec["shots"])
        self.signals = Path(spec["signals"])
        self.hub: Any = None
        self.kiosks: dict[int, Any] = {}
        self.table_kiosk: Any = None  # the real kiosk presenter, on its real connection
        self.size = tuple(spec.get("size", SIZES[0]))
        #: The sizes every screen is shot at: the first is the one the walk runs at.
        self.sizes = tuple(tuple(x) for x in spec.get("sizes", SIZES))

    # ------------------------------------------------------------------ looking
    @property
    def p(self) -> Any:
        return self.app.presenter

    @property
    def vm(self) -> Any:
        return self.app.vm

    @property
    def screen(self) -> str:
        screen = self.app.vm.screen
        return str(getattr(screen, "value", screen))

    async def on(self, screen: str, timeout: float = WAIT) -> None:
        await until(lambda: self.screen == screen, f"{screen} screen (now {self.screen})", timeout)
        await self.settle(2)

    async def settle(self, frames: int = 4) -> None:
        for _ in range(frames):
            await asyncio.sleep(1 / 30)

    def widgets(self) -> list[Any]:
        seen: dict[int, Any] = {}
        for w in self.app.root.walk():
            seen.setdefault(id(w), w)
        return list(seen.values())

    def find(self, kid: str) -> Any:
        found = [
            w
            for w in self.widgets()
            if getattr(w, "kid", None) == kid and w.opacity > 0 and w.get_root_window()
        ]
        assert found, f"no widget {kid!r} on the {self.screen} screen"
        return found[0]

    # ------------------------------------------------------------------ touching
    async def tap(self, kid: str) -> None:
        from kivy.base import EventLoop

        widget = self.find(kid)
        assert widget.opacity > 0 and not widget.disabled, f"{kid!r} cannot be pressed now"
        x, y = widget.to_window(*widget.center)
        touch = _touch(x, y)
        EventLoop.post_dispatch_input("begin", touch)
        await asyncio.sleep(0.02)
        EventLoop.post_dispatch_input("end", touch)
        await self.settle(2)

    async def resize(self, width: int, height: int) -> None:
        from kivy.core.window import Window

        if tuple(Window.size) == (width, height):
            return
        Window.size = (width, height)
        await until(lambda: tuple(Window.size) == (width, height), f"window of {width}x{height}")
        await asyncio.sleep(0.05)
        await self.settle(1)

    # ------------------------------------------------------------------ recording
    async def shoot(self, name: str) -> None:
        """This screen in both languages at the first size and in French at the second, or
        in the spec's ``variants`` only ((language, size index) pairs: each resize lays the
        whole screen out again); the window ends as it was."""
        before = self.p.language
        # English at the second size too added nothing French there does not show: French
        # is the longer of the two, the one a smaller window cuts first.
        variants = self.spec.get("variants") or (("en", 0), ("fr", 0), ("fr", 1))
        for language, index in variants:
            size = self.sizes[index]
            await self.resize(*size)
            if self.p.language != language:
                self.p.set_language(language)
            await self._shot(f"{language}-{size[0]}x{size[1]}-{name}")
        await self.resize(*self.sizes[0])
        if self.p.language != before:
            self.p.set_language(before)
            await self.settle(2)

    async def _shot(self, stem: str) -> None:
        from kivy.core.window import Window

        await self.settle(2)
        target = self.shots / f"{stem}.png"
        self.shots.mkdir(parents=True, exist_ok=True)
        made = Path(Window.screenshot(name=str(target)))
        made.replace(target)
        _report["shots"].append(target.name)
        record(_report, target.name, self.audit)

    def audit(self) -> list[str]:
        """What a volunteer (or the back row of the hall) would trip over on this screen."""
        from kivy.core.window import Window
        from kivy.uix.scrollview import ScrollView

        from uikit import widetheme as theme
        from uikit.widgets import LButton, LFill, LInput, LLine, LText

        sz = self.app.sz
        s = self.app.s
        problems = []
        boxes = []
        classes: tuple[type, ...] = (LText, LFill, LLine, LButton, LInput)
        tile_class: Any = None
        row_class: Any = None
        if self.spec["app"] == "leader":
            from console.ui import Tile

            tile_class = Tile
        else:
            from hall.ui import HallRow

            row_class = HallRow
        for w in self.widgets():
            if not w.get_root_window() or not _shown(w):
                continue
            view = _scroll_view(w, ScrollView)
            x, y = w.to_window(w.x, w.y)
            box = (x, y, x + w.width, y + w.height)
            if view is not None:
                vx, vy = view.to_window(view.x, view.y)
                if box[3] <= vy + 1 or box[1] >= vy + view.height - 1:
                    continue  # scrolled out of sight
                # a scroll view draws its content inside itself only: what shows is the part
                # within it (a long text scrolls; it does not cover what is below the view)
                box = (
                    max(box[0], vx),
                    max(box[1], vy),
                    min(box[2], vx + view.width),
                    min(box[3], vy + view.height),
                )
            name = label(w) if hasattr(w, "text") else getattr(w, "kid", "") or type(w).__name__
            small = min(w.width, w.height) < sz.MIN_TARGET_PX * s - 0.5
            if tile_class is not None and isinstance(w, tile_class) and small:
                problems.append(f"{name}: tile of {w.width:.0f}x{w.height:.0f} px")
            low = w.height < 48 * s - 0.5
            if row_class is not None and isinstance(w, row_class) and low:
                problems.append(f"{name}: row of {w.height:.0f} px")
            if not isinstance(w, classes) or not w.text:
                continue
            if w.font_size < sz.MIN_TEXT_PX * s - 0.01:
                problems.append(f"{name}: text of {w.font_size:.0f} px")
            if isinstance(w, LButton) and min(w.width, w.height) < sz.MIN_TARGET_PX * s - 0.5:
                problems.append(f"{name}: button of {w.width:.0f}x{w.height:.0f} px")
            if not isinstance(w, LInput):
                tw, th = _natural_size(w)
                if tw > w.width + 1 or th > w.height + 1:
                    problems.append(
                        f"{name}: text {tw}x{th} does not fit in {w.width:.0f}x{w.height:.0f}"
                    )
                if row_class is not None and (word := broken_word(w)):
                    # the hall's (the console's own are the leader's, issue 25: clipping and
                    # overlap only)
                    problems.append(f"{name}: {word!r} broken in two")
                if parted := stranded_number(w):  # "table" / "3", on the console and the hall
                    problems.append(f"{name}: a number parted from its word: {parted!r}")
                theme.role(w.role)
                if row_class is not None and getattr(w, "shorten", False) and _cut(w):
                    # the hall never cuts a text with "…" (a reviewer read "Levé…")
                    problems.append(f"{name}: {w.text!r} cut with an ellipsis")
            if view is None and (
                box[0] < -1
                or box[1] < -1
                or box[2] > Window.width + 1
                or box[3] > Window.height + 1
            ):
                problems.append(f"{name}: outside the window at {[round(v) for v in box]}")
            boxes.append((name, box))
        problems.extend(overlaps(boxes))
        # what the hall's players read (``read: True`` in hall/kv) is 30 mm from the back row
        problems.extend(caps(self.widgets(), self.spec["app"], (Window.width, Window.height)))
        return problems

    def note(self, key: str, value: Any) -> None:
        _report["texts"][key] = value

    # ------------------------------------------------------------------ the other process
    def signal(self, name: str) -> None:
        self.signals.mkdir(parents=True, exist_ok=True)
        (self.signals / name).write_text("1", encoding="utf-8")

    async def wait_for_signal(self, name: str, timeout: float = WAIT) -> bool:
        deadline = time.monotonic() + timeout
        while not (self.signals / name).exists():
            if time.monotonic() > deadline:
                return False
            await asyncio.sleep(0.05)
        return True

    # ------------------------------------------------------------------ the hall behind
    def _broker(self) -> dict[str, Any]:
        return dict(self.spec["broker"])

    async def start_hub(self) -> None:
        from tests.integration.hubproc import InProcessHub
        from whist.pattern import default_spec

        b = self._broker()
        t = self.spec["tournament"]
        spec = default_spec(t["format"], t["tables"], t["hands"], name=t.get("name"))
        spec = spec.model_copy(update={"advance": t.get("advance", 1)})
        hub = InProcessHub(
            spec, Path(t["data"]), b["host"], b["port"], b["hub_user"], b["hub_password"]
        )
        await asyncio.to_thread(hub.__enter__)
        self.hub = hub

    async def stop_hub(self) -> None:
        hub, self.hub = self.hub, None
        if hub is not None:
            await asyncio.to_thread(hub.__exit__, None, None, None)

    async def start_kiosks(self, tables: list[int]) -> None:
        from hub.demo.sim import SimKiosk

        b = self._broker()
        for table in tables:
            kiosk = SimKiosk(
                table,
                b["host"],
                b["port"],
                f"table{table}",
                b["tables"][str(table)],
                resend_every=0.5,
            )
            kiosk.start()
            self.kiosks[table] = kiosk
        for kiosk in self.kiosks.values():
            assert await asyncio.to_thread(kiosk.connected.wait, WAIT), "a kiosk is offline"

    async def start_club_kiosks(self, tables: list[int]) -> None:
        """Club tables' kiosks (hub.sim.SimClubKiosk: each its own table login, its outbox),
        reporting deals to the real hub."""
        from hub.demo.sim import SimClubKiosk

        b = self._broker()
        started = []
        for table in tables:
            kiosk = SimClubKiosk(
                table,
                b["host"],
                b["port"],
                f"table{table}",
                b["tables"][str(table)],
                resend_every=0.5,
            )
            kiosk.start()
            self.kiosks[table] = kiosk
            started.append(kiosk)
        for kiosk in started:
            assert await asyncio.to_thread(kiosk.connected.wait, WAIT), "a kiosk is offline"
            await asyncio.to_thread(kiosk.wait_score, lambda s: True, WAIT)

    async def club_leader(self) -> Any:
        """The leader's login as a second client (hub.sim.SimClubLeader), for a scenario
        with no console (the hall's): commands to the real hub."""
        from hub.demo.sim import SimClubLeader

        b = self._broker()
        leader = SimClubLeader(b["host"], b["port"], b["leader_user"], b["leader_password"])
        leader.start()
        assert await asyncio.to_thread(leader.connected.wait, WAIT), "the leader is offline"
        self.kiosks[0] = leader  # stopped with the kiosks
        return leader

    async def start_table_kiosk(self, table: int) -> None:
        """The table kiosk's own presenter and MQTT connection (no window: this process has
        the console's), to see what a real kiosk shows when the leader starts a hand."""
        import tempfile

        from kiosk.config import KioskConfig
        from kiosk.connection import KioskConnection
        from kiosk.outbox import Outbox
        from kiosk.presenter import TablePresenter

        b = self._broker()
        config = KioskConfig(
            table=table,
            host=b["host"],
            port=b["port"],
            username=f"table{table}",
            password=b["tables"][str(table)],
        )
        outbox = Outbox(Path(tempfile.mkdtemp()) / "outbox.sqlite3")
        presenter: Any = None

        class Link:
            def submit(self, result: Any) -> bool:
                return bool(connection.submit(result))

            def call_leader(self, reason: str = "", topic: Any = None) -> bool:
                return bool(connection.call_leader(reason, topic=topic))

        presenter = TablePresenter(table, link=Link(), language="en")
        from kivy.clock import Clock

        connection = KioskConnection(
            config,
            outbox,
            presenter,
            post=lambda f: Clock.schedule_once(lambda dt: f(), 0),
            client_id=f"ui-kiosk-{table}",
        )
        connection.start()
        self.table_kiosk = (presenter, connection, outbox)
        await until(lambda: presenter.connected, "the table kiosk's connection")

    async def close(self) -> None:
        for kiosk in self.kiosks.values():
            await asyncio.to_thread(kiosk.stop)
        if self.table_kiosk is not None:
            _, connection, outbox = self.table_kiosk
            await asyncio.to_thread(connection.stop)
            outbox.close()
        await self.stop_hub()


def _cut(label: Any) -> bool:
    """Whether a shortened label draws less than its text: its widest line, laid out with no
    width to wrap to, is wider than the label."""
    from kivy.core.text import Label as CoreLabel

    options = dict(label._label.options)
    options.update(text=label.text, text_size=(None, None), shorten=False)
    free = CoreLabel(**options)
    free.refresh()
    padding = 2 * (options.get("padding_x") or 0)
    return bool(free.content_size[0] > label.width - padding + 1)


def _shown(w: Any) -> bool:
    while w is not None:
        if getattr(w, "opacity", 1) == 0:
            return False
        parent = w.parent
        if parent is w:
            break
        w = parent
    return True


def _scroll_view(w: Any, kind: type) -> Any:
    parent = w.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, kind):
            return parent
        parent = parent.parent
    return None


# ==================================================================== scenarios
from tests.ui.console_scenarios import SCENARIOS  # noqa: E402

if __name__ == "__main__":
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    main()
