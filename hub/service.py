"""The hub: the tournament's single source of truth, spoken to over MQTT.

Two layers, so the rules of handling can be tested without a broker:

* :class:`HubCore` takes inbound messages (a topic kind, a table, a payload) in batches and
  returns the messages to publish. Within a batch every accepted fact is applied to the
  tournament, then the whole batch is committed to SQLite in one transaction, and only then
  are acks and replies released: nothing is acknowledged before it is on disk, and grouping
  commits is what lets one hub take hundreds of tables reporting in the same second.
* :class:`Hub` is the MQTT adapter: paho's network thread only queues messages; one worker
  thread runs the core, publishes, and acknowledges each message to the broker (manual PUBACK)
  after its batch is committed, so a hub killed mid-batch gets the messages again.
"""

from __future__ import annotations

import contextlib
import json
import logging
import queue
import random
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties

from hub.guard import as_published, drop_retained
from hub.net import no_delay
from hub.store import EventStore, StoreError, Transaction
from whist import views
from whist.cards import Deck, Suit, parse_trump, trump_name
from whist.errors import ProtocolError, TournamentError
from whist.events import (
    DayEnded,
    Event,
    FlagsLent,
    HandClosed,
    HandStarted,
    PenaltyImposed,
    ResultCorrected,
    ResultRecorded,
    StartUndone,
    TieBreakHandPlayed,
    TieBreakStarted,
    TournamentCreated,
)
from whist.formats import Format
from whist.movement import resolve_offset
from whist.protocol import (
    OFFLINE,
    ONLINE,
    Ack,
    ClearCall,
    CloseHand,
    Correct,
    EndDay,
    Export,
    JoinCodeQuery,
    Joins,
    Loan,
    Penalty,
    Plan,
    RenewJoinCode,
    Reply,
    Result,
    Results,
    StartHand,
    TieBreakResult,
    TieBreakStart,
    Ties,
    Topics,
    UndoStart,
    decode_call,
    decode_command,
    decode_result,
    decode_status,
    encode,
)
from whist.spec import TournamentSpec
from whist.tournament import Tournament

if TYPE_CHECKING:
    from hub.provision import JoinCode

log = logging.getLogger("whist.hub")

#: Most messages handled in one batch (one SQLite commit).
BATCH_MAX = 1000
#: Most held-back assignments published between two batches of results.
RELEASE_CHUNK = 100
#: Full standings are held back this many times longer than assignments and State.
FULL_STANDINGS_EVERY = 4
#: Where the ``export`` op writes, inside the hub's data folder.
EXPORTS_DIR = "exports"
#: Replies that carry the join code: kept in the event store without it (a console that sends
#: the command again is answered without the code, and asks ``join_code``).
SECRET_REPLIES = frozenset({"join_code", "renew_join_code"})
#: Queries whose replies are not kept at all: asked again, they read the files again.
UNREMEMBERED = frozenset({"join_code", "joins"})
#: How long a session the broker keeps for the hub while it is away (seconds).
SESSION_EXPIRY = 7 * 24 * 3600


@dataclass(frozen=True)
class Inbound:
    """One message from the broker. ``table`` is the table named in the topic, if any."""

    kind: str  # "result" | "call" | "status" | "command"
    table: int | None
    payload: bytes
    mid: int = 0
    qos: int = 0


@dataclass(frozen=True)
class Outgoing:
    topic: str
    payload: bytes
    retain: bool = False


@dataclass
class _Batch:
    events: list[Event] = field(default_factory=list)
    writes: list[Callable[[Transaction], None]] = field(default_factory=list)
    out: list[Outgoing] = field(default_factory=list)
    acks: list[tuple[int, str, int, int]] = field(default_factory=list)  # table, id, hand, seq
    dirty_tables: set[int] = field(default_factory=set)
    changed_teams: set[int] = field(default_factory=set)  # scores moved by results
    state: bool = False
    standings: bool = False
    now: bool = False  # publish every held-back update at once (a command, a call)


