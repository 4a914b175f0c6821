"""Issue 25, the kiosk's half: during play the team's score, place and last results, the
truth when every table is in, why a number moved after the day, and a playoff's words."""

from __future__ import annotations

import json

from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen
from tests.hub.test_core import command
from tests.kiosk.conftest import TABLE, FakeLink, Hall, online
from whist.events import (
    DayEnded,
    HandClosed,
    HandStarted,
    ResultCorrected,
    ResultRecorded,
)
from whist.pattern import default_spec
from whist.protocol import PlayoffNote, TableView
from whist.tournament import Tournament
from whist.views import TableViews


def kiosk(language: str = "en", hands: int = 3) -> TablePresenter:
    p = TablePresenter(TABLE, link=FakeLink(), language=language, tap_guard=0)  # type: ignore[arg-type]
    online(p, Hall(hands=hands))
    return p


def played(hands: int, *, end: bool = False) -> Tournament:
    """Four tables, ``hands`` hands played: table 2's visitors take 8, 9, 10… tricks (one
    flag, two, three…), the other tables' 6."""
    t = Tournament.new(default_spec("alberta", 4, 3))
    for h in range(1, hands + 1):
        if h > 1:
            t.apply(HandClosed(h - 1))
        t.apply(HandStarted(h, None))
        for tab in (1, 2, 3, 4):
            t.apply(ResultRecorded(f"r{h}-{tab}", h, tab, 6 + h if tab == TABLE else 6))
    if end:
        t.apply(HandClosed(hands))
        t.apply(DayEnded(1, final=True))
    return t


def view(t: Tournament) -> TableView:
    return TableView.model_validate(TableViews(t).body(TABLE))


def test_every_table_in_says_what_comes_next():
    """Item 17: never "Waiting for the other tables" when every table is in."""
    hall = Hall()
    p = kiosk()
    p.on_view(hall.view(1, results=[(TABLE, 8)]))
    p.on_state(hall.state(1, reported=[TABLE], missing=[1, 3, 4]))
    assert p.view.waiting.subtitle == "Waiting for 3 other tables."
    p.on_state(hall.state(1, reported=[1, 2, 3], missing=[4]))
    assert p.view.waiting.subtitle == "Waiting for 1 other table."
    p.on_state(hall.state(1, reported=[1, 2, 3, 4], missing=[]))
    w = p.view.waiting
    assert (w.title, w.subtitle) == ("All tables are in.", "The leader starts the next hand.")
    p.on_view(hall.view(3, results=[(TABLE, 8)]))
    p.dismiss()  # the new hand's moves
    p.on_state(hall.state(3, reported=[1, 2, 3, 4], missing=[]))
    assert p.view.waiting.subtitle == "The leader closes the last hand."
    assert p.view.waiting.next_hand == ""  # the line above says it
    p.toggle_language()
    w = p.view.waiting
    assert (w.title, w.subtitle) == (
        "Toutes les tables ont joué.",
        "L'arbitre ferme la dernière main.",
    )


def test_during_play_the_team_score_place_and_last_three_results():
    """Item 15: the table's view gives the team's score today and its place after the last
    hand over, on one line; the table's own last three results are listed (the newest with
    what it means for the flags)."""
    p = kiosk()
    for hands in (1, 2, 3):
        p.on_view(view(played(hands)))
        p.dismiss()  # the new hand's moves
    w = p.view.waiting
    assert p.view.screen is Screen.WAITING
    # hand 3 is in play: the place is the one after hand 2 (every table's view says the
    # same until the hand is over), the score today the team's now
    assert (w.score, w.standing) == ("9", "Today: 9 flags · place 4 of 4")
    assert w.last_result.splitlines()[0] == "Hand 3: visitors 9, home\u00a04."
    assert w.recent.splitlines() == [
        "Hand 2: visitors 8, home 5",
        "Hand 1: visitors 7, home 6",
    ]
    p.toggle_language()
    assert p.view.waiting.standing == "Aujourd'hui\u00a0: 9 drapeaux · rang 4 sur 4"


