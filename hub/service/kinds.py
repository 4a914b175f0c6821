"""Opening the event file: the one place the hub knows which kind of event it holds. The log's
first fact says it (a tournament's or a club night's creation); from it :func:`open_event`
replays the event and puts together the handlers that kind takes — which of them a table's
report, a count and each of the leader's ops go to. Everything after that sees an
:class:`~whist.occasion.Occasion` and a table of handlers.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from hub.service.acks import OtherKind
from hub.service.batch import Batch, Op, TableHandler, ops_of
from hub.service.clock import ClockDesk
from hub.service.commands import TournamentOps
from hub.service.conflicts import Conflicts
from hub.service.counts import CountDesk
from hub.service.exports import Exports
from hub.service.feed import RELEASE_CHUNK
from hub.service.live import Live
from hub.service.queries import TournamentQueries
from hub.service.results import ResultDesk, result_content
from hub.service.room import Room
from hub.service.store import EventStore, StoreError
from whist.events import Event, NightCreated, TournamentCreated
from whist.nightspec import NightSpec
from whist.occasion import Occasion
from whist.protocol import Topics
from whist.spec import TournamentSpec
from whist.tournament import PLAYING, Tournament

if TYPE_CHECKING:
    from whist.night import ClubNight

#: The leader's ops that only read the event: with the hall feed in its own process, that
#: process answers them (hub/service/feedchild.py), so an export or a page of results never
#: holds up a table's Ack (issue 28).
QUERIES = frozenset({"plan", "results", "ties", "loans", "counts", "deals", "export"})


@dataclass
class Parts:
    """What the core is given for the event it holds."""

    #: A table's messages by the kind of their topic ("result", "deal", "count").
    reports: dict[str, TableHandler]
    #: The topic kinds whose messages are answered with an Ack when the hub fails on one.
    acked: frozenset[str]
    #: The leader's ops this event takes (calls and joins are added by the core).
    ops: dict[str, Op]
    #: What the hub itself adds to a batch once every message is handled.
    before_commit: list[Callable[[Batch], None]] = field(default_factory=list)
    #: Typed boxes for tools and tests that know what they opened (one of them is None).
    tournament: Live[Tournament] | None = None
    night: Live[ClubNight] | None = None
    #: The room's clock (issue 26).
    clock: ClockDesk | None = None


@dataclass(frozen=True)
class Shared:
    """What every handler may be given: the log, the topics, the hub's dice, the room, the
    conflicts, the exports."""

    store: EventStore
    topics: Topics
    rng: random.Random
    room: Room
    conflicts: Conflicts
    exports: Exports
    #: The hub's time of day (Unix seconds), for the room's clock.
    wall: Callable[[], float] = time.time


@dataclass(frozen=True)
class Opened:
    """The event the log holds, and how to put together its handlers."""

    live: Live[Occasion]
    #: What a conflicting report says, whatever its id (Conflicts' ``content``).
    content: Callable[[str], str]
    #: The handlers, once the shared parts are made.
    compose: Callable[[Shared], Parts]
    #: Retained updates are held back and released this many tables at a time; None: nothing
    #: is held back, every change goes out with its batch.
    chunk: int | None
    #: The event file differs from the one play began with.
    spec_changed: bool


def _tournament_clock(
    store: EventStore, live: Live[Tournament], events: list[Event], wall: Callable[[], float]
) -> ClockDesk:
    """A tournament's clock runs while a hand is played; the tables still playing it are
    those it misses. (Read through the box each time: a rebuild replaces the tournament.)"""
    return ClockDesk(
        store,
        live,
        events,
        minutes=lambda: live.event.spec.minutes,
        unit_in_play=lambda: live.event.hand if live.event.phase == PLAYING else None,
        playing=lambda hand: live.event.missing(hand),
        wall=wall,
    )


def _night_clock(
    store: EventStore, live: Live[ClubNight], events: list[Event], wall: Callable[[], float]
) -> ClockDesk:
    """A club night's clock runs for the deal in play, and the tables still playing it."""
    return ClockDesk(
        store,
        live,
        events,
        minutes=lambda: live.event.spec.minutes,
        unit_in_play=lambda: live.event.deal_in_play(),
        playing=lambda deal: live.event.tables_playing(deal),
        wall=wall,
    )


def _tournament(store: EventStore, events: list[Event], changed: bool) -> Opened:
    live = Live(store, Tournament.replay(events), Tournament.replay)

    def compose(s: Shared) -> Parts:
        other = OtherKind(s.topics, s.room, live)
        results = ResultDesk(s.topics, s.room, s.conflicts, live)
        counts = CountDesk(s.topics, s.room, live)
        ops = ops_of(TournamentOps(live, s.conflicts, s.rng))
        ops |= ops_of(TournamentQueries(s.store, live, s.exports))
        # read through the box each time: a rebuild replaces the tournament
        clock = _tournament_clock(s.store, live, events, s.wall)
        ops |= ops_of(clock)
        return Parts(
            reports={
                "result": results.on_result,
                "deal": other.on_report,
                "count": counts.on_count,
            },
            acked=frozenset({"result"}),
            ops=ops,
            before_commit=[results.before_commit, clock.before_commit],
            tournament=live,
            clock=clock,
        )

    return Opened(live, result_content, compose, RELEASE_CHUNK, changed)


