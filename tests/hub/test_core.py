"""The hub's handling rules, without a network: results, commands, calls, durability."""

import json
import random
import sqlite3
import time

import pytest

from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.feed import RELEASE_CHUNK
from hub.service.store import EventStore, StoreError, event_checksum
from whist.pattern import default_spec
from whist.protocol import UNREADABLE_CALL


def result(table, hand=1, tricks=8, rid=None, **extra):
    body = {
        "v": 1,
        "id": rid or f"r-{hand}-{table}",
        "hand": hand,
        "table": table,
        "visitor_tricks": tricks,
        "home_tricks": 13 - tricks,
        "revokes": {"home": 0, "visitors": 0},
    }
    body.update(extra)
    return json.dumps(body).encode()


def command(op, cid=None, **fields):
    return json.dumps(
        {"v": 1, "id": cid or f"c-{op}-{random.random()}", "op": op, **fields}
    ).encode()


class Harness:
    def __init__(self, path, fmt="alberta", tables=4, hands=6, advance=1, minutes=0, **kw):
        self.path = path
        self.spec = default_spec(fmt, tables, hands, **kw).model_copy(
            update={"advance": advance, "minutes": minutes}
        )
        self.store = EventStore(path)
        self.core = self._core(rng=random.Random(7))

    def _core(self, **kw):
        return HubCore(self.store, self.spec, **kw)

    def send(self, *items):
        out = self.core.handle(list(items))
        return [
            (o.topic, json.loads(o.payload) if o.payload[:1] == b"{" else o.payload, o.retain)
            for o in out
        ]

    def result(self, table, payload):
        return self.send(Inbound("result", table, payload))

    def the_rest_even(self, hand=1):
        """Every table with no result for ``hand`` reports 6 tricks to the visitors: no flag
        moves (a playoff waits for every result, rules A9)."""
        for table in self.core.tournament.missing(hand):
            self.result(table, result(table, hand=hand, tricks=6))

    def command(self, op, **fields):
        out = self.send(Inbound("command", None, command(op, **fields)))
        replies = [p for t, p, _ in out if t == "whist/leader/reply"]
        assert len(replies) == 1
        return replies[0]

    def acks(self, out, table):
        return [p for t, p, _ in out if t == f"whist/table/{table}/ack"]

    def restart(self):
        self.store.close()
        self.store = EventStore(self.path)
        self.core = self._core()


@pytest.fixture
def hub(tmp_path):
    h = Harness(tmp_path / "hub.sqlite3")
    yield h
    h.store.close()


def test_accepted_result_is_acked_with_flags_and_republishes(hub):
    assert hub.command("start_hand")["ok"]
    out = hub.result(2, result(2, tricks=10))
    assert hub.acks(out, 2) == [
        {"v": 1, "id": "r-1-2", "status": "accepted", "hand": 1, "flags": 10, "seq": 3}
    ]
    standings = next(p for t, p, _ in out if t == "whist/standings")
    assert standings["seq"] == 3  # counted in these standings
    topics = [t for t, _, retain in out if retain]
    assert topics == [
        "whist/table/1/assignment",
        "whist/table/1/view",
        "whist/table/2/assignment",
        "whist/table/2/view",
        "whist/state",
        "whist/standings",
    ]
    view = next(p for t, p, _ in out if t == "whist/table/2/view")
    assert (view["held"], view["results"][0]["flags"], view["results"][0]["by"]) == (
        10,
        2,
        "table",
    )
    state = next(p for t, p, _ in out if t == "whist/state")
    assert state["reported"] == [2] and state["missing"] == [1, 3, 4]
    assert hub.store.count() == 3


def test_acks_come_after_the_retained_updates(hub):
    hub.command("start_hand")
    out = hub.result(2, result(2))
    assert [t for t, _, _ in out][-1] == "whist/table/2/ack"


def test_duplicate_is_never_counted_twice(hub):
    hub.command("start_hand")
    hub.result(2, result(2, tricks=10))
    out = hub.result(2, result(2, tricks=10))
    assert hub.acks(out, 2)[0]["status"] == "duplicate"
    assert [t for t, _, _ in out] == ["whist/table/2/ack"]  # nothing else changes
    assert hub.core.tournament.flags_held(1) == 14 and hub.store.count() == 3


