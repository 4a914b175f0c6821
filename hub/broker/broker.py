"""The embedded Mosquitto: credentials, config, ACL, and a supervised broker process.

With no ``--broker`` the hub runs its own Mosquitto on the leader's machine. Everything the
broker needs lives in the hub's data directory and is rewritten from the tournament at every
start, except ``credentials.json``, which is generated once and then only extended, so a
kiosk provisioned yesterday still logs in today.

>>> with EmbeddedBroker(data_dir, tables=16) as broker:      # doctest: +SKIP
...     cred = broker.credentials.table(7)
...     print(provisioning_text(7, "192.168.1.10", broker.port, cred.username, cred.password))

Files in the data directory:

``credentials.json``  plain passwords, for provisioning kiosks (0600)
``mosquitto.conf``    listener, security and persistence settings
``mosquitto.passwd``  hashed passwords, made by ``mosquitto_passwd -U`` (0600)
``mosquitto.acl``     who may read and write which topic, built from :class:`Topics`
``mosquitto.db``      the broker's persistence: retained state and queued QoS 1 messages
``mosquitto.log``     the broker's log, size-capped and rotated by the hub (``.1``, ``.2``)
``ca.crt`` …          the hall's certificate authority and the broker's certificate (hub.broker.tls)
``broker.pid``        the running broker's pid, so a hub killed with SIGKILL can reclaim it
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import secrets
import shutil
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Self

import tomli_w

from hub.broker.logcap import LinePump
from hub.broker.private import write_private
from hub.broker.tls import CA_CERT_FILE, TlsError, TlsFiles, hall_addresses
from whist.protocol import Topics

log = logging.getLogger(__name__)

DEFAULT_PORT = 1883
#: The MQTT-over-TLS port (IANA's), where kiosks, the console and the hall display connect.
DEFAULT_TLS_PORT = 8883
DEFAULT_TOPICS = Topics()
CREDENTIALS_FILE = "credentials.json"
CONFIG_FILE = "mosquitto.conf"
PASSWORD_FILE = "mosquitto.passwd"
ACL_FILE = "mosquitto.acl"
LOG_FILE = "mosquitto.log"
PID_FILE = "broker.pid"

LEADER = "leader"
HALL = "hall"
HUB = "hub"
#: The phones' broker's bridge (hub/broker/phones.py): reads what the hall reads, nothing more.
PHONES = "phones"
#: The hub's hall feed process (hub/service/feedproc.py): publishes the hub's feed and Replies.
FEED = "hubfeed"
ROLES = (LEADER, HALL, HUB, PHONES, FEED)

MOSQUITTO_MISSING = "mosquitto is not installed. Install it with: sudo apt install mosquitto"

# Debian installs the broker in /usr/sbin, which is not on an ordinary user's PATH.
_SBIN_PATH = os.pathsep.join(("/usr/local/sbin", "/usr/sbin", "/sbin"))
# A crash can leave the DB up to this many seconds behind; kiosks keep results in their
# outbox until the hub acks them, so a lost queued message is resent, never lost.
_AUTOSAVE_SECONDS = 5
_MAX_QUEUED = 100_000
#: mosquitto.log is cut at this size while the broker runs, keeping this many older parts.
LOG_MAX_BYTES = 5 * 1024 * 1024
LOG_BACKUPS = 2
#: Broker log lines kept per minute; a flood of refused connections is summed up instead.
LOG_LINES_PER_MINUTE = 240
#: Largest MQTT packet the embedded broker accepts (header, topic and payload together).
MAX_PACKET_BYTES = 1024 * 1024
_PASSWORD_BYTES = 18  # token_urlsafe: 24 characters from [A-Za-z0-9_-], never a colon


class BrokerError(RuntimeError):
    """The embedded broker cannot be set up or run; the message says what to do."""


# -- credentials --------------------------------------------------------------------------


def table_username(table: int) -> str:
    """The broker username of a table's kiosk: ``table7``."""
    return f"table{table}"


@dataclass(frozen=True)
class Credential:
    """One broker login. The password stays out of ``repr`` so it never lands in a log."""

    username: str
    password: str = field(repr=False)


