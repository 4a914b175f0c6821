"""How long a hall's kiosks take to offer their kept results again to a restarted hub (the
tables are the second copy, docs/protocol.md 7.7): prints figures, asserts nothing.

T tables have played H hands; each kiosk's outbox holds its H accepted results. The hub's log
lost the last hand (T results). A real Mosquitto, a real hub (in this process) and T real
kiosk connections (real outboxes): the time from the kiosks' start to the last re-offer
answered, with the kiosks' default spread (a random wait of up to 3 s each) and without.

Run: .venv/bin/python bench/reoffer.py [TABLES] [HANDS]
"""

from __future__ import annotations

import json
import random
import sys
import tempfile
import time
from pathlib import Path

from hub.broker.broker import EmbeddedBroker, find_free_port
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.service import Hub
from hub.service.store import EventStore
from kiosk.config import KioskConfig
from kiosk.connection import REOFFER_SPREAD, KioskConnection
from kiosk.outbox import Outbox
from whist.pattern import default_spec
from whist.protocol import Ack, Result, Revokes


def played(tables: int, hands: int) -> list[Result]:
    return [
        Result(
            id=f"h{hand}-t{table}",
            hand=hand,
            table=table,
            visitor_tricks=(hand + table) % 14,
            home_tricks=13 - (hand + table) % 14,
            revokes=Revokes(home=0, visitors=0),
        )
        for hand in range(1, hands + 1)
        for table in range(1, tables + 1)
    ]


def write_log(path: Path, tables: int, hands: int, results: list[Result]) -> None:
    """The hub's log: every hand started, every result but the last hand's."""
    with EventStore(path) as store:
        core = HubCore(store, default_spec("alberta", tables, hands), rng=random.Random(1))
        for hand in range(1, hands + 1):
            start = json.dumps({"v": 1, "id": f"c{hand}", "op": "start_hand"}).encode()
            items = [Inbound("command", None, start)]
            if hand < hands:
                items += [
                    Inbound("result", r.table, r.model_dump_json().encode())
                    for r in results
                    if r.hand == hand
                ]
            core.handle(items)


def run(folder: Path, tables: int, hands: int, spread: float) -> tuple[float, int]:
    results = played(tables, hands)
    write_log(folder / "hub.sqlite3", tables, hands, results)
    kiosks: list[KioskConnection] = []
    with EmbeddedBroker(
        folder / "broker", tables, port=find_free_port(), bind="127.0.0.1"
    ) as broker:
        store = EventStore(folder / "hub.sqlite3")
        core = HubCore(store, rng=random.Random(2))
        hub_log = store.log_id()
        c = broker.credentials.hub
        hub = Hub(
            core, host=broker.host, port=broker.port, username=c.username, password=c.password
        )
        hub.start()
        assert hub.wait_connected(10), "the hub did not connect"
        try:
            for table in range(1, tables + 1):
                cred = broker.credentials.table(table)
                config = KioskConfig(
                    table=table,
                    host=broker.host,
                    port=broker.port,
                    username=cred.username,
                    password=cred.password,
                    data_dir=str(folder / f"kiosk{table}"),
                )
                box = Outbox(config.data_path / "outbox.sqlite3")
                for r in results:
                    if r.table == table:
                        box.add(r)
                        box.settle(Ack(id=r.id, status="accepted", hand=r.hand), hub_log)
                kiosks.append(
                    KioskConnection(
                        config, box, None, post=lambda job: job(), reoffer_spread=spread
                    )
                )
            started = time.perf_counter()
            for kiosk in kiosks:
                kiosk.start()
            deadline = time.monotonic() + 600
            while sum(k.reoffer_rounds for k in kiosks) < tables:
                if time.monotonic() > deadline:
                    raise SystemExit("the re-offers were not all answered within 600 s")
                time.sleep(0.02)
            took = time.perf_counter() - started
            return took, core.tournament.recovered
        finally:
            for kiosk in kiosks:
                kiosk.stop()
                kiosk.outbox.close()
            hub.stop()
            store.close()


def main() -> None:
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    hands = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    for spread in (0.0, REOFFER_SPREAD):
        with tempfile.TemporaryDirectory() as tmp:
            took, recovered = run(Path(tmp), tables, hands, spread)
        print(
            f"{tables} tables x {hands} results re-offered (spread {spread:.0f} s): "
            f"all answered in {took:.2f} s, {recovered} recovered, "
            f"{tables * hands / took:,.0f} re-offers/s"
        )


if __name__ == "__main__":
    main()
