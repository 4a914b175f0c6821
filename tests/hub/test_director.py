"""The director's job through the hub (issue 12): ending play early, no silent gaps in the
results, and a loan ledger a director can account for."""

import csv
import json

import pytest

from tests.hub.test_core import Harness, result
from whist.protocol import EndDayData, LoansData, State, TableView


def published(out, topic):
    return [p for t, p, _ in out if t == topic][-1]


def retained(hub, topic):
    return next(json.loads(o.payload) for o in hub.core.retained() if o.topic == topic)


@pytest.fixture
def hub(tmp_path):
    h = Harness(tmp_path / "hub.sqlite3", tables=4, hands=6)
    yield h
    h.store.close()


# ---------------------------------------------------------------- ending early (rule 11d)
def test_the_leader_ends_the_tournament_after_any_hand(hub):
    for hand in (1, 2):
        assert hub.command("start_hand")["ok"]
        for table in range(1, 5):
            hub.result(table, result(table, hand=hand, tricks=7 if table == 1 else 6))
    refused = hub.command("end_day")
    assert not refused["ok"] and refused["data"]["code"] == "day_not_done"
    assert "end it early" in refused["error"]
    reply = hub.command("end_day", early=True)
    assert reply["ok"]
    data = EndDayData.model_validate(reply["data"])
    assert data.final and data.day == 1  # the last day ended early ends the tournament
    s = State.model_validate(retained(hub, "whist/state"))
    assert (s.finished, s.ended_after, s.phase, s.next_hand) == (True, 2, "closed", 0)
    standings = retained(hub, "whist/standings")
    assert standings["final"] and standings["results_missing"] == 0
    view = TableView.model_validate(retained(hub, "whist/table/3/view"))
    assert view.ended_after == 2 and view.day_result is not None and view.day_result.final
    refused = hub.command("start_hand")
    assert refused["data"]["code"] == "finished" and "after hand 2" in refused["error"]
    # Teams 3 and 4 are level: the tie-break may be played now.
    ties = hub.command("ties")["data"]
    assert ties["finished"]
    assert hub.command("tiebreak_start", teams=[3, 4], trump="hearts")["ok"]
    hub.restart()
    assert hub.core.tournament.ended_after == 2 and hub.core.tournament.finished


def test_a_day_ended_early_goes_on_with_the_next_days_first_hand(tmp_path):
    hub = Harness(tmp_path / "two.sqlite3", tables=4, hands=50)  # days of 30 and 20
    hub.command("start_hand")
    hub.command("start_hand")
    reply = hub.command("end_day", early=True)
    assert reply["ok"] and "final" not in reply["data"]
    s = State.model_validate(retained(hub, "whist/state"))
    assert (s.finished, s.next_hand, s.phase) == (False, 31, "waiting")
    assert retained(hub, "whist/table/1/assignment")["hand"] == 31
    started = hub.command("start_hand")
    assert started["ok"] and started["data"]["hand"] == 31
    s = State.model_validate(retained(hub, "whist/state"))
    assert (s.hand, s.day) == (31, 2)
    # Hands 3 to 30 were never played: nothing is missing from them.
    assert set(s.unreported) == {"1", "2", "31"}
    assert hub.command("plan")["data"]["hand"] == 32
    hub.restart()
    assert hub.core.tournament.next_hand() == 32


def test_the_tournament_can_end_with_a_day_already_ended(tmp_path):
    hub = Harness(tmp_path / "two.sqlite3", tables=4, hands=50)
    hub.command("start_hand")
    hub.command("end_day", early=True)
    reply = hub.command("end_day", final=True)
    assert reply["ok"] and reply["data"]["final"]
    assert hub.core.tournament.ended_after == 1
    assert not hub.command("end_day", final=True)["ok"]  # once over, it is over
    assert hub.command("start_hand")["data"]["code"] == "finished"


def test_nothing_to_end_before_the_first_hand(hub):
    assert hub.command("end_day", early=True)["data"]["code"] == "wrong_hand"


