"""The reference scorer of tests/reference.py, checked by hand arithmetic, not by the hub."""

from __future__ import annotations

import ast
import doctest
from pathlib import Path

import pytest

import tests.reference
from tests.reference import (
    HandResults,
    TableResult,
    alberta_flags_taken,
    gaspesie_points,
    play_table,
    reference_standings,
    simulate,
    table_of,
    visiting_team,
)
from whist.pattern import default_spec
from whist.spec import TournamentSpec, load_spec

R = TableResult


def make_spec(fmt: str, offsets: list[int], days: list[int], *, tables: int = 3) -> TournamentSpec:
    """A small tournament with the offsets written out, so the tests do not rely on pattern.py."""
    seats = ["A", "B", "X", "Y"] if fmt == "alberta" else ["C", "1", "2", "3"]
    travellers = ["A", "B"] if fmt == "alberta" else ["1", "3"]
    return load_spec(
        {
            "name": "Reference",
            "format": fmt,
            "tables": tables,
            "teams": [
                {"table": t, "name": f"Team {t}", "players": dict.fromkeys(seats, "")}
                for t in range(1, tables + 1)
            ],
            "days": [{"hands": n, "sessions": [n]} for n in days],
            "pattern": [
                {"hand": i, "travellers": travellers, "offset": k, "trump": "hearts"}
                for i, k in enumerate(offsets, start=1)
            ],
        }
    )


def by_team(rows: list[dict]) -> dict[int, dict]:
    return {row["team"]: row for row in rows}


def test_doctests():
    assert doctest.testmod(tests.reference).failed == 0


def test_the_reference_does_not_import_the_code_it_checks():
    tree = ast.parse(Path(tests.reference.__file__).read_text(encoding="utf-8"))
    modules = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    } | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    forbidden = {"whist.tournament", "whist.formats", "whist.views", "whist.movement"}
    assert not modules & forbidden


# --- Movement ----------------------------------------------------------------------------------


def test_movement_offsets_wrap_and_never_bring_a_pair_home():
    # 3 tables: offset 1 sends team 3 to table 1; offset 3 (= T) would be home, so it is 1 (M2);
    # offset 5 is 2 round the hall.
    assert [table_of(t, 1, 3) for t in (1, 2, 3)] == [2, 3, 1]
    assert [table_of(t, 3, 3) for t in (1, 2, 3)] == [2, 3, 1]
    assert [table_of(t, 6, 3) for t in (1, 2, 3)] == [2, 3, 1]
    assert [table_of(t, 5, 3) for t in (1, 2, 3)] == [3, 1, 2]
    assert [visiting_team(x, 2, 3) for x in (1, 2, 3)] == [2, 3, 1]
    # The Gaspésie book's example: 11 tables, 11th manche, the travellers move two tables
    # instead of one... relative to the 10th manche's table: offset 10 then offset 11 -> 1.
    assert table_of(1, 10, 11) == 11
    assert table_of(1, 11, 11) == 2


def test_every_table_receives_exactly_one_visiting_pair():
    for tables in (3, 4, 7, 16):
        for offset in range(1, 3 * tables):
            visitors = [visiting_team(x, offset, tables) for x in range(1, tables + 1)]
            assert sorted(visitors) == list(range(1, tables + 1))
            assert all(v != x for x, v in enumerate(visitors, start=1))


# --- One table ---------------------------------------------------------------------------------


def test_alberta_flags_for_one_table():
    assert [alberta_flags_taken(n) for n in range(14)] == [0] * 7 + [1] * 3 + [2] * 4
    assert alberta_flags_taken(6, revokes_home=1) == 1  # the book's example: 6 + 2 = 8
    assert alberta_flags_taken(13, revokes_home=3) == 2  # capped at 13
    assert alberta_flags_taken(1, revokes_visitors=4) == 0  # never below 0
    assert alberta_flags_taken(8, 2, 2) == 1  # both sides revoked: they cancel


