"""Provisioning: a kiosk joins the hall with its table number and the hall's join code.

The leader's console shows a six-digit join code. A new (or spare) kiosk finds the hub on the
hall's network by mDNS (DNS-SD service ``_whist-hub._tcp``) and runs a handshake with it over
HTTP (:mod:`uikit.handshake`: SPAKE2 on the code, each side proving it knows it); then it gets
table 7's broker login sealed under the key they agreed. No keyboard, no file to copy: the
volunteer at the table types two numbers on the touchscreen.

The code never travels, so a process answering in the hub's place learns nothing from a kiosk,
and a kiosk gives nothing to a hub that cannot prove it knows the code. The hall's network is
treated as hostile (docs/protocol.md, "The join service: what it protects"): each try costs a
round trip and tries are limited per client address (never one lock for the whole hall that a
neighbour could trigger), the code expires, requests are small and quick or dropped,
connections are capped per address, every join is recorded for the leader, and nothing a
client sends reaches the log unescaped.

>>> code = JoinCode.load_or_create(data_dir)                    # doctest: +SKIP
>>> with ProvisionServer(credentials, code, broker_port=1883) as server:   # doctest: +SKIP
...     server.port
1884
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import logging
import math
import os
import re
import secrets
import socket
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any, Self

from hub.broker.broker import Credentials
from hub.broker.joincode import JOINS_FILE, JoinCode
from hub.broker.net import lan_addresses
from uikit.handshake import HandshakeFailed, HubHandshake, JoinKeys, same, seal
from whist.errors import ProtocolError
from whist.protocol import (
    PROVISION_FINISH_PATH,
    PROVISION_PATH,
    PROVISION_START_PATH,
    JoinChallenge,
    JoinFinish,
    JoinReply,
    JoinSealed,
    JoinStart,
    decode,
    encode,
    provision_service,
)

log = logging.getLogger("whist.hub.provision")

DEFAULT_PROVISION_PORT = 1884
#: Handshakes a client address may start per TRY_WINDOW seconds without proving the code:
#: each is one guess (a try that ends in a join is given back). There is no limit for the
#: whole hall: a neighbour could use it to lock every kiosk out.
MAX_TRIES = 5
TRY_WINDOW = 60.0
#: Seconds a kiosk has between its JoinStart and its JoinFinish.
SESSION_SECONDS = 30.0
#: Handshakes waiting for their JoinFinish, in all (the oldest is dropped beyond).
MAX_SESSIONS = 1024
#: Client addresses whose tries are remembered (the quiet ones are forgotten beyond).
MAX_ADDRESSES = 4096
#: The largest request body read (a JoinStart is under 300 bytes).
MAX_BODY = 4096
#: Seconds a client has to send its whole request; then the connection is dropped.
CLIENT_TIMEOUT = 5.0
#: Connections served at once, in all and from one address. Over the cap of its address a
#: connection is refused at once; when the whole service is full, a newcomer from an address
#: holding fewer connections than the busiest takes the place of the busiest's oldest, so
#: one neighbour, even with many addresses, cannot turn a kiosk away.
MAX_CONNECTIONS = 32
MAX_CONNECTIONS_PER_ADDRESS = 4
#: The CA certificate beside the broker's files when the broker speaks TLS (branch tls).
CA_FILE = "ca.crt"
_LENGTH = re.compile(r"[0-9]{1,9}")


def printable(text: object, limit: int = 300) -> str:
    """``text`` as one safe log line: control characters (newlines included), line separators
    and backslashes escaped, cut at ``limit`` characters. A client cannot forge a log line.

    >>> printable('pi-7\\n2026-11-22 INFO table 1 joined')
    'pi-7\\\\n2026-11-22 INFO table 1 joined'
    """
    safe = "".join(
        c if c.isprintable() and c != "\\" else c.encode("unicode_escape").decode("ascii")
        for c in str(text)
    )
    return safe[:limit] + "…" if len(safe) > limit else safe


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def setup(self) -> None:
        super().setup()
        # Each read or write; the whole request has the same time (_Server.service_actions).
        self.connection.settimeout(self.server.owner.timeout)

    def log_message(self, format: str, *args: Any) -> None:
        # The request line and the headers are the client's words: escaped, never raw.
        log.info("%s %s", printable(self.address_string()), printable(format % args))

    def _send(self, status: int, body: dict[str, Any] | bytes) -> None:
        payload = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        if status >= 400:
            self.send_header("Connection", "close")
            self.close_connection = True  # a body we did not read must not be taken as a request
        self.end_headers()
        self.wfile.write(payload)

    def _refuse(self, status: int, code: str, error: str) -> None:
        self._send(status, {"v": 1, "error": error, "code": code})

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        # http.server's own refusals (a garbled request line, headers too long): JSON too.
        self.log_error("code %d, message %s", code, message)
        self.close_connection = True
        self._refuse(code, "bad_request", message or "bad request")

    def do_GET(self) -> None:
        if self.path == "/v1/hub":
            self._send(200, self.server.owner.about())
        else:
            self._refuse(404, "not_found", "not found")

    def _body_length(self) -> int | None:
        """The Content-Length, when it is one number the service will read; else refused."""
        if self.headers.get("Transfer-Encoding") is not None:
            self._refuse(411, "length_required", "send the request with a Content-Length")
            return None
        given = self.headers.get_all("Content-Length") or []
        if not given:
            self._refuse(411, "length_required", "send the request with a Content-Length")
            return None
        if len(given) > 1 or not _LENGTH.fullmatch(given[0].strip()):
            self._refuse(400, "bad_length", "Content-Length must be one whole number")
            return None
        length = int(given[0].strip())
        if length > MAX_BODY:
            self._refuse(413, "too_large", "request too large")
            return None
        return length

    def do_POST(self) -> None:
        owner = self.server.owner
        if self.path == PROVISION_PATH:  # the code in clear: what a kiosk from before sends
            self._refuse(410, "upgrade", "this kiosk's software is too old to join: update it")
            return
        if self.path not in (PROVISION_START_PATH, PROVISION_FINISH_PATH):
            self._refuse(404, "not_found", "not found")
            return
        length = self._body_length()
        if length is None:
            return
        client = self.client_address[0]
        body = self.rfile.read(length)
        try:
            if self.path == PROVISION_START_PATH:
                status, reply = owner.start_join(decode(JoinStart, body), client)
            else:
                local = self.connection.getsockname()[0]
                status, reply = owner.finish_join(decode(JoinFinish, body), client, local)
        except ProtocolError as exc:
            self._refuse(400, exc.code, exc.reason)
            return
        self._send(status, reply)


class _Server(ThreadingHTTPServer):
    """Threads for at most ``MAX_CONNECTIONS`` clients, each dropped at its deadline."""

    daemon_threads = True
    request_queue_size = 64  # a burst of connections is accepted at once, then judged
    owner: ProvisionServer

    def __init__(self, address: tuple[str, int]) -> None:
        super().__init__(address, _Handler)
        self._open: dict[socket.socket, tuple[str, float]] = {}  # connection: address, deadline
        self._open_lock = threading.Lock()
        self._refused = 0
        self._refusal_logged = float("-inf")

    def process_request(self, request: Any, client_address: Any) -> None:
        owner = self.owner
        address = str(client_address[0])
        evicted: socket.socket | None = None
        with self._open_lock:
            held: dict[str, int] = defaultdict(int)
            for a, _ in self._open.values():
                held[a] += 1
            admitted = held[address] < owner.max_connections_per_address
            if admitted and len(self._open) >= owner.max_connections:
                busiest = max(held, key=lambda a: held[a])
                if held[busiest] > held[address]:
                    # Full: the busiest address gives up its oldest connection (dicts keep
                    # the order they were filled in).
                    evicted = next(s for s, (a, _) in self._open.items() if a == busiest)
                    self._open.pop(evicted)
                else:
                    admitted = False
            if admitted:
                self._open[request] = (address, owner.clock() + owner.timeout)
        if evicted is not None:
            log.info("join service full: dropped a connection of the busiest address")
            with contextlib.suppress(OSError):
                evicted.shutdown(socket.SHUT_RDWR)
        if admitted:
            super().process_request(request, client_address)
        else:
            self._turn_away(request, address)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A client that vanished mid-answer (or was dropped as too slow): one line, no
        # traceback on the leader's terminal.
        log.info("join request from %s ended early", printable(client_address[0]))

    def _turn_away(self, request: socket.socket, address: str) -> None:
        body = b'{"v":1,"error":"the hub is busy: try again in a minute","code":"busy"}'
        head = (
            "HTTP/1.0 503 Service Unavailable\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        ).encode()
        with contextlib.suppress(OSError):
            request.setblocking(False)  # never wait on a client that does not read
            request.send(head + body)
        self.shutdown_request(request)
        self._refused += 1
        now = self.owner.clock()
        if now - self._refusal_logged > 10:  # one line for a flood, not one per connection
            log.warning(
                "join service full: %d connection(s) refused, the last from %s",
                self._refused,
                printable(address),
            )
            self._refusal_logged, self._refused = now, 0

    def shutdown_request(self, request: Any) -> None:
        with self._open_lock:
            self._open.pop(request, None)
        super().shutdown_request(request)

    def service_actions(self) -> None:
        # Called by serve_forever about twice a second: a client that trickles its request
        # one byte at a time never hits the per-read timeout, so it meets this deadline.
        now = self.owner.clock()
        with self._open_lock:
            late = [(s, a) for s, (a, deadline) in self._open.items() if now >= deadline]
        for sock, address in late:
            log.info("dropped a join request from %s: too slow", printable(address))
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        super().service_actions()

    @property
    def connections(self) -> int:
        with self._open_lock:
            return len(self._open)


class ProvisionServer:
    """The hub's join service: HTTP on ``port`` (0 = a free one), advertised by mDNS.

    ``timeout`` is how long a client has to send its request, ``max_connections`` (and
    ``max_connections_per_address``) how many are served at once. ``clock`` (monotonic) times
    the limits; ``wall`` (seconds since the epoch) dates the joins and expires the code.
    ``service_type`` is the DNS-SD type announced (by default ``WHIST_MDNS_SERVICE`` or
    ``_whist-hub._tcp.local.``). When the broker's folder (the join code's) holds ``ca.crt``,
    the join reply carries it and ``tls_port`` (when given) as the broker's port.
    """

    def __init__(
        self,
        credentials: Credentials,
        join_code: JoinCode,
        *,
        broker_port: int,
        tls_port: int | None = None,
        root: str = "whist",
        tournament: str = "",
        port: int = DEFAULT_PROVISION_PORT,
        bind: str = "0.0.0.0",
        advertise: bool = True,
        interfaces: list[str] | None = None,
        service_type: str | None = None,
        timeout: float = CLIENT_TIMEOUT,
        max_connections: int = MAX_CONNECTIONS,
        max_connections_per_address: int = MAX_CONNECTIONS_PER_ADDRESS,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.credentials = credentials
        self.join_code = join_code
        self.broker_port = broker_port
        self.tls_port = tls_port
        self.root = root
        self.tournament = tournament
        self.service_type = service_type or provision_service(os.environ)
        self.timeout = timeout
        self.max_connections = max_connections
        self.max_connections_per_address = max_connections_per_address
        self.clock = clock
        self.wall = wall
        self._tries: dict[str, deque[float]] = {}  # address: when it started a handshake
        self._sessions: dict[str, _Session] = {}
        self._lock = threading.Lock()
        self._httpd = _Server((bind, port))
        self._httpd.owner = self
        self.port = self._httpd.server_address[1]
        self._thread: threading.Thread | None = None
        self._advertise = advertise
        self._interfaces = interfaces
        self._zeroconf: Any = None
        self._info: Any = None
        self.joins_path = join_code.path.with_name(JOINS_FILE)
        self.joined: list[tuple[int, str]] = []  # (table, client address), for tests

    @property
    def connections(self) -> int:
        """Connections being served now."""
        return self._httpd.connections

    def about(self) -> dict[str, Any]:
        return {
            "v": 1,
            "tournament": self.tournament,
            "broker_port": self.broker_port,
            "root": self.root,
            "tables": self.credentials.tables,
        }

    def _current_code(self) -> JoinCode | None:
        code = JoinCode.read(self.join_code.path)
        if code is not None and code.code != self.join_code.code:
            # Renewed (console or command line): guesses at the old code count no more.
            self._tries.clear()
            self._sessions.clear()
            log.info("the join code was renewed")
        if code is not None:
            self.join_code = code
        return code

    def _record(self, outcome: str, table: int, device: str, client: str) -> None:
        entry = {
            "at": round(self.wall(), 3),
            "outcome": outcome,
            "table": table,
            "device": printable(device, 100),
            "address": client,
        }
        try:
            fd = os.open(self.joins_path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            with os.fdopen(fd, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")
        except OSError as exc:
            log.warning("could not record a join in %s: %s", self.joins_path, exc)

    def _wrong(self, session: _Session) -> None:
        self._record("wrong_code", session.table, session.device, session.client)
        log.warning(
            "join from %s (%s) for table %s: wrong code",
            session.client,
            printable(session.device or "?", 100),
            session.table,
        )

    def _forget_old(self, now: float) -> None:
        """Sessions past their time (each a wrong try, for the leader) and quiet addresses."""
        for key in [k for k, v in self._sessions.items() if now >= v.deadline]:
            self._wrong(self._sessions.pop(key))
        while len(self._sessions) > MAX_SESSIONS:
            self._wrong(self._sessions.pop(next(iter(self._sessions))))
        if len(self._tries) > MAX_ADDRESSES:
            for address in [a for a, t in self._tries.items() if not t or now - t[-1] > TRY_WINDOW]:
                del self._tries[address]

    def start_join(self, start: JoinStart, client: str) -> tuple[int, dict[str, Any]]:
        """The first step: check what can be checked without the code, count the try, run the
        hub's half of the handshake. Return the HTTP status and body (a JoinChallenge)."""
        with self._lock:
            now = self.clock()
            self._forget_old(now)
            tries = self._tries.setdefault(client, deque())
            while tries and now - tries[0] >= TRY_WINDOW:
                tries.popleft()
            code = self._current_code()
            if len(tries) >= MAX_TRIES:
                wait = max(1, math.ceil(tries[0] + TRY_WINDOW - now))
                log.warning("join from %s refused: too many tries (wait %d s)", client, wait)
                return 429, {
                    **_refusal("too_many", f"too many tries from this device: wait {wait} s"),
                    "retry_after": wait,
                }
            if code is None:
                return 503, _refusal("no_code", "the hub has no join code: ask the leader")
            if code.expired(self.wall()):
                log.warning("join from %s for table %s: the code has expired", client, start.table)
                return 410, _refusal(
                    "expired", "the join code has expired: ask the leader for a new one"
                )
            if start.table > self.credentials.tables:
                return 400, _refusal(
                    "bad_table",
                    f"there is no table {start.table}: this "
                    f"tournament has tables 1 to {self.credentials.tables}",
                )
            tries.append(now)  # counted before the work: a garbled message is a try too
        try:  # some milliseconds of arithmetic: outside the lock
            kiosk_message = base64.b64decode(start.message, validate=True)
            handshake = HubHandshake(
                code.code, table=start.table, device=start.device, kiosk_message=kiosk_message
            )
        except (binascii.Error, HandshakeFailed) as exc:
            return 400, _refusal("bad_message", f"not a join handshake: {exc}")
        token = secrets.token_urlsafe(18)
        with self._lock:
            self._sessions[f"{client} {token}"] = _Session(
                client,
                start.table,
                start.device,
                handshake.keys,
                code.code,
                now,
                now + SESSION_SECONDS,
            )
        challenge = JoinChallenge(
            session=token,
            message=_b64(handshake.message),
            proof=_b64(handshake.keys.hub_proof),
        )
        return 200, json.loads(encode(challenge))

    def finish_join(
        self, finish: JoinFinish, client: str, local: str
    ) -> tuple[int, dict[str, Any]]:
        """The second step: the kiosk's proof; then the table's login, sealed. ``local`` is
        our address as the kiosk reached it: the broker is on this machine, so that is where
        it should go."""
        with self._lock:
            code = self._current_code()
            # Only from the address that started it: a session cannot be finished by another.
            session = self._sessions.pop(f"{client} {finish.session}", None)
            if session is not None and (code is None or code.code != session.code):
                session = None  # the code was renewed since: the old one works no more
            if session is None or self.clock() >= session.deadline:
                if session is not None:
                    self._wrong(session)
                return 403, _refusal(
                    "no_session", "this join took too long or was not started: try again"
                )
            try:
                proof = base64.b64decode(finish.proof, validate=True)
            except binascii.Error:
                proof = b""
            if not same(proof, session.keys.kiosk_proof):
                self._wrong(session)
                return 403, _refusal("wrong_code", "wrong join code: check the leader's screen")
            tries = self._tries.get(client)
            if tries is not None and session.started in tries:
                tries.remove(session.started)  # a try that proved the code is given back
        login = self.credentials.table(session.table)
        self.joined.append((session.table, client))
        self._record("joined", session.table, session.device, client)
        log.info(
            "table %s joined from %s (%s)",
            session.table,
            client,
            printable(session.device or "?", 100),
        )
        ca = self._ca()
        reply = JoinReply(
            table=session.table,
            host=local,
            port=(self.tls_port or self.broker_port) if ca else self.broker_port,
            username=login.username,
            password=login.password,
            root=self.root,
            tournament=self.tournament,
            ca=ca,
        )
        nonce, box = seal(session.keys.seal_key, encode(reply), finish.session.encode())
        return 200, json.loads(encode(JoinSealed(nonce=_b64(nonce), box=_b64(box))))

    def _ca(self) -> str | None:
        """The broker's CA certificate (PEM), read at each join like the code; None without."""
        path = self.join_code.path.with_name(CA_FILE)
        try:
            text = path.read_text(encoding="ascii")
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as exc:
            log.warning("the broker's CA certificate %s cannot be read: %s", path, exc)
            return None
        return text if "BEGIN CERTIFICATE" in text else None

    # ------------------------------------------------------------------ life cycle
    def start(self) -> Self:
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, name="provision", daemon=True
        )
        self._thread.start()
        if self._advertise:
            self._register()
        return self

    def _register(self) -> None:
        from zeroconf import ServiceInfo, Zeroconf

        addresses = self._interfaces or _lan_addresses()
        host = socket.gethostname().split(".")[0] or "whist-hub"
        self._info = ServiceInfo(
            self.service_type,
            # The port too: two hubs on one computer (two rooms) have two names.
            f"Whist hub {host} {self.port}.{self.service_type}",
            addresses=[socket.inet_aton(a) for a in addresses],
            port=self.port,
            properties={
                "v": "1",
                "broker_port": str(self.broker_port),
                "root": self.root,
                "tournament": self.tournament[:100],
            },
            # Its own host name too, or the addresses of two hubs on one computer mix.
            server=f"{host}-{self.port}.local.",
        )
        try:
            self._zeroconf = Zeroconf(interfaces=self._interfaces or addresses)
            self._zeroconf.register_service(self._info, allow_name_change=True)
        except OSError as exc:  # no multicast on this network: joining by address still works
            log.warning("mDNS advertisement failed (%s); kiosks must be given the address", exc)
            self._zeroconf = None

    def stop(self) -> None:
        if self._zeroconf is not None:
            with contextlib.suppress(Exception):
                self._zeroconf.unregister_service(self._info)
            self._zeroconf.close()
            self._zeroconf = None
        self._httpd.shutdown()
        self._httpd.server_close()
        if self._thread is not None:
            self._thread.join(5)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()


@dataclass(frozen=True)
class _Session:
    """A handshake started and waiting for the kiosk's proof."""

    client: str
    table: int
    device: str
    keys: JoinKeys
    code: str  # the code it was made with, so a renewal ends it
    started: float
    deadline: float


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _refusal(code: str, error: str) -> dict[str, Any]:
    return {"v": 1, "error": error, "code": code}


def _lan_addresses() -> list[str]:
    return lan_addresses() or ["127.0.0.1"]