class Credentials:
    """Broker logins: ``table1``..``tableT``, ``leader``, ``hall``, ``hub`` and ``phones``.

    Generated once with :mod:`secrets` and kept in ``DATA_DIR/credentials.json`` (mode 0600).
    Loading never regenerates a password; it only adds logins for tables that are new.

    >>> creds = Credentials.load_or_create(data_dir, tables=16)   # doctest: +SKIP
    >>> creds.table(7).username                                    # doctest: +SKIP
    'table7'
    """

    def __init__(self, passwords: Mapping[str, str], tables: int) -> None:
        _check_tables(tables)
        needed = [table_username(t) for t in range(1, tables + 1)] + list(ROLES)
        missing = [name for name in needed if name not in passwords]
        if missing:
            raise ValueError(f"no password for {', '.join(missing)}")
        self._passwords = dict(passwords)
        self.tables = tables

    @classmethod
    def load_or_create(cls, data_dir: str | os.PathLike[str], tables: int) -> Credentials:
        """Read ``credentials.json`` from *data_dir*, adding any login it lacks, or create it."""
        _check_tables(tables)
        path = Path(data_dir) / CREDENTIALS_FILE
        passwords: dict[str, str] = {}
        if path.exists():
            passwords = _read_passwords(path)
        needed = [table_username(t) for t in range(1, tables + 1)] + list(ROLES)
        added = [name for name in needed if name not in passwords]
        for name in added:
            passwords[name] = secrets.token_urlsafe(_PASSWORD_BYTES)
        if added or not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
            write_private(path, json.dumps({"v": 1, "passwords": passwords}, indent=2) + "\n")
            log.info("credentials: generated %d login(s) in %s", len(added), path)
        else:
            _tighten(path)
        return cls(passwords, tables)

    def table(self, table: int) -> Credential:
        """The login of table *table*'s kiosk."""
        if not 1 <= table <= self.tables:
            raise ValueError(f"table {table} is not in 1..{self.tables}")
        return self._get(table_username(table))

    @property
    def leader(self) -> Credential:
        return self._get(LEADER)

    @property
    def hall(self) -> Credential:
        return self._get(HALL)

    @property
    def hub(self) -> Credential:
        return self._get(HUB)

    @property
    def phones(self) -> Credential:
        return self._get(PHONES)

    @property
    def feed(self) -> Credential:
        return self._get(FEED)

    def __iter__(self) -> Iterator[Credential]:
        """Every login the broker accepts: tables 1..T, then leader, hall and hub.

        Logins kept for tables beyond T (the tournament shrank) are not listed: the broker
        refuses them until the tables come back.
        """
        for t in range(1, self.tables + 1):
            yield self.table(t)
        for role in ROLES:
            yield self._get(role)

    def _get(self, username: str) -> Credential:
        return Credential(username, self._passwords[username])


#: The name a device gives the hub's ``ca.crt`` beside its settings.
DEVICE_CA_FILE = "hub-ca.crt"


def provisioning_text(
    table: int, host: str, port: int, username: str, password: str, *, ca: str | None = None
) -> str:
    """What one kiosk needs to join the hall's broker, as a small TOML document.

    With *ca* (the hub's CA file, as the kiosk names it beside its settings) the kiosk
    connects with TLS: ``[broker] tls = true``, ``ca = "hub-ca.crt"``.

    >>> print(provisioning_text(7, "192.168.1.10", 1883, "table7", "s3cret"))
    # Military Whist kiosk for table 7.
    # Keep this private: it lets a device speak for table 7.
    table = 7
    host = "192.168.1.10"
    port = 1883
    username = "table7"
    password = "s3cret"
    <BLANKLINE>
    """
    header = (
        f"# Military Whist kiosk for table {table}.\n"
        f"# Keep this private: it lets a device speak for table {table}.\n"
    )
    body: dict[str, object] = {
        "table": table,
        "host": host,
        "port": port,
        "username": username,
        "password": password,
    }
    if ca is not None:
        body["broker"] = {"tls": True, "ca": ca}
    return header + tomli_w.dumps(body)


