"""Printable sheets, as print-ready HTML: the paper fallback if the electronics fail.

* **Rotation sheet** (``rotation.html``): one page per table and day, for the whole pattern:
  every hand's trump, who plays at this table, where this table's travellers go, and empty
  boxes to write the tricks and the flags (or points) in by hand.
* **Results by hand** (``results.html``): one page per hand, every table on it; filled in from
  the hub's log where a result is known, empty boxes where it is not.
* **Standings** (``standings.html``): rank, team, score, per-day totals.

Open a file in any web browser and print it (Ctrl+P). The CSS sets no paper size, so the same
file prints on A4 and on US Letter; the type is big (13 pt at least, titles 20 pt) and each
table's sheet starts on a new page. English or French (the format's usual language by
default: French for Gaspésie).

>>> from whist.pattern import default_spec
>>> html = rotation_sheet(default_spec("alberta", tables=3, hands=4))
>>> html.count('class="sheet"')   # one page per table (one day)
3
>>> "Table 2" in html and "♠" in html
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Literal

from whist.cards import trump_name
from whist.formats import Format
from whist.movement import host_table, visiting_team
from whist.spec import TournamentSpec
from whist.tournament import Tournament

Language = Literal["en", "fr"]

ROTATION_FILE = "rotation.html"
RESULTS_FILE = "results.html"
STANDINGS_FILE = "standings.html"

_SUITS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
_RED = {"hearts", "diamonds"}

# The sheets' words (two languages fit here). The printed schedule (whist/handout.py) uses the
# hub's gettext catalog (hub/i18n.py); moving these words there is still to do.
_WORDS: dict[str, dict[Language, str]] = {
    "rotation": {"en": "Rotation sheet", "fr": "Feuille de rotation"},
    "results": {"en": "Results by hand", "fr": "Résultats par main"},
    "standings": {"en": "Standings", "fr": "Classement"},
    "table": {"en": "Table {n}", "fr": "Table {n}"},
    "team": {"en": "Team {n}", "fr": "Équipe {n}"},
    "day": {"en": "Day {n}", "fr": "Jour {n}"},
    "session": {"en": "Session {n}", "fr": "Séance {n}"},
    "hand": {"en": "Hand", "fr": "Main"},
    "hand_n": {"en": "Hand {n}", "fr": "Main {n}"},
    "trump": {"en": "Trump", "fr": "Atout"},
    "home": {"en": "Home here", "fr": "Locaux ici"},
    "visitors": {"en": "Visitors", "fr": "Visiteurs"},
    "ours_go": {"en": "Our travellers go to", "fr": "Nos voyageurs vont à"},
    "v_tricks": {"en": "Visitors' tricks", "fr": "Levées visiteurs"},
    "h_tricks": {"en": "Home tricks", "fr": "Levées locaux"},
    "flags_here": {"en": "Flags at this table", "fr": "Drapeaux à cette table"},
    "points_won": {"en": "Points (home / visitors)", "fr": "Points (locaux / visiteurs)"},
    "leader_trump": {"en": "announced:", "fr": "annoncé :"},
    "no_trump": {"en": "No trump", "fr": "Sans atout"},
    "rank": {"en": "Rank", "fr": "Rang"},
    "name": {"en": "Name", "fr": "Nom"},
    "flags": {"en": "Flags", "fr": "Drapeaux"},
    "points": {"en": "Points", "fr": "Points"},
    "loans": {"en": "Lent today", "fr": "Prêtés ce jour"},
    "revokes": {"en": "Revokes (home / visitors)", "fr": "Renonces (locaux / visiteurs)"},
    "flags_moved": {"en": "Flags to visitors", "fr": "Drapeaux aux visiteurs"},
    "note": {"en": "Note", "fr": "Note"},
    "by_leader": {"en": "entered by the leader", "fr": "saisi par le meneur"},
    "corrected": {"en": "corrected: {why}", "fr": "corrigé : {why}"},
    "penalty": {"en": "penalty ({side}): {why}", "fr": "pénalité ({side}) : {why}"},
    "side_home": {"en": "home", "fr": "locaux"},
    "side_visitors": {"en": "visitors", "fr": "visiteurs"},
    "after_hand": {"en": "after hand {n} of {total}", "fr": "après la main {n} sur {total}"},
    "before": {"en": "before the first hand", "fr": "avant la première main"},
    "final": {"en": "Final standings", "fr": "Classement final"},
    "start": {
        "en": "Every table starts the day with 12 flags.",
        "fr": "Chaque table commence la journée avec 12 drapeaux.",
    },
    "how_flags": {
        "en": "Visitors with 7 to 9 tricks take 1 flag, 10 to 13 take 2. "
        "A revoke gives 2 tricks to the other side.",
        "fr": "Les visiteurs qui font 7 à 9 levées prennent 1 drapeau, 10 à 13 en prennent 2. "
        "Une renonce donne 2 levées à l'autre camp.",
    },
    "how_points": {
        "en": "7 tricks or more win the manche: 1 point, 2 for all 13. "
        "A revoke gives the manche to the other side.",
        "fr": "7 levées ou plus gagnent la manche : 1 point, 2 pour les 13 levées. "
        "Une renonce donne la manche à l'autre camp.",
    },
    "tied": {"en": "=", "fr": "="},
    "provisional": {
        "en": "Provisional — {n} results missing",
        "fr": "Provisoire — {n} résultats manquants",
    },
    "ended_early": {
        "en": "The leader ended play after hand {n}.",
        "fr": "Le meneur a mis fin au jeu après la main {n}.",
    },
}


def _w(key: str, language: Language, **fields: object) -> str:
    text = _WORDS[key][language]
    return text.format(**fields) if fields else text


def _manche(text: str, fmt: Format, language: Language) -> str:
    # A Gaspésie hand is a "manche" in French, as the players say it (the format's wording).
    if fmt.rules.wording == "manche" and language == "fr":
        return text.replace("Main", "Manche").replace("main", "manche")
    return text


def default_language(fmt: Format) -> Language:
    """The format's own language (French for a Gaspésie tournament)."""
    return fmt.rules.language


