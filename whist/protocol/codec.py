"""Encoding and decoding: a model to compact UTF-8 JSON, a payload to a model (read within
the bounds, checked, every failure a :class:`~whist.errors.ProtocolError`), and the JSON
Schema of every message (:func:`json_schemas`, for the docs).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

from pydantic import BaseModel, ValidationError

from whist.errors import ErrorCode, ProtocolError
from whist.protocol import messages, provisioning
from whist.protocol.bounds import _load, _message_id, _show
from whist.protocol.commands import _COMMAND_ADAPTER, COMMANDS, Command, Reply
from whist.protocol.explain import _explain, _Loc, _locate_command
from whist.protocol.messages import (
    Ack,
    Assignment,
    Call,
    Epoch,
    FlagCount,
    Result,
    Standings,
    StandingsChanges,
    State,
    _version_text,
)
from whist.protocol.provisioning import JoinReply
from whist.protocol.topics import OFFLINE, ONLINE, PROTOCOL_VERSION

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


# Ack and Reply drop their None fields: PROTOCOL.md has Ack.reason and Reply.error present only
# on refusal; a Call its topic when the kiosk asked none (issue 25). Everywhere else null is
# meaningful (a trump not chosen yet) and is sent.
_SPARSE: tuple[type[BaseModel], ...] = (Ack, Reply, Standings, JoinReply, Call)


def encode(msg: BaseModel) -> bytes:
    """Compact UTF-8 JSON for the wire.

    >>> encode(Call(id="c-1", reason=""))
    b'{"v":1,"id":"c-1","reason":""}'
    """
    return msg.model_dump_json(exclude_none=isinstance(msg, _SPARSE)).encode("utf-8")


def decode(model_type: type[M], payload: bytes | str) -> M:
    """Read one message of a known type; raises only ProtocolError.

    >>> decode(Standings, b'{"v":1,"hand":0,"day":1,"teams":[]}').hand
    0
    """
    return _decode(payload, model_type.model_validate, lambda loc: (model_type, loc))


def decode_result(payload: bytes | str) -> Result:
    """Read a kiosk's Result; raises only ProtocolError (with the id when it has one)."""
    return decode(Result, payload)


def decode_call(payload: bytes | str) -> Call:
    """Read a kiosk's Call; raises only ProtocolError."""
    return decode(Call, payload)


def decode_command(payload: bytes | str) -> Command:
    """Read a leader Command of any op; raises only ProtocolError.

    >>> type(decode_command('{"v":1,"id":"c1","op":"loan","table":3,"flags":2}')).__name__
    'Loan'
    """
    reader = _CommandReader()
    return _decode(payload, reader.validate, reader.locate)


class _CommandReader:
    """Reads a command with its op's own model, built when first used: a hub builds only the
    commands its leader sends, not the union of eighty (issue 22, the hub's memory). Without
    a known op the union reads it, and says what is missing or which ops there are."""

    def __init__(self) -> None:
        self.model: type[BaseModel] | None = None

    def validate(self, data: dict[str, Any]) -> Command:
        op = data.get("op")
        self.model = COMMANDS.get(op) if isinstance(op, str) else None
        if self.model is None:
            return _COMMAND_ADAPTER.validate_python(data)
        return cast("Command", self.model.model_validate(data))

    def locate(self, loc: _Loc) -> tuple[type[BaseModel] | None, _Loc]:
        return (self.model, loc) if self.model is not None else _locate_command(loc)


def decode_reply_data(model_type: type[M], reply: Reply) -> M:
    """Read a Reply's data as ``model_type``; raises only ProtocolError.

    >>> from whist.protocol import ErrorData
    >>> r = Reply(id="c1", ok=False, error="closed", data={"code": "closed"})
    >>> decode_reply_data(ErrorData, r).error
    <ErrorCode.CLOSED: 'closed'>
    """
    try:
        return model_type.model_validate(reply.data or {})
    except ValidationError as exc:
        reason, code = _explain(exc, lambda loc: (model_type, loc))
        raise ProtocolError(f"reply {reply.id}: {reason}", code, reply.id) from exc


def decode_status(payload: bytes | str) -> str:
    """Read a hub or kiosk status: exactly ONLINE or OFFLINE, a plain string, not JSON.

    >>> decode_status(b"offline")
    'offline'
    """
    text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
    if text in (ONLINE, OFFLINE):
        return text
    raise ProtocolError(
        f'a status must be "{ONLINE}" or "{OFFLINE}" (got {_show(text)})', ErrorCode.MALFORMED
    )


def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of every message, by the name PROTOCOL.md gives it (for docs)."""
    schemas: dict[str, dict[str, Any]] = {
        model.__name__: model.model_json_schema()
        for model in (
            Assignment,
            Result,
            Ack,
            State,
            Standings,
            StandingsChanges,
            Call,
            Reply,
            FlagCount,
            Epoch,
        )
    }
    schemas["Command"] = _COMMAND_ADAPTER.json_schema()
    return schemas


def build_models() -> int:
    """Build every message model's validator and serializer now, and Reply's; how many were
    built.

    The models build them when first used (``defer_build``: a kiosk's start-up does not pay
    for the hundred it never reads). A hub calls this before it says it is ready, so that the
    first result of the day does not wait the 2 ms of building Result, Ack and the views
    (issue 22: the Acks' p99 at 16 tables is that first result). A command's model is still
    built when its op first comes (:func:`decode_command`): a leader sends a handful of the
    eighty, and building them all took the hub 0.4 MB.

    >>> _ = build_models()
    >>> build_models(), messages.Result.__pydantic_complete__, messages.Ack.__pydantic_complete__
    (0, True, True)
    """
    built = 0
    for module in (messages, provisioning):
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, BaseModel)
                and value.__module__ == module.__name__
                and not value.__pydantic_complete__
            ):
                value.model_rebuild()
                built += 1
    if not Reply.__pydantic_complete__:
        Reply.model_rebuild()
        built += 1
    return built


def _decode(
    payload: bytes | str,
    validate: Callable[[dict[str, Any]], T],
    locate: Callable[[_Loc], tuple[type[BaseModel] | None, _Loc]],
) -> T:
    message_id: str | None = None
    try:
        data = _load(payload)
        message_id = _message_id(data)
        # The version first: the rest of a v2 message may mean something else entirely.
        if "v" not in data:
            raise ProtocolError("missing field: v", ErrorCode.MISSING_FIELD, message_id)
        version = data["v"]
        if type(version) is not int or version != PROTOCOL_VERSION:
            raise ProtocolError(_version_text(version), ErrorCode.BAD_VERSION, message_id)
        return validate(data)
    except ProtocolError:
        raise
    except ValidationError as exc:
        reason, code = _explain(exc, locate)
        raise ProtocolError(reason, code, message_id) from exc
    except Exception as exc:
        # The hub must never crash on a payload, whatever corner of json or pydantic it finds.
        raise ProtocolError(
            "the message could not be read", ErrorCode.MALFORMED, message_id
        ) from exc
