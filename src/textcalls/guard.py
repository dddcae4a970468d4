"""Text is data (`TextGuard`, the veto `read_inline_calls` takes): a call written as text that stands in a text
this run was given as data (a tool result, a file, a recent message, the prompt) never runs. Every dialect in
`_DIALECTS` (and any added later) reads the data texts too, in each of their spellings (JSON-escaped one or two
levels deep, HTML-escaped)."""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .calls import _CUT
from .dialects import _DIALECTS
from .reader import _accept

_SPACE = re.compile(r"\s+")
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|[\"\\/bfnrt])")
_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPES = {'"': '"', "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}


def canonical_arguments(arguments: str) -> str:
    """JSON arguments in one spelling (keys sorted, no spaces), to compare calls."""
    try:
        return json.dumps(json.loads(arguments), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (ValueError, TypeError, RecursionError):
        return arguments


def scan_text_calls(text: str, specs: Mapping[str, dict]) -> set[tuple[str, str]]:
    """Every call written in `text` in any dialect, wherever it stands (in prose, quoted, fenced, inside
    a value), as (name, canonical arguments): how a text of data is read for calls."""
    return scan_data(text, specs)[0]


def scan_data(text: str, specs: Mapping[str, dict]) -> tuple[set[tuple[str, str]], bool]:
    """`scan_text_calls`, and whether the text was read whole. Every reader is linear in the text; the few
    whose attempts may overlap (openers inside openers) share a budget proportional to it, and one that spends
    it stops there (`_cut`): only a text built to make it so is not read whole, and a guard should then treat
    it as it treats a text over its size cap."""
    found: set[tuple[str, str]] = set()
    whole = True
    for dialect in (d for d in _DIALECTS if any(k in text for k in d.markers)):
        for unit in (dialect.scan or dialect.parse)(text, specs):
            whole = whole and unit.calls != (_CUT,)
            for name, arguments in _accept(unit, specs) or ():
                found.add((name, canonical_arguments(arguments)))
    return found, whole


def _unescaped(text: str) -> str:
    """JSON string escapes undone (`\\"` -> `"`, `\\n` -> newline, `\\u00e9` -> é), wherever they stand."""

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        return chr(int(code[1:], 16)) if code[0] == "u" else _ESCAPES[code]

    decoded = _ESCAPE.sub(one, text)
    if not _SURROGATE.search(decoded):
        return decoded
    return decoded.encode("utf-16", "surrogatepass").decode("utf-16", "replace")  # pairs joined


def data_spellings(text: str) -> list[str]:
    """A text of data and the other spellings of what it holds: JSON-escaped (a tool result that is
    JSON, one or two levels deep) and HTML-escaped text decoded. Each is at most as long as `text`."""
    out = [text]
    for _ in range(2):
        last = out[-1]
        if "\\" not in last:
            break
        decoded = _unescaped(last)
        if decoded == last:
            break
        out.append(decoded)
    for spelling in list(out):
        if "&" in spelling:
            decoded = html.unescape(spelling)
            if decoded != spelling:
                out.append(decoded)
    return out


class TextGuard:
    """The texts a run was given as data (tool results, files, recent messages, the prompt).
    A call written as text is refused when its text (whitespace aside) stands in one of them, or when
    the same call (name and arguments, in any dialect) is written in one of them. Adding a text costs
    one pass over it per dialect whose marker it holds; a check is one substring search."""

    def __init__(self, specs: Mapping[str, dict], texts: Iterable[str] = ()):
        self.specs = dict(specs)
        self.calls: set[tuple[str, str]] = set()
        self._parts: list[str] = []
        self._haystack, self._joined = "", 0  # the parts joined, and how many of them
        for text in texts:
            self.add(text)

    def add(self, text: Any) -> None:
        if not self.specs or not isinstance(text, str) or not text.strip():
            return  # with no tools nothing can run
        for spelling in data_spellings(text):
            self._parts.append(_SPACE.sub("", spelling))
            self.calls |= scan_text_calls(spelling, self.specs)

    def refuses(self, raw: str, calls: Sequence[tuple[str, str]]) -> bool:
        if any((name, canonical_arguments(arguments)) in self.calls for name, arguments in calls):
            return True
        needle = _SPACE.sub("", raw)
        if not needle or not self._parts:
            return False
        if self._joined != len(self._parts):
            self._haystack = "\x00".join(self._parts)
            self._joined = len(self._parts)
        return needle in self._haystack
