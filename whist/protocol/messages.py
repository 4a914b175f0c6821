"""Wire protocol v1: every topic and every message type, in one place.

See ``docs/protocol.md`` for the prose. Nowhere else in the project builds a topic string.

>>> t = Topics()
>>> t.result(7)
'whist/table/7/result'
>>> t.parse(t.result(7))
('result', 7)
"""

from __future__ import annotations

import functools
import json
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any, Literal, Self, TypeVar, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_serializer,
    model_validator,
)
from pydantic.config import JsonDict
from pydantic_core import PydanticCustomError

from whist.errors import MESSAGE_CHECKS, ErrorCode, ProtocolError, TournamentError
from whist.formats.entry import EntrySchema
from whist.spec import MAX_NAME_LENGTH, plain_text

PROTOCOL_VERSION = 1


@dataclass(frozen=True)
class Topics:
    """Topic names under a configurable root (default ``whist``)."""

    root: str = "whist"

    # hub-owned, retained
    @property
    def hub_status(self) -> str:
        return f"{self.root}/hub/status"

    @property
    def state(self) -> str:
        return f"{self.root}/state"

    @property
    def standings(self) -> str:
        return f"{self.root}/standings"

    @property
    def epoch(self) -> str:
        """Extension: the hub's session; a new one at every start of the hub (a kiosk offers its
        kept results again to each new one: docs/protocol.md, "The tables are the second copy")."""
        return f"{self.root}/hub/epoch"

    @property
    def standings_changes(self) -> str:
        """Extension: the teams whose score changed, after every batch of results."""
        return f"{self.root}/standings/changes"

    def assignment(self, table: int) -> str:
        return f"{self.root}/table/{table}/assignment"

    def ack(self, table: int) -> str:
        return f"{self.root}/table/{table}/ack"

    def view(self, table: int) -> str:
        """Extension: everything table ``table``'s players must know, as the hub holds it."""
        return f"{self.root}/table/{table}/view"

    def score(self, table: int) -> str:
        """Extension (club nights): table ``table``'s running score, as the hub holds it."""
        return f"{self.root}/table/{table}/score"

    @property
    def night(self) -> str:
        """Extension (club nights): the night's standings and every table's progress."""
        return f"{self.root}/night"

    # kiosk-owned
    def result(self, table: int) -> str:
        return f"{self.root}/table/{table}/result"

    def table_status(self, table: int) -> str:
        return f"{self.root}/table/{table}/status"

    def call(self, table: int) -> str:
        return f"{self.root}/table/{table}/call"

    def deal(self, table: int) -> str:
        """Extension (club nights): a deal a table's kiosk reports."""
        return f"{self.root}/table/{table}/deal"

    def count(self, table: int) -> str:
        """Extension (decision A19): the flags a table's players counted at a day's end."""
        return f"{self.root}/table/{table}/count"

    # leader
    @property
    def leader_command(self) -> str:
        return f"{self.root}/leader/command"

    @property
    def leader_reply(self) -> str:
        return f"{self.root}/leader/reply"

    # subscription filters for the hub
    def every_table(self, kind: str) -> str:
        """Filter matching one kind of table topic on every table: ``whist/table/+/result``."""
        return f"{self.root}/table/+/{kind}"

    def parse(self, topic: str) -> tuple[str, int | None]:
        """Split a topic into (kind, table). Kind is the last word; table is None off tables.

        Raises ``ValueError`` for a topic outside this root or with a bad table number.
        """
        prefix = self.root + "/"
        if not topic.startswith(prefix):
            raise ValueError(f"topic {topic!r} is not under {self.root!r}")
        parts = topic[len(prefix) :].split("/")
        if len(parts) == 3 and parts[0] == "table":
            # isdigit() alone also accepts other scripts' digits ("\u0663" is 3 to int()).
            number = parts[1]
            if not (number.isascii() and number.isdigit()) or number.startswith("0"):
                raise ValueError(f"topic {topic!r} has no valid table number")
            return parts[2], int(parts[1])
        if parts == ["hub", "status"]:
            return "hub_status", None
        if parts == ["hub", "epoch"]:
            return "epoch", None
        if parts == ["leader", "command"]:
            return "command", None
        if parts == ["leader", "reply"]:
            return "reply", None
        if len(parts) == 1 and parts[0] in ("state", "standings", "night"):
            return parts[0], None
        if parts == ["standings", "changes"]:
            return "standings_changes", None
        raise ValueError(f"topic {topic!r} is not part of protocol v1")


# --------------------------------------------------------------------------------------------
# Messages
# --------------------------------------------------------------------------------------------

MAX_PAYLOAD_BYTES = 64 * 1024
#: Deepest nesting of arrays and objects an inbound message may have (a Result needs 2): a
#: 6 KB ``[[[…]]]`` is refused before the JSON parser recurses into it (issue 23, item 1).
MAX_NESTING = 16
#: Most values (numbers, strings, arrays, objects) an inbound message may hold.
MAX_VALUES = 5000
MAX_ID_LENGTH = 100
#: Most conflicts one ``results`` reply lists (the rest: ``conflicts_from``).
CONFLICTS_PAGE = 50
MAX_REASON_LENGTH = 200

#: The reason of the call the hub makes for a table that sent something it could not read
#: (extension, issue 23), followed by the hub's time of day (``HH:MM``); a console says it in
#: its reader's language.
UNREADABLE_CALL = "sent something unreadable at "

ONLINE = "online"
OFFLINE = "offline"

TrumpName = Literal["spades", "hearts", "diamonds", "clubs", "none"]
Phase = Literal["waiting", "playing", "closed"]
FormatName = Literal["alberta", "gaspesie"]
#: Every format a State may name: military whist and the club-night games.
AnyFormatName = Literal[
    "alberta", "gaspesie", "minnesota", "english", "american",
    "widow", "solo", "knockout", "eight-to-one",
]  # fmt: skip
#: A partnership at a club table; "low" in ``granded`` says everyone played low (Minnesota).
PartnershipName = Literal["NS", "EW"]
#: A seat: N, E, S, W at a four-handed table; 1 to 7 at a table with no compass (Widow's
#: three players, Knockout's two to seven).
SeatName = Literal["N", "E", "S", "W", "1", "2", "3", "4", "5", "6", "7"]
#: Who scores at a club table: a partnership, or a seat in a game played each for oneself.
ClubPartyName = Literal["NS", "EW", "N", "E", "S", "W", "1", "2", "3", "4", "5", "6", "7"]
#: A Solo whist contract (docs/rules.md, SO1); ``pass``: everyone passed, the cards thrown in.
SoloContractName = Literal[
    "pass", "prop", "solo", "misere", "abondance", "royal_abondance", "misere_ouverte",
    "abondance_declaree",
]  # fmt: skip
#: Most deals one table may play in a night (a bound on what a kiosk can make the hub keep).
MAX_DEALS = 1000
AckStatus = Literal["accepted", "duplicate", "rejected"]
SideName = Literal["home", "visitors"]

# The machine-readable reasons of reading a message (ProtocolError.code, and Ack.code when the
# hub rejects a result for one of them): one enum with the rules' codes, whist.errors.ErrorCode.
ProtocolErrorCode = ErrorCode
ERROR_CODES: tuple[ErrorCode, ...] = MESSAGE_CHECKS


def _check_version(value: object) -> object:
    # Literal[1] alone accepts True (True == 1), even in strict mode; the wire wants the number 1.
    if type(value) is not int or value != PROTOCOL_VERSION:
        raise PydanticCustomError("bad_version", _version_text(value))
    return value


def _version_text(value: object) -> str:
    shown = _show(value)
    return f"unsupported protocol version {shown}; this hub speaks version {PROTOCOL_VERSION}"


def _not_blank(value: str) -> str:
    if not value.strip():
        raise PydanticCustomError("out_of_range", "must not be empty")
    return plain_text(value)  # a leader's text: no control characters (issue 23)


def _distinct(values: list[int]) -> list[int]:
    if len(set(values)) != len(values):
        raise PydanticCustomError("inconsistent", f"must name different teams (got {values})")
    return values


def _thirteen(values: list[int]) -> list[int]:
    total = sum(values)
    if total != 13:
        shown = " + ".join(str(v) for v in values)
        raise PydanticCustomError("inconsistent", f"must add up to 13 (got {shown} = {total})")
    return values


def _check_tricks(visitor_tricks: int, home_tricks: int) -> None:
    total = visitor_tricks + home_tricks
    if total != 13:
        raise PydanticCustomError(
            "inconsistent",
            f"the tricks must add up to 13 "
            f"(visitors {visitor_tricks} + home {home_tricks} = {total})",
        )


def _check_trump_or_cut(trump: TrumpName | None, cut: bool) -> None:
    if cut and trump is not None:
        raise PydanticCustomError(
            "inconsistent", "give a trump or ask the hub to cut for one, not both"
        )


Version = Annotated[Literal[1], BeforeValidator(_check_version)]
MessageId = Annotated[str, Field(min_length=1, max_length=MAX_ID_LENGTH)]
#: Extension: a kiosk offers a report (result, deal, count) it was already answered for again,
#: to a new hub epoch (docs/protocol.md, "The tables are the second copy"). Only ever sent as
#: ``true`` and left out otherwise, so an ordinary report is byte for byte what it always was.
#: The hub handles a re-offer exactly as any report (dedup by id); the mark only lets the
#: leader's line "results recovered from the tables" tell it apart.
Reoffer = Annotated[bool, Field(exclude_if=lambda marked: not marked)]
#: The most flags a table's count may say (the hub checks the tournament's own bound).
MAX_COUNTED_FLAGS = 9999
TableNumber = Annotated[int, Field(ge=1)]
TeamNumber = Annotated[int, Field(ge=1)]
HandNumber = Annotated[int, Field(ge=1)]
DayNumber = Annotated[int, Field(ge=1)]
Tricks = Annotated[int, Field(ge=0, le=13)]
Reason = Annotated[str, Field(max_length=MAX_REASON_LENGTH), AfterValidator(_not_blank)]


def _tidy_schema(schema: JsonDict, cls: type[Any]) -> None:
    # v and op have Python defaults so code can write Ack(id=..., status=...), but every
    # message on the wire must carry them: decode() insists, and the schema must say so.
    properties = schema.get("properties")
    if isinstance(properties, dict):
        required = schema.get("required")
        names = list(required) if isinstance(required, list) else []
        for name in ("op", "v"):
            if name in properties and name not in names:
                names.insert(0, name)
        schema["required"] = names
    # Docstrings become descriptions; their doctest examples belong in code, not in the schema.
    description = schema.get("description")
    if isinstance(description, str):
        schema["description"] = description.split("\n\n")[0].replace("\n", " ")


