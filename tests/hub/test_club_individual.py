"""The club night's hub (hub/service/club.py) serving the games played each for oneself — Widow,
Solo, Knockout and 8-to-1 — without a network: deals accepted, refused with the core's reason,
duplicates, corrections, the night's end, the export that ``tally`` reads; and 8-to-1's trump,
drawn by the hub once per round for every table (docs/rules.md EO3, docs/protocol.md 11.5)."""

from __future__ import annotations

import csv
import json
import random

import pytest
from click.testing import CliRunner

from hub.cli import main
from hub.service.batch import Inbound
from hub.service.core import HubCore
from hub.service.store import EventStore
from tests.hub.test_club_core import ClubHarness, deal, published
from whist.cards import Suit
from whist.events import DealRecorded, NightCreated, RoundTrumpDrawn, event_from_dict, event_to_dict
from whist.formats.eight_to_one import ROUNDS
from whist.formats.sheet import is_scored
from whist.night import ClubNight, club_score, night_standings
from whist.nightspec import LengthSpec, default_night
from whist.protocol import DealRecord

EVEN = {"N": 2, "E": 2, "S": 2, "W": 2}


def eight(bids=EVEN, tricks=EVEN, **extra):
    return {"bids": dict(bids), "tricks": dict(tricks), **extra}


def spread(cards, seats=("N", "E", "S", "W")):
    """``cards`` tricks shared out as evenly as possible, the first seats taking the extra."""
    share, extra = divmod(cards, len(seats))
    return {s: share + (1 if i < extra else 0) for i, s in enumerate(seats)}


#: Per game: two deals a table plays one after the other, a correction of the first, a record
#: the rules refuse and (part of) the core's reason.
GAMES = {
    "widow": (
        [{"widow": "2", "tricks": {"1": 3, "2": 6, "3": 4}}, {"tricks": {"1": 5, "2": 4, "3": 4}}],
        {"widow": "none", "tricks": {"1": 3, "2": 6, "3": 4}},
        {"tricks": {"1": 3, "2": 6, "3": 5}},
        "make 14, but this deal has 13 tricks",
    ),
    "solo": (
        [{"contract": "solo", "bidder": "N", "bidder_tricks": 6}, {"contract": "pass"}],
        {"contract": "solo", "bidder": "N", "bidder_tricks": 2},
        {"contract": "prop", "bidder": "N", "bidder_tricks": 9},
        "say who accepted the proposal",
    ),
    "knockout": (
        [
            {"tricks": {"1": 4, "2": 1, "3": 1, "4": 1}},
            {"tricks": {"1": 2, "2": 3, "3": 1, "4": 1}},  # the seed's game: seven each deal
        ],
        {"tricks": {"1": 3, "2": 2, "3": 1, "4": 1}},
        {"trump": "none", "tricks": {"1": 4, "2": 1, "3": 1, "4": 1}},
        "always has a trump",
    ),
    "eight-to-one": (
        [eight(), eight(tricks={"N": 3, "E": 1, "S": 2, "W": 2})],
        eight(tricks={"N": 8, "E": 0, "S": 0, "W": 0}),
        eight(tricks={"N": 3, "E": 2, "S": 2, "W": 2}),
        "make 9, but this deal has 8 tricks",
    ),
}


def harness(tmp_path, game, tables=3, seed=4, **kw):
    h = ClubHarness.__new__(ClubHarness)
    h.path = tmp_path / "hub.sqlite3"
    h.spec = default_night(game, tables, **kw)
    h.store = EventStore(h.path)
    h.core = HubCore(h.store, h.spec, rng=random.Random(seed))
    return h


