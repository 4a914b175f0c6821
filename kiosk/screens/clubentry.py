"""A club night's entry screens, drawn from the game's entry schema (``ClubRules.entry``):
the pick page (who granded, the trump, the honours), the players' pages of a game played each
for oneself, the tricks keypad, the revokes page, and "Is this right?"."""

from __future__ import annotations

from dataclasses import replace

from kiosk import words
from kiosk.club import PICK_SLOTS
from kiosk.i18n import Translator
from kiosk.screens.clubscore import ClubScreen
from kiosk.screens.clubwords import PARTY_NAMES, record_text
from kiosk.screens.revokes import revokes_vm
from kiosk.viewmodel import (
    ButtonVM,
    ClubChooseVM,
    ClubPickVM,
    ConfirmVM,
    EntryVM,
    RevokesVM,
    ViewModel,
)
from whist.formats import TRICKS
from whist.formats.entry import Line


class ClubPickScreen(ClubScreen):
    """The pick page, as the game's schema says: its question and options (suits with
    their symbol and colour)."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, club_pick=self.pick_vm())

    def pick_vm(self) -> ClubPickVM:
        tr, desk = self.tr, self.desk
        d, page = desk.draft, desk.pick_page
        assert d is not None and page is not None
        chosen = getattr(d, page.field)
        suits = all(o.value in words.SUIT_SYMBOLS for o in page.options)
        options = []
        for o in page.options:
            if o.value == chosen:
                role = "selected"
            elif suits:
                role = "suit-red" if o.value in words.RED_SUITS else "suit-black"
            else:
                role = "normal"
            label = tr.t(o.label)
            text = f"{words.SUIT_SYMBOLS[o.value]}\n{label}" if suits else label
            options.append(ButtonVM(text, role=role))
        return ClubPickVM(
            question=_say(tr, page.question, deal=d.deal),
            kinds=tuple(o.value for o in page.options),
            options=_pad(options),
            back=ButtonVM(tr.t("Back")),
            big=suits,
            # more answers than a row holds: a 2x2 grid, the first beside Back
            grid=len(options) >= PICK_SLOTS,
        )


class ClubChooseScreen(ClubScreen):
    """A game played each for oneself: a choice of seat or contract (:mod:`kiosk.individual`)."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, club_choose=self.choose_vm())

    def choose_vm(self) -> ClubChooseVM:
        tr, desk = self.tr, self.desk
        assert desk.flow is not None
        return desk.flow.choose_vm(tr)


class ClubEntryScreen(ClubScreen):
    """The tricks: North-South's on the 0-13 keypad, or a player's page of a game played
    each for oneself."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, entry=self.entry_vm())

    def entry_vm(self) -> EntryVM:
        tr, desk = self.tr, self.desk
        if desk.flow is not None:
            return desk.flow.entry_vm(tr)
        d = desk.draft
        assert d is not None
        v = d.ns_tricks
        keys = tuple(
            ButtonVM(str(n), role="selected" if n == v else "normal") for n in range(TRICKS + 1)
        )
        if v is None:
            readout = tr.t("Tap the number of tricks North-South took.")
        else:
            readout = tr.t("North-South {ns} · East-West {ew}").format(ns=v, ew=TRICKS - v)
        revokes = d.ns_revokes + d.ew_revokes
        return EntryVM(
            question=tr.t("How many tricks did North-South take?"),
            keys=keys,
            readout=readout,
            back=ButtonVM(tr.t("Back")),
            revokes=ButtonVM(tr.t("Revokes: {n}").format(n=revokes), role="selected")
            if revokes
            else ButtonVM(tr.t("Revokes")),
            next=ButtonVM(
                tr.t("Next"), role="primary" if v is not None else "disabled", enabled=v is not None
            ),
        )


class ClubRevokesScreen(ClubScreen):
    """Each partnership's established revokes."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, revokes=self.revokes_vm())

    def revokes_vm(self) -> RevokesVM:
        tr, desk = self.tr, self.desk
        d = desk.draft
        assert d is not None
        sides = (
            (tr.t(PARTY_NAMES["NS"]), d.ns_revokes),
            (tr.t(PARTY_NAMES["EW"]), d.ew_revokes),
        )
        rule = tr.t("They are scored by the game's rules.")
        return revokes_vm(tr, rule, sides, first=d.revoke_side == "NS")


class ClubConfirmScreen(ClubScreen):
    """The deal as tapped in; each side agrees (everyone at once, for a game played each
    for oneself)."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, confirm=self.confirm_vm())

    def confirm_vm(self) -> ConfirmVM:
        tr, desk = self.tr, self.desk
        if desk.flow is not None:
            return desk.flow.confirm_vm(tr, tr.t(desk.error) if desk.error else "")
        d = desk.draft
        assert d is not None
        text = record_text(tr, desk.fields, d.record(desk.fields).fields(), full=True)
        # the choice and the tricks big; honours and revokes below
        lines = text.split("\n")
        first, rest = "\n".join(lines[:2]), "\n".join(lines[2:])
        return ConfirmVM(
            title=tr.t("Deal {n}: is this right?").format(n=d.deal),
            tricks="",
            revokes="",
            outcome=first,
            # honours and revokes under the big lines, on one line, then what to do
            note="\n".join(
                x
                for x in (rest.replace("\n", " · "), tr.t("Each side taps its button to agree."))
                if x
            ),
            error=tr.t(desk.error) if desk.error else "",
            home=ButtonVM(tr.t("✓ North-South agree"), role="done")
            if d.ns_agrees
            else ButtonVM(tr.t("North-South: agree"), role="primary"),
            visitors=ButtonVM(tr.t("✓ East-West agree"), role="done")
            if d.ew_agrees
            else ButtonVM(tr.t("East-West: agree"), role="primary"),
            back=ButtonVM(tr.t("Change")),
        )


def _say(tr: Translator, line: Line, **fill: object) -> str:
    """A schema's line that needs only the deal's number (a partnership game's questions)."""
    return " · ".join(tr.t(t.msgid).format(**fill) for t in line if t.holds({}))


def _pad(options: list[ButtonVM]) -> tuple[ButtonVM, ...]:
    return tuple(options) + (ButtonVM(visible=False, enabled=False),) * (PICK_SLOTS - len(options))
