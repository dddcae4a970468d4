"""Process-wide state (`process_state()`): one holder in `sys.modules` shared by every copy of this tool (Open
WebUI loads a module per tool id, and again when its code changes). It holds the recursion marker (a token counts
only while its run is active: a subquery nested in the same run is refused, one started later from a task a tool
spawned is not) and the reader threads that read large replies and data off the event loop (`off_loop`)."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import sys
import types
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

_STATE_MODULE = "_owui_subquery_depth"  # the first version's name: copies of older versions share the marker
READER_THREADS = 2  # threads reading large replies and data, for the whole process (the work is CPU-bound)


def process_state() -> types.ModuleType:
    """Older copies also kept a thread gate here (`threads_v1`, `threads_v2`): left as they are."""
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
    readers = process_state().readers_v1  # type: ignore[attr-defined]
    return await asyncio.get_running_loop().run_in_executor(readers, fn, *args)


def inside_subquery() -> bool:
    state = process_state()
    return state.var.get() in state.active  # type: ignore[attr-defined]


@contextlib.contextmanager
def subquery_run() -> Iterator[None]:
    state = process_state()
    token_id = object()
    state.active.add(token_id)  # type: ignore[attr-defined]
    token = state.var.set(token_id)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        state.active.discard(token_id)  # type: ignore[attr-defined]
        state.var.reset(token)  # type: ignore[attr-defined]
