"""The table's router: the page opened over what the table's state shows by itself, the
result being tapped in, and where Change and Done go back to.

>>> from kiosk.viewmodel import Screen
>>> r = TableRouter()
>>> r.open(Screen.ENTRY); r.leave_flow(); r.mode is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from kiosk.viewmodel import MAX_REVOKES, Screen
from uikit import screens
from whist.protocol import Result, TableView
from whist.protocol.messages import CallTopic

SideName = Literal["home", "visitors"]

#: A result is being tapped in: on the hand's own keypad (HAND, once a number or a revoke
#: was chosen), the pad's or "Enter again"'s keypad (ENTRY), revokes, the confirm screen.
ENTRY_FLOW = (Screen.HAND, Screen.ENTRY, Screen.REVOKES, Screen.CONFIRM)
COUNT_FLOW = (Screen.COUNT, Screen.COUNT_CONFIRM)


@dataclass(frozen=True)
class Draft:
    """A result being tapped in: the hand it is for and what has been chosen so far.

    >>> Draft(hand=5, visitor_tricks=8).with_revokes("home", 1).revokes_home
    1
    """

    hand: int
    visitor_tricks: int | None = None
    revokes_home: int = 0
    revokes_visitors: int = 0
    revoke_side: SideName = "home"
    home_agrees: bool = False
    visitors_agree: bool = False
    typed: bool = False  # the last value came from digit(): a second digit may follow

    def revokes(self, side: SideName) -> int:
        return self.revokes_home if side == "home" else self.revokes_visitors

    def with_revokes(self, side: SideName, count: int) -> Draft:
        """*count* revokes for *side* (kept within 0..13), which becomes the chosen side."""
        count = max(0, min(MAX_REVOKES, count))
        if side == "home":
            return replace(self, revokes_home=count, revoke_side=side)
        return replace(self, revokes_visitors=count, revoke_side=side)

    def agreed(self, side: SideName) -> Draft:
        if side == "home":
            return replace(self, home_agrees=True)
        return replace(self, visitors_agree=True)

    def unagreed(self) -> Draft:
        """The same numbers, agreed by nobody (they changed, or the players went back)."""
        return replace(self, home_agrees=False, visitors_agree=False)

    @classmethod
    def of(cls, result: Result) -> Draft:
        return cls(
            hand=result.hand,
            visitor_tricks=result.visitor_tricks,
            revokes_home=result.revokes.home,
            revokes_visitors=result.revokes.visitors,
        )


class TableRouter(screens.Router[Screen]):
    """The page over the table's own screen (``mode``), the result being tapped in, the
    hand's moves shown or waiting their turn, and the one-off words of the banner."""

    def __init__(self) -> None:
        super().__init__()
        self.draft: Draft | None = None
        self.keypad_screen = Screen.HAND  # where Change goes back to
        self.revokes_from = Screen.ENTRY  # where the revokes page's Done goes back to
        self.move: TableView | None = None  # the view of the hand whose moves are shown
        self.queued_move: TableView | None = None
        self.watching: str | None = None  # the result the pending screen is about
        self.repeat: str = ""  # a msgid: what the confirm screen says to a second tap
        self.notice: str = ""  # a msgid shown once in the banner, cleared by the next intent
        self.error: str = ""  # a msgid shown on the confirm screen
        # calling the leader (issue 25): the page it opened over, and the reason chosen
        self.call_from: Screen | None = None
        self.call_topic: CallTopic | None = None

    def another_event(self) -> None:
        """The hub holds another tournament: an answer on show was the last one's."""
        if self.mode in (Screen.ACCEPTED, Screen.REJECTED):
            self.mode = None

    def leave_flow(self) -> None:
        """Out of the result being tapped in, to the moves still to show, if any."""
        self.mode, self.draft, self.error, self.repeat = None, None, "", ""
        self.take_queued_move()

    def take_queued_move(self) -> None:
        if self.queued_move is not None and self.mode is None:
            self.move, self.mode = self.queued_move, Screen.MOVE
            self.queued_move = None

    def show_move(self, move: TableView) -> None:
        """A new hand's moves: now, or once the players have finished what they tap in."""
        if self.mode in ENTRY_FLOW or self.mode in (Screen.REJECTED, Screen.CALL):
            self.queued_move = move  # never throw away what the players are tapping in
        else:
            self.move, self.mode = move, Screen.MOVE
