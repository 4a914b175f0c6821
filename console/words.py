"""The game in the leader's words: pairs, outcomes, moves, the hub's refusals.

Pure functions of protocol data and a :class:`~uikit.i18n.ConsoleTranslator` (domain ``leader``).
The rules come from :mod:`whist.formats` (through the format the hub names) and
:mod:`whist.movement`; this module only says them.

>>> from console.i18n import translator
>>> from whist.formats import Format
>>> from whist.views import format_info
>>> outcome(translator("en"), format_info(Format.ALBERTA), 6, 1, 0)
'visitors take 1 flag'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal

from console.i18n import N_, ConsoleTranslator
from uikit.common import trump_short
from uikit.i18n import declare
from whist.enums import Unit
from whist.errors import ErrorCode
from whist.formats import Format
from whist.formats.base import ScoreUnit
from whist.movement import host_table
from whist.pattern import is_placeholder_name
from whist.protocol import ClubLine, FormatInfo, PlanData
from whist.refusals import Count, refusal_for

#: Texts whose French differs in a Gaspésie tournament (a manche, never a main), beside
#: uikit.common's and console.director's.
GASPESIE_WORDING = (
    declare.pt("manche", "Enter the result of table {table}, hand {n}"),
    declare.pt("manche", "Table {table}, hand {n}: the result is saved."),
    declare.pt("manche", "start the hand"),
    declare.pt("manche", "close the hand"),
    declare.pt("manche", "Hand {n} is on day {d}: end day {today} first."),
    declare.pt(
        "manche",
        "The kiosks stop taking results for this hand. You can still "
        "enter or correct any result yourself.",
    ),
    declare.pt("manche", "No hand has started yet."),
    declare.pt("manche", "No result yet for this hand."),
    declare.pt("manche", "Standings before the first hand"),
    declare.pt("manche", "Standings after hand {n} of {total}"),
    declare.pt("manche", "Day {d} starts with this hand."),
    declare.pt("manche", "Every hand of the pattern has been started."),
    declare.pt("manche", "The next hand is on the next day: end the day first."),
    declare.pt("manche", "Results have come in for this hand: it cannot be taken back."),
    declare.pt("manche", "That hand is already closed."),
    declare.pt("manche", "The day still has hands to start."),
    declare.pt("manche", "Session {s} of day {d} starts with this hand."),
    declare.pt("manche", "The visitors of the last hand first go back to their own table."),
    declare.pt("manche", "the playoff hand"),
    declare.pt("manche", "The next playoff hand is played in the director's cut: {trump}."),
    declare.pt("manche", "Playoff hand recorded."),
    declare.pt("manche", "2. Order: one hand between the two teams."),
    declare.pt("manche", "Hand {i}: team {w} beat team {l} ({x} tricks to {y})."),
    declare.pt("manche", "Record this hand"),
    declare.pt(
        "manche",
        "The hub writes them into the “exports” folder of its data folder: the "
        "rotation sheet of every table (the paper fallback), the results by hand, the "
        "standings, and CSV files. The PDF copies follow within a minute: print a "
        ".pdf file, or open an .html file in a web browser.",
    ),
    # counts (ngettext with the context)
    declare.npt(
        "manche",
        "Hand {n} closed. {k} table never reported: {tables}.",
        "Hand {n} closed. {k} tables never reported: {tables}.",
        2,
    ),
    declare.npt(
        "manche",
        "{k} table has not reported hand {n} yet: its result is still accepted "
        "until you close that hand.",
        "{k} tables have not reported hand {n} yet: their results are still accepted "
        "until you close that hand.",
        2,
    ),
    declare.npt(
        "manche",
        "Hand {n} in play: waiting for table {tables}",
        "Hand {n} in play: waiting for tables {tables}",
        2,
    ),
)


#: The hub writes cards with English letters; French players read R, D, V (A stays A).
FRENCH_RANKS = {"K": "R", "Q": "D", "J": "V"}


def card_letters(language: str, card: str) -> str:
    """A card as the hub writes it ("K♦"), with the French letters on a French screen (Roi,
    Dame, Valet).

    >>> card_letters("fr", "K♦"), card_letters("en", "K♦")
    ('R♦', 'K♦')
    """
    if language == "fr" and card[:1] in FRENCH_RANKS:
        return FRENCH_RANKS[card[0]] + card[1:]
    return card


def level_on(tr: ConsoleTranslator, unit: str, teams: str, score: int) -> str:
    """``Teams 2, 3 are level on 12 flags.`` (points in a tournament of points)."""
    if unit == Unit.POINTS:
        said = tr.nt(
            "Teams {teams} are level on {n} point.", "Teams {teams} are level on {n} points.", score
        )
    else:
        said = tr.nt(
            "Teams {teams} are level on {n} flag.", "Teams {teams} are level on {n} flags.", score
        )
    return said.format(teams=teams, n=score)


def placed_team(tr: ConsoleTranslator, place: int, team: int, name: str = "") -> str:
    """A team in an order of places, by its name where it has one of its own: ``1. Red
    Deer Aces (team 3)``, ``2. team 1``."""
    if is_placeholder_name(name, team):
        return tr.t("{place}. team {team}").format(place=place, team=team)
    return tr.t("{place}. {name} (team {team})").format(place=place, name=name, team=team)


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


def semicolons(tr: ConsoleTranslator, parts: Sequence[str]) -> str:
    """``a; b`` in English, ``a ; b`` in French (a non-breaking space before the « ; »)."""
    return ("\u00a0; " if tr.language == "fr" else "; ").join(parts)


def worth(
    tr: ConsoleTranslator,
    unit: ScoreUnit,
    flags: int = 0,
    home_points: int = 0,
    visitor_points: int = 0,
) -> str:
    """What a result is worth, in the format's unit: ``visitors take 1 flag``."""
    if unit == Unit.POINTS:
        if home_points:
            return tr.nt("home wins {n} point", "home wins {n} points", home_points).format(
                n=home_points
            )
        return tr.nt("visitors win {n} point", "visitors win {n} points", visitor_points).format(
            n=visitor_points
        )
    if flags == 0:
        return tr.t("home keeps its flags")
    return tr.nt("visitors take {n} flag", "visitors take {n} flags", flags).format(n=flags)


