"""What every screen's presenter shares: the console it belongs to, the store of what the hub
published, the router, and the words and constants of the console's pages."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Literal, Protocol, TypeVar

from pydantic import BaseModel

from console import director
from console.i18n import N_
from console.viewmodel import (
    Screen,
)
from uikit import screens
from whist import reasons
from whist.formats.draft import PartnershipDraft, PlayersForm
from whist.protocol import (
    Command,
    Preview,
    PreviewData,
    PreviewedCommand,
)

if TYPE_CHECKING:
    from console.i18n import ConsoleTranslator
    from console.presenter import LeaderPresenter
    from console.screens.router import Router
    from console.screens.store import Store

M = TypeVar("M", bound=BaseModel)

#: What the hub records for a call that came with no reason (hub/service/service.py).
HUB_DEFAULT_CALL = "the players ask for the leader"
#: Queries: their answers fill screens; they are never announced in the message bar.
QUERIES = frozenset(
    {"plan", "results", "ties", "join_code", "joins", "deals", "loans", "counts", "preview"}
)
#: The verifiers' count: the most a table holds when the State does not say (the keypad
#: types digits up to every flag of the room, issue 25).
COUNT_KEYS = 36
#: A club night's commands: their refusals are the hub's own words (they name the deal).
CLUB_OPS = frozenset({"correct_deal", "end_night"})
#: The joins listed on the Sheets & kiosks tab, newest first.
JOINS_LISTED = 4
TABS = (Screen.TABLES, Screen.STANDINGS, Screen.TIEBREAK, Screen.SHEETS)
ConfirmKind = Literal[
    "close",
    "undo",
    "end_day",
    "end_early",
    "end_after_day",
    "final",
    "end_night",
    "tiebreak_undo",
    "accept_count",
]

#: What each command is, while it is being sent ("Sending to the hub: …").
OP_NAMES = {
    "start_hand": N_("start the hand"),
    "close_hand": N_("close the hand"),
    "correct": N_("the correction"),
    "loan": N_("the loan"),
    "end_day": N_("end the day"),
    "undo_start": N_("undo the start"),
    "penalty": N_("the penalty"),
    "clear_call": N_("clear the call"),
    "tiebreak_start": N_("start the tie-break"),
    "tiebreak_result": N_("the playoff hand"),
    "tiebreak_trump": N_("the director's cut"),
    "tiebreak_undo": N_("undo the tie-break"),
    "place_decision": N_("your decision"),
    "export": N_("write the sheets"),
    "renew_join_code": N_("make a new join code"),
    "correct_deal": N_("the deal"),
    "end_night": N_("end the night"),
    "clock_pause": N_("pause the clock"),
    "clock_resume": N_("resume the clock"),
    "clock_add": N_("more minutes"),
}
#: The ranks an A player may draw, highest first, as the hub reads them.
DRAW_RANKS = ("A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2")
DRAW_SUITS = ("spades", "hearts", "diamonds", "clubs")


def clock_time(seconds: float) -> str:
    """A time of day on this computer's clock, for the join code's end and the joins."""
    return time.strftime("%H:%M", time.localtime(seconds))


#: The ready-made reasons, from the core (recorded in English, said in each reader's language).
CORRECTION_REASONS = reasons.CORRECTION
CLUB_REASONS = reasons.CLUB_DEAL
PENALTY_REASONS = reasons.PENALTY
COUNT_REASONS = reasons.COUNT
DAY_END_REASONS = reasons.DAY_END
TIEBREAK_UNDO_REASONS = reasons.TIEBREAK_UNDO
DECISION_REASONS = reasons.DECISION
#: The confirmation pages that take a reason, and the ready-made one each starts with.
REASONED: dict[str, tuple[tuple[str, ...], int | None]] = {
    "accept_count": (COUNT_REASONS, None),
    "end_day": (DAY_END_REASONS, 0),
    # before the day's last hand: "every hand of the day is played" would be untrue
    "end_early": (reasons.DAY_END_EARLY, 0),
    "end_after_day": (reasons.DAY_END_EARLY, 0),
    "tiebreak_undo": (TIEBREAK_UNDO_REASONS, 0),
}


class Link(Protocol):
    """What the presenter needs from the network: a fresh command id, and sending a typed
    command (its id comes back)."""

    def new_id(self) -> str: ...
    def send(self, command: Command) -> str: ...


@dataclass(frozen=True)
class Draft:
    """A result being entered by the leader (correct), or a loan, or a penalty."""

    table: int
    hand: int
    visitor_tricks: int | None = None
    revokes_home: int = 0
    revokes_visitors: int = 0
    reason: str = ""
    preset: int | None = None  # which ready-made reason of the page (shown translated)
    flags: int = 0
    side: Literal["home", "visitors"] | None = None
    # a club deal (``hand`` is then the deal's number): the core's draft of the deal, a
    # partnership game's, or the form of a game played each for oneself (the form changes as
    # the leader taps: the draft holds the one being filled in)
    pairs: PartnershipDraft | None = None
    players: PlayersForm | None = None

    def fields(self) -> dict[str, str | int]:
        """A game played each for oneself: what is entered so far, by the record's fields."""
        return dict(self.players.draft.values) if self.players is not None else {}


