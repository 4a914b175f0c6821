"""The table's behaviour, with no window: the store, the router, one presenter per screen.

A :class:`TablePresenter` is told what the hub says (``on_view`` — the table's view, which
the core computes and the hub publishes —, ``on_state``, ``on_ack``…, called on the UI
thread) and what the players do (intents: ``keypad(8)``, ``confirm_home()``,
``call_leader()``…). What the hub said goes into the store
(:class:`~kiosk.screens.store.TableStore`); which page is on show is the router's
(:class:`~kiosk.screens.router.TableRouter`); each intent goes to the presenter of the screen
on show (``kiosk/screens/<screen>.py``), or on a club night to the table's
:class:`~kiosk.club.ClubDesk`. After each, it builds a new
:class:`~kiosk.viewmodel.ViewModel` and hands it to ``on_change``. The ``.kv`` files only
forward touches to intents; the hardware buttons call the same ones (``increment``,
``decrement``, ``ok``, ``long_back`` are there for a three-button pad).

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
from pathlib import Path
from typing import Protocol

from kiosk import notices, words
from kiosk.club import ClubDesk, Party
from kiosk.count import CountDesk
from kiosk.i18n import N_, Translator, translator
from kiosk.screenchoice import ScreenChoice
from kiosk.screens.base import KioskScreen
from kiosk.screens.call import WAVE, CallScreen
from kiosk.screens.clubentry import (
    ClubChooseScreen,
    ClubConfirmScreen,
    ClubEntryScreen,
    ClubPickScreen,
    ClubRevokesScreen,
)
from kiosk.screens.clubrules import ClubRulesScreen
from kiosk.screens.clubscore import ClubPlayersScreen, ClubScoreScreen, banner, header_info
from kiosk.screens.clubsent import ClubPendingScreen, ClubRejectedScreen
from kiosk.screens.confirm import ConfirmScreen
from kiosk.screens.connecting import ConnectingScreen
from kiosk.screens.count import CountConfirmScreen, CountScreen
from kiosk.screens.entry import EntryScreen
from kiosk.screens.hand import HandScreen
from kiosk.screens.move import MoveScreen
from kiosk.screens.result import AcceptedScreen, PendingScreen, RejectedScreen
from kiosk.screens.revokes import RevokesScreen
from kiosk.screens.router import COUNT_FLOW, ENTRY_FLOW, Draft, SideName, TableRouter
from kiosk.screens.store import Call, TableStore
from kiosk.screens.waiting import WaitingScreen
from kiosk.viewmodel import (
    ButtonVM,
    HeaderVM,
    JoinVM,
    Screen,
    SetupVM,
    ViewModel,
)
from uikit.clockwords import ClockFace
from uikit.config import ConfigProblem, Problem
from uikit.i18n import Language
from uikit.presenter import LanguageBase
from whist.enums import AckStatus, Phase
from whist.protocol import (
    Ack,
    ClubDeal,
    ClubScore,
    FlagCount,
    FormatInfo,
    Result,
    State,
    TableView,
)
from whist.protocol.messages import CallTopic

#: Seconds a screen ignores taps after it appears: a finger already on its way to the old
#: screen's button must not press whatever the new screen put there.
TAP_GUARD = 0.5

#: Makes the translator of a language (and a context: "manche" or None).
Translators = Callable[..., Translator]


class Link(Protocol):
    """What the presenter needs from the network (a :class:`kiosk.connection.KioskConnection`).

    ``submit`` stores the result durably before it returns (raising OutboxError if it
    cannot) and says whether it also went out now.
    """

    def submit(self, result: Result) -> bool: ...
    def submit_deal(self, deal: ClubDeal) -> bool: ...
    def call_leader(self, reason: str = "", topic: CallTopic | None = None) -> bool: ...
    def submit_count(self, count: FlagCount) -> bool: ...


class _Base(LanguageBase[ViewModel, Translator]):
    """The table kiosk's presenters: its catalog, its view-model, its language button."""

    def _language_button(self) -> ButtonVM:
        # TRANSLATORS: the language button shows the OTHER language, in that language:
        # "Français" on the English screen, "English" on the French one.
        return ButtonVM(self.tr.t("Français"))


