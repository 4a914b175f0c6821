"""``whist-hub``: the leader's command line (see docs/leaders-guide.md)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, cast

import click

from hub.service.files import read_event_file, read_teams_csv, write_spec
from whist.enums import Unit
from whist.errors import WhistError
from whist.formats import ClubSettings, Format
from whist.nightspec import LengthSpec, NightSpec, default_night
from whist.spec import MAX_MINUTES, TournamentSpec
from whist.tournament import Tournament
from whist.zones import ZoneTeam

if TYPE_CHECKING:
    from whist.formats.base import Language
    from whist.night import ClubNight

F = TypeVar("F", bound=Callable[..., Any])


#: The languages of what the command line writes and prints.
LANGUAGES = ["en", "fr"]
#: A tournament's or a club night's file, and a hub's data folder, as arguments.
file_argument = click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
data_argument = click.argument("data", type=click.Path(file_okay=False, path_type=Path))


def language_option(help: str) -> Callable[[F], F]:
    """``--language en|fr``, the default left to the command (the format's own)."""
    return click.option("--language", type=click.Choice(LANGUAGES), default=None, help=help)


def folder_option(name: str, help: str, **kw: Any) -> Callable[[F], F]:
    """An option naming a folder (``--data``, ``--out``)."""
    return click.option(name, type=click.Path(file_okay=False, path_type=Path), help=help, **kw)


def format_option(choices: list[str], help: str, **kw: Any) -> Callable[[F], F]:
    """``--format``, read into the command's ``format_``."""
    return click.option("--format", "format_", type=click.Choice(choices), help=help, **kw)


def tables_option(help: str) -> Callable[[F], F]:
    return click.option("--tables", type=click.IntRange(1, 500), default=None, help=help)


def hands_option(help: str) -> Callable[[F], F]:
    return click.option("--hands", type=click.IntRange(1, 200), default=None, help=help)


def length_option(help: str, **kw: Any) -> Callable[[F], F]:
    """A club night's ``--length``, read with :func:`parse_length`."""
    return click.option("--length", metavar="UNIT:N|open", help=help, **kw)


def _fail(message: str) -> NoReturn:
    click.echo(f"whist-hub: {message}", err=True)
    sys.exit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="military-whist")
def main() -> None:
    """Run a Military Whist tournament: tournament files, the hub, exports."""


