"""Provisioning (extension): a kiosk joins the hall with its table number and the join code
shown on the leader's console; it finds the hub by mDNS (DNS-SD) and asks over HTTP. The
service name, the HTTP paths and the models of the join exchange.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated

from pydantic import Field

from whist.protocol.messages import TableNumber, Version, _Inbound, _Outbound

PROVISION_SERVICE = "_whist-hub._tcp.local."
#: Environment variable naming another DNS-SD type for both sides: tests use their own, so
#: that no other hub on the machine (or the network) is ever heard, nor hears them.
PROVISION_SERVICE_ENV = "WHIST_MDNS_SERVICE"
_SERVICE_TYPE = re.compile(r"_[a-z0-9](?:[a-z0-9-]{0,13}[a-z0-9])?\._tcp\.local\.")
#: The join service's HTTP paths: the old one (the code sent in clear, refused now), then the
#: two steps of the handshake a kiosk POSTs (JoinStart, then JoinFinish; docs/protocol.md).
PROVISION_PATH = "/v1/join"
PROVISION_START_PATH = "/v1/join/start"
PROVISION_FINISH_PATH = "/v1/join/finish"


def provision_service(environ: Mapping[str, str]) -> str:
    """The DNS-SD type hubs announce and kiosks look for: ``PROVISION_SERVICE``, unless
    ``environ`` names another one (ValueError in plain words when it is not a valid type).

    >>> provision_service({})
    '_whist-hub._tcp.local.'
    >>> provision_service({"WHIST_MDNS_SERVICE": "_wt-1a2b._tcp.local."})
    '_wt-1a2b._tcp.local.'
    """
    value = environ.get(PROVISION_SERVICE_ENV, "").strip()
    if not value:
        return PROVISION_SERVICE
    if not _SERVICE_TYPE.fullmatch(value):
        raise ValueError(
            f"{PROVISION_SERVICE_ENV} must look like _name._tcp.local. (a name of 1 to 15 "
            f"lower-case letters, digits or hyphens), not {value!r}"
        )
    return value


#: Base64 (standard alphabet), as the handshake's bytes travel in JSON.
_Base64 = Annotated[str, Field(max_length=200, pattern=r"^[A-Za-z0-9+/]*={0,2}$")]


class JoinStart(_Inbound):
    """A kiosk starts joining: its table, its name, and its SPAKE2 message made from the join
    code (the code itself never travels).

    >>> JoinStart(table=7, device="pi-7", message="QQ==").table
    7
    """

    v: Version = 1
    table: TableNumber
    device: Annotated[str, Field(max_length=100)] = ""
    message: _Base64


class JoinChallenge(_Outbound):
    """The hub's answer to a JoinStart: the session to finish, its SPAKE2 message and its
    proof that it knows the code (the kiosk checks it before it says anything more)."""

    v: Version = 1
    session: str
    message: str
    proof: str


class JoinFinish(_Inbound):
    """The kiosk's proof that it knows the code; empty when the hub's proof did not check out
    (the codes differ: the hub records a wrong code)."""

    v: Version = 1
    session: Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")]
    proof: _Base64 = ""


class JoinSealed(_Outbound):
    """The JoinReply, encrypted and authenticated under the key the handshake agreed
    (ChaCha20-Poly1305; the session is the associated data)."""

    v: Version = 1
    nonce: str
    box: str


class JoinReply(_Outbound):
    """What the kiosk writes into its kiosk.toml: where the broker is and its login. It only
    travels sealed (JoinSealed)."""

    v: Version = 1
    table: TableNumber
    host: str
    port: Annotated[int, Field(ge=1, le=65535)]
    username: str
    password: str
    root: str = "whist"
    tournament: str = ""
    #: The hub's CA certificate (PEM) when its broker speaks TLS; ``port`` is then the TLS one.
    ca: str | None = None
