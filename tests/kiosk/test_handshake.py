"""The join handshake (uikit/handshake.py) on its own: what proves the hub, what a side that
does not know the code or changes a word on the way gets."""

from __future__ import annotations

import doctest

import pytest

import uikit.handshake
from uikit.handshake import HandshakeFailed, HubHandshake, KioskHandshake, seal, unseal


def pair(kiosk_code: str, hub_code: str, *, table: int = 7, hub_table: int | None = None):
    kiosk = KioskHandshake(kiosk_code, table=table, device="pi-7")
    hub = HubHandshake(hub_code, table=table if hub_table is None else hub_table,
                       device="pi-7", kiosk_message=kiosk.message)
    return kiosk, hub


def test_the_same_code_gives_the_same_keys_on_both_sides():
    kiosk, hub = pair("482913", "482913")
    keys = kiosk.check(hub.message, hub.keys.hub_proof)
    assert keys == hub.keys
    assert len({keys.hub_proof, keys.kiosk_proof, keys.seal_key}) == 3


def test_a_hub_with_another_code_is_refused_before_the_kiosk_proves_anything():
    kiosk, hub = pair("482913", "482914")
    with pytest.raises(HandshakeFailed, match="does not know the join code"):
        kiosk.check(hub.message, hub.keys.hub_proof)


def test_a_table_changed_on_the_way_breaks_the_proof():
    kiosk, hub = pair("482913", "482913", table=7, hub_table=8)
    with pytest.raises(HandshakeFailed):
        kiosk.check(hub.message, hub.keys.hub_proof)


def test_the_kiosks_own_message_sent_back_is_refused():
    kiosk = KioskHandshake("482913", table=7, device="")
    with pytest.raises(HandshakeFailed, match="not a handshake message"):
        kiosk.check(kiosk.message, b"\0" * 32)
    with pytest.raises(HandshakeFailed):
        HubHandshake("482913", table=7, device="", kiosk_message=b"A" + b"\xff" * 32)


def test_each_join_is_new_even_with_the_same_code():
    first, second = (KioskHandshake("482913", table=7, device="").message for _ in range(2))
    assert first != second and b"482913" not in first


def test_a_sealed_reply_opens_only_with_its_key_and_its_session():
    _, hub = pair("482913", "482913")
    nonce, box = seal(hub.keys.seal_key, b"table7 login", b"session-1")
    assert unseal(hub.keys.seal_key, nonce, box, b"session-1") == b"table7 login"
    with pytest.raises(HandshakeFailed):
        unseal(hub.keys.seal_key, nonce, box, b"session-2")
    with pytest.raises(HandshakeFailed):
        unseal(hub.keys.hub_proof, nonce, box, b"session-1")
    with pytest.raises(HandshakeFailed):
        unseal(hub.keys.seal_key, nonce[:-1], box, b"session-1")


def test_the_docstring_example_runs():
    failures, tried = doctest.testmod(uikit.handshake)
    assert tried and not failures
