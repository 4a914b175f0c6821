"""The room's clock as the hub runs it (issue 26), for every kind of occasion: it starts the
clock when a hand (deal, round) starts and stops it when that is over, records the leader's
pauses and added minutes; each a fact in the log, so a hub restarted mid-hand keeps its clock.
The State carries it (``State.clock``) — a start, a length, the pauses and the hub's time of
sending — and the screens count down from that; the hub sends no ticks."""

from __future__ import annotations

import time
from collections.abc import Callable

from hub.service.batch import Batch
from hub.service.live import Live
from hub.service.store import EventStore
from whist.clock import RoomClock
from whist.errors import ErrorCode, TournamentError
from whist.events import ClockExtended, ClockPaused, ClockResumed, ClockStarted, ClockStopped, Event
from whist.occasion import Occasion
from whist.protocol import Clock, ClockAdd, ClockData, ClockPause, ClockResume


class ClockDesk:
    """The clock, the hub's side. ``minutes``: what the event file gives each unit (0: no
    clock); ``unit_in_play``: the hand (deal, round) being played now, None between them;
    ``playing``: the tables still playing a unit; ``wall``: the hub's time (Unix seconds);
    ``events``: the log as the hub opened it.
    The ops ``clock_pause``, ``clock_resume`` and ``clock_add``.

    >>> import tempfile, pathlib
    >>> from hub.service.core import HubCore
    >>> from whist.pattern import default_spec
    >>> store = EventStore(pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3")
    >>> spec = default_spec("alberta", 3).model_copy(update={"minutes": 20})
    >>> core = HubCore(store, spec, wall=lambda: 1000.0)
    >>> from hub.service.batch import Inbound
    >>> _ = core.handle([Inbound("command", None, b'{"v":1,"id":"c1","op":"start_hand"}')])
    >>> core.room_clock.message()
    Clock(unit=1, started=1000.0, seconds=1200, stood=0.0, paused_at=None, now=1000.0, \
playing=[1, 2, 3])
    """

    def __init__(
        self,
        store: EventStore,
        live: Live[Occasion],
        events: list[Event],
        *,
        minutes: Callable[[], int],
        unit_in_play: Callable[[], int | None],
        playing: Callable[[int], list[int]],
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.live = live
        self.minutes = minutes
        self.unit_in_play = unit_in_play
        self.playing = playing
        self.wall = wall
        self.clock = RoomClock.replay(events)  # the log as the hub opened it: read once
        self.store = store
        self._playing: list[int] = self._tables_playing()

    def rebuild(self, pending: list[Event]) -> None:
        """The clock again from the log and ``pending`` (after a bug, as Live's)."""
        self.clock = RoomClock.replay([*self.store.events(), *pending])

    def _tables_playing(self) -> list[int]:
        return [] if self.clock.unit is None else self.playing(self.clock.unit)

    def _record(self, event: Event, batch: Batch) -> None:
        self.live.apply(event, batch)
        self.clock.apply(event)
        batch.state = batch.now = True

    def before_commit(self, batch: Batch) -> None:
        """The clock follows the unit in play: started when one starts (if the file gives
        it minutes), stopped when it is over. The State is sent again when the tables
        still playing change (the console's slow tables)."""
        unit = self.unit_in_play()
        if unit != self.clock.unit:
            if unit is None:
                self._record(ClockStopped(at=self.wall()), batch)
            elif self.minutes() > 0:
                self._record(
                    ClockStarted(unit=unit, at=self.wall(), seconds=self.minutes() * 60), batch
                )
            elif self.clock.unit is not None:  # no minutes: no clock for this unit either
                self._record(ClockStopped(at=self.wall()), batch)
        playing = self._tables_playing()
        if playing != self._playing:
            self._playing = playing
            batch.state = True

    def message(self) -> Clock | None:
        """The State's ``clock`` now (None: no clock running)."""
        return self.clock.message(self.wall(), self._tables_playing())

    # ------------------------------------------------------------------ the leader's ops
    def _running(self) -> None:
        if self.clock.unit is None:
            raise TournamentError("no clock is running", ErrorCode.WRONG_PHASE)

    def _data(self) -> ClockData:
        clock = self.message()
        assert clock is not None
        return ClockData(clock=clock)

    def _do_clock_pause(self, cmd: ClockPause, batch: Batch) -> ClockData:
        self._running()
        if self.clock.paused_at is not None:
            raise TournamentError("the clock is already paused", ErrorCode.WRONG_PHASE)
        self._record(ClockPaused(at=self.wall()), batch)
        return self._data()

    def _do_clock_resume(self, cmd: ClockResume, batch: Batch) -> ClockData:
        self._running()
        if self.clock.paused_at is None:
            raise TournamentError("the clock is not paused", ErrorCode.WRONG_PHASE)
        self._record(ClockResumed(at=self.wall()), batch)
        return self._data()

    def _do_clock_add(self, cmd: ClockAdd, batch: Batch) -> ClockData:
        self._running()
        self._record(ClockExtended(seconds=cmd.minutes * 60), batch)
        return self._data()
