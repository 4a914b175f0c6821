"""A club deal the hub refused, said in the reader's language.

The hub gives its reason as an English template and values too (``reason_text`` and
``reason_args`` of an Ack or a Reply's ErrorData: docs/protocol.md 4.3). The templates are
marked in the core (``whist.errors.M_``) and extracted, with this module's words, into the
``kiosk`` and ``leader`` domains (the pybabel commands are in ``kiosk/i18n.py`` and
``console/i18n.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from uikit.i18n import N_

__all__ = ["REASON_WORDS", "reason_sentence"]

#: The words among a refused deal's values (sides, seats, suits), as the reader says them.
REASON_WORDS = {
    "NS": N_("North-South"),
    "EW": N_("East-West"),
    "N": N_("North"),
    "E": N_("East"),
    "S": N_("South"),
    "W": N_("West"),
    "spades": N_("spades"),
    "hearts": N_("hearts"),
    "diamonds": N_("diamonds"),
    "clubs": N_("clubs"),
    "none": N_("no trump"),
}

#: Values that are what someone typed or tapped: shown as they are.
_AS_TYPED = frozenset({"value", "got"})


def reason_sentence(
    translate: Callable[[str], str], text: str, args: Mapping[str, str | int], reason: str
) -> str:
    """A refused deal's reason (``text`` formatted with ``args``) in the reader's language:
    the template and each word among the values go through the screen's catalog (a word it
    does not have stays as it is); a template that cannot be filled in gives ``reason``, the
    hub's English sentence. ``at_deal`` names the deal the reason is about.

    >>> reason_sentence(str, "{side} tricks must be 0 to 13 (got {got})",
    ...                 {"side": "NS", "got": 14}, "NS tricks must be 0 to 13 (got 14)")
    'North-South tricks must be 0 to 13 (got 14)'
    >>> reason_sentence(str, "say who bid the contract", {"at_deal": 3}, "")
    'deal 3: say who bid the contract'
    >>> reason_sentence(str, "{missing} place", {}, "the hub's words")
    "the hub's words"
    """
    values = {
        key: translate(REASON_WORDS.get(value, value))
        if isinstance(value, str) and value and key not in _AS_TYPED
        else value
        for key, value in args.items()
    }
    try:
        said = translate(text).format(**values)
    except (KeyError, IndexError, ValueError):
        try:
            said = text.format(**values)
        except (KeyError, IndexError, ValueError):
            return reason
    deal = args.get("at_deal")
    if deal is not None:
        said = translate(N_("deal {n}: {reason}")).format(n=deal, reason=said)
    return said
