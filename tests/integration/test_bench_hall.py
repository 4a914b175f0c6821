"""The benchmark's hall display in its own process (bench/hallsub.py) hears what the hall
would, on a real Mosquitto: it says when it is subscribed, then one line per Standings or
StandingsChanges with its seq and when it came (bench/run's e2e reads them)."""

from __future__ import annotations

import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.integration.conftest import require_mosquitto
from whist.protocol import Topics

require_mosquitto()

ROOT = Path(__file__).resolve().parents[2]


def test_the_hall_display_process_reports_each_standings_message(anon_broker, connect):
    topics = Topics("benchhall")
    display = subprocess.Popen(
        [sys.executable, "-m", "bench.hallsub", str(anon_broker.port), topics.root],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT,
    )
    lines: queue.Queue[str] = queue.Queue()
    assert display.stdout is not None and display.stdin is not None
    threading.Thread(target=lambda: [lines.put(x) for x in display.stdout], daemon=True).start()

    def line() -> str:  # a hung display fails the test, never the suite
        return lines.get(timeout=15).strip()

    try:
        assert line() == "ready"
        probe = connect(anon_broker)
        before = time.perf_counter()
        probe.publish_acked(topics.standings_changes, b'{"v":1,"seq":7,"teams":[]}')
        probe.publish_acked(topics.state, b'{"v":1,"seq":8}')  # not the hall's: not reported
        probe.publish_acked(topics.standings, b'{"v":1,"seq":9,"teams":[]}')
        first, second = line().split(), line().split()
        display.stdin.close()
        assert display.wait(15) == 0
        time.sleep(0.2)
        assert lines.empty()
    finally:
        display.kill()
        display.wait()
    assert first[:2] == ["changes", "7"] and second[:2] == ["full", "9"]
    assert before <= float(first[2]) <= float(second[2]) <= time.perf_counter()
