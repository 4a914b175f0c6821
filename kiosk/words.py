"""The game in the players' words: seats, pairs, outcomes, moves and refusals.

Pure functions of protocol messages and a :class:`~kiosk.i18n.Translator`. The rules come
from :mod:`whist.formats` and :mod:`whist.movement`; this module only says them.

>>> from kiosk.i18n import translator
>>> en = translator("en")
>>> outcome(en, "alberta", visitor_tricks=6, revokes_home=1, revokes_visitors=0)
'Visitors take 1 flag'
>>> pair(en, ["C", "2"])
'Captain & 2'
"""

from __future__ import annotations

from collections.abc import Sequence

from kiosk.i18n import N_, Translator
from whist.formats import alberta_flags_won, alberta_visitor_tricks, gaspesie_points
from whist.movement import host_table
from whist.protocol import Assignment

ALBERTA = "alberta"
GASPESIE = "gaspesie"


class _Declare:
    # pgettext(...) here only declares a text for Babel to extract; it is looked up at run
    # time by a Translator made with context="gaspesie".
    @staticmethod
    def pgettext(context: str, message: str) -> str:
        return message


_declare = _Declare()

#: Texts whose French differs in a Gaspésie tournament: there a hand is a *manche*.
GASPESIE_WORDING = (
    _declare.pgettext("gaspesie", "Hand {n} of {total}"),
    _declare.pgettext("gaspesie", "Hand {n}: visitors {v}, home {h}"),
    _declare.pgettext("gaspesie", "Hand {n} — {trump}"),
    _declare.pgettext("gaspesie", "Last result (hand {n}): visitors {v}, home {h}. {outcome}."),
    _declare.pgettext("gaspesie", "OK, show the hand"),
    _declare.pgettext("gaspesie", "The leader has closed this hand."),
    _declare.pgettext("gaspesie", "Waiting for the next hand"),
    _declare.pgettext("gaspesie", "Waiting for the next hand."),
    _declare.pgettext("gaspesie", "That was the last hand."),
    _declare.pgettext(
        "gaspesie", "The leader closed this hand: call the leader to give your result."
    ),
    _declare.pgettext(
        "gaspesie",
        "A different result was already recorded for this table and hand. "
        "The leader has been told and will settle it.",
    ),
    _declare.pgettext(
        "gaspesie", "The leader has closed this hand. Call the leader to enter your result."
    ),
    _declare.pgettext("gaspesie", "The hub has not started this hand. Call the leader."),
)

SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_NAMES = {
    "spades": N_("Spades"),
    "hearts": N_("Hearts"),
    "diamonds": N_("Diamonds"),
    "clubs": N_("Clubs"),
}
RED_SUITS = frozenset({"hearts", "diamonds"})

# Ack.code -> what a player can do about it. Codes come from whist.protocol
# (ProtocolErrorCode), whist.tournament (TournamentError) and hub.service.
REFUSALS = {
    "conflict": N_(
        "A different result was already recorded for this table and hand. "
        "The leader has been told and will settle it."
    ),
    "hand_closed": N_("The leader has closed this hand. Call the leader to enter your result."),
    "wrong_hand": N_("The hub has not started this hand. Call the leader."),
    "wrong_table": N_("This kiosk is set up for another table. Call the leader."),
    "bad_table": N_("This kiosk is set up for another table. Call the leader."),
    "internal": N_("The hub had a problem with this result. The leader has been told."),
}
#: Codes meaning the message itself was not readable: the players can only try again.
UNREADABLE = frozenset(
    {
        "too_large",
        "malformed",
        "bad_version",
        "missing_field",
        "unknown_field",
        "wrong_type",
        "out_of_range",
        "inconsistent",
    }
)


def seat(tr: Translator, label: str) -> str:
    """A seat label as players say it: the Gaspésie captain by name, the others as printed."""
    return tr._("Captain") if label == "C" else label


def pair(tr: Translator, players: Sequence[str]) -> str:
    """``A & B``, ``Captain & 2``; one player alone is just named."""
    names = [seat(tr, p) for p in players]
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return tr._("{a} & {b}").format(a=names[0], b=names[1])
    return ", ".join(names)


def hand_label(tr: Translator, hand: int, hands: int) -> str:
    """``Hand 5 of 30`` (``Manche 5 sur 24`` with a Gaspésie translator)."""
    return tr._("Hand {n} of {total}").format(n=hand, total=hands)


def trump_name(tr: Translator, trump: str | None) -> str:
    if trump is None:
        return tr._("Trump not announced yet")
    if trump == "none":
        return tr._("No trump")
    return tr._(SUIT_NAMES[trump])


def trump_symbol(tr: Translator, trump: str | None) -> str:
    if trump is None:
        return "?"
    if trump == "none":
        # TRANSLATORS: the short sign for "no trump" shown in place of a suit symbol
        return tr.pgettext("short", "NT")
    return SUIT_SYMBOLS[trump]


def trump_line(tr: Translator, trump: str | None) -> str:
    """One line: ``Trump: ♥ Hearts``, ``No trump``."""
    if trump is None or trump == "none":
        return trump_name(tr, trump)
    return tr._("Trump: {symbol} {name}").format(
        symbol=SUIT_SYMBOLS[trump], name=trump_name(tr, trump)
    )


def tricks_line(tr: Translator, visitor_tricks: int) -> str:
    return tr._("Tricks: visitors {v}, home {h}").format(v=visitor_tricks, h=13 - visitor_tricks)


