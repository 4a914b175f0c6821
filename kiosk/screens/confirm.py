"""The confirm screen: "Is this right?", what the result is worth, and each side's tap."""

from __future__ import annotations

from dataclasses import replace

from kiosk import words
from kiosk.i18n import N_
from kiosk.outbox import OutboxError
from kiosk.screens.base import KioskScreen
from kiosk.screens.router import Draft, SideName
from kiosk.viewmodel import ButtonVM, ConfirmVM, Screen, ViewModel, agree_button
from whist.formats import TRICKS, Format, HandOutcome
from whist.protocol import Result, Revokes

#: What a second tap on an agreed side's button hears.
ALREADY: dict[SideName, str] = {
    "home": N_("Home has agreed already: now the visitors."),
    "visitors": N_("The visitors have agreed already: now home."),
}

#: The confirm screen's note: whose tap is still missing (home agreed, visitors agreed).
STILL_TO_AGREE: dict[tuple[bool, bool], str] = {
    (False, False): N_("Each side taps its own button."),
    (True, False): N_("Home agreed. Now the visitors."),
    (False, True): N_("The visitors agreed. Now home."),
    (True, True): "",
}


class ConfirmScreen(KioskScreen):
    """Both sides agree, then the result goes to the outbox and on to the hub."""

    def view(self, vm: ViewModel) -> ViewModel:
        tr, r = self.tr, self.router
        d = r.draft
        assert d is not None and d.visitor_tricks is not None
        v, rh, rv = d.visitor_tricks, d.revokes_home, d.revokes_visitors
        preview = self.preview(v, rh, rv)
        unit = self.store.unit
        said = words.outcome(tr, unit, preview)
        why = words.outcome_reason(tr, preview)
        revokes = words.revokes_line(tr, rh, rv)
        confirm = ConfirmVM(
            title=tr.t("Is this right?"),
            tricks=words.tricks_line(tr, v),
            revokes="\n".join(line for line in (revokes, why) if line),
            outcome=said,
            note=tr.t(r.repeat or STILL_TO_AGREE[d.home_agrees, d.visitors_agree]),
            note_role="bad" if r.repeat else "text",
            error=tr.t(r.error) if r.error else "",
            # worded alike, before and after the tap: "Home: agree", "✓ Home: agreed"
            home=agree_button(d.home_agrees, tr.t("✓ Home: agreed"), tr.t("Home: agree")),
            visitors=agree_button(
                d.visitors_agree, tr.t("✓ Visitors: agreed"), tr.t("Visitors: agree")
            ),
            back=ButtonVM(tr.t("Change")),
        )
        return replace(vm, confirm=confirm)

    def preview(self, visitor_tricks: int, revokes_home: int, revokes_visitors: int) -> HandOutcome:
        """What the result being typed in will be worth: the format's own rule (whist.formats),
        asked before sending; once recorded, the hub's view says what counts."""
        rules = self.store.rules
        assert rules is not None  # a result is only typed in once the hub's view has come
        return Format(rules.name).rules.outcome(visitor_tricks, revokes_home, revokes_visitors)

    def agree(self, side: SideName) -> None:
        r = self.router
        d = r.draft
        if d is None:
            return
        if d.home_agrees if side == "home" else d.visitors_agree:
            # Tapped twice, or by the wrong side: say whose tap is still missing.
            r.repeat = ALREADY[side]
            return
        d = d.agreed(side)
        r.draft, r.repeat = d, ""
        if d.home_agrees and d.visitors_agree:
            self.submit(d)

    def submit(self, d: Draft) -> None:
        assert d.visitor_tricks is not None
        app, r = self.app, self.router
        result = Result(
            id=app.new_id(),
            hand=d.hand,
            table=app.table,
            visitor_tricks=d.visitor_tricks,
            home_tricks=TRICKS - d.visitor_tricks,
            revokes=Revokes(home=d.revokes_home, visitors=d.revokes_visitors),
        )
        try:
            app.link.submit(result)
        except OutboxError:
            # Not stored, so not "sent": keep the players on the confirm screen, say why.
            r.error = N_("This screen could not save the result. Please call the leader.")
            r.draft = d.unagreed()
            return
        self.store.pending[result.id] = result
        r.watching = result.id
        r.mode, r.error = Screen.PENDING, ""

    def open_revokes(self) -> None:
        self.revokes_from(Screen.CONFIRM)

    def back(self) -> None:
        """Change: back to the keypad the number came from, the number still selected."""
        r = self.router
        if r.draft is not None:
            r.draft = r.draft.unagreed()
            r.mode, r.repeat = r.keypad_screen, ""

    def long_back(self) -> None:
        self.router.leave_flow()
