"""The result path: a table's result received, read within its bounds, checked against the
tournament, applied; committed with its batch by the core, and acknowledged after the commit
with the table's score then. Nothing else rides on it: the feed, the console's commands and
queries, exports and releases are other handlers (the next step, issue 28, gives this one its
own core)."""

from __future__ import annotations

import logging

from hub.service.acks import decoded, entered_elsewhere, reject
from hub.service.batch import Batch, Outgoing
from hub.service.conflicts import Conflicts
from hub.service.live import Live
from hub.service.room import Room
from whist.enums import Unit
from whist.errors import ErrorCode, TournamentError
from whist.events import ResultRecorded
from whist.protocol import Ack, Result, Topics, decode_result, encode
from whist.tournament import Tournament

log = logging.getLogger("whist.hub")


def result_content(body: str) -> str:
    """What a kept result says, whatever its id."""
    r = decode_result(body)
    return f"{r.visitor_tricks} {r.revokes.home} {r.revokes.visitors}"


class ResultDesk:
    """Results: accepted, duplicate, rejected, conflicting; and results the tables offer again
    for a hand the log has not started (a backup restored from before it)."""

    def __init__(
        self, topics: Topics, room: Room, conflicts: Conflicts, live: Live[Tournament]
    ) -> None:
        self.topics = topics
        self.room = room
        self.conflicts = conflicts
        self.live = live
        #: Re-offered results for a hand the log has not started, by (hand, table): kept in
        #: memory, recorded once the leader starts that hand again. A hub started again has a
        #: new epoch, to which the tables offer them once more.
        self._held_reoffers: dict[tuple[int, int], bytes] = {}

    def on_result(self, table: int, payload: bytes, batch: Batch) -> None:
        t = self.live.event
        result = decoded(self.topics, self.room, table, payload, decode_result, "result", batch)
        if result is None:
            return
        elsewhere = entered_elsewhere(result.log, self.live)
        if elsewhere is not None:
            code = ErrorCode.OTHER_EVENT
            reject(self.topics, table, result.id, elsewhere, code, batch, result.hand)
            return
        taken = t.take(table, result)
        if taken.wrong_table:
            reason = f"this result is for table {result.table} but came from table {table}'s kiosk"
            reject(self.topics, table, result.id, reason, ErrorCode.WRONG_TABLE, batch, result.hand)
            return
        if taken.held is not None:
            # Its id held already, or the same facts under a new id (a kiosk replaced
            # mid-hand, a player entering the slip again): not a conflict.
            hand, reported_table = taken.held
            self._duplicate_ack(table, result.id, hand, reported_table, batch)
            return
        event = taken.event
        assert isinstance(event, ResultRecorded)
        try:
            self.live.apply(event, batch)
        except TournamentError as exc:
            if exc.code == ErrorCode.CONFLICT:
                key = (result.hand, result.table)
                self.conflicts.keep(key, result.id, payload.decode("utf-8"), exc.reason, batch)
            if result.reoffer and exc.code == ErrorCode.WRONG_HAND:
                self._hold_reoffer(result, payload)
            reject(self.topics, table, result.id, exc.reason, exc.code, batch, result.hand)
            return
        seq = t.events
        batch.acks.append((table, lambda: self._accepted(table, result.id, result.hand, seq)))
        if result.reoffer:
            log.warning(
                "table %s: result %s for hand %s recovered from the table: the log had lost it",
                table,
                result.id,
                result.hand,
            )
        teams = {table, t.visitor_team(result.hand, table)}
        batch.dirty_tables |= teams
        if result.hand <= t.completed_hand():
            # a result of a hand already over: every table's place after it may move (the
            # place in each table's view, issue 25)
            batch.dirty_tables |= set(t.table_numbers)
        batch.changed_teams |= teams
        batch.state = True

    def _accepted(self, table: int, result_id: str, hand: int, seq: int) -> Ack:
        """The Ack of an accepted result, with the table's flags or points once committed."""
        t = self.live.event
        flags = t.rules.unit == Unit.FLAGS
        return Ack(
            id=result_id,
            status="accepted",
            hand=hand,
            seq=seq,
            flags=t.flags_held(table) if flags else None,
            points=None if flags else t.score(table),
        )

    # ------------------------------------------------------------------ the second copy
    def _hold_reoffer(self, result: Result, payload: bytes) -> None:
        self._held_reoffers[(result.hand, result.table)] = payload
        log.warning(
            "table %s: result %s for hand %s offered again is kept until hand %s starts",
            result.table,
            result.id,
            result.hand,
            result.hand,
        )

    def before_commit(self, batch: Batch) -> None:
        """Held re-offers whose hand has now started are handled as if they came now."""
        held = self._held_reoffers
        if not held:
            return
        hand = self.live.event.hand
        for key in sorted(k for k in held if k[0] <= hand):
            payload, before = held.pop(key), len(batch.events)
            try:
                self.on_result(key[1], payload, batch)
            except Exception:  # as HubCore.handle: a bug must not take the hall down
                log.exception("internal error handling table %s's held result", key[1])
                del batch.events[before:]
                self.live.rebuild(batch.events)

    # ------------------------------------------------------------------ duplicates
    def _duplicate_ack(
        self, table: int, result_id: str, hand: int, reported_table: int, batch: Batch
    ) -> None:
        t = self.live.event
        flags = t.rules.unit == Unit.FLAGS
        ack = Ack(
            id=result_id,
            status="duplicate",
            hand=hand,
            flags=t.flags_held(reported_table) if flags else None,
            points=None if flags else t.score(reported_table),
        )
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))
