"""Playoffs with the real cards through the hub (issue 12, decision A16): the director's
own cut for every playoff hand, the A players' actual draws, and no second tie-break on a
group already decided unless the first is undone."""

import csv

import pytest

from hub.paper.sheets import standings_sheet
from tests.hub.test_core import Harness, result
from tests.hub.test_director import retained
from whist.cards import Suit
from whist.protocol import REPLIES


@pytest.fixture
def hub(tmp_path):
    """Teams 2, 3 and 4 level on 12 flags after the only hand."""
    h = Harness(tmp_path / "t.sqlite3", tables=5, hands=1)
    h.command("start_hand")
    h.result(1, result(1, tricks=10))  # team 5 14, team 1 10, teams 2, 3, 4 on 12
    h.the_rest_even()
    h.command("close_hand")
    yield h
    h.store.close()


def test_the_a_players_real_draws_set_the_ladder(hub):
    reply = hub.command(
        "tiebreak_start", teams=[2, 3, 4], trump="hearts", draws={"2": "5C", "3": "K♦", "4": "9s"}
    )
    data = reply["data"]
    assert data["draws"] == {"2": "5♣", "3": "K♦", "4": "9♠"}
    assert data["order"] == [3, 4, 2]  # the lowest draw (team 2) has the bye
    assert data["next"] == [3, 4] and data["trump"] == "hearts" and "cut" not in data
    hub.restart()
    assert hub.command("ties")["data"]["current"]["draws"] == {"2": "5♣", "3": "K♦", "4": "9♠"}


@pytest.mark.parametrize(
    ("teams", "draws", "code", "words"),
    [
        ([2, 3, 4], {"2": "5C", "3": "KD"}, None, "one card for each team"),
        ([2, 3, 4], {"2": "5C", "3": "KD", "4": "5C"}, "draws_required", "different card"),
        ([2, 3, 4], {"2": "5C", "3": "KD", "4": "ZZ"}, "out_of_range", "is not a card"),
    ],
)
def test_draws_that_cannot_be_refused(hub, teams, draws, code, words):
    reply = hub.command("tiebreak_start", teams=teams, trump="hearts", draws=draws)
    assert not reply["ok"] and words in reply["error"]
    if code:
        assert reply["data"]["code"] == code
    assert hub.core.tournament.tiebreaks == []


def test_the_directors_cut_for_every_playoff_hand(hub):
    data = hub.command(
        "tiebreak_start", teams=[2, 3, 4], draws={"2": "2C", "3": "AS", "4": "QH"}, cut=True
    )["data"]
    hub.command("tiebreak_trump", trump="diamonds")  # the director's own cut, first hand
    ties = hub.command("ties")["data"]
    assert ties["current"]["trump"] == "diamonds"
    reply = hub.command("tiebreak_result", teams=data["next"], tricks=[8, 5])
    assert reply["data"]["next"] == [3, 2] and "cut" in reply["data"]  # the hub cut one
    reply = hub.command("tiebreak_trump", trump="none")  # the director cut again
    assert reply["ok"] and reply["data"] == {"next": [3, 2], "trump": "none"}
    hub.command("tiebreak_result", teams=[3, 2], tricks=[6, 7])
    tb = hub.core.tournament.tiebreaks[0]
    assert [h.trump for h in tb.hands] == [Suit.DIAMONDS, None]
    played = hub.command("ties")["data"]["done"][0]["played"]
    assert [p["trump"] for p in played] == ["diamonds", "none"]
    hub.restart()
    assert [p["trump"] for p in hub.command("ties")["data"]["done"][0]["played"]] == [
        "diamonds",
        "none",
    ]
    refused = hub.command("tiebreak_trump", trump="clubs")
    assert refused["data"]["code"] == "wrong_phase"  # no playoff is running


