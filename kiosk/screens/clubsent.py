"""A club night's screens after both sides agreed: the deal saved and on its way, or refused."""

from __future__ import annotations

from dataclasses import replace

from kiosk import individual, words
from kiosk.screens.clubscore import ClubScreen
from kiosk.viewmodel import ButtonVM, PendingVM, RejectedVM, ViewModel
from uikit.reasons import reason_sentence
from whist.protocol import ClubDeal

#: Refusals the table cannot mend by entering the deal again.
_SETTLED_BY_LEADER = frozenset({"conflict", "finished", "wrong_table", "bad_table"})


class _SentScreen(ClubScreen):
    def summary_of(self, deal: ClubDeal) -> str:
        """The deal as sent, in the schema's short words."""
        tr, desk = self.tr, self.desk
        if desk.score is None:
            return tr.t("Deal {n}").format(n=deal.deal)
        return individual.record_summary(tr, desk.score, deal.deal, deal.record.fields())


class ClubPendingScreen(_SentScreen):
    """The deal saved: it goes out by itself, even after a restart."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, pending=self.pending_vm())

    def pending_vm(self) -> PendingVM:
        tr, desk, call, connected = self.tr, self.desk, self.call_button(), self.store.online
        deal = next(iter(reversed(desk.pending.values())), None)
        if connected:
            status = tr.t("Sent. Waiting for the leader's computer to score it…")
        else:
            status = tr.t(
                "The leader's computer cannot be reached right now. The deal is safe "
                "here and goes out by itself."
            )
        return PendingVM(
            title=tr.t("Deal saved"),
            summary=self.summary_of(deal) if deal is not None else "",
            status=status,
            call=call,
        )


class ClubRejectedScreen(_SentScreen):
    """The deal refused: why; Enter again, unless only the leader can settle it."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, rejected=self.rejected_vm())

    def rejected_vm(self) -> RejectedVM:
        tr, desk, call = self.tr, self.desk, self.call_button()
        assert desk.rejected is not None
        deal, ack = desk.rejected
        code = ack.code
        said = words.deal_refusal(tr, code)  # whist.refusals: the one table of refusals
        if said is not None:
            reason, hub = said, ""
        else:
            reason, hub = tr.t("The leader's computer says:"), ack.reason or ""
            if ack.reason_text is not None:  # a refusal of the rules, said in our language
                hub = reason_sentence(tr.t, ack.reason_text, ack.reason_args or {}, hub)
        return RejectedVM(
            title=tr.t("This deal was not accepted"),
            summary=self.summary_of(deal) if deal is not None else "",
            reason=reason,
            hub_reason=hub,
            # the same deal again would only be refused again: the leader settles it
            again=ButtonVM(
                tr.t("Enter again"),
                role="primary",
                visible=code not in _SETTLED_BY_LEADER,
                enabled=code not in _SETTLED_BY_LEADER,
            ),
            call=call,
            back=ButtonVM(
                tr.t("Back to the score"),
                role="primary" if code in _SETTLED_BY_LEADER else "normal",
            ),
        )
