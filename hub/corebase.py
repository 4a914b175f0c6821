"""The state every part of the hub's core shares, and what it publishes from it.

:class:`~hub.core.HubCore` is put together from :class:`CoreBase` and the parts that handle
results (:mod:`hub.results`), commands (:mod:`hub.commands`), the console's queries
(:mod:`hub.queries`) and the held-back release of retained updates (:mod:`hub.release`).
"""

from __future__ import annotations

import random
import subprocess
from collections.abc import Callable

from hub.batch import Batch, Outgoing
from hub.store import EventStore
from whist import views
from whist.events import (
    Event,
)
from whist.protocol import (
    Topics,
    encode,
)
from whist.tournament import Tournament


class CoreBase:
    """The tournament, the log, and what the hub keeps beside them; the messages built from
    them. Not thread-safe: one worker drives the core."""

    store: EventStore
    topics: Topics
    rng: random.Random
    tournament: Tournament
    calls: dict[int, str]
    online: set[int]
    _conflicts: set[tuple[int, int]]
    _assignments: views.AssignmentWriter
    _views: views.TableViews | None
    standings_interval: float
    clock: Callable[[], float]
    #: The process printing the sheets to PDF after the last ``export`` (hub/sheets.py).
    pdf_job: subprocess.Popen[bytes] | None

    # ------------------------------------------------------------------ what is published
    @property
    def tables(self) -> range:
        return range(1, self.tournament.tables + 1)

    def offline(self) -> list[int]:
        return [t for t in self.tables if t not in self.online]

    def conflict_tables(self) -> list[int]:
        """Tables with a conflict the leader has not settled yet, whatever the hand."""
        return sorted({t for _, t in self._conflicts})

    def state_message(self) -> Outgoing:
        msg = views.state(
            self.tournament,
            offline=self.offline(),
            calling=sorted(self.calls),
            call_reasons={str(t): reason for t, reason in sorted(self.calls.items())},
            conflicts=self.conflict_tables(),
        )
        return Outgoing(self.topics.state, encode(msg), retain=True)

    def standings_message(self) -> Outgoing:
        return Outgoing(self.topics.standings, views.standings_json(self.tournament), True)

    def assignment_message(self, table: int) -> Outgoing:
        payload = self._assignments.json(self.tournament, table)
        return Outgoing(self.topics.assignment(table), payload, retain=True)

    def view_message(self, table: int) -> Outgoing:
        """Table ``table``'s TableView: everything its players must know, as recorded."""
        if self._views is None or self._views.t is not self.tournament:
            self._views = views.TableViews(self.tournament)
        return Outgoing(self.topics.view(table), self._views.json(table), retain=True)

    def table_messages(self, table: int) -> list[Outgoing]:
        """What one table is sent when anything about it changes."""
        return [self.assignment_message(table), self.view_message(table)]

    def retained(self) -> list[Outgoing]:
        """Everything the hub keeps retained on the broker (published at every connect)."""
        return [
            *(m for t in self.tables for m in self.table_messages(t)),
            self.state_message(),
            self.standings_message(),
        ]

    def _apply(self, event: Event, batch: Batch) -> None:
        """Check and apply; raises TournamentError (nothing changed) when it cannot."""
        self.tournament.apply(event)
        batch.events.append(event)

    def _everything_changed(self, batch: Batch) -> None:
        batch.dirty_tables |= set(self.tables)
        batch.state = batch.standings = True

    def _places_may_have_moved(self, batch: Batch) -> None:
        """Once a day or the tournament has ended every table's view shows its place: a
        change of score or of a tie-break order reaches all of them."""
        t = self.tournament
        if t.day_ended or t.finished:
            batch.dirty_tables |= set(self.tables)
