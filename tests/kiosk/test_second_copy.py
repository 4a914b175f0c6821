"""The kiosk keeps the day's answered results as the hall's second copy (kiosk/outbox.py), and
offers them again once to each new hub epoch (kiosk/connection.py; against a hub, in
tests/integration/test_second_copy.py)."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from kiosk import outbox as outbox_module
from kiosk.config import KioskConfig
from kiosk.connection import KioskConnection
from kiosk.outbox import KEEP_FOR, Outbox
from tests.kiosk.test_outbox import result
from whist.protocol import Ack, ClubDeal, DealRecord, Epoch, FlagCount, Topics, encode


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


LOG = "log-1"


def answered(box: Outbox, report, status: str = "accepted", hub_log: str | None = LOG) -> None:
    box.add(report)
    box.settle(Ack(id=report.id, status=status), hub_log)


def test_the_days_accepted_results_are_kept_oldest_first(tmp_path):
    clock = Clock()
    with Outbox(tmp_path / "outbox.sqlite3", clock=clock) as box:
        answered(box, result(1))
        clock.now += 1
        answered(box, result(2), "duplicate")  # the hub had it: it may have lost it since
        clock.now += 1
        answered(box, result(3), "rejected")  # never offered again: the leader settles it
        clock.now += 1
        box.add(result(4))  # still waiting: it goes out as it always did
        deal = ClubDeal(id="d-1", table=3, deal=1, record=DealRecord(trump="hearts", ns_tricks=9))
        answered(box, deal)
        answered(box, FlagCount(id="k-1", table=3, day=1, flags=11))
        assert [r.id for r in box.kept(LOG)] == ["r-1", "r-2", "d-1", "k-1"]
        clock.now += KEEP_FOR - 1.5
        assert [r.id for r in box.kept(LOG)] == ["d-1", "k-1"]  # yesterday's are not offered


def test_only_to_the_log_that_accepted_them(tmp_path):
    """Another tournament the same day (a new log) is never offered this one's results."""
    with Outbox(tmp_path / "outbox.sqlite3") as box:
        answered(box, result(1))
        answered(box, result(2), hub_log="log-2")
        answered(box, result(3), hub_log=None)  # a hub of before epochs: never offered
        assert [r.id for r in box.kept(LOG)] == ["r-1"]
        assert [r.id for r in box.kept("log-2")] == ["r-2"]


def test_an_outbox_from_before_the_second_copy_opens(tmp_path):
    path = tmp_path / "outbox.sqlite3"
    with Outbox(path) as box:
        answered(box, result(1))
    with sqlite3.connect(path) as db:
        db.execute("ALTER TABLE history DROP COLUMN log")
    db.close()
    with Outbox(path) as box:
        assert box.damaged is None and box.kept(LOG) == []
        answered(box, result(2))
        assert [r.id for r in box.kept(LOG)] == ["r-2"]
        assert box.last_settled()[0].id == "r-2"


def test_at_most_max_kept_the_latest(tmp_path, monkeypatch):
    monkeypatch.setattr(outbox_module, "MAX_KEPT", 3)
    clock = Clock()
    with Outbox(tmp_path / "outbox.sqlite3", clock=clock) as box:
        for n in range(1, 7):
            clock.now += 1
            answered(box, result(n))
        assert [r.id for r in box.kept(LOG)] == ["r-4", "r-5", "r-6"]


def test_the_history_on_disk_is_bounded(tmp_path, monkeypatch):
    path = tmp_path / "outbox.sqlite3"
    clock = Clock()
    with Outbox(path, clock=clock) as box:
        for n in range(1, 11):
            clock.now += 1
            answered(box, result(n))
    monkeypatch.setattr(outbox_module, "HISTORY_ROWS", 4)
    with Outbox(path, clock=clock) as box:
        assert [r.id for r in box.kept(LOG)] == ["r-7", "r-8", "r-9", "r-10"]
        assert box.last_settled()[0].id == "r-10"


def test_the_epoch_offered_to_survives_a_restart(tmp_path):
    path = tmp_path / "outbox.sqlite3"
    with Outbox(path) as box:
        assert box.offered_to() is None
        box.mark_offered("e-1")
        box.mark_offered("e-2")
    with Outbox(path) as box:
        assert box.offered_to() == "e-2"


def test_a_damaged_file_is_set_aside_in_one_line(tmp_path, caplog):
    path = tmp_path / "outbox.sqlite3"
    path.write_bytes(b"not a database, a cheap card's idea of one" * 200)
    caplog.set_level(logging.WARNING, "whist.kiosk")
    with Outbox(path) as box:
        assert box.damaged is not None and box.damaged.name.startswith("outbox.sqlite3.damaged-")
        assert box.damaged.read_bytes().startswith(b"not a database")
        box.add(result(1))  # the kiosk goes on: results are kept safe again
        assert [r.id for r in box.pending()] == ["r-1"]
    (line,) = [r.getMessage() for r in caplog.records]
    assert "\n" not in line and str(path) in line and box.damaged.name in line


def test_what_can_be_read_of_a_damaged_file_is_kept(tmp_path):
    path = tmp_path / "outbox.sqlite3"
    with Outbox(path) as box:
        box.add(result(1))
        answered(box, result(2))
    with sqlite3.connect(path) as db:  # a damaged index page: the rows still read
        (page,) = db.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_history_1'"
        ).fetchone()
        (size,) = db.execute("PRAGMA page_size").fetchone()
    db.close()
    with path.open("r+b") as f:
        f.seek((page - 1) * size)
        f.write(b"\xff" * size)
    with Outbox(path) as box:
        assert box.damaged is not None
        assert [r.id for r in box.pending()] == ["r-1"]
        assert [r.id for r in box.kept(LOG)] == ["r-2"]


@pytest.fixture
def kiosk(tmp_path):
    box = Outbox(tmp_path / "outbox.sqlite3")
    conn = KioskConnection(
        KioskConfig(table=3, host="127.0.0.1"), box, None, post=lambda job: job()
    )
    yield conn
    conn.stop()
    box.close()


def epoch(name: str) -> bytes:
    return encode(Epoch(epoch=name, log=LOG))


def test_an_epoch_offered_to_is_not_offered_to_again(kiosk):
    answered(kiosk.outbox, result(1))
    kiosk.outbox.mark_offered("e-1")
    kiosk.handle(Topics().epoch, epoch("e-1"))  # a reconnection, a restart of the kiosk
    assert kiosk._reoffer_thread is None
    kiosk.handle(Topics().epoch, epoch("e-2"))  # the hub started again
    assert kiosk._reoffer_thread is not None and kiosk.hub_log == LOG
    kiosk._reoffer_thread.join(5)
    # not connected: nothing went out, so e-2 waits for the next connection
    assert kiosk.outbox.offered_to() == "e-1" and kiosk.reoffer_rounds == 0
