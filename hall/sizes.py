"""The military standings on the hall's TV, sized to be read from the back row.

Pixels at 1920x1080, scaled with the window like every hall size (``app.s``). A 55-inch 16:9
TV is about 1218 mm wide, so at 1920 px one pixel is :data:`MM_PER_PX` mm. DejaVu Sans (Bold),
the hall's font, draws capitals and digits :data:`CAP_HEIGHT` of the font size tall, so a
team name at :data:`NAME` px has capitals about 50 px, 31 mm, tall; tests/ui/test_hall_backrow.py
measures them in the screenshots' pixel rows (docs/hall-display.md says how).

>>> round(NAME * CAP_HEIGHT * MM_PER_PX), round(READ * CAP_HEIGHT * MM_PER_PX, 1)
(31, 30.5)
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

#: The smallest type a player reads on the hall (issue 25, item 8): capitals of 48 px,
#: 30.5 mm. Every text of the standings and the club night is at least this big; what does
#: not fit at this size is said in turn on the ticker, or on the next page
#: (docs/hall-display.md, "The layout").
READ = 66
#: The height of one line of READ type (DejaVu Sans: 1.164 of the type size, rounded up).
READ_LINE = 78
#: The header: the hand (or "Final standings", the playoff) on up to two lines, the trump.
HEADER = 176
#: The progress bar under the header, while tables report.
BAR = 16
#: The ticker: the secondary lines in turn (two lines of READ), the page and the clock.
TICKER = 2 * READ_LINE + 16
#: The column titles' row, and a team's row when the page is full; fewer teams: the rows
#: grow to fill the screen. A name that needs two lines at READ gets a line more.
HEAD_ROW = 92
ROW = 96  # a score of SCORE px is 1.164 * SCORE tall
#: The columns beside the name: rank, score ("Drapeaux"), the last hand's change (▲ 12).
RANK_WIDTH = 210
SCORE_WIDTH = 380
CHANGE_WIDTH = 220
#: A club night's columns (the leaderboard; the tables' turn): the rank ("Rang"), table and
#: side ("1 NS"), games or rubbers ("Rubbers", the widest heading: 309 px in bold at READ,
#: with room either side, issue 29), points or tricks ("Levées"); a table's score ("13 - 6",
#: "NS - EO"), its deals ("Donnes"). tests/hall/test_night_headings.py measures every
#: heading against them.
NIGHT_RANK_WIDTH = 222
TABLE_WIDTH = 232
WINS_WIDTH = 356
POINTS_WIDTH = 300
NIGHT_SCORE_WIDTH = 520
DEALS_WIDTH = 320
#: The ticker's right-hand column: "Page 2 sur 6", and the room's clock under it.
PAGE_WIDTH = 520
#: Text in a team's row: name (and rank, change), the score.
NAME = 68
SCORE = 80
#: The trump: larger than anything in the rows.
TRUMP_NAME = 108
TRUMP_SYMBOL = 136
#: How much the text may grow with the rows when there are few teams: the scores stay
#: smaller than the trump's name (SCORE * MAX_GROW < TRUMP_NAME).
MAX_GROW = 1.18
