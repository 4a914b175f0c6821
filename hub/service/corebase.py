"""The state every part of the hub's core shares, and what it publishes from it.

:class:`HubBase` is what every kind of event shares: the log, the topics, the tables' calls
and kiosks, conflicts, and :meth:`HubBase.handle` (a batch applied, committed, then answered).
:class:`~hub.service.core.HubCore` (military whist) is put together from :class:`CoreBase` and
the parts that handle results (:mod:`hub.service.results`), commands
(:mod:`hub.service.commands`), the console's queries (:mod:`hub.service.queries`) and the
held-back release of retained updates (:mod:`hub.service.release`);
:class:`~hub.service.club.ClubCore` (a club night) from :class:`HubBase` and the same shared desks
(calls and status, commands, the join desk).
"""

from __future__ import annotations

import logging
import random
import subprocess
import time
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path

from hub.service.batch import Batch, Inbound, Outgoing, peek_id
from hub.service.store import EventStore
from whist import views
from whist.errors import ErrorCode
from whist.events import (
    Event,
)
from whist.protocol import (
    UNREADABLE_CALL,
    Ack,
    Epoch,
    ExportData,
    Reply,
    Topics,
    encode,
)
from whist.tournament import Tournament

log = logging.getLogger("whist.hub")


#: Most different conflicting reports one table can open for one hand or deal (issue 23, item
#: 2): more are refused as conflicts all the same, but not kept for the leader.
MAX_CONFLICTS = 20
#: The id of the call the hub makes for a table that sent something unreadable.
UNREADABLE_CALL_ID = "hub-unreadable"
#: The kinds of message a table reports its play with: a military result, a club night's deal.
REPORT_KINDS = ("result", "deal")


