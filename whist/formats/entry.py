"""The entry schema: what a table enters for one deal of a club game, declared by the game.

A game's :class:`EntrySchema` lists the **pages** a deal is tapped in on, in order: each asks
for one field of the deal record — a count on the 0-13 keypad (:attr:`Ask.COUNT`), one of a
few big buttons (:attr:`Ask.CHOICE`: a player, or one of the game's :class:`Option`), or only a
tap to go on (:attr:`Ask.GO`). A page may be asked of each player in turn (:attr:`Page.each`),
the last player's count then being the rest of the cards (:attr:`Page.rest`), and may apply only
given what is already entered (:attr:`Page.when`). The schema also says what the players read
(message ids for the catalogs: :class:`Text`), how the deal is summed up before they agree and
once it is sent, who must agree (:class:`Confirm`), and what the score screen shows of a round.

The core publishes it with the game's rules (``ClubRules.entry``); a screen draws its pages
from it and never names a game. Pure data: frozen dataclasses and enums, no I/O.

**Placeholders** a screen fills in a :class:`Text` (``str.format`` names):

* ``{deal}`` the deal's number; ``{round}`` the round's, ``{cards}`` the cards each this round
  (13 in a game without rounds), ``{trump}`` the round's trump in short (``♥ Hearts``,
  ``no trump``), ``{trump_line}`` the same as a sentence (``Trump: ♥ Hearts``);
* ``{name}`` the player a page asks about (or, in a line said for each player, that player);
* ``{left}`` the most this page's count may be (the tricks still to share out);
  ``{own_FIELD}`` the number the player a page asks about entered for ``FIELD`` (a page
  asked of each player: ``{own_bid}`` on the tricks page);
  ``{so_far}`` the sum of this field entered for the players before (absent on the first);
* ``{FIELD}`` an entered field said in words: a player's name, an option's label, a number;
  for a field asked of each player, the list ``Eleanor 3 · Margaret 6 · Harold 4`` (the
  rest included, ``?`` for a player still to enter) — or, in a line said for each player,
  that player's number; ``{FIELD_none}`` the players whose count is 0 (absent if none).

* ``{DERIVED}`` a count's complement (``{ew_tricks}``: the tricks North-South did not take,
  :attr:`Page.derived`), whichever of the two was entered;
* on a partnership game's revokes page and where its players agree (:class:`Revokes`): each
  side's revokes by their field (``{ns_revokes}``, 0 when none) and ``{points}``, a
  revoke's penalty.

Conditions (:class:`When`) read the same names.

>>> w = When("contract", ("pass",), negate=True)
>>> w.holds({"contract": "solo"}), w.holds({"contract": "pass"}), w.holds({})
(True, False, True)
>>> Text("Deal {deal}: who took the widow?").holds({})
True
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


def E_(msgid: str) -> str:
    """Mark a text of an entry schema for the kiosk's catalog (pybabel keyword ``E_``, not a
    default one: the console's extraction must not find it): the screen translates it and
    fills its placeholders.

    >>> E_("Who revoked?")
    'Who revoked?'
    """
    return msgid


def En_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a text said by a count, singular and plural, for the kiosk's catalog (pybabel's
    keyword ``En_:1,2``); :meth:`Text.counted` says it.

    >>> Text.counted(En_("{n} trick", "{n} tricks"), "n").plural
    '{n} tricks'
    """
    return singular, plural


class Ask(enum.StrEnum):
    """What a page asks for."""

    COUNT = "count"  # a number on the keypad
    CHOICE = "choice"  # one of a few big buttons
    GO = "go"  # one button that only goes on (the players have played)


class Who(enum.StrEnum):
    """Which players a page lists or is asked of."""

    TABLE = "table"  # every player at the table
    IN_ROUND = "in_round"  # the players still in this round (the hub's ClubRound)


class Most(enum.StrEnum):
    """The highest count a keypad offers."""

    CARDS = "cards"  # the cards each player holds this round (13 without rounds)
    TRICKS = "tricks"  # the tricks of a full deal: 13


class Confirm(enum.StrEnum):
    """Who agrees to a deal before it is sent."""

    EVERYONE = "everyone"  # one tap, once everyone at the table agrees
    EACH_SIDE = "each_side"  # each partnership taps its own button


