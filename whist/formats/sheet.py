"""Reading a club night's paper sheet (a CSV typed in from the tables' score sheets) into
rows for :meth:`whist.formats.base.ClubGame.tally`, refusing a sheet that cannot be read
faithfully in one line that says where and what (docs/rules.md, "Paper").

A sheet saved by a spreadsheet may be UTF-8 (with or without its mark), UTF-16 (the
"Unicode text" a spreadsheet offers), or Windows' Western encoding (CP1252, of which Latin-1's
letters are a part); its cells may be separated by commas, semicolons (a French spreadsheet)
or tabs.

>>> read_sheet("table;granded;ns_tricks;ew_tricks;ns_revokes;ew_revokes\\r\\n1;NS;9;;;\\r\\n"
...     .encode("cp1252"), ("granded", "ns_revokes", "ew_revokes"), ("ns_tricks", "ew_tricks"))
[(2, {'table': '1', 'granded': 'NS', 'ns_tricks': '9', 'ew_tricks': '', 'ns_revokes': '', \
'ew_revokes': ''})]
"""

from __future__ import annotations

import codecs
import csv
from collections.abc import Iterable, Mapping, Sequence

from whist.errors import DealError

#: What a sheet's cells may be separated by, the comma first.
DELIMITERS = (",", ";", "\t")
#: The record's own columns in a night's deals.csv (whist-hub export), beside the game's: the
#: deal's number at its table, who entered what counts (``table`` or ``leader``), whether the
#: leader corrected it and why. ``tally`` reads them and scores none of them.
RECORD_COLUMNS = ("deal", "entered_by", "corrected", "reason")
#: A player's name by seat (``player_N``, ``player_1``), on a table's first line or every
#: line: ``tally`` prints the names, and reads a name written where a seat is asked.
PLAYER_PREFIX = "player_"


def is_scored(column: str) -> bool:
    """Whether a sheet's column is one a game's deal record reads (not the record's own
    bookkeeping nor a player's name)."""
    return (
        column != "table" and column not in RECORD_COLUMNS and not column.startswith(PLAYER_PREFIX)
    )


def sheet_players(rows: Iterable[Mapping[str, object]]) -> dict[int, dict[str, str]]:
    """Each table's players by seat, from the sheet's ``player_<seat>`` columns (the first
    name written for a seat counts); a table whose sheet names nobody is left out.

    >>> sheet_players([{"table": "2", "player_N": "Eleanor", "player_E": ""},
    ...                {"table": "2", "player_N": "", "player_E": "Harold"}])
    {2: {'N': 'Eleanor', 'E': 'Harold'}}
    """
    found: dict[int, dict[str, str]] = {}
    for row in rows:
        table = str(row.get("table") or "").strip()
        if not table.isdigit():
            continue
        for column, value in row.items():
            name = str(value or "").strip()
            if column.startswith(PLAYER_PREFIX) and name:
                seats = found.setdefault(int(table), {})
                seats.setdefault(column[len(PLAYER_PREFIX) :], name)
    return found


def decode(data: bytes) -> str:
    """The sheet's text, in the encoding it most likely was saved in; refused when it is
    none of them or holds what no text file holds (a NUL)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        encoding = "utf-16"
    else:
        encoding = "utf-8-sig"
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError:
        try:
            text = data.decode("cp1252")
        except UnicodeDecodeError as exc:
            raise DealError.plain(
                f"byte {exc.start + 1} is not text in UTF-8 or in Windows' Western encoding:"
                " save the sheet again as CSV (UTF-8)"
            ) from None
    if "\0" in text:
        raise DealError.plain("this is not a text file: save the sheet again as CSV (UTF-8)")
    return text


def read_sheet(
    data: bytes, required: Sequence[str], either: Sequence[str]
) -> list[tuple[int, dict[str, str]]]:
    """The sheet's deals, each with its line number (the header is line 1): a header naming
    ``table``, every column of ``required`` and at least one of ``either``, then one row per
    deal with as many cells as the header (a row of blank cells is skipped)."""
    text = decode(data)
    first = next((line for line in text.splitlines() if line.strip()), "")
    delimiter = next((d for d in DELIMITERS if d in first), ",")
    try:
        rows = _rows(text, delimiter)
    except csv.Error as exc:
        raise DealError.plain(f"this is not a CSV sheet ({exc})") from None
    if not rows:
        raise DealError.plain(
            "the file is empty: it needs a header line (table and the game's columns) and a"
            " line per deal"
        )
    (_, header), body = rows[0], rows[1:]
    known = {name.lower(): name for name in ("table", *required, *either)}
    names = [known.get(name.strip().lower(), name.strip()) for name in header]
    twice = sorted({n for n in names if n and names.count(n) > 1})
    if twice:
        raise DealError.plain(f"line 1: the column {twice[0]} is there twice")
    missing = [c for c in ("table", *required) if c not in names]
    if either and not set(either) & set(names):
        missing.append(" or ".join(either))
    if missing:
        what = (
            f"column {missing[0]} is" if len(missing) == 1 else f"columns {', '.join(missing)} are"
        )
        raise DealError.plain(
            f"line 1: the {what} missing"
            " (a sheet keeps every column, blank cells where there is nothing to write)"
        )
    if not body:
        raise DealError.plain("there is no deal below the header line")
    result = []
    for line, cells in body:
        if len(cells) != len(names):
            raise DealError.plain(
                f"line {line}: {len(cells)} cells where the header has {len(names)}"
                " (a line cut short, or a stray separator?)"
            )
        if any(c.strip() for n, c in zip(names, cells, strict=True) if not n):
            raise DealError.plain(f"line {line}: a cell is written under no column's name")
        result.append((line, {n: c for n, c in zip(names, cells, strict=True) if n}))
    return result


def _rows(text: str, delimiter: str) -> list[tuple[int, list[str]]]:
    """Every row that has a cell written in, with the line it ends on."""
    reader = csv.reader(text.splitlines(keepends=True), delimiter=delimiter, strict=True)
    return [(reader.line_num, row) for row in reader if any(c.strip() for c in row)]
