"""Refused connections against the embedded broker: what reaches mosquitto.log, and what the
hub's log pump costs (issue 23, item 6). Prints figures; asserts nothing.

    PYTHONPATH=. .venv/bin/python bench/log_flood.py [SECONDS] [FLOODERS]
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hub.broker.broker import (
    LOG_BACKUPS,
    LOG_LINES_PER_MINUTE,
    LOG_MAX_BYTES,
    EmbeddedBroker,
    find_free_port,
)

FLOODER = """
import socket, sys, time
port, until = int(sys.argv[1]), time.monotonic() + float(sys.argv[2])
n = 0
while time.monotonic() < until:
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(bytes.fromhex("100d00044d5154540402003c000178"))
        s.recv(4)
    n += 1
print(n)
"""


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    flooders = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        with EmbeddedBroker(folder, tables=16, port=find_free_port(), bind="127.0.0.1") as b:
            cpu0 = resource.getrusage(resource.RUSAGE_SELF)
            procs = [
                subprocess.Popen(
                    [sys.executable, "-c", FLOODER, str(b.port), str(seconds)],
                    stdout=subprocess.PIPE,
                    text=True,
                )
                for _ in range(flooders)
            ]
            started = time.monotonic()
            refused = sum(int(p.communicate()[0]) for p in procs)
            wall = time.monotonic() - started
            time.sleep(0.5)
            cpu1 = resource.getrusage(resource.RUSAGE_SELF)
            pump = b._pump
            assert pump is not None
            lines = pump.lines
        parts = sorted(folder.glob("mosquitto.log*"))
        kept = sum(p.stat().st_size for p in parts)
        kept_lines = sum(p.read_text().count("\n") for p in parts)
    hub_cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    per_hour = 3600 / wall
    print(f"refused connections: {refused} in {wall:.1f} s ({refused / wall:.0f}/s)")
    print(f"broker log lines said: {lines} ({lines / max(refused, 1):.1f} a connection)")
    print(f"log lines kept: {kept_lines}, {kept} bytes in {len(parts)} file(s)")
    line_bytes = kept / max(kept_lines, 1)
    print(
        f"uncapped, at this rate: {lines * line_bytes * per_hour / 1e9:.1f} GB an hour; capped: "
        f"{LOG_LINES_PER_MINUTE} lines a minute ({LOG_LINES_PER_MINUTE * 60 * line_bytes / 1e6:.1f}"
        f" MB an hour), never more than {LOG_MAX_BYTES * (LOG_BACKUPS + 1) / 1e6:.0f} MB on disk"
    )
    print(
        f"hub CPU for the log pump: {hub_cpu:.2f} s in {wall:.1f} s ({100 * hub_cpu / wall:.0f}%)"
    )


if __name__ == "__main__":
    main()
