"""The leader's commands (one class per op; :data:`Command`, :data:`COMMANDS`), the
:class:`Reply` the hub answers each with, and each op's reply data (:data:`REPLIES`).

To add an op, write its command class and its reply data class, and add them to ``Command``
and ``REPLIES``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Any, Literal, Self, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    model_validator,
)
from pydantic_core import PydanticCustomError

from whist.enums import Unit
from whist.errors import ErrorCode, TournamentError
from whist.protocol.messages import (
    MAX_DEALS,
    Clock,
    ClubDealScored,
    CountStatusName,
    DayNumber,
    DealRecord,
    FormatName,
    HandNumber,
    MessageId,
    Reason,
    Revokes,
    SideName,
    TableNumber,
    TeamNumber,
    Tricks,
    TrumpName,
    Version,
    _check_tricks,
    _check_trump_or_cut,
    _distinct,
    _Inbound,
    _not_blank,
    _Outbound,
    _thirteen,
)
from whist.spec import MAX_NAME_LENGTH, plain_text


class _CommandBase(_Inbound):
    v: Version = 1
    id: MessageId


class StartHand(_CommandBase):
    """Open the next hand; ``trump`` overrides the pattern's, ``cut`` lets the hub draw one.

    >>> from whist.protocol import decode_command
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

    >>> from whist.protocol import decode_command
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

    >>> from whist.protocol import decode_command
    >>> EndDay(id="c5").op
    'end_day'
    >>> decode_command(b'{"v":1,"id":"c5","op":"end_day","early":true,"final":true}').final
    True
    """

    op: Literal["end_day"] = "end_day"
    early: bool = False
    final: bool = False
    # extension (issue 25): why the leader ends the day, kept in the log and shown on the
    # console, the hall and the export; left out by older consoles
    reason: Reason | None = None


class UndoStart(_CommandBase):
    """Take back a start_hand for which no result has been recorded.

    >>> UndoStart(id="c6").op
    'undo_start'
    """

    op: Literal["undo_start"] = "undo_start"


class Rename(_CommandBase):
    """Extension: the leader gives the tournament another name (every screen shows it).

    >>> from whist.protocol import decode_command
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


class ClockPause(_CommandBase):
    """Extension (issue 26): the room's clock stands still (a break).

    >>> ClockPause(id="c9").op
    'clock_pause'
    """

    op: Literal["clock_pause"] = "clock_pause"


class ClockResume(_CommandBase):
    """Extension (issue 26): the paused clock runs again.

    >>> ClockResume(id="c10").op
    'clock_resume'
    """

    op: Literal["clock_resume"] = "clock_resume"


class ClockAdd(_CommandBase):
    """Extension (issue 26): ``minutes`` more for the hand (deal, round) in play.

    >>> ClockAdd(id="c11", minutes=5).minutes
    5
    """

    op: Literal["clock_add"] = "clock_add"
    minutes: Annotated[int, Field(ge=1, le=60)]


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

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c25","op":"tiebreak_trump","trump":"clubs"}').trump
    'clubs'
    """

    op: Literal["tiebreak_trump"] = "tiebreak_trump"
    trump: TrumpName


class TieBreakUndo(_CommandBase):
    """Extension: take back the last tie-break (running or decided), to play it again.

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c26","op":"tiebreak_undo"}').op
    'tiebreak_undo'
    """

    op: Literal["tiebreak_undo"] = "tiebreak_undo"
    # extension (issue 25): why, kept in the log, said on the kiosks of the teams it moves
    # and in the export; left out by older consoles
    reason: Reason | None = None


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

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c11","op":"plan","hand":4}').hand
    4
    """

    op: Literal["plan"] = "plan"
    hand: HandNumber | None = None


class Results(_CommandBase):
    """Extension: the results recorded for a hand (the current one by default), per table.

    >>> from whist.protocol import decode_command
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

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c13","op":"ties"}').op
    'ties'
    """

    op: Literal["ties"] = "ties"


class Loans(_CommandBase):
    """Extension: the loan ledger, every loan of the tournament (kept across day ends).

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c21","op":"loans"}').op
    'loans'
    """

    op: Literal["loans"] = "loans"


class Verify(_CommandBase):
    """Extension: the verifiers' count of a table's flags at the end of a day (the last day
    ended when ``day`` is left out). A recount replaces the count.

    >>> from whist.protocol import decode_command
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

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c24","op":"counts"}').day is None
    True
    """

    op: Literal["counts"] = "counts"
    day: DayNumber | None = None


class Export(_CommandBase):
    """Extension: the hub writes the CSV files and the printable sheets into DATA/exports.

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c14","op":"export","language":"fr"}').language
    'fr'
    """

    op: Literal["export"] = "export"
    language: Literal["en", "fr"] | None = None


