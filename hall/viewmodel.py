"""What the hall display shows: frozen dataclasses, every text already translated.

>>> HallVM().screen
'connecting'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from uikit.viewmodel import ButtonVM, SetupVM

__all__ = ["ButtonVM", "HallRowVM", "HallVM", "NightRowVM", "NightTableVM", "NightVM", "SetupVM"]


@dataclass(frozen=True)
class HallRowVM:
    """One team's line: rank, number and name, total, change in the last hand, day totals.

    ``change_role`` is ``up``/``down`` (``-alt`` on every other row), ``role`` the row's.
    """

    rank: str = ""
    team: str = ""
    name: str = ""
    total: str = ""
    change: str = ""
    days: str = ""
    role: str = "row"
    change_role: str = "row"


@dataclass(frozen=True)
class NightRowVM:
    """One partnership on a club night's leaderboard: rank (``2=`` when shared), table and
    side, players, what the night counts first (games, or rubbers), points."""

    rank: str = ""
    table: str = ""
    players: str = ""
    wins: str = ""
    points: str = ""
    role: str = "row"


@dataclass(frozen=True)
class NightTableVM:
    """One table's game in play: its score against the target, deals played, finished."""

    table: str = ""
    score: str = ""
    deals: str = ""
    status: str = ""
    role: str = "row"


@dataclass(frozen=True)
class NightVM:
    """A club night's picture: the leaderboard, and in turn the tables' games (``tables_turn``:
    the page clock shows the leaderboard's page, then the same page of the tables).

    >>> NightVM().rows
    ()
    """

    game: str = ""
    head: NightRowVM = NightRowVM()
    rows: tuple[NightRowVM, ...] = ()
    tables_head: NightTableVM = NightTableVM()
    tables: tuple[NightTableVM, ...] = ()
    note: str = ""
    #: The house rules in force tonight, one a line (empty: the seed's rules).
    house_rules: str = ""
    tables_turn: bool = False


@dataclass(frozen=True)
class HallVM:
    """The whole TV picture. ``screen`` is ``setup``, ``connecting``, ``standings`` or, on a
    club night, ``night``."""

    screen: str = "connecting"
    language: str = "en"
    tournament: str = ""
    hand: str = ""
    trump_symbol: str = ""
    trump_name: str = ""
    trump_role: str = "card-black"
    progress: str = ""
    progress_fraction: float = 0.0
    #: the last ended day's verifiers' count (rules A19), a small line of its own
    counts: str = ""
    banner: str = ""
    banner_role: str = "banner-offline"
    #: The secondary lines (the tournament, progress, count, playoff, notes), said in turn on
    #: one band of the back row's type (docs/hall-display.md); ``line`` is the one on show.
    ticker: tuple[str, ...] = ()
    line: str = ""
    head: HallRowVM = HallRowVM()
    rows: tuple[HallRowVM, ...] = ()
    page: str = ""
    message: str = ""
    setup: SetupVM = field(default_factory=SetupVM)
    night: NightVM = field(default_factory=NightVM)
    #: The room's clock, big on one line (issue 26): "About 12 minutes left", "4:59 left",
    #: "3:12 over" (``clock_over``); "" when none runs.
    clock: str = ""
    clock_over: bool = False
