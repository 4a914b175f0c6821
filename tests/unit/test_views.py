"""What every audience is told, computed by the core from the recorded events (whist.views).

The stories of the "one truth" issue, at the level of the core: a correction, a result the
leader entered, a loan, a day's end, the hall's change over the last completed hand.
"""

from __future__ import annotations

import doctest
import importlib
import json
import pkgutil
import random

import pytest

import whist
from whist import views
from whist.cards import Suit
from whist.events import (
    DayEnded,
    FlagsLent,
    HandClosed,
    HandStarted,
    PenaltyImposed,
    ResultCorrected,
    ResultRecorded,
)
from whist.pattern import default_spec
from whist.protocol import TableView, decode, encode
from whist.spec import DaySpec
from whist.tournament import Tournament


def started(fmt: str = "alberta", tables: int = 3, hands: int = 3) -> Tournament:
    t = Tournament.new(default_spec(fmt, tables=tables, hands=hands))
    t.apply(HandStarted(hand=1, trump=Suit.HEARTS))
    return t


def test_a_correction_tells_the_visitors_to_give_the_flag_back():
    t = started()
    t.apply(ResultRecorded("r1", hand=1, table=1, visitor_tricks=7))
    first = views.table_view(t, 1).results[0]
    assert (first.by, first.corrected, first.flags) == ("table", False, 1)
    assert [(h.giver, h.count) for h in first.hand_over] == [("home", 1)]
    t.apply(ResultCorrected(1, 1, 6, 0, 0, "they had 6"))
    view = views.table_view(t, 1)
    now = view.results[0]
    assert (now.by, now.corrected, now.visitor_tricks, now.flags) == ("leader", True, 6, 0)
    assert [(h.giver, h.count) for h in now.hand_over] == [("visitors", 1)]
    assert view.held == 12  # the flag came back


def test_a_correction_upwards_tells_home_to_give_the_difference():
    t = started()
    t.apply(ResultRecorded("r1", hand=1, table=1, visitor_tricks=5))
    t.apply(ResultCorrected(1, 1, 10, 0, 0, "miscounted"))
    now = views.table_view(t, 1).results[0]
    assert [(h.giver, h.count) for h in now.hand_over] == [("home", 2)]
    assert now.change == -2
    # The visitors' own table sees the same result from their side.
    visitors = now.visitor_team
    theirs = [r for r in views.table_view(t, visitors).results if r.role == "visitors"]
    assert [(r.table, r.change, r.by) for r in theirs] == [(1, 2, "leader")]


def test_a_result_the_table_never_sent_is_the_leaders():
    t = started()
    t.apply(ResultCorrected(1, 2, 8, 0, 0, "entered from the paper slip"))
    res = views.table_view(t, 2).results[0]
    assert (res.by, res.corrected) == ("leader", True)
    assert views.table_view(t, 2).reported


def test_an_automatic_loan_is_in_the_view():
    t = started(tables=3, hands=8)
    # Table 1 loses 2 flags a hand: after six hands it has none left and must borrow.
    for hand in range(1, 8):
        if hand > 1:
            t.apply(HandClosed(hand - 1))
            t.apply(HandStarted(hand=hand, trump=Suit.CLUBS))
        t.apply(ResultRecorded(f"r{hand}", hand=hand, table=1, visitor_tricks=13))
    view = views.table_view(t, 1)
    assert [(loan.hand, loan.flags, loan.automatic) for loan in view.loans] == [(7, 2, True)]
    t.apply(FlagsLent(1, 3))
    assert views.table_view(t, 1).loans[-1].automatic is False


def test_the_day_end_gives_each_table_its_total_and_place():
    t = started(hands=1)
    t.apply(ResultRecorded("r1", hand=1, table=1, visitor_tricks=10))
    assert views.table_view(t, 1).day_result is None
    t.apply(HandClosed(1))
    t.apply(DayEnded(1))
    winners = views.table_view(t, t.visitor_team(1, 1)).day_result
    losers = views.table_view(t, 1).day_result
    assert winners is not None and losers is not None
    assert (winners.total, winners.place, winners.final) == (14, 1, True)
    assert (losers.total, losers.place, losers.shared) == (10, 3, False)
    # After the day's end the flags went back to 12: nothing is left to hand over.
    assert all(not r.hand_over for r in views.table_view(t, 1).results)


def test_names_and_moves_come_from_the_file():
    spec = default_spec("alberta", tables=3, hands=2)
    data = spec.to_dict()
    data["teams"][0]["players"] = {"A": "Eleanor", "B": "Harold", "X": "Margaret", "Y": "Bob"}
    data["teams"][0]["name"] = "The Aces"
    from whist.spec import load_spec

    t = Tournament.new(load_spec(data))
    view = views.table_view(t, 1)
    assert view.home.name == "The Aces"
    assert [p.name for p in view.away.players] == ["Eleanor", "Harold"]
    assert view.moves[0].action == "go" and view.moves[0].table == view.away.table


