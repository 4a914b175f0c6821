"""Printable sheets, as HTML and PDF: the paper fallback if the electronics fail.

* **Rotation sheet** (``rotation.html``, ``rotation.pdf``): one landscape page per table per
  session (Alberta's morning and afternoon, Gaspésie's one sitting), the table and its team at
  the top of every page: every hand's trump, who plays at this table, where this table's
  travellers go, and boxes to write the tricks and the flags (or points) in by hand.
* **Results by hand** (``results.html``, ``results.pdf``): one page per hand, one row per
  table with the home team's and the visitors' names, room for notes; filled in from the
  hub's log where a result is known.
* **Standings** (``standings.html``, ``standings.pdf``): rank, team, score, per-day totals.

What the pages show is computed by the core (:mod:`whist.paper`, the tournament's standings);
this module lays it out and puts the words around it, from the ``sheets`` gettext catalog
(uikit/locale), in the tournament's language (the format's: French for Gaspésie).

The PDF is made from the same HTML by WeasyPrint on US Letter, landscape (A4 with
``paper="a4"``); the HTML leaves the paper size to the browser's printer and fits both.
No row is ever split across pages and the rows of one session fit its page.

>>> from whist.pattern import default_spec
>>> html = rotation_sheet(default_spec("alberta", tables=3, hands=4))
>>> html.count('<section class="sheet')   # 3 tables x morning and afternoon
6
>>> "Table 2" in html and "♠" in html
True
"""

from __future__ import annotations

import html
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Literal

from hub.paper.clubgrid import text_mm, wrap
from uikit.i18n import N_, ConsoleTranslator, Language, load_domain
from whist.enums import Unit
from whist.formats import Format
from whist.formats.words import say_all
from whist.paper import (
    Player,
    ResultsPage,
    RotationPage,
    RotationRow,
    results_pages,
    rotation_pages,
)
from whist.pattern import is_placeholder_name
from whist.spec import TournamentSpec
from whist.tournament import DIFFERS, NOT_COUNTED, Tournament
from whist.views import place_marks, settled, tie_broken

__all__ = [
    "DOMAIN",
    "RESULTS_FILE",
    "ROTATION_FILE",
    "STANDINGS_FILE",
    "Language",
    "Paper",
    "default_language",
    "results_sheet",
    "rotation_sheet",
    "standings_sheet",
    "start_pdfs",
    "translator",
    "write_pdf",
    "write_sheets",
]

Paper = Literal["letter", "a4"]

ROTATION_FILE = "rotation.html"
RESULTS_FILE = "results.html"
STANDINGS_FILE = "standings.html"

#: The gettext domain of the sheets' words (uikit/locale/fr/LC_MESSAGES/sheets.po): the
#: sheets' own, and each format's title and rules summary where the format defines them
#: (``G_``, ``R_``, ``RP_`` in whist/formats; hub/paper/sheets-babel.cfg leaves the core's refusals
#: out). After changing a text, from the repository::
#:
#:     .venv/bin/pybabel extract -F hub/paper/sheets-babel.cfg -o uikit/locale/sheets.pot \
#:         --no-location --no-default-keywords -k t -k nt:1,2 -k pt:1c,2 -k W_ -k WP_:1c,2 \
#:         hub/paper/sheets.py hub/paper/clubsheets.py hub/paper/tally.py whist/formats/*.py \
#:         whist/reasons.py
#:     .venv/bin/pybabel update -i uikit/locale/sheets.pot -d uikit/locale -D sheets \
#:         --no-fuzzy-matching --ignore-obsolete
#:     # translate the new entries in uikit/locale/fr/LC_MESSAGES/sheets.po, then
#:     .venv/bin/pybabel compile -d uikit/locale -D sheets --statistics
DOMAIN = "sheets"

_SUITS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
_RED = {"hearts", "diamonds"}
_SUIT_NAMES = {
    "spades": N_("Spades"),
    "hearts": N_("Hearts"),
    "diamonds": N_("Diamonds"),
    "clubs": N_("Clubs"),
}

