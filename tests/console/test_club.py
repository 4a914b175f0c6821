"""The leader's console on a club night: tables by progress, a table's deals, correcting one,
entering a deal for a table whose kiosk failed, ending the night, the hub's refusals. The
night is held by the core (whist.night) and answered through tests.clubnight.ClubLink."""

from __future__ import annotations

from console.presenter import LeaderPresenter
from console.viewmodel import Screen
from tests.clubnight import ClubLink, club_night, play
from whist.protocol import CorrectDeal, EndNight

GRAND_NS = {"granded": "NS", "ns_tricks": 9}
LOW = {"granded": "low", "ns_tricks": 4}


def console(night, language="en", **state) -> tuple[LeaderPresenter, ClubLink]:
    link = ClubLink(night, **state)
    p = LeaderPresenter(link=link, language=language)
    link.attach(p)
    link.deliver()
    return p, link


def test_tables_are_listed_by_progress_calls_and_offline_first():
    night = club_night("minnesota", 4)
    play(night, 1, GRAND_NS, LOW)
    play(night, 2, GRAND_NS)
    p, _ = console(night, calling=[3], offline=[4])
    v = p.view
    assert v.screen is Screen.NIGHT
    assert v.night.title == "Minnesota whist · game to 13"
    order = [(t.table, t.status) for t in v.night.tables]
    assert order == [("3", "Calls you"), ("4", "Offline"), ("2", "Playing"), ("1", "Playing")]
    one = v.night.tables[-1]
    assert one.players == "Eleanor & Harold · Margaret & Gérard"
    assert one.progress == "2 deals · game in play NS 6 \N{EN DASH} EW 0"
    assert v.night.summary == "3 deals played in all"
    assert v.night.offline == "Offline: table 4"
    assert v.night.end.text == "End the night…"
    assert not v.tabs.tiebreaks.visible


def test_a_tables_deals_latest_first_and_correcting_one():
    night = club_night("minnesota", 2)
    play(night, 1, GRAND_NS, LOW)
    p, link = console(night)
    p.tables.open_table(1)
    link.deliver()
    v = p.view.deals
    assert p.view.screen is Screen.DEALS
    assert [r.deal for r in v.rows] == ["Deal 2", "Deal 1"]
    assert v.rows[1].entered == "NS granded · tricks NS 9, EW 4"
    assert v.rows[1].scored == "NS +3 (grand)"
    p.deals.open_deal(1)
    assert p.view.screen is Screen.DEAL
    assert not p.view.deal.save.enabled  # a reason is required
    p.deal.deal_field("ns_tricks", 10)
    p.deal.reason_preset(0)
    assert p.view.deal.readout == "NS granded · tricks NS 10, EW 3"
    assert p.view.deal.save.enabled
    p.deal.confirm_deal()
    (sent,) = [c for c in link.sent if isinstance(c, CorrectDeal)]
    assert (sent.table, sent.deal, sent.reason) == (1, 1, "Players recounted")
    link.deliver()
    link.deliver()  # the deals asked again after the correction
    assert p.view.message.text == "Table 1, deal 1: saved. The scores follow."
    rows = p.view.deals.rows
    assert rows[1].scored == "NS +4 (grand) · corrected by the leader"


def test_entering_a_deal_for_a_table_whose_kiosk_failed():
    night = club_night("english", 2)
    p, link = console(night, offline=[2])
    p.tables.open_table(2)
    link.deliver()
    v = p.view.deals
    assert v.empty == "No deal recorded at this table yet."
    assert v.enter.text == "Enter deal 1 for the table" and v.enter.role == "primary"
    p.deals.open_enter()
    form = p.view.deal
    assert form.title == "Table 2, deal 1: enter it for the table"
    assert len(form.trumps) == 4 and len(form.honours) == 5 and form.granded == ()
    p.deal.deal_field("trump", "hearts")
    p.deal.deal_field("ns_tricks", 8)
    p.deal.deal_field("honours", "EW:4")
    p.deal.deal_revoke("NS", 1)
    p.deal.set_reason("sheet")
    p.deal.confirm_deal()
    link.deliver()
    link.deliver()
    assert night.recorded(2, 1).record == {
        "trump": "hearts",
        "ns_tricks": 8,
        "honours": "EW",
        "honours_held": 4,
        "ns_revokes": 1,
    }
    assert p.view.deals.rows[0].deal == "Deal 1"


