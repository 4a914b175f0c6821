"""The tables are the second copy: a hub log that lost acknowledged results gets them back.

A real ``whist-hub serve`` on a real Mosquitto (with the per-table ACLs), three tables driven
through the kiosk's real connection and outbox (no window). The hub is killed as a power cut
would (SIGKILL: its log's WAL stays behind), then its log loses what it had acknowledged:

* the tail of ``hub.sqlite3-wal`` garbled (what a cheap SD card can leave): SQLite drops the
  last transaction without a word, the hub starts normally with one result fewer;
* ``hub.sqlite3`` restored from an older backup copy.

At the restart the hub publishes a new epoch; each kiosk offers the results the hub accepted
again, the hub records those its log lacks (once), and the leader's State and the export say
how many were recovered. The re-offers' round trip is printed (a figure, never asserted).
"""

from __future__ import annotations

import contextlib
import random
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.broker.broker import EmbeddedBroker
from hub.demo.sim import SimLeader
from hub.service.core import HubCore
from hub.service.files import write_spec
from hub.service.serve import DB_FILE
from hub.service.store import EventStore
from kiosk import connection
from kiosk.config import KioskConfig
from kiosk.connection import RESEND_EVERY, KioskConnection
from kiosk.outbox import Outbox
from tests.integration.conftest import QUIET, TOPICS, mqtt_client, require_mosquitto
from tests.integration.hubproc import HubProcess, wait_for
from tests.kiosk.test_club_connection import club_hub
from tests.ports import quiet_port
from whist.events import ResultRecorded
from whist.night import ClubNight
from whist.nightspec import default_night
from whist.pattern import default_spec
from whist.protocol import (
    Ack,
    ClubDeal,
    DealRecord,
    Epoch,
    Result,
    Revokes,
    decode_result,
    encode,
)

require_mosquitto()

TABLES = 3
WAIT = 20.0
#: A WAL frame: its 24-byte header and one 4096-byte page (the hub's page size).
FRAME = 24 + 4096


class Hall:
    """A broker, the hub's tournament file and data folder, three kiosks and a leader."""

    def __init__(self, folder: Path, broker: EmbeddedBroker) -> None:
        self.folder = folder
        self.broker = broker
        self.spec_file = write_spec(default_spec("alberta", TABLES, 2), folder / "club.toml")
        self.data = folder / "hub"
        self.hub: HubProcess | None = None
        self.kiosks: dict[int, KioskConnection] = {}
        c = broker.credentials.leader
        self.leader = SimLeader(broker.host, broker.port, c.username, c.password)

    # ------------------------------------------------------------------ the hub
    def start_hub(self) -> float:
        """Start ``whist-hub serve`` on the hall's broker; returns when it said it was ready."""
        c = self.broker.credentials.hub
        self.hub = HubProcess(
            self.spec_file,
            self.data,
            "--broker",
            f"{self.broker.host}:{self.broker.port}",
            "--username",
            c.username,
            "--password",
            c.password,
        ).start(WAIT)
        return time.monotonic()

    def cut_power(self) -> None:
        assert self.hub is not None
        self.hub.kill()

    def stop_hub(self) -> None:
        assert self.hub is not None
        assert self.hub.terminate(WAIT) == 0, self.hub.output

    # ------------------------------------------------------------------ the tables
    def start_kiosks(self, resend_every: float = RESEND_EVERY) -> None:
        for table in range(1, TABLES + 1):
            cred = self.broker.credentials.table(table)
            config = KioskConfig(
                table=table,
                host=self.broker.host,
                port=self.broker.port,
                username=cred.username,
                password=cred.password,
                data_dir=str(self.folder / f"kiosk{table}"),
            )
            outbox = Outbox(config.data_path / "outbox.sqlite3")
            kiosk = KioskConnection(
                config,
                outbox,
                None,
                post=lambda job: job(),
                reoffer_spread=0.0,
                resend_every=resend_every,
            )
            kiosk.start()
            self.kiosks[table] = kiosk
        for kiosk in self.kiosks.values():
            assert kiosk.connected.wait(WAIT), f"table {kiosk.table} did not connect"

    def play(self, table: int, hand: int = 1) -> Result:
        """Table ``table`` taps its result in; returns once the hub has acknowledged it."""
        result = Result(
            id=str(uuid.uuid4()),
            hand=hand,
            table=table,
            visitor_tricks=5 + table,
            home_tricks=8 - table,
            revokes=Revokes(home=0, visitors=0),
        )
        outbox = self.kiosks[table].outbox
        self.kiosks[table].submit(result)
        wait_for(lambda: not outbox.pending(), WAIT, f"table {table}'s ack")
        hub_log = self.kiosks[table].hub_log
        assert hub_log is not None and result.id in {r.id for r in outbox.kept(hub_log)}
        return result

    def rounds(self) -> int:
        return sum(k.reoffer_rounds for k in self.kiosks.values())

    def command(self, op: str) -> None:
        if not self.leader.connected.is_set():
            self.leader.start()
            assert self.leader.connected.wait(WAIT)
        assert self.leader.command(op, timeout=WAIT).ok, op

    def close(self) -> None:
        for kiosk in self.kiosks.values():
            kiosk.stop()
            kiosk.outbox.close()
        self.leader.stop()
        if self.hub is not None:
            self.hub.kill()


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[Hall]:
    with EmbeddedBroker(
        tmp_path / "broker", TABLES, port=quiet_port(), bind="127.0.0.1"
    ) as broker:
        h = Hall(tmp_path, broker)
        try:
            yield h
        finally:
            h.close()