def outcome(
    tr: ConsoleTranslator,
    rules: FormatInfo,
    visitor_tricks: int,
    revokes_home: int,
    revokes_visitors: int,
    penalty: Literal["home", "visitors"] | None = None,
) -> str:
    """What a result the leader is typing in would be worth, by the format's own rule (the
    plug-in the hub names in ``rules``); a recorded result's worth comes from the hub."""
    done = Format(rules.name).rules.outcome(visitor_tricks, revokes_home, revokes_visitors, penalty)
    return worth(tr, rules.unit, done.flags, done.home_points, done.visitor_points)


def revokes_line(tr: ConsoleTranslator, home: int, visitors: int) -> str:
    if not home and not visitors:
        return ""
    return tr.t("Revokes: home {home}, visitors {visitors}.").format(home=home, visitors=visitors)


def move_lines(tr: ConsoleTranslator, plan: PlanData, tables: int, rules: FormatInfo) -> list[str]:
    """What the leader announces before a hand: who goes where, from the hub's ``plan``."""
    lines = []
    day = plan.day
    if plan.first_of_session and plan.hand > 1:
        if plan.previous_offset is None:  # the first hand of its day
            lines.append(tr.t("Day {d} starts with this hand.").format(d=day))
        else:
            lines.append(
                tr.t("Session {s} of day {d} starts with this hand.").format(s=plan.session, d=day)
            )
    offset = plan.offset
    travellers = plan.travellers
    home = plan.home
    examples = [(team, host_table(team, offset, tables)) for team in range(1, tables + 1)]
    if len(examples) > 4:
        examples = [*examples[:3], examples[-1]]
    where = semicolons(
        tr,
        [
            tr.t("team {team} to table {table}").format(team=team, table=table)
            for team, table in examples
        ],
    )
    lines.append(
        tr.nt(
            "{players} of every team go {k} table ahead ({where}).",
            "{players} of every team go {k} tables ahead ({where}).",
            offset,
        ).format(players=pair(tr, travellers), k=offset, where=where)
    )
    lines.append(tr.t("{players} stay at their own table.").format(players=pair(tr, home)))
    if plan.previous_offset is not None:
        if rules.travellers_progress:
            lines.append(tr.t("Each table's screen tells its players where to go."))
        else:
            lines.append(tr.t("The visitors of the last hand first go back to their own table."))
    return lines


