"""The players' phones: live standings on a read-only page, served by a broker of their own.

A second Mosquitto, beside the hall's, serves the page (``http_dir``) and MQTT over WebSockets
on one port of the hall's network; the page's script (MQTT.js, vendored in ``www/``) subscribes
there. A bridge brings in only what the hall display reads (the hub's status, State, Standings,
their changes, a club night's standings), logged in to the hall's broker as ``phones``, whose ACL
there reads those topics and nothing else (the bridge brings in all of them but the
StandingsChanges of each batch, which it takes gathered: :func:`public_names`). On the phones'
broker anonymous clients may read those topics and write none (its ACL). So:

- a phone never reaches the broker the tables and the leader use: a thousand phones cost that
  broker one subscriber, and nothing runs in the hub's interpreter for them;
- nothing of a table's or the leader's traffic crosses the bridge, and a phone's publication
  is dropped by the phones' broker (and the bridge carries nothing out anyway).

Why this and not server-sent events from the hub: docs/phones.md.

Files, in ``DATA_DIR/phones`` (rewritten at every start):

``mosquitto.conf``  the listeners (WebSockets on the hall, plain MQTT on the loopback), the bridge
``mosquitto.acl``   anonymous: read the public topics, write nothing
``www/``            the page, its script, MQTT.js and its licence, ``words.json`` (the catalogs)

>>> phones = PhoneBroker(data / "phones", main_port=1883, login=creds.phones)  # doctest: +SKIP
>>> with phones:                                                              # doctest: +SKIP
...     print(phones.url("192.168.1.10"))
http://192.168.1.10:8080/
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Self

from hub.broker.broker import (
    Credential,
    MosquittoProcess,
    _user_line,
    connect_host,
    find_executable,
    find_free_port,
)
from hub.broker.private import write_private
from hub.i18n import translator
from uikit.i18n import ConsoleTranslator, Language, declare
from whist.protocol import Topics

#: The phones' page and its WebSockets, on the hall's network (a common web port, free on a Pi).
DEFAULT_PHONES_PORT = 8080
WWW = Path(__file__).with_name("www")
#: The page's words, by language and wording (``fr@manche``), made from the hub's catalog.
WORDS_FILE = "words.json"
LANGUAGES: tuple[Language, ...] = ("en", "fr")
#: The wordings a format may ask for (FormatInfo.wording), each with its own words.
WORDINGS = ("manche",)
#: A phone sends nothing bigger than a subscription; a bigger packet closes it.
MAX_PACKET_BYTES = 64 * 1024

#: The Gaspésie wording of the page's texts (a hand is a *manche*).
MANCHE_WORDS = (
    declare.pt("manche", "Hand {n} of {total}"),
    declare.pt("manche", "Before the first hand"),
)


def public_names(topics: Topics) -> dict[str, str]:
    """What the phones read, by the name the page gives each (``topics.json``): what the hall
    display reads, but the scores that moved come gathered (StandingsChanges gathered, at most
    four a second while results stream in), not after every batch (StandingsChanges).

    With a StandingsChanges after every batch of results, a thousand phones fell three seconds
    behind at a hand's end (bench/phones: each is one more packet to every phone); with the full
    Standings only (at most one a second while results stream in), about a second; with the
    gathered changes on top of them, docs/performance.md, "Phones"."""
    return {
        "hub_status": topics.hub_status,
        "epoch": topics.epoch,
        "state": topics.state,
        "standings": topics.standings,
        "changes": topics.standings_gathered,
        "night": topics.night,
    }


def public_topics(topics: Topics) -> tuple[str, ...]:
    """The topics of :func:`public_names`: the hall's, less the StandingsChanges of each batch."""
    return tuple(public_names(topics).values())