def device_text(role: str, host: str, port: int, login: Credential, *, ca: str | None) -> str:
    """``leader.toml`` or ``hall.toml`` for the console or the hall display (TLS with *ca*).

    >>> print(device_text("leader", "hub", 8883, Credential("leader", "pw"), ca="hub-ca.crt"))
    # Military Whist leader console: keep this private.
    host = "hub"
    port = 8883
    username = "leader"
    password = "pw"
    <BLANKLINE>
    [broker]
    tls = true
    ca = "hub-ca.crt"
    <BLANKLINE>
    """
    what = "leader console" if role == LEADER else "hall display"
    body: dict[str, object] = {
        "host": host,
        "port": port,
        "username": login.username,
        "password": login.password,
    }
    if ca is not None:
        body["broker"] = {"tls": True, "ca": ca}
    return f"# Military Whist {what}: keep this private.\n" + tomli_w.dumps(body)


def _read_passwords(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        passwords = data["passwords"]
        if not isinstance(passwords, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and v for k, v in passwords.items()
        ):
            raise TypeError("passwords must map usernames to non-empty strings")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        # Regenerating would silently lock out every provisioned kiosk: make it a choice.
        raise BrokerError(
            f"{path} is not a readable credentials file ({exc}). Restore it from a backup, or "
            "delete it to generate new passwords (every kiosk must then be provisioned again)."
        ) from None
    return dict(passwords)


def _check_tables(tables: int) -> None:
    if tables < 1:
        raise ValueError(f"a tournament needs at least one table, not {tables}")


# -- configuration ------------------------------------------------------------------------


def hall_topics(topics: Topics = DEFAULT_TOPICS) -> tuple[str, ...]:
    """The hub-owned topics everyone in the hall may read: what the hall display (and the
    phones' page, hub/broker/phones.py) shows. A club night's standings (whist/night) are read
    wherever the standings are."""
    return (
        topics.hub_status,
        topics.epoch,
        topics.state,
        topics.standings,
        topics.standings_changes,
        topics.standings_gathered,
        topics.night,
    )


def acl_text(tables: int, topics: Topics = DEFAULT_TOPICS) -> str:
    """The Mosquitto ACL: each login may touch only its own topics (least privilege)."""
    _check_tables(tables)
    _check_root(topics.root)
    everything = f"{topics.root}/#"
    hub_owned = hall_topics(topics)
    lines = [
        "# Generated by whist-hub at every start; edits here are overwritten.",
        "# allow_anonymous is false, so there are no anonymous topics.",
        "",
        f"user {HUB}",
        f"topic readwrite {everything}",
        "",
        f"user {LEADER}",
        f"topic write {topics.leader_command}",
        f"topic read {everything}",
        "",
        f"user {HALL}",
        *(f"topic read {t}" for t in hub_owned),
        "",
        f"user {PHONES}",
        *(f"topic read {t}" for t in hub_owned),
        "",
        f"user {FEED}",
        *(f"topic write {t}" for t in hub_owned if t != topics.hub_status),
        *(f"topic write {topics.every_table(k)}" for k in ("assignment", "view", "score")),
        f"topic write {topics.leader_reply}",
    ]
    for t in range(1, tables + 1):
        lines += [
            "",
            f"user {table_username(t)}",
            f"topic write {topics.result(t)}",
            f"topic write {topics.deal(t)}",
            f"topic write {topics.count(t)}",
            f"topic write {topics.call(t)}",
            f"topic readwrite {topics.table_status(t)}",
            f"topic read {topics.assignment(t)}",
            f"topic read {topics.view(t)}",
            f"topic read {topics.score(t)}",
            f"topic read {topics.ack(t)}",
            *(f"topic read {topic}" for topic in hub_owned),
        ]
    return "\n".join(lines) + "\n"


def write_config(
    data_dir: str | os.PathLike[str],
    tables: int,
    port: int,
    topics: Topics = DEFAULT_TOPICS,
    bind: str = "0.0.0.0",
    *,
    passwd_executable: str = "mosquitto_passwd",
    tls: TlsFiles | None = None,
    tls_port: int | None = None,
    plain_bind: str | None = None,
) -> Path:
    """Write ``mosquitto.conf``, the password file and the ACL into *data_dir*; return the conf.

    With *tls* and *tls_port*, the broker speaks TLS on *bind* (the hall) at *tls_port*, and
    plain MQTT at *port* on *plain_bind* only (the loopback unless told otherwise). Without,
    one plain listener on *bind*. Credentials come from :meth:`Credentials.load_or_create`
    (created or extended as needed). Raises :class:`BrokerError` if ``mosquitto_passwd`` is
    missing or fails.
    """
    for p in (port, tls_port) if tls_port is not None else (port,):
        if not 0 < p < 65536:
            raise ValueError(f"port must be in 1..65535, not {p}")
    _check_root(topics.root)
    data = Path(data_dir).resolve()
    data.mkdir(parents=True, exist_ok=True, mode=0o700)
    credentials = Credentials.load_or_create(data, tables)

    passwd = data / PASSWORD_FILE
    # mosquitto_passwd -U hashes a plaintext file in place (one process for every login).
    # Always start from plaintext: running -U on a hashed file would hash the hashes.
    write_private(passwd, "".join(f"{c.username}:{c.password}\n" for c in credentials))
    _hash_password_file(passwd, passwd_executable)

    acl = data / ACL_FILE
    write_private(acl, acl_text(tables, topics))

    lines = [
        "# Generated by whist-hub at every start; edits here are overwritten.",
        "# Logins and their topics: mosquitto.acl; hashed passwords: mosquitto.passwd;",
        "# plain passwords for provisioning kiosks: credentials.json.",
    ]
    user = _user_line()
    if user:
        lines += [
            "# Run as root, mosquitto would switch to the 'mosquitto' user, which cannot read",
            "# these 0600 files or write the persistence database: stay who we are.",
            user,
        ]
    each_listener = [
        "# A client's id is its login: a table's login cannot take over the hub's session or",
        "# another table's (a second device with the same login takes over the first).",
        "# A listener setting, so it must follow the listener line.",
        "use_username_as_clientid true",
        # No max_connections: Mosquitto 2.0.11 keeps a socket that never sends CONNECT open
        # for good, so a cap would let a neighbour's idle sockets lock the kiosks out.
    ]
    lines.append("per_listener_settings false")
    if tls is not None and tls_port is not None:
        lines += [
            "# The hall's network: TLS only, so no password crosses the Wi-Fi readable. Devices",
            "# check this certificate against ca.crt, the hall's authority (hub/broker/certs.py).",
            f"listener {tls_port} {bind}" if bind else f"listener {tls_port}",
            *each_listener,
            f"cafile {tls.ca}",
            f"certfile {tls.cert}",
            f"keyfile {tls.key}",
            "tls_version tlsv1.2",
            "require_certificate false",
            "# Plain MQTT (docs/protocol.md) for the hub and clients on this machine"
            + (" and, by --plain-hall, the hall" if plain_bind not in (None, "127.0.0.1") else ""),
            f"listener {port} {plain_bind or '127.0.0.1'}",
            *each_listener,
        ]
    else:
        lines += [f"listener {port} {bind}" if bind else f"listener {port}", *each_listener]
    lines += [
        "allow_anonymous false",
        "# No legitimate message comes near this (the largest, standings of 500 tables, is",
        "# about 45 kB); a bigger packet disconnects its sender before anyone stores it.",
        f"max_packet_size {MAX_PACKET_BYTES}",
        f"password_file {passwd}",
        f"acl_file {acl}",
        "",
        "# Retained state and the QoS 1 messages queued for persistent sessions (the hub's",
        "# above all) survive a broker restart.",
        "persistence true",
        # Mosquitto 1.x joins location and file name without a separator.
        f"persistence_location {data}{os.sep}",
        f"autosave_interval {_AUTOSAVE_SECONDS}",
        "# A hall of 500 tables reporting while the hub restarts must not overflow the",
        "# hub's queue (mosquitto's default is 1000 messages per client).",
        f"max_queued_messages {_MAX_QUEUED}",
        "# Small messages (a result, an ack) go out at once instead of waiting for Nagle's",
        "# algorithm to fill a packet: tens of milliseconds per hop otherwise.",
        "set_tcp_nodelay true",
        "# The hub acknowledges a batch of results at once, after its commit: let the broker",
        "# send it a whole burst instead of 20 messages at a time.",
        "max_inflight_messages 0",
        "",
        "# The hub reads the log from stdout and writes mosquitto.log itself, size-capped and",
        "# rotated, a flood of refused connections summed up (mosquitto cannot rotate its own).",
        "log_dest stdout",
        "log_type error",
        "log_type warning",
        "log_type notice",
        "log_type information",
        "connection_messages true",
        "log_timestamp_format %Y-%m-%dT%H:%M:%S",
    ]
    conf = data / CONFIG_FILE
    write_private(conf, "\n".join(lines) + "\n")
    return conf


def write_anonymous_config(
    data_dir: str | os.PathLike[str], port: int, bind: str = "127.0.0.1"
) -> Path:
    """A plain broker anyone may use, for demos and tests of ``--broker HOST:PORT``.

    No passwords, no ACL, no persistence; it listens on *bind* (the loopback by default).
    """
    if not 0 < port < 65536:
        raise ValueError(f"port must be in 1..65535, not {port}")
    data = Path(data_dir).resolve()
    data.mkdir(parents=True, exist_ok=True, mode=0o700)
    lines = ["# Generated by whist-hub: an open broker, for demos and tests only."]
    user = _user_line()
    if user:
        lines.append(user)
    lines += [
        f"listener {port} {bind}" if bind else f"listener {port}",
        "allow_anonymous true",
        f"max_queued_messages {_MAX_QUEUED}",
        "set_tcp_nodelay true",
        "max_inflight_messages 0",
        "log_dest stdout",
        "connection_messages true",
        "log_timestamp_format %Y-%m-%dT%H:%M:%S",
    ]
    conf = data / CONFIG_FILE
    write_private(conf, "\n".join(lines) + "\n")
    return conf


def _user_line() -> str:
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        import pwd

        return f"user {pwd.getpwuid(0).pw_name}"
    return ""


def _check_root(root: str) -> None:
    if (
        not root
        or root != root.strip("/")
        or any(c in root for c in "+#\0")
        or root.split() != [root]
    ):
        raise ValueError(f"topic root {root!r} cannot be used in a Mosquitto ACL")


def _hash_password_file(path: Path, executable: str) -> None:
    exe = find_executable(executable)
    try:
        done = subprocess.run(
            [str(exe), "-U", str(path)],
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=30,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise BrokerError(f"{exe} could not hash {path}: {exc}") from None
    if done.returncode != 0:
        out = (done.stderr or done.stdout).strip()
        raise BrokerError(f"{exe} -U {path} failed with code {done.returncode}: {out}")
    _tighten(path)


def _tighten(path: Path) -> None:
    if path.stat().st_mode & 0o077:
        log.warning("%s was readable by others; making it private (0600)", path)
        path.chmod(0o600)


# -- processes ----------------------------------------------------------------------------


def find_executable(name: str) -> Path:
    """Where *name* (``mosquitto``, ``mosquitto_passwd``, or a path) is; else :class:`BrokerError`.

    Also looks in the sbin directories, where Debian puts ``mosquitto`` but which are not on a
    normal user's ``PATH``.
    """
    if os.sep in name:
        found = name if os.access(name, os.X_OK) and Path(name).is_file() else None
    else:
        found = shutil.which(name) or shutil.which(name, path=_SBIN_PATH)
    if found is None:
        raise BrokerError(MOSQUITTO_MISSING)
    return Path(found)


def find_free_port(host: str = "127.0.0.1") -> int:
    """A TCP port nobody listens on right now (the OS's choice)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def connect_host(bind: str) -> str:
    """The address a client on this machine uses to reach a listener bound to *bind*."""
    if bind in ("", "0.0.0.0"):
        return "127.0.0.1"
    if bind == "::":
        return "::1"
    return bind


def port_answers(host: str, port: int, timeout: float = 0.5) -> bool:
    """Whether something accepts TCP connections on *host*:*port*."""
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def _port_taken(bind: str, port: int) -> bool:
    host = bind or "0.0.0.0"
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        # As mosquitto does: TIME_WAIT leftovers of a killed broker do not count.
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            return exc.errno == errno.EADDRINUSE
    return False


class MosquittoProcess:
    """One ``mosquitto -c CONFIG`` child, started, watched and stopped.

    :meth:`start` waits (bounded) until the port accepts connections; a watchdog thread
    restarts the broker if it dies, counting in :attr:`restarts`. Use it as a context
    manager, or call :meth:`stop`.

    >>> conf = write_anonymous_config(tmp, port=18830)            # doctest: +SKIP
    >>> with MosquittoProcess(conf, port=18830) as broker:        # doctest: +SKIP
    ...     port_answers(broker.host, broker.port)
    True
    """

    def __init__(
        self,
        config_path: str | os.PathLike[str],
        port: int,
        *,
        host: str = "127.0.0.1",
        bind: str = "",
        log_path: str | os.PathLike[str] | None = None,
        executable: str = "mosquitto",
        start_timeout: float = 10.0,
        stop_timeout: float = 5.0,
        watchdog_interval: float = 0.2,
    ) -> None:
        self.config_path = Path(config_path).resolve()
        self.port = port
        self.host = host
        self.bind = bind
        #: (address, port) of every listener in the config: all must answer after a start.
        self.listeners: list[tuple[str, int]] = [(bind, port)]
        self.log_path = Path(log_path) if log_path else self.config_path.parent / LOG_FILE
        self.pid_path = self.config_path.parent / PID_FILE
        self.executable = executable
        self.start_timeout = start_timeout
        self.stop_timeout = stop_timeout
        self.watchdog_interval = watchdog_interval
        #: Times the watchdog found the broker dead and started it again.
        self.restarts = 0
        self._proc: subprocess.Popen[bytes] | None = None
        self._pump: LinePump | None = None
        self._lock = threading.RLock()
        self._stopping = threading.Event()
        self._watchdog: threading.Thread | None = None

    # public ------------------------------------------------------------------------------

    @property
    def pid(self) -> int | None:
        """The running broker's process id, or None."""
        proc = self._proc
        return proc.pid if proc is not None and proc.poll() is None else None

    @property
    def running(self) -> bool:
        return self.pid is not None

    def start(self) -> Self:
        """Start the broker and its watchdog; return once the port accepts connections."""
        exe = find_executable(self.executable)
        with self._lock:
            if self._proc is not None and self._proc.poll() is None:
                raise BrokerError(f"mosquitto is already running (pid {self._proc.pid})")
            self._stopping.clear()
            self._reclaim_orphan()
            self._spawn(exe)
        self._watchdog = threading.Thread(
            target=self._watch, name=f"mosquitto-watchdog:{self.port}", daemon=True
        )
        self._watchdog.start()
        log.info("mosquitto listening on port %d (pid %s)", self.port, self.pid)
        return self

    def stop(self) -> None:
        """Stop the watchdog, then the broker: SIGTERM (it saves its database), SIGKILL late."""
        self._stopping.set()
        if self._watchdog is not None and self._watchdog is not threading.current_thread():
            self._watchdog.join()
        self._watchdog = None
        with self._lock:
            proc, self._proc = self._proc, None
            if proc is not None:
                self._terminate(proc)
                with contextlib.suppress(FileNotFoundError):
                    self.pid_path.unlink()

    def restart(self) -> None:
        """Stop the broker cleanly and start it again (the watchdog keeps running)."""
        exe = find_executable(self.executable)
        with self._lock:
            if self._proc is not None:
                self._terminate(self._proc)
            self._spawn(exe)

    def log_tail(self, lines: int = 20) -> str:
        """The last *lines* lines of the broker's log, or '' if there is none."""
        try:
            with self.log_path.open("rb") as f:
                f.seek(0, os.SEEK_END)
                f.seek(max(0, f.tell() - 16384))
                text = f.read().decode("utf-8", "replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.host}:{self.port} pid={self.pid}>"

    # internals (called with the lock held) -----------------------------------------------

    def _spawn(self, exe: Path) -> None:
        for bind, port in self.listeners:
            if _port_taken(bind, port):
                raise BrokerError(
                    f"port {port} is already in use by another program, often the system's "
                    "own mosquitto service (stop it with: sudo systemctl disable --now "
                    "mosquitto), or choose another port"
                )
        # Own session: a Ctrl-C meant for the hub must not kill the broker under it; the hub
        # stops it in order. Its log (log_dest stdout) and early errors come through a pipe
        # into mosquitto.log, capped and rotated by the hub (mosquitto cannot rotate it).
        proc = subprocess.Popen(
            [str(exe), "-c", str(self.config_path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            close_fds=True,
            start_new_session=True,
        )
        assert proc.stdout is not None
        self._pump = LinePump(
            proc.stdout, self.log_path, LOG_MAX_BYTES, LOG_BACKUPS, LOG_LINES_PER_MINUTE
        )
        self._pump.start()
        self._proc = proc
        try:
            self._wait_ready(proc)
        except BaseException:
            self._terminate(proc)
            self._proc = None
            raise
        self.pid_path.write_text(f"{proc.pid}\n", encoding="ascii")

    def _wait_ready(self, proc: subprocess.Popen[bytes]) -> None:
        deadline = time.monotonic() + self.start_timeout
        while True:
            code = proc.poll()
            if code is not None:
                if self._pump is not None:
                    self._pump.join(self.stop_timeout)  # its last words, into the log
                raise BrokerError(
                    f"mosquitto exited with code {code} while starting on port {self.port}. "
                    f"Last lines of {self.log_path}:\n{self.log_tail()}"
                )
            # Checked after the poll above: a broker that lost the port to someone else
            # exits, and we must not mistake the other listener for ours.
            answering = all(port_answers(connect_host(b), p) for b, p in self.listeners)
            if answering and proc.poll() is None:
                return
            if time.monotonic() > deadline:
                raise BrokerError(
                    f"mosquitto did not accept connections on {self.host}:{self.port} within "
                    f"{self.start_timeout:g} s. Last lines of {self.log_path}:\n{self.log_tail()}"
                )
            if self._stopping.wait(0.05):
                raise BrokerError("mosquitto start abandoned: the broker is being stopped")

    def _terminate(self, proc: subprocess.Popen[bytes]) -> None:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(self.stop_timeout)
            except subprocess.TimeoutExpired:
                log.warning("mosquitto ignored SIGTERM for %g s; killing it", self.stop_timeout)
                proc.kill()
                proc.wait()
        if self._pump is not None:
            self._pump.join(self.stop_timeout)

    def _reclaim_orphan(self) -> None:
        """Stop a broker left running on our config by a hub that was killed outright."""
        try:
            pid = int(self.pid_path.read_text(encoding="ascii").strip())
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except (OSError, ValueError):
            return
        if not argv or not Path(os.fsdecode(argv[0])).name.startswith("mosquitto"):
            return
        if os.fsencode(str(self.config_path)) not in argv:
            return
        log.warning("stopping mosquitto pid %d left over from a previous run", pid)
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + self.stop_timeout
        while _alive(pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        if _alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
            deadline = time.monotonic() + self.stop_timeout
            while _alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)

    def _watch(self) -> None:
        failures = 0
        while True:
            # A broker that cannot start (port stolen, disk full) is retried ever more slowly.
            delay = self.watchdog_interval if not failures else min(30.0, 0.5 * 2**failures)
            if self._stopping.wait(delay):
                return
            with self._lock:
                if self._stopping.is_set():
                    return
                proc = self._proc
                if proc is not None and proc.poll() is None:
                    continue
                self.restarts += 1
                code = proc.returncode if proc is not None else None
                log.warning(
                    "mosquitto died (exit code %s); restarting it (restart %d). Last lines of "
                    "%s:\n%s",
                    code,
                    self.restarts,
                    self.log_path,
                    self.log_tail(10),
                )
                try:
                    self._spawn(find_executable(self.executable))
                except BrokerError as exc:
                    failures += 1
                    log.error("mosquitto restart %d failed: %s", self.restarts, exc)
                else:
                    failures = 0
                    log.warning("mosquitto restarted (pid %s)", self.pid)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    # A zombie still answers signal 0; it is as good as gone.
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[-1].split()[:1] != ["Z"]


class EmbeddedBroker(MosquittoProcess):
    """The hub's own Mosquitto: logins and ACL from the tournament, data in *data_dir*.

    The configuration is rewritten at every :meth:`start`, so growing the tournament only
    needs a restart; passwords are kept (see :class:`Credentials`).

    >>> with EmbeddedBroker("/var/lib/whist", tables=16) as broker:    # doctest: +SKIP
    ...     broker.credentials.table(7)
    Credential(username='table7')

    ``host`` is where a client on this machine reaches the broker; kiosks use the machine's
    address on the hall's network. ``port=0`` picks a free port.

    TLS: the broker listens on *bind* at *tls_port* with TLS only (``0`` picks a free port),
    and plain MQTT at *port* on the loopback only, or on *bind* too with ``plain_hall``.
    ``tls_port=None``: no TLS, one plain listener on *bind* (the setting before TLS).
    """

    def __init__(
        self,
        data_dir: str | os.PathLike[str],
        tables: int,
        *,
        port: int = DEFAULT_PORT,
        bind: str = "0.0.0.0",
        topics: Topics = DEFAULT_TOPICS,
        executable: str = "mosquitto",
        passwd_executable: str = "mosquitto_passwd",
        start_timeout: float = 10.0,
        stop_timeout: float = 5.0,
        watchdog_interval: float = 0.2,
        tls_port: int | None = 0,
        plain_hall: bool = False,
        address_check: float = 30.0,
    ) -> None:
        data = Path(data_dir).resolve()
        plain_bind = bind if plain_hall or tls_port is None else "127.0.0.1"
        host = connect_host(plain_bind)
        super().__init__(
            data / CONFIG_FILE,
            port or find_free_port(host),
            host=host,
            bind=plain_bind,
            executable=executable,
            start_timeout=start_timeout,
            stop_timeout=stop_timeout,
            watchdog_interval=watchdog_interval,
        )
        self.data_dir = data
        self.tables = tables
        self.topics = topics
        self.passwd_executable = passwd_executable
        self.hall_bind = bind
        #: The TLS listener's port on the hall's network, or None (no TLS).
        self.tls_port = None if tls_port is None else tls_port or find_free_port(connect_host(bind))
        if self.tls_port is not None:
            self.listeners.append((bind, self.tls_port))
        #: The broker's CA, certificate and key, once started with TLS.
        self.tls: TlsFiles | None = None
        #: Seconds between checks of the machine's addresses (0: only at start).
        self.address_check = address_check
        self._addresses: threading.Thread | None = None
        data.mkdir(parents=True, exist_ok=True, mode=0o700)
        self.credentials = Credentials.load_or_create(data, tables)

    @property
    def ca_path(self) -> Path:
        """The hall's CA certificate (PEM), which devices use to check the broker."""
        return self.data_dir / CA_CERT_FILE

    def start(self) -> Self:
        # Before writing anything: a missing broker gets the one clear message.
        find_executable(self.executable)
        if self.tls_port is not None:
            from hub.broker.certs import ensure_certificates  # cryptography: only with TLS

            self.tls = ensure_certificates(self.data_dir, hall_addresses(self.hall_bind))
        write_config(
            self.data_dir,
            self.tables,
            self.port,
            self.topics,
            self.hall_bind,
            passwd_executable=self.passwd_executable,
            tls=self.tls,
            tls_port=self.tls_port,
            plain_bind=self.bind,
        )
        self.credentials = Credentials.load_or_create(self.data_dir, self.tables)
        super().start()
        if self.tls_port is not None and self.address_check:
            self._addresses = threading.Thread(
                target=self._follow_addresses, name=f"tls-names:{self.port}", daemon=True
            )
            self._addresses.start()
        return self

    def stop(self) -> None:
        super().stop()  # sets _stopping, which ends the address watch too
        if self._addresses is not None:
            self._addresses.join(self.stop_timeout)
            self._addresses = None

    def renew_certificate(self, addresses: list[str]) -> bool:
        """Make the broker's certificate name *addresses* if it does not yet, and have the
        running broker take it (SIGHUP: Mosquitto 2.0 reloads its certificate, and keeps
        its connections). Returns whether a new certificate was made."""
        from hub.broker.certs import ensure_certificates

        before = self.tls.cert.read_bytes() if self.tls else b""
        self.tls = ensure_certificates(self.data_dir, addresses)
        if self.tls.cert.read_bytes() == before:
            return False
        with self._lock:
            pid = self.pid
            if pid is not None:
                os.kill(pid, signal.SIGHUP)
        return True

    def _follow_addresses(self) -> None:
        # A hub started at boot may get the hall's address later (DHCP, Wi-Fi joined late):
        # kiosks check the address they dial against the certificate, so follow it.
        while not self._stopping.wait(self.address_check):
            try:
                if self.renew_certificate(hall_addresses(self.hall_bind)):
                    log.warning("the machine's addresses changed: new broker certificate")
            except (OSError, TlsError) as exc:
                log.error("could not renew the broker's certificate: %s", exc)
