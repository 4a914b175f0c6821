"""The games played each for oneself at the table (Widow, Solo, Knockout, 8-to-1 bidding
whist): the pages a deal is tapped in on, each player's entries by name.

:class:`PlayersFlow` is the part of :class:`kiosk.club.ClubDesk` that knows these games, with
no Kivy. A deal is a short list of pages (:func:`pages`): a choice among a few big buttons
(who took the widow, the contract, the bidder, the partner; 8-to-1's "we have played"
between the bids and the tricks), or a number on the 0-13 keypad (one player's tricks or
bid, the bidding side's tricks). A tap on a page records it and goes on to the next page, so
a deal takes one tap per thing the players say; the last player's tricks are the rest of the
round's cards, as East-West's are at a partnership table. One tap of **Everyone agrees**
sends it (docs/kiosk.md says why one).

Every number the score screen shows is the hub's (:class:`~whist.protocol.ClubScore`: the
players' totals, who is out, the next round's cards, who chooses trump, the round's trump);
this module only puts them in words.

>>> PAGES_OF_WIDOW = pages("widow", ("1", "2", "3"), None, {})
>>> [p.kind + p.seat for p in PAGES_OF_WIDOW]
['widow', 'tricks1', 'tricks2']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
from whist.protocol import ClubDealScored, ClubRound, ClubScore, DealRecord, Player

#: The games this module runs (ClubRules.name).
GAMES = frozenset({"widow", "solo", "knockout", "eight-to-one"})
TRICKS = 13

#: Solo whist's contracts, lowest first, after "everyone passed" (rules.md SO1).
CONTRACTS = (
    "pass",
    "prop",
    "solo",
    "misere",
    "abondance",
    "royal_abondance",
    "misere_ouverte",
    "abondance_declaree",
)
CONTRACT_NAMES = {
    "pass": N_("Everyone passed"),
    "prop": N_("Prop and cop"),
    "solo": N_("Solo"),
    "misere": N_("Misère"),
    "abondance": N_("Abondance"),
    "royal_abondance": N_("Royal abondance"),
    "misere_ouverte": N_("Misère ouverte"),
    "abondance_declaree": N_("Abondance déclarée"),
}
#: The contracts the bidder plays alone: no partner to enter.
_ALONE = frozenset(CONTRACTS) - {"pass", "prop"}
NOBODY = "none"
#: The choose screen's slots (Solo's eight contracts).
CHOOSE_SLOTS = 8
#: The score screen's rows (Knockout seats up to seven).
PLAYER_ROWS = 7


def is_individual(name: str | None) -> bool:
    return name in GAMES


@dataclass(frozen=True)
class Page:
    """One page of a deal: ``kind`` is what it asks (``widow``, ``contract``, ``bidder``,
    ``partner``, ``revoker``, ``play``: a choice; ``tricks``, ``bid``, ``bidder_tricks``: a
    number), ``seat`` whose number it is."""

    kind: str
    seat: str = ""

    @property
    def key(self) -> str:
        """The record's field this page sets."""
        return (
            f"{'bid' if self.kind == 'bid' else self.kind}_{self.seat}" if self.seat else self.kind
        )

    @property
    def is_count(self) -> bool:
        return self.kind in ("tricks", "bid", "bidder_tricks")


def pages(
    game: str,
    players: Sequence[str],
    round_: ClubRound | None,
    values: Mapping[str, str | int],
) -> list[Page]:
    """The pages of a deal of ``game`` with what has been tapped so far (Solo's pages depend
    on the contract). The last player's tricks have no page: they are the rest."""
    if game == "widow":
        return [Page("widow"), *(Page("tricks", s) for s in players[:-1])]
    if game == "solo":
        contract = values.get("contract")
        if contract == "pass":
            return [Page("contract")]
        partner = [Page("partner")] if contract == "prop" else []
        return [Page("contract"), Page("bidder"), *partner, Page("bidder_tricks")]
    still_in = list(round_.players) if round_ is not None else list(players)
    if game == "knockout":
        return [Page("tricks", s) for s in still_in[:-1]]
    return [
        *(Page("bid", s) for s in still_in),
        Page("play"),
        *(Page("tricks", s) for s in still_in[:-1]),
    ]


