"""The waiting screen's lines at the reading type (issue 25): the presenter words them in
full, then shorter, then without the older results, then only what the players must do
and what they wait for; the screen says the first that holds beside the big number
(kiosk/kv/waiting.kv, ``KFitColumn``). What the players must do is in every wording."""

from __future__ import annotations

from kiosk.screens.waiting import FULL, SHORT
from kiosk.viewmodel import WaitingLines
from tests.kiosk.conftest import TABLE, FakeLink, Hall
from tests.kiosk.test_count import day_over
from tests.kiosk.test_count import kiosk as counting_kiosk
from tests.kiosk.test_dayend import kiosk, played, view
from whist.events import ResultCorrected
from whist.protocol import TableView
from whist.views import TableViews


def said(lines: WaitingLines) -> int:
    """How many characters a wording of the lines says."""
    return sum(len(getattr(lines, f)) for f in WaitingLines.__dataclass_fields__)


def test_the_lines_in_full_then_shorter_then_what_to_do():
    """Three hands played: the result, the flags to give, the two results before it, the
    last hand; shorter wordings say the same, then the older results go, then the tricks
    (the flags to give say what the hand was worth) and the last hand (the top bar says
    "Hand 3 of 3")."""
    p = kiosk()
    for hands in (1, 2, 3):
        p.on_view(view(played(hands)))
        p.dismiss()  # the new hand's moves
    w = p.view.waiting
    full, short, no_recent, essential = w.versions
    assert full == WaitingLines(
        subtitle=w.subtitle, last_result=w.last_result, recent=w.recent, next_hand=w.next_hand
    )
    tricks = "Hand 3: visitors 9, home\u00a04.\n"
    assert full.last_result == tricks + "Home: give 1 flag to the visitors."
    assert short.last_result == tricks + "Home: 1 flag to the visitors."
    assert (short.subtitle, short.recent) == (full.subtitle, full.recent)
    assert no_recent == WaitingLines(
        subtitle=full.subtitle, last_result=short.last_result, next_hand=full.next_hand
    )
    assert full.next_hand == "That was the last hand."
    assert essential == WaitingLines(
        subtitle="Waiting for the other tables.", last_result="Home: 1 flag to the visitors."
    )
    assert [said(v) for v in w.versions] == sorted((said(v) for v in w.versions), reverse=True)
    p.toggle_language()
    last = p.view.waiting.versions[-1]
    assert last.last_result == "Locaux\u00a0: 1\u00a0drapeau aux visiteurs."


def test_a_result_with_nothing_to_give_says_its_outcome_shorter():
    """A hand the home side kept: its result and outcome, without "Last result"; nothing
    is left out, even in the shortest wording (there is nothing to do but wait)."""
    hall = Hall()
    p = kiosk()
    p.on_view(hall.view(1, results=[(TABLE, 6)]))
    w = p.view.waiting
    assert w.last_result == "Last result (hand 1): visitors 6, home 7. Home keeps its\u00a0flags."
    assert w.versions[SHORT].last_result == "Hand 1: visitors 6, home 7. Home keeps its\u00a0flags."
    assert w.versions[-1].last_result == w.versions[SHORT].last_result
    p.toggle_language()
    assert p.view.waiting.versions[SHORT].last_result == (
        "Main 1\u00a0: visiteurs 6, locaux 7. Les locaux gardent leurs drapeaux."
    )


def test_a_correction_says_what_to_give_back_without_the_tricks_when_short():
    """The leader corrected the table's result: in full with the corrected tricks, short
    the flags to give back alone."""
    t = played(1)
    t.apply(ResultCorrected(1, TABLE, 5, 0, 0, "score sheet"))
    p = kiosk()
    p.on_view(view(t))
    w = p.view.waiting
    assert w.last_result.startswith("The leader corrected hand 1 to visitors 5, home 8: ")
    assert w.versions[SHORT].last_result == "Hand 1 corrected: the visitors give 1 flag back."
    p.toggle_language()
    assert p.view.waiting.versions[SHORT].last_result == (
        "Main 1 corrigée\u00a0: les visiteurs rendent 1\u00a0drapeau."
    )


def test_at_a_days_end_the_short_lines_leave_out_what_the_big_number_says():
    """The day over, results missing: the day's score is the big number beside, so the
    shorter wording leaves it out; the place stays, provisional in fewer words, and the
    count's instruction is shorter too."""
    p = counting_kiosk(FakeLink())
    body = TableViews(day_over()).body(TABLE)
    p.on_view(TableView.model_validate({**body, "results_missing": 3}))
    w = p.view.waiting
    assert (w.score, w.score_label) == ("10", "team score")
    assert w.subtitle.splitlines() == [
        "Today's score: 10.",
        "Place: 4 of 4.",
        "Provisional: 3 results missing.",
    ]
    short = w.versions[SHORT]
    assert short.subtitle.splitlines() == ["Place: 4 of 4.", "Provisional: 3 missing."]
    assert short.count_line == "Count every flag, lent ones too, in fives."
    assert w.versions[-1].count_line == short.count_line  # what to do stays
    p.toggle_language()
    short = p.view.waiting.versions[SHORT]
    assert short.subtitle.splitlines()[-1] == "Provisoire\u00a0: 3 manquants."
    assert short.count_line == "Comptez tous les drapeaux, prêtés compris, par cinq."


def test_the_next_hand_goes_last_and_no_wording_is_given_twice():
    """Waiting for the next hand: the hand it will be is in the top bar too, so the shortest
    wording leaves it out; a wording no shorter than the one before is not given again."""
    hall = Hall()
    p = kiosk()
    p.on_view(hall.view(1, "waiting"))
    w = p.view.waiting
    assert (w.versions[FULL].subtitle, w.versions[FULL].next_hand) == (
        "The leader starts it.",
        "Next: Hand 1 of 3",
    )
    assert w.versions[-1].next_hand == ""
    assert len(w.versions) == len(set(w.versions)) < 4


def test_a_level_team_placed_by_a_tiebreak_is_told_what_placed_it():
    """Level on score with another team yet on a place of its own: the place says why, in
    every version of the lines (the hub's day_result.placed_by)."""
    p = counting_kiosk(FakeLink())
    body = TableViews(day_over()).body(TABLE)
    for how, en, fr in (
        ("playoff", "placed by the playoff", "départagé par le barrage"),
        ("countback", "placed by counting back", "départagé à rebours"),
        ("leader", "placed by the leader", "décidé par l'arbitre"),
    ):
        day = {**body["day_result"], "place": 1, "shared": False, "placed_by": how}
        p.on_view(TableView.model_validate({**body, "day_result": day}))
        if p.language != "en":
            p.toggle_language()
        w = p.view.waiting
        assert f"Place: 1 of 4, {en}." in w.subtitle.splitlines()
        assert f"Place: 1 of 4, {en}." in w.versions[SHORT].subtitle.splitlines()
        p.toggle_language()
        assert f"Rang\u00a0: 1 sur 4, {fr}." in p.view.waiting.subtitle.splitlines()
