"""
title: Subquery
author: owui-toolkit
author_url: https://github.com/owui-toolkit/owui-toolkit
version: 1.0.0
license: MIT
description: Hand a focused subtask to a fresh, isolated loop of the same model. It drives native tool calls itself (parallel, with timeouts, loop detection and an inline-XML fallback parser) and returns one compact answer.
required_open_webui_version: 0.9.0
"""

from __future__ import annotations

import ast
import asyncio
import concurrent.futures
import contextvars
import copy
import functools
import inspect
import json
import logging
import math
import re
import sys
import time
import types
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field

log = logging.getLogger(__name__)

SELF_NAME = "subquery"

# ===========================================================================
# Pure core: no Open WebUI in here.
# ===========================================================================


@dataclass(frozen=True)
class ToolCall:
    """One call the model asked for, normalized. `arguments` is the raw JSON text (or what was parsed)."""

    id: str
    name: str
    arguments: str
    source: str = "structured"  # or "inline"

    def as_message_call(self) -> dict:
        return {"id": self.id, "type": "function", "function": {"name": self.name, "arguments": self.arguments}}


@dataclass(frozen=True)
class Settings:
    """The loop's limits, read from the valves once per call."""

    max_rounds: int = 8
    max_parallel_tools: int = 8
    tool_timeout_seconds: float = 60.0
    total_timeout_seconds: float = 300.0
    repeat_call_limit: int = 3
    max_result_chars: int = 20_000
    max_output_chars: int = 16_000


@dataclass(frozen=True)
class ToolInfo:
    """What the loop knows about one executable tool."""

    name: str
    spec: dict
    accepted: frozenset[str] | None  # None: the callable takes **kwargs, use the spec's properties

    @property
    def properties(self) -> dict:
        params = self.spec.get("parameters") or {}
        props = params.get("properties") if isinstance(params, dict) else None
        return props if isinstance(props, dict) else {}

    @property
    def required(self) -> list[str]:
        params = self.spec.get("parameters") or {}
        req = params.get("required") if isinstance(params, dict) else None
        return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


@dataclass(frozen=True)
class Completion:
    """One model round, as the loop sees it."""

    content: str = ""
    tool_calls: tuple[dict, ...] = ()
    usage: Mapping[str, int] = field(default_factory=dict)
    error: str | None = None


@dataclass(frozen=True)
class Prepared:
    """A call checked and ready to run (`kwargs`), or answered already (`answer`)."""

    call: ToolCall
    kwargs: dict | None = None
    answer: str | None = None


@dataclass(frozen=True)
class LoopResult:
    answer: str
    rounds: int
    tool_calls: int
    usage: Mapping[str, int]
    stopped: str  # "answered" | "max_rounds" | "deadline" | "error"


# >>> text-call section (issue 9 owns it): calls that models write as text.
# Interface used by the rest of the file, keep it stable:
#   parse_inline_calls(content, specs, id_prefix) -> (text before the first call, [ToolCall])
#   coerce_arguments(args, properties) -> dict      (typing by JSON schema)
#   _schema_types(schema) -> list[str]
# Every dialect below is one small parser that returns `_Unit`s (stretches of the reply that hold
# calls). A unit is taken whole, or stays text: every call in it must name an offered tool and carry
# well-formed arguments. The dialect table (`_DIALECTS`) is at the end of this section.

# --- typing by the tool's JSON schema -----------------------------------------------------
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


def _literal(text: str) -> Any:
    """A JSON value, or else a Python literal (`ast.literal_eval`, never `eval`); None-marker on failure."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    if len(text) > _MAX_LITERAL:
        return _NOTHING
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return _NOTHING
    return value if _jsonable(value) else _NOTHING


_NOTHING = object()


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
    if kind == "null" and text in _NULLS:
        return True, None
    if kind in ("object", "array"):
        value = _literal(text)
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
    out = {}
    for key, value in args.items():
        schema = properties.get(key)
        if isinstance(value, str) and schema is not None and "string" not in _schema_types(schema):
            out[key] = coerce_value(value, schema)
        else:
            out[key] = value
    return out


# --- shared pieces of the parsers -----------------------------------------------------------
@dataclass(frozen=True)
class _Unit:
    """A stretch [start, end) of the reply holding calls: (name, arguments or None if malformed, typed)."""

    start: int
    end: int
    calls: tuple[tuple[str, Any, bool], ...]  # typed=False: every value is text, type it by the schema


_BAD = ("", None, True)  # a malformed call: its unit stays text
_DECODER = json.JSONDecoder()
_WS = re.compile(r"\s*")


def _skip_ws(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]


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
    return obj["name"], _args_object(raw), True


def _trim_value(value: str) -> str:
    """Drop one newline after the opening tag and one before the closing tag, then the block's indentation."""
    block = value.startswith(("\n", "\r\n"))
    if block:
        value = value[2:] if value.startswith("\r\n") else value[1:]
    tail = re.search(r"\r?\n[ \t]*\Z", value)
    if tail:
        value = value[: tail.start()]
    if not block:
        return value
    lines = value.split("\n")
    indents = [line[: len(line) - len(line.lstrip(" \t"))] for line in lines if line.strip()]
    cut = indents[0] if indents else ""
    for indent in indents[1:]:
        while not indent.startswith(cut):
            cut = cut[:-1]
    return "\n".join(line[len(cut) :] if line.startswith(cut) else line.lstrip(" \t") for line in lines)


# Closing tags, drift tolerated: `</parameter>`, `</parameter1>`, a bare `</parameter`.
def _closer(tag: str) -> re.Pattern[str]:
    return re.compile(rf"</{tag}(?:[^<>\n]{{0,20}}>|(?=[\s<]|\Z))")


_TAGS_CLOSE = re.compile(r"</(?:parameter|function|tool_call|arg_value|arg_key|tools)\b")
_CALL_OPEN = re.compile(r"<tool_call>|<function=|<tools>")
_MAX_CANDIDATES = 256


@dataclass(frozen=True)
class _Xml:
    """One XML-ish dialect: how a key opens, how its value closes, how the call ends."""

    key: re.Pattern[str]  # at the current position: group 1 is the key; ends where the value starts
    value_open: re.Pattern[str]  # an opener inside a value (for nesting depth)
    value_close: re.Pattern[str]
    end: tuple[re.Pattern[str], ...]  # the call's closing tags, in order (the last may be missing at the end)


def _clean_after(text: str, pos: int) -> bool:
    """After a call: nothing, another call, or text without closing tags (a closer means we were inside a value)."""
    rest = text[pos:].strip()
    return not rest or bool(_CALL_OPEN.match(rest)) or not _TAGS_CLOSE.search(rest)


def _call_end(text: str, pos: int, dialect: _Xml) -> int | None:
    """Offset after the call's closing tags at `pos`, or None. Missing closers are fine at the very end."""
    for i, tag in enumerate(dialect.end):
        pos = _skip_ws(text, pos)
        if pos == len(text):
            return pos
        m = tag.match(text, pos)
        if m:
            pos = m.end()
        elif i == len(dialect.end) - 1:  # only an inner closer (`</function>` before `</tool_call>`) may be missing
            return None
    return pos if _clean_after(text, pos) else None


def _continues(text: str, pos: int, dialect: _Xml, keys: frozenset[str], seen: set[str]) -> bool:
    """Does a value that closes at `pos` leave a well-formed call: a new key of this tool, or the end?"""
    at = _skip_ws(text, pos)
    m = dialect.key.match(text, at)
    if m:
        key = m.group(1)
        return key not in seen and (key in keys or not keys)
    return _call_end(text, pos, dialect) is not None


