"""The console's texts: gettext domain ``leader`` (the hall display has its own, ``hall``).

Catalogs: ``kiosk/locale/fr/LC_MESSAGES/leader.po`` (edited) and ``leader.mo`` (compiled),
beside the table kiosk's. The msgids are the English text. After changing a text, from the
repository::

    .venv/bin/pybabel extract -F kiosk/leader/babel.cfg -o kiosk/locale/leader.pot \\
        --no-location -c TRANSLATORS: --no-default-keywords \\
        -k t -k nt:1,2 -k pt:1c,2 -k M_ kiosk/leader
    .venv/bin/pybabel update -i kiosk/locale/leader.pot -d kiosk/locale -D leader \\
        --no-fuzzy-matching --ignore-obsolete
    # translate the new (empty) entries in kiosk/locale/fr/LC_MESSAGES/leader.po, then
    .venv/bin/pybabel compile -d kiosk/locale -D leader --statistics

tests/leader/test_i18n.py fails until every msgid has a French translation and the ``.mo``
matches the ``.po``. The translator is the table kiosk's (:class:`kiosk.i18n.Translator`),
given this domain's catalog, with its methods under other names (``t``, ``nt``, ``pt`` and
``M_`` to mark a text): the table kiosk's own extraction uses pybabel's default keywords
over the whole ``kiosk/`` folder, and must not find the console's texts.
``context="gaspesie"`` picks the Gaspésie wording (a *manche*, not a *main*).

>>> translator("fr").t("Standings")
'Classement'
"""

from __future__ import annotations

import gettext
from functools import partial

from kiosk.i18n import LOCALE_DIR, Language, Translator

DOMAIN = "leader"
#: The keywords to give ``pybabel extract`` (and babel's extract_from_dir) for these texts.
KEYWORDS: dict[str, object] = {"t": None, "nt": (1, 2), "pt": ((1, "c"), 2), "M_": None}


def M_(message: str) -> str:
    """Mark a text for extraction where it is defined; it is translated where it is shown."""
    return message


class ConsoleTranslator(Translator):
    """The table kiosk's translator, its methods under the console's keyword names.

    >>> ConsoleTranslator("en").nt("{n} flag", "{n} flags", 2).format(n=2)
    '2 flags'
    """

    def t(self, message: str) -> str:
        return self._(message)

    def nt(self, singular: str, plural: str, n: int) -> str:
        return self.ngettext(singular, plural, n)

    def pt(self, context: str, message: str) -> str:
        return self.pgettext(context, message)


def load_domain(domain: str, language: Language) -> gettext.NullTranslations:
    """The compiled catalog of *domain* in *language* (English is the source)."""
    if language == "en":
        return gettext.NullTranslations()
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo").open("rb") as f:
        return gettext.GNUTranslations(f)


def translator(language: Language = "en", *, context: str | None = None) -> ConsoleTranslator:
    """A translator into *language* with the console's catalog."""
    return ConsoleTranslator(language, context=context, load=partial(load_domain, DOMAIN))


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


def marking_translator(
    language: Language = "en", *, context: str | None = None
) -> ConsoleTranslator:
    """A translator that wraps each translated text in ⟪ ⟫ (for the catalog coverage test)."""
    return ConsoleTranslator(language, context=context, load=lambda _language: _Marked())


__all__ = [
    "DOMAIN",
    "KEYWORDS",
    "M_",
    "ConsoleTranslator",
    "Language",
    "load_domain",
    "marking_translator",
    "translator",
]
