"""The room's clock on the leader's console (issue 26), whatever the screen: the time left,
the tables still playing once time is up (by how long), and the leader's two taps — more
minutes, a pause for a break and its end. None of them changes a score: nothing to confirm."""

from __future__ import annotations

from console.screens.base import ScreenPresenter
from console.viewmodel import ClockBarVM
from uikit.clockwords import ClockFace
from uikit.i18n import ConsoleTranslator
from uikit.viewmodel import ButtonVM
from whist.clock import mm_ss
from whist.protocol import ClockAdd, ClockPause, ClockResume

#: The minutes one tap of "+5 min" gives the room.
ADD_MINUTES = 5


def slow_tables(tr: ConsoleTranslator, face: ClockFace) -> str:
    """The leader's line once time is up, with the tables still playing: "2:12 over: tables
    3, 7 still playing"; "" while time is left or when every table is done."""
    seconds = face.seconds_left()
    if face.clock is None or seconds is None or seconds >= 0 or not face.clock.playing:
        return ""
    tables = ", ".join(str(t) for t in face.clock.playing)
    return tr.nt(
        "{time} over: table {tables} still playing",
        "{time} over: tables {tables} still playing",
        len(face.clock.playing),
    ).format(time=mm_ss(int(-seconds)), tables=tables)


class ClockPresenter(ScreenPresenter):
    """The clock bar: its words (from the console's :class:`~uikit.clockwords.ClockFace`)
    and the intents ``add_minutes`` and ``pause_or_resume``."""

    def build(self) -> ClockBarVM:
        tr, face = self.tr, self.console.clock_face
        r = face.reading()
        if face.clock is None or r is None:
            return ClockBarVM()
        slow = slow_tables(tr, face)
        text = slow or face.words(tr)
        paused = r.kind == "paused"
        return ClockBarVM(
            text=text,
            role="bad" if slow else "highlight" if r.kind == "over" else "text",
            add=ButtonVM(tr.t("+{n} min").format(n=ADD_MINUTES)),
            pause=ButtonVM(tr.t("Resume the clock") if paused else tr.t("Pause the clock")),
        )

    def add_minutes(self) -> None:
        self._intent()
        if self.console.clock_face.clock is not None:
            self._send(ClockAdd(id=self._id(), minutes=ADD_MINUTES))
        self._changed()

    def pause_or_resume(self) -> None:
        self._intent()
        clock = self.console.clock_face.clock
        if clock is not None and clock.paused_at is None:
            self._send(ClockPause(id=self._id()))
        elif clock is not None:
            self._send(ClockResume(id=self._id()))
        self._changed()
