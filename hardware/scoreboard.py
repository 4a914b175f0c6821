"""The hall scoreboard on a serial line (an LED matrix or 7-segment board), fed from Standings.

The board is dumb: it shows the page it was last sent. The hall display sends one page at a
time (``PAGE``, one ``ROW`` per team, ``SHOW``) and, with more teams than the board has rows,
turns the pages itself every ``page_seconds``. New standings are sent at once, on the page
being shown. docs/hardware.md has the lines; :func:`frame` builds them.
"""

from __future__ import annotations

import logging
import math
import threading
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from hardware.errors import BadLine
from hardware.lines import PROTOCOL_VERSION, Line
from hardware.seriallink import PortOpener, SerialLink
from whist.protocol import Standings

log = logging.getLogger(__name__)

#: The device name a scoreboard gives in its HELLO line.
SCOREBOARD_NAME = "SCOREBOARD"

ScoreKind = Literal["auto", "flags", "points"]


@dataclass(frozen=True)
class BoardRow:
    """One team's line on the board: rank, team number, score and a name the board can show.

    >>> BoardRow(rank=2, team=7, score=14, name="Les As").words(row=1)
    ('ROW', 1, 2, 7, 14, 'Les As')
    """

    rank: int
    team: int
    score: int
    name: str

    def words(self, row: int) -> tuple[str, int, int, int, int, str]:
        return ("ROW", row, self.rank, self.team, self.score, self.name)


def board_text(text: str, width: int) -> str:
    """``text`` as a board can show it: plain ASCII, no ``*``, one space between words, cut.

    >>> board_text("  Les Élans  de Gaspé*  ", 12)
    'Les Elans de'
    """
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    kept = "".join(ch if " " <= ch <= "~" and ch != "*" else " " for ch in plain)
    return " ".join(kept.split())[:width].rstrip()


def board_rows(
    standings: Standings, *, name_width: int, score: ScoreKind = "auto"
) -> list[BoardRow]:
    """Every team of ``standings`` in rank order, with the score the board should show."""
    use_points = score == "points" or (
        score == "auto" and any(team.points != 0 for team in standings.teams)
    )
    return [
        BoardRow(
            rank=team.rank,
            team=team.team,
            score=team.points if use_points else team.flags,
            name=board_text(team.name, name_width) or f"Team {team.team}"[:name_width],
        )
        for team in standings.teams
    ]


def frame(
    rows: Sequence[BoardRow], *, page: int, per_page: int, hand: int, day: int
) -> list[tuple[object, ...]]:
    """The lines (as words) that put page ``page`` (0-based) of ``rows`` on the board.

    >>> rows = [BoardRow(1, 3, 14, "Team 3"), BoardRow(2, 1, 12, "Team 1")]
    >>> for words in frame(rows, page=0, per_page=8, hand=5, day=1): print(*words)
    PAGE 1 1 5 1
    ROW 1 1 3 14 Team 3
    ROW 2 2 1 12 Team 1
    SHOW
    >>> frame([], page=0, per_page=8, hand=0, day=1)
    [('CLEAR',)]
    """
    if not rows:
        return [("CLEAR",)]
    pages = math.ceil(len(rows) / per_page)
    page %= pages
    chunk = rows[page * per_page : (page + 1) * per_page]
    return [
        ("PAGE", page + 1, pages, hand, day),
        *(row.words(i + 1) for i, row in enumerate(chunk)),
        ("SHOW",),
    ]


class Scoreboard(SerialLink):
    """Shows the standings on a serial hall scoreboard, page after page.

    Call :meth:`show` with every :class:`~whist.protocol.Standings` the hall display receives;
    the board's own thread sends it, turns pages, and resends the page after a replug.

    >>> import serial
    >>> wire = serial.serial_for_url("loop://", timeout=0.05)
    >>> board = Scoreboard("loop://", rows=8, open_port=lambda: wire)
    >>> board.show(Standings(hand=1, day=1, teams=[]))
    >>> board.close()
    """

    kind = "scoreboard"

    def __init__(
        self,
        port: str,
        *,
        rows: int = 8,
        name_width: int = 16,
        page_seconds: float = 8.0,
        score: ScoreKind = "auto",
        baud: int = 9600,
        open_port: PortOpener | None = None,
        backoff: tuple[float, float] = (0.5, 5.0),
    ) -> None:
        if rows < 1 or name_width < 1 or page_seconds <= 0:
            raise ValueError("rows and name_width are at least 1; page_seconds is positive")
        super().__init__(port, baud=baud, open_port=open_port, backoff=backoff)
        self.rows = rows
        self.name_width = name_width
        self.page_seconds = page_seconds
        self.score: ScoreKind = score
        self._lock = threading.Lock()
        self._standings: Standings | None = None
        self._dirty = False
        self._page = 0
        self._turn_at = 0.0
        #: How many pages have been sent since the board was opened (for tests and logs).
        self.frames_sent = 0
        self._start()

    def show(self, standings: Standings) -> None:
        """Put these standings on the board (soon, from the board's thread); any thread."""
        with self._lock:
            self._standings = standings
            self._dirty = True

    def _opened(self) -> None:
        self._send("HELLO", "WHIST", PROTOCOL_VERSION)
        with self._lock:
            self._dirty = self._standings is not None

    def _idle(self, now: float) -> None:
        with self._lock:
            standings, dirty = self._standings, self._dirty
            self._dirty = False
        if standings is None:
            return
        rows = board_rows(standings, name_width=self.name_width, score=self.score)
        pages = max(1, math.ceil(len(rows) / self.rows))
        if not dirty:
            if pages == 1 or now < self._turn_at:
                return
            self._page += 1
        self._page %= pages
        self._turn_at = now + self.page_seconds
        for words in frame(
            rows, page=self._page, per_page=self.rows, hand=standings.hand, day=standings.day
        ):
            self._send(str(words[0]), *words[1:])
        self.frames_sent += 1

    def _line(self, line: Line, now: float) -> None:
        if line.word == "OK":
            return
        if line.word == "ERR":
            log.warning("scoreboard on %s reports: %s", self.port_name, line.text)
        elif line.word == "HELLO":
            if len(line.args) < 2:
                raise BadLine("HELLO takes a device name and a version")
            if line.args[0] == "WHIST":
                return  # our own greeting, echoed
            if line.args[0] != SCOREBOARD_NAME or line.args[1] != str(PROTOCOL_VERSION):
                log.error(
                    "%s on %s is not a version %d scoreboard: %s",
                    line.args[0],
                    self.port_name,
                    PROTOCOL_VERSION,
                    line.text,
                )
            else:
                log.info("scoreboard on %s says hello (%s)", self.port_name, line.text)
        else:
            raise BadLine(f"a scoreboard does not say {line.word}")

    def _closed(self) -> None:
        with self._lock:
            self._dirty = self._standings is not None