def _value_end(text: str, start: int, dialect: _Xml, keys: frozenset[str], seen: set[str]) -> tuple[int, int]:
    """Where this value ends: (end of value, end of its closing tag). A value runs to the close of *its* key:
    closers nested inside it, or followed by text that cannot follow a value, stay in the value."""
    candidates: list[tuple[int, int, int]] = []  # (depth, value end, after closer)
    depth = 0
    events = sorted(
        [(m.start(), m.end(), -1) for m in dialect.value_close.finditer(text, start)]
        + [(m.start(), m.end(), 1) for m in dialect.value_open.finditer(text, start)]
    )
    for begin, finish, step in events[: _MAX_CANDIDATES * 2]:
        if step < 0:
            candidates.append((depth, begin, finish))
            depth = max(depth - 1, 0)
        else:
            depth += 1
    for want_flat in (True, False):
        for level, begin, finish in candidates:
            if (level == 0 or not want_flat) and _continues(text, finish, dialect, keys, seen):
                return begin, finish
    return len(text), len(text)  # truncated output: the value runs to the end


def _xml_pairs(text: str, pos: int, dialect: _Xml, keys: frozenset[str]) -> tuple[dict, int] | None:
    """Read key/value pairs from `pos` to the end of the call: (pairs, end of the call) or None."""
    args: dict[str, str] = {}
    while True:
        at = _skip_ws(text, pos)
        m = dialect.key.match(text, at)
        if not m:
            end = _call_end(text, pos, dialect)
            return (args, end) if end is not None else None
        key = m.group(1)
        if key in args:
            return None
        value_end, pos = _value_end(text, m.end(), dialect, keys, set(args) | {key})
        args[key] = _trim_value(text[m.end() : value_end])
        if pos == len(text) and value_end == len(text):
            return args, pos


def _keys_of(specs: Mapping[str, dict], name: str) -> frozenset[str]:
    params = (specs.get(name) or {}).get("parameters")
    props = params.get("properties") if isinstance(params, dict) else None
    return frozenset(props) if isinstance(props, dict) else frozenset()


# --- the dialects -------------------------------------------------------------------------
_QWEN = _Xml(
    key=re.compile(r"<parameter=\s*[\"']?([^>\"'\s]+)[\"']?\s*>"),
    value_open=re.compile(r"<parameter="),
    value_close=_closer("parameter"),
    end=(_closer("function"),),
)
_QWEN_WRAPPED = _Xml(_QWEN.key, _QWEN.value_open, _QWEN.value_close, (_closer("function"), _closer("tool_call")))
_QWEN_OPEN = re.compile(r"(<tool_call>\s*)?<function=\s*[\"']?([^>\"'\s]+)[\"']?\s*>")


