"""The table's behaviour with no window: every screen, every intent, both formats."""

from __future__ import annotations

import dataclasses
import re

import pytest

from kiosk.i18n import marking_translator
from kiosk.presenter import TablePresenter
from kiosk.viewmodel import VERBATIM_FIELDS, Screen, ViewModel
from tests.kiosk.conftest import TABLE, FakeLink, Hall, ack, online


def table(link: FakeLink, **kw: object) -> TablePresenter:
    kw.setdefault("tap_guard", 0)
    return TablePresenter(TABLE, link=link, language=kw.pop("language", "en"), **kw)  # type: ignore[arg-type]


def to_confirm(p: TablePresenter, visitor_tricks: int, home: int = 0, visitors: int = 0) -> None:
    p.enter_result()
    p.keypad(visitor_tricks)
    if home or visitors:
        p.open_revokes()
        p.set_revokes("home", home)
        p.set_revokes("visitors", visitors)
        p.close_revokes()
    p.next()
    assert p.screen is Screen.CONFIRM


# ---------------------------------------------------------------- a whole hand


def test_a_whole_hand_from_connecting_to_waiting(link, hall):
    p = table(link)
    seen = []
    p.on_change = lambda vm: seen.append(vm.screen)
    assert p.view.screen is Screen.CONNECTING
    assert p.view.connecting.message == "Connecting to the leader's computer…"
    p.on_connection(True)
    assert p.view.connecting.message == "Waiting for the leader's computer…"
    p.on_hub_status(True)
    p.on_state(hall.state(0, "waiting"))
    p.on_view(hall.view(1, "waiting"))
    assert p.view.screen is Screen.WAITING
    assert p.view.waiting.score == "12"
    assert p.view.waiting.next_hand == "Next: Hand 1 of 3"

    p.on_state(hall.state(1))
    p.on_view(hall.view(1))
    assert p.view.screen is Screen.MOVE  # we saw the hand start: who goes where
    assert p.view.move.lines == "A & B: go to table 3\nX & Y: stay at this table"
    p.dismiss()

    hand = p.view.hand
    assert p.view.screen is Screen.HAND
    assert (hand.trump_symbol, hand.trump_name, hand.trump_role) == ("♠", "Spades", "card-black")
    assert hand.home == "Home: X & Y"
    assert hand.visitors == "Visitors: A & B (Team 1)"
    assert hand.away == "Our A & B play at table 3"
    assert p.view.header.info == "Hand 1 of 3 · Day\u00a01"

    p.enter_result()
    assert p.view.entry.next.enabled is False
    p.keypad(8)
    assert p.view.entry.readout == "Visitors 8 · Home 5"
    assert p.view.entry.keys[8].role == "selected"
    p.next()
    assert p.view.confirm.outcome == "Visitors take 1 flag"
    p.confirm_home()
    assert link.results == []  # one side is not enough
    assert p.view.confirm.home.text == "✓ Home: agreed"
    p.confirm_visitors()

    (result,) = link.results
    assert (result.hand, result.table, result.visitor_tricks, result.home_tricks) == (1, 2, 8, 5)
    assert p.view.screen is Screen.PENDING
    assert p.view.pending.status == "Sent. Waiting for the leader's computer to confirm…"
    p.on_ack(ack(result, flags=11), result)
    assert p.view.screen is Screen.ACCEPTED
    # Until the hub's view of this table comes, the screen says only what was recorded.
    assert p.view.accepted.instruction == ""
    p.on_view(hall.view(1, results=[(TABLE, 8)]))
    assert p.view.accepted.instruction == "Home: give 1 flag to the visitors."
    assert p.view.accepted.detail == "This table now has 11 flags."
    p.ok()
    assert p.view.screen is Screen.WAITING
    assert p.view.waiting.title == "This table's result is in."
    assert p.view.waiting.score == "11"
    assert p.view.waiting.last_result == (
        # the flags to give say what the hand is worth: the line above says the tricks
        "Hand 1: visitors 8, home\u00a05.\n"
        "Home: give 1 flag to the visitors."
    )
    assert seen[-1] is Screen.WAITING


def test_the_next_hand_says_who_goes_where(link, hall):
    p = table(link)
    online(p, hall, 1)
    p.on_view(hall.view(1, "closed"))
    p.on_view(hall.view(2))
    assert p.view.screen is Screen.MOVE
    assert p.view.move.title == "Hand 2 — Trump: ♥ Hearts"
    # X & Y were home and travel now; A & B come back; the visitors go home (rules M3).
    assert p.view.move.lines.splitlines() == [
        "X & Y: go to table 4",
        "A & B: come back to this table",
        "Visitors A & B: return to your table 1",
    ]
    p.ok()
    assert p.view.screen is Screen.HAND
    assert p.view.hand.trump_role == "card-red"


