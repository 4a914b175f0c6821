"""The fork server of the suite tells each exit status rightly, whichever thread asks."""

from __future__ import annotations

import threading
from pathlib import Path

from tests.zygote import Forked


def test_the_exit_status_survives_two_threads_asking(tmp_path: Path) -> None:
    # A real hub test reads the output on one thread (polling) while it waits on another:
    # multiprocessing read the one status message twice and said 255 for a process that ended 0.
    for run in range(10):
        folder = tmp_path / str(run)
        folder.mkdir()
        child = Forked("json.tool", ["--help"], {"PATH": "/usr/bin:/bin"}, folder)

        def poll_until_ended(child: Forked = child) -> None:
            while child.poll() is None:
                pass

        reader = threading.Thread(target=poll_until_ended)
        reader.start()
        assert child.wait(30) == 0
        reader.join()
        assert child.poll() == 0
