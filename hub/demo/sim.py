"""Simulated hall: kiosks, a leader console and a hall display with no screen.

They speak only the wire protocol (through a real broker), so the demo, the benchmark and the
system tests exercise the hub exactly as real devices do. A simulated kiosk keeps each result
in its outbox and sends it again on every reconnect and every ``resend_every`` seconds until
the hub's Ack comes back: the same at-least-once rule as the real kiosk.

>>> kiosk = SimKiosk(3, "127.0.0.1", 1883)                        # doctest: +SKIP
>>> kiosk.start(); kiosk.wait_assignment(lambda a: a.phase == "playing", 5)  # doctest: +SKIP
>>> kiosk.submit(visitor_tricks=8)                                # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import json
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

from hub.broker.net import no_delay
from uikit.client import HubClient
from whist.errors import ProtocolError
from whist.protocol import (
    OFFLINE,
    ONLINE,
    Ack,
    Assignment,
    ClubDeal,
    ClubScore,
    DealRecord,
    FlagCount,
    NightStandings,
    Reply,
    Result,
    Revokes,
    Standings,
    State,
    Topics,
    decode,
    decode_status,
    encode,
)


class SimTimeout(AssertionError):
    """A bounded wait ran out (an AssertionError so tests read naturally)."""


class _Client(HubClient):
    """The shared client base (reconnects on its own) that hops nothing to a UI: waits are
    on a condition the network thread notifies after every message."""

    def __init__(
        self,
        client_id: str,
        host: str,
        port: int,
        username: str | None,
        password: str | None,
        topics: Topics,
        subscriptions: list[str],
        will: tuple[str, str] | None = None,
    ) -> None:
        super().__init__(
            host,
            port,
            client_id=client_id,
            name=client_id,
            username=username,
            password=password,
            root=topics.root,
            will=will,
            max_delay=2,
        )
        self._subscriptions = subscriptions
        self.connects = 0
        self._cond = threading.Condition()
        self.client.max_queued_messages_set(0)

    def subscriptions(self) -> list[str]:
        return self._subscriptions

    def on_connected(self) -> None:
        no_delay(self.client)
        self.connects += 1
        self.on_connection()

    def on_connection(self) -> None:
        """Called on the network thread after each (re)connection."""

    def handle(self, topic: str, payload: bytes) -> None:
        with self._cond:
            # A bad message from the hub is ignored; the next one will do.
            with contextlib.suppress(ProtocolError):
                self.on_message(topic, payload)
            self._cond.notify_all()

    def on_message(self, topic: str, payload: bytes) -> None:
        """Called on the network thread with the condition held."""

    def wait_until(self, predicate: Callable[[], bool], timeout: float, what: str) -> None:
        deadline = time.monotonic() + timeout
        with self._cond:
            while not predicate():
                left = deadline - time.monotonic()
                if left <= 0:
                    raise SimTimeout(f"{self.name!r}: no {what} within {timeout} s")
                self._cond.wait(min(left, 0.1))


class SimKiosk(_Client):
    """One table's kiosk, without a screen."""

    def __init__(
        self,
        table: int,
        host: str,
        port: int,
        username: str | None = None,
        password: str | None = None,
        *,
        topics: Topics | None = None,
        resend_every: float = 1.0,
        client_id: str | None = None,
    ) -> None:
        topics = topics or Topics()
        super().__init__(
            client_id or f"sim-kiosk-{table}-{uuid.uuid4().hex[:6]}",
            host,
            port,
            username,
            password,
            topics,
            [topics.assignment(table), topics.ack(table), topics.hub_status],
            will=(topics.table_status(table), OFFLINE),
        )
        self.table = table
        self.resend_every = resend_every
        self.assignment: Assignment | None = None
        self.hub_online = False
        self.acks: dict[str, Ack] = {}
        self.outbox: dict[str, tuple[bytes, float]] = {}  # id -> (payload, last sent)
        self.sent = 0
        self._ticker: threading.Thread | None = None
        self._halt = threading.Event()

    def on_connection(self) -> None:
        self.client.publish(self.topics.table_status(self.table), ONLINE, qos=1, retain=True)
        self._resend(force=True)

    def on_message(self, topic: str, payload: bytes) -> None:
        if topic == self.topics.assignment(self.table):
            self.assignment = decode(Assignment, payload)
        elif topic == self.topics.ack(self.table):
            ack = decode(Ack, payload)
            self.acks[ack.id] = ack
            self.outbox.pop(ack.id, None)
        elif topic == self.topics.hub_status:
            self.hub_online = decode_status(payload) == ONLINE

    def _resend(self, force: bool = False) -> None:
        now = time.monotonic()
        with self._cond:
            due = [
                (i, p)
                for i, (p, last) in self.outbox.items()
                if force or now - last >= self.resend_every
            ]
            for result_id, payload in due:
                self.outbox[result_id] = (payload, now)
        for _, payload in due:
            self.client.publish(self.report_topic(), payload, qos=1)
            self.sent += 1

    def report_topic(self) -> str:
        """Where this kiosk reports its play (a club kiosk: its deal topic)."""
        return self.topics.result(self.table)

    def _tick(self) -> None:
        while not self._halt.wait(min(0.2, self.resend_every)):
            if self.connected.is_set():
                self._resend()

    def start(self) -> None:
        super().start()
        self._ticker = threading.Thread(
            target=self._tick, daemon=True, name=f"sim-kiosk-{self.table}"
        )
        self._ticker.start()

    def stop(self) -> None:
        self._halt.set()
        if self.connected.is_set():
            info = self.client.publish(
                self.topics.table_status(self.table), OFFLINE, qos=1, retain=True
            )
            with contextlib.suppress(RuntimeError, ValueError):
                info.wait_for_publish(timeout=1)
        super().stop()

    def submit(
        self,
        visitor_tricks: int,
        *,
        hand: int | None = None,
        revokes_home: int = 0,
        revokes_visitors: int = 0,
        result_id: str | None = None,
    ) -> str:
        """Put a result in the outbox and send it; returns its id."""
        if hand is None:
            if self.assignment is None:
                raise SimTimeout(f"table {self.table} has no assignment yet")
            hand = self.assignment.hand
        result = Result(
            id=result_id or str(uuid.uuid4()),
            hand=hand,
            table=self.table,
            visitor_tricks=visitor_tricks,
            home_tricks=13 - visitor_tricks,
            revokes=Revokes(home=revokes_home, visitors=revokes_visitors),
        )
        payload = encode(result)
        with self._cond:
            self.outbox[result.id] = (payload, time.monotonic())
        self.client.publish(self.topics.result(self.table), payload, qos=1)
        self.sent += 1
        return result.id

    def count(self, day: int, flags: int) -> str:
        """The players' count of their flags at the end of ``day`` (rules A19), sent once
        (QoS 1) on the table's count topic; returns its id (the Ack comes as a result's)."""
        count = FlagCount(id=str(uuid.uuid4()), table=self.table, day=day, flags=flags)
        self.client.publish(self.topics.count(self.table), encode(count), qos=1)
        return count.id

    def wait_assignment(
        self, predicate: Callable[[Assignment], bool], timeout: float
    ) -> Assignment:
        self.wait_until(
            lambda: self.assignment is not None and predicate(self.assignment),
            timeout,
            "matching assignment",
        )
        assert self.assignment is not None
        return self.assignment

    def wait_ack(self, result_id: str, timeout: float) -> Ack:
        self.wait_until(lambda: result_id in self.acks, timeout, f"ack for {result_id}")
        return self.acks[result_id]


