"""[hardware] and [scoreboard]: strict, readable, and never fatal to the kiosk."""

from __future__ import annotations

import logging
import tomllib

import pytest
from gpiozero.pins.mock import MockPWMPin

from hardware import (
    DeviceState,
    HardwareConfig,
    HardwareConfigError,
    direct_post,
    from_config,
    parse_hardware_config,
    parse_scoreboard_config,
    scoreboard_from_config,
)
from hardware.config import DEFAULT_BAR_PINS

KIOSK_TOML = """
table = 7
host = "192.168.1.10"

[hardware.pad]
minus = 17
plus = 27
ok = 22
call = 23
hold_time = 1.2

[hardware.leds]
pins = [5, 6, 13, 19, 26, 12, 16, 20, 21, 4, 18, 25]
status = 24
pwm = true
brightness = 0.6

[hardware.counter]
port = "/dev/serial/by-id/usb-whist-flagcounter"
baud = 9600
"""


def test_the_documented_example_parses():
    cfg = parse_hardware_config(tomllib.loads(KIOSK_TOML)["hardware"])
    assert cfg.pad is not None and cfg.pad.call == 23 and cfg.pad.hold_time == 1.2
    assert cfg.leds is not None and cfg.leds.pwm and cfg.leds.brightness == 0.6
    assert cfg.counter is not None and cfg.counter.port.endswith("flagcounter")
    assert cfg.counter.settle == 2.0 and cfg.counter.grace == 60.0


def test_no_table_means_no_hardware():
    assert parse_hardware_config(None) == HardwareConfig()
    assert parse_hardware_config({}) == HardwareConfig()


def test_empty_sub_tables_mean_the_documented_wiring():
    cfg = parse_hardware_config({"pad": {}, "leds": {}})
    assert (cfg.pad.minus, cfg.pad.plus, cfg.pad.ok, cfg.pad.call) == (17, 27, 22, None)
    assert tuple(cfg.leds.pins) == DEFAULT_BAR_PINS and cfg.leds.status == 24


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"pad": {"hold": 2}}, "hardware.pad: unknown key 'hold' (did you mean 'hold_time'?"),
        ({"buttons": {}}, "hardware: unknown key 'buttons'"),
        ({"pad": {"ok": 40}}, "hardware.pad.ok: must be a BCM GPIO number from 0 to 27"),
        ({"pad": {"ok": True}}, "hardware.pad.ok: must be a BCM GPIO number"),
        ({"pad": {"ok": "pin 3"}}, 'like "GPIO17" or "BOARD11"'),
        ({"pad": {"hold_time": "1"}}, "hardware.pad.hold_time: Input should be a valid number"),
        ({"pad": {"hold_time": 9}}, "hardware.pad.hold_time: Input should be less than or equal"),
        ({"pad": {"plus": 17}}, "pin 17 is used twice: by pad.minus and by pad.plus"),
        ({"pad": {}, "leds": {"status": 22}}, "pin 22 is used twice: by pad.ok and by leds.status"),
        ({"leds": {"pins": []}}, "hardware.leds.pins: List should have at least 1 item"),
        ({"leds": {"pins": [5, "x"]}}, "hardware.leds.pins item 2: must be a BCM GPIO number"),
        ({"leds": {"brightness": 0.5}}, "brightness needs pwm = true"),
        ({"counter": {}}, "hardware.counter.port: missing"),
        ({"counter": {"port": "/dev/ttyUSB0", "baud": 9601}}, "hardware.counter.baud"),
        ({"pad": 3}, "hardware.pad must be a table, like [hardware.pad]"),
    ],
)
def test_mistakes_are_refused_in_words(data, message):
    with pytest.raises(HardwareConfigError) as caught:
        parse_hardware_config(data)
    assert message in str(caught.value), str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_every_problem_is_listed():
    with pytest.raises(HardwareConfigError) as caught:
        parse_hardware_config({"pad": {"hold": 1, "ok": 99}, "leds": {"pwm": "yes"}})
    assert len(caught.value.problems) == 3


def test_pin_names_are_accepted():
    cfg = parse_hardware_config({"pad": {"ok": "board15", "call": " GPIO23 "}})
    assert (cfg.pad.ok, cfg.pad.call) == ("BOARD15", "GPIO23")


