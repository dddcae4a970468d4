"""Counting messages: ``TokenCounter`` (a pure function of each message, never of its place) and
the process-wide count cache that lets every request of a chat count its old texts once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .estimator import estimate_tokens
from .messages import FATAL_EXCEPTIONS, IMAGE_PARTS, _safe_dumps, log


@dataclass(frozen=True)
class TokenCounter:
    """How message costs are computed: a pure function of each message, never of its place.

    Every text is counted whole: exactly with ``exact`` (an encoding loaded without network, see
    :func:`get_exact_counter`), else with :func:`estimate_tokens`, a safe upper bound.  Counts of
    texts of ``_CACHE_ABOVE`` characters or more are kept in :data:`COUNT_CACHE`, keyed by a
    digest of the text, so the old messages Open WebUI rebuilds for every request are counted once.
    """

    image_tokens: int = 1024
    message_overhead: int = 4
    call_overhead: int = 8
    exact: Callable[[str], int] | None = None

    def text(self, s: str) -> int:
        n = len(s)
        if n < _CACHE_ABOVE:
            return estimate_tokens(s) if self.exact is None else self.exact(s)
        cache = COUNT_CACHE
        value = cache.new.get((self.exact, n, hash(s)))  # the common case, inline
        if value is None:
            return cache.count(s, self.exact)
        cache.hits += 1
        return value

    def content(self, content: Any) -> int:
        if content is None:
            return 0
        if isinstance(content, str):
            return self.text(content)
        if isinstance(content, list):
            total = 0
            for part in content:
                if isinstance(part, str):
                    total += self.text(part)
                elif isinstance(part, dict):
                    ptype = part.get("type")
                    if ptype in IMAGE_PARTS:
                        total += self.image_tokens
                    else:
                        text = part.get("text")
                        if isinstance(text, str):
                            total += self.text(text) + 1
                        elif ptype not in ("text", "input_text", "output_text"):
                            total += self.text(_safe_dumps(part)) + 1
            return total
        return self.text(_safe_dumps(content))

    def tool_calls(self, calls: Any) -> int:
        if not isinstance(calls, list):
            return 0
        total = 0
        for call in calls:
            total += self.call_overhead
            if not isinstance(call, dict):
                continue
            fn = call.get("function")
            if isinstance(fn, dict):
                name = fn.get("name")
                args = fn.get("arguments")
                if args is not None and not isinstance(args, str):
                    args = _safe_dumps(args)
                total += self.text(f"{name if isinstance(name, str) else ''} {args or ''}")
        return total

    def message(self, m: Any) -> int:
        """Cost of one message: overhead + content + tool-call arguments + reasoning + images."""
        if not isinstance(m, dict):
            return 0
        total = self.message_overhead
        content = m.get("content")
        if content.__class__ is str:
            if content:
                total += self.text(content)
        elif content is not None:
            total += self.content(content)
        size = len(m)
        if size > 2:
            calls = m.get("tool_calls")
            if calls:
                total += self.tool_calls(calls)
            if size > (3 if "tool_calls" in m or "tool_call_id" in m else 2):
                total += self._extras(m)
        return total

    def _extras(self, m: dict) -> int:
        total = 0
        for key in ("reasoning_content", "thinking", "name"):
            value = m.get(key)
            if isinstance(value, str) and value:
                total += self.text(value)
        details = m.get("reasoning_details")
        if isinstance(details, list):
            for d in details:
                if isinstance(d, dict):
                    for key in ("text", "summary", "thinking"):
                        value = d.get(key)
                        if isinstance(value, str):
                            total += self.text(value)
        return total


_CACHE_ABOVE = 8  # shorter texts are counted every time (as fast as a lookup)


#: Counting a message, a content part or a call costs about as much as this many characters of text.
_ITEM_CHARS = 200
_TEXT_PARTS = ("text", "input_text", "output_text")


def load_over(messages: list, limit: int) -> bool:
    """Whether :meth:`TokenCounter.message` on every message would read more than ``limit``: a unit
    per character of each text it reads (content, text parts, call names and arguments, reasoning),
    ``_ITEM_CHARS`` per message, content part, call and reasoning detail, one per key, and more
    than any limit for a value it would have to serialize first (a dict content, non-string
    arguments).  Cheap: it stops as soon as it is over, after at most ``limit / _ITEM_CHARS`` items."""
    load = 0
    for m in messages:
        if not isinstance(m, dict):
            load += _ITEM_CHARS
            continue
        content, size = m.get("content"), len(m)
        load += (
            _ITEM_CHARS + size + (len(content) if content.__class__ is str else _content_load(content, limit))
        )
        if size > 3 or (size == 3 and "tool_call_id" not in m):  # more than role, content and id
            load += _extras_load(m, limit - load)
        if load > limit:
            return True
    return False


def _content_load(content: Any, room: int) -> int:
    """:func:`load_over` of one content that is not a string, stopping once over ``room``."""
    if not isinstance(content, list):
        return 0 if content is None else _UNKNOWN
    load = 0
    for part in content:
        load += _ITEM_CHARS
        if isinstance(part, str):
            load += len(part)
        elif isinstance(part, dict):
            text, ptype = part.get("text"), part.get("type")
            if isinstance(text, str):
                load += len(text)
            elif ptype not in IMAGE_PARTS and ptype not in _TEXT_PARTS:
                return _UNKNOWN
        if load > room:
            break
    return load


def _extras_load(m: dict, room: int) -> int:
    """:func:`load_over` of what a message carries besides its content (calls, reasoning, name),
    stopping once over ``room``."""
    load = 0
    calls = m.get("tool_calls")
    for call in calls if isinstance(calls, list) else ():
        fn = call.get("function") if isinstance(call, dict) else None
        name, args = (fn.get("name"), fn.get("arguments")) if isinstance(fn, dict) else (None, None)
        if args is not None and not isinstance(args, str):
            return _UNKNOWN
        load += _ITEM_CHARS + (len(name) if isinstance(name, str) else 0) + (len(args) if args else 0)
        if load > room:
            return load
    if len(m) == 3 and calls is not None:  # role, content and tool_calls: nothing else to read
        return load
    for key in ("reasoning_content", "thinking", "name"):
        value = m.get(key)
        load += len(value) if isinstance(value, str) else 0
    details = m.get("reasoning_details")
    for d in details if isinstance(details, list) else ():
        load += _ITEM_CHARS
        if isinstance(d, dict):
            load += sum(len(v) for k in ("text", "summary", "thinking") if isinstance(v := d.get(k), str))
        if load > room:
            break
    return load


_UNKNOWN = 1 << 62  # a size only serializing would tell: over any limit


class _CountCache:
    """Token counts by a digest of each text, bounded, shared by every request of the process.

    The digest is the text's length and its ``hash()`` (SipHash, computed once per string object
    and kept on it by Python): no text is stored.  Two generations of at most ``size`` entries
    each: when the newer one is full it becomes the older one, so what every request uses stays.
    Counting methods (each exact encoding, the estimator) have separate tables.  ``hits`` and
    ``misses`` are there to be measured (``scripts/bench_filter.py``).
    """

    def __init__(self, size: int = 50_000) -> None:
        self.size = size
        self.new: dict[tuple, int] = {}
        self.old: dict[tuple, int] = {}
        self.hits = self.misses = 0

    def count(self, s: str, exact: Callable[[str], int] | None) -> int:
        key = (exact, len(s), hash(s))
        value = self.new.get(key)
        if value is None:
            value = self.old.get(key)
            if value is None:
                self.misses += 1
                value = estimate_tokens(s) if exact is None else _count_whole(s, exact)
            else:
                self.hits += 1
            if len(self.new) >= self.size:
                self.old, self.new = self.new, {}
            self.new[key] = value
        else:
            self.hits += 1
        return value

    def clear(self) -> None:
        self.new, self.old = {}, {}
        self.hits = self.misses = 0

    @property
    def hit_rate(self) -> float:
        return self.hits / max(1, self.hits + self.misses)


COUNT_CACHE = _CountCache()


#: Long texts are encoded in pieces of about this many characters, cut only where cl100k's and
#: o200k's pre-tokenizers always cut (a line break, then neither a space nor "/"), so the
#: count is exact while the token list of a 40 MB tool output never has to be held at once.
_EXACT_PIECE = 262_144


def _count_whole(s: str, exact: Callable[[str], int]) -> int:
    """``exact(s)`` for every character of ``s``, in pieces cut at exact token boundaries."""
    n = len(s)
    if n <= 2 * _EXACT_PIECE:
        return _exact_or_estimate(s, exact)
    total = start = 0
    while start < n:
        cut = start + _EXACT_PIECE
        while cut < n and not (s[cut - 1] == "\n" and not s[cut].isspace() and s[cut] != "/"):
            nl = s.find("\n", cut)
            cut = n if nl < 0 else nl + 1
        total += _exact_or_estimate(s[start:cut], exact)
        start = cut
    return total


def _exact_or_estimate(text: str, exact: Callable[[str], int]) -> int:
    """``exact(text)``, or the safe estimate when the encoder cannot take ``text``: tiktoken 0.13
    panics (``pyo3_runtime.PanicException``, a ``BaseException``) on 999,999 or more whitespace
    characters before a non-space.  The count cache keeps the estimate, so the encoder is not
    tried again on that text."""
    try:
        return exact(text)
    except FATAL_EXCEPTIONS:
        raise
    except BaseException as exc:
        log.warning(
            "tool_context_filter: the encoder failed on a text of %d characters (%s); it is estimated",
            len(text),
            type(exc).__name__,
        )
        return estimate_tokens(text)
