"""The kiosk's screens, one presenter each, on one store and one router (docs/layout.md,
"Inside the table's kiosk"): every screen has its presenter, an intent goes to the screen on
show, and the doctests of the parts shared with the console hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import kiosk.screens
import uikit.screens
from kiosk.presenter import TablePresenter
from kiosk.screens.base import KioskScreen
from kiosk.viewmodel import Screen
from tests.kiosk.conftest import TABLE, online
from tests.kiosk.test_club import DealLink


@pytest.mark.parametrize(
    "name",
    [
        "uikit.screens",
        *(m.name for m in pkgutil.iter_modules(kiosk.screens.__path__, "kiosk.screens.")),
    ],
)
def test_doctests(name):
    failures, _ = doctest.testmod(importlib.import_module(name))
    assert failures == 0


def test_every_screen_has_its_presenter():
    p = TablePresenter(3, link=DealLink())  # type: ignore[arg-type]
    club = {Screen.CONNECTING, Screen.ENTRY, Screen.REVOKES, Screen.CONFIRM, Screen.PENDING}
    club |= {Screen.REJECTED} | {s for s in Screen if s.value.startswith("club-")}
    tournament = set(Screen) - {s for s in Screen if s.value.startswith("club-")}
    tournament -= {Screen.SETUP, Screen.JOIN, Screen.SCREEN_CHOICE}  # the set-up presenter's
    assert set(p.club_screens) == club
    assert set(p.screens) == tournament
    # one presenter per screen, each on the kiosk's one store and one router
    for presenter in [*p.screens.values(), *p.club_screens.values()]:
        assert isinstance(presenter, KioskScreen)
        assert presenter.store is p.store and presenter.router is p.router


def test_an_intent_goes_to_the_screen_on_show_only():
    p = TablePresenter(3, link=DealLink(), tap_guard=0)  # type: ignore[arg-type]
    assert p.screen is Screen.CONNECTING and p.on_show is p.screens[Screen.CONNECTING]
    before = p.view
    for intent in (p.keypad, p.digit):
        intent(5)
    for plain in (p.next, p.back, p.long_back, p.dismiss, p.enter_again, p.increment):
        plain()
    assert p.draft is None and p.mode is None  # the connecting screen answers none of them
    assert p.view == before


def test_the_shared_store_says_online_only_with_the_broker_and_the_hub():
    store = uikit.screens.Store()
    assert not store.online
    store.connected = True
    assert store.online  # the hub has not said it went away
    store.hub_online = False
    assert not store.online


def test_the_hand_screen_takes_its_own_intents_and_no_other_screens(link, hall):
    p = TablePresenter(TABLE, link=link, tap_guard=0)
    online(p, hall)
    assert p.screen is Screen.HAND and p.on_show is p.screens[Screen.HAND]
    p.next()  # the entry page's Next: not on the hand screen
    p.digit(5)  # the entry page's typed digit: not here either
    p.close_revokes()  # the revokes page's Done
    assert p.screen is Screen.HAND and p.draft is None
    p.keypad(5)  # the hand screen's own keypad: straight on to "Is this right?"
    assert p.screen is Screen.CONFIRM and p.on_show is p.screens[Screen.CONFIRM]
    assert p.draft is not None and p.draft.visitor_tricks == 5
    p.keypad(9)  # the confirm screen has no keypad: the number stays
    assert p.draft.visitor_tricks == 5