def test_gaspesie_visitors_who_travel_again_go_straight_on():
    link, hall = FakeLink(), Hall("gaspesie")
    p = table(link, language=None)
    online(p, hall, 1)
    assert p.language == "fr"  # Gaspésie is French unless kiosk.toml says otherwise
    p.set_language("en")
    assert p.view.hand.home == "Home: Captain & Player 2"
    p.on_view(hall.view(2))
    # Team 1's players 1 & 3 played here; in hand 2 players 1 & 2 travel, 2 tables ahead.
    # Seats are named: a bare "1 & 2" would read like table numbers.
    assert p.view.move.lines.splitlines() == [
        "Player 1 & Player 2: go to table 4",
        "Captain: stay at this table",
        "Player 3: come back to this table",
        "Player 1 (visitor): go on to table 3",
        "Player 3 (visitor): return to your table 1",
    ]
    p.set_language("fr")
    assert p.view.move.lines.splitlines()[0] == "Joueur 1 et Joueur 2\u00a0: allez à la table 4"


def test_players_are_named_wherever_the_tournament_file_names_them(link, hall):
    from whist.protocol import Move, Player, TeamAtTable

    def people(*names: str) -> list[Player]:
        return [Player(seat=s, name=n) for s, n in zip("XY", names, strict=False)]

    p = table(link)
    online(p, hall, 1, "waiting")
    p.on_view(
        hall.view(
            1,
            home=TeamAtTable(team=2, name="Team 2", players=people("Eleanor", "Harold")),
            visitors=TeamAtTable(team=1, name="The Larks", players=people("Margaret", "Bob")),
            moves=[Move(action="go", players=people("Eleanor", "Frank"), team=2, table=3)],
        )
    )
    assert p.view.move.lines == "Eleanor & Frank: go to table 3"
    p.dismiss()
    assert p.view.hand.home == "Home: Eleanor & Harold"
    assert p.view.hand.visitors == "Visitors: Margaret & Bob (The Larks)"


def test_a_kiosk_that_boots_mid_hand_shows_the_hand_not_a_move(link, hall):
    p = table(link)
    online(p, hall, 2)
    assert p.view.screen is Screen.HAND


def test_a_hand_already_reported_waits(link, hall):
    p = table(link)
    p.on_connection(True)
    p.on_state(hall.state(1, reported=[TABLE]))
    p.on_view(hall.view(1, results=[(TABLE, 6)]))
    assert p.view.screen is Screen.WAITING
    p.enter_result()
    assert p.view.screen is Screen.WAITING


def reported_hand_1(p: TablePresenter, link: FakeLink, hall: Hall) -> None:
    """Hand 1 played, sent and acked at this table of tournament "log-a"."""
    p.on_connection(True)
    p.on_hub_status(True)
    p.on_event("log-a")
    p.on_state(hall.state(1))
    p.on_view(hall.view(1))
    p.dismiss()
    to_confirm(p, 8)
    p.confirm_home()
    p.confirm_visitors()
    (result,) = link.results
    p.on_ack(ack(result, flags=11), result)
    p.on_view(hall.view(1, results=[(TABLE, 8)]))
    p.ok()
    assert p.view.waiting.title == "This table's result is in."


def test_a_new_tournament_is_not_told_the_last_ones_results(link, hall):
    """The leader starts over (another log): hand 1 is the new tournament's, which holds no
    result for this table. The screen must not say it is in (before, it waited for ever)."""
    p = table(link)
    reported_hand_1(p, link, hall)
    p.on_event("log-b")
    p.on_state(hall.state(1))
    p.on_view(hall.view(1))
    assert p.view.screen is Screen.HAND
    assert p.view.waiting.last_result == ""
    p.enter_result()
    assert p.view.screen is Screen.ENTRY


def test_the_same_tournament_after_a_hub_restart_keeps_them(link, hall):
    p = table(link)
    reported_hand_1(p, link, hall)
    p.on_event("log-a")  # the hub restarted: a new epoch, the same log
    assert p.view.screen is Screen.WAITING
    assert p.view.waiting.title == "This table's result is in."


def test_a_restarted_kiosk_forgets_a_result_another_tournament_acked(link, hall):
    p = table(link)
    reported_hand_1(p, link, hall)
    (result,) = link.results
    # the kiosk restarts: its outbox says the last result was acked by "log-a"
    again = table(link, last=(result, "accepted"), event="log-a")
    again.on_connection(True)
    again.on_hub_status(True)
    again.on_state(hall.state(1))
    again.on_view(hall.view(1))
    assert again.view.screen is Screen.WAITING  # until it knows the hub's tournament
    again.on_event("log-b")
    assert again.view.screen is Screen.HAND


