"""Who took the widow stays in the score line after the deal (issue 29, item 9): the core's
entry schema says it (``show.last_head``), the kiosk draws it, in English and French."""

from __future__ import annotations

from kiosk.i18n import translator
from kiosk.individual import last_text
from tests.clubnight import club_night, play
from whist.night import club_score


def test_the_last_deals_line_says_who_took_the_widow_in_both_languages():
    night = club_night("widow", 1)
    play(night, 1, {"widow": "2", "tricks_1": 3, "tricks_2": 6, "tricks_3": 4})
    score = club_score(night, 1)
    assert score.last is not None
    en = last_text(translator("en"), score, score.last).splitlines()
    assert en[0] == "Deal 1: Margaret took the widow"
    fr = last_text(translator("fr"), score, score.last).splitlines()
    assert fr[0].startswith("Donne 1") and "Margaret" in fr[0] and "veuve" in fr[0]
    play(night, 1, {"widow": "none", "tricks_1": 4, "tricks_2": 5, "tricks_3": 4})
    score = club_score(night, 1)
    assert score.last is not None
    assert last_text(translator("en"), score, score.last).startswith(
        "Deal 2: Nobody took the widow\n"
    )


def test_a_corrected_knockout_deal_says_the_leaders_part_on_its_own_line():
    # issue 29: "Eleanor won the game The leader corrected this deal." ran together
    from whist.events import DealCorrected

    night = club_night("knockout", 1)
    record = {"tricks_1": 3, "tricks_2": 4, "tricks_3": 0, "tricks_4": 0}
    play(night, 1, record)
    night.apply(DealCorrected(1, 1, {**record, "tricks_1": 4, "tricks_2": 3}, "recount"))
    score = club_score(night, 1)
    assert score.last is not None
    en = last_text(translator("en"), score, score.last).splitlines()
    assert en == ["Eleanor won the game", "The leader corrected this deal."]
    fr = last_text(translator("fr"), score, score.last).splitlines()
    assert fr[1] == "L'arbitre a corrigé cette donne."
