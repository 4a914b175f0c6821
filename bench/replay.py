"""Replay speed: a 500-table, 50-hand log (25,000 results) read back and folded, as a hub does
at every restart. Prints figures; asserts nothing. Run: .venv/bin/python -m bench.replay"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from hub.service.store import EventStore
from whist.cards import Suit
from whist.events import DayEnded, HandClosed, HandStarted, ResultRecorded, TournamentCreated
from whist.pattern import default_spec
from whist.tournament import Tournament


def main(tables: int = 500, hands: int = 50) -> None:
    rng = random.Random(1)
    spec = default_spec("alberta", tables, hands)
    events: list = [TournamentCreated(spec)]
    for hand in range(1, hands + 1):
        if hand > 1 and spec.day_of(hand) != spec.day_of(hand - 1):
            events.append(DayEnded(spec.day_of(hand - 1)))
        events.append(HandStarted(hand, Suit.HEARTS))
        events += [ResultRecorded(f"{rng.getrandbits(128):032x}", hand, t, rng.randint(0, 13))
                   for t in range(1, tables + 1)]
        events.append(HandClosed(hand))
    path = Path(tempfile.mkdtemp(prefix="whist-replay-")) / "hub.sqlite3"
    with EventStore(path) as store, store.transaction() as tx:
        for event in events:
            tx.append(event)
    best_load = best_fold = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        with EventStore(path) as store:
            loaded = store.events()
        middle = time.perf_counter()
        Tournament.replay(loaded)
        end = time.perf_counter()
        best_load, best_fold = min(best_load, middle - start), min(best_fold, end - middle)
    print(f"replay: {len(events)} events; read {best_load:.3f} s + fold {best_fold:.3f} s "
          f"= {best_load + best_fold:.3f} s (best of 3)")
    path.unlink()


if __name__ == "__main__":
    main()
