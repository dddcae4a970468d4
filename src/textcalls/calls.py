"""A tool call in the forms the readers meet it: `ToolCall`, its arguments decoded, replayed as valid JSON, split,
and typed by the tool's schema (models often write every value as text, `"3"`, `"[1, 2]"`); `_Unit`, a stretch of
a reply holding calls written as text; and the readers of JSON call envelopes. Every reader runs in time linear in
its text: no pattern backtracks (a long repeat is possessive, and in a searched pattern it cannot take the
pattern's first character); where openers may overlap without end, a work budget stops the reader (`_CUT`)."""

from __future__ import annotations

import ast
import contextlib
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

_DECODER = json.JSONDecoder()
_BLANK_RUN = re.compile(r"\s*+")


@dataclass(frozen=True)
class ToolCall:
    """`arguments`: the raw JSON text; `provider`: the call as written when Tool Search resolved `call_tool`."""

    id: str
    name: str
    arguments: str
    source: str = "structured"  # or "inline"
    provider: tuple[str, str] | None = None

    def as_message_call(self) -> dict:
        name, arguments = self.provider or (self.name, self.arguments)
        function = {"name": name, "arguments": replay_arguments(arguments)}
        return {"id": self.id, "type": "function", "function": function}


def decode_arguments(name: str, raw: str) -> tuple[dict | None, str | None]:
    """JSON object arguments, or a message the model can act on (it holds the raw text)."""
    if raw is None or not str(raw).strip():
        return {}, None
    try:
        value = json.loads(raw)
    except Exception as exc:
        try:
            value = ast.literal_eval(raw)
        except Exception:
            where = f" ({exc.msg} at position {exc.pos})" if isinstance(exc, json.JSONDecodeError) else ""
            received = raw if len(raw) <= 200 else raw[:200] + "…"
            error = f"Error: the arguments for `{name}` are not valid JSON{where}. Received: {received}. Send a JSON object."
            return None, error
    if not isinstance(value, dict):
        return None, f"Error: the arguments for `{name}` must be a JSON object, got {type(value).__name__}."
    return value, None


def replay_arguments(raw: str) -> str:
    """The arguments as kept for the next round: valid JSON, `{}` when empty or undecodable."""
    value, error = decode_arguments("", raw)
    try:
        return "{}" if error or value is None else json.dumps(value, ensure_ascii=False)
    except Exception:
        return "{}"


def _skip_ws(text: str, pos: int) -> int:
    return _BLANK_RUN.match(text, pos).end()  # type: ignore[union-attr]


def split_json_objects(raw: str) -> list[str]:
    """Back-to-back JSON objects in one arguments string, split as Open WebUI's `_split_tool_calls` does."""
    parts, pos = [], _skip_ws(raw, 0)
    while pos < len(raw):
        value, end = _json_at(raw, pos)
        if value is _NOTHING:  # undecodable (or absurdly deep): one call, the argument check will explain
            return [raw]
        parts.append(raw[pos:end])
        pos = _skip_ws(raw, end)
    return parts or [raw]


def _arguments_text(args: Any) -> str:
    if args is None or isinstance(args, str):
        return args or ""
    try:
        return json.dumps(args, ensure_ascii=False)
    except Exception:
        return str(type(args).__name__)


def normalize_tool_calls(raw_calls: Any, id_prefix: str = "call") -> list[ToolCall]:
    """Structured `tool_calls` from a provider, made uniform (ids present, arguments as text, split)."""
    if not isinstance(raw_calls, (list, tuple)):
        return []
    calls = []
    for i, raw in enumerate(raw_calls):
        if not isinstance(raw, dict):
            continue
        fn = raw.get("function") if isinstance(raw.get("function"), dict) else {}
        name = fn.get("name") or raw.get("name") or ""
        args = _arguments_text(fn.get("arguments", raw.get("arguments")))
        call_id = str(raw.get("id") or f"{id_prefix}_{i}")
        pieces = split_json_objects(args)
        for j, piece in enumerate(pieces):
            calls.append(ToolCall(call_id if len(pieces) == 1 else f"{call_id}_{j}", str(name), piece))
    return calls


def _spec_parameters(spec: Any) -> Mapping:
    params = spec.get("parameters") if isinstance(spec, Mapping) else None
    return params if isinstance(params, Mapping) else {}


def spec_properties(spec: Any) -> dict:
    """The one place that reads a tool's parameters from its function spec: name -> JSON schema."""
    props = _spec_parameters(spec).get("properties")
    return props if isinstance(props, dict) else {}


def spec_required(spec: Any) -> list[str]:
    req = _spec_parameters(spec).get("required")
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


# Non-standard type names some specs use, and the JSON types they mean.
_TYPE_ALIASES = dict(float="number", int="integer", bool="boolean", dict="object", list="array", str="string")
_TYPE_ALIASES["none"] = "null"
_INTEGER = re.compile(r"[+-]?\d+")
_NUMERAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_NULLS = frozenset({"null", "None", "NULL"})
_MAX_LITERAL = 200_000  # characters; longer text is not parsed as a Python literal


