"""Provisioning on loopback: find the hub by mDNS, join with the code, connect as the table;
and a spare kiosk taking over a table mid-hand with its result counted once."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from hub.broker.broker import Credentials
from hub.broker.joincode import JoinCode
from hub.broker.provision import MAX_TRIES, ProvisionServer, printable
from hub.demo.sim import SimKiosk, SimLeader
from tests.integration.conftest import TOPICS, require_mosquitto
from tests.integration.hubproc import InProcessHub
from tests.integration.joinwire import b64, join
from uikit.handshake import KioskHandshake
from whist.pattern import default_spec
from whist.protocol import PROVISION_PATH, PROVISION_START_PATH, JoinReply

require_mosquitto()


def post(port, body, host="127.0.0.1", path=PROVISION_START_PATH):
    request = urllib.request.Request(
        f"http://{host}:{port}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as exc:
        return exc.code, json.loads(exc.read())


@pytest.fixture
def service(tmp_path, broker):
    code = JoinCode.load_or_create(tmp_path)
    server = ProvisionServer(
        broker.credentials,
        code,
        broker_port=broker.port,
        tournament="Club night",
        port=0,
        bind="127.0.0.1",
        advertise=False,
    )
    with server:
        yield server, code


def test_join_code_is_kept_and_renewed(tmp_path):
    first = JoinCode.load_or_create(tmp_path)
    assert len(first.code) == 6 and first.code.isdigit()
    assert JoinCode.load_or_create(tmp_path).code == first.code
    assert (tmp_path / "join-code").stat().st_mode & 0o777 == 0o600
    renewed = JoinCode.renew(tmp_path)
    assert JoinCode.load_or_create(tmp_path).code == renewed.code
    assert renewed.matches(renewed.code)


def test_join_gives_the_tables_login_and_it_works(service, broker, connect):
    server, code = service
    status, body = join(server.port, 3, code.code, device="pi-7")
    assert status == 200
    reply = JoinReply.model_validate(body)
    assert (reply.table, reply.port, reply.username) == (3, broker.port, "table3")
    assert reply.host == "127.0.0.1" and reply.tournament == "Club night"
    kiosk = connect(broker, Credentials.load_or_create(broker.data_dir, 4).table(3))
    assert not kiosk.publish_acked(TOPICS.result(3), b"{}").is_failure
    assert server.joined == [(3, "127.0.0.1")]


def test_wrong_codes_are_refused_then_slowed_down_for_that_address_only(service):
    server, code = service
    wrong = "000000" if code.code != "000000" else "111111"
    for _ in range(MAX_TRIES):
        status, body = join(server.port, 1, wrong)
        assert status == 403 and "wrong join code" in body["error"]
    status, body = join(server.port, 1, code.code)  # the hub cannot tell before the proof
    assert (status, body["code"]) == (429, "too_many")
    assert body["error"] == f"too many tries from this device: wait {body['retry_after']} s"
    assert 0 < body["retry_after"] <= 60
    status, body = join(server.port, 1, code.code, source="127.0.0.2")  # another device
    assert status == 200 and body["username"] == "table1"
    assert [j["outcome"] for j in map(json.loads, server.joins_path.read_text().splitlines())
            ] == ["wrong_code"] * MAX_TRIES + ["joined"]


def test_a_join_gives_its_try_back(service):
    server, code = service
    for _ in range(MAX_TRIES + 2):  # a kiosk that joins again and again is never slowed down
        assert join(server.port, 2, code.code)[0] == 200


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"v": 1, "table": 9, "message": "OK"}, 400, "no table 9"),
        ({"v": 1, "table": 1, "message": "not base64!"}, 400, "message"),
        ({"v": 1, "table": 1, "message": b64(b"B" + bytes(32))}, 400, "not a join handshake"),
        ({"v": 1, "table": 1, "message": "OK", "code": "123456"}, 400, "code"),
        ({"v": 1, "table": 0, "message": "OK"}, 400, "table"),
    ],
)
def test_bad_joins(service, body, status, words):
    server, code = service
    if body["message"] == "OK":
        body = {**body, "message": b64(KioskHandshake(code.code, table=1, device="").message)}
    got, reply = post(server.port, body)
    assert got == status and words in reply["error"]


def test_the_code_in_clear_is_refused_and_asks_for_newer_software(service):
    server, code = service
    got, reply = post(server.port, {"v": 1, "table": 1, "code": code.code}, path=PROVISION_PATH)
    assert (got, reply["code"]) == (410, "upgrade") and server.joined == []


def test_about_and_unknown_paths(service):
    server, _ = service
    with urllib.request.urlopen(f"http://127.0.0.1:{server.port}/v1/hub", timeout=5) as r:
        assert json.loads(r.read())["tournament"] == "Club night"
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"http://127.0.0.1:{server.port}/nope", timeout=5)


def test_the_hub_is_found_by_mdns(tmp_path, broker, mdns_service):
    zeroconf = pytest.importorskip("zeroconf")
    code = JoinCode.load_or_create(tmp_path)
    server = ProvisionServer(
        broker.credentials,
        code,
        broker_port=broker.port,
        tournament="Finals",
        port=0,
        bind="127.0.0.1",
        interfaces=["127.0.0.1"],
    )
    with server:
        if server._zeroconf is None:
            pytest.skip("no multicast on this machine's loopback")
        found = threading.Event()
        seen: dict = {}

        class Listener(zeroconf.ServiceListener):
            def add_service(self, zc, type_, name):
                info = zc.get_service_info(type_, name, timeout=3000)
                if info is not None:
                    seen.update(
                        port=info.port, props=info.properties, addresses=info.parsed_addresses()
                    )
                    found.set()

            def update_service(self, zc, type_, name):
                pass

            def remove_service(self, zc, type_, name):
                pass

        zc = zeroconf.Zeroconf(interfaces=["127.0.0.1"])
        try:
            zeroconf.ServiceBrowser(zc, mdns_service, Listener())
            assert found.wait(10), "the hub was not found by mDNS"
        finally:
            zc.close()
    assert seen["port"] == server.port and "127.0.0.1" in seen["addresses"]
    assert seen["props"][b"broker_port"] == str(broker.port).encode()


def test_a_spare_kiosk_takes_over_mid_hand_and_the_result_counts_once(tmp_path, broker):
    """Table 2's kiosk dies after sending (no ack yet); a spare takes its login and client
    id, sees the hand at once, the players enter the slip again; the old kiosk comes back with
    its outbox. One result is counted."""
    spec = default_spec("alberta", 4, 2)
    creds = broker.credentials
    with InProcessHub(
        spec, tmp_path, broker.host, broker.port, creds.hub.username, creds.hub.password
    ) as hub:
        leader = SimLeader(broker.host, broker.port, creds.leader.username, creds.leader.password)
        leader.start()
        assert leader.connected.wait(5)
        assert leader.command("start_hand").ok
        t2 = creds.table(2)
        old = SimKiosk(
            2,
            broker.host,
            broker.port,
            t2.username,
            t2.password,
            client_id="whist-kiosk-2",
            resend_every=0.3,
        )
        old.start()
        old.wait_assignment(lambda a: a.phase == "playing", 5)
        hub.hub.link.reading = False  # the hub hears nothing for a moment: no ack can come
        first = old.submit(9)
        old._halt.set()
        old.client.loop_stop()  # power cut

        spare = SimKiosk(
            2,
            broker.host,
            broker.port,
            t2.username,
            t2.password,
            client_id="whist-kiosk-2",
            resend_every=0.3,
        )
        spare.start()
        shown = spare.wait_assignment(lambda a: a.phase == "playing", 5)
        assert shown.hand == 1  # the current hand at once (retained)
        hub.hub.link.reading = True
        again = spare.submit(9)  # the players enter the same slip on the spare
        assert spare.wait_ack(again, 10).status in ("accepted", "duplicate")

        old.client.reconnect()  # the old kiosk comes back with its outbox
        old._halt.clear()
        old.client.loop_start()
        old._tick_thread = threading.Thread(target=old._tick, daemon=True)
        old._tick_thread.start()
        assert old.wait_ack(first, 10).status in ("accepted", "duplicate")
        results = [r for r in hub.core.tournament.results.values() if r.table == 2]
        assert len(results) == 1 and results[0].visitor_tricks == 9
        for c in (leader, spare, old):
            c.stop()


def test_the_code_expires_and_a_hub_started_later_makes_a_new_one(tmp_path, broker):
    code = JoinCode.load_or_create(tmp_path)
    later = code.expires + 1
    server = ProvisionServer(broker.credentials, code, broker_port=broker.port, port=0,
                             bind="127.0.0.1", advertise=False, wall=lambda: later)
    with server:
        status, body = join(server.port, 1, code.code)
    assert (status, body["code"]) == (410, "expired") and server.joined == []
    assert JoinCode.load_or_create(tmp_path, clock=lambda: later).code != code.code


def test_a_code_file_from_before_expiry_still_works(tmp_path):
    (tmp_path / "join-code").write_text("482913\n", encoding="utf-8")
    code = JoinCode.read(tmp_path / "join-code")
    assert code is not None and code.code == "482913" and not code.expired(time.time())


def test_printable_escapes_what_would_forge_a_line():
    assert printable("pi\n2026 INFO x\r\x1b[2J\u2028\\") == "pi\\n2026 INFO x\\r\\x1b[2J\\u2028\\\\"
    assert printable("é ♠ ok") == "é ♠ ok"
    assert printable("x" * 500, 10) == "x" * 10 + "…"
