"""The games played each for oneself on a club night: the night's file (seats, players,
lengths), the deals a kiosk sends (DealRecord's per-seat fields), a ClubNight scoring them,
the screens' views ranking players, and ``whist-hub tally`` from paper."""

import pytest
from click.testing import CliRunner

from hub.cli import main
from whist.cards import Suit
from whist.errors import PatternError
from whist.events import DealRecorded, NightCreated, RoundTrumpDrawn
from whist.night import ClubNight, club_score, night_standings
from whist.nightspec import LengthSpec, default_night, load_night
from whist.protocol import ClubDeal, DealRecord, decode

INDIVIDUAL = ("widow", "solo", "knockout", "eight-to-one")


# --- the night's file --------------------------------------------------------------------------


@pytest.mark.parametrize("game", INDIVIDUAL)
def test_a_default_night_reads_back(game):
    spec = default_night(game, 3)
    assert load_night(spec.to_dict()) == spec
    seats = {"widow": ["1", "2", "3"], "knockout": ["1", "2", "3", "4"]}
    assert list(spec.seating[0].players) == seats.get(game, ["N", "E", "S", "W"])
    assert spec.settings(1).first_dealer == spec.game.seats[0]


def test_a_knockout_table_seats_two_to_seven():
    data = default_night("knockout", 2).to_dict()
    data["seating"][1]["players"] = {"1": "Rose", "2": "Gilles", "3": "Hélène"}
    data["seating"][1]["first_dealer"] = "3"
    spec = load_night(data)
    assert spec.settings(2).players == ("1", "2", "3")
    assert ClubNight(spec).table(2).parties == ("1", "2", "3")
    for players, message in (
        ({"1": "Rose"}, "seats 2 to 7 players"),
        ({"1": "Rose", "3": "Gilles"}, "without a gap"),
    ):
        data["seating"][1]["players"] = players
        with pytest.raises(PatternError, match=message):
            load_night(data)
    data["seating"][1]["players"] = {"1": "Rose", "2": "Gilles"}
    with pytest.raises(PatternError, match="the first dealer, seat 3, has no player"):
        load_night(data)


@pytest.mark.parametrize(
    ("game", "change", "message"),
    [
        ("widow", {"target": 10}, "Widow whist has no target"),
        ("solo", {"length": {"unit": "games", "count": 2}}, "Solo whist has no games"),
        ("widow", {"length": {"unit": "rubbers", "count": 1}}, "won in games"),
        ("eight-to-one", {"seating": [{"table": 1, "players": {"1": "", "2": "", "3": ""}}]},
         "exactly the seats N, E, S, W"),
        ("widow", {"seating": [{"table": 1, "players": {"N": "", "E": "", "S": ""}}]},
         "exactly the seats 1, 2, 3"),
    ],
)  # fmt: skip
def test_a_bad_night_file_names_the_problem(game, change, message):
    data = {**default_night(game, 1).to_dict(), **change}
    with pytest.raises(PatternError, match=message):
        load_night(data)


def test_eight_to_one_and_knockout_nights_count_games():
    for game in ("eight-to-one", "knockout"):
        spec = default_night(game, 1, length=LengthSpec(unit="games", count=3))
        assert spec.night_length.count == 3


# --- a night of deals, as kiosks send them ------------------------------------------------------


def night_of(game, tables=2, house_rules=()):
    data = {**default_night(game, tables).to_dict(), "house_rules": list(house_rules)}
    return ClubNight.replay([NightCreated(load_night(data))])


#: The traditional knockout (rounds of 7, 6, 5… cards, knock-outs): a house rule (KO10).
ROUNDS = ("knockout_rounds",)


def send(night, table, number, record):
    night.apply(DealRecorded(f"{table}-{number}", table, number, record.fields()))


def test_a_widow_night_ranks_players():
    night = night_of("widow")
    send(night, 1, 1, DealRecord(widow="1", tricks={"1": 6, "2": 4, "3": 3}))
    send(night, 2, 1, DealRecord(widow="none", tricks={"1": 5, "2": 4, "3": 4}))
    rows = night_standings(night).rows
    assert [(r.rank, r.table, r.party, r.points) for r in rows[:3]] == [
        (1, 1, "1", 2),
        (1, 2, "1", 2),
        (3, 1, "2", 1),
    ]
    assert rows[0].players[0].seat == "1"
    score = club_score(night, 1)
    assert [p.score for p in score.parties] == [2, 1, 0]
    assert score.dealer.seat == "2" and score.rules.target == 0


