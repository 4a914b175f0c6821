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

from hub.paper.sheets import Language, Paper, _e, _page, write_pdf
from uikit.games import game_title
from uikit.i18n import N_, ConsoleTranslator, load_domain
from whist.enums import Unit
from whist.formats.words import say_all
from whist.nightspec import NightSpec
from whist.paper import ClubRow, ClubSheetPage, Player, RunningColumn, club_sheet_pages

__all__ = ["CLUB_SHEET_FILE", "club_sheet", "club_translator", "write_club_sheets"]

CLUB_SHEET_FILE = "scoresheet.html"

#: Each tally column in words, keyed by the deal record's field; the CSV's own name is
#: printed under it. (Keyword form: the field ``widow``, who took the widow, is spelt like a
#: game, and this table is about fields, not games.)
_COLUMNS = dict(
    table=N_("Table"),
    granded=N_("Grand: NS or EW; low: -"),
    trump=N_("Trump"),
    ns_tricks=N_("NS tricks"),
    ew_tricks=N_("EW tricks"),
    ns_revokes=N_("NS revokes"),
    ew_revokes=N_("EW revokes"),
    honours=N_("Honours: NS or EW"),
    honours_held=N_("Honours held: 3 or 4"),
    widow=N_("Widow taken by: seat 1, 2 or 3"),
    contract=N_("Contract"),
    bidder=N_("Bidder: N, E, S or W"),
    partner=N_("Partner in prop and cop: N, E, S or W"),
    bidder_tricks=N_("Bidding side's tricks"),
    revoker=N_("Revoked: N, E, S or W"),
    bid=N_("Bid"),
    tricks=N_("Tricks"),
)

#: The scorer's columns in words.
_RUNNING = {
    "score": N_("Score"),
    "games": N_("Games won"),
    "rubbers": N_("Rubbers won"),
    "total": N_("Points"),
}

_SUIT_SYMBOLS = '♠ <span class="red">♥ ♦</span> ♣'

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
# reminder of four lines of 12 pt: 57 mm) and the two header rows (6.5 + 16 mm): 16 deal
# rows of 6.85 mm, room for a large hand. Every box has a fixed height: a page never
# overflows.
_ROW_MM = 6.85
#: The rules reminder's type: 12 pt while its four lines hold it; house rules in force make
#: it longer, and it gets smaller, never below 9 pt, so the box keeps its height.
_RULE_PT = ((480, 12.0), (560, 10.0))
_RULE_MIN_PT = 9.0


def _rule_style(rule: str) -> str:
    """The reminder's type size, its box kept at the height of 4.6 lines of 12 pt."""
    return f"font-size: {_rule_pt(rule)}pt; height: {4.6 * 12:.1f}pt"


def _rule_pt(rule: str) -> float:
    """The reminder's size for its length in characters.

    >>> _rule_pt("Tricks over 6 score 1 each."), _rule_pt("x" * 500), _rule_pt("x" * 700)
    (12.0, 10.0, 9.0)
    """
    return next((pt for most, pt in _RULE_PT if len(rule) <= most), _RULE_MIN_PT)


