"""The token budget of one subquery (valve `max_subquery_tokens`) as a bound. Every request is measured by a safe upper
bound of what it sends (`request_tokens`: every message, its texts, calls, reasoning and images, the tool definitions,
fixed framing per message and per call) and every reply by one of what it returned (`reply_tokens`). A round is
counted at the larger of that bound and the provider's usage, so missing, zero, NaN or lying usage cannot make it
count less than was sent. A request is sent only when its own bound (its prompt, and the room its reply may take)
fits what is left; a tool round only when the answer round after it still fits too; the answer round's tool results
are cut to fit (`fit_results`). A text's bound is the filter's estimator (a proven upper bound of cl100k), read in
slices cut where cl100k's pre-tokenizer always cuts (before a blank that follows a letter or digit), so no one call
holds the interpreter for long; a stretch without such a place counts its UTF-8 bytes (a token is at least a byte)."""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from context_filter.estimator import estimate_tokens

from .reading import reply_size
from .types import Completion, _safe_str, cap_text, usage_counts

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
    """A safe upper bound of `text`'s cl100k tokens, measured slice by slice (see the module's notes). No search
    reads more than one slice: a stretch with no safe place to cut is counted in bytes until the next such place."""
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
    """The estimator's bound of a slice that starts and ends where cl100k cuts, but for the stretches around runs of
    LONG_RUN letters, punctuation or blanks (only there can one piece be that long, and merging it would cost more
    than it is worth): those count their bytes, from the safe cut before to the safe cut after. A slice whose words
    and blank runs are all shorter (nearly all of them: two quick C passes tell) goes to the estimator whole."""
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
    """The last safe cut in text[low:at + 1] (a blank after a letter or digit), else `low` (itself one)."""
    for cut in range(at, low, -1):  # a run of LONG_RUN characters of one kind, and the blanks before it
        if text[cut].isspace() and text[cut - 1].isalnum():
            return cut
    return low


def _strings(value: Any) -> list[str]:
    """Every string in a JSON-like value (keys too), nested values at any depth (walked without recursion)."""
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
    """A bound of what one message sends: every string in it (content, parts, calls, reasoning, ids, names), its
    framing, and a flat allowance per image part."""
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
    """A bound of what a reply returned: its text, calls and reasoning (hidden reasoning is the provider's to say)."""
    texts = [content, reasoning, *_strings(list(tool_calls)), *_strings(list(details))]
    return MESSAGE_TOKENS + CALL_TOKENS * len(tool_calls) + sum(text_tokens(t) for t in texts if t)


@dataclass(frozen=True)
class Budget:
    """`cap`: max_subquery_tokens (0: none). `reply`: the room one reply may take (`for_cap`). `room_for` answers how
    much room a request's reply gets, or None: it must not be sent."""

    cap: int
    reply: int = REPLY_TOKENS

    @classmethod
    def for_cap(cls, cap: int, max_tokens: int | None) -> Budget:
        """A reply's room: the model's `max_tokens` if set, else REPLY_TOKENS, and never more than an eighth of a cap
        (so that a small cap still leaves room for tool rounds; the room is then sent as `max_tokens`)."""
        reply = max_tokens or REPLY_TOKENS
        return cls(cap, min(reply, max(cap // 8, MIN_REPLY_TOKENS)) if cap > 0 else reply)

    def room_for(self, spent: int, prompt: int, answer_after: bool) -> int | None:
        """The room this request's reply gets (≤ `reply`), or None when it does not fit. With `answer_after` (a tool
        round), the answer round after it must fit too: this prompt again, this reply, a stub per result, its
        instruction, and its own reply."""
        if self.cap <= 0:
            return self.reply
        left = self.cap - spent - prompt
        if answer_after:
            left = (left - prompt - ANSWER_TOKENS - self.reply) // 2
        room = min(left, self.reply)
        return room if room >= MIN_REPLY_TOKENS else None

    def results_room(self, spent: int, prompt: int) -> int | None:
        """Tokens the next round's tool results may take so that the answer round fits (None: no cap)."""
        if self.cap <= 0:
            return None
        return max(self.cap - spent - prompt - ANSWER_TOKENS - self.reply, 0)


def fit_results(texts: list[str], room: int | None) -> list[str]:
    """Tool results cut (each to a share of `room` tokens, with a visible note) so that together they fit `room`."""
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
    """What one subquery spent, and the bound of the request it is about to send. `work(size, what, fn, *args)` runs
    the measuring (the loop's: on the event loop when small, else in a reader thread)."""

    budget: Budget
    work: Callable[..., Awaitable[Any]]
    configured: bool = False  # the model's max_tokens is set: it is sent, never more
    spent: int = 0  # tokens of the rounds so far: each the larger of the provider's usage and the bound
    prompt: int = 0  # the bound of the request about to be sent
    sizes: dict = field(
        default_factory=dict
    )  # id(message) -> its bound (messages are never changed once added)

    async def measure(self, messages: Sequence[Any], specs: list[dict] | None) -> int:
        """The bound of the next request: every message (each measured once) and the tool definitions."""
        new = [m for m in messages if id(m) not in self.sizes]
        size = sum(map(message_chars, new))
        for m, n in zip(new, await self.work(size, "measuring the request", _bounds, new), strict=True):
            self.sizes[id(m)] = n
        if "specs" not in self.sizes:
            self.sizes["specs"] = await self.work(len(str(specs)), "measuring the tools", specs_tokens, specs)
        self.prompt = sum(self.sizes[id(m)] for m in messages) + self.sizes["specs"]
        return self.prompt

    def limit(self, room: int | None) -> dict:
        """The request's `max_tokens` (as keyword arguments): sent when the model's own is set or the room is
        smaller than REPLY_TOKENS."""
        return {"max_tokens": room} if room is not None and (self.configured or room < REPLY_TOKENS) else {}

    async def count(self, reply: Completion) -> None:
        """A round: the larger of the provider's usage and the bound of what it sent and returned."""
        prompt, completion = usage_counts(reply.usage)
        texts = (reply.content, reply.tool_calls, reply.reasoning_text, reply.reasoning_details)
        size = reply_size(reply) + len(reply.reasoning_text or "")
        received = await self.work(size, "measuring the reply", reply_tokens_of, *texts)
        self.spent += max(prompt, self.prompt) + max(completion, received)


def _bounds(messages: Sequence[Any]) -> list[int]:
    return [message_tokens(m) for m in messages]


def message_chars(message: Any) -> int:
    """About how many characters measuring a message reads (its content, calls and reasoning)."""
    if not isinstance(message, Mapping):
        return len(_safe_str(message))
    return sum(len(v) if isinstance(v, str) else len(_safe_str(v)) for v in message.values() if v)
