"""What ``whist-hub tally`` prints: the standings of a night typed in from paper, in the
sheet's language, with the players' names when the sheet has them (its ``player_<seat>``
columns, whist.formats.sheet) and the seats as the French sheet writes them (« O »).

The words are the ``sheets`` catalog's (the pybabel commands are in hub/paper/sheets.py).
The first five words of each line stay rank, table, side (or seat), wins, points, so a
script reading the lines before names were printed still reads them.

>>> from whist.formats import Format
>>> game = Format.MINNESOTA.club
>>> tables = game.tally([{"table": "1", "granded": "NS", "ns_tricks": "9"}])
>>> print("\\n".join(tally_lines(game, tables, {1: {"N": "Eleanor", "S": "Harold"}}, "en")))
Minnesota whist: 1 table
rank  table  side  games  points  players
   1      1  NS        0       3  Eleanor & Harold
   2      1  EW        0       0  E & W
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hub.paper.clubsheets import _code, club_translator
from hub.paper.sheets import Language
from uikit.games import game_title
from whist.enums import Unit
from whist.formats import ClubGame, ClubTable

#: The partners of each side, to name a partnership.
_PARTNERS = {"NS": ("N", "S"), "EW": ("E", "W")}


def tally_lines(
    game: ClubGame[Any],
    tables: Mapping[int, ClubTable],
    players: Mapping[int, Mapping[str, str]],
    language: Language,
) -> list[str]:
    """The title, a header and a line per side (or player) in the order of the standings."""
    tr = club_translator(language)
    count = tr.nt("{n} table", "{n} tables", len(tables)).format(n=len(tables))
    name = game_title(tr.t, game.name, game.title)
    title = tr.t("{title}: {tables}").format(title=name, tables=count)
    partnerships = game.parties == ("NS", "EW")
    named = any(players.get(t) for t in tables)
    head = [
        tr.t("rank"),
        tr.t("table"),
        tr.t("side") if partnerships else tr.t("seat"),
        tr.t("rubbers") if game.wins == Unit.RUBBERS else tr.t("games"),
        tr.t("tricks") if game.night_unit == Unit.TRICKS else tr.t("points"),
    ]
    rows = []
    for row in game.standings(tables):
        seats = players.get(row.table, {})
        who = [seats.get(s) or _code(s, tr) for s in _PARTNERS.get(row.party, (row.party,))]
        rows.append(
            [
                str(row.rank),
                str(row.table),
                _code(row.party, tr),
                str(row.wins),
                str(row.points),
                " & ".join(who),
            ]
        )
    widths = [max(len(c) for c in column) for column in zip(head, *rows, strict=False)]
    right = (True, True, False, True, True)

    def line(cells: list[str]) -> str:
        out = [
            c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right, strict=False)
        ]
        return "  ".join(out).rstrip()

    names = [tr.t("players")] if named else []
    return [
        title,
        line(head) + ("  " + names[0] if names else ""),
        *(line(r[:5]) + ("  " + r[5] if named else "") for r in rows),
    ]
