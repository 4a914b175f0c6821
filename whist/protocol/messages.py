"""The table's, the hall's and the club night's messages: the models a kiosk sends (Result,
DealRecord, ClubDeal, FlagCount, Call) and the hub publishes (Assignment, Ack, TableView,
ClubScore, State, Standings, NightStandings, Epoch…), the wire's names (trumps, seats, formats)
and the checks each field makes. ``docs/protocol.md`` says it in prose.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Self

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    field_serializer,
    model_validator,
)
from pydantic.config import JsonDict
from pydantic_core import PydanticCustomError

from whist.enums import AckStatus, CountStatus, Phase, Unit
from whist.formats.entry import EntrySchema
from whist.protocol.bounds import MAX_ID_LENGTH, MAX_REASON_LENGTH, _show
from whist.protocol.topics import PROTOCOL_VERSION
from whist.spec import plain_text

#: The reason of the call the hub makes for a table that sent something it could not read
#: (extension, issue 23), followed by the hub's time of day (``HH:MM``); a console says it in
#: its reader's language.
UNREADABLE_CALL = "sent something unreadable at "
#: Extension (issue 25): why the players call, chosen on the kiosk (Call.topic), and the words
#: the hub records for it in State.call_reasons when the players typed none.
CALL_TOPICS = {
    "misdeal": "a misdeal",
    "revoke": "a revoke question",
    "other": "the players ask for the leader",
}
CallTopic = Literal["misdeal", "revoke", "other"]


TrumpName = Literal["spades", "hearts", "diamonds", "clubs", "none"]
#: A phase as a field takes it (whist.enums: the string on the wire, the member in Python).
PhaseName = Literal[Phase.WAITING, Phase.PLAYING, Phase.CLOSED]
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
AckStatusName = Literal[AckStatus.ACCEPTED, AckStatus.DUPLICATE, AckStatus.REJECTED]
#: A day's count beside the hub's (decision A19).
CountStatusName = Literal[CountStatus.AGREES, CountStatus.DIFFERS, CountStatus.NOT_COUNTED]
SideName = Literal["home", "visitors"]


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


def _unsaid(value: object) -> bool:
    return value is None


#: Extension: the hub's log (``Epoch.log``: its tournament or club night) the table last heard
#: when its players entered this report; left out when the table had heard none. A hub whose
#: log is another refuses the report with ``other_event``: it was entered for an event the
#: leader has since replaced (docs/protocol.md, 7.8).
EnteredFor = Annotated[MessageId | None, Field(exclude_if=_unsaid)]


class _Inbound(BaseModel):
    # Sent by kiosks and the leader console, which we do not trust: strict types (no "5" -> 5,
    # no true -> 1) and unknown fields refused, so a typo never silently drops a value.
    # defer_build: a model's validator is built when it is first used, not on import (about
    # half a second of every process's start-up, and a kiosk uses few of them).
    model_config = ConfigDict(
        strict=True,
        extra="forbid",
        frozen=True,
        json_schema_extra=_tidy_schema,
        defer_build=True,
    )


class _Outbound(BaseModel):
    # Owned by the hub: kiosks ignore fields they do not know, so the hub can add some later
    # without a version bump.
    model_config = ConfigDict(
        extra="ignore", frozen=True, json_schema_extra=_tidy_schema, defer_build=True
    )


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

    >>> from whist.protocol import decode
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
    phase: PhaseName
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


class EarlierResult(_Outbound):
    """One of a table's older results, short: the hand and the tricks each side took
    (TableView.earlier)."""

    hand: HandNumber
    visitor_tricks: Annotated[int, Field(ge=0, le=13)]
    home_tricks: Annotated[int, Field(ge=0, le=13)]


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
    #: Extension (stop 41): level on score with another team yet on a place of its own, what
    #: placed it: the format's tie-break (``playoff``, ``countback``) or the leader's
    #: decision (``leader``, rules G7); absent otherwise.
    placed_by: Literal["playoff", "countback", "leader"] | None = None


class RunningScore(_Outbound):
    """Extension (issue 25, item 15): during a day, the team's running score and its place.

    ``today`` is the team's score this day so far (net flags, or points), ``score`` its
    score in all; ``place`` of ``teams`` (``shared`` with another team) is as the standings
    stood after hand ``after``, the last hand over (the hand in play does not count yet).
    """

    today: int
    score: int
    place: Annotated[int, Field(ge=1)]
    teams: Annotated[int, Field(ge=1)]
    shared: bool
    after: Annotated[int, Field(ge=1)]


class CountAtTable(_Outbound):
    """Extension (decision A19): the count a table's players are asked for, once a day has
    ended: ``counted`` what they entered (or the verifier; None: not counted yet) and whether
    it ``agrees`` with the hub's (the core decides; the hub's own number is not shown)."""

    day: DayNumber
    counted: Annotated[int, Field(ge=0)] | None = None
    status: CountStatusName
    # extension (issue 25): the leader took this count over the hub's, for this reason (the
    # status is then "agrees" because of it, not by itself); left out otherwise
    accepted: str | None = None


class DayCounts(_Outbound):
    """Extension (decision A19): one ended day's verifiers' count, for the console and the
    hall: how many tables were counted and which differ from the hub's count."""

    day: DayNumber
    counted: Annotated[int, Field(ge=0)]
    differ: list[TableNumber] = []
    # extension (issue 25): the tables whose count the leader accepted over the hub's, with
    # the last reason given (table as text); left out when none
    accepted: dict[str, str] = {}


