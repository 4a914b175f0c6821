"""Exports of a tournament's log: CSV of every hand's results, the standings and the loan
ledger; a club night's deals (the columns ``whist-hub tally`` reads) and its standings."""

from __future__ import annotations

import csv
from pathlib import Path

from whist import views
from whist.cards import trump_name
from whist.enums import Unit
from whist.formats.sheet import PLAYER_PREFIX, RECORD_COLUMNS
from whist.night import ClubNight, night_standings
from whist.tournament import Tournament

RESULT_COLUMNS = [
    "hand",
    "day",
    "trump",
    "table",
    "home_team",
    "visitor_team",
    "visitor_tricks",
    "home_tricks",
    "revokes_home",
    "revokes_visitors",
    "flags_to_visitors",
    "home_points",
    "visitor_points",
    "result_id",
    "corrections",
]


def result_rows(t: Tournament) -> list[dict[str, object]]:
    flags = t.rules.unit == Unit.FLAGS
    rows: list[dict[str, object]] = []
    for (hand, table), r in sorted(t.results.items()):
        rows.append(
            {
                "hand": hand,
                "day": t.spec.day_of(hand),
                "trump": trump_name(t.trumps[hand]) if hand in t.trumps else "",
                "table": table,
                "home_team": table,
                "visitor_team": r.visitor_team,
                "visitor_tricks": r.visitor_tricks,
                "home_tricks": r.home_tricks,
                "revokes_home": r.revokes_home,
                "revokes_visitors": r.revokes_visitors,
                "flags_to_visitors": r.flags_won if flags else "",
                "home_points": "" if flags else r.home_points,
                "visitor_points": "" if flags else r.visitor_points,
                "result_id": r.result_id or "(entered by the leader)",
                "corrections": " | ".join(r.corrections),
            }
        )
    return rows


LOAN_COLUMNS = ["day", "hand", "table", "flags", "lent_by", "brought", "returned"]


def loan_rows(t: Tournament) -> list[dict[str, object]]:
    """The loan ledger, one row per loan, oldest first (every day of the tournament)."""
    return [
        {
            "day": line.day,
            "hand": line.hand,
            "table": line.table,
            "flags": line.flags,
            "lent_by": "automatic" if line.automatic else "leader",
            "brought": "yes" if line.brought else "no",
            "returned": "yes" if line.returned else "no",
        }
        for line in t.loan_ledger()
    ]


def count_row(t: Tournament, day: int, counted: int, differ: list[int]) -> list[str]:
    """``day 1 count, 14 of 16 tables counted, differ: 3 5, not verified``."""
    return [
        f"day {day} count",
        f"{counted} of {t.tables} tables counted",
        "differ: " + " ".join(map(str, differ)) if differ else "none differs",
        "verified" if t.day_verified(day) else "not verified",
    ]