def _parse_qwen3_xml(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Qwen3-Coder XML, wrapped or bare:
    `<tool_call><function=get_time><parameter=zone>UTC</parameter></function></tool_call>`."""
    units, pos = [], 0
    while m := _QWEN_OPEN.search(text, pos):
        pos = m.end()
        dialect = _QWEN_WRAPPED if m.group(1) else _QWEN
        found = _xml_pairs(text, m.end(), dialect, _keys_of(specs, m.group(2)))
        if found is not None:
            units.append(_Unit(m.start(), found[1], ((m.group(2), found[0], False),)))
            pos = found[1]
    return units


_GLM = _Xml(
    key=re.compile(r"<arg_key>\s*([^<>]+?)\s*</arg_key>\s*<arg_value>"),
    value_open=re.compile(r"<arg_value>"),
    value_close=_closer("arg_value"),
    end=(_closer("tool_call"),),
)
_GLM_OPEN = re.compile(r"<tool_call>\s*([A-Za-z_][\w.\-]*)(?=\s*(?:<arg_key>|</tool_call|\Z))")


def _parse_glm(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """GLM-4.5 / 4.6: `<tool_call>get_time<arg_key>zone</arg_key><arg_value>UTC</arg_value></tool_call>`."""
    units, pos = [], 0
    while m := _GLM_OPEN.search(text, pos):
        pos = m.end()
        found = _xml_pairs(text, m.end(), _GLM, _keys_of(specs, m.group(1)))
        if found is not None:
            units.append(_Unit(m.start(), found[1], ((m.group(1), found[0], False),)))
            pos = found[1]
    return units


_HERMES_OPEN = re.compile(r"<(tool_call|tools)>(?=\s*\{)")


def _parse_hermes(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Hermes / Qwen2.5: `<tool_call>{"name": "get_time", "arguments": {"zone": "UTC"}}</tool_call>`
    (Qwen2.5-Coder may wrap it in `<tools>...</tools>`). The JSON is read with `raw_decode`, so a
    `</tool_call>` inside a string does not cut the call."""
    units, pos = [], 0
    while m := _HERMES_OPEN.search(text, pos):
        pos = m.end()
        obj, end = _json_at(text, m.end())
        if obj is _NOTHING:
            continue
        close = _closer(m.group(1)).match(text, _skip_ws(text, end))
        if close:
            end = close.end()
        elif _skip_ws(text, end) != len(text):
            continue
        units.append(_Unit(m.start(), end, (_json_call(obj),)))
        pos = end
    return units


_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*")
_MISTRAL_NAME = re.compile(r"([A-Za-z_][\w.\-]*)\s*(?:\[CALL_ID\]\s*\w+\s*)?(?:\[ARGS\])?\s*(?=\{)")


def _parse_mistral(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Mistral: `[TOOL_CALLS][{"name": "get_time", "arguments": {"zone": "UTC"}}]`, also
    `[TOOL_CALLS]get_time{"zone": "UTC"}` and `[TOOL_CALLS]get_time[ARGS]{"zone": "UTC"}`."""
    units = []
    for m in _MISTRAL.finditer(text):
        named = _MISTRAL_NAME.match(text, m.end())
        value, end = _json_at(text, named.end() if named else m.end())
        if value is _NOTHING:
            units.append(_Unit(m.start(), m.end(), (_BAD,)))
        elif named:
            units.append(_Unit(m.start(), end, ((named.group(1), _args_object(value), True),)))
        elif isinstance(value, list) and value:
            units.append(_Unit(m.start(), end, tuple(_json_call(v) for v in value)))
        else:
            units.append(_Unit(m.start(), end, (_json_call(value),)))
    return units


_HARMONY = re.compile(
    r"(?:<\|start\|>\s*assistant\s*)?(?:(?:<\|channel\|>\s*)?(?:commentary|analysis)\s+)?"
    r"to=functions\.([\w.\-]+)\s*(?:<\|channel\|>\s*(?:commentary|analysis)\s*)?"
    r"(?:<\|constrain\|>\s*)?(?:json\s*)?<\|message\|>"
)
_HARMONY_END = re.compile(r"\s*(?:<\|call\|>|<\|end\|>|\Z|(?=<\|start\|>))")


def _parse_harmony(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """gpt-oss harmony: `<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{"zone": "UTC"}<|call|>`
    (the recipient may also stand before the channel: `<|start|>assistant to=functions.get_time<|channel|>...`)."""
    units = []
    for m in _HARMONY.finditer(text):
        value, end = _json_at(text, m.end())
        close = _HARMONY_END.match(text, end) if value is not _NOTHING else None
        if close is None:
            units.append(_Unit(m.start(), m.end(), (_BAD,)))
        else:
            units.append(_Unit(m.start(), close.end(), ((m.group(1), _args_object(value), True),)))
    return units


def _harmony_text(text: str) -> str:
    """What a harmony reply says outside its calls: the final/commentary messages, not the analysis."""
    text = re.sub(r"<\|channel\|>\s*analysis\s*<\|message\|>.*?(?:<\|end\|>|\Z)", "", text, flags=re.DOTALL)
    text = re.sub(r"<\|start\|>\s*assistant|<\|channel\|>\s*\w+|<\|constrain\|>\s*\w+", "", text)
    return re.sub(r"<\|(?:message|end|return|call)\|>", "", text)


_BAR = "[|\uff5c]"  # DeepSeek writes its tokens with a fullwidth bar and U+2581 (shown as ▁)
_DS_BEGIN = re.compile(rf"<{_BAR}tool[\u2581_]calls[\u2581_]begin{_BAR}>")
_DS_CALL = re.compile(rf"\s*<{_BAR}tool[\u2581_]call[\u2581_]begin{_BAR}>([^<]*?)<{_BAR}tool[\u2581_]sep{_BAR}>")
_DS_CALL_END = re.compile(rf"\s*(?:```\s*)?<{_BAR}tool[\u2581_]call[\u2581_]end{_BAR}>")
_DS_END = re.compile(rf"\s*(?:<{_BAR}tool[\u2581_]calls[\u2581_]end{_BAR}>|\Z)")
_DS_V3_NAME = re.compile(r"\s*([\w.\-]+)\s*\n\s*(?:```(?:json)?)?")


def _deepseek_call(text: str, pos: int) -> tuple[tuple[str, Any, bool], int] | None:
    """One DeepSeek call after `pos`: V3 `function<sep>NAME```json{...}```` or V3.1 `NAME<sep>{...}`."""
    m = _DS_CALL.match(text, pos)
    if not m:
        return None
    left, at = m.group(1).strip(), m.end()
    if text[_skip_ws(text, at) : _skip_ws(text, at) + 1] == "{":
        name = left  # V3.1
    else:
        named = _DS_V3_NAME.match(text, at)
        if not named:
            return _BAD, m.end()
        name, at = named.group(1), named.end()
    value, end = _json_at(text, at)
    close = _DS_CALL_END.match(text, end) if value is not _NOTHING else None
    if close is None:
        return _BAD, m.end()
    return (name, _args_object(value), True), close.end()


def _parse_deepseek(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """DeepSeek V3.1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"zone": "UTC"}`
    `<｜tool▁call▁end｜><｜tool▁calls▁end｜>`; V3 writes `function<｜tool▁sep｜>get_time` and a ```json fence."""
    return _sections(text, _DS_BEGIN, _deepseek_call, _DS_END)


_KIMI_BEGIN = re.compile(r"<\|tool_calls?_section_begin\|>")
_KIMI_CALL = re.compile(
    r"\s*<\|tool_call_begin\|>\s*(?:functions\.)?([\w.\-]+?)(?::\d+)?\s*<\|tool_call_argument_begin\|>"
)
_KIMI_CALL_END = re.compile(r"\s*<\|tool_call_end\|>")
_KIMI_END = re.compile(r"\s*(?:<\|tool_calls?_section_end\|>|\Z)")


def _kimi_call(text: str, pos: int) -> tuple[tuple[str, Any, bool], int] | None:
    m = _KIMI_CALL.match(text, pos)
    if not m:
        return None
    value, end = _json_at(text, m.end())
    close = _KIMI_CALL_END.match(text, end) if value is not _NOTHING else None
    if close is None:
        return _BAD, m.end()
    return (m.group(1), _args_object(value), True), close.end()


def _parse_kimi(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0`
    `<|tool_call_argument_begin|>{"zone": "UTC"}<|tool_call_end|><|tool_calls_section_end|>`."""
    return _sections(text, _KIMI_BEGIN, _kimi_call, _KIMI_END)


def _sections(text: str, begin: re.Pattern[str], one: Callable, end: re.Pattern[str]) -> list[_Unit]:
    """A section of calls between two markers: one unit, taken whole or not at all."""
    units = []
    for m in begin.finditer(text):
        calls, pos = [], m.end()
        while (found := one(text, pos)) is not None:
            calls.append(found[0])
            pos = found[1]
            if found[0] is _BAD:
                break
        close = end.match(text, pos)
        units.append(_Unit(m.start(), close.end() if close else pos, tuple(calls) if close and calls else (_BAD,)))
    return units


_PYTHON_TAG = re.compile(r"<\|python_tag\|>")
_LLAMA_END = re.compile(r"\s*(?:<\|eom_id\|>|<\|eot_id\|>)?\s*\Z")


def _json_calls(text: str, pos: int) -> tuple[list[tuple[str, Any, bool]], int] | None:
    """One JSON call, a list of them, or several separated by `;` (Llama 3.x): (calls, end) or None."""
    calls: list[tuple[str, Any, bool]] = []
    while True:
        value, end = _json_at(text, pos)
        if value is _NOTHING:
            return None
        calls.extend(_json_call(v) for v in (value if isinstance(value, list) else [value]))
        if not value:
            return None
        at = _skip_ws(text, end)
        if not text.startswith(";", at):
            return calls, end
        pos = at + 1


def _parse_llama_tag(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Llama 3.x after its tag: `<|python_tag|>{"name": "get_time", "parameters": {"zone": "UTC"}}`."""
    m = _PYTHON_TAG.search(text)
    found = _json_calls(text, m.end()) if m else None
    if not m or found is None or not _LLAMA_END.match(text, found[1]):
        return [_Unit(m.start(), len(text), (_BAD,))] if m else []
    return [_Unit(m.start(), len(text), tuple(found[0]))]


_FENCE = re.compile(r"\A```[ \t]*(?:json|JSON)?[ \t]*\n(.*?)\n?[ \t]*```\Z", re.DOTALL)


def _parse_json_only(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Llama 3.x JSON when the reply is nothing but the call(s): `{"name": "get_time", "parameters": {...}}`,
    a list of them, `{"type": "function", ...}`, or the same inside a ```json fence."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    if not body.startswith(("{", "[")):
        return []
    found = _json_calls(body, 0)
    if found is None or body[found[1] :].strip():
        return []
    return [_Unit(0, len(text), tuple(found[0]))]


_PY_NAMES = {"true": True, "false": False, "null": None, "True": True, "False": False, "None": None}


def _py_value(node: ast.AST) -> Any:
    """A literal from a pythonic call (JSON's true/false/null accepted too); ValueError otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float, bool, type(None))):
        return node.value
    if isinstance(node, ast.Name) and node.id in _PY_NAMES:
        return _PY_NAMES[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _py_value(node.operand)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_py_value(e) for e in node.elts]
    if isinstance(node, ast.Dict) and None not in node.keys:
        return {_py_value(k): _py_value(v) for k, v in zip(node.keys, node.values, strict=True)}
    raise ValueError("not a literal")


_PY_WRAP = re.compile(r"\A\s*(?:<\|python_start\|>)?\s*(\[.*\])\s*(?:<\|python_end\|>)?\s*\Z", re.DOTALL)


def _parse_pythonic(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Pythonic (Llama 3.2 / 4), when the reply is nothing but the list: `[get_time(zone="UTC"), now()]`."""
    m = _PY_WRAP.match(text) if len(text) <= _MAX_LITERAL else None
    if not m:
        return []
    try:
        tree = ast.parse(m.group(1), mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return []
    if not isinstance(tree, ast.List) or not tree.elts:
        return []
    calls = []
    for node in tree.elts:
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.args:
            return []
        try:
            args = {k.arg: _py_value(k.value) for k in node.keywords if k.arg is not None}
        except (ValueError, TypeError, RecursionError):
            return [_Unit(0, len(text), (_BAD,))]
        calls.append((node.func.id, args if len(args) == len(node.keywords) else None, True))
    return [_Unit(0, len(text), tuple(calls))]


@dataclass(frozen=True)
class _Dialect:
    name: str
    markers: tuple[str, ...]  # the parser runs only if one of these is in the reply ("" = always)
    parse: Callable[[str, Mapping[str, dict]], list[_Unit]]


_DIALECTS: tuple[_Dialect, ...] = (
    _Dialect("hermes", ("<tool_call>", "<tools>"), _parse_hermes),
    _Dialect("qwen3_xml", ("<function=",), _parse_qwen3_xml),
    _Dialect("glm45", ("<tool_call>",), _parse_glm),
    _Dialect("mistral", ("[TOOL_CALLS]",), _parse_mistral),
    _Dialect("harmony", ("to=functions.",), _parse_harmony),
    _Dialect("deepseek", ("tool\u2581calls\u2581begin", "tool_calls_begin"), _parse_deepseek),
    _Dialect("kimi_k2", ("_section_begin|>",), _parse_kimi),
    _Dialect("llama3_json", ("<|python_tag|>",), _parse_llama_tag),
    _Dialect("llama3_json_only", ("{", "[", "```"), _parse_json_only),
    _Dialect("pythonic", ("[",), _parse_pythonic),
)


def _quoted(content: str, start: int) -> bool:
    """Is this spot quoted in prose: right after a backtick, or inside a code fence that is not the whole reply?"""
    if start and content[start - 1] == "`":
        return True
    whole = content.strip()
    fenced_reply = whole.startswith("```") and whole.endswith("```") and whole.count("```") == 2
    return not fenced_reply and content.count("```", 0, start) % 2 == 1


def _find_units(content: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Every dialect's units, the outermost first; a unit inside another one (a call in a value) is dropped."""
    units = [u for d in _DIALECTS if any(k in content for k in d.markers) for u in d.parse(content, specs)]
    units = [u for u in units if u.start == 0 or not _quoted(content, u.start)]
    taken: list[_Unit] = []
    for unit in sorted(units, key=lambda u: (u.start, -u.end)):
        if not taken or unit.start >= taken[-1].end:
            taken.append(unit)
    return taken


def _accept(unit: _Unit, specs: Mapping[str, dict]) -> list[tuple[str, str]] | None:
    """The unit's calls as (name, JSON arguments) if every one is well-formed and offered; else None."""
    out = []
    for name, args, typed in unit.calls:
        if name not in specs or not isinstance(args, dict):
            return None
        params = (specs.get(name) or {}).get("parameters")
        props = params.get("properties") if isinstance(params, dict) else None
        props = props if isinstance(props, dict) else {}
        if typed:
            args = coerce_arguments(args, props)
        else:
            args = {k: coerce_value(v, props.get(k)) if isinstance(v, str) else v for k, v in args.items()}
        if not _jsonable(args):
            return None
        out.append((name, json.dumps(args, ensure_ascii=False)))
    return out or None


def parse_inline_calls(
    content: str, specs: Mapping[str, dict], id_prefix: str = "call_inline"
) -> tuple[str, list[ToolCall]]:
    """Find tool calls written as text (`specs`: the offered tools' function specs by name).

    Returns (the reply's text outside the calls, calls in order); the text before the first call
    comes first. A call is taken only when it is well-formed and names an offered tool; anything
    else stays text. The dialects are listed in `_DIALECTS`; each parser's docstring shows one example.
    """
    if not content or not specs:
        return content or "", []
    calls: list[ToolCall] = []
    kept: list[str] = []
    pos = 0
    harmony = False
    for unit in _find_units(content, specs):
        accepted = _accept(unit, specs)
        if accepted is None:
            continue
        kept.append(content[pos : unit.start])
        harmony = harmony or "to=functions." in content[unit.start : unit.end]
        pos = unit.end
        for name, arguments in accepted:
            calls.append(ToolCall(f"{id_prefix}_{len(calls)}", name, arguments, "inline"))
    if not calls:
        return content, []
    kept.append(content[pos:])
    texts = [_harmony_text(t) if harmony else t for t in kept]
    return "\n".join(t.strip() for t in texts if t.strip()), calls


# <<< end of the text-call section


def normalize_tool_calls(raw_calls: Sequence[Any], id_prefix: str = "call") -> list[ToolCall]:
    """Structured `tool_calls` from a provider, made uniform (ids present, arguments as text)."""
    calls = []
    for i, raw in enumerate(raw_calls or []):
        if not isinstance(raw, dict):
            continue
        fn = raw.get("function") if isinstance(raw.get("function"), dict) else {}
        name = fn.get("name") or raw.get("name") or ""
        args = fn.get("arguments", raw.get("arguments", ""))
        if isinstance(args, (dict, list)):
            args = json.dumps(args, ensure_ascii=False)
        elif args is None:
            args = ""
        calls.append(ToolCall(str(raw.get("id") or f"{id_prefix}_{i}"), str(name), str(args)))
    return calls


# --- arguments ---------------------------------------------------------------
def decode_arguments(name: str, raw: str) -> tuple[dict | None, str | None]:
    """JSON object arguments, or a message the model can act on."""
    if raw is None or not str(raw).strip():
        return {}, None
    try:
        value = json.loads(raw)
    except ValueError as exc:
        try:
            value = ast.literal_eval(raw)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            excerpt = raw if len(raw) <= 200 else raw[:200] + "…"
            return None, (
                f"Error: the arguments for `{name}` are not valid JSON ({exc.msg} at position {exc.pos}). "
                f"Received: {excerpt}. Send a JSON object."
            )
    if not isinstance(value, dict):
        return None, f"Error: the arguments for `{name}` must be a JSON object, got {type(value).__name__}."
    return value, None


def filter_arguments(args: Mapping[str, Any], tool: ToolInfo) -> tuple[dict, list[str]]:
    """Keep what the callable accepts. Names starting with `_` are always dropped (no injection)."""
    allowed = tool.accepted if tool.accepted is not None else frozenset(tool.properties)
    kept, dropped = {}, []
    for key, value in args.items():
        if not isinstance(key, str) or key.startswith("_") or key not in allowed:
            dropped.append(str(key))
        else:
            kept[key] = value
    return kept, dropped


def prepare_call(call: ToolCall, tools: Mapping[str, ToolInfo], counts: Mapping[str, int], limit: int) -> Prepared:
    """Decide what happens to one call: run it (with which kwargs) or answer it right away."""
    tool = tools.get(call.name)
    if tool is None:
        if call.name == SELF_NAME or call.name.endswith("_" + SELF_NAME):
            return Prepared(call, answer="Error: `subquery` cannot be called inside a subquery. Use the other tools.")
        available = ", ".join(sorted(tools)) or "none"
        return Prepared(call, answer=f'Error: Tool "{call.name}" not found. Available tools: {available}.')
    args, error = decode_arguments(call.name, call.arguments)
    if error:
        return Prepared(call, answer=error)
    assert args is not None
    args = coerce_arguments(args, tool.properties)
    kwargs, _dropped = filter_arguments(args, tool)
    missing = [r for r in tool.required if r not in kwargs]
    if missing:
        expected = ", ".join(
            f"{k} ({'/'.join(_schema_types(v)) or 'any'})" for k, v in tool.properties.items()
        )
        return Prepared(
            call,
            answer=f"Error: missing required argument(s) for `{call.name}`: {', '.join(missing)}. "
            f"Expected: {expected}.",
        )
    if counts.get(call_signature(call.name, kwargs), 0) >= limit > 0:
        return Prepared(
            call,
            answer=f"Not executed: `{call.name}` was already called {counts[call_signature(call.name, kwargs)]} "
            "times with exactly these arguments. Use the results above, change the arguments, or answer now.",
        )
    return Prepared(call, kwargs=kwargs)


def call_signature(name: str, kwargs: Mapping[str, Any]) -> str:
    try:
        return name + ":" + json.dumps(kwargs, sort_keys=True, default=str, ensure_ascii=False)
    except (TypeError, ValueError):
        return name + ":" + repr(sorted(kwargs.items(), key=lambda kv: kv[0]))


def accepted_parameters(fn: Any) -> frozenset[str] | None:
    """Parameter names a callable takes (None when it takes **kwargs or cannot be inspected)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    names = set()
    for p in sig.parameters.values():
        if p.kind == p.VAR_KEYWORD:
            return None
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            names.add(p.name)
    return frozenset(names)


# --- results -----------------------------------------------------------------
def serialize_result(value: Any) -> str:
    """Open WebUI's own rendering of a tool result: str as is, dict/list as indented JSON."""
    if value is None:
        return ""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Mapping):
        value = value[0]  # (data, headers) from an OpenAPI tool server
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, list):
        value = {"results": value}
    if isinstance(value, dict):
        try:
            return json.dumps(value, indent=2, ensure_ascii=False, default=str)
        except (TypeError, ValueError):
            return str(value)
    return str(value)


def cap_text(text: str, limit: int, what: str = "result") -> str:
    """Keep the head (and a short tail) of a long text, with a visible note of what was cut."""
    if limit <= 0 or len(text) <= limit:
        return text
    tail = min(limit // 5, 2000)
    head = max(limit - tail, 0)
    removed = len(text) - head - tail
    return (
        f"{text[:head]}\n[… {what} truncated: {removed:,} of {len(text):,} characters removed …]\n"
        + (text[-tail:] if tail else "")
    )


def summarize_usage(usages: Sequence[Mapping[str, Any]]) -> dict[str, int]:
    total = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    for usage in usages:
        if not isinstance(usage, Mapping):
            continue
        for key in ("prompt_tokens", "completion_tokens"):
            value = usage.get(key) or usage.get(key.replace("_tokens", "_eval_count"))
            if isinstance(value, (int, float)):
                total[key] += int(value)
        value = usage.get("total_tokens")
        total["total_tokens"] += int(value) if isinstance(value, (int, float)) else 0
    if not total["total_tokens"]:
        total["total_tokens"] = total["prompt_tokens"] + total["completion_tokens"]
    return total


def human_tokens(n: int) -> str:
    return f"{n / 1000:.1f}k" if n >= 1000 else str(n)


# --- context -------------------------------------------------------------------
def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict) and p.get("type") == "text")
    return ""


def tail_messages(messages: Sequence[Any], n: int) -> list[dict]:
    """The last `n` messages of the chat, never cut inside a tool group, starting on a user message.

    System messages are not copied (the persona stays the model's). The cut is widened backwards
    to the assistant message that opened a tool group and then to the user message of that turn;
    orphaned results and unanswered calls are dropped, so the tail is always provider-valid.
    """
    if n <= 0 or not messages:
        return []
    convo = [m for m in messages if isinstance(m, dict) and m.get("role") in ("user", "assistant", "tool")]
    if not convo:
        return []
    start = max(len(convo) - n, 0)
    while start > 0 and convo[start].get("role") != "user":
        start -= 1
    while start < len(convo) and convo[start].get("role") != "user":
        start += 1  # no user message before the cut: begin at the first one after it
    return sanitize_pairs([copy.deepcopy(m) for m in convo[start:]])


def sanitize_pairs(messages: list[dict]) -> list[dict]:
    """Drop tool results that answer no call of the group before them; drop unanswered calls."""
    out: list[dict] = []
    i = 0
    while i < len(messages):
        m = messages[i]
        if m.get("role") == "assistant" and m.get("tool_calls"):
            j = i + 1
            results = []
            while j < len(messages) and messages[j].get("role") == "tool":
                results.append(messages[j])
                j += 1
            # One result per call, matched in order: ids may repeat, so this is a multiset match.
            unused = list(results)
            kept_calls, kept_results = [], []
            for tc in m["tool_calls"]:
                match = next((r for r in unused if isinstance(tc, dict) and r.get("tool_call_id") == tc.get("id")), None)
                if match is not None:
                    unused.remove(match)
                    kept_calls.append(tc)
                    kept_results.append(match)
            if kept_calls:
                out.append({**m, "tool_calls": kept_calls})
                out.extend(kept_results)
            elif _text_of(m.get("content")).strip():
                out.append({k: v for k, v in m.items() if k != "tool_calls"})
            i = j
            continue
        if m.get("role") != "tool":
            out.append(m)
        i += 1
    return out


def format_sources(sources: Sequence[Any], limit: int) -> str:
    """The chat's retrieved file context as `<source>` blocks (the form Open WebUI gives the model)."""
    parts = []
    for source in sources or []:
        if not isinstance(source, Mapping):
            continue
        src = source.get("source") if isinstance(source.get("source"), Mapping) else {}
        name = src.get("name") or src.get("id") or "source"
        for doc in source.get("document") or []:
            if isinstance(doc, str) and doc.strip():
                parts.append(f'<source name="{name}">{doc.strip()}</source>')
    return cap_text("\n".join(parts), limit, "file context") if parts else ""


def files_context(files: Sequence[Any], sources: Sequence[Any], limit: int) -> str:
    """Context for the chat's files: the retrieved sources, else full-context file text, else names."""
    if not files:
        return ""
    text = format_sources(sources, limit)
    if text:
        return text
    parts, names = [], []
    for f in files:
        if not isinstance(f, Mapping):
            continue
        inner = f.get("file") if isinstance(f.get("file"), Mapping) else {}
        name = f.get("name") or inner.get("filename") or (inner.get("meta") or {}).get("name") or f.get("id")
        content = ((inner.get("data") or {}) if isinstance(inner.get("data"), Mapping) else {}).get("content")
        if isinstance(content, str) and content.strip():
            parts.append(f'<source name="{name}">{content.strip()}</source>')
        elif name:
            names.append(str(name))
    if parts:
        return cap_text("\n".join(parts), limit, "file context")
    return "Files attached to the chat: " + ", ".join(names) if names else ""


def first_user_message(prompt: str, context: str) -> dict:
    if not context:
        return {"role": "user", "content": prompt}
    return {"role": "user", "content": f"{context}\n\n{prompt}"}


# Less time than this left is no time: no model round can finish in it.
MIN_USEFUL_SECONDS = 0.25

FINAL_ROUND_PROMPT = (
    "You have used all {rounds} tool rounds of this subtask. Do not call any more tools. "
    "Answer the subtask now, as completely as you can, from the tool results above; "
    "say briefly what is still unknown."
)


def gathered_summary(messages: Sequence[dict], limit: int) -> str:
    """What the loop collected so far, for when it cannot finish (deadline, upstream error)."""
    names: dict[str, str] = {}
    lines: list[str] = []
    for m in messages:
        if m.get("role") == "assistant":
            for tc in m.get("tool_calls") or []:
                names[tc.get("id")] = (tc.get("function") or {}).get("name", "tool")
            text = _text_of(m.get("content")).strip()
            if text:
                lines.append(f"- model: {text}")
        elif m.get("role") == "tool":
            result = _text_of(m.get("content")).strip().replace("\n", " ")
            lines.append(f"- {names.get(m.get('tool_call_id'), 'tool')} → {cap_text(result, 500, 'result')}")
    return cap_text("\n".join(lines), limit, "summary") if lines else "(nothing was gathered)"


# --- the loop ------------------------------------------------------------------
Complete = Callable[[list[dict], list[dict] | None, float], Awaitable[Completion]]
Execute = Callable[[ToolCall, dict, float], Awaitable[str]]
Emit = Callable[[str, bool], Awaitable[None]]


async def run_calls(
    prepared: Sequence[Prepared], execute: Execute, max_parallel: int, timeout: float
) -> list[str]:
    """Run the calls of one round concurrently (bounded), each under a timeout; results in call order."""
    semaphore = asyncio.Semaphore(max(1, max_parallel))

    async def one(p: Prepared) -> str:
        if p.answer is not None:
            return p.answer
        assert p.kwargs is not None
        async with semaphore:
            try:
                return await asyncio.wait_for(execute(p.call, p.kwargs, timeout), timeout=max(timeout, 0.001))
            except TimeoutError:
                return f"Error: `{p.call.name}` timed out after {timeout:g} s and was abandoned."
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the model can react to a failing tool
                return f"Error: `{p.call.name}` raised {type(exc).__name__}: {exc}"

    return list(await asyncio.gather(*(one(p) for p in prepared)))


def _round_label(calls: Sequence[ToolCall]) -> str:
    counts: dict[str, int] = {}
    for c in calls:
        counts[c.name] = counts.get(c.name, 0) + 1
    return ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in counts.items())


