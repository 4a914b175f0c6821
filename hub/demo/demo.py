"""``whist-hub demo``: a whole hall on one machine, for a first look.

The hub runs with its embedded Mosquitto; every table is a simulated kiosk whose four bots
really deal and play the hand under its trump and report the tricks through the protocol,
exactly as a kiosk would; the leader's part (start each hand, close it, end the day) is
played by a simulated console; the standings are shown in the terminal as they arrive.
"""

from __future__ import annotations

import random
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, TypeVar

from hub.demo.demoscreens import PERSON_TABLE, DemoScreens
from hub.demo.sim import SimClubKiosk, SimClubLeader, SimKiosk, SimLeader
from hub.service.serve import serve
from whist.bot import BOT_CLUB_GAMES, club_deal, deal_and_play, individual_deal
from whist.cards import parse_trump
from whist.enums import AckStatus, Phase, Unit
from whist.formats import Format
from whist.nightspec import LengthSpec, NightSpec, default_night
from whist.pattern import default_spec, demo_name
from whist.protocol import Assignment, ClubScore, NightStandings, Standings
from whist.spec import TournamentSpec
from whist.views import place_marks

#: How long a club night of the demo lasts at each table, unless told: two games, or in a
#: game without games (Widow, Solo) two deals by each player.
CLUB_DEMO_LENGTH = LengthSpec(unit=Unit.GAMES, count=2)
CLUB_DEMO_DEALS_EACH = 2
#: A club table of the demo never plays more deals than this (a night of open length).
CLUB_DEMO_MAX_DEALS = 60
#: How often a bot of a club night fails to follow suit when it could, so that revokes are
#: penalised in the games that have them (docs/rules.md MN5, EN8, US4, SO7).
CLUB_REVOKE_CHANCE = 0.01

L = TypeVar("L", bound=SimLeader)
K = TypeVar("K", bound=SimKiosk)

#: Seats 0 & 2 are the home pair, 1 & 3 the visitors (whist.bot's sides 0 and 1).
HOME, VISITORS = 0, 1


def bot_result(rng: random.Random, trump: str, *, home_deals: bool) -> tuple[int, int, int]:
    """Deal and play one hand with four bots: (visitor tricks, home revokes, visitor revokes).

    When the format has the home side deal (the Gaspésie captain) seat 0 leads; otherwise
    the dealer is anyone.
    """
    dealer = 3 if home_deals else rng.randrange(4)  # the player left of the dealer leads
    deal = deal_and_play(rng, parse_trump(trump), dealer=dealer)
    return deal.tricks_won(VISITORS), deal.revokes[HOME], deal.revokes[VISITORS]


def standings_table(s: Standings, spec: TournamentSpec, top: int = 10) -> str:
    """A plain-text standings board for a terminal."""
    label = spec.format.rules.unit
    flags = label == Unit.FLAGS
    lines = [f"  {'rank':>4}  {'team':<24} {label:>6}"]
    marks = place_marks([row.rank for row in s.teams])  # a shared place: "2="
    for row, rank in zip(s.teams[:top], marks, strict=False):
        score = row.flags if flags else row.points
        lines.append(f"  {rank:>4}  {row.name[:24]:<24} {score:>6}")
    if len(s.teams) > top:
        lines.append(f"  … and {len(s.teams) - top} more teams")
    return "\n".join(lines)


