"""What the whole tool shares: its names, the limits (`Settings`, the one source of defaults), the types the loop
and the adapter exchange, small text and usage helpers. Stop reasons (`StopReason`): answered (a reply without
calls); max_rounds (the synthesis round ran); budget (the next round would have passed max_subquery_tokens: the
answer round ran); deadline (total_timeout_seconds ran out: what THIS subquery gathered
is returned); error (the model call failed). Cancellation re-raises after a final `done: True` status line."""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:  # for annotations only: the tool's names and limits come first in the built file
    from textcalls.calls import ToolCall

log = logging.getLogger(__name__)
TextCallMode = Literal["auto", "always", "off"]

SELF_NAMES = ("subquery", "subqueries")  # this tool's functions: never offered inside a subquery
SUBQUERY_MARKER = "owui-subquery-tool"  # recognises copies of this tool under any id
# The functions Open WebUI offers the model. It builds a tool's specs from its public methods when the tool is
# saved (a valve cannot change them later), so this is where an admin chooses: delete a name, then save the
# tool, to offer only the other one (`Tools.__dir__` hides it from Open WebUI's spec builder).
FUNCTIONS = ("subquery", "subqueries")
# Less time than this left is no time: no model round can finish in it.
MIN_USEFUL_SECONDS = 0.25
# Providers reject requests with more tools than this (OpenAI, OpenRouter, Anthropic gateways).
MAX_REQUEST_TOOLS = 128
# A reply is read (reasoning removed, calls written as text parsed) in its first READ_CHARS characters only. The
# readers are linear and run off the event loop, but Python's `re` keeps the GIL for a whole match: the cap bounds
# what any reply can cost the server, whatever a reader costs. The rest stays text (up to its first reasoning tag),
# and the model is told; a call written as text with more than about 10 kB of arguments is therefore not read.
READ_CHARS = 10_000
# Work on a text longer than this (reading a reply, reading data) runs in the reader threads, off the event loop.
OFFLOAD_CHARS = 2_000
# What one round replays, besides its text and arguments (REPLY_CHARS each): a call id longer than ID_CHARS is
# replaced, a name that is no offered tool's is cut to NAME_CHARS.
ID_CHARS = 64
NAME_CHARS = 128

# Internals: limits no admin can set better than these (each was a valve once; a stored value of one is ignored).
# One reply as it is kept for the next round: its text, and its calls' arguments together. 100,000 characters
# (25,000 tokens or more) is more than a helper's reply needs to carry a call; it bounds what a runaway reply costs.
REPLY_CHARS = 100_000
# Calls one reply may make: twice the default max_parallel_tools, so one round can fill every slot twice. A reply
# with more is runaway output, not a plan; the model is told that the rest were dropped.
MAX_CALLS_PER_ROUND = 16
# An identical call (tool and arguments) runs at most this often in one subquery: a tool whose answer changes (a
# clock, a queue) may fairly be asked again, a fourth identical call is a loop.
REPEAT_CALL_LIMIT = 3


