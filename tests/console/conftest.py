"""The console's presenter against a real hub core, with no network and no window.

:class:`HubLink` is the presenter's link: each command goes to a real
:class:`hub.service.core.HubCore` (on a temporary SQLite log), and what the hub publishes comes
back to the presenter only when the test calls :meth:`HubLink.deliver`: one round trip of
the network, at a moment the test chooses.
"""

from __future__ import annotations

import json
import random
import uuid
from pathlib import Path
from typing import Any

import pytest

from console.presenter import LeaderPresenter
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.store import EventStore
from uikit.connection import SentCommand
from whist.pattern import default_spec
from whist.protocol import (
    COMMANDS,
    Assignment,
    Reply,
    Standings,
    StandingsChanges,
    State,
    Topics,
    decode,
)

TOPICS = Topics()


class HubLink:
    """Commands to a real hub core; its publications back on :meth:`deliver`."""

    def __init__(
        self, path: Path, fmt: str = "alberta", tables: int = 3, hands: int = 2, advance=1, **kw
    ):
        self.store = EventStore(path)
        self.spec = default_spec(fmt, tables, hands, **kw).model_copy(update={"advance": advance})
        self.core = HubCore(self.store, self.spec, rng=random.Random(3))
        self.sent: list[SentCommand] = []
        self.outbox: list[Any] = []
        self.listeners: list[Any] = []
        self.connected = True

    def new_id(self) -> str:
        return f"c-{uuid.uuid4().hex[:8]}"

    def send(self, command: Any, **fields: Any) -> str:
        """A typed command (as the console sends it), or an op and its fields (a test's
        shortcut, built into the same typed command)."""
        if isinstance(command, str):
            command = COMMANDS[command].model_validate({"id": self.new_id(), **fields})
        command = SentCommand(command)
        self.sent.append(command)
        if self.connected:
            self.outbox += self.core.handle([Inbound("command", None, command.payload)])
        return command.id

    def result(self, table: int, hand: int, tricks: int, **revokes: int) -> None:
        body = {
            "v": 1,
            "id": f"r-{hand}-{table}-{uuid.uuid4().hex[:4]}",
            "hand": hand,
            "table": table,
            "visitor_tricks": tricks,
            "home_tricks": 13 - tricks,
            "revokes": {"home": revokes.get("home", 0), "visitors": revokes.get("visitors", 0)},
        }
        self.outbox += self.core.handle([Inbound("result", table, json.dumps(body).encode())])

    def kiosk_count(self, table: int, day: int, flags: int) -> None:
        """Table ``table``'s kiosk sends the flags its players counted (rules A19)."""
        body = {"v": 1, "id": uuid.uuid4().hex, "table": table, "day": day, "flags": flags}
        self.outbox += self.core.handle([Inbound("count", table, json.dumps(body).encode())])

    def status(self, table: int, status: str = "online") -> None:
        self.outbox += self.core.handle([Inbound("status", table, status.encode())])

    def call(self, table: int, reason: str = "", topic: str | None = None) -> None:
        call: dict[str, object] = {"v": 1, "id": uuid.uuid4().hex, "reason": reason}
        if topic is not None:  # issue 25: what the players chose the call is about
            call["topic"] = topic
        body = json.dumps(call).encode()
        self.outbox += self.core.handle([Inbound("call", table, body)])

    def attach(self, presenter: Any) -> None:
        self.listeners.append(presenter)
        presenter.on_connection(True)
        presenter.on_hub_status(True)
        self.outbox = [*self.core.retained(), *self.outbox]
        self.deliver()

    def deliver(self) -> None:
        """Hand everything published since the last call to the presenters, in order."""
        out, self.outbox = self.outbox, []
        for o in [*out, *self.core.flush()]:
            for p in self.listeners:
                self._tell(p, o.topic, o.payload)

    def _tell(self, p: Any, topic: str, payload: bytes) -> None:
        if topic == TOPICS.state:
            p.on_state(decode(State, payload))
        elif topic == TOPICS.standings:
            p.on_standings(decode(Standings, payload))
        elif topic == TOPICS.standings_changes:
            p.on_changes(decode(StandingsChanges, payload))
        elif topic == TOPICS.leader_reply and hasattr(p, "on_reply"):
            reply = decode(Reply, payload)
            command = next((c for c in self.sent if c.id == reply.id), None)
            p.on_reply(reply, command)
        elif topic.endswith("/assignment") and hasattr(p, "on_assignment"):
            p.on_assignment(decode(Assignment, payload))

    def close(self) -> None:
        if self.core.pdf_job is not None:  # the PDF sheets of an export, printed aside
            self.core.pdf_job.wait(timeout=300)
        self.store.close()


@pytest.fixture
def hub(tmp_path):
    link = HubLink(tmp_path / "hub.sqlite3")
    yield link
    link.close()


def console(link: HubLink, language: str = "en", **kw: Any) -> LeaderPresenter:
    p = LeaderPresenter(link=link, language=language, **kw)
    link.attach(p)
    link.deliver()  # the plan asked for on connection
    return p


class QuietLink:
    """A link to no hub: commands get an id and go nowhere (a presenter on its own)."""

    def new_id(self) -> str:
        return "c-1"

    def send(self, command: Any) -> str:
        return str(command.id)
