"""A club night's screens after both sides agreed: the deal saved and on its way, or refused."""

from __future__ import annotations

from dataclasses import replace

from kiosk import individual, words
from kiosk.i18n import N_
from kiosk.screens.clubscore import ClubScreen
from kiosk.screens.clubwords import record_text
from kiosk.viewmodel import ButtonVM, PendingVM, RejectedVM, ViewModel
from uikit.reasons import reason_sentence
from whist.protocol import ClubDeal

_REFUSALS = {
    "conflict": N_(
        "This deal was already recorded at this table with other numbers. "
        "Call the leader to correct it."
    ),
    "wrong_hand": N_("The leader's computer expects another deal. Call the leader."),
    "finished": N_("The night is over: no more deals are taken."),
    "wrong_table": N_("This screen is set up for another table. Call the leader."),
    "bad_table": N_("This screen is set up for another table. Call the leader."),
    "internal": N_("The leader's computer had a problem with this deal. The leader has been told."),
}

#: Refusals the table cannot mend by entering the deal again.
_SETTLED_BY_LEADER = frozenset({"conflict", "finished", "wrong_table", "bad_table"})


class _SentScreen(ClubScreen):
    def summary_of(self, deal: ClubDeal) -> str:
        tr, desk = self.tr, self.desk
        if desk.individual and desk.score is not None:
            return individual.record_summary(tr, desk.score, deal.deal, deal.record.fields())
        return tr._("Deal {n}: {record}").format(
            n=deal.deal, record=record_text(tr, desk.fields, deal.record.fields())
        )


class ClubPendingScreen(_SentScreen):
    """The deal saved: it goes out by itself, even after a restart."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, pending=self.pending_vm())

    def pending_vm(self) -> PendingVM:
        tr, desk, call, connected = self.tr, self.desk, self.call_button(), self.store.online
        deal = next(iter(reversed(desk.pending.values())), None)
        if connected:
            status = tr._("Sent. Waiting for the leader's computer to score it…")
        else:
            status = tr._(
                "The leader's computer cannot be reached right now. The deal is safe "
                "here and goes out by itself."
            )
        return PendingVM(
            title=tr._("Deal saved"),
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
        if code in _REFUSALS:
            reason, hub = tr._(_REFUSALS[code]), ""
        elif code in words.UNREADABLE:
            reason = tr._(
                "The leader's computer could not read this deal. Check it and send it again."
            )
            hub = ""
        else:
            reason, hub = tr._("The leader's computer says:"), ack.reason or ""
            if ack.reason_text is not None:  # a refusal of the rules, said in our language
                hub = reason_sentence(tr._, ack.reason_text, ack.reason_args or {}, hub)
        return RejectedVM(
            title=tr._("This deal was not accepted"),
            summary=self.summary_of(deal) if deal is not None else "",
            reason=reason,
            hub_reason=hub,
            # the same deal again would only be refused again: the leader settles it
            again=ButtonVM(
                tr._("Enter again"),
                role="primary",
                visible=code not in _SETTLED_BY_LEADER,
                enabled=code not in _SETTLED_BY_LEADER,
            ),
            call=call,
            back=ButtonVM(
                tr._("Back to the score"),
                role="primary" if code in _SETTLED_BY_LEADER else "normal",
            ),
        )
