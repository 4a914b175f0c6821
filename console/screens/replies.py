"""The message bar: what is being sent, and the hub's answer to each command in plain
words; the answers to queries are kept in the store."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from console.presenter import LeaderPresenter

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from console import director, words
from console.screens.base import (
    CLUB_OPS,
    OP_NAMES,
    QUERIES,
    M,
    ScreenPresenter,
)
from console.viewmodel import (
    MessageVM,
    Screen,
)
from uikit.clockwords import clock_words
from uikit.common import (
    trump_short,
)
from uikit.reasons import reason_sentence
from whist.clock import left, reading
from whist.errors import ProtocolError
from whist.protocol import REPLIES as REPLY_MODELS
from whist.protocol import (
    ClearCallData,
    ClockData,
    CloseHandData,
    Command,
    CorrectData,
    CorrectDealData,
    Counts,
    CountsData,
    Deals,
    DealsData,
    EndDayData,
    EndNightData,
    ErrorData,
    ExportData,
    JoinCodeData,
    JoinCodeQuery,
    Joins,
    JoinsData,
    LoanData,
    Loans,
    LoansData,
    PenaltyData,
    PlaceDecisionData,
    Plan,
    PlanData,
    Preview,
    PreviewData,
    RenameData,
    RenewJoinCodeData,
    Reply,
    Results,
    ResultsData,
    StartHandData,
    TieBreakResultData,
    TieBreakStartData,
    TieBreakTrumpData,
    TieBreakUndoData,
    Ties,
    TiesData,
    UndoStartData,
    VerifyData,
    decode_reply_data,
)


class Replies(ScreenPresenter):
    """The message bar: what is being sent, then the hub's answer in plain words."""

    def __init__(self, console: LeaderPresenter) -> None:
        super().__init__(console)
        self.sending: dict[str, Command] = {}
        # The hub's last answer, worded when shown (the language may change meanwhile).
        self.message: tuple[Callable[[], str] | None, str] = (None, "message-ok")

    def on_reply(self, reply: Reply, command: Any) -> None:
        sent = self.sending.pop(reply.id, None) or getattr(command, "command", None)
        op = sent.op if sent is not None else ""
        if sent is not None and op in QUERIES:
            self.console.forget(sent)
            self._on_query(reply, sent)
        elif reply.ok:
            data = self.data(REPLY_MODELS[op], reply) if op in REPLY_MODELS else None
            self.message = (lambda: self._done_text(data), "message-ok")
            if data is not None:
                self._after(data)
        else:
            self.message = (lambda: self.refused_text(reply, op, sent), "message-bad")
            if op in ("tiebreak_start", "tiebreak_result", "tiebreak_undo", "place_decision"):
                self._ask(Ties(id=self._id()))
        self._changed()

    @staticmethod
    def data(model: type[M], reply: Reply) -> M | None:
        """The reply's data as its typed model; None if this console cannot read it."""
        try:
            return decode_reply_data(model, reply)
        except ProtocolError:
            return None

    def _on_query(self, reply: Reply, command: Command) -> None:
        if isinstance(command, Plan) and reply.ok:
            plan = self.data(PlanData, reply)
            if plan is not None:
                self.store.plans[plan.hand] = plan
        elif isinstance(command, Results) and reply.ok:
            results = self.data(ResultsData, reply)
            if results is not None:
                for table in {command.table or 0, *(r.table for r in results.tables)}:
                    if table:
                        self.store.results[(results.hand, table)] = results
        elif isinstance(command, Ties):
            if reply.ok:
                self.store.ties = self.data(TiesData, reply)
            else:
                self.message = (lambda: self.refused_text(reply), "message-bad")
        elif isinstance(command, JoinCodeQuery):
            if reply.ok:
                self.store.join, self.store.join_refusal = self.data(JoinCodeData, reply), None
            else:
                self.store.join = None
                self.store.join_refusal = reply
        elif isinstance(command, Joins) and reply.ok:
            joins = self.data(JoinsData, reply)
            self.store.joins = joins.joins if joins is not None else None
        elif isinstance(command, Deals):
            deals = self.data(DealsData, reply) if reply.ok else None
            if deals is not None:
                for held in deals.tables:
                    self.store.club_deals[held.table] = list(held.deals)
                    self.store.club_dealers[held.table] = held.dealer
            elif not reply.ok:
                self.message = (lambda: self.refused_text(reply, "deals"), "message-bad")
        elif isinstance(command, Loans) and reply.ok:
            self.store.ledger = self.data(LoansData, reply)
        elif isinstance(command, Preview):
            key = self.store.previews_asked.pop(command.id, None)
            found = self.data(PreviewData, reply) if reply.ok else reply
            if key is not None and found is not None:
                self.store.previews[key] = found
        elif isinstance(command, Counts):
            if reply.ok:
                self.store.counts, self.store.counts_refusal = self.data(CountsData, reply), None
            else:
                self.store.counts, self.store.counts_refusal = None, reply

    def _after(self, data: BaseModel) -> None:
        if isinstance(data, CorrectData | PenaltyData):
            self.store.results.pop((data.hand, data.table), None)
            if self.router.table is not None:
                self.console.want_results(self.router.table_hand, fresh=True)
        elif isinstance(data, EndDayData):
            self.store.ended_days.add(data.day)
        elif isinstance(data, LoanData) and self.router.mode is Screen.LOANS:
            self._ask(Loans(id=self._id()))
        elif isinstance(data, VerifyData):
            self.console.counts.count_flags = None
            c = self.store.counts
            if c is not None and c.day == data.day:  # the page shows the answer at once
                lines = [data.line if ln.table == data.line.table else ln for ln in c.lines]
                self.store.counts = c.model_copy(update={"lines": lines, "verified": data.verified})
            self.console.counts.want_counts()
        elif isinstance(data, RenewJoinCodeData):
            # The reply carries the new code; sent again, the hub answers without it.
            if data.code is not None:
                self.store.join = JoinCodeData.model_validate(data.model_dump())
                self.store.join_refusal = None
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
            self.console.tiebreak.entry_done()
            self._ask(Ties(id=self._id()))
        elif isinstance(data, ExportData):
            self.store.export = data
        elif isinstance(data, RenameData):
            self.console.sheets.name_draft = ""
        elif isinstance(data, CorrectDealData):
            self.console.want_deals(data.table, fresh=True)

    def _done_text(self, data: BaseModel | None) -> str:
        tr = self.tr
        if isinstance(data, StartHandData):
            text = tr.t("Hand {n} started. Trump: {trump}.").format(
                n=data.hand, trump=trump_short(tr, data.trump)
            )
            if data.cut:
                text += " " + tr.t("The hub cut {card}.").format(
                    card=self.console.tiebreak.card(data.cut)
                )
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
        if isinstance(data, CorrectData) and (data.hand, data.table) in self.store.entered:
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
        if isinstance(data, EndDayData) and data.final:  # final once counted (issue 25)
            if self.store.rules.lends_flags:
                return tr.t(
                    "Play is over. Leave the flags on the tables: the verifiers count them now."
                )
            return tr.t("Play is over.")
        if isinstance(data, EndDayData):
            return director.day_ended(tr, self.store.state, data.day, self.store.rules.lends_flags)
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
                order=self.console.tiebreak.order_text(data.teams)
            )
        if isinstance(data, ExportData):
            return tr.t("The sheets and CSV files are written.")
        if isinstance(data, RenewJoinCodeData):
            return tr.t("New join code made: the old one no longer works.")
        if isinstance(data, CorrectDealData):
            return tr.t("Table {table}, deal {n}: saved. The scores follow.").format(
                table=data.table, n=data.deal
            )
        if isinstance(data, ClockData):  # the clock as the hub has it now
            r = reading(left(data.clock, data.clock.now), paused=data.clock.paused_at is not None)
            return tr.t("The clock: {time}.").format(time=clock_words(tr, r))
        if isinstance(data, EndNightData):
            return tr.nt(
                "The night is over ({n} deal in all). The hall shows the final standings.",
                "The night is over ({n} deals in all). The hall shows the final standings.",
                data.deals,
            ).format(n=data.deals)
        return tr.t("Done.")

    def refused_text(self, reply: Reply, op: str = "", sent: Any = None) -> str:
        tr = self.tr
        refusal = self.data(ErrorData, reply)
        code = refusal.error if refusal is not None else None
        if op in CLUB_OPS or op == "deals":
            table = getattr(sent, "table", None)
            deal = getattr(sent, "deal", None)
            said = words.club_refusal(tr, code, table, self.store.club_deal_count(table), deal)
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

    def bar(self) -> MessageVM:
        tr = self.tr
        make, role = self.message
        text = make() if make is not None else ""
        waiting = [c.op for c in self.sending.values() if c.op not in QUERIES]
        if waiting:
            what = tr.t(OP_NAMES.get(waiting[0], "start the hand"))
            sending = tr.t("Sending to the hub: {what}…").format(what=what)
            return MessageVM(f"{sending} {text}".strip(), "message-wait")
        return MessageVM(text, role)
