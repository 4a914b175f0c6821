"""Cards the hub draws, as French players read them."""

from console.presenter import LeaderPresenter
from console.words import FRENCH_RANKS
from tests.console.conftest import QuietLink


def test_french_card_letters():
    assert FRENCH_RANKS == {"K": "R", "Q": "D", "J": "V"}
    p = LeaderPresenter(link=QuietLink(), language="fr")
    card = p.tiebreak.card
    assert card("K♦") == "R♦" and card("Q♠") == "D♠" and card("J♣") == "V♣"
    assert card("10♥") == "10♥" and card("A♠") == "A♠"
    p.set_language("en")
    assert card("K♦") == "K♦"
