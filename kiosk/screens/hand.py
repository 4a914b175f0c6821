"""The hand screen: the trump, who plays here, and the keypad of the visitors' tricks."""

from __future__ import annotations

from dataclasses import replace

from kiosk import words
from kiosk.screens.base import KioskScreen
from kiosk.viewmodel import HandVM, Screen, ViewModel
from whist.formats import TRICKS


class HandScreen(KioskScreen):
    """One tap on the keypad goes straight on to "Is this right?"."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr = self.tr
        v = self.store.table_view
        assert v is not None
        trump = v.trump
        d = self.router.draft
        d = d if d is not None and d.hand == v.hand else None
        return replace(
            vm,
            hand=HandVM(
                trump_symbol=words.trump_symbol(tr, trump),
                trump_name=words.trump_name(tr, trump),
                trump_role="card-red" if trump in words.RED_SUITS else "card-black",
                home=tr.t("Home: {players}").format(players=words.pair(tr, v.home.players)),
                visitors=tr.t("Visitors: {players} ({team})").format(
                    players=words.pair(tr, v.visitors.players),
                    team=words.team(tr, v.visitors.team, v.visitors.name),
                ),
                away=tr.t("Our {players} play at table {table}").format(
                    players=words.pair(tr, v.away.players), table=v.away.table
                ),
                visitors_short=tr.t("Visitors: {players}").format(
                    players=words.pair(tr, v.visitors.players)
                ),
                away_short=tr.t("{players}: at table {table}").format(
                    players=words.pair(tr, v.away.players), table=v.away.table
                ),
                away_shortest=tr.t("Our travellers: table {table}").format(table=v.away.table),
                # One line above the keypad: the hand screen has no room for the full question.
                question=tr.t("Tricks the visitors took:"),
                question_short=tr.t("Visitors' tricks:"),
                keys=self.keys(d.visitor_tricks if d is not None else None),
                revokes=self.revokes_button(d),
                call=self.call_button(),
            ),
        )

    def enter_result(self) -> None:
        """Open the keypad's own page (a button pad, a keyboard)."""
        v, r = self.store.table_view, self.router
        if v is not None:
            r.draft, r.mode, r.error = self.hand_draft(v.hand), Screen.ENTRY, ""
            r.keypad_screen = Screen.ENTRY

    def keypad(self, visitor_tricks: int) -> None:
        v, r = self.store.table_view, self.router
        if 0 <= visitor_tricks <= TRICKS and v is not None:
            draft = replace(self.hand_draft(v.hand), visitor_tricks=visitor_tricks, typed=False)
            r.draft, r.mode, r.error, r.repeat = draft, Screen.CONFIRM, "", ""
            r.keypad_screen = Screen.HAND

    def open_revokes(self) -> None:
        v = self.store.table_view
        if v is not None:
            self.router.draft = self.hand_draft(v.hand)
        self.revokes_from(Screen.HAND)

    def back(self) -> None:
        if self.router.mode is Screen.HAND:
            self.router.leave_flow()

    long_back = back
