"""Club nights: Minnesota, English and American whist scored deal after deal.

The seeds' worked examples, the decisions of docs/rules.md (MN…, EN…, US…, C…), readable
refusals, and each game against an independent reference written here (hypothesis)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whist.errors import DealError, PatternError
from whist.formats import ClubSettings, Format, NightLength
from whist.formats.american import RULES as AMERICAN
from whist.formats.english import RULES as ENGLISH
from whist.formats.minnesota import RULES as MINNESOTA
from whist.formats.minnesota import minnesota_points
from whist.pattern import default_spec


def play(game, deals, settings=None):
    table = game.start(settings)
    for fields in deals:
        table = game.play(table, game.record(fields))
    return table


# --- the registry ------------------------------------------------------------------------------


def test_one_registry_military_and_club():
    assert [f.value for f in Format.military()] == ["alberta", "gaspesie"]
    assert [f.value for f in Format.club_games()] == [
        "minnesota", "english", "american", "widow", "solo", "knockout", "eight-to-one",
    ]  # fmt: skip
    assert Format("english").club is ENGLISH
    assert Format.ALBERTA.rules.unit == "flags"


def test_a_club_game_has_no_military_rules_and_says_so():
    with pytest.raises(PatternError, match="minnesota is a club game"):
        Format.MINNESOTA.rules  # noqa: B018
    with pytest.raises(PatternError, match="not a club game"):
        Format.GASPESIE.club  # noqa: B018
    with pytest.raises(PatternError, match="club game"):
        default_spec("american", tables=4)


# --- Minnesota ---------------------------------------------------------------------------------


def test_minnesota_seed_samples():
    # "Us" sit NS. Us granded and took 10: high, Us make 4.
    assert minnesota_points("NS", 10) == ("NS", 4, "grand")
    # Us granded and took 5, Them 8: high, Them make (8 - 6) x 2 = 4.
    assert minnesota_points("NS", 5) == ("EW", 4, "grand_against")
    # Nobody granded, Us 9, Them 4: low, Them make 7 - 4 = 3.
    assert minnesota_points(None, 9) == ("EW", 3, "low")
    table = play(
        MINNESOTA,
        [
            {"granded": "NS", "ns_tricks": 10, "ew_tricks": 3},
            {"granded": "NS", "ns_tricks": 5, "ew_tricks": 8},
            {"granded": "low", "ns_tricks": 9, "ew_tricks": 4},
        ],
    )
    assert (table.score_of("NS"), table.score_of("EW")) == (4, 7)
    assert table.dealer == "W" and table.deals == 3


def test_minnesota_game_to_thirteen_then_a_new_game():
    table = play(MINNESOTA, [{"granded": "EW", "ns_tricks": 0}] * 2)  # 7 + 7
    assert table.game_over and table.games_of("EW") == 1
    assert (table.score_of("NS"), table.score_of("EW")) == (0, 0)
    assert table.night_points_of("EW") == 14  # MN4: the night counts every point
    table = MINNESOTA.play(table, MINNESOTA.record({"granded": "", "ns_tricks": 3}))
    assert not table.game_over and table.score_of("NS") == 4


def test_minnesota_leader_sets_another_target():
    table = play(MINNESOTA, [{"granded": "NS", "ns_tricks": 10}], ClubSettings(target=4))
    assert table.games_of("NS") == 1


def test_minnesota_revoke_gives_two_points_and_cannot_win_the_game():
    table = play(MINNESOTA, [{"granded": "NS", "ns_tricks": 12}] * 2)  # NS 6 + 6 = 12
    table = MINNESOTA.play(
        table, MINNESOTA.record({"granded": "NS", "ns_tricks": 13, "ns_revokes": 1})
    )
    # EW take 2 for the revoke; NS's 7 would win the game, but a side that revoked stops at 12.
    assert (table.score_of("NS"), table.score_of("EW")) == (12, 2)
    assert not table.game_over
    assert [(line.points, line.why) for line in table.last.unscored] == [(7, "grand:revoked")]


# --- English -----------------------------------------------------------------------------------


def english(ns, trump="spades", **more):
    return {"trump": trump, "ns_tricks": ns, **more}


def test_english_tricks_over_six_and_honours():
    table = play(ENGLISH, [english(8, honours="EW", honours_held=3)])
    assert (table.score_of("NS"), table.score_of("EW")) == (2, 3)
    table = play(ENGLISH, [english(6, honours="NS", honours_held=4)])
    assert (table.score_of("NS"), table.score_of("EW")) == (4, 1)


def test_english_honours_count_at_four_by_the_seed_and_not_with_the_house_rule():
    """The seed: four honours score four, any three three, whatever the score (EN4); the
    traditional "no honours at the point" is the house rule no_honours_at_the_point (EN5)."""
    table = play(ENGLISH, [english(10)])  # NS 4
    table = ENGLISH.play(table, ENGLISH.record(english(4, honours="NS", honours_held=4)))
    assert table.games_of("NS") == 1 and table.last.game_won_by == "NS"  # 4 + 4: game
    house = ClubSettings(house_rules=frozenset({"no_honours_at_the_point"}))
    table = play(ENGLISH, [english(10)], house)  # NS 4
    table = ENGLISH.play(table, ENGLISH.record(english(4, honours="NS", honours_held=4)))
    assert (table.score_of("NS"), table.score_of("EW")) == (4, 3)
    assert table.last.unscored[0].why == "honours:at_the_point"


def test_english_tricks_before_honours_the_losers_honours_forgotten():
    table = play(ENGLISH, [english(10), english(3)])  # NS 4, EW 4: both at the point
    table = ENGLISH.play(table, ENGLISH.record(english(7, honours="EW", honours_held=4)))
    assert table.games_of("NS") == 1  # game at 5 against 4
    assert table.night_points_of("NS") == 5 and table.night_points_of("EW") == 4
    assert table.last.unscored[0].why == "honours:game_over"
    table = play(ENGLISH, [english(5), english(7, honours="EW", honours_held=4)])
    # EW 2; then NS's trick first (NS 1), then EW's four honours: 2 + 4 = 6, game against 1.
    assert table.games_of("EW") == 1 and table.night_points == (1, 6)


#: A game NS win 5 to 4 (EW take 10 tricks: 4; then NS 11: 5), and one EW win 7 to 0.
NS_FIVE_FOUR = [english(3), english(11)]
EW_SEVEN_NIL = [english(0)]
GAME_VALUES = ClubSettings(house_rules=frozenset({"game_values"}))


def test_english_rubber_by_the_seeds_totals():
    """The seed: "the winners of two games in a rubber get two extra points, after those
    points have been awarded the points are totalled and the pair with the highest score win
    the rubber". NS win games 1 and 3 by 5-4, EW game 2 by 7-0: EW win it, 15 to 12 (EN9)."""
    table = play(ENGLISH, NS_FIVE_FOUR + EW_SEVEN_NIL + NS_FIVE_FOUR)
    assert table.games == (2, 1)
    assert table.last.rubber_won_by == "EW" and table.rubbers == (0, 1)
    assert table.night_points == (12, 15)  # 5 + 0 + 5 + 2 against 4 + 7 + 4
    assert [(n.party, n.why) for n in table.last.night] == [("NS", "tricks"), ("NS", "rubber")]
    assert table.rubber_games == (0, 0) and table.rubber_points == (0, 0)  # a new rubber
    assert ENGLISH.standings({1: table})[0].party == "EW"


