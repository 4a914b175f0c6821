"""Tournament files on disk: TOML read with the standard library, written with tomli-w.

A file's ``format`` says what it holds: military whist (alberta, gaspesie) is a
:class:`~whist.spec.TournamentSpec`, a club game (minnesota, english, american) a club
night's :class:`~whist.nightspec.NightSpec`; :func:`read_event_file` reads either."""

from __future__ import annotations

import csv
import tomllib
from pathlib import Path

import tomli_w

from whist.enums import Unit
from whist.errors import PatternError
from whist.formats import Format
from whist.nightspec import NightSpec, load_night
from whist.spec import TournamentSpec, load_spec
from whist.zones import ZoneTeam, rank_in_listed_order

HEADER = """\
# Military whist tournament file, written by `whist-hub new`.
# Edit team names and player names freely. The pattern lists every hand: which two seats
# travel, how many tables ahead they go (offset), and the trump ("leader" = announced by the
# leader at the start of the hand). minutes, when present: the room's clock gives each hand
# that many minutes from its start (the leader can add minutes or pause it); left out or 0:
# no clock. `whist-hub schedule` checks the file and prints it.

"""


NIGHT_HEADER = """\
# Club night file ({title}), written by `whist-hub new`.
# Nobody moves: each table keeps score deal after deal. {seats} Type the
# players' names under each table's [seating.players]; first_dealer is the seat that cut high
# (the deal then passes to the left, {order}). length: how long each table plays
# ({lengths} with a count, or "open" until the leader ends the night);
# target, when present, replaces the game's own points for a game. minutes, when present:
# the room's clock gives each deal that many minutes, from the moment the room's last table
# finished the deal before (the first deal is not timed); left out or 0: no clock.
# `whist-hub schedule` checks the file and prints the seating.

"""

#: The seats in the night file's comment: partners opposite, or each for oneself (issue 29).
_SEATS_PARTNERS = (
    "Seats are N, E, S, W clockwise\n# (North, East, South, West); partners sit opposite, "
    "so N & S play against E & W."
)
_SEATS_COMPASS = (
    "Seats are N, E, S, W clockwise\n# (North, East, South, West); each player scores for "
    "themselves."
)
_SEATS_NUMBERED = (
    "Seats are numbered 1, 2, 3...\n# clockwise, as many as the table has players; each player "
    "scores for themselves."
)


def night_header(spec: NightSpec) -> str:
    """The comment at the top of a night's file, in the game's own terms: who plays with
    whom, the seats the deal passes round, the lengths the game has."""
    game = spec.game
    if game.parties == ("NS", "EW"):
        seats = _SEATS_PARTNERS
    elif "N" in game.seats:
        seats = _SEATS_COMPASS
    else:
        seats = _SEATS_NUMBERED
    lengths = [f'"{u}"' for u in game.lengths if u != Unit.OPEN]
    said = ", ".join(lengths[:-1]) + " or " + lengths[-1] if len(lengths) > 1 else lengths[0]
    order = " -> ".join(game.seats[:4]) + (" -> ..." if len(game.seats) > 4 else "")
    return NIGHT_HEADER.format(title=game.title, seats=seats, order=order, lengths=said)


def _read_toml(p: Path) -> dict[str, object]:
    try:
        return tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PatternError(f"{p}: no such file") from None
    except UnicodeDecodeError:
        raise PatternError(f"{p}: not a text file (UTF-8 expected)") from None
    except tomllib.TOMLDecodeError as exc:
        raise PatternError(f"{p}: not valid TOML: {exc}") from None


def read_spec(path: str | Path) -> TournamentSpec:
    """Read and validate a tournament file; errors name the file and the problem."""
    p = Path(path)
    data = _read_toml(p)
    try:
        return load_spec(data)
    except PatternError as exc:
        raise PatternError(f"{p}: {exc}") from None


def read_event_file(path: str | Path) -> TournamentSpec | NightSpec:
    """A tournament file or a club night's, by its ``format``; errors name the file."""
    p = Path(path)
    data = _read_toml(p)
    fmt = data.get("format")
    club = isinstance(fmt, str) and fmt in {f.value for f in Format.club_games()}
    try:
        return load_night(data) if club else load_spec(data)
    except PatternError as exc:
        raise PatternError(f"{p}: {exc}") from None


def dumps_spec(spec: TournamentSpec | NightSpec) -> str:
    if isinstance(spec, NightSpec):
        return night_header(spec) + tomli_w.dumps(spec.to_dict())
    return HEADER + tomli_w.dumps(spec.to_dict())


def write_spec(spec: TournamentSpec | NightSpec, path: str | Path) -> Path:
    """Write atomically, so a crash never leaves half a tournament file."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(dumps_spec(spec), encoding="utf-8")
    tmp.replace(p)
    return p


def read_teams_csv(path: str | Path, fmt: Format) -> list[ZoneTeam]:
    """A teams CSV, one team a row: ``team``, ``zone``, an optional ``rank`` (the team's place
    in its zone: 1, 2…) and one column per seat (A, B, X, Y; Gaspésie C, 1, 2, 3) with the
    players' names. Without ranks, each zone's first listed team is its first team. The
    teams come back as listed; :func:`whist.zones.zone_order` seats them."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise PatternError(f"{p}: no such file") from None
    except UnicodeDecodeError:
        raise PatternError(f"{p}: not a text file (UTF-8 expected)") from None
    reader = csv.DictReader(text.splitlines())
    columns = {(c or "").strip().casefold(): c for c in reader.fieldnames or ()}
    name_col = columns.get("team") or columns.get("name")
    zone_col, rank_col = columns.get("zone"), columns.get("rank")
    if name_col is None or zone_col is None:
        raise PatternError(f"{p}: the first row must name the columns team, zone (and rank)")
    seat_cols = {seat: columns.get(seat.casefold()) for seat in fmt.seats}
    rows = []

    def cell(row: dict[str, str | None], col: str | None) -> str:
        return (row.get(col) or "").strip() if col else ""

    for line, row in enumerate(reader, start=2):
        if not any((v or "").strip() for v in row.values() if isinstance(v, str)):
            continue  # a blank line
        name, zone, rank = cell(row, name_col), cell(row, zone_col), cell(row, rank_col)
        if not name or not zone:
            raise PatternError(f"{p}, line {line}: every team needs a name and a zone")
        if rank and not rank.isdigit():
            raise PatternError(f"{p}, line {line}: rank must be a number (found {rank!r})")
        players = {seat: cell(row, col) for seat, col in seat_cols.items()}
        rows.append((name, players, zone, int(rank) if rank else None))
    if not rows:
        raise PatternError(f"{p}: no teams")
    ranked = [r for r in rows if r[3] is not None]
    if ranked and len(ranked) != len(rows):
        raise PatternError(f"{p}: give every team a rank, or none (then the listed order counts)")
    if not ranked:
        return rank_in_listed_order([(n, pl, z) for n, pl, z, _ in rows])
    return [ZoneTeam(n, pl, z, r) for n, pl, z, r in rows if r is not None]