@dataclass(frozen=True)
class PlayersDraft:
    """A deal being tapped in: its number, what has been tapped (by the record's field
    names: ``widow``, ``tricks_2``, ``bid_N``, ``contract``…) and the page on screen.
    ``revoker_page``: Solo's side trip to say who revoked."""

    deal: int
    values: Mapping[str, str | int] = field(default_factory=dict)
    page: int = 0
    revoker_page: bool = False


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
    def game(self) -> str:
        return self.score.rules.name

    @property
    def players(self) -> list[str]:
        return [p.party for p in self.score.parties]

    @property
    def round(self) -> ClubRound | None:
        return self.score.round if self.game in ("knockout", "eight-to-one") else None

    @property
    def cards(self) -> int:
        r = self.round
        return r.cards if r is not None else TRICKS

    @property
    def pages(self) -> list[Page]:
        return pages(self.game, self.players, self.round, self.draft.values)

    @property
    def done(self) -> bool:
        """Every page tapped: the deal goes to the confirm screen."""
        return self.draft.page >= len(self.pages)

    @property
    def page(self) -> Page:
        if self.draft.revoker_page:
            return Page("revoker")
        return self.pages[min(self.draft.page, len(self.pages) - 1)]

    @property
    def screen(self) -> Screen:
        return Screen.ENTRY if self.page.is_count else Screen.CLUB_CHOOSE

    @property
    def trick_seats(self) -> list[str]:
        """Whose tricks are entered, in order; the last one's are the rest."""
        if self.game == "solo":
            return []
        if self.game == "widow":
            return self.players
        r = self.round
        return list(r.players) if r is not None else self.players

    def rest(self) -> int | None:
        """The last player's tricks: the cards the others did not take."""
        seats = self.trick_seats
        taken = [self.draft.values.get(f"tricks_{s}") for s in seats[:-1]]
        if not seats or any(not isinstance(t, int) for t in taken):
            return None
        return self.cards - sum(t for t in taken if isinstance(t, int))

    def most(self, page: Page) -> int:
        """The highest number the page's keypad offers."""
        if page.kind == "bidder_tricks":
            return TRICKS
        return self.cards

    def allowed(self, page: Page) -> int:
        """The highest number that still leaves the tricks adding up (no one's rest below 0)."""
        if page.kind != "tricks":
            return self.most(page)
        seats = self.trick_seats
        before = seats[: seats.index(page.seat)]
        taken = sum(_int(self.draft.values.get(f"tricks_{s}")) for s in before)
        return self.cards - taken

    def value(self, page: Page) -> str | int | None:
        if page.kind == "play":
            return "played" if self.draft.page > self.pages.index(page) else None
        if page.kind == "revoker":
            return self.draft.values.get("revoker", NOBODY)
        return self.draft.values.get(page.key)

    # ================================================================ taps
    def _set(self, key: str, value: str | int) -> None:
        values = dict(self.draft.values)
        values[key] = value
        page = self.page
        if page.kind == "tricks":
            # a changed count drops the counts after it: they may no longer fit
            seats = self.trick_seats
            for s in seats[seats.index(page.seat) + 1 :]:
                values.pop(f"tricks_{s}", None)
        if key == "bidder" and values.get("partner") == value:
            values.pop("partner")
        if key == "contract" and value not in ("prop",):
            values.pop("partner", None)
        self.draft = replace(self.draft, values=values)

    def _advance(self) -> None:
        self.draft = replace(self.draft, page=self.draft.page + 1)

    def options(self) -> list[str]:
        """What the choose page's buttons stand for, in order."""
        kind = self.page.kind
        if kind == "widow":
            return [*self.players, NOBODY]
        if kind == "contract":
            return list(CONTRACTS)
        if kind == "bidder":
            return list(self.players)
        if kind == "partner":
            bidder = self.draft.values.get("bidder")
            return [s for s in self.players if s != bidder]
        if kind == "revoker":
            return [NOBODY, *self.players]
        return ["play"]

    def choose(self, slot: int) -> bool:
        """A tap on the choose page's button ``slot``."""
        if self.done or self.page.is_count:
            return False
        options = self.options()
        if not 0 <= slot < len(options):
            return False
        page, value = self.page, options[slot]
        if page.kind == "revoker":
            values = dict(self.draft.values)
            if value == NOBODY:
                values.pop("revoker", None)
            else:
                values["revoker"] = value
            self.draft = replace(self.draft, values=values, revoker_page=False)
            return True
        if page.kind != "play":
            self._set(page.key, value)
        self._advance()
        return True

    def count(self, n: int) -> bool:
        """A tap on the keypad: this page's number."""
        if self.done or not self.page.is_count or not 0 <= n <= self.allowed(self.page):
            return False
        self._set(self.page.key, n)
        self._advance()
        return True

    def next(self) -> bool:
        """Next: on to the next page, when this one has its number (after Back)."""
        if self.done or self.draft.revoker_page or self.value(self.page) is None:
            return False
        self._advance()
        return True

    def back(self) -> bool:
        """One page back; False on the first page (back to the score)."""
        if self.draft.revoker_page:
            self.draft = replace(self.draft, revoker_page=False)
            return True
        if self.draft.page == 0:
            return False
        self.draft = replace(self.draft, page=min(self.draft.page, len(self.pages)) - 1)
        return True

    def open_revoker(self) -> bool:
        if not self.done and self.page.kind == "bidder_tricks":
            self.draft = replace(self.draft, revoker_page=True)
            return True
        return False

    # ================================================================ what is sent
    def record(self) -> DealRecord:
        """The deal as the hub reads it: the fields the game reads, the last player's tricks
        the rest."""
        v = self.draft.values
        if self.game == "solo":
            fields = {k: v[k] for k in ("contract", "bidder", "partner", "bidder_tricks") if k in v}
            if v.get("contract") != "pass" and "revoker" in v:
                fields["revoker"] = v["revoker"]
            if v.get("contract") == "pass":
                fields = {"contract": "pass"}
            return DealRecord.model_validate(fields)
        seats = self.trick_seats
        tricks = {s: _int(v.get(f"tricks_{s}")) for s in seats[:-1]}
        rest = self.rest()
        if seats and rest is not None:
            tricks[seats[-1]] = rest
        data: dict[str, object] = {"tricks": tricks}
        if self.game == "widow":
            data["widow"] = v.get("widow", NOBODY)
        if self.game == "eight-to-one":
            data["bids"] = {s: _int(v.get(f"bid_{s}")) for s in seats}
        return DealRecord.model_validate(data)

    @classmethod
    def again(cls, score: ClubScore, deal: int, record: DealRecord) -> PlayersFlow:
        """A refused deal, filled in again from what was sent, on its first page."""
        values: dict[str, str | int] = dict(record.fields())
        values.pop("trump", None)
        return cls(score, PlayersDraft(deal=deal, values=values))

    # ================================================================ in words
    def name(self, tr: Translator, seat: str) -> str:
        return seat_name(tr, self.score, seat)

    def choose_vm(self, tr: Translator) -> ClubChooseVM:
        page, d = self.page, self.draft
        kind = page.kind
        chosen = self.value(page)
        labels: list[str] = []
        for option in self.options():
            if option == NOBODY:
                labels.append(tr._("Nobody"))
            elif kind == "contract":
                labels.append(tr._(CONTRACT_NAMES[option]))
            elif kind == "play":
                labels.append(tr._("We have played:\nenter the tricks"))
            else:
                labels.append(self.name(tr, option))
        buttons = [
            ButtonVM(text, role="selected" if option == chosen else "normal")
            for option, text in zip(self.options(), labels, strict=True)
        ]
        detail = ""
        if kind == "widow":
            question = tr._("Deal {n}: who took the widow?").format(n=d.deal)
        elif kind == "contract":
            question = tr._("Deal {n}: what was the contract?").format(n=d.deal)
        elif kind == "bidder":
            question = tr._("Who bid {contract}?").format(
                contract=tr._(CONTRACT_NAMES[str(d.values.get("contract"))])
            )
        elif kind == "partner":
            question = tr._("Who accepted {bidder}'s proposal?").format(
                bidder=self.name(tr, str(d.values.get("bidder")))
            )
        elif kind == "revoker":
            question = tr._("Who revoked?")
            detail = tr._("Three tricks are moved against the side that revoked.")
        else:
            question = trump_line(tr, self.round)
            detail = self.bids_text(tr)
        cols = 4 if len(buttons) > 5 else 2 if len(buttons) == 4 else max(1, len(buttons))
        return ClubChooseVM(
            question=question,
            detail=detail,
            kinds=tuple(self.options()),
            options=_pad(buttons, CHOOSE_SLOTS),
            cols=cols,
            back=ButtonVM(tr._("Back")),
            big=kind == "play",
        )

    def bids_text(self, tr: Translator) -> str:
        v = self.draft.values
        parts = [
            tr._("{name} {n}").format(name=self.name(tr, s), n=v[f"bid_{s}"])
            for s in self.trick_seats
            if f"bid_{s}" in v
        ]
        return tr._("Bids: {bids}").format(bids=" · ".join(parts)) if parts else ""

    def entry_vm(self, tr: Translator) -> EntryVM:
        page = self.page
        chosen = self.value(page)
        most, allowed = self.most(page), self.allowed(page)
        keys = tuple(
            ButtonVM(
                str(n),
                role="selected" if n == chosen else "normal" if n <= allowed else "disabled",
                enabled=n <= allowed,
                visible=n <= most,
            )
            for n in range(TRICKS + 1)
        )
        name = self.name(tr, page.seat) if page.seat else ""
        # one line each: the question, and what is left to share out (the names are all on
        # the confirm screen; here they would not fit on one line at a table of seven)
        if page.kind == "bid":
            question = tr._("What did {name} bid?").format(name=name)
            bids = [_int(self.draft.values.get(f"bid_{s}")) for s in self.trick_seats]
            first = self.trick_seats.index(page.seat) == 0
            readout = (
                trump_line(tr, self.round)
                if first
                else tr._("Bids so far: {n} for {cards} cards").format(
                    n=sum(bids[: self.trick_seats.index(page.seat)]), cards=self.cards
                )
            )
        elif page.kind == "tricks":
            question = tr._("How many tricks did {name} take?").format(name=name)
            readout = tr._("Tricks still to share out: {n}").format(n=allowed)
        else:
            v = self.draft.values
            bidder = self.name(tr, str(v.get("bidder")))
            if v.get("contract") == "prop":
                who = tr._("{a} & {b}").format(a=bidder, b=self.name(tr, str(v.get("partner"))))
                question = tr._("{who}: how many tricks?").format(who=who)
            else:
                question = tr._("How many tricks did {name} take?").format(name=bidder)
            readout = self.contract_text(tr)
        revoker = self.draft.values.get("revoker")
        revokes = ButtonVM(visible=False, enabled=False)
        if page.kind == "bidder_tricks":
            revokes = (
                ButtonVM(
                    tr._("Revoke: {name}").format(name=self.name(tr, str(revoker))),
                    role="selected",
                )
                if revoker
                else ButtonVM(tr._("Revoke"))
            )
        return EntryVM(
            question=question,
            keys=keys,
            readout=readout,
            back=ButtonVM(tr._("Back")),
            revokes=revokes,
            next=ButtonVM(
                tr._("Next"),
                role="primary" if chosen is not None else "disabled",
                enabled=chosen is not None,
            ),
        )

    def tricks_text(self, tr: Translator) -> str:
        """``Eleanor 3 · Margaret 6 · Harold 4`` (the last one the rest), ``?`` for a player
        still to enter."""
        v, seats = self.draft.values, self.trick_seats
        parts = []
        for s in seats[:-1]:
            n = v.get(f"tricks_{s}")
            parts.append(f"{self.name(tr, s)} {n if n is not None else '?'}")
        rest = self.rest()
        if seats:
            parts.append(f"{self.name(tr, seats[-1])} {rest if rest is not None else '?'}")
        return " · ".join(parts)

    def contract_text(self, tr: Translator) -> str:
        return contract_text(tr, self.score, self.draft.values)

    def confirm_vm(self, tr: Translator, error: str) -> ConfirmVM:
        d, v = self.draft, self.draft.values
        head, lines = "", []
        if self.game == "widow":
            taker = v.get("widow", NOBODY)
            head = (
                tr._("Nobody took the widow")
                if taker == NOBODY
                else tr._("{name} took the widow").format(name=self.name(tr, str(taker)))
            )
            lines.append(tr._("Tricks: {list}").format(list=self.tricks_text(tr)))
        elif self.game == "solo":
            head = self.contract_text(tr)
            if "bidder_tricks" in v and v.get("contract") != "pass":
                lines.append(
                    tr.ngettext("{n} trick", "{n} tricks", _int(v["bidder_tricks"])).format(
                        n=v["bidder_tricks"]
                    )
                )
            if "revoker" in v and v.get("contract") != "pass":
                lines.append(tr._("{name} revoked").format(name=self.name(tr, str(v["revoker"]))))
        elif self.game == "knockout":
            head = tr._("Tricks: {list}").format(list=self.tricks_text(tr))
            out = [self.name(tr, s) for s in self.trick_seats if self._final_tricks(s) == 0]
            if out:
                lines.append(tr._("No trick: {names}").format(names=", ".join(out)))
        else:
            lines = [
                tr._("{name}: bid {bid}, took {took}").format(
                    name=self.name(tr, s), bid=v.get(f"bid_{s}"), took=self._final_tricks(s)
                )
                for s in self.trick_seats
            ]
        title = tr._("Deal {n}: is this right?").format(n=d.deal)
        if self.game == "eight-to-one" and self.round is not None:
            title = tr._("Round {r} · {trump}: is this right?").format(
                r=self.round.number, trump=trump_short(tr, self.round)
            )
        elif self.round is not None:
            title = tr._("Round {n}: is this right?").format(n=self.round.number)
        if self.game == "eight-to-one" or len(self.trick_seats) > 4:
            # one line a player: the names and numbers at the size of the notes, so that four
            # (or Knockout's seven, three to a line) fit above the button
            if self.game == "knockout":
                pairs = self.tricks_text(tr).split(" · ")
                lines = [" · ".join(pairs[i : i + 3]) for i in range(0, len(pairs), 3)] + lines
            head = ""
        return ConfirmVM(
            title=title,
            outcome=head,
            note="\n".join(
                x
                for x in (
                    "\n".join(lines) if not head else " · ".join(lines),
                    tr._("When everyone agrees, tap the green button."),
                )
                if x
            ),
            error=error,
            home=ButtonVM(tr._("Everyone agrees"), role="primary"),
            visitors=ButtonVM(visible=False, enabled=False),
            back=ButtonVM(tr._("Change")),
        )

    def _final_tricks(self, seat: str) -> int | None:
        seats = self.trick_seats
        if seats and seat == seats[-1]:
            return self.rest()
        n = self.draft.values.get(f"tricks_{seat}")
        return n if isinstance(n, int) else None


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
    if player.seat in ("N", "E", "S", "W"):
        return tr._(_COMPASS[player.seat])
    return tr._("Player {n}").format(n=player.seat)


