"""Solo whist (docs/rules.md, SO): the contracts' values, over- and under-tricks, revokes,
refusals, and the payments against an independent reference: balances always add up to zero
(hypothesis)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from whist.errors import DealError
from whist.formats import ClubSettings, Format
from whist.formats.solo import RULES as SOLO
from whist.formats.solo import Contract

SEATS = ("N", "E", "S", "W")


def play(deals):
    table = SOLO.start()
    for fields in deals:
        table = SOLO.play(table, SOLO.record(fields))
    return table


def balances(table):
    return dict(zip(table.parties, table.score, strict=True))


def test_the_registry_names_solo():
    assert Format("solo").club is SOLO
    assert SOLO.parties == SEATS


@pytest.mark.parametrize(
    ("contract", "value", "needed"),
    [
        ("prop", 10, 8),
        ("solo", 10, 5),
        ("misere", 15, 0),
        ("abondance", 20, 9),
        ("royal_abondance", 20, 9),
        ("misere_ouverte", 30, 0),
        ("abondance_declaree", 40, 13),
    ],
)
def test_the_seeds_values(contract, value, needed):
    assert Contract(contract).value_points == value
    assert Contract(contract).tricks_needed == needed


def test_solo_made_exactly_each_defender_pays_the_bidder():
    table = play([{"contract": "solo", "bidder": "E", "bidder_tricks": 5}])
    assert balances(table) == {"N": -10, "E": 30, "S": -10, "W": -10}
    assert table.last.lines[1].why == "solo"


def test_overtricks_pay_the_bidder_and_undertricks_cost_him():
    made = play([{"contract": "abondance", "bidder": "S", "bidder_tricks": 11}])
    assert balances(made) == {"N": -22, "E": -22, "S": 66, "W": -22}  # 20 + 2 over
    failed = play([{"contract": "solo", "bidder": "S", "bidder_tricks": 2}])
    assert balances(failed) == {"N": 13, "E": 13, "S": -39, "W": 13}  # 10 + 3 under


def test_prop_and_cop_split_between_the_partners():
    made = play([{"contract": "prop", "bidder": "N", "partner": "W", "bidder_tricks": 9}])
    assert balances(made) == {"N": 11, "E": -11, "S": -11, "W": 11}
    failed = play([{"contract": "prop", "bidder": "N", "partner": "W", "bidder_tricks": 8 - 3}])
    assert balances(failed) == {"N": -13, "E": 13, "S": 13, "W": -13}


def test_misere_and_abondance_declaree_are_all_or_nothing():
    lost_one = play([{"contract": "misere", "bidder": "W", "bidder_tricks": 1}])
    assert balances(lost_one) == {"N": 15, "E": 15, "S": 15, "W": -45}
    spread = play([{"contract": "misere ouverte", "bidder": "W", "bidder_tricks": 0}])
    assert balances(spread) == {"N": -30, "E": -30, "S": -30, "W": 90}
    twelve = play([{"contract": "abondance_declaree", "bidder": "N", "bidder_tricks": 12}])
    assert balances(twelve) == {"N": -120, "E": 40, "S": 40, "W": 40}


def test_all_pass_throws_the_cards_in_and_the_deal_passes_left():
    table = play([{"contract": "pass"}])
    assert balances(table) == dict.fromkeys(SEATS, 0)
    assert table.dealer == "E" and table.deals == 1


def test_a_revoke_moves_three_tricks_against_the_revoker():
    # The bidder revokes: his 6 count as 3, two under a solo.
    table = play([{"contract": "solo", "bidder": "N", "bidder_tricks": 6, "revoker": "N"}])
    assert balances(table)["N"] == -36
    # A defender revokes: the bidder's 3 count as 6, one over.
    table = play([{"contract": "solo", "bidder": "N", "bidder_tricks": 3, "revoker": "E"}])
    assert balances(table)["N"] == 33
    # In a misère, more tricks go against the bidder: a clean misère becomes a failed one.
    table = play([{"contract": "misere", "bidder": "N", "bidder_tricks": 0, "revoker": "N"}])
    assert balances(table)["N"] == -45


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"contract": "prop", "bidder": "N", "bidder_tricks": 8}, "who accepted the proposal"),
        ({"contract": "solo", "bidder": "N", "partner": "S", "bidder_tricks": 5}, "played alone"),
        ({"contract": "prop", "bidder": "N", "partner": "N", "bidder_tricks": 8}, "own proposal"),
        ({"contract": "solo", "bidder_tricks": 5}, "who bid the contract"),
        ({"contract": "solo", "bidder": "N"}, "tricks the bidding side took"),
        ({"contract": "pass", "bidder": "N"}, "everyone passed"),
        ({"contract": "grand slam", "bidder": "N", "bidder_tricks": 5}, "contract must be one of"),
        ({"contract": "solo", "bidder": "X", "bidder_tricks": 5}, "one of the seats N, E, S, W"),
        ({"contract": "solo", "bidder": "N", "bidder_tricks": 14}, "must be 0 to 13"),
        ({"bidder": "N", "bidder_tricks": 5}, "enter the contract"),
        ({"contract": "solo", "bidder": "N", "bidder_tricks": 5, "ns_tricks": 5}, "no ns_tricks"),
    ],
)
def test_a_wrong_deal_is_refused_with_a_reason(fields, message):
    with pytest.raises(DealError, match=message):
        SOLO.record(fields)


def test_solo_has_no_target():
    with pytest.raises(DealError, match="no target"):
        SOLO.start(ClubSettings(target=100))


# --- against an independent reference ----------------------------------------------------------

#: contract: (value, tricks needed, the most tricks allowed, over- and under-tricks count)
REFERENCE = {
    "prop": (10, 8, 13, True),
    "solo": (10, 5, 13, True),
    "misere": (15, 0, 0, False),
    "abondance": (20, 9, 13, True),
    "royal_abondance": (20, 9, 13, True),
    "misere_ouverte": (30, 0, 0, False),
    "abondance_declaree": (40, 13, 13, False),
}


def reference_transfers(contract, bidder, partner, tricks, revoker):
    """Who pays whom: a list of (payer, payee, amount), pair by pair."""
    value, needed, most, per_trick = REFERENCE[contract]
    bidders = [bidder] if partner is None else [bidder, partner]
    defenders = [s for s in SEATS if s not in bidders]
    lose_is_goal = most == 0
    if revoker is not None:
        against = revoker in bidders
        if lose_is_goal:
            tricks += 3 if against else -3
        else:
            tricks += -3 if against else 3
        tricks = min(13, max(0, tricks))
    made = needed <= tricks <= most
    amount = value + (abs(tricks - needed) if per_trick else 0)
    if partner is None:
        pairs = [(d, bidder) for d in defenders]
    else:  # each defender settles with one partner
        pairs = list(zip(defenders, bidders, strict=True))
    return [(d, b, amount) if made else (b, d, amount) for d, b in pairs]


@st.composite
def solo_deals(draw):
    contract = draw(st.sampled_from([*REFERENCE, "pass"]))
    if contract == "pass":
        return {"contract": "pass"}, None
    bidder = draw(st.sampled_from(SEATS))
    partner = None
    if contract == "prop":
        partner = draw(st.sampled_from([s for s in SEATS if s != bidder]))
    tricks = draw(st.integers(0, 13))
    revoker = draw(st.none() | st.sampled_from(SEATS))
    fields = {"contract": contract, "bidder": bidder, "bidder_tricks": tricks}
    if partner:
        fields["partner"] = partner
    if revoker:
        fields["revoker"] = revoker
    return fields, (contract, bidder, partner, tricks, revoker)


@given(st.lists(solo_deals(), max_size=25))
def test_balances_match_a_reference_and_always_add_up_to_zero(deals):
    expected = dict.fromkeys(SEATS, 0)
    table = SOLO.start()
    for fields, ref in deals:
        if ref is not None:
            for payer, payee, amount in reference_transfers(*ref):
                expected[payer] -= amount
                expected[payee] += amount
        table = SOLO.play(table, SOLO.record(fields))
        assert sum(table.score) == 0
        assert sum(table.night_points) == 0
    assert balances(table) == expected
