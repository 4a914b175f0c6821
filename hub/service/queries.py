"""The hub's core: the console's queries, answered from the tournament and the log (they
change nothing)."""

from __future__ import annotations

import json
import logging
from typing import Any

from hub.service.batch import Batch
from hub.service.corebase import CoreBase
from hub.service.datadir import EXPORTS_DIR
from whist import leader
from whist.cards import trump_name
from whist.enums import Unit
from whist.errors import ErrorCode, TournamentError
from whist.protocol import (
    CONFLICTS_PAGE,
    ConflictRow,
    Counts,
    CountsData,
    Export,
    ExportData,
    Loans,
    LoansData,
    Plan,
    PlanData,
    Results,
    ResultsData,
    RevokeCounts,
    TableResultRow,
    Ties,
    TiesData,
)

log = logging.getLogger("whist.hub")


class Queries(CoreBase):
    """plan, results, ties, loans, export (join_code: hub/service/joins.py)."""

    # ------------------------------------------------------------------ queries (the console)
    # These change nothing: they answer the leader's console from the tournament and the log.

    def _do_plan(self, cmd: Plan, batch: Batch) -> PlanData:
        return leader.plan(self.tournament, cmd.hand)

    def _do_results(self, cmd: Results, batch: Batch) -> ResultsData:
        t = self.tournament
        hand = cmd.hand if cmd.hand is not None else t.hand
        if not 1 <= hand <= t.hand:
            now = f"the current hand is {t.hand}" if t.hand else "no hand has started yet"
            raise TournamentError(f"hand {hand} has not started: {now}", ErrorCode.WRONG_HAND)
        if cmd.table is not None and cmd.table not in self.tables:
            raise TournamentError(
                f"there is no table {cmd.table}: this tournament has tables 1 to {t.tables}",
                ErrorCode.BAD_TABLE,
            )
        wanted = [cmd.table] if cmd.table is not None else list(self.tables)
        flags = t.rules.unit == Unit.FLAGS
        rows = []
        for table in wanted:
            res = t.result(hand, table)
            penalty = t.penalties.get((hand, table))
            if res is None and penalty is None:
                continue
            row: dict[str, Any] = {"table": table, "visitor_team": t.visitor_team(hand, table)}
            if res is not None:
                row.update(
                    visitor_tricks=res.visitor_tricks,
                    home_tricks=res.home_tricks,
                    revokes={"home": res.revokes_home, "visitors": res.revokes_visitors},
                    by="leader" if res.by_leader else "kiosk",
                    corrections=list(res.corrections),
                )
                if res.corrected:  # sent only when true: a row without it is no correction
                    row["corrected"] = True
                if flags:
                    row["flags"] = res.flags_won
                else:
                    row["points"] = {"home": res.home_points, "visitors": res.visitor_points}
            if penalty is not None:
                row["penalty"] = {"side": penalty.side, "reason": penalty.reason}
            rows.append(TableResultRow.model_validate(row))
        conflicts = []
        asked = [c for c in self.store.conflicts() if c.hand == hand and c.table in wanted]
        for c in asked[cmd.conflicts_from : cmd.conflicts_from + CONFLICTS_PAGE]:
            try:
                body = json.loads(c.body)
                conflicts.append(
                    ConflictRow(
                        table=c.table,
                        id=c.result_id,
                        visitor_tricks=int(body["visitor_tricks"]),
                        home_tricks=int(body["home_tricks"]),
                        revokes=RevokeCounts(
                            home=int(body["revokes"]["home"]),
                            visitors=int(body["revokes"]["visitors"]),
                        ),
                    )
                )
            except (ValueError, KeyError, TypeError):  # stored as received; it was valid then
                log.warning("conflict %s: stored result unreadable", c.result_id)
        return ResultsData.model_validate(
            {
                "hand": hand,
                "trump": trump_name(t.trumps[hand]) if hand in t.trumps else None,
                "tables": rows,
                "conflicts": conflicts,
                "missing": [table for table in t.missing(hand) if table in wanted],
                "conflicts_total": len(asked),
            }
        )

    def _do_ties(self, cmd: Ties, batch: Batch) -> TiesData:
        return leader.ties(self.tournament)

    def _do_loans(self, cmd: Loans, batch: Batch) -> LoansData:
        return leader.loans(self.tournament)

    def _do_counts(self, cmd: Counts, batch: Batch) -> CountsData:
        return leader.counts(self.tournament, cmd.day)

    def _do_export(self, cmd: Export, batch: Batch) -> ExportData:
        return self._export_once(self.tournament.events, cmd.language, lambda: self._export(cmd))

    def _export(self, cmd: Export) -> ExportData:
        from hub.paper.export import export_csv
        from hub.paper.sheets import start_pdfs, write_sheets

        t = self.tournament
        folder = self.store.path.parent / EXPORTS_DIR
        try:
            files = export_csv(t, folder)
            sheets = write_sheets(folder, t.spec, t, cmd.language, pdf=False)
        except OSError as exc:
            raise TournamentError(
                f"the files could not be written in {folder}: {exc}", ErrorCode.IO
            ) from exc
        # The PDF copies follow in a process of their own (a minute for a big final): the
        # worker goes on answering the tables. A job still running from before is let be.
        if self.pdf_job is None or self.pdf_job.poll() is not None:
            try:
                self.pdf_job = start_pdfs(sheets)
            except OSError as exc:
                log.warning("the PDF sheets could not be started: %s", exc)
        return ExportData(folder=str(folder), files=[str(p) for p in files + sheets])
