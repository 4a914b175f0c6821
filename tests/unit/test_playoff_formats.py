"""Issue 12's playoff part in the core: the knockout of four or more tied teams (rules A17),
second place played off when two teams advance (A18), and the Gaspésie leader's recorded
decision on teams the count-back leaves level (G7)."""

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.test_tournament import refused
from whist.cards import Card, Suit
from whist.events import (
    HandClosed,
    HandStarted,
    PlaceDecided,
    ResultCorrected,
    ResultRecorded,
    TieBreakHandPlayed,
    TieBreakStarted,
    TournamentCreated,
    event_from_dict,
    event_to_dict,
)
from whist.pattern import default_spec
from whist.tournament import TIEBREAK_VERSION, TieBreak, Tournament, fold

H = Suit.HEARTS
RANKS = ["A", "K", "Q", "J", "10", *"98765432"]


def cards(n):
    """``n`` draws, the first team's highest: team order = draw order."""
    return tuple(Card.parse(RANKS[i] + "S") for i in range(n))


def all_tied(tables, advance=1, *results):
    """One hand played and closed; every team level on 12 flags unless ``results`` (table,
    visitor tricks) move some: the other tables report 6 tricks to the visitors (no flag
    moves), since a playoff waits for every result (rules A9)."""
    spec = default_spec("alberta", tables, 1).model_copy(update={"advance": advance})
    t = Tournament.new(spec)
    t.apply(HandStarted(1, H))
    for n, (table, tricks) in enumerate(results):
        t.apply(ResultRecorded(f"r{n}", 1, table, tricks))
    for table in t.missing(1):
        t.apply(ResultRecorded(f"even-{table}", 1, table, 6))
    t.apply(HandClosed(1))
    return t


def play(t, *winners):
    """Each next playoff hand goes to the team named (8 tricks to 5)."""
    for winner in winners:
        a, b = t.tiebreak_in_progress().next_pairing()
        assert winner in (a, b), (winner, a, b)
        t.apply(TieBreakHandPlayed((a, b), (8, 5) if winner == a else (5, 8), H))


def ranks(t):
    return {s.team: s.rank for s in t.standings()}


# --- A17: the knockout ------------------------------------------------------------------------


def test_four_teams_play_a_knockout_seeded_by_the_draws():
    t = all_tied(4)
    t.apply(TieBreakStarted((1, 2, 3, 4), cards(4), H, version=TIEBREAK_VERSION))
    tb = t.tiebreak_in_progress()
    assert tb.knockout and tb.next_pairing() == (1, 4)  # highest draw against the lowest
    play(t, 1)
    assert tb.next_pairing() == (2, 3)
    play(t, 3)
    assert tb.next_pairing() == (1, 3)  # the final
    play(t, 3)
    assert tb.decided and tb.places() == {3: 1, 1: 2, 2: 3, 4: 3}
    assert ranks(t) == {3: 1, 1: 2, 2: 3, 4: 3}  # the semi-finals' losers share third


def test_the_lowest_draws_have_the_byes():
    t = all_tied(6)
    t.apply(TieBreakStarted((1, 2, 3, 4, 5, 6), cards(6), H, version=TIEBREAK_VERSION))
    tb = t.tiebreak_in_progress()
    assert tb.next_pairing() == (1, 4)
    play(t, 4)
    assert tb.next_pairing() == (2, 3)  # teams 5 and 6 wait: they drew lowest
    play(t, 2)
    assert tb.next_pairing() == (2, 6)  # survivors by draw: 2, 4, 5, 6
    play(t, 2)
    assert tb.next_pairing() == (4, 5)
    play(t, 5, 2)
    assert tb.places() == {2: 1, 5: 2, 4: 3, 6: 3, 1: 5, 3: 5}


def test_a_ladder_of_four_started_before_a17_stays_a_ladder():
    t = all_tied(4)
    old = event_to_dict(TieBreakStarted((1, 2, 3, 4), cards(4), H))
    del old["version"]  # as a hub before A17 wrote it
    t.apply(event_from_dict(old))
    tb = t.tiebreak_in_progress()
    assert not tb.knockout
    play(t, 1, 1, 4)  # 1 beats 2, 1 beats 3, 4 beats 1
    assert tb.final_order() == (4, 1, 3, 2) and ranks(t) == {4: 1, 1: 2, 3: 3, 2: 4}


