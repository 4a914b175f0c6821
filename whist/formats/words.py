"""A format's own words: its title and its rules summary, marked where the format defines them.

Every screen and sheet that names a game or reminds players of its scoring asks the format
(``ClubGame.title``, ``rules_summary``); none keeps a text of its own per game. The words are
English message ids: each screen translates them through its own catalog.

* ``G_`` marks a club game's **title** ("Minnesota whist"): pybabel keyword ``G_``, extracted
  into every domain that shows a game's name (``kiosk``, ``leader``, ``hall``, ``sheets``).
* ``R_`` marks a sentence of a **rules summary**, ``RP_`` its wording in a format's own
  context (a Gaspésie hand is a *manche*): keywords ``R_`` and ``RP_:1c,2``, extracted into
  the domains that print the summary (``sheets``; see hub/paper/sheets.py).
* ``H_`` marks what a **house rule** changes (``ClubGame.house_rules``): keyword ``H_``,
  extracted into every domain, since the kiosk, the console, the hall and the sheets all say
  which house rules are in force (``ClubRules.house_rules`` on the wire).

Neither keyword is ``M_`` (a refusal's template, whist/errors.py), so a domain that shows
titles does not collect the core's refusals with them.

>>> w = Words("First to {target} wins the game.", (("target", 13),))
>>> w.say(str)
'First to 13 wins the game.'
>>> say_all(str, (Words("Tricks over 6 score 1 each."), w))
'Tricks over 6 score 1 each. First to 13 wins the game.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

__all__ = ["G_", "H_", "NIGHT_NAMES", "RP_", "R_", "Words", "night_name", "say_all"]


def G_(title: str) -> str:
    """Mark a club game's title for extraction (keyword ``G_``); returns it unchanged."""
    return title


#: A club night's name when its file keeps the one ``whist-hub new`` wrote: the game and its
#: tables, one table then more (issue 29). Titles (``G_``), so every screen's catalog holds
#: them and says the name in the screen's language; ``{game}`` is the game's title, itself
#: said in that language.
NIGHT_NAMES = (G_("{game}, {n} table"), G_("{game}, {n} tables"))


def night_name(tables: int) -> str:
    """The message id of a night's default name at ``tables`` tables (English plurals; the
    French ones fall the same way from one table up).

    >>> night_name(1).format(game="Solo whist", n=1), night_name(3).format(game="Solo", n=3)
    ('Solo whist, 1 table', 'Solo, 3 tables')
    """
    return NIGHT_NAMES[tables != 1]


def H_(sentence: str) -> str:
    """Mark what a house rule changes for extraction (keyword ``H_``); returns it unchanged."""
    return sentence


def R_(sentence: str) -> str:
    """Mark a rules summary's sentence for extraction (keyword ``R_``)."""
    return sentence


def RP_(context: str, sentence: str) -> str:
    """Declare a summary sentence's wording in ``context`` (keyword ``RP_:1c,2``): a
    translator made with that context finds it by itself."""
    return sentence


@dataclass(frozen=True)
class Words:
    """A text for a person: a message id for the catalogs and its named values.

    >>> Words("Every table starts the day with {n} flags.", (("n", 12),)).say(str)
    'Every table starts the day with 12 flags.'
    """

    msgid: str
    values: tuple[tuple[str, int | str], ...] = ()

    def say(self, translate: Callable[[str], str]) -> str:
        """The text in the reader's language, its values filled in."""
        return translate(self.msgid).format(**dict(self.values))


def say_all(translate: Callable[[str], str], words: Iterable[Words]) -> str:
    """A summary's sentences as one paragraph."""
    return " ".join(w.say(translate) for w in words)