async def run_subquery_loop(
    messages: list[dict],
    tools: Mapping[str, ToolInfo],
    settings: Settings,
    complete: Complete,
    execute: Execute,
    emit: Emit,
    clock: Callable[[], float] = time.monotonic,
) -> LoopResult:
    """The self-driven tool loop. Pure apart from the injected `complete`, `execute` and `emit`."""
    deadline = clock() + settings.total_timeout_seconds
    messages = list(messages)
    specs = {name: t.spec for name, t in tools.items()}
    tool_specs = [{"type": "function", "function": t.spec} for t in tools.values()] or None
    usages: list[Mapping[str, int]] = []
    counts: dict[str, int] = {}
    n_calls = 0
    rounds = 0

    def result(answer: str, stopped: str) -> LoopResult:
        return LoopResult(
            cap_text(answer, settings.max_output_chars, "answer"),
            rounds,
            n_calls,
            summarize_usage(usages),
            stopped,
        )

    def out_of_time(what: str) -> LoopResult:
        note = (
            f"[Subquery stopped: the {settings.total_timeout_seconds:g} s time limit ran out {what}. "
            "What was gathered so far:]\n"
        )
        return result(note + gathered_summary(messages, settings.max_output_chars), "deadline")

    while rounds < settings.max_rounds:
        remaining = deadline - clock()
        if remaining < MIN_USEFUL_SECONDS:
            return out_of_time(f"before round {rounds + 1}")
        rounds += 1
        try:
            reply = await asyncio.wait_for(complete(messages, tool_specs, remaining), timeout=remaining)
        except TimeoutError:
            return out_of_time(f"while waiting for the model in round {rounds}")
        usages.append(reply.usage)
        if reply.error:
            if rounds == 1:
                return result(f"Subquery failed: {reply.error}", "error")
            return result(
                f"Subquery could not finish: {reply.error}\nWhat was gathered so far:\n"
                + gathered_summary(messages, settings.max_output_chars),
                "error",
            )
        calls = normalize_tool_calls(reply.tool_calls, f"call_r{rounds}")
        content = reply.content or ""
        if not calls and tools:
            content, calls = parse_inline_calls(content, specs, f"call_r{rounds}_inline")
        if not calls:
            return result(content.strip() or "(the model returned an empty answer)", "answered")

        messages.append({"role": "assistant", "content": content, "tool_calls": [c.as_message_call() for c in calls]})
        prepared = [prepare_call(c, tools, counts, settings.repeat_call_limit) for c in calls]
        for p in prepared:
            if p.kwargs is not None:
                sig = call_signature(p.call.name, p.kwargs)
                counts[sig] = counts.get(sig, 0) + 1
        n_calls += len(calls)
        await emit(f"Subquery · round {rounds}/{settings.max_rounds} · calling {_round_label(calls)}", False)
        timeout = min(settings.tool_timeout_seconds, max(deadline - clock(), 0.0))
        outputs = await run_calls(prepared, execute, settings.max_parallel_tools, timeout)
        for call, output in zip(calls, outputs, strict=True):
            messages.append(
                {"role": "tool", "tool_call_id": call.id, "content": cap_text(output, settings.max_result_chars)}
            )
        if deadline - clock() < MIN_USEFUL_SECONDS:
            return out_of_time(f"after round {rounds}")

    # Out of rounds: one last round without tools, asking for the answer.
    remaining = deadline - clock()
    if remaining < MIN_USEFUL_SECONDS:
        return out_of_time("after the last tool round")
    messages.append({"role": "user", "content": FINAL_ROUND_PROMPT.format(rounds=settings.max_rounds)})
    await emit(f"Subquery · {settings.max_rounds} rounds used · writing the answer", False)
    try:
        reply = await asyncio.wait_for(complete(messages, None, remaining), timeout=remaining)
    except TimeoutError:
        return out_of_time("while the model wrote its final answer")
    usages.append(reply.usage)
    text = reply.content or ""
    if "<tool_call>" in text or "<function=" in text:
        text, _ignored = parse_inline_calls(text, specs)
    if reply.error or not text.strip():
        reason = reply.error or "the model gave no final answer"
        return result(
            f"[Subquery used all {settings.max_rounds} rounds; {reason}. What was gathered:]\n"
            + gathered_summary(messages, settings.max_output_chars),
            "max_rounds",
        )
    return result(text.strip(), "max_rounds")


