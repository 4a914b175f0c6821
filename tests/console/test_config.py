"""leader.toml and hall.toml: read, checked, every problem named for the set-up screen."""

from __future__ import annotations

from uikit.config import ConfigProblem
from uikit.settings import ConsoleConfig, HallConfig, default_config_path, load_config


def test_a_good_file(tmp_path):
    path = tmp_path / "leader.toml"
    path.write_text(
        'host = "192.168.1.10"\nport = 18830\nusername = "leader"\npassword = "pw"\n'
        'language = "fr"\n',
        encoding="utf-8",
    )
    config = load_config(path)
    assert isinstance(config, ConsoleConfig)
    assert (config.host, config.port, config.language, config.root) == (
        "192.168.1.10",
        18830,
        "fr",
        "whist",
    )
    assert config.fullscreen is False


def test_the_hall_is_fullscreen_and_pages_by_default(tmp_path):
    path = tmp_path / "hall.toml"
    path.write_text('host = "hub"\nusername = "hall"\npassword = "pw"\npage_seconds = 8\n')
    config = load_config(path, "hall")
    assert isinstance(config, HallConfig)
    assert config.fullscreen is True and config.page_seconds == 8.0


def test_every_problem_is_named(tmp_path):
    path = tmp_path / "leader.toml"
    path.write_text(
        'host = ""\nport = "1883"\nlanguage = "de"\ncolour = 1\nroot = "a/#"\nfullscreen = 2\n'
    )
    problem = load_config(path)
    assert isinstance(problem, ConfigProblem)
    kinds = sorted((p.kind, p.key) for p in problem.problems)
    assert kinds == [
        ("bad_root", "root"),
        ("choice", "language"),
        ("empty", "host"),
        ("missing", "password"),
        ("missing", "username"),
        ("true_false", "fullscreen"),
        ("unknown_key", "colour"),
        ("whole_number", "port"),
    ]
    path.write_text('page_seconds = 1\nhost = "h"\nusername = "hall"\npassword = "p"\n')
    problem = load_config(path, "hall")
    assert [(p.kind, p.key, p.limit) for p in problem.problems] == [
        ("too_small", "page_seconds", "3")
    ]


def test_missing_and_broken_files(tmp_path):
    assert load_config(tmp_path / "none.toml").missing
    bad = tmp_path / "bad.toml"
    bad.write_text("host = \n")
    assert load_config(bad).problems[0].kind == "syntax"


def test_default_places(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    assert default_config_path("leader") == tmp_path / "whist-leader" / "leader.toml"
    assert default_config_path("hall") == tmp_path / "whist-hall" / "hall.toml"
