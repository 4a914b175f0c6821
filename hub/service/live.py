"""The event the hub holds, as the log has it: one box every handler is given, so that a
rebuild from the log (after a bug left the state half-changed) reaches them all at once."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Generic, TypeVar

from hub.service.batch import Batch
from hub.service.store import EventStore
from whist.events import Event
from whist.occasion import Occasion

#: Covariant: a box of a tournament is a box of an Occasion to the parts that need no more.
E = TypeVar("E", bound=Occasion, covariant=True)


class Live(Generic[E]):
    """``event``: the tournament or the club night now; ``apply`` checks and applies a fact
    and adds it to the batch to commit.

    >>> import tempfile, pathlib
    >>> from whist.events import TournamentCreated
    >>> from whist.pattern import default_spec
    >>> from whist.tournament import Tournament
    >>> store = EventStore(pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3")
    >>> with store.transaction() as tx:
    ...     tx.append(TournamentCreated(default_spec("alberta", 3)))
    >>> live = Live(store, Tournament.replay(store.events()), Tournament.replay)
    >>> live.event.seq
    1
    """

    def __init__(self, store: EventStore, event: E, replay: Callable[[list[Event]], E]) -> None:
        self.store = store
        self.event = event
        self._replay = replay

    @cached_property
    def log_id(self) -> str:
        """The log's own id (the Epoch's ``log``): read once, since the log's first fact never
        changes while the hub runs."""
        return self.store.log_id()

    def apply(self, event: Event, batch: Batch) -> None:
        """Check and apply; raises TournamentError (nothing changed) when it cannot."""
        self.event.apply(event)
        batch.events.append(event)

    def rebuild(self, pending: list[Event]) -> None:
        """The state again from the log and ``pending`` (facts of this batch not committed)."""
        self.event = self._replay([*self.store.events(), *pending])