# --- recursion guard ---------------------------------------------------------------
def _depth_var() -> contextvars.ContextVar[int]:
    """One process-wide depth marker, shared by every copy of this tool (any tool id)."""
    holder = sys.modules.get("_owui_subquery_depth")
    if holder is None:
        holder = types.ModuleType("_owui_subquery_depth")
        holder.var = contextvars.ContextVar("owui_subquery_depth", default=0)  # type: ignore[attr-defined]
        holder = sys.modules.setdefault("_owui_subquery_depth", holder)
    return holder.var  # type: ignore[attr-defined]


def is_self_entry(name: str, entry: Mapping[str, Any], own_id: str | None) -> bool:
    spec_name = (entry.get("spec") or {}).get("name") if isinstance(entry.get("spec"), Mapping) else None
    if own_id and entry.get("tool_id") == own_id:
        return True
    names = {name, spec_name or name}
    return any(n == SELF_NAME or n.endswith("_" + SELF_NAME) for n in names)


def parse_id_list(text: str) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def select_tools(
    entries: Mapping[str, Any],
    own_id: str | None,
    include: Sequence[str],
    exclude: Sequence[str],
    direct_ok: bool,
) -> dict[str, Any]:
    """The tool entries the inner loop may use."""
    chosen = {}
    for name, entry in (entries or {}).items():
        if not isinstance(entry, Mapping) or not isinstance(entry.get("spec"), Mapping):
            continue
        if is_self_entry(name, entry, own_id):
            continue
        tool_id = str(entry.get("tool_id") or "")
        keys = {name, tool_id, tool_id.split("|")[0]}
        if include and not keys & set(include):
            continue
        if exclude and keys & set(exclude):
            continue
        if entry.get("direct"):
            if not direct_ok:
                continue
        elif not callable(entry.get("callable")):
            continue
        chosen[name] = entry
    return chosen


