"""A table's report entered for another event than the hub's log holds (protocol 7.8): the
kiosk stamps it with the log it last heard (``log``, the Epoch's); a hub holding another log
refuses it with ``other_event`` and records nothing. A report naming this log, or none, is
taken as before."""

from __future__ import annotations

import json

import pytest

from hub.service.batch import Inbound
from tests.hub.test_club_core import ClubHarness, deal
from tests.hub.test_core import Harness, result
from whist.events import ResultRecorded
from whist.protocol import Ack, ClubDeal, FlagCount, Result, decode_result, encode

FIRST_TRY = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"


@pytest.fixture
def hub(tmp_path):
    h = Harness(tmp_path / "hub.sqlite3")
    h.command("start_hand")
    yield h
    h.store.close()


def recorded(h: Harness) -> list[tuple[int, int]]:
    return [(e.hand, e.table) for e in h.store.events() if isinstance(e, ResultRecorded)]


def test_a_result_entered_for_another_tournament_is_refused_and_not_recorded(hub):
    out = hub.result(2, result(2, log=FIRST_TRY))
    (ack,) = hub.acks(out, 2)
    assert (ack["status"], ack["code"], ack["hand"]) == ("rejected", "other_event", 1)
    assert "the leader has started a new one since" in ack["reason"]
    assert recorded(hub) == []
    assert 2 in hub.core.tournament.missing(1)
    assert hub.command("results", hand=1)["data"]["conflicts"] == []
    # entered again for this tournament, it is taken
    out = hub.result(2, result(2, rid="r-again", log=hub.core.live.log_id))
    assert hub.acks(out, 2)[0]["status"] == "accepted"
    assert recorded(hub) == [(1, 2)]


def test_a_result_naming_no_log_is_taken_as_before(hub):
    out = hub.result(3, result(3))
    assert hub.acks(out, 3)[0]["status"] == "accepted"


def test_the_log_checked_is_the_one_the_epoch_names(hub):
    epoch = json.loads(hub.core.feed.epoch_message().payload)
    assert epoch["log"] == hub.core.live.log_id == hub.store.log_id()


def test_a_deal_entered_for_another_night_is_refused(tmp_path):
    h = ClubHarness(tmp_path / "hub.sqlite3")
    try:
        out = h.deal(2, deal(2, 1, {"trump": "hearts", "ns_tricks": 9}, log=FIRST_TRY))
        (ack,) = h.acks(out, 2)
        assert (ack["status"], ack["code"], ack["deal"]) == ("rejected", "other_event", 1)
        assert h.core.night.table(2).score_of("NS") == 0
        same = h.deal(
            2,
            deal(2, 1, {"trump": "hearts", "ns_tricks": 9}, did="d-again", log=h.core.live.log_id),
        )
        assert h.acks(same, 2)[0]["status"] == "accepted"
    finally:
        h.store.close()


def test_a_count_entered_for_another_tournament_is_refused(hub):
    count = {"v": 1, "id": "k-1", "table": 2, "day": 1, "flags": 11, "log": FIRST_TRY}
    out = hub.send(Inbound("count", 2, json.dumps(count).encode()))
    (ack,) = hub.acks(out, 2)
    assert (ack["status"], ack["code"]) == ("rejected", "other_event")


def test_the_wire_carries_log_only_when_the_table_knows_it():
    r = decode_result(result(2))
    assert b'"log"' not in encode(r)
    assert encode(r.model_copy(update={"log": FIRST_TRY})).endswith(
        f',"log":"{FIRST_TRY}"}}'.encode()
    )
    for model in (Result, ClubDeal, FlagCount):
        assert model.model_fields["log"].default is None
    assert Ack(id="r-1", status="rejected", code="other_event").code == "other_event"
