"""From configuration to devices: what the kiosk and the hall display call.

A missing table means no device. A device that cannot be built (a pin already in use, no GPIO
on this machine, a wrong setting) is logged as a warning and left out, and
:meth:`Hardware.status` says why, so the kiosk keeps working with its touchscreen. A serial
port that is absent is not a failure: its device waits for it, and the status says so.
"""

from __future__ import annotations

import enum
import logging
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Self, TypeVar

from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.config import (
    HardwareConfig,
    ScoreboardConfig,
    parse_hardware_config,
    parse_scoreboard_config,
)
from hardware.counter import FlagCheck, FlagCounter, FlagMismatch
from hardware.errors import HardwareConfigError
from hardware.intents import PadIntents, Post
from hardware.leds import LedBar
from hardware.pad import ButtonPad
from hardware.scoreboard import Scoreboard
from whist.protocol import Standings

log = logging.getLogger(__name__)

D = TypeVar("D")


class DeviceState(enum.Enum):
    """How one configured device is doing."""

    OK = "ok"
    WAITING = "waiting"  # a serial device not answering (yet): it keeps trying
    FAILED = "failed"  # could not be built: absent until the kiosk restarts


@dataclass(frozen=True)
class DeviceStatus:
    """One configured device (``pad``, ``leds``, ``counter``, ``scoreboard`` or ``config``).

    >>> str(DeviceStatus("pad", DeviceState.FAILED, "pin 17 is in use"))
    'pad: failed (pin 17 is in use)'
    """

    device: str
    state: DeviceState
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.device}: {self.state.value}" + (f" ({self.detail})" if self.detail else "")


@dataclass(frozen=True)
class HardwareStatus:
    """Every configured device and how it is doing, for a kiosk's set-up or info screen.

    >>> status = HardwareStatus((DeviceStatus("pad", DeviceState.OK),
    ...                          DeviceStatus("counter", DeviceState.WAITING, "no /dev/ttyUSB0")))
    >>> status.ok, [p.device for p in status.problems]
    (False, ['counter'])
    """

    devices: tuple[DeviceStatus, ...] = ()

    @property
    def ok(self) -> bool:
        """True when every configured device works (also when none is configured)."""
        return not self.problems

    @property
    def problems(self) -> tuple[DeviceStatus, ...]:
        return tuple(d for d in self.devices if d.state is not DeviceState.OK)

    def __str__(self) -> str:
        return "\n".join(str(d) for d in self.devices) or "no hardware configured"


