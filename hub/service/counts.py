"""The players' count of their flags at a day's end (decision A19), sent from their table."""

from __future__ import annotations

import logging

from hub.service.acks import decoded, entered_elsewhere, reject
from hub.service.batch import Batch, Outgoing
from hub.service.live import Live
from hub.service.room import Room
from whist.errors import ErrorCode, TournamentError
from whist.events import FlagsCounted
from whist.protocol import Ack, FlagCount, Topics, decode, encode
from whist.tournament import Tournament

log = logging.getLogger("whist.hub")


class CountDesk:
    """A count is recorded as the console's ``verify`` is (the same event), once per id, and
    answered with an Ack; the table's view then says whether it agrees."""

    def __init__(self, topics: Topics, room: Room, live: Live[Tournament]) -> None:
        self.topics = topics
        self.room = room
        self.live = live

    def on_count(self, table: int, payload: bytes, batch: Batch) -> None:
        t = self.live.event
        count = decoded(
            self.topics, self.room, table, payload, lambda p: decode(FlagCount, p), "count", batch
        )
        if count is None:
            return
        elsewhere = entered_elsewhere(count.log, self.live)
        if elsewhere is not None:
            reject(self.topics, table, count.id, elsewhere, ErrorCode.OTHER_EVENT, batch)
            return
        if count.table != table:
            reason = f"this count is for table {count.table} but came from table {table}'s kiosk"
            reject(self.topics, table, count.id, reason, ErrorCode.WRONG_TABLE, batch)
            return
        if (table, count.id) in t.count_ids:
            ack = Ack(id=count.id, status="duplicate", day=t.count_ids[(table, count.id)][0])
            batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))
            return
        try:
            self.live.apply(FlagsCounted(count.day, table, count.flags, count.id), batch)
        except TournamentError as exc:
            reject(self.topics, table, count.id, exc.reason, exc.code, batch)
            return
        log.info("table %s: counted %s flags for day %s", table, count.flags, count.day)
        batch.dirty_tables.add(table)
        batch.state = batch.now = True
        ack = Ack(id=count.id, status="accepted", day=count.day)
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))
