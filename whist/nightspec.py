"""The file of a club night: the game, its tables and who sits where, how long it lasts.

A club night is a tournament file whose ``format`` is a club game (``minnesota``, ``english``,
``american``, and the individual games ``widow``, ``solo``, ``knockout``, ``eight-to-one``):
nobody moves; each table keeps score deal after deal, and the hall ranks every partnership (or,
in an individual game, every player) of the room (docs/rules.md, C1 to C8, WI, SO, KO, EO).
Read it with :func:`load_night`; problems are :class:`~whist.errors.PatternError` naming the
table at fault.

>>> night = default_night("minnesota", tables=4)
>>> night.tables, night.seating[0].players["N"], night.settings(1).first_dealer
(4, '', 'N')
>>> load_night(night.to_dict()) == night
True
>>> load_night({**night.to_dict(), "length": {"unit": "rubbers", "count": 2}})
Traceback (most recent call last):
...
whist.errors.PatternError: Minnesota whist is won in games: length is deals, games or open
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from whist.enums import Unit
from whist.errors import DealError, PatternError
from whist.formats import ClubGame, ClubSettings, Format, NightLength
from whist.formats.base import LengthUnit
from whist.formats.words import night_name
from whist.spec import MAX_MINUTES, MAX_TABLES, PlainText, read_file_model

#: The highest target a leader may set for a game.
MAX_TARGET = 100
#: The most deals, games or rubbers a night may be set to last.
MAX_LENGTH = 1000

#: A seat: N, E, S, W at a four-handed table; 1 to 7 in Widow (three) and Knockout (two to
#: seven), whose tables have no compass.
SeatLetter = Literal["N", "E", "S", "W", "1", "2", "3", "4", "5", "6", "7"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SeatingSpec(_Frozen):
    """One table: its players by seat (N, E, S, W, partners sitting opposite; or 1, 2, 3…
    clockwise in Widow and Knockout) and its first dealer (the high cut, C1; when the file
    does not say, the game's first seat)."""

    table: int = Field(ge=1, le=MAX_TABLES)
    players: dict[str, PlainText]
    first_dealer: SeatLetter = "N"


class LengthSpec(_Frozen):
    """How long the night lasts at each table: a count of deals, games or rubbers, or
    ``open`` (until the leader ends it)."""

    unit: LengthUnit = Unit.OPEN
    count: int = Field(default=0, ge=0, le=MAX_LENGTH)


class NightSpec(_Frozen):
    """Everything fixed before a club night starts. Build it with :func:`load_night`."""

    name: PlainText = Field(min_length=1, max_length=120)
    format: Format
    tables: int = Field(ge=1, le=MAX_TABLES)
    #: Points that win a game; None: the game's own (Minnesota 13, English 5, American 7).
    target: int | None = Field(default=None, ge=1, le=MAX_TARGET)
    length: LengthSpec = LengthSpec()
    seating: tuple[SeatingSpec, ...]
    #: The game's house rules the night plays, by name (docs/rules.md, "House rules"); none
    #: by default: the seed's rules.
    house_rules: tuple[PlainText, ...] = ()
    #: The room's clock (issue 26): minutes each deal is given, from the moment the room's
    #: last table starts it; 0 (or left out of a file): no clock.
    minutes: int = Field(default=0, ge=0, le=MAX_MINUTES)

    @model_validator(mode="before")
    @classmethod
    def _first_dealer_by_game(cls, data: Any) -> Any:
        # A seating that does not name its first dealer starts with the game's first seat,
        # which is not N in a game whose seats are numbered.
        if not isinstance(data, dict) or not isinstance(data.get("seating"), list | tuple):
            return data
        try:
            first = Format(data.get("format")).club.seats[0]
        except (ValueError, PatternError):
            return data
        seating = [
            {**s, "first_dealer": first} if isinstance(s, dict) and "first_dealer" not in s else s
            for s in data["seating"]
        ]
        return {**data, "seating": seating}

    @property
    def game(self) -> ClubGame[Any]:
        return self.format.club

    @property
    def night_length(self) -> NightLength:
        return NightLength(self.length.unit, self.length.count)

    @property
    def named_by_default(self) -> bool:
        """Whether the night keeps the name ``whist-hub new`` wrote (the game and its
        tables, in English): screens then say it in their own language (issue 29).

        >>> default_night("solo", 3).named_by_default
        True
        >>> default_night("solo", 3, name="Tuesday club").named_by_default
        False
        """
        return self.name == night_name(self.tables).format(game=self.game.title, n=self.tables)

    def seats_of(self, table: int) -> SeatingSpec:
        if not 1 <= table <= self.tables:
            raise PatternError(f"table {table} is not in this night (1 to {self.tables})")
        return self.seating[table - 1]

    def settings(self, table: int) -> ClubSettings:
        """The settings ``table`` starts the night with."""
        seating = self.seats_of(table)
        game = self.game
        return ClubSettings(
            target=self.target,
            length=self.night_length,
            first_dealer=seating.first_dealer,
            players=(
                None
                if game.min_players is None
                else tuple(s for s in game.seats if s in seating.players)
            ),
            house_rules=frozenset(self.house_rules),
        )

    def to_dict(self) -> dict[str, Any]:
        """A plain dict ready for TOML or JSON (the inverse of :func:`load_night`); a target
        left to the game is not written."""
        data = self.model_dump(mode="json", exclude_none=True)
        data["seating"] = list(data["seating"])
        if not data["house_rules"]:
            del data["house_rules"]  # a night of the seed's rules reads as it always did
        else:
            data["house_rules"] = list(data["house_rules"])
        if not data["minutes"]:
            del data["minutes"]  # no clock, as in files written before it
        return data


#: The reading of the seeds a night's log is played under (issue 24): 1, a log written
#: before it says which (English games worth 3, 2 or 1; Knockout in rounds, players out);
#: 2, the seeds' games, the traditional ones as house rules (docs/rules.md EN7, KO10).
NIGHT_RULES = 2
#: The house rules that play a night of the first reading as it was played.
_FIRST_READING = {Format.ENGLISH: "game_values", Format.KNOCKOUT: "knockout_rounds"}


def as_played(spec: NightSpec, rules: int) -> NightSpec:
    """A night from its log, under the rules it was played with: a night logged before the
    seeds' reading (``rules`` 1) plays on with the house rule that keeps its old game.

    >>> old = as_played(default_night("knockout", 1), 1)
    >>> old.house_rules, as_played(default_night("knockout", 1), NIGHT_RULES).house_rules
    (('knockout_rounds',), ())
    """
    rule = _FIRST_READING.get(spec.format)
    if rules >= NIGHT_RULES or rule is None or rule in spec.house_rules:
        return spec
    return spec.model_copy(update={"house_rules": (*spec.house_rules, rule)})


def load_night(data: dict[str, Any], *, recorded: bool = False) -> NightSpec:
    """Validate a club night read from a file; raise PatternError naming the first problem.
    ``recorded``: from the night's log (names there were accepted when it began)."""
    spec = read_file_model(NightSpec, data, recorded=recorded)
    _check_night(spec)
    return spec


def _check_night(spec: NightSpec) -> None:
    if not spec.format.is_club:
        raise PatternError(f"{spec.format.value} is military whist, not a club night")
    game = spec.game
    if len(spec.seating) != spec.tables:
        raise PatternError(f"there are {spec.tables} tables but {len(spec.seating)} seatings")
    for index, seating in enumerate(spec.seating, start=1):
        if seating.table != index:
            raise PatternError(
                f"seating, table {index}: tables must be listed in order 1 to {spec.tables} "
                f"(found table {seating.table})"
            )
        _check_players(index, seating, game)
        for seat, name in seating.players.items():
            if len(name) > 60:
                raise PatternError(f"seating, table {index}: {seat}'s name is over 60 letters")
    for name in spec.house_rules:
        if name not in game.house_rules:
            known = ", ".join(game.house_rules) or "none"
            raise PatternError(
                f"house_rules: {game.title} has no house rule {name!r} (it has: {known})"
            )
    if len(set(spec.house_rules)) != len(spec.house_rules):
        raise PatternError("house_rules: a house rule is named twice")
    if spec.length.unit == Unit.RUBBERS and game.wins != Unit.RUBBERS:
        raise PatternError(f"{game.title} is won in games: length is deals, games or open")
    if spec.length.unit not in game.lengths:
        raise PatternError(
            f"{game.title} has no {spec.length.unit}: length is {' or '.join(game.lengths)}"
        )
    try:
        spec.night_length  # noqa: B018 - the length checks itself
    except DealError as exc:
        raise PatternError(f"length: {exc}") from None
    for table in range(1, spec.tables + 1):
        try:
            game.start(spec.settings(table))
        except DealError as exc:
            raise PatternError(f"seating, table {table}: {exc}") from None


def _check_players(index: int, seating: SeatingSpec, game: ClubGame[Any]) -> None:
    found = ", ".join(sorted(seating.players)) or "none"
    if game.min_players is None:
        if set(seating.players) != set(game.seats):
            raise PatternError(
                f"seating, table {index}: players must be exactly the seats "
                f"{', '.join(game.seats)} (found {found})"
            )
        return
    count = len(seating.players)
    if not game.min_players <= count <= len(game.seats) or set(seating.players) != set(
        game.seats[:count]
    ):
        raise PatternError(
            f"seating, table {index}: {game.title} seats {game.min_players} to "
            f"{len(game.seats)} players, in seats 1, 2, 3… without a gap (found {found})"
        )
    if seating.first_dealer not in seating.players:
        raise PatternError(
            f"seating, table {index}: the first dealer, seat {seating.first_dealer}, has no player"
        )


def default_night(
    format: str | Format,
    tables: int,
    *,
    name: str | None = None,
    target: int | None = None,
    length: LengthSpec | None = None,
) -> NightSpec:
    """A complete, valid club night with blank player names, everyone's first dealer North.

    >>> default_night("english", 2, length=LengthSpec(unit="rubbers", count=2)).name
    'English whist, 2 tables'
    """
    fmt = Format(format)
    game = fmt.club
    seated = game.default_players or len(game.seats)
    data: dict[str, Any] = {
        "name": name or night_name(tables).format(game=game.title, n=tables),
        "format": fmt.value,
        "tables": tables,
        "length": (length or LengthSpec()).model_dump(),
        "seating": [
            {"table": t, "players": {seat: "" for seat in game.seats[:seated]}}
            for t in range(1, tables + 1)
        ],
    }
    if target is not None:
        data["target"] = target
    return load_night(data)  # the same checks a hand-edited file goes through
