"""The console's director pages (issue 12) against a real hub core: ending play early, the
results never reported, the flags to bring and the loan ledger."""

from __future__ import annotations

import pytest

from console.presenter import LeaderPresenter
from console.viewmodel import Screen
from tests.console.conftest import HubLink, console


@pytest.fixture
def long_hub(tmp_path):
    link = HubLink(tmp_path / "hub.sqlite3", tables=4, hands=30)
    yield link
    link.close()


def start(p: LeaderPresenter, hub: HubLink) -> None:
    p.start.open_start()
    hub.deliver()
    p.start.confirm_start()
    hub.deliver()


def test_ending_the_tournament_early_says_what_it_means(long_hub):
    hub = long_hub
    p = console(hub)
    start(p, hub)
    for table, tricks in ((1, 10), (2, 7), (3, 13)):  # no two teams level
        hub.result(table, 1, tricks)
    hub.deliver()
    t = p.view.tables
    assert t.undo.text == "End play early…"
    p.tables.secondary()
    c = p.view.confirm
    assert p.view.screen is Screen.CONFIRM
    assert c.title == "End the tournament now, after hand 1?"
    assert "Hand 1 is closed first." in c.body
    assert "Hands 2 to 30 will not be played." in c.body
    assert "Play is over, and tie-breaks can be played." in c.body  # not "final": missing
    assert c.detail == "1 result was never reported:\nHand 1: table 4"
    assert c.go.text == "End the tournament now" and c.go.role == "call"
    assert not c.go2.visible  # one day: ending the day is ending the tournament
    p.confirm.confirm()
    hub.deliver()
    # with the reason the page chose to start with (issue 25)
    assert [c.fields for c in hub.sent if c.op == "end_day"] == [
        {"early": True, "reason": "Out of time"}
    ]
    # not "the standings are final": a result is missing and the flags are to be counted
    assert p.view.message.text == (
        "Play is over. Leave the flags on the tables: the verifiers count them now."
    )
    assert p.store.state.finished and p.store.state.ended_after == 1
    assert p.view.header.info == "Play ended after hand 1."
    # The big button: the verifiers' count; beside it the standings (not final while the
    # flags are counted), but first what is missing.
    assert p.view.tables.primary.text == "Verifiers' count"
    assert p.view.tables.close.text == "Standings"
    assert "Provisional — 1 result missing." in p.view.tables.missing
    p.tables.open_close()
    assert p.view.screen is Screen.CONFIRM
    assert p.view.confirm.title == "Some results are missing"
    assert p.view.confirm.detail == "1 result was never reported:\nHand 1: table 4"
    p.confirm.confirm()
    s = p.view.standings
    assert p.view.screen is Screen.STANDINGS
    assert s.title == "Standings (provisional)"  # not final while results are missing
    assert s.note == (
        "Play ended after hand 1. Provisional — 1 result missing. "
        "Day 1 count: 0 of 4 tables counted."
    )


def two_days_first_hand(tmp_path) -> tuple[HubLink, LeaderPresenter]:
    """A two-day event (50 hands, 4 tables) whose first hand has one result in."""
    hub = HubLink(tmp_path / "two.sqlite3", tables=4, hands=50)
    p = console(hub)
    start(p, hub)
    hub.result(1, 1, 7)
    hub.deliver()
    return hub, p


def test_a_two_day_event_offers_the_day_or_the_whole_tournament(tmp_path):
    hub, p = two_days_first_hand(tmp_path)
    p.tables.secondary()
    c = p.view.confirm
    assert c.title == "End day 1 now, after hand 1?"
    assert "The rest of day 1's hands will not be played." in c.body
    assert "Day 2 starts with its first hand" in c.body
    assert c.body.endswith("This cannot be undone.")
    assert (c.go.text, c.go2.text) == ("End day 1 now", "End the whole tournament now")
    p.confirm.confirm()
    hub.deliver()
    assert p.store.state.next_hand == 31
    assert p.view.tables.primary.text == "Verifiers' count"  # day 1's flags first (A15)
    assert p.view.tables.close.text == "Start hand 31"  # beside it, not green
    p.tables.open_close()
    hub.deliver()
    assert p.view.start.title == "Start hand 31 of 50?"
    p.start.confirm_start()
    hub.deliver()
    assert p.store.state.hand == 31 and p.store.state.day == 2
    hub.result(1, 31, 7)
    hub.deliver()
    p.tables.secondary()
    p.confirm.confirm_second()  # the whole tournament, from day 2 too
    hub.deliver()
    assert [c.fields for c in hub.sent if c.op == "end_day"][-1] == {
        "early": True,
        "final": True,
        "reason": "Out of time",
    }
    assert p.store.state.finished and p.store.state.ended_after == 31
    hub.close()


def test_after_a_day_has_ended_the_tournament_can_end_there(tmp_path):
    """A13: no day 2 after all. Once day 1 has ended, the console offers to end the whole
    tournament (it knows the day ended from the hub's State, even after a restart)."""
    hub, p = two_days_first_hand(tmp_path)
    p.tables.secondary()
    p.confirm.confirm()  # end day 1 early
    hub.deliver()
    assert p.store.state.day_ended and not p.store.state.finished
    # a console started now knows it too: the day's end is the hub's, not the console's
    fresh = console(hub)
    hub.deliver()
    for c in (p, fresh):
        assert c.view.tables.primary.text == "Verifiers' count"
        assert c.view.tables.close.text == "Start hand 31"
        assert c.view.tables.undo.text == "End the tournament now…"
    fresh.tables.secondary()
    c = fresh.view.confirm
    assert c.title == "End the tournament now, after day 1?"
    assert "Day 2 will not be played." in c.body
    assert "Play is over, and tie-breaks can be played." in c.body  # not "final": missing
    assert c.detail == "3 results were never reported:\nHand 1: tables 2, 3, 4"
    fresh.confirm.confirm()
    hub.deliver()
    assert [c.fields for c in hub.sent if c.op == "end_day"][-1] == {
        "final": True,
        "reason": "Out of time",
    }
    assert fresh.store.state.finished and not fresh.view.tables.undo.visible
    hub.close()


