"""The console's and the hall display's look: colour roles, type and touch sizes.

The palette is the table kiosk's (:mod:`uikit.theme`): every text is drawn as one of the
:data:`ROLES` (a text colour on a background colour) and tests/leader/test_theme.py checks
each pair for a WCAG contrast of at least 7:1. Sizes are given at each screen's design size
and scaled with the window (:func:`scale`): 1280x720 for the leader's laptop, 1920x1080 for
the hall's TV.

>>> CONSOLE.scale(1920, 1080)
1.5
>>> HALL.scale(1280, 720) == 2 / 3
True
>>> all(r.ratio >= MIN_CONTRAST for r in ROLES.values())
True
"""

from __future__ import annotations

from dataclasses import dataclass

from uikit import theme as kiosk
from uikit.theme import (
    AMBER,
    BLACK,
    FONT_BOLD,
    FONT_REGULAR,
    MIN_CONTRAST,
    SCREEN,
    WHITE,
    Role,
    contrast,
    rgba,
)
from uikit.theme import ROLES as KIOSK_ROLES

ROLES: dict[str, Role] = {
    **KIOSK_ROLES,
    # the progress grid: one role per state of a table
    "tile-reported": Role(BLACK, "#9BE7A5"),
    "tile-reported-down": Role(BLACK, "#C5F1CB"),
    "tile-waiting": Role(WHITE, "#2B4C7E"),
    "tile-waiting-down": Role(WHITE, "#1A3358"),
    "tile-offline": Role("#E3E6EA", "#3A3F47"),
    "tile-offline-down": Role("#E3E6EA", "#2A2F36"),
    "tile-calling": Role(WHITE, "#9E1B1B"),
    "tile-calling-down": Role(WHITE, "#6E1010"),
    "tile-conflict": Role(BLACK, AMBER),
    "tile-conflict-down": Role(BLACK, "#FFE082"),
    # the bottom tabs: the one on show is amber
    "tab": Role(WHITE, "#1B2838"),
    "tab-down": Role(WHITE, "#0B1520"),
    "tab-on": Role(BLACK, AMBER),
    "tab-on-down": Role(BLACK, "#FFE082"),
    # a message bar under the header
    "message-ok": Role(BLACK, "#9BE7A5"),
    "message-bad": Role(WHITE, "#9E1B1B"),
    "message-wait": Role(BLACK, AMBER),
    # the hall display's rows, alternating, and its change column
    "row": Role(WHITE, SCREEN),
    "row-alt": Role(WHITE, "#16202E"),
    "up": Role("#7CE08A", SCREEN),
    "down": Role("#FF9E9E", SCREEN),
    "up-alt": Role("#7CE08A", "#16202E"),
    "down-alt": Role("#FF9E9E", "#16202E"),
    "progress": Role(BLACK, "#7CE08A"),
    "progress-empty": Role(WHITE, "#2A2F36"),
    "input": Role(BLACK, WHITE),
}


def role(name: str) -> Role:
    """The role called *name*; an unknown name is a bug, so it raises KeyError."""
    return ROLES[name]


@dataclass(frozen=True)
class Sizes:
    """Type and touch sizes of one app, in pixels at its design size (scaled with the window).

    >>> CONSOLE.TEXT >= CONSOLE.MIN_TEXT_PX
    True
    """

    BASE_WIDTH: int
    BASE_HEIGHT: int
    MIN_TEXT_PX: int
    MIN_TARGET_PX: int
    SMALL: int
    TEXT: int
    TITLE: int
    BIG: int
    HUGE: int
    BUTTON_HEIGHT: int
    PRIMARY_HEIGHT: int
    HEADER_HEIGHT: int
    TAB_HEIGHT: int
    ROW_HEIGHT: int
    PADDING: int
    SPACING: int

    def scale(self, width: float, height: float) -> float:
        """How much bigger than the design size everything is drawn."""
        return min(width / self.BASE_WIDTH, height / self.BASE_HEIGHT)


#: The leader's console: a laptop at 1280x720 (a 1080p screen draws it half as big again).
CONSOLE = Sizes(
    BASE_WIDTH=1280,
    BASE_HEIGHT=720,
    MIN_TEXT_PX=20,
    MIN_TARGET_PX=56,
    SMALL=20,
    TEXT=22,
    TITLE=28,
    BIG=40,
    HUGE=64,
    BUTTON_HEIGHT=60,
    PRIMARY_HEIGHT=84,
    HEADER_HEIGHT=64,
    TAB_HEIGHT=60,
    ROW_HEIGHT=40,
    PADDING=10,
    SPACING=8,
)

#: The table's kiosk: the 7-inch display at 800x480 (uikit.theme's sizes; the kiosk's window
#: scales them by uikit.theme.scale, which knows an upright screen).
KIOSK = Sizes(
    BASE_WIDTH=kiosk.BASE_WIDTH,
    BASE_HEIGHT=kiosk.BASE_HEIGHT,
    MIN_TEXT_PX=kiosk.MIN_TEXT_PX,
    MIN_TARGET_PX=kiosk.MIN_TARGET_PX,
    SMALL=kiosk.TEXT,
    TEXT=kiosk.TEXT,
    TITLE=kiosk.TITLE,
    BIG=kiosk.OUTCOME,
    HUGE=kiosk.NUMBER,
    BUTTON_HEIGHT=kiosk.BUTTON_HEIGHT,
    PRIMARY_HEIGHT=kiosk.BUTTON_HEIGHT,
    HEADER_HEIGHT=kiosk.HEADER_HEIGHT,
    TAB_HEIGHT=kiosk.BUTTON_HEIGHT,
    ROW_HEIGHT=kiosk.BUTTON_HEIGHT,
    PADDING=kiosk.PADDING,
    SPACING=kiosk.SPACING,
)

#: The hall display: a TV at 1920x1080, read from 5 m; rows never under 48 px there.
HALL = Sizes(
    BASE_WIDTH=1920,
    BASE_HEIGHT=1080,
    MIN_TEXT_PX=36,
    MIN_TARGET_PX=48,  # the hall has nothing to touch: this is its smallest row
    SMALL=36,
    TEXT=44,
    TITLE=56,
    BIG=72,
    HUGE=120,
    BUTTON_HEIGHT=72,
    PRIMARY_HEIGHT=72,
    HEADER_HEIGHT=132,
    TAB_HEIGHT=72,
    ROW_HEIGHT=72,
    PADDING=16,
    SPACING=10,
)

__all__ = [
    "CONSOLE",
    "FONT_BOLD",
    "FONT_REGULAR",
    "HALL",
    "KIOSK",
    "MIN_CONTRAST",
    "ROLES",
    "Sizes",
    "contrast",
    "rgba",
    "role",
]
