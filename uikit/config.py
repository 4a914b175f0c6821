"""Settings files, shared by the three apps: read the TOML, and turn every mistake into a
:class:`Problem` the set-up screen says in the reader's language (never a traceback).

>>> import pathlib, tempfile
>>> read_toml(pathlib.Path(tempfile.mkdtemp()) / "none.toml").missing
True
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the file, in words the set-up screen translates.

    ``kind`` is one of: ``no_file``, ``unreadable``, ``syntax``, ``missing``, ``unknown_key``,
    ``whole_number``, ``text``, ``true_false``, ``too_small``, ``too_large``, ``empty``,
    ``choice``, ``bad_root``, ``login_pair``, ``table_expected``, ``data_dir`` (the folder
    cannot be written) and ``other``.

    >>> Problem("missing", "host").key
    'host'
    """

    kind: str
    key: str = ""
    limit: str = ""  # the bound or the allowed choices
    detail: str = ""  # the parser's own words, when nothing better is known


@dataclass(frozen=True)
class ConfigProblem:
    """Why the kiosk cannot start with the file at ``path``.

    >>> ConfigProblem(Path("kiosk.toml"), [Problem("no_file")]).missing
    True
    """

    path: Path
    problems: list[Problem] = field(default_factory=list)

    @property
    def missing(self) -> bool:
        return any(p.kind == "no_file" for p in self.problems)


def read_toml(path: Path) -> dict[str, Any] | ConfigProblem:
    """A settings file's TOML, or why it cannot be read (shared with the console's files)."""
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return ConfigProblem(path, [Problem("no_file")])
    except (OSError, UnicodeDecodeError) as exc:
        return ConfigProblem(path, [Problem("unreadable", detail=str(exc))])
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        return ConfigProblem(path, [Problem("syntax", detail=str(exc))])


def problem_from(error: Any, type_kinds: dict[str, str]) -> Problem:
    """One pydantic error in the set-up screen's words; ``type_kinds`` names the type errors
    of a file's own fields (shared with the console's and the hall display's files)."""
    kind = str(error["type"])
    key = ".".join(str(part) for part in error["loc"])
    ctx = error.get("ctx") or {}
    if kind == "missing":
        return Problem("missing", key)
    if kind == "extra_forbidden":
        return Problem("unknown_key", key)
    if kind in type_kinds:
        return Problem(type_kinds[kind], key)
    if kind in ("greater_than_equal", "greater_than"):
        return Problem("too_small", key, _limit(ctx.get("ge", ctx.get("gt", ""))))
    if kind in ("less_than_equal", "less_than"):
        return Problem("too_large", key, _limit(ctx.get("le", ctx.get("lt", ""))))
    if kind == "string_too_short":
        return Problem("empty", key)
    if kind == "literal_error":
        return Problem("choice", key, str(ctx.get("expected", "")))
    if kind == "string_pattern_mismatch" and key == "root":
        return Problem("bad_root", key)
    if kind == "value_error" and "username and password" in str(error["msg"]):
        return Problem("login_pair")
    return Problem("other", key, detail=str(error["msg"]))


def _limit(value: object) -> str:
    # 3.0 (a float field's bound) reads better as 3
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)
