"""The XML-ish dialects, Qwen3-Coder (`<function=…><parameter=…>`) and GLM-4.5/4.6 (`<arg_key>`/`<arg_value>`), read
by one machine (`_Xml`) that finds where each value really ends: at the close of *its* key (closers nested inside
it, or followed by text that cannot follow a value, stay in it), else where a new key of the tool opens or the
call closes (as vLLM, SGLang and Ollama read it). Missing closers are fine at the very end of a reply."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from .calls import (
    _MAX_UNITS,
    _NOTHING,
    _literal,
    _schema_types,
    _skip_ws,
    _Unit,
    spec_properties,
    spec_required,
)


def _trim_value(value: str) -> str:
    """The value as its template wrote it: one newline after the opening tag and one before the closing tag
    are the template's (Ollama's rule), nothing else is. A closing tag indented on its own line means the
    model indented the whole block: then the block's common indentation goes too."""
    lead = value.startswith(("\n", "\r\n"))
    if lead:
        value = value[2:] if value.startswith("\r\n") else value[1:]
    indented = re.search(r"\r?\n[ \t]+\Z", value) if lead else None
    if not indented:
        return value[:-2] if value.endswith("\r\n") else value[:-1] if value.endswith("\n") else value
    lines = value[: indented.start()].split("\n")
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
_CUT_CLOSERS = ("</function>", "</tool_call>")  # a reply cut off inside one of these still ends the call
_MAX_CANDIDATES = 256


@dataclass(frozen=True)
class _Xml:
    """One XML-ish dialect: how a key opens, how its value closes, how the call ends."""

    key: re.Pattern[str]  # at the current position: group 1 is the key; ends where the value starts
    nest_open: str  # a whole call opening inside a value (nesting depth), and its closing tag
    nest_close: str
    value_close: re.Pattern[str]
    end: tuple[re.Pattern[str], ...]  # the call's closing tags, in order (the last may be missing at the end)
    tail: re.Pattern[str] | None = None  # a closer that may follow the call (`</tool_call>` after bare XML)
    cut_values: bool = True  # a reply cut off inside a value still gives that value (else: no call)

    @property
    def events(self) -> re.Pattern[str]:
        """Nested calls opening and closing, value closers and keys, in text order (`re` caches it)."""
        return re.compile(
            f"(?P<open>{self.nest_open})|(?P<shut>{self.nest_close})|(?P<close>{self.value_close.pattern})"
            f"|(?P<key>{self.key.pattern})"
        )


def _clean_after(text: str, pos: int, strict: bool) -> bool:
    """After a call: text without closing tags (a closer means we were inside a value) up to the next call
    that really starts, so prose may stand between calls; `strict` (inside a quoted call): to the end of
    the reply, unless another call follows right away."""
    at = _skip_ws(text, pos)
    if strict:
        return at == len(text) or bool(_CALL_OPEN.match(text, at)) or not _TAGS_CLOSE.search(text, at)
    following = _CALL_START.search(text, at)
    return not _TAGS_CLOSE.search(text, at, following.start() if following else len(text))


def _call_end(text: str, pos: int, dialect: _Xml, strict: bool = False) -> int | None:
    """Offset after the call's closing tags at `pos`, or None. Missing closers are fine at the very end."""
    for i, tag in enumerate(dialect.end):
        pos = _skip_ws(text, pos)
        if pos == len(text) or (len(text) - pos < 12 and any(c.startswith(text[pos:]) for c in _CUT_CLOSERS)):
            return len(text)
        m = tag.match(text, pos)
        if m:
            pos = m.end()
        elif i == len(dialect.end) - 1:  # only an inner closer (`</function>`) may be missing
            return None
    tail = dialect.tail.match(text, _skip_ws(text, pos)) if dialect.tail and not strict else None
    pos = tail.end() if tail else pos
    return pos if _clean_after(text, pos, strict) else None


def _continues(
    text: str, pos: int, dialect: _Xml, keys: frozenset[str], seen: set[str], strict: bool = False
) -> str | None:
    """What follows a value that closes at `pos`: "key" (a new key of this tool), "end" (the call's end), or None."""
    at = _skip_ws(text, pos)
    m = dialect.key.match(text, at)
    if m:
        key = m.group(1)
        return "key" if key not in seen and (key in keys or not keys) else None
    return "end" if _call_end(text, pos, dialect, strict) is not None else None


def _value_end(
    text: str, start: int, dialect: _Xml, keys: frozenset[str], seen: set[str], opened: bool = True
) -> tuple[int, int] | None:
    """Where this value ends: (end of value, end of its closing tag), None if malformed. A value runs to the
    close of *its* key: closers nested inside it, or followed by text that cannot follow a value, stay in it.
    First choice: a closer not nested in the value, or one that ends the call; else the first that fits.
    A value whose closer was left out ends where a new key of this tool opens, or where the call closes
    (vLLM, SGLang, Ollama read it so); not a value whose opening tag was left out too (`opened`)."""
    fallback: tuple[int, int] | None = None
    depth, closers = 0, 0
    for n, m in enumerate(dialect.events.finditer(text, start)):
        if n >= 2 * _MAX_CANDIDATES:  # a reply full of tags costs a bounded amount of work per value
            break
        kind = m.lastgroup
        if kind == "open" or (kind == "shut" and depth):
            depth += 1 if kind == "open" else -1
        elif kind in ("shut", "key") and opened and depth == 0 and not closers:
            ends = _continues(text, m.start(), dialect, keys, seen) == "key" if kind == "key" else None
            if ends or (kind == "shut" and _call_end(text, m.start(), dialect) is not None):
                return m.start(), m.start()
        elif kind == "close":
            closers += 1
            follows = _continues(text, m.end(), dialect, keys, seen, strict=depth > 0)
            if follows and (depth == 0 or follows == "end"):
                return m.start(), m.end()
            if follows and fallback is None:
                fallback = m.start(), m.end()
    if closers or not opened:
        return fallback  # None: closers, but none that leaves a well-formed call
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
        opened = "opened" not in dialect.key.groupindex or m.group("opened") is not None
        found = _value_end(text, m.end(), dialect, keys, set(args) | {key}, opened)
        if found is None:
            return None
        value_end, pos = found
        args[key] = _trim_value(text[m.end() : value_end])
        if pos == len(text) and value_end == len(text):
            return (args, pos) if dialect.cut_values else None


