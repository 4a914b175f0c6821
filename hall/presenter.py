"""The hall display's behaviour, with no window.

A :class:`HallPresenter` is told what the hub publishes (State, Standings, StandingsChanges,
the hub's status) and, by the window, how many rows fit on a page (``set_rows_per_page``)
and when to turn the page (``next_page``, every ``page_seconds``). It builds a
:class:`~hall.viewmodel.HallVM` after each.

The display renders what the hub computed and never ranks or counts itself. Each team's
*change* is the core's (``Standings.teams[].change``), over the last completed hand
(``Standings.change_hand``): it stays when the next hand starts and is there at once in a
display restarted mid-hand. StandingsChanges (after every batch of results) move the scores
in place; the ranks and the order stay the hub's until the next full Standings, which follow
within a second.

On a club night (``State.club``) it shows the hub's NightStandings instead: partnerships in
the hub's order with the hub's ranks (a rank two rows hold is written ``2=``), and each
table's game in play. Nothing is ranked or added up here, and no game is named: which
columns apply, who is out, each table's game and round, the room's round are the core's
(``ClubRules.individual``, ``ranks_by``, ``rounds``, ``knocks_out``; ``NightRow.out``,
``NightTable.game``, ``NightStandings.room_round``).

>>> p = HallPresenter(language="en")
>>> p.view.screen
'connecting'
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from hall.i18n import translator
from hall.viewmodel import HallRowVM, HallVM, NightRowVM, NightTableVM, NightVM
from uikit.clockwords import ClockFace
from uikit.common import (
    RED_SUITS,
    Base,
    SetupBase,
    Translators,
    count_pending,
    day_count_line,
    hand_label,
    placed_by_words,
    trump_name,
    trump_symbol,
)
from uikit.games import game_title, night_name
from uikit.i18n import Language, Translator, declare
from whist.enums import Phase, Unit
from whist.formats import Format
from whist.formats.base import ScoreUnit
from whist.pattern import is_placeholder_name
from whist.protocol import (
    ClubRound,
    ClubRules,
    FormatInfo,
    NightStandings,
    NightTable,
    Player,
    PlayoffNote,
    Standings,
    StandingsChanges,
    State,
)
from whist.views import format_info, shared_places

T = TypeVar("T")


def _sentences(text: str) -> list[str]:
    """A line of several sentences (the day's count with an accepted count's reason) as one
    line each, for the ticker.

    >>> _sentences("Day 1 count: every table counted. Table 5: count accepted (twice).")
    ['Day 1 count: every table counted.', 'Table 5: count accepted (twice).']
    """
    return [part for part in re.split(r"(?<=\.)\s+(?=\w)", text) if part]


#: Between the two partnerships' scores (an en dash).
DASH = " \N{EN DASH} "


#: The Gaspésie wording of the hall's own texts (a hand is a *manche*).
GASPESIE_WORDING = (
    declare.pt("manche", "play ended after hand {n}"),
    declare.pt("manche", "The first hand starts soon"),
    declare.pt("manche", "▲ ▼: points won or lost in hand {n}"),
)


@dataclass(frozen=True)
class Team:
    """One team as the display knows it (from Standings, updated by StandingsChanges)."""

    team: int
    name: str
    flags: int
    points: int
    day_totals: tuple[int, ...]
    rank: int
    change: int | None = None  # over Standings.change_hand, as the hub computed it
    by_leader: bool = False  # Gaspésie: the rank is the leader's decision (rules G7)
    tie_broken: bool = False  # level on score, placed by the format's tie-break (placed_by)
    loans: int = 0  # flags lent to the team's table: its score is net of them (rule A6)


class HallPresenter(Base[HallVM]):
    """Live standings for the hall.

    >>> from whist.protocol import Standings, TeamStanding
    >>> p = HallPresenter(language="en")
    >>> p.on_connection(True)
    >>> p.on_standings(Standings(hand=0, day=1, teams=[TeamStanding(team=1, name="Aces",
    ...     flags=12, points=0, day_totals=[12], loans=0, rank=1)]))
    >>> p.view.rows[0].name
    'Aces · table 1'
    """

    def __init__(
        self,
        *,
        language: Language | None = None,
        translators: Translators = translator,
        address: str = "",
        steady: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(language, translators)
        self.address = address
        #: The room's clock, read in the hub's time (issue 26).
        self.clock_face = ClockFace(steady)
        self._clock_said = ""
        self.connected = False
        self.hub_online: bool | None = None
        self.state: State | None = None
        self.teams: list[Team] = []
        self.seq = 0
        self.rows_per_page = 10
        self.page = 0
        self.turn = 0  # the secondary lines' turn (the ticker), counted by next_page
        self.change_hand = 0  # the hand each team's change is about (0: none yet)
        self.ranked = True  # False from a StandingsChanges until the next Standings
        self.placed_by: str | None = None  # the core's: a tie-break placed level teams
        self.night: NightStandings | None = None  # a club night's standings, as the hub sent

    # ================================================================== what we know
    @property
    def rules(self) -> FormatInfo | None:
        """The format's answers, as the hub sent them (worked out from its name for a hub
        that sends none); None before the first State."""
        s = self.state
        if s is None:
            return None
        return s.rules if s.rules is not None else format_info(Format(s.format))

    @property
    def unit(self) -> ScoreUnit:
        rules = self.rules
        return rules.unit if rules is not None else Unit.FLAGS

    def _default_language(self) -> Language:
        # The format's own language (Gaspésie: French) unless the settings say otherwise.
        rules = self.state.rules if self.state is not None else None
        return rules.language if rules is not None else "en"

    def _context(self) -> str | None:
        # The format's own wording where it differs ("manche", not "main").
        rules = self.state.rules if self.state is not None else None
        return rules.wording if rules is not None else None

    def score(self, team: Team) -> int:
        return team.points if self.unit == Unit.POINTS else team.flags

    @property
    def club(self) -> bool:
        return self.state is not None and self.state.club is not None

    def _pages_of(self, count: int) -> int:
        return max(1, math.ceil(count / max(1, self.rows_per_page)))

    @property
    def pages(self) -> int:
        if self.club:
            n = self.night
            rows, tables = (len(n.rows), len(n.tables)) if n is not None else (0, 0)
            return max(self._pages_of(rows), self._pages_of(tables))
        return self._pages_of(len(self.teams))

    # ================================================================== from the network
    def on_connection(self, connected: bool) -> None:
        self.connected = connected
        self._changed()

    def on_hub_status(self, online: bool) -> None:
        self.hub_online = online
        self._changed()

    def on_state(self, state: State) -> None:
        self.state = state
        self.clock_face.on_state(state)
        self._changed()

    def tick(self) -> None:
        """Once a second (the app's timer): the clock's line again when its words change,
        the rest of the picture as it was."""
        words = self.clock_face.words(self.tr)
        if words == self._clock_said or self._view is None:
            return
        self._clock_said = words
        if self._view.screen in ("standings", "night"):
            over = self.clock_face.over() if words else False
            self._view = replace(self._view, clock=words, clock_over=over)
            if self.on_change is not None:
                self.on_change(self._view)

    def on_standings(self, standings: Standings) -> None:
        if standings.seq and standings.seq < self.seq:
            return  # older than the changes already applied
        self.seq = standings.seq
        self.change_hand = standings.change_hand
        self.ranked = True  # the hub's ranks are of these very scores
        self.placed_by = standings.placed_by
        self.teams = [
            Team(
                t.team,
                t.name,
                t.flags,
                t.points,
                tuple(t.day_totals),
                t.rank,
                t.change,
                bool(t.by_leader),
                bool(t.tie_broken),
                t.loans,
            )
            for t in standings.teams
        ]
        self.page = min(self.page, self.pages - 1)
        self._changed()

    def on_night(self, night: NightStandings) -> None:
        if self.night is not None and night.seq and night.seq < self.night.seq:
            return  # an older picture than the one on show
        self.night = night
        self.page = min(self.page, self.pages - 1)
        self._changed()

    def on_changes(self, changes: StandingsChanges) -> None:
        if changes.seq <= self.seq or not self.teams:
            return
        self.seq = changes.seq
        by_team = {c.team: c for c in changes.teams}
        self.ranked = False  # until the hub's next Standings rank the new scores
        # New scores in place; ranks and order stay the hub's until its next Standings.
        self.teams = [
            replace(
                t,
                flags=by_team[t.team].flags,
                points=by_team[t.team].points,
                day_totals=tuple(by_team[t.team].day_totals),
            )
            if t.team in by_team
            else t
            for t in self.teams
        ]
        self._changed()

    # ================================================================== from the window
    def set_rows_per_page(self, rows: int) -> None:
        rows = max(1, rows)
        if rows != self.rows_per_page:
            self.rows_per_page = rows
            self.page = min(self.page, self.pages - 1)
            self._changed()

    def next_page(self) -> None:
        """Turn the page and the ticker's line (the window calls this every
        ``page_seconds``)."""
        self.turn += 1
        if self.club and self.turn % 2:  # a club night: the same page of the tables' games
            self._changed()
            return
        turns = len(self.view.ticker) > 1
        if self.pages > 1:
            self.page = (self.page + 1) % self.pages
        if self.pages > 1 or turns:
            self._changed()

    def _ticker(self, *lines: str) -> dict[str, Any]:
        """The secondary lines as the hall says them, one at a time and each short enough
        for the back row's type (two lines of it): ``ticker`` and the ``line`` on show."""
        said = tuple(dict.fromkeys(line for line in lines if line))
        return {"ticker": said, "line": said[self.turn % len(said)] if said else ""}

    # ================================================================== the view
    def _build(self) -> HallVM:
        vm = self._picture()
        self._clock_said = self.clock_face.words(self.tr)
        if vm.screen not in ("standings", "night") or not self._clock_said:
            return vm
        return replace(vm, clock=self._clock_said, clock_over=self.clock_face.over())

    def _picture(self) -> HallVM:
        tr = self.tr
        s = self.state
        if s is None and not self.teams:
            message = (
                tr.t("Waiting for the hub…") if self.connected else tr.t("Connecting to the hub…")
            )
            detail = tr.t("Hub address: {address}").format(address=self.address)
            return HallVM(
                screen="connecting",
                language=self.language,
                hand=message,
                message=detail if self.address else "",
                banner=self._banner(),
            )
        if s is not None and s.club is not None:
            return self._build_night(s)
        points = self.unit == Unit.POINTS
        hand, trump, progress, counts, fraction = "", "", "", "", 0.0
        symbol, role = "", "card-black"
        played = ""  # a playoff's last hand, in the footer
        if s is not None and s.playoff is not None:  # not final yet: a playoff decides
            hand, progress, counts, played, symbol, trump, role = playoff_lines(self.tr, s.playoff)
            played = played or day_count_line(tr, s)
        elif s is not None:
            finished = s.finished and s.phase != Phase.PLAYING
            if finished:
                if s.settled:
                    hand = tr.t("Final standings")
                elif count_pending(s):  # a count can move a team
                    hand = tr.t("Standings: the flags are being counted")
                else:  # a result missing, or the last day not ended (its flags not counted)
                    hand = tr.t("Play is over")
                if s.ended_after is not None:
                    hand += " · " + tr.t("play ended after hand {n}").format(n=s.ended_after)
            elif s.hand == 0:
                hand = tr.t("The first hand starts soon")
            else:
                hand = hand_label(tr, s.hand, s.hands)
            if s.days > 1:
                hand += " · " + tr.t("Day {d} of {days}").format(d=s.day, days=s.days)
            if s.hand and not finished:
                symbol = trump_symbol(tr, s.trump)
                trump = trump_name(tr, s.trump)
                role = "card-red" if s.trump in RED_SUITS else "card-black"
                reported = len(s.reported)
                progress = tr.nt(
                    # TRANSLATORS: the count {r} picks the form ("1 of 3 tables has", "2 of
                    # 3 tables have"); "tables" stays plural: a hall has more than one table
                    "{r} of {t} tables has reported",
                    "{r} of {t} tables have reported",
                    reported,
                ).format(r=reported, t=s.tables)
                fraction = reported / s.tables if s.tables else 0.0
            counts = day_count_line(tr, s)  # the verifiers' count (rules A15, A19)
            ended_by = s.day_reasons.get(str(s.day)) if s.day_ended or s.finished else None
            if ended_by:  # issue 25: why the leader ended the day
                said = tr.t("Day {d} ended by the leader: {reason}")
                progress = said.format(d=s.day, reason=tr.t(ended_by))
            if s.results_missing:  # never a silent gap (rule O12)
                provisional = tr.nt(
                    "Provisional — {n} result missing",
                    "Provisional — {n} results missing",
                    s.results_missing,
                ).format(n=s.results_missing)
                progress = f"{progress} · {provisional}" if progress else provisional
        days = s.days if s is not None else 1
        head = HallRowVM(
            rank=tr.t("Rank"),
            team=tr.t("Team"),
            name=tr.t("Team"),
            total=tr.t("Points") if points else tr.t("Flags"),
            change=tr.t("Hand {n}").format(n=self.change_hand)
            if self.change_hand
            else tr.t("Last hand"),
            days=tr.t("Per day") if days > 1 else "",
        )
        start = self.page * self.rows_per_page
        rows = []
        # a place several teams share is marked as the club nights' is: "2=" (the core's
        # ranks, once they rank these very scores; the ticker says what the mark means)
        marks = shared_places([t.rank for t in self.teams]) if self.ranked else []
        for i, t in enumerate(self.teams[start : start + self.rows_per_page]):
            alt = "-alt" if i % 2 else ""
            delta = t.change
            if delta is None or delta == 0:
                change, change_role = "", "row" + alt
            elif delta > 0:
                change, change_role = f"▲ {delta}", "up" + alt
            else:
                change, change_role = f"▼ {-delta}", "down" + alt
            rows.append(
                HallRowVM(
                    rank=f"{t.rank}=" if t.rank in marks else str(t.rank),
                    team=str(t.team),
                    name=self._row_name(t),
                    total=str(self.score(t)),
                    change=change,
                    days=" · ".join(str(d) for d in t.day_totals) if days > 1 else "",
                    role="row" + alt,
                    change_role=change_role,
                )
            )
        pages = self.pages
        message = played if self.teams else tr.t("Waiting for the standings…")
        if self.teams and self.ranked and self.placed_by is not None:
            # level teams on different places: the core's tie-break decided them (a playoff
            # in Alberta, the backward count in Gaspésie); the hall says so, never a riddle
            message = (
                tr.t("Level teams placed by the backward count")
                if self.placed_by == "countback"
                else tr.t("Level teams placed by a playoff")
            )
        tournament = night_name(tr.t, s) if s is not None else ""
        return HallVM(
            **self._ticker(
                tournament,
                *progress.split(" · "),  # "3 of 6 tables have reported", "Provisional — …"
                *_sentences(counts) if s is None or s.playoff is None else counts.split(" · "),
                message,
                tr.t("{rank}= : a shared place").format(rank=marks[0]) if marks else "",
                self._change_legend(rows),
            ),
            screen="standings",
            language=self.language,
            tournament=tournament,
            hand=hand,
            trump_symbol=symbol,
            trump_name=trump,
            trump_role=role,
            progress=progress,
            counts=counts,
            progress_fraction=fraction,
            banner=self._banner(),
            head=head,
            rows=tuple(rows),
            page=tr.t("Page {n} of {total}").format(n=self.page + 1, total=pages)
            if pages > 1
            else "",
            message=message,
        )

    def _change_legend(self, rows: list[HallRowVM]) -> str:
        """What the arrows beside the scores mean (their column has no room for a title), in
        the ticker while a row on show has one: "▲ ▼: flags won or lost in hand 4"."""
        if not self.change_hand or not any(r.change for r in rows):
            return ""
        if self.unit == Unit.POINTS:
            said = self.tr.t("▲ ▼: points won or lost in hand {n}")
        else:
            said = self.tr.t("▲ ▼: flags won or lost in hand {n}")
        return said.format(n=self.change_hand)

    def _row_name(self, t: Team) -> str:
        """A team's name with its table said in words, so that the rank beside it is not
        read as a table (issue 25, item 18: never "3  1 · Red Deer Aces"); a negative score
        that comes from lent flags says so beside it (item 10)."""
        tr = self.tr
        if is_placeholder_name(t.name, t.team):
            name = tr.t("Team {team}").format(team=t.team)
        else:
            name = tr.t("{name} · table {table}").format(name=t.name, table=t.team)
        if t.by_leader:
            name += " — " + tr.t("by the leader's decision")
        elif t.tie_broken:  # level on score, yet not on the same place: say what placed them
            name += " — " + placed_by_words(tr, self.placed_by)
        if t.loans and self.score(t) < 0:  # the flags on the table are lent: net below 0
            name += " — " + tr.nt("after {n} flag lent", "after {n} flags lent", t.loans).format(
                n=t.loans
            )
        return name

    # ------------------------------------------------------------------ a club night
    def _page_slice(self, items: list[T]) -> list[T]:
        per = max(1, self.rows_per_page)
        page = self.page % self._pages_of(len(items))
        return items[page * per : (page + 1) * per]

    def _players(self, players: list[Player]) -> str:
        names = [p.name or p.seat for p in players]
        if len(names) == 2:
            return self.tr.t("{a} & {b}").format(a=names[0], b=names[1])
        return ", ".join(names)

    def _party(self, party: str) -> str:
        tr = self.tr
        return {"NS": tr.t("NS"), "EW": tr.t("EW")}.get(party, party)

    def _build_night(self, s: State) -> HallVM:
        tr = self.tr
        club = s.club
        assert club is not None
        n = self.night
        ended = s.finished or (n is not None and n.ended)
        # What the night's standings count, in order (the core's): wins first if the game
        # has any (games or rubbers), then its points (or tricks).
        ranks_by = list(club.ranks_by or [club.wins, Unit.POINTS])
        wins = ranks_by[0] if len(ranks_by) > 1 else None
        alone = bool(club.individual)
        title = game_title(tr.t, club)
        if club.target:
            game = tr.t("{title} · game to {target}").format(title=title, target=club.target)
        else:
            game = title  # no target: every deal scores on its own, or rounds end a game
        hand = tr.t("Final standings") if ended else game
        progress, fraction = "", 0.0
        rows: list[NightRowVM] = []
        tables: list[NightTableVM] = []
        note = ""
        if n is not None:
            marks = shared_places([r.rank for r in n.rows])
            for i, r in enumerate(self._page_slice(list(n.rows))):
                alt = "-alt" if i % 2 else ""
                players = self._players(r.players)
                if r.out:  # knocked out of the game in play (the core's)
                    players = tr.t("{name} · out").format(name=players)
                rows.append(
                    NightRowVM(
                        rank=f"{r.rank}=" if r.rank in marks else str(r.rank),
                        table=str(r.table) if alone else f"{r.table} {self._party(r.party)}",
                        players=players,
                        wins=""
                        if wins is None
                        else str(r.rubbers if wins == Unit.RUBBERS else r.games),
                        points=str(r.points),
                        role="row" + alt,
                    )
                )
            for i, t in enumerate(self._page_slice(list(n.tables))):
                alt = "-alt" if i % 2 else ""
                tables.append(night_table(self.tr, t, alt, ended, club))
            played = sum(t.deals for t in n.tables)
            finished = sum(1 for t in n.tables if t.finished)
            if not ended and club.length != Unit.OPEN and n.tables:
                progress = tr.nt(
                    # TRANSLATORS: the count {f} picks the form; "tables" stays plural
                    "{f} of {t} tables has finished",
                    "{f} of {t} tables have finished",
                    finished,
                ).format(f=finished, t=len(n.tables))
                fraction = finished / len(n.tables)
            elif not ended:
                # an open night has no end to measure against: the count goes in the title
                hand += " · " + tr.nt("{n} deal played", "{n} deals played", played).format(
                    n=played
                )
            notes = []
            if ended and 1 in marks:
                # a tie for first at the night's end: said (the ranking note beside it says
                # what they are equal in); short, the footer is one line
                notes.append(tr.t("1= : tied for first"))
            elif marks:
                # the mark the leaderboard shows first (1= or 2= ...), not always 2=
                notes.append(tr.t("{rank}= : a shared place").format(rank=marks[0]))
            notes.append(self._ranked_by(ranks_by))
            note = " · ".join(notes)
        head = NightRowVM(
            rank=tr.t("Rank"),
            table=tr.t("Table"),
            players=tr.t("Player") if alone else tr.t("Partners"),
            wins="" if wins is None else tr.t("Rubbers") if wins == Unit.RUBBERS else tr.t("Games"),
            points=tr.t("Tricks") if ranks_by[-1] == Unit.TRICKS else tr.t("Points"),
        )
        parties = DASH.join(self._party(p) for p in club.parties)
        if club.rounds:
            parties = tr.t("Round")
        elif alone:
            parties = ""  # a player's score is on the leaderboard
        tables_head = NightTableVM(
            table=tr.t("Table"),
            score=parties,
            # rounds played, beside the next "Round" (a game in rounds has no deals)
            deals=tr.t("Played") if club.rounds else tr.t("Deals"),
            status="",
        )
        symbol, trump, role = "", "", "card-black"
        if n is not None and not ended and n.room_round is not None:
            # the room's round (the core's) and its trump, the same at every table playing it
            symbol, trump, role = self._room_trump(n.room_round, self._room_tables(n))
        pages = self.pages
        house_rules = [tr.t(h.says).format(**h.values) for h in club.house_rules or ()]
        return HallVM(
            **self._ticker(
                night_name(tr.t, s) if ended else hand,
                progress,
                *note.split(" · "),
                *house_rules,  # the house rules in force tonight, in the core's words
                "" if n is not None else tr.t("Waiting for the standings…"),
            ),
            screen="night",
            trump_symbol=symbol,
            trump_name=trump,
            trump_role=role,
            language=self.language,
            # the night's end: "Final standings" is the big first line (issue 29)
            tournament=tr.t("Final standings") if ended else night_name(tr.t, s),
            hand=hand if not ended else f"{night_name(tr.t, s)} · {game}",
            progress=progress,
            progress_fraction=fraction,
            banner=self._banner(),
            page=tr.t("Page {n} of {total}").format(n=self.page + 1, total=pages)
            if pages > 1
            else "",
            message="" if n is not None else tr.t("Waiting for the standings…"),
            night=NightVM(
                game=game,
                head=head,
                rows=tuple(rows),
                tables_head=tables_head,
                tables=tuple(tables),
                note=note,
                # the house rules in force, in the core's words (ClubRules.house_rules)
                house_rules="\n".join(house_rules),
                tables_turn=bool(self.turn % 2),
            ),
        )

    def _ranked_by(self, ranks_by: list[Unit]) -> str:
        """The leaderboard's note: what the core ranks by, in order."""
        tr = self.tr
        if ranks_by == [Unit.GAMES, Unit.TRICKS]:
            return tr.t("Ranked by games, then tricks")
        if ranks_by == [Unit.RUBBERS, Unit.POINTS]:
            return tr.t("Ranked by rubbers, then points")
        if ranks_by == [Unit.GAMES, Unit.POINTS]:
            return tr.t("Ranked by games, then points")
        return tr.t("Ranked by points")

    def _room_tables(self, n: NightStandings) -> str:
        """Whose round the big trump is, when some tables still playing play another round
        (the core's NightStandings.room_tables); "" when every one plays it."""
        playing = [t.table for t in n.tables if not t.finished]
        if not n.room_tables or set(playing) <= set(n.room_tables):
            return ""
        listed = ", ".join(str(t) for t in n.room_tables)
        return self.tr.nt("table {tables}", "tables {tables}", len(n.room_tables)).format(
            tables=listed
        )

    def _room_trump(self, room: ClubRound, whose: str = "") -> tuple[str, str, str]:
        """The room's round (the core's, NightStandings.room_round) and its trump as the hub
        drew it, and whose round it is when tables play different rounds; nothing before the
        draw."""
        drawn = room.trump
        if drawn is None:
            return "", "", "card-black"
        tr = self.tr
        if whose:
            # two short lines, to fit the card beside the title
            name = tr.t("{trump} · round {r}\n{n} cards · {tables}").format(
                r=room.number, n=room.cards, trump=trump_name(tr, drawn), tables=whose
            )
        else:
            name = tr.t("{trump}\nRound {r} · {n} cards").format(
                r=room.number, n=room.cards, trump=trump_name(tr, drawn)
            )
        return trump_symbol(tr, drawn), name, "card-red" if drawn in RED_SUITS else "card-black"

    def _banner(self) -> str:
        tr = self.tr
        if not self.connected:
            return tr.t("No connection to the hub: the standings may be out of date.")
        if self.hub_online is False:
            return tr.t("The hub is offline: the standings may be out of date.")
        return ""


