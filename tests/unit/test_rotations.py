"""Fair rotations (docs/rules.md, P8 and P9): the built-in patterns over 3 to 30 tables.

The meetings are counted here from the players' seats, independently of
:func:`whist.pattern.rotation_figures`, which is checked against the same counts.
"""

import itertools
from collections import Counter
from math import ceil

import pytest

from whist.formats import Format
from whist.movement import host_table, progression, visiting_team
from whist.pattern import default_spec, rotation_figures
from whist.spec import MAX_HANDS

TABLES = range(3, 31)


def moves(spec):
    return [(plan.travellers, plan.offset) for plan in spec.pattern]


def worst_overshoot(spec, key_of_hand, kinds):
    """Walk the pattern hand by hand; the most any meeting's count ever exceeds the fair
    share ceil(hands so far / kinds), that is how far a meeting repeats while others of its
    kind are still unmet (0 = never)."""
    seen = Counter()
    worst = 0
    for n, plan in enumerate(spec.pattern, start=1):
        for key in key_of_hand(plan):
            seen[key] += 1
            worst = max(worst, seen[key] - ceil(n / kinds))
    return worst


def foursomes(spec):
    def at_tables(plan):
        home = spec.format.home_pair(plan.travellers)
        for table in range(1, spec.tables + 1):
            guests = visiting_team(table, plan.offset, spec.tables)
            yield frozenset({(table, s) for s in home} | {(guests, s) for s in plan.travellers})

    return at_tables


def travelling_pairs(spec):
    def at_tables(plan):
        for team in range(1, spec.tables + 1):
            host = host_table(team, plan.offset, spec.tables)
            yield (team, frozenset(plan.travellers), host)

    return at_tables


# --- Gaspésie (P9) -------------------------------------------------------------------------


@pytest.mark.parametrize("tables", TABLES)
def test_gaspesie_no_foursome_meets_twice_while_others_are_unmet(tables):
    kinds = 3 * (tables - 1)  # per home pair: 3 partners of the captain x T-1 visiting teams
    for manches in (24, 2 * kinds + 1):
        spec = default_spec("gaspesie", tables, manches)
        assert worst_overshoot(spec, foursomes(spec), kinds) == 0, manches
        figures = rotation_figures(spec.format, tables, moves(spec))
        assert figures.most_foursome == ceil(manches / kinds)


@pytest.mark.parametrize(
    ("tables", "most"), [(3, 4), (4, 3), (7, 2), (10, 1), (11, 1), (13, 1), (16, 1), (30, 1)]
)
def test_gaspesie_most_meetings_of_one_foursome_in_24_manches(tables, most):
    spec = default_spec("gaspesie", tables)
    assert rotation_figures(spec.format, tables, moves(spec)).most_foursome == most


def test_the_locked_cycle_that_p9_replaces_is_measured():
    # The old pattern (partner cycle 2, 3, 1 never shifted): with 7 tables one foursome met
    # four times in 24 manches; the figures must see that.
    travellers = (("1", "3"), ("1", "2"), ("2", "3"))
    locked = [(travellers[i % 3], k) for i, k in enumerate(progression(24, 7))]
    figures = rotation_figures(Format.GASPESIE, 7, locked)
    assert figures.most_foursome == 4
    assert figures.foursome_repeats == 7 * 18


@pytest.mark.parametrize("tables", TABLES)
def test_gaspesie_keeps_its_balance(tables):
    spec = default_spec("gaspesie", tables)
    assert spec.plan(1).travellers == ("1", "3")  # the book's first manche
    assert all("C" not in plan.travellers for plan in spec.pattern)
    assert [plan.offset for plan in spec.pattern] == progression(24, tables)
    assert all(a.travellers != b.travellers for a, b in itertools.pairwise(spec.pattern))
    for n in range(1, spec.hands + 1):
        partners = Counter(spec.format.home_pair(p.travellers) for p in spec.pattern[:n])
        assert max(partners.values()) - min(partners.values(), default=0) <= 1
        assert len(partners) == min(n, 3)


# --- Alberta (P8) --------------------------------------------------------------------------


@pytest.mark.parametrize("tables", TABLES)
def test_alberta_no_pair_revisits_a_table_while_others_are_unvisited(tables):
    kinds = 6 * (tables - 1)  # per team: 6 partnerships x T-1 host tables
    for hands in (30, 50, kinds + 1, min(2 * kinds + 3, MAX_HANDS)):
        spec = default_spec("alberta", tables, hands)
        assert worst_overshoot(spec, travelling_pairs(spec), kinds) == 0, hands


@pytest.mark.parametrize("tables", TABLES)
def test_alberta_never_the_same_host_two_hands_running(tables):
    spec = default_spec("alberta", tables, 50)
    assert all(a.offset != b.offset for a, b in itertools.pairwise(spec.pattern))
    assert rotation_figures(spec.format, tables, moves(spec)).same_host_running == 0


def test_alberta_sixteen_tables_fifty_hands_has_no_revisit():
    spec = default_spec("alberta", 16, 50)
    figures = rotation_figures(spec.format, 16, moves(spec))
    assert figures.pair_revisits == 0


def test_the_old_alberta_shift_is_measured():
    # The old pattern shifted the offsets one step each cycle: 16 x 50 revisited 80 times,
    # 3 tables sent a team to the same host two hands running.
    def old(tables, hands):
        span = tables - 1
        pairs = (("A", "B"), ("X", "Y"), ("A", "X"), ("B", "Y"), ("A", "Y"), ("B", "X"))
        return [(pairs[i % 6], (i + i // span) % span + 1) for i in range(hands)]

    assert rotation_figures(Format.ALBERTA, 16, old(16, 50)).pair_revisits == 80
    assert rotation_figures(Format.ALBERTA, 3, old(3, 30)).same_host_running > 0


@pytest.mark.parametrize("tables", TABLES)
@pytest.mark.parametrize("hands", [30, 50])
def test_alberta_keeps_its_balance(tables, hands):
    spec = default_spec("alberta", tables, hands)
    for n in range(1, hands + 1):
        pattern = spec.pattern[:n]
        offsets = Counter(plan.offset for plan in pattern)
        if n >= tables - 1:
            assert set(offsets) == set(range(1, tables))
        assert max(offsets.values()) - min(offsets.values()) <= 1
        travelled = Counter(seat for plan in pattern for seat in plan.travellers)
        assert all(abs(travelled[seat] - n / 2) <= 0.5 for seat in "ABXY"), (n, travelled)
        pairs = Counter(frozenset(plan.travellers) for plan in pattern)
        assert len(pairs) == min(n, 6)
        assert max(pairs.values()) - min(pairs.values()) <= 1
