"""The one event interface (whist/occasion.py): a tournament and a club night are both an
Occasion, and answer the hub's questions in the words it published before there was one."""

from __future__ import annotations

import pytest

from whist import views
from whist.cards import Suit
from whist.events import DealRecorded, HandStarted, NightCreated, ResultRecorded
from whist.night import ClubNight, club_score_json, night_standings
from whist.nightspec import default_night
from whist.occasion import Occasion, RoomNews
from whist.pattern import default_spec
from whist.protocol import Topics, encode
from whist.tournament import Tournament

TOPICS = Topics()


def tournament() -> Tournament:
    t = Tournament.new(default_spec("alberta", 3, 2))
    t.apply(HandStarted(1, Suit.HEARTS))
    t.apply(ResultRecorded("r1", hand=1, table=2, visitor_tricks=9))
    return t


def night() -> ClubNight:
    n = ClubNight.replay([NightCreated(default_night("american", 2))])
    n.apply(DealRecorded("d1", 1, 1, {"trump": "clubs", "ns_tricks": 9}))
    return n


@pytest.mark.parametrize(("make", "tables", "seq"), [(tournament, 3, 3), (night, 2, 2)])
def test_both_kinds_are_an_occasion(make, tables, seq):
    occasion = make()
    assert isinstance(occasion, Occasion)
    assert (occasion.table_numbers, occasion.seq) == (range(1, tables + 1), seq)
    assert occasion.headline().endswith(")") and occasion.spec.name in occasion.status()


def test_a_tournament_answers_the_views_it_always_published():
    t = tournament()
    room = RoomNews(offline=[3], calling=[1], call_reasons={"1": "revoke"}, conflicts=[2])
    assert t.state_view(room) == views.state(
        t, offline=[3], calling=[1], call_reasons={"1": "revoke"}, conflicts=[2]
    )
    assert t.table_feed(2, TOPICS) == [
        ("whist/table/2/assignment", encode(views.assignment(t, 2))),
        ("whist/table/2/view", views.TableViews(t).json(2)),
    ]
    assert t.hall_feed(TOPICS) == ("whist/standings", views.standings_json(t))
    assert t.changes_feed([2], TOPICS) == [
        ("whist/standings/changes", views.standings_changes_json(t, [2]))
    ]
    assert t.progress() == "hand 1 of 2, playing"
    assert t.status().endswith("hand 1 of 2 (playing), 1/3 reported")


def test_a_club_night_answers_the_views_it_always_published():
    n = night()
    state = n.state_view(RoomNews(offline=[2], conflicts=[1]))
    assert (state.offline, state.conflicts, state.reported) == ([2], [1], [1])
    assert n.table_feed(1, TOPICS) == [("whist/table/1/score", club_score_json(n, 1))]
    assert n.hall_feed(TOPICS) == ("whist/night", encode(night_standings(n)))
    assert n.changes_feed([1], TOPICS) == []  # the whole standings go out every time
    assert n.progress() == "1 deals played"
    assert n.headline().startswith("Club night: ")


def test_each_occasion_turns_a_tables_report_into_its_fact():
    """Issue 22: what a report comes to is the occasion's decision (the hub only records and
    acks): a new fact, one held already (its id, or the same facts under a new id), a report
    naming another table, or the other kind's report refused."""
    from whist.errors import ErrorCode, TournamentError
    from whist.protocol import ClubDeal, Result

    NONE = {"home": 0, "visitors": 0}
    t, n = tournament(), night()
    result = Result(id="r2", hand=1, table=3, visitor_tricks=4, home_tricks=9, revokes=NONE)
    assert t.take(3, result).event == ResultRecorded("r2", 1, 3, 4)
    assert t.take(2, result).wrong_table
    again = Result(id="r9", hand=1, table=2, visitor_tricks=9, home_tricks=4, revokes=NONE)
    assert t.take(2, again).held == (1, 2)
    other = again.model_copy(update={"visitor_tricks": 8, "home_tricks": 5})
    assert t.take(2, other).event is not None  # a conflict: refused when it is applied
    deal = ClubDeal.model_validate(
        {"id": "d2", "table": 1, "deal": 2, "record": {"trump": "spades", "ns_tricks": 7}}
    )
    assert n.take(1, deal).event == DealRecorded("d2", 1, 2, {"trump": "spades", "ns_tricks": 7})
    first = deal.model_copy(update={"id": "d1", "deal": 1})
    assert n.take(1, first).held == (1, 1)  # its id: deal 1 of table 1
    with pytest.raises(TournamentError) as refused:
        t.take(1, deal)
    assert refused.value.code == ErrorCode.WRONG_FORMAT
    assert n.take(2, deal).wrong_table
