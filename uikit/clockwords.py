"""The room's clock as the kiosk, the console and the hall show it (issue 26): what the hub
last said of it (``State.clock``), read in the hub's time whatever the screen's own clock
says, and said calmly — about how many minutes are left, then m:ss in the last five minutes,
then the time over, counting up.

The texts belong to the kiosk's, the leader's and the hall's catalogs: each domain's
``pybabel extract`` reads this file (kiosk/i18n.py, console/i18n.py, hall/i18n.py).

>>> from whist.protocol import Clock, State
>>> local = [100.0]
>>> face = ClockFace(lambda: local[0])
>>> state = State(tournament="T", format="alberta", tables=3, hand=1, hands=3, day=1,
...     phase="playing", trump="hearts", reported=[], missing=[1, 2, 3],
...     clock=Clock(unit=1, started=5000.0, seconds=1200, now=5060.0, playing=[1, 2, 3]))
>>> face.on_state(state)
>>> from functools import partial
>>> from uikit.i18n import load_domain
>>> def translator(language):
...     return Translator(language, load=partial(load_domain, "kiosk"))
>>> face.words(translator("en"))
'About 19 minutes left'
>>> local[0] += 17 * 60
>>> face.words(translator("fr"))
'Il reste 2:00'
>>> local[0] += 4 * 60 + 12
>>> face.words(translator("en"))
'2:12 over'
"""

from __future__ import annotations

from collections.abc import Callable

from uikit.i18n import Translator
from whist.clock import HubTime, Reading, left, mm_ss, reading
from whist.protocol import Clock, State


class ClockFace:
    """The clock a screen shows: fed each State, asked for its words at every tick.
    ``local``: the screen's own steady clock (``time.monotonic``; a test passes a fake, or
    one an hour off: only the hub's times count)."""

    def __init__(self, local: Callable[[], float]) -> None:
        self.hub = HubTime(local)
        self.clock: Clock | None = None

    def on_state(self, state: State) -> None:
        self.clock = state.clock
        if state.clock is not None:
            self.hub.seen(state.clock.now)

    def seconds_left(self) -> float | None:
        """Seconds left now (below 0: over); None when no clock runs."""
        now = self.hub.now()
        if self.clock is None or now is None:
            return None
        return left(self.clock, now)

    def reading(self) -> Reading | None:
        seconds = self.seconds_left()
        if self.clock is None or seconds is None:
            return None
        return reading(seconds, paused=self.clock.paused_at is not None)

    def over(self) -> bool:
        """Time is up (and the clock not paused)."""
        r = self.reading()
        return r is not None and r.kind == "over"

    def words(self, tr: Translator) -> str:
        """What the screen says; "" when no clock runs."""
        r = self.reading()
        return "" if r is None else clock_words(tr, r)


def clock_words(tr: Translator, r: Reading) -> str:
    """The time left in words, the same on every screen."""
    if r.kind == "paused":
        return tr.t("Clock paused: {time} left").format(time=mm_ss(r.seconds))
    if r.kind == "calm":
        return tr.nt("About {n} minute left", "About {n} minutes left", r.minutes).format(
            n=r.minutes
        )
    if r.kind == "close":
        return tr.t("{time} left").format(time=mm_ss(r.seconds))
    return tr.t("{time} over").format(time=mm_ss(r.seconds))
