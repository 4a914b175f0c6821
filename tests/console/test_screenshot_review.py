"""What a reviewer of every console screenshot asked for: counts that agree with their
words, one colon in a call, « Défaire » for what takes a step back (« Annuler » only backs out
of a page), French typography (a non-breaking space before « ; » and between "table" and its
number), one French word for the kiosk (« borne »), and the set-up example in the console's
language."""

from __future__ import annotations

import time
from pathlib import Path

from console.presenter import SetupPresenter
from console.viewmodel import Screen
from tests.console.conftest import console
from tests.console.test_presenter import start
from uikit.config import ConfigProblem, Problem

NB = "\u00a0"


def test_one_table_in_says_tables_and_has_reported(hub):
    p = console(hub)
    start(p, hub)
    hub.result(1, 1, 7)
    hub.deliver()
    # the noun follows the tables in the hall, the verb the tables that reported
    assert p.view.tables.phase == "Playing: 1 of 3 tables has reported."
    p.set_language("fr")
    assert p.view.tables.phase == f"En jeu{NB}: 1 table sur 3 a donné son résultat."
    p.set_language("en")
    hub.result(2, 1, 7)
    hub.deliver()
    assert p.view.tables.phase == "Playing: 2 of 3 tables have reported."
    p.set_language("fr")
    assert p.view.tables.phase == f"En jeu{NB}: 2 tables sur 3 ont donné leur résultat."


def test_a_call_has_one_colon_and_its_table_number_stays_with_table(hub):
    p = console(hub)
    start(p, hub)
    hub.call(1)
    hub.deliver()
    assert p.view.tables.calls == f"Calling you: table{NB}1 (the players ask for you)"
    p.set_language("fr")
    assert p.view.tables.calls == f"On vous appelle{NB}: table{NB}1 (les joueurs vous demandent)"
    assert p.view.tables.calls.count(":") == 1


def test_french_undo_is_defaire_and_cancel_is_annuler(hub):
    p = console(hub, language="fr")
    start(p, hub)
    assert p.view.tables.undo.text == "Défaire le début de la main 1"
    p.tables.secondary()
    assert p.view.screen is Screen.CONFIRM
    assert p.view.confirm.title == f"Défaire le début de la main 1{NB}?"
    assert "Annuler" not in p.view.confirm.title + p.view.confirm.go.text
    assert p.view.confirm.go.text == "Défaire le début"
    assert p.view.confirm.back.text == "Retour"
    p.back()
    p.tables.open_table(1)
    hub.deliver()
    p.loan.open_loan()
    assert p.view.loan.back.text == "Annuler"  # « Annuler » only backs out of a page


def test_french_semicolons_have_their_space_and_tables_keep_their_number(hub):
    p = console(hub, language="fr")
    p.tables.primary()
    hub.deliver()
    move = p.view.start.move.splitlines()[0]
    assert f"table{NB}2{NB}; équipe 2" in move, move
    assert " ;" not in move and " table 2" not in move


def test_the_kiosk_is_a_borne_everywhere_in_french(hub):
    p = console(hub, language="fr")
    p.show("sheets")
    hub.deliver()
    sheets = p.view.sheets
    assert sheets.joins_title == "Bornes qui ont rejoint la salle"
    catalog = Path("uikit/locale/fr/LC_MESSAGES/leader.po").read_text(encoding="utf-8")
    said = [ln for ln in catalog.splitlines() if not ln.startswith(("msgid", "#"))]
    # « écran » is kept for the console's own screen only
    assert [ln for ln in said if "écran" in ln.lower()] == [
        'msgstr "Cet écran n\'est pas encore configuré"'
    ]


def test_the_setup_example_is_in_the_consoles_language():
    problem = ConfigProblem(Path("/etc/leader.toml"), [Problem("missing", "host")])
    p = SetupPresenter(problem, language="en")
    assert 'language = "en"' in p.view.setup.command
    p.toggle_language()
    assert 'language = "fr"' in p.view.setup.command


def test_the_french_offline_banner_is_short(hub):
    p = console(hub, language="fr", clock=lambda: 1_800_000_000.0)
    p.on_hub_status(False)  # issue 25: since when, kept short
    at = time.strftime("%H:%M", time.localtime(1_800_000_000.0))
    assert (
        p.view.header.banner == f"Poste central hors ligne depuis {at}{NB}: commandes en attente."
    )
