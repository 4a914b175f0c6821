"""The tie-breaks: playoffs (draws, the director's cut, hands), the count-back, and the
leader's decision where the count-back leaves a tie."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from console.presenter import LeaderPresenter

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from console import director, words
from console.screens.base import (
    DECISION_REASONS,
    DRAW_RANKS,
    DRAW_SUITS,
    ScreenPresenter,
)
from console.viewmodel import (
    Screen,
    TieBreakVM,
)
from uikit.common import (
    TRUMPS,
    trump_line,
    trump_short,
)
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.cards import Card
from whist.formats import TRICKS
from whist.leader import playoff_bout, playoff_shape
from whist.protocol import (
    PlaceDecision,
    Playoff,
    TieBreakResult,
    TieBreakStart,
    TieBreakTrump,
    TieGroup,
    Ties,
    TiesData,
)


class TieBreakPresenter(ScreenPresenter):
    """The tie-breaks: playoffs, the count-back, and the leader's decision."""

    def __init__(self, console: LeaderPresenter) -> None:
        super().__init__(console)
        self.tb_group = 0
        self.tb_trump: str = "cut"
        self.tb_tricks: int | None = None
        #: The A players' cards as the leader enters them (team -> "KS"), and the team and
        #: rank being entered; off: the hub draws.
        self.tb_drawing = False
        self.tb_draws: dict[int, str] = {}
        self.tb_draw_team: int | None = None
        self.tb_rank: str | None = None
        #: Gaspésie (G7): the teams tapped from first to last, and the reason chosen.
        self.pd_order: list[int] = []
        self.pd_reason: int | None = None

    def keypad(self, tricks: int) -> None:
        """The playoff hand's first team's tricks."""
        self._intent()
        if 0 <= tricks <= TRICKS and self.console.screen is Screen.TIEBREAK:
            self.tb_tricks = tricks
        self._changed()

    def entry_done(self) -> None:
        """The hub took a tie-break command: the tricks, cards and order tapped are cleared."""
        self.tb_tricks = None
        self.tb_draws, self.tb_draw_team, self.tb_rank = {}, None, None
        self.pd_order, self.pd_reason = [], None

    def tb_choose_group(self, index: int) -> None:
        self._intent()
        self.tb_group = index
        self.tb_draws, self.tb_rank, self.pd_order = {}, None, []
        teams = self._chosen_group_teams()
        self.tb_draw_team = teams[0] if self.tb_drawing and teams else None
        self._changed()

    def tb_choose_trump(self, trump: str) -> None:
        """Before a playoff: its first trump (or "cut"). While one runs: the suit the director
        cut for the next playoff hand, sent at once (decision A16)."""
        self._intent()
        current = self.store.ties.current if self.store.ties is not None else None
        if current is not None and trump in TRUMPS:
            self._send(TieBreakTrump.model_validate({"id": self._id(), "trump": trump}))
        elif trump in (*TRUMPS, "cut"):
            self.tb_trump = trump
        self._changed()

    def tb_start(self) -> None:
        self._intent()
        groups = self._open_groups()
        if self.store.ties is not None and self.store.ties.current is None and groups:
            group = groups[min(self.tb_group, len(groups) - 1)]
            fields: dict[str, Any] = {"id": self._id(), "teams": group.teams}
            if self.tb_drawing and len(group.teams) >= 3:
                if not self._draws_ready(group.teams):
                    return self._changed()
                fields["draws"] = {str(t): self.tb_draws[t] for t in group.teams}
            if self.tb_trump == "cut":
                fields["cut"] = True
            else:
                fields["trump"] = self.tb_trump
            self._send(TieBreakStart.model_validate(fields))
        self._changed()

    def tb_record(self) -> None:
        self._intent()
        current = self.store.ties.current if self.store.ties is not None else None
        if current is not None and current.next and self.tb_tricks is not None:
            a, b = current.next
            tricks = [self.tb_tricks, TRICKS - self.tb_tricks]
            self._send(TieBreakResult(id=self._id(), teams=[a, b], tricks=tricks))
        self._changed()

    def tb_refresh(self) -> None:
        self._intent()
        self._ask(Ties(id=self._id()))
        self._changed()

    def tb_toggle_draws(self) -> None:
        """Three or more teams: enter the cards the A players really drew, or let the hub
        draw (rules A16)."""
        self._intent()
        self.tb_drawing = not self.tb_drawing
        self.tb_draws, self.tb_rank = {}, None
        teams = self._chosen_group_teams()
        self.tb_draw_team = teams[0] if self.tb_drawing and teams else None
        self._changed()

    def tb_draw_for(self, index: int) -> None:
        """The team (by its place in the group) whose A player's card is entered next."""
        self._intent()
        teams = self._chosen_group_teams()
        if 0 <= index < len(teams):
            self.tb_draw_team, self.tb_rank = teams[index], None
            self.tb_draws.pop(teams[index], None)  # entered again
        self._changed()

    def tb_draw_rank(self, rank: str) -> None:
        self._intent()
        if rank in DRAW_RANKS and self.tb_draw_team is not None:
            self.tb_rank = rank
        self._changed()

    def tb_draw_suit(self, suit: str) -> None:
        """The card's suit completes it; the next team without a card is chosen."""
        self._intent()
        team = self.tb_draw_team
        if suit in DRAW_SUITS and team is not None and self.tb_rank is not None:
            self.tb_draws[team] = self.tb_rank + suit[0].upper()
            self.tb_rank = None
            left = [t for t in self._chosen_group_teams() if t not in self.tb_draws]
            self.tb_draw_team = left[0] if left else team
        self._changed()

    def tb_undo(self) -> None:
        """Take back the last tie-break: a page that says what it means first."""
        self.console.confirm.open_confirm("tiebreak_undo")

    def pd_team(self, index: int) -> None:
        """Gaspésie (G7): the next place goes to the group's team ``index``; tapped again,
        it and the places after it are taken back."""
        self._intent()
        group = self._decision_group()
        team = group[index] if 0 <= index < len(group) else None
        if team in self.pd_order:
            del self.pd_order[self.pd_order.index(team) :]
        elif team is not None:
            self.pd_order.append(team)
        self._changed()

    def pd_choose_reason(self, index: int) -> None:
        self._intent()
        if 0 <= index < len(DECISION_REASONS):
            self.pd_reason = index
        self._changed()

    def pd_record(self) -> None:
        self._intent()
        group, why = self._decision_group(), self.pd_reason
        ready = group and len(self.pd_order) == len(group) and not self.results_missing()
        if ready and why is not None:  # rules G7: on every result
            reason = DECISION_REASONS[why]  # in English: each reader translates it
            self._send(PlaceDecision(id=self._id(), teams=list(self.pd_order), reason=reason))
        self._changed()

    def _open_groups(self) -> list[TieGroup]:
        if self.store.ties is None:
            return []
        return [g for g in self.store.ties.groups if not g.decided]

    def _chosen_group_teams(self) -> list[int]:
        groups = self._open_groups()
        return list(groups[min(self.tb_group, len(groups) - 1)].teams) if groups else []

    def _draws_ready(self, teams: list[int]) -> bool:
        cards = [self.tb_draws.get(t) for t in teams]
        return None not in cards and len(set(cards)) == len(cards)

    def _decision_group(self) -> list[int]:
        """The group the leader is placing: the chosen one of those the count-back leaves."""
        groups = (self.store.ties.undecided or []) if self.store.ties is not None else []
        return list(groups[min(self.tb_group, len(groups) - 1)]) if groups else []

    def build(self) -> TieBreakVM:
        tr = self.tr
        ties = self.store.ties
        # only while the hub's answer is awaited: nowhere else is anything asked (issue 25)
        refresh = ButtonVM(tr.t("Ask the hub again")) if ties is None else HIDDEN

        def none(title: str, steps: str) -> TieBreakVM:
            return TieBreakVM(
                title=title,
                steps=steps,
                cut=HIDDEN,
                start=HIDDEN,
                record=HIDDEN,
                refresh=refresh,
                undo=self._undo_button(),
            )

        if ties is None:
            return none(tr.t("Tie-breaks"), tr.t("Asking the hub…"))
        if self.store.rules.tie_break == "countback":
            return self._backcount(ties, none)
        groups = ties.groups
        if not ties.finished:
            steps = [tr.t("Tie-breaks are played after the last hand is closed.")]
            if groups:
                steps.append(tr.t("Teams level now:") + " " + self._groups_text(groups))
            return none(tr.t("Tie-breaks"), "\n".join(steps))
        done_lines = [self._done_line(d) for d in ties.done]
        current = ties.current
        if current is not None:
            return self._playoff(current, done_lines, refresh)
        open_groups = self._open_groups()
        if not open_groups:
            steps = [
                tr.t("Every place is decided.")  # by the tie-breaks below
                if done_lines
                else tr.t("Every place is decided: no tie-break is needed."),
                *done_lines,
            ]
            return none(tr.t("Tie-breaks"), "\n".join(steps))
        index = min(self.tb_group, len(open_groups) - 1)
        group = open_groups[index]
        teams = group.teams
        listed = words.tables_list(teams, 20)
        steps = [
            words.level_on(tr, self.store.rules.unit, listed, group.score),
            tr.t("1. Players: the A and B players of each of these teams."),
        ]
        who = self._who(teams)
        if who:
            steps.insert(1, who)
        if len(teams) >= 3:
            steps.append(
                tr.t("2. Order: the hub draws a card for each team (or enter the A players' own).")
                if not self.tb_drawing
                else tr.t("2. Order: each team's A player draws a card; enter each card below.")
            )
            steps.append(
                tr.t("The two highest play first, the lowest draw waits (the bye).")
                if len(teams) == 3
                else tr.t(
                    "A knockout: the highest draw plays the lowest, the winners go on until "
                    "one team is left. The lowest draws may wait a round (a bye)."
                )
            )
        else:
            steps.append(tr.t("2. Order: one hand between the two teams."))
        steps.append(tr.t("3. Trump: cut a card (the hub cuts), or choose the suit you cut."))
        steps.append(tr.t("4. Dealer: the four players each cut; the highest card deals."))
        drawing = self.tb_drawing and len(teams) >= 3
        ready = not drawing or self._draws_ready(teams)
        entering = drawing and not ready  # one thing at a time: the cards, then the trump
        startable = ready and not self.results_missing()
        return TieBreakVM(
            title=tr.t("Tie-break for teams {teams}").format(teams=listed),
            steps="\n".join([*steps, *done_lines]),
            draw_mode=(
                ButtonVM(
                    tr.t("Let the hub draw") if drawing else tr.t("Enter the cards drawn"),
                    role="normal",
                )
                if len(teams) >= 3
                else HIDDEN
            ),
            question=self._draw_prompt(teams) if entering else "",
            draw_teams=self._draw_team_buttons(teams) if drawing else (),
            ranks=tuple(
                ButtonVM(self.card(r), role="selected" if r == self.tb_rank else "normal")
                for r in DRAW_RANKS
            )
            if entering
            else (),
            suits=tuple(
                ButtonVM(
                    trump_short(tr, suit),
                    role="normal" if self.tb_rank is not None else "disabled",
                    enabled=self.tb_rank is not None,
                )
                for suit in DRAW_SUITS
            )
            if entering
            else (),
            undo=self._undo_button(),
            groups=tuple(
                ButtonVM(
                    tr.t("Teams {teams}").format(teams=words.tables_list(g.teams, 6)),
                    role="selected" if i == index else "normal",
                )
                for i, g in enumerate(open_groups)
            )
            if len(open_groups) > 1
            else (),
            trumps=()
            if entering
            else tuple(
                ButtonVM(trump_short(tr, t), role="selected" if self.tb_trump == t else "normal")
                for t in TRUMPS
            ),
            cut=HIDDEN
            if entering
            else ButtonVM(
                tr.t("Cut a card"), role="selected" if self.tb_trump == "cut" else "normal"
            ),
            start=ButtonVM(
                tr.t("Start the tie-break"),
                # rules A9: the hub refuses a playoff while a result is missing (the warning)
                role="primary" if startable else "disabled",
                enabled=startable,
            ),
            record=HIDDEN,
            refresh=refresh,
        )

    def _draw_prompt(self, teams: list[int]) -> str:
        tr = self.tr
        team = self.tb_draw_team
        if team is None:
            return tr.t("Tap a team, then its card.")
        if self.tb_rank is None:
            return tr.t("Team {team}'s A player drew: tap the card's value, then its suit.").format(
                team=team
            )
        return tr.t("Team {team}: {rank} of what suit?").format(
            team=team, rank=self.card(self.tb_rank)
        )

    def _draw_team_buttons(self, teams: list[int]) -> tuple[ButtonVM, ...]:
        tr = self.tr
        cards = [self.tb_draws.get(t) for t in teams]
        buttons = []
        for team, card in zip(teams, cards, strict=True):
            shown = self.card(str(Card.parse(card))) if card else "?"
            same = card is not None and cards.count(card) > 1
            buttons.append(
                ButtonVM(
                    tr.t("Team {team}: {card}").format(team=team, card=shown),
                    role="call" if same else "selected" if team == self.tb_draw_team else "normal",
                )
            )
        return tuple(buttons)

    def _undo_button(self) -> ButtonVM:
        ties = self.store.ties
        if ties is None or (ties.current is None and not ties.done):
            return HIDDEN
        return ButtonVM(self.tr.t("Undo the last tie-break"))

    def _who(self, teams: list[int]) -> str:
        return director.playoff_who(self.tr, self.store.state, teams)

    def _groups_text(self, groups: list[TieGroup]) -> str:
        tr = self.tr
        return words.semicolons(
            tr,
            [
                tr.t("teams {teams} on {score}").format(
                    teams=words.tables_list(g.teams, 8), score=g.score
                )
                for g in groups
            ],
        )

    def _done_line(self, done: Playoff) -> str:
        places = done.places or {}
        return self.tr.t("Playoff result: {order}.").format(
            order=self.order_text(done.final or [], {int(t): p for t, p in places.items()})
        )

    def order_text(self, teams: list[int], places: dict[int, int] | None = None) -> str:
        """``1. Red Deer Aces (team 3), 2. team 1, 3. team 2, 3. team 4``: each team by its
        name where it has one, a knockout's shared places kept."""
        st = self.store.standings
        names = {t.team: t.name for t in st.teams} if st is not None else {}
        return ", ".join(
            words.placed_team(self.tr, (places or {}).get(team, i), team, names.get(team, ""))
            for i, team in enumerate(teams, start=1)
        )

    def card(self, card: str) -> str:
        """A card as the hub writes it ("K♦"), in the letters of the screen's language."""
        return words.card_letters(self.language, card)

    def _playoff(self, current: Playoff, done: list[str], refresh: ButtonVM) -> TieBreakVM:
        tr = self.tr
        order = current.order
        steps = [
            tr.t("Teams {teams} are playing off.").format(teams=words.tables_list(sorted(order)))
        ]
        draws = current.draws
        if draws:
            drawn = ", ".join(
                tr.t("team {team}: {card}").format(
                    team=team, card=self.card(draws.get(str(team), "?"))
                )
                for team in order
            )
            steps.append(tr.t("Draw: {drawn}.").format(drawn=drawn))
        if draws and not current.for_second:  # then the hands played tell the story
            shape = playoff_shape(current)
            steps.append(
                tr.t("Order: {order}; team {bye} waits for the winner.").format(
                    order=words.tables_list(order), bye=order[-1]
                )
                if shape == "bye"
                else tr.t("Knockout, by the draw: {order}.").format(order=words.tables_list(order))
                if shape == "bracket"
                else tr.t("Order: {order}.").format(order=words.tables_list(order))
            )
        if current.for_second:
            del steps[0]  # the title says who plays: room for the hands played
        elif current.second_played_off:
            steps.append(
                tr.t(
                    "Two teams go on: second place is played off too, among the teams "
                    "the winner beat."
                )
            )
        for i, h in enumerate(current.played, start=1):
            (a, b), (won, lost) = h.teams, h.tricks
            winner, loser = playoff_bout(h.teams, won)
            steps.append(
                tr.t("Hand {i}: team {w} beat team {l} ({x} tricks to {y}).").format(
                    i=i, w=winner, l=loser, x=max(won, lost), y=min(won, lost)
                )
            )
        a, b = current.next or (0, 0)
        who = self._who([a, b]) if current.next else ""
        if who:
            steps.append(who)
        steps.append(
            tr.t("Next: team {a} against team {b}, for second place.").format(a=a, b=b)
            if current.for_second
            else tr.t("Now: the A and B players of team {a} against those of team {b}.").format(
                a=a, b=b
            )
        )
        other = tr.t("if the leader cut another suit, tap it below.")
        steps.append(trump_line(tr, current.trump) + " — " + other)
        steps.append(tr.t("Dealer: the four players each cut; the highest card deals."))
        x = self.tb_tricks
        keys = tuple(
            ButtonVM(str(n), role="selected" if n == x else "normal") for n in range(TRICKS + 1)
        )
        readout = ""
        if x is not None:
            winner, _ = playoff_bout((a, b), x)
            readout = tr.t("Tricks — Team {a}: {x} · Team {b}: {y}. Team {w} wins.").format(
                a=a, x=x, b=b, y=TRICKS - x, w=winner
            )
        title = (
            tr.t("For second place: team {a} against team {b}")
            if current.for_second
            else tr.t("Tie-break: team {a} against team {b}")
        )
        return TieBreakVM(
            title=title.format(a=a, b=b),
            steps="\n".join([*steps, *done]),
            question=tr.t("Tricks taken by team {a}:").format(a=a),
            keys=keys,
            readout=readout,
            trumps=tuple(
                ButtonVM(
                    trump_short(tr, t),
                    role="selected" if current.trump == t else "normal",
                )
                for t in TRUMPS
            ),
            cut=HIDDEN,
            start=HIDDEN,
            record=ButtonVM(
                tr.t("Record this hand"),
                role="primary" if x is not None else "disabled",
                enabled=x is not None,
            ),
            refresh=refresh,
            undo=self._undo_button(),
        )

    def _backcount(self, ties: TiesData, none: Callable[[str, str], TieBreakVM]) -> TieBreakVM:
        tr = self.tr
        groups = ties.groups
        back = ties.backcount or {}
        # The hub's figures, laid out: each after its hand, the total now (the first) left out.
        if not groups:
            steps = [tr.t("No two teams have the same points.")]
        else:
            steps = [
                tr.t(
                    "Teams level on points are separated by counting back: their totals "
                    "after the hand before, then the one before that, and so on."
                )
            ]
            # groups the leader places where the format says so (the form below)
            leaders = [*(ties.undecided or []), *(d.teams for d in ties.decisions)]
            for g in groups:
                steps.append("")
                steps.append(
                    tr.nt(
                        "Teams {teams}: {score} point", "Teams {teams}: {score} points", g.score
                    ).format(teams=words.tables_list(g.teams), score=g.score)
                )
                # the manche that separates them, not only the level ones (issue 25, item 6)
                every = (ties.backcount_hands or [])[1:]
                rows = {team: back.get(str(team), [])[1:] for team in g.teams}
                apart = next(
                    (
                        k
                        for k in range(len(every))
                        if len({tuple(r[k : k + 1]) for r in rows.values()}) > 1
                    ),
                    None,
                )
                shown = list(range(min(5, len(every))))
                if apart is not None and apart >= 2:
                    level_after = (  # counted back: the later hand first
                        tr.t("Level after hands {a} and {b}; hand {n} separates them:")
                        if apart == 2
                        else tr.t("Level after hands {a} back to {b}; hand {n} separates them:")
                    )
                    steps.append(level_after.format(a=every[0], b=every[apart - 1], n=every[apart]))
                    shown = [apart - 1, apart]
                elif apart is not None:
                    shown = list(range(apart + 1))
                for team in g.teams:
                    counted = " · ".join(
                        tr.nt(
                            "after hand {n}: {p} point", "after hand {n}: {p} points", rows[team][k]
                        ).format(n=every[k], p=rows[team][k])
                        for k in shown
                        if k < len(rows[team])
                    )
                    none_yet = tr.t("no earlier hand to count back")
                    said = tr.t("Team {team} — {counted}")
                    steps.append(said.format(team=team, counted=counted or none_yet))
                steps.append(
                    tr.t("Separated by counting back: the standings show the order.")
                    if g.decided
                    else tr.t("Still level after counting back: you decide their places.")
                    if any(set(x) == set(g.teams) for x in leaders)
                    else tr.t("Still level after counting back: they share the place.")
                )
        for d in ties.decisions:
            steps.append("")
            steps.append(
                tr.t("Your decision: {order} ({reason}).").format(
                    order=self.order_text(d.teams), reason=tr.t(d.reason)
                )
            )
        page = none(tr.t("Ties: the backward count"), "\n".join(steps))
        return self._decision_form(ties, page)

    def _decision_form(self, ties: TiesData, page: TieBreakVM) -> TieBreakVM:
        """Gaspésie (rules G7): the leader places the teams the count-back leaves level."""
        tr = self.tr
        groups = ties.undecided or []
        group = self._decision_group()
        if not group:
            return page
        index = min(self.tb_group, len(groups) - 1)
        decided = any(set(d.teams) == set(group) for d in ties.decisions)
        order = self.pd_order
        ask = (
            tr.t("Teams {teams} are still level: you decide their places (rule 1).").format(
                teams=words.tables_list(group)
            )
            + " "
            + (
                tr.t("Tap the teams from first to last, then the reason.")
                if len(order) < len(group)
                else tr.t("Now the reason, then record it.")
            )
        )
        if order:  # the order in words: buttons side by side do not read as a ranking
            ask += "\n" + tr.t("Your order: {order}.").format(order=self.order_text(order))
        missing = self.results_missing()
        if missing:  # rules G7: the hub refuses a decision on provisional standings
            ask = tr.t(
                "Teams {teams} are level on the provisional standings. Enter the missing "
                "results first; if they are still level then, you decide their places."
            ).format(teams=words.tables_list(group))
        ready = not missing and len(order) == len(group) and self.pd_reason is not None
        return replace(
            page,
            question=ask,
            groups=tuple(
                ButtonVM(
                    tr.t("Teams {teams}").format(teams=words.tables_list(g, 6)),
                    role="selected" if i == index else "normal",
                )
                for i, g in enumerate(groups)
            )
            if len(groups) > 1
            else (),
            decide_teams=tuple(
                ButtonVM(
                    tr.t("Team {team}: place {place}").format(place=order.index(t) + 1, team=t)
                    if t in order
                    else tr.t("Team {team}").format(team=t),
                    role="selected" if t in order else "normal",
                )
                for t in group
            ),
            reasons=tuple(
                ButtonVM(tr.t(r), role="selected" if i == self.pd_reason else "normal")
                for i, r in enumerate(DECISION_REASONS)
            ),
            decide=ButtonVM(
                tr.t("Replace your decision") if decided else tr.t("Record your decision"),
                role="primary" if ready else "disabled",
                enabled=ready,
            ),
        )
