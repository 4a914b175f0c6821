"""The hub's core: retained updates held back while results stream in, and released in
chunks (assignments and views per table, State, full Standings), so acks never wait behind
hundreds of messages."""

from __future__ import annotations

from hub.service.batch import Batch, Outgoing
from hub.service.corebase import CoreBase
from whist import views
from whist.enums import Unit
from whist.protocol import (
    Ack,
    encode,
)

#: Most held-back tables (assignment and view) published between two batches of results:
#: about a millisecond of building at 500 tables, so a result arriving meanwhile waits little.
RELEASE_CHUNK = 16
#: Full standings are held back this many times longer than assignments and State.
FULL_STANDINGS_EVERY = 4


class HeldBack(CoreBase):
    """What is held back, and when it is due."""

    _held_tables: set[int]
    _held_state: bool
    _held_standings: bool
    _last_release: float
    _last_standings: float
    #: The last release was too big for one go: its next slices are still to come.
    _split = False

    def flush(self) -> list[Outgoing]:
        """Retained updates held back by ``standings_interval``, once their time has come."""
        return self._release() if self.held_wait() == 0 else []

    def held_wait(self) -> float | None:
        """Seconds until held-back updates are due; None if nothing is held."""
        due = []
        if self._held_tables or self._held_state:
            due.append(self._last_release + self.standings_interval)
        if self._held_standings:
            # Full standings (500 teams: a few ms to build, 45 kB to send) go out four times
            # less often than the rest; StandingsChanges carry every result in between.
            due.append(self._last_standings + FULL_STANDINGS_EVERY * self.standings_interval)
        if not due:
            return None
        return max(0.0, min(due) - self.clock())

    def _release(self, everything: bool = False) -> list[Outgoing]:
        """Publish what is due: State, the held tables' assignments (at most
        ``RELEASE_CHUNK`` of them unless ``everything`` — the rest stay due at once, so
        results keep being handled between chunks instead of waiting behind 500 messages),
        and the full Standings when their own time has come."""
        now_ = self.clock()
        out: list[Outgoing] = []
        chunk = False
        if everything or now_ >= self._last_release + self.standings_interval:
            tables = sorted(self._held_tables)
            send, later = (
                (tables, []) if everything else (tables[:RELEASE_CHUNK], tables[RELEASE_CHUNK:])
            )
            out = [m for table in send for m in self.table_messages(table)]
            chunk = bool(later) or self._split
            self._split = bool(later)
            if self._held_state:
                out.append(self.state_message())
            self._held_tables, self._held_state = set(later), False
            if not later:
                self._last_release = now_
        # The full standings (a few ms for 500 teams) never ride with a slice of a release too
        # big for one go: each slice stays short, and results are handled between slices.
        if self._held_standings and (
            everything
            or (
                not chunk
                and now_ >= self._last_standings + FULL_STANDINGS_EVERY * self.standings_interval
            )
        ):
            out.append(self.standings_message())
            self._held_standings = False
            self._last_standings = now_
        return out

    def _publications(self, batch: Batch) -> list[Outgoing]:
        t = self.tournament
        self._held_tables |= batch.dirty_tables
        self._held_state |= batch.state
        self._held_standings |= batch.standings or bool(batch.changed_teams)
        if batch.now:
            out = self._release(everything=True)
        else:
            out = self._release() if self.held_wait() == 0 else []
        if batch.changed_teams:
            out.append(
                Outgoing(
                    self.topics.standings_changes,
                    views.standings_changes_json(t, batch.changed_teams),
                )
            )
        flags = t.rules.unit == Unit.FLAGS
        for table, result_id, hand, seq in batch.acks:
            ack = Ack(
                id=result_id,
                status="accepted",
                hand=hand,
                seq=seq,
                flags=t.flags_held(table) if flags else None,
                points=None if flags else t.score(table),
            )
            out.append(Outgoing(self.topics.ack(table), encode(ack)))
        out.extend(batch.out)
        return out
