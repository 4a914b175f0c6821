"""What must fit the 800x480 kiosk of a club night (issue 29, points 1, 5, 6 and 8), in
English and French, on the real kiosk app under Xvfb: 8-to-1 totals of four and five
characters (1070, -400, -1070) on one line each, its drawn trump big on a card; Solo's
prop-and-cop tricks page with two long names; Minnesota's final screen with a long East-West
name; 8-to-1's tricks page beside the player's bid. The scenario (tests/ui/driver.py,
``fit``) gives the core's own ClubScore to the table's presenter and audits each screenshot
as every kiosk UI test does: no text cut, wrapped out of its box, overlapping another (the top
bar's included) or outside the window.
"""

from __future__ import annotations

import re

import pytest

from tests.ui.conftest import SHOTS, Scenario, broker_spec, write_kiosk_config

TABLE = 2
SHOWN = ["f01-players", "f02-prop-tricks", "f03-ended", "f04-tricks"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_club_texts_fit_below_the_bar(tmp_path, kivy_env, hall, language):
    config = write_kiosk_config(
        tmp_path / "kiosk.toml",
        hall,
        TABLE,
        data_dir=str(tmp_path / "kiosk-data"),
        language=language,
    )
    prefix = f"{language}-fit"
    spec = {
        "scenario": "fit",
        "config": str(config),
        "shots": str(SHOTS),
        "prefix": prefix,
        "table": TABLE,
        "broker": broker_spec(hall),
    }
    report = Scenario(spec, kivy_env, tmp_path).report()
    assert report["audit"] == [], "\n".join(report["audit"])
    assert sorted(report["shots"]) == sorted(f"{prefix}-800x480-{n}.png" for n in SHOWN)
    texts = report["texts"]
    # the hub's totals as they are, each on one line in its column (the audit: no wrap)
    assert texts["scores"] == ["1070", "-400", "-1070", "10"]
    assert texts["cut"] == []  # and every name whole beside them ("Marie-Thérèse")
    # the drawn trump on its card, its capitals well above the round's heading
    assert texts["trump"] == ("♦ Diamonds" if language == "en" else "♦ Carreau")
    heights = report["heights"][f"{prefix}-800x480-f01-players"]
    assert heights["players-trump"]["px"] > 1.25 * heights["players-round"]["px"], heights
    question = {
        "en": "Marie-Thérèse & Bartholomew: how many tricks?",
        "fr": "Levées pour Marie-Thérèse et Bartholomew\u00a0?",
    }
    assert texts["prop"] == question[language]
    said = {"en": "Marie-Thérèse bid 0", "fr": "Marie-Thérèse a misé 0"}
    assert texts["tricks"][1].startswith(said[language])
    assert "Bartholomew Fitzgerald" in texts["ended"][0]
    # its place on its own row, under its names
    place = r"(shared )?place \d of 6" if language == "en" else r"place \d( ex æquo)? sur 6"
    assert re.fullmatch(place, texts["ended"][1]), texts["ended"]
