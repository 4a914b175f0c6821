"""Wire protocol v1: the examples of PROTOCOL.md, bad input, topics, and fuzzing of decode_*."""

from __future__ import annotations

import doctest
import functools
import importlib
import inspect
import json
import pkgutil
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

import whist.protocol
from tests.fresh import fresh_python
from whist.errors import ProtocolError
from whist.protocol import (
    COMMANDS,
    ERROR_CODES,
    MAX_PAYLOAD_BYTES,
    OFFLINE,
    ONLINE,
    Ack,
    Assignment,
    Call,
    ClearCall,
    CloseHand,
    Correct,
    EndDay,
    Loan,
    Penalty,
    Reply,
    Result,
    Revokes,
    Standings,
    StartHand,
    State,
    TieBreakResult,
    TieBreakStart,
    Topics,
    UndoStart,
    decode,
    decode_call,
    decode_command,
    decode_result,
    decode_status,
    encode,
    json_schemas,
)

# The examples of PROTOCOL.md, copied as written; where the page elides a value ("…" outside a
# string, or a choice "a"|"b") the gap is filled with the smallest plausible value.
ASSIGNMENT = """{"v":1, "hand":5, "hands":30, "day":1, "phase":"playing", "trump":"hearts",\
 "table":7,
 "home":     {"team":7, "players":["X","Y"]},
 "visitors": {"team":4, "players":["A","B"]},
 "away":     {"table":10, "players":["A","B"]},
 "flags":12, "points":0}"""
RESULT = """{"v":1, "id":"2b0c…uuid", "hand":5, "table":7, "visitor_tricks":8, "home_tricks":5,
 "revokes":{"home":0, "visitors":0}}"""
ACKS = [
    '{"v":1, "id":"<result id>", "status":"accepted", "hand":5, "flags":13}',
    '{"v":1, "id":"<result id>", "status":"duplicate", "hand":5, "flags":13}',
    '{"v":1, "id":"<result id>", "status":"rejected",'
    ' "reason":"<human readable, present when rejected>", "hand":5, "flags":13}',
]
STATE = """{"v":1, "tournament":"…", "format":"alberta", "tables":16, "hand":5,
"hands":30, "day":1, "phase":"playing", "trump":"hearts", "reported":[1,2,7], "missing":[3,4]}"""
STANDINGS = """{"v":1, "hand":5, "day":1, "teams":[{"team":7, "name":"…", "flags":14,
"points":0, "day_totals":[14], "loans":0, "rank":1}]}"""
CALL = '{"v":1,"id":"call-1","reason":"…"}'
COMMAND_EXAMPLES = [
    '{"v":1, "id":"<uuid>", "op":"start_hand"}',
    '{"v":1, "id":"<uuid>", "op":"start_hand", "trump":"none"}',
    '{"v":1, "id":"<uuid>", "op":"close_hand"}',
    '{"v":1, "id":"<uuid>", "op":"correct", "hand":5, "table":7, "visitor_tricks":6,'
    ' "home_tricks":7, "revokes":{"home":0, "visitors":1}, "reason":"miscounted"}',
    '{"v":1, "id":"<uuid>", "op":"loan", "table":3, "flags":2}',
    '{"v":1, "id":"<uuid>", "op":"end_day"}',
    '{"v":1, "id":"<uuid>", "op":"undo_start"}',
]
REPLIES = [
    '{"v":1, "id":"<command id>", "ok":true}',
    '{"v":1, "id":"<command id>", "ok":false, "error":"<human readable>"}',
]

