"""Starting a hand: the pattern's trump, the leader's choice, or the hub's cut."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from console.presenter import LeaderPresenter


from console import director, words
from console.screens.base import (
    ScreenPresenter,
)
from console.viewmodel import (
    Screen,
    StartVM,
)
from uikit.common import (
    TRUMPS,
    trump_short,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.enums import Phase
from whist.protocol import (
    StartHand,
)


class StartPresenter(ScreenPresenter):
    """Starting a hand: the pattern's trump, the leader's choice, or the hub's cut."""

    def __init__(self, console: LeaderPresenter) -> None:
        super().__init__(console)
        self.trump_choice: str | None = None  # None: the pattern's; a trump name; or "cut"

    def open_start(self) -> None:
        self._intent()
        self.trump_choice = None
        self.console.want_plan()
        self.router.mode = Screen.START
        self._changed()

    def choose_trump(self, trump: str) -> None:
        """A suit or "none" (no trump), overriding the pattern; "cut": the hub draws one."""
        self._intent()
        if trump in (*TRUMPS, "cut"):
            self.trump_choice = trump
        self._changed()

    def confirm_start(self) -> None:
        self._intent()
        plan = self.store.next_plan()
        s = self.store.state
        if s is None or plan is None:
            return self._changed()
        if plan.end_day_first:
            return self.console.confirm.open_confirm("end_day")
        if plan.leader_chooses and self.trump_choice is None:
            return self._changed()
        if self.trump_choice == "cut":
            self._send(StartHand(id=self._id(), cut=True))
        elif self.trump_choice is not None:
            self._send(StartHand.model_validate({"id": self._id(), "trump": self.trump_choice}))
        else:
            self._send(StartHand(id=self._id()))
        self.router.mode, self.router.tab = None, Screen.TABLES
        self._changed()

    def build(self) -> StartVM:
        tr = self.tr
        s = self.store.state
        assert s is not None
        n = self.store.next_hand() or s.hand + 1
        plan = self.store.next_plan()
        back = ButtonVM(tr.t("Back"))
        if s.hand >= s.hands or s.finished:
            return StartVM(
                title=tr.t("Every hand has been played."), go=HIDDEN, cut=HIDDEN, back=back
            )
        title = tr.t("Start hand {n} of {total}?").format(n=n, total=s.hands)
        if plan is None:
            return StartVM(
                title=title,
                move=tr.t("Asking the hub for the pattern…"),
                go=ButtonVM(tr.t("Start hand {n}").format(n=n), role="disabled", enabled=False),
                cut=HIDDEN,
                back=back,
            )
        if plan.end_day_first:
            return StartVM(
                title=title,
                move=tr.t("Hand {n} is on day {d}: end day {today} first.").format(
                    n=n, d=plan.day, today=s.day
                ),
                go=ButtonVM(tr.t("End day {d}").format(d=s.day), role="primary"),
                cut=HIDDEN,
                back=back,
            )
        move = "\n".join(words.move_lines(tr, plan, s.tables, self.store.rules))
        chosen = self.trump_choice
        pattern = plan.trump
        if plan.leader_chooses:
            note = tr.t(
                "The pattern leaves the trump to you: choose one, or let the hub cut a card."
            )
        else:
            note = tr.t(
                "The pattern says {trump}. Tap another to change it, or cut a card."
            ).format(trump=trump_short(tr, pattern))
        shown = chosen if chosen is not None else pattern
        trumps = tuple(
            ButtonVM(trump_short(tr, t), role="selected" if shown == t else "normal")
            for t in TRUMPS
        )
        cut = ButtonVM(tr.t("Cut a card"), role="selected" if chosen == "cut" else "normal")
        warning = ""
        if s.phase == Phase.PLAYING and s.missing:
            warning = tr.nt(
                "{k} table has not reported hand {n} yet: its result is still accepted "
                "until you close that hand.",
                "{k} tables have not reported hand {n} yet: their results are still accepted "
                "until you close that hand.",
                len(s.missing),
            ).format(k=len(s.missing), n=s.hand)
        counting = director.open_count(tr, s)  # the ended day's flags are still being counted
        if counting:
            warning = counting + " " + tr.t(
                "Starting hand {n} puts 12 flags back on every table: count them first."
            ).format(n=n)
        ready = not (plan.leader_chooses and chosen is None)
        return StartVM(
            title=title,
            move=move,
            trump_note=note,
            trumps=trumps,
            cut=cut,
            warning=warning,
            go=ButtonVM(
                tr.t("Start hand {n}").format(n=n),
                # the count comes first: starting stays possible, no longer the green button
                role=("normal" if counting else "primary") if ready else "disabled",
                enabled=ready,
            ),
            back=back,
        )
