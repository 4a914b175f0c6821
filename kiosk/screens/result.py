"""The screens after both sides agreed: the result saved and on its way, recorded, refused."""

from __future__ import annotations

from dataclasses import replace

from kiosk import words
from kiosk.screens.base import KioskScreen
from kiosk.screens.router import Draft
from kiosk.viewmodel import AcceptedVM, ButtonVM, PendingVM, RejectedVM, Screen, ViewModel
from whist.enums import Unit


class PendingScreen(KioskScreen):
    """The result saved: it goes out by itself, even after a restart."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr, store = self.tr, self.store
        result = store.pending.get(self.router.watching or "") or next(
            iter(reversed(store.pending.values())), None
        )
        if store.online:
            status = tr.t("Sent. Waiting for the leader's computer to confirm…")
        else:
            status = tr.t(
                "The leader's computer cannot be reached right now. The result is safe "
                "here and goes out by itself."
            )
        return replace(
            vm,
            pending=PendingVM(
                title=tr.t("Result saved"),
                summary=self.summary(result) if result is not None else "",
                status=status,
                call=self.call_button(),
            ),
        )

    def back(self) -> None:
        self.router.leave_flow()

    long_back = back


class AcceptedScreen(KioskScreen):
    """The result recorded: what the hub holds for the hand and the flags to hand over."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr, store = self.tr, self.store
        assert store.accepted is not None
        result, _ack = store.accepted
        unit = store.unit
        recorded = store.latest_result("home")
        if recorded is not None and recorded.hand == result.hand:
            # What the hub holds for this hand (it may already be a leader's correction).
            # the tricks (and revokes); what they are worth is said once, in big type below
            outcome = words.result_line(tr, unit, recorded, with_outcome=False)
            if unit == Unit.FLAGS:
                lines = words.hand_over(tr, recorded)
                instruction = "\n".join(lines) or tr.t("Home keeps its flags: nothing to give.")
                if recorded.corrected and lines:
                    # the correction's flags say its tricks already: a line less keeps the
                    # heading clear of the top bar (issue 25, item 7)
                    outcome = ""
            else:
                instruction = words.outcome(tr, unit, recorded)
        else:
            outcome, instruction = self.summary(result), ""
        v = store.table_view
        detail = ""
        if v is not None:
            home = words.team(tr, v.home.team, v.home.name)
            detail = words.score_now(tr, unit, v.held, home)
        if v is not None and v.to_bring:  # first the flags the table does not have
            instruction = "\n".join(p for p in (words.bring_line(tr, v.to_bring), instruction) if p)
            outcome, detail = "", words.too_few_line(tr)
        return replace(
            vm,
            accepted=AcceptedVM(
                title=tr.t("Result recorded ✓"),
                outcome=outcome,
                instruction=instruction,
                detail=detail,
                ok=ButtonVM(tr.t("OK"), role="primary"),
            ),
        )

    def dismiss(self) -> None:
        r = self.router
        r.mode, self.store.accepted, r.move = None, None, None
        r.take_queued_move()

    back = long_back = dismiss


class RejectedScreen(KioskScreen):
    """The result refused: why, and Enter again."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr = self.tr
        assert self.store.rejected is not None
        result, ack = self.store.rejected
        reason = words.refusal(tr, ack.code)
        return replace(
            vm,
            rejected=RejectedVM(
                title=tr.t("This result was not accepted"),
                summary=self.summary(result) if result is not None else "",
                reason=reason if reason is not None else tr.t("The leader's computer says:"),
                hub_reason="" if reason is not None else (ack.reason or ""),
                again=ButtonVM(tr.t("Enter again"), role="primary"),
                call=self.call_button(),
            ),
        )

    def enter_again(self) -> None:
        """Back to the keypad with the refused numbers filled in."""
        store, r = self.store, self.router
        if store.rejected is None:
            return
        result, _ = store.rejected
        v = store.table_view
        if result is not None:
            r.draft = Draft.of(result)
        elif v is not None:
            r.draft = Draft(hand=v.hand)
        if r.draft is not None:
            r.mode, r.keypad_screen = Screen.ENTRY, Screen.ENTRY
        store.rejected = None

    def back(self) -> None:
        self.router.leave_flow()

    long_back = back