# Our extensions, one example each.
EXTENSION_COMMANDS = [
    '{"v":1,"id":"x0","op":"rename","name":"Whist militaire, 3 tables"}',
    '{"v":1,"id":"x1","op":"start_hand","cut":true}',
    '{"v":1,"id":"x2","op":"penalty","hand":5,"table":7,"side":"visitors","reason":"talking"}',
    '{"v":1,"id":"x3","op":"clear_call","table":7}',
    '{"v":1,"id":"x4","op":"tiebreak_start","teams":[3,8,11],"trump":"spades"}',
    '{"v":1,"id":"x5","op":"tiebreak_result","teams":[3,8],"tricks":[7,6]}',
    '{"v":1,"id":"x6","op":"plan","hand":4}',
    '{"v":1,"id":"x7","op":"results","hand":2,"table":3}',
    '{"v":1,"id":"x8","op":"ties"}',
    '{"v":1,"id":"x9","op":"export","language":"fr"}',
    '{"v":1,"id":"x10","op":"join_code"}',
    '{"v":1,"id":"x11","op":"renew_join_code"}',
    '{"v":1,"id":"x12","op":"joins"}',
    '{"v":1,"id":"x13","op":"correct_deal","table":2,"deal":3,'
    '"record":{"granded":"low","ew_tricks":5},"reason":"miscounted"}',
    '{"v":1,"id":"x14","op":"end_night"}',
    '{"v":1,"id":"x15","op":"deals","table":2}',
    '{"v":1,"id":"x16","op":"loans"}',
    '{"v":1,"id":"x30","op":"verify","table":5,"day":1,"flags":11}',
    '{"v":1,"id":"x31","op":"accept_count","table":5,"day":1,"reason":"recounted"}',
    '{"v":1,"id":"x32","op":"counts","day":1}',
    '{"v":1,"id":"x33","op":"tiebreak_trump","trump":"none"}',
    '{"v":1,"id":"x34","op":"tiebreak_undo"}',
    '{"v":1,"id":"x36","op":"place_decision","teams":[4,2],"reason":"drawn by lot"}',
    '{"v":1,"id":"x35","op":"tiebreak_start","teams":[1,2,3],"draws":{"1":"AS","2":"2C","3":"KD"}}',
    '{"v":1,"id":"x17","op":"end_day","early":true,"final":true}',
    '{"v":1,"id":"x37","op":"preview","command":{"v":1,"id":"x38","op":"penalty","hand":5,'
    '"table":7,"side":"home","reason":"signalling"}}',
    '{"v":1,"id":"x39","op":"clock_pause"}',
    '{"v":1,"id":"x40","op":"clock_resume"}',
    '{"v":1,"id":"x41","op":"clock_add","minutes":5}',
]

GOOD_RESULT: dict[str, Any] = {
    "v": 1,
    "id": "r-1",
    "hand": 5,
    "table": 7,
    "visitor_tricks": 8,
    "home_tricks": 5,
    "revokes": {"home": 0, "visitors": 0},
}

OUTBOUND: list[tuple[type[BaseModel], str]] = [
    (Assignment, ASSIGNMENT),
    (State, STATE),
    (Standings, STANDINGS),
    *((Ack, text) for text in ACKS),
    *((Reply, text) for text in REPLIES),
]


def result_with(**changes: Any) -> bytes:
    message = {**GOOD_RESULT, **changes}
    return json.dumps({k: v for k, v in message.items() if v is not ...}).encode()


# ----------------------------------------------------------------------------- the examples


def test_result_example_parses() -> None:
    result = decode_result(RESULT)
    assert (result.id, result.hand, result.table) == ("2b0c…uuid", 5, 7)
    assert (result.visitor_tricks, result.home_tricks) == (8, 5)
    assert result.revokes == Revokes(home=0, visitors=0)


def test_assignment_example_parses() -> None:
    assignment = decode(Assignment, ASSIGNMENT)
    assert assignment.trump == "hearts"
    assert assignment.home.players == ["X", "Y"]
    assert (assignment.visitors.team, assignment.away.table, assignment.flags) == (4, 10, 12)


@pytest.mark.parametrize(("model", "text"), OUTBOUND)
def test_hub_examples_parse_and_round_trip(model: type[BaseModel], text: str) -> None:
    message = decode(model, text)
    assert decode(model, encode(message)) == message
    # Every field of the page's example survives our encoding unchanged.
    original = json.loads(text)
    encoded = json.loads(encode(message))
    assert {key: encoded.get(key) for key in original} == original


def test_state_example_gets_extension_defaults() -> None:
    state = decode(State, STATE)
    assert (state.offline, state.calling, state.conflicts, state.days) == ([], [], [], 1)


def test_call_example_parses() -> None:
    assert decode_call(CALL) == Call(id="call-1", reason="…")