def words(tr: ConsoleTranslator) -> dict[str, str]:
    """Every text the page shows, in *tr*'s language (the page has no words of its own)."""
    return {
        "title": tr.t("Live standings"),
        "hand": tr.t("Hand {n} of {total}"),
        "before": tr.t("Before the first hand"),
        "trump": tr.t("Trump: {trump}"),
        "spades": tr.t("Spades"),
        "hearts": tr.t("Hearts"),
        "diamonds": tr.t("Diamonds"),
        "clubs": tr.t("Clubs"),
        "none": tr.t("No trump"),
        "unchosen": tr.t("Not chosen yet"),
        "flags": tr.t("Flags"),
        "points": tr.t("Points"),
        "games": tr.t("Games"),
        "rubbers": tr.t("Rubbers"),
        "tricks": tr.t("Tricks"),
        "rank": tr.t("Rank"),
        # beside a team level on score with another yet on a place of its own (Standings'
        # tie_broken and placed_by, by_leader): what placed it, as the hall says
        "placed_playoff": tr.t("placed by the playoff"),
        "placed_countback": tr.t("placed by counting back"),
        "placed_leader": tr.t("placed by the leader"),
        "team": tr.t("Team {n}"),
        "table": tr.t("Table {n}"),
        "pick_team": tr.t("Tap your team to follow it."),
        "pick_table": tr.t("Tap your table to follow it."),
        "following": tr.t("You follow: {name}"),
        "forget": tr.t("Follow another"),
        "connecting": tr.t("Connecting to the hall…"),
        "lost": tr.t("Connection lost. Reconnecting…"),
        "hub_offline": tr.t("The hub is offline: these standings may be out of date."),
        "waiting": tr.t("Waiting for the standings…"),
        "final": tr.t("Final standings"),
        "over": tr.t("Play is over: the standings are not final yet"),
        "provisional": tr.t("Provisional: results are missing"),
        "ended": tr.t("The night has ended"),
        "reported": tr.t("Results in: {k} of {n}"),
        # the room's clock (issue 26), as the kiosks say it: "about" only above five minutes
        "clock_calm": tr.nt("About {n} minute left", "About {n} minutes left", 5),
        "clock_close": tr.t("{time} left"),
        "clock_over": tr.t("{time} over"),
        "clock_paused": tr.t("Clock paused: {time} left"),
    }


def all_words() -> dict[str, dict[str, str]]:
    """``words.json``: ``{"en": {...}, "fr": {...}, "en@manche": {...}, "fr@manche": {...}}``."""
    out: dict[str, dict[str, str]] = {lang: words(translator(lang)) for lang in LANGUAGES}
    for wording in WORDINGS:
        for language in LANGUAGES:
            out[f"{language}@{wording}"] = words(translator(language, context=wording))
    return out


def acl_text(public: Iterable[str]) -> str:
    """The phones' broker's ACL: anyone reads the *public* topics; nobody writes anything.

    The bridge's own messages come in past the ACL (Mosquitto does not check a bridge's)."""
    return (
        "\n".join(
            [
                "# Generated by whist-hub at every start; edits here are overwritten.",
                "# Anonymous phones: read the public topics, write none.",
                *(f"topic read {t}" for t in public),
            ]
        )
        + "\n"
    )


def config_text(
    folder: Path,
    *,
    port: int,
    bind: str,
    local_port: int,
    main_host: str,
    main_port: int,
    login: Credential,
    public: Iterable[str],
) -> str:
    """``mosquitto.conf`` of the phones' broker (see the module's docstring); the bridge
    brings in the *public* topics."""
    lines = ["# Generated by whist-hub at every start; edits here are overwritten."]
    user = _user_line()
    if user:
        lines.append(user)
    lines += [
        "per_listener_settings false",
        "# Plain MQTT on the loopback: the hub's checks and the bench (Mosquitto 2.0 on",
        "# Debian bookworm wants a plain listener beside a WebSockets one).",
        f"listener {local_port} 127.0.0.1",
        "# The phones: the page (http_dir) and MQTT over WebSockets, on one port.",
        f"listener {port} {bind}" if bind else f"listener {port}",
        "protocol websockets",
        f"http_dir {folder / 'www'}",
        "allow_anonymous true",
        f"acl_file {folder / 'mosquitto.acl'}",
        f"max_packet_size {MAX_PACKET_BYTES}",
        "persistence false",
        "set_tcp_nodelay true",
        "max_queued_messages 100",
        "",
        "# The bridge: the hall's public topics in, nothing out.",
        "connection hall",
        f"address {connect_host(main_host)}:{main_port}",
        f"remote_username {login.username}",
        f"remote_password {login.password}",
        f"remote_clientid {login.username}",
        "cleansession true",
        "notifications false",
        "try_private true",
        "restart_timeout 1 5",
        *(f"topic {t} in 1" for t in public),
        "",
        "log_dest stdout",
        "log_type error",
        "log_type warning",
        "log_type notice",
        "connection_messages false",
        "log_timestamp_format %Y-%m-%dT%H:%M:%S",
    ]
    return "\n".join(lines) + "\n"


