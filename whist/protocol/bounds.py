"""What an inbound payload may be before any model reads it, and the reading within those bounds.

The limits (size, nesting, number of values, id length, reason length), the machine-readable
codes of a message check, and :func:`_load`: UTF-8, size, shape, then JSON (finite numbers, no
repeated field, no lone surrogate), each refusal a :class:`~whist.errors.ProtocolError` in
plain words (:func:`_show` quotes what was sent). :func:`read_id` reads an id within the same
bounds.
"""

from __future__ import annotations

import json
import math
import re
import threading
from typing import Any

from whist.errors import MESSAGE_CHECKS, ErrorCode, ProtocolError

MAX_PAYLOAD_BYTES = 64 * 1024
#: Deepest nesting of arrays and objects an inbound message may have (a Result needs 2): a
#: 6 KB ``[[[…]]]`` is refused before the JSON parser recurses into it (issue 23, item 1).
MAX_NESTING = 16
#: Most values (numbers, strings, arrays, objects) an inbound message may hold.
MAX_VALUES = 5000
MAX_ID_LENGTH = 100
MAX_REASON_LENGTH = 200


# The machine-readable reasons of reading a message (ProtocolError.code, and Ack.code when the
# hub rejects a result for one of them): one enum with the rules' codes, whist.errors.ErrorCode.
ProtocolErrorCode = ErrorCode
ERROR_CODES: tuple[ErrorCode, ...] = MESSAGE_CHECKS


# A "\ud800"-style escape is the only way valid UTF-8 JSON yields a lone surrogate, which
# cannot be re-encoded (echoing such an id in an Ack would fail), so look closer only then.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89abcdefABCDEF]")


def _load(payload: bytes | str) -> dict[str, Any]:
    # Size before anything else, so a huge payload costs nothing to refuse. A str has at most
    # as many characters as its UTF-8 bytes, so the cheap length test is safe to do first.
    if len(payload) > MAX_PAYLOAD_BYTES:
        raise ProtocolError(_too_large(len(payload)), ErrorCode.TOO_LARGE)
    if isinstance(payload, str):
        try:
            size = len(payload.encode("utf-8"))
        except UnicodeEncodeError:
            raise ProtocolError(
                "the message is not valid UTF-8 text", ErrorCode.MALFORMED
            ) from None
        if size > MAX_PAYLOAD_BYTES:
            raise ProtocolError(_too_large(size), ErrorCode.TOO_LARGE)
        text = payload
    else:
        try:
            text = bytes(payload).decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError(
                "the message is not valid UTF-8 text", ErrorCode.MALFORMED
            ) from None
    _check_shape(text)
    repeated: list[str] = []
    _reading.repeated = repeated
    try:
        data = _DECODER.decode(text)
    except ProtocolError:
        raise
    except json.JSONDecodeError as exc:
        raise ProtocolError(
            f"the message is not valid JSON ({exc.msg} at character {exc.pos})", ErrorCode.MALFORMED
        ) from None
    except (ValueError, RecursionError):
        # int() refusing thousands of digits, or nesting deeper than the parser allows
        raise ProtocolError("the message is not valid JSON", ErrorCode.MALFORMED) from None
    if not isinstance(data, dict):
        raise ProtocolError(
            f"the message must be a JSON object {{...}} (got {_json_kind(data)})",
            ErrorCode.MALFORMED,
        )
    if repeated:
        # Which of the two values would count is the reader's guess: a strict reader refuses.
        # The id is echoed only when it is not itself the repeated field.
        raise ProtocolError(
            f"the field {_show(repeated[0])} appears twice in the message",
            ErrorCode.MALFORMED,
            None if "id" in repeated else _message_id(data),
        )
    if _SURROGATE_ESCAPE.search(text) and not _encodable(data):
        raise ProtocolError(
            "the message contains a broken character (a lone \\u surrogate escape)",
            ErrorCode.MALFORMED,
            _message_id(data),
        )
    return data


