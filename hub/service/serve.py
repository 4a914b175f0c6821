"""``whist-hub serve``: the store, the broker (embedded or not) and the MQTT hub, together."""

from __future__ import annotations

import gc
import logging
import os
import re
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING

from hub.broker.broker import EmbeddedBroker
from hub.broker.joincode import JoinCode
from hub.broker.logcap import RateLimit, RotatingLog
from hub.broker.net import reach_note, reachable_addresses
from hub.broker.private import keep_private
from hub.service.core import HubCore
from hub.service.datadir import BROKER_DIR, DB_FILE, EXPORTS_DIR, LOG_FILE, PHONES_DIR
from hub.service.service import Hub
from hub.service.store import EventStore, StoreError
from hub.service.systemd import Systemd
from whist.nightspec import NightSpec
from whist.protocol import Topics, build_models
from whist.spec import TournamentSpec

if TYPE_CHECKING:
    from hub.broker.phones import PhoneBroker
    from hub.broker.provision import ProvisionServer

log = logging.getLogger("whist.hub")

#: Full standings at most this often while results stream in (StandingsChanges in between).
STANDINGS_INTERVAL = 0.25
#: Longest wait at the start for the hall feed's process to publish the feed (seconds).
FEED_READY_WAIT = 30.0
#: From this many tables the hall feed has a process of its own unless told otherwise: a big
#: hall's results then never wait for its feed, nor for the console's queries and exports,
#: which that process answers (docs/performance.md). A smaller hall keeps one process: its
#: feed is a few tables a batch, and a second interpreter costs about a second of CPU to start
#: and some 60 MB. Chosen again from three loaded-machine runs of each in issue 28's second
#: round (docs/performance.md, "when the feed runs apart"); a quiet machine's runs decide.
FEED_APART_FROM = 32


@dataclass(frozen=True)
class BrokerAddress:
    host: str
    port: int
    username: str | None = None
    password: str | None = None
    #: The hall feed's own login there (its process has none otherwise: see serve()).
    feed_username: str | None = None
    feed_password: str | None = None


def parse_broker(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[::1]:1883`` for IPv6) into its parts; ValueError in plain words."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(
            f"--broker must look like HOST:PORT, for example 192.168.1.10:1883 (got {text!r})"
        )
    return host.strip("[]"), int(port)


#: hub.log is cut at this size while the hub runs, keeping this many older parts (.1, .2…).
LOG_MAX_BYTES = 10 * 1024 * 1024
LOG_BACKUPS = 3
#: The same message (say, a refused join request) is logged at most this often a minute;
#: the rest are counted and said once, so a flood cannot fill the disk.
LOG_SAME_PER_MINUTE = 120


#: Control characters (a newline above all) a message may carry from the wire.
_CONTROL = re.compile(r"[\x00-\x1f\x7f\u0085\u2028\u2029]")


class OneLineFormatter(logging.Formatter):
    """Each record's message on one line: an id or a name with a newline or another control
    character in it, as a table or the console sent it, is written escaped (``\\n``) and
    cannot forge a line of hub.log (issue 23, item 10). A traceback keeps its lines.

    >>> record = logging.makeLogRecord({"msg": "result %s", "args": ("x\\nCRITICAL y",)})
    >>> OneLineFormatter("%(message)s").format(record)
    'result x\\\\nCRITICAL y'
    """

    def formatMessage(self, record: logging.LogRecord) -> str:
        return _CONTROL.sub(_escaped, super().formatMessage(record))


def _escaped(match: re.Match[str]) -> str:
    return match.group().encode("unicode_escape").decode("ascii")


def setup_logging(data_dir: Path, verbose: bool = False) -> None:
    fmt = OneLineFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    # delay: hub.log appears with its first line, so an empty folder still looks unused to
    # earlier_run() when serve() starts.
    to_file = RotatingLog(data_dir / LOG_FILE, LOG_MAX_BYTES, LOG_BACKUPS)
    to_file.setFormatter(fmt)
    to_file.addFilter(RateLimit(LOG_SAME_PER_MINUTE))
    root.addHandler(to_file)
    to_screen = logging.StreamHandler()
    to_screen.setFormatter(fmt)
    to_screen.setLevel(logging.DEBUG if verbose else logging.WARNING)
    to_screen.addFilter(RateLimit(LOG_SAME_PER_MINUTE))  # its own count: it sees fewer
    root.addHandler(to_screen)


def earlier_run(data_dir: Path) -> list[str]:
    """What in *data_dir* shows a hub ran there before (its broker, exports, its own log)."""
    signs = [
        f"{name}/"
        for name in (BROKER_DIR, EXPORTS_DIR)
        if (data_dir / name).is_dir() and any((data_dir / name).iterdir())
    ]
    log_file = data_dir / LOG_FILE
    if log_file.is_file() and log_file.stat().st_size > 0:
        signs.append(LOG_FILE)
    return signs