class Trump(enum.StrEnum):
    """What the score screen says of a round's trump."""

    NONE = "none"  # the game has no rounds (or the deal's trump is entered)
    CHOSEN = "chosen"  # a player chooses it, else the next card is turned up
    DRAWN = "drawn"  # the hub draws it for the whole room


@dataclass(frozen=True)
class When:
    """A condition on what is entered: ``field`` is set (``values`` empty) or is one of
    ``values``; ``negate`` turns it round (not set, or none of them)."""

    field: str
    values: tuple[str, ...] = ()
    negate: bool = False

    def holds(self, entered: Mapping[str, object]) -> bool:
        value = entered.get(self.field)
        found = value is not None and (not self.values or str(value) in self.values)
        return found != self.negate


@dataclass(frozen=True)
class Text:
    """A message id said when every condition of ``when`` holds. With ``plural`` it is said
    by ngettext of the number in field ``count``; with ``each`` it is said once for each
    player the deal's per-player fields name."""

    msgid: str
    when: tuple[When, ...] = ()
    plural: str = ""
    count: str = ""
    each: bool = False

    def holds(self, entered: Mapping[str, object]) -> bool:
        return all(w.holds(entered) for w in self.when)

    @classmethod
    def counted(cls, texts: tuple[str, str], count: str, when: tuple[When, ...] = ()) -> Text:
        """A text said by ngettext of the number in field ``count``."""
        return cls(texts[0], when=when, plural=texts[1], count=count)


#: A line of words: its texts that hold, joined by `` · ``.
Line = tuple[Text, ...]


@dataclass(frozen=True)
class Option:
    """One button of a choice: the value sent and its label (a message id)."""

    value: str
    label: str


@dataclass(frozen=True)
class Page:
    """One page of a deal: it sets ``field`` of the deal record (or, asked of each player,
    ``{field}_{seat}``, sent as the record's ``record`` mapping)."""

    field: str
    ask: Ask
    question: Line
    #: The line under the keypad, or under a choice's question.
    readout: Line = ()
    #: Asked of each of these players in turn (None: asked once).
    each: Who | None = None
    record: str = ""
    #: Asked of each player in the order of play: from the dealer's left round the table
    #: (the bids), rather than in the table's order of seats.
    from_dealer: bool = False
    #: The last player's count is not asked: it is the cards the others did not take, and
    #: no one's count may leave less than none for the players after.
    rest: bool = False
    #: A count asked once whose complement is another field: ``ew_tricks`` is the tricks
    #: North-South did not take (the screen shows it; the hub works it out).
    derived: str = ""
    most: Most = Most.CARDS
    #: A choice of a player (of ``players``, but not the one in field ``leave_out``), with a
    #: "Nobody" button first or last (``nobody``: ``first``, ``last`` or empty; choosing it
    #: sends ``none``, or leaves the field out on an aside page), or of ``options``.
    players: Who | None = None
    leave_out: str = ""
    nobody: str = ""
    options: tuple[Option, ...] = ()
    #: The GO page's one button.
    button: str = ""
    #: The page applies only when these hold.
    when: tuple[When, ...] = ()
    #: A page opened from this one by an extra button (``aside_button``: its label), that
    #: comes back here (Solo's revoker).
    aside: Page | None = None
    aside_button: Line = ()
    #: The answer in words where the players agree (``Trump: {trump}``); empty: the
    #: chosen option's own label. ``short``: said short (the score's last deal).
    said: str = ""
    short: Line = ()

    def key(self, seat: str = "") -> str:
        """The field an entry of this page is kept under: ``widow``, ``tricks_N``."""
        return f"{self.field}_{seat}" if self.each is not None else self.field

    def applies(self, entered: Mapping[str, object]) -> bool:
        return all(w.holds(entered) for w in self.when)


@dataclass(frozen=True)
class Show:
    """What the score screen shows of the game: points with their sign (points change
    hands), each deal's points in the last deal's line, that line's head (the deal in words),
    the rounds a game has (0: it ends by its play) and what is said of a round's trump."""

    signed: bool = False
    deal_points: bool = True
    last_head: Line = ()
    rounds: int = 0
    trump: Trump = Trump.NONE


