"""Text is data (`TextGuard`): the texts a run was given as data (tool results, files, recent messages, the prompt),
read once under ONE normalization (`normalized`), and the questions a reader asks of them. `quoted`: does this
stretch of a reply stand in the data? `near`: does the data hold a call like this one (the tool's name written as a
call, and, unless the call has no arguments, one of its arguments written as `key = value`)? `whole`: was every text
read whole (under the caps, its escapes undone to the end)? No dialect parser reads the data: the normalization
writes every spelling of a call the same way (escapes and entities undone to a fixpoint, NFKC, case folded, blanks,
invisible format characters and quotes dropped, `:` and `>` written `=`, Python's `None` as `null`, trailing commas
dropped), so a call quoted in any dialect (one added later too), escaped, nested in JSON, split over two texts or
"repaired" by the model is found the same way. The work is linear: each text is normalized once, in a bounded number of passes; a
question is a few substring searches over the normalized data."""

from __future__ import annotations

import html
import json
import os
import re
import unicodedata
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

# The data a guard reads: each text up to the first, all of them up to the second (normalized characters).
# Past either, or when a text's escapes are nested deeper than DECODE_PASSES, the data was not read whole.
GUARD_TEXT_CHARS = 1_000_000
GUARD_DATA_CHARS = 4_000_000
DECODE_PASSES = 8  # layers of JSON or HTML escaping undone (a page HTML-escaped twice inside JSON in JSON: 4)
VALUE_CHARS = 64  # an argument's value is compared by its first (normalized) characters
MAX_PAIRS = 64  # arguments of one call compared with the data
MAX_HITS = (
    1_000  # places `key=` stands in the data that are looked at for one argument; more: taken as written
)

