"""The interfaces every format implements, and the names of the formats a tournament file
may choose.

A format is one module of this package holding its rules in ``RULES``: a :class:`GameFormat`
for military whist (tables that move, a hand worth flags or points at one table), or a
:class:`ClubGame` for a club night (a table keeping score deal after deal). The tournament, the
views and the hub ask it what a hand is worth, what a table holds, how standings are ordered and
ties broken, and which words a screen uses for the score; nothing outside ``whist/formats/``
asks which format it is. Adding a game is adding a module here and its name to :class:`Format`.

>>> Format("gaspesie").rules.unit
<Unit.POINTS: 'points'>
>>> Format.ALBERTA.rules.outcome(visitor_tricks=10).flags
2
>>> Format.MINNESOTA.is_club, Format.MINNESOTA.club.default_target
(True, 13)
"""

from __future__ import annotations

import abc
import enum
import importlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Generic, Literal, Protocol, TypeVar

from whist.cards import Suit
from whist.enums import OutcomeReason, Unit
from whist.errors import M_, DealError, PatternError
from whist.formats.entry import MILITARY_ENTRY, EntrySchema
from whist.formats.sheet import is_scored, read_sheet, sheet_players
from whist.formats.words import Words

TRICKS = 13
#: Flags on every table at the start of a day (Alberta).
START_FLAGS = 12

#: What a team's score is counted in; a screen picks its words by it.
#: What a format scores in: flags or points.
ScoreUnit = Literal[Unit.FLAGS, Unit.POINTS]
#: How equal teams are told apart once play is over.
TieBreakRule = Literal["playoff", "countback"]
RevokePenalty = Literal["two_tricks", "hand"]
Language = Literal["en", "fr"]
Side = Literal["home", "visitors"]


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one table's hand is worth by a format's rule.

    ``flags``: flags the visitors take from the home table (a format of flags);
    ``home_points`` / ``visitor_points``: points each side's team wins (a format of points).
    ``counted_visitor_tricks`` is the visitors' count after revoke penalties, and ``why`` says
    what decided it: ``"tricks"``, ``"revokes"`` (tricks moved by revokes), ``"fault"`` (one
    side at fault loses the hand) or ``"faults_cancel"`` (both at fault: the tricks decide).
    """

    flags: int = 0
    home_points: int = 0
    visitor_points: int = 0
    counted_visitor_tricks: int = 0
    why: OutcomeReason = OutcomeReason.TRICKS


class GameFormat(abc.ABC):
    """One format's rules: class attributes for what it is, methods for what it decides."""

    name: ClassVar[str]
    #: A new tournament's default title and language.
    title: ClassVar[str]
    language: ClassVar[Language]
    #: The translation context of its own words (a Gaspésie hand is a *manche*), or None.
    wording: ClassVar[str | None]
    unit: ClassVar[ScoreUnit]
    #: The seat names printed on the table cards, and the seats that never travel.
    seats: ClassVar[tuple[str, ...]]
    stay_at_home: ClassVar[frozenset[str]] = frozenset()
    #: Travellers move on table to table (True) or go home after each hand (False).
    travellers_progress: ClassVar[bool]
    default_hands: ClassVar[int]
    #: Flags each table holds at the start of a day (0 for a format of points).
    start_flags: ClassVar[int] = 0
    #: The leader may lend flags to a table (and the hub lends when a table lacks them).
    lends_flags: ClassVar[bool] = False
    #: The leader may give a hand away for a fault other than a revoke (signalling).
    leader_penalties: ClassVar[bool] = False
    tie_break: ClassVar[TieBreakRule]
    #: The home side's first seat deals every hand (the Gaspésie captain); else the deal
    #: goes round the table.
    home_deals: ClassVar[bool] = False
    #: What an established revoke costs: two tricks to the other side, or the whole hand.
    revoke_penalty: ClassVar[RevokePenalty]
    #: What a table enters for one hand (whist.formats.entry): the visitors' tricks.
    entry: ClassVar[EntrySchema] = MILITARY_ENTRY

    def home_pair(self, travellers: tuple[str, str]) -> tuple[str, str]:
        """The two seats that stay at the table while ``travellers`` go out."""
        rest = [s for s in self.seats if s not in travellers]
        return (rest[0], rest[1])

    @abc.abstractmethod
    def outcome(
        self,
        visitor_tricks: int,
        revokes_home: int = 0,
        revokes_visitors: int = 0,
        penalty: Side | None = None,
    ) -> HandOutcome:
        """What the hand at one table is worth."""

    @abc.abstractmethod
    def default_moves(self, tables: int, hands: int) -> list[tuple[tuple[str, str], int]]:
        """The built-in pattern of a new tournament: per hand, (travellers, offset)."""

    @abc.abstractmethod
    def default_days(self, hands: int) -> list[tuple[int, ...]]:
        """How a new tournament's hands fall into days: per day, its sessions' sizes."""

    # ---------------------------------------------------------------- words (issue 22)
    # What screens and sheets say of the format, one source for both (whist/formats/words.py).

    @abc.abstractmethod
    def rules_summary(self) -> tuple[Words, ...]:
        """The scoring in a few sentences, what players forget (a sheet's reminder), in the
        format's own wording (:attr:`wording`)."""


