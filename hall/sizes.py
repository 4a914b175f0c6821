"""The military standings on the hall's TV, sized to be read from the back row.

Pixels at 1920x1080, scaled with the window like every hall size (``app.s``). A 55-inch 16:9
TV is about 1218 mm wide, so at 1920 px one pixel is :data:`MM_PER_PX` mm. DejaVu Sans (Bold),
the hall's font, draws capitals and digits :data:`CAP_HEIGHT` of the font size tall, so a
team name at :data:`NAME` px has capitals about 50 px, 31 mm, tall; tests/ui/test_hall_backrow.py
measures them in the screenshots' pixel rows (docs/hall-display.md says how).

>>> round(NAME * CAP_HEIGHT * MM_PER_PX)
31
>>> TRUMP_NAME > SCORE * MAX_GROW > NAME
True
"""

from __future__ import annotations

#: Millimetres a pixel covers on a 55-inch 16:9 TV (1218 mm wide) at 1920 px.
MM_PER_PX = 1218 / 1920
#: DejaVu Sans's cap height (1493 of 2048 font units), the height of its capitals and digits.
CAP_HEIGHT = 1493 / 2048
#: The capitals the back row needs, in mm (issue 13).
MIN_CAP_MM = 30.0

#: The header (tournament, hand, trump) and the progress strip under it.
HEADER = 176
STRIP = 60
#: Column titles, the footer (page x of y).
HEAD_ROW = 60
FOOTER = 60
#: A team's row when the page is full; fewer teams: the rows grow to fill the screen.
ROW = 92
#: Text in a team's row: name (and rank, change), the score, the per-day totals.
NAME = 68
SCORE = 80
DAYS = 52
#: Small texts (column titles, progress, hand): still readable from the middle of the room.
SMALL = 40
TITLE = 56
#: The trump: larger than anything in the rows.
TRUMP_NAME = 108
TRUMP_SYMBOL = 136
#: How much the text may grow with the rows when there are few teams: the scores stay
#: smaller than the trump's name (SCORE * MAX_GROW < TRUMP_NAME).
MAX_GROW = 1.18