def test_gaspesie_travellers_go_on_and_points_need_no_hand_over():
    t = started("gaspesie", tables=4)
    t.apply(ResultRecorded("r1", hand=1, table=1, visitor_tricks=13))
    t.apply(PenaltyImposed(1, 1, "visitors", "signalling"))
    res = views.table_view(t, 1).results[0]
    assert (res.home_points, res.visitor_points, res.penalty, res.hand_over) == (
        1,
        0,
        "visitors",
        [],
    )
    t.apply(HandClosed(1))
    t.apply(HandStarted(hand=2, trump=Suit.SPADES))
    actions = {m.action for m in views.table_view(t, 1).moves}
    assert "go_on" in actions  # the seat who travels again moves straight on


def test_the_hall_keeps_the_last_completed_hand_when_the_next_starts():
    t = started()
    t.apply(ResultRecorded("r1", hand=1, table=1, visitor_tricks=10))
    during = views.standings(t)
    assert during.change_hand == 0  # hand 1 is still being played
    t.apply(HandClosed(1))
    t.apply(HandStarted(hand=2, trump=Suit.SPADES))
    after = views.standings(t)
    assert after.change_hand == 1
    changes = {row.team: row.change for row in after.teams}
    assert changes[1] == -2 and changes[t.visitor_team(1, 1)] == 2
    # A restart is a replay: the same figures come back.
    assert views.standings_json(t) == views.standings_json(t)


def test_every_view_is_valid_protocol_json():
    t = started("gaspesie", tables=5)
    t.apply(ResultRecorded("r1", hand=1, table=3, visitor_tricks=4))
    writer = views.TableViews(t)
    for table in range(1, 6):
        assert decode(TableView, writer.json(table)).table == table


@pytest.mark.parametrize("name", [m.name for m in pkgutil.walk_packages(whist.__path__, "whist.")])
def test_doctests_of_the_core(name):
    failures, _ = doctest.testmod(importlib.import_module(name))
    assert failures == 0


def _dumps(body: object) -> bytes:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


@pytest.mark.parametrize("fmt", ["alberta", "gaspesie"])
def test_the_fast_writers_write_what_the_views_say_all_along_an_event(fmt):
    """TableViews.json and AssignmentWriter.json keep the parts of a hand as JSON; at every
    step of an event (results, a correction, a penalty, a loan, a day's end) their bytes are
    those of the plain views written by the standard library's json, and a team's day totals
    are the hall's."""
    tables = 6
    spec = default_spec(fmt, tables=tables, hands=6)
    two_days = (DaySpec(hands=3), DaySpec(hands=3))
    # names as a hall has them: accents, quotes, a suit symbol (the views are UTF-8)
    teams = list(spec.teams)
    teams[0] = teams[0].model_copy(
        update={"name": 'Les "As" de Gaspé ♠', "players": {"A": "Zoé", "B": "Jean-François"}}
    )
    t = Tournament.new(spec.model_copy(update={"days": two_days, "teams": teams}))
    assert t.spec.day_of(4) == 2
    rng = random.Random(17)
    writer, assignments = views.TableViews(t), views.AssignmentWriter()

    def check() -> None:
        for table in range(1, tables + 1):
            assert writer.json(table) == _dumps(writer.body(table))
            assert assignments.json(t, table) == encode(views.assignment(t, table))
        everyone = t.all_day_totals()
        assert [t.day_totals(team) for team in range(1, tables + 1)] == everyone[1:]
        changes = json.loads(views.standings_changes_json(t, range(1, tables + 1)))
        assert [tuple(row["day_totals"]) for row in changes["teams"]] == everyone[1:]

    check()
    for hand in range(1, t.spec.hands + 1):
        if t.spec.day_of(hand) > t.day and hand > 1:
            t.apply(DayEnded(t.day))
            check()
        t.apply(HandStarted(hand=hand, trump=Suit.SPADES))
        check()
        for table in range(1, tables + 1):
            t.apply(ResultRecorded(f"r{hand}-{table}", hand, table, rng.randint(0, 13)))
            if table % 3 == 0:
                check()
        t.apply(ResultCorrected(hand, 2, 13, 0, 0, "miscounted"))
        check()
        if fmt == "gaspesie":
            t.apply(PenaltyImposed(hand, 4, "home", "signals"))
            check()
        if fmt == "alberta":
            t.apply(FlagsLent(table=3, flags=2))
            check()
        t.apply(HandClosed(hand))
        check()
    t.apply(DayEnded(t.day))
    check()