def test_duplicates_inside_one_batch(hub):
    hub.command("start_hand")
    out = hub.send(*[Inbound("result", 2, result(2, tricks=10)) for _ in range(3)])
    assert [a["status"] for a in hub.acks(out, 2)] == ["accepted", "duplicate", "duplicate"]
    assert hub.core.tournament.flags_held(1) == 14


def test_conflict_rejected_kept_and_settled_by_a_correction(hub):
    hub.command("start_hand")
    hub.result(3, result(3, tricks=7, rid="first"))
    out = hub.result(3, result(3, tricks=2, rid="second"))
    ack = hub.acks(out, 3)[0]
    assert ack["status"] == "rejected" and ack["code"] == "conflict"
    state = next(p for t, p, _ in out if t == "whist/state")
    assert state["conflicts"] == [3]
    assert [c.result_id for c in hub.store.conflicts()] == ["second"]
    hub.restart()  # the leader still sees it after a restart
    assert hub.core.conflict_tables() == [3]
    reply = hub.command(
        "correct",
        hand=1,
        table=3,
        visitor_tricks=2,
        home_tricks=11,
        revokes={"home": 0, "visitors": 0},
        reason="second slip was right",
    )
    assert reply["ok"] and hub.core.conflict_tables() == [] and hub.store.conflicts() == []
    assert hub.core.tournament.flags_held(3) == 12


@pytest.mark.parametrize(
    ("topic_table", "payload", "code", "words"),
    [
        (2, result(3), "wrong_table", "came from table 2"),
        (2, result(2, hand=2), "wrong_hand", "has not started"),
        (2, result(2, tricks=14), "out_of_range", "0 to 13"),
        (2, result(2, home_tricks=4), "inconsistent", "add up to 13"),
        (2, result(2, hand="1"), "wrong_type", "hand"),
        (2, b'{"v":1,"id":"x","hand":1}', "missing_field", "table"),
        (2, result(2, v=2), "bad_version", "version"),
        (2, result(2, colour="red"), "unknown_field", "colour"),
    ],
)
def test_bad_results_get_a_readable_rejection(hub, topic_table, payload, code, words):
    hub.command("start_hand")
    before = hub.store.count()
    out = hub.result(topic_table, payload)
    (ack,) = hub.acks(out, topic_table)
    assert ack["status"] == "rejected" and ack["code"] == code, ack
    assert words in ack["reason"]
    assert hub.store.count() == before


def test_a_table_beyond_the_hall_is_rejected(hub):
    hub.command("start_hand")
    out = hub.result(9, result(9))
    assert hub.acks(out, 9)[0]["code"] == "bad_table"


def test_garbage_without_an_id_is_dropped_and_the_leader_told_once(hub, caplog):
    published = [hub.result(1, junk) for junk in (b"", b"\xff\xfe", b"[1,2]", b"null")]
    published += [hub.result(1, junk) for junk in (b"{" * 5000, b"[" * 3000 + b"]" * 3000)]
    assert [[o[0] for o in out] for out in published] == [["whist/state"]] + [[]] * 5
    assert published[0][0][1]["call_reasons"]["1"].startswith(UNREADABLE_CALL)
    assert "unreadable result dropped" in caplog.text


def test_results_before_the_first_hand(hub):
    out = hub.result(1, result(1))
    assert hub.acks(out, 1)[0]["code"] == "wrong_hand"


def test_gaspesie_ack_carries_points(tmp_path):
    h = Harness(tmp_path / "g.sqlite3", fmt="gaspesie")
    h.command("start_hand")
    out = h.result(2, result(2, tricks=13))
    ack = h.acks(out, 2)[0]
    assert ack["status"] == "accepted" and "flags" not in ack and ack["points"] == 0
    assert next(p for t, p, _ in out if t == "whist/table/1/assignment")["points"] == 2
    assert h.command("penalty", hand=1, table=2, side="visitors", reason="signals")["ok"]
    assert h.core.tournament.score(2) == 1