class ScreenPresenter(screens.ScreenPresenter["LeaderPresenter", Any, Any]):
    """One screen's behaviour: its intents (what the leader taps) and its part of the view.

    It reads what the hub published from the console's :class:`~console.screens.store.Store`,
    goes to other pages through its :class:`~console.screens.router.Router`, and sends
    commands through the console (which also rebuilds the view after each intent).
    """

    store: Store
    router: Router

    def __init__(self, console: LeaderPresenter) -> None:
        super().__init__(console, console.store, console.router)
        self.console = console

    @property
    def tr(self) -> ConsoleTranslator:
        return self.console.tr

    def _intent(self) -> None:
        self.console._intent()

    def _id(self) -> str:
        return self.console._id()

    def _ask(self, command: Command) -> None:
        self.console._ask(command)

    def _send(self, command: Command) -> None:
        self.console._send(command)

    def results_missing(self) -> int:
        """The results missing from hands that are over, as the hub counts them (State)."""
        s = self.store.state
        return s.results_missing if s is not None else 0

    # ------------------------------------------------------------------ a form's reason
    def _presets(self) -> tuple[str, ...]:
        if self.router.mode is Screen.DEAL:
            return CLUB_REASONS
        if self.router.mode is Screen.CONFIRM:
            return REASONED.get(self.router.confirm_kind or "", ((), None))[0]
        return CORRECTION_REASONS if self.router.mode is Screen.CORRECT else PENALTY_REASONS

    def _preset(self) -> str | None:
        """The ready-made reason chosen on the page, in its English words (whist.reasons),
        or None when the reason is typed."""
        d, presets = self.router.draft, self._presets()
        if d is not None and d.preset is not None and d.preset < len(presets):
            return presets[d.preset]
        return None

    def _reason(self) -> str:
        """The reason as the page shows it: a ready-made one in the language on show."""
        preset = self._preset()
        return self.tr.t(preset) if preset is not None else self._sent_reason()

    def _sent_reason(self) -> str:
        """The reason as it is sent and recorded: a ready-made one in its English words,
        which every reader translates; a typed one as typed."""
        preset = self._preset()
        if preset is not None:
            return preset
        d = self.router.draft
        return d.reason if d is not None else ""

    def reason_preset(self, index: int) -> None:
        """One of the ready-made reasons (kept in the log in English, read in every language)."""
        if self.router.draft is not None and 0 <= index < len(self._presets()):
            self.router.draft = replace(self.router.draft, preset=index, reason="")
        self._changed()

    def set_reason(self, text: str) -> None:
        """Typed into the reason box."""
        if self.router.draft is not None and text != self._reason():
            self.router.draft = replace(self.router.draft, reason=text[:200], preset=None)
            self._changed()

    # ------------------------------------------------------------------ what a change does
    def _effect(self, command: PreviewedCommand) -> str:
        """What ``command`` would change, in names (issue 25, item 3): the hub's dry run,
        asked once per standings; a short wait line until it answers."""
        store = self.store
        seq = store.standings.seq if store.standings is not None else 0
        key = f"{seq}:{command.model_dump_json(exclude={'id', 'reason'})}"
        found = store.previews.get(key)
        if found is None:
            if key not in store.previews_asked.values() and store.connected:
                preview = Preview(id=self._id(), command=command)
                store.previews_asked[preview.id] = key
                self._send(preview)
            return self.tr.t("Working out what this changes…")
        if not isinstance(found, PreviewData):
            return self.console.replies.refused_text(found)
        teams = store.standings.teams if store.standings is not None else []
        return director.effect_text(self.tr, found, {t.team: t.name for t in teams})
