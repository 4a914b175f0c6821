"""The club night's hub (hub/service/club.py), without a network: deals in, acks and retained views
out, commit before ack, the leader's commands, and what is republished at connect."""

import csv
import json

import pytest
from click.testing import CliRunner

from hub.cli import main
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.store import EventStore, StoreError
from tests.hub.test_core import Harness, command
from tests.hub.test_core import result as military_result
from whist.night import club_score, night_standings, night_state
from whist.nightspec import LengthSpec, default_night
from whist.pattern import default_spec


def deal(table, number, record, did=None, **extra):
    body = {"v": 1, "id": did or f"d-{table}-{number}", "table": table, "deal": number}
    body["record"] = record
    body.update(extra)
    return json.dumps(body).encode()


class ClubHarness(Harness):
    """The military tests' harness around a club night's core."""

    def __init__(self, path, game="american", tables=3, **kw):
        self.path = path
        self.spec = default_night(game, tables, **kw)
        self.store = EventStore(path)
        self.core = self._core()

    def _core(self, **kw):
        return HubCore(self.store, self.spec, **kw)

    def deal(self, table, payload):
        return self.send(Inbound("deal", table, payload))


@pytest.fixture
def hub(tmp_path):
    h = ClubHarness(tmp_path / "hub.sqlite3")
    yield h
    h.store.close()


def published(out, topic):
    found = [p for t, p, retain in out if t == topic]
    assert len(found) == 1, f"{topic}: {len(found)} messages"
    return found[0]


def test_an_accepted_deal_is_committed_acked_and_republished(hub):
    out = hub.deal(2, deal(2, 1, {"trump": "hearts", "ns_tricks": 9}))
    assert hub.acks(out, 2) == [{"v": 1, "id": "d-2-1", "status": "accepted", "deal": 1, "seq": 2}]
    assert [t for t, _, retain in out if retain] == [
        "whist/table/2/score",
        "whist/night",
        "whist/state",
    ]
    assert out[-1][0] == "whist/table/2/ack"  # the ack goes out after the views
    night = hub.core.night
    assert published(out, "whist/table/2/score") == json.loads(
        club_score(night, 2).model_dump_json()
    )
    assert published(out, "whist/night") == json.loads(night_standings(night).model_dump_json())
    assert published(out, "whist/state")["reported"] == [2]
    assert hub.store.count() == 2  # on disk before the ack was handed out
    hub.restart()
    assert hub.core.night.table(2).score_of("NS") == 3


def test_the_same_id_or_the_same_record_again_is_a_duplicate(hub):
    hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}))
    again = hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}))
    assert hub.acks(again, 1) == [{"v": 1, "id": "d-1-1", "status": "duplicate", "deal": 1}]
    other_id = hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}, did="new-kiosk"))
    assert hub.acks(other_id, 1)[0]["status"] == "duplicate"
    assert [t for t, _, retain in again + other_id if retain] == []
    assert hub.store.count() == 2


def test_a_different_record_for_a_recorded_deal_is_a_conflict_the_console_sees(hub):
    hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}))
    out = hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 4}, did="other"))
    (ack,) = hub.acks(out, 1)
    assert (ack["status"], ack["code"], ack["deal"]) == ("rejected", "conflict", 1)
    assert published(out, "whist/state")["conflicts"] == [1]
    hub.restart()  # the conflict is kept
    assert hub.core.conflict_tables() == [1]
    fixed = hub.command(
        "correct_deal",
        table=1,
        deal=1,
        record={"trump": "clubs", "ns_tricks": 4},
        reason="the second slip was right",
    )
    assert fixed == {"v": 1, "id": fixed["id"], "ok": True, "data": {"table": 1, "deal": 1}}
    assert hub.core.conflict_tables() == []
    assert hub.core.night.table(1).score_of("EW") == 3


@pytest.mark.parametrize(
    ("table", "payload", "code"),
    [
        (2, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}), "wrong_table"),
        (1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9, "ew_tricks": 5}), "rejected"),
        (1, deal(1, 2, {"trump": "clubs", "ns_tricks": 9}), "wrong_hand"),
        (1, deal(1, 1, {"granded": "NS", "ns_tricks": 9}), "rejected"),
        (1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}, extra=1), "unknown_field"),
        (4, deal(4, 1, {"trump": "clubs", "ns_tricks": 9}), "bad_table"),
    ],
)
def test_a_deal_the_rules_refuse_is_rejected_with_the_core_s_reason(hub, table, payload, code):
    out = hub.deal(table, payload)
    (ack,) = hub.acks(out, table)
    assert (ack["status"], ack["code"]) == ("rejected", code)
    assert ack["reason"]
    assert hub.store.count() == 1 and [t for t, _, r in out if r] == []


