"""The interface every format implements, and the names of the formats a tournament file
may choose.

A format is one module of this package holding a :class:`GameFormat` called ``RULES``. The
tournament, the views and the hub ask it what a hand is worth, what a table holds, how
standings are ordered and ties broken, and which words a screen uses for the score; nothing
outside ``whist/formats/`` asks which format it is. Adding a game is adding a module here and
its name to :class:`Format`.

>>> Format("gaspesie").rules.unit
'points'
>>> Format.ALBERTA.rules.outcome(visitor_tricks=10).flags
2
"""

from __future__ import annotations

import abc
import enum
import importlib
from dataclasses import dataclass
from typing import ClassVar, Literal

TRICKS = 13
#: Flags on every table at the start of a day (Alberta).
START_FLAGS = 12

#: What a team's score is counted in; a screen picks its words by it.
Unit = Literal["flags", "points"]
#: How equal teams are told apart once play is over.
TieBreakRule = Literal["playoff", "countback"]
RevokePenalty = Literal["two_tricks", "hand"]
Language = Literal["en", "fr"]
Side = Literal["home", "visitors"]


@dataclass(frozen=True)
class HandOutcome:
    """What one table's hand is worth by a format's rule.

    ``flags``: flags the visitors take from the home table (a format of flags);
    ``home_points`` / ``visitor_points``: points each side's team wins (a format of points).
    ``counted_visitor_tricks`` is the visitors' count after revoke penalties, and ``why`` says
    what decided it: ``"tricks"``, ``"revokes"`` (tricks moved by revokes), ``"fault"`` (one
    side at fault loses the hand) or ``"faults_cancel"`` (both at fault: the tricks decide).
    """

    flags: int = 0
    home_points: int = 0
    visitor_points: int = 0
    counted_visitor_tricks: int = 0
    why: str = "tricks"


class GameFormat(abc.ABC):
    """One format's rules: class attributes for what it is, methods for what it decides."""

    name: ClassVar[str]
    #: A new tournament's default title and language.
    title: ClassVar[str]
    language: ClassVar[Language]
    #: The translation context of its own words (a Gaspésie hand is a *manche*), or None.
    wording: ClassVar[str | None]
    unit: ClassVar[Unit]
    #: The seat names printed on the table cards, and the seats that never travel.
    seats: ClassVar[tuple[str, ...]]
    stay_at_home: ClassVar[frozenset[str]] = frozenset()
    #: Travellers move on table to table (True) or go home after each hand (False).
    travellers_progress: ClassVar[bool]
    default_hands: ClassVar[int]
    #: Flags each table holds at the start of a day (0 for a format of points).
    start_flags: ClassVar[int] = 0
    #: The leader may lend flags to a table (and the hub lends when a table lacks them).
    lends_flags: ClassVar[bool] = False
    #: The leader may give a hand away for a fault other than a revoke (signalling).
    leader_penalties: ClassVar[bool] = False
    tie_break: ClassVar[TieBreakRule]
    #: The home side's first seat deals every hand (the Gaspésie captain); else the deal
    #: goes round the table.
    home_deals: ClassVar[bool] = False
    #: What an established revoke costs: two tricks to the other side, or the whole hand.
    revoke_penalty: ClassVar[RevokePenalty]

    def home_pair(self, travellers: tuple[str, str]) -> tuple[str, str]:
        """The two seats that stay at the table while ``travellers`` go out."""
        rest = [s for s in self.seats if s not in travellers]
        return (rest[0], rest[1])

    @abc.abstractmethod
    def outcome(
        self,
        visitor_tricks: int,
        revokes_home: int = 0,
        revokes_visitors: int = 0,
        penalty: Side | None = None,
    ) -> HandOutcome:
        """What the hand at one table is worth."""

    @abc.abstractmethod
    def default_moves(self, tables: int, hands: int) -> list[tuple[tuple[str, str], int]]:
        """The built-in pattern of a new tournament: per hand, (travellers, offset)."""

    @abc.abstractmethod
    def default_days(self, hands: int) -> list[tuple[int, ...]]:
        """How a new tournament's hands fall into days: per day, its sessions' sizes."""


def check_tricks(visitor_tricks: int, revokes_home: int, revokes_visitors: int) -> None:
    """The bounds every format shares: 0..13 tricks, no negative revokes."""
    if not 0 <= visitor_tricks <= TRICKS:
        raise ValueError(f"visitor tricks must be 0 to 13 (got {visitor_tricks})")
    if revokes_home < 0 or revokes_visitors < 0:
        raise ValueError("revokes cannot be negative")


class Format(enum.Enum):
    """The formats a tournament file may name; each value is its module in this package."""

    ALBERTA = "alberta"
    GASPESIE = "gaspesie"

    @property
    def rules(self) -> GameFormat:
        """The format's rules (its module's ``RULES``), loaded on first use."""
        rules: GameFormat = importlib.import_module(f"whist.formats.{self.value}").RULES
        return rules

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats

    @property
    def stay_at_home(self) -> frozenset[str]:
        return self.rules.stay_at_home

    @property
    def travellers_progress(self) -> bool:
        return self.rules.travellers_progress

    def home_pair(self, travellers: tuple[str, str]) -> tuple[str, str]:
        return self.rules.home_pair(travellers)
