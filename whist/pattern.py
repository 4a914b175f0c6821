"""Built-in patterns of play, for any number of tables from 3 up.

* Alberta, 30 hands: one day, 15 in the morning and 15 in the afternoon.
* Alberta, 50 hands: day 1 as above, day 2 the remaining 20 (provincial finals).
* Gaspésie, 24 manches in one sitting.

Balance: the offsets run through 1..T-1 again and again, so once there are at least T-1 hands
every team visits every other table equally often (±1). Alberta rotates the travelling pair
through all six partnerships (AB, XY, AX, BY, AY, BX), so each player travels half the hands
(±1) and plays with each teammate. The Gaspésie captain stays home and takes players 2, 3, 1
as partner in turn; the other two travel and progress one table each manche.

Fair rotations: when the two cycles (partnerships, tables) would lock together and bring the
same players back to the same tables, the partnership cycle is shifted, so that no Gaspésie
foursome meets twice and no Alberta pair visits a table twice while others are still unmet,
and an Alberta team never visits the same table two hands running (docs/rules.md, P8 and P9).
:func:`rotation_figures` measures this.

>>> [p.offset for p in alberta_pattern(tables=4, hands=7)]
[1, 2, 3, 1, 2, 3, 1]
>>> [p.travellers for p in gaspesie_pattern(tables=5, manches=3)]
[('1', '3'), ('1', '2'), ('2', '3')]
"""

from __future__ import annotations

__all__ = [
    "ALBERTA_PAIRS",
    "DEFAULT_HANDS",
    "GASPESIE_TRAVELLERS",
    "TRUMP_CYCLE",
    "Move",
    "RotationFigures",
    "alberta_pattern",
    "default_spec",
    "gaspesie_pattern",
    "is_placeholder_name",
    "rotation_figures",
]

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from whist.formats import Format
from whist.formats.alberta import PAIRS as ALBERTA_PAIRS
from whist.formats.base import Language
from whist.formats.gaspesie import TRAVELLERS as GASPESIE_TRAVELLERS
from whist.movement import host_table, visiting_team
from whist.spec import (
    TRUMP_CYCLE,
    DaySpec,
    HandPlan,
    TeamSpec,
    TournamentSpec,
    load_spec,
    planned_trump,
)
from whist.zones import ZoneTeam, zone_order

#: A new tournament's placeholder names, by language (the leader types the real ones).
_PLACEHOLDERS: dict[Language, dict[str, str]] = {
    "en": {
        "team": "Team {t}",
        "title": "{title}, {tables} tables",
        "game": "Military whist",
        "demo": "Demo, {tables} tables",
    },
    "fr": {
        "team": "Équipe {t}",
        "title": "{title}, {tables} tables",
        "game": "Whist militaire",
        "demo": "Démo, {tables} tables",
    },
}


def demo_name(format: str | Format, tables: int) -> str:
    """The demo's tournament name, in the format's language (``whist-hub demo``).

    >>> demo_name("gaspesie", 4), demo_name("minnesota", 3)
    ('Démo, 4 tables', 'Demo, 3 tables')
    """
    fmt = Format(format)
    language = fmt.club.language if fmt.is_club else fmt.rules.language
    return _PLACEHOLDERS[language]["demo"].format(tables=tables)


def is_placeholder_name(name: str, table: int) -> bool:
    """Whether a team's name is only ``new``'s placeholder (in any language), or empty: a
    screen then says "Team 3" once, never "Team 3 (Équipe 3)".

    >>> is_placeholder_name("Équipe 3", 3), is_placeholder_name("Les As", 3)
    (True, False)
    """
    text = name.strip()
    return not text or any(w["team"].format(t=table) == text for w in _PLACEHOLDERS.values())


DEFAULT_HANDS = {fmt: fmt.rules.default_hands for fmt in Format.military()}


