# Kivy ships no type information (no py.typed, no stubs package): this file says so itself.
# Its widgets subclass Kivy's.
# mypy: disable-error-code="import-untyped"
# mypy: disallow-subclassing-any=False
"""The console's Kivy window: widgets that draw a ViewModel and forward touches.

Importing this module imports Kivy: :func:`console.app.main` sets Kivy's environment
first. Behaviour lives in :mod:`console.presenter`; layout in ``kv/*.kv``, one file per
screen (``00-widgets.kv`` is shared with the hall display).

>>> LeaderApp(Path("leader.toml")).run()   # doctest: +SKIP
"""

from __future__ import annotations

import logging
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import DEFAULT_FONT, LabelBase
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.widget import Widget

from console.presenter import LeaderPresenter, SetupPresenter
from console.viewmodel import RowVM, TileVM, ViewModel
from uikit import widetheme as theme
from uikit.config import ConfigProblem
from uikit.connection import RESEND_EVERY, ConsoleConnection
from uikit.settings import ConsoleConfig, load_config
from uikit.widgets import WIDGETS_KV, LFill
from whist.protocol import Command

log = logging.getLogger("whist.console")

KV_DIR = Path(__file__).parent / "kv"
#: How often the set-up screen looks at the settings file again (seconds).
CONFIG_POLL = 2.0
#: The smallest tile of the progress grid, at 1280x720 (pixels).
TILE_WIDTH = 150
TILE_HEIGHT = 84


class Tile(ButtonBehavior, BoxLayout):
    """One table in the progress grid: its number, big, and its state; a touch opens it."""

    vm = ObjectProperty(TileVM(), rebind=True)
    kid = StringProperty("")
    role = StringProperty("tile-waiting")
    table = NumericProperty(0)


