"""The leader's ready-made reasons (whist.reasons) are recorded in English and read in each
reader's language: a French sheet, kiosk and hall say them in French whatever the language of
the console that chose them; a typed reason reads as typed."""

from __future__ import annotations

import html
import re

import pytest

from hub.paper.sheets import results_sheet, standings_sheet
from whist import reasons
from whist.events import (
    CountAccepted,
    DayEnded,
    FlagsCounted,
    HandClosed,
    HandStarted,
    ResultCorrected,
    ResultRecorded,
)
from whist.pattern import default_spec
from whist.tournament import Tournament


def text_of(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", page)).replace("\xa0", " ")


@pytest.fixture
def played() -> Tournament:
    t = Tournament.new(default_spec("alberta", 4, 2))
    t.apply(HandStarted(1, None))
    for table in (1, 2, 3, 4):
        t.apply(ResultRecorded(f"r{table}", 1, table, 7))
    t.apply(ResultCorrected(1, 2, 5, 0, 0, reasons.CORRECTION[0]))  # tapped: "Players recounted"
    t.apply(ResultCorrected(1, 3, 6, 0, 0, "la feuille dit 6"))  # typed, in French
    t.apply(HandClosed(1))
    t.apply(DayEnded(1, early=True, final=True, reason=reasons.DAY_END[1]))
    for table in (1, 2, 3, 4):
        hub = t.table_count(1, table).hub
        t.apply(FlagsCounted(1, table, hub + (1 if table == 4 else 0)))
    t.apply(CountAccepted(1, 4, reasons.COUNT[1]))
    return t


def test_every_ready_made_reason_has_its_french_in_every_reader(played):
    from uikit.i18n import Translator, load_domain

    for domain in ("kiosk", "leader", "hall", "sheets"):
        fr = Translator("fr", load=lambda lang, d=domain: load_domain(d, lang))
        for group in (
            reasons.CORRECTION,
            reasons.CLUB_DEAL,
            reasons.PENALTY,
            reasons.COUNT,
            reasons.DAY_END,
            reasons.TIEBREAK_UNDO,
            reasons.DECISION,
        ):
            for reason in group:
                assert fr.t(reason) != reason, (domain, reason)
        gaspesie = Translator(
            "fr", context="manche", load=lambda lang, d=domain: load_domain(d, lang)
        )
        assert "manches" in gaspesie.t(reasons.DAY_END[0]), domain


def test_the_sheets_say_a_tapped_reason_in_their_language_and_a_typed_one_as_typed(played):
    fr = text_of(results_sheet(played.spec, played, "fr"))
    assert "corrigé : Les joueurs ont recompté" in fr
    assert "Players recounted" not in fr
    assert "la feuille dit 6" in fr
    en = text_of(results_sheet(played.spec, played, "en"))
    assert "corrected: Players recounted" in en and "corrected: la feuille dit 6" in en
    standings = text_of(standings_sheet(played, "fr"))
    assert "A wrong result we cannot find" not in standings
    assert "(Un résultat faux introuvable)" in standings