_COMPASS = {"N": N_("North"), "E": N_("East"), "S": N_("South"), "W": N_("West")}


def trump_short(tr: Translator, round_: ClubRound | None) -> str:
    """``♥ Hearts``, ``no trump``; ``trump to draw`` before the hub has drawn it."""
    if round_ is None:
        return ""
    if not round_.has_trump or round_.trump == "none":
        return tr._("no trump")
    if round_.trump is None:
        return tr._("trump not drawn yet")
    return f"{words.trump_symbol(tr, round_.trump)} {words.trump_name(tr, round_.trump)}"


def trump_line(tr: Translator, round_: ClubRound | None) -> str:
    if round_ is None:
        return ""
    if not round_.has_trump or round_.trump == "none":
        return tr._("No trump this round")
    if round_.trump is None:
        return tr._("Trump: wait for the draw")
    return tr._("Trump: {trump}").format(trump=trump_short(tr, round_))


def round_title(tr: Translator, round_: ClubRound | None) -> str:
    if round_ is None:
        return ""
    return tr.ngettext(
        "Round {r}: deal {n} card each", "Round {r}: deal {n} cards each", round_.cards
    ).format(r=round_.number, n=round_.cards)


def contract_text(tr: Translator, score: ClubScore, values: Mapping[str, str | int]) -> str:
    contract = str(values.get("contract", ""))
    if contract == "pass":
        return tr._("Everyone passed: no score")
    if contract not in CONTRACT_NAMES:
        return ""
    name = tr._(CONTRACT_NAMES[contract])
    bidder = values.get("bidder")
    if bidder is None:
        return name
    who = seat_name(tr, score, str(bidder))
    partner = values.get("partner")
    if contract == "prop" and partner is not None:
        who = tr._("{a} & {b}").format(a=who, b=seat_name(tr, score, str(partner)))
    return tr._("{contract}: {who}").format(contract=name, who=who)


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\N{MINUS SIGN}{-n}" if n < 0 else "0"


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
    total (big), what the hub says of them (out, chooses trump, games won), the next round
    (Knockout, 8-to-1) and the last deal."""
    game = score.rules.name
    r = score.round
    places = {p.party: p for p in score.places} if over else {}
    rows = []
    for party in score.parties:
        seat = party.party
        detail = []
        role = "text"
        # short: a row is half the screen wide at a table of four; who deals is in the bar
        # at the top, who chooses trump on the round's line
        place = places.get(seat)
        if place is not None:
            text = (
                tr._("shared place {rank} of {of}")
                if place.shared
                else tr._("place {rank} of {of}")
            )
            detail.append(text.format(rank=place.rank, of=place.of))
        elif game == "knockout" and r is not None and not over and seat not in r.players:
            detail.append(tr._("out"))
            role = "disabled"
        elif game in ("knockout", "eight-to-one") and party.games:
            detail.append(tr.ngettext("{n} game", "{n} games", party.games).format(n=party.games))
        rows.append(
            PlayerRowVM(
                name=seat_name(tr, score, seat),
                score=_signed(party.score) if game == "solo" else str(party.score),
                detail=" · ".join(detail),
                role=role,
            )
        )
    rows += [PlayerRowVM(visible=False)] * (PLAYER_ROWS - len(rows))
    round_text = ""
    if r is not None and not over:
        if game == "knockout":
            chooser = (
                tr._("{name} chooses trump").format(name=seat_name(tr, score, r.chooses_trump))
                if r.chooses_trump
                else tr._("turn up the next card for trump")
            )
            round_text = f"{round_title(tr, r)}\n{chooser}"
        else:
            round_text = (
                tr._("Round {r} of 21: {n} cards each").format(r=r.number, n=r.cards)
                + "\n"
                + trump_line(tr, r)
            )
    last = ""
    if not over:
        last = last_text(tr, score, score.last) if score.last is not None else tr._("No deal yet.")
    return ClubPlayersVM(
        title=game_title(tr._, score.rules.name, score.rules.title),
        round=round_text,
        rows=tuple(rows),
        last=last,
        end=end,
        enter=replace(enter, text=tr._("Enter round {n}").format(n=r.number))
        if r is not None
        else enter,
        call=call,
        # two columns from four players; one once the night is over, for the places
        cols=2 if len(score.parties) > 4 or (len(score.parties) > 3 and not over) else 1,
        round_big=game == "eight-to-one",
        compact=len(score.parties) > 4,
    )


def last_text(tr: Translator, score: ClubScore, last: ClubDealScored) -> str:
    """The last deal as the hub scored it: each player's points by name, who went out, who
    won the game."""
    game = score.rules.name
    if game == "knockout":
        return knockout_last(tr, score, last)

    def deal(record: str) -> str:
        return tr._("Deal {n}: {record}").format(n=last.deal, record=record)

    head = ""
    if game == "solo":
        head = deal(contract_text(tr, score, last.record))
    parts = []
    for line in last.lines:
        # a name and its points stay together on a wrapped line ("-11" never alone)
        parts.append(f"{seat_name(tr, score, line.party)}\xa0{_signed(line.points)}")
    # Solo: the contract on its own line, then what each player won or paid
    lines = [head, " · ".join(parts)] if head else [deal(" · ".join(parts))]
    if last.knocked_out:
        lines.append(
            tr._("Out: {names}").format(
                names=", ".join(seat_name(tr, score, s) for s in last.knocked_out)
            )
        )
    if last.game_won_by:
        winners = [last.game_won_by, *last.game_shared_with]
        names = ", ".join(seat_name(tr, score, s) for s in winners)
        lines.append(
            tr._("{names} won the game").format(names=names)
            if len(winners) == 1
            else tr._("{names} share the game").format(names=names)
        )
    if last.by == "leader":
        lines.append(
            tr._("The leader corrected this deal.")
            if last.corrected
            else tr._("The leader entered this deal.")
        )
    return "\n".join(lines)


def knockout_last(tr: Translator, score: ClubScore, last: ClubDealScored) -> str:
    """Knockout's last round in one line: who won the game, else who went out (the tricks
    are the players' totals above)."""
    names = [seat_name(tr, score, s) for s in [last.game_won_by, *last.game_shared_with] if s]
    if names:
        text = tr._("{names} won the game").format(names=", ".join(names))
    elif last.knocked_out:
        out = ", ".join(seat_name(tr, score, s) for s in last.knocked_out)
        text = tr._("Out: {names}").format(names=out)
    else:
        text = tr._("Nobody went out.")
    if last.by == "leader":
        text += " " + (
            tr._("The leader corrected this deal.")
            if last.corrected
            else tr._("The leader entered this deal.")
        )
    return text


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _pad(options: list[ButtonVM], slots: int) -> tuple[ButtonVM, ...]:
    return tuple(options) + (ButtonVM(visible=False, enabled=False),) * (slots - len(options))