# ---------------------------------------------------------------- the outcome in words


@pytest.mark.parametrize(
    ("tricks", "home", "visitors", "said"),
    [
        (6, 0, 0, "Home keeps its flags"),
        (7, 0, 0, "Visitors take 1 flag"),
        (9, 0, 0, "Visitors take 1 flag"),
        (10, 0, 0, "Visitors take 2 flags"),
        (6, 1, 0, "Visitors take 1 flag"),  # 6 + 2 for the home revoke (A3)
        (8, 0, 1, "Home keeps its flags"),  # 8 - 2
        (8, 1, 1, "Visitors take 1 flag"),  # both revoked: they cancel
    ],
)
def test_alberta_outcome(link, hall, tricks, home, visitors, said):
    p = table(link)
    online(p, hall)
    to_confirm(p, tricks, home, visitors)
    assert p.view.confirm.outcome == said


@pytest.mark.parametrize(
    ("tricks", "home", "visitors", "said"),
    [
        (7, 0, 0, "Visitors win 1 point"),
        (13, 0, 0, "Visitors win 2 points"),
        (6, 0, 0, "Home wins 1 point"),
        (0, 0, 0, "Home wins 2 points"),
        (9, 0, 1, "Home wins 1 point"),  # a revoke gives the hand away (G2)
        (6, 1, 1, "Home wins 1 point"),  # both at fault: the tricks decide (G4)
    ],
)
def test_gaspesie_outcome(tricks, home, visitors, said):
    link, hall = FakeLink(), Hall("gaspesie")
    p = table(link)
    online(p, hall)
    to_confirm(p, tricks, home, visitors)
    assert p.view.confirm.outcome == said


def test_revokes_are_explained_on_the_confirm_screen(link, hall):
    p = table(link)
    online(p, hall)
    to_confirm(p, 6, home=1)
    assert p.view.confirm.revokes.splitlines() == [
        "Revokes: home 1, visitors 0",
        "With the revokes, the visitors count 8 tricks.",
    ]


# ---------------------------------------------------------------- intents


def test_back_undoes_one_step_and_forgets_agreements(link, hall):
    p = table(link)
    online(p, hall)
    to_confirm(p, 9)
    p.confirm_home()
    p.back()
    assert p.screen is Screen.ENTRY and p.view.entry.readout == "Visitors 9 · Home 4"
    p.next()
    assert p.view.confirm.home.text == "Home: agree"  # asked again
    p.back()
    p.back()
    assert p.screen is Screen.HAND and link.results == []


def test_digits_from_a_numeric_keypad(link, hall):
    p = table(link)
    online(p, hall)
    p.enter_result()
    for digits, value in [("13", 13), ("14", 4), ("8", 8), ("10", 10), ("1", 1)]:
        for d in digits:
            p.digit(int(d))
        assert p.draft is not None and p.draft.visitor_tricks == value, digits
        p.keypad(0)


def test_a_three_button_pad_can_do_everything(link, hall):
    """increment / decrement / ok / long_back are all a hardware pad needs."""
    p = table(link)
    online(p, hall)
    p.ok()  # hand -> entry
    p.increment()  # starts at 7, the usual count
    p.increment()
    p.decrement()
    p.decrement()
    assert p.view.entry.readout == "Visitors 6 · Home 7"
    p.ok()
    p.ok()  # home agrees
    p.ok()  # visitors agree
    assert link.results[0].visitor_tricks == 6
    assert p.screen is Screen.PENDING
    p.long_back()
    assert p.screen is Screen.WAITING  # reported, waiting for the hub


def test_revokes_with_the_pad(link, hall):
    p = table(link)
    online(p, hall)
    p.enter_result()
    p.keypad(5)
    p.open_revokes()
    p.decrement()  # never below 0
    p.increment()  # home
    p.ok()  # now the visitors' side
    assert p.view.revokes.visitors_role == "highlight"
    p.increment()
    p.increment()
    p.ok()  # done
    assert p.screen is Screen.ENTRY
    assert p.view.entry.revokes.text == "Revokes: 3"
    assert p.draft is not None
    assert (p.draft.revokes_home, p.draft.revokes_visitors) == (1, 2)
    p.open_revokes()
    p.remove_revoke("visitors")
    assert p.view.revokes.visitors_count == "1"
    assert p.view.revokes.home_minus.enabled
    p.set_revokes("home", 0)
    assert p.view.revokes.home_minus.role == "disabled"