def check_tricks(visitor_tricks: int, revokes_home: int, revokes_visitors: int) -> None:
    """The bounds every format shares: 0..13 tricks, no negative revokes."""
    if not 0 <= visitor_tricks <= TRICKS:
        raise ValueError(f"visitor tricks must be 0 to 13 (got {visitor_tricks})")
    if revokes_home < 0 or revokes_visitors < 0:
        raise ValueError("revokes cannot be negative")


# ---------------------------------------------------------------------------------------------
# Club nights: a table keeping score, deal after deal.
#
# A club game turns what a table taps in (a *deal record*) into a *score change*; the running
# score of a table (:class:`ClubTable`) is the fold of those changes. Who scores is a *party*:
# a partnership ("NS", "EW") in the partnership games, a seat in the individual games of the
# next issue (widow, solo, knockout, eight-to-one), whose bids go in their own deal records.

#: A seat at a club table, clockwise ("N", "E", "S", "W" at a four-handed table).
Seat = str
#: Who scores: a partnership ("NS", "EW") or, in an individual game, a seat.
Party = str
#: What the night's standings count first: games won or rubbers won (an individual game
#: without games, Widow or Solo, counts none and ranks by points).
WinUnit = Literal[Unit.GAMES, Unit.RUBBERS]
#: How long a night lasts at each table (``open``: until the leader ends it).
LengthUnit = Literal[Unit.DEALS, Unit.GAMES, Unit.RUBBERS, Unit.OPEN]
#: What the night's standings rank by, in order.
RankUnit = Literal[Unit.GAMES, Unit.RUBBERS, Unit.POINTS, Unit.TRICKS]

DealT = TypeVar("DealT")


@dataclass(frozen=True)
class NightLength:
    """How long a club night lasts at each table.

    >>> NightLength(Unit.GAMES, 3).describe()
    '3 games'
    >>> NightLength().describe()
    'until the leader ends the night'
    """

    unit: LengthUnit = Unit.OPEN
    count: int = 0

    def __post_init__(self) -> None:
        if self.unit == Unit.OPEN:
            if self.count:
                raise DealError(M_("an open-ended night has no count of deals, games or rubbers"))
        elif self.count < 1:
            raise DealError(
                M_("a night of {unit} needs at least 1 (got {got})"), unit=self.unit, got=self.count
            )

    def reached(self, table: ClubTable) -> bool:
        """Has the table played the whole night?"""
        done = self.played(table)
        return done is not None and done >= self.count

    def played(self, table: ClubTable) -> int | None:
        """How much of the night the table has played, in the night's unit (deals, games or
        rubbers); None in an open night, which has no length to measure against."""
        if self.unit == Unit.OPEN:
            return None
        return {
            Unit.DEALS: table.deals,
            Unit.GAMES: sum(table.games),
            Unit.RUBBERS: sum(table.rubbers),
        }[self.unit]

    def describe(self) -> str:
        if self.unit == Unit.OPEN:
            return "until the leader ends the night"
        return f"{self.count} {self.unit[:-1] if self.count == 1 else self.unit}"