# --- commands ---------------------------------------------------------------------------------


def test_start_hand_uses_the_pattern_trump_or_the_leaders(hub):
    reply = hub.command("start_hand")
    assert reply["data"] == {"hand": 1, "trump": "spades"}
    hub.command("close_hand")
    reply = hub.command("start_hand", trump="none")
    assert reply["data"]["trump"] == "none" and hub.core.tournament.trumps[2] is None


def test_start_hand_by_a_cut(hub):
    reply = hub.command("start_hand", cut=True)
    assert reply["ok"] and reply["data"]["trump"] in ("spades", "hearts", "diamonds", "clubs")
    assert reply["data"]["cut"][-1] in "♠♥♦♣"


def test_leader_choice_needs_a_trump(tmp_path):
    h = Harness(tmp_path / "l.sqlite3", leader_chooses_trump=True)
    reply = h.command("start_hand")
    assert not reply["ok"] and "leader's choice" in reply["error"]
    assert reply["data"]["code"] == "trump_required"
    assert h.command("start_hand", trump="hearts")["ok"]


def test_close_hand_lists_missing_tables(hub):
    hub.command("start_hand")
    hub.result(2, result(2))
    reply = hub.command("close_hand")
    assert reply["data"] == {"hand": 1, "missing": [1, 3, 4]}
    out = hub.result(3, result(3))
    assert hub.acks(out, 3)[0]["code"] == "hand_closed"


def test_undo_start(hub):
    hub.command("start_hand")
    assert hub.command("undo_start")["data"] == {"hand": 1}
    assert hub.core.tournament.hand == 0
    assert not hub.command("undo_start")["ok"]


def test_loan_and_end_day(tmp_path):
    h = Harness(tmp_path / "d.sqlite3", hands=31)
    assert h.command("loan", table=2, flags=3)["data"] == {"table": 2, "flags": 15}
    for _ in range(30):
        assert h.command("start_hand")["ok"]
    h.result(2, result(2, hand=30, tricks=10))
    refused = h.command("start_hand")
    assert not refused["ok"] and "end day 1 first" in refused["error"]
    reply = h.command("end_day")
    assert reply["ok"] and reply["data"]["day"] == 1
    assert sum(reply["data"]["totals"].values()) == 48


def test_a_command_sent_twice_is_done_once(hub):
    payload = command("start_hand", cid="same")
    first = hub.send(Inbound("command", None, payload))
    again = hub.send(Inbound("command", None, payload))
    both = hub.send(*[Inbound("command", None, command("close_hand", cid="c2"))] * 2)
    assert hub.core.tournament.hand == 1
    assert [p for t, p, _ in again] == [p for t, p, _ in first if t.endswith("reply")]
    assert [p["ok"] for t, p, _ in both if t.endswith("reply")] == [True, True]
    hub.restart()
    again = hub.send(Inbound("command", None, payload))
    assert [p["data"] for _, p, _ in again] == [{"hand": 1, "trump": "spades"}]
    assert hub.core.tournament.hand == 1


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        (command("fly"), "unknown op"),
        (command("loan", table=2, flags=0), "flags"),
        (
            command(
                "correct",
                hand=1,
                table=1,
                visitor_tricks=7,
                home_tricks=6,
                revokes={"home": 0, "visitors": 0},
                reason=" ",
            ),
            "reason",
        ),
        (command("start_hand", trump="stars"), "trump"),
    ],
    ids=["unknown-op", "no-flags", "blank-reason", "bad-trump"],
)
def test_bad_commands_get_ok_false(hub, payload, words):
    out = hub.send(Inbound("command", None, payload))
    (reply,) = [p for t, p, _ in out]
    assert reply["ok"] is False and words in reply["error"]


def test_bad_command_without_id_is_dropped(hub):
    assert hub.send(Inbound("command", None, b'{"op":"start_hand"}')) == []