def test_a_solo_night_from_the_wire():
    message = decode(
        ClubDeal,
        b'{"v":1,"id":"s-1","table":1,"deal":1,"record":'
        b'{"contract":"prop","bidder":"N","partner":"E","bidder_tricks":9}}',
    )
    night = night_of("solo", 1)
    night.apply(DealRecorded(message.id, 1, message.deal, message.record.fields()))
    assert [(r.party, r.points) for r in night_standings(night).rows] == [
        ("N", 11),
        ("E", 11),
        ("S", -11),
        ("W", -11),
    ]


def test_a_knockout_night_declares_the_winner():
    night = night_of("knockout", 1, ROUNDS)
    send(night, 1, 1, DealRecord(trump="spades", tricks={"1": 5, "2": 2, "3": 0, "4": 0}))
    send(night, 1, 2, DealRecord(tricks={"1": 6}))
    standing = night_standings(night)
    assert (standing.rows[0].party, standing.rows[0].wins) == ("1", 1)
    assert club_score(night, 1).last.game_won_by == "1"
    assert club_score(night, 1).last.knocked_out == ["2"]
    first = night.changes[1][0]
    assert first.knocked_out == ("3", "4") and first.chooses_trump == "1"


def test_an_eight_to_one_round_from_the_kiosk():
    night = night_of("eight-to-one", 1)
    record = DealRecord(
        bids={"N": 2, "E": 2, "S": 0, "W": 4},
        tricks={"N": 2, "E": 1, "S": 0, "W": 5},
    )
    assert record.fields()["bid_W"] == 4
    send(night, 1, 1, record)
    assert [p.score for p in club_score(night, 1).parties] == [70, -10, 50, -10]


# --- paper -------------------------------------------------------------------------------------


def tally(tmp_path, text, game, *more):
    sheet = tmp_path / "night.csv"
    sheet.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["tally", "--format", game, *more, str(sheet)])
    return result.exit_code, result.output


def test_tally_widow(tmp_path):
    sheet = "table,widow,tricks_1,tricks_2,tricks_3\n1,2,3,6,4\n1,,5,4,4\n"
    code, out = tally(tmp_path, sheet, "widow")
    assert code == 0, out
    assert out.splitlines()[1].split()[:3] == ["rank", "table", "seat"]
    assert out.splitlines()[2].split() == ["1", "1", "2", "0", "3"]  # 2 + 1


def test_tally_solo(tmp_path):
    sheet = "table,contract,bidder,partner,bidder_tricks,revoker\n1,solo,W,,5,\n1,pass,,,,\n"
    code, out = tally(tmp_path, sheet, "solo")
    assert code == 0, out
    assert out.splitlines()[2].split() == ["1", "1", "W", "0", "30"]


def test_tally_knockout_reads_who_plays_from_the_first_round(tmp_path):
    sheet = (
        "table,trump,tricks_1,tricks_2,tricks_3,tricks_4,tricks_5,tricks_6,tricks_7\n"
        "1,hearts,4,3,0,,,,\n"
        "1,S,6,0,,,,,\n"
    )
    code, out = tally(tmp_path, sheet, "knockout", "--house-rule", "knockout_rounds")
    assert code == 0, out
    lines = out.splitlines()
    assert len(lines) == 2 + 3  # three players at table 1
    assert lines[2].split() == ["1", "1", "1", "1", "10"]


def test_tally_a_knockout_night_of_seven_card_deals(tmp_path):
    """The seed's game (KO2): every line is a deal of seven; the most tricks wins it."""
    sheet = (
        "table,trump,tricks_1,tricks_2,tricks_3,tricks_4,tricks_5,tricks_6,tricks_7\n"
        "1,hearts,4,3,0,,,,\n"
        "1,S,1,2,4,,,,\n"
        "1,c,3,3,1,,,,\n"
    )
    code, out = tally(tmp_path, sheet, "knockout")
    assert code == 0, out
    rows = [line.split() for line in out.splitlines()[2:]]
    # seat 1: 2 deals (one shared with 2), 8 tricks; seat 2: 1 deal, 8; seat 3: 1 deal, 5
    assert rows == [["1", "1", "1", "2", "8"], ["2", "1", "2", "1", "8"], ["3", "1", "3", "1", "5"]]
    code, out = tally(tmp_path, sheet, "knockout", "--house-rule", "no_such_rule")
    assert code != 0 and "Knockout whist has no house rule no_such_rule" in out


