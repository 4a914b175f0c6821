"""The leader's console on a night of Widow, Solo, Knockout or 8-to-1: tables by progress with
players by name, a table's deals by name, and the correction form of these games' fields (the
choices, each player's counts), answered by the core through tests.clubnight.ClubLink."""

from __future__ import annotations

from console.viewmodel import Screen
from tests.clubnight import club_night, play
from tests.console.test_club import console
from whist.protocol import CorrectDeal

WIDOW = {"widow": "2", "tricks_1": 3, "tricks_2": 6, "tricks_3": 4}
KNOCKOUT = {"tricks_1": 3, "tricks_2": 4, "tricks_3": 0, "tricks_4": 0}


def sent(link) -> CorrectDeal:
    (command,) = [c for c in link.sent if isinstance(c, CorrectDeal)]
    return command


def test_tables_by_progress_with_players_by_name_and_no_target():
    night = club_night("knockout", 3, house_rules=("knockout_rounds",))
    play(night, 1, KNOCKOUT)
    p, _ = console(night, offline=[3])
    v = p.view.night
    assert v.title == "Knockout whist"
    order = [(t.table, t.status) for t in v.tables]
    assert order == [("3", "Offline"), ("2", "Not started"), ("1", "Playing")]
    one = v.tables[-1]
    # the four players seated, not Knockout's seven seats, each with their total so far
    assert one.players == "Eleanor 3 · Margaret 4 · Harold 0 · Gérard 0"
    # the round the table plays next, as the core has it (Knockout: one card fewer a round)
    assert one.progress == "round 2: 6 cards each · 1 round"  # a game in rounds counts rounds
    # a table not started yet is on round 1, its players by name alone
    assert v.tables[1].progress.startswith("round 1: 7 cards each · 0 rounds")
    assert v.tables[1].players == "Dorothy · Thérèse · Albert · Walter"


def test_a_widow_deal_by_name_and_its_correction():
    night = club_night("widow", 2)
    play(night, 1, WIDOW)
    p, link = console(night)
    p.tables.open_table(1)
    link.deliver()
    row = p.view.deals.rows[0]
    assert row.entered == "widow: Margaret · tricks Eleanor 3, Margaret 6, Harold 4"
    assert row.scored == "Eleanor +0 (tricks), Margaret +2 (with the widow), Harold +1 (tricks)"
    p.deals.open_deal(1)
    form = p.view.deal
    assert p.view.screen is Screen.DEAL
    assert form.tricks_label == "" and form.revokes_label == ""  # no partnership rows
    assert form.choices[0].label == "Took the widow"
    assert [b.text for b in form.choices[0].buttons] == ["Eleanor", "Margaret", "Harold", "Nobody"]
    assert [c.label for c in form.counts if c.label] == ["Eleanor", "Margaret", "Harold"]
    assert [b.text for b in form.counts[0].buttons] == ["\N{MINUS SIGN}", "3 tricks", "+"]
    p.deal.deal_choose("widow=none")
    p.deal.deal_step("tricks_1:1")
    p.deal.deal_step("tricks_2:-1")
    p.deal.reason_preset(0)
    assert p.view.deal.readout == (  # before and after (issue 25)
        "widow: nobody · tricks Eleanor 4, Margaret 5, Harold 4\n"
        "As recorded: widow: Margaret · tricks Eleanor 3, Margaret 6, Harold 4"
    )
    assert p.view.deal.save.enabled
    p.deal.confirm_deal()
    assert sent(link).record.fields() == {
        "tricks_1": 4,
        "tricks_2": 5,
        "tricks_3": 4,
        "widow": "none",
    }
    link.deliver()
    link.deliver()
    assert night.recorded(1, 1).record["widow"] == "none"


def test_entering_a_solo_deal_for_a_table():
    night = club_night("solo", 2)
    p, link = console(night, offline=[2])
    p.tables.open_table(2)
    link.deliver()
    p.deals.open_enter()
    form = p.view.deal
    assert len(form.choices[0].buttons) == 8 and form.choices[1].label == ""
    assert not form.save.enabled
    p.deal.deal_choose("contract=prop")
    p.deal.deal_choose("bidder=N")
    labels = [c.label for c in p.view.deal.choices if c.label]
    assert labels == ["Contract", "Bidder", "Partner", "Revoke"]
    assert [b.text for b in p.view.deal.choices[2].buttons] == ["Thérèse", "Albert", "Walter"]
    p.deal.deal_choose("partner=S")
    for _ in range(8):
        p.deal.deal_step("bidder_tricks:1")
    p.deal.set_reason("sheet")
    assert p.view.deal.readout == "prop and cop: Dorothy & Albert · 8 tricks"
    p.deal.confirm_deal()
    assert sent(link).record.fields() == {
        "contract": "prop",
        "bidder": "N",
        "partner": "S",
        "bidder_tricks": 8,
    }
    link.deliver()
    link.deliver()
    assert night.recorded(2, 1) is not None