def replayed(h):
    return ClubNight.replay(h.store.events())


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_is_served_accepted_refused_duplicate_corrected_and_ended(tmp_path, game):
    plays, correction, refused, reason = GAMES[game]
    h = harness(tmp_path, game)
    for number, record in enumerate(plays, start=1):
        out = h.deal(1, deal(1, number, record))
        (ack,) = h.acks(out, 1)
        assert (ack["status"], ack["deal"]) == ("accepted", number), ack
        assert published(out, "whist/table/1/score") == json.loads(
            club_score(h.core.night, 1).model_dump_json()
        )
        assert published(out, "whist/night") == json.loads(
            night_standings(h.core.night).model_dump_json()
        )
    # The same id again, and the same record under a new id (a restarted kiosk): already in.
    again = h.deal(1, deal(1, 1, plays[0]))
    assert h.acks(again, 1)[0]["status"] == "duplicate"
    new_id = h.deal(1, deal(1, 2, plays[1], did="restarted-kiosk"))
    assert h.acks(new_id, 1)[0]["status"] == "duplicate"
    # A record the rules refuse: the core's own reason, nothing stored.
    count = h.store.count()
    out = h.deal(2, deal(2, 1, refused))
    (ack,) = h.acks(out, 2)
    assert (ack["status"], ack["code"]) == ("rejected", "rejected")
    assert reason in ack["reason"]
    assert h.store.count() == count and [t for t, _, r in out if r] == []
    # A different record for deal 1 is a conflict; the leader's correction replays the table.
    conflict = h.deal(1, deal(1, 1, correction, did="other"))
    assert h.acks(conflict, 1)[0]["code"] == "conflict"
    before = h.core.night.table(1).night_points
    fixed = h.command("correct_deal", table=1, deal=1, record=correction, reason="recounted")
    assert fixed["ok"], fixed
    assert h.core.conflict_tables() == []
    night = replayed(h)
    assert night.deals[1][0].by == "leader" and night.deals[1][0].corrected
    assert night.table(1).night_points == h.core.night.table(1).night_points != before
    # The night's end: every table shown its players' places, no deal after it.
    out = h.send(Inbound("command", None, b'{"v":1,"id":"end","op":"end_night"}'))
    assert published(out, "whist/leader/reply")["data"] == {"deals": 2}
    for t in (1, 2, 3):
        score = published(out, f"whist/table/{t}/score")
        assert score["ended"] and {p["party"] for p in score["places"]} == set(
            h.core.night.table(t).parties
        )
    late = h.deal(2, deal(2, 1, plays[0]))
    assert h.acks(late, 2)[0]["code"] == "finished"
    h.restart()
    assert h.core.night.ended and h.core.night.table(1).night_points == night.table(1).night_points
    h.store.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_export_is_what_tally_reads_and_gives_the_hub_s_standings(tmp_path, game):
    plays, correction, _, _ = GAMES[game]
    h = harness(tmp_path, game, tables=2)
    for number, record in enumerate(plays, start=1):
        h.deal(1, deal(1, number, record))
    h.deal(2, deal(2, 1, correction))
    h.command("correct_deal", table=1, deal=2, record=plays[1], reason="as played")
    reply = h.command("export")
    assert reply["ok"], reply
    sheet = tmp_path / "exports" / "deals.csv"
    with sheet.open(newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["table"] for r in rows] == ["1", "1", "2"]
    fields = h.core.night.game.fields
    assert [c for c in rows[0] if is_scored(c) or c == "table"] == ["table", *fields]
    tally = CliRunner().invoke(main, ["tally", "--format", game, str(sheet)])
    assert tally.exit_code == 0, tally.output
    tallied = [tuple(line.split()[:5]) for line in tally.output.splitlines()[2:]]
    held = [
        (str(r.rank), str(r.table), r.party, str(r.wins), str(r.points))
        for r in night_standings(h.core.night).rows
    ]
    assert tallied == held
    h.store.close()


# ---------------------------------------------------------------------------------------------
# 8-to-1: the hub draws each round's trump once, for every table.


def play_round(h, table, number, trump=None):
    """Table ``table`` records its deal ``number`` (even tricks, exact bids)."""
    cards = ROUNDS[(number - 1) % len(ROUNDS)]
    record = eight(spread(cards), spread(cards))
    if trump is not None:
        record["trump"] = trump
    out = h.deal(table, deal(table, number, record))
    return out, h.acks(out, table)[0]