def test_closing_a_hand_lists_every_earlier_hand_never_reported(long_hub):
    hub = long_hub
    p = console(hub)
    for _ in range(3):
        start(p, hub)
    hub.result(1, 3, 7)
    hub.deliver()
    p.tables.open_close()
    c = p.view.confirm
    assert c.detail.startswith("3 tables have not reported: 2, 3, 4.")
    assert c.detail.endswith(
        "Earlier hands: 8 results were never reported:\n"
        "Hand 1: tables 1, 2, 3, 4\nHand 2: tables 1, 2, 3, 4"
    )
    p.back()
    assert p.view.tables.missing.endswith("Provisional — 8 results missing.")


def test_a_short_table_shows_at_once_and_the_ledger_accounts_for_it(long_hub):
    hub = long_hub
    p = console(hub)
    for hand in range(1, 8):  # visitors take 2 flags from table 1 every hand
        start(p, hub)
        hub.result(1, hand, 13)
        hub.deliver()
    t = p.view.tables
    assert "Leader: bring 2 flags to table\u00a01" in t.calls
    assert (t.tiles[0].status, t.tiles[0].role) == ("Bring 2 flags", "tile-calling")
    p.tables.open_table(1)
    hub.deliver()
    p.loan.open_loan()
    assert (
        p.router.draft is not None and p.router.draft.flags == 2
    )  # the loan page starts at what is due
    assert p.view.loan.note.endswith(
        "The hub lent this table 2 flags it did not have. Carry them to the table, then press "
        "the button: it records the flags you brought, it does not lend more."
    )
    # the button says it records the flags brought, not a new loan (A11)
    assert p.view.loan.save.text == "I brought the 2 flags"
    p.set_language("fr")
    assert p.view.loan.save.text == "J'ai apporté les 2 drapeaux"
    p.set_language("en")
    p.loan.confirm_loan()
    hub.deliver()
    assert p.view.message.text == (
        "Table 1: the 2 flags the hub lent are recorded as brought; the table holds 0."
    )
    assert "bring" not in p.view.tables.calls
    p.show("standings")
    assert p.view.standings.ledger.text == "Loan ledger"
    p.loans.open_ledger()
    hub.deliver()
    v = p.view
    assert v.screen is Screen.LOANS
    assert v.loans.due == ""  # nothing left to bring
    assert v.loans.lines == (
        "Hand 7 · table 1: 2 flags, lent by the hub (too few flags), on the table"
    )
    p.back()
    assert p.view.screen is Screen.STANDINGS


def test_the_ledger_says_what_is_not_brought_and_what_went_back(tmp_path):
    hub = HubLink(tmp_path / "two.sqlite3", tables=4, hands=50)
    p = console(hub, language="fr")
    for hand in range(1, 8):
        start(p, hub)
        hub.result(1, hand, 13)
        hub.deliver()
    p.loans.open_ledger()
    hub.deliver()
    assert p.view.loans.due == "Arbitre\u00a0: apportez 2 drapeaux à la table\u00a01"
    assert "PAS ENCORE APPORTÉS" in p.view.loans.lines
    hub.send("end_day", early=True)
    hub.deliver()
    hub.deliver()
    assert "rendus à la fin de la journée" in p.view.loans.lines
    assert p.view.loans.lines.startswith("Jour 1 · Main 7")
    hub.close()


def test_the_tie_breaks_tab_says_results_are_missing(long_hub):
    """O12 on the Tie-breaks tab: while results are missing, the level teams may not be the
    real ones; the count is the hub's, said above the tie-break's buttons."""
    hub = long_hub
    p = console(hub)
    start(p, hub)
    for table in (1, 2, 3):  # every visitor takes 1 flag: teams level; table 4 never reports
        hub.result(table, 1, 8)
    hub.deliver()
    p.tables.secondary()
    p.confirm.confirm()
    hub.deliver()
    p.show("tiebreak")
    hub.deliver()
    assert p.view.tiebreak.warning == (
        "Provisional — 1 result missing. "
        "Enter them first: a missing result can change which teams are level."
    )
    p.set_language("fr")
    assert p.view.tiebreak.warning.startswith("Provisoire — 1 résultat manquant. Entrez-les")
    p.set_language("en")
    # rules A9: the hub refuses a playoff on provisional standings; the start stays grey
    p.tiebreak.tb_choose_trump("hearts")
    start_button = p.view.tiebreak.start
    assert not start_button.enabled and start_button.role == "disabled", start_button
    hub.result(4, 1, 8)  # too late for the kiosk: refused, the leader must enter it
    hub.deliver()
    assert p.view.tiebreak.warning
    p.tables.open_table(4)
    hub.deliver()
    p.correct.open_correct()
    p.correct.keypad(8)
    p.correct.reason_preset(1)
    p.correct.confirm_correct()
    hub.deliver()
    hub.deliver()
    p.show("tiebreak")
    hub.deliver()
    assert not p.view.tiebreak.warning
    start_button = p.view.tiebreak.start
    assert start_button.enabled and start_button.role == "primary", start_button
