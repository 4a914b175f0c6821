"""whist/paper.py: what the printed sheets show, computed by the core."""

from __future__ import annotations

import pytest

from whist.cards import Suit
from whist.events import HandStarted, PenaltyImposed, ResultCorrected, ResultRecorded
from whist.paper import results_pages, rotation_pages, short_names
from whist.pattern import default_spec
from whist.tournament import Tournament


@pytest.mark.parametrize(
    ("fmt", "tables", "hands", "sessions"),
    [("alberta", 3, 30, 2), ("alberta", 7, 50, 3), ("gaspesie", 16, 24, 1)],
)
def test_one_page_per_table_per_session_and_the_movement_agrees(fmt, tables, hands, sessions):
    spec = default_spec(fmt, tables, hands)
    pages = rotation_pages(spec)
    assert len(pages) == tables * sessions
    assert [p.table for p in pages] == [t for t in range(1, tables + 1) for _ in range(sessions)]
    for table in range(1, tables + 1):
        mine = [p for p in pages if p.table == table]
        assert [r.hand for p in mine for r in p.rows] == list(range(1, hands + 1))
    # In every hand, the visitors at table X are the team whose travellers go to X.
    for hand in range(1, hands + 1):
        rows = {p.table: r for p in pages for r in p.rows if r.hand == hand}
        goes = {table: row.travellers_go_to for table, row in rows.items()}
        assert sorted(goes.values()) == list(range(1, tables + 1))
        for table, row in rows.items():
            assert goes[row.visitors.team] == table
            assert row.visitors.team != table
            assert {p.seat for p in row.home} | {p.seat for p in row.travellers} == set(
                spec.format.seats
            )


def test_gaspesie_captain_stays_home():
    for page in rotation_pages(default_spec("gaspesie", 5)):
        for row in page.rows:
            assert "C" in {p.seat for p in row.home}


def test_results_pages_carry_team_names_results_and_notes():
    spec = default_spec("gaspesie", 3, 2)
    t = Tournament.new(spec)
    t.apply(HandStarted(hand=1, trump=Suit.HEARTS))
    t.apply(ResultRecorded("r1", hand=1, table=2, visitor_tricks=9))
    t.apply(
        ResultCorrected(
            1, 2, visitor_tricks=4, revokes_home=0, revokes_visitors=0, reason="miscounted"
        )
    )
    t.apply(PenaltyImposed(hand=1, table=3, side="home", reason="signalling"))
    first = results_pages(spec, t)[0]
    assert first.hand == 1 and first.hands == 2 and first.trump == "hearts"
    by_table = {row.table: row for row in first.rows}
    assert by_table[1].home_team_name == "Équipe 1" and not by_table[1].recorded
    two = by_table[2]
    assert (two.visitor_tricks, two.home_tricks) == (4, 9)
    assert two.corrections == ("miscounted",) and not two.by_leader
    t.apply(ResultCorrected(1, 1, 7, revokes_home=0, revokes_visitors=0, reason="from paper"))
    t.apply(ResultCorrected(1, 1, 8, revokes_home=0, revokes_visitors=0, reason="recounted"))
    one = {row.table: row for row in results_pages(spec, t)[0].rows}[1]
    assert one.by_leader and one.entered_why == "from paper" and one.corrections == ("recounted",)
    assert by_table[3].penalty_side == "home" and by_table[3].penalty_reason == "signalling"
    assert two.visitors.team_name == spec.team(two.visitors.team).name


def test_short_names_keep_teammates_apart():
    assert short_names({"A": "Anne Roy", "B": "Bob  Dion"}) == {"A": "Anne", "B": "Bob"}
    assert short_names({"A": "Anne Roy", "B": "Anne Côté"}) == {"A": "Anne Roy", "B": "Anne Côté"}
    assert short_names({"A": "", "B": "  "}) == {"A": "", "B": ""}
