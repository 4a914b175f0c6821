"""The table's behaviour, with no window: state, intents, and the view-model of every screen.

A :class:`TablePresenter` is told what the hub says (``on_view`` — the table's view, which
the core computes and the hub publishes —, ``on_state``, ``on_ack``…, called on the UI
thread) and what the players do (intents: ``keypad(8)``,
``confirm_home()``, ``call_leader()``…). After each, it builds a new
:class:`~kiosk.viewmodel.ViewModel` and hands it to ``on_change``. The ``.kv`` files only
forward touches to intents; the hardware buttons of a later issue will call the same ones
(``increment``, ``decrement``, ``ok``, ``long_back`` are there for a three-button pad).

>>> from whist.protocol import Result
>>> class Link:
...     def submit(self, result): return True
...     def call_leader(self, reason=""): return True
>>> p = TablePresenter(7, link=Link())
>>> p.view.screen
<Screen.CONNECTING: 'connecting'>
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal, Protocol

from kiosk import words
from kiosk.club import ClubDesk, Party
from kiosk.count import REFUSED, CountDesk
from kiosk.i18n import N_, Translator, translator
from kiosk.outbox import OutboxError
from kiosk.screenchoice import ScreenChoice
from kiosk.viewmodel import (
    MAX_REVOKES,
    AcceptedVM,
    ButtonVM,
    ConfirmVM,
    ConnectingVM,
    EntryVM,
    HandVM,
    HeaderVM,
    JoinVM,
    MoveVM,
    PendingVM,
    RejectedVM,
    RevokesVM,
    Screen,
    SetupVM,
    ViewModel,
    WaitingVM,
    revoke_steps,
)
from uikit.config import ConfigProblem, Problem
from uikit.i18n import Language
from uikit.presenter import LanguageBase
from whist.formats import TRICKS, Format, HandOutcome
from whist.protocol import (
    Ack,
    ClubDeal,
    ClubScore,
    FlagCount,
    FormatInfo,
    RecordedResult,
    Result,
    Revokes,
    State,
    TableView,
)

#: Seconds a screen ignores taps after it appears: a finger already on its way to the old
#: screen's button must not press whatever the new screen put there.
TAP_GUARD = 0.5

#: Calling the leader with no connection: the offline band says it instead (one line).
_WAVE = N_("No connection: wave to the leader.")
SideName = Literal["home", "visitors"]
#: Makes the translator of a language (and a context: "manche" or None).
Translators = Callable[..., Translator]


class Link(Protocol):
    """What the presenter needs from the network (a :class:`kiosk.connection.KioskConnection`).

    ``submit`` stores the result durably before it returns (raising OutboxError if it
    cannot) and says whether it also went out now.
    """

    def submit(self, result: Result) -> bool: ...
    def submit_deal(self, deal: ClubDeal) -> bool: ...
    def call_leader(self, reason: str = "") -> bool: ...
    def submit_count(self, count: FlagCount) -> bool: ...


@dataclass(frozen=True)
class Draft:
    """A result being tapped in: the hand it is for and what has been chosen so far.

    >>> Draft(hand=5, visitor_tricks=8).with_revokes("home", 1).revokes_home
    1
    """

    hand: int
    visitor_tricks: int | None = None
    revokes_home: int = 0
    revokes_visitors: int = 0
    revoke_side: SideName = "home"
    home_agrees: bool = False
    visitors_agree: bool = False
    typed: bool = False  # the last value came from digit(): a second digit may follow

    def revokes(self, side: SideName) -> int:
        return self.revokes_home if side == "home" else self.revokes_visitors

    def with_revokes(self, side: SideName, count: int) -> Draft:
        """*count* revokes for *side* (kept within 0..13), which becomes the chosen side."""
        count = max(0, min(MAX_REVOKES, count))
        if side == "home":
            return replace(self, revokes_home=count, revoke_side=side)
        return replace(self, revokes_visitors=count, revoke_side=side)

    def agreed(self, side: SideName) -> Draft:
        if side == "home":
            return replace(self, home_agrees=True)
        return replace(self, visitors_agree=True)

    @classmethod
    def of(cls, result: Result) -> Draft:
        return cls(
            hand=result.hand,
            visitor_tricks=result.visitor_tricks,
            revokes_home=result.revokes.home,
            revokes_visitors=result.revokes.visitors,
        )


#: A result is being tapped in: on the hand's own keypad (HAND, once a number or a revoke
#: was chosen), the pad's or "Enter again"'s keypad (ENTRY), revokes, the confirm screen.
_ENTRY_FLOW = (Screen.HAND, Screen.ENTRY, Screen.REVOKES, Screen.CONFIRM)
_COUNT_FLOW = (Screen.COUNT, Screen.COUNT_CONFIRM)


class _Base(LanguageBase[ViewModel, Translator]):
    """The table kiosk's presenters: its catalog, its view-model, its language button."""

    def _language_button(self) -> ButtonVM:
        # TRANSLATORS: the language button shows the OTHER language, in that language:
        # "Français" on the English screen, "English" on the French one.
        return ButtonVM(self.tr._("Français"))


