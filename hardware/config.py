"""``[hardware]`` in kiosk.toml and ``[scoreboard]`` in the hall's config, checked strictly.

Every sub-table is optional and turns one device on: ``[hardware.pad]`` the buttons,
``[hardware.leds]`` the LED bar, ``[hardware.counter]`` the serial flag counter. An empty
sub-table means "this device, wired as in docs/hardware.md". Pins are BCM GPIO numbers
(``17``), or names gpiozero knows (``"GPIO17"``, ``"BOARD11"`` for physical pin 11).

Unknown keys are refused, with a message that names the known ones, so a typo such as
``hold = 2`` never silently leaves the default in place.

>>> cfg = parse_hardware_config({"pad": {"hold_time": 1.5}, "leds": {"pwm": True}})
>>> (cfg.pad.ok, cfg.pad.hold_time, len(cfg.leds.pins), cfg.counter)
(22, 1.5, 12, None)
>>> try:
...     parse_hardware_config({"pad": {"hold": 2}})
... except HardwareConfigError as exc:
...     print(exc.problems[0][:59])
hardware.pad: unknown key 'hold' (did you mean 'hold_time'?
"""

from __future__ import annotations

import difflib
import re
import types
import typing
from collections.abc import Mapping
from typing import Annotated, Any, Literal, Self

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError
from pydantic import model_validator as _model_validator
from pydantic_core import PydanticCustomError

from hardware.errors import HardwareConfigError

_PIN_NAME = re.compile(r"(GPIO|BCM|BOARD|J8:)\d{1,2}", re.IGNORECASE)


def _check_pin(value: object) -> object:
    # gpiozero takes both; a physical pin number written as a bare number is the classic
    # wiring mistake, so bare numbers are BCM only and physical ones must say BOARD.
    if type(value) is int and 0 <= value <= 27:
        return value
    if isinstance(value, str) and _PIN_NAME.fullmatch(value.strip()):
        return value.strip().upper()
    raise PydanticCustomError(
        "pin",
        'must be a BCM GPIO number from 0 to 27, or a pin name like "GPIO17" or "BOARD11"',
    )


#: One GPIO pin: a BCM number, or a name gpiozero understands.
Pin = Annotated[int | str, BeforeValidator(_check_pin)]
Seconds = Annotated[float, Field(ge=0.0)]
Baud = Literal[1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200]

#: The LED bar's pins in docs/hardware.md, LED 1 (first flag) to LED 12.
DEFAULT_BAR_PINS: tuple[int, ...] = (5, 6, 13, 19, 26, 12, 16, 20, 21, 4, 18, 25)


class _Table(BaseModel):
    # strict: `hold_time = "1"` is a mistake worth showing, not guessing.
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


def _twice(pins: Mapping[str, int | str | None]) -> str | None:
    seen: dict[int | str, str] = {}
    for name, pin in pins.items():
        if pin is None:
            continue
        if pin in seen:
            return f"pin {pin} is used twice: by {seen[pin]} and by {name}"
        seen[pin] = name
    return None


class PadConfig(_Table):
    """``[hardware.pad]``: the buttons, each wired from its pin to ground.

    >>> PadConfig(call=23).call
    23
    """

    minus: Pin = 17
    plus: Pin = 27
    ok: Pin = 22
    call: Pin | None = None
    back: Pin | None = None
    hold_time: Annotated[float, Field(ge=0.3, le=5.0)] = 1.0
    repeat_time: Annotated[float, Field(ge=0.0, le=2.0)] = 0.4
    bounce_time: Annotated[float, Field(ge=0.0, le=0.5)] = 0.05
    pull_up: bool = True

    def pins(self) -> dict[str, int | str | None]:
        """Each button's pin by name, the optional ones None when not wired."""
        return {
            "minus": self.minus,
            "plus": self.plus,
            "ok": self.ok,
            "call": self.call,
            "back": self.back,
        }

    @_model_validator(mode="after")
    def _distinct(self) -> Self:
        problem = _twice({f"pad.{k}": v for k, v in self.pins().items()})
        if problem:
            raise ValueError(problem)
        return self


class LedConfig(_Table):
    """``[hardware.leds]``: the bar of flags (LED 1 first) and the hub-online status LED.

    >>> LedConfig(pins=[5, 6, 13], status=None).pins
    [5, 6, 13]
    """

    pins: Annotated[list[Pin], Field(min_length=1, max_length=28)] = list(DEFAULT_BAR_PINS)
    status: Pin | None = 24
    pwm: bool = False
    brightness: Annotated[float, Field(gt=0.0, le=1.0)] = 1.0
    active_high: bool = True

    @_model_validator(mode="after")
    def _consistent(self) -> Self:
        named = {f"leds.pins item {i + 1}": pin for i, pin in enumerate(self.pins)}
        problem = _twice({**named, "leds.status": self.status})
        if problem:
            raise ValueError(problem)
        if self.brightness < 1.0 and not self.pwm:
            raise ValueError("brightness needs pwm = true (without PWM an LED is on or off)")
        return self


