"""What must fit the 800x480 kiosk of a club night (issue 29, points 1, 3, 5, 6, 8 and 9;
issue 24's rules page), in English and French, on the real kiosk app under Xvfb: 8-to-1
totals of four and five characters (1070, -400, -1070) on one line each, its drawn trump big
on a card; Solo's prop-and-cop tricks page with two long names; Minnesota's final screen with
a long East-West name; 8-to-1's tricks page beside the player's bid; Widow's and 8-to-1's
score after the leader corrected a deal (a line more under the rows); a game just won, a night
ended, a one-card round, the rules page. The scenario (tests/ui/driver.py, ``fit``, then
``club_views``) gives the core's own ClubScore to the table's presenter and audits each screenshot
as every kiosk UI test does: no text cut, wrapped out of its box, overlapping another (the top
bar's included) or outside the window.
"""

from __future__ import annotations

import re

import pytest

from tests.ui.conftest import presenter_walk

TABLE = 2
SHOWN = [
    "f01-players",
    "f02-prop-tricks",
    "f03-ended",
    "f04-tricks",
    "f05-corrected",
    # issues 29 and 24 (driver.club_views, in the same window)
    "v01-game-won",
    "v02-one-card",
    "v03-rules-long",
    "v04-night-ended",
    "v05-rules",
    "v06-rules-next",
    "v07-rules-solo",
]
WORDS = {
    "en": {
        "won": "NS won the game",
        "one_card": "Round 11 of 21: 1 card each",
        "rules": "Rules: English whist",
        "house": "House rule: the night counts game values",
        "none": "No house rules tonight.",
    },
    "fr": {
        "won": "NS gagne la partie",
        "one_card": "Manche 11 sur 21\u00a0: 1 carte chacun",
        "rules": "Règles\u00a0: Whist anglais",
        "house": "Règle maison",
        "none": "Pas de règle maison ce soir.",
    },
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_club_texts_fit_below_the_bar(tmp_path, kivy_env, hall, language):
    prefix = f"{language}-fit"
    report = presenter_walk(
        tmp_path,
        kivy_env,
        hall,
        scenario="fit",
        prefix=prefix,
        language=language,
        table=TABLE,
        names=SHOWN,
    )
    texts = report["texts"]
    # the hub's totals as they are, each on one line in its column (the audit: no wrap)
    assert texts["scores"] == ["1070", "-400", "-1070", "10"]
    assert texts["cut"] == []  # and every name whole beside them ("Marie-Thérèse")
    # the drawn trump on its card, its capitals well above the round's heading
    assert texts["trump"] == ("♦ Diamonds" if language == "en" else "♦ Carreau")
    heights = report["heights"][f"{prefix}-800x480-f01-players"]
    assert heights["players-trump"]["px"] > 1.25 * heights["players-round"]["px"], heights
    question = {
        "en": "Marie-Thérèse & Bartholomew: how many tricks?",
        "fr": "Levées pour Marie-Thérèse et Bartholomew\u00a0?",
    }
    assert texts["prop"] == question[language]
    said = {"en": "Marie-Thérèse bid 0", "fr": "Marie-Thérèse a misé 0"}
    assert texts["tricks"][1].startswith(said[language])
    # Widow's deal corrected by the leader: three lines under the rows, the first row still
    # below the top bar (the audit)
    corrected = {"en": "The leader corrected this deal.", "fr": "L'arbitre a corrigé cette donne."}
    assert texts["corrected"].splitlines()[-1] == corrected[language]
    assert "Bartholomew Fitzgerald" in texts["ended"][0]
    # its place on its own row, under its names, and what placed it (the night ranks by
    # games won, then points; issue 25)
    place = {
        "en": r"place \d=? of 6 · \d games? · \d+ points?",
        "fr": r"place \d=? sur 6 · \d parties? · \d+ points?",
    }
    place = place[language]
    assert re.fullmatch(place, texts["ended"][1]), texts["ended"]

    # issues 29 and 24, in the same window (the scenario goes on into driver.club_views): a
    # Minnesota game just won shows 13-6 and who won, not the next game's 0-0; 8-to-1's final
    # totals after the night ended, not zeros; a one-card round in the singular; the rules
    # page opened from the score at any time, page by page
    words = WORDS[language]
    ns, ew, last = texts["won"]
    assert (ns, ew) == ("13", "6")
    assert words["won"] in last.splitlines()
    assert texts["one_card"].splitlines()[0] == words["one_card"]
    assert texts["rules_long"][1] == words["none"]
    # North bid and took every card of every round: 50 and 10 a trick; the others 50 a round
    assert texts["totals"] == ["2240", "1050", "1050", "1050"]
    # the game's rules, then the house rule on the next page: all of them, none twice
    title, game, house = texts["rules"]
    assert title.startswith(words["rules"])
    _, game_next, house_next = texts["rules_next"]
    assert words["house"] not in game + game_next
    assert (house + house_next).startswith(words["house"])
