"""What a table is told of the director's work (issue 12): flags the leader is bringing,
play ended early, places that are provisional."""

from __future__ import annotations

from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen
from tests.kiosk.conftest import TABLE, FakeLink, Hall, ack, online
from whist.events import DayEnded, HandStarted, ResultRecorded
from whist.pattern import default_spec
from whist.protocol import TableView
from whist.tournament import Tournament
from whist.views import TableViews


def table(link: FakeLink, language: str = "en") -> TablePresenter:
    return TablePresenter(TABLE, link=link, language=language, tap_guard=0)  # type: ignore[arg-type]


def test_a_short_table_is_told_the_leader_brings_the_flags(link, hall):
    p = table(link)
    online(p, hall)
    p.dismiss()
    p.enter_result()
    p.keypad(13)
    p.next()
    p.confirm_home()
    p.confirm_visitors()
    (result,) = link.results
    p.on_ack(ack(result, flags=0), result)
    p.on_view(hall.view(1, results=[(TABLE, 13)], score=0, to_bring=2))
    assert p.view.screen is Screen.ACCEPTED
    assert p.view.accepted.instruction == (
        "Leader: bring 2 flags to this table.\nHome: give 2 flags to the visitors."
    )
    assert p.view.accepted.detail == "This table has too few flags: the leader lends them."
    assert p.view.accepted.outcome == ""  # room for what must be done
    p.ok()
    assert p.view.waiting.last_result == (
        "Leader: bring 2 flags to this table.\nHome: give 2 flags to the visitors."
    )
    # Brought: the usual words again.
    p.on_view(hall.view(1, results=[(TABLE, 13)], score=0))
    assert "bring" not in p.view.waiting.last_result


def test_french(link, hall):
    p = table(link, "fr")
    online(p, hall)
    p.on_view(hall.view(1, results=[(TABLE, 13)], score=0, to_bring=1))
    assert p.view.waiting.last_result.startswith("Arbitre : apportez 1 drapeau ici.")


def ended_early(language: str = "en") -> TablePresenter:
    """Hand 2 of 3, table 4 never reported hand 1, the leader ended play."""
    t = Tournament.new(default_spec("alberta", 4, 3))
    t.apply(HandStarted(1, None))
    for tab in (1, 2, 3):
        t.apply(ResultRecorded(f"r{tab}", 1, tab, 8))
    t.apply(HandStarted(2, None))
    t.apply(DayEnded(1, early=True))
    p = table(FakeLink(), language)
    online(p, Hall(tables=4, hands=3))
    p.on_view(TableView.model_validate(TableViews(t).body(TABLE)))
    return p


def test_play_ended_early_and_the_place_is_provisional():
    w = ended_early().view.waiting
    assert w.title == "Play ended after hand 2."
    assert w.subtitle.splitlines()[-1] == "Provisional: 5 results missing."
    assert w.next_hand == ""


def test_play_ended_early_in_french():
    w = ended_early("fr").view.waiting
    assert w.title == "Jeu terminé après la main 2."
    assert w.subtitle.splitlines()[-1] == "Provisoire : 5 résultats manquants."
