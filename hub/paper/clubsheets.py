"""A club night's blank score sheets, as HTML and PDF: the paper night, and the kiosks'
fallback.

``scoresheet.html`` (and ``scoresheet.pdf``): for every table, one landscape page or more
(as many as the night's length needs, each headed with the table), with the night, the game,
the players by seat (the partnerships written out), the target and the length, a short
reminder of the scoring (the format's own summary, ``rules_summary``), and a grid of one row
per deal. The grid's first columns, after the deal and its dealer, are exactly the columns
``whist-hub tally`` reads (each headed with its name in the CSV), so a volunteer types a
sheet into a CSV cell by cell; the last ones are the
running score the table's scorer keeps.

What the pages show is computed by the core (:func:`whist.paper.club_sheet_pages`); this
module lays it out with the military sheets' machinery (:mod:`hub.paper.sheets`) and words from the
same ``sheets`` catalog (the pybabel commands are in hub/paper/sheets.py; extract from both files).

>>> from whist.nightspec import default_night
>>> html = club_sheet(default_night("minnesota", 2))
>>> html.count('<section class="sheet')   # an open night: two pages a table
4
>>> ">ns_tricks</code>" in html and "Table 2" in html
True
"""

from __future__ import annotations

from functools import partial
from pathlib import Path

from hub.paper.clubgrid import (
    LINE_MM,
    PAD_MM,
    PT_MM,
    SCORE_MM,
    WRITE_MM,
    Column,
    Grid,
    lay_out,
    wrap,
)
from hub.paper.sheets import Language, Paper, _e, _page, write_pdf
from uikit.games import game_title
from uikit.i18n import N_, ConsoleTranslator, load_domain
from whist.enums import Unit
from whist.formats.words import night_name, say_all
from whist.nightspec import NightSpec
from whist.paper import CLUB_ROWS, ClubRow, ClubSheetPage, Player, RunningColumn, club_sheet_pages

__all__ = ["CLUB_SHEET_FILE", "club_grid", "club_sheet", "club_translator", "write_club_sheets"]

CLUB_SHEET_FILE = "scoresheet.html"

#: Each tally column in words, keyed by the deal record's field; the CSV's own name is
#: printed under it. (Keyword form: the field ``widow``, who took the widow, is spelt like a
#: game, and this table is about fields, not games.)
_COLUMNS = dict(
    table=N_("Table"),
    granded=N_("Grand: NS or EW; low: -"),
    trump=N_("Trump"),
    revokes=N_("Revokes"),  # ns_revokes, ew_revokes: under one heading, a side each
    honours=N_("Honours: NS or EW"),
    honours_held=N_("Honours held: 3 or 4"),
    widow=N_("Widow taken by: seat 1, 2 or 3"),
    contract=N_("Contract"),
    bidder=N_("Bidder: N, E, S or W"),
    partner=N_("Partner in prop and cop: N, E, S or W"),
    bidder_tricks=N_("Bidding side's tricks"),
    revoker=N_("Revoked: N, E, S or W"),
    bid=N_("Bid"),  # bid_N ... bid_W: a seat each
    tricks=N_("Tricks"),  # ns_tricks and ew_tricks, tricks_N, tricks_1
)

#: The scorer's columns in words.
_RUNNING = {
    "score": N_("Score"),
    "games": N_("Games won"),
    "rubbers": N_("Rubbers won"),
    "total": N_("Points"),
    "points": N_("Points in the rubber"),
}

#: The trump's suits as a volunteer may write them, on two lines (a narrow column).
_SUITS = ("♠ ♥", "♦ ♣")
_SUIT_LINES = ['♠ <span class="red">♥</span>', '<span class="red">♦</span> ♣']

_PARTNERSHIPS = {"NS": N_("North-South"), "EW": N_("East-West")}
#: A side or a seat as a player reads it (the French screens say « EO » and « O »); the
#: code labels under the headings stay the columns tally reads.
_CODES = {
    "NS": N_("NS"),
    "EW": N_("EW"),
    "N": N_("N"),
    "E": N_("E"),
    "S": N_("S"),
    "W": N_("W"),
}


def _code(code: str, tr: ConsoleTranslator) -> str:
    return tr.t(_CODES[code]) if code in _CODES else code


_SEATS = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}