# The page's usable height, for the intersection of Letter and A4 in landscape (210 mm tall)
# less the margins; what the title, the rules line and the table's header take; and the
# tallest a row needs to be (two lines of names). Rows share what is left, so the rows of a
# session always fit its page.
_USABLE_MM = 210 - 2 * 9
_ROTATION_TOP_MM = 52.5  # the rules on two lines of 12 pt (French), headings on three
_RESULTS_TOP_MM = 40  # headings of 12 pt on three lines
_MAX_ROW_MM = 13.0
_TWO_LINES_MM = 9.1  # two lines of names at 12 pt, set close (line-height 1)
_LONG_PAIR = 22  # characters of "Marguerite & Eleanor" and more
_LONG_TEAM = 30  # a team's name set smaller in the title, to be cut short less often
#: The rotation sheet's columns: hand, trump, home pair, visiting team, visitors, our
#: travellers, where they go, and three boxes to write in. Each column but the names' is as
#: wide as the longest word of its heading at 12 pt (capitals of 3 mm: issue 29) or what its
#: rows print, at least these millimetres (a box: room to write two digits); the three
#: columns of names share the rest.
_ROTATION_LEAST_MM = (10.0, 0.0, 0.0, 9.0, 0.0, 0.0, 12.0, 15.0, 15.0, 15.0)
_NAME_COLUMNS = (2, 4, 5)
_TABLE_MM = 279.4 - 2 * 10  # Letter, landscape, less the margins: the narrower paper
_CELL_SPARE_MM = 2.4  # a cell's padding and rules


class _Declare:
    # pt(...) here only declares a text for Babel to extract; the translator made with
    # context="manche" looks it up at run time.
    @staticmethod
    def pt(context: str, message: str) -> str:
        return message


#: Texts whose French differs in a Gaspésie tournament: there a hand is a *manche*.
GASPESIE_WORDING = (
    _Declare.pt("manche", "Hand"),
    _Declare.pt("manche", "Hand {n} of {total}"),
    _Declare.pt("manche", "Hands {first} to {last} of {total}"),
    _Declare.pt("manche", "Results by hand"),
    _Declare.pt("manche", "after hand {n} of {total}"),
    _Declare.pt("manche", "before the first hand"),
    _Declare.pt("manche", "The leader ended play after hand {n}."),
)

#: Hands on one rotation page at most (Gaspésie's 24 manches fit one page).
ROTATION_ROWS = 24
#: Tables on one results page (a hall of more tables gets more pages for the hand).
RESULTS_ROWS = 16


def translator(language: Language, fmt: Format | None = None) -> ConsoleTranslator:
    """The sheets' words in *language*; a Gaspésie hand is a *manche* in French."""
    context = fmt.rules.wording if fmt is not None else None
    return ConsoleTranslator(language, context=context, load=partial(load_domain, DOMAIN))


def default_language(fmt: Format) -> Language:
    """The format's own language (French for a Gaspésie tournament)."""
    return fmt.rules.language


