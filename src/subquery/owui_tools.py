"""The tool Open WebUI loads (`Tools`, its valves, its two functions), and how a call runs its task(s): one loop,
or one per task (at most `max_parallel_subqueries` at a time, one shared deadline, each its own status lines and
outcome). FUNCTIONS says which functions Open WebUI offers (it builds the specs when the tool is saved, so a valve
could not hide one). Every call reads its turn once, refuses a nested subquery, and ends with a `done` line."""

from __future__ import annotations

import asyncio
import inspect
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from pydantic import BaseModel, Field

from .budget import message_chars
from .loop import run_subquery_loop
from .messages import files_context
from .owui_calls import ToolCalls
from .owui_context import Turn, chat_params, turn_context
from .owui_run import Run
from .owui_select import (
    _tool_entries,
    _tool_search_manifest,
    cap_request_tools,
    helper_entries,
    left_out_note,
    parse_id_list,
    select_tools,
    tool_info,
)
from .owui_usage import record_usage
from .status import MAX_CALL_LINES, StatusEmitter, TaskStatus, done_line, many_done_line
from .tasks import (
    MIN_TASK_OUTPUT_CHARS,
    NESTED_REFUSAL,
    NO_SLOT_NOTE,
    TaskRun,
    read_tasks,
    tasks_answer,
)
from .threads import inside_subquery, off_loop, subquery_run
from .types import (
    FUNCTIONS,
    MAX_REQUEST_TOOLS,
    MIN_USEFUL_SECONDS,
    OFFLOAD_CHARS,
    SELF_NAMES,
    SUBQUERY_MARKER,  # noqa: F401  (is_self_entry finds this tool by it in these globals)
    AdminValves,
    LoopResult,
    Settings,
    ToolInfo,
    _count,
    log,
)
from .view import chat_for_helper


async def _load_user(user_dict: dict) -> Any:
    from open_webui.models.users import UserModel, Users

    found = Users.get_user_by_id(user_dict.get("id"))
    if inspect.isawaitable(found):
        found = await found
    if found is not None:
        return found
    return UserModel(**{k: v for k, v in user_dict.items() if k != "valves"})


async def get_ready(settings: Settings, turn: Turn, emit: StatusEmitter, recent: Any) -> Run | str:
    """The turn's `Run` (the user, the inner model, the limits; no tools yet), or the error the model gets (its
    status line sent)."""
    model_id = settings.model_id.strip() or turn.chat_model_id
    if turn.request is None or not model_id:
        await emit("Subquery unavailable: no request context", True)
        return "Error: subquery needs to run inside an Open WebUI chat (no request or model was provided)."
    try:
        user = await _load_user(dict(turn.user))
    except Exception as exc:
        log.exception("subquery: cannot load the user")
        await emit("Subquery failed: unknown user", True)
        return f"Error: subquery could not identify the user ({exc})."
    return Run(
        turn=turn, user=user, model_id=model_id, settings=settings, entries={}, emit=emit, recent=recent
    )


async def _within(deadline: float, step: Awaitable[Any]) -> Any:
    """`await step` within the deadline (the event loop's time), or `_LATE` when the deadline passed first."""
    try:
        async with asyncio.timeout_at(deadline):
            return await step
    except TimeoutError:
        return _LATE


_LATE = object()
LATE_NOTE = "[Subquery stopped: the time limit ran out before its first round.]"


async def delegate(prompts: list[str], recent: Any, turn: Turn, valves: AdminValves, single: bool) -> str:
    """`subquery` (`single`) or `subqueries`: one shared deadline from the start, the user read within it."""
    settings = Settings.from_valves(valves)
    lines = None if single else (MAX_CALL_LINES + 3) * len(prompts)  # each task: its start, calls, end
    emit = StatusEmitter(turn.event_emitter, turn.show_status, max_lines=lines)
    try:
        with subquery_run():
            started = time.monotonic()
            deadline = asyncio.get_running_loop().time() + settings.total_timeout_seconds
            ready = await _within(deadline, get_ready(settings, turn, emit, recent))
            if isinstance(ready, str) or ready is _LATE:
                return ready if isinstance(ready, str) else f"Error: {LATE_NOTE}"
            if single:
                return await run_one(prompts[0], ready, deadline, started)
            return await run_many(prompts, ready, deadline, started)
    except BaseException:  # cancelled or crashed: the status line must not spin forever
        await asyncio.shield(emit.stop("Subquery stopped"))
        raise


