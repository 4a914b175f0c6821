"""The games played each for oneself at the table's kiosk (Widow, Solo, Knockout, 8-to-1), with
no window: each player's entries by name, the taps a deal takes, what the hub made of it.

The hub's side is the core (whist.night) exactly as tests/kiosk/test_club.py uses it, on the
core-built night of tests/clubnight.py (names at every seat, numbered seats included).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

import pytest

from kiosk.presenter import TablePresenter
from kiosk.viewmodel import MINUS, Screen
from tests.clubnight import club_night, refused_ack
from tests.kiosk.test_club import DealLink
from whist.errors import TournamentError
from whist.events import DealRecorded, NightEnded
from whist.formats import Format
from whist.formats.entry import EntrySchema, Text
from whist.night import ClubNight, club_score, night_state
from whist.protocol import Ack, ClubDeal, ClubScore

TABLE = 1


Rules = tuple[str, ...]


class Hub:
    """A night of one game held by the core; table 1 is ours."""

    def __init__(
        self, game: str, tables: int = 3, trump: str | None = None, house_rules: Rules = ()
    ) -> None:
        self.night: ClubNight = club_night(game, tables, house_rules=house_rules)
        self.trump = trump  # what the hub drew for the round (8-to-1), as solo-hub adds it

    def score(self) -> ClubScore:
        s = club_score(self.night, TABLE)
        if s.round is not None and self.trump is not None and s.round.has_trump:
            s = s.model_copy(update={"round": s.round.model_copy(update={"trump": self.trump})})
        return s

    def take(self, deal: ClubDeal) -> Ack:
        try:
            self.night.apply(DealRecorded(deal.id, deal.table, deal.deal, deal.record.fields()))
        except TournamentError as exc:
            return refused_ack(deal, exc)
        return Ack(id=deal.id, status="accepted", deal=deal.deal)

    def record(self, record: Mapping[str, str | int]) -> None:
        deal = len(self.night.deals[TABLE]) + 1
        self.night.apply(DealRecorded(f"x-{deal}", TABLE, deal, dict(record)))


def kiosk(hub: Hub, link: DealLink, language: str = "en") -> TablePresenter:
    p = TablePresenter(TABLE, link=link, language=language)  # type: ignore[arg-type]
    p.on_connection(True)
    p.on_hub_status(True)
    p.on_state(night_state(hub.night))
    p.on_score(hub.score())
    return p


def send(p: TablePresenter, hub: Hub, link: DealLink) -> Ack:
    ack = hub.take(link.deals[-1])
    p.on_ack(ack, None)
    p.on_score(hub.score())
    return ack


def run(taps: list[Callable[[], None]]) -> int:
    for tap in taps:
        tap()
    return len(taps)


@pytest.fixture
def link() -> DealLink:
    return DealLink()


def visible(options: tuple) -> list[str]:  # type: ignore[type-arg]
    return [o.text for o in options if o.visible]


# ------------------------------------------------------------------------------- Widow


def test_widow_score_screen_names_every_player(link):
    p = kiosk(Hub("widow"), link)
    vm = p.view
    assert vm.screen is Screen.CLUB_PLAYERS
    rows = [(r.name, r.score) for r in vm.club_players.rows if r.visible]
    assert rows == [("Eleanor", "0"), ("Margaret", "0"), ("Harold", "0")]
    assert vm.club_players.enter.text == "Enter deal 1"
    assert vm.club_players.round == ""  # no rounds in Widow whist
    assert vm.header.info == "Deal 1 · Eleanor deals"


def test_widow_deal_in_five_taps_and_the_hubs_score(link):
    hub = Hub("widow")
    p = kiosk(hub, link)
    p.enter_deal()
    choose = p.view.club_choose
    assert p.view.screen is Screen.CLUB_CHOOSE
    assert choose.question == "Deal 1: who took the widow?"
    assert visible(choose.options) == ["Eleanor", "Margaret", "Harold", "Nobody"]
    p.pick(1)  # Margaret
    entry = p.view.entry
    assert p.view.screen is Screen.ENTRY
    assert entry.question == "How many tricks did Eleanor take?"
    assert [k.text for k in entry.keys if k.visible] == [str(n) for n in range(14)]
    p.keypad(3)
    assert p.view.entry.question == "How many tricks did Margaret take?"
    assert p.view.entry.readout == "Tricks still to share out: 10"
    # 3 taken: Margaret can take 10 at most
    assert [k.enabled for k in p.view.entry.keys][10:] == [True, False, False, False]
    p.keypad(6)
    c = p.view.confirm
    assert p.view.screen is Screen.CONFIRM
    assert c.outcome == "Margaret took the widow"
    assert "Tricks: Eleanor 3 · Margaret 6 · Harold 4" in c.note
    assert c.home.text == "Everyone agrees" and not c.visitors.visible
    p.confirm_home()
    assert p.view.screen is Screen.PENDING
    assert link.deals[-1].record.fields() == {
        "tricks_1": 3,
        "tricks_2": 6,
        "tricks_3": 4,
        "widow": "2",
    }
    assert send(p, hub, link).status == "accepted"
    s = p.view.club_players
    # WI4, the hub's points: the widow's taker +2 (6 over 4), Harold +1, Eleanor 0
    assert [(r.name, r.score) for r in s.rows if r.visible] == [
        ("Eleanor", "0"),
        ("Margaret", "2"),
        ("Harold", "1"),
    ]
    # a name and its points stay together when the line wraps; who took the widow stays
    # in the line (issue 29)
    assert s.last == (
        "Deal 1: Margaret took the widow\nEleanor\u00a00 · Margaret\u00a0+2 · Harold\u00a0+1"
    )


def test_widow_tap_count(link):
    p = kiosk(Hub("widow"), link)
    taps = [
        p.enter_deal,
        lambda: p.pick(3),
        lambda: p.keypad(4),
        lambda: p.keypad(5),
        p.confirm_home,
    ]
    assert run(taps) == 5
    assert link.deals[-1].record.fields()["widow"] == "none"


def test_widow_back_keeps_what_was_tapped_and_next_goes_on(link):
    p = kiosk(Hub("widow"), link)
    run([p.enter_deal, lambda: p.pick(0), lambda: p.keypad(5), lambda: p.keypad(4)])
    assert p.view.screen is Screen.CONFIRM
    p.back()
    assert p.view.entry.question == "How many tricks did Margaret take?"
    assert p.view.entry.next.enabled
    p.back()
    p.keypad(2)  # Eleanor's count changed: Margaret's is asked again
    assert p.view.entry.readout == "Tricks still to share out: 11"
    assert not p.view.entry.next.enabled
    p.back()
    p.back()
    assert p.view.screen is Screen.CLUB_CHOOSE
    p.back()
    assert p.view.screen is Screen.CLUB_PLAYERS


def test_widow_in_french(link):
    p = kiosk(Hub("widow"), link, language="fr")
    p.enter_deal()
    assert p.view.club_choose.question == "Donne 1\u00a0: qui a pris la veuve\u00a0?"
    assert visible(p.view.club_choose.options)[-1] == "Personne"


# ------------------------------------------------------------------------------- Solo


def test_solo_prop_and_cop_in_six_taps(link):
    hub = Hub("solo")
    p = kiosk(hub, link)
    p.enter_deal()
    assert p.view.club_choose.question == "Deal 1: what was the contract?"
    assert visible(p.view.club_choose.options) == [
        "Everyone passed",
        "Prop and cop",
        "Solo",
        "Misère",
        "Abondance",
        "Royal abondance",
        "Misère ouverte",
        "Abondance déclarée",
    ]
    # three to a row (the reading type), Back in the grid's third row
    assert (p.view.club_choose.cols, p.view.club_choose.back_in_grid) == (3, True)
    p.pick(1)
    assert p.view.club_choose.question == "Who bid Prop and cop?"
    assert visible(p.view.club_choose.options) == ["Eleanor", "Margaret", "Harold", "Gérard"]
    p.pick(0)
    assert p.view.club_choose.question == "Who accepted Eleanor's proposal?"
    assert visible(p.view.club_choose.options) == ["Margaret", "Harold", "Gérard"]
    p.pick(1)  # Harold
    assert p.view.entry.question == "Eleanor & Harold: how many tricks?"
    assert p.view.entry.readout == "Prop and cop: Eleanor & Harold"
    p.keypad(9)
    c = p.view.confirm
    assert c.outcome == "Prop and cop: Eleanor & Harold"
    assert c.note.startswith("9 tricks")
    p.confirm_home()
    assert link.deals[-1].record.fields() == {
        "contract": "prop",
        "bidder": "N",
        "partner": "S",
        "bidder_tricks": 9,
    }
    send(p, hub, link)
    rows = [(r.name, r.score) for r in p.view.club_players.rows if r.visible]
    assert rows == [
        ("Eleanor", "+11"),
        ("Margaret", f"{MINUS}11"),
        ("Harold", "+11"),
        ("Gérard", f"{MINUS}11"),
    ]
    assert p.view.club_players.last.startswith(
        "Deal 1: Prop and cop: Eleanor & Harold\nEleanor\u00a0+11"
    )


def test_solo_tap_counts_and_a_revoke(link):
    hub = Hub("solo")
    p = kiosk(hub, link)
    assert run([p.enter_deal, lambda: p.pick(0), p.confirm_home]) == 3  # all passed
    assert link.deals[-1].record.fields() == {"contract": "pass"}
    send(p, hub, link)
    # a solo: contract, bidder, tricks, agree
    taps = [p.enter_deal, lambda: p.pick(2), lambda: p.pick(3), lambda: p.keypad(6), p.confirm_home]
    assert run(taps) == 5
    assert link.deals[-1].record.fields() == {"contract": "solo", "bidder": "W", "bidder_tricks": 6}
    send(p, hub, link)
    # a revoke: from the tricks page, who revoked
    run([p.enter_deal, lambda: p.pick(3), lambda: p.pick(1)])
    assert p.view.entry.revokes.text == "Revoke"
    p.open_revokes()
    assert p.view.club_choose.question == "Who revoked?"
    p.pick(3)  # Harold (Nobody is first)
    assert p.view.entry.revokes.text == "Revoke: Harold"
    p.keypad(0)
    assert "Harold revoked" in p.view.confirm.note
    p.confirm_home()
    assert link.deals[-1].record.fields()["revoker"] == "S"
    assert send(p, hub, link).status == "accepted"


def test_solo_in_french(link):
    p = kiosk(Hub("solo"), link, language="fr")
    p.enter_deal()
    labels = visible(p.view.club_choose.options)
    assert p.view.club_choose.question == "Donne 1\u00a0: quel était le contrat\u00a0?"
    assert "Misère" in labels and "Abondance déclarée" in labels and "Tous passent" in labels


# ------------------------------------------------------------------------------- Knockout


#: The traditional knockout (rounds of 7, 6, 5… cards, knock-outs): a house rule (KO10).
ROUNDS = ("knockout_rounds",)


def test_knockout_round_says_cards_out_and_who_chooses_trump(link):
    hub = Hub("knockout", house_rules=ROUNDS)
    p = kiosk(hub, link)
    s = p.view.club_players
    assert s.round == "Round 1: deal 7 cards each\nturn up the next card for trump"
    assert s.enter.text == "Enter round 1"
    # four players: three counts, the fourth is the rest
    taps = [
        p.enter_deal,
        lambda: p.keypad(3),
        lambda: p.keypad(4),
        lambda: p.keypad(0),
        p.confirm_home,
    ]
    taps[0]()
    assert p.view.screen is Screen.ENTRY
    assert p.view.entry.question == "How many tricks did Eleanor take?"
    assert [k.text for k in p.view.entry.keys if k.visible] == [str(n) for n in range(8)]
    assert run(taps[1:4]) == 3
    assert p.view.confirm.outcome == "Tricks: Eleanor 3 · Margaret 4 · Harold 0 · Gérard 0"
    assert "No trick: Harold, Gérard" in p.view.confirm.note
    taps[4]()
    send(p, hub, link)
    s = p.view.club_players
    assert s.round == "Round 2: deal 6 cards each\nMargaret chooses trump"
    rows = {r.name: r for r in s.rows if r.visible}
    assert rows["Harold"].detail == "out" and rows["Harold"].role == "disabled"
    assert s.last == "Out: Harold, Gérard"
    # round 2: only Eleanor and Margaret are in: one count
    p.enter_deal()
    assert p.view.entry.question == "How many tricks did Eleanor take?"
    assert [k.text for k in p.view.entry.keys if k.visible] == [str(n) for n in range(7)]
    assert run([lambda: p.keypad(0), p.confirm_home]) == 2
    send(p, hub, link)
    s = p.view.club_players
    assert s.last == "Margaret won the game"
    assert s.round == "Round 1: deal 7 cards each\nturn up the next card for trump"
    assert {r.name: r for r in s.rows if r.visible}["Margaret"].detail == "1 game"


def test_knockout_tap_count_is_players_in_plus_one(link):
    p = kiosk(Hub("knockout"), link)
    taps = [
        p.enter_deal,
        lambda: p.keypad(2),
        lambda: p.keypad(2),
        lambda: p.keypad(2),
        p.confirm_home,
    ]
    assert run(taps) == 5
    assert link.deals[-1].record.fields() == {
        "tricks_1": 2,
        "tricks_2": 2,
        "tricks_3": 2,
        "tricks_4": 1,
    }


def test_knockout_waits_for_the_hub_before_the_next_round(link):
    hub = Hub("knockout")
    p = kiosk(hub, link)
    run(
        [
            p.enter_deal,
            lambda: p.keypad(2),
            lambda: p.keypad(2),
            lambda: p.keypad(2),
            p.confirm_home,
        ]
    )
    p.back()  # from the pending screen to the score
    assert p.view.screen is Screen.CLUB_PLAYERS
    assert not p.view.club_players.enter.enabled
    p.enter_deal()
    assert p.view.screen is Screen.CLUB_PLAYERS
    send(p, hub, link)
    assert p.view.club_players.enter.enabled


def test_knockout_in_french(link):
    hub = Hub("knockout", house_rules=ROUNDS)
    hub.record({"tricks_1": 3, "tricks_2": 4, "tricks_3": 0, "tricks_4": 0})
    p = kiosk(hub, link, language="fr")
    s = p.view.club_players
    assert s.round == "Manche 2\u00a0: donnez 6 cartes chacun\nMargaret choisit l'atout"
    assert "éliminé" in {r.name: r for r in s.rows if r.visible}["Harold"].detail


# ------------------------------------------------------------------------------- 8-to-1


def test_eight_to_one_bids_then_tricks_in_ten_taps(link):
    hub = Hub("eight-to-one")
    p = kiosk(hub, link)
    s = p.view.club_players
    assert s.round == "Round 1 of 21: 8 cards each\nNo trump this round"
    p.enter_deal()
    # Eleanor (North) deals round 1: the bids go round from her left, Margaret (East) first
    assert p.view.entry.question == "What did Margaret bid?"
    assert p.view.entry.readout == "No trump this round"
    assert [k.text for k in p.view.entry.keys if k.visible] == [str(n) for n in range(9)]
    run([lambda: p.keypad(3), lambda: p.keypad(1), lambda: p.keypad(2)])
    assert p.view.entry.question == "What did Eleanor bid?"
    assert p.view.entry.readout == "Bids so far: 6 for 8 cards"
    p.keypad(2)
    choose = p.view.club_choose
    assert p.view.screen is Screen.CLUB_CHOOSE
    assert choose.question == "No trump this round"
    assert choose.detail == "Bids: Margaret 3 · Harold 1 · Gérard 2 · Eleanor 2"
    assert visible(choose.options) == ["We have played:\nenter the tricks"]
    p.pick(0)
    assert p.view.entry.question == "How many tricks did Eleanor take?"
    # each player's tricks beside their bid
    assert p.view.entry.readout == "Eleanor bid 2 · to share: 8"
    run([lambda: p.keypad(2), lambda: p.keypad(3), lambda: p.keypad(1)])
    c = p.view.confirm
    assert c.title == "Round 1 · no trump: is this right?"
    assert c.note.split("\n")[:4] == [
        "Margaret: bid 3, took 3",
        "Harold: bid 1, took 1",
        "Gérard: bid 2, took 2",
        "Eleanor: bid 2, took 2",
    ]
    p.confirm_home()
    fields = link.deals[-1].record.fields()
    assert fields["bid_E"] == 3 and fields["tricks_W"] == 2 and "trump" not in fields
    send(p, hub, link)
    rows = [(r.name, r.score) for r in p.view.club_players.rows if r.visible]
    assert rows == [("Eleanor", "70"), ("Margaret", "80"), ("Harold", "60"), ("Gérard", "70")]


def test_eight_to_one_tap_count_and_the_hubs_trump(link):
    hub = Hub("eight-to-one", trump="hearts")
    for _ in range(4):  # the four eight-card rounds
        hub.record(
            {
                "bid_N": 2,
                "bid_E": 2,
                "bid_S": 2,
                "bid_W": 2,
                "tricks_N": 2,
                "tricks_E": 2,
                "tricks_S": 2,
                "tricks_W": 2,
            }
        )
    p = kiosk(hub, link)
    s = p.view.club_players
    assert s.round == "Round 5 of 21: 7 cards each"
    # the round's trump big on its own card, not a line of the round's heading (issue 29)
    assert (s.trump, s.trump_role) == ("♥ Hearts", "card-red")
    p.enter_deal()
    assert p.view.entry.question == "What did Margaret bid?"  # Eleanor deals round 5
    assert p.view.entry.readout == "Trump: ♥ Hearts"
    taps = [
        lambda: p.keypad(1),
        lambda: p.keypad(2),
        lambda: p.keypad(3),
        lambda: p.keypad(1),
        lambda: p.pick(0),
        lambda: p.keypad(1),
        lambda: p.keypad(2),
        lambda: p.keypad(3),
        p.confirm_home,
    ]
    assert 1 + run(taps) == 10
    assert link.deals[-1].record.fields()["tricks_W"] == 1
    assert send(p, hub, link).status == "accepted"


def test_eight_to_one_before_the_hub_has_drawn(link):
    hub = Hub("eight-to-one")
    for _ in range(4):
        hub.record(
            {
                "bid_N": 0,
                "bid_E": 0,
                "bid_S": 0,
                "bid_W": 0,
                "tricks_N": 2,
                "tricks_E": 2,
                "tricks_S": 2,
                "tricks_W": 2,
            }
        )
    p = kiosk(hub, link)
    assert p.view.club_players.round.endswith("Trump: wait for the draw")


def test_eight_to_one_in_french(link):
    hub = Hub("eight-to-one", trump="spades")
    for _ in range(4):
        hub.record(
            {
                "bid_N": 0,
                "bid_E": 0,
                "bid_S": 0,
                "bid_W": 0,
                "tricks_N": 2,
                "tricks_E": 2,
                "tricks_S": 2,
                "tricks_W": 2,
            }
        )
    p = kiosk(hub, link, language="fr")
    s = p.view.club_players
    assert s.round == "Manche 5 sur 21\u00a0: 7 cartes chacun"
    assert (s.trump, s.trump_role) == ("♠ Pique", "card-black")
    p.enter_deal()
    assert p.view.entry.question == "Quelle mise pour Margaret\u00a0?"
    run([lambda: p.keypad(2), lambda: p.keypad(1), lambda: p.keypad(0), lambda: p.keypad(3)])
    p.pick(0)
    assert p.view.entry.readout == "Eleanor a misé 3 · à répartir\u00a0: 7"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_eight_to_one_bids_go_round_from_the_dealers_left(link, language):
    hub = Hub("eight-to-one", trump="clubs")
    names = {"N": "Eleanor", "E": "Margaret", "S": "Harold", "W": "Gérard"}
    order = ["N", "E", "S", "W"]
    for number in range(1, 6):  # rounds 1 to 5, each dealt by the next player round
        p = kiosk(hub, link, language=language)
        dealer = p.club.score.dealer.seat
        left = order[(order.index(dealer) + 1) % 4]
        p.enter_deal()
        asked = []
        for _ in range(4):
            asked.append(p.view.entry.question)
            p.keypad(0)
        who = [order[(order.index(left) + i) % 4] for i in range(4)]
        question = "What did {} bid?" if language == "en" else "Quelle mise pour {}\u00a0?"
        assert asked == [question.format(names[s]) for s in who], number
        assert who[-1] == dealer  # the dealer bids last
        p.pick(0)
        for seat in order[:3]:  # the tricks in the table's order, each beside its bid
            said = "{} bid 0" if language == "en" else "{} a misé 0"
            assert p.view.entry.readout.startswith(said.format(names[seat])), number
            p.keypad(2 if number <= 4 else 1)
        p.confirm_home()
        assert send(p, hub, link).status == "accepted"
        link.deals.clear()

# ------------------------------------------------------------------------------- refusals, end


def test_a_refused_deal_is_entered_again_filled_in(link):
    hub = Hub("widow")
    p = kiosk(hub, link)
    hub.record({"widow": "1", "tricks_1": 5, "tricks_2": 4, "tricks_3": 4})  # the leader did
    run([p.enter_deal, lambda: p.pick(3), lambda: p.keypad(4), lambda: p.keypad(5), p.confirm_home])
    ack = hub.take(link.deals[-1])
    p.on_ack(ack, None)
    assert p.view.screen is Screen.REJECTED
    assert p.view.rejected.summary == "Deal 1: Eleanor 4 · Margaret 5 · Harold 4"


def test_the_night_over_shows_places(link):
    hub = Hub("solo")
    hub.record({"contract": "solo", "bidder": "N", "bidder_tricks": 5})
    hub.night.apply(NightEnded())
    p = kiosk(hub, link)
    s = p.view.club_players
    assert not s.enter.visible
    assert s.end.startswith("The leader has ended the night.")
    assert s.end == "The leader has ended the night."
    assert s.rows[0].detail == "place 1 of 12" and s.cols == 1


# ------------------------------------------------------------------------- the entry schema


class SchemaHub(Hub):
    """A hub that publishes ``entry`` as the game's entry schema (None: a hub of before)."""

    def __init__(self, game: str, entry: EntrySchema | None) -> None:
        super().__init__(game)
        self.entry = entry

    def score(self) -> ClubScore:
        s = super().score()
        return s.model_copy(update={"rules": s.rules.model_copy(update={"entry": self.entry})})


