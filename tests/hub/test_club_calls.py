"""The night's end clears every call (issue 29): no table waits for the leader once the night
is over, and the cleared calls stay cleared when the hub restarts."""

from hub.service.batch import Inbound
from tests.hub.test_club_core import ClubHarness, published


def test_ending_the_night_clears_every_call_for_good(tmp_path):
    hub = ClubHarness(tmp_path / "hub.sqlite3", tables=3)
    try:
        hub.send(Inbound("call", 1, b'{"v":1,"id":"k1","reason":"a revoke?"}'))
        out = hub.send(Inbound("call", 3, b'{"v":1,"id":"k3","reason":""}'))
        assert published(out, "whist/state")["calling"] == [1, 3]
        reply = hub.command("end_night")
        assert reply["ok"]
        assert hub.core.calls == {}
        hub.restart()
        assert hub.core.calls == {}
    finally:
        hub.store.close()