def wins_to_take_first(n, team, seed):
    """Play a knockout of ``n`` where ``team`` wins every hand and the rest is chance."""
    tb, rng, wins = TieBreak(order=tuple(range(1, n + 1)), knockout=True), random.Random(seed), 0
    while (pairing := tb.next_pairing()) is not None:
        first = team == pairing[0] or (team != pairing[1] and rng.random() < 0.5)
        wins += team in pairing
        tb.hands.append(TieBreakHandPlayed(pairing, (8, 5) if first else (5, 8), H))
    assert tb.final_order()[0] == team
    return wins


@settings(max_examples=60, deadline=None)
@given(n=st.integers(4, 12), seed=st.integers(0, 10**6))
def test_every_team_needs_floor_or_ceil_log2_wins(n, seed):
    needed = {wins_to_take_first(n, team, seed) for team in range(1, n + 1)}
    assert max(needed) - min(needed) <= 1
    assert needed <= {math.floor(math.log2(n)), math.ceil(math.log2(n))}


@settings(max_examples=60, deadline=None)
@given(n=st.integers(4, 12), results=st.lists(st.booleans(), min_size=11, max_size=11))
def test_a_knockout_always_ends_with_one_winner(n, results):
    tb = TieBreak(order=tuple(range(1, n + 1)), knockout=True)
    for first in results[: n - 1]:
        pairing = tb.next_pairing()
        assert pairing is not None
        tb.hands.append(TieBreakHandPlayed(pairing, (7, 6) if first else (6, 7), H))
    assert tb.decided and tb.next_pairing() is None
    places = tb.places()
    assert sorted(places) == list(range(1, n + 1))
    assert list(places.values()).count(1) == 1 and list(places.values()).count(2) == 1


# --- A18: second place played off -------------------------------------------------------------


def test_the_finals_loser_and_the_first_hands_loser_play_for_second():
    t = all_tied(3, advance=2)
    t.apply(TieBreakStarted((1, 2, 3), cards(3), H, version=TIEBREAK_VERSION))
    tb = t.tiebreak_in_progress()
    play(t, 1, 1)  # 1 beats 2, then beats 3 (the bye): 2 and 3 have never met
    assert not tb.decided and tb.for_second and tb.next_pairing() == (2, 3)
    play(t, 3)
    assert tb.decided and tb.final_order() == (1, 3, 2) and ranks(t) == {1: 1, 3: 2, 2: 3}


def test_no_hand_for_second_when_the_finals_loser_already_beat_the_other():
    t = all_tied(3, advance=2)
    t.apply(TieBreakStarted((1, 2, 3), cards(3), H, version=TIEBREAK_VERSION))
    play(t, 1, 3)  # 1 beats 2, 3 beats 1: 1 lost only to the winner and beat 2
    assert t.tiebreaks[-1].decided and ranks(t) == {3: 1, 1: 2, 2: 3}


def test_a_knockouts_second_is_played_off_among_the_teams_the_winner_beat():
    t = all_tied(4, advance=2)
    t.apply(TieBreakStarted((1, 2, 3, 4), cards(4), H, version=TIEBREAK_VERSION))
    play(t, 1, 2, 1)  # 1 beats 4, 2 beats 3, 1 beats 2 in the final
    tb = t.tiebreaks[-1]
    assert tb.second_order() == (4, 2) and tb.next_pairing() == (4, 2) and tb.for_second
    play(t, 4)
    assert ranks(t) == {1: 1, 4: 2, 2: 3, 3: 4}


@pytest.mark.parametrize(
    ("advance", "results", "why"),
    [
        (1, (), "one team advances: first is all that is played for"),
        (2, ((1, 10),), "a tie for second: its winner is second, nobody below advances"),
    ],
)
def test_no_hand_for_second_otherwise(advance, results, why):
    t = all_tied(5, advance, *results)  # with (1, 10): team 5 leads, 2, 3, 4 tie
    teams = (1, 2, 3, 4, 5) if not results else (2, 3, 4)
    t.apply(TieBreakStarted(teams, cards(len(teams)), H, version=TIEBREAK_VERSION))
    tb = t.tiebreaks[-1]
    while not tb.decided:
        play(t, tb.next_pairing()[0])
    assert len(tb.hands) == len(teams) - 1, why