def test_a_military_result_or_command_is_refused_as_the_wrong_format(hub):
    out = hub.send(Inbound("result", 1, military_result(1)))
    assert hub.acks(out, 1)[0]["code"] == "wrong_format"
    count = b'{"v":1,"id":"k1","table":1,"day":1,"flags":12}'  # a night has no flags to count
    assert hub.acks(hub.send(Inbound("count", 1, count)), 1)[0]["code"] == "wrong_format"
    for op in ("start_hand", "plan", "ties", "results"):
        reply = hub.command(op)
        assert (reply["ok"], reply["data"]["code"]) == (False, "wrong_format"), op


def test_a_military_hub_refuses_a_club_deal(tmp_path):
    with EventStore(tmp_path / "hub.sqlite3") as store:
        core = HubCore(store, default_spec("alberta", 3))
        out = core.handle([Inbound("deal", 1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}))])
        (ack,) = [json.loads(o.payload) for o in out if o.topic == "whist/table/1/ack"]
        assert (ack["status"], ack["code"]) == ("rejected", "wrong_format")


def test_a_club_core_will_not_open_a_military_log(tmp_path):
    with EventStore(tmp_path / "hub.sqlite3") as store:
        HubCore(store, default_spec("alberta", 3))
        with pytest.raises(StoreError, match="military whist tournament"):
            HubCore(store, default_night("american", 3))


def test_end_night_deals_and_a_command_answered_once(hub):
    hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}))
    hub.deal(1, deal(1, 2, {"trump": "spades", "ew_tricks": 8}))
    listing = hub.command("deals", table=1)["data"]["tables"]
    assert [d["deal"] for d in listing[0]["deals"]] == [1, 2]
    assert listing[0]["deals"][1]["lines"] == [{"party": "EW", "points": 2, "why": "tricks"}]
    assert hub.command("deals", table=9)["data"]["code"] == "bad_table"
    cid = "end-1"
    first = hub.send(Inbound("command", None, command("end_night", cid=cid)))
    reply = published(first, "whist/leader/reply")
    assert reply["data"] == {"deals": 2}
    assert published(first, "whist/night")["ended"] is True
    assert published(first, "whist/state")["finished"] is True
    assert {t for t, _, r in first if r} >= {f"whist/table/{t}/score" for t in (1, 2, 3)}
    again = hub.send(Inbound("command", None, command("end_night", cid=cid)))
    assert published(again, "whist/leader/reply") == reply  # same answer, done once
    late = hub.deal(2, deal(2, 1, {"trump": "clubs", "ns_tricks": 9}))
    assert hub.acks(late, 2)[0]["code"] == "finished"
    refused = hub.command("correct_deal", table=1, deal=1, record={"trump": "clubs"}, reason="x")
    assert not refused["ok"]


def test_calls_and_status_reach_the_state_and_clear_call_clears(hub):
    out = hub.send(Inbound("call", 3, b'{"v":1,"id":"k1","reason":"a revoke?"}'))
    state = published(out, "whist/state")
    assert state["calling"] == [3] and state["call_reasons"] == {"3": "a revoke?"}
    out = hub.send(Inbound("status", 3, b"online"))
    assert published(out, "whist/state")["offline"] == [1, 2]
    assert hub.command("clear_call", table=3)["data"] == {"table": 3, "cleared": True}
    assert hub.core.calls == {}


def test_everything_retained_is_what_the_core_computes(hub):
    hub.deal(3, deal(3, 1, {"trump": "clubs", "ns_tricks": 9}))
    retained = {o.topic: json.loads(o.payload) for o in hub.core.retained()}
    night = hub.core.night
    assert set(retained) == {
        "whist/table/1/score",
        "whist/table/2/score",
        "whist/table/3/score",
        "whist/night",
        "whist/state",
        "whist/hub/epoch",
    }
    for t in (1, 2, 3):
        assert retained[f"whist/table/{t}/score"] == json.loads(
            club_score(night, t).model_dump_json()
        )
    state = json.loads(night_state(night, offline=[1, 2, 3]).model_dump_json())
    assert retained["whist/state"] == state
    assert hub.core.flush() == [] and hub.core.held_wait() is None