# The page: the intersection of Letter and A4 in landscape less the margins (192 mm), less
# what the heading takes at most (title, night, facts, two lines of players, a rules
# reminder of four lines of 12 pt: 57 mm), leaves the grid 132 mm (and what a shorter
# reminder leaves): its heading rows, as tall as their lines at 12 pt (hub/paper/clubgrid.py),
# and 16 deal rows sharing the rest, 6.85 mm at most. Every box has a fixed height: a page
# never overflows.
_GRID_MM = 132.0
_ROW_MM = 6.85
#: The rules reminder's type: 12 pt while its four lines hold it; house rules in force make
#: it longer, and it gets smaller, never below 9 pt, so the box keeps its height.
_RULE_PT = ((480, 12.0), (560, 10.0))
_RULE_MIN_PT = 9.0


_RULE_BOX_PT = 4.6 * 12


def _rule_box(rule: str) -> tuple[str, float]:
    """The reminder's type size and the height of its box: the lines it takes (measured,
    with a little room), never more than 4.6 lines of 12 pt; and the millimetres it leaves
    to the grid below."""
    pt = _rule_pt(rule)
    lines = len(wrap(rule, _TABLE_MM - 6.0, pt=pt))
    box = min(_RULE_BOX_PT, (lines + 0.3) * 1.15 * pt)
    return f"font-size: {pt}pt; height: {box:.1f}pt", (_RULE_BOX_PT - box) * PT_MM


def _rule_pt(rule: str) -> float:
    """The reminder's size for its length in characters.

    >>> _rule_pt("Tricks over 6 score 1 each."), _rule_pt("x" * 500), _rule_pt("x" * 700)
    (12.0, 10.0, 9.0)
    """
    return next((pt for most, pt in _RULE_PT if len(rule) <= most), _RULE_MIN_PT)


_CSS = """
@page { margin: 9mm 8mm; }
.club h1 { font-size: 20pt; }
.club h2 { margin-bottom: 0.5mm; }
.club p.facts { font-size: 12.5pt; font-weight: bold; margin: 0 0 1mm 0; white-space: nowrap;
                overflow: hidden; text-overflow: ellipsis; }
.club .who { font-size: 12pt; margin: 0.5mm 0 1mm 0; line-height: 1.25; }
.club .who b { font-size: 12.5pt; }
.club h2 { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.club .who { max-height: 2.6em; overflow: hidden; }
.club p.rule { font-size: 12pt; height: 4.6em; max-height: none; line-height: 1.15;
               margin: 0 0 1.5mm 0; border-left: 2mm solid #888; padding-left: 2mm;
               overflow: hidden; }
.club th { vertical-align: bottom; text-align: center; font-size: 12pt; height: auto;
           padding: 0.6mm 0.4mm; line-height: 1.1; white-space: nowrap; overflow: hidden; }
.club th b { font-weight: bold; }
.club th .nm { display: block; }
.club th code { display: block; font-family: "DejaVu Sans Mono", monospace; font-size: 12pt; }
.club th.group { vertical-align: middle; background: #fff; white-space: normal; }
.club th.group.typed { background: #e8e8e8; }
.club th.kind { vertical-align: middle; white-space: normal; }
.club th.upper { border-bottom-style: hidden; }
.club th.lower { border-top-style: hidden; }
.club td { text-align: center; font-size: 13pt; padding: 0; }
.club td.deal { font-weight: bold; font-size: 13pt; }
.club td.pre { color: #222; font-size: 12pt; }
.club td.cards { font-weight: bold; }
.club td.dealer { white-space: nowrap; padding: 0 0.5mm; }
.club .split { border-left: 3.5px solid #000 !important; }
.club tr.newgame td { border-top: 3.5px solid #000; }
"""


def club_translator(language: Language) -> ConsoleTranslator:
    """The club sheets' words in *language* (the ``sheets`` catalog)."""
    return ConsoleTranslator(language, load=partial(load_domain, "sheets"))


def _length(page: ClubSheetPage, tr: ConsoleTranslator) -> str:
    length = page.length
    count = length.count
    if length.unit == Unit.DEALS:
        return tr.nt("{n} deal", "{n} deals", count).format(n=count)
    if length.unit == Unit.GAMES:
        return tr.nt("{n} game", "{n} games", count).format(n=count)
    if length.unit == Unit.RUBBERS:
        return tr.nt("{n} rubber", "{n} rubbers", count).format(n=count)
    return tr.t("until the leader ends the night")


def _seat_word(seat: str, tr: ConsoleTranslator) -> str:
    return tr.t(_SEATS[seat]) if seat in _SEATS else tr.t("Seat {n}").format(n=seat)