def _schema_types(schema: Any) -> list[str]:
    """The JSON types a schema allows, in its order, with non-standard names (`int`, `dict`...) mapped."""
    if not isinstance(schema, dict):
        return []
    t = schema.get("type")
    names = [t] if isinstance(t, str) else t if isinstance(t, list) else []
    found = [_TYPE_ALIASES.get(n.lower(), n.lower()) for n in names if isinstance(n, str)]
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema[key] if isinstance(schema.get(key), list) else []:
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
        if kind in ("integer", "number") and _NUMERAL.fullmatch(text):
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
        if value is _NOTHING and '\\"' in text:  # JSON written escaped: `[{\\"a\\": 1}]` read as `[{"a": 1}]`
            with contextlib.suppress(ValueError, RecursionError):
                value = _literal(json.loads(f'"{text}"', strict=False))
        if isinstance(value, dict if kind == "object" else list):
            return True, value
    return False, None


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
    strings = {
        k for k, v in args.items() if isinstance(v, str) and "string" not in _schema_types(properties.get(k))
    }
    return {k: coerce_value(v, properties.get(k)) if k in strings else v for k, v in args.items()}


@dataclass(frozen=True)
class _Unit:
    """A stretch [start, end) of the reply holding calls: (name, arguments or None if malformed, typed)."""

    start: int
    end: int
    calls: tuple[tuple[str, Any, bool], ...]  # typed=False: every value is text, type it by the schema
    dialect: str = ""  # set by `_find_units`


_BAD = ("", None, True)  # a malformed call: its unit stays text
_CUT = ("", None, False)  # not read: a work budget ran out here; the unit runs to the end of the text


def _cut(text: str, start: int) -> _Unit:
    """The unit that says a reader's budget ran out at `start`."""
    return _Unit(start, len(text), (_CUT,))


def _budget(size: int) -> int:
    """The work a reader whose attempts may overlap (openers inside openers) may spend on `size` characters or
    tags: only a text built to make attempts overlap reaches it."""
    return 4 * size + 4096


def _json_at(text: str, pos: int) -> tuple[Any, int]:
    """One JSON value at `pos` (after blanks): (value, end) or (_NOTHING, pos)."""
    start = _skip_ws(text, pos)
    try:
        return _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        return _NOTHING, pos


def _args_object(raw: Any) -> dict | None:
    """Arguments as a dict: a dict, a JSON text of one, or null (= no arguments)."""
    if raw is None:
        return {}
    if isinstance(raw, str):
        raw = _literal(raw) if raw.strip() else {}
    return raw if isinstance(raw, dict) else None


_CALL_KEYS = frozenset({"name", "arguments", "parameters", "type", "id", "function"})


def _json_call(obj: Any) -> tuple[str, Any, bool]:
    """`{"name", "arguments"|"parameters"}`, also `{"type": "function", ...}` and `{"function": {...}}`."""
    if isinstance(obj, dict) and isinstance(obj.get("function"), dict) and "name" not in obj:
        obj = {**obj["function"], "type": obj.get("type", "function")}
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str) or set(obj) - _CALL_KEYS:
        return _BAD
    if obj.get("type", "function") != "function":
        return _BAD
    raw = obj["arguments"] if "arguments" in obj else obj.get("parameters")
    args = _args_object(raw)
    if args is None and isinstance(raw, str) and _literal(raw) is _NOTHING:
        args = raw  # a bare string, for `_string_args` to place
    return obj["name"], args, True


def _envelopes(value: Any) -> tuple[tuple[str, Any, bool], ...]:
    """The calls of one JSON value: a call envelope, or a list of them."""
    return tuple(_json_call(v) for v in (value if isinstance(value, list) else [value]))


def _string_args(calls: tuple[tuple[str, Any, bool], ...], specs: Mapping[str, dict]) -> tuple:
    """Bare string `arguments` (`"arguments": "hello"`, vLLM's Hermes tests) go to the tool's one string parameter;
    with none the string stays the arguments, as vLLM reads it."""
    return tuple((n, _sole_string(specs.get(n), a) if isinstance(a, str) else a, t) for n, a, t in calls)


def _sole_string(spec: Any, value: str) -> dict | str:
    props = spec_properties(spec)
    names = [k for k in spec_required(spec) if k in props] or list(props)
    kinds = _schema_types(props[names[0]]) if len(names) == 1 else ["none"]
    return {names[0]: value} if not kinds or "string" in kinds else value


def _past_stray(text: str, end: int, value: Any) -> int:
    """Past one extra closing brace or bracket a chat template adds after a value (Ollama's Qwen template tests)."""
    at = _skip_ws(text, end)
    return at + 1 if text.startswith("]" if isinstance(value, list) else "}", at) else end


_JSON_SEP = re.compile(r"\s*+(?:;|<\|python_tag\|>)?+\s*+(?=\{)")  # between calls: `;`, a tag, blanks


def _json_calls(text: str, pos: int, need_args: bool = False) -> tuple[list[tuple], int] | None:
    """(calls, end) of one JSON call, a list, or several separated by `;`, `<|python_tag|>` or blanks (vLLM, SGLang).
    `need_args`: each must carry its arguments (bare `{"name": "x"}` is an object about x, not a call)."""
    calls: list[tuple] = []
    while True:
        value, end = _json_at(text, pos)
        if value is _NOTHING or not value or (need_args and not _has_args(value)):
            return None
        calls.extend(_envelopes(value))
        sep = _JSON_SEP.match(text, end)
        if not sep:
            return calls, end
        pos = sep.end()


def _has_args(value: Any) -> bool:
    items = value if isinstance(value, list) else [value]
    return all(isinstance(v, dict) and ({"arguments", "parameters", "function"} & set(v)) for v in items)
