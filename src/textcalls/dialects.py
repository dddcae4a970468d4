"""The dialects of calls written as text besides the XML-ish ones (Hermes, Mistral, harmony, DeepSeek, Kimi, Llama,
Qwen2.5-Coder, pythonic) and the table `_DIALECTS` every reader goes through. Each parser's docstring shows one
example; a dialect's quirks live in its table entry (`clean_text`, `scan`), never in the readers."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any

from .calls import (
    _BAD,
    _MAX_LITERAL,
    _MAX_UNITS,
    _NOTHING,
    _args_object,
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
    # An opener inside a call's JSON makes an inner unit, which `_find_units` drops.
    for m in islice(_HERMES_OPEN.finditer(text), _MAX_UNITS):
        value, end = _json_at(text, m.end())
        if value is _NOTHING or value == []:
            continue
        end = _past_stray(text, end, value)
        close = _closer(m.group(1)).match(text, _skip_ws(text, end))
        if close:
            end = close.end()
        elif _skip_ws(text, end) != len(text):
            continue
        calls = tuple(_json_call(v) for v in value) if isinstance(value, list) else (_json_call(value),)
        units.append(_Unit(m.start(), end, _string_args(calls, specs)))
    return units


_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*")
_MISTRAL_NAME = re.compile(r"([A-Za-z_][\w.\-]*)\s*(?:\[CALL_ID\]\s*\w+\s*)?(?:\[ARGS\])?\s*(?=\{)")


def _parse_mistral(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Mistral: `[TOOL_CALLS][{"name": "get_time", "arguments": {"zone": "UTC"}}]`, also
    `[TOOL_CALLS]get_time{"zone": "UTC"}` and `[TOOL_CALLS]get_time[ARGS]{"zone": "UTC"}`."""
    units = []
    for m in islice(_MISTRAL.finditer(text), _MAX_UNITS):
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
    for m in islice(_HARMONY.finditer(text), _MAX_UNITS):
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
_DS_CALL = re.compile(
    rf"\s*<{_BAR}tool[\u2581_]call[\u2581_]begin{_BAR}>([^<]*?)<{_BAR}tool[\u2581_]sep{_BAR}>"
)
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
_KIMI_CALL = re.compile(  # text between the calls of a section is not the reply's text (vLLM drops it)
    r"[^<]{0,1000}?<\|tool_call_begin\|>\s*(?:functions\.)?([\w.\-]+?)(?::\d+)?\s*<\|tool_call_argument_begin\|>"
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
    for m in islice(begin.finditer(text), _MAX_UNITS):
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
_LLAMA_END = re.compile(r"\s*(?:<\|eom_id\|>|<\|eot_id\|>)?\s*\Z")


def _parse_llama_tag(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Llama 3.x after its tag: `<|python_tag|>{"name": "get_time", "parameters": {"zone": "UTC"}}`."""
    m = _PYTHON_TAG.search(text)
    found = _json_calls(text, m.end()) if m else None
    if not m or found is None or not _LLAMA_END.match(text, found[1]):
        return [_Unit(m.start(), len(text), (_BAD,))] if m else []
    return [_Unit(m.start(), len(text), _string_args(tuple(found[0]), specs))]


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
    found = _json_calls(body, 0, need_args=True)
    rest = _past_stray(body, found[1], [] if body[0] == "[" else {}) if found else 0
    if found is None or _skip_ws(body, rest) != len(body):
        return []
    return [_Unit(0, len(text), _string_args(tuple(found[0]), specs))]


_FENCE_OPEN = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n")
_FENCE_CLOSE = re.compile(r"\s*```")


def _parse_qwen25_coder(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Qwen2.5-Coder: the reply is nothing but call envelopes, bare or each in its own fence
    (ollama#12174, vllm#32926): `{"name": "get_time", "arguments": {"zone": "UTC"}}` in ```json fences."""
    calls, pos = [], _skip_ws(text, 0)
    while pos < len(text) and len(calls) < _MAX_UNITS:
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


_ENVELOPE = re.compile(r'\{\s*"(?:name|type|function)"\s*:')


def _scan_json_envelopes(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """JSON call envelopes (`{"name": ..., "arguments": ...}`) anywhere in a text: the scan of data."""
    units = []
    for m in islice(_ENVELOPE.finditer(text), _MAX_UNITS):
        value, end = _json_at(text, m.start())
        if value is not _NOTHING:
            units.append(_Unit(m.start(), end, (_json_call(value),)))
    return units


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


_PY_WRAP = re.compile(r"\A\s*(\[.*\])\s*\Z", re.DOTALL)
_PY_START, _PY_END = re.compile(r"<\|python_start\|>"), re.compile(r"<\|python_end\|>")


def _parse_pythonic(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Pythonic (Llama 3.2 / 4): the reply is nothing but the list `[get_time(zone="UTC"), now()]`, or the
    list stands between Llama 4's `<|python_start|>` and `<|python_end|>` (the end tag may be cut off)."""
    if len(text) > _MAX_LITERAL:
        return []
    if "<|python_start|>" not in text:
        m = _PY_WRAP.match(text)
        unit = _pythonic_unit(0, len(text), m.group(1)) if m else None
        return [unit] if unit else []
    units = []
    for m in islice(_PY_START.finditer(text), _MAX_UNITS):
        end = _PY_END.search(text, m.end())
        source = text[m.end() : end.start() if end else len(text)]
        unit = _pythonic_unit(m.start(), end.end() if end else len(text), source)
        units += [unit] if unit else []
    return units


_PY_OPEN, _PY_CLOSE = re.compile(r"\[\s*[A-Za-z_]\w*\s*\("), re.compile(r"\)\s*\]")
_PY_SCAN_CLOSERS = 16  # candidate ends tried per opener (a value may hold `)]`)
_PY_SCAN_BUDGET = 4 * _MAX_LITERAL  # characters parsed per scanned text, whatever it holds


def _scan_pythonic(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Pythonic call lists anywhere in a text of data (`... run [get_time(zone="UTC")] now ...`), and Llama 4's
    tagged lists: the scan of data. Each `[name(` is read up to the first `)]` that closes a valid list."""
    units = _parse_pythonic(text, specs) if "<|python_start|>" in text else []
    budget, pos = _PY_SCAN_BUDGET, 0
    for _ in range(_MAX_UNITS):  # openers looked at, taken or not: bounded work on any text
        if budget <= 0 or not (m := _PY_OPEN.search(text, pos)):
            break
        pos = m.end()
        for n, close in enumerate(_PY_CLOSE.finditer(text, m.end(), m.start() + _MAX_LITERAL)):
            budget -= close.end() - m.start()
            if n >= _PY_SCAN_CLOSERS or budget < 0:
                break
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
