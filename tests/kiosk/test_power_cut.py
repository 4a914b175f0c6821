"""The power cord pulled in software: a real process writing the kiosk's outbox is killed with
SIGKILL in the middle of a write, the files are then torn the way a power cut tears them, and
the kiosk starts again with every result it had said was saved (docs/install-pi.md,
"Power cuts"). A result whose save had not returned may be there or not, never half."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from kiosk.outbox import Outbox
from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen

#: The kiosk's own writer, as the kiosk runs it: one result after the other, each said saved
#: (a line on stdout) only once Outbox.add returned. ``KILL_AT``: SIGKILL itself at that many
#: SQLite steps into the next write's statement (0: never, the test kills it from outside).
CHILD = textwrap.dedent(
    """
    import os, signal, sys
    from kiosk.outbox import Outbox
    from tests.kiosk.test_outbox import result

    path, first, armed_after, kill_at = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \\
        int(sys.argv[4])
    box = Outbox(path)
    steps = 0
    armed = False

    def step():
        global steps
        if armed:
            steps += 1
            if steps >= kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
        return 0

    if kill_at:
        box._db.set_progress_handler(step, 1)
    n = first
    while True:
        armed = n - first >= armed_after
        box.add(result(n))
        print(f"r-{n}", flush=True)
        n += 1
    """
)


def run_and_kill(path: Path, *, first: int = 1, armed_after: int = 3, kill_at: int = 0,
                 lines: int = 3) -> list[str]:
    """Start the writer; let it kill itself (``kill_at``) or kill it after ``lines`` saves.
    Returns the results it said were saved."""
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(path), str(first), str(armed_after), str(kill_at)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=os.getcwd(),
    )
    saved: list[str] = []
    try:
        assert child.stdout is not None
        if kill_at:
            saved = [line.strip() for line in child.stdout]
        else:
            while len(saved) < lines:
                line = child.stdout.readline()
                assert line, child.stderr.read() if child.stderr else "the writer stopped"
                saved.append(line.strip())
            # The writer is already inside its next add (it never waits between two).
            child.send_signal(signal.SIGKILL)
            saved += [line.strip() for line in child.stdout]
    finally:
        if child.poll() is None:
            child.kill()
        code = child.wait(30)
        err = child.stderr.read() if child.stderr else ""
        for stream in (child.stdout, child.stderr):
            if stream is not None:
                stream.close()
    assert code == -signal.SIGKILL, err
    return saved


def kiosk_starts_with(path: Path) -> list[str]:
    """What the kiosk does at its start (kiosk/ui.py): the outbox opened, its results handed
    to the table's presenter, which shows them as waiting for the hub."""
    with Outbox(path) as box:
        pending = box.pending()

    class Link:
        def submit(self, result: object) -> bool:
            return True

        def call_leader(self, reason: str = "") -> bool:
            return True

    if pending:
        p = TablePresenter(3, link=Link(), language="en", pending=pending)
        assert p.view.screen is Screen.PENDING
    return [r.id for r in pending]


def every_saved_one(found: list[str], saved: list[str]) -> None:
    """Every result said saved is there, in order; the one being written when the power went
    is there whole or not at all (SQLite commits at the statement's end: the kill may land
    just before or just after)."""
    assert found[: len(saved)] == saved
    assert len(found) - len(saved) <= 1


@pytest.mark.parametrize("kill_at", [1, 8, 40])
def test_killed_inside_a_write(tmp_path, kill_at):
    path = tmp_path / "outbox.sqlite3"
    saved = run_and_kill(path, kill_at=kill_at)
    assert saved[:3] == ["r-1", "r-2", "r-3"]
    every_saved_one(kiosk_starts_with(path), saved)


@pytest.mark.parametrize("round_", range(2))
def test_killed_from_outside_while_it_writes(tmp_path, round_):
    path = tmp_path / "outbox.sqlite3"
    saved = run_and_kill(path, lines=3 + 4 * round_)
    every_saved_one(kiosk_starts_with(path), saved)


def test_a_torn_log_tail_and_garbage_after_it(tmp_path):
    """A power cut tears the write under way: the last bytes of the write-ahead log half
    written, or whatever the card held there before."""
    path = tmp_path / "outbox.sqlite3"
    saved = run_and_kill(path, kill_at=5)
    wal = Path(f"{path}-wal")
    frame = 24 + 4096  # a WAL frame: its header and one page
    with wal.open("ab") as f:
        f.write(os.urandom(frame // 2))  # a frame cut in the middle
    found = kiosk_starts_with(path)
    every_saved_one(found, saved)
    with wal.open("ab") as f:
        f.write(b"\xff" * frame * 2)  # garbage where the next frames would go
    assert kiosk_starts_with(path) == found
    # and the kiosk goes on writing after it
    more = run_and_kill(path, first=100, armed_after=2, kill_at=1)
    every_saved_one(kiosk_starts_with(path), found + more)


def test_a_truncated_database_file(tmp_path):
    """The database file cut short (its last pages never written): what the write-ahead log
    holds is still read, and the kiosk starts."""
    path = tmp_path / "outbox.sqlite3"
    saved = run_and_kill(path, kill_at=3)
    os.truncate(path, path.stat().st_size // 2)
    every_saved_one(kiosk_starts_with(path), saved)


def test_a_file_of_garbage_is_set_aside_and_the_kiosk_starts(tmp_path):
    path = tmp_path / "outbox.sqlite3"
    path.write_bytes(os.urandom(3000))
    with Outbox(path) as box:
        assert box.damaged is not None and box.pending() == []
    assert kiosk_starts_with(path) == []
    more = run_and_kill(path, first=7, armed_after=1, kill_at=1)
    assert more == ["r-7"]
    every_saved_one(kiosk_starts_with(path), more)


def test_the_outbox_folder_is_synced(tmp_path, fsynced):
    """SQLite syncs the file and its log; the folder that names them is synced too."""
    with Outbox(tmp_path / "data" / "outbox.sqlite3"):
        pass
    assert str(tmp_path / "data") in fsynced