def test_intents_out_of_place_change_nothing(link, hall):
    p = table(link)
    online(p, hall)
    before = p.view
    for intent in (p.next, p.confirm_home, p.confirm_visitors, p.close_revokes, p.dismiss):
        intent()
    p.keypad(14)  # the hand's keypad has 0 to 13
    p.add_revoke("home")
    assert p.view == before


# ---------------------------------------------------------------- three taps, tap safety


def test_three_taps_from_the_hand_to_a_result(link, hall):
    p = table(link)
    online(p, hall)
    assert p.screen is Screen.HAND
    hand = p.view.hand
    assert hand.question == "Tricks the visitors took:"
    assert [k.text for k in hand.keys] == [str(n) for n in range(14)]
    taps = [lambda: p.keypad(8), p.confirm_home, p.confirm_visitors]
    for tap in taps:
        assert not link.results
        tap()
    (result,) = link.results
    assert (result.visitor_tricks, result.home_tricks) == (8, 5)
    assert len(taps) == 3 and p.screen is Screen.PENDING


def test_a_wrong_number_is_fixed_before_agreeing(link, hall):
    p = table(link)
    online(p, hall)
    p.keypad(8)
    assert p.view.confirm.tricks and p.view.confirm.back.text == "Change"
    p.confirm_home()
    p.back()  # Change: the hand's keypad again, 8 still chosen, the agreement forgotten
    assert p.screen is Screen.HAND and p.view.hand.keys[8].role == "selected"
    p.keypad(9)
    assert p.view.confirm.home.text == "Home: agree"
    p.confirm_home()
    p.confirm_visitors()
    assert [r.visitor_tricks for r in link.results] == [9]
    # Change, then Back on the hand screen: nothing chosen any more.
    p2 = table(FakeLink())
    online(p2, hall)
    p2.keypad(3)
    p2.back()
    p2.back()
    assert p2.screen is Screen.HAND and all(k.role == "normal" for k in p2.view.hand.keys)


def test_revokes_are_one_tap_from_the_hand_and_from_the_confirm_screen(link, hall):
    p = table(link)
    online(p, hall)
    p.open_revokes()
    assert p.screen is Screen.REVOKES
    p.add_revoke("home")
    p.close_revokes()
    assert p.screen is Screen.HAND and p.view.hand.revokes.text == "Revokes: 1"
    p.keypad(6)
    assert p.view.confirm.revokes  # the revoke, in words
    p.confirm_home()
    p.open_revokes()  # from "Is this right?": back there, and both sides agree again
    p.add_revoke("visitors")
    p.close_revokes()
    assert p.screen is Screen.CONFIRM and p.view.confirm.home.text == "Home: agree"
    p.confirm_home()
    p.confirm_visitors()
    (result,) = link.results
    assert (result.visitor_tricks, result.revokes.home, result.revokes.visitors) == (6, 1, 1)


def test_agreeing_twice_says_whose_tap_is_missing(link, hall):
    p = table(link)
    online(p, hall)
    p.keypad(7)
    assert p.view.confirm.note == "Each side taps its own button."
    p.confirm_home()
    assert p.view.confirm.note == "Home agreed. Now the visitors."
    p.confirm_home()
    confirm = p.view.confirm
    assert confirm.note_role == "bad" and confirm.note.startswith("Home has agreed already:")
    assert link.results == [] and p.screen is Screen.CONFIRM
    p.confirm_visitors()
    assert len(link.results) == 1
    q = table(FakeLink())
    online(q, hall)
    q.keypad(7)
    q.confirm_visitors()
    q.confirm_visitors()
    assert q.view.confirm.note.startswith("The visitors have agreed already:")


