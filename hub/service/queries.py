"""A tournament's queries for the leader's console, answered from the tournament and the log
(they change nothing): plan, results, ties, loans, counts, export."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from hub.service.batch import Batch
from hub.service.exports import Exports, Written
from hub.service.live import Live
from hub.service.store import EventStore
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
from whist.tournament import Tournament

log = logging.getLogger("whist.hub")


class TournamentQueries:
    """plan, results, ties, loans, counts, export (join_code: hub/service/joins.py)."""

    def __init__(self, store: EventStore, live: Live[Tournament], exports: Exports) -> None:
        self.store = store
        self.live = live
        self.exports = exports

    def _do_plan(self, cmd: Plan, batch: Batch) -> PlanData:
        return leader.plan(self.live.event, cmd.hand)

    def _do_results(self, cmd: Results, batch: Batch) -> ResultsData:
        t = self.live.event
        hand = cmd.hand if cmd.hand is not None else t.hand
        if not 1 <= hand <= t.hand:
            now = f"the current hand is {t.hand}" if t.hand else "no hand has started yet"
            raise TournamentError(f"hand {hand} has not started: {now}", ErrorCode.WRONG_HAND)
        if cmd.table is not None and cmd.table not in t.table_numbers:
            raise TournamentError(
                f"there is no table {cmd.table}: this tournament has tables 1 to {t.tables}",
                ErrorCode.BAD_TABLE,
            )
        wanted = [cmd.table] if cmd.table is not None else list(t.table_numbers)
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
        return leader.ties(self.live.event)

    def _do_loans(self, cmd: Loans, batch: Batch) -> LoansData:
        return leader.loans(self.live.event)

    def _do_counts(self, cmd: Counts, batch: Batch) -> CountsData:
        return leader.counts(self.live.event, cmd.day)

    def _do_export(self, cmd: Export, batch: Batch) -> ExportData:
        t = self.live.event
        return self.exports.once(t.events, cmd.language, lambda folder: self._write(cmd, folder))

    def _write(self, cmd: Export, folder: Path) -> Written:
        from hub.paper.export import export_csv
        from hub.paper.sheets import write_sheets

        t = self.live.event
        files = export_csv(t, folder)
        return files, write_sheets(folder, t.spec, t, cmd.language, pdf=False)
