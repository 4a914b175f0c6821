"""The grid of a club night's score sheet, laid out from what its headings and cells hold.

Every word of the grid's headings (a column's words, its side or seat, a player's name, the
column's name for ``whist-hub tally``) is set at :data:`HEAD_PT`, capitals of 3.1 mm, the
floor of docs/sheets.md (issue 29, item 10). The widths come from the font's own advance
widths (DejaVu Sans, the sheet's font; the codes in DejaVu Sans Mono, 0.602 em a character):

* a column is at least as wide as its longest word, its code and what its rows print;
* columns of one kind for each side or seat (``ns_tricks`` and ``ew_tricks``, ``bid_N`` to
  ``bid_W``, the running score of each side) share one heading, and each of them says only
  its side or seat (a :class:`Column` with a ``label``);
* a code too long for its column is broken after its underscore (``ns_`` over ``tricks``),
  never inside a word; a player's name is printed under a seat's columns only when every one
  fits there whole (or at its own hyphen or space), else the seat's letter stands alone and the
  players' line above the grid names it;
* what is left of the width is shared among the columns a hand writes in.

>>> cols = [Column("Deal", cells=(("16", 13.0, True),), room=0),
...         Column("Tricks", "ns_tricks", label="NS"), Column("Tricks", "ew_tricks", label="EW")]
>>> grid = lay_out(cols, 100.0)
>>> grid.fits, [round(w, 1) for w in grid.widths], grid.codes[1]
(True, [11.4, 44.3, 44.3], ('ns_tricks',))
>>> lay_out(cols, 40.0).codes[1]
('ns_', 'tricks')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from uikit.theme import FONT_BOLD, FONT_REGULAR

__all__ = ["HEAD_PT", "LINE_MM", "Column", "Grid", "halves", "lay_out", "text_mm"]

#: Every word of the headings: DejaVu's capitals are 0.729 em, 3.09 mm at 12 pt.
HEAD_PT = 12.0
PT_MM = 25.4 / 72
#: A heading's line (line-height 1.1 in the sheet's CSS) and a cell's padding and rules.
LINE_MM = 1.1 * HEAD_PT * PT_MM
PAD_MM = 1.6
SPARE_MM = 1.8
#: The narrowest a column a hand writes in may be: room for "1070" written by hand; a
#: running score of a partnership game holds two digits.
WRITE_MM = 12.0
SCORE_MM = 9.5
_MONO_EM = 1233 / 2048  # DejaVu Sans Mono's advance


@cache
def _advances(bold: bool) -> tuple[dict[int, int], int]:
    from fontTools.ttLib import TTFont  # type: ignore[import-untyped]  # WeasyPrint needs it

    with TTFont(FONT_BOLD if bold else FONT_REGULAR, lazy=True) as font:
        hmtx = font["hmtx"]
        widths = {cp: hmtx[glyph][0] for cp, glyph in font.getBestCmap().items()}
        return widths, font["head"].unitsPerEm


def text_mm(text: str, pt: float = HEAD_PT, *, bold: bool = False, mono: bool = False) -> float:
    """How wide ``text`` is set on one line at ``pt`` points, in millimetres.

    >>> round(text_mm("ns_tricks", mono=True), 1), round(text_mm("Marguerite"), 1)
    (22.9, 23.1)
    """
    if mono:
        return len(text) * _MONO_EM * pt * PT_MM
    widths, em = _advances(bold)
    return sum(widths.get(ord(c), em * 0.6) for c in text) / em * pt * PT_MM


def wrap(text: str, width: float, *, bold: bool = False, pt: float = HEAD_PT) -> list[str]:
    """``text`` broken at its spaces into lines of ``width`` mm at most (less a cell's
    padding); a word longer than that keeps a line of its own. French punctuation set off
    by a space (« : », « ; », « ? ») and a word of one letter stay with the word before it
    (a line never starts with "O" alone).

    >>> wrap("Honneurs : NS ou EO", 22.0), wrap("Renonce : N, E, S ou O", 24.0)
    (['Honneurs :', 'NS ou EO'], ['Renonce :', 'N, E, S', 'ou O'])
    """
    words: list[str] = []
    for word in text.split():
        if words and (word in {":", ";", "?", "!", "»"} or len(word) == 1):
            words[-1] = f"{words[-1]} {word}"
        else:
            words.append(word)
    lines: list[str] = []
    for word in words:
        if lines and text_mm(f"{lines[-1]} {word}", pt, bold=bold) + SPARE_MM <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _longest_word(text: str, *, bold: bool = False) -> float:
    return max((text_mm(w, bold=bold) for w in wrap(text, 0.0, bold=bold)), default=0.0)


def halves(name: str) -> list[str]:
    """A name broken onto two lines at its hyphen or space; a single word stays whole (a
    name is never broken inside a word, "Marg-aret": issue 29).

    >>> halves("Jean-Claude"), halves("Anne Marie"), halves("Marguerite")
    (['Jean-', 'Claude'], ['Anne', 'Marie'], ['Marguerite'])
    """
    for mark in ("-", " "):
        if mark in name.strip(mark):
            head, _, tail = name.partition(mark)
            return [head + (mark if mark == "-" else ""), tail]
    return [name]


def _code_halves(code: str) -> list[str]:
    """A code on two lines at its underscore, which ends the first line or starts the
    second, whichever makes the longer line shorter ("honours" over "_held").

    >>> _code_halves("ns_tricks"), _code_halves("honours_held"), _code_halves("table")
    (['ns_', 'tricks'], ['honours', '_held'], ['table'])
    """
    head, mark, tail = code.partition("_")
    if not (mark and tail):
        return [code]
    after, before = [head + mark, tail], [head, mark + tail]
    return min(after, before, key=lambda pair: max(map(len, pair)))


def _lines_in(parts: list[str], width: float, *, mono: bool = False) -> tuple[str, ...]:
    """The text on one line where it fits, else its two halves."""
    whole = "".join(parts) if mono else " ".join(parts)
    if len(parts) == 1 or text_mm(whole, mono=mono) + SPARE_MM <= width:
        return (whole.replace("- ", "-"),) if not mono else (whole,)
    return tuple(parts)


@dataclass(frozen=True)
class Column:
    """One column of the grid. ``words``: its heading, or, for a column with a ``label``
    (its side or seat), the heading of the run of columns of the same words it belongs to;
    ``code``: its name in the CSV ("" for a running score); ``name``: the player whose
    column it is; ``extra``: more lines of words, each set whole (the suits); ``cells``: the
    widest things its rows print (text, size in points, bold); ``room``: the narrowest it
    may be for a hand to write in it (0: nobody writes there, it gets no share of the room
    left)."""

    words: str
    code: str = ""
    label: str = ""
    name: str = ""
    extra: tuple[str, ...] = ()
    cells: tuple[tuple[str, float, bool], ...] = ()
    room: float = WRITE_MM

    def least(self, names: bool) -> float:
        """The narrowest this column can be with every word whole."""
        need = [text_mm(t, pt, bold=b) for t, pt, b in self.cells]
        if not self.label:
            need.append(_longest_word(self.words))
        need.append(text_mm(self.label, bold=True))
        need.extend(text_mm(line) for line in self.extra)
        if self.code:
            need.append(max(text_mm(h, mono=True) for h in _code_halves(self.code)))
        if names and self.name:
            need.append(max(text_mm(h) for h in halves(self.name)))
        return max(need) + SPARE_MM


@dataclass(frozen=True)
class Grid:
    """The grid as laid out: each column's width (mm), its code's lines and its player's
    name's lines (empty where no name is printed), the runs of labelled columns under one
    heading (first column, count), and the heights (mm) of the row of those headings and
    of the row of the labels under them, in lines and in mm."""

    widths: tuple[float, ...]
    codes: tuple[tuple[str, ...], ...]
    names: tuple[tuple[str, ...], ...]
    runs: tuple[tuple[int, int], ...]
    lines: tuple[int, int]
    fits: bool

    @property
    def heights(self) -> tuple[float, float]:
        return (self.lines[0] * LINE_MM + PAD_MM, self.lines[1] * LINE_MM + PAD_MM)


def _runs(columns: Sequence[Column]) -> list[tuple[int, int]]:
    runs: list[tuple[int, int]] = []
    for i, col in enumerate(columns):
        prev = columns[i - 1] if i else None
        if not col.label:
            continue
        if runs and prev is not None and prev.label and prev.words == col.words:
            first, count = runs[-1]
            runs[-1] = (first, count + 1)
        else:
            runs.append((i, 1))
    return runs


def _widen(widths: list[float], columns: Sequence[Column], room: float) -> list[float]:
    """The room left shared out among the columns a hand writes in."""
    writers = [i for i, c in enumerate(columns) if c.room] or list(range(len(columns)))
    for i in writers:
        widths[i] += room / len(writers)
    return widths


def lay_out(columns: Sequence[Column], width: float) -> Grid:
    """The columns' widths within ``width`` mm, and what each heading holds."""
    runs = _runs(columns)

    def least(names: bool) -> list[float]:
        widths = [max(c.least(names), c.room) for c in columns]
        for first, count in runs:  # the run's heading: its longest word over the run
            span = sum(widths[first : first + count])
            short = _longest_word(columns[first].words) + SPARE_MM - span
            for i in range(first, first + count):
                widths[i] += max(0.0, short) / count
        return widths

    named = any(c.name for c in columns)
    widths = least(names=True)
    if not named or sum(widths) > width:
        named, widths = False, least(names=False)
    fits = sum(widths) <= width + 1e-6
    if fits:
        widths = _widen(widths, columns, width - sum(widths))
    else:  # never for the games shipped (tests/hub/test_club_paper_letter.py)
        widths = [w * width / sum(widths) for w in widths]
    codes = tuple(
        _lines_in(_code_halves(c.code), w, mono=True) if c.code else ()
        for c, w in zip(columns, widths, strict=True)
    )
    names = tuple(
        _lines_in(halves(c.name), w) if named and c.name else ()
        for c, w in zip(columns, widths, strict=True)
    )
    over = max((len(wrap(columns[f].words, sum(widths[f : f + n]))) for f, n in runs), default=0)
    under = max(
        (1 + len(names[i]) + len(codes[i]) for f, n in runs for i in range(f, f + n)),
        default=0,
    )
    # a code of a column of its own stays whole in the lower row
    under = max(
        [under, *(len(code) for c, code in zip(columns, codes, strict=True) if not c.label)]
    )
    alone = max(
        (
            len(wrap(c.words, w)) + len(c.extra) + len(code)
            for c, w, code in zip(columns, widths, codes, strict=True)
            if not c.label
        ),
        default=0,
    )
    over = max(over, alone - under)
    return Grid(tuple(widths), codes, names, tuple(runs), (over, under), fits)
