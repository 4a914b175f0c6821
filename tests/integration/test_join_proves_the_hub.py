"""Issue 23, items 3 and 5, against a real ``whist-hub serve`` and the kiosk's real join code.

A rogue hub (its own process, announced with the same DNS-SD type under its own name, not
knowing the code) asked first learns nothing it can use and is refused; the kiosk joins the
hall's hub. A neighbour guessing from several addresses, or holding many slow connections,
neither locks the hall nor turns a kiosk away. Every wait is bounded; nothing asserts on time.
"""

from __future__ import annotations

import base64
import hashlib
import json
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hub.broker.broker import Credentials
from hub.broker.joincode import JoinCode
from hub.broker.provision import MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS
from kiosk import provision
from kiosk.config import KioskConfig, load_config
from tests.integration import joinwire
from tests.integration.conftest import require_mosquitto
from tests.integration.joinwire import connection
from tests.integration.roguehub import RECEIVED
from tests.integration.test_join_service import RunningHub
from tests.ports import quiet_port
from uikit.client import HubClient
from uikit.handshake import HubHandshake

require_mosquitto()

WAIT = 5.0


class Rogue:
    """``python -m tests.integration.roguehub``: a join service with a code of its own."""

    def __init__(self, folder: Path, code: str) -> None:
        folder.mkdir(parents=True)
        (folder / "join-code").write_text(
            json.dumps({"code": code, "expires": time.time() + 3600}), encoding="utf-8")
        self.folder = folder
        self.broker_port = quiet_port()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.integration.roguehub", str(folder),
             str(self.broker_port)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # bounded: the process ends (EOF) if it fails
        assert line.startswith("rogue ready "), line
        self.port = int(line.split()[2])

    def received(self) -> list[dict[str, Any]]:
        path = self.folder / RECEIVED
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        return [json.loads(line) for line in text.splitlines()]

    def stop(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        try:
            self.proc.wait(WAIT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(WAIT)


@pytest.fixture
def hall(tmp_path: Path, mdns_service: str) -> Iterator[tuple[RunningHub, Rogue]]:
    """The hall's hub and a rogue, both announced on the loopback."""
    with RunningHub(tmp_path, "real") as real:
        rogue = Rogue(tmp_path / "rogue", real.wrong_code())
        try:
            yield real, rogue
        finally:
            rogue.stop()


def heard_rogue_first(real: RunningHub, rogue: Rogue) -> list[provision.FoundHub]:
    """Both hubs as the kiosk hears them, the rogue first (it is, about half the time)."""
    heard: list[provision.FoundHub] = []
    for _ in range(3):  # mDNS on a busy loopback: a hub may answer a little late
        heard = provision.discover(WAIT, interfaces=["127.0.0.1"])
        if {real.join_port, rogue.port} <= {h.port for h in heard}:
            break
    if not heard:
        pytest.skip("no multicast on this machine's loopback")
    assert {real.join_port, rogue.port} <= {h.port for h in heard}
    return sorted(heard, key=lambda h: h.port != rogue.port)


def test_a_rogue_asked_first_learns_nothing_and_the_kiosk_joins_the_real_hub(
    hall: tuple[RunningHub, Rogue], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real, rogue = hall
    heard = heard_rogue_first(real, rogue)
    monkeypatch.setattr(provision, "discover", lambda *a, **k: heard)
    config = tmp_path / "kiosk" / "kiosk.toml"

    reply = provision.join_hall(config, 3, real.code)

    settings = load_config(config)
    assert isinstance(settings, KioskConfig)
    login = Credentials.load_or_create(real.data / "broker", 4).table(3)
    # The hub has its own CA: the kiosk gets the TLS port and the certificate to pin.
    assert (reply.port, settings.port) == (real.tls_port, real.tls_port)
    assert reply.ca and (config.parent / "hub-ca.crt").read_text() == reply.ca
    # ... and with those settings alone the kiosk's client reaches the real broker over TLS.
    client = HubClient(
        settings.host, settings.port, client_id="table3", name="table 3",
        username=settings.username, password=settings.password, ca=settings.broker.ca_file,
    )
    client.start()
    try:
        assert client.connected.wait(10), "the joined kiosk could not reach the hub over TLS"
    finally:
        client.stop()
    assert (settings.username, settings.password) == ("table3", login.password)
    assert str(rogue.broker_port) not in config.read_text()

    # All the rogue received: one handshake message, and an empty proof (its own failed).
    received = rogue.received()
    assert [r["step"] for r in received] == ["start", "finish"]
    start, finish = received
    assert set(start) == {"step", "client", "v", "table", "device", "message"}
    assert finish["proof"] == ""
    message = base64.b64decode(start["message"])
    assert len(message) == 33  # SPAKE2's side byte and one group element, nothing else
    # The code is in none of it, in no form.
    code = real.code
    forms = [code, code.encode().hex(), base64.b64encode(code.encode()).decode(),
             hashlib.sha256(code.encode()).hexdigest()]
    text = json.dumps(received)
    for form in forms:
        assert form not in text
    assert code.encode() not in message and hashlib.sha256(code.encode()).digest() not in message
    # Nothing in it tests a guess: any code makes a key from the kiosk's message, and what
    # would tell the right one, the kiosk's proof, never came.
    for guess in (code, real.wrong_code()):
        keys = HubHandshake(guess, table=3, device=start["device"], kiosk_message=message).keys
        assert base64.b64encode(keys.kiosk_proof).decode() not in text
    # The hall's hub recorded the join; the rogue recorded a wrong code (its own proof failed).
    assert (real.data / "broker" / "joins.jsonl").read_text().count('"joined"') == 1


def test_a_kiosk_hearing_only_a_rogue_keeps_nothing(
    hall: tuple[RunningHub, Rogue], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real, rogue = hall
    heard = [h for h in heard_rogue_first(real, rogue) if h.port == rogue.port]
    monkeypatch.setattr(provision, "discover", lambda *a, **k: heard)
    config = tmp_path / "kiosk" / "kiosk.toml"
    with pytest.raises(provision.JoinError) as refused:
        provision.join_hall(config, 3, real.code)
    assert refused.value.kind == "wrong_code"
    assert not config.exists() and not (config.parent / provision.HUB_CA_FILE).exists()


def test_a_neighbour_neither_locks_the_hall_nor_fills_it(tmp_path: Path) -> None:
    """23 wrong codes from 4 addresses, then 48 slow connections from one address, from
    twelve, from 48: the kiosk (127.0.0.1) joins each time. Slow clients have 120 s here, so it is
    not the timeout that makes room."""
    with RunningHub(tmp_path, "neighbour", "--join-timeout", "120") as hub:
        kiosk = provision.FoundHub("127.0.0.1", hub.join_port)
        wrong = hub.wrong_code()
        outcomes = [joinwire.join(hub.join_port, 1, wrong, source=f"127.0.0.{2 + n % 4}")[1]
                    ["code"] for n in range(23)]
        print(f"23 wrong codes from 4 addresses: {outcomes.count('wrong_code')} checked, "
              f"{outcomes.count('too_many')} told to wait")
        assert provision.join_hall(tmp_path / "k1.toml", 1, hub.code, hub=kiosk).table == 1

        for sources in (["127.0.0.9"], [f"127.0.1.{n}" for n in range(1, 13)],
                        [f"127.0.2.{n}" for n in range(1, 49)]):
            held = [connection(hub.join_port, sources[n % len(sources)]) for n in range(48)]
            try:
                reply = provision.join_hall(tmp_path / "k2.toml", 2, hub.code, hub=kiosk)
                assert reply.username == "table2"
                # Turned away: answered "busy" or closed; held: nothing to read yet.
                still = sum(not select.select([s], [], [], 0.2)[0] for s in held)
                print(f"48 slow connections from {len(sources)} address(es): {still} still "
                      f"held after the kiosk joined (caps: {MAX_CONNECTIONS_PER_ADDRESS} an "
                      f"address, {MAX_CONNECTIONS} in all)")
                assert still <= min(MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS * len(sources))
            finally:
                for sock in held:
                    sock.close()


def test_the_hubs_ca_certificate_travels_sealed_and_is_pinned(tmp_path: Path) -> None:
    """With ``ca.crt`` beside the broker's files, the join reply carries it (and the TLS
    port); the kiosk writes it beside its settings and names it in ``[broker]``."""
    from hub.broker.provision import ProvisionServer

    folder = tmp_path / "broker"
    creds = Credentials.load_or_create(folder, 4)
    code = JoinCode.load_or_create(folder)
    pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"
    with ProvisionServer(creds, code, broker_port=1883, tls_port=8883, port=0,
                         bind="127.0.0.1", advertise=False) as server:
        hub = provision.FoundHub("127.0.0.1", server.port)
        config = tmp_path / "kiosk" / "kiosk.toml"
        plain = provision.join_hall(config, 1, code.code, hub=hub)
        assert (plain.port, plain.ca) == (1883, None) and "[broker]" not in config.read_text()
        (folder / "ca.crt").write_text(pem, encoding="ascii")
        reply = provision.join_hall(config, 1, code.code, hub=hub)
    assert (reply.port, reply.ca) == (8883, pem)
    assert (config.parent / "hub-ca.crt").read_text() == pem
    import tomllib

    written = tomllib.loads(config.read_text())
    assert written["port"] == 8883 and written["broker"] == {"ca": "hub-ca.crt", "tls": True}