@pytest.mark.parametrize("text", COMMAND_EXAMPLES + EXTENSION_COMMANDS)
def test_command_examples_parse_and_round_trip(text: str) -> None:
    command = decode_command(text)
    assert type(command) is COMMANDS[json.loads(text)["op"]]
    assert decode_command(encode(command)) == command


def test_every_op_has_a_class_and_example() -> None:
    examples = {json.loads(text)["op"] for text in COMMAND_EXAMPLES + EXTENSION_COMMANDS}
    assert set(COMMANDS) == examples
    assert COMMANDS["start_hand"] is StartHand
    assert COMMANDS["tiebreak_result"] is TieBreakResult


def test_round_trip_of_results_and_calls() -> None:
    result = Result(
        id="r-9",
        hand=1,
        table=2,
        visitor_tricks=13,
        home_tricks=0,
        revokes=Revokes(home=2, visitors=0),
    )
    assert decode_result(encode(result)) == result
    assert json.loads(encode(result)) == {
        **GOOD_RESULT,
        "id": "r-9",
        "hand": 1,
        "table": 2,
        "visitor_tricks": 13,
        "home_tricks": 0,
        "revokes": {"home": 2, "visitors": 0},
    }
    call = Call(id="c-1", reason="")
    assert decode_call(encode(call)) == call


def test_command_objects_round_trip() -> None:
    commands = [
        StartHand(id="1", trump="clubs"),
        CloseHand(id="2"),
        EndDay(id="3"),
        UndoStart(id="4"),
        Correct(
            id="5",
            hand=2,
            table=3,
            visitor_tricks=0,
            home_tricks=13,
            revokes=Revokes(home=0, visitors=0),
            reason="typo",
        ),
        Loan(id="6", table=3, flags=12),
        Penalty(id="7", hand=2, table=3, side="home", reason="x"),
        ClearCall(id="8", table=3),
        TieBreakStart(id="9", teams=[1, 2]),
        TieBreakResult(id="10", teams=[1, 2], tricks=[13, 0]),
    ]
    for command in commands:
        assert decode_command(encode(command)) == command
        assert json.loads(encode(command))["v"] == 1


def test_encoding_is_compact_utf8() -> None:
    assert encode(Call(id="é", reason="à")) == '{"v":1,"id":"é","reason":"à"}'.encode()


def test_ack_and_reply_leave_out_what_they_do_not_say() -> None:
    assert json.loads(encode(Ack(id="r", status="accepted", hand=5, flags=13))) == {
        "v": 1,
        "id": "r",
        "status": "accepted",
        "hand": 5,
        "flags": 13,
    }
    rejected = Ack(id="r", status="rejected", reason="hand 4 is closed", code="wrong_hand")
    assert json.loads(encode(rejected)) == {
        "v": 1,
        "id": "r",
        "status": "rejected",
        "reason": "hand 4 is closed",
        "code": "wrong_hand",
    }
    assert encode(Reply(id="c", ok=True)) == b'{"v":1,"id":"c","ok":true}'
    assert json.loads(encode(Reply(id="c", ok=True, data={"tables": [1]})))["data"] == {
        "tables": [1]
    }


def test_null_trump_is_sent_not_dropped() -> None:
    state = decode(State, STATE.replace('"hearts"', "null"))
    assert state.trump is None
    assert json.loads(encode(state))["trump"] is None


def test_hub_messages_tolerate_later_additions() -> None:
    text = ASSIGNMENT.replace('"flags":12', '"flags":12, "colour":"blue", "seats":{"n":1}')
    assert decode(Assignment, text) == decode(Assignment, ASSIGNMENT)


def test_messages_are_frozen() -> None:
    result = decode_result(RESULT)
    with pytest.raises(ValidationError):
        result.hand = 6  # type: ignore[misc]


def test_python_construction_is_validated_too() -> None:
    with pytest.raises(ValidationError):
        Result(
            id="r",
            hand=1,
            table=1,
            visitor_tricks=8,
            home_tricks=4,
            revokes=Revokes(home=0, visitors=0),
        )
    with pytest.raises(ValidationError):
        Ack.model_validate({"v": 2, "id": "r", "status": "accepted"})


