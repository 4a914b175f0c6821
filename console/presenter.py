"""The leader's console, with no window: the store, the router, one presenter per screen.

A :class:`LeaderPresenter` is told what the hub says (``on_state``, ``on_standings``,
``on_reply``…, called on the UI thread) and keeps it in its
:class:`~console.screens.store.Store`; which page is on show is its
:class:`~console.screens.router.Router`'s. What the leader does goes to the presenter of the
screen on show (``p.start.open_start()``, ``p.start.choose_trump("hearts")``,
``p.tables.open_table(7)``…, one module each in :mod:`console.screens`). After each it builds
a new :class:`~console.viewmodel.ViewModel` and hands it to ``on_change``. The ``.kv`` files
only forward touches to their screen's presenter.

Commands are whist.protocol's typed commands (:class:`~whist.protocol.StartHand`…); they
go out through a :class:`Link` (:class:`uikit.connection.ConsoleConnection`) that resends
them with the same id until their Reply comes. Each Reply's data is read into its typed
model (:data:`whist.protocol.REPLIES`); the presenter shows what is still being sent, then
the hub's answer in plain words. The format's answers (unit, loans, penalties, tie-breaks)
come from ``State.rules``: no screen asks which format it is.

>>> class Link:
...     def new_id(self): return "c-1"
...     def send(self, command): return command.id
>>> p = LeaderPresenter(link=Link(), language="en")
>>> p.view.screen
<Screen.CONNECTING: 'connecting'>
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from console import director, words
from console.i18n import translator
from console.screens.base import Link, clock_time
from console.screens.clock import ClockPresenter
from console.screens.confirm import ConfirmPresenter
from console.screens.connecting import ConnectingPresenter
from console.screens.correct import CorrectPresenter
from console.screens.counts import CountsPresenter
from console.screens.deal import DealPresenter
from console.screens.deals import DealsPresenter
from console.screens.loan import LoanPresenter
from console.screens.loans import LoansPresenter
from console.screens.night import NightPresenter
from console.screens.penalty import PenaltyPresenter
from console.screens.replies import Replies
from console.screens.router import Router
from console.screens.setup import SetupPresenter
from console.screens.sheets import SheetsPresenter
from console.screens.standings import StandingsPresenter
from console.screens.start import StartPresenter
from console.screens.store import Store
from console.screens.table import TablePresenter
from console.screens.tables import TablesPresenter
from console.screens.tiebreak import TieBreakPresenter
from console.viewmodel import (
    HeaderVM,
    Screen,
    TabsVM,
    ViewModel,
)
from uikit.clockwords import ClockFace
from uikit.common import (
    Base,
    Translators,
    hand_label,
    language_button_text,
    trump_line,
)
from uikit.games import night_name
from uikit.i18n import Language
from uikit.viewmodel import HIDDEN, ButtonVM
from whist.enums import Phase
from whist.protocol import (
    Assignment,
    Command,
    Deals,
    JoinCodeQuery,
    Joins,
    Loans,
    NightStandings,
    Plan,
    Reply,
    Results,
    Standings,
    StandingsChanges,
    State,
    Ties,
)

__all__ = ["LeaderPresenter", "Link", "SetupPresenter"]


class LeaderPresenter(Base[ViewModel]):
    """The whole console, from "connecting" to the final standings: the hub's news in, the
    store, the router, and each screen's presenter (``p.tables``, ``p.start``…)."""

    def __init__(
        self,
        *,
        link: Link,
        language: Language | None = None,
        translators: Translators = translator,
        address: str = "",
        file_exists: Callable[[str], bool] = lambda path: Path(path).is_file(),
        clock: Callable[[], float] = time.time,
        steady: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(language, translators)
        self.link = link
        self.clock = clock  # when the hub went away, for the banner (issue 25, item 11)
        self.address = address
        self.file_exists = file_exists
        self._asked: set[tuple[str, int]] = set()  # queries on their way, to ask once
        self.store = Store()
        self.router = Router(self.store)
        self.replies = Replies(self)
        self.connecting = ConnectingPresenter(self)
        self.tables = TablesPresenter(self)
        self.start = StartPresenter(self)
        self.confirm = ConfirmPresenter(self)
        self.table = TablePresenter(self)
        self.correct = CorrectPresenter(self)
        self.loan = LoanPresenter(self)
        self.loans = LoansPresenter(self)
        self.penalty = PenaltyPresenter(self)
        self.night = NightPresenter(self)
        self.deals = DealsPresenter(self)
        self.deal = DealPresenter(self)
        self.standings = StandingsPresenter(self)
        self.counts = CountsPresenter(self)
        self.tiebreak = TieBreakPresenter(self)
        self.sheets = SheetsPresenter(self)
        #: The room's clock, read in the hub's time (issue 26); the bar on every screen.
        self.clock_face = ClockFace(steady)
        self.room_clock = ClockPresenter(self)
        self._clock_said = ""

    @property
    def screen(self) -> Screen:
        return self.router.screen

    @property
    def connected(self) -> bool:
        """Connected to the hub's broker (as every screen app's presenter says)."""
        return self.store.connected

    def _default_language(self) -> Language:
        # The format's own language (Gaspésie: French) unless the settings say otherwise.
        rules = self.store.state.rules if self.store.state is not None else None
        return rules.language if rules is not None else "en"

    def _context(self) -> str | None:
        # The format's own wording where it differs ("manche", not "main").
        rules = self.store.state.rules if self.store.state is not None else None
        return rules.wording if rules is not None else None

    def _id(self) -> str:
        return self.link.new_id()

    @staticmethod
    def _key(command: Command) -> tuple[str, int]:
        """What a query is about, so that it is asked once: (op, hand * 10000 + table)."""
        hand = getattr(command, "hand", None) or 0
        table = getattr(command, "table", None) or 0
        return (command.op, hand * (10_000 if command.op == "results" else 1) + table)

    def forget(self, command: Command) -> None:
        """Ask ``command`` again when next wanted, though an answer may be on its way."""
        self._asked.discard(self._key(command))

    def _ask(self, command: Command) -> None:
        key = self._key(command)
        if key in self._asked or not self.store.connected:
            return
        self._asked.add(key)
        self._send(command)

    def _send(self, command: Command) -> None:
        command_id = self.link.send(command)
        self.replies.sending[command_id] = command

    def want_plan(self) -> None:
        s = self.store.state
        nxt = self.store.next_hand()
        if s is not None and s.club is None and 0 < nxt <= s.hands and nxt not in self.store.plans:
            self._ask(Plan(id=self._id(), hand=nxt))

    def want_results(self, hand: int, *, fresh: bool = False) -> None:
        """Ask for the open table's results in *hand* (again if *fresh*)."""
        t = self.router.table
        if t is None or hand < 1:
            return
        command = Results(id=self._id(), hand=hand, table=t)
        if fresh:
            self.store.results.pop((hand, t), None)
            self.forget(command)
        if (hand, t) not in self.store.results:
            self._ask(command)

    def want_deals(self, table: int, *, fresh: bool = False) -> None:
        command = Deals(id=self._id(), table=table)
        if fresh:
            self.forget(command)
        self._ask(command)

    def _table_status(self, state: State | None) -> tuple[object, ...]:
        t = self.router.table
        if state is None or t is None:
            return ()
        return (state.hand, state.phase, t in state.reported, t in state.conflicts)

    def on_connection(self, connected: bool) -> None:
        self.store.connected = connected
        self._away(not connected)
        if connected:
            self._asked.clear()  # answers lost with the connection are asked for again
            self.want_plan()
        self._changed()

    def on_hub_status(self, online: bool) -> None:
        self.store.hub_online = online
        self._away(not online)
        self._changed()

    def _away(self, away: bool) -> None:
        """Note when the hub went away (the first moment), and forget it once it is back: the
        last picture stays on show meanwhile, with the time it is from (issue 25, item 11)."""
        if away and self.store.away_since is None and self.store.state is not None:
            self.store.away_since = self.clock()
        elif not away and self.store.connected and self.store.hub_online is not False:
            self.store.away_since = None

    def tick(self) -> None:
        """Once a second (the app's timer): the clock's bar again when its words change, the
        rest of the view as it was (a hall of 500 tables is not rebuilt every second)."""
        bar = self.room_clock.build()
        if bar.text == self._clock_said or self._view is None:
            return
        self._clock_said = bar.text
        self._view = replace(self._view, clock=bar)
        if self.on_change is not None:
            self.on_change(self._view)

    def on_state(self, state: State) -> None:
        old = self.store.state
        self.store.state = state
        self.clock_face.on_state(state)
        # Only the open table's news matters: a hall of 500 tables changes State all the time.
        stale = self._table_status(old) != self._table_status(state)
        if old is None or old.hand != state.hand:
            self.store.plans.pop(state.hand, None)
            if self.router.table is not None and self.router.table_hand == (old.hand if old else 0):
                self.router.table_hand = state.hand
        self.want_plan()
        if (
            self.router.mode in (Screen.TABLE, Screen.CORRECT, Screen.PENALTY)
            and self.router.table is not None
        ):
            self.want_results(self.router.table_hand, fresh=stale)
        if self.router.mode is Screen.LOANS and (old is None or old.to_bring != state.to_bring):
            self._ask(Loans(id=self._id()))
        if self.router.mode is Screen.COUNTS and (old is None or old.counts != state.counts):
            self.counts.want_counts()  # a table's kiosk sent its count (rules A19)
        self._changed()

    def on_standings(self, standings: Standings) -> None:
        self.store.standings = standings
        self._changed()

    def on_night(self, night: NightStandings) -> None:
        old = self.store.night
        if old is not None and night.seq and night.seq < old.seq:
            return
        self.store.night = night
        t = self.router.table
        if t is not None and self.router.mode in (Screen.DEALS, Screen.DEAL):
            played = next((x.deals for x in night.tables if x.table == t), 0)
            if len(self.store.club_deals.get(t, [])) != played or (old and old.seq != night.seq):
                self.want_deals(t, fresh=True)
        self._changed()

    def on_reply(self, reply: Reply, command: Any) -> None:
        """The hub's answer to a command: kept in the store (a query) or said in the message
        bar (:class:`~console.screens.replies.Replies`)."""
        self.replies.on_reply(reply, command)

    def on_changes(self, changes: StandingsChanges) -> None:
        # The full Standings follow within a quarter of a second; the console waits for them.
        pass

    def on_assignment(self, assignment: Assignment) -> None:
        self.store.assignments[assignment.table] = assignment
        if (
            self.router.mode in (Screen.TABLE, Screen.LOAN)
            and assignment.table == self.router.table
        ):
            self._changed()

    def _intent(self) -> None:
        self.replies.message = (None, "message-ok")

    def show(self, tab: str) -> None:
        """One of the bottom tabs: "tables", "standings", "tiebreak", "sheets"."""
        self._intent()
        self.router.show(Screen(tab))
        if self.router.tab is Screen.TIEBREAK:
            self._ask(Ties(id=self._id()))
        elif self.router.tab is Screen.SHEETS:
            if self.store.join is None:
                self._ask(JoinCodeQuery(id=self._id()))
            self._ask(Joins(id=self._id()))
        self._changed()

    def back(self) -> None:
        """Leave the page on show: a form goes back to its table, the rest to the tab."""
        self._intent()
        self.router.back()
        self._changed()

    def _header(self) -> HeaderVM:
        tr = self.tr
        s = self.store.state
        info = ""
        if s is not None and s.club is not None:
            info = tr.t("The night is over.") if s.finished else self.night.game_line(s.club)
        elif s is not None and s.ended_after is not None:
            info = tr.t("Play ended after hand {n}.").format(n=s.ended_after)
        elif s is not None and s.hand >= s.hands and s.phase != Phase.PLAYING:
            info = tr.t("Every hand has been played.")
        elif s is not None:
            parts = [hand_label(tr, s.hand, s.hands)]
            if s.days > 1:
                parts.append(tr.t("Day {d} of {days}").format(d=s.day, days=s.days))
            if s.hand:
                parts.append(trump_line(tr, s.trump))
            info = " · ".join(parts)
        banner, role = "", "banner-offline"
        since = self.store.away_since
        if not self.store.connected and since is not None:  # the last picture, said so
            banner = tr.t("The hub has been away since {time}; what you see is from then.").format(
                time=clock_time(since)
            )
        elif not self.store.connected:
            banner = tr.t("No connection to the hub's network. Trying again…")
        elif self.store.hub_online is False and since is not None:
            banner = tr.t("The hub has been offline since {time}: commands wait.").format(
                time=clock_time(since)
            )
        elif self.store.hub_online is False:
            banner = tr.t("The hub is offline: commands wait and go out when it is back.")
        elif s is not None and s.calling:
            banner = tr.nt(
                "Table {tables} is calling you.", "Tables {tables} are calling you.", len(s.calling)
            ).format(tables=words.tables_list(s.calling, 8))
            role = "banner-info" if s.finished else "banner-call"  # over: calm, nothing to play
        elif s is not None and s.recovered:  # the tables gave back what the hub's log lost
            banner, role = director.recovered(tr, s.recovered) + ".", "banner-info"
        return HeaderVM(
            tournament=night_name(tr.t, s) if s is not None else "",
            info=info,
            banner=banner,
            banner_role=role,
            language=ButtonVM(language_button_text(tr)),
        )

    def _tabs(self) -> TabsVM:
        tr = self.tr
        on = self.router.tab

        def tab(screen: Screen, text: str) -> ButtonVM:
            return ButtonVM(text, role="tab-on" if on is screen else "tab")

        club = self.store.club is not None
        return TabsVM(
            tables=tab(Screen.TABLES, tr.t("Tables")),
            standings=tab(Screen.STANDINGS, tr.t("Standings")),
            # a club night has no tie-breaks: equal partnerships share their place
            tiebreaks=HIDDEN if club else tab(Screen.TIEBREAK, tr.t("Tie-breaks")),
            sheets=tab(Screen.SHEETS, tr.t("Sheets & kiosks")),
        )

    # ================================================================== the view
    def _build(self) -> ViewModel:
        screen = self.screen
        vm = ViewModel(
            screen=screen,
            language=self.language,
            header=self._header(),
            message=self.replies.bar(),
            tabs=self._tabs(),
            clock=self.room_clock.build(),
        )
        self._clock_said = vm.clock.text
        builders: dict[Screen, Callable[[ViewModel], ViewModel]] = {
            Screen.CONNECTING: lambda v: replace(v, connecting=self.connecting.build()),
            Screen.TABLES: lambda v: replace(v, tables=self.tables.build()),
            Screen.START: lambda v: replace(v, start=self.start.build()),
            Screen.CONFIRM: lambda v: replace(v, confirm=self.confirm.build()),
            Screen.TABLE: lambda v: replace(v, table=self.table.build()),
            Screen.CORRECT: lambda v: replace(v, correct=self.correct.build()),
            Screen.LOAN: lambda v: replace(v, loan=self.loan.build()),
            Screen.PENALTY: lambda v: replace(v, penalty=self.penalty.build()),
            Screen.STANDINGS: lambda v: replace(v, standings=self.standings.build()),
            Screen.TIEBREAK: lambda v: replace(
                v,
                tiebreak=replace(
                    self.tiebreak.build(),
                    warning=director.tie_warning(self.tr, self.tiebreak.results_missing()),
                ),
            ),
            Screen.SHEETS: lambda v: replace(v, sheets=self.sheets.build()),
            Screen.NIGHT: lambda v: replace(v, night=self.night.build()),
            Screen.DEALS: lambda v: replace(v, deals=self.deals.build()),
            Screen.DEAL: lambda v: replace(v, deal=self.deal.build()),
            Screen.LOANS: lambda v: replace(v, loans=self.loans.build()),
            Screen.COUNTS: lambda v: replace(v, counts=self.counts.build()),
        }
        return builders[screen](vm)
