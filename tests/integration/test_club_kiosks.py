"""A 4-table night of each partnership game through a real ``whist-hub serve`` (its embedded
Mosquitto, its log on disk) and four real kiosks without a window: at each table the kiosk's
presenter, its MQTT connection and its outbox on disk, wired as the kiosk app wires them.

Players tap every deal in through the presenter's intents (the choice, North-South's tricks,
the revokes, the honours, both sides agreeing); one kiosk loses its network and is switched
off with a deal in its outbox, and once switched on again sends it by itself; the leader
corrects a deal and ends the night through commands. At the end every kiosk's score screen
says what the hub's ClubScore holds, and the hub's standings are the core's replay of its log.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from hub.broker.broker import Credentials
from hub.demo.sim import SimClubLeader
from hub.service.store import EventStore
from kiosk.config import KioskConfig
from kiosk.connection import KioskConnection
from kiosk.outbox import Outbox
from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import serve_night
from tests.integration.test_club_night import retained
from tests.kiosk.test_connection import UiThread
from whist.bot import club_deal
from whist.night import ClubNight, club_score, night_standings
from whist.protocol import ClubScore, NightStandings, decode

require_mosquitto()

WAIT = 15.0
TABLES = 4
DEALS = 4  # every table; the restarted kiosk's deal is one of them


class Kiosk:
    """One table's kiosk as kiosk/ui.py builds it: the outbox on disk, the presenter (told
    what is pending in it), the connection that posts to the UI thread."""

    def __init__(self, table: int, port: int, creds: Credentials, data: Path, ui: UiThread):
        cred = creds.table(table)
        self.table = table
        self.ui = ui
        self.config = KioskConfig(
            table=table,
            host="127.0.0.1",
            port=port,
            username=cred.username,
            password=cred.password,
            data_dir=str(data),
        )
        self.presenter: TablePresenter | None = None
        self.connection: KioskConnection | None = None
        self.outbox: Outbox | None = None

    def start(self) -> Kiosk:
        self.config.data_path.mkdir(parents=True, exist_ok=True)
        self.outbox = Outbox(self.config.data_path / "outbox.sqlite3")
        self.presenter = TablePresenter(
            self.table,
            link=_Link(self),
            language="fr" if self.table % 2 == 0 else "en",
            pending=self.outbox.pending(),
            last=self.outbox.last_settled(),
            event=self.outbox.last_settled_log(),
        )
        self.connection = KioskConnection(
            self.config, self.outbox, self.presenter, post=self.ui.post, resend_every=0.3
        )
        self.connection.start()
        return self

    def stop(self) -> None:
        """Switched off: the connection goes, the outbox file stays."""
        if self.connection is not None:
            self.connection.stop()
        if self.outbox is not None:
            self.outbox.close()
        self.connection = self.outbox = None

    @property
    def p(self) -> TablePresenter:
        assert self.presenter is not None
        return self.presenter

    @property
    def score(self) -> ClubScore | None:
        club = self.p.club
        return club.score if club is not None else None

    def until(self, predicate: Any, what: str) -> None:
        self.ui.until(predicate, f"table {self.table}: {what}")

    def tap(self, record: dict[str, str | int]) -> None:
        """The players tap ``record`` in on the screens, as the kiosk's buttons do."""
        p = self.p
        p.enter_deal()
        assert p.screen is Screen.CLUB_PICK
        # the pick screen's buttons stand for its kinds (the game's options, in order)
        choice = str(record["granded"] if "granded" in record else record["trump"])
        p.pick(p.view.club_pick.kinds.index(choice))
        assert p.screen is Screen.ENTRY
        p.keypad(int(record["ns_tricks"]))
        revokes = {"home": record.get("ns_revokes", 0), "visitors": record.get("ew_revokes", 0)}
        if any(revokes.values()):
            p.open_revokes()
            for side, count in revokes.items():
                for _ in range(int(count)):
                    p.add_revoke(side)  # type: ignore[arg-type]
            p.close_revokes()
        p.next()
        if p.screen is Screen.CLUB_PICK:  # English: the honours
            held = f"{record['honours']}{record['honours_held']}" if "honours" in record else "none"
            p.pick(p.view.club_pick.kinds.index(held))
        assert p.screen is Screen.CONFIRM, p.screen
        p.confirm_home()
        p.confirm_visitors()


class _Link:
    """The app's lazy link: the presenter is made before its connection."""

    def __init__(self, kiosk: Kiosk) -> None:
        self.kiosk = kiosk

    def _connection(self) -> KioskConnection:
        assert self.kiosk.connection is not None
        return self.kiosk.connection

    def submit(self, result: Any) -> bool:
        return self._connection().submit(result)

    def submit_deal(self, deal: Any) -> bool:
        return self._connection().submit_deal(deal)

    def call_leader(self, reason: str = "") -> bool:
        return self._connection().call_leader(reason)


def settled(k: Kiosk, deals: int) -> bool:
    """The kiosk shows the hub's score after ``deals`` deals and holds none of its own."""
    s = k.score
    club = k.p.club
    return s is not None and s.deal == deals + 1 and club is not None and not club.pending


