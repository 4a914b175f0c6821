# Kivy ships no type information (no py.typed, no stubs package): until pyproject.toml has
# a [[tool.mypy.overrides]] for kivy.*, this file says so itself. Its widgets subclass Kivy's.
# mypy: disable-error-code="import-untyped"
# mypy: disallow-subclassing-any=False
"""The Kivy window: widgets that draw a :class:`~kiosk.viewmodel.ViewModel` and forward touches.

Importing this module imports Kivy (and so creates no window yet, but reads Kivy's config):
:func:`kiosk.app.main` sets Kivy's environment first. Behaviour lives in the presenters
(:mod:`kiosk.presenter`); layout lives in ``kiosk/kv/*.kv``, one file per screen.

>>> app = KioskApp(Path("kiosk.toml"))   # doctest: +SKIP
>>> app.run()                             # doctest: +SKIP
"""

from __future__ import annotations

import logging
import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import (
    BooleanProperty,
    NumericProperty,
    ObjectProperty,
)
from kivy.uix.screenmanager import Screen as KivyScreen
from kivy.uix.widget import Widget

from kiosk import provision
from kiosk.config import KioskConfig, load_config
from kiosk.connection import RESEND_EVERY, KioskConnection
from kiosk.outbox import Outbox
from kiosk.presenter import SetupPresenter, TablePresenter
from kiosk.screenchoice import ScreenChoice
from kiosk.viewmodel import ViewModel
from uikit import theme, widetheme
from uikit.app import parse_size
from uikit.config import ConfigProblem, Problem
from uikit.screenapp import CONFIG_POLL, ScreenApp
from uikit.widgets import FirstFit, FitColumn, LButton, LFill, LLine, LText, OneLine
from whist.enums import Unit
from whist.protocol import ClubDeal, FlagCount, Result
from whist.protocol.messages import CallTopic

if TYPE_CHECKING:
    # the devices' package is imported when a kiosk has any (most have none): gpiozero and
    # the devices' models cost every start about 0.1 s of CPU here (more on a Pi) for nothing
    import hardware
    from hardware import FlagMismatch

log = logging.getLogger("whist.kiosk")

KV_DIR = Path(__file__).parent / "kv"
OUTBOX_FILE = "outbox.sqlite3"


class KText(LText):
    """uikit's :class:`~uikit.widgets.LText` under the name the kiosk's .kv files use: a text
    that wraps to its width and is as tall as its lines (``role`` = theme colours).

    In a .kv file: ``KText:`` / ``text: app.vm.hand.home`` / ``role: 'highlight'``.
    """


class KFitText(OneLine, KText):
    """A :class:`KText` said on one line when it can: smaller type rather than a second line
    (:class:`uikit.widgets.OneLine`), down to the smallest a player reads.

    In a .kv file: ``KFitText:`` / ``font_max: app.s * theme.TEXT_LARGE``.
    """


class KFirstFit(FirstFit, KText):
    """A :class:`KText` that says the first of ``texts`` that holds in ``lines`` lines.

    In a .kv file: ``KFirstFit:`` / ``texts: [app.vm.hand.visitors, app.vm.hand.visitors_short]``.
    """


class KFitColumn(FitColumn):
    """uikit's :class:`~uikit.widgets.FitColumn` under the name the kiosk's .kv files use:
    the waiting screen's lines, the first of their wordings that holds (issue 25).

    In a .kv file: ``KFitColumn:`` / ``versions: app.vm.waiting.versions`` /
    ``fields: ['subtitle', 'last_result']``, then a ``KText:`` for each field.
    """


class KLine(LLine):
    """uikit's :class:`~uikit.widgets.LLine`: one line, as wide as its text (the header's
    table number).

    In a .kv file: ``KLine:`` / ``text: app.vm.header.title``.
    """


