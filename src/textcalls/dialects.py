"""The dialects of calls written as text besides the XML-ish ones, and the table `_DIALECTS` every reader goes
through. Each parser's docstring shows one example; a dialect's quirks live in its table entry, never in the
readers. Each parser is linear (see `calls`); scans whose attempts may overlap share a budget (`_budget`)."""

from __future__ import annotations

import ast
import json
import re
from bisect import bisect_left
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .calls import (
    _BAD,
    _CUT,
    _DECODER,
    _MAX_LITERAL,
    _NOTHING,
    _args_object,
    _budget,
    _cut,
    _envelopes,
    _has_args,
    _json_at,
    _json_call,
    _json_calls,
    _past_stray,
    _skip_ws,
    _string_args,
    _Unit,
    spec_properties,
    spec_required,
)
from .xml import _HERMES_OPEN, _closer, _parse_glm, _parse_qwen3_xml


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
