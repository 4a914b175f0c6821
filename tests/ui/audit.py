"""The one audit every screenshot of the suite goes through, from the Kivy widget tree at the
moment of the picture (no pixel scan, so it costs next to nothing):

* no text is clipped by its own box (the size Kivy needs to draw it against the box), no
  word is broken in two to wrap it, and no two visible texts overlap (their boxes);
* every text a player reads (a widget whose ``read`` is true: the .kv files mark them, see
  docs/hall-display.md and docs/kiosk.md) has capitals of at least :data:`KIOSK_MIN_MM` on a
  table's screen (millimetres by the screen's size, tests/ui/measure.py) or
  :data:`HALL_MIN_MM` on the hall's 55-inch TV. The capitals are the type size times the
  font's own cap height, measured once from the font file.

A problem names the widget and its text; the drivers add the screenshot's name.

>>> 0.72 < cap_height() < 0.74
True
>>> round(min_font_px("hall", (1920, 1080)), 1), round(min_font_px("kiosk", (800, 480)), 1)
(64.9, 34.5)
"""

from __future__ import annotations

import functools
import itertools
import re
import time
from collections.abc import Callable, Iterable
from typing import Any

from tests.ui.measure import SCREEN_MM_PER_PX, TV_WIDTH_MM

#: A table's screen: capitals a player of 70 reads at arm's length (issue 25, item 9).
KIOSK_MIN_MM = 4.5
#: The hall's TV: capitals read from the back row, 10 m away (issue 25, item 8).
HALL_MIN_MM = 30.0


@functools.cache
def cap_height() -> float:
    """The shipped font's capitals (the ink of ``H``) over its type size, measured with
    Pillow in DejaVu Sans Bold (the regular face has the same 1493 of 2048 units)."""
    from PIL import ImageFont

    from uikit.theme import FONT_BOLD

    size = 1000
    box = ImageFont.truetype(str(FONT_BOLD), size).getbbox("H")
    return float(box[3] - box[1]) / size


def mm_per_px(app: str, size: tuple[int, int]) -> float | None:
    """Millimetres a pixel row covers on the screen ``app`` draws on at ``size``: a table's
    screen by its size (None: a size no table has), the hall's 55-inch TV by its width."""
    if app == "hall":
        return TV_WIDTH_MM / size[0]
    if app == "kiosk":
        return SCREEN_MM_PER_PX.get((int(size[0]), int(size[1])))
    return None  # the console is read by the leader at arm's length: no floor


def min_font_px(app: str, size: tuple[int, int]) -> float:
    """The smallest type whose capitals reach the floor on that screen (0: no floor)."""
    per = mm_per_px(app, size)
    if per is None:
        return 0.0
    floor = HALL_MIN_MM if app == "hall" else KIOSK_MIN_MM
    return floor / per / cap_height()


def caps(widgets: Iterable[Any], app: str, size: tuple[int, int]) -> list[str]:
    """Each text marked ``read`` whose capitals are under the floor of ``app`` at ``size``."""
    per = mm_per_px(app, size)
    if per is None:
        return []
    floor = HALL_MIN_MM if app == "hall" else KIOSK_MIN_MM
    problems = []
    for w in widgets:
        if not getattr(w, "read", False) or not w.text or not shown(w):
            continue
        mm = w.font_size * cap_height() * per
        if mm < floor - 0.05:
            problems.append(
                f"{label(w)}: capitals {mm:.1f} mm (type {w.font_size:.0f} px), under {floor} mm"
            )
    return problems


def shown(w: Any) -> bool:
    """Whether a widget is on screen: in the window, it and its parents not transparent."""
    if w.get_root_window() is None:
        return False
    while w is not None and w is not w.parent:
        if getattr(w, "opacity", 1) == 0:
            return False
        w = w.parent
    return True


def label(w: Any) -> str:
    """A widget as a problem names it: its ``kid`` and its text."""
    kid = getattr(w, "kid", "") or type(w).__name__
    return f"{kid}({w.text[:40]!r})"


def natural_size(w: Any) -> tuple[float, float]:
    """The size the text needs. A label given a fixed text_size makes a texture of exactly
    that size however many lines it holds, so lay it out again with the height left free."""
    from kivy.core.text import Label as CoreLabel

    from uikit.widgets import glue_numbers

    width, height = w.texture_size
    fixed = w.text_size
    if fixed[0] is not None and fixed[1] is not None and not w.shorten:
        options = dict(w._label.options)
        # options keeps the text the label was made with; the text now is on the widget
        options.update(text=glue_numbers(w.text), text_size=(fixed[0], None))
        free = CoreLabel(**options)
        free.refresh()
        height = max(height, free.content_size[1])
    return width, height