class Hardware:
    """The devices one machine has, each None when absent or broken; closes them all.

    Built by :func:`from_config` (a kiosk) or :func:`scoreboard_from_config` (the hall
    display). The methods do nothing for a device that is not there, so the caller never
    checks.

    >>> from gpiozero.pins.mock import MockFactory
    >>> from hardware.intents import direct_post
    >>> class Table:
    ...     def increment(self): pass
    ...     def decrement(self): pass
    ...     def ok(self): pass
    ...     def back(self): pass
    ...     def call_leader(self): pass
    >>> with from_config({"pad": {}, "leds": {}}, Table(), direct_post,
    ...                  pin_factory=MockFactory()) as hw:
    ...     hw.show(flags=12, pending=False, hub_online=True)
    ...     print(hw.status())
    pad: ok
    leds: ok
    """

    def __init__(
        self,
        *,
        pad: ButtonPad | None = None,
        leds: LedBar | None = None,
        counter: FlagCounter | None = None,
        check: FlagCheck | None = None,
        scoreboard: Scoreboard | None = None,
        failures: Mapping[str, str] | None = None,
        configured: tuple[str, ...] = (),
    ) -> None:
        self.pad = pad
        self.leds = leds
        self.counter = counter
        self.check = check
        self.scoreboard = scoreboard
        self._failures = dict(failures or {})
        self._configured = configured

    def show(self, flags: int, pending: bool, hub_online: bool) -> None:
        """The LED bar: ``flags`` held (or points), a result waiting for its Ack, the hub."""
        if self.leds is not None:
            self.leds.show(flags, pending, hub_online)

    def hub_flags(self, flags: int | None) -> None:
        """The flags the hub says this table holds (Alberta; None when unknown), for the check."""
        if self.check is not None:
            self.check.hub(flags)

    def poll(self) -> FlagMismatch | None:
        """Let the flag check's time pass (call every half second on the UI thread)."""
        return self.check.poll() if self.check is not None else None

    def show_standings(self, standings: Standings) -> None:
        """The hall scoreboard: these standings, page after page."""
        if self.scoreboard is not None:
            self.scoreboard.show(standings)

    def status(self) -> HardwareStatus:
        """How every configured device is doing now."""
        devices: list[DeviceStatus] = []
        for name in self._configured:
            device = getattr(self, name, None)
            if name in self._failures:
                devices.append(DeviceStatus(name, DeviceState.FAILED, self._failures[name]))
            elif isinstance(device, FlagCounter) and device.problem_text is not None:
                devices.append(DeviceStatus(name, DeviceState.WAITING, device.problem_text))
            elif isinstance(device, Scoreboard) and not device.connected:
                devices.append(DeviceStatus(name, DeviceState.WAITING, device.problem or ""))
            else:
                devices.append(DeviceStatus(name, DeviceState.OK))
        return HardwareStatus(tuple(devices))

    def _devices(self) -> Iterator[ButtonPad | LedBar | FlagCounter | Scoreboard]:
        for device in (self.pad, self.leds, self.counter, self.scoreboard):
            if device is not None:
                yield device

    def close(self) -> None:
        """Close every device (idempotent)."""
        for device in self._devices():
            try:
                device.close()
            except Exception:
                log.exception("closing %s failed", type(device).__name__)

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def from_config(
    cfg: HardwareConfig | Mapping[str, Any] | None,
    intents: PadIntents,
    post: Post,
    *,
    pin_factory: Factory | None = None,
    on_flag_mismatch: Callable[[FlagMismatch | None], None] | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> Hardware:
    """A kiosk's devices from its ``[hardware]`` table (a parsed TOML table, or None).

    ``intents`` receives the pad's presses and ``on_flag_mismatch`` the flag check's
    verdicts, both through ``post``, on the UI thread. Never raises for a device or a
    configuration problem: see :meth:`Hardware.status`.
    """
    try:
        config = parse_hardware_config(cfg)
    except HardwareConfigError as exc:
        log.warning("hardware: the [hardware] table is wrong, no device is used:\n%s", exc)
        return Hardware(failures={"config": str(exc)}, configured=("config",))
    failures: dict[str, str] = {}
    configured: list[str] = []
    pad = leds = None
    counter = None
    check = None
    if config.pad is not None:
        configured.append("pad")
        p = config.pad
        pad = _build(
            "pad",
            failures,
            lambda: ButtonPad(
                intents,
                post,
                minus=p.minus,
                plus=p.plus,
                ok=p.ok,
                call=p.call,
                back=p.back,
                hold_time=p.hold_time,
                repeat_time=p.repeat_time,
                bounce_time=p.bounce_time,
                pull_up=p.pull_up,
                pin_factory=pin_factory,
            ),
        )
    if config.leds is not None:
        configured.append("leds")
        q = config.leds
        leds = _build(
            "leds",
            failures,
            lambda: LedBar(
                q.pins,
                status=q.status,
                pwm=q.pwm,
                brightness=q.brightness,
                active_high=q.active_high,
                pin_factory=pin_factory,
            ),
        )
    if config.counter is not None:
        configured.append("counter")
        c = config.counter
        flag_check = FlagCheck(
            settle=c.settle, grace=c.grace, clock=clock, on_change=on_flag_mismatch
        )

        def link(live: bool) -> None:
            if not live:
                flag_check.counter(None)

        counter = _build(
            "counter",
            failures,
            lambda: FlagCounter(
                c.port,
                post=post,
                on_count=flag_check.counter,
                on_link=link,
                baud=c.baud,
            ),
        )
        check = flag_check if counter is not None else None
    return Hardware(
        pad=pad,
        leds=leds,
        counter=counter,
        check=check,
        failures=failures,
        configured=tuple(configured),
    )


def scoreboard_from_config(cfg: ScoreboardConfig | Mapping[str, Any] | None) -> Hardware:
    """The hall display's scoreboard from its ``[scoreboard]`` table (None: no scoreboard)."""
    if cfg is None:
        return Hardware()
    try:
        config = parse_scoreboard_config(cfg)
    except HardwareConfigError as exc:
        log.warning("hardware: the [scoreboard] table is wrong, no scoreboard is used:\n%s", exc)
        return Hardware(failures={"config": str(exc)}, configured=("config",))
    failures: dict[str, str] = {}
    board = _build(
        "scoreboard",
        failures,
        lambda: Scoreboard(
            config.port,
            rows=config.rows,
            name_width=config.name_width,
            page_seconds=config.page_seconds,
            score=config.score,
            baud=config.baud,
        ),
    )
    return Hardware(scoreboard=board, failures=failures, configured=("scoreboard",))


def _build(name: str, failures: dict[str, str], make: Callable[[], D]) -> D | None:
    # Anything can come out of a pin factory (GPIOPinInUse, BadPinFactory, PermissionError on
    # /dev/gpiochip0, ...): whatever it is, this device is left out and the kiosk goes on.
    try:
        return make()
    except Exception as exc:
        failures[name] = f"{type(exc).__name__}: {exc}"
        log.warning("hardware: no %s: %s", name, failures[name], exc_info=True)
        return None
