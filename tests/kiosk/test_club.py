"""A club night at the table's kiosk, with no window: the score screen drawn from the hub's
ClubScore, a deal tapped in and agreed, the hub's answers, the outbox, corrections, the end.

Every message the presenter is given is built by the core (whist.night) the way the hub
builds it: the table's ClubScore, the night's State, and an Ack made from what the core
said of the deal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from kiosk.outbox import Outbox, OutboxError
from kiosk.presenter import TablePresenter
from kiosk.viewmodel import Screen
from tests.clubnight import refused_ack
from whist.errors import TournamentError
from whist.events import DealCorrected, DealRecorded, NightCreated, NightEnded
from whist.formats.draft import PartnershipDraft
from whist.night import ClubNight, club_score, night_state
from whist.nightspec import LengthSpec, default_night, load_night
from whist.protocol import Ack, ClubDeal, ClubScore, Result, State

TABLE = 2
NAMES = {"N": "Eleanor", "E": "Harold", "S": "Margaret", "W": "Bernard"}


@dataclass
class DealLink:
    """The network as the presenter sees it: deals stored and sent, in order."""

    deals: list[ClubDeal] = field(default_factory=list)
    broken_disk: bool = False
    online: bool = True

    def submit(self, result: Result) -> bool:
        raise AssertionError("a club table sends deals, not results")

    def submit_deal(self, deal: ClubDeal) -> bool:
        if self.broken_disk:
            raise OutboxError("disk full")
        self.deals.append(deal)
        return self.online

    def call_leader(self, reason: str = "") -> bool:
        return self.online


class Hub:
    """The hub's side of a club night: the core's ClubNight, and what it publishes."""

    def __init__(
        self,
        game: str = "minnesota",
        tables: int = 3,
        house_rules: tuple[str, ...] = (),
        **kw: object,
    ) -> None:
        data = default_night(game, tables, **kw).to_dict()  # type: ignore[arg-type]
        data["house_rules"] = list(house_rules)
        for seating in data["seating"]:
            seating["players"] = dict(NAMES)
        self.night = ClubNight.replay([NightCreated(load_night(data))])

    def state(self) -> State:
        return night_state(self.night)

    def score(self) -> ClubScore:
        return club_score(self.night, TABLE)

    def take(self, deal: ClubDeal) -> Ack:
        """What the hub answers a deal: the core records it, or says why not."""
        try:
            self.night.apply(DealRecorded(deal.id, deal.table, deal.deal, deal.record.fields()))
        except TournamentError as exc:
            return refused_ack(deal, exc)
        return Ack(id=deal.id, status="accepted", deal=deal.deal)

    def record(self, deal: int, record: dict[str, str | int], table: int = TABLE) -> None:
        self.night.apply(DealRecorded(f"t{table}-{deal}", table, deal, record))


def kiosk(hub: Hub, link: DealLink, language: str = "en", **kw: object) -> TablePresenter:
    p = TablePresenter(TABLE, link=link, language=language, **kw)  # type: ignore[arg-type]
    p.on_connection(True)
    p.on_hub_status(True)
    p.on_state(hub.state())
    p.on_score(hub.score())
    return p


def send(p: TablePresenter, hub: Hub, link: DealLink) -> Ack:
    """The hub receives the kiosk's latest deal and answers it."""
    ack = hub.take(link.deals[-1])
    p.on_ack(ack, None)
    p.on_score(hub.score())
    return ack


@pytest.fixture
def link() -> DealLink:
    return DealLink()


# ---------------------------------------------------------------- the score screen


def test_a_club_state_shows_the_score_screen_from_the_hubs_score(link):
    hub = Hub("minnesota")
    p = TablePresenter(TABLE, link=link, language="en")  # type: ignore[arg-type]
    p.on_connection(True)
    p.on_hub_status(True)
    p.on_state(hub.state())
    assert p.view.screen is Screen.CONNECTING
    assert p.view.connecting.message == "Waiting for this table's score…"
    p.on_score(hub.score())
    vm = p.view
    assert vm.screen is Screen.CLUB_SCORE
    s = vm.club_score
    assert s.title == "Minnesota whist · game to 13"
    assert (s.ns_label, s.ns_players, s.ns_score) == (
        "North-South",
        "North-South: Eleanor & Margaret",
        "0",
    )
    assert (s.ew_label, s.ew_players, s.ew_score) == (
        "East-West",
        "East-West: Harold & Bernard",
        "0",
    )
    assert s.ns_detail == "0 games · game to 13"
    assert s.last == "No deal yet."
    assert s.enter.text == "Enter deal 1"
    assert vm.header.info == "Deal 1 · Eleanor deals"
    # a narrow bar says who deals: the deal's number is on the button below (issue 29)
    assert vm.header.info_short == "Eleanor deals"


