"""The pieces every text-call parser shares: `_Unit` (a stretch of the reply that holds calls) and the
readers of JSON call envelopes.

Every dialect is one small parser that returns units. A unit is taken whole, or stays text: every call
in it must name an offered tool and carry well-formed arguments. Work is bounded on any text: at most
`_MAX_UNITS` openers are looked at per dialect.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .calls import _DECODER, _skip_ws
from .schema import _NOTHING, _literal, _schema_types, spec_properties, spec_required


@dataclass(frozen=True)
class _Unit:
    """A stretch [start, end) of the reply holding calls: (name, arguments or None if malformed, typed)."""

    start: int
    end: int
    calls: tuple[tuple[str, Any, bool], ...]  # typed=False: every value is text, type it by the schema
    dialect: str = ""  # set by `_find_units`


_BAD = ("", None, True)  # a malformed call: its unit stays text
_MAX_UNITS = 128  # call openers looked at per dialect: a reply full of markers costs bounded work


def _capped(matches: Any) -> Any:
    for n, m in enumerate(matches):
        if n >= _MAX_UNITS:
            return
        yield m


def _json_at(text: str, pos: int) -> tuple[Any, int]:
    """Decode one JSON value at `pos` (after blanks) with `raw_decode`: (value, end) or (_NOTHING, pos)."""
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


def _string_args(calls: tuple[tuple[str, Any, bool], ...], specs: Mapping[str, dict]) -> tuple:
    """Calls whose `arguments` is a bare string (`"arguments": "hello"`, vLLM's Hermes tests): the tool's
    one string parameter gets it; with no such single parameter the call stays malformed."""
    return tuple((n, _sole_string(specs.get(n), a) if isinstance(a, str) else a, t) for n, a, t in calls)


def _sole_string(spec: Any, value: str) -> dict | None:
    props = spec_properties(spec)
    names = [k for k in spec_required(spec) if k in props] or list(props)
    kinds = _schema_types(props[names[0]]) if len(names) == 1 else ["none"]
    return {names[0]: value} if not kinds or "string" in kinds else None


def _past_stray(text: str, end: int, value: Any) -> int:
    """After a JSON value, one extra closing brace (or bracket after a list) that a chat template adds
    (Ollama's Qwen template tests): skipped."""
    at = _skip_ws(text, end)
    return at + 1 if text.startswith("]" if isinstance(value, list) else "}", at) else end


_JSON_SEP = re.compile(r"\s*(?:;|<\|python_tag\|>)?\s*(?=\{)")  # between calls: `;`, a tag, blanks


def _json_calls(text: str, pos: int, need_args: bool = False) -> tuple[list[tuple], int] | None:
    """One JSON call, a list of them, or several separated by `;`, `<|python_tag|>` or blanks (Llama 3.x;
    vLLM's and SGLang's separators): (calls, end) or None. `need_args`: each must carry its arguments key
    (bare JSON: `{"name": "x"}` alone is an object about x, not a call to it)."""
    calls: list[tuple] = []
    while len(calls) < _MAX_UNITS:
        value, end = _json_at(text, pos)
        if value is _NOTHING or not value or (need_args and not _has_args(value)):
            return None
        calls.extend(_json_call(v) for v in (value if isinstance(value, list) else [value]))
        sep = _JSON_SEP.match(text, end)
        if not sep:
            return calls, end
        pos = sep.end()
    return None


def _has_args(value: Any) -> bool:
    items = value if isinstance(value, list) else [value]
    return all(isinstance(v, dict) and ({"arguments", "parameters", "function"} & set(v)) for v in items)
