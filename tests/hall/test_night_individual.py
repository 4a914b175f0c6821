"""The hall display on a night of a game played each for oneself (Widow, Solo, Knockout,
8-to-1): a leaderboard of players with their table, each table's round (8-to-1: its cards and
the hub's drawn trump) and the room's trump, big. Every message is the core's
(tests/clubnight.py)."""

from __future__ import annotations

from tests.clubnight import club_night, end, play, published
from tests.hall.test_night import shown
from whist.cards import Suit
from whist.events import RoundTrumpDrawn

EVEN = {"bid_N": 2, "bid_E": 2, "bid_S": 2, "bid_W": 2}
EVEN |= {"tricks_N": 2, "tricks_E": 2, "tricks_S": 2, "tricks_W": 2}


def rows(v):
    return [(r.rank, r.table, r.players, r.wins, r.points) for r in v.night.rows]


def test_widow_ranks_players_by_points_with_their_table():
    night = club_night("widow", 2)
    play(night, 1, {"widow": "2", "tricks_1": 3, "tricks_2": 6, "tricks_3": 4})
    v = shown(night).view
    assert v.hand == "Widow whist · 1 deal played"
    assert rows(v)[:2] == [("1", "1", "Margaret", "", "2"), ("2", "1", "Harold", "", "1")]
    head = v.night.head
    assert (head.players, head.wins, head.points) == ("Player", "", "Points")
    assert v.night.note.endswith("Ranked by points")
    assert v.night.tables_head.score == ""
    assert next((t.table, t.score, t.deals) for t in v.night.tables) == ("1", "", "1")
    assert v.trump_symbol == ""


def test_solo_in_french():
    night = club_night("solo", 2)
    play(night, 1, {"contract": "solo", "bidder": "N", "bidder_tricks": 6})
    v = shown(night, language="fr").view
    assert rows(v)[0] == ("1", "1", "Eleanor", "", "33")
    assert v.night.head.players == "Joueur"
    assert v.night.note.endswith("Classement aux points")


def test_knockout_ranks_by_games_then_tricks():
    night = club_night("knockout", 2, house_rules=("knockout_rounds",))
    play(night, 1, {"tricks_1": 3, "tricks_2": 4, "tricks_3": 0, "tricks_4": 0})
    play(night, 1, {"tricks_1": 0, "tricks_2": 6})
    v = shown(night).view
    assert rows(v)[0] == ("1", "1", "Margaret", "1", "10")
    assert v.night.head.points == "Tricks"
    assert v.night.note.endswith("Ranked by games, then tricks")


def test_eight_to_one_shows_each_tables_round_and_the_rooms_trump_big():
    night = club_night("eight-to-one", 3)
    night.apply(RoundTrumpDrawn(1, None))
    for _ in range(4):
        play(night, 1, EVEN)
        play(night, 2, EVEN)
    night.apply(RoundTrumpDrawn(5, Suit.HEARTS))
    v = shown(night).view
    tables = [(t.table, t.score) for t in v.night.tables]
    assert tables == [("1", "5 ♥"), ("2", "5 ♥"), ("3", "1 NT")]
    assert v.night.tables_head.score == "Round"
    # two tables of three play round 5: the room's trump, and whose round it is (issue 29)
    assert (v.trump_symbol, v.trump_role) == ("♥", "card-red")
    assert v.trump_name == "Hearts · round 5\n7 cards · tables 1, 2"
    fr = shown(night, language="fr").view
    assert fr.trump_name == "Cœur · manche 5\n7 cartes · tables 1, 2"
    end(night)
    assert shown(night).view.trump_symbol == ""


def test_knockout_shows_each_tables_round_its_cards_and_who_is_still_in():
    night = club_night("knockout", 2, house_rules=("knockout_rounds",))
    play(night, 1, {"tricks_1": 3, "tricks_2": 4, "tricks_3": 0, "tricks_4": 0})
    v = shown(night).view
    assert v.night.tables_head.score == "Round"
    tables = [(t.table, t.score, t.status) for t in v.night.tables]
    # the core's rounds: table 1 plays round 2 of 6 cards with two still in, table 2 round 1
    assert tables == [("1", "2", "6 cards · 2 in"), ("2", "1", "7 cards · 4 in")]
    out = {r.players for r in v.night.rows if r.table == "1" and r.players.endswith(" · out")}
    assert out == {"Harold · out", "Gérard · out"}
    assert not any(r.players.endswith("out") for r in v.night.rows if r.table == "2")
    fr = shown(night, language="fr").view
    assert fr.night.tables[0].status == "6 cartes · 2 en jeu"
    assert "Harold · éliminé" in {r.players for r in fr.night.rows}
    end(night)
    ended = shown(night).view
    assert [t.score for t in ended.night.tables] == ["", "\N{EN DASH}"]  # no round once over
    assert not any(r.players.endswith("out") for r in ended.night.rows)


def test_the_hall_shows_the_round_the_hub_sends_and_works_out_none_of_its_own():
    """The round is NightTable.round, the core's: a round the deals alone would not give (a
    table's second game, a correction) is shown as sent."""
    night = club_night("eight-to-one", 2)
    night.apply(RoundTrumpDrawn(1, None))
    night.apply(RoundTrumpDrawn(6, Suit.CLUBS))
    p = shown(night)
    _, standings = published(night)
    first = standings.tables[0]
    assert first.round is not None and first.round.number == 1
    sent = first.round.model_copy(update={"number": 6, "cards": 6, "has_trump": True})
    sent = sent.model_copy(update={"trump": "clubs"})
    tables = [first.model_copy(update={"round": sent}), *standings.tables[1:]]
    # the room's round is the core's too (NightStandings.room_round): shown as sent
    update = {"tables": tables, "trumps": {}, "room_round": sent}
    p.on_night(standings.model_copy(update=update))
    v = p.view
    assert [t.score for t in v.night.tables] == ["6 ♣", "1 NT"]
    # the room's round as the core sent it, with its cards
    assert (v.trump_symbol, v.trump_name) == ("♣", "Clubs\nRound 6 · 6 cards")


def test_the_house_rules_in_force_are_shown_in_the_halls_language():
    assert shown(club_night("widow", 2)).view.night.house_rules == ""  # the seed's rules
    night = club_night("knockout", 2, house_rules=("knockout_rounds",))
    assert shown(night).view.night.house_rules.startswith("House rule: the traditional knockout")
    fr = shown(night, language="fr").view.night.house_rules
    assert fr.startswith("Règle maison : le whist à élimination traditionnel")
    # on the TV they take their turn on the ticker, at the back row's type (docs/hall-display.md)
    assert fr in shown(night, language="fr").view.ticker
