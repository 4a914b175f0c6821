"""The tournament: state as the fold of events, with every rule checked before a fact is kept.

``Tournament.check(event)`` raises :class:`~whist.errors.TournamentError` (with a reason a
player can read and a short ``code``) when a fact cannot apply; ``Tournament.apply(event)``
checks and then updates the state. Applying is deterministic and does no I/O, so replaying
the same events always gives the same state: the hub's log is the truth, this is its meaning.

>>> from whist.pattern import default_spec
>>> t = Tournament.new(default_spec("alberta", tables=5))
>>> t.apply(HandStarted(hand=1, trump=Suit.HEARTS))
>>> t.apply(ResultRecorded("r1", hand=1, table=2, visitor_tricks=10))
>>> t.flags_held(2), t.flags_held(1)     # team 1's pair visited table 2 and took 2 flags
(10, 14)
>>> [team.rank for team in t.standings()][:2]
[1, 2]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from whist.cards import Suit
from whist.enums import CountStatus, Phase, Unit
from whist.errors import ErrorCode, TournamentError
from whist.events import (
    CLOCK_EVENTS,
    CountAccepted,
    DayEnded,
    Event,
    FlagsCounted,
    FlagsLent,
    HandClosed,
    HandStarted,
    PenaltyImposed,
    PlaceDecided,
    ResultCorrected,
    ResultRecorded,
    StartUndone,
    TieBreakHandPlayed,
    TieBreakStarted,
    TieBreakTrumpCut,
    TieBreakUndone,
    TournamentCreated,
    TournamentRenamed,
)
from whist.formats import START_FLAGS, TRICKS, Format, GameFormat, HandOutcome
from whist.movement import host_table, visiting_team
from whist.spec import MAX_NAME_LENGTH, HandPlan, TournamentSpec

if TYPE_CHECKING:
    from whist.occasion import Report, RoomNews, Taken
    from whist.protocol import State, Topics
    from whist.views import AssignmentWriter, TableViews

MAX_REVOKES = 13
#: Suit order used only to settle two playoff draws of the same rank (bridge order).
DRAW_SUIT_ORDER = {Suit.SPADES: 4, Suit.HEARTS: 3, Suit.DIAMONDS: 2, Suit.CLUBS: 1}

#: The phases by their old names (whist.enums.Phase).
PLAYING, CLOSED, WAITING = Phase.PLAYING, Phase.CLOSED, Phase.WAITING


@dataclass(slots=True)
class TableResult:
    """What counts at one table for one hand, after corrections and penalties."""

    hand: int
    table: int
    visitor_team: int
    visitor_tricks: int
    revokes_home: int
    revokes_visitors: int
    result_id: str | None
    #: Tuples, not lists (issue 22): a result is kept for the whole event, 25,000 at 500
    #: tables, and two lists each were 3 MB of the hub's memory.
    corrections: tuple[str, ...] = ()
    flags_won: int = 0  # flags that went from this table to the visitors' table
    home_points: int = 0
    visitor_points: int = 0
    outcome: HandOutcome | None = None  # what the format made of it, last time it was scored
    #: The flags the visitors took, each time the result was scored (recorded, then after
    #: every correction or penalty): the last step is what the players must move now.
    flags_history: tuple[int, ...] = ()

    @property
    def by_leader(self) -> bool:
        """What counts now was entered by the leader (a correction, or a result the table
        never sent)."""
        return bool(self.corrections) or self.result_id is None

    @property
    def corrected(self) -> bool:
        """The leader changed a result entered before (the table's, or the leader's own);
        a result the leader entered for a table that never sent one is not a correction."""
        return len(self.corrections) > (1 if self.result_id is None else 0)

    @property
    def home_tricks(self) -> int:
        return TRICKS - self.visitor_tricks


@dataclass(frozen=True)
class Loan:
    """Flags lent to a table: by the leader, or automatically when it had too few to pay.

    ``to_bring``: of an automatic loan, the flags the leader has not brought to the table
    yet (a leader's loan to that table brings them first, decision A11).
    """

    day: int
    hand: int
    table: int
    flags: int
    automatic: bool
    to_bring: int = 0


@dataclass(frozen=True)
class LedgerLine:
    """One line of the loan ledger: a loan, whether its flags reached the table and whether
    they have gone back (a day's loans go back when the day ends, rule A5)."""

    day: int
    hand: int
    table: int
    flags: int
    automatic: bool
    brought: bool
    returned: bool


#: A count's statuses by their old names (whist.enums.CountStatus).
AGREES, DIFFERS, NOT_COUNTED = CountStatus.AGREES, CountStatus.DIFFERS, CountStatus.NOT_COUNTED


@dataclass(frozen=True)
class TableCount:
    """The verifiers' count of one table at the end of a day, against the hub's (decision A15).

    ``hub``: the flags the hub says the table held when the day ended (loans included), after
    later corrections and accepted counts; ``counted``: the verifiers' count (None: not
    counted yet); ``accepted``: the reasons of the leader's acceptances; ``hub_before``: for
    each acceptance, in the same order, the hub's own count just before it (what the hub had
    from the results, computed at replay, never typed in).
    """

    day: int
    table: int
    hub: int
    counted: int | None
    accepted: tuple[str, ...] = ()
    hub_before: tuple[int, ...] = ()

    @property
    def status(self) -> str:
        if self.counted is None:
            return NOT_COUNTED
        return AGREES if self.counted == self.hub else DIFFERS


@dataclass(frozen=True)
class TeamStanding:
    """One line of the standings. ``score`` is net flags (Alberta) or points (Gaspésie)."""

    team: int
    name: str
    score: int
    day_totals: tuple[int, ...]
    loans: int
    rank: int
    #: Gaspésie (G7): this rank is the leader's recorded decision, not the count-back's.
    by_leader: bool = False


#: The tie-break rules a new TieBreakStarted is played under: 1 = the A9 ladder for any
#: number of teams (logs written before decision A17), 2 = four or more teams play a knockout.
TIEBREAK_VERSION = 2

#: One playoff hand decided: (winner, loser).
Bout = tuple[int, int]


def _winner(played: TieBreakHandPlayed) -> Bout:
    a, b = played.teams
    return (a, b) if played.tricks[0] >= 7 else (b, a)


def _ladder(
    order: tuple[int, ...], hands: list[TieBreakHandPlayed]
) -> tuple[Bout | None, list[Bout]]:
    """A9: the first two play, the winner meets the next. The pairing still to play (None
    once done) and the hands' (winner, loser), in order."""
    champion = order[0]
    bouts: list[Bout] = []
    for team in order[1:]:
        if len(bouts) == len(hands):
            return (champion, team), bouts
        bouts.append(_winner(hands[len(bouts)]))
        champion = bouts[-1][0]
    return None, bouts


def knockout_rounds(
    order: tuple[int, ...], hands: list[TieBreakHandPlayed]
) -> tuple[Bout | None, list[list[Bout]]]:
    """A17: a knockout seeded by the draws (``order``, highest first). A round that does not
    start from a power of two is a first round among the highest draws only, the lowest draws
    having a bye; each round pairs the highest draw left against the lowest. The pairing still
    to play (None once done) and each round's (winner, loser).

    >>> knockout_rounds((5, 6, 7, 8, 9), [])[0]   # 5 teams: 5 and 6 play, 7, 8, 9 wait
    (5, 6)
    """
    alive, played = list(order), 0
    rounds: list[list[Bout]] = []
    while len(alive) > 1:
        power = 1 << (len(alive).bit_length() - 1)
        playing = alive if power == len(alive) else alive[: 2 * (len(alive) - power)]
        byes = alive[len(playing) :]
        bouts: list[Bout] = []
        rounds.append(bouts)
        for i in range(len(playing) // 2):
            pairing = (playing[i], playing[len(playing) - 1 - i])
            if played == len(hands):
                return pairing, rounds
            bouts.append(_winner(hands[played]))
            played += 1
        alive = sorted([w for w, _ in bouts] + byes, key=order.index)
    return None, rounds


def _ranked(keys: dict[int, tuple[int, ...]]) -> dict[int, int]:
    """Places from sort keys (lower is better); equal keys share a place (1, 2, 3, 3, 5)."""
    return {team: 1 + sum(other < key for other in keys.values()) for team, key in keys.items()}


@dataclass
class TieBreak:
    """An Alberta playoff: the A9 ladder (two or three teams, and older logs), or for four or
    more the knockout of A17; then, when two teams advance and the group holds first place,
    the teams the winner beat play off for second (A18).

    With three teams the ladder is the rule's own procedure: the lowest draw has the bye and
    meets the winner of the first hand.

    >>> tb = TieBreak(order=(3, 4, 2), second=True)
    >>> tb.next_pairing()
    (3, 4)
    """

    order: tuple[int, ...]
    hands: list[TieBreakHandPlayed] = field(default_factory=list)
    #: Each team's drawn card (three or more teams), as the hub writes it ("K♦").
    draws: dict[int, str] = field(default_factory=dict)
    first_trump: Suit | None = None
    #: The director's own cut, by playoff hand (0 = the first): it replaces the hub's.
    cuts: dict[int, Suit | None] = field(default_factory=dict)
    #: A17: four or more teams play a knockout (False: the A9 ladder, as logs before A17).
    knockout: bool = False
    #: A18: two teams advance and this group holds first place: second is played off.
    second: bool = False

    @property
    def trump(self) -> Suit | None:
        """The trump for the next playoff hand: the director's cut if entered, else the one
        given at the start or cut by the hub."""
        if len(self.hands) in self.cuts:
            return self.cuts[len(self.hands)]
        return self.hands[-1].next_trump if self.hands else self.first_trump

    def _main(self) -> tuple[Bout | None, list[list[Bout]]]:
        """The playoff for first: its pairing to play and its bouts, round by round (the
        ladder's hands are each a round)."""
        if self.knockout:
            return knockout_rounds(self.order, self.hands)
        pairing, bouts = _ladder(self.order, self.hands)
        return pairing, [[bout] for bout in bouts]

    def second_order(self) -> tuple[int, ...]:
        """A18: the teams the winner beat, in the order it beat them; they play a ladder for
        second (one of them alone is second without playing). Empty until first is decided."""
        pairing, rounds = self._main()
        if pairing is not None:
            return ()
        champion = rounds[-1][-1][0]
        return tuple(loser for bouts in rounds for winner, loser in bouts if winner == champion)

    def _second(self) -> tuple[Bout | None, list[Bout]]:
        order = self.second_order() if self.second else ()
        if len(order) < 2:
            return None, []
        return _ladder(order, self.hands[len(self.order) - 1 :])

    def next_pairing(self) -> tuple[int, int] | None:
        """The two teams who play the next playoff hand, None once decided."""
        pairing, _ = self._main()
        return pairing if pairing is not None else self._second()[0]

    @property
    def decided(self) -> bool:
        return self.next_pairing() is None

    @property
    def for_second(self) -> bool:
        """The next hand is for second place (A18)."""
        return self._main()[0] is None and not self.decided

    def in_pairing_order(self, played: TieBreakHandPlayed) -> TieBreakHandPlayed:
        """``played`` with its teams as the next pairing has them, so the walk reads it."""
        pairing = self.next_pairing()
        assert pairing is not None
        if played.teams == pairing:
            return played
        return TieBreakHandPlayed(
            pairing, (played.tricks[1], played.tricks[0]), played.trump, played.next_trump
        )

    def with_hand(self, played: TieBreakHandPlayed) -> TieBreak:
        """This playoff as it would be after ``played``."""
        hands = [*self.hands, self.in_pairing_order(played)]
        return replace(self, hands=hands, cuts=dict(self.cuts))

    def places(self) -> dict[int, int]:
        """Each team's place in the group (1 = first; a knockout's losers of the same round
        share one); only meaningful once decided."""
        _, rounds = self._main()
        champion = rounds[-1][-1][0]
        keys: dict[int, tuple[int, ...]] = {champion: (0,)}
        for depth, bouts in enumerate(reversed(rounds)):
            for index, (_, loser) in enumerate(bouts):
                # a ladder ranks each hand's loser; a knockout's round shares its place
                keys[loser] = (1, depth) if self.knockout else (1, depth, index)
        pairing, bouts = self._second()
        if bouts and pairing is None:
            keys[bouts[-1][0]] = (0, 1)
        return _ranked(keys)

    def final_order(self) -> tuple[int, ...]:
        """Teams from first to last; only meaningful once decided."""
        places = self.places()
        return tuple(sorted(self.order, key=lambda t: (places[t], self.order.index(t))))


class Tournament:
    """The state of one tournament. Build with :meth:`new` or :meth:`replay`."""

    def __init__(self, spec: TournamentSpec) -> None:
        self.spec = spec
        self.format: Format = spec.format
        self.rules: GameFormat = spec.format.rules
        self.tables = spec.tables
        self.hand = 0  # last hand started; 0 before the first
        self.phase = WAITING
        self.day = 1
        self.day_ended = False
        self.trumps: dict[int, Suit | None] = {}
        self.open_hands: set[int] = set()
        self.results: dict[tuple[int, int], TableResult] = {}
        #: (table, a kiosk's result id) -> (hand, table): an id is its table's (issue 23)
        self.result_ids: dict[tuple[int, str], tuple[int, int]] = {}
        #: results the log had lost that the tables offered again (ResultRecorded.recovered)
        self.recovered = 0
        self.reported: dict[int, set[int]] = {}
        self.penalties: dict[tuple[int, int], PenaltyImposed] = {}
        self.flags = [START_FLAGS] * (self.tables + 1)  # index 0 unused
        self.loans = [0] * (self.tables + 1)
        self.loan_log: list[Loan] = []
        self.ended_days: list[list[int]] = []  # per ended day, per table (index 0 unused)
        #: per ended day, per table: the flags the hub says are on the table (decision A15)
        self.day_flags: list[list[int]] = []
        self.counts: dict[tuple[int, int], int] = {}  # (day, table): the verifiers' count
        #: (table, a kiosk's count id) -> (day, table)
        self.count_ids: dict[tuple[int, str], tuple[int, int]] = {}
        self.accepted_counts: dict[tuple[int, int], list[str]] = {}
        #: (day, table): the hub's count just before each acceptance, in the same order
        self.accepted_hub: dict[tuple[int, int], list[int]] = {}
        self.points = [0] * (self.tables + 1)
        self.hand_points: dict[int, list[int]] = {}  # Gaspésie, per hand per team
        self.tiebreaks: list[TieBreak] = []
        #: G7: the leader's placing of teams the count-back leaves level, by group, latest last
        self.decisions: dict[frozenset[int], PlaceDecided] = {}
        #: The hand after which the leader ended the tournament early (rule 11d), or None.
        self.ended_after: int | None = None
        self._missing_key = -1
        self._missing: dict[int, list[int]] = {}
        self._undo: list[tuple[int, Phase, int, bool]] = []
        self.events = 0
        #: Issue 25: per team, the last change made once its day (or play) was over that
        #: moved its numbers: (what: correction, penalty, count, tiebreak_undo; the hand, 0
        #: for none; the leader's reason, "" for none), for the table's screen to say why.
        self.late_changes: dict[int, tuple[str, int, str]] = {}
        #: Issue 25: the reason the leader gave for ending each day (by day; none: not asked),
        #: and each tie-break taken back (its teams, the reason), for the screens and export.
        self.day_reasons: dict[int, str] = {}
        self.undone_tiebreaks: list[tuple[tuple[int, ...], str]] = []
        self._feed_cache: tuple[AssignmentWriter, TableViews] | None = None

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, spec: TournamentSpec) -> Tournament:
        t = cls(spec)
        t.events = 1
        return t

    @classmethod
    def replay(cls, events: Iterable[Event]) -> Tournament:
        """Fold a log that starts with TournamentCreated."""
        it = iter(events)
        first = next(it, None)
        if not isinstance(first, TournamentCreated):
            raise TournamentError("an event log must start with the tournament's creation")
        t = cls.new(first.spec)
        for event in it:
            t.apply(event)
        return t

    # ------------------------------------------------------------------ queries
    def plan(self, hand: int) -> HandPlan:
        return self.spec.plan(hand)

    def visitor_team(self, hand: int, table: int) -> int:
        return visiting_team(table, self.plan(hand).offset, self.tables)

    def away_table(self, hand: int, team: int) -> int:
        return host_table(team, self.plan(hand).offset, self.tables)

    def flags_held(self, table: int) -> int:
        return self.flags[table]

    def missing(self, hand: int | None = None) -> list[int]:
        h = self.hand if hand is None else hand
        done = self.reported.get(h, set())
        return [t for t in range(1, self.tables + 1) if t not in done]

    def reported_tables(self, hand: int | None = None) -> list[int]:
        return sorted(self.reported.get(self.hand if hand is None else hand, set()))

    def result(self, hand: int, table: int) -> TableResult | None:
        return self.results.get((hand, table))

    @property
    def finished(self) -> bool:
        """Play is over: every hand of the pattern has been started and none is still open,
        or the leader ended the tournament early."""
        return self.ended_after is not None or (
            self.hand == self.spec.hands and not self.open_hands
        )

    def next_hand(self) -> int:
        """The hand ``start_hand`` opens next: the one after the last started, or, after a
        day the leader ended early, the next day's first hand (the day's other hands are
        not played)."""
        if self.day_ended and self.day < len(self.spec.days):
            return max(self.hand, self.spec.last_hand_of_day(self.day)) + 1
        return self.hand + 1

    def unreported(self, through: int | None = None) -> dict[int, list[int]]:
        """Per hand started up to ``through`` (default: the last started), the tables with no
        result for it, for the hands that have any. Hands skipped by an early day end were
        never played and have none."""
        last = self.hand if through is None else through
        if through is None and self._missing_key == self.events:
            return self._missing
        out: dict[int, list[int]] = {}
        for hand in range(1, last + 1):
            if hand not in self.trumps:
                continue
            done = self.reported.get(hand, set())
            if len(done) < self.tables:
                out[hand] = [t for t in range(1, self.tables + 1) if t not in done]
        if through is None:
            self._missing_key, self._missing = self.events, out
        return out

    def results_missing(self) -> int:
        """How many results are missing from hands that are over (closed, followed by a
        later hand, or in a day that has ended). The standings are provisional while this is
        not 0; the hand in play does not count, its results are still coming in."""
        done = self.completed_hand()
        return sum(len(tables) for hand, tables in self.unreported().items() if hand <= done)

    def flags_to_bring(self, table: int) -> int:
        """Flags the hub lent ``table`` automatically today that the leader has not brought."""
        if self.day_ended:
            return 0
        return sum(
            loan.to_bring for loan in self.loan_log if loan.table == table and loan.day == self.day
        )

    def loan_ledger(self) -> list[LedgerLine]:
        """Every loan of the tournament, oldest first (kept across day ends)."""
        return [
            LedgerLine(
                day=loan.day,
                hand=loan.hand,
                table=loan.table,
                flags=loan.flags,
                automatic=loan.automatic,
                brought=loan.to_bring == 0,
                returned=loan.day < self.day or (loan.day == self.day and self.day_ended),
            )
            for loan in self.loan_log
        ]

    def table_count(self, day: int, table: int) -> TableCount:
        """The verifiers' count of ``table`` at the end of ``day`` (an ended day)."""
        return TableCount(
            day=day,
            table=table,
            hub=self.day_flags[day - 1][table],
            counted=self.counts.get((day, table)),
            accepted=tuple(self.accepted_counts.get((day, table), ())),
            hub_before=tuple(self.accepted_hub.get((day, table), ())),
        )

    def day_counts(self, day: int) -> list[TableCount]:
        """Every table's count at the end of ``day``, in table order; [] before it ends."""
        if not 1 <= day <= len(self.day_flags):
            return []
        return [self.table_count(day, t) for t in range(1, self.tables + 1)]

    def day_verified(self, day: int) -> bool:
        """Every table of ``day`` was counted and agrees with the hub (after corrections or
        the leader's acceptance of the count)."""
        counts = self.day_counts(day)
        return bool(counts) and all(c.status == AGREES for c in counts)

    def count_summary(self) -> list[tuple[int, int, list[int]]]:
        """Per ended day (a format of flags): (day, tables counted, tables that differ);
        nothing for a format without flags, which has nothing to count (issue 25, item 5)."""
        out: list[tuple[int, int, list[int]]] = []
        if self.rules.unit != Unit.FLAGS:
            return out
        for day in range(1, len(self.day_flags) + 1):
            counts = self.day_counts(day)
            counted = sum(c.counted is not None for c in counts)
            out.append((day, counted, [c.table for c in counts if c.status == DIFFERS]))
        return out

    def counts_accepted(self, day: int) -> dict[int, str]:
        """The tables of ``day`` whose verifiers' count the leader accepted over the hub's,
        each with the last reason given (issue 25: the screens say "accepted", and why)."""
        return {c.table: c.accepted[-1] for c in self.day_counts(day) if c.accepted}

    def count_to_enter(self, table: int) -> TableCount | None:
        """The count a table's players are asked for (decision A19): the last ended day's,
        while no hand of a later day has started; None otherwise (or with no flags)."""
        if self.rules.unit != Unit.FLAGS or not self.day_flags or not self.day_ended:
            return None
        return self.table_count(len(self.day_flags), table)

    def tiebreak_in_progress(self) -> TieBreak | None:
        last = self.tiebreaks[-1] if self.tiebreaks else None
        return last if last is not None and not last.decided else None

    def _day_counts(self) -> bool:
        return not self.day_ended

    def all_day_totals(self) -> list[tuple[int, ...]]:
        """Per team (index = team; 0 unused), per day: net flags (Alberta) or points
        (Gaspésie), the running day included. One pass, for the standings of a big hall."""
        teams = range(self.tables + 1)
        if self.rules.unit == Unit.FLAGS:
            ended = self.ended_days
            if self._day_counts():
                flags, loans = self.flags, self.loans
                return [(*(day[t] for day in ended), flags[t] - loans[t]) for t in teams]
            return [tuple(day[t] for day in ended) for t in teams]
        per_day = [[0] * (self.tables + 1) for _ in self.spec.days]
        for hand, points in self.hand_points.items():
            row = per_day[self.spec.day_of(hand) - 1]
            for t in teams:
                row[t] += points[t]
        shown = per_day[: max(self.day, 1)]
        return [tuple(day[t] for day in shown) for t in teams]

    def day_totals(self, team: int) -> tuple[int, ...]:
        """Per day: net flags (Alberta) or points (Gaspésie); the running day included.
        Worked out for ``team`` alone: a hub asks it for hundreds of tables in a row."""
        if self.rules.unit == Unit.FLAGS:
            ended = tuple(day[team] for day in self.ended_days)
            if self._day_counts():
                return (*ended, self.flags[team] - self.loans[team])
            return ended
        per_day = [0] * len(self.spec.days)
        for hand, points in self.hand_points.items():
            per_day[self.spec.day_of(hand) - 1] += points[team]
        return tuple(per_day[: max(self.day, 1)])

    def score(self, team: int) -> int:
        if self.rules.unit == Unit.FLAGS:
            return sum(self.day_totals(team))
        return self.points[team]

    def completed_hand(self) -> int:
        """The last hand that is over: closed, or followed by a later hand (0: none yet)."""
        return self.hand - 1 if self.phase == PLAYING else self.hand

    def hand_changes(self, hand: int) -> list[int]:
        """Per team (index = team; 0 unused): what it won (or lost) in ``hand``, in the
        format's unit, as the results stand now."""
        changes = [0] * (self.tables + 1)
        if self.rules.unit == Unit.POINTS:
            for team, points in enumerate(self.hand_points.get(hand, ())):
                changes[team] = points
            return changes
        for table in self.reported.get(hand, ()):
            res = self.results.get((hand, table))
            if res is not None:
                changes[table] -= res.flags_won
                changes[res.visitor_team] += res.flags_won
        return changes

    def countback(self) -> dict[int, tuple[int, ...]]:
        """Per team, its totals after hand n-1, n-2, … 1, where n is the last hand started:
        the backward count that separates teams equal on points (Gaspésie rule 14, and any
        format whose ``tie_break`` is ``"countback"``). The console shows the same figures."""
        running = [0] * (self.tables + 1)
        after: list[list[int]] = []
        for hand in range(1, self.hand + 1):
            for team, pts in enumerate(self.hand_points.get(hand, [0] * (self.tables + 1))):
                running[team] += pts
            after.append(list(running))
        keys: dict[int, tuple[int, ...]] = {}
        for team in range(1, self.tables + 1):
            keys[team] = tuple(after[h][team] for h in range(len(after) - 2, -1, -1))
        return keys

    def standings(self) -> list[TeamStanding]:
        """Teams from first to last. Equal teams share a rank (1, 2, 2, 4) unless a tie-break
        decides them: a finished playoff (Alberta) or the backward count (Gaspésie)."""
        teams = range(1, self.tables + 1)
        totals = self.all_day_totals()
        flags = self.rules.unit == Unit.FLAGS
        scores = {t: sum(totals[t]) if flags else self.points[t] for t in teams}
        if self.rules.tie_break == "countback":
            back = self.countback()
            keys = {t: (scores[t], *back[t]) for t in teams}
        else:
            keys = {t: (scores[t],) for t in teams}
        place = {t: 0 for t in teams}
        for tb in self.tiebreaks:
            if tb.decided and len({keys[t] for t in tb.order}) == 1:
                for team, position in tb.places().items():
                    place[team] = -position  # higher is better, like the score
        by_leader: set[int] = set()
        for decision in self._decisions_in_force(keys):
            by_leader |= set(decision.teams)
            for position, team in enumerate(decision.teams):
                place[team] = -position
        ordered = sorted(teams, key=lambda t: (keys[t], place[t], -t), reverse=True)
        names = [team.name for team in self.spec.teams]
        out: list[TeamStanding] = []
        previous: tuple[tuple[int, ...], int] | None = None
        rank = 0
        for position, team in enumerate(ordered, start=1):
            key = (keys[team], place[team])
            if key != previous:
                rank = position
                previous = key
            out.append(
                TeamStanding(
                    team=team,
                    name=names[team - 1],
                    score=scores[team],
                    day_totals=totals[team],
                    loans=self.loans[team] if flags else 0,
                    rank=rank,
                    by_leader=team in by_leader,
                )
            )
        return out

    def _level_groups(self, keys: dict[int, tuple[int, ...]]) -> set[frozenset[int]]:
        """Teams whose sort keys are equal, two or more to a group."""
        groups: dict[tuple[int, ...], set[int]] = {}
        for team, key in keys.items():
            groups.setdefault(key, set()).add(team)
        return {frozenset(g) for g in groups.values() if len(g) > 1}

    def _decisions_in_force(self, keys: dict[int, tuple[int, ...]]) -> list[PlaceDecided]:
        level = self._level_groups(keys)  # a decision holds while its teams stay level (G7)
        return [d for group, d in self.decisions.items() if group in level]

    def decisions_in_force(self) -> list[PlaceDecided]:
        """G7: the leader's decisions the standings follow, oldest first."""
        return self._decisions_in_force(self._countback_keys())

    def _countback_keys(self) -> dict[int, tuple[int, ...]]:
        back = self.countback()
        return {t: (self.points[t], *back[t]) for t in range(1, self.tables + 1)}

    def countback_level(self) -> list[tuple[int, ...]]:
        """G6/G7: the groups of teams the count-back leaves level (same points after every
        manche counted back), each in table order: what the leader may decide."""
        if self.rules.tie_break != "countback":
            return []
        return sorted(tuple(sorted(g)) for g in self._level_groups(self._countback_keys()))

    # ------------------------------------------------------------------ checking
    def _table(self, table: int) -> None:
        if not 1 <= table <= self.tables:
            raise TournamentError(
                f"there is no table {table}: this tournament has tables 1 to {self.tables}",
                ErrorCode.BAD_TABLE,
            )

    def _tricks(self, visitor_tricks: int, revokes_home: int, revokes_visitors: int) -> None:
        if not 0 <= visitor_tricks <= TRICKS:
            raise TournamentError(
                f"the visitors' tricks must be from 0 to 13 (got {visitor_tricks})",
                ErrorCode.OUT_OF_RANGE,
            )
        for count in (revokes_home, revokes_visitors):
            if not 0 <= count <= MAX_REVOKES:
                raise TournamentError(
                    f"revokes must be from 0 to {MAX_REVOKES} (got {count})", ErrorCode.OUT_OF_RANGE
                )

    def _started_hand(self, hand: int) -> None:
        if not 1 <= hand <= self.hand:
            now = f"the current hand is {self.hand}" if self.hand else "no hand has started yet"
            raise TournamentError(f"hand {hand} has not started: {now}", ErrorCode.WRONG_HAND)

    def check(self, event: Event) -> None:
        """Raise TournamentError if ``event`` cannot apply now; change nothing."""
        handler = getattr(self, "_check_" + type(event).__name__)
        handler(event)

    def _check_TournamentCreated(self, event: TournamentCreated) -> None:
        raise TournamentError("this tournament already exists", ErrorCode.EXISTS)

    def _check_HandStarted(self, event: HandStarted) -> None:
        if self.tiebreak_in_progress():
            raise TournamentError("a tie-break is in progress", ErrorCode.WRONG_PHASE)
        if self.ended_after is not None:
            raise TournamentError(
                f"the leader ended the tournament after hand {self.ended_after}",
                ErrorCode.FINISHED,
            )
        expected = self.next_hand()
        if expected > self.spec.hands:
            raise TournamentError(
                f"all {self.spec.hands} hands of the pattern have been played", ErrorCode.FINISHED
            )
        if event.hand != expected:
            raise TournamentError(
                f"the next hand is {expected}, not {event.hand}", ErrorCode.WRONG_HAND
            )
        next_day = self.spec.day_of(expected)
        if next_day > self.day and not self.day_ended:
            raise TournamentError(
                f"hand {expected} is on day {next_day}: end day {self.day} first",
                ErrorCode.END_DAY_FIRST,
            )

    def _check_TournamentRenamed(self, event: TournamentRenamed) -> None:
        name = event.name.strip()
        if not name or len(name) > MAX_NAME_LENGTH or name != event.name:
            raise TournamentError(
                f"a tournament's name is 1 to {MAX_NAME_LENGTH} characters, not blank",
                ErrorCode.OUT_OF_RANGE,
            )

    def _apply_TournamentRenamed(self, event: TournamentRenamed) -> None:
        self.spec = self.spec.model_copy(update={"name": event.name})

    def _check_StartUndone(self, event: StartUndone) -> None:
        if self.hand == 0 or event.hand != self.hand:
            raise TournamentError(
                f"only the last hand started can be undone (hand {self.hand})", ErrorCode.WRONG_HAND
            )
        if self.reported.get(self.hand) or any(k[0] == self.hand for k in self.penalties):
            raise TournamentError(
                f"hand {self.hand} already has results: it cannot be undone", ErrorCode.HAS_RESULTS
            )
        if self.hand not in self.open_hands:
            raise TournamentError(
                f"hand {self.hand} is closed: it cannot be undone", ErrorCode.CLOSED
            )

    def _check_ResultRecorded(self, event: ResultRecorded) -> None:
        if (event.table, event.result_id) in self.result_ids:
            raise TournamentError("this result was already received", ErrorCode.DUPLICATE)
        if not event.result_id:
            raise TournamentError("a result needs an id", ErrorCode.MALFORMED)
        self._table(event.table)
        self._tricks(event.visitor_tricks, event.revokes_home, event.revokes_visitors)
        self._started_hand(event.hand)
        if event.hand not in self.open_hands:
            raise TournamentError(
                f"hand {event.hand} is closed: ask the leader to enter this result",
                ErrorCode.HAND_CLOSED,
            )
        if (event.hand, event.table) in self.results:
            raise TournamentError(
                f"table {event.table} already reported hand {event.hand} with a different "
                "result: the leader has been told and will settle it",
                ErrorCode.CONFLICT,
            )

    def _check_ResultCorrected(self, event: ResultCorrected) -> None:
        self._table(event.table)
        self._tricks(event.visitor_tricks, event.revokes_home, event.revokes_visitors)
        self._started_hand(event.hand)
        if not event.reason.strip():
            raise TournamentError("a correction needs a reason", ErrorCode.REASON_REQUIRED)

    def _check_PenaltyImposed(self, event: PenaltyImposed) -> None:
        if not self.rules.leader_penalties:
            raise TournamentError(
                "penalties giving the hand away are not a rule of this format: "
                "correct the result instead",
                ErrorCode.WRONG_FORMAT,
            )
        self._table(event.table)
        self._started_hand(event.hand)
        if event.side not in ("home", "visitors"):
            raise TournamentError(
                "the side at fault must be home or visitors", ErrorCode.OUT_OF_RANGE
            )
        if not event.reason.strip():
            raise TournamentError("a penalty needs a reason", ErrorCode.REASON_REQUIRED)
        if (event.hand, event.table) in self.penalties:
            raise TournamentError(
                f"table {event.table} already has a penalty for hand {event.hand}",
                ErrorCode.CONFLICT,
            )

    def _check_FlagsLent(self, event: FlagsLent) -> None:
        if not self.rules.lends_flags:
            raise TournamentError("only flag tournaments lend flags", ErrorCode.WRONG_FORMAT)
        self._table(event.table)
        if self.finished:
            raise TournamentError("play is over: no more loans", ErrorCode.FINISHED)
        if not 1 <= event.flags <= START_FLAGS:
            raise TournamentError(
                f"a loan is 1 to {START_FLAGS} flags (got {event.flags})", ErrorCode.OUT_OF_RANGE
            )

    def _check_HandClosed(self, event: HandClosed) -> None:
        if event.hand != self.hand or self.hand == 0:
            raise TournamentError(
                f"only the current hand ({self.hand}) can be closed", ErrorCode.WRONG_HAND
            )
        if not self.open_hands:
            raise TournamentError(f"hand {self.hand} is already closed", ErrorCode.CLOSED)

    def _check_DayEnded(self, event: DayEnded) -> None:
        if event.final and event.day == self.day and self.day_ended and not self.finished:
            return  # the day is over already: the leader ends the tournament with it
        if event.day != self.day or self.day_ended:
            raise TournamentError(f"day {event.day} is not the day in play", ErrorCode.WRONG_DAY)
        if self.hand == 0:
            raise TournamentError("no hand has started yet", ErrorCode.WRONG_HAND)
        last = self.spec.last_hand_of_day(self.day)
        if self.hand < last and not (event.early or event.final):
            raise TournamentError(
                f"day {self.day} still has hands {self.hand + 1} to {last} to play "
                "(the leader may end it early)",
                ErrorCode.DAY_NOT_DONE,
            )

    def _ended_day(self, day: int) -> None:
        if self.rules.unit != Unit.FLAGS:
            raise TournamentError(
                "only flag tournaments have their flags counted", ErrorCode.WRONG_FORMAT
            )
        if not 1 <= day <= len(self.day_flags):
            raise TournamentError(
                f"day {day} has not ended: the flags are counted at the end of the day",
                ErrorCode.WRONG_DAY,
            )

    def _check_FlagsCounted(self, event: FlagsCounted) -> None:
        self._ended_day(event.day)
        self._table(event.table)
        most = START_FLAGS * self.tables
        if not 0 <= event.flags <= most:
            raise TournamentError(
                f"a table's count is 0 to {most} flags (got {event.flags})",
                ErrorCode.OUT_OF_RANGE,
            )

    def _check_CountAccepted(self, event: CountAccepted) -> None:
        self._ended_day(event.day)
        self._table(event.table)
        count = self.table_count(event.day, event.table)
        if count.counted is None:
            raise TournamentError(
                f"table {event.table} has not been counted for day {event.day}",
                ErrorCode.WRONG_PHASE,
            )
        if count.status == AGREES:
            raise TournamentError(
                f"table {event.table}'s count agrees with the hub: nothing to accept",
                ErrorCode.WRONG_PHASE,
            )
        if not event.reason.strip():
            raise TournamentError("accepting a count needs a reason", ErrorCode.REASON_REQUIRED)

    def _refuse_on_provisional_standings(self) -> None:
        """A tie-break or a leader's decision waits for every result: teams level while one
        is missing may not be level once it is in (rules A9, G7)."""
        missing = self.results_missing()
        if missing:
            raise TournamentError(
                f"enter the {missing} missing result{'s' if missing > 1 else ''} first: "
                "until every result is in, the teams level now may not be level",
                ErrorCode.WRONG_PHASE,
            )

    def _check_TieBreakStarted(self, event: TieBreakStarted) -> None:
        if self.rules.tie_break != "playoff":
            raise TournamentError(
                "in this format ties are broken by the backward count, shown in the standings",
                ErrorCode.WRONG_FORMAT,
            )
        if self.tiebreak_in_progress():
            raise TournamentError("another tie-break is still being played", ErrorCode.WRONG_PHASE)
        done = next(
            (tb for tb in self.tiebreaks if tb.decided and set(tb.order) == set(event.teams)),
            None,
        )
        if done is not None:
            raise TournamentError(
                "the tie-break of teams "
                + ", ".join(map(str, sorted(event.teams)))
                + " is already decided: undo it first to play it again",
                ErrorCode.WRONG_PHASE,
            )
        if not self.finished:
            raise TournamentError(
                "tie-breaks are played after the last hand is closed (or play is ended)",
                ErrorCode.WRONG_PHASE,
            )
        self._refuse_on_provisional_standings()  # rules A9
        teams = event.teams
        if len(teams) < 2 or len(set(teams)) != len(teams):
            raise TournamentError(
                "a tie-break needs two or more different teams", ErrorCode.BAD_TEAMS
            )
        for team in teams:
            self._table(team)
        if len({self.score(t) for t in teams}) != 1:
            raise TournamentError(
                "these teams are not tied: "
                + ", ".join(f"team {t} has {self.score(t)}" for t in teams),
                ErrorCode.NOT_TIED,
            )
        score = self.score(teams[0])
        tied = [t for t in range(1, self.tables + 1) if self.score(t) == score]
        if set(tied) != set(teams):
            raise TournamentError(
                f"teams {', '.join(map(str, tied))} are all tied on {score}: "
                "every one of them takes part in the tie-break",
                ErrorCode.NOT_TIED,
            )
        if len(teams) >= 3 and (
            len(event.draws) != len(teams) or len(set(event.draws)) != len(event.draws)
        ):
            raise TournamentError(
                "with three or more tied teams, each team's A player draws a different card",
                ErrorCode.DRAWS_REQUIRED,
            )

    def _check_PlaceDecided(self, event: PlaceDecided) -> None:
        if self.rules.tie_break != "countback":
            raise TournamentError(
                "in this format ties are played off (tie-breaks), not decided by the leader",
                ErrorCode.WRONG_FORMAT,
            )
        if not self.finished:
            raise TournamentError(
                "the leader decides a tie after the last manche is closed (or play is ended)",
                ErrorCode.WRONG_PHASE,
            )
        if not event.reason.strip():
            raise TournamentError("the leader's decision needs a reason", ErrorCode.REASON_REQUIRED)
        self._refuse_on_provisional_standings()  # rules G7
        level = self.countback_level()
        if tuple(sorted(event.teams)) not in level or len(set(event.teams)) != len(event.teams):
            raise TournamentError(
                "only teams the count-back leaves level can be placed by the leader, all of "
                "them together: "
                + ("; ".join(", ".join(map(str, g)) for g in level) or "no teams are level"),
                ErrorCode.NOT_TIED,
            )

    def _check_TieBreakTrumpCut(self, event: TieBreakTrumpCut) -> None:
        if self.tiebreak_in_progress() is None:
            raise TournamentError("no tie-break is being played", ErrorCode.WRONG_PHASE)

    def _check_TieBreakUndone(self, event: TieBreakUndone) -> None:
        if not self.tiebreaks:
            raise TournamentError("there is no tie-break to undo", ErrorCode.WRONG_PHASE)

    def _check_TieBreakHandPlayed(self, event: TieBreakHandPlayed) -> None:
        tb = self.tiebreak_in_progress()
        if tb is None:
            raise TournamentError("no tie-break is being played", ErrorCode.WRONG_PHASE)
        pairing = tb.next_pairing()
        if pairing is None or set(event.teams) != set(pairing):
            raise TournamentError(
                f"the next playoff hand is team {pairing[0]} against team {pairing[1]}"
                if pairing
                else "the tie-break is decided",
                ErrorCode.WRONG_TEAMS,
            )
        if sum(event.tricks) != TRICKS or min(event.tricks) < 0:
            raise TournamentError("playoff tricks must add up to 13", ErrorCode.OUT_OF_RANGE)

    # ------------------------------------------------------------------ applying
    def apply(self, event: Event) -> None:
        """Check ``event`` and fold it into the state."""
        if isinstance(event, CLOCK_EVENTS):  # the room's clock: counted, the clock's own
            self.events += 1
            return
        self.check(event)
        late = self._late(event)
        getattr(self, "_apply_" + type(event).__name__)(event)
        self.events += 1
        if late is not None:
            what, teams, hand, reason = late
            for team in teams:
                self.late_changes[team] = (what, hand, reason)

    def _late(self, event: Event) -> tuple[str, list[int], int, str] | None:
        """What a change after the day's end does, and to which teams (read before it)."""
        if isinstance(event, ResultCorrected | PenaltyImposed):
            over = self.day_ended or self.finished or self.hand_day_is_over(event.hand)
            if not over:  # during play the result screens say it already
                return None
            teams = [event.table, self.visitor_team(event.hand, event.table)]
            what = "correction" if isinstance(event, ResultCorrected) else "penalty"
            return what, teams, event.hand, event.reason
        if isinstance(event, CountAccepted):
            return "count", [event.table], 0, event.reason
        if isinstance(event, TieBreakUndone) and self.tiebreaks:
            return "tiebreak_undo", list(self.tiebreaks[-1].order), 0, event.reason
        return None

    def _apply_HandStarted(self, event: HandStarted) -> None:
        self._undo.append((self.hand, self.phase, self.day, self.day_ended))
        self.hand = event.hand
        self.trumps[event.hand] = event.trump
        self.phase = PLAYING
        self.open_hands.add(event.hand)
        day = self.spec.day_of(event.hand)
        if day != self.day:
            self.day = day
            self.day_ended = False
        self.reported.setdefault(event.hand, set())
        self.hand_points[event.hand] = [0] * (self.tables + 1)

    def _apply_StartUndone(self, event: StartUndone) -> None:
        self.open_hands.discard(event.hand)
        self.trumps.pop(event.hand, None)
        self.reported.pop(event.hand, None)
        self.hand_points.pop(event.hand, None)
        self.hand, self.phase, self.day, self.day_ended = self._undo.pop()

    def _transfer(self, hand: int, source: int, target: int, flags: int) -> None:
        """Move flags between tables; a table that lacks them gets an automatic loan."""
        if flags <= 0:
            return
        short = flags - self.flags[source]
        if short > 0:
            self._lend(hand, source, short, automatic=True)
            log = self.loan_log
            log[-1] = replace(log[-1], to_bring=short)
        self.flags[source] -= flags
        self.flags[target] += flags

    def _lend(self, hand: int, table: int, flags: int, *, automatic: bool) -> None:
        self.flags[table] += flags
        self.loans[table] += flags
        # Lent between two days: the flags count in the day about to start.
        day = self.day + 1 if self.day_ended else self.day
        self.loan_log.append(Loan(day, hand, table, flags, automatic))

    def _bring(self, table: int, flags: int) -> int:
        """Mark up to ``flags`` of ``table``'s automatic loans today as brought; how many."""
        brought = 0
        for i, loan in enumerate(self.loan_log):
            if brought == flags:
                break
            if loan.table == table and loan.day == self.day and loan.to_bring:
                take = min(loan.to_bring, flags - brought)
                self.loan_log[i] = replace(loan, to_bring=loan.to_bring - take)
                brought += take
        return brought

    def _score_table(self, res: TableResult) -> None:
        """Bring the flags or points in line with ``res`` (first time or after a change)."""
        penalty = self.penalties.get((res.hand, res.table))
        outcome = self.rules.outcome(
            res.visitor_tricks,
            res.revokes_home,
            res.revokes_visitors,
            penalty.side if penalty else None,  # type: ignore[arg-type]
        )
        res.outcome = outcome
        res.flags_history += (outcome.flags,)
        if outcome.flags != res.flags_won:
            self._move_flags(res, outcome.flags)
        home, visitors = outcome.home_points, outcome.visitor_points
        self._add_points(res, home - res.home_points, visitors - res.visitor_points)
        res.home_points, res.visitor_points = home, visitors

    def _add_points(self, res: TableResult, home: int, visitors: int) -> None:
        per_hand = self.hand_points[res.hand]
        per_hand[res.table] += home
        per_hand[res.visitor_team] += visitors
        self.points[res.table] += home
        self.points[res.visitor_team] += visitors

    def _new_result(
        self, event: ResultRecorded | ResultCorrected, result_id: str | None
    ) -> TableResult:
        res = TableResult(
            hand=event.hand,
            table=event.table,
            visitor_team=self.visitor_team(event.hand, event.table),
            visitor_tricks=event.visitor_tricks,
            revokes_home=event.revokes_home,
            revokes_visitors=event.revokes_visitors,
            result_id=result_id,
        )
        self.results[(event.hand, event.table)] = res
        self.reported[event.hand].add(event.table)
        return res

    def _apply_ResultRecorded(self, event: ResultRecorded) -> None:
        res = self._new_result(event, event.result_id)
        self.result_ids[(event.table, event.result_id)] = (event.hand, event.table)
        self._score_table(res)
        if event.recovered:
            self.recovered += 1

    def hand_day_is_over(self, hand: int) -> bool:
        """The day of ``hand`` has ended: its flags were counted and every table reset."""
        day = self.spec.day_of(hand)
        return day < self.day or (day == self.day and self.day_ended)

    def _apply_ResultCorrected(self, event: ResultCorrected) -> None:
        res = self.results.get((event.hand, event.table))
        if res is None:  # the leader enters a result the table never sent
            res = self._new_result(event, None)
        res.visitor_tricks = event.visitor_tricks
        res.revokes_home = event.revokes_home
        res.revokes_visitors = event.revokes_visitors
        res.corrections += (event.reason,)
        self._score_table(res)

    def _move_flags(self, res: TableResult, new_flags: int) -> None:
        delta = new_flags - res.flags_won
        res.flags_won = new_flags
        if self.hand_day_is_over(res.hand):
            # The flags of that day were counted and redistributed: adjust its record.
            day = self.spec.day_of(res.hand) - 1
            for totals in (self.ended_days[day], self.day_flags[day]):
                totals[res.visitor_team] += delta
                totals[res.table] -= delta
        elif delta > 0:
            self._transfer(res.hand, res.table, res.visitor_team, delta)
        else:
            self._transfer(res.hand, res.visitor_team, res.table, -delta)

    def _apply_PenaltyImposed(self, event: PenaltyImposed) -> None:
        self.penalties[(event.hand, event.table)] = event
        res = self.results.get((event.hand, event.table))
        if res is not None:
            self._score_table(res)

    def _apply_FlagsLent(self, event: FlagsLent) -> None:
        flags = event.flags
        if event.covering and not self.day_ended:
            flags -= self._bring(event.table, flags)
        if flags:
            self._lend(self.hand, event.table, flags, automatic=False)

    def _apply_HandClosed(self, event: HandClosed) -> None:
        self.open_hands.clear()
        self.phase = CLOSED

    def _apply_DayEnded(self, event: DayEnded) -> None:
        last_day = self.day == len(self.spec.days)
        if self.hand < self.spec.hands and (event.final or last_day):
            self.ended_after = self.hand
        if not self.day_ended:
            self.open_hands.clear()
            totals = [self.flags[t] - self.loans[t] for t in range(self.tables + 1)]
            self.ended_days.append(totals)
            self.day_flags.append(list(self.flags))  # what the verifiers should find
            self.flags = [START_FLAGS] * (self.tables + 1)
            self.loans = [0] * (self.tables + 1)
            self.day_ended = True
        over = self.ended_after is not None or self.hand >= self.spec.hands
        self.phase = CLOSED if over else WAITING
        if event.reason.strip():
            self.day_reasons[event.day] = event.reason.strip()

    def _apply_FlagsCounted(self, event: FlagsCounted) -> None:
        self.counts[(event.day, event.table)] = event.flags
        if event.count_id is not None:
            self.count_ids[(event.table, event.count_id)] = (event.day, event.table)

    def _apply_CountAccepted(self, event: CountAccepted) -> None:
        counted = self.counts[(event.day, event.table)]
        hub = self.day_flags[event.day - 1][event.table]
        diff = counted - hub
        self.accepted_hub.setdefault((event.day, event.table), []).append(hub)
        self.day_flags[event.day - 1][event.table] += diff
        self.ended_days[event.day - 1][event.table] += diff
        self.accepted_counts.setdefault((event.day, event.table), []).append(event.reason)

    def _apply_TieBreakStarted(self, event: TieBreakStarted) -> None:
        if len(event.teams) >= 3:
            ranked = sorted(
                zip(event.teams, event.draws, strict=True),
                key=lambda td: (td[1].rank, DRAW_SUIT_ORDER[td[1].suit]),
                reverse=True,
            )
            order = tuple(team for team, _ in ranked)
        else:
            order = tuple(event.teams)
        draws = {team: str(card) for team, card in zip(event.teams, event.draws, strict=False)}
        score = self.score(order[0])
        holds_first = all(self.score(t) <= score for t in range(1, self.tables + 1))
        self.tiebreaks.append(
            TieBreak(
                order=order,
                first_trump=event.trump,
                draws=draws,
                knockout=event.version >= 2 and len(order) >= 4,
                second=self.spec.advance >= 2 and holds_first,
            )
        )

    def _apply_TieBreakTrumpCut(self, event: TieBreakTrumpCut) -> None:
        tb = self.tiebreak_in_progress()
        assert tb is not None  # checked
        tb.cuts[len(tb.hands)] = event.trump

    def _apply_TieBreakUndone(self, event: TieBreakUndone) -> None:
        undone = self.tiebreaks.pop()
        self.undone_tiebreaks.append((tuple(sorted(undone.order)), event.reason.strip()))

    def _apply_TieBreakHandPlayed(self, event: TieBreakHandPlayed) -> None:
        tb = self.tiebreak_in_progress()
        assert tb is not None  # checked
        tb.hands.append(tb.in_pairing_order(event))

    def _apply_PlaceDecided(self, event: PlaceDecided) -> None:
        group = frozenset(event.teams)
        self.decisions.pop(group, None)  # the latest decision replaces, and comes last
        self.decisions[group] = PlaceDecided(event.teams, event.reason.strip())

    # ------------------------------------------------------------------ as an Occasion
    # What the hub asks of every kind of event (whist/occasion.py); the views are built by
    # whist/views.py, imported when asked (it imports this module).
    running = "a military whist tournament"
    other_report = "a club night's deal"
    other_ops = "is for a club night; this is military whist"

    @property
    def seq(self) -> int:
        return self.events

    @property
    def table_numbers(self) -> range:
        return range(1, self.tables + 1)

    def state_view(self, room: RoomNews) -> State:
        from whist import views

        return views.state(
            self,
            offline=room.offline,
            calling=room.calling,
            call_reasons=room.call_reasons,
            conflicts=room.conflicts,
        )

    def table_feed(self, table: int, topics: Topics) -> list[tuple[str, bytes]]:
        from whist import views

        # Built for this state of this tournament: a replay makes a new one, and new caches.
        if self._feed_cache is None:
            self._feed_cache = (views.AssignmentWriter(), views.TableViews(self))
        assignments, table_views = self._feed_cache
        return [
            (topics.assignment(table), assignments.json(self, table)),
            (topics.view(table), table_views.json(table)),
        ]

    def hall_feed(self, topics: Topics) -> tuple[str, bytes]:
        from whist import views

        return topics.standings, views.standings_json(self)

    def changes_feed(self, teams: Iterable[int], topics: Topics) -> list[tuple[str, bytes]]:
        from whist import views

        return [(topics.standings_changes, views.standings_changes_json(self, teams))]

    def take(self, table: int, report: Report) -> Taken:
        """A result from table ``table``'s kiosk: the ResultRecorded to record, or the result
        held already (the same id, or the same tricks and revokes for that hand).

        >>> from whist.pattern import default_spec
        >>> from whist.protocol import Result
        >>> t = Tournament.new(default_spec("alberta", tables=3, hands=2))
        >>> t.apply(HandStarted(1, None))
        >>> r = Result(id="r1", hand=1, table=2, visitor_tricks=6, home_tricks=7,
        ...            revokes={"home": 0, "visitors": 0})
        >>> t.apply(t.take(2, r).event)
        >>> t.take(2, r).held, t.take(2, r.model_copy(update={"id": "r2"})).held
        ((1, 2), (1, 2))
        >>> t.take(3, r).wrong_table
        True
        """
        from whist.occasion import Taken
        from whist.protocol import Result

        if not isinstance(report, Result):
            raise TournamentError(f"{self.other_report} {self.other_ops}", ErrorCode.WRONG_FORMAT)
        if report.table != table:
            return Taken(wrong_table=True)
        if (table, report.id) in self.result_ids:  # ids are per table: another's is not ours
            return Taken(held=self.result_ids[(table, report.id)])
        event = ResultRecorded(
            result_id=report.id,
            hand=report.hand,
            table=report.table,
            visitor_tricks=report.visitor_tricks,
            revokes_home=report.revokes.home,
            revokes_visitors=report.revokes.visitors,
            recovered=report.reoffer,
        )
        done = self.result(event.hand, event.table)
        facts = (event.visitor_tricks, event.revokes_home, event.revokes_visitors)
        if (
            done is not None
            and (
                done.visitor_tricks,
                done.revokes_home,
                done.revokes_visitors,
            )
            == facts
        ):
            return Taken(held=(event.hand, table))
        return Taken(event=event)

    def headline(self) -> str:
        spec = self.spec
        return (
            f"Tournament: {spec.name} ({self.format.value}, {self.tables} tables, "
            f"{spec.hands} hands)"
        )

    def progress(self) -> str:
        return f"hand {self.hand} of {self.spec.hands}, {self.phase}"

    def status(self) -> str:
        done = len(self.reported_tables()) if self.hand else 0
        return (
            f"{self.spec.name}: hand {self.hand} of {self.spec.hands} ({self.phase}), "
            f"{done}/{self.tables} reported"
        )


def fold(events: Iterable[Event]) -> Tournament:
    """The state after ``events`` (a log starting with TournamentCreated)."""
    return Tournament.replay(events)


__all__ = [
    "AGREES",
    "CLOSED",
    "DIFFERS",
    "NOT_COUNTED",
    "PLAYING",
    "TIEBREAK_VERSION",
    "WAITING",
    "LedgerLine",
    "Loan",
    "TableCount",
    "TableResult",
    "TeamStanding",
    "TieBreak",
    "Tournament",
    "fold",
]
