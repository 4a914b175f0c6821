"""One table's page: its results hand by hand, its call, and the ways to correct, lend,
penalise."""

from __future__ import annotations

from console import words
from console.screens.base import (
    ScreenPresenter,
)
from console.viewmodel import (
    TableVM,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.enums import Unit
from whist.formats import TRICKS
from whist.protocol import (
    ClearCall,
    ConflictRow,
    TableResultRow,
)


class TablePresenter(ScreenPresenter):
    """One table's page: its result hand by hand, its call, and the ways to correct it."""

    def open_correct(self) -> None:
        """This table's result, to correct (or enter) it."""
        self.console.correct.open_correct()

    def open_loan(self) -> None:
        """Flags lent to this table."""
        self.console.loan.open_loan()

    def open_penalty(self) -> None:
        """A penalty at this table."""
        self.console.penalty.open_penalty()

    def table_hand_step(self, delta: int) -> None:
        """◀ / ▶: the same table in an earlier or later hand (up to the current one)."""
        self._intent()
        s = self.store.state
        if s is not None and 1 <= self.router.table_hand + delta <= s.hand:
            self.router.table_hand += delta
            self.console.want_results(self.router.table_hand)
        self._changed()

    def row(self, hand: int, table: int) -> TableResultRow | None:
        data = self.store.results.get((hand, table))
        if data is None:
            return None
        return next((r for r in data.tables if r.table == table), None)

    def conflict(self, hand: int, table: int) -> ConflictRow | None:
        data = self.store.results.get((hand, table))
        if data is None:
            return None
        return next((c for c in data.conflicts if c.table == table), None)

    def build(self) -> TableVM:
        tr = self.tr
        s = self.store.state
        t = self.router.table
        assert s is not None and t is not None
        hand = self.router.table_hand
        rules = self.store.rules
        status = tr.t("Kiosk offline") if t in s.offline else tr.t("Kiosk online")
        call = ""
        if t in s.calling:
            call = tr.t("Calling you: {reason}").format(reason=self.console.tables.call_reason(t))
        result, conflict, history = "", "", ""
        row = self.row(hand, t) if hand else None
        if hand == 0:
            result = tr.t("No hand has started yet.")
        elif (hand, t) not in self.store.results:
            result = tr.t("Asking the hub…")
        elif row is None or row.visitor_tricks is None:
            result = tr.t("No result yet for this hand.")
        if row is not None and row.visitor_tricks is not None:
            v = row.visitor_tricks
            revokes = row.revokes
            points = row.points
            worth = words.worth(
                tr,
                rules.unit,
                row.flags or 0,
                points.home if points is not None else 0,
                points.visitors if points is not None else 0,
            )
            result = tr.t("Visitors (team {team}) {v}, home {h}: {worth} ({source}).").format(
                team=row.visitor_team, v=v, h=TRICKS - v, worth=worth, source=self._source(row)
            )
            if revokes is not None:
                line = words.revokes_line(tr, revokes.home, revokes.visitors)
                if line:
                    result += "\n" + line
        if row is not None:
            # a result the table never sent, entered by the leader, is not a correction
            entered = row.by == "leader" and not row.corrected
            said = (
                tr.t("Entered by the leader: {reason}") if entered else tr.t("Corrected: {reason}")
            )
            notes = [said.format(reason=tr.t(r)) for r in row.corrections]
            if row.penalty is not None:
                side = tr.t("home") if row.penalty.side == "home" else tr.t("visitors")
                notes.append(
                    tr.t("Penalty against the {side}: {reason}").format(
                        side=side, reason=tr.t(row.penalty.reason)
                    )
                )
            history = "\n".join(notes)
        other = self.conflict(hand, t) if hand else None
        if other is not None:
            v = other.visitor_tricks
            conflict = tr.t(
                "The kiosk then sent a different result: visitors {v}, home {h}. "
                "Correct the result to settle it."
            ).format(v=v, h=TRICKS - v)
        flags = ""
        a = self.store.assignments.get(t)
        team = next(
            (
                x
                for x in (self.store.standings.teams if self.store.standings else [])
                if x.team == t
            ),
            None,
        )
        if rules.unit == Unit.POINTS and team is not None:
            flags = tr.nt(
                "Team {team} has {n} point.", "Team {team} has {n} points.", team.points
            ).format(team=t, n=team.points)
        elif rules.unit == Unit.FLAGS and a is not None:
            flags = tr.nt(
                "Flags at this table now: {n}.", "Flags at this table now: {n}.", a.flags
            ).format(n=a.flags)
            if team is not None and team.loans:
                flags += " " + tr.t("({n} lent today)").format(n=team.loans)
        has_result = row is not None and row.visitor_tricks is not None
        return TableVM(
            title=tr.t("Table {table} · hand {n}").format(table=t, n=hand)
            if hand
            else tr.t("Table {table}").format(table=t),
            status=status,
            call=call,
            result=result,
            conflict=conflict,
            history=history,
            flags=flags,
            earlier=ButtonVM("◀", enabled=hand > 1)
            if hand > 1
            else ButtonVM("◀", role="disabled", enabled=False),
            later=ButtonVM("▶", enabled=hand < s.hand)
            if hand < s.hand
            else ButtonVM("▶", role="disabled", enabled=False),
            correct=ButtonVM(
                tr.t("Correct the result") if has_result else tr.t("Enter the result"),
                role="primary",
                enabled=hand >= 1 and (hand, t) in self.store.results,
            )
            if hand >= 1
            else HIDDEN,
            loan=ButtonVM(tr.t("Lend flags")) if rules.lends_flags else HIDDEN,
            penalty=ButtonVM(tr.t("Penalty")) if rules.penalties and hand >= 1 else HIDDEN,
            clear_call=ButtonVM(tr.t("Clear the call"), role="call") if call else HIDDEN,
            back=ButtonVM(tr.t("Back to the tables")),
        )

    def _source(self, row: TableResultRow) -> str:
        """Who entered the result that counts: the table, or the leader (entered for a table
        that never sent one, or a correction)."""
        tr = self.tr
        if row.by == "kiosk":
            return tr.t("from the kiosk")
        if row.corrected:
            return tr.t("corrected by the leader")
        return tr.t("entered by the leader")

    def clear_call(self) -> None:
        self._intent()
        if self.router.table is not None:
            self._send(ClearCall(id=self._id(), table=self.router.table))
        self._changed()

    def visitor_team(self, hand: int, table: int) -> int | None:
        a = self.store.assignments.get(table)
        if a is not None and a.hand == hand:
            return a.visitors.team
        return None
