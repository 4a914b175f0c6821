"""What a device asks of the kiosk: the same intents a touch on the screen produces.

The kiosk's table presenter implements :class:`PadIntents`; the devices never know whether a
screen or a button is on the other side, and the presenter never knows where a tap came from.
Device callbacks arrive on gpiozero's or a serial reader's thread, so every call is handed to a
:data:`Post` first, which runs it on the UI thread (house habit 6: never touch UI state from a
gpiozero thread).

>>> class Counting:
...     def __init__(self): self.tricks = 7
...     def increment(self): self.tricks += 1
...     def decrement(self): self.tricks -= 1
...     def ok(self): pass
...     def back(self): pass
...     def call_leader(self): pass
>>> presenter: PadIntents = Counting()
>>> direct_post(presenter.increment)
>>> presenter.tricks
8
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, runtime_checkable

#: Runs a zero-argument callable on the UI thread, soon. In the kiosk:
#: ``lambda fn: Clock.schedule_once(lambda dt: fn())``; in tests :func:`direct_post` or a queue.
Post = Callable[[Callable[[], None]], None]


@runtime_checkable
class PadIntents(Protocol):
    """The table presenter's intents that the button pad drives (docs/hardware.md, "The pad").

    ===========  ======================  ==============================================
    button       intent                  meaning at the table
    ===========  ======================  ==============================================
    ``-``        :meth:`decrement`       one trick fewer for the visitors
    ``+``        :meth:`increment`       one trick more for the visitors
    ``OK``       :meth:`ok`              confirm / next (a short press)
    ``OK`` held  :meth:`back`            back, undo the last step (a long press)
    ``Back``     :meth:`back`            the same, on its own button if one is wired
    ``Call``     :meth:`call_leader`     call the leader over
    ===========  ======================  ==============================================

    Holding ``-`` or ``+`` repeats the intent. Every call comes through the kiosk's ``post``,
    on the UI thread.
    """

    def increment(self) -> None:
        """One trick more for the visitors (the ``+`` button)."""

    def decrement(self) -> None:
        """One trick fewer for the visitors (the ``-`` button)."""

    def ok(self) -> None:
        """Confirm, or go to the next step (a short press on ``OK``)."""

    def back(self) -> None:
        """Go back a step (a long press on ``OK``, or the ``Back`` button)."""

    def call_leader(self) -> None:
        """Call the leader to the table (the ``Call`` button)."""


def direct_post(fn: Callable[[], None]) -> None:
    """A :data:`Post` that runs ``fn`` at once, on the caller's thread (tests, the check tool)."""
    fn()
