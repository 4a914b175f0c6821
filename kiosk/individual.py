"""The club games played each for oneself at the table: a deal tapped in page by page, drawn
from the game's entry schema (:mod:`whist.formats.entry`, published as ``ClubRules.entry``).

:class:`PlayersFlow` is the part of :class:`kiosk.club.ClubDesk` that runs these pages, with
no Kivy and no game's name: the schema says the pages in order (a choice among a few big
buttons — a player, one of the game's options, or only "go on" —, or a number on the 0-13
keypad, asked once or of each player in turn), which apply given what is already tapped, how
high each count may go, which count is the rest of the cards (the last player's tricks), and
every question in the players' words. A tap on a page records it and goes on to the next, so a
deal takes one tap per thing the players say. One tap of **Everyone agrees** sends it
(docs/kiosk.md says why one).

Every number the score screen shows is the hub's (:class:`~whist.protocol.ClubScore`: the
players' totals, who is out, the next round's cards, who chooses trump, the round's trump);
this module only puts them in words, as the schema says.

>>> from whist.formats.entry import EntrySchema, Page, Ask, Confirm, Text, Who
>>> schema = EntrySchema(pages=(Page("tricks", Ask.COUNT, (Text("?"),), each=Who.TABLE,
...     rest=True),), confirm=Confirm.EVERYONE)
>>> [s.key for s in steps(schema, {}, lambda page: ["1", "2", "3"])]
['tricks_1', 'tricks_2']
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from kiosk import words
from kiosk.i18n import N_, Translator
from kiosk.viewmodel import (
    ButtonVM,
    ClubChooseVM,
    ClubPlayersVM,
    ConfirmVM,
    EntryVM,
    PlayerRowVM,
    Screen,
)
from uikit.games import game_title
from whist.formats import TRICKS, Format
from whist.formats.entry import Ask, EntrySchema, Line, Most, Page, Text, Trump, Who, in_turn
from whist.protocol import (
    ClubDealScored,
    ClubParty,
    ClubPlace,
    ClubRound,
    ClubRules,
    ClubScore,
    DealRecord,
    Player,
)

#: A choice of a player's "Nobody" button: sent as this value.
NOBODY = "none"
#: The choose screen's slots (the most options a choice page has: Solo's eight contracts).
CHOOSE_SLOTS = 8
#: The score screen's rows (Knockout seats up to seven).
PLAYER_ROWS = 7
#: What the GO page's one button stands for.
GO = "play"
#: A confirm screen's big line names at most this many players; more go under, three a line.
HEAD_PLAYERS = 4


def entry_of(rules: ClubRules) -> EntrySchema:
    """The game's entry schema as the hub published it (or, from a hub that predates it, the
    one this kiosk's core declares for the game)."""
    return rules.entry if rules.entry is not None else Format(rules.name).club.entry


def counts_rounds(score: ClubScore) -> bool:
    """The table counts rounds of a game (8-to-1, the traditional Knockout), as the core says
    (``ClubRules.rounds``; from a hub that predates it, whether it publishes a round), rather
    than the night's deals."""
    rounds = score.rules.rounds
    return rounds if rounds is not None else score.round is not None


def is_individual(rules: ClubRules) -> bool:
    """Each player scores for themselves: the parties are the seats."""
    return list(rules.parties) == list(rules.seats)


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
    count is the rest)."""
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


class _Blank(dict[str, object]):
    """Placeholders not known here are said as nothing rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""