def test_the_round_trump_event_is_stored_as_round_trump():
    event = RoundTrumpDrawn(5, Suit.HEARTS, game=2)
    assert event_to_dict(event) == {"kind": "round_trump", "round": 5, "trump": "hearts", "game": 2}
    assert event_from_dict(event_to_dict(event)) == event
    old = event_from_dict({"kind": "round_trump", "round": 1, "trump": "none"})
    assert old.trump is None and old.game == 0  # a log from before EO8's draw per game


def test_round_one_is_drawn_when_the_night_starts_and_kept_over_a_restart(tmp_path):
    h = harness(tmp_path, "eight-to-one")
    events = h.store.events()
    assert [type(e) for e in events] == [NightCreated, RoundTrumpDrawn]
    assert events[1] == RoundTrumpDrawn(1, None, game=1)  # eight cards: no trump
    retained = {o.topic: json.loads(o.payload) for o in h.core.retained()}
    for t in (1, 2, 3):
        assert retained[f"whist/table/{t}/score"]["round"]["trump"] == "none"
    assert retained["whist/night"]["trumps"] == {"1": "none"}
    h.restart()
    assert h.store.count() == 2  # nothing drawn twice
    h.store.close()


def test_every_table_plays_round_n_in_the_same_drawn_suit(tmp_path):
    h = harness(tmp_path, "eight-to-one", seed=11)
    trumps: dict[int, dict[int, str]] = {}
    for number in range(1, 8):
        for t in (3, 1, 2):  # any order: the first table into a round draws it
            out, ack = play_round(h, t, number)
            assert ack["status"] == "accepted", ack
            score = published(out, f"whist/table/{t}/score")
            trumps.setdefault(number + 1, {})[t] = score["round"]["trump"]
            assert (
                published(out, "whist/night")["trumps"][str(number + 1)]
                == (score["round"]["trump"])
            )
    for number, seen in trumps.items():
        assert len(set(seen.values())) == 1, (number, seen)
        assert (seen[1] == "none") == (ROUNDS[number - 1] == 8)
    drawn = [e for e in h.store.events() if isinstance(e, RoundTrumpDrawn)]
    assert [e.round for e in drawn] == list(range(1, 9))  # once each, in order
    assert h.core.night.trumps == {(1, e.round): e.trump for e in drawn}
    # Each draw is committed in the batch of the deal that moved a table into its round,
    # right after that deal.
    kinds = [type(e).__name__ for e in h.store.events()]
    first_of_round_5 = kinds.index("DealRecorded", kinds.index("RoundTrumpDrawn", 8))
    assert kinds[first_of_round_5 - 1] == "RoundTrumpDrawn"
    h.store.close()


def test_a_trump_other_than_the_drawn_one_is_refused(tmp_path):
    h = harness(tmp_path, "eight-to-one", seed=3)
    for number in range(1, 5):
        play_round(h, 1, number)
    drawn = h.core.night.trumps[(1, 5)]
    assert drawn is not None
    wrong = next(s for s in Suit if s is not drawn)
    _, ack = play_round(h, 1, 5, trump=wrong.value)
    assert (ack["status"], ack["code"]) == ("rejected", "rejected")
    assert ack["reason"] == (
        f"round 5's trump is {drawn.value}, the same at every table, not {wrong.value}"
    )
    _, ack = play_round(h, 1, 5, trump=drawn.value)
    assert ack["status"] == "accepted"
    # The leader cannot correct a round to another trump either.
    record = eight(spread(7), spread(7), trump=wrong.value)
    refused = h.command("correct_deal", table=1, deal=5, record=record, reason="x")
    assert not refused["ok"] and "the same at every table" in refused["error"]
    h.store.close()


def test_a_night_of_another_game_draws_nothing_and_refuses_a_draw(tmp_path):
    h = harness(tmp_path, "knockout")
    h.deal(1, deal(1, 1, GAMES["knockout"][0][0]))
    assert not any(isinstance(e, RoundTrumpDrawn) for e in h.store.events())
    assert json.loads(h.core.standings_message().payload)["trumps"] == {}
    with pytest.raises(Exception, match="no trump drawn for the whole room"):
        h.core.night.apply(RoundTrumpDrawn(2, Suit.SPADES))
    h.store.close()


