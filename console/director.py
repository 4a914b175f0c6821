"""The director's pages of the console (issue 12), worded from what the hub publishes:
the results never reported, ending play early, the flags the leader must bring, the loan
ledger. Pure functions of the State and the hub's answers; the presenter lays them out.

>>> from console.i18n import translator
>>> missing_lines(translator("en"), {"3": [1, 2, 3, 4], "5": [2]}, through=5)
'Hand 3: tables 1, 2, 3, 4\\nHand 5: table 2'
"""

from __future__ import annotations

from console import words
from uikit.common import count_pending, day_count_line
from uikit.i18n import ConsoleTranslator, declare
from whist.enums import CountStatus, Unit
from whist.pattern import is_placeholder_name
from whist.protocol import CountLine, CountsData, LoansData, PreviewData, State, VerifyData

#: Hands listed one by one on a confirmation page; the rest are counted.
HANDS_LISTED = 8


#: This module's and the early end's texts whose French differs in a Gaspésie tournament.
GASPESIE_WORDING = (
    declare.pt("manche", "Play ended after hand {n}."),
    declare.pt("manche", "End the tournament now, after hand {n}?"),
    declare.pt("manche", "End day {d} now, after hand {n}?"),
    declare.pt("manche", "Hand {n} is closed first."),
    declare.pt("manche", "Hands {a} to {b} will not be played."),
    declare.pt("manche", "The rest of day {d}'s hands will not be played."),
    declare.pt("manche", "Day {d} starts with its first hand, as the pattern says."),
    declare.pt("manche", "Earlier hands:"),
    declare.npt("manche", "Hand {n}: table {tables}", "Hand {n}: tables {tables}", 2),
    declare.npt(
        "manche",
        "… and {k} more result missing in later hands",
        "… and {k} more results missing in later hands",
        2,
    ),
)


def unreported(state: State, through: int | None = None) -> list[tuple[int, list[int]]]:
    """(hand, tables) for every started hand up to ``through`` with tables that never
    reported, oldest first."""
    last = state.hand if through is None else through
    rows = [(int(hand), tables) for hand, tables in state.unreported.items()]
    return sorted((hand, tables) for hand, tables in rows if hand <= last and tables)


def missing_count(state: State, through: int | None = None) -> int:
    return sum(len(tables) for _, tables in unreported(state, through))


def missing_lines(tr: ConsoleTranslator, missing: dict[str, list[int]], through: int) -> str:
    """One line per hand: ``Hand 3: tables 1, 2``; long lists end with how many more."""
    rows = sorted(
        (int(hand), tables) for hand, tables in missing.items() if int(hand) <= through and tables
    )
    lines = [
        tr.nt("Hand {n}: table {tables}", "Hand {n}: tables {tables}", len(tables)).format(
            n=hand, tables=words.tables_list(tables, 16)
        )
        for hand, tables in rows[:HANDS_LISTED]
    ]
    more = rows[HANDS_LISTED:]
    if more:
        k = sum(len(tables) for _, tables in more)
        lines.append(
            tr.nt(
                "… and {k} more result missing in later hands",
                "… and {k} more results missing in later hands",
                k,
            ).format(k=k)
        )
    return "\n".join(lines)


def missing_block(tr: ConsoleTranslator, state: State, through: int) -> str:
    """What a confirmation page says about the results never reported (empty: none)."""
    count = missing_count(state, through)
    if not count:
        return ""
    head = tr.nt(
        "{k} result was never reported:",
        "{k} results were never reported:",
        count,
    ).format(k=count)
    return head + "\n" + missing_lines(tr, state.unreported, through)


def provisional(tr: ConsoleTranslator, count: int) -> str:
    """``Provisional — 3 results missing`` (empty when every result is in)."""
    if not count:
        return ""
    return tr.nt(
        "Provisional — {n} result missing", "Provisional — {n} results missing", count
    ).format(n=count)


def open_count(tr: ConsoleTranslator, s: State) -> str:
    """While an ended day's flags are not all counted, or a count differs (rules A15, A19),
    before the next day's first hand: the day's count line (``Day 1 count: 2 of 3 tables
    counted, table 1 differs.``); empty otherwise, and in a format without flags."""
    return day_count_line(tr, s, name_tables=True) if count_pending(s) else ""


