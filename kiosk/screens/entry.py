"""The entry screen: the keypad on a page of its own (a button pad's, "Enter again"'s)."""

from __future__ import annotations

from dataclasses import replace

from kiosk.screens.base import KioskScreen
from kiosk.viewmodel import ButtonVM, EntryVM, Screen, ViewModel
from whist.formats import TRICKS


class EntryScreen(KioskScreen):
    """A number is selected, then Next goes on to "Is this right?"."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr = self.tr
        d = self.router.draft
        assert d is not None
        v = d.visitor_tricks
        if v is None:
            readout = tr.t("Tap the number of tricks the visitors took.")
        else:
            readout = tr.t("Visitors {v} · Home {h}").format(v=v, h=TRICKS - v)
        return replace(
            vm,
            entry=EntryVM(
                question=tr.t("How many tricks did the visitors take?"),
                keys=self.keys(v),
                readout=readout,
                back=ButtonVM(tr.t("Back")),
                revokes=self.revokes_button(d),
                next=ButtonVM(
                    tr.t("Next"),
                    role="primary" if v is not None else "disabled",
                    enabled=v is not None,
                ),
            ),
        )

    def keypad(self, visitor_tricks: int) -> None:
        r = self.router
        if 0 <= visitor_tricks <= TRICKS and r.draft is not None:
            r.draft = replace(r.draft, visitor_tricks=visitor_tricks, typed=False)

    def digit(self, d: int) -> None:
        """A digit: 1 then 2 makes 12; any other digit starts again."""
        r = self.router
        if r.draft is not None and 0 <= d <= 9:
            v = r.draft.visitor_tricks
            value = 10 + d if r.draft.typed and v == 1 and 10 + d <= TRICKS else d
            r.draft = replace(r.draft, visitor_tricks=value, typed=True)

    def step(self, delta: int) -> None:
        r, d = self.router, self.router.draft
        if d is not None:
            start = 7 if d.visitor_tricks is None else d.visitor_tricks + delta
            r.draft = replace(d, visitor_tricks=max(0, min(TRICKS, start)), typed=False)

    def open_revokes(self) -> None:
        self.revokes_from(Screen.ENTRY)

    def next(self) -> None:
        r, d = self.router, self.router.draft
        if d is not None and d.visitor_tricks is not None:
            r.draft = d.unagreed()
            r.mode, r.error = Screen.CONFIRM, ""

    def back(self) -> None:
        self.router.leave_flow()

    long_back = back
