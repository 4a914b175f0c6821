"""The core's draft of a partnership club deal (whist.formats.draft), for each partnership
game: what its schema lets a table choose, when the deal is complete, what it sends (and that
the game itself reads it), and a recorded deal filled in again."""

from __future__ import annotations

import pytest

from whist.formats import Format
from whist.formats.draft import PartnershipDraft, choice_pages, count_page, entry_of
from whist.night import club_rules
from whist.nightspec import default_night, load_night

#: Each partnership game: its choice before the tricks (field, a value), and its honours.
GAMES = {
    "minnesota": (("granded", "EW"), False),
    "english": (("trump", "hearts"), True),
    "american": (("trump", "spades"), False),
}


def schema(game: str):
    return Format(game).club.entry


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_is_complete_once_the_choice_and_the_tricks_are_in(game):
    (field, value), honours = GAMES[game]
    s = schema(game)
    before, after = choice_pages(s)
    assert before is not None and before.field == field
    assert (after is not None) == honours
    assert count_page(s) is not None and count_page(s).derived == "ew_tricks"
    d = PartnershipDraft(deal=2)
    assert not d.complete(s)
    d = d.with_tricks(9)
    assert d.ew_tricks == 4 and not d.complete(s)  # the choice is still to make
    d = d.choose(s, field, value)
    assert d.complete(s)
    assert d.record(s).fields() == {field: value, "ns_tricks": 9}


@pytest.mark.parametrize("game", GAMES)
def test_what_is_sent_is_what_the_game_reads(game):
    (field, value), honours = GAMES[game]
    s = schema(game)
    d = PartnershipDraft(deal=1).choose(s, field, value).with_tricks(5).with_revokes("EW", 1)
    if honours:
        d = d.choose(s, "honours", "NS4")
    record = d.record(s).fields()
    expected = {field: value, "ns_tricks": 5, "ew_revokes": 1}
    if honours:
        expected |= {"honours": "NS", "honours_held": 4}
    assert record == expected
    Format(game).club.record(record)  # the game's own reading takes it, refusing nothing
    # filled in again from what was recorded (a refused deal, a leader's correction)
    assert PartnershipDraft.of(1, record) == PartnershipDraft(
        deal=1,
        ns_tricks=5,
        ew_revokes=1,
        honours="NS4" if honours else "none",
        **{field: value},
    )


@pytest.mark.parametrize("game", GAMES)
def test_a_choice_the_game_does_not_offer_changes_nothing(game):
    s = schema(game)
    d = PartnershipDraft(deal=1)
    assert d.choose(s, "trump", "stars") == d
    assert d.choose(s, "granded" if game != "minnesota" else "trump", "NS") == d
    assert (d.choose(s, "honours", "EW3") == d) != GAMES[game][1]
    assert d.with_tricks(14) == d and d.with_tricks(-1) == d
    assert d.with_revokes("NS", 99).ns_revokes == 13 and d.with_revokes("NS", -2).ns_revokes == 0


@pytest.mark.parametrize("game", GAMES)
def test_both_sides_agree_and_a_change_asks_them_again(game):
    (field, value), _ = GAMES[game]
    s = schema(game)
    d = PartnershipDraft(deal=1).choose(s, field, value).with_tricks(7).agree("NS")
    assert not d.agreed
    assert d.agree("EW").agreed
    assert not d.agree("EW").with_tricks(8).agreed


@pytest.mark.parametrize("game", GAMES)
def test_the_schema_is_the_one_the_hub_publishes(game):
    night = load_night(default_night(game, 2).to_dict())
    rules = club_rules(night)
    assert entry_of(rules) == schema(game)
    assert entry_of(rules.model_copy(update={"entry": None})) == schema(game)