def refusal(tr: ConsoleTranslator, code: ErrorCode | None) -> str | None:
    """The refusal in the leader's language (whist.refusals), or None when only the hub's
    words will do."""
    text = refusal_for(code).command
    return tr.t(text) if text is not None else None


# ------------------------------------------------------------------ club nights
def club_refusal(
    tr: ConsoleTranslator,
    code: ErrorCode | None,
    table: int | None,
    deals: int | None,
    deal: int | None = None,
) -> str | None:
    """A club command's refusal in the leader's language (``deals``: how many the table has,
    for a deal number out of reach; ``deal``: the one refused), or None when only the hub's
    words will do (whist.refusals)."""
    text = refusal_for(code).night
    if isinstance(text, Count):
        if table is None or deals is None:
            return None
        said = tr.nt(text.singular, text.plural, deals).format(table=table, n=deals, next=deals + 1)
        if deal is None:
            return said
        return tr.t("deal {deal}: {reason}").format(deal=deal, reason=said)
    return tr.t(text) if text is not None else None


#: Why a club deal's line scored, in the leader's words.
CLUB_WHY: dict[str, str] = {
    "tricks": N_("tricks"),
    "grand": N_("grand"),
    "grand_against": N_("grand against"),
    "low": N_("low"),
    "honours": N_("honours"),
    "revoke": N_("revoke"),
    "revokes": N_("revokes"),
    "game": N_("game"),
    "rubber": N_("rubber"),
}
#: A line that did not count: the game was over, or the side had revoked.
CLUB_UNSCORED: dict[str, str] = {
    "game_over": N_("not counted: the game was over"),
    "revoked": N_("not counted: revoke"),
}


def party(tr: ConsoleTranslator, name: str) -> str:
    """``NS`` / ``EW`` (French: ``NS`` / ``EO``)."""
    return {"NS": tr.t("NS"), "EW": tr.t("EW")}.get(name, name)


def club_record(tr: ConsoleTranslator, record: Mapping[str, str | int]) -> str:
    """What a table entered for a deal: ``NS granded · NS 9 tricks, EW 4 · revokes: EW 1``."""
    parts = []
    granded = record.get("granded")
    if granded == "low":
        parts.append(tr.t("everyone low"))
    elif granded is not None:
        parts.append(tr.t("{party} granded").format(party=party(tr, str(granded))))
    if "trump" in record:
        parts.append(tr.t("trump {trump}").format(trump=trump_short(tr, str(record["trump"]))))
    ns, ew = record.get("ns_tricks"), record.get("ew_tricks")
    if ns is None and isinstance(ew, int):
        ns = 13 - ew
    if isinstance(ns, int):
        parts.append(
            tr.t("tricks {ns_party} {ns}, {ew_party} {ew}").format(
                ns_party=party(tr, "NS"), ns=ns, ew_party=party(tr, "EW"), ew=13 - ns
            )
        )
    if "honours" in record:
        parts.append(
            tr.t("honours {party} {n}").format(
                party=party(tr, str(record["honours"])), n=record.get("honours_held", "")
            )
        )
    revokes = [
        f"{party(tr, side)} {record[key]}"
        for side, key in (("NS", "ns_revokes"), ("EW", "ew_revokes"))
        if record.get(key)
    ]
    if revokes:
        parts.append(tr.t("revokes: {sides}").format(sides=", ".join(revokes)))
    return " · ".join(parts)


def club_lines(tr: ConsoleTranslator, lines: Sequence[ClubLine]) -> str:
    """What a deal scored: ``NS +3 (tricks), EW +2 (revoke)``; nothing: ``no score``."""
    said = []
    for line in lines:
        why, _, not_counted = line.why.partition(":")
        text = f"{party(tr, line.party)} {line.points:+d} ({tr.t(CLUB_WHY.get(why, why))})"
        if not_counted:
            text += " " + tr.t(CLUB_UNSCORED.get(not_counted, not_counted))
        said.append(text)
    return ", ".join(said) if said else tr.t("no score")
