"""House rules (docs/rules.md, "House rules"; issue 24): a traditional refinement a seed does
not state is a named option in the night's file, off by default, and the rules summary the
sheets print says so when it is on. American whist's first: a side that revoked cannot win
the game with that deal (US6); English's (EN5, EN7), Widow's (WI6); and the house rules in
force as the core publishes them to every screen (ClubRules.house_rules)."""

import random

import pytest

from console.i18n import translator as console_translator
from hall.i18n import translator as hall_translator
from hub.paper.sheets import translator as sheets_translator
from kiosk.i18n import translator as kiosk_translator
from whist.bot import Bot, individual_deal
from whist.cards import Card, Suit, legal_plays
from whist.errors import PatternError
from whist.events import DealRecorded, NightCreated, event_from_dict, event_to_dict
from whist.formats import Format
from whist.formats.base import ClubSettings
from whist.formats.widow import RULES as WIDOW
from whist.formats.words import say_all
from whist.night import ClubNight, club_rules
from whist.nightspec import NIGHT_RULES, default_night, load_night
from whist.paper import club_sheet_pages
from whist.protocol import ClubRules

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


def play(game, deals, house_rules=()):
    table = game.start(ClubSettings(house_rules=frozenset(house_rules)))
    for fields in deals:
        table = game.play(table, game.record(fields))
    return table


def night_with(game: str, *house_rules: str):
    return load_night({**default_night(game, 2).to_dict(), "house_rules": list(house_rules)})


# --- must_play_a_club (Widow, WI6) -------------------------------------------------------------


def test_widow_must_play_a_club_changes_the_play_not_the_score():
    hand = [Card.parse(t) for t in ("2c", "9d", "kd")]
    led = [Card.parse("ah")]
    # Off (the seed's rule): void in hearts, any card; on: a club, since the player has one.
    assert set(legal_plays(hand, led, Suit.CLUBS)) == set(hand)
    assert legal_plays(hand, led, Suit.CLUBS, must_trump=True) == (Card.parse("2c"),)
    deals = [{"widow": "2", "tricks_1": 3, "tricks_2": 6, "tricks_3": 4}]
    assert play(WIDOW, deals).night_points == play(WIDOW, deals, {"must_play_a_club"}).night_points


def test_widow_bots_play_a_club_when_void_only_with_the_house_rule():
    # Hearts led, then overtrumped by the ace of clubs: a bot void in hearts throws a diamond,
    # unless the house rule makes it play its club.
    bot, hand = Bot(random.Random(1)), [Card.parse(t) for t in ("2c", "9d")]
    trick = [Card.parse("kh"), Card.parse("ac")]
    assert bot.choose(hand, trick, Suit.CLUBS, partner_winning=False) == Card.parse("9d")
    played = bot.choose(hand, trick, Suit.CLUBS, must_trump=True, partner_winning=False)
    assert played == Card.parse("2c")

    def records(house_rules):
        return [
            individual_deal(random.Random(seed), "widow", "1", players=("1", "2", "3"),
                            house_rules=house_rules)
            for seed in range(200)
        ]  # fmt: skip

    off, on = records(()), records(("must_play_a_club",))
    assert all(sum(r["tricks"].values()) == 13 for r in on)
    assert off != on  # the night's rule reaches the bots' play (a few deals in 200 differ)


# --- what every screen is told -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "rule", "words"),
    [
        ("american", "revoke_cannot_win", "a side that revoked cannot win"),
        ("english", "no_honours_at_the_point", "honours do not count for a side at 4."),
        ("english", "game_values", "a game is worth 3 if the losers had 0"),
        ("widow", "must_play_a_club", "must play a club"),
    ],
)
def test_the_rules_published_name_each_house_rule_in_force(game, rule, words):
    assert club_rules(default_night(game, 2)).house_rules == []  # the seed's rules
    rules = ClubRules.model_validate_json(club_rules(night_with(game, rule)).model_dump_json())
    [published] = rules.house_rules
    assert published.name == rule
    assert words in published.says.format(**published.values)
    # Every screen and the sheets say it in French from their own catalog.
    for tr in (kiosk_translator("fr"), console_translator("fr"), hall_translator("fr"),
               sheets_translator("fr")):  # fmt: skip
        assert tr.t(published.says).format(**published.values).startswith("Règle maison :")
    spec = night_with(game, rule)
    summary = say_all(str, spec.game.night_summary(None, spec.house_rules))
    assert words in summary


def test_a_screen_reading_an_older_hub_finds_no_house_rules():
    data = club_rules(default_night("english", 1)).model_dump_json()
    data = data.replace(',"house_rules":[]', "")
    assert "house_rules" not in data and ClubRules.model_validate_json(data).house_rules is None


def test_a_night_file_naming_another_games_house_rule_is_refused():
    with pytest.raises(PatternError, match="has no house rule 'must_play_a_club'"):
        night_with("english", "must_play_a_club")


def test_the_english_house_rules_are_listed_in_the_games_order():
    spec = night_with("english", "game_values", "no_honours_at_the_point")
    names = [h.name for h in club_rules(spec).house_rules]
    assert names == ["no_honours_at_the_point", "game_values"]
    assert Format.ENGLISH.club.house_rules_in_force(10, {"no_honours_at_the_point"})[0][
        1
    ].values == (("last", 9),)


# --- a night logged before the seeds' reading replays as it was played ---------------------------


def test_a_log_written_before_the_seeds_reading_keeps_its_old_game():
    """A NightCreated from an older log has no "rules": its English night keeps the game
    values (EN7) and its Knockout night the rounds (KO10), so it replays as it was played; a
    night logged now carries its rules and replays as it is."""
    for game, rule in (("english", "game_values"), ("knockout", "knockout_rounds")):
        spec = default_night(game, 1)
        logged = event_to_dict(NightCreated(spec))
        assert logged["spec"]["rules"] == NIGHT_RULES
        assert event_from_dict(logged) == NightCreated(spec)
        old = {**logged, "spec": {k: v for k, v in logged["spec"].items() if k != "rules"}}
        assert event_from_dict(old).spec.house_rules == (rule,)
    old_ko = event_to_dict(NightCreated(default_night("knockout", 1)))
    del old_ko["spec"]["rules"]
    night = ClubNight.replay([event_from_dict(old_ko)])
    night.apply(DealRecorded("a", 1, 1, {"tricks_1": 4, "tricks_2": 3}))
    night.apply(DealRecorded("b", 1, 2, {"tricks_1": 5, "tricks_2": 1}))  # round 2: six cards
    assert (night.table(1).round, night.table(1).out) == (2, ("3", "4"))
    american = event_to_dict(NightCreated(default_night("american", 1)))
    del american["spec"]["rules"]
    assert event_from_dict(american).spec.house_rules == ()  # nothing to keep