def test_english_equal_rubber_totals_go_to_the_winners_of_two_games():
    # EW win the second game 5 to 3: NS 5 + 3 + 5 + 2 = 15, EW 4 + 5 + 4 = 13.
    table = play(ENGLISH, [*NS_FIVE_FOUR, english(9), english(2), *NS_FIVE_FOUR])
    assert table.last.rubber_won_by == "NS" and table.night_points == (15, 13)
    # NS 5-0, EW 11-0 (4, then 7 tricks over six), NS 5-1: 5 + 5 + 2 = 12 against 11 + 1.
    table = play(ENGLISH, [english(11), english(3), english(0), english(6), english(11)])
    assert table.night_points == (12, 12) and table.last.rubber_won_by == "NS"


def test_english_game_values_house_rule_off_and_on():
    """EN7, the house rule game_values: 3, 2 or 1 a game, two games win the rubber."""
    deals = NS_FIVE_FOUR + EW_SEVEN_NIL + NS_FIVE_FOUR
    assert play(ENGLISH, deals).rubbers == (0, 1)  # off: the seed's totals
    table = play(ENGLISH, deals, GAME_VALUES)
    assert table.rubbers == (1, 0) and table.night_points == (1 + 1 + 2, 3)
    assert ENGLISH.night_summary(5, {"game_values"})[-1].msgid.startswith("House rule: the")