def test_alberta_revoke_moving_the_visitors_just_below_seven():
    # 9 - 2 = 7: still a flag; 8 - 2 = 6: none.
    assert alberta_flags_taken(9, revokes_visitors=1) == 1
    assert alberta_flags_taken(8, revokes_visitors=1) == 0


def test_gaspesie_points_for_one_table():
    assert gaspesie_points(7) == (0, 1)
    assert gaspesie_points(6) == (1, 0)
    assert gaspesie_points(13) == (0, 2)
    assert gaspesie_points(0) == (2, 0)
    # G2: one side revoked, the other wins whatever the tricks, 2 only with all 13.
    assert gaspesie_points(2, revokes_home=1) == (0, 1)
    assert gaspesie_points(13, revokes_home=1) == (0, 2)
    assert gaspesie_points(0, revokes_visitors=2) == (2, 0)
    # G3: a penalty is a revoke in effect; G4: faults on both sides cancel.
    assert gaspesie_points(12, penalty="visitors") == (1, 0)
    assert gaspesie_points(12, revokes_home=1, revokes_visitors=1) == (0, 1)
    assert gaspesie_points(3, revokes_visitors=1, penalty="home") == (1, 0)
    assert gaspesie_points(3, revokes_visitors=1, penalty="visitors") == (1, 0)
    with pytest.raises(ValueError):
        gaspesie_points(14)
    with pytest.raises(ValueError):
        gaspesie_points(7, penalty="both")


# --- Alberta, worked by hand -------------------------------------------------------------------

# 3 tables, two days of two hands. Offsets 1, 2 | 3 (= T, so 1: M2), 5 (5 mod 3 = 2).
# Offset 1: table 1 <- team 3, table 2 <- team 1, table 3 <- team 2.
# Offset 2: table 1 <- team 2, table 2 <- team 3, table 3 <- team 1.
ALBERTA_DAYS = make_spec("alberta", [1, 2, 3, 5], [2, 2])
ALBERTA_RESULTS = [
    HandResults(
        1,
        "hearts",
        (
            R(1, 8),  # team 3 takes 1 from table 1
            R(2, 10),  # team 1 takes 2 from table 2
            R(3, 6, revokes_home=1),  # 6 + 2 = 8: team 2 takes 1 from table 3
        ),
    ),
    HandResults(
        2,
        "spades",
        (
            R(1, 13, revokes_visitors=1),  # 13 - 2 = 11: team 2 takes 2 from table 1
            R(2, 7, 1, 1),  # revokes cancel, 7: team 3 takes 1 from table 2
            # table 3 never reported: nothing moves there
        ),
    ),
    HandResults(
        3,
        "diamonds",
        (
            R(1, 0),  # nothing
            R(2, 9),  # team 1 takes 1 from table 2
            R(3, 12, 0, 3),  # 12 - 6 = 6: nothing
        ),
    ),
    HandResults(
        4,
        "clubs",
        (
            R(1, 5, revokes_home=1),  # 5 + 2 = 7: team 2 takes 1 from table 1
            R(2, 13, revokes_home=2),  # 17, capped at 13: team 3 takes 2 from table 2
            R(3, 7),  # team 1 takes 1 from table 3
        ),
    ),
]


def test_alberta_worked_example():
    rows = reference_standings(ALBERTA_DAYS, ALBERTA_RESULTS)
    # Day 1 = 12 + flags won away - flags lost at home:
    #   team 1: 12 + 2 - (1 + 2) = 11;  team 2: 12 + (1 + 2) - (2 + 1) = 12;
    #   team 3: 12 + (1 + 1) - 1 = 13.                         (11 + 12 + 13 = 36)
    # Day 2 starts again from 12:
    #   team 1: 12 + (1 + 1) - 1 = 13;  team 2: 12 + 1 - (1 + 2) = 10;
    #   team 3: 12 + 2 - 1 = 13.                               (13 + 10 + 13 = 36)
    # Totals: team 1 24, team 2 22, team 3 26.
    assert rows == [
        {"team": 3, "name": "Team 3", "flags": 26, "points": 0, "day_totals": [13, 13], "rank": 1},
        {"team": 1, "name": "Team 1", "flags": 24, "points": 0, "day_totals": [11, 13], "rank": 2},
        {"team": 2, "name": "Team 2", "flags": 22, "points": 0, "day_totals": [12, 10], "rank": 3},
    ]