def results_in(data: Path) -> list[ResultRecorded]:
    """The results a copy of the hub's log holds (the log itself is left as it is)."""
    copy = data.parent / f"copy-{uuid.uuid4().hex[:6]}"
    shutil.copytree(data, copy, ignore=shutil.ignore_patterns("broker"))
    with EventStore(copy / DB_FILE) as store:
        return [e for e in store.events() if isinstance(e, ResultRecorded)]


def export_lines(data: Path) -> str:
    run = subprocess.run(
        [sys.executable, "-m", "hub.cli", "export", str(data), "--csv"],
        capture_output=True,
        text=True,
        timeout=WAIT,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    standings = sorted((data / "exports").rglob("standings.csv"))
    assert standings, run.stdout
    return standings[-1].read_text(encoding="utf-8")


def garble_wal_tail(wal: Path, size: int) -> None:
    """Random bytes over the last ``size`` bytes of the WAL (the page of its last frame)."""
    with wal.open("r+b") as f:
        f.seek(wal.stat().st_size - size)
        f.write(random.Random(23).randbytes(size))
        f.flush()


def every_result_back_once(hall: Hall, played: list[Result], recovered: int) -> None:
    hall.stop_hub()
    kept = results_in(hall.data)
    assert sorted(e.result_id for e in kept) == sorted(r.id for r in played)  # counted once
    assert sum(e.recovered for e in kept) == recovered
    recorded = {(e.hand, e.table): e.visitor_tricks for e in kept}
    assert recorded == {(r.hand, r.table): r.visitor_tricks for r in played}
    words = "recovered from the tables after the log was damaged"
    expected = f"{recovered} result{'s' if recovered > 1 else ''} {words}"
    assert expected in export_lines(hall.data)


def test_a_garbled_wal_tail_loses_nothing(hall: Hall) -> None:
    hall.start_hub()
    hall.start_kiosks()
    wait_for(lambda: hall.rounds() == TABLES, WAIT, "the first epoch offered to")
    hall.command("start_hand")
    played = [hall.play(table) for table in range(1, TABLES + 1)]
    hall.cut_power()
    wal = hall.data / f"{DB_FILE}-wal"
    assert wal.stat().st_size >= 2 * FRAME, "the log's writes are not in its WAL"
    garble_wal_tail(wal, 512)

    # What the card left: a log that opens, replays, and lacks an acknowledged result.
    before = results_in(hall.data)
    assert len(before) == TABLES - 1, [e.table for e in before]
    lost = next(r for r in played if r.id not in {e.result_id for e in before})

    restarted = hall.start_hub()
    wait_for(lambda: hall.rounds() == 2 * TABLES, WAIT, "the tables' re-offers answered")
    print(f"\nre-offers of {TABLES} tables all answered {time.monotonic() - restarted:.2f} s")
    hall.command("plan")  # the leader's console is on: it sees the State
    wait_for(
        lambda: hall.leader.state is not None and hall.leader.state.recovered == 1,
        WAIT,
        "State.recovered",
    )
    assert hall.leader.state.missing == [] and hall.leader.state.conflicts == []
    assert "recovered from the table" in hall.hub.output and lost.id in hall.hub.output
    every_result_back_once(hall, played, recovered=1)


def test_a_log_restored_from_an_older_backup_loses_nothing(hall: Hall) -> None:
    """The backup was taken after table 1's first result: the rest of hand 1 and two results
    of hand 2 are not in it. Hand 1's come back at the restart; hand 2's are held by the hub
    and recorded as the leader starts hand 2 again."""
    hall.start_hub()
    hall.start_kiosks()
    wait_for(lambda: hall.rounds() == TABLES, WAIT, "the first epoch offered to")
    hall.command("start_hand")
    played = [hall.play(1)]
    hall.stop_hub()  # a clean stop: the log is one file, copied as a leader would
    backup = hall.folder / "backup.sqlite3"
    shutil.copy2(hall.data / DB_FILE, backup)

    hall.start_hub()
    wait_for(lambda: hall.rounds() == 2 * TABLES, WAIT, "the second epoch offered to")
    played += [hall.play(table) for table in (2, 3)]
    hall.command("start_hand")
    played += [hall.play(table, hand=2) for table in (1, 2)]
    hall.stop_hub()
    for leftover in (f"{DB_FILE}-wal", f"{DB_FILE}-shm"):
        with contextlib.suppress(FileNotFoundError):
            (hall.data / leftover).unlink()
    shutil.copy2(backup, hall.data / DB_FILE)
    assert len(results_in(hall.data)) == 1

    restarted = hall.start_hub()
    wait_for(lambda: hall.rounds() == 3 * TABLES, WAIT, "the tables' re-offers answered")
    print(f"\nre-offers of {TABLES} tables all answered {time.monotonic() - restarted:.2f} s")
    wait_for(
        lambda: hall.leader.state is not None and hall.leader.state.recovered == 2,
        WAIT,
        "hand 1's results recovered",
    )
    assert "kept until hand 2 starts" in hall.hub.output
    hall.command("start_hand")  # the leader carries on from the backup: hand 2 again
    wait_for(
        lambda: hall.leader.state is not None and hall.leader.state.recovered == 4,
        WAIT,
        "hand 2's results recovered",
    )
    assert hall.leader.state.reported == [1, 2]
    every_result_back_once(hall, played, recovered=4)


def keep_ten(hall: Hall) -> list[Result]:
    """Table 1's kiosk holds ten results log-1 accepted; the hub (a plain client) publishes
    epoch e-1 of log-1."""
    kept = []
    with Outbox(hall.folder / "kiosk1" / "outbox.sqlite3") as box:
        for hand in range(1, 11):
            r = Result(
                id=f"r-{hand}",
                hand=hand,
                table=1,
                visitor_tricks=7,
                home_tricks=6,
                revokes=Revokes(home=0, visitors=0),
            )
            box.add(r)
            box.settle(Ack(id=r.id, status="accepted", hand=hand), "log-1")
            kept.append(r)
    return kept


class PlainHub:
    """A hub written from docs/protocol.md alone: it answers when the test says so."""

    def __init__(self, hall: Hall) -> None:
        c = hall.broker.credentials.hub
        self.client = mqtt_client(hall.broker.host, hall.broker.port, c.username, c.password)
        self.client.subscribe_acked(TOPICS.result(1))
        epoch = encode(Epoch(epoch="e-1", log="log-1"))
        self.client.publish_acked(TOPICS.epoch, epoch, retain=True)

    def take(self, n: int) -> list[Result]:
        return [decode_result(self.client.expect(TOPICS.result(1)).payload) for _ in range(n)]

    def nothing_more(self) -> None:
        time.sleep(QUIET)  # no later message can prove that none came
        assert self.client.received(TOPICS.result(1)) == [], "more than 4 waiting for an answer"

    def answer(self, results: list[Result]) -> None:
        for r in results:
            ack = encode(Ack(id=r.id, status="duplicate"))
            self.client.publish_acked(TOPICS.ack(1), ack)


@pytest.fixture
def plain_hub(hall: Hall) -> Iterator[PlainHub]:
    hub = PlainHub(hall)
    yield hub
    hub.client.close()


def test_re_offers_go_four_at_a_time(hall: Hall, plain_hub: PlainHub) -> None:
    """However many results a table kept, at most REOFFER_WINDOW wait for the hub's answer: a
    hall of 100 tables puts at most 400 in front of a restarted hub."""
    kept = keep_ten(hall)
    hall.start_kiosks()
    hub = plain_hub
    first = hub.take(4)
    hub.nothing_more()
    hub.answer(first[:1])  # one answer lets one more go
    second = hub.take(1)
    hub.nothing_more()
    hub.answer(first[1:] + second)
    third = hub.take(4)
    hub.nothing_more()
    hub.answer(third)
    last = hub.take(1)
    assert hall.kiosks[1].outbox.offered_to() is None  # the last is not answered yet
    hub.answer(last)
    offered = first + second + third + last
    assert [r.id for r in offered] == [r.id for r in kept]  # the same ids, oldest first
    assert all(r.reoffer for r in offered)
    assert [r.model_copy(update={"reoffer": False}) for r in offered] == kept
    wait_for(lambda: hall.kiosks[1].outbox.offered_to() == "e-1", WAIT, "the round's end")
    assert hall.kiosks[1].outbox.pending() == []  # the answers changed nothing kept


def test_a_round_the_hub_did_not_answer_starts_again(
    hall: Hall, plain_hub: PlainHub, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(connection, "REOFFER_PATIENCE", 0.5)
    kept = keep_ten(hall)
    hall.start_kiosks(resend_every=0.2)
    hub = plain_hub
    assert [r.id for r in hub.take(4)] == ["r-1", "r-2", "r-3", "r-4"]  # then no answer
    again = hub.take(4)  # the round was given up, and started again at a resend tick
    assert [r.id for r in again] == ["r-1", "r-2", "r-3", "r-4"]
    hub.answer(again)
    rest = hub.take(4)
    hub.answer(rest)
    hub.answer(hub.take(2))
    wait_for(lambda: hall.kiosks[1].outbox.offered_to() == "e-1", WAIT, "the round's end")
    assert hall.kiosks[1].reoffer_rounds == 1 and len(kept) == 10  # the given-up one: none


def test_a_club_nights_deals_come_back_too(hall: Hall) -> None:
    """A club night's log restored from a copy taken before two deals: the table's kiosk
    offers them again, in order, and the night counts them once."""
    data = hall.folder / "club"
    data.mkdir()
    with EventStore(data / DB_FILE) as store:  # the night as it began: the copy
        HubCore(store, default_night("american", 4))
    backup = hall.folder / "club-backup.sqlite3"
    shutil.copy2(data / DB_FILE, backup)
    with club_hub(hall.broker, data):
        hall.start_kiosks()
        wait_for(lambda: hall.rounds() == TABLES, WAIT, "the first epoch offered to")
        kiosk = hall.kiosks[1]
        for number, tricks in ((1, 10), (2, 4)):
            record = DealRecord(trump="diamonds", ns_tricks=tricks)
            kiosk.submit_deal(ClubDeal(id=f"d-{number}", table=1, deal=number, record=record))
            wait_for(lambda: not kiosk.outbox.pending(), WAIT, f"deal {number}'s ack")
    shutil.copy2(backup, data / DB_FILE)
    with club_hub(hall.broker, data) as core:
        wait_for(lambda: hall.rounds() == 2 * TABLES, WAIT, "the deals offered again")
        assert core.night.recovered == 2
        assert [(d.deal, d.deal_id) for d in core.night.deals[1]] == [(1, "d-1"), (2, "d-2")]
    with EventStore(data / DB_FILE) as store:
        assert ClubNight.replay(store.events()).recovered == 2