class TileGrid(GridLayout):
    """Every table's tile, as many columns as fit (the ScrollView around it scrolls)."""

    tiles = ObjectProperty((), rebind=True)

    def on_tiles(self, instance: Any, tiles: tuple[TileVM, ...]) -> None:
        if len(self.children) != len(tiles):
            self.clear_widgets()
            for number in range(1, len(tiles) + 1):
                tile = Tile(kid=f"tile-{number}", table=number)
                tile.bind(on_release=lambda t: App.get_running_app().presenter.open_table(t.table))
                self.add_widget(tile)
        for tile, vm in zip(reversed(self.children), tiles, strict=True):
            tile.vm = vm

    def on_width(self, instance: Any, width: float) -> None:
        s = App.get_running_app().s
        self.cols = max(1, int(width // (s * TILE_WIDTH)))


class RowWidget(BoxLayout):
    """One line of the standings."""

    row = ObjectProperty(RowVM(), rebind=True)
    head = ObjectProperty(False)


class RowsList(BoxLayout):
    """The standings' lines (inside a ScrollView)."""

    rows = ObjectProperty((), rebind=True)

    def on_rows(self, instance: Any, rows: tuple[RowVM, ...]) -> None:
        if len(self.children) != len(rows):
            self.clear_widgets()
            for _ in rows:
                self.add_widget(RowWidget())
        for widget, row in zip(reversed(self.children), rows, strict=True):
            widget.row = row


class LeaderApp(App):
    """The leader's console. Starts on the set-up screen when leader.toml is missing or
    wrong, and by itself once it is right."""

    vm = ObjectProperty(ViewModel(), rebind=True)
    s = NumericProperty(1.0)
    sz = theme.CONSOLE

    def __init__(
        self,
        config_path: Path,
        *,
        resend_every: float = RESEND_EVERY,
        config_poll: float = CONFIG_POLL,
        opener: Callable[[str], Any] = webbrowser.open,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.title = "Military Whist — leader"
        self.config_path = config_path
        self.resend_every = resend_every
        self.config_poll = config_poll
        self.opener = opener
        self.presenter: LeaderPresenter | SetupPresenter | None = None
        self.connection: ConsoleConnection | None = None
        self._config_stamp: tuple[float, int] | None = None
        self._poll_event: Any = None
        self._stopping = False

    # ------------------------------------------------------------------ theme, for the .kv
    def fg(self, role: str) -> tuple[float, float, float, float]:
        return theme.rgba(theme.role(role).text)

    def bg(self, role: str) -> tuple[float, float, float, float]:
        return theme.rgba(theme.role(role).background)

    # ------------------------------------------------------------------ building
    def build(self) -> Widget:
        LabelBase.register(
            DEFAULT_FONT, fn_regular=str(theme.FONT_REGULAR), fn_bold=str(theme.FONT_BOLD)
        )
        Builder.load_file(str(WIDGETS_KV))
        for kv in sorted(KV_DIR.glob("*.kv")):
            if kv != WIDGETS_KV:
                Builder.load_file(str(kv))
        root = Factory.LeaderRoot()
        Window.bind(size=self._rescale)
        self._rescale(Window, Window.size)
        self._start_or_setup()
        return root

    def _rescale(self, window: Any, size: tuple[int, int]) -> None:
        self.s = self.sz.scale(*size)

    def _start_or_setup(self) -> None:
        loaded = load_config(self.config_path, "leader")
        self._config_stamp = _stamp(self.config_path)
        if isinstance(loaded, ConfigProblem):
            self._show_setup(loaded)
        else:
            self._start(loaded)

    def _show_setup(self, problem: ConfigProblem) -> None:
        if isinstance(self.presenter, SetupPresenter):
            self.presenter.update(problem)
        else:
            self._attach(SetupPresenter(problem))
            self._poll_event = Clock.schedule_interval(self._poll_config, self.config_poll)

    def _poll_config(self, dt: float) -> None:
        # A volunteer writes leader.toml: start as soon as it is right, no restart needed.
        stamp = _stamp(self.config_path)
        if stamp == self._config_stamp:
            return
        self._config_stamp = stamp
        loaded = load_config(self.config_path, "leader")
        if isinstance(loaded, ConfigProblem):
            self._show_setup(loaded)
        else:
            self._start(loaded)

    def _start(self, config: ConsoleConfig) -> None:
        if self._poll_event is not None:
            self._poll_event.cancel()
            self._poll_event = None
        if config.fullscreen:
            Window.fullscreen = "auto"
        language = config.language
        previous = self.presenter
        if language is None and isinstance(previous, SetupPresenter):
            language = previous.chosen_language
        presenter = LeaderPresenter(
            link=_LazyLink(lambda: self.connection),
            language=language,
            address=f"{config.host}:{config.port}",
        )
        self._attach(presenter)
        self.connection = ConsoleConnection(
            config, presenter, post=self._post, role="leader", resend_every=self.resend_every
        )
        self.connection.start()

    def _attach(self, presenter: LeaderPresenter | SetupPresenter) -> None:
        self.presenter = presenter
        presenter.on_change = self._show
        self._show(presenter.view)

    def _show(self, vm: ViewModel) -> None:
        self.vm = vm
        if self.root is not None:
            self.root.ids.screens.current = vm.screen.value

    def on_start(self) -> None:
        self._show(self.vm)

    def _post(self, call: Callable[[], None]) -> None:
        # paho's thread -> Kivy's: the only way network events reach the presenter.
        Clock.schedule_once(lambda dt: self._deliver(call), 0)

    def _deliver(self, call: Callable[[], None]) -> None:
        if not self._stopping:
            call()

    # ------------------------------------------------------------------ actions of the app
    def open_rotation(self) -> None:
        """Open the rotation sheet the hub wrote in the web browser, to print it."""
        p = self.presenter
        path = p.rotation_path() if isinstance(p, LeaderPresenter) else None
        if path is not None:
            self.opener(Path(path).resolve().as_uri())

    def on_stop(self) -> None:
        self._stopping = True
        if self.presenter is not None:
            self.presenter.on_change = None
        if self._poll_event is not None:
            self._poll_event.cancel()
        if self.connection is not None:
            self.connection.stop()


class _LazyLink:
    # The presenter is made before the connection (the connection needs it as listener).
    def __init__(self, get: Callable[[], ConsoleConnection | None]) -> None:
        self._get = get

    def new_id(self) -> str:
        connection = self._get()
        assert connection is not None
        return connection.new_id()

    def send(self, command: Command) -> str:
        connection = self._get()
        assert connection is not None
        return connection.send(command)


def _stamp(path: Path) -> tuple[float, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime, st.st_size)


__all__ = ["LFill", "LeaderApp", "RowWidget", "RowsList", "Tile", "TileGrid"]
