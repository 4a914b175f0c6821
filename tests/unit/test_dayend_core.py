"""The core's part of issue 25: what a change would do (a dry run on a copy, the standings
before against after), and the playoff the standings wait for, said in State."""

from __future__ import annotations

from whist import leader, views
from whist.cards import Card, Suit
from whist.events import (
    DayEnded,
    HandClosed,
    HandStarted,
    PlaceDecided,
    ResultCorrected,
    ResultRecorded,
    TieBreakHandPlayed,
    TieBreakStarted,
)
from whist.pattern import default_spec
from whist.tournament import TIEBREAK_VERSION, Tournament


def level_tournament(names: bool = False) -> Tournament:
    """Three tables, one hand, every team back on 12 flags, play over."""
    spec = default_spec("alberta", tables=3, hands=1)
    if names:
        teams = [
            team.model_copy(
                update={
                    "name": f"Club {team.table}",
                    "players": {
                        "A": f"Ann {team.table}",
                        "B": f"Bob {team.table}",
                        "X": "",
                        "Y": "",
                    },
                }
            )
            for team in spec.teams
        ]
        spec = spec.model_copy(update={"teams": teams})
    t = Tournament.new(spec)
    t.apply(HandStarted(1, None))
    for table in (1, 2, 3):
        t.apply(ResultRecorded(f"r{table}", 1, table, 7))
    t.apply(HandClosed(1))
    t.apply(DayEnded(1))
    return t


def test_the_dry_run_says_what_moves_and_leaves_the_tournament_alone():
    t = level_tournament()
    before = views.standings_json(t)
    tried = leader.trial(t)
    tried.apply(ResultCorrected(1, 1, 3, 0, 0, "recounted"))
    effect = leader.effect(t, tried, "correct")
    assert views.standings_json(t) == before  # the real one is untouched
    assert effect.final and effect.unit == "flags"
    assert [(m.team, m.before, m.after) for m in effect.scores] == [(1, 12, 13), (3, 12, 11)]
    assert (effect.first_before, effect.first_after) == ([1, 2, 3], [1])
    assert {(m.team, m.before, m.after) for m in effect.places} == {(2, 1, 2), (3, 1, 3)}


def test_the_playoff_note_follows_the_playoff_and_goes_once_places_are_settled():
    t = level_tournament(names=True)
    note = views.playoff_note(t)
    assert note is not None
    assert (note.place, note.teams, note.next, note.trump) == (1, [1, 2, 3], None, None)
    assert note.names == {"1": "Club 1", "2": "Club 2", "3": "Club 3"}
    draws = tuple(Card.parse(c) for c in ("AS", "KS", "2C"))
    t.apply(TieBreakStarted((1, 2, 3), draws, Suit.HEARTS, version=TIEBREAK_VERSION))
    tb = t.tiebreak_in_progress()
    assert tb is not None
    a, b = tb.next_pairing() or ()
    note = views.playoff_note(t)
    assert note is not None and note.next == [a, b] and note.table == 1
    assert note.trump == "hearts"
    assert note.players == {str(a): [f"Ann {a}", f"Bob {a}"], str(b): [f"Ann {b}", f"Bob {b}"]}
    t.apply(TieBreakHandPlayed((a, b), (8, 5), None))
    note = views.playoff_note(t)
    assert note is not None and (note.last_teams, note.last_tricks) == ([a, b], [8, 5])
    c, d = tb.next_pairing() or ()
    t.apply(TieBreakHandPlayed((c, d), (9, 4), None))
    assert views.playoff_note(t) is None
    assert views.state(t).playoff is None


def test_a_format_without_playoffs_has_no_note():
    spec = default_spec("gaspesie", tables=3, hands=1)
    t = Tournament.new(spec)
    t.apply(HandStarted(1, None))
    t.apply(HandClosed(1))
    t.apply(DayEnded(1))
    assert t.finished and views.playoff_note(t) is None


def test_the_tables_view_says_why_its_numbers_moved_after_the_day():
    """Item 3: a correction after the day's end reaches the two teams' views with its
    reason; an accepted count the one table's."""
    t = level_tournament()
    t.apply(ResultCorrected(1, 1, 3, 0, 0, "recounted"))
    views_ = views.TableViews(t)
    visitors = t.visitor_team(1, 1)
    for team in (1, visitors):
        late = views_.body(team)["late_change"]
        assert late == {"what": "correction", "hand": 1, "reason": "recounted"}
    quiet = ({1, 2, 3} - {1, visitors}).pop()
    assert "late_change" not in views_.body(quiet)