def tie_warning(tr: ConsoleTranslator, missing: int) -> str:
    """Above the tie-break's buttons while results are missing (rules O12): the level teams
    may not be the real ones. Empty when every result is in."""
    if not missing:
        return ""
    return (
        provisional(tr, missing)
        + ". "
        + tr.t("Enter them first: a missing result can change which teams are level.")
    )


def recovered(tr: ConsoleTranslator, count: int) -> str:
    """``2 results recovered from the tables after the log was damaged`` (State.recovered:
    results the hub's log had lost that the tables' kiosks gave back; empty when none)."""
    if not count:
        return ""
    return tr.nt(
        "{n} result recovered from the tables after the log was damaged",
        "{n} results recovered from the tables after the log was damaged",
        count,
    ).format(n=count)


def bring_lines(tr: ConsoleTranslator, state: State) -> list[str]:
    """``Bring 2 flags to table 5``: the hub's automatic loans the leader must carry."""
    return [
        tr.nt(
            "Leader: bring {n} flag to table\u00a0{table}",
            "Leader: bring {n} flags to table\u00a0{table}",
            flags,
        ).format(n=flags, table=table)
        for table, flags in sorted((int(t), f) for t, f in state.to_bring.items())
    ]


def ledger_lines(tr: ConsoleTranslator, ledger: LoansData | None, days: int) -> str:
    """The loan ledger, one loan a line, oldest first."""
    if ledger is None:
        return tr.t("Asking the hub…")
    if not ledger.loans:
        return tr.t("No flags have been lent.")
    lines = []
    for loan in ledger.loans:
        when = tr.t("Hand {n}").format(n=loan.hand)
        if days > 1:
            when = tr.t("Day {d}").format(d=loan.day) + " · " + when
        flags = tr.nt("{n} flag", "{n} flags", loan.flags).format(n=loan.flags)
        who = tr.t("lent by the hub (too few flags)") if loan.automatic else tr.t("lent by you")
        if loan.returned:
            state = tr.t("given back at the end of the day")
        elif not loan.brought:
            state = tr.t("NOT BROUGHT YET")
        else:
            state = tr.t("on the table")
        lines.append(
            tr.t("{when} · table {table}: {flags}, {who}, {state}").format(
                when=when, table=loan.table, flags=flags, who=who, state=state
            )
        )
    return "\n".join(lines)


def count_status(tr: ConsoleTranslator, counts: CountsData) -> tuple[str, str]:
    """The day's verification in one line, and its colour (a theme role)."""
    if counts.verified:
        # a count the leader accepted is not one that agreed by itself (issue 25, item 2)
        accepted = [ln.table for ln in counts.lines if ln.accepted]
        if not accepted:
            said = tr.t("Day {d} is verified: every table's count agrees.")
        else:
            said = tr.nt(
                "Day {d} is verified; you accepted table {tables}'s count.",
                "Day {d} is verified; you accepted the counts of tables {tables}.",
                len(accepted),
            )
        return said.format(d=counts.day, tables=words.tables_list(accepted)), "good"
    todo = sum(1 for ln in counts.lines if ln.status == CountStatus.NOT_COUNTED)
    differs = sum(1 for ln in counts.lines if ln.status == CountStatus.DIFFERS)
    parts = []
    if differs:
        parts.append(
            tr.nt(
                "{n} table differs from the hub: settle it",
                "{n} tables differ from the hub: settle them",
                differs,
            ).format(n=differs)
        )
    if todo:
        parts.append(
            tr.nt("{n} table not counted yet", "{n} tables not counted yet", todo).format(n=todo)
        )
    return (
        tr.t("Day {d} is not verified: {what}.").format(
            d=counts.day, what=words.semicolons(tr, parts)
        ),
        "bad" if differs else "highlight",
    )


def _hub_had(line: CountLine) -> int | None:
    """The hub's own count just before the leader's last acceptance of the table's count
    (A15), when the hub said it (an older hub does not) and it is not the count itself."""
    if not line.hub_before or line.hub_before[-1] == line.counted:
        return None
    return line.hub_before[-1]