def _name(player: Player) -> str:
    # A seat without a name in the file gets a line to write it on.
    return player.name or "______________"


def _who(page: ClubSheetPage, tr: ConsoleTranslator) -> str:
    """The players: the partnerships written out, or every seat with its player."""
    if page.partnerships:
        lines = []
        for side in page.partnerships:
            a, b = side.players
            lines.append(
                f"<b>{_e(tr.t(_PARTNERSHIPS[side.party]))} ({_e(_code(side.party, tr))})</b>: "
                f"{_e(_code(a.seat, tr))} {_e(_name(a))} &amp; "
                f"{_e(_code(b.seat, tr))} {_e(_name(b))}"
            )
        return "<br>".join(lines)
    return " · ".join(f"<b>{_e(_seat_word(p.seat, tr))}</b> {_e(_name(p))}" for p in page.players)


def _typed(column: str, page: ClubSheetPage, tr: ConsoleTranslator) -> Column:
    """A column the table writes in: a side's or a seat's (``ns_tricks``, ``bid_N``: under
    one heading with its fellows, saying its side or seat) or one of its own."""
    side, _, what = column.partition("_")
    if page.partnerships and side.upper() in _PARTNERSHIPS and what in _COLUMNS:
        return Column(tr.t(_COLUMNS[what]), column, label=_code(side.upper(), tr))
    what, _, seat = column.rpartition("_")
    player = next((p for p in page.players if p.seat == seat), None)
    if what in _COLUMNS and player is not None:
        return Column(
            tr.t(_COLUMNS[what]), column, label=_code(seat, tr), name=player.name and player.short
        )
    if column == "table":
        return Column(
            tr.t(_COLUMNS[column]), column, cells=((str(page.table), 12.0, False),), room=0
        )
    if column == "trump":  # the suits as a volunteer may write them (tally reads them)
        return Column(tr.t(_COLUMNS[column]), column, extra=_SUITS, cells=(("none", 12.0, False),))
    return Column(tr.t(_COLUMNS[column]), column)


def _running(col: RunningColumn, page: ClubSheetPage, tr: ConsoleTranslator) -> Column:
    kind = col.kind
    words = tr.t(_RUNNING[kind])
    if kind == "games" and page.wins == Unit.RUBBERS:
        words = tr.t("Games in the rubber")
    player = next((p for p in page.players if p.seat == col.party), None)
    name = player.name and player.short if player is not None and not page.partnerships else ""
    return Column(
        words,
        label=_code(col.party, tr),
        name=name,
        room=WRITE_MM if kind == "total" else SCORE_MM,
    )


def _columns(page: ClubSheetPage, tr: ConsoleTranslator, rounds: bool, names: bool) -> list[Column]:
    """Every column of the grid, left to right: the deal and its dealer (or its cards), what
    the table writes (the columns of whist-hub tally), the score after the deal. ``names``:
    the dealer by name (else by seat)."""
    numbers = [str(r.round if rounds and r.round is not None else r.deal) for r in page.rows]
    deal = Column(
        tr.t("Round") if rounds else tr.t("Deal"),
        cells=tuple((n, 13.0, True) for n in numbers[-1:]),
        room=0,
    )
    if rounds:
        second = Column(tr.t("Cards"), cells=(("8", 13.0, True),), room=0)
    else:
        dealers = {_dealer(r.dealer, page, names, tr) for r in page.rows}
        second = Column(tr.t("Dealer"), cells=tuple((d, 12.0, False) for d in dealers), room=0)
    return [
        deal,
        second,
        *(_typed(c, page, tr) for c in page.columns),
        *(_running(c, page, tr) for c in page.running),
    ]


#: The table's width on the narrower paper (Letter landscape less its margins of 8 mm).
_TABLE_MM = 279.4 - 2 * 8


def _lines(words: str, width: float) -> str:
    """Words on the lines the grid's heights were measured for."""
    return "<br>".join(_e(line) for line in wrap(words, width))


def _cell(text: list[str], code: tuple[str, ...]) -> str:
    words = "<br>".join(text)
    return words + (f"<code>{'<br>'.join(_e(c) for c in code)}</code>" if code else "")