def test_the_last_three_results_come_from_the_hub_after_a_restart(tmp_path):
    """Item 15: results through the hub's core; then a kiosk started afresh, and a hub
    started again, show from the hub's retained messages alone the same three results,
    score and place as the kiosk that saw every message."""
    from hub.service.batch import Inbound
    from tests.hub.test_core import Harness, result
    from whist.protocol import State

    hub = Harness(tmp_path / "hub.sqlite3", tables=4, hands=4)
    seen = kiosk(hands=4)

    def tell(p: TablePresenter, out: list[tuple[str, object, bool]]) -> None:
        for topic, payload, _ in out:
            if topic == f"whist/table/{TABLE}/view":
                p.on_view(TableView.model_validate(payload))
            elif topic == "whist/state":
                p.on_state(State.model_validate(payload))

    for hand in (1, 2, 3):
        if hand > 1:
            tell(seen, hub.send(Inbound("command", None, command("close_hand"))))
        tell(seen, hub.send(Inbound("command", None, command("start_hand"))))
        seen.dismiss()  # the new hand's moves
        for table in (1, 2, 3, 4):
            tricks = 6 + hand if table == TABLE else 6
            tell(seen, hub.result(table, result(table, hand, tricks)))
    tell(seen, hub.send(Inbound("command", None, command("close_hand"))))

    def fresh() -> TablePresenter:
        p = kiosk(hands=4)
        tell(p, [(o.topic, json.loads(o.payload), o.retain) for o in hub.core.feed.retained()])
        return p

    def shown(p: TablePresenter) -> tuple[str, str, str, str]:
        w = p.view.waiting
        return w.score, w.standing, w.last_result.splitlines()[0], w.recent

    expected = shown(seen)
    assert expected[2].startswith("Hand 3: visitors 9, home")
    assert expected[3].splitlines() == [
        "Hand 2: visitors 8, home 5",
        "Hand 1: visitors 7, home 6",
    ]
    assert expected[1].startswith("Today: ")
    assert shown(fresh()) == expected
    hub.restart()
    assert shown(fresh()) == expected
    hub.store.close()


def test_a_change_after_the_day_says_why_on_the_screen_shown():
    """The leader corrects a hand after the day's end: the waiting screen says what moved,
    in names and numbers, and why, without a tap."""
    p = kiosk()
    t = played(3, end=True)
    p.on_view(view(t))
    before = p.view.waiting.score
    assert p.view.waiting.late == ""
    t.apply(ResultCorrected(2, TABLE, 10, 0, 0, "score sheet"))
    p.on_view(view(t))
    w = p.view.waiting
    after = p.table_view.day_result.score
    assert w.late == (
        f"The leader corrected hand 2: Team 2 {before} → {after} flags.\nReason: score sheet"
    )
    p.toggle_language()
    assert p.view.waiting.late.startswith("L'arbitre a corrigé la main 2\u00a0: Team 2 ")
    # a kiosk that starts afterwards knows only the number now
    fresh = kiosk()
    fresh.on_view(view(t))
    now = f"The leader corrected hand 2: Team 2 now has {after}"
    assert fresh.view.waiting.late.startswith(now)


def test_a_playoff_on_the_tied_tables_and_the_others():
    """Play is over but a playoff decides first place: the tied tables say who goes where,
    the trump once cut, then the result; the others that the standings are not final."""
    hall = Hall()
    p = kiosk()
    p.on_view(view(played(3, end=True)))
    note = PlayoffNote(
        place=1,
        teams=[2, 3],
        names={"2": "Red Deer Aces", "3": "Ponoka Hearts"},
        next=[2, 3],
        players={"2": ["Ann", "Bob"], "3": ["Cy", "Di"]},
        table=1,
    )
    p.on_state(hall.state(3, "closed", finished=True, playoff=note))
    w = p.view.waiting
    assert w.title == "Playoff for first place"
    assert w.subtitle.splitlines() == [
        "Red Deer Aces and Ponoka Hearts",
        "Your A and B players, Ann & Bob: to table 1.",
    ]
    assert w.wide  # the long news takes the whole width
    cut = note.model_copy(update={"trump": "hearts", "last_teams": [2, 3], "last_tricks": [7, 6]})
    p.on_state(hall.state(3, "closed", finished=True, playoff=cut))
    assert p.view.waiting.subtitle.splitlines()[2:] == [
        "Trump: ♥ Hearts",
        "Last playoff hand: Red Deer Aces 7, Ponoka Hearts 6.",
    ]
    p.toggle_language()
    assert p.view.waiting.title == "Barrage pour la première place"
    other = note.model_copy(update={"teams": [1, 3], "next": [1, 3]})
    q = kiosk()
    q.on_view(view(played(3, end=True)))
    q.on_state(hall.state(3, "closed", finished=True, playoff=other))
    assert q.view.waiting.title == "A playoff decides first place."
    assert q.view.waiting.subtitle.splitlines()[0] == "The standings are not final yet."
    q.on_state(hall.state(3, "closed", finished=True))
    assert q.view.waiting.title == "The tournament is over."


