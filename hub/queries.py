"""The hub's core: the console's queries, answered from the tournament and the log (they
change nothing)."""

from __future__ import annotations

import json
import logging
from typing import Any

from hub.batch import Batch
from hub.corebase import CoreBase
from hub.datadir import EXPORTS_DIR
from whist.cards import trump_name
from whist.errors import TournamentError
from whist.events import (
    TieBreakStarted,
)
from whist.formats import Format
from whist.movement import resolve_offset
from whist.protocol import (
    Export,
    Plan,
    Results,
    Ties,
)

log = logging.getLogger("whist.hub")


class Queries(CoreBase):
    """plan, results, ties, export (join_code: hub/joins.py)."""

    # ------------------------------------------------------------------ queries (the console)
    # These change nothing: they answer the leader's console from the tournament and the log.

    def _do_plan(self, cmd: Plan, batch: Batch) -> dict[str, Any]:
        t = self.tournament
        spec = t.spec
        hand = cmd.hand if cmd.hand is not None else t.hand + 1
        if hand > spec.hands:
            raise TournamentError(
                f"all {spec.hands} hands of the pattern have been started", "finished"
            )
        plan = spec.plan(hand)
        day = spec.day_of(hand)
        first_of_day = spec.last_hand_of_day(day - 1) + 1
        sessions = spec.days[day - 1].sessions or (spec.days[day - 1].hands,)
        session, start = 1, first_of_day
        for size in sessions[:-1]:
            if hand >= start + size:
                session, start = session + 1, start + size
        started = hand in t.trumps
        if started:
            trump: str | None = trump_name(t.trumps[hand])
        else:
            trump = None if plan.leader_chooses_trump else plan.trump
        previous = spec.plan(hand - 1) if hand > 1 and spec.day_of(hand - 1) == day else None
        return {
            "hand": hand,
            "hands": spec.hands,
            "day": day,
            "days": len(spec.days),
            "session": session,
            "sessions": len(sessions),
            "first_of_session": hand == start,
            "travellers": list(plan.travellers),
            "home": list(t.format.home_pair(plan.travellers)),
            "offset": resolve_offset(plan.offset, t.tables),
            "previous_offset": (
                resolve_offset(previous.offset, t.tables) if previous is not None else None
            ),
            "previous_travellers": list(previous.travellers) if previous is not None else None,
            "trump": trump,
            "leader_chooses": plan.leader_chooses_trump and not started,
            "started": started,
            "end_day_first": not started and day > t.day and not t.day_ended,
        }

    def _do_results(self, cmd: Results, batch: Batch) -> dict[str, Any]:
        t = self.tournament
        hand = cmd.hand if cmd.hand is not None else t.hand
        if not 1 <= hand <= t.hand:
            now = f"the current hand is {t.hand}" if t.hand else "no hand has started yet"
            raise TournamentError(f"hand {hand} has not started: {now}", "wrong_hand")
        if cmd.table is not None and cmd.table not in self.tables:
            raise TournamentError(
                f"there is no table {cmd.table}: this tournament has tables 1 to {t.tables}",
                "bad_table",
            )
        wanted = [cmd.table] if cmd.table is not None else list(self.tables)
        alberta = t.format is Format.ALBERTA
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
                if alberta:
                    row["flags"] = res.flags_won
                else:
                    row["points"] = {"home": res.home_points, "visitors": res.visitor_points}
            if penalty is not None:
                row["penalty"] = {"side": penalty.side, "reason": penalty.reason}
            rows.append(row)
        conflicts = []
        for c in self.store.conflicts():
            if c.hand != hand or c.table not in wanted:
                continue
            try:
                body = json.loads(c.body)
                conflicts.append(
                    {
                        "table": c.table,
                        "id": c.result_id,
                        "visitor_tricks": int(body["visitor_tricks"]),
                        "home_tricks": int(body["home_tricks"]),
                        "revokes": {
                            "home": int(body["revokes"]["home"]),
                            "visitors": int(body["revokes"]["visitors"]),
                        },
                    }
                )
            except (ValueError, KeyError, TypeError):  # stored as received; it was valid then
                log.warning("conflict %s: stored result unreadable", c.result_id)
        return {
            "hand": hand,
            "trump": trump_name(t.trumps[hand]) if hand in t.trumps else None,
            "tables": rows,
            "conflicts": conflicts,
            "missing": [table for table in t.missing(hand) if table in wanted],
        }

    def _do_ties(self, cmd: Ties, batch: Batch) -> dict[str, Any]:
        t = self.tournament
        standings = t.standings()
        by_score: dict[int, list[Any]] = {}
        for s in standings:
            by_score.setdefault(s.score, []).append(s)
        groups: list[dict[str, Any]] = [
            {
                "score": score,
                "teams": sorted(s.team for s in level),
                "decided": len({s.rank for s in level}) == len(level),
            }
            for score, level in by_score.items()
            if len(level) > 1
        ]
        data: dict[str, Any] = {
            "format": t.format.value,
            "finished": t.hand == t.spec.hands and not t.open_hands,
            "groups": groups,
            "current": None,
            "done": [],
        }
        if t.format is Format.GASPESIE:
            running = [0] * (t.tables + 1)
            after: list[list[int]] = []
            for hand in range(1, t.hand + 1):
                for team, points in enumerate(t.hand_points.get(hand, ())):
                    running[team] += points
                after.append(list(running))
            tied = sorted({team for g in groups for team in g["teams"]})
            data["backcount"] = {
                str(team): [after[h][team] for h in range(len(after) - 1, -1, -1)] for team in tied
            }
            return data
        started = [e for e in self.store.events() if isinstance(e, TieBreakStarted)]
        for index, tb in enumerate(t.tiebreaks):
            played = [
                {"teams": list(h.teams), "tricks": list(h.tricks), "trump": trump_name(h.trump)}
                for h in tb.hands
            ]
            entry: dict[str, Any] = {"order": list(tb.order), "played": played}
            if index < len(started) and started[index].draws:
                # The draws are kept in the order the teams were listed in tiebreak_start.
                first = started[index]
                pairs = zip(first.teams, first.draws, strict=True)
                entry["draws"] = {str(team): str(card) for team, card in pairs}
            if tb.decided:
                entry["final"] = list(tb.final_order())
                data["done"].append(entry)
            else:
                entry["next"] = list(tb.next_pairing() or ())
                entry["trump"] = trump_name(tb.trump)
                data["current"] = entry
        return data

    def _do_export(self, cmd: Export, batch: Batch) -> dict[str, Any]:
        from hub.export import export_csv
        from hub.sheets import write_sheets

        t = self.tournament
        folder = self.store.path.parent / EXPORTS_DIR
        try:
            files = export_csv(t, folder)
            files += write_sheets(folder, t.spec, t, cmd.language)
        except OSError as exc:
            raise TournamentError(
                f"the files could not be written in {folder}: {exc}", "io"
            ) from exc
        return {"folder": str(folder), "files": [str(p) for p in files]}
