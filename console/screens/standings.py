"""The standings: the tournament's or the club night's, as the hub publishes them."""

from __future__ import annotations

from console import director, words
from console.screens.base import (
    ScreenPresenter,
)
from console.viewmodel import (
    RowVM,
    StandingsVM,
)
from uikit.common import count_pending, day_count_line, placed_by_words
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.enums import Phase, Unit
from whist.protocol import (
    ClubRules,
)
from whist.views import place_marks


class StandingsPresenter(ScreenPresenter):
    """The standings: the tournament's or the club night's, as the hub publishes them."""

    def open_counts(self) -> None:
        """The verifiers' count's page (its button under the standings)."""
        self.console.counts.open_counts()

    def open_ledger(self) -> None:
        """The loan ledger's page (its button under the standings)."""
        self.console.loans.open_ledger()

    def _night_standings(self, club: ClubRules, finished: bool) -> StandingsVM:
        tr = self.tr
        n = self.store.night
        rubbers = club.wins == Unit.RUBBERS
        title = tr.t("Final standings") if finished else tr.t("The night so far")
        head = RowVM(
            rank=tr.t("Rank"),
            team=tr.t("Table"),
            name=tr.t("Partners"),
            score=tr.t("Rubbers") if rubbers else tr.t("Games"),
            days=tr.t("Points"),
        )
        marks = place_marks([r.rank for r in n.rows]) if n else []
        rows = tuple(
            RowVM(
                rank=mark,
                team=str(r.table),
                name=f"{self.console.night.players(r.table, r.party)} ({words.party(tr, r.party)})",
                score=str(r.rubbers if rubbers else r.games),
                days=str(r.points),
            )
            for r, mark in zip(n.rows if n else [], marks, strict=True)
        )
        return StandingsVM(title=title, head=head, rows=rows)

    def build(self) -> StandingsVM:
        tr = self.tr
        s = self.store.state
        st = self.store.standings
        assert s is not None
        if s.club is not None:
            return self._night_standings(s.club, s.finished)
        points = self.store.rules.unit == Unit.POINTS
        lends = self.store.rules.lends_flags
        if s.finished and s.phase != Phase.PLAYING and s.results_missing:
            title = tr.t("Standings (provisional)")  # not final while results are missing
        elif s.finished and s.phase != Phase.PLAYING and count_pending(s):
            title = tr.t("Standings (the flags are being counted)")  # a count can move them
        elif s.settled:
            title = tr.t("Final standings")
        elif s.finished and s.phase != Phase.PLAYING:
            title = tr.t("Standings after the last hand")  # the day's end, the count to come
        elif s.hand == 0:
            title = tr.t("Standings before the first hand")
        else:
            title = tr.t("Standings after hand {n} of {total}").format(n=s.hand, total=s.hands)
        head = RowVM(
            rank=tr.t("Rank"),
            team=tr.t("Team"),
            name=tr.t("Name"),
            score=tr.t("Points") if points else tr.t("Flags"),
            days=tr.t("Per day") if s.days > 1 else "",
            loans=tr.t("Lent") if lends else "",
        )
        teams = st.teams if st is not None else []
        marks = place_marks([t.rank for t in teams])  # a shared place: "2="
        rows = tuple(
            RowVM(
                # a place the leader decided is marked beside its rank, explained in the note
                rank=f"{t.rank}*" if t.by_leader else mark,
                team=str(t.team),
                # as the standings view names it (the hall's names too); level teams the
                # format's tie-break placed say so (the hall's rows too)
                name=t.name
                + (" — " + placed_by_words(tr, st.placed_by) if t.tie_broken and st else ""),
                score=str(t.points if points else t.flags),
                days=" · ".join(str(d) for d in t.day_totals) if s.days > 1 else "",
                loans=str(t.loans) if lends else "",
            )
            for t, mark in zip(teams, marks, strict=True)
        )
        note = director.provisional(tr, s.results_missing)
        if st is not None and any(t.by_leader for t in st.teams):
            decided = tr.t("*: placed by the leader's decision.")
            note = f"{note.rstrip('.')}. {decided}" if note else decided
        if s.ended_after is not None:
            ended = tr.t("Play ended after hand {n}.").format(n=s.ended_after)
            note = f"{ended} {note}".strip()
        counted = day_count_line(tr, s, name_tables=True) if lends else ""  # A15, A19
        if counted:
            note = f"{note.rstrip('.')}. {counted}" if note else counted
        return StandingsVM(
            title=title,
            head=head,
            rows=rows,
            note=note,
            ledger=ButtonVM(tr.t("Loan ledger")) if lends else HIDDEN,
            counts=ButtonVM(tr.t("Verifiers' count")) if lends else HIDDEN,
        )
