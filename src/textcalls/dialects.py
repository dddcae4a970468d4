"""The dialects of calls written as text besides the XML-ish ones (Hermes, Mistral, harmony, DeepSeek, Kimi, Llama,
Qwen2.5-Coder, pythonic) and the table `_DIALECTS` every reader goes through. Each parser's docstring shows one
example; a dialect's quirks live in its table entry (`clean_text`, `scan`), never in the readers. Each parser reads
its text in linear time (see `calls`); the scans of data whose attempts may overlap share a budget (`_budget`)."""

from __future__ import annotations

import ast
import json
import re
from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .calls import (
    _BAD,
    _DECODER,
    _MAX_LITERAL,
    _NOTHING,
    _args_object,
    _budget,
    _cut,
    _has_args,
    _json_at,
    _json_call,
    _json_calls,
    _past_stray,
    _skip_ws,
    _string_args,
    _Unit,
)
from .xml import _HERMES_OPEN, _closer, _parse_glm, _parse_qwen3_xml


def _parse_hermes(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Hermes / Qwen2.5: `<tool_call>{"name": "get_time", "arguments": {"zone": "UTC"}}</tool_call>`
    (Qwen2.5-Coder may wrap one call or a list of them in `<tools>...</tools>`). The JSON is read with
    `raw_decode`, so a `</tool_call>` inside a string does not cut the call."""
    units = []
    # An opener inside a call's JSON makes an inner unit, which `_find_units` drops. Inside a JSON string its
    # JSON cannot start (quotes there are escaped): each decode reads its own call.
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
        calls = tuple(_json_call(v) for v in value) if isinstance(value, list) else (_json_call(value),)
        units.append(_Unit(m.start(), end, _string_args(calls, specs)))
    return units


_HERMES_CLOSE = {"tool_call": _closer("tool_call"), "tools": _closer("tools")}
_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*+")
_MISTRAL_NAME = re.compile(r"([A-Za-z_][\w.\-]*+)\s*+(?:\[CALL_ID\]\s*+\w++\s*+)?+(?:\[ARGS\])?+\s*+(?=\{)")


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
        if close is None:
            units.append(_Unit(m.start(), m.end(), (_BAD,)))
        else:
            units.append(_Unit(m.start(), close.end(), ((m.group(1), _args_object(value), True),)))
    return units


_ANALYSIS = re.compile(r"<\|channel\|>\s*+analysis\s*+<\|message\|>")
_END = re.compile(r"<\|end\|>")
_HEADERS = re.compile(r"<\|start\|>\s*+assistant|<\|channel\|>\s*+\w++|<\|constrain\|>\s*+\w++")
_MARKS = re.compile(r"<\|(?:message|end|return|call)\|>")


def _harmony_text(text: str) -> str:
    """What a harmony reply says outside its calls: the final/commentary messages, not the analysis (which runs
    to its `<|end|>`, or to the end of the text)."""
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
_KIMI_CALL = re.compile(  # text between the calls of a section is not the reply's text (vLLM drops it)
    r"[^<]{0,1000}+<\|tool_call_begin\|>\s*+(?:functions\.)?([\w.\-]++)(?::\d++)?+\s*+<\|tool_call_argument_begin\|>"
)
_KIMI_CALL_END = re.compile(r"\s*+<\|tool_call_end\|>")
_KIMI_END = re.compile(r"\s*+(?:<\|tool_calls?_section_end\|>|\Z)")


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
        units.append(
            _Unit(m.start(), close.end() if close else pos, tuple(calls) if close and calls else (_BAD,))
        )
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
    """Llama 3.x JSON when the reply is nothing but the call(s): `{"name": "get_time", "parameters": {...}}`,
    a list of them, `{"type": "function", ...}`, or the same inside a ```json fence."""
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
_ENVELOPE_KEYS = ("name", "type", "function")


def _scan_json_envelopes(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """JSON call envelopes (`{"name": ..., "arguments": ...}`) anywhere in a text: the scan of data. A decoded
    envelope is read once, with the envelopes nested in it; failed decodes share a budget (`_budget`)."""
    units: list[_Unit] = []
    budget, end = _budget(len(text)), 0
    for m in _ENVELOPE.finditer(text):
        if m.start() < end:
            continue  # inside an envelope already read, nested ones included
        try:
            value, end = _DECODER.raw_decode(text, m.start())
        except (ValueError, RecursionError) as exc:
            budget -= (exc.pos if isinstance(exc, json.JSONDecodeError) else len(text)) - m.start()
            if budget < 0:
                return [*units, _cut(text, m.start())]
            continue
        units.extend(_Unit(m.start(), end, (_json_call(v),)) for v in _envelopes(value))
    return units


def _envelopes(value: Any) -> Iterator[dict]:
    """The objects in a decoded JSON value, outermost first, whose first key names a call (as `_ENVELOPE` reads)."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if next(iter(item), None) in _ENVELOPE_KEYS:
                yield item
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


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


def _parse_pythonic(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Pythonic (Llama 3.2 / 4): the reply is nothing but the list `[get_time(zone="UTC"), now()]`, or the
    list stands between Llama 4's `<|python_start|>` and `<|python_end|>` (the end tag may be cut off; a
    list holding the start tag itself stays text)."""
    if len(text) > _MAX_LITERAL:
        return []
    if "<|python_start|>" not in text:
        body = text.strip()
        unit = _pythonic_unit(0, len(text), body) if body.startswith("[") and body.endswith("]") else None
        return [unit] if unit else []
    units = []
    starts, ends = list(_PY_START.finditer(text)), [m.start() for m in _PY_END.finditer(text)]
    for m, after in zip(starts, [s.start() for s in starts[1:]] + [len(text)], strict=True):
        i = bisect_left(ends, m.end())
        end = ends[i] if i < len(ends) else len(text)
        if end > after:
            continue  # another start tag before this list's end: not a list (each source is read once)
        unit = _pythonic_unit(
            m.start(), end + len("<|python_end|>") if end < len(text) else end, text[m.end() : end]
        )
        units += [unit] if unit else []
    return units


_PY_OPEN, _PY_CLOSE = re.compile(r"\[\s*+[A-Za-z_]\w*+\s*+\("), re.compile(r"\)\s*+\]")
_PY_SCAN_CLOSERS = 16  # candidate ends tried per opener (a value may hold `)]`)


def _scan_pythonic(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Pythonic call lists anywhere in a text of data (`... run [get_time(zone="UTC")] now ...`), and Llama 4's
    tagged lists: the scan of data. Each `[name(` is read up to the first `)]` that closes a valid list; the
    sources tried share a budget (`_budget`), as openers inside openers would read the same text again."""
    units = _parse_pythonic(text, specs) if "<|python_start|>" in text else []
    closes = list(_PY_CLOSE.finditer(text))
    close_starts = [c.start() for c in closes]
    budget, pos = _budget(len(text)), 0
    for m in _PY_OPEN.finditer(text):
        if m.start() < pos:
            continue
        i = bisect_left(close_starts, m.end())
        for close in closes[i : i + _PY_SCAN_CLOSERS]:
            if close.end() - m.start() > _MAX_LITERAL:
                break
            budget -= close.end() - m.start()
            if budget < 0:
                return [*units, _cut(text, m.start())]
            unit = _pythonic_unit(m.start(), close.end(), text[m.start() : close.end()])
            if unit is not None:
                units.append(unit)
                pos = close.end()
                break
    return units


def _pythonic_unit(start: int, end: int, source: str) -> _Unit | None:
    try:
        tree = ast.parse(source.strip(), mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None
    if not isinstance(tree, ast.List) or not tree.elts:
        return None
    calls = []
    for node in tree.elts:
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.args:
            return None
        try:
            args = {k.arg: _py_value(k.value) for k in node.keywords if k.arg is not None}
        except (ValueError, TypeError, RecursionError):
            return _Unit(start, end, (_BAD,))
        calls.append((node.func.id, args if len(args) == len(node.keywords) else None, True))
    return _Unit(start, end, tuple(calls))


@dataclass(frozen=True)
class _Dialect:
    """One way of writing calls as text: a parser returning units, and the dialect's own quirks as hooks."""

    name: str
    markers: tuple[str, ...]  # the parser runs only if one of these is in the reply ("" = always)
    parse: Callable[[str, Mapping[str, dict]], list[_Unit]]
    # What the reply says outside its calls, when one of its calls was taken (e.g. harmony's channels).
    clean_text: Callable[[str], str] | None = None
    # Units anywhere in a text of data (`TextGuard`), for dialects whose `parse` needs the whole reply.
    scan: Callable[[str, Mapping[str, dict]], list[_Unit]] | None = None


_DIALECTS: tuple[_Dialect, ...] = (
    _Dialect("hermes", ("<tool_call>", "<tools>"), _parse_hermes),
    _Dialect("qwen3_xml", ("<function=",), _parse_qwen3_xml),
    _Dialect("glm45", ("<tool_call>",), _parse_glm),
    _Dialect("mistral", ("[TOOL_CALLS]",), _parse_mistral),
    _Dialect("harmony", ("to=functions.",), _parse_harmony, clean_text=_harmony_text),
    _Dialect("deepseek", ("tool\u2581calls\u2581begin", "tool_calls_begin"), _parse_deepseek),
    _Dialect("kimi_k2", ("_section_begin|>",), _parse_kimi),
    _Dialect("llama3_json", ("<|python_tag|>",), _parse_llama_tag),
    _Dialect("qwen25_coder", ("{", "```"), _parse_qwen25_coder, scan=_scan_json_envelopes),
    _Dialect("llama3_json_only", ("{", "[", "```"), _parse_json_only, scan=_scan_json_envelopes),
    _Dialect("pythonic", ("[",), _parse_pythonic, scan=_scan_pythonic),
)
_DIALECT_BY_NAME = {d.name: d for d in _DIALECTS}