def test_tally_eight_to_one_and_a_refused_line(tmp_path):
    header = "table,trump,bid_N,bid_E,bid_S,bid_W,tricks_N,tricks_E,tricks_S,tricks_W\n"
    code, out = tally(tmp_path, header + "1,,2,2,2,2,2,2,2,2\n", "eight-to-one")
    assert code == 0, out
    assert out.splitlines()[2].split() == ["1", "1", "N", "0", "70"]
    code, out = tally(tmp_path, header + "1,hearts,2,2,2,2,2,2,2,2\n", "eight-to-one")
    assert code != 0 and "line 2 (table 1): round 1 deals 8 cards: there is no trump" in out


def test_tally_needs_the_game_s_columns(tmp_path):
    code, out = tally(tmp_path, "table,ns_tricks\n1,7\n", "widow")
    assert code == 2
    assert "line 1: the columns widow, tricks_1, tricks_2, tricks_3 are missing" in out


# --- the next round, as a table is shown it --------------------------------------------------


def test_a_knockout_table_is_shown_the_next_round():
    night = night_of("knockout", 1, ROUNDS)
    first = club_score(night, 1).round
    assert (first.number, first.cards, first.players, first.chooses_trump) == (
        1,
        7,
        ["1", "2", "3", "4"],
        None,
    )
    send(night, 1, 1, DealRecord(tricks={"1": 1, "2": 2, "3": 4, "4": 0}))
    after = club_score(night, 1).round
    assert (after.number, after.cards, after.players, after.chooses_trump) == (
        2,
        6,
        ["1", "2", "3"],
        "3",
    )


def test_an_eight_to_one_table_is_shown_the_round_and_whether_it_has_a_trump():
    night = night_of("eight-to-one", 1)
    for number in range(1, 5):
        shown = club_score(night, 1).round
        assert (shown.number, shown.cards, shown.has_trump) == (number, 8, False)
        send(night, 1, number, DealRecord(tricks={"N": 2, "E": 2, "S": 2, "W": 2}))
    shown = club_score(night, 1).round
    assert (shown.number, shown.cards, shown.has_trump) == (5, 7, True)


def test_the_other_games_show_no_round():
    assert club_score(night_of("widow", 1), 1).round is None
    assert club_score(night_of("minnesota", 1), 1).round is None
    for game in ("widow", "minnesota"):
        assert [t.round for t in night_standings(night_of(game)).tables] == [None, None]


def test_the_hall_is_given_each_tables_round_as_its_players_see_it():
    """NightStandings.tables[].round is the ClubRound of the table's ClubScore: the hall
    shows it as the core computes it (Knockout: who is still in; 8-to-1: the drawn trump)."""
    night = night_of("knockout", 2, ROUNDS)
    send(night, 1, 1, DealRecord(tricks={"1": 1, "2": 2, "3": 4, "4": 0}))
    tables = night_standings(night).tables
    assert [t.round for t in tables] == [club_score(night, t).round for t in (1, 2)]
    assert (tables[0].round.number, tables[0].round.cards, tables[0].round.players) == (
        2,
        6,
        ["1", "2", "3"],
    )
    assert (tables[1].round.number, tables[1].round.players) == (1, ["1", "2", "3", "4"])

    night = night_of("eight-to-one", 2)
    night.apply(RoundTrumpDrawn(1, None))
    for number in range(1, 5):
        send(night, 1, number, DealRecord(tricks={"N": 2, "E": 2, "S": 2, "W": 2}))
    night.apply(RoundTrumpDrawn(5, Suit.SPADES))
    tables = night_standings(night).tables
    assert [t.round for t in tables] == [club_score(night, t).round for t in (1, 2)]
    assert [(t.round.number, t.round.cards, t.round.trump) for t in tables] == [
        (5, 7, "spades"),
        (1, 8, "none"),
    ]