def count_table_line(tr: ConsoleTranslator, line: CountLine) -> str:
    """One table: the hub's flags, the verifiers' count, and what the difference means."""
    hub = tr.nt("the hub has {n} flag", "the hub has {n} flags", line.hub).format(n=line.hub)
    if line.counted is None:
        # a blind count (issue 25, item 14): the hub's number only once the verifier's is in
        return tr.t("Table {table}: not counted yet.").format(table=line.table)
    if line.status == CountStatus.AGREES and line.accepted:
        # the hub took the verifiers' count because the leader accepted it (A15): it did
        # not have it by itself
        had = _hub_had(line)
        if had is not None:
            return tr.t(
                "Table {table}: counted {n}, accepted by the leader instead of the hub's "
                "count (the hub had {hub})."
            ).format(table=line.table, n=line.counted, hub=had)
        return tr.t(
            "Table {table}: counted {n}, accepted by the leader instead of the hub's count."
        ).format(table=line.table, n=line.counted)
    if line.status == CountStatus.AGREES:
        return tr.t("Table {table}: counted {n}, as the hub has.").format(
            table=line.table, n=line.counted
        )
    text = tr.t(
        "Table {table}: counted {n}, but {hub}. Correct the result that was wrong, "
        "or accept the count."
    ).format(table=line.table, n=line.counted, hub=hub)
    if line.accepted:
        text += " " + tr.t("(count accepted by you)")
    return text


def count_lines(tr: ConsoleTranslator, counts: CountsData) -> str:
    """Every table of the day, one a line, in table order (each line says its state; the
    status line above counts the differences)."""
    lines = sorted(counts.lines, key=lambda ln: ln.table)
    return "\n".join(count_list_line(tr, ln) for ln in lines)


def count_list_line(tr: ConsoleTranslator, line: CountLine) -> str:
    """One table in the day's list, short: ``Table 3: counted 11, the hub 10 — DIFFERS``."""
    if line.counted is None:  # blind: the hub's number only once counted
        return tr.t("Table {table}: not counted").format(table=line.table)
    if line.status == CountStatus.AGREES and line.accepted:
        had = _hub_had(line)
        if had is not None:
            return tr.t(
                "Table {table}: counted {n} — accepted by the leader (the hub had {hub})"
            ).format(table=line.table, n=line.counted, hub=had)
        return tr.t("Table {table}: counted {n} — accepted by the leader").format(
            table=line.table, n=line.counted
        )
    text = (
        tr.t("Table {table}: counted {n} — agrees")
        if line.status == CountStatus.AGREES
        else tr.t("Table {table}: counted {n}, the hub {hub} — DIFFERS")
    ).format(table=line.table, n=line.counted, hub=line.hub)
    if line.accepted:
        text += " " + tr.t("(count accepted by you)")
    return text


def day_ended(tr: ConsoleTranslator, state: State | None, day: int, flags: bool) -> str:
    """What a day's end means for this tournament (issue 25, item 1): after the last day the
    flags stay on the tables for the verifiers' count; before another day, the count comes
    first and the next day starts with 12 flags.

    >>> from console.i18n import translator
    >>> day_ended(translator("en"), None, 2, False)
    'Day 2 ended: that was the last day.'
    """
    last = state is None or day >= state.days
    if not flags:
        if last:
            return tr.t("Day {d} ended: that was the last day.").format(d=day)
        return tr.t("Day {d} ended.").format(d=day)
    if last:
        return tr.t(
            "Day {d} ended: that was the last day. Leave the flags on the tables: the "
            "verifiers count them now."
        ).format(d=day)
    return tr.t(
        "Day {d} ended. Leave the flags on the tables until they are counted; day {n} then "
        "starts with 12 flags at every table and no loans."
    ).format(d=day, n=day + 1)


def _named(tr: ConsoleTranslator, team: int, names: dict[int, str]) -> str:
    name = names.get(team, "")
    if is_placeholder_name(name, team):
        return tr.t("Team {team}").format(team=team)
    return name