def test_the_hubs_refusal_is_shown_with_its_reason():
    night = club_night("minnesota", 2)
    p, link = console(night)
    p.tables.open_table(1)
    link.deliver()
    p.deals.open_enter()
    p.deal.deal_field("ns_tricks", 9)  # Minnesota needs to know who granded: the form waits
    p.deal.set_reason("test")
    assert not p.view.deal.save.enabled
    p.deal.deal_field("granded", "EW")
    p.deal.confirm_deal()
    link.deliver()
    # a deal beyond the next one is refused by the core, in its own words
    p.router.draft = None
    p.router.mode = Screen.DEALS
    link.send(
        CorrectDeal(id="c-x", table=1, deal=5, record={"granded": "NS", "ns_tricks": 9}, reason="x")
    )
    p.replies.sending["c-x"] = link.sent[-1]
    link.deliver()
    assert p.view.message.role == "message-bad"
    assert p.view.message.text == (  # which command was refused; the saved deal stands
        "Not saved — deal 5: table\u00a01 has 1 deal so far (correct it, or enter deal 2). "
        "The saved deals are unchanged."
    )
    p.set_language("fr")  # the leader's language, not the hub's English
    assert p.view.message.text == (
        "Non enregistrée — donne 5\u00a0: la table\u00a01 n'a encore que 1 donne (corrigez-la, "
        "ou saisissez la donne 2). Les donnes déjà enregistrées ne changent pas."
    )


def test_ending_the_night_says_what_it_means_then_final_standings():
    night = club_night("minnesota", 2)
    play(night, 1, GRAND_NS)
    p, link = console(night, language="fr")
    p.tables.primary()
    v = p.view.confirm
    assert p.view.screen is Screen.CONFIRM
    assert v.title == "Terminer la soirée\u00a0?"
    assert "Classement final" in v.body
    assert v.detail.splitlines()[0].startswith("Table\u00a01\u00a0: 1 donne")
    p.set_language("en")
    assert "cannot be undone" in p.view.confirm.body
    p.confirm.confirm()
    assert any(isinstance(c, EndNight) for c in link.sent)
    link.deliver()
    assert p.view.message.text.startswith("The night is over (1 deal in all)")
    assert p.view.night.end.text == "Final standings"
    assert {t.status for t in p.view.night.tables} == {"Night over"}
    p.show("standings")
    st = p.view.standings
    assert st.title == "Final standings"
    assert [(r.rank, r.name, r.score, r.days) for r in st.rows][:2] == [
        ("1", "Eleanor & Harold (NS)", "0", "3"),
        ("2=", "Margaret & Gérard (EW)", "0", "0"),
    ]


def test_once_the_night_has_ended_every_tile_says_so_and_a_call_stays_calm():
    night = club_night("minnesota", 4)
    play(night, 1, GRAND_NS)
    p, link = console(night, calling=[3], offline=[4])
    assert p.view.night.tables[0].status == "Calls you"
    p.tables.primary()
    p.confirm.confirm()
    link.deliver()
    # this hub clears every call at the night's end (tests/console/test_club_calls.py); an
    # older one still lists it: said calmly
    link.state["calling"] = [3]
    link.publish()
    tiles = {t.table: (t.status, t.role) for t in p.view.night.tables}
    assert tiles == {
        "1": ("Night over", "tile-reported"),
        "2": ("Night over", "tile-reported"),
        "3": ("Night over · calls you", "tile-reported"),  # the hub still lists the call
        "4": ("Night over", "tile-reported"),
    }
    assert p.view.header.banner_role == "banner-info"  # still said, no longer an alarm
    p.set_language("fr")
    assert {t.status for t in p.view.night.tables} == {
        "Soirée finie",
        "Soirée finie · vous appelle",
    }
