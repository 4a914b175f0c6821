"""The schedule a director hands out (docs/rules.md, O9-O11): the facts from the core, the
words from the hub's catalog, printed by ``whist-hub schedule``."""

import gettext
import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po
from click.testing import CliRunner

from hub.cli import main
from hub.i18n import translator
from uikit.i18n import KEYWORDS, LOCALE_DIR, marking_translator
from whist.handout import English, handout, handout_lines
from whist.pattern import default_spec
from whist.spec import load_spec
from whist.views import schedule

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "whist" / "handout.py"
#: The phones' page's words (hub/broker/phones.py) share the hub's catalog.
SOURCES = (SOURCE, ROOT / "hub" / "broker" / "phones.py")
UPDATE = "the hub's French catalog is out of date: see hub/i18n.py for the pybabel commands"


def named(fmt, tables, hands=None, **players):
    data = default_spec(fmt, tables, hands, name="Cup").to_dict()
    for team in data["teams"]:
        team["players"] = {
            seat: players.get(f"{seat}{team['table']}", "") for seat in team["players"]
        }
    data["teams"][1]["name"] = "Les As de Gaspé"
    return load_spec(data)


# --- the facts -----------------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "tables", "hands"), [("alberta", 4, 50), ("gaspesie", 7, 24)])
def test_every_team_line_is_the_assignment_a_kiosk_gets(fmt, tables, hands):
    spec = default_spec(fmt, tables, hands)
    hands_out = [hand for part in handout(spec) for hand in part.hands]
    assert [hand.hand for hand in hands_out] == list(range(1, hands + 1))
    for hand, assignments in zip(hands_out, schedule(spec), strict=True):
        for line, a in zip(hand.teams, assignments, strict=True):
            assert line.team == a.table
            assert line.table == a.away.table
            assert list(line.travellers) == a.away.players
            assert list(line.home) == a.home.players


def test_days_and_sessions():
    parts = handout(default_spec("alberta", 5, 50))
    assert [(p.day, p.days, p.session, p.sessions, p.first, p.last) for p in parts] == [
        (1, 2, 1, 2, 1, 15),
        (1, 2, 2, 2, 16, 30),
        (2, 2, 1, 1, 31, 50),
    ]


def test_gaspesie_moves_from_where_the_travellers_are():
    hands = handout(default_spec("gaspesie", 11))[0].hands
    assert [h.advance for h in hands[:12]] == [1] * 10 + [2, 1]  # manche 11: two tables on
    assert hands[0].teams[4].came_from is None and hands[0].teams[4].table == 6
    assert (hands[10].teams[4].came_from, hands[10].teams[4].table) == (4, 6)
    assert all(h.home[0] == "C" for h in hands)


def test_alberta_moves_from_home():
    hands = handout(default_spec("alberta", 4))[0].hands
    assert [h.advance for h in hands[:4]] == [h.offset for h in hands[:4]] == [1, 2, 3, 1]
    assert all(line.came_from is None for h in hands for line in h.teams)


def test_a_custom_gaspesie_pattern_that_stays_put():
    data = default_spec("gaspesie", 5, 3).to_dict()
    data["pattern"][1]["offset"] = 1
    lines = handout_lines(load_spec(data), English())
    assert "Hand 2 · trump: ♥ Hearts · 1 & 2 stay at the same table · C & 3 stay at home" in lines


# --- the words -----------------------------------------------------------------------------


def test_names_the_home_pair_and_every_teams_travellers():
    spec = named("alberta", 3, 2, A2="Ann", B2="Bob", X2="Xavier", Y2="Yves")
    lines = handout_lines(spec, English())
    assert lines[:3] == [
        "Cup: 3 tables, 2 hands",
        "== Day 1 of 1: hands 1 to 2 ==",
        "-- Session 1 of 2: hands 1 to 1 --",
    ]
    assert "   Team 2 (Les As de Gaspé): X Xavier & Y Yves at home, A Ann & B Bob to table 3" in (
        lines
    )
    assert "   Team 1: X & Y at home, A & B to table 2" in lines


