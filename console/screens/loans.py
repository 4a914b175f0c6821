"""The loan ledger, as the hub keeps it."""

from __future__ import annotations

from console import director
from console.screens.base import (
    ScreenPresenter,
)
from console.viewmodel import (
    LoansVM,
    Screen,
)
from uikit.viewmodel import ButtonVM
from whist.protocol import (
    Loans,
)


class LoansPresenter(ScreenPresenter):
    """The loan ledger, as the hub keeps it."""

    def open_ledger(self) -> None:
        """The loan ledger (Alberta), asked of the hub afresh."""
        self._intent()
        self.router.mode = Screen.LOANS
        command = Loans(id=self._id())
        self.console.forget(command)
        self._ask(command)
        self._changed()

    def build(self) -> LoansVM:
        tr = self.tr
        s = self.store.state
        assert s is not None
        return LoansVM(
            title=tr.t("Loan ledger"),
            due="\n".join(director.bring_lines(tr, s)),
            lines=director.ledger_lines(tr, self.store.ledger, s.days),
            back=ButtonVM(tr.t("Back")),
        )
