"""A club night at the table (Minnesota, English, American whist): the kiosk keeps the score.

:class:`ClubDesk` is the club half of :class:`kiosk.presenter.TablePresenter`, with no Kivy:
once the hub's State names a club game (``State.club``), the presenter hands every intent to
it. A deal is tapped in the game's order — the choice (who granded, or the trump), North-South's
tricks on the 0-13 keypad, the honours (English) — then each partnership agrees, as in
military whist, and the deal goes to the durable outbox until the hub's Ack. The pick pages
(the choice, the honours) are drawn from the game's entry schema (``ClubRules.entry``); a game
played each for oneself runs entirely on it (:mod:`kiosk.individual`).

Every number a player reads here comes from the hub's :class:`~whist.protocol.ClubScore`:
the desk never adds a point itself. What it shows of a deal being entered is only what the
players tapped (North-South 9, so East-West 4).

>>> from whist.protocol import ClubDeal
>>> class Link:
...     def submit_deal(self, deal): return True
>>> desk = ClubDesk(7, link=Link())
>>> desk.screen is None
True
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from kiosk import individual, notices
from kiosk.i18n import N_
from kiosk.individual import PlayersFlow
from kiosk.outbox import OutboxError
from kiosk.viewmodel import Screen
from whist.enums import AckStatus
from whist.formats import TRICKS
from whist.formats.draft import (
    PartnershipDraft,
    PlayersDraft,
    choice_pages,
    count_page,
    entry_of,
)
from whist.formats.entry import EntrySchema, Page
from whist.protocol import (
    Ack,
    ClubDeal,
    ClubRules,
    ClubScore,
    DealRecord,
)

Party = Literal["NS", "EW"]
#: Where a deal being entered is: choosing (grand/low or the trump), the tricks, the revokes
#: page, the honours (English), both sides agreeing; then saved, or refused by the hub.
Step = Literal["choice", "entry", "revokes", "honours", "players", "confirm", "pending", "rejected"]

_SCREENS: dict[Step, Screen] = {
    "choice": Screen.CLUB_PICK,
    "honours": Screen.CLUB_PICK,
    "entry": Screen.ENTRY,
    "revokes": Screen.REVOKES,
    "confirm": Screen.CONFIRM,
    "pending": Screen.PENDING,
    "rejected": Screen.REJECTED,
}
_ENTERING: frozenset[Step] = frozenset(
    {"choice", "entry", "revokes", "honours", "players", "confirm"}
)


class DealLink(Protocol):
    """What the desk needs of the network: store the deal durably (raising OutboxError if it
    cannot), send it, say whether it went out now."""

    def submit_deal(self, deal: ClubDeal) -> bool: ...


class ClubDesk:
    """The club table's scorekeeper: the hub's score, a deal being entered, deals in the
    outbox, the hub's answers. ``changed`` is never called: the presenter rebuilds its view
    after every intent it hands over.

    >>> class Link:
    ...     def submit_deal(self, deal): return True
    >>> ClubDesk(2, link=Link()).next_deal
    1
    """

    def __init__(
        self,
        table: int,
        *,
        link: DealLink,
        pending: Sequence[ClubDeal] = (),
        new_id: Callable[[], str] = lambda: str(uuid.uuid4()),
    ) -> None:
        self.table = table
        self.link = link
        self._new_id = new_id
        self.rules: ClubRules | None = None
        self.score: ClubScore | None = None
        self.step: Step | None = None
        #: a partnership game's deal being tapped in (the core's draft), the revokes page's
        #: side on show, and whether the keypad's number came from a keyboard's digits
        self.draft: PartnershipDraft | None = None
        self.revoke_side: Party = "NS"
        self.typed = False
        # a game played each for oneself (kiosk.individual): the deal being tapped in
        self.flow: PlayersFlow | None = None
        self.pending: dict[str, ClubDeal] = {d.id: d for d in pending}
        self.rejected: tuple[ClubDeal | None, Ack] | None = None
        self.notice = ""  # a msgid for the banner, cleared by the next intent
        self.error = ""  # a msgid for the confirm screen
        # the night's rules, opened over the score screen (issue 24), and the page on show
        self.reading_rules = False
        self.rules_page = 0
        if self.pending:
            self.step = "pending"

    # ================================================================== what we know
    @property
    def screen(self) -> Screen | None:
        """The screen to show; None: the score (or, before the hub's score, connecting)."""
        if self.step == "players" and self.flow is not None:
            return self.flow.screen
        if self.step is not None:
            return _SCREENS[self.step]
        if self.score is None:
            return None
        if self.reading_rules:
            return Screen.CLUB_RULES
        return Screen.CLUB_PLAYERS if self.individual else Screen.CLUB_SCORE

    @property
    def individual(self) -> bool:
        """A game played each for oneself (Widow, Solo, Knockout, 8-to-1)."""
        rules = self.rules or (self.score.rules if self.score is not None else None)
        return rules is not None and individual.is_individual(rules)

    @property
    def waits_for_round(self) -> bool:
        """Knockout and 8-to-1: the next round (who is in, the cards, the trump) is the hub's
        answer to the last one, so a round is entered only once the last one is in."""
        s = self.score
        return bool(self.pending) and s is not None and s.round is not None

    @property
    def schema(self) -> EntrySchema | None:
        """The game's entry schema, as the hub published it."""
        rules = self.rules or (self.score.rules if self.score is not None else None)
        return entry_of(rules) if rules is not None else None

    @property
    def picks(self) -> tuple[Page | None, Page | None]:
        """The game's choices on the pick screen, from its entry schema: the one before the
        tricks (who granded, the trump) and the one after them (the honours)."""
        schema = self.schema
        return choice_pages(schema) if schema is not None else (None, None)

    @property
    def count_page(self) -> Page | None:
        """The keypad's page, from the entry schema: North-South's tricks."""
        schema = self.schema
        return count_page(schema) if schema is not None else None

    @property
    def pick_page(self) -> Page | None:
        before, after = self.picks
        return before if self.step == "choice" else after if self.step == "honours" else None

    @property
    def next_deal(self) -> int:
        """The deal to enter: the hub's next deal, after any still waiting in the outbox."""
        first = self.score.deal if self.score is not None else 1
        waiting = [d.deal + 1 for d in self.pending.values()]
        return max([first, *waiting])

    @property
    def over(self) -> bool:
        s = self.score
        return s is not None and (s.finished or s.ended)

    # ================================================================== from the hub
    def on_rules(self, rules: ClubRules) -> None:
        if self.score is not None and self.score.rules.name != rules.name:
            # another night, of another game (the hub restarted with a new night's file):
            # the old score and a deal half tapped in are not this night's
            self.score, self.step, self.draft, self.flow = None, None, None, None
            self.reading_rules = False
        self.rules = rules

    def on_another_night(self) -> None:
        """The hub holds another night than the one this table entered deals for (its log,
        Epoch.log, changed: the leader started over). A deal half tapped in and the last
        refusal were the last night's: they go. The score stays until the new night's comes
        (retained, it comes with the same connection); deals still in the outbox go out, and
        the new night says it will not count them (``other_event``)."""
        if self.step in _ENTERING or self.step == "rejected":
            self.step = "pending" if self.pending else None
        self.draft, self.flow, self.rejected, self.notice = None, None, None, ""

    def on_score(self, score: ClubScore) -> None:
        """The table's score as the hub holds it: the score screen is drawn from the latest."""
        self.score = score
        self.rules = score.rules
        if self.flow is not None:
            self.flow.score = score
        if self.over and self.step in _ENTERING:
            # The night ended while a deal was being tapped in: nothing more can be taken.
            self.step, self.draft, self.flow = None, None, None
            self.notice = notices.NIGHT_OVER

    def on_ack(self, ack: Ack, deal: ClubDeal | None) -> None:
        deal = self.pending.pop(ack.id, None) or deal
        if deal is None:
            return
        if ack.status in (AckStatus.ACCEPTED, AckStatus.DUPLICATE):
            # No banner: it would hide who deals next; the score's last deal shows it is in.
            if self.step in ("pending", None):
                self.step = "pending" if self.pending else None
        else:
            self.rejected = (deal, ack)
            if self.step in _ENTERING:
                self.notice = notices.DEAL_REFUSED
            else:
                self.step = "rejected"

    # ================================================================== intents
    def intent(self) -> None:
        self.notice = ""

    def open_rules(self) -> None:
        """Score screen: the night's rules (the game's, tonight's house rules)."""
        if self.step is None and self.score is not None:
            self.reading_rules, self.rules_page = True, 0

    def more_rules(self) -> None:
        """The rules page's next page (its screen says how many there are)."""
        if self.reading_rules:
            self.rules_page += 1

    def close_rules(self) -> None:
        self.reading_rules = False

    def enter_deal(self) -> None:
        """Score screen: start the next deal with the game's first choice."""
        if self.reading_rules:
            return
        if self.step is None and self.score is not None and not self.over:
            if self.individual:
                if self.waits_for_round:
                    return
                self.flow = PlayersFlow(self.score, PlayersDraft(deal=self.next_deal))
                self.step, self.error = "players", ""
                return
            first: Step = "choice" if self.picks[0] is not None else "entry"
            self.draft, self.step, self.error = PartnershipDraft(deal=self.next_deal), first, ""
            self.typed = False

    def choose(self, value: str) -> None:
        """The choice screen (who granded, or the trump) or the honours screen: one tap."""
        d, page, schema = self.draft, self.pick_page, self.schema
        if d is None or page is None or schema is None:
            return
        chosen = d.choose(schema, page.field, value)
        if chosen == d and getattr(d, page.field) != value:
            return  # not one of the page's options
        self.draft = chosen
        if self.step == "choice":
            self.step = "entry"
        else:
            self._to_confirm()

    def pick(self, slot: int) -> None:
        """The pick screen's button ``slot`` (0, 1, …): the choice it stands for."""
        if self.step == "players" and self.flow is not None:
            if self.flow.choose(slot):
                self._players_on()
            return
        page = self.pick_page
        if page is not None and 0 <= slot < len(page.options):
            self.choose(page.options[slot].value)

    def _players_on(self) -> None:
        """After a tap of a game played each for oneself: the confirm screen once every page
        has its answer."""
        if self.flow is not None and self.flow.done:
            self.step, self.error = "confirm", ""

    def keypad(self, ns_tricks: int) -> None:
        if self.step == "players" and self.flow is not None:
            if self.flow.count(ns_tricks):
                self._players_on()
            return
        if self.step == "entry" and self.draft is not None and 0 <= ns_tricks <= TRICKS:
            self.draft, self.typed = self.draft.with_tricks(ns_tricks), False

    def digit(self, d: int) -> None:
        """A keyboard's digit: "1" then "2" makes 12."""
        if self.step == "players":
            self.keypad(d)
            return
        if self.step == "entry" and self.draft is not None and 0 <= d <= 9:
            v = self.draft.ns_tricks
            value = 10 + d if self.typed and v == 1 and 10 + d <= TRICKS else d
            self.draft, self.typed = self.draft.with_tricks(value), True

    def step_by(self, delta: int) -> None:
        d = self.draft
        if d is not None and self.step == "entry":
            start = 7 if d.ns_tricks is None else d.ns_tricks + delta
            self.draft, self.typed = d.with_tricks(max(0, min(TRICKS, start))), False
        elif d is not None and self.step == "revokes":
            side = self.revoke_side
            self.draft = d.with_revokes(side, d.revokes(side) + delta)

    def open_revokes(self) -> None:
        if self.step == "players" and self.flow is not None:
            self.flow.open_aside()
            return
        if self.step == "entry" and self.draft is not None:
            self.revoke_side, self.step = "NS", "revokes"

    def change_revokes(self, side: Party, delta: int) -> None:
        d = self.draft
        if self.step == "revokes" and d is not None:
            self.draft, self.revoke_side = d.with_revokes(side, d.revokes(side) + delta), side

    def set_revokes(self, side: Party, count: int) -> None:
        if self.step == "revokes" and self.draft is not None:
            self.draft, self.revoke_side = self.draft.with_revokes(side, count), side

    def select_side(self, side: Party) -> None:
        if self.step == "revokes" and self.draft is not None:
            self.revoke_side = side

    def close_revokes(self) -> None:
        if self.step == "revokes":
            self.step = "entry"

    def next(self) -> None:
        """The keypad's Next: the honours (English), else both sides agree."""
        if self.step == "players" and self.flow is not None:
            if self.flow.next():
                self._players_on()
            return
        d = self.draft
        if self.step != "entry" or d is None or self.schema is None:
            return
        if not d.complete(self.schema):
            return
        if self.picks[1] is not None:
            self.step = "honours"
        else:
            self._to_confirm()

    def _to_confirm(self) -> None:
        if self.draft is not None:
            self.draft = self.draft.unagreed()
            self.step, self.error = "confirm", ""

    def agree(self, side: Party) -> None:
        if self.step == "confirm" and self.flow is not None:
            # a game played each for oneself: one tap, once everyone at the table agrees
            self._submit_record(self.flow.draft.deal, self.flow.record())
            return
        d = self.draft
        if self.step != "confirm" or d is None:
            return
        self.draft = d = d.agree(side)
        if d.agreed and self.schema is not None:
            self._submit(d, self.schema)

    def _submit(self, d: PartnershipDraft, schema: EntrySchema) -> None:
        if not self._submit_record(d.deal, d.record(schema)):
            self.draft = d.unagreed()

    def _submit_record(self, number: int, record: DealRecord) -> bool:
        deal = ClubDeal(id=self._new_id(), table=self.table, deal=number, record=record)
        try:
            self.link.submit_deal(deal)
        except OutboxError:
            self.error = N_("This screen could not save the deal. Please call the leader.")
            return False
        self.pending[deal.id] = deal
        self.step, self.draft, self.flow, self.error = "pending", None, None, ""
        return True

    def back(self) -> None:
        """One step back: each entry page to the one before, the first to the score."""
        d = self.draft
        step = self.step
        if self.reading_rules:
            self.reading_rules = False
        elif self.flow is not None and step in ("players", "confirm"):
            if step == "confirm" or self.flow.back():
                self.step = "players"
                if step == "confirm":
                    self.flow.back()
            else:
                self.step, self.flow, self.error = None, None, ""
        elif step == "revokes":
            self.step = "entry"
        elif step == "confirm" and d is not None:
            self.draft = d.unagreed()
            self.step = "honours" if self.picks[1] is not None else "entry"
        elif step == "honours":
            self.step = "entry"
        elif step == "entry" and self.picks[0] is not None:
            self.step = "choice"
        elif step == "entry" or step in ("choice", "rejected", "pending"):
            self.step, self.draft, self.error = None, None, ""

    def enter_again(self) -> None:
        """Refused: back to the keypad with the refused deal filled in."""
        if self.step == "rejected" and self.rejected is not None:
            deal, _ = self.rejected
            if self.individual and self.score is not None:
                self.flow = (
                    PlayersFlow.again(self.score, deal.deal, deal.record)
                    if deal is not None
                    else PlayersFlow(self.score, PlayersDraft(deal=self.next_deal))
                )
                self.step, self.rejected = "players", None
                return
            self.draft = (
                PartnershipDraft.of(deal.deal, deal.record.fields())
                if deal is not None
                else PartnershipDraft(self.next_deal)
            )
            self.typed = False
            self.step, self.rejected = "entry", None

    def ok(self) -> None:
        """The screen's one obvious action (Enter, a hardware OK button)."""
        step, d = self.step, self.draft
        if step is None and self.reading_rules:
            self.close_rules()
        elif step is None:
            self.enter_deal()
        elif step == "players":
            self.next()
        elif step == "confirm" and self.flow is not None:
            self.agree("NS")
        elif step == "entry":
            self.next()
        elif step == "revokes" and d is not None:
            if self.revoke_side == "NS":
                self.select_side("EW")
            else:
                self.close_revokes()
        elif step == "confirm" and d is not None:
            self.agree("EW" if d.ns_agrees else "NS")
        elif step == "rejected":
            self.enter_again()


#: The pick screen has room for five choices (English honours).
PICK_SLOTS = 5