_CSS = """
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
.club th { height: 16mm; vertical-align: bottom; text-align: center; font-size: 9pt;
           padding: 0.6mm 0.4mm; line-height: 1.1; white-space: normal; overflow: hidden; }
.club th .nm { display: block; white-space: nowrap; }
.club th code { display: block; font-family: "DejaVu Sans Mono", monospace;
                font-weight: normal; margin-top: 0.6mm; white-space: nowrap; }
.club th.group { height: 6.5mm; font-size: 10pt; vertical-align: middle; background: #fff; }
.club th.group.typed { background: #e8e8e8; }
.club th.run { background: #fff; }
.club td { text-align: center; font-size: 13pt; padding: 0; }
.club td.deal { font-weight: bold; font-size: 13pt; }
.club td.pre { color: #222; font-size: 12pt; }
.club td.cards { font-weight: bold; }
.club td.dealer { white-space: nowrap; padding: 0 0.5mm; }
.club td.run, .club th.run { border-left-width: 1.5px; }
.club .split { border-left: 3.5px solid #000 !important; }
.club tr.newgame td { border-top: 3.5px solid #000; }
.club .foot { font-size: 9pt; margin-top: 1mm; }
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


def _column_words(
    column: str, page: ClubSheetPage, tr: ConsoleTranslator, width: float, name_pt: float
) -> str:
    what, _, seat = column.rpartition("_")
    if what in {"tricks", "bid"} and seat in {p.seat for p in page.players}:
        player = next(p for p in page.players if p.seat == seat)
        who = player.short or _seat_word(seat, tr)
        return f"{_e(tr.t(_COLUMNS[what]))} {_e(_code(seat, tr))}{_name_line(who, width, name_pt)}"
    if column == "trump":  # the suits as a volunteer may write them (tally reads them)
        return f"{_e(tr.t(_COLUMNS[column]))}<br>{_SUIT_SYMBOLS}"
    return _e(tr.t(_COLUMNS[column]))


def _running_words(
    col: RunningColumn, page: ClubSheetPage, tr: ConsoleTranslator, width: float, name_pt: float
) -> str:
    kind = col.kind
    words = tr.t(_RUNNING[kind])
    if kind == "games" and page.wins == Unit.RUBBERS:
        words = tr.t("Games in the rubber")
    if page.partnerships:
        return f"{_e(words)}<br><b>{_e(_code(col.party, tr))}</b>"
    player = next(p for p in page.players if p.seat == col.party)
    who = player.short or _seat_word(col.party, tr)
    return f"{_e(words)} {_e(_code(col.party, tr))}{_name_line(who, width, name_pt)}"


#: The table's width on the narrower paper (Letter landscape less its 10 mm margins), and
#: what a heading cell keeps for its padding and rules.
_TABLE_MM = 279.4 - 2 * 10
_CELL_SPARE_MM = 1.6
_PT_MM = 25.4 / 72


def _fitted_pt(text: str, width: float, em: float, top: float) -> float:
    """The largest size up to ``top`` points at which ``text`` (``em``: its average glyph
    width in ems) fits on one line of a column ``width`` per cent of the table wide."""
    room = width / 100 * _TABLE_MM - _CELL_SPARE_MM
    fit = room / (max(1, len(text)) * em * _PT_MM)
    return max(1.0, min(top, int(fit * 4) / 4))


_NAME_EM = 0.66  # DejaVu Sans Bold: about 0.63 em a letter
_NAME_TOP_PT = 12.0


def _halves(who: str) -> list[str]:
    """A name broken onto two lines at its hyphen or space; a single word stays whole (a name
    is never broken inside a word, "Marg-aret": issue 29), made smaller to fit instead."""
    for mark in ("-", " "):
        if mark in who.strip(mark):
            head, _, tail = who.partition(mark)
            return [head + (mark if mark == "-" else ""), tail]
    return [who]


def _name_pt(who: str, width: float) -> float:
    """The size a name can have in a column: on one line when it fits there at 9 pt at
    least (a name is broken only when it must be), else the larger of one line and two."""
    whole = _fitted_pt(who, width, _NAME_EM, _NAME_TOP_PT)
    if whole >= 9:
        return whole
    halves = min(_fitted_pt(h, width, _NAME_EM, _NAME_TOP_PT) for h in _halves(who))
    return max(whole, halves)


def _name_line(who: str, width: float, size: float) -> str:
    """A player's name under a heading, on its own line, at the page's size for names:
    on two lines where one is too narrow for it, never cut ("Marguerite" in a narrow
    8-to-1 column)."""
    if _fitted_pt(who, width, _NAME_EM, _NAME_TOP_PT) >= size:
        text = _e(who)
    else:
        text = "<br>".join(_e(h) for h in _halves(who))
    return f'<span class="nm" style="font-size:{size}pt">{text}</span>'


def _code_label(column: str, width: float) -> str:
    """The column's name as whist-hub tally reads it, in monospace (0.6 em a character),
    never touching its cell's rules."""
    size = _fitted_pt(column, width, 0.61, 8.0)
    return f'<code style="font-size:{size}pt">{_e(column)}</code>'


