"""``kiosk.toml``: which table this kiosk is, how it reaches the hub, and its options.

The first six keys are exactly what ``whist-hub credentials DATA --table N`` prints. Anything
wrong is returned as a :class:`ConfigProblem` (never raised), so the app can show a set-up
screen that says what to fix instead of a traceback.

>>> import pathlib, tempfile
>>> path = pathlib.Path(tempfile.mkdtemp()) / "kiosk.toml"
>>> _ = path.write_text('table = 7\\nhost = "192.168.1.10"\\nport = 1883\\n')
>>> load_config(path).table
7
>>> _ = path.write_text('table = 0\\nhost = "hub"\\n')
>>> [p.kind for p in load_config(path).problems]
['too_small']
>>> _ = path.write_text('table = 1\\nhost = "hub"\\nrotation = 45\\n')
>>> [(p.kind, p.key) for p in load_config(path).problems]
[('choice', 'rotation')]
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from uikit.app import parse_size
from uikit.config import (
    BrokerSettings,
    ConfigProblem,
    Problem,
    config_home,
    data_home,
    problem_from,
    read_toml,
    settle_broker,
)

APP_NAME = "whist-kiosk"


def default_config_path() -> Path:
    """``$XDG_CONFIG_HOME/whist-kiosk/kiosk.toml`` (``~/.config/…`` when unset)."""
    return config_home(APP_NAME, "kiosk.toml")


def default_data_dir() -> Path:
    """``$XDG_DATA_HOME/whist-kiosk`` (``~/.local/share/…`` when unset): the outbox."""
    return data_home(APP_NAME)


class HardwareConfig(BaseModel):
    """The ``[hardware]`` table: buttons, LED bar, serial devices (a later issue).

    Unknown keys are kept and ignored, so a file written for a newer kiosk still starts.

    >>> HardwareConfig.model_validate({"buttons": "gpio"}).model_extra
    {'buttons': 'gpio'}
    """

    model_config = ConfigDict(extra="allow", frozen=True)


#: The screens a table may have, as the panel itself reports its pixels (before any turn):
#: the 7-inch Pi display, a 720p screen, the Touch Display 2 (portrait-native), a 1080p one.
SCREEN_SIZES = ("800x480", "1280x720", "720x1280", "1920x1080")
ScreenSize = Literal["800x480", "1280x720", "720x1280", "1920x1080"]


class KioskConfig(BaseModel):
    """A valid ``kiosk.toml``.

    >>> KioskConfig(table=3, host="127.0.0.1").root
    'whist'
    """

    # strict: a port written "1883" (a text) is a mistake worth showing, not guessing.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    table: Annotated[int, Field(ge=1, le=999)]
    host: Annotated[str, Field(min_length=1)]
    port: Annotated[int, Field(ge=1, le=65535)] = 1883
    username: Annotated[str, Field(min_length=1)] | None = None
    password: str | None = None
    language: Literal["en", "fr"] | None = None
    data_dir: Annotated[str, Field(min_length=1)] | None = None
    root: Annotated[str, Field(min_length=1, pattern=r"^[^/+#\s]+(/[^/+#\s]+)*$")] = "whist"
    fullscreen: bool = False
    #: The screen's size in pixels as it reports them (the window's size when not fullscreen).
    size: ScreenSize | None = None
    #: Degrees the kiosk turns its picture (and the touches with it): 90 on a Touch Display 2
    #: held landscape, 0 on a screen that is already the right way round.
    rotation: Literal[0, 90, 180, 270] = 0
    hardware: HardwareConfig = HardwareConfig()
    #: ``[broker] tls = true``, ``ca = "hub-ca.crt"``: TLS, checked against the hall's CA.
    broker: BrokerSettings = BrokerSettings()

    @model_validator(mode="after")
    def _login_is_a_pair(self) -> Self:
        if (self.username is None) != (self.password is None):
            raise ValueError("username and password go together")
        return self

    @property
    def layout_size(self) -> tuple[int, int] | None:
        """The picture's size once turned: (1280, 720) for 720x1280 turned by 90.

        >>> KioskConfig(table=1, host="h", size="720x1280", rotation=90).layout_size
        (1280, 720)
        """
        if self.size is None:
            return None
        width, height = parse_size(self.size)
        return (height, width) if self.rotation in (90, 270) else (width, height)

    @property
    def data_path(self) -> Path:
        return Path(self.data_dir).expanduser() if self.data_dir else default_data_dir()


_TYPE_KINDS = {
    "int_type": "whole_number",
    "int_parsing": "whole_number",
    "int_from_float": "whole_number",
    "string_type": "text",
    "bool_type": "true_false",
    "bool_parsing": "true_false",
    "model_type": "table_expected",
    "dict_type": "table_expected",
}


def load_config(path: Path) -> KioskConfig | ConfigProblem:
    """Read and check *path*; a :class:`ConfigProblem` lists everything wrong with it."""
    data = read_toml(path)
    if isinstance(data, ConfigProblem):
        return data
    return settle_broker(check_config(data, path), path)


def check_config(data: dict[str, Any], path: Path) -> KioskConfig | ConfigProblem:
    """Validate already-parsed TOML."""
    try:
        return KioskConfig.model_validate(data)
    except ValidationError as exc:
        return ConfigProblem(path, [_problem(e) for e in exc.errors(include_url=False)])


def _problem(error: Any) -> Problem:
    return problem_from(error, _TYPE_KINDS)