@main.command()
@format_option(
    [f.value for f in (*Format.military(), *Format.club_games())],
    required=True,
    help="alberta: flags (Alberta 55 Plus); gaspesie: points (whist militaire, Gaspésie); "
    "minnesota, english, american: a club night (each table keeps score, nobody moves).",
)
@tables_option("Number of tables (military whist: at least 3; with --teams, one per team).")
@hands_option(
    f"Hands to play (default: alberta {Format.ALBERTA.rules.default_hands}, "
    f"gaspesie {Format.GASPESIE.rules.default_hands}). Alberta 50 = two days (30 + 20).",
)
@click.option("--name", default=None, help="Tournament name shown on every screen.")
@language_option("Language of the placeholder names (default: the format's: fr for gaspesie).")
@click.option(
    "--leader-trump",
    is_flag=True,
    help="Leave every trump to the leader (announced at each hand) instead of a fixed cycle.",
)
@click.option(
    "--out",
    required=True,
    type=click.Path(dir_okay=False, path_type=Path),
    help="Tournament file to write (TOML).",
)
@click.option(
    "--target",
    type=click.IntRange(1, 100),
    default=None,
    help="Club night: points that win a game (default: the game's own: 13, 5 or 7).",
)
@length_option(
    default="open",
    show_default=True,
    help="Club night: how long each table plays: games:3, deals:20, rubbers:2 (English), "
    "or open (until the leader ends the night).",
)
@click.option(
    "--teams",
    "teams_csv",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Military whist: a CSV of the teams (columns team, zone, rank and one per seat); "
    "they are seated in zone order, first teams of each zone first.",
)
@click.option(
    "--minutes",
    type=click.IntRange(0, MAX_MINUTES),
    default=0,
    show_default=True,
    help="The room's clock: minutes each hand (a club night: each deal) is given; 0: no clock.",
)
@click.option("--force", is_flag=True, help="Overwrite the file if it exists.")
def new(
    format_: str,
    tables: int | None,
    hands: int | None,
    name: str | None,
    language: str | None,
    leader_trump: bool,
    target: int | None,
    length: str,
    out: Path,
    teams_csv: Path | None,
    minutes: int,
    force: bool,
) -> None:
    """Write a new tournament file with a balanced pattern, or a club night's file."""
    if out.exists() and not force:
        _fail(f"{out} already exists (use --force to overwrite it)")
    zone_teams: list[ZoneTeam] = []
    if teams_csv is not None:
        if Format(format_).is_club:
            _fail("--teams is for military whist (alberta, gaspesie)")
        try:
            zone_teams = read_teams_csv(teams_csv, Format(format_))
        except WhistError as exc:
            _fail(str(exc))
        if tables is not None and tables != len(zone_teams):
            _fail(f"--tables {tables} but {teams_csv} lists {len(zone_teams)} teams")
        tables = len(zone_teams)
    if tables is None:
        _fail("give --tables (or --teams with a teams CSV)")
    if Format(format_).is_club:
        if hands is not None or leader_trump:
            _fail("--hands and --leader-trump are for military whist; a club night has --length")
        try:
            night = default_night(
                format_, tables, name=name, target=target, length=parse_length(length)
            )
        except (WhistError, ValueError) as exc:
            _fail(str(exc))
        night = night.model_copy(update={"minutes": minutes})
        write_spec(night, out)
        click.echo(f"Wrote {out}: {night.name}; length: {night.night_length.describe()}.")
        click.echo(f"Type the players' names in it, then check it with: whist-hub schedule {out}")
        return
    if target is not None or length != Unit.OPEN:
        _fail("--target and --length are for club nights (minnesota, english, american)")
    if tables < 3:
        _fail("military whist needs at least 3 tables")
    from whist.pattern import default_spec

    try:
        spec = default_spec(
            format_,
            tables,
            hands,
            name=name,
            leader_chooses_trump=leader_trump,
            zone_teams=zone_teams,
            language=cast("Language | None", language),
        )
    except (WhistError, ValueError) as exc:
        _fail(str(exc))
    spec = spec.model_copy(update={"minutes": minutes})
    write_spec(spec, out)
    from hub.i18n import translator
    from whist.handout import written

    rules = spec.format.rules
    words = translator(cast("Language", language or rules.language), context=rules.wording)
    done, then = written(spec, words, str(out))
    click.echo(done)
    if zone_teams:
        click.echo(
            f"Seated in zone order: {spec.teams[0].name} (zone {spec.teams[0].zone}) at table 1"
            f" … {spec.teams[-1].name} (zone {spec.teams[-1].zone}) at table {spec.tables}."
        )
        click.echo(f"Check it with: whist-hub schedule {out}")
        return
    click.echo(then)


def parse_length(text: str) -> LengthSpec:
    """``--length``: ``open`` or ``UNIT:N`` (games:3, deals:20, rubbers:2)."""
    if text.strip() == Unit.OPEN:
        return LengthSpec()
    unit, sep, count = text.partition(":")
    if not sep or unit not in (Unit.GAMES, Unit.DEALS, Unit.RUBBERS) or not count.strip().isdigit():
        raise ValueError(f"--length must be games:N, deals:N, rubbers:N or open (got {text!r})")
    return LengthSpec.model_validate({"unit": unit, "count": int(count)})


def read_file(path: Path) -> TournamentSpec | NightSpec:
    try:
        return read_event_file(path)
    except WhistError as exc:
        _fail(str(exc))


def read_spec(path: Path) -> TournamentSpec:
    spec = read_file(path)
    if isinstance(spec, NightSpec):
        _fail(f"{path} is a club night ({spec.format.value}); this command is for military whist")
    return spec


def night_seating(spec: NightSpec) -> dict[str, object]:
    """``schedule --json`` of a club night: its rules and each table's seats (README)."""
    from whist.night import club_rules

    return {
        "night": spec.name,
        "rules": club_rules(spec).model_dump(mode="json"),
        "tables": [
            {
                "table": s.table,
                "first_dealer": s.first_dealer,
                "players": [{"seat": seat, "name": s.players[seat]} for seat in spec.game.seats],
                "partnerships": {
                    "NS": [s.players["N"], s.players["S"]],
                    "EW": [s.players["E"], s.players["W"]],
                },
            }
            for s in spec.seating
        ],
    }


