"""The leader is told, in one line, how many results the tables gave back to a damaged log."""

from __future__ import annotations

import json

from hub.service.batch import Inbound
from tests.console.conftest import HubLink, console


def reoffer(hub: HubLink, table: int, tricks: int, result_id: str) -> None:
    """Table ``table``'s kiosk offers an acknowledged result of hand 1 again (a new epoch)."""
    body = {
        "v": 1,
        "id": result_id,
        "hand": 1,
        "table": table,
        "visitor_tricks": tricks,
        "home_tricks": 13 - tricks,
        "revokes": {"home": 0, "visitors": 0},
        "reoffer": True,
    }
    hub.outbox += hub.core.handle([Inbound("result", table, json.dumps(body).encode())])


def test_the_banner_says_how_many_results_were_recovered(hub):
    english, french = console(hub), console(hub, "fr")
    hub.send("start_hand")
    hub.deliver()
    hub.result(1, 1, 8)
    hub.deliver()
    assert english.view.header.banner == ""
    reoffer(hub, 2, 7, "r-2")
    hub.deliver()
    assert english.view.header.banner == (
        "1 result recovered from the tables after the log was damaged."
    )
    assert english.view.header.banner_role == "banner-info"
    reoffer(hub, 2, 7, "r-2")  # offered once more: the log has it now, nothing new
    reoffer(hub, 3, 6, "r-3")
    hub.deliver()
    assert english.view.header.banner == (
        "2 results recovered from the tables after the log was damaged."
    )
    assert french.view.header.banner == (
        "2 résultats récupérés auprès des tables, le journal ayant été endommagé."
    )


def test_a_call_comes_first(hub):
    p = console(hub)
    hub.send("start_hand")
    reoffer(hub, 2, 7, "r-2")
    hub.call(3, "a question")
    hub.deliver()
    assert p.view.header.banner == "Table 3 is calling you."