# ---------------------------------------------------------------- a whole deal


def tap_minnesota_deal(p: TablePresenter) -> int:
    """North-South grand, 9 tricks, both sides agree; returns the number of taps."""
    taps = [
        p.enter_deal,
        lambda: p.pick(0),  # North-South grand
        lambda: p.keypad(9),
        p.next,
        p.confirm_home,  # North-South agree
        p.confirm_visitors,  # East-West agree
    ]
    for tap in taps:
        tap()
    return len(taps)


def test_a_whole_minnesota_deal_in_six_taps(link):
    hub = Hub("minnesota")
    p = kiosk(hub, link)
    p.enter_deal()
    pick = p.view.club_pick
    assert p.view.screen is Screen.CLUB_PICK
    assert pick.question == "Deal 1: who played grand?"
    assert [o.text for o in pick.options if o.visible] == [
        "North-South grand",
        "East-West grand",
        "Everyone low",
    ]
    p.pick(0)
    assert p.view.screen is Screen.ENTRY
    assert p.view.entry.question == "How many tricks did North-South take?"
    p.keypad(8)
    p.keypad(9)  # a wrong number fixed before agreeing
    assert p.view.entry.readout == "North-South 9 · East-West 4"
    p.next()
    confirm = p.view.confirm
    assert confirm.title == "Deal 1: is this right?"
    assert confirm.outcome == "North-South grand\nNorth-South 9 · East-West 4 tricks"
    p.confirm_home()
    assert link.deals == []  # one side is not enough
    assert p.view.confirm.home.text == "✓ North-South agree"
    p.confirm_visitors()
    (deal,) = link.deals
    assert (deal.table, deal.deal, deal.record.fields()) == (
        TABLE,
        1,
        {"granded": "NS", "ns_tricks": 9},
    )
    assert p.view.screen is Screen.PENDING
    assert p.view.pending.summary == "Deal 1: NS grand · NS 9 · EW 4 tricks"

    send(p, hub, link)
    vm = p.view
    assert vm.screen is Screen.CLUB_SCORE
    assert vm.header.banner == ""  # the bar keeps saying who deals next
    # The numbers are the hub's: 3 tricks over six for the side that granded and made it.
    assert (vm.club_score.ns_score, vm.club_score.ew_score) == ("3", "0")
    assert vm.club_score.last == ("Deal 1: NS grand · NS 9 · EW 4 tricks\nNS +3 (grand made)")
    assert (vm.header.info, vm.header.info_short) == ("Deal 2 · Harold deals", "Harold deals")


def test_the_tap_count_of_a_deal_is_measured(link):
    hub = Hub("minnesota")
    p = kiosk(hub, link)
    assert tap_minnesota_deal(p) == 6
    assert len(link.deals) == 1
    # English adds one tap (the honours); American is Minnesota's count with the trump.
    english = kiosk(Hub("english"), DealLink())
    taps = [
        english.enter_deal,
        lambda: english.pick(1),  # hearts
        lambda: english.keypad(8),
        english.next,
        lambda: english.pick(2),  # North-South held four honours
        english.confirm_home,
        english.confirm_visitors,
    ]
    for tap in taps:
        tap()
    (deal,) = english.link.deals  # type: ignore[attr-defined]
    assert deal.record.fields() == {
        "trump": "hearts",
        "ns_tricks": 8,
        "honours": "NS",
        "honours_held": 4,
    }
    assert len(taps) == 7


