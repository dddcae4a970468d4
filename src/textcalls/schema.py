"""A function spec's parameters, and argument values typed by their JSON schema.

Models often write every value as text (`"3"`, `"true"`, `"[1, 2]"`); a value is typed by the schema of
its parameter: the non-string types first, then string, else it stays the text it was.
"""

from __future__ import annotations

import ast
import json
import math
import re
from collections.abc import Mapping
from typing import Any


def _spec_parameters(spec: Any) -> Mapping:
    params = spec.get("parameters") if isinstance(spec, Mapping) else None
    return params if isinstance(params, Mapping) else {}


def spec_properties(spec: Any) -> dict:
    """The one place that reads a tool's parameters from its function spec: name -> JSON schema."""
    props = _spec_parameters(spec).get("properties")
    return props if isinstance(props, dict) else {}


def spec_required(spec: Any) -> list[str]:
    """The required parameter names of a function spec."""
    req = _spec_parameters(spec).get("required")
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


_TYPE_ALIASES = {
    "float": "number",
    "int": "integer",
    "bool": "boolean",
    "dict": "object",
    "list": "array",
    "str": "string",
    "none": "null",
}
_INTEGER = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_NULLS = frozenset({"null", "None", "NULL"})
_MAX_LITERAL = 200_000  # characters; longer text is not parsed as a Python literal


def _schema_types(schema: Any) -> list[str]:
    """The JSON types a schema allows, in its order, with non-standard names (`int`, `dict`...) mapped."""
    if not isinstance(schema, dict):
        return []
    found: list[str] = []
    t = schema.get("type")
    for name in [t] if isinstance(t, str) else t if isinstance(t, list) else []:
        if isinstance(name, str):
            found.append(_TYPE_ALIASES.get(name.lower(), name.lower()))
    for key in ("anyOf", "oneOf", "allOf"):
        subs = schema.get(key)
        for sub in subs if isinstance(subs, list) else []:
            found.extend(_schema_types(sub))
    if not found and isinstance(schema.get("enum"), list) and schema["enum"]:
        first = schema["enum"][0]
        found.append({bool: "boolean", int: "integer", float: "number"}.get(type(first), "string"))
    return list(dict.fromkeys(found))


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


_NOTHING = object()  # what `_literal` returns for a text that is no value


def _literal(text: str, python: bool = True) -> Any:
    """A JSON value, or else (`python`) a Python literal (`ast.literal_eval`, never `eval`); else _NOTHING."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    if not python or len(text) > _MAX_LITERAL:
        return _NOTHING
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return _NOTHING
    return json.loads(json.dumps(value)) if _jsonable(value) else _NOTHING  # tuples become lists


def _as_type(text: str, kind: str) -> tuple[bool, Any]:
    """Read `text` as one JSON type: (True, value) or (False, None)."""
    try:
        if kind in ("integer", "number") and _INTEGER.fullmatch(text):
            return True, int(text)
        if kind in ("integer", "number") and _NUMBER.fullmatch(text):
            number = float(text)
            if math.isfinite(number) and (kind == "number" or number.is_integer()):
                return True, number if kind == "number" else int(number)
    except (ValueError, OverflowError):  # e.g. more digits than int() converts
        return False, None
    if kind == "boolean" and text.lower() in ("true", "false"):
        return True, text.lower() == "true"
    if kind in ("null", "integer", "number") and text in _NULLS:  # a number may be left out as null
        return True, None
    if kind in ("object", "array"):
        value = _literal(text)
        if value is _NOTHING and '\\"' in text:  # JSON written escaped, as inside a JSON string
            value = _literal(_json_string_body(text))
        if isinstance(value, dict if kind == "object" else list):
            return True, value
    return False, None


def _json_string_body(text: str) -> str:
    """`[{\\"a\\": 1}]` -> `[{"a": 1}]`: the text read as the inside of a JSON string, else unchanged."""
    try:
        return json.loads(f'"{text}"', strict=False)
    except (ValueError, RecursionError):
        return text


def coerce_value(raw: str, schema: Any) -> Any:
    """Type a text value by its schema: the non-string types first, then string; else keep the text."""
    text = raw.strip()
    for kind in sorted(_schema_types(schema), key=lambda k: k == "string"):
        if kind == "string":
            return raw
        ok, value = _as_type(text, kind)
        if ok:
            return value
    return raw


def coerce_arguments(args: Mapping[str, Any], properties: Mapping[str, Any]) -> dict:
    """Coerce string values whose schema does not allow a string (models often quote numbers)."""
    out = {}
    for key, value in args.items():
        schema = properties.get(key)
        if isinstance(value, str) and schema is not None and "string" not in _schema_types(schema):
            out[key] = coerce_value(value, schema)
        else:
            out[key] = value
    return out
