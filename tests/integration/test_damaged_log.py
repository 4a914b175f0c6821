"""A lost or damaged log is never a new tournament: the real ``whist-hub serve`` and ``export``.

Each test works on a copy of one data folder a real hub ran in (its broker folder with the
retained state every kiosk sees, its hub.log, a log with a hand's results). Every refusal is
exit code 2 and one line on stderr, with no traceback, and leaves the broker's retained state
as it was. A full disk is a file-size limit of 0 bytes (``RLIMIT_FSIZE``) on the command:
writes fail as on a full disk, with or without root, and the real disk is never filled.
"""

from __future__ import annotations

import os
import random
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from hub.broker.broker import PID_FILE
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.files import write_spec
from hub.service.serve import BROKER_DIR, DB_FILE
from hub.service.store import EventStore
from tests.hub.test_core import result
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import HubProcess
from tests.ports import quiet_port
from whist.pattern import default_spec

require_mosquitto()

#: Bound of every command run here (a refusal takes well under a second).
WAIT = 20.0
#: The log's events: creation, hand 1 started, table 1's and table 2's results.
EVENTS = 4


@pytest.fixture(scope="module")
def earlier_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A data folder after one real hub run: two results of hand 1 in its log."""
    work = tmp_path_factory.mktemp("earlier")
    spec = default_spec("alberta", 3, 2, name="Club night")
    write_spec(spec, work / "club.toml")
    data = work / "data"
    with EventStore(data / DB_FILE) as store:
        core = HubCore(store, spec, rng=random.Random(1))
        core.handle([Inbound("command", None, b'{"v":1,"id":"c1","op":"start_hand"}')])
        for table, tricks in ((1, 10), (2, 4)):
            core.handle([Inbound("result", table, result(table, tricks=tricks))])
    hub = HubProcess(work / "club.toml", data, *serve_options()).start()
    assert hub.terminate() == 0, hub.output
    assert (data / BROKER_DIR / "mosquitto.db").exists(), "the broker kept no retained state"
    return work


@pytest.fixture
def hall(earlier_run: Path, tmp_path: Path) -> Path:
    """This test's own copy of the earlier run: ``club.toml`` and ``data/``."""
    shutil.copytree(earlier_run, tmp_path, dirs_exist_ok=True)
    return tmp_path


def serve_options() -> list[str]:
    return [
        *("--port", str(quiet_port()), "--tls-port", str(quiet_port())),
        *("--bind", "127.0.0.1", "--provision-port", "0", "--no-phones"),
    ]