@pytest.mark.parametrize("game", ["minnesota", "english", "american"])
def test_a_four_table_night_on_real_kiosks(tmp_path, game):
    hub, port, data, creds = serve_night(tmp_path, game, TABLES)
    ui = UiThread()
    kiosks = [Kiosk(t, port, creds, tmp_path / f"kiosk{t}", ui) for t in range(1, TABLES + 1)]
    leader = SimClubLeader("127.0.0.1", port, creds.leader.username, creds.leader.password)
    rng = random.Random(f"{game}-kiosks")
    try:
        leader.start()
        assert leader.connected.wait(WAIT)
        for k in kiosks:
            k.start()
        for k in kiosks:
            k.until(lambda k=k: k.p.screen is Screen.CLUB_SCORE, "the score screen")
        leader.wait_state(lambda s: s.offline == [] and s.club is not None, WAIT)

        def play_round(deal: int, tables: list[Kiosk]) -> None:
            for k in tables:
                assert k.score is not None and k.score.deal == deal
                record = club_deal(rng, game, k.score.dealer.seat)
                if (deal, k.table) == (1, 2):
                    record["ew_revokes"] = 1  # a revoke claimed and agreed at table 2
                k.tap(record)
            for k in tables:
                k.until(lambda k=k: settled(k, deal), f"deal {deal} scored")

        play_round(1, kiosks)
        play_round(2, kiosks)

        # Table 3's kiosk loses the network, a deal is tapped in (kept on its disk), and it
        # is switched off before anything went out; switched on, it sends the deal itself.
        k3 = kiosks[2]
        assert k3.connection is not None
        k3.connection.stop()
        k3.until(lambda: not k3.p.connected, "offline")
        play_round_others = [k for k in kiosks if k is not k3]
        record3 = club_deal(rng, game, k3.score.dealer.seat)  # type: ignore[union-attr]
        k3.tap(record3)
        assert k3.p.screen is Screen.PENDING
        assert k3.outbox is not None and len(k3.outbox.pending()) == 1
        k3.stop()
        play_round(3, play_round_others)
        k3.start()
        assert k3.p.screen is Screen.PENDING  # the kept deal, before the hub has answered
        k3.until(lambda: settled(k3, 3), "the kept deal sent and scored")
        assert k3.outbox is not None and k3.outbox.pending() == []
        play_round(4, kiosks)

        # The leader corrects table 1's last deal (North-South's tricks were miscounted).
        deals = leader.command("deals", table=1).data["tables"][0]["deals"]
        first = dict(deals[-1]["record"])
        ns = int(first.get("ns_tricks", 13 - int(first.get("ew_tricks", 0))))
        fixed = {k: v for k, v in first.items() if k != "ew_tricks"}
        fixed["ns_tricks"] = 13 - ns
        reply = leader.command(
            "correct_deal", table=1, deal=DEALS, record=fixed, reason="miscounted"
        )
        assert reply.ok, reply.error
        k1 = kiosks[0]
        k1.until(lambda: _corrected(k1), "the correction on the screen")
        assert k1.p.view.club_score.last.splitlines()[-1] == "The leader corrected this deal."

        ended = leader.command("end_night")
        assert ended.ok and ended.data == {"deals": TABLES * DEALS}
        for k in kiosks:
            k.until(lambda k=k: k.score is not None and k.score.ended, "the night's end")

        # The hub's log, replayed by the core, is what every screen shows.
        with EventStore(data / "hub.sqlite3") as store:
            night = ClubNight.replay(store.events())
        assert night.ended and night.deals[1][-1].by == "leader"
        assert night.deals[3][2].record == record3
        assert night.deals[2][0].record["ew_revokes"] == 1
        leader.wait_night(lambda s: s.ended, WAIT)
        assert leader.night == night_standings(night)
        got = retained(creds, port, [leader.topics.night])
        assert decode(NightStandings, got[leader.topics.night]) == night_standings(night)
        for k in kiosks:
            held = club_score(night, k.table)
            assert k.score == held, k.table
            vm = k.p.view
            assert vm.screen is Screen.CLUB_SCORE
            # the hub's score; after a deal that won a game, the score that game was won at
            # (issue 29), not the next game's 0-0
            shown = {
                p.party: p.last_game if held.game_over and p.last_game is not None else p.score
                for p in held.parties
            }
            s = vm.club_score
            assert (s.ns_score, s.ew_score) == (str(shown["NS"]), str(shown["EW"]))
            assert not s.enter.visible  # no more deals
            places = {"NS": s.ns_detail, "EW": s.ew_detail}  # on each partnership's row
            assert len(held.places) == 2
            for place in held.places:
                mark = f"{place.rank}=" if place.shared else str(place.rank)  # "2=" (issue 25)
                assert f" {mark} " in places[place.party], (places, place)
            assert k.p.flags_here == sum(p.games for p in held.parties)
    finally:
        leader.stop()
        for k in kiosks:
            k.stop()
        hub.terminate()
        hub.kill()


def _corrected(k: Kiosk) -> bool:
    last = k.score.last if k.score is not None else None
    return last is not None and last.deal == DEALS and last.by == "leader"
