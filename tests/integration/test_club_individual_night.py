"""A 3-table night of each game played each for oneself (Widow, Solo, Knockout, 8-to-1) through
a real ``whist-hub serve`` and its real Mosquitto: simulated kiosks report what the bots played,
one table sends a deal again with other numbers (a conflict the leader corrects, the table's
score replayed), the leader ends the night; what the broker keeps retained is what the core
computes from the log; at 8-to-1 every table is shown the same drawn trump for each round."""

from __future__ import annotations

import random

import pytest

from hub.demo.demo import bot_record
from hub.demo.sim import SimClubKiosk, SimClubLeader
from hub.service.store import EventStore
from tests.integration.conftest import require_mosquitto
from tests.integration.hubproc import serve_night
from tests.integration.test_club_night import export_and_tally, retained
from whist.bot import SOLO_CONTRACTS
from whist.night import ClubNight, club_score, night_standings
from whist.protocol import ClubScore, NightStandings, State, decode

require_mosquitto()

WAIT = 15.0
TABLES = 3
#: Deals each table plays: at 8-to-1 past round 4 into the rounds with a drawn trump.
#: At Solo, every contract in turn (docs/rules.md SO9).
DEALS = {"widow": 4, "solo": 8, "knockout": 4, "eight-to-one": 7}


def other_record(record: dict) -> dict:
    """The same deal with other numbers that leave every later deal possible: two players'
    tricks swapped (both took some, so nobody is knocked out who was not), or a solo's tricks
    (or a pass turned into a solo)."""
    other = {k: (dict(v) if isinstance(v, dict) else v) for k, v in record.items()}
    if "contract" in record:
        if record["contract"] == "pass":
            return {"contract": "solo", "bidder": "N", "bidder_tricks": 5}
        other["bidder_tricks"] = 13 - int(record["bidder_tricks"])
        return other
    tricks = other["tricks"]
    a, b = [s for s in tricks if tricks[s] > 0][:2]
    if tricks[a] == tricks[b]:
        tricks[a], tricks[b] = tricks[a] + 1, tricks[b] - 1
        if tricks[b] == 0:
            tricks[a], tricks[b] = tricks[a] - 2, tricks[b] + 2
    else:
        tricks[a], tricks[b] = tricks[b], tricks[a]
    return other


@pytest.mark.parametrize(
    ("game", "house_rules"),
    [
        *((game, ()) for game in DEALS),
        ("knockout", ("knockout_rounds",)),  # the traditional game: rounds and knock-outs
        ("widow", ("must_play_a_club",)),
    ],
)
def test_a_three_table_night_through_a_real_hub(tmp_path, game, house_rules):
    hub, port, data, creds = serve_night(tmp_path, game, TABLES, house_rules)
    devices = []
    try:
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
        rng = random.Random(23)
        sent: dict[tuple[int, int], dict] = {}
        trumps_seen: dict[int, set[str | None]] = {}
        for number in range(1, DEALS[game] + 1):
            batch = []
            for kiosk in kiosks:
                score = kiosk.wait_score(lambda s, n=number: s.deal == n, WAIT)
                if game == "eight-to-one":
                    assert score.round is not None and score.round.number == number
                    trumps_seen.setdefault(number, set()).add(score.round.trump)
                record = bot_record(rng, game, score)
                sent[(kiosk.table, number)] = record
                batch.append((kiosk, kiosk.submit_deal(record)))
            for kiosk, deal_id in batch:
                ack = kiosk.wait_ack(deal_id, WAIT)
                assert (ack.status, ack.deal) == ("accepted", number), ack
        if game == "eight-to-one":
            # Every table was shown the same trump for each round, before it played it.
            assert all(len(seen) == 1 for seen in trumps_seen.values()), trumps_seen
            assert trumps_seen[1] == {"none"} and "none" not in trumps_seen[5]
            night = leader.wait_night(lambda s: str(DEALS[game] + 1) in s.trumps, WAIT)
            assert {int(n): {t} for n, t in night.trumps.items() if int(n) <= 7} == trumps_seen

        # Table 2 sends deal 1 again with other numbers: a conflict the leader corrects.
        table2 = kiosks[1]
        other = other_record(sent[(2, 1)])
        conflict = table2.wait_ack(table2.submit_deal(other, deal=1), WAIT)
        assert (conflict.status, conflict.code) == ("rejected", "conflict")
        leader.wait_state(lambda s: s.conflicts == [2], WAIT)
        before = table2.wait_score(lambda s: s.deal == DEALS[game] + 1, WAIT)
        reply = leader.command("correct_deal", table=2, deal=1, record=other, reason="recounted")
        assert reply.ok, reply.error
        leader.wait_state(lambda s: s.conflicts == [], WAIT)
        after = table2.wait_score(lambda s: s.seq > before.seq, WAIT)
        assert after.last is not None and after.deal == before.deal
        with EventStore(data / "hub.sqlite3") as store:
            night_now = ClubNight.replay(store.events())
        assert night_now.deals[2][0].by == "leader"
        assert after == club_score(night_now, 2)  # the table's score replayed from its deals

        ended = leader.command("end_night")
        assert ended.ok and ended.data == {"deals": TABLES * DEALS[game]}
        leader.wait_night(lambda s: s.ended, WAIT)
        late = kiosks[0].wait_ack(kiosks[0].submit_deal(sent[(1, 1)], deal=DEALS[game] + 1), WAIT)
        assert (late.status, late.code) == ("rejected", "finished")

        with EventStore(data / "hub.sqlite3") as store:
            night = ClubNight.replay(store.events())
        assert night.ended
        records = [d.record for t in night.deals.values() for d in t]
        if game == "solo":  # every contract bid and scored through the hub, a revoke too
            assert {r["contract"] for r in records} == set(SOLO_CONTRACTS)
            assert any(r.get("revoker") for r in records)
        if game == "widow":  # the widow taken, and left
            assert {bool(r.get("widow")) for r in records} == {True, False}
        if "knockout_rounds" in house_rules:  # players knocked out
            assert any(c.knocked_out for t in night.changes.values() for c in t)
        topics = leader.topics
        wanted = [topics.night, topics.state, *(topics.score(t) for t in range(1, TABLES + 1))]
        got = retained(creds, port, wanted)
        standings = decode(NightStandings, got[topics.night])
        assert standings == night_standings(night)
        assert len(standings.rows) == sum(len(night.table(t).parties) for t in range(1, 4))
        for t in range(1, TABLES + 1):
            score = decode(ClubScore, got[topics.score(t)])
            assert score == club_score(night, t), t
            assert score.ended and score.places
        if game == "eight-to-one":
            shown = [decode(ClubScore, got[topics.score(t)]).round for t in range(1, 4)]
            # every table's next round, and its trump, the same
            assert shown[0] == shown[1] == shown[2] and shown[0] is not None
        state = decode(State, got[topics.state])
        assert state.finished and state.club is not None and state.club.name == game
        assert [h.name for h in state.club.house_rules or ()] == list(house_rules)
        export_and_tally(data, game, house_rules, night)
        for kiosk in kiosks:
            kiosk.wait_score(lambda s: s.ended, WAIT)
            assert kiosk.score == club_score(night, kiosk.table)
    finally:
        for d in devices:
            d.stop()
        hub.terminate()
        hub.kill()
