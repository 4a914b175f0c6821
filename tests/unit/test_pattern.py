"""Built-in patterns are balanced; hand-written ones are checked hand by hand."""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whist.errors import PatternError
from whist.formats import Format
from whist.movement import host_table
from whist.pattern import default_spec, is_placeholder_name
from whist.spec import load_spec


def visits(spec):
    """Per team, how often it visits each other table."""
    counts = {team: Counter() for team in range(1, spec.tables + 1)}
    for plan in spec.pattern:
        for team in counts:
            counts[team][host_table(team, plan.offset, spec.tables)] += 1
    return counts


def assert_balanced(spec):
    for team, seen in visits(spec).items():
        assert team not in seen
        if spec.hands >= spec.tables - 1:
            others = [seen[t] for t in range(1, spec.tables + 1) if t != team]
            assert max(others) - min(others) <= 1, (team, seen)


@pytest.mark.parametrize(
    ("fmt", "tables", "hands"),
    [
        ("alberta", 5, 30),
        ("alberta", 16, 30),
        ("alberta", 5, 50),
        ("alberta", 16, 50),
        ("gaspesie", 11, 24),
        ("gaspesie", 30, 24),
        ("alberta", 3, 30),
        ("gaspesie", 3, 24),
    ],
)
def test_required_schedules_are_balanced(fmt, tables, hands):
    spec = default_spec(fmt, tables, hands)
    assert spec.hands == hands
    assert_balanced(spec)


def test_alberta_days_and_sessions():
    thirty = default_spec("alberta", 5)
    assert [(d.hands, d.sessions) for d in thirty.days] == [(30, (15, 15))]
    fifty = default_spec("alberta", 16, 50)
    assert [(d.hands, d.sessions) for d in fifty.days] == [(30, (15, 15)), (20, (20,))]
    assert fifty.day_of(30) == 1 and fifty.day_of(31) == 2
    assert fifty.last_hand_of_day(1) == 30 and fifty.last_hand_of_day(2) == 50


@settings(max_examples=60, deadline=None)
@given(tables=st.integers(3, 40), hands=st.integers(5, 120))
def test_alberta_players_travel_forty_to_sixty_percent(tables, hands):
    spec = default_spec("alberta", tables, hands)
    assert_balanced(spec)
    travelled = Counter(seat for plan in spec.pattern for seat in plan.travellers)
    for seat in "ABXY":
        assert 0.4 <= travelled[seat] / hands <= 0.6, (seat, travelled)


def test_alberta_partnerships_rotate():
    spec = default_spec("alberta", 8)
    pairs = Counter(frozenset(plan.travellers) for plan in spec.pattern)
    assert len(pairs) == 6 and set(pairs.values()) == {5}


def test_gaspesie_captain_stays_and_changes_partner():
    spec = default_spec("gaspesie", 11)
    assert all("C" not in plan.travellers for plan in spec.pattern)
    partners = Counter(Format.GASPESIE.home_pair(plan.travellers) for plan in spec.pattern)
    assert partners == {("C", "1"): 8, ("C", "2"): 8, ("C", "3"): 8}
    # Seed example: at the first manche players 1 and 3 travel, 2 plays with the captain.
    assert spec.plan(1).travellers == ("1", "3")
    # Consecutive manches never keep the same partnership.
    assert all(a.travellers != b.travellers for a, b in itertools.pairwise(spec.pattern))


def test_gaspesie_travellers_progress_one_table_a_manche():
    spec = default_spec("gaspesie", 11)
    assert [p.offset for p in spec.pattern[:12]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2]


def test_leader_chooses_trump():
    spec = default_spec("gaspesie", 4, leader_chooses_trump=True)
    assert all(p.leader_chooses_trump and p.trump_suit is None for p in spec.pattern)
    cycled = default_spec("alberta", 4)
    assert [p.trump for p in cycled.pattern[:5]] == [
        "spades",
        "hearts",
        "diamonds",
        "clubs",
        "spades",
    ]


def test_default_spec_refuses_too_few_tables():
    with pytest.raises(ValueError, match="at least 3 tables"):
        default_spec("alberta", 2)
    with pytest.raises(ValueError, match="at least 1 hand"):
        default_spec("alberta", 5, 0)


# --- hand-written files: every error names the place --------------------------------------


def spec_dict(**changes):
    data = default_spec("alberta", 4, 6).to_dict()
    data.update(changes)
    return data


