"""Issue 13 on the real console under Xvfb, against a real Mosquitto and hub: a Gaspésie
tournament in French (a manche, plural forms), a missing result entered by the leader, the
reason's hint, the tournament renamed. Shots at 1280x800, EN and FR, in
screenshots/leader/ (40- to 44-)."""

from __future__ import annotations

from tests.ui.console_french import NEW_NAME
from tests.ui.test_console_ui import LEADER_SHOTS, ConsoleScenario, _config, _spec

SHOTS = [
    "40-one-table-in",
    "41-enter-result",
    "42-entered-by-the-leader",
    "43-rename",
    "44-renamed",
    "45-start-early",
]
#: Both languages at the laptop's 1280x800, where the long name is tightest; no resize (each
#: lays the whole console out again: tests/ui/test_console_ui.py's first walk has both sizes).
VARIANTS = ["en-1280x800", "fr-1280x800"]
LONG_NAME = "Tournoi de whist militaire de la Baie-des-Chaleurs, Carleton-sur-Mer"


def test_french_throughout_entering_a_result_and_renaming(tmp_path, kivy_env, hall):
    spec = _spec(tmp_path, hall, "gaspesie", 2)
    spec["tournament"]["name"] = LONG_NAME
    config = tmp_path / "leader.toml"
    config.write_text(_config(hall, "leader"), encoding="utf-8")
    report = ConsoleScenario(
        {
            **spec,
            "app": "leader",
            "scenario": "leader_french",
            "config": str(config),
            "shots": str(LEADER_SHOTS),
            "sizes": [[1280, 800], [1920, 1080]],
            "variants": [["fr", 0], ["en", 0]],
        },
        kivy_env,
        tmp_path,
    ).report(timeout=240)
    assert report["audit"] == [], "\n".join(report["audit"])
    assert sorted(report["shots"]) == sorted(f"{v}-{n}.png" for n in SHOTS for v in VARIANTS)
    texts = report["texts"]
    # French by default for Gaspésie: a manche, and counts by the plural forms
    phase, header = texts["one_in"]
    assert phase == "En jeu\u00a0: 1 table sur 3 a donné son résultat."
    assert header == LONG_NAME
    assert texts["enter_button"] == "Saisir le résultat"
    title, hint, save = texts["enter"]
    assert title == "Saisir le résultat de la table\u00a02, manche 1"
    assert hint == "Tapez la raison, ou touchez-en une ci-dessus"
    assert save == "Enregistrer le résultat"
    result, history = texts["entered"]
    assert "saisi par l'arbitre" in result and history.startswith("Saisi par l'arbitre\u00a0: ")
    name, message = texts["renamed"]
    assert name == NEW_NAME and NEW_NAME in message
    # A count in the Gaspésie words: ngettext with the context "manche" (npt), never "main".
    early = texts["start_early"]
    assert early.startswith("2\u00a0tables n'ont pas encore donné leur résultat de la manche 1")
    assert " main" not in early
