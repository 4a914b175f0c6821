"""Every banner's one line holds in the 800x480 bar at the reading type (issue 25).

The bar beside the language button leaves the banner 578 pixels, 562 inside its padding
(kiosk/kv/00-common.kv); Kivy draws with FreeType, as Pillow measures here. A notice's line
must hold with room to spare in English and French (and Gaspésie's "manche"), a count with
two digits: at most 550 pixels. The Xvfb walks (tests/ui) audit the banners they show.
"""

from __future__ import annotations

import functools

import pytest

from kiosk import notices
from kiosk.i18n import translator
from uikit.theme import FONT_REGULAR, READ

#: The banner's room for its one line at 800x480, less a margin for the renderer's rounding.
ROOM = 550


@functools.cache
def width(text: str) -> float:
    from PIL import ImageFont

    return float(ImageFont.truetype(str(FONT_REGULAR), READ).getlength(text))


TRANSLATORS = {
    "en": translator("en"),
    "fr": translator("fr"),
    "fr-manche": translator("fr", context="manche"),
}


@pytest.mark.parametrize("language", TRANSLATORS)
def test_every_notice_has_its_line_and_it_holds_in_the_bar(language):
    tr = TRANSLATORS[language]
    for notice in notices.SHORT:
        line = notices.short(tr, notice)
        assert (line and line != notice) or notice == notices.RESULT_RECORDED
        if language != "en":
            assert line != notices.short(TRANSLATORS["en"], notice), line  # translated
        assert width(line) <= ROOM, (line, width(line))
        # a line says less than its notice, never something else: shorter
        assert width(line) <= width(tr.t(notice))


@pytest.mark.parametrize("language", TRANSLATORS)
@pytest.mark.parametrize("n", [1, 2, 22])
def test_the_saved_results_and_deals_lines_hold_in_the_bar(language, n):
    tr = TRANSLATORS[language]
    for long, short in (notices.saved_results(tr, n), notices.saved_deals(tr, n)):
        assert str(n) in short and width(short) <= ROOM, short
        assert width(short) < width(long)
    assert notices.saved_results(tr, 1)[1] != notices.saved_results(tr, 2)[1].replace("2", "1")


def test_a_notice_without_a_line_has_none():
    assert notices.short(TRANSLATORS["en"], "Something else.") == ""
