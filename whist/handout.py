"""The schedule a director hands out: the whole pattern in words, day by day and session by
session, every hand with its trump, who stays home and who travels where, and every team's
line (docs/rules.md, O9-O11). ``whist-hub schedule FILE`` prints it.

:func:`handout` works out the facts; :func:`handout_lines` puts them in words through a
translator passed in (the hub's gettext catalog: any object with ``t`` and ``nt``, such as
``uikit.i18n.ConsoleTranslator``), so the core reads no catalog itself. The msgids are the
English text; a Gaspésie tournament's translator uses the ``"manche"`` context.

>>> from whist.pattern import default_spec
>>> spec = default_spec("gaspesie", tables=11)
>>> eleven = handout(spec)[0].hands[10]
>>> eleven.hand, eleven.offset, eleven.advance, eleven.teams[0].came_from, eleven.teams[0].table
(11, 1, 2, 11, 2)
>>> lines = handout_lines(default_spec("alberta", tables=3, hands=2), English())
>>> print("\\n".join(lines[:5]))
Military whist, 3 tables: 3 tables, 2 hands
== Day 1 of 1: hands 1 to 2 ==
-- Session 1 of 2: hands 1 to 1 --
Hand 1 · trump: ♠ Spades · A & B go 1 table ahead · X & Y stay at home
   Team 1: X & Y at home, A & B to table 2
"""

from __future__ import annotations

__all__ = [
    "GASPESIE_WORDING",
    "English",
    "HandoutHand",
    "HandoutPart",
    "TeamLine",
    "Words",
    "handout",
    "handout_lines",
    "night_lines",
    "written",
]

from dataclasses import dataclass
from typing import Protocol

from whist.enums import Unit
from whist.movement import host_table, resolve_offset
from whist.nightspec import NightSpec
from whist.pattern import is_placeholder_name
from whist.spec import TournamentSpec

SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}


class Words(Protocol):
    """What the handout needs of a translator: a text, and a text with a count."""

    def t(self, message: str) -> str: ...

    def nt(self, singular: str, plural: str, n: int) -> str: ...