_CSS = """
@page { size: landscape; margin: 9mm 10mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; font-size: 12pt;
       color: #000; background: #fff; margin: 0; }
.sheet { break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
.top { display: flex; justify-content: space-between; align-items: baseline; }
h1 { font-size: 21pt; margin: 0; white-space: nowrap; overflow: hidden;
     text-overflow: ellipsis; flex: 1 1 auto; min-width: 0; }
h1 .team { font-weight: normal; }
h1 .team.long { font-size: 16pt; }
.when { font-size: 16pt; font-weight: bold; text-align: right; white-space: nowrap;
        flex: 0 0 auto; padding-left: 4mm; }
h2 { font-size: 12pt; margin: 1mm 0 1.5mm 0; font-weight: normal; }
p.rule { font-size: 12pt; margin: 0 0 1.5mm 0; max-height: 2.4em; overflow: hidden; }
p.roster { font-size: 12pt; margin: 0 0 1.5mm 0; white-space: nowrap; overflow: hidden;
           text-overflow: ellipsis; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; }
tr { break-inside: avoid; page-break-inside: avoid; }
th, td { border: 1.5px solid #000; padding: 0.3mm 1.5mm; text-align: left;
         vertical-align: middle; overflow: hidden; line-height: 1.15; }
th { font-size: 12pt; font-weight: normal; background: #e8e8e8; line-height: 1.05;
     padding: 0.5mm 0.8mm; height: 14.5mm; }
td.names { font-size: 12pt; line-height: 1; padding-top: 0; padding-bottom: 0; }
.nm { white-space: nowrap; }
/* Never more than two lines in a cell: a longer name is cut, the row keeps its height. */
.clamp { max-height: 2.1em; overflow: hidden; }
td.n, th.n { text-align: center; }
td.hand { font-weight: bold; font-size: 14pt; }
td.box { background: #fff; }
td.big { font-size: 16pt; font-weight: bold; }
td.go { white-space: nowrap; }
td.trump { white-space: nowrap; padding-left: 1mm; padding-right: 0.5mm; }
table.dense .clamp { white-space: nowrap; text-overflow: ellipsis; }
table.dense td.names { font-size: 10pt; padding-left: 0.8mm; padding-right: 0.5mm; }
table.dense td.big, table.dense td.hand, table.dense .suit { font-size: 12.5pt; }
table.dense td.trump { font-size: 12pt; }
table.dense .clamp.long { font-size: 9pt; }
table.dense td { white-space: nowrap; text-overflow: ellipsis; padding-top: 0; padding-bottom: 0; }
.red { color: #c00000; }
.suit { font-size: 17pt; line-height: 1; }
.blank { color: #555; }
td.rank { font-weight: bold; font-size: 15pt; }
table.standings td { height: 10mm; font-size: 14pt; }
td.note { font-size: 12pt; line-height: 1; padding-top: 0; padding-bottom: 0; }
section.results th { height: 14.5mm; }
/* The players' phones' page (docs/phones.md): a QR code in the top right corner; the lines
   beside it keep clear of it, and nothing moves down (the rows keep their page). */
section.rotation { position: relative; }
.phones { position: absolute; top: 0; right: 0; width: 24mm; text-align: center;
          font-size: 7.5pt; line-height: 1.1; }
.phones svg { width: 17mm; height: 17mm; display: block; margin: 0 auto 0.5mm; }
section.qr .top, section.qr h2, section.qr p.roster, section.qr p.rule { margin-right: 26mm; }
@media screen { body { margin: 8mm; } .sheet { margin-bottom: 16mm; } }
"""

#: Added for the PDF: the paper the hall prints on (Canada and the US: Letter). WeasyPrint
#: gives these a user's weight, below the page's own ``@page { size: landscape }`` (A4):
#: ``!important`` puts them above it (issue 29: Letter sheets came out 297 mm wide).
_PAPER_CSS: dict[Paper, str] = {
    "letter": "@page { size: letter landscape !important; }",
    "a4": "@page { size: a4 landscape !important; }",
}


def _e(text: object) -> str:
    return html.escape(str(text))


def _page(title: str, pages: Iterable[str], language: Language) -> str:
    body = "\n".join(pages)
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"{body}\n</body>\n</html>\n"
    )


def _rotation_widths(heads: Sequence[str], tr: ConsoleTranslator) -> list[float]:
    """The rotation sheet's columns in per cent of its width (see _ROTATION_LEAST_MM); the
    trump's column holds the widest suit, its symbol at 17 pt and its name at 12.

    >>> widths = _rotation_widths(["Hand"] * 10, translator("en"))
    >>> round(sum(widths), 6), round(widths[1] * _TABLE_MM / 100, 1)  # "♦ Diamonds"
    (100.0, 30.4)
    """
    suit = max(text_mm(s, 17.0) + text_mm(f" {tr.t(_SUIT_NAMES[n])}") for n, s in _SUITS.items())
    least = [
        max(floor, *(text_mm(w) for w in wrap(h, 0.0))) + _CELL_SPARE_MM
        for h, floor in zip(heads, _ROTATION_LEAST_MM, strict=True)
    ]
    least[1] = max(least[1], suit + _CELL_SPARE_MM)
    names = (_TABLE_MM - sum(w for i, w in enumerate(least) if i not in _NAME_COLUMNS)) / 3
    return [
        names * 100 / _TABLE_MM if i in _NAME_COLUMNS else w * 100 / _TABLE_MM
        for i, w in enumerate(least)
    ]


