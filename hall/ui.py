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
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.properties import BooleanProperty, NumericProperty, ObjectProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

import hardware
from hall import sizes as bk
from hall.board import StandingsTee
from hall.presenter import HallPresenter, HallSetupPresenter
from hall.qr import PhonesQR, phones_url
from hall.viewmodel import HallRowVM, HallVM, NightRowVM, NightTableVM
from uikit import widetheme as theme
from uikit.config import ConfigProblem
from uikit.connection import ConsoleConnection
from uikit.screenapp import CONFIG_POLL, ScreenApp
from uikit.settings import ConsoleConfig, HallConfig

log = logging.getLogger("whist.hall")
__all__ = ["HallApp", "PhonesQR"]  # PhonesQR: known to the .kv rules by its import here

KV_DIR = Path(__file__).parent / "kv"


class HallRow(BoxLayout):
    """One team's line; ``stretch`` (its height) and ``grow`` (its text) are set by the
    :class:`StandingsTable` it is in."""

    row = ObjectProperty(HallRowVM(), rebind=True)
    head = ObjectProperty(False)
    stretch = NumericProperty(1.0)
    grow = NumericProperty(1.0)
    #: the lines its name needs at the back row's type (hall.sizes.READ), wrapped between words
    lines = NumericProperty(1)


class TrumpName(Label):
    """The trump's name in the header, as wide as its text (no box to fill)."""

    kid = StringProperty("")
    role = StringProperty("header")
    read = BooleanProperty(True)


class NightRow(BoxLayout):
    """One partnership on a club night's leaderboard."""

    row = ObjectProperty(NightRowVM(), rebind=True)
    head = ObjectProperty(False)
    lines = NumericProperty(1)  # as HallRow's, for the players' names


class NightTableRow(BoxLayout):
    """One table's game in play, on a club night."""

    row = ObjectProperty(NightTableVM(), rebind=True)
    head = ObjectProperty(False)
    lines = NumericProperty(1)  # as HallRow's, for the table's status


