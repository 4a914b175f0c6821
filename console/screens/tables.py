"""The Tables tab: every table's tile, the big button (whatever comes next), and the
ways to close a hand, undo its start or end the day."""

from __future__ import annotations

from dataclasses import replace

from console import director, words
from console.screens.base import (
    HUB_DEFAULT_CALL,
    ScreenPresenter,
)
from console.viewmodel import (
    Screen,
    TablesVM,
    TileVM,
)
from uikit.common import (
    count_pending,
    day_count_line,
    hand_label,
    trump_line,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.enums import Phase
from whist.protocol import CALL_TOPICS, UNREADABLE_CALL

#: What the verifiers' count comes before, while it is not done (rules A15, A19).
COUNT_WAITS = frozenset({"start", "standings"})


class TablesPresenter(ScreenPresenter):
    """The Tables tab: every table's tile and the big button (whatever comes next)."""

    def _tile(self, table: int) -> TileVM:
        tr = self.tr
        s = self.store.state
        assert s is not None
        if table in s.calling:
            return TileVM(str(table), tr.t("Calls you"), "tile-calling")
        if table in s.conflicts:
            return TileVM(str(table), tr.t("Conflict"), "tile-conflict")
        due = s.to_bring.get(str(table), 0)
        if due:
            text = tr.nt("Bring {n} flag", "Bring {n} flags", due).format(n=due)
            return TileVM(str(table), text, "tile-calling")
        if s.hand and table in s.reported:
            return TileVM(str(table), tr.t("✓ In"), "tile-reported")
        if table in s.offline:
            return TileVM(str(table), tr.t("Offline"), "tile-offline")
        if s.hand and s.phase != Phase.WAITING:
            return TileVM(str(table), tr.t("Waiting"), "tile-waiting")
        return TileVM(str(table), tr.t("Ready"), "tile-waiting")

    def build(self) -> TablesVM:
        tr = self.tr
        s = self.store.state
        assert s is not None
        day = tr.t("Day {d} of {days}").format(d=s.day, days=s.days) if s.days > 1 else ""
        detail = " · ".join(p for p in (day, trump_line(tr, s.trump) if s.hand else "") if p)
        reported = len(s.reported) if s.hand else 0
        if s.hand == 0:
            phase = tr.t("Nothing has started yet.")
        elif s.phase == Phase.PLAYING:
            phase = tr.nt(
                # TRANSLATORS: the count {r} picks the form ("1 of 3 tables has", "2 of
                # 3 tables have"); "tables" stays plural: a hall has more than one table
                "Playing: {r} of {t} tables has reported.",
                "Playing: {r} of {t} tables have reported.",
                reported,
            ).format(r=reported, t=s.tables)
        elif s.phase == Phase.CLOSED:
            phase = tr.nt(
                # TRANSLATORS: the count {r} picks the form; "tables" stays plural
                "Closed: {r} of {t} tables reported.",
                "Closed: {r} of {t} tables reported.",
                reported,
            ).format(r=reported, t=s.tables)
        else:
            phase = tr.t("Day {d} has ended.").format(d=s.day)
        ended_by = s.day_reasons.get(str(s.day)) if s.day_ended or s.finished else None
        if ended_by:  # issue 25: the reason the leader gave, said where the day's end is
            phase = tr.t("Day {d} ended by the leader: {reason}").format(
                d=s.day, reason=tr.t(ended_by)
            )
        missing = list(s.missing) if s.hand and s.phase == Phase.PLAYING else []
        missing_text = (
            tr.nt(
                "Missing: table\u00a0{tables}", "Missing ({k}): tables\u00a0{tables}", len(missing)
            ).format(k=len(missing), tables=words.tables_list(missing))
            if missing
            else ""
        )
        calls = words.semicolons(
            tr,
            [
                tr.t("table\u00a0{table} ({reason})").format(table=t, reason=self.call_reason(t))
                for t in s.calling[:4]
            ],
        )
        calls_text = tr.t("Calling you: {calls}").format(calls=calls) if calls else ""
        calls_text = "\n".join(p for p in (*director.bring_lines(tr, s), calls_text) if p)
        provisional = director.provisional(tr, s.results_missing)
        if provisional:
            missing_text = "\n".join(p for p in (missing_text, provisional + ".") if p)
        counted = day_count_line(tr, s, name_tables=True)  # the verifiers' count (A15, A19)
        if counted:
            missing_text = "\n".join(p for p in (missing_text, counted) if p)
        conflicts_text = (
            tr.t("Two different results: table {tables}").format(
                tables=words.tables_list(s.conflicts)
            )
            if s.conflicts
            else ""
        )
        action = self.store.next_action()
        nxt = self.store.next_hand() or s.hand + 1
        # while the ended day's flags are counted, starting the next day (12 flags again) is
        # not what to do now, and the standings are not final yet (issue 25)
        counting = count_pending(s)
        primary = {
            "start": ButtonVM(
                tr.t("Start hand {n}").format(n=nxt), role="normal" if counting else "primary"
            ),
            "end_day": ButtonVM(tr.t("End day {d}").format(d=s.day), role="primary"),
            "close": ButtonVM(tr.t("Close hand {n}").format(n=s.hand), role="primary"),
            "tiebreaks": ButtonVM(tr.t("Tie-breaks"), role="primary"),
            "standings": ButtonVM(
                tr.t("Final standings") if s.settled else tr.t("Standings"), role="primary"
            ),
            # a hand in play with tables still to report: what to do now is wait (or close
            # it, the button beside); never "Start hand N+1" (issue 25, item 12)
            "wait": ButtonVM(
                tr.nt(
                    "Hand {n} in play: waiting for table {tables}",
                    "Hand {n} in play: waiting for tables {tables}",
                    len(s.missing),
                ).format(n=s.hand, tables=words.tables_list(list(s.missing), 8)),
                role="disabled",
                enabled=False,
            ),
        }.get(action or "", ButtonVM(tr.t("Start hand {n}").format(n=nxt), enabled=False))
        close = (
            ButtonVM(tr.t("Close hand {n}").format(n=s.hand))
            if s.phase == Phase.PLAYING and action != "close"
            else HIDDEN
        )
        if self._count_first():
            # the verifiers' count is what to do now: the big button opens it, and what comes
            # after it (the next day's start, the standings) waits beside it, not green
            close = replace(primary, role="normal")
            primary = ButtonVM(tr.t("Verifiers' count"), role="primary")
        if self.store.undo_possible():
            undo = ButtonVM(tr.t("Undo the start of hand {n}").format(n=s.hand))
        elif self.store.day_done() and action != "end_day" and s.phase != Phase.WAITING:
            undo = ButtonVM(tr.t("End day {d}").format(d=s.day))
        elif self._can_end_early():
            undo = ButtonVM(tr.t("End play early…"))
        elif self._can_end_after_day():
            undo = ButtonVM(tr.t("End the tournament now…"))
        else:
            undo = HIDDEN
        return TablesVM(
            hand=hand_label(tr, s.hand, s.hands) if s.hand else tr.t("Before the first hand"),
            detail=detail,
            phase=phase,
            missing=missing_text,
            calls=calls_text,
            conflicts=conflicts_text,
            primary=primary,
            close=close,
            undo=undo,
            tiles=tuple(self._tile(t) for t in range(1, s.tables + 1)),
        )

    def call_reason(self, table: int) -> str:
        s = self.store.state
        reason = s.call_reasons.get(str(table), "").strip() if s is not None else ""
        if reason == HUB_DEFAULT_CALL:  # the hub's words for a call with no reason
            return self.tr.t("the players ask for you")
        if reason == CALL_TOPICS["misdeal"]:  # the reasons a kiosk offers (issue 25, item 13)
            return self.tr.t("a misdeal")
        if reason == CALL_TOPICS["revoke"]:
            return self.tr.t("a revoke question")
        if reason.startswith(UNREADABLE_CALL):  # the hub's: the table sent something unreadable
            at = reason[len(UNREADABLE_CALL) :]
            return self.tr.t("sent something unreadable at {time}").format(time=at)
        return reason or "…"

    def _can_end_early(self) -> bool:
        """Play may be ended here (rule A13): a hand has started, the day is not over and
        its last hand has not started (then it is the ordinary end of the day)."""
        s = self.store.state
        return (
            s is not None
            and s.hand > 0
            and not s.finished
            and s.phase != Phase.WAITING
            and not self.store.day_done()
        )

    def _can_end_after_day(self) -> bool:
        """A day has ended and others remain: the leader may end the tournament here, with
        no more days played (rule A13)."""
        s = self.store.state
        return s is not None and s.day_ended and not s.finished and s.day < s.days

    def secondary(self) -> None:
        """The overview's second button under "close": undo the start, end the day, or end
        play early."""
        if self.store.undo_possible():
            self.console.confirm.open_confirm("undo")
        elif self.store.day_done():
            self.console.confirm.open_confirm("end_day")
        elif self._can_end_early():
            self.console.confirm.open_confirm("end_early")
        elif self._can_end_after_day():
            self.console.confirm.open_confirm("end_after_day")

    def _count_first(self) -> bool:
        """The ended day's flags are being counted (rules A15, A19) and nothing is in play:
        the count comes before the next day's first hand and the final standings."""
        s = self.store.state
        return s is not None and count_pending(s) and self.store.next_action() in COUNT_WAITS

    def primary(self) -> None:
        """The overview's big button: whatever comes next."""
        if self._count_first():
            self.console.counts.open_counts()
        else:
            self._next(self.store.next_action())

    def _next(self, action: str | None) -> None:
        """Whatever comes next: the page of ``action`` (the store's next action)."""
        if action == "start":
            self.console.start.open_start()
        elif action == "end_day":
            self.console.confirm.open_confirm("end_day")
        elif action == "close":
            self.console.confirm.open_confirm("close")
        elif action == "tiebreaks":
            self.console.show("tiebreak")
        elif action == "standings":
            if self.store.state is not None and director.missing_count(self.store.state):
                self.console.confirm.open_confirm(
                    "final"
                )  # never a silent gap: say what is missing first
            else:
                self.console.show("standings")
        elif action == "end_night":
            self.console.confirm.open_confirm("end_night")

    def open_close(self) -> None:
        """The button beside the big one: close the hand in play, or, while the flags are
        counted, what the count comes before (the next day's start, the standings)."""
        if self._count_first():
            self._next(self.store.next_action())
        else:
            self.console.confirm.open_confirm("close")

    def open_undo(self) -> None:
        self.console.confirm.open_confirm("undo")

    def open_end_day(self) -> None:
        self.console.confirm.open_confirm("end_day")

    def open_end_early(self) -> None:
        self.console.confirm.open_confirm("end_early")

    def open_table(self, table: int) -> None:
        self._intent()
        s = self.store.state
        if s is None or not 1 <= table <= s.tables:
            return self._changed()
        self.router.table = table
        if s.club is not None:
            self.router.mode = Screen.DEALS
            self.console.want_deals(table, fresh=True)
            return self._changed()
        self.router.table_hand = max(s.hand, 1) if s.hand else 0
        self.router.mode = Screen.TABLE
        self.console.want_results(self.router.table_hand, fresh=True)
        self._changed()