def _head(col: Column, grid: Grid, i: int, split: bool) -> tuple[str, str]:
    """A column's heading: its side or seat, the player and its code under the words of
    its run; or, for a column of its own, its words, over the two rows (the upper one's
    bottom rule hidden: WeasyPrint gives a cell spanning rows all its height in the last
    one), its last lines in the lower row."""
    code = grid.codes[i]
    cls = " split" if split else ""
    if col.label:
        text = [f"<b>{_e(col.label)}</b>"]
        if grid.names[i]:
            text.append(f'<span class="nm">{"<br>".join(_e(n) for n in grid.names[i])}</span>')
        return "", f'<th class="{cls.strip()}">{"".join(text)}{_cell([], code)}</th>'
    lines = [_e(line) for line in wrap(col.words, grid.widths[i])]
    if col.extra:  # the trump's suits
        lines += _SUIT_LINES
    under = grid.lines[1]
    cut = max(0, len(lines) + len(code) - under)
    upper = _cell(lines[:cut], code[: max(0, cut - len(lines))])
    lower = _cell(lines[cut:], code[max(0, cut - len(lines)) :])
    return (
        f'<th class="upper{cls}">{upper}</th>',
        f'<th class="lower{cls}">{lower}</th>',
    )


def _thead(
    page: ClubSheetPage, tr: ConsoleTranslator, cols: list[Column], grid: Grid
) -> tuple[str, float]:
    """The grid's three heading rows (what the table writes and the score after the deal;
    each column's words, a run of a side's or a seat's columns under one; their sides or
    seats, players and codes), and their height in mm."""
    typed = tr.t("This deal: what the table writes (the columns of whist-hub tally)")
    after = tr.t("The score after this deal")
    first_run = 2 + len(page.columns)
    spans = (
        sum(grid.widths[2:first_run]),
        sum(grid.widths[first_run:]),
    )
    lines = max(len(wrap(typed, spans[0])), len(wrap(after, spans[1])))
    top = lines * LINE_MM + PAD_MM
    typed_th = f'<th class="group typed split" colspan="{len(page.columns)}">'
    after_th = f'<th class="group split" colspan="{len(page.running)}">'
    groups = (
        f'<tr style="height:{top:.2f}mm"><th class="group" colspan="2"></th>'
        f"{typed_th}{_lines(typed, spans[0])}</th>{after_th}{_lines(after, spans[1])}</th></tr>"
    )
    splits = {2, first_run}
    starts = dict(grid.runs)
    over, under = [], []
    for i, col in enumerate(cols):
        upper, lower = _head(col, grid, i, i in splits)
        if i in starts:
            cls = "kind split" if i in splits else "kind"
            span = sum(grid.widths[i : i + starts[i]])
            upper = f'<th class="{cls}" colspan="{starts[i]}">{_lines(col.words, span)}</th>'
        over.append(upper)
        under.append(lower)
    high, low = grid.heights
    return (
        f"<thead>{groups}"
        f'<tr style="height:{high:.2f}mm">{"".join(over)}</tr>'
        f'<tr style="height:{low:.2f}mm">{"".join(under)}</tr></thead>'
    ), top + high + low


def _row(
    row: ClubRow,
    page: ClubSheetPage,
    tr: ConsoleTranslator,
    rounds: bool,
    names: bool,
    height: float,
) -> str:
    # A game of fixed rounds numbers its rows by round (a rule above each new game).
    label = row.round if rounds and row.round is not None else row.deal
    cells = [f'<td class="deal">{label}</td>']
    if rounds:
        cells.append(f'<td class="cards">{row.cards}</td>')
    else:
        cells.append(f'<td class="pre dealer">{_e(_dealer(row.dealer, page, names, tr))}</td>')
    for i, text in enumerate(row.filled):
        cls = ("pre" if text else "") + (" split" if i == 0 else "")
        cells.append(f'<td class="{cls.strip()}">{_e(text)}</td>')
    for i, _col in enumerate(page.running):
        cells.append(f'<td class="run{" split" if i == 0 else ""}"></td>')
    new_game = ' class="newgame"' if row.starts_game else ""
    return f'<tr{new_game} style="height:{height:.2f}mm">' + "".join(cells) + "</tr>"


def _dealer(seat: str | None, page: ClubSheetPage, names: bool, tr: ConsoleTranslator) -> str:
    """Who deals: the player's first name, so a seat number is never read as a table's;
    the seat when the file names nobody there, or a name is too long for the grid (a blank
    where the rules skip players)."""
    if seat is None:
        return ""
    player = next(p for p in page.players if p.seat == seat)
    return (names and player.short) or _code(seat, tr)


