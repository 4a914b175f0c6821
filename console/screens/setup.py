"""The set-up page: what is wrong with leader.toml, before there is any hub to talk to."""

from __future__ import annotations

from console.i18n import translator
from console.viewmodel import (
    HeaderVM,
    Screen,
    ViewModel,
)
from uikit.common import (
    Base,
    Translators,
    language_button_text,
    setup_texts,
)
from uikit.config import ConfigProblem
from uikit.i18n import Language
from uikit.viewmodel import ButtonVM, SetupVM


class SetupPresenter(Base[ViewModel]):
    """The set-up screen: what is wrong with leader.toml, where it goes, what to write.

    >>> from pathlib import Path
    >>> from uikit.config import Problem
    >>> p = SetupPresenter(ConfigProblem(Path("/x/leader.toml"), [Problem("missing", "host")]))
    >>> p.view.setup.problems
    '“host” is missing.'
    """

    def __init__(
        self,
        problem: ConfigProblem,
        *,
        language: Language | None = None,
        translators: Translators = translator,
    ) -> None:
        super().__init__(language, translators)
        self.problem = problem

    def update(self, problem: ConfigProblem) -> None:
        self.problem = problem
        self._changed()

    def _build(self) -> ViewModel:
        tr = self.tr
        return ViewModel(
            screen=Screen.SETUP,
            language=self.language,
            header=HeaderVM(
                info=tr.t("Setting up the leader's console"),
                language=ButtonVM(language_button_text(tr)),
            ),
            setup=SetupVM(**setup_texts(tr, self.problem, "leader")),
        )