def open_log(data_dir: Path, *, new_start: bool = False) -> EventStore:
    """The tournament log of *data_dir*; a :class:`StoreError` if it is lost or damaged.

    A missing or empty log beside what an earlier hub left behind is a lost tournament, not
    a new one: starting afresh would overwrite the retained state every kiosk shows. Only
    ``new_start`` (the leader's ``--new-start``) makes it a new tournament.
    """
    path = data_dir / DB_FILE
    signs = [] if new_start else earlier_run(data_dir)
    missing = not path.exists()
    if signs and missing:
        raise StoreError(_lost(path, "is missing", signs))
    store = EventStore(path)
    try:
        if signs and store.count() == 0:
            raise StoreError(_lost(path, "holds no events", signs))
    except StoreError:
        store.close()
        raise
    return store


def _name_in_log(core: HubCore) -> str:
    return core.event.spec.name


def _lost(path: Path, what: str, signs: list[str]) -> str:
    return (
        f"{path} {what}, but a hub ran in {path.parent} before ({', '.join(signs)}): the "
        "tournament log is lost. Restore it from a backup copy, or start a new tournament "
        "on purpose with --new-start"
    )


def _status(core: HubCore) -> str:
    return f"{core.event.status()}, {len(core.online)} kiosks online"


def _describe(core: HubCore, store: EventStore, seconds: float) -> list[str]:
    """What serve says first: the event, and where its log stands."""
    event = core.event
    return [
        event.headline(),
        f"Log: {store.path}: {event.seq} events replayed in {seconds:.2f} s; {event.progress()}.",
    ]


