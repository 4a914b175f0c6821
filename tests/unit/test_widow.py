"""Widow whist (docs/rules.md, WI): the seed's examples, refusals, and the running score
against an independent reference (hypothesis)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whist.errors import DealError
from whist.formats import ClubSettings, Format
from whist.formats.widow import RULES as WIDOW
from whist.formats.widow import widow_points


def deal(widow, t1, t2, t3):
    return {"widow": widow, "tricks_1": t1, "tricks_2": t2, "tricks_3": t3}


def play(deals, settings=None):
    table = WIDOW.start(settings)
    for fields in deals:
        table = WIDOW.play(table, WIDOW.record(fields))
    return table


def test_the_registry_names_widow():
    assert Format("widow").club is WIDOW
    assert WIDOW.seats == ("1", "2", "3") and WIDOW.parties == WIDOW.seats


def test_seed_examples_with_the_widow():
    # "If you picked up the widow … 2 tricks = -2 pts, 4 tricks = 0 pts, 5 tricks = 1 pt"
    assert [widow_points(t, took_widow=True) for t in (2, 4, 5)] == [-2, 0, 1]
    for taken, points in ((2, -2), (4, 0), (5, 1)):
        rest = 13 - taken
        table = play([deal("1", taken, rest - rest // 2, rest // 2)])
        assert table.score_of("1") == points


def test_seed_examples_without_the_widow():
    # "If you didn't pick up the widow … 4 tricks = 1 point, 5 = 2 pts"
    assert [widow_points(t, took_widow=False) for t in (4, 5)] == [1, 2]
    table = play([deal("", 4, 5, 4)])
    assert (table.score_of("1"), table.score_of("2"), table.score_of("3")) == (1, 2, 1)


def test_a_whole_deal_scored_and_the_deal_passes_left():
    # Seat 2 took the widow and made 6: 6 - 4 = 2; seat 1 3 - 3 = 0; seat 3 4 - 3 = 1.
    table = play([deal("2", 3, 6, 4)])
    assert [(line.party, line.points, line.why) for line in table.last.lines] == [
        ("1", 0, "tricks"),
        ("2", 2, "widow"),
        ("3", 1, "tricks"),
    ]
    assert table.dealer == "2"
    assert play([deal("", 5, 4, 4)] * 3).dealer == "1"  # 1 -> 2 -> 3 -> 1
    assert table.night_points_of("2") == 2


def test_scores_go_below_zero():
    table = play([deal("3", 7, 6, 0)] * 2)
    assert table.score_of("3") == -8 and table.night_points_of("3") == -8


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (deal("", 4, 4, 4), "make 12, but this deal has 13 tricks"),
        (deal("4", 4, 5, 4), "the widow's taker must be one of the seats 1, 2, 3"),
        ({**deal("", 4, 5, 4), "ns_tricks": 6}, "Widow whist has no ns_tricks to enter"),
        ({**deal("", 4, 5, 4), "tricks_4": 1}, "Widow whist has no tricks_4 to enter"),
        (deal("", 14, 0, 0), "1's tricks must be 0 to 13"),
    ],
)
def test_a_wrong_deal_is_refused_with_a_reason(fields, message):
    with pytest.raises(DealError, match=message):
        WIDOW.record(fields)


def test_widow_has_no_target_and_no_games():
    with pytest.raises(DealError, match="no target"):
        WIDOW.start(ClubSettings(target=10))
    assert WIDOW.lengths == ("deals", "open")
    assert "none" not in WIDOW.seats
    assert WIDOW.record(deal("none", 4, 5, 4)).widow is None


# --- against an independent reference ----------------------------------------------------------


@st.composite
def widow_deals(draw):
    first = draw(st.integers(0, 13))
    second = draw(st.integers(0, 13 - first))
    widow = draw(st.sampled_from(["", "1", "2", "3"]))
    return widow, (first, second, 13 - first - second)


@given(st.lists(widow_deals(), max_size=30))
def test_running_scores_match_a_reference(deals):
    totals = {"1": 0, "2": 0, "3": 0}
    for widow, tricks in deals:
        for seat, taken in zip(("1", "2", "3"), tricks, strict=True):
            totals[seat] += taken - (4 if seat == widow else 3)
    table = play([deal(w, *t) for w, t in deals])
    assert dict(zip(table.parties, table.score, strict=True)) == totals
    assert table.night_points == table.score
    # Three players each needing three (one of them four) out of 13 tricks.
    assert sum(totals.values()) == sum(13 - 9 - bool(w) for w, _ in deals)
    assert table.dealer == ("1", "2", "3")[len(deals) % 3]
