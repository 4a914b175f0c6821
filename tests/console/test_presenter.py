"""The console's behaviour, screen by screen, against a real hub core (no network, no window)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

from console.i18n import marking_translator
from console.presenter import LeaderPresenter, SetupPresenter
from console.screens.base import clock_time
from console.viewmodel import VERBATIM_FIELDS, Screen, ViewModel
from tests.console.conftest import HubLink, console
from uikit.config import ConfigProblem, Problem


def last(hub: HubLink, op: str):
    return [c for c in hub.sent if c.op == op][-1]


def start(p: LeaderPresenter, hub: HubLink, trump: str | None = None) -> None:
    p.start.open_start()
    hub.deliver()
    if trump:
        p.start.choose_trump(trump)
    p.start.confirm_start()
    hub.deliver()


def test_connecting_until_the_hub_speaks(hub):
    p = LeaderPresenter(link=hub, language="en")
    assert p.view.screen is Screen.CONNECTING
    assert p.view.connecting.message == "Connecting to the hub…"
    p.on_connection(True)
    assert p.view.connecting.message == "Waiting for the hub to start…"
    hub.attach(p)
    assert p.view.screen is Screen.TABLES


def test_the_overview_before_the_first_hand(hub):
    p = console(hub)
    t = p.view.tables
    assert t.hand == "Before the first hand"
    assert t.primary.text == "Start hand 1" and t.primary.role == "primary"
    assert not t.close.visible and not t.undo.visible
    assert [tile.status for tile in t.tiles] == ["Offline"] * 3
    hub.status(1)
    hub.deliver()
    assert p.view.tables.tiles[0].status == "Ready"


def test_start_shows_the_move_and_trump_before_it_is_sent(hub):
    p = console(hub)
    p.tables.primary()
    hub.deliver()
    v = p.view
    assert v.screen is Screen.START
    assert v.start.title == "Start hand 1 of 2?"
    assert v.start.move.splitlines() == [
        "A & B of every team go 1 table ahead (team 1 to table 2; team 2 to table 3; "
        "team 3 to table 1).",
        "X & Y stay at their own table.",
    ]
    assert v.start.trump_note.startswith("The pattern says ♠ Spades.")
    assert [b.role for b in v.start.trumps] == ["selected", "normal", "normal", "normal", "normal"]
    assert not [c for c in hub.sent if c.op == "start_hand"]  # nothing sent yet
    p.start.choose_trump("none")
    p.start.confirm_start()
    assert p.view.message.text == "Sending to the hub: start the hand…"
    assert p.view.message.role == "message-wait"
    hub.deliver()
    assert last(hub, "start_hand").fields == {"trump": "none"}
    assert p.store.state.hand == 1 and p.store.state.trump == "none"
    assert p.view.screen is Screen.TABLES
    assert p.view.message.text == "Hand 1 started. Trump: No trump."
    assert p.view.header.info == "Hand 1 of 2 · Trump: No trump"


def test_cut_a_card(hub):
    p = console(hub)
    start(p, hub, "cut")
    assert last(hub, "start_hand").fields == {"cut": True}
    assert "The hub cut" in p.view.message.text


def test_the_leaders_choice_must_be_made(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", leader_chooses_trump=True)
    p = console(hub)
    p.start.open_start()
    hub.deliver()
    assert p.view.start.trump_note.startswith("The pattern leaves the trump to you")
    assert not p.view.start.go.enabled
    p.start.confirm_start()
    assert not [c for c in hub.sent if c.op == "start_hand"]
    p.start.choose_trump("hearts")
    assert p.view.start.go.enabled
    p.start.confirm_start()
    hub.deliver()
    assert p.store.state.trump == "hearts"
    hub.close()


def test_the_grid_and_the_close_warning(hub):
    p = console(hub)
    for t in (1, 2, 3):
        hub.status(t)
    start(p, hub)
    hub.result(2, 1, 10)
    hub.result(2, 1, 9)  # a second, different result: a conflict
    hub.call(3, "misdeal")
    hub.deliver()
    t = p.view.tables
    assert [tile.status for tile in t.tiles] == ["Waiting", "Conflict", "Calls you"]
    assert [tile.role for tile in t.tiles] == ["tile-waiting", "tile-conflict", "tile-calling"]
    assert t.missing == "Missing (2): tables\u00a01, 3"
    assert t.calls == "Calling you: table\u00a03 (misdeal)"  # one colon
    assert p.view.header.banner == "Table 3 is calling you."
    assert t.undo.text == "End play early…"  # a result is in: no undo, but play may end
    p.tables.open_close()
    c = p.view.confirm
    assert c.title == "Close hand 1?"
    assert c.detail.startswith("2 tables have not reported: 1, 3.")
    assert c.go.role == "call"
    p.confirm.confirm()
    hub.deliver()
    assert p.store.state.phase == "closed"
    assert p.view.message.text == "Hand 1 closed. 2 tables never reported: 1, 3."


def test_undo_while_no_result_is_in(hub):
    p = console(hub)
    start(p, hub)
    assert p.view.tables.undo.text == "Undo the start of hand 1"
    p.tables.secondary()
    assert p.view.confirm.title == "Take back the start of hand 1?"
    p.confirm.confirm()
    hub.deliver()
    assert p.store.state.hand == 0
    assert p.view.message.text == "The start of hand 1 was taken back."


def test_a_table_its_conflict_and_a_correction(hub):
    p = console(hub)
    start(p, hub)
    hub.result(2, 1, 10)
    hub.result(2, 1, 9)
    hub.deliver()
    p.tables.open_table(2)
    assert p.view.table.result == "Asking the hub…"
    hub.deliver()
    v = p.view.table
    assert v.title == "Table 2 · hand 1"
    assert v.result == "Visitors (team 1) 10, home 3: visitors take 2 flags (from the kiosk)."
    assert v.conflict.startswith("The kiosk then sent a different result: visitors 9, home 4.")
    assert v.flags == "Flags at this table now: 10."
    assert v.correct.text == "Correct the result" and v.loan.visible and not v.penalty.visible
    p.correct.open_correct()
    c = p.view.correct
    assert c.keys[10].role == "selected" and not c.save.enabled  # no reason yet
    p.correct.use_kiosk_result()
    p.correct.set_reason("players recounted at the table")
    assert p.view.correct.readout == "Visitors 9 · home 4: visitors take 1 flag"
    assert p.view.correct.save.enabled
    p.correct.revoke("home", 1)
    assert p.view.correct.home_count == "1"
    p.correct.revoke("home", -1)
    p.correct.confirm_correct()
    hub.deliver()
    hub.deliver()
    assert p.view.screen is Screen.TABLE
    assert p.view.message.text == "Table 2, hand 1: the correction is saved."
    assert p.store.state.conflicts == []
    assert p.view.table.history == "Corrected: players recounted at the table"
    assert p.view.table.flags == "Flags at this table now: 11."
    # The kiosk's result, corrected: the leader's now, and said so.
    assert p.view.table.result == (
        "Visitors (team 1) 9, home 4: visitors take 1 flag (corrected by the leader)."
    )


def test_enter_a_missing_result_with_a_ready_made_reason(hub):
    p = console(hub, language="fr")
    start(p, hub)
    p.tables.open_table(1)
    hub.deliver()
    assert p.view.table.correct.text == "Saisir le résultat"
    p.correct.open_correct()
    p.correct.keypad(7)
    p.correct.reason_preset(1)
    assert p.view.correct.reason == "Saisi d'après la feuille papier"
    p.set_language("en")
    assert p.view.correct.reason == "Entered from the paper sheet"
    p.correct.set_reason("Entered from the paper sheet")  # the box says the same: still the preset
    assert p.view.correct.reasons[1].role == "selected"
    p.set_language("fr")
    p.correct.confirm_correct()
    hub.deliver()
    hub.deliver()
    assert 1 in p.store.state.reported
    # A result the table never sent: entered, not corrected, by the leader.
    assert p.view.table.result.endswith("(saisi par l'arbitre).")
    p.set_language("en")
    assert p.view.table.result == (
        "Visitors (team 3) 7, home 6: visitors take 1 flag (entered by the leader)."
    )
    p.correct.open_correct()
    p.correct.keypad(10)
    p.correct.set_reason("recounted")
    p.correct.confirm_correct()
    hub.deliver()
    hub.deliver()
    assert p.view.table.result.endswith("visitors take 2 flags (corrected by the leader).")


def test_lend_flags(hub):
    p = console(hub)
    start(p, hub)
    p.tables.open_table(3)
    hub.deliver()
    p.loan.open_loan()
    assert p.view.loan.note.startswith("Table 3 holds 12 flags now.")
    p.loan.loan_flags(3)
    assert p.view.loan.save.text == "Lend 3 flags"
    p.loan.confirm_loan()
    hub.deliver()
    assert p.view.message.text == "Table 3 now holds 15 flags."
    assert p.store.assignments[3].flags == 15


def test_a_call_says_what_the_players_chose_in_the_leaders_language(hub):
    """Issue 25, item 13: the kiosk's reason travels as Call.topic; the console says it."""
    p = console(hub)
    start(p, hub)
    hub.call(1, topic="misdeal")
    hub.call(2, topic="revoke")
    hub.deliver()
    assert p.tables.call_reason(1) == "a misdeal"
    assert p.tables.call_reason(2) == "a revoke question"
    p.toggle_language()
    assert p.tables.call_reason(2) == "une question de renonce"


