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
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from kiosk import individual, words
from kiosk.i18n import N_, Translator
from kiosk.individual import PlayersDraft, PlayersFlow, entry_of
from kiosk.outbox import OutboxError
from kiosk.viewmodel import (
    MAX_REVOKES,
    ButtonVM,
    ClubChooseVM,
    ClubPickVM,
    ClubPlayersVM,
    ClubScoreVM,
    ConfirmVM,
    EntryVM,
    PendingVM,
    RejectedVM,
    RevokesVM,
    Screen,
    revoke_steps,
)
from uikit.games import game_title
from uikit.reasons import reason_sentence
from whist.formats import TRICKS
from whist.formats.entry import Ask, Line, Page
from whist.protocol import (
    Ack,
    ClubDeal,
    ClubDealScored,
    ClubLine,
    ClubParty,
    ClubRules,
    ClubScore,
    DealRecord,
)

Party = Literal["NS", "EW"]
#: Where a deal being entered is: choosing (grand/low or the trump), the tricks, the revokes
#: page, the honours (English), both sides agreeing; then saved, or refused by the hub.
Step = Literal[
    "choice", "entry", "revokes", "honours", "players", "confirm", "pending", "rejected"
]

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

_PARTY_NAMES = {"NS": N_("North-South"), "EW": N_("East-West")}
_PARTY_SHORT = {"NS": N_("NS"), "EW": N_("EW")}

#: Why a line of a deal scored (ClubLine.why), in the players' words.
_WHY = {
    "tricks": N_("tricks over six"),
    "grand": N_("grand made"),
    "grand_against": N_("grand beaten, two a trick"),
    "low": N_("low: tricks under seven"),
    "honours": N_("honours"),
    "revoke": N_("revoke"),
    "game": N_("the game"),
    "rubber": N_("the rubber"),
}
#: Why a line was struck out (the part of ClubLine.why after the colon).
_NOT_SCORED = {
    "game_over": N_("the game was already won"),
    "revoked": N_("a side that revoked cannot win the game"),
    "at_the_point": N_("honours do not count at the point"),
}
_REFUSALS = {
    "conflict": N_(
        "This deal was already recorded at this table with other numbers. "
        "Call the leader to correct it."
    ),
    "wrong_hand": N_("The leader's computer expects another deal. Call the leader."),
    "finished": N_("The night is over: no more deals are taken."),
    "wrong_table": N_("This screen is set up for another table. Call the leader."),
    "bad_table": N_("This screen is set up for another table. Call the leader."),
    "internal": N_("The leader's computer had a problem with this deal. The leader has been told."),
}


#: Refusals the table cannot mend by entering the deal again.
_SETTLED_BY_LEADER = frozenset({"conflict", "finished", "wrong_table", "bad_table"})


class DealLink(Protocol):
    """What the desk needs of the network: store the deal durably (raising OutboxError if it
    cannot), send it, say whether it went out now."""

    def submit_deal(self, deal: ClubDeal) -> bool: ...


@dataclass(frozen=True)
class ClubDraft:
    """A deal being tapped in: its number and what has been chosen so far.

    >>> ClubDraft(deal=3, granded="NS", ns_tricks=9).ew_tricks
    4
    """

    deal: int
    granded: str | None = None
    trump: str | None = None
    ns_tricks: int | None = None
    honours: str | None = None
    ns_revokes: int = 0
    ew_revokes: int = 0
    revoke_side: Party = "NS"
    ns_agrees: bool = False
    ew_agrees: bool = False
    typed: bool = False

    @property
    def ew_tricks(self) -> int | None:
        return None if self.ns_tricks is None else TRICKS - self.ns_tricks

    def revokes(self, side: Party) -> int:
        return self.ns_revokes if side == "NS" else self.ew_revokes

    def with_revokes(self, side: Party, count: int) -> ClubDraft:
        count = max(0, min(MAX_REVOKES, count))
        if side == "NS":
            return replace(self, ns_revokes=count, revoke_side=side)
        return replace(self, ew_revokes=count, revoke_side=side)

    def with_choice(self, field: str, value: str) -> ClubDraft:
        """The draft with a pick page's answer (``_CHOSEN``: who granded, the trump, the
        honours)."""
        if field == "granded":
            return replace(self, granded=value)
        if field == "trump":
            return replace(self, trump=value)
        return replace(self, honours=value)

    def record(self, fields: Sequence[str]) -> DealRecord:
        """What the hub is sent: the fields the game reads (ClubRules.fields), nothing else."""
        values: dict[str, object] = {"ns_tricks": self.ns_tricks}
        if "granded" in fields:
            values["granded"] = self.granded
        if "trump" in fields:
            values["trump"] = self.trump
        if "honours" in fields and self.honours not in (None, "none"):
            assert self.honours is not None
            values["honours"] = self.honours[:2]
            values["honours_held"] = int(self.honours[2])
        if self.ns_revokes:
            values["ns_revokes"] = self.ns_revokes
        if self.ew_revokes:
            values["ew_revokes"] = self.ew_revokes
        return DealRecord.model_validate(values)

    @classmethod
    def of(cls, deal: ClubDeal) -> ClubDraft:
        r = deal.record
        honours = f"{r.honours}{r.honours_held}" if r.honours and r.honours_held else "none"
        return cls(
            deal=deal.deal,
            granded=r.granded,
            trump=r.trump,
            ns_tricks=r.ns_tricks if r.ns_tricks is not None else _other(r.ew_tricks),
            honours=honours,
            ns_revokes=r.ns_revokes or 0,
            ew_revokes=r.ew_revokes or 0,
        )


