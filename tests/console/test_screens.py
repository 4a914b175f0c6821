"""The console's shape: one presenter per screen, on one store and one router, each ``.kv``
forwarding touches to its own screen's presenter only."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from console.presenter import LeaderPresenter
from console.screens.base import Draft, ScreenPresenter
from console.screens.router import Router
from console.screens.store import Store
from console.viewmodel import Screen
from tests.console.conftest import QuietLink

CONSOLE = Path(__file__).resolve().parents[2] / "console"
#: What any page may ask of the console itself: a tab, going back (the router), the language.
ROUTER_INTENTS = frozenset({"show", "back", "toggle_language"})
LONGEST_CLASS = 600


def test_every_kv_calls_its_own_screens_presenter_and_only_what_it_has():
    p = LeaderPresenter(link=QuietLink(), language="en")
    checked = 0
    for kv in sorted((CONSOLE / "kv").glob("*.kv")):
        text = kv.read_text(encoding="utf-8")
        calls = re.findall(r"app\.presenter\.(\w+)\.(\w+)\(", text)
        calls += re.findall(r"intent: '(\w+)\.(\w+)'", text)
        for owner, intent in calls:
            assert owner == kv.stem, f"{kv.name} calls {owner}.{intent}"
            assert callable(getattr(getattr(p, owner), intent)), f"{kv.name}: {owner}.{intent}"
            checked += 1
        for intent in re.findall(r"app\.presenter\.(\w+)\(", text):
            assert intent in ROUTER_INTENTS, f"{kv.name} calls the console's {intent} itself"
            assert callable(getattr(p, intent))
        assert not re.findall(r"intent: '(\w+)'", text), f"{kv.name}: an intent with no screen"
    assert checked > 50


def test_no_class_of_the_console_is_a_god_object():
    for path in CONSOLE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                assert lines <= LONGEST_CLASS, f"{path.name}: {node.name} has {lines} lines"


def test_every_screen_shares_the_one_store_and_router():
    p = LeaderPresenter(link=QuietLink(), language="en")
    screens = [v for v in vars(p).values() if isinstance(v, ScreenPresenter)]
    assert len(screens) >= 15
    assert all(s.store is p.store and s.router is p.router for s in screens)


def test_back_goes_from_a_form_to_its_table_and_from_a_page_to_its_tab():
    router = Router(Store())
    router.show(Screen.TABLES)
    router.table, router.mode, router.draft = 3, Screen.CORRECT, Draft(3, 1)
    router.back()
    assert (router.mode, router.draft, router.table) == (Screen.TABLE, None, 3)
    router.back()
    assert (router.mode, router.tab) == (None, Screen.TABLES)
    router.mode, router.draft = Screen.DEAL, Draft(3, 2)
    router.back()
    assert (router.mode, router.draft) == (Screen.DEALS, None)
    router.open(Screen.COUNTS)
    router.back()
    assert (router.mode, router.tab) == (None, Screen.STANDINGS)
    router.mode, router.confirm_kind = Screen.CONFIRM, "close"
    router.back()
    assert (router.mode, router.confirm_kind, router.tab) == (None, None, Screen.STANDINGS)


def test_the_screen_on_show_waits_for_the_hub_then_follows_the_router():
    store = Store()
    router = Router(store)
    assert router.screen is Screen.CONNECTING
    store.connected = True
    assert router.screen is Screen.CONNECTING  # no State yet
