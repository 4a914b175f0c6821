"""What a refusal says when a JSON object fails its model: pydantic's first error in plain words
and its :class:`~whist.errors.ErrorCode`, with what the field expects read from the model's
JSON Schema (one source of truth for the docs and for the reasons).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from whist.errors import ErrorCode
from whist.protocol.bounds import ERROR_CODES, ProtocolErrorCode, _show
from whist.protocol.commands import COMMANDS

_Loc = tuple[int | str, ...]


_JSON_TYPES = {
    "integer": "a whole number",
    "string": "a text",
    "boolean": "true or false",
    "object": "an object",
    "array": "a list",
    "null": "null",
}

# Pydantic's error types that _explain does not word by hand; any other "*_type" is wrong_type.
_PYDANTIC_CODES: dict[str, ProtocolErrorCode] = {
    "greater_than": ErrorCode.OUT_OF_RANGE,
    "greater_than_equal": ErrorCode.OUT_OF_RANGE,
    "less_than": ErrorCode.OUT_OF_RANGE,
    "less_than_equal": ErrorCode.OUT_OF_RANGE,
    "string_too_short": ErrorCode.OUT_OF_RANGE,
    "string_too_long": ErrorCode.OUT_OF_RANGE,
    "too_short": ErrorCode.OUT_OF_RANGE,
    "too_long": ErrorCode.OUT_OF_RANGE,
    "literal_error": ErrorCode.OUT_OF_RANGE,
    "int_from_float": ErrorCode.WRONG_TYPE,
}


def _locate_command(loc: _Loc) -> tuple[type[BaseModel] | None, _Loc]:
    # A discriminated union prefixes each location with the op; the reader wants the field.
    if loc and isinstance(loc[0], str) and loc[0] in COMMANDS:
        return COMMANDS[loc[0]], loc[1:]
    return None, loc


def _explain(
    exc: ValidationError, locate: Callable[[_Loc], tuple[type[BaseModel] | None, _Loc]]
) -> tuple[str, ProtocolErrorCode]:
    errors = exc.errors(include_url=False)
    first = errors[0]
    kind = first["type"]
    model, loc = locate(tuple(first["loc"]))
    field = _field_name(loc)
    given = first["input"]
    code: ProtocolErrorCode
    if kind in ERROR_CODES:
        # Our own PydanticCustomError: the message is already written for people.
        code = ErrorCode(kind)
        reason = f"{field} {first['msg']}" if field else first["msg"]
    elif kind in ("missing", "union_tag_not_found"):
        code = ErrorCode.MISSING_FIELD
        reason = f"missing field: {field or 'op'}" if kind == "missing" else "missing field: op"
    elif kind == "extra_forbidden":
        code = ErrorCode.UNKNOWN_FIELD
        reason = f"unknown field: {field}"
    elif kind == "union_tag_invalid":
        code = ErrorCode.UNKNOWN_OP
        op = given.get("op") if isinstance(given, dict) else given
        reason = f"unknown op {_show(op)}; expected one of {', '.join(COMMANDS)}"
    else:
        fallback = ErrorCode.WRONG_TYPE if kind.endswith("_type") else ErrorCode.MALFORMED
        code = _PYDANTIC_CODES.get(kind, fallback)
        expected = _expected_at(model, loc)
        what = field or "the message"
        if expected:
            reason = f"{what} must be {expected} (got {_show(given)})"
        else:
            reason = f"{what}: {first['msg']} (got {_show(given)})"
    if len(errors) > 1:
        more = len(errors) - 1
        reason += f" (and {more} more problem{'s' if more > 1 else ''})"
    return reason, code


def _field_name(loc: _Loc) -> str:
    """A pydantic location as a reader says it.

    >>> _field_name(("teams", 0, "players", 1))
    'teams item 1.players item 2'
    """
    name = ""
    for part in loc:
        if isinstance(part, int):
            name += f" item {part + 1}"
        else:
            name += f".{part}" if name else part
    return name


def _expected_at(model: type[BaseModel] | None, loc: _Loc) -> str | None:
    # The JSON Schema already knows each field's type and bounds; reading them from there
    # keeps one source of truth for the docs and for the error messages.
    if model is None:
        return None
    root = _schema(model)
    node: dict[str, Any] | None = root
    for part in loc:
        node = _deref(root, node)
        if node is None:
            return None
        if isinstance(part, int):
            node = node.get("items")
            continue
        node = node.get("properties", {}).get(part)
    return None if node is None else _describe(root, node)


@functools.cache
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def _deref(root: dict[str, Any], node: dict[str, Any] | None) -> dict[str, Any] | None:
    while node is not None and "$ref" in node:
        node = root.get("$defs", {}).get(str(node["$ref"]).rsplit("/", 1)[-1])
    if node is not None and "anyOf" in node:
        # Walking into an optional object: follow the one alternative that is not null.
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        if len(options) == 1:
            return _deref(root, options[0])
    return node


def _describe(root: dict[str, Any], node: dict[str, Any]) -> str:
    while "$ref" in node:
        node = root.get("$defs", {}).get(str(node["$ref"]).rsplit("/", 1)[-1], {})
    if "anyOf" in node:
        options = [o for o in node["anyOf"] if o.get("type") != "null"]
        text = " or ".join(_describe(root, o) for o in options)
        return text + " (or null)" if len(options) < len(node["anyOf"]) else text
    if "const" in node:
        return _show(node["const"])
    if "enum" in node:
        return "one of " + ", ".join(str(value) for value in node["enum"])
    kind = node.get("type")
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return f"a whole number from {low} to {high}"
        if low is not None:
            return f"a whole number of at least {low}"
        if high is not None:
            return f"a whole number of at most {high}"
    elif kind == "string":
        shortest, longest = node.get("minLength", 0), node.get("maxLength")
        if longest is not None:
            if shortest:
                return f"a text of {shortest} to {longest} characters"
            return f"a text of at most {longest} characters"
    elif kind == "array":
        shortest, longest = node.get("minItems"), node.get("maxItems")
        if shortest is not None and shortest == longest:
            size = f"a list of exactly {shortest} items"
        elif shortest is not None:
            size = f"a list of at least {shortest} items"
        else:
            return f"a list, each item {_describe(root, node.get('items', {}))}"
        return f"{size}, each {_describe(root, node.get('items', {}))}"
    elif kind == "object" and "properties" in node:
        return "an object with the fields " + ", ".join(node["properties"])
    return _JSON_TYPES.get(str(kind), "valid")
