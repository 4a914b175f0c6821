"""The LED bar and status LED on MockFactory pins: flags, overflow, blinking, PWM."""

from __future__ import annotations

import itertools

import pytest
from gpiozero.exc import PinPWMUnsupported

from hardware import LedBar
from hardware.leds import frames

from .conftest import eventually

PINS = [5, 6, 13, 19, 26, 12]


def values(bar):
    return [led.value for led in bar.leds]


def lit(bar):
    return sum(1 for led in bar.leds if led.value)


def test_bar_shows_flags_first_led_first(factory):
    with LedBar(PINS, pin_factory=factory) as bar:
        bar.show(4, pending=False, hub_online=True)
        assert values(bar) == [1, 1, 1, 1, 0, 0]
        bar.show(0, pending=False, hub_online=True)
        assert values(bar) == [0] * 6
        assert factory.pin(5).state == 0


def test_status_led_follows_the_hub(factory):
    with LedBar(PINS, status=24, pin_factory=factory) as bar:
        bar.show(3, pending=False, hub_online=True)
        assert bar.status_led.value == 1
        assert factory.pin(24).state == 1
        bar.show(3, pending=False, hub_online=False)
        assert bar.status_led.value == 0
        assert values(bar) == [1, 1, 1, 0, 0, 0]


def test_negative_counts_light_nothing(factory):
    with LedBar(PINS, pin_factory=factory) as bar:
        bar.show(-2, pending=False, hub_online=False)
        assert values(bar) == [0] * 6


def test_more_flags_than_leds_lights_all_and_flickers_the_last(factory):
    with LedBar(PINS, pin_factory=factory) as bar:
        bar.show(9, pending=False, hub_online=True)
        eventually(lambda: bar.leds[-1].value == 0, what="last LED off")
        assert values(bar)[:-1] == [1] * 5  # the others stay lit
        eventually(lambda: bar.leds[-1].value == 1, what="last LED on again")
        bar.show(6, pending=False, hub_online=True)  # exactly full: steady
        assert values(bar) == [1] * 6
        assert bar._board.source is None


def test_lit_leds_blink_together_while_a_result_waits_for_its_ack(factory):
    with LedBar(PINS, pin_factory=factory) as bar:
        bar.show(3, pending=True, hub_online=True)
        eventually(lambda: lit(bar) == 0, what="the lit LEDs go dark")
        eventually(lambda: values(bar) == [1, 1, 1, 0, 0, 0], what="and light again together")
        bar.show(2, pending=False, hub_online=True)  # the Ack came: steady at the new count
        assert values(bar) == [1, 1, 0, 0, 0, 0]
        assert bar._board.source is None  # no animation left running


def test_pending_with_no_flag_blinks_the_first_led(factory):
    with LedBar(PINS, pin_factory=factory) as bar:
        bar.show(0, pending=True, hub_online=True)
        assert values(bar) == [1, 0, 0, 0, 0, 0]
        eventually(lambda: bar.leds[0].value == 0, what="LED 1 blinks")


def test_pending_wins_over_overflow(factory):
    with LedBar(PINS, pin_factory=factory) as bar:
        bar.show(8, pending=True, hub_online=True)
        eventually(lambda: lit(bar) == 0, what="the whole bar blinks")


def test_showing_the_same_again_keeps_the_blink_going(factory):
    with LedBar(PINS, pin_factory=factory) as bar:
        bar.show(3, pending=True, hub_online=True)
        thread = bar._board._source_thread
        bar.show(3, pending=True, hub_online=False)
        assert bar._board._source_thread is thread
        assert bar.status_led is None


def test_pwm_bar_breathes_and_dims(pwm_factory):
    with LedBar(PINS, status=24, pwm=True, brightness=0.5, pin_factory=pwm_factory) as bar:
        bar.show(2, pending=False, hub_online=True)
        assert values(bar) == [0.5, 0.5, 0, 0, 0, 0]
        assert bar.status_led.value == 0.5
        assert pwm_factory.pin(5).state == pytest.approx(0.5)
        bar.show(2, pending=True, hub_online=True)
        seen = set()

        def breathing():
            seen.add(bar.leds[0].value)
            return len(seen) >= 5

        eventually(breathing, what="several brightness levels")
        assert all(0 < level <= 0.5 for level in seen)
        assert bar.leds[2].value == 0


def test_pwm_needs_pwm_pins(factory):
    with pytest.raises(PinPWMUnsupported):
        LedBar(PINS, pwm=True, pin_factory=factory)


def test_brightness_needs_pwm(factory):
    with pytest.raises(ValueError):
        LedBar(PINS, brightness=0.5, pin_factory=factory)


def test_active_low_leds(factory):
    with LedBar(PINS, active_high=False, pin_factory=factory) as bar:
        bar.show(1, pending=False, hub_online=False)
        assert values(bar) == [1, 0, 0, 0, 0, 0]
        assert factory.pin(5).state == 0  # lit by pulling the pin low
        assert factory.pin(6).state == 1


def test_close_turns_everything_off_and_frees_the_pins(factory):
    bar = LedBar(PINS, status=24, pin_factory=factory)
    bar.show(9, pending=True, hub_online=True)
    bar.close()
    bar.close()
    assert bar.closed and bar.leds == ()
    bar.show(3, pending=False, hub_online=True)  # a closed bar ignores show
    with LedBar(PINS, status=24, pin_factory=factory) as again:
        assert values(again) == [0] * 6


def test_a_status_pin_in_use_frees_the_bar(factory):
    with LedBar([4], pin_factory=factory), pytest.raises(Exception, match=r"4|in use"):
        LedBar(PINS, status=4, pin_factory=factory)
    with LedBar(PINS, pin_factory=factory):
        pass


def test_frames_are_a_pure_description():
    assert list(frames(2, 4, pending=False)) == [(1.0, 1.0, 0.0, 0.0)]
    blink = list(itertools.islice(frames(2, 4, pending=True), 40))
    assert {f[0] for f in blink} == {0.0, 1.0}
    assert all(f[2:] == (0.0, 0.0) for f in blink)
    assert all(f[0] == f[1] for f in blink)  # in step
    flicker = list(itertools.islice(frames(5, 4, pending=False), 12))
    assert all(f[:3] == (1.0, 1.0, 1.0) for f in flicker)
    assert {f[3] for f in flicker} == {0.0, 1.0}