_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|x[0-9a-fA-F]{2}|[\"'\\/bfnrt])")
_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPES = {'"': '"', "'": "'", "\\": "\\", "/": "/", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t"}
# Dropped: invisible format characters (zero-width, bidi controls, tags: before each decoding pass too, so that
# they cannot split an escape), then blanks and every kind of quote.
_INVISIBLE = (
    "\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\U000e0000-\U000e007f"
)
_HIDDEN = re.compile(f"[{_INVISIBLE}]+")
_DROP = re.compile(f"[\\s\"'\u00ab\u00bb\u2018-\u201f\u2039\u203a{_INVISIBLE}]+")
_TRAILING_COMMA = re.compile(r"(?<!,),++(?=[}\])])")  # possessive, from a run's start only: linear
# After a tool's name, what makes it a call's name: a bracket, a brace, `<`, `=` (also `:`, `>`), `,`, `|`, a backtick.
_CALL_AFTER = r"[()\[\]{}<=,|`]"
_VALUE_END = ",;)]}<|"  # where a value ends in the normalized data


def _unescaped(text: str) -> str:
    """JSON and Python string escapes undone (`\\"` -> `"`, `\\n` -> newline, `\\u00e9`, `\\xe9` -> é), wherever they
    stand."""

    def one(m: re.Match[str]) -> str:
        code = m.group(1)
        return _ESCAPES[code] if len(code) == 1 else chr(min(int(code[1:], 16), 0x10FFFF))

    decoded = _ESCAPE.sub(one, text)
    if not _SURROGATE.search(decoded):
        return decoded
    return decoded.encode("utf-16", "surrogatepass").decode("utf-16", "replace")  # pairs joined


def _decoded(text: str) -> tuple[str, bool]:
    """Escapes and HTML entities undone, layer by layer, to a fixpoint: (text, whether the fixpoint was reached)."""
    for _ in range(DECODE_PASSES):
        step = _HIDDEN.sub("", text)
        # Dropped again once escapes are undone: an escaped one cannot split an entity (`&lt\\u200b;`).
        step = _HIDDEN.sub("", _unescaped(step)) if "\\" in step else step
        step = html.unescape(step) if "&" in step else step
        if step == text:
            return text, True
        text = step
    return text, False


def normalized(text: str) -> tuple[str, bool]:
    """The one spelling data and calls are compared in, and whether `text` was decoded to the end. Linear."""
    text, whole = _decoded(text)
    text = _DROP.sub("", unicodedata.normalize("NFKC", text).casefold())
    text = (
        text.replace("</arg_key><arg_value>", "=").replace(":", "=").replace(">", "=").replace("none", "null")
    )
    return _TRAILING_COMMA.sub("", text), whole


def _norm(text: str) -> str:
    return normalized(text)[0]


def _value_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        return ""


class TextGuard:
    """The texts a run was given as data, normalized (`normalized`) and joined in the order they came, without a
    separator (a call split over two texts is found). `specs`: the offered tools (with none, nothing is read:
    nothing can run). Adding a text is one normalization of it; each question is a few substring searches."""

    def __init__(
        self, specs: Mapping[str, dict], texts: Iterable[str] = (), instructions: Iterable[str] = ()
    ):
        self.specs = dict(specs)
        self.whole = True  # every text read whole: under the caps, its escapes undone to the end
        self._parts: list[str] = []
        self._size = 0
        self._data, self._joined = "", 0  # the parts joined, and how many of them
        for text in texts:
            self.add(text)
        # Instructions (a task someone with the same tools wrote): a unit quoted from them stays text, a call near
        # one of theirs is what they ask for.
        said = (t for t in instructions if isinstance(t, str) and t.strip()) if self.specs else ()
        self._said = [normalized(t[:GUARD_TEXT_CHARS])[0] for t in said]

    def add(self, text: Any) -> None:
        if not self.specs or not isinstance(text, str) or not text.strip():
            return
        if len(text) > GUARD_TEXT_CHARS:
            text, self.whole = text[:GUARD_TEXT_CHARS], False
        norm, decoded = normalized(text)
        room = GUARD_DATA_CHARS - self._size
        if len(norm) > room or not decoded:
            norm, self.whole = norm[: max(room, 0)], False
        self._parts.append(norm)
        self._size += len(norm)

    @property
    def data(self) -> str:
        if self._joined != len(self._parts):
            self._data, self._joined = "".join(self._parts), len(self._parts)
        return self._data

    def quoted(self, raw: str) -> bool:
        """This stretch of a reply (a call as the model wrote it) stands in the data or the instructions."""
        needle = _norm(raw) if isinstance(raw, str) else ""
        return bool(needle) and (needle in self.data or any(needle in said for said in self._said))

    def near(self, name: str, arguments: Mapping[str, Any]) -> bool:
        """The data holds a call like this one: the tool's name followed by call punctuation (`name(`, `name{`,
        `"name",`, `name>`, `name:`, ...), and, when the call has arguments, one of them written as `key = value`
        (any quoting, `:`, `=` or a tag between; the value's first VALUE_CHARS characters). Not necessarily in
        the same text, nor near each other."""
        data, key = self.data, _norm(name)
        if not key or re.search(re.escape(key) + _CALL_AFTER, data) is None:
            return False
        pairs = list(_pairs(arguments))
        return not pairs or any(_written(data, k, v) for k, v in pairs)

    def refuses(self, raw: str, calls: Sequence[tuple[str, str]]) -> bool:
        """The veto for `read_inline_calls` when nobody can be asked: the unit stands in the data, a call of it is
        near a call in the data, or the data was not read whole."""
        return self.quoted(raw) or not self.whole or any(self.near(n, _arguments(a)) for n, a in calls)


def _arguments(text: str) -> Mapping[str, Any]:
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def _pairs(arguments: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """The arguments compared with the data, normalized: (key, the value's first characters). Nulls say nothing."""
    for k, v in list(arguments.items())[:MAX_PAIRS]:
        key = _norm(str(k))
        if key and v is not None:
            yield key, _norm(_value_text(v))[:VALUE_CHARS]


def _written(data: str, key: str, value: str) -> bool:
    """`key=value` stands in `data`, the key where a key can start (after no letter, digit or `_`), the value
    the same, or one of the two a prefix of the other where the shorter one ends (a model that "repairs" a call
    may carry a value on: `true` in the data, `true</parameter>...` written). After MAX_HITS places `key=` stands
    that are no match, it is taken as written: hostile data costs bounded work."""
    if _written_at(data, data.find(key + "=" + value)):  # the common case: one search
        return True
    needle = key + "="
    at = data.find(needle)
    for _ in range(MAX_HITS):
        if at < 0:
            return False
        start = at + len(needle)
        same = len(os.path.commonprefix([data[start : start + len(value)], value]))
        ended = start + same == len(data) or data[start + same] in _VALUE_END
        if _written_at(data, at) and (same == len(value) or (same and ended)):
            return True
        at = data.find(needle, at + 1)
    return at >= 0


def _written_at(data: str, at: int) -> bool:
    return at == 0 or (at > 0 and not (data[at - 1].isalnum() or data[at - 1] == "_"))
