"""Issue 12's playoff buttons on the real console under Xvfb, against a real Mosquitto and
hub: the A players' cards, the hand for second place, undoing a tie-break, the Gaspésie
leader's decision. Shots at 1280x800, EN and FR, in screenshots/leader/ (50-
to 54-)."""

from __future__ import annotations

from typing import Any

from tests.ui.test_console_ui import LEADER_SHOTS, ConsoleScenario, _config, _spec

#: Both languages at the laptop's 1280x800, no resize (each lays the whole console out again;
#: tests/ui/test_console_ui.py's first walk has both sizes).
VARIANTS = ["en-1280x800", "fr-1280x800"]


def _run(tmp_path: Any, hall: Any, kivy_env: Any, fmt: str, scenario: str, **t: Any) -> Any:
    spec = _spec(tmp_path, hall, fmt, 1)
    spec["tournament"].update(t)
    config = tmp_path / "leader.toml"
    config.write_text(_config(hall, "leader", language="en"), encoding="utf-8")
    report = ConsoleScenario(
        {
            **spec,
            "app": "leader",
            "scenario": scenario,
            "config": str(config),
            "shots": str(LEADER_SHOTS),
            "sizes": [[1280, 800], [1920, 1080]],
            "variants": [["en", 0], ["fr", 0]],
        },
        kivy_env,
        tmp_path,
    ).report(timeout=240)
    assert report["audit"] == [], "\n".join(report["audit"])
    return report


def _shots(report: Any, names: list[str]) -> None:
    assert sorted(report["shots"]) == sorted(f"{v}-{n}.png" for n in names for v in VARIANTS)


def test_cards_drawn_second_place_and_undo_on_the_console(tmp_path, kivy_env, hall):
    report = _run(tmp_path, hall, kivy_env, "alberta", "leader_playoffs", advance=2)
    _shots(report, ["50-tiebreak-draws", "51-tiebreak-second", "52-tiebreak-undo"])
    texts = report["texts"]
    assert texts["draws"] == ["Team 3: 2 of what suit?", False]
    title, steps = texts["second"]
    assert title == "For second place: team 2 against team 3"
    assert "Next: team 2 against team 3, for second place." in steps
    assert "Playoff result: 1. team 1, 2. team 3, 3. team 2." in texts["done"]
    title, body, go = texts["undo"]
    assert title == "Undo the tie-break of teams 1, 2, 3?"
    assert body.startswith("Its 3 hands played are taken back")
    assert go == "Undo the tie-break"
    assert texts["undone"] == "The tie-break of teams 1, 2, 3 is taken back: they are level again."


def test_the_gaspesie_leaders_decision_on_the_console(tmp_path, kivy_env, hall):
    report = _run(tmp_path, hall, kivy_env, "gaspesie", "leader_decision")
    _shots(report, ["53-gaspesie-decision", "54-standings-decision"])
    question, buttons = report["texts"]["form"]
    assert question.startswith("Teams 2, 3 are still level: you decide their places (rule 1).")
    assert buttons == ["Team 2: place 2", "Team 3: place 1"]
    rows = report["texts"]["standings"]
    assert [r[:2] for r in rows] == [["1", "1"], ["2*", "3"], ["3*", "2"]]  # the decision
