"""Scoring rules, one worked example per line of the rule books."""

import pytest

from tests.fresh import fresh_python
from whist.formats import (
    Format,
    alberta_flags_won,
    alberta_visitor_tricks,
    gaspesie_points,
)


@pytest.mark.parametrize(
    ("tricks", "flags"),
    [(0, 0), (6, 0), (7, 1), (8, 1), (9, 1), (10, 2), (11, 2), (12, 2), (13, 2)],
)
def test_alberta_only_visitors_win_flags(tricks, flags):
    assert alberta_flags_won(tricks) == flags


def test_alberta_revoke_gives_two_tricks_to_the_other_side():
    # Visitors took 6, home revoked once: 8 tricks, one flag.
    assert alberta_visitor_tricks(6, revokes_home=1) == 8
    assert alberta_flags_won(6, revokes_home=1) == 1
    # Visitors took 8 but revoked once: 6 tricks, no flag.
    assert alberta_flags_won(8, revokes_visitors=1) == 0
    # Two home revokes turn 6 into 10: two flags.
    assert alberta_flags_won(6, revokes_home=2) == 2
    # Both sides revoked once: the penalties cancel.
    assert alberta_flags_won(7, revokes_home=1, revokes_visitors=1) == 1


def test_alberta_penalty_tricks_stay_within_a_deal():
    assert alberta_visitor_tricks(12, revokes_home=2) == 13
    assert alberta_visitor_tricks(1, revokes_visitors=1) == 0


@pytest.mark.parametrize("bad", [-1, 14])
def test_alberta_refuses_impossible_tricks(bad):
    with pytest.raises(ValueError, match="0 to 13"):
        alberta_flags_won(bad)


def test_negative_revokes_refused():
    with pytest.raises(ValueError, match="negative"):
        alberta_flags_won(7, revokes_home=-1)


@pytest.mark.parametrize(
    ("visitor_tricks", "points"),
    [(7, (0, 1)), (6, (1, 0)), (13, (0, 2)), (0, (2, 0)), (12, (0, 1)), (1, (1, 0))],
)
def test_gaspesie_the_side_with_seven_tricks_wins_the_manche(visitor_tricks, points):
    assert gaspesie_points(visitor_tricks) == points


def test_gaspesie_revoke_gives_the_point_to_the_other_side():
    assert gaspesie_points(10, revokes_visitors=1) == (1, 0)
    assert gaspesie_points(2, revokes_home=1) == (0, 1)
    # The innocent side's grand slam still counts double.
    assert gaspesie_points(13, revokes_home=1) == (0, 2)


def test_gaspesie_signalling_penalty_gives_the_point_away():
    assert gaspesie_points(9, penalty="visitors") == (1, 0)
    assert gaspesie_points(3, penalty="home") == (0, 1)


def test_gaspesie_faults_on_both_sides_cancel():
    assert gaspesie_points(8, revokes_home=1, revokes_visitors=2) == (0, 1)
    assert gaspesie_points(8, revokes_home=1, penalty="visitors") == (0, 1)


def test_gaspesie_bad_penalty_side():
    with pytest.raises(ValueError, match="penalty side"):
        gaspesie_points(7, penalty="north")


def test_format_seats():
    assert Format.ALBERTA.seats == ("A", "B", "X", "Y")
    assert Format.GASPESIE.seats == ("C", "1", "2", "3")
    assert Format.GASPESIE.stay_at_home == {"C"}
    assert Format.ALBERTA.home_pair(("A", "X")) == ("B", "Y")
    assert Format.GASPESIE.travellers_progress and not Format.ALBERTA.travellers_progress


def test_each_format_is_military_or_a_club_game_as_its_module_says():
    """Format.is_club is known without loading the module; it must agree with the module."""
    from whist.formats import ClubGame, GameFormat

    for fmt in Format:
        assert isinstance(fmt.game, ClubGame if fmt.is_club else GameFormat), fmt


def test_the_lists_of_formats_load_no_club_game():
    """A hub of military whist never loads the club games' rules (issue 22, its memory):
    listing the formats, or reading a military one's rules, loads none of them."""
    code = (
        "import sys\n"
        "from whist.formats import Format\n"
        "Format.military(), Format.club_games(), Format.ALBERTA.rules, Format.GASPESIE.rules\n"
        "print(sorted(f.value for f in Format\n"
        "      if 'whist.formats.' + f.value.replace('-', '_') in sys.modules))\n"
    )
    assert fresh_python(code) == "['alberta', 'gaspesie']"