class _Inbound(BaseModel):
    # Sent by kiosks and the leader console, which we do not trust: strict types (no "5" -> 5,
    # no true -> 1) and unknown fields refused, so a typo never silently drops a value.
    model_config = ConfigDict(
        strict=True, extra="forbid", frozen=True, json_schema_extra=_tidy_schema
    )


class _Outbound(BaseModel):
    # Owned by the hub: kiosks ignore fields they do not know, so the hub can add some later
    # without a version bump.
    model_config = ConfigDict(extra="ignore", frozen=True, json_schema_extra=_tidy_schema)


class Side(_Outbound):
    """One team at a table this hand, with the seat labels of its players there.

    >>> Side(team=7, players=["X", "Y"]).team
    7
    """

    team: TeamNumber
    players: list[str]


class Away(_Outbound):
    """Where a table's own travelling players sit this hand.

    >>> Away(table=10, players=["A", "B"]).table
    10
    """

    table: TableNumber
    players: list[str]


class Assignment(_Outbound):
    """What one table plays now (hub -> kiosk, retained); ``trump`` is null until chosen.

    >>> a = decode(Assignment, b'{"v":1,"hand":5,"hands":30,"day":1,"phase":"playing",'
    ...     b'"trump":"hearts","table":7,"home":{"team":7,"players":["X","Y"]},'
    ...     b'"visitors":{"team":4,"players":["A","B"]},'
    ...     b'"away":{"table":10,"players":["A","B"]},"flags":12,"points":0}')
    >>> (a.table, a.visitors.team, a.away.table)
    (7, 4, 10)
    """

    v: Version = 1
    hand: Annotated[int, Field(ge=0)]  # 0 = before the first hand
    hands: Annotated[int, Field(ge=1)]
    day: DayNumber
    phase: Phase
    trump: TrumpName | None
    table: TableNumber
    home: Side
    visitors: Side
    away: Away
    flags: int
    points: int


class Player(_Outbound):
    """A player: the seat label printed on the table card, and the name in the tournament
    file ("" when none was typed in)."""

    seat: str
    name: str = ""


class TeamAtTable(_Outbound):
    """A team at a table this hand, with its name and the players who sit there."""

    team: TeamNumber
    name: str
    players: list[Player]


class PlayersAway(_Outbound):
    """Where this table's own travelling players sit this hand."""

    table: TableNumber
    players: list[Player]


class HandOver(_Outbound):
    """One thing the players must do with the flags on the table: ``giver`` gives ``count``
    flags to the other side (``home`` to the visitors, or the visitors back to home)."""

    giver: Literal["home", "visitors"]
    count: Annotated[int, Field(ge=1)]


class RecordedResult(_Outbound):
    """A result as the hub holds it, for one hand at one table, with what it is worth.

    ``role`` is what the team of the view was in it: ``home`` (played at its own table) or
    ``visitors`` (its travellers at ``table``). ``by`` says who entered what counts now:
    the table's kiosk, or the leader (a correction, or a result the table never sent).
    ``hand_over`` is what must move now: the whole result's flags the first time, the
    difference after a correction. ``change`` is the team's own gain (negative: a loss).
    """

    hand: HandNumber
    table: TableNumber
    role: Literal["home", "visitors"]
    home_team: TeamNumber
    visitor_team: TeamNumber
    visitor_tricks: Annotated[int, Field(ge=0, le=13)]
    home_tricks: Annotated[int, Field(ge=0, le=13)]
    revokes_home: Annotated[int, Field(ge=0)]
    revokes_visitors: Annotated[int, Field(ge=0)]
    penalty: Literal["home", "visitors"] | None = None
    by: Literal["table", "leader"]
    corrected: bool
    flags: Annotated[int, Field(ge=0)]  # flags the visitors took from the home table
    home_points: int
    visitor_points: int
    counted_visitor_tricks: Annotated[int, Field(ge=0, le=13)]
    why: str
    hand_over: list[HandOver]
    change: int


class Move(_Outbound):
    """Who goes where when a hand starts, for the people at a table: ``go`` (this table's
    travellers, to ``table``), ``stay`` and ``come_back`` (this table's home players),
    ``return_home`` (the visitors of the hand before, to their own ``table``) and
    ``go_on`` (visitors who travel again, straight on to ``table``)."""

    action: Literal["go", "stay", "come_back", "return_home", "go_on"]
    players: list[Player]
    team: TeamNumber
    table: TableNumber | None = None


class TableLoan(_Outbound):
    """Flags lent to this table today: by the leader, or by the hub when it had too few."""

    hand: Annotated[int, Field(ge=0)]
    flags: Annotated[int, Field(ge=1)]
    automatic: bool


class DayResult(_Outbound):
    """A day's or the tournament's end, for one team: its total that day and its place.

    ``final`` when every hand of the tournament has been played; ``shared`` when other
    teams hold the same place (a tie-break may still decide it).
    """

    day: DayNumber
    total: int
    score: int
    place: Annotated[int, Field(ge=1)]
    teams: Annotated[int, Field(ge=1)]
    shared: bool
    final: bool


class CountAtTable(_Outbound):
    """Extension (decision A19): the count a table's players are asked for, once a day has
    ended: ``counted`` what they entered (or the verifier; None: not counted yet) and whether
    it ``agrees`` with the hub's (the core decides; the hub's own number is not shown)."""

    day: DayNumber
    counted: Annotated[int, Field(ge=0)] | None = None
    status: Literal["agrees", "differs", "not counted"]


class DayCounts(_Outbound):
    """Extension (decision A19): one ended day's verifiers' count, for the console and the
    hall: how many tables were counted and which differ from the hub's count."""

    day: DayNumber
    counted: Annotated[int, Field(ge=0)]
    differ: list[TableNumber] = []


class TableView(_Outbound):
    """Extension: everything table ``table``'s players must know, as the hub holds it (hub ->
    kiosk ``table``, retained on ``whist/table/{t}/view``; republished whenever any of it
    changes: a result, a correction, a penalty, a loan, a hand's start or close, a day's
    end, a tie-break, an undo). A kiosk shows this and nothing it worked out itself.

    ``hand`` is the hand the table is about (the one in play, or the next one while
    waiting); ``held`` the flags on this table (a format of flags) or the team's points;
    ``results`` this table's results as home and its travellers' as visitors, for this
    hand and the one before, newest first; ``moves`` who goes where as ``hand`` starts.
    """

    v: Version = 1
    table: TableNumber
    tournament: str
    rules: FormatInfo
    hand: Annotated[int, Field(ge=1)]
    hands: Annotated[int, Field(ge=1)]
    day: DayNumber
    days: DayNumber
    phase: Phase
    trump: TrumpName | None
    home: TeamAtTable
    visitors: TeamAtTable
    away: PlayersAway
    held: int
    reported: bool
    results: list[RecordedResult]
    moves: list[Move]
    loans: list[TableLoan]
    day_result: DayResult | None = None
    seq: int = 0
    # extensions (issue 12): results missing from hands that are over (the places are
    # provisional while it is not 0); flags the hub lent this table that the leader is
    # bringing; the hand after which the leader ended play early (null: not ended early)
    results_missing: Annotated[int, Field(ge=0)] = 0
    to_bring: Annotated[int, Field(ge=0)] = 0
    ended_after: Annotated[int, Field(ge=0)] | None = None
    # decision A19: the count the players are asked for once the day has ended (null: none)
    count: CountAtTable | None = None


class Revokes(_Inbound):
    """Established revokes per side in one hand; the format turns them into penalties.

    >>> Revokes(home=1, visitors=0).home
    1
    """

    home: Annotated[int, Field(ge=0, le=13)]
    visitors: Annotated[int, Field(ge=0, le=13)]


class Result(_Inbound):
    """A table's tricks for one hand (kiosk -> hub); the kiosk resends it until acked.

    >>> r = decode_result(b'{"v":1,"id":"r-1","hand":5,"table":7,"visitor_tricks":8,'
    ...     b'"home_tricks":5,"revokes":{"home":0,"visitors":0}}')
    >>> (r.visitor_tricks, r.home_tricks)
    (8, 5)
    """

    v: Version = 1
    id: MessageId
    hand: HandNumber
    table: TableNumber
    visitor_tricks: Tricks
    home_tricks: Tricks
    revokes: Revokes
    reoffer: Reoffer = False  # extension: offered again to a new hub epoch

    @model_validator(mode="after")
    def _thirteen_tricks(self) -> Self:
        _check_tricks(self.visitor_tricks, self.home_tricks)
        return self


class Ack(_Outbound):
    """The hub's answer to a Result, echoing its id; ``reason`` and ``code`` when rejected.

    >>> encode(Ack(id="r-1", status="accepted", hand=5, flags=13))
    b'{"v":1,"id":"r-1","status":"accepted","hand":5,"flags":13}'
    """

    v: Version = 1
    id: MessageId
    status: AckStatus
    reason: str | None = None
    hand: HandNumber | None = None
    flags: int | None = None
    # extensions
    code: str | None = None  # machine-readable reason, so a kiosk can translate it
    points: int | None = None  # the table's team points after this result (Gaspésie)
    seq: int | None = None  # the result's place in the hub's log (see Standings.seq)
    deal: int | None = None  # club nights: the deal acknowledged (ClubDeal.deal)
    day: int | None = None  # a table's count (FlagCount): the day it counted
    # club nights: ``reason`` as its English template (the msgid) and the values it names,
    # so that a kiosk says it in its own language (docs/protocol.md 4.3)
    reason_text: str | None = None
    reason_args: dict[str, str | int] | None = None


class FormatInfo(_Outbound):
    """Extension: what a screen needs of the format to lay out a score, decided by the format
    (``whist.formats``): the unit, the wording context, the default language, what the
    leader may do, how ties are broken.

    >>> FormatInfo(name="gaspesie", unit="points", wording="gaspesie", language="fr",
    ...            lends_flags=False, penalties=True, tie_break="countback",
    ...            revoke_penalty="hand").unit
    'points'
    """

    name: FormatName
    unit: Literal["flags", "points"]
    wording: str | None
    language: Literal["en", "fr"]
    lends_flags: bool
    penalties: bool
    tie_break: Literal["playoff", "countback"]
    revoke_penalty: Literal["two_tricks", "hand"]
    # travellers move on table to table (True) or go home after each hand (False)
    travellers_progress: bool = False


# --------------------------------------------------------------------------------------------
# Club nights (extension): a table keeping score deal after deal (docs/protocol.md, section 11)
# --------------------------------------------------------------------------------------------