def test_alberta_correction_and_shared_rank():
    # Hand 4, table 3 (visited by team 1) corrected from 7 to 10 tricks: 2 flags instead of 1.
    # Day 2: team 1 12 + (1 + 2) - 1 = 14, team 3 12 + 2 - 2 = 12; totals 25, 22, 25.
    # Teams 1 and 3 share first place, listed in table order; team 2 is third (1, 1, 3).
    rows = reference_standings(ALBERTA_DAYS, ALBERTA_RESULTS, corrections=[(4, 3, 10, 0, 0)])
    assert [(r["team"], r["flags"], r["day_totals"], r["rank"]) for r in rows] == [
        (1, 25, [11, 14], 1),
        (3, 25, [13, 12], 1),
        (2, 22, [12, 10], 3),
    ]


def test_alberta_correction_can_enter_a_missing_result():
    # Hand 2, table 3 (visited by team 1) never reported; entered as 11 tricks: team 1 takes 2
    # from table 3 on day 1. Team 1 day 1: 12 + 2 + 2 - 3 = 13; team 3: 13 - 2 = 11.
    rows = by_team(
        reference_standings(ALBERTA_DAYS, ALBERTA_RESULTS, corrections=[(2, 3, 11, 0, 0)])
    )
    assert rows[1]["day_totals"] == [13, 13]
    assert rows[3]["day_totals"] == [11, 13]


def test_alberta_partial_tournament_lists_only_the_days_begun():
    rows = by_team(reference_standings(ALBERTA_DAYS, ALBERTA_RESULTS[:2]))
    assert [rows[t]["day_totals"] for t in (1, 2, 3)] == [[11], [12], [13]]
    rows = by_team(reference_standings(ALBERTA_DAYS, ALBERTA_RESULTS[:3]))
    # Day 2 has begun (hand 3): team 1 took 1 from table 2.
    assert [rows[t]["day_totals"] for t in (1, 2, 3)] == [[11, 13], [12, 11], [13, 12]]
    empty = reference_standings(ALBERTA_DAYS, [])
    assert [(r["flags"], r["day_totals"], r["rank"]) for r in empty] == [(12, [12], 1)] * 3


def test_alberta_a_table_stripped_bare_goes_into_debt():
    # Offset 2 every hand: team 3 visits table 2 and takes 2 flags seven times (14 flags):
    # table 2 runs out and borrows 2 (A5), so its net is 12 - 14 = -2 and team 3's is 26.
    spec = make_spec("alberta", [2] * 7, [7])
    hands = [HandResults(h, "none", (R(2, 11),)) for h in range(1, 8)]
    rows = by_team(reference_standings(spec, hands))
    assert (rows[1]["flags"], rows[2]["flags"], rows[3]["flags"]) == (12, -2, 26)
    assert [rows[t]["rank"] for t in (3, 1, 2)] == [1, 2, 3]


def test_alberta_refuses_penalties_and_bad_input():
    with pytest.raises(ValueError):
        reference_standings(ALBERTA_DAYS, ALBERTA_RESULTS, penalties=[(1, 1, "home")])
    with pytest.raises(ValueError):
        reference_standings(ALBERTA_DAYS, [HandResults(1, "none", (R(4, 7),))])
    with pytest.raises(ValueError):
        reference_standings(ALBERTA_DAYS, [HandResults(1, "none", (R(1, 7), R(1, 8)))])
    with pytest.raises(ValueError):
        reference_standings(ALBERTA_DAYS, [HandResults(1, "none", (R(1, 14),))])
    with pytest.raises(ValueError):
        reference_standings(ALBERTA_DAYS, [], corrections=[(5, 1, 7, 0, 0)])


