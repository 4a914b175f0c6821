"""The facts of a tournament. State is the fold of these, in order (see ``whist.tournament``).

Each event is a small frozen dataclass; :func:`event_to_dict` and :func:`event_from_dict` give
the JSON-ready form the hub stores in its log.

>>> e = HandStarted(hand=1, trump=Suit.HEARTS)
>>> event_from_dict(event_to_dict(e)) == e
True
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any

from whist.cards import Card, Suit, parse_trump, trump_name
from whist.errors import WhistError
from whist.nightspec import NIGHT_RULES, NightSpec, as_played, load_night
from whist.spec import TournamentSpec, load_spec


@dataclass(frozen=True)
class TournamentCreated:
    """The tournament file, as it was when play began."""

    spec: TournamentSpec


@dataclass(frozen=True)
class HandStarted:
    """The leader opened ``hand`` with this trump (None = no trump)."""

    hand: int
    trump: Suit | None


@dataclass(frozen=True)
class StartUndone:
    """The leader took back the start of ``hand`` before any result came in."""

    hand: int


@dataclass(frozen=True)
class ResultRecorded:
    """A table reported its tricks. ``result_id`` is the kiosk's id, used to drop duplicates."""

    result_id: str
    hand: int
    table: int
    visitor_tricks: int
    revokes_home: int = 0
    revokes_visitors: int = 0
    #: The log had lost it and the table offered it again (docs/protocol.md, "The tables are
    #: the second copy"); it counts exactly as any result, the leader is told how many.
    recovered: bool = False


@dataclass(frozen=True)
class ResultCorrected:
    """The leader replaced (or entered) a table's result; the reason is kept for the audit."""

    hand: int
    table: int
    visitor_tricks: int
    revokes_home: int
    revokes_visitors: int
    reason: str


@dataclass(frozen=True)
class PenaltyImposed:
    """Gaspésie: the leader gives the manche to the other side (signalling, rule 13)."""

    hand: int
    table: int
    side: str  # "home" | "visitors": the side at fault
    reason: str


@dataclass(frozen=True)
class FlagsLent:
    """Alberta rule 8: the leader lends flags to a table.

    ``covering`` (written by hubs from issue 12 on): the flags first bring what the hub
    already lent the table automatically and the leader has not brought yet, so they are
    not counted twice (decision A11); older logs replay as they were.
    """

    table: int
    flags: int
    covering: bool = False


@dataclass(frozen=True)
class HandClosed:
    """No more results for ``hand`` or any earlier hand."""

    hand: int


@dataclass(frozen=True)
class DayEnded:
    """Each table's net flags are recorded and every table goes back to 12.

    ``early``: the leader ends the day before its last hand (Alberta rule 11d); ``final``:
    the tournament ends with it (always so when the last day ends early). A ``final`` end
    of a day already ended ends only the tournament.
    """

    day: int
    early: bool = False
    final: bool = False
    #: Why the leader ended it (issue 25); "" in a log written before, or none given.
    reason: str = ""


@dataclass(frozen=True)
class FlagsCounted:
    """The verifiers counted ``flags`` on table ``table`` at the end of day ``day`` (Alberta:
    "place markers in fives on table, wait for check by verifiers"). A recount replaces it."""

    day: int
    table: int
    flags: int
    #: The id of the table's own count message (a kiosk's, decision A19); None when the
    #: verifier entered it on the console. A count sent again under the same id is not
    #: recorded again, so it never replaces a later recount.
    count_id: str | None = None


@dataclass(frozen=True)
class CountAccepted:
    """The leader took the verifiers' count of table ``table`` on day ``day`` over the hub's:
    the day's record of that table moves by the difference. The reason is kept (audit)."""

    day: int
    table: int
    reason: str


@dataclass(frozen=True)
class TournamentRenamed:
    """The leader gave the tournament another name (typed in the wrong language, say): every
    screen and sheet shows ``name`` from then on; the file the hub started from is unchanged."""

    name: str


@dataclass(frozen=True)
class TieBreakStarted:
    """Alberta playoff between tied teams. With 3 or more, ``draws`` holds each team's card."""

    teams: tuple[int, ...]
    draws: tuple[Card, ...]
    trump: Suit | None
    #: The tie-break rules it is played under (whist.tournament.TIEBREAK_VERSION): logs
    #: written before decision A17 have none and keep the A9 ladder for four or more teams.
    version: int = 1


