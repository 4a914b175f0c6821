"""A partnership game's tricks, revokes and confirm pages drawn from the entry schema the hub
publishes (issue 22), and the revokes page saying what a revoke costs and which side revoked
(issue 29, item 9). EN and FR, with no window."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kiosk.viewmodel import Screen
from tests.kiosk.test_club import DealLink, Hub, kiosk, send
from whist.formats import Format
from whist.formats.entry import Text
from whist.protocol import ClubScore

REVOKES = {
    ("minnesota", "en"): (
        "Each revoke gives 2 points to the other side.",
        "Nobody has revoked.",
        "East-West revoked 1 time",
    ),
    ("minnesota", "fr"): (
        "Chaque renonce donne 2 points à l'autre camp.",
        "Personne n'a renoncé.",
        "Est-Ouest a renoncé 1 fois",
    ),
    ("american", "en"): (
        "Each revoke moves 2 points from the side that revoked to the other side.",
        "Nobody has revoked.",
        "East-West revoked 1 time",
    ),
    ("english", "fr"): (
        "Chaque renonce donne 3 points à l'autre camp.",
        "Personne n'a renoncé.",
        "Est-Ouest a renoncé 1 fois",
    ),
}


@pytest.mark.parametrize(("game", "language"), list(REVOKES))
def test_the_revokes_page_says_the_penalty_and_which_side_revoked(game, language):
    penalty, nobody, east_west = REVOKES[(game, language)]
    hub, link = Hub(game), DealLink()
    p = kiosk(hub, link, language=language)
    p.enter_deal()
    p.pick(0)
    p.keypad(6)
    p.open_revokes()
    assert p.view.screen is Screen.REVOKES
    assert (p.view.revokes.rule, p.view.revokes.said) == (penalty, nobody)
    p.add_revoke("visitors")
    assert (p.view.revokes.rule, p.view.revokes.said) == (penalty, east_west)
    p.add_revoke("home")
    north_south = "North-South revoked 1 time" if language == "en" else "Nord-Sud a renoncé 1 fois"
    assert p.view.revokes.said == f"{north_south} · {east_west}"


class SchemaHub(Hub):
    """A hub that publishes its own words for the game (as a newer core might)."""

    def __init__(self, game: str) -> None:
        super().__init__(game)
        entry = Format(game).club.entry
        tricks = next(page for page in entry.pages if page.field == "ns_tricks")
        pages = tuple(
            replace(page, question=(Text("Tricks for the North-South pair?"),))
            if page is tricks
            else page
            for page in entry.pages
        )
        self.entry = replace(entry, pages=pages, heads=((Text("{ns_tricks} to NS"),),))

    def score(self) -> ClubScore:
        s = super().score()
        return s.model_copy(update={"rules": s.rules.model_copy(update={"entry": self.entry})})


def test_the_pages_are_the_published_schemas_not_the_kiosks():
    hub, link = SchemaHub("minnesota"), DealLink()
    p = kiosk(hub, link)
    p.enter_deal()
    p.pick(0)
    assert p.view.entry.question == "Tricks for the North-South pair?"
    p.keypad(9)
    p.next()
    assert p.view.confirm.outcome == "9 to NS"
    p.confirm_home()
    p.confirm_visitors()
    assert send(p, hub, link).status == "accepted"