def test_export_is_what_tally_reads_and_gives_the_hub_s_standings(tmp_path):
    hub = ClubHarness(tmp_path / "hub.sqlite3", game="minnesota", tables=2)
    plays = {
        1: [{"granded": "NS", "ns_tricks": 10}, {"granded": "low", "ns_tricks": 4}],
        2: [{"granded": "EW", "ew_tricks": 8}, {"granded": "NS", "ns_tricks": 2}],
    }
    for table, records in plays.items():
        for n, record in enumerate(records, start=1):
            assert hub.acks(hub.deal(table, deal(table, n, record)), table)[0]["status"] == (
                "accepted"
            )
    hub.command(
        "correct_deal", table=2, deal=1, record={"granded": "EW", "ew_tricks": 9}, reason="slip"
    )
    reply = hub.command("export")
    assert reply["ok"], reply
    folder = tmp_path / "exports"
    with (folder / "deals.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert list(rows[0]) == [
        "table",
        "deal",
        "granded",
        "ns_tricks",
        "ew_tricks",
        "ns_revokes",
        "ew_revokes",
        "entered_by",
        "corrected",
        "reason",
        "player_N",
        "player_E",
        "player_S",
        "player_W",
    ]
    assert rows[2] == {  # the corrected deal says so, with the leader's reason (issue 29)
        "table": "2",
        "deal": "1",
        "granded": "EW",
        "ns_tricks": "",
        "ew_tricks": "9",
        "ns_revokes": "",
        "ew_revokes": "",
        "entered_by": "leader",
        "corrected": "yes",
        "reason": "slip",
        "player_N": "",
        "player_E": "",
        "player_S": "",
        "player_W": "",
    }
    assert [(r["deal"], r["entered_by"], r["corrected"]) for r in rows[:2]] == [
        ("1", "table", ""),
        ("2", "table", ""),
    ]
    tally = CliRunner().invoke(main, ["tally", "--format", "minnesota", str(folder / "deals.csv")])
    assert tally.exit_code == 0, tally.output
    lines = tally.output.splitlines()[2:]
    held = [
        (r.rank, r.table, r.party, r.wins, r.points) for r in night_standings(hub.core.night).rows
    ]
    assert [tuple(int(w) if w.isdigit() else w for w in line.split()[:5]) for line in lines] == held
    with (folder / "standings.csv").open(newline="") as f:
        standings = list(csv.DictReader(f))
    assert [(int(s["rank"]), s["side"], int(s["points"])) for s in standings] == [
        (r[0], r[2], r[4]) for r in held
    ]
    hub.store.close()


def test_a_night_of_a_length_refuses_deals_after_it(tmp_path):
    hub = ClubHarness(
        tmp_path / "hub.sqlite3",
        game="american",
        tables=1,
        length=LengthSpec(unit="deals", count=1),
    )
    hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}))
    out = hub.deal(1, deal(1, 2, {"trump": "clubs", "ns_tricks": 9}))
    assert hub.acks(out, 1)[0]["code"] == "finished"
    hub.store.close()


def test_a_refused_deal_s_ack_gives_its_reason_as_a_template_and_values(hub):
    """reason_text/reason_args (ext): the template formatted with its values is the reason."""
    out = hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9, "ew_tricks": 5}))
    (ack,) = hub.acks(out, 1)
    assert ack["reason_text"] == (
        "NS {ns} and EW {ew} tricks make {total}, but a deal has 13 tricks: count again"
    )
    assert ack["reason_args"] == {"ns": 9, "ew": 5, "total": 14}
    assert ack["reason"] == ack["reason_text"].format(**ack["reason_args"])
    # a refusal that is not the rules' has none
    (other,) = hub.acks(hub.deal(2, deal(1, 1, {"trump": "clubs", "ns_tricks": 9})), 2)
    assert "reason_text" not in other and "reason_args" not in other


def test_a_refused_correct_deal_names_the_deal_in_its_values(hub):
    hub.deal(1, deal(1, 1, {"trump": "clubs", "ns_tricks": 9}))
    refused = hub.command(
        "correct_deal", table=1, deal=1, record={"ns_tricks": 9, "honours": "NS"}, reason="x"
    )
    assert refused["error"] == "deal 1: American whist has no honours to enter"
    assert refused["data"] == {
        "code": "rejected",
        "reason_text": "{game} has no {fields} to enter",
        "reason_args": {"game": "American whist", "fields": "honours", "at_deal": 1},
    }


def test_a_club_night_s_feed_apart_publishes_what_one_process_would(tmp_path):
    from tests.hub.test_core import same_feed_apart

    one = ClubHarness(tmp_path / "one.sqlite3")
    two = ClubHarness(tmp_path / "two.sqlite3")
    record = {"trump": "clubs", "ns_tricks": 9}
    rounds = [
        [Inbound("deal", 1, deal(1, 1, record)), Inbound("deal", 2, deal(2, 1, record))],
        [Inbound("deal", 1, deal(1, 1, record)), Inbound("call", 3, b'{"v":1,"id":"x"}')],
        [Inbound("command", None, command("deals", cid="q1"))],
    ]
    same_feed_apart(one, two, rounds)