class PlayersFlow:
    """A deal of a game played each for oneself, for the table whose score is ``score``.

    >>> from whist.protocol import ClubRules, ClubParty
    >>> rules = ClubRules(name="widow", title="Widow whist", language="en", target=0,
    ...     wins="games", length="open", fields=["widow"], seats=["1", "2", "3"],
    ...     parties=["1", "2", "3"])
    >>> party = lambda s: ClubParty(party=s, players=[Player(seat=s, name="")], score=0,
    ...     games=0, rubber_games=0, rubbers=0, points=0)
    >>> score = ClubScore(table=1, night="", rules=rules, deal=1,
    ...     dealer=Player(seat="1", name=""), parties=[party(s) for s in "123"])
    >>> flow = PlayersFlow(score, PlayersDraft(deal=1))
    >>> flow.choose(3); flow.count(4); flow.count(5)
    True
    True
    True
    >>> flow.done, flow.record().fields()
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

    @property
    def screen(self) -> Screen:
        return Screen.ENTRY if self.step.is_count else Screen.CLUB_CHOOSE

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
        page = self.step.page
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
    def again(cls, score: ClubScore, deal: int, record: DealRecord) -> PlayersFlow:
        """A refused deal, filled in again from what was sent, on its first page."""
        schema = entry_of(score.rules)
        values = {k: v for k, v in record.fields().items() if _page_of(schema, k) is not None}
        return cls(score, PlayersDraft(deal=deal, values=values))

    # ================================================================ in words
    def name(self, tr: Translator, seat: str) -> str:
        return seat_name(tr, self.score, seat)

    def said(self, tr: Translator, step: Step | None = None) -> Said:
        """The deal being tapped in, in words, for the schema's texts."""
        return Said.of(
            tr,
            self.score,
            self.final(),
            self.asked,
            deal=self.draft.deal,
            step=step,
            left=self.allowed(step) if step is not None and step.is_count else None,
        )

    def choose_vm(self, tr: Translator) -> ClubChooseVM:
        step = self.step
        page = step.page
        chosen = self.value(step)
        said = self.said(tr, step)
        labels = {o.value: tr.t(o.label) for o in page.options}
        buttons = []
        for option in self.options():
            if option == NOBODY:
                text = tr.t("Nobody")
            elif page.ask is Ask.GO:
                text = tr.t(page.button)
            elif option in labels:
                text = labels[option]
            else:
                text = self.name(tr, option)
            buttons.append(ButtonVM(text, role="selected" if option == chosen else "normal"))
        n = len(buttons)
        return ClubChooseVM(
            question=said.line(page.question),
            detail=said.line(page.readout),
            kinds=tuple(self.options()),
            options=_pad(buttons, CHOOSE_SLOTS),
            # three to a row at most: four would take the reading type below 4.5 mm
            cols=3 if n > 4 else 2 if n == 4 else max(1, n),
            back=ButtonVM(tr.t("Back")),
            big=page.ask is Ask.GO,
        )

    def entry_vm(self, tr: Translator) -> EntryVM:
        step = self.step
        page = step.page
        chosen = self.value(step)
        most, allowed = self.most(step), self.allowed(step)
        keys = tuple(
            ButtonVM(
                str(n),
                role="selected" if n == chosen else "normal" if n <= allowed else "disabled",
                enabled=n <= allowed,
                visible=n <= most,
            )
            for n in range(TRICKS + 1)
        )
        said = self.said(tr, step)
        aside = ButtonVM(visible=False, enabled=False)
        if page.aside is not None:
            aside = ButtonVM(
                said.line(page.aside_button),
                role="selected" if page.aside.field in self.draft.values else "normal",
            )
        # one line each: the question, and what is left to share out (the names are all on
        # the confirm screen; here they would not fit on one line at a table of seven)
        return EntryVM(
            question=said.line(page.question),
            keys=keys,
            readout=said.line(page.readout),
            back=ButtonVM(tr.t("Back")),
            revokes=aside,
            next=ButtonVM(
                tr.t("Next"),
                role="primary" if chosen is not None else "disabled",
                enabled=chosen is not None,
            ),
        )

    def confirm_vm(self, tr: Translator, error: str) -> ConfirmVM:
        schema = self.schema
        said = self.said(tr)
        head = said.line(schema.head)
        lines = said.lines(schema.notes)
        listed = said.listed(schema.head)
        if head and len(listed) > HEAD_PLAYERS:
            # more players than the big line holds: the names and numbers at the size of
            # the notes, three a line, above the button
            rows = [" · ".join(listed[i : i + 3]) for i in range(0, len(listed), 3)]
            head, lines = "", [*rows, *lines]
        return ConfirmVM(
            title=said.line(schema.title),
            outcome=head,
            note="\n".join(
                x
                for x in (
                    "\n".join(lines) if not head else " · ".join(lines),
                    tr.t("When everyone agrees, tap the green button."),
                )
                if x
            ),
            error=error,
            home=ButtonVM(tr.t("Everyone agrees"), role="primary"),
            visitors=ButtonVM(visible=False, enabled=False),
            back=ButtonVM(tr.t("Change")),
        )


