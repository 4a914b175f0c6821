"""The verifiers' count on the console (decision A15) against a real hub core: each table's
count entered at the day's end, a difference shown and settled by accepting the count or by
a correction, the day verified; English and French."""

from __future__ import annotations

import pytest

from console.presenter import LeaderPresenter
from console.viewmodel import Screen
from tests.console.conftest import HubLink, console


@pytest.fixture
def hub(tmp_path):
    link = HubLink(tmp_path / "hub.sqlite3", tables=4, hands=50)
    yield link
    link.close()


def play_and_end_day_one(p: LeaderPresenter, hub: HubLink) -> int:
    """Hand 1: table 1's visitors take 2 flags (10 tricks); then the day ends early."""
    p.start.open_start()
    hub.deliver()
    p.start.confirm_start()
    hub.deliver()
    for table in range(1, 5):
        hub.result(table, 1, 10 if table == 1 else 6)
    hub.deliver()
    p.tables.open_end_early()
    p.confirm.confirm()
    hub.deliver()
    assert hub.core.tournament.day_ended
    return hub.core.tournament.visitor_team(1, 1)


def count(p: LeaderPresenter, hub: HubLink, table: int, flags: int) -> None:
    while p.counts.count_table != table:
        p.counts.count_step(1)
    p.counts.count_key(flags)
    p.counts.record_count()
    hub.deliver()


def test_counts_entered_a_difference_accepted_and_the_day_verified(hub):
    p = console(hub)
    visitors = play_and_end_day_one(p, hub)
    p.show("standings")
    assert p.view.standings.counts.text == "Verifiers' count"
    p.counts.open_counts()
    hub.deliver()
    v = p.view.counts
    assert p.view.screen is Screen.COUNTS
    assert v.title == "Verifiers' count — day 1"
    assert v.status == "Day 1 is not verified: 4 tables not counted yet."
    # a blind count (issue 25, item 14): the hub's number only once the verifier's is in
    assert v.table == "Table 1: not counted yet."
    assert "10" not in v.lines.splitlines()[0]
    assert v.record.text == "Tap the flags counted" and not v.record.enabled
    assert not v.accept.visible and not v.day.visible
    # ten digits and Erase, up to every flag of the room (12 a table, 4 tables: 48)
    assert [k.text for k in v.keys[:10]] == [str(d) for d in range(10)] and len(v.keys) == 11
    for d in (4, 9):
        p.counts.count_digit(d)
    assert p.counts.count_flags == 4  # 49 is more than a table can hold: not taken
    assert not p.view.counts.keys[9].enabled and p.view.counts.keys[8].enabled
    p.counts.count_digit(-1)
    p.counts.count_digit(1)
    p.counts.count_digit(1)
    assert p.view.counts.record.text == "Table 1 counted 11 flags"
    p.counts.record_count()
    hub.deliver()
    v = p.view.counts
    assert v.table == (
        "Table 1: counted 11, but the hub has 10 flags. Correct the result that was wrong, "
        "or accept the count."
    )
    assert v.table_role == "bad" and v.status_role == "bad"
    assert p.view.message.text == v.table
    assert v.accept.text == "Accept the count: 11 flags" and v.correct.visible
    assert v.lines.splitlines()[0] == "Table 1: counted 11, the hub 10 — DIFFERS"
    for table in range(2, 5):
        count(p, hub, table, 14 if table == visitors else 12)
    assert "1 table differs from the hub: settle it" in p.view.counts.status
    p.counts.count_next_open()
    assert p.counts.count_table == 1
    p.counts.accept_count()  # first a page: what it changes, in names, and a reason
    hub.deliver()  # the hub's dry run
    c = p.view.confirm
    assert p.view.screen is Screen.CONFIRM
    assert c.title == "Accept table 1's count: 11 flags?"
    assert c.body.startswith("The verifiers counted 11 flags; the hub has 10 flags.")
    assert c.detail == "Team 1: 10 → 11 flags; places unchanged."
    assert not c.go.enabled and c.reason_label
    assert not [c for c in hub.sent if c.op == "accept_count"]  # nothing changed yet
    p.confirm.reason_preset(0)
    assert p.view.confirm.go.enabled
    p.confirm.confirm()
    hub.deliver()
    assert [c.fields for c in hub.sent if c.op == "accept_count"] == [
        {"table": 1, "day": 1, "reason": "Counted twice, the same both times"}
    ]
    v = p.view.counts
    assert v.status == "Day 1 is verified; you accepted table 1's count."
    assert v.status_role == "good"
    # the hub took the count because the leader accepted it: it did not "have" it (A15)
    # and says what the hub had, from the hub's reply (A15): the leader typed only the count
    assert v.table == (
        "Table 1: counted 11, accepted by the leader instead of the hub's count (the hub had 10)."
    )
    assert (
        v.lines.splitlines()[0] == "Table 1: counted 11 — accepted by the leader (the hub had 10)"
    )
    assert p.view.message.text.endswith("Day 1 is verified.")
    assert not v.next_open.visible
    assert hub.core.tournament.day_totals(1) == (11,)
    p.back()
    assert p.view.screen is Screen.STANDINGS