def test_payload_of_exactly_64_kib_is_read() -> None:
    text = json.dumps(GOOD_RESULT)
    padded = text[:-1] + " " * (MAX_PAYLOAD_BYTES - len(text)) + "}"
    assert len(padded.encode()) == MAX_PAYLOAD_BYTES
    assert decode_result(padded.encode()).id == "r-1"
    with pytest.raises(ProtocolError) as caught:
        decode_result(padded[:-1] + " }")
    assert caught.value.code == "too_large"


def test_status_payloads() -> None:
    assert decode_status(b"online") == ONLINE
    assert decode_status("offline") == OFFLINE
    for bad in (b'"online"', b"Online", b"", b"\xff", b'{"v":1}', "on\udc00line"):
        with pytest.raises(ProtocolError) as caught:
            decode_status(bad)
        assert "online" in caught.value.reason
        caught.value.reason.encode()  # a reason can always be sent on


def test_json_schemas_cover_every_message() -> None:
    schemas = json_schemas()
    assert set(schemas) == {
        "Assignment",
        "Result",
        "Ack",
        "State",
        "Standings",
        "StandingsChanges",
        "Call",
        "Command",
        "Reply",
        "FlagCount",  # a table's count of its flags (rules A19)
        "Epoch",  # the hub's session: the tables offer their results again to a new one
    }
    assert "v" in schemas["Result"]["required"]
    assert schemas["FlagCount"]["additionalProperties"] is False
    assert schemas["Result"]["additionalProperties"] is False
    assert set(schemas["Command"]["discriminator"]["mapping"]) == set(COMMANDS)
    start = schemas["Command"]["$defs"]["StartHand"]
    assert {"v", "op", "id"} <= set(start["required"])
    assert ">>>" not in json.dumps(schemas)
    json.dumps(schemas)  # plain JSON, ready for docs/protocol.md


MODULES = sorted(info.name for info in pkgutil.iter_modules(whist.protocol.__path__))


@pytest.mark.parametrize("module", ["", *MODULES])
def test_docstring_examples(module: str) -> None:
    # Each module has examples, and they run on its own names (as tests/unit/test_views.py runs
    # every core module's): an example that needs another module's name imports it.
    found = importlib.import_module(f"whist.protocol.{module}".rstrip("."))
    failures, tried = doctest.testmod(found)
    assert tried > 0
    assert failures == 0


def test_the_package_exports_every_public_class_and_function_of_its_modules() -> None:
    assert len(MODULES) == 7
    for module in MODULES:
        found = importlib.import_module(f"whist.protocol.{module}")
        names = {
            name
            for name, value in vars(found).items()
            if (inspect.isclass(value) or inspect.isfunction(value))
            and value.__module__ == found.__name__
            and not name.startswith("_")
        }
        assert names <= set(whist.protocol.__all__), module


# ----------------------------------------------------------------------------- bad input

