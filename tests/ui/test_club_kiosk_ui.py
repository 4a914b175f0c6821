"""A club night on the real kiosk app, under Xvfb, against a real Mosquitto and a real club
hub (hub.service.core.HubCore behind the MQTT adapter, in the driver's process).

The scenario (tests/ui/driver.py, ``club``) taps every club screen with touches on the real
widgets, counts the taps of a deal, stops and restarts the hub, has the leader enter and
correct a deal and end the night, and saves a screenshot of every screen into
screenshots/kiosk/ with the layout audit of tests/ui/test_kiosk_ui.py.

Minnesota in English and English whist in French; the nights of tests/ui/test_club_stories_ui.py
play each in the other language (Minnesota's French choice, English whist's English confirm).
"""

from __future__ import annotations

from pathlib import Path

from hub.broker.broker import EmbeddedBroker
from tests.ui.conftest import club_night_walk

TABLE = 2
SHOTS_CLUB = [
    "c01-score-first",
    "c02-choice",
    "c03-tricks",
    "c05-confirm",
    "c06-score",
    "c07-revokes",
    "c08-pending",
    "c09-rejected",
    "c10-corrected",
    "c11-ended",
    "c11-ended-other-language",
]


def night(
    tmp_path: Path, env: dict[str, str], broker: EmbeddedBroker, *, game: str, language: str
) -> dict:
    names = SHOTS_CLUB + (["c04-honours"] if game == "english" else [])
    texts, held = club_night_walk(
        tmp_path,
        env,
        broker,
        scenario="club",
        game=game,
        language=language,
        tables=4,
        table=TABLE,
        names=names,
    )
    # The hub holds what was tapped, and what the leader entered and corrected.
    deals = held.deals[TABLE]
    assert [d.by for d in deals] == ["table", "table", "leader"]
    assert deals[0].record["ns_tricks"] == 4
    assert deals[1].record.get("ew_revokes") == 1
    return texts


def test_a_minnesota_night_in_english(tmp_path, kivy_env, hall):
    texts = night(tmp_path, kivy_env, hall, game="minnesota", language="en")
    assert texts["choice"] == ["North-South grand", "East-West grand", "Everyone low"]
    assert texts["confirm"] == "East-West grand\nNorth-South 4 · East-West 9 tricks"
    # Enter, the choice, the number, Next, each side agrees: six taps (a fixed number aside).
    assert texts["taps"] == 6
    # EW granded and took 9: 3 over six, scored by the hub.
    assert texts["score"] == ["0", "3"]
    assert texts["last"].splitlines()[1] == "EW +3 (grand made)"
    assert texts["pending"].startswith("The leader's computer cannot be reached right now.")
    assert texts["rejected"].startswith("This deal was already recorded")
    assert texts["corrected"].splitlines()[-1] == "The leader corrected this deal."
    assert texts["ended"].splitlines()[0] == "The leader has ended the night."
    assert texts["ended_other"].splitlines()[0] == "L'arbitre a terminé la soirée."


def test_an_english_whist_night_in_french(tmp_path, kivy_env, hall):
    texts = night(tmp_path, kivy_env, hall, game="english", language="fr")
    assert [c.split("\n")[0] for c in texts["choice"]] == ["♠", "♥", "♦", "♣"]
    assert texts["confirm"] == "Atout\u00a0: ♥ Cœur\nNord-Sud 4 · Est-Ouest 9 levées"
    assert texts["taps"] == 7  # the honours are one more tap
    assert texts["ended"].splitlines()[0] == "L'arbitre a terminé la soirée."