def _print_night(spec: NightSpec, as_json: bool, language: str | None = None) -> None:
    from hub.i18n import translator
    from whist.handout import night_lines

    if as_json:
        click.echo(json.dumps(night_seating(spec), ensure_ascii=False))
        return
    words = translator(cast("Language", language or spec.game.language))
    click.echo("\n".join(night_lines(spec, words)))


@main.command()
@file_argument
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Print the whole pattern as JSON: one array of Assignments per hand (a club night: "
    "its rules and every table's seats).",
)
@language_option(
    "Language of the printed schedule (default: the tournament's, French for Gaspésie)."
)
def schedule(file: Path, as_json: bool, language: str | None) -> None:
    """Check a tournament file and print its pattern of play: the schedule to hand out (a club
    night: its seating)."""
    from typing import cast

    from hub.i18n import translator
    from whist.handout import handout_lines
    from whist.views import schedule as build

    spec = read_file(file)
    if isinstance(spec, NightSpec):
        _print_night(spec, as_json, language)
        return
    if as_json:
        hands = build(spec)
        payload = [[a.model_dump(mode="json") for a in hand] for hand in hands]
        click.echo(json.dumps(payload, ensure_ascii=False))
        return
    rules = spec.format.rules
    words = translator(cast("Language", language or rules.language), context=rules.wording)
    click.echo("\n".join(handout_lines(spec, words)))


@main.command("join-code")
@data_argument
@click.option(
    "--renew", is_flag=True, help="Make a new code (a running hub refuses the old one at once)."
)
def join_code(data: Path, renew: bool) -> None:
    """Print the code kiosks type to join this hub's hall."""
    import time

    from hub.broker.joincode import JOIN_CODE_FILE, JoinCode
    from hub.service.datadir import BROKER_DIR

    _open_log(data)
    folder = data / BROKER_DIR
    found = None if renew else JoinCode.read(folder / JOIN_CODE_FILE)
    code = found or JoinCode.renew(folder)
    click.echo(code.code)
    if code.expired(time.time()):  # said, not mended: the running hub owns the file
        click.echo(
            "This code has expired: make a new one on the console (New code) or with "
            f"whist-hub join-code {data} --renew",
            err=True,
        )


def _listener(conf: Path) -> tuple[int | None, str, bool]:
    """Port, address and TLS of the hall's listener in a mosquitto.conf written by the hub:
    the first ``listener PORT [ADDRESS]``, TLS when a ``certfile`` line follows it."""
    found: tuple[int | None, str, bool] = (None, "", False)
    try:
        for line in conf.read_text(encoding="utf-8").splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] == "listener" and words[1].isdigit():
                if found[0] is not None:
                    break
                found = (int(words[1]), words[2] if len(words) > 2 else "", False)
            elif words[:1] == ["certfile"] and found[0] is not None:
                found = (found[0], found[1], True)
    except OSError:
        pass
    return found


def _open_log(data: Path) -> Tournament | ClubNight:
    from hub.service.datadir import DB_FILE
    from hub.service.store import EventStore, StoreError
    from whist.events import NightCreated

    path = data / DB_FILE
    if not path.exists():
        _fail(f"{data} holds no tournament (no {DB_FILE}); is it the --data folder of serve?")
    try:
        with EventStore(path) as store:
            events = store.events()
        if not events:
            _fail(f"{path} holds no events: the tournament log is lost; restore it from a backup")
        if isinstance(events[0], NightCreated):
            from whist.night import ClubNight

            return ClubNight.replay(events)
        return Tournament.replay(events)
    except (StoreError, WhistError) as exc:
        _fail(str(exc))