class DealRecord(_Inbound):
    """What a club table taps in for one deal; each game reads the fields it needs and refuses
    the others (docs/rules.md, C2): Minnesota ``granded`` (``NS``, ``EW`` or ``low``), English
    and American ``trump``, English ``honours`` and ``honours_held``; every partnership game
    one side's tricks (``ns_tricks`` or ``ew_tricks``, or both adding up to 13) and the revokes.

    The games played each for oneself read, per seat, ``tricks`` (every game) and ``bids``
    (8-to-1), which :meth:`fields` spreads out as ``tricks_N``, ``bid_N``…; ``widow``, who took
    the widow (Widow whist, ``none`` or unset: nobody); ``contract``, ``bidder``, ``partner``,
    ``bidder_tricks`` and ``revoker`` (Solo whist); ``trump`` (Knockout and 8-to-1, for the
    record).

    >>> DealRecord(granded="NS", ns_tricks=9).fields()
    {'granded': 'NS', 'ns_tricks': 9}
    >>> DealRecord(widow="2", tricks={"1": 3, "2": 6, "3": 4}).fields()["tricks_2"]
    6
    """

    granded: Literal["NS", "EW", "low"] | None = None
    trump: TrumpName | None = None
    ns_tricks: Tricks | None = None
    ew_tricks: Tricks | None = None
    honours: PartnershipName | None = None
    honours_held: Annotated[int, Field(ge=3, le=4)] | None = None
    ns_revokes: Annotated[int, Field(ge=0, le=13)] | None = None
    ew_revokes: Annotated[int, Field(ge=0, le=13)] | None = None
    tricks: dict[SeatName, Tricks] | None = None
    bids: dict[SeatName, Tricks] | None = None
    widow: SeatName | Literal["none"] | None = None
    contract: SoloContractName | None = None
    bidder: SeatName | None = None
    partner: SeatName | None = None
    bidder_tricks: Tricks | None = None
    revoker: SeatName | None = None

    def fields(self) -> dict[str, str | int]:
        """The fields the table set, as a game's ``record`` reads them (per-seat counts
        spread out: ``tricks={"N": 3}`` is ``tricks_N: 3``)."""
        flat: dict[str, str | int] = {}
        for key, value in self.model_dump().items():
            if isinstance(value, dict):
                name = "bid" if key == "bids" else key
                flat.update({f"{name}_{seat}": count for seat, count in value.items()})
            elif value is not None:
                flat[key] = value
        return flat


class ClubDeal(_Inbound):
    """A deal a club table reports (kiosk -> hub, ``whist/table/{t}/deal``); the kiosk keeps it
    until the Ack with its id comes back, exactly as a Result. ``deal`` is the deal's number at
    this table (1, 2, 3…): a second, different record for a deal already recorded is refused.

    >>> d = decode(ClubDeal, b'{"v":1,"id":"d-1","table":2,"deal":1,'
    ...            b'"record":{"granded":"low","ns_tricks":4}}')
    >>> d.record.fields()
    {'granded': 'low', 'ns_tricks': 4}
    """

    v: Version = 1
    id: MessageId
    table: TableNumber
    deal: Annotated[int, Field(ge=1, le=MAX_DEALS)]
    record: DealRecord
    reoffer: Reoffer = False  # extension: offered again to a new hub epoch


class FlagCount(_Inbound):
    """Extension (decision A19): the flags a table's players counted, in fives, at the end of
    ``day`` (kiosk -> hub, ``whist/table/{t}/count``). The kiosk keeps it until the Ack with
    its id comes back, exactly as a Result; the hub records it as the console's ``verify``
    does, and a recount (a new id) replaces it.

    >>> decode(FlagCount, b'{"v":1,"id":"k-1","table":5,"day":1,"flags":11}').flags
    11
    """

    v: Version = 1
    id: MessageId
    table: TableNumber
    day: DayNumber
    flags: Annotated[int, Field(ge=0, le=MAX_COUNTED_FLAGS)]
    reoffer: Reoffer = False  # extension: offered again to a new hub epoch


class Epoch(_Outbound):
    """Extension: the hub's session (hub, retained, ``whist/hub/epoch``), a new ``epoch`` at
    every start of the hub. A kiosk that has not offered its kept reports to this epoch yet
    offers them again (marked ``reoffer``), so a log that lost its last writes (a damaged
    SD card, a restored backup) gets them back. ``log`` names the hub's log (its tournament or
    club night): the same after a restart or a restored backup, another for another event. A
    kiosk offers a result again only to the log that accepted it.

    >>> decode(Epoch, b'{"v":1,"epoch":"5f0c","log":"a1b2"}').epoch
    '5f0c'
    """

    v: Version = 1
    epoch: MessageId
    log: MessageId


_ENTRY_ADAPTER: TypeAdapter[EntrySchema] = TypeAdapter(EntrySchema)
#: Each game's schema as sent, by the schema's identity (a game's is one object for the life
#: of the hub; hashing it would walk every page each time).
_ENTRY_SENT: dict[int, tuple[EntrySchema, dict[str, Any]]] = {}


def _entry_sent(entry: EntrySchema) -> dict[str, Any]:
    """``entry`` without the parts left at their defaults, worked out once. Read-only: the
    same dict is handed out every time."""
    known = _ENTRY_SENT.get(id(entry))
    if known is None or known[0] is not entry:
        known = (entry, _ENTRY_ADAPTER.dump_python(entry, mode="json", exclude_defaults=True))
        if len(_ENTRY_SENT) < 64:
            _ENTRY_SENT[id(entry)] = known
    return known[1]


class ClubRules(_Outbound):
    """What a screen needs of a club game: its name and title, the target of a game, what the
    night's standings count first, how long the night is, what a table enters, its seats and
    partnerships."""

    name: AnyFormatName
    title: str
    language: Literal["en", "fr"]
    #: 0: the game has no target (the individual games)
    target: Annotated[int, Field(ge=0)]
    wins: Literal["games", "rubbers"]
    length: Literal["deals", "games", "rubbers", "open"]
    length_count: Annotated[int, Field(ge=0)] = 0
    fields: list[str]
    seats: list[SeatName]
    parties: list[ClubPartyName]
    #: Extension: what a table enters for one deal, page by page, and in which words
    #: (whist.formats.entry; docs/protocol.md). None from a hub that predates it.
    entry: EntrySchema | None = None

    # extension (issue 22): what a screen shows of the game, decided by the game, so that no
    # screen names it (None: a hub older than these fields). ``individual``: a party is one
    # player; ``ranks_by``: what the night's standings count, in order (the leaderboard's
    # columns and its note); ``rounds``: each table's round is shown (Knockout, 8-to-1);
    # ``knocks_out``: players are knocked out of a game (Knockout).
    individual: bool | None = None
    ranks_by: list[Literal["games", "rubbers", "points", "tricks"]] | None = None
    rounds: bool | None = None
    knocks_out: bool | None = None

    @field_serializer("entry")
    def _entry_without_defaults(self, entry: EntrySchema | None) -> dict[str, Any] | None:
        # sent without the parts left at their defaults (a reader fills them in again), and
        # worked out once per game: it rides on every ClubScore
        return None if entry is None else _entry_sent(entry)


class ClubLine(_Outbound):
    """One line of a deal's score: ``party`` scored ``points`` for ``why`` (``tricks``,
    ``grand``, ``grand_against``, ``low``, ``honours``, ``revoke``, ``game``, ``rubber``…)."""

    party: ClubPartyName
    points: int
    why: str


class ClubParty(_Outbound):
    """One partnership (or, in a game played each for oneself, one player) at a club table:
    its players (seat and name), its score in the game in play, the games it won tonight and
    in the rubber in play, its rubbers and night points."""

    party: ClubPartyName
    players: list[Player]
    score: int
    games: Annotated[int, Field(ge=0)]
    rubber_games: Annotated[int, Field(ge=0)]
    rubbers: Annotated[int, Field(ge=0)]
    points: int


class ClubDealScored(_Outbound):
    """A deal as the hub holds it, with what it scored. ``by`` says who entered what counts
    now: the table's kiosk, or the leader (a correction, or a deal entered for the table)."""

    deal: Annotated[int, Field(ge=1)]
    record: dict[str, str | int]
    lines: list[ClubLine]
    unscored: list[ClubLine]
    game_won_by: ClubPartyName | None = None
    rubber_won_by: ClubPartyName | None = None
    by: Literal["table", "leader"]
    #: Who else won the game with ``game_won_by`` (a tie at the top, 8-to-1), and who was
    #: knocked out by this deal (Knockout).
    game_shared_with: list[ClubPartyName] = []
    knocked_out: list[ClubPartyName] = []
    corrected: bool = False


class ClubPlace(_Outbound):
    """Where a partnership stands in the night: ``rank`` of ``of`` (``shared`` when another
    partnership holds the same rank)."""

    party: ClubPartyName
    rank: Annotated[int, Field(ge=1)]
    of: Annotated[int, Field(ge=1)]
    shared: bool


class ClubRound(_Outbound):
    """Extension: the next round of a game played in rounds (Knockout, 8-to-1): its number in
    the game, the cards to deal each player, who is still in, whether it has a trump and who
    chooses it (None: the card turned up, or the hub's draw)."""

    number: Annotated[int, Field(ge=1)]
    cards: Annotated[int, Field(ge=1, le=13)]
    players: list[SeatName]
    has_trump: bool = True
    chooses_trump: SeatName | None = None
    #: 8-to-1: the round's trump as the hub drew it for the whole room (``none`` in an
    #: eight-card round); None where nobody draws (Knockout) or before the draw.
    trump: TrumpName | None = None


class ClubScore(_Outbound):
    """Extension: everything a club table's players must know, as the hub holds it (hub ->
    kiosk ``table``, retained on ``whist/table/{t}/score``; republished after every deal,
    correction and the night's end). A kiosk shows this and nothing it worked out itself.

    ``deal`` is the number of the next deal to enter, ``dealer`` who deals it; ``last`` the
    last deal recorded (``None`` before the first); ``finished`` when the table has played the
    night's length, ``ended`` when the leader has ended the night; ``places`` once either is so.
    """

    v: Version = 1
    table: TableNumber
    night: str
    rules: ClubRules
    deal: Annotated[int, Field(ge=1)]
    dealer: Player
    parties: list[ClubParty]
    last: ClubDealScored | None = None
    finished: bool = False
    ended: bool = False
    places: list[ClubPlace] = []
    seq: int = 0
    #: The next round, in Knockout and 8-to-1 (None in the other games).
    round: ClubRound | None = None


class NightRow(_Outbound):
    """One line of a club night's standings: a partnership of a table and its players (in a
    game played each for oneself, one player: ``party`` is the seat)."""

    rank: Annotated[int, Field(ge=1)]
    table: TableNumber
    party: ClubPartyName
    players: list[Player]
    wins: Annotated[int, Field(ge=0)]
    games: Annotated[int, Field(ge=0)]
    rubbers: Annotated[int, Field(ge=0)]
    points: int
    #: Extension (issue 22): knocked out of the game in play at its table (Knockout), as the
    #: core computes it.
    out: bool = False