# ===========================================================================
# Open WebUI adapter
# ===========================================================================


STATUS_INTERVAL_SECONDS = 0.3
_STATE_KEYS = ("bypass_filter", "bypass_system_prompt", "metadata", "model_id")
_MISSING = object()


def _unwrap(fn: Any) -> tuple[Any, dict]:
    """Open WebUI wraps tool methods in an `async def` that runs sync ones ON the event loop.

    Return the original function and its bound dunder arguments, so sync tools can run in a thread.
    """
    original = getattr(fn, "__function__", None)
    bound = getattr(fn, "__extra_params__", None)
    if original is not None and isinstance(bound, dict):
        return original, dict(bound)
    return fn, {}


def _error_text(response: Any) -> str | None:
    """An upstream error as a sentence, whatever shape it came in (None when it is a good reply)."""
    status = getattr(response, "status_code", None)
    body = getattr(response, "body", None)
    if status is not None and body is not None:
        try:
            data = json.loads(body)
        except (ValueError, TypeError):
            data = body.decode("utf-8", "replace") if isinstance(body, bytes) else str(body)
        return f"the model provider answered HTTP {status}: {_error_detail(data)}"
    if isinstance(response, dict):
        if response.get("error") and not response.get("choices"):
            return f"the model provider answered with an error: {_error_detail(response)}"
        if not response.get("choices"):
            return "the model provider returned no choices"
        return None
    return f"unexpected reply of type {type(response).__name__}"


