"""Protocol messages built from the tournament: what each screen is told."""

from whist.cards import Suit
from whist.events import DayEnded, HandClosed, HandStarted, ResultRecorded, StartUndone
from whist.pattern import default_spec
from whist.protocol import Assignment, decode, encode
from whist.tournament import Tournament
from whist.views import assignment, schedule, shown_hand, standings, state


def test_schedule_has_every_hand_and_table_at_starting_values():
    spec = default_spec("alberta", 5)
    hands = schedule(spec)
    assert len(hands) == 30 and all(len(h) == 5 for h in hands)
    first = hands[0][2]
    assert (first.table, first.hand, first.phase, first.trump, first.flags) == (
        3,
        1,
        "waiting",
        "spades",
        12,
    )
    assert first.home.players == ["X", "Y"] and first.visitors.players == ["A", "B"]
    assert (first.visitors.team, first.away.table) == (2, 4)
    assert decode(Assignment, encode(first)) == first


def test_schedule_leaves_the_trump_open_when_the_leader_chooses():
    hands = schedule(default_spec("gaspesie", 4, leader_chooses_trump=True))
    assert {a.trump for hand in hands for a in hand} == {None}
    assert hands[0][0].home.players == ["C", "2"] and hands[0][0].points == 0


def test_assignment_follows_the_tournament():
    t = Tournament.new(default_spec("alberta", 4, 31))
    before = assignment(t, 2)
    assert (before.hand, before.phase, before.trump) == (1, "waiting", "spades")
    t.apply(HandStarted(1, Suit.HEARTS))
    now = assignment(t, 2)
    assert (now.hand, now.phase, now.trump) == (1, "playing", "hearts")
    t.apply(ResultRecorded("r", 1, 2, visitor_tricks=12))
    assert assignment(t, 2).flags == 10 and assignment(t, 1).flags == 14
    t.apply(HandClosed(1))
    assert assignment(t, 2).phase == "closed"
    t.apply(HandStarted(2, None))
    assert assignment(t, 2).trump == "none"
    t.apply(StartUndone(2))
    assert (assignment(t, 2).hand, assignment(t, 2).phase) == (1, "closed")


def test_after_a_day_ends_screens_show_the_next_day_waiting():
    t = Tournament.new(default_spec("alberta", 3, 31))
    for hand in range(1, 31):
        t.apply(HandStarted(hand, Suit.CLUBS))
    t.apply(DayEnded(1))
    a = assignment(t, 1)
    assert (a.hand, a.day, a.phase, a.flags) == (31, 2, "waiting", 12)
    assert shown_hand(t) == 31


def test_state_lists_reported_and_missing_tables():
    t = Tournament.new(default_spec("gaspesie", 4))
    s = state(t)
    assert (s.hand, s.phase, s.trump, s.reported, s.missing) == (0, "waiting", None, [], [])
    t.apply(HandStarted(1, Suit.DIAMONDS))
    t.apply(ResultRecorded("r", 1, 3, visitor_tricks=7))
    s = state(t, offline=[4], calling=[2], conflicts=[1])
    assert (s.format, s.trump, s.reported, s.missing) == ("gaspesie", "diamonds", [3], [1, 2, 4])
    assert (s.offline, s.calling, s.conflicts, s.days) == ([4], [2], [1], 1)
    t.apply(HandClosed(1))
    assert state(t).missing == [1, 2, 4]  # the leader still sees who never reported


def test_standings_message_in_rank_order():
    t = Tournament.new(default_spec("gaspesie", 4))
    t.apply(HandStarted(1, Suit.DIAMONDS))
    t.apply(ResultRecorded("r", 1, 3, visitor_tricks=13))  # team 2 visits 3: +2
    msg = standings(t)
    assert [(x.team, x.points, x.flags, x.rank) for x in msg.teams][:2] == [
        (2, 2, 0, 1),
        (1, 0, 0, 2),
    ]
    a = Tournament.new(default_spec("alberta", 4))
    assert [x.flags for x in standings(a).teams] == [12] * 4
    assert standings(a).teams[0].day_totals == [12]


def test_standings_json_is_the_standings_message():
    from whist.protocol import Standings, decode
    from whist.views import standings_json

    for fmt in ("alberta", "gaspesie"):
        t = Tournament.new(default_spec(fmt, 5, 4, name="Les As, l'été"))
        t.apply(HandStarted(1, Suit.DIAMONDS))
        t.apply(ResultRecorded("r", 1, 3, visitor_tricks=13))
        assert decode(Standings, standings_json(t)) == standings(t)
        assert encode(standings(t)) == standings_json(t)


def test_the_assignment_writer_matches_the_model_in_every_state():
    from whist.views import AssignmentWriter

    writer = AssignmentWriter()
    t = Tournament.new(default_spec("alberta", 4, 31))
    steps = [
        HandStarted(1, Suit.HEARTS),
        ResultRecorded("r", 1, 2, visitor_tricks=12),
        HandClosed(1),
        HandStarted(2, None),
        StartUndone(2),
        HandStarted(2, Suit.CLUBS),
    ]
    for step in [None, *steps]:
        if step is not None:
            t.apply(step)
        for table in range(1, 5):
            assert writer.json(t, table) == encode(assignment(t, table)), (step, table)
    g = Tournament.new(default_spec("gaspesie", 4))
    g.apply(HandStarted(1, Suit.HEARTS))
    g.apply(ResultRecorded("r", 1, 2, visitor_tricks=13))
    assert writer.json(g, 1) == encode(assignment(g, 1))