@dataclass(frozen=True)
class ClubSettings:
    """What the leader sets for a night: the game's target (None: the game's own), how long
    the night lasts, and who deals first at every table (the high cut)."""

    target: int | None = None
    length: NightLength = NightLength()
    #: "" (the default): the game's first seat (N at a four-handed table).
    first_dealer: Seat = ""
    #: The seats taken at the table, when a game lets a table seat fewer players than it
    #: has seats (Knockout: two to seven); None: every seat of the game.
    players: tuple[Seat, ...] | None = None
    #: The game's house rules the night plays (:attr:`ClubGame.house_rules`); none by
    #: default: the seed's rules.
    house_rules: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Line:
    """One line of a score sheet: who scored how many points, and why (a short code a screen
    translates: ``"tricks"``, ``"honours"``, ``"revoke"``, ``"game"``, ``"rubber"``…)."""

    party: Party
    points: int
    why: str


@dataclass(frozen=True)
class ScoreChange:
    """What one deal did to a table's score.

    ``lines``: the points it added to the game in play, in the order they were scored;
    ``unscored``: points the rules did not let count (the game was already won, a side that
    revoked cannot win the game, honours at the point), so a screen can say why;
    ``game_won_by``: the party that won the game with this deal; ``rubber_won_by`` likewise;
    ``night``: what the deal added to the night's standings points.
    The individual games add: ``game_shared_with``, the other parties that won the game with
    ``game_won_by`` (a tie at the top, 8-to-1); ``knocked_out``, the parties out of the game
    in play after this deal (Knockout); ``chooses_trump``, who chooses the next deal's trump;
    ``score_carries``, the score runs on after the game it wins.

    >>> change = ScoreChange(lines=(Line("NS", 3, "tricks"),))
    >>> change.points("NS"), change.points("EW")
    (3, 0)
    """

    lines: tuple[Line, ...] = ()
    unscored: tuple[Line, ...] = ()
    game_won_by: Party | None = None
    rubber_won_by: Party | None = None
    night: tuple[Line, ...] = ()
    game_shared_with: tuple[Party, ...] = ()
    knocked_out: tuple[Party, ...] = ()
    chooses_trump: Party | None = None
    #: The deal wins a game, but the table's score runs on across games (Knockout by the
    #: seed: every deal of seven is a game, and the players' tricks add up all night).
    score_carries: bool = False

    def points(self, party: Party) -> int:
        return sum(line.points for line in self.lines if line.party == party)

    def night_points(self, party: Party) -> int:
        return sum(line.points for line in self.night if line.party == party)


