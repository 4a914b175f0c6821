"""Formats as plug-ins: :class:`GameFormat` is the interface, each module here one format.

* :mod:`whist.formats.alberta` — Alberta 55 Plus military whist (flags);
* :mod:`whist.formats.gaspesie` — Gaspésie *whist militaire* (points).

``docs/rules.md`` explains each decision.

>>> alberta_flags_won(visitor_tricks=8)
1
>>> gaspesie_points(visitor_tricks=13)
(0, 2)
>>> [f.rules.unit for f in Format]
['flags', 'points']
"""

from whist.formats.alberta import alberta_flags_won, alberta_visitor_tricks
from whist.formats.base import (
    START_FLAGS,
    TRICKS,
    Format,
    GameFormat,
    HandOutcome,
    TieBreakRule,
    Unit,
)
from whist.formats.gaspesie import gaspesie_points

__all__ = [
    "START_FLAGS",
    "TRICKS",
    "Format",
    "GameFormat",
    "HandOutcome",
    "TieBreakRule",
    "Unit",
    "alberta_flags_won",
    "alberta_visitor_tricks",
    "gaspesie_points",
]