# --- Gaspésie, worked by hand ------------------------------------------------------------------

# 3 tables, 3 manches, offsets 1, 2, 3 (= T, so 1 again).
# Offset 1: table 1 <- team 3, table 2 <- team 1, table 3 <- team 2.
# Offset 2: table 1 <- team 2, table 2 <- team 3, table 3 <- team 1.
GASPESIE = make_spec("gaspesie", [1, 2, 3], [3])
GASPESIE_RESULTS = [
    HandResults(
        1,
        "hearts",
        (
            R(1, 3),  # home (team 1) 10 tricks: 1
            R(2, 13),  # visitors (team 1) all 13: 2
            R(3, 7),  # visitors (team 2): 1
        ),
    ),  # after manche 1: team 1 3, team 2 1, team 3 0
    HandResults(
        2,
        "spades",
        (
            R(1, 8, revokes_visitors=1),  # visitors (team 2) revoked: home (team 1) 1
            R(2, 2),  # home (team 2) 11 tricks, but penalised (below): visitors (team 3) 1
            R(3, 6, 1, 1),  # both revoked, tricks decide: home (team 3) 7 tricks, 1
        ),
    ),  # after manche 2: team 1 4, team 2 1, team 3 2
    HandResults(
        3,
        "none",
        (
            R(1, 7),  # visitors (team 3): 1
            R(2, 0),  # home (team 2) all 13: 2
            # table 3 never reported
        ),
    ),  # after manche 3: team 1 4, team 2 3, team 3 3
]
GASPESIE_PENALTIES = [(2, 2, "home")]


def test_gaspesie_count_back_separates_a_tie():
    rows = reference_standings(GASPESIE, GASPESIE_RESULTS, penalties=GASPESIE_PENALTIES)
    # Teams 2 and 3 both end on 3; after manche 2 team 3 had 2 and team 2 had 1: team 3 second.
    assert rows == [
        {"team": 1, "name": "Team 1", "flags": 0, "points": 4, "day_totals": [4], "rank": 1},
        {"team": 3, "name": "Team 3", "flags": 0, "points": 3, "day_totals": [3], "rank": 2},
        {"team": 2, "name": "Team 2", "flags": 0, "points": 3, "day_totals": [3], "rank": 3},
    ]


def test_gaspesie_count_back_goes_further_back_then_shares():
    # Without the penalty, manche 2 table 2 goes to team 2 (home, 11 tricks): team 2 ends on 4.
    # Teams 1 and 2: 4 and 4 after manche 3; 4 and 2 after manche 2: team 1 first.
    rows = reference_standings(GASPESIE, GASPESIE_RESULTS)
    assert [(r["team"], r["points"], r["rank"]) for r in rows] == [(1, 4, 1), (2, 4, 2), (3, 2, 3)]
    # Level at every manche: shared. Manche 1: each home side wins its table (1 point each).
    level = [HandResults(1, "none", (R(1, 3), R(2, 4), R(3, 5)))]
    rows = reference_standings(GASPESIE, level)
    assert [(r["team"], r["points"], r["rank"]) for r in rows] == [(1, 1, 1), (2, 1, 1), (3, 1, 1)]
    # Level at the end and after manche 2, apart after manche 1.
    # M1: table 1 home (team 1) 1; table 2 visitors (team 1) 1; table 3 home (team 3) 1.
    # M2: only table 3 reports, home (team 3) 1. M3: nobody reports.
    # Totals after M1: 2, 0, 1; after M2 and M3: 2, 0, 2. Teams 1 and 3 are level after M3
    # and M2; after M1 team 1 leads, so it is first.
    hands = [
        HandResults(1, "none", (R(1, 3), R(2, 8), R(3, 4))),
        HandResults(2, "none", (R(3, 5),)),
        HandResults(3, "none", ()),
    ]
    rows = reference_standings(GASPESIE, hands)
    assert [(r["team"], r["points"], r["rank"]) for r in rows] == [(1, 2, 1), (3, 2, 2), (2, 0, 3)]


