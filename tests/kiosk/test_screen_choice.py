"""The set-up screen's choice of screen: saved into kiosk.toml before and after joining, kept
by a join, read at the next start; the set-up page still says "not set up yet" meanwhile."""

from __future__ import annotations

from pathlib import Path

import pytest

from kiosk import provision
from kiosk.app import window_settings
from kiosk.config import KioskConfig, load_config
from kiosk.presenter import SetupPresenter
from kiosk.screenchoice import CHOICES, ScreenChoice
from kiosk.viewmodel import Screen
from uikit.config import ConfigProblem
from whist.protocol import JoinReply


def setup_for(path: Path, language: str = "en") -> SetupPresenter:
    loaded = load_config(path)
    assert isinstance(loaded, ConfigProblem)
    screen = ScreenChoice(provision.screen_of(path),
                          saver=lambda size, turn: provision.save_screen(path, size, turn))
    return SetupPresenter(loaded, language=language, joiner=lambda *a: None, screen=screen)


def test_a_new_kiosk_chooses_its_screen_and_is_still_new(tmp_path):
    path = tmp_path / "kiosk.toml"
    p = setup_for(path)
    assert p.view.setup.screen.visible and p.view.setup.screen.text == "Screen size"
    p.open_screen_choice()
    view = p.view
    assert view.screen is Screen.SCREEN_CHOICE
    times = "\N{MULTIPLICATION SIGN}"
    assert [b.text.replace(times, "x") for b in view.screen_choice.choices] == [
        "7-inch display\n800 x 480", "Wide screen\n1280 x 720", "Touch Display 2\non its side",
        "Touch Display 2\nupright"]
    assert all(b.role == "normal" for b in view.screen_choice.choices)
    assert "changes at once" in view.screen_choice.note
    p.choose_screen(2)  # the Touch Display 2 on its side
    assert provision.screen_of(path) == ("720x1280", 90)
    assert [b.role for b in p.view.screen_choice.choices] == [
        "normal", "normal", "selected", "normal"]
    p.close_screen_choice()
    # The file now holds the screen alone: still a new kiosk, not a file with problems.
    p.update(load_config(path))
    setup = p.view.setup
    assert p.view.screen is Screen.SETUP
    assert setup.title == "This screen is not set up yet" and setup.problems == ""
    assert setup.screen.text == "Screen size"
    assert window_settings(path) == ((720, 1280), 90)


def test_french_names(tmp_path):
    p = setup_for(tmp_path / "kiosk.toml", language="fr")
    p.open_screen_choice()
    view = p.view.screen_choice
    assert view.title == "Quel écran a cette table\N{NO-BREAK SPACE}?"
    assert view.choices[0].text.startswith("Écran 7 pouces")
    assert view.back.text == "Retour"


def test_a_choice_that_cannot_be_saved_says_why(tmp_path):
    path = tmp_path / "kiosk.toml"
    path.write_text("table = [", encoding="utf-8")  # someone is writing it by hand
    p = setup_for(path)
    p.open_screen_choice()
    p.choose_screen(0)
    view = p.view.screen_choice
    assert view.note_role == "bad" and "could not be saved" in view.note
    assert path.read_text(encoding="utf-8") == "table = ["  # untouched
    assert p.screen.current is None


def test_saving_keeps_every_other_setting_and_the_join_keeps_the_screen(tmp_path):
    path = tmp_path / "kiosk.toml"
    provision.save_screen(path, "1280x720", 0)
    reply = JoinReply(table=4, host="10.0.0.2", port=8883, username="table4",
                      password="pw", root="whist", tournament="Spring")
    provision.write_config(path, reply, language="fr")
    config = load_config(path)
    assert isinstance(config, KioskConfig)
    assert (config.table, config.size, config.rotation) == (4, "1280x720", 0)
    provision.save_screen(path, "720x1280", 90)
    config = load_config(path)
    assert isinstance(config, KioskConfig)
    assert (config.table, config.password, config.language) == (4, "pw", "fr")
    assert (config.size, config.rotation, config.layout_size) == ("720x1280", 90, (1280, 720))
    assert path.read_text(encoding="utf-8").startswith("# Table 4 of Spring")
    assert path.stat().st_mode & 0o777 == 0o600
    assert not path.with_name("kiosk.toml.tmp").exists()


@pytest.mark.parametrize("index", range(len(CHOICES)))
def test_each_choice_is_a_valid_setting(tmp_path, index):
    path = tmp_path / "kiosk.toml"
    kind = CHOICES[index]
    provision.save_screen(path, kind.size, kind.rotation)
    path.write_text(path.read_text() + 'table = 1\nhost = "h"\n', encoding="utf-8")
    assert isinstance(load_config(path), KioskConfig)


def test_the_settings_file_and_its_folder_are_synced(tmp_path, fsynced):
    provision.save_screen(tmp_path / "kiosk.toml", "800x480", 0)
    # the new file's bytes, then the folder holding its new name
    assert fsynced == [str(tmp_path / "kiosk.toml.tmp"), str(tmp_path)]
