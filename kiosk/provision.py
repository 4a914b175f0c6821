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
from whist.protocol import PROVISION_PATH, JoinReply, JoinRequest, decode, provision_service

#: How long the kiosk listens for the hub's announcement.
DISCOVERY_SECONDS = 4.0
#: Environment variable: listen for the hub only on these addresses (comma-separated), for a
#: Pi with both Wi-Fi and Ethernet, or a test on the loopback.
INTERFACES_ENV = "WHIST_MDNS_INTERFACES"


#: After the first hub is heard, how long to listen for others (two rooms of one hall).
MORE_HUBS_SECONDS = 1.0


class JoinError(Exception):
    """Joining failed. ``kind`` says why in a word the set-up screen translates:
    no_hub, wrong_code, expired, too_many, locked, busy, bad_table, unreachable, refused,
    cannot_write."""

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
             interfaces: list[str] | None = None, *,
             service_type: str | None = None,
             more: float = MORE_HUBS_SECONDS) -> list[FoundHub]:
    """Hubs announcing themselves by mDNS: waits up to ``timeout`` seconds for the first, then
    ``more`` seconds for others (a community hall may have two rooms, each with its hub), in
    the order heard. ``service_type`` defaults to ``WHIST_MDNS_SERVICE`` or the hubs' own."""
    from zeroconf import ServiceBrowser, ServiceListener, Zeroconf

    if interfaces is None and os.environ.get(INTERFACES_ENV):
        interfaces = [a.strip() for a in os.environ[INTERFACES_ENV].split(",") if a.strip()]
    try:
        service_type = service_type or provision_service(os.environ)
    except ValueError as exc:
        raise JoinError("no_hub", str(exc)) from None
    found: list[FoundHub] = []
    heard = threading.Event()

    class Listener(ServiceListener):
        def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
            info = zc.get_service_info(type_, name, timeout=2000)
            if info is None or not info.parsed_addresses():
                return
            props = {k.decode(): (v or b"").decode("utf-8", "replace")
                     for k, v in info.properties.items()}
            # Every address, IPv4 first: a hub's record may list addresses it does not
            # listen on (two hubs on one computer); join_hall tries them in turn.
            addresses = sorted(info.parsed_addresses(), key=lambda a: ":" in a)
            for address in addresses:
                hub = FoundHub(address, int(info.port or 0), props.get("tournament", ""))
                if hub not in found:
                    found.append(hub)
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
        ServiceBrowser(zc, service_type, Listener())
        if heard.wait(timeout):
            time.sleep(more)  # the other hubs of the hall answer about as fast
    finally:
        zc.close()
    return list(found)


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
        code, text = _refusal(exc)
        kinds = {403: "wrong_code", 410: "expired", 429: "too_many", 400: "bad_table",
                 503: "busy"}
        kind = code if code in _REFUSALS else kinds.get(exc.code, "refused")
        raise JoinError(kind, text) from None
    except (urllib.error.URLError, OSError) as exc:
        raise JoinError("unreachable", str(exc)) from None
    try:
        return decode(JoinReply, payload)
    except ProtocolError as exc:
        raise JoinError("refused", exc.reason) from None


#: The hub's refusal codes the set-up screen knows (hub/provision.py).
_REFUSALS = frozenset({"wrong_code", "expired", "too_many", "locked", "busy", "bad_table"})
#: Which refusal to report when every hub heard refused: a hub that knew the code speaks
#: first (bad_table), a hub that could not check it next, "wrong code" only when all said so.
_ORDER = ("bad_table", "locked", "too_many", "expired", "busy", "refused", "unreachable",
          "wrong_code")


def _refusal(exc: urllib.error.HTTPError) -> tuple[str, str]:
    try:
        body = json.loads(exc.read(4096))
        return str(body.get("code", "")), str(body.get("error", ""))
    except (ValueError, OSError, AttributeError):
        return "", ""


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
    """The whole join: find the hubs (unless given one), ask each in turn until one accepts
    the code, write kiosk.toml. A wrong code is reported only when every hub refused it."""
    hubs = [hub] if hub is not None else discover(discovery_seconds, interfaces)
    if not hubs:
        raise JoinError("no_hub")
    refusals: list[JoinError] = []
    for each in hubs:
        try:
            reply = request_join(each, table, code, device=socket.gethostname())
        except JoinError as exc:
            refusals.append(exc)
            if exc.kind == "bad_table":  # this hub knew the code: it is the hall's
                break
            continue
        write_config(config_path, reply, language=language)
        return reply
    raise min(refusals, key=lambda e: _ORDER.index(e.kind) if e.kind in _ORDER else 0)