def _listed(tr: ConsoleTranslator, teams: list[int], names: dict[int, str]) -> str:
    return ", ".join(_named(tr, t, names) for t in teams)


def effect_text(tr: ConsoleTranslator, data: PreviewData, names: dict[int, str]) -> str:
    """What a change would do, in names (issue 25, item 3), from the core's dry run: each
    score that moves, then whether first place changes, or the places that move, or that
    they do not; a change to final standings says so first.

    >>> from console.i18n import translator
    >>> from whist.protocol import ScoreMove
    >>> d = PreviewData(op="accept_count", unit="flags", places=[], first_before=[1],
    ...     first_after=[1], final=False,
    ...     scores=[ScoreMove(team=2, name="Lacombe Legion", before=2, after=3)])
    >>> effect_text(translator("en"), d, {})
    'Lacombe Legion: 2 → 3 flags; places unchanged.'
    """
    names = {
        **names,
        **{m.team: m.name for m in data.scores},
        **{m.team: m.name for m in data.places},
    }
    flags = data.unit == Unit.FLAGS
    moves = []
    for m in data.scores:
        after = (
            tr.nt("{n} flag", "{n} flags", m.after)
            if flags
            else tr.nt("{n} point", "{n} points", m.after)
        ).format(n=m.after)
        moves.append(
            tr.t("{name}: {before} → {after}").format(
                name=_named(tr, m.team, names), before=m.before, after=after
            )
        )
    # TRANSLATORS: what separates the parts of a change's effect (French: " ; ")
    then = tr.t("; ")
    scores = then.join(moves) if moves else tr.t("No score moves")
    lost = [t for t in data.first_before if t not in data.first_after]
    if lost and data.first_after:
        places = tr.t("this changes first place: {first} before {second}.").format(
            first=_listed(tr, data.first_after, names), second=_listed(tr, lost, names)
        )
    elif data.first_after != data.first_before and data.first_after:
        places = tr.t("this changes first place: {teams} now share it.").format(
            teams=_listed(tr, data.first_after, names)
        )
    elif data.places:
        places = tr.t("places change: {moves}.").format(
            moves=", ".join(
                tr.t("{name}: {before} → {after}").format(
                    name=_named(tr, m.team, names), before=m.before, after=m.after
                )
                for m in data.places
            )
        )
    else:
        places = tr.t("places unchanged.")
    text = f"{scores}{then}{places}"
    if data.final and (data.scores or data.places):  # said only when something moves
        text = tr.t("The standings are final: this changes them.") + "\n" + text
    return text


def playoff_who(tr: ConsoleTranslator, state: State | None, teams: list[int]) -> str:
    """The playoff's teams by name and their A and B players by name, and where they play,
    from the core's playoff note in State (issue 25, item 4); empty when it says none."""
    note = state.playoff if state is not None else None
    if note is None or not set(teams) <= set(note.teams):
        return ""
    parts = []
    for team in teams:
        name = note.names.get(str(team), "")
        label = (
            tr.t("Team {team}").format(team=team)
            if is_placeholder_name(name, team)
            else tr.t("Team {team} ({name})").format(team=team, name=name)
        )
        pair = note.players.get(str(team), [])
        if len(pair) == 2:
            label += ": " + tr.t("{a} & {b}").format(a=pair[0], b=pair[1])
        parts.append(label)
    return tr.t("At table {table}: {teams}.").format(table=note.table, teams="; ".join(parts))


def count_done(tr: ConsoleTranslator, data: VerifyData) -> str:
    """The hub's answer to a count (or to accepting one), in the message bar."""
    line = data.line
    text = count_table_line(tr, line)
    if data.verified:
        text += " " + tr.t("Day {d} is verified.").format(d=data.day)
    return text


__all__ = [
    "bring_lines",
    "count_done",
    "count_lines",
    "count_list_line",
    "count_status",
    "count_table_line",
    "day_ended",
    "effect_text",
    "ledger_lines",
    "missing_block",
    "missing_count",
    "missing_lines",
    "playoff_who",
    "provisional",
    "recovered",
    "unreported",
]
