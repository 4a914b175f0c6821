"""A 4-table club night of each game through a real ``whist-hub serve`` and its real Mosquitto:
simulated kiosks report deals, one a conflict the leader then corrects, the leader ends the
night, and what the broker keeps retained (each table's ClubScore, the NightStandings, the
State) is what the core computes from the log; the night's export, typed into ``whist-hub
tally`` with the night's house rules, gives the same standings."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from hub.cli import main
from hub.demo.sim import SimClubKiosk, SimClubLeader
from hub.service.store import EventStore
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import serve_night
from whist.bot import club_deal
from whist.night import ClubNight, club_score, night_standings
from whist.protocol import ClubScore, NightStandings, State, decode

require_mosquitto()

WAIT = 15.0
TABLES = 4
DEALS = 3
#: The bots fail to follow suit now and then, so the night scores revokes too.
REVOKE_CHANCE = 0.05


def retained(creds, port, topics_wanted):
    """A fresh device's view: what the broker hands a new subscriber of these topics."""
    reader = SimClubLeader("127.0.0.1", port, creds.leader.username, creds.leader.password)
    got: dict[str, bytes] = {}
    reader.on_message = lambda topic, payload: got.__setitem__(topic, payload)
    reader._subscriptions = list(topics_wanted)
    reader.start()
    try:
        assert reader.connected.wait(WAIT)
        reader.wait_until(lambda: set(got) >= set(topics_wanted), WAIT, "retained messages")
    finally:
        reader.stop()
    return got


def export_and_tally(data, game: str, house_rules: tuple[str, ...], night: ClubNight) -> None:
    """``whist-hub export --csv`` of the hub's data, then ``whist-hub tally`` of its deals.csv
    with the night's house rules: the standings the hub holds, line for line."""
    runner = CliRunner()
    exported = runner.invoke(main, ["export", str(data), "--csv", "--out", str(data / "x")])
    assert exported.exit_code == 0, exported.output
    rules = [arg for name in house_rules for arg in ("--house-rule", name)]
    sheet = str(data / "x" / "deals.csv")
    tally = runner.invoke(main, ["tally", "--format", game, *rules, sheet])
    assert tally.exit_code == 0, tally.output
    tallied = [tuple(line.split()) for line in tally.output.splitlines()[2:]]
    held = [
        (str(r.rank), str(r.table), r.party, str(r.wins), str(r.points))
        for r in night_standings(night).rows
    ]
    assert tallied == held


@pytest.mark.parametrize(
    ("game", "house_rules"),
    [
        ("minnesota", ()),
        ("english", ()),
        ("english", ("no_honours_at_the_point", "game_values")),
        ("american", ("revoke_cannot_win",)),
    ],
)
def test_a_four_table_night_through_a_real_hub(tmp_path, game, house_rules):
    hub, port, data, creds = serve_night(tmp_path, game, TABLES, house_rules)
    devices = []
    try:
        assert "Club night:" in hub.output
        leader = SimClubLeader("127.0.0.1", port, creds.leader.username, creds.leader.password)
        kiosks = [
            SimClubKiosk(t, "127.0.0.1", port, creds.table(t).username, creds.table(t).password)
            for t in range(1, TABLES + 1)
        ]
        devices = [leader, *kiosks]
        for d in devices:
            d.start()
        for d in devices:
            assert d.connected.wait(WAIT), d
        leader.wait_state(lambda s: s.offline == [] and s.club is not None, WAIT)
        rng = random.Random(12)
        for _ in range(DEALS):
            sent = []
            for kiosk in kiosks:
                score = kiosk.wait_score(lambda s: True, WAIT)
                record = club_deal(rng, game, score.dealer.seat, revoke_chance=REVOKE_CHANCE)
                sent.append((kiosk, score.deal, kiosk.submit_deal(record)))
            for kiosk, deal, deal_id in sent:
                ack = kiosk.wait_ack(deal_id, WAIT)
                assert (ack.status, ack.deal) == ("accepted", deal), ack
                kiosk.wait_score(lambda s, d=deal: s.deal == d + 1, WAIT)

        # Table 2 sends deal 1 again with other numbers: a conflict the leader sees.
        table2 = kiosks[1]
        first = leader.command("deals", table=2).data["tables"][0]["deals"][0]["record"]
        other = dict(first)
        other["ns_tricks"] = 13 - int(first["ns_tricks"])
        other.pop("ew_tricks", None)
        conflict = table2.wait_ack(table2.submit_deal(other, deal=1), WAIT)
        assert (conflict.status, conflict.code) == ("rejected", "conflict")
        leader.wait_state(lambda s: s.conflicts == [2], WAIT)
        reply = leader.command(
            "correct_deal", table=2, deal=1, record=other, reason="the second slip is right"
        )
        assert reply.ok, reply.error
        leader.wait_state(lambda s: s.conflicts == [], WAIT)

        ended = leader.command("end_night")
        assert ended.ok and ended.data == {"deals": TABLES * DEALS}
        leader.wait_night(lambda s: s.ended, WAIT)
        late = kiosks[0].wait_ack(kiosks[0].submit_deal({"trump": "clubs", "ns_tricks": 7}), WAIT)
        assert (late.status, late.code) == ("rejected", "finished")

        with EventStore(data / "hub.sqlite3") as store:
            night = ClubNight.replay(store.events())
        assert night.deals[2][0].by == "leader" and night.ended
        whys = {line.why for t in night.changes.values() for change in t for line in change.lines}
        assert "revoke" in whys  # a revoke penalised through the hub
        if game == "minnesota":  # granding by either side, and everyone low
            granded = {d.record.get("granded") for t in night.deals.values() for d in t}
            assert {"NS", "EW"} <= granded, granded
        topics = leader.topics
        wanted = [topics.night, topics.state, *(topics.score(t) for t in range(1, TABLES + 1))]
        got = retained(creds, port, wanted)
        assert decode(NightStandings, got[topics.night]) == night_standings(night)
        for t in range(1, TABLES + 1):
            assert decode(ClubScore, got[topics.score(t)]) == club_score(night, t), t
        state = decode(State, got[topics.state])
        assert state.finished and state.club is not None and state.club.name == game
        assert state.reported == list(range(1, TABLES + 1))
        assert [h.name for h in state.club.house_rules or ()] == list(house_rules)
        export_and_tally(data, game, house_rules, night)

        # Each kiosk's own copy is the hub's too.
        for kiosk in kiosks:
            kiosk.wait_score(lambda s: s.ended, WAIT)
            assert kiosk.score == club_score(night, kiosk.table)
    finally:
        for d in devices:
            d.stop()
        hub.terminate()
        hub.kill()
