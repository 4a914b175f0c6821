"""Ports for the tests' brokers and servers: every test takes its listening ports here.

:func:`hub.broker.broker.find_free_port` asks the OS for a free port, which it takes from
its ephemeral range: the range it also draws every client's source port from, and every
other program's "any free port". Between the test choosing the port and its broker binding
it, the port can go to the outgoing connection of a test running beside it, or of another
program on the machine: the broker then fails with "Address already in use" (seen once in
the suite, 2026-11-29). While a broker is down on purpose, the port can be handed out again,
and a client retrying a closed ephemeral port on this machine can even be connected to
itself (TCP's simultaneous open). A port below the ephemeral range is never handed out that
way.
"""

from __future__ import annotations

import random
import socket
from pathlib import Path

#: Where the kernel says its ephemeral range starts (Linux's default when it does not say).
_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
#: The lowest port chosen: above the well-known and most services' registered ports.
LOWEST = 20_000


def quiet_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on now, below the kernel's ephemeral range."""
    try:
        first_ephemeral = int(_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        first_ephemeral = 32_768
    choose = random.SystemRandom()
    for _ in range(500):
        port = choose.randrange(LOWEST, max(first_ephemeral, LOWEST + 1))
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            try:
                probe.bind((host, port))
            except OSError:
                continue
        return port
    raise RuntimeError(f"no free port between {LOWEST} and {first_ephemeral}")