@dataclass(frozen=True)
class ClubTable:
    """The running score of one table on a club night: the fold of its score changes.

    Per party, in the order of ``parties``: ``score`` in the game in play, ``games`` won
    tonight, ``rubber_games`` won in the rubber in play, ``rubbers`` won tonight and
    ``night_points`` (what the night's standings count after wins). ``round`` counts the
    deals of the game in play already scored, ``out`` the parties knocked out of it
    (Knockout); the deal passes to the next seat still in.
    """

    game: str
    parties: tuple[Party, ...]
    seats: tuple[Seat, ...]
    target: int
    length: NightLength
    dealer: Seat
    deals: int
    score: tuple[int, ...]
    games: tuple[int, ...]
    rubber_games: tuple[int, ...]
    rubbers: tuple[int, ...]
    night_points: tuple[int, ...]
    last: ScoreChange | None = None
    round: int = 0
    out: tuple[Party, ...] = ()
    #: The house rules in force at this table (ClubSettings.house_rules).
    house_rules: frozenset[str] = frozenset()
    #: The score, per party, the last game won at this table ended at (the deal that won it
    #: included), so a screen can show the 13-6 just won rather than the next game's 0-0;
    #: empty before the first game is won.
    last_game: tuple[int, ...] = ()
    #: Per party, the night's points scored in the rubber in play (English whist totals them
    #: to find the rubber's winner, EN9); empty before the first deal.
    rubber_points: tuple[int, ...] = ()

    def _at(self, values: tuple[int, ...], party: Party) -> int:
        try:
            return values[self.parties.index(party)]
        except ValueError:
            raise DealError(
                M_("{party!r} does not score at this table; it is one of {parties}"),
                party=party,
                parties=", ".join(self.parties),
            ) from None

    def score_of(self, party: Party) -> int:
        return self._at(self.score, party)

    def games_of(self, party: Party) -> int:
        return self._at(self.games, party)

    def rubber_games_of(self, party: Party) -> int:
        return self._at(self.rubber_games, party)

    def rubbers_of(self, party: Party) -> int:
        return self._at(self.rubbers, party)

    def night_points_of(self, party: Party) -> int:
        return self._at(self.night_points, party)

    def rubber_points_of(self, party: Party) -> int:
        return self._at(self.rubber_points, party) if self.rubber_points else 0

    @property
    def game_over(self) -> bool:
        """The last deal won a game (the next deal starts a new one, at 0-0)."""
        return self.last is not None and self.last.game_won_by is not None

    @property
    def finished(self) -> bool:
        """The table has played the whole night."""
        return self.length.reached(self)

    def after(self, change: ScoreChange) -> ClubTable:
        """The table once ``change`` is scored, the deal passing to the dealer's left."""
        won = change.game_won_by
        winners = {won, *change.game_shared_with} if won is not None else set()
        rubber = change.rubber_won_by
        score = tuple(s + change.points(p) for p, s in zip(self.parties, self.score, strict=True))
        games = tuple(g + (p in winners) for p, g in zip(self.parties, self.games, strict=True))
        in_rubber = tuple(
            g + (p in winners) for p, g in zip(self.parties, self.rubber_games, strict=True)
        )
        out = () if won is not None else (*self.out, *change.knocked_out)
        dealer = self.dealer
        for _ in self.seats:
            dealer = self.seats[(self.seats.index(dealer) + 1) % len(self.seats)]
            if dealer not in out:
                break
        return replace(
            self,
            dealer=dealer,
            deals=self.deals + 1,
            round=0 if won is not None else self.round + 1,
            out=out,
            score=tuple(0 for _ in score)
            if won is not None and not change.score_carries
            else score,
            games=games,
            rubber_games=tuple(0 for _ in in_rubber) if rubber is not None else in_rubber,
            rubbers=tuple(
                r + (p == rubber) for p, r in zip(self.parties, self.rubbers, strict=True)
            ),
            night_points=tuple(
                n + change.night_points(p)
                for p, n in zip(self.parties, self.night_points, strict=True)
            ),
            rubber_points=tuple(
                0 if rubber is not None else self.rubber_points_of(p) + change.night_points(p)
                for p in self.parties
            ),
            last=change,
            last_game=score if won is not None else self.last_game,
        )


@dataclass(frozen=True)
class ClubStanding:
    """One line of a club night's standings: a party at a table, its wins and points."""

    rank: int
    table: int
    party: Party
    wins: int
    games: int
    rubbers: int
    points: int


@dataclass(frozen=True)
class RoundInfo:
    """What a table of a game played in rounds is told before the next one: the round's
    number in the game in play, the cards each player is dealt, the players still in, whether
    it has a trump, and who chooses it (None: the rules draw or turn it)."""

    number: int
    cards: int
    players: tuple[Party, ...]
    has_trump: bool = True
    chooses_trump: Party | None = None


class RandomSource(Protocol):
    """Where a draw comes from: :class:`random.Random` (or :class:`random.SystemRandom`)."""

    def randrange(self, stop: int, /) -> int: ...