class NightTable(_Outbound):
    """One table's progress on a club night: deals played, the game in play's score by
    party (in ``ClubRules.parties`` order), whether it has played the night's length, and
    (Knockout, 8-to-1) its next round, the same ClubRound its ClubScore carries."""

    table: TableNumber
    deals: Annotated[int, Field(ge=0)]
    score: list[int]
    games: list[int]
    finished: bool
    #: Extension: Knockout and 8-to-1, the table's next round (its number, cards, who is
    #: still in, 8-to-1's drawn trump), as the core computes it; None in the other games.
    round: ClubRound | None = None
    #: Extension (issue 22): the number of the game in play at the table (the games it has
    #: finished, plus one); None from an older hub.
    game: Annotated[int, Field(ge=1)] | None = None


class NightStandings(_Outbound):
    """Extension: a club night's standings (hub, retained on ``whist/night``): every
    partnership by wins (games or rubbers, ``rules.wins``) then points, equal ones sharing a
    rank; and every table's progress.

    >>> NightStandings(night="Tuesday", rules=ClubRules(name="american", title="American whist",
    ...     language="en", target=7, wins="games", length="open", fields=["trump", "ns_tricks"],
    ...     seats=["N", "E", "S", "W"], parties=["NS", "EW"]), rows=[], tables=[]).ended
    False
    """

    v: Version = 1
    night: str
    rules: ClubRules
    rows: list[NightRow]
    tables: list[NightTable]
    ended: bool = False
    seq: int = 0
    #: 8-to-1: every round's trump drawn so far tonight, by round number as text
    #: (``{"1": "none", "5": "hearts"}``); the same at every table.
    trumps: dict[str, TrumpName] = {}
    #: Extension (issue 22), 8-to-1: the room's round, the one most tables play next (the
    #: later one when as many play two), with its drawn trump; None in the other games, once
    #: every table has finished, or once the night has ended.
    room_round: ClubRound | None = None


class State(_Outbound):
    """The tournament as a whole (hub, retained): hand, phase, trump, who has reported.

    >>> s = State(tournament="Spring", format="alberta", tables=16, hand=5, hands=30, day=1,
    ...           phase="playing", trump="hearts", reported=[1, 2, 7], missing=[3])
    >>> (s.offline, s.days)
    ([], 1)
    """

    v: Version = 1
    tournament: str
    format: AnyFormatName
    tables: Annotated[int, Field(ge=1)]
    hand: Annotated[int, Field(ge=0)]
    hands: Annotated[int, Field(ge=1)]
    day: DayNumber
    phase: Phase
    trump: TrumpName | None
    reported: list[TableNumber]
    missing: list[TableNumber]
    # extensions
    offline: list[TableNumber] = []  # tables whose kiosk is not online (or never connected)
    calling: list[TableNumber] = []  # tables waiting for the leader (a Call not yet cleared)
    call_reasons: dict[str, str] = {}  # table number (as text) -> what the players said
    conflicts: list[TableNumber] = []  # tables with two different results not yet settled
    days: DayNumber = 1
    rules: FormatInfo | None = None  # the format's own answers (a hub of this version sends it)
    finished: bool = False  # every hand played and closed: the standings are final
    # issue 12: the hand start_hand opens next (0 once play is over; after a day ended early
    # it is the next day's first hand); the hand after which the leader ended play early;
    # every started hand's tables without a result (hand as text -> tables, the hand in play
    # included); how many results are missing from hands that are over (standings are
    # provisional while it is not 0); flags the hub lent automatically that the leader has
    # still to bring (table as text -> flags)
    next_hand: Annotated[int, Field(ge=0)] | None = None
    ended_after: Annotated[int, Field(ge=0)] | None = None
    unreported: dict[str, list[TableNumber]] = {}
    results_missing: Annotated[int, Field(ge=0)] = 0
    to_bring: dict[str, int] = {}
    # decision A19: each ended day's verifiers' count (a format of flags), oldest first
    counts: list[DayCounts] = []
    # the day in play has been ended (end_day) and the next day's first hand has not started
    day_ended: bool = False
    # club nights: the game's rules (a club night's State has no hands: hand 0 of 1, and
    # ``finished`` once the leader has ended the night)
    club: ClubRules | None = None
    # results the log lacked that the tables offered again (docs/protocol.md, "The tables are
    # the second copy"): recorded, counted once, and said to the leader
    recovered: Annotated[int, Field(ge=0)] = 0


class TeamStanding(_Outbound):
    """One line of the standings; ``flags`` is the score under the format's rules.

    >>> TeamStanding(team=7, name="Table 7", flags=14, points=0, day_totals=[14],
    ...              loans=0, rank=1).rank
    1
    """

    team: TeamNumber
    name: str
    flags: int
    points: int
    day_totals: list[int]
    loans: Annotated[int, Field(ge=0)]
    rank: Annotated[int, Field(ge=1)]
    # extension: the team's change (flags or points) over hand Standings.change_hand (a hub
    # of this version always sends it)
    change: int | None = None
    # extension (rules G7): true when this rank is the leader's recorded decision, not the
    # count-back's; left out otherwise
    by_leader: bool | None = None


class Standings(_Outbound):
    """Every team, ordered by rank (hub, retained).

    >>> Standings(hand=5, day=1, teams=[]).teams
    []
    """

    v: Version = 1
    hand: Annotated[int, Field(ge=0)]
    day: DayNumber
    teams: list[TeamStanding]
    # extension: how many facts the hub's log held when these standings were made; a result
    # whose Ack says seq=n is counted in every Standings with seq >= n.
    seq: int = 0
    # extension: the last completed hand (closed, or followed by a later one; 0: none yet),
    # which each team's ``change`` is about.
    change_hand: Annotated[int, Field(ge=0)] = 0
    # extension (issue 12): results missing from hands that are over: provisional while > 0
    results_missing: Annotated[int, Field(ge=0)] = 0
    # extension (issue 12): play is over (State.finished): these standings are final
    final: bool = False
    # extension (issue 22): level teams hold different places by the format's tie-break (a
    # playoff, the backward count), not by the leader's decision; left out otherwise
    placed_by: Literal["playoff", "countback"] | None = None


class TeamChange(_Outbound):
    """One team's new score in a StandingsChanges message (no rank: see Standings)."""

    team: TeamNumber
    flags: int
    points: int
    day_totals: list[int]
    loans: Annotated[int, Field(ge=0)]


class StandingsChanges(_Outbound):
    """Extension: the teams whose score changed, published after every batch of results.

    Full Standings (retained, with ranks) follow at most a few times a second; a hall display
    applies these in between so it moves as soon as a table reports.

    >>> decode(StandingsChanges, b'{"v":1,"hand":3,"day":1,"seq":42,"teams":[]}').seq
    42
    """

    v: Version = 1
    hand: Annotated[int, Field(ge=0)]
    day: DayNumber
    seq: int
    teams: list[TeamChange]


class Call(_Inbound):
    """A table calling the leader over (kiosk -> hub); the reason may be empty.

    >>> decode_call(b'{"v":1,"id":"c-1","reason":"misdeal"}').reason
    'misdeal'
    """

    v: Version = 1
    id: MessageId
    reason: Annotated[str, Field(max_length=MAX_REASON_LENGTH), AfterValidator(plain_text)]


# --------------------------------------------------------------------------------------------
# Leader commands: one class per op. To add an op, write its class and add it to Command.
# --------------------------------------------------------------------------------------------


class _CommandBase(_Inbound):
    v: Version = 1
    id: MessageId


class StartHand(_CommandBase):
    """Open the next hand; ``trump`` overrides the pattern's, ``cut`` lets the hub draw one.

    >>> decode_command(b'{"v":1,"id":"c1","op":"start_hand","trump":"clubs"}').trump
    'clubs'
    """

    op: Literal["start_hand"] = "start_hand"
    trump: TrumpName | None = None
    cut: bool = False  # extension: the hub draws trump at random (the director's cut)

    @model_validator(mode="after")
    def _one_way_to_trump(self) -> Self:
        _check_trump_or_cut(self.trump, self.cut)
        return self


class CloseHand(_CommandBase):
    """No more results for the current hand.

    >>> decode_command(b'{"v":1,"id":"c2","op":"close_hand"}').op
    'close_hand'
    """

    op: Literal["close_hand"] = "close_hand"


class Correct(_CommandBase):
    """Replace a recorded result (audited, so a reason is required).

    >>> c = Correct(id="c3", hand=5, table=7, visitor_tricks=6, home_tricks=7,
    ...             revokes=Revokes(home=0, visitors=0), reason="miscounted")
    >>> c.home_tricks
    7
    """

    op: Literal["correct"] = "correct"
    hand: HandNumber
    table: TableNumber
    visitor_tricks: Tricks
    home_tricks: Tricks
    revokes: Revokes
    reason: Reason

    @model_validator(mode="after")
    def _thirteen_tricks(self) -> Self:
        _check_tricks(self.visitor_tricks, self.home_tricks)
        return self


class Loan(_CommandBase):
    """Lend flags to a table that has run out (Alberta rule 8).

    >>> Loan(id="c4", table=3, flags=2).flags
    2
    """

    op: Literal["loan"] = "loan"
    table: TableNumber
    flags: Annotated[int, Field(ge=1, le=12)]


class EndDay(_CommandBase):
    """Record each table's day total and give every table 12 flags again.

    Extensions (issue 12): ``early`` ends the day before its last hand (the rest of the
    day's hands are not played); ``final`` ends the tournament with the day (or after a day
    already ended): no more hands start, the standings are final.

    >>> EndDay(id="c5").op
    'end_day'
    >>> decode_command(b'{"v":1,"id":"c5","op":"end_day","early":true,"final":true}').final
    True
    """

    op: Literal["end_day"] = "end_day"
    early: bool = False
    final: bool = False


class UndoStart(_CommandBase):
    """Take back a start_hand for which no result has been recorded.

    >>> UndoStart(id="c6").op
    'undo_start'
    """

    op: Literal["undo_start"] = "undo_start"


class Rename(_CommandBase):
    """Extension: the leader gives the tournament another name (every screen shows it).

    >>> decode_command('{"v":1,"id":"c30","op":"rename","name":"Whist militaire"}'.encode()).name
    'Whist militaire'
    """

    op: Literal["rename"] = "rename"
    name: Annotated[str, Field(max_length=MAX_NAME_LENGTH), AfterValidator(_not_blank)]


class Penalty(_CommandBase):
    """Extension: the leader gives a hand's penalty against one side of a table.

    >>> Penalty(id="c7", hand=5, table=7, side="home", reason="signalling").side
    'home'
    """

    op: Literal["penalty"] = "penalty"
    hand: HandNumber
    table: TableNumber
    side: SideName
    reason: Reason