def test_tiebreak_commands(tmp_path):
    h = Harness(tmp_path / "t.sqlite3", tables=5, hands=1)
    h.command("start_hand")
    h.result(1, result(1, tricks=10))  # team 5 14, team 1 10, teams 2, 3, 4 on 12
    h.command("close_hand")
    refused = h.command("tiebreak_start", teams=[2, 3, 4])
    assert not refused["ok"] and "enter the 4 missing results first" in refused["error"]
    sheet = {"visitor_tricks": 6, "home_tricks": 7, "revokes": {"home": 0, "visitors": 0}}
    for table in (2, 3, 4, 5):  # the leader enters them from the score sheets: no flag moves
        entered = h.command("correct", hand=1, table=table, reason="the score sheet", **sheet)
        assert entered["ok"], entered
    reply = h.command("tiebreak_start", teams=[2, 3, 4])
    data = reply["data"]
    assert reply["ok"] and set(data["draws"]) == {"2", "3", "4"}
    assert data["next"] == data["order"][:2] and "cut" in data
    a, b = data["next"]
    reply = h.command("tiebreak_result", teams=[a, b], tricks=[9, 4])
    assert reply["data"]["decided"] is False and reply["data"]["next"] == [a, data["order"][2]]
    reply = h.command("tiebreak_result", teams=reply["data"]["next"], tricks=[3, 10])
    assert reply["data"] == {"decided": True, "order": [data["order"][2], a, b]}
    ranks = [t.rank for t in h.core.tournament.standings()]
    assert ranks == [1, 2, 3, 4, 5]
    h.restart()
    assert [t.rank for t in h.core.tournament.standings()] == ranks
    assert not h.command("tiebreak_result", teams=[a, b], tricks=[7, 6])["ok"]


# --- calls, status, persistence -----------------------------------------------------------------


def test_call_the_leader_and_clear(hub):
    out = hub.send(Inbound("call", 3, b'{"v":1,"id":"k1","reason":"revoke dispute"}'))
    state = next(p for t, p, _ in out if t == "whist/state")
    assert state["calling"] == [3]
    hub.restart()
    assert hub.core.calls == {3: "revoke dispute"}
    assert hub.command("clear_call", table=3)["data"] == {"table": 3, "cleared": True}
    assert hub.command("clear_call", table=3)["data"] == {"table": 3, "cleared": False}
    assert hub.send(Inbound("call", 3, b"nonsense")) == []
    assert hub.send(Inbound("call", 99, b'{"v":1,"id":"k","reason":""}')) == []


def test_kiosk_status_shown_in_state(hub):
    out = hub.send(Inbound("status", 1, b"online"), Inbound("status", 2, b"online"))
    assert next(p for t, p, _ in out if t == "whist/state")["offline"] == [3, 4]
    out = hub.send(Inbound("status", 2, b"offline"), Inbound("status", 9, b"online"))
    assert next(p for t, p, _ in out if t == "whist/state")["offline"] == [2, 3, 4]
    assert hub.send(Inbound("status", 1, b"online")) == []  # no change, nothing published
    assert hub.send(Inbound("status", 1, b"maybe")) == []


def test_unknown_kind_is_dropped(hub):
    assert hub.send(Inbound("bogus", 1, b"{}")) == []


def test_restart_replays_the_log(hub):
    hub.command("start_hand")
    hub.result(2, result(2, tricks=12))
    hub.result(3, result(3, tricks=7))
    before = hub.core.retained()
    hub.restart()
    after = hub.core.retained()
    # the same state; only the epoch is new (a new session: the tables offer their results again)
    assert after[:-1] == before[:-1]
    assert after[-1].topic == before[-1].topic == "whist/hub/epoch"
    assert after[-1].payload != before[-1].payload
    out = hub.result(2, result(2, tricks=12))
    assert hub.acks(out, 2)[0]["status"] == "duplicate"


def test_the_log_keeps_the_original_tournament(tmp_path):
    h = Harness(tmp_path / "x.sqlite3")
    h.store.close()
    store = EventStore(tmp_path / "x.sqlite3")
    core = HubCore(store, default_spec("alberta", 6, 6))
    assert core.spec_changed and core.tournament.tables == 4
    store.close()


