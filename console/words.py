"""The game in the leader's words: pairs, outcomes, moves, the hub's refusals.

Pure functions of protocol data and a :class:`~uikit.i18n.ConsoleTranslator` (domain ``leader``).
The rules come from :mod:`whist.formats` and :mod:`whist.movement`; this module only says
them.

>>> from console.i18n import translator
>>> outcome(translator("en"), "alberta", 6, 1, 0)
'visitors take 1 flag'
"""

from __future__ import annotations

from collections.abc import Sequence

from console.i18n import M_, ConsoleTranslator
from uikit.common import GASPESIE
from whist.formats import alberta_flags_won, gaspesie_points
from whist.movement import host_table


def seat(tr: ConsoleTranslator, label: str) -> str:
    return tr.t("Captain") if label == "C" else label


def pair(tr: ConsoleTranslator, players: Sequence[str]) -> str:
    """``A & B``, ``Captain & 2``."""
    names = [seat(tr, p) for p in players]
    if len(names) == 2:
        return tr.t("{a} & {b}").format(a=names[0], b=names[1])
    return ", ".join(names)


def tables_list(numbers: Sequence[int], most: int = 12) -> str:
    """``2, 5, 9`` (numbers only, so nothing to translate); long lists end in ``…``."""
    shown = ", ".join(str(n) for n in numbers[:most])
    return shown + (", …" if len(numbers) > most else "")


def outcome(
    tr: ConsoleTranslator,
    fmt: str,
    visitor_tricks: int,
    revokes_home: int,
    revokes_visitors: int,
    penalty: str | None = None,
) -> str:
    """What a table's result is worth by the format's rule: ``visitors take 1 flag``."""
    if fmt == GASPESIE:
        home, visitors = gaspesie_points(visitor_tricks, revokes_home, revokes_visitors, penalty)
        if home:
            return tr.nt("home wins {n} point", "home wins {n} points", home).format(n=home)
        return tr.nt("visitors win {n} point", "visitors win {n} points", visitors).format(
            n=visitors
        )
    flags = alberta_flags_won(visitor_tricks, revokes_home, revokes_visitors)
    if flags == 0:
        return tr.t("home keeps its flags")
    return tr.nt("visitors take {n} flag", "visitors take {n} flags", flags).format(n=flags)


def revokes_line(tr: ConsoleTranslator, home: int, visitors: int) -> str:
    if not home and not visitors:
        return ""
    return tr.t("Revokes: home {home}, visitors {visitors}.").format(home=home, visitors=visitors)


def move_lines(tr: ConsoleTranslator, plan: dict[str, object], tables: int, fmt: str) -> list[str]:
    """What the leader announces before a hand: who goes where, from the hub's ``plan``."""
    lines = []
    hand = int(str(plan["hand"]))
    day = int(str(plan["day"]))
    if plan.get("first_of_session") and hand > 1:
        first_of_day = plan.get("previous_offset") is None
        if first_of_day:
            lines.append(tr.t("Day {d} starts with this hand.").format(d=day))
        else:
            lines.append(
                tr.t("Session {s} of day {d} starts with this hand.").format(
                    s=plan["session"], d=day
                )
            )
    offset = int(str(plan["offset"]))
    travellers = [str(p) for p in plan["travellers"]]  # type: ignore[attr-defined]
    home = [str(p) for p in plan["home"]]  # type: ignore[attr-defined]
    examples = [(team, host_table(team, offset, tables)) for team in range(1, tables + 1)]
    if len(examples) > 4:
        examples = [*examples[:3], examples[-1]]
    where = "; ".join(
        tr.t("team {team} to table {table}").format(team=team, table=table)
        for team, table in examples
    )
    lines.append(
        tr.nt(
            "{players} of every team go {k} table ahead ({where}).",
            "{players} of every team go {k} tables ahead ({where}).",
            offset,
        ).format(players=pair(tr, travellers), k=offset, where=where)
    )
    lines.append(tr.t("{players} stay at their own table.").format(players=pair(tr, home)))
    if plan.get("previous_offset") is not None:
        if fmt == GASPESIE:
            lines.append(tr.t("Each table's screen tells its players where to go."))
        else:
            lines.append(tr.t("The visitors of the last hand first go back to their own table."))
    return lines


# Reply data.code -> what it means, for the leader. Codes come from whist.tournament
# (TournamentError), whist.protocol and hub.service.
REFUSALS = {
    "trump_required": M_("The pattern leaves this trump to you: choose one or cut a card."),
    "finished": M_("Every hand of the pattern has been started."),
    "end_day_first": M_("The next hand is on the next day: end the day first."),
    "has_results": M_("Results have come in for this hand: it cannot be taken back."),
    "closed": M_("That hand is already closed."),
    "day_not_done": M_("The day still has hands to start."),
    "wrong_day": M_("This day has already ended."),
    "not_tied": M_("These teams are not tied, or a tied team is missing from the list."),
    "wrong_teams": M_("That is not the pairing the playoff expects."),
    "no_join_code": M_(
        "This hub has no join code: give each kiosk its settings with "
        "“whist-hub credentials DATA --table N”."
    ),
    "bad_table": M_("There is no such table in this tournament."),
    "inconsistent": M_("The tricks must add up to 13."),
    "io": M_("The hub could not write the files (is its disk full?)."),
    "conflict": M_("This table already has a penalty for this hand."),
    "wrong_format": M_("This tournament's format does not have that."),
    "wrong_phase": M_("Not possible at this point of the tournament."),
    "internal": M_("The hub had a problem with this command; see its log."),
}


def refusal(tr: ConsoleTranslator, code: str | None) -> str | None:
    """The refusal in the leader's language, or None when only the hub's words will do."""
    if code in REFUSALS:
        return tr.t(REFUSALS[code])
    return None
