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
