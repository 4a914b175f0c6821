"""A night of each game played each for oneself (Widow, Solo, Knockout, 8-to-1) on the real
kiosk app, under Xvfb, against a real Mosquitto and a real club hub (hub.service.core.HubCore behind
the MQTT adapter, in the driver's process; the 8-to-1 trump is the hub's own draw).

The scenario (tests/ui/driver.py, ``club_solo``) taps a deal through every page of the game
with touches on the real widgets, counts the taps, has the leader end the night, and saves a
screenshot of every page into screenshots/kiosk/ with the layout audit of the kiosk UI tests.

Each game in one language: Widow and Solo in English, Knockout and 8-to-1 in French; the
nights of tests/ui/test_club_stories_ui.py play each in the other language.
"""

from __future__ import annotations

from pathlib import Path

from hub.broker.broker import EmbeddedBroker
from tests.ui.conftest import club_night_walk

TABLE = 2
PAGES = {
    "widow": ["s02-widow", "s03-tricks"],
    "solo": ["s02-contract", "s02-bidder", "s02-partner", "s03-tricks", "s04-revoker"],
    "knockout": ["s03-tricks"],
    "eight-to-one": ["s02-bids", "s02-play", "s03-tricks"],
}
COMMON = ["s01-score-first", "s05-confirm", "s06-score", "s11-ended", "s11-ended-other-language"]
#: Taps of one deal: Enter, what the game asks, one "Everyone agrees".
TAPS = {"widow": 5, "solo": 6, "knockout": 5, "eight-to-one": 10}


def night(
    tmp_path: Path, env: dict[str, str], broker: EmbeddedBroker, *, game: str, language: str
) -> dict:
    # Widow with its club rule (WI6): the kiosk says it before the first deal.
    house_rules = ("must_play_a_club",) if game == "widow" else ()
    texts, held = club_night_walk(
        tmp_path,
        env,
        broker,
        scenario="club_solo",
        game=game,
        language=language,
        tables=3,
        table=TABLE,
        names=COMMON + PAGES[game],
        house_rules=house_rules,
    )
    assert held.deals[TABLE][-1].by == "table"
    assert texts["taps"] == TAPS[game]
    return texts


def test_a_widow_night(tmp_path, kivy_env, hall):
    texts = night(tmp_path, kivy_env, hall, game="widow", language="en")
    assert texts["first_last"].startswith("House rule: a player who has none")
    assert len(texts["choice"]) == 4  # three players and nobody
    # WI4, the hub's points: Harold took the widow and 6 tricks: +2; Margaret 4: +1
    assert texts["scores"] == ["0", "2", "1"]


def test_a_solo_night(tmp_path, kivy_env, hall):
    texts = night(tmp_path, kivy_env, hall, game="solo", language="en")
    assert len(texts["choice"]) == 8
    assert texts["scores"] == ["+11", "\N{MINUS SIGN}11", "+11", "\N{MINUS SIGN}11"]


def test_a_knockout_night(tmp_path, kivy_env, hall):
    texts = night(tmp_path, kivy_env, hall, game="knockout", language="fr")
    assert texts["scores"] == ["3", "4", "0", "0"]
    # The seed's game (KO2): every deal is seven cards each, nobody knocked out; a deal is a
    # game, so no round is said (issue 29: rounds only where the game has them)
    assert texts["round"].splitlines()[0] == "Distribuez 7 cartes à chacun"


def test_an_eight_to_one_night(tmp_path, kivy_env, hall):
    texts = night(tmp_path, kivy_env, hall, game="eight-to-one", language="fr")
    # round 5 is played in the hub's drawn trump, shown big before the bids (issue 29)
    assert texts["first"].startswith("Manche 5")
    assert texts["first_trump"][0] in "♠♥♦♣"
