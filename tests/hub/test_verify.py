"""The verifiers' count through the hub (issue 12, decision A15): each table's flags counted
at the day's end, a difference shown to the leader and settled by a correction or by taking
the count, the day verified once every table agrees."""

import json

import pytest

from hub.service.batch import Inbound
from tests.hub.test_core import Harness, result
from tests.hub.test_director import retained
from whist.protocol import CountsData, VerifyData


@pytest.fixture
def hub(tmp_path):
    h = Harness(tmp_path / "hub.sqlite3", tables=4, hands=50)  # two days: 30 + 20
    yield h
    h.store.close()


def play_day_one(hub):
    """Two hands; at hand 1 table 1's visitors take 2 flags, then the day ends early."""
    for hand in (1, 2):
        hub.command("start_hand")
        for table in range(1, 5):
            tricks = 10 if (hand, table) == (1, 1) else 6
            hub.result(table, result(table, hand=hand, tricks=tricks))
    assert hub.command("end_day", early=True)["ok"]
    return hub.core.tournament.visitor_team(1, 1)


def counts(hub, **fields):
    reply = hub.command("counts", **fields)
    assert reply["ok"], reply
    return CountsData.model_validate(reply["data"])


def test_counts_are_taken_at_the_end_of_the_day_only(hub):
    hub.command("start_hand")
    refused = hub.command("verify", table=1, flags=12)
    assert refused["data"]["code"] == "wrong_day" and "no day has ended" in refused["error"]
    assert hub.command("counts")["data"]["code"] == "wrong_day"
    play = hub.command("end_day", early=True)
    assert play["ok"]
    refused = hub.command("verify", table=1, day=2, flags=12)
    assert refused["data"]["code"] == "wrong_day" and "day 2 has not ended" in refused["error"]
    refused = hub.command("verify", table=9, flags=12)
    assert refused["data"]["code"] == "bad_table"
    refused = hub.command("verify", table=1, flags=49)
    assert refused["data"]["code"] == "out_of_range"


def test_a_day_is_verified_when_every_table_agrees(hub):
    visitors = play_day_one(hub)
    data = counts(hub)
    expected = {1: 10, visitors: 14}
    assert [(ln.table, ln.hub, ln.counted, ln.status) for ln in data.lines] == [
        (t, expected.get(t, 12), None, "not counted") for t in range(1, 5)
    ]
    assert (data.day, data.days_ended, data.verified) == (1, 1, False)
    for table in range(1, 5):
        reply = hub.command("verify", table=table, flags=expected.get(table, 12))
        v = VerifyData.model_validate(reply["data"])
        assert v.line.status == "agrees" and v.verified == (table == 4)
    assert counts(hub, day=1).verified


def test_a_difference_settled_by_a_correction(hub):
    visitors = play_day_one(hub)
    others = [t for t in range(1, 5) if t not in (1, visitors)]
    for table in others:
        hub.command("verify", table=table, flags=12)
    # The verifiers find 11 at table 1 and 13 at the visitors' table: the visitors took 9
    # tricks, not 10 (one flag, not two).
    v = VerifyData.model_validate(hub.command("verify", table=1, flags=11)["data"])
    assert (v.line.hub, v.line.counted, v.line.status, v.verified) == (10, 11, "differs", False)
    hub.command("verify", table=visitors, flags=13)
    assert [ln.table for ln in counts(hub).lines if ln.status == "differs"] == sorted([1, visitors])
    reply = hub.command(
        "correct",
        hand=1,
        table=1,
        visitor_tricks=9,
        home_tricks=4,
        revokes={"home": 0, "visitors": 0},
        reason="verifiers' count: 9 tricks",
    )
    assert reply["ok"], reply
    data = counts(hub)
    assert data.verified and all(ln.status == "agrees" for ln in data.lines)
    assert hub.core.tournament.day_totals(1) == (11,)


def test_a_difference_settled_by_taking_the_physical_count(hub):
    play_day_one(hub)
    for table in range(2, 5):
        hub.command("verify", table=table, flags=hub.core.tournament.table_count(1, table).hub)
    hub.command("verify", table=1, flags=9)  # a flag went missing from table 1
    refused = hub.command("accept_count", table=2, day=1, reason="checked")
    assert refused["data"]["code"] == "wrong_phase" and "agrees" in refused["error"]
    before = {s["team"]: s["flags"] for s in retained(hub, "whist/standings")["teams"]}
    reply = hub.command("accept_count", table=1, day=1, reason="recounted twice: 9 flags")
    v = VerifyData.model_validate(reply["data"])
    assert (v.line.hub, v.line.counted, v.line.status, v.line.accepted, v.verified) == (
        9,
        9,
        "agrees",
        ["recounted twice: 9 flags"],
        True,
    )
    # the hub's own number before the leader took the count is said too (ext), computed
    # from the events: the leader typed only the reason
    assert reply["data"]["line"]["hub_before"] == [10]
    after = {s["team"]: s["flags"] for s in retained(hub, "whist/standings")["teams"]}
    assert after[1] == before[1] - 1 and all(after[t] == before[t] for t in (2, 3, 4))
    # A recount that differs again is shown again; the record survives a restart.
    hub.restart()
    assert counts(hub).verified
    assert hub.core.tournament.table_count(1, 1).accepted == ("recounted twice: 9 flags",)
    assert counts(hub).lines[0].hub_before == [10]
    assert "hub_before" not in hub.command("counts")["data"]["lines"][1]
    hub.command("verify", table=1, flags=10)
    assert not counts(hub).verified