class KFill(LFill):
    """uikit's :class:`~uikit.widgets.LFill`, its background's corners rounded (kv/00-common.kv):
    a text filling the box its layout gives it, aligned inside it.

    In a .kv file: ``KFill:`` / ``text: app.vm.hand.trump_symbol`` / ``size_hint_x: None``.
    """


class KFirstFill(FirstFit, KFill):
    """A :class:`KFill` (a band, the header's line) that says the first of ``texts`` that
    holds in ``lines`` lines of its width.

    In a .kv file: ``KFirstFill:`` / ``texts: [app.vm.header.info, app.vm.header.info_short]``.
    """


class KButton(LButton):
    """uikit's :class:`~uikit.widgets.LButton` in the kiosk's reading size (kv/00-common.kv: a
    player reads every button); ``kid`` names it for tests and for the hardware mapping.

    In a .kv file: ``KButton:`` / ``vm: app.vm.hand.revokes`` /
    ``on_release: app.presenter.open_revokes()``.
    """


class KeyButton(KButton):
    """One number of the 0-13 keypad.

    >>> KeyButton(value=8, kid="key-8").kid   # doctest: +SKIP
    'key-8'
    """

    value = NumericProperty(0)


class Card(Widget):
    """The white card the trump is drawn on.

    In a .kv file: ``Card:`` with the trump's symbol and name inside (hand.kv).
    """


class EntryScreen(KivyScreen):
    """The keypad screen: its fourteen keys are made here, their looks in entry.kv.

    Made by the ``KioskRoot`` rule in 00-common.kv, like every other screen.
    """

    def on_kv_post(self, base_widget: Any) -> None:
        pad = self.ids.keypad
        for value in range(14):
            pad.add_widget(KeyButton(value=value, kid=f"key-{value}"))


class HandKeyButton(KButton):
    """One number of the hand screen's own 0-13 keypad: a tap is the visitors' count."""

    value = NumericProperty(0)


class HandScreen(KivyScreen):
    """The hand: the trump, who plays here, and the keypad (its keys made here, their looks
    in hand.kv), so that a result takes three taps: the number, home agrees, visitors agree.
    """

    def on_kv_post(self, base_widget: Any) -> None:
        pad = self.ids.keypad
        for value in range(14):
            pad.add_widget(HandKeyButton(value=value, kid=f"hand-key-{value}"))


class JoinKeyButton(KButton):
    """One digit of the join screen's ten-key pad."""

    value = NumericProperty(0)


class CountKeyButton(KButton):
    """One digit of the count screen's ten-key pad (the flags counted at a day's end)."""

    value = NumericProperty(0)


class _TenKeyScreen(KivyScreen):
    """A screen with a ten-key pad (1-9 then 0, as on a telephone), its keys made here."""

    key: type[KButton] = JoinKeyButton
    prefix = "join-key"

    def on_kv_post(self, base_widget: Any) -> None:
        pad = self.ids.keypad
        for value in (1, 2, 3, 4, 5, 6, 7, 8, 9, 0):
            pad.add_widget(self.key(value=value, kid=f"{self.prefix}-{value}"))


class JoinScreen(_TenKeyScreen):
    """Joining the hall: the table number, then the join code."""


class CountScreen(_TenKeyScreen):
    """The table counts its flags at a day's end (decision A19)."""

    key = CountKeyButton
    prefix = "count-key"


