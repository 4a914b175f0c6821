"""Cards the hub draws, as French players read them."""

from console.presenter import FRENCH_RANKS, LeaderPresenter


def test_french_card_letters():
    assert FRENCH_RANKS == {"K": "R", "Q": "D", "J": "V"}
    p = LeaderPresenter.__new__(LeaderPresenter)
    p._chosen = "fr"
    assert p._card("K♦") == "R♦" and p._card("Q♠") == "D♠" and p._card("J♣") == "V♣"
    assert p._card("10♥") == "10♥" and p._card("A♠") == "A♠"
    p._chosen = "en"
    assert p._card("K♦") == "K♦"
