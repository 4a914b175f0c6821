"""A club deal being corrected or entered: the fields the game reads, and a reason."""

from __future__ import annotations

from dataclasses import replace

from console import individual, words
from console.screens.base import (
    CLUB_REASONS,
    ScreenPresenter,
)
from console.viewmodel import (
    CHOICE_ROWS,
    COUNT_ROWS,
    MINUS,
    DealFormVM,
    FieldRowVM,
    Screen,
)
from uikit.common import (
    TRUMPS,
    trump_short,
)
from uikit.viewmodel import ButtonVM
from whist.formats import TRICKS
from whist.formats.draft import PlayersForm, Side, choice_pages, entry_of
from whist.protocol import CorrectDeal
from whist.tournament import MAX_REVOKES


class DealPresenter(ScreenPresenter):
    """A club deal being corrected or entered: the fields the game reads, and a reason."""

    def deal_field(self, name: str, value: str | int | None) -> None:
        """One of the form's choices: ``granded``, ``trump``, ``ns_tricks``, ``honours``
        (``"NS:4"``, ``"EW:3"`` or ``"none"``), handed to the core's draft of the deal."""
        self._intent()
        d, club = self.router.draft, self.store.club
        if d is None or d.pairs is None or club is None or self.router.mode is not Screen.DEAL:
            return self._changed()
        pairs, schema = d.pairs, entry_of(club)
        if name == "ns_tricks" and isinstance(value, int):
            pairs = pairs.with_tricks(value)
        elif name == "honours":
            pairs = pairs.choose(schema, name, str(value).replace(":", ""))
        elif name in ("granded", "trump"):
            pairs = pairs.choose(schema, name, str(value))
        self.router.draft = replace(d, pairs=pairs)
        self._changed()

    def deal_choose(self, arg: str) -> None:
        """Widow, Solo: a choice of the form, ``key=value`` (``widow=2``, ``contract=prop``,
        ``bidder=N``; ``none`` for nobody), handed to the core's form of the deal (which
        refuses what its page does not offer and drops what no longer applies)."""
        self._intent()
        form = self._form()
        key, _, value = str(arg).partition("=")
        if form is not None:
            form.put(key, value)
        self._changed()

    def deal_step(self, arg: str) -> None:
        """A player's count on the form, ``key:delta`` (``tricks_3:1``, ``bid_N:-1``): the
        core's form refuses a count that would leave the others less than none."""
        self._intent()
        form = self._form()
        key, _, delta = str(arg).partition(":")
        if form is not None and delta in ("1", "-1"):
            form.add(key, int(delta))
        self._changed()

    def _form(self) -> PlayersForm | None:
        d = self.router.draft
        return d.players if d is not None and self.router.mode is Screen.DEAL else None

    def deal_granded(self, value: str) -> None:
        self.deal_field("granded", value)

    def deal_trump(self, value: str) -> None:
        self.deal_field("trump", value)

    def deal_tricks(self, value: int) -> None:
        self.deal_field("ns_tricks", value)

    def deal_honours(self, value: str) -> None:
        self.deal_field("honours", value)

    def deal_revoke(self, party: str, delta: int) -> None:
        self._intent()
        d = self.router.draft
        pairs = d.pairs if d is not None and self.router.mode is Screen.DEAL else None
        if d is not None and pairs is not None and party in ("NS", "EW"):
            side: Side = "NS" if party == "NS" else "EW"
            self.router.draft = replace(
                d, pairs=pairs.with_revokes(side, pairs.revokes(side) + delta)
            )
        self._changed()

    def confirm_deal(self) -> None:
        """Send the deal to the hub; it checks it by the game's rules (a refusal says why)."""
        self._intent()
        d = self.router.draft
        reason = self._sent_reason().strip()
        if d is None or not reason or self.router.mode is not Screen.DEAL:
            return self._changed()
        club = self.store.club
        if club is None:
            return self._changed()
        if d.pairs is not None:
            record = d.pairs.record(entry_of(club))
        elif d.players is not None and d.players.complete:
            record = d.players.record()
        else:
            return self._changed()
        self._send(
            CorrectDeal(id=self._id(), table=d.table, deal=d.hand, record=record, reason=reason)
        )
        self.router.mode, self.router.draft = Screen.DEALS, None
        self._changed()

    def _heading(self, rounds: bool, recorded: str | None) -> tuple[str, str]:
        """The form's title and note: a deal (or, in a game of rounds, a round; issue 29)
        corrected, with what was ``recorded``, or entered for a table whose kiosk failed."""
        tr, d = self.tr, self.router.draft
        assert d is not None
        if rounds:
            title = (
                tr.t("Table {table}, round {n}: correct it")
                if recorded is not None
                else tr.t("Table {table}, round {n}: enter it for the table")
            )
        else:
            title = (
                tr.t("Table {table}, deal {n}: correct it")
                if recorded is not None
                else tr.t("Table {table}, deal {n}: enter it for the table")
            )
        note = (
            tr.t("As recorded: {record}. Change what is wrong; the scores after it follow.").format(
                record=recorded
            )
            if recorded is not None
            else tr.t("For a table whose kiosk failed: from the players' score sheet.")
        )
        return title.format(table=d.table, n=d.hand), note

    def _players_form(self) -> DealFormVM:
        """The deal form of Widow, Solo, Knockout or 8-to-1: the choices and each player's
        counts, by name (console.individual); the hub checks the deal by the rules."""
        tr = self.tr
        club, d = self.store.club, self.router.draft
        assert club is not None and d is not None
        form = d.players
        assert form is not None
        known = self.console.deals.club_deal(d.table, d.hand)
        seats = self.console.night.parties(d.table)

        def name(seat: str) -> str:
            return self.console.night.players(d.table, seat)

        rows = individual.form_rows(tr, form, name)
        choices = [FieldRowVM(label, buttons, args) for label, buttons, args in rows.choices]
        counts = [FieldRowVM(label, buttons, args) for label, buttons, args in rows.counts]
        choices += [FieldRowVM()] * (CHOICE_ROWS - len(choices))
        counts += [FieldRowVM()] * (COUNT_ROWS - len(counts))
        ready = rows.ready and bool(self._reason().strip())
        recorded = (
            individual.record_text(tr, club, known.record, seats, name)
            if known is not None
            else None
        )
        title, note = self._heading(bool(club.rounds), recorded)
        readout = individual.record_text(tr, club, form.final(), rows.order, name) or tr.t(
            "Nothing chosen yet."
        )
        # the note (what was recorded, or where an entered deal comes from) only where the
        # rows leave room for it; else what was recorded goes under the readout, so that a
        # correction always shows before and after (issue 25)
        shown = _lines(choices, counts)
        if shown > 3:
            note = ""
            if recorded is not None and shown == 4:
                readout += "\n" + tr.t("As recorded: {record}").format(record=recorded)
        return DealFormVM(
            title=title,
            note=note,
            choices=tuple(choices),
            counts=tuple(counts),
            readout=readout,
            reason_label=tr.t("Reason (required, kept in the log):"),
            reasons=tuple(
                ButtonVM(tr.t(text), role="selected" if d.preset == i else "normal")
                for i, text in enumerate(CLUB_REASONS)
            ),
            reason=d.reason,
            save=ButtonVM(
                tr.t("Save the deal"), role="primary" if ready else "disabled", enabled=ready
            ),
            back=ButtonVM(tr.t("Cancel")),
        )

    def build(self) -> DealFormVM:
        tr = self.tr
        club, d = self.store.club, self.router.draft
        assert club is not None and d is not None
        if d.pairs is None:
            return self._players_form()
        schema = entry_of(club)
        f = d.pairs.fields(schema)
        fields = {p.field for p in choice_pages(schema) if p is not None}
        known = self.console.deals.club_deal(d.table, d.hand)

        def pick(text: str, on: bool) -> ButtonVM:
            return ButtonVM(text, role="selected" if on else "normal")

        granded = (
            (
                pick(
                    tr.t("{party} granded").format(party=words.party(tr, "NS")),
                    f.get("granded") == "NS",
                ),
                pick(
                    tr.t("{party} granded").format(party=words.party(tr, "EW")),
                    f.get("granded") == "EW",
                ),
                pick(tr.t("Everyone low"), f.get("granded") == "low"),
            )
            if "granded" in fields
            else ()
        )
        trumps = (
            tuple(pick(trump_short(tr, x), f.get("trump") == x) for x in TRUMPS if x != "none")
            if "trump" in fields
            else ()
        )
        ns = d.pairs.ns_tricks
        keys = tuple(pick(str(n), ns == n) for n in range(TRICKS + 1))
        honours: tuple[ButtonVM, ...] = ()
        if "honours" in fields:
            held = f"{f.get('honours')}:{f.get('honours_held')}" if "honours" in f else "none"
            honours = (
                pick(tr.t("None"), held == "none"),
                *(
                    pick(
                        tr.t("{party}: {n}").format(party=words.party(tr, p), n=n),
                        held == f"{p}:{n}",
                    )
                    for p in ("NS", "EW")
                    for n in (3, 4)
                ),
            )

        ns_r, ew_r = d.pairs.ns_revokes, d.pairs.ew_revokes
        ready = d.pairs.complete(schema) and bool(self._reason().strip())
        title, note = self._heading(
            False, words.club_record(tr, known.record) if known is not None else None
        )
        readout = words.club_record(tr, f) or tr.t("Nothing chosen yet.")
        return DealFormVM(
            title=title,
            note=note,
            granded_label=tr.t("Who granded?") if granded else "",
            granded=granded,
            trump_label=tr.t("Trump") if trumps else "",
            trumps=trumps,
            tricks_label=tr.t("Tricks taken by {party}").format(party=words.party(tr, "NS")),
            keys=keys,
            honours_label=tr.t("Honours") if honours else "",
            honours=honours,
            revokes_label=tr.t("Revokes"),
            ns_label=words.party(tr, "NS"),
            ns_count=str(ns_r),
            ns_minus=ButtonVM(MINUS, enabled=ns_r > 0, role="normal" if ns_r else "disabled"),
            ns_plus=ButtonVM("+", enabled=ns_r < MAX_REVOKES),
            ew_label=words.party(tr, "EW"),
            ew_count=str(ew_r),
            ew_minus=ButtonVM(MINUS, enabled=ew_r > 0, role="normal" if ew_r else "disabled"),
            ew_plus=ButtonVM("+", enabled=ew_r < MAX_REVOKES),
            readout=readout,
            reason_label=tr.t("Reason (required, kept in the log):"),
            reasons=tuple(pick(tr.t(text), d.preset == i) for i, text in enumerate(CLUB_REASONS)),
            reason=d.reason,
            save=ButtonVM(
                tr.t("Save the deal"), role="primary" if ready else "disabled", enabled=ready
            ),
            back=ButtonVM(tr.t("Cancel")),
        )


def _lines(choices: list[FieldRowVM], counts: list[FieldRowVM]) -> int:
    """The lines of buttons the form's rows take, as console/kv/deal.kv lays them out: a row
    of more than six buttons takes two; from five players on, their counts stand two by two."""

    def height(row: FieldRowVM) -> int:
        return 2 if len(row.buttons) > 6 else 1

    counted = [c for c in counts if c.label]
    if len(counted) >= 5:
        pairs = [counted[i : i + 2] for i in range(0, len(counted), 2)]
        count_lines = sum(max(height(c) for c in pair) for pair in pairs)
    else:
        count_lines = sum(height(c) for c in counted)
    return sum(height(c) for c in choices if c.label) + count_lines
