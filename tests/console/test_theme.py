"""Legibility without a window: contrast of every colour pair, sizes, the font's glyphs."""

from __future__ import annotations

from fontTools.ttLib import TTFont

from tests.console.test_i18n import DOMAINS, french, source_messages
from uikit import widetheme as theme


def test_every_text_colour_pair_has_at_least_7_to_1_contrast():
    weak = {name: r.ratio for name, r in theme.ROLES.items() if r.ratio < theme.MIN_CONTRAST}
    assert weak == {}


def test_every_button_and_tile_has_a_pressed_look():
    for name in list(theme.ROLES):
        if name.startswith(("tile-", "tab")) and not name.endswith("-down"):
            assert f"{name}-down" in theme.ROLES, name


def test_sizes():
    for sizes in (theme.CONSOLE, theme.HALL):
        texts = [sizes.SMALL, sizes.TEXT, sizes.TITLE, sizes.BIG, sizes.HUGE]
        assert min(texts) >= sizes.MIN_TEXT_PX
        assert sizes.BUTTON_HEIGHT >= sizes.MIN_TARGET_PX
        assert sizes.TAB_HEIGHT >= sizes.MIN_TARGET_PX
    # The hall: rows of at least 48 px at 1080p, text readable from 5 m.
    assert theme.HALL.ROW_HEIGHT * theme.HALL.scale(1920, 1080) >= 48
    assert theme.HALL.TEXT >= 40
    assert theme.CONSOLE.scale(1920, 1080) == 1.5


def test_the_font_has_every_character_we_show():
    needed = set("♠♥♦♣✓…·«»“”▲▼◀▶—\u00a0\N{MINUS SIGN}")
    for domain in DOMAINS:
        for context, msgid in source_messages(domain):
            needed |= set(msgid) | set(context or "")
        for message in french(domain).values():
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            for text in strings:
                needed |= set(text)
    needed.discard("\n")
    for font in (theme.FONT_REGULAR, theme.FONT_BOLD):
        cmap = set(TTFont(str(font)).getBestCmap())
        missing = {c for c in needed if ord(c) not in cmap}
        assert missing == set(), f"{font.name} has no glyph for {sorted(missing)}"