#: A JSON string (unterminated: to the end of the text) or what opens, closes or separates
#: values. Matched left to right in one pass, so a string is never read twice.
_JSON_TOKEN = re.compile(r'"(?:[^"\\]++|\\.)*+"?|[\[\]{},]')


def _check_shape(text: str) -> None:
    """Refuse nesting deeper than MAX_NESTING or more than MAX_VALUES values, before parsing.

    One pass with no recursion: whatever the text, it costs no more than reading it.

    >>> _check_shape('{"v":1,"revokes":{"home":0}}')
    >>> _check_shape("[" * 17 + "]" * 17)
    Traceback (most recent call last):
    ...
    whist.errors.ProtocolError: the message is nested too deeply (more than 16 levels)
    """
    opened = text.count("[") + text.count("{")
    if opened <= MAX_NESTING and text.count(",") + opened < MAX_VALUES:
        return  # the common case: a small message cannot be too deep or hold too much
    depth = values = 0
    for token in _JSON_TOKEN.findall(text):
        if token in ("[", "{"):
            depth += 1
            values += 1
            if depth > MAX_NESTING:
                raise ProtocolError(
                    f"the message is nested too deeply (more than {MAX_NESTING} levels)",
                    ErrorCode.TOO_LARGE,
                )
        elif token == ",":
            values += 1
        elif token in ("]", "}"):
            depth -= 1
        if values > MAX_VALUES:
            raise ProtocolError(
                f"the message holds too many values (more than {MAX_VALUES})",
                ErrorCode.TOO_LARGE,
            )


def read_id(payload: bytes | str) -> str | None:
    """The id of a message, read within the same bounds as :func:`decode`; None when the
    message cannot be read or has no id an Ack could carry. Never raises.

    >>> read_id(b'{"v":1,"id":"r-1","hand":"?"}'), read_id(b"[" * 5000)
    ('r-1', None)
    """
    try:
        return _message_id(_load(payload))
    except ProtocolError as exc:
        return exc.message_id
    except Exception:  # whatever corner of json a payload finds: no id
        return None


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, each field given twice noted for :func:`_load` (this thread's)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                _reading.repeated.append(key)
            seen.add(key)
    return obj


#: The fields given twice in the message this thread is reading (:func:`_object`).
_reading = threading.local()


def _too_large(size: int) -> str:
    return f"the message is too large ({size} bytes; at most {MAX_PAYLOAD_BYTES})"


def _no_constant(name: str) -> Any:
    raise ProtocolError(f"numbers must be finite ({name} is not allowed)", ErrorCode.MALFORMED)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ProtocolError(f"numbers must be finite ({text} is too large)", ErrorCode.MALFORMED)
    return value


def _encodable(value: object) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_encodable(k) and _encodable(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_encodable(item) for item in value)
    return True


def _message_id(data: dict[str, Any]) -> str | None:
    # Echoed in a rejected Ack / ok:false Reply even when the rest is invalid, so the sender
    # can match the answer; only an id the Ack itself could carry is worth extracting.
    value = data.get("id")
    if isinstance(value, str) and 1 <= len(value) <= MAX_ID_LENGTH and _encodable(value):
        return value
    return None


def _show(value: object) -> str:
    # A reason travels on in an Ack, so it must itself be encodable (no lone surrogates).
    try:
        text = json.dumps(value, ensure_ascii=not _encodable(value))
    except (TypeError, ValueError, RecursionError):
        text = ascii(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _json_kind(value: object) -> str:
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, bool) or value is None:
        return _show(value)
    return "a number"


#: One decoder for every message (building one per message cost as much as the hooks): the
#: hooks refuse what is not finite and note repeated fields.
_DECODER = json.JSONDecoder(
    parse_constant=_no_constant, parse_float=_finite_float, object_pairs_hook=_object
)
