"""The console's router: which page is showing, over which tab, about which table, and going
back from it.

>>> from console.screens.store import Store
>>> r = Router(Store())
>>> r.screen
<Screen.CONNECTING: 'connecting'>
>>> r.open(Screen.LOANS); r.back(); (r.mode, r.tab)
(None, <Screen.STANDINGS: 'standings'>)
"""

from __future__ import annotations

from console.screens.base import ConfirmKind, Draft
from console.screens.store import Store
from console.viewmodel import Screen
from uikit import screens


class Router(screens.Router[Screen]):
    """A tab (the bottom bar) and, over it, the page opened from it (start, confirm, a table,
    a form…), with the table the page is about and the form being filled in."""

    def __init__(self, store: Store) -> None:
        super().__init__()  # mode: a page opened over the tab (start, confirm…)
        self.store = store
        self.tab: Screen = Screen.TABLES
        self.confirm_kind: ConfirmKind | None = None
        self.table: int | None = None  # the table a page is about
        self.table_hand = 0  # the hand the table's page shows
        self.draft: Draft | None = None  # a result, loan, penalty or deal being entered

    @property
    def screen(self) -> Screen:
        """The page on show: "connecting" until the hub's first State; a club night's tables
        in place of the Tables tab."""
        store = self.store
        # once the hub has spoken, its last picture stays through an outage (issue 25,
        # item 11): the header's banner says since when
        if store.state is None or (not store.connected and store.away_since is None):
            return Screen.CONNECTING
        if store.club is not None and self.mode is None and self.tab is Screen.TABLES:
            return Screen.NIGHT
        return self.mode or self.tab

    def show(self, tab: Screen) -> None:
        """A bottom tab, with no page over it."""
        self.tab, self.mode = tab, None

    def open(self, page: Screen) -> None:
        """A page over the tab."""
        self.mode = page

    def back(self) -> None:
        """Leave the page on show: a form goes back to its table, the rest to the tab."""
        if self.mode in (Screen.CORRECT, Screen.LOAN, Screen.PENALTY):
            self.mode, self.draft = Screen.TABLE, None
        elif self.mode is Screen.DEAL:
            self.mode, self.draft = Screen.DEALS, None
        elif self.mode in (Screen.LOANS, Screen.COUNTS):
            self.mode, self.tab = None, Screen.STANDINGS
        elif self.confirm_kind == "accept_count":  # back to the count it came from
            self.mode, self.confirm_kind, self.draft = Screen.COUNTS, None, None
        else:
            if self.mode is Screen.CONFIRM:  # a day's end or a tie-break undo: its reason
                self.draft = None
            self.mode, self.confirm_kind = None, None