class ClubGame(abc.ABC, Generic[DealT]):
    """One club game's rules: a table keeping score deal after deal.

    ``record`` reads what a table tapped in (or a paper sheet's row) into the game's deal
    record, refusing it with a reason a player can read; ``score`` says what that deal is worth
    at a table as it stands; ``play`` folds it in. A deal record is the game's own frozen
    dataclass, so bids, widows and knockouts fit the same three steps.

    >>> game = Format.AMERICAN.club
    >>> table = game.play(game.start(), game.record({"ns_tricks": 9}))
    >>> table.score_of("NS"), table.dealer
    (3, 'E')
    """

    name: ClassVar[str]
    title: ClassVar[str]
    language: ClassVar[Language] = "en"
    wording: ClassVar[str | None] = None
    unit: ClassVar[ScoreUnit] = Unit.POINTS
    #: Seats clockwise; the deal passes to the left (the next seat) after every deal.
    seats: ClassVar[tuple[Seat, ...]] = ("N", "E", "S", "W")
    #: Who scores, in the order every per-party tuple of a :class:`ClubTable` uses.
    parties: ClassVar[tuple[Party, ...]] = ("NS", "EW")
    #: What the night's standings count first (then ``night_points``).
    wins: ClassVar[WinUnit] = Unit.GAMES
    #: Points that win a game (the leader may set another in :class:`ClubSettings`).
    default_target: ClassVar[int]
    #: The fields a deal record reads, in the order a score sheet prints them.
    fields: ClassVar[tuple[str, ...]]
    #: The fewest players a table may seat (None: every seat is taken; Knockout: 2 of 7),
    #: and how many a new night's file seats.
    min_players: ClassVar[int | None] = None
    default_players: ClassVar[int | None] = None
    #: How a night of this game may be measured (docs/rules.md, C6).
    lengths: ClassVar[tuple[LengthUnit, ...]] = (Unit.DEALS, Unit.GAMES, Unit.RUBBERS, Unit.OPEN)
    #: Columns of which a paper sheet may keep only some, because one says what another
    #: would (NS's tricks and EW's; Knockout's players); every other field is a column the
    #: sheet must have (docs/rules.md, "Paper").
    sheet_either: ClassVar[tuple[str, ...]] = ("ns_tricks", "ew_tricks")
    #: Deals in every game when all games are the same rounds (8-to-1: 21), so a paper
    #: sheet can print each round's cards; 0 when a game ends by its score.
    game_rounds: ClassVar[int] = 0
    #: Whether the hub draws each round's trump for the whole room (8-to-1, docs/rules.md EO3).
    draws_trumps: ClassVar[bool] = False
    #: What a table enters for one deal, page by page (whist.formats.entry).
    entry: ClassVar[EntrySchema]
    #: The house rules a night of this game may play, by their name in the night's file,
    #: each with the sentence the rules summary adds when it is on (docs/rules.md): a
    #: traditional refinement the seed does not state, off unless the night's file names it.
    house_rules: ClassVar[Mapping[str, str]] = {}

    # ---------------------------------------------------------------- words and views
    # (issue 22) What screens and sheets show of the game, so none of them names it: the
    # title is marked G_ in each module; these say which columns and notes apply.

    #: Every party is one player (the individual games): a leaderboard row is a player.
    individual: ClassVar[bool] = False
    #: The game is won and lost in games (False: Widow and Solo, every deal on its own).
    has_games: ClassVar[bool] = True
    #: What ``night_points`` count: points, or tricks (Knockout, KO8).
    night_unit: ClassVar[Literal[Unit.POINTS, Unit.TRICKS]] = Unit.POINTS
    #: A game is played in rounds of their own (:meth:`next_round`): a table's round is
    #: shown beside it (8-to-1; Knockout with its house rule, :meth:`plays_in_rounds`).
    in_rounds: ClassVar[bool] = False
    #: Players are knocked out of a game (Knockout with its house rule, :meth:`knocks_out_in`):
    #: who is still in is shown.
    knocks_out: ClassVar[bool] = False

    def plays_in_rounds(self, house_rules: Iterable[str] = ()) -> bool:
        """:attr:`in_rounds` on a night of these house rules (a house rule may add rounds)."""
        return self.in_rounds

    def knocks_out_in(self, house_rules: Iterable[str] = ()) -> bool:
        """:attr:`knocks_out` on a night of these house rules."""
        return self.knocks_out

    @property
    def ranks_by(self) -> tuple[RankUnit, ...]:
        """What the night's standings count, in order (:meth:`standings`): wins, if the game
        has any, then the night's points (or tricks).

        >>> [str(u) for u in Format.ENGLISH.club.ranks_by], Format.SOLO.club.ranks_by
        (['rubbers', 'points'], (<Unit.POINTS: 'points'>,))
        """
        wins: tuple[WinUnit, ...] = (self.wins,) if self.has_games else ()
        return (*wins, self.night_unit)

    def rules_summary(self, target: int | None = None) -> tuple[Words, ...]:
        """The scoring in a few sentences, what players forget (a score sheet's reminder),
        for a night whose games are to ``target`` (None: the game's own)."""
        return ()

    def night_summary(
        self, target: int | None = None, house_rules: Iterable[str] = ()
    ) -> tuple[Words, ...]:
        """:meth:`rules_summary`, then a sentence for each house rule in force, in the order
        the game lists them: what a sheet or a screen reminds the players of tonight.

        >>> from whist.formats.words import say_all
        >>> say_all(str, Format.AMERICAN.club.night_summary(7, {"revoke_cannot_win"}))[-67:]
        'House rule: a side that revoked cannot win the game with that deal.'
        """
        extra = tuple(words for _name, words in self.house_rules_in_force(target, house_rules))
        return (*self.rules_summary(target), *extra)

    def house_rules_in_force(
        self, target: int | None = None, house_rules: Iterable[str] = ()
    ) -> tuple[tuple[str, Words], ...]:
        """Each house rule of ``house_rules`` this game has, in the order the game lists
        them, by its name and what it changes (for a night whose games are to ``target``):
        what every screen and sheet shows of tonight's house rules.

        >>> [name for name, _ in Format.ENGLISH.club.house_rules_in_force(5, {"game_values"})]
        ['game_values']
        """
        on = set(house_rules)
        goal = self.default_target if target is None else target
        values = (("target", goal), ("last", goal - 1))
        return tuple(
            (name, Words(words, tuple((k, v) for k, v in values if "{" + k + "}" in words)))
            for name, words in self.house_rules.items()
            if name in on
        )

    def check_round_trump(self, number: int, trump: Suit | None) -> None:
        """Refuse (DealError) a trump drawn for round ``number`` that the game cannot have:
        a game whose trumps are not drawn refuses every draw."""
        raise DealError(M_("{game} has no trump drawn for the whole room"), game=self.title)

    def start(self, settings: ClubSettings | None = None) -> ClubTable:
        """A table at the start of the night."""
        settings = settings or ClubSettings()
        target = self.default_target if settings.target is None else settings.target
        if target < 1:
            raise DealError(M_("a game needs a target of at least 1 point (got {got})"), got=target)
        if settings.players not in (None, self.seats):
            raise DealError(
                M_("{game} is played by {n}: every seat is taken"),
                game=self.title,
                n=len(self.seats),
            )
        dealer = settings.first_dealer or self.seats[0]
        if dealer not in self.seats:
            raise DealError(
                M_("the first dealer must be one of {seats} (got {got})"),
                seats=", ".join(self.seats),
                got=repr(settings.first_dealer),
            )
        self.check_house_rules(settings.house_rules)
        zeros = tuple(0 for _ in self.parties)
        return ClubTable(
            game=self.name,
            parties=self.parties,
            seats=self.seats,
            target=target,
            length=settings.length,
            dealer=dealer,
            deals=0,
            score=zeros,
            games=zeros,
            rubber_games=zeros,
            rubbers=zeros,
            night_points=zeros,
            house_rules=settings.house_rules,
        )

    def check_house_rules(self, house_rules: frozenset[str]) -> None:
        """Refuse a house rule this game does not have."""
        unknown = sorted(house_rules - set(self.house_rules))
        if unknown:
            # The night's file is checked first (whist.nightspec): this is a programmer's error.
            raise DealError.plain(f"{self.title} has no house rule {unknown[0]}")

    @abc.abstractmethod
    def record(self, fields: Mapping[str, object]) -> DealT:
        """The deal record in ``fields`` (as tapped, or a sheet's row: values are text or
        numbers, blanks mean "none"), checked by this game's rules."""

    @abc.abstractmethod
    def score(self, table: ClubTable, deal: DealT) -> ScoreChange:
        """What ``deal`` is worth at ``table`` as it stands; raises :class:`DealError`."""

    def play(self, table: ClubTable, deal: DealT) -> ClubTable:
        """The table once ``deal`` is scored."""
        if table.game != self.name:
            raise DealError(
                M_("this table plays {played}, not {game}"), played=table.game, game=self.name
            )
        if table.finished:
            raise DealError(
                M_("the night at this table is over ({length}); see the leader to play on"),
                length=table.length.describe(),
            )
        return table.after(self.score(table, deal))

    def replay(self, deals: Iterable[DealT], settings: ClubSettings | None = None) -> ClubTable:
        """A table's score from its deals, in order (a correction is a replay)."""
        table = self.start(settings)
        for deal in deals:
            table = self.play(table, deal)
        return table

    def tally(
        self, rows: Iterable[Mapping[str, object]], settings: ClubSettings | None = None
    ) -> dict[int, ClubTable]:
        """Every table's score from a night typed in from paper: one row per deal, in the
        order each table played them, a ``table`` column and this game's :attr:`fields`
        (docs/rules.md, "Paper"). A refused row names its line, the header being line 1.

        >>> sheet = [{"table": "2", "granded": "EW", "ew_tricks": "9"}]
        >>> Format.MINNESOTA.club.tally(sheet)[2].score_of("EW")
        3
        """
        return self._tally(enumerate(rows, start=2), settings)

    def tally_sheet(
        self, data: bytes, settings: ClubSettings | None = None
    ) -> dict[int, ClubTable]:
        """:meth:`tally` of a paper sheet's bytes as saved (whist.formats.sheet): a sheet that
        cannot be read faithfully (its encoding, a missing column, a line cut short) is
        refused, as is a line the rules refuse, naming the line and, when it can, the column.

        >>> sheet = b"table,trump,ns_tricks,ns_revokes,ew_revokes\\r\\n2,,9,,\\r\\n"
        >>> Format.AMERICAN.club.tally_sheet(sheet)[2].score_of("NS")
        3
        >>> Format.AMERICAN.club.tally_sheet(b"table,trump,ns_tricks")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        whist.errors.DealError: line 1: the columns ns_revokes, ew_revokes are missing ...
        """
        either = set(self.sheet_either)
        required = [f for f in self.fields if f not in either]
        return self._tally(read_sheet(data, required, self.sheet_either), settings)

    def _tally(
        self, rows: Iterable[tuple[int, Mapping[str, object]]], settings: ClubSettings | None
    ) -> dict[int, ClubTable]:
        tables: dict[int, ClubTable] = {}
        names: dict[int, dict[str, str]] = {}
        for line, row in rows:
            number = str(row.get("table") or "").strip()
            if not number.isdigit() or int(number) < 1:
                raise DealError(
                    M_("line {line}: the table must be a number from 1 (got {got!r})"),
                    line=line,
                    got=number,
                )
            _check_deal_number(line, number, row.get("deal"), tables.get(int(number)))
            seated = names.setdefault(int(number), {})
            for seat, name in sheet_players([row]).get(int(number), {}).items():
                seated.setdefault(name.casefold(), seat)
            # a player's name written where a seat is asked reads as their seat
            fields = {
                k: seated.get(str(v).strip().casefold(), v) if v is not None else v
                for k, v in row.items()
                if is_scored(k)
            }
            try:
                table = tables.get(int(number)) or self.start(self.sheet_settings(fields, settings))
                tables[int(number)] = self.play(table, self.record(fields))
            except DealError as exc:
                column = _column_of(exc, fields)
                if column is not None:
                    # The command line's words (English), like the sheet reader's.
                    raise DealError.plain(
                        f"line {line} (table {number}), column {column}: {exc.reason}"
                    ) from None
                raise DealError(
                    M_("line {line} (table {table}): {reason}"),
                    line=line,
                    table=number,
                    reason=exc.reason,
                ) from None
        return tables

    def next_round(self, table: ClubTable) -> RoundInfo | None:
        """The next round at ``table``, in a game whose rounds differ (Knockout, 8-to-1);
        None in a game where every deal is alike."""
        return None

    def draw_round_trump(self, number: int, source: RandomSource) -> Suit | None:
        """The trump of round ``number``, drawn from ``source``, in a game whose hub draws
        each round's trump for the whole room (:attr:`draws_trumps`); no other game has a
        trump to draw."""
        raise NotImplementedError(f"{self.name} has no trump drawn by the hub")

    def sheet_settings(
        self, first: Mapping[str, object], settings: ClubSettings | None
    ) -> ClubSettings | None:
        """The settings a table typed in from paper starts with, from its first row (a game
        whose tables seat a varying number of players reads who plays there)."""
        return settings

    def standings(self, tables: Mapping[int, ClubTable]) -> tuple[ClubStanding, ...]:
        """The night's standings: every party of every table, by wins then points; equal
        parties share a rank (1, 2, 2, 4) and are listed in table order."""
        rows = []
        for number in sorted(tables):
            table = tables[number]
            for party in table.parties:
                games, rubbers = table.games_of(party), table.rubbers_of(party)
                wins = rubbers if self.wins == Unit.RUBBERS else games
                rows.append((number, party, wins, games, rubbers, table.night_points_of(party)))
        ordered = sorted(rows, key=lambda r: (-r[2], -r[5]))
        result: list[ClubStanding] = []
        for index, (number, party, wins, games, rubbers, points) in enumerate(ordered):
            if result and (result[-1].wins, result[-1].points) == (wins, points):
                rank = result[-1].rank
            else:
                rank = index + 1
            result.append(ClubStanding(rank, number, party, wins, games, rubbers, points))
        return tuple(result)


