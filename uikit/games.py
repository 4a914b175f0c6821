"""The club games' names, for every screen and sheet in the reader's language.

The core's views carry each game's ``name`` ("eight-to-one") and its English ``title``
("8-to-1 bidding whist", ``whist.formats``); a screen shows :func:`game_title`, which
translates the title through the screen's own catalog. The titles are marked here once
with ``M_`` and extracted into each domain that shows them (``kiosk``, ``leader``, ``hall``,
``sheets``: see the pybabel commands in ``kiosk/i18n.py``, ``console/i18n.py``,
``hall/i18n.py`` and ``hub/sheets.py``).

>>> game_title(str, "eight-to-one", "8-to-1 bidding whist")
'8-to-1 bidding whist'
>>> game_title(str.upper, "a-new-game", "A new game")
'A new game'
"""

from __future__ import annotations

from collections.abc import Callable

from uikit.i18n import M_

__all__ = ["GAME_TITLES", "game_title"]

#: Each club game's name as players know it (English msgid; French in the catalogs).
GAME_TITLES = {
    "minnesota": M_("Minnesota whist"),
    "english": M_("English whist"),
    "american": M_("American whist"),
    "widow": M_("Widow whist"),
    "solo": M_("Solo whist"),
    "knockout": M_("Knockout whist"),
    "eight-to-one": M_("8-to-1 bidding whist"),
}


def game_title(translate: Callable[[str], str], name: str, title: str) -> str:
    """The game's title in the reader's language; a game this module does not know (a
    plug-in newer than the catalogs) keeps the title its view carries."""
    known = GAME_TITLES.get(name)
    return translate(known) if known is not None else title
