"""A penalty: the hand goes to the other side."""

from __future__ import annotations

from dataclasses import replace

from console.screens.base import (
    PENALTY_REASONS,
    Draft,
    ScreenPresenter,
)
from console.viewmodel import (
    PenaltyVM,
    Screen,
)
from uikit.viewmodel import ButtonVM
from whist.protocol import (
    Penalty,
)


class PenaltyPresenter(ScreenPresenter):
    """A penalty: the hand goes to the other side."""

    def open_penalty(self) -> None:
        self._intent()
        if (
            self.router.table is not None
            and self.router.table_hand >= 1
            and self.store.rules.penalties
        ):
            self.router.draft, self.router.mode = (
                Draft(self.router.table, self.router.table_hand),
                Screen.PENALTY,
            )
        self._changed()

    def penalty_side(self, side: str) -> None:
        self._intent()
        if self.router.draft is not None and side in ("home", "visitors"):
            self.router.draft = replace(
                self.router.draft, side="home" if side == "home" else "visitors"
            )
        self._changed()

    def confirm_penalty(self) -> None:
        self._intent()
        d = self.router.draft
        reason = self._sent_reason().strip()
        if d is None or d.side is None or not reason:
            return self._changed()
        self._send(Penalty(id=self._id(), hand=d.hand, table=d.table, side=d.side, reason=reason))
        self.router.mode, self.router.draft = Screen.TABLE, None
        self._changed()

    def build(self) -> PenaltyVM:
        tr = self.tr
        d = self.router.draft
        assert d is not None
        visitor = self.console.table.row(d.hand, d.table)
        visitor_team = (
            visitor.visitor_team if visitor else self.console.table.visitor_team(d.hand, d.table)
        )
        ready = d.side is not None and bool(self._reason().strip())
        effect = ""
        if d.side is not None:  # what it would change, before it is given (issue 25)
            command = Penalty(id=self._id(), hand=d.hand, table=d.table, side=d.side, reason="-")
            effect = self._effect(command)
        return PenaltyVM(
            effect=effect,
            title=tr.t("Penalty at table {table}, hand {n}").format(table=d.table, n=d.hand),
            note=tr.t("The side at fault loses the hand to the other side, as for a revoke."),
            home=ButtonVM(
                tr.t("Home (team {team}) at fault").format(team=d.table),
                role="selected" if d.side == "home" else "normal",
            ),
            visitors=ButtonVM(
                tr.t("Visitors (team {team}) at fault").format(team=visitor_team or "?"),
                role="selected" if d.side == "visitors" else "normal",
            ),
            reason_label=tr.t("Reason (required, kept in the log):"),
            reasons=tuple(
                ButtonVM(tr.t(r), role="selected" if i == d.preset else "normal")
                for i, r in enumerate(PENALTY_REASONS)
            ),
            reason=self._reason(),
            reason_hint=tr.t("Type the reason, or tap one above"),
            save=ButtonVM(
                tr.t("Give the hand to the other side"),
                role="primary" if ready else "disabled",
                enabled=ready,
            ),
            back=ButtonVM(tr.t("Cancel")),
        )
