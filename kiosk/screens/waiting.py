"""The waiting screen: the table's result is in, or the next hand has not started; at a
day's end the day's total, place and the flags' count."""

from __future__ import annotations

from dataclasses import asdict, replace

from kiosk import words
from kiosk.screens.base import KioskScreen
from kiosk.viewmodel import ViewModel, WaitingLines, WaitingVM
from whist.enums import Phase, Unit
from whist.protocol import EarlierResult, RecordedResult

#: The waiting screen's lines in four wordings, each shorter than the one before (issue 25:
#: at the reading type they may not hold beside the big number): as said in full; in
#: shorter words, without what the screen says elsewhere; without the older results; only
#: what the players must do and what they wait for.
FULL, SHORT, NO_RECENT, ESSENTIAL = range(4)


class WaitingScreen(KioskScreen):
    """The score held, the newest result and what it means for the flags, what comes next."""

    def view(self, vm: ViewModel) -> ViewModel:
        v = self.store.table_view
        assert v is not None
        title, score, label, wide, full = self.page(FULL)
        shorter: list[WaitingLines] = []
        for level in (SHORT, NO_RECENT, ESSENTIAL):
            lines = self.page(level)[4]
            if lines != (shorter[-1] if shorter else full):
                shorter.append(lines)
        counting = self.app.counting
        return replace(
            vm,
            waiting=WaitingVM(
                title=title,
                score=score,
                score_label=label,
                # the count's button takes the tournament's place at a day's end
                tournament="" if v.count is not None else v.tournament,
                call=self.call_button(),
                count=counting.button(self.tr, v.count),
                standing=self.standing_line() if v.day_result is None else "",
                wide=wide,
                **asdict(full),
                shorter=tuple(shorter),
            ),
        )

    def page(self, level: int) -> tuple[str, str, str, bool, WaitingLines]:
        """The title, the big number and its words, whether the lines take the whole width,
        and the lines in the wording of ``level`` (:data:`FULL` to :data:`ESSENTIAL`)."""
        tr = self.tr
        v = self.store.table_view
        assert v is not None
        short = level >= SHORT
        unit = self.store.unit
        home = words.team(tr, v.home.team, v.home.name)
        score, label = str(v.held), words.held_label(tr, unit, v.held, home)
        day = v.day_result
        state = self.store.state
        playoff = state.playoff if state is not None else None
        late = ""
        wide = False
        if day is not None:
            # The day (or the tournament) is over: the team's total and place, as recorded.
            title, day_total, place = words.day_lines(tr, unit, day)
            provisional = words.provisional_line(tr, v.results_missing, short=short)
            notes = [day_total, place, provisional]
            tied = False
            if day.final and playoff is not None:
                # not over while a playoff decides a place (issue 25, item 4)
                said, told = words.playoff_lines(
                    tr, playoff, v.home.team, short=short, last=level < ESSENTIAL
                )
                tied = v.home.team in playoff.teams
                if tied:
                    title, notes = said, told
                elif v.ended_after is not None:  # the early end stays the title
                    notes = [said, *told, *notes]
                else:
                    title, notes = said, [*told, *notes]
            if day.final and v.ended_after is not None and not tied:
                title = words.ended_early_line(tr, v.ended_after)
            score, label = str(day.score), words.total_label(tr, unit, day.score)
            late_change = v.late_change
            if late_change is not None and late_change.what == "count":
                late_change = None  # the count's own line says it was accepted, and why
            if late_change is not None and not tied:  # a tied table: the playoff first
                late = words.late_change_line(
                    tr, unit, late_change, home, self.store.before_late, day
                )
            # long news takes the whole width (the team's number is in its words)
            wide = bool(late) or (day.final and playoff is not None)
            if short and not wide and day.total == day.score:
                notes.remove(day_total)  # the big number beside says it
            subtitle = "\n".join(n for n in notes if n)
        elif v.phase == Phase.PLAYING:
            title, subtitle = self.others_lines()
        elif v.session_break is not None:
            # a break between two sessions of the day (issue 25, item 16): nothing resets
            title = tr.t("Break between sessions")
            if unit == Unit.POINTS:
                subtitle = (
                    tr.t("The points carry on.")
                    if short
                    else tr.t("The points carry on into the next session.")
                )
            else:
                subtitle = (
                    tr.t("The flags stay here.") if short else tr.t("The flags stay on this table.")
                )
        elif v.phase == Phase.CLOSED:
            title = tr.t("The leader has closed this hand.")
            subtitle = tr.t("Waiting for the next hand.")
        else:
            title = tr.t("Waiting for the next hand")
            subtitle = tr.t("The leader starts it.")
        next_hand = ""
        if (day is not None and day.final) or v.count is not None:
            next_hand = ""  # at a day's end the count comes first (the screen has room for one)
        elif v.session_break is not None:
            first = v.hand + 1 if v.phase == Phase.CLOSED else v.hand
            hand = words.hand_label(tr, first, v.hands)
            next_hand = words.tie_end(
                tr.t("Session {n}: {hand}.").format(n=v.session_break, hand=hand)
                if short
                else tr.t("Session {n} starts with {hand}.").format(n=v.session_break, hand=hand)
            )
        elif level >= ESSENTIAL:
            next_hand = ""  # the top bar says the hand
        elif v.phase == Phase.WAITING:
            next_hand = tr.t("Next: {hand}").format(hand=words.hand_label(tr, v.hand, v.hands))
        elif v.hand >= v.hands and not self.all_in():  # (every table in says it itself)
            next_hand = tr.t("That was the last hand.")
        counting = self.app.counting
        lines = WaitingLines(
            late=late,
            subtitle=subtitle,
            last_result=self.last_result_text(level),
            # long news first: the count's button stays and says what to do
            count_line=(
                counting.line(tr, v.count, short=short) if v.count is not None and not wide else ""
            ),
            next_hand=next_hand,
            recent=(
                self.recent_text()
                if day is None and v.session_break is None and level < NO_RECENT
                else ""
            ),
        )
        return title, score, label, wide, lines

    def standing_line(self) -> str:
        """The team's score today and place in the hall (issue 25, item 15), from its view:
        none before the first hand is over (every team is level)."""
        v = self.store.table_view
        if v is None or v.running is None:
            return ""
        return words.running_line(self.tr, self.store.unit, v.running)

    def recent_text(self) -> str:
        """The table's two results before the one said above (the last three in all), as
        the hub holds them: a restarted kiosk shows the same."""
        v, here = self.store.table_view, self.store.latest_result("home")
        if v is None:
            return ""
        # the last three: those of this hand and the last are in ``results``, the older in
        # ``earlier`` (``recent`` from a hub before it; docs/protocol.md)
        own: dict[int, RecordedResult | EarlierResult] = {r.hand: r for r in v.earlier}
        own |= {r.hand: r for r in (*v.recent, *v.results) if r.role == "home"}
        older = [own[h] for h in sorted(own, reverse=True) if here is None or h < here.hand]
        return "\n".join(words.recent_line(self.tr, r) for r in older[:2])

    def others_line(self) -> str:
        """What the table waits for once its result is in: the other tables, or how many."""
        tr = self.tr
        v, s = self.store.table_view, self.store.state
        others = -1
        if v is not None and s is not None and s.hand == v.hand and s.phase == Phase.PLAYING:
            others = len([t for t in s.missing if t != v.table])
        if others < 0:
            return tr.t("Waiting for the other tables.")
        return tr.nt(
            "Waiting for {n} other table.", "Waiting for {n} other tables.", others
        ).format(n=others)

    def all_in(self) -> bool:
        """Every table's result of the hand in play is in (the hub's State says so)."""
        v, s = self.store.table_view, self.store.state
        return (
            v is not None
            and s is not None
            and v.phase == Phase.PLAYING
            and s.hand == v.hand
            and s.phase == Phase.PLAYING
            and not s.missing
            and len(s.reported) >= s.tables
        )

    def others_lines(self) -> tuple[str, str]:
        """Title and line once the table's result is in: the tables still to report, or,
        every table in, the leader's next step (issue 25, item 17)."""
        tr, v = self.tr, self.store.table_view
        if v is None or not self.all_in():
            return tr.t("This table's result is in."), self.others_line()
        if v.hand >= v.hands:
            return tr.t("All tables are in."), tr.t("The leader closes the last hand.")
        return tr.t("All tables are in."), tr.t("The leader starts the next hand.")

    def last_result_text(self, level: int = FULL) -> str:
        """The newest recorded result here, who entered it, what it means for the flags now,
        and any correction or loan the players must act on (in the wording of ``level``:
        at :data:`ESSENTIAL`, without the tricks when there are flags to move)."""
        tr = self.tr
        v = self.store.table_view
        if v is None:
            return ""
        lines = []
        # At a day's end, or while the leader brings flags, only what must move: the
        # screen has room for little more, and the tricks no longer matter.
        # A break between sessions says what comes next instead (and the score the line
        # below the buttons).
        moves_only = v.day_result is not None or v.to_bring > 0 or v.session_break is not None
        if v.to_bring and v.day_result is None:
            lines.append(words.bring_line(tr, v.to_bring))
        short = level >= SHORT
        here = self.store.latest_result("home")
        if here is not None:
            to_do = words.hand_over(tr, here, short=short)
            if to_do and level >= ESSENTIAL:
                moves_only = True  # what to do says what the hand was worth
            if not (here.corrected and to_do) and not moves_only:
                # what the hand is worth, unless the flags to hand over below say it
                said = not to_do
                lines.append(
                    words.result_line(tr, self.store.unit, here, with_outcome=said, short=short)
                )
            lines += to_do
        for away in (r for r in v.results if r.role == "visitors"):
            lines += words.hand_over(tr, away, short=short)
        if v.day_result is None and v.loans and not v.to_bring:
            lines.append(words.loan_line(tr, v.loans[-1]))
        return "\n".join(lines)