def test_english_trump_with_suit_symbols_and_honours(link):
    hub = Hub("english")
    p = kiosk(hub, link, language="fr")
    # the bar's line and its shorter wording, in French too (issue 29)
    assert (p.view.header.info, p.view.header.info_short) == (
        "Donne 1 · Eleanor distribue",
        "Eleanor distribue",
    )
    p.enter_deal()
    pick = p.view.club_pick
    assert pick.question == "Donne 1\u00a0: quel est l'atout\u00a0?"
    assert [o.text.split("\n")[0] for o in pick.options if o.visible] == ["♠", "♥", "♦", "♣"]
    assert [o.role for o in pick.options if o.visible] == [
        "suit-black",
        "suit-red",
        "suit-red",
        "suit-black",
    ]
    p.pick(3)
    p.keypad(7)
    p.next()
    assert p.view.screen is Screen.CLUB_PICK
    assert [o.text for o in p.view.club_pick.options] == [
        "Pas d'honneurs",
        "Nord-Sud\navait 3 honneurs",
        "Nord-Sud\navait 4 honneurs",
        "Est-Ouest\navait 3 honneurs",
        "Est-Ouest\navait 4 honneurs",
    ]
    assert p.view.club_pick.grid  # words too long for a row of five
    p.pick(0)
    assert p.view.confirm.outcome == "Atout\u00a0: ♣ Trèfle\nNord-Sud 7 · Est-Ouest 6 levées"
    assert p.view.confirm.note.splitlines()[0] == "Honneurs\u00a0: aucun"
    p.back()  # Change: back to the honours
    assert p.view.screen is Screen.CLUB_PICK
    p.pick(3)
    p.confirm_home()
    p.confirm_visitors()
    send(p, hub, link)
    assert p.view.club_score.last.startswith("Donne 1\u00a0: ♣ Trèfle · NS 7 · EO 6 levées\n")
    assert "EO +3 (honneurs)" in p.view.club_score.last


def test_revokes_are_one_tap_away_and_sent(link):
    hub = Hub("american")
    p = kiosk(hub, link)
    p.enter_deal()
    p.pick(0)
    p.keypad(9)
    p.open_revokes()
    assert p.view.screen is Screen.REVOKES
    assert (p.view.revokes.home_label, p.view.revokes.visitors_label) == (
        "North-South",
        "East-West",
    )
    p.add_revoke("visitors")
    p.close_revokes()
    assert p.view.entry.revokes.text == "Revokes: 1"
    p.next()
    assert p.view.confirm.note.splitlines()[0] == "EW 1 revoke"
    p.confirm_home()
    p.confirm_visitors()
    assert link.deals[0].record.fields() == {"trump": "spades", "ns_tricks": 9, "ew_revokes": 1}
    send(p, hub, link)
    assert "revoke" in p.view.club_score.last


# ---------------------------------------------------------------- the hub's answers


def test_a_rejected_deal_shows_the_hubs_reason_and_can_be_entered_again(link):
    hub = Hub("minnesota")
    hub.record(1, {"granded": "EW", "ns_tricks": 3})  # the leader entered deal 1 meanwhile
    p = kiosk(hub, link)
    p.on_score(club_score(ClubNight.replay([NightCreated(hub.night.spec)]), TABLE))  # stale
    tap_minnesota_deal(p)
    ack = send(p, hub, link)
    assert (ack.status, ack.code) == ("rejected", "conflict")
    vm = p.view
    assert vm.screen is Screen.REJECTED
    assert vm.rejected.title == "This deal was not accepted"
    assert vm.rejected.reason == (
        "This deal was already recorded at this table with other numbers. "
        "Call the leader to correct it."
    )
    assert vm.rejected.again.visible is False  # the same deal would be refused again
    p.back()
    assert p.view.screen is Screen.CLUB_SCORE
    assert p.view.club_score.last.startswith("Deal 1: EW grand")  # what the leader entered


def test_a_reason_the_kiosk_cannot_translate_is_the_hubs_own(link):
    hub = Hub("minnesota")
    p = kiosk(hub, link, language="fr")
    tap_minnesota_deal(p)
    refused = Ack(
        id=link.deals[0].id, status="rejected", reason="the moon is full", code="rejected", deal=1
    )
    p.on_ack(refused, None)
    assert p.view.rejected.reason == "L'ordinateur de l'arbitre dit\u00a0:"
    assert p.view.rejected.hub_reason == "the moon is full"
    p.enter_again()  # the numbers are filled in again
    assert p.view.screen is Screen.ENTRY
    assert p.view.entry.readout == "Nord-Sud 9 · Est-Ouest 4"


