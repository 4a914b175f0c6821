"""English and French through gettext catalogs, for the three apps (the msgids are the
English text).

Each app has its own gettext domain: ``kiosk`` (the table), ``leader`` (the console) and
``hall`` (the hall display); the catalogs of all three live in ``uikit/locale/<lang>/
LC_MESSAGES/<domain>.po`` (edited) and ``.mo`` (compiled, loaded at run time), both committed.
Each app's ``i18n`` module says how to extract and compile its own texts; the tests of each
app fail until every msgid has a French translation and the ``.mo`` matches the ``.po``.

Every app says its texts with one vocabulary (docs/i18n.md): ``tr.t(text)``, ``tr.nt(singular,
plural, n)``, ``tr.pt(context, text)`` and ``tr.npt(context, singular, plural, n)`` translate,
and ``N_(text)`` marks a text that is translated where it is shown. These are the keywords
every domain's ``pybabel extract`` is given (:data:`KEYWORDS`); the core's own marks
(``G_``, ``M_``, ``E_``, ``P_``, ``L_``…) say which catalogs take a core text.

>>> from functools import partial
>>> fr = Translator("fr", load=partial(load_domain, "kiosk"))
>>> fr.t("Visitors")
'Visiteurs'
>>> Translator("en", load=partial(load_domain, "leader")).nt(
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


def load_domain(domain: str, language: Language) -> gettext.NullTranslations:
    """The compiled catalog of *domain* in *language* (English is the source: no catalog)."""
    if language == "en":
        return gettext.NullTranslations()
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo").open("rb") as f:
        return gettext.GNUTranslations(f)


class Translator:
    """Translates into one language: ``t``, ``nt``, ``pt`` and ``npt`` (gettext, ngettext,
    pgettext, npgettext), the keywords Babel extracts in every app.

    With a ``context`` (``"manche"``), a text that has its own translation in that context
    uses it: a Gaspésie hand is a *manche* in French, an Alberta one a *main*. The variants
    are declared in each app's words (``kiosk.words.GASPESIE_WORDING``…), a count's with
    ``npt`` (``declare.npt("manche", singular, plural, n)``), which ``nt`` then finds by
    itself. ``load`` gives the catalog of a language (:func:`load_domain` with the app's
    domain).

    >>> from functools import partial
    >>> fr = Translator("fr", load=partial(load_domain, "leader"))
    >>> fr.npt("manche", "Hand {n}: table {tables}", "Hand {n}: tables {tables}", 2)
    'Manche {n}\\xa0: tables\\xa0{tables}'
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

    def t(self, message: str) -> str:
        if self.context is not None:
            # pgettext answers the msgid itself when the context has no entry of its own.
            special = self._catalog.pgettext(self.context, message)
            if special != message:
                return special
        return self._catalog.gettext(message)

    def nt(self, singular: str, plural: str, n: int) -> str:
        if self.context is not None:
            special = self._catalog.npgettext(self.context, singular, plural, n)
            if special not in (singular, plural):
                return special
        return self._catalog.ngettext(singular, plural, n)

    def pt(self, context: str, message: str) -> str:
        return self._catalog.pgettext(context, message)

    def npt(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._catalog.npgettext(context, singular, plural, n)


#: The translator's former name in the console, the hall and the hub (one class now).
ConsoleTranslator = Translator


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


class Declare:
    """Declares a text for Babel (the keywords ``pt``, and ``npt`` for a count) without
    translating it: the Gaspésie wording (context ``"manche"``) that a
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


#: The keywords to give ``pybabel extract`` (and babel's extract_from_dir) for an app's own
#: texts: the one vocabulary of every app.
KEYWORDS: dict[str, object] = {
    "t": None,
    "nt": (1, 2),
    "pt": ((1, "c"), 2),
    "npt": ((1, "c"), 2, 3),
    "N_": None,
}


def marking_translator(language: Language = "en", *, context: str | None = None) -> Translator:
    """A translator that wraps each translated text in ⟪ ⟫ (for the catalog coverage tests
    of every app)."""
    return Translator(language, context=context, load=lambda _language: _Marked())
