"""The console's MQTT side against a real Mosquitto and a real hub: a command is sent again,
with the same id, until its Reply comes; the hub does it once."""

from __future__ import annotations

import threading
from typing import Any

from hub.broker.broker import EmbeddedBroker
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import InProcessHub
from tests.ports import quiet_port
from uikit.connection import ConsoleConnection
from uikit.settings import ConsoleConfig
from whist.pattern import default_spec
from whist.protocol import StartHand

require_mosquitto()
WAIT = 10.0


class Recorder:
    """A listener that keeps everything it is told (``post`` runs it on paho's thread)."""

    def __init__(self) -> None:
        self.events: list[tuple[str, tuple[Any, ...]]] = []
        self.cond = threading.Condition()

    def __getattr__(self, name: str) -> Any:
        if not name.startswith("on_"):
            raise AttributeError(name)

        def record(*args: Any) -> None:
            with self.cond:
                self.events.append((name, args))
                self.cond.notify_all()

        return record

    def wait(self, name: str, predicate=lambda *a: True) -> tuple[Any, ...]:
        """The first event called *name* (so far or to come) that *predicate* accepts."""
        with self.cond:
            found = self.cond.wait_for(
                lambda: next((a for n, a in self.events if n == name and predicate(*a)), None),
                timeout=WAIT,
            )
        assert found is not None, f"no {name} within {WAIT} s"
        return found


def test_a_command_waits_for_the_hub_and_is_done_once(tmp_path):
    with EmbeddedBroker(tmp_path / "broker", 3, port=quiet_port(), bind="127.0.0.1") as b:
        creds = b.credentials
        config = ConsoleConfig(
            host=b.host, port=b.port, username="leader", password=creds.leader.password
        )
        listener = Recorder()
        conn = ConsoleConnection(config, listener, post=lambda f: f(), resend_every=0.3)
        conn.start()
        try:
            listener.wait("on_connection")
            # No hub yet: the command goes out and out again.
            command_id = conn.send(StartHand(id=conn.new_id()))
            assert [c.id for c in conn.pending()] == [command_id]
            spec = default_spec("alberta", 3, 2)
            hub_args = (spec, tmp_path, b.host, b.port, "hub", creds.hub.password)
            with InProcessHub(*hub_args) as hub:
                reply, command = listener.wait("on_reply")
                assert reply.id == command_id and reply.ok and command.op == "start_hand"
                assert command.sent >= 1
                listener.wait("on_state", lambda s: s.hand == 1)
                listener.wait("on_assignment", lambda a: a.phase == "playing")
                assert conn.pending() == []
                assert hub.core.tournament.hand == 1  # once, however often it was sent
            # The hub goes away: its last words say so.
            listener.wait("on_hub_status", lambda online: online is False)
        finally:
            conn.stop()


def test_the_hall_login_reads_the_standings(tmp_path):
    with EmbeddedBroker(tmp_path / "broker", 3, port=quiet_port(), bind="127.0.0.1") as b:
        creds = b.credentials
        spec = default_spec("alberta", 3, 2)
        with InProcessHub(spec, tmp_path, b.host, b.port, "hub", creds.hub.password):
            config = ConsoleConfig(
                host=b.host, port=b.port, username="hall", password=creds.hall.password
            )
            listener = Recorder()
            conn = ConsoleConnection(config, listener, post=lambda f: f(), role="hall")
            conn.start()
            try:
                (standings,) = listener.wait("on_standings")
                assert len(standings.teams) == 3
                listener.wait("on_state")
                listener.wait("on_hub_status", lambda online: online)
            finally:
                conn.stop()
