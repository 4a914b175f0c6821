"""The join code and the joins, for the leader's console, whatever the event.

The code lives in a file beside the broker's (``hub/broker/provision.py``), read here and by the
join service at every attempt; it never reaches the event store: the replies that carry it are
kept without it (:data:`SECRET_REPLIES`, :data:`UNREMEMBERED`, used by ``hub/service/commands.py``).
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from hub.broker.joincode import JOIN_CODE_FILE, JoinCode, read_joins
from hub.service.batch import Batch
from hub.service.datadir import BROKER_DIR
from hub.service.store import EventStore
from whist.errors import ErrorCode, TournamentError
from whist.protocol import (
    JoinCodeData,
    JoinCodeQuery,
    JoinEntry,
    Joins,
    JoinsData,
    RenewJoinCode,
    RenewJoinCodeData,
)

log = logging.getLogger("whist.hub")

#: Replies that carry the join code: kept in the event store without it (a console that sends
#: the command again is answered without the code, and asks ``join_code``).
SECRET_REPLIES = frozenset({"join_code", "renew_join_code"})
#: Queries whose replies are not kept at all: asked again, they read the files again.
UNREMEMBERED = frozenset({"join_code", "joins"})


def reply_to_keep(op: str, body: dict[str, Any]) -> dict[str, Any] | None:
    """What the event store may keep of a Reply to ``op``: None for nothing at all."""
    if op in UNREMEMBERED:
        return None
    if op in SECRET_REPLIES:
        return {**body, "data": {k: v for k, v in (body.get("data") or {}).items() if k != "code"}}
    return body


class JoinDesk:
    """join_code, renew_join_code, joins."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    def _join_folder(self) -> Path:
        return self.store.path.parent / BROKER_DIR

    def _join_code_data(self, code: JoinCode | None) -> JoinCodeData:
        from hub.broker.net import lan_addresses

        if code is None:
            raise TournamentError(
                "this hub has no join code (its broker is not the embedded one): give each "
                "kiosk its settings with whist-hub credentials",
                ErrorCode.NO_JOIN_CODE,
            )
        return JoinCodeData(
            code=code.code,
            expires=int(code.expires),
            expired=code.expired(time.time()),
            hosts=lan_addresses(),
        )

    def _do_join_code(self, cmd: JoinCodeQuery, batch: Batch) -> JoinCodeData:
        return self._join_code_data(JoinCode.read(self._join_folder() / JOIN_CODE_FILE))

    def _do_renew_join_code(self, cmd: RenewJoinCode, batch: Batch) -> RenewJoinCodeData:
        folder = self._join_folder()
        if JoinCode.read(folder / JOIN_CODE_FILE) is None:
            self._join_code_data(None)  # refused: no join service to renew the code of
        try:
            code = JoinCode.renew(folder)
        except OSError as exc:
            raise TournamentError(
                f"the new code could not be written: {exc}", ErrorCode.IO
            ) from exc
        log.info("join code renewed by the leader (the old one is refused from now on)")
        return RenewJoinCodeData.model_validate(self._join_code_data(code).model_dump())

    def _do_joins(self, cmd: Joins, batch: Batch) -> JoinsData:
        entries = []
        for entry in read_joins(self._join_folder()):
            try:  # a line of the log written by hand or damaged is left out
                entries.append(JoinEntry.model_validate(entry))
            except ValueError:
                log.warning("joins: an unreadable entry was left out")
        return JoinsData(joins=entries)
