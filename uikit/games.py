"""A club game's title, for every screen and sheet in the reader's language.

Each game names itself: its ``title`` ("8-to-1 bidding whist") is marked ``G_`` where the
format defines it (``whist/formats/``) and extracted into each domain that shows it
(``kiosk``, ``leader``, ``hall``, ``sheets``: see the pybabel commands in ``kiosk/i18n.py``,
``console/i18n.py``, ``hall/i18n.py`` and ``hub/paper/sheets.py``). The core's views carry it
(``ClubRules.title``, a sheet page's ``title``); a screen shows :func:`game_title`, which
translates it through the screen's own catalog. Nothing here knows which games there are: a
game newer than the catalogs keeps the English title its view carries.

>>> from types import SimpleNamespace
>>> game_title(str.upper, SimpleNamespace(title="A new game"))
'A NEW GAME'
>>> game_title(str, "eight-to-one", "8-to-1 bidding whist")   # the older form
'8-to-1 bidding whist'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

__all__ = ["game_title", "night_name"]


class Titled(Protocol):
    """Any view that carries a game's title (ClubRules, a club sheet's page)."""

    @property
    def title(self) -> str: ...


def game_title(
    translate: Callable[[str], str], view: Titled | str, title: str | None = None
) -> str:
    """The game's title in the reader's language, from the view that carries it.

    The older form ``game_title(translate, name, title)`` still works; the name is not used.
    """
    if title is None:
        assert not isinstance(view, str), "game_title(translate, view): a view with a title"
        title = view.title
    return translate(title)


def night_name(translate: Callable[[str], str], state: Any) -> str:
    """The tournament's or night's name as a screen shows it: the organiser's own as typed
    (``State.tournament``); a club night that keeps the name ``whist-hub new`` wrote, in the
    reader's language, from the core's message id (``ClubRules.name_says``: "Solo whist, 3
    tables", « Whist solo, 3 tables »).

    >>> from types import SimpleNamespace as N
    >>> club = N(title="Solo whist", name_says="{game}, {n} tables")
    >>> french = {"Solo whist": "Whist solo"}
    >>> night_name(lambda t: french.get(t, t), N(tournament="", tables=3, club=club))
    'Whist solo, 3 tables'
    >>> night_name(str.upper, N(tournament="Tuesday", tables=3, club=N(name_says=None)))
    'Tuesday'
    """
    club = getattr(state, "club", None)
    says = getattr(club, "name_says", None)
    if club is None or not says:
        return str(state.tournament)
    return translate(says).format(game=game_title(translate, club), n=state.tables)