class TablePresenter(_Base):
    """One table's kiosk, from "connecting" to "go to table 9".

    >>> class Link:
    ...     def submit(self, result): return True
    ...     def call_leader(self, reason=""): return True
    >>> p = TablePresenter(7, link=Link(), language="en")
    >>> p.view.connecting.table
    'Table 7'
    """

    def __init__(
        self,
        table: int,
        *,
        link: Link,
        language: Language | None = None,
        translators: Translators = translator,
        address: str = "",
        pending: Sequence[Result | ClubDeal | FlagCount] = (),
        last: tuple[Result, str] | None = None,
        new_id: Callable[[], str] = lambda: str(uuid.uuid4()),
        clock: Callable[[], float] = time.monotonic,
        tap_guard: float = TAP_GUARD,
    ) -> None:
        super().__init__(language, translators)
        self.table = table
        self.clock = clock
        self.tap_guard = tap_guard
        self._shown: Screen | None = None  # the screen last drawn, and since when
        self._shown_at = float("-inf")
        self._keypad_screen = Screen.HAND  # where Change goes back to
        self._revokes_from = Screen.ENTRY  # where the revokes page's Done goes back to
        self.repeat: str = ""  # a msgid: what the confirm screen says to a second tap
        self.link = link
        self.address = address
        self._new_id = new_id
        self.connected = False
        self.hub_online: bool | None = None
        self.table_view: TableView | None = None  # what the hub holds for this table
        self.state: State | None = None
        self._last_played: TableView | None = None  # the latest view seen in play
        self.mode: Screen | None = None
        self.draft: Draft | None = None
        self.pending: dict[str, Result] = {r.id: r for r in pending if isinstance(r, Result)}
        deals = [d for d in pending if isinstance(d, ClubDeal)]
        # A club night's scorekeeper, once the hub says the night is a club game (or at once
        # when deals are still waiting in the outbox from before a restart).
        self.club: ClubDesk | None = (
            ClubDesk(table, link=link, pending=deals, new_id=new_id) if deals else None
        )
        # a day's end: the players' count of their flags (decision A19)
        counts = [c for c in pending if isinstance(c, FlagCount)]
        self.counting = CountDesk(table, link=link, new_id=new_id, pending=counts)
        self.watching: str | None = None  # the result the pending screen is about
        self.accepted: tuple[Result, Ack] | None = None
        self.rejected: tuple[Result | None, Ack] | None = None
        self.move: TableView | None = None  # the view of the hand whose moves are shown
        self._queued_move: TableView | None = None
        self.last = last
        self.reported_hands: set[int] = set()
        if last is not None and last[1] != "rejected":
            self.reported_hands.add(last[0].hand)
        self.call: Literal["none", "sent", "listed"] = "none"
        self.notice: str = ""  # a msgid shown once in the banner, cleared by the next intent
        self.error: str = ""  # a msgid shown on the confirm screen
        if self.pending:
            # Restarted with results not yet acked: say so first, they go out by themselves.
            self.mode = Screen.PENDING
            self.watching = list(self.pending)[-1]

    # ================================================================== what we know
    @property
    def rules(self) -> FormatInfo | None:
        """The format's answers, as the hub sent them (None until it has)."""
        if self.table_view is not None:
            return self.table_view.rules
        return self.state.rules if self.state is not None else None

    @property
    def unit(self) -> str:
        """``flags`` or ``points``: the words of the score."""
        return self.rules.unit if self.rules is not None else "flags"

    def _default_language(self) -> Language:
        # The format's own language (Gaspésie: French) unless kiosk.toml says otherwise.
        if self.state is not None and self.state.club is not None:
            return self.state.club.language
        return self.rules.language if self.rules is not None else "en"

    def _context(self) -> str | None:
        # The format's own wording where it differs ("manche", not "main"): kiosk.words.
        return self.rules.wording if self.rules is not None else None

    @property
    def screen(self) -> Screen:
        club = self.club
        if club is not None:
            return club.screen or Screen.CONNECTING
        if self.mode is not None:
            return self.mode
        if self.table_view is None:
            return Screen.CONNECTING
        if self._can_report():
            return Screen.HAND
        return Screen.WAITING

    def _reported(self, hand: int) -> bool:
        if hand in self.reported_hands or any(r.hand == hand for r in self.pending.values()):
            return True
        v = self.table_view
        return v is not None and v.hand == hand and v.reported

    def _can_report(self) -> bool:
        v = self.table_view
        return v is not None and v.phase == "playing" and not self._reported(v.hand)

    def _hand_closed(self, hand: int) -> bool:
        v = self.table_view
        return v is not None and v.hand == hand and v.phase == "closed"

    # ================================================================== from the network
    def on_connection(self, connected: bool) -> None:
        self.connected = connected
        self._changed()

    def on_hub_status(self, online: bool) -> None:
        self.hub_online = online
        self._changed()

    def on_view(self, view: TableView) -> None:
        """The table's view, as the hub holds it: every screen is drawn from the latest."""
        old = self.table_view
        self.table_view = view
        playing = view.phase == "playing"
        # A hand starts while we watch: a later hand, or the same one leaving "waiting". A
        # kiosk that boots mid-hand shows the hand itself: the moves were made long ago.
        starts = (
            old is not None
            and playing
            and (old.hand < view.hand or (old.hand == view.hand and old.phase != "playing"))
        )
        if starts:
            self._show_move(view)
        if view.phase in ("playing", "closed"):
            self._last_played = view
        if self.mode in _COUNT_FLOW and view.count is None:
            self.mode = None  # the next day has started: the table no longer counts
        draft = self.draft
        if draft is not None and self.mode in _ENTRY_FLOW and self._hand_closed(draft.hand):
            self.notice = N_("The leader closed this hand: call the leader to give your result.")
            self.mode, self.draft = None, None
        self._changed()

    def _show_move(self, move: TableView) -> None:
        if self.mode in _ENTRY_FLOW or self.mode is Screen.REJECTED:
            self._queued_move = move  # never throw away what the players are tapping in
        else:
            self.move, self.mode = move, Screen.MOVE

    def on_state(self, state: State) -> None:
        self.state = state
        if state.club is not None:
            self._desk().on_rules(state.club)
        if self.table in state.calling:
            self.call = "listed"
        elif self.call == "listed":
            self.call = "none"  # the leader has cleared the call
        self._changed()

    def _desk(self) -> ClubDesk:
        if self.club is None:
            self.club = ClubDesk(self.table, link=self.link, new_id=self._new_id)
        return self.club

    def on_score(self, score: ClubScore) -> None:
        """A club night: the table's score as the hub holds it (retained, after every deal,
        correction and the night's end)."""
        if score.table == self.table:
            self._desk().on_score(score)
            self._changed()

    def on_ack(self, ack: Ack, result: Result | ClubDeal | FlagCount | None) -> None:
        refused = self.counting.on_ack(ack, result)
        if refused is not None:  # an answer about a count: the view says what it decided
            if refused:
                self.notice = REFUSED
            self._changed()
            return
        if isinstance(result, FlagCount):
            return
        club = self.club
        if isinstance(result, ClubDeal) or (club is not None and ack.id in club.pending):
            if club is not None:
                club.on_ack(ack, result if isinstance(result, ClubDeal) else None)
                self._changed()
            return
        result = self.pending.pop(ack.id, None) or result
        if result is None:
            return  # an answer about a result this kiosk no longer knows: nothing to show
        if ack.status in ("accepted", "duplicate"):
            self.reported_hands.add(result.hand)
            self.last = (result, ack.status)
            if self.mode in (None, Screen.PENDING, Screen.WAITING):
                self.accepted, self.mode = (result, ack), Screen.ACCEPTED
            else:
                self.notice = N_("The result is recorded.")
        else:
            self.rejected = (result, ack)
            if self.mode in _ENTRY_FLOW:
                self.notice = N_("A result was not accepted: call the leader.")
            else:
                self.mode = Screen.REJECTED
        if self.watching == ack.id:
            self.watching = None
        self._changed()

    # ================================================================== intents
    def taps_open(self) -> bool:
        """Whether a tap now counts (False for ``tap_guard`` seconds after a screen change)."""
        return self.club is not None or self.clock() - self._shown_at >= self.tap_guard

    def _intent(self) -> bool:
        """A tap (or a pad's press) arrives: False when it must be ignored, because the
        screen changed under the finger a moment ago (club nights keep their own pace)."""
        if not self.taps_open():
            return False
        self.notice = ""
        if self.club is not None:
            self.club.intent()
        return True

    def _club(self, act: Callable[[ClubDesk], None]) -> bool:
        """A club night: the desk takes the intent (True), the view is rebuilt."""
        club = self.club
        if club is None:
            return False
        self._intent()
        act(club)
        self._changed()
        return True

    def enter_deal(self) -> None:
        """Club score screen: tap in the next deal."""
        self._club(lambda c: c.enter_deal())

    def pick(self, slot: int) -> None:
        """Club pick screen: the button ``slot`` (who played grand, the trump, the honours)."""
        self._club(lambda c: c.pick(slot))

    def enter_result(self) -> None:
        """Hand screen: open the keypad."""
        if self._club(lambda c: c.enter_deal()):
            return
        if not self._intent():
            return
        v = self.table_view
        if self.screen is Screen.HAND and v is not None:
            self.draft, self.mode, self.error = self._hand_draft(v.hand), Screen.ENTRY, ""
            self._keypad_screen = Screen.ENTRY
        self._changed()

    # ------------------------------------------------------------------ a day's count (A19)
    def count_flags(self) -> None:
        """Waiting screen, once a day has ended: count the flags (again)."""
        if not self._intent():
            return
        v = self.table_view
        if self.mode is None and v is not None and v.count is not None:
            self.counting.start()
            self.mode = Screen.COUNT
        self._changed()

    def count_key(self, d: int) -> None:
        """Count screen: one digit of the flags counted."""
        if self._intent() and self.mode is Screen.COUNT:
            self.counting.digit(d)
        self._changed()

    def count_erase(self) -> None:
        """Count screen: take back the last digit."""
        if self._intent() and self.mode is Screen.COUNT:
            self.counting.erase()
        self._changed()

    def count_next(self) -> None:
        """Count screen: on to "Is this right?"."""
        if self._intent() and self.mode is Screen.COUNT and self.counting.next():
            self.mode = Screen.COUNT_CONFIRM
        self._changed()

    def count_send(self) -> None:
        """Count confirm screen: the count goes to the outbox, then to the hub."""
        if not self._intent():
            return
        v = self.table_view
        if self.mode is Screen.COUNT_CONFIRM and v is not None and v.count is not None:
            try:
                self.counting.send(v.count.day)
            except OutboxError:
                self.notice = N_("This screen could not save the count. Please call the leader.")
                self.mode = Screen.COUNT
            else:
                self.mode = None
        self._changed()

    def _hand_draft(self, hand: int) -> Draft:
        # What the players chose on this hand's keypad so far (a number, revokes), or nothing.
        d = self.draft
        if d is not None and d.hand == hand:
            return replace(d, home_agrees=False, visitors_agree=False)
        return Draft(hand=hand)

    def keypad(self, visitor_tricks: int) -> None:
        """The visitors took this many tricks (0 to 13). On the hand screen the tap goes
        straight on to "Is this right?"; on the entry screen (pad, "Enter again") it selects."""
        if self._club(lambda c: c.keypad(visitor_tricks)):
            return
        if not self._intent():
            return
        v, counts = self.table_view, 0 <= visitor_tricks <= TRICKS
        if counts and self.screen is Screen.HAND and v is not None:
            draft = replace(self._hand_draft(v.hand), visitor_tricks=visitor_tricks, typed=False)
            self.draft, self.mode, self.error, self.repeat = draft, Screen.CONFIRM, "", ""
            self._keypad_screen = Screen.HAND
        elif counts and self.mode is Screen.ENTRY and self.draft is not None:
            self.draft = replace(self.draft, visitor_tricks=visitor_tricks, typed=False)
        self._changed()

    def digit(self, d: int) -> None:
        """A numeric keypad's digit: "1" then "2" makes 12; any other digit starts again."""
        if self._club(lambda c: c.digit(d)):
            return
        if not self._intent():
            return
        if self.mode is Screen.ENTRY and self.draft is not None and 0 <= d <= 9:
            v = self.draft.visitor_tricks
            value = 10 + d if self.draft.typed and v == 1 and 10 + d <= TRICKS else d
            self.draft = replace(self.draft, visitor_tricks=value, typed=True)
        self._changed()

    def increment(self) -> None:
        """One up: the visitors' tricks, or the chosen side's revokes."""
        self._step(+1)

    def decrement(self) -> None:
        """One down: the visitors' tricks, or the chosen side's revokes."""
        self._step(-1)

    def _step(self, delta: int) -> None:
        if self._club(lambda c: c.step_by(delta)):
            return
        if not self._intent():
            return
        d = self.draft
        if d is not None and self.mode is Screen.ENTRY:
            start = 7 if d.visitor_tricks is None else d.visitor_tricks + delta
            self.draft = replace(d, visitor_tricks=max(0, min(TRICKS, start)), typed=False)
        elif d is not None and self.mode is Screen.REVOKES:
            self._change_revokes(d.revoke_side, delta)
        self._changed()

    def open_revokes(self) -> None:
        """Hand, entry or confirm screen: the separate page for established revokes; Done
        comes back to where it was opened (agreements start again: the result changed)."""
        if self._club(lambda c: c.open_revokes()):
            return
        if not self._intent():
            return
        screen, v = self.screen, self.table_view
        if screen is Screen.HAND and v is not None:
            self.draft = self._hand_draft(v.hand)
        if screen in (Screen.HAND, Screen.ENTRY, Screen.CONFIRM) and self.draft is not None:
            self.draft = replace(
                self.draft, revoke_side="home", home_agrees=False, visitors_agree=False
            )
            self._revokes_from, self.mode, self.repeat = screen, Screen.REVOKES, ""
        self._changed()

    def add_revoke(self, side: SideName) -> None:
        if self._club(lambda c: c.change_revokes(_party(side), +1)):
            return
        if not self._intent():
            return
        if self.mode is Screen.REVOKES:
            self._change_revokes(side, +1)
        self._changed()

    def remove_revoke(self, side: SideName) -> None:
        if self._club(lambda c: c.change_revokes(_party(side), -1)):
            return
        if not self._intent():
            return
        if self.mode is Screen.REVOKES:
            self._change_revokes(side, -1)
        self._changed()

    def set_revokes(self, side: SideName, count: int) -> None:
        if self._club(lambda c: c.set_revokes(_party(side), count)):
            return
        if not self._intent():
            return
        if self.mode is Screen.REVOKES and self.draft is not None:
            self.draft = self.draft.with_revokes(side, count)
        self._changed()

    def _change_revokes(self, side: SideName, delta: int) -> None:
        d = self.draft
        if d is not None:
            self.draft = d.with_revokes(side, d.revokes(side) + delta)

    def select_side(self, side: SideName) -> None:
        """Revokes screen: which side ``increment``/``decrement`` change."""
        if self._club(lambda c: c.select_side(_party(side))):
            return
        if not self._intent():
            return
        if self.mode is Screen.REVOKES and self.draft is not None:
            self.draft = replace(self.draft, revoke_side=side)
        self._changed()

    def close_revokes(self) -> None:
        if self._club(lambda c: c.close_revokes()):
            return
        if not self._intent():
            return
        if self.mode is Screen.REVOKES:
            self.mode = self._revokes_from
        self._changed()

    def next(self) -> None:
        """Entry screen: on to the confirm screen, once a number is chosen."""
        if self._club(lambda c: c.next()):
            return
        if not self._intent():
            return
        d = self.draft
        if self.mode is Screen.ENTRY and d is not None and d.visitor_tricks is not None:
            self.draft = replace(d, home_agrees=False, visitors_agree=False)
            self.mode, self.error = Screen.CONFIRM, ""
        self._changed()

    def confirm_home(self) -> None:
        if self._club(lambda c: c.agree("NS")):
            return
        self._agree("home")

    def confirm_visitors(self) -> None:
        if self._club(lambda c: c.agree("EW")):
            return
        self._agree("visitors")

    def _agree(self, side: SideName) -> None:
        if not self._intent():
            return
        d = self.draft
        if self.mode is Screen.CONFIRM and d is not None:
            if d.home_agrees if side == "home" else d.visitors_agree:
                # Tapped twice, or by the wrong side: say whose tap is still missing.
                self.repeat = _ALREADY[side]
                self._changed()
                return
            d = d.agreed(side)
            self.draft, self.repeat = d, ""
            if d.home_agrees and d.visitors_agree:
                self._submit(d)
        self._changed()

    def _submit(self, d: Draft) -> None:
        assert d.visitor_tricks is not None
        result = Result(
            id=self._new_id(),
            hand=d.hand,
            table=self.table,
            visitor_tricks=d.visitor_tricks,
            home_tricks=TRICKS - d.visitor_tricks,
            revokes=Revokes(home=d.revokes_home, visitors=d.revokes_visitors),
        )
        try:
            self.link.submit(result)
        except OutboxError:
            # Not stored, so not "sent": keep the players on the confirm screen, say why.
            self.error = N_("This screen could not save the result. Please call the leader.")
            self.draft = replace(d, home_agrees=False, visitors_agree=False)
            return
        self.pending[result.id] = result
        self.watching = result.id
        self.mode, self.error = Screen.PENDING, ""

    def back(self) -> None:
        """One step back (the screen's Back or Change button)."""
        if self._club(lambda c: c.back()):
            return
        if not self._intent():
            return
        mode = self.mode
        if mode is Screen.REVOKES:
            self.mode = self._revokes_from
        elif mode in _COUNT_FLOW:
            self.mode = Screen.COUNT if mode is Screen.COUNT_CONFIRM else None
        elif mode is Screen.CONFIRM and self.draft is not None:
            # Change: back to the keypad the number came from, the number still selected.
            self.draft = replace(self.draft, home_agrees=False, visitors_agree=False)
            self.mode, self.repeat = self._keypad_screen, ""
        elif mode in (Screen.HAND, Screen.ENTRY, Screen.REJECTED, Screen.PENDING):
            self._leave_flow()
        elif mode in (Screen.ACCEPTED, Screen.MOVE):
            self.dismiss()
            return
        self._changed()

    def long_back(self) -> None:
        """Leave the result flow altogether (a long press on a hardware Back button)."""
        if self._club(lambda c: c.back()):
            return
        if not self._intent():
            return
        if self.mode in (*_ENTRY_FLOW, Screen.REJECTED, Screen.PENDING):
            self._leave_flow()
        elif self.mode in (Screen.ACCEPTED, Screen.MOVE):
            self.dismiss()
            return
        self._changed()

    def _leave_flow(self) -> None:
        self.mode, self.draft, self.error, self.repeat = None, None, "", ""
        self._take_queued_move()

    def dismiss(self) -> None:
        """Accepted or move screen: seen, done."""
        if not self._intent():
            return
        if self.mode in (Screen.ACCEPTED, Screen.MOVE):
            self.mode, self.accepted, self.move = None, None, None
            self._take_queued_move()
        self._changed()

    def _take_queued_move(self) -> None:
        if self._queued_move is not None and self.mode is None:
            self.move, self.mode = self._queued_move, Screen.MOVE
            self._queued_move = None

    def enter_again(self) -> None:
        """Refused screen: back to the keypad with the refused numbers filled in."""
        if self._club(lambda c: c.enter_again()):
            return
        if not self._intent():
            return
        if self.mode is Screen.REJECTED and self.rejected is not None:
            result, _ = self.rejected
            v = self.table_view
            if result is not None:
                self.draft = Draft.of(result)
            elif v is not None:
                self.draft = Draft(hand=v.hand)
            if self.draft is not None:
                self.mode, self._keypad_screen = Screen.ENTRY, Screen.ENTRY
            self.rejected = None
        self._changed()

    def ok(self) -> None:
        """The one obvious action of the screen (a hardware OK button)."""
        if self._club(lambda c: c.ok()):
            return
        screen = self.screen
        d = self.draft
        if screen is Screen.HAND:
            self.enter_result()
        elif screen is Screen.ENTRY:
            self.next()
        elif screen is Screen.REVOKES and d is not None:
            if d.revoke_side == "home":
                self.select_side("visitors")
            else:
                self.close_revokes()
        elif screen is Screen.CONFIRM and d is not None:
            if d.home_agrees:
                self.confirm_visitors()
            else:
                self.confirm_home()
        elif screen in (Screen.ACCEPTED, Screen.MOVE):
            self.dismiss()
        elif screen is Screen.REJECTED:
            self.enter_again()
        elif screen is Screen.COUNT:
            self.count_next()
        elif screen is Screen.COUNT_CONFIRM:
            self.count_send()

    def call_leader(self) -> None:
        """Ask for the leader; the banner says so until the leader clears the call."""
        if not self._intent():
            return
        if self.call == "none":
            if self.link.call_leader():
                self.call = "sent"
            else:
                self.notice = _WAVE
        self._changed()

    def flag_mismatch(self, counted: int | None, expected: int | None = None) -> None:
        """The table's flag counter (hardware) disagrees with the hub, and has for a while:
        tell the players and call the leader with both counts. ``counted`` None: they agree
        again."""
        if counted is None:
            return
        self.notice = N_(
            "The flags on this table do not match the recorded count: the leader has been called."
        )
        if self.call == "none" and self.link.call_leader(
            f"flag counter says {counted}, hub says {expected}"
        ):
            self.call = "sent"
        self._changed()

    @property
    def flags_here(self) -> int:
        """What an LED bar shows: the flags at this table or the team's points (the hub's).
        On a club night there are no flags: the games the table has finished tonight (both
        sides together, from the hub's ClubScore), one LED per game (docs/hardware.md)."""
        if self.club is not None:
            score = self.club.score
            return sum(party.games for party in score.parties) if score is not None else 0
        v = self.table_view
        return v.held if v is not None else 0

    @property
    def waiting_for_hub(self) -> bool:
        """A result (or a club night's deal) sent and not yet acknowledged: the LEDs blink."""
        return bool(self.pending) or (self.club is not None and bool(self.club.pending))

    # ================================================================== the view
    def _build(self) -> ViewModel:
        screen = self.screen
        if screen is not self._shown:
            self._shown, self._shown_at = screen, self.clock()
        vm = ViewModel(screen=screen, language=self.language, header=self._header(screen))
        if self.club is not None:
            return self._build_club(vm)
        builders: dict[Screen, Callable[[ViewModel], ViewModel]] = {
            Screen.CONNECTING: lambda v: replace(v, connecting=self._connecting()),
            Screen.WAITING: lambda v: replace(v, waiting=self._waiting()),
            Screen.HAND: lambda v: replace(v, hand=self._hand()),
            Screen.ENTRY: lambda v: replace(v, entry=self._entry()),
            Screen.REVOKES: lambda v: replace(v, revokes=self._revokes()),
            Screen.CONFIRM: lambda v: replace(v, confirm=self._confirm()),
            Screen.PENDING: lambda v: replace(v, pending=self._pending()),
            Screen.ACCEPTED: lambda v: replace(v, accepted=self._accepted()),
            Screen.REJECTED: lambda v: replace(v, rejected=self._rejected()),
            Screen.MOVE: lambda v: replace(v, move=self._move()),
            Screen.COUNT: lambda v: replace(v, count=self.counting.page(self.tr)),
            Screen.COUNT_CONFIRM: lambda v: replace(
                v, count_confirm=self.counting.confirm(self.tr)
            ),
        }
        return builders[screen](vm)

    def _build_club(self, vm: ViewModel) -> ViewModel:
        club, tr = self.club, self.tr
        assert club is not None
        call = self._call_button()
        online = self.connected and self.hub_online is not False
        builders: dict[Screen, Callable[[ViewModel], ViewModel]] = {
            Screen.CONNECTING: lambda v: replace(v, connecting=self._connecting()),
            Screen.CLUB_SCORE: lambda v: replace(v, club_score=club.score_vm(tr, call)),
            Screen.CLUB_PICK: lambda v: replace(v, club_pick=club.pick_vm(tr)),
            Screen.CLUB_PLAYERS: lambda v: replace(v, club_players=club.players_vm(tr, call)),
            Screen.CLUB_CHOOSE: lambda v: replace(v, club_choose=club.choose_vm(tr)),
            Screen.ENTRY: lambda v: replace(v, entry=club.entry_vm(tr)),
            Screen.REVOKES: lambda v: replace(v, revokes=club.revokes_vm(tr)),
            Screen.CONFIRM: lambda v: replace(v, confirm=club.confirm_vm(tr)),
            Screen.PENDING: lambda v: replace(v, pending=club.pending_vm(tr, online, call)),
            Screen.REJECTED: lambda v: replace(v, rejected=club.rejected_vm(tr, call)),
        }
        return builders[vm.screen](vm)

    def _header(self, screen: Screen) -> HeaderVM:
        tr = self.tr
        banner, role = self._banner(screen)
        offline = self._offline(screen)
        info = ""
        v = self.table_view
        if self.club is not None:
            info = self.club.header_info(tr)
        elif v is not None and v.phase != "waiting":
            info = words.hand_label(tr, v.hand, v.hands)
            info = tr._("{hand} · Day {day}").format(hand=info, day=v.day)
        return HeaderVM(
            title=tr._("Table {n}").format(n=self.table),
            info=info,
            banner="" if offline else banner,
            banner_role=role,
            offline=offline,
            language=self._language_button(),
        )

    def _offline(self, screen: Screen) -> str:
        """The band below the bar while the leader's computer cannot be reached (military
        and club nights alike): one line, in players' words (no "hub", no "kiosk"); the
        connecting screen says it in full itself."""
        if screen is Screen.CONNECTING or (self.connected and self.hub_online is not False):
            return ""
        if self.notice == _WAVE:
            return self.tr._(_WAVE)
        return self.tr._("No connection: your taps are kept.")

    def _banner(self, screen: Screen) -> tuple[str, str]:
        tr = self.tr
        if self.call != "none":
            return tr._("The leader has been called. Please wait at your table."), "banner-call"
        if self.notice:
            return tr._(self.notice), "banner-info"
        if self.club is not None:
            return self.club.banner(tr), "banner-info"
        waiting = len(self.pending)
        if waiting and screen is not Screen.PENDING:
            return tr.ngettext(
                "{n} result saved here, waiting to be confirmed.",
                "{n} results saved here, waiting to be confirmed.",
                waiting,
            ).format(n=waiting), "banner-info"
        return "", "banner-info"

    def _call_button(self) -> ButtonVM:
        tr = self.tr
        if self.call != "none":
            return ButtonVM(tr._("Leader called"), role="disabled", enabled=False)
        return ButtonVM(tr._("Call the leader"), role="call")

    def _connecting(self) -> ConnectingVM:
        tr = self.tr
        if not self.connected:
            message = tr._("Connecting to the leader's computer…")
        elif self.hub_online and self.club is not None:
            message = tr._("Waiting for this table's score…")
        elif self.hub_online:
            message = tr._("Waiting for this table's assignment…")
        else:
            message = tr._("Waiting for the leader's computer…")
        address = tr._("The leader's computer: {address}")
        detail = address.format(address=self.address) if self.address else ""
        return ConnectingVM(
            table=tr._("Table {n}").format(n=self.table),
            message=message,
            detail=detail,
            hint=tr._("This screen changes by itself."),
        )

    def _waiting(self) -> WaitingVM:
        tr = self.tr
        v = self.table_view
        assert v is not None
        unit = self.unit
        home = words.team(tr, v.home.team, v.home.name)
        score, label = str(v.held), words.held_label(tr, unit, v.held, home)
        day = v.day_result
        if day is not None:
            # The day (or the tournament) is over: the team's total and place, as recorded.
            title, day_total, place = words.day_lines(tr, unit, day)
            if day.final and v.ended_after is not None:
                title = words.ended_early_line(tr, v.ended_after)
            notes = (day_total, place, words.provisional_line(tr, v.results_missing))
            subtitle = "\n".join(n for n in notes if n)
            score, label = str(day.score), words.total_label(tr, unit, day.score)
        elif v.phase == "playing":
            title = tr._("This table's result is in.")
            subtitle = tr._("Waiting for the other tables.")
        elif v.phase == "closed":
            title = tr._("The leader has closed this hand.")
            subtitle = tr._("Waiting for the next hand.")
        else:
            title = tr._("Waiting for the next hand")
            subtitle = tr._("The leader starts it.")
        next_hand = ""
        if (day is not None and day.final) or v.count is not None:
            next_hand = ""  # at a day's end the count comes first (the screen has room for one)
        elif v.phase == "waiting":
            next_hand = tr._("Next: {hand}").format(hand=words.hand_label(tr, v.hand, v.hands))
        elif v.hand >= v.hands:
            next_hand = tr._("That was the last hand.")
        return WaitingVM(
            title=title,
            subtitle=subtitle,
            score=score,
            score_label=label,
            last_result=self._last_result_text(),
            next_hand=next_hand,
            # the count's button takes the tournament's place at a day's end
            tournament="" if v.count is not None else v.tournament,
            call=self._call_button(),
            count_line=self.counting.line(tr, v.count) if v.count is not None else "",
            count=self.counting.button(tr, v.count),
        )


    def _latest_result(self, role: str = "home") -> RecordedResult | None:
        """This table's newest result the hub holds (as home, or its travellers')."""
        v = self.table_view
        if v is None:
            return None
        return next((r for r in v.results if r.role == role), None)

    def _last_result_text(self) -> str:
        """The newest recorded result here, who entered it, what it means for the flags now,
        and any correction or loan the players must act on."""
        tr = self.tr
        v = self.table_view
        if v is None:
            return ""
        lines = []
        # At a day's end, or while the leader brings flags, only what must move: the
        # screen has room for little more, and the tricks no longer matter.
        moves_only = v.day_result is not None or v.to_bring > 0
        if v.to_bring and v.day_result is None:
            lines.append(words.bring_line(tr, v.to_bring))
        here = self._latest_result("home")
        if here is not None:
            to_do = words.hand_over(tr, here)
            if not (here.corrected and to_do) and not moves_only:
                # what the hand is worth, unless the flags to hand over below say it
                said = not to_do
                lines.append(words.result_line(tr, self.unit, here, with_outcome=said))
            lines += to_do
        for away in (r for r in v.results if r.role == "visitors"):
            lines += words.hand_over(tr, away)
        if v.day_result is None and v.loans and not v.to_bring:
            lines.append(words.loan_line(tr, v.loans[-1]))
        return "\n".join(lines)

    def _hand(self) -> HandVM:
        tr = self.tr
        v = self.table_view
        assert v is not None
        trump = v.trump
        d = self.draft if self.draft is not None and self.draft.hand == v.hand else None
        return HandVM(
            trump_symbol=words.trump_symbol(tr, trump),
            trump_name=words.trump_name(tr, trump),
            trump_role="card-red" if trump in words.RED_SUITS else "card-black",
            home=tr._("Home: {players}").format(players=words.pair(tr, v.home.players)),
            visitors=tr._("Visitors: {players} ({team})").format(
                players=words.pair(tr, v.visitors.players),
                team=words.team(tr, v.visitors.team, v.visitors.name),
            ),
            away=tr._("Our {players} play at table {table}").format(
                players=words.pair(tr, v.away.players), table=v.away.table
            ),
            # One line above the keypad: the hand screen has no room for the full question.
            question=tr._("Tricks the visitors took:"),
            keys=self._keys(d.visitor_tricks if d is not None else None),
            revokes=self._revokes_button(d),
            call=self._call_button(),
        )

    def _keys(self, chosen: int | None) -> tuple[ButtonVM, ...]:
        return tuple(
            ButtonVM(str(n), role="selected" if n == chosen else "normal")
            for n in range(TRICKS + 1)
        )

    def _revokes_button(self, d: Draft | None) -> ButtonVM:
        tr = self.tr
        revokes = d.revokes_home + d.revokes_visitors if d is not None else 0
        if revokes:
            return ButtonVM(tr._("Revokes: {n}").format(n=revokes), role="selected")
        return ButtonVM(tr._("Revokes"))

    def _entry(self) -> EntryVM:
        tr = self.tr
        d = self.draft
        assert d is not None
        v = d.visitor_tricks
        keys = self._keys(v)
        if v is None:
            readout = tr._("Tap the number of tricks the visitors took.")
        else:
            readout = tr._("Visitors {v} · Home {h}").format(v=v, h=TRICKS - v)
        revokes_button = self._revokes_button(d)
        return EntryVM(
            question=tr._("How many tricks did the visitors take?"),
            keys=keys,
            readout=readout,
            back=ButtonVM(tr._("Back")),
            revokes=revokes_button,
            next=ButtonVM(
                tr._("Next"),
                role="primary" if v is not None else "disabled",
                enabled=v is not None,
            ),
        )

    def _revokes(self) -> RevokesVM:
        tr = self.tr
        d = self.draft
        assert d is not None
        rules = self.rules
        rule = words.revoke_rule(tr, rules.revoke_penalty if rules is not None else "two_tricks")

        home_minus, home_plus = revoke_steps(d.revokes_home)
        visitors_minus, visitors_plus = revoke_steps(d.revokes_visitors)

        return RevokesVM(
            title=tr._("Established revokes"),
            rule=rule,
            home_label=tr._("Home"),
            home_role="highlight" if d.revoke_side == "home" else "text",
            home_count=str(d.revokes_home),
            visitors_label=tr._("Visitors"),
            visitors_role="highlight" if d.revoke_side == "visitors" else "text",
            visitors_count=str(d.revokes_visitors),
            home_minus=home_minus,
            home_plus=home_plus,
            visitors_minus=visitors_minus,
            visitors_plus=visitors_plus,
            done=ButtonVM(tr._("Done"), role="primary"),
        )

    def _confirm(self) -> ConfirmVM:
        tr = self.tr
        d = self.draft
        assert d is not None and d.visitor_tricks is not None
        v, rh, rv = d.visitor_tricks, d.revokes_home, d.revokes_visitors
        preview = self._preview(v, rh, rv)
        said = words.outcome(tr, self.unit, preview)
        why = words.outcome_reason(tr, preview)
        revokes = words.revokes_line(tr, rh, rv)
        return ConfirmVM(
            title=tr._("Is this right?"),
            tricks=words.tricks_line(tr, v),
            revokes="\n".join(line for line in (revokes, why) if line),
            outcome=said,
            note=tr._(self.repeat or _STILL_TO_AGREE[d.home_agrees, d.visitors_agree]),
            note_role="bad" if self.repeat else "text",
            error=tr._(self.error) if self.error else "",
            # worded alike, before and after the tap: "Home: agree", "✓ Home: agreed"
            home=ButtonVM(tr._("✓ Home: agreed"), role="done")
            if d.home_agrees
            else ButtonVM(tr._("Home: agree"), role="primary"),
            visitors=ButtonVM(tr._("✓ Visitors: agreed"), role="done")
            if d.visitors_agree
            else ButtonVM(tr._("Visitors: agree"), role="primary"),
            back=ButtonVM(tr._("Change")),
        )

    def _preview(
        self, visitor_tricks: int, revokes_home: int, revokes_visitors: int
    ) -> HandOutcome:
        """What the result being typed in will be worth: the format's own rule (whist.formats),
        asked before sending; once recorded, the hub's view says what counts."""
        rules = self.rules
        assert rules is not None  # a result is only typed in once the hub's view has come
        return Format(rules.name).rules.outcome(visitor_tricks, revokes_home, revokes_visitors)

    def _summary(self, result: Result) -> str:
        tr = self.tr
        v = result.visitor_tricks
        text = tr._("Hand {n}: visitors {v}, home {h}")
        summary = text.format(n=result.hand, v=v, h=TRICKS - v)
        revokes = words.revokes_line(tr, result.revokes.home, result.revokes.visitors)
        return f"{summary}\n{revokes}" if revokes else summary

    def _pending(self) -> PendingVM:
        tr = self.tr
        result = self.pending.get(self.watching or "") or next(
            iter(reversed(self.pending.values())), None
        )
        if self.connected and self.hub_online is not False:
            status = tr._("Sent. Waiting for the leader's computer to confirm…")
        else:
            status = tr._(
                "The leader's computer cannot be reached right now. The result is safe "
                "here and goes out by itself."
            )
        return PendingVM(
            title=tr._("Result saved"),
            summary=self._summary(result) if result is not None else "",
            status=status,
            call=self._call_button(),
        )

    def _accepted(self) -> AcceptedVM:
        tr = self.tr
        assert self.accepted is not None
        result, _ack = self.accepted
        recorded = self._latest_result("home")
        if recorded is not None and recorded.hand == result.hand:
            # What the hub holds for this hand (it may already be a leader's correction).
            # the tricks (and revokes); what they are worth is said once, in big type below
            outcome = words.result_line(tr, self.unit, recorded, with_outcome=False)
            if self.unit == "flags":
                lines = words.hand_over(tr, recorded)
                instruction = "\n".join(lines) or tr._("Home keeps its flags: nothing to give.")
            else:
                instruction = words.outcome(tr, self.unit, recorded)
        else:
            outcome, instruction = self._summary(result), ""
        v = self.table_view
        detail = ""
        if v is not None:
            home = words.team(tr, v.home.team, v.home.name)
            detail = words.score_now(tr, self.unit, v.held, home)
        if v is not None and v.to_bring:  # first the flags the table does not have
            instruction = "\n".join(p for p in (words.bring_line(tr, v.to_bring), instruction) if p)
            outcome, detail = "", words.too_few_line(tr)
        return AcceptedVM(
            title=tr._("Result recorded ✓"),
            outcome=outcome,
            instruction=instruction,
            detail=detail,
            ok=ButtonVM(tr._("OK"), role="primary"),
        )

    def _rejected(self) -> RejectedVM:
        tr = self.tr
        assert self.rejected is not None
        result, ack = self.rejected
        reason = words.refusal(tr, ack.code)
        return RejectedVM(
            title=tr._("This result was not accepted"),
            summary=self._summary(result) if result is not None else "",
            reason=reason if reason is not None else tr._("The leader's computer says:"),
            hub_reason="" if reason is not None else (ack.reason or ""),
            again=ButtonVM(tr._("Enter again"), role="primary"),
            call=self._call_button(),
        )

    def _move(self) -> MoveVM:
        tr = self.tr
        assert self.move is not None
        new = self.move
        # The trump rides in the title: with five moves to list (Gaspésie) every line counts.
        title = tr._("Hand {n} — {trump}")
        return MoveVM(
            title=title.format(n=new.hand, trump=words.trump_line(tr, new.trump)),
            lines="\n".join(words.move_lines(tr, new.moves)),
            ok=ButtonVM(tr._("OK, show the hand"), role="primary"),
        )