def test_clear_a_call_and_a_refusal_in_plain_words(hub):
    p = console(hub)
    start(p, hub)
    hub.call(1)
    hub.deliver()
    p.tables.open_table(1)
    hub.deliver()
    assert p.view.table.call == "Calling you: the players ask for you"
    assert p.view.table.clear_call.visible
    p.table.clear_call()
    hub.deliver()
    assert p.view.message.text == "The call from table 1 is cleared."
    p.back()
    p.confirm.open_confirm("end_day")
    p.confirm.confirm()
    hub.deliver()
    assert p.view.message.text == "Not done: The day still has hands to start."
    assert p.view.message.role == "message-bad"


def test_end_of_day_shows_the_totals_first(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=31)
    p = console(hub)
    for _ in range(30):
        start(p, hub)
    hub.result(2, 30, 10)
    hub.deliver()
    # tables 1 and 3 have not reported: what to do now is wait; the day can still end
    assert p.view.tables.primary.text == "Hand 30 in play: waiting for tables 1, 3"
    assert p.view.tables.undo.text == "End day 1"
    p.tables.secondary()
    c = p.view.confirm
    assert c.title == "End day 1? Today's totals:"
    assert c.detail.startswith("Working out what this changes…\n\n")
    hub.deliver()  # the hub's dry run of the day's end (issue 25): it moves no score
    c = p.view.confirm
    effect, missing, totals = c.detail.split("\n\n")
    assert effect == "No score moves; places unchanged."
    assert missing.startswith("89 results were never reported:\nHand 1: tables 1, 2, 3\n")
    assert c.go.role == "call"  # results are missing: think twice
    assert [line.split(": ")[1] for line in totals.splitlines()] == [
        "14 flags",
        "12 flags",
        "10 flags",
    ]
    p.confirm.confirm()
    hub.deliver()
    assert p.view.message.text == (
        "Day 1 ended. Leave the flags on the tables until they are counted; day 2 then "
        "starts with 12 flags at every table and no loans."
    )
    assert p.view.tables.primary.text == "Verifiers' count"  # the flags first (A15)
    assert p.view.tables.close.text == "Start hand 31"
    hub.close()