def export_csv(t: Tournament, out_dir: Path) -> list[Path]:
    """Write results.csv, standings.csv and (a format that lends flags) loans.csv into
    ``out_dir``; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    results = out_dir / "results.csv"
    with results.open("w", newline="", encoding="utf-8") as f:
        rows = csv.DictWriter(f, fieldnames=RESULT_COLUMNS)
        rows.writeheader()
        rows.writerows(result_rows(t))
    standings = out_dir / "standings.csv"
    days = len(t.spec.days)
    with standings.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        score = t.rules.unit
        decides = t.rules.tie_break == "countback"  # the leader may place level teams (G7)
        writer.writerow(
            ["rank", "team", "name", score, *(f"day {d}" for d in range(1, days + 1)), "loans"]
            + (["rank decided by"] if decides else [])
        )
        for s in views.standings(t).teams:
            totals = [*s.day_totals, *[""] * (days - len(s.day_totals))]
            writer.writerow(
                [
                    s.rank,
                    s.team,
                    s.name,
                    s.flags if score == Unit.FLAGS else s.points,
                    *totals,
                    s.loans,
                ]
                + (["the leader's decision" if s.by_leader else ""] if decides else [])
            )
        for decision in t.decisions_in_force():
            writer.writerow([])
            writer.writerow(
                [
                    "the leader's decision: teams "
                    + ", ".join(map(str, decision.teams))
                    + f" in that order ({decision.reason})"
                ]
            )
        said = [  # issue 25: what the leader did after play, with the reason given
            *([f"day {day} ended by the leader", reason] for day, reason in t.day_reasons.items()),
            *(
                [f"tie-break of teams {', '.join(map(str, teams))} taken back", reason or "-"]
                for teams, reason in t.undone_tiebreaks
            ),
        ]
        if said:
            writer.writerow([])
            writer.writerows(said)
        missing = t.results_missing()
        if missing:  # never a silent gap: the file says it is provisional
            writer.writerow([])
            writer.writerow([f"provisional: {missing} results missing"])
        if t.recovered:  # the log had lost them; the tables' kiosks gave them back
            writer.writerow([])
            writer.writerow([recovered_line(t.recovered)])
        counts = t.count_summary() if t.rules.unit == Unit.FLAGS else []
        if counts:  # the verifiers' count of each ended day (rules A15, A19)
            writer.writerow([])
            for day, counted, differ in counts:
                writer.writerow(count_row(t, day, counted, differ))
            for (day, table), reasons in sorted(t.accepted_counts.items()):
                for reason in reasons:
                    writer.writerow([f"day {day} count", f"table {table}: accepted", reason])
    written = [results, standings]
    if t.rules.lends_flags:
        loans = out_dir / "loans.csv"
        with loans.open("w", newline="", encoding="utf-8") as f:
            ledger = csv.DictWriter(f, fieldnames=LOAN_COLUMNS)
            ledger.writeheader()
            ledger.writerows(loan_rows(t))
        written.append(loans)
    return written


def recovered_line(count: int) -> str:
    """The export's line about results the tables gave back to a damaged log (English, as
    the rest of the file).

    >>> recovered_line(2)
    '2 results recovered from the tables after the log was damaged'
    """
    noun = "result" if count == 1 else "results"
    return f"{count} {noun} recovered from the tables after the log was damaged"


def deal_columns(night: ClubNight) -> list[str]:
    """deals.csv's columns: the table and the deal's number, what ``whist-hub tally`` scores
    (docs/rules.md, "Paper"), who entered it and any correction with its reason, and the
    players by seat (tally prints them; whist.formats.sheet)."""
    return [
        "table",
        "deal",
        *night.game.fields,
        *RECORD_COLUMNS[1:],
        *(PLAYER_PREFIX + seat for seat in night.game.seats),
    ]


def export_night_csv(night: ClubNight, out_dir: Path) -> list[Path]:
    """Write a club night's deals.csv (every table's deals in the order played, as recorded
    after the leader's corrections; ``whist-hub tally`` reads it back) and standings.csv into
    ``out_dir``; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    deals = out_dir / "deals.csv"
    columns = deal_columns(night)
    with deals.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        for table in night.table_numbers:
            # 8-to-1: a round the table played without naming its trump shows the hub's draw.
            drawn = night.drawn_trumps(table)
            players = night.spec.seats_of(table).players
            for entry, (was_drawn, trump) in zip(night.deals[table], drawn, strict=True):
                row: dict[str, object] = {"table": table, "deal": entry.deal}
                row.update((k, v) for k, v in entry.record.items() if k in columns)
                if was_drawn and not row.get("trump"):
                    row["trump"] = trump_name(trump)
                row["entered_by"] = entry.by
                row["corrected"] = "yes" if entry.corrected else ""
                row["reason"] = entry.reason
                if entry.deal == 1:  # the names once, on the table's first deal
                    row.update((PLAYER_PREFIX + seat, n) for seat, n in players.items())
                writer.writerow(row)
    standings = out_dir / "standings.csv"
    with standings.open("w", newline="", encoding="utf-8") as f:
        writer2 = csv.writer(f)
        writer2.writerow(["rank", "table", "side", "players", night.game.wins, "points"])
        for row2 in night_standings(night).rows:
            names = " & ".join(p.name or p.seat for p in row2.players)
            writer2.writerow([row2.rank, row2.table, row2.party, names, row2.wins, row2.points])
        if night.recovered:  # the log had lost them; the tables' kiosks gave them back
            writer2.writerow([])
            writer2.writerow([recovered_line(night.recovered)])
    return [deals, standings]
