"""The XML-ish dialects, Qwen3-Coder (`<function=…><parameter=…>`) and GLM-4.5/4.6 (`<arg_key>`/`<arg_value>`), read
by one machine (`_Xml`) that finds where each value really ends: at the close of *its* key (closers nested inside
it, or followed by text that cannot follow a value, stay in it), else where a new key of the tool opens or the
call closes (as vLLM, SGLang and Ollama read it). Missing closers are fine at the very end of a reply.

Linear time: a text's tags are found once (`_Tags`), what follows a tag is looked up once, and the walks over the
tags after each value (openers inside failed calls are tried too, so walks overlap) share one budget (`_cut`)."""

from __future__ import annotations

import os
import re
from bisect import bisect_left
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .calls import (
    _NOTHING,
    _budget,
    _cut,
    _literal,
    _schema_types,
    _skip_ws,
    _Unit,
    spec_properties,
    spec_required,
)

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
