"""The tournament file: teams, days and the pattern of play, validated.

A tournament file (TOML on disk, see ``hub.service.files``) is read into a dict and checked
here; every problem is reported as a :class:`~whist.errors.PatternError` that names the hand or
team at fault, in words a tournament leader can act on.

>>> from whist.pattern import default_spec
>>> spec = default_spec("alberta", tables=5)
>>> spec.hands, spec.plan(1).travellers, spec.day_of(30)
(30, ('A', 'B'), 1)
>>> load_spec(spec.to_dict()) == spec
True
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal, NamedTuple, TypeVar

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, ValidationInfo
from pydantic_core import PydanticCustomError

from whist.cards import Suit
from whist.errors import PatternError
from whist.formats import Format
from whist.zones import zone_key

TRUMP_CHOICES = ("spades", "hearts", "diamonds", "clubs", "none", "leader")
MAX_TABLES = 500
MAX_HANDS = 200

TrumpPlan = Literal["spades", "hearts", "diamonds", "clubs", "none", "leader"]
#: The built-in patterns' trumps, hand after hand.
TRUMP_CYCLE: tuple[TrumpPlan, ...] = ("spades", "hearts", "diamonds", "clubs")


#: What a name or a text the leader types may not hold: the C0 and C1 control characters, and
#: the bidirectional embeddings, overrides and isolates (U+202E turns the rest of a line
#: around on every screen and sheet: a name can then pose as another).
CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def control_character(text: str) -> str | None:
    """The first control character in *text*, said as ``U+202E (RIGHT-TO-LEFT OVERRIDE)``.

    >>> control_character("Les As"), control_character("Les\u202eAs")
    (None, 'U+202E (RIGHT-TO-LEFT OVERRIDE)')
    """
    found = CONTROL_CHARACTERS.search(text)
    if found is None:
        return None
    import unicodedata  # its names' table, only when a name holds such a character

    char = found.group()
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" ({name})" if name else " (a control character)")


def plain_text(text: str) -> str:
    """*text* unchanged, or a ``control_character`` error naming the character found."""
    found = control_character(text)
    if found is not None:
        raise PydanticCustomError(
            "out_of_range",
            "holds the invisible character {found}, which can hide or turn text around on "
            "the screens and sheets: type it again without it",
            {"found": found},
        )
    return text


def _plain_name(value: str, info: ValidationInfo) -> str:
    if info.context and info.context.get("recorded"):
        return value  # a log written before names were checked still opens as it was
    return plain_text(value)


#: A name a person types into a file: anything printable, no control characters.
PlainText = Annotated[str, AfterValidator(_plain_name)]


def planned_trump(index: int, leader_chooses: bool) -> TrumpPlan:
    """The trump of the built-in patterns' hand ``index`` (from 0): the cycle, or the
    leader's choice."""
    return "leader" if leader_chooses else TRUMP_CYCLE[index % len(TRUMP_CYCLE)]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TeamSpec(_Frozen):
    """A team: the four players whose home is table ``table``.

    ``zone`` and ``rank`` (optional, given together) say which zone sent the team and as its
    how-manieth team; ``whist-hub new --teams`` seats a final by them (docs/rules.md, A14).
    """

    table: int = Field(ge=1, le=MAX_TABLES)
    name: PlainText = Field(min_length=1, max_length=60)
    players: dict[str, PlainText]
    zone: PlainText | None = Field(default=None, min_length=1, max_length=60)
    rank: int | None = Field(default=None, ge=1, le=MAX_TABLES)


class DaySpec(_Frozen):
    """One day of play; ``sessions`` splits it (morning, afternoon) without resetting flags."""

    hands: int = Field(ge=1, le=MAX_HANDS)
    sessions: tuple[int, ...] = ()


class HandPlan(_Frozen):
    """One hand of the pattern: which two seats travel, how far, and the trump.

    ``trump`` is a suit, ``"none"`` for no trump, or ``"leader"`` when the leader announces it.
    """

    hand: int = Field(ge=1, le=MAX_HANDS)
    travellers: tuple[str, str]
    offset: int = Field(ge=1)
    trump: TrumpPlan

    @property
    def leader_chooses_trump(self) -> bool:
        return self.trump == "leader"

    @property
    def trump_suit(self) -> Suit | None:
        """The planned trump (None = no trump). Only meaningful when the leader doesn't choose."""
        return None if self.trump in ("none", "leader") else Suit(self.trump)


