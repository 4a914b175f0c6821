"""The join service under attack, on a real ``whist-hub serve`` with its own Mosquitto.

Every attack of issue 14 on the join service: lengths that are lies, clients that never finish,
a flood of connections, a code guessed from many addresses (the loopback has them all:
127.0.0.2, 127.0.0.3, …), forged log lines; and what the leader gets instead: every join on
the console, a code renewed from it, a code that is in no log and not in the event store.
Two hubs on one machine: the kiosk joins the one that accepts its code.

Every wait is bounded (``WAIT``); nothing is asserted on time.
"""

from __future__ import annotations

import re
import select
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from hub.broker.broker import Credentials
from hub.broker.joincode import JoinCode
from hub.broker.provision import MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS, MAX_TRIES
from hub.demo.sim import SimLeader
from hub.service.files import write_spec
from kiosk import provision
from kiosk.config import KioskConfig, load_config
from tests.integration import joinwire
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import HubProcess
from tests.integration.joinwire import answer, connection
from tests.ports import quiet_port
from whist.pattern import default_spec
from whist.protocol import PROVISION_START_PATH

require_mosquitto()

WAIT = 5.0


class RunningHub:
    """A ``whist-hub serve`` process on the loopback: its data folder, broker and join ports."""

    def __init__(self, tmp: Path, name: str, *args: str) -> None:
        spec = default_spec("alberta", 4, 2)
        spec_file = write_spec(spec, tmp / f"{name}.toml")
        self.data = tmp / name
        self.port = quiet_port()
        self.join_port = quiet_port()
        self.tls_port = quiet_port()  # the broker's hall port, which joined kiosks get
        self.process = HubProcess(
            spec_file, self.data, "--port", str(self.port), "--bind", "127.0.0.1",
            "--provision-port", str(self.join_port), "--tls-port", str(self.tls_port), *args,
        )

    def __enter__(self) -> RunningHub:
        self.process.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.process.proc and self.process.proc.poll() is None:
            self.process.terminate()

    @property
    def code(self) -> str:
        code = JoinCode.read(self.data / "broker" / "join-code")
        assert code is not None
        return code.code

    def wrong_code(self) -> str:
        return "".join(str((int(c) + 1) % 10) for c in self.code)

    def status(self, key: str) -> int:
        """A number from /proc/PID/status of the hub (VmRSS in kB, Threads)."""
        assert self.process.proc is not None
        text = Path(f"/proc/{self.process.proc.pid}/status").read_text()
        found = re.search(rf"^{key}:\s+(\d+)", text, re.M)
        assert found, key
        return int(found.group(1))

    @property
    def log(self) -> bytes:
        return (self.data / "hub.log").read_bytes()

    def leader(self) -> SimLeader:
        creds = Credentials.load_or_create(self.data / "broker", 4)
        leader = SimLeader("127.0.0.1", self.port, creds.leader.username, creds.leader.password)
        leader.start()
        assert leader.connected.wait(WAIT)
        return leader


def closed_by_peer(sock: socket.socket, timeout: float = WAIT) -> bool:
    """True once the hub has closed the connection (EOF or reset), within ``timeout``."""
    readable, _, _ = select.select([sock], [], [], timeout)
    if not readable:
        return False
    try:
        return sock.recv(1024) == b""
    except ConnectionError:
        return True


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningHub]:
    """One hub for the attacks on the HTTP layer; a client has 1 second to send its request."""
    with RunningHub(tmp_path_factory.mktemp("attacked"), "hub", "--join-timeout", "1") as h:
        yield h


