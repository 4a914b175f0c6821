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
