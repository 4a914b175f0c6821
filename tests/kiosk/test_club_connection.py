"""A club table's kiosk over the real network: a real Mosquitto (per-table ACLs) and a real
club hub (hub.service.core.HubCore behind the MQTT adapter), the real presenter as the listener.

A deal agreed while the hub is away waits in the outbox on disk; once the hub is up it goes
out by itself on ``whist/table/{t}/deal``, the Ack settles it, and the retained ClubScore
brings the hub's numbers to the score screen.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hub.broker.broker import EmbeddedBroker
from hub.service.core import HubCore
from hub.service.service import Hub
from hub.service.store import EventStore
from kiosk.connection import KioskConnection
from kiosk.outbox import Outbox
from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen
from tests.kiosk.test_connection import TABLE, WAIT, UiThread, hall, kiosk_config
from whist.nightspec import default_night

__all__ = ["hall"]


@contextmanager
def club_hub(broker: EmbeddedBroker, data: Path) -> Iterator[HubCore]:
    c = broker.credentials.hub
    data.mkdir(exist_ok=True)
    store = EventStore(data / "hub.sqlite3")
    core = HubCore(store, default_night("american", 4))
    hub = Hub(core, host=broker.host, port=broker.port, username=c.username, password=c.password)
    hub.start()
    try:
        assert hub.wait_connected(WAIT), "the club hub could not connect"
        yield core
    finally:
        hub.stop()
        store.close()


def test_a_deal_kept_while_the_hub_is_away_is_scored_when_it_comes(hall, tmp_path):
    ui = UiThread()
    with Outbox(tmp_path / "outbox.sqlite3") as box:
        p = TablePresenter(TABLE, link=None, language="en")  # type: ignore[arg-type]
        conn = KioskConnection(kiosk_config(hall, tmp_path), box, p, post=ui.post, resend_every=0.3)
        p.link = conn
        conn.start()
        try:
            ui.until(lambda: p.connected, "the broker")
            with club_hub(hall, tmp_path / "hub") as core:
                ui.until(lambda: p.screen is Screen.CLUB_SCORE, "the club score screen")
            ui.until(lambda: p.hub_online is False, "the hub offline")

            # American whist: the trump, North-South's tricks, both sides agree.
            p.enter_deal()
            p.pick(2)  # diamonds
            p.keypad(10)
            p.next()
            p.confirm_home()
            p.confirm_visitors()
            assert p.screen is Screen.PENDING
            (kept,) = box.pending()
            assert (kept.deal, kept.record.fields()) == (1, {"trump": "diamonds", "ns_tricks": 10})

            with club_hub(hall, tmp_path / "hub") as core:
                ui.until(lambda: box.pending() == [], "the deal acked")
                ui.until(
                    lambda: (
                        p.club is not None
                        and p.club.score is not None
                        and p.club.score.last is not None
                    ),
                    "the hub's new score",
                )
                # The Ack and the new score come on two topics, in either order.
                ui.until(lambda: p.screen is Screen.CLUB_SCORE, "the score screen")
                assert core.night.table(TABLE).deals == 1
                vm = p.view
                assert vm.screen is Screen.CLUB_SCORE
                assert (vm.club_score.ns_score, vm.club_score.ew_score) == ("4", "0")
                assert vm.club_score.enter.text == "Enter deal 2"
        finally:
            conn.stop()