BAD_RESULTS = [
    # (payload, code, words the reason must contain, message_id)
    (
        result_with(home_tricks=4),
        "inconsistent",
        "the tricks must add up to 13 (visitors 8 + home 4 = 12)",
        "r-1",
    ),
    (
        result_with(visitor_tricks=14, home_tricks=0),
        "out_of_range",
        "visitor_tricks must be a whole number from 0 to 13 (got 14)",
        "r-1",
    ),
    (result_with(visitor_tricks=-1), "out_of_range", "visitor_tricks", "r-1"),
    (
        result_with(hand=0),
        "out_of_range",
        "hand must be a whole number of at least 1 (got 0)",
        "r-1",
    ),
    (
        result_with(visitor_tricks="8"),
        "wrong_type",
        'visitor_tricks must be a whole number from 0 to 13 (got "8")',
        "r-1",
    ),
    (result_with(home_tricks=True), "wrong_type", "home_tricks", "r-1"),
    (result_with(visitor_tricks=8.0), "wrong_type", "visitor_tricks", "r-1"),
    (result_with(hand=...), "missing_field", "missing field: hand", "r-1"),
    (result_with(v=...), "missing_field", "missing field: v", "r-1"),
    (result_with(revokes={"home": 0}), "missing_field", "missing field: revokes.visitors", "r-1"),
    (result_with(revokes={"home": 0, "visitors": 14}), "out_of_range", "revokes.visitors", "r-1"),
    (result_with(revokes=[0, 0]), "wrong_type", "revokes must be an object", "r-1"),
    (result_with(colour="red"), "unknown_field", "unknown field: colour", "r-1"),
    (
        result_with(v=2),
        "bad_version",
        "unsupported protocol version 2; this hub speaks version 1",
        "r-1",
    ),
    (result_with(v=True), "bad_version", "unsupported protocol version true", "r-1"),
    (result_with(v="1"), "bad_version", "this hub speaks version 1", "r-1"),
    (result_with(id=""), "out_of_range", "id must be a text of 1 to 100 characters", None),
    (result_with(id="x" * 101), "out_of_range", "id", None),
    (result_with(id=7), "wrong_type", "id", None),
    (result_with(hand="5", table="7"), "wrong_type", "hand", "r-1"),
    (b"hand=5 table=7", "malformed", "not valid JSON", None),
    (b"", "malformed", "not valid JSON", None),
    (b"[1, 2]", "malformed", "must be a JSON object", None),
    (b'"result"', "malformed", "must be a JSON object", None),
    (b"null", "malformed", "must be a JSON object", None),
    (b'{"v":1,"id":"r-1","hand":5' + b" " * 70_000 + b"}", "too_large", "too large", None),
    ('{"id":"' + "é" * 40_000 + '"}', "too_large", "too large", None),
    (b'{"v":1,"id":"r-\xff"}', "malformed", "not valid UTF-8", None),
    ('{"v":1,"id":"r-\ud800"}', "malformed", "not valid UTF-8", None),
    (b'{"v":1,"id":"r-1","visitor_tricks":NaN}', "malformed", "NaN", None),
    (b'{"v":1,"id":"r-1","visitor_tricks":-Infinity}', "malformed", "finite", None),
    (b'{"v":1,"id":"r-1","visitor_tricks":1e999}', "malformed", "finite", None),
    (b'{"v":1,"id":"r-\\udc00"}', "malformed", "broken character", None),
    (b'{"v":1,"id":"r-1","hand":"\\ud83d"}', "malformed", "broken character", "r-1"),
    (b"[" * 50_000, "too_large", "nested too deeply", None),
    (b"[" * 3000 + b"]" * 3000, "too_large", "nested too deeply", None),
    (b'{"v":1,"id":"r-1","x":[' + b"0," * 6000 + b"0]}", "too_large", "too many values", None),
    # Strict: which of two values would count is a guess, so neither does.
    (
        b'{"v":1,"id":"r-1","hand":1,"table":7,"visitor_tricks":8,"visitor_tricks":13,'
        b'"home_tricks":5,"revokes":{"home":0,"visitors":0}}',
        "malformed",
        'the field "visitor_tricks" appears twice in the message',
        "r-1",
    ),
    (
        b'{"v":1,"id":"r-1","revokes":{"home":0,"home":1}}',
        "malformed",
        '"home" appears twice',
        "r-1",
    ),
    (b'{"v":1,"id":"r-1","id":"r-2"}', "malformed", '"id" appears twice', None),
    (b'{"v":1,"id":"r-1","hand":' + b"9" * 5_000 + b"}", "malformed", "not valid JSON", None),
]


@pytest.mark.parametrize(("payload", "code", "words", "message_id"), BAD_RESULTS)
def test_bad_results_are_refused_readably(
    payload: bytes | str, code: str, words: str, message_id: str | None
) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_result(payload)
    error = caught.value
    assert error.code == code
    assert words in error.reason
    assert error.message_id == message_id
    assert error.code in ERROR_CODES
    assert "Input should" not in error.reason  # pydantic's wording never reaches a player
    assert len(error.reason) < 200
    assert isinstance(error, ValueError)


def test_several_problems_are_counted() -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_result(result_with(hand=0, table=0, visitor_tricks=20))
    assert caught.value.reason.endswith("(and 2 more problems)")