class KioskApp(ScreenApp):
    """The table kiosk. Starts on the set-up screen when kiosk.toml is missing or wrong, and
    by itself once it is right (uikit's :class:`~uikit.screenapp.ScreenApp`, as the console
    and the hall display, with the kiosk's look, settings, outbox and hardware).

    >>> KioskApp(Path("/etc/whist-kiosk/kiosk.toml")).title   # doctest: +SKIP
    'Military Whist'
    """

    # rebind: the .kv binds to app.vm.hand.home and the like; only a rebinding property
    # makes Kivy re-read such a chain when the whole view-model is replaced.
    vm = ObjectProperty(ViewModel(), rebind=True)
    palette = theme  # sized for the 7-inch display: 800x480, scaled for bigger screens
    sz = widetheme.KIOSK  # the shared widgets' sizes (uikit/kv/00-widgets.kv)
    root_rule = "KioskRoot"
    kv_dir = KV_DIR
    #: Taller than wide (the Touch Display 2 upright): the .kv files' upright layouts.
    upright = BooleanProperty(False)

    def __init__(
        self,
        config_path: Path,
        *,
        resend_every: float = RESEND_EVERY,
        config_poll: float = CONFIG_POLL,
        **kwargs: Any,
    ) -> None:
        super().__init__(config_path, config_poll=config_poll, **kwargs)
        self.title = "Military Whist"
        self.resend_every = resend_every
        self.join_discovery = provision.DISCOVERY_SECONDS
        self.hardware: hardware.Hardware | None = None
        self.presenter: TablePresenter | SetupPresenter | None = None
        self.connection: KioskConnection | None = None
        self.outbox: Outbox | None = None
        self.kiosk_config: KioskConfig | None = None

    # ------------------------------------------------------------------ building
    def build(self) -> Widget:
        root = super().build()
        Window.bind(on_key_down=self._on_key)
        # the room's clock counts down on screen; the hub sends no ticks (issue 26)
        self._events.append(Clock.schedule_interval(self._tick_clock, 1.0))
        return root

    def _tick_clock(self, dt: float) -> None:
        if isinstance(self.presenter, TablePresenter):
            self.presenter.tick()

    def _rescale(self, window: Any, size: tuple[int, int]) -> None:
        super()._rescale(window, size)
        self.upright = theme.upright(*size)

    def _scale(self, size: tuple[int, int]) -> float:
        return theme.scale(*size)

    def _load(self, path: Path) -> KioskConfig | ConfigProblem:
        return load_config(path)

    def _setup(self, problem: ConfigProblem) -> SetupPresenter:
        screen = ScreenChoice(provision.screen_of(self.config_path), saver=self._save_screen)
        return SetupPresenter(problem, joiner=self._join, screen=screen)

    def _join(self, table: int, code: str, done: Callable[[str | None, str], None]) -> None:
        """Find the hub, ask for this table's login, write kiosk.toml; off the UI thread.
        The config poll then starts the kiosk, as for a file copied in by hand."""
        presenter = self.presenter
        language = presenter.chosen_language if presenter is not None else None

        def work() -> None:
            try:
                provision.join_hall(self.config_path, table, code, language=language,
                                    discovery_seconds=self.join_discovery)
                outcome: tuple[str | None, str] = (None, "")
            except provision.JoinError as exc:
                outcome = (exc.kind, exc.detail)
            except Exception as exc:
                log.exception("joining the hall failed")
                outcome = ("refused", str(exc))
            self._post(lambda: done(*outcome))

        threading.Thread(target=work, name="join", daemon=True).start()

    def _save_screen(self, size: str, rotation: int) -> None:
        """The set-up screen's choice of screen: into kiosk.toml, and onto the window at once
        (a window's size too; a fullscreen one is the panel's own). Kivy turns the touches
        with the picture."""
        provision.save_screen(self.config_path, size, rotation)
        self._wrote_config()
        Window.rotation = rotation
        if not Window.fullscreen:
            width, height = parse_size(size)
            Window.size = (height, width) if rotation in (90, 270) else (width, height)

    def _begin(self, config: KioskConfig) -> None:
        try:
            outbox = Outbox(config.data_path / OUTBOX_FILE)
        except (OSError, sqlite3.Error):
            # Results could not be kept safe: better the set-up screen than a silent loss.
            log.exception("cannot open the outbox in %s", config.data_path)
            problem = Problem("data_dir", "data_dir", detail=str(config.data_path))
            self._show_setup(ConfigProblem(self.config_path, [problem]))
            return
        self.outbox = outbox
        super()._begin(config)  # the set-up's poll stops, fullscreen, then _start

    def _start(self, config: KioskConfig) -> None:
        assert self.outbox is not None
        self.kiosk_config = config
        if config.fullscreen:
            Window.show_cursor = False
        # Turned here too, for a kiosk that joined the hall after it started (whist-kiosk turns
        # the window before it opens otherwise); Kivy turns the touches with the picture.
        Window.rotation = config.rotation
        language = config.language
        previous = self.presenter
        if language is None and isinstance(previous, SetupPresenter):
            language = previous.chosen_language  # the one chosen on the set-up screen
        presenter = TablePresenter(
            config.table,
            link=_LazyLink(lambda: self.connection),
            language=language,
            address=f"{config.host}:{config.port}",
            pending=self.outbox.pending(),
            last=self.outbox.last_settled(),
            event=self.outbox.last_settled_log(),
        )
        self._attach(presenter)
        self.connection = KioskConnection(
            config, self.outbox, presenter, post=self._post, resend_every=self.resend_every
        )
        self.connection.start()
        self._start_hardware(config, presenter)

    def _start_hardware(self, config: KioskConfig, presenter: TablePresenter) -> None:
        """The [hardware] devices: the pad taps the same intents as the screen, the LED bar
        shows the flags. A broken wire or a wrong table is logged, never fatal."""
        devices = dict(config.hardware.model_extra or {})
        if not devices:
            return

        import hardware

        def mismatch(m: FlagMismatch | None) -> None:
            if m is not None:
                presenter.flag_mismatch(m.counter, m.hub)

        self.hardware = hardware.from_config(
            devices, presenter, self._post, on_flag_mismatch=mismatch
        )
        for problem in self.hardware.status().problems:
            log.warning("hardware: %s", problem)
        self._events.append(Clock.schedule_interval(lambda dt: self.hardware.poll(), 0.5))
        self._show_on_hardware()

    def _show_on_hardware(self) -> None:
        p = self.presenter
        if self.hardware is None or not isinstance(p, TablePresenter):
            return
        self.hardware.show(p.flags_here, pending=p.waiting_for_hub, hub_online=bool(p.hub_online))
        flags = p.table_view is not None and p.unit == Unit.FLAGS
        self.hardware.hub_flags(p.flags_here if flags else None)

    def _show(self, vm: ViewModel) -> None:
        super()._show(vm)
        self._show_on_hardware()

    # ------------------------------------------------------------------ keyboard
    def _on_key(self, window: Any, key: int, scancode: int, codepoint: str | None, *a: Any) -> bool:
        # A keyboard does what the hardware buttons of a later issue will do.
        p = self.presenter
        if not isinstance(p, TablePresenter):
            return False
        if codepoint and codepoint.isdigit():
            p.digit(int(codepoint))
        elif codepoint in ("+", "="):
            p.increment()
        elif codepoint == "-":
            p.decrement()
        elif key in (13, 271):  # Enter, keypad Enter
            p.ok()
        elif key == 8:  # Backspace
            p.back()
        else:
            return False
        return True

    # ------------------------------------------------------------------ stopping
    def on_stop(self) -> None:
        super().on_stop()  # the connection says "offline" to the hub itself
        if self.hardware is not None:
            self.hardware.close()
        if self.outbox is not None:
            self.outbox.close()


class _LazyLink:
    # The presenter is made before the connection (the connection needs it as listener).
    def __init__(self, get: Callable[[], KioskConnection | None]) -> None:
        self._get = get

    def submit(self, result: Result) -> bool:
        connection = self._get()
        assert connection is not None
        return connection.submit(result)

    def submit_deal(self, deal: ClubDeal) -> bool:
        connection = self._get()
        assert connection is not None
        return connection.submit_deal(deal)

    def submit_count(self, count: FlagCount) -> bool:
        connection = self._get()
        assert connection is not None
        return connection.submit_count(count)

    def call_leader(self, reason: str = "", topic: CallTopic | None = None) -> bool:
        connection = self._get()
        return connection is not None and connection.call_leader(reason, topic)

