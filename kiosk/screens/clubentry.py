"""A club night's entry screens, drawn from the game's entry schema (``ClubRules.entry``):
the pick page (who granded, the trump, the honours), the players' pages of a game played each
for oneself, the tricks keypad, the revokes page, and "Is this right?"."""

from __future__ import annotations

from dataclasses import replace

from kiosk import words
from kiosk.club import PICK_SLOTS
from kiosk.i18n import Translator
from kiosk.individual import Said
from kiosk.screens.clubscore import ClubScreen
from kiosk.screens.revokes import revokes_vm
from kiosk.viewmodel import (
    ButtonVM,
    ClubChooseVM,
    ClubPickVM,
    ConfirmVM,
    EntryVM,
    RevokesVM,
    ViewModel,
    agree_button,
)
from whist.formats import TRICKS
from whist.formats.draft import entry_of
from whist.formats.entry import EntrySchema, Line


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


class _DraftScreen(ClubScreen):
    """A page of a partnership game's deal: the schema's words, filled in with what is
    tapped (:class:`kiosk.individual.Said`)."""

    def said(self) -> Said:
        desk = self.desk
        d, s = desk.draft, desk.score
        assert d is not None and s is not None
        return Said.of(self.tr, s, d.values(), lambda _page: (), deal=d.deal)

    @property
    def schema(self) -> EntrySchema:
        s = self.desk.score
        assert s is not None
        return entry_of(s.rules)


class ClubEntryScreen(_DraftScreen):
    """The tricks: North-South's on the keypad, or a player's page of a game played each for
    oneself; the question and the line under the keypad are the schema's."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, entry=self.entry_vm())

    def entry_vm(self) -> EntryVM:
        tr, desk = self.tr, self.desk
        if desk.flow is not None:
            return desk.flow.entry_vm(tr)
        d = desk.draft
        assert d is not None
        page = desk.count_page
        assert page is not None
        v = d.ns_tricks
        keys = tuple(
            ButtonVM(str(n), role="selected" if n == v else "normal") for n in range(TRICKS + 1)
        )
        said = self.said()
        revokes = d.ns_revokes + d.ew_revokes
        return EntryVM(
            question=said.line(page.question),
            keys=keys,
            readout=said.line(page.readout),
            back=ButtonVM(tr.t("Back")),
            revokes=ButtonVM(tr.t("Revokes: {n}").format(n=revokes), role="selected")
            if revokes
            else ButtonVM(tr.t("Revokes")),
            next=ButtonVM(
                tr.t("Next"), role="primary" if v is not None else "disabled", enabled=v is not None
            ),
        )


class ClubRevokesScreen(_DraftScreen):
    """Each partnership's established revokes, what a revoke costs and which side revoked,
    as the schema says (issue 29)."""

    def view(self, vm: ViewModel) -> ViewModel:
        return replace(vm, revokes=self.revokes_vm())

    def revokes_vm(self) -> RevokesVM:
        tr, desk = self.tr, self.desk
        d = desk.draft
        page = self.schema.revokes
        assert d is not None and page is not None
        said = self.said()
        tapped = d.values()
        ns, ew = (int(tapped.get(f, 0)) for f in page.fields)
        sides = ((tr.t(page.sides[0]), ns), (tr.t(page.sides[1]), ew))
        return revokes_vm(
            tr,
            said.line(page.rule),
            sides,
            first=desk.revoke_side == "NS",
            said=said.line(page.said),
        )


class ClubConfirmScreen(_DraftScreen):
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
        schema, said = self.schema, self.said()
        # the choice and the tricks big, a line each; honours and revokes below
        return ConfirmVM(
            title=said.line(schema.title),
            tricks="",
            revokes="",
            outcome="\n".join(said.lines(schema.heads)),
            # honours and revokes under the big lines, on one line, then what to do
            note="\n".join(
                x
                for x in (
                    " · ".join(said.lines(schema.notes)),
                    tr.t("Each side taps its button to agree."),
                )
                if x
            ),
            error=tr.t(desk.error) if desk.error else "",
            home=agree_button(d.ns_agrees, tr.t("✓ North-South agree"), tr.t("North-South: agree")),
            visitors=agree_button(d.ew_agrees, tr.t("✓ East-West agree"), tr.t("East-West: agree")),
            back=ButtonVM(tr.t("Change")),
        )


def _say(tr: Translator, line: Line, **fill: object) -> str:
    """A schema's line that needs only the deal's number (a partnership game's questions)."""
    return " · ".join(tr.t(t.msgid).format(**fill) for t in line if t.holds({}))


def _pad(options: list[ButtonVM]) -> tuple[ButtonVM, ...]:
    return tuple(options) + (ButtonVM(visible=False, enabled=False),) * (PICK_SLOTS - len(options))
