"""What the screens of every app share: one store of what the hub published, one router of
the page on show, and the base of one screen's presenter.

An app (the table's kiosk, the leader's console) builds one :class:`Store` and one
:class:`Router` — each its own subclass with what it alone knows — and one presenter per
screen on :class:`ScreenPresenter`. A screen's presenter reads the store, moves the router and
asks its app to rebuild the view; it never keeps state of its own that another screen needs.

>>> import enum
>>> class Page(enum.Enum):
...     HOME = "home"
...     FORM = "form"
>>> r = Router[Page]()
>>> r.open(Page.FORM); r.mode
<Page.FORM: 'form'>
>>> r.close(); r.mode is None
True
"""

from __future__ import annotations

from enum import Enum
from typing import Any, Generic, TypeVar

from uikit.i18n import Language
from uikit.presenter import LanguageBase

S = TypeVar("S", bound=Enum)
A = TypeVar("A", bound=LanguageBase[Any, Any])
St = TypeVar("St", bound="Store")
R = TypeVar("R", bound="Router[Any]")


class Store:
    """What the hub last said, as every screen reads it: whether the broker answers and
    whether the hub is online. Each app's store adds its own news (a table's view, the
    console's standings…); only the network side and the hub's answers write it."""

    def __init__(self) -> None:
        self.connected = False
        self.hub_online: bool | None = None

    @property
    def online(self) -> bool:
        """The broker answers and the hub has not said it went away."""
        return self.connected and self.hub_online is not False


class Router(Generic[S]):
    """The page opened over what the app shows by itself (``mode``; None: the app's own
    choice from the store, such as "waiting" or a tab)."""

    def __init__(self) -> None:
        self.mode: S | None = None

    def open(self, page: S) -> None:
        """A page over what the app shows by itself."""
        self.mode = page

    def close(self) -> None:
        """Back to what the app shows by itself."""
        self.mode = None


class ScreenPresenter(Generic[A, St, R]):
    """One screen's behaviour: its intents (what a person taps) and its part of the view,
    on its app's store and router. The app rebuilds the whole view after each intent."""

    def __init__(self, app: A, store: St, router: R) -> None:
        self.app = app
        self.store = store
        self.router = router

    @property
    def language(self) -> Language:
        language: Language = self.app.language
        return language

    def _changed(self) -> None:
        self.app._changed()