class ClearCall(_CommandBase):
    """Extension: the leader has answered a table's call.

    >>> ClearCall(id="c8", table=7).table
    7
    """

    op: Literal["clear_call"] = "clear_call"
    table: TableNumber


class TieBreakStart(_CommandBase):
    """Extension: start a tie-break hand between tied teams (two or more).

    >>> TieBreakStart(id="c9", teams=[3, 8], cut=True).teams
    [3, 8]
    """

    op: Literal["tiebreak_start"] = "tiebreak_start"
    teams: Annotated[list[TeamNumber], Field(min_length=2), AfterValidator(_distinct)]
    trump: TrumpName | None = None
    cut: bool = False
    #: (issue 12) three or more teams: the card each team's A player really drew (team as
    #: text -> "K♦" or "KD"); the hub draws them itself when left out
    draws: dict[str, Annotated[str, Field(min_length=2, max_length=4)]] | None = None

    @model_validator(mode="after")
    def _one_way_to_trump(self) -> Self:
        _check_trump_or_cut(self.trump, self.cut)
        if self.draws is not None and (
            len(self.teams) < 3 or set(self.draws) != {str(t) for t in self.teams}
        ):
            raise PydanticCustomError(
                "inconsistent", "draws are for three or more teams: one card for each team"
            )
        return self


class TieBreakResult(_CommandBase):
    """Extension: the tricks of a tie-break hand; ``tricks[i]`` belongs to ``teams[i]``.

    >>> TieBreakResult(id="c10", teams=[3, 8], tricks=[7, 6]).tricks
    [7, 6]
    """

    op: Literal["tiebreak_result"] = "tiebreak_result"
    teams: Annotated[list[TeamNumber], Field(min_length=2, max_length=2), AfterValidator(_distinct)]
    tricks: Annotated[list[Tricks], Field(min_length=2, max_length=2), AfterValidator(_thirteen)]


class TieBreakTrump(_CommandBase):
    """Extension: the director cut the deck for the next playoff hand; its trump replaces
    the one the hub cut.

    >>> decode_command(b'{"v":1,"id":"c25","op":"tiebreak_trump","trump":"clubs"}').trump
    'clubs'
    """

    op: Literal["tiebreak_trump"] = "tiebreak_trump"
    trump: TrumpName


class TieBreakUndo(_CommandBase):
    """Extension: take back the last tie-break (running or decided), to play it again.

    >>> decode_command(b'{"v":1,"id":"c26","op":"tiebreak_undo"}').op
    'tiebreak_undo'
    """

    op: Literal["tiebreak_undo"] = "tiebreak_undo"


class PlaceDecision(_CommandBase):
    """Extension (Gaspésie, rules G7): the leader places teams the count-back leaves level,
    first to last, with a reason; a new decision on the same teams replaces it.

    >>> PlaceDecision(id="c27", teams=[4, 2], reason="rule 1: drawn by lot").teams
    [4, 2]
    """

    op: Literal["place_decision"] = "place_decision"
    teams: Annotated[list[TeamNumber], Field(min_length=2), AfterValidator(_distinct)]
    reason: Annotated[str, Field(min_length=1, max_length=200), AfterValidator(plain_text)]


class Plan(_CommandBase):
    """Extension: what the pattern says for a hand (the next one by default), sent nowhere.

    The console shows the move and the trump before it starts a hand.

    >>> decode_command(b'{"v":1,"id":"c11","op":"plan","hand":4}').hand
    4
    """

    op: Literal["plan"] = "plan"
    hand: HandNumber | None = None


class Results(_CommandBase):
    """Extension: the results recorded for a hand (the current one by default), per table.

    >>> decode_command(b'{"v":1,"id":"c12","op":"results","hand":2,"table":3}').table
    3
    """

    op: Literal["results"] = "results"
    hand: HandNumber | None = None
    table: TableNumber | None = None
    # issue 23: the page of conflicts wanted, from this one on (ResultsData.conflicts_total)
    conflicts_from: Annotated[int, Field(ge=0)] = 0


class Ties(_CommandBase):
    """Extension: teams level on score, the tie-break being played, the backward count.

    >>> decode_command(b'{"v":1,"id":"c13","op":"ties"}').op
    'ties'
    """

    op: Literal["ties"] = "ties"


class Loans(_CommandBase):
    """Extension: the loan ledger, every loan of the tournament (kept across day ends).

    >>> decode_command(b'{"v":1,"id":"c21","op":"loans"}').op
    'loans'
    """

    op: Literal["loans"] = "loans"


class Verify(_CommandBase):
    """Extension: the verifiers' count of a table's flags at the end of a day (the last day
    ended when ``day`` is left out). A recount replaces the count.

    >>> decode_command(b'{"v":1,"id":"c22","op":"verify","table":5,"day":1,"flags":11}').flags
    11
    """

    op: Literal["verify"] = "verify"
    table: TableNumber
    day: DayNumber | None = None
    flags: Annotated[int, Field(ge=0, le=6000)]


class AcceptCount(_CommandBase):
    """Extension: the leader takes the verifiers' count of a table over the hub's (audited).

    >>> AcceptCount(id="c23", table=5, day=1, reason="counted twice").reason
    'counted twice'
    """

    op: Literal["accept_count"] = "accept_count"
    table: TableNumber
    day: DayNumber
    reason: Reason


class Counts(_CommandBase):
    """Extension: the verifiers' counts of a day's end, table by table (the last day ended
    when ``day`` is left out).

    >>> decode_command(b'{"v":1,"id":"c24","op":"counts"}').day is None
    True
    """

    op: Literal["counts"] = "counts"
    day: DayNumber | None = None


class Export(_CommandBase):
    """Extension: the hub writes the CSV files and the printable sheets into DATA/exports.

    >>> decode_command(b'{"v":1,"id":"c14","op":"export","language":"fr"}').language
    'fr'
    """

    op: Literal["export"] = "export"
    language: Literal["en", "fr"] | None = None


class JoinCodeQuery(_CommandBase):
    """Extension: the code a new kiosk types to join the hall.

    >>> decode_command(b'{"v":1,"id":"c15","op":"join_code"}').op
    'join_code'
    """

    op: Literal["join_code"] = "join_code"


class RenewJoinCode(_CommandBase):
    """Extension: make a new join code now; the old one is refused from this moment.

    >>> decode_command(b'{"v":1,"id":"c16","op":"renew_join_code"}').op
    'renew_join_code'
    """

    op: Literal["renew_join_code"] = "renew_join_code"


class Joins(_CommandBase):
    """Extension: the kiosks that joined by code, and the wrong codes tried, newest first.

    >>> decode_command(b'{"v":1,"id":"c17","op":"joins"}').op
    'joins'
    """

    op: Literal["joins"] = "joins"


class CorrectDeal(_CommandBase):
    """Extension (club nights): replace a table's recorded deal, or enter the next one for the
    table (audited, so a reason is required). The table's score is replayed from its deals.

    >>> c = decode_command(b'{"v":1,"id":"c18","op":"correct_deal","table":2,"deal":3,'
    ...     b'"record":{"trump":"hearts","ns_tricks":8},"reason":"miscounted"}')
    >>> c.record.fields()
    {'trump': 'hearts', 'ns_tricks': 8}
    """

    op: Literal["correct_deal"] = "correct_deal"
    table: TableNumber
    deal: Annotated[int, Field(ge=1, le=MAX_DEALS)]
    record: DealRecord
    reason: Reason


class EndNight(_CommandBase):
    """Extension (club nights): the leader ends the night; no deal is taken after it and the
    standings are final.

    >>> decode_command(b'{"v":1,"id":"c19","op":"end_night"}').op
    'end_night'
    """

    op: Literal["end_night"] = "end_night"


class Deals(_CommandBase):
    """Extension (club nights): every deal recorded at a table (all tables when none given),
    with what each scored, for the console's corrections.

    >>> decode_command(b'{"v":1,"id":"c20","op":"deals","table":2}').table
    2
    """

    op: Literal["deals"] = "deals"
    table: TableNumber | None = None


Command = Annotated[
    StartHand
    | CloseHand
    | Correct
    | Loan
    | EndDay
    | UndoStart
    | Rename
    | Penalty
    | ClearCall
    | TieBreakStart
    | TieBreakResult
    | TieBreakTrump
    | TieBreakUndo
    | PlaceDecision
    | Plan
    | Results
    | Ties
    | Loans
    | Verify
    | AcceptCount
    | Counts
    | Export
    | JoinCodeQuery
    | RenewJoinCode
    | Joins
    | CorrectDeal
    | EndNight
    | Deals,
    Field(discriminator="op"),
]

# op -> command class, derived from Command so that a new op needs no other registration.
COMMANDS: Mapping[str, type[BaseModel]] = MappingProxyType(
    {cls.model_fields["op"].default: cls for cls in get_args(get_args(Command)[0])}
)

_COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command)


class Reply(_Outbound):
    """The hub's answer to a Command, echoing its id; ``error`` when refused.

    >>> encode(Reply(id="c1", ok=False, error="no hand is open"))
    b'{"v":1,"id":"c1","ok":false,"error":"no hand is open"}'
    """

    v: Version = 1
    id: MessageId
    ok: bool
    error: str | None = None
    data: dict[str, Any] | None = None  # extension: what a query-like command returns


# --------------------------------------------------------------------------------------------
# What a Reply's data holds, op by op (extension). The hub builds these and sends
# reply_data(model); the console reads them back with decode_reply_data(Model, reply). Fields
# left unset are not sent (a Gaspésie row has no "flags"), so each model's default is what
# "absent" means; a null the hub sets on purpose (no trump yet) is sent as null.
# --------------------------------------------------------------------------------------------


class _ReplyData(_Outbound):
    pass


class ErrorData(_ReplyData):
    """A refusal: ``code`` is an :class:`~whist.errors.ErrorCode` value (text, so that a
    console older than the hub still reads a code it does not know). A club night's refused
    deal also gives the reason as its English template and values (as an Ack does)."""

    code: str
    reason_text: str | None = None
    reason_args: dict[str, str | int] | None = None

    @property
    def error(self) -> ErrorCode | None:
        """The code as the enum, None for a code this side does not know."""
        try:
            return ErrorCode(self.code)
        except ValueError:
            return None