@dataclass(frozen=True)
class Revokes:
    """The revokes page of a game of two partnerships, opened from the tricks page: each
    side's established revokes (``fields``, the sides named by ``sides``), what a revoke
    costs (``rule``, its ``{points}`` the game's penalty) and which side revoked (``said``,
    reading the counts). Issue 29: the page says both."""

    fields: tuple[str, str] = ("ns_revokes", "ew_revokes")
    sides: tuple[str, str] = (E_("North-South"), E_("East-West"))
    rule: Line = ()
    points: int = 0
    said: Line = ()


@dataclass(frozen=True)
class EntrySchema:
    """What a table enters for one deal: the pages in order, who agrees, and the deal in
    words — ``title`` and ``head`` (big; ``heads``: big, a line each) and ``notes`` on the
    screen where the players agree; ``short`` on the screens of a deal sent and in the score's
    last deal (its lines joined by new lines); ``revokes``: the revokes page of a game of
    two partnerships."""

    pages: tuple[Page, ...]
    confirm: Confirm
    title: Line = ()
    head: Line = ()
    notes: tuple[Line, ...] = ()
    short: tuple[Line, ...] = ()
    show: Show = Show()
    heads: tuple[Line, ...] = ()
    revokes: Revokes | None = None


# ------------------------------------------------------------------------ shared pieces

DEAL_TITLE: Line = (Text(E_("Deal {deal}: is this right?")),)


def in_turn(seats: Sequence[str], table: Sequence[str], dealer: str) -> list[str]:
    """``seats`` in the order of play: from the dealer's left (the next seat round ``table``,
    the table's seats in order round it), the dealer last.

    >>> in_turn(["N", "E", "S", "W"], ["N", "E", "S", "W"], "S")
    ['W', 'N', 'E', 'S']
    >>> in_turn(["1", "3", "4"], ["1", "2", "3", "4"], "2")  # the dealer is out
    ['3', '4', '1']
    """
    if dealer not in table:
        return list(seats)
    start = table.index(dealer) + 1
    order = [*table[start:], *table[:start]]
    return sorted(seats, key=lambda s: order.index(s) if s in order else len(order))


#: Under a tricks keypad: what the players still have to share out.
TRICKS_LEFT: Line = (Text(E_("Tricks still to share out: {left}")),)


def tricks_pages(who: Who, *, readout: Line = TRICKS_LEFT) -> Page:
    """Each player's tricks, the last one's the rest (Widow, Knockout, 8-to-1); ``readout``
    under the keypad (one line: the tricks still to share out)."""
    return Page(
        "tricks",
        Ask.COUNT,
        question=(Text(E_("How many tricks did {name} take?")),),
        readout=readout,
        each=who,
        record="tricks",
        rest=True,
    )


def side_tricks(field: str, question: str, derived: str, readout: Line = ()) -> Page:
    """One side's tricks of a full deal on the keypad; the other side's are the rest."""
    return Page(
        field,
        Ask.COUNT,
        question=(Text(question),),
        readout=readout,
        derived=derived,
        most=Most.TRICKS,
    )


def _if_any(texts: tuple[str, str], field: str) -> Text:
    """``texts`` said by the count in ``field``, when it is entered and is not 0."""
    return Text.counted(texts, field, when=(When(field), When(field, ("0",), negate=True)))


#: A revoke's penalty, said on the revokes page (``{points}``: the game's).
REVOKE_GIVES = (Text(E_("Each revoke gives {points} points to the other side.")),)
#: Which side revoked, on the revokes page.
WHO_REVOKED: Line = (
    Text(
        E_("Nobody has revoked."),
        when=(When("ns_revokes", ("0",)), When("ew_revokes", ("0",))),
    ),
    _if_any(
        En_("North-South revoked {ns_revokes} time", "North-South revoked {ns_revokes} times"),
        "ns_revokes",
    ),
    _if_any(
        En_("East-West revoked {ew_revokes} time", "East-West revoked {ew_revokes} times"),
        "ew_revokes",
    ),
)
#: The honours held, on the screen where the players agree.
_HONOURS_SAID: Line = (
    Text(E_("Honours: none"), when=(When("honours", ("none",)),)),
    Text(E_("Honours: NS held 3"), when=(When("honours", ("NS3",)),)),
    Text(E_("Honours: NS held 4"), when=(When("honours", ("NS4",)),)),
    Text(E_("Honours: EW held 3"), when=(When("honours", ("EW3",)),)),
    Text(E_("Honours: EW held 4"), when=(When("honours", ("EW4",)),)),
)
#: Each side's revokes, short, where the players agree.
_REVOKES_SAID: Line = (
    _if_any(En_("NS {ns_revokes} revoke", "NS {ns_revokes} revokes"), "ns_revokes"),
    _if_any(En_("EW {ew_revokes} revoke", "EW {ew_revokes} revokes"), "ew_revokes"),
)