def _other(tricks: int | None) -> int | None:
    return None if tricks is None else TRICKS - tricks


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
        self.draft: ClubDraft | None = None
        # a game played each for oneself (kiosk.individual): the deal being tapped in
        self.flow: PlayersFlow | None = None
        self.pending: dict[str, ClubDeal] = {d.id: d for d in pending}
        self.rejected: tuple[ClubDeal | None, Ack] | None = None
        self.notice = ""  # a msgid for the banner, cleared by the next intent
        self.error = ""  # a msgid for the confirm screen
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
    def picks(self) -> tuple[Page | None, Page | None]:
        """The game's choices on the pick screen, from its entry schema: the one before the
        tricks (who granded, the trump) and the one after them (the honours)."""
        rules = self.rules or (self.score.rules if self.score is not None else None)
        if rules is None:
            return None, None
        pages = entry_of(rules).pages
        count = next((i for i, p in enumerate(pages) if p.ask is Ask.COUNT), len(pages))

        def choice(among: tuple[Page, ...]) -> Page | None:
            return next((p for p in among if p.ask is Ask.CHOICE and p.field in _CHOSEN), None)

        return choice(pages[:count]), choice(pages[count + 1 :])

    @property
    def pick_page(self) -> Page | None:
        before, after = self.picks
        return before if self.step == "choice" else after if self.step == "honours" else None

    @property
    def fields(self) -> list[str]:
        rules = self.rules or (self.score.rules if self.score is not None else None)
        return rules.fields if rules is not None else []

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
        self.rules = rules

    def on_score(self, score: ClubScore) -> None:
        """The table's score as the hub holds it: the score screen is drawn from the latest."""
        self.score = score
        self.rules = score.rules
        if self.flow is not None:
            self.flow.score = score
        if self.over and self.step in _ENTERING:
            # The night ended while a deal was being tapped in: nothing more can be taken.
            self.step, self.draft, self.flow = None, None, None
            self.notice = N_("The night is over: no more deals are taken.")

    def on_ack(self, ack: Ack, deal: ClubDeal | None) -> None:
        deal = self.pending.pop(ack.id, None) or deal
        if deal is None:
            return
        if ack.status in ("accepted", "duplicate"):
            # No banner: it would hide who deals next; the score's last deal shows it is in.
            if self.step in ("pending", None):
                self.step = "pending" if self.pending else None
        else:
            self.rejected = (deal, ack)
            if self.step in _ENTERING:
                self.notice = N_("A deal was not accepted: call the leader.")
            else:
                self.step = "rejected"

    # ================================================================== intents
    def intent(self) -> None:
        self.notice = ""

    def enter_deal(self) -> None:
        """Score screen: start the next deal with the game's first choice."""
        if self.step is None and self.score is not None and not self.over:
            if self.individual:
                if self.waits_for_round:
                    return
                self.flow = PlayersFlow(self.score, PlayersDraft(deal=self.next_deal))
                self.step, self.error = "players", ""
                return
            first: Step = "choice" if self.picks[0] is not None else "entry"
            self.draft, self.step, self.error = ClubDraft(deal=self.next_deal), first, ""

    def choose(self, value: str) -> None:
        """The choice screen (who granded, or the trump) or the honours screen: one tap."""
        d, page = self.draft, self.pick_page
        if d is None or page is None or value not in [o.value for o in page.options]:
            return
        self.draft = d.with_choice(page.field, value)
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
            self.draft = replace(self.draft, ns_tricks=ns_tricks, typed=False)

    def digit(self, d: int) -> None:
        """A keyboard's digit: "1" then "2" makes 12."""
        if self.step == "players":
            self.keypad(d)
            return
        if self.step == "entry" and self.draft is not None and 0 <= d <= 9:
            v = self.draft.ns_tricks
            value = 10 + d if self.draft.typed and v == 1 and 10 + d <= TRICKS else d
            self.draft = replace(self.draft, ns_tricks=value, typed=True)

    def step_by(self, delta: int) -> None:
        d = self.draft
        if d is not None and self.step == "entry":
            start = 7 if d.ns_tricks is None else d.ns_tricks + delta
            self.draft = replace(d, ns_tricks=max(0, min(TRICKS, start)), typed=False)
        elif d is not None and self.step == "revokes":
            self.draft = d.with_revokes(d.revoke_side, d.revokes(d.revoke_side) + delta)

    def open_revokes(self) -> None:
        if self.step == "players" and self.flow is not None:
            self.flow.open_aside()
            return
        if self.step == "entry" and self.draft is not None:
            self.draft = replace(self.draft, revoke_side="NS")
            self.step = "revokes"

    def change_revokes(self, side: Party, delta: int) -> None:
        d = self.draft
        if self.step == "revokes" and d is not None:
            self.draft = d.with_revokes(side, d.revokes(side) + delta)

    def set_revokes(self, side: Party, count: int) -> None:
        if self.step == "revokes" and self.draft is not None:
            self.draft = self.draft.with_revokes(side, count)

    def select_side(self, side: Party) -> None:
        if self.step == "revokes" and self.draft is not None:
            self.draft = replace(self.draft, revoke_side=side)

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
        if self.step != "entry" or d is None or d.ns_tricks is None:
            return
        if self.picks[1] is not None:
            self.step = "honours"
        else:
            self._to_confirm()

    def _to_confirm(self) -> None:
        if self.draft is not None:
            self.draft = replace(self.draft, ns_agrees=False, ew_agrees=False)
            self.step, self.error = "confirm", ""

    def agree(self, side: Party) -> None:
        if self.step == "confirm" and self.flow is not None:
            # a game played each for oneself: one tap, once everyone at the table agrees
            self._submit_record(self.flow.draft.deal, self.flow.record())
            return
        d = self.draft
        if self.step != "confirm" or d is None:
            return
        d = replace(d, ns_agrees=True) if side == "NS" else replace(d, ew_agrees=True)
        self.draft = d
        if d.ns_agrees and d.ew_agrees:
            self._submit(d)

    def _submit(self, d: ClubDraft) -> None:
        if not self._submit_record(d.deal, d.record(self.fields)):
            self.draft = replace(d, ns_agrees=False, ew_agrees=False)

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
        if self.flow is not None and step in ("players", "confirm"):
            if step == "confirm" or self.flow.back():
                self.step = "players"
                if step == "confirm":
                    self.flow.back()
            else:
                self.step, self.flow, self.error = None, None, ""
        elif step == "revokes":
            self.step = "entry"
        elif step == "confirm" and d is not None:
            self.draft = replace(d, ns_agrees=False, ew_agrees=False)
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
            self.draft = ClubDraft.of(deal) if deal is not None else ClubDraft(self.next_deal)
            self.step, self.rejected = "entry", None

    def ok(self) -> None:
        """The screen's one obvious action (Enter, a hardware OK button)."""
        step, d = self.step, self.draft
        if step is None:
            self.enter_deal()
        elif step == "players":
            self.next()
        elif step == "confirm" and self.flow is not None:
            self.agree("NS")
        elif step == "entry":
            self.next()
        elif step == "revokes" and d is not None:
            if d.revoke_side == "NS":
                self.select_side("EW")
            else:
                self.close_revokes()
        elif step == "confirm" and d is not None:
            self.agree("EW" if d.ns_agrees else "NS")
        elif step == "rejected":
            self.enter_again()

    # ================================================================== the view
    def header_info(self, tr: Translator) -> str:
        s = self.score
        if s is None:
            return ""
        if self.over:
            return game_title(tr._, s.rules.name, s.rules.title)
        if self.step is not None and self.draft is not None:
            return tr._("Deal {n}").format(n=self.draft.deal)
        if self.individual and s.round is not None and not self.pending:
            # Knockout, 8-to-1: the players count rounds of the game, not deals of the night
            return tr._("Round {r} · {dealer} deals").format(
                r=s.round.number, dealer=individual.seat_name(tr, s, s.dealer.seat)
            )
        if self.step is not None and self.flow is not None:
            return tr._("Deal {n}").format(n=self.flow.draft.deal)
        if self.individual:
            dealer = individual.seat_name(tr, s, s.dealer.seat)
        else:
            dealer = words.person(tr, s.dealer)
        if self.pending:
            return tr._("Deal {n}").format(n=self.next_deal)
        return tr._("Deal {n} · {dealer} deals").format(n=s.deal, dealer=dealer)

    def banner(self, tr: Translator) -> str:
        if self.notice:
            return tr._(self.notice)
        if self.pending and self.step != "pending":
            return tr.ngettext(
                "{n} deal saved here, waiting to be scored.",
                "{n} deals saved here, waiting to be scored.",
                len(self.pending),
            ).format(n=len(self.pending))
        return ""

    def party_name(self, tr: Translator, party: str) -> str:
        return tr._(_PARTY_NAMES[party])

    def _party_players(self, tr: Translator, party: str) -> str:
        s = self.score
        found = [p for p in s.parties if p.party == party] if s is not None else []
        return words.pair(tr, found[0].players) if found else self.party_name(tr, party)

    def score_vm(self, tr: Translator, call: ButtonVM) -> ClubScoreVM:
        s = self.score
        assert s is not None
        ns, ew = (_party(s, "NS"), _party(s, "EW"))
        rubbers = s.rules.wins == "rubbers"
        target = tr._("game to {target}").format(target=s.rules.target)
        end = ""
        if self.over:
            title = (
                tr._("The leader has ended the night.")
                if s.ended
                else tr._("This table has played the whole night.")
            )
            end = "\n".join([title, *self._places(tr, s)])
        return ClubScoreVM(
            title=tr._("{game} · game to {target}").format(
                game=game_title(tr._, s.rules.name, s.rules.title), target=s.rules.target
            ),
            ns_label=tr._(_PARTY_NAMES["NS"]),
            ns_players=tr._("{party}: {players}").format(
                party=tr._(_PARTY_NAMES["NS"]), players=words.pair(tr, ns.players)
            ),
            ns_score=str(ns.score),
            ns_detail=_games(tr, ns, rubbers, target),
            ew_label=tr._(_PARTY_NAMES["EW"]),
            ew_players=tr._("{party}: {players}").format(
                party=tr._(_PARTY_NAMES["EW"]), players=words.pair(tr, ew.players)
            ),
            ew_score=str(ew.score),
            ew_detail=_games(tr, ew, rubbers, target),
            # Once the night is over its end and places need the room more than the last deal.
            last=""
            if self.over
            else (
                self._last_text(tr, s.last)
                if s.last is not None
                else words.no_deal_yet(tr, s.rules)
            ),
            end=end,
            enter=ButtonVM(
                tr._("Enter deal {n}").format(n=self.next_deal),
                role="primary",
                visible=not self.over,
                enabled=not self.over,
            ),
            call=call,
        )

    def players_vm(self, tr: Translator, call: ButtonVM) -> ClubPlayersVM:
        """The score screen of a game played each for oneself (kiosk.individual)."""
        s = self.score
        assert s is not None
        end = ""
        if self.over:
            title = (
                tr._("The leader has ended the night.")
                if s.ended
                else tr._("This table has played the whole night.")
            )
            end = title  # each player's place is on their row
        waits = self.waits_for_round
        enter = ButtonVM(
            tr._("Enter deal {n}").format(n=self.next_deal),
            role="primary" if not waits else "disabled",
            visible=not self.over,
            enabled=not self.over and not waits,
        )
        return individual.players_vm(tr, s, over=self.over, end=end, enter=enter, call=call)

    def choose_vm(self, tr: Translator) -> ClubChooseVM:
        assert self.flow is not None
        return self.flow.choose_vm(tr)

    def _places(self, tr: Translator, s: ClubScore) -> list[str]:
        lines = []
        for place in s.places:
            name = self._party_players(tr, place.party)
            text = (
                tr._("{party}: shared place {rank} of {of}")
                if place.shared
                else tr._("{party}: place {rank} of {of}")
            )
            lines.append(text.format(party=name, rank=place.rank, of=place.of))
        return lines

    def record_text(
        self, tr: Translator, record: dict[str, str | int], *, full: bool = False
    ) -> str:
        """A deal as entered: ``NS grand · NS 9 · EW 4 tricks`` (tricks as tapped); ``full``
        names the partnerships in full, for the players to check before they agree."""
        parts = []
        granded = record.get("granded")
        names = _PARTY_NAMES if full else _PARTY_SHORT
        if granded == "low":
            parts.append(tr._("Everyone low"))
        elif granded in ("NS", "EW"):
            parts.append(tr._("{party} grand").format(party=tr._(names[str(granded)])))
        trump = record.get("trump")
        if isinstance(trump, str) and full:
            parts.append(words.trump_line(tr, trump))
        elif isinstance(trump, str):
            parts.append(f"{words.trump_symbol(tr, trump)} {words.trump_name(tr, trump)}")
        ns = record.get("ns_tricks")
        ns = ns if isinstance(ns, int) else _other(_int(record.get("ew_tricks")))
        if ns is not None and full:
            parts.append(
                tr._("North-South {ns} · East-West {ew} tricks").format(ns=ns, ew=TRICKS - ns)
            )
        elif ns is not None:
            parts.append(tr._("NS {ns} · EW {ew} tricks").format(ns=ns, ew=TRICKS - ns))
        text = ("\n" if full else " · ").join(parts)
        if not full:  # the score's last deal: one line; its honours are in its scored lines
            return text
        extra = [self._honours_text(tr, record)]
        extra.append(
            words_revokes(tr, _int(record.get("ns_revokes")), _int(record.get("ew_revokes")))
        )
        return "\n".join([text, *(e for e in extra if e)])

    def _honours_text(self, tr: Translator, record: dict[str, str | int]) -> str:
        if "honours" not in self.fields:
            return ""
        side, held = record.get("honours"), record.get("honours_held")
        if side is None:
            return tr._("Honours: none")
        return tr._("Honours: {party} held {n}").format(party=tr._(_PARTY_SHORT[str(side)]), n=held)

    def _last_text(self, tr: Translator, last: ClubDealScored) -> str:
        head = tr._("Deal {n}: {record}").format(
            n=last.deal, record=self.record_text(tr, last.record)
        )
        lines = [head]
        scored = [_line(tr, line) for line in last.lines]
        if scored:
            lines.append(" · ".join(scored))
        for line in last.unscored:
            lines.append(_unscored(tr, line))
        won = [
            tr._("{party} won the rubber").format(party=tr._(_PARTY_SHORT[last.rubber_won_by]))
            if last.rubber_won_by
            else "",
            tr._("{party} won the game").format(party=tr._(_PARTY_SHORT[last.game_won_by]))
            if last.game_won_by and not last.rubber_won_by
            else "",
        ]
        lines += [w for w in won if w]
        if last.by == "leader":
            lines.append(
                tr._("The leader corrected this deal.")
                if last.corrected
                else tr._("The leader entered this deal.")
            )
        return "\n".join(lines)

    def pick_vm(self, tr: Translator) -> ClubPickVM:
        """The pick screen, as the game's schema says: its question and options (suits
        with their symbol and colour)."""
        d, page = self.draft, self.pick_page
        assert d is not None and page is not None
        chosen = getattr(d, page.field)
        suits = all(o.value in words.SUIT_SYMBOLS for o in page.options)
        options = []
        for o in page.options:
            if o.value == chosen:
                role = "selected"
            elif suits:
                role = "suit-red" if o.value in words.RED_SUITS else "suit-black"
            else:
                role = "normal"
            label = tr._(o.label)
            text = f"{words.SUIT_SYMBOLS[o.value]}\n{label}" if suits else label
            options.append(ButtonVM(text, role=role))
        return ClubPickVM(
            question=_say(tr, page.question, deal=d.deal),
            kinds=tuple(o.value for o in page.options),
            options=_pad(options),
            back=ButtonVM(tr._("Back")),
            big=suits,
            # more answers than a row holds: a 2x2 grid, the first beside Back
            grid=len(options) >= PICK_SLOTS,
        )

    def entry_vm(self, tr: Translator) -> EntryVM:
        if self.flow is not None:
            return self.flow.entry_vm(tr)
        d = self.draft
        assert d is not None
        v = d.ns_tricks
        keys = tuple(
            ButtonVM(str(n), role="selected" if n == v else "normal") for n in range(TRICKS + 1)
        )
        if v is None:
            readout = tr._("Tap the number of tricks North-South took.")
        else:
            readout = tr._("North-South {ns} · East-West {ew}").format(ns=v, ew=TRICKS - v)
        revokes = d.ns_revokes + d.ew_revokes
        return EntryVM(
            question=tr._("How many tricks did North-South take?"),
            keys=keys,
            readout=readout,
            back=ButtonVM(tr._("Back")),
            revokes=ButtonVM(tr._("Revokes: {n}").format(n=revokes), role="selected")
            if revokes
            else ButtonVM(tr._("Revokes")),
            next=ButtonVM(
                tr._("Next"), role="primary" if v is not None else "disabled", enabled=v is not None
            ),
        )

    def revokes_vm(self, tr: Translator) -> RevokesVM:
        d = self.draft
        assert d is not None

        home_minus, home_plus = revoke_steps(d.ns_revokes)
        visitors_minus, visitors_plus = revoke_steps(d.ew_revokes)

        return RevokesVM(
            title=tr._("Established revokes"),
            rule=tr._("They are scored by the game's rules."),
            home_label=tr._(_PARTY_NAMES["NS"]),
            home_role="highlight" if d.revoke_side == "NS" else "text",
            home_count=str(d.ns_revokes),
            visitors_label=tr._(_PARTY_NAMES["EW"]),
            visitors_role="highlight" if d.revoke_side == "EW" else "text",
            visitors_count=str(d.ew_revokes),
            home_minus=home_minus,
            home_plus=home_plus,
            visitors_minus=visitors_minus,
            visitors_plus=visitors_plus,
            done=ButtonVM(tr._("Done"), role="primary"),
        )

    def _draft_record(self, d: ClubDraft) -> dict[str, str | int]:
        return {k: v for k, v in d.record(self.fields).fields().items()}

    def confirm_vm(self, tr: Translator) -> ConfirmVM:
        if self.flow is not None:
            return self.flow.confirm_vm(tr, tr._(self.error) if self.error else "")
        d = self.draft
        assert d is not None
        text = self.record_text(tr, self._draft_record(d), full=True)
        # the choice and the tricks big; honours and revokes below
        lines = text.split("\n")
        first, rest = "\n".join(lines[:2]), "\n".join(lines[2:])
        return ConfirmVM(
            title=tr._("Deal {n}: is this right?").format(n=d.deal),
            tricks="",
            revokes="",
            outcome=first,
            # honours and revokes under the big lines, on one line, then what to do
            note="\n".join(
                x
                for x in (rest.replace("\n", " · "), tr._("Each side taps its button to agree."))
                if x
            ),
            error=tr._(self.error) if self.error else "",
            home=ButtonVM(tr._("✓ North-South agree"), role="done")
            if d.ns_agrees
            else ButtonVM(tr._("North-South: agree"), role="primary"),
            visitors=ButtonVM(tr._("✓ East-West agree"), role="done")
            if d.ew_agrees
            else ButtonVM(tr._("East-West: agree"), role="primary"),
            back=ButtonVM(tr._("Change")),
        )

    def _summary(self, tr: Translator, deal: ClubDeal) -> str:
        if self.individual and self.score is not None:
            return individual.record_summary(tr, self.score, deal.deal, deal.record.fields())
        return tr._("Deal {n}: {record}").format(
            n=deal.deal, record=self.record_text(tr, deal.record.fields())
        )

    def pending_vm(self, tr: Translator, connected: bool, call: ButtonVM) -> PendingVM:
        deal = next(iter(reversed(self.pending.values())), None)
        if connected:
            status = tr._("Sent. Waiting for the leader's computer to score it…")
        else:
            status = tr._(
                "The leader's computer cannot be reached right now. The deal is safe "
                "here and goes out by itself."
            )
        return PendingVM(
            title=tr._("Deal saved"),
            summary=self._summary(tr, deal) if deal is not None else "",
            status=status,
            call=call,
        )

    def rejected_vm(self, tr: Translator, call: ButtonVM) -> RejectedVM:
        assert self.rejected is not None
        deal, ack = self.rejected
        code = ack.code
        if code in _REFUSALS:
            reason, hub = tr._(_REFUSALS[code]), ""
        elif code in words.UNREADABLE:
            reason = tr._(
                "The leader's computer could not read this deal. Check it and send it again."
            )
            hub = ""
        else:
            reason, hub = tr._("The leader's computer says:"), ack.reason or ""
            if ack.reason_text is not None:  # a refusal of the rules, said in our language
                hub = reason_sentence(tr._, ack.reason_text, ack.reason_args or {}, hub)
        return RejectedVM(
            title=tr._("This deal was not accepted"),
            summary=self._summary(tr, deal) if deal is not None else "",
            reason=reason,
            hub_reason=hub,
            # the same deal again would only be refused again: the leader settles it
            again=ButtonVM(
                tr._("Enter again"),
                role="primary",
                visible=code not in _SETTLED_BY_LEADER,
                enabled=code not in _SETTLED_BY_LEADER,
            ),
            call=call,
            back=ButtonVM(
                tr._("Back to the score"),
                role="primary" if code in _SETTLED_BY_LEADER else "normal",
            ),
        )


