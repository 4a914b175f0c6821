"""Lending flags to a table that ran out (formats with loans)."""

from __future__ import annotations

from dataclasses import replace

from console.screens.base import (
    Draft,
    ScreenPresenter,
)
from console.viewmodel import (
    LoanVM,
    Screen,
)
from uikit.viewmodel import ButtonVM
from whist.formats import START_FLAGS
from whist.leader import loan_figures
from whist.protocol import (
    Loan,
)


class LoanPresenter(ScreenPresenter):
    """Lending flags to a table that ran out (formats with loans)."""

    def open_loan(self) -> None:
        self._intent()
        if self.router.table is not None and self.store.rules.lends_flags:
            due = (
                self.store.state.to_bring.get(str(self.router.table), 0) if self.store.state else 0
            )
            draft = Draft(self.router.table, self.router.table_hand, flags=due or 1)
            self.router.draft, self.router.mode = draft, Screen.LOAN
        self._changed()

    def loan_flags(self, flags: int) -> None:
        self._intent()
        if self.router.draft is not None and 1 <= flags <= START_FLAGS:
            self.router.draft = replace(self.router.draft, flags=flags)
        self._changed()

    def confirm_loan(self) -> None:
        self._intent()
        d = self.router.draft
        if d is not None and d.flags >= 1:
            self._send(Loan(id=self._id(), table=d.table, flags=d.flags))
            self.router.mode, self.router.draft = Screen.TABLE, None
        self._changed()

    def build(self) -> LoanVM:
        tr = self.tr
        d = self.router.draft
        assert d is not None
        a = self.store.assignments.get(d.table)
        held = a.flags if a is not None else None
        note = (
            tr.nt(
                "Table {table} holds {n} flag now.", "Table {table} holds {n} flags now.", held
            ).format(table=d.table, n=held)
            if held is not None
            else ""
        )
        note = (
            note
            + " "
            + tr.t(
                "Lent flags do not change the team's score; they are settled at the end of the day."
            )
        ).strip()
        due = self.store.state.to_bring.get(str(d.table), 0) if self.store.state is not None else 0
        if due:  # rule A11: recording them brings the hub's loan, it does not lend again
            note += "\n" + tr.nt(
                "The hub lent this table {n} flag it did not have. Carry it to the table, "
                "then press the button: it records the flag you brought, it does not lend "
                "another.",
                "The hub lent this table {n} flags it did not have. Carry them to the table, "
                "then press the button: it records the flags you brought, it does not lend "
                "more.",
                due,
            ).format(n=due)
        loan = loan_figures(due, d.flags)
        if not due:
            save = tr.nt("Lend {n} flag", "Lend {n} flags", loan.lent).format(n=loan.lent)
        elif not loan.lent:
            save = tr.nt("I brought the {n} flag", "I brought the {n} flags", loan.brought).format(
                n=loan.brought
            )
        else:  # the hub's loan brought, and more lent on top (A11)
            save = tr.nt(
                "I brought {b} and lend {n} more", "I brought {b} and lend {n} more", loan.lent
            ).format(b=loan.brought, n=loan.lent)
        return LoanVM(
            title=tr.t("Lend flags to table {table}").format(table=d.table),
            note=note,
            keys=tuple(
                ButtonVM(str(n), role="selected" if n == d.flags else "normal")
                for n in range(1, START_FLAGS + 1)
            ),
            save=ButtonVM(save, role="primary"),
            back=ButtonVM(tr.t("Cancel")),
        )
