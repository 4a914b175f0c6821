# Kivy ships no type information (no py.typed, no stubs package): this file says so itself.
# Its widgets subclass Kivy's.
# mypy: disable-error-code="import-untyped"
# mypy: disallow-subclassing-any=False
"""Widgets shared by the three apps (their looks: kv/00-widgets.kv); the kiosk's own names for
them (``KText``, ``KButton``…, in :mod:`kiosk.ui`) are these, with its reading size.

Every text is an :class:`LText`, :class:`LLine` or :class:`LFill` drawn in a theme role;
every button an :class:`LButton` drawn from a :class:`~console.viewmodel.ButtonVM`.
``kid`` names a widget for the tests. The app gives the ``.kv`` rules ``app.s`` (the scale),
``app.sz`` (a :class:`~uikit.widetheme.Sizes`), ``app.fg(role)`` and ``app.bg(role)``.

:class:`ButtonGrid` turns a tuple of ButtonVMs into buttons (keypads, trump choices, the
ready-made reasons): a touch on button *i* calls ``app.presenter.<intent>(args[i])`` (or
``offset + i``), so even the buttons made in Python only forward touches.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.textinput import TextInput

from uikit.viewmodel import ButtonVM

#: The shared rules, loaded by both apps before their own.
WIDGETS_KV = Path(__file__).parent / "kv" / "00-widgets.kv"


#: A space between a word and the number after it ("table 3", "place 4 of 4", « rang 4 sur
#: 4 »): the label draws a no-break space there, so a line never starts with a number cut
#: off from its word.
_WORD_NUMBER = re.compile(r"(?<=[^\W\d_]) (?=\d)")
#: "4 of 4", « 4 sur 4 », "1 to 20": a count and its total stay on one line.
_OF = re.compile(r"(?<=\d) (of|sur|to|à) (?=\d)")
#: A separator ends its line, never starts the next one ("9 flags ·" / "place 4").
_DOT = re.compile(r" (?=· )")


def glue_numbers(text: str) -> str:
    """``text`` as a label draws it: each number held to the word before it, a count to its
    total, and a separator ("·") to what is before it. (A number is not held to its unit
    after it: "Today: 12 flags · place 1 of 4" would need a third line on a table's screen.)

    >>> glue_numbers("Today: 9 flags · place 4 of 4")
    'Today: 9 flags\\xa0· place\\xa04\\xa0of\\xa04'
    >>> glue_numbers("Cards per round: 8 8 7")  # numbers in a row may still wrap
    'Cards per round: 8 8 7'
    """
    text = _WORD_NUMBER.sub("\u00a0", _OF.sub("\u00a0\\1\u00a0", text))
    return _DOT.sub("\u00a0", text)


class Glued(Label):
    """A Kivy label that draws its text with :func:`glue_numbers`; ``text`` stays as given
    (what the tests and the view-model read)."""

    def _create_label(self) -> None:
        super()._create_label()
        if not self.markup:
            self._label.text = glue_numbers(self.text)

    def _trigger_texture_update(
        self, name: str | None = None, source: Any = None, value: Any = None
    ) -> None:
        if name == "text" and source and not self.markup:
            value = glue_numbers(value)
        super()._trigger_texture_update(name, source, value)


class LText(Glued):
    """A text that wraps to its width and is as tall as its lines."""

    role = StringProperty("text")
    filled = BooleanProperty(False)
    kid = StringProperty("")
    #: What a player reads (names, the trump, scores): tests/ui/audit.py holds its capitals
    #: to the floor of the screen (4.5 mm on a table, 30 mm on the hall's TV).
    read = BooleanProperty(False)


class LLine(Glued):
    """One line, as wide as its text."""

    role = StringProperty("text")
    kid = StringProperty("")
    read = BooleanProperty(False)


class LFill(Glued):
    """A text filling the box its layout gives it; ``corner``: the radius of its filled
    background's corners, in design pixels (square by default; the kiosk's banners round)."""

    role = StringProperty("text")
    filled = BooleanProperty(False)
    kid = StringProperty("")
    read = BooleanProperty(False)
    corner = NumericProperty(0)


def measured(widget: Any, **options: Any) -> Any:
    """Kivy's own label for ``widget``'s text settings with ``options`` changed (a text, a
    size, a wrapping width), laid out as it would be drawn: how big a wording would be
    before it is shown (FitFill, OneLine, FirstFit, FitColumn)."""
    from kivy.core.text import Label as CoreLabel

    if isinstance(options.get("text"), str):
        options["text"] = glue_numbers(options["text"])  # as the label draws it
    label = CoreLabel(**{**widget._label.options, **options})
    label.refresh()
    return label


class FitFill(LFill):
    """An :class:`LFill` whose text is never cut: drawn at ``max_font_size`` when it fits its
    box, otherwise wrapped between words onto more lines and made smaller, step by step,
    until the Kivy label's texture fits the box and no word is wider than it (a word is
    never split), down to ``min_font_size``. A long team name on the hall display."""

    max_font_size = NumericProperty(0)
    min_font_size = NumericProperty(0)
    #: At most this many lines (0: as many as the box holds): a smaller type on one line
    #: rather than a bigger one on two (a hall row's name, grown with few teams).
    max_lines = NumericProperty(0)
    #: Each step down, the type is this much smaller.
    STEP = 0.94

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bind(
            text=self._refit,
            size=self._refit,
            max_font_size=self._refit,
            min_font_size=self._refit,
            max_lines=self._refit,
            bold=self._refit,
        )

    def _refit(self, *_args: Any) -> None:
        top: float = self.max_font_size or getattr(self, "font_size", 0)
        size = top
        if self.text and self.width > 1 and self.height > 1:
            floor = min(self.min_font_size or top, top)
            while size > floor and not self.fits(size):
                size = max(floor, size * self.STEP)  # the last step is the floor itself
        self.font_size = size

    def fits(self, font_size: float) -> bool:
        """Whether the text at ``font_size``, wrapped at the box's width, fits its height
        with every word whole (measured with Kivy's own label, as it will be drawn)."""
        label = measured(self, text=self.text, font_size=font_size, text_size=(self.width, None))
        if label.content_size[1] > self.height:
            return False
        if self.max_lines and len(label._cached_lines) > self.max_lines:
            return False
        widest = max(label.get_extents(word)[0] for word in self.text.split())
        return bool(widest <= self.width - 2 * (self._label.options.get("padding_x") or 0))


def widest(texts: list[str], font_size: float, *, bold: bool = True) -> float:
    """The width of the widest of ``texts`` on one line at ``font_size`` (pixels, measured
    with Kivy's own label in the app's font): a column as wide as its longest number.

    In a .kv file: ``#:import widest uikit.widgets.widest`` /
    ``width: widest([r.score for r in app.vm.club_players.rows], self.font_size)``.
    """
    from kivy.core.text import Label as CoreLabel

    most = 0.0
    for text in texts:
        if text:
            label = CoreLabel(text=text, font_size=font_size, bold=bold)
            label.refresh()
            most = max(most, float(label.content_size[0]))
    return most


class OneLine:
    """A mixin for a text that wraps to its width: said on one line when it can. Its type is
    made smaller, step by step from ``font_max`` down to ``font_min``, until the text holds
    on one line; at ``font_min`` it wraps between words (a name is never cut). On a small
    screen every line counts: a question that wraps pushes the rest of the page under the
    top bar (the kiosk's 800x480).

    In a .kv file: ``font_max: app.s * theme.TEXT_LARGE`` / ``font_min: app.s * theme.TEXT``.
    """

    font_max = NumericProperty(0)
    font_min = NumericProperty(0)
    #: Each step down, the type is this much smaller.
    STEP = 0.96
    # What it finds on the Label it is mixed into.
    text: str
    width: float
    font_size: float
    _label: Any
    bind: Any

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from kivy.clock import Clock

        # after the frame's own rules: a rule that sets font_size is answered here
        refit = Clock.create_trigger(self._refit, -1)
        for name in ("text", "width", "font_max", "font_min", "bold", "font_size"):
            self.bind(**{name: refit})

    def _refit(self, *_args: Any) -> None:
        top: float = self.font_max
        if not top or not self.text or self.width <= 1:
            return
        floor = min(self.font_min or top, top)
        size = top
        while size > floor and not self.one_line(size):
            size = max(floor, size * self.STEP)
        if abs(self.font_size - size) > 0.01:
            self.font_size = size

    def one_line(self, font_size: float) -> bool:
        """Whether the text at ``font_size`` holds on one line of the widget's width
        (measured with Kivy's own label, as it will be drawn)."""
        label = measured(self, text=self.text, font_size=font_size, text_size=(None, None))
        padding = 2 * (self._label.options.get("padding_x") or 0)
        return bool(label.content_size[0] <= self.width - padding)


class FirstFit:
    """A mixin for a Label that says the first of ``texts`` that holds in ``lines`` lines of
    its width (the last one when none does): a long name gives way to a shorter wording
    rather than push the page under the top bar (issue 25, item 7), or be cut. Unlike
    :class:`OneLine`, the type keeps its size: the words change, not the print.

    In a .kv file: ``texts: [app.vm.hand.visitors, app.vm.hand.visitors_short]``.
    """

    texts = ListProperty([])
    lines = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from kivy.clock import Clock

        refit = Clock.create_trigger(self._refit, -1)
        for name in ("texts", "lines", "width", "font_size", "bold"):
            self.bind(**{name: refit})  # type: ignore[attr-defined]

    def _refit(self, *_args: Any) -> None:
        me: Any = self
        texts = [t for t in self.texts if t]
        if not texts or me.width <= 1:
            me.text = texts[-1] if texts else ""
            return
        # one line's height: the same whatever the wording
        line = measured(me, text="X", text_size=(None, None)).content_size[1]
        chosen = texts[-1]
        for text in texts:
            tall = measured(me, text=text, text_size=(me.width, None)).content_size[1]
            if tall <= self.lines * line + 1:
                chosen = text
                break
        me.text = chosen


class FitColumn(BoxLayout):
    """A column of texts that says the first of ``versions`` whose texts all hold in its
    height (the last one when none does): at the reading type, the waiting screen's lines
    give way to shorter ones rather than run under the buttons (issue 25). Each version is
    an object with one attribute a text for each of ``fields``, said by the column's texts
    in order, top to bottom (a widget without a ``text``, a ``Filler``, is skipped). The
    column's own height comes from its layout, never from what it says.

    In a .kv file: ``FitColumn:`` / ``versions: app.vm.waiting.versions`` /
    ``fields: ['subtitle', 'last_result']``, then a text widget for each field.
    """

    versions = ListProperty([])
    fields = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        from kivy.clock import Clock

        refit = Clock.create_trigger(self._refit, -1)
        for name in ("versions", "fields", "size", "children"):
            self.bind(**{name: refit})

    def texts(self) -> list[Any]:
        """The column's texts, top to bottom."""
        return [c for c in reversed(self.children) if hasattr(c, "text")]

    def _refit(self, *_args: Any) -> None:
        texts = self.texts()
        if len(texts) != len(self.fields):
            raise ValueError(f"{len(texts)} texts in the column for fields {list(self.fields)}")
        if not self.versions:
            return
        left, top, right, bottom = self.padding
        width = self.width - left - right
        room = self.height - top - bottom - self.spacing * max(0, len(self.children) - 1)
        chosen = len(self.versions) - 1
        for i, version in enumerate(self.versions):
            tall = 0.0
            for widget, field in zip(texts, self.fields, strict=True):
                text = getattr(version, field)
                if text:
                    tall += measured(widget, text=text, text_size=(width, None)).content_size[1]
            if tall <= room + 1:
                chosen = i
                break
        version = self.versions[chosen]
        for widget, field in zip(texts, self.fields, strict=True):
            widget.text = getattr(version, field)


class LButton(ButtonBehavior, Glued):
    """A button drawn from a ButtonVM; ``corner``: the radius of its corners, in design
    pixels."""

    vm = ObjectProperty(ButtonVM(), rebind=True)
    kid = StringProperty("")
    read = BooleanProperty(False)
    role = StringProperty("normal")
    corner = NumericProperty(8)


class LInput(TextInput):
    """A one-line text box (the reason of a correction)."""

    kid = StringProperty("")


class ButtonGrid(GridLayout):
    """Buttons made from ``vms``; button *i* calls ``app.presenter.<intent>(args[i])`` (a dotted
    intent, ``deal.deal_step``, calls that screen's presenter)."""

    vms = ObjectProperty((), rebind=True)
    intent = StringProperty("")
    args = ListProperty([])
    offset = NumericProperty(0)
    kid_prefix = StringProperty("button")
    button_height = NumericProperty(0)

    def on_vms(self, instance: Any, vms: tuple[ButtonVM, ...]) -> None:
        if len(self.children) != len(vms):
            self.clear_widgets()
            for i in range(len(vms)):
                button = LButton(kid=f"{self.kid_prefix}-{self._arg(i)}")
                button.bind(on_release=lambda b, i=i: self._press(i))
                self.add_widget(button)
        # children are in reverse order of adding
        for button, vm in zip(reversed(self.children), vms, strict=True):
            button.vm = vm
            if self.button_height:
                button.height = self.button_height

    def on_button_height(self, instance: Any, value: float) -> None:
        for button in self.children:
            button.height = value

    def _arg(self, i: int) -> Any:
        return self.args[i] if i < len(self.args) else int(self.offset) + i

    def _press(self, i: int) -> None:
        target = App.get_running_app().presenter
        *owners, intent = self.intent.split(".")  # "deal.deal_step": a screen's presenter
        for owner in owners:
            target = getattr(target, owner)
        getattr(target, intent)(self._arg(i))
