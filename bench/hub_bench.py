"""The hub under a real hall's worst moment: every table reporting within a second, hand after
hand. Prints figures and one SUMMARY line; asserts nothing (docs/performance.md).

Run it as ``bench/run [--tables N] [--quick]``.

What is measured, all in this one run on this machine:

* e2e: from a simulated kiosk publishing a result to a hall subscriber receiving Standings that
  count it (Standings.seq >= the result's Ack.seq).
* floor: what no design can beat here: the p99 of a bare QoS 1 publish->subscribe round trip
  through the same broker plus the p99 of one durable SQLite commit (WAL, synchronous=FULL) in
  the same data folder. ratio_p99 = e2e_p99 / floor_p99.
* paced floor: the same two, each sample after a pause of 1/tables s, the timed hands' mean
  gap between two results. On a virtual disk (this machine's) or an SD card a lone fsync
  after a pause costs several times one in a stream; a result of a quiet hall pays that.
  paced_ratio_p99 = e2e_p99 / paced_floor_p99.
* ingest_per_s: a separate saturation phase; kiosks publish as fast as they can; results
  committed and acknowledged per second.
* replay_s: the hub's own figure for replaying the log this run produced, at a restart.
* hub_rss_mb: the hub process's peak resident memory (VmHWM), to a tenth of a MB (MiB).
* hub_ready_rss_mb: its resident memory once it says "Hub ready", before any table reports:
  what its start costs, apart from what the run adds.
* lost / double: results acknowledged but not in the log / counted twice in it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from bisect import bisect_left
from dataclasses import dataclass, field
from pathlib import Path

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion

from bench.hallsub import SEQ
from hub.broker.broker import MosquittoProcess, find_free_port, write_anonymous_config
from hub.broker.net import no_delay
from hub.demo.sim import SimLeader
from hub.service.files import write_spec
from hub.service.store import EventStore
from whist.pattern import default_spec
from whist.protocol import Topics

WAIT = 60.0
#: Seconds between a hand's start and its first result (a real hand: 5 to 10 minutes).
PLAY_SECONDS = 1.0


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def client(name: str, port: int) -> mqtt.Client:
    c = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"bench-{name}-{uuid.uuid4().hex[:6]}",
                    protocol=mqtt.MQTTv5)
    c.max_queued_messages_set(0)
    c.max_inflight_messages_set(1000)
    return c


def connect(c: mqtt.Client, port: int) -> None:
    ready = threading.Event()

    def on_connect(*args: object) -> None:
        no_delay(c)
        ready.set()

    c.on_connect = on_connect
    c.connect("127.0.0.1", port, keepalive=30)
    c.loop_start()
    if not ready.wait(10):
        raise SystemExit("bench: cannot connect to the broker")


# ---------------------------------------------------------------------------------- the floor

def mqtt_round_trips(port: int, count: int, gap: float = 0.0) -> list[float]:
    pub, sub = client("floor-pub", port), client("floor-sub", port)
    got = threading.Event()
    sub.on_message = lambda *a: got.set()
    connect(sub, port)
    connect(pub, port)
    done = threading.Event()
    sub.on_subscribe = lambda *a: done.set()
    sub.subscribe("bench/floor", qos=1)
    done.wait(5)
    samples = []
    for _ in range(count):
        time.sleep(gap)
        got.clear()
        start = time.perf_counter()
        pub.publish("bench/floor", b'{"v":1}', qos=1)
        if not got.wait(5):
            raise SystemExit("bench: the floor message never came back")
        samples.append(time.perf_counter() - start)
    for c in (pub, sub):
        c.disconnect()
        c.loop_stop()
    return samples


def sqlite_commits(folder: Path, count: int, gap: float = 0.0) -> list[float]:
    path = folder / f"floor-{gap:g}.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=FULL")
    db.execute("CREATE TABLE t (x TEXT)")
    samples = []
    for i in range(count):
        time.sleep(gap)
        start = time.perf_counter()
        db.execute("BEGIN")
        db.execute("INSERT INTO t VALUES (?)", (f"row {i}",))
        db.execute("COMMIT")
        samples.append(time.perf_counter() - start)
    db.close()
    path.unlink()
    return samples


# ---------------------------------------------------------------------------------- the hall

@dataclass
class Sent:
    table: int
    hand: int
    at: float
    ack_at: float = 0.0
    seq: int = 0
    status: str = ""


@dataclass
class Hall:
    """Many simulated kiosks on a few connections (tables t with t % K == i), and the hall."""

    port: int
    tables: int
    connections: int
    topics: Topics
    sent: dict[str, Sent] = field(default_factory=dict)
    standings: list[tuple[int, float]] = field(default_factory=list)  # changes: (seq, at)
    full: list[tuple[int, float]] = field(default_factory=list)  # full standings: (seq, at)
    acked: threading.Condition = field(default_factory=threading.Condition)
    acks: int = 0
    #: The hall display in a process of its own (bench/hallsub.py), as a real one is a
    #: machine of its own; False: in this process, beside the kiosks' threads (before
    #: 2026-11-29), where its thread waited for the interpreter behind theirs.
    apart: bool = True
    heard: threading.Condition = field(default_factory=threading.Condition)

    def start(self) -> None:
        self.kiosks = [client(f"kiosks{i}", self.port) for i in range(self.connections)]
        for i, k in enumerate(self.kiosks):
            k.on_message = self._on_ack
            connect(k, self.port)
            mine = range(i or self.connections, self.tables + 1, self.connections)
            k.subscribe([(self.topics.ack(t), 1) for t in mine])
        self.hall: mqtt.Client | None = None
        self.display: subprocess.Popen[str] | None = None
        if self.apart:
            self.display = subprocess.Popen(
                [sys.executable, "-m", "bench.hallsub", str(self.port), self.topics.root],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                cwd=Path(__file__).resolve().parent.parent)
            ready = threading.Event()
            threading.Thread(target=self._hear, args=(ready,), daemon=True).start()
            if not ready.wait(WAIT):
                raise SystemExit("bench: the hall display's process did not subscribe")
        else:
            self.hall = client("hall", self.port)
            self.hall.on_message = self._on_standings
            connect(self.hall, self.port)
            self.hall.subscribe([(self.topics.standings, 1),
                                 (self.topics.standings_changes, 1)])
        time.sleep(0.5)

    def _hear(self, ready: threading.Event) -> None:
        """The hall display's lines: when it heard each Standings and StandingsChanges."""
        assert self.display is not None and self.display.stdout is not None
        for line in self.display.stdout:
            kind, _, rest = line.strip().partition(" ")
            if kind == "ready":
                ready.set()
                continue
            seq, at = rest.split()
            with self.heard:
                (self.full if kind == "full" else self.standings).append((int(seq), float(at)))
                self.heard.notify_all()

    def stop(self) -> None:
        for c in self.kiosks if self.hall is None else (*self.kiosks, self.hall):
            c.disconnect()
            c.loop_stop()
        if self.display is not None and self.display.stdin is not None:
            self.display.stdin.close()
            self.display.wait(WAIT)

    def _on_ack(self, c: mqtt.Client, u: object, msg: mqtt.MQTTMessage) -> None:
        now = time.perf_counter()
        ack = json.loads(msg.payload)
        record = self.sent.get(ack.get("id"))
        if record is None or record.ack_at:
            return
        record.ack_at, record.seq, record.status = now, ack.get("seq") or 0, ack["status"]
        with self.acked:
            self.acks += 1
            self.acked.notify_all()

    def _on_standings(self, c: mqtt.Client, u: object, msg: mqtt.MQTTMessage) -> None:
        now = time.perf_counter()
        match = SEQ.search(msg.payload)
        if match:
            full = msg.topic == self.topics.standings
            with self.heard:
                (self.standings if not full else self.full).append((int(match.group(1)), now))
                self.heard.notify_all()

    def payload(self, hand: int, table: int, rng: random.Random) -> tuple[str, bytes]:
        rid = uuid.uuid4().hex
        tricks = rng.randint(0, 13)
        body = {"v": 1, "id": rid, "hand": hand, "table": table, "visitor_tricks": tricks,
                "home_tricks": 13 - tricks, "revokes": {"home": 0, "visitors": 0}}
        return rid, json.dumps(body, separators=(",", ":")).encode()

    def play(self, hand: int, rng: random.Random, spread: float) -> list[Sent]:
        """Every table reports once for ``hand``; over ``spread`` seconds (0 = flat out)."""
        plan: list[list[tuple[float, int, str, bytes]]] = [[] for _ in self.kiosks]
        base = time.perf_counter() + 0.02
        for table in range(1, self.tables + 1):
            rid, body = self.payload(hand, table, rng)
            at = base + (rng.uniform(0, spread) if spread else 0)
            plan[table % len(self.kiosks)].append((at, table, rid, body))
        before = self.acks
        threads = [threading.Thread(target=self._send, args=(k, sorted(p)))
                   for k, p in zip(self.kiosks, plan, strict=True)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        with self.acked:
            ok = self.acked.wait_for(lambda: self.acks - before >= self.tables, WAIT)
        if not ok:
            print(f"  warning: only {self.acks - before} of {self.tables} acks for hand {hand}")
        return [s for s in self.sent.values() if s.hand == hand]

    def _send(self, k: mqtt.Client, plan: list[tuple[float, int, str, bytes]]) -> None:
        for at, table, rid, body in plan:
            delay = at - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
            self.sent[rid] = Sent(table, int(json.loads(body)["hand"]), time.perf_counter())
            k.publish(self.topics.result(table), body, qos=1)

    def e2e(self, results: list[Sent], *, full: bool = False) -> list[float]:
        """Latency to the first standings message (changes, or full ones) counting each
        (changes: once the hall has heard one counting the last of them, or after a
        second)."""
        last = max((r.seq for r in results), default=0)
        with self.heard:
            if not full:
                self.heard.wait_for(lambda: max(
                    (s for s, _ in (*self.standings, *self.full)), default=0) >= last, 1.0)
            ordered = sorted(self.full if full else [*self.standings, *self.full])
        seqs = [s for s, _ in ordered]
        out = []
        for r in results:
            i = bisect_left(seqs, r.seq)
            if r.seq and i < len(ordered):
                out.append(ordered[i][1] - r.at)
        return out


# ---------------------------------------------------------------------------------- the hub

def process_cpu_seconds(pid: int) -> float:
    """A process's user + system CPU time so far (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds() -> float:
    """This benchmark process's user + system CPU time so far (the simulated hall)."""
    t = os.times()
    return t.user + t.system


class Console:
    """A leader's console asking, every ``every`` seconds, for an export (the files and the
    sheets, written again since the log moved) and the current hand's results, in turn: the
    console's work during a hand (docs/performance.md). Answers' times are kept."""

    def __init__(self, port: int, topics: Topics, every: float) -> None:
        self.leader = SimLeader("127.0.0.1", port, topics=topics)
        self.leader.start()
        self.every = every
        self.times: list[float] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._ask, daemon=True)
        self._thread.start()

    def _ask(self) -> None:
        ops = ("export", "results")
        i = 0
        while not self._stop.wait(self.every):
            started = time.perf_counter()
            try:
                self.leader.command(ops[i % 2], timeout=WAIT)
            except Exception as exc:
                print(f"bench: the console's {ops[i % 2]} failed: {exc}")
                continue
            self.times.append(time.perf_counter() - started)
            i += 1

    def stop(self) -> list[float]:
        self._stop.set()
        self._thread.join(WAIT)
        self.leader.stop()
        return self.times