class LateChange(_Outbound):
    """Extension (issue 25): why a team's numbers moved after its day was over: ``what``
    the leader did (a correction or a penalty of ``hand``, an accepted ``count``, a
    tie-break taken back), and the reason the leader gave (null: none asked)."""

    what: Literal["correction", "penalty", "count", "tiebreak_undo"]
    hand: HandNumber | None = None
    reason: str | None = None


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
    phase: PhaseName
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
    # issue 25: the last change made after this team's day was over that moved its numbers
    # (null: none), so that the table's screen says why its score or place moved
    late_change: LateChange | None = None
    # issue 25: the table waits for the first hand of a later session of its day (a break
    # between sessions; the flags stay): that session's number (null: no break now)
    session_break: Annotated[int, Field(ge=2)] | None = None
    # issue 25, item 15: during a day, the team's running score and place (null: before a
    # hand is over, and once the day has ended: day_result says them); this table's own
    # last three results (as home), newest first, so a restarted kiosk shows the same
    running: RunningScore | None = None
    recent: list[RecordedResult] = []
    # issue 22: what ``recent`` said, short (a hub of this version leaves ``recent`` empty):
    # of this table's last three results as home, newest first, those of hands before the
    # last (the others are in ``results``), each its hand and tricks
    earlier: list[EarlierResult] = []


class Revokes(_Inbound):
    """Established revokes per side in one hand; the format turns them into penalties.

    >>> Revokes(home=1, visitors=0).home
    1
    """

    home: Annotated[int, Field(ge=0, le=13)]
    visitors: Annotated[int, Field(ge=0, le=13)]


class Result(_Inbound):
    """A table's tricks for one hand (kiosk -> hub); the kiosk resends it until acked.

    >>> from whist.protocol import decode_result
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
    log: EnteredFor = None

    @model_validator(mode="after")
    def _thirteen_tricks(self) -> Self:
        _check_tricks(self.visitor_tricks, self.home_tricks)
        return self


class Ack(_Outbound):
    """The hub's answer to a Result, echoing its id; ``reason`` and ``code`` when rejected.

    >>> from whist.protocol import encode
    >>> encode(Ack(id="r-1", status="accepted", hand=5, flags=13))
    b'{"v":1,"id":"r-1","status":"accepted","hand":5,"flags":13}'
    """

    v: Version = 1
    id: MessageId
    status: AckStatusName
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
    <Unit.POINTS: 'points'>
    """

    name: FormatName
    unit: Literal[Unit.FLAGS, Unit.POINTS]
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

    >>> from whist.protocol import decode
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
    log: EnteredFor = None


