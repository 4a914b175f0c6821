"""Every example in hardware/'s docstrings runs (they use MockFactory, loop:// and a pty)."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "hardware",
    "hardware.build",
    "hardware.config",
    "hardware.counter",
    "hardware.errors",
    "hardware.intents",
    "hardware.leds",
    "hardware.lines",
    "hardware.pad",
    "hardware.scoreboard",
    "hardware.testing",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name))
    assert tried > 0
    assert failures == 0
