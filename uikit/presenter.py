"""What every presenter shares (the table kiosk's, the console's and the hall's): the language
in use, its translator, and telling the window that the view-model changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from uikit.i18n import Language, Translator

V = TypeVar("V")
T = TypeVar("T", bound=Translator)


class LanguageBase(Generic[V, T]):
    """Language handling and change notification, shared by every presenter (the table
    kiosk's here, the leader's console and the hall display's in console and hall):
    ``V`` is the view-model, ``T`` the translator (each program has its own catalog).
    """

    def __init__(self, language: Language | None, translators: Callable[..., T]) -> None:
        self._translators = translators
        self._chosen: Language | None = language
        self._tr_cache: dict[tuple[Language, str | None], T] = {}
        self.on_change: Callable[[V], None] | None = None
        self._view: V | None = None

    @property
    def language(self) -> Language:
        return self._chosen or self._default_language()

    @property
    def chosen_language(self) -> Language | None:
        """The language set by kiosk.toml or the button; None while the default applies."""
        return self._chosen

    def _default_language(self) -> Language:
        return "en"

    def _context(self) -> str | None:
        return None

    @property
    def tr(self) -> T:
        key = (self.language, self._context())
        if key not in self._tr_cache:
            self._tr_cache[key] = self._translators(key[0], context=key[1])
        return self._tr_cache[key]

    @property
    def view(self) -> V:
        if self._view is None:
            self._view = self._build()
        return self._view

    def _build(self) -> V:
        raise NotImplementedError

    def _changed(self) -> None:
        self._view = self._build()
        if self.on_change is not None:
            self.on_change(self._view)

    def toggle_language(self) -> None:
        """English <-> French, for this kiosk until it restarts."""
        self._chosen = "fr" if self.language == "en" else "en"
        self._changed()

    def set_language(self, language: Language) -> None:
        self._chosen = language
        self._changed()