class English:
    """The msgids themselves (the source language): for doctests and tests of the facts."""

    def t(self, message: str) -> str:
        return message

    def nt(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


def _declare(context: str, message: str) -> str:
    # Only declares a text's own variant in a context for Babel (keyword ``pt``); it is
    # looked up at run time by a translator made with that context.
    return message


pt = _declare

#: Texts whose French differs in a Gaspésie tournament: there a hand is a *manche*.
GASPESIE_WORDING = (
    pt("manche", "{name}: {tables} tables, {hands} hands"),
    pt("manche", "Day {day} of {days}: hands {first} to {last}"),
    pt("manche", "Session {session} of {sessions}: hands {first} to {last}"),
    pt("manche", "Hand {n}"),
    pt("manche", "Wrote {file}: {name}; {tables} tables, {hands} hands ({days})."),
    pt(
        "manche",
        "{team}: {home} at home, {travellers} to table {table} "
        "(travellers last hand: table {came_from})",
    ),
)


@dataclass(frozen=True)
class TeamLine:
    """One team in one hand: who stays at its table, who travels, and where to.

    ``came_from`` is, when travellers progress (Gaspésie), the table where the team's
    travellers played the hand before (None for the first hand: they leave from home).
    """

    team: int
    name: str
    home: tuple[str, str]
    travellers: tuple[str, str]
    table: int
    came_from: int | None
    #: the zone that sent the team (rules A14, A20), None when the file gives none
    zone: str | None = None


@dataclass(frozen=True)
class HandoutHand:
    """One hand: its trump (a suit, ``"none"`` or ``"leader"``), the seats that travel and
    stay, the offset from home and ``advance``, the tables the travellers move on from where
    they are (from home in Alberta, where they go home after every hand)."""

    hand: int
    trump: str
    travellers: tuple[str, str]
    home: tuple[str, str]
    offset: int
    advance: int
    progress: bool
    teams: tuple[TeamLine, ...]


@dataclass(frozen=True)
class HandoutPart:
    """One session of one day (a day without sessions is one session)."""

    day: int
    days: int
    session: int
    sessions: int
    first: int
    last: int
    hands: tuple[HandoutHand, ...]


def _seated(spec: TournamentSpec, team: int, seats: tuple[str, str]) -> tuple[str, str]:
    players = spec.team(team).players
    named = tuple(f"{seat} {players.get(seat, '').strip()}".strip() for seat in seats)
    return (named[0], named[1])


def _hand(spec: TournamentSpec, hand: int) -> HandoutHand:
    plan = spec.plan(hand)
    progress = spec.format.rules.travellers_progress
    offset = resolve_offset(plan.offset, spec.tables)
    before = resolve_offset(spec.plan(hand - 1).offset, spec.tables) if hand > 1 else 0
    advance = (offset - before) % spec.tables if progress else offset
    teams = tuple(
        TeamLine(
            team=team,
            name=spec.team(team).name,
            home=_seated(spec, team, spec.format.home_pair(plan.travellers)),
            travellers=_seated(spec, team, plan.travellers),
            table=host_table(team, offset, spec.tables),
            came_from=host_table(team, before, spec.tables) if progress and hand > 1 else None,
            zone=spec.team(team).zone,
        )
        for team in range(1, spec.tables + 1)
    )
    return HandoutHand(
        hand=hand,
        trump=plan.trump,
        travellers=plan.travellers,
        home=spec.format.home_pair(plan.travellers),
        offset=offset,
        advance=advance,
        progress=progress,
        teams=teams,
    )


def handout(spec: TournamentSpec) -> tuple[HandoutPart, ...]:
    """The whole pattern, session by session."""
    parts = []
    first = 1
    for day, day_spec in enumerate(spec.days, start=1):
        sizes = day_spec.sessions or (day_spec.hands,)
        for session, size in enumerate(sizes, start=1):
            last = first + size - 1
            parts.append(
                HandoutPart(
                    day=day,
                    days=len(spec.days),
                    session=session,
                    sessions=len(sizes),
                    first=first,
                    last=last,
                    hands=tuple(_hand(spec, hand) for hand in range(first, last + 1)),
                )
            )
            first = last + 1
    return tuple(parts)


def _pair(words: Words, pair: tuple[str, str]) -> str:
    return words.t("{first} & {second}").format(first=pair[0], second=pair[1])


def _trump(words: Words, trump: str) -> str:
    if trump == "leader":
        return words.t("trump announced by the leader")
    if trump == "none":
        return words.t("no trump")
    names = {
        "spades": words.t("Spades"),
        "hearts": words.t("Hearts"),
        "diamonds": words.t("Diamonds"),
        "clubs": words.t("Clubs"),
    }
    return words.t("trump: {suit}").format(suit=f"{SUIT_SYMBOLS[trump]} {names[trump]}")


def _move(words: Words, hand: HandoutHand) -> str:
    who = _pair(words, hand.travellers)
    if not hand.progress:
        return words.nt(
            "{travellers} go {n} table ahead", "{travellers} go {n} tables ahead", hand.offset
        ).format(travellers=who, n=hand.offset)
    if hand.advance == 0:
        return words.t("{travellers} stay at the same table").format(travellers=who)
    return words.nt(
        "{travellers} advance {n} table", "{travellers} advance {n} tables", hand.advance
    ).format(travellers=who, n=hand.advance)


def _team(words: Words, line: TeamLine) -> str:
    team = words.t("Team {team}").format(team=line.team)
    about = [] if is_placeholder_name(line.name, line.team) else [line.name]
    if line.zone is not None:  # rules A20: "Team 3 (zone 2)"
        named = line.zone.casefold().startswith("zone")
        about.append(line.zone if named else words.t("zone {zone}").format(zone=line.zone))
    if about:
        team = f"{team} ({', '.join(about)})"
    home, travellers = _pair(words, line.home), _pair(words, line.travellers)
    if line.came_from is None:
        text = words.t("{team}: {home} at home, {travellers} to table {table}")
        return text.format(team=team, home=home, travellers=travellers, table=line.table)
    text = words.t(
        "{team}: {home} at home, {travellers} to table {table} "
        "(travellers last hand: table {came_from})"
    )
    return text.format(
        team=team, home=home, travellers=travellers, came_from=line.came_from, table=line.table
    )


def written(spec: TournamentSpec, words: Words, file: str) -> list[str]:
    """What ``whist-hub new`` says it wrote and what to do next, in the tournament's words
    (a Gaspésie tournament's translator says *manches*).

    >>> from whist.pattern import default_spec
    >>> print("\\n".join(written(default_spec("alberta", tables=4, hands=50), English(), "c.toml")))
    Wrote c.toml: Military whist, 4 tables; 4 tables, 50 hands (2 days: 30 + 20).
    Edit team and player names in it, then check it with: whist-hub schedule c.toml
    """
    days = words.nt("{n} day: {hands}", "{n} days: {hands}", len(spec.days)).format(
        n=len(spec.days), hands=" + ".join(str(d.hands) for d in spec.days)
    )
    text = words.t("Wrote {file}: {name}; {tables} tables, {hands} hands ({days}).")
    then = words.t("Edit team and player names in it, then check it with: {command}")
    return [
        text.format(file=file, name=spec.name, tables=spec.tables, hands=spec.hands, days=days),
        then.format(command=f"whist-hub schedule {file}"),
    ]


def handout_lines(spec: TournamentSpec, words: Words) -> list[str]:
    """The handout as lines of text, in the language of ``words``."""
    head = words.t("{name}: {tables} tables, {hands} hands")
    lines = [head.format(name=spec.name, tables=spec.tables, hands=spec.hands)]
    for part in handout(spec):
        if part.session == 1:
            day = words.t("Day {day} of {days}: hands {first} to {last}")
            last = spec.last_hand_of_day(part.day)
            lines.append(
                f"== {day.format(day=part.day, days=part.days, first=part.first, last=last)} =="
            )
        if part.sessions > 1:
            session = words.t("Session {session} of {sessions}: hands {first} to {last}")
            text = session.format(
                session=part.session, sessions=part.sessions, first=part.first, last=part.last
            )
            lines.append(f"-- {text} --")
        for hand in part.hands:
            stay = words.t("{home} stay at home").format(home=_pair(words, hand.home))
            number = words.t("Hand {n}").format(n=hand.hand)
            lines.append(f"{number} · {_trump(words, hand.trump)} · {_move(words, hand)} · {stay}")
            lines.extend(f"   {_team(words, line)}" for line in hand.teams)
    return lines


def _seat(words: Words, seat: str) -> str:
    """A seat as the printed seating writes it: West is « O » in French; 1, 2, 3 as they are."""
    codes = {"N": words.t("N"), "E": words.t("E"), "S": words.t("S"), "W": words.t("W")}
    return codes.get(seat, seat)


def _night_length(words: Words, spec: NightSpec) -> str:
    unit, count = spec.length.unit, spec.length.count
    if unit == Unit.DEALS:
        return words.nt("{n} deal", "{n} deals", count).format(n=count)
    if unit == Unit.GAMES:
        return words.nt("{n} game", "{n} games", count).format(n=count)
    if unit == Unit.RUBBERS:
        return words.nt("{n} rubber", "{n} rubbers", count).format(n=count)
    return words.t("until the leader ends the night")


def night_lines(spec: NightSpec, words: Words) -> list[str]:
    """A club night's seating as ``whist-hub schedule`` prints it, in the language of
    ``words``: the night, its game and length, then every table's players by seat (the
    partnerships written out) and who deals first.

    >>> from whist.nightspec import default_night
    >>> print("\\n".join(night_lines(default_night("solo", 1), English())))
    Solo whist, 1 table (Solo whist): until the leader ends the night
      table   1: N (no name yet), E (no name yet), S (no name yet), W (no name yet); N deals first
    """
    game = spec.game
    target = spec.target or game.default_target
    head = words.t("{name} ({title}): {length}").format(
        name=spec.name, title=words.t(game.title), length=_night_length(words, spec)
    )
    if target and game.has_games:
        head += words.t("; game to {target} points").format(target=target)
    lines = [head]
    nobody = words.t("(no name yet)")
    for s in spec.seating:
        names = {seat: f"{_seat(words, seat)} {name or nobody}" for seat, name in s.players.items()}
        if game.parties == ("NS", "EW"):
            who = words.t("{n} & {s} against {e} & {w}").format(
                n=names["N"], s=names["S"], e=names["E"], w=names["W"]
            )
        else:
            who = ", ".join(names.values())
        table = words.t("table {n}").format(n=f"{s.table:>3}")
        first = words.t("{seat} deals first").format(seat=_seat(words, s.first_dealer))
        line = words.t("{table}: {players}; {first}")
        lines.append("  " + line.format(table=table, players=who, first=first))
    return lines
