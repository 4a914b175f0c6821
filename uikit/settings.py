"""``leader.toml`` and ``hall.toml``: how the console or the hall display reaches the hub.

The login is the one ``whist-hub credentials DATA`` prints at its end (``leader`` or
``hall``). Anything wrong is returned as a :class:`~kiosk.config.ConfigProblem` (never
raised), so the app shows a set-up screen that says what to fix.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "leader.toml"
>>> _ = path.write_text('host = "192.168.1.10"\\nusername = "leader"\\npassword = "x"\\n')
>>> load_config(path).port
1883
>>> _ = path.write_text('host = ""\\n')
>>> sorted(p.kind for p in load_config(path).problems)
['empty', 'missing', 'missing']
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from uikit.config import (
    BrokerSettings,
    ConfigProblem,
    Problem,
    config_home,
    problem_from,
    read_toml,
    settle_broker,
)

Role = Literal["leader", "hall"]
APP_NAMES: dict[Role, str] = {"leader": "whist-leader", "hall": "whist-hall"}


def default_config_path(role: Role) -> Path:
    """``$XDG_CONFIG_HOME/whist-leader/leader.toml`` (or ``whist-hall/hall.toml``)."""
    return config_home(APP_NAMES[role], f"{role}.toml")


_ROOT = r"^[^/+#\s]+(/[^/+#\s]+)*$"


class ConsoleConfig(BaseModel):
    """A valid ``leader.toml``.

    >>> ConsoleConfig(host="127.0.0.1", username="leader", password="x").root
    'whist'
    """

    # strict: a port written "1883" (a text) is a mistake worth showing, not guessing.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    host: Annotated[str, Field(min_length=1)]
    port: Annotated[int, Field(ge=1, le=65535)] = 1883
    username: Annotated[str, Field(min_length=1)]
    password: str
    language: Literal["en", "fr"] | None = None
    root: Annotated[str, Field(min_length=1, pattern=_ROOT)] = "whist"
    fullscreen: bool = False
    #: ``[broker] tls = true``, ``ca = "hub-ca.crt"``: TLS, checked against the hall's CA.
    broker: BrokerSettings = BrokerSettings()


class HallConfig(ConsoleConfig):
    """A valid ``hall.toml``: a TV, so fullscreen unless told otherwise, and paging.

    >>> HallConfig(host="hub", username="hall", password="x").page_seconds
    10.0
    """

    fullscreen: bool = True
    page_seconds: Annotated[float, Field(ge=3, le=120)] = 10.0
    #: The serial hall scoreboard's ``[scoreboard]`` table (docs/hardware.md, section 4),
    #: as written: the hall app hands it to ``hardware``, which checks it (uikit cannot).
    scoreboard: dict[str, Any] | None = None
    #: The players' phones' page on the hub (``whist-hub serve --phones-port``): the hall shows
    #: a QR code of ``http://HOST:PORT/`` (hall/qr.py); 0: no code.
    phones_port: Annotated[int, Field(ge=0, le=65535)] = 8080


_TYPE_KINDS = {
    "int_type": "whole_number",
    "int_parsing": "whole_number",
    "int_from_float": "whole_number",
    "float_type": "number",
    "string_type": "text",
    "bool_type": "true_false",
    "bool_parsing": "true_false",
    "dict_type": "table_expected",
    "model_type": "table_expected",
}


def load_config(path: Path, role: Role = "leader") -> ConsoleConfig | ConfigProblem:
    """Read and check *path*; a :class:`ConfigProblem` lists everything wrong with it."""
    data = read_toml(path)
    if isinstance(data, ConfigProblem):
        return data
    return settle_broker(check_config(data, path, role), path)


def check_config(
    data: dict[str, Any], path: Path, role: Role = "leader"
) -> ConsoleConfig | ConfigProblem:
    """Validate already-parsed TOML."""
    try:
        if role == "hall":
            return HallConfig.model_validate(data)
        return ConsoleConfig.model_validate(data)
    except ValidationError as exc:
        return ConfigProblem(path, [_problem(e) for e in exc.errors(include_url=False)])


def _problem(error: Any) -> Problem:
    return problem_from(error, _TYPE_KINDS)
