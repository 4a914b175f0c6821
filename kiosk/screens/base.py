"""What every screen of the table's kiosk shares: its app (the table's presenter), the store,
the router, the intents a screen may answer, and a few buttons and lines several screens draw.

The table's presenter hands each intent to the presenter of the screen on show
(:meth:`kiosk.presenter.TablePresenter.on_show`); a screen answers the intents that mean
something on it and ignores the rest (the defaults here do nothing).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from kiosk import words
from kiosk.i18n import Translator
from kiosk.screens.router import Draft, SideName, TableRouter
from kiosk.screens.store import TableStore
from kiosk.viewmodel import ButtonVM, Screen, ViewModel
from uikit import screens
from whist.formats import TRICKS
from whist.protocol import Result

if TYPE_CHECKING:
    from kiosk.presenter import TablePresenter


class KioskScreen(screens.ScreenPresenter["TablePresenter", TableStore, TableRouter]):
    """One screen of the table's kiosk: its intents and its part of the view-model."""

    def __init__(self, app: TablePresenter) -> None:
        super().__init__(app, app.store, app.router)

    @property
    def tr(self) -> Translator:
        return self.app.tr

    def view(self, vm: ViewModel) -> ViewModel:
        """The view-model with this screen's part filled in."""
        raise NotImplementedError

    # ------------------------------------------------------------------ intents (none here)
    def enter_result(self) -> None:
        """Open the keypad's own page."""

    def keypad(self, visitor_tricks: int) -> None:
        """A number on the 0-13 keypad."""

    def digit(self, d: int) -> None:
        """A numeric keyboard's digit."""

    def step(self, delta: int) -> None:
        """One up or down (a button pad's + and -)."""

    def open_revokes(self) -> None:
        """The revokes page."""

    def change_revokes(self, side: SideName, delta: int) -> None:
        """One revoke more or fewer for a side."""

    def set_revokes(self, side: SideName, count: int) -> None:
        """A side's revokes, set at once."""

    def select_side(self, side: SideName) -> None:
        """The side the pad's + and - change."""

    def close_revokes(self) -> None:
        """Done with the revokes."""

    def next(self) -> None:
        """On to the next page."""

    def agree(self, side: SideName) -> None:
        """A side agrees with what is on the screen."""

    def back(self) -> None:
        """The screen's Back or Change button."""

    def long_back(self) -> None:
        """Out of the result flow altogether (a long press on a hardware Back button)."""

    def dismiss(self) -> None:
        """Seen, done."""

    def enter_again(self) -> None:
        """Enter a refused result again."""

    # ------------------------------------------------------------------ shared by screens
    def call_button(self) -> ButtonVM:
        tr = self.tr
        if self.store.call != "none":
            return ButtonVM(tr.t("Leader called"), role="disabled", enabled=False)
        return ButtonVM(tr.t("Call the leader"), role="call")

    def keys(self, chosen: int | None) -> tuple[ButtonVM, ...]:
        return tuple(
            ButtonVM(str(n), role="selected" if n == chosen else "normal")
            for n in range(TRICKS + 1)
        )

    def revokes_button(self, d: Draft | None) -> ButtonVM:
        tr = self.tr
        revokes = d.revokes_home + d.revokes_visitors if d is not None else 0
        if revokes:
            return ButtonVM(tr.t("Revokes: {n}").format(n=revokes), role="selected")
        return ButtonVM(tr.t("Revokes"))

    def hand_draft(self, hand: int) -> Draft:
        """What the players chose on this hand's keypad so far (a number, revokes), or nothing."""
        d = self.router.draft
        if d is not None and d.hand == hand:
            return d.unagreed()
        return Draft(hand=hand)

    def revokes_from(self, screen: Screen) -> None:
        """Open the revokes page from ``screen`` (its Done comes back there); agreements
        start again: the result changed."""
        r = self.router
        if r.draft is not None:
            r.draft = replace(r.draft.unagreed(), revoke_side="home")
            r.revokes_from, r.mode, r.repeat = screen, Screen.REVOKES, ""

    def summary(self, result: Result) -> str:
        tr = self.tr
        v = result.visitor_tricks
        text = tr.t("Hand {n}: visitors {v}, home {h}")
        summary = text.format(n=result.hand, v=v, h=TRICKS - v)
        revokes = words.revokes_line(tr, result.revokes.home, result.revokes.visitors)
        return f"{summary}\n{revokes}" if revokes else summary
