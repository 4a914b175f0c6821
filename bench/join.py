"""What joining the hall costs: the hub's half of the handshake, and a whole join against a
real join service on the loopback. Prints figures, asserts nothing.

Run: .venv/bin/python bench/join.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from hub.broker.broker import Credentials
from hub.broker.joincode import JoinCode
from hub.broker.provision import ProvisionServer
from kiosk import provision
from uikit.handshake import HubHandshake, KioskHandshake


def main(count: int = 30) -> None:
    times = []
    for _ in range(count):
        kiosk = KioskHandshake("482913", table=7, device="pi-7")
        start = time.perf_counter()
        HubHandshake("482913", table=7, device="pi-7", kiosk_message=kiosk.message)
        times.append(time.perf_counter() - start)
    print(f"hub's half of a handshake: {statistics.median(times) * 1e3:.1f} ms (median)")

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "broker"
        creds = Credentials.load_or_create(folder, 4)
        code = JoinCode.load_or_create(folder)
        with ProvisionServer(
            creds, code, broker_port=1883, port=0, bind="127.0.0.1", advertise=False
        ) as server:
            hub = provision.FoundHub("127.0.0.1", server.port)
            times = []
            for n in range(count):
                start = time.perf_counter()
                provision.request_join(hub, 1 + n % 4, code.code)
                times.append(time.perf_counter() - start)
    print(f"a whole join (two requests, loopback): {statistics.median(times) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
