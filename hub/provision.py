"""Provisioning: a kiosk joins the hall with its table number and the hall's join code.

The leader's console shows a six-digit join code. A new (or spare) kiosk finds the hub on the
hall's network by mDNS (DNS-SD service ``_whist-hub._tcp``), posts ``{"table": 7, "code":
"482913"}`` to it over HTTP, and gets back table 7's broker login. No keyboard, no file to
copy: the volunteer at the table types two numbers on the touchscreen.

The code guards the logins as well as the hall's Wi-Fi password does, which is the point: it
is on the leader's screen, not in the open. Wrong codes are slowed down (five tries a minute
per address) so it cannot be guessed from a laptop in the corner.

>>> code = JoinCode.load_or_create(data_dir)                    # doctest: +SKIP
>>> with ProvisionServer(credentials, code, broker_port=1883) as server:   # doctest: +SKIP
...     server.port
1884
"""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import socket
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from hub.broker import Credentials
from hub.net import lan_addresses
from whist.errors import ProtocolError
from whist.protocol import (
    PROVISION_PATH,
    PROVISION_SERVICE,
    JoinReply,
    JoinRequest,
    decode,
    encode,
)

log = logging.getLogger("whist.hub.provision")

JOIN_CODE_FILE = "join-code"
DEFAULT_PROVISION_PORT = 1884
#: Wrong codes allowed per client address per minute.
MAX_WRONG = 5


class JoinCode:
    """The hall's join code: six digits, kept in the data folder (mode 0600)."""

    def __init__(self, path: Path, code: str) -> None:
        self.path = path
        self.code = code

    @classmethod
    def load_or_create(cls, data_dir: Path) -> JoinCode:
        path = Path(data_dir) / JOIN_CODE_FILE
        if path.exists():
            code = path.read_text(encoding="utf-8").strip()
            if code.isdigit() and len(code) == 6:
                return cls(path, code)
        return cls.renew(data_dir)

    @classmethod
    def renew(cls, data_dir: Path) -> JoinCode:
        """A new code (the old one stops working at the hub's next start)."""
        path = Path(data_dir) / JOIN_CODE_FILE
        path.parent.mkdir(parents=True, exist_ok=True)
        code = f"{secrets.randbelow(1_000_000):06d}"
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(code + "\n", encoding="utf-8")
        tmp.chmod(0o600)
        tmp.replace(path)
        return cls(path, code)

    def matches(self, given: str) -> bool:
        return secrets.compare_digest(given.encode(), self.code.encode())


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        log.info("%s %s", self.address_string(), format % args)

    def _send(self, status: int, body: dict[str, Any] | bytes) -> None:
        payload = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def do_GET(self) -> None:
        if self.path == "/v1/hub":
            self._send(200, self.server.owner.about())
        else:
            self._send(404, {"v": 1, "error": "not found"})

    def do_POST(self) -> None:
        owner = self.server.owner
        if self.path != PROVISION_PATH:
            self._send(404, {"v": 1, "error": "not found"})
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length > 4096:
            self._send(413, {"v": 1, "error": "request too large"})
            return
        try:
            request = decode(JoinRequest, self.rfile.read(length))
        except ProtocolError as exc:
            self._send(400, {"v": 1, "error": exc.reason})
            return
        client = self.client_address[0]
        status, body = owner.join(request, client, self.connection.getsockname()[0])
        self._send(status, body)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    owner: ProvisionServer


class ProvisionServer:
    """The hub's join service: HTTP on ``port`` (0 = a free one), advertised by mDNS."""

    def __init__(
        self,
        credentials: Credentials,
        join_code: JoinCode,
        *,
        broker_port: int,
        root: str = "whist",
        tournament: str = "",
        port: int = DEFAULT_PROVISION_PORT,
        bind: str = "0.0.0.0",
        advertise: bool = True,
        interfaces: list[str] | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.credentials = credentials
        self.join_code = join_code
        self.broker_port = broker_port
        self.root = root
        self.tournament = tournament
        self.clock = clock
        self._wrong: dict[str, deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()
        self._httpd = _Server((bind, port), _Handler)
        self._httpd.owner = self
        self.port = self._httpd.server_address[1]
        self._thread: threading.Thread | None = None
        self._advertise = advertise
        self._interfaces = interfaces
        self._zeroconf: Any = None
        self._info: Any = None
        self.joined: list[tuple[int, str]] = []  # (table, client address), for the leader

    def about(self) -> dict[str, Any]:
        return {
            "v": 1,
            "tournament": self.tournament,
            "broker_port": self.broker_port,
            "root": self.root,
            "tables": self.credentials.tables,
        }

    def join(self, request: JoinRequest, client: str, local: str) -> tuple[int, dict[str, Any]]:
        """Check a join; return the HTTP status and body. ``local`` is our address as the
        kiosk reached it: the broker is on this machine, so that is where it should go."""
        with self._lock:
            tries = self._wrong[client]
            now = self.clock()
            while tries and now - tries[0] > 60:
                tries.popleft()
            if len(tries) >= MAX_WRONG:
                log.warning("join from %s refused: too many wrong codes", client)
                return 429, {"v": 1, "error": "too many wrong codes: wait a minute"}
            if not self.join_code.matches(request.code):
                tries.append(now)
                log.warning("join from %s for table %s: wrong code", client, request.table)
                return 403, {"v": 1, "error": "wrong join code: check the leader's screen"}
        if request.table > self.credentials.tables:
            return 400, {
                "v": 1,
                "error": f"there is no table {request.table}: this "
                f"tournament has tables 1 to {self.credentials.tables}",
            }
        login = self.credentials.table(request.table)
        self.joined.append((request.table, client))
        log.info("table %s joined from %s (%s)", request.table, client, request.device or "?")
        reply = JoinReply(
            table=request.table,
            host=local,
            port=self.broker_port,
            username=login.username,
            password=login.password,
            root=self.root,
            tournament=self.tournament,
        )
        return 200, json.loads(encode(reply))

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
            PROVISION_SERVICE,
            f"Whist hub {host}.{PROVISION_SERVICE}",
            addresses=[socket.inet_aton(a) for a in addresses],
            port=self.port,
            properties={
                "v": "1",
                "broker_port": str(self.broker_port),
                "root": self.root,
                "tournament": self.tournament[:100],
            },
            server=f"{host}.local.",
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


def _lan_addresses() -> list[str]:
    return lan_addresses() or ["127.0.0.1"]