def test_a_count_not_yet_verified_stays_on_its_day(hub):
    play_day_one(hub)
    hub.command("start_hand")  # day 2 is played while day 1's counts come in
    hub.command("verify", table=3, day=1, flags=12)
    assert counts(hub, day=1).lines[2].counted == 12


def test_points_tournaments_count_no_flags(tmp_path):
    hub = Harness(tmp_path / "g.sqlite3", fmt="gaspesie", tables=3, hands=2)
    hub.command("start_hand")
    hub.command("end_day", early=True)
    assert hub.command("verify", table=1, flags=12)["data"]["code"] == "wrong_format"
    assert hub.command("counts")["data"]["code"] == "wrong_format"


def test_the_standings_sheet_says_whether_each_day_is_verified(hub, tmp_path):
    from hub.paper.sheets import standings_sheet

    play_day_one(hub)
    for table in (2, 3):
        hub.command("verify", table=table, flags=hub.core.tournament.table_count(1, table).hub)
    hub.command("verify", table=1, flags=9)
    t = hub.core.tournament
    sheet = standings_sheet(t, "en")
    assert "Day 1: not verified — not counted: tables 4; table 1 counted 9, the hub 10." in sheet
    hub.command("verify", table=4, flags=t.table_count(1, 4).hub)
    hub.command("accept_count", table=1, day=1, reason="a flag lost")
    sheet = standings_sheet(hub.core.tournament, "fr")
    assert "Jour 1 : vérifiée — les drapeaux de chaque table comptés et conformes." in sheet
    assert (
        "le compte des vérificateurs a été retenu (a flag lost) ; le poste central en avait 10."
    ) in sheet
    english = standings_sheet(hub.core.tournament, "en")
    assert "the verifiers&#x27; count was taken (a flag lost); the hub had 10." in english
    hub.command("export", language="en")
    exported = (tmp_path / "exports" / "standings.html").read_text("utf-8")
    assert "Day 1: verified — every table&#x27;s flags counted and agreed." in exported


# ---------------------------------------------------------------- the table's own count (A19)
def count(hub, table, flags, day=1, count_id=None):
    payload = json.dumps(
        {"v": 1, "id": count_id or f"k{table}-{flags}", "table": table, "day": day, "flags": flags}
    ).encode()
    return hub.send(Inbound("count", table, payload))


def view_count(out, table):
    views = [p for t, p, _ in out if t == f"whist/table/{table}/view"]
    return views[-1]["count"]


def test_a_table_counts_its_own_flags_as_the_verifier_would(hub):
    visitors = play_day_one(hub)
    assert retained(hub, "whist/table/1/view")["count"] == {
        "day": 1,
        "counted": None,
        "status": "not counted",
    }
    out = count(hub, 1, 11)
    assert hub.acks(out, 1) == [{"v": 1, "id": "k1-11", "status": "accepted", "day": 1}]
    assert view_count(out, 1) == {"day": 1, "counted": 11, "status": "differs"}
    state = [p for t, p, _ in out if t == "whist/state"][-1]
    assert state["counts"] == [{"day": 1, "counted": 1, "differ": [1], "accepted": {}}]
    line = counts(hub).lines[0]
    assert (line.counted, line.status) == (11, "differs")  # the same record as `verify`
    # Sent again (the kiosk did not see the ack): not recorded twice, and never over a recount.
    hub.command("verify", table=1, flags=10)
    out = count(hub, 1, 11)
    assert hub.acks(out, 1)[0]["status"] == "duplicate"
    assert counts(hub).lines[0].counted == 10
    assert retained(hub, "whist/table/1/view")["count"]["status"] == "agrees"
    # The players recount (a new id): it replaces.
    out = count(hub, visitors, 14)
    assert view_count(out, visitors)["status"] == "agrees"
    hub.restart()
    assert counts(hub).lines[0].counted == 10
    assert hub.acks(count(hub, 1, 11), 1)[0]["status"] == "duplicate"


def test_a_count_the_hub_cannot_take_is_refused_with_a_code(hub):
    hub.command("start_hand")
    out = count(hub, 2, 12)
    assert hub.acks(out, 2)[0]["code"] == "wrong_day"
    hub.command("end_day", early=True)
    assert hub.acks(count(hub, 2, 12, count_id="x"), 3) == []  # only table 2 hears of it
    assert hub.acks(count(hub, 3, 99), 3)[0]["code"] == "out_of_range"
    payload = b'{"v":1,"id":"k9","table":4,"day":1,"flags":12}'
    assert hub.acks(hub.send(Inbound("count", 3, payload)), 3)[0]["code"] == "wrong_table"
    # Once the next day's first hand starts, the kiosk no longer asks (the console still may).
    hub.command("start_hand")
    assert retained(hub, "whist/table/1/view")["count"] is None


def test_standings_csv_says_each_days_count(hub, tmp_path):
    import csv

    visitors = play_day_one(hub)
    count(hub, 1, 11)  # the table's own count differs
    hub.command("verify", table=visitors, flags=14)
    hub.command("export", language="en")
    rows = list(csv.reader((tmp_path / "exports" / "standings.csv").open(encoding="utf-8")))
    assert rows[-1] == ["day 1 count", "2 of 4 tables counted", "differ: 1", "not verified"]
    hub.command("accept_count", table=1, day=1, reason="a flag lost")
    hub.command("export", language="en")
    rows = list(csv.reader((tmp_path / "exports" / "standings.csv").open(encoding="utf-8")))
    assert rows[-2:] == [
        ["day 1 count", "2 of 4 tables counted", "none differs", "not verified"],
        ["day 1 count", "table 1: accepted", "a flag lost"],
    ]
