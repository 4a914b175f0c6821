"""The console's and the hall's layers: behaviour without Kivy, Kivy without behaviour."""

from __future__ import annotations

import inspect

import pytest

from console.app import parser
from hall.app import parser as hall_parser
from tests.fresh import fresh_python

WINDOWLESS = [
    "console.app",
    "uikit.common",
    "uikit.settings",
    "uikit.connection",
    "console.i18n",
    "console.presenter",
    "uikit.widetheme",
    "console.viewmodel",
    "console.words",
    "hall.app",
    "hall.i18n",
    "hall.presenter",
    "hall.viewmodel",
]


def test_presenters_and_network_load_without_kivy():
    code = (
        f"import sys\nfor m in {WINDOWLESS!r}: __import__(m)\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'kivy'}))"
    )
    assert fresh_python(code) == "[]"


def test_the_network_never_touches_the_presenter_directly():
    import uikit.connection as connection

    source = inspect.getsource(connection.ConsoleConnection)
    calls = [line.strip() for line in source.splitlines() if "listener.on_" in line]
    assert calls and all(
        line.startswith(("self._tell(lambda listener:", "self._tell_leader(lambda listener:"))
        for line in calls
    ), calls


def test_command_lines():
    args = parser().parse_args(["--config", "l.toml", "--size", "1920x1080"])
    assert (str(args.config), args.size) == ("l.toml", (1920, 1080))
    assert hall_parser().parse_args([]).size == (1920, 1080)
    with pytest.raises(SystemExit):
        parser().parse_args(["--size", "tiny"])
