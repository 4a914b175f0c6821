"""``bench/run --targets [--runs 3] [--vs /work/main] [--quick]``: every figure issue 28's
"Done when" names, in one table.

Runs the sizes the targets name — 16 and 100 tables (``--quick``), 500 tables, and 500 tables
with the hub on one core (full, or ``--quick`` with ``--quick``) — ``--runs`` times each, one
size after the other, round after round; with ``--vs DIR`` the hub of that checkout too (its
folder as the hub's PYTHONPATH; the benchmark is this one), this hub and that one in turn.
Each cell is the median of the runs, with their range; the load average at each run's start
is printed beside it (the figures of a shared machine mean little without it).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import time

#: (column, the benchmark's arguments).
SIZES = [
    ("16", ["--tables", "16", "--quick"]),
    ("100", ["--tables", "100", "--quick"]),
    ("500", ["--tables", "500"]),
    ("500 one core", ["--tables", "500", "--one-core"]),
]

#: (row, SUMMARY key, target as words, is the target met by the value at this size?).
ROWS: list[tuple[str, str, str]] = [
    ("ingest /s", "ingest_per_s", "≥ 5,000 one core, ≥ 4,000 two, at 500"),
    ("ack p99 ms", "ack_p99_ms", ""),
    ("e2e p50 ms", "e2e_p50_ms", ""),
    ("e2e p99 ms", "e2e_p99_ms", ""),
    ("floor p99 ms", "floor_p99_ms", ""),
    ("ratio p99", "ratio_p99", "≤ 3 at 16 and 100, ≤ 10 at 500"),
    ("paced floor p99 ms", "paced_floor_p99_ms", ""),
    ("paced ratio p99", "paced_ratio_p99", ""),
    ("hub CPU/result µs", "cpu_us", ""),
    ("feed process CPU/result µs", "feed_cpu_us", ""),
    ("hub peak RSS MB", "hub_rss_mb", "< 80"),
    ("hub RSS at ready MB", "hub_ready_rss_mb", ""),
    ("feed process peak RSS MB", "feed_rss_mb", ""),
    ("replay s", "replay_s", "< 1 (25,000 events at 500)"),
    ("log events", "events", ""),
    ("lost", "lost", "0"),
    ("double", "double", "0"),
]


def load() -> str:
    return f"{os.getloadavg()[0]:.1f}"


def one_run(args: list[str], hub_path: str | None) -> dict[str, float]:
    argv = [sys.executable, "-m", "bench.hub_bench", *args]
    if hub_path:
        argv += ["--hub-path", hub_path]
    done = subprocess.run(argv, capture_output=True, text=True, check=False)
    line = next((x for x in done.stdout.splitlines() if x.startswith("SUMMARY")), None)
    if line is None:
        print(f"  run failed: {' '.join(args)}\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
        return {}
    return {k: float(v) for k, v in re.findall(r"(\w+)=([-\d.naif]+)", line) if k != "tables"}


def cell(values: list[float]) -> str:
    if not values:
        return "—"
    mid = statistics.median(values)
    whole = all(v == int(v) for v in values)
    fmt = "{:,.0f}" if whole or abs(mid) >= 100 else "{:.2f}" if abs(mid) < 10 else "{:.1f}"
    if len(values) == 1 or min(values) == max(values):
        return fmt.format(mid)
    return f"{fmt.format(mid)} ({fmt.format(min(values))}-{fmt.format(max(values))})"


def run_targets(
    *,
    runs: int,
    vs: str | None,
    quick: bool,
    feed: str = "auto",
    console: float = 0.0,
    feeds: list[str] | None = None,
    only: list[str] | None = None,
) -> None:
    """``feed`` and ``console``: the benchmark's ``--feed`` and ``--console``, every run;
    ``feeds``: several ``--feed`` modes of this hub, compared in turn (in place of ``feed``);
    ``only``: these columns of SIZES only ("16", "100", "500", "500 one core")."""
    modes = feeds or [feed]
    hubs: list[tuple[str, str | None, str]] = [
        ("new" if len(modes) == 1 else f"feed {mode}", None, mode) for mode in modes
    ] + ([("old", vs, feed)] if vs else [])
    common = ["--console", f"{console:g}"] if console else []
    sizes = [
        (n, a + (["--quick"] if quick and "--quick" not in a else []) + common)
        for n, a in SIZES
        if only is None or n in only
    ]
    got: dict[tuple[str, str], list[dict[str, float]]] = {}
    loads: dict[tuple[str, str], list[str]] = {}
    for round_ in range(1, runs + 1):
        for size, args in sizes:
            for name, path, mode in hubs:
                key = (size, name)
                loads.setdefault(key, []).append(load())
                started = time.perf_counter()
                result = one_run([*args, "--feed", mode], path)
                print(f"round {round_}: {size} tables, {name} hub: load {loads[key][-1]}, "
                      f"{time.perf_counter() - started:.0f} s: "
                      + " ".join(f"{k}={v:g}" for k, v in result.items()), flush=True)
                if result:
                    got.setdefault(key, []).append(result)
    columns = [(size, name) for size, _ in sizes for name, _, _ in hubs]
    heads = [f"{size}{'' if len(hubs) == 1 else ' ' + name}" for size, name in columns]
    print()
    print("| figure | " + " | ".join(heads) + " | target |")
    print("|---|" + "---|" * len(columns) + "---|")
    for row, key, target in ROWS:
        cells = [cell([r[key] for r in got.get(c, []) if key in r]) for c in columns]
        print(f"| {row} | " + " | ".join(cells) + f" | {target} |")
    print("| load at start | " + " | ".join(", ".join(loads.get(c, [])) for c in columns) + " | |")
