"""Conflicting reports: a table that sent two different results (or deals) for one hand (or
deal) is refused and the reports kept for the leader, until a correction settles them."""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable

from hub.service.batch import Batch
from hub.service.store import EventStore

log = logging.getLogger("whist.hub")

#: Most different conflicting reports one table can open for one hand or deal (issue 23, item
#: 2): more are refused as conflicts all the same, but not kept for the leader.
MAX_CONFLICTS = 20


class Conflicts:
    """Open conflicts by (hand or deal, table). ``content`` says what a kept report says,
    whatever its id (two reports saying it are one)."""

    def __init__(self, store: EventStore, content: Callable[[str], str]) -> None:
        self.store = store
        self.content = content
        #: (hand or deal, table) with two different reports the leader has not settled yet.
        self.open: set[tuple[int, int]] = {(c.hand, c.table) for c in store.conflicts()}
        #: What the conflicting reports kept for a (hand or deal, table) say (read when needed).
        self._kept: dict[tuple[int, int], set[str]] = {}

    def none_open(self) -> Conflicts:
        """A copy with no conflict open, for a dry run (the op ``preview``): what it settles
        there is neither ours nor written."""
        trial = copy.copy(self)
        trial.open, trial._kept = set(), {}
        return trial

    def tables(self) -> list[int]:
        """Tables with a conflict the leader has not settled yet, whatever the hand."""
        return sorted({t for _, t in self.open})

    def keep(
        self, key: tuple[int, int], report_id: str, body: str, reason: str, batch: Batch
    ) -> None:
        """Keep a conflicting report for the leader, unless the same facts are already kept
        (open, or settled by the leader: a replay under a new id does not reopen it) or the
        table has MAX_CONFLICTS kept for this hand already."""
        seen = self._seen(key)
        content = self.content(body)
        if content in seen:
            return
        if len(seen) >= MAX_CONFLICTS:
            if len(seen) == MAX_CONFLICTS:
                log.warning(
                    "table %s: more than %s conflicting reports for %s; not kept",
                    key[1],
                    MAX_CONFLICTS,
                    key[0],
                )
                seen.add("")  # told once
            return
        seen.add(content)
        batch.writes.append(lambda tx: tx.add_conflict(report_id, key[0], key[1], body, reason))
        self.open.add(key)
        batch.state = batch.now = True

    def settle(self, key: tuple[int, int], replaced: str | None, batch: Batch) -> None:
        """The leader settled ``key``'s conflict; ``replaced``: the report the correction
        replaced, kept as settled too, so that neither side of it reopens the conflict."""
        if key not in self.open:
            return
        self.open.discard(key)
        if replaced is not None:
            seen = self._seen(key)
            seen.add(self.content(replaced))
            rid = f"settled:{key[0]}:{key[1]}:{len(seen)}"
            reason = "replaced by the leader's correction"
            batch.writes.append(lambda tx: tx.add_conflict(rid, key[0], key[1], replaced, reason))
        batch.writes.append(lambda tx: tx.settle_conflicts(*key))

    def _seen(self, key: tuple[int, int]) -> set[str]:
        """The facts of every conflicting report kept for ``key`` (read from the log once)."""
        if key not in self._kept:
            self._kept[key] = {self.content(b) for b in self.store.conflict_bodies(*key)}
        return self._kept[key]
