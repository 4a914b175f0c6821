"""What a refusal says to the person who reads it: one table, keyed by the error code the hub
gives (an Ack's ``code``, a Reply's ``data.code``: :class:`whist.errors.ErrorCode`).

Each entry holds message ids (the English text), one for each reader and what was refused;
each app translates them through its own catalog and fills in their values. The players' texts
are marked ``P_`` and extracted into the kiosk's catalog, the leader's ``L_`` (``Ln_`` for a
count: singular and plural) into the console's; the pybabel commands are in ``kiosk/i18n.py``
and ``console/i18n.py``. A code with no text for a reader leaves the hub's own words.

>>> REFUSALS[ErrorCode.HAND_CLOSED].result
'The leader has closed this hand. Call the leader to enter your result.'
>>> REFUSALS[ErrorCode.WRONG_HAND].night.args
('table', 'n', 'next')
>>> refusal_for(ErrorCode.MALFORMED).deal
"The leader's computer could not read this deal. Check it and send it again."
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from whist.errors import MESSAGE_CHECKS, ErrorCode

__all__ = ["REFUSALS", "UNREADABLE", "UNREADABLE_CODES", "Count", "Refusal", "refusal_for"]


def P_(text: str) -> str:
    """Mark a text the players at a table read (the kiosk's catalog)."""
    return text


def L_(text: str) -> str:
    """Mark a text the leader reads (the console's catalog)."""
    return text


@dataclass(frozen=True)
class Count:
    """A text that counts something (``n``): its singular and plural message ids, and the
    names of the values it is filled in with.

    >>> Count("{n} deal", "{n} deals").args
    ('n',)
    """

    singular: str
    plural: str

    @property
    def args(self) -> tuple[str, ...]:
        names = [name for _, name, _, _ in string.Formatter().parse(self.plural) if name]
        return tuple(dict.fromkeys(names))


def Ln_(singular: str, plural: str) -> Count:
    """Mark a count the leader reads (the console's catalog: ``-k Ln_:1,2``)."""
    return Count(singular, plural)


@dataclass(frozen=True)
class Refusal:
    """What one error code says, by reader and by what was refused: ``result`` and ``deal``
    to the players (a military hand's result, a club deal), ``command`` and ``night`` to the
    leader (a command in a military tournament, on a club night). None: the hub's words."""

    result: str | None = None
    deal: str | None = None
    command: str | None = None
    night: str | Count | None = None


_ANOTHER_TABLE = P_("This screen is set up for another table. Call the leader.")
_INTERNAL = L_("The hub had a problem with this command; see its log.")

#: Every refusal a person may read in their own language, by its code.
REFUSALS: Mapping[ErrorCode, Refusal] = MappingProxyType({
    ErrorCode.CONFLICT: Refusal(
        result=P_(
            "A different result was already recorded for this table and hand. "
            "The leader has been told and will settle it."
        ),
        deal=P_(
            "This deal was already recorded at this table with other numbers. "
            "Call the leader to correct it."
        ),
        command=L_("This table already has a penalty for this hand."),
    ),
    ErrorCode.HAND_CLOSED: Refusal(
        result=P_("The leader has closed this hand. Call the leader to enter your result."),
    ),
    ErrorCode.WRONG_HAND: Refusal(
        result=P_("This hand has not started yet. Call the leader."),
        deal=P_("The leader's computer expects another deal. Call the leader."),
        night=Ln_(
            "table\u00a0{table} has {n} deal so far (correct it, or enter deal {next}).",
            "table\u00a0{table} has {n} deals so far (correct one, or enter deal {next}).",
        ),
    ),
    ErrorCode.WRONG_TABLE: Refusal(result=_ANOTHER_TABLE, deal=_ANOTHER_TABLE),
    ErrorCode.OTHER_EVENT: Refusal(
        result=P_(
            "This result was entered before the leader started a new tournament, so it "
            "does not count. If you played this hand in this tournament, enter it again."
        ),
        deal=P_(
            "This deal was entered before the leader started a new night, so it does not "
            "count. If you played it tonight, enter it again."
        ),
    ),
    ErrorCode.BAD_TABLE: Refusal(
        result=_ANOTHER_TABLE,
        deal=_ANOTHER_TABLE,
        command=L_("There is no such table in this tournament."),
        night=L_("There is no such table tonight."),
    ),
    ErrorCode.INTERNAL: Refusal(
        result=P_("This result could not be recorded. The leader has been told."),
        deal=P_(
            "The leader's computer had a problem with this deal. The leader has been told."
        ),
        command=_INTERNAL,
        night=_INTERNAL,
    ),
    ErrorCode.FINISHED: Refusal(
        deal=P_("The night is over: no more deals are taken."),
        command=L_("Every hand of the pattern has been started."),
        night=L_("The night has ended: no deal can be entered or changed."),
    ),
    ErrorCode.TRUMP_REQUIRED: Refusal(
        command=L_("The pattern leaves this trump to you: choose one or cut a card."),
    ),
    ErrorCode.END_DAY_FIRST: Refusal(
        command=L_("The next hand is on the next day: end the day first."),
    ),
    ErrorCode.HAS_RESULTS: Refusal(
        command=L_("Results have come in for this hand: it cannot be taken back."),
    ),
    ErrorCode.CLOSED: Refusal(command=L_("That hand is already closed.")),
    ErrorCode.DAY_NOT_DONE: Refusal(command=L_("The day still has hands to start.")),
    ErrorCode.WRONG_DAY: Refusal(command=L_("This day has already ended.")),
    ErrorCode.NOT_TIED: Refusal(
        command=L_("These teams are not tied, or a tied team is missing from the list."),
    ),
    ErrorCode.WRONG_TEAMS: Refusal(command=L_("That is not the pairing the playoff expects.")),
    ErrorCode.NO_JOIN_CODE: Refusal(
        command=L_(
            "This hub has no join code: give each kiosk its settings with "
            "“whist-hub credentials DATA --table N”."
        ),
    ),
    ErrorCode.INCONSISTENT: Refusal(command=L_("The tricks must add up to 13.")),
    ErrorCode.IO: Refusal(command=L_("The hub could not write the files (is its disk full?).")),
    ErrorCode.WRONG_FORMAT: Refusal(
        command=L_("This tournament's format does not have that."),
        night=L_("This is not possible on a club night."),
    ),
    ErrorCode.WRONG_PHASE: Refusal(command=L_("Not possible at this point of the tournament.")),
    ErrorCode.REASON_REQUIRED: Refusal(
        night=L_("A correction needs a reason: tap one, or type it."),
    ),
})  # fmt: skip

#: What the players read when the hub could not read what their screen sent (a message
#: check failed, :data:`whist.errors.MESSAGE_CHECKS`): they can only check it and send again.
UNREADABLE = Refusal(
    result=P_("This result could not be read. Check it and send it again."),
    deal=P_("The leader's computer could not read this deal. Check it and send it again."),
)
#: The codes of a message the hub could not read (every message check but an unknown op).
UNREADABLE_CODES = frozenset(MESSAGE_CHECKS) - {ErrorCode.UNKNOWN_OP}


def refusal_for(code: str | None) -> Refusal:
    """The texts of a refusal with ``code`` (a code this core does not know, or none: no
    texts, the hub's words)."""
    try:
        known = ErrorCode(code) if code is not None else None
    except ValueError:
        return Refusal()
    if known is None:
        return Refusal()
    if known in REFUSALS:
        found = REFUSALS[known]
        if known in UNREADABLE_CODES:  # INCONSISTENT: the leader's own words, else unreadable
            return Refusal(UNREADABLE.result, UNREADABLE.deal, found.command, found.night)
        return found
    return UNREADABLE if known in UNREADABLE_CODES else Refusal()
