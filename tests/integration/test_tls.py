"""TLS in the hall (issue 23, item 4), against a real ``whist-hub serve`` and its Mosquitto.

The sniffer test puts a recording TCP proxy between the devices and the hub's TLS listener:
the kiosk and the leader console log in and work through it with the settings
``whist-hub credentials`` wrote, and no password is in the bytes it saw. A client without
the hall's CA is refused; the plain listener answers on the loopback only, unless
``--plain-hall``.
"""

from __future__ import annotations

import contextlib
import selectors
import socket
import ssl
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from click.testing import CliRunner
from paho.mqtt.enums import CallbackAPIVersion

from hub.broker.broker import Credentials, EmbeddedBroker, port_answers
from hub.broker.certs import certificate_names, ensure_certificates
from hub.cli import main
from hub.service.files import write_spec
from kiosk.config import load_config as load_kiosk_config
from kiosk.connection import KioskConnection
from kiosk.outbox import Outbox
from tests.console.test_connection import Recorder
from tests.integration.conftest import connack, require_mosquitto
from tests.integration.hubproc import HubProcess
from tests.ports import quiet_port
from uikit.client import tls_context
from uikit.connection import ConsoleConnection
from uikit.settings import load_config as load_console_config
from whist.pattern import default_spec
from whist.protocol import Result, Revokes, StartHand

require_mosquitto()
WAIT = 10.0