class HubProc:
    def __init__(self, spec_file: Path, data: Path, port: int, root: str,
                 cpu: int | None = None, feed_qos: int = 1, hub_path: str | None = None,
                 extra: tuple[str, ...] = ()) -> None:
        self.argv = [sys.executable, "-m", "hub.cli", "serve", str(spec_file), "--data",
                     str(data), "--broker", f"127.0.0.1:{port}", "--root", root,
                     "--feed-qos", str(feed_qos), *extra]
        #: Another checkout's hub (its folder, as PYTHONPATH), for before/after in turn.
        self.env = {} if hub_path is None else {"PYTHONPATH": hub_path}
        if cpu is not None:
            self.argv = ["taskset", "--cpu-list", str(cpu), *self.argv]
        self.lines: list[str] = []
        #: Every batch and release of the hub, written at its stop (hub/service/service.py TRACE).
        self.trace = data.parent / "hub-trace.csv"

    def start(self) -> float:
        """Start; return the seconds the hub said its replay took."""
        self.lines = []
        ready = threading.Event()
        # In the other checkout's folder: ``python -m`` puts the current folder first.
        self.proc = subprocess.Popen(self.argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     cwd=self.env.get("PYTHONPATH"),
                                     text=True, env={**os.environ, "PYTHONUNBUFFERED": "1",
                                          "WHIST_HUB_TRACE": str(self.trace), **self.env})

        def read() -> None:
            assert self.proc.stdout is not None
            for line in self.proc.stdout:
                self.lines.append(line)
                if "Hub ready" in line:
                    ready.set()

        threading.Thread(target=read, daemon=True).start()
        if not ready.wait(WAIT):
            self.proc.kill()
            raise SystemExit("bench: the hub did not start:\n" + "".join(self.lines))
        match = re.search(r"(\d+) events replayed in ([\d.]+) s", "".join(self.lines))
        return float(match.group(2)) if match else float("nan")

    def cpu_seconds(self) -> float:
        """The hub process's user + system CPU time so far (all its threads)."""
        return process_cpu_seconds(self.proc.pid)

    def peak_rss_mb(self, pid: int | None = None, *, now: bool = False) -> float:
        """The process's peak resident memory (VmHWM); with *now*, its present one (VmRSS)."""
        status = Path(f"/proc/{pid or self.proc.pid}/status").read_text()
        key = "VmRSS" if now else "VmHWM"
        kb = int(re.search(rf"{key}:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]
        return kb / 1024

    def feed_pid(self) -> int | None:
        """The hub's hall feed process (hub/service/feedchild.py), if it has one now."""
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            for kid in (task / "children").read_text().split():
                try:
                    cmd = Path(f"/proc/{kid}/cmdline").read_bytes()
                except OSError:
                    continue
                if b"hub.service.feedchild" in cmd:
                    return int(kid)
        return None

    def feed_cpu_seconds(self) -> float:
        """The feed process's CPU time so far (0 without one; a restarted one starts at 0)."""
        pid = self.feed_pid()
        try:
            return process_cpu_seconds(pid) if pid else 0.0
        except OSError:
            return 0.0

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(WAIT)


Trace = tuple[str, float, float, int, int, float, float, float]


def read_trace(path: Path) -> list[Trace]:
    """The hub's trace: (kind, start, end, messages in, messages out, commit, build, queued)
    per batch or release (hub/service/service.py)."""
    rows = path.read_text().splitlines()[1:]
    return [(k, float(a), float(b), int(m), int(o), float(c), float(d), float(q))
            for k, a, b, m, o, c, d, q in (row.split(",") for row in rows)]


def tail_account(timed: list[tuple[Sent, float]], trace: list[Trace],
                 feed: list[Trace] | None = None) -> str:
    """Where the slowest 1 % of the timed results spent their time, from the hub's trace.

    A result's batch is the last batch of the hub that ended before its Ack arrived. Its
    time splits into: to the hub (broker, paho's thread: sent → the batch's first message
    queued), the queue (→ the batch starts), the batch (handling, commit, publishing) and
    after it (broker → the hall's subscriber). For each, the hub's longest piece of work in
    the whole wait is named: a "result" batch, a "command" or a "release" of held-back
    tables. With the hall feed in its own process (issue 28) and its trace (``feed``), "feed"
    is the time from the hub's batch to the end of the feed's first round after it (reading
    the log, building, publishing), and its rounds are named as "feed:…" work."""
    if not timed or not trace:
        return "tail: nothing to account for"
    feed = sorted(feed or [], key=lambda t: t[1])
    rounds = [t for t in feed if t[0] == "feed"]
    round_starts = [t[1] for t in rounds]
    trace = sorted([*trace, *((f"feed:{t[0]}", *t[1:]) for t in feed)], key=lambda t: t[1])
    slow = sorted(timed, key=lambda x: x[1], reverse=True)[: max(1, len(timed) // 100)]
    starts = [t[1] for t in trace]
    batches = sorted((t for t in trace if t[0] != "release" and not t[0].startswith("feed")),
                     key=lambda t: t[2])
    ends = [t[2] for t in batches]
    lines, kinds = [], {}
    parts = {"to hub": 0.0, "queue": 0.0, "batch": 0.0, **({"feed": 0.0} if feed else {}),
             "after": 0.0}
    for r, latency in slow:
        lo = bisect_left(starts, r.at - 0.2)
        window = [t for t in trace[lo:] if t[1] < r.at + latency and t[2] > r.at]
        worst = max(window, key=lambda t: t[2] - t[1], default=None)
        name = "nothing" if worst is None else (
            f"{worst[0]} {worst[3]} in/{worst[4]} out {(worst[2] - worst[1]) * 1e3:.1f} ms "
            f"(commit {worst[5] * 1e3:.1f}, build {worst[6] * 1e3:.1f})")
        kinds[name.split(" ")[0]] = kinds.get(name.split(" ")[0], 0) + 1
        i = bisect_left(ends, r.ack_at) - 1 if r.ack_at else -1
        split = ""
        if i >= 0 and batches[i][2] > r.at:
            _, b_start, b_end, *_, queued = batches[i]
            here = {"to hub": max(0.0, queued - r.at),
                    "queue": max(0.0, b_start - max(queued, r.at)),
                    "batch": b_end - b_start, "after": r.at + latency - b_end}
            j = bisect_left(round_starts, b_start)
            if feed and j < len(rounds):
                done = max(b_end, min(rounds[j][2], r.at + latency))
                here["feed"], here["after"] = done - b_end, r.at + latency - done
                here["after"] = here.pop("after")  # last, as printed
            for k, v in here.items():
                parts[k] += v / len(slow)
            split = " = " + " + ".join(f"{k} {v * 1e3:.1f}" for k, v in here.items())
        lines.append(f"  {latency * 1e3:6.1f} ms{split}; longest work: {name}")
    head = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items(), key=lambda x: -x[1]))
    mean = ", ".join(f"{k} {v * 1e3:.1f}" for k, v in parts.items())
    return (f"tail: the {len(slow)} slowest timed results (ms, mean: {mean}); the hub's longest "
            f"work in their wait: {head}\n" + "\n".join(lines[:12]))


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench/run", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500, help="tables in the hall (500)")
    parser.add_argument("--quick", action="store_true", help="a short run (under a minute)")
    parser.add_argument("--connections", type=int, default=10,
                        help="MQTT connections the simulated kiosks share (10)")
    parser.add_argument("--one-core", action="store_true",
                        help="the hub on one core only (taskset), the broker and the simulated "
                             "hall on the other: the nearest this machine comes to a Pi hub")
    parser.add_argument("--timed", type=int, help="timed hands (20; 3 with --quick)")
    parser.add_argument("--flat", type=int, help="hands played flat out (30; 3 with --quick)")
    parser.add_argument("--settle", type=float, default=0.0,
                        help="seconds between a flat-out hand's start and its results (0): "
                             "lets the start's own publications go out first")
    parser.add_argument("--feed-qos", type=int, choices=(0, 1), default=1,
                        help="QoS of the hub's hall feed (1, the protocol's; 0: whist-hub "
                             "serve --feed-qos 0)")
    parser.add_argument("--hub-path", metavar="DIR",
                        help="run the hub of another checkout (DIR as its PYTHONPATH), "
                             "e.g. main's, for before/after in turn")
    parser.add_argument("--feed", choices=("auto", "process", "one"), default="auto",
                        help="the hub's hall feed: in a process of its own (whist-hub serve "
                             "--feed-process), in the hub's own (--one-process, as before "
                             "issue 28), or the hub's default (auto: its own from 32 tables)")
    parser.add_argument("--hall-here", action="store_true",
                        help="the hall display's subscriber in the benchmark's own process, "
                             "beside the kiosks' threads (as before 2026-11-29), not in its own")
    parser.add_argument("--console", type=float, default=0.0, metavar="SECONDS",
                        help="a second leader's console asking for an export, then the "
                             "results of the hand, in turn, every SECONDS while the hands are "
                             "played (0: none): what the console's work costs the results")
    parser.add_argument("--feeds", metavar="MODES",
                        help="with --targets: several --feed modes compared in turn, e.g. "
                             "process,one (to choose the hub's FEED_APART_FROM)")
    parser.add_argument("--sizes", metavar="LIST",
                        help="with --targets: only these sizes, e.g. 16,100 or '500 one core'")
    parser.add_argument("--targets", action="store_true",
                        help="every size the targets name (16 and 100 --quick, 500, 500 "
                             "--one-core), --runs times each in turn, and one table of the "
                             "figures against the targets (with --vs: both hubs, in turn)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each size (--targets; 3)")
    parser.add_argument("--vs", metavar="DIR",
                        help="with --targets: the hub of this checkout too (e.g. /work/main), "
                             "run in turn with this one")
    args = parser.parse_args()
    if args.targets:
        from bench.targets import run_targets
        run_targets(runs=args.runs, vs=args.vs, quick=args.quick, feed=args.feed,
                    console=args.console,
                    feeds=args.feeds.split(",") if args.feeds else None,
                    only=args.sizes.split(",") if args.sizes else None)
        return
    hub_cpu = None
    if args.one_core:
        cpus = sorted(os.sched_getaffinity(0))
        if len(cpus) < 2:
            raise SystemExit("bench: --one-core needs two processors")
        # The broker is started by this process and inherits its affinity.
        hub_cpu, rest = cpus[0], set(cpus[1:])
        os.sched_setaffinity(0, rest)
        print(f"bench: one-core mode: the hub on CPU {hub_cpu}, the broker and the hall on "
              f"{','.join(map(str, sorted(rest)))}")
    tables = args.tables
    timed, saturated = (3, 3) if args.quick else (20, 30)
    timed = timed if args.timed is None else args.timed
    saturated = saturated if args.flat is None else args.flat
    hands = timed + saturated
    rng = random.Random(2026)

    work = Path(tempfile.mkdtemp(prefix="whist-bench-"))
    port = find_free_port()
    print(f"bench: {tables} tables, {timed} timed hands then {saturated} flat out; "
          f"data in {work}")
    with MosquittoProcess(write_anonymous_config(work / "broker", port), port) as broker:
        print("bench: measuring the floor (broker round trip, durable commit)…")
        rtt = mqtt_round_trips(port, 300)
        commit = sqlite_commits(work, 300)
        floor_p99 = pct(rtt, 99) + pct(commit, 99)
        # The same, one sample each at the timed hands' pace (a result every 1/tables s on
        # average): after an idle gap a commit's fsync costs this machine several times
        # what it costs back to back (docs/performance.md, 2026-11-29).
        gap = 1.0 / tables
        paced = max(60, min(300, int(2.0 / gap)))
        paced_rtt = mqtt_round_trips(port, paced, gap)
        paced_commit = sqlite_commits(work, paced, gap)
        paced_floor_p99 = pct(paced_rtt, 99) + pct(paced_commit, 99)

        spec = default_spec("alberta", tables, hands, name=f"Bench, {tables} tables")
        spec_file = write_spec(spec, work / "bench.toml")
        topics = Topics("bench")
        hub = HubProc(spec_file, work / "hub", port, topics.root, cpu=hub_cpu,
                      feed_qos=args.feed_qos, hub_path=args.hub_path,
                      extra={"auto": (), "process": ("--feed-process",),
                             "one": ("--one-process",)}[args.feed])
        hub.start()
        ready_rss = hub.peak_rss_mb(now=True)
        leader = SimLeader("127.0.0.1", port, topics=topics)
        leader.start()
        hall = Hall(port, tables, args.connections, topics, apart=not args.hall_here)
        hall.start()
        console = Console(port, topics, args.console) if args.console else None

        e2e: list[float] = []
        acks: list[float] = []  # the result path alone: a result to its Ack (timed hands)
        timed_results: list[tuple[Sent, float]] = []  # (result, e2e) for the tail's account
        e2e_full: list[float] = []
        print(f"{'hand':>6} {'results':>8} {'ack p50 ms':>11} {'ack p99 ms':>11} "
              f"{'e2e p50 ms':>11} {'e2e p99 ms':>11}")
        for hand in range(1, timed + 1):
            if hand == 31:
                leader.command("end_day", timeout=WAIT)
            assert leader.command("start_hand", timeout=WAIT).ok
            # In a hall a hand takes minutes to play: results never follow the start at
            # once. Let the start's own publications (every table's assignment) go out first.
            time.sleep(PLAY_SECONDS)
            results = hall.play(hand, rng, spread=1.0)
            latencies = hall.e2e(results)
            e2e += latencies
            timed_results += [(r, late) for r in results
                              for late in hall.e2e([r])]
            ack_lat = [r.ack_at - r.at for r in results if r.ack_at]
            acks += ack_lat
            e2e_full += hall.e2e(results, full=True)
            print(f"{hand:>6} {len(results):>8} {pct(ack_lat, 50) * 1e3:>11.1f} "
                  f"{pct(ack_lat, 99) * 1e3:>11.1f} {pct(latencies, 50) * 1e3:>11.1f} "
                  f"{pct(latencies, 99) * 1e3:>11.1f}", flush=True)
            leader.command("close_hand", timeout=WAIT)

        print("bench: saturation, every kiosk flat out…")
        burst_results, burst_seconds, sending, burst_cpu = 0, 0.0, 0.0, 0.0
        cpu_before, feed_before = hub.cpu_seconds(), hub.feed_cpu_seconds()
        assert broker.pid is not None
        broker_before, sim_before = process_cpu_seconds(broker.pid), own_cpu_seconds()
        for hand in range(timed + 1, hands + 1):
            if hand == 31:
                leader.command("end_day", timeout=WAIT)
            assert leader.command("start_hand", timeout=WAIT).ok
            if args.settle:
                time.sleep(args.settle)
            start, cpu_start = time.perf_counter(), hub.cpu_seconds()
            results = hall.play(hand, rng, spread=0)
            burst_cpu += hub.cpu_seconds() - cpu_start
            end = max(r.ack_at for r in results)
            first = min(r.at for r in results)
            burst_results += sum(1 for r in results if r.ack_at)
            burst_seconds += end - first
            # How long the simulated kiosks themselves took to send the hand: what this
            # benchmark's own Python clients allow, whatever the hub does.
            sent = max(r.at for r in results) - first
            sending += sent
            print(f"{hand:>6} {len(results):>8} {len(results) / (end - start):>10.0f}/s "
                  f"(sent in {sent * 1e3:.0f} ms, last ack after {(end - first) * 1e3:.0f} ms)",
                  flush=True)
            leader.command("close_hand", timeout=WAIT)
        ingest = burst_results / burst_seconds if burst_seconds else float("nan")
        # The hub's CPU time over the whole saturation phase (start and close of each hand
        # included), per result: steadier than a rate on a shared machine.
        cpu_per_result = (hub.cpu_seconds() - cpu_before) / max(burst_results, 1)
        # The hall feed's own process (issue 28), if the hub has one: its CPU per result.
        feed_per_result = max(0.0, hub.feed_cpu_seconds() - feed_before) / max(burst_results, 1)
        # The same for the broker and for this process (the 500 simulated kiosks and the
        # hall): with all three on two cores, 2 / (their sum) is the most results a second
        # this machine could take, whatever the hub does.
        broker_per_result = (process_cpu_seconds(broker.pid) - broker_before) / max(
            burst_results, 1)
        sim_per_result = (own_cpu_seconds() - sim_before) / max(burst_results, 1)
        machine_per_result = cpu_per_result + feed_per_result + broker_per_result + sim_per_result
        rss = hub.peak_rss_mb()
        feed_pid = hub.feed_pid()
        feed_rss = hub.peak_rss_mb(feed_pid) if feed_pid else 0.0
        asked = console.stop() if console is not None else []
        leader.stop()
        hall.stop()
        hub.stop()
        trace = read_trace(hub.trace) if hub.trace.exists() else []
        feed_file = hub.trace.with_name(hub.trace.name + ".feed")
        feed_trace = read_trace(feed_file) if feed_file.exists() else []
        stages = re.findall(r"stage times: (.*)", (work / "hub" / "hub.log").read_text())
        replay = hub.start()
        events = re.search(r"(\d+) events replayed", "".join(hub.lines))
        hub.stop()

    with EventStore(work / "hub" / "hub.sqlite3") as store:
        logged = [e for e in store.events() if type(e).__name__ == "ResultRecorded"]
    counted: dict[tuple[int, int], int] = {}
    for e in logged:
        counted[(e.hand, e.table)] = counted.get((e.hand, e.table), 0) + 1
    acked = [s for s in hall.sent.values() if s.status in ("accepted", "duplicate")]
    lost = sum(1 for s in acked if (s.hand, s.table) not in counted)
    double = sum(n - 1 for n in counted.values() if n > 1)

    e2e_p50, e2e_p99 = pct(e2e, 50) * 1e3, pct(e2e, 99) * 1e3
    print()
    print(tail_account(timed_results, trace, feed_trace))
    if stages:
        print(f"hub stage times: {stages[0]}")
    print(f"{'figure':<28} {'value':>12}")
    for name, value in [
        ("broker round trip p50 ms", pct(rtt, 50) * 1e3),
        ("broker round trip p99 ms", pct(rtt, 99) * 1e3),
        ("durable commit p50 ms", pct(commit, 50) * 1e3),
        ("durable commit p99 ms", pct(commit, 99) * 1e3),
        ("floor p99 ms", floor_p99 * 1e3),
        ("paced round trip p99 ms", pct(paced_rtt, 99) * 1e3),
        ("paced commit p50 ms", pct(paced_commit, 50) * 1e3),
        ("paced commit p99 ms", pct(paced_commit, 99) * 1e3),
        ("paced floor p99 ms", paced_floor_p99 * 1e3),
        ("ack p99 ms", pct(acks, 99) * 1e3),
        ("e2e p50 ms", e2e_p50),
        ("e2e p99 ms", e2e_p99),
        ("e2e samples", len(e2e)),
        ("e2e to full standings p50 ms", pct(e2e_full, 50) * 1e3),
        ("e2e to full standings p99 ms", pct(e2e_full, 99) * 1e3),
        ("ratio p99", e2e_p99 / (floor_p99 * 1e3)),
        ("paced ratio p99", e2e_p99 / (paced_floor_p99 * 1e3)),
        ("ingest results/s", ingest),
        ("hub CPU per result µs", cpu_per_result * 1e6),
        ("feed process CPU/result µs", feed_per_result * 1e6),
        ("broker CPU per result µs", broker_per_result * 1e6),
        ("sim. hall CPU per result µs", sim_per_result * 1e6),
        ("all their CPU per result µs", machine_per_result * 1e6),
        ("hub busy in bursts, cores", burst_cpu / burst_seconds if burst_seconds else 0.0),
        ("kiosks' own send rate /s", burst_results / sending if sending else float("nan")),
        ("log events", int(events.group(1)) if events else 0),
        ("replay s", replay),
        ("hub peak RSS MB", rss),
        ("hub RSS at ready MB", ready_rss),
        ("feed process peak RSS MB", feed_rss),
    ]:
        print(f"{name:<28} {value:>12.2f}" if isinstance(value, float) else
              f"{name:<28} {value:>12}")
    if console is not None:
        print(f"console: {len(asked)} questions answered in p50 {pct(asked, 50) * 1e3:.0f} ms, "
              f"max {max(asked, default=0) * 1e3:.0f} ms")
    mode = (" one_core=1" if args.one_core else "") + f" feed_qos={args.feed_qos}"
    mode += f" console={args.console:g}" if args.console else ""
    mode += "" if args.feed == "auto" else f" feed={args.feed}"
    print(
        f"SUMMARY tables={tables}{mode} ack_p99_ms={pct(acks, 99) * 1e3:.1f} "
        f"e2e_p50_ms={e2e_p50:.1f} e2e_p99_ms={e2e_p99:.1f} "
        f"floor_p99_ms={floor_p99 * 1e3:.1f} ratio_p99={e2e_p99 / (floor_p99 * 1e3):.2f} "
        f"paced_floor_p99_ms={paced_floor_p99 * 1e3:.1f} "
        f"paced_ratio_p99={e2e_p99 / (paced_floor_p99 * 1e3):.2f} "
        f"ingest_per_s={ingest:.0f} cpu_us={cpu_per_result * 1e6:.0f} "
        f"machine_cpu_us={machine_per_result * 1e6:.0f} replay_s={replay:.2f} "
        f"hub_rss_mb={rss:.1f} hub_ready_rss_mb={ready_rss:.1f} "
        f"feed_cpu_us={feed_per_result * 1e6:.0f} "
        f"feed_rss_mb={feed_rss:.1f} events={int(events.group(1)) if events else 0} "
        f"lost={lost} double={double}"
    )


if __name__ == "__main__":
    main()