@dataclass(frozen=True)
class TieBreakHandPlayed:
    """One playoff hand between the A and B players of two tied teams."""

    teams: tuple[int, int]
    tricks: tuple[int, int]
    trump: Suit | None
    #: The trump the leader cut for the following playoff hand, if there is one.
    next_trump: Suit | None = None


@dataclass(frozen=True)
class TieBreakTrumpCut:
    """The director cut the deck for the next playoff hand: its trump (None = no trump)
    replaces the one the hub cut (docs/rules.md, A16)."""

    trump: Suit | None


@dataclass(frozen=True)
class TieBreakUndone:
    """The leader took back the last tie-break (running or decided), to play it again."""

    #: Why (issue 25); "" in a log written before, or none given.
    reason: str = ""


@dataclass(frozen=True)
class PlaceDecided:
    """Gaspésie (decision G7): teams the count-back leaves level after the last manche, placed
    by the leader, first to last, with the reason kept. A later decision on the same teams
    replaces it."""

    teams: tuple[int, ...]
    reason: str


# --------------------------------------------------------------------------------------------
# Club nights (whist.night): a table keeping score deal after deal.


@dataclass(frozen=True)
class NightCreated:
    """The club night's file, as it was when play began."""

    spec: NightSpec


@dataclass(frozen=True)
class DealRecorded:
    """A club table reported deal number ``deal``; ``record`` holds what it tapped in (the
    fields of its game, docs/rules.md C2). ``deal_id`` is the kiosk's id, to drop duplicates."""

    deal_id: str
    table: int
    deal: int
    record: dict[str, str | int]
    #: The log had lost it and the table offered it again (as ResultRecorded.recovered).
    recovered: bool = False


@dataclass(frozen=True)
class DealCorrected:
    """The leader replaced a club table's deal (or entered the next one); audited."""

    table: int
    deal: int
    record: dict[str, str | int]
    reason: str


@dataclass(frozen=True)
class NightEnded:
    """The leader ended the club night: no more deals; the standings are final."""


@dataclass(frozen=True)
class RoundTrumpDrawn:
    """8-to-1 bidding whist: the hub drew round ``round``'s trump for the whole room (None: an
    eight-card round, no trump); every table plays that round in it (docs/rules.md, EO3).
    ``game`` is the tables' game it is drawn for (the first is 1); 0, as in a log written
    before each game drew afresh, holds for that round of every game (EO8)."""

    round: int
    trump: Suit | None
    game: int = 0


# The room's clock (issue 26), for a tournament and a club night alike: ``at`` is the hub's
# time (Unix seconds) when it happened. The occasion counts these and changes nothing else;
# :class:`whist.clock.RoomClock` is their fold.


@dataclass(frozen=True)
class ClockStarted:
    """The clock of hand (deal, round) ``unit`` started, to run ``seconds``."""

    unit: int
    at: float
    seconds: int


@dataclass(frozen=True)
class ClockPaused:
    """The leader paused the clock (a break)."""

    at: float


@dataclass(frozen=True)
class ClockResumed:
    """The leader set the paused clock going again."""

    at: float


@dataclass(frozen=True)
class ClockExtended:
    """The leader gave the room ``seconds`` more."""

    seconds: int


@dataclass(frozen=True)
class ClockStopped:
    """The unit the clock timed is over (closed, taken back): no clock until the next."""

    at: float


#: The clock's facts, which the occasions count and otherwise leave to the clock.
CLOCK_EVENTS = (ClockStarted, ClockPaused, ClockResumed, ClockExtended, ClockStopped)

Event = (
    TournamentCreated
    | HandStarted
    | StartUndone
    | ResultRecorded
    | ResultCorrected
    | PenaltyImposed
    | FlagsLent
    | HandClosed
    | DayEnded
    | FlagsCounted
    | CountAccepted
    | TournamentRenamed
    | TieBreakStarted
    | TieBreakHandPlayed
    | TieBreakTrumpCut
    | TieBreakUndone
    | PlaceDecided
    | NightCreated
    | DealRecorded
    | DealCorrected
    | NightEnded
    | RoundTrumpDrawn
    | ClockStarted
    | ClockPaused
    | ClockResumed
    | ClockExtended
    | ClockStopped
)