def _trump_cell(trump: str, tr: ConsoleTranslator) -> str:
    """A suit as its symbol and its name; a blank to fill when the leader announces it."""
    if trump == "leader":
        announced = tr.t("announced:")
        return f'<span class="blank">{_e(announced)}<br>______</span>'
    if trump == "none":
        return _e(tr.t("No trump"))
    colour = "suit red" if trump in _RED else "suit"
    suit = tr.t(_SUIT_NAMES[trump])
    return f'<span class="{colour}">{_SUITS[trump]}</span> {_e(suit)}'


def _seat(player: Player, fmt: Format, tr: ConsoleTranslator) -> str:
    """A player's (short) name; with no name, the seat in words (never a bare number that
    reads like a table number: Gaspésie's seats are the captain and players 1 to 3)."""
    return player.short or _seat_word(player, tr)


def _seat_word(player: Player, tr: ConsoleTranslator) -> str:
    if player.seat == "C":
        return tr.t("Captain")
    if player.seat.isdigit():
        return tr.t("Player {n}").format(n=player.seat)
    return player.seat


def _pair(players: Sequence[Player], fmt: Format, tr: ConsoleTranslator) -> str:
    # A line breaks between the two names, never inside one ("Jean-" / "Claude").
    shown = [_seat(p, fmt, tr) for p in players]
    names = " &amp; ".join(f'<span class="nm">{_e(name)}</span>' for name in shown)
    # A long pair is set a little smaller, so that on a page of one-line rows it is cut
    # short less often.
    long = " long" if sum(map(len, shown)) + 3 > _LONG_PAIR else ""
    return f'<div class="clamp{long}">{names}</div>'


def _thead(heads: Sequence[tuple[str, str]]) -> str:
    cells = "".join(
        f'<th class="{cls}">{_e(text)}</th>' if cls else f"<th>{_e(text)}</th>"
        for cls, text in heads
    )
    return f"<thead><tr>{cells}</tr></thead><tbody>"


def _home_team(table: int, name: str, tr: ConsoleTranslator) -> str:
    """The team at home at *table*: its own name, or "Team 3" when it has none."""
    label = tr.t("Team {n}").format(n=table)
    return label if is_placeholder_name(name, table) else name


def _row_height(rows: int, top_mm: float) -> float:
    return round(min(_MAX_ROW_MM, (_USABLE_MM - top_mm) / rows), 2)


def _rotation_row(row: RotationRow, fmt: Format, tr: ConsoleTranslator, height: float) -> str:
    return (
        f'<tr style="height:{height}mm"><td class="n hand">{row.hand}</td>'
        f'<td class="trump">{_trump_cell(row.trump, tr)}</td>'
        f'<td class="names">{_pair(row.home, fmt, tr)}</td>'
        f'<td class="n big">{row.visitors.team}</td>'
        f'<td class="names">{_pair(row.visitors.players, fmt, tr)}</td>'
        f'<td class="names">{_pair(row.travellers, fmt, tr)}</td>'
        f'<td class="n big go">→ {row.travellers_go_to}</td>'
        + '<td class="box"></td>' * 3
        + "</tr>"
    )


def _phones_box(url: str, tr: ConsoleTranslator) -> str:
    """The QR code of the players' phones' page, with what it is for (segno draws it)."""
    import segno

    svg = segno.make(url, error="m", micro=False).svg_inline(border=2, omitsize=True)
    words = tr.t("Standings on your phone")
    return f'<div class="phones">{svg}{_e(words)}</div>'