def close_then_ties(p: LeaderPresenter, hub: HubLink) -> None:
    """Close the last hand, then the tie-breaks tab (the backward count in Gaspésie)."""
    p.tables.open_close()
    p.confirm.confirm()
    hub.deliver()
    p.show("tiebreak")
    hub.deliver()


def _level_tournament(p: LeaderPresenter, hub: HubLink) -> None:
    for hand in (1, 2):
        start(p, hub)
        for table in (1, 2, 3):
            hub.result(table, hand, 6)
        hub.deliver()
    p.tables.primary()  # close the last hand
    p.confirm.confirm()
    hub.deliver()


def test_a_three_way_playoff_step_by_step(hub):
    p = console(hub)
    p.show("tiebreak")
    hub.deliver()
    assert p.view.tiebreak.steps.startswith("Tie-breaks are played after the last hand is closed.")
    _level_tournament(p, hub)
    assert p.view.tables.primary.text == "Tie-breaks"
    p.tables.primary()
    hub.deliver()
    v = p.view.tiebreak
    assert v.title == "Tie-break for teams 1, 2, 3"
    assert "2. Order: the hub draws a card for each team" in v.steps
    assert v.cut.role == "selected" and v.start.visible
    p.tiebreak.tb_start()
    hub.deliver()
    hub.deliver()
    v = p.view.tiebreak
    assert v.steps.startswith("Teams 1, 2, 3 are playing off.\nDraw: team ")
    assert "waits for the winner" in v.steps
    a, b = p.store.ties.current.next
    assert v.question == f"Tricks taken by team {a}:"
    assert not v.record.enabled
    p.tiebreak.keypad(9)
    assert p.view.tiebreak.readout == f"Tricks — Team {a}: 9 · Team {b}: 4. Team {a} wins."
    p.tiebreak.tb_record()
    hub.deliver()
    hub.deliver()
    assert f"Hand 1: team {a} beat team {b} (9 tricks to 4)." in p.view.tiebreak.steps
    p.tiebreak.keypad(2)
    p.tiebreak.tb_record()
    hub.deliver()
    hub.deliver()
    assert p.view.message.text == "The tie-break is decided."
    assert p.view.tiebreak.steps.startswith("Every place is decided")
    assert len({t.rank for t in p.store.standings.teams}) == 3


