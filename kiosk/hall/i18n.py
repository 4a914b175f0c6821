"""The hall display's texts: gettext domain ``hall``.

Catalogs: ``kiosk/locale/fr/LC_MESSAGES/hall.po`` / ``hall.mo``. The texts come from
``kiosk/hall/*.py`` and from the set-up screen and trump words shared with the console
(``kiosk/leader/common.py``). After changing a text, from the repository::

    .venv/bin/pybabel extract -F kiosk/hall/babel.cfg -o kiosk/locale/hall.pot \\
        --no-location -c TRANSLATORS: --no-default-keywords \\
        -k t -k nt:1,2 -k pt:1c,2 -k M_ kiosk/hall kiosk/leader/common.py
    .venv/bin/pybabel update -i kiosk/locale/hall.pot -d kiosk/locale -D hall \\
        --no-fuzzy-matching --ignore-obsolete
    # translate the new entries in kiosk/locale/fr/LC_MESSAGES/hall.po, then
    .venv/bin/pybabel compile -d kiosk/locale -D hall --statistics

>>> translator("fr").t("Flags")
'Drapeaux'
"""

from __future__ import annotations

from functools import partial

from kiosk.i18n import Language
from kiosk.leader.i18n import ConsoleTranslator, load_domain

DOMAIN = "hall"


def translator(language: Language = "en", *, context: str | None = None) -> ConsoleTranslator:
    """A translator into *language* with the hall display's catalog."""
    return ConsoleTranslator(language, context=context, load=partial(load_domain, DOMAIN))
