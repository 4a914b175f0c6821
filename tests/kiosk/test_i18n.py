"""The catalogs: every text the kiosk shows has a French translation, and the .mo is current.

When this fails after a text changed in kiosk/, run the commands in kiosk/i18n.py's docstring
(pybabel extract, update, translate, compile).
"""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir, extract_from_file
from babel.messages.pofile import read_po

import kiosk
from kiosk.i18n import DOMAIN, translator
from uikit.i18n import KEYWORDS, LOCALE_DIR

KIOSK = Path(kiosk.__file__).parent
#: Marked with M_ (or G_, a club game's title where its format defines it): the club games'
#: names, a refused deal's words, and the core's refusals of a club deal, whose templates the
#: hub sends (Ack.reason_text); with E_ and En_: the texts of the games' entry schemas
#: (whist/formats/entry.py); with H_: what a house rule changes (shown while in force); with
#: P_: what a refusal says to the players (whist/refusals.py).
MARKED = (
    KIOSK.parent / "uikit" / "reasons.py",
    *sorted((KIOSK.parent / "whist" / "formats").glob("*.py")),
    KIOSK.parent / "whist" / "night.py",
    KIOSK.parent / "whist" / "refusals.py",
    KIOSK.parent / "whist" / "reasons.py",  # the leader's ready-made reasons (W_, WP_)
)
MARKS = {
    "M_": None, "G_": None, "H_": None, "R_": None, "RP_": ((1, "c"), 2), "E_": None, "En_": (1, 2),
    "W_": None, "WP_": ((1, "c"), 2),
}
PO = LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
MO = PO.with_suffix(".mo")
UPDATE = "the French catalog is out of date: see kiosk/i18n.py for the pybabel commands"


def source_messages() -> set[tuple[str | None, str]]:
    """Every msgid in the code, found the way ``pybabel extract -F kiosk/babel.cfg`` finds it
    (the apps' keywords)."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
        KIOSK, method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        msgid = message[0] if isinstance(message, tuple) else message
        found.add((context, msgid))
    # The club games' names (shared with the console, the hall and the sheets) and the core's
    # refusals of a club deal: pybabel's default keywords and -k M_.
    for path in MARKED:
        for _line, message, _comments, context in extract_from_file(
            "python", path,
            keywords={**DEFAULT_KEYWORDS, **MARKS, "P_": None},
        ):
            found.add((context, message[0] if isinstance(message, tuple) else message))
    # the room's clock (issue 26): its words, in the apps' keywords
    clock = KIOSK.parent / "uikit" / "clockwords.py"
    for _line, message, _comments, context in extract_from_file("python", clock, keywords=KEYWORDS):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def french() -> dict[tuple[str | None, str], object]:
    with PO.open("rb") as f:
        catalog = read_po(f, locale="fr")
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in catalog if m.id}


def test_every_text_in_the_code_is_in_the_french_catalog():
    missing = source_messages() - set(french())
    assert missing == set(), UPDATE


def test_the_catalog_has_no_texts_the_code_no_longer_uses():
    obsolete = set(french()) - source_messages()
    assert obsolete == set(), UPDATE


def test_every_french_translation_is_there_and_checked():
    for key, message in french().items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"no French for {key}"
        assert not message.fuzzy, f"fuzzy (unchecked) French for {key}"


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_translations_keep_the_placeholders():
    for key, message in french().items():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert _fields(text) == _fields(ids[-1]), f"placeholders differ in {key}"


def test_the_compiled_catalog_matches_the_po_file():
    with MO.open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for (context, msgid), message in french().items():
        if isinstance(message.id, tuple):
            for n, expected in ((1, message.string[0]), (2, message.string[1])):
                got = (
                    compiled.npgettext(context, message.id[0], message.id[1], n)
                    if context
                    else compiled.ngettext(message.id[0], message.id[1], n)
                )
                assert got == expected, f"{MO.name} is stale for {msgid!r}: pybabel compile"
        else:
            got = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
            assert got == message.string, f"{MO.name} is stale for {msgid!r}: pybabel compile"


def test_the_kv_files_show_no_text_of_their_own():
    """Layout only: every ``text:`` binds to the view-model (or to a property fed by it)."""
    literal = re.compile(r"""^\s*text:\s*(['"]).*[^\W\d_].*\1\s*$""")
    for kv in sorted((KIOSK / "kv").glob("*.kv")):
        for number, line in enumerate(kv.read_text(encoding="utf-8").splitlines(), 1):
            assert not literal.match(line), f"{kv.name}:{number}: literal text {line.strip()!r}"
            if re.match(r"^\s*text:", line):
                assert "app.vm" in line or "root." in line or "self.vm" in line, (
                    f"{kv.name}:{number}: text not from the view-model: {line.strip()!r}"
                )


def test_french_plurals_follow_french_rules():
    fr = translator("fr")
    assert fr.nt("Visitors take {n} flag", "Visitors take {n} flags", 1).endswith("drapeau")
    assert fr.nt("Visitors take {n} flag", "Visitors take {n} flags", 2).endswith("drapeaux")
    # French says "0 point", English "0 points".
    assert (
        fr.nt("point for {team}", "points for {team}", 0) == "point pour {team}"
    )


def test_a_players_screen_never_says_hub_kiosk_or_poste_central():
    """Players' words (docs/kiosk.md): "the leader's computer", "this screen", or nothing
    (issue 13). Every text of the kiosk's catalog, English and French."""
    banned = re.compile(r"\bhubs?\b|\bkiosks?\b|\bkiosques?\b|poste central", re.IGNORECASE)
    for (_context, _msgid), message in french().items():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in (*ids, *strings):
            assert not banned.search(text), f"a player's screen says: {text!r}"