def record_summary(
    tr: Translator, score: ClubScore, deal: int, record: Mapping[str, str | int]
) -> str:
    """A deal as it was sent, on one or two lines (the pending and refused screens)."""
    game = score.rules.name

    def head(record: str) -> str:
        return tr._("Deal {n}: {record}").format(n=deal, record=record)

    if game == "solo":
        parts = [contract_text(tr, score, record)]
        if "bidder_tricks" in record:
            n = _int(record["bidder_tricks"])
            parts.append(tr.ngettext("{n} trick", "{n} tricks", n).format(n=n))
        return head(" · ".join(p for p in parts if p))
    seats = [p.party for p in score.parties]
    tricks = [
        f"{seat_name(tr, score, s)} {record[f'tricks_{s}']}"
        for s in seats
        if f"tricks_{s}" in record
    ]
    text = head(" · ".join(tricks))
    widow = record.get("widow")
    if game == "widow" and widow not in (None, NOBODY):
        text += "\n" + tr._("{name} took the widow").format(name=seat_name(tr, score, str(widow)))
    bids = [
        f"{seat_name(tr, score, s)} {record[f'bid_{s}']}" for s in seats if f"bid_{s}" in record
    ]
    if bids:
        text += "\n" + tr._("Bids: {bids}").format(bids=" · ".join(bids))
    return text
