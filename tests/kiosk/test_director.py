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
    return TablePresenter(TABLE, link=link, language=language)  # type: ignore[arg-type]


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
        "Too few flags here. Leader: bring 2 flags to table 2. Wait for them, then give "
        "them to the visitors."
    )
    p.ok()
    assert p.view.waiting.last_result.startswith("Too few flags here. Leader: bring 2 flags")
    # Brought: the usual words again.
    p.on_view(hall.view(1, results=[(TABLE, 13)], score=0))
    assert "Too few flags" not in p.view.waiting.last_result


def test_french(link, hall):
    p = table(link, "fr")
    online(p, hall)
    p.on_view(hall.view(1, results=[(TABLE, 13)], score=0, to_bring=1))
    assert p.view.waiting.last_result.startswith(
        "Pas assez de drapeaux ici. Meneur : apportez 1 drapeau à la table 2."
    )


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
    assert w.title == "The tournament is over."
    assert w.subtitle.splitlines()[0] == "The leader ended play after hand 2."
    assert w.subtitle.splitlines()[-1] == "Provisional: 5 results are still missing."
    assert w.next_hand == ""


def test_play_ended_early_in_french():
    w = ended_early("fr").view.waiting
    assert w.subtitle.splitlines()[0] == "Le meneur a mis fin au jeu après la main 2."
    assert w.subtitle.splitlines()[-1] == "Provisoire : il manque encore 5 résultats."