@main.command()
@file_argument
@folder_option(
    "--data",
    required=True,
    help="Folder for the tournament log, the broker and the logs (kept across restarts).",
)
@click.option(
    "--broker",
    default=None,
    metavar="HOST:PORT",
    help="Use this Mosquitto instead of starting one.",
)
@click.option("--username", default=None, help="Login on --broker (omit for anonymous).")
@click.option("--password", default=None, help="Password on --broker.")
@click.option(
    "--feed-username",
    default=None,
    help="The hall feed's own login on --broker, when the hub logs in there (its process "
    "then publishes the feed; docs/performance.md).",
)
@click.option("--feed-password", default=None, help="Password of --feed-username.")
@click.option(
    "--port",
    default=1883,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="Port of the embedded broker.",
)
@click.option(
    "--bind", default="0.0.0.0", show_default=True, help="Address the embedded broker listens on."
)
@click.option(
    "--tls-port",
    default=8883,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="Port of the embedded broker's TLS listener: the one kiosks, the console and the hall "
    "display use on the hall's network (--port then answers on this machine only).",
)
@click.option(
    "--plain-hall",
    is_flag=True,
    help="Also accept plain, unencrypted MQTT on --port from the hall's network (old kiosks, "
    "a home-made button box): anyone on the Wi-Fi can then read its passwords.",
)
@click.option("--root", default="whist", show_default=True, help="Topic root.")
@click.option(
    "--provision-port",
    default=1884,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port where kiosks join with the join code (0: no joining by code).",
)
@click.option(
    "--join-timeout",
    default=5.0,
    show_default=True,
    type=click.FloatRange(0.1, 300),
    help="Seconds a kiosk has to send its join request before it is dropped.",
)
@click.option(
    "--new-start",
    is_flag=True,
    help="Start a new tournament even though this --data folder was used before and its log "
    "is missing or empty (without it the hub refuses: a lost log is not a new tournament).",
)
@click.option(
    "--feed-qos",
    type=click.IntRange(0, 1),
    default=1,
    show_default=True,
    help="QoS of the hall feed (retained state, standings). The protocol's is 1; 0 spares a "
    "very large hall's hub a fifth of its work (docs/performance.md): every client of this "
    "project subscribes again at each connection and misses nothing.",
)
@click.option(
    "--phones-port",
    default=8080,
    show_default=True,
    type=click.IntRange(0, 65535),
    help="Port of the players' phones' page, live standings on the hall's Wi-Fi "
    "(docs/phones.md; 0: a free port).",
)
@click.option("--no-phones", is_flag=True, help="No page for the players' phones.")
@click.option(
    "--feed-process/--one-process",
    default=None,
    help="Build and publish the hall feed in a process of its own, or in the hub's own "
    "(docs/performance.md); by default its own from 32 tables.",
)
@click.option("-v", "--verbose", is_flag=True, help="Log every message on the screen.")
def serve(
    file: Path,
    data: Path,
    broker: str | None,
    username: str | None,
    password: str | None,
    feed_username: str | None,
    feed_password: str | None,
    port: int,
    bind: str,
    tls_port: int,
    plain_hall: bool,
    root: str,
    provision_port: int,
    join_timeout: float,
    new_start: bool,
    feed_qos: int,
    phones_port: int,
    no_phones: bool,
    feed_process: bool | None,
    verbose: bool,
) -> None:
    """Run the hub for a tournament or a club night (Ctrl-C stops it; the data stays in
    --data)."""
    from hub.broker.broker import BrokerError
    from hub.broker.private import keep_private
    from hub.service.serve import BrokerAddress, parse_broker, setup_logging
    from hub.service.serve import serve as run
    from hub.service.store import StoreError, what_to_do
    from whist.protocol import Topics

    spec = read_file(file)
    address = None
    if broker is not None:
        try:
            host, broker_port = parse_broker(broker)
        except ValueError as exc:
            _fail(str(exc))
        address = BrokerAddress(host, broker_port, username, password, feed_username, feed_password)
    elif username or password or feed_username or feed_password:
        _fail("--username, --password and the feed's login go with --broker")
    try:
        data.mkdir(parents=True, exist_ok=True)
        keep_private(data)  # before the log file is opened
        setup_logging(data, verbose)
        code = run(
            spec,
            data,
            broker=address,
            port=port,
            bind=bind,
            tls_port=tls_port,
            plain_hall=plain_hall,
            topics=Topics(root),
            echo=click.echo,
            provision_port=provision_port or None,
            join_timeout=join_timeout,
            # The code on the leader's terminal, never in systemd's journal or a redirection.
            show_join_code=sys.stdout.isatty(),
            new_start=new_start,
            feed_qos=feed_qos,
            phones_port=None if no_phones else phones_port,
            feed_apart=feed_process,
        )
    except (BrokerError, StoreError, WhistError) as exc:
        _fail(str(exc))
    except OSError as exc:  # a full disk at restart: the broker's files cannot be written
        _fail(f"cannot write {exc.filename or data} ({exc.strerror or exc}): {what_to_do(exc)}")
    sys.exit(code)