class HallTable(BoxLayout):
    """The rows on this page; tells the presenter how many fit."""

    rows = ObjectProperty((), rebind=True)
    row_height = NumericProperty(72)
    row_class: type[BoxLayout] = HallRow
    #: The row's text that wraps (a name) and the design pixels of the row beside it (the
    #: other columns, the padding and the spacing): :meth:`_fit_lines`.
    long_text = "name"
    #: Whether this table says how many rows a page holds (the leaderboard does, the tables
    #: in their turn show the same page).
    tells = True
    beside = 2 * 16 + 3 * 16 + bk.RANK_WIDTH + bk.SCORE_WIDTH + bk.CHANGE_WIDTH

    def __init__(self, **kwargs: Any) -> None:
        self._rows: list[BoxLayout] = []
        self._filler = Widget()  # keeps the rows at the top of the page
        super().__init__(**kwargs)
        self.add_widget(self._filler)

    def on_rows(self, instance: Any, rows: tuple[Any, ...]) -> None:
        while len(self._rows) > len(rows):
            self.remove_widget(self._rows.pop())
        while len(self._rows) < len(rows):
            row = self.row_class()
            self._rows.append(row)
            self.remove_widget(self._filler)
            self.add_widget(row)
            self.add_widget(self._filler)
        for widget, row_vm in zip(self._rows, rows, strict=True):
            widget.row = row_vm
        self._relayout()

    def on_size(self, instance: Any, size: tuple[float, float]) -> None:
        self._tell()
        self._relayout()

    def on_row_height(self, instance: Any, value: float) -> None:
        self._tell()
        self._relayout()

    def _relayout(self) -> None:
        self._fit_lines()

    def _fit_lines(self) -> float | None:
        """Gives each row the lines its long text needs at the back row's type, and returns
        the height those lines add; None when the page's rows do not fit the table then: the
        presenter is told to put as many rows as fit on every page (a name is never cut)."""
        app = App.get_running_app()
        presenter = app.presenter
        if not isinstance(presenter, HallPresenter) or self.height <= 1:
            return 0.0
        width = self.width - app.s * self.beside
        for widget in self._rows:
            widget.lines = _lines(getattr(widget.row, self.long_text), app.s * bk.READ, width)
        line = app.s * bk.READ_LINE
        extra = float(sum(w.lines - 1 for w in self._rows) * line)
        if len(self._rows) * self.row_height + extra <= self.height + 1 or not self.tells:
            return extra
        fit, used = 0, 0.0  # as many rows as fit, in order, with their lines
        for widget in self._rows:
            used += self.row_height + (widget.lines - 1) * line
            if used > self.height + 1:
                break
            fit += 1
        if fit < len(self._rows):
            presenter.set_rows_per_page(max(1, fit))
            return None
        return extra

    def _tell(self) -> None:
        presenter = App.get_running_app().presenter
        if isinstance(presenter, HallPresenter) and self.row_height > 0 and self.height > 1:
            presenter.set_rows_per_page(int(self.height // self.row_height))


class StandingsTable(HallTable):
    """The teams on this page, their rows stretched to fill the screen.

    A full page has rows of ``hall.sizes.ROW``; fewer teams than a page holds (a small
    tournament) share the whole height, and their text grows with them up to
    ``hall.sizes.MAX_GROW``. A name too long for one line at the back row's type
    (``hall.sizes.READ``) wraps between words and its row takes a line more; when the
    page's rows then do not fit, every page holds as many teams as fit, never a name cut.
    """

    def _relayout(self) -> None:
        presenter = App.get_running_app().presenter
        if not self._rows or self.row_height <= 0 or not isinstance(presenter, HallPresenter):
            return
        extra = self._fit_lines()
        if extra is None:
            return
        shown = len(self._rows) if presenter.pages == 1 else presenter.rows_per_page
        stretch = max(1.0, (self.height - extra) / (max(1, shown) * self.row_height))
        for widget in self._rows:
            widget.stretch = stretch
            widget.grow = min(bk.MAX_GROW, stretch)


def _lines(text: str, font_size: float, width: float) -> int:
    """How many lines ``text`` takes in bold at ``font_size``, wrapped between words at
    ``width`` (Kivy's own label, as the row's name will be drawn)."""
    from kivy.core.text import Label as CoreLabel

    if not text or width <= 1:
        return 1
    one = CoreLabel(text="X", font_size=font_size, bold=True)
    one.refresh()
    label = CoreLabel(text=text, font_size=font_size, bold=True, text_size=(width, None))
    label.refresh()
    return max(1, round(float(label.content_size[1]) / float(one.content_size[1])))


class NightBoard(HallTable):
    """A club night's leaderboard on this page (it tells the presenter how many fit)."""

    row_class = NightRow
    long_text = "players"
    beside = (
        2 * 16 + 4 * 16 + bk.NIGHT_RANK_WIDTH + bk.TABLE_WIDTH + bk.WINS_WIDTH + bk.POINTS_WIDTH
    )


class NightTables(HallTable):
    """The tables' games on this page (as many as the leaderboard's rows)."""

    row_class = NightTableRow
    long_text = "status"
    tells = False
    beside = 2 * 16 + 3 * 16 + bk.TABLE_WIDTH + bk.NIGHT_SCORE_WIDTH + bk.DEALS_WIDTH

    def _tell(self) -> None:
        pass  # the leaderboard, in its turn on the same room, tells


class HallApp(ScreenApp):
    """The hall display. Starts on a set-up screen when hall.toml is missing or wrong."""

    vm = ObjectProperty(HallVM(), rebind=True)
    #: The players' phones' page, shown as a QR code in the header (hall/qr.py), or ''.
    phones_url = StringProperty("")
    sz = theme.HALL
    role = "hall"
    root_rule = "HallRoot"
    kv_dir = KV_DIR

    def __init__(
        self,
        config_path: Path,
        *,
        config_poll: float = CONFIG_POLL,
        page_seconds: float | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(config_path, config_poll=config_poll, **kwargs)
        self.title = "Military Whist — standings"
        self.page_seconds = page_seconds
        #: The serial hall scoreboard of hall.toml's [scoreboard] (absent: does nothing).
        self.board = hardware.Hardware()

    def _setup(self, problem: ConfigProblem) -> HallSetupPresenter:
        return HallSetupPresenter(problem)

    def _start(self, config: ConsoleConfig) -> None:
        assert isinstance(config, HallConfig)
        if config.fullscreen:
            Window.show_cursor = False
        presenter = HallPresenter(language=config.language, address=f"{config.host}:{config.port}")
        self.phones_url = phones_url(config.host, config.phones_port)
        self._attach(presenter)
        self.board.close()  # hall.toml was rewritten: the board of the new file
        # A board that cannot start is logged and left out; the TV goes on.
        self.board = hardware.scoreboard_from_config(config.scoreboard)
        listener = StandingsTee(presenter, self.board.show_standings)
        self.connection = ConsoleConnection(config, listener, post=self._post, role="hall")
        self.connection.start()
        every = self.page_seconds or config.page_seconds
        self._events.append(Clock.schedule_interval(lambda dt: presenter.next_page(), every))
        # the room's clock counts down on the TV; the hub sends no ticks (issue 26)
        self._events.append(Clock.schedule_interval(lambda dt: presenter.tick(), 1.0))

    def _attach(self, presenter: HallPresenter | HallSetupPresenter) -> None:
        super()._attach(presenter)
        if self.root is not None:
            Clock.schedule_once(lambda dt: self._tell_rows(), 0)

    def on_stop(self) -> None:
        super().on_stop()
        self.board.close()

    def _tell_rows(self) -> None:
        for widget in self.root.walk():
            if isinstance(widget, HallTable) and widget.get_root_window() is not None:
                widget._tell()
