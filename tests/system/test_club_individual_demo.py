"""``whist-hub demo --format widow|solo|knockout|eight-to-one``: a whole night of a game played
each for oneself, by bots through a real hub and broker; the final standings printed are the
log's, ``tally`` over its export prints them again, and at 8-to-1 every round was played in
the one trump the hub drew for it."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from click.testing import CliRunner

from hub.cli import main
from hub.demo.demo import run_demo
from hub.service.store import EventStore
from tests.integration.conftest import require_mosquitto
from tests.system.test_club_demo import board
from tests.system.test_demo import mosquittos
from whist.bot import (
    SOLO_CONTRACTS,
    bids_solo,
    chooses_trump,
    individual_deal,
    solo_bid,
    sure_tricks,
    takes_widow,
)
from whist.cards import Card, Suit
from whist.events import RoundTrumpDrawn
from whist.formats import Format
from whist.formats.individual import read_trump
from whist.night import ClubNight, night_standings
from whist.protocol import DealRecord
from whist.views import place_marks

require_mosquitto()

GAMES = ["widow", "solo", "knockout", "eight-to-one"]


@pytest.mark.parametrize("game", GAMES)
def test_a_night_of_each_game_plays_to_the_log_s_standings_and_tally_agrees(tmp_path, game):
    lines: list[str] = []
    code = run_demo(fmt=game, tables=3, pace=0, seed=5, data=tmp_path, echo=lines.append)
    text = "\n".join(lines)
    assert code == 0, text
    with EventStore(tmp_path / "hub.sqlite3") as store:
        events = store.events()
    night = ClubNight.replay(events)
    assert night.ended and all(night.table(t).finished for t in night.table_numbers)
    rows = night_standings(night).rows
    held = [(r.rank, r.table, r.party, r.wins, r.points) for r in rows]
    marks = place_marks([r.rank for r in rows])  # a shared place reads "2=" on the board
    assert board(lines) == [(mark, *row[1:]) for mark, row in zip(marks, held, strict=True)]
    assert len(held) == sum(len(night.table(t).parties) for t in night.table_numbers)
    assert mosquittos(tmp_path) == set()

    out = tmp_path / "exports"
    export = CliRunner().invoke(main, ["export", str(tmp_path), "--csv", "--out", str(out)])
    assert export.exit_code == 0, export.output
    tally = CliRunner().invoke(main, ["tally", "--format", game, str(out / "deals.csv")])
    assert tally.exit_code == 0, tally.output
    tallied = [
        (int(w[0]), int(w[1]), w[2], int(w[3]), int(w[4]))
        for w in (line.split()[:5] for line in tally.output.splitlines()[2:])
    ]
    assert tallied == held

    drawn = [e for e in events if isinstance(e, RoundTrumpDrawn)]
    if game != "eight-to-one":
        assert drawn == []
        return
    # Each round of each game drawn once (EO8), for every table in that round of that game.
    played = {
        ((n - 1) // 21 + 1, (n - 1) % 21 + 1)
        for t in night.table_numbers
        for n in range(1, len(night.deals[t]) + 1)
    }
    keys = [(e.game, e.round) for e in drawn]
    assert len(keys) == len(set(keys)) and played <= set(keys), keys
    for t in night.table_numbers:
        for number, entry in enumerate(night.deals[t], start=1):
            named, trump = read_trump(entry.record)
            game, round_ = (number - 1) // 21 + 1, (number - 1) % 21 + 1
            assert named and trump == night.trumps[(game, round_)], (t, number)


def test_the_bots_simple_rules():
    def cards(*texts):
        return [Card.parse(t) for t in texts]

    assert takes_widow(cards("2c", "3h", "4d", "5s", "qh"))
    assert not takes_widow(cards("ac", "kc", "ah", "2c"))
    assert bids_solo(cards("as", "ks", "2s", "3s", "4s", "ah"), Suit.SPADES)
    assert not bids_solo(cards("qs", "js", "2s", "3s", "4s", "ah"), Suit.SPADES)
    assert not bids_solo(cards("as", "ks", "qs", "3s", "ah", "ad"), Suit.SPADES)  # 4 trumps
    assert chooses_trump(cards("2d", "3d", "4d", "as", "ks")) is Suit.DIAMONDS
    assert sure_tricks(cards("ah", "kd", "qd"), None) == 1
    assert sure_tricks(cards("ah", "kd", "qd", "2d", "3d"), Suit.DIAMONDS) == 3


@pytest.mark.parametrize("game", GAMES)
def test_every_bot_record_is_one_the_game_accepts(game):
    rng = random.Random(17)
    rules = Format(game).club
    seen = set()
    for _ in range(60):
        table = rules.start()
        dealer = table.dealer
        kw: dict = {"players": table.parties}
        if game == "eight-to-one":
            kw.update(cards=8, trump="none")
        if game == "knockout":
            kw.update(cards=7)
        record = individual_deal(rng, game, dealer, **kw)
        fields = DealRecord.model_validate(record).fields()
        rules.play(table, rules.record(fields))  # accepted and scored at a fresh table
        seen.add(record.get("contract", "widow" in record))
    if game == "solo":
        assert seen == {"solo", "pass"}  # some bid, and sometimes everyone passes
    if game == "widow":
        assert seen == {True, False}  # the widow is taken, and sometimes left


def test_the_bots_bid_every_solo_contract_in_turn_and_revoke_now_and_then():
    """SO9: with the deal's number the table bids each contract in turn; the bidder is the
    hand that suits it; a revoke is recorded as its player's seat (SO7)."""
    rng = random.Random(5)
    rules = Format("solo").club
    seen, revoked = [], 0
    for deal in range(1, 2 * len(SOLO_CONTRACTS) + 1):
        table = rules.start()
        record = individual_deal(
            rng, "solo", table.dealer, players=table.parties, in_turn=deal, revoke_chance=0.05
        )
        scored = rules.play(table, rules.record(DealRecord.model_validate(record).fields()))
        seen.append(record["contract"])
        revoked += bool(record.get("revoker"))
        assert sum(scored.night_points) == 0  # what the bidders win the defenders pay
    assert seen == [*SOLO_CONTRACTS, *SOLO_CONTRACTS]
    assert revoked > 0
    hands = [[Card.parse(t) for t in h.split()] for h in ("2c 3d 4h", "as ks qs", "ah kh qh")]
    assert solo_bid("misere_ouverte", hands, Suit.SPADES, [0, 1, 2]).bidder == 0
    assert solo_bid("royal_abondance", hands, Suit.SPADES, [0, 1, 2]).bidder == 1
    abondance = solo_bid("abondance", hands, Suit.SPADES, [2, 0, 1])
    assert (abondance.bidder, abondance.trump) == (2, Suit.HEARTS)  # first of equal hands
    assert solo_bid("abondance_declaree", hands, Suit.SPADES, [0, 1, 2]).trump is None


def test_the_command_line_demo_of_8_to_1(tmp_path):
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "hub.cli",
            "demo",
            "--format",
            "eight-to-one",
            "--tables",
            "3",
            "--length",
            "deals:6",
            "--pace",
            "0",
            "--data",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "deal  6  3 tables played, 3/3 done" in out.stdout
    assert "Final standings (8-to-1 bidding whist, games then points)" in out.stdout
    assert "seat" in out.stdout.split("Final standings", 1)[1]