class PlanData(_ReplyData):
    """``plan``: what the pattern says for one hand, and where the hand falls in its day.

    >>> PlanData(hand=4, hands=6, day=1, days=1, session=2, sessions=2, first_of_session=True,
    ...          travellers=["B", "Y"], home=["A", "X"], offset=1, previous_offset=3,
    ...          previous_travellers=["A", "X"], trump="clubs", leader_chooses=False,
    ...          started=False, end_day_first=False).session
    2
    """

    hand: HandNumber
    hands: Annotated[int, Field(ge=1)]
    day: DayNumber
    days: DayNumber
    session: Annotated[int, Field(ge=1)]
    sessions: Annotated[int, Field(ge=1)]
    first_of_session: bool
    travellers: list[str]
    home: list[str]
    offset: int
    previous_offset: int | None
    previous_travellers: list[str] | None
    trump: TrumpName | None
    leader_chooses: bool
    started: bool
    end_day_first: bool


class SidePoints(_ReplyData):
    """Points each side's team won at one table (a format of points)."""

    home: int
    visitors: int


class PenaltyNote(_ReplyData):
    """The leader's penalty at one table: the side at fault, and why."""

    side: SideName
    reason: str


class RevokeCounts(_ReplyData):
    """Established revokes per side, as the hub recorded them."""

    home: Annotated[int, Field(ge=0)]
    visitors: Annotated[int, Field(ge=0)]


class TableResultRow(_ReplyData):
    """One table's result for a hand as the hub holds it (``results``). ``by`` says who
    entered what counts now: ``kiosk`` (the table) or ``leader`` (a correction, or a result
    the table never sent); ``corrected`` that the leader changed a result entered before.
    A row with only a penalty has no tricks."""

    table: TableNumber
    visitor_team: TeamNumber
    visitor_tricks: Tricks | None = None
    home_tricks: Tricks | None = None
    revokes: RevokeCounts | None = None
    by: Literal["kiosk", "leader"] | None = None
    corrections: list[str] = []
    corrected: bool = False  # the leader changed a result entered before (sent when true)
    flags: int | None = None  # flags the visitors took (a format of flags)
    points: SidePoints | None = None  # a format of points
    penalty: PenaltyNote | None = None


class ConflictRow(_ReplyData):
    """A second, different result a kiosk sent, waiting for the leader."""

    table: TableNumber
    id: str
    visitor_tricks: Tricks
    home_tricks: Tricks
    revokes: RevokeCounts


class ResultsData(_ReplyData):
    """``results``: the results of one hand, per table, the conflicts and who is missing."""

    hand: HandNumber
    trump: TrumpName | None
    tables: list[TableResultRow]
    conflicts: list[ConflictRow]
    missing: list[TableNumber]
    # issue 23: every conflict there is for the tables asked (``conflicts`` holds at most
    # CONFLICTS_PAGE of them, from the command's ``conflicts_from``)
    conflicts_total: Annotated[int, Field(ge=0)] | None = None


class TieGroup(_ReplyData):
    """Teams level on ``score``; ``decided`` once their ranks differ."""

    score: int
    teams: list[TeamNumber]
    decided: bool


class PlayoffHand(_ReplyData):
    """One playoff hand played: ``tricks[i]`` belongs to ``teams[i]``."""

    teams: list[TeamNumber]
    tricks: list[Tricks]
    trump: TrumpName | None


class Playoff(_ReplyData):
    """A playoff ladder: running (``next``, ``trump``) or done (``final``)."""

    order: list[TeamNumber]
    played: list[PlayoffHand]
    draws: dict[str, str] = {}  # team (as text) -> its drawn card, three or more teams
    next: list[TeamNumber] | None = None
    trump: TrumpName | None = None
    final: list[TeamNumber] | None = None
    # extension (rules A17): four or more teams play a knockout rather than the A9 ladder
    knockout: bool = False
    # extension (rules A18): two teams advance and second place is played off
    second_played_off: bool = False
    # extension (rules A18): the ``next`` hand is for second place
    for_second: bool = False
    # extension: once decided, each team's place in the group (team as text -> 1, 2, 3, 3…)
    places: dict[str, int] | None = None


class LeaderDecision(_ReplyData):
    """The leader's placing of level teams (Gaspésie, rules G7): ``teams`` first to last."""

    teams: list[TeamNumber]
    reason: str


class TiesData(_ReplyData):
    """``ties``: level teams, the playoff being played and those done, and, where the format
    separates ties by counting back, each tied team's totals: ``backcount[team][i]`` is its
    total after hand ``backcount_hands[i]`` (the last hand started, then back to hand 1)."""

    format: FormatName
    finished: bool
    groups: list[TieGroup]
    current: Playoff | None = None
    done: list[Playoff] = []
    backcount: dict[str, list[int]] | None = None
    backcount_hands: list[int] | None = None
    # extension (rules G7): groups the count-back leaves level once play is over, which the
    # leader may place with ``place_decision``
    undecided: list[list[TeamNumber]] | None = None
    # extension (rules G7): the leader's decisions in force: teams first to last, reason
    decisions: list[LeaderDecision] = []


class ExportData(_ReplyData):
    """``export``: where the hub wrote the files (paths on the hub's computer)."""

    folder: str
    files: list[str]


class JoinCodeData(_ReplyData):
    """``join_code``: the code kiosks type, until when it works (seconds since the epoch)
    and whether that time has passed, and the hub computer's addresses."""

    code: str
    hosts: list[str]
    expires: int | None = None
    expired: bool = False


class RenewJoinCodeData(_ReplyData):
    """``renew_join_code``: the new code, as ``join_code``; a reply sent again for the same
    command comes without the code (the hub never keeps it), so the console asks
    ``join_code``."""

    code: str | None = None
    hosts: list[str] = []
    expires: int | None = None
    expired: bool = False


class JoinEntry(_ReplyData):
    """One attempt to join, as the join service recorded it: when (seconds since the
    epoch), ``joined`` or why not, the table asked for, the device's name and address."""

    at: float
    outcome: str
    table: int | None = None
    device: str = ""
    address: str = ""


class JoinsData(_ReplyData):
    """``joins``: the latest attempts to join, newest first."""

    joins: list[JoinEntry]


class StartHandData(_ReplyData):
    """``start_hand``: the hand started, its trump, and the card if the hub cut."""

    hand: HandNumber
    cut: str | None = None
    trump: TrumpName | None


class CloseHandData(_ReplyData):
    """``close_hand``: the hand closed and the tables that never reported it."""

    hand: HandNumber
    missing: list[TableNumber]


class CorrectData(_ReplyData):
    """``correct``: the hand and table corrected."""

    hand: HandNumber
    table: TableNumber


class PenaltyData(_ReplyData):
    """``penalty``: the hand and table the penalty was given at."""

    hand: HandNumber
    table: TableNumber


class LoanData(_ReplyData):
    """``loan``: the flags the table holds now; ``brought`` (extension): how many of the
    flags lent were the hub's own automatic loan, brought now and not counted again."""

    table: TableNumber
    flags: int
    brought: Annotated[int, Field(ge=0)] = 0


class LoanLine(_ReplyData):
    """One loan: ``automatic`` (the table had too few to pay) or by the leader; ``brought``
    (the flags reached the table); ``returned`` (its day has ended: the flags went back)."""

    day: DayNumber
    hand: Annotated[int, Field(ge=0)]
    table: TableNumber
    flags: Annotated[int, Field(ge=1)]
    automatic: bool
    brought: bool
    returned: bool


class LoansData(_ReplyData):
    """``loans``: the ledger, oldest first, and the flags still to bring (table as text)."""

    loans: list[LoanLine]
    to_bring: dict[str, int]


CountStatus = Literal["agrees", "differs", "not counted"]


class CountLine(_ReplyData):
    """One table's count at a day's end: the hub's, the verifiers' (absent: not counted),
    and the reasons the leader gave for taking the verifiers' count (decision A15);
    ``hub_before`` (extension): for each of those acceptances, in the same order, the hub's own
    count just before it (absent from an older hub)."""

    table: TableNumber
    hub: int
    counted: int | None = None
    status: CountStatus
    accepted: list[str] = []
    hub_before: list[int] = []


class CountsData(_ReplyData):
    """``counts``: a day's counts in table order; ``verified`` once every table agrees;
    ``days_ended``: how many days have ended (the days that can be counted)."""

    day: DayNumber
    days_ended: int
    lines: list[CountLine]
    verified: bool


class VerifyData(_ReplyData):
    """``verify`` and ``accept_count``: the table's count now, and whether its day is
    verified."""

    day: DayNumber
    line: CountLine
    verified: bool


class EndDayData(_ReplyData):
    """``end_day``: the day ended and each team's total that day (team as text);
    ``final`` (extension): it ended play early, the tournament is over."""

    day: DayNumber
    totals: dict[str, int]
    final: bool = False


class UndoStartData(_ReplyData):
    """``undo_start``: the hand whose start was taken back."""

    hand: HandNumber


class RenameData(_ReplyData):
    """``rename``: the tournament's name now."""

    name: str


class ClearCallData(_ReplyData):
    """``clear_call``: the table, and whether it was calling."""

    table: TableNumber
    cleared: bool


class TieBreakStartData(_ReplyData):
    """``tiebreak_start``: the draws (three or more teams), the card cut, the ladder, the
    first pairing and its trump."""

    draws: dict[str, str] | None = None
    cut: str | None = None
    order: list[TeamNumber]
    next: list[TeamNumber]
    trump: TrumpName | None


class TieBreakResultData(_ReplyData):
    """``tiebreak_result``: decided (with the final ``order``), or the next pairing, its
    trump and the card the hub cut for it."""

    decided: bool
    order: list[TeamNumber] | None = None
    next: list[TeamNumber] | None = None
    trump: TrumpName | None = None
    cut: str | None = None
    #: (rules A18) the ``next`` hand is for second place: first is decided
    second: bool = False


class PlaceDecisionData(_ReplyData):
    """``place_decision``: the teams as the leader placed them, and whether this decision
    replaced an earlier one on the same teams."""

    teams: list[TeamNumber]
    replaced: bool


class TieBreakTrumpData(_ReplyData):
    """``tiebreak_trump``: the next pairing and the trump it plays in now."""

    next: list[TeamNumber]
    trump: TrumpName


class TieBreakUndoData(_ReplyData):
    """``tiebreak_undo``: the teams whose tie-break was taken back."""

    teams: list[TeamNumber]


class CorrectDealData(_ReplyData):
    """``correct_deal``: the table and deal corrected (or entered)."""

    table: TableNumber
    deal: Annotated[int, Field(ge=1)]


class EndNightData(_ReplyData):
    """``end_night``: how many deals were played in all."""

    deals: Annotated[int, Field(ge=0)]


class TableDeals(_ReplyData):
    """One table's deals, oldest first."""

    table: TableNumber
    deals: list[ClubDealScored]


class DealsData(_ReplyData):
    """``deals``: the deals of the table asked for, or of every table."""

    tables: list[TableDeals]


