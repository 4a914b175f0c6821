"""The set-up page: what is wrong with leader.toml, before there is any hub to talk to."""

from __future__ import annotations

from console.i18n import translator
from console.viewmodel import (
    HeaderVM,
    Screen,
    ViewModel,
)
from uikit.common import SetupBase, language_button_text
from uikit.viewmodel import ButtonVM


class SetupPresenter(SetupBase[ViewModel]):
    """The set-up screen: what is wrong with leader.toml, where it goes, what to write.

    >>> from pathlib import Path
    >>> from uikit.config import ConfigProblem, Problem
    >>> p = SetupPresenter(ConfigProblem(Path("/x/leader.toml"), [Problem("missing", "host")]))
    >>> p.view.setup.problems
    '“host” is missing.'
    """

    login = "leader"
    catalog = staticmethod(translator)

    def _build(self) -> ViewModel:
        tr = self.tr
        return ViewModel(
            screen=Screen.SETUP,
            language=self.language,
            header=HeaderVM(
                info=tr.t("Setting up the leader's console"),
                language=ButtonVM(language_button_text(tr)),
            ),
            setup=self.setup_view(),
        )