# ------------------------------------------------------------------------ the deal in words


@dataclass(frozen=True)
class Said:
    """A deal's fields in words (``fill``), what the schema's conditions read (``entered``),
    and each player's own numbers (``each``), for the schema's texts."""

    tr: Translator
    fill: Mapping[str, object]
    entered: Mapping[str, object]
    each: tuple[Mapping[str, object], ...]
    lists: Mapping[str, tuple[str, ...]]

    @classmethod
    def of(
        cls,
        tr: Translator,
        score: ClubScore,
        values: Mapping[str, str | int],
        asked: Callable[[Page], Sequence[str]],
        *,
        deal: int,
        step: Step | None = None,
        left: int | None = None,
        sent: bool = False,
    ) -> Said:
        """``sent``: ``values`` is a whole record, naming only the players who played."""
        schema = entry_of(score.rules)
        r = score.round
        fill: dict[str, object] = {
            "deal": deal,
            "cards": r.cards if r is not None else TRICKS,
            "trump": trump_short(tr, r),
            "trump_line": trump_line(tr, r),
        }
        entered: dict[str, object] = dict(values)
        if r is not None and counts_rounds(score):
            # the round is said (and a text's condition finds it) only in a game of rounds
            fill["round"] = entered["round"] = r.number
        if step is not None and step.seat:
            fill["name"] = seat_name(tr, score, step.seat)
        if left is not None:
            fill["left"] = left
        pages = [*schema.pages, *(p.aside for p in schema.pages if p.aside is not None)]
        lists: dict[str, tuple[str, ...]] = {}
        each: dict[str, dict[str, object]] = {}
        if schema.revokes is not None:
            # a partnership game's revokes: each side's count (0 if none), and the penalty
            fill["points"] = schema.revokes.points
            for side in schema.revokes.fields:
                fill[side] = entered[side] = _int(values.get(side))
        for page in pages:
            if page.each is None:
                if page.field in values:
                    fill[page.field] = _word(tr, score, page, values[page.field])
                if page.derived:
                    # one side's count and the other's, the rest of the cards, whichever came
                    most = TRICKS if page.most is Most.TRICKS else fill["cards"]
                    _derive(fill, entered, values, (page.field, page.derived), _int(most))
                continue
            seats = list(asked(page))
            if step is not None and step.seat and page.key(step.seat) in values:
                fill[f"own_{page.field}"] = values[page.key(step.seat)]
            if step is not None and step.page == page and step.seat in seats:
                before = seats[: seats.index(step.seat)]
                if before:
                    fill["so_far"] = entered["so_far"] = sum(
                        _int(values.get(page.key(s))) for s in before
                    )
            shown = [s for s in seats if page.key(s) in values or (page.rest and not sent)]
            parts, none = [], []
            for s in shown:
                n = values.get(page.key(s))
                parts.append(f"{seat_name(tr, score, s)} {n if n is not None else '?'}")
                each.setdefault(s, {"name": seat_name(tr, score, s)})[page.field] = (
                    n if n is not None else "?"
                )
                if n == 0:
                    none.append(seat_name(tr, score, s))
            lists[page.field] = tuple(parts)
            fill[page.field] = " · ".join(parts)
            if none:
                fill[f"{page.field}_none"] = entered[f"{page.field}_none"] = ", ".join(none)
        return cls(tr, fill, entered, tuple(each.values()), lists)

    def text(self, text: Text, fill: Mapping[str, object] | None = None) -> str:
        fill = fill if fill is not None else self.fill
        if text.plural:
            n = self.entered.get(text.count, self.fill.get(text.count))
            template = self.tr.nt(text.msgid, text.plural, _int(n))
        else:
            template = self.tr.t(text.msgid)
        return template.format_map(_Blank(fill))

    def line(self, line: Line) -> str:
        """A line's texts that hold, joined by `` · `` (one said for each player: by new
        lines)."""
        said = []
        for t in line:
            if not t.holds(self.entered):
                continue
            if t.each:
                said += [self.text(t, {**self.fill, **one}) for one in self.each]
            else:
                said.append(self.text(t))
        return (" · " if not any(t.each for t in line) else "\n").join(said)

    def lines(self, lines: Sequence[Line]) -> list[str]:
        return [x for x in (self.line(line) for line in lines) if x]

    def listed(self, line: Line) -> tuple[str, ...]:
        """The players a line's per-player list names (``Eleanor 3``, ``Margaret 6``…)."""
        for t in line:
            if t.holds(self.entered):
                for _, name, _, _ in string.Formatter().parse(t.msgid):
                    if name is not None and name in self.lists:
                        return self.lists[name]
        return ()