def run_demo(
    *,
    fmt: str = "alberta",
    tables: int | None = None,
    hands: int | None = None,
    length: LengthSpec | None = None,
    pace: float = 1.0,
    port: int = 0,
    data: Path | None = None,
    seed: int | None = None,
    echo: Callable[[str], None] = print,
    stop: threading.Event | None = None,
    screens: bool = False,
    screens_env: dict[str, str] | None = None,
) -> int:
    """Play a whole tournament or club night (``fmt`` says which) through a real hub and its
    broker: simulated kiosks report what their bots play, exactly as kiosks do, a simulated
    leader runs it, and the standings are shown as they arrive. Returns 0 when it ran to the
    end, 130 if interrupted, 1 if the hub or a device failed.

    ``tables`` defaults to 16 (a club night 4); ``hands`` (military whist) to the format's
    whole pattern, ``length`` (a club night) to :func:`demo_length`. With ``screens`` the hall
    display and table 1's kiosk open (hub.demo.demoscreens): a person plays table 1, the bots
    the others, and each hand (a club night: each round of deals) waits for table 1."""
    stop = stop or threading.Event()
    rng = random.Random(seed)
    play = demo_play(fmt, tables, hands, length)
    with _DemoHub(play.spec, data, port, echo, stop, play.about) as hall:
        if hall.broker_port is None:
            return 1
        person = PERSON_TABLE if screens else None
        if not play.connect(hall, person):
            return 1
        if screens:
            hall.open_screens(screens_env, play.each)
        return play.play(DemoRun(hall, rng, pace, stop, person))


@dataclass(frozen=True)
class DemoRun:
    """One run of the demo: its hub, its dice, seconds per hand, Ctrl-C, the person's
    table (None: the bots play every table)."""

    hall: _DemoHub
    rng: random.Random
    pace: float
    stop: threading.Event
    person: int | None


class DemoPlay(Protocol):
    """What the bots do in one kind of event, on the hub every demo shares."""

    @property
    def spec(self) -> TournamentSpec | NightSpec: ...

    #: What the event is, after its name and format in the demo's first line.
    about: str
    #: What waits for a person at table 1 ("each hand", "each round").
    each: str

    def connect(self, hall: _DemoHub, person: int | None) -> bool:
        """Start the simulated leader and kiosks (none at the person's table)."""
        ...

    def play(self, run: DemoRun) -> int:
        """Play to the end and print the final standings: 0, or 130 if interrupted."""
        ...


def demo_play(
    fmt: str, tables: int | None, hands: int | None, length: LengthSpec | None
) -> DemoPlay:
    """The one place the demo asks which kind of event ``fmt`` is played as."""
    if Format(fmt).is_club:
        night = default_night(
            fmt, tables or 4, name=demo_name(fmt, tables or 4), length=length or demo_length(fmt)
        )
        return NightDemo(night, fmt)
    count = tables or 16
    return TournamentDemo(default_spec(fmt, count, hands, name=demo_name(fmt, count)))


class TournamentDemo:
    """A military tournament: the leader starts each hand, every table reports its bots'
    tricks, the leader closes the hand, and ends each day."""

    each = "hand"

    def __init__(self, spec: TournamentSpec) -> None:
        self.spec = spec
        self.about = f", {spec.hands} hands"
        self.kiosks: list[SimKiosk] = []

    def connect(self, hall: _DemoHub, person: int | None) -> bool:
        self.leader = hall.leader(SimLeader)
        self.kiosks = hall.kiosks(SimKiosk, person)
        return hall.connect([self.leader, *self.kiosks])

    def play(self, run: DemoRun) -> int:
        spec, leader, kiosks, echo = self.spec, self.leader, self.kiosks, run.hall.echo
        rng, pace, stop, person = run.rng, run.pace, run.stop, run.person
        rules = spec.format.rules
        for plan in spec.pattern:
            if stop.is_set():
                return 130
            hand = plan.hand
            if hand > 1 and spec.day_of(hand) != spec.day_of(hand - 1):
                reply = leader.command("end_day")
                echo(
                    f"— end of day {reply.data['day'] if reply.data else '?'}: "
                    "every table back to 12 flags —"
                )
            reply = leader.command("start_hand", cut=plan.leader_chooses_trump)
            if not reply.ok or reply.data is None:
                echo(f"The hub refused to start hand {hand}: {reply.error}")
                return 1
            trump = reply.data["trump"]
            ids = []
            for kiosk in kiosks:
                kiosk.wait_assignment(_playing(hand), 10)
            for kiosk in rng.sample(kiosks, len(kiosks)):  # tables finish in any order
                tricks, rev_home, rev_visitors = bot_result(rng, trump, home_deals=rules.home_deals)
                ids.append(
                    (
                        kiosk,
                        kiosk.submit(tricks, revokes_home=rev_home, revokes_visitors=rev_visitors),
                    )
                )
                if stop.wait(pace / (2 * len(kiosks))):
                    return 130
            for kiosk, result_id in ids:
                kiosk.wait_ack(result_id, 30)
            while person is not None and not _reported(leader, hand, person):
                if stop.wait(0.2):  # the person at table 1 takes the time they need
                    return 130
            leader.command("close_hand")
            standings = leader.wait_standings(_about(hand), 10)
            leader_row = standings.teams[0]
            score = leader_row.flags if rules.unit == Unit.FLAGS else leader_row.points
            echo(
                f"hand {hand:>2}/{spec.hands}  trump {trump:<8}  {spec.tables} results  "
                f"leader: {leader_row.name} ({score})"
            )
            if stop.wait(pace / 2):
                return 130
        final = leader.wait_standings(lambda s: s.hand == spec.hands, 10)
        # "Final" only as the hub says it (issue 25): in a format of flags the demo ends no
        # day and counts no flags, so these are the standings after the last hand
        state = leader.wait_state(lambda s: s.finished, 10)
        echo("\nFinal standings" if state.settled else "\nStandings after the last hand")
        echo(standings_table(final, spec, top=spec.tables))
        return 0