class HubCore:
    """The hub's logic, without a network. Not thread-safe: one worker drives it.

    >>> import tempfile, pathlib
    >>> from whist.pattern import default_spec
    >>> store = EventStore(pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3")
    >>> core = HubCore(store, default_spec("alberta", 3))
    >>> out = core.handle([Inbound("command", None, b'{"v":1,"id":"c1","op":"start_hand"}')])
    >>> [o.topic for o in out if o.topic.endswith("reply")]
    ['whist/leader/reply']
    >>> core.tournament.hand
    1
    """

    def __init__(
        self,
        store: EventStore,
        spec: TournamentSpec | None = None,
        *,
        topics: Topics | None = None,
        rng: random.Random | None = None,
        standings_interval: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        # While results stream in, the retained updates they cause (assignments, State, full
        # Standings) go out at most this often (seconds), each table's once; Acks and
        # StandingsChanges go out after every batch. A hall of 500 tables is not sent 500 full
        # lists a second, and the network thread is not drowned in acknowledgements.
        self.standings_interval = standings_interval
        self.clock = clock
        self._held_tables: set[int] = set()
        self._held_state = False
        self._held_standings = False
        self._last_release = float("-inf")
        self._last_standings = float("-inf")
        self._assignments = views.AssignmentWriter()
        self._views: views.TableViews | None = None
        self.topics = topics or Topics()
        self.rng = rng or random.SystemRandom()
        events = store.events()
        if not events:
            if spec is None:
                raise StoreError(f"{store.path} holds no tournament and no file was given")
            created = TournamentCreated(spec)
            with store.transaction() as tx:
                tx.append(created)
            events = [created]
        self.tournament = Tournament.replay(events)
        self.spec_changed = spec is not None and spec != self.tournament.spec
        self.online: set[int] = set()
        self.calls: dict[int, str] = store.calls()
        self._conflicts = {(c.hand, c.table) for c in store.conflicts()}

    # ------------------------------------------------------------------ what is published
    @property
    def tables(self) -> range:
        return range(1, self.tournament.tables + 1)

    def offline(self) -> list[int]:
        return [t for t in self.tables if t not in self.online]

    def conflict_tables(self) -> list[int]:
        """Tables with a conflict the leader has not settled yet, whatever the hand."""
        return sorted({t for _, t in self._conflicts})

    def state_message(self) -> Outgoing:
        msg = views.state(
            self.tournament,
            offline=self.offline(),
            calling=sorted(self.calls),
            call_reasons={str(t): reason for t, reason in sorted(self.calls.items())},
            conflicts=self.conflict_tables(),
        )
        return Outgoing(self.topics.state, encode(msg), retain=True)

    def standings_message(self) -> Outgoing:
        return Outgoing(self.topics.standings, views.standings_json(self.tournament), True)

    def assignment_message(self, table: int) -> Outgoing:
        payload = self._assignments.json(self.tournament, table)
        return Outgoing(self.topics.assignment(table), payload, retain=True)

    def view_message(self, table: int) -> Outgoing:
        """Table ``table``'s TableView: everything its players must know, as recorded."""
        if self._views is None or self._views.t is not self.tournament:
            self._views = views.TableViews(self.tournament)
        return Outgoing(self.topics.view(table), self._views.json(table), retain=True)

    def table_messages(self, table: int) -> list[Outgoing]:
        """What one table is sent when anything about it changes."""
        return [self.assignment_message(table), self.view_message(table)]

    def retained(self) -> list[Outgoing]:
        """Everything the hub keeps retained on the broker (published at every connect)."""
        return [
            *(m for t in self.tables for m in self.table_messages(t)),
            self.state_message(),
            self.standings_message(),
        ]

    # ------------------------------------------------------------------ handling
    def handle(self, items: Iterable[Inbound]) -> list[Outgoing]:
        """Handle a batch; commit it; return what to publish (acks and replies last)."""
        batch = _Batch()
        for item in items:
            committed_before = len(batch.events)
            try:
                self._dispatch(item, batch)
            except Exception:  # a bug must not take the hall down: answer, log, go on
                log.exception("internal error handling %s from table %s", item.kind, item.table)
                del batch.events[committed_before:]
                self._rebuild(batch.events)
                self._answer_internal_error(item, batch)
        if batch.events or batch.writes:
            with self.store.transaction() as tx:
                for event in batch.events:
                    tx.append(event)
                for write in batch.writes:
                    write(tx)
        return self._publications(batch)

    def _rebuild(self, pending: list[Event]) -> None:
        self.tournament = Tournament.replay([*self.store.events(), *pending])

    def _answer_internal_error(self, item: Inbound, batch: _Batch) -> None:
        reason = "the hub could not handle this message; the leader has been told"
        message_id = _peek_id(item.payload)
        if message_id is None:
            return
        if item.kind == "result" and item.table is not None:
            ack = Ack(id=message_id, status="rejected", reason=reason, code="internal")
            batch.out.append(Outgoing(self.topics.ack(item.table), encode(ack)))
        elif item.kind == "command":
            reply = Reply(id=message_id, ok=False, error=reason)
            batch.out.append(Outgoing(self.topics.leader_reply, encode(reply)))

    def _dispatch(self, item: Inbound, batch: _Batch) -> None:
        if item.kind == "result" and item.table is not None:
            self._on_result(item.table, item.payload, batch)
        elif item.kind == "command":
            self._on_command(item.payload, batch)
        elif item.kind == "call" and item.table is not None:
            self._on_call(item.table, item.payload, batch)
        elif item.kind == "status" and item.table is not None:
            self._on_status(item.table, item.payload, batch)
        else:
            log.warning("dropped a message on an unknown topic kind %r", item.kind)

    def flush(self) -> list[Outgoing]:
        """Retained updates held back by ``standings_interval``, once their time has come."""
        return self._release() if self.held_wait() == 0 else []

    def held_wait(self) -> float | None:
        """Seconds until held-back updates are due; None if nothing is held."""
        due = []
        if self._held_tables or self._held_state:
            due.append(self._last_release + self.standings_interval)
        if self._held_standings:
            # Full standings (500 teams: a few ms to build, 45 kB to send) go out four times
            # less often than the rest; StandingsChanges carry every result in between.
            due.append(self._last_standings + FULL_STANDINGS_EVERY * self.standings_interval)
        if not due:
            return None
        return max(0.0, min(due) - self.clock())

    def _release(self, everything: bool = False) -> list[Outgoing]:
        """Publish what is due: State, the held tables' assignments (at most
        ``RELEASE_CHUNK`` of them unless ``everything`` — the rest stay due at once, so
        results keep being handled between chunks instead of waiting behind 500 messages),
        and the full Standings when their own time has come."""
        now_ = self.clock()
        out: list[Outgoing] = []
        if everything or now_ >= self._last_release + self.standings_interval:
            tables = sorted(self._held_tables)
            send, later = (
                (tables, []) if everything else (tables[:RELEASE_CHUNK], tables[RELEASE_CHUNK:])
            )
            out = [m for table in send for m in self.table_messages(table)]
            if self._held_state:
                out.append(self.state_message())
            self._held_tables, self._held_state = set(later), False
            if not later:
                self._last_release = now_
        if self._held_standings and (
            everything
            or now_ >= self._last_standings + FULL_STANDINGS_EVERY * self.standings_interval
        ):
            out.append(self.standings_message())
            self._held_standings = False
            self._last_standings = now_
        return out

    def _publications(self, batch: _Batch) -> list[Outgoing]:
        t = self.tournament
        self._held_tables |= batch.dirty_tables
        self._held_state |= batch.state
        self._held_standings |= batch.standings or bool(batch.changed_teams)
        if batch.now:
            out = self._release(everything=True)
        else:
            out = self._release() if self.held_wait() == 0 else []
        if batch.changed_teams:
            out.append(
                Outgoing(
                    self.topics.standings_changes,
                    views.standings_changes_json(t, batch.changed_teams),
                )
            )
        alberta = t.format is Format.ALBERTA
        for table, result_id, hand, seq in batch.acks:
            ack = Ack(
                id=result_id,
                status="accepted",
                hand=hand,
                seq=seq,
                flags=t.flags_held(table) if alberta else None,
                points=None if alberta else t.score(table),
            )
            out.append(Outgoing(self.topics.ack(table), encode(ack)))
        out.extend(batch.out)
        return out

    def _apply(self, event: Event, batch: _Batch) -> None:
        """Check and apply; raises TournamentError (nothing changed) when it cannot."""
        self.tournament.apply(event)
        batch.events.append(event)

    # ------------------------------------------------------------------ results
    def _reject(
        self,
        table: int,
        result_id: str,
        reason: str,
        code: str,
        batch: _Batch,
        hand: int | None = None,
    ) -> None:
        log.info("table %s: result %s rejected (%s): %s", table, result_id, code, reason)
        ack = Ack(id=result_id, status="rejected", reason=reason, code=code, hand=hand)
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _on_result(self, table: int, payload: bytes, batch: _Batch) -> None:
        t = self.tournament
        try:
            result = decode_result(payload)
        except ProtocolError as exc:
            if exc.message_id is None:
                log.warning("table %s: unreadable result dropped: %s", table, exc.reason)
            else:
                self._reject(table, exc.message_id, exc.reason, exc.code, batch)
            return
        if result.table != table:
            self._reject(
                table,
                result.id,
                f"this result is for table {result.table} but came from table {table}'s kiosk",
                "wrong_table",
                batch,
                result.hand,
            )
            return
        if result.id in t.result_ids:
            hand, reported_table = t.result_ids[result.id]
            self._duplicate_ack(table, result.id, hand, reported_table, batch)
            return
        event = ResultRecorded(
            result_id=result.id,
            hand=result.hand,
            table=result.table,
            visitor_tricks=result.visitor_tricks,
            revokes_home=result.revokes.home,
            revokes_visitors=result.revokes.visitors,
        )
        if self._same_as_recorded(event):
            # A kiosk replaced mid-hand, or a player entering the slip again: the same facts
            # under a new id are not a conflict.
            self._duplicate_ack(table, result.id, result.hand, table, batch)
            return
        try:
            self._apply(event, batch)
        except TournamentError as exc:
            if exc.code == "conflict":
                self._record_conflict(result, payload, exc.reason, batch)
            self._reject(table, result.id, exc.reason, exc.code, batch, result.hand)
            return
        batch.acks.append((table, result.id, result.hand, t.events))
        teams = {table, t.visitor_team(result.hand, table)}
        batch.dirty_tables |= teams
        batch.changed_teams |= teams
        batch.state = True

    def _same_as_recorded(self, event: ResultRecorded) -> bool:
        done = self.tournament.result(event.hand, event.table)
        return done is not None and (
            done.visitor_tricks,
            done.revokes_home,
            done.revokes_visitors,
        ) == (event.visitor_tricks, event.revokes_home, event.revokes_visitors)

    def _duplicate_ack(
        self, table: int, result_id: str, hand: int, reported_table: int, batch: _Batch
    ) -> None:
        t = self.tournament
        alberta = t.format is Format.ALBERTA
        ack = Ack(
            id=result_id,
            status="duplicate",
            hand=hand,
            flags=t.flags_held(reported_table) if alberta else None,
            points=None if alberta else t.score(reported_table),
        )
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _record_conflict(self, result: Result, payload: bytes, reason: str, batch: _Batch) -> None:
        key = (result.hand, result.table)
        body = payload.decode("utf-8")
        batch.writes.append(lambda tx: tx.add_conflict(result.id, key[0], key[1], body, reason))
        self._conflicts.add(key)
        batch.state = batch.now = True

    # ------------------------------------------------------------------ calls and status
    def _on_call(self, table: int, payload: bytes, batch: _Batch) -> None:
        if table not in self.tables:
            log.warning("call from unknown table %s dropped", table)
            return
        try:
            call = decode_call(payload)
        except ProtocolError as exc:
            log.warning("table %s: unreadable call dropped: %s", table, exc.reason)
            return
        reason = call.reason.strip() or "the players ask for the leader"
        self.calls[table] = reason
        batch.writes.append(lambda tx: tx.set_call(table, call.id, reason))
        batch.state = batch.now = True

    def _on_status(self, table: int, payload: bytes, batch: _Batch) -> None:
        try:
            status = decode_status(payload)
        except ProtocolError as exc:
            log.warning("table %s: bad status dropped: %s", table, exc.reason)
            return
        if table not in self.tables:
            return
        before = table in self.online
        if status == ONLINE:
            self.online.add(table)
        else:
            self.online.discard(table)
        if before != (status == ONLINE):
            batch.state = True

    # ------------------------------------------------------------------ commands
    def _on_command(self, payload: bytes, batch: _Batch) -> None:
        try:
            command = decode_command(payload)
        except ProtocolError as exc:
            log.warning("bad command: %s", exc.reason)
            if exc.message_id is not None:
                reply = Reply(
                    id=exc.message_id, ok=False, error=exc.reason, data={"code": exc.code}
                )
                batch.out.append(Outgoing(self.topics.leader_reply, encode(reply)))
            return
        earlier = self.store.reply(command.id) or next(
            (r for r in self._pending_replies(batch) if r["id"] == command.id), None
        )
        if earlier is not None:  # the console sent it again: same answer, done once
            batch.out.append(Outgoing(self.topics.leader_reply, encode(Reply(**earlier))))
            return
        handler = getattr(self, "_do_" + command.op)
        batch.now = True
        try:
            data = handler(command, batch)
            reply = Reply(id=command.id, ok=True, data=data or None)
        except TournamentError as exc:
            reply = Reply(id=command.id, ok=False, error=exc.reason, data={"code": exc.code})
        log.info("command %s (%s): %s", command.op, command.id, "ok" if reply.ok else reply.error)
        body = reply.model_dump(mode="json", exclude_none=True)
        if command.op in SECRET_REPLIES:  # the join code never reaches the event store
            body = {**body, "data": {k: v for k, v in (body.get("data") or {}).items()
                                     if k != "code"}}
        if command.op not in UNREMEMBERED:
            batch.writes.append(lambda tx: tx.remember_reply(command.id, body))
        batch.out.append(Outgoing(self.topics.leader_reply, encode(reply)))

    def _pending_replies(self, batch: _Batch) -> list[dict[str, Any]]:
        return [json.loads(o.payload) for o in batch.out if o.topic == self.topics.leader_reply]

    def _everything_changed(self, batch: _Batch) -> None:
        batch.dirty_tables |= set(self.tables)
        batch.state = batch.standings = True

    def _places_may_have_moved(self, batch: _Batch) -> None:
        """Once a day or the tournament has ended every table's view shows its place: a
        change of score or of a tie-break order reaches all of them."""
        t = self.tournament
        if t.day_ended or t.finished:
            batch.dirty_tables |= set(self.tables)

    def _cut(self) -> tuple[Suit, str]:
        deck = Deck()
        deck.shuffle(self.rng)
        card = deck.draw(self.rng)
        return card.suit, str(card)

    def _do_start_hand(self, cmd: StartHand, batch: _Batch) -> dict[str, Any]:
        t = self.tournament
        hand = t.hand + 1
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
                "trump_required",
            )
        else:
            trump = None  # the core refuses it: the pattern is finished
        self._apply(HandStarted(hand, trump), batch)
        self._everything_changed(batch)
        data["trump"] = trump_name(trump)
        return data

    def _do_close_hand(self, cmd: CloseHand, batch: _Batch) -> dict[str, Any]:
        t = self.tournament
        missing = t.missing()
        self._apply(HandClosed(t.hand), batch)
        self._everything_changed(batch)
        return {"hand": t.hand, "missing": missing}

    def _do_correct(self, cmd: Correct, batch: _Batch) -> dict[str, Any]:
        t = self.tournament
        event = ResultCorrected(
            cmd.hand,
            cmd.table,
            cmd.visitor_tricks,
            cmd.revokes.home,
            cmd.revokes.visitors,
            cmd.reason.strip(),
        )
        self._apply(event, batch)
        key = (cmd.hand, cmd.table)
        if key in self._conflicts:
            self._conflicts.discard(key)
            batch.writes.append(lambda tx: tx.settle_conflicts(*key))
        batch.dirty_tables |= {cmd.table, t.visitor_team(cmd.hand, cmd.table)}
        batch.state = batch.standings = True
        self._places_may_have_moved(batch)
        return {"hand": cmd.hand, "table": cmd.table}

    def _do_loan(self, cmd: Loan, batch: _Batch) -> dict[str, Any]:
        self._apply(FlagsLent(cmd.table, cmd.flags), batch)
        batch.dirty_tables.add(cmd.table)
        batch.standings = True
        return {"table": cmd.table, "flags": self.tournament.flags_held(cmd.table)}

    def _do_end_day(self, cmd: EndDay, batch: _Batch) -> dict[str, Any]:
        t = self.tournament
        day = t.day
        self._apply(DayEnded(day), batch)
        self._everything_changed(batch)
        return {"day": day, "totals": {str(team): t.ended_days[-1][team] for team in self.tables}}

    def _do_undo_start(self, cmd: UndoStart, batch: _Batch) -> dict[str, Any]:
        hand = self.tournament.hand
        self._apply(StartUndone(hand), batch)
        self._everything_changed(batch)
        return {"hand": hand}

    def _do_penalty(self, cmd: Penalty, batch: _Batch) -> dict[str, Any]:
        t = self.tournament
        self._apply(PenaltyImposed(cmd.hand, cmd.table, cmd.side, cmd.reason.strip()), batch)
        batch.dirty_tables |= {cmd.table, t.visitor_team(cmd.hand, cmd.table)}
        batch.standings = True
        self._places_may_have_moved(batch)
        return {"hand": cmd.hand, "table": cmd.table}

    def _do_clear_call(self, cmd: ClearCall, batch: _Batch) -> dict[str, Any]:
        cleared = self.calls.pop(cmd.table, None) is not None
        if cleared:
            batch.writes.append(lambda tx: tx.clear_call(cmd.table))
            batch.state = True
        return {"table": cmd.table, "cleared": cleared}

    def _do_tiebreak_start(self, cmd: TieBreakStart, batch: _Batch) -> dict[str, Any]:
        data: dict[str, Any] = {}
        draws: tuple[Any, ...] = ()
        if len(cmd.teams) >= 3:  # each A player draws a card from one deck
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
        self._apply(TieBreakStarted(tuple(cmd.teams), draws, trump), batch)
        tb = self.tournament.tiebreak_in_progress()
        assert tb is not None
        batch.standings = True
        self._places_may_have_moved(batch)
        data.update(
            order=list(tb.order), next=list(tb.next_pairing() or ()), trump=trump_name(trump)
        )
        return data

    def _do_tiebreak_result(self, cmd: TieBreakResult, batch: _Batch) -> dict[str, Any]:
        tb = self.tournament.tiebreak_in_progress()
        if tb is None:
            raise TournamentError("no tie-break is being played", "wrong_phase")
        more = len(tb.hands) + 1 < len(tb.order) - 1
        next_trump, cut = self._cut() if more else (None, None)
        event = TieBreakHandPlayed(
            (cmd.teams[0], cmd.teams[1]), (cmd.tricks[0], cmd.tricks[1]), tb.trump, next_trump
        )
        self._apply(event, batch)
        batch.standings = True
        self._places_may_have_moved(batch)
        data: dict[str, Any] = {"decided": tb.decided}
        if tb.decided:
            data["order"] = list(tb.final_order())
        else:
            data.update(next=list(tb.next_pairing() or ()), trump=trump_name(next_trump), cut=cut)
        return data

    # ------------------------------------------------------------------ queries (the console)
    # These change nothing: they answer the leader's console from the tournament and the log.

    def _do_plan(self, cmd: Plan, batch: _Batch) -> dict[str, Any]:
        t = self.tournament
        spec = t.spec
        hand = cmd.hand if cmd.hand is not None else t.hand + 1
        if hand > spec.hands:
            raise TournamentError(
                f"all {spec.hands} hands of the pattern have been started", "finished"
            )
        plan = spec.plan(hand)
        day = spec.day_of(hand)
        first_of_day = spec.last_hand_of_day(day - 1) + 1
        sessions = spec.days[day - 1].sessions or (spec.days[day - 1].hands,)
        session, start = 1, first_of_day
        for size in sessions[:-1]:
            if hand >= start + size:
                session, start = session + 1, start + size
        started = hand in t.trumps
        if started:
            trump: str | None = trump_name(t.trumps[hand])
        else:
            trump = None if plan.leader_chooses_trump else plan.trump
        previous = spec.plan(hand - 1) if hand > 1 and spec.day_of(hand - 1) == day else None
        return {
            "hand": hand,
            "hands": spec.hands,
            "day": day,
            "days": len(spec.days),
            "session": session,
            "sessions": len(sessions),
            "first_of_session": hand == start,
            "travellers": list(plan.travellers),
            "home": list(t.format.home_pair(plan.travellers)),
            "offset": resolve_offset(plan.offset, t.tables),
            "previous_offset": (
                resolve_offset(previous.offset, t.tables) if previous is not None else None
            ),
            "previous_travellers": list(previous.travellers) if previous is not None else None,
            "trump": trump,
            "leader_chooses": plan.leader_chooses_trump and not started,
            "started": started,
            "end_day_first": not started and day > t.day and not t.day_ended,
        }

    def _do_results(self, cmd: Results, batch: _Batch) -> dict[str, Any]:
        t = self.tournament
        hand = cmd.hand if cmd.hand is not None else t.hand
        if not 1 <= hand <= t.hand:
            now = f"the current hand is {t.hand}" if t.hand else "no hand has started yet"
            raise TournamentError(f"hand {hand} has not started: {now}", "wrong_hand")
        if cmd.table is not None and cmd.table not in self.tables:
            raise TournamentError(
                f"there is no table {cmd.table}: this tournament has tables 1 to {t.tables}",
                "bad_table",
            )
        wanted = [cmd.table] if cmd.table is not None else list(self.tables)
        alberta = t.format is Format.ALBERTA
        rows = []
        for table in wanted:
            res = t.result(hand, table)
            penalty = t.penalties.get((hand, table))
            if res is None and penalty is None:
                continue
            row: dict[str, Any] = {"table": table, "visitor_team": t.visitor_team(hand, table)}
            if res is not None:
                row.update(
                    visitor_tricks=res.visitor_tricks,
                    home_tricks=res.home_tricks,
                    revokes={"home": res.revokes_home, "visitors": res.revokes_visitors},
                    by="leader" if res.by_leader else "kiosk",
                    corrections=list(res.corrections),
                )
                if alberta:
                    row["flags"] = res.flags_won
                else:
                    row["points"] = {"home": res.home_points, "visitors": res.visitor_points}
            if penalty is not None:
                row["penalty"] = {"side": penalty.side, "reason": penalty.reason}
            rows.append(row)
        conflicts = []
        for c in self.store.conflicts():
            if c.hand != hand or c.table not in wanted:
                continue
            try:
                body = json.loads(c.body)
                conflicts.append(
                    {
                        "table": c.table,
                        "id": c.result_id,
                        "visitor_tricks": int(body["visitor_tricks"]),
                        "home_tricks": int(body["home_tricks"]),
                        "revokes": {
                            "home": int(body["revokes"]["home"]),
                            "visitors": int(body["revokes"]["visitors"]),
                        },
                    }
                )
            except (ValueError, KeyError, TypeError):  # stored as received; it was valid then
                log.warning("conflict %s: stored result unreadable", c.result_id)
        return {
            "hand": hand,
            "trump": trump_name(t.trumps[hand]) if hand in t.trumps else None,
            "tables": rows,
            "conflicts": conflicts,
            "missing": [table for table in t.missing(hand) if table in wanted],
        }

    def _do_ties(self, cmd: Ties, batch: _Batch) -> dict[str, Any]:
        t = self.tournament
        standings = t.standings()
        by_score: dict[int, list[Any]] = {}
        for s in standings:
            by_score.setdefault(s.score, []).append(s)
        groups: list[dict[str, Any]] = [
            {
                "score": score,
                "teams": sorted(s.team for s in level),
                "decided": len({s.rank for s in level}) == len(level),
            }
            for score, level in by_score.items()
            if len(level) > 1
        ]
        data: dict[str, Any] = {
            "format": t.format.value,
            "finished": t.hand == t.spec.hands and not t.open_hands,
            "groups": groups,
            "current": None,
            "done": [],
        }
        if t.format is Format.GASPESIE:
            running = [0] * (t.tables + 1)
            after: list[list[int]] = []
            for hand in range(1, t.hand + 1):
                for team, points in enumerate(t.hand_points.get(hand, ())):
                    running[team] += points
                after.append(list(running))
            tied = sorted({team for g in groups for team in g["teams"]})
            data["backcount"] = {
                str(team): [after[h][team] for h in range(len(after) - 1, -1, -1)]
                for team in tied
            }
            return data
        started = [e for e in self.store.events() if isinstance(e, TieBreakStarted)]
        for index, tb in enumerate(t.tiebreaks):
            played = [
                {"teams": list(h.teams), "tricks": list(h.tricks), "trump": trump_name(h.trump)}
                for h in tb.hands
            ]
            entry: dict[str, Any] = {"order": list(tb.order), "played": played}
            if index < len(started) and started[index].draws:
                # The draws are kept in the order the teams were listed in tiebreak_start.
                first = started[index]
                pairs = zip(first.teams, first.draws, strict=True)
                entry["draws"] = {str(team): str(card) for team, card in pairs}
            if tb.decided:
                entry["final"] = list(tb.final_order())
                data["done"].append(entry)
            else:
                entry["next"] = list(tb.next_pairing() or ())
                entry["trump"] = trump_name(tb.trump)
                data["current"] = entry
        return data

    def _do_export(self, cmd: Export, batch: _Batch) -> dict[str, Any]:
        from hub.export import export_csv
        from hub.sheets import write_sheets

        t = self.tournament
        folder = self.store.path.parent / EXPORTS_DIR
        try:
            files = export_csv(t, folder)
            files += write_sheets(folder, t.spec, t, cmd.language)
        except OSError as exc:
            raise TournamentError(
                f"the files could not be written in {folder}: {exc}", "io"
            ) from exc
        return {"folder": str(folder), "files": [str(p) for p in files]}

    # The join code lives in a file beside the broker's (hub/provision.py), read here and by
    # the join service; it is never written into the event store (see _on_command).
    def _join_folder(self) -> Path:
        from hub.serve import BROKER_DIR

        return self.store.path.parent / BROKER_DIR

    def _join_code_data(self, code: JoinCode | None) -> dict[str, Any]:
        from hub.net import lan_addresses

        if code is None:
            raise TournamentError(
                "this hub has no join code (its broker is not the embedded one): give each "
                "kiosk its settings with whist-hub credentials",
                "no_join_code",
            )
        return {
            "code": code.code,
            "expires": int(code.expires),
            "expired": code.expired(time.time()),
            "hosts": lan_addresses(),
        }

    def _do_join_code(self, cmd: JoinCodeQuery, batch: _Batch) -> dict[str, Any]:
        from hub.provision import JOIN_CODE_FILE, JoinCode

        return self._join_code_data(JoinCode.read(self._join_folder() / JOIN_CODE_FILE))

    def _do_renew_join_code(self, cmd: RenewJoinCode, batch: _Batch) -> dict[str, Any]:
        from hub.provision import JOIN_CODE_FILE, JoinCode

        folder = self._join_folder()
        if JoinCode.read(folder / JOIN_CODE_FILE) is None:
            self._join_code_data(None)  # refused: no join service to renew the code of
        try:
            code = JoinCode.renew(folder)
        except OSError as exc:
            raise TournamentError(f"the new code could not be written: {exc}", "io") from exc
        log.info("join code renewed by the leader (the old one is refused from now on)")
        return self._join_code_data(code)

    def _do_joins(self, cmd: Joins, batch: _Batch) -> dict[str, Any]:
        from hub.provision import read_joins

        return {"joins": read_joins(self._join_folder())}