def whist_hub(*args: object, full_disk: bool = False) -> subprocess.CompletedProcess[str]:
    """``whist-hub ARGS`` in its own process; with ``full_disk`` no file can grow."""

    def no_room() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

    return subprocess.run(
        [sys.executable, "-m", "hub.cli", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=WAIT,
        preexec_fn=no_room if full_disk else None,
    )


def serve(hall: Path, *options: str, full_disk: bool = False) -> subprocess.CompletedProcess[str]:
    data = hall / "data"
    return whist_hub(
        "serve", hall / "club.toml", "--data", data, *serve_options(), *options, full_disk=full_disk
    )


def refusal(run: subprocess.CompletedProcess[str]) -> str:
    """The one line a refused command printed (after checking it is only that)."""
    everything = run.stdout + run.stderr
    assert run.returncode == 2, everything
    assert "Traceback" not in everything, everything
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("whist-hub: "), everything
    return lines[0]


def retained(hall: Path) -> bytes:
    return (hall / "data" / BROKER_DIR / "mosquitto.db").read_bytes()


def events_in(hall: Path) -> int:
    with EventStore(hall / "data" / DB_FILE) as store:
        return len(store.events())


# ------------------------------------------------------------------ a lost log


def delete(log: Path) -> None:
    log.unlink()


def empty(log: Path) -> None:
    log.write_bytes(b"")


def delete_the_events(log: Path) -> None:
    with sqlite3.connect(log) as db:
        db.execute("DELETE FROM events")
    db.close()


@pytest.mark.parametrize(
    ("lose", "said"),
    [(delete, "is missing"), (empty, "holds no events"), (delete_the_events, "holds no events")],
    ids=["deleted", "emptied", "events-deleted"],
)
def test_a_lost_log_is_not_a_new_tournament(hall, lose, said):
    before = retained(hall)
    lose(hall / "data" / DB_FILE)
    line = refusal(serve(hall))
    assert said in line and "the tournament log is lost" in line, line
    assert "broker/" in line and "hub.log" in line and "--new-start" in line, line
    assert retained(hall) == before  # the kiosks' screens were not overwritten
    line = refusal(whist_hub("export", hall / "data", "--csv"))
    assert "no tournament" in line or "holds no events" in line, line


def test_a_new_start_is_asked_for_by_name(hall):
    (hall / "data" / DB_FILE).unlink()
    hub = HubProcess(hall / "club.toml", hall / "data", *serve_options(), "--new-start").start()
    assert hub.terminate() == 0, hub.output
    assert "1 events replayed" in hub.output and "hand 0 of 2" in hub.output, hub.output
    # The new tournament is now the log: the same command without the option carries on.
    hub = HubProcess(hall / "club.toml", hall / "data", *serve_options()).start()
    assert hub.terminate() == 0, hub.output
    assert "1 events replayed" in hub.output, hub.output


def test_new_start_never_discards_a_log(hall):
    """The leader may run the same --new-start command again after a crash: play goes on."""
    hub = HubProcess(hall / "club.toml", hall / "data", *serve_options(), "--new-start").start()
    assert hub.terminate() == 0, hub.output
    assert f"{EVENTS} events replayed" in hub.output, hub.output


# ------------------------------------------------------------------ a damaged log


def random_file(log: Path) -> None:
    log.write_bytes(random.Random(1).randbytes(log.stat().st_size))


def random_page(page: int) -> Callable[[Path], None]:
    def damage(log: Path) -> None:
        with log.open("r+b") as f:
            f.seek((page - 1) * 4096)
            f.write(random.Random(page).randbytes(4096))

    damage.__name__ = f"random_page_{page}"
    return damage


@pytest.mark.parametrize(
    "damage",
    [random_file, random_page(2), random_page(5)],
    ids=["whole-file", "events-page", "calls-page"],
)
def test_random_bytes_are_one_line(hall, damage):
    log = hall / "data" / DB_FILE
    before = retained(hall)
    damage(log)
    for run in (serve(hall), whist_hub("export", hall / "data", "--csv")):
        line = refusal(run)
        assert str(log) in line and "damaged" in line and "backup" in line, line
    assert retained(hall) == before


def test_a_changed_byte_in_an_event_is_named(hall):
    log = hall / "data" / DB_FILE
    before = retained(hall)
    stored = log.read_bytes()
    assert stored.count(b'"visitor_tricks": 10') >= 1  # table 1's result, event 3
    log.write_bytes(stored.replace(b'"visitor_tricks": 10', b'"visitor_tricks": 11'))
    for run in (serve(hall), whist_hub("export", hall / "data", "--csv")):
        line = refusal(run)
        assert "event 3 (result) does not match its checksum" in line, line
        assert str(log) in line and "backup" in line, line
    assert retained(hall) == before
    assert not (hall / "data" / "exports").exists()  # no standings from a damaged log


def test_a_log_from_before_checksums_opens_and_is_sealed(hall):
    log = hall / "data" / DB_FILE
    with sqlite3.connect(log) as db:  # the layout hubs wrote before checksums
        db.execute("ALTER TABLE events DROP COLUMN checksum")
        db.execute("PRAGMA user_version = 0")
    db.close()
    hub = HubProcess(hall / "club.toml", hall / "data", *serve_options()).start()
    assert hub.terminate() == 0, hub.output
    assert f"its {EVENTS} events now carry checksums" in hub.output, hub.output
    assert events_in(hall) == EVENTS
    log.write_bytes(log.read_bytes().replace(b'"visitor_tricks": 4', b'"visitor_tricks": 5'))
    assert "event 4 (result) does not match" in refusal(whist_hub("export", hall / "data", "--csv"))


# ------------------------------------------------------------------ a full disk


def stop_orphan_broker(data: Path) -> None:
    """The broker a SIGKILLed hub left running (its pid is in the broker folder)."""
    try:
        pid = int((data / BROKER_DIR / PID_FILE).read_text(encoding="ascii"))
        os.kill(pid, signal.SIGTERM)
    except (OSError, ValueError):
        return
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)


@pytest.mark.parametrize("stopped", ["cleanly", "by-SIGKILL", "log-in-use"])
def test_a_full_disk_at_restart_is_one_line(hall, stopped):
    """Where the first write fails depends on the log's shared memory: a first opener of the
    log resets it (SQLite then fails: "disk I/O error"); with another reader on the log there
    is nothing to grow, the log opens and the broker's files are what cannot be written (as
    on a really full disk, where the reset frees the very blocks it needs)."""
    data = hall / "data"
    if stopped == "by-SIGKILL":  # leaves the log's WAL and its broker behind, as a crash does
        HubProcess(hall / "club.toml", data, *serve_options()).start().kill()
    reader = EventStore(data / DB_FILE) if stopped == "log-in-use" else None
    try:
        # SQLite only says "disk I/O error", hence a question; the system says ENOSPC/EFBIG.
        line = refusal(serve(hall, full_disk=True))
        assert re.search("disk (is )?full", line) and str(data) in line, line
        if reader is not None:
            assert line.startswith(f"whist-hub: cannot write {data}") and "disk is full" in line
        line = refusal(whist_hub("export", data, "--csv", full_disk=True))
        assert re.search("disk (is )?full", line), line
        if reader is not None:
            assert str(data / "exports") in line and "disk is full" in line, line
    finally:
        if reader is not None:
            reader.close()
        stop_orphan_broker(data)
    # Space freed: the hub carries on where it was, nothing acknowledged lost.
    hub = HubProcess(hall / "club.toml", data, *serve_options()).start()
    assert hub.terminate() == 0, hub.output
    assert f"{EVENTS} events replayed" in hub.output and "hand 1 of 2" in hub.output, hub.output