def test_a_decided_group_is_played_again_only_after_an_undo(hub):
    hub.command("tiebreak_start", teams=[2, 3, 4], draws={"2": "2C", "3": "AS", "4": "QH"})
    hub.command("tiebreak_result", teams=[3, 4], tricks=[7, 6])
    hub.command("tiebreak_result", teams=[3, 2], tricks=[7, 6])
    ranks = {s["team"]: s["rank"] for s in retained(hub, "whist/standings")["teams"]}
    assert (ranks[3], ranks[2], ranks[4]) == (2, 3, 4)
    refused = hub.command("tiebreak_start", teams=[2, 3, 4], trump="clubs")
    assert refused["data"]["code"] == "wrong_phase"
    assert "already decided: undo it first" in refused["error"]
    reply = hub.command("tiebreak_undo")
    assert reply["ok"] and reply["data"] == {"teams": [2, 3, 4]}
    ranks = {s["team"]: s["rank"] for s in retained(hub, "whist/standings")["teams"]}
    assert (ranks[2], ranks[3], ranks[4]) == (2, 2, 2)  # level again
    reply = hub.command("tiebreak_start", teams=[2, 3, 4], draws={"2": "AS", "3": "2C", "4": "QH"})
    assert reply["ok"] and reply["data"]["order"] == [2, 4, 3]
    hub.restart()
    assert len(hub.core.tournament.tiebreaks) == 1
    assert hub.command("tiebreak_undo")["ok"]  # a running one can be undone too
    assert hub.command("tiebreak_undo")["data"]["code"] == "wrong_phase"


def closed_hub(tmp_path, **kw):
    """One hand played, no flag moving: every team level."""
    h = Harness(tmp_path / "k.sqlite3", hands=1, **kw)
    h.command("start_hand", trump="hearts")
    h.the_rest_even()
    h.command("close_hand")
    return h


def test_four_tied_teams_play_a_knockout_through_the_hub(tmp_path):
    hub = closed_hub(tmp_path, tables=4)
    draws = {"1": "2C", "2": "AS", "3": "QH", "4": "9D"}
    data = hub.command("tiebreak_start", teams=[1, 2, 3, 4], draws=draws)["data"]
    assert data["order"] == [2, 3, 4, 1] and data["next"] == [2, 1]
    hub.restart()  # the knockout is in the log (version 2), not in the hub's memory
    ties = hub.command("ties")["data"]["current"]
    assert ties["knockout"] and ties["next"] == [2, 1] and not ties["for_second"]
    for teams, tricks in (([2, 1], [8, 5]), ([3, 4], [4, 9]), ([2, 4], [7, 6])):
        reply = hub.command("tiebreak_result", teams=teams, tricks=tricks)
        assert reply["ok"], reply
    assert reply["data"] == {"decided": True, "order": [2, 4, 3, 1]}
    done = hub.command("ties")["data"]
    assert done["done"][0]["places"] == {"2": 1, "4": 2, "3": 3, "1": 3}
    assert done["groups"][0]["decided"]  # the semi-finals' losers share third, as decided
    ranks = {s["team"]: s["rank"] for s in retained(hub, "whist/standings")["teams"]}
    assert ranks == {2: 1, 4: 2, 3: 3, 1: 3}
    hub.store.close()


def test_with_two_advancing_the_hub_asks_for_the_hand_for_second(tmp_path):
    hub = closed_hub(tmp_path, tables=3, advance=2)
    hub.command("tiebreak_start", teams=[1, 2, 3], draws={"1": "AS", "2": "KS", "3": "2C"})
    hub.command("tiebreak_result", teams=[1, 2], tricks=[7, 6])
    reply = hub.command("tiebreak_result", teams=[1, 3], tricks=[10, 3])
    data = reply["data"]
    assert data["decided"] is False and data["second"] is True and data["next"] == [2, 3]
    assert "cut" in data  # the hub cut the trump of the hand for second
    current = hub.command("ties")["data"]["current"]
    assert current["for_second"] and current["second_played_off"]
    hub.restart()
    reply = hub.command("tiebreak_result", teams=[3, 2], tricks=[7, 6])
    assert reply["data"] == {"decided": True, "order": [1, 3, 2]}
    ranks = {s["team"]: s["rank"] for s in retained(hub, "whist/standings")["teams"]}
    assert ranks == {1: 1, 3: 2, 2: 3}
    hub.store.close()