def _peek_id(payload: bytes) -> str | None:
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    value = data.get("id") if isinstance(data, dict) else None
    return value if isinstance(value, str) and 0 < len(value) <= 100 else None


class Hub:
    """The MQTT service around a :class:`HubCore`.

    >>> hub = Hub(core, host="127.0.0.1", port=1883, username="hub", password="…")  # doctest: +SKIP
    >>> hub.start(); ...; hub.stop()                                               # doctest: +SKIP
    """

    def __init__(
        self,
        core: HubCore,
        *,
        host: str,
        port: int,
        username: str | None = None,
        password: str | None = None,
        client_id: str = "whist-hub",
        keepalive: int = 15,
    ) -> None:
        self.core = core
        self.topics = core.topics
        self.host, self.port, self.keepalive = host, port, keepalive
        self._queue: queue.Queue[Inbound | str] = queue.Queue()
        self._stop = threading.Event()
        self.connected = threading.Event()
        self._worker: threading.Thread | None = None
        self.batches = 0
        self.handled = 0
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=client_id,
            protocol=mqtt.MQTTv5,
            manual_ack=True,
        )
        if username is not None:
            client.username_pw_set(username, password)
        client.will_set(self.topics.hub_status, OFFLINE, qos=1, retain=True)
        client.reconnect_delay_set(min_delay=1, max_delay=5)
        client.max_queued_messages_set(0)
        # No cap on our own unacknowledged publishes: paho rescans its whole queue on every
        # PUBACK when a cap is set, which costs more than it saves in a burst.
        client.max_inflight_messages_set(0)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        self.client = client

    # ------------------------------------------------------------------ paho thread
    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any
    ) -> None:
        if reason.is_failure:
            log.error("the broker refused the hub: %s", reason)
            return
        log.info("connected to the broker at %s:%s", self.host, self.port)
        no_delay(client)
        subscriptions = [
            (self.topics.every_table("result"), 1),
            (self.topics.every_table("call"), 1),
            (self.topics.every_table("status"), 1),
            (self.topics.leader_command, 1),
        ]
        client.subscribe(as_published(subscriptions))
        self._queue.put("connected")

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any
    ) -> None:
        self.connected.clear()
        if not self._stop.is_set():
            log.warning("lost the broker (%s); reconnecting", reason)

    def _on_message(self, client: mqtt.Client, userdata: Any, msg: mqtt.MQTTMessage) -> None:
        if drop_retained(client, msg, self.topics):
            return
        try:
            kind, table = self.topics.parse(msg.topic)
        except ValueError:
            kind, table = "unknown", None
        self._queue.put(Inbound(kind, table, bytes(msg.payload), msg.mid, msg.qos))

    # ------------------------------------------------------------------ worker thread
    #: When the worker last went round its loop (monotonic); the systemd watchdog checks it.
    beat = 0.0

    def alive(self, within: float) -> bool:
        """The worker is running and went round its loop in the last ``within`` seconds."""
        return (
            self._worker is not None
            and self._worker.is_alive()
            and not self.failed
            and time.monotonic() - self.beat < within
        )

    def _work(self) -> None:
        while not self._stop.is_set():
            self.beat = time.monotonic()
            wait = self.core.held_wait()
            try:
                first = self._queue.get(timeout=0.2 if wait is None else min(wait, 0.2))
            except queue.Empty:
                for o in self.core.flush():
                    self.client.publish(o.topic, o.payload, qos=1, retain=o.retain)
                continue
            items = [first]
            while len(items) < BATCH_MAX:
                try:
                    items.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            try:
                self._run_batch(items)
            except Exception:
                # The log could not be written: stop rather than acknowledge what is not
                # stored. The broker keeps the unacknowledged messages; a restart replays.
                log.critical("cannot write the tournament log; the hub stops", exc_info=True)
                self._stop.set()
                self.failed = True

    failed = False

    def _run_batch(self, items: list[Inbound | str]) -> None:
        messages = [i for i in items if isinstance(i, Inbound)]
        out = self.core.handle(messages) if messages else []
        if "connected" in items:
            out = [*self.core.retained(), *out]
            self.client.publish(self.topics.hub_status, ONLINE, qos=1, retain=True)
            self.connected.set()
        for o in out:
            self.client.publish(o.topic, o.payload, qos=1, retain=o.retain)
        for m in messages:
            if m.qos:
                self.client.ack(m.mid, m.qos)
        self.batches += 1
        self.handled += len(messages)

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        props.SessionExpiryInterval = SESSION_EXPIRY
        props.ReceiveMaximum = 1000
        self._worker = threading.Thread(target=self._work, name="hub-worker", daemon=True)
        self._worker.start()
        self.client.connect_async(
            self.host, self.port, keepalive=self.keepalive, clean_start=False, properties=props
        )
        self.client.loop_start()

    def wait_connected(self, timeout: float) -> bool:
        return self.connected.wait(timeout)

    def stop(self) -> None:
        """Say offline (retained), disconnect cleanly, stop the threads."""
        self._stop.set()
        log.info("handled %d messages in %d batches", self.handled, self.batches)
        if self._worker is not None:
            self._worker.join(timeout=5)
        if self.connected.is_set():
            info = self.client.publish(self.topics.hub_status, OFFLINE, qos=1, retain=True)
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout=2)
        self.client.disconnect()
        self.client.loop_stop()