def broken(mutate):
    data = spec_dict()
    mutate(data)
    with pytest.raises(PatternError) as info:
        load_spec(data)
    return str(info.value)


def test_round_trip():
    spec = default_spec("gaspesie", 7)
    assert load_spec(spec.to_dict()) == spec


def test_error_names_the_hand_for_a_bad_traveller():
    msg = broken(lambda d: d["pattern"][4].update(travellers=["A", "Q"]))
    assert msg.startswith("pattern, hand 5: travellers must be two different seats")


def test_error_names_the_hand_for_a_bad_offset_type():
    msg = broken(lambda d: d["pattern"][2].update(offset="far"))
    assert msg.startswith("pattern, hand 3: offset")


def test_error_names_the_hand_for_a_zero_offset():
    assert "pattern, hand 2: offset" in broken(lambda d: d["pattern"][1].update(offset=0))


def test_error_for_an_unknown_trump():
    assert "pattern, hand 1: trump" in broken(lambda d: d["pattern"][0].update(trump="stars"))


def test_error_for_a_travelling_captain():
    data = default_spec("gaspesie", 4).to_dict()
    data["pattern"][6]["travellers"] = ["C", "1"]
    with pytest.raises(PatternError, match="pattern, hand 7: the captain"):
        load_spec(data)


def test_error_for_hands_out_of_order():
    msg = broken(lambda d: d["pattern"][3].update(hand=9))
    assert "expected hand 4" in msg


def test_error_for_days_not_covering_the_pattern():
    msg = broken(lambda d: d.update(days=[{"hands": 5, "sessions": [5]}]))
    assert msg == "the days add up to 5 hands but the pattern has 6"


def test_error_for_sessions_not_covering_a_day():
    msg = broken(lambda d: d.update(days=[{"hands": 6, "sessions": [2, 2]}]))
    assert msg.startswith("days, day 1: sessions [2, 2]")


def test_error_for_missing_team():
    msg = broken(lambda d: d["teams"].pop())
    assert msg == "there are 4 tables but 3 teams"


def test_error_for_wrong_seats():
    msg = broken(lambda d: d["teams"][1].update(players={"A": "Ann", "B": "Bob"}))
    assert msg.startswith("teams, team 2: players must be exactly the seats A, B, X, Y")


def test_error_for_teams_out_of_order():
    def swap(d):
        d["teams"][0], d["teams"][1] = d["teams"][1], d["teams"][0]

    assert "teams, team 1: teams must be listed in table order" in broken(swap)


def test_error_for_missing_field_and_count_of_others():
    msg = broken(lambda d: (d.pop("name"), d.pop("tables")))
    assert msg.startswith("name: Field required") and "(and 1 more problem)" in msg


def test_error_for_unknown_key():
    assert "colour" in broken(lambda d: d.update(colour="red"))


def test_error_for_an_empty_pattern():
    msg = broken(lambda d: d.update(pattern=[], days=[{"hands": 1}]))
    assert msg == "the pattern has no hands"


def test_error_for_no_days():
    assert broken(lambda d: d.update(days=[])) == "the file needs at least one day"


def test_load_spec_refuses_a_non_table():
    with pytest.raises(PatternError):
        load_spec(["not", "a", "table"])  # type: ignore[arg-type]


def test_plan_out_of_range():
    spec = default_spec("alberta", 4, 6)
    with pytest.raises(PatternError, match="hand 7 is not in the pattern"):
        spec.plan(7)


def test_a_french_tournament_gets_french_placeholders():
    gaspesie = default_spec("gaspesie", 3)
    assert [team.name for team in gaspesie.teams] == ["Équipe 1", "Équipe 2", "Équipe 3"]
    assert gaspesie.name == "Whist militaire, 3 tables"
    alberta_fr = default_spec("alberta", 4, language="fr")
    assert alberta_fr.teams[3].name == "Équipe 4" and alberta_fr.name.startswith("Whist militaire")
    assert default_spec("alberta", 3).teams[0].name == "Team 1"
    assert default_spec("gaspesie", 3, language="en").teams[0].name == "Team 1"


def test_placeholder_names_in_either_language_are_not_said_twice():
    assert is_placeholder_name("Team 2", 2) and is_placeholder_name(" Équipe 2 ", 2)
    assert is_placeholder_name("", 2)
    assert not is_placeholder_name("Équipe 3", 2) and not is_placeholder_name("Les As", 2)