def test_gaspesie_penalty_without_a_result_scores_nothing_until_it_arrives():
    alone = reference_standings(GASPESIE, [], penalties=[(1, 2, "visitors")])
    assert [r["points"] for r in alone] == [0, 0, 0]
    # Table 2's home pair (team 2) is then given the manche whatever the tricks.
    with_result = by_team(
        reference_standings(
            GASPESIE, [HandResults(1, "none", (R(2, 12),))], penalties=[(1, 2, "visitors")]
        )
    )
    assert (with_result[1]["points"], with_result[2]["points"]) == (0, 1)
    with pytest.raises(ValueError):
        reference_standings(GASPESIE, [], penalties=[(1, 2, "visitors"), (1, 2, "home")])


# --- Simulation --------------------------------------------------------------------------------


def test_simulate_is_deterministic_and_seed_dependent():
    spec = default_spec("alberta", 5, 8)
    first = simulate(spec, 11, revoke_chance=0.05)
    assert first == simulate(spec, 11, revoke_chance=0.05)
    assert first != simulate(spec, 12, revoke_chance=0.05)
    assert [h.hand for h in first] == list(range(1, 9))
    assert [h.trump for h in first] == [p.trump for p in spec.pattern]
    for hand in first:
        assert [r.table for r in hand.results] == [1, 2, 3, 4, 5]
        assert all(0 <= r.visitor_tricks <= 13 for r in hand.results)


def test_simulated_tables_play_thirteen_tricks_and_report_them():
    spec = default_spec("gaspesie", 4, 3)
    hands = simulate(spec, 5, revoke_chance=0.1)
    for hand in hands:
        for result in hand.results:
            deal = play_table(spec, 5, hand.hand, result.table, hand.trump, revoke_chance=0.1)
            assert len(deal.tricks) == 13
            assert deal.tricks_won(0) + deal.tricks_won(1) == 13
            assert result == (result.table, deal.tricks_won(1), *deal.revokes)
            assert deal.leader == 0  # G5: the home captain leads
    assert any(r.revokes_home or r.revokes_visitors for h in hands for r in h.results)


def test_leader_trump_is_drawn_and_recorded():
    spec = default_spec("alberta", 3, 12, leader_chooses_trump=True)
    hands = simulate(spec, 2)
    assert hands == simulate(spec, 2)
    trumps = {h.trump for h in hands}
    assert trumps <= {"spades", "hearts", "diamonds", "clubs", "none"}
    assert len(trumps) > 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_alberta_net_flags_always_add_up(seed):
    spec = default_spec("alberta", 6, 50)  # two days
    hands = simulate(spec, seed, revoke_chance=0.05)
    # Drop some reports and correct others: the sum still holds.
    hands = [h._replace(results=h.results[hand_index % 3 :]) for hand_index, h in enumerate(hands)]
    corrections = [(h, (h % 6) + 1, 13, 0, 0) for h in range(1, 51, 4)]
    rows = reference_standings(spec, hands, corrections=corrections)
    assert len(rows[0]["day_totals"]) == 2
    assert sum(r["flags"] for r in rows) == 12 * 6 * 2
    for day in range(2):
        assert sum(r["day_totals"][day] for r in rows) == 12 * 6
    assert all(r["flags"] == sum(r["day_totals"]) for r in rows)
    ranks = [r["rank"] for r in rows]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_gaspesie_points_per_manche_add_up():
    spec = default_spec("gaspesie", 5, 24)
    hands = simulate(spec, 9, revoke_chance=0.02)
    rows = reference_standings(spec, hands)
    total = sum(r["points"] for r in rows)
    # Every table gives 1 point, or 2 when the winners took all 13 tricks.
    assert 24 * 5 <= total <= 2 * 24 * 5
    assert total == sum(max(gaspesie_points(*r[1:])) for h in hands for r in h.results)
