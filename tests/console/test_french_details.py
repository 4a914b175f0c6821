"""Issue 13, the console's details: French throughout, the tournament's name (rename), the
words of entering a missing result, the reason's hint, the day's end at the last hand."""

from __future__ import annotations

import re

from console.viewmodel import Screen
from tests.console.conftest import HubLink, console
from tests.console.test_presenter import start


def play_hand(p, hub: HubLink, hand: int, tables=(1, 2, 3)) -> None:
    start(p, hub)
    for table in tables:
        hub.result(table, hand, 7)
    hub.deliver()


def slots(p) -> set[str]:
    t = p.view.tables
    return {b.text for b in (t.primary, t.close, t.undo) if b.visible}


def test_end_day_is_reachable_at_the_last_hand(hub):
    p = console(hub)
    play_hand(p, hub, 1)
    play_hand(p, hub, 2, tables=())
    # the last hand just started: its start can still be taken back
    # what to do now is wait: never "Start hand 3" while hand 2 is in play (issue 25)
    waiting = "Hand 2 in play: waiting for tables 1, 2, 3"
    assert slots(p) == {waiting, "Close hand 2", "Undo the start of hand 2"}
    assert not p.view.tables.primary.enabled
    hub.result(1, 2, 7)
    hub.deliver()
    waiting = "Hand 2 in play: waiting for tables 2, 3"
    assert slots(p) == {waiting, "Close hand 2", "End day 1"}  # one result in: the day can end
    for table in (2, 3):
        hub.result(table, 2, 7)
    hub.deliver()
    p.tables.primary()
    assert p.view.screen is Screen.CONFIRM
    p.confirm.confirm()
    hub.deliver()
    assert "End day 1" in slots(p)  # closed: still there beside the tie-breaks
    p.tables.secondary()
    assert p.view.screen is Screen.CONFIRM and p.router.confirm_kind == "end_day"


def test_a_missing_result_is_entered_not_corrected_and_says_so(hub):
    p = console(hub)
    start(p, hub)
    hub.result(1, 1, 7)
    hub.deliver()
    p.tables.open_table(2)
    hub.deliver()
    assert p.view.table.correct.text == "Enter the result"
    p.correct.open_correct()
    c = p.view.correct
    assert c.title == "Enter the result of table 2, hand 1" and c.save.text == "Save the result"
    assert c.reason_hint == "Type the reason, or tap one above"
    p.correct.keypad(6)
    p.correct.reason_preset(1)
    p.correct.confirm_correct()
    hub.deliver()
    hub.deliver()
    assert "entered by the leader" in p.view.table.result
    assert p.view.message.text == "Table 2, hand 1: the result is saved."
    assert p.view.table.history.startswith("Entered by the leader: ")
    p.correct.open_correct()  # now there is a result: correcting it
    assert p.view.correct.title == "Correct table 2, hand 1"
    assert p.view.correct.save.text == "Save the correction"


def test_gaspesie_in_french_says_manche_and_counts_with_plural_forms(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=2)
    try:
        p = console(hub, language="fr")
        start(p, hub)
        hub.result(1, 1, 7)
        hub.deliver()
        assert p.view.tables.phase == "En jeu\u00a0: 1 table sur 3 a donné son résultat."
        hub.result(2, 1, 7)
        hub.deliver()
        assert p.view.tables.phase == "En jeu\u00a0: 2 tables sur 3 ont donné leur résultat."
        p.tables.open_table(3)
        hub.deliver()
        p.correct.open_correct()
        assert p.view.correct.title == "Saisir le résultat de la table\u00a03, manche 1"
        p.show("standings")
        assert p.view.standings.title == "Classement après la manche 1 sur 2"
        shown = [p.view.header.info, p.view.correct.title, p.view.tables.hand]
        shown.append(p.view.standings.title)
        assert not any(re.search(r"\bmains?\b", text, re.I) for text in shown), shown
    finally:
        hub.close()


def test_names_are_never_said_twice(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=1)
    try:
        p = console(hub, language="fr")
        start(p, hub)
        for table in (1, 2, 3):
            hub.result(table, 1, 7)
        hub.deliver()
        p.show("standings")
        # the Name column says what the standings view says (as the hall does)
        names = [row.name for row in p.view.standings.rows]
        assert sorted(names) == ["Équipe 1", "Équipe 2", "Équipe 3"]
        p.show("tables")
        p.tables.primary()
        p.confirm.confirm()
        hub.deliver()
        p.tables.secondary()  # end the day
        page = p.view.confirm.body + "\n" + p.view.confirm.detail
        assert "Équipe 1\u00a0:" in page and "(Équipe" not in page, page
    finally:
        hub.close()


def test_the_tournament_is_renamed_from_the_sheets_tab(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=1, name="Spring cup")
    try:
        p = console(hub, language="fr")
        p.show("sheets")
        s = p.view.sheets
        assert s.name_hint == "Spring cup" and not s.rename.enabled
        p.sheets.set_name("  Coupe du printemps ")
        assert p.view.sheets.rename.enabled and p.view.sheets.rename.text == "Renommer"
        p.sheets.rename()
        hub.deliver()
        assert p.view.header.tournament == "Coupe du printemps"
        assert p.view.message.text == "Le tournoi s'appelle maintenant « Coupe du printemps »."
        assert p.view.sheets.name == "" and p.view.sheets.name_hint == "Coupe du printemps"
        assert hub.core.tournament.spec.name == "Coupe du printemps"
    finally:
        hub.close()