def test_the_gaspesie_leaders_decision_through_the_hub(tmp_path):
    hub = Harness(tmp_path / "g.sqlite3", fmt="gaspesie", tables=3, hands=1)
    hub.command("start_hand")
    for table, tricks in ((1, 0), (2, 1), (3, 1)):  # team 1 first; teams 2 and 3 level
        hub.result(table, result(table, tricks=tricks))
    early = hub.command("place_decision", teams=[3, 2], reason="by lot")
    assert early["data"]["code"] == "wrong_phase"
    hub.command("close_hand")
    ties = hub.command("ties")["data"]
    assert ties["undecided"] == [[2, 3]] and ties["decisions"] == []
    wrong = hub.command("place_decision", teams=[1, 2], reason="by lot")
    assert wrong["data"]["code"] == "not_tied" and "2, 3" in wrong["error"]
    reply = hub.command("place_decision", teams=[3, 2], reason="drawn by lot")
    assert reply["ok"] and reply["data"] == {"teams": [3, 2], "replaced": False}
    REPLIES["place_decision"].model_validate(reply["data"])
    teams = retained(hub, "whist/standings")["teams"]
    assert [(s["team"], s["rank"], s.get("by_leader")) for s in teams] == [
        (1, 1, None),
        (3, 2, True),
        (2, 3, True),
    ]
    hub.restart()
    again = hub.command("place_decision", teams=[2, 3], reason="lot drawn again")
    assert again["data"] == {"teams": [2, 3], "replaced": True}
    ties = hub.command("ties")["data"]
    assert ties["decisions"] == [{"teams": [2, 3], "reason": "lot drawn again"}]
    assert [s["team"] for s in retained(hub, "whist/standings")["teams"]] == [1, 2, 3]
    hub.command("export", language="en")
    folder = tmp_path / "exports"
    rows = list(csv.reader((folder / "standings.csv").open(encoding="utf-8")))
    assert rows[0][-1] == "rank decided by"
    assert [r[-1] for r in rows[1:4]] == ["", "the leader's decision", "the leader's decision"]
    assert ["the leader's decision: teams 2, 3 in that order (lot drawn again)"] in rows
    # the printed standings mark the ranks the leader decided, and say why under the table
    page = standings_sheet(hub.core.tournament, "en")
    assert '<td class="n rank">2 *</td>' in page and '<td class="n rank">1</td>' in page
    assert "* Teams 2, 3, in that order: by the leader&#x27;s decision (lot drawn again)." in page
    hub.store.close()


def test_the_printed_standings_mark_shared_places_and_what_a_playoff_placed(hub):
    """Teams 2, 3 and 4 level on 12: shared third place ("2=") before the playoff; after it,
    each of them marked † with the note under the table (the hall's and the console's
    "placed by the playoff")."""
    page = standings_sheet(hub.core.tournament, "en")
    assert page.count('<td class="n rank">2=</td>') == 3 and "†" not in page
    data = hub.command(
        "tiebreak_start", teams=[2, 3, 4], draws={"2": "2C", "3": "AS", "4": "QH"}, trump="hearts"
    )["data"]
    first = hub.command("tiebreak_result", teams=data["next"], tricks=[8, 5])["data"]
    hub.command("tiebreak_result", teams=first["next"], tricks=[8, 5])
    page = standings_sheet(hub.core.tournament, "en")
    assert [f'<td class="n rank">{r} †</td>' in page for r in (2, 3, 4)] == [True] * 3
    assert '<td class="n rank">1</td>' in page  # team 5, alone on 14
    assert "† Level teams placed by the playoff." in page
    assert "† Équipes à égalité départagées par le barrage." in standings_sheet(
        hub.core.tournament, "fr"
    )
