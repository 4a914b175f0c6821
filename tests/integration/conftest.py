"""Integration fixtures: a real Mosquitto on a free port per module, and MQTT v5 test clients.

Every wait is bounded (``WAIT`` seconds) and fails the test with a message when it runs out.

>>> def test_result_reaches_hub(broker, connect):                          # doctest: +SKIP
...     hub = connect(broker, broker.credentials.hub)
...     hub.subscribe_acked(TOPICS.every_table("result"))
...     table = connect(broker, broker.credentials.table(2))
...     assert not table.publish_acked(TOPICS.result(2), b"{}").is_failure
...     assert hub.expect(TOPICS.result(2)).payload == b"{}"

Test modules that need the broker start with ``require_mosquitto()``, which skips the whole
module with a clear reason where mosquitto is not installed.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from hub.broker.broker import (
    BrokerError,
    Credential,
    EmbeddedBroker,
    MosquittoProcess,
    find_executable,
    write_anonymous_config,
)
from tests.ports import quiet_port
from whist.protocol import Topics

#: Upper bound of every wait in these tests, in seconds.
WAIT = 5.0
#: How long "nothing arrives" is watched for, when no later message can prove it.
QUIET = 0.3

TOPICS = Topics()


def mosquitto_missing() -> str | None:
    """Why the integration tests cannot run here, or None if they can."""
    try:
        find_executable("mosquitto")
        find_executable("mosquitto_passwd")
    except BrokerError:
        return (
            "mosquitto is not installed (integration tests need a real broker): "
            "sudo apt install mosquitto mosquitto-clients"
        )
    return None


def require_mosquitto() -> None:
    """Skip the calling test module, at import, when mosquitto is not installed.

    Under the README's test command (WHIST_NO_SKIP=1) a missing broker fails instead: that
    command installs mosquitto, so a skip there would hide a broken set-up behind green CI.
    """
    reason = mosquitto_missing()
    if reason and os.environ.get("WHIST_NO_SKIP") == "1":
        pytest.fail(reason, pytrace=False)
    if reason:
        pytest.skip(reason, allow_module_level=True)


def brokers_in(folder: Path) -> list[int]:
    """Process ids of mosquitto brokers whose configuration lies in ``folder`` (from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if argv and argv[0].endswith(b"mosquitto") and any(
            str(folder).encode() in arg for arg in argv
        ):
            found.append(int(entry.name))
    return found


@pytest.fixture(autouse=True)
def _no_broker_left_behind(tmp_path: Path) -> Iterator[None]:
    """A test that SIGKILLs a hub leaves its broker running (a restarted hub reclaims it);
    once the test is over nothing of its own may outlive it."""
    yield
    for pid in brokers_in(tmp_path):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture(autouse=True)
def _mosquitto_installed() -> None:
    # Safety net for a module that forgot require_mosquitto().
    reason = mosquitto_missing()
    if reason:
        pytest.skip(reason)


class Server(Protocol):
    host: str
    port: int


class ProbeClient(mqtt.Client):
    """A paho-mqtt 2 client (MQTT v5) with bounded waits for acks and messages.

    It owns ``on_connect``, ``on_disconnect``, ``on_publish``, ``on_subscribe`` and
    ``on_message``; replacing them breaks the waits below.
    """

    def __init__(self, client_id: str | None = None) -> None:
        super().__init__(
            CallbackAPIVersion.VERSION2,
            client_id=client_id or f"test-{uuid.uuid4().hex[:12]}",
            protocol=mqtt.MQTTv5,
        )
        self._probe_cond = threading.Condition()
        #: (broker port, login) once made by the ``connect`` fixture; open until closed.
        self.probe_login: tuple[int, str] | None = None
        self.probe_open = True
        self._probe_connack: ReasonCode | None = None
        self._probe_pubacks: dict[int, ReasonCode] = {}
        self._probe_subacks: dict[int, list[ReasonCode]] = {}
        self._probe_messages: list[mqtt.MQTTMessage] = []
        self.session_present = False
        self.disconnected = threading.Event()
        self.disconnect_reason: ReasonCode | None = None
        self.on_connect = self._probe_on_connect
        self.on_disconnect = self._probe_on_disconnect
        self.on_publish = self._probe_on_publish
        self.on_subscribe = self._probe_on_subscribe
        self.on_message = self._probe_on_message

    # callbacks (paho's network thread) ---------------------------------------------------

    def _probe_on_connect(
        self, _c: Any, _u: Any, flags: mqtt.ConnectFlags, rc: ReasonCode, _p: Any
    ) -> None:
        if rc.is_failure:
            # Refused: no retry (paho's retry wait would hold up loop_stop for a second).
            self.disconnect()
        with self._probe_cond:
            self.session_present = flags.session_present
            self._probe_connack = rc
            self._probe_cond.notify_all()

    def _probe_on_disconnect(
        self, _c: Any, _u: Any, _f: mqtt.DisconnectFlags, rc: ReasonCode, _p: Any
    ) -> None:
        self.disconnect_reason = rc
        self.disconnected.set()

    def _probe_on_publish(self, _c: Any, _u: Any, mid: int, rc: ReasonCode, _p: Any) -> None:
        with self._probe_cond:
            self._probe_pubacks[mid] = rc
            self._probe_cond.notify_all()

    def _probe_on_subscribe(
        self, _c: Any, _u: Any, mid: int, rcs: list[ReasonCode], _p: Any
    ) -> None:
        with self._probe_cond:
            self._probe_subacks[mid] = list(rcs)
            self._probe_cond.notify_all()

    def _probe_on_message(self, _c: Any, _u: Any, message: mqtt.MQTTMessage) -> None:
        with self._probe_cond:
            self._probe_messages.append(message)
            self._probe_cond.notify_all()

    # bounded waits -----------------------------------------------------------------------

    def open(
        self,
        host: str,
        port: int,
        username: str | None = None,
        password: str | None = None,
        *,
        clean_start: bool = True,
        session_expiry: int = 0,
        timeout: float = WAIT,
    ) -> ReasonCode:
        """Connect, start the network loop, and return the CONNACK reason code."""
        if username is not None:
            self.username_pw_set(username, password)
        props = Properties(PacketTypes.CONNECT)
        if session_expiry:
            props.SessionExpiryInterval = session_expiry
        self.reconnect_delay_set(min_delay=1, max_delay=1)
        with self._probe_cond:
            self._probe_connack = None
        self.connect(host, port, keepalive=30, clean_start=clean_start, properties=props)
        self.loop_start()
        with self._probe_cond:
            got = self._probe_cond.wait_for(lambda: self._probe_connack is not None, timeout)
            assert got, f"no CONNACK from {host}:{port} within {timeout} s"
            assert self._probe_connack is not None
            return self._probe_connack

    def publish_acked(
        self,
        topic: str,
        payload: bytes | str = b"",
        *,
        qos: int = 1,
        retain: bool = False,
        timeout: float = WAIT,
    ) -> ReasonCode:
        """Publish and return the PUBACK's reason code (QoS 1), once it has arrived."""
        info = self.publish(topic, payload, qos=qos, retain=retain)
        assert info.rc == mqtt.MQTT_ERR_SUCCESS, f"publish to {topic} not sent: {info.rc}"
        with self._probe_cond:
            got = self._probe_cond.wait_for(lambda: info.mid in self._probe_pubacks, timeout)
            assert got, f"no PUBACK for {topic} within {timeout} s"
            return self._probe_pubacks.pop(info.mid)

    def subscribe_acked(self, topic: str, qos: int = 1, timeout: float = WAIT) -> ReasonCode:
        """Subscribe and return the SUBACK's reason code for *topic*."""
        result, mid = self.subscribe(topic, qos)
        assert result == mqtt.MQTT_ERR_SUCCESS, f"subscribe to {topic} not sent: {result}"
        assert mid is not None
        with self._probe_cond:
            got = self._probe_cond.wait_for(lambda: mid in self._probe_subacks, timeout)
            assert got, f"no SUBACK for {topic} within {timeout} s"
            (rc,) = self._probe_subacks.pop(mid)
            return rc

    def expect(self, topic: str | None = None, timeout: float = WAIT) -> mqtt.MQTTMessage:
        """The next message received (on *topic*, if given); fails the test after *timeout*."""
        found: list[mqtt.MQTTMessage] = []

        def take() -> bool:
            for i, m in enumerate(self._probe_messages):
                if topic is None or m.topic == topic:
                    found.append(self._probe_messages.pop(i))
                    return True
            return False

        with self._probe_cond:
            got = self._probe_cond.wait_for(take, timeout)
        assert got, f"no message on {topic or 'any topic'} within {timeout} s"
        return found[0]

    def received(self, topic: str | None = None) -> list[mqtt.MQTTMessage]:
        """Messages received so far and not yet taken (on *topic*, if given)."""
        with self._probe_cond:
            return [m for m in self._probe_messages if topic is None or m.topic == topic]

    def close(self) -> None:
        """Disconnect (if connected) and stop the network loop."""
        self.probe_open = False
        self.disconnect()
        self.loop_stop()


def mqtt_client(
    host: str,
    port: int,
    username: str | None = None,
    password: str | None = None,
    client_id: str | None = None,
    *,
    clean_start: bool = True,
    session_expiry: int = 0,
    timeout: float = WAIT,
) -> ProbeClient:
    """A connected :class:`ProbeClient` (MQTT v5, loop started); fails the test if refused."""
    client = ProbeClient(client_id)
    rc = client.open(
        host,
        port,
        username,
        password,
        clean_start=clean_start,
        session_expiry=session_expiry,
        timeout=timeout,
    )
    if rc.is_failure:
        client.close()
        pytest.fail(f"broker {host}:{port} refused {username or 'anonymous'}: {rc} ({rc.value})")
    return client


def connack(
    host: str, port: int, username: str | None = None, password: str | None = None
) -> ReasonCode:
    """Try to connect; return the broker's CONNACK reason code and leave nothing behind."""
    client = ProbeClient()
    try:
        return client.open(host, port, username, password)
    finally:
        client.close()


#: The type of the ``connect`` fixture, for annotations in tests.
Connect = Callable[..., ProbeClient]


@pytest.fixture
def connect() -> Iterator[Callable[..., ProbeClient]]:
    """``connect(server, credential=None, **kw)``: a connected client, closed after the test."""
    made: list[ProbeClient] = []

    def make(server: Server, credential: Credential | None = None, **kw: Any) -> ProbeClient:
        user, pw = (credential.username, credential.password) if credential else (None, None)
        if user is not None:
            # Our broker makes a login its client id: two open clients of one login push each
            # other off in turn (each reconnecting), and a test's messages go missing.
            twins = [c for c in made if c.probe_login == (server.port, user) and c.probe_open]
            assert not twins, f"login {user!r} already has an open client: close it first"
        client = mqtt_client(server.host, server.port, user, pw, **kw)
        client.probe_login = (server.port, user)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture(scope="module")
def broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[EmbeddedBroker]:
    """The hub's embedded broker for 4 tables on a free loopback port, one per test module.

    Has ``host``, ``port``, ``credentials`` and ``data_dir``, plus ``restart()``.
    """
    data_dir: Path = tmp_path_factory.mktemp("broker")
    with EmbeddedBroker(data_dir, tables=4, port=quiet_port(), bind="127.0.0.1") as b:
        yield b


@pytest.fixture(scope="module")
def anon_broker(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MosquittoProcess]:
    """A plain Mosquitto anyone may use, on 127.0.0.1 and a free port (``--broker`` mode)."""
    data_dir: Path = tmp_path_factory.mktemp("anon-broker")
    port = quiet_port()
    conf = write_anonymous_config(data_dir, port, bind="127.0.0.1")
    with MosquittoProcess(conf, port, bind="127.0.0.1") as b:
        yield b