def test_advance_is_left_out_of_a_file_that_does_not_set_it():
    spec = default_spec("alberta", 4, 2)
    assert "advance" not in spec.to_dict() and spec.advance == 1
    two = spec.model_copy(update={"advance": 2})
    assert type(spec).model_validate(two.to_dict()).advance == 2
    with pytest.raises(ValueError, match="advance"):
        type(spec).model_validate({**spec.to_dict(), "advance": 3})


# --- G7: the Gaspésie leader's decision -------------------------------------------------------


def gaspesie_level(tables: tuple[int, ...] = (1, 2, 3)):
    """Manche 1 of 1, every table in: team 1 first; teams 2 and 3 level, back to the first
    manche. ``tables``: the tables that reported."""
    t = Tournament.new(default_spec("gaspesie", 3, 1))
    t.apply(HandStarted(1, H))
    for table, tricks in ((1, 0), (2, 1), (3, 1)):
        if table in tables:
            t.apply(ResultRecorded("abc"[table - 1], 1, table, visitor_tricks=tricks))
    return t


def test_the_leader_places_teams_the_countback_leaves_level():
    t = gaspesie_level()
    refused(t, PlaceDecided((3, 2), "by lot"), "wrong_phase")  # the manche is not closed
    t.apply(HandClosed(1))
    assert t.countback_level() == [(2, 3)]
    refused(t, PlaceDecided((3, 2), "  "), "reason_required")
    reason = refused(t, PlaceDecided((1, 2), "by lot"), "not_tied")
    assert "2, 3" in reason
    t.apply(PlaceDecided((3, 2), "drawn by lot before the players"))
    rows = [(s.team, s.rank, s.by_leader) for s in t.standings()]
    assert rows == [(1, 1, False), (3, 2, True), (2, 3, True)]
    t.apply(PlaceDecided((2, 3), "the lot was drawn again"))  # replaces the first
    assert [(s.team, s.rank) for s in t.standings()] == [(1, 1), (2, 2), (3, 3)]
    assert len(t.decisions) == 1
    log = [TournamentCreated(t.spec), HandStarted(1, H)]
    log += [e for e in t_results(t)] + [HandClosed(1), *t.decisions.values()]
    replayed = fold(event_from_dict(event_to_dict(e)) for e in log)
    assert [s.team for s in replayed.standings()] == [1, 2, 3]


def t_results(t: Tournament) -> list[ResultRecorded]:
    """The results ``t`` holds, as the events that recorded them."""
    return [
        ResultRecorded(r.result_id, r.hand, r.table, visitor_tricks=r.visitor_tricks)
        for r in t.results.values()
    ]


def test_no_decision_while_a_result_is_missing():
    """Rules G7: teams level on provisional standings may not be level once the missing
    result is in, so the leader decides only on every result. Here teams 2 and 3 are level
    while table 3 has not reported; its result, whatever it is, separates them."""
    t = Tournament.new(default_spec("gaspesie", 3, 1))
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 1, visitor_tricks=0))
    t.apply(ResultRecorded("b", 1, 2, visitor_tricks=7))
    t.apply(HandClosed(1))
    assert t.results_missing() == 1 and t.countback_level() == [(2, 3)]
    reason = refused(t, PlaceDecided((3, 2), "by lot"), "wrong_phase")
    assert reason.startswith("enter the 1 missing result first")
    t.apply(ResultCorrected(1, 3, 4, 0, 0, "entered from the paper sheet"))
    assert t.countback_level() == []  # the count decides: nothing left for the leader
    assert [s.team for s in t.standings()] == [1, 3, 2]


def test_a_correction_that_separates_the_teams_sets_the_decision_aside():
    t = gaspesie_level()
    t.apply(HandClosed(1))
    t.apply(PlaceDecided((3, 2), "by lot"))
    # table 3's home team (3) takes the manche: level with team 1 now, not with team 2
    t.apply(ResultCorrected(1, 3, 0, 0, 0, "entered late"))
    assert all(not s.by_leader for s in t.standings())
    assert t.countback_level() == [(1, 3)]


def test_the_leader_decides_only_in_gaspesie():
    t = all_tied(3)
    refused(t, PlaceDecided((1, 2, 3), "by lot"), "wrong_format")
