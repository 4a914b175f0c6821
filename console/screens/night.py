"""A club night's tables: each table's progress and its deals so far."""

from __future__ import annotations

from console import words
from console.screens.base import (
    ScreenPresenter,
)
from console.viewmodel import (
    NightTableVM,
    NightVM,
)
from uikit.games import game_title
from uikit.i18n import ConsoleTranslator
from uikit.viewmodel import ButtonVM
from whist.enums import Unit
from whist.leader import each_for_oneself
from whist.protocol import (
    ClubRules,
)


def has_games(club: ClubRules) -> bool:
    """The game is won and lost in games (the core's ranks_by: Solo and Widow rank by
    points alone)."""
    return len(club.ranks_by or [club.wins, "points"]) > 1


def stopped_line(tr: ConsoleTranslator, played: int, club: ClubRules) -> str:
    """``stopped at 4 of 8 deals``: how much of the night's length a table the leader stopped
    early had played (the core's ``NightTable.stopped`` and ``played``); a game played in
    rounds counts rounds. The hall says it in short ("stopped at 4/8")."""
    count = club.length_count or 0
    if club.length == Unit.GAMES:
        words = tr.nt("stopped at {n} of {count} game", "stopped at {n} of {count} games", count)
    elif club.length == Unit.RUBBERS:
        words = tr.nt(
            "stopped at {n} of {count} rubber", "stopped at {n} of {count} rubbers", count
        )
    elif club.rounds:
        words = tr.nt("stopped at {n} of {count} round", "stopped at {n} of {count} rounds", count)
    else:
        words = tr.nt("stopped at {n} of {count} deal", "stopped at {n} of {count} deals", count)
    return words.format(n=played, count=count)


