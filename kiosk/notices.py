"""The banner's one-off notices, each with its one line at the reading type (issue 25).

A notice is a msgid the router (or a club night's desk) keeps until the next tap; the bar
says it. The 800x480 bar holds one line of the reading type (35 px, about 560 pixels beside
the language button): the whole sentence is said where it holds (upright, on two lines),
else its line here. Each line was measured in DejaVu Sans at 35 px, English and French, with
a two-digit count where it has one: at most 550 pixels.

>>> from kiosk.i18n import translator
>>> short(translator("en"), HAND_CLOSED)
'Hand closed: call the leader.'
>>> short(translator("fr", context="manche"), HAND_CLOSED)
"Manche fermée\\xa0: voir l'arbitre."
"""

from __future__ import annotations

from kiosk.i18n import N_, Translator
from uikit.i18n import declare

HAND_CLOSED = N_("The leader closed this hand: call the leader to give your result.")
RESULT_RECORDED = N_("The result is recorded.")
RESULT_REFUSED = N_("A result was not accepted: call the leader.")
COUNT_REFUSED = N_("The count was not accepted: please call the leader.")
COUNT_NOT_SAVED = N_("This screen could not save the count. Please call the leader.")
FLAGS_DIFFER = N_(
    "The flags on this table do not match the recorded count: the leader has been called."
)
NIGHT_OVER = N_("The night is over: no more deals are taken.")
DEAL_REFUSED = N_("A deal was not accepted: call the leader.")

#: Each notice's one line (a notice that holds on one line is its own).
SHORT: dict[str, str] = {
    HAND_CLOSED: N_("Hand closed: call the leader."),
    RESULT_RECORDED: RESULT_RECORDED,
    RESULT_REFUSED: N_("Result refused: call the leader."),
    COUNT_REFUSED: N_("Count refused: call the leader."),
    COUNT_NOT_SAVED: N_("Count not kept: call the leader."),
    FLAGS_DIFFER: N_("Flags differ: leader called."),
    NIGHT_OVER: N_("The night is over."),
    DEAL_REFUSED: N_("Deal refused: call the leader."),
}

#: Gaspésie's "manche" for a hand (kiosk/i18n.py's context).
_MANCHE = (declare.pt("manche", "Hand closed: call the leader."),)


def short(tr: Translator, notice: str) -> str:
    """``notice``'s one line in ``tr``'s language ("" for a notice without one)."""
    line = SHORT.get(notice)
    return tr.t(line) if line else ""


def saved_results(tr: Translator, n: int) -> tuple[str, str]:
    """The banner while ``n`` results wait in this screen's outbox for the hub's Ack, and its
    one line."""
    return (
        tr.nt(
            "{n} result saved here, waiting to be confirmed.",
            "{n} results saved here, waiting to be confirmed.",
            n,
        ).format(n=n),
        tr.nt("{n} result not yet confirmed.", "{n} results not yet confirmed.", n).format(n=n),
    )


def saved_deals(tr: Translator, n: int) -> tuple[str, str]:
    """The same for a club night's deals, waiting to be scored."""
    return (
        tr.nt(
            "{n} deal saved here, waiting to be scored.",
            "{n} deals saved here, waiting to be scored.",
            n,
        ).format(n=n),
        tr.nt("{n} deal not yet scored.", "{n} deals not yet scored.", n).format(n=n),
    )