def _night(store: EventStore, events: list[Event], changed: bool, rng: random.Random) -> Opened:
    # A club night's rules and handlers are loaded by the hub that holds one: a military
    # whist hub never carries them (issue 22, the hub's memory).
    from hub.service.club import DealDesk, NightOps, TrumpDraw, deal_content
    from whist.night import ClubNight

    live = Live(store, ClubNight.replay(events), ClubNight.replay)
    draw = TrumpDraw(live, rng)
    # 8-to-1: round 1's trump at the start of the night (and whatever a log written before
    # the hub drew trumps lacks), committed before anything is published.
    drawn = draw.draw()
    if drawn:
        with store.transaction() as tx:
            for event in drawn:
                tx.append(event)

    def compose(s: Shared) -> Parts:
        other = OtherKind(s.topics, s.room, live)
        deals = DealDesk(s.topics, s.room, s.conflicts, live)
        clock = _night_clock(s.store, live, events, s.wall)
        return Parts(
            reports={"deal": deals.on_deal, "result": other.on_report, "count": other.on_count},
            acked=frozenset({"deal"}),
            ops=ops_of(NightOps(live, s.conflicts, s.exports, s.room)) | ops_of(clock),
            before_commit=[draw.before_commit, clock.before_commit],
            night=live,
            clock=clock,
        )

    # Club nights hold nothing back: a deal every few minutes a table, not hundreds a second.
    return Opened(live, deal_content, compose, None, changed)


def open_event(
    store: EventStore, spec: TournamentSpec | NightSpec | None, rng: random.Random
) -> Opened:
    """The event the log holds (created from ``spec`` when the log is empty). Raises
    StoreError when the log holds nothing and no file was given, or another kind of event
    than the file's."""
    events = store.events()
    if not events:
        if spec is None:
            raise StoreError(f"{store.path} holds no tournament and no file was given")
        created = NightCreated(spec) if isinstance(spec, NightSpec) else TournamentCreated(spec)
        with store.transaction() as tx:
            tx.append(created)
        events = [created]
    first = events[0]
    if isinstance(first, NightCreated):
        if isinstance(spec, TournamentSpec):
            raise StoreError(
                f"{store.path} holds a club night, not a military whist tournament: "
                "serve it with its club night file"
            )
        return _night(store, events, spec is not None and spec != first.spec, rng)
    if isinstance(spec, NightSpec):
        raise StoreError(
            f"{store.path} holds a military whist tournament, not a club night: "
            "serve it with its tournament file"
        )
    # against the file play began with: a leader's rename is not an edit of the file
    began = first.spec if isinstance(first, TournamentCreated) else None
    return _tournament(store, events, spec is not None and spec != began)


@dataclass(frozen=True)
class Followed:
    """The event as a reader of the log has it (the hall feed's process): its box, how many
    tables its feed releases at a time (None: nothing is held back), the last fact's seq."""

    live: Live[Occasion]
    chunk: int | None
    seq: int
    #: The room's clock as the log has it (the State carries it).
    clock: ClockDesk
    #: The event's QUERIES, given the reader's conflicts and room (ops of an op table).
    queries: Callable[[Conflicts, Room], dict[str, Op]]


def _only_queries(ops: dict[str, Op]) -> dict[str, Op]:
    return {op: handler for op, handler in ops.items() if op in QUERIES}


def follow(store: EventStore) -> Followed:
    """The event the log holds, replayed and nothing written (the log must hold its first
    fact: the hub that writes it has opened it with :func:`open_event`)."""
    rows = store.events_after(0)
    if not rows:
        raise StoreError(f"{store.path} holds no event yet")
    events = [event for _, event in rows]
    if isinstance(events[0], NightCreated):
        from hub.service.club import NightOps
        from whist.night import ClubNight

        night = Live(store, ClubNight.replay(events), ClubNight.replay)

        def night_queries(conflicts: Conflicts, room: Room) -> dict[str, Op]:
            return _only_queries(ops_of(NightOps(night, conflicts, Exports(store), room)))

        clock = _night_clock(store, night, events, time.time)
        return Followed(night, None, rows[-1][0], clock, night_queries)
    tournament = Live(store, Tournament.replay(events), Tournament.replay)

    def queries(conflicts: Conflicts, room: Room) -> dict[str, Op]:
        return _only_queries(ops_of(TournamentQueries(store, tournament, Exports(store))))

    clock = _tournament_clock(store, tournament, events, time.time)
    return Followed(tournament, RELEASE_CHUNK, rows[-1][0], clock, queries)