def test_a_correction_during_play_is_not_a_late_change():
    spec = default_spec("alberta", tables=3, hands=2)
    t = Tournament.new(spec)
    t.apply(HandStarted(1, None))
    t.apply(ResultRecorded("r1", 1, 1, 7))
    t.apply(ResultCorrected(1, 1, 8, 0, 0, "typo"))
    assert t.late_changes == {}


def test_the_reasons_for_a_days_end_and_a_tiebreak_undo_are_kept_and_old_logs_read():
    """Issue 25: a day's end and a tie-break undo keep the leader's reason (State says the
    day's); an event written before the reason existed reads as none given."""
    from whist.events import TieBreakUndone, event_from_dict, event_to_dict

    spec = default_spec("alberta", tables=3, hands=1)
    t = Tournament.new(spec)
    t.apply(HandStarted(1, Suit.HEARTS))
    for table in (1, 2, 3):
        t.apply(ResultRecorded(f"r{table}", 1, table, 7))
    t.apply(HandClosed(1))
    old = event_to_dict(DayEnded(1))
    del old["reason"]
    assert event_from_dict(old) == DayEnded(1, reason="")
    t.apply(DayEnded(1, reason=" Out of time "))
    assert t.day_reasons == {1: "Out of time"}
    assert views.state(t).day_reasons == {"1": "Out of time"}
    draws = (Card.parse("AS"), Card.parse("KS"), Card.parse("QS"))
    t.apply(TieBreakStarted((3, 1, 2), draws, Suit.CLUBS, version=TIEBREAK_VERSION))
    t.apply(TieBreakUndone("entered wrong"))
    assert t.undone_tiebreaks == [((1, 2, 3), "entered wrong")]
    assert t.late_changes[1] == ("tiebreak_undo", 0, "entered wrong")


def test_the_tables_view_says_what_placed_a_level_team():
    """A team level on score with another yet on a place of its own: its table's day result
    says what placed it, as the standings do (``placed_by``); nothing for the others."""
    t = level_tournament()

    def placed(table: int) -> tuple[int, bool, str | None]:
        day = views.TableViews(t).body(table)["day_result"]
        return day["place"], day["shared"], day.get("placed_by")

    assert [placed(n) for n in (1, 2, 3)] == [(1, True, None)] * 3
    draws = tuple(Card.parse(c) for c in ("AS", "KS", "2C"))
    t.apply(TieBreakStarted((1, 2, 3), draws, Suit.HEARTS, version=TIEBREAK_VERSION))
    tb = t.tiebreak_in_progress()
    assert tb is not None
    for _ in range(2):
        a, b = tb.next_pairing() or ()
        t.apply(TieBreakHandPlayed((a, b), (8, 5), None))
    assert sorted(placed(n) for n in (1, 2, 3)) == [
        (1, False, "playoff"),
        (2, False, "playoff"),
        (3, False, "playoff"),
    ]


def gaspesie_day(tricks: tuple[tuple[int, int, int], ...]) -> Tournament:
    """Three tables, a manche each of ``tricks`` (visitors' tricks by table), play over."""
    t = Tournament.new(default_spec("gaspesie", tables=3, hands=len(tricks)))
    for hand, won in enumerate(tricks, start=1):
        if hand > 1:
            t.apply(HandClosed(hand - 1))
        t.apply(HandStarted(hand, None))
        for table, visitors in enumerate(won, start=1):
            t.apply(ResultRecorded(f"g{hand}-{table}", hand, table, visitors))
    t.apply(HandClosed(len(tricks)))
    t.apply(DayEnded(1))
    return t


def days(t: Tournament) -> list[tuple[int, bool, str | None]]:
    """Each table's day result: (place, shared, placed_by)."""
    bodies = [views.TableViews(t).body(n)["day_result"] for n in (1, 2, 3)]
    return [(d["place"], d["shared"], d.get("placed_by")) for d in bodies]


def test_a_place_the_count_back_or_the_leader_gave_says_so():
    # every team on 2 points: the count-back parts them (rules G6)
    t = gaspesie_day(((7, 6, 7), (6, 7, 7)))
    assert days(t) == [(3, False, "countback"), (1, False, "countback"), (2, False, "countback")]
    # every manche alike: the count-back cannot part them; the leader places them (G7)
    t = gaspesie_day(((7, 7, 7), (7, 7, 7)))
    assert days(t) == [(1, True, None)] * 3
    t.apply(PlaceDecided((2, 3, 1), "drew lots"))
    assert days(t) == [(3, False, "leader"), (1, False, "leader"), (2, False, "leader")]
    # different scores: nothing placed them but their scores
    assert days(gaspesie_day(((8, 5, 7), (5, 8, 6)))) == [
        (3, False, None),
        (2, False, None),
        (1, False, None),
    ]
