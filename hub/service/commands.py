"""The leader's commands: :class:`CommandDesk` reads each one, answers it once per command id,
and hands it to the handler of its op (the core's table of ops, put together for the event
it holds); :class:`TournamentOps` are a tournament's ops that record facts."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Mapping
from typing import Any

from hub.service.batch import Batch, Op, Outgoing
from hub.service.conflicts import Conflicts
from hub.service.joins import reply_to_keep
from hub.service.live import Live
from hub.service.store import EventStore
from whist import leader
from whist.cards import Card, Deck, Suit, parse_trump, trump_name
from whist.errors import CardError, ErrorCode, ProtocolError, TournamentError
from whist.events import (
    CountAccepted,
    DayEnded,
    FlagsCounted,
    FlagsLent,
    HandClosed,
    HandStarted,
    PenaltyImposed,
    PlaceDecided,
    StartUndone,
    TieBreakStarted,
    TieBreakTrumpCut,
    TieBreakUndone,
    TournamentRenamed,
)
from whist.occasion import Occasion
from whist.protocol import (
    AcceptCount,
    CloseHand,
    CloseHandData,
    Correct,
    CorrectData,
    EndDay,
    EndDayData,
    ErrorData,
    Loan,
    LoanData,
    Penalty,
    PenaltyData,
    PlaceDecision,
    PlaceDecisionData,
    Preview,
    PreviewData,
    Rename,
    RenameData,
    Reply,
    StartHand,
    StartHandData,
    TieBreakResult,
    TieBreakResultData,
    TieBreakStart,
    TieBreakStartData,
    TieBreakTrump,
    TieBreakTrumpData,
    TieBreakUndo,
    TieBreakUndoData,
    Topics,
    UndoStart,
    UndoStartData,
    Verify,
    VerifyData,
    decode_command,
    encode,
    reason_template,
    reply_data,
)
from whist.tournament import TIEBREAK_VERSION, Tournament

log = logging.getLogger("whist.hub")


class CommandDesk:
    """The leader's commands, whatever the kind of event: decoded, answered once per command
    id (a command sent again gets the same reply, done once), each op carried out by its
    handler in ``ops``; an op of the other kind of event is refused with WRONG_FORMAT."""

    def __init__(
        self, store: EventStore, topics: Topics, live: Live[Occasion], ops: Mapping[str, Op]
    ) -> None:
        self.store = store
        self.topics = topics
        self.live = live
        self.ops = dict(ops)
        #: Ops answered elsewhere (the hall feed's process, hub/service/kinds.py QUERIES):
        #: their commands are put in the batch's ``queries``, not carried out here.
        self.elsewhere: frozenset[str] = frozenset()

    def on_command(self, payload: bytes, batch: Batch) -> None:
        try:
            command = decode_command(payload)
        except ProtocolError as exc:
            log.warning("bad command: %s", exc.reason)
            if exc.message_id is not None:
                refusal = reply_data(ErrorData(code=exc.code))
                reply = Reply(id=exc.message_id, ok=False, error=exc.reason, data=refusal)
                batch.out.append(Outgoing(self.topics.leader_reply, encode(reply)))
            return
        earlier = self.store.reply(command.id) or next(
            (r for r in self._pending_replies(batch) if r["id"] == command.id), None
        )
        if earlier is not None:  # the console sent it again: same answer, done once
            batch.out.append(Outgoing(self.topics.leader_reply, encode(Reply(**earlier))))
            return
        if command.op in self.elsewhere:
            batch.queries.append(payload)
            return
        handler = self.ops.get(command.op)
        batch.now = True
        try:
            if handler is None:  # an op of the other kind of event (a club night's)
                other = self.live.event.other_ops
                raise TournamentError(f"{command.op} {other}", ErrorCode.WRONG_FORMAT)
            data = handler(command, batch)
            reply = Reply(id=command.id, ok=True, data=reply_data(data) or None)
        except TournamentError as exc:
            refusal = reply_data(ErrorData(code=exc.code, **reason_template(exc)))
            reply = Reply(id=command.id, ok=False, error=exc.reason, data=refusal)
        log.info("command %s (%s): %s", command.op, command.id, "ok" if reply.ok else reply.error)
        kept = reply_to_keep(command.op, reply.model_dump(mode="json", exclude_none=True))
        if kept is not None:  # the join code never reaches the event store
            batch.writes.append(lambda tx: tx.remember_reply(command.id, kept))
        batch.out.append(Outgoing(self.topics.leader_reply, encode(reply)))

    def _pending_replies(self, batch: Batch) -> list[dict[str, Any]]:
        return [json.loads(o.payload) for o in batch.out if o.topic == self.topics.leader_reply]


def everything_changed(t: Tournament, batch: Batch) -> None:
    batch.dirty_tables |= set(t.table_numbers)
    batch.state = batch.standings = True


def places_may_have_moved(t: Tournament, batch: Batch) -> None:
    """Every table's view shows its place (during play too, issue 25): a change of score
    or of a tie-break order by the leader reaches all of them."""
    batch.dirty_tables |= set(t.table_numbers)
    if t.finished:  # State says which playoff the standings wait for (issue 25)
        batch.state = True


class TournamentOps:
    """A tournament's commands: start and close hands, correct, lend, end the day, counts,
    penalties, tie-breaks and places."""

    def __init__(self, live: Live[Tournament], conflicts: Conflicts, rng: random.Random) -> None:
        self.live = live
        self.conflicts = conflicts
        self.rng = rng

    @property
    def tournament(self) -> Tournament:
        return self.live.event

    def _cut(self) -> tuple[Suit, str]:
        deck = Deck()
        deck.shuffle(self.rng)
        card = deck.draw(self.rng)
        return card.suit, str(card)

    def _do_start_hand(self, cmd: StartHand, batch: Batch) -> StartHandData:
        t = self.tournament
        hand = t.next_hand()
        data: dict[str, Any] = {"hand": hand}
        if cmd.trump is not None:
            trump = parse_trump(cmd.trump)
        elif cmd.cut:
            trump, data["cut"] = self._cut()
        elif hand <= t.spec.hands and not t.spec.plan(hand).leader_chooses_trump:
            trump = t.spec.plan(hand).trump_suit
        elif hand <= t.spec.hands:
            raise TournamentError(
                f"the trump of hand {hand} is the leader's choice: choose one or cut a card",
                ErrorCode.TRUMP_REQUIRED,
            )
        else:
            trump = None  # the core refuses it: the pattern is finished
        self.live.apply(HandStarted(hand, trump), batch)
        everything_changed(self.tournament, batch)
        data["trump"] = trump_name(trump)
        return StartHandData.model_validate(data)

    def _do_close_hand(self, cmd: CloseHand, batch: Batch) -> CloseHandData:
        t = self.tournament
        missing = t.missing()
        self.live.apply(HandClosed(t.hand), batch)
        everything_changed(self.tournament, batch)
        return CloseHandData(hand=t.hand, missing=missing)

    def _do_correct(self, cmd: Correct, batch: Batch) -> CorrectData:
        t = self.tournament
        fix = leader.correction(t, cmd)  # the core decides; the hub records and publishes
        event, replaced = fix.event, fix.replaced
        self.live.apply(event, batch)
        body = None if replaced is None else encode(replaced).decode()
        self.conflicts.settle((cmd.hand, cmd.table), body, batch)
        batch.dirty_tables |= {cmd.table, t.visitor_team(cmd.hand, cmd.table)}
        batch.state = batch.standings = True
        places_may_have_moved(self.tournament, batch)
        return CorrectData(hand=cmd.hand, table=cmd.table)

    def _do_loan(self, cmd: Loan, batch: Batch) -> LoanData:
        t = self.tournament
        due = t.flags_to_bring(cmd.table)
        self.live.apply(FlagsLent(cmd.table, cmd.flags, covering=True), batch)
        batch.dirty_tables.add(cmd.table)
        batch.standings = True
        batch.state = True  # the flags still to bring are in State
        brought = due - t.flags_to_bring(cmd.table)
        held = t.flags_held(cmd.table)
        if brought:  # sent only when some were: older consoles see the reply they know
            return LoanData(table=cmd.table, flags=held, brought=brought)
        return LoanData(table=cmd.table, flags=held)

    def _do_end_day(self, cmd: EndDay, batch: Batch) -> EndDayData:
        t = self.tournament
        day = t.day
        reason = (cmd.reason or "").strip()
        self.live.apply(DayEnded(day, early=cmd.early, final=cmd.final, reason=reason), batch)
        everything_changed(self.tournament, batch)
        totals = {str(team): t.ended_days[-1][team] for team in t.table_numbers}
        if t.ended_after is not None:  # play ended early with it (the tournament is over)
            return EndDayData(day=day, totals=totals, final=True)
        return EndDayData(day=day, totals=totals)

    def _verified(self, day: int, table: int) -> VerifyData:
        t = self.tournament
        line = leader.count_line(t.table_count(day, table))
        return VerifyData(day=day, line=line, verified=t.day_verified(day))

    def _do_verify(self, cmd: Verify, batch: Batch) -> VerifyData:
        day = leader.count_day(self.tournament, cmd.day)
        self.live.apply(FlagsCounted(day, cmd.table, cmd.flags), batch)
        batch.dirty_tables.add(cmd.table)  # the table's kiosk says the count (decision A19)
        batch.state = True
        return self._verified(day, cmd.table)

    def _do_accept_count(self, cmd: AcceptCount, batch: Batch) -> VerifyData:
        self.live.apply(CountAccepted(cmd.day, cmd.table, cmd.reason.strip()), batch)
        batch.dirty_tables.add(cmd.table)
        batch.standings = batch.state = True  # the day's record of the table moved
        places_may_have_moved(self.tournament, batch)
        return self._verified(cmd.day, cmd.table)

    def _do_undo_start(self, cmd: UndoStart, batch: Batch) -> UndoStartData:
        hand = self.tournament.hand
        self.live.apply(StartUndone(hand), batch)
        everything_changed(self.tournament, batch)
        return UndoStartData(hand=hand)

    def _do_rename(self, cmd: Rename, batch: Batch) -> RenameData:
        self.live.apply(TournamentRenamed(cmd.name.strip()), batch)
        everything_changed(self.tournament, batch)  # the name is on every screen and sheet
        return RenameData(name=self.tournament.spec.name)

    def _do_penalty(self, cmd: Penalty, batch: Batch) -> PenaltyData:
        t = self.tournament
        self.live.apply(PenaltyImposed(cmd.hand, cmd.table, cmd.side, cmd.reason.strip()), batch)
        batch.dirty_tables |= {cmd.table, t.visitor_team(cmd.hand, cmd.table)}
        batch.standings = True
        places_may_have_moved(self.tournament, batch)
        return PenaltyData(hand=cmd.hand, table=cmd.table)

    def _do_tiebreak_start(self, cmd: TieBreakStart, batch: Batch) -> TieBreakStartData:
        data: dict[str, Any] = {}
        draws: tuple[Any, ...] = ()
        if cmd.draws is not None:  # the cards the A players really drew
            try:
                draws = tuple(Card.parse(cmd.draws[str(team)]) for team in cmd.teams)
            except CardError as exc:
                raise TournamentError(str(exc), ErrorCode.OUT_OF_RANGE) from None
            data["draws"] = {
                str(team): str(card) for team, card in zip(cmd.teams, draws, strict=True)
            }
        elif len(cmd.teams) >= 3:  # each A player draws a card from one deck
            deck = Deck()
            deck.shuffle(self.rng)
            draws = deck.cards[: len(cmd.teams)]
            data["draws"] = {
                str(team): str(card) for team, card in zip(cmd.teams, draws, strict=True)
            }
        if cmd.trump is not None:
            trump = parse_trump(cmd.trump)
        else:  # the director's cut, as the rules say
            trump, data["cut"] = self._cut()
        self.live.apply(
            TieBreakStarted(tuple(cmd.teams), draws, trump, version=TIEBREAK_VERSION), batch
        )
        tb = self.tournament.tiebreak_in_progress()
        assert tb is not None
        batch.standings = True
        places_may_have_moved(self.tournament, batch)
        data.update(
            order=list(tb.order), next=list(tb.next_pairing() or ()), trump=trump_name(trump)
        )
        return TieBreakStartData.model_validate(data)

    def _do_tiebreak_result(self, cmd: TieBreakResult, batch: Batch) -> TieBreakResultData:
        event, cut = leader.playoff_hand(self.tournament, cmd, self._cut)
        next_trump = event.next_trump
        tb = self.tournament.tiebreak_in_progress()
        assert tb is not None  # checked
        self.live.apply(event, batch)
        batch.standings = True
        places_may_have_moved(self.tournament, batch)
        data: dict[str, Any] = {"decided": tb.decided}
        if tb.for_second:
            data["second"] = True
        if tb.decided:
            data["order"] = list(tb.final_order())
        else:
            data.update(next=list(tb.next_pairing() or ()), trump=trump_name(next_trump), cut=cut)
        return TieBreakResultData.model_validate(data)

    def _do_tiebreak_trump(self, cmd: TieBreakTrump, batch: Batch) -> TieBreakTrumpData:
        self.live.apply(TieBreakTrumpCut(parse_trump(cmd.trump)), batch)
        tb = self.tournament.tiebreak_in_progress()
        assert tb is not None  # checked
        batch.standings = batch.state = True  # State's playoff says the new trump
        return TieBreakTrumpData(
            next=list(tb.next_pairing() or ()),
            trump=trump_name(tb.trump),
        )

    def _do_tiebreak_undo(self, cmd: TieBreakUndo, batch: Batch) -> TieBreakUndoData:
        t = self.tournament
        teams = sorted(t.tiebreaks[-1].order) if t.tiebreaks else []
        self.live.apply(TieBreakUndone((cmd.reason or "").strip()), batch)
        batch.standings = True
        places_may_have_moved(self.tournament, batch)
        return TieBreakUndoData(teams=teams)

    def _do_preview(self, cmd: Preview, batch: Batch) -> PreviewData:
        """Issue 25: the command carried out on a copy of the tournament (with no conflict to
        settle and a batch thrown away), then the core's word on what it moved; the hub's
        own tournament, log and screens are not touched. A refusal is the command's own."""
        inner = cmd.command
        real = self.tournament
        # The trial's own box, conflicts (none to settle) and dice: nothing of ours moves.
        dice: random.Random = random.Random()
        try:
            dice.setstate(self.rng.getstate())
        except NotImplementedError:  # the system's entropy (a real hub): it keeps no state
            dice = self.rng
        trial = TournamentOps(
            Live(self.live.store, leader.trial(real), Tournament.replay),
            self.conflicts.none_open(),
            dice,
        )
        getattr(trial, "_do_" + inner.op)(inner, Batch())
        return leader.effect(real, trial.tournament, inner.op)

    def _do_place_decision(self, cmd: PlaceDecision, batch: Batch) -> PlaceDecisionData:
        replaced = frozenset(cmd.teams) in self.tournament.decisions
        self.live.apply(PlaceDecided(tuple(cmd.teams), cmd.reason.strip()), batch)
        batch.standings = True
        places_may_have_moved(self.tournament, batch)
        return PlaceDecisionData(teams=list(cmd.teams), replaced=replaced)