class Clock:
    """Time as the test says it is."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_taps_are_ignored_for_a_moment_after_the_screen_changes(link, hall):
    clock = Clock()
    p = table(link, clock=clock, tap_guard=0.5)
    online(p, hall, 1, "waiting")
    clock.now += 1
    p.on_view(hall.view(1))  # the leader starts the hand: who goes where
    assert p.screen is Screen.MOVE
    p.dismiss()  # a finger that was on its way to something else: ignored
    assert p.screen is Screen.MOVE and not p.taps_open()
    clock.now += 0.5
    assert p.taps_open()
    p.dismiss()
    assert p.screen is Screen.HAND
    p.keypad(8)  # the hand has only just appeared
    assert p.screen is Screen.HAND
    clock.now += 0.6
    p.keypad(8)
    p.confirm_home()  # a double tap on the 8 must not agree for home
    assert not p.draft.home_agrees
    clock.now += 0.6
    p.confirm_home()
    p.confirm_visitors()  # the same screen: no pause between the two sides
    assert len(link.results) == 1
    p.call_leader()  # right after "agree": the saved screen does not call the leader
    assert link.calls == 0


# ---------------------------------------------------------------- the hub's answers


def test_a_refusal_is_translated_and_the_numbers_come_back(link, hall):
    p = table(link)
    online(p, hall)
    to_confirm(p, 9)
    p.confirm_home()
    p.confirm_visitors()
    (result,) = link.results
    p.on_ack(ack(result, "rejected", reason="table 2 already reported…", code="conflict"), result)
    assert p.view.screen is Screen.REJECTED
    assert p.view.rejected.reason.startswith("A different result was already recorded")
    assert p.view.rejected.hub_reason == ""
    p.set_language("fr")
    assert p.view.rejected.reason.startswith("Un autre résultat a déjà été enregistré")
    p.enter_again()
    assert p.screen is Screen.ENTRY and p.view.entry.readout == "Visiteurs 9 · Locaux 4"


def test_a_refusal_nobody_translated_shows_the_hubs_words(link, hall):
    p = table(link)
    online(p, hall)
    to_confirm(p, 9)
    p.confirm_home()
    p.confirm_visitors()
    (result,) = link.results
    p.on_ack(ack(result, "rejected", reason="the moon is full", code="lunar"), result)
    assert p.view.rejected.reason == "The leader's computer says:"
    assert p.view.rejected.hub_reason == "the moon is full"


def test_nothing_says_sent_when_the_disk_failed(link, hall):
    p = table(link)
    online(p, hall)
    link.broken_disk = True
    to_confirm(p, 7)
    p.confirm_home()
    p.confirm_visitors()
    assert p.screen is Screen.CONFIRM
    assert p.view.confirm.error == "This screen could not save the result. Please call the leader."
    assert p.pending == {}


def test_offline_the_result_is_kept_and_the_screen_says_so(link, hall):
    p = table(link)
    online(p, hall)
    p.on_hub_status(False)
    # The bar keeps the table and the hand; the band below says why, in players' words.
    assert p.view.header.offline == "No connection: your taps are kept."
    assert p.view.header.banner == ""
    assert p.view.header.title == "Table 2" and p.view.header.info.startswith("Hand 1 of")
    to_confirm(p, 7)
    p.confirm_home()
    p.confirm_visitors()
    assert p.view.pending.status.startswith("The leader's computer cannot be reached right now.")
    p.on_connection(False)
    assert p.view.header.offline == "No connection: your taps are kept."
    assert p.view.header.info.startswith("Hand 1 of")


def test_a_restarted_kiosk_shows_what_it_still_has_to_send(hall):
    from whist.protocol import Result, Revokes

    saved = Result(
        id="r-1",
        hand=1,
        table=TABLE,
        visitor_tricks=10,
        home_tricks=3,
        revokes=Revokes(home=0, visitors=0),
    )
    p = table(FakeLink(), pending=[saved])
    assert p.view.screen is Screen.PENDING
    assert p.view.pending.summary == "Hand 1: visitors 10, home 3"
    online(p, hall)
    assert p.view.screen is Screen.PENDING  # the hand is on, but ours is still unanswered
    p.on_ack(ack(saved, "duplicate", flags=10), None)
    assert p.view.screen is Screen.ACCEPTED
    p.on_view(hall.view(1, results=[(TABLE, 10)]))
    assert p.view.accepted.instruction == "Home: give 2 flags to the visitors."


def test_a_new_hand_never_interrupts_typing(link, hall):
    p = table(link)
    online(p, hall)
    to_confirm(p, 7)
    p.on_view(hall.view(2))  # the leader started hand 2 meanwhile (O1)
    assert p.screen is Screen.CONFIRM
    p.confirm_home()
    p.confirm_visitors()
    assert link.results[0].hand == 1
    p.back()  # leave the pending screen: the move of hand 2 was kept for now
    assert p.screen is Screen.MOVE


def test_a_hand_closed_while_typing_says_so(link, hall):
    p = table(link)
    online(p, hall)
    p.enter_result()
    p.on_view(hall.view(1, "closed"))
    assert p.screen is Screen.WAITING
    assert p.view.header.banner.startswith("The leader closed this hand")


# ---------------------------------------------------------------- the leader, languages


def call(p: TablePresenter, reason: int = 2) -> None:
    """The call button, a reason, then the call confirmed."""
    p.call_leader()
    p.call_reason(reason)
    p.call_send()


def test_a_call_says_why_and_is_confirmed_before_it_goes(link, hall):
    """Issue 25, item 13: the call button opens a page of reasons; nothing goes out before
    the reason and the confirmation; the page then gives back what was on show (a result
    half tapped in included)."""
    p = table(link)
    online(p, hall)
    p.keypad(8)
    p.confirm_home()
    p.call_leader()
    assert p.screen is Screen.CALL and link.calls == 0
    page = p.view.call
    assert [b.text for b in page.reasons] == ["Misdeal", "A revoke question", "Something else"]
    assert not page.send.enabled
    p.call_send()  # no reason yet: nothing goes
    assert link.calls == 0
    p.call_reason(1)
    assert p.view.call.reasons[1].role == "selected" and p.view.call.send.enabled
    p.back()  # changed their minds: nothing sent, the result as it was
    assert p.screen is Screen.CONFIRM and p.draft.home_agrees and link.calls == 0
    p.call_leader()
    p.increment()  # a button pad: + walks through the reasons, OK calls
    p.ok()
    assert link.topics == ["misdeal"]
    assert p.screen is Screen.CONFIRM and p.draft.home_agrees
    assert p.view.header.banner == "The leader has been called. Please wait at your table."
    fr = table(FakeLink(), language="fr")
    online(fr, hall)
    fr.call_leader()
    assert [b.text for b in fr.view.call.reasons] == [
        "Donne mal faite",
        "Une question de renonce",
        "Autre chose",
    ]
    assert fr.view.call.send.text == "Appeler l'arbitre maintenant"
    fr.call_reason(0)
    fr.call_send()
    # the call's banner, and its one line at the reading type for the 800x480 bar (issue 25)
    assert (fr.view.header.banner, fr.view.header.banner_short) == (
        "L'arbitre a été appelé. Attendez à votre table.",
        "Arbitre appelé\u00a0: attendez.",
    )


def test_calling_the_leader_until_the_leader_clears_it(link, hall):
    p = table(link)
    online(p, hall)
    call(p)
    assert link.calls == 1
    assert p.view.hand.call.text == "Leader called" and not p.view.hand.call.enabled
    assert p.view.header.banner == "The leader has been called. Please wait at your table."
    assert p.view.header.banner_short == "Leader called: please wait."
    p.call_leader()
    assert link.calls == 1  # once is enough
    p.on_state(hall.state(1, calling=[TABLE]))
    p.on_state(hall.state(1, calling=[]))
    assert p.call == "none" and p.view.header.banner == p.view.header.banner_short == ""
    link.online = False
    call(p)
    p.on_connection(False)
    assert p.view.header.offline == "No connection: wave to the leader."


def test_a_call_pending_at_the_hub_shows_after_a_restart(link, hall):
    p = table(link)
    online(p, hall)
    p.on_state(hall.state(1, calling=[TABLE, 5]))
    assert p.view.hand.call.text == "Leader called"


def test_language_follows_the_file_then_the_button(link):
    gaspesie = Hall("gaspesie")
    p = table(link, language="en")
    online(p, gaspesie)
    assert p.language == "en"  # kiosk.toml said so
    assert p.view.header.language.text == "Français"
    p.toggle_language()
    assert p.view.header.info == "Manche 1 sur 3 · jour\u00a01"
    assert p.view.header.language.text == "English"


# ---------------------------------------------------------------- every text is translated


def _texts(value: object, path: str = "") -> list[tuple[str, str]]:
    if isinstance(value, str):
        return [(path, value)]
    if dataclasses.is_dataclass(value):
        out = []
        for f in dataclasses.fields(value):
            if f.name in VERBATIM_FIELDS or f.name.endswith("role"):
                continue
            if f.name in ("screen", "language"):
                continue
            out += _texts(getattr(value, f.name), f"{path}.{f.name}")
        return out
    if isinstance(value, tuple):
        return [t for i, v in enumerate(value) for t in _texts(v, f"{path}[{i}]")]
    return []


_MARKED = re.compile(r"⟪[^⟪⟫]*⟫")


def untranslated(vm: ViewModel) -> list[tuple[str, str]]:
    """Texts with letters that did not come through the catalog (numbers, seat labels inside
    a translated template, suit symbols and punctuation are fine)."""
    bad = []
    for path, text in _texts(vm):
        rest = text
        while _MARKED.search(rest):
            rest = _MARKED.sub("", rest)
        if re.search(r"[^\W\d_]", rest):
            bad.append((path, text))
    return bad


def test_every_visible_text_goes_through_the_catalog(link):
    for fmt in ("alberta", "gaspesie"):
        hall = Hall(fmt)
        link = FakeLink()
        p = TablePresenter(TABLE, link=link, translators=marking_translator, tap_guard=0)
        views = [p.view]
        p.on_connection(True)
        p.on_hub_status(True)
        p.on_view(hall.view(1, "waiting"))
        views.append(p.view)
        p.on_state(hall.state(1))
        p.on_view(hall.view(1))
        views.append(p.view)  # move
        p.dismiss()
        views.append(p.view)  # hand
        p.enter_result()
        p.keypad(6)
        views.append(p.view)
        p.open_revokes()
        p.add_revoke("home")
        views.append(p.view)
        p.close_revokes()
        p.next()
        p.confirm_home()
        views.append(p.view)
        p.on_hub_status(False)
        p.confirm_visitors()
        views.append(p.view)  # pending, offline banner
        p.on_hub_status(True)
        (result,) = link.results
        p.on_ack(ack(result, flags=11, points=1), result)
        views.append(p.view)
        p.dismiss()
        p.on_view(hall.view(1, "closed"))
        views.append(p.view)
        p.on_view(hall.view(2))
        views.append(p.view)
        p.dismiss()
        to_confirm(p, 3)
        p.confirm_home()
        p.confirm_visitors()
        second = link.results[-1]
        p.on_ack(ack(second, "rejected", reason="x", code="hand_closed"), second)
        p.call_leader()
        views.append(p.view)
        for vm in views:
            assert untranslated(vm) == [], vm.screen


def test_the_check_would_catch_a_forgotten_text():
    vm = ViewModel()
    vm = dataclasses.replace(vm, hand=dataclasses.replace(vm.hand, home="⟪Home: {p}⟫ and more"))
    assert untranslated(vm) == [(".hand.home", "⟪Home: {p}⟫ and more")]


def test_a_gaspesie_hand_is_a_manche_in_french():
    link, hall = FakeLink(), Hall("gaspesie")
    p = table(link, language=None)
    online(p, hall)
    assert p.view.header.info == "Manche 1 sur 3 · jour\u00a01"
    to_confirm(p, 9)
    p.confirm_home()
    p.confirm_visitors()
    (result,) = link.results
    p.on_ack(ack(result, "rejected", reason="…", code="conflict"), result)
    assert "cette table et cette manche" in p.view.rejected.reason
    p.set_language("en")
    assert "this table and hand" in p.view.rejected.reason


@pytest.mark.parametrize("language", ["en", "fr"])
def test_players_screens_say_no_hub_and_no_kiosk(link, hall, language):
    p = table(link, language=language)
    views = [p.view]
    p.on_connection(True)
    views.append(p.view)
    online(p, hall, 1, "waiting")
    views.append(p.view)
    p.on_view(hall.view(1))
    views.append(p.view)  # move
    p.dismiss()
    views.append(p.view)  # hand
    p.keypad(9)
    p.on_hub_status(False)
    p.confirm_home()
    p.confirm_home()
    views.append(p.view)  # confirm, offline
    p.confirm_visitors()
    views.append(p.view)  # pending, offline
    p.on_hub_status(True)
    (result,) = link.results
    p.on_ack(ack(result, "rejected", reason="no", code="wrong_hand"), result)
    views.append(p.view)
    p.on_connection(False)
    views.append(p.view)
    words = re.compile(r"\bhub\b|\bkiosk\b|poste central|borne", re.IGNORECASE)
    for vm in views:
        part = getattr(vm, vm.screen.value.replace("-", "_"))
        texts = [vm.header.title, vm.header.info, vm.header.banner]
        for f in dataclasses.fields(part):
            value = getattr(part, f.name)
            texts.append(value.text if hasattr(value, "text") else value)
        said = [t for t in texts if isinstance(t, str) and words.search(t)]
        assert not said, (vm.screen, said)


def test_a_last_result_says_the_revokes_that_decided_it(hall):
    """Visitors 6, home 7, but the home side revoked once: the visitors count 8 and take a
    flag. The line that says the result says why, or the side with 7 tricks is lost."""
    from kiosk import words
    from kiosk.i18n import translator
    from whist.events import ResultRecorded
    from whist.protocol import TableView
    from whist.views import TableViews

    t = hall.tournament(1, "playing", [])
    t.apply(ResultRecorded("r-rev", 1, TABLE, 6, revokes_home=1))
    view = TableView.model_validate(TableViews(t).body(TABLE))
    (res,) = [r for r in view.results if r.table == TABLE]
    assert words.result_line(translator("en"), "flags", res) == (
        "Last result (hand 1): visitors 6, home 7. Visitors take 1 flag. "
        "With the revokes, the visitors count 8 tricks."
    )
    assert words.result_line(translator("fr"), "flags", res).endswith(
        "Avec les renonces, les visiteurs comptent 8\u00a0levées."
    )


# ---------------------------------------------------------------- words a reviewer read


def accepted(p: TablePresenter, link: FakeLink, hall: Hall, tricks: int) -> None:
    """Both sides agree on ``tricks``; the hub accepts it and publishes the table's view."""
    to_confirm(p, tricks)
    p.confirm_home()
    p.confirm_visitors()
    (result,) = link.results
    p.on_ack(ack(result), result)
    p.on_view(hall.view(1, results=[(TABLE, tricks)]))