class CounterConfig(_Table):
    """``[hardware.counter]``: the serial flag counter box and how patient its check is.

    ``settle``: seconds the counter must agree with itself before a difference counts (a hand
    moving flags); ``grace``: seconds after the hub's count changes during which players are
    still carrying flags, so no difference is reported.

    >>> CounterConfig(port="/dev/ttyUSB0").baud
    9600
    """

    port: Annotated[str, Field(min_length=1)]
    baud: Baud = 9600
    settle: Annotated[float, Field(ge=0.0, le=60.0)] = 2.0
    grace: Annotated[float, Field(ge=0.0, le=900.0)] = 60.0


class HardwareConfig(_Table):
    """The ``[hardware]`` table of kiosk.toml: each sub-table present turns one device on.

    >>> HardwareConfig().pad is None
    True
    """

    pad: PadConfig | None = None
    leds: LedConfig | None = None
    counter: CounterConfig | None = None

    @_model_validator(mode="after")
    def _no_shared_pins(self) -> Self:
        pins: dict[str, int | str | None] = {}
        if self.pad is not None:
            pins.update({f"pad.{k}": v for k, v in self.pad.pins().items()})
        if self.leds is not None:
            pins.update({f"leds.pins item {i + 1}": p for i, p in enumerate(self.leds.pins)})
            pins["leds.status"] = self.leds.status
        problem = _twice(pins)
        if problem:
            raise ValueError(problem)
        return self


class ScoreboardConfig(_Table):
    """``[scoreboard]`` in the hall display's config: the serial hall scoreboard.

    ``rows``: teams the board shows at once (more teams are shown in pages, each for
    ``page_seconds``); ``name_width``: characters of a team name it has room for; ``score``:
    ``flags`` (Alberta), ``points`` (Gaspésie) or ``auto`` (points once any team has some).

    >>> ScoreboardConfig(port="/dev/ttyACM0", rows=10).page_seconds
    8.0
    """

    port: Annotated[str, Field(min_length=1)]
    baud: Baud = 9600
    rows: Annotated[int, Field(ge=1, le=64)] = 8
    name_width: Annotated[int, Field(ge=4, le=60)] = 16
    page_seconds: Annotated[float, Field(ge=2.0, le=120.0)] = 8.0
    score: Literal["auto", "flags", "points"] = "auto"


M = typing.TypeVar("M", bound=BaseModel)


def parse_hardware_config(data: Mapping[str, Any] | HardwareConfig | None) -> HardwareConfig:
    """The ``[hardware]`` table as parsed TOML (or None: no hardware), checked.

    Raises :class:`~hardware.errors.HardwareConfigError` naming every problem.
    """
    if isinstance(data, HardwareConfig):
        return data
    return _parse(HardwareConfig, data or {}, "hardware")


def parse_scoreboard_config(data: Mapping[str, Any] | ScoreboardConfig) -> ScoreboardConfig:
    """The ``[scoreboard]`` table, checked; raises :class:`HardwareConfigError`."""
    if isinstance(data, ScoreboardConfig):
        return data
    return _parse(ScoreboardConfig, data, "scoreboard")


def _parse(model: type[M], data: object, prefix: str) -> M:
    if not isinstance(data, Mapping):
        raise HardwareConfigError([f"[{prefix}] must be a table (got {_show(data)})"])
    try:
        return model.model_validate(dict(data))
    except ValidationError as exc:
        raise HardwareConfigError(
            [_readable(model, prefix, e) for e in exc.errors(include_url=False)]
        ) from None


def _readable(model: type[BaseModel], prefix: str, error: Any) -> str:
    loc = tuple(error["loc"])
    kind = str(error["type"])
    if kind == "extra_forbidden":
        owner = _model_at(model, loc[:-1])
        where = _where(prefix, loc[:-1])
        known = list(owner.model_fields) if owner else []
        close = difflib.get_close_matches(str(loc[-1]), known, n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        return f"{where}: unknown key {loc[-1]!r} ({hint}the keys are: {', '.join(known)})"
    where = _where(prefix, loc)
    if kind == "missing":
        return f"{where}: missing (it has no default: write it in the file)"
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        return f"{where} must be a table, like [{where}] (got {_show(error['input'])})"
    message = str(error["msg"]).removeprefix("Value error, ")
    if kind == "value_error":
        return f"{where}: {message}"
    return f"{where}: {message} (got {_show(error['input'])})"


def _where(prefix: str, loc: tuple[Any, ...]) -> str:
    text = prefix
    for part in loc:
        text += f" item {part + 1}" if isinstance(part, int) else f".{part}"
    return text


def _model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    current: type[BaseModel] | None = model
    for part in loc:
        if current is None or not isinstance(part, str) or part not in current.model_fields:
            return None
        current = _model_in(current.model_fields[part].annotation)
    return current


def _model_in(annotation: object) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        for arg in typing.get_args(annotation):
            found = _model_in(arg)
            if found is not None:
                return found
    return None


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
