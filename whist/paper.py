"""What the printed sheets show, computed from the tournament: the paper's views.

The hub's sheets (``hub/paper/sheets.py``) only lay these out and put the words around them; every
number and name a volunteer reads on paper comes from here.

* :func:`rotation_pages`: one page per table per session (Alberta's morning and afternoon,
  Gaspésie's one sitting): for every hand, the trump, who plays at this table, where this
  table's travellers go.
* :func:`results_pages`: one page per hand, one row per table, with the home team's and the
  visitors' names and the result where the tournament has one.
* :func:`club_sheet_pages`: a club night's blank score sheets, one or more pages per table,
  one row per deal in the columns ``whist-hub tally`` reads, then the running score.

>>> from whist.pattern import default_spec
>>> pages = rotation_pages(default_spec("alberta", tables=3, hands=30))
>>> len(pages), pages[0].table, pages[0].session, [r.hand for r in pages[1].rows][:2]
(6, 1, 1, [16, 17])
>>> row = pages[0].rows[0]
>>> row.visitors.team, row.travellers_go_to, [p.seat for p in row.home]
(3, 2, ['X', 'Y'])
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from whist.cards import trump_name
from whist.enums import Unit
from whist.formats import ClubGame, NightLength
from whist.formats.words import Words
from whist.movement import host_table, visiting_team
from whist.nightspec import NightSpec
from whist.spec import TournamentSpec
from whist.tournament import Tournament

__all__ = [
    "CLUB_ROWS",
    "ClubRow",
    "ClubSheetPage",
    "Pair",
    "Partnership",
    "Player",
    "ResultsPage",
    "ResultsRow",
    "RotationPage",
    "RotationRow",
    "RunningColumn",
    "club_sheet_pages",
    "deals_to_print",
    "results_pages",
    "rotation_pages",
    "short_names",
]


@dataclass(frozen=True)
class Player:
    """A seat of a team, the name the tournament file gives it ("" when it has none) and
    the shorter name a crowded line uses: the first name, when no teammate shares it.

    >>> Player("A", "Eleanor Whitfield", "Eleanor").short
    'Eleanor'
    """

    seat: str
    name: str
    short: str = ""

    def __post_init__(self) -> None:
        if not self.short:
            object.__setattr__(self, "short", self.name)


@dataclass(frozen=True)
class Pair:
    """Two players of one team: a home pair, a visiting pair, travellers."""

    team: int
    team_name: str
    players: tuple[Player, Player]


@dataclass(frozen=True)
class RotationRow:
    """One hand at one table: trump (``spades``… ``none``, or ``leader`` to be announced),
    the home pair, the visiting pair, and this table's travellers with where they go."""

    hand: int
    trump: str
    home: tuple[Player, Player]
    visitors: Pair
    travellers: tuple[Player, Player]
    travellers_go_to: int


@dataclass(frozen=True)
class RotationPage:
    """One table's sheet for one session of one day."""

    table: int
    team_name: str
    players: tuple[Player, ...]
    day: int
    days: int
    session: int
    sessions: int
    hands: int  # of the whole tournament
    rows: tuple[RotationRow, ...]

    @property
    def first_hand(self) -> int:
        return self.rows[0].hand

    @property
    def last_hand(self) -> int:
        return self.rows[-1].hand


@dataclass(frozen=True)
class ResultsRow:
    """One table in one hand: who plays there and, once known, what counts."""

    table: int
    home_team_name: str
    visitors: Pair
    visitor_tricks: int | None = None
    home_tricks: int | None = None
    revokes_home: int | None = None
    revokes_visitors: int | None = None
    flags_to_visitors: int | None = None
    home_points: int | None = None
    visitor_points: int | None = None
    by_leader: bool = False  # the table never sent it: the leader entered it
    entered_why: str = ""  # the leader's reason for entering it
    corrections: tuple[str, ...] = ()  # the reasons of every correction after that
    penalty_side: str | None = None  # "home" | "visitors"
    penalty_reason: str = ""

    @property
    def recorded(self) -> bool:
        return self.visitor_tricks is not None


@dataclass(frozen=True)
class ResultsPage:
    """Every table's result for one hand."""

    hand: int
    hands: int
    trump: str
    day: int
    days: int
    rows: tuple[ResultsRow, ...]