def serve(
    spec: TournamentSpec | NightSpec,
    data_dir: Path,
    *,
    broker: BrokerAddress | None = None,
    port: int = 1883,
    bind: str = "0.0.0.0",
    tls_port: int | None = 0,
    plain_hall: bool = False,
    topics: Topics | None = None,
    echo: Callable[[str], None] = print,
    stop: threading.Event | None = None,
    provision_port: int | None = None,
    new_start: bool = False,
    join_timeout: float | None = None,
    show_join_code: bool = True,
    feed_qos: int = 1,
    phones_port: int | None = None,
    feed_apart: bool | None = None,
) -> int:
    """Run until SIGINT/SIGTERM (or ``stop`` is set). Returns the process exit code.

    Raises :class:`StoreError` for a lost or damaged log (see :func:`open_log`).
    ``show_join_code``: print the join code (on a terminal; never into a log such as
    systemd's journal). ``join_timeout``: seconds a kiosk has to send its join request
    (None: the join service's own).
    The embedded broker speaks TLS on *bind* at *tls_port* (0: a free port; None: no TLS) and
    plain MQTT at *port* on the loopback, or on *bind* too with ``plain_hall``.
    ``phones_port``: the players' phones' page on *bind* (hub/broker/phones.py; 0: a free
    port; None: no phones). Only with the embedded broker.
    ``feed_apart``: the hall feed and the Replies built and published by a process of their
    own (hub/service/feedproc.py); None: from FEED_APART_FROM tables. With the embedded broker
    or an anonymous one only (with ``--broker`` and a login, the feed has none of its own: it
    stays in the hub's process).
    """
    # First of all: take NOTIFY_SOCKET out of the environment, or the broker we start would
    # inherit it and tell systemd it is ready in our name (mosquitto speaks sd_notify too).
    sd = Systemd()
    watchdog = sd.watchdog_period()
    topics = topics or Topics()
    umask = keep_private(data_dir)
    # The message models now, not at the first result of the day (and not on the replay's
    # clock): the hall feed's process does the same at its start.
    build_models()
    started = time.perf_counter()
    store = open_log(data_dir, new_start=new_start)
    try:
        core = HubCore(store, spec, topics=topics, standings_interval=STANDINGS_INTERVAL)
    except BaseException:
        store.close()
        raise
    # The replayed tournament lives as long as the hub: keep the garbage collector from
    # walking it again and again (full collections of a big log stall a hall's acks).
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    for line in _describe(core, store, time.perf_counter() - started):
        echo(line)
    tables = len(core.tables)
    name = _name_in_log(core)  # the log keeps the file play started with
    if store.sealed:
        echo(
            f"Note: the log was written by an older whist-hub; its {store.sealed} events now "
            "carry checksums (from now on a damaged event is found at the next start)."
        )
    if core.spec_changed:
        echo(
            "Note: the tournament file differs from the one play started with; "
            "the hub keeps the original (it is in the log)."
        )

    embedded: EmbeddedBroker | None = None
    feed_login: tuple[str, str] | None = None
    provisioner: ProvisionServer | None = None
    phones: PhoneBroker | None = None
    if broker is None:
        embedded = EmbeddedBroker(
            data_dir / BROKER_DIR,
            tables,
            port=port,
            bind=bind,
            topics=topics,
            tls_port=tls_port,
            plain_hall=plain_hall,
        )
        embedded.start()
        creds = embedded.credentials.hub
        feed_login = (embedded.credentials.feed.username, embedded.credentials.feed.password)
        broker = BrokerAddress(embedded.host, embedded.port, creds.username, creds.password)
        hall_port = embedded.tls_port or embedded.port
        where = ", ".join(f"{a}:{hall_port}" for a in reachable_addresses(bind)) or "this machine"
        if embedded.tls_port is None:
            echo(
                f"Broker: Mosquitto listening on port {embedded.port} (kiosks connect to {where})."
            )
        else:
            plain = "the hall's network too (--plain-hall)" if plain_hall else "this machine only"
            echo(
                f"Broker: Mosquitto listening on port {embedded.port} (plain MQTT, {plain}) and "
                f"with TLS on port {hall_port} (kiosks connect to {where}; they check the "
                f"broker against {embedded.ca_path})."
            )
        if reach_note(bind):
            echo(f"Note: {reach_note(bind)}.")
        echo(
            f"Credentials: {embedded.data_dir / 'credentials.json'}; print one kiosk's with: "
            f"whist-hub credentials {data_dir} --table N"
        )
        if phones_port is not None:
            # Loaded here: a hub without phones (--no-phones, or its own broker) never
            # carries their page's server and words (issue 22, the hub's memory).
            from hub.broker.phones import start_phones

            phones = start_phones(
                data_dir / PHONES_DIR,
                main_port=embedded.port,
                login=embedded.credentials.phones,
                port=phones_port,
                bind=bind,
                topics=topics,
                echo=echo,
            )
        if provision_port is not None:
            # Loaded here: a hub that runs no join service never carries an HTTP server.
            from hub.broker.provision import CLIENT_TIMEOUT, ProvisionServer

            code = JoinCode.load_or_create(embedded.data_dir)
            try:
                provisioner = ProvisionServer(
                    embedded.credentials,
                    code,
                    # With TLS, joined kiosks get the TLS port (and ca.crt, by the join service).
                    broker_port=hall_port,
                    root=topics.root,
                    tournament=name,
                    port=provision_port,
                    bind=bind,
                    # Bound to one address: announced there only (a hub on the loopback
                    # is not heard by the hall).
                    interfaces=None if bind in ("0.0.0.0", "") else [bind],
                    timeout=CLIENT_TIMEOUT if join_timeout is None else join_timeout,
                ).start()
                shown = (
                    code.code
                    if show_join_code
                    else f"on the console (Sheets & kiosks), or: whist-hub join-code {data_dir}"
                )
                echo(
                    f"Join code for kiosks: {shown} (the hub answers on port "
                    f"{provisioner.port} and is announced on the network by mDNS)."
                )
            except (OSError, ValueError) as exc:  # the port is taken, a bad WHIST_MDNS_SERVICE:
                # the hall can still be provisioned
                echo(
                    f"Joining by code is off ({exc}); give kiosks their settings with "
                    f"whist-hub credentials {data_dir} --table N"
                )
    else:
        echo(
            f"Broker: {broker.host}:{broker.port}"
            + (f" as {broker.username}" if broker.username else " (anonymous)")
        )

    if feed_apart is None:
        feed_apart = tables >= FEED_APART_FROM
    if broker.feed_username is not None:
        feed_login = (broker.feed_username, broker.feed_password or "")
    if feed_login is None and broker.username is not None:
        # Another broker that wants logins may make a client's id its login (as ours does):
        # the feed's process under the hub's login would push the hub off. It has no login
        # of its own there, so the feed stays in this process.
        feed_apart = False
    hub = Hub(
        core,
        host=broker.host,
        port=broker.port,
        username=broker.username,
        password=broker.password,
        feed_qos=feed_qos,
        feed_apart=feed_apart,
        feed_login=feed_login,
    )
    stop = stop or threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    previous = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            previous[sig] = signal.signal(sig, on_signal)
    try:
        hub.start()
        if hub.wait_connected(10):
            # The hall's screens whole before the word (the feed's process starts beside us).
            hub.wait_feed(FEED_READY_WAIT)
            echo("Hub ready. Press Ctrl-C to stop.")
        else:
            echo("Hub started, still waiting for the broker…")
        sd.ready(_status(core))
        tick = min(0.5, watchdog / 3) if watchdog else 0.5
        while not stop.wait(tick):
            if hub.failed:
                echo("The hub stopped: the tournament log could not be written (see hub.log).")
                return 1
            if watchdog and hub.alive(within=watchdog / 2):
                sd.watchdog_ping()  # a stuck worker stops the pings: systemd restarts us
                sd.status(_status(core))
        return 0
    finally:
        sd.stopping()
        hub.stop()
        if provisioner is not None:
            provisioner.stop()
        if phones is not None:
            phones.stop()
        if embedded is not None:
            embedded.stop()
        store.close()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        os.umask(umask)
        echo("Hub stopped.")
