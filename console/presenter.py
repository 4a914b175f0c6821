"""The leader's console, with no window: state, intents, and the view-model of every screen.

A :class:`LeaderPresenter` is told what the hub says (``on_state``, ``on_standings``,
``on_reply``…, called on the UI thread) and what the leader does (intents:
``open_start()``, ``choose_trump("hearts")``, ``confirm_start()``, ``open_table(7)``…).
After each it builds a new :class:`~console.viewmodel.ViewModel` and hands it to
``on_change``. The ``.kv`` files only forward touches to intents.

Commands are whist.protocol's typed commands (:class:`~whist.protocol.StartHand`…); they
go out through a :class:`Link` (:class:`uikit.connection.ConsoleConnection`) that resends
them with the same id until their Reply comes. Each Reply's data is read into its typed
model (:data:`whist.protocol.REPLIES`); the presenter shows what is still being sent, then
the hub's answer in plain words. The format's answers (unit, loans, penalties, tie-breaks)
come from ``State.rules``: no screen asks which format it is.

>>> class Link:
...     def new_id(self): return "c-1"
...     def send(self, command): return command.id
>>> p = LeaderPresenter(link=Link(), language="en")
>>> p.view.screen
<Screen.CONNECTING: 'connecting'>
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, Protocol, TypeVar

from pydantic import BaseModel

from console import director, individual, words
from console.i18n import M_, translator
from console.viewmodel import (
    CHOICE_ROWS,
    COUNT_ROWS,
    MINUS,
    ConfirmVM,
    ConnectingVM,
    CorrectVM,
    CountsVM,
    DealFormVM,
    DealRowVM,
    DealsVM,
    FieldRowVM,
    HeaderVM,
    LoansVM,
    LoanVM,
    MessageVM,
    NightTableVM,
    NightVM,
    PenaltyVM,
    RowVM,
    Screen,
    SheetsVM,
    StandingsVM,
    StartVM,
    TablesVM,
    TableVM,
    TabsVM,
    TieBreakVM,
    TileVM,
    ViewModel,
)
from uikit.common import (
    TRUMPS,
    Base,
    Translators,
    day_count_line,
    hand_label,
    language_button_text,
    setup_texts,
    trump_line,
    trump_short,
)
from uikit.config import ConfigProblem
from uikit.games import game_title
from uikit.i18n import Language
from uikit.reasons import reason_sentence
from uikit.viewmodel import HIDDEN, ButtonVM, SetupVM
from whist.cards import Card
from whist.errors import ErrorCode, ProtocolError
from whist.formats import Format
from whist.pattern import is_placeholder_name
from whist.protocol import REPLIES as REPLY_MODELS
from whist.protocol import (
    UNREADABLE_CALL,
    AcceptCount,
    Assignment,
    ClearCall,
    ClearCallData,
    CloseHand,
    CloseHandData,
    ClubDealScored,
    ClubRules,
    Command,
    ConflictRow,
    Correct,
    CorrectData,
    CorrectDeal,
    CorrectDealData,
    Counts,
    CountsData,
    DealRecord,
    Deals,
    DealsData,
    EndDay,
    EndDayData,
    EndNight,
    EndNightData,
    ErrorData,
    Export,
    ExportData,
    FormatInfo,
    JoinCodeData,
    JoinCodeQuery,
    JoinEntry,
    Joins,
    JoinsData,
    Loan,
    LoanData,
    Loans,
    LoansData,
    NightStandings,
    Penalty,
    PenaltyData,
    PlaceDecision,
    PlaceDecisionData,
    Plan,
    PlanData,
    Playoff,
    Rename,
    RenameData,
    RenewJoinCode,
    RenewJoinCodeData,
    Reply,
    Results,
    ResultsData,
    Revokes,
    Standings,
    StandingsChanges,
    StartHand,
    StartHandData,
    State,
    TableResultRow,
    TieBreakResult,
    TieBreakResultData,
    TieBreakStart,
    TieBreakStartData,
    TieBreakTrump,
    TieBreakTrumpData,
    TieBreakUndo,
    TieBreakUndoData,
    TieGroup,
    Ties,
    TiesData,
    UndoStart,
    UndoStartData,
    Verify,
    VerifyData,
    decode_reply_data,
)
from whist.views import format_info

M = TypeVar("M", bound=BaseModel)

TRICKS = 13
#: What the hub records for a call that came with no reason (hub/service.py).
HUB_DEFAULT_CALL = "the players ask for the leader"
MAX_REVOKES = 13
START_FLAGS = 12
#: Queries: their answers fill screens; they are never announced in the message bar.
QUERIES = frozenset({"plan", "results", "ties", "join_code", "joins", "deals", "loans", "counts"})
#: The verifiers' count keypad: 0 to 35 flags, more when the hub's count is higher.
COUNT_KEYS = 36
#: A club night's commands: their refusals are the hub's own words (they name the deal).
CLUB_OPS = frozenset({"correct_deal", "end_night"})
#: The joins listed on the Sheets & kiosks tab, newest first.
JOINS_LISTED = 4
TABS = (Screen.TABLES, Screen.STANDINGS, Screen.TIEBREAK, Screen.SHEETS)
ConfirmKind = Literal[
    "close", "undo", "end_day", "end_early", "end_after_day", "final", "end_night", "tiebreak_undo"
]

#: What each command is, while it is being sent ("Sending to the hub: …").
OP_NAMES = {
    "start_hand": M_("start the hand"),
    "close_hand": M_("close the hand"),
    "correct": M_("the correction"),
    "loan": M_("the loan"),
    "end_day": M_("end the day"),
    "undo_start": M_("undo the start"),
    "penalty": M_("the penalty"),
    "clear_call": M_("clear the call"),
    "tiebreak_start": M_("start the tie-break"),
    "tiebreak_result": M_("the playoff hand"),
    "tiebreak_trump": M_("the director's cut"),
    "tiebreak_undo": M_("undo the tie-break"),
    "place_decision": M_("your decision"),
    "export": M_("write the sheets"),
    "renew_join_code": M_("make a new join code"),
    "correct_deal": M_("the deal"),
    "end_night": M_("end the night"),
}
#: Ready-made reasons for the leader's decision on a tie the count-back leaves (rules G7).
DECISION_REASONS = (
    M_("Cards drawn before the teams"),
    M_("Coin tossed before the teams"),
    M_("Decided by the organising committee"),
)
#: The ranks an A player may draw, highest first, as the hub reads them.
DRAW_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
DRAW_SUITS = ("spades", "hearts", "diamonds", "clubs")

#: Ready-made reasons for a correction (a reason is required; any text will do).
CORRECTION_REASONS = (
    M_("Players recounted"),
    M_("Entered from the paper sheet"),
    M_("Kiosk mistake"),
    M_("Revoke found after the hand"),
)


def clock_time(seconds: float) -> str:
    """A time of day on this computer's clock, for the join code's end and the joins."""
    return time.strftime("%H:%M", time.localtime(seconds))


#: Ready-made reasons for a club deal the leader corrects or enters.
CLUB_REASONS = (
    M_("Players recounted"),
    M_("Entered from the score sheet"),
    M_("The kiosk failed"),
    M_("Revoke found after the deal"),
)
PENALTY_REASONS = (M_("Signalling"), M_("Talking during play"), M_("Showing cards"))


class Link(Protocol):
    """What the presenter needs from the network: a fresh command id, and sending a typed
    command (its id comes back)."""

    def new_id(self) -> str: ...
    def send(self, command: Command) -> str: ...


@dataclass(frozen=True)
class Draft:
    """A result being entered by the leader (correct), or a loan, or a penalty."""

    table: int
    hand: int
    visitor_tricks: int | None = None
    revokes_home: int = 0
    revokes_visitors: int = 0
    reason: str = ""
    preset: int | None = None  # a ready-made reason, worded in the language on show
    flags: int = 0
    side: Literal["home", "visitors"] | None = None
    # a club deal (``hand`` is then the deal's number): the fields as the form holds them
    record: tuple[tuple[str, str | int], ...] = ()

    def fields(self) -> dict[str, str | int]:
        return dict(self.record)

    def with_field(self, name: str, value: str | int | None) -> Draft:
        fields = self.fields()
        if value is None:
            fields.pop(name, None)
        else:
            fields[name] = value
        return replace(self, record=tuple(fields.items()))


#: The hub writes cards with English letters; French players read R, D, V (A stays A).
FRENCH_RANKS = {"K": "R", "Q": "D", "J": "V"}


class LeaderPresenter(Base[ViewModel]):
    """The whole console, from "connecting" to the final standings."""

    def __init__(
        self,
        *,
        link: Link,
        language: Language | None = None,
        translators: Translators = translator,
        address: str = "",
        file_exists: Callable[[str], bool] = lambda path: Path(path).is_file(),
    ) -> None:
        super().__init__(language, translators)
        self.link = link
        self.address = address
        self._file_exists = file_exists
        self.connected = False
        self.hub_online: bool | None = None
        self.state: State | None = None
        self.standings: Standings | None = None
        self.assignments: dict[int, Assignment] = {}
        self.tab: Screen = Screen.TABLES
        self.mode: Screen | None = None  # a page opened over the tab (start, confirm…)
        self.confirm_kind: ConfirmKind | None = None
        self.trump_choice: str | None = None  # None: the pattern's; a trump name; or "cut"
        self.plans: dict[int, PlanData] = {}
        # (hand, table) -> the hub's answer to a "results" query about that one table
        self.results: dict[tuple[int, int], ResultsData] = {}
        self.table: int | None = None
        self.table_hand = 0
        self.draft: Draft | None = None
        self.ties: TiesData | None = None
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
        self.export: ExportData | None = None
        self.join: JoinCodeData | None = None
        self.join_refusal: Reply | None = None
        self.joins: list[JoinEntry] | None = None  # the hub's "joins", newest first
        self.ended_days: set[int] = set()
        self.ledger: LoansData | None = None  # the hub's "loans": the loan ledger
        # The verifiers' count (A15): the hub's "counts" of the day on show, the day asked
        # for (None: the last day ended), the table being entered and the flags tapped.
        self.counts: CountsData | None = None
        self.counts_refusal: Reply | None = None
        self.count_day: int | None = None
        self.count_table = 1
        self.count_flags: int | None = None
        self.sending: dict[str, Command] = {}
        # The hub's last answer, worded when shown (the language may change meanwhile).
        self.message: tuple[Callable[[], str] | None, str] = (None, "message-ok")
        self._asked: set[tuple[str, int]] = set()  # queries on their way, to ask once
        # a club night: the hub's standings and each table's deals (the "deals" query)
        self.night: NightStandings | None = None
        self.club_deals: dict[int, list[ClubDealScored]] = {}
        self.entered: set[tuple[int, int]] = set()  # (hand, table) the leader entered
        self.name_draft: str = ""  # a new name for the tournament, as the leader types it

    # ================================================================== what we know
    @property
    def rules(self) -> FormatInfo:
        """The format's answers as the hub sent them (from its name, for a hub that sends
        none; the first format's before any State)."""
        s = self.state
        if s is not None and s.rules is not None:
            return s.rules
        return format_info(Format(s.format) if s is not None else next(iter(Format)))

    def _default_language(self) -> Language:
        # The format's own language (Gaspésie: French) unless the settings say otherwise.
        rules = self.state.rules if self.state is not None else None
        return rules.language if rules is not None else "en"

    def _context(self) -> str | None:
        # The format's own wording where it differs ("manche", not "main").
        rules = self.state.rules if self.state is not None else None
        return rules.wording if rules is not None else None

    @property
    def club(self) -> ClubRules | None:
        """The club game's rules on a club night; None at a military whist tournament."""
        return self.state.club if self.state is not None else None

    @property
    def screen(self) -> Screen:
        if not self.connected or self.state is None:
            return Screen.CONNECTING
        if self.club is not None and self.mode is None and self.tab is Screen.TABLES:
            return Screen.NIGHT
        return self.mode or self.tab

    def _next_hand(self) -> int:
        """The hand start_hand opens next (after a day ended early: the next day's first;
        0 once play is over). A hub before issue 12 does not say: the one after."""
        s = self.state
        if s is None:
            return 0
        if s.finished:
            return 0
        return s.next_hand if s.next_hand is not None else s.hand + 1

    def _next_plan(self) -> PlanData | None:
        s = self.state
        return None if s is None else self.plans.get(self._next_hand())

    def _day_done(self) -> bool:
        """Every hand of the day in play has started (so the day can be ended)."""
        s = self.state
        if s is None or s.hand == 0 or s.day_ended or s.day in self.ended_days:
            return False
        if s.hand >= s.hands:
            return True
        plan = self._next_plan()
        return plan is not None and plan.end_day_first

    def _primary(self) -> str | None:
        s = self.state
        if s is None:
            return None
        if s.club is not None:
            return "standings" if s.finished else "end_night"
        if s.finished and s.phase != "playing":
            playoff = self.rules.tie_break == "playoff"
            return "tiebreaks" if playoff and self._level_teams() else "standings"
        if s.hand < s.hands:
            return "end_day" if self._day_done() else "start"
        if s.phase == "playing":
            return "close"
        playoff = self.rules.tie_break == "playoff"
        return "tiebreaks" if playoff and self._level_teams() else "standings"

    def _level_teams(self) -> bool:
        st = self.standings
        if st is None:
            return False
        ranks = [t.rank for t in st.teams]
        return len(set(ranks)) < len(ranks)

    def _undo_possible(self) -> bool:
        s = self.state
        return s is not None and s.hand > 0 and s.phase == "playing" and not s.reported

    # ================================================================== queries
    def _id(self) -> str:
        return self.link.new_id()

    @staticmethod
    def _key(command: Command) -> tuple[str, int]:
        """What a query is about, so that it is asked once: (op, hand * 10000 + table)."""
        hand = getattr(command, "hand", None) or 0
        table = getattr(command, "table", None) or 0
        return (command.op, hand * (10_000 if command.op == "results" else 1) + table)

    def _ask(self, command: Command) -> None:
        key = self._key(command)
        if key in self._asked or not self.connected:
            return
        self._asked.add(key)
        self._send(command)

    def _send(self, command: Command) -> None:
        command_id = self.link.send(command)
        self.sending[command_id] = command

    def _want_plan(self) -> None:
        s = self.state
        nxt = self._next_hand()
        if s is not None and s.club is None and 0 < nxt <= s.hands and nxt not in self.plans:
            self._ask(Plan(id=self._id(), hand=nxt))

    def _want_results(self, hand: int, *, fresh: bool = False) -> None:
        """Ask for the open table's results in *hand* (again if *fresh*)."""
        t = self.table
        if t is None or hand < 1:
            return
        command = Results(id=self._id(), hand=hand, table=t)
        if fresh:
            self.results.pop((hand, t), None)
            self._asked.discard(self._key(command))
        if (hand, t) not in self.results:
            self._ask(command)

    def _table_status(self, state: State | None) -> tuple[object, ...]:
        t = self.table
        if state is None or t is None:
            return ()
        return (state.hand, state.phase, t in state.reported, t in state.conflicts)

    # ================================================================== from the network
    def on_connection(self, connected: bool) -> None:
        self.connected = connected
        if connected:
            self._asked.clear()  # answers lost with the connection are asked for again
            self._want_plan()
        self._changed()

    def on_hub_status(self, online: bool) -> None:
        self.hub_online = online
        self._changed()

    def on_state(self, state: State) -> None:
        old = self.state
        self.state = state
        # Only the open table's news matters: a hall of 500 tables changes State all the time.
        stale = self._table_status(old) != self._table_status(state)
        if old is None or old.hand != state.hand:
            self.plans.pop(state.hand, None)
            if self.table is not None and self.table_hand == (old.hand if old else 0):
                self.table_hand = state.hand
        self._want_plan()
        if self.mode in (Screen.TABLE, Screen.CORRECT, Screen.PENALTY) and self.table is not None:
            self._want_results(self.table_hand, fresh=stale)
        if self.mode is Screen.LOANS and (old is None or old.to_bring != state.to_bring):
            self._ask(Loans(id=self._id()))
        if self.mode is Screen.COUNTS and (old is None or old.counts != state.counts):
            self._want_counts()  # a table's kiosk sent its count (rules A19)
        self._changed()

    def on_standings(self, standings: Standings) -> None:
        self.standings = standings
        self._changed()

    def on_night(self, night: NightStandings) -> None:
        old = self.night
        if old is not None and night.seq and night.seq < old.seq:
            return
        self.night = night
        t = self.table
        if t is not None and self.mode in (Screen.DEALS, Screen.DEAL):
            played = next((x.deals for x in night.tables if x.table == t), 0)
            if len(self.club_deals.get(t, [])) != played or (old and old.seq != night.seq):
                self._want_deals(t, fresh=True)
        self._changed()

    def _want_deals(self, table: int, *, fresh: bool = False) -> None:
        command = Deals(id=self._id(), table=table)
        if fresh:
            self._asked.discard(self._key(command))
        self._ask(command)

    def on_changes(self, changes: StandingsChanges) -> None:
        # The full Standings follow within a quarter of a second; the console waits for them.
        pass

    def on_assignment(self, assignment: Assignment) -> None:
        self.assignments[assignment.table] = assignment
        if self.mode in (Screen.TABLE, Screen.LOAN) and assignment.table == self.table:
            self._changed()

    def on_reply(self, reply: Reply, command: Any) -> None:
        sent = self.sending.pop(reply.id, None) or getattr(command, "command", None)
        op = sent.op if sent is not None else ""
        if sent is not None and op in QUERIES:
            self._asked.discard(self._key(sent))
            self._on_query(reply, sent)
        elif reply.ok:
            data = self._data(REPLY_MODELS[op], reply) if op in REPLY_MODELS else None
            self.message = (lambda: self._done_text(data), "message-ok")
            if data is not None:
                self._after(data)
        else:
            self.message = (lambda: self._refused_text(reply, op, sent), "message-bad")
            if op in ("tiebreak_start", "tiebreak_result", "tiebreak_undo", "place_decision"):
                self._ask(Ties(id=self._id()))
        self._changed()

    @staticmethod
    def _data(model: type[M], reply: Reply) -> M | None:
        """The reply's data as its typed model; None if this console cannot read it."""
        try:
            return decode_reply_data(model, reply)
        except ProtocolError:
            return None

    def _on_query(self, reply: Reply, command: Command) -> None:
        if isinstance(command, Plan) and reply.ok:
            plan = self._data(PlanData, reply)
            if plan is not None:
                self.plans[plan.hand] = plan
        elif isinstance(command, Results) and reply.ok:
            results = self._data(ResultsData, reply)
            if results is not None:
                for table in {command.table or 0, *(r.table for r in results.tables)}:
                    if table:
                        self.results[(results.hand, table)] = results
        elif isinstance(command, Ties):
            if reply.ok:
                self.ties = self._data(TiesData, reply)
            else:
                self.message = (lambda: self._refused_text(reply), "message-bad")
        elif isinstance(command, JoinCodeQuery):
            if reply.ok:
                self.join, self.join_refusal = self._data(JoinCodeData, reply), None
            else:
                self.join = None
                self.join_refusal = reply
        elif isinstance(command, Joins) and reply.ok:
            joins = self._data(JoinsData, reply)
            self.joins = joins.joins if joins is not None else None
        elif isinstance(command, Deals):
            deals = self._data(DealsData, reply) if reply.ok else None
            if deals is not None:
                for held in deals.tables:
                    self.club_deals[held.table] = list(held.deals)
            elif not reply.ok:
                self.message = (lambda: self._refused_text(reply, "deals"), "message-bad")
        elif isinstance(command, Loans) and reply.ok:
            self.ledger = self._data(LoansData, reply)
        elif isinstance(command, Counts):
            if reply.ok:
                self.counts, self.counts_refusal = self._data(CountsData, reply), None
            else:
                self.counts, self.counts_refusal = None, reply

    def _after(self, data: BaseModel) -> None:
        if isinstance(data, CorrectData | PenaltyData):
            self.results.pop((data.hand, data.table), None)
            if self.table is not None:
                self._want_results(self.table_hand, fresh=True)
        elif isinstance(data, EndDayData):
            self.ended_days.add(data.day)
        elif isinstance(data, LoanData) and self.mode is Screen.LOANS:
            self._ask(Loans(id=self._id()))
        elif isinstance(data, VerifyData):
            self.count_flags = None
            c = self.counts
            if c is not None and c.day == data.day:  # the page shows the answer at once
                lines = [data.line if ln.table == data.line.table else ln for ln in c.lines]
                self.counts = c.model_copy(update={"lines": lines, "verified": data.verified})
            self._want_counts()
        elif isinstance(data, RenewJoinCodeData):
            # The reply carries the new code; sent again, the hub answers without it.
            if data.code is not None:
                self.join = JoinCodeData.model_validate(data.model_dump())
                self.join_refusal = None
            else:
                self._ask(JoinCodeQuery(id=self._id()))
        elif isinstance(
            data,
            TieBreakStartData
            | TieBreakResultData
            | TieBreakTrumpData
            | TieBreakUndoData
            | PlaceDecisionData,
        ):
            self.tb_tricks = None
            self.tb_draws, self.tb_draw_team, self.tb_rank = {}, None, None
            self.pd_order, self.pd_reason = [], None
            self._ask(Ties(id=self._id()))
        elif isinstance(data, ExportData):
            self.export = data
        elif isinstance(data, RenameData):
            self.name_draft = ""
        elif isinstance(data, CorrectDealData):
            self._want_deals(data.table, fresh=True)

    # ================================================================== reply words
    def _done_text(self, data: BaseModel | None) -> str:
        tr = self.tr
        if isinstance(data, StartHandData):
            text = tr.t("Hand {n} started. Trump: {trump}.").format(
                n=data.hand, trump=trump_short(tr, data.trump)
            )
            if data.cut:
                text += " " + tr.t("The hub cut {card}.").format(card=self._card(data.cut))
            return text
        if isinstance(data, CloseHandData):
            missing = data.missing
            if not missing:
                return tr.t("Hand {n} closed. Every table reported.").format(n=data.hand)
            return tr.nt(
                "Hand {n} closed. {k} table never reported: {tables}.",
                "Hand {n} closed. {k} tables never reported: {tables}.",
                len(missing),
            ).format(n=data.hand, k=len(missing), tables=words.tables_list(missing))
        if isinstance(data, CorrectData) and (data.hand, data.table) in self.entered:
            return tr.t("Table {table}, hand {n}: the result is saved.").format(
                table=data.table, n=data.hand
            )
        if isinstance(data, CorrectData):
            return tr.t("Table {table}, hand {n}: the correction is saved.").format(
                table=data.table, n=data.hand
            )
        if isinstance(data, VerifyData):
            return director.count_done(tr, data)
        if isinstance(data, LoanData) and data.brought:
            return tr.nt(
                "Table {table}: the {k} flag the hub lent is recorded as brought; the table "
                "holds {n}.",
                "Table {table}: the {k} flags the hub lent are recorded as brought; the table "
                "holds {n}.",
                data.brought,
            ).format(table=data.table, k=data.brought, n=data.flags)
        if isinstance(data, LoanData):
            return tr.nt(
                "Table {table} now holds {n} flag.",
                "Table {table} now holds {n} flags.",
                data.flags,
            ).format(table=data.table, n=data.flags)
        if isinstance(data, EndDayData) and data.final:
            return tr.t("Play is over: the standings are final.")
        if isinstance(data, EndDayData):
            if self.rules.unit == "points":
                return tr.t("Day {d} ended.").format(d=data.day)
            return tr.t("Day {d} ended. Every table starts again with 12 flags.").format(d=data.day)
        if isinstance(data, UndoStartData):
            return tr.t("The start of hand {n} was taken back.").format(n=data.hand)
        if isinstance(data, PenaltyData):
            return tr.t("Table {table}, hand {n}: the hand goes to the other side.").format(
                table=data.table, n=data.hand
            )
        if isinstance(data, RenameData):
            return tr.t("The tournament is now called “{name}”.").format(name=data.name)
        if isinstance(data, ClearCallData):
            return tr.t("The call from table {table} is cleared.").format(table=data.table)
        if isinstance(data, TieBreakStartData):
            return tr.t("The tie-break has started.")
        if isinstance(data, TieBreakTrumpData):
            return tr.t("The next playoff hand is played in the director's cut: {trump}.").format(
                trump=trump_short(tr, data.trump)
            )
        if isinstance(data, TieBreakResultData):
            if data.decided:
                return tr.t("The tie-break is decided.")
            if data.second:
                return tr.t("First place is decided. Now the hand for second place.")
            return tr.t("Playoff hand recorded.")
        if isinstance(data, TieBreakUndoData):
            text = tr.t("The tie-break of teams {teams} is taken back: they are level again.")
            return text.format(teams=words.tables_list(data.teams))
        if isinstance(data, PlaceDecisionData):
            return tr.t("Your decision is recorded: {order}.").format(
                order=self._order_text(data.teams)
            )
        if isinstance(data, ExportData):
            return tr.t("The sheets and CSV files are written.")
        if isinstance(data, RenewJoinCodeData):
            return tr.t("New join code made: the old one no longer works.")
        if isinstance(data, CorrectDealData):
            return tr.t("Table {table}, deal {n}: saved. The scores follow.").format(
                table=data.table, n=data.deal
            )
        if isinstance(data, EndNightData):
            return tr.nt(
                "The night is over ({n} deal in all). The hall shows the final standings.",
                "The night is over ({n} deals in all). The hall shows the final standings.",
                data.deals,
            ).format(n=data.deals)
        return tr.t("Done.")

    def _refused_text(self, reply: Reply, op: str = "", sent: Any = None) -> str:
        tr = self.tr
        refusal = self._data(ErrorData, reply)
        code = refusal.error if refusal is not None else None
        if op in CLUB_OPS or op == "deals":
            table = getattr(sent, "table", None)
            deal = getattr(sent, "deal", None)
            said = words.club_refusal(tr, code, table, self._club_deal_count(table), deal)
            if said is None and refusal is not None and refusal.reason_text is not None:
                args = refusal.reason_args or {}
                said = reason_sentence(tr.t, refusal.reason_text, args, reply.error or "")
            if op == "correct_deal":  # say what was refused, and that the saved deals stand
                reason = (said if said is not None else reply.error or "").rstrip(".")
                return tr.t("Not saved — {reason}. The saved deals are unchanged.").format(
                    reason=reason
                )
            if said is not None:
                return tr.t("The hub refused: {reason}").format(reason=said)
            return tr.t("The hub refused: {reason}").format(reason=reply.error or "")
        said = words.refusal(tr, code)
        if said is None:
            return tr.t("The hub refused: {reason}").format(reason=reply.error or "")
        return tr.t("Not done: {reason}").format(reason=said)

    def _club_deal_count(self, table: int | None) -> int | None:
        """How many deals the hub holds for ``table`` (its latest night standings)."""
        night = self.night
        if table is None or night is None:
            return None
        return next((t.deals for t in night.tables if t.table == table), None)

    # ================================================================== intents: navigation
    def _intent(self) -> None:
        self.message = (None, "message-ok")

    def show(self, tab: str) -> None:
        """One of the bottom tabs: "tables", "standings", "tiebreak", "sheets"."""
        self._intent()
        self.tab = Screen(tab)
        self.mode = None
        if self.tab is Screen.TIEBREAK:
            self._ask(Ties(id=self._id()))
        elif self.tab is Screen.SHEETS:
            if self.join is None:
                self._ask(JoinCodeQuery(id=self._id()))
            self._ask(Joins(id=self._id()))
        self._changed()

    def back(self) -> None:
        """Leave the page on show: a form goes back to its table, the rest to the tab."""
        self._intent()
        if self.mode in (Screen.CORRECT, Screen.LOAN, Screen.PENALTY):
            self.mode, self.draft = Screen.TABLE, None
        elif self.mode is Screen.DEAL:
            self.mode, self.draft = Screen.DEALS, None
        elif self.mode in (Screen.LOANS, Screen.COUNTS):
            self.mode, self.tab = None, Screen.STANDINGS
        else:
            self.mode, self.confirm_kind = None, None
        self._changed()

    def primary(self) -> None:
        """The overview's big button: whatever comes next."""
        action = self._primary()
        if action == "start":
            self.open_start()
        elif action == "end_day":
            self.open_confirm("end_day")
        elif action == "close":
            self.open_confirm("close")
        elif action == "tiebreaks":
            self.show("tiebreak")
        elif action == "standings":
            if self.state is not None and director.missing_count(self.state):
                self.open_confirm("final")  # never a silent gap: say what is missing first
            else:
                self.show("standings")
        elif action == "end_night":
            self.open_confirm("end_night")

    # ================================================================== intents: a hand
    def open_start(self) -> None:
        self._intent()
        self.trump_choice = None
        self._want_plan()
        self.mode = Screen.START
        self._changed()

    def choose_trump(self, trump: str) -> None:
        """A suit or "none" (no trump), overriding the pattern; "cut": the hub draws one."""
        self._intent()
        if trump in (*TRUMPS, "cut"):
            self.trump_choice = trump
        self._changed()

    def confirm_start(self) -> None:
        self._intent()
        plan = self._next_plan()
        s = self.state
        if s is None or plan is None:
            return self._changed()
        if plan.end_day_first:
            return self.open_confirm("end_day")
        if plan.leader_chooses and self.trump_choice is None:
            return self._changed()
        if self.trump_choice == "cut":
            self._send(StartHand(id=self._id(), cut=True))
        elif self.trump_choice is not None:
            self._send(StartHand.model_validate({"id": self._id(), "trump": self.trump_choice}))
        else:
            self._send(StartHand(id=self._id()))
        self.mode, self.tab = None, Screen.TABLES
        self._changed()

    def open_confirm(self, kind: ConfirmKind) -> None:
        """Close the hand, undo the start, or end the day: a page that says what happens."""
        self._intent()
        self.confirm_kind, self.mode = kind, Screen.CONFIRM
        self._changed()

    def open_close(self) -> None:
        self.open_confirm("close")

    def open_undo(self) -> None:
        self.open_confirm("undo")

    def open_end_day(self) -> None:
        self.open_confirm("end_day")

    def open_end_early(self) -> None:
        self.open_confirm("end_early")

    def confirm(self) -> None:
        self._intent()
        kind = self.confirm_kind
        if kind == "final":  # the standings, with what is missing said
            self.mode, self.confirm_kind, self.tab = None, None, Screen.STANDINGS
            return self._changed()
        command = {
            "close": CloseHand,
            "undo": UndoStart,
            "end_day": EndDay,
            "end_night": EndNight,
        }.get(kind or "")
        if command is not None:
            self._send(command(id=self._id()))
        elif kind == "end_early":
            self._send(EndDay(id=self._id(), early=True))
        elif kind == "end_after_day":
            self._send(EndDay(id=self._id(), final=True))
        elif kind == "tiebreak_undo":
            self._send(TieBreakUndo(id=self._id()))
            self.mode, self.confirm_kind, self.tab = None, None, Screen.TIEBREAK
            return self._changed()
        self.mode, self.confirm_kind, self.tab = None, None, Screen.TABLES
        self._changed()

    def confirm_second(self) -> None:
        """The confirmation page's second way forward: end the whole tournament now."""
        self._intent()
        if self.confirm_kind == "end_early":
            self._send(EndDay(id=self._id(), early=True, final=True))
        self.mode, self.confirm_kind, self.tab = None, None, Screen.TABLES
        self._changed()

    def open_ledger(self) -> None:
        """The loan ledger (Alberta), asked of the hub afresh."""
        self._intent()
        self.mode = Screen.LOANS
        self._asked.discard(("loans", 0))
        self._ask(Loans(id=self._id()))
        self._changed()

    # ================================================================== the verifiers' count
    def _want_counts(self) -> None:
        command = Counts(id=self._id(), day=self.count_day)
        self._asked.discard(self._key(command))
        self._ask(command)

    def open_counts(self) -> None:
        """The verifiers' count (Alberta, decision A15), asked of the hub afresh."""
        self._intent()
        self.mode, self.count_flags = Screen.COUNTS, None
        self._want_counts()
        self._changed()

    def count_step(self, delta: int) -> None:
        """The previous (-1) or next (+1) table."""
        self._intent()
        tables = self.state.tables if self.state is not None else 1
        self.count_table = (self.count_table - 1 + delta) % tables + 1
        self.count_flags = None
        self._changed()

    def count_next_open(self) -> None:
        """The next table that is not counted or differs from the hub."""
        self._intent()
        c = self.counts
        if c is not None:
            open_ = [ln.table for ln in c.lines if ln.status != "agrees"]
            later = [t for t in open_ if t > self.count_table] or open_
            if later:
                self.count_table, self.count_flags = later[0], None
        self._changed()

    def count_day_step(self) -> None:
        """The next day that has ended (the days cycle)."""
        self._intent()
        c = self.counts
        if c is not None and c.days_ended > 1:
            self.count_day = c.day % c.days_ended + 1
            self.count_flags = None
            self._want_counts()
        self._changed()

    def count_key(self, flags: int) -> None:
        self._intent()
        if flags >= 0:
            self.count_flags = flags
        self._changed()

    def record_count(self) -> None:
        self._intent()
        c = self.counts
        if c is not None and self.count_flags is not None:
            self._send(
                Verify(id=self._id(), table=self.count_table, day=c.day, flags=self.count_flags)
            )
        self._changed()

    def accept_count(self) -> None:
        """Take the verifiers' count of the table on show over the hub's (audited)."""
        self._intent()
        c = self.counts
        if c is not None:
            reason = self.tr.t("the verifiers' count, accepted by the leader")
            self._send(AcceptCount(id=self._id(), table=self.count_table, day=c.day, reason=reason))
        self._changed()

    def count_correct(self) -> None:
        """Settle a difference by correcting a result: the table's page."""
        self.open_table(self.count_table)

    # ================================================================== intents: a table
    def open_table(self, table: int) -> None:
        self._intent()
        s = self.state
        if s is None or not 1 <= table <= s.tables:
            return self._changed()
        self.table = table
        if s.club is not None:
            self.mode = Screen.DEALS
            self._want_deals(table, fresh=True)
            return self._changed()
        self.table_hand = max(s.hand, 1) if s.hand else 0
        self.mode = Screen.TABLE
        self._want_results(self.table_hand, fresh=True)
        self._changed()

    def table_hand_step(self, delta: int) -> None:
        """◀ / ▶: the same table in an earlier or later hand (up to the current one)."""
        self._intent()
        s = self.state
        if s is not None and 1 <= self.table_hand + delta <= s.hand:
            self.table_hand += delta
            self._want_results(self.table_hand)
        self._changed()

    def _row(self, hand: int, table: int) -> TableResultRow | None:
        data = self.results.get((hand, table))
        if data is None:
            return None
        return next((r for r in data.tables if r.table == table), None)

    def _conflict(self, hand: int, table: int) -> ConflictRow | None:
        data = self.results.get((hand, table))
        if data is None:
            return None
        return next((c for c in data.conflicts if c.table == table), None)

    def open_correct(self) -> None:
        self._intent()
        if self.table is None or self.table_hand < 1:
            return self._changed()
        row = self._row(self.table_hand, self.table)
        draft = Draft(self.table, self.table_hand)
        if row is not None and row.visitor_tricks is not None and row.revokes is not None:
            draft = replace(
                draft,
                visitor_tricks=row.visitor_tricks,
                revokes_home=row.revokes.home,
                revokes_visitors=row.revokes.visitors,
            )
        self.draft, self.mode = draft, Screen.CORRECT
        self._changed()

    def keypad(self, tricks: int) -> None:
        """Correct: the visitors' tricks; tie-break: the first team's tricks."""
        self._intent()
        if 0 <= tricks <= TRICKS:
            if self.mode is Screen.CORRECT and self.draft is not None:
                self.draft = replace(self.draft, visitor_tricks=tricks)
            elif self.screen is Screen.TIEBREAK:
                self.tb_tricks = tricks
        self._changed()

    def revoke(self, side: str, delta: int) -> None:
        self._intent()
        d = self.draft
        if d is not None and self.mode is Screen.CORRECT:
            if side == "home":
                d = replace(d, revokes_home=max(0, min(MAX_REVOKES, d.revokes_home + delta)))
            else:
                d = replace(
                    d, revokes_visitors=max(0, min(MAX_REVOKES, d.revokes_visitors + delta))
                )
            self.draft = d
        self._changed()

    def _presets(self) -> tuple[str, ...]:
        if self.mode is Screen.DEAL:
            return CLUB_REASONS
        return CORRECTION_REASONS if self.mode is Screen.CORRECT else PENALTY_REASONS

    def _reason(self) -> str:
        """The reason as it will be sent: a ready-made one in the language on show."""
        d = self.draft
        if d is None:
            return ""
        presets = self._presets()
        if d.preset is not None and d.preset < len(presets):
            return self.tr.t(presets[d.preset])
        return d.reason

    def reason_preset(self, index: int) -> None:
        """One of the ready-made reasons (kept in the log in the language on show)."""
        if self.draft is not None and 0 <= index < len(self._presets()):
            self.draft = replace(self.draft, preset=index, reason="")
        self._changed()

    def set_reason(self, text: str) -> None:
        """Typed into the reason box."""
        if self.draft is not None and text != self._reason():
            self.draft = replace(self.draft, reason=text[:200], preset=None)
            self._changed()

    def use_kiosk_result(self) -> None:
        """Fill the form with the kiosk's second (conflicting) result."""
        self._intent()
        d = self.draft
        conflict = self._conflict(d.hand, d.table) if d is not None else None
        if d is not None and conflict is not None:
            self.draft = replace(
                d,
                visitor_tricks=conflict.visitor_tricks,
                revokes_home=conflict.revokes.home,
                revokes_visitors=conflict.revokes.visitors,
            )
        self._changed()

    def confirm_correct(self) -> None:
        self._intent()
        d = self.draft
        reason = self._reason().strip()
        if d is None or d.visitor_tricks is None or not reason:
            return self._changed()
        row = self._row(d.hand, d.table)
        if row is None or row.visitor_tricks is None:  # entered, not corrected: say so after
            self.entered.add((d.hand, d.table))
        self._send(
            Correct(
                id=self._id(),
                hand=d.hand,
                table=d.table,
                visitor_tricks=d.visitor_tricks,
                home_tricks=TRICKS - d.visitor_tricks,
                revokes=Revokes(home=d.revokes_home, visitors=d.revokes_visitors),
                reason=reason,
            )
        )
        self.mode, self.draft = Screen.TABLE, None
        self._changed()

    # ================================================================== intents: a club deal
    def _club_deal(self, table: int, deal: int) -> ClubDealScored | None:
        deals = self.club_deals.get(table, [])
        return deals[deal - 1] if 1 <= deal <= len(deals) else None

    def _next_deal(self, table: int) -> int:
        """The number of the table's next deal, from the hub's standings (or its deals)."""
        n = self.night
        played = next((t.deals for t in n.tables if t.table == table), None) if n else None
        return (played if played is not None else len(self.club_deals.get(table, []))) + 1

    def open_deal(self, deal: int) -> None:
        """Correct one of the open table's deals ("correct"), or enter its next one."""
        self._intent()
        t = self.table
        if t is None or self.club is None or not 1 <= deal <= self._next_deal(t):
            return self._changed()
        known = self._club_deal(t, deal)
        record = tuple(known.record.items()) if known is not None else ()
        self.draft, self.mode = Draft(t, deal, record=record), Screen.DEAL
        self._changed()

    def open_enter(self) -> None:
        """Enter the next deal for a table whose kiosk failed."""
        if self.table is not None:
            self.open_deal(self._next_deal(self.table))

    def deal_field(self, name: str, value: str | int | None) -> None:
        """One of the form's choices: ``granded``, ``trump``, ``ns_tricks``, ``honours``
        (``"NS:4"``, ``"EW:3"`` or ``"none"``)."""
        self._intent()
        d = self.draft
        club = self.club
        if d is None or club is None or self.mode is not Screen.DEAL:
            return self._changed()
        if name == "honours":
            party, _, held = str(value).partition(":")
            if party in ("NS", "EW") and held in ("3", "4"):
                d = d.with_field("honours", party).with_field("honours_held", int(held))
            else:
                d = d.with_field("honours", None).with_field("honours_held", None)
        elif name == "ns_tricks" and isinstance(value, int) and 0 <= value <= TRICKS:
            d = d.with_field("ew_tricks", None).with_field("ns_tricks", value)
        elif name in ("granded", "trump") and name in club.fields:
            d = d.with_field(name, value)
        self.draft = d
        self._changed()

    def deal_choose(self, arg: str) -> None:
        """Widow, Solo: a choice of the form, ``key=value`` (``widow=2``, ``contract=prop``,
        ``bidder=N``; ``none`` for nobody)."""
        self._intent()
        d, club = self.draft, self.club
        key, _, value = str(arg).partition("=")
        keys = ("widow", "contract", "bidder", "partner", "revoker")
        if d is None or club is None or self.mode is not Screen.DEAL or key not in keys:
            return self._changed()
        if key not in club.fields:
            return self._changed()
        if key == "revoker" and value == "none":
            d = d.with_field(key, None)
        else:
            d = d.with_field(key, value)
        if key == "contract" and value == "pass":
            for other in ("bidder", "partner", "bidder_tricks", "revoker"):
                d = d.with_field(other, None)
        elif key == "contract" and value != "prop":
            d = d.with_field("partner", None)
        if key == "bidder" and d.fields().get("partner") == value:
            d = d.with_field("partner", None)
        self.draft = d
        self._changed()

    def deal_step(self, arg: str) -> None:
        """A player's count on the form, ``key:delta`` (``tricks_3:1``, ``bid_N:-1``)."""
        self._intent()
        d, club = self.draft, self.club
        key, _, delta = str(arg).partition(":")
        if d is None or club is None or self.mode is not Screen.DEAL or key not in club.fields:
            return self._changed()
        if delta in ("1", "-1"):
            now = d.fields().get(key)
            start = now if isinstance(now, int) else 0
            value = max(
                0, min(TRICKS, start + int(delta) if now is not None else max(0, int(delta)))
            )
            self.draft = d.with_field(key, value)
        self._changed()

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
        d = self.draft
        if d is not None and self.mode is Screen.DEAL and party in ("NS", "EW"):
            key = "ns_revokes" if party == "NS" else "ew_revokes"
            now = d.fields().get(key, 0)
            count = max(0, min(MAX_REVOKES, (now if isinstance(now, int) else 0) + delta))
            self.draft = d.with_field(key, count or None)
        self._changed()

    def confirm_deal(self) -> None:
        """Send the deal to the hub; it checks it by the game's rules (a refusal says why)."""
        self._intent()
        d = self.draft
        reason = self._reason().strip()
        if d is None or not reason or self.mode is not Screen.DEAL:
            return self._changed()
        club = self.club
        fields: Any = d.fields()
        if club is not None and individual.is_individual(club.name):
            fields = individual.flat_to_record(fields)
        try:
            record = DealRecord.model_validate(fields)
        except ValueError:
            return self._changed()
        self._send(
            CorrectDeal(id=self._id(), table=d.table, deal=d.hand, record=record, reason=reason)
        )
        self.mode, self.draft = Screen.DEALS, None
        self._changed()

    def open_loan(self) -> None:
        self._intent()
        if self.table is not None and self.rules.lends_flags:
            due = self.state.to_bring.get(str(self.table), 0) if self.state else 0
            draft = Draft(self.table, self.table_hand, flags=due or 1)
            self.draft, self.mode = draft, Screen.LOAN
        self._changed()

    def loan_flags(self, flags: int) -> None:
        self._intent()
        if self.draft is not None and 1 <= flags <= START_FLAGS:
            self.draft = replace(self.draft, flags=flags)
        self._changed()

    def confirm_loan(self) -> None:
        self._intent()
        d = self.draft
        if d is not None and d.flags >= 1:
            self._send(Loan(id=self._id(), table=d.table, flags=d.flags))
            self.mode, self.draft = Screen.TABLE, None
        self._changed()

    def open_penalty(self) -> None:
        self._intent()
        if self.table is not None and self.table_hand >= 1 and self.rules.penalties:
            self.draft, self.mode = Draft(self.table, self.table_hand), Screen.PENALTY
        self._changed()

    def penalty_side(self, side: str) -> None:
        self._intent()
        if self.draft is not None and side in ("home", "visitors"):
            self.draft = replace(self.draft, side="home" if side == "home" else "visitors")
        self._changed()

    def confirm_penalty(self) -> None:
        self._intent()
        d = self.draft
        reason = self._reason().strip()
        if d is None or d.side is None or not reason:
            return self._changed()
        self._send(Penalty(id=self._id(), hand=d.hand, table=d.table, side=d.side, reason=reason))
        self.mode, self.draft = Screen.TABLE, None
        self._changed()

    def clear_call(self) -> None:
        self._intent()
        if self.table is not None:
            self._send(ClearCall(id=self._id(), table=self.table))
        self._changed()

    # ================================================================== intents: tie-breaks
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
        current = self.ties.current if self.ties is not None else None
        if current is not None and trump in TRUMPS:
            self._send(TieBreakTrump.model_validate({"id": self._id(), "trump": trump}))
        elif trump in (*TRUMPS, "cut"):
            self.tb_trump = trump
        self._changed()

    def _open_groups(self) -> list[TieGroup]:
        if self.ties is None:
            return []
        return [g for g in self.ties.groups if not g.decided]

    def tb_start(self) -> None:
        self._intent()
        groups = self._open_groups()
        if self.ties is not None and self.ties.current is None and groups:
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
        current = self.ties.current if self.ties is not None else None
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

    def _chosen_group_teams(self) -> list[int]:
        groups = self._open_groups()
        return list(groups[min(self.tb_group, len(groups) - 1)].teams) if groups else []

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

    def _draws_ready(self, teams: list[int]) -> bool:
        cards = [self.tb_draws.get(t) for t in teams]
        return None not in cards and len(set(cards)) == len(cards)

    def tb_undo(self) -> None:
        """Take back the last tie-break: a page that says what it means first."""
        self.open_confirm("tiebreak_undo")

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
        group = self._decision_group()
        if group and len(self.pd_order) == len(group) and self.pd_reason is not None:
            reason = self.tr.t(DECISION_REASONS[self.pd_reason])
            self._send(PlaceDecision(id=self._id(), teams=list(self.pd_order), reason=reason))
        self._changed()

    def _decision_group(self) -> list[int]:
        """The group the leader is placing: the chosen one of those the count-back leaves."""
        groups = (self.ties.undecided or []) if self.ties is not None else []
        return list(groups[min(self.tb_group, len(groups) - 1)]) if groups else []

    # ================================================================== intents: sheets
    def write_sheets(self) -> None:
        self._intent()
        self._send(Export(id=self._id(), language=self.language))
        self._changed()

    def ask_join_code(self) -> None:
        self._intent()
        self._ask(JoinCodeQuery(id=self._id()))
        self._ask(Joins(id=self._id()))
        self._changed()

    def renew_join_code(self) -> None:
        """A new join code at once (the old one may have been seen): kiosks that have joined
        keep their logins; a kiosk joining now needs the new code."""
        self._intent()
        self._send(RenewJoinCode(id=self._id()))
        self._changed()

    def set_name(self, text: str) -> None:
        self.name_draft = text
        self._changed()

    def rename(self) -> None:
        """Give the tournament the name typed (one typed in the wrong language, say)."""
        name = self.name_draft.strip()
        if not name or self.state is None or name == self.state.tournament:
            return
        self._intent()
        self._send(Rename(id=self._id(), name=name))
        self._changed()

    def rotation_path(self) -> str | None:
        """The rotation sheet the hub wrote, if this computer can open it: the PDF (it prints
        as laid out, one landscape page per table per session) once the hub has made it,
        the HTML until then."""
        for path in self.export.files if self.export is not None else []:
            if str(path).endswith("rotation.html") and self._file_exists(str(path)):
                pdf = str(path)[: -len(".html")] + ".pdf"
                return pdf if self._file_exists(pdf) else str(path)
        return None

    # ================================================================== the view
    def _build(self) -> ViewModel:
        screen = self.screen
        vm = ViewModel(
            screen=screen,
            language=self.language,
            header=self._header(),
            message=self._message(),
            tabs=self._tabs(),
        )
        builders: dict[Screen, Callable[[ViewModel], ViewModel]] = {
            Screen.CONNECTING: lambda v: replace(v, connecting=self._connecting()),
            Screen.TABLES: lambda v: replace(v, tables=self._tables()),
            Screen.START: lambda v: replace(v, start=self._start()),
            Screen.CONFIRM: lambda v: replace(v, confirm=self._confirm()),
            Screen.TABLE: lambda v: replace(v, table=self._table()),
            Screen.CORRECT: lambda v: replace(v, correct=self._correct()),
            Screen.LOAN: lambda v: replace(v, loan=self._loan()),
            Screen.PENALTY: lambda v: replace(v, penalty=self._penalty()),
            Screen.STANDINGS: lambda v: replace(v, standings=self._standings()),
            Screen.TIEBREAK: lambda v: replace(
                v, tiebreak=replace(self._tiebreak(), warning=self._tiebreak_warning())
            ),
            Screen.SHEETS: lambda v: replace(v, sheets=self._sheets()),
            Screen.NIGHT: lambda v: replace(v, night=self._night()),
            Screen.DEALS: lambda v: replace(v, deals=self._deals()),
            Screen.DEAL: lambda v: replace(v, deal=self._deal_form()),
            Screen.LOANS: lambda v: replace(v, loans=self._ledger()),
            Screen.COUNTS: lambda v: replace(v, counts=self._counts()),
        }
        return builders[screen](vm)

    def _header(self) -> HeaderVM:
        tr = self.tr
        s = self.state
        info = ""
        if s is not None and s.club is not None:
            info = tr.t("The night is over.") if s.finished else self._game_line(s.club)
        elif s is not None and s.ended_after is not None:
            info = tr.t("Play ended after hand {n}.").format(n=s.ended_after)
        elif s is not None and s.hand >= s.hands and s.phase != "playing":
            info = tr.t("Every hand has been played.")
        elif s is not None:
            parts = [hand_label(tr, s.hand, s.hands)]
            if s.days > 1:
                parts.append(tr.t("Day {d} of {days}").format(d=s.day, days=s.days))
            if s.hand:
                parts.append(trump_line(tr, s.trump))
            info = " · ".join(parts)
        banner, role = "", "banner-offline"
        if not self.connected:
            banner = tr.t("No connection to the hub's network. Trying again…")
        elif self.hub_online is False:
            banner = tr.t("The hub is offline: commands wait and go out when it is back.")
        elif s is not None and s.calling:
            banner = tr.nt(
                "Table {tables} is calling you.", "Tables {tables} are calling you.", len(s.calling)
            ).format(tables=words.tables_list(s.calling, 8))
            role = "banner-info" if s.finished else "banner-call"  # over: calm, nothing to play
        elif s is not None and s.recovered:  # the tables gave back what the hub's log lost
            banner, role = director.recovered(tr, s.recovered) + ".", "banner-info"
        return HeaderVM(
            tournament=s.tournament if s is not None else "",
            info=info,
            banner=banner,
            banner_role=role,
            language=ButtonVM(language_button_text(tr)),
        )

    def _message(self) -> MessageVM:
        tr = self.tr
        make, role = self.message
        text = make() if make is not None else ""
        waiting = [c.op for c in self.sending.values() if c.op not in QUERIES]
        if waiting:
            what = tr.t(OP_NAMES.get(waiting[0], "start the hand"))
            sending = tr.t("Sending to the hub: {what}…").format(what=what)
            return MessageVM(f"{sending} {text}".strip(), "message-wait")
        return MessageVM(text, role)

    def _tabs(self) -> TabsVM:
        tr = self.tr
        on = self.tab

        def tab(screen: Screen, text: str) -> ButtonVM:
            return ButtonVM(text, role="tab-on" if on is screen else "tab")

        club = self.club is not None
        return TabsVM(
            tables=tab(Screen.TABLES, tr.t("Tables")),
            standings=tab(Screen.STANDINGS, tr.t("Standings")),
            # a club night has no tie-breaks: equal partnerships share their place
            tiebreaks=HIDDEN if club else tab(Screen.TIEBREAK, tr.t("Tie-breaks")),
            sheets=tab(Screen.SHEETS, tr.t("Sheets & kiosks")),
        )

    def _connecting(self) -> ConnectingVM:
        tr = self.tr
        if not self.connected:
            message = tr.t("Connecting to the hub…")
        elif self.hub_online is not True:
            message = tr.t("Waiting for the hub to start…")
        else:
            message = tr.t("Waiting for the hub's news…")
        return ConnectingVM(
            title=tr.t("Leader's console"),
            message=message,
            detail=tr.t("Hub address: {address}").format(address=self.address)
            if self.address
            else "",
        )

    # ------------------------------------------------------------------ overview
    def _tile(self, table: int) -> TileVM:
        tr = self.tr
        s = self.state
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
        if s.hand and s.phase != "waiting":
            return TileVM(str(table), tr.t("Waiting"), "tile-waiting")
        return TileVM(str(table), tr.t("Ready"), "tile-waiting")

    def _tables(self) -> TablesVM:
        tr = self.tr
        s = self.state
        assert s is not None
        day = tr.t("Day {d} of {days}").format(d=s.day, days=s.days) if s.days > 1 else ""
        detail = " · ".join(p for p in (day, trump_line(tr, s.trump) if s.hand else "") if p)
        reported = len(s.reported) if s.hand else 0
        if s.hand == 0:
            phase = tr.t("Nothing has started yet.")
        elif s.phase == "playing":
            phase = tr.nt(
                # TRANSLATORS: the count {r} picks the form ("1 of 3 tables has", "2 of
                # 3 tables have"); "tables" stays plural: a hall has more than one table
                "Playing: {r} of {t} tables has reported.",
                "Playing: {r} of {t} tables have reported.",
                reported,
            ).format(r=reported, t=s.tables)
        elif s.phase == "closed":
            phase = tr.nt(
                # TRANSLATORS: the count {r} picks the form; "tables" stays plural
                "Closed: {r} of {t} tables reported.",
                "Closed: {r} of {t} tables reported.",
                reported,
            ).format(r=reported, t=s.tables)
        else:
            phase = tr.t("Day {d} has ended.").format(d=s.day)
        missing = list(s.missing) if s.hand and s.phase == "playing" else []
        missing_text = (
            tr.nt(
                "Missing: table\u00a0{tables}", "Missing ({k}): tables\u00a0{tables}", len(missing)
            ).format(
                k=len(missing), tables=words.tables_list(missing)
            )
            if missing
            else ""
        )
        calls = words.semicolons(
            tr,
            [
                tr.t("table\u00a0{table} ({reason})").format(table=t, reason=self._call_reason(t))
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
        action = self._primary()
        nxt = self._next_hand() or s.hand + 1
        primary = {
            "start": ButtonVM(tr.t("Start hand {n}").format(n=nxt), role="primary"),
            "end_day": ButtonVM(tr.t("End day {d}").format(d=s.day), role="primary"),
            "close": ButtonVM(tr.t("Close hand {n}").format(n=s.hand), role="primary"),
            "tiebreaks": ButtonVM(tr.t("Tie-breaks"), role="primary"),
            "standings": ButtonVM(tr.t("Final standings"), role="primary"),
        }.get(action or "", ButtonVM(tr.t("Start hand {n}").format(n=nxt), enabled=False))
        close = (
            ButtonVM(tr.t("Close hand {n}").format(n=s.hand))
            if s.phase == "playing" and action != "close"
            else HIDDEN
        )
        if self._undo_possible():
            undo = ButtonVM(tr.t("Undo the start of hand {n}").format(n=s.hand))
        elif self._day_done() and action != "end_day" and s.phase != "waiting":
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

    def _call_reason(self, table: int) -> str:
        s = self.state
        reason = s.call_reasons.get(str(table), "").strip() if s is not None else ""
        if reason == HUB_DEFAULT_CALL:  # the hub's words for a call with no reason
            return self.tr.t("the players ask for you")
        if reason.startswith(UNREADABLE_CALL):  # the hub's: the table sent something unreadable
            at = reason[len(UNREADABLE_CALL) :]
            return self.tr.t("sent something unreadable at {time}").format(time=at)
        return reason or "…"

    def _can_end_early(self) -> bool:
        """Play may be ended here (rule A13): a hand has started, the day is not over and
        its last hand has not started (then it is the ordinary end of the day)."""
        s = self.state
        return (
            s is not None
            and s.hand > 0
            and not s.finished
            and s.phase != "waiting"
            and not self._day_done()
        )

    def _can_end_after_day(self) -> bool:
        """A day has ended and others remain: the leader may end the tournament here, with
        no more days played (rule A13)."""
        s = self.state
        return s is not None and s.day_ended and not s.finished and s.day < s.days

    def secondary(self) -> None:
        """The overview's second button under "close": undo the start, end the day, or end
        play early."""
        if self._undo_possible():
            self.open_confirm("undo")
        elif self._day_done():
            self.open_confirm("end_day")
        elif self._can_end_early():
            self.open_confirm("end_early")
        elif self._can_end_after_day():
            self.open_confirm("end_after_day")

    # ------------------------------------------------------------------ start a hand
    def _start(self) -> StartVM:
        tr = self.tr
        s = self.state
        assert s is not None
        n = self._next_hand() or s.hand + 1
        plan = self._next_plan()
        back = ButtonVM(tr.t("Back"))
        if s.hand >= s.hands or s.finished:
            return StartVM(
                title=tr.t("Every hand has been played."), go=HIDDEN, cut=HIDDEN, back=back
            )
        title = tr.t("Start hand {n} of {total}?").format(n=n, total=s.hands)
        if plan is None:
            return StartVM(
                title=title,
                move=tr.t("Asking the hub for the pattern…"),
                go=ButtonVM(tr.t("Start hand {n}").format(n=n), role="disabled", enabled=False),
                cut=HIDDEN,
                back=back,
            )
        if plan.end_day_first:
            return StartVM(
                title=title,
                move=tr.t("Hand {n} is on day {d}: end day {today} first.").format(
                    n=n, d=plan.day, today=s.day
                ),
                go=ButtonVM(tr.t("End day {d}").format(d=s.day), role="primary"),
                cut=HIDDEN,
                back=back,
            )
        move = "\n".join(words.move_lines(tr, plan, s.tables, self.rules))
        chosen = self.trump_choice
        pattern = plan.trump
        if plan.leader_chooses:
            note = tr.t(
                "The pattern leaves the trump to you: choose one, or let the hub cut a card."
            )
        else:
            note = tr.t(
                "The pattern says {trump}. Tap another to change it, or cut a card."
            ).format(trump=trump_short(tr, pattern))
        shown = chosen if chosen is not None else pattern
        trumps = tuple(
            ButtonVM(trump_short(tr, t), role="selected" if shown == t else "normal")
            for t in TRUMPS
        )
        cut = ButtonVM(tr.t("Cut a card"), role="selected" if chosen == "cut" else "normal")
        warning = ""
        if s.phase == "playing" and s.missing:
            warning = tr.nt(
                "{k} table has not reported hand {n} yet: its result is still accepted "
                "until you close that hand.",
                "{k} tables have not reported hand {n} yet: their results are still accepted "
                "until you close that hand.",
                len(s.missing),
            ).format(k=len(s.missing), n=s.hand)
        ready = not (plan.leader_chooses and chosen is None)
        return StartVM(
            title=title,
            move=move,
            trump_note=note,
            trumps=trumps,
            cut=cut,
            warning=warning,
            go=ButtonVM(
                tr.t("Start hand {n}").format(n=n),
                role="primary" if ready else "disabled",
                enabled=ready,
            ),
            back=back,
        )

    # ------------------------------------------------------------------ yes / no pages
    def _confirm(self) -> ConfirmVM:
        tr = self.tr
        s = self.state
        assert s is not None
        back = ButtonVM(tr.t("Back"))
        kind = self.confirm_kind
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
            return self._end_early_page(back)
        if kind == "end_after_day":
            return ConfirmVM(
                title=tr.t("End the tournament now, after day {d}?").format(d=s.day),
                body=" ".join(
                    [
                        tr.t("Days {a} to {b} will not be played.").format(a=s.day + 1, b=s.days)
                        if s.day + 1 < s.days
                        else tr.t("Day {d} will not be played.").format(d=s.days),
                        tr.t(
                            "The standings become final, and tie-breaks can be played. This "
                            "cannot be undone."
                        ),
                    ]
                ),
                detail=director.missing_block(tr, s, s.hand) or tr.t("Every result is in."),
                go=ButtonVM(tr.t("End the tournament now"), role="call"),
                back=back,
            )
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
            return self._tiebreak_undo_page(back)
        return self._end_day_page(back)

    def _tiebreak_undo_page(self, back: ButtonVM) -> ConfirmVM:
        tr = self.tr
        ties = self.ties
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
            detail=tr.t(
                "Use this when a playoff hand's result was entered wrong: undo, then start "
                "the tie-break again and enter every hand as it was played."
            ),
            go=ButtonVM(tr.t("Undo the tie-break"), role="call"),
            back=back,
        )

    def _end_night_page(self, back: ButtonVM) -> ConfirmVM:
        tr = self.tr
        n = self.night
        lines = []
        for t in n.tables if n is not None else []:
            lines.append(self._progress_line(t.table))
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
        s = self.state
        assert s is not None
        points = self.rules.unit == "points"
        lends = self.rules.lends_flags
        lines = []
        teams = list(self.standings.teams) if self.standings is not None else []
        teams.sort(key=lambda t: (-(t.day_totals[-1] if t.day_totals else 0), t.team))
        for t in teams:
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
        body = (
            tr.t("Each team's points for today are recorded.")
            if points
            else tr.t(
                "Each team's net flags for today are recorded (flags held minus flags lent). "
                "Then every table starts again with 12 flags and no loans."
            )
        )
        missing = director.missing_block(tr, s, s.hand)
        return ConfirmVM(
            title=tr.t("End day {d}? Today's totals:").format(d=s.day),
            body=body,
            detail="\n\n".join(p for p in (missing, "\n".join(lines)) if p),
            go=ButtonVM(tr.t("End day {d}").format(d=s.day), role="call" if missing else "primary"),
            back=back,
        )

    def _end_early_page(self, back: ButtonVM) -> ConfirmVM:
        """End the day (or the tournament) before its last hand: what it means, then yes."""
        tr = self.tr
        s = self.state
        assert s is not None
        last_day = s.day >= s.days
        if last_day:
            left = tr.t("Hands {a} to {b} will not be played.").format(a=s.hand + 1, b=s.hands)
        else:
            left = tr.t("The rest of day {d}'s hands will not be played.").format(d=s.day)
        after = [left]
        if self.rules.lends_flags:
            after.append(
                tr.t("Each team's net flags now are its score for the day; lent flags go back.")
            )
        if last_day:
            after.append(
                tr.t(
                    "The standings become final, and tie-breaks can be played. This cannot "
                    "be undone."
                )
            )
        else:
            after.append(
                tr.t("Day {d} starts with its first hand, as the pattern says.").format(d=s.day + 1)
            )
            after.append(tr.t("This cannot be undone."))
        if s.phase == "playing":
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

    # ------------------------------------------------------------------ one table
    def _table(self) -> TableVM:
        tr = self.tr
        s = self.state
        t = self.table
        assert s is not None and t is not None
        hand = self.table_hand
        rules = self.rules
        status = tr.t("Kiosk offline") if t in s.offline else tr.t("Kiosk online")
        call = ""
        if t in s.calling:
            call = tr.t("Calling you: {reason}").format(reason=self._call_reason(t))
        result, conflict, history = "", "", ""
        row = self._row(hand, t) if hand else None
        if hand == 0:
            result = tr.t("No hand has started yet.")
        elif (hand, t) not in self.results:
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
            notes = [said.format(reason=r) for r in row.corrections]
            if row.penalty is not None:
                side = tr.t("home") if row.penalty.side == "home" else tr.t("visitors")
                notes.append(
                    tr.t("Penalty against the {side}: {reason}").format(
                        side=side, reason=row.penalty.reason
                    )
                )
            history = "\n".join(notes)
        other = self._conflict(hand, t) if hand else None
        if other is not None:
            v = other.visitor_tricks
            conflict = tr.t(
                "The kiosk then sent a different result: visitors {v}, home {h}. "
                "Correct the result to settle it."
            ).format(v=v, h=TRICKS - v)
        flags = ""
        a = self.assignments.get(t)
        team = next(
            (x for x in (self.standings.teams if self.standings else []) if x.team == t), None
        )
        if rules.unit == "points" and team is not None:
            flags = tr.nt(
                "Team {team} has {n} point.", "Team {team} has {n} points.", team.points
            ).format(team=t, n=team.points)
        elif rules.unit == "flags" and a is not None:
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
                enabled=hand >= 1 and (hand, t) in self.results,
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

    def _correct(self) -> CorrectVM:
        tr = self.tr
        d = self.draft
        assert d is not None
        row = self._row(d.hand, d.table)
        visitor_team = row.visitor_team if row else self._visitor_team(d.hand, d.table)
        v = d.visitor_tricks
        keys = tuple(
            ButtonVM(str(n), role="selected" if n == v else "normal") for n in range(TRICKS + 1)
        )
        if v is None:
            readout = tr.t("Tap the visitors' tricks.")
        else:
            worth = words.outcome(tr, self.rules, v, d.revokes_home, d.revokes_visitors)
            readout = tr.t("Visitors {v} · home {h}: {worth}").format(
                v=v, h=TRICKS - v, worth=worth
            )

        def minus(n: int) -> ButtonVM:
            return ButtonVM(MINUS, role="normal" if n > 0 else "disabled", enabled=n > 0)

        def plus(n: int) -> ButtonVM:
            ok = n < MAX_REVOKES
            return ButtonVM("+", role="normal" if ok else "disabled", enabled=ok)

        ready = v is not None and bool(self._reason().strip())
        conflict = self._conflict(d.hand, d.table)
        reasons = tuple(
            ButtonVM(tr.t(r), role="selected" if i == d.preset else "normal")
            for i, r in enumerate(CORRECTION_REASONS)
        )
        # a table with no result yet: the leader enters it (from the paper sheet, say)
        entering = row is None or row.visitor_tricks is None
        title = (
            tr.t("Enter the result of table {table}, hand {n}")
            if entering
            else tr.t("Correct table {table}, hand {n}")
        )
        return CorrectVM(
            title=title.format(table=d.table, n=d.hand),
            question=tr.t("Tricks taken by the visitors (team {team}):").format(
                team=visitor_team if visitor_team else "?"
            ),
            keys=keys,
            readout=readout,
            revokes_label=tr.t("Established revokes:"),
            home_label=tr.t("Home"),
            home_count=str(d.revokes_home),
            home_minus=minus(d.revokes_home),
            home_plus=plus(d.revokes_home),
            visitors_label=tr.t("Visitors"),
            visitors_count=str(d.revokes_visitors),
            visitors_minus=minus(d.revokes_visitors),
            visitors_plus=plus(d.revokes_visitors),
            reason_label=tr.t("Reason (required, kept in the log):"),
            reasons=reasons,
            reason=self._reason(),
            reason_hint=tr.t("Type the reason, or tap one above"),
            use_kiosk=ButtonVM(tr.t("Use the kiosk's second result"))
            if conflict is not None
            else HIDDEN,
            save=ButtonVM(
                tr.t("Save the result") if entering else tr.t("Save the correction"),
                role="primary" if ready else "disabled",
                enabled=ready,
            ),
            back=ButtonVM(tr.t("Cancel")),
        )

    def _visitor_team(self, hand: int, table: int) -> int | None:
        a = self.assignments.get(table)
        if a is not None and a.hand == hand:
            return a.visitors.team
        return None

    def _loan(self) -> LoanVM:
        tr = self.tr
        d = self.draft
        assert d is not None
        a = self.assignments.get(d.table)
        held = a.flags if a is not None else None
        note = (
            tr.nt(
                "Table {table} holds {n} flag now.", "Table {table} holds {n} flags now.", held
            ).format(table=d.table, n=held)
            if held is not None
            else ""
        )
        note = (
            note
            + " "
            + tr.t(
                "Lent flags do not change the team's score; they are settled at the end of the day."
            )
        ).strip()
        due = self.state.to_bring.get(str(d.table), 0) if self.state is not None else 0
        if due:  # rule A11: recording them brings the hub's loan, it does not lend again
            note += "\n" + tr.nt(
                "The hub lent this table {n} flag it did not have. Carry it to the table, "
                "then press the button: it records the flag you brought, it does not lend "
                "another.",
                "The hub lent this table {n} flags it did not have. Carry them to the table, "
                "then press the button: it records the flags you brought, it does not lend "
                "more.",
                due,
            ).format(n=due)
        brought = min(due, d.flags)
        if not due:
            save = tr.nt("Lend {n} flag", "Lend {n} flags", d.flags).format(n=d.flags)
        elif d.flags <= due:
            save = tr.nt("I brought the {n} flag", "I brought the {n} flags", brought).format(
                n=brought
            )
        else:  # the hub's loan brought, and more lent on top (A11)
            save = tr.nt(
                "I brought {b} and lend {n} more", "I brought {b} and lend {n} more", d.flags - due
            ).format(b=brought, n=d.flags - due)
        return LoanVM(
            title=tr.t("Lend flags to table {table}").format(table=d.table),
            note=note,
            keys=tuple(
                ButtonVM(str(n), role="selected" if n == d.flags else "normal")
                for n in range(1, START_FLAGS + 1)
            ),
            save=ButtonVM(save, role="primary"),
            back=ButtonVM(tr.t("Cancel")),
        )

    def _penalty(self) -> PenaltyVM:
        tr = self.tr
        d = self.draft
        assert d is not None
        visitor = self._row(d.hand, d.table)
        visitor_team = visitor.visitor_team if visitor else self._visitor_team(d.hand, d.table)
        ready = d.side is not None and bool(self._reason().strip())
        return PenaltyVM(
            title=tr.t("Penalty at table {table}, hand {n}").format(table=d.table, n=d.hand),
            note=tr.t("The side at fault loses the hand to the other side, as for a revoke."),
            home=ButtonVM(
                tr.t("Home (team {team}) at fault").format(team=d.table),
                role="selected" if d.side == "home" else "normal",
            ),
            visitors=ButtonVM(
                tr.t("Visitors (team {team}) at fault").format(team=visitor_team or "?"),
                role="selected" if d.side == "visitors" else "normal",
            ),
            reason_label=tr.t("Reason (required, kept in the log):"),
            reasons=tuple(
                ButtonVM(tr.t(r), role="selected" if i == d.preset else "normal")
                for i, r in enumerate(PENALTY_REASONS)
            ),
            reason=self._reason(),
            reason_hint=tr.t("Type the reason, or tap one above"),
            save=ButtonVM(
                tr.t("Give the hand to the other side"),
                role="primary" if ready else "disabled",
                enabled=ready,
            ),
            back=ButtonVM(tr.t("Cancel")),
        )

    # ------------------------------------------------------------------ a club night
    def _game_line(self, club: ClubRules) -> str:
        title = game_title(self.tr.t, club.name, club.title)
        if individual.is_individual(club.name):
            return title  # no target: every deal scores on its own
        return self.tr.t("{title} · game to {target}").format(title=title, target=club.target)

    def _parties(self, table: int) -> list[str]:
        """The table's sides: NS and EW; in the games played each for oneself the seats with
        a player (a Knockout table may seat fewer than seven)."""
        club, n = self.club, self.night
        assert club is not None
        if not individual.is_individual(club.name) or n is None:
            return list(club.parties)
        seated = {r.party for r in n.rows if r.table == table}
        return [p for p in club.parties if p in seated] or list(club.parties)

    def _side(self, table: int, party: str) -> str:
        """A side as the leader reads it: NS, EW; a player by name."""
        club = self.club
        if club is not None and individual.is_individual(club.name):
            return self._players(table, party)
        return words.party(self.tr, party)

    def _players(self, table: int, party: str) -> str:
        n = self.night
        row = next(
            (r for r in (n.rows if n else []) if r.table == table and r.party == party), None
        )
        if row is None:
            return words.party(self.tr, party)
        names = [p.name or p.seat for p in row.players]
        return words.pair(self.tr, names) if len(names) == 2 else ", ".join(names)

    def _progress_line(self, table: int) -> str:
        """``Table 3: 9 deals, game in play NS 7 - EW 4, games 1 - 0`` (en dashes)."""
        tr = self.tr
        n, club = self.night, self.club
        t = next((x for x in n.tables if x.table == table), None) if n else None
        if t is None or club is None:
            return tr.t("Table {table}").format(table=table)
        deals = tr.nt("{n} deal", "{n} deals", t.deals).format(n=t.deals)
        score = " \N{EN DASH} ".join(
            f"{self._side(table, p)} {x}"
            for p, x in zip(self._parties(table), t.score, strict=False)
        )
        games = " \N{EN DASH} ".join(str(g) for g in t.games)
        if t.finished:
            state = tr.t("finished")
        elif t.deals:
            state = tr.t("game in play {score}").format(score=score)
        else:
            state = tr.t("not started")
        return tr.t("Table {table}: {deals}, {state}, games {games}").format(
            table=table, deals=deals, state=state, games=games
        )

    def _night_tile(self, table: int) -> tuple[tuple[int, int], NightTableVM]:
        tr = self.tr
        s, n, club = self.state, self.night, self.club
        assert s is not None and club is not None
        t = next((x for x in n.tables if x.table == table), None) if n else None
        deals = t.deals if t is not None else 0
        players = " · ".join(self._players(table, p) for p in self._parties(table))
        if t is None:
            progress = ""
        else:
            score = " \N{EN DASH} ".join(
                f"{self._side(table, p)} {x}"
                for p, x in zip(self._parties(table), t.score, strict=False)
            )
            progress = tr.nt("{n} deal", "{n} deals", deals).format(n=deals)
            if t.round is not None and not t.finished and not s.finished:
                # Knockout, 8-to-1: the round the table plays next is the core's
                progress = (
                    tr.nt(
                        "round {r}: {n} card each", "round {r}: {n} cards each", t.round.cards
                    ).format(r=t.round.number, n=t.round.cards)
                    + " · "
                    + progress
                )
            if individual.is_individual(club.name) and deals:
                # each player's total beside their name: the second line keeps its room for
                # the round and the deals (four scores there were cut at 1280x800)
                players = " · ".join(
                    f"{self._side(table, p)} {x}"
                    for p, x in zip(self._parties(table), t.score, strict=False)
                )
            elif deals and not t.finished and not s.finished:
                progress += " · " + tr.t("game in play {score}").format(score=score)
            if any(t.games):
                games = " \N{EN DASH} ".join(str(g) for g in t.games)
                progress += " · " + tr.t("games {games}").format(games=games)
        # the order: who needs the leader, then the tables furthest behind, finished last
        if s.finished:  # the night has ended: every table is done; a call the hub still
            # lists stays visible, calmly (nothing is left to play)
            status = tr.t("Night over · calls you") if table in s.calling else tr.t("Night over")
            return (3, deals), NightTableVM(str(table), players, progress, status, "tile-reported")
        if table in s.calling:
            status, role, order = tr.t("Calls you"), "tile-calling", 0
        elif table in s.offline:
            status, role, order = tr.t("Offline"), "tile-offline", 1
        elif t is not None and t.finished:
            status, role, order = tr.t("✓ Finished"), "tile-reported", 3
        elif deals:
            status, role, order = tr.t("Playing"), "tile-waiting", 2
        else:
            status, role, order = tr.t("Not started"), "tile-waiting", 2
        if table in s.calling and table in s.offline:
            status = tr.t("Calls you · offline")
        return (order, deals), NightTableVM(str(table), players, progress, status, role)

    def _night(self) -> NightVM:
        tr = self.tr
        s, n, club = self.state, self.night, self.club
        assert s is not None and club is not None
        tiles = sorted(
            (self._night_tile(t) for t in range(1, s.tables + 1)),
            key=lambda pair: (pair[0], int(pair[1].table)),
        )
        played = sum(t.deals for t in n.tables) if n else 0
        finished = sum(1 for t in n.tables if t.finished) if n else 0
        summary = tr.nt("{n} deal played in all", "{n} deals played in all", played).format(
            n=played
        )
        if finished:
            summary += " · " + tr.nt(
                "{k} table has finished", "{k} tables have finished", finished
            ).format(k=finished)
        calls = words.semicolons(
            tr,
            [
                tr.t("table\u00a0{table} ({reason})").format(table=t, reason=self._call_reason(t))
                for t in s.calling[:4]
            ],
        )
        offline = [t for t in s.offline if t not in s.calling]
        if s.finished:
            end = ButtonVM(tr.t("Final standings"), role="primary")
        else:
            end = ButtonVM(tr.t("End the night…"), role="call")
        return NightVM(
            title=self._game_line(club),
            detail=tr.t("Tables by progress: calls first, then the furthest behind."),
            summary=tr.t("The night is over.") + " " + summary if s.finished else summary,
            calls=tr.t("Calling you: {calls}").format(calls=calls) if calls else "",
            offline=tr.nt(
                "Offline: table {tables}", "Offline: tables {tables}", len(offline)
            ).format(tables=words.tables_list(offline))
            if offline
            else "",
            tables=tuple(vm for _, vm in tiles),
            end=end,
        )

    def _deals(self) -> DealsVM:
        tr = self.tr
        s, club, t = self.state, self.club, self.table
        assert s is not None and club is not None and t is not None
        known = t in self.club_deals
        deals = self.club_deals.get(t, [])
        open_night = not s.finished
        rows = []
        alone = individual.is_individual(club.name)
        seats = self._parties(t)

        def name(seat: str) -> str:
            return self._players(t, seat)

        for d in reversed(deals):  # the latest first: it is the one most often corrected
            scored = (
                individual.lines_text(tr, d.lines, name) if alone else words.club_lines(tr, d.lines)
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
                    deal=tr.t("Deal {n}").format(n=d.deal),
                    number=d.deal,
                    entered=individual.record_text(tr, d.record, seats, name)
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
        status = self._progress_line(t)
        if t in s.calling:
            status += " · " + tr.t("Calls you: {reason}").format(reason=self._call_reason(t))
        if offline:
            status += " · " + tr.t("its kiosk is offline")
        return DealsVM(
            title=tr.t("Table {table}").format(table=t),
            players=" · ".join(
                f"{words.party(tr, p)}: {self._players(t, p)}"
                for p in (() if alone else club.parties)
            ),
            status=status,
            rows=tuple(rows),
            empty=empty,
            enter=ButtonVM(
                tr.t("Enter deal {n} for the table").format(n=nxt),
                role="primary" if offline else "normal",
            )
            if open_night
            else HIDDEN,
            back=ButtonVM(tr.t("Back")),
        )

    def _players_form(self) -> DealFormVM:
        """The deal form of Widow, Solo, Knockout or 8-to-1: the choices and each player's
        counts, by name (console.individual); the hub checks the deal by the rules."""
        tr = self.tr
        club, d = self.club, self.draft
        assert club is not None and d is not None
        f = d.fields()
        known = self._club_deal(d.table, d.hand)
        seats = self._parties(d.table)

        def name(seat: str) -> str:
            return self._players(d.table, seat)

        rows = individual.form_rows(tr, club.name, f, seats, name)
        choices = [FieldRowVM(label, buttons, args) for label, buttons, args in rows.choices]
        counts = [FieldRowVM(label, buttons, args) for label, buttons, args in rows.counts]
        choices += [FieldRowVM()] * (CHOICE_ROWS - len(choices))
        counts += [FieldRowVM()] * (COUNT_ROWS - len(counts))
        ready = rows.ready and bool(self._reason().strip())
        title = (
            tr.t("Table {table}, deal {n}: correct it").format(table=d.table, n=d.hand)
            if known is not None
            else tr.t("Table {table}, deal {n}: enter it for the table").format(
                table=d.table, n=d.hand
            )
        )
        note = (
            tr.t("As recorded: {record}. Change what is wrong; the scores after it follow.").format(
                record=individual.record_text(tr, known.record, seats, name)
            )
            if known is not None
            else tr.t("For a table whose kiosk failed: from the players' score sheet.")
        )
        # the note (what was recorded, or where an entered deal comes from) only where the
        # rows leave room for it: the deals list just before shows what was recorded
        if len([c for c in choices if c.label]) + len([c for c in counts if c.label]) > 3:
            note = ""
        return DealFormVM(
            title=title,
            note=note,
            choices=tuple(choices),
            counts=tuple(counts),
            readout=individual.record_text(tr, f, seats, name) or tr.t("Nothing chosen yet."),
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

    def _deal_form(self) -> DealFormVM:
        tr = self.tr
        club, d = self.club, self.draft
        assert club is not None and d is not None
        if individual.is_individual(club.name):
            return self._players_form()
        f = d.fields()
        fields = set(club.fields)
        known = self._club_deal(d.table, d.hand)

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
        ns = f.get("ns_tricks")
        if ns is None and isinstance(f.get("ew_tricks"), int):
            ns = TRICKS - int(f["ew_tricks"])
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

        def count(key: str) -> int:
            value = f.get(key, 0)
            return value if isinstance(value, int) else 0

        ns_r, ew_r = count("ns_revokes"), count("ew_revokes")
        reason = self._reason().strip()
        ready = ns is not None and bool(reason)
        if ("granded" in fields and "granded" not in f) or ("trump" in fields and "trump" not in f):
            ready = False
        title = (
            tr.t("Table {table}, deal {n}: correct it").format(table=d.table, n=d.hand)
            if known is not None
            else tr.t("Table {table}, deal {n}: enter it for the table").format(
                table=d.table, n=d.hand
            )
        )
        note = (
            tr.t("As recorded: {record}. Change what is wrong; the scores after it follow.").format(
                record=words.club_record(tr, known.record)
            )
            if known is not None
            else tr.t("For a table whose kiosk failed: from the players' score sheet.")
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

    def _night_standings(self, club: ClubRules, finished: bool) -> StandingsVM:
        tr = self.tr
        n = self.night
        rubbers = club.wins == "rubbers"
        title = tr.t("Final standings") if finished else tr.t("The night so far")
        head = RowVM(
            rank=tr.t("Rank"),
            team=tr.t("Table"),
            name=tr.t("Partners"),
            score=tr.t("Rubbers") if rubbers else tr.t("Games"),
            days=tr.t("Points"),
        )
        ranks = [r.rank for r in n.rows] if n else []
        rows = tuple(
            RowVM(
                rank=f"{r.rank}=" if ranks.count(r.rank) > 1 else str(r.rank),
                team=str(r.table),
                name=f"{self._players(r.table, r.party)} ({words.party(tr, r.party)})",
                score=str(r.rubbers if rubbers else r.games),
                days=str(r.points),
            )
            for r in (n.rows if n else [])
        )
        return StandingsVM(title=title, head=head, rows=rows)

    # ------------------------------------------------------------------ standings
    def _standings(self) -> StandingsVM:
        tr = self.tr
        s = self.state
        st = self.standings
        assert s is not None
        if s.club is not None:
            return self._night_standings(s.club, s.finished)
        points = self.rules.unit == "points"
        lends = self.rules.lends_flags
        if s.finished and s.phase != "playing" and s.results_missing:
            title = tr.t("Standings (provisional)")  # not final while results are missing
        elif s.finished and s.phase != "playing":
            title = tr.t("Final standings")
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
        rows = tuple(
            RowVM(
                # a place the leader decided is marked beside its rank, explained in the note
                rank=f"{t.rank}*" if t.by_leader else str(t.rank),
                team=str(t.team),
                name=t.name,  # as the standings view names it (the hall's names too)
                score=str(t.points if points else t.flags),
                days=" · ".join(str(d) for d in t.day_totals) if s.days > 1 else "",
                loans=str(t.loans) if lends else "",
            )
            for t in (st.teams if st is not None else [])
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

    def _ledger(self) -> LoansVM:
        tr = self.tr
        s = self.state
        assert s is not None
        return LoansVM(
            title=tr.t("Loan ledger"),
            due="\n".join(director.bring_lines(tr, s)),
            lines=director.ledger_lines(tr, self.ledger, s.days),
            back=ButtonVM(tr.t("Back")),
        )

    def _counts(self) -> CountsVM:
        tr = self.tr
        back = ButtonVM(tr.t("Back"))
        c = self.counts
        if c is None:
            refused = self.counts_refusal
            code = self._data(ErrorData, refused) if refused is not None else None
            if code is not None and code.error is ErrorCode.WRONG_DAY:
                text = tr.t("No day has ended yet: the flags are counted at the end of the day.")
            elif refused is not None:
                text = self._refused_text(refused)
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
        most = max(COUNT_KEYS, -(-(line.hub + 7) // 18) * 18)
        differs = line.status == "differs"
        open_ = [ln for ln in c.lines if ln.status != "agrees"]
        status, status_role = director.count_status(tr, c)
        return CountsVM(
            title=tr.t("Verifiers' count — day {d}").format(d=c.day),
            status=status,
            status_role=status_role,
            lines=director.count_lines(tr, c),
            table=director.count_table_line(tr, line),
            table_role={"agrees": "good", "differs": "bad"}.get(line.status, "highlight"),
            table_name=tr.t("Table {table}").format(table=line.table),
            keys=tuple(
                ButtonVM(str(n), role="selected" if n == chosen else "normal") for n in range(most)
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

    # ------------------------------------------------------------------ tie-breaks
    def _tiebreak(self) -> TieBreakVM:
        tr = self.tr
        refresh = ButtonVM(tr.t("Ask the hub again"))
        ties = self.ties

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
        if self.rules.tie_break == "countback":
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
            tr.t("Teams {teams} are level on {score}.").format(teams=listed, score=group.score),
            tr.t("1. Players: the A and B players of each of these teams."),
        ]
        if len(teams) >= 3:
            steps.append(
                tr.t("2. Order: each team's A player draws a card; the hub draws for them.")
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
                ButtonVM(self._card(r), role="selected" if r == self.tb_rank else "normal")
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
                role="primary" if ready else "disabled",
                enabled=ready,
            ),
            record=HIDDEN,
            refresh=refresh,
        )

    def _tiebreak_warning(self) -> str:
        """While results are missing (rules O12) the level teams may not be the real ones:
        said above the tie-break's buttons; the count is the hub's (State)."""
        s = self.state
        missing = s.results_missing if s is not None else 0
        if not missing:
            return ""
        return (
            director.provisional(self.tr, missing)
            + ". "
            + self.tr.t("Enter them first: a missing result can change which teams are level.")
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
            team=team, rank=self._card(self.tb_rank)
        )

    def _draw_team_buttons(self, teams: list[int]) -> tuple[ButtonVM, ...]:
        tr = self.tr
        cards = [self.tb_draws.get(t) for t in teams]
        buttons = []
        for team, card in zip(teams, cards, strict=True):
            shown = self._card(str(Card.parse(card))) if card else "?"
            same = card is not None and cards.count(card) > 1
            buttons.append(
                ButtonVM(
                    tr.t("Team {team}: {card}").format(team=team, card=shown),
                    role="call" if same else "selected" if team == self.tb_draw_team else "normal",
                )
            )
        return tuple(buttons)

    def _undo_button(self) -> ButtonVM:
        ties = self.ties
        if ties is None or (ties.current is None and not ties.done):
            return HIDDEN
        return ButtonVM(self.tr.t("Undo the last tie-break"))

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
        return self.tr.t("Decided: {order}.").format(
            order=self._order_text(done.final or [], {int(t): p for t, p in places.items()})
        )

    def _order_text(self, teams: list[int], places: dict[int, int] | None = None) -> str:
        """``1. team 3, 2. team 1, 3. team 2, 3. team 4``: a knockout's shared places kept."""
        tr = self.tr
        return ", ".join(
            tr.t("{place}. team {team}").format(place=(places or {}).get(team, i), team=team)
            for i, team in enumerate(teams, start=1)
        )

    def _card(self, card: str) -> str:
        """A card as the hub writes it ("K♦"), with the French letters on a French screen
        (Roi, Dame, Valet)."""
        if self.language == "fr" and card[:1] in FRENCH_RANKS:
            return FRENCH_RANKS[card[0]] + card[1:]
        return card

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
                    team=team, card=self._card(draws.get(str(team), "?"))
                )
                for team in order
            )
            steps.append(tr.t("Draw: {drawn}.").format(drawn=drawn))
        if draws and not current.for_second:  # then the hands played tell the story
            steps.append(
                tr.t("Order: {order}; team {bye} waits for the winner.").format(
                    order=words.tables_list(order), bye=order[-1]
                )
                if len(order) == 3
                else tr.t("Knockout, by the draw: {order}.").format(order=words.tables_list(order))
                if current.knockout
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
            winner, loser = (a, b) if won >= 7 else (b, a)
            steps.append(
                tr.t("Hand {i}: team {w} beat team {l} ({x} tricks to {y}).").format(
                    i=i, w=winner, l=loser, x=max(won, lost), y=min(won, lost)
                )
            )
        a, b = current.next or (0, 0)
        steps.append(
            tr.t("Next: team {a} against team {b}, for second place.").format(a=a, b=b)
            if current.for_second
            else tr.t("Now: the A and B players of team {a} against those of team {b}.").format(
                a=a, b=b
            )
        )
        steps.append(
            trump_line(tr, current.trump) + " — " + tr.t("The director cut another? Tap it below.")
        )
        steps.append(tr.t("Dealer: the four players each cut; the highest card deals."))
        x = self.tb_tricks
        keys = tuple(
            ButtonVM(str(n), role="selected" if n == x else "normal") for n in range(TRICKS + 1)
        )
        readout = ""
        if x is not None:
            winner = a if x >= 7 else b
            readout = tr.t("Team {a} {x} · team {b} {y}: team {w} wins.").format(
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
        after = (ties.backcount_hands or [])[1:6]
        if not groups:
            steps = [tr.t("No two teams have the same points.")]
        else:
            steps = [
                tr.t(
                    "Teams level on points are separated by counting back: their totals "
                    "after the hand before, then the one before that, and so on."
                )
            ]
            for g in groups:
                steps.append("")
                steps.append(
                    tr.nt(
                        "Teams {teams}: {score} point", "Teams {teams}: {score} points", g.score
                    ).format(teams=words.tables_list(g.teams), score=g.score)
                )
                for team in g.teams:
                    totals = back.get(str(team), [])[1:6]
                    counted = " · ".join(
                        tr.t("after hand {n}: {p}").format(n=n, p=p)
                        for n, p in zip(after, totals, strict=False)
                    )
                    steps.append(
                        tr.t("team {team}: {counted}").format(team=team, counted=counted or "—")
                    )
                steps.append(
                    tr.t("Separated by counting back: the standings show the order.")
                    if g.decided
                    else tr.t("Still level after counting back: they share the place.")
                )
        for d in ties.decisions:
            steps.append("")
            steps.append(
                tr.t("Your decision: {order} ({reason}).").format(
                    order=self._order_text(d.teams), reason=d.reason
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
            ask += "\n" + tr.t("Your order: {order}.").format(order=self._order_text(order))
        ready = len(order) == len(group) and self.pd_reason is not None
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
                    tr.t("{place}. team {team}").format(place=order.index(t) + 1, team=t)
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

    # ------------------------------------------------------------------ sheets and kiosks
    def _sheets(self) -> SheetsVM:
        tr = self.tr
        # The folder once, then the files' names: six full paths do not fit a small screen.
        e = self.export
        files = f"{e.folder}\n{' · '.join(Path(f).name for f in e.files)}" if e is not None else ""
        if self.join is not None and self.join.expired:
            code = self.join.code
            how = tr.t("This code has expired: make a new one.")
        elif self.join is not None:
            code = self.join.code
            how = tr.t(
                "On a new kiosk: tap “Join with the leader's code”, type its table number, "
                "then this code."
            )
            if self.join.expires:
                how += " " + tr.t("It works until {time}.").format(
                    time=clock_time(float(self.join.expires))
                )
        elif self.join_refusal is not None:
            code, how = "", self._refused_text(self.join_refusal)
        else:
            code, how = "", tr.t("Asking the hub…")
        return SheetsVM(
            title=tr.t("Printable sheets and CSV files"),
            what=tr.t(
                "The hub writes them into the “exports” folder of its data folder: the "
                "rotation sheet of every table (the paper fallback), the results by hand, the "
                "standings, and CSV files. The PDF copies follow within a minute: print a "
                ".pdf file, or open an .html file in a web browser."
            ),
            export=ButtonVM(tr.t("Write the sheets now"), role="primary"),
            files=files,
            open_rotation=ButtonVM(tr.t("Open the rotation sheet"))
            if self.rotation_path()
            else HIDDEN,
            join_title=tr.t("Join code for kiosks"),
            code=code,
            join_how=how,
            show_code=ButtonVM(tr.t("Ask the hub again")) if self.join is None else HIDDEN,
            renew=ButtonVM(tr.t("New code")) if self.join is not None else HIDDEN,
            joins_title=tr.t("Kiosks that joined"),
            joins=self._joins_text(),
            name_title=tr.t("Tournament name"),
            name=self.name_draft,
            name_hint=self.state.tournament if self.state is not None else "",
            rename=ButtonVM(tr.t("Rename"), enabled=self._renamable())
            if self.state is not None and self.club is None
            else HIDDEN,
        )

    def _renamable(self) -> bool:
        name = self.name_draft.strip()
        return bool(name) and self.state is not None and name != self.state.tournament

    def _joins_text(self) -> str:
        tr = self.tr
        if self.joins is None:
            return ""
        joined = [j for j in self.joins if j.outcome == "joined"][:JOINS_LISTED]
        lines = [
            tr.t("{time} · table {table} · {device} · {address}").format(
                time=clock_time(j.at), table=j.table, device=j.device or "?", address=j.address
            )
            for j in joined
        ] or [tr.t("No kiosk has joined with the code yet.")]
        wrong = [j for j in self.joins if j.outcome == "wrong_code"]
        if wrong:
            lines.append(
                tr.nt(
                    "{n} wrong code tried, the last at {time} from {address}.",
                    "{n} wrong codes tried, the last at {time} from {address}.",
                    len(wrong),
                ).format(n=len(wrong), time=clock_time(wrong[0].at), address=wrong[0].address)
            )
        return "\n".join(lines)


# ====================================================================== set-up
class SetupPresenter(Base[ViewModel]):
    """The set-up screen: what is wrong with leader.toml, where it goes, what to write.

    >>> from pathlib import Path
    >>> from uikit.config import Problem
    >>> p = SetupPresenter(ConfigProblem(Path("/x/leader.toml"), [Problem("missing", "host")]))
    >>> p.view.setup.problems
    '“host” is missing.'
    """

    def __init__(
        self,
        problem: ConfigProblem,
        *,
        language: Language | None = None,
        translators: Translators = translator,
    ) -> None:
        super().__init__(language, translators)
        self.problem = problem

    def update(self, problem: ConfigProblem) -> None:
        self.problem = problem
        self._changed()

    def _build(self) -> ViewModel:
        tr = self.tr
        return ViewModel(
            screen=Screen.SETUP,
            language=self.language,
            header=HeaderVM(
                info=tr.t("Setting up the leader's console"),
                language=ButtonVM(language_button_text(tr)),
            ),
            setup=SetupVM(**setup_texts(tr, self.problem, "leader")),
        )