# ---------------------------------------------------------------------------------- helpers


def _int(value: object) -> int | None:
    return value if isinstance(value, int) else None


def _party(score: ClubScore, party: str) -> ClubParty:
    return next(p for p in score.parties if p.party == party)


def _games(tr: Translator, party: ClubParty, rubbers: bool, target: str) -> str:
    """``2 games · game to 13``; in rubbers, the games of the rubber in play and the rubbers
    won (the target of an English game is always the same: no room for it)."""
    if not rubbers:
        games = tr.ngettext("{n} game", "{n} games", party.games).format(n=party.games)
        return f"{games} · {target}"
    n = party.rubber_games
    in_play = tr.ngettext("Rubber: {n} game", "Rubber: {n} games", n).format(n=n)
    won = tr.ngettext("{n} rubber won", "{n} rubbers won", party.rubbers).format(n=party.rubbers)
    return f"{in_play} · {won}"


def _why(tr: Translator, why: str) -> str:
    return tr._(_WHY[why]) if why in _WHY else why


def _line(tr: Translator, line: ClubLine) -> str:
    return tr._("{party} +{points} ({why})").format(
        party=tr._(_PARTY_SHORT[line.party]), points=line.points, why=_why(tr, line.why)
    )


def _unscored(tr: Translator, line: ClubLine) -> str:
    why, _, because = line.why.partition(":")
    reason = tr._(_NOT_SCORED[because]) if because in _NOT_SCORED else because
    return tr._("Not scored: {party} {points} ({why}): {reason}").format(
        party=tr._(_PARTY_SHORT[line.party]), points=line.points, why=_why(tr, why), reason=reason
    )


def _say(tr: Translator, line: Line, **fill: object) -> str:
    """A schema's line that needs only the deal's number (a partnership game's questions)."""
    return " · ".join(tr._(t.msgid).format(**fill) for t in line if t.holds({}))


#: The draft's fields a pick page may set.
_CHOSEN = frozenset({"granded", "trump", "honours"})


def words_revokes(tr: Translator, ns: int | None, ew: int | None) -> str:
    parts = []
    if ns:
        parts.append(tr.ngettext("NS {n} revoke", "NS {n} revokes", ns).format(n=ns))
    if ew:
        parts.append(tr.ngettext("EW {n} revoke", "EW {n} revokes", ew).format(n=ew))
    return " · ".join(parts)


#: The pick screen has room for five choices (English honours).
PICK_SLOTS = 5


def _pad(options: list[ButtonVM]) -> tuple[ButtonVM, ...]:
    return tuple(options) + (ButtonVM(visible=False, enabled=False),) * (PICK_SLOTS - len(options))
