"""The core's drafts of a club deal being entered (whist.formats.draft).

For each partnership game (PartnershipDraft): what its schema lets a table choose, when the
deal is complete, what it sends (and that the game itself reads it), a recorded deal filled in
again. For each game played each for oneself (PlayersEntry): a deal tapped in page by page is
one the core records, the last player's count is the rest, a count never leaves less than
none for the players after."""

from __future__ import annotations

import pytest

from tests.clubnight import club_night
from whist.events import DealRecorded
from whist.formats import Format
from whist.formats.draft import (
    PartnershipDraft,
    PlayersDraft,
    PlayersEntry,
    choice_pages,
    count_page,
    entry_of,
)
from whist.night import club_rules, club_score
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


# ------------------------------------------------------------------ each for oneself

ALONE = ("widow", "solo", "knockout", "eight-to-one")


def entry(game: str):
    night = club_night(game, 2)
    score = club_score(night, 1)
    return night, PlayersEntry(score, PlayersDraft(deal=score.deal))


@pytest.mark.parametrize("game", ALONE)
def test_a_deal_tapped_page_by_page_is_one_the_core_records(game):
    night, e = entry(game)
    taps = 0
    while not e.done:
        step = e.step
        assert e.count(0) if step.is_count else e.choose(0)
        taps += 1
    assert taps == len(e.steps)
    fields = e.record().fields()
    night.apply(DealRecorded("d-1", 1, e.draft.deal, fields))  # the core takes it
    assert night.recorded(1, e.draft.deal).record == fields
    # refused, it is entered again from what was sent, on its first page
    again = PlayersEntry.again(e.score, e.draft.deal, e.record())
    assert again.draft.page == 0 and again.record() == e.record()


@pytest.mark.parametrize("game", ("widow", "knockout"))
def test_the_last_players_tricks_are_the_rest(game):
    _, e = entry(game)
    while not e.step.is_count:
        e.choose(0)
    page = e.step.page
    seats = e.asked(page)
    assert e.allowed(e.step) == e.cards
    assert e.count(e.cards - 2)
    assert not e.count(3)  # more than is left to share out
    assert e.allowed(e.step) == 2 and e.count(2)
    while not e.done and e.step.page == page:
        assert e.allowed(e.step) == 0 and e.count(0)
    final = e.final()
    assert [final[page.key(s)] for s in seats] == [e.cards - 2, 2, *[0] * (len(seats) - 2)]
    assert e.rest(page) == 0
