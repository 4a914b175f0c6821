"""The hall display's texts: gettext domain ``hall``.

Catalogs: ``uikit/locale/fr/LC_MESSAGES/hall.po`` / ``hall.mo``. The texts come from
``hall/*.py``, from the set-up screen and trump words shared with the console
(``uikit/common.py``), and each club game's title where its format defines it (``G_`` in
``whist/formats``; hall/babel.cfg keeps the core's refusals, ``M_`` there, out). After
changing a text, from the repository::

    .venv/bin/pybabel extract -F hall/babel.cfg -o uikit/locale/hall.pot \\
        --no-location -c TRANSLATORS: --no-default-keywords \\
        -k t -k nt:1,2 -k pt:1c,2 -k npt:1c,2,3 -k W_ -k WP_:1c,2 hall uikit/common.py \\
        whist/formats/*.py uikit/clockwords.py whist/reasons.py
    .venv/bin/pybabel update -i uikit/locale/hall.pot -d uikit/locale -D hall \\
        --no-fuzzy-matching --ignore-obsolete
    # translate the new entries in uikit/locale/fr/LC_MESSAGES/hall.po, then
    .venv/bin/pybabel compile -d uikit/locale -D hall --statistics

``npt`` (ngettext with a context) declares a count's Gaspésie wording, as in console/i18n.py.

>>> translator("fr").t("Flags")
'Drapeaux'
"""

from __future__ import annotations

from functools import partial

from uikit.i18n import Language, Translator, load_domain

DOMAIN = "hall"


def translator(language: Language = "en", *, context: str | None = None) -> Translator:
    """A translator into *language* with the hall display's catalog."""
    return Translator(language, context=context, load=partial(load_domain, DOMAIN))
