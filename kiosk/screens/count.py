"""A day's end: the players count their flags (decision A19) on a ten-key page, then
confirm; the number goes to the outbox (:class:`kiosk.count.CountDesk` keeps it)."""

from __future__ import annotations

from dataclasses import replace

from kiosk import notices
from kiosk.outbox import OutboxError
from kiosk.screens.base import KioskScreen
from kiosk.viewmodel import Screen, ViewModel


class CountScreen(KioskScreen):
    """The flags counted, typed in; Next asks "Is this right?"."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, count=self.app.counting.page(self.tr))

    def start(self) -> None:
        """From the waiting screen, once a day has ended: count the flags (again)."""
        v, r = self.store.table_view, self.router
        if r.mode is None and v is not None and v.count is not None:
            self.app.counting.start()
            r.mode = Screen.COUNT

    def key(self, d: int) -> None:
        if self.router.mode is Screen.COUNT:
            self.app.counting.digit(d)

    def erase(self) -> None:
        if self.router.mode is Screen.COUNT:
            self.app.counting.erase()

    def next(self) -> None:
        if self.router.mode is Screen.COUNT and self.app.counting.next():
            self.router.mode = Screen.COUNT_CONFIRM

    def back(self) -> None:
        self.router.mode = None


class CountConfirmScreen(KioskScreen):
    """The count checked once more: it goes to the outbox, then to the hub."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, count_confirm=self.app.counting.confirm(self.tr))

    def send(self) -> None:
        v, r = self.store.table_view, self.router
        if r.mode is Screen.COUNT_CONFIRM and v is not None and v.count is not None:
            try:
                self.app.counting.send(v.count.day)
            except OutboxError:
                r.notice = notices.COUNT_NOT_SAVED
                r.mode = Screen.COUNT
            else:
                r.mode = None

    def back(self) -> None:
        self.router.mode = Screen.COUNT
