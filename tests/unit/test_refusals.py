"""The one table of refusal texts (whist.refusals): each reader's text by error code, said in
each app's own catalog."""

from __future__ import annotations

import pytest

from console.i18n import translator as leader_translator
from kiosk.i18n import translator as kiosk_translator
from whist.errors import MESSAGE_CHECKS, ErrorCode
from whist.refusals import REFUSALS, UNREADABLE, Count, Refusal, refusal_for


def test_a_code_the_core_does_not_know_leaves_the_hub_s_words() -> None:
    assert refusal_for(None) == Refusal()
    assert refusal_for("a_code_from_a_newer_hub") == Refusal()
    assert refusal_for(ErrorCode.EXISTS) == Refusal()


def test_a_message_the_hub_could_not_read_asks_the_players_to_send_it_again() -> None:
    for code in set(MESSAGE_CHECKS) - {ErrorCode.UNKNOWN_OP}:
        found = refusal_for(code.value)
        assert (found.result, found.deal) == (UNREADABLE.result, UNREADABLE.deal)
    # tricks that do not add up: unreadable to the players, the leader's own words
    assert refusal_for("inconsistent").command == "The tricks must add up to 13."
    assert refusal_for(ErrorCode.UNKNOWN_OP) == Refusal()


def test_the_leader_reads_how_many_deals_a_table_has() -> None:
    count = refusal_for(ErrorCode.WRONG_HAND).night
    assert isinstance(count, Count) and count.args == ("table", "n", "next")
    fr = leader_translator("fr")
    said = fr.nt(count.singular, count.plural, 2).format(table=3, n=2, next=3)
    assert said != count.plural.format(table=3, n=2, next=3)  # French, not English


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_every_text_is_in_its_reader_s_french_catalog(code: ErrorCode) -> None:
    refusal = REFUSALS[code]
    assert refusal != Refusal(), f"{code} has no text for anyone"
    players, leader = kiosk_translator("fr"), leader_translator("fr")
    for text in (refusal.result, refusal.deal):
        if text is not None:
            assert players.t(text) != text, f"no French in the kiosk's catalog for {text!r}"
    for said in (refusal.command, refusal.night):
        if isinstance(said, str):
            assert leader.t(said) != said, f"no French in the console's catalog for {said!r}"
