"""The leader's ready-made reasons, kept in the log as their English words, said in each
reader's language.

A change after a hand is closed (a correction, a penalty, an accepted count, a day's end, a
tie-break taken back or decided) records why. The leader taps one of these reasons or types
one. A tapped reason is sent and recorded as its English text, the msgid below, whatever the
language of the console that sent it, so that every screen and sheet translates it through its
own catalog: a French kiosk reads « Joueurs ont recompté » for a reason an English console
chose, and the reverse. A typed reason is not in any catalog and reads as it was typed.

The reasons are marked ``W_`` (and ``WP_`` for a format's own wording) and extracted into
every catalog that shows a reason: ``kiosk``, ``leader``, ``hall`` and ``sheets`` (the pybabel
commands are in ``kiosk/i18n.py``, ``console/i18n.py``, ``hall/i18n.py`` and
``hub/paper/sheets.py``).

>>> DAY_END[1]
'Out of time'
"""

from __future__ import annotations

__all__ = [
    "CLUB_DEAL",
    "CORRECTION",
    "COUNT",
    "DAY_END",
    "DAY_END_EARLY",
    "DECISION",
    "PENALTY",
    "TIEBREAK_UNDO",
]


def W_(reason: str) -> str:
    """Mark a ready-made reason for extraction (pybabel keyword ``W_``)."""
    return reason


def WP_(context: str, reason: str) -> str:
    """Mark a format's own wording of a reason (pybabel keyword ``WP_:1c,2``): a Gaspésie
    hand is a *manche*; a reader whose translator has that context finds it by itself."""
    return reason


#: A hand's result the leader corrects (military whist).
CORRECTION = (
    W_("Players recounted"),
    W_("Entered from the paper sheet"),
    W_("The table's screen was wrong"),
    W_("Revoke found after the hand"),
)
#: Gaspésie's wording: a manche, not a main.
WP_("manche", "Revoke found after the hand")
#: A club deal the leader corrects or enters.
CLUB_DEAL = (
    W_("Players recounted"),
    W_("Entered from the score sheet"),
    W_("The table's screen failed"),
    W_("Revoke found after the deal"),
)
#: A penalty the leader gives a team.
PENALTY = (W_("Signalling"), W_("Talking during play"), W_("Showing cards"))
#: Taking the verifiers' count over the hub's (issue 25, item 2).
COUNT = (
    W_("Counted twice, the same both times"),
    W_("A wrong result we cannot find"),
    W_("Flags moved at the table without a result"),
)
#: Ending a day: the first is the usual one, the second the one offered when the day ends
#: before its last hand.
DAY_END = (
    W_("Every hand of the day is played"),
    W_("Out of time"),
    W_("The hall closes early"),
)
WP_("manche", "Every hand of the day is played")
#: Ending a day (or the tournament) before its last hand: never "every hand is played".
DAY_END_EARLY = DAY_END[1:]
#: Taking back a tie-break (issue 25).
TIEBREAK_UNDO = (
    W_("A playoff hand was entered wrong"),
    W_("The wrong teams were called to the playoff"),
    W_("The playoff is to be played again"),
)
#: The leader's decision on a tie the count-back leaves (rules G7).
DECISION = (
    W_("Cards drawn before the teams"),
    W_("Coin tossed before the teams"),
    W_("Decided by the organising committee"),
)