BAD_COMMANDS = [
    (
        '{"v":1,"id":"c1","op":"fly"}',
        "unknown_op",
        'unknown op "fly"; expected one of start_hand, close_hand',
    ),
    ('{"v":1,"id":"c1"}', "missing_field", "missing field: op"),
    ('{"v":1,"id":"c1","op":7}', "unknown_op", "unknown op 7"),
    (
        '{"v":1,"id":"c1","op":"correct","hand":5,"table":7,"visitor_tricks":8,"home_tricks":5,'
        '"revokes":{"home":0,"visitors":0},"reason":"   "}',
        "out_of_range",
        "reason must not be empty",
    ),
    (
        '{"v":1,"id":"c1","op":"correct","hand":5,"table":7,"visitor_tricks":9,"home_tricks":5,'
        '"revokes":{"home":0,"visitors":0},"reason":"typo"}',
        "inconsistent",
        "the tricks must add up to 13 (visitors 9 + home 5 = 14)",
    ),
    ('{"v":1,"id":"c1","op":"correct","hand":5}', "missing_field", "missing field: table"),
    ('{"v":1,"id":"c1","op":"close_hand","hand":5}', "unknown_field", "unknown field: hand"),
    (
        '{"v":1,"id":"c1","op":"start_hand","trump":"Hearts"}',
        "out_of_range",
        "trump must be one of spades, hearts, diamonds, clubs, none",
    ),
    ('{"v":1,"id":"c1","op":"start_hand","trump":"hearts","cut":true}', "inconsistent", "not both"),
    ('{"v":1,"id":"c1","op":"start_hand","cut":1}', "wrong_type", "cut must be true or false"),
    (
        '{"v":1,"id":"c1","op":"loan","table":3,"flags":0}',
        "out_of_range",
        "flags must be a whole number from 1 to 12 (got 0)",
    ),
    ('{"v":1,"id":"c1","op":"loan","table":"3","flags":2}', "wrong_type", "table"),
    (
        '{"v":1,"id":"c1","op":"penalty","hand":5,"table":7,"side":"both","reason":"x"}',
        "out_of_range",
        "side must be one of home, visitors",
    ),
    (
        '{"v":1,"id":"c1","op":"tiebreak_start","teams":[4]}',
        "out_of_range",
        "teams must be a list of at least 2 items",
    ),
    (
        '{"v":1,"id":"c1","op":"tiebreak_start","teams":[4,4]}',
        "inconsistent",
        "teams must name different teams",
    ),
    (
        '{"v":1,"id":"c1","op":"tiebreak_result","teams":[3,4],"tricks":[7,7]}',
        "inconsistent",
        "tricks must add up to 13 (got 7 + 7 = 14)",
    ),
    (
        '{"v":1,"id":"c1","op":"tiebreak_result","teams":[3,4,5],"tricks":[7,6]}',
        "out_of_range",
        "teams must be a list of exactly 2 items",
    ),
    (
        '{"v":1,"id":"c1","op":"tiebreak_result","teams":[3,4],"tricks":[14,-1]}',
        "out_of_range",
        "tricks item 1 must be a whole number from 0 to 13 (got 14)",
    ),
    ('{"v":2,"id":"c1","op":"fly"}', "bad_version", "unsupported protocol version 2"),
]


