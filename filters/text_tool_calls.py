"""
title: Text Tool Calls
author: owui-toolkit
version: 2.0.0
license: MIT
description: Local models often write their tool calls as text (a ```json fence, <tool_call>, <function=…>, [TOOL_CALLS] and other dialects), and Open WebUI then runs nothing. This filter holds back only what could still be such a call while the reply streams, and turns calls to the chat's own tools into real ones that Open WebUI's own loop runs, with its approval, access checks and storage. A call whose tool is named in a tool result or file of this turn stays text, and the status line says why.
required_open_webui_version: 0.12.4
"""

# ----------------------------------------------------------------------------------------------
# GENERATED FILE: do not edit.  Built from src/text_tool_calls/ (and the modules of src/ it imports) by
# scripts/build_plugins.py.  Edit src/, then run `python scripts/build_plugins.py` and commit both.
# ----------------------------------------------------------------------------------------------
# Contents (line: part):
#   2467: class Filter: what Open WebUI loads (in src/text_tool_calls/owui.py)
#     57: src/text_tool_calls/chunks.py
#    146: src/text_tool_calls/data.py
#    220: src/textcalls/calls.py
#    540: src/textcalls/xml.py
#    825: src/textcalls/dialects.py
#   1236: src/textcalls/reader.py
#   1406: src/text_tool_calls/decide.py
#   1525: src/text_tool_calls/tokens.py
#   1681: src/text_tool_calls/hold.py
#   1956: src/text_tool_calls/restore.py
#   1995: src/text_tool_calls/settings.py
#   2017: src/text_tool_calls/streams.py
#   2112: src/textcalls/rule.py
#   2302: src/text_tool_calls/owui.py
# ----------------------------------------------------------------------------------------------

from __future__ import annotations

import ast
import asyncio
import contextlib
import html
import json
import logging
import math
import os
import re
import time
import unicodedata
import uuid
from bisect import bisect_left
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from functools import lru_cache
from itertools import product
from typing import Any, Literal

from pydantic import BaseModel, Field

# src/text_tool_calls/chunks.py ----------------------------------------------------------------

"""Reading and writing the provider's stream chunks (Chat Completions `chat.completion.chunk` objects) the `stream`
hook gets: what a chunk says (content, structured calls, the end of the reply), and a new chunk with other content
or with calls. A chunk given is never changed: what is changed is copied (the event, its choices list, the first
choice and its delta). Open WebUI reads only the first choice; so does this module."""


@dataclass(frozen=True)
class Chunk:
    """What one chunk says: its text (`content`, "" when none), whether it carries structured calls, and whether it
    ends the reply (`finish`: a finish reason; `last`: a usage-only chunk, which has no choices)."""

    content: str
    calls: bool
    finish: str | None
    last: bool


def _first(event: Any) -> tuple[dict | None, dict | None]:
    choices = event.get("choices") if isinstance(event, Mapping) else None
    choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else None
    delta = choice.get("delta") if choice is not None else None
    return choice, delta if isinstance(delta, dict) else None


def read(event: Any) -> Chunk | None:
    """What a Chat Completions chunk says; None for anything else (a Responses API event, an error, junk)."""
    if (
        not isinstance(event, Mapping)
        or str(event.get("type", "")).startswith("response.")
        or "error" in event
    ):
        return None
    choices = event.get("choices")
    if not choices:  # a usage-only chunk (OpenAI's include_usage, llama.cpp's timings), or an empty one
        return Chunk("", False, None, any(event.get(k) for k in ("usage", "timings")))
    choice, delta = _first(event)
    if choice is None:
        return None
    content = delta.get("content") if delta else None
    finish = choice.get("finish_reason")
    return Chunk(
        content if isinstance(content, str) else "",
        bool(delta and delta.get("tool_calls")),
        finish if isinstance(finish, str) and finish else None,
        False,
    )


def _copy(event: Mapping) -> tuple[dict, dict, dict]:
    """A copy of the event with its first choice and delta copied (one made when it has no choices)."""
    out = dict(event)
    choice, delta = _first(event)
    choice = dict(choice) if choice is not None else {"index": 0, "finish_reason": None}
    delta = dict(delta) if delta is not None else {}
    choice["delta"] = delta
    rest = list(event.get("choices") or [])[1:]
    out["choices"] = [choice, *rest]
    return out, choice, delta


def with_content(event: Mapping, text: str) -> dict:
    """The event with its text replaced by `text`."""
    out, _, delta = _copy(event)
    if text:
        delta["content"] = text
    else:
        delta.pop("content", None)
    return out


def with_calls(event: Mapping, text: str, calls: list[dict]) -> dict:
    """The event carrying `calls` (`delta.tool_calls` entries, each with its `index`) and `text`, finishing with
    `tool_calls` where it finishes the reply."""
    out = with_content(event, text)
    choice, delta = out["choices"][0], out["choices"][0]["delta"]
    delta["tool_calls"] = calls
    if choice.get("finish_reason"):
        choice["finish_reason"] = "tool_calls"
    return out


def tool_call_entry(index: int, call_id: str, name: str, arguments: str) -> dict:
    """One `delta.tool_calls` entry as a provider streams it whole."""
    function = {"name": name, "arguments": arguments}
    return {"index": index, "id": call_id, "type": "function", "function": function}


# src/text_tool_calls/data.py ------------------------------------------------------------------

"""What a request carries since the user's last message: the untrusted texts for the text-call rule
(`textcalls.rule`): the tool results of this turn (not Tool Search's list of tools, which is Open WebUI's own text)
and the files and sources Open WebUI added (`metadata['sources']`), each as (text, where it comes from); not
untrusted: the user's message, the system prompt, the assistant's own text. And the calls this turn already made
(`turn_calls`), to keep a model that repeats a call from looping. Pure: no Open WebUI."""


OWN_RESULTS = frozenset({"search_tools"})  # tools whose results are Open WebUI's own list of tools


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            p["text"] for p in content if isinstance(p, Mapping) and isinstance(p.get("text"), str)
        )
    return ""


def _turn(messages: Any) -> list:
    """The messages since the user's last one."""
    messages = messages if isinstance(messages, list) else []
    start = next((i for i in range(len(messages) - 1, -1, -1) if _role(messages[i]) == "user"), -1) + 1
    return messages[start:]


def _calls(messages: Sequence[Any]) -> Iterator[tuple[Mapping, Mapping]]:
    """(call, function) of each structured call the messages made."""
    for m in messages:
        calls = m.get("tool_calls") if isinstance(m, Mapping) else None
        for call in calls if isinstance(calls, list) else []:
            fn = call.get("function") if isinstance(call, Mapping) else None
            if isinstance(fn, Mapping) and isinstance(fn.get("name"), str):
                yield call, fn


def untrusted_texts(messages: Any, sources: Any) -> Iterator[tuple[str, str]]:
    """(text, where) for every tool result since the user's last message, then every file and source document."""
    turn = _turn(messages)
    names = {call["id"]: fn["name"] for call, fn in _calls(turn) if isinstance(call.get("id"), str)}
    for m in turn:
        if _role(m) != "tool":
            continue
        name = names.get(m.get("tool_call_id"), "") if isinstance(m.get("tool_call_id"), str) else ""
        if name not in OWN_RESULTS:
            yield _text(m.get("content")), f"the result of `{name}`" if name else "a tool result"
    for source in sources if isinstance(sources, list) else []:
        documents = source.get("document") if isinstance(source, Mapping) else None
        for document in documents if isinstance(documents, list) else []:
            if isinstance(document, str):
                yield document, "a file or source added to the chat"


