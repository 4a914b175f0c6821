"""The move screen: a new hand's trump and who moves where."""

from __future__ import annotations

from dataclasses import replace

from kiosk import words
from kiosk.screens.base import KioskScreen
from kiosk.viewmodel import ButtonVM, MoveVM, Screen, ViewModel


class MoveScreen(KioskScreen):
    """The new hand's number and trump, and who moves where, until OK."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr = self.tr
        new = self.router.move
        assert new is not None
        # The trump rides in the title: with five moves to list (Gaspésie) every line counts.
        title = tr.t("Hand {n} — {trump}")
        return replace(
            vm,
            move=MoveVM(
                title=title.format(n=new.hand, trump=words.trump_line(tr, new.trump)),
                lines="\n".join(words.move_lines(tr, new.moves)),
                ok=ButtonVM(tr.t("OK, show the hand"), role="primary"),
            ),
        )

    def dismiss(self) -> None:
        r = self.router
        if r.mode in (Screen.ACCEPTED, Screen.MOVE):
            r.mode, self.store.accepted, r.move = None, None, None
            r.take_queued_move()

    def back(self) -> None:
        self.dismiss()

    def long_back(self) -> None:
        self.dismiss()