def revokes_line(tr: Translator, revokes_home: int, revokes_visitors: int) -> str:
    if not revokes_home and not revokes_visitors:
        return ""
    return tr._("Revokes: home {home}, visitors {visitors}").format(
        home=revokes_home, visitors=revokes_visitors
    )


def outcome(
    tr: Translator, fmt: str, *, visitor_tricks: int, revokes_home: int, revokes_visitors: int
) -> str:
    """What the hand is worth, by the format's rule: ``Visitors take 1 flag``."""
    if fmt == GASPESIE:
        home, visitors = gaspesie_points(visitor_tricks, revokes_home, revokes_visitors)
        if home:
            return tr.ngettext("Home wins {n} point", "Home wins {n} points", home).format(n=home)
        return tr.ngettext("Visitors win {n} point", "Visitors win {n} points", visitors).format(
            n=visitors
        )
    flags = alberta_flags_won(visitor_tricks, revokes_home, revokes_visitors)
    if flags == 0:
        return tr._("Home keeps its flags")
    return tr.ngettext("Visitors take {n} flag", "Visitors take {n} flags", flags).format(n=flags)


def outcome_reason(
    tr: Translator, fmt: str, *, visitor_tricks: int, revokes_home: int, revokes_visitors: int
) -> str:
    """Why, when revokes change what the tricks alone would give ('' otherwise)."""
    if not revokes_home and not revokes_visitors:
        return ""
    if fmt == GASPESIE:
        if (revokes_home > 0) != (revokes_visitors > 0):
            return tr._("A revoke gives the hand to the other side.")
        return tr._("Revokes on both sides cancel out: the tricks decide.")
    counted = alberta_visitor_tricks(visitor_tricks, revokes_home, revokes_visitors)
    return tr.ngettext(
        "With the revokes, the visitors count {n} trick.",
        "With the revokes, the visitors count {n} tricks.",
        counted,
    ).format(n=counted)


def flag_instruction(
    tr: Translator, fmt: str, *, visitor_tricks: int, revokes_home: int, revokes_visitors: int
) -> str:
    """What to do with the physical flags (or, for points, who scored)."""
    if fmt == GASPESIE:
        return outcome(
            tr,
            fmt,
            visitor_tricks=visitor_tricks,
            revokes_home=revokes_home,
            revokes_visitors=revokes_visitors,
        )
    flags = alberta_flags_won(visitor_tricks, revokes_home, revokes_visitors)
    if flags == 0:
        return tr._("Home keeps its flags: nothing to hand over.")
    return tr.ngettext(
        "Home: hand {n} flag to the visitors.", "Home: hand {n} flags to the visitors.", flags
    ).format(n=flags)


def score_now(tr: Translator, fmt: str, *, flags: int | None, points: int | None) -> str:
    """``This table now has 11 flags`` / ``Team 7 now has 5 points`` ('' when unknown)."""
    if fmt == GASPESIE:
        if points is None:
            return ""
        return tr.ngettext(
            "This team now has {n} point.", "This team now has {n} points.", points
        ).format(n=points)
    if flags is None:
        return ""
    return tr.ngettext(
        "This table now has {n} flag.", "This table now has {n} flags.", flags
    ).format(n=flags)


def refusal(tr: Translator, code: str | None) -> str | None:
    """The refusal in the player's language, or None when only the hub's own words will do."""
    if code in REFUSALS:
        return tr._(REFUSALS[code])
    if code in UNREADABLE:
        return tr._("The hub could not read this result. Check it and send it again.")
    return None


def move_lines(
    tr: Translator, new: Assignment, previous: Assignment | None, tables: int | None, fmt: str
) -> list[str]:
    """Who goes where when *new* starts, for the people at this table now.

    This table's own players go by the new assignment: its travellers to their table, its
    home pair here (those who were away come back). The visitors sitting here now are
    *previous*'s visitors: in Alberta they always go home (rules M3); in Gaspésie those who
    travel again move straight on to their next table (the same offset as this table's
    travellers), the others go home.
    """
    lines = [
        tr._("{players}: go to table {table}").format(
            players=pair(tr, new.away.players), table=new.away.table
        )
    ]
    # Who sits here now: the previous home pair (everyone, before the first hand).
    here = set(previous.home.players) if previous is not None else set(new.home.players)
    stay = [p for p in new.home.players if p in here]
    back = [p for p in new.home.players if p not in here]
    if stay:
        lines.append(tr._("{players}: stay at this table").format(players=pair(tr, stay)))
    if back:
        lines.append(tr._("{players}: come back to this table").format(players=pair(tr, back)))
    if previous is None:
        return lines
    team = previous.visitors.team
    visitors = previous.visitors.players
    if fmt != GASPESIE:
        lines.append(
            tr._("Visitors {players}: return to your table {table}").format(
                players=pair(tr, visitors), table=team
            )
        )
        return lines
    if tables is None:
        lines.append(
            tr._("Visitors {players}: see the screen at your table {table}").format(
                players=pair(tr, visitors), table=team
            )
        )
        return lines
    offset = (new.away.table - new.table) % tables
    onward = [p for p in visitors if p in new.away.players]
    home = [p for p in visitors if p not in new.away.players]
    if onward:
        lines.append(
            tr._("Visitors {players}: go on to table {table}").format(
                players=pair(tr, onward), table=host_table(team, offset, tables)
            )
        )
    if home:
        lines.append(
            tr._("Visitors {players}: return to your table {table}").format(
                players=pair(tr, home), table=team
            )
        )
    return lines