def test_a_break_between_sessions_says_the_flags_stay():
    """Item 16: between a day's morning and afternoon sessions (the spec's sessions) the
    kiosk says it is a break and the flags stay, and which hand opens the next session."""
    spec = default_spec("alberta", 5, 50)
    t = Tournament.new(spec)
    for h in range(1, 16):
        if h > 1:
            t.apply(HandClosed(h - 1))
        t.apply(HandStarted(h, None))
    t.apply(HandClosed(15))
    p = TablePresenter(TABLE, link=FakeLink(), language="en", tap_guard=0)  # type: ignore[arg-type]
    online(p, Hall(tables=5, hands=50))
    p.on_view(TableView.model_validate(TableViews(t).body(TABLE)))
    w = p.view.waiting
    assert (w.title, w.subtitle) == ("Break between sessions", "The flags stay on this table.")
    assert w.next_hand == "Session 2 starts with Hand 16 of\u00a050."
    p.toggle_language()
    assert p.view.waiting.subtitle == "Les drapeaux restent sur cette table."
    t.apply(HandStarted(16, None))  # the afternoon starts: no break any more
    assert TableView.model_validate(TableViews(t).body(TABLE)).session_break is None


def test_the_correction_screen_says_the_tricks_once():
    """Item 7: a result the leader corrected before its answer came: the heading, then the
    flags to give back with the corrected tricks, said once (a line less under the bar)."""
    from whist.protocol import Ack, Result, Revokes

    t = Tournament.new(default_spec("alberta", 4, 3))
    t.apply(HandStarted(1, None))
    p = kiosk()
    sent = Result(
        id="k-1", hand=1, table=TABLE, visitor_tricks=8, home_tricks=5,
        revokes=Revokes(home=0, visitors=0),
    )
    t.apply(ResultRecorded("k-1", 1, TABLE, 8))
    t.apply(ResultCorrected(1, TABLE, 5, 0, 0, "score sheet"))
    p.on_view(view(t))
    p.on_ack(Ack(id="k-1", status="accepted", hand=1), sent)
    a = p.view.accepted
    assert (a.title, a.outcome) == ("Result recorded ✓", "")
    assert a.instruction == (
        "The leader corrected hand 1 to visitors 5, home 8: the visitors give 1 flag back "
        "to this table."
    )


def test_a_late_result_of_a_hand_over_moves_every_tables_place(tmp_path):
    """Item 15: the place in each table's view is the one after the last hand over; a
    result of that hand arriving while the next is played (the leader started it without
    closing) is published to every table, whose place may move."""
    from hub.service.batch import Inbound
    from tests.hub.test_core import Harness, result

    hub = Harness(tmp_path / "hub.sqlite3", tables=4, hands=4)
    hub.send(Inbound("command", None, command("start_hand")))
    for table in (1, 2, 4):
        hub.result(table, result(table, 1, 6))
    hub.send(Inbound("command", None, command("start_hand")))
    out = hub.result(3, result(3, 1, 10))  # table 3's visitors (team 2) take flags
    views = {t: TableView.model_validate(p) for t, p, _ in out if t.endswith("/view")}
    assert sorted(views) == [f"whist/table/{t}/view" for t in (1, 2, 3, 4)]
    places = {v.table: v.running.place for v in views.values() if v.running is not None}
    assert places[3] == 4 and places[1] == 2  # team 3 lost flags, team 2 won them
    hub.store.close()