def short_names(names: dict[str, str]) -> dict[str, str]:
    """Each seat's first name, or the whole name where two teammates share a first name.

    >>> short_names({"A": "Anne Roy", "B": "Anne Côté", "X": "Bob Dion", "Y": ""})
    {'A': 'Anne Roy', 'B': 'Anne Côté', 'X': 'Bob', 'Y': ''}
    """
    first = {seat: name.split()[0] if name.split() else "" for seat, name in names.items()}
    taken = [f for f in first.values() if f]
    return {
        seat: first[seat] if taken.count(first[seat]) == 1 else name.strip()
        for seat, name in names.items()
    }


def _players(spec: TournamentSpec, team: int, seats: tuple[str, ...]) -> tuple[Player, ...]:
    names = spec.team(team).players
    short = short_names({seat: names.get(seat, "") for seat in spec.format.seats})
    return tuple(Player(seat, names.get(seat, "").strip(), short[seat]) for seat in seats)


def _two(players: tuple[Player, ...]) -> tuple[Player, Player]:
    first, second = players
    return first, second


def _trump(spec: TournamentSpec, hand: int) -> str:
    plan = spec.plan(hand)
    if plan.leader_chooses_trump:
        return "leader"
    return trump_name(plan.trump_suit)


def rotation_pages(spec: TournamentSpec) -> tuple[RotationPage, ...]:
    """Every table's pages, table by table, each table's sessions in order."""
    fmt = spec.format
    pages = []
    for table in range(1, spec.tables + 1):
        team = spec.team(table)
        first = 1
        for day_number, day in enumerate(spec.days, start=1):
            sizes = day.sessions or (day.hands,)
            for session, size in enumerate(sizes, start=1):
                rows = []
                for hand in range(first, first + size):
                    plan = spec.plan(hand)
                    visitor = visiting_team(table, plan.offset, spec.tables)
                    rows.append(
                        RotationRow(
                            hand=hand,
                            trump=_trump(spec, hand),
                            home=_two(_players(spec, table, fmt.home_pair(plan.travellers))),
                            visitors=Pair(
                                visitor,
                                spec.team(visitor).name,
                                _two(_players(spec, visitor, plan.travellers)),
                            ),
                            travellers=_two(_players(spec, table, plan.travellers)),
                            travellers_go_to=host_table(table, plan.offset, spec.tables),
                        )
                    )
                pages.append(
                    RotationPage(
                        table=table,
                        team_name=team.name,
                        players=_players(spec, table, fmt.seats),
                        day=day_number,
                        days=len(spec.days),
                        session=session,
                        sessions=len(sizes),
                        hands=spec.hands,
                        rows=tuple(rows),
                    )
                )
                first += size
    return tuple(pages)


def results_pages(
    spec: TournamentSpec, tournament: Tournament | None = None
) -> tuple[ResultsPage, ...]:
    """One page per hand; a table's row is filled in where the tournament has its result."""
    t = tournament
    pages = []
    for hand in range(1, spec.hands + 1):
        plan = spec.plan(hand)
        trump = _trump(spec, hand)
        if t is not None and hand in t.trumps:
            trump = trump_name(t.trumps[hand])
        rows = []
        for table in range(1, spec.tables + 1):
            visitor = visiting_team(table, plan.offset, spec.tables)
            pair = Pair(
                visitor, spec.team(visitor).name, _two(_players(spec, visitor, plan.travellers))
            )
            row = ResultsRow(table, spec.team(table).name, pair)
            r = t.result(hand, table) if t is not None else None
            penalty = t.penalties.get((hand, table)) if t is not None else None
            if r is not None:
                row = ResultsRow(
                    table,
                    row.home_team_name,
                    pair,
                    visitor_tricks=r.visitor_tricks,
                    home_tricks=r.home_tricks,
                    revokes_home=r.revokes_home,
                    revokes_visitors=r.revokes_visitors,
                    flags_to_visitors=r.flags_won,
                    home_points=r.home_points,
                    visitor_points=r.visitor_points,
                    by_leader=r.result_id is None,
                    entered_why=r.corrections[0] if r.result_id is None else "",
                    corrections=tuple(r.corrections[1 if r.result_id is None else 0 :]),
                )
            if penalty is not None:
                row = replace(row, penalty_side=penalty.side, penalty_reason=penalty.reason)
            rows.append(row)
        pages.append(
            ResultsPage(hand, spec.hands, trump, spec.day_of(hand), len(spec.days), tuple(rows))
        )
    return tuple(pages)


# ---------------------------------------------------------------------------------------------
# Club nights: blank score sheets.

#: Deal rows on one page of a club score sheet (rows a hand writes in, not squeezed).
CLUB_ROWS = 16
#: Rows printed for a night the leader ends (two pages), or two games of a game of rounds.
OPEN_NIGHT_DEALS = 2 * CLUB_ROWS