def test_english_game_values_and_the_rubber():
    # The house rule game_values (EN7): NS win a treble (EW 0), EW win a double (NS 1), NS
    # win a single (EW 4): rubber to NS.
    deals = [english(13)]  # NS 7: game, treble
    deals += [english(7), english(0)]  # NS 1, EW 7: game, double
    table = play(ENGLISH, deals[:1], GAME_VALUES)
    assert table.night_points_of("NS") == 3 and table.rubber_games_of("NS") == 1
    table = play(ENGLISH, deals[:3], GAME_VALUES)
    assert table.night_points_of("EW") == 2 and table.rubber_games == (1, 1)
    table = play(ENGLISH, [*deals[:3], english(3), english(11)], GAME_VALUES)  # a single
    assert table.rubbers_of("NS") == 1 and table.rubber_games == (0, 0)
    assert table.night_points_of("NS") == 3 + 1 + 2  # treble, single, rubber bonus
    assert [line.why for line in table.last.night] == ["game", "rubber"]


def test_english_rubber_two_nil_ends_it():
    table = play(ENGLISH, [english(13), english(13)])
    assert table.rubbers_of("NS") == 1 and table.games_of("NS") == 2
    assert table.night_points_of("NS") == 7 + 7 + 2
    assert play(ENGLISH, [english(13), english(13)], GAME_VALUES).night_points_of("NS") == 8


def test_english_revoke_three_points_and_the_revokers_cannot_win():
    table = play(ENGLISH, [english(10)])  # NS 4
    table = ENGLISH.play(table, ENGLISH.record(english(9, ns_revokes=1)))
    assert (table.score_of("NS"), table.score_of("EW")) == (4, 3)
    table = ENGLISH.play(table, ENGLISH.record(english(13, ns_revokes=1)))
    assert table.games_of("EW") == 1  # EW 3 + 3 = 6: the penalty wins them the game


def test_english_needs_a_trump():
    with pytest.raises(DealError, match="dealer's last card"):
        ENGLISH.record({"ns_tricks": 7})


# --- American ----------------------------------------------------------------------------------


def test_american_game_to_seven_winner_scores_the_difference():
    table = play(AMERICAN, [{"ns_tricks": 9}, {"ns_tricks": 5}, {"ns_tricks": 11}])
    # NS 3, EW 2, NS 3 + 5 = 8: game, 8 - 2 = 6.
    assert table.games_of("NS") == 1 and table.night_points_of("NS") == 6
    assert table.night_points_of("EW") == 0


def test_american_revoke_transfers_two_points():
    table = play(AMERICAN, [{"ns_tricks": 10}, {"ns_tricks": 7, "ns_revokes": 1}])
    # NS 4, then 4 - 2 = 2 and EW 2, then NS's trick: 3.
    assert (table.score_of("NS"), table.score_of("EW")) == (3, 2)
    table = play(AMERICAN, [{"ns_tricks": 6, "ns_revokes": 1}])
    assert (table.score_of("NS"), table.score_of("EW")) == (-2, 3)  # US4: below zero


def test_american_scores_no_honours():
    with pytest.raises(DealError, match="no honours_held"):
        AMERICAN.record({"ns_tricks": 7, "honours_held": 3})