def _table_done(leader: SimClubLeader, table: int, deals: int) -> bool:
    """Table ``table`` has played ``deals`` deals on this club night, or the whole night
    (as the hub's night standings say)."""
    night = leader.night
    if night is None:
        return False
    row = next((t for t in night.tables if t.table == table), None)
    return row is not None and (row.finished or row.deals >= deals)


def _reported(leader: SimLeader, hand: int, table: int) -> bool:
    """Table ``table``'s result for ``hand`` has reached the hub (as its State says)."""
    state = leader.state
    return state is not None and state.hand == hand and table in state.reported


def night_table(s: NightStandings, top: int | None = None) -> str:
    """A plain-text board of a club night's standings for a terminal."""
    wins = s.rules.wins
    who = "side" if s.rules.parties == ["NS", "EW"] else "seat"
    lines = [f"  {'rank':>4}  {'table':>5}  {who}  {'players':<28} {wins:>7}  {'points':>6}"]
    rows = s.rows if top is None else s.rows[:top]
    marks = place_marks([row.rank for row in s.rows])
    for row, rank in zip(rows, marks, strict=False):
        names = " & ".join(p.name or p.seat for p in row.players)
        lines.append(
            f"  {rank:>4}  {row.table:>5}  {row.party:<4}  {names[:28]:<28} "
            f"{row.wins:>7}  {row.points:>6}"
        )
    return "\n".join(lines)