@main.command()
@data_argument
@click.option("--table", type=int, default=None, help="Only this table's kiosk.")
@click.option(
    "--for",
    "role",
    type=click.Choice(["leader", "hall"]),
    default=None,
    help="The leader console's settings (leader.toml) or the hall display's (hall.toml).",
)
@click.option(
    "--host",
    default=None,
    help="Address kiosks use to reach the hub (default: this machine's address on the network).",
)
@click.option(
    "--port",
    default=None,
    type=click.IntRange(1, 65535),
    help="Broker port (default: the one the hub's broker was last started on, TLS if it has it).",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Write them into this file, readable by you only (0600), instead of printing them; "
    "the hub's certificate goes beside it as hub-ca.crt.",
)
def credentials(
    data: Path,
    table: int | None,
    role: str | None,
    host: str | None,
    port: int | None,
    out: Path | None,
) -> None:
    """Print a device's settings: a kiosk's kiosk.toml (--table N), the leader console's
    leader.toml or the hall display's hall.toml (--for leader|hall), or every kiosk's.

    When the hub's broker speaks TLS (the default) the settings say
    [broker] tls = true, ca = "hub-ca.crt": the device also needs the hub's certificate
    DATA/broker/ca.crt copied beside its settings as hub-ca.crt. With --out, it is written
    there for you; copy both files onto the device.
    """
    from hub.broker.broker import (
        CREDENTIALS_FILE,
        DEVICE_CA_FILE,
        Credentials,
        device_text,
        provisioning_text,
    )
    from hub.broker.net import reach_note, reachable_addresses
    from hub.broker.private import write_private
    from hub.broker.tls import CA_CERT_FILE
    from hub.service.datadir import BROKER_DIR

    t = _open_log(data)
    folder = data / BROKER_DIR
    if not (folder / CREDENTIALS_FILE).exists():
        _fail(
            f"no credentials in {folder}: run whist-hub serve with this --data "
            "first (it creates them)"
        )
    creds = Credentials.load_or_create(folder, t.tables)
    if table is not None and not 1 <= table <= t.tables:
        _fail(f"there is no table {table}: this tournament has tables 1 to {t.tables}")
    if table is not None and role is not None:
        _fail("--table and --for: one device at a time")
    last_port, bind, tls = _listener(folder / "mosquitto.conf")
    # Where the broker listens decides what kiosks can reach, not this machine's addresses.
    where = host or next(iter(reachable_addresses(bind)), "127.0.0.1")
    port = port or last_port or 1883
    ca_file = folder / CA_CERT_FILE
    ca = DEVICE_CA_FILE if tls and ca_file.exists() else None
    if role is not None:
        text = device_text(role, where, port, getattr(creds, role), ca=ca)
    else:
        text = "".join(
            provisioning_text(
                n, where, port, creds.table(n).username, creds.table(n).password, ca=ca
            )
            + "\n"
            for n in ([table] if table else range(1, t.tables + 1))
        )
    if table is None and role is None:
        for what, c in (("leader console", creds.leader), ("hall display", creds.hall)):
            text += f'# {what}: username = "{c.username}", password = "{c.password}"\n'
    if out is None:
        click.echo(text, nl=False)
        if ca is not None:
            click.echo(
                f"whist-hub: copy {ca_file} beside these settings as {DEVICE_CA_FILE} "
                "(or use --out, which writes it for you).",
                err=True,
            )
    else:
        write_private(out, text)
        name = f"{role}.toml" if role else "kiosk.toml"
        click.echo(f"Wrote {out} (readable by you only). Copy it onto the device as {name}.")
        if ca is not None:
            beside = out.parent / DEVICE_CA_FILE
            write_private(beside, ca_file.read_text(encoding="ascii"))
            click.echo(f"Wrote {beside}: copy it beside {name} (the hub's certificate).")
    if not host and reach_note(bind):
        click.echo(f"whist-hub: note: {reach_note(bind)}.", err=True)


