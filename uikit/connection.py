"""The console's and the hall display's MQTT side: paho-mqtt 2 (MQTT v5), nothing of Kivy.

paho runs its network loop on its own thread. Nothing here touches a widget: every event for
the screen goes through ``post``, which the app makes a hop to Kivy's main thread
(``Clock.schedule_once``) and tests make a queue or a direct call.

* both: the hub's status, State, Standings and StandingsChanges (retained, except the last),
  and on a club night the night's standings (NightStandings, retained);
* the leader (``role="leader"``) also: every table's Assignment (flags held, who visits),
  the hub's Replies, and commands. :meth:`ConsoleConnection.send` gives a command its id and
  publishes it; it is sent again, with the same id, on every reconnection, when the hub comes
  back online and every ``resend_every`` seconds, until its Reply comes (the hub does a
  command once, however often it arrives, and answers each copy the same way).

>>> conn = ConsoleConnection(config, listener, post=lambda f: f())   # doctest: +SKIP
>>> conn.start(); conn.send(StartHand(id=conn.new_id())); conn.stop()  # doctest: +SKIP
"""

from __future__ import annotations

import logging
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

import paho.mqtt.client as mqtt

from uikit.client import HubClient
from uikit.settings import ConsoleConfig
from whist.protocol import (
    ONLINE,
    Assignment,
    Command,
    NightStandings,
    Reply,
    Standings,
    StandingsChanges,
    State,
    decode,
    decode_status,
    encode,
)

log = logging.getLogger("whist.console")

#: Seconds between two sends of a command still waiting for its Reply.
RESEND_EVERY = 3.0

Post = Callable[[Callable[[], None]], None]


@dataclass
class SentCommand:
    """A command on its way (one of whist.protocol's typed commands), and when it last
    went out."""

    command: Command
    sent: int = 0
    last: float = 0.0

    @property
    def id(self) -> str:
        return self.command.id

    @property
    def op(self) -> str:
        return self.command.op

    @property
    def fields(self) -> dict[str, Any]:
        """What the command says beyond its op and id (defaults left out)."""
        return self.command.model_dump(
            mode="json", exclude={"v", "id", "op"}, exclude_defaults=True
        )

    @property
    def payload(self) -> bytes:
        return encode(self.command)


class Listener(Protocol):
    """What the connection tells the screen (always called through ``post``)."""

    def on_connection(self, connected: bool) -> None: ...
    def on_hub_status(self, online: bool) -> None: ...
    def on_state(self, state: State) -> None: ...
    def on_standings(self, standings: Standings) -> None: ...
    def on_changes(self, changes: StandingsChanges) -> None: ...
    def on_night(self, night: NightStandings) -> None: ...


class LeaderListener(Listener, Protocol):
    """The leader's console also hears every table's assignment and the hub's replies."""

    def on_assignment(self, assignment: Assignment) -> None: ...
    def on_reply(self, reply: Reply, command: SentCommand) -> None: ...