class NightDemo:
    """A club night: four bots at each table deal and play every deal, the table's simulated
    kiosk reports it (deal by deal, through the outbox, until acked), until every table has
    played the night's length; then the leader ends the night."""

    about = ""
    each = "round"

    def __init__(self, spec: NightSpec, fmt: str) -> None:
        self.spec, self.fmt = spec, fmt
        self.kiosks: list[SimClubKiosk] = []

    def connect(self, hall: _DemoHub, person: int | None) -> bool:
        self.leader = hall.leader(SimClubLeader)
        self.kiosks = hall.kiosks(SimClubKiosk, person)
        if not hall.connect([self.leader, *self.kiosks]):
            return False
        for kiosk in self.kiosks:
            kiosk.wait_score(lambda s: True, 10)
        return True

    def play(self, run: DemoRun) -> int:
        leader, kiosks, echo, tables = self.leader, self.kiosks, run.hall.echo, self.spec.tables
        rng, pace, stop, person = run.rng, run.pace, run.stop, run.person
        for round_ in range(1, CLUB_DEMO_MAX_DEALS + 1):
            playing = [k for k in kiosks if k.score is not None and not k.score.finished]
            # the person's table plays on until the hub says its night is over
            behind = person is not None and not _table_done(leader, person, CLUB_DEMO_MAX_DEALS)
            if not playing and not behind:
                break
            sent = []
            for kiosk in rng.sample(playing, len(playing)):  # tables finish in any order
                assert kiosk.score is not None
                record = bot_record(rng, self.fmt, kiosk.score)
                sent.append((kiosk, kiosk.score.deal, kiosk.submit_deal(record)))
                if stop.wait(pace / (2 * len(playing))):
                    return 130
            for kiosk, deal, deal_id in sent:
                ack = kiosk.wait_ack(deal_id, 30)
                if ack.status != AckStatus.ACCEPTED:
                    echo(f"table {kiosk.table}: deal {deal} refused: {ack.reason}")
                    return 1
                kiosk.wait_score(_past(deal), 10)
            while person is not None and not _table_done(leader, person, round_):
                if stop.wait(0.2):  # the person at table 1 takes the time they need
                    return 130
            played = sum(k.score.deal - 1 for k in kiosks if k.score is not None)
            night = leader.wait_night(_counted(played), 10)
            top = night.rows[0]
            done = sum(1 for t in night.tables if t.finished)
            echo(
                f"deal {round_:>2}  {_count(len(sent), 'tables')} played, {done}/{tables} done  "
                f"leading: table {top.table} {_who(top.party)} "
                f"({_count(top.wins, night.rules.wins)}, {_count(top.points, 'points')})"
            )
            if stop.wait(pace / 2):
                return 130
        reply = leader.command("end_night")
        if not reply.ok:
            echo(f"The hub refused to end the night: {reply.error}")
            return 1
        final = leader.wait_night(lambda s: s.ended, 10)
        echo(f"\nFinal standings ({self.spec.game.title}, {final.rules.wins} then points)")
        echo(night_table(final))
        return 0


def demo_length(fmt: str) -> LengthSpec:
    """How long the demo's night is at each table when not told: two games, or two deals by
    each player in a game that has no games (Widow, Solo)."""
    game = default_night(fmt, 1).game
    if Unit.GAMES in game.lengths:
        return CLUB_DEMO_LENGTH
    return LengthSpec(unit=Unit.DEALS, count=CLUB_DEMO_DEALS_EACH * len(game.seats))


def bot_record(rng: random.Random, fmt: str, score: ClubScore) -> dict[str, object]:
    """What the bots at a table play next, as its kiosk sends it: a partnership game's deal,
    or the next deal (or round) of a game played each for oneself, with what the hub's
    ClubScore says of it (the players still in, the cards, 8-to-1's drawn trump, Knockout's
    chooser)."""
    dealer = score.dealer.seat
    if fmt in BOT_CLUB_GAMES:
        return dict(club_deal(rng, fmt, dealer, revoke_chance=CLUB_REVOKE_CHANCE))
    house_rules = [rule.name for rule in score.rules.house_rules or ()]
    next_round = score.round
    if next_round is None:
        players = [p.party for p in score.parties]
        # The deal's number at the table: a game of contracts bids each in turn (SO9).
        return individual_deal(
            rng,
            fmt,
            dealer,
            players=players,
            house_rules=house_rules,
            in_turn=score.deal,
            revoke_chance=CLUB_REVOKE_CHANCE,
        )
    return individual_deal(
        rng,
        fmt,
        dealer,
        players=next_round.players,
        cards=next_round.cards,
        trump=next_round.trump,
        chooser=next_round.chooses_trump,
        house_rules=house_rules,
    )


def _who(party: str) -> str:
    return party if party in ("NS", "EW") else f"seat {party}"


def _count(n: int, plural: str) -> str:
    """``1 game``, ``2 games``: the demo's lines are read by people."""
    return f"{n} {plural[:-1] if n == 1 else plural}"