@main.command()
@data_argument
@click.option(
    "--csv",
    "as_csv",
    is_flag=True,
    required=True,
    help="Write results.csv, standings.csv and (flags) loans.csv (a club night: deals.csv and "
    "standings.csv).",
)
@folder_option("--out", default=None, help="Folder to write into (default: DATA/exports).")
def export(data: Path, as_csv: bool, out: Path | None) -> None:
    """Export every hand's results and the standings from a hub's data folder (a club night:
    every deal, in the columns whist-hub tally reads, and the night's standings)."""
    from hub.broker.private import keep_private
    from hub.paper.export import export_csv, export_night_csv
    from hub.service.store import what_to_do

    t = _open_log(data)
    keep_private(data)
    folder = out or data / "exports"
    try:
        if isinstance(t, Tournament):
            written = export_csv(t, folder)
        else:
            written = export_night_csv(t, folder)
    except OSError as exc:
        _fail(f"cannot write {exc.filename or folder} ({exc.strerror or exc}): {what_to_do(exc)}")
    for path in written:
        click.echo(f"Wrote {path}")


@main.command()
@format_option(
    # The bots play every format (tests/unit/test_bot.py): whist.bot is loaded by the demo
    # alone, not by every command (the hub's memory, issue 22).
    [f.value for f in (*Format.military(), *Format.club_games())],
    default="alberta",
    show_default=True,
    help="A military format, or a club game the bots play.",
)
@tables_option("Number of tables (default: 16; a club night 4).")
@hands_option("Hands to play (default: the format's full pattern).")
@click.option(
    "--pace", default=1.0, show_default=True, type=click.FloatRange(0, 60), help="Seconds per hand."
)
@click.option(
    "--port",
    default=0,
    type=click.IntRange(0, 65535),
    help="Port of the demo's broker (default: a free one).",
)
@folder_option(
    "--data",
    default=None,
    help="Keep the demo's data here (default: a temporary folder, removed after).",
)
@click.option("--seed", type=int, default=None, help="Replay the same cards.")
@length_option(
    default=None,
    help="Club night: how long each table plays (games:2, deals:10, rubbers:1 in English; "
    "default: games:2, or Widow deals:6 and Solo deals:8).",
)
@click.option(
    "--screens/--no-screens",
    default=None,
    help="Also open the hall display and table 1's kiosk for you to play (military whist; "
    "default: when there is a display).",
)
def demo(
    format_: str,
    tables: int | None,
    hands: int | None,
    pace: float,
    port: int,
    data: Path | None,
    seed: int | None,
    length: str | None,
    screens: bool | None,
) -> None:
    """Run a whole simulated tournament: hub, broker, bots at every table (Ctrl-C stops).
    With a display it also opens the hall display and a kiosk at table 1 that you play."""
    import logging
    import os
    import signal
    import threading

    from hub.broker.broker import BrokerError
    from hub.demo.demo import run_demo
    from hub.demo.demoscreens import screens_wanted

    club = Format(format_).is_club
    if club and hands is not None:
        _fail("--hands is for military whist; a club night has --length")
    if not club and tables is not None and tables < 3:
        _fail("military whist needs at least 3 tables")
    try:
        night_length = None if length is None else parse_length(length)
    except ValueError as exc:
        _fail(str(exc))
    logging.basicConfig(level=logging.ERROR, format="%(levelname)s %(name)s: %(message)s")
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    try:
        code = run_demo(
            fmt=format_,
            tables=tables,
            hands=hands,
            length=night_length,
            pace=pace,
            port=port,
            data=data,
            seed=seed,
            echo=click.echo,
            stop=stop,
            screens=screens_wanted(os.environ) if screens is None else screens,
        )
    except (BrokerError, WhistError) as exc:
        _fail(str(exc))
    if code == 130:
        click.echo("Stopped: every part of the demo has been shut down.")
    sys.exit(code)