def plans(
    fmt: Format, tables: int, hands: int, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """The format's built-in pattern as hand plans, the trump cycling (or the leader's)."""
    return tuple(
        HandPlan(
            hand=i + 1,
            travellers=travellers,
            offset=offset,
            trump=planned_trump(i, leader_chooses_trump),
        )
        for i, (travellers, offset) in enumerate(fmt.rules.default_moves(tables, hands))
    )


def alberta_pattern(
    tables: int, hands: int = 30, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """Alberta's built-in pattern (visitors go out and come home each hand)."""
    return plans(Format.ALBERTA, tables, hands, leader_chooses_trump=leader_chooses_trump)


def gaspesie_pattern(
    tables: int, manches: int = 24, *, leader_chooses_trump: bool = False
) -> tuple[HandPlan, ...]:
    """Gaspésie's built-in pattern (travellers progress one table each manche)."""
    return plans(Format.GASPESIE, tables, manches, leader_chooses_trump=leader_chooses_trump)


def default_spec(
    format: str | Format,
    tables: int,
    hands: int | None = None,
    *,
    name: str | None = None,
    leader_chooses_trump: bool = False,
    zone_teams: Sequence[ZoneTeam] = (),
    language: Language | None = None,
) -> TournamentSpec:
    """A complete, valid tournament with placeholder team and player names in ``language``
    (the format's own when none is given: Gaspésie's placeholders are French), or with
    ``zone_teams`` seated in zone order (docs/rules.md, A14; one team per table).

    >>> default_spec("gaspesie", 3).teams[0].name
    'Équipe 1'
    >>> default_spec("alberta", 3, language="fr").name
    'Whist militaire, 3 tables'
    >>> from whist.zones import ZoneTeam
    >>> spec = default_spec("alberta", 3, zone_teams=[
    ...     ZoneTeam(n, {}, z, r) for n, z, r in [("C", "2", 1), ("B", "1", 2), ("A", "1", 1)]])
    >>> [(t.table, t.name, t.zone, t.rank) for t in spec.teams]
    [(1, 'A', '1', 1), (2, 'C', '2', 1), (3, 'B', '1', 2)]
    """
    fmt = Format(format)
    rules = fmt.rules
    language = language or rules.language
    words = _PLACEHOLDERS[language]
    game = rules.title if language == rules.language else words["game"]
    count = rules.default_hands if hands is None else hands
    if tables < 3:
        raise ValueError("a military whist tournament needs at least 3 tables")
    if count < 1:
        raise ValueError("a tournament needs at least 1 hand")
    pattern = plans(fmt, tables, count, leader_chooses_trump=leader_chooses_trump)
    days = tuple(
        DaySpec(hands=sum(sessions), sessions=sessions) for sessions in rules.default_days(count)
    )
    teams = tuple(
        TeamSpec(table=t, name=words["team"].format(t=t), players={seat: "" for seat in fmt.seats})
        for t in range(1, tables + 1)
    )
    if zone_teams:
        if len(zone_teams) != tables:
            raise ValueError(f"there are {tables} tables but {len(zone_teams)} teams")
        teams = tuple(
            TeamSpec(
                table=t,
                name=team.name,
                players={seat: team.players.get(seat, "") for seat in fmt.seats},
                zone=team.zone,
                rank=team.rank,
            )
            for t, team in enumerate(zone_order(zone_teams), start=1)
        )
    title = name or words["title"].format(title=game, tables=tables)
    spec = TournamentSpec(
        name=title, format=fmt, tables=tables, teams=teams, days=days, pattern=pattern
    )
    return load_spec(spec.to_dict())  # the same checks a hand-edited file goes through


#: One hand's movement: the two travelling seats and the offset.
Move = tuple[tuple[str, str], int]


@dataclass(frozen=True)
class RotationFigures:
    """How often the same people meet in a pattern (the figures behind P8 and P9).

    ``most_foursome``: the most hands one foursome (a home pair and the pair visiting it)
    spends at one table together. ``foursome_repeats``: the meetings beyond each foursome's
    first, summed over the hall. ``pair_revisits``: the same for a travelling pair at a host
    table, and ``most_pair`` the most visits of one pair to one table (in Alberta the same four
    players can also meet the other way round, the hosts travelling to the visitors' table:
    ``most_foursome`` counts that too). ``same_host_running``: how
    often, summed over the teams, a team's travellers play at the table they played at the
    hand before.

    >>> rotation_figures(Format.GASPESIE, 7, [(p.travellers, p.offset)
    ...                                       for p in gaspesie_pattern(7)]).most_foursome
    2
    """

    most_foursome: int
    foursome_repeats: int
    pair_revisits: int
    most_pair: int
    same_host_running: int


def rotation_figures(fmt: Format, tables: int, moves: Iterable[Move]) -> RotationFigures:
    """Count the meetings of a pattern given as (travellers, offset) per hand."""
    foursomes: Counter[frozenset[tuple[int, str]]] = Counter()
    visits: Counter[tuple[int, frozenset[str], int]] = Counter()
    running = 0
    last: Move | None = None
    for travellers, offset in moves:
        home = fmt.home_pair(travellers)
        for table in range(1, tables + 1):
            guests = visiting_team(table, offset, tables)
            seated = {(table, seat) for seat in home} | {(guests, seat) for seat in travellers}
            foursomes[frozenset(seated)] += 1
            host = host_table(table, offset, tables)
            visits[(table, frozenset(travellers), host)] += 1
            if last is not None and host == host_table(table, last[1], tables):
                running += 1
        last = (travellers, offset)
    return RotationFigures(
        most_foursome=max(foursomes.values(), default=0),
        foursome_repeats=sum(n - 1 for n in foursomes.values()),
        pair_revisits=sum(n - 1 for n in visits.values()),
        most_pair=max(visits.values(), default=0),
        same_host_running=running,
    )
