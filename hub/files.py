"""Tournament files on disk: TOML read with the standard library, written with tomli-w.

A file's ``format`` says what it holds: military whist (alberta, gaspesie) is a
:class:`~whist.spec.TournamentSpec`, a club game (minnesota, english, american) a club
night's :class:`~whist.nightspec.NightSpec`; :func:`read_event_file` reads either."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

from whist.errors import PatternError
from whist.formats import Format
from whist.nightspec import NightSpec, load_night
from whist.spec import TournamentSpec, load_spec

HEADER = """\
# Military whist tournament file, written by `whist-hub new`.
# Edit team names and player names freely. The pattern lists every hand: which two seats
# travel, how many tables ahead they go (offset), and the trump ("leader" = announced by the
# leader at the start of the hand). `whist-hub schedule` checks the file and prints it.

"""


NIGHT_HEADER = """\
# Club night file ({title}), written by `whist-hub new`.
# Nobody moves: each table keeps score deal after deal. Seats are N, E, S, W clockwise
# (North, East, South, West); partners sit opposite, so N & S play against E & W. Type the
# players' names under each table's [seating.players]; first_dealer is the seat that cut high
# (the deal then passes to the left, N -> E -> S -> W). length: how long each table plays
# ("deals", "games" or "rubbers" with a count, or "open" until the leader ends the night);
# target, when present, replaces the game's own points for a game.
# `whist-hub schedule` checks the file and prints the seating.

"""


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
        return NIGHT_HEADER.format(title=spec.game.title) + tomli_w.dumps(spec.to_dict())
    return HEADER + tomli_w.dumps(spec.to_dict())


def write_spec(spec: TournamentSpec | NightSpec, path: str | Path) -> Path:
    """Write atomically, so a crash never leaves half a tournament file."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(dumps_spec(spec), encoding="utf-8")
    tmp.replace(p)
    return p