def test_gaspesie_points_name_the_team_and_say_the_outcome_once():
    """Home and visitors read the same screen: the points are the home team's, by name; the
    points won are said once, in big type (the line above it says the tricks)."""
    link, hall = FakeLink(), Hall("gaspesie")
    p = table(link, language="fr")
    online(p, hall)
    accepted(p, link, hall, 7)
    a = p.view.accepted
    assert a.outcome == "Manche 1\u00a0: visiteurs\u00a07, locaux\u00a06."
    assert a.instruction == "Les visiteurs gagnent 1\u00a0point"
    assert a.detail == "Équipe 2 a maintenant 0\u00a0point."
    p.set_language("en")
    a = p.view.accepted
    assert a.outcome == "Hand 1: visitors 7, home\u00a06."
    assert a.instruction == "Visitors win 1 point"
    assert a.detail == "Équipe 2 now has 0 points."  # the tournament file's name
    p.ok()
    assert p.view.waiting.score_label == "points for Équipe 2"
    p.set_language("fr")
    assert p.view.waiting.score_label == "point pour Équipe 2"
    # the waiting screen has no big outcome: its line says the points won, once
    assert p.view.waiting.last_result.count("gagnent") == 1


def test_both_sides_buttons_are_worded_alike(link, hall):
    p = table(link, language="fr")
    online(p, hall)
    to_confirm(p, 8)
    c = p.view.confirm
    assert c.home.text == "Locaux\u00a0: approuver"
    assert c.visitors.text == "Visiteurs\u00a0: approuver"
    p.confirm_home()
    assert p.view.confirm.home.text == "✓ Locaux\u00a0: approuvé"
    p.set_language("en")
    assert p.view.confirm.home.text == "✓ Home: agreed"
    assert p.view.confirm.visitors.text == "Visitors: agree"
    p.back()
    p.next()
    p.confirm_visitors()
    assert p.view.confirm.visitors.text == "✓ Visitors: agreed"
    p.set_language("fr")
    assert p.view.confirm.visitors.text == "✓ Visiteurs\u00a0: approuvé"


