"""Counting messages: ``TokenCounter`` (a pure function of each message, never of its place) and
the process-wide count cache that lets every request of a chat count its old texts once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .estimator import estimate_tokens
from .messages import _safe_dumps


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
                    if ptype in ("image_url", "input_image", "image"):
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
        return exact(s)
    total = start = 0
    while start < n:
        cut = start + _EXACT_PIECE
        while cut < n and not (s[cut - 1] == "\n" and not s[cut].isspace() and s[cut] != "/"):
            nl = s.find("\n", cut)
            cut = n if nl < 0 else nl + 1
        total += exact(s[start:cut])
        start = cut
    return total
