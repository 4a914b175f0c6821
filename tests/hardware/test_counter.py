"""The serial flag counter (loop:// and a scripted pty peer) and the patient FlagCheck."""

from __future__ import annotations

import logging

import pytest
import serial

from hardware import FlagCheck, FlagCounter, FlagMismatch, direct_post
from hardware.lines import encode_line
from hardware.testing import PtyPeer

from .conftest import eventually

FAST = (0.05, 0.2)  # reopen backoff in these tests


class Heard:
    """What the counter told the UI thread."""

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.links: list[bool] = []


@pytest.fixture
def heard() -> Heard:
    return Heard()


@pytest.fixture
def wire():
    port = serial.serial_for_url("loop://", timeout=0.05)
    yield port
    port.close()


def loop_counter(wire, ui, heard, **kw):
    return FlagCounter(
        "loop://",
        post=ui.post,
        on_count=heard.counts.append,
        on_link=heard.links.append,
        open_port=lambda: wire,
        backoff=FAST,
        **kw,
    )


@pytest.fixture
def box(tmp_path):
    with PtyPeer(tmp_path / "ttyFLAGS") as peer:
        yield peer


def pty_counter(box, ui, heard, **kw):
    return FlagCounter(
        box.path,
        post=ui.post,
        on_count=heard.counts.append,
        on_link=heard.links.append,
        backoff=FAST,
        **kw,
    )


def greet(box, flags=12):
    box.expect("HELLO WHIST 1", ["HELLO FLAGCOUNTER 1 firmware 0.3"])
    box.expect("COUNT?", [f"FLAGS {flags}"])


# -- the line protocol over pyserial's loop:// ------------------------------------------------


def test_counts_reach_the_ui_thread_once_per_change(wire, ui, heard):
    with loop_counter(wire, ui, heard) as counter:
        eventually(lambda: counter.connected)
        wire.write(b"FLAGS 12\nFLAGS 12\n" + encode_line("FLAGS", 11))
        ui.run_until(lambda: heard.counts == [12, 11], what=f"counts, got {heard.counts}")
        assert heard.links == [True]
        assert counter.count == 11 and counter.live and counter.problem_text is None


def test_bad_lines_are_logged_and_ignored(wire, ui, heard, caplog):
    with caplog.at_level(logging.WARNING), loop_counter(wire, ui, heard) as counter:
        eventually(lambda: counter.connected)
        wire.write(
            b"TEMPERATURE 20\n"
            b"\x00\xff garbage\n"
            b"FLAGS 11*00\n"  # wrong checksum
            b"FLAGS eleven\n"
            b"FLAGS 1 2\n"
            b"FLAGS 1000\n"
            b"FLAGS 9\n"
        )
        ui.run_until(lambda: heard.counts == [9], what=f"the good line, got {heard.counts}")
        assert counter.bad_lines == 6
    assert "ignored a bad line (checksum is" in caplog.text
    assert "does not say TEMPERATURE" in caplog.text


def test_a_storm_of_bad_lines_is_counted_not_logged_line_by_line(wire, ui, heard, caplog):
    with caplog.at_level(logging.WARNING), loop_counter(wire, ui, heard) as counter:
        eventually(lambda: counter.connected)
        wire.write(b"noise\n" * 200 + b"FLAGS 3\n")
        ui.run_until(lambda: heard.counts == [3])
    assert caplog.text.count("ignored a bad line") == 5
    assert "200 bad lines so far" in caplog.text


def test_errors_reported_by_the_box_are_logged(wire, ui, heard, caplog):
    with caplog.at_level(logging.WARNING), loop_counter(wire, ui, heard) as counter:
        eventually(lambda: counter.connected)
        wire.write(b"ERR sensor 4 stuck\nFLAGS 2\n")
        ui.run_until(lambda: heard.counts == [2])
    assert "reports: sensor 4 stuck" in caplog.text


def test_a_failing_callback_does_not_stop_the_counter(wire, heard):
    def crash(flags: int) -> None:
        raise RuntimeError("presenter bug")

    posted: list[int] = []

    def post(fn):
        try:
            fn()
        finally:
            posted.append(1)

    with FlagCounter("loop://", post=post, on_count=crash, open_port=lambda: wire) as counter:
        eventually(lambda: counter.connected)
        wire.write(b"FLAGS 1\nFLAGS 2\n")
        eventually(lambda: len(posted) == 2, what="both counts posted")
        assert counter.count == 2 and counter.connected


# -- the scripted box on a pseudo-terminal -----------------------------------------------------


def test_hello_and_first_count(box, ui, heard):
    greet(box, flags=12)
    with pty_counter(box, ui, heard) as counter:
        box.wait_done()
        ui.run_until(lambda: heard.counts == [12])
        assert heard.links == [True] and counter.count == 12


def test_asks_again_when_the_box_is_quiet(box, ui, heard):
    box.expect("HELLO WHIST 1")
    box.expect("COUNT?")
    box.expect("COUNT?", ["FLAGS 7"])
    with pty_counter(box, ui, heard, query_after=0.2):
        box.wait_done()
        ui.run_until(lambda: heard.counts == [7])


