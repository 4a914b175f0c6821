"""A game of rounds said in rounds, and counts said by their number (issue 29, item 9): never
"1 cards each" / "1 cartes", never the night's "Deal 20" where the players count rounds, and
the seed's Knockout (one deal of seven is a game) said in deals. EN and FR, with no window."""

from __future__ import annotations

import pytest

from tests.kiosk.test_club_individual import DealLink, Hub, kiosk, send
from whist.formats.eight_to_one import ROUNDS

#: The first round of one card (round 11).
ONE_CARD = ROUNDS.index(1)


def rounds_played(hub: Hub, count: int) -> None:
    """``count`` rounds of 8-to-1, North taking every card."""
    for cards in ROUNDS[:count]:
        hub.record(
            {
                **{f"bid_{s}": 0 for s in "NESW"},
                **{f"tricks_{s}": (cards if s == "N" else 0) for s in "NESW"},
            }
        )


WORDS = {
    "en": {
        "round": "Round 11 of 21: 1 card each",
        "so_far": "Bids so far: 0 for 1 card",
        "header": "Round 11",
        "sent": "Round 11: ",
    },
    "fr": {
        "round": "Manche 11 sur 21\u00a0: 1 carte chacun",
        "so_far": "Mises jusqu'ici\u00a0: 0 pour 1 carte",
        "header": "Manche 11",
        "sent": "Manche 11\u00a0: ",
    },
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_eight_to_one_one_card_round_in_rounds_and_the_singular(language):
    said = WORDS[language]
    hub = Hub("eight-to-one", trump="hearts")
    rounds_played(hub, ONE_CARD)
    link = DealLink()
    p = kiosk(hub, link, language=language)
    s = p.view.club_players
    assert s.round == said["round"]
    # the last round, just before the one the heading names: not the night's "Deal 10"
    assert s.last.startswith("Eleanor\u00a0")
    p.enter_deal()
    p.keypad(0)
    assert p.view.entry.readout == said["so_far"]
    for _ in range(3):
        p.keypad(0)
    p.pick(0)  # we have played
    for n in (1, 0, 0):
        p.keypad(n)
    p.confirm_home()
    # sent, not yet scored: the bar and the summary name the round, not the night's deal 11
    assert p.view.header.info == said["header"]
    assert p.view.pending.summary.startswith(said["sent"])
    send(p, hub, link)
    assert p.view.club_players.last.startswith("Eleanor\u00a0")


@pytest.mark.parametrize(
    ("language", "title", "deal"),
    [
        ("en", "Deal 1: is this right?", "Deal 7 cards to each player"),
        ("fr", "Donne 1\u00a0: est-ce exact\u00a0?", "Distribuez 7 cartes à chacun"),
    ],
)
def test_the_seeds_knockout_counts_deals_not_rounds(language, title, deal):
    hub = Hub("knockout")
    p = kiosk(hub, DealLink(), language=language)
    s = p.view.club_players
    assert s.round.splitlines()[0] == deal
    assert s.enter.text == ("Enter deal 1" if language == "en" else "Entrer la donne 1")
    assert "1" in p.view.header.info and "Round" not in p.view.header.info
    p.enter_deal()
    for n in (2, 2, 2):
        p.keypad(n)
    assert p.view.confirm.title == title