class FlagCount(_Inbound):
    """Extension (decision A19): the flags a table's players counted, in fives, at the end of
    ``day`` (kiosk -> hub, ``whist/table/{t}/count``). The kiosk keeps it until the Ack with
    its id comes back, exactly as a Result; the hub records it as the console's ``verify``
    does, and a recount (a new id) replaces it.

    >>> from whist.protocol import decode
    >>> decode(FlagCount, b'{"v":1,"id":"k-1","table":5,"day":1,"flags":11}').flags
    11
    """

    v: Version = 1
    id: MessageId
    table: TableNumber
    day: DayNumber
    flags: Annotated[int, Field(ge=0, le=MAX_COUNTED_FLAGS)]
    reoffer: Reoffer = False  # extension: offered again to a new hub epoch
    log: EnteredFor = None


class Epoch(_Outbound):
    """Extension: the hub's session (hub, retained, ``whist/hub/epoch``), a new ``epoch`` at
    every start of the hub. A kiosk that has not offered its kept reports to this epoch yet
    offers them again (marked ``reoffer``), so a log that lost its last writes (a damaged
    SD card, a restored backup) gets them back. ``log`` names the hub's log (its tournament or
    club night): the same after a restart or a restored backup, another for another event. A
    kiosk offers a result again only to the log that accepted it.

    >>> from whist.protocol import decode
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


class ClubHouseRule(_Outbound):
    """Extension: a house rule in force tonight (docs/rules.md, "House rules"): its ``name``
    in the night's file and what it changes, ``says``: an English message id every screen's
    catalog translates, its ``values`` filled in after.

    >>> rule = ClubHouseRule(name="revoke_cannot_win", says="House rule: {n} ...", values={"n": 7})
    >>> rule.says.format(**rule.values)
    'House rule: 7 ...'
    """

    name: Annotated[str, Field(max_length=64)]
    says: Annotated[str, Field(max_length=400)]
    values: dict[str, int | str] = {}


class ClubRules(_Outbound):
    """What a screen needs of a club game: its name and title, the target of a game, what the
    night's standings count first, how long the night is, what a table enters, its seats and
    partnerships."""

    name: AnyFormatName
    title: str
    language: Literal["en", "fr"]
    #: 0: the game has no target (the individual games)
    target: Annotated[int, Field(ge=0)]
    wins: Literal[Unit.GAMES, Unit.RUBBERS]
    length: Literal[Unit.DEALS, Unit.GAMES, Unit.RUBBERS, Unit.OPEN]
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
    ranks_by: list[Literal[Unit.GAMES, Unit.RUBBERS, Unit.POINTS, Unit.TRICKS]] | None = None
    rounds: bool | None = None
    knocks_out: bool | None = None
    #: Extension: the house rules in force tonight, in the game's order (None: a hub older
    #: than this field; empty: the seed's rules).
    house_rules: list[ClubHouseRule] | None = None
    #: Extension (issue 29): the night's name as a message id every screen's catalog holds,
    #: when the night keeps the name ``whist-hub new`` wrote (``"{game}, {n} tables"``:
    #: ``{game}`` is ``title``, ``{n}`` ``State.tables``), so that a screen says it in its
    #: own language; None: the organiser's own name (``State.tournament``, shown as typed).
    name_says: Annotated[str, Field(max_length=200)] | None = None

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
    #: Extension (issue 29): its score when the last game won at the table ended (None
    #: before the first game is won); shown while ``ClubScore.game_over``.
    last_game: int | None = None


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
    #: extension (issue 22): who dealt it (a seat); the bids are said from the dealer's left
    dealer: str | None = None
    #: Extension (issue 29): the deal's round in its game, in a game played in rounds
    #: (``ClubRules.rounds``: 8-to-1, the traditional Knockout); None in the others. A
    #: screen says "Round 20", not the night's "Deal 20".
    round: Annotated[int, Field(ge=1)] | None = None


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
    #: Extension (issue 29): the last deal won a game and the next one has not been entered:
    #: the score to show is each party's ``last_game`` (the 13-6 just won), not the next
    #: game's 0-0.
    game_over: bool = False
    #: Extension (issue 29): the leader ended the night before the table had played its
    #: length; ``played`` how much of it the table played (``rules.length`` units; None in an
    #: open night): "stopped at 4 of 8 deals".
    stopped: bool = False
    played: Annotated[int, Field(ge=0)] | None = None


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
    #: Extension (issue 29): as in ClubScore, the last deal won a game (show ``last_game``,
    #: the score, by party, that game ended at), the night was stopped before the table's
    #: length, and how much of it the table played (None in an open night).
    game_over: bool = False
    last_game: list[int] = []
    stopped: bool = False
    played: Annotated[int, Field(ge=0)] | None = None


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
    #: Extension (issue 29), 8-to-1: the tables playing ``room_round`` next, so the hall
    #: can say whose round its big trump is when other tables play another round.
    room_tables: list[TableNumber] = []


class PlayoffNote(_Outbound):
    """Extension (issue 25): a playoff the standings wait for, for the hall and the tied
    tables: the place it is for (1: first), the teams level for it (``names``: team as
    text -> name), the pairing to play now (``next``; None before the leader starts it) and
    their A and B players' names (``players``, team as text), the table they play at, the
    trump once cut, and the last playoff hand's result (``last_teams``, ``last_tricks``).
    While a State carries one, the standings are not final yet."""

    place: Annotated[int, Field(ge=1)]
    teams: list[TeamNumber]
    names: dict[str, str] = {}
    next: list[TeamNumber] | None = None
    players: dict[str, list[str]] = {}
    table: TableNumber = 1
    trump: TrumpName | None = None
    last_teams: list[TeamNumber] = []
    last_tricks: list[int] = []


class Clock(_Outbound):
    """Extension (issue 26): the room's clock of the hand (deal, round) ``unit``, in the
    hub's time (Unix seconds): it started at ``started`` to run ``seconds`` (the minutes the
    leader added included), stood still ``stood`` seconds in pauses that are over, and is
    paused since ``paused_at`` (None: running). ``now`` is the hub's time when it was sent:
    a screen whose own clock is wrong works from it (:class:`whist.clock.HubTime`).
    ``playing``: the tables still playing that unit (the slow ones once time is up).

    >>> c = Clock(unit=5, started=1000.0, seconds=1200, now=1300.0, playing=[3])
    >>> c.paused_at is None
    True
    """

    unit: Annotated[int, Field(ge=1)]
    started: float
    seconds: Annotated[int, Field(ge=0)]
    stood: Annotated[float, Field(ge=0)] = 0.0
    paused_at: float | None = None
    now: float
    playing: list[TableNumber] = []


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
    phase: PhaseName
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
    finished: bool = False  # every hand played and closed (or play ended): play is over
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
    # issue 25: a playoff the standings wait for (null: none, the places are settled)
    playoff: PlayoffNote | None = None
    # issue 26: the room's clock of the hand (deal, round) in play (null: none running)
    clock: Clock | None = None
    # issue 25: the places are settled, the one time to say "Final standings": play is over,
    # every result is in, the last day's flags are counted (a format of flags) and no
    # playoff is waited for (a hub before it never sends it: false)
    settled: bool = False
    # issue 25: the reason the leader gave for ending each day (day as text); a day ended
    # without one is left out
    day_reasons: dict[str, str] = {}


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
    # extension (issue 25): true when the team is level on score with another that holds a
    # different place, placed by the format's tie-break (Standings.placed_by says which);
    # left out otherwise
    tie_broken: bool | None = None


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

    >>> from whist.protocol import decode
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

    >>> from whist.protocol import decode_call
    >>> decode_call(b'{"v":1,"id":"c-1","reason":"misdeal"}').reason
    'misdeal'
    """

    v: Version = 1
    id: MessageId
    reason: Annotated[str, Field(max_length=MAX_REASON_LENGTH), AfterValidator(plain_text)]
    # extension (issue 25): what the call is about, chosen on the kiosk; left out by a kiosk
    # that does not ask
    topic: CallTopic | None = None
