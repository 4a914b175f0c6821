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


# ---------------------------------------------------------------- what the console reads
def test_a_playoff_hand_is_won_by_a_majority_of_the_thirteen_tricks():
    assert leader.playoff_bout([3, 5], 7) == (3, 5)
    assert leader.playoff_bout([3, 5], 6) == (5, 3)
    assert leader.playoff_bout([3, 5], 13) == (3, 5)
    assert leader.playoff_bout([3, 5], 0) == (5, 3)


def test_a_playoffs_order_is_a_bye_a_bracket_or_a_ladder():
    from whist.protocol import Playoff

    assert leader.playoff_shape(Playoff(order=[4, 2, 7], played=[])) == "bye"
    assert leader.playoff_shape(Playoff(order=[4, 2, 7, 1], played=[], knockout=True)) == "bracket"
    assert leader.playoff_shape(Playoff(order=[4, 2, 7, 1], played=[])) == "ladder"
    assert leader.playoff_shape(Playoff(order=[4, 2], played=[])) == "ladder"


def test_the_days_order_is_most_today_first_then_the_team_number():
    from whist.protocol import TeamStanding

    def team(n: int, totals: list[int]) -> TeamStanding:
        return TeamStanding(
            team=n, name=f"Table {n}", flags=0, points=0, day_totals=totals, loans=0, rank=1
        )

    rows = [team(1, [20, 9]), team(2, [3, 14]), team(3, [9]), team(4, [])]
    assert [t.team for t in leader.day_order(rows)] == [2, 1, 3, 4]


def test_a_loans_figures_bring_what_the_hub_lent_before_lending_more():
    assert leader.loan_figures(due=0, flags=3) == leader.LoanFigures(0, 3, brought=0, lent=3)
    assert leader.loan_figures(due=2, flags=1) == leader.LoanFigures(2, 1, brought=1, lent=0)
    assert leader.loan_figures(due=2, flags=2) == leader.LoanFigures(2, 2, brought=2, lent=0)
    assert leader.loan_figures(due=2, flags=5) == leader.LoanFigures(2, 5, brought=2, lent=3)


def test_the_games_played_each_for_oneself_are_told_by_their_rules_not_their_names():
    from whist.formats import Format
    from whist.night import club_rules
    from whist.nightspec import default_night

    alone = {
        f.value
        for f in Format
        if f.is_club and leader.each_for_oneself(club_rules(default_night(f, 2)))
    }
    assert alone == {"widow", "solo", "knockout", "eight-to-one"}