def test_scoreboard_config():
    cfg = parse_scoreboard_config({"port": "/dev/ttyACM0", "rows": 10, "score": "points"})
    assert (cfg.rows, cfg.name_width, cfg.page_seconds, cfg.score) == (10, 16, 8.0, "points")
    with pytest.raises(HardwareConfigError, match="scoreboard: unknown key 'colour'"):
        parse_scoreboard_config({"port": "/dev/ttyACM0", "colour": "red"})
    with pytest.raises(HardwareConfigError, match=r"scoreboard\.rows"):
        parse_scoreboard_config({"port": "/dev/ttyACM0", "rows": 0})


# -- from_config: a broken wire never stops the kiosk ------------------------------------------


def test_no_hardware_gives_no_devices(intents):
    with from_config(None, intents, direct_post) as hw:
        assert (hw.pad, hw.leds, hw.counter, hw.check) == (None, None, None, None)
        assert hw.status().ok and str(hw.status()) == "no hardware configured"
        hw.show(3, pending=True, hub_online=True)  # all harmless without devices
        hw.hub_flags(3)
        assert hw.poll() is None


def test_a_wrong_table_is_a_status_not_a_crash(intents, caplog):
    with (
        caplog.at_level(logging.WARNING),
        from_config({"pad": {"hold": 1}}, intents, direct_post) as hw,
    ):
        assert hw.pad is None
        (problem,) = hw.status().problems
        assert problem.device == "config" and problem.state is DeviceState.FAILED
        assert "unknown key 'hold'" in problem.detail
    assert "no device is used" in caplog.text


def test_a_busy_pin_loses_one_device_and_keeps_the_others(factory, intents, caplog):
    from gpiozero import LED

    cfg = {"pad": {}, "leds": {}}
    # someone else holds the OK pin
    with (
        LED(22, pin_factory=factory),
        from_config(cfg, intents, direct_post, pin_factory=factory) as hw,
    ):
        assert hw.pad is None and hw.leds is not None
        status = hw.status()
        assert [(d.device, d.state) for d in status.devices] == [
            ("pad", DeviceState.FAILED),
            ("leds", DeviceState.OK),
        ]
        assert "GPIOPinInUse" in status.problems[0].detail
        hw.show(5, pending=False, hub_online=True)
        assert sum(led.value for led in hw.leds.leds) == 5
    assert "hardware: no pad" in caplog.text


def test_pwm_leds_on_a_factory_without_pwm_fail_alone(factory, intents):
    with from_config({"leds": {"pwm": True}}, intents, direct_post, pin_factory=factory) as hw:
        assert hw.leds is None
        assert "PinPWMUnsupported" in hw.status().problems[0].detail


def test_pwm_leds(intents):
    from gpiozero.pins.mock import MockFactory

    pwm = MockFactory(pin_class=MockPWMPin)
    with from_config(
        {"leds": {"pwm": True, "brightness": 0.25}}, intents, direct_post, pin_factory=pwm
    ) as hw:
        hw.show(2, pending=False, hub_online=True)
        assert [led.value for led in hw.leds.leds[:3]] == [0.25, 0.25, 0]


def test_an_absent_counter_port_is_waited_for(intents, tmp_path):
    cfg = {"counter": {"port": str(tmp_path / "ttyNOTHERE")}}
    with from_config(cfg, intents, direct_post) as hw:
        assert hw.counter is not None and hw.check is not None
        (problem,) = hw.status().problems
        assert problem.device == "counter" and problem.state is DeviceState.WAITING


def test_an_unusable_counter_url_still_only_waits(intents):
    with from_config({"counter": {"port": "nosuch://x"}}, intents, direct_post) as hw:
        assert hw.status().problems[0].state is DeviceState.WAITING


def test_scoreboard_from_config(tmp_path):
    assert scoreboard_from_config(None).scoreboard is None
    with scoreboard_from_config({"port": str(tmp_path / "ttyBOARD"), "rows": 4}) as hall:
        assert hall.scoreboard is not None and hall.scoreboard.rows == 4
        assert hall.status().problems[0].state is DeviceState.WAITING
    with scoreboard_from_config({"port": "x", "rows": "4"}) as hall:
        assert hall.scoreboard is None and "scoreboard.rows" in str(hall.status())