async def run_one(prompt: str, ready: Run, deadline: float, started: float) -> str:
    task = TaskRun(prompt)
    try:
        outcome = await run_task(task, ready, deadline)
    except Exception as exc:  # never a traceback in the chat
        log.exception("subquery loop failed")
        await ready.emit("Subquery failed", True)
        return f"Error: the subquery failed unexpectedly ({type(exc).__name__}: {exc})."
    finally:
        record_usage(ready.turn, task.usages)
    await ready.emit(done_line(outcome, time.monotonic() - started), True)
    return outcome.answer


async def run_many(prompts: list[str], ready: Run, deadline: float, started: float) -> str:
    """One section per task in the given order; the usage of every task recorded once, together."""
    settings, emit = ready.settings, ready.emit
    at_once = settings.max_parallel_subqueries
    share = max(settings.max_output_chars // len(prompts), MIN_TASK_OUTPUT_CHARS)  # the answer stays compact
    ready = replace(ready, settings=settings.model_copy(update={"max_output_chars": share}))
    slots, tasks = asyncio.Semaphore(at_once), [TaskRun(p) for p in prompts]

    async def one(task: TaskRun, label: str) -> None:
        """Whatever happens, the task leaves an outcome (what it gathered, when it failed or ran out of time)."""
        status, begun = TaskStatus(emit, label), time.monotonic()
        if await _within(deadline, slots.acquire()) is _LATE:
            task.outcome = task.cut_short("deadline", NO_SLOT_NOTE, share)
            return await status(done_line(task.outcome, time.monotonic() - begun), True)
        try:
            if deadline - asyncio.get_running_loop().time() < MIN_USEFUL_SECONDS:
                task.outcome = task.cut_short("deadline", NO_SLOT_NOTE, share)
            else:
                task.outcome = await run_task(task, replace(ready, emit=status), deadline)
        except Exception as exc:  # one task's failure never loses the others
            log.exception("subquery %s failed", label)
            task.outcome = task.cut_short("error", f"Subquery failed: {type(exc).__name__}: {exc}", share)
        finally:
            slots.release()
        await status(done_line(task.outcome, time.monotonic() - begun), True)

    await emit(f"Subqueries started · {len(tasks)} tasks, at most {at_once} at a time", False)
    try:
        await asyncio.gather(*(one(t, f"task {i}/{len(tasks)}") for i, t in enumerate(tasks, 1)))
    finally:
        record_usage(ready.turn, [usage for t in tasks for usage in t.usages])
    outcomes = [t.outcome or t.cut_short("error", "[This task did not finish.]", share) for t in tasks]
    await emit(many_done_line(outcomes, time.monotonic() - started), True)
    return tasks_answer(prompts, [o.answer for o in outcomes])


async def run_task(task: TaskRun, ready: Run, deadline: float) -> LoopResult:
    """`task.run` is set as soon as it exists (for its usage); preparing is within `deadline` too."""
    clients: list = []
    try:
        started = await _within(deadline, _start(task, ready, clients))
        if started is _LATE:
            return task.cut_short("deadline", LATE_NOTE, ready.settings.max_output_chars)
        messages, tools, data = started
        reply = _count(task.run.params.get("max_tokens")) or None  # missing, NaN, text, ...: not set
        hooks, limits = ToolCalls(task.run).hooks(), ready.settings
        return await run_subquery_loop(
            messages, tools, limits, hooks, untrusted=data, deadline=deadline, reply_tokens=reply
        )
    finally:  # the helper's own MCP clients, from the task that connected them (as Open WebUI's main.py does)
        for client in reversed(clients):
            try:
                await client.disconnect()
            except BaseException as exc:  # noqa: BLE001 - teardown errors only; see main.py's own cleanup
                log.debug("subquery: disconnecting an MCP client: %s", exc)


async def _start(
    task: TaskRun, ready: Run, clients: list
) -> tuple[list[dict], dict[str, ToolInfo], list[tuple[str, str]]]:
    turn, settings = ready.turn, ready.settings
    entries = await _tool_entries(turn, ready.user)
    include, exclude = parse_id_list(settings.include_tool_ids), parse_id_list(settings.exclude_tool_ids)
    own, connected = await helper_entries(turn, ready.user, include, entries)
    clients += connected
    entries = {**entries, **{name: e for name, e in own.items() if name not in entries}}
    selected = select_tools(entries, turn.tool_id, include, exclude, turn.direct_tools_ok)
    params = await chat_params(turn.request, ready.model)
    task.run = run = replace(ready, entries=selected, params=params)
    messages, data = await _first_messages(run, task.prompt)
    task.first = len(messages)
    deferred = run.metadata.get("deferred_tools") or ()
    tools = {name: tool_info(name, e, name in deferred) for name, e in run.entries.items()}
    tools, left_out = cap_request_tools(tools, task.prompt)
    await run.emit(start_line(tools, left_out), False)
    return messages, tools, data


def start_line(tools: Mapping[str, ToolInfo], left_out: Sequence[str]) -> str:
    """The loop's first status line; tools left out of the request are named there and in a warning."""
    n = len([t for t in tools if t != "call_tool"])
    line = f"Subquery started · {n} tool{'s' if n != 1 else ''} available"
    if not left_out:
        return line
    why = "subquery: %d tools left out of the request (providers accept at most %d): %s"
    log.warning(why, len(left_out), MAX_REQUEST_TOOLS, ", ".join(left_out))
    return f"{line} · {len(left_out)} left out (at most {MAX_REQUEST_TOOLS} per request): {left_out_note(left_out)}"


async def _first_messages(run: Run, prompt: str) -> tuple[list[dict], list[tuple[str, str]]]:
    """The inner loop's first messages, and the untrusted texts among them with where they come from:
    the files and the earlier chat; not the task, not the user's request, not the system context (configuration)."""
    try:
        n_recent = max(0, int(run.recent or 0))
    except (TypeError, ValueError, OverflowError):
        n_recent = 0
    settings = run.settings
    context = files_context(run.turn.files, run.metadata.get("sources") or [], settings.max_result_chars)
    deferred = [n for n in (run.metadata.get("deferred_tools") or []) if n in run.entries]
    parts = (
        await turn_context(run.turn, run.user, run.entries),
        _tool_search_manifest(run.entries, deferred),
    )
    system = "\n".join(part for part in parts if part)
    chat = run.turn.messages if isinstance(run.turn.messages, list) else []
    size = sum(map(message_chars, chat))
    found = chat, n_recent, settings.max_result_chars, settings.conversation_view_tokens
    recent, view, data = (
        chat_for_helper(*found) if size <= OFFLOAD_CHARS else await off_loop(chat_for_helper, *found)
    )
    system = "\n\n".join(part for part in (system, view) if part)
    task = {"role": "user", "content": f"{context}\n\n{prompt}" if context else prompt}
    messages = [*([{"role": "system", "content": system}] if system else []), *recent, task]
    run.prompt, run.prompt_at = prompt, len(messages) - 1
    return messages, [(context, "a file given to the helper"), *data]


class Tools:
    """Subquery: each inner loop behaves like Open WebUI's own (same tools minus this one, model access check,
    approval, request filters, reasoning, Tool Search, embeds, files, sources, usage on the turn's message)."""

    Valves = AdminValves

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
        Delegate a focused, self-contained subtask to a fresh assistant that can use the same tools, and get back one compact answer. Use it for side tasks that need several tool calls (look things up, compare, convert, compute) so the main conversation stays short. The helper sees this conversation (what was said, which tools were called), so the prompt can be short: say what to find or do.
        :param prompt: The complete subtask: what to find or do, and what the answer should contain.
        :param include_recent_messages: How many of the latest chat messages the helper should also see whole, tool results included (0 = none).
        """
        if inside_subquery():
            return NESTED_REFUSAL
        if not isinstance(prompt, str) or not prompt.strip():
            return (
                "Error: the subquery prompt is empty. Call subquery again with the full subtask in `prompt`."
            )
        turn = Turn.from_dunders(**locals())
        return await delegate([prompt.strip()], include_recent_messages, turn, self.valves, single=True)

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
        Run several independent subtasks at once, each by its own fresh assistant that can use the same tools, and get back one answer section per task, in the given order. Use it when a job splits into parts that do not depend on each other (look up several things, check several sources, compare options): they run at the same time, so it takes about as long as the slowest one. Each helper sees this conversation (what was said, which tools were called) but not the other tasks, so write each task as its own instruction.
        :param tasks: The subtasks, each a complete instruction: what to find or do, and what its answer should contain.
        :param include_recent_messages: How many of the latest chat messages every helper should also see whole, tool results included (0 = none).
        """
        if inside_subquery():
            return NESTED_REFUSAL
        prompts, error = read_tasks(tasks)
        if error:
            return error
        turn = Turn.from_dunders(**locals())
        return await delegate(prompts, include_recent_messages, turn, self.valves, single=False)