def _grid(
    page: ClubSheetPage, tr: ConsoleTranslator, rounds: bool
) -> tuple[list[Column], Grid, bool]:
    """The grid's columns and layout, with the dealers by name where the names leave room
    for every heading at its size (else by seat: the players' line names them)."""
    for names in (True, False):
        cols = _columns(page, tr, rounds, names)
        grid = lay_out(cols, _TABLE_MM)
        if grid.fits:
            break
    return cols, grid, names


def club_grid(page: ClubSheetPage, language: Language) -> Grid:
    """How the page's grid is laid out (its widths, codes, names and heights)."""
    rounds = any(r.cards is not None for r in page.rows)
    return _grid(page, club_translator(language), rounds)[1]


def _club_page(page: ClubSheetPage, tr: ConsoleTranslator, night: str) -> str:
    rounds = any(r.cards is not None for r in page.rows)
    table = tr.t("Table {n}").format(n=page.table)
    game = game_title(tr.t, page)
    of = tr.t("Sheet {n} of {total}").format(n=page.page, total=page.pages)
    games = page.games  # a game of fixed rounds: which game(s) this sheet is for
    if len(games) == 1:
        of = tr.t("Game {n}").format(n=games[0]) + " · " + of
    elif games:
        of = tr.t("Games {first} to {last}").format(first=games[0], last=games[-1]) + " · " + of
    facts = []
    if page.target is not None:
        facts.append(tr.t("Game to {n} points").format(n=page.target))
    facts.append(tr.t("Tonight: {length}").format(length=_length(page, tr)))
    dealer = next((p for p in page.players if p.seat == page.first_dealer), None)
    if dealer is not None:  # 8-to-1 too: its Cards column takes the Dealer column's place
        facts.append(
            tr.t("First dealer: {seat}").format(
                seat=f"{_code(page.first_dealer, tr)} {dealer.short}".strip()
            )
        )
    rule = say_all(tr.t, page.summary)  # the format's own words (whist/formats)
    cols, grid, names = _grid(page, tr, rounds)
    head, head_mm = _thead(page, tr, cols, grid)
    rule_style, room = _rule_box(rule)
    height = min(_ROW_MM, (_GRID_MM + room - head_mm) / CLUB_ROWS)
    rows = "".join(_row(r, page, tr, rounds, names, height) for r in page.rows)
    widths = "".join(f'<col style="width:{w / _TABLE_MM * 100:.2f}%">' for w in grid.widths)
    return (
        '<section class="sheet club">'
        '<div class="top">'
        f"<h1>{_e(table)} — {_e(game)}</h1>"
        f'<div class="when">{_e(of)}</div></div>'
        f"<h2>{_e(night)}</h2>"
        f'<p class="facts">{_e(" · ".join(facts))}</p>'
        f'<p class="who">{_who(page, tr)}</p>'
        f'<p class="rule" style="{rule_style}">{_e(rule)}</p>'
        f"<table><colgroup>{widths}</colgroup>{head}"
        f"<tbody>{rows}</tbody></table>"
        "</section>"
    )


def _night(spec: NightSpec, tr: ConsoleTranslator) -> str:
    """The night's name in the sheet's language when it is the one ``whist-hub new`` wrote
    ("Solo whist, 3 tables"); the organiser's own as typed."""
    if not spec.named_by_default:
        return spec.name
    return tr.t(night_name(spec.tables)).format(game=tr.t(spec.game.title), n=spec.tables)


def club_sheet(spec: NightSpec, language: Language | None = None) -> str:
    """Every table's blank score sheet for the night (HTML)."""
    lang = language or spec.game.language
    tr = club_translator(lang)
    night = _night(spec, tr)
    pages = [_club_page(page, tr, night) for page in club_sheet_pages(spec)]
    title = tr.t("Score sheet")
    html = _page(f"{night} — {title}", pages, lang)
    return html.replace("</style>", _CSS + "</style>", 1)


def write_club_sheets(
    out_dir: Path,
    spec: NightSpec,
    language: Language | None = None,
    *,
    pdf: bool = True,
    paper: Paper = "letter",
) -> list[Path]:
    """Write the night's score sheet as HTML and (with ``pdf``) as PDF beside it."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / CLUB_SHEET_FILE
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(club_sheet(spec, language), encoding="utf-8")
    tmp.replace(path)
    written = [path]
    if pdf:
        written.append(write_pdf(path.read_text(encoding="utf-8"), path.with_suffix(".pdf"), paper))
    return written