@dataclass(frozen=True)
class Partnership:
    """A side of a partnership game: ``NS`` or ``EW`` and its two players, in seat order."""

    party: str
    players: tuple[Player, Player]


@dataclass(frozen=True)
class RunningColumn:
    """A column the table's scorer fills in after each deal (never typed into the CSV):
    ``score`` in the game in play, ``games`` won (in English whist, in the rubber in play),
    ``rubbers`` won and the ``points`` scored in the rubber in play (by the seed, the higher
    total wins the rubber: EN9), or an individual game's ``total`` (its points), or its
    ``games`` won
    where the night counts tricks (Knockout, KO8), each for one party (``NS``, ``EW`` or a
    seat)."""

    kind: str
    party: str


@dataclass(frozen=True)
class ClubRow:
    """One deal's line: its number at the table, who deals it (None where the rules skip
    players who are out, Knockout), and, in a game of fixed rounds (8-to-1), the round, its
    cards and whether it has a trump. ``filled`` holds what is printed in the tally columns
    before play ("" where the table writes): the table's number, "none" for a round without
    trump."""

    deal: int
    dealer: str | None
    filled: tuple[str, ...]
    round: int | None = None
    cards: int | None = None
    has_trump: bool = True
    #: In a game of fixed rounds, which game of the night the round belongs to (1, 2, …).
    game: int | None = None

    @property
    def starts_game(self) -> bool:
        """The first round of a game of fixed rounds (a rule is drawn above it)."""
        return self.round == 1 and self.deal > 1


@dataclass(frozen=True)
class ClubSheetPage:
    """One page of a table's score sheet on a club night.

    ``columns`` are exactly the columns of ``whist-hub tally`` for this table (``table``,
    then the game's fields; a Knockout table's tricks only for the seats it has), so a row
    is typed into the CSV cell by cell; ``running`` are the scorer's columns after them.
    ``target`` is None in a game without one (the individual games).
    """

    night: str
    game: str
    title: str
    table: int
    players: tuple[Player, ...]
    partnerships: tuple[Partnership, ...]
    first_dealer: str
    target: int | None
    length: NightLength
    columns: tuple[str, ...]
    running: tuple[RunningColumn, ...]
    rows: tuple[ClubRow, ...]
    page: int
    pages: int
    wins: str = "games"
    #: The scoring in a few sentences (the format's own, for this night's target).
    summary: tuple[Words, ...] = ()

    @property
    def games(self) -> tuple[int, ...]:
        """In a game of fixed rounds, the games of the night this page's rows belong to
        (8-to-1 of two games, rounds 12 to 21 of table 2: ``(2,)``); empty otherwise."""
        return tuple(sorted({r.game for r in self.rows if r.game is not None}))


def deals_to_print(
    game: ClubGame[Any], length: NightLength, target: int, house_rules: frozenset[str] = frozenset()
) -> int:
    """How many deal rows a table's sheet needs for the night's length.

    A night of deals gets exactly its deals. A game of fixed rounds (8-to-1) gets its rounds
    per game; a game without a target (Knockout), seven rounds, its most. A partnership game
    gets ``target`` deals a game (every deal scores a point to someone, so ``2 * target - 1``
    is the very most, and a game usually takes about half of ``target``), three games a
    rubber. An open night, two pages (or two games of fixed rounds).

    >>> from whist.formats import Format
    >>> deals_to_print(Format.MINNESOTA.club, NightLength("games", 3), 13)
    39
    >>> deals_to_print(Format.ENGLISH.club, NightLength("rubbers", 2), 5)
    30
    >>> deals_to_print(Format.EIGHT_TO_ONE.club, NightLength("games", 1), 0)
    21
    """
    # A game without a target and without fixed rounds is Knockout's: one deal of seven by
    # the seed (KO2), seven rounds at most in the traditional game (KO10).
    rounds = 7 if game.plays_in_rounds(house_rules) else 1
    per_game = game.game_rounds or (rounds if game.default_target == 0 else target)
    if length.unit == Unit.DEALS:
        return length.count
    if length.unit == Unit.GAMES:
        return per_game * length.count
    if length.unit == Unit.RUBBERS:
        return 3 * per_game * length.count
    return 2 * game.game_rounds if game.game_rounds else OPEN_NIGHT_DEALS