@pytest.mark.parametrize(("payload", "code", "words"), BAD_COMMANDS)
def test_bad_commands_are_refused_readably(payload: str, code: str, words: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_command(payload)
    assert caught.value.code == code
    assert words in caught.value.reason
    assert caught.value.message_id == "c1"


def test_bad_calls() -> None:
    with pytest.raises(ProtocolError) as caught:
        decode_call('{"v":1,"id":"k1","reason":"' + "x" * 201 + '"}')
    assert caught.value.reason.startswith("reason must be a text of at most 200 characters")
    assert caught.value.message_id == "k1"
    with pytest.raises(ProtocolError):
        decode_call('{"v":1,"id":"k1","reason":null}')


def test_bad_hub_messages() -> None:
    with pytest.raises(ProtocolError) as caught:
        decode(Assignment, ASSIGNMENT.replace('"team":7', '"team":0'))
    assert caught.value.reason == "home.team must be a whole number of at least 1 (got 0)"
    with pytest.raises(ProtocolError) as caught:
        decode(State, STATE.replace('"alberta"', '"bridge"'))
    assert caught.value.reason.startswith("format must be one of alberta, gaspesie")
    with pytest.raises(ProtocolError) as caught:
        decode(Standings, STANDINGS.replace('"rank":1', '"rank":"1"').replace('"flags":14,', ""))
    assert caught.value.reason == "missing field: teams item 1.flags"


# ----------------------------------------------------------------------------- topics

GOOD_TOPICS = [
    ("whist/hub/status", ("hub_status", None)),
    ("whist/state", ("state", None)),
    ("whist/standings", ("standings", None)),
    ("whist/leader/command", ("command", None)),
    ("whist/leader/reply", ("reply", None)),
    ("whist/table/7/result", ("result", 7)),
    ("whist/table/16/assignment", ("assignment", 16)),
    ("whist/table/1/ack", ("ack", 1)),
    ("whist/table/3/status", ("status", 3)),
    ("whist/table/12/call", ("call", 12)),
]


@pytest.mark.parametrize(("topic", "parsed"), GOOD_TOPICS)
def test_topics_parse(topic: str, parsed: tuple[str, int | None]) -> None:
    assert Topics().parse(topic) == parsed


def test_topics_round_trip_with_another_root() -> None:
    topics = Topics(root="hall2/whist")
    assert topics.parse(topics.result(5)) == ("result", 5)
    assert topics.parse(topics.hub_status) == ("hub_status", None)
    assert topics.every_table("result") == "hall2/whist/table/+/result"


@pytest.mark.parametrize(
    "topic",
    [
        "other/state",
        "whist",
        "whist/",
        "whist/table/0/result",
        "whist/table/07/result",
        "whist/table/-1/result",
        "whist/table/x/result",
        "whist/table/+/result",
        "whist/table//result",
        "whist/table/\u0663/result",  # an Arabic-Indic 3: str.isdigit() says yes
        "whist/table/7",
        "whist/table/7/result/extra",
        "whist/hub",
        "whist/leader/other",
        "whist/scores",
        "whiststate",
    ],
)
def test_topics_refuse(topic: str) -> None:
    with pytest.raises(ValueError):
        Topics().parse(topic)


# ----------------------------------------------------------------------------- fuzzing

DECODERS: list[tuple[str, Callable[[bytes | str], BaseModel]]] = [
    ("result", decode_result),
    ("call", decode_call),
    ("command", decode_command),
    *(
        (model.__name__, functools.partial(decode, model))
        for model in (Assignment, State, Standings, Ack, Reply)
    ),
]

FIELD_NAMES = sorted(
    {"v", "id", "op", "home", "visitors", "players", "team", "tricks", "teams"}
    | {
        name
        for model in (Result, Assignment, State, Ack, Reply, Call)
        for name in model.model_fields
    }
    | {name for model in COMMANDS.values() for name in model.model_fields}
)

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 20)
    | st.integers()
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12)
    | st.sampled_from(["hearts", "none", "playing", "alberta", "accepted", *COMMANDS])
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(FIELD_NAMES) | st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
messages = st.dictionaries(
    st.sampled_from(FIELD_NAMES) | st.text(max_size=6), json_values, max_size=10
)
# Nearly valid messages find the paths that random ones never reach.
near_results = st.builds(
    lambda changes: {**GOOD_RESULT, **changes},
    st.dictionaries(st.sampled_from(sorted(GOOD_RESULT)), json_values, max_size=2),
)
near_commands = st.builds(
    lambda base, changes: {**json.loads(base), **changes},
    st.sampled_from(COMMAND_EXAMPLES + EXTENSION_COMMANDS),
    st.dictionaries(st.sampled_from(FIELD_NAMES), json_values, max_size=2),
)
any_tricks = st.builds(
    lambda visitors, home: {**GOOD_RESULT, "visitor_tricks": visitors, "home_tricks": home},
    st.integers(-1, 14),
    st.integers(-1, 14),
)
near_surrogates = st.builds(
    lambda where, codes: {**json.loads(where[0]), where[1]: "".join(map(chr, codes))},
    st.sampled_from([(RESULT, "id"), (REPLIES[1], "error"), (ACKS[2], "reason"), (CALL, "reason")]),
    st.lists(st.integers(0xD7F0, 0xE010), min_size=1, max_size=4),
)
payloads = st.one_of(
    st.binary(max_size=300),
    st.text(max_size=100),
    # Lone surrogates, raw in a str and as \u escapes: valid JSON, but not encodable text.
    near_surrogates.map(lambda m: json.dumps(m, ensure_ascii=False)),
    near_surrogates.map(lambda m: json.dumps(m).encode()),
    json_values.map(json.dumps),
    messages.map(json.dumps),
    near_results.map(json.dumps),
    near_commands.map(json.dumps),
    any_tricks.map(json.dumps),
    near_results.map(lambda m: json.dumps(m).encode()[: len(json.dumps(m)) // 2]),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payloads)
def test_decoders_only_ever_raise_protocol_error(payload: bytes | str) -> None:
    for _, decoder in DECODERS:
        try:
            message = decoder(payload)
        except ProtocolError as error:
            assert error.reason
            error.reason.encode()  # a reason can always travel on in an Ack
            assert error.code in ERROR_CODES
            assert error.message_id is None or 1 <= len(error.message_id) <= 100
            error.message_id is None or error.message_id.encode()  # echoable in an Ack
        else:
            assert decoder(encode(message)) == message


@pytest.mark.parametrize(
    "bad",
    ["whist", "_whist-hub._udp.local.", "_Whist._tcp.local.", "_a-very-long-name0._tcp.local."],
)
def test_a_bad_mdns_service_type_is_refused_in_words(bad):
    from whist.protocol import PROVISION_SERVICE_ENV, provision_service

    with pytest.raises(ValueError, match="must look like _name"):
        provision_service({PROVISION_SERVICE_ENV: bad})


def _union_read(text: str) -> ProtocolError:
    """How the union of every command (before issue 22's lazy models) refused ``text``."""
    from whist.protocol.codec import _decode
    from whist.protocol.commands import _COMMAND_ADAPTER
    from whist.protocol.explain import _locate_command

    with pytest.raises(ProtocolError) as refused:
        _decode(text, _COMMAND_ADAPTER.validate_python, _locate_command)
    return refused.value


def _spoilt(text: str) -> list[str]:
    """``text`` spoilt every way a leader's tool might: each field dropped, each field given a
    wrong type or a value out of range, an unknown field added."""
    data = json.loads(text)
    spoilt = [{**data, "colour": "red"}]
    for name in data:
        if name in ("v", "op"):
            continue
        spoilt.append({k: v for k, v in data.items() if k != name})
        for wrong in ("x", -1, 10**6, None, [], {"a": 1}):
            spoilt.append({**data, name: wrong})
    return [json.dumps(d) for d in spoilt]


@pytest.mark.parametrize("text", COMMAND_EXAMPLES + EXTENSION_COMMANDS)
def test_a_command_is_refused_as_the_union_of_every_command_refused_it(text: str) -> None:
    """decode_command reads a known op with that op's own model; its refusals say what the
    union said, word for word and code for code."""
    for bad in _spoilt(text):
        try:
            decode_command(bad)
        except ProtocolError as exc:
            union = _union_read(bad)
            assert (str(exc), exc.code, exc.message_id) == (
                str(union),
                union.code,
                union.message_id,
            ), bad
        else:
            # Read: the union reads it too, to the same command.
            from whist.protocol.commands import _COMMAND_ADAPTER

            assert decode_command(bad) == _COMMAND_ADAPTER.validate_json(bad), bad


def test_a_hub_builds_only_the_commands_its_leader_sends() -> None:
    """A fresh process: build_models (as whist-hub serve does) builds the messages and Reply,
    and a command its op's own model, not the eighty (issue 22, the hub's memory)."""
    code = (
        "from whist.protocol.codec import build_models, decode_command\n"
        "from whist.protocol import commands\n"
        "from pydantic import BaseModel\n"
        "build_models()\n"
        "decode_command('{\"v\":1,\"id\":\"c1\",\"op\":\"loan\",\"table\":3,\"flags\":2}')\n"
        "print(sorted(n for n, v in vars(commands).items() if isinstance(v, type)\n"
        "      and issubclass(v, BaseModel) and v.__module__ == commands.__name__\n"
        "      and v.__pydantic_complete__))\n"
    )
    assert fresh_python(code) == "['Loan', 'Reply']"
