"""The hub's core: calls for the leader and kiosks' online status, the same for every kind of
event (military whist, a club night)."""

from __future__ import annotations

import logging

from hub.service.batch import Batch
from hub.service.corebase import HubBase
from whist.errors import ProtocolError
from whist.protocol import ONLINE, decode_call, decode_status

log = logging.getLogger("whist.hub")


class TableDesk(HubBase):
    """A table calling the leader (kept until cleared), a kiosk going online or offline."""

    # ------------------------------------------------------------------ calls and status
    def _on_call(self, table: int, payload: bytes, batch: Batch) -> None:
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

    def _on_status(self, table: int, payload: bytes, batch: Batch) -> None:
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