def test_an_eight_to_one_form_has_each_players_bid_and_tricks_the_last_ones_the_rest():
    night = club_night("eight-to-one", 2)
    p, link = console(night)
    p.tables.open_table(1)
    link.deliver()
    p.deals.open_enter()
    # the bids in the order they are made: from the dealer's left (Eleanor, North, deals
    # first and bids last: the entry schema's Page.from_dealer)
    assert [r.label for r in p.view.deal.counts if r.label] == [
        "Margaret",
        "Harold",
        "Gérard",
        "Eleanor",
    ]
    row = p.view.deal.counts[0]
    assert [b.text for b in row.buttons] == [
        "\N{MINUS SIGN}",
        "bid \N{EN DASH}",
        "+",
        "\N{MINUS SIGN}",
        "\N{EN DASH} tricks",
        "+",
    ]
    for seat in "NESW":
        p.deal.deal_step(f"bid_{seat}:1")
        p.deal.deal_step(f"tricks_{seat}:1")  # West's tricks are the rest: not stepped
    p.deal.set_reason("sheet")
    # round 1 deals eight cards: West (Gérard) took the other five, as the core's form says
    gerard = p.view.deal.counts[2]
    assert gerard.label == "Gérard" and gerard.buttons[4].text == "5 tricks"
    assert not gerard.buttons[3].enabled and not gerard.buttons[5].enabled
    p.deal.confirm_deal()
    link.deliver()
    link.deliver()
    assert p.view.message.text == "Table 1, deal 1: saved. The scores follow."
    assert sent(link).record.fields()["tricks_W"] == 5


def test_the_console_in_french():
    night = club_night("solo", 1)
    play(night, 1, {"contract": "misere", "bidder": "E", "bidder_tricks": 0})
    p, link = console(night, language="fr")
    p.tables.open_table(1)
    link.deliver()
    assert p.view.deals.rows[0].entered == "misère\u00a0: Margaret · 0 levée"
    p.deals.open_deal(1)
    assert p.view.deal.choices[0].label == "Contrat"


def test_the_night_screen_lists_the_house_rules_by_their_names():
    p, _ = console(club_night("widow", 2, house_rules=("must_play_a_club",)))
    detail = p.view.night.detail.splitlines()
    assert detail[1] == (
        "House rule: a player who has none of the suit led must play a club if they have one."
        " (must_play_a_club)"
    )
    p, _ = console(club_night("widow", 2))
    assert len(p.view.night.detail.splitlines()) == 1  # the seed's rules: nothing more


def test_the_solo_form_is_drawn_from_the_entry_schema_and_says_its_contracts_in_french():
    """Issue 22: no contract list lives in the console: the choices are the schema's pages
    and options (their names from the schema's catalog), a page shows once what it depends
    on is entered, and what no longer applies goes (everyone passed: no bidder)."""
    night = club_night("solo", 1)
    p, link = console(night, language="fr")
    p.tables.open_table(1)
    link.deliver()
    p.deals.open_enter()
    contract = p.view.deal.choices[0]
    assert contract.label == "Contrat"
    assert [b.text for b in contract.buttons][:3] == ["Tous passent", "Emballage", "Solo"]
    assert contract.args[1] == "contract=prop"
    p.deal.deal_choose("contract=solo")
    p.deal.deal_choose("bidder=E")
    assert [c.label for c in p.view.deal.choices if c.label] == ["Contrat", "Demandeur", "Renonce"]
    p.deal.deal_choose("contract=pass")
    assert p.router.draft is not None and p.router.draft.fields() == {"contract": "pass"}
    assert p.view.deal.readout == "tous passent"


def test_an_eight_to_one_correction_lists_the_bids_from_that_deals_dealer():
    night = club_night("eight-to-one", 1)
    play(
        night,
        1,
        {"bid_N": 2, "bid_E": 2, "bid_S": 2, "bid_W": 1, **{f"tricks_{s}": 2 for s in "NESW"}},
    )
    p, link = console(night)
    p.tables.open_table(1)
    link.deliver()
    p.deals.open_deal(1)  # dealt by North: East bids first
    assert next(r.label for r in p.view.deal.counts if r.label) == "Margaret"
    assert p.view.deal.readout.startswith("bids Margaret 2, Harold 2, Gérard 1, Eleanor 2")
    p.router.back()
    p.deals.open_enter()  # the next is dealt by East: South bids first
    assert next(r.label for r in p.view.deal.counts if r.label) == "Harold"


def test_the_nights_default_name_is_in_the_consoles_language():
    # issue 29: the console's top bar says the name `whist-hub new` wrote in its language
    night = club_night("eight-to-one", 3)
    assert console(night)[0].view.header.tournament == "8-to-1 bidding whist, 3 tables"
    fr, _ = console(night, language="fr")
    assert fr.view.header.tournament == "Whist à enchères 8 à 1, 3 tables"
    named = club_night("solo", 2, name="Soirée du mardi")
    assert console(named)[0].view.header.tournament == "Soirée du mardi"
