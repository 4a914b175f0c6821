"""The console's texts: gettext domain ``leader`` (the hall display has its own, ``hall``).

Catalogs: ``uikit/locale/fr/LC_MESSAGES/leader.po`` (edited) and ``leader.mo`` (compiled),
beside the table kiosk's. The msgids are the English text. After changing a text, from the
repository::

    .venv/bin/pybabel extract -F console/babel.cfg -o uikit/locale/leader.pot \\
        --no-location -c TRANSLATORS: --no-default-keywords \\
        -k t -k nt:1,2 -k pt:1c,2 -k npt:1c,2,3 -k N_ -k M_ -k G_ -k H_ -k L_ -k Ln_:1,2 -k W_ \\
        -k WP_:1c,2 console uikit/common.py uikit/reasons.py whist/formats whist/night.py \\
        whist/refusals.py uikit/clockwords.py whist/reasons.py
    .venv/bin/pybabel update -i uikit/locale/leader.pot -d uikit/locale -D leader \\
        --no-fuzzy-matching --ignore-obsolete -w 100
    # translate the new (empty) entries in uikit/locale/fr/LC_MESSAGES/leader.po, then
    .venv/bin/pybabel compile -d uikit/locale -D leader --statistics

The club games' titles (``G_``, where each format defines it), what their house rules change
(``H_``) and the core's refusals of a club deal (``M_`` in ``whist/formats`` and
``whist/night.py``), which a Reply's ``data`` carries as templates (``reason_text``), are
extracted too; and what a refusal says to the leader (``L_``, ``Ln_`` for a count, in
:mod:`whist.refusals`: the one table of refusal texts).

tests/console/test_i18n.py fails until every msgid has a French translation and the ``.mo``
matches the ``.po``. The translator is :class:`uikit.i18n.Translator` given this
domain's catalog (``ConsoleTranslator``: its former name).
``context="manche"`` picks the Gaspésie wording (a *manche*, not a *main*); a text's Gaspésie
wording is declared with ``uikit.i18n.declare.pt("manche", …)``, a count's with
``declare.npt("manche", singular, plural, n)`` (ngettext with a context: ``-k npt:1c,2,3``).

>>> translator("fr").t("Standings")
'Classement'
"""

from __future__ import annotations

from functools import partial

from uikit.i18n import (
    KEYWORDS,
    N_,
    ConsoleTranslator,
    Language,
    Translator,
    load_domain,
    marking_translator,
)

DOMAIN = "leader"


def translator(language: Language = "en", *, context: str | None = None) -> Translator:
    """A translator into *language* with the console's catalog."""
    return Translator(language, context=context, load=partial(load_domain, DOMAIN))


__all__ = [
    "DOMAIN",
    "KEYWORDS",
    "N_",
    "ConsoleTranslator",
    "Language",
    "load_domain",
    "marking_translator",
    "translator",
]
