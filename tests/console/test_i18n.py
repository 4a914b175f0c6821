"""The console's, the hall display's and the printable sheets' catalogs: every text has its
French, the .mo is current, the .kv files show no text of their own.

When this fails after a text changed, run the pybabel commands in console/i18n.py (or
hall/i18n.py).
"""

from __future__ import annotations

import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.pofile import read_po

from console.i18n import KEYWORDS, translator
from hall.i18n import translator as hall_translator
from uikit.i18n import LOCALE_DIR

ROOT = Path(__file__).resolve().parents[2]
FORMATS = ROOT / "whist" / "formats"
#: Each format's own words where the format defines them (whist/formats/words.py): a club
#: game's title (G_), what a house rule changes (H_: every screen shows the rules in force), a
#: rules summary's sentence (R_, RP_ in a format's own wording).
TITLES = {"G_": None, "H_": None}
SUMMARIES = {**TITLES, "R_": None, "RP_": ((1, "c"), 2)}
#: The core's refusals of a club deal (M_, whist/errors.py), whose templates the hub sends.
CORE_REFUSALS = {"M_": None}
#: The leader's ready-made reasons (whist/reasons.py), read wherever a reason is shown.
REASONS = (ROOT / "whist" / "reasons.py", {"W_": None, "WP_": ((1, "c"), 2)})
#: Per domain, where its texts are and (for the core's modules) which of their marks it
#: takes: the hall and the sheets take the formats' words, not the core's refusals (M_).
DOMAINS: dict[str, list[Path | tuple[Path, dict[str, object]]]] = {
    "leader": [
        ROOT / "console",
        ROOT / "uikit" / "common.py",
        # a club deal's refusal: its words, and the core's templates the hub sends; titles
        ROOT / "uikit" / "reasons.py",
        (FORMATS, {**KEYWORDS, **TITLES, **CORE_REFUSALS}),
        (ROOT / "whist" / "night.py", {**KEYWORDS, **CORE_REFUSALS}),
        # what a refusal says to the leader (the one table of refusal texts)
        (ROOT / "whist" / "refusals.py", {"L_": None, "Ln_": (1, 2)}),
        ROOT / "uikit" / "clockwords.py",  # the room's clock (issue 26)
        REASONS,
    ],
    "hall": [
        ROOT / "hall",
        ROOT / "uikit" / "common.py",
        (FORMATS, TITLES),
        ROOT / "uikit" / "clockwords.py",
        REASONS,
    ],
    # The printable sheets' words (hub/paper/sheets.py has the pybabel commands).
    "sheets": [
        ROOT / "hub" / "paper" / "sheets.py",
        ROOT / "hub" / "paper" / "clubsheets.py",
        ROOT / "hub" / "paper" / "tally.py",
        (FORMATS, SUMMARIES),
        REASONS,
    ],
}
UPDATE = "the French catalog is out of date: see console/i18n.py for the pybabel commands"


def source_messages(domain: str) -> set[tuple[str | None, str]]:
    found = set()
    for entry in DOMAINS[domain]:
        where, keywords = entry if isinstance(entry, tuple) else (entry, KEYWORDS)
        if where.is_dir():
            found_here = extract_from_dir(where, [("**.py", "python")], keywords=keywords)
            items = ((m, c) for _f, _l, m, _cm, c in found_here)
        else:
            in_file = extract_from_file("python", where, keywords=keywords)
            items = ((m, c) for _l, m, _cm, c in in_file)
        for message, context in items:
            found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


def french(domain: str) -> dict[tuple[str | None, str], object]:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        catalog = read_po(f, locale="fr")
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in catalog if m.id}


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_catalog_matches_the_code(domain):
    assert source_messages(domain) - set(french(domain)) == set(), UPDATE
    assert set(french(domain)) - source_messages(domain) == set(), UPDATE


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_french_translation_is_there_with_its_placeholders(domain):
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for key, message in french(domain).items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        assert all(s.strip() for s in strings), f"no French for {key}"
        assert not message.fuzzy, f"fuzzy (unchecked) French for {key}"
        for i, text in enumerate(strings):
            expected = ids[min(i, len(ids) - 1)]
            assert fields(text) == fields(expected), f"placeholders differ in {key}"


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_compiled_catalog_matches_the_po_file(domain):
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{domain}.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for (context, msgid), message in french(domain).items():
        if isinstance(message.id, tuple):
            for n, expected in ((1, message.string[0]), (2, message.string[1])):
                got = (
                    compiled.npgettext(context, message.id[0], message.id[1], n)
                    if context
                    else compiled.ngettext(message.id[0], message.id[1], n)
                )
                assert got == expected, f"{domain}.mo is stale for {msgid!r}: pybabel compile"
        else:
            got = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
            assert got == message.string, f"{domain}.mo is stale for {msgid!r}: pybabel compile"


