"""House rules (docs/rules.md, "House rules"; issue 24): a traditional refinement a seed does
not state is a named option in the night's file, off by default, and the rules summary the
sheets print says so when it is on. American whist's first: a side that revoked cannot win
the game with that deal (US6)."""

import pytest

from whist.errors import PatternError
from whist.events import DealRecorded, NightCreated
from whist.formats import Format
from whist.formats.base import ClubSettings
from whist.formats.words import say_all
from whist.night import ClubNight
from whist.nightspec import default_night, load_night
from whist.paper import club_sheet_pages

AMERICAN = Format.AMERICAN.club
HOUSE_RULE = "revoke_cannot_win"


def at_five_then_revoke_and_take_ten(settings):
    """NS reach 5 (11 tricks), then revoke once and take 10 tricks: 5 - 2 + 4 = 7."""
    table = AMERICAN.start(settings)
    table = AMERICAN.play(table, AMERICAN.record({"ns_tricks": 11}))
    return AMERICAN.play(table, AMERICAN.record({"ns_tricks": 10, "ns_revokes": 1}))


def test_by_the_seed_a_side_that_revoked_at_five_wins_with_ten_tricks():
    """US4: the seed's revoke costs its two points and no more; the first to seven wins."""
    table = at_five_then_revoke_and_take_ten(ClubSettings())
    assert table.last is not None and table.last.game_won_by == "NS"
    assert table.games_of("NS") == 1
    assert table.night_points_of("NS") == 7 - 2  # the difference, EW having gained the 2
    assert table.last.unscored == ()


def test_with_the_house_rule_the_revokers_stop_one_short():
    table = at_five_then_revoke_and_take_ten(ClubSettings(house_rules=frozenset({HOUSE_RULE})))
    assert table.last is not None and table.last.game_won_by is None
    assert (table.score_of("NS"), table.score_of("EW"), table.games_of("NS")) == (6, 2, 0)
    assert [line.points for line in table.last.unscored] == [1]  # shown as not scored (C4)


def test_the_night_s_file_names_the_house_rule_and_its_tables_play_it():
    plain = default_night("american", 1)
    assert "house_rules" not in plain.to_dict()  # a night of the seed's rules, as before
    spec = load_night({**plain.to_dict(), "house_rules": [HOUSE_RULE]})
    assert spec.to_dict()["house_rules"] == [HOUSE_RULE]
    assert load_night(spec.to_dict()) == spec
    for night_spec, won in ((plain, "NS"), (spec, None)):
        night = ClubNight.replay([NightCreated(night_spec)])
        night.apply(DealRecorded("a", 1, 1, {"ns_tricks": 11}))
        night.apply(DealRecorded("b", 1, 2, {"ns_tricks": 10, "ns_revokes": 1}))
        last = night.table(1).last
        assert last is not None and last.game_won_by == won


def test_a_house_rule_the_game_does_not_have_is_refused_by_name():
    data = default_night("minnesota", 1).to_dict()
    with pytest.raises(PatternError, match="Minnesota whist has no house rule 'revoke_cannot_win'"):
        load_night({**data, "house_rules": [HOUSE_RULE]})
    american = default_night("american", 1).to_dict()
    with pytest.raises(PatternError, match=r"has no house rule 'no_such_rule'.*revoke_cannot_win"):
        load_night({**american, "house_rules": ["no_such_rule"]})


def test_the_sheet_s_summary_says_the_house_rule_only_when_it_is_on():
    sentence = "House rule: a side that revoked cannot win the game with that deal."
    plain = default_night("american", 1)
    spec = load_night({**plain.to_dict(), "house_rules": [HOUSE_RULE]})
    assert sentence not in say_all(str, club_sheet_pages(plain)[0].summary)
    assert say_all(str, club_sheet_pages(spec)[0].summary).endswith(sentence)
