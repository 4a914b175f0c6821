# Kivy ships no type information (no py.typed, no stubs package): this file says so itself.
# Its widgets subclass Kivy's.
# mypy: disable-error-code="import-untyped"
# mypy: disallow-subclassing-any=False
"""The console's Kivy window: widgets that draw a ViewModel and forward touches.

Importing this module imports Kivy: :func:`console.app.main` sets Kivy's environment
first. Behaviour lives in :mod:`console.screens` (one presenter per screen, put together by
:mod:`console.presenter`); layout in ``kv/*.kv``, one file per
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
from kivy.properties import NumericProperty, ObjectProperty, StringProperty
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout

from console.presenter import LeaderPresenter, SetupPresenter
from console.viewmodel import DealRowVM, NightTableVM, RowVM, TileVM, ViewModel
from uikit import widetheme as theme
from uikit.config import ConfigProblem
from uikit.connection import RESEND_EVERY, ConsoleConnection
from uikit.screenapp import CONFIG_POLL, ScreenApp
from uikit.settings import ConsoleConfig
from uikit.widgets import LFill
from whist.protocol import Command

log = logging.getLogger("whist.console")

KV_DIR = Path(__file__).parent / "kv"
#: The smallest tile of the progress grid, at 1280x720 (pixels).
TILE_WIDTH = 150
TILE_HEIGHT = 84


def text_width(text: str, font_size: float, *, bold: bool = False, font_name: str = "") -> float:
    """The width ``text`` takes on one line in that font, as drawn (the header shares its room
    by it; get_extents alone measures the regular face even for bold)."""
    from kivy.core.text import Label as CoreLabel

    if not text:
        return 0.0
    options: dict[str, Any] = {"text": text, "font_size": font_size, "bold": bold}
    if font_name:
        options["font_name"] = font_name
    label = CoreLabel(**options)
    label.refresh()
    return float(label.texture.size[0]) if label.texture is not None else 0.0


def header_name_width(room: float, name: float, info: float, banner: bool) -> float:
    """The tournament's name in the header: as wide as it needs, as long as the hand and
    trump fit beside it in ``room``; never less than a third; a third beside a banner.

    >>> header_name_width(1000, 600, 300, False), header_name_width(1000, 900, 300, False)
    (600, 700)
    >>> header_name_width(1000, 900, 800, False), header_name_width(1000, 100, 0, True)
    (340.0, 340.0)
    """
    third = room * 0.34
    if banner:
        return third
    return max(0.0, min(name, max(third, room - info)))


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
                tile.bind(
                    on_release=lambda t: App.get_running_app().presenter.tables.open_table(t.table)
                )
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


class NightTile(ButtonBehavior, BoxLayout):
    """One club table in the list by progress; a touch opens its deals."""

    vm = ObjectProperty(NightTableVM(), rebind=True)
    kid = StringProperty("")
    role = StringProperty("tile-waiting")


class NightTileList(BoxLayout):
    """Every club table, in the order the presenter gives (inside a ScrollView)."""

    tiles = ObjectProperty((), rebind=True)

    def on_tiles(self, instance: Any, tiles: tuple[NightTableVM, ...]) -> None:
        if len(self.children) != len(tiles):
            self.clear_widgets()
            for _ in tiles:
                tile = NightTile()
                tile.bind(
                    on_release=lambda t: App.get_running_app().presenter.night.open_table(
                        int(t.vm.table)
                    )
                )
                self.add_widget(tile)
        for tile, vm in zip(reversed(self.children), tiles, strict=True):
            tile.vm = vm
            tile.kid = f"night-table-{vm.table}"


class DealRow(BoxLayout):
    """One deal of a club table, with its "Correct" button."""

    row = ObjectProperty(DealRowVM(), rebind=True)


class DealRows(BoxLayout):
    """A club table's deals (inside a ScrollView)."""

    rows = ObjectProperty((), rebind=True)

    def on_rows(self, instance: Any, rows: tuple[DealRowVM, ...]) -> None:
        if len(self.children) != len(rows):
            self.clear_widgets()
            for _ in rows:
                self.add_widget(DealRow())
        for widget, row in zip(reversed(self.children), rows, strict=True):
            widget.row = row


class LeaderApp(ScreenApp):
    """The leader's console. Starts on the set-up screen when leader.toml is missing or
    wrong, and by itself once it is right."""

    vm = ObjectProperty(ViewModel(), rebind=True)
    sz = theme.CONSOLE
    role = "leader"
    root_rule = "LeaderRoot"
    kv_dir = KV_DIR

    def __init__(
        self,
        config_path: Path,
        *,
        resend_every: float = RESEND_EVERY,
        config_poll: float = CONFIG_POLL,
        opener: Callable[[str], Any] = webbrowser.open,
        **kwargs: Any,
    ) -> None:
        super().__init__(config_path, config_poll=config_poll, **kwargs)
        self.title = "Military Whist — leader"
        self.resend_every = resend_every
        self.opener = opener

    def _setup(self, problem: ConfigProblem) -> SetupPresenter:
        return SetupPresenter(problem)

    def build(self) -> Any:
        root = super().build()
        # the room's clock counts down on screen; the hub sends no ticks (issue 26)
        self._events.append(Clock.schedule_interval(self._tick_clock, 1.0))
        return root

    def _tick_clock(self, dt: float) -> None:
        if isinstance(self.presenter, LeaderPresenter):
            self.presenter.tick()

    def _start(self, config: ConsoleConfig) -> None:
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

    # ------------------------------------------------------------------ actions of the app
    def open_rotation(self) -> None:
        """Open the rotation sheet the hub wrote in the web browser, to print it."""
        p = self.presenter
        path = p.sheets.rotation_path() if isinstance(p, LeaderPresenter) else None
        if path is not None:
            self.opener(Path(path).resolve().as_uri())


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


__all__ = [
    "DealRow",
    "DealRows",
    "LFill",
    "LeaderApp",
    "NightTile",
    "NightTileList",
    "RowWidget",
    "RowsList",
    "Tile",
    "TileGrid",
]
