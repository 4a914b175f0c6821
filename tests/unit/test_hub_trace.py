"""The hub's batch trace (hub/service/service.py) and the benchmark's account of the latency tail
(bench/hub_bench.py) read it back and name what the slowest results waited behind."""

from __future__ import annotations

from array import array
from pathlib import Path

from bench.hub_bench import Sent, read_trace, tail_account
from hub.service.service import StageTimes


def test_the_trace_is_kept_only_when_asked() -> None:
    times = StageTimes()
    times.note("result", 1.0, 3, 5)
    assert times.trace is None


def test_the_trace_reads_back_and_names_the_longest_work_in_a_wait(tmp_path: Path) -> None:
    times = StageTimes()
    times.trace = array("d")
    times.note("result", 10.000, 2, 4, commit=0.001, build=0.0005, end=10.002)
    times.note("release", 10.002, 0, 32, end=10.020)
    path = tmp_path / "trace.csv"
    times.write_trace(str(path))
    trace = read_trace(path)
    assert [row[0] for row in trace] == ["result", "release"]
    assert trace[0][3:5] == (2, 4) and abs(trace[0][5] - 0.001) < 1e-9
    # One result sent at 10.001 and seen 20 ms later, during the release; one quick one.
    slow = Sent(table=1, hand=1, at=10.001, ack_at=10.0025)
    quick = Sent(table=2, hand=1, at=10.030)
    account = tail_account([(slow, 0.020), (quick, 0.001)], trace)
    assert "release 1" in account
    assert "release 0 in/32 out 18.0 ms" in account
    # Its batch is the result batch before its Ack: queued at 10.000, run from 10.000 to 10.002.
    assert "to hub 0.0 + queue 0.0 + batch 2.0 + after 19.0" in account


def test_nothing_to_account_for_without_a_trace() -> None:
    assert tail_account([], []) == "tail: nothing to account for"
