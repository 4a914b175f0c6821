"""Text heights measured in screenshots: the pixel rows holding a glyph's ink, and what they
are in millimetres on the screen a picture is for. The hall's back-row test
(tests/ui/hall_backrow.py) and the kiosk's walk (tests/ui/driver.py) both measure with it.

>>> round(KIOSK_MM_PER_PX, 4), round(TV_MM_PER_PX_1080, 3), round(TOUCH_DISPLAY_2_MM_PER_PX, 4)
(0.179, 0.634, 0.1211)
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path
from typing import Any

#: The official 7-inch Raspberry Pi touchscreen: 800x480 pixels on an active area of
#: 154.08 x 85.92 mm. A cap height is vertical: 85.92 / 480 mm per pixel row.
KIOSK_SCREEN_MM = (154.08, 85.92)
KIOSK_MM_PER_PX = KIOSK_SCREEN_MM[1] / 480
#: The Raspberry Pi Touch Display 2: 720x1280 pixels (portrait-native) on a 7-inch (177.8 mm)
#: diagonal, square pixels: about 87.2 x 155.0 mm, the same pitch both ways.
TOUCH_DISPLAY_2_MM_PER_PX = 177.8 / (720**2 + 1280**2) ** 0.5
#: Millimetres per pixel row of each screen a table may have, by its picture's size.
SCREEN_MM_PER_PX = {
    (800, 480): KIOSK_MM_PER_PX,
    (1280, 720): TOUCH_DISPLAY_2_MM_PER_PX,  # the Touch Display 2 turned landscape
    (720, 1280): TOUCH_DISPLAY_2_MM_PER_PX,
}
#: A 55-inch 16:9 TV is about 1218 mm wide; at 1920 pixels across, this much per pixel.
TV_WIDTH_MM = 1218.0
TV_MM_PER_PX_1080 = TV_WIDTH_MM / 1920


def ink_height(
    png: Path | Any,
    box: tuple[float, float, float, float],
    *,
    first_glyph: bool,
    inset_x: int = 2,
) -> int:
    """Pixel rows holding ink inside ``box`` (window coordinates, y up) of ``png``: of the
    first glyph only (columns up to the first blank one), or of everything. ``inset_x``
    leaves out that many columns on each side (a button's or a band's rounded corners).
    ``png`` may be a PIL image already open (a printed page: tests/hub/test_sheets_paper.py)."""
    from PIL import Image

    with Image.open(png) if isinstance(png, (str, Path)) else nullcontext(png) as img:
        height = img.height
        # 2 px in from each side: a box at fractional pixels must not bring in its neighbour
        x0, y0, x1, y1 = (
            round(box[0]) + inset_x,
            round(box[1]) + 2,
            round(box[2]) - inset_x,
            round(box[3]) - 2,
        )
        crop = img.crop((x0, height - y1, x1, height - y0)).convert("RGB")
    w, h = crop.size
    pixels = crop.load()
    counts: dict[tuple[int, int, int], int] = {}
    for x in range(w):
        for y in range(h):
            counts[pixels[x, y]] = counts.get(pixels[x, y], 0) + 1
    bg = max(counts, key=lambda c: counts[c])

    def ink(x: int, y: int) -> bool:
        return max(abs(a - b) for a, b in zip(pixels[x, y], bg, strict=True)) > 96

    columns = [any(ink(x, y) for y in range(h)) for x in range(w)]
    if not any(columns):
        return 0
    first = columns.index(True)
    last = w - 1
    if first_glyph:
        rest = columns[first:]
        last = first + (rest.index(False) - 1 if False in rest else len(rest) - 1)
    rows = [y for y in range(h) if any(ink(x, y) for x in range(first, last + 1))]
    return rows[-1] - rows[0] + 1


def widget_ink(png: Path, widget: Any, *, first_glyph: bool = True, inset_x: int = 2) -> int:
    """:func:`ink_height` of a Kivy widget's box in the screenshot ``png``."""
    x, y = widget.to_window(widget.x, widget.y)
    box = (x, y, x + widget.width, y + widget.height)
    return ink_height(png, box, first_glyph=first_glyph, inset_x=inset_x)
