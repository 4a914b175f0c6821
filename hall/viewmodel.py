"""What the hall display shows: frozen dataclasses, every text already translated.

>>> HallVM().screen
'connecting'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from uikit.viewmodel import ButtonVM, SetupVM

__all__ = ["ButtonVM", "HallRowVM", "HallVM", "SetupVM"]


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
class HallVM:
    """The whole TV picture. ``screen`` is ``setup``, ``connecting`` or ``standings``."""

    screen: str = "connecting"
    language: str = "en"
    tournament: str = ""
    hand: str = ""
    trump_symbol: str = ""
    trump_name: str = ""
    trump_role: str = "card-black"
    progress: str = ""
    progress_fraction: float = 0.0
    banner: str = ""
    banner_role: str = "banner-offline"
    head: HallRowVM = HallRowVM()
    rows: tuple[HallRowVM, ...] = ()
    page: str = ""
    message: str = ""
    setup: SetupVM = field(default_factory=SetupVM)