def _check_deal_number(line: int, table: str, deal: object, played: ClubTable | None) -> None:
    """A sheet's ``deal`` column, when written, must be the table's next deal: a line out
    of order would be scored as another deal."""
    written = str(deal or "").strip()
    expected = (played.deals if played is not None else 0) + 1
    if written and written != str(expected):
        raise DealError.plain(
            f"line {line} (table {table}), column deal: deal {expected} comes next at this "
            f"table (got {written!r}); keep each table's deals in the order played"
        )


def _column_of(exc: DealError, fields: Mapping[str, object]) -> str | None:
    """The one column whose cell a refusal quotes as what it got (``got``, ``value``: the
    readers' way of quoting a cell), if exactly one cell is that."""
    quoted = {str(v) for k, v in exc.values.items() if k in ("got", "value")}
    named = [k for k, v in fields.items() if v is not None and str(v).strip() in quoted]
    named = [k for k in named if str(fields[k]).strip()]
    return named[0] if len(named) == 1 else None


class Format(enum.Enum):
    """The formats a tournament file may name; each value is its module in this package."""

    ALBERTA = "alberta"
    GASPESIE = "gaspesie"
    MINNESOTA = "minnesota"
    ENGLISH = "english"
    AMERICAN = "american"
    WIDOW = "widow"
    SOLO = "solo"
    KNOCKOUT = "knockout"
    EIGHT_TO_ONE = "eight-to-one"

    @classmethod
    def military(cls) -> tuple[Format, ...]:
        """The military whist formats (tables that move), in declaration order."""
        return tuple(f for f in cls if not f.is_club)

    @classmethod
    def club_games(cls) -> tuple[Format, ...]:
        """The club-night games (a table keeping score), in declaration order."""
        return tuple(f for f in cls if f.is_club)

    @property
    def game(self) -> GameFormat | ClubGame[Any]:
        """The format's module's ``RULES``, loaded on first use."""
        game: GameFormat | ClubGame[Any] = importlib.import_module(
            f"whist.formats.{self.value.replace('-', '_')}"
        ).RULES
        return game

    @property
    def is_club(self) -> bool:
        """A club game rather than military whist, known without loading the format's
        module: a hub of military whist never loads the seven club games' rules (and a
        test checks this against each module's ``RULES``)."""
        return self not in _MILITARY

    @property
    def rules(self) -> GameFormat:
        """A military format's rules; a club game has none (see :attr:`club`)."""
        game = self.game
        if not isinstance(game, GameFormat):
            raise PatternError(
                f"{self.value} is a club game, not military whist: its tables keep score "
                "deal after deal and nobody moves"
            )
        return game

    @property
    def club(self) -> ClubGame[Any]:
        """A club game's rules; a military format is not one (see :attr:`rules`)."""
        game = self.game
        if not isinstance(game, ClubGame):
            raise PatternError(f"{self.value} is military whist, not a club game")
        return game

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats

    @property
    def stay_at_home(self) -> frozenset[str]:
        return self.rules.stay_at_home

    @property
    def travellers_progress(self) -> bool:
        return self.rules.travellers_progress

    def home_pair(self, travellers: tuple[str, str]) -> tuple[str, str]:
        return self.rules.home_pair(travellers)


#: The military whist formats; every other format is a club game (:attr:`Format.is_club`).
_MILITARY = frozenset({Format.ALBERTA, Format.GASPESIE})
