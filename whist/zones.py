"""Zone-order seating: where each team of a provincial final sits (docs/rules.md, A14).

The Alberta book seats its provincial final "in zone order (1st teams from zones on Tables 1 to
8, second teams from zones on Tables 9 to 16)". Each team comes with its zone and its rank in
that zone; the first teams fill the first tables, zone after zone, then the second teams, and
so on. Zones are put in their natural order ("Zone 2" before "Zone 10").

>>> teams = [ZoneTeam("Red Deer", {}, "2", 1), ZoneTeam("Banff", {}, "1", 2),
...          ZoneTeam("Canmore", {}, "1", 1), ZoneTeam("Olds", {}, "2", 2)]
>>> [t.name for t in zone_order(teams)]
['Canmore', 'Red Deer', 'Banff', 'Olds']
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from whist.errors import PatternError

__all__ = ["ZoneTeam", "rank_in_listed_order", "zone_key", "zone_order"]


@dataclass(frozen=True)
class ZoneTeam:
    """A team as its zone sends it: name, players by seat, zone and rank in the zone
    (1 = the zone's first team)."""

    name: str
    players: dict[str, str] = field(hash=False)
    zone: str
    rank: int


def zone_key(zone: str) -> tuple[tuple[int, int | str], ...]:
    """The natural order of zone names: numbers by value, words without case.

    >>> sorted(["Zone 10", "zone 2", "Zone 1"], key=zone_key)
    ['Zone 1', 'zone 2', 'Zone 10']
    """
    parts = re.split(r"(\d+)", zone.strip().casefold())
    return tuple((0, int(p)) if p.isdigit() else (1, p) for p in parts if p)


def rank_in_listed_order(
    entries: Sequence[tuple[str, dict[str, str], str]],
) -> list[ZoneTeam]:
    """Teams listed without ranks: each zone's first listed team is its first team.

    >>> [t.rank for t in rank_in_listed_order([("a", {}, "1"), ("b", {}, "2"), ("c", {}, "1")])]
    [1, 1, 2]
    """
    seen: dict[tuple[tuple[int, int | str], ...], int] = {}
    teams = []
    for name, players, zone in entries:
        key = zone_key(zone)
        seen[key] = seen.get(key, 0) + 1
        teams.append(ZoneTeam(name, players, zone, seen[key]))
    return teams


def zone_order(teams: Sequence[ZoneTeam]) -> list[ZoneTeam]:
    """The teams in table order: by rank, and within a rank by zone.

    A zone that sends fewer teams leaves no empty table: the next rank starts right after the
    last team of this one. Two teams with the same zone and rank, or a blank zone, are refused
    (PatternError names them).
    """
    taken: dict[tuple[tuple[tuple[int, int | str], ...], int], str] = {}
    for team in teams:
        if not team.zone.strip():
            raise PatternError(f"team {team.name!r}: its zone is blank")
        if team.rank < 1:
            raise PatternError(f"team {team.name!r}: rank must be 1 or more (found {team.rank})")
        key = (zone_key(team.zone), team.rank)
        if key in taken:
            raise PatternError(
                f"teams {taken[key]!r} and {team.name!r} are both team {team.rank} "
                f"of zone {team.zone}"
            )
        taken[key] = team.name
    return sorted(teams, key=lambda t: (t.rank, zone_key(t.zone)))
