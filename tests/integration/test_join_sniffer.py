"""A sniffer on the hall's Wi-Fi while a kiosk joins (issue 23): it sees neither the join code
nor the table's password, and what the kiosk receives still works.

A recording proxy stands between the kiosk and a real hub's join service, as a neighbour's
capture would; the join is the real one (SPAKE2 on the code, the login sealed).
"""

from __future__ import annotations

import base64
from pathlib import Path

from hub.broker.broker import Credentials
from kiosk import provision
from kiosk.config import KioskConfig, load_config
from tests.integration.conftest import require_mosquitto
from tests.integration.test_join_service import RunningHub
from tests.integration.test_tls import RecordingProxy

require_mosquitto()


def test_the_sniffer_of_a_join_sees_no_code_and_no_password(tmp_path: Path) -> None:
    with RunningHub(tmp_path, "room") as hub, \
            RecordingProxy(("127.0.0.1", hub.join_port)) as proxy:
        config = tmp_path / "kiosk" / "kiosk.toml"
        reply = provision.join_hall(
            config, 2, hub.code, hub=provision.FoundHub("127.0.0.1", proxy.port)
        )
        seen = proxy.bytes()
        password = Credentials.load_or_create(hub.data / "broker", 4).table(2).password
        code = hub.code
    settings = load_config(config)
    assert isinstance(settings, KioskConfig) and settings.password == password
    assert reply.port == hub.tls_port
    assert b"POST /v1/join/start" in seen and b"POST /v1/join/finish" in seen  # it went by
    for secret in (code, password):
        for form in (secret, secret.encode().hex(), base64.b64encode(secret.encode()).decode()):
            assert form.encode() not in seen, f"{form!r} crossed the network readable"