def _word(tr: Translator, score: ClubScore, page: Page, value: str | int) -> str:
    """A field's value in words: a player's name, an option's label (a suit's with its
    symbol: ``♥ Hearts``), a number."""
    if page.players is not None and value != NOBODY:
        return seat_name(tr, score, str(value))
    for option in page.options:
        if option.value == value:
            label = tr.t(option.label)
            if option.value in words.SUIT_SYMBOLS:
                return f"{words.trump_symbol(tr, option.value)} {label}"
            return label
    return str(value)


def _derive(
    fill: dict[str, object],
    entered: dict[str, object],
    values: Mapping[str, str | int],
    pair: tuple[str, str],
    most: int,
) -> None:
    """A count and its complement (North-South's tricks and East-West's): the one not
    entered is the rest of ``most``."""
    for known, other in (pair, pair[::-1]):
        n = values.get(known)
        if isinstance(n, int) and other not in values:
            fill[known] = entered[known] = n
            fill[other] = entered[other] = most - n
            return


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


# ------------------------------------------------------------------------ the score screen


def seat_name(tr: Translator, score: ClubScore, seat: str) -> str:
    """A player by name (by seat when the night's file has no name)."""
    for party in score.parties:
        if party.party == seat and party.players:
            return person(tr, party.players[0])
    return person(tr, Player(seat=seat, name=""))


def person(tr: Translator, player: Player) -> str:
    if player.name:
        return player.name
    if player.seat in _COMPASS:
        return tr.t(_COMPASS[player.seat])
    return tr.t("Player {n}").format(n=player.seat)


_COMPASS = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}


def trump_short(tr: Translator, round_: ClubRound | None) -> str:
    """``♥ Hearts``, ``no trump``; ``trump to draw`` before the hub has drawn it."""
    if round_ is None:
        return ""
    if not round_.has_trump or round_.trump == "none":
        return tr.t("no trump")
    if round_.trump is None:
        return tr.t("trump not drawn yet")
    return f"{words.trump_symbol(tr, round_.trump)} {words.trump_name(tr, round_.trump)}"


def trump_line(tr: Translator, round_: ClubRound | None) -> str:
    if round_ is None:
        return ""
    if not round_.has_trump or round_.trump == "none":
        return tr.t("No trump this round")
    if round_.trump is None:
        return tr.t("Trump: wait for the draw")
    return tr.t("Trump: {trump}").format(trump=trump_short(tr, round_))


def round_title(tr: Translator, round_: ClubRound | None) -> str:
    if round_ is None:
        return ""
    return tr.nt(
        "Round {r}: deal {n} card each", "Round {r}: deal {n} cards each", round_.cards
    ).format(r=round_.number, n=round_.cards)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\N{MINUS SIGN}{-n}" if n < 0 else "0"


