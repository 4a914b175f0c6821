"""kiosk.toml: what the hub prints is accepted as it is; anything wrong is named, not raised."""

from __future__ import annotations

from pathlib import Path

from hub.broker.broker import provisioning_text
from kiosk.config import KioskConfig, default_config_path, load_config
from kiosk.presenter import SetupPresenter
from uikit.config import ConfigProblem


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "kiosk.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_what_whist_hub_credentials_prints_is_a_valid_config(tmp_path):
    text = provisioning_text(7, "192.168.1.10", 1883, "table7", "s3cret")
    config = load_config(write(tmp_path, text))
    assert isinstance(config, KioskConfig)
    assert (config.table, config.host, config.port, config.username) == (
        7,
        "192.168.1.10",
        1883,
        "table7",
    )
    assert config.language is None and config.root == "whist" and config.fullscreen is False


def test_options_and_a_hardware_table_with_keys_of_a_later_kiosk(tmp_path):
    text = (
        'table = 3\nhost = "hub.local"\nlanguage = "fr"\nfullscreen = true\n'
        f'data_dir = "{tmp_path}/data"\nroot = "club/whist"\n\n'
        '[hardware]\nbuttons = "gpio"\nled_bar = { pin = 18, count = 12 }\n'
    )
    config = load_config(write(tmp_path, text))
    assert isinstance(config, KioskConfig)
    assert config.data_path == tmp_path / "data"
    assert config.hardware.model_extra == {"buttons": "gpio", "led_bar": {"pin": 18, "count": 12}}


def test_a_missing_file(tmp_path):
    problem = load_config(tmp_path / "nowhere.toml")
    assert isinstance(problem, ConfigProblem) and problem.missing


def test_a_file_that_is_not_toml(tmp_path):
    problem = load_config(write(tmp_path, "table = = 3\n"))
    assert isinstance(problem, ConfigProblem)
    assert [p.kind for p in problem.problems] == ["syntax"]
    assert "line 1" in problem.problems[0].detail


def test_every_problem_is_named_with_its_key(tmp_path):
    text = (
        'table = "seven"\nport = 70000\nlanguage = "de"\nfullscreen = "yes"\n'
        'root = "a/#"\ncolour = "blue"\nhardware = 3\n'
    )
    problem = load_config(write(tmp_path, text))
    assert isinstance(problem, ConfigProblem)
    found = {(p.kind, p.key) for p in problem.problems}
    assert found == {
        ("whole_number", "table"),
        ("missing", "host"),
        ("too_large", "port"),
        ("choice", "language"),
        ("true_false", "fullscreen"),
        ("bad_root", "root"),
        ("unknown_key", "colour"),
        ("table_expected", "hardware"),
    }


def test_a_login_is_a_pair(tmp_path):
    problem = load_config(write(tmp_path, 'table = 1\nhost = "h"\nusername = "table1"\n'))
    assert isinstance(problem, ConfigProblem)
    assert [p.kind for p in problem.problems] == ["login_pair"]


def test_the_default_place_follows_xdg(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_config_path() == tmp_path / "whist-kiosk" / "kiosk.toml"


def test_a_screen_size_and_a_turn(tmp_path):
    config = load_config(
        write(tmp_path, 'table = 1\nhost = "h"\nsize = "720x1280"\nrotation = 90\n')
    )
    assert isinstance(config, KioskConfig)
    assert (config.size, config.rotation, config.layout_size) == ("720x1280", 90, (1280, 720))
    plain = load_config(write(tmp_path, 'table = 1\nhost = "h"\n'))
    assert isinstance(plain, KioskConfig)
    assert (plain.size, plain.rotation, plain.layout_size) == (None, 0, None)


def test_a_wrong_size_or_turn_is_one_line_each_in_words(tmp_path):
    text = 'table = 1\nhost = "h"\nsize = "1024x600"\nrotation = 45\n'
    problem = load_config(write(tmp_path, text))
    assert isinstance(problem, ConfigProblem)
    assert [(p.kind, p.key) for p in problem.problems] == [
        ("choice", "size"),
        ("choice", "rotation"),
    ]
    # the set-up screen's lines, in both languages
    en = SetupPresenter(problem, language="en").view.setup.problems.splitlines()
    assert en == [
        "“size” must be one of '800x480', '1280x720', '720x1280' or '1920x1080'.",
        "“rotation” must be one of 0, 90, 180 or 270.",
    ]
    fr = SetupPresenter(problem, language="fr").view.setup.problems.splitlines()
    assert fr[1].startswith("«\u00a0rotation\u00a0»") and "0, 90, 180 or 270" in fr[1]
    # a turn written in quotes is a wrong type, not guessed
    quoted = load_config(write(tmp_path, 'table = 1\nhost = "h"\nrotation = "90"\n'))
    assert isinstance(quoted, ConfigProblem)
    assert [p.key for p in quoted.problems] == ["rotation"]


def test_the_dsi_screen_s_card_is_named_for_sdl(tmp_path):
    from kiosk.app import choose_dsi_card

    for name, status in [
        ("card0-HDMI-A-1", "disconnected"),
        ("card1-DSI-1", "disconnected"),
        ("card2-DSI-2", "connected"),
    ]:
        (tmp_path / name).mkdir()
        (tmp_path / name / "status").write_text(status + "\n")
    env = {"SDL_VIDEODRIVER": "kmsdrm"}
    assert choose_dsi_card(env, tmp_path) == "2"
    assert env["SDL_KMSDRM_DEVICE_INDEX"] == "2"
    # an index set by hand (/etc/whist/kiosk.env) wins; a desktop's driver is left alone
    chosen = {"SDL_VIDEODRIVER": "kmsdrm", "SDL_KMSDRM_DEVICE_INDEX": "1"}
    assert choose_dsi_card(chosen, tmp_path) is None and chosen["SDL_KMSDRM_DEVICE_INDEX"] == "1"
    desktop: dict[str, str] = {}
    assert choose_dsi_card(desktop, tmp_path) is None and desktop == {}
    # no DSI screen connected (HDMI only): SDL chooses as it always did
    (tmp_path / "card2-DSI-2" / "status").write_text("disconnected\n")
    assert choose_dsi_card({"SDL_VIDEODRIVER": "kmsdrm"}, tmp_path) is None


def test_the_window_takes_the_file_s_size_and_turn_unless_told(tmp_path):
    from kiosk.app import window_settings

    path = write(tmp_path, 'table = 1\nhost = "h"\nsize = "720x1280"\nrotation = 90\n')
    assert window_settings(path) == ((720, 1280), 90)
    assert window_settings(path, (1280, 720)) == ((1280, 720), 90)  # --size wins
    plain = write(tmp_path, 'table = 1\nhost = "h"\n')
    assert window_settings(plain) == ((800, 480), 0)
    wrong = write(tmp_path, 'table = 1\nhost = "h"\nrotation = 45\n')
    assert window_settings(wrong) == ((800, 480), 0)  # the set-up screen, upright
