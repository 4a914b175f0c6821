"""Phases, statuses, units and outcome reasons are enums (whist.enums), and the wire did not
change: an event log and the messages recorded before the enums (``data/before_enums.json``,
made by the code at commit f5f01a7) replay and read to the same JSON.

A recorded message may gain fields later ("add, never break"): each check compares the
fields the recording has, never asks that there be no others.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from whist import views
from whist.enums import AckStatus, CountStatus, OutcomeReason, Phase, Unit
from whist.events import NightCreated, event_from_dict, event_to_dict
from whist.formats import Format
from whist.leader import counts
from whist.night import ClubNight, club_score_json, night_standings, night_state
from whist.pattern import default_spec
from whist.protocol import (
    Ack,
    Assignment,
    ClubScore,
    CountsData,
    NightStandings,
    Standings,
    State,
    TableView,
    decode,
    encode,
    json_schemas,
)
from whist.tournament import Tournament

BEFORE = json.loads((Path(__file__).parent / "data" / "before_enums.json").read_text("utf-8"))
MILITARY = BEFORE["military"]


def _same_where_recorded(recorded: Any, now: Any, where: str = "") -> None:
    """Every value of ``recorded`` is in ``now`` unchanged (``now`` may hold more keys)."""
    if isinstance(recorded, dict):
        assert isinstance(now, dict), where
        for key, value in recorded.items():
            assert key in now, f"{where}.{key} is gone"
            _same_where_recorded(value, now[key], f"{where}.{key}")
    elif isinstance(recorded, list):
        assert isinstance(now, list) and len(now) == len(recorded), where
        for n, (old, new) in enumerate(zip(recorded, now, strict=True)):
            _same_where_recorded(old, new, f"{where}[{n}]")
    else:
        assert type(now) is type(recorded) and now == recorded, f"{where}: {recorded!r} -> {now!r}"


def _replayed(fmt: str) -> Tournament:
    t = Tournament.new(default_spec(fmt, tables=3, hands=1))
    for line in MILITARY[fmt]["log"]:
        t.apply(event_from_dict(json.loads(line)))
    return t


@pytest.mark.parametrize("fmt", ["alberta", "gaspesie"])
def test_an_old_event_log_replays_to_the_same_messages(fmt: str) -> None:
    t = _replayed(fmt)
    then = MILITARY[fmt]
    now = {
        "state": encode(views.state(t)),
        "standings": views.standings_json(t),
        "assignment": views.AssignmentWriter().json(t, 1),
        "view": views.TableViews(t).json(1),
    }
    recorded = {name: json.loads(then[name]) for name in now}
    if fmt == "gaspesie":
        # issue 25, item 5: a format without flags has no flag count; the recording's day of
        # "0 counted" could never complete and is gone on purpose
        assert recorded["state"]["counts"] == [{"day": 1, "counted": 0, "differ": []}]
        recorded["state"]["counts"] = []
    for name, body in now.items():
        _same_where_recorded(recorded[name], json.loads(body), name)
    # the log itself is written as it was, with only the fields added since (with defaults)
    written = [event_to_dict(e) for e in _events(fmt)]
    assert len(written) == len(then["log"])
    for line, now_event in zip(then["log"], written, strict=True):
        was = json.loads(line)
        assert {k: now_event[k] for k in was} == was
        assert set(now_event) - set(was) <= ADDED_SINCE.get(was["kind"], set()), now_event


#: Fields events gained after the recording (issue 25: the reason a leader gave); an old log
#: without them reads with their defaults.
ADDED_SINCE: dict[str, set[str]] = {"day_ended": {"reason"}, "tiebreak_undone": {"reason"}}


def _events(fmt: str) -> list[Any]:
    return [event_from_dict(json.loads(line)) for line in MILITARY[fmt]["log"]]


@pytest.mark.parametrize("fmt", ["alberta", "gaspesie"])
def test_the_recorded_messages_read_as_enums_and_write_back_the_same(fmt: str) -> None:
    then = MILITARY[fmt]
    state = decode(State, then["state"])
    assert state.phase is Phase.CLOSED
    assert state.rules is not None and state.rules.unit is Format(fmt).rules.unit
    assignment = decode(Assignment, then["assignment"])
    assert assignment.phase is Phase.CLOSED
    view = decode(TableView, then["view"])
    assert view.phase is Phase.CLOSED
    for model, message in ((state, "state"), (assignment, "assignment"), (view, "view")):
        _same_where_recorded(json.loads(then[message]), json.loads(encode(model)), message)
    standings = decode(Standings, then["standings"])
    _same_where_recorded(json.loads(then["standings"]), json.loads(encode(standings)))


def test_a_count_s_status_and_a_hand_s_reason_are_members() -> None:
    t = _replayed("alberta")
    lines = counts(t).lines
    assert [line.status for line in lines] == [
        CountStatus.NOT_COUNTED, CountStatus.DIFFERS, CountStatus.NOT_COUNTED,
    ]  # fmt: skip
    assert all(isinstance(line.status, CountStatus) for line in lines)
    recorded = json.loads(MILITARY["alberta"]["counts"])
    _same_where_recorded(recorded, counts(t).model_dump(mode="json"))
    assert (
        CountsData.model_validate_json(json.dumps(recorded)).lines[1].status is CountStatus.DIFFERS
    )
    # what decided each hand: revokes or the tricks (Alberta), one side or both at fault
    reasons = {
        fmt: {key: r.outcome.why for key, r in _replayed(fmt).results.items() if r.outcome}
        for fmt in MILITARY
    }
    assert reasons["gaspesie"][(1, 2)] is OutcomeReason.FAULTS_CANCEL
    assert reasons["gaspesie"][(1, 1)] is OutcomeReason.FAULT
    assert reasons["alberta"][(1, 1)] is OutcomeReason.REVOKES
    assert reasons["alberta"][(1, 3)] is OutcomeReason.TRICKS


def test_an_ack_s_status_is_a_member_and_the_same_on_the_wire() -> None:
    for status in AckStatus:
        body = b'{"v":1,"id":"r-1","status":"%s"}' % status.value.encode()
        ack = decode(Ack, body)
        assert ack.status is status
        assert encode(ack) == body
    assert encode(Ack(id="r-1", status="accepted")) == encode(
        Ack(id="r-1", status=AckStatus.ACCEPTED)
    )


def test_a_club_night_recorded_before_replays_to_the_same_messages() -> None:
    club = BEFORE["club"]
    created = event_from_dict(json.loads(club["created"]))
    assert isinstance(created, NightCreated)
    assert created.spec.length.unit is Unit.RUBBERS
    # every recorded field the same; an older log's night now also names the rules it was
    # played under (its house rules and rules version: issue 24), added, never changed
    now_created = json.loads(json.dumps(event_to_dict(created), ensure_ascii=False))
    _same_where_recorded(json.loads(club["created"]), now_created, "created")
    night = ClubNight.replay([created])
    now = {
        "state": encode(night_state(night)),
        "night": encode(night_standings(night)),
        "score": club_score_json(night, 1),
    }
    for name, body in now.items():
        _same_where_recorded(json.loads(club[name]), json.loads(body), name)
    rules = decode(State, club["state"]).club
    assert rules is not None
    assert (rules.wins, rules.length, rules.ranks_by) == (Unit.RUBBERS, Unit.RUBBERS, [
        Unit.RUBBERS, Unit.POINTS,
    ])  # fmt: skip
    assert all(isinstance(u, Unit) for u in (rules.wins, rules.length, *(rules.ranks_by or [])))
    _same_where_recorded(
        json.loads(club["night"]), json.loads(encode(decode(NightStandings, club["night"])))
    )
    _same_where_recorded(
        json.loads(club["score"]), json.loads(encode(decode(ClubScore, club["score"])))
    )


def _enum_fields(schema: Any) -> list[Any]:
    found = []
    if isinstance(schema, dict):
        if "enum" in schema:
            found.append(schema)
        for value in schema.values():
            found += _enum_fields(value)
    elif isinstance(schema, list):
        for value in schema:
            found += _enum_fields(value)
    return found


def test_the_json_schemas_still_list_plain_strings() -> None:
    # A field typed Literal[Phase.PLAYING, ...] is a list of strings in the schema, as the
    # Literal["playing", ...] was; no enum class becomes a $defs entry.
    schemas = {**json_schemas(), "CountsData": CountsData.model_json_schema()}
    text = json.dumps(schemas)
    for name in ("Phase", "AckStatus", "CountStatus", "Unit", "OutcomeReason"):
        assert f'"#/$defs/{name}"' not in text
    listed = {tuple(s["enum"]) for s in _enum_fields(schemas)}
    assert ("waiting", "playing", "closed") in listed
    assert ("accepted", "duplicate", "rejected") in listed
    assert ("agrees", "differs", "not counted") in listed
    assert ("flags", "points") in listed
    assert ("deals", "games", "rubbers", "open") in listed
