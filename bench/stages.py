"""What the hub's core spends on each stage of a hand at its busiest, without a network.

A :class:`~hub.service.core.HubCore` on a real log (WAL, synchronous=FULL) in a temporary folder
takes ``--hands`` hands of ``--tables`` results each, handed to it in batches of ``--batch`` (about
what the MQTT adapter gathers under load), and the time of each stage is added up:

* handle: :meth:`HubCore.handle` for the batches of results (decode, check, apply, commit, the
  acks and StandingsChanges), less its commits;
* commit: the SQLite transactions inside it (fsync included);
* release: the held-back retained updates (each dirty table's assignment and view, State,
  full Standings) built once per hand, as the adapter publishes them;
* start: ``start_hand`` (every table's assignment and view, at once).

With ``--apart``, the hall feed is apart (issue 28): the core only handles, commits and acks,
and the feed's process's own work (hub/service/feedchild.py, without its network) is timed
beside it: ``feed`` (reading the batch's facts back from the log, applying them, building the
StandingsChanges and what is due) and the releases.

Prints per-result and per-table costs in microseconds. CPU only: no broker, no threads, so the
figures are steadier than bench/run's on a shared machine. Run it as
``.venv/bin/python -m bench.stages [--tables 500] [--hands 10] [--batch 50]``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

from hub.service.batch import Inbound, Outgoing
from hub.service.core import HubCore
from hub.service.store import EventStore
from whist.pattern import default_spec
from whist.protocol import build_models


class Clock:
    """A clock the bench moves by hand, so the core's held-back updates fall due when asked."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def result(hand: int, table: int, tricks: int) -> Inbound:
    body = {
        "v": 1,
        "id": uuid.uuid4().hex,
        "hand": hand,
        "table": table,
        "visitor_tricks": tricks,
        "home_tricks": 13 - tricks,
        "revokes": {"home": 0, "visitors": 0},
    }
    return Inbound("result", table, json.dumps(body, separators=(",", ":")).encode(), 0, 1)


def command(op: str) -> Inbound:
    body = {"v": 1, "id": uuid.uuid4().hex, "op": op}
    return Inbound("command", None, json.dumps(body).encode(), 0, 1)


def main() -> None:
    parser = argparse.ArgumentParser(prog="bench.stages", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--apart", action="store_true", help="the hall feed in its own process")
    args = parser.parse_args()
    totals = dict.fromkeys(("handle", "commit", "release", "start", "feed"), 0.0)
    counts = {"results": 0, "released": 0, "messages": 0, "bytes": 0}
    build_models()  # as whist-hub serve does before it replays, so no stage pays for it
    with tempfile.TemporaryDirectory(prefix="whist-stages-") as tmp:
        store = EventStore(Path(tmp) / "hub.sqlite3")
        clock = Clock()
        core = HubCore(
            store,
            default_spec("alberta", args.tables, args.hands),
            standings_interval=0.25,
            clock=clock,
        )
        original = store.transaction

        @contextlib.contextmanager
        def timed_transaction() -> Iterator[object]:
            start = time.perf_counter()
            with original() as tx:
                yield tx
            totals["commit"] += time.perf_counter() - start

        store.transaction = timed_transaction  # type: ignore[method-assign]
        child = None
        if args.apart:
            from hub.service.feedchild import FeedChild
            from hub.service.feedproc import FeedSettings

            core.feed_elsewhere = True
            settings = FeedSettings(store.path, "127.0.0.1", 1, None, None, "whist", 1, 0.25,
                                    "stages", "e")
            child = FeedChild(settings)
            child.feed.clock = clock

        def fed() -> list[Outgoing]:
            """The feed's process's work for the last batch (with --apart)."""
            if child is None or core.note is None:
                return []
            start = time.perf_counter()
            note, core.note = core.note, None
            child.catch_up()
            child._room(note)
            out = child.feed.publications(note.batch()) + child.answer(note.queries)
            totals["feed"] += time.perf_counter() - start
            return out

        feed: HubCore | FeedChild = core if child is None else child
        for hand in range(1, args.hands + 1):
            clock.now += 10
            start = time.perf_counter()
            out = core.handle([command("start_hand")])
            totals["start"] += time.perf_counter() - start
            fed()
            inbound = [result(hand, t, (hand * 7 + t) % 14) for t in range(1, args.tables + 1)]
            for i in range(0, len(inbound), args.batch):
                start = time.perf_counter()
                out = core.handle(inbound[i : i + args.batch])
                totals["handle"] += time.perf_counter() - start
                out += fed()
                counts["messages"] += len(out)
                counts["bytes"] += sum(len(o.payload) for o in out)
            counts["results"] += len(inbound)
            clock.now += 10
            start = time.perf_counter()
            while feed.feed.held_wait() == 0:
                out = feed.feed.flush()
                if not out:
                    break
                counts["released"] += sum(1 for o in out if "/assignment" in o.topic)
                counts["messages"] += len(out)
                counts["bytes"] += sum(len(o.payload) for o in out)
            totals["release"] += time.perf_counter() - start
            core.handle([command("close_hand")])
            fed()
        store.close()
    n = counts["results"]
    handle = totals["handle"] - totals["commit"]
    print(f"stages: {args.tables} tables, {args.hands} hands, batches of {args.batch}")
    print(f"{'stage':<34} {'µs':>10}")
    for name, value in [
        ("handle, per result (no commit)", handle / n * 1e6),
        ("commit, per result", totals["commit"] / n * 1e6),
        ("release, per table released", totals["release"] / max(counts["released"], 1) * 1e6),
        ("start_hand, per table", totals["start"] / (args.hands * args.tables) * 1e6),
        ("feed apart, per result", totals["feed"] / n * 1e6),
        ("everything, per result", sum(totals.values()) / n * 1e6),
    ]:
        print(f"{name:<34} {value:>10.1f}")
    print(
        f"STAGES tables={args.tables} handle_us={handle / n * 1e6:.1f} "
        f"commit_us={totals['commit'] / n * 1e6:.1f} "
        f"release_us={totals['release'] / max(counts['released'], 1) * 1e6:.1f} "
        f"start_us={totals['start'] / (args.hands * args.tables) * 1e6:.1f} "
        f"feed_us={totals['feed'] / n * 1e6:.1f} all_us={sum(totals.values()) / n * 1e6:.1f} "
        f"messages={counts['messages']} bytes={counts['bytes']}"
    )


if __name__ == "__main__":
    main()