@dataclass(frozen=True)
class Settings:
    """The loop's limits: the admin's valves. The ONE source of defaults: the Valves take theirs from here."""

    max_rounds: int = 8
    max_parallel_tools: int = 8
    tool_timeout_seconds: float = 60.0
    total_timeout_seconds: float = 300.0
    max_result_chars: int = 20_000
    max_output_chars: int = 16_000
    text_tool_calls: TextCallMode = "auto"
    conversation_view_tokens: int = 1500  # the chat so far, compact, for the inner loop (0: none)
    max_subquery_tokens: int = 60_000  # inner prompt + completion tokens of one subquery (0: no cap)

    @property
    def max_parallel_subqueries(self) -> int:
        """Tasks of one `subqueries` call that run at the same time: half of max_parallel_tools (4 by default), so
        an admin who lowers the calls running at once for a rate-limited provider lowers the tasks too."""
        return max(1, self.max_parallel_tools // 2)

    @classmethod
    def from_valves(cls, valves: Any) -> Settings:
        return cls(**{f.name: getattr(valves, f.name) for f in fields(cls) if hasattr(valves, f.name)})


DEFAULTS = Settings()
CHARS_PER_TOKEN = 3  # a token estimate from characters that errs long (cl100k: about 4 in English)
# When calls written as text are read (valve `text_tool_calls`): `auto` only while the model has not
# made a structured call in this run, `always` whenever a reply has no structured calls, `off` never.
TEXT_CALL_MODES = ("auto", "always", "off")


@dataclass(frozen=True)
class ToolInfo:
    """What the loop knows about one executable tool.
    accepted: names the model may fill (None: anything in the spec's properties);
    injected: names the callable's signature reserves for Open WebUI (dropped if the model sends them);
    passthrough: MCP tools get the arguments unfiltered (MCP servers validate their own)."""

    name: str
    spec: dict
    accepted: frozenset[str] | None
    injected: frozenset[str] = frozenset()
    passthrough: bool = False
    deferred: bool = False
    own_time: bool = False  # runs under the subquery's total time only (`delegate_task`, see owui_select)
    own_results: bool = False  # its results are tool definitions (Tool Search's `search_tools`), not data


@dataclass(frozen=True)
class Completion:
    """One model round, as the loop sees it. `reasoning_text`/`reasoning_details`: what the provider
    sent; `reasoning`: the fields replayed on the reply's assistant message next round (the adapter
    decides them per provider, as Open WebUI does; nothing by default)."""

    content: str = ""
    tool_calls: tuple[dict, ...] = ()
    usage: Mapping[str, int] = field(default_factory=dict)
    error: str | None = None
    reasoning: Mapping[str, Any] = field(default_factory=dict)
    reasoning_text: str = ""
    reasoning_details: tuple[Any, ...] = ()


@dataclass(frozen=True)
class ToolOutput:
    """A tool's result for the inner model: text, plus image URLs it should see, and what happened
    (the outcome shown to the user on the call's status line)."""

    text: str
    images: tuple[str, ...] = ()
    outcome: str = "ran"


@dataclass(frozen=True)
class Prepared:
    """A call checked and ready to run (`kwargs`), or answered already (`answer`, with its `outcome`)."""

    call: ToolCall
    kwargs: dict | None = None
    answer: str | None = None
    outcome: str = ""


StopReason = Literal["answered", "max_rounds", "budget", "deadline", "error"]


@dataclass(frozen=True)
class LoopResult:
    answer: str
    rounds: int
    tool_calls: int
    usage: Mapping[str, int]
    stopped: StopReason


def _safe_str(value: Any) -> str:
    try:
        return str(value)
    except Exception:
        return f"<{type(value).__name__} that cannot be shown as text>"


def cap_text(text: str, limit: int, what: str = "result") -> str:
    """Keep the head (and a short tail) of a long text, with a visible note of what was cut."""
    if limit <= 0 or len(text) <= limit:
        return text
    tail = min(limit // 5, 2000)
    head = max(limit - tail, 0)
    removed = len(text) - head - tail
    note = f"\n[… {what} truncated: {removed:,} of {len(text):,} characters removed …]\n"
    return text[:head] + note + (text[-tail:] if tail else "")


def _shorten(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _count(value: Any) -> int:
    """A token count as a provider may send it: a finite, non-negative number, else 0 (missing, NaN, text, ...)."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not math.isfinite(value)
        or value < 0
    ):
        return 0
    return int(value)


def clean_usage(usage: Any) -> dict:
    """A provider's usage with only what counts kept: finite, non-negative numbers, and mappings of them (so
    that Open WebUI's own `normalize_usage` never meets a NaN or a text it cannot read)."""
    if not isinstance(usage, Mapping):
        return {}
    out: dict = {}
    for key, value in usage.items():
        if isinstance(value, Mapping):
            out[str(key)] = clean_usage(value)
        elif _count(value) == value and not isinstance(value, bool):  # a finite, non-negative number
            out[str(key)] = _count(value)
    return out


def usage_counts(usage: Any) -> tuple[int, int]:
    """(prompt, completion) tokens of one round as the provider reports them (0 where it does not)."""
    total = summarize_usage([usage])
    return total["prompt_tokens"], total["completion_tokens"]


def summarize_usage(usages: Sequence[Any]) -> dict[str, int]:
    """The rounds' usage summed. Kept here, not Open WebUI's `merge_usage`: the loop cannot import Open WebUI; the
    adapter hands it each round's usage normalized by Open WebUI (`owui_completion._usage`), and a test compares
    the totals with `merge_usage`'s."""
    total = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    for usage in usages:
        if not isinstance(usage, Mapping):
            continue
        for key, alt in (("prompt_tokens", "input_tokens"), ("completion_tokens", "output_tokens")):
            total[key] += _count(
                usage.get(key) or usage.get(alt) or usage.get(key.replace("_tokens", "_eval_count"))
            )
        total["total_tokens"] += _count(usage.get("total_tokens"))
    if not total["total_tokens"]:
        total["total_tokens"] = total["prompt_tokens"] + total["completion_tokens"]
    return total