class HubBase:
    """What every core shares, whatever the kind of event: the log, the tables' calls and
    kiosks, open conflicts, and the handling of a batch. Not thread-safe: one worker drives
    the core."""

    store: EventStore
    topics: Topics
    rng: random.Random
    calls: dict[int, str]
    online: set[int]
    #: (hand or deal, table) with two different reports the leader has not settled yet.
    _conflicts: set[tuple[int, int]]
    #: What the conflicting reports kept for a (hand or deal, table) say (read when needed).
    _conflicts_kept: dict[tuple[int, int], set[str]]
    #: The kind of inbound message a table reports its play with ("result", "deal").
    report_kind = "result"
    #: How long the last batch's transaction took (seconds; 0 when it wrote nothing).
    commit_seconds = 0.0
    #: How long building the last batch's publications took (seconds).
    build_seconds = 0.0
    #: What a command of the other kind of event is told (``ErrorCode.WRONG_FORMAT``).
    other_kind = "is for a club night; this is military whist"

    @property
    def tables(self) -> range:
        raise NotImplementedError

    def offline(self) -> list[int]:
        return [t for t in self.tables if t not in self.online]

    def _open_conflict(
        self, key: tuple[int, int], report_id: str, body: str, reason: str, batch: Batch
    ) -> None:
        """Keep a conflicting report for the leader, unless the same facts are already kept
        (open, or settled by the leader: a replay under a new id does not reopen it) or the
        table has MAX_CONFLICTS kept for this hand already."""
        seen = self._conflicts_seen(key)
        content = self._conflict_content(body)
        if content in seen:
            return
        if len(seen) >= MAX_CONFLICTS:
            if len(seen) == MAX_CONFLICTS:
                log.warning(
                    "table %s: more than %s conflicting reports for %s; not kept",
                    key[1],
                    MAX_CONFLICTS,
                    key[0],
                )
                seen.add("")  # told once
            return
        seen.add(content)
        batch.writes.append(lambda tx: tx.add_conflict(report_id, key[0], key[1], body, reason))
        self._conflicts.add(key)
        batch.state = batch.now = True

    def _settle(self, key: tuple[int, int], replaced: str | None, batch: Batch) -> None:
        """The leader settled ``key``'s conflict; ``replaced``: the report the correction
        replaced, kept as settled too, so that neither side of it reopens the conflict."""
        if key not in self._conflicts:
            return
        self._conflicts.discard(key)
        if replaced is not None:
            seen = self._conflicts_seen(key)
            seen.add(self._conflict_content(replaced))
            rid = f"settled:{key[0]}:{key[1]}:{len(seen)}"
            reason = "replaced by the leader's correction"
            batch.writes.append(lambda tx: tx.add_conflict(rid, key[0], key[1], replaced, reason))
        batch.writes.append(lambda tx: tx.settle_conflicts(*key))

    #: The last export: (what the log was at, the language) and what it wrote.
    _last_export: tuple[tuple[int, str | None], ExportData] | None = None

    def _export_once(
        self, version: int, language: str | None, write: Callable[[], ExportData]
    ) -> ExportData:
        """``write()``, unless nothing was logged since the last export in this language and
        its files are all still there: then the same answer at once (issue 23, item 9: a
        leader tapping Export again and again held up every table's Ack for seconds)."""
        key = (version, language)
        last = self._last_export
        if last is not None and last[0] == key and all(Path(f).is_file() for f in last[1].files):
            return last[1]
        data = write()
        self._last_export = (key, data)
        return data

    def _conflicts_seen(self, key: tuple[int, int]) -> set[str]:
        """The facts of every conflicting report kept for ``key`` (read from the log once)."""
        if key not in self._conflicts_kept:
            bodies = self.store.conflict_bodies(*key)
            self._conflicts_kept[key] = {self._conflict_content(b) for b in bodies}
        return self._conflicts_kept[key]

    def _conflict_content(self, body: str) -> str:
        """What a kept report says, whatever its id (two reports saying it are one)."""
        raise NotImplementedError

    def conflict_tables(self) -> list[int]:
        """Tables with a conflict the leader has not settled yet, whatever the hand."""
        return sorted({t for _, t in self._conflicts})

    def state_message(self) -> Outgoing:
        raise NotImplementedError

    def retained(self) -> list[Outgoing]:
        """Everything the hub keeps retained on the broker (published at every connect)."""
        raise NotImplementedError

    #: This session of the hub: a new one for every core, so at every start of the hub.
    _epoch: str | None = None
    _log_id = ""

    def epoch_message(self) -> Outgoing:
        """The hub's Epoch (retained). Published last at every connect: a kiosk that has not
        offered its kept results to this epoch offers them again (docs/protocol.md, "The
        tables are the second copy"), and finds its table's view already there."""
        if self._epoch is None:
            self._epoch = uuid.uuid4().hex
            self._log_id = self.store.log_id()
        epoch = Epoch(epoch=self._epoch, log=self._log_id)
        return Outgoing(self.topics.epoch, encode(epoch), retain=True)

    # ------------------------------------------------------------------ handling
    def handle(self, items: Iterable[Inbound]) -> list[Outgoing]:
        """Handle a batch; commit it; return what to publish (acks and replies last)."""
        batch = Batch()
        for item in items:
            mark = (len(batch.events), len(batch.writes), len(batch.out), len(batch.acks))
            try:
                self._dispatch(item, batch)
            except Exception:  # a bug must not take the hall down: answer, log, go on
                log.exception("internal error handling %s from table %s", item.kind, item.table)
                self._forget(item, batch, mark)
        self._before_commit(batch)
        self.commit_seconds = 0.0
        if batch.events or batch.writes:
            started = time.perf_counter()
            with self.store.transaction() as tx:
                for event in batch.events:
                    tx.append(event)
                for write in batch.writes:
                    write(tx)
            self.commit_seconds = time.perf_counter() - started
        started = time.perf_counter()
        out = self._publications(batch)
        self.build_seconds = time.perf_counter() - started
        return out

    def reload(self) -> None:
        """The state again from the log alone (after a batch failed before its commit)."""
        self._rebuild([])

    def note_failed(self, item: Inbound) -> list[Outgoing]:
        """A message the hub could not handle even on its own: answered (a rejection when its
        id can be read) and the leader told, committed; what to publish."""
        batch = Batch()
        self._forget(item, batch, (0, 0, 0, 0))
        if batch.writes:
            with self.store.transaction() as tx:
                for write in batch.writes:
                    write(tx)
        return [*batch.out, *([self.state_message()] if batch.state else [])]

    def _forget(self, item: Inbound, batch: Batch, mark: tuple[int, int, int, int]) -> None:
        """Undo what a message that failed half-way added to the batch; answer it (a
        rejection when its id can be read) and tell the leader."""
        events, writes, out, acks = mark
        del batch.events[events:], batch.writes[writes:], batch.out[out:], batch.acks[acks:]
        self._rebuild(batch.events)
        try:
            self._answer_internal_error(item, batch)
        except Exception:  # the answer must not fail where the handling did
            log.exception("could not answer a %s from table %s", item.kind, item.table)
        self.note_unreadable(item.table, batch)

    def note_unreadable(self, table: int | None, batch: Batch) -> None:
        """Tell the leader that ``table`` sent something the hub could not read or handle:
        a call from that table with the hub's time of day (the console shows calls and says
        this one in its reader's language). Once, until the leader clears the table's call;
        a call the players made is not overwritten."""
        if table is None or table not in self.tables or table in self.calls:
            return
        reason = UNREADABLE_CALL + time.strftime("%H:%M")
        self.calls[table] = reason
        batch.writes.append(lambda tx: tx.set_call(table, UNREADABLE_CALL_ID, reason))
        batch.state = batch.now = True

    def _dispatch(self, item: Inbound, batch: Batch) -> None:
        if item.kind == "command":
            self._on_command(item.payload, batch)
        elif item.table is None:
            log.warning("dropped a message on an unknown topic kind %r", item.kind)
        elif item.kind == self.report_kind:
            self._on_report(item.table, item.payload, batch)
        elif item.kind in REPORT_KINDS:
            self._wrong_kind_of_report(item.table, item.payload, batch)
        elif item.kind == "count":
            self._on_count(item.table, item.payload, batch)
        elif item.kind == "call":
            self._on_call(item.table, item.payload, batch)
        elif item.kind == "status":
            self._on_status(item.table, item.payload, batch)
        else:
            log.warning("dropped a message on an unknown topic kind %r", item.kind)

    # What each kind of message is handled by (hub.service.results or hub.service.club,
    # hub.service.commands, hub.service.calls).
    def _on_report(self, table: int, payload: bytes, batch: Batch) -> None:
        raise NotImplementedError

    def _on_command(self, payload: bytes, batch: Batch) -> None:
        raise NotImplementedError

    def _on_call(self, table: int, payload: bytes, batch: Batch) -> None:
        raise NotImplementedError

    def _on_count(self, table: int, payload: bytes, batch: Batch) -> None:
        """A table's count of its flags (decision A19); a club night has none to count."""
        message_id = peek_id(payload)
        if message_id is None:
            self.note_unreadable(table, batch)
        else:
            reason = f"this hub runs {self._running()}: it has no flags to count"
            ack = Ack(id=message_id, status="rejected", reason=reason, code=ErrorCode.WRONG_FORMAT)
            batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _on_status(self, table: int, payload: bytes, batch: Batch) -> None:
        raise NotImplementedError

    def _before_commit(self, batch: Batch) -> None:
        """What the hub itself adds to a batch once every message is handled (a club night
        of 8-to-1 draws the trumps of the rounds its tables play next)."""

    def _rebuild(self, pending: list[Event]) -> None:
        """The state again from the log and ``pending`` (after a bug left it half-changed)."""
        raise NotImplementedError

    def _publications(self, batch: Batch) -> list[Outgoing]:
        raise NotImplementedError

    def _answer_internal_error(self, item: Inbound, batch: Batch) -> None:
        reason = "the hub could not handle this message; the leader has been told"
        message_id = peek_id(item.payload)
        if message_id is None:
            return
        if item.kind == self.report_kind and item.table is not None:
            ack = Ack(id=message_id, status="rejected", reason=reason, code=ErrorCode.INTERNAL)
            batch.out.append(Outgoing(self.topics.ack(item.table), encode(ack)))
        elif item.kind == "command":
            reply = Reply(id=message_id, ok=False, error=reason)
            batch.out.append(Outgoing(self.topics.leader_reply, encode(reply)))

    def _wrong_kind_of_report(self, table: int, payload: bytes, batch: Batch) -> None:
        """A report of the other kind of event (a deal at a military hub, a result at a club
        night's): refused with WRONG_FORMAT, so the kiosk's outbox lets it go."""
        message_id = peek_id(payload)
        if message_id is None:
            log.warning("table %s: a report of the other kind of event dropped", table)
            self.note_unreadable(table, batch)
            return
        what = "a club night's deal" if self.report_kind == "result" else "a military result"
        ack = Ack(
            id=message_id,
            status="rejected",
            reason=f"this hub runs {self._running()}, not {what}",
            code=ErrorCode.WRONG_FORMAT,
        )
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _running(self) -> str:
        return "a military whist tournament" if self.report_kind == "result" else "a club night"


