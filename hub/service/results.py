"""The hub's core: results, calls and kiosk status from the tables."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from hub.service.batch import Batch, Outgoing
from hub.service.calls import TableDesk
from hub.service.corebase import CoreBase
from whist.enums import Unit
from whist.errors import ErrorCode, ProtocolError, TournamentError
from whist.events import (
    FlagsCounted,
    ResultRecorded,
)
from whist.protocol import (
    Ack,
    FlagCount,
    Result,
    decode,
    decode_result,
    encode,
)

log = logging.getLogger("whist.hub")
M = TypeVar("M")


class ResultHandling(TableDesk, CoreBase):
    """Results (accepted, duplicate, rejected, conflicting); calls for the leader and kiosks'
    online status come from :class:`~hub.service.calls.TableDesk`."""

    # ------------------------------------------------------------------ results
    def _reject(
        self,
        table: int,
        result_id: str,
        reason: str,
        code: ErrorCode,
        batch: Batch,
        hand: int | None = None,
    ) -> None:
        log.info("table %s: result %s rejected (%s): %s", table, result_id, code, reason)
        ack = Ack(id=result_id, status="rejected", reason=reason, code=code, hand=hand)
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _decoded(
        self,
        table: int,
        payload: bytes,
        decoder: Callable[[bytes], M],
        what: str,
        batch: Batch,
    ) -> M | None:
        """The message, or None once it is refused (an Ack when its id can be read)."""
        try:
            return decoder(payload)
        except ProtocolError as exc:
            if exc.message_id is None:
                log.warning("table %s: unreadable %s dropped: %s", table, what, exc.reason)
                self.note_unreadable(table, batch)
            else:
                self._reject(table, exc.message_id, exc.reason, exc.code, batch)
            return None

    def _on_report(self, table: int, payload: bytes, batch: Batch) -> None:
        t = self.tournament
        result = self._decoded(table, payload, decode_result, "result", batch)
        if result is None:
            return
        if result.table != table:
            self._reject(
                table,
                result.id,
                f"this result is for table {result.table} but came from table {table}'s kiosk",
                ErrorCode.WRONG_TABLE,
                batch,
                result.hand,
            )
            return
        if (table, result.id) in t.result_ids:  # ids are per table: another's is not ours
            hand, reported_table = t.result_ids[(table, result.id)]
            self._duplicate_ack(table, result.id, hand, reported_table, batch)
            return
        event = ResultRecorded(
            result_id=result.id,
            hand=result.hand,
            table=result.table,
            visitor_tricks=result.visitor_tricks,
            revokes_home=result.revokes.home,
            revokes_visitors=result.revokes.visitors,
            recovered=result.reoffer,
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
            if result.reoffer and exc.code == ErrorCode.WRONG_HAND:
                self._hold_reoffer(result, payload)
            self._reject(table, result.id, exc.reason, exc.code, batch, result.hand)
            return
        batch.acks.append((table, result.id, result.hand, t.events))
        if result.reoffer:
            log.warning(
                "table %s: result %s for hand %s recovered from the table: the log had lost it",
                table,
                result.id,
                result.hand,
            )
        teams = {table, t.visitor_team(result.hand, table)}
        batch.dirty_tables |= teams
        batch.changed_teams |= teams
        batch.state = True

    # ------------------------------------------------------------------ the second copy
    #: Re-offered results for a hand the log has not started (a backup restored from before
    #: it), by (hand, table): kept in memory, recorded once the leader starts that hand again.
    #: A hub started again has a new epoch, to which the tables offer them once more.
    _held_reoffers: dict[tuple[int, int], bytes] | None = None

    def _hold_reoffer(self, result: Result, payload: bytes) -> None:
        held = self._held_reoffers = self._held_reoffers or {}
        held[(result.hand, result.table)] = payload
        log.warning(
            "table %s: result %s for hand %s offered again is kept until hand %s starts",
            result.table,
            result.id,
            result.hand,
            result.hand,
        )

    def _before_commit(self, batch: Batch) -> None:
        """Held re-offers whose hand has now started are handled as if they came now."""
        super()._before_commit(batch)
        held = self._held_reoffers
        if not held:
            return
        hand = self.tournament.hand
        for key in sorted(k for k in held if k[0] <= hand):
            payload, before = held.pop(key), len(batch.events)
            try:
                self._on_report(key[1], payload, batch)
            except Exception:  # as HubBase.handle: a bug must not take the hall down
                log.exception("internal error handling table %s's held result", key[1])
                del batch.events[before:]
                self._rebuild(batch.events)

    # ------------------------------------------------------------------ counts
    def _on_count(self, table: int, payload: bytes, batch: Batch) -> None:
        """The players' count of their flags at a day's end (decision A19): recorded as the
        console's ``verify`` is (the same event), once per id, and answered with an Ack; the
        table's view then says whether it agrees."""
        t = self.tournament
        count = self._decoded(table, payload, lambda p: decode(FlagCount, p), "count", batch)
        if count is None:
            return
        if count.table != table:
            reason = f"this count is for table {count.table} but came from table {table}'s kiosk"
            self._reject(table, count.id, reason, ErrorCode.WRONG_TABLE, batch)
            return
        if (table, count.id) in t.count_ids:
            ack = Ack(id=count.id, status="duplicate", day=t.count_ids[(table, count.id)][0])
            batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))
            return
        try:
            self._apply(FlagsCounted(count.day, table, count.flags, count.id), batch)
        except TournamentError as exc:
            self._reject(table, count.id, exc.reason, exc.code, batch)
            return
        log.info("table %s: counted %s flags for day %s", table, count.flags, count.day)
        batch.dirty_tables.add(table)
        batch.state = batch.now = True
        ack = Ack(id=count.id, status="accepted", day=count.day)
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _same_as_recorded(self, event: ResultRecorded) -> bool:
        done = self.tournament.result(event.hand, event.table)
        return done is not None and (
            done.visitor_tricks,
            done.revokes_home,
            done.revokes_visitors,
        ) == (event.visitor_tricks, event.revokes_home, event.revokes_visitors)

    def _duplicate_ack(
        self, table: int, result_id: str, hand: int, reported_table: int, batch: Batch
    ) -> None:
        t = self.tournament
        flags = t.rules.unit == Unit.FLAGS
        ack = Ack(
            id=result_id,
            status="duplicate",
            hand=hand,
            flags=t.flags_held(reported_table) if flags else None,
            points=None if flags else t.score(reported_table),
        )
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _record_conflict(self, result: Result, payload: bytes, reason: str, batch: Batch) -> None:
        key = (result.hand, result.table)
        self._open_conflict(key, result.id, payload.decode("utf-8"), reason, batch)

    def _conflict_content(self, body: str) -> str:
        r = decode_result(body)
        return f"{r.visitor_tricks} {r.revokes.home} {r.revokes.visitors}"
