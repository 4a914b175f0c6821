"""The tournament as a fold of events: worked examples of every rule, then properties."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whist.cards import Card, Suit
from whist.errors import TournamentError
from whist.events import (
    CountAccepted,
    DayEnded,
    FlagsCounted,
    FlagsLent,
    HandClosed,
    HandStarted,
    PenaltyImposed,
    ResultCorrected,
    ResultRecorded,
    StartUndone,
    TieBreakHandPlayed,
    TieBreakStarted,
    TournamentCreated,
    event_from_dict,
    event_to_dict,
)
from whist.pattern import default_spec
from whist.tournament import CLOSED, PLAYING, WAITING, Tournament, fold

H = Suit.HEARTS


def alberta(tables=5, hands=30):
    return Tournament.new(default_spec("alberta", tables, hands))


def gaspesie(tables=5, hands=24):
    return Tournament.new(default_spec("gaspesie", tables, hands))


def refused(t, event, code):
    with pytest.raises(TournamentError) as info:
        t.apply(event)
    assert info.value.code == code, info.value.reason
    return info.value.reason


def net_sum(t):
    return sum(t.flags[x] - t.loans[x] for x in range(1, t.tables + 1))


# --- Alberta ---------------------------------------------------------------------------------


def test_alberta_visitors_take_flags_from_the_host_to_their_home_table():
    t = alberta()
    t.apply(HandStarted(1, H))  # hand 1: offset 1, team t visits table t+1
    assert t.visitor_team(1, 3) == 2
    t.apply(ResultRecorded("a", 1, 3, visitor_tricks=7))
    assert (t.flags_held(3), t.flags_held(2)) == (11, 13)
    t.apply(ResultRecorded("b", 1, 4, visitor_tricks=12))
    assert (t.flags_held(4), t.flags_held(3)) == (10, 13)
    t.apply(ResultRecorded("c", 1, 5, visitor_tricks=6))  # home keeps its flags
    assert (t.flags_held(5), t.flags_held(4)) == (12, 10)
    assert t.missing() == [1, 2] and t.reported_tables() == [3, 4, 5]


def test_alberta_home_never_wins_flags():
    t = alberta()
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 1, visitor_tricks=0))  # home took all 13
    assert t.flags_held(1) == 12 and t.flags_held(5) == 12


def test_alberta_revoke_turns_a_loss_into_a_flag():
    t = alberta()
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 2, visitor_tricks=5, revokes_home=1))
    assert t.result(1, 2).flags_won == 1 and t.flags_held(1) == 13


def test_alberta_shortfall_is_lent_automatically():
    t = alberta(tables=3, hands=30)
    # Hands 1..6 with table 2 losing two flags each hand to its visitors (team 1).
    for hand in range(1, 7):
        t.apply(HandStarted(hand, H))
        visitors = t.visitor_team(hand, 2)
        t.apply(ResultRecorded(f"r{hand}", hand, 2, visitor_tricks=13))
        t.apply(HandClosed(hand))
        assert visitors != 2
    assert t.flags_held(2) == 0 and t.loans[2] == 0
    t.apply(HandStarted(7, H))
    t.apply(ResultRecorded("r7", 7, 2, visitor_tricks=10))
    assert t.flags_held(2) == 0 and t.loans[2] == 2
    loan = t.loan_log[-1]
    assert (loan.table, loan.flags, loan.automatic, loan.hand) == (2, 2, True, 7)
    assert t.score(2) == -2
    assert net_sum(t) == 36


def test_alberta_partial_shortfall_lends_only_what_is_missing():
    t = alberta(tables=3)
    t.flags[2] = 1  # set up directly: one flag left
    t.flags[1] += 11
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("x", 1, 2, visitor_tricks=11))
    assert t.flags_held(2) == 0 and t.loans[2] == 1


def test_leader_loan_keeps_the_net():
    t = alberta()
    t.apply(FlagsLent(table=4, flags=3))
    assert t.flags_held(4) == 15 and t.loans[4] == 3 and t.score(4) == 12
    assert not t.loan_log[-1].automatic
    assert "1 to 12" in refused(t, FlagsLent(4, 0), "out_of_range")
    refused(t, FlagsLent(9, 1), "bad_table")


def test_day_end_records_net_and_resets_to_twelve():
    t = alberta(tables=4, hands=50)
    for hand in range(1, 31):
        t.apply(HandStarted(hand, H))
        t.apply(ResultRecorded(f"r{hand}", hand, 1, visitor_tricks=10))
    refused(t, HandStarted(31, H), "end_day_first")
    t.apply(HandClosed(30))
    t.apply(DayEnded(1))
    assert t.day_ended and t.phase == WAITING
    assert all(t.flags_held(x) == 12 and t.loans[x] == 0 for x in range(1, 5))
    day1 = [t.score(x) for x in range(1, 5)]
    assert sum(day1) == 48 and day1[0] < 12
    assert next(s.day_totals for s in t.standings() if s.team == 1) == (day1[0],)
    t.apply(HandStarted(31, H))
    assert t.day == 2 and not t.day_ended
    assert [t.score(x) for x in range(1, 5)] == [d + 12 for d in day1]
    team1 = next(s for s in t.standings() if s.team == 1)
    assert team1.day_totals == (day1[0], 12)


def test_day_cannot_end_before_its_last_hand():
    t = alberta(tables=4, hands=50)
    t.apply(HandStarted(1, H))
    assert "hands 2 to 30" in refused(t, DayEnded(1), "day_not_done")
    refused(t, DayEnded(2), "wrong_day")


def test_day_cannot_end_twice():
    t = alberta(tables=3, hands=2)
    t.apply(HandStarted(1, H))
    t.apply(HandStarted(2, H))
    t.apply(DayEnded(1))
    refused(t, DayEnded(1), "wrong_day")
    assert t.phase == CLOSED and t.finished
    refused(t, HandStarted(3, H), "finished")


def test_correction_moves_the_difference_and_is_audited():
    t = alberta()
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 2, visitor_tricks=7))
    assert t.flags_held(1) == 13
    t.apply(ResultCorrected(1, 2, 11, 0, 0, reason="miscounted tricks"))
    assert (t.flags_held(1), t.flags_held(2)) == (14, 10)
    t.apply(ResultCorrected(1, 2, 3, 0, 0, reason="visitors revoked, seen by the leader"))
    assert (t.flags_held(1), t.flags_held(2)) == (12, 12)
    assert t.result(1, 2).corrections == (
        "miscounted tricks",
        "visitors revoked, seen by the leader",
    )
    assert "reason" in refused(t, ResultCorrected(1, 2, 3, 0, 0, reason="  "), "reason_required")


def test_correction_enters_a_missing_result_even_after_close():
    t = alberta()
    t.apply(HandStarted(1, H))
    t.apply(HandClosed(1))
    refused(t, ResultRecorded("late", 1, 3, 9), "hand_closed")
    t.apply(ResultCorrected(1, 3, 9, 0, 0, reason="kiosk broken, paper slip"))
    assert t.flags_held(2) == 13 and 3 in t.reported_tables(1)


def test_correction_returning_flags_lends_to_a_table_that_spent_them():
    t = alberta(tables=3)
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 2, visitor_tricks=13))  # team 1 takes 2 from table 2
    t.flags[1], t.flags[3] = 0, t.flags[3] + t.flags[1]  # table 1 lost them all since
    t.apply(ResultCorrected(1, 2, 0, 0, 0, reason="result was entered backwards"))
    assert t.flags_held(1) == 0 and t.loans[1] == 2 and t.flags_held(2) == 12


def test_correction_after_day_end_adjusts_that_day():
    t = alberta(tables=3, hands=50)
    for hand in range(1, 31):
        t.apply(HandStarted(hand, H))
    t.apply(ResultRecorded("a", 30, 2, visitor_tricks=8))
    visitors = t.visitor_team(30, 2)
    t.apply(DayEnded(1))
    before = (t.score(visitors), t.score(2))
    t.apply(ResultCorrected(30, 2, 10, 0, 0, reason="late check"))
    assert (t.score(visitors), t.score(2)) == (before[0] + 1, before[1] - 1)
    assert all(t.flags_held(x) == 12 for x in (1, 2, 3))


def test_a_result_id_is_its_tables_own():
    # Issue 23, item 8: table 2 using table 1's id is neither refused nor mistaken for it.
    t = alberta()
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 1, 7))
    t.apply(ResultRecorded("a", 1, 2, 9))
    refused(t, ResultRecorded("a", 1, 2, 9), "duplicate")
    assert (t.result(1, 1).visitor_tricks, t.result(1, 2).visitor_tricks) == (7, 9)
    assert t.result_ids == {(1, "a"): (1, 1), (2, "a"): (1, 2)}


def test_results_are_checked():
    t = alberta()
    refused(t, ResultRecorded("a", 1, 1, 7), "wrong_hand")
    t.apply(HandStarted(1, H))
    refused(t, ResultRecorded("a", 2, 1, 7), "wrong_hand")
    refused(t, ResultRecorded("a", 1, 6, 7), "bad_table")
    refused(t, ResultRecorded("a", 1, 1, 14), "out_of_range")
    refused(t, ResultRecorded("a", 1, 1, 7, revokes_home=-1), "out_of_range")
    refused(t, ResultRecorded("", 1, 1, 7), "malformed")
    t.apply(ResultRecorded("a", 1, 1, 7))
    refused(t, ResultRecorded("a", 1, 1, 7), "duplicate")
    reason = refused(t, ResultRecorded("b", 1, 1, 3), "conflict")
    assert "leader" in reason
    assert t.flags_held(5) == 13 and t.events == 3


def test_late_results_count_until_the_hand_is_closed():
    t = alberta()
    t.apply(HandStarted(1, H))
    t.apply(HandStarted(2, H))
    t.apply(ResultRecorded("late", 1, 2, 10))
    assert t.flags_held(1) == 14
    t.apply(HandClosed(2))
    refused(t, ResultRecorded("later", 1, 3, 10), "hand_closed")
    refused(t, HandClosed(2), "closed")
    refused(t, HandClosed(1), "wrong_hand")


def test_undo_start_only_before_results():
    t = alberta()
    refused(t, StartUndone(1), "wrong_hand")
    t.apply(HandStarted(1, H))
    t.apply(StartUndone(1))
    assert (t.hand, t.phase) == (0, WAITING) and 1 not in t.trumps
    t.apply(HandStarted(1, Suit.CLUBS))
    t.apply(ResultRecorded("a", 1, 1, 7))
    refused(t, StartUndone(1), "has_results")
    t.apply(HandClosed(1))
    t.apply(HandStarted(2, H))
    t.apply(StartUndone(2))
    assert (t.hand, t.phase) == (1, CLOSED)
    t.apply(HandStarted(2, H))
    t.apply(HandClosed(2))
    refused(t, StartUndone(2), "closed")


def test_undo_start_of_a_new_day_returns_to_the_ended_day():
    t = alberta(tables=3, hands=50)
    for hand in range(1, 31):
        t.apply(HandStarted(hand, H))
    t.apply(DayEnded(1))
    t.apply(HandStarted(31, H))
    t.apply(StartUndone(31))
    assert (t.day, t.day_ended, t.hand) == (1, True, 30)


def test_start_hand_in_order():
    t = alberta(hands=3)
    refused(t, HandStarted(2, H), "wrong_hand")
    for h in (1, 2, 3):
        t.apply(HandStarted(h, H))
    refused(t, HandStarted(4, H), "finished")
    assert t.phase == PLAYING


def test_tournament_cannot_be_created_twice():
    t = alberta()
    refused(t, TournamentCreated(t.spec), "exists")


def test_standings_rank_by_net_flags_with_shared_ranks():
    t = alberta(tables=4)
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 2, visitor_tricks=10))  # team 1 +2, table 2 -2
    ranks = [(s.team, s.score, s.rank) for s in t.standings()]
    assert ranks == [(1, 14, 1), (3, 12, 2), (4, 12, 2), (2, 10, 4)]  # ties in table order


# --- Alberta tie-breaks -----------------------------------------------------------------------


def finished_alberta(tables, *winning_visits):
    """Two hands played; ``winning_visits`` are (table, tricks) results of hand 1. The other
    tables report 6 tricks to the visitors (no flag moves): every result is in (rules A9)."""
    t = alberta(tables=tables, hands=2)
    t.apply(HandStarted(1, H))
    for n, (table, tricks) in enumerate(winning_visits):
        t.apply(ResultRecorded(f"w{n}", 1, table, tricks))
    t.apply(HandStarted(2, H))
    for hand in (1, 2):
        for table in t.missing(hand):
            t.apply(ResultRecorded(f"even-{hand}-{table}", hand, table, 6))
    t.apply(HandClosed(2))
    return t


def test_two_way_tie_one_hand_by_a_and_b():
    t = finished_alberta(4, (2, 10))  # team 1: 14, team 2: 10, teams 3 and 4 tied on 12
    refused(t, TieBreakHandPlayed((3, 4), (7, 6), H), "wrong_phase")
    t.apply(TieBreakStarted((4, 3), (), Suit.SPADES))
    refused(t, TieBreakHandPlayed((1, 2), (7, 6), H), "wrong_teams")
    refused(t, TieBreakHandPlayed((3, 4), (7, 5), H), "out_of_range")
    refused(t, HandStarted(3, H), "wrong_phase")
    assert [s.rank for s in t.standings()] == [1, 2, 2, 4]
    t.apply(TieBreakHandPlayed((3, 4), (8, 5), Suit.SPADES))
    assert [(s.team, s.rank) for s in t.standings()] == [(1, 1), (3, 2), (4, 3), (2, 4)]


def test_three_way_tie_lowest_draw_has_the_bye():
    t = finished_alberta(5, (1, 10))  # team 5: 14, team 1: 10, teams 2, 3, 4 tied on 12
    draws = (Card.parse("9H"), Card.parse("3C"), Card.parse("KD"))  # teams 2, 3, 4
    refused(t, TieBreakStarted((2, 3, 4), draws[:2], H), "draws_required")
    t.apply(TieBreakStarted((2, 3, 4), draws, H))
    tb = t.tiebreak_in_progress()
    assert tb.order == (4, 2, 3)  # team 3 drew the 3: bye
    assert tb.next_pairing() == (4, 2)
    t.apply(TieBreakHandPlayed((2, 4), (9, 4), H))  # team 2 beats team 4
    assert tb.next_pairing() == (2, 3)
    t.apply(TieBreakHandPlayed((2, 3), (5, 8), H))  # team 3 (the bye) wins the final
    assert tb.decided and tb.next_pairing() is None
    assert [s.team for s in t.standings()] == [5, 3, 2, 4, 1]
    assert [s.rank for s in t.standings()] == [1, 2, 3, 4, 5]
    refused(t, TieBreakHandPlayed((2, 3), (7, 6), H), "wrong_phase")


def test_same_rank_draws_settled_by_suit_order():
    t = finished_alberta(5, (1, 10))
    t.apply(TieBreakStarted((2, 3, 4), tuple(Card.parse(c) for c in ("KH", "KS", "2C")), H))
    assert t.tiebreak_in_progress().order == (3, 2, 4)


def test_a_tiebreak_includes_every_tied_team():
    t = finished_alberta(5, (1, 10))
    reason = refused(t, TieBreakStarted((2, 3), (), H), "not_tied")
    assert reason.startswith("teams 2, 3, 4 are all tied on 12")


def test_a_correction_after_a_tiebreak_lets_the_scores_decide():
    t = finished_alberta(4, (2, 10))
    t.apply(TieBreakStarted((3, 4), (), H))
    t.apply(TieBreakHandPlayed((3, 4), (2, 11), H))  # team 4 wins the playoff
    t.apply(ResultCorrected(2, 4, 7, 0, 0, reason="missed slip"))  # team 3's pair won at 4
    assert [s.team for s in t.standings()][:2] == [1, 3]


def test_tiebreak_checks():
    t = alberta(tables=4, hands=2)
    t.apply(HandStarted(1, H))
    refused(t, TieBreakStarted((1, 2), (), H), "wrong_phase")
    t.apply(HandStarted(2, H))
    t.apply(ResultRecorded("a", 2, 1, 10))  # team 3 visits table 1: 14 against 10
    t.apply(HandClosed(2))
    # rules A9: teams level while results are missing may not be level once they are in
    assert "7 missing results" in refused(t, TieBreakStarted((2, 4), (), H), "wrong_phase")
    for hand in (1, 2):
        for table in t.missing(hand):
            t.apply(ResultCorrected(hand, table, 6, 0, 0, "the sheet"))  # no flag moves
    refused(t, TieBreakStarted((2, 2), (), H), "bad_teams")
    refused(t, TieBreakStarted((2, 9), (), H), "bad_table")
    assert "not tied" in refused(t, TieBreakStarted((1, 3), (), H), "not_tied")
    t.apply(TieBreakStarted((2, 4), (), H))
    refused(t, TieBreakStarted((2, 4), (), H), "wrong_phase")
    g = Tournament.new(default_spec("gaspesie", 3, 1))
    refused(g, TieBreakStarted((1, 2), (), H), "wrong_format")


def test_three_way_draws_must_differ():
    t = finished_alberta(5, (1, 10))
    same = Card.parse("5S")
    refused(t, TieBreakStarted((2, 3, 4), (same, same, Card.parse("6S")), H), "draws_required")


# --- Gaspésie ---------------------------------------------------------------------------------


def test_gaspesie_both_sides_score_for_their_teams():
    t = gaspesie()
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 2, visitor_tricks=8))  # team 1 visits table 2 and wins
    t.apply(ResultRecorded("b", 1, 3, visitor_tricks=0))  # team 3 at home takes all 13
    assert (t.score(1), t.score(2), t.score(3)) == (1, 0, 2)
    assert t.flags_held(2) == 12  # no flags move in Gaspésie


def test_gaspesie_revoke_and_penalty():
    t = gaspesie()
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 2, visitor_tricks=10, revokes_visitors=1))
    assert (t.score(1), t.score(2)) == (0, 1)
    t.apply(PenaltyImposed(1, 3, "home", reason="signalling"))
    t.apply(ResultRecorded("b", 1, 3, visitor_tricks=2))
    assert (t.score(2), t.score(3)) == (2, 0)
    refused(t, PenaltyImposed(1, 3, "home", reason="again"), "conflict")
    refused(t, PenaltyImposed(1, 4, "north", reason="x"), "out_of_range")
    refused(t, PenaltyImposed(1, 4, "home", reason=""), "reason_required")
    # A penalty given after the result is in re-scores the manche.
    t.apply(ResultRecorded("c", 1, 4, visitor_tricks=9))  # team 3's pair wins at table 4
    t.apply(PenaltyImposed(1, 4, "visitors", reason="talking across the table"))
    assert (t.score(3), t.score(4)) == (0, 1)
    refused(alberta(), PenaltyImposed(1, 1, "home", reason="x"), "wrong_format")
    assert t.hand_points[1][1:] == [0, 2, 0, 1, 0]


def test_gaspesie_correction_rescores():
    t = gaspesie()
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 2, visitor_tricks=8))
    t.apply(ResultCorrected(1, 2, 13, 0, 0, reason="recount"))
    assert (t.score(1), t.score(2)) == (2, 0)
    t.apply(ResultCorrected(1, 2, 4, 0, 0, reason="recount again"))
    assert (t.score(1), t.score(2)) == (0, 1)
    refused(t, FlagsLent(1, 1), "wrong_format")


def test_gaspesie_ties_broken_by_counting_back():
    t = gaspesie(tables=3, hands=3)
    t.apply(HandStarted(1, H))  # offset 1: team 3 visits table 1, 1→2, 2→3
    t.apply(ResultRecorded("a", 1, 2, visitor_tricks=7))  # team 1 +1
    t.apply(HandStarted(2, H))  # offset 2
    t.apply(ResultRecorded("b", 2, 2, visitor_tricks=7))  # team 3 +1 (visits table 2)
    t.apply(HandStarted(3, H))
    t.apply(ResultRecorded("c", 3, 1, visitor_tricks=3))  # team 1 at home +1
    t.apply(ResultRecorded("d", 3, 3, visitor_tricks=3))  # team 3 at home +1
    # Teams 1 and 3 both have 2. After manche 2: team 1 had 1, team 3 had 1; after manche 1:
    # team 1 had 1, team 3 had 0. Team 1 wins the count-back.
    table = [(s.team, s.score, s.rank) for s in t.standings()]
    assert table == [(1, 2, 1), (3, 2, 2), (2, 0, 3)]
    assert [s.day_totals for s in t.standings()] == [(2,), (2,), (0,)]


def test_gaspesie_exact_tie_shares_the_rank():
    t = gaspesie(tables=3, hands=2)
    t.apply(HandStarted(1, H))
    t.apply(ResultRecorded("a", 1, 1, visitor_tricks=0))  # team 1 +2
    t.apply(ResultRecorded("b", 1, 2, visitor_tricks=0))  # team 2 +2
    assert [s.rank for s in t.standings()] == [1, 1, 3]


# --- events and replay ------------------------------------------------------------------------


def test_replay_needs_a_creation_first():
    with pytest.raises(TournamentError):
        Tournament.replay([HandStarted(1, H)])
    with pytest.raises(TournamentError):
        Tournament.replay([])


def test_every_event_kind_round_trips_through_a_dict():
    spec = default_spec("alberta", 3, 2)
    events = [
        TournamentCreated(spec),
        HandStarted(1, None),
        StartUndone(1),
        ResultRecorded("x", 1, 2, 7, 1, 0),
        ResultCorrected(1, 2, 8, 0, 0, "r"),
        PenaltyImposed(1, 2, "home", "r"),
        FlagsLent(1, 2),
        HandClosed(1),
        DayEnded(1),
        TieBreakStarted((1, 2, 3), (Card.parse("10H"), Card.parse("AS"), Card.parse("2C")), H),
        TieBreakHandPlayed((1, 2), (7, 6), None),
    ]
    for event in events:
        assert event_from_dict(event_to_dict(event)) == event


def test_unreadable_event_dict():
    from whist.errors import WhistError

    with pytest.raises(WhistError):
        event_from_dict({"kind": "nonsense"})
    with pytest.raises(WhistError):
        event_from_dict({"kind": "hand_started"})


def snapshot(t):
    return (
        t.hand,
        t.phase,
        t.day,
        t.day_ended,
        sorted(t.open_hands),
        list(t.flags),
        list(t.loans),
        t.loan_log,
        [list(d) for d in t.ended_days],
        list(t.points),
        {
            k: (v.visitor_tricks, v.flags_won, v.home_points, v.visitor_points, v.corrections)
            for k, v in t.results.items()
        },
        t.standings(),
        dict(t.trumps),
        t.events,
    )


@st.composite
def tournaments(draw):
    """A random but plausible history: starts, results, corrections, loans, closes, day ends."""
    fmt = draw(st.sampled_from(["alberta", "gaspesie"]))
    tables = draw(st.integers(3, 7))
    hands = draw(st.integers(1, 12))
    spec = default_spec(
        fmt, tables, hands if fmt == "gaspesie" else draw(st.sampled_from([hands, 31, 35]))
    )
    t = Tournament.new(spec)
    events = [TournamentCreated(spec)]
    for step in range(draw(st.integers(0, 80))):
        choice = draw(st.integers(0, 9))
        table = draw(st.integers(1, tables))
        tricks = draw(st.integers(0, 13))
        hand = draw(st.integers(1, max(t.hand, 1)))
        rev = draw(st.integers(0, 1))
        candidates = [
            HandStarted(t.hand + 1, draw(st.sampled_from([None, *Suit]))),
            ResultRecorded(f"id{step}", t.hand, table, tricks, rev, 0),
            ResultRecorded(f"id{step}", t.hand, table, tricks, 0, rev),
            ResultRecorded(f"id{step}", t.hand, table, tricks),
            ResultCorrected(hand, table, tricks, 0, rev, "fix"),
            FlagsLent(table, draw(st.integers(1, 3))),
            HandClosed(t.hand),
            DayEnded(t.day),
            PenaltyImposed(hand, table, draw(st.sampled_from(["home", "visitors"])), "sign"),
            StartUndone(t.hand),
        ]
        event = candidates[choice]
        try:
            t.apply(event)
        except TournamentError:
            continue
        events.append(event)
    return t, events


@settings(max_examples=150, deadline=None)
@given(tournaments())
def test_net_flags_always_sum_to_twelve_per_table(history):
    t, _ = history
    assert net_sum(t) == 12 * t.tables
    assert all(f >= 0 for f in t.flags)
    if t.format.value == "alberta":
        counted_days = len(t.ended_days) + (0 if t.day_ended else 1)
        assert sum(s.score for s in t.standings()) == 12 * t.tables * counted_days
        for day in t.ended_days:
            assert sum(day[1:]) == 12 * t.tables


@settings(max_examples=100, deadline=None)
@given(tournaments(), st.data())
def test_replaying_any_prefix_equals_the_incremental_state(history, data):
    t, events = history
    cut = data.draw(st.integers(1, len(events)))
    incremental = Tournament.new(events[0].spec)
    for event in events[1:cut]:
        incremental.apply(event)
    assert snapshot(fold(events[:cut])) == snapshot(incremental)
    # and through the stored form, as the hub replays its log
    stored = [event_from_dict(event_to_dict(e)) for e in events]
    assert snapshot(fold(stored)) == snapshot(t)


@settings(max_examples=100, deadline=None)
@given(tournaments(), st.integers(0, 13), st.integers(0, 2), st.integers(0, 2))
def test_corrections_keep_the_sum(history, tricks, rh, rv):
    t, _ = history
    if t.hand == 0:
        return
    for hand, table in list(t.results):
        t.apply(ResultCorrected(hand, table, tricks, rh, rv, "audit"))
        assert net_sum(t) == 12 * t.tables


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_ranks_are_consistent_with_scores(history):
    t, _ = history
    rows = t.standings()
    assert sorted(s.team for s in rows) == list(range(1, t.tables + 1))
    assert [s.score for s in rows] == sorted((s.score for s in rows), reverse=True)
    assert rows[0].rank == 1
    for a, b in itertools.pairwise(rows):
        assert b.rank >= a.rank


def test_an_older_log_without_a_later_optional_field_still_reads():
    stored = event_to_dict(TieBreakHandPlayed((1, 2), (7, 6), H))
    del stored["next_trump"]
    assert event_from_dict(stored) == TieBreakHandPlayed((1, 2), (7, 6), H, None)


def test_an_accepted_count_keeps_what_the_hub_had_and_replays_the_same():
    """A15: each acceptance keeps the hub's own count just before it, worked out from the
    events (the event holds only the day, the table and the reason, as in older logs)."""
    spec = default_spec("alberta", 3, 2)
    events = [
        TournamentCreated(spec),
        HandStarted(1, H),
        *(ResultRecorded(f"r{t}", 1, t, 10 if t == 1 else 6) for t in (1, 2, 3)),
        DayEnded(1, early=True),
        FlagsCounted(1, 1, 9),
        CountAccepted(1, 1, "a flag lost"),
        FlagsCounted(1, 1, 8),  # a recount finds one fewer again
        CountAccepted(1, 1, "another flag lost"),
    ]
    t = fold(events)
    count = t.table_count(1, 1)
    assert (count.hub, count.counted, count.status) == (8, 8, "agrees")
    assert count.accepted == ("a flag lost", "another flag lost")
    assert count.hub_before == (10, 9)
    assert t.table_count(1, 2).hub_before == ()
    stored = [event_to_dict(e) for e in events]
    assert stored[-1] == {
        "kind": "count_accepted",
        "day": 1,
        "table": 1,
        "reason": "another flag lost",
    }
    again = fold(event_from_dict(d) for d in stored)
    assert again.day_counts(1) == t.day_counts(1)