def test_a_deal_entered_for_the_night_the_leader_replaced_says_so(link):
    """Protocol 7.8: the new night refuses a deal the table entered for the last one
    (``other_event``); the players read why and may enter it again for this night."""
    hub = Hub("minnesota")
    p = kiosk(hub, link, language="fr")
    tap_minnesota_deal(p)
    refused = Ack(id=link.deals[0].id, status="rejected", reason="…", code="other_event", deal=1)
    p.on_ack(refused, None)
    vm = p.view
    assert vm.screen is Screen.REJECTED
    assert vm.rejected.reason == (
        "Cette donne a été saisie avant que l'arbitre commence une nouvelle soirée\u00a0: elle "
        "ne compte pas. Si vous l'avez jouée ce soir, entrez-la de nouveau."
    )
    assert vm.rejected.hub_reason == ""
    assert vm.rejected.again.visible is True
    p.enter_again()
    assert p.view.screen is Screen.ENTRY


def test_a_deal_half_tapped_for_the_last_night_goes_when_the_leader_starts_over(link):
    """The hub's log changes under a table tapping in a deal (the leader started a new
    night): the half-tapped deal was the last night's, and the score screen comes back; the
    same log after a restart keeps it."""
    hub = Hub("minnesota")
    p = kiosk(hub, link)
    p.on_event("night-a")
    p.enter_deal()
    p.pick(0)  # a deal begun: North-South granded
    entering = p.view.screen
    assert entering not in (Screen.CLUB_SCORE, None)
    p.on_event("night-a")  # the same night, after a restart of the hub
    assert p.view.screen is entering
    p.on_event("night-b")
    assert p.view.screen is Screen.CLUB_SCORE
    assert link.deals == []


def test_a_duplicate_counts_as_recorded(link):
    hub = Hub("minnesota")
    p = kiosk(hub, link)
    tap_minnesota_deal(p)
    first = hub.take(link.deals[0])
    again = hub.take(link.deals[0])  # the kiosk sent it twice (a resend): counted once
    assert (first.status, again.status) == ("accepted", "duplicate")
    p.on_ack(again, None)
    p.on_score(hub.score())
    assert p.view.screen is Screen.CLUB_SCORE
    assert p.view.club_score.last.startswith("Deal 1: NS grand")
    assert hub.night.table(TABLE).deals == 1


def test_offline_the_deal_is_kept_and_the_next_one_can_be_entered(link, tmp_path):
    hub = Hub("minnesota")
    link.online = False
    p = kiosk(hub, link)
    p.on_connection(False)
    tap_minnesota_deal(p)
    vm = p.view
    assert vm.screen is Screen.PENDING
    assert vm.pending.status.startswith("The leader's computer cannot be reached right now.")
    assert vm.header.offline == "No connection: your taps are kept."
    assert vm.header.title == "Table 2" and vm.header.info  # the bar keeps its line
    p.back()
    assert p.view.club_score.enter.text == "Enter deal 2"  # deal 1 waits in the outbox

    # The outbox keeps the deal on disk, across a restart, until its Ack.
    with Outbox(tmp_path / "outbox.sqlite3") as box:
        box.add(link.deals[0])
    with Outbox(tmp_path / "outbox.sqlite3") as box:
        (kept,) = box.pending()
        assert kept == link.deals[0]
        restarted = TablePresenter(TABLE, link=link, language="en", pending=box.pending())  # type: ignore[arg-type]
        assert restarted.screen is Screen.PENDING
        assert box.settle(hub.take(kept)) == kept
        assert box.pending() == [] and box.last_settled() is None


def test_the_led_bar_shows_the_games_the_table_finished_and_blinks_while_a_deal_waits(link):
    hub = Hub("american")  # game to 7
    p = kiosk(hub, link)
    assert (p.flags_here, p.waiting_for_hub) == (0, False)
    for deal in (1, 2):
        hub.record(deal, {"trump": "hearts", "ns_tricks": 13})  # NS +7: a game each deal
    p.on_score(hub.score())
    assert p.flags_here == 2
    link.online = False
    p.enter_deal()
    p.pick(0)
    p.keypad(7)
    p.next()
    p.confirm_home()
    p.confirm_visitors()
    assert p.waiting_for_hub and p.flags_here == 2
    send(p, hub, link)
    assert not p.waiting_for_hub