def test_the_night_refuses_a_draw_twice_or_one_the_round_cannot_have(tmp_path):
    night = ClubNight.replay([NightCreated(default_night("eight-to-one", 2))])
    night.apply(RoundTrumpDrawn(5, Suit.CLUBS))
    with pytest.raises(Exception, match="already drawn"):
        night.apply(RoundTrumpDrawn(5, Suit.SPADES))
    with pytest.raises(Exception, match="there is no trump"):
        night.apply(RoundTrumpDrawn(1, Suit.SPADES))
    with pytest.raises(Exception, match="needs a trump"):
        night.apply(RoundTrumpDrawn(6, None))
    assert night.trumps == {(0, 5): Suit.CLUBS}


def test_a_second_game_draws_its_trumps_afresh_and_a_finished_night_draws_none(tmp_path):
    h = harness(tmp_path, "eight-to-one", tables=1, length=LengthSpec(unit="games", count=2))
    for number in range(1, len(ROUNDS) + 1):
        assert play_round(h, 1, number)[1]["status"] == "accepted"
    # EO8: the deal that ends game 1 draws game 2's round 1 with it.
    assert sorted(h.core.night.trumps) == [*((1, n) for n in range(1, 22)), (2, 1)]
    score = club_score(h.core.night, 1)
    assert score.round is not None and (score.round.number, score.round.trump) == (1, "none")
    drawn = h.store.count()
    for number in range(22, 22 + len(ROUNDS)):
        assert play_round(h, 1, number)[1]["status"] == "accepted"
    # 21 deals and a draw for each of rounds 2 to 21 of game 2: every round played is drawn.
    assert h.store.count() == drawn + len(ROUNDS) + len(ROUNDS) - 1
    trumps = h.core.night.trumps
    assert sorted(trumps) == [(g, n) for g in (1, 2) for n in range(1, 22)]
    assert [trumps[(1, n)] for n in range(1, 22)] != [trumps[(2, n)] for n in range(1, 22)]
    assert h.core.night.table(1).finished and h.core.night.rounds_to_draw() == []
    h.store.close()


def test_an_older_log_without_draws_gets_its_next_rounds_drawn_on_start(tmp_path):
    spec = default_night("eight-to-one", 2)
    with EventStore(tmp_path / "hub.sqlite3") as store:
        with store.transaction() as tx:
            tx.append(NightCreated(spec))
            tx.append(DealRecorded("d1", 1, 1, DealRecord.model_validate(eight()).fields()))
        core = HubCore(store, spec, rng=random.Random(1))
        assert sorted(core.night.trumps) == [(1, 1), (1, 2)]
        assert [e.round for e in store.events() if isinstance(e, RoundTrumpDrawn)] == [1, 2]


def test_the_export_shows_each_8_to_1_round_s_drawn_trump_and_tally_agrees(tmp_path):
    h = harness(tmp_path, "eight-to-one", tables=2, seed=8)
    for number in range(1, 7):
        play_round(h, 1, number)  # the table never names the trump
    play_round(h, 2, 1)
    assert h.command("export")["ok"]
    sheet = tmp_path / "exports" / "deals.csv"
    with sheet.open(newline="") as f:
        rows = list(csv.DictReader(f))
    trumps = h.core.night.trumps
    assert [r["trump"] for r in rows] == [
        "none" if trumps[(1, n)] is None else trumps[(1, n)].value for n in (1, 2, 3, 4, 5, 6, 1)
    ]
    tally = CliRunner().invoke(main, ["tally", "--format", "eight-to-one", str(sheet)])
    assert tally.exit_code == 0, tally.output
    held = [
        (str(r.rank), str(r.table), r.party, str(r.wins), str(r.points))
        for r in night_standings(h.core.night).rows
    ]
    assert [tuple(line.split()[:5]) for line in tally.output.splitlines()[2:]] == held
    h.store.close()
