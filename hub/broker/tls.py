"""The hall's own certificate authority, and the broker's certificate it signs.

Nothing on the hall's Wi-Fi may read a password: the embedded Mosquitto speaks TLS there.
At its first start the hub makes a small certificate authority of its own (no outside
authority knows a church hall's address); every device is given the CA's certificate
(``ca.crt``) with its login and checks the broker's certificate against it, so a device
talks to this hub's broker and no other (the pin). The CA's key never leaves the data
folder; the broker's certificate names the machine's hall addresses, its host name and
localhost, and is made again when they change.

>>> files = ensure_certificates(Path("finals-data/broker"), ["192.168.1.10"])  # doctest: +SKIP
>>> files.ca.name, files.cert.name                                             # doctest: +SKIP
('ca.crt', 'server.crt')

Files in the broker folder (all 0600; the broker runs as the hub's user):

``ca.crt``      the CA's certificate (PEM): what devices are given, to check the broker
``ca.key``      the CA's private key: signs the broker's certificate, never leaves the folder
``server.crt``  the broker's certificate, signed by the CA
``server.key``  the broker's private key
"""

from __future__ import annotations

import datetime
import ipaddress
import logging
import socket
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import ifaddr  # zeroconf's own dependency: every network interface's addresses
from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from hub.broker.net import lan_addresses
from hub.broker.private import write_private

log = logging.getLogger(__name__)

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
    ips = sorted((n for n in names if _is_ip(n)), key=lambda n: (":" in n, n))
    return ips + sorted(n for n in names if not _is_ip(n))


def ensure_certificates(
    folder: Path, addresses: Iterable[str], *, host_name: str | None = None
) -> TlsFiles:
    """Make the CA if the folder has none, and the broker's certificate if it is missing,
    names other than :func:`wanted_names`, was signed by another CA, or ends soon."""
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    files = TlsFiles(folder / CA_CERT_FILE, folder / SERVER_CERT_FILE, folder / SERVER_KEY_FILE)
    ca_key_path = folder / CA_KEY_FILE
    now = datetime.datetime.now(datetime.UTC)
    ca_cert, ca_key = _load_ca(files.ca, ca_key_path)
    if ca_cert is None or ca_key is None:
        ca_cert, ca_key = _new_ca(now, host_name)
        write_private(ca_key_path, _key_pem(ca_key))
        write_private(files.ca, ca_cert.public_bytes(serialization.Encoding.PEM).decode())
        log.info("tls: made the hall's certificate authority in %s", files.ca)
    names = wanted_names(addresses, host_name)
    why = _renew_reason(files, ca_cert, names, now)
    if why:
        key = ec.generate_private_key(ec.SECP256R1())
        cert = _server_cert(key, ca_cert, ca_key, names, now)
        write_private(files.key, _key_pem(key))
        write_private(files.cert, cert.public_bytes(serialization.Encoding.PEM).decode())
        log.info("tls: new broker certificate (%s) for %s", why, ", ".join(names))
    return files


def certificate_names(cert_path: Path) -> list[str]:
    """The names (DNS and IP) a certificate is valid for, as text."""
    cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
    return _san_names(cert)


# -- internals ----------------------------------------------------------------------------


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _key_pem(key: ec.EllipticCurvePrivateKey) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


def _load_ca(
    cert_path: Path, key_path: Path
) -> tuple[x509.Certificate | None, ec.EllipticCurvePrivateKey | None]:
    if not cert_path.exists() and not key_path.exists():
        return None, None
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except (OSError, ValueError) as exc:
        # A new CA would lock out every device given the old one: make it the leader's choice.
        raise TlsError(
            f"{cert_path.parent} holds a damaged certificate authority ({exc}). Restore "
            f"{CA_CERT_FILE} and {CA_KEY_FILE} from a backup, or delete both to make a new one "
            "(every device must then be given the new ca.crt)."
        ) from None
    if not isinstance(key, ec.EllipticCurvePrivateKey):
        raise TlsError(f"{key_path} is not a key this hub made; restore it or delete both files")
    return cert, key


class TlsError(RuntimeError):
    """The hall's certificates cannot be read or made; the message says what to do."""


def _name(common: str) -> x509.Name:
    return x509.Name(
        [
            x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Military Whist hall"),
            x509.NameAttribute(NameOID.COMMON_NAME, common),
        ]
    )


def _new_ca(
    now: datetime.datetime, host_name: str | None
) -> tuple[x509.Certificate, ec.EllipticCurvePrivateKey]:
    key = ec.generate_private_key(ec.SECP256R1())
    host = host_name if host_name is not None else socket.gethostname()
    name = _name(f"Whist hub CA {host}"[:64])
    public = key.public_key()
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=False,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                key_cert_sign=True,
                crl_sign=True,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
        .sign(key, hashes.SHA256())
    )
    return cert, key


def _server_cert(
    key: ec.EllipticCurvePrivateKey,
    ca_cert: x509.Certificate,
    ca_key: ec.EllipticCurvePrivateKey,
    names: list[str],
    now: datetime.datetime,
) -> x509.Certificate:
    alt: list[x509.GeneralName] = [
        x509.IPAddress(ipaddress.ip_address(n)) if _is_ip(n) else x509.DNSName(n) for n in names
    ]
    ca_ski = ca_cert.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    return (
        x509.CertificateBuilder()
        .subject_name(_name("whist hub broker"))
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(days=1))
        .not_valid_after(now + datetime.timedelta(days=SERVER_DAYS))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ca_ski),
            critical=False,
        )
        .sign(ca_key, hashes.SHA256())
    )


def _san_names(cert: x509.Certificate) -> list[str]:
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return []
    ips = [str(ip) for ip in san.get_values_for_type(x509.IPAddress)]
    return ips + list(san.get_values_for_type(x509.DNSName))


def _renew_reason(
    files: TlsFiles, ca_cert: x509.Certificate, names: list[str], now: datetime.datetime
) -> str:
    if not files.cert.exists() or not files.key.exists():
        return "none yet"
    try:
        cert = x509.load_pem_x509_certificate(files.cert.read_bytes())
        key = serialization.load_pem_private_key(files.key.read_bytes(), password=None)
    except (OSError, ValueError):
        return "the old one was unreadable"
    if cert.public_key() != key.public_key():
        return "its key did not match"
    if cert.issuer != ca_cert.subject:
        return "signed by another authority"
    try:
        cert.verify_directly_issued_by(ca_cert)
    except (ValueError, TypeError, InvalidSignature):
        return "signed by another authority"
    if cert.not_valid_after_utc - now < RENEW_BEFORE:
        return "the old one was about to end"
    if sorted(_san_names(cert)) != sorted(names):
        return "the machine's addresses changed"
    return ""
