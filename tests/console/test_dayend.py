"""The day's end and the leader's safety net (issue 25) on the console, against a real hub
core: the words at a day's end say what is true for this tournament, and every change after
a hand is closed says first what it does, in names, from the core's dry run (``preview``),
which changes nothing; English and French."""

from __future__ import annotations

import time

from console.presenter import LeaderPresenter
from console.viewmodel import Screen
from tests.console.conftest import HubLink, console


def play_hand(p: LeaderPresenter, hub: HubLink, hand: int, tricks: dict[int, int]) -> None:
    p.start.open_start()
    hub.deliver()
    p.start.confirm_start()
    hub.deliver()
    for table, visitor_tricks in tricks.items():
        hub.result(table, hand, visitor_tricks)
    hub.deliver()


def end_the_day(p: LeaderPresenter, hub: HubLink) -> None:
    p.confirm.open_confirm("end_day")
    hub.deliver()
    p.confirm.confirm()
    hub.deliver()


def test_the_last_days_end_keeps_the_flags_for_the_count(tmp_path):
    """Item 1: after the last day the flags stay on the tables for the verifiers' count;
    never "every table starts again with 12 flags"."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=1)
    p = console(hub)
    play_hand(p, hub, 1, {1: 7, 2: 7, 3: 7})
    p.tables.primary()  # close the hand
    p.confirm.confirm()
    hub.deliver()
    p.confirm.open_confirm("end_day")
    hub.deliver()
    body = p.view.confirm.body
    assert "the flags stay on the tables for the verifiers' count" in body
    assert "12 flags" not in body
    p.confirm.confirm()
    hub.deliver()
    assert p.view.message.text == (
        "Day 1 ended: that was the last day. Leave the flags on the tables: the verifiers "
        "count them now."
    )
    p.set_language("fr")
    assert "12" not in p.view.message.text and "vérificateurs" in p.view.message.text
    hub.close()


def test_a_change_after_final_standings_says_so_and_names_first_place(tmp_path):
    """Item 3: a correction after "Final standings" says so first, and what it does in
    names: "this changes first place: … before …"; nothing changes until it is saved."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=1)
    p = console(hub)
    play_hand(p, hub, 1, {1: 9, 2: 7, 3: 7})
    p.tables.primary()
    p.confirm.confirm()
    hub.deliver()
    end_the_day(p, hub)
    assert hub.core.tournament.finished
    assert {t.rank for t in p.store.standings.teams} == {1}  # every team level on 12
    events = hub.core.tournament.events
    p.tables.open_table(1)
    hub.deliver()
    p.table.open_correct()
    p.correct.keypad(4)  # table 1's visitors took 4 tricks, not 9: first place changes
    hub.deliver()
    effect = p.view.correct.effect
    warning, moves = effect.split("\n")
    assert warning == "The standings are final: this changes them."
    assert moves == (
        "Team 1: 12 → 13 flags; Team 3: 12 → 11 flags; this changes first place: Team 1 "
        "before Team 2, Team 3."
    )
    assert hub.core.tournament.events == events  # the dry run recorded nothing
    assert not [c for c in hub.sent if c.op == "correct"]
    p.set_language("fr")
    assert p.view.correct.effect.startswith("Le classement est définitif")
    hub.close()


def test_a_penalty_says_its_effect_before_it_is_given(tmp_path):
    """Item 3, Gaspésie in French: the side at fault chosen, the form says who moves."""
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=2)
    p = console(hub, language="fr")
    play_hand(p, hub, 1, {1: 8, 2: 7, 3: 6})
    p.tables.open_table(2)
    hub.deliver()
    p.table.open_penalty()
    assert p.view.penalty.effect == ""  # no side chosen: nothing to say yet
    p.penalty.penalty_side("visitors")  # they took the manche: it goes to the home side
    hub.deliver()
    assert p.view.penalty.effect == (
        "Équipe 1\xa0: 1 → 0\xa0point\xa0; Équipe 2\xa0: 0 → 1\xa0point\xa0; les places "
        "changent\xa0: Équipe 2\xa0: 3 → 2, Équipe 1\xa0: 2 → 3."
    )
    assert not [c for c in hub.sent if c.op == "penalty"]
    hub.close()