def test_gaspesie_in_french_says_manche_and_advance():
    spec = named("gaspesie", 11, C3="Carole", **{"23": "Denis"})
    lines = handout_lines(spec, translator("fr", context="manche"))
    assert lines[0] == "Cup : 11 tables, 24 manches"
    assert lines[1] == "== Jour 1 sur 1 : manches 1 à 24 =="
    assert (
        "Manche 11 · atout : ♦ Carreau · 1 et 2 avancent de 2\u00a0tables · C et 3 restent à "
        "domicile" in lines
    )
    assert (
        "   Équipe 3 : C Carole et 3 à domicile, 1 et 2 Denis à la table 4 "
        "(voyageurs à la manche précédente : table 2)" in lines
    )
    assert "   Équipe 2 (Les As de Gaspé) : C et 2 à domicile, 1 et 3 à la table 3" in lines


def test_every_word_goes_through_the_catalog():
    # Left when every translated text is taken out: names, seats, numbers, punctuation.
    for fmt, hands in (("alberta", 50), ("gaspesie", 24)):
        spec = named(fmt, 4, hands)
        for lang in ("en", "fr"):
            tr = marking_translator(lang, context="manche" if fmt == "gaspesie" else None)
            for line in handout_lines(spec, tr):
                rest = line.replace("Les As de Gaspé", "").replace("Cup", "")
                while (shorter := re.sub(r"⟪[^⟪⟫]*⟫", "", rest)) != rest:
                    rest = shorter
                assert re.fullmatch(r"[\s\d=\-·():♠♥♦♣ABXYC123]*", rest), (lang, line)


def source_messages():
    found = {
        (context, message[0] if isinstance(message, tuple) else message)
        for source in SOURCES
        for _line, message, _comments, context in extract_from_file(
            "python", source, keywords=KEYWORDS
        )
    }
    # the club games' titles (G_ in whist/formats), which a night's seating prints
    for path in sorted((ROOT / "whist" / "formats").glob("*.py")):
        found |= {
            (None, message)
            for _line, message, _comments, _context in extract_from_file(
                "python", path, keywords={"G_": None}
            )
        }
    return found


def french():
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "hub.po").open("rb") as f:
        catalog = read_po(f, locale="fr")
    return {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id): m for m in catalog if m.id}


def test_the_catalog_matches_the_code():
    assert source_messages() == set(french()), UPDATE


def test_every_french_translation_is_there_with_its_placeholders():
    def fields(text):
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}

    for key, message in french().items():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        assert all(s.strip() for s in strings) and not message.fuzzy, key
        for i, text in enumerate(strings):
            assert fields(text) == fields(ids[min(i, len(ids) - 1)]), key


def test_the_compiled_catalog_matches_the_po_file():
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "hub.mo").open("rb") as f:
        compiled = gettext.GNUTranslations(f)
    for (context, msgid), message in french().items():
        if isinstance(message.id, tuple):
            for n, expected in ((1, message.string[0]), (2, message.string[1])):
                got = (
                    compiled.npgettext(context, *message.id, n)
                    if context
                    else compiled.ngettext(*message.id, n)
                )
                assert got == expected, f"hub.mo is stale for {msgid!r}: pybabel compile"
        else:
            got = compiled.pgettext(context, msgid) if context else compiled.gettext(msgid)
            assert got == message.string, f"hub.mo is stale for {msgid!r}: pybabel compile"


# --- the command ---------------------------------------------------------------------------


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def test_schedule_prints_in_the_tournaments_language(tmp_path):
    out = tmp_path / "g.toml"
    run("new", "--format", "gaspesie", "--tables", 11, "--out", out)
    code, text = run("schedule", out)
    assert code == 0
    assert "Manche 11 · atout : ♦ Carreau · 1 et 2 avancent de 2\u00a0tables" in text
    code, text = run("schedule", out, "--language", "en")
    assert code == 0 and "Hand 11 · trump: ♦ Diamonds · 1 & 2 advance 2 tables" in text
    out = tmp_path / "a.toml"
    run("new", "--format", "alberta", "--tables", 16, "--hands", 50, "--out", out)
    code, text = run("schedule", out)
    assert code == 0 and "-- Session 2 of 2: hands 16 to 30 --" in text
    assert text.count("\n   Team ") == 16 * 50
    code, text = run("schedule", out, "--language", "fr")
    assert code == 0 and "Main 31 · atout : ♦ Carreau · " in text
