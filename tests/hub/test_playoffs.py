"""Playoffs with the real cards through the hub (issue 12, decision A16): the director's
own cut for every playoff hand, the A players' actual draws, and no second tie-break on a
group already decided unless the first is undone."""

import pytest

from tests.hub.test_core import Harness, result
from tests.hub.test_director import retained
from whist.cards import Suit


@pytest.fixture
def hub(tmp_path):
    """Teams 2, 3 and 4 level on 12 flags after the only hand."""
    h = Harness(tmp_path / "t.sqlite3", tables=5, hands=1)
    h.command("start_hand")
    h.result(1, result(1, tricks=10))  # team 5 14, team 1 10, teams 2, 3, 4 on 12
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
