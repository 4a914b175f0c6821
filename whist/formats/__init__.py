"""Formats as plug-ins: :class:`GameFormat` is the interface, each module here one format.

* :mod:`whist.formats.alberta` — Alberta 55 Plus military whist (flags);
* :mod:`whist.formats.gaspesie` — Gaspésie *whist militaire* (points);

and the club-night games (:class:`ClubGame`), a table keeping score deal after deal:

* :mod:`whist.formats.minnesota` — Minnesota whist (grand or low, no trump);
* :mod:`whist.formats.english` — English whist (honours, games and rubbers);
* :mod:`whist.formats.american` — American whist (game to seven);

and the club-night games played each for oneself (what they share: ``individual``):

* :mod:`whist.formats.widow` — Widow whist (three players, a widow hand, clubs trump);
* :mod:`whist.formats.solo` — Solo whist (contracts; points change hands);
* :mod:`whist.formats.knockout` — Knockout whist (seven cards, most tricks wins; the
  traditional rounds, no trick and out, as a house rule);
* :mod:`whist.formats.eight_to_one` — 8-to-1 bidding whist (21 rounds of bids).

``docs/rules.md`` explains each decision.

>>> alberta_flags_won(visitor_tricks=8)
1
>>> gaspesie_points(visitor_tricks=13)
(0, 2)
>>> [f.rules.unit for f in Format.military()]
[<Unit.FLAGS: 'flags'>, <Unit.POINTS: 'points'>]
>>> [f.value for f in Format.club_games()]
['minnesota', 'english', 'american', 'widow', 'solo', 'knockout', 'eight-to-one']
"""

from whist.enums import Unit
from whist.formats.alberta import alberta_flags_won, alberta_visitor_tricks
from whist.formats.base import (
    START_FLAGS,
    TRICKS,
    ClubGame,
    ClubSettings,
    ClubStanding,
    ClubTable,
    Format,
    GameFormat,
    HandOutcome,
    Line,
    NightLength,
    RoundInfo,
    ScoreChange,
    TieBreakRule,
)
from whist.formats.gaspesie import gaspesie_points

__all__ = [
    "START_FLAGS",
    "TRICKS",
    "ClubGame",
    "ClubSettings",
    "ClubStanding",
    "ClubTable",
    "Format",
    "GameFormat",
    "HandOutcome",
    "Line",
    "NightLength",
    "RoundInfo",
    "ScoreChange",
    "TieBreakRule",
    "Unit",
    "alberta_flags_won",
    "alberta_visitor_tricks",
    "gaspesie_points",
]