def _row(row: ClubRow, page: ClubSheetPage, rounds: bool) -> str:
    # A game of fixed rounds numbers its rows by round (a rule above each new game).
    label = row.round if rounds and row.round is not None else row.deal
    cells = [f'<td class="deal">{label}</td>']
    if rounds:
        cells.append(f'<td class="cards">{row.cards}</td>')
    else:
        dealer = _dealer(row.dealer, page)
        size = _fitted_pt(dealer, _widths(page)[1], 0.58, 12.0)  # DejaVu Sans: 0.55 em
        cells.append(f'<td class="pre dealer" style="font-size:{size}pt">{_e(dealer)}</td>')
    for i, text in enumerate(row.filled):
        cls = ("pre" if text else "") + (" split" if i == 0 else "")
        cells.append(f'<td class="{cls.strip()}">{_e(text)}</td>')
    for i, _col in enumerate(page.running):
        cells.append(f'<td class="run{" split" if i == 0 else ""}"></td>')
    new_game = ' class="newgame"' if row.starts_game else ""
    return f'<tr{new_game} style="height:{_ROW_MM}mm">' + "".join(cells) + "</tr>"


def _dealer(seat: str | None, page: ClubSheetPage) -> str:
    """Who deals: the player's first name, so a seat number is never read as a table's;
    the seat when the file names nobody there (a blank where the rules skip players)."""
    if seat is None:
        return ""
    player = next(p for p in page.players if p.seat == seat)
    return player.short or seat


def _widths(page: ClubSheetPage) -> list[float]:
    """Per cent of the width: the deal and its dealer (or cards) narrow, the table's number
    narrow, every other column an equal share."""
    # the dealer's first name at up to 12 pt; a round's cards are one digit
    fixed = [4.6, 5.0 if page.games else 11.0, 4.6]
    # A running score holds a small number: a little narrower than what the table writes.
    shares = len(page.columns) - 1 + 0.85 * len(page.running)
    share = (100 - sum(fixed)) / shares
    return fixed + [share] * (len(page.columns) - 1) + [0.85 * share] * len(page.running)


def _club_page(page: ClubSheetPage, tr: ConsoleTranslator) -> str:
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
    deal = tr.t("Round") if rounds else tr.t("Deal")
    second = tr.t("Cards") if rounds else tr.t("Dealer")
    typed = tr.t("This deal: what the table writes (the columns of whist-hub tally)")
    after = tr.t("The score after this deal")
    heads = [f"<th>{_e(deal)}</th>", f"<th>{_e(second)}</th>"]
    widths = _widths(page)
    # every name under a heading at one size, the largest at which the longest one fits
    narrowest = min(widths[3:], default=100.0)
    name_pt = min(
        (_name_pt(p.short or _seat_word(p.seat, tr), narrowest) for p in page.players),
        default=_NAME_TOP_PT,
    )
    typed_widths = widths[2 : 2 + len(page.columns)]
    for i, (column, width) in enumerate(zip(page.columns, typed_widths, strict=True)):
        split = ' class="split"' if i == 0 else ""
        words = _column_words(column, page, tr, width, name_pt)
        heads.append(f"<th{split}>{words}{_code_label(column, width)}</th>")
    run_widths = widths[2 + len(page.columns) :]
    for i, (col, width) in enumerate(zip(page.running, run_widths, strict=True)):
        split = " split" if i == 0 else ""
        heads.append(f'<th class="run{split}">{_running_words(col, page, tr, width, name_pt)}</th>')
    groups = (
        '<tr><th class="group" colspan="2"></th>'
        f'<th class="group typed split" colspan="{len(page.columns)}">'
        f"{_e(typed)}</th>"
        f'<th class="group split" colspan="{len(page.running)}">'
        f"{_e(after)}</th></tr>"
    )
    rows = "".join(_row(r, page, rounds) for r in page.rows)
    cols = "".join(f'<col style="width:{w:.2f}%">' for w in widths)
    return (
        '<section class="sheet club">'
        '<div class="top">'
        f"<h1>{_e(table)} — {_e(game)}</h1>"
        f'<div class="when">{_e(of)}</div></div>'
        f"<h2>{_e(page.night)}</h2>"
        f'<p class="facts">{_e(" · ".join(facts))}</p>'
        f'<p class="who">{_who(page, tr)}</p>'
        f'<p class="rule" style="{_rule_style(rule)}">{_e(rule)}</p>'
        f"<table><colgroup>{cols}</colgroup><thead>{groups}<tr>{''.join(heads)}</tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        "</section>"
    )


def club_sheet(spec: NightSpec, language: Language | None = None) -> str:
    """Every table's blank score sheet for the night (HTML)."""
    lang = language or spec.game.language
    tr = club_translator(lang)
    pages = [_club_page(page, tr) for page in club_sheet_pages(spec)]
    title = tr.t("Score sheet")
    html = _page(f"{spec.name} — {title}", pages, lang)
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
