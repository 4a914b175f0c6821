"""The hub's logic, without a network: :class:`HubCore` takes inbound messages in batches and
returns the messages to publish. Within a batch every accepted fact is applied to the
tournament, then the whole batch is committed to SQLite in one transaction, and only then
are acks and replies released: nothing is acknowledged before it is on disk, and grouping
commits is what lets one hub take hundreds of tables reporting in the same second.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable

from hub.service.commands import Commands
from hub.service.joins import JoinDesk
from hub.service.queries import Queries
from hub.service.release import HeldBack
from hub.service.results import ResultHandling
from hub.service.store import EventStore, StoreError
from whist import views
from whist.events import (
    Event,
    NightCreated,
    TournamentCreated,
)
from whist.protocol import (
    Topics,
)
from whist.spec import TournamentSpec
from whist.tournament import Tournament

log = logging.getLogger("whist.hub")


class HubCore(ResultHandling, Commands, Queries, JoinDesk, HeldBack):
    """The hub's logic, without a network. Not thread-safe: one worker drives it.

    >>> import tempfile, pathlib
    >>> from hub.service.batch import Inbound
    >>> from whist.pattern import default_spec
    >>> store = EventStore(pathlib.Path(tempfile.mkdtemp()) / "hub.sqlite3")
    >>> core = HubCore(store, default_spec("alberta", 3))
    >>> out = core.handle([Inbound("command", None, b'{"v":1,"id":"c1","op":"start_hand"}')])
    >>> [o.topic for o in out if o.topic.endswith("reply")]
    ['whist/leader/reply']
    >>> core.tournament.hand
    1
    """

    def __init__(
        self,
        store: EventStore,
        spec: TournamentSpec | None = None,
        *,
        topics: Topics | None = None,
        rng: random.Random | None = None,
        standings_interval: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        # While results stream in, the retained updates they cause (assignments, State, full
        # Standings) go out at most this often (seconds), each table's once; Acks and
        # StandingsChanges go out after every batch. A hall of 500 tables is not sent 500 full
        # lists a second, and the network thread is not drowned in acknowledgements.
        self.standings_interval = standings_interval
        self.clock = clock
        self._held_tables: set[int] = set()
        self._held_state = False
        self._held_standings = False
        self._last_release = float("-inf")
        self._last_standings = float("-inf")
        self._assignments = views.AssignmentWriter()
        self._views: views.TableViews | None = None
        self.pdf_job = None
        self.topics = topics or Topics()
        self.rng = rng or random.SystemRandom()
        events = store.events()
        if not events:
            if spec is None:
                raise StoreError(f"{store.path} holds no tournament and no file was given")
            created = TournamentCreated(spec)
            with store.transaction() as tx:
                tx.append(created)
            events = [created]
        if isinstance(events[0], NightCreated):
            raise StoreError(
                f"{store.path} holds a club night, not a military whist tournament: "
                "serve it with its club night file"
            )
        self.tournament = Tournament.replay(events)
        # against the file play began with: a leader's rename is not an edit of the file
        began = events[0].spec if isinstance(events[0], TournamentCreated) else None
        self.spec_changed = spec is not None and spec != began
        self.online: set[int] = set()
        self.calls: dict[int, str] = store.calls()
        self._conflicts = {(c.hand, c.table) for c in store.conflicts()}
        self._conflicts_kept = {}

    # ------------------------------------------------------------------ handling
    def _rebuild(self, pending: list[Event]) -> None:
        self.tournament = Tournament.replay([*self.store.events(), *pending])