class ConsoleConnection(HubClient):
    """The console's (or the hall display's) link to the hub through the broker.

    ``post`` must run the callable it is given on the UI thread, soon, in order.

    >>> from uikit.client import HubClient
from uikit.settings import ConsoleConfig
    >>> c = ConsoleConnection(ConsoleConfig(host="h", username="leader", password="p"),
    ...                       None, post=lambda f: f())
    >>> c.topics.leader_command
    'whist/leader/command'
    """

    def __init__(
        self,
        config: ConsoleConfig,
        listener: Listener | None,
        *,
        post: Post,
        role: Literal["leader", "hall"] = "leader",
        resend_every: float = RESEND_EVERY,
        new_id: Callable[[], str] = lambda: str(uuid.uuid4()),
    ) -> None:
        super().__init__(
            config.host,
            config.port,
            # several consoles may watch one hall: each its own id
            client_id=f"whist-{role}-{uuid.uuid4().hex[:8]}",
            name=f"the {role}",
            username=config.username,
            password=config.password,
            root=config.root,
            ca=config.broker.ca_file,
        )
        self.config = config
        self.listener = listener
        self.role = role
        self._post = post
        self.resend_every = resend_every
        self._new_id = new_id
        self._halt = threading.Event()
        self._lock = threading.Lock()
        self._pending: dict[str, SentCommand] = {}
        self._resender: threading.Thread | None = None

    # ------------------------------------------------------------------ life cycle
    def start(self) -> None:
        """Connect in the background (it retries on its own) and start the resend timer."""
        super().start()
        if self.role == "leader":
            self._resender = threading.Thread(
                target=self._resend_loop, name="console-resend", daemon=True
            )
            self._resender.start()

    def stop(self) -> None:
        self._halt.set()
        super().stop()
        if self._resender is not None:
            self._resender.join(timeout=2)

    # ------------------------------------------------------------------ commands
    def new_id(self) -> str:
        """A fresh id for a command (unique to this console)."""
        return self._new_id()

    def send(self, command: Command) -> str:
        """Publish a command now (or as soon as the broker is reachable); returns its id.

        The same command (same id) goes out again until its Reply comes.
        """
        sent = SentCommand(command)
        with self._lock:
            self._pending[sent.id] = sent
        self._publish(sent)
        log.info("command %s (%s) %s", sent.op, sent.id, sent.fields or "")
        return sent.id

    def pending(self) -> list[SentCommand]:
        """Commands still waiting for their Reply, oldest first."""
        with self._lock:
            return list(self._pending.values())

    def forget(self, command_id: str) -> None:
        """Stop sending a command (the leader gave up on it)."""
        with self._lock:
            self._pending.pop(command_id, None)

    def resend_all(self, *, force: bool = False) -> int:
        if not self.connected.is_set():
            return 0
        now = time.monotonic()
        with self._lock:
            due = [c for c in self._pending.values() if force or now - c.last >= self.resend_every]
        return sum(self._publish(c) for c in due)

    def _publish(self, command: SentCommand) -> bool:
        if not self.connected.is_set():
            return False
        command.last = time.monotonic()
        command.sent += 1
        info = self.client.publish(self.topics.leader_command, command.payload, qos=1)
        return info.rc == mqtt.MQTT_ERR_SUCCESS

    def _resend_loop(self) -> None:
        while not self._halt.wait(min(1.0, self.resend_every)):
            try:
                self.resend_all()
            except Exception:  # the timer must outlive any one bad moment
                log.exception("resending commands failed; trying again later")

    # ------------------------------------------------------------------ paho's thread
    def subscriptions(self) -> list[str]:
        t = self.topics
        common = [t.hub_status, t.state, t.standings, t.standings_changes, t.night]
        if self.role == "leader":
            return [*common, t.leader_reply, t.every_table("assignment")]
        return common

    def on_connected(self) -> None:
        self._tell(lambda listener: listener.on_connection(True))
        self.resend_all(force=True)

    def on_lost(self) -> None:
        self._tell(lambda listener: listener.on_connection(False))

    def handle(self, topic: str, payload: bytes) -> None:
        t = self.topics
        if topic == t.state:
            state = decode(State, payload)
            self._tell(lambda listener: listener.on_state(state))
        elif topic == t.standings:
            standings = decode(Standings, payload)
            self._tell(lambda listener: listener.on_standings(standings))
        elif topic == t.standings_changes:
            changes = decode(StandingsChanges, payload)
            self._tell(lambda listener: listener.on_changes(changes))
        elif topic == t.night:
            night = decode(NightStandings, payload)
            self._tell(lambda listener: listener.on_night(night))
        elif topic == t.hub_status:
            online = decode_status(payload) == ONLINE
            if online:  # the hub is back: whatever it missed goes again now
                threading.Thread(
                    target=self.resend_all, kwargs={"force": True}, daemon=True
                ).start()
            self._tell(lambda listener: listener.on_hub_status(online))
        elif topic == t.leader_reply:
            reply = decode(Reply, payload)
            with self._lock:
                command = self._pending.pop(reply.id, None)
            if command is None:
                return  # another console's, or a second copy of an answer already shown
            self._tell_leader(lambda listener: listener.on_reply(reply, command))
        else:
            try:
                kind, _table = t.parse(topic)
            except ValueError:
                return
            if kind == "assignment":
                assignment = decode(Assignment, payload)
                self._tell_leader(lambda listener: listener.on_assignment(assignment))

    def _tell(self, call: Callable[[Listener], None]) -> None:
        listener = self.listener
        if listener is not None:
            self._post(lambda: call(listener))

    def _tell_leader(self, call: Callable[[LeaderListener], None]) -> None:
        listener = self.listener
        if listener is not None:
            leader: LeaderListener = listener  # type: ignore[assignment]
            self._post(lambda: call(leader))