def _record_said(
    tr: Translator, score: ClubScore, deal: int, record: Mapping[str, str | int]
) -> Said:
    """A deal as it was sent or scored, in words: the players its record names."""
    players = [p.party for p in score.parties]
    return Said.of(tr, score, record, lambda _page: players, deal=deal, sent=True)


def shown_score(score: ClubScore, party: ClubParty) -> int:
    """A party's score as the table should read it: once a deal has won a game, the score
    that game ended at (the 13-6 just won, an 8-to-1 game's final totals) until the next deal
    starts the next game, rather than its 0."""
    if score.game_over and party.last_game is not None:
        return party.last_game
    return party.score


def players_vm(
    tr: Translator,
    score: ClubScore,
    *,
    over: bool,
    end: str,
    enter: ButtonVM,
    call: ButtonVM,
) -> ClubPlayersVM:
    """The score screen of a game played each for oneself: every player by name with their
    total (big), what the hub says of them (out, games won), the next round and the last
    deal, as the game's schema says to show them."""
    show = entry_of(score.rules).show
    r = score.round
    places = {p.party: p for p in score.places} if over else {}
    last = score.last
    rows = []
    for party in score.parties:
        seat = party.party
        detail = []
        role = "text"
        # short: a row is half the screen wide at a table of four; who deals is in the bar
        # at the top, who chooses trump on the round's line
        place = places.get(seat)
        shown = shown_score(score, party)
        if place is not None:
            detail.append(place_text(tr, place))
        elif r is not None and not over and seat not in r.players:
            detail.append(tr.t("out"))
            role = "disabled"
        elif party.games:
            detail.append(tr.nt("{n} game", "{n} games", party.games).format(n=party.games))
        rows.append(
            PlayerRowVM(
                name=seat_name(tr, score, seat),
                score=_signed(shown) if show.signed else str(shown),
                detail=" · ".join(detail),
                role=role,
            )
        )
    rows += [PlayerRowVM(visible=False)] * (PLAYER_ROWS - len(rows))
    round_text = ""
    if r is not None and not over:
        first = (
            tr.nt(
                "Round {r} of {of}: {n} card each", "Round {r} of {of}: {n} cards each", r.cards
            ).format(r=r.number, of=show.rounds, n=r.cards)
            if show.rounds
            else round_title(tr, r)
            if counts_rounds(score)
            else tr.nt(
                "Deal {n} card to each player", "Deal {n} cards to each player", r.cards
            ).format(n=r.cards)
        )
        second = ""
        if show.trump is Trump.CHOSEN:
            second = (
                tr.t("{name} chooses trump").format(name=seat_name(tr, score, r.chooses_trump))
                if r.chooses_trump
                else tr.t("turn up the next card for trump")
            )
        elif show.trump is Trump.DRAWN and _suit(r) is None:
            second = trump_line(tr, r)  # no trump this round, or not drawn yet
        round_text = "\n".join(x for x in (first, second) if x)
    # the round's drawn trump (8-to-1), big on a white card beside the round's line
    suit = _suit(r) if r is not None and not over and show.trump is Trump.DRAWN else None
    trump = f"{words.trump_symbol(tr, suit)} {words.trump_name(tr, suit)}" if suit else ""

    said = ""
    if not over:
        said = (
            last_text(tr, score, last) if last is not None else words.no_deal_yet(tr, score.rules)
        )
    return ClubPlayersVM(
        title=game_title(tr.t, score.rules.name, score.rules.title),
        round=round_text,
        rows=tuple(rows),
        last=said,
        end=end,
        enter=replace(enter, text=tr.t("Enter round {n}").format(n=r.number))
        if r is not None and counts_rounds(score)
        else enter,
        call=call,
        # two columns from four players; one once the night is over, for the places
        cols=2 if len(score.parties) > 4 or (len(score.parties) > 3 and not over) else 1,
        round_big=show.rounds > 0,
        compact=len(score.parties) > 4,
        trump=trump,
        trump_role="card-red" if suit in words.RED_SUITS else "card-black",
    )


