"""Try the wired devices by hand: ``python -m hardware.check --pad --leds``.

For a volunteer with a screwdriver: every press is printed with the intent it sends, the LEDs
light one after the other and then show a trick count that ``-`` and ``+`` change; a serial
counter's reports and a scoreboard's pages are printed as they come. Ctrl-C stops it.

    python -m hardware.check --pad --leds                 # pins as in docs/hardware.md
    python -m hardware.check --config ~/.config/whist-kiosk/kiosk.toml --pad --leds
    python -m hardware.check --counter /dev/ttyUSB0
    python -m hardware.check --scoreboard /dev/ttyACM0 --teams 20
"""

from __future__ import annotations

import argparse
import logging
import queue
import sys
import threading
import time
import tomllib
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any, TextIO

from gpiozero.pins import Factory  # type: ignore[import-untyped]

from hardware.config import HardwareConfig, LedConfig, PadConfig, parse_hardware_config
from hardware.counter import FlagCounter
from hardware.errors import HardwareConfigError
from hardware.leds import LedBar
from hardware.pad import ButtonPad
from hardware.scoreboard import Scoreboard
from whist.protocol import Standings, TeamStanding

CHASE_STEP = 0.25  # seconds each LED stays lit in the opening chase
NO_GPIO_HINT = (
    "no GPIO driver here: on a Raspberry Pi, install one into the kiosk's environment with "
    "`.venv/bin/pip install -e '.[pi]'` (docs/hardware.md, 'Software')"
)


class _PadTrial:
    """Intents that print what a press means and show a trick count on the LEDs."""

    def __init__(self, out: TextIO, leds: LedBar | None) -> None:
        self.out = out
        self.leds = leds
        self.tricks = 7
        self.pending = False
        self.calling = False

    def _say(self, button: str, intent: str, note: str = "") -> None:
        print(f"{button:<8} -> {intent:<12} {note}".rstrip(), file=self.out, flush=True)
        if self.leds is not None:
            self.leds.show(self.tricks, self.pending, self.calling)

    def increment(self) -> None:
        self.tricks = min(13, self.tricks + 1)
        self._say("+", "increment", f"visitors' tricks: {self.tricks}")

    def decrement(self) -> None:
        self.tricks = max(0, self.tricks - 1)
        self._say("-", "decrement", f"visitors' tricks: {self.tricks}")

    def ok(self) -> None:
        self.pending = not self.pending
        self._say("OK", "ok", "LEDs blink as while a result waits" if self.pending else "")

    def back(self) -> None:
        self.pending = False
        self._say("OK held", "back", "(or the Back button)")

    def call_leader(self) -> None:
        self.calling = not self.calling
        self._say("Call", "call_leader", "status LED " + ("on" if self.calling else "off"))


def main(
    argv: Sequence[str] | None = None,
    *,
    pin_factory: Factory | None = None,
    stop: threading.Event | None = None,
    out: TextIO | None = None,
) -> int:
    """The command line; returns the exit status (``pin_factory``, ``stop``, ``out``: tests)."""
    args = _parser().parse_args(argv)
    out = out or sys.stdout
    stop = stop or threading.Event()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    if not (args.pad or args.leds or args.counter or args.scoreboard):
        print("nothing to check: give --pad, --leds, --counter or --scoreboard", file=out)
        return 2
    try:
        config = _load(args.config)
    except (OSError, tomllib.TOMLDecodeError, HardwareConfigError) as exc:
        print(f"cannot use {args.config}: {exc}", file=out)
        return 2
    if args.seconds is not None:
        threading.Timer(args.seconds, stop.set).start()
    calls: queue.Queue[Callable[[], None]] = queue.Queue()
    with ExitStack() as devices:
        try:
            leds = None
            if args.leds:
                leds = devices.enter_context(_leds(config.leds or LedConfig(), pin_factory, out))
            if args.pad:
                trial = _PadTrial(out, leds)
                _pad(config.pad or PadConfig(), trial, calls.put, pin_factory, devices, out)
            if args.counter:
                devices.enter_context(_counter(args.counter, config, calls.put, out))
            if args.scoreboard:
                devices.enter_context(_scoreboard(args.scoreboard, args.teams, out))
        except Exception as exc:
            print(f"cannot build the device: {type(exc).__name__}: {exc}", file=out)
            if type(exc).__name__ == "BadPinFactory":
                print(NO_GPIO_HINT, file=out)
            return 1
        if leds is not None:
            _chase(leds, stop, out)
            leds.show(7, False, False)
        print("ready; Ctrl-C stops", file=out, flush=True)
        try:
            # Presses arrive on gpiozero's threads and are run here, one at a time, as the
            # kiosk runs them on its UI thread.
            while not stop.is_set():
                try:
                    call = calls.get(timeout=0.1)
                except queue.Empty:
                    continue
                call()
        except KeyboardInterrupt:
            print("", file=out)
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m hardware.check", description="Try the kiosk's wired devices by hand."
    )
    parser.add_argument("--config", type=Path, help="kiosk.toml whose [hardware] to use")
    parser.add_argument("--pad", action="store_true", help="print every button press")
    parser.add_argument("--leds", action="store_true", help="light the LEDs in turn")
    parser.add_argument(
        "--counter",
        nargs="?",
        const="config",
        metavar="PORT",
        help="print the flag counter's reports (PORT, or the one in --config)",
    )
    parser.add_argument("--scoreboard", metavar="PORT", help="send sample standings to PORT")
    parser.add_argument("--teams", type=int, default=12, help="teams in the sample standings")
    parser.add_argument("--seconds", type=float, help="stop after this many seconds")
    return parser