#: What a second tap on an agreed side's button hears.
_ALREADY: dict[SideName, str] = {
    "home": N_("Home has agreed already: now the visitors."),
    "visitors": N_("The visitors have agreed already: now home."),
}


#: The confirm screen's note: whose tap is still missing (home agreed, visitors agreed).
_STILL_TO_AGREE: dict[tuple[bool, bool], str] = {
    (False, False): N_("Each side taps its own button."),
    (True, False): N_("Home agreed. Now the visitors."),
    (False, True): N_("The visitors agreed. Now home."),
    (True, True): "",
}


def _party(side: SideName) -> Party:
    # The shared revokes page names its two sides home and visitors; at a club table the
    # first is North-South, the second East-West.
    return "NS" if side == "home" else "EW"


# ====================================================================== set-up
_PROBLEMS = {
    "unreadable": N_("The file cannot be read: {detail}"),
    "syntax": N_("The file is not valid TOML: {detail}"),
    "missing": N_("“{key}” is missing."),
    "unknown_key": N_("“{key}” is not a setting this screen knows."),
    "whole_number": N_("“{key}” must be a whole number."),
    "text": N_("“{key}” must be a text in quotes."),
    "true_false": N_("“{key}” must be true or false."),
    "too_small": N_("“{key}” must be at least {limit}."),
    "too_large": N_("“{key}” must be at most {limit}."),
    "empty": N_("“{key}” must not be empty."),
    "choice": N_("“{key}” must be one of {limit}."),
    "bad_root": N_("“{key}” must be a topic root such as whist."),
    "login_pair": N_("“username” and “password” go together: give both or neither."),
    "table_expected": N_("“{key}” must be a table, like [hardware]."),
    "other": N_("“{key}” is not valid: {detail}"),
    "data_dir": N_("“{key}”: this screen cannot keep its results in {detail}."),
}

