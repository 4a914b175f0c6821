"""A club night's handlers: the deals the tables report (:class:`DealDesk`), the trumps the hub
draws for 8-to-1 (:class:`TrumpDraw`), and the leader's ops for a night (:class:`NightOps`).
Every rule lives in :mod:`whist.night`; the core (:mod:`hub.service.core`) commits each batch
before its acks go out, as for a tournament.

A club night's tables report a deal every few minutes, not hundreds a second: its core holds
nothing back (``hub.service.kinds``), and every change of a table also sends the night's
standings and State.
"""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path

from hub.service.acks import decoded, entered_elsewhere
from hub.service.batch import Batch, Outgoing
from hub.service.conflicts import Conflicts
from hub.service.exports import Exports, Written
from hub.service.live import Live
from hub.service.room import Room
from whist import night as club
from whist.enums import AckStatus
from whist.errors import ErrorCode, TournamentError
from whist.events import DealCorrected, NightEnded, RoundTrumpDrawn
from whist.night import ClubNight
from whist.protocol import (
    Ack,
    ClubDeal,
    CorrectDeal,
    CorrectDealData,
    Deals,
    DealsData,
    EndNight,
    EndNightData,
    Export,
    ExportData,
    Topics,
    decode,
    encode,
    reason_template,
)

log = logging.getLogger("whist.hub")


def deal_content(body: str) -> str:
    """What a kept deal says, whatever its id."""
    return json.dumps(decode(ClubDeal, body).record.fields(), sort_keys=True)


def table_changed(batch: Batch, *tables: int) -> None:
    """A table's score moved: its message, the night's standings and the State go out."""
    batch.dirty_tables.update(tables)
    batch.state = batch.standings = True


class DealDesk:
    """Deals: accepted, duplicate, rejected, conflicting."""

    def __init__(
        self, topics: Topics, room: Room, conflicts: Conflicts, live: Live[ClubNight]
    ) -> None:
        self.topics = topics
        self.room = room
        self.conflicts = conflicts
        self.live = live

    def _ack(self, table: int, ack: Ack, batch: Batch) -> None:
        if ack.status == AckStatus.REJECTED:
            log.info("table %s: deal %s rejected (%s): %s", table, ack.id, ack.code, ack.reason)
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _refuse(
        self,
        table: int,
        deal: ClubDeal,
        reason: str,
        code: ErrorCode,
        batch: Batch,
        exc: TournamentError | None = None,
    ) -> None:
        """A deal refused: the Ack with its number and why (a rule's words, with their
        values, when *exc* has a template)."""
        words = reason_template(exc) if exc is not None else {}
        ack = Ack(id=deal.id, status="rejected", reason=reason, code=code, deal=deal.deal, **words)
        self._ack(table, ack, batch)

    def on_deal(self, table: int, payload: bytes, batch: Batch) -> None:
        night = self.live.event
        deal = decoded(
            self.topics, self.room, table, payload, lambda p: decode(ClubDeal, p), "deal", batch
        )
        if deal is None:
            return
        elsewhere = entered_elsewhere(deal.log, self.live)
        if elsewhere is not None:
            self._refuse(table, deal, elsewhere, ErrorCode.OTHER_EVENT, batch)
            return
        taken = night.take(table, deal)  # the night decides; the hub records and acks
        if taken.wrong_table:
            reason = f"this deal is for table {deal.table} but came from table {table}'s kiosk"
            self._refuse(table, deal, reason, ErrorCode.WRONG_TABLE, batch)
            return
        if taken.held is not None or taken.event is None:
            # sent again, or the same facts under a new id (a kiosk replaced mid-night)
            number = taken.held[0] if taken.held is not None else deal.deal
            self._ack(table, Ack(id=deal.id, status="duplicate", deal=number), batch)
            return
        try:
            self.live.apply(taken.event, batch)
        except TournamentError as exc:
            if exc.code == ErrorCode.CONFLICT:
                key = (deal.deal, deal.table)
                self.conflicts.keep(key, deal.id, payload.decode("utf-8"), exc.reason, batch)
            self._refuse(table, deal, exc.reason, exc.code, batch, exc)
            return
        accepted = Ack(id=deal.id, status="accepted", deal=deal.deal, seq=night.seq)
        batch.acks.append((table, lambda: accepted))
        table_changed(batch, table)
        if deal.reoffer:
            log.warning(
                "table %s: deal %s (number %s) recovered from the table: the log had lost it",
                table,
                deal.id,
                deal.deal,
            )


class TrumpDraw:
    """8-to-1: the hub draws (with its rng) the trump of every round a table plays next that
    has none yet, so every table plays round n in the same suit (EO3)."""

    def __init__(self, live: Live[ClubNight], rng: random.Random) -> None:
        self.live = live
        self.rng = rng

    def draw(self) -> list[RoundTrumpDrawn]:
        """Draw and apply what is due; the events, to commit."""
        return self.live.event.draw_trumps(self.rng)

    def before_commit(self, batch: Batch) -> None:
        drawn = self.draw()
        if drawn:
            log.info("drawn: %s", ", ".join(f"round {e.round} {e.trump}" for e in drawn))
            batch.events.extend(drawn)
            batch.standings = True


class NightOps:
    """A club night's commands: correct a deal, end the night, the deals, export."""

    def __init__(
        self, live: Live[ClubNight], conflicts: Conflicts, exports: Exports, room: Room
    ) -> None:
        self.live = live
        self.conflicts = conflicts
        self.exports = exports
        self.room = room

    def _do_correct_deal(self, cmd: CorrectDeal, batch: Batch) -> CorrectDealData:
        night = self.live.event
        record = cmd.record.fields()
        self.live.apply(DealCorrected(cmd.table, cmd.deal, record, cmd.reason.strip()), batch)
        self.conflicts.settle((cmd.deal, cmd.table), None, batch)
        # A game won or lost moves every table's places once their night is over.
        finished = [t for t in night.table_numbers if night.table(t).finished]
        table_changed(batch, cmd.table, *finished)
        return CorrectDealData(table=cmd.table, deal=cmd.deal)

    def _do_end_night(self, cmd: EndNight, batch: Batch) -> EndNightData:
        night = self.live.event
        self.live.apply(NightEnded(), batch)
        self.room.clear_all(batch)  # the night is over: no table waits for the leader now
        table_changed(batch, *night.table_numbers)  # every table shows its places
        return EndNightData(deals=night.total_deals)

    def _do_deals(self, cmd: Deals, batch: Batch) -> DealsData:
        night = self.live.event
        if cmd.table is not None and cmd.table not in night.table_numbers:
            raise TournamentError(
                f"there is no table {cmd.table} tonight (1 to {night.tables})",
                ErrorCode.BAD_TABLE,
            )
        wanted = [cmd.table] if cmd.table is not None else list(night.table_numbers)
        return DealsData(tables=[club.table_deals(night, t) for t in wanted])

    def _do_export(self, cmd: Export, batch: Batch) -> ExportData:
        night = self.live.event
        return self.exports.once(night.seq, cmd.language, lambda f: self._write(cmd, f))

    def _write(self, cmd: Export, folder: Path) -> Written:
        from hub.paper.clubsheets import write_club_sheets
        from hub.paper.export import export_night_csv

        night = self.live.event
        files = export_night_csv(night, folder)
        return files, write_club_sheets(folder, night.spec, cmd.language, pdf=False)
