"""The table counts its own flags at a day's end (rules A19): the waiting screen asks, a
ten-key pad takes the number, "Is this right?", then the hub's word on it."""

from __future__ import annotations

from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen
from tests.kiosk.conftest import TABLE, FakeLink, Hall, online
from whist.events import CountAccepted, DayEnded, FlagsCounted, HandStarted, ResultRecorded
from whist.pattern import default_spec
from whist.protocol import Ack, TableView
from whist.tournament import Tournament
from whist.views import TableViews


def day_over(*counted: int) -> Tournament:
    """Two days (hands 1-30, 31-50); day 1 ended after hand 1, where table 2's visitors took
    2 flags; ``counted``: the flags table 2 reported, one count after the other."""
    t = Tournament.new(default_spec("alberta", 4, 50))
    t.apply(HandStarted(1, None))
    for tab in (1, 2, 3, 4):
        t.apply(ResultRecorded(f"r{tab}", 1, tab, 10 if tab == TABLE else 6))
    t.apply(DayEnded(1, early=True))
    for n, flags in enumerate(counted):
        t.apply(FlagsCounted(1, TABLE, flags, f"k{n}"))
    return t


def view(t: Tournament) -> TableView:
    return TableView.model_validate(TableViews(t).body(TABLE))


def kiosk(link: FakeLink, language: str = "en") -> TablePresenter:
    p = TablePresenter(TABLE, link=link, language=language, tap_guard=0, new_id=lambda: "k-new")  # type: ignore[arg-type]
    online(p, Hall(tables=4, hands=50))
    p.on_view(view(day_over()))
    return p


def type_in(p: TablePresenter, *digits: int) -> None:
    p.count_flags()
    for d in digits:
        p.count_key(d)


def test_the_day_over_screen_asks_for_the_count(link):
    p = kiosk(link)
    w = p.view.waiting
    assert p.view.screen is Screen.WAITING
    assert w.count.text == "Count the flags" and w.count.visible and w.count.role == "primary"
    # every flag on the table, lent ones too: not the score above it (rules A6, A19)
    assert w.count_line == "Count every flag on this table, lent ones too, in fives."
    assert w.score_label == "team score"


def test_count_confirm_send_and_the_hubs_answer(link):
    p = kiosk(link)
    type_in(p, 1, 1)
    assert p.view.screen is Screen.COUNT
    c = p.view.count
    assert (c.title, c.value) == ("How many flags are on this table?", "11 flags")
    assert c.next.enabled and c.erase.enabled
    p.count_next()
    assert p.view.screen is Screen.COUNT_CONFIRM
    assert (p.view.count_confirm.number, p.view.count_confirm.words) == (
        "11",
        "flags on this table",
    )
    p.back()  # Change: the number is still there
    assert p.view.count.value == "11 flags"
    p.count_next()
    p.count_send()
    (sent,) = link.counts
    assert (sent.table, sent.day, sent.flags) == (TABLE, 1, 11)
    assert p.view.screen is Screen.WAITING
    assert p.view.waiting.count_line == "Counted: 11 flags — sending it to the leader…"
    p.on_ack(Ack(id=sent.id, status="accepted", day=1), sent)
    p.on_view(view(day_over(11)))
    assert p.view.waiting.count_line == ("Counted: 11 flags — the leader has been told it differs.")
    assert p.view.waiting.count.text == "Count again"
    p.on_view(view(day_over(11, 10)))  # the verifier's recount, or the players'
    assert p.view.waiting.count_line == "Counted: 10 flags — it agrees."


def test_the_pad_erases_and_stops_at_three_digits(link):
    p = kiosk(link)
    type_in(p, 0, 0, 1, 2, 3, 4)
    assert p.view.count.value == "123 flags"
    assert not p.view.count.keys[5].enabled
    for _ in range(3):
        p.count_erase()
    assert p.view.count.value == "—" and not p.view.count.next.enabled
    p.count_next()
    assert p.view.screen is Screen.COUNT  # nothing to confirm
    p.back()
    assert p.view.screen is Screen.WAITING