class SessionPlace(NamedTuple):
    """Where a hand falls in its day: session ``number`` of ``sessions``, which starts at
    hand ``first_hand`` (a day without sessions is one session)."""

    number: int
    sessions: int
    first_hand: int


#: The longest tournament name (the file's, or the leader's ``rename``).
MAX_NAME_LENGTH = 120


#: The most minutes a hand (deal, round) may be given on the room's clock.
MAX_MINUTES = 240


class TournamentSpec(_Frozen):
    """Everything fixed before play starts. Build it with :func:`load_spec`."""

    name: PlainText = Field(min_length=1, max_length=MAX_NAME_LENGTH)
    format: Format
    tables: int = Field(ge=3, le=MAX_TABLES)
    teams: tuple[TeamSpec, ...]
    days: tuple[DaySpec, ...]
    pattern: tuple[HandPlan, ...]
    #: How many teams go on from this tournament (1 or 2): with 2, a tie for first place
    #: plays off second place too (docs/rules.md, A18). Left out of a file: 1.
    advance: int = Field(default=1, ge=1, le=2)
    #: The room's clock (issue 26): minutes each hand is given, from its start; 0 (or left
    #: out of a file): no clock.
    minutes: int = Field(default=0, ge=0, le=MAX_MINUTES)

    @property
    def hands(self) -> int:
        return len(self.pattern)

    def plan(self, hand: int) -> HandPlan:
        if not 1 <= hand <= self.hands:
            raise PatternError(f"hand {hand} is not in the pattern (1 to {self.hands})")
        return self.pattern[hand - 1]

    def team(self, table: int) -> TeamSpec:
        return self.teams[table - 1]

    def day_of(self, hand: int) -> int:
        """The day (1-based) that ``hand`` belongs to."""
        self.plan(hand)
        last = 0
        for day, d in enumerate(self.days, start=1):
            last += d.hands
            if hand <= last:
                return day
        raise AssertionError("days were validated to cover the pattern")

    def last_hand_of_day(self, day: int) -> int:
        return sum(d.hands for d in self.days[:day])

    def session_of(self, hand: int) -> SessionPlace:
        """The session of its day that ``hand`` belongs to (Alberta's morning and afternoon).

        >>> from whist.pattern import default_spec
        >>> default_spec("alberta", tables=5, hands=50).session_of(16)
        SessionPlace(number=2, sessions=2, first_hand=16)
        """
        day = self.day_of(hand)
        spec = self.days[day - 1]
        sizes = spec.sessions or (spec.hands,)
        number, start = 1, self.last_hand_of_day(day - 1) + 1
        for size in sizes[:-1]:
            if hand >= start + size:
                number, start = number + 1, start + size
        return SessionPlace(number, len(sizes), start)

    def to_dict(self) -> dict[str, Any]:
        """A plain dict ready for TOML or JSON (the inverse of :func:`load_spec`)."""
        data = self.model_dump(mode="json")
        data["days"] = [
            {"hands": d["hands"], "sessions": list(d["sessions"])} for d in data["days"]
        ]
        data["pattern"] = [{**p, "travellers": list(p["travellers"])} for p in data["pattern"]]
        # TOML has no null: a team without a zone simply has no zone or rank key
        data["teams"] = [
            {k: v for k, v in t.items() if v is not None or k not in ("zone", "rank")}
            for t in data["teams"]
        ]
        if data["advance"] == 1:  # the default: files written before it stay as they were
            del data["advance"]
        if data["minutes"] == 0:  # no clock, as in files written before it
            del data["minutes"]
        return data


def explain_location(loc: tuple[int | str, ...], data: dict[str, Any]) -> str:
    """Turn a pydantic location into words: ``pattern, hand 7: offset``."""
    if not loc:
        return "the file"
    head, *rest = loc
    if head in ("pattern", "teams", "days", "seating") and rest and isinstance(rest[0], int):
        index = rest[0]
        label = {"pattern": "hand", "teams": "team", "days": "day", "seating": "table"}[str(head)]
        number = index + 1
        entries = data.get(str(head))
        if isinstance(entries, list) and index < len(entries) and isinstance(entries[index], dict):
            key = "hand" if head == "pattern" else "table"
            if isinstance(entries[index].get(key), int):
                number = entries[index][key]
        place = f"{head}, {label} {number}"
        field = ".".join(str(p) for p in rest[1:])
        return f"{place}: {field}" if field else place
    return ".".join(str(p) for p in loc)