def _load(path: Path | None) -> HardwareConfig:
    if path is None:
        return HardwareConfig()
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    return parse_hardware_config(data.get("hardware", {}))


def _leds(cfg: LedConfig, factory: Factory | None, out: TextIO) -> LedBar:
    print(f"LED bar on BCM {', '.join(map(str, cfg.pins))}; status LED: {cfg.status}", file=out)
    return LedBar(
        cfg.pins,
        status=cfg.status,
        pwm=cfg.pwm,
        brightness=cfg.brightness,
        active_high=cfg.active_high,
        pin_factory=factory,
    )


def _pad(
    cfg: PadConfig,
    trial: _PadTrial,
    post: Callable[[Callable[[], None]], None],
    factory: Factory | None,
    devices: ExitStack,
    out: TextIO,
) -> None:
    wired = ", ".join(f"{name} = {pin}" for name, pin in cfg.pins().items() if pin is not None)
    print(f"buttons: {wired}; hold OK {cfg.hold_time} s for back", file=out)
    devices.enter_context(
        ButtonPad(
            trial,
            post,
            minus=cfg.minus,
            plus=cfg.plus,
            ok=cfg.ok,
            call=cfg.call,
            back=cfg.back,
            hold_time=cfg.hold_time,
            repeat_time=cfg.repeat_time,
            bounce_time=cfg.bounce_time,
            pull_up=cfg.pull_up,
            pin_factory=factory,
        )
    )


def _chase(leds: LedBar, stop: threading.Event, out: TextIO) -> None:
    # One LED at a time, so a swapped wire shows as a jump in the sequence.
    leds.show(0, False, False)
    for index, led in enumerate(leds.leds):
        led.on()
        print(f"LED {index + 1} on", file=out, flush=True)
        stopped = stop.wait(CHASE_STEP)
        led.off()
        if stopped:
            return
    if leds.status_led is not None:
        leds.status_led.on()
        print("status LED on", file=out, flush=True)
        stop.wait(CHASE_STEP)
        leds.status_led.off()


def _counter(
    port: str, config: HardwareConfig, post: Callable[[Callable[[], None]], None], out: TextIO
) -> FlagCounter:
    if port == "config":
        if config.counter is None:
            raise ValueError("no [hardware.counter] in the config: give the port")
        port = config.counter.port
    print(f"flag counter on {port}", file=out)

    def counted(flags: int) -> None:
        print(f"counter: {flags} flags", file=out, flush=True)

    def link(live: bool) -> None:
        print("counter: talking" if live else "counter: silent or unplugged", file=out, flush=True)

    baud = config.counter.baud if config.counter else 9600
    return FlagCounter(port, post=post, on_count=counted, on_link=link, baud=baud)


def _scoreboard(port: str, teams: int, out: TextIO) -> Scoreboard:
    board = Scoreboard(port)
    sample = Standings(
        hand=1,
        day=1,
        teams=[
            TeamStanding(
                team=t,
                name=f"Team {t}",
                flags=12 + (teams + 1) // 2 - t,
                points=0,
                day_totals=[12 + (teams + 1) // 2 - t],
                loans=0,
                rank=t,
            )
            for t in range(1, teams + 1)
        ],
    )
    board.show(sample)
    print(f"scoreboard on {port}: {teams} sample teams, {board.rows} a page", file=out)

    def report() -> None:
        seen = 0
        while not board.closed:
            if board.frames_sent != seen:
                seen = board.frames_sent
                print(f"scoreboard: page sent ({seen} so far)", file=out, flush=True)
            time.sleep(0.2)

    threading.Thread(target=report, daemon=True).start()
    return board


if __name__ == "__main__":
    sys.exit(main())
