"""Shrinking one tool output to a token target: a one-line stub saying what was removed (and that
the tool can be called again), head and tail cut at line breaks, and the removed middle's error
lines and URLs.  Idempotent; legacy folded ``result`` attributes too; memoized for the process."""

from __future__ import annotations

import html
import json
import sys
from collections.abc import Callable, Sequence

from .counting import TokenCounter
from .estimator import estimate_tokens
from .memo import Memo
from .messages import _SCAN_IN_C_BELOW, FOLDED_MARKER, SHRINK_PREFIX, _content_as_text
from .settings import _MIN_TARGET

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
