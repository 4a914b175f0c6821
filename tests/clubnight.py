"""A club night built by the core (whist.night), for the hall's and the console's presenter
tests (no network): the messages a hub would publish, never hand-written dicts. The UI tests
(tests/ui/test_club_ui.py) run against a real ``whist-hub serve`` instead."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from uikit.connection import SentCommand
from whist.errors import ErrorCode, TournamentError
from whist.events import DealCorrected, DealRecorded, NightCreated, NightEnded
from whist.night import ClubNight, night_standings, night_state, table_deals
from whist.nightspec import default_night, load_night
from whist.protocol import (
    Ack,
    ClearCall,
    ClearCallData,
    ClubDeal,
    CorrectDeal,
    CorrectDealData,
    Deals,
    DealsData,
    EndNight,
    EndNightData,
    ErrorData,
    NightStandings,
    Reply,
    State,
    reason_template,
    reply_data,
)

#: Players by table and seat (partners sit opposite: N & S, E & W).
NAMES = (
    {"N": "Eleanor", "S": "Harold", "E": "Margaret", "W": "Gérard"},
    {"N": "Dorothy", "S": "Albert", "E": "Thérèse", "W": "Walter"},
    {"N": "Irene", "S": "Kenneth", "E": "Yvonne", "W": "Bernard"},
    {"N": "Florence", "S": "Stanley", "E": "Ginette", "W": "Clifford"},
)


def _ORDERED(names: Mapping[str, str]) -> list[str]:
    """A table's names clockwise, then two more (Knockout seats up to seven)."""
    return [names[s] for s in ("N", "E", "S", "W")] + ["Lucienne", "Raymond", "Agnes"]


def club_night(
    game: str = "minnesota", tables: int = 4, house_rules: tuple[str, ...] = (), **kw: object
) -> ClubNight:
    """A night of ``game`` at ``tables`` tables, with players' names and ``house_rules``."""
    data = default_night(game, tables, **kw).to_dict()  # type: ignore[arg-type]
    data["house_rules"] = list(house_rules)
    for seating in data["seating"]:
        names = NAMES[(seating["table"] - 1) % len(NAMES)]
        seats = list(seating["players"])
        if seats and seats[0] == "1":  # a table with numbered seats (Widow, Knockout)
            seating["players"] = dict(zip(seats, _ORDERED(names), strict=False))
        else:
            seating["players"] = dict(names)
    return ClubNight.replay([NightCreated(load_night(data))])


def refused_ack(deal: ClubDeal, exc: TournamentError) -> Ack:
    """The hub's Ack of a deal the core refused (hub/service/club.py), its reason's template
    with it."""
    status = "duplicate" if exc.code is ErrorCode.DUPLICATE else "rejected"
    return Ack(
        id=deal.id,
        status=status,
        reason=str(exc),
        code=exc.code,
        deal=deal.deal,
        **reason_template(exc),
    )


def play(night: ClubNight, table: int, *records: Mapping[str, str | int]) -> None:
    """Record ``records`` as the table's next deals, as its kiosk would."""
    for record in records:
        deal = len(night.deals[table]) + 1
        night.apply(DealRecorded(f"{table}-{deal}", table, deal, dict(record)))


def end(night: ClubNight) -> None:
    night.apply(NightEnded())


def published(night: ClubNight, **kw: list[int]) -> tuple[State, NightStandings]:
    """What the hub publishes for the night: its State and its standings."""
    return night_state(night, **kw), night_standings(night)  # type: ignore[arg-type]


def answer(night: ClubNight, command: Any) -> Reply:
    """What a hub answers to a club night's command, done by the core (the presenter tests'
    stand-in for hub.service.core.HubCore's replies)."""
    try:
        if isinstance(command, Deals):
            numbers = [command.table] if command.table else list(night.table_numbers)
            data: Any = DealsData(tables=[table_deals(night, t) for t in numbers])
        elif isinstance(command, CorrectDeal):
            night.apply(
                DealCorrected(command.table, command.deal, command.record.fields(), command.reason)
            )
            data = CorrectDealData(table=command.table, deal=command.deal)
        elif isinstance(command, EndNight):
            night.apply(NightEnded())
            data = EndNightData(deals=night.total_deals)
        else:
            raise TournamentError(f"{command.op} is for military whist; this is a club night")
    except TournamentError as exc:
        refusal = reply_data(ErrorData(code=exc.code, **reason_template(exc)))
        return Reply(id=command.id, ok=False, error=exc.reason, data=refusal)
    return Reply(id=command.id, ok=True, data=reply_data(data) or None)


class ClubLink:
    """The console's link to a club night held by the core: commands are answered at once;
    the answers, the State and the standings reach the presenter on :meth:`deliver`."""

    def __init__(self, night: ClubNight, **state: list[int]) -> None:
        self.night = night
        self.state = state
        self.sent: list[Any] = []
        self.replies: list[tuple[Reply, SentCommand]] = []
        self.presenter: Any = None

    def new_id(self) -> str:
        return f"c-{uuid.uuid4().hex[:8]}"

    def send(self, command: Any) -> str:
        self.sent.append(command)
        calling = self.state.get("calling", [])
        if isinstance(command, ClearCall):  # the hub's call desk (hub/service/commands.py)
            cleared = command.table in calling
            self.state["calling"] = [t for t in calling if t != command.table]
            data = ClearCallData(table=command.table, cleared=cleared)
            reply = Reply(id=command.id, ok=True, data=reply_data(data))
        else:
            reply = answer(self.night, command)
            if isinstance(command, EndNight) and reply.ok:
                self.state[
                    "calling"
                ] = []  # the night's end clears every call (hub/service/club.py)
        self.replies.append((reply, SentCommand(command)))
        return str(command.id)

    def attach(self, presenter: Any) -> Any:
        self.presenter = presenter
        presenter.on_connection(True)
        presenter.on_hub_status(True)
        self.publish()
        return presenter

    def publish(self) -> None:
        state, standings = published(self.night, **self.state)
        self.presenter.on_state(state)
        self.presenter.on_night(standings)

    def deliver(self) -> None:
        """One round trip: every answer waiting, then what the hub publishes after them."""
        while self.replies:
            reply, sent = self.replies.pop(0)
            self.presenter.on_reply(reply, sent)
        self.publish()
