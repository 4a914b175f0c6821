"""The set-up screen's choice of screen, tapped on a real kiosk window (docs/kiosk.md,
"Screen sizes"): the window changes at once, kiosk.toml keeps the choice, a tap through the
turned picture lands, and the kiosk is still waiting to join. Screenshots audited."""

from __future__ import annotations

import tomllib

from tests.ui.conftest import SHOTS, Scenario


def test_the_screen_is_chosen_on_the_set_up_screen(tmp_path, kivy_env):
    spec = {
        "scenario": "setup_screen",
        "config": str(tmp_path / "kiosk.toml"),
        "shots": str(SHOTS),
        "prefix": "fr",  # the turned picture is taken in French
    }
    report = Scenario(spec, kivy_env, tmp_path).report()
    assert report["audit"] == [], "\n".join(report["audit"])
    texts = report["texts"]
    assert texts["button"] == "Screen size"
    assert tomllib.loads(texts["upright"]) == {"size": "720x1280", "rotation": 0}
    assert tomllib.loads(texts["side"]) == {"size": "720x1280", "rotation": 90}
    assert tomllib.loads(texts["seven"]) == {"size": "800x480", "rotation": 0}
    assert "landed-screen-choice-0" in texts
    assert texts["title"] == "Cet écran n'est pas encore configuré"
    assert texts["chosen"] == "Taille de l'écran"
    assert {
        "en-800x480-13-screen-choice.png",
        "en-720x1280-13-screen-choice.png",
        "en-720x1280-00-setup-screen.png",
        "en-720x1280-12-join-table.png",
        "fr-720x1280-13-screen-choice.png",
        "fr-1280x720-r90-13-screen-choice.png",
    } <= set(report["shots"])