def test_an_empty_log_needs_a_tournament(tmp_path):
    store = EventStore(tmp_path / "e.sqlite3")
    with pytest.raises(StoreError, match="no tournament"):
        HubCore(store)
    store.close()


def test_a_bug_in_handling_is_answered_and_the_state_rebuilt(hub, monkeypatch, caplog):
    hub.command("start_hand")
    hub.result(1, result(1))

    def explode(event):
        raise RuntimeError("boom")

    monkeypatch.setattr(hub.core.tournament, "apply", explode)
    out = hub.result(2, result(2))
    assert hub.acks(out, 2)[0]["code"] == "internal"
    assert "internal error" in caplog.text
    monkeypatch.undo()
    assert hub.core.tournament.reported_tables() == [1]  # rebuilt from the log
    out = hub.result(2, result(2))
    assert hub.acks(out, 2)[0]["status"] == "accepted"


def test_a_damaged_log_is_named(tmp_path):
    h = Harness(tmp_path / "bad.sqlite3")
    h.store._db.execute("INSERT INTO events (kind, body, at) VALUES ('x', '{oops', 0)")
    with pytest.raises(StoreError, match=r"event 2 \(x\) does not match its checksum"):
        h.store.events()


def test_an_event_with_its_checksum_but_unreadable_is_named(tmp_path):
    h = Harness(tmp_path / "bad.sqlite3")
    h.store._db.execute(
        "INSERT INTO events (seq, kind, body, at, checksum) VALUES (2, 'x', '{oops', 0, ?)",
        (event_checksum(2, b"x", b"{oops"),),
    )
    with pytest.raises(StoreError, match="event 2 cannot be read"):
        h.store.events()


def test_every_event_is_checksummed_in_order(hub):
    hub.command("start_hand")
    hub.result(1, result(1))
    rows = hub.store._db.execute("SELECT seq, kind, body, checksum FROM events").fetchall()
    assert [seq for seq, *_ in rows] == [1, 2, 3]
    assert all(c == event_checksum(s, k.encode(), b.encode()) for s, k, b, c in rows)


def test_a_log_from_before_checksums_is_sealed_once(tmp_path):
    path = tmp_path / "old.sqlite3"
    Harness(path).store.close()
    with sqlite3.connect(path) as db:  # the layout hubs wrote before checksums
        db.execute("ALTER TABLE events DROP COLUMN checksum")
        db.execute("PRAGMA user_version = 0")
    db.close()
    with EventStore(path) as store:
        assert store.sealed == 1 and len(store.events()) == 1
    with EventStore(path) as store:
        assert store.sealed == 0


def test_a_log_from_a_newer_hub_is_refused(tmp_path):
    path = tmp_path / "new.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(StoreError, match="newer whist-hub"):
        EventStore(path)


def test_store_cannot_open_a_folder(tmp_path):
    with pytest.raises(StoreError, match="cannot open"):
        EventStore(tmp_path)


def test_full_standings_are_held_back_changes_are_not(tmp_path):
    now = [100.0]
    store = EventStore(tmp_path / "s.sqlite3")
    core = HubCore(
        store, default_spec("alberta", 4, 6), standings_interval=0.25, clock=lambda: now[0]
    )

    def topics(out):
        return [o.topic for o in out if "standings" in o.topic]

    start = core.handle([Inbound("command", None, command("start_hand"))])
    assert topics(start) == ["whist/standings"]  # a command: at once
    now[0] += 0.3
    first = core.handle([Inbound("result", 2, result(2, tricks=10))])
    # assignments and State are due again, with the changes gathered for the phones; full
    # standings only a second after the last
    assert topics(first) == ["whist/standings/gathered", "whist/standings/changes"]
    assert "whist/state" in [o.topic for o in first]
    changes = json.loads(next(o.payload for o in first if o.topic.endswith("changes")))
    assert changes == {
        "v": 1,
        "hand": 1,
        "day": 1,
        "seq": 3,
        "teams": [
            {"team": 1, "flags": 14, "points": 0, "day_totals": [14], "loans": 0},
            {"team": 2, "flags": 10, "points": 0, "day_totals": [10], "loans": 0},
        ],
    }
    gathered = next(o for o in first if o.topic.endswith("gathered"))
    assert json.loads(gathered.payload) == changes and not gathered.retain
    now[0] += 0.1
    second = core.handle([Inbound("result", 3, result(3, tricks=7))])
    # The ack and the changes at once; assignments, state and full standings wait.
    assert [o.topic for o in second] == ["whist/standings/changes", "whist/table/3/ack"]
    assert core.held_wait() == pytest.approx(0.15)
    assert core.flush() == []
    now[0] += 0.2
    released = core.flush()
    assert [o.topic for o in released] == [
        "whist/standings/gathered",  # what moved since the last gathered: the second result
        "whist/table/2/assignment",
        "whist/table/2/view",
        "whist/table/3/assignment",
        "whist/table/3/view",
        "whist/state",
    ]
    assert released[0].payload == second[0].payload
    assert core.held_wait() == pytest.approx(0.4)  # the full standings, at 101.0
    now[0] += 0.4
    (full,) = core.flush()
    assert full.topic == "whist/standings"
    assert json.loads(full.payload)["seq"] == 4 and full.retain
    assert core.flush() == [] and core.held_wait() is None
    store.close()