def test_the_kv_files_show_no_text_of_their_own():
    literal = re.compile(r"""^\s*text:\s*(['"]).*[^\W\d_].*\1\s*$""")
    for kv in sorted(
        [
            *(ROOT / "console" / "kv").glob("*.kv"),
            *(ROOT / "hall" / "kv").glob("*.kv"),
            *(ROOT / "uikit" / "kv").glob("*.kv"),
        ]
    ):
        for number, line in enumerate(kv.read_text(encoding="utf-8").splitlines(), 1):
            assert not literal.match(line), f"{kv.name}:{number}: literal text {line.strip()!r}"
            if re.match(r"^\s*text:", line):
                assert "app.vm" in line or "root." in line or "self.vm" in line, (
                    f"{kv.name}:{number}: text not from the view-model: {line.strip()!r}"
                )


def test_gaspesie_wording_and_french_plurals():
    fr = translator("fr", context="manche")
    assert fr.t("Start hand {n}").format(n=3) == "Commencer la manche 3"
    assert translator("fr").t("Start hand {n}").format(n=3) == "Commencer la main 3"
    assert hall_translator("fr", context="manche").t("Last hand") == "Dernière manche"
    assert translator("fr").nt("{n} flag", "{n} flags", 1).format(n=1) == "1\u00a0drapeau"
    assert translator("fr").nt("{n} flag", "{n} flags", 0).format(n=0) == "0\u00a0drapeau"


#: Where the table kiosk's extraction looks (kiosk/i18n.py): all of kiosk/, and the files it
#: shares with the console on purpose (a refused deal's words, the core's marked texts).
KIOSK_PATHS = (
    ROOT / "kiosk",
    ROOT / "uikit" / "reasons.py",
    FORMATS,
    ROOT / "whist" / "night.py",
    ROOT / "whist" / "refusals.py",
)


def test_the_table_kiosks_extraction_finds_none_of_these_texts():
    """Every app marks its texts with the same keywords (uikit/i18n.py), so the catalogs are
    kept apart by where their extraction looks: the console's and the hall display's own
    texts are in none of the table kiosk's paths, and do not end up in its catalog."""
    for domain in DOMAINS:
        for entry in DOMAINS[domain]:
            where = entry[0] if isinstance(entry, tuple) else entry
            if where in KIOSK_PATHS:
                continue  # shared on purpose
            for path in KIOSK_PATHS:
                assert not where.is_relative_to(path) and not path.is_relative_to(where), where


#: French texts that say *main* but are never shown in a Gaspésie tournament: flags are
#: Alberta's alone (a Gaspésie kiosk says points, each text with its manche).
FLAGS_ONLY = re.compile(r"\bflags?\b")
#: Nor are the playoffs' texts: a Gaspésie tie is settled by the count-back and the leader's
#: decision (rules G6, G7), never by a playoff hand.
PLAYOFF_ONLY = re.compile(r"tie-break|second place|playoff", re.IGNORECASE)


@pytest.mark.parametrize("domain", ["leader", "hall", "kiosk"])
def test_a_gaspesie_hand_is_a_manche_never_a_main(domain):
    """Every text whose French says *main* has its Gaspésie wording (context "manche",
    through pt, npt or pgettext), and that wording never says *main* (issue 13)."""
    main = re.compile(r"\b[Mm]ains?\b")
    catalog = french(domain)
    for (context, msgid), message in catalog.items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if context == "manche":
            assert not any(main.search(s) for s in strings), f"a main in manche: {msgid!r}"
        elif context is None and any(main.search(s) for s in strings):
            if FLAGS_ONLY.search(msgid) or PLAYOFF_ONLY.search(msgid):
                continue
            assert ("manche", msgid) in catalog, f"no Gaspésie wording for {msgid!r}"


def test_counts_have_their_gaspesie_wording():
    fr = translator("fr", context="manche")
    text = fr.nt("Hand {n}: table {tables}", "Hand {n}: tables {tables}", 2)
    assert text.format(n=4, tables="2, 5").startswith("Manche 4")
    alberta = translator("fr").nt("Hand {n}: table {tables}", "Hand {n}: tables {tables}", 1)
    assert alberta.startswith("Main {n}")
    assert hall_translator("fr", context="manche").t("The first hand starts soon") == (
        "La première manche va commencer"
    )
