"""The club games played each for oneself at the table: a deal tapped in page by page, drawn
from the game's entry schema (:mod:`whist.formats.entry`, published as ``ClubRules.entry``).

:class:`PlayersFlow` is the part of :class:`kiosk.club.ClubDesk` that runs these pages, with
no Kivy and no game's name: the schema says the pages in order (a choice among a few big
buttons — a player, one of the game's options, or only "go on" —, or a number on the 0-13
keypad, asked once or of each player in turn), which apply given what is already tapped, how
high each count may go, which count is the rest of the cards (the last player's tricks), and
every question in the players' words. The deal being tapped in is the core's
(:class:`whist.formats.draft.PlayersEntry`: the pages, the taps, what is sent); this module
says it on the screens. A tap on a page records it and goes on to the next, so a deal takes
one tap per thing the players say. One tap of **Everyone agrees** sends it (docs/kiosk.md
says why one).

Every number the score screen shows is the hub's (:class:`~whist.protocol.ClubScore`: the
players' totals, who is out, the next round's cards, who chooses trump, the round's trump);
this module only puts them in words, as the schema says.

>>> from whist.protocol import Player
>>> from kiosk.i18n import translator
>>> person(translator("fr"), Player(seat="N", name=""))
'Nord'
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

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
from whist.enums import Unit
from whist.formats import TRICKS
from whist.formats.draft import (
    NOBODY,
    PlayersEntry,
    Step,
    entry_of,
)
from whist.formats.entry import Ask, Line, Most, Page, Text, Trump
from whist.protocol import (
    ClubDealScored,
    ClubParty,
    ClubPlace,
    ClubRound,
    ClubRules,
    ClubScore,
    Player,
)

#: The choose screen's slots (the most options a choice page has: Solo's eight contracts).
CHOOSE_SLOTS = 8
#: The score screen's rows (Knockout seats up to seven).
PLAYER_ROWS = 7
#: A confirm screen's big line names at most this many players; more go under, three a line.
HEAD_PLAYERS = 4


def counts_rounds(score: ClubScore) -> bool:
    """The table counts rounds of a game (8-to-1, the traditional Knockout), as the core says
    (``ClubRules.rounds``; from a hub that predates it, whether it publishes a round), rather
    than the night's deals."""
    rounds = score.rules.rounds
    return rounds if rounds is not None else score.round is not None


def is_individual(rules: ClubRules) -> bool:
    """Each player scores for themselves: the parties are the seats."""
    return list(rules.parties) == list(rules.seats)


class _Blank(dict[str, object]):
    """Placeholders not known here are said as nothing rather than failing."""

    def __missing__(self, key: str) -> str:
        return ""


class PlayersFlow(PlayersEntry):
    """A deal of a game played each for oneself, for the table whose score is ``score``: the
    core's :class:`~whist.formats.draft.PlayersEntry` (what is tapped, the pages, what is
    sent; its example taps a deal in), said on the kiosk's screens: ``flow.screen`` is the
    screen of the page on show, ``flow.entry_vm(tr)`` its keypad, ``flow.confirm_vm(tr, "")``
    where everyone agrees.
    """

    @property
    def screen(self) -> Screen:
        return Screen.ENTRY if self.step.is_count else Screen.CLUB_CHOOSE

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
        if place is not None:  # the night's end: its place, and what placed it
            detail.append(night_text(tr, score.rules, party, place))
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


def night_text(
    tr: Translator, rules: ClubRules, party: ClubParty, place: ClubPlace, *, every: bool = False
) -> str:
    """A party's place at the night's end and what the night ranked it by first
    (``ClubRules.ranks_by``): ``place 1 of 8 · 1 game`` (``· 7 points`` too with ``every``),
    where it ranks by games before points, since the score big on the row is the game's
    (issue 25); else ``place 1 of 8`` beside its total, big on the row."""
    ranks_by = rules.ranks_by or [rules.wins, Unit.POINTS]
    if len(ranks_by) == 1:
        return place_text(tr, place)
    said = {
        Unit.GAMES: lambda: tr.nt("{n} game", "{n} games", party.games).format(n=party.games),
        Unit.RUBBERS: lambda: tr.nt("{n} rubber", "{n} rubbers", party.rubbers).format(
            n=party.rubbers
        ),
        Unit.POINTS: lambda: tr.nt("{n} point", "{n} points", party.points).format(
            n=party.points
        ),
        Unit.TRICKS: lambda: tr.nt("{n} trick", "{n} tricks", party.points).format(
            n=party.points
        ),
    }
    # ``every`` measure where the line has the room (a partnership's row); else the first:
    # a player's row beside others does not fit a second on the 7-inch screen
    shown = ranks_by if every else ranks_by[:1]
    return " · ".join([place_text(tr, place), *(said[unit]() for unit in shown)])


def place_text(tr: Translator, place: ClubPlace) -> str:
    """``place 1 of 8``, ``place 2= of 8``: a party's place in the room at the night's end."""
    # a shared place reads "2=", as on every screen and sheet (whist.views.place_marks)
    text = tr.t("place {rank}= of {of}") if place.shared else tr.t("place {rank} of {of}")
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
    won the game, else who went out (the players' totals are above); a correction or a deal
    the leader entered says so on the next line."""
    names = [seat_name(tr, score, s) for s in [last.game_won_by, *last.game_shared_with] if s]
    if names:
        text = tr.t("{names} won the game").format(names=", ".join(names))
    elif last.knocked_out:
        out = ", ".join(seat_name(tr, score, s) for s in last.knocked_out)
        text = tr.t("Out: {names}").format(names=out)
    else:
        text = tr.t("Nobody went out.")
    by = _by_leader(tr, last)
    # the leader's part on a line of its own: "Eleanor won the game" has no full stop
    return f"{text}\n{by}" if by else text


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
