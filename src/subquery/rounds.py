"""What a round needs from outside the loop's state: the hooks (`Hooks`, the adapter's `Run` provides them), the
`tools` of a request, and a round's calls run concurrently and bounded (`run_calls`)."""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from textcalls.calls import ToolCall

from .messages import REASONING_TAGS
from .types import MAX_REQUEST_TOOLS, Completion, Prepared, ToolInfo, ToolOutput, _safe_str, _shorten


async def _always_yes(call: ToolCall, kwargs: dict, remaining: float) -> bool:
    return True


def _unresolved(call: ToolCall) -> ToolCall | str:
    return call


async def _nothing(*_args: Any) -> None:  # no log, no trace
    return None


@dataclass(frozen=True)
class Hooks:
    """What the loop needs from the outside world. complete: one model round (`max_tokens=` when the budget needs
    one); approve: the user's yes under tool_approval_mode 'ask'; confirm: the user's yes for a text call the rule
    holds (None: nobody can be asked, it stays text); resolve: Tool Search's `call_tool` (pure: it may run in a reader
    thread); emit: progress lines; log: one kept line per call; trace: each call with its full arguments."""

    complete: Callable[..., Awaitable[Completion]]
    execute: Callable[[ToolCall, dict, float], Awaitable[str | ToolOutput]]
    emit: Callable[[str, bool], Awaitable[None]]
    approve: Callable[[ToolCall, dict, float], Awaitable[bool]] = _always_yes
    resolve: Callable[[ToolCall], ToolCall | str] = _unresolved
    reasoning_tags: tuple[tuple[str, str], ...] = REASONING_TAGS
    log: Callable[[str], Awaitable[None]] = _nothing
    confirm: Callable[[ToolCall, dict, float], Awaitable[bool]] | None = None
    trace: Callable[[str, str, Any, str | None], Awaitable[None]] = _nothing


def request_specs(tools: Mapping[str, ToolInfo]) -> list[dict] | None:
    specs = [{"type": "function", "function": t.spec} for t in tools.values() if not t.deferred]
    return specs[:MAX_REQUEST_TOOLS] or None


async def run_calls(
    prepared: Sequence[Prepared], execute: Callable, max_parallel: int, timeout: float | Callable
) -> list[ToolOutput]:
    """Results in call order. The wait for a slot counts against each call's timeout: a call that never got one
    is "not started", one that ran too long "timed out"."""
    semaphore = asyncio.Semaphore(max(1, max_parallel))

    async def one(p: Prepared) -> ToolOutput:
        if p.answer is not None:
            return ToolOutput(p.answer, outcome=p.outcome or "refused")
        error, limit, started = f"Error: `{p.call.name}`", timeout(p) if callable(timeout) else timeout, False
        try:
            async with asyncio.timeout(limit), semaphore:
                started = True
                out = await execute(p.call, p.kwargs or {}, limit)
        except TimeoutError:
            if not started:
                why = f"no free slot within {limit:g} s (other calls of this round were still running)."
                return ToolOutput(f"{error} was not started: {why}", outcome="not started")
            return ToolOutput(f"{error} timed out after {limit:g} s and was abandoned.", outcome="timed out")
        except Exception as exc:  # the model can react to a failing tool
            return ToolOutput(f"{error} raised {type(exc).__name__}: {_safe_str(exc)}", outcome="failed")
        return out if isinstance(out, ToolOutput) else ToolOutput(_safe_str(out))

    return list(await asyncio.gather(*(one(p) for p in prepared)))


def round_label(calls: Sequence[ToolCall]) -> str:
    counts = collections.Counter(_shorten(c.name, 60) for c in calls)
    label = ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in list(counts.items())[:6])
    return label + (", …" if len(counts) > 6 else "")
