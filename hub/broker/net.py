"""Small socket settings paho-mqtt leaves at the operating system's defaults."""

from __future__ import annotations

import contextlib
import socket

import paho.mqtt.client as mqtt


def no_delay(client: mqtt.Client) -> None:
    """Send small packets at once (TCP_NODELAY), call from ``on_connect``.

    paho does not set it, and with Nagle's algorithm a result or an ack waits for the previous
    packet's TCP acknowledgement: up to tens of milliseconds a hop under load.
    """
    sock = client.socket()
    if isinstance(sock, socket.socket):
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that other machines in the hall can reach."""
    found: list[str] = []
    try:  # the address used to reach the outside world, without sending anything
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.append(s.getsockname()[0])
    except OSError:
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    except OSError:
        pass
    return found


def is_loopback(address: str) -> bool:
    """Whether *address* is this machine's own loopback (127.x.x.x, ::1, localhost)."""
    return address in ("localhost", "::1") or address.startswith("127.")


def reachable_addresses(bind: str) -> list[str]:
    """The addresses kiosks can use to reach a listener bound to *bind*.

    A wildcard bind (``0.0.0.0``, ``::`` or none) answers on every address of the machine: the
    hall's network addresses. A loopback bind answers on this machine only, and a specific
    address only on itself, whatever the machine's other addresses are.

    >>> reachable_addresses("127.0.0.1"), reachable_addresses("192.168.1.10")
    (['127.0.0.1'], ['192.168.1.10'])
    """
    if bind in ("", "0.0.0.0", "::"):
        return lan_addresses()
    return [bind]


def reach_note(bind: str) -> str:
    """Why kiosks on the hall's network cannot reach a listener bound to *bind*, or ''."""
    if is_loopback(bind):
        return (
            f"the broker listens on {bind} only, so no other machine can reach it; kiosks "
            "need the hub started with --bind 0.0.0.0 (the default)"
        )
    if not reachable_addresses(bind):
        return "this machine has no network address yet, so kiosks cannot reach it"
    return ""