def place_text(tr: Translator, place: ClubPlace) -> str:
    """``place 1 of 8``, ``shared place 2 of 8``: a party's place in the room at the night's end."""
    text = tr.t("shared place {rank} of {of}") if place.shared else tr.t("place {rank} of {of}")
    return text.format(rank=place.rank, of=place.of)


def _suit(round_: ClubRound) -> str | None:
    """The round's trump suit, once drawn (None: no trump this round, or not drawn yet)."""
    if not round_.has_trump or round_.trump in (None, "none"):
        return None
    return round_.trump


def _by_leader(tr: Translator, last: ClubDealScored) -> str:
    if last.by != "leader":
        return ""
    if last.corrected:
        return tr.t("The leader corrected this deal.")
    return tr.t("The leader entered this deal.")


def last_text(tr: Translator, score: ClubScore, last: ClubDealScored) -> str:
    """The last deal as the hub scored it: each player's points by name (the deal in words
    above them, where the game says one), who went out, who won the game."""
    show = entry_of(score.rules).show
    if not show.deal_points:
        return outcome_text(tr, score, last)

    def deal(record: str) -> str:
        if last.round is not None:
            # a game of rounds says rounds, not the night's deals: the round before the one
            # the heading names goes without saying (and the screen has no line to spare),
            # the last round of a game won does not
            if not score.game_over:
                return record
            return tr.t("Round {r}: {record}").format(r=last.round, record=record)
        return tr.t("Deal {n}: {record}").format(n=last.deal, record=record)

    head = _record_said(tr, score, last.deal, last.record).line(show.last_head)
    # a name and its points stay together on a wrapped line ("-11" never alone)
    parts = [f"{seat_name(tr, score, line.party)}\xa0{_signed(line.points)}" for line in last.lines]
    # the deal in words on its own line, then what each player won or paid
    lines = [deal(head), " · ".join(parts)] if head else [deal(" · ".join(parts))]
    if last.knocked_out:
        lines.append(
            tr.t("Out: {names}").format(
                names=", ".join(seat_name(tr, score, s) for s in last.knocked_out)
            )
        )
    if last.game_won_by:
        winners = [last.game_won_by, *last.game_shared_with]
        names = ", ".join(seat_name(tr, score, s) for s in winners)
        lines.append(
            tr.t("{names} won the game").format(names=names)
            if len(winners) == 1
            else tr.t("{names} share the game").format(names=names)
        )
    lines.append(_by_leader(tr, last))
    return "\n".join(x for x in lines if x)


def outcome_text(tr: Translator, score: ClubScore, last: ClubDealScored) -> str:
    """The last round in one line, for a game whose score screen shows no deal's points: who
    won the game, else who went out (the players' totals are above)."""
    names = [seat_name(tr, score, s) for s in [last.game_won_by, *last.game_shared_with] if s]
    if names:
        text = tr.t("{names} won the game").format(names=", ".join(names))
    elif last.knocked_out:
        out = ", ".join(seat_name(tr, score, s) for s in last.knocked_out)
        text = tr.t("Out: {names}").format(names=out)
    else:
        text = tr.t("Nobody went out.")
    by = _by_leader(tr, last)
    return f"{text} {by}" if by else text


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _pad(options: list[ButtonVM], slots: int) -> tuple[ButtonVM, ...]:
    return tuple(options) + (ButtonVM(visible=False, enabled=False),) * (slots - len(options))


def record_summary(
    tr: Translator, score: ClubScore, deal: int, record: Mapping[str, str | int]
) -> str:
    """A deal as it was sent, on one or a few lines (the pending and refused screens)."""
    said = _record_said(tr, score, deal, record)
    lines = said.lines(entry_of(score.rules).short)
    text = lines[0] if lines else ""
    if score.round is not None and counts_rounds(score):
        # sent in the round the hub holds as the next one (a round waits for the last)
        first = tr.t("Round {r}: {record}").format(r=score.round.number, record=text)
    else:
        first = tr.t("Deal {n}: {record}").format(n=deal, record=text)
    return "\n".join([first, *lines[1:]])
