"""Correcting (or entering) a table's result: the visitors' tricks, revokes, a reason."""

from __future__ import annotations

from dataclasses import replace

from console import words
from console.screens.base import (
    CORRECTION_REASONS,
    Draft,
    ScreenPresenter,
)
from console.viewmodel import (
    MINUS,
    CorrectVM,
    Screen,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.formats import TRICKS
from whist.protocol import (
    Correct,
    Revokes,
)
from whist.tournament import MAX_REVOKES


class CorrectPresenter(ScreenPresenter):
    """Correcting (or entering) a table's result: the visitors' tricks, revokes, a reason."""

    def open_correct(self) -> None:
        self._intent()
        if self.router.table is None or self.router.table_hand < 1:
            return self._changed()
        row = self.console.table.row(self.router.table_hand, self.router.table)
        draft = Draft(self.router.table, self.router.table_hand)
        if row is not None and row.visitor_tricks is not None and row.revokes is not None:
            draft = replace(
                draft,
                visitor_tricks=row.visitor_tricks,
                revokes_home=row.revokes.home,
                revokes_visitors=row.revokes.visitors,
            )
        self.router.draft, self.router.mode = draft, Screen.CORRECT
        self._changed()

    def keypad(self, tricks: int) -> None:
        """The visitors' tricks."""
        self._intent()
        d = self.router.draft
        if 0 <= tricks <= TRICKS and self.router.mode is Screen.CORRECT and d is not None:
            self.router.draft = replace(d, visitor_tricks=tricks)
        self._changed()

    def revoke(self, side: str, delta: int) -> None:
        self._intent()
        d = self.router.draft
        if d is not None and self.router.mode is Screen.CORRECT:
            if side == "home":
                d = replace(d, revokes_home=max(0, min(MAX_REVOKES, d.revokes_home + delta)))
            else:
                d = replace(
                    d, revokes_visitors=max(0, min(MAX_REVOKES, d.revokes_visitors + delta))
                )
            self.router.draft = d
        self._changed()

    def use_kiosk_result(self) -> None:
        """Fill the form with the kiosk's second (conflicting) result."""
        self._intent()
        d = self.router.draft
        conflict = self.console.table.conflict(d.hand, d.table) if d is not None else None
        if d is not None and conflict is not None:
            self.router.draft = replace(
                d,
                visitor_tricks=conflict.visitor_tricks,
                revokes_home=conflict.revokes.home,
                revokes_visitors=conflict.revokes.visitors,
            )
        self._changed()

    def confirm_correct(self) -> None:
        self._intent()
        d = self.router.draft
        reason = self._sent_reason().strip()
        if d is None or d.visitor_tricks is None or not reason:
            return self._changed()
        row = self.console.table.row(d.hand, d.table)
        if row is None or row.visitor_tricks is None:  # entered, not corrected: say so after
            self.store.entered.add((d.hand, d.table))
        self._send(self._command(d, d.visitor_tricks, reason))
        self.router.mode, self.router.draft = Screen.TABLE, None
        self._changed()

    def _command(self, d: Draft, visitor_tricks: int, reason: str) -> Correct:
        return Correct(
            id=self._id(),
            hand=d.hand,
            table=d.table,
            visitor_tricks=visitor_tricks,
            home_tricks=TRICKS - visitor_tricks,
            revokes=Revokes(home=d.revokes_home, visitors=d.revokes_visitors),
            reason=reason,
        )

    def build(self) -> CorrectVM:
        tr = self.tr
        d = self.router.draft
        assert d is not None
        row = self.console.table.row(d.hand, d.table)
        visitor_team = row.visitor_team if row else self.console.table.visitor_team(d.hand, d.table)
        v = d.visitor_tricks
        keys = tuple(
            ButtonVM(str(n), role="selected" if n == v else "normal") for n in range(TRICKS + 1)
        )
        if v is None:
            readout = tr.t("Tap the visitors' tricks.")
        else:
            worth = words.outcome(tr, self.store.rules, v, d.revokes_home, d.revokes_visitors)
            readout = tr.t("Visitors {v} · home {h}: {worth}").format(
                v=v, h=TRICKS - v, worth=worth
            )

        def minus(n: int) -> ButtonVM:
            return ButtonVM(MINUS, role="normal" if n > 0 else "disabled", enabled=n > 0)

        def plus(n: int) -> ButtonVM:
            ok = n < MAX_REVOKES
            return ButtonVM("+", role="normal" if ok else "disabled", enabled=ok)

        ready = v is not None and bool(self._reason().strip())
        conflict = self.console.table.conflict(d.hand, d.table)
        reasons = tuple(
            ButtonVM(tr.t(r), role="selected" if i == d.preset else "normal")
            for i, r in enumerate(CORRECTION_REASONS)
        )
        # a table with no result yet: the leader enters it (from the paper sheet, say)
        entering = row is None or row.visitor_tricks is None
        title = (
            tr.t("Enter the result of table {table}, hand {n}")
            if entering
            else tr.t("Correct table {table}, hand {n}")
        )
        effect = ""
        if v is not None:  # what saving it would change, before it is saved (issue 25)
            effect = self._effect(self._command(d, v, "-"))
        return CorrectVM(
            effect=effect,
            title=title.format(table=d.table, n=d.hand),
            question=tr.t("Tricks taken by the visitors (team {team}):").format(
                team=visitor_team if visitor_team else "?"
            ),
            keys=keys,
            readout=readout,
            revokes_label=tr.t("Established revokes:"),
            home_label=tr.t("Home"),
            home_count=str(d.revokes_home),
            home_minus=minus(d.revokes_home),
            home_plus=plus(d.revokes_home),
            visitors_label=tr.t("Visitors"),
            visitors_count=str(d.revokes_visitors),
            visitors_minus=minus(d.revokes_visitors),
            visitors_plus=plus(d.revokes_visitors),
            reason_label=tr.t("Reason (required, kept in the log):"),
            reasons=reasons,
            reason=self._reason(),
            reason_hint=tr.t("Type the reason, or tap one above"),
            use_kiosk=ButtonVM(tr.t("Use the kiosk's second result"))
            if conflict is not None
            else HIDDEN,
            save=ButtonVM(
                tr.t("Save the result") if entering else tr.t("Save the correction"),
                role="primary" if ready else "disabled",
                enabled=ready,
            ),
            back=ButtonVM(tr.t("Cancel")),
        )
