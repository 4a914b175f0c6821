"""A game won and a night ended at the club table's kiosk (issue 29, item 3): the score the
game was won at (Minnesota's 13-6, an 8-to-1 game's final totals) and who won it, not the next
game's 0-0, until the next deal starts the next game. EN and FR, with no window."""

from __future__ import annotations

import pytest

from tests.kiosk import test_club as partnership
from tests.kiosk import test_club_individual as individual
from whist.events import NightEnded
from whist.formats.eight_to_one import ROUNDS

#: Minnesota to 13: North-South grand and all 13 tricks (+7), then East-West's 6 over.
MINNESOTA = [
    {"granded": "NS", "ns_tricks": 13},
    {"granded": "EW", "ns_tricks": 1},
    {"granded": "NS", "ns_tricks": 13},
]


@pytest.mark.parametrize(
    ("language", "won", "games"),
    [("en", "NS won the game", "1 game"), ("fr", "NS gagne la partie", "1 partie")],
)
def test_minnesota_shows_the_game_just_won_not_the_next_ones_zeros(language, won, games):
    hub = partnership.Hub("minnesota")
    for deal, record in enumerate(MINNESOTA, 1):
        hub.record(deal, record)
    p = partnership.kiosk(hub, partnership.DealLink(), language=language)
    assert [q.score for q in hub.score().parties] == [0, 0]  # the next game, as the hub holds it
    s = p.view.club_score
    assert (s.ns_score, s.ew_score) == ("14", "6")
    assert s.ns_detail.startswith(games)
    assert won in s.last.splitlines()
    # the next deal is the next game's: its score is the hub's running one again
    hub.record(4, {"granded": "low", "ns_tricks": 5})
    p.on_score(hub.score())
    s = p.view.club_score
    assert (s.ns_score, s.ew_score) == ("2", "0")
    assert won not in s.last


def eight_to_one_game(hub: individual.Hub) -> None:
    """A whole game of 21 rounds: North bids and takes every card, the others nothing."""
    for cards in ROUNDS:
        bids = {f"bid_{s}": (cards if s == "N" else 0) for s in "NESW"}
        tricks = {f"tricks_{s}": (cards if s == "N" else 0) for s in "NESW"}
        hub.record({**bids, **tricks})


@pytest.mark.parametrize("language", ["en", "fr"])
def test_eight_to_one_shows_the_final_totals_after_the_game_and_the_night(language):
    hub = individual.Hub("eight-to-one")
    eight_to_one_game(hub)
    assert all(q.score == 0 for q in hub.score().parties)  # the next game starts at 0
    p = individual.kiosk(hub, individual.DealLink(), language=language)
    rows = [r for r in p.view.club_players.rows if r.visible]
    totals = {r.name: r.score for r in rows}
    assert totals["Eleanor"] == str(sum(50 + 10 * c for c in ROUNDS))
    assert totals["Margaret"] == str(50 * len(ROUNDS))
    won = "Eleanor won the game" if language == "en" else "Eleanor gagne la partie"
    assert won in p.view.club_players.last.splitlines()
    # the game's last round, by its number in the game (issue 29: not the night's "Deal 21")
    assert p.view.club_players.last.startswith("Round 21: " if language == "en" else "Manche 21")
    hub.night.apply(NightEnded())
    p.on_score(hub.score())
    rows = [r for r in p.view.club_players.rows if r.visible]
    assert {r.name: r.score for r in rows} == totals  # the final totals, with each one's place
    assert rows[0].detail.startswith("place 1")
