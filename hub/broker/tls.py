"""The hall's own certificate authority, and the broker's certificate it signs.

Nothing on the hall's Wi-Fi may read a password: the embedded Mosquitto speaks TLS there.
At its first start the hub makes a small certificate authority of its own (no outside
authority knows a church hall's address); every device is given the CA's certificate
(``ca.crt``) with its login and checks the broker's certificate against it, so a device
talks to this hub's broker and no other (the pin). The CA's key never leaves the data
folder; the broker's certificate names the machine's hall addresses, its host name and
localhost, and is made again when they change.

:mod:`hub.broker.certs` makes them (it alone imports ``cryptography``, which a hub without
TLS never loads); this module holds what the rest of the hub needs to know of them.

Files in the broker folder (all 0600; the broker runs as the hub's user):

``ca.crt``      the CA's certificate (PEM): what devices are given, to check the broker
``ca.key``      the CA's private key: signs the broker's certificate, never leaves the folder
``server.crt``  the broker's certificate, signed by the CA
``server.key``  the broker's private key
"""

from __future__ import annotations

import datetime
import ipaddress
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from hub.broker.net import lan_addresses

#: The CA certificate devices are given (the join service sends it too: keep the name).
CA_CERT_FILE = "ca.crt"
CA_KEY_FILE = "ca.key"
SERVER_CERT_FILE = "server.crt"
SERVER_KEY_FILE = "server.key"

#: The CA outlives any hall's season; the broker's certificate is remade well before its end.
CA_DAYS = 20 * 365
SERVER_DAYS = 2 * 365
RENEW_BEFORE = datetime.timedelta(days=60)
#: Names a client on the hub's own machine may use.
LOCAL_NAMES = ("localhost", "127.0.0.1", "::1")


@dataclass(frozen=True)
class TlsFiles:
    """Where the broker's TLS listener finds its CA, certificate and key."""

    ca: Path
    cert: Path
    key: Path


def hall_addresses(bind: str) -> list[str]:
    """Every address of this machine a listener bound to *bind* answers on, loopback aside:
    each network interface's (a hall without internet has no default route to find one
    by), or *bind* itself when it is one address.

    >>> hall_addresses("192.168.1.10")
    ['192.168.1.10']
    """
    if bind not in ("", "0.0.0.0", "::"):
        return [bind]
    # zeroconf's own dependency, imported here: it loads ctypes and the C library's
    # interface calls (4 MB of a hub that has no TLS listener, issue 22).
    import ifaddr

    found: list[str] = []
    try:
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
                address = ipaddress.ip_address(text)
                if address.is_loopback or address.is_link_local:
                    continue  # localhost is named anyway; fe80:: needs a scope nobody dials
                if bind == "0.0.0.0" and address.version != 4:
                    continue
                found.append(str(address))
    except (OSError, ValueError):
        pass
    return sorted(set(found) | set(lan_addresses()))


def wanted_names(addresses: Iterable[str], host_name: str | None = None) -> list[str]:
    """What the broker's certificate must name: *addresses*, the host name, localhost.

    >>> wanted_names(["192.168.1.10"], "hubpi")
    ['127.0.0.1', '192.168.1.10', '::1', 'hubpi', 'hubpi.local', 'localhost']
    """
    host = host_name if host_name is not None else socket.gethostname()
    names = set(LOCAL_NAMES) | {a for a in addresses if a}
    if host:
        names |= {host, f"{host}.local"}
    ips = sorted((n for n in names if is_ip(n)), key=lambda n: (":" in n, n))
    return ips + sorted(n for n in names if not is_ip(n))


def is_ip(text: str) -> bool:
    """Whether *text* is an IP address (v4 or v6), not a name."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


class TlsError(RuntimeError):
    """The hall's certificates cannot be read or made; the message says what to do."""
