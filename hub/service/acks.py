"""Answering a table: reading its message within the protocol's bounds, refusing it with an
Ack a player can read, and refusing what belongs to the other kind of event."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from hub.service.batch import Batch, Outgoing, peek_id
from hub.service.live import Live
from hub.service.room import Room
from whist.errors import ErrorCode, ProtocolError
from whist.occasion import Occasion
from whist.protocol import Ack, Topics, encode

log = logging.getLogger("whist.hub")
M = TypeVar("M")


def reject(
    topics: Topics,
    table: int,
    message_id: str,
    reason: str,
    code: ErrorCode,
    batch: Batch,
    hand: int | None = None,
) -> None:
    log.info("table %s: result %s rejected (%s): %s", table, message_id, code, reason)
    ack = Ack(id=message_id, status="rejected", reason=reason, code=code, hand=hand)
    batch.out.append(Outgoing(topics.ack(table), encode(ack)))


def entered_elsewhere(report_log: str | None, live: Live[Occasion]) -> str | None:
    """Why a table's report is refused (code ``other_event``) when its players entered it for
    another event than the one this hub's log holds: the leader has started another since
    (``--new-start``) and the kiosk's outbox sends it now. None when it names this log, or
    none (a kiosk that had heard no hub, or one from before the ``log`` field)."""
    if report_log is None or report_log == live.log_id:
        return None
    return (
        "this was entered for another tournament or club night than the one this hub "
        "holds: the leader has started a new one since"
    )


def decoded(
    topics: Topics,
    room: Room,
    table: int,
    payload: bytes,
    decoder: Callable[[bytes], M],
    what: str,
    batch: Batch,
) -> M | None:
    """The message, or None once it is refused (an Ack when its id can be read; the leader
    told of the table when it cannot)."""
    try:
        return decoder(payload)
    except ProtocolError as exc:
        if exc.message_id is None:
            log.warning("table %s: unreadable %s dropped: %s", table, what, exc.reason)
            room.note_unreadable(table, batch)
        else:
            reject(topics, table, exc.message_id, exc.reason, exc.code, batch)
        return None


class OtherKind:
    """What a table sends that the event this hub runs has no use for: a report of the other
    kind of event (a deal at a military hub, a result at a club night's), a count of flags at
    a club night. Refused with WRONG_FORMAT, so the kiosk's outbox lets it go."""

    def __init__(self, topics: Topics, room: Room, live: Live[Occasion]) -> None:
        self.topics = topics
        self.room = room
        self.live = live

    def on_report(self, table: int, payload: bytes, batch: Batch) -> None:
        message_id = peek_id(payload)
        if message_id is None:
            log.warning("table %s: a report of the other kind of event dropped", table)
            self.room.note_unreadable(table, batch)
            return
        event = self.live.event
        reason = f"this hub runs {event.running}, not {event.other_report}"
        self._refuse(table, message_id, reason, batch)

    def on_count(self, table: int, payload: bytes, batch: Batch) -> None:
        message_id = peek_id(payload)
        if message_id is None:
            self.room.note_unreadable(table, batch)
        else:
            reason = f"this hub runs {self.live.event.running}: it has no flags to count"
            self._refuse(table, message_id, reason, batch)

    def _refuse(self, table: int, message_id: str, reason: str, batch: Batch) -> None:
        ack = Ack(id=message_id, status="rejected", reason=reason, code=ErrorCode.WRONG_FORMAT)
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))