_CSS = """
@page { margin: 12mm; }
* { box-sizing: border-box; }
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; font-size: 13pt;
       color: #000; background: #fff; margin: 0; }
.sheet { break-after: page; page-break-after: always; }
.sheet:last-child { break-after: auto; page-break-after: auto; }
h1 { font-size: 22pt; margin: 0 0 2mm 0; }
h2 { font-size: 16pt; margin: 0 0 3mm 0; font-weight: normal; }
p.rule { font-size: 12pt; margin: 0 0 3mm 0; }
table { width: 100%; border-collapse: collapse; }
th, td { border: 1.5px solid #000; padding: 1.2mm 2mm; text-align: left; vertical-align: middle; }
th { font-size: 11pt; background: #e8e8e8; }
td.n, th.n { text-align: center; white-space: nowrap; }
td.box { width: 17mm; height: 7.5mm; }
tr.session td { border-top: 4px solid #000; }
.red { color: #b00000; }
.suit { font-size: 16pt; }
td.rank { font-weight: bold; font-size: 15pt; }
@media screen { body { margin: 8mm; } .sheet { margin-bottom: 16mm; } }
"""


def _page(title: str, pages: Iterable[str], language: Language) -> str:
    body = "\n".join(pages)
    return (
        f'<!DOCTYPE html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{html.escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        f"{body}\n</body>\n</html>\n"
    )


def _trump_cell(trump: str | None, language: Language) -> str:
    """A suit with its symbol; 'announced: ____' when the leader chooses it."""
    if trump is None or trump == "leader":
        return f"{_w('leader_trump', language)} ______"
    if trump == "none":
        return html.escape(_w("no_trump", language))
    symbol = _SUITS[trump]
    colour = ' class="suit red"' if trump in _RED else ' class="suit"'
    return f"<span{colour}>{symbol}</span>"


def _seats(spec: TournamentSpec, team: int, seats: Sequence[str]) -> str:
    """``A & B`` with the players' names when the tournament file has them."""
    players = spec.team(team).players
    parts = [f"{seat} {players.get(seat, '').strip()}".strip() for seat in seats]
    return " &amp; ".join(html.escape(part) for part in parts)


def _title(spec: TournamentSpec, what: str) -> str:
    return f"{html.escape(spec.name)} — {html.escape(what)}"


