"""A correction the rules refuse, said in the leader's language: the Reply's data gives the
core's reason as a template and values (reason_text, reason_args), which a French console
translates through its own catalog; the English ``error`` stays what it was."""

from __future__ import annotations

import pytest

from tests.clubnight import club_night, play
from tests.console.test_club import console
from whist.protocol import CorrectDeal

NB = "\u00a0"
REFUSED = "Non enregistrée — "
KEPT = ". Les donnes déjà enregistrées ne changent pas."

#: A deal played, a correction the rules refuse, and what the French console says.
CASES = [
    (
        "minnesota",
        {"granded": "NS", "ns_tricks": 9},
        {"granded": "NS", "ns_tricks": 9, "ew_tricks": 5},
        f"donne 1{NB}: Nord-Sud 9 et Est-Ouest 5 levées font 14, "
        f"mais une donne a 13 levées{NB}: recomptez",
    ),
    (
        "american",
        {"trump": "clubs", "ns_tricks": 7},
        {"trump": "clubs", "ns_tricks": 7, "honours": "EW"},
        f"donne 1{NB}: honneurs{NB}: rien à entrer au Whist américain",
    ),
    (
        "widow",
        {"tricks_1": 5, "tricks_2": 4, "tricks_3": 4},
        {"tricks": {"1": 5, "2": 5, "3": 4}},
        f"donne 1{NB}: les levées (1 5, 2 5, 3 4) font 14, mais cette donne a 13 levées{NB}: "
        "recomptez",
    ),
    (
        "solo",
        {"contract": "solo", "bidder": "N", "bidder_tricks": 5},
        {"contract": "prop", "bidder": "N", "partner": "N", "bidder_tricks": 5},
        f"donne 1{NB}: un joueur ne peut pas s'associer à lui-même",
    ),
]


def correct(game: str, played: dict, record: dict, language: str) -> str:
    night = club_night(game, 2)
    play(night, 1, played)
    p, link = console(night, language=language)
    link.send(CorrectDeal(id="c-x", table=1, deal=1, record=record, reason="recounted"))
    p.replies.sending["c-x"] = link.sent[-1]
    link.deliver()
    assert p.view.message.role == "message-bad"
    return p.view.message.text


@pytest.mark.parametrize(("game", "played", "record", "french"), CASES, ids=[c[0] for c in CASES])
def test_a_french_console_says_a_refused_correction_in_french(game, played, record, french):
    assert correct(game, played, record, "fr") == REFUSED + french + KEPT


def test_an_english_console_says_the_hubs_words():
    game, played, record, _ = CASES[0]
    assert correct(game, played, record, "en") == (
        "Not saved — deal 1: NS 9 and EW 5 tricks make 14, but a deal has 13 tricks: "
        "count again. The saved deals are unchanged."
    )
