"""A number is drawn held to the word before it (uikit.widgets.glue_numbers): "table" / "3"
and "place 4 of" / "4" were lines on a kiosk (issue 25's review). The audits of every
screenshot check the drawn lines (tests/ui/audit.stranded_number)."""

from __future__ import annotations

import doctest

import pytest

from uikit import widgets
from uikit.widgets import glue_numbers

NB = "\u00a0"


@pytest.mark.parametrize(
    ("text", "drawn"),
    [
        ("Our A & B play at table 3", f"Our A & B play at table{NB}3"),
        ("Rang : 4 sur 4.", f"Rang : 4{NB}sur{NB}4."),  # a count with its total; a colon may break
        ("Today: 9 flags · place 4 of 4", f"Today: 9 flags{NB}· place{NB}4{NB}of{NB}4"),
        ("Table 2 counted 11 flags", f"Table{NB}2 counted{NB}11 flags"),  # no long chains
        ("jusqu'au 21e tour", f"jusqu'au{NB}21e tour"),
        ("Cartes par tour : 8 8 8 7", "Cartes par tour : 8 8 8 7"),  # a row of numbers wraps
        ("Équipe 12 · Team 3", f"Équipe{NB}12{NB}· Team{NB}3"),  # "·" ends its line
        ("line one\n2 on line two", "line one\n2 on line two"),  # the text's own line break
        ("", ""),
    ],
)
def test_a_number_is_held_to_its_word(text, drawn):
    assert glue_numbers(text) == drawn
    assert glue_numbers(drawn) == drawn  # drawing twice changes nothing


def test_the_doctests():
    assert doctest.testmod(widgets).failed == 0
