"""Issue 12's playoff buttons on the console, against a real hub core (no window): the A
players' cards entered at the start, undoing the last tie-break (asked first), the hand for
second place (rules A18), a knockout's places (A17) and the Gaspésie leader's decision (G7)."""

from __future__ import annotations

from console.viewmodel import Screen
from tests.console.conftest import HubLink, console
from tests.console.test_presenter import _level_tournament, close_then_ties, last, start


def enter(p, *cards):
    """Each card as the leader taps it: its value, then its suit."""
    for rank, suit in cards:
        p.tiebreak.tb_draw_rank(rank)
        p.tiebreak.tb_draw_suit(suit)


def test_the_a_players_cards_entered_then_the_tie_break_undone(hub):
    p = console(hub)
    _level_tournament(p, hub)
    p.tables.primary()
    hub.deliver()
    assert p.view.tiebreak.draw_mode.text == "Enter the cards drawn"
    p.tiebreak.tb_toggle_draws()
    v = p.view.tiebreak
    assert [b.text for b in v.draw_teams] == ["Team 1: ?", "Team 2: ?", "Team 3: ?"]
    assert v.draw_mode.text == "Let the hub draw" and not v.start.enabled
    assert v.question == "Team 1's A player drew: tap the card's value, then its suit."
    assert not v.trumps and not v.cut.visible  # the cards first, then the trump
    assert not any(s.enabled for s in v.suits)  # the value first
    enter(p, ("K", "diamonds"), ("K", "diamonds"))
    v = p.view.tiebreak
    assert [b.role for b in v.draw_teams][:2] == ["call", "call"]  # the same card twice
    assert not v.start.enabled
    p.tiebreak.tb_draw_for(1)
    enter(p, ("2", "clubs"), ("10", "hearts"))
    assert [b.text for b in p.view.tiebreak.draw_teams] == [
        "Team 1: K♦",
        "Team 2: 2♣",
        "Team 3: 10♥",
    ]
    p.tiebreak.tb_start()
    hub.deliver()
    hub.deliver()
    fields = last(hub, "tiebreak_start").fields
    assert fields["draws"] == {"1": "KD", "2": "2C", "3": "10H"} and fields["cut"] is True
    assert "Draw: team 1: K♦, team 3: 10♥, team 2: 2♣." in p.view.tiebreak.steps
    assert p.view.tiebreak.undo.text == "Undo the last tie-break"
    p.tiebreak.keypad(8)
    p.tiebreak.tb_record()
    hub.deliver()
    hub.deliver()
    p.tiebreak.tb_undo()
    c = p.view.confirm
    assert p.view.screen is Screen.CONFIRM
    assert c.title == "Undo the tie-break of teams 1, 2, 3?"
    assert c.body.startswith("Its 1 hand played is taken back, and the draw with it.")
    assert c.go.text == "Undo the tie-break"
    p.confirm.confirm()
    hub.deliver()
    hub.deliver()
    assert last(hub, "tiebreak_undo").fields == {"reason": "A playoff hand was entered wrong"}
    assert p.view.screen is Screen.TIEBREAK
    assert p.view.message.text == (
        "The tie-break of teams 1, 2, 3 is taken back: they are level again."
    )
    assert p.view.tiebreak.title == "Tie-break for teams 1, 2, 3"
    hub.close()


