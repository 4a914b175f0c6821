"""The file of a club night: the game, its tables and who sits where, how long it lasts.

A club night is a tournament file whose ``format`` is a club game (``minnesota``, ``english``,
``american``): nobody moves; each table keeps score deal after deal, and the hall ranks every
partnership of the room (docs/rules.md, C1 to C8). Read it with :func:`load_night`; problems are
:class:`~whist.errors.PatternError` naming the table at fault.

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

from pydantic import BaseModel, ConfigDict, Field

from whist.errors import DealError, PatternError
from whist.formats import ClubGame, ClubSettings, Format, NightLength
from whist.spec import MAX_TABLES, read_file_model

#: The highest target a leader may set for a game.
MAX_TARGET = 100
#: The most deals, games or rubbers a night may be set to last.
MAX_LENGTH = 1000

SeatLetter = Literal["N", "E", "S", "W"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class SeatingSpec(_Frozen):
    """One table: its players by seat (N, E, S, W; partners sit opposite) and its first
    dealer (the high cut, C1)."""

    table: int = Field(ge=1, le=MAX_TABLES)
    players: dict[str, str]
    first_dealer: SeatLetter = "N"


class LengthSpec(_Frozen):
    """How long the night lasts at each table: a count of deals, games or rubbers, or
    ``open`` (until the leader ends it)."""

    unit: Literal["deals", "games", "rubbers", "open"] = "open"
    count: int = Field(default=0, ge=0, le=MAX_LENGTH)


class NightSpec(_Frozen):
    """Everything fixed before a club night starts. Build it with :func:`load_night`."""

    name: str = Field(min_length=1, max_length=120)
    format: Format
    tables: int = Field(ge=1, le=MAX_TABLES)
    #: Points that win a game; None: the game's own (Minnesota 13, English 5, American 7).
    target: int | None = Field(default=None, ge=1, le=MAX_TARGET)
    length: LengthSpec = LengthSpec()
    seating: tuple[SeatingSpec, ...]

    @property
    def game(self) -> ClubGame[Any]:
        return self.format.club

    @property
    def night_length(self) -> NightLength:
        return NightLength(self.length.unit, self.length.count)

    def seats_of(self, table: int) -> SeatingSpec:
        if not 1 <= table <= self.tables:
            raise PatternError(f"table {table} is not in this night (1 to {self.tables})")
        return self.seating[table - 1]

    def settings(self, table: int) -> ClubSettings:
        """The settings ``table`` starts the night with."""
        return ClubSettings(
            target=self.target,
            length=self.night_length,
            first_dealer=self.seats_of(table).first_dealer,
        )

    def to_dict(self) -> dict[str, Any]:
        """A plain dict ready for TOML or JSON (the inverse of :func:`load_night`); a target
        left to the game is not written."""
        data = self.model_dump(mode="json", exclude_none=True)
        data["seating"] = list(data["seating"])
        return data


def load_night(data: dict[str, Any]) -> NightSpec:
    """Validate a club night read from a file; raise PatternError naming the first problem."""
    spec = read_file_model(NightSpec, data)
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
        if set(seating.players) != set(game.seats):
            raise PatternError(
                f"seating, table {index}: players must be exactly the seats "
                f"{', '.join(game.seats)} (found {', '.join(sorted(seating.players)) or 'none'})"
            )
        for seat, name in seating.players.items():
            if len(name) > 60:
                raise PatternError(f"seating, table {index}: {seat}'s name is over 60 letters")
    if spec.length.unit == "rubbers" and game.wins != "rubbers":
        raise PatternError(
            f"{game.title} is won in games: length is deals, games or open"
        )
    try:
        spec.night_length  # noqa: B018 - the length checks itself
    except DealError as exc:
        raise PatternError(f"length: {exc}") from None


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
    data: dict[str, Any] = {
        "name": name or f"{game.title}, {tables} table{'s' if tables != 1 else ''}",
        "format": fmt.value,
        "tables": tables,
        "length": (length or LengthSpec()).model_dump(),
        "seating": [
            {"table": t, "players": {seat: "" for seat in game.seats}} for t in range(1, tables + 1)
        ],
    }
    if target is not None:
        data["target"] = target
    return load_night(data)  # the same checks a hand-edited file goes through
