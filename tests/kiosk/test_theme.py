"""Legibility that can be checked without a window: contrast, the font's glyphs, sizes."""

from __future__ import annotations

from fontTools.ttLib import TTFont

from tests.kiosk.test_i18n import french, source_messages
from uikit import theme
from uikit.i18n import LOCALE_DIR


def test_every_text_colour_pair_has_at_least_7_to_1_contrast():
    weak = {name: r.ratio for name, r in theme.ROLES.items() if r.ratio < theme.MIN_CONTRAST}
    assert weak == {}


def test_contrast_is_computed_the_wcag_way():
    assert theme.contrast("#FFFFFF", "#000000") == 21.0
    assert theme.contrast("#777777", "#FFFFFF") == 4.48  # the classic "just below AA" grey
    assert theme.contrast("#FFFFFF", "#777777") == theme.contrast("#777777", "#FFFFFF")


def test_every_button_has_a_pressed_look():
    buttons = {"normal", "primary", "call", "selected", "done", "disabled"}
    assert all(f"{name}-down" in theme.ROLES for name in buttons)


def _cmap(path) -> set[int]:
    return set(TTFont(str(path)).getBestCmap())


def test_the_shipped_font_has_the_four_suits_and_every_character_we_show():
    needed = set("♠♥♦♣✓…·«»“”\u00a0\N{MINUS SIGN}\N{RIGHT SINGLE QUOTATION MARK}")
    needed |= set("0123456789")
    for context, msgid in source_messages():
        needed |= set(msgid) | set(context or "")
    for message in french().values():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            needed |= set(text)
    needed = {c for c in needed if c not in "\n"}
    for font in (theme.FONT_REGULAR, theme.FONT_BOLD):
        cmap = _cmap(font)
        missing = {c for c in needed if ord(c) not in cmap}
        assert missing == set(), f"{font.name} has no glyph for {sorted(missing)}"


def test_the_suit_glyphs_are_real_drawings_not_the_missing_glyph_box():
    font = TTFont(str(theme.FONT_BOLD))
    glyphs = font.getGlyphSet()
    cmap = font.getBestCmap()
    notdef = font["glyf"][".notdef"]
    for suit in "♠♥♦♣":
        name = cmap[ord(suit)]
        assert name != ".notdef"
        glyph = font["glyf"][name]
        glyph.recalcBounds(font["glyf"])
        assert glyph.numberOfContours > 0 and glyph.coordinates != notdef.coordinates
        assert glyphs[name].width > 0


def test_the_font_licence_ships_with_it():
    licence = theme.FONT_DIR / "LICENSE-DejaVu.txt"
    assert "Bitstream" in licence.read_text(encoding="utf-8")


def test_sizes_at_800x480():
    text_sizes = [theme.TEXT, theme.TEXT_LARGE, theme.TITLE, theme.OUTCOME, theme.KEY]
    assert min(text_sizes) >= theme.MIN_TEXT_PX
    assert theme.BUTTON_HEIGHT >= theme.MIN_TARGET_PX
    assert theme.HEADER_HEIGHT - 8 >= theme.MIN_TARGET_PX  # the language button
    assert theme.scale(800, 480) == 1.0
    assert theme.scale(1280, 720) == 1.5
    # upright: the layouts are designed at 480x800, so the Touch Display 2 standing draws as
    # big as on its side, and nothing of 800 design units' width is asked of its 720 pixels
    assert theme.scale(720, 1280) == 1.5 and theme.upright(720, 1280)
    assert theme.scale(480, 800) == 1.0 and not theme.upright(800, 480)


def test_catalogs_are_where_the_package_data_rule_finds_them():
    # pyproject's package-data takes *.po and *.mo: both must be committed side by side.
    assert (LOCALE_DIR / "fr" / "LC_MESSAGES" / "kiosk.po").exists()
    assert (LOCALE_DIR / "fr" / "LC_MESSAGES" / "kiosk.mo").exists()