# ---------------------------------------------------------------- no silent gaps
def test_every_missing_result_is_listed_and_the_standings_say_provisional(hub, tmp_path):
    """The new user's walk: results for hands 1 and 2, none for 3 to 6."""
    for hand in range(1, 7):
        hub.command("start_hand")
        if hand <= 2:
            for table in range(1, 5):
                hub.result(table, result(table, hand=hand))
    s = State.model_validate(retained(hub, "whist/state"))
    assert s.unreported == {str(h): [1, 2, 3, 4] for h in range(3, 7)}
    assert s.results_missing == 12  # hands 3 to 5 are over; hand 6 is still in play
    close = hub.command("close_hand")
    assert close["data"]["missing"] == [1, 2, 3, 4]
    s = State.model_validate(retained(hub, "whist/state"))
    assert (s.results_missing, s.finished) == (16, True)
    standings = retained(hub, "whist/standings")
    assert (standings["results_missing"], standings["final"]) == (16, True)
    view = TableView.model_validate(retained(hub, "whist/table/2/view"))
    assert view.results_missing == 16
    hub.command("export", language="en")
    folder = tmp_path / "exports"
    rows = list(csv.reader((folder / "standings.csv").open(encoding="utf-8")))
    assert rows[-1] == ["provisional: 16 results missing"]
    assert "Provisional — 16 results missing" in (folder / "standings.html").read_text("utf-8")
    # The leader enters one: one fewer is missing, everywhere.
    hub.command(
        "correct",
        hand=3,
        table=1,
        visitor_tricks=6,
        home_tricks=7,
        revokes={"home": 0, "visitors": 0},
        reason="from the paper sheet",
    )
    s = State.model_validate(retained(hub, "whist/state"))
    assert s.results_missing == 15 and s.unreported["3"] == [2, 3, 4]
    assert retained(hub, "whist/standings")["results_missing"] == 15


# ---------------------------------------------------------------- the loan ledger
def drain_table_1(hub, hands):
    """Visitors take 2 flags from table 1 every hand (13 tricks)."""
    for hand in range(1, hands + 1):
        hub.command("start_hand")
        hub.result(1, result(1, hand=hand, tricks=13))


def test_a_short_table_is_told_at_once_and_the_leaders_loan_brings_the_flags(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", tables=4, hands=30)
    drain_table_1(hub, 6)
    assert hub.core.tournament.flags_held(1) == 0
    hub.command("start_hand")
    out = hub.result(1, result(1, hand=7, tricks=13))
    s = State.model_validate(published(out, "whist/state"))
    assert s.to_bring == {"1": 2}
    view = TableView.model_validate(published(out, "whist/table/1/view"))
    assert (view.to_bring, view.held) == (2, 0)
    # The leader brings the 2 flags and records them as a loan: not counted twice.
    reply = hub.command("loan", table=1, flags=2)
    assert reply["data"] == {"table": 1, "flags": 0, "brought": 2}
    assert hub.core.tournament.flags_held(1) == 0
    s = State.model_validate(retained(hub, "whist/state"))
    assert s.to_bring == {}
    assert TableView.model_validate(retained(hub, "whist/table/1/view")).to_bring == 0
    # A loan beyond what the hub lent puts flags on the table.
    reply = hub.command("loan", table=1, flags=3)
    assert reply["data"] == {"table": 1, "flags": 3}
    ledger = LoansData.model_validate(hub.command("loans")["data"])
    assert [(ln.hand, ln.table, ln.flags, ln.automatic, ln.brought, ln.returned)
            for ln in ledger.loans] == [
        (7, 1, 2, True, True, False),
        (7, 1, 3, False, True, False),
    ]
    net = sum(hub.core.tournament.score(team) for team in range(1, 5))
    assert net == 48  # rule A6: loans never change a score


def test_the_ledger_is_kept_across_day_ends_and_exported(tmp_path):
    hub = Harness(tmp_path / "hub.sqlite3", tables=4, hands=50)
    drain_table_1(hub, 7)  # hand 7: an automatic loan of 2, not brought
    hub.command("end_day", early=True)
    ledger = LoansData.model_validate(hub.command("loans")["data"])
    assert [(ln.day, ln.hand, ln.flags, ln.automatic, ln.brought, ln.returned)
            for ln in ledger.loans] == [(1, 7, 2, True, False, True)]
    assert ledger.to_bring == {}  # the day's flags were counted: nothing is owed now
    hub.command("start_hand")
    hub.command("loan", table=2, flags=1)
    ledger = LoansData.model_validate(hub.command("loans")["data"])
    assert [(ln.day, ln.hand, ln.table, ln.returned) for ln in ledger.loans] == [
        (1, 7, 1, True),
        (2, 31, 2, False),
    ]
    hub.restart()
    assert LoansData.model_validate(hub.command("loans")["data"]) == ledger
    hub.command("export")
    rows = list(csv.DictReader((tmp_path / "exports" / "loans.csv").open(encoding="utf-8")))
    assert rows == [
        {"day": "1", "hand": "7", "table": "1", "flags": "2", "lent_by": "automatic",
         "brought": "no", "returned": "yes"},
        {"day": "2", "hand": "31", "table": "2", "flags": "1", "lent_by": "leader",
         "brought": "yes", "returned": "no"},
    ]


def test_points_tournaments_have_no_ledger_file(tmp_path):
    hub = Harness(tmp_path / "g.sqlite3", fmt="gaspesie", tables=3, hands=2)
    hub.command("start_hand")
    files = hub.command("export")["data"]["files"]
    assert not any(f.endswith("loans.csv") for f in files)
