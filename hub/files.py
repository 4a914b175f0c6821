"""Tournament files on disk: TOML read with the standard library, written with tomli-w."""

from __future__ import annotations

import tomllib
from pathlib import Path

import tomli_w

from whist.errors import PatternError
from whist.spec import TournamentSpec, load_spec

HEADER = """\
# Military whist tournament file, written by `whist-hub new`.
# Edit team names and player names freely. The pattern lists every hand: which two seats
# travel, how many tables ahead they go (offset), and the trump ("leader" = announced by the
# leader at the start of the hand). `whist-hub schedule` checks the file and prints it.

"""


def read_spec(path: str | Path) -> TournamentSpec:
    """Read and validate a tournament file; errors name the file and the problem."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise PatternError(f"{p}: no such file") from None
    except UnicodeDecodeError:
        raise PatternError(f"{p}: not a text file (UTF-8 expected)") from None
    except tomllib.TOMLDecodeError as exc:
        raise PatternError(f"{p}: not valid TOML: {exc}") from None
    try:
        return load_spec(data)
    except PatternError as exc:
        raise PatternError(f"{p}: {exc}") from None


def dumps_spec(spec: TournamentSpec) -> str:
    return HEADER + tomli_w.dumps(spec.to_dict())


def write_spec(spec: TournamentSpec, path: str | Path) -> Path:
    """Write atomically, so a crash never leaves half a tournament file."""
    p = Path(path)
    tmp = p.with_name(p.name + ".tmp")
    tmp.write_text(dumps_spec(spec), encoding="utf-8")
    tmp.replace(p)
    return p
