"""The tool Open WebUI loads: `Tools`, its valves, and its two functions.

`subquery(prompt)` runs one loop; `subqueries(tasks)` runs one per task, concurrently (see owui_delegate).
FUNCTIONS says which of the two Open WebUI offers (its specs are built when the tool is saved, so a valve
could not hide one). Each call reads the turn once (`Turn.from_dunders`), runs marked as inside a subquery
(a nested one is refused), and always ends its status lines with a `done` line.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from pydantic import BaseModel, Field

from .owui_delegate import run_many, run_one, start_line
from .owui_turn import Turn, _dunders
from .status import MAX_CALL_LINES, StatusEmitter
from .tasks import NESTED_REFUSAL, read_tasks
from .threads import inside_subquery, subquery_run
from .types import (
    DEFAULTS,
    FUNCTIONS,
    SELF_NAMES,
    SUBQUERY_MARKER,  # noqa: F401  (is_self_entry finds this tool by it in these globals)
    TextCallMode,
)

# The valves' descriptions (what an admin reads in Open WebUI); their defaults come from `Settings`.
_VALVE_HELP = {
    "model_id": "Model for subqueries. Empty: the chat's own model. Set a cheaper model id to save cost; a user without access to it gets a clear error instead of an answer.",
    "max_rounds": "Tool rounds before a final answer is requested.",
    "max_parallel_tools": "Tool calls of one round that run at the same time.",
    "max_calls_per_round": "Tool calls one round may make; calls beyond it are neither run nor kept, and the model is told.",
    "tool_timeout_seconds": "Time limit for each tool call, the wait for a slot included.",
    "total_timeout_seconds": "Time limit for the whole subquery; what was gathered is returned.",
    "repeat_call_limit": "An identical call (name + arguments) runs at most this often (0: no limit).",
    "max_result_chars": "Cap on each tool result the inner model sees.",
    "max_output_chars": "Cap on the answer returned to the chat.",
    "max_reply_chars": "Cap on one model reply as it is kept for the next round: its text, and its calls' arguments together (a call past it is not run).",
    "run_request_filters": "Send inner model calls through the installed filters' `request` hooks, as Open WebUI's loop does.",
    "text_tool_calls": "Calls a model writes as text: `auto` reads them while the model has made no structured call in the subquery, `always` whenever a reply has no structured calls, `off` never. A text call that also stands in a tool result, a file or the chat history given never runs.",
    "sync_tools_in_threads": "Sync tools run on the event loop, as Open WebUI runs them. List tool ids or function names (comma-separated, `*` for all) whose sync functions are thread-safe: they run in threads, so a blocking one does not hold the server and calls of a round overlap.",
    "max_parallel_subqueries": "Tasks of one `subqueries` call that run at the same time; the others wait for a free slot within the call's total time.",
    "max_tool_threads": "Threads for sync tools in the whole server (all subqueries together); a call waits for a free one within its time limit. A timed-out call keeps its thread until it really ends.",
    "include_tool_ids": "Comma-separated tool ids, names, `server:<id>` or `server:mcp:<id>` the subquery may use (empty: all of the chat's).",
    "exclude_tool_ids": "Comma-separated tool ids, names or server ids to leave out.",
}


def _valve(name: str, **bounds: Any) -> Any:
    """A valve whose default is the `Settings` default (one source of defaults; "" for the others)."""
    return Field(default=getattr(DEFAULTS, name, ""), description=_VALVE_HELP[name], **bounds)


class Tools:
    """Subquery: `subquery(prompt)` runs a fresh native tool loop of the chat's model; `subqueries(tasks)` runs
    one such loop per task, concurrently (FUNCTIONS says which of the two Open WebUI offers).

    Each inner loop behaves like Open WebUI's own: the same tools (minus this one), the same model
    access check, approval under tool_approval_mode 'ask', the installed filters' `request` hooks,
    reasoning stripped and replayed per provider, Tool Search, embeds/files/sources to the chat, usage
    on the turn's message. Limits come from the Valves (see `Settings`).
    """

    class Valves(BaseModel):
        model_id: str = _valve("model_id")
        max_rounds: int = _valve("max_rounds", ge=1, le=64)
        max_parallel_tools: int = _valve("max_parallel_tools", ge=1, le=64)
        max_calls_per_round: int = _valve("max_calls_per_round", ge=1, le=256)
        tool_timeout_seconds: float = _valve("tool_timeout_seconds", gt=0)
        total_timeout_seconds: float = _valve("total_timeout_seconds", gt=0)
        repeat_call_limit: int = _valve("repeat_call_limit", ge=0)
        max_result_chars: int = _valve("max_result_chars", ge=200)
        max_output_chars: int = _valve("max_output_chars", ge=200)
        max_reply_chars: int = _valve("max_reply_chars", ge=1000)
        run_request_filters: bool = _valve("run_request_filters")
        text_tool_calls: TextCallMode = _valve("text_tool_calls")
        sync_tools_in_threads: str = _valve("sync_tools_in_threads")
        max_parallel_subqueries: int = _valve("max_parallel_subqueries", ge=1, le=16)
        max_tool_threads: int = _valve("max_tool_threads", ge=1, le=256)
        include_tool_ids: str = _valve("include_tool_ids")
        exclude_tool_ids: str = _valve("exclude_tool_ids")

    class UserValves(BaseModel):
        show_status: bool = Field(
            default=True, description="Show the subquery's progress and each inner call in the chat."
        )

    def __init__(self):
        self.valves = self.Valves()

    def __dir__(self) -> list[str]:
        """Open WebUI builds the tool's specs from `dir()` when the tool is saved: only FUNCTIONS are offered."""
        hidden = set(SELF_NAMES) - set(FUNCTIONS)
        return [name for name in super().__dir__() if name not in hidden]

    async def subquery(
        self,
        prompt: str,
        include_recent_messages: int = 0,
        __user__: dict | None = None,
        __metadata__: dict | None = None,
        __messages__: list | None = None,
        __files__: list | None = None,
        __model__: dict | None = None,
        __request__: Any = None,
        __event_emitter__: Callable[[dict], Awaitable[None]] | None = None,
        __event_call__: Callable[[dict], Awaitable[Any]] | None = None,
        __oauth_token__: dict | None = None,
        __id__: str | None = None,
    ) -> str:
        """
        Delegate a focused, self-contained subtask to a fresh assistant that can use the same tools, and get back one compact answer. Use it for side tasks that need several tool calls (look things up, compare, convert, compute) so the main conversation stays short. Write the prompt as a complete instruction: the helper does not see this chat unless include_recent_messages is set.
        :param prompt: The complete subtask: what to find or do, and what the answer should contain.
        :param include_recent_messages: How many of the latest chat messages the helper should also see (0 = none).
        """
        if inside_subquery():
            return NESTED_REFUSAL
        if not isinstance(prompt, str) or not prompt.strip():
            return (
                "Error: the subquery prompt is empty. Call subquery again with the full subtask in `prompt`."
            )
        turn = Turn.from_dunders(**_dunders(locals()))
        return await self._delegate([prompt.strip()], include_recent_messages, turn, single=True)

    async def subqueries(
        self,
        tasks: list[str],
        include_recent_messages: int = 0,
        __user__: dict | None = None,
        __metadata__: dict | None = None,
        __messages__: list | None = None,
        __files__: list | None = None,
        __model__: dict | None = None,
        __request__: Any = None,
        __event_emitter__: Callable[[dict], Awaitable[None]] | None = None,
        __event_call__: Callable[[dict], Awaitable[Any]] | None = None,
        __oauth_token__: dict | None = None,
        __id__: str | None = None,
    ) -> str:
        """
        Run several independent subtasks at once, each by its own fresh assistant that can use the same tools, and get back one answer section per task, in the given order. Use it when a job splits into parts that do not depend on each other (look up several things, check several sources, compare options): they run at the same time, so it takes about as long as the slowest one. Write each task as a complete instruction: the helpers see neither this chat (unless include_recent_messages is set) nor each other.
        :param tasks: The subtasks, each a complete instruction: what to find or do, and what its answer should contain.
        :param include_recent_messages: How many of the latest chat messages every helper should also see (0 = none).
        """
        if inside_subquery():
            return NESTED_REFUSAL
        prompts, error = read_tasks(tasks)
        if error:
            return error
        turn = Turn.from_dunders(**_dunders(locals()))
        return await self._delegate(prompts, include_recent_messages, turn, single=False)

    async def _delegate(self, prompts: list[str], include_recent: Any, turn: Turn, single: bool) -> str:
        """Run the task(s) marked as inside a subquery; a `done` status line goes out on every exit."""
        lines = None if single else (MAX_CALL_LINES + 3) * len(prompts)  # each task: its start, calls, end
        emit = StatusEmitter(turn.event_emitter, turn.show_status, max_lines=lines)
        finished = False
        try:
            with subquery_run():
                if single:
                    answer = await self._run(prompts[0], include_recent, emit, turn)
                else:
                    answer = await run_many(prompts, include_recent, emit, turn, self.valves)
            finished = True
            return answer
        finally:
            if not finished:  # cancelled or crashed: the status line must not spin forever
                await asyncio.shield(emit("Subquery stopped", True))

    async def _run(self, prompt: str, include_recent: Any, emit: StatusEmitter, turn: Turn) -> str:
        return await run_one(prompt, include_recent, emit, turn, self.valves)

    _start_line = staticmethod(start_line)