def _error_detail(data: Any) -> str:
    if isinstance(data, dict):
        err = data.get("error", data.get("detail", data))
        if isinstance(err, dict):
            err = err.get("message") or err.get("detail") or json.dumps(err)[:300]
        return str(err)[:500]
    return str(data)[:500]


def merge_stream_chunks(chunks: Sequence[Mapping[str, Any]]) -> dict:
    """Assemble an OpenAI chat.completion from streamed chunks (for backends that stream anyway)."""
    content: list[str] = []
    calls: dict[int, dict] = {}
    usage: Mapping[str, Any] = {}
    for chunk in chunks:
        if isinstance(chunk.get("usage"), Mapping):
            usage = chunk["usage"]
        for choice in chunk.get("choices") or []:
            delta = choice.get("delta") or choice.get("message") or {}
            if isinstance(delta.get("content"), str):
                content.append(delta["content"])
            for tc in delta.get("tool_calls") or []:
                slot = calls.setdefault(
                    int(tc.get("index", len(calls))), {"id": None, "type": "function", "function": {"name": "", "arguments": ""}}
                )
                if tc.get("id"):
                    slot["id"] = tc["id"]
                fn = tc.get("function") or {}
                slot["function"]["name"] += fn.get("name") or ""
                slot["function"]["arguments"] += fn.get("arguments") or ""
    message: dict[str, Any] = {"role": "assistant", "content": "".join(content)}
    if calls:
        message["tool_calls"] = [calls[i] for i in sorted(calls)]
    return {"choices": [{"index": 0, "message": message}], "usage": dict(usage)}