def broken_word(w: Any) -> str:
    """The first word of a wrapping label wider than the label's lines: Kivy breaks such a
    word in two ("Renonce" / "s") and the texture still fits its box, so the clipping check
    alone does not see it. '' when every word is whole."""
    width = w.text_size[0]
    if width is None or w.shorten or not w.text or w.texture_size[1] < 1.6 * w.font_size:
        return ""  # one line (most texts): nothing was wrapped, so nothing was broken
    from kivy.core.text import Label as CoreLabel

    from uikit.widgets import glue_numbers

    options = dict(w._label.options)
    options.update(text="", text_size=(None, None))
    # Kivy 2.3 keeps the padding as [left, top, right, bottom] (padding_x is its old name)
    pad = options.get("padding") or [options.get("padding_x") or 0] * 4
    room = width - (pad[0] + pad[2])  # Kivy breaks a word wider than this, by a pixel too
    core = CoreLabel(**options)
    # the words as Kivy wraps them: at spaces and line ends, never at a no-break space
    for word in dict.fromkeys(re.split(r"[ \n]+", glue_numbers(w.text).strip())):
        if "/" in word:
            continue  # a file's path (a set-up screen's) is no word: it may break anywhere
        if core.get_extents(word)[0] > room:
            return word
    return ""


def stranded_number(w: Any) -> str:
    """A number the label's wrapping sent to the start of a line away from its word ("place
    4 of" / "4", "table" / "3"): the text should hold them together with a no-break space.
    '' when no wrapped line starts so (a line the text itself breaks may start with one)."""
    lines = getattr(w._label, "_cached_lines", None) or []
    for before, after in itertools.pairwise(lines):
        if before.is_last_line:
            continue  # the text's own line break
        end = "".join(word.text for word in before.words).rstrip()
        start = "".join(word.text for word in after.words).lstrip()
        if end and start and end[-1].isalpha() and start[0].isdigit():
            return f"{end.split()[-1]} / {start.split()[0]}"
    return ""


def nested(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    def inside(p: tuple[float, ...], q: tuple[float, ...]) -> bool:
        return p[0] >= q[0] - 1 and p[1] >= q[1] - 1 and p[2] <= q[2] + 1 and p[3] <= q[3] + 1

    return inside(a, b) or inside(b, a)


def overlaps(boxes: list[tuple[str, tuple[float, float, float, float]]]) -> list[str]:
    """Each pair of boxes that overlap, one not holding the other."""
    problems = []
    for (a, ba), (b, bb) in itertools.combinations(boxes, 2):
        overlap_w = min(ba[2], bb[2]) - max(ba[0], bb[0])
        overlap_h = min(ba[3], bb[3]) - max(ba[1], bb[1])
        if overlap_w > 1 and overlap_h > 1 and not nested(ba, bb):
            problems.append(f"{a} overlaps {b}")
    return problems


def window(root: Any, app: str, size: tuple[int, int]) -> list[str]:
    """The whole audit of a window with no driver of its own (the hall's full-screen start,
    its phones' QR): every visible text of ``root`` clipped, overlapping or too small."""
    from kivy.uix.label import Label

    boxes = []
    problems = []
    texts = [w for w in root.walk() if isinstance(w, Label) and w.text and shown(w)]
    for w in texts:
        x, y = w.to_window(w.x, w.y)
        box = (x, y, x + w.width, y + w.height)
        tw, th = natural_size(w)
        if tw > w.width + 1 or th > w.height + 1:
            problems.append(
                f"{label(w)}: text {tw}x{th} does not fit in {w.width:.0f}x{w.height:.0f}"
            )
        if word := broken_word(w):
            problems.append(f"{label(w)}: {word!r} broken in two")
        if parted := stranded_number(w):
            problems.append(f"{label(w)}: a number parted from its word: {parted!r}")
        boxes.append((label(w), box))
    return problems + overlaps(boxes) + caps(texts, app, size)


def record(report: dict[str, Any], shot: str, check: Callable[[], list[str]]) -> None:
    """Runs ``check`` (a driver's audit) for the screenshot ``shot``: its problems, named by
    the picture, into ``report["audit"]``, and the seconds it took added to
    ``report["audit_seconds"]`` (what the audit costs the suite)."""
    started = time.perf_counter()
    report["audit"].extend(f"{shot}: {p}" for p in check())
    spent = report.get("audit_seconds", 0.0) + time.perf_counter() - started
    report["audit_seconds"] = round(spent, 4)
