"""A club deal the rules refuse, said in the kiosk's language: the hub's Ack gives the core's
reason as a template and values (reason_text, reason_args), which a French kiosk translates
through its own catalog; the English ``reason`` stays what it was."""

from __future__ import annotations

import pytest

from tests.kiosk.test_club import DealLink
from tests.kiosk.test_club_individual import TABLE, Hub, kiosk
from whist.protocol import Ack, ClubDeal

NB = "\u00a0"

#: One refusal per game at least: the record a table sends, and what a French kiosk says.
REFUSED = [
    (
        "minnesota",
        {"granded": "NS", "ns_tricks": 9, "ew_tricks": 5},
        f"Nord-Sud 9 et Est-Ouest 5 levées font 14, mais une donne a 13 levées{NB}: recomptez",
    ),
    (
        "english",
        {"ns_tricks": 7},
        f"Au whist anglais, il y a toujours un atout{NB}: "
        "entrez la couleur de la dernière carte du donneur",
    ),
    (
        "american",
        {"trump": "clubs", "ns_tricks": 7, "honours": "NS"},
        f"honneurs{NB}: rien à entrer au Whist américain",
    ),
    (
        "widow",
        {"tricks": {"1": 5, "2": 5, "3": 5}},
        f"les levées (1 5, 2 5, 3 5) font 15, mais cette donne a 13 levées{NB}: recomptez",
    ),
    (
        "solo",
        {"contract": "solo", "bidder": "N", "partner": "S", "bidder_tricks": 5},
        f"solo se joue seul{NB}: il n'y a pas de partenaire",
    ),
    (
        "knockout",
        {"trump": "none", "tricks": {"1": 3, "2": 4}},
        "Au whist à élimination, il y a toujours un atout",
    ),
    (
        "eight-to-one",
        {"trump": "clubs", "bids": {"N": 1}, "tricks": {"N": 8}},
        f"à la manche 1, on donne 8 cartes{NB}: il n'y a pas d'atout",
    ),
]


def refused(game: str, record: dict[str, object], language: str) -> tuple[Ack, str]:
    hub = Hub(game)
    deal = ClubDeal(id="d-1", table=TABLE, deal=1, record=record)  # type: ignore[arg-type]
    ack = hub.take(deal)
    p = kiosk(hub, DealLink(), language=language)
    p.on_ack(ack, deal)
    assert ack.status == "rejected" and ack.reason_text is not None
    return ack, p.view.rejected.hub_reason


@pytest.mark.parametrize(("game", "record", "french"), REFUSED, ids=[r[0] for r in REFUSED])
def test_a_french_kiosk_says_the_rules_refusal_in_french(game, record, french):
    ack, said = refused(game, record, "fr")
    assert said == french
    assert ack.reason == ack.reason_text.format(**ack.reason_args)  # English, as before


@pytest.mark.parametrize(("game", "record"), [r[:2] for r in REFUSED[:1] + REFUSED[3:]])
def test_an_english_kiosk_says_the_hubs_sentence(game, record):
    ack, said = refused(game, record, "en")
    assert said == ack.reason


def test_an_ack_from_an_older_hub_shows_its_reason_as_before():
    hub = Hub("minnesota")
    deal = ClubDeal(id="d-1", table=TABLE, deal=1, record={"granded": "NS", "ns_tricks": 9})
    p = kiosk(hub, DealLink(), language="fr")
    p.on_ack(Ack(id="d-1", status="rejected", reason="too many tricks", code="rejected"), deal)
    assert p.view.rejected.hub_reason == "too many tricks"


def test_a_template_the_catalog_lacks_is_filled_in_and_words_are_said_in_french():
    hub = Hub("minnesota")
    deal = ClubDeal(id="d-1", table=TABLE, deal=1, record={"granded": "NS", "ns_tricks": 9})
    p = kiosk(hub, DealLink(), language="fr")
    newer = Ack(
        id="d-1",
        status="rejected",
        reason="a rule from a newer hub: NS, 3",
        code="rejected",
        reason_text="a rule from a newer hub: {side}, {got}",
        reason_args={"side": "NS", "got": 3},
    )
    p.on_ack(newer, deal)
    assert p.view.rejected.hub_reason == "a rule from a newer hub: Nord-Sud, 3"