class PhoneBroker(MosquittoProcess):
    """The phones' own Mosquitto, bridged to the hall's (see the module's docstring).

    ``port=0`` picks a free port. :attr:`local_port` is its plain MQTT listener on the
    loopback. Started, watched (restarted if it dies) and stopped like the hall's broker.
    """

    def __init__(
        self,
        folder: str | os.PathLike[str],
        *,
        main_port: int,
        login: Credential,
        main_host: str = "127.0.0.1",
        port: int = DEFAULT_PHONES_PORT,
        bind: str = "0.0.0.0",
        topics: Topics | None = None,
        executable: str = "mosquitto",
        start_timeout: float = 10.0,
    ) -> None:
        path = Path(folder).resolve()
        self.folder = path
        self.local_port = find_free_port()
        super().__init__(
            path / "mosquitto.conf",
            self.local_port,
            bind="127.0.0.1",
            executable=executable,
            start_timeout=start_timeout,
        )
        #: The port of the page and its WebSockets, on the hall's network.
        self.phones_port = port or find_free_port(connect_host(bind))
        self.phones_bind = bind
        self.listeners.append((bind, self.phones_port))
        self.main_host = main_host
        self.main_port = main_port
        self.login = login
        self.topics = topics or Topics()

    def url(self, address: str) -> str:
        """The page's address for a phone that reaches this machine at *address*."""
        host = f"[{address}]" if ":" in address else address
        return f"http://{host}:{self.phones_port}/"

    def start(self) -> Self:
        find_executable(self.executable)
        self.write_files()
        super().start()
        return self

    def write_files(self) -> None:
        """The page, its words, the ACL and the configuration, into :attr:`folder`."""
        self.folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        www = self.folder / "www"
        if www.exists():
            shutil.rmtree(www)
        shutil.copytree(WWW, www)
        (www / WORDS_FILE).write_text(
            json.dumps(all_words(), ensure_ascii=False, sort_keys=True), encoding="utf-8"
        )
        (www / "topics.json").write_text(json.dumps(self.public()), encoding="utf-8")
        public = tuple(self.public().values())
        write_private(self.folder / "mosquitto.acl", acl_text(public))
        write_private(
            self.folder / "mosquitto.conf",
            config_text(
                self.folder,
                port=self.phones_port,
                bind=self.phones_bind,
                local_port=self.local_port,
                main_host=self.main_host,
                main_port=self.main_port,
                login=self.login,
                public=public,
            ),
        )

    def public(self) -> dict[str, str]:
        """The topics the phones read, by the page's names for them (:func:`public_names`)."""
        return public_names(self.topics)


def start_phones(
    folder: Path,
    *,
    main_port: int,
    login: Credential,
    port: int,
    bind: str,
    topics: Topics,
    echo: Callable[[str], None],
) -> PhoneBroker | None:
    """Start the phones' broker for ``whist-hub serve`` and print where phones go; a phones'
    broker that cannot start (its port taken) is said and left off: the hall plays on."""
    from hub.broker.broker import BrokerError
    from hub.broker.net import reachable_addresses

    phones = PhoneBroker(
        folder, main_port=main_port, login=login, port=port, bind=bind, topics=topics
    )
    try:
        phones.start()
    except (BrokerError, OSError) as exc:
        echo(f"Phones: off ({exc}).")
        return None
    addresses = reachable_addresses(bind) or ["127.0.0.1"]
    echo(f"Phones: {phones.url(addresses[0])}")
    return phones
