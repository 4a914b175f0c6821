"""kiosk.toml: what the hub prints is accepted as it is; anything wrong is named, not raised."""

from __future__ import annotations

from pathlib import Path

from hub.broker.broker import provisioning_text
from kiosk.config import KioskConfig, default_config_path, load_config
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
