"""What the whole tool shares: its names, the limits (`Settings`, the admin's valves; the internal constants),
the types the loop and the adapter exchange, small text and usage helpers."""

from __future__ import annotations

import logging
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

if TYPE_CHECKING:  # for annotations only: the tool's names and limits come first in the built file
    from textcalls.calls import ToolCall

log = logging.getLogger(__name__)
TextCallMode = Literal["auto", "always", "off"]  # valve `text_tool_calls`
TEXT_CALL_MODES = get_args(TextCallMode)

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


# What an admin reads in Open WebUI under each valve.
_HELP = {
    "model_id": "Model for subqueries. Empty: the chat's own model. Set a cheaper model id to save cost; a user without access to it gets a clear error instead of an answer.",
    "max_rounds": "Tool rounds before a final answer is requested.",
    "max_parallel_tools": "Tool calls of one round that run at the same time (1: one after the other); the tasks of one `subqueries` call run half as many at a time.",
    "tool_timeout_seconds": "Time limit for each tool call, the wait for a slot included.",
    "total_timeout_seconds": "Time limit for the whole subquery, every step of it; what was gathered is returned.",
    "max_result_chars": "Cap on each tool result the inner model sees.",
    "max_output_chars": "Cap on the answer returned to the chat.",
    "text_tool_calls": "Calls a model writes as text: `auto` reads them while the model has made no structured call in the subquery, `always` whenever a reply has no structured calls, `off` never. A text call runs only when no tool result, file or earlier chat message the helper read names its tool; otherwise it asks the user (approval `ask`) or is not run, and the model and the user are told why.",
    "conversation_view_tokens": "The chat so far, as the helper sees it: the user's and the assistant's texts and one line per earlier tool call (name, arguments shortened, size of its result), newest first, within this many tokens (0: none). Reference, never instructions; whole messages come with include_recent_messages.",
    "max_subquery_tokens": "Tokens one subquery may spend (everything sent and received), each task of `subqueries` apart: each round counts the larger of the provider's usage and a safe upper bound. When another tool round and the answer would pass it, the helper stops calling tools and answers from what it has, and says so (0: no cap).",
    "include_tool_ids": "Comma-separated tool ids, names, `server:<id>` or `server:mcp:<id>` the subquery may use (empty: all of the chat's). A `server:` id the chat does not carry is loaded for the helper alone (the user's access checked as Open WebUI checks it): the chat's model then sees only Subquery and delegates.",
    "exclude_tool_ids": "Comma-separated tool ids, names or server ids to leave out.",
}


class AdminValves(BaseModel):
    """The admin's valves (`Tools.Valves`): each one's default, bounds and description, defined once."""

    # a valve an earlier version saved, and this one dropped: ignored
    model_config = ConfigDict(extra="ignore")
    model_id: str = Field("", description=_HELP["model_id"])
    max_rounds: int = Field(8, ge=1, le=64, description=_HELP["max_rounds"])
    max_parallel_tools: int = Field(8, ge=1, le=64, description=_HELP["max_parallel_tools"])
    tool_timeout_seconds: float = Field(60.0, gt=0, description=_HELP["tool_timeout_seconds"])
    total_timeout_seconds: float = Field(300.0, gt=0, description=_HELP["total_timeout_seconds"])
    max_result_chars: int = Field(20_000, ge=200, description=_HELP["max_result_chars"])
    max_output_chars: int = Field(16_000, ge=200, description=_HELP["max_output_chars"])
    text_tool_calls: TextCallMode = Field("auto", description=_HELP["text_tool_calls"])
    conversation_view_tokens: int = Field(
        1500, ge=0, le=100_000, description=_HELP["conversation_view_tokens"]
    )
    max_subquery_tokens: int = Field(60_000, ge=0, description=_HELP["max_subquery_tokens"])
    include_tool_ids: str = Field("", description=_HELP["include_tool_ids"])
    exclude_tool_ids: str = Field("", description=_HELP["exclude_tool_ids"])


class Settings(AdminValves):
    """The loop's limits: the admin's valves, and what derives from them."""

    @property
    def max_parallel_subqueries(self) -> int:
        """Tasks of one `subqueries` call at once: half of max_parallel_tools, so lowering one lowers both."""
        return max(1, self.max_parallel_tools // 2)

    @classmethod
    def from_valves(cls, valves: Any) -> Settings:
        return cls(**{name: getattr(valves, name) for name in cls.model_fields if hasattr(valves, name)})


DEFAULTS = Settings()
CHARS_PER_TOKEN = 3  # a token estimate from characters that errs long (cl100k: about 4 in English)


@dataclass(frozen=True)
class ToolInfo:
    """accepted: names the model may fill (None: the spec's properties); injected: names reserved for Open WebUI;
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
    """One model round. `reasoning`: the fields replayed on its assistant message next round (the adapter
    decides them per provider, as Open WebUI does)."""

    content: str = ""
    tool_calls: tuple[dict, ...] = ()
    usage: Mapping[str, int] = field(default_factory=dict)
    error: str | None = None
    reasoning: Mapping[str, Any] = field(default_factory=dict)
    reasoning_text: str = ""
    reasoning_details: tuple[Any, ...] = ()


@dataclass(frozen=True)
class ToolOutput:
    """`outcome`: what happened, shown on the call's status line."""

    text: str
    images: tuple[str, ...] = ()
    outcome: str = "ran"


@dataclass(frozen=True)
class Prepared:
    """A call ready to run (`kwargs`), or answered already (`answer`, with its `outcome`)."""

    call: ToolCall
    kwargs: dict | None = None
    answer: str | None = None
    outcome: str = ""


# answered: a reply without calls; max_rounds / budget (max_subquery_tokens): the answer round ran; deadline
# (total_timeout_seconds): what was gathered is returned; error: the model call failed.
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
    """The head and a short tail, with a visible note of what was cut."""
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
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    return int(value) if math.isfinite(value) and value >= 0 else 0


def clean_usage(usage: Any) -> dict:
    """Only finite, non-negative numbers (and mappings of them): Open WebUI's `normalize_usage` chokes on others."""
    if not isinstance(usage, Mapping):
        return {}
    out: dict = {}
    for key, value in usage.items():
        if isinstance(value, Mapping):
            out[str(key)] = clean_usage(value)
        elif _count(value) == value and not isinstance(value, bool):  # a finite, non-negative number
            out[str(key)] = _count(value)
    return out


def summarize_usage(usages: Sequence[Any]) -> dict[str, int]:
    """Kept, not Open WebUI's `merge_usage`: the loop cannot import Open WebUI (a test compares the totals)."""
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