class JoinCodeQuery(_CommandBase):
    """Extension: the code a new kiosk types to join the hall.

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c15","op":"join_code"}').op
    'join_code'
    """

    op: Literal["join_code"] = "join_code"


class RenewJoinCode(_CommandBase):
    """Extension: make a new join code now; the old one is refused from this moment.

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c16","op":"renew_join_code"}').op
    'renew_join_code'
    """

    op: Literal["renew_join_code"] = "renew_join_code"


class Joins(_CommandBase):
    """Extension: the kiosks that joined by code, and the wrong codes tried, newest first.

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c17","op":"joins"}').op
    'joins'
    """

    op: Literal["joins"] = "joins"


class CorrectDeal(_CommandBase):
    """Extension (club nights): replace a table's recorded deal, or enter the next one for the
    table (audited, so a reason is required). The table's score is replayed from its deals.

    >>> from whist.protocol import decode_command
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

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c19","op":"end_night"}').op
    'end_night'
    """

    op: Literal["end_night"] = "end_night"


class Deals(_CommandBase):
    """Extension (club nights): every deal recorded at a table (all tables when none given),
    with what each scored, for the console's corrections.

    >>> from whist.protocol import decode_command
    >>> decode_command(b'{"v":1,"id":"c20","op":"deals","table":2}').table
    2
    """

    op: Literal["deals"] = "deals"
    table: TableNumber | None = None


#: The changes after a hand is closed that the leader sees the effect of before doing them.
PreviewedCommand = Annotated[
    Correct | Penalty | AcceptCount | TieBreakUndo | EndDay, Field(discriminator="op")
]


class Preview(_CommandBase):
    """Extension (issue 25): what ``command`` would do to the standings, without doing it.
    The hub carries it out on a copy of the tournament and answers with the moves
    (PreviewData); nothing is recorded, no screen changes.

    >>> from whist.protocol import decode_command
    >>> p = decode_command(b'{"v":1,"id":"c28","op":"preview",'
    ...     b'"command":{"v":1,"id":"c29","op":"accept_count","table":2,"day":1,"reason":"x"}}')
    >>> p.command.op
    'accept_count'
    """

    op: Literal["preview"] = "preview"
    command: PreviewedCommand


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
    | Deals
    | Preview
    | ClockPause
    | ClockResume
    | ClockAdd,
    Field(discriminator="op"),
]

# op -> command class, derived from Command so that a new op needs no other registration.
COMMANDS: Mapping[str, type[BaseModel]] = MappingProxyType(
    {cls.model_fields["op"].default: cls for cls in get_args(get_args(Command)[0])}
)

_COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(Command, config=ConfigDict(defer_build=True))


class Reply(_Outbound):
    """The hub's answer to a Command, echoing its id; ``error`` when refused.

    >>> from whist.protocol import encode
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


#: Most conflicts one ``results`` reply lists (the rest: ``conflicts_from``).
CONFLICTS_PAGE = 50


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


class CountLine(_ReplyData):
    """One table's count at a day's end: the hub's, the verifiers' (absent: not counted),
    and the reasons the leader gave for taking the verifiers' count (decision A15);
    ``hub_before`` (extension): for each of those acceptances, in the same order, the hub's own
    count just before it (absent from an older hub)."""

    table: TableNumber
    hub: int
    counted: int | None = None
    status: CountStatusName
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


class ClockData(_ReplyData):
    """``clock_pause``, ``clock_resume``, ``clock_add``: the clock now."""

    clock: Clock


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
    """One table's deals, oldest first; ``dealer`` (extension): who deals its next deal."""

    table: TableNumber
    deals: list[ClubDealScored]
    dealer: str | None = None


class DealsData(_ReplyData):
    """``deals``: the deals of the table asked for, or of every table."""

    tables: list[TableDeals]


class ScoreMove(_ReplyData):
    """One team whose score a previewed change moves (flags or points, as the format counts)."""

    team: TeamNumber
    name: str
    before: int
    after: int


class PlaceMove(_ReplyData):
    """One team whose place a previewed change moves (1 is first)."""

    team: TeamNumber
    name: str
    before: Annotated[int, Field(ge=1)]
    after: Annotated[int, Field(ge=1)]


class PreviewData(_ReplyData):
    """``preview``: what the command (``op``) would change, worked out by the core on a copy
    of the tournament: the scores and places that move, the teams first before and after,
    and whether the standings were final (a change after "Final standings")."""

    op: str
    unit: Literal[Unit.FLAGS, Unit.POINTS]
    scores: list[ScoreMove]
    places: list[PlaceMove]
    first_before: list[TeamNumber]
    first_after: list[TeamNumber]
    final: bool


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
        "preview": PreviewData,
        "clock_pause": ClockData,
        "clock_resume": ClockData,
        "clock_add": ClockData,
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
