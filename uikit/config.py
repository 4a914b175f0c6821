"""Settings files, shared by the three apps: read the TOML, and turn every mistake into a
:class:`Problem` the set-up screen says in the reader's language (never a traceback).

>>> import pathlib, tempfile
>>> read_toml(pathlib.Path(tempfile.mkdtemp()) / "none.toml").missing
True
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, Self, TypeVar

from pydantic import BaseModel, ConfigDict, model_validator


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


class BrokerSettings(BaseModel):
    """The settings' ``[broker]`` table: how to reach the hall's broker safely.

    ``tls = true`` with ``ca = "hub-ca.crt"`` (a file beside the settings, the hub's
    ``ca.crt``): connect with TLS and accept only a broker that CA vouches for.

    >>> BrokerSettings(tls=True, ca="hub-ca.crt").beside(Path("/etc/whist/kiosk.toml")).ca_file
    PosixPath('/etc/whist/hub-ca.crt')
    >>> BrokerSettings().ca_file is None
    True
    """

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    tls: bool = False
    ca: str | None = None

    @model_validator(mode="after")
    def _tls_needs_ca(self) -> Self:
        if self.tls and not self.ca:
            raise ValueError('tls = true needs ca = "<the hub\'s CA file>" beside it')
        return self

    def beside(self, settings: Path) -> BrokerSettings:
        """The same, with ``ca`` made absolute from the settings file's folder."""
        if self.ca is None or Path(self.ca).expanduser().is_absolute():
            return self
        return self.model_copy(update={"ca": str(settings.parent / self.ca)})

    @property
    def ca_file(self) -> Path | None:
        """The CA file to check the broker against, when the settings ask for TLS."""
        return Path(self.ca).expanduser() if self.tls and self.ca else None


class _HasBroker(Protocol):
    @property
    def broker(self) -> BrokerSettings: ...

    def model_copy(
        self, *, update: Mapping[str, Any] | None = None, deep: bool = False
    ) -> Self: ...


Settings = TypeVar("Settings", bound=_HasBroker)


def config_home(app: str, file: str) -> Path:
    """An app's settings file: ``$XDG_CONFIG_HOME/{app}/{file}`` (``~/.config/…`` when unset).

    >>> config_home("whist-kiosk", "kiosk.toml").parts[-2:]
    ('whist-kiosk', 'kiosk.toml')
    """
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / app / file


def data_home(app: str) -> Path:
    """An app's data folder: ``$XDG_DATA_HOME/{app}`` (``~/.local/share/…`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / app


def settle_broker(config: Settings | ConfigProblem, path: Path) -> Settings | ConfigProblem:
    """A checked settings file with its ``[broker] ca`` found beside *path*; or why that CA
    file cannot be used."""
    if isinstance(config, ConfigProblem):
        return config
    settled = config.model_copy(update={"broker": config.broker.beside(path)})
    return check_broker(settled.broker, path) or settled


def check_broker(broker: BrokerSettings, path: Path) -> ConfigProblem | None:
    """Why the ``[broker]`` table's CA file cannot be used, or None."""
    ca = broker.ca_file
    if ca is None:
        return None
    try:
        text = ca.read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or "not a text file"
        return ConfigProblem(path, [Problem("other", "broker.ca", detail=f"{ca}: {why}")])
    if "-----BEGIN CERTIFICATE-----" not in text:
        return ConfigProblem(
            path, [Problem("other", "broker.ca", detail=f"{ca} holds no PEM certificate")]
        )
    return None


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