# op -> the model of its Reply's data when carried out (a refusal's data is ErrorData).
REPLIES: Mapping[str, type[BaseModel]] = MappingProxyType(
    {
        "start_hand": StartHandData,
        "close_hand": CloseHandData,
        "correct": CorrectData,
        "loan": LoanData,
        "end_day": EndDayData,
        "undo_start": UndoStartData,
        "rename": RenameData,
        "penalty": PenaltyData,
        "clear_call": ClearCallData,
        "tiebreak_start": TieBreakStartData,
        "tiebreak_result": TieBreakResultData,
        "tiebreak_trump": TieBreakTrumpData,
        "tiebreak_undo": TieBreakUndoData,
        "place_decision": PlaceDecisionData,
        "plan": PlanData,
        "results": ResultsData,
        "ties": TiesData,
        "loans": LoansData,
        "verify": VerifyData,
        "accept_count": VerifyData,
        "counts": CountsData,
        "export": ExportData,
        "join_code": JoinCodeData,
        "renew_join_code": RenewJoinCodeData,
        "joins": JoinsData,
        "correct_deal": CorrectDealData,
        "end_night": EndNightData,
        "deals": DealsData,
    }
)


def reason_template(exc: TournamentError) -> dict[str, Any]:
    """A refusal's ``reason_text`` and ``reason_args`` (an Ack's, an ErrorData's), when its
    reason has a template (a club deal's); nothing otherwise.

    >>> from whist.errors import DealError
    >>> bad = DealError("tricks must be 0 to 13 (got {got})", got=14)
    >>> reason_template(TournamentError.of_deal(bad))
    {'reason_text': 'tricks must be 0 to 13 (got {got})', 'reason_args': {'got': 14}}
    >>> reason_template(TournamentError("no hand is open"))
    {}
    """
    if exc.text is None:
        return {}
    return {"reason_text": exc.text, "reason_args": dict(exc.values)}


def reply_data(data: BaseModel) -> dict[str, Any]:
    """A reply model as the Reply's ``data``: only the fields the hub set.

    >>> reply_data(StartHandData(hand=3, trump="clubs"))
    {'hand': 3, 'trump': 'clubs'}
    """
    return data.model_dump(mode="json", exclude_unset=True)


def decode_reply_data(model_type: type[M], reply: Reply) -> M:
    """Read a Reply's data as ``model_type``; raises only ProtocolError.

    >>> r = Reply(id="c1", ok=False, error="closed", data={"code": "closed"})
    >>> decode_reply_data(ErrorData, r).error
    <ErrorCode.CLOSED: 'closed'>
    """
    try:
        return model_type.model_validate(reply.data or {})
    except ValidationError as exc:
        reason, code = _explain(exc, lambda loc: (model_type, loc))
        raise ProtocolError(f"reply {reply.id}: {reason}", code, reply.id) from exc


# --------------------------------------------------------------------------------------------
# Provisioning (extension): a kiosk joins the hall with its table number and the join code
# shown on the leader's console; it finds the hub by mDNS (DNS-SD) and asks over HTTP.
# --------------------------------------------------------------------------------------------

#: DNS-SD service type the hub advertises; its port is the provisioning (HTTP) port.
PROVISION_SERVICE = "_whist-hub._tcp.local."
#: Environment variable naming another DNS-SD type for both sides: tests use their own, so
#: that no other hub on the machine (or the network) is ever heard, nor hears them.
PROVISION_SERVICE_ENV = "WHIST_MDNS_SERVICE"
_SERVICE_TYPE = re.compile(r"_[a-z0-9](?:[a-z0-9-]{0,13}[a-z0-9])?\._tcp\.local\.")
#: The join service's HTTP paths: the old one (the code sent in clear, refused now), then the
#: two steps of the handshake a kiosk POSTs (JoinStart, then JoinFinish; docs/protocol.md).
PROVISION_PATH = "/v1/join"
PROVISION_START_PATH = "/v1/join/start"
PROVISION_FINISH_PATH = "/v1/join/finish"


def provision_service(environ: Mapping[str, str]) -> str:
    """The DNS-SD type hubs announce and kiosks look for: ``PROVISION_SERVICE``, unless
    ``environ`` names another one (ValueError in plain words when it is not a valid type).

    >>> provision_service({})
    '_whist-hub._tcp.local.'
    >>> provision_service({"WHIST_MDNS_SERVICE": "_wt-1a2b._tcp.local."})
    '_wt-1a2b._tcp.local.'
    """
    value = environ.get(PROVISION_SERVICE_ENV, "").strip()
    if not value:
        return PROVISION_SERVICE
    if not _SERVICE_TYPE.fullmatch(value):
        raise ValueError(
            f"{PROVISION_SERVICE_ENV} must look like _name._tcp.local. (a name of 1 to 15 "
            f"lower-case letters, digits or hyphens), not {value!r}"
        )
    return value


#: Base64 (standard alphabet), as the handshake's bytes travel in JSON.
_Base64 = Annotated[str, Field(max_length=200, pattern=r"^[A-Za-z0-9+/]*={0,2}$")]


class JoinStart(_Inbound):
    """A kiosk starts joining: its table, its name, and its SPAKE2 message made from the join
    code (the code itself never travels).

    >>> JoinStart(table=7, device="pi-7", message="QQ==").table
    7
    """

    v: Version = 1
    table: TableNumber
    device: Annotated[str, Field(max_length=100)] = ""
    message: _Base64


class JoinChallenge(_Outbound):
    """The hub's answer to a JoinStart: the session to finish, its SPAKE2 message and its
    proof that it knows the code (the kiosk checks it before it says anything more)."""

    v: Version = 1
    session: str
    message: str
    proof: str


class JoinFinish(_Inbound):
    """The kiosk's proof that it knows the code; empty when the hub's proof did not check out
    (the codes differ: the hub records a wrong code)."""

    v: Version = 1
    session: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
    proof: _Base64 = ""


class JoinSealed(_Outbound):
    """The JoinReply, encrypted and authenticated under the key the handshake agreed
    (ChaCha20-Poly1305; the session is the associated data)."""

    v: Version = 1
    nonce: str
    box: str


class JoinReply(_Outbound):
    """What the kiosk writes into its kiosk.toml: where the broker is and its login. It only
    travels sealed (JoinSealed)."""

    v: Version = 1
    table: TableNumber
    host: str
    port: Annotated[int, Field(ge=1, le=65535)]
    username: str
    password: str
    root: str = "whist"
    tournament: str = ""
    #: The hub's CA certificate (PEM) when its broker speaks TLS; ``port`` is then the TLS one.
    ca: str | None = None


# --------------------------------------------------------------------------------------------
# Encoding and decoding
# --------------------------------------------------------------------------------------------

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")
_Loc = tuple[int | str, ...]

# Ack and Reply drop their None fields: PROTOCOL.md has Ack.reason and Reply.error present only
# on refusal. Everywhere else null is meaningful (a trump not chosen yet) and is sent.
_SPARSE: tuple[type[BaseModel], ...] = (Ack, Reply, Standings, JoinReply)

# A "\ud800"-style escape is the only way valid UTF-8 JSON yields a lone surrogate, which
# cannot be re-encoded (echoing such an id in an Ack would fail), so look closer only then.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")

_JSON_TYPES = {
    "integer": "a whole number",
    "string": "a text",
    "boolean": "true or false",
    "object": "an object",
    "array": "a list",
    "null": "null",
}

# Pydantic's error types that _explain does not word by hand; any other "*_type" is wrong_type.
_PYDANTIC_CODES: dict[str, ProtocolErrorCode] = {
    "greater_than": ErrorCode.OUT_OF_RANGE,
    "greater_than_equal": ErrorCode.OUT_OF_RANGE,
    "less_than": ErrorCode.OUT_OF_RANGE,
    "less_than_equal": ErrorCode.OUT_OF_RANGE,
    "string_too_short": ErrorCode.OUT_OF_RANGE,
    "string_too_long": ErrorCode.OUT_OF_RANGE,
    "too_short": ErrorCode.OUT_OF_RANGE,
    "too_long": ErrorCode.OUT_OF_RANGE,
    "literal_error": ErrorCode.OUT_OF_RANGE,
    "int_from_float": ErrorCode.WRONG_TYPE,
}


def encode(msg: BaseModel) -> bytes:
    """Compact UTF-8 JSON for the wire.

    >>> encode(Call(id="c-1", reason=""))
    b'{"v":1,"id":"c-1","reason":""}'
    """
    return msg.model_dump_json(exclude_none=isinstance(msg, _SPARSE)).encode("utf-8")


def decode(model_type: type[M], payload: bytes | str) -> M:
    """Read one message of a known type; raises only ProtocolError.

    >>> decode(Standings, b'{"v":1,"hand":0,"day":1,"teams":[]}').hand
    0
    """
    return _decode(payload, model_type.model_validate, lambda loc: (model_type, loc))


def decode_result(payload: bytes | str) -> Result:
    """Read a kiosk's Result; raises only ProtocolError (with the id when it has one)."""
    return decode(Result, payload)


def decode_call(payload: bytes | str) -> Call:
    """Read a kiosk's Call; raises only ProtocolError."""
    return decode(Call, payload)


def decode_command(payload: bytes | str) -> Command:
    """Read a leader Command of any op; raises only ProtocolError.

    >>> type(decode_command('{"v":1,"id":"c1","op":"loan","table":3,"flags":2}')).__name__
    'Loan'
    """
    return _decode(payload, _COMMAND_ADAPTER.validate_python, _locate_command)


def decode_status(payload: bytes | str) -> str:
    """Read a hub or kiosk status: exactly ONLINE or OFFLINE, a plain string, not JSON.

    >>> decode_status(b"offline")
    'offline'
    """
    text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
    if text in (ONLINE, OFFLINE):
        return text
    raise ProtocolError(
        f'a status must be "{ONLINE}" or "{OFFLINE}" (got {_show(text)})', ErrorCode.MALFORMED
    )