#: The set-up screen lists at most this many lines of problems (the last says how many more).
MAX_PROBLEMS = 5
#: What the leader runs to make a kiosk.toml (hub/cli.py's ``credentials`` command).
PROVISION_COMMAND = "whist-hub credentials DATA --table N --out kiosk.toml"

# ====================================================================== joining the hall
#: The join code's length (hub/broker/provision.py makes six digits).
JOIN_CODE_DIGITS = 6
#: Table numbers go up to 999.
JOIN_TABLE_DIGITS = 3

#: ``joiner(table, code, done)`` starts joining in the background and calls
#: ``done(problem, detail)`` on the UI thread when it is over (problem None: joined).
Joiner = Callable[[int, str, Callable[[str | None, str], None]], None]

_JOIN_PROBLEMS = {
    "no_hub": N_("The leader's computer was not found. Is it on, on this network?"),
    "wrong_code": N_("Wrong join code: check the leader's screen."),
    # {detail}: the seconds the hub asks this screen to wait.
    "too_many": N_("Too many tries from this screen: wait {detail} seconds, then try again."),
    "expired": N_("This join code has expired: ask the leader for a new one."),
    "busy": N_("The leader's computer is busy: wait a minute, then try again."),
    "bad_table": N_("This tournament has no table {table}."),
    "unreachable": N_("The leader's computer did not answer: try again."),
    "refused": N_("The leader's computer said no: {detail}"),
    "cannot_write": N_("The settings could not be saved: {detail}"),
}


