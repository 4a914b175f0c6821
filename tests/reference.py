"""A second, independent reading of docs/rules.md: tournament scoring from scratch, for tests.

The system tests play whole tournaments through the hub and compare its standings with what
this module computes straight from the rules. To be worth anything as a check, nothing here
comes from ``whist.tournament``, ``whist.formats``, ``whist.views`` or ``whist.movement``:
the movement (M1, M2), the Alberta flags (A1-A3, A5-A7) and the Gaspésie points (G1-G4, G6)
are written again below, as plainly as possible and without any running state, so an error in
the incremental, event-by-event code cannot be copied here.

Only the pattern (``whist.spec``) and the cards and bots (``whist.cards``, ``whist.bot``) are
shared: they are the input, not the scoring.

>>> from whist.pattern import default_spec
>>> spec = default_spec("alberta", tables=3, hands=4)
>>> hands = simulate(spec, seed=1)
>>> [len(h.results) for h in hands]
[3, 3, 3, 3]
>>> rows = reference_standings(spec, hands)
>>> sum(row["flags"] for row in rows)
36
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from whist.bot import Bot, deal_and_play
from whist.cards import PlayedDeal, Suit, Trump
from whist.spec import TournamentSpec

__all__ = [
    "HOME",
    "TRICKS",
    "TRUMP_NAMES",
    "VISITORS",
    "HandResults",
    "TableResult",
    "alberta_adjusted_visitor_tricks",
    "alberta_flags_taken",
    "gaspesie_points",
    "play_table",
    "reference_standings",
    "simulate",
    "table_of",
    "visiting_team",
]

TRICKS = 13
START_FLAGS = 12  # A1
#: Sides of a table in a simulated deal: seats 0 & 2 are the home pair, 1 & 3 the visitors.
HOME, VISITORS = 0, 1
TRUMP_NAMES = ("spades", "hearts", "diamonds", "clubs", "none")


class TableResult(NamedTuple):
    """What one table reports for one hand (docs/rules.md, "The result")."""

    table: int
    visitor_tricks: int
    revokes_home: int = 0
    revokes_visitors: int = 0


class HandResults(NamedTuple):
    """One hand: the trump it was played in (a wire name) and the tables that reported."""

    hand: int
    trump: str
    results: tuple[TableResult, ...]


# --- Movement (M1, M2) -------------------------------------------------------------------------


def _step(offset: int, tables: int) -> int:
    """How many tables on the travellers go: the offset round the hall, never 0 (M2)."""
    if offset < 1:
        raise ValueError(f"an offset is 1 or more (got {offset})")
    k = offset % tables
    return k if k else 1


def table_of(team: int, offset: int, tables: int) -> int:
    """The table where team ``team``'s travelling pair plays (M1, M2).

    >>> table_of(3, 1, 3), table_of(1, 3, 3), table_of(2, 5, 3)
    (1, 2, 1)
    """
    return (team - 1 + _step(offset, tables)) % tables + 1


def visiting_team(table: int, offset: int, tables: int) -> int:
    """The team whose travelling pair visits ``table``, found by sending every team out."""
    visitors = {table_of(team, offset, tables): team for team in range(1, tables + 1)}
    if len(visitors) != tables:  # one visiting pair per table, or the movement is broken
        raise AssertionError(f"offset {offset} does not send one pair to each of {tables} tables")
    return visitors[table]


# --- Scoring one table (A2, A3, G1-G4) ---------------------------------------------------------


def _check_result(visitor_tricks: int, revokes_home: int, revokes_visitors: int) -> None:
    if not 0 <= visitor_tricks <= TRICKS:
        raise ValueError(f"visitor tricks are 0 to {TRICKS} (got {visitor_tricks})")
    if revokes_home < 0 or revokes_visitors < 0:
        raise ValueError("a revoke count cannot be negative")


def alberta_adjusted_visitor_tricks(
    visitor_tricks: int, revokes_home: int = 0, revokes_visitors: int = 0
) -> int:
    """A3: two tricks to the other side per established revoke, then kept within 0..13.

    Revokes by both sides cancel first ("two tricks for two tricks"), so 12 tricks with one
    revoke each stays 12 rather than being capped at 13 and then losing two.

    >>> alberta_adjusted_visitor_tricks(6, revokes_home=1)
    8
    >>> alberta_adjusted_visitor_tricks(12, 1, 1), alberta_adjusted_visitor_tricks(1, 0, 2)
    (12, 0)
    """
    _check_result(visitor_tricks, revokes_home, revokes_visitors)
    return min(TRICKS, max(0, visitor_tricks + 2 * (revokes_home - revokes_visitors)))


def alberta_flags_taken(
    visitor_tricks: int, revokes_home: int = 0, revokes_visitors: int = 0
) -> int:
    """A2: flags the visitors carry from the table they visit to their own table.

    >>> [alberta_flags_taken(n) for n in (6, 7, 9, 10, 13)]
    [0, 1, 1, 2, 2]
    """
    tricks = alberta_adjusted_visitor_tricks(visitor_tricks, revokes_home, revokes_visitors)
    return 2 if tricks >= 10 else 1 if tricks >= 7 else 0


def gaspesie_points(
    visitor_tricks: int,
    revokes_home: int = 0,
    revokes_visitors: int = 0,
    penalty: str | None = None,
) -> tuple[int, int]:
    """Points (home, visitors) for one manche at one table (G1-G4).

    >>> gaspesie_points(7), gaspesie_points(0), gaspesie_points(13, revokes_visitors=1)
    ((0, 1), (2, 0), (1, 0))
    >>> gaspesie_points(8, revokes_home=1, penalty="visitors")   # faults cancel (G4)
    (0, 1)
    """
    _check_result(visitor_tricks, revokes_home, revokes_visitors)
    if penalty not in (None, "home", "visitors"):
        raise ValueError(f"a penalty is against 'home' or 'visitors' (got {penalty!r})")
    tricks = {"home": TRICKS - visitor_tricks, "visitors": visitor_tricks}
    faulty = {
        "home": revokes_home > 0 or penalty == "home",
        "visitors": revokes_visitors > 0 or penalty == "visitors",
    }
    if faulty["home"] != faulty["visitors"]:  # G2, G3: the side not at fault wins
        winner = "visitors" if faulty["home"] else "home"
    else:  # G1, and G4 when both erred: the tricks decide
        winner = "visitors" if tricks["visitors"] >= 7 else "home"
    score = 2 if tricks[winner] == TRICKS else 1
    return (score, 0) if winner == "home" else (0, score)


# --- Simulation --------------------------------------------------------------------------------


def _is_alberta(spec: TournamentSpec) -> bool:
    return str(getattr(spec.format, "value", spec.format)) == "alberta"


def _hand_trump(spec: TournamentSpec, seed: int, hand: int) -> str:
    """The hand's trump: the plan's, or, when the leader announces it, one drawn for the hall."""
    planned = spec.plan(hand).trump
    if planned != "leader":
        return planned
    return random.Random(f"reference:{seed}:{hand}:trump").choice(TRUMP_NAMES)


def play_table(
    spec: TournamentSpec,
    seed: int,
    hand: int,
    table: int,
    trump: str,
    *,
    revoke_chance: float = 0.0,
) -> PlayedDeal:
    """Deal and play one table's deal; seats 0 & 2 are the home pair, 1 & 3 the visitors.

    Each (seed, hand, table) has its own generator, so a table replays alone, card for card.
    """
    rng = random.Random(f"reference:{seed}:{hand}:{table}")
    suit: Trump = None if trump == "none" else Suit(trump)
    bots = [Bot(rng, revoke_chance=revoke_chance) for _ in range(4)]
    # Alberta: the books do not say who deals, so the seat is drawn. G5: the Gaspésie captain
    # (seat 0, home) deals from himself and leads; deal_and_play gives the first card and the
    # lead to the dealer's left, so the dealer passed is seat 3.
    dealer = rng.randrange(4) if _is_alberta(spec) else 3
    return deal_and_play(rng, suit, dealer=dealer, bots=bots)


def simulate(spec: TournamentSpec, seed: int, *, revoke_chance: float = 0.0) -> list[HandResults]:
    """Every hand of the pattern really played at every table, deterministic for ``seed``.

    With ``revoke_chance`` the bots sometimes fail to follow suit; every such revoke is
    established (nobody catches it before the trick is turned) and reported by its side.
    """
    hands = []
    for plan in spec.pattern:
        trump = _hand_trump(spec, seed, plan.hand)
        results = []
        for table in range(1, spec.tables + 1):
            deal = play_table(spec, seed, plan.hand, table, trump, revoke_chance=revoke_chance)
            results.append(
                TableResult(
                    table=table,
                    visitor_tricks=deal.tricks_won(VISITORS),
                    revokes_home=deal.revokes[HOME],
                    revokes_visitors=deal.revokes[VISITORS],
                )
            )
        hands.append(HandResults(plan.hand, trump, tuple(results)))
    return hands


# --- Standings ---------------------------------------------------------------------------------


def _collect(
    spec: TournamentSpec,
    hands_results: Iterable[Sequence[Any]],
    corrections: Iterable[Sequence[int]],
) -> tuple[dict[tuple[int, int], TableResult], set[int]]:
    """Results by (hand, table), corrections replacing (or entering) them; and hands seen."""
    results: dict[tuple[int, int], TableResult] = {}
    seen: set[int] = set()

    def check(hand: int, table: int) -> None:
        spec.plan(hand)  # raises for a hand outside the pattern
        if not 1 <= table <= spec.tables:
            raise ValueError(f"hand {hand}: there is no table {table}")

    for hand, _trump, table_results in hands_results:
        if hand in seen:
            raise ValueError(f"hand {hand} is given twice")
        seen.add(hand)
        for row in table_results:
            result = TableResult(*row)
            check(hand, result.table)
            if (hand, result.table) in results:
                raise ValueError(f"hand {hand}: table {result.table} reported twice")
            _check_result(*result[1:])
            results[(hand, result.table)] = result
    for hand, table, visitor_tricks, revokes_home, revokes_visitors in corrections:
        check(hand, table)
        _check_result(visitor_tricks, revokes_home, revokes_visitors)
        results[(hand, table)] = TableResult(table, visitor_tricks, revokes_home, revokes_visitors)
        seen.add(hand)
    return results, seen


def _competition_ranks(keys: dict[int, Any]) -> dict[int, int]:
    """1 + the number of teams strictly ahead: equal keys share a rank (1, 2, 2, 4)."""
    return {team: 1 + sum(other > key for other in keys.values()) for team, key in keys.items()}


def reference_standings(
    spec: TournamentSpec,
    hands_results: Iterable[Sequence[Any]],
    *,
    corrections: Iterable[Sequence[int]] = (),
    penalties: Iterable[Sequence[Any]] = (),
) -> list[dict[str, Any]]:
    """Every team's score from scratch, ordered by rank then table.

    ``hands_results``: (hand, trump, [(table, visitor_tricks, revokes_home, revokes_visitors),
    …]) as :func:`simulate` returns them; a table missing from a hand scores nothing in it.
    ``corrections``: (hand, table, visitor_tricks, revokes_home, revokes_visitors), each one
    replacing or entering that table's result (A8; the last one for a table wins).
    ``penalties`` (Gaspésie only, G3): (hand, table, side), side "home" or "visitors"; it
    counts once the table has a result for that hand.

    Rows: ``team``, ``name``, ``flags`` (Alberta net flags, 0 in Gaspésie), ``points``
    (Gaspésie, 0 in Alberta), ``day_totals`` (one per day up to the last hand given) and
    ``rank``.
    """
    tables = spec.tables
    alberta = _is_alberta(spec)
    results, seen = _collect(spec, hands_results, corrections)

    faults: dict[tuple[int, int], str] = {}
    for hand, table, side in penalties:
        if alberta:
            raise ValueError("penalties giving the manche away are a Gaspésie rule (G3)")
        if side not in ("home", "visitors"):
            raise ValueError(f"a penalty is against 'home' or 'visitors' (got {side!r})")
        spec.plan(hand)
        if (hand, table) in faults:
            raise ValueError(f"hand {hand}: table {table} already has a penalty")
        faults[(hand, table)] = side
        seen.add(hand)

    last_hand = max(seen, default=0)
    days = spec.day_of(last_hand) if last_hand else 1

    # per_hand[hand][team]: what the hand changed for the team (Alberta: net flags; Gaspésie:
    # points). Index 0 is unused so team numbers index directly.
    per_hand = {hand: [0] * (tables + 1) for hand in range(1, last_hand + 1)}
    for (hand, table), result in results.items():
        offset = spec.plan(hand).offset
        visitors = visiting_team(table, offset, tables)
        home = table  # team t's home pair sits at table t
        if alberta:
            # A2: the flags go from the visited table to the visitors' own table. A5, A6: a
            # table that runs short borrows, and a loan adds one flag held and one flag owed,
            # so the net score simply goes below 0; the order of results does not matter.
            taken = alberta_flags_taken(*result[1:])
            per_hand[hand][home] -= taken
            per_hand[hand][visitors] += taken
        else:
            home_points, visitor_points = gaspesie_points(
                *result[1:], penalty=faults.get((hand, table))
            )
            per_hand[hand][home] += home_points
            per_hand[hand][visitors] += visitor_points

    start = START_FLAGS if alberta else 0  # A7: every day starts again from 12 flags
    day_totals = {team: [start] * days for team in range(1, tables + 1)}
    for hand, changes in per_hand.items():
        day = spec.day_of(hand)
        for team in range(1, tables + 1):
            day_totals[team][day - 1] += changes[team]
    scores = {team: sum(totals) for team, totals in day_totals.items()}

    if alberta:  # O4: equal flags share a rank; the A9 tie-break hands are played, not computed
        keys: dict[int, Any] = dict(scores)
    else:  # G6: count back through the totals after each earlier manche
        keys = {}
        for team in range(1, tables + 1):
            running, after = 0, []
            for hand in range(1, last_hand + 1):
                running += per_hand[hand][team]
                after.append(running)
            keys[team] = tuple(reversed(after))
    ranks = _competition_ranks(keys)

    rows = [
        {
            "team": team,
            "name": spec.team(team).name,
            "flags": scores[team] if alberta else 0,
            "points": 0 if alberta else scores[team],
            "day_totals": day_totals[team],
            "rank": ranks[team],
        }
        for team in range(1, tables + 1)
    ]
    rows.sort(key=lambda row: (row["rank"], row["team"]))
    return rows
