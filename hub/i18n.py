"""The hub's printed texts (``whist-hub schedule``) and the phones' page's words
(:mod:`hub.broker.phones`, served as ``words.json``): gettext domain ``hub``.

The texts are worded in the core (:mod:`whist.handout`, which takes the translator as an
argument and reads no catalog); the catalogs live with the apps' in ``uikit/locale``:
``fr/LC_MESSAGES/hub.po`` (edited) and ``hub.mo`` (compiled). The msgids are the English
text. After changing a text, from the repository::

    .venv/bin/pybabel extract -F hub/babel.cfg -o uikit/locale/hub.pot --no-location \\
        -c TRANSLATORS: --no-default-keywords -k t -k nt:1,2 -k pt:1c,2 -k G_ whist/handout.py \\
        whist/formats/*.py hub/broker/phones.py
    .venv/bin/pybabel update -i uikit/locale/hub.pot -d uikit/locale -D hub \\
        --no-fuzzy-matching --ignore-obsolete
    # translate the new (empty) entries in uikit/locale/fr/LC_MESSAGES/hub.po, then
    .venv/bin/pybabel compile -d uikit/locale -D hub --statistics

tests/unit/test_handout.py fails until every msgid has a French translation and the ``.mo``
matches the ``.po``. ``context="manche"`` picks the Gaspésie wording (a *manche*).

>>> translator("fr", context="manche").t("Hand {n}").format(n=11)
'Manche 11'
"""

from __future__ import annotations

from functools import partial

from uikit.i18n import Language, Translator, load_domain

DOMAIN = "hub"


def translator(language: Language = "en", *, context: str | None = None) -> Translator:
    """A translator into *language* with the hub's catalog."""
    return Translator(language, context=context, load=partial(load_domain, DOMAIN))


__all__ = ["DOMAIN", "Language", "translator"]