class NightPresenter(ScreenPresenter):
    """A club night's tables: each table's progress and its deals so far."""

    def primary(self) -> None:
        """The night's big button: end the night, or the final standings."""
        self.console.tables.primary()

    def open_table(self, table: int) -> None:
        """A touch on a table: its deals."""
        self.console.tables.open_table(table)

    def game_line(self, club: ClubRules) -> str:
        title = game_title(self.tr.t, club.name, club.title)
        if each_for_oneself(club):
            return title  # no target: every deal scores on its own
        return self.tr.t("{title} · game to {target}").format(title=title, target=club.target)

    def parties(self, table: int) -> list[str]:
        """The table's sides: NS and EW; in the games played each for oneself the seats with
        a player (a Knockout table may seat fewer than seven)."""
        club, n = self.store.club, self.store.night
        assert club is not None
        if not each_for_oneself(club) or n is None:
            return list(club.parties)
        seated = {r.party for r in n.rows if r.table == table}
        return [p for p in club.parties if p in seated] or list(club.parties)

    def _side(self, table: int, party: str) -> str:
        """A side as the leader reads it: NS, EW; a player by name."""
        club = self.store.club
        if club is not None and each_for_oneself(club):
            return self.players(table, party)
        return words.party(self.tr, party)

    def players(self, table: int, party: str) -> str:
        n = self.store.night
        row = next(
            (r for r in (n.rows if n else []) if r.table == table and r.party == party), None
        )
        if row is None:
            return words.party(self.tr, party)
        names = [p.name or p.seat for p in row.players]
        return words.pair(self.tr, names) if len(names) == 2 else ", ".join(names)

    def progress_line(self, table: int) -> str:
        """``Table 3: 9 deals, game in play NS 7 - EW 4, games 1 - 0`` (en dashes)."""
        tr = self.tr
        n, club = self.store.night, self.store.club
        t = next((x for x in n.tables if x.table == table), None) if n else None
        if t is None or club is None:
            return tr.t("Table {table}").format(table=table)
        deals = tr.nt("{n} deal", "{n} deals", t.deals).format(n=t.deals)
        score = " \N{EN DASH} ".join(
            f"{self._side(table, p)} {x}"
            for p, x in zip(self.parties(table), t.score, strict=False)
        )
        games = " \N{EN DASH} ".join(str(g) for g in t.games)
        if club.rounds:  # a game in rounds counts rounds, not deals (issue 29)
            deals = tr.nt("{n} round", "{n} rounds", t.deals).format(n=t.deals)
        if t.stopped and t.played is not None:
            state = stopped_line(self.tr, t.played, club)
        elif t.finished:
            state = tr.t("finished")
        elif t.deals and has_games(club):
            state = tr.t("game in play {score}").format(score=score)
        elif t.deals:
            state = tr.t("playing")
        else:
            state = tr.t("not started")
        if not has_games(club):  # Solo, Widow: no games to count
            return tr.t("Table {table}: {deals}, {state}").format(
                table=table, deals=deals, state=state
            )
        return tr.t("Table {table}: {deals}, {state}, games {games}").format(
            table=table, deals=deals, state=state, games=games
        )

    def _night_tile(self, table: int) -> tuple[tuple[int, int], NightTableVM]:
        tr = self.tr
        s, n, club = self.store.state, self.store.night, self.store.club
        assert s is not None and club is not None
        t = next((x for x in n.tables if x.table == table), None) if n else None
        deals = t.deals if t is not None else 0
        players = " · ".join(self.players(table, p) for p in self.parties(table))
        if t is None:
            progress = ""
        else:
            score = " \N{EN DASH} ".join(
                f"{self._side(table, p)} {x}"
                for p, x in zip(self.parties(table), t.score, strict=False)
            )
            progress = (
                tr.nt("{n} round", "{n} rounds", deals).format(n=deals)
                if club.rounds
                else tr.nt("{n} deal", "{n} deals", deals).format(n=deals)
            )
            if t.round is not None and not t.finished and not s.finished:
                # Knockout, 8-to-1: the round the table plays next is the core's
                progress = (
                    tr.nt(
                        "round {r}: {n} card each", "round {r}: {n} cards each", t.round.cards
                    ).format(r=t.round.number, n=t.round.cards)
                    + " · "
                    + progress
                )
            if each_for_oneself(club) and deals:
                # each player's total beside their name: the second line keeps its room for
                # the round and the deals (four scores there were cut at 1280x800)
                players = " · ".join(
                    f"{self._side(table, p)} {x}"
                    for p, x in zip(self.parties(table), t.score, strict=False)
                )
            elif deals and not t.finished and not s.finished and has_games(club):
                progress += " · " + tr.t("game in play {score}").format(score=score)
            if any(t.games):
                games = " \N{EN DASH} ".join(str(g) for g in t.games)
                progress += " · " + tr.t("games {games}").format(games=games)
        # the order: who needs the leader, then the tables furthest behind, finished last
        if s.finished:  # the night has ended: every table is done; a call the hub still
            # lists stays visible, calmly (nothing is left to play)
            status = tr.t("Night over · calls you") if table in s.calling else tr.t("Night over")
            if t is not None and t.stopped and t.played is not None:
                progress = stopped_line(self.tr, t.played, club) + " · " + progress
            return (3, deals), NightTableVM(str(table), players, progress, status, "tile-reported")
        if table in s.calling:
            status, role, order = tr.t("Calls you"), "tile-calling", 0
        elif table in s.offline:
            status, role, order = tr.t("Offline"), "tile-offline", 1
        elif t is not None and t.finished:
            status, role, order = tr.t("✓ Finished"), "tile-reported", 3
        elif deals:
            status, role, order = tr.t("Playing"), "tile-waiting", 2
        else:
            status, role, order = tr.t("Not started"), "tile-waiting", 2
        if table in s.calling and table in s.offline:
            status = tr.t("Calls you · offline")
        return (order, deals), NightTableVM(str(table), players, progress, status, role)

    def build(self) -> NightVM:
        tr = self.tr
        s, n, club = self.store.state, self.store.night, self.store.club
        assert s is not None and club is not None
        tiles = sorted(
            (self._night_tile(t) for t in range(1, s.tables + 1)),
            key=lambda pair: (pair[0], int(pair[1].table)),
        )
        played = sum(t.deals for t in n.tables) if n else 0
        finished = sum(1 for t in n.tables if t.finished) if n else 0
        summary = tr.nt("{n} deal played in all", "{n} deals played in all", played).format(
            n=played
        )
        if finished:
            summary += " · " + tr.nt(
                "{k} table has finished", "{k} tables have finished", finished
            ).format(k=finished)
        calls = words.semicolons(
            tr,
            [
                tr.t("table\u00a0{table} ({reason})").format(
                    table=t, reason=self.console.tables.call_reason(t)
                )
                for t in s.calling[:4]
            ],
        )
        offline = [t for t in s.offline if t not in s.calling]
        if s.finished:
            end = ButtonVM(tr.t("Final standings"), role="primary")
        else:
            end = ButtonVM(tr.t("End the night…"), role="call")
        # The house rules in force (the core's words, ClubRules.house_rules), each with its
        # name in the night's file.
        house = [
            tr.t("{rule} ({name})").format(rule=tr.t(h.says).format(**h.values), name=h.name)
            for h in club.house_rules or ()
        ]
        return NightVM(
            title=self.game_line(club),
            detail="\n".join(
                [tr.t("Tables by progress: calls first, then the furthest behind."), *house]
            ),
            summary=tr.t("The night is over.") + " " + summary if s.finished else summary,
            calls=tr.t("Calling you: {calls}").format(calls=calls) if calls else "",
            offline=tr.nt(
                "Offline: table {tables}", "Offline: tables {tables}", len(offline)
            ).format(tables=words.tables_list(offline))
            if offline
            else "",
            tables=tuple(vm for _, vm in tiles),
            end=end,
        )
