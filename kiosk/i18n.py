"""The table kiosk's texts: gettext domain ``kiosk``.

Catalogs: ``uikit/locale/fr/LC_MESSAGES/kiosk.po`` / ``kiosk.mo``. After changing a text in
the code, from the repository::

    .venv/bin/pybabel extract -F kiosk/babel.cfg -o uikit/locale/kiosk.pot --no-location \\
        -c TRANSLATORS: --no-default-keywords -k N_ -k t -k nt:1,2 -k pt:1c,2 -k npt:1c,2,3 \\
        -k M_ -k G_ -k H_ -k R_ -k RP_:1c,2 -k E_ -k En_:1,2 -k P_ -k W_ -k WP_:1c,2 kiosk \\
        uikit/reasons.py whist/formats whist/night.py whist/refusals.py uikit/clockwords.py \\
        whist/reasons.py
    .venv/bin/pybabel update -i uikit/locale/kiosk.pot -d uikit/locale -D kiosk \\
        --no-fuzzy-matching --ignore-obsolete -w 100
    # translate the new (empty) entries in uikit/locale/fr/LC_MESSAGES/kiosk.po, then
    .venv/bin/pybabel compile -d uikit/locale -D kiosk --statistics

The club games' titles (``G_`` where each format defines it, ``whist/formats``), what their
house rules change (``H_``, shown while in force) and the core's refusals of a club deal
(``M_`` in ``whist/formats`` and ``whist/night.py``) are extracted too: the hub sends their
templates (``reason_text``), :mod:`uikit.reasons` says them; and the texts of the games'
entry schemas (``E_``, ``En_`` in :mod:`whist.formats.entry` and each game's module), which
:mod:`kiosk.individual` says; and what a refusal says to the players (``P_`` in
:mod:`whist.refusals`, the one table of refusal texts).

The kiosk says its texts as every app does (``tr.t``, ``tr.nt``, ``tr.pt``, ``N_``: see
:mod:`uikit.i18n`).

(A new language: ``pybabel init -i uikit/locale/kiosk.pot -d uikit/locale -D kiosk -l xx``,
and add it to :data:`uikit.i18n.LANGUAGES`.) tests/kiosk/test_i18n.py fails until every msgid
has a French translation and the ``.mo`` matches the ``.po``.

>>> tr = translator("fr")
>>> tr.nt("Visitors take {n} flag", "Visitors take {n} flags", 2).format(n=2)
'Les visiteurs prennent 2\xa0drapeaux'
>>> translator("fr", context="manche").t("That was the last hand.")
"C'était la dernière manche."
"""

from __future__ import annotations

from functools import partial

from uikit.i18n import N_, Language, Translator, load_domain, marking_translator

DOMAIN = "kiosk"


def translator(language: Language = "en", *, context: str | None = None) -> Translator:
    """A translator into *language* with the table kiosk's catalog."""
    return Translator(language, context=context, load=partial(load_domain, DOMAIN))


__all__ = ["DOMAIN", "N_", "Language", "Translator", "marking_translator", "translator"]
