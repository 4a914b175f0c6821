"""The set-up screen's choice of screen: which panel this table has, and which way up.

No Kivy here: the set-up presenter holds a :class:`ScreenChoice` and draws its view; the app
gives it a ``saver`` that writes ``size`` and ``rotation`` into kiosk.toml and turns the
window at once (kiosk/ui.py). The choice is kept for every later start (kiosk/app.py reads it
before the window opens, also from a kiosk.toml that has nothing else yet).

>>> saved = []
>>> choice = ScreenChoice(("800x480", 0), saver=lambda size, turn: saved.append((size, turn)))
>>> choice.choose(3)
>>> saved, choice.current
([('720x1280', 0)], ('720x1280', 0))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kiosk.i18n import N_, Translator
from kiosk.viewmodel import ButtonVM, ScreenChoiceVM


@dataclass(frozen=True)
class ScreenKind:
    """One kind of screen a table may have: its pixels as the panel reports them, the turn
    the kiosk gives its picture, and its name on the button (a catalog message id).

    >>> CHOICES[2].size, CHOICES[2].rotation
    ('720x1280', 90)
    """

    size: str
    rotation: int
    name: str


#: The screens the set-up screen offers, in its order: the 7-inch display, a 720p screen, the
#: Touch Display 2 on its side (read like the others: docs/kiosk.md) and upright.
CHOICES = (
    ScreenKind("800x480", 0, N_("7-inch display\n800 \N{MULTIPLICATION SIGN} 480")),
    ScreenKind("1280x720", 0, N_("Wide screen\n1280 \N{MULTIPLICATION SIGN} 720")),
    # (its 720 x 1280 pixels are the same either way: the button says which way up)
    ScreenKind("720x1280", 90, N_("Touch Display 2\non its side")),
    ScreenKind("720x1280", 0, N_("Touch Display 2\nupright")),
)

#: ``saver(size, rotation)`` writes the choice and applies it; raises OSError-like errors as
#: an exception whose text is shown (``JoinError("cannot_write", detail)`` in the app).
Saver = Callable[[str, int], None]


class ScreenChoice:
    """Which screen this kiosk has: the one in use (``current``, None until chosen or read
    from kiosk.toml) and the outcome of the last choice."""

    def __init__(self, current: tuple[str, int] | None, *, saver: Saver | None) -> None:
        self.current = current
        self.saver = saver
        self.problem = ""  # why the last choice could not be saved

    @property
    def offered(self) -> bool:
        return self.saver is not None

    def choose(self, index: int) -> None:
        if self.saver is None or not 0 <= index < len(CHOICES):
            return
        kind = CHOICES[index]
        try:
            self.saver(kind.size, kind.rotation)
        except Exception as exc:  # whatever it is (a full card, a read-only one), it is said
            self.problem = str(getattr(exc, "detail", "") or exc)
            return
        self.problem = ""
        self.current = (kind.size, kind.rotation)

    def button_text(self, tr: Translator) -> str:
        """The set-up page's button (the choice page shows the one in use)."""
        return tr.t("Screen size")

    def view(self, tr: Translator) -> ScreenChoiceVM:
        if self.problem:
            note = tr.t("The settings could not be saved: {detail}").format(detail=self.problem)
            role = "bad"
        else:
            note = tr.t("Tap the screen this table has. The picture changes at once and "
                        "stays so at every start.")
            role = "text"
        return ScreenChoiceVM(
            title=tr.t("Which screen is this?"),
            note=note,
            note_role=role,
            choices=tuple(
                ButtonVM(
                    tr.t(kind.name),
                    role="selected" if (kind.size, kind.rotation) == self.current else "normal",
                )
                for kind in CHOICES
            ),
            back=ButtonVM(tr.t("Back"), role="primary"),
        )
