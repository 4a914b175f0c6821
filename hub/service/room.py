"""The room as the hub sees it beside the log: which tables call the leader (kept until
cleared) and which kiosks are online; the same for every kind of event."""

from __future__ import annotations

import logging
import time

from hub.service.batch import Batch
from hub.service.live import Live
from hub.service.store import EventStore, Transaction
from whist.errors import ProtocolError
from whist.occasion import Occasion
from whist.protocol import (
    CALL_TOPICS,
    ONLINE,
    UNREADABLE_CALL,
    ClearCall,
    ClearCallData,
    decode_call,
    decode_status,
)

log = logging.getLogger("whist.hub")

#: The id of the call the hub makes for a table that sent something unreadable.
UNREADABLE_CALL_ID = "hub-unreadable"


class Room:
    """A table calling the leader, a kiosk going online or offline; the leader clearing a
    call (the op ``clear_call``)."""

    def __init__(self, store: EventStore, live: Live[Occasion]) -> None:
        self.store = store
        self.live = live
        self.calls: dict[int, str] = store.calls()
        self.online: set[int] = set()

    @property
    def tables(self) -> range:
        return self.live.event.table_numbers

    def offline(self) -> list[int]:
        return [t for t in self.tables if t not in self.online]

    def clear_all(self, batch: Batch) -> None:
        """Every call cleared (the night is over: no table waits for the leader now)."""
        cleared = list(self.calls)
        self.calls.clear()

        def clear(tx: Transaction) -> None:
            for table in cleared:
                tx.clear_call(table)

        if cleared:
            batch.writes.append(clear)
            batch.state = True

    def on_call(self, table: int, payload: bytes, batch: Batch) -> None:
        if table not in self.tables:
            log.warning("call from unknown table %s dropped", table)
            return
        try:
            call = decode_call(payload)
        except ProtocolError as exc:
            log.warning("table %s: unreadable call dropped: %s", table, exc.reason)
            return
        # the players' own words, else what they chose on the kiosk (issue 25), else the default
        reason = call.reason.strip() or CALL_TOPICS[call.topic or "other"]
        self.calls[table] = reason
        batch.writes.append(lambda tx: tx.set_call(table, call.id, reason))
        batch.state = batch.now = True

    def on_status(self, table: int, payload: bytes, batch: Batch) -> None:
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

    def _do_clear_call(self, cmd: ClearCall, batch: Batch) -> ClearCallData:
        cleared = self.calls.pop(cmd.table, None) is not None
        if cleared:
            batch.writes.append(lambda tx: tx.clear_call(cmd.table))
            batch.state = True
        return ClearCallData(table=cmd.table, cleared=cleared)

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
