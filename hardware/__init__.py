"""Optional devices at a kiosk: GPIO buttons, an LED bar of flags, serial counters.

Each device turns the physical world into the intents a touch produces, or shows what the
kiosk knows; none of them knows Kivy or MQTT. A kiosk wires them in with :func:`from_config`
(see docs/hardware.md, "For the kiosk"):

>>> from gpiozero.pins.mock import MockFactory
>>> class Table:                       # the kiosk's table presenter
...     def increment(self): print("+1")
...     def decrement(self): print("-1")
...     def ok(self): print("ok")
...     def back(self): print("back")
...     def call_leader(self): print("call")
>>> factory = MockFactory()
>>> with from_config({"pad": {}}, Table(), direct_post, pin_factory=factory) as hw:
...     factory.pin(27).drive_low()                     # someone presses +
+1
"""

from hardware.build import (
    DeviceState,
    DeviceStatus,
    Hardware,
    HardwareStatus,
    from_config,
    scoreboard_from_config,
)
from hardware.config import (
    CounterConfig,
    HardwareConfig,
    LedConfig,
    PadConfig,
    ScoreboardConfig,
    parse_hardware_config,
    parse_scoreboard_config,
)
from hardware.counter import FlagCheck, FlagCounter, FlagMismatch
from hardware.errors import BadLine, HardwareConfigError, HardwareError
from hardware.intents import PadIntents, Post, direct_post
from hardware.leds import LedBar
from hardware.pad import ButtonPad
from hardware.scoreboard import Scoreboard

__all__ = [
    "BadLine",
    "ButtonPad",
    "CounterConfig",
    "DeviceState",
    "DeviceStatus",
    "FlagCheck",
    "FlagCounter",
    "FlagMismatch",
    "Hardware",
    "HardwareConfig",
    "HardwareConfigError",
    "HardwareError",
    "HardwareStatus",
    "LedBar",
    "LedConfig",
    "PadConfig",
    "PadIntents",
    "Post",
    "Scoreboard",
    "ScoreboardConfig",
    "direct_post",
    "from_config",
    "parse_hardware_config",
    "parse_scoreboard_config",
    "scoreboard_from_config",
]
