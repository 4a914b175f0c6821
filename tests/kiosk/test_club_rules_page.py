"""The club night's rules page (issue 24): a table opens it at any time from its score screen
(the Rules button), reads the game's rules and tonight's house rules in the core's words, and
Back (or OK) returns to the score. EN and FR, with no window."""

from __future__ import annotations

import pytest

from kiosk.viewmodel import Screen
from tests.kiosk import test_club as partnership
from tests.kiosk import test_club_individual as individual


@pytest.mark.parametrize(
    ("language", "title", "summary", "house"),
    [
        (
            "en",
            "Rules: English whist",
            "Trump: the dealer's last card. Tricks over 6 score 1 each.",
            "House rule: the night counts game values",
        ),
        (
            "fr",
            "Règles\u00a0: Whist anglais",
            "Atout",
            "Règle maison",
        ),
    ],
)
def test_the_rules_page_opens_from_the_score_during_the_night(language, title, summary, house):
    hub = partnership.Hub("english", house_rules=("game_values",))
    hub.record(1, {"trump": "hearts", "ns_tricks": 8})  # the night is under way
    link = partnership.DealLink()
    p = partnership.kiosk(hub, link, language=language)
    assert p.view.club_score.rules.visible and p.view.club_score.rules.enabled
    p.open_rules()
    vm = p.view
    assert vm.screen is Screen.CLUB_RULES
    r = vm.club_rules
    assert r.title == f"{title} · 1/2"  # more than a page holds: two, nothing scrolls
    assert r.game.startswith(summary)
    assert r.more.visible
    p.more_rules()
    r2 = p.view.club_rules
    assert r2.title == f"{title} · 2/2"
    # the house rule is said apart, after the game's rules, and every sentence once
    assert house not in r.game + r2.game
    assert (r.house + r2.house).startswith(house)
    p.more_rules()  # from the last page: the first again
    assert p.view.club_rules == r
    p.enter_deal()  # the score's button is not on this page
    assert p.view.screen is Screen.CLUB_RULES
    p.back()
    assert p.view.screen is Screen.CLUB_SCORE
    p.open_rules()
    p.ok()
    assert p.view.screen is Screen.CLUB_SCORE
    p.enter_deal()  # a deal is entered as before
    assert p.view.screen is Screen.CLUB_PICK
    p.open_rules()  # not while a deal is being tapped in
    assert p.view.screen is Screen.CLUB_PICK


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_game_played_each_for_oneself_without_house_rules(language):
    hub = individual.Hub("eight-to-one")
    p = individual.kiosk(hub, individual.DealLink(), language=language)
    assert p.view.club_players.rules.visible
    p.open_rules()
    r = p.view.club_rules
    assert r.game.startswith("Cards a round: 8 8 8 8 7" if language == "en" else "Cartes")
    assert r.house == (
        "No house rules tonight." if language == "en" else "Pas de règle maison ce soir."
    )
    p.back()
    assert p.view.screen is Screen.CLUB_PLAYERS
