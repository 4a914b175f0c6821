"""Joining the hall: find the hub on the network, give it the table number and the join code,
write the kiosk.toml it answers with. The kiosk side of ``hub.provision``.

Runs on a worker thread (it waits on the network); the set-up screen only sees the outcome.

>>> reply = join_hall(Path("/var/lib/whist/kiosk.toml"), table=7, code="482913")  # doctest: +SKIP
>>> reply.username
'table7'
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from whist.errors import ProtocolError
from whist.protocol import PROVISION_PATH, PROVISION_SERVICE, JoinReply, JoinRequest, decode

#: How long the kiosk listens for the hub's announcement.
DISCOVERY_SECONDS = 4.0
#: Environment variable: listen for the hub only on these addresses (comma-separated), for a
#: Pi with both Wi-Fi and Ethernet, or a test on the loopback.
INTERFACES_ENV = "WHIST_MDNS_INTERFACES"


class JoinError(Exception):
    """Joining failed. ``kind`` says why in a word the set-up screen translates:
    no_hub, wrong_code, too_many, bad_table, unreachable, refused, cannot_write."""

    def __init__(self, kind: str, detail: str = "") -> None:
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind
        self.detail = detail


@dataclass(frozen=True)
class FoundHub:
    """A hub heard on the network (or given by address)."""

    host: str
    port: int  # the join service's port
    tournament: str = ""


def discover(timeout: float = DISCOVERY_SECONDS,
             interfaces: list[str] | None = None) -> list[FoundHub]:
    """Hubs announcing themselves by mDNS within ``timeout`` seconds (the first one is enough
    for a hall: one leader, one hub)."""
    from zeroconf import ServiceBrowser, ServiceListener, Zeroconf

    if interfaces is None and os.environ.get(INTERFACES_ENV):
        interfaces = [a.strip() for a in os.environ[INTERFACES_ENV].split(",") if a.strip()]
    found: list[FoundHub] = []
    heard = threading.Event()

    class Listener(ServiceListener):
        def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            info = zc.get_service_info(type_, name, timeout=2000)
            if info is None or not info.parsed_addresses():
                return
            props = {k.decode(): (v or b"").decode("utf-8", "replace")
                     for k, v in info.properties.items()}
            address = next((a for a in info.parsed_addresses() if ":" not in a),
                           info.parsed_addresses()[0])
            found.append(FoundHub(address, int(info.port or 0), props.get("tournament", "")))
            heard.set()

        def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            pass

        def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            pass

    try:
        zc = Zeroconf(interfaces=interfaces) if interfaces else Zeroconf()
    except OSError as exc:  # no network at all yet
        raise JoinError("no_hub", str(exc)) from None
    try:
        ServiceBrowser(zc, PROVISION_SERVICE, Listener())
        heard.wait(timeout)
        time.sleep(0.2)  # a second hub answering at the same moment: list it too
    finally:
        zc.close()
    return found


def request_join(hub: FoundHub, table: int, code: str, *, device: str = "",
                 timeout: float = 8.0) -> JoinReply:
    """Ask ``hub`` for ``table``'s login with the join code."""
    body = JoinRequest(table=table, code=code, device=device[:100]).model_dump_json()
    host = f"[{hub.host}]" if ":" in hub.host else hub.host
    request = urllib.request.Request(
        f"http://{host}:{hub.port}{PROVISION_PATH}", data=body.encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            payload = response.read()
    except urllib.error.HTTPError as exc:
        kinds = {403: "wrong_code", 429: "too_many", 400: "bad_table"}
        raise JoinError(kinds.get(exc.code, "refused"), _error_text(exc)) from None
    except (urllib.error.URLError, OSError) as exc:
        raise JoinError("unreachable", str(exc)) from None
    try:
        return decode(JoinReply, payload)
    except ProtocolError as exc:
        raise JoinError("refused", exc.reason) from None


def _error_text(exc: urllib.error.HTTPError) -> str:
    try:
        return str(json.loads(exc.read()).get("error", ""))
    except (ValueError, OSError, AttributeError):
        return ""


def write_config(path: Path, reply: JoinReply, *, language: str | None = None) -> None:
    """Write kiosk.toml atomically (0600: it holds the table's password)."""
    settings: dict[str, Any] = {
        "table": reply.table,
        "host": reply.host,
        "port": reply.port,
        "username": reply.username,
        "password": reply.password,
        "root": reply.root,
    }
    if language:
        settings["language"] = language
    header = (f"# Table {reply.table} of {reply.tournament or 'the tournament'}: written when "
              "this kiosk joined the hall.\n# Keep it private: it lets a device speak for "
              f"table {reply.table}.\n")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(header + tomli_w.dumps(settings))
            f.flush()
            os.fsync(f.fileno())
        tmp.replace(path)
    except OSError as exc:
        raise JoinError("cannot_write", f"{path}: {exc.strerror or exc}") from None


def join_hall(config_path: Path, table: int, code: str, *, hub: FoundHub | None = None,
              language: str | None = None, interfaces: list[str] | None = None,
              discovery_seconds: float = DISCOVERY_SECONDS) -> JoinReply:
    """The whole join: find the hub (unless given), ask, write kiosk.toml."""
    if hub is None:
        hubs = discover(discovery_seconds, interfaces)
        if not hubs:
            raise JoinError("no_hub")
        hub = hubs[0]
    reply = request_join(hub, table, code, device=socket.gethostname())
    write_config(config_path, reply, language=language)
    return reply