def test_a_difference_settled_by_a_correction_from_the_count_page(hub):
    p = console(hub)
    play_and_end_day_one(p, hub)
    p.counts.open_counts()
    hub.deliver()
    count(p, hub, 1, 11)
    p.counts.count_correct()
    hub.deliver()
    assert p.view.screen is Screen.TABLE and p.router.table == 1


def test_the_count_page_in_french(hub):
    p = console(hub, language="fr")
    play_and_end_day_one(p, hub)
    p.counts.open_counts()
    hub.deliver()
    count(p, hub, 1, 9)
    v = p.view.counts
    assert v.title == "Compte des vérificateurs — jour 1"
    assert v.table.startswith("Table\u00a01\u00a0: 9 comptés, mais le poste central en a 10.")
    assert v.accept.text == "Accepter le compte\u00a0: 9\u00a0drapeaux"
    # correcting the result comes first; accepting the count is a plain button (confirmed)
    assert (v.correct.role, v.accept.role) == ("primary", "normal")
    p.counts.accept_count()  # the line then says what the hub had (A15)
    hub.deliver()
    p.confirm.set_reason("recompté deux fois")
    p.confirm.confirm()
    hub.deliver()
    v = p.view.counts
    assert v.table == (
        "Table\u00a01\u00a0: 9 comptés, acceptés par l'arbitre à la place du compte du poste "
        "central (il en avait 10)."
    )
    assert v.lines.splitlines()[0] == (
        "Table\u00a01\u00a0: 9 comptés — acceptés par l'arbitre (le poste central en avait 10)"
    )


def test_an_older_hubs_accepted_count_reads_as_before():
    """A hub older than ``hub_before`` (ext) sends only the reasons: the line says no number."""
    from console.director import count_list_line, count_table_line
    from console.i18n import translator
    from whist.protocol import CountLine

    line = CountLine(table=1, hub=11, counted=11, status="agrees", accepted=["lost"])
    tr = translator("en")
    assert count_list_line(tr, line) == "Table 1: counted 11 — accepted by the leader"
    assert count_table_line(tr, line) == (
        "Table 1: counted 11, accepted by the leader instead of the hub's count."
    )


def test_before_any_day_ends_the_page_says_so(hub):
    p = console(hub)
    p.show("standings")
    p.counts.open_counts()
    hub.deliver()
    v = p.view.counts
    assert v.status == "No day has ended yet: the flags are counted at the end of the day."
    assert not v.record.visible


def test_points_tournaments_have_no_count(tmp_path):
    link = HubLink(tmp_path / "g.sqlite3", fmt="gaspesie", tables=3, hands=2)
    p = console(link)
    p.show("standings")
    assert not p.view.standings.counts.visible
    link.close()


def test_a_tables_own_count_shows_on_the_page_and_in_the_summary(hub):
    """Rules A19: the count a table's players sent from their kiosk is the verifier's count:
    the page asks the hub again when State says a count came in, the summary line follows,
    and a recount on the console replaces it."""
    p = console(hub)
    play_and_end_day_one(p, hub)
    assert "Day 1 count: 0 of 4 tables counted." in p.view.tables.missing
    p.counts.open_counts()
    hub.deliver()
    hub.kiosk_count(1, 1, 11)
    hub.deliver()  # State: one table counted, it differs; the page asks again
    hub.deliver()
    v = p.view.counts
    assert v.lines.splitlines()[0] == "Table 1: counted 11, the hub 10 — DIFFERS"
    count(p, hub, 1, 10)  # the verifier recounts at the table
    assert p.view.counts.lines.splitlines()[0] == "Table 1: counted 10 — agrees"  # table order
    p.back()
    assert p.view.standings.note.endswith("Day 1 count: 1 of 4 tables counted.")
    hub.kiosk_count(2, 1, 13)
    hub.deliver()
    p.show("tables")
    assert p.view.tables.missing.splitlines()[-1] == (
        "Day 1 count: 2 of 4 tables counted, table 2 differs."
    )
    p.set_language("fr")
    assert p.view.tables.missing.splitlines()[-1] == (
        "Compte du jour 1\xa0: 2 sur 4 tables comptées, la table\xa02 diffère."
    )


