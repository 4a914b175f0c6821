"""The kiosk's look: colours by role, type sizes, touch sizes and the shipped font.

Every text is drawn as one of the :data:`ROLES` (a text colour on a background colour), so the
contrast of every pair a player can see is checked in one place (tests/kiosk/test_theme.py
computes the WCAG ratio of each). Sizes are given for the 800x480 official Raspberry Pi
display and scaled by :func:`scale` for bigger screens.

>>> contrast("#FFFFFF", "#000000")
21.0
>>> ROLES["normal"].ratio >= MIN_CONTRAST
True
>>> scale(1920, 1080)
2.25
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

#: Design size: the official 7" Raspberry Pi touch display.
BASE_WIDTH = 800
BASE_HEIGHT = 480

#: Players are 55 and over: nothing smaller than this, at 800x480 (pixels).
MIN_TEXT_PX = 28
#: A finger, not a stylus (pixels at 800x480, both ways).
MIN_TARGET_PX = 80
#: WCAG AAA for normal text.
MIN_CONTRAST = 7.0

FONT_DIR = Path(__file__).parent / "fonts"
#: DejaVu Sans has the four suit symbols, the check mark and both languages' accents.
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

# Type sizes at 800x480, in pixels (scaled with the screen).
#: What a player reads (names, the trump's name, buttons, the score): capitals of 4.57 mm on
#: the 7-inch screen (0.729 of 35 px, 0.179 mm a pixel row), 4.5 mm at least on every screen
#: a table may have (issue 25, item 9; tests/ui/audit.py checks each text marked ``read``).
READ = 35
TEXT = 28
TEXT_LARGE = 32
TITLE = 36
OUTCOME = 40
NUMBER = 96
TABLE_NUMBER = 120
SUIT = 170
KEY = 36
# Touch sizes at 800x480.
BUTTON_HEIGHT = 84
HEADER_HEIGHT = 88
#: The header on an upright screen: the table on one line, the hand on the next two (at
#: READ, a long hand line wraps).
HEADER_HEIGHT_UPRIGHT = 144
#: The offline band, inside the header below the table and the hand: one line of READ
#: (upright, across the whole width under them).
OFFLINE_BAND = 41
PADDING = 8
SPACING = 8


def scale(width: float, height: float) -> float:
    """How much bigger than 800x480 everything is drawn (the smaller of the two ratios). An
    upright screen has its own layouts, designed at 480x800 (:func:`upright`): the Touch
    Display 2 upright (720x1280) draws at 1.5, as big as on its side.

    >>> scale(1280, 720), scale(720, 1280)
    (1.5, 1.5)
    """
    if upright(width, height):
        return min(width / BASE_HEIGHT, height / BASE_WIDTH)
    return min(width / BASE_WIDTH, height / BASE_HEIGHT)


def upright(width: float, height: float) -> bool:
    """Taller than wide: the kiosk's screens take their upright layouts (``app.upright`` in
    the .kv files)."""
    return height > width


def _channel(value: int) -> float:
    c = value / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: str) -> float:
    """WCAG relative luminance of ``#RRGGBB``."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * _channel(r) + 0.7152 * _channel(g) + 0.0722 * _channel(b)


def contrast(foreground: str, background: str) -> float:
    """WCAG contrast ratio of two ``#RRGGBB`` colours, from 1 to 21."""
    light, dark = sorted((luminance(foreground), luminance(background)), reverse=True)
    return round((light + 0.05) / (dark + 0.05), 2)


def rgba(colour: str) -> tuple[float, float, float, float]:
    """``#RRGGBB`` as Kivy's 0..1 RGBA."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return (r, g, b, 1.0)


@dataclass(frozen=True)
class Role:
    """A text colour on a background colour: how one kind of thing looks.

    >>> Role("#000000", "#FFD54F").ratio
    14.88
    """

    text: str
    background: str

    @property
    def ratio(self) -> float:
        return contrast(self.text, self.background)


SCREEN = "#0E1621"
WHITE = "#FFFFFF"
BLACK = "#000000"
AMBER = "#FFD54F"

#: Every pair of colours a text is drawn in. A button has a role and a "-down" role (pressed).
ROLES: dict[str, Role] = {
    # plain text on the screen
    "text": Role(WHITE, SCREEN),
    "title": Role(WHITE, SCREEN),
    "highlight": Role(AMBER, SCREEN),  # the outcome in words, the number that matters
    "good": Role("#7CE08A", SCREEN),  # accepted
    "bad": Role("#FF9E9E", SCREEN),  # refused
    "header": Role(WHITE, "#1B2838"),
    # buttons
    "normal": Role(WHITE, "#2B4C7E"),
    "normal-down": Role(WHITE, "#1A3358"),
    "primary": Role(WHITE, "#17592A"),
    "primary-down": Role(WHITE, "#0D3B1A"),
    "call": Role(WHITE, "#9E1B1B"),
    "call-down": Role(WHITE, "#6E1010"),
    "selected": Role(BLACK, AMBER),
    "selected-down": Role(BLACK, "#FFE082"),
    "done": Role(BLACK, "#9BE7A5"),  # a side that has confirmed
    "done-down": Role(BLACK, "#C5F1CB"),
    "disabled": Role("#C8CDD3", "#2A2F36"),
    "disabled-down": Role("#C8CDD3", "#2A2F36"),
    # banners across the header
    "banner-offline": Role(BLACK, AMBER),
    "banner-call": Role(WHITE, "#9E1B1B"),
    "banner-info": Role(BLACK, "#9BE7A5"),
    # the trump card: a white card with the suit in its own colour
    "card-red": Role("#A31515", WHITE),
    "card-black": Role(BLACK, WHITE),
    # a suit to choose (a club night's trump): a white key with the suit in its own colour
    "suit-red": Role("#A31515", WHITE),
    "suit-red-down": Role("#7A0E0E", "#E3E7EC"),
    "suit-black": Role(BLACK, WHITE),
    "suit-black-down": Role(BLACK, "#E3E7EC"),
}


def role(name: str) -> Role:
    """The role called *name*; an unknown name is a bug, so it raises KeyError."""
    return ROLES[name]