def test_a_command_releases_everything_held(tmp_path):
    now = [100.0]
    store = EventStore(tmp_path / "s.sqlite3")
    core = HubCore(
        store, default_spec("alberta", 4, 6), standings_interval=10, clock=lambda: now[0]
    )
    core.handle([Inbound("command", None, command("start_hand"))])
    core.handle([Inbound("result", 2, result(2, tricks=10))])
    out = core.handle([Inbound("command", None, command("close_hand"))])
    topics = [o.topic for o in out]
    assert "whist/state" in topics and "whist/standings" in topics
    assert topics[-1] == "whist/leader/reply" and core.held_wait() is None
    store.close()


def test_the_same_result_under_a_new_id_is_a_duplicate(hub):
    hub.command("start_hand")
    hub.result(3, result(3, tricks=9, rid="old-kiosk"))
    out = hub.result(3, result(3, tricks=9, rid="spare-kiosk"))
    assert hub.acks(out, 3)[0]["status"] == "duplicate"
    assert hub.core.conflict_tables() == [] and hub.store.count() == 3


def test_conflicts_of_earlier_hands_stay_visible(hub):
    hub.command("start_hand")
    hub.result(3, result(3, tricks=9, rid="a"))
    hub.result(3, result(3, tricks=2, rid="b"))
    hub.command("start_hand")
    assert hub.core.conflict_tables() == [3]


def test_call_reasons_are_published(hub):
    out = hub.send(Inbound("call", 2, b'{"v":1,"id":"k","reason":"revoke?"}'))
    state = next(p for t, p, _ in out if t == "whist/state")
    assert state["call_reasons"] == {"2": "revoke?"}


def test_malformed_commands_carry_a_code(hub):
    out = hub.send(Inbound("command", None, command("loan", table=2, flags=0)))
    (reply,) = [p for t, p, _ in out]
    assert reply["data"] == {"code": "out_of_range"}


