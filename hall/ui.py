# Kivy ships no type information (no py.typed, no stubs package): this file says so itself.
# Its widgets subclass Kivy's.
# mypy: disable-error-code="import-untyped"
# mypy: disallow-subclassing-any=False
"""The hall display's Kivy window: draws a HallVM; nothing to touch.

The rows that fit are counted here (the window's height over the row height) and told to
the presenter, which pages; a clock turns the page every ``page_seconds``.

>>> HallApp(Path("hall.toml")).run()   # doctest: +SKIP
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import DEFAULT_FONT, LabelBase
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import NumericProperty, ObjectProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from hall.presenter import HallPresenter, HallSetupPresenter
from hall.viewmodel import HallRowVM, HallVM
from uikit import widetheme as theme
from uikit.config import ConfigProblem
from uikit.connection import ConsoleConnection
from uikit.settings import HallConfig, load_config
from uikit.widgets import WIDGETS_KV

log = logging.getLogger("whist.hall")

KV_DIR = Path(__file__).parent / "kv"
CONFIG_POLL = 2.0


class HallRow(BoxLayout):
    """One team's line."""

    row = ObjectProperty(HallRowVM(), rebind=True)
    head = ObjectProperty(False)


class HallTable(BoxLayout):
    """The rows on this page; tells the presenter how many fit."""

    rows = ObjectProperty((), rebind=True)
    row_height = NumericProperty(72)

    def __init__(self, **kwargs: Any) -> None:
        self._rows: list[HallRow] = []
        self._filler = Widget()  # keeps the rows at the top of the page
        super().__init__(**kwargs)
        self.add_widget(self._filler)

    def on_rows(self, instance: Any, rows: tuple[HallRowVM, ...]) -> None:
        while len(self._rows) > len(rows):
            self.remove_widget(self._rows.pop())
        while len(self._rows) < len(rows):
            row = HallRow()
            self._rows.append(row)
            self.remove_widget(self._filler)
            self.add_widget(row)
            self.add_widget(self._filler)
        for widget, row_vm in zip(self._rows, rows, strict=True):
            widget.row = row_vm

    def on_size(self, instance: Any, size: tuple[float, float]) -> None:
        self._tell()

    def on_row_height(self, instance: Any, value: float) -> None:
        self._tell()

    def _tell(self) -> None:
        presenter = App.get_running_app().presenter
        if isinstance(presenter, HallPresenter) and self.row_height > 0 and self.height > 1:
            presenter.set_rows_per_page(int(self.height // self.row_height))


class HallApp(App):
    """The hall display. Starts on a set-up screen when hall.toml is missing or wrong."""

    vm = ObjectProperty(HallVM(), rebind=True)
    s = NumericProperty(1.0)
    sz = theme.HALL

    def __init__(
        self,
        config_path: Path,
        *,
        config_poll: float = CONFIG_POLL,
        page_seconds: float | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.title = "Military Whist — standings"
        self.config_path = config_path
        self.config_poll = config_poll
        self.page_seconds = page_seconds
        self.presenter: HallPresenter | HallSetupPresenter | None = None
        self.connection: ConsoleConnection | None = None
        self._config_stamp: tuple[float, int] | None = None
        self._events: list[Any] = []
        self._poll_event: Any = None
        self._stopping = False

    def fg(self, role: str) -> tuple[float, float, float, float]:
        return theme.rgba(theme.role(role).text)

    def bg(self, role: str) -> tuple[float, float, float, float]:
        return theme.rgba(theme.role(role).background)

    def build(self) -> Widget:
        LabelBase.register(
            DEFAULT_FONT, fn_regular=str(theme.FONT_REGULAR), fn_bold=str(theme.FONT_BOLD)
        )
        Builder.load_file(str(WIDGETS_KV))
        for kv in sorted(KV_DIR.glob("*.kv")):
            Builder.load_file(str(kv))
        root = Factory.HallRoot()
        Window.bind(size=self._rescale)
        self._rescale(Window, Window.size)
        self._start_or_setup()
        return root

    def _rescale(self, window: Any, size: tuple[int, int]) -> None:
        self.s = self.sz.scale(*size)

    def _start_or_setup(self) -> None:
        loaded = load_config(self.config_path, "hall")
        self._config_stamp = _stamp(self.config_path)
        if isinstance(loaded, ConfigProblem):
            self._show_setup(loaded)
        else:
            assert isinstance(loaded, HallConfig)
            self._start(loaded)

    def _show_setup(self, problem: ConfigProblem) -> None:
        if isinstance(self.presenter, HallSetupPresenter):
            self.presenter.update(problem)
        else:
            self._attach(HallSetupPresenter(problem))
            self._poll_event = Clock.schedule_interval(self._poll_config, self.config_poll)

    def _poll_config(self, dt: float) -> None:
        stamp = _stamp(self.config_path)
        if stamp == self._config_stamp:
            return
        self._config_stamp = stamp
        loaded = load_config(self.config_path, "hall")
        if isinstance(loaded, ConfigProblem):
            self._show_setup(loaded)
        else:
            assert isinstance(loaded, HallConfig)
            self._start(loaded)

    def _start(self, config: HallConfig) -> None:
        if self._poll_event is not None:
            self._poll_event.cancel()
            self._poll_event = None
        if config.fullscreen:
            Window.fullscreen = "auto"
            Window.show_cursor = False
        presenter = HallPresenter(language=config.language, address=f"{config.host}:{config.port}")
        self._attach(presenter)
        self.connection = ConsoleConnection(config, presenter, post=self._post, role="hall")
        self.connection.start()
        every = self.page_seconds or config.page_seconds
        self._events.append(Clock.schedule_interval(lambda dt: presenter.next_page(), every))

    def _attach(self, presenter: HallPresenter | HallSetupPresenter) -> None:
        self.presenter = presenter
        presenter.on_change = self._show
        self._show(presenter.view)
        if self.root is not None:
            Clock.schedule_once(lambda dt: self._tell_rows(), 0)

    def _tell_rows(self) -> None:
        for widget in self.root.walk():
            if isinstance(widget, HallTable):
                widget._tell()

    def _show(self, vm: HallVM) -> None:
        self.vm = vm
        if self.root is not None:
            self.root.ids.screens.current = vm.screen

    def on_start(self) -> None:
        self._show(self.vm)

    def _post(self, call: Callable[[], None]) -> None:
        Clock.schedule_once(lambda dt: self._deliver(call), 0)

    def _deliver(self, call: Callable[[], None]) -> None:
        if not self._stopping:
            call()

    def on_stop(self) -> None:
        self._stopping = True
        if self.presenter is not None:
            self.presenter.on_change = None
        for event in [*self._events, self._poll_event]:
            if event is not None:
                event.cancel()
        if self.connection is not None:
            self.connection.stop()


def _stamp(path: Path) -> tuple[float, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime, st.st_size)
