"""The hub's logic for a club night, without a network: :class:`ClubCore` takes the deals the
tables report and the leader's commands, applies them to the night (:mod:`whist.night`, where
every rule lives), commits them, and returns what to publish: acks, each table's
:class:`~whist.protocol.ClubScore`, the hall's :class:`~whist.protocol.NightStandings` and the
night's State. It shares with :class:`~hub.service.core.HubCore` the handling of a batch (commit
before ack), calls and kiosk status, the command desk (dedup by command id) and the join desk.

Nothing is held back: a club night's tables report a deal every few minutes, not hundreds a
second, so every batch publishes the tables it changed, the standings and the State at once.
"""

from __future__ import annotations

import json
import logging
import random
import subprocess
from pathlib import Path

from hub.service.batch import Batch, Outgoing
from hub.service.calls import TableDesk
from hub.service.commands import CommandDesk
from hub.service.datadir import EXPORTS_DIR
from hub.service.joins import JoinDesk
from hub.service.store import EventStore, StoreError, Transaction
from whist import night as club
from whist.errors import ErrorCode, ProtocolError, TournamentError
from whist.events import (
    DealCorrected,
    DealRecorded,
    Event,
    NightCreated,
    NightEnded,
    RoundTrumpDrawn,
)
from whist.formats.eight_to_one import draw_trump, round_cards
from whist.night import ClubNight
from whist.nightspec import NightSpec
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
    TableDeals,
    Topics,
    decode,
    encode,
    reason_template,
)

log = logging.getLogger("whist.hub")