def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of every message, by the name PROTOCOL.md gives it (for docs)."""
    schemas: dict[str, dict[str, Any]] = {
        model.__name__: model.model_json_schema()
        for model in (
            Assignment,
            Result,
            Ack,
            State,
            Standings,
            StandingsChanges,
            Call,
            Reply,
            FlagCount,
            Epoch,
        )
    }
    schemas["Command"] = _COMMAND_ADAPTER.json_schema()
    return schemas


def _decode(
    payload: bytes | str,
    validate: Callable[[dict[str, Any]], T],
    locate: Callable[[_Loc], tuple[type[BaseModel] | None, _Loc]],
) -> T:
    message_id: str | None = None
    try:
        data = _load(payload)
        message_id = _message_id(data)
        # The version first: the rest of a v2 message may mean something else entirely.
        if "v" not in data:
            raise ProtocolError("missing field: v", ErrorCode.MISSING_FIELD, message_id)
        version = data["v"]
        if type(version) is not int or version != PROTOCOL_VERSION:
            raise ProtocolError(_version_text(version), ErrorCode.BAD_VERSION, message_id)
        return validate(data)
    except ProtocolError:
        raise
    except ValidationError as exc:
        reason, code = _explain(exc, locate)
        raise ProtocolError(reason, code, message_id) from exc
    except Exception as exc:
        # The hub must never crash on a payload, whatever corner of json or pydantic it finds.
        raise ProtocolError(
            "the message could not be read", ErrorCode.MALFORMED, message_id
        ) from exc


def _load(payload: bytes | str) -> dict[str, Any]:
    # Size before anything else, so a huge payload costs nothing to refuse. A str has at most
    # as many characters as its UTF-8 bytes, so the cheap length test is safe to do first.
    if len(payload) > MAX_PAYLOAD_BYTES:
        raise ProtocolError(_too_large(len(payload)), ErrorCode.TOO_LARGE)
    if isinstance(payload, str):
        try:
            size = len(payload.encode("utf-8"))
        except UnicodeEncodeError:
            raise ProtocolError(
                "the message is not valid UTF-8 text", ErrorCode.MALFORMED
            ) from None
        if size > MAX_PAYLOAD_BYTES:
            raise ProtocolError(_too_large(size), ErrorCode.TOO_LARGE)
        text = payload
    else:
        try:
            text = bytes(payload).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(
                "the message is not valid UTF-8 text", ErrorCode.MALFORMED
            ) from None
    _check_shape(text)
    repeated: list[str] = []
    try:
        data = json.loads(
            text,
            parse_constant=_no_constant,
            parse_float=_finite_float,
            object_pairs_hook=lambda pairs: _object(pairs, repeated),
        )
    except ProtocolError:
        raise
    except json.JSONDecodeError as exc:
        raise ProtocolError(
            f"the message is not valid JSON ({exc.msg} at character {exc.pos})", ErrorCode.MALFORMED
        ) from None
    except (ValueError, RecursionError):
        # int() refusing thousands of digits, or nesting deeper than the parser allows
        raise ProtocolError("the message is not valid JSON", ErrorCode.MALFORMED) from None
    if not isinstance(data, dict):
        raise ProtocolError(
            f"the message must be a JSON object {{...}} (got {_json_kind(data)})",
            ErrorCode.MALFORMED,
        )
    if repeated:
        # Which of the two values would count is the reader's guess: a strict reader refuses.
        # The id is echoed only when it is not itself the repeated field.
        raise ProtocolError(
            f"the field {_show(repeated[0])} appears twice in the message",
            ErrorCode.MALFORMED,
            None if "id" in repeated else _message_id(data),
        )
    if _SURROGATE_ESCAPE.search(text) and not _encodable(data):
        raise ProtocolError(
            "the message contains a broken character (a lone \\u surrogate escape)",
            ErrorCode.MALFORMED,
            _message_id(data),
        )
    return data


#: A JSON string (unterminated: to the end of the text) or what opens, closes or separates
#: values. Matched left to right in one pass, so a string is never read twice.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{},]')


def _check_shape(text: str) -> None:
    """Refuse nesting deeper than MAX_NESTING or more than MAX_VALUES values, before parsing.

    One pass with no recursion: whatever the text, it costs no more than reading it.

    >>> _check_shape('{"v":1,"revokes":{"home":0}}')
    >>> _check_shape("[" * 17 + "]" * 17)
    Traceback (most recent call last):
    ...
    whist.errors.ProtocolError: the message is nested too deeply (more than 16 levels)
    """
    opened = text.count("[") + text.count("{")
    if opened <= MAX_NESTING and text.count(",") + opened < MAX_VALUES:
        return  # the common case: a small message cannot be too deep or hold too much
    depth = values = 0
    for token in _JSON_TOKEN.findall(text):
        if token in ("[", "{"):
            depth += 1
            values += 1
            if depth > MAX_NESTING:
                raise ProtocolError(
                    f"the message is nested too deeply (more than {MAX_NESTING} levels)",
                    ErrorCode.TOO_LARGE,
                )
        elif token == ",":
            values += 1
        elif token in ("]", "}"):
            depth -= 1
        if values > MAX_VALUES:
            raise ProtocolError(
                f"the message holds too many values (more than {MAX_VALUES})",
                ErrorCode.TOO_LARGE,
            )


def read_id(payload: bytes | str) -> str | None:
    """The id of a message, read within the same bounds as :func:`decode`; None when the
    message cannot be read or has no id an Ack could carry. Never raises.

    >>> read_id(b'{"v":1,"id":"r-1","hand":"?"}'), read_id(b"[" * 5000)
    ('r-1', None)
    """
    try:
        return _message_id(_load(payload))
    except ProtocolError as exc:
        return exc.message_id
    except Exception:  # whatever corner of json a payload finds: no id
        return None


def _object(pairs: list[tuple[str, Any]], repeated: list[str]) -> dict[str, Any]:
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            repeated.append(key)
        obj[key] = value
    return obj


def _too_large(size: int) -> str:
    return f"the message is too large ({size} bytes; at most {MAX_PAYLOAD_BYTES})"


def _no_constant(name: str) -> Any:
    raise ProtocolError(f"numbers must be finite ({name} is not allowed)", ErrorCode.MALFORMED)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError(f"numbers must be finite ({text} is too large)", ErrorCode.MALFORMED)
    return value


def _encodable(value: object) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_encodable(k) and _encodable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_encodable(item) for item in value)
    return True


def _message_id(data: dict[str, Any]) -> str | None:
    # Echoed in a rejected Ack / ok:false Reply even when the rest is invalid, so the sender
    # can match the answer; only an id the Ack itself could carry is worth extracting.
    value = data.get("id")
    if isinstance(value, str) and 1 <= len(value) <= MAX_ID_LENGTH and _encodable(value):
        return value
    return None


def _locate_command(loc: _Loc) -> tuple[type[BaseModel] | None, _Loc]:
    # A discriminated union prefixes each location with the op; the reader wants the field.
    if loc and isinstance(loc[0], str) and loc[0] in COMMANDS:
        return COMMANDS[loc[0]], loc[1:]
    return None, loc


def _explain(
    exc: ValidationError, locate: Callable[[_Loc], tuple[type[BaseModel] | None, _Loc]]
) -> tuple[str, ProtocolErrorCode]:
    errors = exc.errors(include_url=False)
    first = errors[0]
    kind = first["type"]
    model, loc = locate(tuple(first["loc"]))
    field = _field_name(loc)
    given = first["input"]
    code: ProtocolErrorCode
    if kind in ERROR_CODES:
        # Our own PydanticCustomError: the message is already written for people.
        code = ErrorCode(kind)
        reason = f"{field} {first['msg']}" if field else first["msg"]
    elif kind in ("missing", "union_tag_not_found"):
        code = ErrorCode.MISSING_FIELD
        reason = f"missing field: {field or 'op'}" if kind == "missing" else "missing field: op"
    elif kind == "extra_forbidden":
        code = ErrorCode.UNKNOWN_FIELD
        reason = f"unknown field: {field}"
    elif kind == "union_tag_invalid":
        code = ErrorCode.UNKNOWN_OP
        op = given.get("op") if isinstance(given, dict) else given
        reason = f"unknown op {_show(op)}; expected one of {', '.join(COMMANDS)}"
    else:
        fallback = ErrorCode.WRONG_TYPE if kind.endswith("_type") else ErrorCode.MALFORMED
        code = _PYDANTIC_CODES.get(kind, fallback)
        expected = _expected_at(model, loc)
        what = field or "the message"
        if expected:
            reason = f"{what} must be {expected} (got {_show(given)})"
        else:
            reason = f"{what}: {first['msg']} (got {_show(given)})"
    if len(errors) > 1:
        more = len(errors) - 1
        reason += f" (and {more} more problem{'s' if more > 1 else ''})"
    return reason, code


def _field_name(loc: _Loc) -> str:
    name = ""
    for part in loc:
        if isinstance(part, int):
            name += f" item {part + 1}"
        else:
            name += f".{part}" if name else part
    return name


def _expected_at(model: type[BaseModel] | None, loc: _Loc) -> str | None:
    # The JSON Schema already knows each field's type and bounds; reading them from there
    # keeps one source of truth for the docs and for the error messages.
    if model is None:
        return None
    root = _schema(model)
    node: dict[str, Any] | None = root
    for part in loc:
        node = _deref(root, node)
        if node is None:
            return None
        if isinstance(part, int):
            node = node.get("items")
            continue
        node = node.get("properties", {}).get(part)
    return None if node is None else _describe(root, node)


@functools.cache
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def _deref(root: dict[str, Any], node: dict[str, Any] | None) -> dict[str, Any] | None:
    while node is not None and "$ref" in node:
        node = root.get("$defs", {}).get(str(node["$ref"]).rsplit("/", 1)[-1])
    if node is not None and "anyOf" in node:
        # Walking into an optional object: follow the one alternative that is not null.
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        if len(options) == 1:
            return _deref(root, options[0])
    return node


def _describe(root: dict[str, Any], node: dict[str, Any]) -> str:
    while "$ref" in node:
        node = root.get("$defs", {}).get(str(node["$ref"]).rsplit("/", 1)[-1], {})
    if "anyOf" in node:
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        text = " or ".join(_describe(root, o) for o in options)
        return text + " (or null)" if len(options) < len(node["anyOf"]) else text
    if "const" in node:
        return _show(node["const"])
    if "enum" in node:
        return "one of " + ", ".join(str(value) for value in node["enum"])
    kind = node.get("type")
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        if low is not None:
            return f"a whole number of at least {low}"
        if high is not None:
            return f"a whole number of at most {high}"
    elif kind == "string":
        shortest, longest = node.get("minLength", 0), node.get("maxLength")
        if longest is not None:
            if shortest:
                return f"a text of {shortest} to {longest} characters"
            return f"a text of at most {longest} characters"
    elif kind == "array":
        shortest, longest = node.get("minItems"), node.get("maxItems")
        if shortest is not None and shortest == longest:
            size = f"a list of exactly {shortest} items"
        elif shortest is not None:
            size = f"a list of at least {shortest} items"
        else:
            return f"a list, each item {_describe(root, node.get('items', {}))}"
        return f"{size}, each {_describe(root, node.get('items', {}))}"
    elif kind == "object" and "properties" in node:
        return "an object with the fields " + ", ".join(node["properties"])
    return _JSON_TYPES.get(str(kind), "valid")


def _show(value: object) -> str:
    # A reason travels on in an Ack, so it must itself be encodable (no lone surrogates).
    try:
        text = json.dumps(value, ensure_ascii=not _encodable(value))
    except (TypeError, ValueError, RecursionError):
        text = ascii(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, bool) or value is None:
        return _show(value)
    return "a number"