def test_a_two_way_playoff_with_the_trump_the_leader_cut(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", tables=4, hands=1)
    p = console(hub)
    start(p, hub)
    # Team 4 visits table 1 and takes 2 flags; team 1 visits table 2 and takes 2 flags:
    # teams 1 and 3 both end on 12.
    hub.result(1, 1, 10)
    hub.result(2, 1, 10)
    for table in (3, 4):
        hub.result(table, 1, 6)
    hub.deliver()
    p.tables.primary()
    p.confirm.confirm()
    hub.deliver()
    p.show("tiebreak")
    hub.deliver()
    assert "2. Order: one hand between the two teams." in p.view.tiebreak.steps
    p.tiebreak.tb_choose_trump("clubs")
    p.tiebreak.tb_start()
    hub.deliver()
    hub.deliver()
    assert last(hub, "tiebreak_start").fields == {"teams": [1, 3], "trump": "clubs"}
    assert "Trump: ♣ Clubs" in p.view.tiebreak.steps
    assert [b.role for b in p.view.tiebreak.trumps] == [
        "normal", "normal", "normal", "selected", "normal"
    ]
    # The director cut hearts for this playoff hand: it replaces the trump (decision A16).
    p.tiebreak.tb_choose_trump("hearts")
    hub.deliver()
    hub.deliver()
    assert last(hub, "tiebreak_trump").fields == {"trump": "hearts"}
    assert p.view.message.text == (
        "The next playoff hand is played in the director's cut: ♥ Hearts."
    )
    assert "Trump: ♥ Hearts" in p.view.tiebreak.steps
    p.tiebreak.keypad(7)
    p.tiebreak.tb_record()
    hub.deliver()
    hub.deliver()
    assert [t.team for t in p.store.standings.teams][:2] in ([4, 1], [1, 3])
    hub.close()


def test_gaspesie_penalty_and_backward_count(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=2)
    p = LeaderPresenter(link=hub)  # French by default for Gaspésie
    hub.attach(p)
    hub.deliver()
    assert p.language == "fr"
    assert p.view.tables.primary.text == "Commencer la manche 1"
    start(p, hub)
    hub.result(2, 1, 8)
    hub.deliver()
    p.tables.open_table(2)
    hub.deliver()
    assert not p.view.table.loan.visible and p.view.table.penalty.visible
    p.penalty.open_penalty()
    assert not p.view.penalty.save.enabled
    p.penalty.penalty_side("visitors")
    p.penalty.reason_preset(0)
    p.penalty.confirm_penalty()
    hub.deliver()
    hub.deliver()
    assert p.view.message.text == "Table\u00a02, manche 1\u00a0: la manche va à l'autre camp."
    assert "les locaux gagnent 1\u00a0point" in p.view.table.result
    assert p.view.table.history == "Pénalité contre les visiteurs\u00a0: Signaux au partenaire"
    for table in (1, 3):
        hub.result(table, 1, 3)
    start(p, hub)
    for table in (1, 2, 3):
        hub.result(table, 2, 3)
    hub.deliver()
    close_then_ties(p, hub)
    v = p.view.tiebreak
    assert v.title == "Égalités\u00a0: le décompte à rebours"
    assert "après la manche 1\u00a0:" in v.steps
    assert not v.start.visible
    hub.close()


def test_sheets_and_the_join_code(hub, tmp_path):
    opened = []
    p = console(hub, file_exists=lambda path: opened.append(path) or Path(path).exists())
    p.show("sheets")
    hub.deliver()
    assert p.view.sheets.join_how.startswith("Not done: This hub has no join code")
    (tmp_path / "broker").mkdir()
    (tmp_path / "broker" / "join-code").write_text("123456\n", encoding="utf-8")
    p.sheets.ask_join_code()
    hub.deliver()
    assert p.view.sheets.code == "123456"
    assert not p.view.sheets.open_rotation.visible
    p.sheets.write_sheets()
    hub.deliver()
    assert last(hub, "export").fields == {"language": "en"}
    assert p.view.message.text == "The sheets and CSV files are written."
    assert p.view.sheets.open_rotation.visible
    assert p.sheets.rotation_path().endswith(("exports/rotation.html", "exports/rotation.pdf"))
    assert Path(p.sheets.rotation_path()).exists()
    # Once the hub has printed the PDF copies, the console opens the PDF.
    assert hub.core.pdf_job is not None and hub.core.pdf_job.wait(timeout=300) == 0
    assert p.sheets.rotation_path().endswith("exports/rotation.pdf")


def test_the_leader_renews_the_join_code_and_sees_every_join(hub, tmp_path):
    from hub.broker.joincode import JOINS_FILE, JoinCode

    old = JoinCode.load_or_create(tmp_path / "broker")
    joins = [
        {"at": 1.0, "outcome": "joined", "table": 2, "device": "pi-2", "address": "10.0.0.2"},
        {"at": 2.0, "outcome": "wrong_code", "table": 1, "device": "x", "address": "10.0.0.9"},
    ]
    (tmp_path / "broker" / JOINS_FILE).write_text("".join(json.dumps(j) + "\n" for j in joins))
    p = console(hub)
    p.show("sheets")
    hub.deliver()
    v = p.view.sheets
    assert v.code == old.code and v.renew.visible and not v.show_code.visible
    assert f"It works until {clock_time(old.expires)}." in v.join_how
    assert v.joins_title == "Kiosks that joined"
    assert v.joins.splitlines() == [
        f"{clock_time(1.0)} · table 2 · pi-2 · 10.0.0.2",
        f"1 wrong code tried, the last at {clock_time(2.0)} from 10.0.0.9.",
    ]
    p.sheets.renew_join_code()
    hub.deliver()
    new = JoinCode.read(tmp_path / "broker" / "join-code")
    assert new is not None and new.code != old.code
    assert p.view.sheets.code == new.code
    assert p.view.message.text == "New join code made: the old one no longer works."
    p.set_language("fr")
    assert p.view.sheets.renew.text == "Nouveau code"
    assert p.view.sheets.joins_title == "Bornes qui ont rejoint la salle"


def test_standings_screen(hub):
    p = console(hub)
    start(p, hub)
    hub.result(2, 1, 10)
    hub.deliver()
    p.show("standings")
    v = p.view.standings
    assert v.title == "Standings after hand 1 of 2"
    assert (v.head.rank, v.head.score, v.head.loans) == ("Rank", "Flags", "Lent")
    assert [(r.rank, r.team, r.score) for r in v.rows] == [
        ("1", "1", "14"),
        ("2", "3", "12"),
        ("3", "2", "10"),
    ]


def test_commands_stay_on_show_until_answered(hub):
    p = console(hub)
    hub.connected = False  # the hub does not hear it (yet)
    p.start.open_start()
    p.start.confirm_start()
    assert p.view.message.text == "Sending to the hub: start the hand…"
    p.on_hub_status(False)
    assert p.view.header.banner.startswith("The hub has been offline since")


def test_setup_screen():
    problem = ConfigProblem(Path("/etc/leader.toml"), [Problem("missing", "host")])
    p = SetupPresenter(problem, language="en")
    v = p.view
    assert v.screen is Screen.SETUP
    assert v.setup.problems == "“host” is missing."
    assert 'username = "leader"' in v.setup.command
    p.toggle_language()
    assert p.view.setup.problems == "«\u00a0host\u00a0» manque."


# ---------------------------------------------------------------- every text is translated


def _texts(value: object, path: str = "") -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(path, value)]
    if dataclasses.is_dataclass(value):
        out = []
        for f in dataclasses.fields(value):
            if f.name in VERBATIM_FIELDS or f.name.endswith("role") or f.name in ("screen",):
                continue
            if f.name == "language" and isinstance(getattr(value, f.name), str):
                continue
            out += _texts(getattr(value, f.name), f"{path}.{f.name}")
        return out
    if isinstance(value, tuple):
        return [t for i, v in enumerate(value) for t in _texts(v, f"{path}[{i}]")]
    return []


