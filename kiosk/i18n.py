"""English and French through gettext catalogs (the msgids are the English text).

Catalogs live in ``kiosk/locale/<lang>/LC_MESSAGES/kiosk.po`` (edited by translators) and
``.mo`` (compiled, loaded at run time); both are committed. After changing a text in the code,
from the repository::

    .venv/bin/pybabel extract -F kiosk/babel.cfg -o kiosk/locale/kiosk.pot --no-location \
        -c TRANSLATORS: kiosk
    .venv/bin/pybabel update -i kiosk/locale/kiosk.pot -d kiosk/locale -D kiosk \
        --no-fuzzy-matching --ignore-obsolete
    # translate the new (empty) entries in kiosk/locale/fr/LC_MESSAGES/kiosk.po, then
    .venv/bin/pybabel compile -d kiosk/locale -D kiosk --statistics

(A new language: ``pybabel init -i kiosk/locale/kiosk.pot -d kiosk/locale -D kiosk -l xx``,
and add it to :data:`LANGUAGES`.) tests/kiosk/test_i18n.py fails until every msgid has a
French translation and the ``.mo`` matches the ``.po``.

>>> Translator("fr")._("Visitors")
'Visiteurs'
>>> Translator("en").ngettext("{n} flag", "{n} flags", 2).format(n=2)
'2 flags'
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path
from typing import Literal

DOMAIN = "kiosk"
LOCALE_DIR = Path(__file__).parent / "locale"
Language = Literal["en", "fr"]
LANGUAGES: tuple[Language, ...] = ("en", "fr")


def N_(message: str) -> str:
    """Mark a text for extraction where it is defined; it is translated where it is shown."""
    return message


def load_catalog(language: Language) -> gettext.NullTranslations:
    """The compiled catalog of *language* (English is the source: no catalog needed)."""
    if language == "en":
        return gettext.NullTranslations()
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as f:
        return gettext.GNUTranslations(f)


class Translator:
    """Translates into one language; ``_``, ``ngettext`` and ``pgettext`` are the keywords
    Babel extracts.

    With a ``context`` (``"gaspesie"``), a text that has its own translation in that context
    uses it: a Gaspésie hand is a *manche* in French, an Alberta one a *main*. The variants
    are declared in :data:`kiosk.words.GASPESIE_WORDING`.

    >>> t = Translator("fr")
    >>> t.ngettext("Visitors take {n} flag", "Visitors take {n} flags", 2).format(n=2)
    'Les visiteurs prennent 2\xa0drapeaux'
    >>> Translator("fr", context="gaspesie")._("That was the last hand.")
    "C'était la dernière manche."
    """

    def __init__(
        self,
        language: Language = "en",
        *,
        context: str | None = None,
        load: Callable[[Language], gettext.NullTranslations] = load_catalog,
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


def marking_translator(language: Language = "en", *, context: str | None = None) -> Translator:
    """A translator that wraps each translated text in ⟪ ⟫ (for the catalog coverage test)."""
    return Translator(language, context=context, load=lambda _language: _Marked())
