"""The token budget of one subquery (valve `max_subquery_tokens`) as a bound. A round counts at the larger of the
provider's usage and a safe upper bound of what was sent and returned (missing, NaN or lying usage cannot count
less). A tool round is sent only when the answer round after it still fits; that round's results are cut to fit.
A text's bound is the filter's estimator (a proven upper bound of cl100k), in slices cut where cl100k always cuts
(before a blank after a letter or digit); a stretch without such a place counts its UTF-8 bytes."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from context_filter.estimator import estimate_tokens

from .reading import reply_size
from .types import Completion, _safe_str, cap_text, summarize_usage

MESSAGE_TOKENS = 8  # a message's framing in a chat template (role, start and end markers): at most this
CALL_TOKENS = 8  # a call's framing (its id, type and markers) besides its name and arguments
IMAGE_TOKENS = 2_000  # one image part (OpenAI's high detail and Claude's largest images cost less)
# The room kept for one reply when the model's `max_tokens` is not set: the smallest output limit of the common
# models (GPT-4 Turbo, Claude 3 Haiku: 4,096), so a request that sends it is never refused for it.
REPLY_TOKENS = 4_096
MIN_REPLY_TOKENS = 256  # a reply allowed less room than this is not asked for
ANSWER_TOKENS = 512  # the answer round's own instruction, and a stub for each tool result cut to fit
TOKEN_SLICE = 65_536  # characters a text is measured in at a time
_IMAGES = ("image_url", "input_image")  # parts counted as images, not as their (data URI) text
LONG_RUN = 1_024  # a run this long of letters, punctuation or blanks counts its bytes (`_slice_tokens`)
_LONG = re.compile(rf"[^\W\d_]{{{LONG_RUN}}}|(?:[^\w\s]|_){{{LONG_RUN}}}|\s{{{LONG_RUN}}}")
_LONG_BLANKS = re.compile(rf"\s{{{LONG_RUN}}}")
_TOKEN_CUT = re.compile(r"(?<=[^\W_])\s")  # a blank after a letter or digit: cl100k always cuts there


def text_tokens(text: str) -> int:
    """No search reads more than one slice; a stretch with no safe cut counts bytes until the next one."""
    total, start, in_bytes = 0, 0, False
    while len(text) - start > TOKEN_SLICE:
        window = start + TOKEN_SLICE // 2 if not in_bytes else start
        cut = _TOKEN_CUT.search(text, window, start + TOKEN_SLICE)
        end = cut.start() if cut else start + TOKEN_SLICE
        piece = text[start:end]
        total += _bytes(piece) if in_bytes or cut is None else _slice_tokens(piece)
        start, in_bytes = end, cut is None
    rest = text[start:]
    return total + (_bytes(rest) if in_bytes else _slice_tokens(rest))


def _bytes(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def _slice_tokens(piece: str) -> int:
    """Stretches around runs of LONG_RUN letters, punctuation or blanks count their bytes (only there
    can one piece be that long); a slice without such runs (nearly all: two quick C passes tell) goes to the estimator."""
    words = piece.split()
    if max(map(len, words), default=0) < LONG_RUN and not _LONG_BLANKS.search(piece):
        return estimate_tokens(piece)
    total, pos = 0, 0
    for run in _LONG.finditer(piece):
        if run.start() < pos:
            continue
        before = _cut_before(piece, pos, run.start())
        after = _TOKEN_CUT.search(piece, run.end())
        end = after.start() if after else len(piece)
        total += estimate_tokens(piece[pos:before]) + _bytes(piece[before:end])
        pos = end
    return total + estimate_tokens(piece[pos:])


def _cut_before(text: str, low: int, at: int) -> int:
    for cut in range(at, low, -1):  # a run of LONG_RUN characters of one kind, and the blanks before it
        if text[cut].isspace() and text[cut - 1].isalnum():
            return cut
    return low


def _strings(value: Any) -> list[str]:
    """Every string in a JSON-like value (keys too), walked without recursion."""
    out, stack = [], [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, Mapping):
            out.extend(str(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif item is not None:
            out.append(_safe_str(item))
    return out


def message_tokens(message: Any) -> int:
    if not isinstance(message, Mapping):
        return MESSAGE_TOKENS + text_tokens(str(message))
    content = message.get("content")
    parts = content if isinstance(content, list) else []
    images = sum(1 for p in parts if isinstance(p, Mapping) and p.get("type") in _IMAGES)
    rest = {k: v for k, v in message.items() if k != "content"}
    texts = _strings([p for p in parts if not (isinstance(p, Mapping) and p.get("type") in _IMAGES)])
    texts += _strings(content if not isinstance(content, list) else None) + _strings(rest)
    calls = len(message.get("tool_calls") or []) if isinstance(message.get("tool_calls"), list) else 0
    return MESSAGE_TOKENS + CALL_TOKENS * calls + IMAGE_TOKENS * images + sum(map(text_tokens, texts))


def specs_tokens(specs: Sequence[Any] | None) -> int:
    return text_tokens(json.dumps(specs, ensure_ascii=False, default=str)) if specs else 0


def reply_tokens_of(content: str, tool_calls: Sequence[Any], reasoning: str, details: Sequence[Any]) -> int:
    """Hidden reasoning is the provider's to say (its usage)."""
    texts = [content, reasoning, *_strings(list(tool_calls)), *_strings(list(details))]
    return MESSAGE_TOKENS + CALL_TOKENS * len(tool_calls) + sum(text_tokens(t) for t in texts if t)