EVENT_TYPES: dict[str, type[Any]] = {
    "created": TournamentCreated,
    "hand_started": HandStarted,
    "start_undone": StartUndone,
    "result": ResultRecorded,
    "corrected": ResultCorrected,
    "penalty": PenaltyImposed,
    "loan": FlagsLent,
    "hand_closed": HandClosed,
    "day_ended": DayEnded,
    "count": FlagsCounted,
    "count_accepted": CountAccepted,
    "renamed": TournamentRenamed,
    "tiebreak_started": TieBreakStarted,
    "tiebreak_hand": TieBreakHandPlayed,
    "tiebreak_trump": TieBreakTrumpCut,
    "tiebreak_undone": TieBreakUndone,
    "place_decided": PlaceDecided,
    "night_created": NightCreated,
    "deal": DealRecorded,
    "deal_corrected": DealCorrected,
    "night_ended": NightEnded,
    "round_trump": RoundTrumpDrawn,
    "clock_started": ClockStarted,
    "clock_paused": ClockPaused,
    "clock_resumed": ClockResumed,
    "clock_extended": ClockExtended,
    "clock_stopped": ClockStopped,
}
_KIND_OF = {cls: kind for kind, cls in EVENT_TYPES.items()}
_TRUMPS = {"trump", "next_trump"}


def event_kind(event: Event) -> str:
    return _KIND_OF[type(event)]


#: What a log's JSON holds as it is: most of an event's fields (numbers, ids, reasons).
_PLAIN = frozenset({int, str, bool, float, type(None)})


def _encode(value: Any) -> Any:
    if type(value) in _PLAIN:  # first: every result's fields are these, 7 of them
        return value
    if isinstance(value, NightSpec):
        # the rules it is played under, so a later reading of the seeds replays it as played
        return {**value.to_dict(), "rules": NIGHT_RULES}
    if isinstance(value, TournamentSpec):
        return value.to_dict()
    if isinstance(value, Suit):
        return value.value
    if isinstance(value, Card):
        return f"{value.rank.label}{value.suit.value[0].upper()}"
    if isinstance(value, tuple):
        return [_encode(v) for v in value]
    return value


def event_to_dict(event: Event) -> dict[str, Any]:
    """JSON-ready form: ``{"kind": ..., field: value, ...}``; trump None becomes "none"."""
    out: dict[str, Any] = {"kind": event_kind(event)}
    for name, _ in _FIELDS[type(event)]:
        value = getattr(event, name)
        out[name] = trump_name(value) if name in _TRUMPS else _encode(value)
    return out


#: Per event type: (field name, whether it may be absent from a stored event). Worked out once:
#: a restart replays every event of a tournament, tens of thousands of them.
_FIELDS: dict[type[Any], tuple[tuple[str, bool], ...]] = {
    cls: tuple((f.name, f.default is not MISSING) for f in fields(cls))
    for cls in EVENT_TYPES.values()
}
_CONVERTED = _TRUMPS | {"spec", "draws", "teams", "tricks"}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Inverse of :func:`event_to_dict`. Raises WhistError for anything it cannot read.

    A field added to an event later, with a default, may be missing from an older log.
    """
    try:
        cls = EVENT_TYPES[data["kind"]]
        kwargs = {
            name: data[name] for name, optional in _FIELDS[cls] if not optional or name in data
        }
    except (KeyError, TypeError) as exc:
        raise WhistError(f"unreadable event {data!r}: {exc}") from None
    if not _CONVERTED.isdisjoint(kwargs):
        if cls is TournamentCreated:
            kwargs["spec"] = load_spec(kwargs["spec"], recorded=True)
        elif cls is NightCreated:
            raw = dict(kwargs["spec"])
            rules = raw.pop("rules", 1)
            kwargs["spec"] = as_played(load_night(raw, recorded=True), rules)
        for name in _TRUMPS & kwargs.keys():
            kwargs[name] = parse_trump(kwargs[name])
        if "draws" in kwargs:
            kwargs["draws"] = tuple(Card.parse(c) for c in kwargs["draws"])
        for name in ("teams", "tricks"):
            if name in kwargs:
                kwargs[name] = tuple(kwargs[name])
    event: Event = cls(**kwargs)
    return event