class SimLeader(_Client):
    """The leader console's side of the protocol: commands with replies, the hall's state."""

    def __init__(
        self,
        host: str,
        port: int,
        username: str | None = None,
        password: str | None = None,
        *,
        topics: Topics | None = None,
    ) -> None:
        topics = topics or Topics()
        super().__init__(
            f"sim-leader-{uuid.uuid4().hex[:6]}",
            host,
            port,
            username,
            password,
            topics,
            [topics.leader_reply, topics.state, topics.standings, topics.hub_status],
        )
        self.replies: dict[str, Reply] = {}
        self.state: State | None = None
        self.standings: Standings | None = None
        self.standings_count = 0
        self.hub_online = False

    def on_message(self, topic: str, payload: bytes) -> None:
        if topic == self.topics.leader_reply:
            reply = decode(Reply, payload)
            self.replies[reply.id] = reply
        elif topic == self.topics.state:
            self.state = decode(State, payload)
        elif topic == self.topics.standings:
            self.standings = decode(Standings, payload)
            self.standings_count += 1
        elif topic == self.topics.hub_status:
            self.hub_online = decode_status(payload) == ONLINE

    def command(
        self, op: str, timeout: float = 10.0, resend_every: float = 1.0, **fields: Any
    ) -> Reply:
        """Send a command and wait for its reply, sending it again (same id) if none comes."""
        command_id = str(uuid.uuid4())
        payload = json.dumps({"v": 1, "id": command_id, "op": op, **fields}).encode()
        deadline = time.monotonic() + timeout
        while True:
            self.client.publish(self.topics.leader_command, payload, qos=1)
            try:
                self.wait_until(
                    lambda: command_id in self.replies,
                    min(resend_every, max(deadline - time.monotonic(), 0.01)),
                    f"reply to {op}",
                )
                return self.replies[command_id]
            except SimTimeout:
                if time.monotonic() >= deadline:
                    raise

    def wait_state(self, predicate: Callable[[State], bool], timeout: float) -> State:
        self.wait_until(
            lambda: self.state is not None and predicate(self.state), timeout, "matching state"
        )
        assert self.state is not None
        return self.state

    def wait_standings(self, predicate: Callable[[Standings], bool], timeout: float) -> Standings:
        self.wait_until(
            lambda: self.standings is not None and predicate(self.standings),
            timeout,
            "matching standings",
        )
        assert self.standings is not None
        return self.standings


