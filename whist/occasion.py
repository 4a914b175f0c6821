"""One kind of event to the hub: what a military tournament (:class:`~whist.tournament.Tournament`)
and a club night (:class:`~whist.night.ClubNight`) both are, as the hub holds them.

The hub depends on :class:`Occasion` alone: it applies the facts it records (each checked
first: a refused one raises :class:`~whist.errors.TournamentError` and changes nothing), and it
publishes the views the occasion answers — the room's State, each table's messages, the
hall's standings and, between two of those, the changes a batch of results made. Only the
code that opens the event file (``hub/service/kinds.py``) knows which of the two it holds.

>>> from whist.pattern import default_spec
>>> from whist.nightspec import default_night
>>> from whist.events import NightCreated
>>> from whist.night import ClubNight
>>> from whist.tournament import Tournament
>>> from whist.protocol import Topics
>>> held: list[Occasion] = [Tournament.new(default_spec("alberta", 3)),
...                         ClubNight.replay([NightCreated(default_night("american", 2))])]
>>> [[topic for topic, _ in o.table_feed(1, Topics())] for o in held]
[['whist/table/1/assignment', 'whist/table/1/view'], ['whist/table/1/score']]
>>> [o.hall_feed(Topics())[0] for o in held]
['whist/standings', 'whist/night']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from whist.events import Event
from whist.protocol import ClubDeal, Result, State, Topics

#: One publication: its topic and its payload (the hub retains every one but the changes).
Feed = tuple[str, bytes]


@dataclass(frozen=True)
class RoomNews:
    """What only the hub knows of the room, for the State: the kiosks offline, the tables
    calling the leader and why (by table, as text), the tables with a conflict open."""

    offline: list[int] = field(default_factory=list)
    calling: list[int] = field(default_factory=list)
    call_reasons: dict[str, str] = field(default_factory=dict)
    conflicts: list[int] = field(default_factory=list)


#: What a table reports: a military result, or a club night's deal.
Report = Result | ClubDeal


@dataclass(frozen=True)
class Taken:
    """What a table's report comes to (:meth:`Occasion.take`): the fact to record
    (``event``, checked when it is applied: a refusal is said then), or ``held``: the
    occasion holds it already — the report sent again under its id, or the same facts under
    a new id (a kiosk replaced mid-play, a slip entered twice) — as (number, table): the hand
    or deal and the table it was recorded for; or ``wrong_table``: it names another table
    than the kiosk's own. The hub records the fact, or acks what it holds, and publishes."""

    event: Event | None = None
    held: tuple[int, int] | None = None
    wrong_table: bool = False


class EventFile(Protocol):
    """What the hub reads of the file an occasion began with."""

    @property
    def name(self) -> str: ...


@runtime_checkable
class Occasion(Protocol):
    """A tournament or a club night: events in, views out."""

    #: What the hub runs, in the log's and the refusals' words ("a club night").
    running: str
    #: What a table's report of the other kind of occasion is ("a military result").
    other_report: str
    #: What a leader's command of the other kind of occasion is told (after its op).
    other_ops: str

    @property
    def spec(self) -> EventFile:
        """The file play began with (renamed, if the leader renamed it)."""
        ...

    @property
    def seq(self) -> int:
        """How many events the occasion holds, its creation included (the log's version)."""
        ...

    @property
    def table_numbers(self) -> range: ...

    def apply(self, event: Event) -> None:
        """Check ``event`` and apply it; raise TournamentError, changing nothing, if refused."""
        ...

    def take(self, table: int, report: Report) -> Taken:
        """What table ``table``'s kiosk's ``report`` comes to: the fact to record, or the one
        held already (the decision the hub's handlers leave to the occasion). A report of the
        other kind of occasion raises TournamentError (WRONG_FORMAT)."""
        ...

    # ------------------------------------------------------------------ the views
    def state_view(self, room: RoomNews) -> State:
        """The room's State, with what only the hub knows (kiosks, calls, conflicts)."""
        ...

    def table_feed(self, table: int, topics: Topics) -> list[Feed]:
        """What table ``table`` is sent (retained) when anything about it changes."""
        ...

    def hall_feed(self, topics: Topics) -> Feed:
        """The hall's standings (retained)."""
        ...

    def changes_feed(self, teams: Iterable[int], topics: Topics) -> list[Feed]:
        """The scores ``teams`` have now, between two full standings (none when the
        occasion has no such message)."""
        ...

    # ------------------------------------------------------------------ the hub's log lines
    def headline(self) -> str:
        """What the event is, in one line (``serve`` says it first)."""
        ...

    def progress(self) -> str:
        """Where play stands, for the line after the headline."""
        ...

    def status(self) -> str:
        """Where play stands, for the hub's status line in its log."""
        ...