@main.command()
@file_argument
@folder_option(
    "--data", default=None, help="The hub's data folder: fill the results in and add the standings."
)
@folder_option("--out", required=True, help="Folder to write the sheets into.")
@language_option("Language of the sheets (default: French for Gaspésie, English otherwise).")
@click.option(
    "--paper",
    type=click.Choice(["letter", "a4"]),
    default="letter",
    show_default=True,
    help="Paper size of the PDF files (landscape).",
)
@click.option(
    "--phones",
    "phones_url",
    default="",
    metavar="URL",
    help="The players' phones' page, as whist-hub serve printed it (Phones: http://…): a QR "
    "code of it on every table's rotation sheet (docs/phones.md).",
)
def sheets(
    file: Path,
    data: Path | None,
    out: Path,
    language: str | None,
    paper: str,
    phones_url: str,
) -> None:
    """Write printable sheets (HTML and PDF): the rotation sheet of every table (one
    landscape page per table per session), results by hand, standings; a club night: every
    table's blank score sheet (scoresheet.pdf). Print the PDF files (US Letter, or A4 with
    --paper a4), or open an HTML file in a web browser."""
    from typing import cast

    from hub.paper.clubsheets import write_club_sheets
    from hub.paper.sheets import Paper, write_sheets

    tournament = None
    night: NightSpec | None = None
    if data is not None:
        opened = _open_log(data)
        if isinstance(opened, Tournament):
            tournament = opened
            spec = tournament.spec  # the log keeps the tournament play started with
        else:
            night = opened.spec  # blank score sheets: the log adds nothing to them
    else:
        read = read_file(file)
        if isinstance(read, NightSpec):
            night = read
        else:
            spec = read
    try:
        if night is not None:
            written = write_club_sheets(
                out, night, cast("Language | None", language), paper=cast("Paper", paper)
            )
        else:
            written = write_sheets(
                out,
                spec,
                tournament,
                cast("Language | None", language),
                paper=cast("Paper", paper),
                phones_url=phones_url,
            )
    except OSError as exc:
        _fail(f"cannot write the sheets into {out}: {exc}")
    for path in written:
        click.echo(f"Wrote {path}")
    click.echo("Print the .pdf files (or open an .html file in a web browser: Ctrl+P).")


@main.command()
@format_option(
    [f.value for f in Format.club_games()],
    required=True,
    help="The club game the sheet was scored in.",
)
@click.option("--target", type=click.IntRange(1, 500), default=None, help="Points for a game.")
@language_option("Language of the sheet and of what is printed (default: the game's).")
@click.option(
    "--house-rule",
    "house_rules",
    multiple=True,
    metavar="NAME",
    help="A house rule the night played (as named in the night's file); repeat for each.",
)
@click.argument("sheet", type=click.Path(exists=True, dir_okay=False, path_type=Path))
def tally(
    format_: str,
    target: int | None,
    language: str | None,
    house_rules: tuple[str, ...],
    sheet: Path,
) -> None:
    """Score a club night typed in from paper and print the night's standings.

    SHEET is a CSV with a header: ``table`` and every one of the game's columns (docs/rules.md,
    "Paper"), one row per deal in the order each table played them. The columns of an export
    (``deal``, ``entered_by``, ``corrected``, ``reason``, ``player_N``...) may be there too:
    the players' names are printed, and a name written where a seat is asked reads as it.
    """
    from hub.paper.tally import tally_lines
    from whist.formats.sheet import read_sheet, sheet_players

    game = Format(format_).club
    settings = ClubSettings(target=target, house_rules=frozenset(house_rules))
    try:
        game.check_house_rules(settings.house_rules)
        data = sheet.read_bytes()
        tables = game.tally_sheet(data, settings)
        players = sheet_players(row for _, row in read_sheet(data, (), ()))
    except OSError as exc:
        _fail(f"{sheet}: cannot read it ({exc.strerror or exc})")
    except WhistError as exc:
        _fail(f"{sheet}: {exc}")
    words = cast("Language", language or game.language)
    click.echo("\n".join(tally_lines(game, tables, players, words)))


if __name__ == "__main__":  # pragma: no cover
    main()
