"""The hub's side of the tables' second copy, without a network: its epoch, and results a
table offers again (``reoffer``) recorded once, counted as recovered only when the log lacked
them, and a recovered result that disagrees with the log going to the leader as a conflict."""

import csv
import json

import pytest

from hub.paper.export import export_csv, export_night_csv
from hub.service.batch import Inbound
from tests.hub.test_club_core import ClubHarness, deal
from tests.hub.test_core import Harness, command, result
from tests.kiosk.test_outbox import result as kept_result
from whist.events import ResultRecorded
from whist.protocol import Epoch, decode, encode


@pytest.fixture
def hub(tmp_path):
    h = Harness(tmp_path / "hub.sqlite3")
    assert h.command("start_hand")["ok"]
    yield h
    h.store.close()


def epoch(h: Harness) -> Epoch:
    (message,) = [o for o in h.core.retained() if o.topic == "whist/hub/epoch"]
    assert message.retain
    return decode(Epoch, message.payload)


def state(h: Harness) -> dict:
    return json.loads(h.core.state_message().payload)


def test_an_epoch_per_start_of_the_hub_and_a_log_per_tournament(hub, tmp_path):
    first = epoch(hub)
    assert epoch(hub) == first  # the same session at every connect
    assert hub.core.retained()[-1].topic == "whist/hub/epoch"  # after every table's view
    hub.restart()
    assert epoch(hub).epoch != first.epoch and epoch(hub).log == first.log
    twin = Harness(tmp_path / "twin.sqlite3")  # the same file, another tournament
    try:
        assert epoch(twin).log != first.log
    finally:
        twin.store.close()


def test_a_reoffer_the_log_lacks_is_recorded_once_as_recovered(hub, tmp_path):
    out = hub.result(2, result(2, tricks=10, reoffer=True))
    assert hub.acks(out, 2)[0]["status"] == "accepted"
    assert state(hub)["recovered"] == 1
    out = hub.result(2, result(2, tricks=10, reoffer=True))  # offered once more
    assert hub.acks(out, 2)[0]["status"] == "duplicate"
    hub.restart()
    assert state(hub)["recovered"] == 1  # from the log itself
    (recorded,) = [e for e in hub.store.events() if isinstance(e, ResultRecorded)]
    assert recorded.recovered and recorded.visitor_tricks == 10
    export_csv(hub.core.tournament, tmp_path / "out")
    rows = list(csv.reader((tmp_path / "out" / "standings.csv").open(encoding="utf-8")))
    assert ["1 result recovered from the tables after the log was damaged"] in rows


def test_the_mark_never_decides_the_count(hub):
    """A result the log has is a duplicate, marked or not; an unmarked result is no recovery;
    the same facts under another id are the log's own result."""
    hub.result(1, result(1, tricks=9))
    assert hub.acks(hub.result(1, result(1, tricks=9, reoffer=True)), 1)[0]["status"] == (
        "duplicate"
    )
    out = hub.result(1, result(1, tricks=9, rid="r-new", reoffer=True))
    assert hub.acks(out, 1)[0]["status"] == "duplicate"
    assert state(hub)["recovered"] == 0
    recorded = [e.result_id for e in hub.store.events() if isinstance(e, ResultRecorded)]
    assert recorded == ["r-1-1"]  # once, as the table first sent it


def test_a_recovered_result_that_disagrees_with_the_log_is_the_leaders_to_settle(hub):
    hub.result(3, result(3, tricks=6, rid="r-corrected"))  # say the log kept a later entry
    out = hub.result(3, result(3, tricks=8, rid="r-table", reoffer=True))
    (ack,) = hub.acks(out, 3)
    assert ack["status"] == "rejected" and ack["code"] == "conflict"
    assert state(hub)["conflicts"] == [3] and state(hub)["recovered"] == 0
    assert [c.result_id for c in hub.store.conflicts()] == ["r-table"]
    reply = hub.command(
        "correct",
        hand=1,
        table=3,
        visitor_tricks=8,
        home_tricks=5,
        revokes={"home": 0, "visitors": 0},
        reason="the table's copy",
    )
    assert reply["ok"] and state(hub)["conflicts"] == []


def test_an_ordinary_result_is_sent_as_it_always_was():
    r = kept_result(1)
    assert b"reoffer" not in encode(r)
    assert encode(r.model_copy(update={"reoffer": True})).endswith(b',"reoffer":true}')


def test_a_club_deal_offered_again_is_recovered(tmp_path):
    h = ClubHarness(tmp_path / "hub.sqlite3")
    try:
        assert epoch(h)
        out = h.deal(2, deal(2, 1, {"trump": "hearts", "ns_tricks": 9}, reoffer=True))
        assert h.acks(out, 2)[0]["status"] == "accepted"
        out = h.deal(2, deal(2, 1, {"trump": "hearts", "ns_tricks": 9}, reoffer=True))
        assert h.acks(out, 2)[0]["status"] == "duplicate"
        assert state(h)["recovered"] == 1
        export_night_csv(h.core.night, tmp_path / "out")
        text = (tmp_path / "out" / "standings.csv").read_text(encoding="utf-8")
        assert "1 result recovered from the tables after the log was damaged" in text
    finally:
        h.store.close()


def test_a_reoffer_for_a_hand_the_log_has_not_started_waits_for_it(hub):
    """A backup from before hand 2 started: the tables' hand 2 results are held, and recorded
    as the leader starts hand 2 again."""
    hub.result(1, result(1, tricks=9))
    out = hub.result(2, result(2, hand=2, tricks=10, reoffer=True))
    assert hub.acks(out, 2)[0]["code"] == "wrong_hand"
    out = hub.result(3, result(3, hand=2, tricks=4))  # not a re-offer: refused, as ever
    assert hub.acks(out, 3)[0]["code"] == "wrong_hand"
    assert state(hub)["recovered"] == 0
    out = hub.send(Inbound("command", None, command("start_hand")))
    (ack,) = hub.acks(out, 2)
    assert ack["id"] == "r-2-2" and ack["status"] == "accepted"
    assert hub.acks(out, 3) == []
    assert state(hub)["recovered"] == 1 and state(hub)["reported"] == [2]
    hub.restart()
    assert state(hub)["recovered"] == 1