class SimClubKiosk(SimKiosk):
    """A club table's kiosk, without a screen: it reports deals (``whist/table/{t}/deal``)
    through the same outbox, and keeps the ClubScore the hub publishes for its table.

    >>> kiosk = SimClubKiosk(2, "127.0.0.1", 1883)                      # doctest: +SKIP
    >>> kiosk.start(); kiosk.wait_score(lambda s: s.deal == 1, 5)        # doctest: +SKIP
    >>> kiosk.submit_deal({"trump": "hearts", "ns_tricks": 8})           # doctest: +SKIP
    """

    def __init__(self, table: int, host: str, port: int, *args: Any, **kw: Any) -> None:
        super().__init__(table, host, port, *args, **kw)
        self._subscriptions = [
            self.topics.score(table),
            self.topics.ack(table),
            self.topics.hub_status,
        ]
        self.score: ClubScore | None = None

    def report_topic(self) -> str:
        return self.topics.deal(self.table)

    def on_message(self, topic: str, payload: bytes) -> None:
        if topic == self.topics.score(self.table):
            self.score = decode(ClubScore, payload)
        else:
            super().on_message(topic, payload)

    def submit_deal(
        self, record: dict[str, Any], *, deal: int | None = None, deal_id: str | None = None
    ) -> str:
        """Put a deal in the outbox and send it; returns its id. ``deal`` defaults to the
        next deal of the ClubScore the hub published."""
        if deal is None:
            if self.score is None:
                raise SimTimeout(f"table {self.table} has no score from the hub yet")
            deal = self.score.deal
        message = ClubDeal(
            id=deal_id or str(uuid.uuid4()),
            table=self.table,
            deal=deal,
            record=DealRecord.model_validate(record),
        )
        payload = encode(message)
        with self._cond:
            self.outbox[message.id] = (payload, time.monotonic())
        self.client.publish(self.report_topic(), payload, qos=1)
        self.sent += 1
        return message.id

    def wait_score(self, predicate: Callable[[ClubScore], bool], timeout: float) -> ClubScore:
        self.wait_until(
            lambda: self.score is not None and predicate(self.score), timeout, "matching score"
        )
        assert self.score is not None
        return self.score


class SimClubLeader(SimLeader):
    """The leader's console at a club night: commands, the State, the night's standings."""

    def __init__(self, host: str, port: int, *args: Any, **kw: Any) -> None:
        super().__init__(host, port, *args, **kw)
        self._subscriptions = [*self._subscriptions, self.topics.night]
        self.night: NightStandings | None = None

    def on_message(self, topic: str, payload: bytes) -> None:
        if topic == self.topics.night:
            self.night = decode(NightStandings, payload)
        else:
            super().on_message(topic, payload)

    def wait_night(
        self, predicate: Callable[[NightStandings], bool], timeout: float
    ) -> NightStandings:
        self.wait_until(
            lambda: self.night is not None and predicate(self.night),
            timeout,
            "matching night standings",
        )
        assert self.night is not None
        return self.night
