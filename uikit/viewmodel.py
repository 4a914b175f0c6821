"""View-model pieces the console and the hall display share."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ButtonVM:
    """One button: its text, its colours (a theme role) and whether it can be pressed.

    >>> ButtonVM("Start", role="primary").enabled
    True
    """

    text: str = ""
    role: str = "normal"
    enabled: bool = True
    visible: bool = True


HIDDEN = ButtonVM(visible=False, enabled=False)


@dataclass(frozen=True)
class SetupVM:
    """The set-up screen: what is wrong with the settings file and what to write in it."""

    title: str = ""
    problems: str = ""
    file: str = ""
    how: str = ""
    command: str = ""
    then: str = ""
