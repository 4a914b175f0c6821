"""A club table's deals, as the hub scored them; open one to correct it, or enter one."""

from __future__ import annotations

from console import individual, words
from console.screens.base import (
    Draft,
    ScreenPresenter,
)
from console.viewmodel import (
    DealRowVM,
    DealsVM,
    Screen,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.formats.draft import PartnershipDraft, PlayersForm
from whist.leader import each_for_oneself
from whist.protocol import (
    ClearCall,
    ClubDealScored,
)


class DealsPresenter(ScreenPresenter):
    """A club table's deals, as the hub scored them; open one to correct it, or enter one."""

    def club_deal(self, table: int, deal: int) -> ClubDealScored | None:
        deals = self.store.club_deals.get(table, [])
        return deals[deal - 1] if 1 <= deal <= len(deals) else None

    def _next_deal(self, table: int) -> int:
        """The number of the table's next deal, from the hub's standings (or its deals)."""
        n = self.store.night
        played = next((t.deals for t in n.tables if t.table == table), None) if n else None
        return (played if played is not None else len(self.store.club_deals.get(table, []))) + 1

    def open_deal(self, deal: int) -> None:
        """Correct one of the open table's deals ("correct"), or enter its next one."""
        self._intent()
        t = self.router.table
        if t is None or self.store.club is None or not 1 <= deal <= self._next_deal(t):
            return self._changed()
        known = self.club_deal(t, deal)
        club = self.store.club
        if each_for_oneself(club):
            seats = self.console.night.parties(t)
            if known is not None:
                form = PlayersForm.correcting(club, table=t, seats=seats, known=known)
            else:
                # the table's next round as the hub publishes it (Knockout, 8-to-1)
                tables = self.store.night.tables if self.store.night is not None else []
                round_ = next((n.round for n in tables if n.table == t), None)
                form = PlayersForm.entering(
                    club,
                    table=t,
                    seats=seats,
                    deal=deal,
                    dealer=self.store.club_dealers.get(t),
                    round_=round_,
                )
            draft = Draft(t, deal, players=form)
        else:
            pairs = PartnershipDraft.of(deal, known.record if known is not None else {})
            draft = Draft(t, deal, pairs=pairs)
        self.router.draft, self.router.mode = draft, Screen.DEAL
        self._changed()

    def open_enter(self) -> None:
        """Enter the next deal for a table whose kiosk failed."""
        if self.router.table is not None:
            self.open_deal(self._next_deal(self.router.table))

    def build(self) -> DealsVM:
        tr = self.tr
        s, club, t = self.store.state, self.store.club, self.router.table
        assert s is not None and club is not None and t is not None
        known = t in self.store.club_deals
        deals = self.store.club_deals.get(t, [])
        open_night = not s.finished
        rows = []
        alone = each_for_oneself(club)
        seats = self.console.night.parties(t)

        def name(seat: str) -> str:
            return self.console.night.players(t, seat)

        for d in reversed(deals):  # the latest first: it is the one most often corrected
            scored = (
                individual.lines_text(tr, club, d.lines, name)
                if alone
                else words.club_lines(tr, d.lines)
            )
            if d.unscored:
                scored = words.semicolons(tr, [scored, words.club_lines(tr, d.unscored)])
            won = d.rubber_won_by or d.game_won_by
            if won and alone:
                winners = ", ".join(name(w) for w in [won, *d.game_shared_with])
                scored += " · " + tr.t("{names} won the game").format(names=winners)
                if d.knocked_out:
                    scored += " · " + tr.t("out: {names}").format(
                        names=", ".join(name(s) for s in d.knocked_out)
                    )
            elif alone and d.knocked_out:
                scored += " · " + tr.t("out: {names}").format(
                    names=", ".join(name(s) for s in d.knocked_out)
                )
            elif d.rubber_won_by:
                scored += " · " + tr.t("{party} wins the rubber").format(
                    party=words.party(tr, d.rubber_won_by)
                )
            elif won:
                scored += " · " + tr.t("{party} wins the game").format(party=words.party(tr, won))
            if d.corrected:
                scored += " · " + tr.t("corrected by the leader")
            elif d.by == "leader":
                scored += " · " + tr.t("entered by the leader")
            rows.append(
                DealRowVM(
                    deal=(tr.t("Round {n}") if club.rounds else tr.t("Deal {n}")).format(n=d.deal),
                    number=d.deal,
                    entered=individual.record_text(tr, club, d.record, seats, name)
                    if alone
                    else words.club_record(tr, d.record),
                    scored=scored,
                    correct=ButtonVM(tr.t("Correct"), enabled=open_night) if open_night else HIDDEN,
                )
            )
        offline = t in s.offline
        nxt = self._next_deal(t)
        if not known:
            empty = tr.t("Asking the hub for this table's deals…")
        elif not deals:
            empty = tr.t("No deal recorded at this table yet.")
        else:
            empty = ""
        status = self.console.night.progress_line(t)
        if t in s.calling:
            status += " · " + tr.t("Calls you: {reason}").format(
                reason=self.console.tables.call_reason(t)
            )
        if offline:
            status += " · " + tr.t("its kiosk is offline")
        return DealsVM(
            title=tr.t("Table {table}").format(table=t),
            players=" · ".join(
                f"{words.party(tr, p)}: {self.console.night.players(t, p)}"
                for p in (() if alone else club.parties)
            ),
            status=status,
            rows=tuple(rows),
            empty=empty,
            enter=ButtonVM(
                (
                    tr.t("Enter round {n} for the table")
                    if club.rounds
                    else tr.t("Enter deal {n} for the table")
                ).format(n=nxt),
                role="primary" if offline else "normal",
            )
            if open_night
            else HIDDEN,
            back=ButtonVM(tr.t("Back")),
            clear_call=ButtonVM(tr.t("Clear the call"), role="call") if t in s.calling else HIDDEN,
        )

    def clear_call(self) -> None:
        """The leader has seen to the table: the hub clears its call (its kiosk's band and
        call button follow the hub's State)."""
        self._intent()
        if self.router.table is not None:
            self._send(ClearCall(id=self._id(), table=self.router.table))
        self._changed()