# --- the table, the night, the standings ------------------------------------------------------


def test_the_deal_passes_to_the_left():
    table = play(AMERICAN, [{"ns_tricks": 7}] * 5, ClubSettings(first_dealer="S"))
    assert table.dealer == "W"  # S, W, N, E and S dealt; W deals next


def test_the_night_ends_by_its_length():
    settings = ClubSettings(length=NightLength("games", 1))
    table = play(AMERICAN, [{"ns_tricks": 13}], settings)
    assert table.finished
    with pytest.raises(DealError, match="night at this table is over"):
        AMERICAN.play(table, AMERICAN.record({"ns_tricks": 7}))
    assert play(ENGLISH, [english(13)] * 2, ClubSettings(length=NightLength("rubbers", 1))).finished
    assert play(
        MINNESOTA, [{"ns_tricks": 7}] * 3, ClubSettings(length=NightLength("deals", 3))
    ).finished
    assert not play(MINNESOTA, [{"ns_tricks": 7}] * 30).finished  # open-ended


def test_standings_by_wins_then_points_sharing_ranks():
    tables = {
        1: play(AMERICAN, [{"ns_tricks": 13}]),  # NS: 1 game, 7
        2: play(AMERICAN, [{"ns_tricks": 0}]),  # EW: 1 game, 7
        3: play(AMERICAN, [{"ns_tricks": 8}]),  # nobody has a game
    }
    rows = [(s.rank, s.table, s.party, s.wins, s.points) for s in AMERICAN.standings(tables)]
    assert rows[:2] == [(1, 1, "NS", 1, 7), (1, 2, "EW", 1, 7)]
    assert [r[0] for r in rows] == [1, 1, 3, 3, 3, 3]


def test_english_standings_count_rubbers_first():
    ns_single = [english(3), english(13)]  # EW 4, then NS 7: game against 4
    ew_treble = [english(0)]
    tables = {
        2: play(ENGLISH, ns_single * 2),  # a rubber: 7 + 7 + 2 against 4 + 4
        3: play(ENGLISH, (ew_treble + ns_single * 2) * 2),  # NS two rubbers
    }
    assert ENGLISH.wins == "rubbers"
    rows = [(s.table, s.party, s.rubbers, s.points) for s in ENGLISH.standings(tables)]
    # Table 3's NS: 16 a rubber; its EW 7 + 4 + 4 = 15 a rubber, but no rubber won.
    assert rows == [(3, "NS", 2, 32), (2, "NS", 1, 16), (3, "EW", 0, 30), (2, "EW", 0, 8)]


# --- readable refusals -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "fields", "reason"),
    [
        (MINNESOTA, {"ns_tricks": 8, "ew_tricks": 6}, "make 14, but a deal has 13 tricks"),
        (MINNESOTA, {"ns_tricks": 14}, "NS tricks must be 0 to 13"),
        (MINNESOTA, {"ew_tricks": -1}, "EW tricks must be 0 to 13"),
        (MINNESOTA, {}, "enter the tricks one side took"),
        (MINNESOTA, {"ns_tricks": "eight"}, "NS tricks must be a number"),
        (MINNESOTA, {"ns_tricks": 7, "granded": "north"}, "granded must be NS, EW or low"),
        (MINNESOTA, {"ns_tricks": 7, "trump": "hearts"}, "Minnesota whist has no trump"),
        (MINNESOTA, {"ns_tricks": 7, "ns_revokes": -1}, "NS revokes must be 0 to 13"),
        (ENGLISH, english(7, honours="NS", honours_held=2), "three or four"),
        (ENGLISH, english(7, honours_held=4), "which side held the honours"),
        (ENGLISH, english(7, trump="stars"), "is not a trump"),
        (AMERICAN, {"ns_tricks": 7, "honours": "NS"}, "American whist has no honours"),
    ],
)
def test_a_bad_deal_is_refused_with_a_reason(game, fields, reason):
    with pytest.raises(DealError, match=reason):
        game.record(fields)