_QNAME = r"\s*[\"']?([^>\"'\n]+?)[\"']?\s*>"  # a name, spaces allowed (Ollama), quotes dropped
_QWEN = _Xml(
    key=re.compile(r"<parameter=" + _QNAME),
    nest_open=r"<function=\s*[\"']?[^>\"'\n]+?[\"']?\s*>",
    nest_close="</function",
    value_close=_closer("parameter"),
    end=(_closer("function"),),
    tail=_closer("tool_call"),
)
_QWEN_WRAPPED = replace(_QWEN, end=(_closer("function"), _closer("tool_call")), tail=None)
_QWEN_OPEN = re.compile(r"(<tool_call>\s*)?<function=" + _QNAME)


def _parse_qwen3_xml(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Qwen3-Coder XML, wrapped or bare:
    `<tool_call><function=get_time><parameter=zone>UTC</parameter></function></tool_call>`."""
    units, pos = [], 0
    for _ in range(_MAX_UNITS):  # openers looked at, taken or not: bounded work on any text
        if not (m := _QWEN_OPEN.search(text, pos)):
            break
        pos = m.end()
        dialect = _QWEN_WRAPPED if m.group(1) else _QWEN
        found = _xml_pairs(text, m.end(), dialect, frozenset(spec_properties(specs.get(m.group(2)))))
        if found is not None:
            units.append(_Unit(m.start(), found[1], ((m.group(2), found[0], False),)))
            pos = found[1]
    return units


_GNAME = r"[^\s<>{}\[\]\"'\\]+"  # GLM writes the bare name: `get-weather`, `获取天气`
_GLM = _Xml(
    # GLM-4.6 sometimes leaves out `<arg_value>` (Ollama repairs it); such a value needs its `</arg_value>`.
    # A literal `\n` between the tags is how an escaped reply reads (SGLang's GLM tests).
    key=re.compile(
        r"(?:\\n\s*)*<arg_key>\s*((?:(?!</arg_key>)[^\n]){1,200}?)\s*</arg_key>(?:\s|\\n)*(?P<opened><arg_value>)?"
    ),
    nest_open=rf"<tool_call>\s*{_GNAME}\s*(?=<arg_key>|</tool_call)",
    nest_close="</tool_call",
    value_close=_closer("arg_value"),
    end=(_closer("tool_call"),),
    cut_values=False,  # Ollama: a cut-off value may be half a file; the call does not run
)
_GLM_OPEN = re.compile(rf"<tool_call>\s*({_GNAME})(?=(?:\s|\\n)*(?:<arg_key>|</tool_call|\Z))")
_GLM_CLOSED = re.compile(r"</tool_call[^<>\n]{0,20}>\s*\Z")


def _parse_glm(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """GLM-4.5 / 4.6: `<tool_call>get_time<arg_key>zone</arg_key><arg_value>UTC</arg_value></tool_call>`.
    A call cut off before `</tool_call>` runs only with its required arguments (Ollama's rule)."""
    units, pos = [], 0
    for _ in range(_MAX_UNITS):  # openers looked at, taken or not: bounded work on any text
        if not (m := _GLM_OPEN.search(text, pos)):
            break
        pos = m.end()
        name, spec = m.group(1), specs.get(m.group(1))
        found = _xml_pairs(text, m.end(), _GLM, frozenset(spec_properties(spec)))
        if found is None:
            continue
        args, end = found
        if not _GLM_CLOSED.search(text, m.start(), end) and set(spec_required(spec)) - set(args):
            continue
        units.append(_Unit(m.start(), end, ((name, _glm_typed(args, spec), False),)))
        pos = end
    return units


def _glm_typed(args: dict[str, str], spec: Any) -> dict[str, Any]:
    """GLM's template writes every non-string value as JSON: a value whose parameter has no declared type
    is read back as JSON when it is a number, boolean, null, list or object (vLLM's GLM parser does)."""
    props, out = spec_properties(spec), {}
    for key, value in args.items():
        decoded = _NOTHING if _schema_types(props.get(key)) else _literal(value, python=False)
        out[key] = value if decoded is _NOTHING or isinstance(decoded, str) else decoded
    return out


# The openers of calls that really start (prose may stand between calls, closing tags may not).
_HERMES_OPEN = re.compile(r"<(tool_call|tools)>(?=\s*[\{\[])")
_CALL_START = re.compile("|".join(f"(?:{p.pattern})" for p in (_QWEN_OPEN, _GLM_OPEN, _HERMES_OPEN)))
