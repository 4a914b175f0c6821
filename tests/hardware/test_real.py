"""Real pins and a real serial port, only when the environment names them.

* ``WHIST_TEST_PINS=5,6,13``: free BCM pins on a Raspberry Pi (nothing wired, or LEDs/buttons
  as in docs/hardware.md); gpiozero's default pin factory drives them.
* ``WHIST_TEST_SERIAL=/dev/ttyUSB0``: a serial adapter with its TX wired to its RX (a loopback
  plug, or one jumper wire).
"""

from __future__ import annotations

import os
import time

import pytest
import serial

from hardware import ButtonPad, FlagCounter, LedBar, direct_post
from hardware.lines import LineSplitter, encode_line

from .conftest import RecordingIntents, eventually

PINS = os.environ.get("WHIST_TEST_PINS", "")
PORT = os.environ.get("WHIST_TEST_SERIAL", "")

needs_pins = pytest.mark.skipif(
    not PINS, reason="real GPIO: set WHIST_TEST_PINS to free BCM pins, e.g. 5,6,13 (on a Pi)"
)
needs_port = pytest.mark.skipif(
    not PORT, reason="real serial: set WHIST_TEST_SERIAL to a port with TX wired to RX"
)


def pins() -> list[int]:
    return [int(pin) for pin in PINS.split(",")]


@needs_pins
def test_real_led_bar_lights_each_count():
    with LedBar(pins()) as bar:
        for count in range(len(bar.leds) + 1):
            bar.show(count, pending=False, hub_online=False)
            assert sum(1 for led in bar.leds if led.value) == count


@needs_pins
def test_real_buttons_start_released():
    if len(pins()) < 3:
        pytest.skip("a pad needs three pins in WHIST_TEST_PINS")
    minus, plus, ok = pins()[:3]
    with ButtonPad(RecordingIntents(), direct_post, minus=minus, plus=plus, ok=ok) as pad:
        assert not any(button.is_pressed for button in pad.buttons.values())


@needs_port
def test_real_port_carries_the_line_protocol():
    port = serial.serial_for_url(PORT, baudrate=9600, timeout=0.5)
    try:
        port.reset_input_buffer()
        port.write(encode_line("FLAGS", 11) + encode_line("ROW", 1, 1, 7, 14, "Team 7"))
        splitter = LineSplitter()
        items: list = []
        for _ in range(20):
            items += splitter.feed(port.read(64))
            if len(items) >= 2:
                break
        assert [(i.word, i.checked) for i in items] == [("FLAGS", True), ("ROW", True)]
    finally:
        port.close()


@needs_port
def test_real_port_counter_ignores_its_own_echo():
    # Our HELLO and COUNT? come straight back: neither a bad line nor a counter's answer.
    with FlagCounter(PORT, post=direct_post, query_after=0.1) as counter:
        eventually(lambda: counter.connected, timeout=5)
        time.sleep(0.5)
        assert counter.connected and counter.bad_lines == 0
        assert not counter.live and counter.count is None
