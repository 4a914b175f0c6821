"""The console's store: what the hub last published and answered, shared by every screen.

>>> s = Store()
>>> s.state is None, s.next_hand()
(True, 0)
"""

from __future__ import annotations

from uikit import screens
from whist.enums import Phase
from whist.formats import Format
from whist.protocol import (
    Assignment,
    ClubDealScored,
    ClubRules,
    CountsData,
    ExportData,
    FormatInfo,
    JoinCodeData,
    JoinEntry,
    LoansData,
    NightStandings,
    PlanData,
    PreviewData,
    Reply,
    ResultsData,
    Standings,
    State,
    TiesData,
)
from whist.views import format_info


class Store(screens.Store):
    """The hub's retained news (State, Standings, night standings, assignments) and the
    answers to the console's queries (plans, results, ties, deals, loans, counts, joins).
    Presenters read it; only the console's network side and the replies write it."""

    def __init__(self) -> None:
        super().__init__()  # connected, hub_online
        # when the hub (or its network) went away while a picture was on show (issue 25)
        self.away_since: float | None = None
        self.state: State | None = None
        self.standings: Standings | None = None
        self.assignments: dict[int, Assignment] = {}
        self.plans: dict[int, PlanData] = {}
        # (hand, table) -> the hub's answer to a "results" query about that one table
        self.results: dict[tuple[int, int], ResultsData] = {}
        self.ties: TiesData | None = None
        self.export: ExportData | None = None
        self.join: JoinCodeData | None = None
        self.join_refusal: Reply | None = None
        self.joins: list[JoinEntry] | None = None  # the hub's "joins", newest first
        self.ended_days: set[int] = set()
        self.ledger: LoansData | None = None  # the hub's "loans": the loan ledger
        # The verifiers' count (A15): the hub's "counts" of the day on show.
        self.counts: CountsData | None = None
        self.counts_refusal: Reply | None = None
        # a club night: the hub's standings and each table's deals (the "deals" query)
        self.night: NightStandings | None = None
        self.club_deals: dict[int, list[ClubDealScored]] = {}
        #: who deals each table's next deal (a hub that predates it: None)
        self.club_dealers: dict[int, str | None] = {}
        self.entered: set[tuple[int, int]] = set()  # (hand, table) the leader entered
        # issue 25: what a change would do (the hub's dry run, or its refusal), by what was
        # asked (the standings' seq and the command without its id); the ids asked, to it
        self.previews: dict[str, PreviewData | Reply] = {}
        self.previews_asked: dict[str, str] = {}

    @property
    def rules(self) -> FormatInfo:
        """The format's answers as the hub sent them (from its name, for a hub that sends
        none; the first format's before any State)."""
        s = self.state
        if s is not None and s.rules is not None:
            return s.rules
        return format_info(Format(s.format) if s is not None else next(iter(Format)))

    @property
    def club(self) -> ClubRules | None:
        """The club game's rules on a club night; None at a military whist tournament."""
        return self.state.club if self.state is not None else None

    def next_hand(self) -> int:
        """The hand start_hand opens next (after a day ended early: the next day's first;
        0 once play is over). A hub before issue 12 does not say: the one after."""
        s = self.state
        if s is None:
            return 0
        if s.finished:
            return 0
        return s.next_hand if s.next_hand is not None else s.hand + 1

    def next_plan(self) -> PlanData | None:
        s = self.state
        return None if s is None else self.plans.get(self.next_hand())

    def day_done(self) -> bool:
        """Every hand of the day in play has started (so the day can be ended)."""
        s = self.state
        if s is None or s.hand == 0 or s.day_ended or s.day in self.ended_days:
            return False
        if s.hand >= s.hands:
            return True
        plan = self.next_plan()
        return plan is not None and plan.end_day_first

    def next_action(self) -> str | None:
        s = self.state
        if s is None:
            return None
        if s.club is not None:
            return "standings" if s.finished else "end_night"
        if s.finished and s.phase != Phase.PLAYING:
            playoff = self.rules.tie_break == "playoff"
            return "tiebreaks" if playoff and self.level_teams() else "standings"
        if s.phase == Phase.PLAYING and s.missing:  # issue 25: now is waiting, not the next hand
            return "wait"
        if s.hand < s.hands:
            return "end_day" if self.day_done() else "start"
        if s.phase == Phase.PLAYING:
            return "close"
        playoff = self.rules.tie_break == "playoff"
        return "tiebreaks" if playoff and self.level_teams() else "standings"

    def level_teams(self) -> bool:
        st = self.standings
        if st is None:
            return False
        ranks = [t.rank for t in st.teams]
        return len(set(ranks)) < len(ranks)

    def undo_possible(self) -> bool:
        s = self.state
        return s is not None and s.hand > 0 and s.phase == Phase.PLAYING and not s.reported

    def club_deal_count(self, table: int | None) -> int | None:
        """How many deals the hub holds for ``table`` (its latest night standings)."""
        night = self.night
        if table is None or night is None:
            return None
        return next((t.deals for t in night.tables if t.table == table), None)