def test_one_visitor_moving_on_is_one_player():
    link, hall = FakeLink(), Hall("gaspesie")
    p = table(link, language="fr")
    online(p, hall, 1)
    p.on_view(hall.view(2))
    lines = p.view.move.lines.splitlines()
    assert "Joueur 1 (visiteur)\u00a0: continuez à la table 3" in lines
    assert "Joueur 3 (visiteur)\u00a0: retournez à votre table 1" in lines
    assert not any(line.startswith("Visiteurs Joueur") for line in lines)


def test_a_short_last_word_stays_with_the_words_before_it(link, hall):
    """"flag." alone on a wrapped line's end: a short last word is tied to the one before."""
    from kiosk import words
    from kiosk.i18n import translator

    (res,) = [r for r in hall.view(1, "closed", results=[(TABLE, 8)]).results if r.table == TABLE]
    assert words.result_line(translator("en"), "flags", res) == (
        "Last result (hand 1): visitors 8, home 5. Visitors take 1\u00a0flag."
    )
    # French ties a number to its unit already: nothing more to tie
    assert words.result_line(translator("fr"), "flags", res).endswith(
        "Les visiteurs prennent 1\u00a0drapeau."
    )


def test_the_flags_to_give_say_the_outcome_once(link, hall):
    p = table(link)
    online(p, hall)
    accepted(p, link, hall, 8)
    a = p.view.accepted
    assert (a.outcome, a.instruction) == (
        "Hand 1: visitors 8, home\u00a05.",
        "Home: give 1 flag to the visitors.",
    )
    p.set_language("fr")
    a = p.view.accepted
    assert (a.outcome, a.instruction) == (
        "Main 1\u00a0: visiteurs\u00a08, locaux\u00a05.",
        "Locaux\u00a0: donnez 1\u00a0drapeau aux visiteurs.",
    )


def test_a_french_kiosk_connects_in_french(link):
    """Before the hub speaks the kiosk knows only kiosk.toml: a French hall's says "fr"."""
    p = table(link, language="fr")
    assert p.view.connecting.message == "Connexion à l'ordinateur de l'arbitre…"
