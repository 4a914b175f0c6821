"""Presenter fixtures: protocol messages as the hub would send them, and an in-memory link."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from kiosk.outbox import OutboxError
from kiosk.presenter import TablePresenter
from whist.events import HandClosed, HandStarted, ResultRecorded
from whist.pattern import default_spec
from whist.protocol import Ack, FlagCount, Result, State, TableView
from whist.tournament import Tournament
from whist.views import TableViews, format_info

TABLE = 2


@dataclass
class FakeLink:
    """The network as the presenter sees it: results it was given, calls it made."""

    results: list[Result] = field(default_factory=list)
    counts: list[FlagCount] = field(default_factory=list)
    calls: int = 0
    topics: list[str | None] = field(default_factory=list)  # what each call was about
    broken_disk: bool = False
    online: bool = True

    def submit(self, result: Result) -> bool:
        if self.broken_disk:
            raise OutboxError("disk full")
        self.results.append(result)
        return self.online

    def submit_count(self, count: FlagCount) -> bool:
        if self.broken_disk:
            raise OutboxError("disk full")
        self.counts.append(count)
        return self.online

    def call_leader(self, reason: str = "", topic: str | None = None) -> bool:
        if not self.online:
            return False
        self.calls += 1
        self.topics.append(topic)
        return True


class Hall:
    """The hub's side of one table, built from a real pattern (whist.views)."""

    def __init__(self, fmt: str = "alberta", tables: int = 4, hands: int = 3) -> None:
        self.fmt = fmt
        self.spec = default_spec(fmt, tables, hands)
        self.tables = tables

    def tournament(
        self, hand: int, phase: str = "playing", results: Sequence[tuple[int, int]] = ()
    ) -> Tournament:
        """A real tournament at ``hand`` in ``phase``, with ``results`` (table, visitors'
        tricks) recorded in ``hand``."""
        t = Tournament.new(self.spec)
        last = hand if phase != "waiting" else hand - 1
        for h in range(1, last + 1):
            if h > 1:
                t.apply(HandClosed(h - 1))
            t.apply(HandStarted(h, self.spec.plan(h).trump_suit))
        for table, tricks in results:
            t.apply(ResultRecorded(f"r-{hand}-{table}", hand, table, tricks))
        if phase == "closed" or (phase == "waiting" and last >= 1):
            t.apply(HandClosed(last))
        return t

    def view(
        self,
        hand: int,
        phase: str = "playing",
        *,
        table: int = TABLE,
        score: int | None = None,
        results: Sequence[tuple[int, int]] = (),
        **changes: object,
    ) -> TableView:
        """This table's view as the hub would publish it; ``score``: flags held (Alberta,
        12 by default) or the team's points (0); ``results``: (table, visitors' tricks)
        recorded in ``hand``; ``changes``: any other field."""
        body = TableViews(self.tournament(hand, phase, results)).body(table)
        if score is not None:
            body["held"] = score
        body.update(changes)
        return TableView.model_validate(body)

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
            rules=format_info(self.spec.format),
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
    p.on_view(hall.view(hand, phase))


@pytest.fixture
def fsynced(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths fsynced from now on, in order (os.fsync still runs: the edge is watched,
    not replaced)."""
    import os

    synced: list[str] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.readlink(f"/proc/self/fd/{fd}"))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return synced