def test_the_next_days_start_says_the_count_comes_first(hub):
    """Issue 25, item 1: starting day 2 puts 12 flags back on every table. While day 1's
    flags are not all counted, or a count differs, the start page says so and its button is
    no longer the green one; once the day is verified, it is again."""
    p = console(hub)
    play_and_end_day_one(p, hub)
    assert hub.core.tournament.day == 1 and not hub.core.tournament.finished
    # the count is what to do now: the big button; day 2's start waits beside it, not green
    primary, beside = p.view.tables.primary, p.view.tables.close
    assert (primary.text, primary.role) == ("Verifiers' count", "primary")
    assert (beside.text, beside.role) == ("Start hand 31", "normal")
    p.tables.primary()
    hub.deliver()
    assert p.view.screen is Screen.COUNTS
    p.back()
    p.tables.open_close()  # the start is still there, and says the count comes first
    assert p.view.screen is Screen.START
    hub.deliver()
    v = p.view.start
    assert v.warning == (
        "Day 1 count: 0 of 4 tables counted. "
        "Starting hand 31 puts 12 flags back on every table: count them first."
    ), v.warning
    assert v.go.enabled and v.go.role == "normal"
    p.set_language("fr")
    assert "remet 12\u00a0drapeaux sur chaque table" in p.view.start.warning
    p.set_language("en")
    p.back()
    p.counts.open_counts()
    hub.deliver()
    for table in range(1, 5):
        count(p, hub, table, hub.core.tournament.table_count(1, table).hub)
    p.start.open_start()
    hub.deliver()
    assert p.view.start.warning == "" and p.view.start.go.role == "primary"
    p.show("tables")
    primary = p.view.tables.primary  # day 1 verified: day 2 is what comes next
    assert (primary.text, primary.role) == ("Start hand 31", "primary")
    assert not p.view.tables.close.visible


def test_the_standings_are_final_once_the_flags_are_counted(tmp_path):
    """Issue 25: an accepted count moves a team's score, so the last day's standings are
    not called final while the verifiers count (the hall says the same)."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=1)
    p = console(hub)
    hub.send("start_hand")
    for table, tricks in ((1, 10), (2, 7), (3, 13)):  # no two teams level: no playoff
        hub.result(table, 1, tricks)
    hub.send("close_hand")
    hub.deliver()
    p.show("standings")
    assert p.view.standings.title == "Standings after the last hand"  # the day's end to come
    assert p.view.tables.primary.text != "Final standings"
    hub.send("end_day")
    hub.deliver()
    assert p.view.standings.title == "Standings (the flags are being counted)"
    p.set_language("fr")
    assert p.view.standings.title == "Classement (on compte les drapeaux)"
    for table in (1, 2, 3):
        hub.kiosk_count(table, 1, hub.core.tournament.table_count(1, table).hub)
    hub.deliver()
    assert p.view.standings.title == "Classement final"
    hub.close()


def test_the_count_words_from_a_state_alone() -> None:
    """uikit.common's count line and whether a count is still open, from State alone (the
    examples that were its doctests: a screen's module names no game)."""
    from console.i18n import translator
    from uikit.common import count_pending, day_count_line
    from whist.protocol import DayCounts, State

    ended = State(
        tournament="T", format="alberta", tables=3, hand=30, hands=30, day=1, phase="closed",
        trump=None, reported=[], missing=[], day_ended=True,
        counts=[DayCounts(day=1, counted=3, differ=[2])],
    )
    assert count_pending(ended)
    assert not count_pending(ended.model_copy(update={"counts": []}))
    s = State(
        tournament="T", format="alberta", tables=16, hand=30, hands=50, day=1, phase="waiting",
        trump=None, reported=[], missing=[], counts=[DayCounts(day=1, counted=14, differ=[5])],
    )
    en = translator("en")
    assert day_count_line(en, s) == "Day 1 count: 14 of 16 tables counted, 1 differs."
    assert day_count_line(en, s, name_tables=True) == (
        "Day 1 count: 14 of 16 tables counted, table 5 differs."
    )
