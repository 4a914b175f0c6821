"""The verifiers' count (decision A15): each table's flags counted against the hub's."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from console.presenter import LeaderPresenter


from console import director
from console.screens.base import (
    COUNT_KEYS,
    Draft,
    ScreenPresenter,
)
from console.viewmodel import (
    CountsVM,
    Screen,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.enums import CountStatus
from whist.errors import ErrorCode
from whist.formats import Format
from whist.protocol import (
    AcceptCount,
    Counts,
    ErrorData,
    Verify,
)


class CountsPresenter(ScreenPresenter):
    """The verifiers' count (decision A15): each table's flags counted against the hub's."""

    def __init__(self, console: LeaderPresenter) -> None:
        super().__init__(console)
        # The day asked for (None: the last day ended), the table being entered and the
        # flags tapped.
        self.count_day: int | None = None
        self.count_table = 1
        self.count_flags: int | None = None

    def want_counts(self) -> None:
        command = Counts(id=self._id(), day=self.count_day)
        self.console.forget(command)
        self._ask(command)

    def open_counts(self) -> None:
        """The verifiers' count (Alberta, decision A15), asked of the hub afresh."""
        self._intent()
        self.router.mode, self.count_flags = Screen.COUNTS, None
        self.want_counts()
        self._changed()

    def count_step(self, delta: int) -> None:
        """The previous (-1) or next (+1) table."""
        self._intent()
        tables = self.store.state.tables if self.store.state is not None else 1
        self.count_table = (self.count_table - 1 + delta) % tables + 1
        self.count_flags = None
        self._changed()

    def count_next_open(self) -> None:
        """The next table that is not counted or differs from the hub."""
        self._intent()
        c = self.store.counts
        if c is not None:
            open_ = [ln.table for ln in c.lines if ln.status != CountStatus.AGREES]
            later = [t for t in open_ if t > self.count_table] or open_
            if later:
                self.count_table, self.count_flags = later[0], None
        self._changed()

    def count_day_step(self) -> None:
        """The next day that has ended (the days cycle)."""
        self._intent()
        c = self.store.counts
        if c is not None and c.days_ended > 1:
            self.count_day = c.day % c.days_ended + 1
            self.count_flags = None
            self.want_counts()
        self._changed()

    def count_key(self, flags: int) -> None:
        """The whole number of flags counted (at most what a table can hold)."""
        self._intent()
        if 0 <= flags <= self.most():
            self.count_flags = flags
        self._changed()

    def count_digit(self, digit: int) -> None:
        """The keypad: one more digit of the flags counted (-1: take the last one back); a
        number above what a table can hold is not taken (issue 25, item 14)."""
        self._intent()
        typed = self.count_flags
        if digit < 0:
            self.count_flags = typed // 10 if typed is not None and typed >= 10 else None
        elif 0 <= digit <= 9:
            flags = digit if typed is None else typed * 10 + digit
            if flags <= self.most():
                self.count_flags = flags
        self._changed()

    def most(self) -> int:
        """The most flags a table can hold: every flag of the room (the format's flags per
        table, times the tables), as the core bounds a count."""
        s = self.store.state
        if s is None:
            return COUNT_KEYS - 1
        try:
            per_table = Format(s.format).rules.start_flags
        except ValueError:  # not a tournament's format: no flags to count
            return COUNT_KEYS - 1
        return per_table * s.tables or COUNT_KEYS - 1

    def record_count(self) -> None:
        self._intent()
        c = self.store.counts
        if c is not None and self.count_flags is not None:
            self._send(
                Verify(id=self._id(), table=self.count_table, day=c.day, flags=self.count_flags)
            )
        self._changed()

    def accept_count(self) -> None:
        """Take the verifiers' count of the table on show over the hub's: first a page that
        says what it changes, in names, and asks for a reason (issue 25, item 2)."""
        self._intent()
        c = self.store.counts
        if c is not None:
            self.router.draft = Draft(table=self.count_table, hand=c.day)
            self.router.confirm_kind, self.router.mode = "accept_count", Screen.CONFIRM
        self._changed()

    def accept_command(self, reason: str) -> AcceptCount | None:
        """The command the accept page sends (and previews): None when nothing is drafted."""
        d = self.router.draft
        if d is None:
            return None
        return AcceptCount(id=self._id(), table=d.table, day=d.hand, reason=reason or "-")

    def count_correct(self) -> None:
        """Settle a difference by correcting a result: the table's page."""
        self.console.tables.open_table(self.count_table)

    def build(self) -> CountsVM:
        tr = self.tr
        back = ButtonVM(tr.t("Back"))
        c = self.store.counts
        if c is None:
            refused = self.store.counts_refusal
            code = self.console.replies.data(ErrorData, refused) if refused is not None else None
            if code is not None and code.error is ErrorCode.WRONG_DAY:
                text = tr.t("No day has ended yet: the flags are counted at the end of the day.")
            elif refused is not None:
                text = self.console.replies.refused_text(refused)
            else:
                text = tr.t("Asking the hub…")
            return CountsVM(
                title=tr.t("Verifiers' count"),
                status=text,
                previous=HIDDEN,
                following=HIDDEN,
                record=HIDDEN,
                back=back,
            )
        line = next((ln for ln in c.lines if ln.table == self.count_table), c.lines[0])
        self.count_table = line.table
        chosen = self.count_flags
        most = self.most()
        differs = line.status == CountStatus.DIFFERS
        open_ = [ln for ln in c.lines if ln.status != CountStatus.AGREES]
        status, status_role = director.count_status(tr, c)
        return CountsVM(
            title=tr.t("Verifiers' count — day {d}").format(d=c.day),
            status=status,
            status_role=status_role,
            lines=director.count_lines(tr, c),
            table=director.count_table_line(tr, line),
            table_role={"agrees": "good", "differs": "bad"}.get(line.status, "highlight"),
            table_name=tr.t("Table {table}").format(table=line.table),
            # ten digits and Erase: any number up to what a table can hold
            keys=(
                *(
                    ButtonVM(str(d), enabled=chosen is None or chosen * 10 + d <= most)
                    for d in range(10)
                ),
                ButtonVM("⌫ " + tr.t("Erase"), enabled=chosen is not None),
            ),
            previous=ButtonVM("◀ " + tr.t("Table")),
            following=ButtonVM(tr.t("Table") + " ▶"),
            next_open=ButtonVM(tr.t("Next to check")) if open_ else HIDDEN,
            day=(
                ButtonVM(tr.t("Day {d}").format(d=c.day % c.days_ended + 1))
                if c.days_ended > 1
                else HIDDEN
            ),
            record=(
                ButtonVM(
                    tr.nt(
                        "Table {table} counted {n} flag",
                        "Table {table} counted {n} flags",
                        chosen,
                    ).format(table=line.table, n=chosen),
                    role="primary",
                )
                if chosen is not None
                else ButtonVM(tr.t("Tap the flags counted"), role="disabled", enabled=False)
            ),
            accept=(
                ButtonVM(
                    tr.nt(
                        "Accept the count: {n} flag", "Accept the count: {n} flags", line.counted
                    ).format(n=line.counted),
                )  # a plain button (still confirmed): correcting the result comes first
                if differs and line.counted is not None
                else HIDDEN
            ),
            correct=(
                ButtonVM(tr.t("Correct a result"), role="primary" if chosen is None else "normal")
                if differs
                else HIDDEN
            ),
            back=back,
        )
