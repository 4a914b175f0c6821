"""The durable outbox: on disk before "sent", kept until the Ack, alive after kill -9."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import threading

import pytest

from kiosk.outbox import Outbox, OutboxError
from whist.protocol import Ack, FlagCount, Result, Revokes


def result(n: int, hand: int = 1) -> Result:
    return Result(
        id=f"r-{n}",
        hand=hand,
        table=3,
        visitor_tricks=n % 14,
        home_tricks=13 - n % 14,
        revokes=Revokes(home=0, visitors=0),
    )


@pytest.fixture
def box(tmp_path):
    with Outbox(tmp_path / "outbox.sqlite3") as b:
        yield b


def test_kept_until_its_ack_then_in_the_history(box):
    box.add(result(1))
    box.add(result(2))
    assert [r.id for r in box.pending()] == ["r-1", "r-2"]
    assert box.settle(Ack(id="r-1", status="accepted", hand=1, flags=11)) == result(1)
    assert [r.id for r in box.pending()] == ["r-2"]
    assert box.last_settled() == (result(1), "accepted")


def test_the_last_result_says_which_tournament_acked_it(box):
    """Epoch.log, noted with each Ack: a restarted kiosk knows which tournament its last
    result belongs to (none when it was acked before the kiosk knew the hub's log)."""
    assert box.last_settled_log() is None
    box.add(result(1))
    box.settle(Ack(id="r-1", status="accepted", hand=1, flags=11))
    assert box.last_settled_log() is None
    box.add(result(2, hand=2))
    box.settle(Ack(id="r-2", status="accepted", hand=2, flags=11), "log-a")
    assert (box.last_settled()[0].id, box.last_settled_log()) == ("r-2", "log-a")


def test_the_last_log_is_the_newest_answer_of_any_kind(box):
    """What a report entered after a restart is stamped with (protocol 7.8): the log that
    answered the newest settled report, a count or a club deal as well as a result."""
    assert box.last_log() is None
    box.add(result(1))
    box.settle(Ack(id="r-1", status="accepted", hand=1), "log-a")
    assert box.last_log() == "log-a"
    box.add(FlagCount(id="k-1", table=3, day=1, flags=11))
    box.settle(Ack(id="k-1", status="accepted", day=1), "log-b")
    assert (box.last_log(), box.last_settled_log()) == ("log-b", "log-a")


def test_an_unknown_or_repeated_ack_changes_nothing(box):
    box.add(result(1))
    assert box.settle(Ack(id="nobody", status="accepted")) is None
    box.settle(Ack(id="r-1", status="duplicate"))
    assert box.settle(Ack(id="r-1", status="duplicate")) is None
    assert box.pending() == []


def test_a_rejected_result_leaves_the_outbox_with_its_reason(box, tmp_path):
    box.add(result(1))
    box.settle(Ack(id="r-1", status="rejected", reason="hand 1 is closed", code="hand_closed"))
    assert box.pending() == []
    with sqlite3.connect(tmp_path / "outbox.sqlite3") as db:
        row = db.execute("SELECT status, code, reason FROM history").fetchone()
    assert row == ("rejected", "hand_closed", "hand 1 is closed")


def test_adding_the_same_result_twice_keeps_one(box):
    box.add(result(1))
    box.add(result(1))
    assert len(box.pending()) == 1


def test_sends_are_counted(box):
    box.add(result(1))
    box.mark_sent("r-1")
    box.mark_sent("r-1")
    assert box.sends("r-1") == 2


def test_wal_and_full_sync(box):
    assert box._db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    assert box._db.execute("PRAGMA synchronous").fetchone() == (2,)  # FULL


def test_a_write_that_fails_says_so(tmp_path):
    box = Outbox(tmp_path / "outbox.sqlite3")
    box.close()
    with pytest.raises(OutboxError):
        box.add(result(1))


def test_threads_share_it_safely(box):
    def add(start: int) -> None:
        for n in range(start, start + 50):
            box.add(result(n))

    threads = [threading.Thread(target=add, args=(i * 100,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(box.pending()) == 200


def test_what_add_returned_from_survives_kill_9(tmp_path):
    path = tmp_path / "outbox.sqlite3"
    child = textwrap.dedent(
        f"""
        import os, signal, sys
        from kiosk.outbox import Outbox
        from tests.kiosk.test_outbox import result
        box = Outbox({str(path)!r})
        for n in range(1, 6):
            box.add(result(n))
        print("added", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", child],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=os.getcwd(),
        check=False,
    )
    assert done.returncode == -signal.SIGKILL and "added" in done.stdout, done.stderr
    with Outbox(path) as again:
        assert [r.id for r in again.pending()] == [f"r-{n}" for n in range(1, 6)]


def test_a_tables_count_is_kept_beside_the_results(box):
    """A day's count of the flags (rules A19) waits for its ack like a result, and is never
    taken for the last result."""
    box.add(result(1))
    box.add(FlagCount(id="k-1", table=7, day=1, flags=11))
    assert [type(r).__name__ for r in box.pending()] == ["Result", "FlagCount"]
    box.settle(Ack(id="r-1", status="accepted", hand=1))
    assert box.settle(Ack(id="k-1", status="accepted", day=1)) == FlagCount(
        id="k-1", table=7, day=1, flags=11
    )
    assert box.pending() == [] and box.last_settled()[0].id == "r-1"