_MARKED = re.compile(r"⟪[^⟪⟫]*⟫")


def untranslated(vm: ViewModel) -> list[tuple[str, str]]:
    bad = []
    for path, text in _texts(vm):
        rest = text
        while _MARKED.search(rest):
            rest = _MARKED.sub("", rest)
        # seat labels (A, B, X, Y), playing cards (K♣) and numbers are not words
        rest = re.sub(r"\b([ABXY]|[0-9JQKA]+[♠♥♦♣])\b", "", rest)
        if re.search(r"[^\W\d_]{2,}", rest):
            bad.append((path, text))
    return bad


def test_every_visible_text_goes_through_the_catalog(tmp_path):
    views = []
    for fmt in ("alberta", "gaspesie"):
        hub = HubLink(tmp_path / f"{fmt}.sqlite3", fmt=fmt, tables=3, hands=2)
        p = LeaderPresenter(link=hub, translators=marking_translator)
        views.append(p.view)
        p.on_connection(True)
        views.append(p.view)
        hub.attach(p)
        hub.deliver()
        views.append(p.view)
        p.start.open_start()
        hub.deliver()
        views.append(p.view)
        p.start.confirm_start()
        hub.deliver()
        hub.result(2, 1, 10)
        hub.result(2, 1, 9)
        hub.call(1)
        hub.deliver()
        views.append(p.view)
        p.tables.open_table(2)
        hub.deliver()
        views.append(p.view)
        p.correct.open_correct()
        p.correct.use_kiosk_result()
        p.correct.reason_preset(0)
        views.append(p.view)
        p.correct.confirm_correct()
        hub.deliver()
        hub.deliver()
        views.append(p.view)
        p.loan.open_loan() if fmt == "alberta" else p.penalty.open_penalty()
        views.append(p.view)
        p.back()
        p.back()
        p.tables.open_close()
        views.append(p.view)
        p.confirm.confirm()
        hub.deliver()
        views.append(p.view)
        for tab in ("standings", "tiebreak", "sheets"):
            p.show(tab)
            hub.deliver()
            views.append(p.view)
        p.sheets.write_sheets()
        hub.deliver()
        views.append(p.view)
        hub.close()
    views.append(
        SetupPresenter(
            ConfigProblem(Path("x.toml"), [Problem("syntax", detail="…")]),
            translators=marking_translator,
        ).view
    )
    bad = [b for vm in views for b in untranslated(vm)]
    assert bad == []