FileModel = TypeVar("FileModel", bound=BaseModel)


def read_file_model(
    model: type[FileModel], data: dict[str, Any], *, recorded: bool = False
) -> FileModel:
    """``data`` as a ``model`` (a tournament or a club night); PatternError names the first
    problem in a leader's words (``pattern, hand 7: offset: …``). ``recorded``: read from a
    tournament log, which keeps names as they were accepted then."""
    if not isinstance(data, dict):
        raise PatternError("a tournament file must be a table of settings")
    try:
        return model.model_validate(data, context={"recorded": recorded})
    except ValidationError as exc:
        err = exc.errors()[0]
        more = exc.error_count() - 1
        msg = f"{explain_location(tuple(err['loc']), data)}: {err['msg']}"
        if more:
            msg += f" (and {more} more problem{'s' if more > 1 else ''})"
        raise PatternError(msg) from None


def load_spec(data: dict[str, Any], *, recorded: bool = False) -> TournamentSpec:
    """Validate a tournament read from a file; raise PatternError naming the first problem.
    ``recorded``: from the tournament log (names there were accepted when it began)."""
    spec = read_file_model(TournamentSpec, data, recorded=recorded)
    _check_spec(spec)
    return spec


def _check_spec(spec: TournamentSpec) -> None:
    fmt, tables = spec.format, spec.tables
    if len(spec.teams) != tables:
        raise PatternError(f"there are {tables} tables but {len(spec.teams)} teams")
    for index, team in enumerate(spec.teams, start=1):
        if team.table != index:
            raise PatternError(
                f"teams, team {index}: teams must be listed in table order 1 to {tables} "
                f"(found table {team.table})"
            )
        if set(team.players) != set(fmt.seats):
            raise PatternError(
                f"teams, team {index}: players must be exactly the seats "
                f"{', '.join(fmt.seats)} (found {', '.join(sorted(team.players)) or 'none'})"
            )
    _check_zones(spec.teams)
    if not spec.pattern:
        raise PatternError("the pattern has no hands")
    for index, plan in enumerate(spec.pattern, start=1):
        where = f"pattern, hand {plan.hand}"
        if plan.hand != index:
            raise PatternError(
                f"{where}: hands must be numbered 1, 2, 3… in order (expected hand {index})"
            )
        a, b = plan.travellers
        if a == b or a not in fmt.seats or b not in fmt.seats:
            raise PatternError(
                f"{where}: travellers must be two different seats among "
                f"{', '.join(fmt.seats)} (found {a}, {b})"
            )
        home = fmt.stay_at_home & {a, b}
        if home:
            raise PatternError(f"{where}: the captain ({min(home)}) always stays at home")
    total = sum(d.hands for d in spec.days)
    if not spec.days:
        raise PatternError("the file needs at least one day")
    if total != spec.hands:
        raise PatternError(f"the days add up to {total} hands but the pattern has {spec.hands}")
    for number, day in enumerate(spec.days, start=1):
        if day.sessions and (sum(day.sessions) != day.hands or min(day.sessions) < 1):
            raise PatternError(
                f"days, day {number}: sessions {list(day.sessions)} must be positive "
                f"and add up to the day's {day.hands} hands"
            )


def _check_zones(teams: tuple[TeamSpec, ...]) -> None:
    """Zone and rank come together, and no two teams are the same rank of one zone."""
    taken: dict[tuple[object, int], int] = {}
    for team in teams:
        where = f"teams, team {team.table}"
        if (team.zone is None) != (team.rank is None):
            raise PatternError(f"{where}: give both zone and rank, or neither")
        if team.zone is None or team.rank is None:
            continue
        key = (zone_key(team.zone), team.rank)
        if key in taken:
            raise PatternError(
                f"{where}: table {taken[key]} is already team {team.rank} of zone {team.zone}"
            )
        taken[key] = team.table