def test_bad_settings_are_refused():
    with pytest.raises(DealError, match="target of at least 1"):
        MINNESOTA.start(ClubSettings(target=0))
    with pytest.raises(DealError, match="first dealer"):
        MINNESOTA.start(ClubSettings(first_dealer="X"))
    with pytest.raises(DealError, match="at least 1"):
        NightLength("games", 0)
    with pytest.raises(DealError, match="open-ended"):
        NightLength("open", 3)


def test_a_deal_error_is_a_value_error():
    with pytest.raises(ValueError):
        MINNESOTA.record({"ns_tricks": 20})


# --- each game against an independent reference ------------------------------------------------
#
# The references below score a whole night the way a careful scorer does on paper, one line at
# a time, without the code under test: tricks, revokes, honours and the limits of docs/rules.md.


def reference_night(lines_of_deal, target, deals, value_of_game, rubbers):
    """Score ``deals`` on paper. ``lines_of_deal(deal, score)`` gives the deal's sheet lines in
    order as (side index, points, why) and which sides revoked; returns what the sheet shows."""
    score, games, in_rubber, won_rubbers, night = [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]
    # With no value for a game, the night counts every point scored instead, and a rubber
    # goes to the higher total of its points, two games' winners adding 2 (the seed, EN9).
    every_point = value_of_game is None
    in_rubber_points = [0, 0]
    for deal in deals:
        lines, revoked = lines_of_deal(deal, score)
        winner = None
        for side, points, _why in lines:
            if winner is not None:
                break
            if side in revoked:
                points = min(points, max(0, target - 1 - score[side]))
            score[side] += points
            if every_point:
                night[side] += points
                in_rubber_points[side] += points
            if score[side] >= target:
                winner = side
        if winner is None:
            continue
        games[winner] += 1
        if not every_point:
            night[winner] += value_of_game(score[winner], score[1 - winner])
        if rubbers:
            in_rubber[winner] += 1
            if in_rubber[winner] == 2:
                night[winner] += 2
                in_rubber_points[winner] += 2
                if every_point and in_rubber_points[1 - winner] > in_rubber_points[winner]:
                    won_rubbers[1 - winner] += 1
                else:
                    won_rubbers[winner] += 1
                in_rubber, in_rubber_points = [0, 0], [0, 0]
        score = [0, 0]
    return score, games, won_rubbers, night


def minnesota_sheet(deal, score):
    granded, ns, ns_revokes, ew_revokes = deal
    tricks = [ns, 13 - ns]
    lines = []
    if ns_revokes:
        lines.append((1, 2 * ns_revokes, "revoke"))
    if ew_revokes:
        lines.append((0, 2 * ew_revokes, "revoke"))
    if granded is None:
        low = 0 if tricks[0] <= 6 else 1
        lines.append((low, 7 - tricks[low], "low"))
    else:
        high = 0 if tricks[0] > 6 else 1
        lines.append((high, (tricks[high] - 6) * (1 if high == granded else 2), "high"))
    return lines, {i for i, n in enumerate((ns_revokes, ew_revokes)) if n}


revokes = st.integers(0, 2) | st.just(0)
minnesota_deals = st.tuples(st.sampled_from([None, 0, 1]), st.integers(0, 13), revokes, revokes)
SIDES = ("NS", "EW")


@settings(max_examples=300, deadline=None)
@given(st.lists(minnesota_deals, max_size=25), st.integers(1, 21))
def test_minnesota_against_the_reference(deals, target):
    table = play(
        MINNESOTA,
        [
            {
                "granded": "low" if g is None else SIDES[g],
                "ns_tricks": ns,
                "ns_revokes": a,
                "ew_revokes": b,
            }
            for g, ns, a, b in deals
        ],
        ClubSettings(target=target),
    )
    # The night counts every point scored (MN4), game or no game.
    score, games, _rubbers, totals = reference_night(
        minnesota_sheet, target, deals, value_of_game=None, rubbers=False
    )
    assert list(table.score) == score
    assert list(table.games) == games
    assert list(table.night_points) == totals
    assert table.dealer == "NESW"[len(deals) % 4]


