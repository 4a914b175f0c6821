"""Fixtures for the hardware tests: gpiozero's own MockFactory, a recording presenter, a UI queue.

Every wait is bounded by ``WAIT`` seconds and fails with a message when it runs out.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

#: Upper bound of every wait in these tests, in seconds.
WAIT = 2.0


def eventually(check: Callable[[], bool], timeout: float = WAIT, what: str = "") -> None:
    """Wait (bounded) until ``check()`` is true; fail the test with ``what`` otherwise."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what or check}")
        time.sleep(0.005)


class RecordingIntents:
    """A fake table presenter: records every intent, and the thread it arrived on."""

    NAMES = ("increment", "decrement", "ok", "back", "call_leader")

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.threads: set[str] = set()
        self.changed = threading.Event()
        self._lock = threading.Lock()

    def _record(self, name: str) -> None:
        with self._lock:
            self.calls.append(name)
            self.threads.add(threading.current_thread().name)
        self.changed.set()

    def increment(self) -> None:
        self._record("increment")

    def decrement(self) -> None:
        self._record("decrement")

    def ok(self) -> None:
        self._record("ok")

    def back(self) -> None:
        self._record("back")

    def call_leader(self) -> None:
        self._record("call_leader")

    def wait_for(self, count: int, timeout: float = WAIT) -> list[str]:
        """The first ``count`` intents, once that many have come (bounded)."""
        eventually(lambda: len(self.calls) >= count, timeout, f"{count} intents, got {self.calls}")
        return self.calls[:count]


class UiQueue:
    """The kiosk's UI thread in miniature: ``post`` queues, :meth:`run` runs on the test thread."""

    def __init__(self) -> None:
        self.pending: queue.Queue[Callable[[], None]] = queue.Queue()

    def post(self, fn: Callable[[], None]) -> None:
        self.pending.put(fn)

    def run(self, timeout: float = WAIT) -> int:
        """Run everything posted so far (waiting up to ``timeout`` for the first); the count."""
        done = 0
        try:
            fn = self.pending.get(timeout=timeout)
        except queue.Empty:
            return 0
        while True:
            fn()
            done += 1
            try:
                fn = self.pending.get_nowait()
            except queue.Empty:
                return done

    def run_until(self, check: Callable[[], bool], timeout: float = WAIT, what: str = "") -> None:
        """Run posted calls until ``check()`` holds (bounded)."""
        deadline = time.monotonic() + timeout
        while not check():
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"not within {timeout} s: {what or check}")
            self.run(min(left, 0.05))


@pytest.fixture
def factory() -> Iterator[MockFactory]:
    """A fresh MockFactory, passed in explicitly (gpiozero's default factory is never set)."""
    mock = MockFactory()
    yield mock
    mock.reset()


@pytest.fixture
def pwm_factory() -> Iterator[MockFactory]:
    """A MockFactory whose pins do PWM (gpiozero's own MockPWMPin)."""
    mock = MockFactory(pin_class=MockPWMPin)
    yield mock
    mock.reset()


@pytest.fixture
def intents() -> RecordingIntents:
    return RecordingIntents()


@pytest.fixture
def ui() -> UiQueue:
    return UiQueue()
