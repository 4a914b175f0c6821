"""The kiosk's layers: behaviour without Kivy, Kivy without behaviour."""

from __future__ import annotations

import pytest

from kiosk.app import parser
from tests.fresh import fresh_python

WINDOWLESS = [
    "kiosk.app",
    "kiosk.config",
    "kiosk.connection",
    "kiosk.i18n",
    "kiosk.outbox",
    "kiosk.presenter",
    "uikit.theme",
    "kiosk.viewmodel",
    "kiosk.words",
]


def test_presenters_and_network_load_without_kivy():
    code = (
        f"import sys\nfor m in {WINDOWLESS!r}: __import__(m)\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'kivy'}))"
    )
    assert fresh_python(code) == "[]"


def test_the_network_never_touches_the_presenter_directly():
    """Every listener call in connection.py goes through _tell, i.e. through ``post``."""
    import inspect

    import kiosk.connection as connection

    source = inspect.getsource(connection.KioskConnection)
    calls = [line.strip() for line in source.splitlines() if "listener.on_" in line]
    assert calls and all("self._tell(lambda listener:" in line for line in calls), calls


def test_command_line():
    args = parser().parse_args(["--config", "k.toml", "--size", "1280x720"])
    assert (str(args.config), args.size) == ("k.toml", (1280, 720))
    with pytest.raises(SystemExit):
        parser().parse_args(["--size", "big"])
