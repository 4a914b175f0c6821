"""A plain join client written from docs/protocol.md (section 10), for the join service tests:
raw HTTP/1.0 over a socket bound to any loopback address (127.0.0.2, 127.0.0.3, … are other
devices in the hall), the handshake of :mod:`uikit.handshake`, and every answer kept.

>>> status, body = join(port, 3, "482913", device="pi-7")   # doctest: +SKIP
>>> status, body["username"]                                 # doctest: +SKIP
(200, 'table3')
"""

from __future__ import annotations

import base64
import contextlib
import json
import socket
from typing import Any

from uikit.handshake import HandshakeFailed, KioskHandshake, unseal
from whist.protocol import PROVISION_FINISH_PATH, PROVISION_START_PATH

WAIT = 5.0


def connection(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(WAIT)
    sock.bind((source, 0))
    sock.connect(("127.0.0.1", port))
    return sock


def answer(sock: socket.socket) -> tuple[int, dict[str, Any]]:
    """Read an HTTP answer to its end: status and JSON body."""
    data = b""
    with contextlib.suppress(ConnectionError):
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1."), data[:200]
    return int(head.split()[1]), json.loads(body) if body else {}


def post(port: int, path: str, body: dict[str, Any], source: str = "127.0.0.1"
         ) -> tuple[int, dict[str, Any]]:
    raw = json.dumps(body).encode()
    with connection(port, source) as sock:
        sock.sendall(f"POST {path} HTTP/1.0\r\nContent-Length: {len(raw)}\r\n\r\n".encode() + raw)
        return answer(sock)


def b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def join(port: int, table: int, code: str, *, device: str = "", source: str = "127.0.0.1"
         ) -> tuple[int, dict[str, Any]]:
    """The whole join. Joined: 200 and the unsealed JoinReply. Else the refusal, as the hub
    gave it (a hub that could not prove the code is told so with an empty proof: 403)."""
    kiosk = KioskHandshake(code, table=table, device=device)
    status, challenge = post(port, PROVISION_START_PATH,
                             {"v": 1, "table": table, "device": device,
                              "message": b64(kiosk.message)}, source)
    if status != 200:
        return status, challenge
    session = challenge["session"]
    try:
        keys = kiosk.check(base64.b64decode(challenge["message"]),
                           base64.b64decode(challenge["proof"]))
    except HandshakeFailed:
        return post(port, PROVISION_FINISH_PATH, {"v": 1, "session": session}, source)
    status, sealed = post(port, PROVISION_FINISH_PATH,
                          {"v": 1, "session": session, "proof": b64(keys.kiosk_proof)}, source)
    if status != 200:
        return status, sealed
    plain = unseal(keys.seal_key, base64.b64decode(sealed["nonce"]),
                   base64.b64decode(sealed["box"]), session.encode())
    return status, json.loads(plain)
