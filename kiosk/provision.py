"""Joining the hall: find the hub on the network, prove to each other that both know the join
code, write the kiosk.toml it answers with. The kiosk side of ``hub.broker.provision``.

The code never leaves the kiosk (:mod:`uikit.handshake`: SPAKE2, then key confirmation, the
hub's first): a process announcing itself as the hub without knowing the code gets one random
looking message, is refused, and the next hub heard is asked. The kiosk then keeps the hub it
joined (its address, and its CA certificate when the broker speaks TLS) and never looks on the
network again: only joining anew, with the leader's code, moves it.

Runs on a worker thread (it waits on the network); the set-up screen only sees the outcome.

>>> reply = join_hall(Path("/var/lib/whist/kiosk.toml"), table=7, code="482913")  # doctest: +SKIP
>>> reply.username  # doctest: +SKIP
'table7'
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import os
import socket
import threading
import time
import tomllib
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from kiosk.config import SCREEN_SIZES
from kiosk.outbox import sync_folder
from uikit.handshake import HandshakeFailed, KioskHandshake, unseal
from whist import protocol as wire
from whist.errors import ProtocolError
from whist.protocol import JoinReply, decode, provision_service

#: How long the kiosk listens for the hub's announcement.
DISCOVERY_SECONDS = 4.0
#: Environment variable: listen for the hub only on these addresses (comma-separated), for a
#: Pi with both Wi-Fi and Ethernet, or a test on the loopback.
INTERFACES_ENV = "WHIST_MDNS_INTERFACES"


#: After the first hub is heard, how long to listen for others (two rooms of one hall).
MORE_HUBS_SECONDS = 1.0
#: The hub's CA certificate, written beside kiosk.toml when its broker speaks TLS.
HUB_CA_FILE = "hub-ca.crt"


class JoinError(Exception):
    """Joining failed. ``kind`` says why in a word the set-up screen translates:
    no_hub, wrong_code, expired, too_many, busy, bad_table, unreachable, refused,
    cannot_write (too_many: ``detail`` is the seconds to wait)."""

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


def _post(hub: FoundHub, path: str, body: str, timeout: float) -> bytes:
    """POST ``body`` to ``hub``; the answer's body, or JoinError with the hub's refusal."""
    host = f"[{hub.host}]" if ":" in hub.host else hub.host
    request = urllib.request.Request(
        f"http://{host}:{hub.port}{path}", data=body.encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return bytes(response.read(65536))
    except urllib.error.HTTPError as exc:
        code, text, wait = _refusal(exc)
        if code in _REFUSALS:
            kind = code
        elif code == "no_session":  # too slow between the two steps: as if unanswered
            kind = "unreachable"
        elif code:  # a refusal the set-up screen has no words for: the hub's own
            kind = "refused"
        else:  # not our hub's JSON: the HTTP status alone
            kind = {403: "wrong_code", 410: "expired", 429: "too_many", 503: "busy"}.get(
                exc.code, "refused")
        if kind == "too_many":
            text = str(wait or 60)
        raise JoinError(kind, text) from None
    except (urllib.error.URLError, OSError) as exc:
        raise JoinError("unreachable", str(exc)) from None


def request_join(hub: FoundHub, table: int, code: str, *, device: str = "",
                 timeout: float = 8.0) -> JoinReply:
    """Join ``table`` through ``hub`` with the join code: the handshake, then the sealed login.
    A hub that cannot prove it knows the code gets nothing more and is "wrong_code"."""
    device = device[:100]
    handshake = KioskHandshake(code, table=table, device=device)
    start = wire.JoinStart(table=table, device=device, message=_b64(handshake.message))
    answer = _post(hub, wire.PROVISION_START_PATH, start.model_dump_json(), timeout)
    try:
        challenge = decode(wire.JoinChallenge, answer)
    except ProtocolError as exc:
        raise JoinError("refused", exc.reason) from None
    try:
        keys = handshake.check(_unb64(challenge.message), _unb64(challenge.proof))
    except HandshakeFailed:
        # Not the hall's hub, or not this code: say so (it learns nothing it did not know:
        # its proof failed) and give nothing more.
        _tell_mismatch(hub, challenge.session, timeout)
        raise JoinError("wrong_code") from None
    finish = wire.JoinFinish(session=challenge.session, proof=_b64(keys.kiosk_proof))
    payload = _post(hub, wire.PROVISION_FINISH_PATH, finish.model_dump_json(), timeout)
    try:
        sealed = decode(wire.JoinSealed, payload)
        plain = unseal(keys.seal_key, _unb64(sealed.nonce), _unb64(sealed.box),
                       challenge.session.encode())
        return decode(JoinReply, plain)
    except (ProtocolError, HandshakeFailed) as exc:
        raise JoinError("refused", str(exc)) from None


def _tell_mismatch(hub: FoundHub, session: str, timeout: float) -> None:
    """An empty proof, so the hall's hub records a wrong code for its leader."""
    try:
        finish = wire.JoinFinish(session=session)
    except ValueError:  # a session id no hub of ours makes
        return
    with contextlib.suppress(JoinError):
        _post(hub, wire.PROVISION_FINISH_PATH, finish.model_dump_json(), timeout)


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: str) -> bytes:
    try:
        return base64.b64decode(text, validate=True)
    except binascii.Error as exc:
        raise HandshakeFailed(f"not base64: {exc}") from None


