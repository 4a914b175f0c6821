# Kivy ships no type information (no py.typed, no stubs package): this file says so itself.
# mypy: disable-error-code="import-untyped"
# mypy: disallow-subclassing-any=False
"""The life of the three apps' windows (the table kiosk's, the console's, the hall display's),
written once.

Fonts and ``.kv`` files are loaded, the sizes follow the window, the settings file is read:
a set-up screen says what is wrong with it and is replaced by the real app as soon as the
file is right (no restart); network events hop to Kivy's thread through :meth:`_post` and
are dropped once the app is stopping; everything is closed on the way out.

A subclass names its root rule, its ``.kv`` folder, its sizes and its settings role, and
says how to start (:meth:`_start`) and what its set-up presenter is (:meth:`_setup`). The
kiosk, sized for its 7-inch display and with its own widgets, also names its look
(``palette``: :mod:`uikit.theme`), reads its own settings (:meth:`_read_config`) and scales
by its own design size (:meth:`_scale`).
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from kivy.app import App
from kivy.clock import Clock
from kivy.core.text import DEFAULT_FONT, LabelBase
from kivy.core.window import Window
from kivy.factory import Factory
from kivy.lang import Builder
from kivy.properties import NumericProperty
from kivy.uix.widget import Widget

from uikit import widetheme as theme
from uikit.config import ConfigProblem
from uikit.settings import Role, load_config
from uikit.widgets import WIDGETS_KV

#: How often the set-up screen looks at the settings file again (seconds).
CONFIG_POLL = 2.0


class Colours(Protocol):
    """A theme role: a text colour on a background colour (``#RRGGBB``)."""

    @property
    def text(self) -> str: ...
    @property
    def background(self) -> str: ...


class Palette(Protocol):
    """A theme module (:mod:`uikit.widetheme`, or the kiosk's :mod:`uikit.theme`): its fonts
    and its colours by role."""

    FONT_REGULAR: Path
    FONT_BOLD: Path

    def role(self, name: str) -> Colours: ...
    def rgba(self, colour: str) -> tuple[float, float, float, float]: ...


class ScreenApp(App):
    """An app of the hall: settings file, set-up screen, a connection, a presenter."""

    s = NumericProperty(1.0)
    #: Filled in by each app.
    sz: theme.Sizes
    role: Role
    root_rule: str
    kv_dir: Path
    #: The colours by role and the fonts (the kiosk's: uikit.theme).
    palette: Palette = theme
    #: Whether the shared widgets' rules (uikit/kv/00-widgets.kv) are loaded first.
    shared_kv = True

    def __init__(self, config_path: Path, *, config_poll: float = CONFIG_POLL, **kwargs: Any):
        super().__init__(**kwargs)
        self.config_path = config_path
        self.config_poll = config_poll
        self.presenter: Any = None
        self.connection: Any = None  # each app's own: stopped on the way out
        self._config_stamp: tuple[float, int] | None = None
        self._events: list[Any] = []  # clock events to cancel on the way out
        self._poll_event: Any = None
        self._in_setup = False
        self._stopping = False

    # ------------------------------------------------------------------ for each app
    def _start(self, config: Any) -> None:
        """Build the presenter and the connection for a valid settings file (the app's own:
        a ConsoleConfig, the kiosk's KioskConfig)."""
        raise NotImplementedError

    def _setup(self, problem: ConfigProblem) -> Any:
        """The set-up presenter for a missing or wrong settings file."""
        raise NotImplementedError

    def _show(self, vm: Any) -> None:
        self.vm = vm
        if self.root is not None:
            self.root.ids.screens.current = str(getattr(vm.screen, "value", vm.screen))

    # ------------------------------------------------------------------ theme, for the .kv
    def fg(self, role: str) -> tuple[float, float, float, float]:
        palette = self.palette
        return palette.rgba(palette.role(role).text)

    def bg(self, role: str) -> tuple[float, float, float, float]:
        palette = self.palette
        return palette.rgba(palette.role(role).background)

    # ------------------------------------------------------------------ building
    def build(self) -> Widget:
        palette = self.palette
        LabelBase.register(
            DEFAULT_FONT, fn_regular=str(palette.FONT_REGULAR), fn_bold=str(palette.FONT_BOLD)
        )
        if self.shared_kv:
            Builder.load_file(str(WIDGETS_KV))
        for kv in sorted(self.kv_dir.glob("*.kv")):
            if kv != WIDGETS_KV:
                Builder.load_file(str(kv))
        root = getattr(Factory, self.root_rule)()
        Window.bind(size=self._rescale)
        self._rescale(Window, Window.size)
        self._start_or_setup()
        # Everything made so far (Kivy, our modules, the rules, the screens' widgets) lives as
        # long as the app: out of the collector's sight, its passes no longer walk it each time
        # (the collector was off from configure_kivy to here).
        gc.freeze()
        gc.enable()
        return root

    def _rescale(self, window: Any, size: tuple[int, int]) -> None:
        self.s = self._scale(size)

    def _scale(self, size: tuple[int, int]) -> float:
        """How much bigger than its design size the window draws everything."""
        return self.sz.scale(*size)

    def _read_config(self) -> Any:
        """The settings file, or what is wrong with it (a :class:`ConfigProblem`)."""
        self._config_stamp = _stamp(self.config_path)
        return self._load(self.config_path)

    def _wrote_config(self) -> None:
        """The app itself wrote the settings file: nothing for the set-up's poll to reload."""
        self._config_stamp = _stamp(self.config_path)

    def _load(self, path: Path) -> Any:
        return load_config(path, self.role)

    def _start_or_setup(self) -> None:
        loaded = self._read_config()
        if isinstance(loaded, ConfigProblem):
            self._show_setup(loaded)
        else:
            self._begin(loaded)

    def _show_setup(self, problem: ConfigProblem) -> None:
        if self._in_setup:
            self.presenter.update(problem)
        else:
            self._in_setup = True
            self._attach(self._setup(problem))
            self._poll_event = Clock.schedule_interval(self._poll_config, self.config_poll)

    def _poll_config(self, dt: float) -> None:
        # A volunteer writes the settings file: start as soon as it is right, no restart.
        if _stamp(self.config_path) == self._config_stamp:
            return
        self._start_or_setup()

    def _begin(self, config: Any) -> None:
        self._in_setup = False
        if self._poll_event is not None:
            self._poll_event.cancel()
            self._poll_event = None
        if config.fullscreen:
            Window.fullscreen = "auto"
        self._start(config)

    def _attach(self, presenter: Any) -> None:
        self.presenter = presenter
        presenter.on_change = self._show
        self._show(presenter.view)

    def on_start(self) -> None:
        self._show(self.vm)

    # ------------------------------------------------------------------ threads
    def _post(self, call: Callable[[], None]) -> None:
        # paho's thread -> Kivy's: the only way network events reach the presenter.
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
