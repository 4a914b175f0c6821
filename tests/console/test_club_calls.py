"""A call on a club night (issue 29, item 2): the table's page offers "Clear the call", the
hub clears it, the kiosk's band and call button follow the hub's State, and the night's end
clears every call. The night is the core's (tests.clubnight); the kiosk is the real presenter
given what the hub publishes."""

from __future__ import annotations

from console.viewmodel import Screen
from kiosk.presenter import TablePresenter
from tests.clubnight import club_night, play
from tests.console.test_club import GRAND_NS, console
from tests.kiosk.test_club import TABLE, DealLink, Hub, kiosk
from whist.night import night_state
from whist.protocol import ClearCall, EndNight


def test_the_tables_page_clears_its_call_in_both_languages():
    night = club_night("solo", 2)
    play(night, 1, {"contract": "solo", "bidder": "N", "bidder_tricks": 6})
    p, link = console(night, calling=[1])
    assert p.view.header.banner == "Table 1 is calling you."
    p.night.open_table(1)
    link.deliver()
    assert p.view.screen is Screen.DEALS
    button = p.view.deals.clear_call
    assert (button.visible, button.enabled, button.text) == (True, True, "Clear the call")
    p.set_language("fr")
    assert p.view.deals.clear_call.text == "Effacer l'appel"
    p.set_language("en")
    p.deals.clear_call()
    assert isinstance(link.sent[-1], ClearCall) and link.sent[-1].table == 1
    link.deliver()
    assert not p.view.deals.clear_call.visible
    assert p.view.header.banner == ""
    # a table that is not calling has no such button
    p.back()
    p.night.open_table(2)
    link.deliver()
    assert not p.view.deals.clear_call.visible


def test_the_nights_end_clears_every_call():
    night = club_night("minnesota", 3)
    play(night, 1, GRAND_NS)
    p, link = console(night, calling=[1, 3])
    assert p.view.header.banner == "Tables 1, 3 are calling you."
    p.tables.primary()
    p.confirm.confirm()
    assert any(isinstance(c, EndNight) for c in link.sent)
    link.deliver()
    assert p.view.header.banner == ""
    assert {t.status for t in p.view.night.tables} == {"Night over"}


def test_the_kiosk_band_and_call_button_follow_the_hubs_state():
    hub, link = Hub("minnesota"), DealLink()
    p: TablePresenter = kiosk(hub, link)
    assert p.view.club_score.call.enabled
    p.call_leader()
    assert p.view.header.banner == "The leader has been called. Please wait at your table."
    assert not p.view.club_score.call.enabled
    p.on_state(night_state(hub.night, calling=[TABLE]))  # the hub lists the call
    assert not p.view.club_score.call.enabled
    p.on_state(night_state(hub.night))  # the leader cleared it
    assert p.view.header.banner != "The leader has been called. Please wait at your table."
    assert p.view.club_score.call.enabled
    assert p.view.club_score.call.text == "Call the leader"
    # the table can call again
    p.call_leader()
    assert not p.view.club_score.call.enabled
