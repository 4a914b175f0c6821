"""A club night as events (whist.night): the file, the deals, corrections that replay, the
night's end, and what a table and the hall are shown — all from the recorded deals."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whist.errors import ErrorCode, PatternError, TournamentError
from whist.events import (
    DealCorrected,
    DealRecorded,
    NightCreated,
    NightEnded,
    event_from_dict,
    event_to_dict,
)
from whist.formats import Format
from whist.night import ClubNight, club_score, night_standings, night_state
from whist.nightspec import LengthSpec, default_night, load_night
from whist.protocol import ClubDeal, ClubScore, NightStandings, decode, encode


def night_of(game="minnesota", tables=2, **kw):
    return ClubNight.replay([NightCreated(default_night(game, tables, **kw))])


def deal(night, table, number, record, deal_id=None):
    night.apply(DealRecorded(deal_id or f"{table}-{number}", table, number, record))


# --- the file ----------------------------------------------------------------------------------


def test_every_club_game_writes_a_night_that_reads_back():
    for fmt in Format.club_games():
        spec = default_night(fmt, 3)
        assert load_night(spec.to_dict()) == spec
        assert [s.table for s in spec.seating] == [1, 2, 3]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "alberta"}, "alberta is military whist, not a club night"),
        ({"tables": 0}, "tables: Input should be greater than or equal to 1"),
        ({"target": 0}, "target: Input should be greater than or equal to 1"),
        ({"length": {"unit": "games", "count": 0}}, "a night of games needs at least 1"),
        ({"length": {"unit": "rubbers", "count": 1}}, "won in games: length is deals"),
        ({"seating": []}, "there are 2 tables but 0 seatings"),
    ],
)
def test_a_bad_night_file_names_the_problem(change, message):
    data = {**default_night("minnesota", 2).to_dict(), **change}
    with pytest.raises(PatternError, match=message):
        load_night(data)


def test_a_seating_must_name_the_four_seats():
    data = default_night("american", 2).to_dict()
    data["seating"][1]["players"] = {"N": "Eleanor", "S": "Harold"}
    with pytest.raises(PatternError, match="seating, table 2: players must be exactly the seats"):
        load_night(data)


def test_night_events_round_trip_through_the_log():
    spec = default_night("english", 2, target=10)
    for event in (
        NightCreated(spec),
        DealRecorded("d1", 1, 1, {"trump": "hearts", "ns_tricks": 8}),
        DealCorrected(1, 1, {"trump": "hearts", "ns_tricks": 7}, "miscounted"),
        NightEnded(),
    ):
        assert event_from_dict(event_to_dict(event)) == event


# --- deals -------------------------------------------------------------------------------------


def test_deals_score_at_their_table_and_the_deal_passes_left():
    night = night_of("minnesota")
    deal(night, 1, 1, {"granded": "NS", "ns_tricks": 10})
    deal(night, 2, 1, {"granded": "low", "ns_tricks": 9})
    assert night.table(1).score_of("NS") == 4
    assert night.table(2).score_of("EW") == 3
    assert night.table(1).dealer == "E"
    assert night.total_deals == 2


@pytest.mark.parametrize(
    ("number", "record", "code", "words"),
    [
        (1, {"granded": "NS", "ns_tricks": 8, "ew_tricks": 6}, ErrorCode.REJECTED, "count again"),
        (1, {"trump": "hearts", "ns_tricks": 8}, ErrorCode.REJECTED, "trump"),
        (2, {"granded": "NS", "ns_tricks": 8}, ErrorCode.WRONG_HAND, "before deal 1"),
    ],
)
def test_a_deal_the_rules_refuse_changes_nothing(number, record, code, words):
    night = night_of("minnesota")
    with pytest.raises(TournamentError, match=words) as refused:
        deal(night, 1, number, record)
    assert refused.value.code is code
    assert night.deals[1] == [] and night.table(1).deals == 0


def test_a_second_record_of_a_deal_is_a_conflict_and_an_old_id_a_duplicate():
    night = night_of("american")
    deal(night, 1, 1, {"trump": "clubs", "ns_tricks": 9}, "a")
    with pytest.raises(TournamentError) as conflict:
        deal(night, 1, 1, {"trump": "clubs", "ns_tricks": 4}, "b")
    assert conflict.value.code is ErrorCode.CONFLICT
    with pytest.raises(TournamentError) as again:
        deal(night, 1, 2, {"trump": "clubs", "ns_tricks": 4}, "a")
    assert again.value.code is ErrorCode.DUPLICATE
    with pytest.raises(TournamentError) as nowhere:
        deal(night, 3, 1, {"trump": "clubs", "ns_tricks": 4}, "c")
    assert nowhere.value.code is ErrorCode.BAD_TABLE


def test_a_correction_replays_the_table_and_the_game_it_won():
    night = night_of("american")  # game to 7
    deal(night, 1, 1, {"trump": "clubs", "ns_tricks": 10})  # NS 4
    deal(night, 1, 2, {"trump": "clubs", "ns_tricks": 9})  # NS 7: game
    assert night.table(1).games_of("NS") == 1
    night.apply(DealCorrected(1, 1, {"trump": "clubs", "ns_tricks": 8}, "miscounted"))
    table = night.table(1)
    assert (table.games_of("NS"), table.score_of("NS")) == (0, 5)
    assert night.deals[1][0].by == "leader" and night.deals[1][0].corrected
    assert night.deals[1][1].by == "table"
    view = club_score(night, 1)
    assert view.last.deal == 2 and view.last.game_won_by is None


def test_the_leader_enters_the_next_deal_but_not_one_beyond():
    night = night_of("american")
    night.apply(DealCorrected(1, 1, {"trump": "spades", "ns_tricks": 3}, "kiosk broken"))
    assert night.deals[1][0].by == "leader" and not night.deals[1][0].corrected
    with pytest.raises(TournamentError, match="enter deal 2"):
        night.apply(DealCorrected(1, 3, {"trump": "spades", "ns_tricks": 3}, "x"))


def test_a_correction_that_breaks_a_later_deal_is_refused_whole():
    # A night of one game: once the game is won, the table's night is over. Correcting deal 1
    # so that it wins the game would leave deal 2 played after the end: refused.
    night = night_of("american", length=LengthSpec(unit="games", count=1))
    deal(night, 1, 1, {"trump": "clubs", "ns_tricks": 9})  # NS 3
    deal(night, 1, 2, {"trump": "clubs", "ns_tricks": 10})  # NS 7: game, night over
    assert night.table(1).finished
    with pytest.raises(TournamentError, match="night at this table is over") as over:
        deal(night, 1, 3, {"trump": "clubs", "ns_tricks": 10})
    assert over.value.code is ErrorCode.FINISHED
    with pytest.raises(TournamentError, match="deal 2: the night at this table is over"):
        night.apply(DealCorrected(1, 1, {"trump": "clubs", "ns_tricks": 13}, "x"))
    assert night.table(1).score_of("NS") == 0 and night.table(1).games_of("NS") == 1


def test_after_the_night_ends_nothing_is_taken():
    night = night_of("minnesota")
    night.apply(NightEnded())
    with pytest.raises(TournamentError) as refused:
        deal(night, 1, 1, {"granded": "low", "ns_tricks": 5})
    assert refused.value.code is ErrorCode.FINISHED
    with pytest.raises(TournamentError, match="already over"):
        night.apply(NightEnded())


# --- what the screens are shown ---------------------------------------------------------------


def test_a_tables_score_view_holds_what_the_night_holds():
    spec = default_night("minnesota", 2)
    data = spec.to_dict()
    data["seating"][0]["players"] = {"N": "Eleanor", "E": "Frank", "S": "Harold", "W": "Bob"}
    night = ClubNight.replay([NightCreated(load_night(data))])
    deal(night, 1, 1, {"granded": "EW", "ns_tricks": 9})
    view = decode(ClubScore, encode(club_score(night, 1)))
    assert view.deal == 2 and view.dealer.seat == "E" and view.dealer.name == "Frank"
    ns, ew = view.parties
    assert [p.name for p in ns.players] == ["Eleanor", "Harold"]
    assert (ns.score, ew.score) == (6, 0)  # EW granded, NS took 9: 2 x 3
    assert view.last.lines[0].why == "grand_against" and view.last.by == "table"
    assert view.places == [] and not view.ended
    night.apply(NightEnded())
    ended = club_score(night, 1)
    assert ended.ended and [(p.party, p.rank, p.of) for p in ended.places] == [
        ("NS", 1, 4),
        ("EW", 2, 4),
    ]


def test_the_hall_ranks_every_partnership_by_wins_then_points():
    night = night_of("american", tables=2)
    deal(night, 1, 1, {"trump": "clubs", "ns_tricks": 13})  # NS 7: game, difference 7
    deal(night, 2, 1, {"trump": "clubs", "ns_tricks": 2})  # EW 5
    board = decode(NightStandings, encode(night_standings(night)))
    assert [(r.rank, r.table, r.party, r.wins, r.points) for r in board.rows] == [
        (1, 1, "NS", 1, 7),
        (2, 1, "EW", 0, 0),
        (2, 2, "NS", 0, 0),
        (2, 2, "EW", 0, 0),
    ]
    assert [(t.table, t.deals, t.score) for t in board.tables] == [(1, 1, [0, 0]), (2, 1, [0, 5])]
    state = night_state(night)
    assert state.format == "american" and state.club.target == 7 and state.reported == [1, 2]


def test_a_deal_message_carries_only_what_the_table_tapped():
    msg = decode(
        ClubDeal,
        b'{"v":1,"id":"d-9","table":1,"deal":1,"record":{"trump":"hearts","ew_tricks":4,'
        b'"honours":"NS","honours_held":4}}',
    )
    night = night_of("english")
    deal(night, 1, 1, msg.record.fields())
    table = night.table(1)  # 3 by tricks, then 4 honours: the game at 7 points (EN9)
    assert (table.games_of("NS"), table.night_points_of("NS"), table.score_of("NS")) == (1, 7, 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=1, max_size=25), st.integers(0, 24))
def test_a_correction_is_the_same_as_having_entered_it_right(tricks, at):
    """Correcting deal k gives the score of a night where deal k was entered right."""
    at = at % len(tricks)
    right = night_of("american", tables=1)
    wrong = night_of("american", tables=1)
    for i, n in enumerate(tricks, start=1):
        deal(right, 1, i, {"trump": "hearts", "ns_tricks": n})
        deal(wrong, 1, i, {"trump": "hearts", "ns_tricks": 13 - n if i == at + 1 else n})
    wrong.apply(DealCorrected(1, at + 1, {"trump": "hearts", "ns_tricks": tricks[at]}, "fix"))
    assert wrong.table(1) == right.table(1)