#: The hub's refusal codes the set-up screen knows (hub/broker/provision.py).
_REFUSALS = frozenset({"wrong_code", "expired", "too_many", "busy", "bad_table"})
#: Which refusal to report when every hub heard refused: a hub that could not check the code
#: first, "wrong code" only when all said so. Refusals are not authenticated, so none stops
#: the kiosk from asking the next hub heard (a rogue could say anything).
_ORDER = ("bad_table", "too_many", "expired", "busy", "refused", "unreachable", "wrong_code")


def _refusal(exc: urllib.error.HTTPError) -> tuple[str, str, int]:
    try:
        body = json.loads(exc.read(4096))
        wait = body.get("retry_after")
        return (str(body.get("code", "")), str(body.get("error", "")),
                wait if isinstance(wait, int) and 0 < wait < 3600 else 0)
    except (ValueError, OSError, AttributeError):
        return "", "", 0


def write_config(path: Path, reply: JoinReply, *, language: str | None = None) -> None:
    """Write kiosk.toml atomically (0600: it holds the table's password). When the hub's
    broker speaks TLS, its CA certificate first, beside it (``hub-ca.crt``, named in
    ``[broker]``): the kiosk then trusts that hub's broker only."""
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
    # What was chosen for this screen (its size and turn, on the set-up screen) stays.
    settings.update(_screen_settings(path))
    ca_path = path.parent / HUB_CA_FILE
    if reply.ca:
        settings["broker"] = {"ca": HUB_CA_FILE, "tls": True}
    header = (f"# Table {reply.table} of {reply.tournament or 'the tournament'}: written when "
              "this kiosk joined the hall.\n# Keep it private: it lets a device speak for "
              f"table {reply.table}.\n")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if reply.ca:
            _write_atomic(ca_path, reply.ca, 0o644)
        else:  # a hub without TLS: no certificate of another hub left to trust
            ca_path.unlink(missing_ok=True)
        _write_atomic(path, header + tomli_w.dumps(settings), 0o600)
    except OSError as exc:
        raise JoinError("cannot_write", f"{path}: {exc.strerror or exc}") from None


#: The keys of kiosk.toml that belong to this screen rather than to the hall: joining again
#: keeps them, and the set-up screen writes the first two before the kiosk has joined.
SCREEN_KEYS = ("size", "rotation", "fullscreen")


def _screen_settings(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            old = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError):
        return {}
    return {key: old[key] for key in SCREEN_KEYS if key in old}


def screen_of(path: Path) -> tuple[str, int] | None:
    """This screen's ``size`` and ``rotation`` from kiosk.toml, also from a file that holds
    nothing else yet (a kiosk that has not joined); None when unset or not valid.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "kiosk.toml"
    >>> save_screen(path, "720x1280", 90)
    >>> screen_of(path)
    ('720x1280', 90)
    """
    found = _screen_settings(path)
    size, rotation = found.get("size"), found.get("rotation", 0)
    if size not in SCREEN_SIZES or rotation not in (0, 90, 180, 270) or type(rotation) is not int:
        return None
    return str(size), rotation


def save_screen(path: Path, size: str, rotation: int) -> None:
    """Write this screen's ``size`` and ``rotation`` into kiosk.toml, keeping every other
    setting (a kiosk that has not joined yet gets a file with these two alone: the set-up
    screen still offers the join). Atomic and synced, like the join's own write.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "kiosk.toml"
    >>> save_screen(path, "720x1280", 0)
    >>> print(path.read_text().strip())
    size = "720x1280"
    rotation = 0
    """
    try:
        with path.open("rb") as f:
            settings = tomllib.load(f)
        header = "".join(line for line in path.read_text(encoding="utf-8").splitlines(True)
                         if line.startswith("#"))
    except FileNotFoundError:
        settings, header = {}, ""
    except (OSError, tomllib.TOMLDecodeError) as exc:
        # Never overwrite a file someone is writing by hand: the set-up screen says why.
        raise JoinError("cannot_write", f"{path}: {exc}") from None
    settings = {"size": size, "rotation": rotation,
                **{k: v for k, v in settings.items() if k not in ("size", "rotation")}}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_atomic(path, header + tomli_w.dumps(settings), 0o600)
    except OSError as exc:
        raise JoinError("cannot_write", f"{path}: {exc.strerror or exc}") from None


def _write_atomic(path: Path, text: str, mode: int) -> None:
    """Write a whole file, or nothing: a power cut leaves the old one or the new one. The
    file is synced, renamed over the old one, and its folder synced (the rename itself)."""
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    tmp.replace(path)
    sync_folder(path.parent)


def join_hall(config_path: Path, table: int, code: str, *, hub: FoundHub | None = None,
              language: str | None = None, interfaces: list[str] | None = None,
              discovery_seconds: float = DISCOVERY_SECONDS) -> JoinReply:
    """The whole join: find the hubs (unless given one), ask each in turn until one proves it
    knows the code, write kiosk.toml. A wrong code is reported only when every hub refused
    it; no refusal stops the next hub from being asked (refusals are not authenticated)."""
    hubs = [hub] if hub is not None else discover(discovery_seconds, interfaces)
    if not hubs:
        raise JoinError("no_hub")
    refusals: list[JoinError] = []
    for each in hubs:
        try:
            reply = request_join(each, table, code, device=socket.gethostname())
        except JoinError as exc:
            refusals.append(exc)
            continue
        write_config(config_path, reply, language=language)
        return reply
    raise min(refusals, key=lambda e: _ORDER.index(e.kind) if e.kind in _ORDER else 0)