def call_key(name: str, arguments: Any) -> tuple[str, str]:
    """A call as compared for repeats: its name and its arguments as canonical JSON (else as written)."""
    try:
        value = json.loads(arguments) if isinstance(arguments, str) else arguments
        return name, json.dumps(value, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        return name, str(arguments)


def turn_calls(messages: Any) -> Counter[tuple[str, str]]:
    """How often each call (name and arguments) was made since the user's last message."""
    return Counter(call_key(fn["name"], fn.get("arguments")) for _, fn in _calls(_turn(messages)))


def _role(message: Any) -> Any:
    return message.get("role") if isinstance(message, Mapping) else None


# src/textcalls/calls.py -----------------------------------------------------------------------

"""A tool call in the forms the readers meet it: `ToolCall`, its arguments decoded, replayed as valid JSON, split,
and typed by the tool's schema (models often write every value as text, `"3"`, `"[1, 2]"`); `_Unit`, a stretch of
a reply holding calls written as text; and the readers of JSON call envelopes. Every reader runs in time linear in
its text: no pattern backtracks (a long repeat is possessive, and in a searched pattern it cannot take the
pattern's first character); where openers may overlap without end, a work budget stops the reader (`_CUT`)."""


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


# src/textcalls/xml.py -------------------------------------------------------------------------

"""The XML-ish dialects, Qwen3-Coder (`<function=…><parameter=…>`) and GLM-4.5/4.6 (`<arg_key>`/`<arg_value>`), read
by one machine (`_Xml`) that finds where each value really ends: at the close of *its* key (closers nested inside
it, or followed by text that cannot follow a value, stay in it), else where a new key of the tool opens or the
call closes (as vLLM, SGLang and Ollama read it). Missing closers are fine at the very end of a reply.

Linear time: a text's tags are found once (`_Tags`), what follows a tag is looked up once, and the walks over the
tags after each value (openers inside failed calls are tried too, so walks overlap) share one budget (`_cut`)."""


_INDENTED_END = re.compile(r"\r?\n[ \t]++\Z")


def _trim_value(value: str) -> str:
    """The value without the template's newline after the opening tag and before the closing tag (Ollama's rule);
    a closing tag indented on its own line means the whole block was indented: its common indentation goes too."""
    lead = value.startswith(("\n", "\r\n"))
    if lead:
        value = value[2:] if value.startswith("\r\n") else value[1:]
    indented = _INDENTED_END.search(value) if lead else None
    if not indented:
        return value[:-2] if value.endswith("\r\n") else value[:-1] if value.endswith("\n") else value
    lines = value[: indented.start()].split("\n")
    indents = [line[: len(line) - len(line.lstrip(" \t"))] for line in lines if line.strip()]
    cut = os.path.commonprefix(indents) if indents else ""
    return "\n".join(line[len(cut) :] if line.startswith(cut) else line.lstrip(" \t") for line in lines)


# Closing tags, drift tolerated: `</parameter>`, `</parameter1>`, a bare `</parameter`.
def _closer(tag: str) -> re.Pattern[str]:
    return re.compile(rf"</{tag}(?:[^<>\n]{{0,20}}>|(?=[\s<]|\Z))")


_TAGS_CLOSE = re.compile(r"</(?:parameter|function|tool_call|arg_value|arg_key|tools)\b")
_CALL_OPEN = re.compile(r"<tool_call>|<function=|<tools>")
_CUT_CLOSERS = ("</function>", "</tool_call>")  # a reply cut off inside one of these still ends the call


def _events(nest_open: str, nest_close: str, value_close: str, key: str) -> re.Pattern[str]:
    """Nested calls opening and closing, value closers and keys, in text order."""
    return re.compile(f"(?P<open>{nest_open})|(?P<shut>{nest_close})|(?P<close>{value_close})|(?P<key>{key})")


@dataclass(frozen=True)
class _Xml:
    key: re.Pattern[str]  # at the current position: group 1 is the key; ends where the value starts
    events: re.Pattern[str]  # `_events`: nested openers/closers, value closers, keys
    end: tuple[re.Pattern[str], ...]  # the call's closing tags, in order (the last may be missing at the end)
    tail: re.Pattern[str] | None = None  # a closer that may follow the call (`</tool_call>` after bare XML)
    cut_values: bool = True  # a reply cut off inside a value still gives that value (else: no call)


class _Spent(Exception):
    """The walks of one text spent their budget."""


class _Tags:
    """One text's tags, found once, and what follows a position, looked up once (`memo`)."""

    def __init__(self, text: str, dialect: _Xml) -> None:
        self.text = text
        self.events = [(m.start(), m.end(), m.lastgroup or "") for m in dialect.events.finditer(text)]
        self.starts = [start for start, _, _ in self.events]
        # where closing tags and calls start, then the text's end: the first at or after a position always exists
        calls = (m.start() for m in _CALL_OPEN.finditer(text) if _CALL_START.match(text, m.start()))
        self.closing = [*(m.start() for m in _TAGS_CLOSE.finditer(text)), len(text)]
        self.calls = [*calls, len(text)]
        self.budget = _budget(len(self.events))
        self.memo: dict[tuple, Any] = {}

    def spend(self) -> None:
        self.budget -= 1
        if self.budget < 0:
            raise _Spent


def _call_end(tags: _Tags, pos: int, dialect: _Xml, strict: bool = False) -> tuple[int, bool] | None:
    """(Offset after the call's closing tags at `pos`, whether the last one is there), or None."""
    key = ("end", dialect.end, dialect.tail, pos, strict)
    if key not in tags.memo:
        tags.memo[key] = _find_call_end(tags, pos, dialect, strict)
    return tags.memo[key]


def _find_call_end(tags: _Tags, pos: int, dialect: _Xml, strict: bool) -> tuple[int, bool] | None:
    text, closed = tags.text, False
    for i, tag in enumerate(dialect.end):
        pos = _skip_ws(text, pos)
        if pos == len(text) or (len(text) - pos < 12 and any(c.startswith(text[pos:]) for c in _CUT_CLOSERS)):
            return len(text), False
        m = tag.match(text, pos)
        if m:
            pos, closed = m.end(), i == len(dialect.end) - 1 and m.group().endswith(">")
        elif i == len(dialect.end) - 1:  # only an inner closer (`</function>`) may be missing
            return None
    tail = dialect.tail.match(text, _skip_ws(text, pos)) if dialect.tail and not strict else None
    pos = tail.end() if tail else pos
    at = _skip_ws(text, pos)
    closer = tags.closing[bisect_left(tags.closing, at)]  # a closing tag after the call: we were in a value
    if strict:  # inside a quoted call: none to the end of the reply, unless another call follows at once
        return (pos, closed) if at == len(text) or _CALL_OPEN.match(text, at) or closer == len(text) else None
    return (pos, closed) if closer >= tags.calls[bisect_left(tags.calls, at)] else None  # prose between calls


def _key_at(tags: _Tags, pos: int, dialect: _Xml) -> str | None:
    memo = ("key", dialect.key, pos)
    if memo not in tags.memo:
        m = dialect.key.match(tags.text, _skip_ws(tags.text, pos))
        tags.memo[memo] = m.group(1).strip() if m else None
    return tags.memo[memo]


@dataclass(frozen=True)
class _Call:
    """The call being read: its dialect, its tool's keys, the pairs it has given and the key being read."""

    dialect: _Xml
    keys: frozenset[str]
    args: Mapping[str, str]
    key: str = ""


def _continues(tags: _Tags, pos: int, call: _Call, strict: bool = False, any_key: bool = False) -> str | None:
    """What follows a value that closes at `pos`: "key" (a new key of this tool, not given yet; `any_key`: any new
    key, after the value's own closer, as upstream parsers take keys the schema lacks), "end", or None."""
    key = _key_at(tags, pos, call.dialect)
    if key is not None:
        fresh = key != call.key and key not in call.args
        return "key" if fresh and (key in call.keys or not call.keys or any_key) else None
    return "end" if _call_end(tags, pos, call.dialect, strict) is not None else None


def _value_end(tags: _Tags, start: int, call: _Call, opened: bool = True) -> tuple[int, int] | None:
    """(End of the value, end of its closing tag), None if malformed. First choice: a closer not nested in the
    value; then a nested one that ends the call (a quoted call left open; `_LOOK_PAST` more tags are read for a
    closer of its own); else the first that fits. A value whose closer was left out ends where a new key of this
    tool opens or the call closes (vLLM, SGLang, Ollama); not one whose opening tag was left out too (`opened`)."""
    fallback: tuple[int, int] | None = None
    nested = fallback
    depth, closers, events, stop = 0, 0, tags.events, len(tags.events)
    for i in range(bisect_left(tags.starts, start), len(events)):
        if i >= stop:
            break
        tags.spend()
        at, end, kind = events[i]
        if kind == "open" or (kind == "shut" and depth):
            depth += 1 if kind == "open" else -1
        elif kind in ("shut", "key") and opened and depth == 0 and not closers:
            if _continues(tags, at, call) == ("key" if kind == "key" else "end"):  # no key starts at a shut
                return at, at
        elif kind == "close":
            closers += 1
            follows = _continues(tags, end, call, strict=depth > 0, any_key=depth == 0)
            if follows and depth == 0:
                return at, end
            if follows == "end" and nested is None:
                nested, stop = (at, end), min(stop, i + _LOOK_PAST)
            if follows and fallback is None:
                fallback = at, end
    if closers or not opened:
        return nested or fallback  # None: closers, but none that leaves a well-formed call
    return len(tags.text), len(tags.text)  # truncated output: the value runs to the end


_LOOK_PAST = 16  # tags read past a quoted call's closer for one of the value's own (a constant: linear)


def _xml_pairs(tags: _Tags, pos: int, dialect: _Xml, keys: frozenset[str]) -> tuple[dict, int, bool] | None:
    """Read key/value pairs from `pos` to the end of the call: (pairs, end of the call, closed) or None."""
    text, args = tags.text, {}
    while True:
        m = dialect.key.match(text, _skip_ws(text, pos))
        if not m:
            end = _call_end(tags, pos, dialect)
            return (args, *end) if end is not None else None
        key = m.group(1).strip()
        if key in args:
            return None
        opened = "opened" not in dialect.key.groupindex or m.group("opened") is not None
        found = _value_end(tags, m.end(), _Call(dialect, keys, args, key), opened)
        if found is None:
            return None
        value_end, pos = found
        args[key] = _trim_value(text[m.end() : value_end])
        if pos == len(text) and value_end == len(text):
            return (args, pos, False) if dialect.cut_values else None


_QNAME = r"\s*+[\"']?+([^<>\"'\n]++)[\"']?+\s*+>"  # a name, spaces allowed (Ollama), quotes dropped
_QWEN = _Xml(
    key=re.compile(r"<parameter=" + _QNAME),
    events=_events(
        "<function=" + _QNAME.replace("(", "(?:"),
        "</function",
        _closer("parameter").pattern,
        "<parameter=" + _QNAME,
    ),
    end=(_closer("function"),),
    tail=_closer("tool_call"),
)
_QWEN_WRAPPED = replace(_QWEN, end=(_closer("function"), _closer("tool_call")), tail=None)
_QWEN_OPEN = re.compile(r"(<tool_call>\s*+)?<function=" + _QNAME)


def _xml_units(text: str, specs: Mapping, opener: re.Pattern[str], dialect: Any, typed: Any) -> list[_Unit]:
    """The calls `opener` opens (its last group names the tool), in `dialect(match)`, their arguments
    `typed(args, spec, closed)` (None: no call)."""
    units, pos, tags = [], 0, None
    while m := opener.search(text, pos):
        pos, name = m.end(), m.group(m.lastindex or 0).strip()
        tags = tags or _Tags(text, dialect(m))
        try:
            found = _xml_pairs(tags, m.end(), dialect(m), frozenset(spec_properties(specs.get(name))))
        except _Spent:
            return [*units, _cut(text, m.start())]
        args = typed(found[0], specs.get(name), found[2]) if found else None
        if found and args is not None:
            units.append(_Unit(m.start(), found[1], ((name, args, False),)))
            pos = found[1]
    return units


def _parse_qwen3_xml(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Qwen3-Coder XML, wrapped or bare:
    `<tool_call><function=get_time><parameter=zone>UTC</parameter></function></tool_call>`."""
    return _xml_units(text, specs, _QWEN_OPEN, lambda m: _QWEN_WRAPPED if m.group(1) else _QWEN, _qwen_typed)


def _qwen_typed(args: dict[str, str], spec: Any, closed: bool) -> dict[str, Any]:
    """Qwen3-Coder's own value rules (vLLM's and Ollama's parsers): `null` is null whatever the type, and a boolean
    parameter that is neither `true` nor `false` is false; every other value is typed by the schema later."""
    props, out = spec_properties(spec), {}
    for key, value in args.items():
        if value.lower() == "null":
            out[key] = None
        elif _schema_types(props.get(key)) == ["boolean"] and value.strip().lower() not in ("true", "false"):
            out[key] = False
        else:
            out[key] = value
    return out


_GNAME = r"[^\s<>{}\[\]\"'\\]++"  # GLM writes the bare name: `get-weather`, `获取天气`
_GLM = _Xml(
    # GLM-4.6 sometimes leaves out `<arg_value>` (Ollama repairs it); such a value needs its `</arg_value>`.
    # A literal `\n` between the tags is how an escaped reply reads (SGLang's GLM tests).
    key=re.compile(
        r"(?:\\n\s*+)*+<arg_key>\s*+((?:(?!</arg_key>)[^\n]){1,200}?)\s*+</arg_key>(?:\s|\\n)*+(?P<opened><arg_value>)?"
    ),
    events=_events(
        rf"<tool_call>\s*+{_GNAME}\s*+(?=<arg_key>|</tool_call)",
        "</tool_call",
        _closer("arg_value").pattern,
        "<arg_key>",
    ),
    end=(_closer("tool_call"),),
    cut_values=False,  # Ollama: a cut-off value may be half a file; the call does not run
)
_GLM_OPEN = re.compile(rf"<tool_call>\s*+({_GNAME})(?=(?:\s|\\n)*+(?:<arg_key>|</tool_call|\Z))")


def _parse_glm(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """GLM-4.5 / 4.6: `<tool_call>get_time<arg_key>zone</arg_key><arg_value>UTC</arg_value></tool_call>`."""
    return _xml_units(text, specs, _GLM_OPEN, lambda m: _GLM, _glm_typed)


def _glm_typed(args: dict[str, str], spec: Any, closed: bool) -> dict[str, Any] | None:
    """GLM's template writes every non-string value as JSON: a value whose parameter has no declared type is read
    back as JSON (vLLM's GLM parser). A call cut off before `</tool_call>` runs only with its required arguments
    (Ollama's rule)."""
    if not closed and set(spec_required(spec)) - set(args):
        return None
    props, out = spec_properties(spec), {}
    for key, value in args.items():
        decoded = _NOTHING if _schema_types(props.get(key)) else _literal(value, python=False)
        out[key] = value if decoded is _NOTHING or isinstance(decoded, str) else decoded
    return out


# The openers of calls that really start (prose may stand between calls, closing tags may not).
_HERMES_OPEN = re.compile(r"<(tool_call|tools)>(?=\s*+[\{\[])")
_CALL_START = re.compile("|".join(f"(?:{p.pattern})" for p in (_QWEN_OPEN, _GLM_OPEN, _HERMES_OPEN)))


# src/textcalls/dialects.py --------------------------------------------------------------------

"""The dialects of calls written as text besides the XML-ish ones, and the table `_DIALECTS` every reader goes
through. Each parser's docstring shows one example; a dialect's quirks live in its table entry, never in the
readers. Each parser is linear (see `calls`); scans whose attempts may overlap share a budget (`_budget`)."""


def _parse_hermes(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Hermes / Qwen2.5: `<tool_call>{"name": "get_time", "arguments": {"zone": "UTC"}}</tool_call>`
    (Qwen2.5-Coder may wrap one call or a list of them in `<tools>...</tools>`). The JSON is read with
    `raw_decode`, so a `</tool_call>` inside a string does not cut the call."""
    units = []
    # An opener inside a call's JSON makes an inner unit, which `_find_units` drops; inside a JSON string its JSON
    # cannot start (quotes there are escaped), so each decode reads its own call.
    for m in _HERMES_OPEN.finditer(text):
        value, end = _json_at(text, m.end())
        if value is _NOTHING or value == []:
            continue
        end = _past_stray(text, end, value)
        close = _HERMES_CLOSE[m.group(1)].match(text, _skip_ws(text, end))
        if close:
            end = close.end()
        elif _skip_ws(text, end) != len(text):
            continue
        units.append(_Unit(m.start(), end, _string_args(_envelopes(value), specs)))
    return units


_HERMES_CLOSE = {"tool_call": _closer("tool_call"), "tools": _closer("tools")}
_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*+")
_MISTRAL_NAME = re.compile(r"([A-Za-z_][\w.\-]*+)\s*+(?:\[CALL_ID\]\s*+\w++\s*+)?+(?:\[ARGS\])?+\s*+(?=\{)")
_MISTRAL_JUNK = re.compile(r"[^\n\[{]{1,200}+(?=\[\s*+\{)")  # a few words before the list, on its line


def _parse_mistral(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Mistral: `[TOOL_CALLS][{"name": "get_time", "arguments": {"zone": "UTC"}}]`, also
    `[TOOL_CALLS]get_time{"zone": "UTC"}` and `[TOOL_CALLS]get_time[ARGS]{"zone": "UTC"}`; a few words between the
    marker and the list are skipped (vLLM's fallback)."""
    units = []
    for m in _MISTRAL.finditer(text):
        named = _MISTRAL_NAME.match(text, m.end())
        value, end = _json_at(text, named.end() if named else m.end())
        junk = _MISTRAL_JUNK.match(text, m.end()) if value is _NOTHING and not named else None
        if junk:
            value, end = _json_at(text, junk.end())
        if value is _NOTHING:
            units.append(_Unit(m.start(), m.end(), (_BAD,)))
        else:
            calls = ((named.group(1), _args_object(value), True),) if named else _envelopes(value) or (_BAD,)
            units.append(_Unit(m.start(), end, calls))
    return units


_HARMONY = re.compile(  # a function name is at most 128 characters (OpenAI's limit is 64)
    r"(?:<\|start\|>\s*+assistant\s*+)?(?:(?:<\|channel\|>\s*+)?(?:commentary|analysis)\s++)?"
    r"to=functions\.([\w.\-]{1,128}+)\s*+(?:<\|channel\|>\s*+(?:commentary|analysis)\s*+)?"
    r"(?:<\|constrain\|>\s*+)?(?:json\s*+)?<\|message\|>"
)
_HARMONY_END = re.compile(r"\s*+(?:<\|call\|>|<\|end\|>|\Z|(?=<\|start\|>))")


def _parse_harmony(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """gpt-oss harmony: `<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{"zone": "UTC"}<|call|>`
    (the recipient may also stand before the channel: `<|start|>assistant to=functions.get_time<|channel|>...`)."""
    units = []
    for m in _HARMONY.finditer(text):
        value, end = _json_at(text, m.end())
        close = _HARMONY_END.match(text, end) if value is not _NOTHING else None
        call = (m.group(1), _args_object(value), True) if close else _BAD
        units.append(_Unit(m.start(), close.end() if close else m.end(), (call,)))
    return units


_ANALYSIS = re.compile(r"<\|channel\|>\s*+analysis\s*+<\|message\|>")
_END = re.compile(r"<\|end\|>")
_HEADERS = re.compile(r"<\|start\|>\s*+assistant|<\|channel\|>\s*+\w++|<\|constrain\|>\s*+\w++")
_MARKS = re.compile(r"<\|(?:message|end|return|call)\|>")


def _harmony_text(text: str) -> str:
    """What a harmony reply says outside its calls: its messages but the analysis (to its `<|end|>` or the end)."""
    kept, pos = [], 0
    for m in _ANALYSIS.finditer(text):
        if m.start() >= pos:
            kept.append(text[pos : m.start()])
            end = _END.search(text, m.end())
            pos = end.end() if end else len(text)
    kept.append(text[pos:])
    return _MARKS.sub("", _HEADERS.sub("", "".join(kept)))


_BAR = "[|\uff5c]"  # DeepSeek writes its tokens with a fullwidth bar and U+2581 (shown as ▁)
_DS_BEGIN = re.compile(rf"<{_BAR}tool[\u2581_]calls[\u2581_]begin{_BAR}>")
_DS_CALL = re.compile(
    rf"\s*+<{_BAR}tool[\u2581_]call[\u2581_]begin{_BAR}>([^<]*+)<{_BAR}tool[\u2581_]sep{_BAR}>"
)
_DS_CALL_END = re.compile(rf"\s*+(?:```\s*+)?+<{_BAR}tool[\u2581_]call[\u2581_]end{_BAR}>")
_DS_END = re.compile(rf"\s*+(?:<{_BAR}tool[\u2581_]calls[\u2581_]end{_BAR}>|\Z)")
_DS_V3_NAME = re.compile(r"\s*+([\w.\-]++)[^\S\n]*+\n\s*+(?:```(?:json)?+)?+")


def _deepseek_call(text: str, pos: int, specs: Mapping) -> tuple[tuple[str, Any, bool], int] | None:
    """One DeepSeek call after `pos`: V3 `function<sep>NAME```json{...}```` or V3.1 `NAME<sep>{...}`."""
    m = _DS_CALL.match(text, pos)
    if not m:
        return None
    name, at = m.group(1).strip(), m.end()
    if not text.startswith("{", _skip_ws(text, at)):  # V3: the name follows `function<sep>`
        named = _DS_V3_NAME.match(text, at)
        if not named:
            return _BAD, -1
        name, at = named.group(1), named.end()
    value, end = _json_at(text, at)
    close = _DS_CALL_END.match(text, end) if value is not _NOTHING else None
    if close is None:
        return _BAD, -1
    return (name, _args_object(value), True), close.end()


def _parse_deepseek(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """DeepSeek V3.1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"zone": "UTC"}`
    `<｜tool▁call▁end｜><｜tool▁calls▁end｜>`; V3 writes `function<｜tool▁sep｜>get_time` and a ```json fence."""
    return _sections(text, _DS_BEGIN, _deepseek_call, _DS_END, specs)


# A section, or (llama.cpp's Kimi-K2 cases) calls with no section around them.
_KIMI_BEGIN = re.compile(r"<\|tool_calls?_section_begin\|>|(?=<\|tool_call_begin\|>)")
_KIMI_CALL = re.compile(  # text between the calls of a section is not the reply's text (vLLM drops it)
    r"[^<]{0,1000}+<\|tool_call_begin\|>\s*+([^<\s]{1,256}+)\s*+<\|tool_call_argument_begin\|>"
)
# `functions.get_time:0` names `get_time`; an id of another shape is malformed, or a bare counter (`0`)
_KIMI_ID = re.compile(r"(?:functions\.)?([\w.\-]++):\d++")
_KIMI_CALL_END = re.compile(
    r"\s*+(?:<\|tool_call_end\|>|(?=<\|tool_call_begin\|>|<\|tool_calls?_section_end\|>)|\Z)"
)
_KIMI_END = re.compile(r"\s*+(?:<\|tool_calls?_section_end\|>|\Z)")
# where a call's text ends when its arguments are not JSON: its end marker, or the next call or the section's end
_KIMI_RAW_END = re.compile(r"<\|tool_call_end\|>|(?=<\|tool_call_begin\|>|<\|tool_calls?_section_end\|>)")


def _kimi_call(text: str, pos: int, specs: Mapping[str, dict]) -> tuple[tuple[str, Any, bool], int] | None:
    """One Kimi call after `pos` (its `<|tool_call_end|>` may be left out): (call, end). Arguments that are not JSON
    are kept as their text when the call is closed (vLLM); a call cut off inside them breaks the section (end -1)."""
    m = _KIMI_CALL.match(text, pos)
    if not m:
        return None
    value, end = _json_at(text, m.end())
    close = _KIMI_CALL_END.match(text, end) if value is not _NOTHING else None
    args = _args_object(value)
    if close is None:
        close = _KIMI_RAW_END.search(text, m.end()) if value is _NOTHING else None
        if close is None:
            return _BAD, -1
        args = text[m.end() : close.start()].strip() or {}  # no text: no arguments
    return (_kimi_name(m.group(1), args, specs), args, True), close.end()


def _kimi_name(call_id: str, args: Any, specs: Mapping[str, dict]) -> str:
    """The tool a Kimi call id names; a bare counter (`0`, vLLM's tests) names the one offered tool its arguments fit,
    or the only tool offered when they are no JSON; else none."""
    named = _KIMI_ID.fullmatch(call_id)
    if not named and call_id.isdigit() and isinstance(args, str):
        return next(iter(specs)) if len(specs) == 1 else ""
    if named or not call_id.isdigit() or not isinstance(args, dict):
        return named.group(1) if named else ""
    keys = set(args)
    fits = [n for n, s in specs.items() if keys <= set(spec_properties(s)) and set(spec_required(s)) <= keys]
    return fits[0] if len(fits) == 1 else ""


def _parse_kimi(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0`
    `<|tool_call_argument_begin|>{"zone": "UTC"}<|tool_call_end|><|tool_calls_section_end|>`."""
    return _sections(text, _KIMI_BEGIN, _kimi_call, _KIMI_END, specs)


def _sections(text: str, begin: re.Pattern, one: Callable, end: re.Pattern, specs: Mapping) -> list[_Unit]:
    """A section of calls between two markers: one unit, text if a call breaks its structure. A section `begin`
    opens with no marker (an empty match) needs no end marker."""
    units, last = [], 0
    for m in begin.finditer(text):
        if m.start() < last:
            continue
        calls, pos = [], m.end()
        while (found := one(text, pos, specs)) is not None and found[1] >= 0:
            calls.append(found[0])
            pos = found[1]
        close = end.match(text, pos)
        whole = found is None and calls and (close or m.end() == m.start())
        last = close.end() if close and whole else max(pos, m.end())
        if last > m.start():
            units.append(_Unit(m.start(), last, tuple(calls) if whole else (_BAD,)))
    return units


_PYTHON_TAG = re.compile(r"<\|python_tag\|>")
_LLAMA_END = re.compile(r"\s*+(?:<\|eom_id\|>|<\|eot_id\|>)?+\s*+\Z")


def _parse_llama_tag(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Llama 3.x after its tag: `<|python_tag|>{"name": "get_time", "parameters": {"zone": "UTC"}}`."""
    m = _PYTHON_TAG.search(text)
    found = _json_calls(text, m.end()) if m else None
    if not m or found is None or not _LLAMA_END.match(text, found[1]):
        return [_Unit(m.start(), len(text), (_BAD,))] if m else []
    return [_Unit(m.start(), len(text), _string_args(tuple(found[0]), specs))]


_FENCE_OPEN = re.compile(r"```[ \t]*+(?:json|JSON)?+[ \t]*+\n")
_FENCE_CLOSE = re.compile(r"\s*+```")


def _parse_json_only(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Llama 3.x JSON: the reply is nothing but the call(s), `{"name": "get_time", "parameters": {...}}`, a list of
    them, or the same in a ```json fence; else each envelope with Llama's own `parameters` key, wherever it stands
    (vLLM, SGLang). An `arguments` envelope in prose is another model's format quoted: it stays text."""
    whole = _whole_json(text, specs)
    if whole:
        return whole
    return [
        _cut(text, start) if value is _CUT else _Unit(start, end, _string_args((_json_call(value),), specs))
        for start, end, value in _envelope_values(text)
        if value is _CUT or (isinstance(value, dict) and "parameters" in value)
    ]


def _whole_json(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    body = text.strip()
    fenced = _FENCE_OPEN.match(body)
    if fenced and len(body) >= fenced.end() + 3 and body.endswith("```"):
        body = body[fenced.end() : len(body) - 3].strip()
    if not body.startswith(("{", "[")):
        return []
    found = _json_calls(body, 0, need_args=True)
    rest = _past_stray(body, found[1], [] if body[0] == "[" else {}) if found else 0
    if found is None or _skip_ws(body, rest) != len(body):
        return []
    return [_Unit(0, len(text), _string_args(tuple(found[0]), specs))]


def _parse_qwen25_coder(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Qwen2.5-Coder: the reply is nothing but call envelopes, bare or each in its own fence
    (ollama#12174, vllm#32926): `{"name": "get_time", "arguments": {"zone": "UTC"}}` in ```json fences."""
    calls, pos = [], _skip_ws(text, 0)
    while pos < len(text):
        fence = _FENCE_OPEN.match(text, pos)
        envelope, end = _json_at(text, fence.end() if fence else pos)
        if not (isinstance(envelope, dict) and "name" in envelope and _has_args(envelope)):
            return []
        close = _FENCE_CLOSE.match(text, end) if fence else None
        if fence and not close:
            return []
        calls.append(_json_call(envelope))
        pos = _skip_ws(text, close.end() if close else end)
    return [_Unit(0, len(text), _string_args(tuple(calls), specs))] if calls and pos == len(text) else []


_ENVELOPE = re.compile(r'\{\s*+"(?:name|type|function)"\s*+:')


def _envelope_values(text: str) -> list[tuple[int, int, Any]]:
    """The outermost JSON objects that open with a call's key in `text`; failed decodes share a budget (`_budget`):
    spent, the last entry is (where, end, `_CUT`)."""
    found: list[tuple[int, int, Any]] = []
    budget, end = _budget(len(text)), 0
    for m in _ENVELOPE.finditer(text):
        if m.start() < end:
            continue  # inside an envelope already read
        try:
            value, end = _DECODER.raw_decode(text, m.start())
        except (ValueError, RecursionError) as exc:
            budget -= (exc.pos if isinstance(exc, json.JSONDecodeError) else len(text)) - m.start()
            if budget < 0:
                return [*found, (m.start(), len(text), _CUT)]
            continue
        found.append((m.start(), end, value))
    return found


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


_PY_START, _PY_END = re.compile(r"<\|python_start\|>"), re.compile(r"<\|python_end\|>")


def _tagged_pythonic(text: str) -> list[_Unit]:
    """Llama 4's lists between `<|python_start|>` and `<|python_end|>` (which may be cut off)."""
    units = []
    starts, ends = list(_PY_START.finditer(text)), [*(m.start() for m in _PY_END.finditer(text)), len(text)]
    for m, after in zip(starts, [s.start() for s in starts[1:]] + [len(text)], strict=True):
        end = ends[bisect_left(ends, m.end())]
        if end > after or end - m.end() > _MAX_LITERAL:
            continue  # another start tag before this list's end, or too long to be a list
        source, stop = text[m.end() : end], end + len("<|python_end|>") if end < len(text) else end
        unit = _pythonic_unit(m.start(), stop, source) or _recovered(m.start(), stop, source)
        units += [unit] if unit else []
    return units


_PY_OPEN, _PY_CLOSE = re.compile(r"\[\s*+[A-Za-z_]\w*+\s*+\("), re.compile(r"\)\s*+\]")
_PY_SCAN_CLOSERS = 16  # candidate ends tried per opener (a value may hold `)]`)


def _parse_pythonic(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Pythonic (Llama 3.2 / 4) call lists, wherever they stand (SGLang): `[get_time(zone="UTC"), now()]`. Each
    `[name(` is read up to the first `)]` that closes a valid list; if none does, the last list tried is read call
    by call (vLLM). The sources tried share a budget (`_budget`): openers inside openers read the same text."""
    units = _tagged_pythonic(text) if "<|python_start|>" in text else []
    closes = list(_PY_CLOSE.finditer(text))
    close_starts = [c.start() for c in closes]
    budget, pos = _budget(len(text)), 0
    for m in _PY_OPEN.finditer(text):
        if m.start() < pos:
            continue
        i = bisect_left(close_starts, m.end())
        tried = [c for c in closes[i : i + _PY_SCAN_CLOSERS] if c.end() - m.start() <= _MAX_LITERAL]
        for close in tried:
            budget -= close.end() - m.start()
            if budget < 0:
                return [*units, _cut(text, m.start())]
            unit = _pythonic_unit(m.start(), close.end(), text[m.start() : close.end()])
            if unit is not None:
                break
        else:  # none parses whole: the last one tried, call by call
            last = tried[-1].end() if tried else m.start()
            unit = _recovered(m.start(), last, text[m.start() : last]) if tried else None
        if unit is not None:
            units.append(unit)
            pos = unit.end
    return units


def _pythonic_unit(start: int, end: int, source: str) -> _Unit | None:
    """A pythonic call list as a unit (None: no list of calls); positional or non-literal arguments are `_BAD`."""
    try:
        tree = ast.parse(source.strip(), mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    if not isinstance(tree, ast.List) or not tree.elts:
        return None
    calls = []
    for node in tree.elts:
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            return None
        try:
            args = {k.arg: _py_value(k.value) for k in node.keywords if k.arg is not None}
        except (ValueError, TypeError, RecursionError):
            args = None
        ok = args is not None and not node.args and len(args) == len(node.keywords)
        calls.append((node.func.id, args, True) if ok else _BAD)
    return _Unit(start, end, tuple(calls))


_PY_SPLIT = re.compile(r"\)\s*+,\s*+(?=[A-Za-z_]\w*+\s*+\()")  # between two calls of a list


def _recovered(start: int, end: int, source: str) -> _Unit | None:
    """A list that does not parse whole, read call by call (`[ok(a=1), broken(b='x 'y')]` keeps `ok`)."""
    body = source.strip()
    if not (body.startswith("[") and body.endswith("]")):
        return None
    cuts = [0, *(m.start() + 1 for m in _PY_SPLIT.finditer(body, 1, len(body) - 1)), len(body) - 1]
    calls = []
    for a, b in zip(cuts, cuts[1:], strict=False):
        one = _pythonic_unit(start, end, "[" + body[a + 1 if a else 1 : b] + "]")
        calls.extend(one.calls if one else [_BAD])
    return _Unit(start, end, tuple(calls)) if any(c is not _BAD for c in calls) else None


@dataclass(frozen=True)
class _Dialect:
    name: str
    markers: tuple[str, ...]  # the parser runs only if one of these is in the reply ("" = always)
    parse: Callable[[str, Mapping[str, dict]], list[_Unit]]
    # What the reply says outside its calls, when one of its calls was taken (e.g. harmony's channels).
    clean_text: Callable[[str], str] | None = None


_DIALECTS: tuple[_Dialect, ...] = (
    _Dialect("hermes", ("<tool_call>", "<tools>"), _parse_hermes),
    _Dialect("qwen3_xml", ("<function=",), _parse_qwen3_xml),
    _Dialect("glm45", ("<tool_call>",), _parse_glm),
    _Dialect("mistral", ("[TOOL_CALLS]",), _parse_mistral),
    _Dialect("harmony", ("to=functions.",), _parse_harmony, clean_text=_harmony_text),
    _Dialect("deepseek", ("tool\u2581calls\u2581begin", "tool_calls_begin"), _parse_deepseek),
    _Dialect("kimi_k2", ("_section_begin|>", "<|tool_call_begin|>"), _parse_kimi),
    _Dialect("llama3_json", ("<|python_tag|>",), _parse_llama_tag),
    _Dialect("qwen25_coder", ("{", "```"), _parse_qwen25_coder),
    _Dialect("llama3_json_only", ("{", "[", "```"), _parse_json_only),
    _Dialect("pythonic", ("[",), _parse_pythonic),
)
_DIALECT_BY_NAME = {d.name: d for d in _DIALECTS}


# src/textcalls/reader.py ----------------------------------------------------------------------

"""Reading a reply for calls written as text: every dialect's units, outermost first, minus those quoted in prose
(code spans and fences, as CommonMark reads them), each taken whole or left as text; a veto (`Refuse`: the
text-call rule) keeps a call as text. Linear in the reply; what a reader did not read stays text (`TextCalls.read`)."""


def _find_units(content: str, specs: Mapping[str, dict]) -> tuple[list[_Unit], int]:
    """Every dialect's units, the outermost first, and how much of `content` was read: a reader that spent its
    budget stopped there (`_cut`), and no unit reaches past it (it may be a call in a value nobody read). Dropped:
    a unit inside another one (a call in a value), and one quoted in prose (right after a backtick, in an inline
    code span, or in a code fence that is not the whole reply or holds another language than JSON)."""
    found = [
        replace(u, dialect=d.name)
        for d in _DIALECTS
        if any(k in content for k in d.markers)
        for u in d.parse(content, specs)
    ]
    read = min((u.start for u in found if u.calls == (_CUT,)), default=len(content))
    found = [u for u in found if u.end <= read and u.calls != (_CUT,)]
    fences = [m.start() for m in _FENCE_MARK.finditer(content)]
    whole = content.strip()
    fenced_reply = len(fences) == 2 and bool(_FENCE_OPEN.match(whole)) and whole.endswith("```")
    runs = [(m.start(), len(m.group())) for m in _TICK_RUN.finditer(content)]
    span_ends = {n: [*(at for at, size in runs if size == n), len(content)] for n in (0, 1, 2)}
    blanks = [*(m.start() for m in _BLANK.finditer(content)), len(content)]  # no inline code span crosses one
    taken: list[_Unit] = []
    before = 0  # fences before the unit's start
    scanned, ticks = 0, 0  # prose read so far for inline code spans; the open span's backtick count
    for unit in sorted(found, key=lambda u: (u.start, -u.end)):
        while before < len(fences) and fences[before] < unit.start:
            before += 1
        quoted = unit.start > 0 and (content[unit.start - 1] == "`" or (before % 2 == 1 and not fenced_reply))
        if quoted or (taken and unit.start < taken[-1].end):
            continue
        ticks, scanned = _open_ticks(content, scanned, unit.start, ticks), unit.start
        ends = span_ends[ticks]
        if not (ticks and ends[bisect_left(ends, unit.end)] < blanks[bisect_left(blanks, unit.end)]):
            taken.append(unit)  # else it sits in an inline code span (`...`), which closes after it
            scanned = unit.end
    return taken, read


# What opens and closes an inline code span (fences are ```), and the blank line no span crosses.
_TICKS = re.compile(r"(?<!`)`{1,2}(?!`)|\n[ \t]*+\n")
_FENCE_MARK = re.compile("```")
_TICK_RUN = re.compile(r"(?<!`)`{1,2}(?!`)")
_BLANK = re.compile(r"\n(?=[ \t]*+\n)")


def _open_ticks(text: str, start: int, stop: int, opened: int) -> int:
    """The backtick count of the inline code span open at `stop` (0: none), reading text[start:stop]."""
    for m in _TICKS.finditer(text, start, stop):
        run = len(m.group()) if m.group()[0] == "`" else 0
        opened = 0 if run in (0, opened) else opened or run
    return opened


def _accept(unit: _Unit, specs: Mapping[str, dict]) -> list[tuple[str, str]] | None:
    """The unit's calls as (name, JSON arguments), None if none. A call to a tool nobody offered keeps the whole
    unit as text (prose about calls); a malformed call is dropped and its well-formed siblings kept (vLLM, SGLang)."""
    if any(name and name not in specs for name, _, _ in unit.calls):
        return None
    out = []
    for name, args, typed in unit.calls:
        if not name or not isinstance(args, (dict, str)):
            continue
        props = spec_properties(specs.get(name))
        if isinstance(args, dict) and typed:  # bare string arguments are kept as the JSON string (vLLM)
            args = coerce_arguments(args, props)
        elif isinstance(args, dict):
            args = {k: coerce_value(v, props.get(k)) if isinstance(v, str) else v for k, v in args.items()}
        if _jsonable(args):
            out.append((name, json.dumps(args, ensure_ascii=False)))
    return out or None


# End-of-turn tokens a server may leave after a call; they are not the assistant's text.
_END_TOKEN = re.compile(
    r"(?:</s>|<\|eot_id\|>|<\|eom_id\|>|<\|im_end\|>|<\|endoftext\|>|<\|return\|>"
    r"|<\uff5cend\u2581of\u2581sentence\uff5c>)\Z"
)


def _without_end_tokens(text: str) -> str:
    """`text` without the end-of-turn tokens (and blanks) it ends with: each token read once."""
    end = len(text)
    while True:
        while end and text[end - 1].isspace():
            end -= 1
        token = _END_TOKEN.search(text, max(end - 32, 0), end)  # a token is at most 32 characters
        if not token:
            return text[:end]
        end = token.start()


@dataclass(frozen=True)
class TextCalls:
    """A reply's text outside the calls taken, the calls, and those `refuse` kept as text as (name, JSON arguments).
    `read`: calls were read in the reply's first `read` characters only (None: read whole)."""

    text: str
    calls: list[ToolCall]
    refused: list[tuple[str, str]] = field(default_factory=list)
    read: int | None = None


# refuse(the unit's text, its calls as (name, JSON arguments)) -> True: the unit stays text.
Refuse = Callable[[str, Sequence[tuple[str, str]]], bool]


def parse_inline_calls(
    content: str, specs: Mapping, id_prefix: str = "call_inline"
) -> tuple[str, list[ToolCall]]:
    """(The reply's text outside the calls, the calls) of the dialects in `_DIALECTS`, to tools `specs` offers."""
    found = read_inline_calls(content, specs, id_prefix)
    return found.text, found.calls


def read_inline_calls(
    content: str,
    specs: Mapping,
    id_prefix: str = "call_inline",
    refuse: Refuse | None = None,
    limit: int | None = None,
) -> TextCalls:
    """`parse_inline_calls`, plus a veto: a unit `refuse` rejects stays text and is reported. `limit`: read only the
    first `limit` characters."""
    if not content or not specs:
        return TextCalls(content or "", [])
    prefix = content if limit is None else content[: max(limit, 0)]
    units, read = _find_units(prefix, specs)
    if len(prefix) < len(content):  # a unit that reaches the cut (blanks aside) may go on past it
        tail = len(prefix.rstrip())
        units, read = [u for u in units if u.end < tail], min(read, tail)
    calls: list[ToolCall] = []
    kept, refused, pos, cleaners = [], [], 0, {}
    for unit in units:
        accepted = _accept(unit, specs)
        if accepted is None:
            continue
        if refuse is not None and refuse(content[unit.start : unit.end], accepted):
            refused.extend(accepted)
            continue
        kept.append(content[pos : unit.start])
        cleaners[unit.dialect] = _DIALECT_BY_NAME[unit.dialect].clean_text
        pos = unit.end
        for name, arguments in accepted:
            calls.append(ToolCall(f"{id_prefix}_{len(calls)}", name, arguments, "inline"))
    whole = None if read == len(content) else read
    if not calls:
        return TextCalls(content, [], refused, whole)
    kept.append(content[pos:])
    for clean in filter(None, cleaners.values()):
        kept = [clean(t) for t in kept]
    texts = [_without_end_tokens(t).strip() for t in kept]
    return TextCalls("\n".join(t for t in texts if t), calls, refused, whole)


def text_calls(
    content: str, specs: Mapping, id_prefix: str, refuse: Refuse | None = None, limit: int | None = None
) -> TextCalls:
    """`read_inline_calls`, guarded: odd text never crashes the loop."""
    try:
        return read_inline_calls(content, specs, id_prefix, refuse, limit)
    except Exception:
        logging.getLogger(__name__).debug("textcalls: inline call parsing failed", exc_info=True)
        return TextCalls(content, [])


# src/text_tool_calls/decide.py ----------------------------------------------------------------

"""What the held text of a reply becomes when the reply ends (`decide`): structured calls that Open WebUI's own loop
runs, or the same text, unchanged. It is converted only when all of it (blanks aside) is calls written as text to
tools this request offers, and the text-call rule (`textcalls.rule`, the same as Subquery's) lets every one of them
run: a call whose tool is named in untrusted text read since the user's last message stays text, with the reason.
Arguments are typed by the tool's schema (`textcalls.reader`) and, but for MCP tools, filtered to its parameters,
as Open WebUI's loop does before it runs a call. A call this turn already made REPEAT_CALLS times with the same
arguments stays text too: a small model that writes the same call again after its result would otherwise loop for
as many rounds as Open WebUI allows (256). Pure: no Open WebUI."""


# An identical call (tool and arguments) converted at most this often in one turn, as Subquery's REPEAT_CALL_LIMIT:
# a tool whose answer changes (a clock) may fairly be asked again, a fourth identical call is a loop.
REPEAT_CALLS = 3


@dataclass(frozen=True)
class Offer:
    """The tools a request offers: function specs by name (in the request's `tools` and runnable by the loop), and
    the names whose arguments Open WebUI filters to the spec's parameters (all but MCP tools)."""

    specs: Mapping[str, dict]
    filtered: frozenset[str]

    def is_calls(self, text: str) -> bool:
        """Whether `text` is calls written as text to these tools, and nothing else (blanks aside)."""
        found = text_calls(text, self.specs, "probe")
        return bool(found.calls) and not found.text.strip()


@dataclass(frozen=True)
class Outcome:
    """`calls`: `delta.tool_calls` entries (none: nothing converted); `text`: what the user sees of the held text;
    `refused`: (tool, why) for the calls the rule kept as text."""

    calls: list[dict]
    text: str
    refused: tuple[tuple[str, str], ...] = ()


# why(name, JSON arguments) -> "" when the rule lets the call run, else the reason it does not
Why = Callable[[str, str], str]


def decide(
    held: str,
    offer: Offer,
    why: Why,
    ids: Callable[[int], str],
    made: Mapping[tuple[str, str], int] | None = None,
) -> Outcome:
    """The held text as calls, when it is nothing but calls the rule lets run; else unchanged. `made`: how often
    each call (`data.call_key`) this turn already ran."""
    if not held.strip() or not offer.specs:
        return Outcome([], held)
    reasons: list[tuple[str, str]] = []

    def reason(name: str, arguments: str) -> str:
        runs = (made or {}).get(call_key(name, filtered_arguments(name, arguments, offer)), 0)
        if runs >= REPEAT_CALLS:
            return f"the same call already ran {runs} times in this turn"
        return why(name, arguments)

    def refuse(raw: str, calls: Sequence[tuple[str, str]]) -> bool:
        found = [(name, why_not) for name, arguments in calls if (why_not := reason(name, arguments))]
        reasons.extend(found)
        return bool(found)

    found = text_calls(held, offer.specs, "text", refuse)
    if reasons or not found.calls or found.text.strip():
        return Outcome([], held, tuple(reasons))
    entries = [
        tool_call_entry(i, ids(i), call.name, filtered_arguments(call.name, call.arguments, offer))
        for i, call in enumerate(found.calls)
    ]
    return Outcome(entries, "")


def filtered_arguments(name: str, arguments: str, offer: Offer) -> str:
    """The arguments as Open WebUI's loop passes them: only the tool's parameters, but for MCP tools."""
    if name not in offer.filtered:
        return arguments
    try:
        value = json.loads(arguments)
    except ValueError:
        return arguments
    if not isinstance(value, dict):
        return arguments
    allowed = spec_properties(offer.specs.get(name))
    return json.dumps({k: v for k, v in value.items() if k in allowed}, ensure_ascii=False)


def status_line(outcome: Outcome) -> str:
    """The status line for the user ("" when there is nothing to say)."""
    if outcome.calls:
        names = ", ".join(dict.fromkeys(f"`{c['function']['name']}`" for c in outcome.calls))
        return f"Calls written as text, run by Open WebUI: {len(outcome.calls)} ({names})"
    if outcome.refused:
        name, reason = outcome.refused[0]
        more = f" (and {len(outcome.refused) - 1} more)" if len(outcome.refused) > 1 else ""
        return f"Not run: a call to `{name}` written as text{more}: {reason}"
    return ""


def offer_of(tools: object, runnable: object) -> Offer:
    """The tools a request offers: its `tools` (the specs the model saw) that the loop can run (`runnable`: Open
    WebUI's `metadata['tools']`, name -> entry; an entry of type `mcp` gets its arguments unfiltered)."""
    entries = runnable if isinstance(runnable, Mapping) else {}
    specs: dict[str, dict] = {}
    for item in tools if isinstance(tools, list) else []:
        fn = item.get("function") if isinstance(item, Mapping) else None
        name = fn.get("name") if isinstance(fn, Mapping) else None
        if isinstance(name, str) and name in entries:
            specs[name] = dict(fn)
    mcp = {n for n in specs if isinstance(entries[n], Mapping) and entries[n].get("type") == "mcp"}
    return Offer(specs, frozenset(specs) - mcp)


# src/text_tool_calls/tokens.py ----------------------------------------------------------------

"""Where a call written as text may start in a streamed reply, and what may follow one: the table the holder reads
(`hold.Holder`), and `classify`, which says what a short lead of text (at most LEAD_CHARS characters) is.

- Openers of the shipped dialects (`<tool_call>`, `<function=`, `[TOOL_CALLS]`, DeepSeek's, Kimi's, Llama's,
  harmony's), anywhere in the reply, each with the closers that end its calls (none: the call runs to the end).
- At the start of the reply or of a line (blanks before it allowed): a fence (```` ``` ````, ```` ```json ````), a
  JSON object whose first key is a call's (`{"name"`, `{"function"`...), a list of them (`[{"name"`), a pythonic list
  (`[get_time(`).
- After a call: blanks, a closer, an end-of-turn token, `;` (Llama's separator), or the next call.
- Reasoning tags (Open WebUI's `DEFAULT_REASONING_TAGS`, or the chat's own): what they hold passes at once.

`classify` is linear in the lead (bounded): a fixed token is matched by prefix sets, a line-start lead with blanks
removed."""


LEAD_CHARS = 64  # a lead longer than this is no opener (the longest is 32 characters)

_DEEPSEEK_BEGINS = tuple(
    f"<{a}tool{b}calls{c}begin{d}>" for a, b, c, d in product("|\uff5c", "\u2581_", "\u2581_", "|\uff5c")
)
_DEEPSEEK_ENDS = tuple(
    f"<{a}tool{b}calls{c}end{d}>" for a, b, c, d in product("|\uff5c", "\u2581_", "\u2581_", "|\uff5c")
)

# opener (anywhere) -> the closers that end its calls; () = the calls run to the end of the reply
OPENERS: dict[str, tuple[str, ...]] = {
    "<tool_call>": ("</tool_call>",),  # Hermes, Qwen3-Coder wrapped, GLM-4.5
    "<tools>": ("</tools>",),  # Qwen2.5-Coder's list
    "<function=": ("</function>",),  # Qwen3-Coder bare
    "[TOOL_CALLS]": (),  # Mistral
    "<|python_tag|>": (),  # Llama 3.x
    "<|python_start|>": ("<|python_end|>",),  # Llama 4
    "<|channel|>": ("<|call|>",),  # gpt-oss harmony
    "<|start|>": ("<|call|>",),
    "<|tool_calls_section_begin|>": ("<|tool_calls_section_end|>",),  # Kimi K2
    "<|tool_call_section_begin|>": ("<|tool_call_section_end|>",),
    "<|tool_call_begin|>": ("<|tool_call_end|>",),
    **dict.fromkeys(_DEEPSEEK_BEGINS, _DEEPSEEK_ENDS),  # DeepSeek V3 / V3.1
}
# openers at the start of the reply or of a line only: llama.cpp may leave harmony's recipient after the role header
LINE_OPENERS: dict[str, tuple[str, ...]] = {"to=functions.": ("<|call|>",)}
# End-of-turn tokens a server may leave after a call (as `textcalls.reader` drops them).
END_TOKENS = (
    "</s>",
    "<|eot_id|>",
    "<|eom_id|>",
    "<|im_end|>",
    "<|endoftext|>",
    "<|return|>",
    "<\uff5cend\u2581of\u2581sentence\uff5c>",
)
# What may stand after a call besides blanks and the next call: closers (also a wrapper's after its inner call's,
# `</function></tool_call>`), end tokens, a closing fence, Llama's `;`, and a chat template's stray brace.
AFTER_TOKENS = tuple(
    dict.fromkeys(
        [c for closers in OPENERS.values() for c in closers]
        + ["</tool_call>", "</tools>", "<|tool_calls_section_end|>", "```", ";", "}", "]", *END_TOKENS]
    )
)
CALL_KEYS = ("name", "function", "type", "arguments", "parameters", "id")
_JSON_LEADS = tuple(f'{o}"{k}"' for o, k in product(("{", "[{"), CALL_KEYS))
_FENCE = re.compile(r"```[ \t]*+(?:json|JSON)?+[ \t]*+\r?\n")
_FENCE_PART = re.compile(r"`{1,3}|```[ \t]*+(?:j(?:s(?:on?)?)?|J(?:S(?:ON?)?)?|json|JSON)?+[ \t]*+\r?")
_PY = re.compile(r"\[[A-Za-z_][\w.]*+\(")
_PY_PART = re.compile(r"\[(?:[A-Za-z_][\w.]*+)?")
_WHITESPACE = re.compile(r"\s+")


class Role(Enum):
    TAGGED = "tagged"  # a dialect's opener: its calls end at one of its closers (or at the end)
    JSON = "json"  # a JSON call (or list of them): the body starts at the lead's first character
    PYTHONIC = "pythonic"  # `[name(...)]`: the same, with Python's quotes
    FENCE = "fence"  # an opening fence: a JSON call comes next
    AFTER = "after"  # a closer, end token or separator after a call
    THINK = "think"  # a reasoning tag: its text passes at once, to its closing tag


class Status(Enum):
    MORE = "more"  # the lead could still become something: wait for more text
    NO = "no"  # nothing starts here
    MATCH = "match"


@dataclass(frozen=True)
class Lead:
    status: Status
    role: Role | None = None
    size: int = 0  # characters of the lead the match takes (0 for JSON and pythonic: their body reads them)
    token: str = ""  # the fixed token matched (an opener, a reasoning tag, an after token)


_NO = Lead(Status.NO)
_MORE = Lead(Status.MORE)


def _chars(tokens: object) -> str:
    return "".join(re.escape(c) for c in sorted({t[0] for t in tokens}))  # type: ignore[attr-defined]


class Table:
    """The fixed tokens a lead may be, by role and by where the lead stands (anywhere, at a line start, after a
    call), with every prefix of every token (a lead is read in one pass); and the characters a lead starts with."""

    def __init__(self, reasoning: tuple[tuple[str, str], ...]) -> None:
        self.closing = {o: c for o, c in reasoning if o and c}
        self.closers = {**OPENERS, **LINE_OPENERS}
        anywhere = {**dict.fromkeys(OPENERS, Role.TAGGED), **dict.fromkeys(self.closing, Role.THINK)}
        line = {**anywhere, **dict.fromkeys(LINE_OPENERS, Role.TAGGED)}
        self.roles = (anywhere, line, {**line, **dict.fromkeys(AFTER_TOKENS, Role.AFTER)})
        self.prefixes = tuple({t[:i] for t in roles for i in range(1, len(t) + 1)} for roles in self.roles)
        self.proper = tuple({t[:i] for t in roles for i in range(1, len(t))} for roles in self.roles)
        self.longest = max(len(t) for t in self.roles[2])
        self.anywhere = re.compile(f"[{_chars(anywhere)}]")
        self.line_chars = "{[`" + "".join(t[0] for t in LINE_OPENERS)
        self.line_lead = re.compile(rf"\n[ \t]*+[{re.escape(self.line_chars)}]")

    def fixed(self, lead: str, where: int) -> tuple[bool, str]:
        """(whether `lead` is a proper prefix of a longer token, the longest token `lead` starts with); `where`: 0
        anywhere, 1 at a line start, 2 after a call."""
        prefixes, roles = self.prefixes[where], self.roles[where]
        best, k = "", 0
        while k < min(len(lead), self.longest) and lead[: k + 1] in prefixes:
            k += 1
            if lead[:k] in roles:
                best = lead[:k]
        return k == len(lead) and lead in self.proper[where], best


def classify(lead: str, line: bool, after: bool, table: Table) -> Lead:
    """What `lead` (the text from a candidate position, at most LEAD_CHARS characters) is. `line`: it stands at the
    start of the reply or of a line (or right after a call); `after`: it follows a call (closers may come)."""
    where = 2 if after else 1 if line else 0
    more, token = table.fixed(lead, where)
    found = [(len(token), Lead(Status.MATCH, table.roles[where][token], len(token), token))] if token else []
    if line or after:
        fence = _FENCE.match(lead)
        if fence:
            found.append((fence.end(), Lead(Status.MATCH, Role.FENCE, fence.end())))
        elif _FENCE_PART.fullmatch(lead):
            more = True
        words = _WHITESPACE.sub("", lead)
        if words.startswith(_JSON_LEADS):
            found.append((1, Lead(Status.MATCH, Role.JSON)))
        elif any(k.startswith(words) for k in _JSON_LEADS):
            more = True
        if _PY.match(words):
            found.append((1, Lead(Status.MATCH, Role.PYTHONIC)))
        elif _PY_PART.fullmatch(words):
            more = True
    if more and len(lead) < LEAD_CHARS:
        return _MORE
    return max(found, key=lambda f: f[0])[1] if found else _NO


# src/text_tool_calls/hold.py ------------------------------------------------------------------

"""Holding back a streamed reply's text while it could still be calls written as text (`Holder`).

Prose passes at once. Text is held from a candidate (`tokens`: a dialect's opener anywhere, a fence, a JSON call or a
pythonic list at the start of the reply or of a line) and released the moment it cannot be calls:

- a lead that matches no opener is released at its first character (the rest is read again);
- a call's body runs to its closer (tagged dialects) or to the bracket that closes it (JSON, pythonic; strings
  read as strings); then the unit is read (`probe`: calls to offered tools, nothing else), else released;
- after a call, only blanks, closers, end tokens, `;` and the next call may follow; anything else releases all;
- more than `cap` characters held: all released (such a call is not converted).

What a reasoning tag opens passes at once to its closing tag; a fence of another language than JSON passes at once
to its closing fence (it holds code, not calls). `end` hands over what is held when the reply ends: calls, or text
that was still undecided. Every character is read a bounded number of times: a lead at most LEAD_CHARS times, a
body once by its tracker and once by `probe`, so a reply costs time linear in its length."""


HOLD_CHARS = 200_000  # held text past this is released: a call this long is not converted
BLANK_CHARS = 256  # the blanks kept from the end of the released text

_INDENT = re.compile(r"[ \t]*+")
_BLANKS = re.compile(r"\s*+")
_CODE_END = re.compile(r"\n[ \t]*+```")
_OUT_JSON, _OUT_PY = re.compile(r'[{}\[\]"]'), re.compile(r"""[{}\[\]()"']""")
_IN = {'"': re.compile(r'[\\"]'), "'": re.compile(r"[\\']")}


class Mode(Enum):
    PROSE = "prose"  # passing text, looking for a candidate
    LEAD = "lead"  # a few characters held: what do they start?
    BODY = "body"  # inside a call
    AFTER = "after"  # after a call: blanks, closers or the next call may follow
    THINK = "think"  # inside a reasoning block: passing to its closing tag
    CODE = "code"  # inside a fence of another language: passing to its closing fence


@lru_cache(maxsize=64)
def _closer_pattern(closers: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(c) for c in closers))


class _Brackets:
    """Where a JSON (or Python) value that opens with a bracket closes, read as it streams: strings are skipped whole,
    an escape split over two pieces is kept."""

    def __init__(self, python: bool) -> None:
        self.depth, self.quote, self.escape = 0, "", False
        self.outside = _OUT_PY if python else _OUT_JSON

    def feed(self, s: str, i: int) -> int | None:
        """The index just after the bracket that closes the value, or None when `s` ends first."""
        while i < len(s):
            if self.escape:
                self.escape, i = False, i + 1
                continue
            m = (_IN[self.quote] if self.quote else self.outside).search(s, i)
            if m is None:
                return None
            c, i = m.group(), m.end()
            if self.quote:
                self.escape, self.quote = (True, self.quote) if c == "\\" else (False, "")
            elif c in "\"'":
                self.quote = c
            elif c in "{[(":
                self.depth += 1
            else:
                self.depth -= 1
                if self.depth <= 0:
                    return i
        return None


@dataclass
class Holder:
    """One streamed reply's text: `feed` each piece, get back what the user may see now; `end` when it ends.
    `probe(text)`: whether a unit just read is calls to offered tools and nothing else."""

    table: Table
    probe: Callable[[str], bool]
    cap: int = HOLD_CHARS
    mode: Mode = Mode.PROSE
    line: bool = True  # at the start of the reply or of a line (blanks since)
    held: list[str] = field(default_factory=list)
    chars: int = 0
    lead: str = ""  # the start of a lead, from earlier pieces
    lead_line: bool = False
    lead_after: bool = False
    unit_at: int = 0  # held[unit_at:] is the unit being read
    closers: tuple[str, ...] = ()
    brackets: _Brackets | None = None
    inner: int = 0  # a tagged call's body: 1 = JSON may open it next, 2 = its JSON is being read
    tail: str = ""  # the last characters read in BODY or THINK: a closer split over two pieces
    closing: str = ""  # the reasoning tag that ends THINK
    # the blanks that end the text released so far (Open WebUI strips them from a stored reply)
    blank: str = ""

    def feed(self, text: str, cap: int | None = None) -> str:
        """Read one piece of the reply; returns the text released now, holding at most `cap` (the store's room)."""
        out: list[str] = []
        limit = self.cap if cap is None else min(cap, self.cap)
        stack = [(text, 0)]
        while stack:
            s, i = stack.pop()
            while i < len(s):
                i, again = self._step(s, i, out)
                if self.chars > limit and self.mode in (Mode.BODY, Mode.AFTER):
                    self._release_held(out)
                    self.mode = Mode.PROSE
                if again:  # part of an earlier lead to read again first
                    stack += [(s, i), (again, 0)]
                    break
        return "".join(out)

    def end(self) -> str:
        """What is held when the reply ends (calls, or text still undecided); the holder starts over."""
        text = "".join(self.held) + self.lead
        self.held, self.chars, self.lead, self.mode, self.line = [], 0, "", Mode.PROSE, True
        return text

    @property
    def holding(self) -> int:
        return self.chars + len(self.lead)

    def _step(self, s: str, i: int, out: list[str]) -> tuple[int, str]:
        if self.mode is Mode.PROSE:
            return self._prose(s, i, out), ""
        if self.mode is Mode.LEAD:
            return self._lead(s, i, out)
        if self.mode is Mode.BODY:
            return self._body(s, i, out), ""
        if self.mode is Mode.AFTER:
            return self._after(s, i), ""
        return self._passing(s, i, out), ""

    def _release(self, text: str, out: list[str]) -> None:
        out.append(text)
        kept = text.rstrip()
        self.blank = (self.blank + text)[-BLANK_CHARS:] if not kept else text[len(kept) :][-BLANK_CHARS:]
        nl = text.rfind("\n")  # -1: the text goes on the line it was on
        indent = _INDENT.match(text, nl + 1).end()  # type: ignore[union-attr]
        self.line = (nl >= 0 or self.line) and indent == len(text)

    def _release_held(self, out: list[str]) -> None:
        if self.held:
            self._release("".join(self.held), out)
        self.held, self.chars = [], 0

    def _hold(self, text: str) -> None:
        self.held.append(text)
        self.chars += len(text)

    def _prose(self, s: str, i: int, out: list[str]) -> int:
        j = len(s)
        if self.line:
            k = _INDENT.match(s, i).end()  # type: ignore[union-attr]
            if k < len(s) and s[k] in self.table.line_chars:
                j = k
        m = self.table.anywhere.search(s, i, j)
        j = m.start() if m else j
        m = self.table.line_lead.search(s, i, j)
        j = m.end() - 1 if m else j
        if j > i:
            self._release(s[i:j], out)
        if j < len(s):
            self.mode, self.lead, self.lead_line, self.lead_after = Mode.LEAD, "", self.line, False
        return j

    def _passing(self, s: str, i: int, out: list[str]) -> int:
        """THINK or CODE: everything passes, to the closing tag or fence (then prose at a line start)."""
        window = self.tail + s[i:]
        if self.mode is Mode.THINK:
            at = window.find(self.closing)
            end = at + len(self.closing) if at >= 0 else -1
            keep = len(self.closing) - 1
        else:
            m = _CODE_END.search(window)
            end, keep = (m.end() if m else -1), 1
        if end < 0:
            self._release(s[i:], out)
            self.tail = window[-keep:] if keep else ""
            return len(s)
        stop = i + end - len(self.tail)
        self._release(s[i:stop], out)
        self.mode, self.line = Mode.PROSE, self.mode is Mode.THINK
        return stop

    def _lead(self, s: str, i: int, out: list[str]) -> tuple[int, str]:
        old = self.lead
        piece = s[i : i + LEAD_CHARS]
        lead = (old + piece)[:LEAD_CHARS]
        found = classify(lead, self.lead_line, self.lead_after, self.table)
        if found.status is Status.MORE:
            self.lead = lead
            return len(s), ""
        self.lead = ""

        # where reading goes on once `size` characters of the lead are taken
        def past(size: int) -> tuple[int, str]:
            return (i + size - len(old), "") if size >= len(old) else (i, old[size:])

        if found.status is Status.NO or (found.role is Role.THINK and self.lead_after):
            if self.lead_after:  # not what may follow a call: everything held is text
                self._release_held(out)
                self.mode = Mode.PROSE
                return past(0)
            fence = self.lead_line and lead.startswith("```")
            self._release(lead[: 3 if fence else 1], out)
            self.mode, self.tail = (Mode.CODE, "") if fence else (Mode.PROSE, "")
            return past(3 if fence else 1)
        role, size = found.role, found.size
        if role is Role.THINK:
            self._release(lead[:size], out)
            self.mode, self.closing, self.tail = Mode.THINK, self.table.closing[found.token], ""
        elif role in (Role.AFTER, Role.FENCE):
            self._hold(lead[:size])
            self.mode = Mode.AFTER
        else:
            self.unit_at, self.mode, self.tail = len(self.held), Mode.BODY, ""
            self._hold(lead[:size])
            self.closers = self.table.closers.get(found.token, ())
            self.brackets = None if role is Role.TAGGED else _Brackets(python=role is Role.PYTHONIC)
            self.inner = 1 if role is Role.TAGGED else 0
        return past(size)

    def _body(self, s: str, i: int, out: list[str]) -> int:
        if self.brackets is not None:
            end = self.brackets.feed(s, i)
            self._hold(s[i : len(s) if end is None else end])
            if end is None:
                return len(s)
            if self.inner:  # a tagged call's JSON ended: its closer comes next
                self.brackets, self.inner = None, 0
                return end
            return self._read_unit(end, out)
        # a tagged call opening with JSON (Hermes, Mistral, Llama): a closer inside the JSON is text
        if self.inner == 1:
            j = _BLANKS.match(s, i).end()  # type: ignore[union-attr]
            self._hold(s[i:j])
            if j < len(s):
                self.inner = 2 if s[j] in "{[" else 0
                self.brackets = _Brackets(python=False) if self.inner else None
            return j
        if not self.closers:
            self._hold(s[i:])
            return len(s)
        window = self.tail + s[i:]
        m = _closer_pattern(self.closers).search(window)
        if m is None:
            self._hold(s[i:])
            self.tail = window[-(max(map(len, self.closers)) - 1) :]
            return len(s)
        end = i + m.end() - len(self.tail)
        self._hold(s[i:end])
        return self._read_unit(end, out)

    def _read_unit(self, end: int, out: list[str]) -> int:
        """A unit closed at `end`: calls (then what follows is read), or text (then all held is released)."""
        if self.probe("".join(self.held[self.unit_at :])):
            self.mode = Mode.AFTER
        else:
            self._release_held(out)
            self.mode = Mode.PROSE
        return end

    def _after(self, s: str, i: int) -> int:
        end = _BLANKS.match(s, i).end()  # type: ignore[union-attr]
        if end > i:
            self._hold(s[i:end])
        if end < len(s):
            self.mode, self.lead, self.lead_line, self.lead_after = Mode.LEAD, "", True, True
        return end


# src/text_tool_calls/restore.py ---------------------------------------------------------------

"""Text held when a reply ended with no last chunk (neither a finish reason nor a usage chunk came, so the `stream`
hook never saw its end): the outlet puts it back at the end of the stored message (`restored`), in `content` and in
the last text of its `output`, so nothing the model wrote is lost. The body given is never changed. Pure."""


def _output_with(output: list, text: str) -> list:
    out = list(output)
    for i in range(len(out) - 1, -1, -1):
        item = out[i]
        parts = item.get("content") if isinstance(item, Mapping) and item.get("type") == "message" else None
        last = parts[-1] if isinstance(parts, list) and parts else None
        if isinstance(last, Mapping) and last.get("type") == "output_text":
            last = {**last, "text": str(last.get("text") or "") + text}
            out[i] = {**item, "content": [*parts[:-1], last]}
            return out
    message = {"type": "message", "id": f"msg_{uuid.uuid4().hex}", "status": "completed", "role": "assistant"}
    return [*out, {**message, "content": [{"type": "output_text", "text": text}]}]


def restored(body: Any, message_id: str, text: str, blank: str = "") -> Any:
    """The outlet body with `text` added at the end of message `message_id` (the body itself when it is absent).
    `blank`: the blanks the reply had before `text`; Open WebUI strips them from the end of a stored reply, so they
    are put back in between."""
    messages = body.get("messages") if isinstance(body, Mapping) else None
    if not text or not isinstance(messages, list):
        return body
    for i, m in enumerate(messages):
        if isinstance(m, Mapping) and m.get("id") == message_id:
            content = str(m.get("content") or "")
            text = (blank if content and not content[-1].isspace() else "") + text
            new = {**m, "content": content + text}
            if isinstance(m.get("output"), list):
                new["output"] = _output_with(m["output"], text)
            return {**body, "messages": [*messages[:i], new, *messages[i + 1 :]]}
    return body


# src/text_tool_calls/settings.py --------------------------------------------------------------

"""The valves (each defined once, with its default and meaning), the logger and the exceptions never caught."""


log = logging.getLogger("text_tool_calls")

# Never caught: a cancellation or an exit goes through; everything else is logged and the chunk passes.
FATAL_EXCEPTIONS = (KeyboardInterrupt, SystemExit, asyncio.CancelledError, GeneratorExit)


class Valves(BaseModel):
    enabled: bool = Field(
        default=True,
        description="Convert calls a model writes as text into calls Open WebUI runs. Off: every reply passes untouched.",
    )
    show_status: bool = Field(
        default=True,
        description="A status line when calls written as text are run, or are not run and why.",
    )


# src/text_tool_calls/streams.py ---------------------------------------------------------------

"""The state of the replies being streamed (`Streams`): one `Stream` per model request, keyed by its user, chat,
message and request, so no two users, chats or requests ever share one. Bounded: at most MAX_STREAMS at once (a new
reply past that passes untouched, nothing is evicted mid-reply), at most MAX_HELD characters held by all together (a
reply that would pass it releases what it holds), and a stream silent for EXPIRE_SECONDS is dropped. Time comes from
an injected clock. Pure: no Open WebUI."""


MAX_STREAMS = 512  # replies followed at once (in one Open WebUI worker)
MAX_HELD = 16 * HOLD_CHARS  # characters held by all of them together
# a reply with no chunk for this long is over (Open WebUI's own read timeout is shorter)
EXPIRE_SECONDS = 900.0

# (user id, chat id, message id, the request body's identity, its message count): one model request of a turn
Key = tuple[str, str, str, int, int]


@dataclass
class Stream:
    """One model request's reply: its holder, the tools it may call, whether the model sent structured calls."""

    key: Key
    holder: Holder
    offer: Offer
    seen: float
    structured: bool = False
    held: int = 0  # characters counted in the store's total


class Streams:
    """The replies being streamed, oldest first (by their last chunk)."""

    def __init__(
        self,
        clock: Callable[[], float],
        max_streams: int = MAX_STREAMS,
        max_held: int = MAX_HELD,
        expire: float = EXPIRE_SECONDS,
    ) -> None:
        self.clock, self.max_streams, self.max_held, self.expire = clock, max_streams, max_held, expire
        self._items: OrderedDict[Key, Stream] = OrderedDict()
        self.total = 0  # characters held by all streams

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Key) -> Stream | None:
        self._expire()
        stream = self._items.get(key)
        if stream is not None:
            stream.seen = self.clock()
            self._items.move_to_end(key)
        return stream

    def open(self, key: Key, make: Callable[[], tuple[Holder, Offer]]) -> Stream | None:
        """A new stream for `key`, or None when MAX_STREAMS are already followed."""
        self._expire()
        if len(self._items) >= self.max_streams:
            return None
        holder, offer = make()
        stream = self._items[key] = Stream(key, holder, offer, self.clock())
        return stream

    def room(self, stream: Stream) -> int:
        """How much `stream` may hold: what the others leave of MAX_HELD."""
        return max(self.max_held - (self.total - stream.held), 0)

    def counted(self, stream: Stream) -> None:
        """`stream` was fed: its held characters counted again."""
        now = stream.holder.holding
        self.total += now - stream.held
        stream.held = now

    def close(self, key: Key) -> Stream | None:
        stream = self._items.pop(key, None)
        if stream is not None:
            self.total -= stream.held
            stream.held = 0
        return stream

    def left(self, user: str, chat: str, message: str) -> list[Stream]:
        """The streams of one message still open (their replies ended with no last chunk), closed."""
        keys = [k for k in self._items if k[:3] == (user, chat, message)]
        return [s for s in (self.close(k) for k in keys) if s is not None]

    def _expire(self) -> None:
        limit = self.clock() - self.expire
        while self._items:
            key, stream = next(iter(self._items.items()))
            if stream.seen > limit:
                return
            self.close(key)


# src/textcalls/rule.py ------------------------------------------------------------------------

"""The rule for a call a model wrote as text, in one sentence: it runs only when no untrusted text read since the
user's request names its tool; otherwise it needs the user's yes (Open WebUI's approval `ask`), or it is refused,
and the model and the user are told why. Untrusted: tool results, files, earlier chat. Not untrusted: the user's
request, what the chat's model asked the helper to do, and the texts Open WebUI and this project write themselves
(Tool Search's list of tools, their own error messages).

Names are compared by their key (`canonical`): case, separators (`_ - . `, blanks, any punctuation), camelCase
boundaries, invisible characters (every format and default-ignorable code point), compatibility forms (NFKD), accents
and a few Latin look-alike letters do not count: `delete_all_notes`, `Delete-All-Notes`, `deleteAllNotes`,
`delete all notes`, `ＤＥＬＥＴＥ＿ＡＬＬ＿ＮＯＴＥＳ` and `delete\\u005fall_notes` have one key. A text names a tool when
the tool's key stands in it between word boundaries.

`Mentions` reads the untrusted texts of one request (or one subquery) once each, in order, and keeps which offered
tools they name, in linear work (each slice is decoded and searched a bounded number of times, and no single pass
holds the interpreter for long). `verdict` is the rule."""


# Every format (Cf) and default-ignorable code point (Unicode 17 and Python's 14): dropped before anything else, so
# that none can split a name or an escape. `tests/test_textcalls_rule.py` checks the list against both databases.
INVISIBLE = (
    "\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u115f-\u1160\u17b4-\u17b5\u180b-\u180f"
    "\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufffb\U000110bd\U000110cd"
    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
)
_ACCENTS = "\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f"  # combining marks, after NFKD
_DROPPED = re.compile(f"[{INVISIBLE}{_ACCENTS}]+")
# Cyrillic and Greek letters that look like Latin ones (a table of the commonest, not Unicode's whole list).
_LOOK_ALIKES = str.maketrans(
    "аеорсухіјѕԁԛԝһӏАВЕКМНОРСТХІЈЅοαικνρτυχϲϳΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "aeopcyxijsdqwhlABEKMHOPCTXIJSoaikvptuxcjABEZHIKMNOPTYX",
)
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
_SEPARATORS = re.compile(r"[\W_]+")
_INNER_UPPER = re.compile(r"[A-Za-z0-9][A-Z]")
_ASCII_SEPARATORS = str.maketrans({chr(c): " " for c in range(128) if not chr(c).isalnum()})
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|[\"'\\/bfnrt])")
_ESCAPES = {'"': '"', "'": "'", "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
_SURROGATE = re.compile("[\ud800-\udfff]")

DECODE_PASSES = 8  # layers of JSON, Python or HTML escaping undone (an HTML page escaped twice in JSON: 3)
SLICE_CHARS = 65_536  # a text is read in slices: no one pass over it holds the interpreter for long
JOIN_CHARS = 1_024  # around the seam of two slices or two texts, the raw characters decoded again together
DATA_CHARS = 4_000_000  # past this much untrusted text, the rest is not read and every tool counts as named


def _unescaped(text: str) -> str:
    """JSON and Python string escapes undone (`\\u0064` -> d, `\\x64` -> d, `\\"` -> "), surrogate pairs joined."""

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        return _ESCAPES[code] if len(code) == 1 else chr(min(int(code[1:], 16), 0x10FFFF))

    decoded = _ESCAPE.sub(one, text)
    if not _SURROGATE.search(decoded):
        return decoded
    return decoded.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _decoded(text: str) -> tuple[str, bool]:
    """Invisible characters dropped, escapes and HTML entities undone to a fixpoint: (text, fixpoint reached)."""
    for _ in range(DECODE_PASSES):
        step = text if text.isascii() else _DROPPED.sub("", text)
        step = _unescaped(step) if "\\" in step else step
        step = html.unescape(step) if "&" in step else step
        if step == text:
            return text, True
        text = step
    return text, False


def canonical(text: str) -> tuple[str, bool]:
    """(The text as names are compared in it, whether its escapes were undone to the end): lower-case words, one
    blank between two, and one at either end where the text has a separator (canonical slices join as the whole
    text would)."""
    text, whole = _decoded(text)
    return (_ascii_words(text) if text.isascii() else _words(text)), whole


def _words(text: str) -> str:
    text = _DROPPED.sub("", unicodedata.normalize("NFKD", text)).translate(_LOOK_ALIKES)
    return _SEPARATORS.sub(" ", _CAMEL.sub(" ", text).casefold())


def _ascii_words(text: str) -> str:
    """`_words` of an ASCII text, several times faster."""
    camel = _CAMEL.sub(" ", text) if _INNER_UPPER.search(text) else text
    words = camel.translate(_ASCII_SEPARATORS).split()
    if not words:
        return " " if text else ""
    joined = " ".join(words).casefold()
    return (" " if not text[0].isalnum() else "") + joined + (" " if not text[-1].isalnum() else "")


@dataclass(frozen=True)
class Verdict:
    """What happens to a call written as text, and why (for the model and the user), when it does not run at once."""

    action: Literal["allow", "ask", "refuse"]
    reason: str = ""


class Mentions:
    """Which of the offered tools the untrusted texts read so far name. `read(text, where)` reads one more text (`where`
    says what it was, for the reason given); texts are read as one stream, so a name or an escape split over two
    texts is found. Past DATA_CHARS, or with escapes nested deeper than DECODE_PASSES, the rest could not be read:
    every tool counts as named (`unread`)."""

    def __init__(self, names: Iterable[str]) -> None:
        self.keys = {
            name: key for name in names if isinstance(name, str) and (key := canonical(name)[0].strip())
        }
        self.found: dict[str, str] = {}  # name -> where it was first read
        self.unread = ""  # why the texts could not all be read ("" while they could)
        self.size = 0
        self._tail = " "  # the canonical stream's last characters: a name split over two texts
        self._raw = ""  # the raw stream's last JOIN_CHARS characters: an escape split over two texts
        self._raw_split = False  # whether `_raw` starts inside a word
        self._room = 2 + max((len(k) for k in self.keys.values()), default=0)

    def read(self, text: str, where: str = "a tool result") -> None:
        if not self.keys or self.unread or not isinstance(text, str) or not text:
            return
        if self.size + len(text) > DATA_CHARS:
            self.unread = f"more than {DATA_CHARS:,} characters of data"
            return
        self.size += len(text)
        for start in range(0, len(text), SLICE_CHARS):
            end = start + SLICE_CHARS  # a word the slice's end cuts is read whole with the next slice
            self._slice(
                text[start:end], where, not start, len(text) > end and text[end - 1 : end + 1].isalnum()
            )

    def _slice(self, raw: str, where: str, new_text: bool, split: bool) -> None:
        """One slice, searched with the stream's end before it: as one word run (`dele` + `te_all`), at the seam of
        two texts as two (`delete` + `AllNotes`); and its seam decoded whole (`\\u00` + `64elete`)."""
        words, whole = canonical(raw)
        if not whole:
            self.unread = f"escapes nested more than {DECODE_PASSES} deep"
        # a word cut at the end of the slice, or at either end of the seam's window, is no whole word
        marked = _part(words + "x", 0, len(words)) if split else words
        self._search(self._tail + marked, where)
        if new_text:
            self._search(f"{self._tail} {_part(marked, 0, self._room)}", where)
        joined = canonical(self._raw + raw[:JOIN_CHARS])[0]
        if self._raw_split:
            joined = _part("x" + joined, 1, len(joined) + 1)
        if raw[JOIN_CHARS - 1 : JOIN_CHARS + 1].isalnum() if len(raw) > JOIN_CHARS else split:
            joined = _part(joined + "x", 0, len(joined))
        self._search(joined, where)
        tail, raws = self._tail + words, self._raw + raw
        self._tail = _part(tail, max(len(tail) - self._room, 0), len(tail))
        cut = len(raws) - JOIN_CHARS
        self._raw, self._raw_split = raws[max(cut, 0) :], cut > 0 and raws[cut - 1 : cut + 1].isalnum()

    def _search(self, words: str, where: str) -> None:
        """The offered names whose key stands in `words` (a key with a word not there costs a set lookup)."""
        padded, present = f" {words} ", set(words.split())
        for name, key in self.keys.items():
            if name not in self.found and all(w in present for w in key.split()) and f" {key} " in padded:
                self.found[name] = where

    def why(self, name: str) -> str:
        """Why a call of `name` written as text does not run at once ("" when nothing untrusted names it)."""
        if self.unread:
            return f"the data this run read could not all be checked ({self.unread})"
        where = self.found.get(name)
        return f"`{name}` is named in {where}, which is data, not a request" if where else ""


def _part(words: str, start: int, end: int) -> str:
    """words[start:end], a word split at either end marked as no whole word (NUL stands in no word)."""
    part = words[start:end]
    if 0 < start < len(words) and words[start - 1 : start + 1].isalnum():
        part = "\0" + part[1:]
    if 0 < end < len(words) and words[end - 1 : end + 1].isalnum():
        part = part[:-1] + "\0"
    return part


def verdict(names: Iterable[str], mentions: Mentions, can_ask: bool) -> Verdict:
    """The rule for one call written as text: `names` are its tool's names (as written, and as it would run: Tool
    Search's `call_tool` names the tool it calls); `can_ask`: Open WebUI's approval is `ask` and a user can answer."""
    reasons = [why for name in dict.fromkeys(names) if (why := mentions.why(name))]
    if not reasons:
        return Verdict("allow")
    return Verdict("ask" if can_ask else "refuse", reasons[0])


# src/text_tool_calls/owui.py ------------------------------------------------------------------

"""The Open WebUI adapter: the `Filter` class Open WebUI loads (valves, the `stream` and `outlet` hooks) over the pure
core. The only module that touches Open WebUI: its reasoning tags and Tool Search's `resolve_tool_call`, imported
when they are used (the file imports without Open WebUI).

`stream` sees each provider chunk of a native turn's model request (Open WebUI's streaming path, the only one that
runs tools): the reply's text is fed to the request's `Holder`, the chunk goes on with the text released. On the
chunk that ends the reply (a finish reason, or a usage-only chunk), what is held becomes `delta.tool_calls` when it is
nothing but calls the rule lets run (Open WebUI's own loop then runs them, with its approval, access checks, storage
and `request` hooks), else it is released as text. `outlet` puts back text held by a reply that ended with no last
chunk. Per-request state lives in `STREAMS` (bounded, expiring), never on `self`: one instance serves every user.
Nothing raises into Open WebUI (`BaseException` included; only a cancellation or an exit goes through): a chunk
that fails is passed on with whatever its reply held."""


# process-wide: every request's state, keyed by user, chat, message and request
STREAMS = Streams(time.monotonic)
OFFLOAD_CHARS = 65_536  # held text or untrusted data larger than this is read in a worker thread
_EMIT_TIMEOUT = 5.0  # seconds a status event may take before it is abandoned


def _key(user: Any, metadata: Any, body: Any) -> Key | None:
    """The request a chunk belongs to; None outside a native turn (no chat, message, user or body)."""
    if not (isinstance(body, dict) and isinstance(metadata, dict) and isinstance(user, dict)):
        return None
    chat, message, uid = metadata.get("chat_id"), metadata.get("message_id"), user.get("id")
    if not all(isinstance(v, str) and v for v in (chat, message, uid)):
        return None
    messages = body.get("messages")
    return uid, chat, message, id(body), len(messages) if isinstance(messages, list) else -1


def _reasoning_tags(metadata: dict) -> tuple[tuple[str, str], ...]:
    """The reasoning tags Open WebUI strips in this chat (its `reasoning_tags` param, else its defaults)."""
    params = metadata.get("params")
    param = params.get("reasoning_tags") if isinstance(params, dict) else None
    if param is False:
        return ()
    if isinstance(param, list) and len(param) == 2:
        return ((str(param[0]), str(param[1])),)
    try:
        from open_webui.utils.middleware import DEFAULT_REASONING_TAGS
    except ImportError:
        return ()
    return tuple((str(a), str(b)) for a, b in DEFAULT_REASONING_TAGS)


@lru_cache(maxsize=32)
def _table(tags: tuple[tuple[str, str], ...]) -> Table:
    return Table(tags)


def _resolved(name: str, arguments: str, tools: Any) -> str:
    """The tool a call runs: Tool Search's `call_tool` unwrapped by Open WebUI's own `resolve_tool_call`."""
    if name != "call_tool" or not isinstance(tools, dict):
        return name
    try:
        from open_webui.utils.tool_search import resolve_tool_call

        call = {"function": {"name": name, "arguments": arguments}}
        return name if resolve_tool_call(call, tools) else str(call["function"].get("name") or name)
    except Exception:
        return name


async def _why(body: dict, metadata: dict) -> Any:
    """The rule for this request: the untrusted texts since the user's last message read once (off the event loop
    when large), then `why(name, arguments)` -> the reason a call does not run ("" when it runs)."""
    tools = metadata.get("tools") if isinstance(metadata.get("tools"), dict) else {}
    mentions = Mentions(tools)
    texts = list(untrusted_texts(body.get("messages"), metadata.get("sources")))

    def read_all() -> None:
        for text, where in texts:
            mentions.read(text, where)

    if sum(len(t) for t, _ in texts) > OFFLOAD_CHARS:
        await asyncio.to_thread(read_all)
    else:
        read_all()

    def why(name: str, arguments: str) -> str:
        found = verdict([name, _resolved(name, arguments, tools)], mentions, can_ask=False)
        return found.reason if found.action != "allow" else ""

    return why


async def _emit(emitter: Any, description: str) -> None:
    if not callable(emitter) or not description:
        return
    try:
        result = emitter({"type": "status", "data": {"description": description, "done": True}})
        if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
            await asyncio.wait_for(result, timeout=_EMIT_TIMEOUT)
    except FATAL_EXCEPTIONS:
        raise
    except BaseException:
        log.warning("text_tool_calls: status event failed", exc_info=True)


async def _outcome(stream: Stream, held: str, chunk: Chunk, body: dict, metadata: dict) -> Outcome:
    """What the held text becomes: nothing is converted when the model sent structured calls or ran out of room."""
    if stream.structured or chunk.finish == "length" or not held.strip():
        return Outcome([], held)
    why = await _why(body, metadata)
    prefix = f"call_text_{uuid.uuid4().hex[:12]}"
    args = (held, stream.offer, why, lambda i: f"{prefix}_{i}", turn_calls(body.get("messages")))
    return await asyncio.to_thread(decide, *args) if len(held) > OFFLOAD_CHARS else decide(*args)


async def on_chunk(event: Any, body: Any, metadata: Any, user: Any, emitter: Any, show: bool) -> Any:
    """One chunk of a streamed reply: the chunk to pass on."""
    chunk = read(event)
    key = _key(user, metadata, body) if chunk is not None else None
    if chunk is None or key is None:
        return event
    stream = STREAMS.get(key)
    if stream is None:
        if not (chunk.content or chunk.calls):
            return event
        offer = offer_of(body.get("tools"), metadata.get("tools"))
        if not offer.specs:
            return event
        stream = STREAMS.open(key, lambda: _start(offer, metadata))
        if stream is None:
            log.warning("text_tool_calls: %d replies followed already; this one passes as is", len(STREAMS))
            return event
    stream.structured = stream.structured or chunk.calls
    released = stream.holder.feed(chunk.content, STREAMS.room(stream)) if chunk.content else ""
    STREAMS.counted(stream)
    if not (chunk.finish or chunk.last):
        return event if released == chunk.content else with_content(event, released)
    STREAMS.close(key)
    held = stream.holder.end()
    if not held:
        return event if released == chunk.content else with_content(event, released)
    outcome = await _outcome(stream, held, chunk, body, metadata)
    if show:
        await _emit(emitter, status_line(outcome))
    if outcome.calls:
        return with_calls(event, released, outcome.calls)
    return with_content(event, released + outcome.text)


def _start(offer: Offer, metadata: dict) -> tuple[Holder, Offer]:
    return Holder(_table(_reasoning_tags(metadata)), offer.is_calls), offer


def salvage(event: Any, body: Any, metadata: Any, user: Any) -> Any:
    """After a failure: the chunk with everything its reply held (nothing is lost), the reply no longer followed."""
    try:
        key = _key(user, metadata, body)
        stream = STREAMS.close(key) if key is not None else None
        held = stream.holder.end() if stream is not None else ""
        chunk = read(event)
        return with_content(event, held + chunk.content) if held and chunk is not None else event
    except FATAL_EXCEPTIONS:
        raise
    except BaseException:
        log.exception("text_tool_calls: the chunk passes as it came")
        return event


class Filter:
    Valves = Valves

    def __init__(self) -> None:
        self.valves = self.Valves()

    async def stream(
        self,
        event: dict,
        __body__: Any = None,
        __metadata__: Any = None,
        __user__: Any = None,
        __event_emitter__: Any = None,
    ) -> Any:
        """Hold a reply's text while it may be calls written as text; turn such calls into structured ones."""
        try:
            if not self.valves.enabled:
                return event
            show = bool(self.valves.show_status)
            return await on_chunk(event, __body__, __metadata__, __user__, __event_emitter__, show)
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.exception("text_tool_calls stream failed; the chunk passes with what its reply held")
            return salvage(event, __body__, __metadata__, __user__)

    async def outlet(self, body: dict, __user__: Any = None, __metadata__: Any = None) -> Any:
        """Put back text held by a reply that ended with no last chunk; nothing else changes."""
        try:
            metadata = __metadata__ if isinstance(__metadata__, dict) else {}
            uid = __user__.get("id") if isinstance(__user__, dict) else None
            chat = body.get("chat_id") or metadata.get("chat_id") if isinstance(body, dict) else None
            message = body.get("id") or metadata.get("message_id") if isinstance(body, dict) else None
            if not all(isinstance(v, str) and v for v in (uid, chat, message)):
                return body
            left = STREAMS.left(uid, chat, message)
            blank = left[0].holder.blank if left else ""
            text = "".join(s.holder.end() for s in left)
            return restored(body, message, text, blank) if text else body
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.exception("text_tool_calls outlet failed; the body passes unchanged")
            return body
