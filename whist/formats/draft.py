"""A club deal being entered: what is entered, what is derived, when it is complete and what
is sent, by the game's entry schema (:mod:`whist.formats.entry`). Pure data, no I/O.

* :class:`PartnershipDraft`, a deal of Minnesota, English or American whist: the kiosk's
  keypad pages and the leader console's "enter a deal" form hold the same draft and turn taps
  into its intents.
* :class:`PlayersEntry`, a deal of a game played each for oneself (Widow, Solo, Knockout,
  8-to-1) tapped in page by page on the kiosk (:class:`kiosk.individual.PlayersFlow` says it
  in words); :class:`PlayersForm`, the same deal on one form, every page at once, which the
  leader console's "correct" and "enter a deal" form holds.

>>> from whist.formats.entry import GRANDED_PAGE, REVOKE_GIVES, partnership_schema
>>> schema = partnership_schema(GRANDED_PAGE, revokes=REVOKE_GIVES, points=2)
>>> d = PartnershipDraft(deal=3).choose(schema, "granded", "NS").with_tricks(9)
>>> d.ew_tricks, d.complete(schema)
(4, True)
>>> d.record(schema).fields()
{'granded': 'NS', 'ns_tricks': 9}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal, Self

from whist.formats.base import TRICKS
from whist.formats.entry import Ask, EntrySchema, Most, Page, Who, in_turn
from whist.formats.partnership import MAX_REVOKES
from whist.protocol import (
    ClubDealScored,
    ClubParty,
    ClubRound,
    ClubRules,
    ClubScore,
    DealRecord,
    Player,
)

Side = Literal["NS", "EW"]
#: The draft's fields a choice page may set: who granded, the trump, the honours.
CHOSEN = frozenset({"granded", "trump", "honours"})
#: The honours page's answer when nobody held three or four honours.
NO_HONOURS = "none"


def entry_of(rules: ClubRules) -> EntrySchema:
    """The game's entry schema as the hub published it (or, from a hub that predates it, the
    one this core declares for the game)."""
    from whist.formats import Format

    return rules.entry if rules.entry is not None else Format(rules.name).club.entry


def choice_pages(schema: EntrySchema) -> tuple[Page | None, Page | None]:
    """The game's choices around the tricks' keypad: the one before it (who granded, the
    trump) and the one after it (the honours); None where the game has none.

    >>> from whist.formats.entry import TRUMP_PAGE, partnership_schema
    >>> before, after = choice_pages(partnership_schema(TRUMP_PAGE, revokes=(), points=1,
    ...     honours=True))
    >>> before.field, after.field
    ('trump', 'honours')
    """
    pages = schema.pages
    count = next((i for i, p in enumerate(pages) if p.ask is Ask.COUNT), len(pages))

    def choice(among: tuple[Page, ...]) -> Page | None:
        return next((p for p in among if p.ask is Ask.CHOICE and p.field in CHOSEN), None)

    return choice(pages[:count]), choice(pages[count + 1 :])


def count_page(schema: EntrySchema) -> Page | None:
    """The keypad's page: North-South's tricks (East-West's are the rest)."""
    return next((p for p in schema.pages if p.ask is Ask.COUNT), None)


@dataclass(frozen=True)
class PartnershipDraft:
    """A deal being entered: its number, what is chosen and counted so far, and which side
    has agreed to it. Every intent answers a new draft (the same one when the tap is not
    allowed); the honours are ``NS3``, ``EW4``… as the honours page's options say.

    >>> d = PartnershipDraft(deal=1, ns_tricks=6).with_revokes("EW", 2)
    >>> d.ew_tricks, d.revokes("EW"), d.fields()
    (7, 2, {'ns_tricks': 6, 'ew_revokes': 2})
    >>> d.agree("NS").agree("EW").agreed
    True
    """

    deal: int
    granded: str | None = None
    trump: str | None = None
    ns_tricks: int | None = None
    honours: str | None = None
    ns_revokes: int = 0
    ew_revokes: int = 0
    ns_agrees: bool = False
    ew_agrees: bool = False

    # ------------------------------------------------------------------ what is derived
    @property
    def ew_tricks(self) -> int | None:
        """East-West's tricks: the rest of the deal's 13."""
        return None if self.ns_tricks is None else TRICKS - self.ns_tricks

    def revokes(self, side: Side) -> int:
        return self.ns_revokes if side == "NS" else self.ew_revokes

    @property
    def agreed(self) -> bool:
        """Both sides agree: the deal goes to the hub."""
        return self.ns_agrees and self.ew_agrees

    def complete(self, schema: EntrySchema) -> bool:
        """Everything the game needs is entered: the choice before the tricks (who granded,
        the trump) and North-South's tricks. The honours, unless chosen, are none."""
        before, _ = choice_pages(schema)
        chosen = before is None or getattr(self, before.field) is not None
        return chosen and self.ns_tricks is not None

    # ------------------------------------------------------------------ intents
    def choose(self, schema: EntrySchema, field: str, value: str) -> PartnershipDraft:
        """A choice page's answer (``granded``, ``trump``, ``honours``): one of the options
        the schema's page offers, else nothing changes. A changed deal is agreed again."""
        page = next((p for p in choice_pages(schema) if p is not None and p.field == field), None)
        if page is None or value not in [o.value for o in page.options]:
            return self
        chosen: dict[str, Any] = {field: value}
        return replace(self, **chosen).unagreed()

    def with_tricks(self, ns_tricks: int) -> PartnershipDraft:
        """North-South's tricks, 0 to 13 (anything else changes nothing)."""
        if not 0 <= ns_tricks <= TRICKS:
            return self
        return replace(self, ns_tricks=ns_tricks).unagreed()

    def with_revokes(self, side: Side, count: int) -> PartnershipDraft:
        """A side's established revokes, held within 0 and the most a deal has."""
        count = max(0, min(MAX_REVOKES, count))
        if side == "NS":
            return replace(self, ns_revokes=count).unagreed()
        return replace(self, ew_revokes=count).unagreed()

    def agree(self, side: Side) -> PartnershipDraft:
        return replace(self, ns_agrees=True) if side == "NS" else replace(self, ew_agrees=True)

    def unagreed(self) -> PartnershipDraft:
        """Agreement is to a deal as it stands: a change asks both sides again."""
        return replace(self, ns_agrees=False, ew_agrees=False)

    # ------------------------------------------------------------------ what is said, sent
    def values(self) -> dict[str, str | int]:
        """What is entered so far, by the fields the entry schema's texts read (the choice,
        North-South's tricks, the honours page's answer, each side's revokes)."""
        entered: dict[str, str | int | None] = {
            "granded": self.granded,
            "trump": self.trump,
            "ns_tricks": self.ns_tricks,
            "honours": self.honours,
            "ns_revokes": self.ns_revokes,
            "ew_revokes": self.ew_revokes,
        }
        return {k: v for k, v in entered.items() if v is not None}

    def fields(self, schema: EntrySchema | None = None) -> dict[str, str | int]:
        """The deal record's fields, as :meth:`record` sends them (only the game's choices
        when ``schema`` is given): honours split into who held them and how many."""
        choices = {p.field for p in choice_pages(schema) if p is not None} if schema else CHOSEN
        out: dict[str, str | int] = {}
        for name in ("granded", "trump"):
            value = getattr(self, name)
            if name in choices and value is not None:
                out[name] = value
        if self.ns_tricks is not None:
            out["ns_tricks"] = self.ns_tricks
        if "honours" in choices and self.honours not in (None, NO_HONOURS):
            assert self.honours is not None
            out["honours"], out["honours_held"] = self.honours[:2], int(self.honours[2])
        if self.ns_revokes:
            out["ns_revokes"] = self.ns_revokes
        if self.ew_revokes:
            out["ew_revokes"] = self.ew_revokes
        return out

    def record(self, schema: EntrySchema) -> DealRecord:
        """What the hub is sent: the fields the game's pages set, nothing else."""
        return DealRecord.model_validate(self.fields(schema))

    @classmethod
    def of(cls, deal: int, fields: Mapping[str, object]) -> PartnershipDraft:
        """A deal as recorded (a record's fields), to be entered again or corrected."""
        ns, ew = fields.get("ns_tricks"), fields.get("ew_tricks")
        party, held = fields.get("honours"), fields.get("honours_held")

        def text(name: str) -> str | None:
            value = fields.get(name)
            return value if isinstance(value, str) else None

        def count(name: str) -> int:
            value = fields.get(name)
            return value if isinstance(value, int) else 0

        return cls(
            deal=deal,
            granded=text("granded"),
            trump=text("trump"),
            ns_tricks=ns if isinstance(ns, int) else TRICKS - ew if isinstance(ew, int) else None,
            honours=f"{party}{held}" if party and held else NO_HONOURS,
            ns_revokes=count("ns_revokes"),
            ew_revokes=count("ew_revokes"),
        )


# ------------------------------------------------------------------ a game played each for oneself

#: A choice of a player's "Nobody" button: sent as this value.
NOBODY = "none"
#: What the GO page's one button stands for.
GO = "play"


@dataclass(frozen=True)
class Step:
    """One page on screen: the schema's page, and whose it is (a page asked of each player)."""

    page: Page
    seat: str = ""

    @property
    def key(self) -> str:
        """The field this step sets: ``widow``, ``tricks_N``."""
        return self.page.key(self.seat)

    @property
    def is_count(self) -> bool:
        return self.page.ask is Ask.COUNT


def steps(
    schema: EntrySchema,
    values: Mapping[str, str | int],
    asked: Callable[[Page], Sequence[str]],
) -> list[Step]:
    """The steps of a deal with what has been tapped so far: the pages that apply, a page
    asked of each player once for each, in the order ``asked`` says (but the last, whose
    count is the rest).

    >>> from whist.formats.entry import Confirm, Text
    >>> schema = EntrySchema(pages=(Page("tricks", Ask.COUNT, (Text("?"),), each=Who.TABLE,
    ...     rest=True),), confirm=Confirm.EVERYONE)
    >>> [s.key for s in steps(schema, {}, lambda page: ["1", "2", "3"])]
    ['tricks_1', 'tricks_2']
    """
    found: list[Step] = []
    for page in schema.pages:
        if not page.applies(values):
            continue
        if page.each is None:
            found.append(Step(page))
            continue
        seats = list(asked(page))
        found += [Step(page, s) for s in (seats[:-1] if page.rest else seats)]
    return found


@dataclass(frozen=True)
class PlayersDraft:
    """A deal being tapped in: its number, what has been tapped (by the record's field
    names: ``widow``, ``tricks_2``, ``bid_N``, ``contract``…) and the page on screen.
    ``aside``: the side trip a page's extra button opens (who revoked)."""

    deal: int
    values: Mapping[str, str | int] = field(default_factory=dict)
    page: int = 0
    aside: bool = False


class PlayersEntry:
    """A deal of a game played each for oneself (Widow, Solo, Knockout, 8-to-1) being entered
    page by page, for the table whose score is ``score``: the pages that apply given what is
    tapped, whose turn a page is, how high a count may go, the last player's count (the rest
    of the cards), and the record sent. A tap on a page records it and goes on to the next.

    >>> from whist.protocol import ClubRules, ClubParty, Player
    >>> rules = ClubRules(name="widow", title="Widow whist", language="en", target=0,
    ...     wins="games", length="open", fields=["widow"], seats=["1", "2", "3"],
    ...     parties=["1", "2", "3"])
    >>> party = lambda s: ClubParty(party=s, players=[Player(seat=s, name="")], score=0,
    ...     games=0, rubber_games=0, rubbers=0, points=0)
    >>> score = ClubScore(table=1, night="", rules=rules, deal=1,
    ...     dealer=Player(seat="1", name=""), parties=[party(s) for s in "123"])
    >>> entry = PlayersEntry(score, PlayersDraft(deal=1))
    >>> entry.choose(3); entry.count(4); entry.count(5)
    True
    True
    True
    >>> entry.done, entry.record().fields()
    (True, {'tricks_1': 4, 'tricks_2': 5, 'tricks_3': 4, 'widow': 'none'})
    """

    def __init__(self, score: ClubScore, draft: PlayersDraft) -> None:
        self.score = score
        self.draft = draft

    # ================================================================ what we know
    @property
    def schema(self) -> EntrySchema:
        return entry_of(self.score.rules)

    @property
    def players(self) -> list[str]:
        return [p.party for p in self.score.parties]

    @property
    def round(self) -> ClubRound | None:
        return self.score.round

    @property
    def cards(self) -> int:
        r = self.round
        return r.cards if r is not None else TRICKS

    def seats_of(self, who: Who) -> list[str]:
        r = self.round
        if who is Who.IN_ROUND and r is not None:
            return list(r.players)
        return self.players

    def asked(self, page: Page) -> list[str]:
        """The players a page is asked of, in the order it asks them (the schema's: the
        table's order of seats, or the order of play from the dealer's left)."""
        seats = self.seats_of(page.each or Who.TABLE)
        if page.from_dealer:
            return in_turn(seats, self.score.rules.seats, self.score.dealer.seat)
        return seats

    @property
    def steps(self) -> list[Step]:
        return steps(self.schema, self.draft.values, self.asked)

    @property
    def done(self) -> bool:
        """Every page tapped: the deal goes to the confirm screen."""
        return self.draft.page >= len(self.steps)

    @property
    def step(self) -> Step:
        here = self.steps[min(self.draft.page, len(self.steps) - 1)]
        if self.draft.aside and here.page.aside is not None:
            return Step(here.page.aside)
        return here

    def rest(self, page: Page) -> int | None:
        """The last player's count of a ``rest`` page: the cards the others did not take."""
        seats = self.asked(page)
        taken = [self.draft.values.get(page.key(s)) for s in seats[:-1]]
        if not seats or any(not isinstance(t, int) for t in taken):
            return None
        return self.cards - sum(t for t in taken if isinstance(t, int))

    def most(self, step: Step) -> int:
        """The highest number the step's keypad offers."""
        return TRICKS if step.page.most is Most.TRICKS else self.cards

    def allowed(self, step: Step) -> int:
        """The highest number that still leaves the counts adding up (no one's rest below 0)."""
        page = step.page
        if not page.rest or page.each is None:
            return self.most(step)
        seats = self.asked(page)
        before = seats[: seats.index(step.seat)]
        return self.cards - sum(_int(self.draft.values.get(page.key(s))) for s in before)

    def value(self, step: Step) -> str | int | None:
        if step.page.ask is Ask.GO:
            return GO if self.draft.page > self.steps.index(step) else None
        if self.draft.aside:
            return self.draft.values.get(step.key, NOBODY)
        return self.draft.values.get(step.key)

    # ================================================================ taps
    def _set(self, key: str, value: str | int) -> None:
        values = dict(self.draft.values)
        values[key] = value
        step = self.step
        page = step.page
        if page.rest and page.each is not None:
            # a changed count drops the counts after it: they may no longer fit
            seats = self.asked(page)
            for s in seats[seats.index(step.seat) + 1 :]:
                values.pop(page.key(s), None)
        for other in self.schema.pages:
            # a player chosen here cannot stay chosen where they are left out
            if other.leave_out == page.field and values.get(other.field) == value:
                values.pop(other.field)
        self.draft = replace(self.draft, values=_applying(self.schema, values))

    def _advance(self) -> None:
        self.draft = replace(self.draft, page=self.draft.page + 1)

    def options(self) -> list[str]:
        """What the choose page's buttons stand for, in order."""
        return self.options_of(self.step.page)

    def options_of(self, page: Page) -> list[str]:
        """What ``page``'s buttons stand for, in order: its options, or the players it lists
        (not the one its ``leave_out`` field names), with "Nobody" where it has one."""
        if page.ask is Ask.GO:
            return [GO]
        if page.players is None:
            return [o.value for o in page.options]
        left_out = self.draft.values.get(page.leave_out) if page.leave_out else None
        seats = [s for s in self.seats_of(page.players) if s != left_out]
        if page.nobody == "first":
            return [NOBODY, *seats]
        if page.nobody == "last":
            return [*seats, NOBODY]
        return seats

    def choose(self, slot: int) -> bool:
        """A tap on the choose page's button ``slot``."""
        if self.done or self.step.is_count:
            return False
        options = self.options()
        if not 0 <= slot < len(options):
            return False
        step, value = self.step, options[slot]
        if self.draft.aside:
            values = dict(self.draft.values)
            if value == NOBODY:
                values.pop(step.key, None)
            else:
                values[step.key] = value
            self.draft = replace(self.draft, values=values, aside=False)
            return True
        if step.page.ask is not Ask.GO:
            self._set(step.key, value)
        self._advance()
        return True

    def count(self, n: int) -> bool:
        """A tap on the keypad: this page's number."""
        step = self.step
        if self.done or not step.is_count or not 0 <= n <= self.allowed(step):
            return False
        self._set(step.key, n)
        self._advance()
        return True

    def next(self) -> bool:
        """Next: on to the next page, when this one has its number (after Back)."""
        if self.done or self.draft.aside or self.value(self.step) is None:
            return False
        self._advance()
        return True

    def back(self) -> bool:
        """One page back; False on the first page (back to the score)."""
        if self.draft.aside:
            self.draft = replace(self.draft, aside=False)
            return True
        if self.draft.page == 0:
            return False
        self.draft = replace(self.draft, page=min(self.draft.page, len(self.steps)) - 1)
        return True

    def open_aside(self) -> bool:
        """The page's extra button (Revoke): its side page."""
        if not self.done and not self.draft.aside and self.step.page.aside is not None:
            self.draft = replace(self.draft, aside=True)
            return True
        return False

    # ================================================================ what is sent
    def final(self) -> dict[str, str | int]:
        """What is tapped, with the rest filled in: the last player's count."""
        values = dict(self.draft.values)
        for page in self.schema.pages:
            if page.rest and page.each is not None and page.applies(values):
                rest = self.rest(page)
                seats = self.asked(page)
                if seats and rest is not None:
                    values[page.key(seats[-1])] = rest
        return values

    def record(self) -> DealRecord:
        """The deal as the hub reads it: the fields of the pages that apply, each player's
        counts as one mapping, the last player's tricks the rest."""
        v = self.final()
        data: dict[str, object] = {}
        for page in self.schema.pages:
            if not page.applies(v) or page.ask is Ask.GO:
                continue
            if page.each is not None:
                seats = self.asked(page)
                data[page.record or page.field] = {s: _int(v.get(page.key(s))) for s in seats}
            elif page.field in v:
                data[page.field] = v[page.field]
            elif page.nobody:
                data[page.field] = NOBODY
            if page.aside is not None and page.aside.field in v:
                data[page.aside.field] = v[page.aside.field]
        return DealRecord.model_validate(data)

    @classmethod
    def again(cls, score: ClubScore, deal: int, record: DealRecord) -> Self:
        """A refused deal, filled in again from what was sent, on its first page."""
        schema = entry_of(score.rules)
        values = {k: v for k, v in record.fields().items() if _page_of(schema, k) is not None}
        return cls(score, PlayersDraft(deal=deal, values=values))


@dataclass(frozen=True)
class FormRow:
    """One row of the form: a step (a choice, a count, a player's count), whether its page is
    opened aside on the kiosk (its "Nobody" leaves the field out), and whether its count is
    the rest of the cards (shown, never set)."""

    step: Step
    aside: bool = False
    derived: bool = False


class PlayersForm(PlayersEntry):
    """A deal of a game played each for oneself on one form, every page at once: the leader
    console's "correct" and "enter a deal for the table" form. Each field is set by its key
    (:meth:`put`, :meth:`add`); a choice is one its page offers, a count stays within what
    keeps the counts adding up to the round's cards, the last player's count is the rest;
    what no longer applies goes. The kiosk's :class:`PlayersEntry` checks and builds the deal
    the same way.

    >>> from whist.protocol import ClubRules
    >>> from whist.formats import Format
    >>> rules = ClubRules(name="widow", title="Widow whist", language="en", target=0,
    ...     wins="games", length="open", fields=["widow"], seats=["1", "2", "3"],
    ...     parties=["1", "2", "3"], entry=Format("widow").club.entry)
    >>> form = PlayersForm.entering(rules, table=1, seats=["1", "2", "3"], deal=4, dealer="1")
    >>> form.put("widow", "2"), form.add("tricks_1", 5), form.put("tricks_2", 9)
    (True, True, False)
    >>> form.put("tricks_2", 6), form.value_of("tricks_3"), form.complete
    (True, 2, True)
    >>> form.record().fields()
    {'tricks_1': 5, 'tricks_2': 6, 'tricks_3': 2, 'widow': '2'}
    """

    def __init__(
        self, score: ClubScore, draft: PlayersDraft, kept: Mapping[str, str | int] | None = None
    ) -> None:
        super().__init__(score, draft)
        #: what the deal recorded that no page sets (a round's trump, for the record): sent
        #: back as it was
        self.kept = dict(kept or {})

    # ================================================================ made for a deal
    @classmethod
    def entering(
        cls,
        rules: ClubRules,
        *,
        table: int,
        seats: Sequence[str],
        deal: int,
        dealer: str | None,
        round_: ClubRound | None = None,
    ) -> PlayersForm:
        """A new deal for the table whose players sit in ``seats``, dealt by ``dealer``, in
        ``round_`` (the table's next round, as the hub publishes it)."""
        return cls(_table_score(rules, table, seats, deal, dealer, round_), PlayersDraft(deal))

    @classmethod
    def correcting(
        cls, rules: ClubRules, *, table: int, seats: Sequence[str], known: ClubDealScored
    ) -> PlayersForm:
        """A recorded deal, to be corrected: its fields, its dealer, and its round as its
        counts say it (the players they name, the cards they add up to: the hub accepted
        them)."""
        schema = entry_of(rules)
        values = {k: v for k, v in known.record.items() if _page_of(schema, k) is not None}
        kept = {k: v for k, v in known.record.items() if k not in values}
        round_ = recorded_round(schema, values, seats, known.round or 1)
        score = _table_score(rules, table, seats, known.deal, known.dealer, round_)
        return cls(score, PlayersDraft(deal=known.deal, values=values), kept)

    # ================================================================ the rows
    def shown(self, page: Page) -> bool:
        """The form shows ``page``: what it depends on is entered and its condition holds
        (a bidder only once a contract other than "everyone passed" is chosen)."""
        values = self.draft.values
        return all(w.field in values for w in page.when) and page.applies(values)

    def rows(self) -> list[FormRow]:
        """The form's rows in the pages' order, each page opened aside after its own: a
        choice or a count asked once is a row, a count asked of each player a row per player
        in the order the page asks them, the last one's the rest where the page says so."""
        found: list[FormRow] = []
        for page in self.schema.pages:
            if page.ask is Ask.GO or not self.shown(page):
                continue
            if page.each is None:
                found.append(FormRow(Step(page)))
            else:
                seats = self.asked(page)
                found += [
                    FormRow(Step(page, s), derived=page.rest and s == seats[-1]) for s in seats
                ]
            if page.aside is not None:
                found.append(FormRow(Step(page.aside), aside=True))
        return found

    def _row(self, key: str) -> FormRow | None:
        return next((r for r in self.rows() if r.step.key == key), None)

    def value_of(self, key: str) -> str | int | None:
        """What the form shows for ``key``: as entered, or the rest for the last count."""
        row = self._row(key)
        if row is not None and row.derived:
            return self.rest(row.step.page)
        return self.draft.values.get(key)

    def most_of(self, row: FormRow) -> int:
        """The highest count ``row`` may take now: the keypad's most, and for a count whose
        last is the rest, what the other players' counts leave (none below 0)."""
        step = row.step
        page = step.page
        if not page.rest or page.each is None:
            return self.most(step)
        others = [s for s in self.asked(page)[:-1] if s != step.seat]
        return self.cards - sum(_int(self.draft.values.get(page.key(s))) for s in others)

    @property
    def complete(self) -> bool:
        """Every row the game needs is entered: each choice without "Nobody" (but a page
        opened aside), each count (but the rest, derived)."""
        values = self.draft.values
        for row in self.rows():
            page = row.step.page
            if row.aside or row.derived or (page.ask is Ask.CHOICE and page.nobody):
                continue
            if row.step.key not in values:
                return False
        return True

    # ================================================================ taps
    def put(self, key: str, value: str | int) -> bool:
        """Set field ``key`` (``widow``, ``contract``, ``tricks_3``, ``bid_N``): a choice among
        its page's options (``none`` for nobody, which leaves out a page opened aside), a
        count from 0 to :meth:`most_of`; False (nothing changes) for anything else."""
        row = self._row(key)
        if row is None or row.derived:
            return False
        page = row.step.page
        values = dict(self.draft.values)
        if page.ask is Ask.CHOICE:
            if str(value) not in self.options_of(page):
                return False
            if row.aside and value == NOBODY:
                values.pop(key, None)
            else:
                values[key] = str(value)
            for other in self.schema.pages:
                # a player chosen here cannot stay chosen where they are left out
                if other.leave_out == page.field and values.get(other.field) == value:
                    values.pop(other.field)
        elif isinstance(value, int) and 0 <= value <= self.most_of(row):
            values[key] = value
        else:
            return False
        kept = _applying(self.schema, values)
        # a page shown no more (what it depends on is gone) takes its fields with it; pruned
        # in place, so that each page after it is shown or not by what is left
        self.draft = replace(self.draft, values=kept)
        for page in self.schema.pages:
            if not self.shown(page):
                for k in [k for k in kept if _belongs(page, k)]:
                    kept.pop(k)
        return True

    def add(self, key: str, delta: int) -> bool:
        """A stepper's tap: count ``key`` up or down by ``delta`` (from nothing entered,
        down is 0 and up is ``delta``)."""
        now = self.draft.values.get(key)
        start = now if isinstance(now, int) else None
        return self.put(key, max(0, delta) if start is None else start + delta)

    def record(self) -> DealRecord:
        """The deal sent: the pages' fields (the last count the rest), and what was
        recorded that no page sets."""
        sent = super().record().model_dump(exclude_none=True)
        return DealRecord.model_validate({**self.kept, **sent})


def recorded_round(
    schema: EntrySchema, values: Mapping[str, str | int], seats: Sequence[str], number: int
) -> ClubRound | None:
    """The round a recorded deal was played in, from its counts whose last is the rest: the
    players they name and the cards they add up to (None when it has no such counts).

    >>> from whist.formats import Format
    >>> r = recorded_round(Format("knockout").club.entry, {"tricks_1": 5, "tricks_3": 2},
    ...     ["1", "2", "3"], 2)
    >>> r.cards, r.players
    (7, ['1', '3'])
    """
    for page in schema.pages:
        if page.rest and page.each is not None:
            named = [s for s in seats if isinstance(values.get(page.key(s)), int)]
            cards = sum(_int(values.get(page.key(s))) for s in named)
            if named and 1 <= cards <= TRICKS:
                return ClubRound(number=number, cards=cards, players=named)
    return None


def _table_score(
    rules: ClubRules,
    table: int,
    seats: Sequence[str],
    deal: int,
    dealer: str | None,
    round_: ClubRound | None,
) -> ClubScore:
    """What a :class:`PlayersEntry` reads of a table (its rules, players, dealer, round) for
    a form away from the table: no score, no names (the form says names its own way)."""

    def party(seat: str) -> ClubParty:
        return ClubParty(
            party=seat,
            players=[Player(seat=seat, name="")],
            score=0,
            games=0,
            rubber_games=0,
            rubbers=0,
            points=0,
        )

    first = dealer if dealer is not None else seats[0] if seats else rules.seats[0]
    return ClubScore(
        table=table,
        night="",
        rules=rules,
        deal=deal,
        dealer=Player(seat=first, name=""),
        parties=[party(s) for s in seats],
        round=round_,
    )


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _applying(schema: EntrySchema, values: Mapping[str, str | int]) -> dict[str, str | int]:
    """What is tapped, without the fields of pages that no longer apply."""
    kept = dict(values)
    for page in schema.pages:
        if not page.applies(values):
            for key in list(kept):
                if _belongs(page, key) or (page.aside is not None and key == page.aside.field):
                    kept.pop(key)
    return kept


def _belongs(page: Page, key: str) -> bool:
    return key.startswith(f"{page.field}_") if page.each is not None else key == page.field


def _page_of(schema: EntrySchema, key: str) -> Page | None:
    for page in schema.pages:
        for p in (page, page.aside):
            if p is not None and p.ask is not Ask.GO and _belongs(p, key):
                return p
    return None