def _rotation_page(
    page: RotationPage, fmt: Format, tr: ConsoleTranslator, name: str, phones_url: str = ""
) -> str:
    flags = fmt.rules.unit == Unit.FLAGS
    height = _row_height(len(page.rows), _ROTATION_TOP_MM)
    rows = "".join(_rotation_row(r, fmt, tr, height) for r in page.rows)
    # Rows too low for two lines of names keep to one (a name too long for it is cut short
    # on its row and stays whole in the list of players above the table).
    dense = " dense" if height < _TWO_LINES_MM else ""
    when = tr.t("Hands {first} to {last} of {total}").format(
        first=page.first_hand, last=page.last_hand, total=page.hands
    )
    where = []
    # The kiosks and the hall say "Day"; a day of Alberta may be split into sessions
    # (morning and afternoon, rules P1: a break, the flags stay), which the sheet names too.
    if page.days > 1:
        where.append(tr.t("Day {n} of {total}").format(n=page.day, total=page.days))
    elif page.sessions > 1:
        where.append(tr.t("Day {n}").format(n=page.day))
    if page.sessions > 1:
        where.append(
            tr.t("session {n} of {total} of the day (a break: the flags stay)").format(
                n=page.session, total=page.sessions
            )
        )
    rule = say_all(tr.t, fmt.rules.rules_summary())  # the format's own words (whist/formats)
    score = tr.t("Flags at this table") if flags else tr.t("Points (home / visitors)")
    table = tr.t("Table {n}").format(n=page.table)
    team = _home_team(page.table, page.team_name, tr)
    long = " long" if len(team) > _LONG_TEAM else ""
    heads = [
        ("n", tr.t("Hand")),
        ("n", tr.t("Trump")),
        ("", tr.t("Home: play here")),
        ("n", tr.t("Visiting team")),
        ("", tr.t("Visitors")),
        ("", tr.t("Our travellers")),
        ("n", tr.t("go to table")),
        ("n", tr.t("Visitors' tricks")),
        ("n", tr.t("Home tricks")),
        ("n", score),
    ]
    widths = _rotation_widths([h for _, h in heads], tr)
    title = tr.t("Rotation sheet")
    roster = " · ".join(
        f"<b>{_e(_seat_word(p, tr))}</b> {_e(p.name)}" for p in page.players if p.name
    )
    return (
        f'<section class="sheet rotation{" qr" if phones_url else ""}">'
        + (_phones_box(phones_url, tr) if phones_url else "")
        + '<div class="top">'
        f"<h1>{_e(table)} — "
        f'<span class="team{long}">{_e(team)}</span></h1>'
        f'<div class="when">{_e(when)}</div></div>'
        f"<h2>{_e(name)} — {_e(title)}"
        f"{''.join(' · ' + _e(w) for w in where)}</h2>"
        + (f'<p class="roster">{roster}</p>' if roster else "")
        + f'<p class="rule">{_e(rule)}</p>'
        f'<table class="rows{dense}"><colgroup>'
        + "".join(f'<col style="width:{w:.2f}%">' for w in widths)
        + "</colgroup>"
        + _thead(heads)
        + rows
        + "</tbody></table></section>"
    )


