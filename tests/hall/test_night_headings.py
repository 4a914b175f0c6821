"""Every column heading of the club night's hall fits its column at the back row's type,
in English and French, for each of the seven games (issue 29: the English hall broke
"Rubber / s"). Measured in the hall's own font file (DejaVu Sans Bold, as the headings are
drawn) against the column widths of hall/sizes.py at 1920x1080, with room either side."""

from __future__ import annotations

import functools

import pytest
from PIL import ImageFont

from hall import sizes as bk
from tests.clubnight import club_night
from tests.hall.test_night import shown
from uikit.theme import FONT_BOLD
from whist.formats import Format

#: Room the heading leaves on each side of its column (the cells have no padding of their own).
ROOM = 16


@functools.cache
def _font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_BOLD), bk.READ)


def _width(text: str) -> float:
    return max((_font().getlength(line) for line in text.splitlines()), default=0.0)


GAMES = [f.value for f in Format.club_games()]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_each_heading_fits_its_column(game, language):
    night = shown(club_night(game, 2), language=language).view.night
    head, tables = night.head, night.tables_head
    columns = [
        (head.rank, bk.NIGHT_RANK_WIDTH),
        (head.table, bk.TABLE_WIDTH),
        (head.wins, bk.WINS_WIDTH),
        (head.points, bk.POINTS_WIDTH),
        (tables.table, bk.TABLE_WIDTH),
        (tables.score, bk.NIGHT_SCORE_WIDTH),
        (tables.deals, bk.DEALS_WIDTH),
    ]
    for text, width in columns:
        assert _width(text) + 2 * ROOM <= width, (text, round(_width(text)), width)