def test_silence_makes_the_count_unknown(box, ui, heard):
    greet(box, flags=5)
    with pty_counter(box, ui, heard, query_after=10, stale_after=0.3) as counter:
        ui.run_until(lambda: heard.links == [True, False], what=f"links {heard.links}")
        assert counter.count is None and not counter.live
        assert "has not answered" in (counter.problem_text or "")
        box.send("FLAGS 5")
        ui.run_until(lambda: heard.links == [True, False, True])
        assert heard.counts == [5, 5]  # known again: told again


def test_unplug_and_replug(box, ui, heard, caplog):
    greet(box, flags=12)
    with pty_counter(box, ui, heard) as counter:
        box.wait_done()
        ui.run_until(lambda: heard.counts == [12])
        box.unplug()
        ui.run_until(lambda: heard.links == [True, False], what="the loss")
        eventually(lambda: not counter.connected)
        assert counter.count is None
        assert "was lost" in (counter.problem_text or "") or "cannot open" in (
            counter.problem_text or ""
        )
        greet(box, flags=11)
        box.replug()
        box.wait_done()
        ui.run_until(lambda: heard.counts == [12, 11], what=f"counts {heard.counts}")
        assert heard.links == [True, False, True] and counter.live
    assert "waiting for it to come back" in caplog.text


def test_a_box_plugged_in_after_the_kiosk_started(box, ui, heard):
    box.unplug()
    with pty_counter(box, ui, heard) as counter:
        eventually(lambda: "cannot open" in (counter.problem or ""), what="waiting for the port")
        greet(box, flags=10)
        box.replug()
        box.wait_done()
        ui.run_until(lambda: heard.counts == [10])


def test_another_device_on_the_port_is_not_believed(box, ui, heard, caplog):
    box.expect("HELLO WHIST 1", ["HELLO SCOREBOARD 1", "FLAGS 3"])
    with caplog.at_level(logging.ERROR), pty_counter(box, ui, heard) as counter:
        box.wait_done()
        eventually(
            lambda: counter.problem_text is not None and "SCOREBOARD" in counter.problem_text
        )
        ui.run(0.1)
        assert heard.counts == []
    assert "not a flag counter" in caplog.text


def test_a_counter_of_another_protocol_version_is_not_believed(box, ui, heard):
    box.expect("HELLO WHIST 1", ["HELLO FLAGCOUNTER 2", "FLAGS 3"])
    with pty_counter(box, ui, heard) as counter:
        box.wait_done()
        eventually(lambda: "version 2" in (counter.problem_text or ""))
        box.send("HELLO FLAGCOUNTER 1", "FLAGS 4")  # re-flashed to version 1
        ui.run_until(lambda: heard.counts == [4])


def test_close_is_bounded_and_idempotent(box, ui, heard):
    counter = pty_counter(box, ui, heard)
    eventually(lambda: counter.connected)
    counter.close()
    counter.close()
    assert counter.closed and not counter.connected


# -- FlagCheck, on a clock the test turns ------------------------------------------------------


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def verdicts() -> list[FlagMismatch | None]:
    return []


@pytest.fixture
def check(clock, verdicts) -> FlagCheck:
    return FlagCheck(settle=2, grace=60, clock=clock, on_change=verdicts.append)


def test_agreeing_counts_raise_nothing(check, clock, verdicts):
    check.hub(12)
    check.counter(12)
    clock.now += 100
    assert check.poll() is None and verdicts == []


def test_a_difference_counts_once_the_counter_settles(check, clock, verdicts):
    check.hub(12)
    check.counter(11)
    clock.now += 1.9
    assert check.poll() is None  # a hand may still be moving flags
    clock.now += 0.2
    assert check.poll() == FlagMismatch(counter=11, hub=12)
    assert verdicts == [FlagMismatch(counter=11, hub=12)]
    assert verdicts[0].reason == "flag counter says 11, hub says 12"
    check.poll()
    assert len(verdicts) == 1  # told once


def test_a_moving_count_restarts_the_settling(check, clock, verdicts):
    check.hub(12)
    check.counter(11)
    clock.now += 1.5
    check.counter(10)
    clock.now += 1.5
    assert check.poll() is None
    clock.now += 0.6
    assert check.poll() == FlagMismatch(counter=10, hub=12)


def test_a_new_hub_count_gives_players_time_to_move_flags(check, clock, verdicts):
    check.hub(12)
    check.counter(12)
    clock.now += 10
    check.hub(10)  # the visitors won two flags: they must carry them home
    clock.now += 59
    assert check.poll() is None
    clock.now += 1
    assert check.poll() == FlagMismatch(counter=12, hub=10)
    check.counter(11)
    check.counter(10)  # the flags have gone
    assert verdicts == [FlagMismatch(counter=12, hub=10), None]


def test_an_unknown_side_clears_the_verdict(check, clock, verdicts):
    check.hub(12)
    check.counter(11)
    clock.now += 3
    check.poll()
    check.counter(None)  # unplugged
    assert check.mismatch is None and verdicts[-1] is None
    check.counter(11)
    check.hub(None)  # Gaspésie, or nothing known yet
    clock.now += 100
    assert check.poll() is None


def test_the_reason_fits_a_call():
    assert len(FlagMismatch(counter=999, hub=-999).reason) <= 200


def test_counter_with_direct_post_calls_back_on_its_own_thread(wire):
    seen: list[int] = []
    with FlagCounter(
        "loop://", post=direct_post, on_count=seen.append, open_port=lambda: wire
    ) as counter:
        eventually(lambda: counter.connected)
        wire.write(b"FLAGS 4\n")
        eventually(lambda: seen == [4])