def test_a_big_release_comes_in_slices_and_the_full_standings_on_their_own(tmp_path):
    now = [100.0]
    store = EventStore(tmp_path / "c.sqlite3")
    core = HubCore(
        store, default_spec("alberta", 150, 2), standings_interval=0.25, clock=lambda: now[0]
    )
    core.handle([Inbound("command", None, command("start_hand"))])
    now[0] += 1
    out = core.handle([Inbound("result", t, result(t)) for t in range(1, 150)])
    assert [o.topic for o in out if "/standings/" in o.topic] == [
        "whist/standings/gathered",
        "whist/standings/changes",
    ]
    slices = [[o for o in out if o.retain]]
    assert len(slices[0]) == 2 * RELEASE_CHUNK + 1  # each table: assignment and view; State
    # A result between two slices: its changes at once to the hall, but to the phones once a
    # release, not with every slice (the phones' broker copies each message to every phone).
    later = core.handle([Inbound("result", 150, result(150))])
    assert [o.topic for o in later if "/standings/" in o.topic] == ["whist/standings/changes"]
    slices.append([o for o in later if o.retain])
    while core.held_wait() == 0:
        slices.append(core.flush())
    assert core.held_wait() is None
    gathered = [(i, o) for i, part in enumerate(slices) for o in part if "/standings/" in o.topic]
    assert [(i, o.topic) for i, o in gathered] == [
        (len(slices) - 1, "whist/standings/gathered")  # with the full standings, at the end
    ]
    (changes,) = [o for o in later if o.topic == "whist/standings/changes"]
    assert gathered[0][1].payload == changes.payload  # what moved since: table 150's teams
    tables = [{o.topic for o in part if "/table/" in o.topic} for part in slices]
    assert set().union(*tables) == {
        f"whist/table/{t}/{kind}" for t in range(1, 151) for kind in ("assignment", "view")
    }
    assert all(len(part) <= 2 * RELEASE_CHUNK for part in tables)
    # The full standings (a few ms for 500 teams) wait for the end of the release.
    assert [o.topic for o in slices[-1]] == ["whist/standings/gathered", "whist/standings"]
    assert not any(o.topic == "whist/standings" for part in slices[:-1] for o in part)
    store.close()


def test_rename_reaches_every_screen_and_survives_a_restart(hub):
    out = hub.send(Inbound("command", None, command("rename", name="  Whist militaire  ")))
    reply = next(p for t, p, _ in out if t == "whist/leader/reply")
    assert reply == {"v": 1, "id": reply["id"], "ok": True, "data": {"name": "Whist militaire"}}
    states = [p for t, p, retain in out if t == "whist/state" and retain]
    assert states and states[-1]["tournament"] == "Whist militaire"
    views = [p for t, p, _ in out if t.startswith("whist/table/") and t.endswith("/view")]
    assert views and all(v["tournament"] == "Whist militaire" for v in views)
    hub.restart()  # the log holds the new name; the file the hub started from is unchanged
    assert hub.core.tournament.spec.name == "Whist militaire" and not hub.core.spec_changed
    refused = hub.command("rename", name="   ")
    assert not refused["ok"] and refused["data"]["code"] == "out_of_range"
    assert hub.core.tournament.spec.name == "Whist militaire"


def same_feed_apart(one, two, rounds):
    """Issue 28: with the feed in its own process the core publishes the Acks (the same
    bytes) and hands the rest over in a note; the feed's process, following the log, publishes
    the same feed and Replies, byte for byte, as the one-process core (no network: its client
    is never connected). The leader's queries the note carries are the feed's process's to
    answer, off the result path: the same Replies too."""
    from hub.service.feedchild import FeedChild
    from hub.service.feedproc import FeedSettings

    two.core.feed_elsewhere = True
    settings = FeedSettings(two.path, "127.0.0.1", 1, None, None, "whist", 1, 0.0, "t", "e")
    child = FeedChild(settings)
    published = []
    for items in rounds:
        before = one.core.handle(items)
        answers = two.core.handle(items)
        note = two.core.note
        assert note is not None
        child.catch_up()
        child._room(note)
        fed = child.feed.publications(note.batch()) + child.answer(note.queries)
        assert answers == [o for o in before if o.topic.endswith("/ack")]
        assert fed == [o for o in before if not o.topic.endswith("/ack")]
        published += fed
    assert child.live.event.seq == two.core.event.seq == one.core.event.seq
    child.store.close()
    return published


def test_the_feed_apart_carries_the_rooms_clock(tmp_path, monkeypatch):
    """Issue 26 with issue 28: the State the feed's process publishes carries the room's
    clock as the one-process hub's does (the feed apart once sent none)."""
    monkeypatch.setattr(time, "time", lambda: 1000.0)  # both sides' hub time
    one = Harness(tmp_path / "one.sqlite3", minutes=20)
    two = Harness(tmp_path / "two.sqlite3", minutes=20)
    for harness in (one, two):
        harness.core = harness._core(rng=random.Random(7), wall=time.time)
    published = same_feed_apart(
        one,
        two,
        [
            [Inbound("command", None, command("start_hand", cid="c1"))],
            [Inbound("result", 2, result(2, tricks=10))],
        ],
    )
    states = [json.loads(o.payload) for o in published if o.topic == "whist/state"]
    assert states and states[-1]["clock"]["seconds"] == 20 * 60
    assert states[-1]["clock"]["playing"] == [1, 3, 4]