class SetupPresenter(_Base):
    """The set-up screen: what is wrong with kiosk.toml, where it goes, how to make one.

    >>> from pathlib import Path
    >>> p = SetupPresenter(ConfigProblem(Path("/etc/kiosk.toml"), [Problem("missing", "host")]))
    >>> p.view.setup.problems
    '“host” is missing.'
    """

    def __init__(
        self,
        problem: ConfigProblem,
        *,
        language: Language | None = None,
        translators: Translators = translator,
        joiner: Joiner | None = None,
        screen: ScreenChoice | None = None,
    ) -> None:
        super().__init__(language, translators)
        self.problem = problem
        self.joiner = joiner
        #: The choice of screen (its size, which way up), offered when the app can save it.
        self.screen = screen or ScreenChoice(None, saver=None)
        self.choosing_screen = False
        # Joining: None (the set-up page), "table", "code", "working" or "done".
        self.join_step: str | None = None
        self.join_table = ""
        self.join_code = ""
        self.join_problem: tuple[str, str] | None = None

    # ------------------------------------------------------------------ joining
    def start_join(self) -> None:
        """The set-up page's "Join the hall": type the table number, then the join code."""
        if self.joiner is None:
            return
        self.join_step, self.join_table, self.join_code = "table", "", ""
        self.join_problem = None
        self._changed()

    def join_key(self, digit: int) -> None:
        if not 0 <= digit <= 9:
            return
        self.join_problem = None  # typing again: the last refusal no longer applies
        if self.join_step == "table" and len(self.join_table) < JOIN_TABLE_DIGITS:
            self.join_table = (self.join_table + str(digit)).lstrip("0")
        elif self.join_step == "code" and len(self.join_code) < JOIN_CODE_DIGITS:
            self.join_code += str(digit)
        else:
            return
        self._changed()

    def join_erase(self) -> None:
        if self.join_step == "table":
            self.join_table = self.join_table[:-1]
        elif self.join_step == "code":
            self.join_code = self.join_code[:-1]
        self._changed()

    def join_next(self) -> None:
        if self.join_step == "table" and self.join_table:
            self.join_step = "code"
        elif (
            self.join_step == "code"
            and len(self.join_code) == JOIN_CODE_DIGITS
            and self.joiner is not None
        ):
            self.join_step, self.join_problem = "working", None
            self.joiner(int(self.join_table), self.join_code, self.join_finished)
        else:
            return
        self._changed()

    def join_cancel(self) -> None:
        """One step back: from the code to the table number, from there to the set-up page."""
        if self.join_step == "working":
            return
        self.join_step = "table" if self.join_step == "code" else None
        self.join_problem = None
        self._changed()

    def join_finished(self, problem: str | None, detail: str = "") -> None:
        """The joiner's answer (on the UI thread). Joined: the kiosk starts by itself as soon
        as it sees its new kiosk.toml."""
        if self.join_step != "working":
            return
        if problem is None:
            self.join_step = "done"
        else:
            self.join_step, self.join_code = "code", ""
            if problem == "bad_table":
                self.join_step = "table"
            self.join_problem = (problem, detail)
        self._changed()

    def _join_view(self) -> JoinVM:
        tr = self.tr
        step = self.join_step
        table = self.join_table or "_"
        if step == "table":
            prompt = tr._("Table number: {table}").format(table=table)
            status, role = tr._("Type this table's number, then Next."), "text"
        else:
            shown = " ".join(self.join_code.ljust(JOIN_CODE_DIGITS, "_"))
            prompt = tr._("Table {table} · code: {code}").format(table=table, code=shown)
            status, role = tr._("Type the join code shown on the leader's screen."), "text"
        if step == "working":
            status, role = tr._("Looking for the leader's computer…"), "highlight"
        elif step == "done":
            status, role = tr._("Joined. This screen is starting…"), "good"
        elif self.join_problem is not None:
            kind, detail = self.join_problem
            template = _JOIN_PROBLEMS.get(kind, _JOIN_PROBLEMS["refused"])
            status, role = tr._(template).format(table=table, detail=detail), "bad"
        typing = step in ("table", "code")
        full = (
            len(self.join_table) >= JOIN_TABLE_DIGITS
            if step == "table"
            else len(self.join_code) >= JOIN_CODE_DIGITS
        )
        ready = (
            bool(self.join_table) if step == "table" else (len(self.join_code) == JOIN_CODE_DIGITS)
        )
        return JoinVM(
            title=tr._("Join the hall"),
            prompt=prompt,
            status=status,
            status_role=role,
            keys=tuple(ButtonVM(str(d), enabled=typing and not full) for d in range(10)),
            cancel=ButtonVM(tr._("Back"), enabled=step != "working", visible=step != "done"),
            erase=ButtonVM(tr._("Erase"), enabled=typing, visible=step != "done"),
            next=ButtonVM(
                tr._("Join") if step == "code" else tr._("Next"),
                role="primary",
                enabled=typing and ready,
                visible=step != "done",
            ),
        )

    # ------------------------------------------------------------------ the screen
    def open_screen_choice(self) -> None:
        if self.screen.offered and self.join_step is None:
            self.choosing_screen = True
            self._changed()

    def choose_screen(self, index: int) -> None:
        self.screen.choose(index)
        self._changed()

    def close_screen_choice(self) -> None:
        self.choosing_screen = False
        self.screen.problem = ""
        self._changed()

    @property
    def not_joined(self) -> bool:
        """No kiosk.toml, or one with nothing but this screen's settings (the choice of
        screen writes them before the kiosk has joined): a new kiosk, not a wrong file."""
        problems = self.problem.problems
        return self.problem.missing or (
            all(p.kind == "missing" for p in problems)
            and {p.key for p in problems} == {"table", "host"}
        )

    def update(self, problem: ConfigProblem) -> None:
        """The file changed but is still not right."""
        self.problem = problem
        self._changed()

    def _problem_text(self, p: Problem) -> str:
        template = _PROBLEMS.get(p.kind, _PROBLEMS["other"])
        return self.tr._(template).format(key=p.key, limit=p.limit, detail=p.detail)

    def _build(self) -> ViewModel:
        tr = self.tr
        problem = self.problem
        if self.choosing_screen:
            return ViewModel(
                screen=Screen.SCREEN_CHOICE,
                language=self.language,
                header=HeaderVM(title=tr._("Setting up"), language=self._language_button()),
                screen_choice=self.screen.view(tr),
            )
        if self.join_step is not None:
            return ViewModel(
                screen=Screen.JOIN,
                language=self.language,
                header=HeaderVM(title=tr._("Setting up"), language=self._language_button()),
                join=self._join_view(),
            )
        new = self.not_joined
        if new:
            title = tr._("This screen is not set up yet")
            # Nothing is wrong with a new kiosk: the way in is the leader's code.
            lines = [] if self.joiner is not None else [tr._("There is no settings file.")]
        else:
            title = tr._("The settings file has a problem")
            lines = [self._problem_text(p) for p in problem.problems]
            if len(lines) > MAX_PROBLEMS:
                more = len(lines) - (MAX_PROBLEMS - 1)
                lines = [
                    *lines[: MAX_PROBLEMS - 1],
                    tr.ngettext("…and {n} more problem.", "…and {n} more problems.", more).format(
                        n=more
                    ),
                ]
        return ViewModel(
            screen=Screen.SETUP,
            language=self.language,
            header=HeaderVM(title=tr._("Setting up"), language=self._language_button()),
            setup=SetupVM(
                title=title,
                problems="\n".join(lines),
                # A volunteer at a new kiosk needs the leader's code, not a file or a command
                # (docs/install-pi.md keeps the settings-file way for whoever installs).
                file=""
                if new and self.joiner is not None
                else tr._("Settings file: {path}").format(path=_home(problem.path)),
                how=tr._("Ask the leader for the join code, then tap the green button.")
                if new and self.joiner is not None
                else tr._("Make one on the leader's computer with:")
                if new
                else (
                    tr._("Fix it, or join the hall again with the leader's code.")
                    if self.joiner is not None
                    else tr._("Fix it, or make a new one on the leader's computer with:")
                ),
                command=PROVISION_COMMAND if self.joiner is None else "",
                then=tr._("Copy it here: the screen then starts by itself.")
                if new and self.joiner is None
                else "",
                join=ButtonVM(
                    tr._("Join with the leader's code"),
                    role="primary",
                    visible=self.joiner is not None,
                ),
                screen=ButtonVM(self.screen.button_text(tr), visible=self.screen.offered),
            ),
        )


def _home(path: Path) -> str:
    # ~/.config/… is shorter to read than /home/pi/.config/…
    try:
        return "~/" + str(path.relative_to(Path.home()))
    except ValueError:
        return str(path)
