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