def test_the_tiebreak_undo_says_what_it_does(tmp_path):
    """Item 3: taking back a tie-break names what moves in the standings."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=1)
    p = console(hub)
    play_hand(p, hub, 1, {1: 7, 2: 7, 3: 7})  # every team level on 12 flags
    p.tables.primary()
    p.confirm.confirm()
    hub.deliver()
    end_the_day(p, hub)
    hub.send("tiebreak_start", teams=[1, 2, 3], trump="clubs")
    for _ in range(2):  # the playoff decided: every team on its own place
        pairing = list(hub.core.tournament.tiebreak_in_progress().next_pairing())
        hub.send("tiebreak_result", teams=pairing, tricks=[8, 5])
    hub.deliver()
    assert len({t.rank for t in p.store.standings.teams}) == 3
    p.confirm.open_confirm("tiebreak_undo")
    assert p.view.confirm.detail.startswith("Working out what this changes…")
    hub.deliver()
    assert p.view.screen is Screen.CONFIRM
    detail = p.view.confirm.detail
    assert detail.startswith("The standings are final: this changes them.\n")
    assert detail.splitlines()[1] == (
        "No score moves; this changes first place: Team 1, Team 2, Team 3 now share it."
    )
    hub.close()


def test_a_points_tournament_counts_no_flags(tmp_path):
    """Item 5: a format without flags has no count line, on the console or in State."""
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=2)
    p = console(hub, language="fr")
    play_hand(p, hub, 1, {1: 8, 2: 7, 3: 6})
    hub.send("end_day", early=True)
    hub.deliver()
    assert p.store.state is not None and p.store.state.counts == []
    assert "Compte" not in p.view.tables.missing
    hub.close()


def test_the_playoff_page_names_teams_and_players_and_asks_nothing_again(tmp_path):
    """Item 4: the console names the teams and their A and B players (from the core's
    playoff note) and shows "Ask the hub again" only while it waits for the hub."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=1)
    spec = hub.core.tournament.spec
    p = console(hub)
    assert spec.teams[0].players["A"] == ""  # the file names no players: teams only
    play_hand(p, hub, 1, {1: 7, 2: 7, 3: 7})
    p.tables.open_close()
    p.confirm.confirm()
    hub.deliver()
    end_the_day(p, hub)
    p.show("tiebreak")
    assert p.view.tiebreak.refresh.visible  # the ties are being asked for
    hub.deliver()
    v = p.view.tiebreak
    assert not v.refresh.visible
    assert "At table 1: Team 1; Team 2; Team 3." in v.steps.splitlines()
    hub.close()


