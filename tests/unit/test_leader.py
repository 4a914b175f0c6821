"""What the leader's console is told, computed by the core (whist.leader, whist.spec)."""

from whist import leader
from whist.events import HandStarted, ResultRecorded
from whist.pattern import default_spec
from whist.spec import SessionPlace
from whist.tournament import Tournament


def test_session_of_a_hand_morning_afternoon_and_the_next_day():
    spec = default_spec("alberta", tables=5, hands=50)  # day 1: 15 + 15, day 2: 20
    assert spec.session_of(1) == SessionPlace(1, 2, 1)
    assert spec.session_of(15) == SessionPlace(1, 2, 1)
    assert spec.session_of(16) == SessionPlace(2, 2, 16)
    assert spec.session_of(30) == SessionPlace(2, 2, 16)
    assert spec.session_of(31) == SessionPlace(1, 1, 31)
    assert spec.session_of(50) == SessionPlace(1, 1, 31)


def test_a_day_without_sessions_is_one_session():
    spec = default_spec("gaspesie", tables=4)
    assert {spec.session_of(h) for h in range(1, spec.hands + 1)} == {SessionPlace(1, 1, 1)}


def test_the_plan_says_where_the_hand_falls():
    t = Tournament.new(default_spec("alberta", tables=5, hands=50))
    sixteen = leader.plan(t, 16)
    assert (sixteen.session, sixteen.sessions, sixteen.first_of_session) == (2, 2, True)
    assert sixteen.previous_offset is not None  # the same day
    assert leader.plan(t, 31).previous_offset is None  # a new day
    assert leader.plan(t).hand == 1


def _gaspesie_level_after_two_hands() -> Tournament:
    t = Tournament.new(default_spec("gaspesie", tables=3, hands=3))
    t.apply(HandStarted(1, None))
    t.apply(ResultRecorded("r1", 1, 1, 3, 0, 0))  # home (team 1) wins hand 1
    t.apply(HandStarted(2, None))
    return t


def test_ties_count_back_with_the_cores_figures():
    t = _gaspesie_level_after_two_hands()
    ties = leader.ties(t)
    assert ties.current is None and ties.done == []
    assert ties.backcount_hands == [2, 1]
    back = t.countback()  # after hand n-1 … 1: the ONE backward count
    for team, totals in (ties.backcount or {}).items():
        assert totals == [t.score(int(team)), *back[int(team)]]
    levels = {g.score: g.teams for g in ties.groups}
    assert all(str(team) in (ties.backcount or {}) for teams in levels.values() for team in teams)


def test_playoff_ties_have_no_backcount():
    t = Tournament.new(default_spec("alberta", tables=3, hands=1))
    ties = leader.ties(t)
    assert ties.backcount is None and ties.groups[0].teams == [1, 2, 3]
