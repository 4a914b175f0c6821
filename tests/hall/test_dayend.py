"""The hall at a day's end (issue 25), with no window, against a real hub core: a count the
leader accepted is said as accepted, with its reason; a format without flags has no count
line; rank and table cannot be mistaken for each other; a negative score from lent flags
says so beside it. English and French."""

from __future__ import annotations

from hall.presenter import HallPresenter
from tests.console.conftest import HubLink
from whist import views


def hall(hub: HubLink, language: str = "en") -> HallPresenter:
    p = HallPresenter(language=language)
    hub.attach(p)
    return p


def test_an_accepted_count_is_said_with_its_reason(tmp_path):
    """Item 2: never "every table agrees" when the leader took a count over the hub's."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=50)
    p = hall(hub)
    hub.send("start_hand")
    for table in (1, 2, 3):
        hub.result(table, 1, 10 if table == 1 else 6)
    hub.send("end_day", early=True)
    flags = {t: hub.core.tournament.table_count(1, t).hub for t in (1, 2, 3)}
    for table in (1, 2, 3):
        hub.kiosk_count(table, 1, flags[table] + (1 if table == 2 else 0))
    hub.deliver()
    assert p.view.counts == "Day 1 count: 3 of 3 tables counted, 1 differs."
    hub.send("accept_count", table=2, day=1, reason="counted twice")
    hub.deliver()
    assert p.view.counts == (
        "Day 1 count: every table counted. Table 2: count accepted by the leader (counted twice)."
    )
    p.set_language("fr")
    assert p.view.counts == (
        "Compte du jour 1\xa0: toutes les tables sont comptées. Table 2\xa0: compte accepté "
        "par l'arbitre (counted twice)."
    )
    hub.close()


def test_a_format_without_flags_has_no_count_line(tmp_path):
    """Item 5: "Compte du jour 1 : 0 sur 3 tables comptées" could never complete."""
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=2)
    p = hall(hub, "fr")
    hub.send("start_hand")
    hub.result(1, 1, 8)
    hub.send("end_day", early=True)
    hub.deliver()
    assert p.view.counts == ""
    hub.close()


def test_rank_and_table_are_not_mistaken_and_a_loan_explains_a_negative_score(tmp_path):
    """Items 18 and 10: the team's table is said in words after its name; a score below
    zero from lent flags says so beside it."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=2)
    p = hall(hub)
    hub.send("start_hand")
    hub.deliver()
    row = p.view.rows[0]
    assert (row.rank, row.name) == ("1=", "Team 1")
    named = views.standings(hub.core.tournament)
    first = named.teams[0].model_copy(update={"name": "Red Deer Aces"})
    p.on_standings(named.model_copy(update={"teams": [first, *named.teams[1:]]}))
    assert p.view.rows[0].name == "Red Deer Aces · table 1"
    # a table that lost more flags than it held: the hub lent it 4, its score is -2
    lent = named.teams[0].model_copy(update={"flags": -2, "loans": 4, "rank": 3})
    p.on_standings(named.model_copy(update={"teams": [*named.teams[1:], lent]}))
    row = p.view.rows[-1]
    assert (row.rank, row.total, row.name) == ("3", "-2", "Team 1 — after 4 flags lent")
    p.set_language("fr")
    assert p.view.rows[-1].name == "Équipe 1 — après 4\xa0drapeaux prêtés"
    hub.close()


def test_a_playoff_is_an_event_on_the_hall_until_the_places_are_settled(tmp_path):
    """Item 4: with a tie for first still open the hall never says "Final standings"; it
    names the teams, then who plays where with the trump once cut, then the result."""
    hub = HubLink(tmp_path / "hub.sqlite3", tables=3, hands=1)
    p = hall(hub)
    hub.send("start_hand")
    for table in (1, 2, 3):
        hub.result(table, 1, 7)  # every team back to 12 flags: a three-way tie
    hub.send("close_hand")
    hub.send("end_day")
    hub.deliver()
    v = p.view
    assert v.hand == "Playoff for first place"
    assert (v.progress, v.counts) == ("The leader starts the playoff", "Team 1 · Team 2 · Team 3")
    assert v.trump_symbol == ""
    hub.send("tiebreak_start", teams=[1, 2, 3], trump="hearts")
    hub.deliver()
    a, b = hub.core.tournament.tiebreak_in_progress().next_pairing()
    v = p.view
    assert v.hand == "Playoff for first place"
    assert (v.progress, v.counts) == ("A and B players to table 1", f"Team {a} · Team {b}")
    assert (v.trump_symbol, v.trump_name) == ("♥", "Hearts")
    hub.send("tiebreak_result", teams=[a, b], tricks=[8, 5])
    hub.deliver()
    assert p.view.message == f"Last playoff hand: Team {a} 8, Team {b} 5"
    p.set_language("fr")
    assert p.view.hand == "Barrage pour la première place"
    assert p.view.progress == "Joueurs A et B à la table 1"
    p.set_language("en")
    c, d = hub.core.tournament.tiebreak_in_progress().next_pairing()
    hub.send("tiebreak_result", teams=[c, d], tricks=[9, 4])
    hub.deliver()
    # the places are settled, the verifiers' count not yet: not final (an accepted count
    # would move a team)
    assert p.view.hand == "Standings: the flags are being counted"
    assert p.view.message == "Level teams placed by a playoff"
    for table in (1, 2, 3):  # every table counted, as the hub has it: the day is verified
        hub.kiosk_count(table, 1, hub.core.tournament.table_count(1, table).hub)
    hub.deliver()
    assert p.view.hand == "Final standings"
    hub.close()


def test_the_leaders_reason_for_ending_the_day_is_on_the_hall(tmp_path):
    """Issue 25: "Day 1 ended by the leader: …", in English and French."""
    hub = HubLink(tmp_path / "hub.sqlite3", fmt="gaspesie", tables=3, hands=4)
    p = hall(hub)
    hub.send("start_hand")
    for table in (1, 2, 3):
        hub.result(table, 1, 8)
    hub.deliver()
    assert "ended by the leader" not in p.view.progress
    hub.send("end_day", early=True, reason="Out of time")
    hub.deliver()
    assert p.view.progress == "Day 1 ended by the leader: Out of time"
    p.set_language("fr")
    # a ready-made reason is recorded in English and read in the hall's language
    assert p.view.progress == "Jour 1 terminé par l'arbitre\xa0: Le temps est écoulé"
    hub.close()
