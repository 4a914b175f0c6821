"""The revokes page: each side's established revokes, and the format's rule for them."""

from __future__ import annotations

from dataclasses import replace

from kiosk import words
from kiosk.i18n import Translator
from kiosk.screens.base import KioskScreen
from kiosk.screens.router import SideName
from kiosk.viewmodel import ButtonVM, RevokesVM, ViewModel, revoke_steps


class RevokesScreen(KioskScreen):
    """Home's and the visitors' revokes, then Done back to where the page was opened."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr = self.tr
        d = self.router.draft
        assert d is not None
        rules = self.store.rules
        rule = words.revoke_rule(tr, rules.revoke_penalty if rules is not None else "two_tricks")
        sides = ((tr.t("Home"), d.revokes_home), (tr.t("Visitors"), d.revokes_visitors))
        return replace(vm, revokes=revokes_vm(tr, rule, sides, first=d.revoke_side == "home"))

    def change_revokes(self, side: SideName, delta: int) -> None:
        d = self.router.draft
        if d is not None:
            self.router.draft = d.with_revokes(side, d.revokes(side) + delta)

    def step(self, delta: int) -> None:
        d = self.router.draft
        if d is not None:
            self.change_revokes(d.revoke_side, delta)

    def set_revokes(self, side: SideName, count: int) -> None:
        d = self.router.draft
        if d is not None:
            self.router.draft = d.with_revokes(side, count)

    def select_side(self, side: SideName) -> None:
        d = self.router.draft
        if d is not None:
            self.router.draft = replace(d, revoke_side=side)

    def close_revokes(self) -> None:
        self.router.mode = self.router.revokes_from

    back = close_revokes

    def long_back(self) -> None:
        self.router.leave_flow()


def revokes_vm(
    tr: Translator,
    rule: str,
    sides: tuple[tuple[str, int], tuple[str, int]],
    *,
    first: bool,
    said: str = "",
) -> RevokesVM:
    """The revokes page: each side's name and revokes, with minus and plus, the side the pad's
    buttons change highlighted (``first``: the first side), the rule that scores them, and
    (``said``) which side revoked.
    The tournament's sides are home and visitors, a club table's North-South and East-West."""
    (home, home_count), (visitors, visitors_count) = sides
    home_minus, home_plus = revoke_steps(home_count)
    visitors_minus, visitors_plus = revoke_steps(visitors_count)
    return RevokesVM(
        title=tr.t("Established revokes"),
        rule=rule,
        home_label=home,
        home_role="highlight" if first else "text",
        home_count=str(home_count),
        visitors_label=visitors,
        visitors_role="text" if first else "highlight",
        visitors_count=str(visitors_count),
        home_minus=home_minus,
        home_plus=home_plus,
        visitors_minus=visitors_minus,
        visitors_plus=visitors_plus,
        done=ButtonVM(tr.t("Done"), role="primary"),
        said=said,
    )