def partnership_schema(
    choice: Page | None, *, revokes: Line, points: int, honours: bool = False
) -> EntrySchema:
    """A game of two partnerships: the game's choice (who granded, the trump), North-South's
    tricks (East-West's are the rest), the honours (English), each side agreeing; a revoke
    costs ``points`` as ``revokes`` says. The kiosk draws every page from it."""
    honour = Page(
        "honours",
        Ask.CHOICE,
        question=(Text(E_("Honours: who held 3 or 4 of them?")),),
        options=(
            Option("none", E_("No honours")),
            Option("NS3", E_("North-South\nheld 3 honours")),
            Option("NS4", E_("North-South\nheld 4 honours")),
            Option("EW3", E_("East-West\nheld 3 honours")),
            Option("EW4", E_("East-West\nheld 4 honours")),
        ),
    )
    readout = (
        Text(
            E_("Tap the number of tricks North-South took."),
            when=(When("ns_tricks", negate=True),),
        ),
        Text(E_("North-South {ns_tricks} · East-West {ew_tricks}"), when=(When("ns_tricks"),)),
    )
    pages = (
        *((choice,) if choice is not None else ()),
        side_tricks(
            "ns_tricks", E_("How many tricks did North-South take?"), "ew_tricks", readout
        ),
        *((honour,) if honours else ()),
    )
    # the choice in words: the option's own label ("North-South grand"), or the trump
    chosen = () if choice is None else (Text(choice.said or "{" + choice.field + "}"),)
    return EntrySchema(
        pages=pages,
        confirm=Confirm.EACH_SIDE,
        title=DEAL_TITLE,
        heads=(
            chosen,
            (Text(E_("North-South {ns_tricks} · East-West {ew_tricks} tricks")),),
        ),
        notes=((*(_HONOURS_SAID if honours else ()), *_REVOKES_SAID),),
        short=(
            (
                *(choice.short if choice is not None else ()),
                Text(E_("NS {ns_tricks} · EW {ew_tricks} tricks")),
            ),
        ),
        revokes=Revokes(rule=revokes, points=points, said=WHO_REVOKED),
    )


#: Minnesota's choice: one partnership granded (played high), or everyone played low.
GRANDED_PAGE = Page(
    "granded",
    Ask.CHOICE,
    question=(Text(E_("Deal {deal}: who played grand?")),),
    short=(
        Text(E_("NS grand"), when=(When("granded", ("NS",)),)),
        Text(E_("EW grand"), when=(When("granded", ("EW",)),)),
        Text(E_("Everyone low"), when=(When("granded", ("low",)),)),
    ),
    options=(
        Option("NS", E_("North-South grand")),
        Option("EW", E_("East-West grand")),
        Option("low", E_("Everyone low")),
    ),
)
#: The deal's trump, chosen among the four suits.
TRUMP_PAGE = Page(
    "trump",
    Ask.CHOICE,
    question=(Text(E_("Deal {deal}: which suit is trump?")),),
    said=E_("Trump: {trump}"),
    short=(Text("{trump}", when=(When("trump"),)),),
    options=(
        Option("spades", E_("Spades")),
        Option("hearts", E_("Hearts")),
        Option("diamonds", E_("Diamonds")),
        Option("clubs", E_("Clubs")),
    ),
)

#: A hand of military whist: the visitors' tricks on the keypad (the home team's are the
#: rest), each team agreeing. Declared by both military formats; the military kiosk keeps its
#: own hand screen for now, and the hub does not publish this one.
MILITARY_ENTRY = EntrySchema(
    pages=(
        side_tricks("visitor_tricks", E_("How many tricks did the visitors take?"), "home_tricks"),
    ),
    confirm=Confirm.EACH_SIDE,
)