def english_sheet(deal, score, target=5, three=3, at_the_point=False):
    """EN4 (the seed: honours count at any score); ``at_the_point``: the house rule EN5."""
    ns, honours, held, ns_revokes, ew_revokes = deal
    lines = []
    if ns_revokes:
        lines.append((1, 3 * ns_revokes, "revoke"))
    if ew_revokes:
        lines.append((0, 3 * ew_revokes, "revoke"))
    tricks = [ns, 13 - ns]
    side = 0 if ns >= 7 else 1
    lines.append((side, tricks[side] - 6, "tricks"))
    if honours is not None and not (at_the_point and score[honours] == target - 1):
        lines.append((honours, 4 if held == 4 else three, "honours"))
    return lines, {i for i, n in enumerate((ns_revokes, ew_revokes)) if n}


def english_game_value(_winner, loser, target):
    if loser == 0:
        return 3
    if loser * 2 < target:
        return 2
    return 1


honours_held = st.one_of(
    st.tuples(st.none(), st.just(0)), st.tuples(st.sampled_from([0, 1]), st.sampled_from([3, 4]))
)
english_deals = st.builds(
    lambda ns, h, a, b: (ns, h[0], h[1], a, b), st.integers(0, 13), honours_held, revokes, revokes
)


@settings(max_examples=300, deadline=None)
@given(st.lists(english_deals, max_size=30), st.sampled_from([5, 10]), st.booleans(), st.booleans())
def test_english_against_the_reference(deals, target, house_rule, game_values):
    table = play(
        ENGLISH,
        [
            {
                "trump": "♥",
                "ns_tricks": ns,
                "honours": "" if h is None else SIDES[h],
                "honours_held": held or "",
                "ns_revokes": a,
                "ew_revokes": b,
            }
            for ns, h, held, a, b in deals
        ],
        ClubSettings(
            target=target,
            house_rules=frozenset({"no_honours_at_the_point"} if house_rule else ())
            | frozenset({"game_values"} if game_values else ()),
        ),
    )
    score, games, rubbers, night = reference_night(
        lambda deal, score: english_sheet(deal, score, target, at_the_point=house_rule),
        target,
        deals,
        (lambda w, lo: english_game_value(w, lo, target)) if game_values else None,
        rubbers=True,
    )
    assert (list(table.score), list(table.games)) == (score, games)
    assert (list(table.rubbers), list(table.night_points)) == (rubbers, night)


def american_sheet(deal, score, revokers_cannot_win=False):
    """US4 (the seed: the revoke's two points, no more); with the house rule US6 on, C4."""
    ns, ns_revokes, ew_revokes = deal
    lines = []
    for _ in range(ns_revokes):
        lines += [(0, -2, "revoke"), (1, 2, "revoke")]
    for _ in range(ew_revokes):
        lines += [(1, -2, "revoke"), (0, 2, "revoke")]
    if ns > 6:
        lines.append((0, ns - 6, "tricks"))
    else:
        lines.append((1, 7 - ns, "tricks"))
    if not revokers_cannot_win:
        return lines, set()
    return lines, {i for i, n in enumerate((ns_revokes, ew_revokes)) if n}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 13), revokes, revokes), max_size=30), st.booleans())
def test_american_against_the_reference(deals, house_rule):
    table = play(
        AMERICAN,
        [{"ns_tricks": ns, "ns_revokes": a, "ew_revokes": b} for ns, a, b in deals],
        ClubSettings(
            first_dealer="E",
            house_rules=frozenset({"revoke_cannot_win"} if house_rule else ()),
        ),
    )
    score, games, _rubbers, night = reference_night(
        lambda deal, score: american_sheet(deal, score, house_rule),
        7,
        deals,
        lambda w, lo: w - lo,
        rubbers=False,
    )
    assert (list(table.score), list(table.games), list(table.night_points)) == (
        score,
        games,
        night,
    )
    assert table.rubbers == (0, 0)
    assert table.dealer == "ESWN"[len(deals) % 4]