def test_a_refused_count_says_call_the_leader(link):
    p = kiosk(link)
    type_in(p, 9)
    p.ok()
    p.ok()  # a hardware OK button: Next, then send
    (sent,) = link.counts
    p.on_ack(Ack(id=sent.id, status="rejected", code="out_of_range", reason="no"), sent)
    assert p.view.header.banner == "The count was not accepted: please call the leader."
    # its one line at the reading type, for the 800x480 bar (issue 25)
    assert p.view.header.banner_short == "Count refused: call the leader."
    p.toggle_language()
    assert p.view.header.banner_short == "Compte refusé\u00a0: voir l'arbitre."


def test_a_count_not_saved_is_never_said_sent(link):
    link.broken_disk = True
    p = kiosk(link)
    type_in(p, 1, 2)
    p.count_next()
    p.count_send()
    assert p.view.screen is Screen.COUNT
    assert "could not save the count" in p.view.header.banner
    assert p.view.header.banner_short == "Count not kept: call the leader."


def test_the_next_day_puts_the_count_away(link):
    p = kiosk(link)
    type_in(p, 1)
    t = day_over()
    t.apply(HandStarted(31, None))
    p.on_view(view(t))
    assert p.view.screen is not Screen.COUNT
    assert not p.view.waiting.count.visible


def test_a_kiosk_restarted_with_a_count_to_send_says_so(link):
    from whist.protocol import FlagCount

    waiting = FlagCount(id="k-old", table=TABLE, day=1, flags=12)
    p = TablePresenter(TABLE, link=link, language="en", tap_guard=0, pending=[waiting])  # type: ignore[arg-type]
    online(p, Hall(tables=4, hands=50))
    p.on_view(view(day_over()))
    assert p.view.waiting.count_line == "Counted: 12 flags — sending it to the leader…"


def test_french(link):
    p = kiosk(link, "fr")
    assert p.view.waiting.count.text == "Compter les drapeaux"
    type_in(p, 1, 1)
    assert p.view.count.value == "11\xa0drapeaux"
    p.count_next()
    p.count_send()
    (sent,) = link.counts
    p.on_ack(Ack(id=sent.id, status="accepted", day=1), sent)
    p.on_view(view(day_over(11)))
    assert p.view.waiting.count_line == (
        "Compté\xa0: 11\xa0drapeaux — l'arbitre sait que le compte diffère."
    )


def test_the_big_number_is_the_score_and_the_count_takes_every_flag(link):
    """The big number is the team's score (net flags, rule A6), which leaves lent flags out
    and can be below zero; the count asks for every flag on the table, lent ones too (A19)."""
    p = kiosk(link)
    w = p.view.waiting
    assert w.score_label == "team score"
    assert w.subtitle.splitlines()[0] == f"Today's score: {w.score}."
    assert w.count_line == "Count every flag on this table, lent ones too, in fives."
    p.set_language("fr")
    w = p.view.waiting
    assert w.score_label == "score de l'équipe"
    assert w.subtitle.splitlines()[0] == f"Score du jour\u00a0: {w.score}."
    assert w.count_line == "Comptez tous les drapeaux de la table, prêtés compris, par cinq."


def test_an_accepted_count_says_accepted_and_why(link):
    """Issue 25, item 2: the leader took the table's count over the hub's: the kiosk says
    so, with the leader's reason, never "it agrees"."""
    p = kiosk(link)
    t = day_over(11)
    t.apply(CountAccepted(1, TABLE, "counted twice"))
    p.on_view(view(t))
    assert p.view.waiting.count_line == "Counted: 11 flags — accepted by the leader: counted twice."
    p.set_language("fr")
    assert p.view.waiting.count_line == (
        "Compté\xa0: 11\xa0drapeaux — accepté par l'arbitre\xa0: counted twice."
    )