# --- lengths that lie ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "status"),
    [("-1", 400), ("abc", 400), ("1e3", 400), ("99999999", 413), (None, 411)],
)
def test_a_bad_content_length_gets_a_clean_4xx_and_nothing_is_read(hub, length, status):
    before = hub.status("VmRSS")
    with connection(hub.join_port) as sock:
        head = f"POST {PROVISION_START_PATH} HTTP/1.1\r\nHost: hub\r\n"
        if length is not None:
            head += f"Content-Length: {length}\r\n"
        sock.sendall((head + "\r\n").encode())
        got, body = answer(sock)
        assert got == status and body["error"]
        # The hub has answered and closed: 64 MB more are not read (the old hub took them all).
        with pytest.raises(ConnectionError):
            for _ in range(64):
                sock.sendall(b"x" * (1 << 20))
    grown = hub.status("VmRSS") - before
    print(f"Content-Length {length}: hub memory {before} kB -> {before + grown} kB")
    assert grown < 16 * 1024
    assert b"Traceback" not in hub.log
    assert joinwire.join(hub.join_port, 1, hub.code)[0] == 200


# --- clients that never finish ------------------------------------------------------------------


def test_an_idle_client_is_dropped_after_the_timeout(hub):
    with connection(hub.join_port) as sock:
        assert closed_by_peer(sock), "an idle connection was kept"


def test_a_client_trickling_its_request_is_dropped_too(hub):
    """One byte at a time, each well within the per-read timeout: the deadline still holds."""
    with connection(hub.join_port) as sock:
        request = f"POST {PROVISION_START_PATH} HTTP/1.0\r\n" + "X-Slow: " + "a" * 1000
        for byte in request.encode():
            try:
                sock.send(bytes([byte]))
            except ConnectionError:
                break
            if closed_by_peer(sock, timeout=0.1):
                break
        else:
            pytest.fail("the hub kept reading a request sent one byte at a time")


# --- a flood of connections ----------------------------------------------------------------------


def test_connections_over_the_cap_are_refused(tmp_path):
    with RunningHub(tmp_path, "flooded", "--join-timeout", "120") as hub:
        threads = hub.status("Threads")
        held: list[socket.socket] = []
        try:
            for _ in range(MAX_CONNECTIONS_PER_ADDRESS):
                held.append(connection(hub.join_port))
            with connection(hub.join_port) as one_more:  # the same address: refused
                assert answer(one_more)[0] == 503
            sources = iter(f"127.0.0.{n}" for n in range(2, 100))
            while len(held) < MAX_CONNECTIONS:
                source = next(sources)
                for _ in range(min(MAX_CONNECTIONS_PER_ADDRESS, MAX_CONNECTIONS - len(held))):
                    held.append(connection(hub.join_port, source))
            # The hub is full: a device that holds none is served all the same, in the place
            # of the oldest connection of an address holding the most.
            with connection(hub.join_port, next(sources)) as newcomer:
                assert closed_by_peer(held[0]), "no room was made for a new device"
                assert joinwire.join(hub.join_port, 1, hub.code, source="127.0.0.200")[0] == 200
                newcomer.close()
            during = hub.status("Threads")
            print(f"{len(held)} idle connections held: hub threads {threads} -> {during}")
            assert during <= threads + MAX_CONNECTIONS
        finally:
            for sock in held:
                sock.close()
        # Those gone, the hub serves again (each handler ends when its client leaves).
        for _ in range(int(WAIT / 0.1)):
            got, _ = joinwire.join(hub.join_port, 1, hub.code)
            if got == 200:
                break
            select.select([], [], [], 0.1)
        assert got == 200


# --- forged log lines ---------------------------------------------------------------------------


def test_what_a_client_sends_is_escaped_in_the_log(hub):
    forged = "\n2026-11-22 20:00:00,000 WARNING whist.hub: FORGED-DEVICE result accepted"
    got, _ = joinwire.join(hub.join_port, 1, hub.wrong_code(), device=forged)
    assert got == 403
    with connection(hub.join_port) as sock:
        sock.sendall(b"GET /\rFORGED-LINE\x1b[2J\x00\xe2\x80\xa8 HTTP/1.0\r\n\r\n")
        assert answer(sock)[0] == 400
    text = hub.log
    assert b"FORGED-DEVICE" in text and b"FORGED-LINE" in text  # logged, escaped
    assert not any(b"FORGED" in line[:40] for line in text.split(b"\n"))
    for raw in (b"\r", b"\x1b", b"\x00", "\u2028".encode()):
        assert raw not in text
    assert b"\\n2026-11-22 20:00:00,000 WARNING" in text