def test_an_outage_keeps_the_last_picture_and_says_since_when(tmp_path):
    """Item 11: the hub (and its broker) away: the tables view stays, with a banner saying
    since when; back, it refreshes from the hub's retained news, never blank between."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=2)
    now = [1_800_000_000.0]
    p = console(hub, clock=lambda: now[0])
    play_hand(p, hub, 1, {1: 7})
    assert p.view.screen is Screen.TABLES
    before = p.view.tables
    p.on_connection(False)  # the hub's machine is gone, broker and all
    v = p.view
    assert v.screen is Screen.TABLES and v.tables == before  # the last picture
    since = time.strftime("%H:%M", time.localtime(now[0]))
    assert v.header.banner == f"The hub has been away since {since}; what you see is from then."
    hub.result(2, 1, 7)  # meanwhile the hub (back first) took table 2's result
    hub.outbox.clear()
    now[0] += 60
    p.on_connection(True)  # back: the retained State and Standings come again
    hub.outbox = [*hub.core.retained()]
    hub.deliver()
    v = p.view
    assert v.screen is Screen.TABLES and v.header.banner == ""
    assert p.store.state is not None and p.store.state.reported == [1, 2]
    p.on_hub_status(False)  # the broker stays, the hub goes: the same picture, said so
    assert p.view.header.banner.startswith(f"The hub has been offline since {since[:2]}")
    p.set_language("fr")
    assert p.view.header.banner.startswith("Poste central hors ligne depuis")
    hub.close()


def test_the_count_back_shows_the_manche_that_separates_the_teams(tmp_path):
    """Item 6: level teams are separated by an early manche: the page names it and shows
    its totals, not only the manches where they are level."""
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=5)
    p = console(hub)
    results = [[10, 8, 6], [10, 10, 7], [3, 10, 6], [5, 5, 3], [6, 3, 3]]
    for hand, row in enumerate(results, start=1):
        play_hand(p, hub, hand, dict(enumerate(row, start=1)))
        p.tables.open_close()
        p.confirm.confirm()
        hub.deliver()
    p.show("tiebreak")
    hub.deliver()
    lines = p.view.tiebreak.steps.splitlines()
    i = lines.index("Level after hands 4 and 3; hand 2 separates them:")
    assert lines[i + 1 : i + 3] == [
        "Team 1 — after hand 3: 4 points · after hand 2: 2 points",
        "Team 3 — after hand 3: 4 points · after hand 2: 3 points",
    ]
    hub.close()


def test_the_days_end_takes_a_reason_kept_in_the_log_and_the_export(tmp_path):
    """Issue 25: ending a day asks for a reason (the usual one chosen to start with, or
    typed); it is sent, kept in the log, said on the tables tab and in the export; with the
    box emptied nothing is sent. English and French."""
    from hub.paper.export import export_csv

    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=4)
    p = console(hub)
    play_hand(p, hub, 1, {1: 7, 2: 7, 3: 7})
    p.confirm.open_confirm("end_early")
    hub.deliver()
    v = p.view.confirm
    assert v.reason == "Out of time" and v.go.enabled  # the early end's usual reason
    # before the last hand, never "every hand of the day is played"
    assert [r.text for r in v.reasons] == ["Out of time", "The hall closes early"]
    p.confirm.set_reason("")
    assert not p.view.confirm.go.enabled and not p.view.confirm.go2.enabled
    p.confirm.confirm_second()
    p.confirm.confirm()
    assert not [c for c in hub.sent if c.op == "end_day"]  # no reason: nothing sent
    p.confirm.set_reason("The hall is needed at four")
    p.confirm.confirm()
    hub.deliver()
    sent = [c for c in hub.sent if c.op == "end_day"]
    assert [(c.command.early, c.command.reason) for c in sent] == [
        (True, "The hall is needed at four")
    ]
    assert hub.core.tournament.day_reasons == {1: "The hall is needed at four"}
    assert p.view.tables.phase == "Day 1 ended by the leader: The hall is needed at four"
    p.set_language("fr")
    assert p.view.tables.phase == ("Jour 1 terminé par l'arbitre\xa0: The hall is needed at four")
    standings = export_csv(hub.core.tournament, tmp_path / "out")[1].read_text("utf-8")
    assert "day 1 ended by the leader,The hall is needed at four" in standings
    hub.close()


def test_the_tiebreak_undo_takes_a_reason_the_kiosks_and_export_say(tmp_path):
    """Issue 25: taking back a tie-break sends its reason (a ready-made one, in the language
    on show); each team it moves has it in its late change, and the export keeps it."""
    from hub.paper.export import export_csv

    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=1)
    p = console(hub, language="fr")
    play_hand(p, hub, 1, {1: 7, 2: 7, 3: 7})
    p.tables.primary()
    p.confirm.confirm()
    hub.deliver()
    end_the_day(p, hub)
    hub.send("tiebreak_start", teams=[1, 2, 3], trump="clubs")
    hub.deliver()
    p.confirm.open_confirm("tiebreak_undo")
    hub.deliver()
    v = p.view.confirm
    assert v.reason == "Une main de barrage a été mal saisie"
    p.confirm.reason_preset(2)
    p.confirm.confirm()
    hub.deliver()
    # a ready-made reason is sent and kept in its English words, whatever the console's
    # language: every reader says it in its own (whist.reasons)
    assert [c.command.reason for c in hub.sent if c.op == "tiebreak_undo"] == [
        "The playoff is to be played again"
    ]
    t = hub.core.tournament
    assert t.late_changes[2] == ("tiebreak_undo", 0, "The playoff is to be played again")
    assert t.undone_tiebreaks == [((1, 2, 3), "The playoff is to be played again")]
    standings = export_csv(t, tmp_path / "out")[1].read_text("utf-8")
    assert '"tie-break of teams 1, 2, 3 taken back",The playoff is to be played again' in standings
    hub.close()
