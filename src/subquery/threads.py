"""Process-wide state. `process_state()`: one holder in `sys.modules` shared by every copy of this tool (Open WebUI
loads a module per tool id, and again when its code changes); it holds the recursion marker (a token counts only
while its run is active, so a subquery nested in the same run is refused, one started later from a task a tool
spawned is not) and the reader threads: reading large replies and data runs in READER_THREADS threads of their own
(`off_loop`), never on the event loop. Tools run as Open WebUI's own loop runs them: sync ones on the event loop."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import sys
import types
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

_STATE_MODULE = "_owui_subquery_depth"  # the first version's name: copies of older versions share the marker
READER_THREADS = 2  # threads reading large replies and data, for the whole process (the work is CPU-bound)


def process_state() -> types.ModuleType:
    """The state every copy of this tool and every concurrent subquery share, in one place: `var`/`active`
    (the recursion marker) and `readers_v1` (the reader threads, `off_loop`). Older copies kept a thread gate for
    sync tools there too (`threads_v1`, `threads_v2`): left as they are."""
    holder = sys.modules.get(_STATE_MODULE)
    if holder is None or not hasattr(holder, "active"):
        fresh = types.ModuleType(_STATE_MODULE)
        fresh.var = contextvars.ContextVar("owui_subquery_run", default=None)  # type: ignore[attr-defined]
        fresh.active = set()  # type: ignore[attr-defined]
        holder = sys.modules.setdefault(_STATE_MODULE, fresh)
        if not hasattr(holder, "active"):  # an older copy of this tool registered a depth counter
            sys.modules[_STATE_MODULE] = holder = fresh
    if "readers_v1" not in holder.__dict__:
        holder.__dict__.setdefault("readers_v1", ThreadPoolExecutor(READER_THREADS, "subquery-reader"))
    return holder


async def off_loop(fn: Callable[..., Any], *args: Any) -> Any:
    """`fn(*args)` in the process-wide reader threads (READER_THREADS of them, shared by every copy of the tool),
    never on the event loop: reading a large reply or large data. Work waits there for a free reader."""
    readers = process_state().readers_v1  # type: ignore[attr-defined]
    return await asyncio.get_running_loop().run_in_executor(readers, functools.partial(fn, *args))


def inside_subquery() -> bool:
    """True only inside a subquery run that is still going (not in a task it left behind)."""
    state = process_state()
    return state.var.get() in state.active  # type: ignore[attr-defined]


@contextlib.contextmanager
def subquery_run() -> Iterator[None]:
    """Marks the current context as inside a running subquery for the duration of the block."""
    state = process_state()
    token_id = object()
    state.active.add(token_id)  # type: ignore[attr-defined]
    token = state.var.set(token_id)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        state.active.discard(token_id)  # type: ignore[attr-defined]
        state.var.reset(token)  # type: ignore[attr-defined]