def test_a_deal_that_cannot_be_saved_stays_on_the_confirm_screen(link):
    link.broken_disk = True
    p = kiosk(Hub("minnesota"), link)
    tap_minnesota_deal(p)
    assert p.view.screen is Screen.CONFIRM
    assert p.view.confirm.error == "This screen could not save the deal. Please call the leader."


# ---------------------------------------------------------------- the leader, the night's end


def test_a_leaders_correction_arrives_as_a_new_score(link):
    hub = Hub("minnesota")
    p = kiosk(hub, link)
    tap_minnesota_deal(p)
    send(p, hub, link)
    hub.night.apply(DealCorrected(TABLE, 1, {"granded": "NS", "ns_tricks": 5}, "miscounted"))
    p.on_score(hub.score())
    s = p.view.club_score
    assert (s.ns_score, s.ew_score) == ("0", "4")  # the grand beaten: two a trick
    assert s.last.splitlines() == [
        "Deal 1: NS grand · NS 5 · EW 8 tricks",
        "EW +4 (grand beaten, two a trick)",
        "The leader corrected this deal.",
    ]
    p.toggle_language()
    assert p.view.club_score.last.splitlines()[-1] == "L'arbitre a corrigé cette donne."


def test_lines_not_scored_are_said_so(link):
    hub = Hub("american")  # game to 7
    hub.record(1, {"trump": "spades", "ns_tricks": 12})  # 6: one short
    hub.record(2, {"trump": "spades", "ns_tricks": 10})  # 4 more: 3 of them are not needed
    p = kiosk(hub, link)
    last = p.view.club_score.last
    assert "NS won the game" in last
    assert p.view.club_score.ns_detail == "1 game · game to 7"


def test_the_nights_end_with_places(link):
    hub = Hub("minnesota", length=LengthSpec(unit="deals", count=1))
    p = kiosk(hub, link)
    tap_minnesota_deal(p)
    send(p, hub, link)
    s = p.view.club_score
    assert s.enter.visible is False
    assert s.end == "This table has played the whole night."
    # each partnership's place on its own row, under its names (issue 29: the rows stay
    # below the bar, however long the names)
    assert s.ns_players == "North-South: Eleanor & Margaret"
    # and what placed it: the night ranks by games, then points; the big number beside it
    # is the game's score (issue 25)
    assert s.ns_detail == "place 1 of 6 · 0 games · 3 points"
    assert s.ns_score == "3"
    hub.night.apply(NightEnded())
    p.on_score(hub.score())
    assert p.view.club_score.end.splitlines()[0] == "The leader has ended the night."
    p.enter_deal()
    assert p.view.screen is Screen.CLUB_SCORE  # no deal after the end


def test_the_night_ending_while_a_deal_is_tapped_in(link):
    hub = Hub("minnesota")
    p = kiosk(hub, link)
    p.enter_deal()
    p.pick(2)
    hub.night.apply(NightEnded())
    p.on_score(hub.score())
    assert p.view.screen is Screen.CLUB_SCORE
    assert p.view.header.banner == "The night is over: no more deals are taken."


def test_the_keyboard_and_button_pad_drive_a_deal(link):
    p = kiosk(Hub("american"), link)
    p.ok()  # enter the deal
    p.pick(1)
    p.digit(1)
    p.digit(0)
    assert p.view.entry.readout == "North-South 10 · East-West 3"
    p.increment()
    p.ok()  # next
    p.ok()  # North-South agree
    p.ok()  # East-West agree
    assert link.deals[0].record.fields() == {"trump": "hearts", "ns_tricks": 11}


def test_a_refused_deal_fills_the_keypad_again():
    deal = ClubDeal(
        id="d",
        table=TABLE,
        deal=4,
        record={"trump": "clubs", "ns_tricks": 6, "honours": "EW", "honours_held": 3},  # type: ignore[arg-type]
    )
    assert PartnershipDraft.of(deal.deal, deal.record.fields()) == PartnershipDraft(
        deal=4, trump="clubs", ns_tricks=6, honours="EW3"
    )


def test_the_house_rules_in_force_are_said_before_the_first_deal(link):
    p = kiosk(Hub("english", house_rules=("game_values",)), link)
    assert p.view.club_score.last.startswith("House rule: the night counts game values")
    assert kiosk(Hub("english"), link).view.club_score.last == "No deal yet."