class CoreBase(HubBase):
    """The tournament, the log, and what the hub keeps beside them; the messages built from
    them. Not thread-safe: one worker drives the core."""

    tournament: Tournament
    _assignments: views.AssignmentWriter
    _views: views.TableViews | None
    standings_interval: float
    clock: Callable[[], float]
    #: The process printing the sheets to PDF after the last ``export`` (hub/paper/sheets.py).
    pdf_job: subprocess.Popen[bytes] | None

    # ------------------------------------------------------------------ what is published
    @property
    def tables(self) -> range:
        return range(1, self.tournament.tables + 1)

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
            self.epoch_message(),
        ]

    def _apply(self, event: Event, batch: Batch) -> None:
        """Check and apply; raises TournamentError (nothing changed) when it cannot."""
        self.tournament.apply(event)
        batch.events.append(event)

    def _everything_changed(self, batch: Batch) -> None:
        batch.dirty_tables |= set(self.tables)
        batch.state = batch.standings = True

    def _places_may_have_moved(self, batch: Batch) -> None:
        """Once a day or the tournament has ended every table's view shows its place: a
        change of score or of a tie-break order reaches all of them."""
        t = self.tournament
        if t.day_ended or t.finished:
            batch.dirty_tables |= set(self.tables)
        if t.finished:  # State says which playoff the standings wait for (issue 25)
            batch.state = True
