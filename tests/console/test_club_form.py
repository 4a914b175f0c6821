"""Issue 22: the console's form of a deal of Widow, Solo, Knockout or 8-to-1 is the core's
``PlayersForm`` (the kiosk's entry on one page): for each game a correction entered and saved
through the core, a count over the limit refused by the form, the last player's count the rest
of the round's cards (shown, not stepped)."""

from __future__ import annotations

from console.viewmodel import Screen
from tests.clubnight import club_night, play
from tests.console.test_club import console
from tests.console.test_club_individual import KNOCKOUT, WIDOW, sent

MINUS, PLUS = 0, 2  # a stepper's buttons: minus, the count, plus (8-to-1: then the tricks')


def correcting(game: str, record: dict[str, str | int], house_rules: tuple[str, ...] = ()):
    night = club_night(game, 1, house_rules=house_rules)
    play(night, 1, record)
    p, link = console(night)
    p.tables.open_table(1)
    link.deliver()
    p.deals.open_deal(1)
    assert p.view.screen is Screen.DEAL
    return night, p, link


def row(p, label: str):
    return next(r for r in p.view.deal.counts if r.label == label)


def save(p, link, night) -> dict[str, str | int]:
    p.deal.reason_preset(0)
    assert p.view.deal.save.enabled
    p.deal.confirm_deal()
    link.deliver()
    link.deliver()
    assert p.view.message.text == "Table 1, deal 1: saved. The scores follow."
    fixed = night.recorded(1, 1)
    assert fixed is not None and fixed.corrected
    return dict(fixed.record)


def test_widow_the_last_players_tricks_are_the_rest_of_thirteen():
    night, p, link = correcting("widow", WIDOW)
    harold = row(p, "Harold")  # the last seat: 13 - 3 - 6
    assert [b.text for b in harold.buttons] == ["\N{MINUS SIGN}", "4 tricks", "+"]
    assert not harold.buttons[MINUS].enabled and not harold.buttons[PLUS].enabled
    for _ in range(5):  # 3 up to 7, all Margaret's 6 leave; the fifth tap is refused
        p.deal.deal_step("tricks_1:1")
    eleanor = row(p, "Eleanor")
    assert eleanor.buttons[1].text == "7 tricks" and not eleanor.buttons[PLUS].enabled
    assert row(p, "Harold").buttons[1].text == "0 tricks"
    p.deal.deal_step("tricks_3:1")  # the rest is not stepped
    p.deal.deal_step("tricks_2:-1")
    p.deal.deal_choose("widow=1")
    p.deal.deal_choose("widow=9")  # no such player: refused
    assert p.view.deal.readout.splitlines()[0] == (
        "widow: Eleanor · tricks Eleanor 7, Margaret 5, Harold 1"
    )
    assert save(p, link, night) == {"widow": "1", "tricks_1": 7, "tricks_2": 5, "tricks_3": 1}


def test_solo_a_correction_and_the_tricks_held_within_thirteen():
    record = {"contract": "solo", "bidder": "N", "bidder_tricks": 6}
    night, p, link = correcting("solo", record)
    tricks = row(p, "Tricks made")
    assert tricks.buttons[MINUS].enabled and tricks.buttons[PLUS].enabled  # no rest here
    for _ in range(8):  # 6 up to 13; the eighth tap is refused
        p.deal.deal_step("bidder_tricks:1")
    tricks = row(p, "Tricks made")
    assert tricks.buttons[1].text == "13 tricks" and not tricks.buttons[PLUS].enabled
    p.deal.deal_choose("bidder=E")
    p.deal.deal_choose("revoker=S")
    assert save(p, link, night) == {
        "contract": "solo",
        "bidder": "E",
        "bidder_tricks": 13,
        "revoker": "S",
    }


def test_knockout_the_tricks_add_up_to_seven_and_a_new_round_is_the_hubs():
    night, p, link = correcting("knockout", KNOCKOUT)
    assert row(p, "Gérard").buttons[1].text == "0 tricks"  # 7 - 3 - 4 - 0
    p.deal.deal_step("tricks_1:1")  # Margaret's 4 and Eleanor's 3 take all seven: refused
    assert row(p, "Eleanor").buttons[1].text == "3 tricks"
    assert not row(p, "Eleanor").buttons[PLUS].enabled
    p.deal.deal_step("tricks_2:-1")
    p.deal.deal_step("tricks_2:-1")
    p.deal.deal_step("tricks_1:1")
    assert row(p, "Gérard").buttons[1].text == "1 trick"
    assert save(p, link, night) == {"tricks_1": 4, "tricks_2": 2, "tricks_3": 0, "tricks_4": 1}


def test_knockout_entering_the_next_round_for_the_table():
    # the traditional game: Harold and Gérard took no trick and are out; round 2 deals six
    night = club_night("knockout", 1, house_rules=("knockout_rounds",))
    play(night, 1, KNOCKOUT)
    p, link = console(night)
    p.tables.open_table(1)
    link.deliver()
    p.deals.open_enter()
    assert [r.label for r in p.view.deal.counts if r.label] == ["Eleanor", "Margaret"]
    for _ in range(7):
        p.deal.deal_step("tricks_1:1")
    assert row(p, "Eleanor").buttons[1].text == "6 tricks"
    assert row(p, "Margaret").buttons[1].text == "0 tricks"
    p.deal.reason_preset(0)
    p.deal.confirm_deal()
    assert sent(link).record.fields() == {"tricks_1": 6, "tricks_2": 0}


def test_eight_to_one_bids_within_the_rounds_cards_and_the_last_tricks_the_rest():
    bids = {"bid_N": 2, "bid_E": 2, "bid_S": 2, "bid_W": 1}
    night, p, link = correcting("eight-to-one", {**bids, **{f"tricks_{s}": 2 for s in "NESW"}})
    gerard = row(p, "Gérard")  # West, the last seat: his tricks are the rest of eight
    assert [b.text for b in gerard.buttons][3:] == ["\N{MINUS SIGN}", "2 tricks", "+"]
    assert not gerard.buttons[3].enabled and not gerard.buttons[5].enabled
    for _ in range(7):  # round 1 deals eight cards: a bid of 2 goes up to 8, no further
        p.deal.deal_step("bid_N:1")
    assert row(p, "Eleanor").buttons[1].text == "bid 8"
    assert not row(p, "Eleanor").buttons[PLUS].enabled
    for _ in range(3):  # Eleanor's 2 tricks up to 4: Margaret's and Harold's leave no more
        p.deal.deal_step("tricks_N:1")
    assert row(p, "Eleanor").buttons[4].text == "4 tricks"
    assert row(p, "Gérard").buttons[4].text == "0 tricks"
    p.deal.deal_step("tricks_N:-1")
    fixed = save(p, link, night)
    assert (fixed["bid_N"], fixed["tricks_N"], fixed["tricks_W"]) == (8, 3, 1)
