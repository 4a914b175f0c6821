"""The confirmation page: closing a hand, undoing a start, ending the day, the night, or a
tie-break, each said in full before it is done."""

from __future__ import annotations

from dataclasses import replace

from console import director, words
from console.screens.base import (
    REASONED,
    ConfirmKind,
    Draft,
    ScreenPresenter,
)
from console.viewmodel import (
    ConfirmVM,
    Screen,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.enums import Phase, Unit
from whist.leader import day_order
from whist.pattern import is_placeholder_name
from whist.protocol import (
    CloseHand,
    EndDay,
    EndNight,
    TieBreakUndo,
    UndoStart,
)


class ConfirmPresenter(ScreenPresenter):
    """The confirmation page: each irreversible step said in full before it is sent."""

    def open_confirm(self, kind: ConfirmKind) -> None:
        """Close the hand, undo the start, or end the day: a page that says what happens;
        a day's end and a tie-break undo take a reason, a ready-made one chosen to start with
        (issue 25)."""
        self._intent()
        self.router.confirm_kind, self.router.mode = kind, Screen.CONFIRM
        if kind in REASONED:
            self.router.draft = Draft(table=0, hand=0, preset=REASONED[kind][1])
        self._changed()

    def _given(self) -> str | None:
        """The reason the page sends: None when the page takes none or it is left empty."""
        return self._sent_reason().strip() or None

    def _reason_page(self, page: ConfirmVM) -> ConfirmVM:
        """``page`` with the reason's ready-made choices and box; its way forward waits for
        a reason."""
        tr = self.tr
        d = self.router.draft
        reason = self._reason()
        go, go2 = page.go, page.go2
        if not reason.strip():  # both ways forward wait for it
            go = replace(go, role="disabled", enabled=False)
            if go2.visible:
                go2 = replace(go2, role="disabled", enabled=False)
        return replace(
            page,
            go=go,
            go2=go2,
            reason_label=tr.t("Reason (required, kept in the log):"),
            reasons=tuple(
                ButtonVM(tr.t(r), role="selected" if d is not None and i == d.preset else "normal")
                for i, r in enumerate(self._presets())
            ),
            reason=reason,
            reason_hint=tr.t("Type the reason, or tap one above"),
        )

    def confirm(self) -> None:
        self._intent()
        kind = self.router.confirm_kind
        if kind == "final":  # the standings, with what is missing said
            self.router.mode, self.router.confirm_kind, self.router.tab = (
                None,
                None,
                Screen.STANDINGS,
            )
            return self._changed()
        command = {
            "close": CloseHand,
            "undo": UndoStart,
            "end_night": EndNight,
        }.get(kind or "")
        reason = self._given()
        if kind in REASONED and reason is None:
            return self._changed()
        if kind == "end_day":
            self._send(EndDay(id=self._id(), reason=reason))
        elif command is not None:
            self._send(command(id=self._id()))
        elif kind == "end_early":
            self._send(EndDay(id=self._id(), early=True, reason=reason))
        elif kind == "end_after_day":
            self._send(EndDay(id=self._id(), final=True, reason=reason))
        elif kind == "accept_count":
            reason = self._sent_reason().strip()
            accept = self.console.counts.accept_command(reason)
            if not reason or accept is None:
                return self._changed()
            self._send(accept)
            self.router.mode, self.router.confirm_kind, self.router.draft = (
                Screen.COUNTS,
                None,
                None,
            )
            return self._changed()
        elif kind == "tiebreak_undo":
            self._send(TieBreakUndo(id=self._id(), reason=reason))
            self.router.mode, self.router.confirm_kind, self.router.tab = (
                None,
                None,
                Screen.TIEBREAK,
            )
            self.router.draft = None
            return self._changed()
        if kind in REASONED:
            self.router.draft = None
        self.router.mode, self.router.confirm_kind, self.router.tab = None, None, Screen.TABLES
        self._changed()

    def confirm_second(self) -> None:
        """The confirmation page's second way forward: end the whole tournament now."""
        self._intent()
        if self.router.confirm_kind == "end_early":
            reason = self._given()
            if reason is None:
                return self._changed()
            self._send(EndDay(id=self._id(), early=True, final=True, reason=reason))
            self.router.draft = None
        self.router.mode, self.router.confirm_kind, self.router.tab = None, None, Screen.TABLES
        self._changed()

    def build(self) -> ConfirmVM:
        tr = self.tr
        s = self.store.state
        assert s is not None
        back = ButtonVM(tr.t("Back"))
        kind = self.router.confirm_kind
        if kind == "close":
            missing = list(s.missing)
            detail = (
                tr.nt(
                    "{k} table has not reported: {tables}. You will enter its result "
                    "yourself (Tables, then the table).",
                    "{k} tables have not reported: {tables}. You will enter their results "
                    "yourself (Tables, then the table).",
                    len(missing),
                ).format(k=len(missing), tables=words.tables_list(missing, 30))
                if missing
                else tr.t("Every table has reported.")
            )
            earlier = director.missing_block(tr, s, s.hand - 1)
            if earlier:
                detail += "\n\n" + tr.t("Earlier hands:") + " " + earlier
            return ConfirmVM(
                title=tr.t("Close hand {n}?").format(n=s.hand),
                body=tr.t(
                    "The kiosks stop taking results for this hand. You can still enter "
                    "or correct any result yourself."
                ),
                detail=detail,
                go=ButtonVM(
                    tr.t("Close hand {n}").format(n=s.hand),
                    role="call" if missing else "primary",
                ),
                back=back,
            )
        if kind == "end_early":
            return self._reason_page(self._end_early_page(back))
        if kind == "end_after_day":
            return self._reason_page(self._end_after_day_page(back))
        if kind == "final":
            return ConfirmVM(
                title=tr.t("Some results are missing"),
                body=tr.t(
                    "Until every result is in, the standings are provisional. Enter the "
                    "missing ones yourself (Tables, then the table), or look at the "
                    "standings now."
                ),
                detail=director.missing_block(tr, s, s.hand),
                go=ButtonVM(tr.t("Show the standings (provisional)"), role="call"),
                back=ButtonVM(tr.t("Back: enter them first")),
            )
        if kind == "undo":
            return ConfirmVM(
                title=tr.t("Take back the start of hand {n}?").format(n=s.hand),
                body=tr.t(
                    "No result has come in for it yet. The tables go back to where they "
                    "were; you can then start it again, with another trump if need be."
                ),
                go=ButtonVM(tr.t("Undo the start"), role="call"),
                back=back,
            )
        if kind == "end_night":
            return self._end_night_page(back)
        if kind == "tiebreak_undo":
            return self._reason_page(self._tiebreak_undo_page(back))
        if kind == "accept_count":
            return self._accept_count_page(back)
        return self._reason_page(self._end_day_page(back))

    def _end_after_day_page(self, back: ButtonVM) -> ConfirmVM:
        tr = self.tr
        s = self.store.state
        assert s is not None
        return ConfirmVM(
            title=tr.t("End the tournament now, after day {d}?").format(d=s.day),
            body=" ".join(
                [
                    tr.t("Days {a} to {b} will not be played.").format(a=s.day + 1, b=s.days)
                    if s.day + 1 < s.days
                    else tr.t("Day {d} will not be played.").format(d=s.days),
                    tr.t(
                        "Play is over, and tie-breaks can be played. This cannot be "
                        "undone."
                    ),
                ]
            ),
            detail=director.missing_block(tr, s, s.hand) or tr.t("Every result is in."),
            go=ButtonVM(tr.t("End the tournament now"), role="call"),
            back=back,
        )

    def _accept_count_page(self, back: ButtonVM) -> ConfirmVM:
        """Issue 25, item 2: the verifiers' count over the hub's, said in names, with a
        reason from a short list or typed, before it is sent."""
        tr = self.tr
        d = self.router.draft
        c = self.store.counts
        line = None
        if d is not None and c is not None:
            line = next((ln for ln in c.lines if ln.table == d.table), None)
        command = self.console.counts.accept_command("")
        if line is None or line.counted is None or command is None:
            return ConfirmVM(
                title=tr.t("Verifiers' count"), body=tr.t("Asking the hub…"), back=back
            )
        counted = tr.nt("{n} flag", "{n} flags", line.counted).format(n=line.counted)
        page = ConfirmVM(
            title=tr.t("Accept table {table}'s count: {counted}?").format(
                table=line.table, counted=counted
            ),
            body=tr.nt(
                "The verifiers counted {counted}; the hub has {n} flag. The team's score "
                "for day {d} becomes what the verifiers counted, and the reason is kept "
                "in the log.",
                "The verifiers counted {counted}; the hub has {n} flags. The team's score "
                "for day {d} becomes what the verifiers counted, and the reason is kept "
                "in the log.",
                line.hub,
            ).format(counted=counted, n=line.hub, d=command.day),
            detail=self._effect(command),
            go=ButtonVM(tr.t("Accept the count"), role="primary"),
            back=back,
        )
        return self._reason_page(page)

    def _tiebreak_undo_page(self, back: ButtonVM) -> ConfirmVM:
        tr = self.tr
        ties = self.store.ties
        last = None
        if ties is not None:
            last = ties.current or (ties.done[-1] if ties.done else None)
        teams = words.tables_list(sorted(last.order)) if last is not None else ""
        played = len(last.played) if last is not None else 0
        return ConfirmVM(
            title=tr.t("Undo the tie-break of teams {teams}?").format(teams=teams),
            body=tr.nt(
                "Its {n} hand played is taken back, and the draw with it. The teams are level "
                "again in the standings until you play the tie-break again.",
                "Its {n} hands played are taken back, and the draw with it. The teams are "
                "level again in the standings until you play the tie-break again.",
                played,
            ).format(n=played),
            detail=self._effect(TieBreakUndo(id=self._id()))
            + "\n\n"
            + tr.t(
                "Use this when a playoff hand's result was entered wrong: undo, then start "
                "the tie-break again and enter every hand as it was played."
            ),
            go=ButtonVM(tr.t("Undo the tie-break"), role="call"),
            back=back,
        )

    def _end_night_page(self, back: ButtonVM) -> ConfirmVM:
        tr = self.tr
        n = self.store.night
        lines = []
        for t in n.tables if n is not None else []:
            lines.append(self.console.night.progress_line(t.table))
        return ConfirmVM(
            title=tr.t("End the night?"),
            body=tr.t(
                "No table can record another deal after this, not even one in play, and you "
                "cannot correct deals any more. The standings become final: the hall shows "
                "“Final standings”. This cannot be undone."
            ),
            detail="\n".join(lines),
            go=ButtonVM(tr.t("End the night"), role="call"),
            back=back,
        )

    def _end_day_page(self, back: ButtonVM) -> ConfirmVM:
        tr = self.tr
        s = self.store.state
        assert s is not None
        points = self.store.rules.unit == Unit.POINTS
        lends = self.store.rules.lends_flags
        lines = []
        standings = self.store.standings
        for t in day_order(standings.teams if standings is not None else []):
            today = t.day_totals[-1] if t.day_totals else 0
            if points:
                score = tr.nt("{n} point", "{n} points", today).format(n=today)
            else:
                score = tr.nt("{n} flag", "{n} flags", today).format(n=today)
            lent = " " + tr.t("({n} lent)").format(n=t.loans) if t.loans and lends else ""
            if is_placeholder_name(t.name, t.team):
                line = tr.t("Team {team}: {score}").format(team=t.team, score=score)
            else:
                line = tr.t("Team {team} ({name}): {score}").format(
                    team=t.team, name=t.name, score=score
                )
            lines.append(line + lent)
        if points:
            body = tr.t("Each team's points for today are recorded.")
        elif s.day >= s.days:  # the last day: the verifiers count the flags where they are
            body = tr.t(
                "Each team's net flags for today are recorded (flags held minus flags lent). "
                "This is the last day: the flags stay on the tables for the verifiers' count."
            )
        else:
            body = tr.t(
                "Each team's net flags for today are recorded (flags held minus flags lent). "
                "After the verifiers' count, day {n} starts with 12 flags at every table and "
                "no loans."
            ).format(n=s.day + 1)
        missing = director.missing_block(tr, s, s.hand)
        effect = self._effect(EndDay(id=self._id()))
        return ConfirmVM(
            title=tr.t("End day {d}? Today's totals:").format(d=s.day),
            body=body,
            detail="\n\n".join(p for p in (effect, missing, "\n".join(lines)) if p),
            go=ButtonVM(tr.t("End day {d}").format(d=s.day), role="call" if missing else "primary"),
            back=back,
        )

    def _end_early_page(self, back: ButtonVM) -> ConfirmVM:
        """End the day (or the tournament) before its last hand: what it means, then yes."""
        tr = self.tr
        s = self.store.state
        assert s is not None
        last_day = s.day >= s.days
        if last_day:
            left = tr.t("Hands {a} to {b} will not be played.").format(a=s.hand + 1, b=s.hands)
        else:
            left = tr.t("The rest of day {d}'s hands will not be played.").format(d=s.day)
        after = [left]
        if self.store.rules.lends_flags:
            after.append(
                tr.t("Each team's net flags now are its score for the day; lent flags go back.")
            )
        if last_day:
            after.append(
                tr.t(
                    "Play is over, and tie-breaks can be played. This cannot be undone."
                )
            )
        else:
            after.append(
                tr.t("Day {d} starts with its first hand, as the pattern says.").format(d=s.day + 1)
            )
            after.append(tr.t("This cannot be undone."))
        if s.phase == Phase.PLAYING:
            after.insert(0, tr.t("Hand {n} is closed first.").format(n=s.hand))
        missing = director.missing_block(tr, s, s.hand)
        title = (
            tr.t("End the tournament now, after hand {n}?")
            if last_day
            else tr.t("End day {d} now, after hand {n}?")
        ).format(n=s.hand, d=s.day)
        go_text = (
            tr.t("End the tournament now") if last_day else tr.t("End day {d} now").format(d=s.day)
        )
        return ConfirmVM(
            title=title,
            body=" ".join(after),
            detail=missing or tr.t("Every result is in."),
            go=ButtonVM(go_text, role="call"),
            go2=HIDDEN if last_day else ButtonVM(tr.t("End the whole tournament now"), role="call"),
            back=back,
        )