class HallSetupPresenter(SetupBase[HallVM]):
    """The hall's set-up screen: what is wrong with hall.toml, what to write in it.

    >>> from pathlib import Path
    >>> from uikit.config import ConfigProblem, Problem
    >>> p = HallSetupPresenter(ConfigProblem(Path("hall.toml"), [Problem("no_file")]))
    >>> p.view.setup.title
    'This screen is not set up yet'
    """

    login = "hall"
    catalog = staticmethod(translator)

    def _build(self) -> HallVM:
        return HallVM(
            screen="setup",
            language=self.language,
            setup=self.setup_view(),
        )


def playoff_lines(tr: Translator, note: PlayoffNote) -> tuple[str, str, str, str, str, str, str]:
    """The playoff the standings wait for (issue 25, item 4), in lines short enough for
    the back row: its heading; where the players go; the teams with their A and B
    players by name (the full-width line); the last playoff hand; its trump once cut."""

    def name(team: int) -> str:
        return note.names.get(str(team)) or tr.t("Team {team}").format(team=team)

    if note.place == 1:
        heading = tr.t("Playoff for first place")
    else:
        heading = tr.t("Playoff for place {p}").format(p=note.place)
    playing = note.next or note.teams
    if note.next:
        where = tr.t("A and B players to table {table}").format(table=note.table)
    else:
        where = tr.t("The leader starts the playoff")
    who = []
    for team in playing:
        pair = note.players.get(str(team), [])
        if len(pair) == 2:
            who.append(tr.t("{team}: {a} & {b}").format(team=name(team), a=pair[0], b=pair[1]))
        else:
            who.append(name(team))
    played = ""
    if len(note.last_teams) == 2 and len(note.last_tricks) == 2:
        (a, b), (x, y) = note.last_teams, note.last_tricks
        played = tr.t("Last playoff hand: {a} {x}, {b} {y}").format(
            a=name(a), x=x, b=name(b), y=y
        )
    symbol, trump, role = "", "", "card-black"
    if note.next and note.trump is not None:
        symbol, trump = trump_symbol(tr, note.trump), trump_name(tr, note.trump)
        role = "card-red" if note.trump in RED_SUITS else "card-black"
    return heading, where, " · ".join(who), played, symbol, trump, role