def test_the_hand_for_second_place_when_two_teams_go_on(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", advance=2)
    p = console(hub)
    _level_tournament(p, hub)
    p.tables.primary()
    hub.deliver()
    p.tiebreak.tb_toggle_draws()
    enter(p, ("A", "spades"), ("K", "spades"), ("2", "clubs"))
    p.tiebreak.tb_start()
    hub.deliver()
    hub.deliver()
    for tricks in (8, 8):  # team 1 beats team 2, then team 3 (the bye)
        p.tiebreak.keypad(tricks)
        p.tiebreak.tb_record()
        hub.deliver()
        hub.deliver()
    v = p.view.tiebreak
    assert p.view.message.text == "First place is decided. Now the hand for second place."
    assert v.title == "For second place: team 2 against team 3"
    assert "Next: team 2 against team 3, for second place." in v.steps
    assert v.steps.startswith("Draw: team 1: A♠, team 2: K♠, team 3: 2♣.\nHand 1: team 1 beat")
    p.tiebreak.keypad(5)
    p.tiebreak.tb_record()
    hub.deliver()
    hub.deliver()
    assert "Playoff result: 1. team 1, 2. team 3, 3. team 2." in p.view.tiebreak.steps
    hub.close()


def test_a_knockouts_shared_places(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", tables=4, hands=1)
    p = console(hub)
    start(p, hub)
    for table in (1, 2, 3, 4):
        hub.result(table, 1, 6)  # no flag moves: every team level on 12
    close_then_ties(p, hub)
    assert "A knockout: the highest draw plays the lowest" in p.view.tiebreak.steps
    p.tiebreak.tb_toggle_draws()
    enter(p, ("A", "spades"), ("K", "spades"), ("Q", "spades"), ("J", "spades"))
    p.tiebreak.tb_start()
    hub.deliver()
    hub.deliver()
    assert "Knockout, by the draw: 1, 2, 3, 4." in p.view.tiebreak.steps
    for _ in range(3):
        p.tiebreak.keypad(9)
        p.tiebreak.tb_record()
        hub.deliver()
        hub.deliver()
    assert "Playoff result: 1. team 1, 2. team 2, 3. team 3, 3. team 4." in p.view.tiebreak.steps
    p.show("standings")
    rows = [(r.rank, r.name) for r in p.view.standings.rows]
    assert rows == [
        ("1", "Team 1 — placed by the playoff"),
        ("2", "Team 2 — placed by the playoff"),
        ("3=", "Team 3 — placed by the playoff"),  # the knockout's shared third place
        ("3=", "Team 4 — placed by the playoff"),
    ]
    hub.close()


def test_the_gaspesie_leaders_decision(tmp_path):
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=1)
    p = console(hub)
    start(p, hub)
    for table, tricks in ((1, 0), (2, 1), (3, 1)):  # team 1 first; teams 2 and 3 level
        hub.result(table, 1, tricks)
    hub.deliver()
    close_then_ties(p, hub)
    v = p.view.tiebreak
    assert v.question.startswith("Teams 2, 3 are still level: you decide their places (rule 1).")
    assert [b.text for b in v.decide_teams] == ["Team 2", "Team 3"]
    assert not v.decide.enabled and v.decide.text == "Record your decision"
    p.tiebreak.pd_team(1)  # team 3 first
    p.tiebreak.pd_team(0)
    p.tiebreak.pd_choose_reason(0)
    v = p.view.tiebreak
    assert [b.text for b in v.decide_teams] == ["Team 2: place 2", "Team 3: place 1"]
    assert v.decide.enabled
    p.tiebreak.pd_record()
    hub.deliver()
    hub.deliver()
    assert last(hub, "place_decision").fields == {
        "teams": [3, 2],
        "reason": "Cards drawn before the teams",
    }
    assert p.view.message.text == "Your decision is recorded: 1. team 3, 2. team 2."
    assert "Your decision: 1. team 3, 2. team 2 (Cards drawn before the teams)." in (
        p.view.tiebreak.steps
    )
    assert p.view.tiebreak.decide.text == "Replace your decision"
    p.show("standings")
    rows = [(r.rank, r.team, r.name) for r in p.view.standings.rows]
    assert rows[1:] == [
        ("2*", "3", "Équipe 3"),  # the decision beside the rank, the name in its column
        ("3*", "2", "Équipe 2"),
    ]
    assert p.view.standings.note.endswith("*: placed by the leader's decision.")
    hub.close()


def test_no_decision_on_provisional_standings(tmp_path):
    """Rules G7: while table 3's result is missing, teams 2 and 3 are level only on the
    provisional standings (its result, whatever it is, separates them): the console says to
    enter it first and records nothing; the hub refuses a decision sent all the same."""
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=1)
    p = console(hub)
    start(p, hub)
    hub.result(1, 1, 0)
    hub.result(2, 1, 7)
    hub.deliver()
    close_then_ties(p, hub)
    v = p.view.tiebreak
    assert v.warning.startswith("Provisional — 1 result missing. Enter them first")
    assert v.question == (
        "Teams 2, 3 are level on the provisional standings. Enter the missing results first; "
        "if they are still level then, you decide their places."
    )
    p.tiebreak.pd_team(1)
    p.tiebreak.pd_team(0)
    p.tiebreak.pd_choose_reason(0)
    assert not p.view.tiebreak.decide.enabled
    p.tiebreak.pd_record()
    hub.deliver()
    assert not [c for c in hub.sent if c.op == "place_decision"]
    p.set_language("fr")
    assert p.view.tiebreak.question.startswith(
        "Les équipes 2, 3 sont à égalité au classement provisoire."
    )
    hub.close()


def test_an_order_of_places_names_the_teams_that_have_a_name():
    from console.i18n import translator
    from console.words import placed_team

    en, fr = translator("en"), translator("fr")
    assert placed_team(en, 1, 3, "Red Deer Aces") == "1. Red Deer Aces (team 3)"
    assert placed_team(en, 2, 1, "Team 1") == "2. team 1"  # new's placeholder: once
    assert placed_team(fr, 2, 1, "Équipe 1") == "2. équipe 1"
    assert placed_team(fr, 1, 3, "Les As") == "1. Les As (équipe 3)"