class ClubCore(TableDesk, CommandDesk, JoinDesk):
    """A club night's hub, without a network. Not thread-safe: one worker drives it.

    >>> import tempfile, pathlib
    >>> from whist.nightspec import default_night
    >>> store = EventStore(pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3")
    >>> core = ClubCore(store, default_night("american", 2))
    >>> deal = b'{"v":1,"id":"d1","table":1,"deal":1,"record":{"trump":"clubs","ns_tricks":9}}'
    >>> out = core.handle([Inbound("deal", 1, deal)])
    >>> [o.topic for o in out][-1], core.night.table(1).score_of("NS")
    ('whist/table/1/ack', 3)
    """

    report_kind = "deal"
    other_kind = "is for military whist; this is a club night"

    def __init__(
        self,
        store: EventStore,
        spec: NightSpec | None = None,
        *,
        topics: Topics | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self.store = store
        self.topics = topics or Topics()
        self.rng = rng or random.SystemRandom()
        events = store.events()
        if not events:
            if spec is None:
                raise StoreError(f"{store.path} holds no club night and no file was given")
            created = NightCreated(spec)
            with store.transaction() as tx:
                tx.append(created)
            events = [created]
        if not isinstance(events[0], NightCreated):
            raise StoreError(
                f"{store.path} holds a military whist tournament, not a club night: "
                "serve it with its tournament file"
            )
        self.night = ClubNight.replay(events)
        # 8-to-1: round 1's trump at the start of the night (and whatever a log written
        # before the hub drew trumps lacks), committed before anything is published.
        drawn = self._draw_trumps()
        if drawn:
            with store.transaction() as tx:
                for event in drawn:
                    tx.append(event)
        self.spec_changed = spec is not None and spec != self.night.spec
        self.online: set[int] = set()
        self.calls: dict[int, str] = store.calls()
        self._conflicts = {(c.hand, c.table) for c in store.conflicts()}
        self._conflicts_kept = {}
        #: The process printing an export's score sheets to PDF (hub.paper.sheets.start_pdfs).
        self.pdf_job: subprocess.Popen[bytes] | None = None

    # ------------------------------------------------------------------ what is published
    @property
    def tables(self) -> range:
        return self.night.table_numbers

    def state_message(self) -> Outgoing:
        state = club.night_state(
            self.night,
            offline=self.offline(),
            calling=sorted(self.calls),
            call_reasons={str(t): reason for t, reason in sorted(self.calls.items())},
        ).model_copy(update={"conflicts": self.conflict_tables()})
        return Outgoing(self.topics.state, encode(state), retain=True)

    def score_message(self, table: int) -> Outgoing:
        """Table ``table``'s ClubScore: its running score, as recorded."""
        return Outgoing(
            self.topics.score(table), club.club_score_json(self.night, table), retain=True
        )

    def night_message(self) -> Outgoing:
        """The hall's NightStandings."""
        standings = club.night_standings(self.night)
        return Outgoing(self.topics.night, encode(standings), retain=True)

    def retained(self) -> list[Outgoing]:
        return [
            *(self.score_message(t) for t in self.tables),
            self.state_message(),
            self.night_message(),
            self.epoch_message(),
        ]

    # The service asks these of every core; nothing is ever held back here.
    def flush(self) -> list[Outgoing]:
        return []

    def held_wait(self) -> float | None:
        return None

    # ------------------------------------------------------------------ handling
    def _rebuild(self, pending: list[Event]) -> None:
        self.night = ClubNight.replay([*self.store.events(), *pending])

    def _apply(self, event: Event, batch: Batch) -> None:
        """Check and apply; raises TournamentError (nothing changed) when it cannot."""
        self.night.apply(event)
        batch.events.append(event)

    def _draw_trumps(self) -> list[RoundTrumpDrawn]:
        """8-to-1: draw (with the hub's rng) and apply the trump of every round a table plays
        next that has none yet, so every table plays round n in the same suit (EO3)."""
        drawn = []
        for game, number in self.night.rounds_to_draw():
            event = RoundTrumpDrawn(number, draw_trump(round_cards(number), self.rng), game)
            self.night.apply(event)
            drawn.append(event)
        return drawn

    def _before_commit(self, batch: Batch) -> None:
        drawn = self._draw_trumps()
        if drawn:
            log.info("drawn: %s", ", ".join(f"round {e.round} {e.trump}" for e in drawn))
            batch.events.extend(drawn)
            batch.standings = True

    def _publications(self, batch: Batch) -> list[Outgoing]:
        out = [self.score_message(t) for t in sorted(batch.dirty_tables)]
        if batch.standings or batch.dirty_tables:
            out.append(self.night_message())
        if batch.state or batch.dirty_tables:
            out.append(self.state_message())
        for table, deal_id, deal, seq in batch.acks:
            ack = Ack(id=deal_id, status="accepted", deal=deal, seq=seq)
            out.append(Outgoing(self.topics.ack(table), encode(ack)))
        out.extend(batch.out)
        return out

    # ------------------------------------------------------------------ deals
    def _ack(self, table: int, ack: Ack, batch: Batch) -> None:
        if ack.status == "rejected":
            log.info("table %s: deal %s rejected (%s): %s", table, ack.id, ack.code, ack.reason)
        batch.out.append(Outgoing(self.topics.ack(table), encode(ack)))

    def _on_report(self, table: int, payload: bytes, batch: Batch) -> None:
        night = self.night
        try:
            deal = decode(ClubDeal, payload)
        except ProtocolError as exc:
            if exc.message_id is None:
                log.warning("table %s: unreadable deal dropped: %s", table, exc.reason)
                self.note_unreadable(table, batch)
            else:
                ack = Ack(id=exc.message_id, status="rejected", reason=exc.reason, code=exc.code)
                self._ack(table, ack, batch)
            return
        if deal.table != table:
            reason = f"this deal is for table {deal.table} but came from table {table}'s kiosk"
            ack = Ack(
                id=deal.id,
                status="rejected",
                reason=reason,
                code=ErrorCode.WRONG_TABLE,
                deal=deal.deal,
            )
            self._ack(table, ack, batch)
            return
        if (table, deal.id) in night.deal_ids:  # ids are per table: another's is not ours
            _, number = night.deal_ids[(table, deal.id)]
            self._ack(table, Ack(id=deal.id, status="duplicate", deal=number), batch)
            return
        record = deal.record.fields()
        if table in self.tables:
            done = night.recorded(table, deal.deal)
            if done is not None and dict(done.record) == record:
                # A kiosk replaced mid-night, or the deal entered again: the same facts under a
                # new id are not a conflict.
                self._ack(table, Ack(id=deal.id, status="duplicate", deal=deal.deal), batch)
                return
        try:
            self._apply(DealRecorded(deal.id, table, deal.deal, record, deal.reoffer), batch)
        except TournamentError as exc:
            if exc.code == ErrorCode.CONFLICT:
                self._record_conflict(deal, payload, exc.reason, batch)
            ack = Ack(
                id=deal.id,
                status="rejected",
                reason=exc.reason,
                code=exc.code,
                deal=deal.deal,
                **reason_template(exc),
            )
            self._ack(table, ack, batch)
            return
        batch.acks.append((table, deal.id, deal.deal, night.seq))
        batch.dirty_tables.add(table)
        if deal.reoffer:
            log.warning(
                "table %s: deal %s (number %s) recovered from the table: the log had lost it",
                table,
                deal.id,
                deal.deal,
            )
            batch.state = True

    def _record_conflict(self, deal: ClubDeal, payload: bytes, reason: str, batch: Batch) -> None:
        key = (deal.deal, deal.table)
        self._open_conflict(key, deal.id, payload.decode("utf-8"), reason, batch)

    def _conflict_content(self, body: str) -> str:
        return json.dumps(decode(ClubDeal, body).record.fields(), sort_keys=True)

    # ------------------------------------------------------------------ commands
    def _do_correct_deal(self, cmd: CorrectDeal, batch: Batch) -> CorrectDealData:
        record = cmd.record.fields()
        self._apply(DealCorrected(cmd.table, cmd.deal, record, cmd.reason.strip()), batch)
        self._settle((cmd.deal, cmd.table), None, batch)
        batch.dirty_tables.add(cmd.table)
        # A game won or lost moves every table's places once their night is over.
        batch.dirty_tables |= {t for t in self.tables if self.night.table(t).finished}
        batch.state = True
        return CorrectDealData(table=cmd.table, deal=cmd.deal)

    def _do_end_night(self, cmd: EndNight, batch: Batch) -> EndNightData:
        self._apply(NightEnded(), batch)
        # the night is over: no table waits for the leader now
        cleared = list(self.calls)
        self.calls.clear()

        def clear_calls(tx: Transaction) -> None:
            for table in cleared:
                tx.clear_call(table)

        batch.writes.append(clear_calls)
        batch.dirty_tables |= set(self.tables)  # every table shows its places
        batch.state = batch.standings = True
        return EndNightData(deals=self.night.total_deals)

    def _do_deals(self, cmd: Deals, batch: Batch) -> DealsData:
        night = self.night
        if cmd.table is not None and cmd.table not in self.tables:
            raise TournamentError(
                f"there is no table {cmd.table} tonight (1 to {night.tables})",
                ErrorCode.BAD_TABLE,
            )
        wanted = [cmd.table] if cmd.table is not None else list(self.tables)
        return DealsData(
            tables=[
                TableDeals(
                    table=t,
                    deals=[
                        club.scored_deal(night, t, n) for n in range(1, len(night.deals[t]) + 1)
                    ],
                )
                for t in wanted
            ]
        )

    def _do_export(self, cmd: Export, batch: Batch) -> ExportData:
        return self._export_once(self.night.seq, cmd.language, lambda: self._export(cmd))

    def _export(self, cmd: Export) -> ExportData:
        from hub.paper.clubsheets import write_club_sheets
        from hub.paper.export import export_night_csv
        from hub.paper.sheets import start_pdfs

        folder: Path = self.store.path.parent / EXPORTS_DIR
        try:
            files = export_night_csv(self.night, folder)
            sheets = write_club_sheets(folder, self.night.spec, cmd.language, pdf=False)
        except OSError as exc:
            raise TournamentError(
                f"the files could not be written in {folder}: {exc}", ErrorCode.IO
            ) from exc
        # The PDF follows in a process of its own, as a tournament's sheets do.
        if self.pdf_job is None or self.pdf_job.poll() is not None:
            try:
                self.pdf_job = start_pdfs(sheets)
            except OSError as exc:
                log.warning("the PDF score sheets could not be started: %s", exc)
        return ExportData(folder=str(folder), files=[str(p) for p in files + sheets])
