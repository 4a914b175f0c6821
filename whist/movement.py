"""Where the travelling pairs go: one offset moves every team the same way.

With T tables and an offset k, the travelling pair of team t plays at table t + k (mod T), so
every table hosts exactly one visiting pair. An offset that would bring a team back to its own
table (a multiple of T) goes one table further, as the Gaspésie rules say for 11 tables at
manche 11.

>>> host_table(team=9, offset=3, tables=10)
2
>>> visiting_team(table=2, offset=3, tables=10)
9
>>> resolve_offset(11, tables=11)
1
"""

from __future__ import annotations


def resolve_offset(offset: int, tables: int) -> int:
    """The effective offset, in 1..tables-1."""
    if tables < 2:
        raise ValueError("a movement needs at least 2 tables")
    if offset < 1:
        raise ValueError(f"an offset must be 1 or more (got {offset})")
    effective = offset % tables
    return effective if effective else 1


def host_table(team: int, offset: int, tables: int) -> int:
    """The table where team ``team``'s travelling pair plays."""
    return (team - 1 + resolve_offset(offset, tables)) % tables + 1


def visiting_team(table: int, offset: int, tables: int) -> int:
    """The team whose travelling pair visits ``table``."""
    return (table - 1 - resolve_offset(offset, tables)) % tables + 1


def progression(count: int, tables: int) -> list[int]:
    """Offsets for travellers who move on one table each hand, never landing at home.

    >>> progression(12, tables=11)
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2]
    """
    offsets: list[int] = []
    position = 0
    for _ in range(count):
        position += 1
        if position % tables == 0:
            position += 1  # one table further: a team never visits itself
        offsets.append(position % tables)
    return offsets
