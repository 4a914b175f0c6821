"""English and French through gettext catalogs, for the three apps (the msgids are the
English text).

Each app has its own gettext domain: ``kiosk`` (the table), ``leader`` (the console) and
``hall`` (the hall display); the catalogs of all three live in ``uikit/locale/<lang>/
LC_MESSAGES/<domain>.po`` (edited) and ``.mo`` (compiled, loaded at run time), both committed.
Each app's ``i18n`` module says how to extract and compile its own texts; the tests of each
app fail until every msgid has a French translation and the ``.mo`` matches the ``.po``.

>>> from functools import partial
>>> fr = Translator("fr", load=partial(load_domain, "kiosk"))
>>> fr._("Visitors")
'Visiteurs'
>>> ConsoleTranslator("en", load=partial(load_domain, "leader")).nt(
...     "{n} flag", "{n} flags", 2).format(n=2)
'2 flags'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path
from typing import Literal

LOCALE_DIR = Path(__file__).parent / "locale"
Language = Literal["en", "fr"]
LANGUAGES: tuple[Language, ...] = ("en", "fr")


def N_(message: str) -> str:
    """Mark a text for extraction where it is defined; it is translated where it is shown."""
    return message


def M_(message: str) -> str:
    """The console's and the hall's marker (their extraction uses other keywords than the
    kiosk's, so that neither catalog collects the other's texts)."""
    return message


def load_domain(domain: str, language: Language) -> gettext.NullTranslations:
    """The compiled catalog of *domain* in *language* (English is the source: no catalog)."""
    if language == "en":
        return gettext.NullTranslations()
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo").open("rb") as f:
        return gettext.GNUTranslations(f)


class Translator:
    """Translates into one language; ``_``, ``ngettext`` and ``pgettext`` are the keywords
    Babel extracts.

    With a ``context`` (``"manche"``), a text that has its own translation in that context
    uses it: a Gaspésie hand is a *manche* in French, an Alberta one a *main*. The variants
    are declared in each app's words (``kiosk.words.GASPESIE_WORDING``…). ``load`` gives the
    catalog of a language (:func:`load_domain` with the app's domain).
    """

    def __init__(
        self,
        language: Language = "en",
        *,
        context: str | None = None,
        load: Callable[[Language], gettext.NullTranslations],
    ) -> None:
        self.language = language
        self.context = context
        self._catalog = load(language)

    def _(self, message: str) -> str:
        if self.context is not None:
            # pgettext answers the msgid itself when the context has no entry of its own.
            special = self._catalog.pgettext(self.context, message)
            if special != message:
                return special
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        if self.context is not None:
            special = self._catalog.npgettext(self.context, singular, plural, n)
            if special not in (singular, plural):
                return special
        return self._catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalog.pgettext(context, message)


class _Marked(gettext.NullTranslations):
    # Wraps every text that went through the catalog, so a test can find the ones that did not.
    def gettext(self, message: str) -> str:
        return f"⟪{message}⟫"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟪{msgid1 if n == 1 else msgid2}⟫"

    def pgettext(self, context: str, message: str) -> str:
        return f"⟪{message}⟫"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"⟪{msgid1 if n == 1 else msgid2}⟫"


class ConsoleTranslator(Translator):
    """The same translator, its methods under the console's and the hall's keyword names
    (``t``, ``nt``, ``pt``, ``npt``; ``M_`` marks a text): the table kiosk's extraction uses
    pybabel's default keywords and must not find the console's texts.

    ``npt`` is ngettext with a context (npgettext): it declares the Gaspésie wording of a
    count ("{k} tables have not reported hand {n}": *manche*, never *main*), which ``nt``
    then finds by itself in a translator made with ``context="manche"``.

    >>> from functools import partial
    >>> fr = ConsoleTranslator("fr", load=partial(load_domain, "leader"))
    >>> fr.npt("manche", "Hand {n}: table {tables}", "Hand {n}: tables {tables}", 2)
    'Manche {n} : tables {tables}'
    """

    def t(self, message: str) -> str:
        return self._(message)

    def nt(self, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)

    def pt(self, context: str, message: str) -> str:
        return self.pgettext(context, message)

    def npt(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._catalog.npgettext(context, singular, plural, n)


class Declare:
    """Declares a text for Babel (the console's and the hall's keywords ``pt``, and ``npt``
    for a count) without translating it: the Gaspésie wording (context ``"manche"``) that a
    translator made with that context then finds by itself.

    >>> declare.npt("manche", "{k} table", "{k} tables", 2)
    '{k} tables'
    """

    @staticmethod
    def pt(context: str, message: str) -> str:
        return message

    @staticmethod
    def npt(context: str, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


declare = Declare()


#: The keywords to give ``pybabel extract`` (and babel's extract_from_dir) for the console's
#: and the hall's texts.
KEYWORDS: dict[str, object] = {
    "t": None,
    "nt": (1, 2),
    "pt": ((1, "c"), 2),
    "npt": ((1, "c"), 2, 3),
    "M_": None,
}


def marking_translator(
    language: Language = "en", *, context: str | None = None
) -> ConsoleTranslator:
    """A translator that wraps each translated text in ⟪ ⟫ (for the catalog coverage tests
    of every app: it answers to both sets of keywords)."""
    return ConsoleTranslator(language, context=context, load=lambda _language: _Marked())
