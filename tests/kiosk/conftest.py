"""Presenter fixtures: protocol messages as the hub would send them, and an in-memory link."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from kiosk.outbox import OutboxError
from kiosk.presenter import TablePresenter
from whist.pattern import default_spec
from whist.protocol import Ack, Assignment, Result, State
from whist.views import table_assignment

TABLE = 2


@dataclass
class FakeLink:
    """The network as the presenter sees it: results it was given, calls it made."""

    results: list[Result] = field(default_factory=list)
    calls: int = 0
    broken_disk: bool = False
    online: bool = True

    def submit(self, result: Result) -> bool:
        if self.broken_disk:
            raise OutboxError("disk full")
        self.results.append(result)
        return self.online

    def call_leader(self, reason: str = "") -> bool:
        if not self.online:
            return False
        self.calls += 1
        return True


class Hall:
    """The hub's side of one table, built from a real pattern (whist.views)."""

    def __init__(self, fmt: str = "alberta", tables: int = 4, hands: int = 3) -> None:
        self.fmt = fmt
        self.spec = default_spec(fmt, tables, hands)
        self.tables = tables

    def assignment(
        self, hand: int, phase: str = "playing", *, table: int = TABLE, score: int | None = None
    ) -> Assignment:
        """``score``: flags held (Alberta, 12 by default) or the team's points (0)."""
        plan = self.spec.plan(hand)
        return table_assignment(
            self.spec,
            hand,
            table,
            phase=phase,
            trump=plan.trump if not plan.leader_chooses_trump else None,
            day=self.spec.day_of(hand),
            flags=(12 if score is None else score) if self.fmt == "alberta" else 0,
            points=0 if self.fmt == "alberta" else (score or 0),
        )

    def state(self, hand: int, phase: str = "playing", **extra: object) -> State:
        fields: dict[str, object] = {"reported": [], "missing": [], **extra}
        return State(
            tournament="Spring",
            format=self.fmt,
            tables=self.tables,
            hand=hand,
            hands=self.spec.hands,
            day=1,
            phase=phase,
            trump="spades",
            **fields,
        )


def ack(result: Result, status: str = "accepted", **extra: object) -> Ack:
    return Ack(id=result.id, status=status, hand=result.hand, **extra)


@pytest.fixture
def link() -> FakeLink:
    return FakeLink()


@pytest.fixture
def hall() -> Hall:
    return Hall()


def online(p: TablePresenter, hall: Hall, hand: int = 1, phase: str = "playing") -> None:
    """Connected, hub online, the hall's state and this table's assignment received."""
    p.on_connection(True)
    p.on_hub_status(True)
    p.on_state(hall.state(hand, phase))
    p.on_assignment(hall.assignment(hand, phase))