class RecordingProxy:
    """A TCP proxy on 127.0.0.1 that forwards to *target* and keeps every byte, both ways:
    what a sniffer on the hall's Wi-Fi would see."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.captured = bytearray()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._accept = threading.Thread(target=self._serve, daemon=True)

    def __enter__(self) -> RecordingProxy:
        self._accept.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self.server.close()
        self._accept.join(WAIT)
        for t in self._threads:
            t.join(WAIT)

    def bytes(self) -> bytes:
        with self._lock:
            return bytes(self.captured)

    def _serve(self) -> None:
        self.server.settimeout(0.1)
        while not self._stop.is_set():
            try:
                client, _ = self.server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            upstream = socket.create_connection(self.target, timeout=WAIT)
            t = threading.Thread(target=self._pipe, args=(client, upstream), daemon=True)
            self._threads.append(t)
            t.start()

    def _pipe(self, a: socket.socket, b: socket.socket) -> None:
        sel = selectors.DefaultSelector()
        for s in (a, b):
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ)
        try:
            while not self._stop.is_set():
                for key, _ in sel.select(0.1):
                    src: socket.socket = key.fileobj  # type: ignore[assignment]
                    dst = b if src is a else a
                    try:
                        data = src.recv(65536)
                    except BlockingIOError:
                        continue
                    if not data:
                        return
                    with self._lock:
                        self.captured += data
                    dst.setblocking(True)
                    dst.sendall(data)
                    dst.setblocking(False)
        except OSError:
            return
        finally:
            sel.close()
            a.close()
            b.close()


def run(*args: object) -> str:
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[tuple[HubProcess, Path, int, int]]:
    """A real hub (``whist-hub serve``) with TLS on 127.0.0.1: (process, data, plain, tls)."""
    spec_file = write_spec(default_spec("alberta", 3, 2), tmp_path / "club.toml")
    data = tmp_path / "data"
    plain, tls = quiet_port(), quiet_port()
    hub = HubProcess(
        spec_file,
        data,
        *("--port", str(plain), "--tls-port", str(tls), "--bind", "127.0.0.1"),
        *("--provision-port", "0"),
    ).start()
    try:
        yield hub, data, plain, tls
    finally:
        hub.terminate()


def test_the_sniffer_sees_no_password(hall: tuple[HubProcess, Path, int, int], tmp_path: Path):
    hub, data, _plain, tls = hall
    assert f"with TLS on port {tls}" in hub.output
    creds = Credentials.load_or_create(data / "broker", 3)
    with RecordingProxy(("127.0.0.1", tls)) as proxy:
        # The settings exactly as the leader makes them: whist-hub credentials --out.
        kiosk_dir, leader_dir = tmp_path / "kiosk", tmp_path / "leader"
        kiosk_dir.mkdir()
        leader_dir.mkdir()
        where = ("--host", "127.0.0.1", "--port", str(proxy.port))
        run("credentials", data, "--table", 2, *where, "--out", kiosk_dir / "kiosk.toml")
        run("credentials", data, "--for", "leader", *where, "--out", leader_dir / "leader.toml")
        assert (kiosk_dir / "hub-ca.crt").read_bytes() == (data / "broker" / "ca.crt").read_bytes()
        kiosk_config = load_kiosk_config(kiosk_dir / "kiosk.toml")
        leader_config = load_console_config(leader_dir / "leader.toml")
        assert not hasattr(kiosk_config, "problems"), kiosk_config
        assert not hasattr(leader_config, "problems"), leader_config
        assert kiosk_config.broker.ca_file == kiosk_dir / "hub-ca.crt"  # type: ignore[union-attr]

        leader_seen, kiosk_seen = Recorder(), Recorder()
        leader = ConsoleConnection(leader_config, leader_seen, post=lambda f: f())  # type: ignore[arg-type]
        kiosk = KioskConnection(
            kiosk_config,  # type: ignore[arg-type]
            Outbox(tmp_path / "outbox.sqlite3"),
            kiosk_seen,  # type: ignore[arg-type]
            post=lambda f: f(),
        )
        leader.start()
        kiosk.start()
        try:
            leader_seen.wait("on_connection", lambda up: up)
            kiosk_seen.wait("on_connection", lambda up: up)
            command_id = leader.send(StartHand(id=leader.new_id()))
            reply, _ = leader_seen.wait("on_reply", lambda r, c: r.id == command_id)
            assert reply.ok, reply
            result = Result(
                id=str(uuid.uuid4()),
                hand=1,
                table=2,
                visitor_tricks=6,
                home_tricks=7,
                revokes=Revokes(home=0, visitors=0),
            )
            assert kiosk.submit(result)
            ack, _ = kiosk_seen.wait("on_ack", lambda a, r: a.id == result.id)
            assert ack.status == "accepted", ack
        finally:
            kiosk.stop()
            leader.stop()
        seen = proxy.bytes()
    assert len(seen) > 2000  # both sessions went through the sniffer
    assert seen[:1] == b"\x16"  # a TLS handshake record, not an MQTT CONNECT (0x10)
    for secret in (creds.table(2).password, creds.leader.password):
        assert secret.encode() not in seen
    for plain_word in (b"MQTT", b"whist/", b"leader", b"table2"):
        assert plain_word not in seen


def test_a_client_without_the_halls_ca_is_refused(hall: tuple[HubProcess, Path, int, int]):
    _hub, data, _plain, tls = hall
    # The system's authorities do not know the hall's CA.
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="stranger")
    client.tls_set_context(ssl.create_default_context())
    with pytest.raises(ssl.SSLCertVerificationError):
        client.connect("127.0.0.1", tls)
    # Another hub's CA (a rogue broker's) does not vouch for this one either.
    other = ensure_certificates(data.parent / "other", ["127.0.0.1"])
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="stranger2")
    client.tls_set_context(tls_context(other.ca))
    with pytest.raises(ssl.SSLCertVerificationError):
        client.connect("127.0.0.1", tls)
    # Plain MQTT on the TLS port gets no CONNACK.
    plain = socket.create_connection(("127.0.0.1", tls), timeout=WAIT)
    with plain:
        plain.sendall(bytes.fromhex("101000044d5154540402003c000474657374"))
        plain.settimeout(WAIT)
        with contextlib.suppress(ConnectionResetError):
            assert not plain.recv(4).startswith(b"\x20")


def test_with_the_ca_the_leader_logs_in(hall: tuple[HubProcess, Path, int, int]):
    _hub, data, _plain, tls = hall
    creds = Credentials.load_or_create(data / "broker", 3)
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="leader")
    client.tls_set_context(tls_context(data / "broker" / "ca.crt"))
    client.username_pw_set("leader", creds.leader.password)
    done = threading.Event()
    codes: list[Any] = []
    client.on_connect = lambda c, u, f, rc, p: (codes.append(rc), done.set())
    client.connect("localhost", tls)  # by name: the certificate names localhost too
    client.loop_start()
    try:
        assert done.wait(WAIT)
        assert not codes[0].is_failure
    finally:
        client.disconnect()
        client.loop_stop()


def test_plain_mqtt_answers_on_the_loopback_only_unless_told(tmp_path: Path):
    for plain_hall in (False, True):
        data = tmp_path / f"broker-{plain_hall}"
        with EmbeddedBroker(
            data, 2, port=quiet_port(), bind="0.0.0.0", plain_hall=plain_hall
        ) as b:
            leader = b.credentials.leader
            # A plain client written from PROTOCOL.md still works on this machine.
            assert not connack("127.0.0.1", b.port, "leader", leader.password).is_failure
            # 127.0.0.2 stands for the hall's network: it reaches 0.0.0.0, not 127.0.0.1.
            assert port_answers("127.0.0.2", b.tls_port or 0)
            assert port_answers("127.0.0.2", b.port) is plain_hall
            assert "127.0.0.1" in certificate_names(data / "server.crt")


def test_the_certificate_follows_the_addresses(tmp_path: Path):
    first = ensure_certificates(tmp_path, ["192.168.1.10"], host_name="hubpi")
    ca, cert = first.ca.read_bytes(), first.cert.read_bytes()
    assert ensure_certificates(tmp_path, ["192.168.1.10"], host_name="hubpi") == first
    assert first.cert.read_bytes() == cert  # same addresses: kept
    ensure_certificates(tmp_path, ["10.0.0.7"], host_name="hubpi")
    assert first.ca.read_bytes() == ca  # the CA stays: devices keep their hub-ca.crt
    assert first.cert.read_bytes() != cert
    assert "10.0.0.7" in certificate_names(first.cert)
    assert "192.168.1.10" not in certificate_names(first.cert)
    assert {"hubpi", "hubpi.local", "localhost", "::1"} <= set(certificate_names(first.cert))
    assert oct(first.key.stat().st_mode & 0o777) == "0o600"
    assert oct((tmp_path / "ca.key").stat().st_mode & 0o777) == "0o600"


def test_settings_name_the_ca_beside_them(tmp_path: Path):
    ensure_certificates(tmp_path / "hub", ["127.0.0.1"])
    kiosk = tmp_path / "kiosk.toml"
    body = 'table = 3\nhost = "h"\n[broker]\ntls = true\nca = "hub-ca.crt"\n'
    kiosk.write_text(body, encoding="utf-8")
    missing = load_kiosk_config(kiosk)
    assert [(p.kind, p.key) for p in missing.problems] == [("other", "broker.ca")]  # type: ignore[union-attr]
    (tmp_path / "hub-ca.crt").write_bytes((tmp_path / "hub" / "ca.crt").read_bytes())
    assert load_kiosk_config(kiosk).broker.ca_file == tmp_path / "hub-ca.crt"  # type: ignore[union-attr]
    kiosk.write_text('table = 3\nhost = "h"\n[broker]\ntls = true\n', encoding="utf-8")
    assert [p.key for p in load_kiosk_config(kiosk).problems] == ["broker"]  # type: ignore[union-attr]
    hall = tmp_path / "hall.toml"
    hall.write_text(
        'host = "h"\nusername = "hall"\npassword = "x"\n[broker]\ntls = true\nca = "hub-ca.crt"\n',
        encoding="utf-8",
    )
    config = load_console_config(hall, "hall")
    assert config.broker.ca_file == tmp_path / "hub-ca.crt"  # type: ignore[union-attr]
    # Without [broker], nothing changes: plain MQTT as before.
    hall.write_text('host = "h"\nusername = "hall"\npassword = "x"\n', encoding="utf-8")
    assert load_console_config(hall, "hall").broker.ca_file is None  # type: ignore[union-attr]


def served_names(port: int, ca: Path) -> list[str]:
    """The names in the certificate the broker presents to a new TLS connection."""
    raw = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
    with tls_context(ca).wrap_socket(raw, server_hostname="127.0.0.1") as tls:
        cert = tls.getpeercert()
    return [value for _kind, value in cert.get("subjectAltName", ())]


def test_a_running_broker_takes_a_new_address_without_dropping_anyone(tmp_path: Path):
    with EmbeddedBroker(tmp_path, 2, port=quiet_port(), bind="127.0.0.1", address_check=0) as b:
        assert b.tls_port is not None
        assert "10.9.8.7" not in served_names(b.tls_port, b.ca_path)
        kiosk = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="table1")
        kiosk.tls_set_context(tls_context(b.ca_path))
        kiosk.username_pw_set("table1", b.credentials.table(1).password)
        drops = threading.Event()
        kiosk.on_disconnect = lambda *a: drops.set()
        kiosk.connect("127.0.0.1", b.tls_port)
        kiosk.loop_start()
        try:
            # The hall's address arrives after the hub started (DHCP, Wi-Fi joined late).
            assert b.renew_certificate(["127.0.0.1", "10.9.8.7"])
            assert not b.renew_certificate(["127.0.0.1", "10.9.8.7"])  # the same: kept
            pause = threading.Event()
            for _ in range(50):  # SIGHUP is handled at the broker's next loop: bounded wait
                if "10.9.8.7" in served_names(b.tls_port, b.ca_path):
                    break
                pause.wait(0.1)
            assert "10.9.8.7" in served_names(b.tls_port, b.ca_path)
            assert b.restarts == 0 and not drops.is_set() and kiosk.is_connected()
        finally:
            kiosk.disconnect()
            kiosk.loop_stop()