class Tools:
    class Valves(BaseModel):
        model_id: str = Field(
            default="",
            description="Model for subqueries. Empty: the chat's own model. Set a cheaper model id to save cost.",
        )
        max_rounds: int = Field(default=8, ge=1, le=64, description="Tool rounds before a final answer is requested.")
        max_parallel_tools: int = Field(
            default=8, ge=1, le=64, description="Tool calls of one round that run at the same time."
        )
        tool_timeout_seconds: float = Field(default=60.0, gt=0, description="Time limit for each tool call.")
        total_timeout_seconds: float = Field(
            default=300.0, gt=0, description="Time limit for the whole subquery; what was gathered is returned."
        )
        repeat_call_limit: int = Field(
            default=3, ge=0, description="An identical call (name + arguments) is not run more often (0: no limit)."
        )
        max_result_chars: int = Field(
            default=20_000, ge=200, description="Cap on each tool result the inner model sees."
        )
        max_output_chars: int = Field(
            default=16_000, ge=200, description="Cap on the answer returned to the chat."
        )
        include_tool_ids: str = Field(
            default="", description="Comma-separated tool ids or names the subquery may use (empty: all of the chat's)."
        )
        exclude_tool_ids: str = Field(default="", description="Comma-separated tool ids or names to leave out.")

    class UserValves(BaseModel):
        show_status: bool = Field(default=True, description="Show the subquery's progress lines in the chat.")

    def __init__(self):
        self.valves = self.Valves()

    async def subquery(
        self,
        prompt: str,
        include_recent_messages: int = 0,
        __user__: dict | None = None,
        __metadata__: dict | None = None,
        __messages__: list | None = None,
        __files__: list | None = None,
        __model__: dict | None = None,
        __request__: Any = None,
        __event_emitter__: Callable[[dict], Awaitable[None]] | None = None,
        __event_call__: Callable[[dict], Awaitable[Any]] | None = None,
        __id__: str | None = None,
    ) -> str:
        """
        Delegate a focused, self-contained subtask to a fresh assistant that can use the same tools, and get back one compact answer. Use it for side tasks that need several tool calls (look things up, compare, convert, compute) so the main conversation stays short. Write the prompt as a complete instruction: the helper does not see this chat unless include_recent_messages is set.
        :param prompt: The complete subtask: what to find or do, and what the answer should contain.
        :param include_recent_messages: How many of the latest chat messages the helper should also see (0 = none).
        """
        depth = _depth_var()
        if depth.get() > 0:
            return "Error: a subquery cannot start another subquery. Use the other tools directly."
        if not isinstance(prompt, str) or not prompt.strip():
            return "Error: the subquery prompt is empty. Call subquery again with the full subtask in `prompt`."
        token = depth.set(depth.get() + 1)
        try:
            return await self._run(
                prompt.strip(),
                include_recent_messages,
                __user__ or {},
                __metadata__ or {},
                __messages__ or [],
                __files__ or [],
                __request__,
                __event_emitter__,
                __event_call__,
                __id__,
            )
        finally:
            depth.reset(token)

    async def _run(
        self,
        prompt: str,
        include_recent: Any,
        user_dict: dict,
        metadata: dict,
        parent_messages: list,
        files: list,
        request: Any,
        event_emitter: Any,
        event_call: Any,
        own_id: str | None,
    ) -> str:
        valves = self.valves
        started = time.monotonic()
        settings = Settings(
            max_rounds=valves.max_rounds,
            max_parallel_tools=valves.max_parallel_tools,
            tool_timeout_seconds=valves.tool_timeout_seconds,
            total_timeout_seconds=valves.total_timeout_seconds,
            repeat_call_limit=valves.repeat_call_limit,
            max_result_chars=valves.max_result_chars,
            max_output_chars=valves.max_output_chars,
        )
        user_valves = user_dict.get("valves")
        show = getattr(user_valves, "show_status", None)
        if show is None and isinstance(user_valves, Mapping):
            show = user_valves.get("show_status")
        emit = self._emitter(event_emitter, show is not False)

        model_id = (
            valves.model_id.strip()
            or metadata.get("model_id")
            or (metadata.get("model") or {}).get("id")
        )
        if request is None or not model_id:
            await emit("Subquery unavailable: no request context", True)
            return "Error: subquery needs to run inside an Open WebUI chat (no request or model was provided)."
        try:
            user = await self._user(user_dict)
        except Exception as exc:
            log.exception("subquery: cannot load the user")
            await emit("Subquery failed: unknown user", True)
            return f"Error: subquery could not identify the user ({exc})."

        entries = await self._tool_entries(request, user, user_dict, metadata, own_id)
        direct_ok = bool(event_call) and bool(metadata.get("session_id"))
        selected = select_tools(
            entries, own_id, parse_id_list(valves.include_tool_ids), parse_id_list(valves.exclude_tool_ids), direct_ok
        )
        tools = {
            name: ToolInfo(
                name,
                dict(entry["spec"], name=name),
                None if entry.get("direct") else _accepted_after_binding(entry["callable"]),
            )
            for name, entry in selected.items()
        }

        try:
            n_recent = max(0, int(include_recent or 0))
        except (TypeError, ValueError):
            n_recent = 0
        context = files_context(files, metadata.get("sources") or [], settings.max_result_chars)
        messages = [*tail_messages(parent_messages, n_recent), first_user_message(prompt, context)]

        await emit(f"Subquery started · {len(tools)} tool{'s' if len(tools) != 1 else ''} available", False)

        async def complete(msgs: list[dict], specs: list[dict] | None, remaining: float) -> Completion:
            return await self._complete(request, user, model_id, msgs, specs, remaining)

        executor = concurrent.futures.ThreadPoolExecutor(
            max_workers=settings.max_parallel_tools, thread_name_prefix="subquery-tool"
        )

        async def execute(call: ToolCall, kwargs: dict, timeout: float) -> str:
            return await self._execute(
                request, user, metadata, selected[call.name], call, kwargs, event_call, executor
            )

        try:
            outcome = await run_subquery_loop(messages, tools, settings, complete, execute, emit)
        except Exception as exc:  # never a traceback in the chat
            log.exception("subquery loop failed")
            await emit("Subquery failed", True)
            return f"Error: the subquery failed unexpectedly ({type(exc).__name__}: {exc})."
        finally:
            executor.shutdown(wait=False, cancel_futures=True)  # abandoned (timed-out) threads finish alone

        elapsed = time.monotonic() - started
        total = outcome.usage.get("total_tokens", 0)
        verdict = {
            "answered": "done",
            "max_rounds": "done (round limit reached)",
            "deadline": "stopped at the time limit",
            "error": "failed",
        }[outcome.stopped]
        await emit(
            f"Subquery {verdict} · {outcome.rounds} round{'s' if outcome.rounds != 1 else ''} · "
            f"{outcome.tool_calls} tool call{'s' if outcome.tool_calls != 1 else ''} · "
            f"{human_tokens(total)} tokens · {elapsed:.1f} s",
            True,
        )
        return outcome.answer

    # -- adapter helpers (private: public methods would become tools) -------------
    @staticmethod
    def _emitter(event_emitter: Any, enabled: bool, min_interval: float = STATUS_INTERVAL_SECONDS) -> Emit:
        """Status events, at most one per `min_interval` (each is a database write); `done` always goes."""
        last = [float("-inf")]

        async def emit(description: str, done: bool) -> None:
            if not enabled or event_emitter is None:
                return
            now = time.monotonic()
            if not done and now - last[0] < min_interval:
                return
            last[0] = now
            try:
                await asyncio.wait_for(
                    event_emitter({"type": "status", "data": {"description": description, "done": done}}), timeout=5
                )
            except Exception:  # progress must never break the work
                log.debug("subquery: status event failed", exc_info=True)

        return emit

    @staticmethod
    async def _user(user_dict: dict) -> Any:
        from open_webui.models.users import UserModel, Users

        found = Users.get_user_by_id(user_dict.get("id"))
        if inspect.isawaitable(found):
            found = await found
        if found is not None:
            return found
        return UserModel(**{k: v for k, v in user_dict.items() if k != "valves"})

    @staticmethod
    async def _tool_entries(request: Any, user: Any, user_dict: dict, metadata: dict, own_id: str | None) -> Mapping:
        entries = metadata.get("tools")
        if isinstance(entries, Mapping) and entries:
            return entries
        tool_ids = [t for t in (metadata.get("tool_ids") or []) if t != own_id]
        if not tool_ids:
            return {}
        try:
            from open_webui.utils.tools import get_tools

            return await get_tools(
                request,
                tool_ids,
                user,
                {
                    "__user__": {k: v for k, v in user_dict.items()},
                    "__request__": request,
                    "__metadata__": metadata,
                    "__chat_id__": metadata.get("chat_id"),
                    "__message_id__": metadata.get("message_id"),
                },
            )
        except Exception:
            log.exception("subquery: get_tools failed")
            return {}

    @staticmethod
    async def _complete(
        request: Any, user: Any, model_id: str, messages: list[dict], specs: list[dict] | None, remaining: float
    ) -> Completion:
        from open_webui.utils.chat import generate_chat_completion

        form: dict[str, Any] = {"model": model_id, "messages": copy.deepcopy(messages), "stream": False}
        if specs:
            form["tools"] = specs
        # generate_chat_completion writes these onto the *outer* request, which the outer tool loop
        # reuses for its next model call: put back exactly what it may change.
        state = request.state
        saved = {k: getattr(state, k) for k in _STATE_KEYS if hasattr(state, k)}
        outer_metadata = saved.get("metadata")
        selected = outer_metadata.get("selected_model_id", _MISSING) if isinstance(outer_metadata, dict) else _MISSING
        try:
            response = await generate_chat_completion(request, form, user, bypass_filter=True)
            if hasattr(response, "body_iterator"):  # a backend that streams anyway
                response = await _read_stream(response, remaining)
        except Exception as exc:
            detail = getattr(exc, "detail", None) or str(exc) or type(exc).__name__
            return Completion(error=f"the model call failed: {detail}")
        finally:
            for key in _STATE_KEYS:
                if key in saved:
                    setattr(state, key, saved[key])
                elif hasattr(state, key):
                    delattr(state, key)
            if selected is not _MISSING:
                outer_metadata["selected_model_id"] = selected
        error = _error_text(response)
        if error:
            return Completion(error=error)
        choice = (response.get("choices") or [{}])[0] or {}
        message = choice.get("message") or {}
        content = message.get("content")
        if isinstance(content, list):
            content = _text_of(content)
        return Completion(
            content=content or "",
            tool_calls=tuple(message.get("tool_calls") or ()),
            usage=response.get("usage") or {},
        )

    @staticmethod
    async def _execute(
        request: Any,
        user: Any,
        metadata: dict,
        entry: Mapping[str, Any],
        call: ToolCall,
        kwargs: dict,
        event_call: Any,
        executor: concurrent.futures.Executor,
    ) -> str:
        if entry.get("direct"):
            raw = await event_call(
                {
                    "type": "execute:tool",
                    "data": {
                        "id": str(uuid.uuid4()),
                        "name": call.name,
                        "params": kwargs,
                        "server": entry.get("server", {}),
                        "session_id": metadata.get("session_id"),
                    },
                }
            )
        else:
            fn, bound = _unwrap(entry["callable"])  # bound: the dunder arguments Open WebUI injected
            call_kwargs = {**bound, **kwargs}
            if inspect.iscoroutinefunction(fn):
                raw = await fn(**call_kwargs)
            else:
                # Off the event loop, in this subquery's own pool (the shared default one is small
                # and busy); copy the context so the depth marker travels into the thread.
                context = contextvars.copy_context()
                raw = await asyncio.get_running_loop().run_in_executor(
                    executor, functools.partial(context.run, fn, **call_kwargs)
                )
                if inspect.isawaitable(raw):
                    raw = await raw
        return await _render_result(request, user, metadata, entry, call.name, raw)


def _accepted_after_binding(wrapper: Any) -> frozenset[str] | None:
    """Parameters the model may fill: the original signature minus Open WebUI's bound dunders."""
    fn, bound = _unwrap(wrapper)
    names = accepted_parameters(fn)
    return None if names is None else frozenset(n for n in names if n not in bound and not n.startswith("_"))


async def _render_result(request: Any, user: Any, metadata: dict, entry: Mapping, name: str, raw: Any) -> str:
    """Serialize a result with Open WebUI's own `process_tool_result` where possible."""
    try:
        from open_webui.utils.middleware import process_tool_result

        text, _files, _embeds = await process_tool_result(
            request, name, raw, entry.get("type", ""), bool(entry.get("direct")), metadata, user
        )
        return text if isinstance(text, str) else serialize_result(text)
    except Exception:
        log.debug("subquery: process_tool_result unavailable, using the local serializer", exc_info=True)
        return serialize_result(raw)


async def _read_stream(response: Any, remaining: float) -> dict:
    chunks: list[dict] = []

    async def read() -> None:
        buffer = ""
        async for piece in response.body_iterator:
            buffer += piece.decode("utf-8", "replace") if isinstance(piece, bytes) else str(piece)
            while "\n" in buffer:
                line, buffer = buffer.split("\n", 1)
                line = line.strip()
                if line.startswith("data:") and line[5:].strip() not in ("", "[DONE]"):
                    try:
                        chunks.append(json.loads(line[5:].strip()))
                    except ValueError:
                        continue

    await asyncio.wait_for(read(), timeout=max(remaining, 0.001))
    return merge_stream_chunks(chunks)