class TablePresenter(_Base):
    """One table's kiosk, from "connecting" to "go to table 9": the hub's news in, the
    store, the router, and each screen's presenter (``p.screens[Screen.HAND]``…).

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
        event: str | None = None,
        new_id: Callable[[], str] = lambda: str(uuid.uuid4()),
        clock: Callable[[], float] = time.monotonic,
        tap_guard: float = TAP_GUARD,
    ) -> None:
        super().__init__(language, translators)
        self.table = table
        self.clock = clock
        #: The room's clock, read in the hub's time (this kiosk's own clock may be wrong).
        self.clock_face = ClockFace(clock)
        self._clock_said = ("", False)
        self.tap_guard = tap_guard
        self._shown: Screen | None = None  # the screen last drawn, and since when
        self._shown_at = float("-inf")
        self.link = link
        self.address = address
        self.new_id = new_id
        self.store = store = TableStore()
        self.router = router = TableRouter()
        store.pending = {r.id: r for r in pending if isinstance(r, Result)}
        deals = [d for d in pending if isinstance(d, ClubDeal)]
        # A club night's scorekeeper, once the hub says the night is a club game (or at once
        # when deals are still waiting in the outbox from before a restart).
        self.club: ClubDesk | None = (
            ClubDesk(table, link=link, pending=deals, new_id=new_id) if deals else None
        )
        # a day's end: the players' count of their flags (decision A19)
        counts = [c for c in pending if isinstance(c, FlagCount)]
        self.counting = CountDesk(table, link=link, new_id=new_id, pending=counts)
        store.last = last
        store.event = event  # the tournament ``last`` belongs to (Outbox.last_settled_log)
        if last is not None and last[1] != AckStatus.REJECTED:
            store.reported_hands.add(last[0].hand)
        if store.pending:
            # Restarted with results not yet acked: say so first, they go out by themselves.
            router.mode = Screen.PENDING
            router.watching = list(store.pending)[-1]
        # one presenter per screen: a tournament's, and a club night's
        self.count = CountScreen(self)
        self.count_confirm = CountConfirmScreen(self)
        connecting = ConnectingScreen(self)
        self.screens: dict[Screen, KioskScreen] = {
            Screen.CONNECTING: connecting,
            Screen.WAITING: WaitingScreen(self),
            Screen.HAND: HandScreen(self),
            Screen.ENTRY: EntryScreen(self),
            Screen.REVOKES: RevokesScreen(self),
            Screen.CONFIRM: ConfirmScreen(self),
            Screen.PENDING: PendingScreen(self),
            Screen.ACCEPTED: AcceptedScreen(self),
            Screen.REJECTED: RejectedScreen(self),
            Screen.MOVE: MoveScreen(self),
            Screen.COUNT: self.count,
            Screen.COUNT_CONFIRM: self.count_confirm,
            Screen.CALL: CallScreen(self),
        }
        self.club_screens: dict[Screen, KioskScreen] = {
            Screen.CONNECTING: connecting,
            Screen.CLUB_SCORE: ClubScoreScreen(self),
            Screen.CLUB_PICK: ClubPickScreen(self),
            Screen.CLUB_PLAYERS: ClubPlayersScreen(self),
            Screen.CLUB_CHOOSE: ClubChooseScreen(self),
            Screen.CLUB_RULES: ClubRulesScreen(self),
            Screen.ENTRY: ClubEntryScreen(self),
            Screen.REVOKES: ClubRevokesScreen(self),
            Screen.CONFIRM: ClubConfirmScreen(self),
            Screen.PENDING: ClubPendingScreen(self),
            Screen.REJECTED: ClubRejectedScreen(self),
        }
        self._nothing = KioskScreen(self)  # a club night's intents go to its desk instead

    # ================================================================== what we know
    # What the hub said (the store) and the page on show (the router), by their old names.
    @property
    def table_view(self) -> TableView | None:
        return self.store.table_view

    @property
    def state(self) -> State | None:
        return self.store.state

    @property
    def pending(self) -> dict[str, Result]:
        return self.store.pending

    @property
    def last(self) -> tuple[Result, str] | None:
        return self.store.last

    @property
    def call(self) -> Call:
        return self.store.call

    @property
    def connected(self) -> bool:
        return self.store.connected

    @property
    def hub_online(self) -> bool | None:
        return self.store.hub_online

    @property
    def mode(self) -> Screen | None:
        return self.router.mode

    @property
    def draft(self) -> Draft | None:
        return self.router.draft

    @property
    def notice(self) -> str:
        return self.router.notice

    @property
    def rules(self) -> FormatInfo | None:
        """The format's answers, as the hub sent them (None until it has)."""
        return self.store.rules

    @property
    def unit(self) -> str:
        """``flags`` or ``points``: the words of the score."""
        return self.store.unit

    def _default_language(self) -> Language:
        # The format's own language (Gaspésie: French) unless kiosk.toml says otherwise.
        state = self.store.state
        if state is not None and state.club is not None:
            return state.club.language
        return self.rules.language if self.rules is not None else "en"

    def _context(self) -> str | None:
        # The format's own wording where it differs ("manche", not "main"): kiosk.words.
        return self.rules.wording if self.rules is not None else None

    @property
    def screen(self) -> Screen:
        club = self.club
        if club is not None:
            return club.screen or Screen.CONNECTING
        if self.router.mode is not None:
            return self.router.mode
        if self.store.table_view is None:
            return Screen.CONNECTING
        if self.store.can_report():
            return Screen.HAND
        return Screen.WAITING

    @property
    def on_show(self) -> KioskScreen:
        """The presenter of the screen on show (a club night's intents go to its desk)."""
        if self.club is not None:
            return self._nothing
        return self.screens[self.screen]

    # ================================================================== from the network
    def on_connection(self, connected: bool) -> None:
        self.store.connected = connected
        self._changed()

    def on_hub_status(self, online: bool) -> None:
        self.store.hub_online = online
        self._changed()

    def on_view(self, view: TableView) -> None:
        """The table's view, as the hub holds it: every screen is drawn from the latest."""
        store, router = self.store, self.router
        old = store.table_view
        store.table_view = view
        late = view.late_change
        if late is None:
            store.before_late = None
        elif old is not None and old.late_change != late:
            # the leader changed this team's numbers after its day: "2 → 3 flags"
            day = old.day_result
            store.before_late = day.score if day is not None and old.day == view.day else None
        playing = view.phase == Phase.PLAYING
        # A hand starts while we watch: a later hand, or the same one leaving "waiting". A
        # kiosk that boots mid-hand shows the hand itself: the moves were made long ago.
        starts = (
            old is not None
            and playing
            and (old.hand < view.hand or (old.hand == view.hand and old.phase != Phase.PLAYING))
        )
        if starts:
            router.show_move(view)
        if view.phase in (Phase.PLAYING, Phase.CLOSED):
            store.last_played = view
        if router.mode in COUNT_FLOW and view.count is None:
            router.mode = None  # the next day has started: the table no longer counts
        draft = router.draft
        if draft is not None and router.mode in ENTRY_FLOW and store.hand_closed(draft.hand):
            router.notice = notices.HAND_CLOSED
            router.mode, router.draft = None, None
        self._changed()

    def on_event(self, log: str) -> None:
        """The tournament the hub holds (Epoch.log), said at every connection."""
        if self.store.on_event(log):
            self.router.another_event()
            if self.club is not None:
                self.club.on_another_night()
            self._changed()

    def on_state(self, state: State) -> None:
        self.store.state = state
        self.clock_face.on_state(state)
        if state.club is not None:
            self._desk().on_rules(state.club)
        if self.table in state.calling:
            self.store.call = "listed"
        elif self.store.call == "listed":
            self.store.call = "none"  # the leader has cleared the call
        self._changed()

    def _desk(self) -> ClubDesk:
        if self.club is None:
            self.club = ClubDesk(self.table, link=self.link, new_id=self.new_id)
        return self.club

    def on_score(self, score: ClubScore) -> None:
        """A club night: the table's score as the hub holds it (retained, after every deal,
        correction and the night's end)."""
        if score.table == self.table:
            self._desk().on_score(score)
            self._changed()

    def on_ack(self, ack: Ack, result: Result | ClubDeal | FlagCount | None) -> None:
        store, router = self.store, self.router
        refused = self.counting.on_ack(ack, result)
        if refused is not None:  # an answer about a count: the view says what it decided
            if refused:
                router.notice = notices.COUNT_REFUSED
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
        result = store.pending.pop(ack.id, None) or result
        if result is None:
            return  # an answer about a result this kiosk no longer knows: nothing to show
        if ack.status in (AckStatus.ACCEPTED, AckStatus.DUPLICATE):
            store.reported_hands.add(result.hand)
            store.last = (result, ack.status)
            if router.mode in (None, Screen.PENDING, Screen.WAITING):
                store.accepted, router.mode = (result, ack), Screen.ACCEPTED
            else:
                router.notice = notices.RESULT_RECORDED
        else:
            store.rejected = (result, ack)
            if router.mode in ENTRY_FLOW:
                router.notice = notices.RESULT_REFUSED
            else:
                router.mode = Screen.REJECTED
        if router.watching == ack.id:
            router.watching = None
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
        self.router.notice = ""
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

    def _tap(
        self, act: Callable[[KioskScreen], None], club: Callable[[ClubDesk], None] | None = None
    ) -> None:
        """An intent: to the club night's desk, or to the presenter of the screen on show."""
        if club is not None and self._club(club):
            return
        if not self._intent():
            return
        act(self.on_show)
        self._changed()

    def enter_deal(self) -> None:
        """Club score screen: tap in the next deal."""
        self._club(lambda c: c.enter_deal())

    def open_rules(self) -> None:
        """Club score screen: the night's rules, at any time (Back returns)."""
        self._club(lambda c: c.open_rules())

    def more_rules(self) -> None:
        """Club rules page: the next page."""
        self._club(lambda c: c.more_rules())

    def pick(self, slot: int) -> None:
        """Club pick screen: the button ``slot`` (who played grand, the trump, the honours)."""
        self._club(lambda c: c.pick(slot))

    def enter_result(self) -> None:
        """Hand screen: open the keypad."""
        self._tap(lambda s: s.enter_result(), lambda c: c.enter_deal())

    def keypad(self, visitor_tricks: int) -> None:
        """The visitors took this many tricks (0 to 13). On the hand screen the tap goes
        straight on to "Is this right?"; on the entry screen (pad, "Enter again") it selects."""
        self._tap(lambda s: s.keypad(visitor_tricks), lambda c: c.keypad(visitor_tricks))

    def digit(self, d: int) -> None:
        """A numeric keypad's digit: "1" then "2" makes 12; any other digit starts again."""
        self._tap(lambda s: s.digit(d), lambda c: c.digit(d))

    def increment(self) -> None:
        """One up: the visitors' tricks, or the chosen side's revokes."""
        self._tap(lambda s: s.step(+1), lambda c: c.step_by(+1))

    def decrement(self) -> None:
        """One down: the visitors' tricks, or the chosen side's revokes."""
        self._tap(lambda s: s.step(-1), lambda c: c.step_by(-1))

    def open_revokes(self) -> None:
        """Hand, entry or confirm screen: the separate page for established revokes; Done
        comes back to where it was opened (agreements start again: the result changed)."""
        self._tap(lambda s: s.open_revokes(), lambda c: c.open_revokes())

    def add_revoke(self, side: SideName) -> None:
        self._tap(
            lambda s: s.change_revokes(side, +1), lambda c: c.change_revokes(_party(side), +1)
        )

    def remove_revoke(self, side: SideName) -> None:
        self._tap(
            lambda s: s.change_revokes(side, -1), lambda c: c.change_revokes(_party(side), -1)
        )

    def set_revokes(self, side: SideName, count: int) -> None:
        self._tap(
            lambda s: s.set_revokes(side, count), lambda c: c.set_revokes(_party(side), count)
        )

    def select_side(self, side: SideName) -> None:
        """Revokes screen: which side ``increment``/``decrement`` change."""
        self._tap(lambda s: s.select_side(side), lambda c: c.select_side(_party(side)))

    def close_revokes(self) -> None:
        self._tap(lambda s: s.close_revokes(), lambda c: c.close_revokes())

    def next(self) -> None:
        """Entry screen: on to the confirm screen, once a number is chosen."""
        self._tap(lambda s: s.next(), lambda c: c.next())

    def confirm_home(self) -> None:
        self._tap(lambda s: s.agree("home"), lambda c: c.agree("NS"))

    def confirm_visitors(self) -> None:
        self._tap(lambda s: s.agree("visitors"), lambda c: c.agree("EW"))

    def back(self) -> None:
        """One step back (the screen's Back or Change button)."""
        self._tap(lambda s: s.back(), lambda c: c.back())

    def long_back(self) -> None:
        """Leave the result flow altogether (a long press on a hardware Back button)."""
        self._tap(lambda s: s.long_back(), lambda c: c.back())

    def dismiss(self) -> None:
        """Accepted or move screen: seen, done."""
        self._tap(lambda s: s.dismiss())

    def enter_again(self) -> None:
        """Refused screen: back to the keypad with the refused numbers filled in."""
        self._tap(lambda s: s.enter_again(), lambda c: c.enter_again())

    # ------------------------------------------------------------------ a day's count (A19)
    def count_flags(self) -> None:
        """Waiting screen, once a day has ended: count the flags (again)."""
        self._tap(lambda _: self.count.start())

    def count_key(self, d: int) -> None:
        """Count screen: one digit of the flags counted."""
        if self._intent():
            self.count.key(d)
        self._changed()

    def count_erase(self) -> None:
        """Count screen: take back the last digit."""
        if self._intent():
            self.count.erase()
        self._changed()

    def count_next(self) -> None:
        """Count screen: on to "Is this right?"."""
        if self._intent():
            self.count.next()
        self._changed()

    def count_send(self) -> None:
        """Count confirm screen: the count goes to the outbox, then to the hub."""
        self._tap(lambda _: self.count_confirm.send())

    def ok(self) -> None:
        """The one obvious action of the screen (a hardware OK button)."""
        if self._club(lambda c: c.ok()):
            return
        screen = self.screen
        d = self.router.draft
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
        elif screen is Screen.CALL:
            self.call_send()

    @property
    def calling(self) -> CallScreen:
        screen = self.screens[Screen.CALL]
        assert isinstance(screen, CallScreen)
        return screen

    def call_leader(self) -> None:
        """The call button: a page asks why, and the call goes once confirmed
        (``call_reason``, ``call_send``); the banner then says so until the leader clears it."""
        if self.club is not None:
            # a club night's screens keep their one-tap call
            if self._intent() and self.store.call == "none":
                if self.link.call_leader():
                    self.store.call = "sent"
                else:
                    self.router.notice = WAVE
            self._changed()
            return
        self._tap(lambda _: self.calling.open())

    def call_reason(self, index: int) -> None:
        """Call page: the reason ``index`` (a misdeal, a revoke question, something else)."""
        self._tap(lambda _: self.calling.choose(index) if self.screen is Screen.CALL else None)

    def call_send(self) -> None:
        """Call page: call the leader now, for the reason chosen."""
        self._tap(lambda _: self.calling.send() if self.screen is Screen.CALL else None)

    def flag_mismatch(self, counted: int | None, expected: int | None = None) -> None:
        """The table's flag counter (hardware) disagrees with the hub, and has for a while:
        tell the players and call the leader with both counts. ``counted`` None: they agree
        again."""
        if counted is None:
            return
        self.router.notice = notices.FLAGS_DIFFER
        if self.store.call == "none" and self.link.call_leader(
            f"flag counter says {counted}, hub says {expected}"
        ):
            self.store.call = "sent"
        self._changed()

    @property
    def flags_here(self) -> int:
        """What an LED bar shows: the flags at this table or the team's points (the hub's).
        On a club night there are no flags: the games the table has finished tonight (both
        sides together, from the hub's ClubScore), one LED per game (docs/hardware.md)."""
        if self.club is not None:
            score = self.club.score
            return sum(party.games for party in score.parties) if score is not None else 0
        v = self.store.table_view
        return v.held if v is not None else 0

    @property
    def waiting_for_hub(self) -> bool:
        """A result (or a club night's deal) sent and not yet acknowledged: the LEDs blink."""
        return bool(self.store.pending) or (self.club is not None and bool(self.club.pending))

    def tick(self) -> None:
        """Once a second (the app's timer): the view again when the clock's words change."""
        if clock_line(self.clock_face, self.table, self.tr) != self._clock_said:
            self._changed()

    # ================================================================== the view
    def _build(self) -> ViewModel:
        screen = self.screen
        if screen is not self._shown:
            self._shown, self._shown_at = screen, self.clock()
        vm = ViewModel(screen=screen, language=self.language, header=self._header(screen))
        screens = self.club_screens if self.club is not None else self.screens
        return screens[screen].view(vm)

    def _header(self, screen: Screen) -> HeaderVM:
        tr = self.tr
        banner_text, role, banner_short = self._banner(screen)
        offline = self._offline(screen)
        info = info_short = ""
        v = self.store.table_view
        if self.club is not None:
            info, info_short = header_info(tr, self.club)
        elif v is not None and v.phase != Phase.WAITING:
            info_short = words.hand_label(tr, v.hand, v.hands)
            # "Day 1" kept together: the upright bar wraps before the day's number otherwise
            info = words.tie_end(tr.t("{hand} · Day {day}").format(hand=info_short, day=v.day))
        self._clock_said = clock_line(self.clock_face, self.table, self.tr)
        # away from the hub, its clock is not shown (the offline band says why instead)
        clock, over = self._clock_said if self.store.online else ("", False)
        return HeaderVM(
            clock=clock,
            clock_over=over,
            title=tr.t("Table {n}").format(n=self.table),
            info=info,
            info_short=info_short,
            banner="" if offline[0] else banner_text,
            banner_short="" if offline[0] else banner_short,
            banner_role=role,
            offline=offline[0],
            offline_short=offline[1],
            language=self._language_button(),
        )

    def _offline(self, screen: Screen) -> tuple[str, str]:
        """The band below the bar while the leader's computer cannot be reached (military
        and club nights alike), and its shorter wording for a narrow band: one line, in
        players' words (no "hub", no "kiosk"); the connecting screen says it in full."""
        tr = self.tr
        if screen is Screen.CONNECTING or self.store.online:
            return "", ""
        if self.router.notice == WAVE:
            return tr.t(WAVE), tr.t("Wave to the leader.")
        return tr.t("No connection: your taps are kept."), tr.t("No connection: all kept.")

    def _banner(self, screen: Screen) -> tuple[str, str, str]:
        """The banner, its role, and its one line at the reading type where it has one (the
        call, the banner players see most)."""
        tr = self.tr
        if self.store.call != "none":
            return (
                tr.t("The leader has been called. Please wait at your table."),
                "banner-call",
                tr.t("Leader called: please wait."),
            )
        if self.router.notice:
            notice = self.router.notice
            return tr.t(notice), "banner-info", notices.short(tr, notice)
        if self.club is not None:
            text, short = banner(tr, self.club)
            return text, "banner-info", short
        waiting = len(self.store.pending)
        if waiting and screen is not Screen.PENDING:
            text, short = notices.saved_results(tr, waiting)
            return text, "banner-info", short
        return "", "banner-info", ""


