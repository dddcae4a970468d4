"""Counting messages: ``TokenCounter``, one measure of everything a provider receives (a pure
function of each message), and the process-wide count cache: a chat's old texts are counted once."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

from .estimator import estimate_tokens
from .memo import Memo
from .messages import FATAL_EXCEPTIONS, IMAGE_PARTS, _safe_dumps, log

#: Keys of the chat-completions schema: their names are part of the fixed framing a provider renders
#: for a message or a call, which ``message_overhead`` and ``call_overhead`` stand for.  Every other
#: key's name is counted as text.
SCHEMA_KEYS = frozenset(
    {"role", "content", "tool_calls", "tool_call_id", "id", "type", "function", "name", "arguments", "text"}
)
#: In an image part, a string under one of these keys is the image itself: it costs ``image_tokens``.
_IMAGE_KEYS = frozenset({"url", "image_url", "image", "data"})
_IN_MESSAGE, _CALLS, _IMAGE, _IMAGE_DATA = 0, 1, 2, 3  # where a value sits (see TokenCounter.value)


@dataclass(frozen=True)
class TokenCounter:
    """One measure of a message alone: ``message_overhead``, every string at any depth (unknown keys'
    names too), 1 per nested object (``call_overhead`` per call), ``image_tokens`` per image part, a
    scalar's JSON text; texts exactly with ``exact``, else :func:`estimate_tokens` (an upper bound)."""

    image_tokens: int = 1024
    message_overhead: int = 4
    call_overhead: int = 8
    exact: Callable[[str], int] | None = None
    rule: int = field(init=False, compare=False)  # ``exact`` as a number, for caches' keys (_rule_of)

    def __post_init__(self) -> None:
        object.__setattr__(self, "rule", _rule_of(self.exact))

    def text(self, s: str) -> int:
        key = (self.rule, len(s), hash(s))
        value = COUNT_CACHE.get(key)
        if value is None:
            value = _count_text(s, self.exact)
            COUNT_CACHE.put(key, value)
        return value

    def message(self, m: Any) -> int:
        """Cost of one message (see the class notes); 0 for what is not a message object."""
        if not isinstance(m, dict):
            return 0
        if len(m) == 2:
            role, content = m.get("role"), m.get("content")
            if role.__class__ is str and content.__class__ is str:  # the common message, inline
                return self.message_overhead + self.text(role) + self.text(content)
        return self.message_overhead - 1 + self.value(m)

    def value(self, value: Any) -> int:
        """Tokens of ``value`` (see the class notes), walked without recursion: any depth is linear."""
        total, stack, wheres = 0, [value], [_IN_MESSAGE]  # two lists, no tuple per item: a million
        while stack:  # tuples alive at once would make the cycle collector hold the interpreter lock
            v, where = stack.pop(), wheres.pop()
            if v.__class__ is str:
                total += 0 if where == _IMAGE_DATA else self.text(v)
            elif isinstance(v, dict):
                part = where != _IMAGE and v.get("type") in IMAGE_PARTS  # its data is the image
                image = part or where == _IMAGE
                total += (self.call_overhead if where == _CALLS else 1) + (self.image_tokens if part else 0)
                for k, x in v.items():
                    if k not in SCHEMA_KEYS:
                        total += self.text(k) if k.__class__ is str else self._scalar(k)
                    stack.append(x)
                    if image:
                        wheres.append(_IMAGE_DATA if k in _IMAGE_KEYS and isinstance(x, str) else _IMAGE)
                    else:
                        wheres.append(_CALLS if k == "tool_calls" else _IN_MESSAGE)
            elif isinstance(v, (list, tuple)):
                stack.extend(v)
                wheres.extend(repeat(where, len(v)))
            else:
                total += self._scalar(v)
        return total

    def _scalar(self, v: Any) -> int:
        """Tokens of a scalar as JSON writes it.  A huge int is never turned into text (Python refuses
        more than 4,300 digits): a token holds at least three of its digits."""
        if v is None or v.__class__ is bool:
            return 1
        if isinstance(v, int):
            if 0 <= v < 1000:
                return 1  # one to three digits: one token
            return self.text(str(v)) if v.bit_length() <= 64 else v.bit_length() // 9 + 3
        return self.text(_safe_dumps(v))


#: Each counting function by a number, kept for good (one or two per process): a cache key of numbers
#: is no object the cycle collector tracks (a million keys holding the function made it hold the lock).
_RULES: dict[Any, int] = {None: 0}
_RULES_LOCK = threading.Lock()


def _rule_of(exact: Callable[[str], int] | None) -> int:
    with _RULES_LOCK:
        return _RULES.setdefault(exact, len(_RULES))


#: Token counts by (counting rule, length, ``hash()``) of each text (SipHash, computed once per
#: string object and kept on it by Python): no text is stored.  Two generations of 50,000.
COUNT_CACHE = Memo(50_000)

#: Long texts are counted in slices of about this many characters, cut where both pre-tokenizers cut
#: (``_CUT_AT``): no regex holds the interpreter lock long (the estimator's: ~20 ms per 8K CJK characters).
_SLICE = 1 << 13


def _count_text(s: str, exact: Callable[[str], int] | None) -> int:
    """``exact(s)`` (else the estimate), in slices when long; a token more per unsafe cut (``_slices``)."""
    if len(s) <= 2 * _SLICE:
        return _count_one(s, exact)
    total, end = 0, 0
    for piece in _slices(s):
        end += len(piece)
        total += _count_one(piece, exact) + (end < len(s) and not _CUT_AT.match(s, end))
    return total


def _slices(s: str) -> Iterator[str]:
    """Slices cut at the first ``_CUT_AT`` within a slice's length, else anyway (a long word, CJK):
    never over two ``_SLICE``; ``_count_text`` adds a token for such a cut."""
    n, start = len(s), 0
    while start < n:
        cut = n
        if n - start > 2 * _SLICE:
            found = _CUT_AT.search(s, start + _SLICE, min(n, start + 2 * _SLICE))
            cut = found.start() if found else start + _SLICE
        yield s[start:cut]
        start = cut


#: Where both pre-tokenizers always start a piece: after a line break, before a character that is
#: neither blank nor "/"; before a space that precedes an ASCII letter (the space starts the word's).
_CUT_AT = re.compile(r"(?<=\n)(?=[^\s/])|(?= [A-Za-z])")


def _count_one(text: str, exact: Callable[[str], int] | None) -> int:
    """``exact(text)``, or the estimate when there is no encoder or it fails: tiktoken 0.13 panics
    (a ``BaseException``) on 999,999 or more whitespace characters before a non-space."""
    if exact is None:
        return estimate_tokens(text)
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
