"""The join handshake, both sides: SPAKE2 on the join code, key confirmation, a sealed reply.

A kiosk joining the hall must not hand the join code to whoever answers on the network: a
second process announcing itself as the hub would get it, and with it every table's login.
So the code never travels, not even hashed. Kiosk and hub run SPAKE2 (a password-
authenticated key exchange, as magic-wormhole uses it) on the code: each sends one random
looking group element, and each ends with the same key only if both used the same code. A
process that does not know the code learns nothing it can test a guess against offline.

Then each side proves it has the key (``hub_proof`` first, checked by the kiosk before it sends
its own ``kiosk_proof``), and the hub seals the table's login under a third key with
ChaCha20-Poly1305. All three keys come from the SPAKE2 key by HKDF, bound to everything said in
the exchange (table, device, both messages), so nothing can be swapped on the way.

>>> kiosk = KioskHandshake("482913", table=7, device="pi-7")
>>> hub = HubHandshake("482913", table=7, device="pi-7", kiosk_message=kiosk.message)
>>> keys = kiosk.check(hub.message, hub.keys.hub_proof)
>>> keys.kiosk_proof == hub.keys.kiosk_proof
True
>>> nonce, box = seal(hub.keys.seal_key, b"secret", b"session")
>>> unseal(keys.seal_key, nonce, box, b"session")
b'secret'
"""

from __future__ import annotations

import hashlib
import hmac
import os
import struct
from dataclasses import dataclass

# cryptography and spake2 are imported where they are used, not here: the hub imports this
# module at its start, and most hubs never see a join (cryptography alone is about 12 MB of
# the hub's memory, issue 22).

#: SPAKE2's two sides: the kiosk is A, the hub B (a message reflected back is refused).
KIOSK_ID = b"whist-kiosk"
HUB_ID = b"whist-hub"
_INFO = b"whist join v1"
NONCE_BYTES = 12


class HandshakeFailed(ValueError):
    """The other side does not know the same code, or what it sent is not a handshake."""


@dataclass(frozen=True)
class JoinKeys:
    """What both sides derive from the SPAKE2 key and the exchange (32 bytes each)."""

    hub_proof: bytes
    kiosk_proof: bytes
    seal_key: bytes

    @classmethod
    def derive(cls, shared: bytes, transcript: bytes) -> JoinKeys:
        from cryptography.hazmat.primitives import hashes
        from cryptography.hazmat.primitives.kdf.hkdf import HKDF

        info = _INFO + hashlib.sha256(transcript).digest()
        out = HKDF(algorithm=hashes.SHA256(), length=96, salt=None, info=info).derive(shared)
        return cls(out[:32], out[32:64], out[64:])


def transcript(table: int, device: str, kiosk_message: bytes, hub_message: bytes) -> bytes:
    """Everything the exchange said, each part length-prefixed so no two read the same."""
    parts = (str(table).encode(), device.encode(), kiosk_message, hub_message)
    return b"".join(struct.pack(">I", len(p)) + p for p in parts)


def same(given: bytes, expected: bytes) -> bool:
    """Constant-time comparison of two proofs."""
    return hmac.compare_digest(given, expected)


class KioskHandshake:
    """The kiosk's side: ``message`` goes to the hub; :meth:`check` takes its answer."""

    def __init__(self, code: str, *, table: int, device: str) -> None:
        from spake2 import SPAKE2_A

        self.table = table
        self.device = device
        self._spake = SPAKE2_A(code.encode(), idA=KIOSK_ID, idB=HUB_ID)
        self.message: bytes = self._spake.start()

    def check(self, hub_message: bytes, hub_proof: bytes) -> JoinKeys:
        """The keys, once the hub has proved it knows the code; else HandshakeFailed."""
        from spake2 import SPAKEError

        try:
            shared = self._spake.finish(hub_message)
        except (SPAKEError, ValueError) as exc:
            raise HandshakeFailed(f"not a handshake message: {exc}") from None
        keys = JoinKeys.derive(
            shared, transcript(self.table, self.device, self.message, hub_message)
        )
        if not same(hub_proof, keys.hub_proof):
            raise HandshakeFailed("this hub does not know the join code")
        return keys


class HubHandshake:
    """The hub's side, done at once from the kiosk's message: ``message`` and
    ``keys.hub_proof`` go back; the kiosk's proof is then checked against ``keys.kiosk_proof``.
    """

    def __init__(self, code: str, *, table: int, device: str, kiosk_message: bytes) -> None:
        from spake2 import SPAKE2_B, SPAKEError

        spake = SPAKE2_B(code.encode(), idA=KIOSK_ID, idB=HUB_ID)
        self.message: bytes = spake.start()
        try:
            shared = spake.finish(kiosk_message)
        except (SPAKEError, ValueError) as exc:
            raise HandshakeFailed(f"not a handshake message: {exc}") from None
        self.keys = JoinKeys.derive(shared, transcript(table, device, kiosk_message, self.message))


def seal(key: bytes, plaintext: bytes, context: bytes) -> tuple[bytes, bytes]:
    """``plaintext`` encrypted and authenticated (ChaCha20-Poly1305): the nonce and the box.
    ``context`` (the session) is authenticated too, so a box fits only its own exchange."""
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    nonce = os.urandom(NONCE_BYTES)
    return nonce, ChaCha20Poly1305(key).encrypt(nonce, plaintext, context)


def unseal(key: bytes, nonce: bytes, box: bytes, context: bytes) -> bytes:
    """The plaintext of a box :func:`seal` made with the same key; else HandshakeFailed."""
    if len(nonce) != NONCE_BYTES:
        raise HandshakeFailed("the sealed reply's nonce has the wrong length")
    from cryptography.exceptions import InvalidTag
    from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

    try:
        return ChaCha20Poly1305(key).decrypt(nonce, box, context)
    except InvalidTag:
        raise HandshakeFailed("the sealed reply was not made with this exchange's key") from None