def _parts(page: RotationPage) -> list[RotationPage]:
    count = -(-len(page.rows) // ROTATION_ROWS)
    size = -(-len(page.rows) // count)
    return [replace(page, rows=page.rows[i : i + size]) for i in range(0, len(page.rows), size)]


def rotation_sheet(
    spec: TournamentSpec, language: Language | None = None, *, phones_url: str = ""
) -> str:
    """Every table's sheet for the whole pattern: one page per table per session (a session
    of more than 24 hands, which no built-in pattern has, on pages of equal share). With
    *phones_url*, each page carries a QR code of the players' phones' page (docs/phones.md)."""
    lang = language or default_language(spec.format)
    tr = translator(lang, spec.format)
    pages = [
        _rotation_page(part, spec.format, tr, spec.name, phones_url)
        for page in rotation_pages(spec)
        for part in _parts(page)
    ]
    title = tr.t("Rotation sheet")
    return _page(f"{spec.name} — {title}", pages, lang)


def _notes(row_notes: list[str]) -> str:
    # Two lines at most, so the row keeps its height (results.csv has every word).
    return '<div class="clamp">' + "<br>".join(_e(n) for n in row_notes) + "</div>"


def _results_page(
    page: ResultsPage,
    rows: Sequence[str],
    part: tuple[int, int, int],
    tr: ConsoleTranslator,
    name: str,
    flags: bool,
) -> str:
    first, last, tables = part
    moved = tr.t("Flags to the visitors") if flags else tr.t("Points (home / visitors)")
    where = ""
    if page.days > 1:
        where = " · " + _e(tr.t("Day {n} of {total}").format(n=page.day, total=page.days))
    which = ""
    if (first, last) != (1, tables):
        which = " · " + _e(tr.t("Tables {first} to {last}").format(first=first, last=last))
    hand = tr.t("Hand {n} of {total}").format(n=page.hand, total=page.hands)
    trump = tr.t("Trump: {trump}")
    title = tr.t("Results by hand")
    heads = [
        ("n", tr.t("Table")),
        ("", tr.t("Home team")),
        ("n", tr.t("Visiting team")),
        ("", tr.t("Visitors")),
        ("n", tr.t("Visitors' tricks")),
        ("n", tr.t("Home tricks")),
        ("n", tr.t("Revokes (home / visitors)")),
        ("n", moved),
        ("", tr.t("Notes")),
    ]
    return (
        '<section class="sheet results">'
        '<div class="top">'
        f"<h1>{_e(hand)}</h1>"
        f'<div class="when">{_e(trump).format(trump=_trump_cell(page.trump, tr))}</div></div>'
        f"<h2>{_e(name)} — {_e(title)}{where}{which}</h2>"
        # headings of 12 pt: each column as wide as its longest word in French
        '<table><colgroup><col style="width:6%"><col style="width:20%">'
        '<col style="width:8.5%"><col style="width:16%">'
        '<col style="width:9%"><col style="width:8%">'
        '<col style="width:10%"><col style="width:10%"><col style="width:12.5%"></colgroup>'
        + _thead(heads)
        + "".join(rows)
        + "</tbody></table></section>"
    )


def results_sheet(
    spec: TournamentSpec, tournament: Tournament | None = None, language: Language | None = None
) -> str:
    """One page per hand (per 16 tables), every table: the recorded result, or empty boxes."""
    lang = language or default_language(spec.format)
    fmt = spec.format
    tr = translator(lang, fmt)
    flags = fmt.rules.unit == Unit.FLAGS
    pages = []
    for page in results_pages(spec, tournament):
        cells = []
        for row in page.rows:
            notes = []
            if row.by_leader:
                notes.append(tr.t("entered by the leader: {why}").format(why=tr.t(row.entered_why)))
            notes += [tr.t("corrected: {why}").format(why=tr.t(why)) for why in row.corrections]
            if row.penalty_side is not None:
                side = tr.t("home") if row.penalty_side == "home" else tr.t("visitors")
                notes.append(
                    tr.t("penalty ({side}): {why}").format(side=side, why=tr.t(row.penalty_reason))
                )
            if row.recorded:
                moved = (
                    str(row.flags_to_visitors)
                    if flags
                    else f"{row.home_points} / {row.visitor_points}"
                )
                figures = (
                    f'<td class="n">{row.visitor_tricks}</td>'
                    f'<td class="n">{row.home_tricks}</td>'
                    f'<td class="n">{row.revokes_home} / {row.revokes_visitors}</td>'
                    f'<td class="n">{moved}</td>'
                )
            else:
                figures = '<td class="box"></td>' * 4
            cells.append(
                f'<td class="n hand">{row.table}</td>'
                f'<td class="names"><div class="clamp">'
                f"{_e(_home_team(row.table, row.home_team_name, tr))}</div></td>"
                f'<td class="n big">{row.visitors.team}</td>'
                f'<td class="names">{_pair(row.visitors.players, fmt, tr)}</td>'
                f'{figures}<td class="note">{_notes(notes)}</td>'
            )
        for start in range(0, len(cells), RESULTS_ROWS):
            chunk = cells[start : start + RESULTS_ROWS]
            height = _row_height(max(len(chunk), 8), _RESULTS_TOP_MM)
            rows = [f'<tr style="height:{height}mm">{c}</tr>' for c in chunk]
            part = (start + 1, start + len(chunk), len(cells))
            pages.append(_results_page(page, rows, part, tr, spec.name, flags))
    title = tr.t("Results by hand")
    return _page(f"{spec.name} — {title}", pages, lang)


def standings_sheet(tournament: Tournament, language: Language | None = None) -> str:
    """The standings now (the final standings once every hand has been played)."""
    t = tournament
    spec = t.spec
    lang = language or default_language(spec.format)
    tr = translator(lang, spec.format)
    flags = t.rules.unit == Unit.FLAGS
    lends = t.rules.lends_flags
    days = len(spec.days)
    rows = []
    standings = t.standings()
    broken = tie_broken(standings)  # level teams the format's tie-break placed (†)
    marks = place_marks([s.rank for s in standings])  # a shared place: "2="
    for s, mark in zip(standings, marks, strict=True):
        totals = [str(v) for v in s.day_totals] + [""] * (days - len(s.day_totals))
        day_cells = "".join(f'<td class="n">{v}</td>' for v in totals) if days > 1 else ""
        loans = f'<td class="n">{s.loans}</td>' if lends else ""
        sign = " *" if s.by_leader else " †" if s.team in broken else ""
        rows.append(
            f'<tr><td class="n rank">{mark}{sign}</td>'
            f'<td class="n">{s.team}</td>'
            f"<td>{_e(_home_team(s.team, s.name, tr))}</td>{day_cells}"
            f'<td class="n rank">{s.score}</td>{loans}</tr>'
        )
    when = (
        tr.t("after hand {n} of {total}").format(n=t.hand, total=spec.hands)
        if t.hand
        else tr.t("before the first hand")
    )
    title = tr.t("Final standings") if settled(t) else tr.t("Standings")  # issue 25
    day = tr.t("Day {n}")
    heads = [("n", tr.t("Rank")), ("n", tr.t("Team")), ("", tr.t("Name"))]
    heads += [("n", day.format(n=d)) for d in range(1, days + 1) if days > 1]
    heads.append(("n", tr.t("Flags") if flags else tr.t("Points")))
    if lends:
        heads.append(("n", tr.t("Lent today")))
    page = (
        '<section class="sheet">'
        f"<h1>{_e(title)}</h1>"
        f"<h2>{_e(spec.name)} — {_e(when)}</h2>"
        '<table class="standings" style="table-layout:auto">'
        + _thead(heads)
        + "".join(rows)
        + "</tbody></table>"
        + _standings_notes(t, tr, bool(broken))
        + "</section>"
    )
    return _page(f"{spec.name} — {title}", [page], lang)


def write_pdf(html_text: str, path: Path, paper: Paper = "letter") -> Path:
    """Print *html_text* to a PDF at *path* with WeasyPrint (written whole, then renamed)."""
    from weasyprint import CSS, HTML  # a few seconds to import: only when a PDF is made

    tmp = path.with_name(path.name + ".tmp")
    HTML(string=html_text).write_pdf(tmp, stylesheets=[CSS(string=_PAPER_CSS[paper])])
    tmp.replace(path)
    return path


def _standings_notes(t: Tournament, tr: ConsoleTranslator, tie_broke: bool) -> str:
    """Under the standings: play ended early, never a silent gap (results missing), and
    the ranks the leader decided (marked * in the table) and those a tie-break placed (†)."""
    notes = []
    if t.ended_after is not None:
        notes.append(tr.t("The leader ended play after hand {n}.").format(n=t.ended_after))
    missing = t.results_missing()
    if missing:
        notes.append(
            tr.nt(
                "Provisional — {n} result missing", "Provisional — {n} results missing", missing
            ).format(n=missing)
        )
    for decision in t.decisions_in_force():  # Gaspésie: ranks the leader decided (G7)
        notes.append(
            tr.t("* Teams {teams}, in that order: by the leader's decision ({reason}).").format(
                teams=", ".join(map(str, decision.teams)), reason=tr.t(decision.reason)
            )
        )
    if tie_broke:  # level teams the format's tie-break placed (the rows marked †)
        notes.append(
            tr.t("† Level teams placed by counting back.")
            if t.rules.tie_break == "countback"
            else tr.t("† Level teams placed by the playoff.")
        )
    strong = "".join(f"<p><strong>{_e(n)}</strong></p>" for n in notes)
    return strong + "".join(f"<p>{_e(n)}</p>" for n in _count_notes(t, tr))


def _count_notes(t: Tournament, tr: ConsoleTranslator) -> list[str]:
    """Each ended day's verifiers' count (decision A15): verified, or what is still open."""
    notes = []
    for day in range(1, len(t.day_flags) + 1 if t.rules.unit == Unit.FLAGS else 1):
        counts = t.day_counts(day)
        label = tr.t("Day {n}").format(n=day)
        if t.day_verified(day):
            notes.append(
                tr.t("{day}: verified — every table's flags counted and agreed.").format(
                    day=label
                )
            )
        else:
            open_ = [c.table for c in counts if c.status == NOT_COUNTED]
            parts = []
            if open_:
                parts.append(
                    tr.t("not counted: tables {tables}").format(
                        tables=", ".join(map(str, open_))
                    )
                )
            parts += [
                tr.t("table {table} counted {counted}, the hub {hub}").format(
                    table=c.table, counted=c.counted, hub=c.hub
                )
                for c in counts
                if c.status == DIFFERS
            ]
            notes.append(
                tr.t("{day}: not verified — {what}.").format(day=label, what="; ".join(parts))
            )
        for c in counts:
            for i, reason in enumerate(c.accepted):
                if i < len(c.hub_before):  # what the hub had just before (A15)
                    notes.append(
                        tr.t(
                            "{day}, table {table}: the verifiers' count was taken ({reason}); "
                            "the hub had {hub}."
                        ).format(day=label, table=c.table, reason=tr.t(reason), hub=c.hub_before[i])
                    )
                else:
                    notes.append(
                        tr.t(
                            "{day}, table {table}: the verifiers' count was taken ({reason})."
                        ).format(day=label, table=c.table, reason=tr.t(reason))
                    )
    return notes


def write_sheets(
    out_dir: Path,
    spec: TournamentSpec,
    tournament: Tournament | None = None,
    language: Language | None = None,
    *,
    pdf: bool = True,
    paper: Paper = "letter",
    phones_url: str = "",
) -> list[Path]:
    """Write the rotation sheet, the results by hand and (with a log) the standings, each as
    HTML and (with ``pdf``) as PDF beside it; *phones_url*: see :func:`rotation_sheet`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    files = [
        (ROTATION_FILE, rotation_sheet(spec, language, phones_url=phones_url)),
        (RESULTS_FILE, results_sheet(spec, tournament, language)),
    ]
    if tournament is not None:
        files.append((STANDINGS_FILE, standings_sheet(tournament, language)))
    for name, text in files:
        path = out_dir / name
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(path)
        written.append(path)
        if pdf:
            written.append(write_pdf(text, path.with_suffix(".pdf"), paper))
    return written


def start_pdfs(html_files: Iterable[Path], paper: Paper = "letter") -> subprocess.Popen[bytes]:
    """Print each HTML sheet to a PDF beside it, in a process of its own.

    WeasyPrint takes about a fifth of a second a page (a minute for a 16-table final); the
    hub's worker must not stop answering the tables meanwhile. Each PDF appears whole (written,
    then renamed) when it is done. The caller keeps the process to reap it.
    """
    args = [sys.executable, "-m", "hub.paper.sheets", "--paper", paper, *map(str, html_files)]
    return subprocess.Popen(
        args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True
    )


def _main(argv: Sequence[str]) -> int:
    # python -m hub.paper.sheets [--paper letter|a4] FILE.html...: what start_pdfs runs.
    paper: Paper = "letter"
    files = list(argv)
    if files[:1] == ["--paper"]:
        paper = "a4" if files[1] == "a4" else "letter"
        files = files[2:]
    for name in files:
        path = Path(name)
        write_pdf(path.read_text(encoding="utf-8"), path.with_suffix(".pdf"), paper)
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))