def night_table(
    tr: Translator, t: NightTable, alt: str, ended: bool, club: ClubRules
) -> NightTableVM:
    over = t.finished or ended
    # a game played in rounds shows each table's next round, as the core computed it
    r: ClubRound | None = t.round if club.rounds and not over else None
    # the game just won stays on show (13 - 6), not the next game's 0 - 0 (the core's)
    shown = t.last_game if t.game_over and t.last_game else t.score
    score = "" if club.individual else DASH.join(str(x) for x in shown)
    if r is not None:
        # the round, and its trump where the hub drew one for the room: the column is
        # narrow (the cards are on the kiosk)
        mark = trump_symbol(tr, r.trump) if r.trump is not None else ""
        score = f"{r.number} {mark}".strip()
    has_games = len(club.ranks_by or [club.wins, "points"]) > 1
    if t.stopped and t.played is not None:
        # the leader ended the night before this table played its length
        # short: the status column is narrow ("stopped at 4/8"; the deals column beside)
        status = tr.t("stopped at {n}/{count}").format(n=t.played, count=club.length_count)
        role = "row" + alt
    elif over:
        status, role = tr.t("✓ finished"), "up" + alt
    elif r is not None and club.knocks_out:
        # the round's cards and how many are still in (the leaderboard says who is out)
        status = tr.nt("{n} card", "{n} cards", r.cards).format(n=r.cards)
        status += " · " + tr.nt("{n} in", "{n} in", len(r.players)).format(n=len(r.players))
        role = "row" + alt
    elif t.deals == 0:
        status, role = tr.t("not started"), "row" + alt
    elif not has_games:
        # every deal scores on its own (no games): the deals column says it all
        status, role = tr.t("playing"), "row" + alt
    else:
        # the game in play (the core's: the games the table has finished, plus one)
        status, role = tr.t("game {n}").format(n=t.game or 1), "row" + alt
    return NightTableVM(
        table=str(t.table),
        score=score if t.deals or r is not None else "\N{EN DASH}",
        deals=str(t.deals),
        status=status,
        role=role,
    )