# --- guessing the code, and what the leader sees and does ---------------------------------------


def grep(path: Path, code: str) -> bool:
    return re.search(rb"(?<![0-9])" + code.encode() + rb"(?![0-9])", path.read_bytes()) is not None


def test_guessing_from_many_addresses_locks_no_one_out_and_the_leader_sees_it(tmp_path):
    """Issue 23: 23 wrong codes from 4 addresses used to lock the hall for everyone."""
    with RunningHub(tmp_path, "guessed") as hub:
        first = hub.code
        wrong = hub.wrong_code()
        refused = []
        for n in range(23):
            source = f"127.0.0.{2 + n % 4}"
            got, body = joinwire.join(hub.join_port, 1, wrong, source=source)
            refused.append(body["code"])
            assert (got, body["code"]) in ((403, "wrong_code"), (429, "too_many"))
        assert refused.count("wrong_code") == 4 * MAX_TRIES  # then each address waits
        got, body = joinwire.join(hub.join_port, 2, first, source="127.0.0.50")
        assert got == 200 and body["username"] == "table2", "the right code is refused too"

        leader = hub.leader()
        try:
            shown = leader.command("join_code")
            assert shown.ok and shown.data is not None and shown.data["code"] == first
            renewed = leader.command("renew_join_code")
            assert renewed.ok and renewed.data is not None
            second = renewed.data["code"]
            assert second != first and second == hub.code and not renewed.data["expired"]
            got, body = joinwire.join(hub.join_port, 2, first, source="127.0.0.51")
            assert (got, body["code"]) == (403, "wrong_code")  # the old code, refused at once
            got, body = joinwire.join(hub.join_port, 2, second, device="pi-2",
                                      source="127.0.0.52")
            assert got == 200 and body["username"] == "table2"

            joins = leader.command("joins")
            assert joins.ok and joins.data is not None
            newest = joins.data["joins"][0]
            assert {k: newest[k] for k in ("outcome", "table", "device", "address")} == {
                "outcome": "joined", "table": 2, "device": "pi-2", "address": "127.0.0.52"}
            assert isinstance(newest["at"], float)
            wrongs = [j for j in joins.data["joins"] if j["outcome"] == "wrong_code"]
            assert len(wrongs) == 4 * MAX_TRIES + 1
            assert leader.command("join_code").data["code"] == second  # type: ignore[index]
        finally:
            leader.stop()
        hub.process.terminate()  # everything flushed: the log and the event store
        files = [hub.data / "hub.log", *hub.data.glob("hub.sqlite3*")]
        assert len(files) >= 2
        for path in files:
            for code in (first, second):
                assert not grep(path, code), f"the join code is in {path.name}"
        assert first not in hub.process.output and second not in hub.process.output


# --- two hubs on one machine: the kiosk joins the one that takes its code -----------------------


def test_with_two_hubs_announced_the_kiosk_joins_the_one_that_accepts_its_code(
    tmp_path, mdns_service
):
    with RunningHub(tmp_path, "room1") as room1, RunningHub(tmp_path, "room2") as room2:
        heard = provision.discover(WAIT, interfaces=["127.0.0.1"])
        if not heard:
            pytest.skip("no multicast on this machine's loopback")
        assert {h.port for h in heard} == {room1.join_port, room2.join_port}
        for table, room in ((3, room1), (4, room2)):
            config = tmp_path / f"kiosk-{table}.toml"
            reply = provision.join_hall(config, table, room.code, interfaces=["127.0.0.1"])
            settings = load_config(config)
            assert isinstance(settings, KioskConfig)
            assert (reply.port, settings.port, settings.table) == (
                room.tls_port, room.tls_port, table)
        neither = next(c for c in (f"{n:06d}" for n in range(10))
                       if c not in (room1.code, room2.code))
        with pytest.raises(provision.JoinError) as refused:
            provision.join_hall(tmp_path / "k.toml", 1, neither, interfaces=["127.0.0.1"])
        assert refused.value.kind == "wrong_code"  # only once both hubs said so
        assert not (tmp_path / "k.toml").exists()
