"""The table's store: what the hub last said about this table, shared by every screen.

>>> s = TableStore()
>>> s.unit, s.can_report()
('flags', False)
"""

from __future__ import annotations

from typing import Literal

from uikit import screens
from whist.enums import Phase
from whist.protocol import (
    Ack,
    FormatInfo,
    RecordedResult,
    Result,
    State,
    TableView,
)

Call = Literal["none", "sent", "listed"]


class TableStore(screens.Store):
    """The hub's news for this table (its view, the State), the results this kiosk sent and
    what the hub answered, and whether the leader has been called. Screens read it; only
    the network side and the results' answers write it."""

    def __init__(self) -> None:
        super().__init__()
        self.table_view: TableView | None = None  # what the hub holds for this table
        self.state: State | None = None
        self.last_played: TableView | None = None  # the latest view seen in play
        self.pending: dict[str, Result] = {}  # sent, not yet acknowledged
        self.last: tuple[Result, str] | None = None  # the newest result acknowledged
        self.reported_hands: set[int] = set()
        self.accepted: tuple[Result, Ack] | None = None
        self.rejected: tuple[Result | None, Ack] | None = None
        self.call: Call = "none"
        # issue 25: the team's number just before the leader's last change after its day was
        # over (None: not seen here)
        self.before_late: int | None = None
        #: The hub's log (Epoch.log: the tournament) the results above were answered by.
        self.event: str | None = None

    def on_event(self, log: str) -> bool:
        """The tournament the hub holds (Epoch.log); True when it is another than the one
        this kiosk reported to (a leader who started over, next week's event). What the
        kiosk remembers of that one, the hands it reported, its last result and what was
        answered, is not the hub's: it goes, or a table would wait, "result in", for a hand
        the hub never had.

        >>> s = TableStore()
        >>> s.reported_hands.add(1)
        >>> s.on_event("a"), s.on_event("a"), sorted(s.reported_hands)
        (False, False, [1])
        >>> s.on_event("b"), sorted(s.reported_hands)
        (True, [])
        """
        other = self.event is not None and self.event != log
        self.event = log
        if other:
            self.reported_hands.clear()
            self.last = self.accepted = self.rejected = None
            self.before_late = None
        return other

    @property
    def rules(self) -> FormatInfo | None:
        """The format's answers, as the hub sent them (None until it has)."""
        if self.table_view is not None:
            return self.table_view.rules
        return self.state.rules if self.state is not None else None

    @property
    def unit(self) -> str:
        """``flags`` or ``points``: the words of the score."""
        return self.rules.unit if self.rules is not None else "flags"

    def reported(self, hand: int) -> bool:
        if hand in self.reported_hands or any(r.hand == hand for r in self.pending.values()):
            return True
        v = self.table_view
        return v is not None and v.hand == hand and v.reported

    def can_report(self) -> bool:
        v = self.table_view
        return v is not None and v.phase == Phase.PLAYING and not self.reported(v.hand)

    def hand_closed(self, hand: int) -> bool:
        v = self.table_view
        return v is not None and v.hand == hand and v.phase == Phase.CLOSED

    def latest_result(self, role: str = "home") -> RecordedResult | None:
        """This table's newest result the hub holds (as home, or its travellers')."""
        v = self.table_view
        if v is None:
            return None
        return next((r for r in v.results if r.role == role), None)