def test_the_feed_apart_publishes_what_one_process_would(tmp_path):
    one, two = Harness(tmp_path / "one.sqlite3"), Harness(tmp_path / "two.sqlite3")
    same_feed_apart(
        one,
        two,
        [
            [Inbound("command", None, command("start_hand", cid="c1"))],
            [Inbound("result", 2, result(2, tricks=10)), Inbound("result", 3, result(3))],
            [Inbound("result", 2, result(2, tricks=10)), Inbound("call", 4, b'{"v":1,"id":"x"}')],
            [Inbound("command", None, command("results", cid="q1"))],
            [Inbound("result", 1, result(1)), Inbound("command", None, command("ties", cid="q2"))],
            [Inbound("command", None, command("results", cid="q1"))],  # sent again: the same
            [Inbound("command", None, command("close_hand", cid="c2"))],
        ],
    )


def test_the_feed_apart_sends_a_retained_message_built_again_the_same_once(tmp_path):
    """Issue 28: the feed's process does not publish a retained message again when it is
    built again byte for byte (its PUBACK is not read back either); at a new connection it
    publishes everything again. Its client is never connected: publishing only queues."""
    from hub.service.batch import Outgoing
    from hub.service.feedchild import FeedChild
    from hub.service.feedproc import FeedSettings

    Harness(tmp_path / "hub.sqlite3")
    settings = FeedSettings(
        tmp_path / "hub.sqlite3", "127.0.0.1", 1, None, None, "w", 1, 0, "t", "e"
    )
    child = FeedChild(settings)
    view = Outgoing("whist/table/1/view", b'{"v":1}', retain=True)
    changes = Outgoing("whist/standings/changes", b'{"v":1}')
    child._publish([view, changes, view, changes], None)
    assert child.unchanged == 1  # the second view; a message not retained always goes
    child._publish([Outgoing(view.topic, b'{"v":2}', retain=True), view], None)
    assert child.unchanged == 1  # each differs from the one before it
    child.sent.clear()  # as at a new connection
    child._publish([view], None)
    assert child.unchanged == 1
    child.store.close()


def test_notes_the_feeds_pipe_cannot_take_wait_merged_and_none_is_lost(tmp_path):
    """Issue 28: the hub's worker writes its notes to the feed's pipe itself and never waits
    for it. While the pipe is full they wait in the hub, merged; flush() says so until the
    child has read them; then every table and every query is there, in order."""
    import os
    import types

    from hub.service.batch import FeedNote
    from hub.service.feedproc import FeedProcess, FeedSettings, Frames

    read_end, write_end = os.pipe()
    os.set_blocking(write_end, False)
    settings = FeedSettings(tmp_path / "x", "127.0.0.1", 1, None, None, "w", 1, 0.25, "t", "e")
    feed = FeedProcess(settings)
    feed._proc = types.SimpleNamespace(stdin=os.fdopen(write_end, "wb"), pid=0)  # type: ignore[assignment]
    big = [b"q" * 20_000]  # a query's payload: a few fill the pipe
    for table in range(1, 41):
        feed.send(FeedNote(dirty_tables={table}, queries=[b"%d" % table, *big]))
    assert feed.flush()  # the child has read nothing: the rest waits here, merged
    frames, got = Frames(read_end), []
    os.set_blocking(read_end, False)
    for _ in range(1000):
        got += frames.read()
        if not feed.flush():
            break
    got += frames.read()  # what the last flush wrote
    tables = [t for note in got for t in sorted(note.dirty_tables)]
    assert tables == list(range(1, 41))
    queries = [q for note in got for q in note.queries if q != big[0]]
    assert queries == [b"%d" % t for t in range(1, 41)]
    assert len(got) < 40  # some were merged while the pipe was full
    os.close(read_end)