def test_the_pages_are_drawn_from_the_schema_the_hub_publishes(link):
    schema = Format.WIDOW.club.entry
    widow = replace(schema.pages[0], question=(Text("Deal {deal}: who has the extra hand?"),))
    hub = SchemaHub("widow", replace(schema, pages=(widow, *schema.pages[1:])))
    p = kiosk(hub, link)
    p.enter_deal()
    assert p.view.club_choose.question == "Deal 1: who has the extra hand?"
    assert run([lambda: p.pick(3), lambda: p.keypad(4), lambda: p.keypad(5)]) == 3
    assert p.view.confirm.outcome == "Nobody took the widow"


def test_a_hub_of_before_sends_no_schema_and_the_kiosk_asks_its_own_cores(link):
    hub = SchemaHub("solo", None)
    assert hub.score().rules.entry is None
    p = kiosk(hub, link)
    p.enter_deal()
    assert p.view.club_choose.question == "Deal 1: what was the contract?"
    assert run([lambda: p.pick(2), lambda: p.pick(3), lambda: p.keypad(8), p.confirm_home]) == 4
    assert link.deals[-1].record.fields() == {"contract": "solo", "bidder": "W", "bidder_tricks": 8}


def test_the_house_rules_in_force_are_said_before_the_first_deal(link):
    """Widow's club rule (WI6): the kiosk says it until the table's first deal is in."""
    hub = Hub("widow", house_rules=("must_play_a_club",))
    p = kiosk(hub, link)
    assert p.view.club_players.last == (
        "House rule: a player who has none of the suit led must play a club if they have one."
    )
    fr = kiosk(hub, link, language="fr").view.club_players.last
    assert fr.startswith("Règle maison : un joueur qui n'a pas la couleur demandée")
    assert kiosk(Hub("widow"), link).view.club_players.last == "No deal yet."
