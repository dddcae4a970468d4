"""Running a call's task(s) on Open WebUI: the user, the inner model and the limits, read once (`get_ready`);
one isolated loop per task, with its own `Run`, first messages and status lines.

`subqueries` (`run_many`) runs one loop per task, concurrently: at most `max_parallel_subqueries` at a time,
under one shared deadline, each with its own status lines (`TaskStatus`: every line names its task) and its
own outcome, whatever happens to the others; one section per task in the given order; the usage of all
tasks recorded once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from .loop import run_subquery_loop
from .messages import files_context, message_texts, tail_messages
from .owui_completion import model_entry
from .owui_context import chat_params, turn_context
from .owui_run import Run
from .owui_select import (
    _tool_entries,
    _tool_search_manifest,
    cap_request_tools,
    left_out_note,
    parse_id_list,
    select_tools,
    tool_info,
)
from .owui_turn import Turn, _load_user
from .owui_usage import record_usage
from .status import StatusEmitter, TaskStatus, done_line, many_done_line
from .tasks import MIN_TASK_OUTPUT_CHARS, NO_SLOT_NOTE, TASK_OVERRUN_SECONDS, TaskRun, tasks_answer
from .types import MAX_REQUEST_TOOLS, MIN_USEFUL_SECONDS, LoopResult, Settings, ToolInfo, log


@dataclass(frozen=True)
class _Ready:
    """What every loop of one call shares: the turn, the user, the inner model, the limits, the valves."""

    turn: Turn
    user: Any
    model_id: str
    settings: Settings
    valves: Any


@dataclass(frozen=True)
class _Many:
    """What the tasks of one `subqueries` call share: the slots, the deadline, the approval lock, the status."""

    ready: _Ready
    include_recent: Any
    emit: StatusEmitter
    slots: asyncio.Semaphore
    deadline: float
    approvals: asyncio.Lock


async def get_ready(valves: Any, turn: Turn, emit: StatusEmitter) -> _Ready | str:
    """The user, the inner model and the limits; or the error the model gets (its status line sent)."""
    model_id = valves.model_id.strip() or turn.chat_model_id
    if turn.request is None or not model_id:
        await emit("Subquery unavailable: no request context", True)
        return "Error: subquery needs to run inside an Open WebUI chat (no request or model was provided)."
    try:
        user = await _load_user(dict(turn.user))
    except Exception as exc:
        log.exception("subquery: cannot load the user")
        await emit("Subquery failed: unknown user", True)
        return f"Error: subquery could not identify the user ({exc})."
    return _Ready(turn, user, model_id, Settings.from_valves(valves), valves)


async def run_one(prompt: str, include_recent: Any, emit: StatusEmitter, turn: Turn, valves: Any) -> str:
    """`subquery`: one loop; its usage recorded; its `done` line with its totals."""
    started = time.monotonic()
    ready = await get_ready(valves, turn, emit)
    if isinstance(ready, str):
        return ready
    task = TaskRun(prompt)
    try:
        outcome = await run_task(task, include_recent, ready, emit)
    except Exception as exc:  # never a traceback in the chat
        log.exception("subquery loop failed")
        await emit("Subquery failed", True)
        return f"Error: the subquery failed unexpectedly ({type(exc).__name__}: {exc})."
    finally:
        record_usage(turn, task.usages)
    await emit(done_line(outcome, time.monotonic() - started), True)
    return outcome.answer


async def run_many(
    prompts: list[str], include_recent: Any, emit: StatusEmitter, turn: Turn, valves: Any
) -> str:
    """`subqueries`: one loop per task, at most `max_parallel_subqueries` at a time, under one deadline;
    one section per task in the given order; the usage of every task recorded once, together."""
    started = time.monotonic()
    ready = await get_ready(valves, turn, emit)
    if isinstance(ready, str):
        return ready
    settings = ready.settings
    share = max(settings.max_output_chars // len(prompts), MIN_TASK_OUTPUT_CHARS)  # the answer stays compact
    calls = _Many(
        ready=replace(ready, settings=replace(settings, max_output_chars=share)),
        include_recent=include_recent,
        emit=emit,
        slots=asyncio.Semaphore(settings.max_parallel_subqueries),
        deadline=started + settings.total_timeout_seconds,
        approvals=asyncio.Lock(),
    )
    tasks = [TaskRun(p) for p in prompts]
    at_once = settings.max_parallel_subqueries
    await emit(f"Subqueries started · {len(tasks)} tasks, at most {at_once} at a time", False)
    try:
        await asyncio.gather(*(_one_of_many(t, i, len(tasks), calls) for i, t in enumerate(tasks, 1)))
    finally:
        record_usage(turn, [usage for t in tasks for usage in t.usages])
    outcomes = [t.outcome or t.cut_short("error", "[This task did not finish.]", share) for t in tasks]
    await emit(many_done_line(outcomes, time.monotonic() - started), True)
    return tasks_answer(prompts, [o.answer for o in outcomes])


async def _one_of_many(task: TaskRun, i: int, n: int, calls: _Many) -> None:
    """One task of `subqueries`: a slot within the shared deadline, then its own loop until that deadline.
    Whatever happens it leaves an outcome (what it gathered, when it failed or ran out of time)."""
    emit = TaskStatus(calls.emit, f"task {i}/{n}")
    started = time.monotonic()
    limit = calls.ready.settings.max_output_chars
    try:
        await asyncio.wait_for(calls.slots.acquire(), timeout=max(calls.deadline - started, 0.001))
    except TimeoutError:
        task.outcome = task.cut_short("deadline", NO_SLOT_NOTE, limit)
        await emit(done_line(task.outcome, time.monotonic() - started), True)
        return
    try:
        remaining = calls.deadline - time.monotonic()
        if remaining < MIN_USEFUL_SECONDS:
            task.outcome = task.cut_short("deadline", NO_SLOT_NOTE, limit)
        else:
            run = run_task(task, calls.include_recent, calls.ready, emit, calls.approvals, calls.deadline)
            task.outcome = await asyncio.wait_for(run, timeout=remaining + TASK_OVERRUN_SECONDS)
    except TimeoutError:
        task.outcome = task.cut_short("deadline", "[Subquery stopped: the time limit ran out.]", limit)
    except Exception as exc:  # one task's failure never loses the others
        log.exception("subquery task %d/%d failed", i, n)
        task.outcome = task.cut_short("error", f"Subquery failed: {type(exc).__name__}: {exc}", limit)
    finally:
        calls.slots.release()
    await emit(done_line(task.outcome, time.monotonic() - started), True)


async def run_task(
    task: TaskRun,
    include_recent: Any,
    ready: _Ready,
    emit: StatusEmitter | TaskStatus,
    approvals: asyncio.Lock | None = None,
    deadline: float | None = None,
) -> LoopResult:
    """One isolated loop for one task (`task.run` is set as soon as it exists, for its usage)."""
    task.run = run = await _prepare(ready, emit, approvals)
    messages, untrusted = await _first_messages(run, task.prompt, include_recent)
    task.first = len(messages)
    deferred = run.metadata.get("deferred_tools") or ()
    tools = {name: tool_info(name, e, name in deferred) for name, e in run.entries.items()}
    tools, left_out = cap_request_tools(tools, task.prompt)
    await emit(start_line(tools, left_out), False)
    return await run_subquery_loop(
        messages, tools, ready.settings, run.hooks(), untrusted=untrusted, deadline=deadline
    )


async def _prepare(ready: _Ready, emit: StatusEmitter | TaskStatus, approvals: asyncio.Lock | None) -> Run:
    turn, valves = ready.turn, ready.valves
    entries = await _tool_entries(turn, ready.user)
    include, exclude = parse_id_list(valves.include_tool_ids), parse_id_list(valves.exclude_tool_ids)
    selected = select_tools(entries, turn.tool_id, include, exclude, turn.direct_tools_ok)
    params = await chat_params(turn.request, model_entry(turn.request, ready.model_id, turn.chat_model))
    return Run(
        turn=turn,
        user=ready.user,
        model_id=ready.model_id,
        settings=ready.settings,
        entries=selected,
        emit=emit,
        params=params,
        thread_tools=tuple(parse_id_list(valves.sync_tools_in_threads)),
        approvals=approvals,
    )


def start_line(tools: Mapping[str, ToolInfo], left_out: Sequence[str]) -> str:
    """The first status line of a loop: how many tools it has, and (with a warning log line naming every one)
    the tools left out of the request."""
    n = len([t for t in tools if t != "call_tool"])
    line = f"Subquery started · {n} tool{'s' if n != 1 else ''} available"
    if not left_out:
        return line
    names = ", ".join(left_out)
    log.warning(
        "subquery: %d tools left out of the request (providers accept at most %d): %s",
        len(left_out),
        MAX_REQUEST_TOOLS,
        names,
    )
    return f"{line} · {len(left_out)} left out (at most {MAX_REQUEST_TOOLS} per request): {left_out_note(left_out)}"


async def _first_messages(run: Run, prompt: str, include_recent: Any) -> tuple[list[dict], list[str]]:
    """The inner loop's first messages (the turn's system context, recent messages, the task), and the
    texts among them that are data (`TextGuard`)."""
    try:
        n_recent = max(0, int(include_recent or 0))
    except (TypeError, ValueError, OverflowError):
        n_recent = 0
    context = files_context(run.turn.files, run.metadata.get("sources") or [], run.settings.max_result_chars)
    deferred = [n for n in (run.metadata.get("deferred_tools") or []) if n in run.entries]
    manifest = (_tool_search_manifest(run.entries, deferred) or {}).get("content")
    system = "\n".join(
        part for part in (await turn_context(run.turn, run.user, run.entries), manifest) if part
    )
    recent = tail_messages(run.turn.messages, n_recent)
    task = {"role": "user", "content": f"{context}\n\n{prompt}" if context else prompt}
    messages = [*([{"role": "system", "content": system}] if system else []), *recent, task]
    run.prompt, run.prompt_at = prompt, len(messages) - 1
    return messages, [prompt, context, system, *(text for m in recent for text in message_texts(m))]