class _DemoHub:
    """The hub of a demo in a thread of this process, with its embedded broker; the simulated
    devices it connects are stopped with it."""

    def __init__(
        self,
        spec: TournamentSpec | NightSpec,
        data: Path | None,
        port: int,
        echo: Callable[[str], None],
        interrupted: threading.Event,
        about: str = "",
    ) -> None:
        self.spec, self.data, self.port, self.echo = spec, data, port, echo
        self.about = about
        self.interrupted = interrupted
        self.work = data or Path(tempfile.mkdtemp(prefix="whist-demo-"))
        self.lines: list[str] = []
        self.ready = threading.Event()
        self.stop = threading.Event()
        self.devices: list[SimKiosk | SimLeader] = []
        self.broker_port: int | None = None
        self.windows: DemoScreens | None = None

    def _echo(self, line: str) -> None:
        self.lines.append(line)
        if "Hub ready" in line:
            self.ready.set()

    def __enter__(self) -> _DemoHub:
        from hub.broker.broker import Credentials
        from hub.service.datadir import BROKER_DIR

        self.thread = threading.Thread(
            target=serve,
            kwargs={
                "spec": self.spec,
                "data_dir": self.work,
                "port": self.port,
                "bind": "127.0.0.1",
                "tls_port": 0,  # a free port: the demo's devices use the plain loopback listener
                "echo": self._echo,
                "stop": self.stop,
            },
            name="hub",
            daemon=True,
        )
        self.echo(
            f"Demo: {self.spec.name}, {self.spec.format.value}{self.about}; data in {self.work}"
        )
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.ready.wait(0.2):
            if not self.thread.is_alive() or time.monotonic() > deadline:
                self.echo("The hub did not start:\n" + "\n".join(self.lines))
                return self
        for line in self.lines:
            self.echo("  " + line)
        self.creds = Credentials.load_or_create(self.work / BROKER_DIR, self.spec.tables)
        self.broker_port = _port_from(self.lines) or self.port
        return self

    def leader(self, kind: type[L]) -> L:
        """The simulated console, logged in as the leader."""
        assert self.broker_port is not None
        login = self.creds.leader
        return kind("127.0.0.1", self.broker_port, login.username, login.password)

    def kiosks(self, kind: type[K], person: int | None) -> list[K]:
        """A simulated kiosk at every table but the person's."""
        assert self.broker_port is not None
        port = self.broker_port
        logins = [(t, self.creds.table(t)) for t in range(1, self.spec.tables + 1) if t != person]
        return [kind(t, "127.0.0.1", port, c.username, c.password) for t, c in logins]

    def connect(self, devices: list[SimKiosk | SimLeader]) -> bool:
        self.devices = devices
        for d in devices:
            d.start()
        for d in devices:
            if not d.connected.wait(10):
                self.echo("A simulated table could not connect to the broker.")
                return False
        from hub.broker.broker import CREDENTIALS_FILE
        from hub.service.datadir import BROKER_DIR

        where = self.work / BROKER_DIR / CREDENTIALS_FILE
        self.echo(f"{len(devices) - 1} tables connected (credentials in {where})")
        return True

    def open_screens(self, env: dict[str, str] | None, each: str) -> None:
        """The hall display and table 1's kiosk, closed with the hub (hub.demo.demoscreens):
        each ``each`` (a hand, a round of deals) waits for the person at table 1."""
        assert self.broker_port is not None
        self.windows = DemoScreens(self.work / "screens", self.broker_port, self.creds, env=env)
        self.windows.__enter__()
        self.echo(
            "The hall display and table 1's kiosk are open: play table 1 there "
            f"(the bots play the other tables; each {each} waits for table 1)."
        )

    def __exit__(self, *exc: object) -> None:
        if self.windows is not None:
            self.windows.__exit__(None, None, None)
        for d in self.devices:
            d.stop()
        self.stop.set()
        self.thread.join(15)
        if self.data is None and not self.interrupted.is_set():
            shutil.rmtree(self.work, ignore_errors=True)


def _past(deal: int) -> Callable[[ClubScore], bool]:
    return lambda s: s.deal > deal


def _counted(deals: int) -> Callable[[NightStandings], bool]:
    return lambda s: sum(t.deals for t in s.tables) >= deals


def _playing(hand: int) -> Callable[[Assignment], bool]:
    return lambda a: a.hand == hand and a.phase == Phase.PLAYING


def _about(hand: int) -> Callable[[Standings], bool]:
    return lambda s: s.hand == hand


def _port_from(lines: list[str]) -> int | None:
    for line in lines:
        if line.startswith("Broker: Mosquitto listening on port "):
            return int(line.split("port ", 1)[1].split()[0])
    return None