@dataclass(frozen=True)
class Budget:
    """`cap`: max_subquery_tokens (0: none); `reply`: the room one reply may take."""

    cap: int
    reply: int = REPLY_TOKENS

    @classmethod
    def for_cap(cls, cap: int, max_tokens: int | None) -> Budget:
        """`max_tokens` if set, else REPLY_TOKENS, never more than an eighth of a cap (room for tool rounds)."""
        reply = max_tokens or REPLY_TOKENS
        return cls(cap, min(reply, max(cap // 8, MIN_REPLY_TOKENS)) if cap > 0 else reply)

    def room_for(self, spent: int, prompt: int, answer_after: bool) -> int | None:
        """The room this request's reply gets, or None. With `answer_after`, the answer round after it (this
        prompt again, this reply, a stub per result, its instruction, its reply) must fit too."""
        if self.cap <= 0:
            return self.reply
        left = self.cap - spent - prompt
        if answer_after:
            left = (left - prompt - ANSWER_TOKENS - self.reply) // 2
        room = min(left, self.reply)
        return room if room >= MIN_REPLY_TOKENS else None

    def results_room(self, spent: int, prompt: int) -> int | None:
        if self.cap <= 0:
            return None
        return max(self.cap - spent - prompt - ANSWER_TOKENS - self.reply, 0)


def fit_results(texts: list[str], room: int | None) -> list[str]:
    if room is None or sum(map(text_tokens, texts)) <= room:
        return texts
    share = max(room // max(len(texts), 1) - 64, 0)  # 64: the truncation note
    out = []
    for text in texts:
        chars = share
        while chars > 0 and text_tokens(cut := cap_text(text, chars, "result (token budget)")) > share + 64:
            chars //= 2
        out.append(cut if chars > 0 else "[result left out: the subquery's token budget has no room for it]")
    return out


@dataclass
class Ledger:
    """`work(size, what, fn, *args)` runs the measuring (the loop's: in a reader thread when large)."""

    budget: Budget
    work: Callable[..., Awaitable[Any]]
    configured: bool = False  # the model's max_tokens is set: it is sent, never more
    spent: int = 0  # tokens of the rounds so far: each the larger of the provider's usage and the bound
    prompt: int = 0  # the bound of the request about to be sent
    # id(message) -> its bound (messages are never changed once added)
    sizes: dict = field(default_factory=dict)

    async def measure(self, messages: Sequence[Any], specs: list[dict] | None) -> int:
        new = [m for m in messages if id(m) not in self.sizes]
        size = sum(map(message_chars, new))
        bounds = await self.work(size, "measuring the request", list, map(message_tokens, new))
        self.sizes.update(zip(map(id, new), bounds, strict=True))
        if "specs" not in self.sizes:
            self.sizes["specs"] = await self.work(len(str(specs)), "measuring the tools", specs_tokens, specs)
        self.prompt = sum(self.sizes[id(m)] for m in messages) + self.sizes["specs"]
        return self.prompt

    def limit(self, room: int | None) -> dict:
        """Sent when the model's own is set or the room is smaller than REPLY_TOKENS."""
        return {"max_tokens": room} if room is not None and (self.configured or room < REPLY_TOKENS) else {}

    async def count(self, reply: Completion) -> None:
        usage = summarize_usage([reply.usage])
        texts = (reply.content, reply.tool_calls, reply.reasoning_text, reply.reasoning_details)
        size = reply_size(reply) + len(reply.reasoning_text or "")
        received = await self.work(size, "measuring the reply", reply_tokens_of, *texts)
        self.spent += max(usage["prompt_tokens"], self.prompt) + max(usage["completion_tokens"], received)


def message_chars(message: Any) -> int:
    if not isinstance(message, Mapping):
        return len(_safe_str(message))
    return sum(len(v) if isinstance(v, str) else len(_safe_str(v)) for v in message.values() if v)
