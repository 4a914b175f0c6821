"""Movements: one visiting pair per table per hand, nobody visits home."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whist.movement import host_table, progression, resolve_offset, visiting_team


@given(tables=st.integers(3, 120), offset=st.integers(1, 400))
def test_every_table_hosts_exactly_one_pair_and_nobody_visits_itself(tables, offset):
    hosts = [host_table(team, offset, tables) for team in range(1, tables + 1)]
    assert sorted(hosts) == list(range(1, tables + 1))
    assert all(host != team for team, host in enumerate(hosts, start=1))
    for team, host in enumerate(hosts, start=1):
        assert visiting_team(host, offset, tables) == team


def test_gaspesie_eleven_tables_manche_eleven_goes_two_tables():
    offsets = progression(24, tables=11)
    assert offsets[9] == 10 and offsets[10] == 1  # manche 10 then 11: two tables on
    assert offsets[:10] == list(range(1, 11))
    assert offsets[10:20] == list(range(1, 11))
    assert 0 not in offsets


def test_an_offset_landing_at_home_goes_one_table_further():
    assert resolve_offset(11, 11) == 1
    assert resolve_offset(22, 11) == 1
    assert resolve_offset(12, 11) == 1
    assert host_table(4, 11, 11) == 5


def test_wrapping_round_the_hall():
    assert host_table(9, 3, 10) == 2
    assert host_table(10, 1, 10) == 1


@pytest.mark.parametrize(("offset", "tables"), [(0, 5), (-1, 5), (1, 1)])
def test_impossible_movements(offset, tables):
    with pytest.raises(ValueError):
        resolve_offset(offset, tables)