def _club_columns(game: ClubGame[Any], seats: tuple[str, ...]) -> tuple[str, ...]:
    # A seat's own column (tricks_5, bid_N) only for a seat the table has: a Knockout table
    # of four has no tricks_5 to 7 (KO8: its players are the seats with a number).
    absent = {s for s in game.seats if s not in seats}
    return ("table", *(f for f in game.fields if f.rpartition("_")[2] not in absent))


def _running(game: ClubGame[Any], seats: tuple[str, ...]) -> tuple[RunningColumn, ...]:
    if game.parties == ("NS", "EW"):
        kinds = ["score", "games"] + (["rubbers", "points"] if game.wins == Unit.RUBBERS else [])
        return tuple(RunningColumn(k, p) for k in kinds for p in game.parties)
    # Where the night counts tricks (Knockout, KO8) the scorer keeps the games won.
    kind = "games" if game.night_unit == Unit.TRICKS else "total"
    return tuple(RunningColumn(kind, s) for s in seats)


def club_sheet_pages(spec: NightSpec) -> tuple[ClubSheetPage, ...]:
    """Every table's score sheet, table by table, each in as many pages as the night needs.

    >>> from whist.nightspec import LengthSpec, default_night
    >>> night = default_night("minnesota", 2, length=LengthSpec(unit="games", count=3))
    >>> pages = club_sheet_pages(night)
    >>> [(p.table, p.page, p.pages, len(p.rows)) for p in pages][:3]
    [(1, 1, 3, 16), (1, 2, 3, 16), (1, 3, 3, 16)]
    >>> pages[0].columns
    ('table', 'granded', 'ns_tricks', 'ew_tricks', 'ns_revokes', 'ew_revokes')
    >>> [(c.kind, c.party) for c in pages[0].running][:2], pages[0].rows[1].dealer
    ([('score', 'NS'), ('score', 'EW')], 'E')
    >>> [c.kind for c in club_sheet_pages(default_night("english", 1))[0].running][::2]
    ['score', 'games', 'rubbers', 'points']
    """
    game = spec.game
    pages: list[ClubSheetPage] = []
    for table in range(1, spec.tables + 1):
        settings = spec.settings(table)
        start = game.start(settings)
        seats = settings.players or game.seats
        names = spec.seats_of(table).players
        short = short_names({s: names.get(s, "") for s in seats})
        players = tuple(Player(s, names.get(s, "").strip(), short[s]) for s in seats)
        by_seat = {p.seat: p for p in players}
        partnerships = (
            tuple(
                Partnership(party, (by_seat[party[0]], by_seat[party[1]])) for party in game.parties
            )
            if game.parties == ("NS", "EW")
            else ()
        )
        columns = _club_columns(game, seats)
        count = deals_to_print(game, spec.night_length, start.target, start.house_rules)
        unit = spec.length.unit
        exact = unit == Unit.DEALS or (game.game_rounds and unit == Unit.GAMES)
        if not exact:  # an estimate: fill the last page, blank rows cost nothing
            count = -(-count // CLUB_ROWS) * CLUB_ROWS
        rows = []
        for deal in range(1, count + 1):
            dealer = (
                None
                if game.min_players is not None and game.game_rounds == 0
                else (seats[(seats.index(start.dealer) + deal - 1) % len(seats)])
            )
            round_number = cards = game_number = None
            trump = True
            if game.game_rounds:
                round_number = (deal - 1) % game.game_rounds + 1
                game_number = (deal - 1) // game.game_rounds + 1
                info = game.next_round(replace(start, round=round_number - 1))
                if info is not None:
                    cards, trump = info.cards, info.has_trump
            filled = tuple(
                str(table) if c == "table" else ("none" if c == "trump" and not trump else "")
                for c in columns
            )
            rows.append(ClubRow(deal, dealer, filled, round_number, cards, trump, game_number))
        parts = [rows[i : i + CLUB_ROWS] for i in range(0, len(rows), CLUB_ROWS)] or [[]]
        for number, part in enumerate(parts, start=1):
            pages.append(
                ClubSheetPage(
                    night=spec.name,
                    game=game.name,
                    title=game.title,
                    table=table,
                    players=players,
                    partnerships=partnerships,
                    first_dealer=start.dealer,
                    target=None if game.default_target == 0 else start.target,
                    length=spec.night_length,
                    columns=columns,
                    running=_running(game, seats),
                    rows=tuple(part),
                    page=number,
                    pages=len(parts),
                    wins=game.wins,
                    summary=game.night_summary(start.target or None, start.house_rules),
                )
            )
    return tuple(pages)