def rotation_sheet(spec: TournamentSpec, language: Language | None = None) -> str:
    """Every table's sheet for the whole pattern: one page per table and day."""
    lang = language or default_language(spec.format)
    fmt = spec.format
    flags = fmt.rules.unit == "flags"
    pages = []
    for table in range(1, spec.tables + 1):
        team = spec.team(table)
        first = 1
        for day_number, day in enumerate(spec.days, start=1):
            last = first + day.hands - 1
            session_starts = set()
            start = first
            for size in day.sessions[:-1] if day.sessions else ():
                start += size
                session_starts.add(start)
            rows = []
            for hand in range(first, last + 1):
                plan = spec.plan(hand)
                home = fmt.home_pair(plan.travellers)
                visitor = visiting_team(table, plan.offset, spec.tables)
                away = host_table(table, plan.offset, spec.tables)
                classes = ' class="session"' if hand in session_starts else ""
                rows.append(
                    f'<tr{classes}><td class="n"><b>{hand}</b></td>'
                    f'<td class="n">{_trump_cell(plan.trump, lang)}</td>'
                    f"<td>{_seats(spec, table, home)}</td>"
                    f"<td>{html.escape(_w('team', lang, n=visitor))}: "
                    f"{_seats(spec, visitor, plan.travellers)}</td>"
                    f"<td>{_seats(spec, table, plan.travellers)} → "
                    f"<b>{html.escape(_w('table', lang, n=away))}</b></td>"
                    '<td class="box"></td><td class="box"></td><td class="box"></td></tr>'
                )
            score_head = _w("flags_here", lang) if flags else _w("points_won", lang)
            days = f" · {_w('day', lang, n=day_number)}" if len(spec.days) > 1 else ""
            rule = _w("how_flags" if flags else "how_points", lang)
            if flags:
                rule = f"{_w('start', lang)} {rule}"
            heading = _manche(_w("rotation", lang), fmt, lang)
            pages.append(
                '<section class="sheet">'
                f"<h1>{html.escape(_w('table', lang, n=table))} — "
                f"{html.escape(team.name)}</h1>"
                f"<h2>{_title(spec, heading)}{html.escape(days)}</h2>"
                f'<p class="rule">{html.escape(_manche(rule, fmt, lang))}</p>'
                "<table><thead><tr>"
                f'<th class="n">{html.escape(_manche(_w("hand", lang), fmt, lang))}</th>'
                f'<th class="n">{html.escape(_w("trump", lang))}</th>'
                f"<th>{html.escape(_w('home', lang))}</th>"
                f"<th>{html.escape(_w('visitors', lang))}</th>"
                f"<th>{html.escape(_w('ours_go', lang))}</th>"
                f'<th class="n">{html.escape(_w("v_tricks", lang))}</th>'
                f'<th class="n">{html.escape(_w("h_tricks", lang))}</th>'
                f'<th class="n">{html.escape(score_head)}</th>'
                "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></section>"
            )
            first = last + 1
    return _page(_title(spec, _w("rotation", lang)), pages, lang)


def results_sheet(
    spec: TournamentSpec, tournament: Tournament | None = None, language: Language | None = None
) -> str:
    """One page per hand, every table: the recorded result, or empty boxes to fill in."""
    lang = language or default_language(spec.format)
    fmt = spec.format
    flags = fmt.rules.unit == "flags"
    t = tournament
    pages = []
    for hand in range(1, spec.hands + 1):
        plan = spec.plan(hand)
        trump: str | None = plan.trump
        if t is not None and hand in t.trumps:
            trump = trump_name(t.trumps[hand])
        rows = []
        for table in range(1, spec.tables + 1):
            visitor = visiting_team(table, plan.offset, spec.tables)
            r = t.result(hand, table) if t is not None else None
            penalty = t.penalties.get((hand, table)) if t is not None else None
            if r is None:
                cells = '<td class="box"></td>' * 4
            else:
                moved = str(r.flags_won) if flags else f"{r.home_points} / {r.visitor_points}"
                cells = (
                    f'<td class="n">{r.visitor_tricks}</td><td class="n">{r.home_tricks}</td>'
                    f'<td class="n">{r.revokes_home} / {r.revokes_visitors}</td>'
                    f'<td class="n">{moved}</td>'
                )
            notes = []
            if r is not None and r.result_id is None:
                notes.append(_w("by_leader", lang))
            if r is not None:
                notes += [_w("corrected", lang, why=why) for why in r.corrections]
            if penalty is not None:
                side = _w(f"side_{penalty.side}", lang)
                notes.append(_w("penalty", lang, side=side, why=penalty.reason))
            rows.append(
                f'<tr><td class="n"><b>{table}</b></td>'
                f'<td class="n">{visitor}</td>{cells}'
                f"<td>{html.escape('; '.join(notes))}</td></tr>"
            )
        moved_head = _w("flags_moved", lang) if flags else _w("points_won", lang)
        day = f" · {_w('day', lang, n=spec.day_of(hand))}" if len(spec.days) > 1 else ""
        heading = _manche(_w("hand_n", lang, n=hand), fmt, lang)
        pages.append(
            '<section class="sheet">'
            f"<h1>{html.escape(heading)} — {html.escape(_w('trump', lang))} "
            f"{_trump_cell(trump, lang)}</h1>"
            f"<h2>{_title(spec, _manche(_w('results', lang), fmt, lang))}{html.escape(day)}</h2>"
            "<table><thead><tr>"
            f'<th class="n">{html.escape(_w("table", lang, n="")).strip()}</th>'
            f'<th class="n">{html.escape(_w("visitors", lang))}</th>'
            f'<th class="n">{html.escape(_w("v_tricks", lang))}</th>'
            f'<th class="n">{html.escape(_w("h_tricks", lang))}</th>'
            f'<th class="n">{html.escape(_w("revokes", lang))}</th>'
            f'<th class="n">{html.escape(moved_head)}</th>'
            f"<th>{html.escape(_w('note', lang))}</th>"
            "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></section>"
        )
    return _page(_title(spec, _manche(_w("results", lang), fmt, lang)), pages, lang)


