"""Making the hall's certificate authority and the broker's certificate (see :mod:`hub.broker.tls`).

Only a hub with TLS (or asked to renew) imports this module, and with it ``cryptography``.

>>> files = ensure_certificates(Path("finals-data/broker"), ["192.168.1.10"])  # doctest: +SKIP
>>> files.ca.name, files.cert.name                                             # doctest: +SKIP
('ca.crt', 'server.crt')
"""

from __future__ import annotations

import datetime
import ipaddress
import logging
import socket
from collections.abc import Iterable
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from hub.broker.private import write_private
from hub.broker.tls import (
    CA_CERT_FILE,
    CA_DAYS,
    CA_KEY_FILE,
    RENEW_BEFORE,
    SERVER_CERT_FILE,
    SERVER_DAYS,
    SERVER_KEY_FILE,
    TlsError,
    TlsFiles,
    is_ip,
    wanted_names,
)

log = logging.getLogger(__name__)


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
        x509.IPAddress(ipaddress.ip_address(n)) if is_ip(n) else x509.DNSName(n) for n in names
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