def clock_line(face: ClockFace, table: int, tr: Translator) -> tuple[str, bool]:
    """The clock's words while ``table`` still plays the timed hand, and whether it is over
    time."""
    if face.clock is None or table not in face.clock.playing:
        return "", False
    return face.words(tr), face.over()


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
            prompt = tr.t("Table number: {table}").format(table=table)
            status, role = tr.t("Type this table's number, then Next."), "text"
        else:
            shown = " ".join(self.join_code.ljust(JOIN_CODE_DIGITS, "_"))
            prompt = tr.t("Table {table} · code: {code}").format(table=table, code=shown)
            status, role = tr.t("Type the join code shown on the leader's screen."), "text"
        if step == "working":
            status, role = tr.t("Looking for the leader's computer…"), "highlight"
        elif step == "done":
            status, role = tr.t("Joined. This screen is starting…"), "good"
        elif self.join_problem is not None:
            kind, detail = self.join_problem
            template = _JOIN_PROBLEMS.get(kind, _JOIN_PROBLEMS["refused"])
            status, role = tr.t(template).format(table=table, detail=detail), "bad"
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
            title=tr.t("Join the hall"),
            prompt=prompt,
            status=status,
            status_role=role,
            keys=tuple(ButtonVM(str(d), enabled=typing and not full) for d in range(10)),
            cancel=ButtonVM(tr.t("Back"), enabled=step != "working", visible=step != "done"),
            erase=ButtonVM(tr.t("Erase"), enabled=typing, visible=step != "done"),
            next=ButtonVM(
                tr.t("Join") if step == "code" else tr.t("Next"),
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
        return self.tr.t(template).format(key=p.key, limit=p.limit, detail=p.detail)

    def _build(self) -> ViewModel:
        tr = self.tr
        problem = self.problem
        if self.choosing_screen:
            return ViewModel(
                screen=Screen.SCREEN_CHOICE,
                language=self.language,
                header=HeaderVM(title=tr.t("Setting up"), language=self._language_button()),
                screen_choice=self.screen.view(tr),
            )
        if self.join_step is not None:
            return ViewModel(
                screen=Screen.JOIN,
                language=self.language,
                header=HeaderVM(title=tr.t("Setting up"), language=self._language_button()),
                join=self._join_view(),
            )
        new = self.not_joined
        if new:
            title = tr.t("This screen is not set up yet")
            # Nothing is wrong with a new kiosk: the way in is the leader's code.
            lines = [] if self.joiner is not None else [tr.t("There is no settings file.")]
        else:
            title = tr.t("The settings file has a problem")
            lines = [self._problem_text(p) for p in problem.problems]
            if len(lines) > MAX_PROBLEMS:
                more = len(lines) - (MAX_PROBLEMS - 1)
                lines = [
                    *lines[: MAX_PROBLEMS - 1],
                    tr.nt("…and {n} more problem.", "…and {n} more problems.", more).format(
                        n=more
                    ),
                ]
        return ViewModel(
            screen=Screen.SETUP,
            language=self.language,
            header=HeaderVM(title=tr.t("Setting up"), language=self._language_button()),
            setup=SetupVM(
                title=title,
                problems="\n".join(lines),
                # A volunteer at a new kiosk needs the leader's code, not a file or a command
                # (docs/install-pi.md keeps the settings-file way for whoever installs).
                file=""
                if new and self.joiner is not None
                else tr.t("Settings file: {path}").format(path=_home(problem.path)),
                how=tr.t("Ask the leader for the join code, then tap the green button.")
                if new and self.joiner is not None
                else tr.t("Make one on the leader's computer with:")
                if new
                else (
                    tr.t("Fix it, or join the hall again with the leader's code.")
                    if self.joiner is not None
                    else tr.t("Fix it, or make a new one on the leader's computer with:")
                ),
                command=PROVISION_COMMAND if self.joiner is None else "",
                then=tr.t("Copy it here: the screen then starts by itself.")
                if new and self.joiner is None
                else "",
                join=ButtonVM(
                    tr.t("Join with the leader's code"),
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