def standings_sheet(tournament: Tournament, language: Language | None = None) -> str:
    """The standings now (the final standings once every hand has been played)."""
    t = tournament
    spec = t.spec
    lang = language or default_language(spec.format)
    flags = t.rules.unit == "flags"
    lends = t.rules.lends_flags
    days = len(spec.days)
    rows = []
    for s in t.standings():
        totals = [str(v) for v in s.day_totals] + [""] * (days - len(s.day_totals))
        day_cells = "".join(f'<td class="n">{v}</td>' for v in totals) if days > 1 else ""
        loans = f'<td class="n">{s.loans}</td>' if lends else ""
        rows.append(
            f'<tr><td class="n rank">{s.rank}</td><td class="n">{s.team}</td>'
            f"<td>{html.escape(s.name)}</td>{day_cells}"
            f'<td class="n rank">{s.score}</td>{loans}</tr>'
        )
    final = t.finished
    when = _w("after_hand", lang, n=t.hand, total=spec.hands) if t.hand else _w("before", lang)
    title = _w("final", lang) if final else _w("standings", lang)
    day_heads = "".join(
        f'<th class="n">{html.escape(_w("day", lang, n=d))}</th>'
        for d in range(1, days + 1)
        if days > 1
    )
    score = _w("flags", lang) if flags else _w("points", lang)
    loans_head = f'<th class="n">{html.escape(_w("loans", lang))}</th>' if lends else ""
    page = (
        '<section class="sheet">'
        f"<h1>{html.escape(title)}</h1>"
        f"<h2>{html.escape(spec.name)} — {html.escape(_manche(when, t.format, lang))}</h2>"
        "<table><thead><tr>"
        f'<th class="n">{html.escape(_w("rank", lang))}</th>'
        f'<th class="n">{html.escape(_w("team", lang, n="")).strip()}</th>'
        f"<th>{html.escape(_w('name', lang))}</th>{day_heads}"
        f'<th class="n">{html.escape(score)}</th>{loans_head}'
        "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
        + _standings_notes(t, lang)
        + "</section>"
    )
    return _page(f"{spec.name} — {title}", [page], lang)


def _standings_notes(t: Tournament, lang: Language) -> str:
    """Under the standings: play ended early, and never a silent gap (results missing)."""
    notes = []
    if t.ended_after is not None:
        notes.append(_manche(_w("ended_early", lang, n=t.ended_after), t.format, lang))
    missing = t.results_missing()
    if missing:
        notes.append(_w("provisional", lang, n=missing))
    return "".join(f"<p><strong>{html.escape(n)}</strong></p>" for n in notes)


def write_sheets(
    out_dir: Path,
    spec: TournamentSpec,
    tournament: Tournament | None = None,
    language: Language | None = None,
) -> list[Path]:
    """Write the rotation sheet, the results by hand and (with a log) the standings."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    files = [
        (ROTATION_FILE, rotation_sheet(spec, language)),
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
    return written
