"""Process-wide state, and the threads sync tools may run in. `process_state()`: one holder in `sys.modules` shared
by every copy of this tool (Open WebUI loads a module per tool id, and again when its code changes); it holds the
recursion marker (a token counts only while its run is active, so a subquery nested in the same run is refused, one
started later from a task a tool spawned is not) and the thread gate. Open WebUI runs sync tools on the event
loop; so does Subquery, unless the admin lists a tool as thread-safe (valve sync_tools_in_threads). Threads are
bounded for the whole process (`ThreadGate`, valve max_tool_threads); a timed-out thread holds its slot until it
ends."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import sys
import threading
import types
from collections.abc import Callable, Iterator
from typing import Any

from .types import NotStarted

_STATE_MODULE = "_owui_subquery_depth"  # the first version's name: copies of older versions share the marker


def process_state() -> types.ModuleType:
    """The state every copy of this tool and every concurrent subquery share, in one place:
    `var`/`active` (the recursion marker) and `threads_v1` (the `ThreadGate` for sync tools)."""
    holder = sys.modules.get(_STATE_MODULE)
    if holder is None or not hasattr(holder, "active"):
        fresh = types.ModuleType(_STATE_MODULE)
        fresh.var = contextvars.ContextVar("owui_subquery_run", default=None)  # type: ignore[attr-defined]
        fresh.active = set()  # type: ignore[attr-defined]
        holder = sys.modules.setdefault(_STATE_MODULE, fresh)
        if not hasattr(holder, "active"):  # an older copy of this tool registered a depth counter
            sys.modules[_STATE_MODULE] = holder = fresh
    holder.__dict__.setdefault("threads_v1", ThreadGate())  # atomic: one gate per process
    return holder


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


class ThreadGate:
    """A bound on the threads sync tools run in, for the whole process.
    A slot is taken before a thread starts and given back by the thread itself when it really ends,
    so a call abandoned at its timeout holds its slot until its function returns. Waiters are served
    in order, each on its own event loop; a waiter that gave up passes a slot it was handed on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: collections.deque = collections.deque()
        self.running = self.peak = 0

    async def acquire(self, limit: int) -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            if self.running < limit and not self._waiters:
                self._take()
                return
            waiter = (loop, loop.create_future(), limit)
            self._waiters.append(waiter)
        try:
            await waiter[1]
        except BaseException:
            with self._lock:
                queued = waiter in self._waiters
                if queued:
                    self._waiters.remove(waiter)
            if not queued and waiter[1].done() and not waiter[1].cancelled():
                self.release()  # the slot came just as the wait ended: nobody will use it
            raise

    def release(self) -> None:
        """Give a slot back (from any thread); the first waiter within its limit gets it."""
        with self._lock:
            self.running -= 1
            handed = None
            if self._waiters and self.running < self._waiters[0][2]:
                handed = self._waiters.popleft()
                self._take()
        if handed is not None:
            loop, future, _limit = handed
            try:
                loop.call_soon_threadsafe(self._deliver, future)
            except RuntimeError:  # that event loop is closed
                self.release()

    def _take(self) -> None:
        self.running += 1
        self.peak = max(self.peak, self.running)

    def _deliver(self, future: asyncio.Future) -> None:
        if future.done():  # its waiter gave up meanwhile
            self.release()
        else:
            future.set_result(True)


async def in_thread(fn: Callable[..., Any], kwargs: dict, limit: int, wait: float) -> Any:
    """Run a sync callable in a daemon thread of its own (with this context), within the process-wide
    bound of `limit` threads (`ThreadGate`); wait at most `wait` seconds for a slot, then `NotStarted`.
    An abandoned thread finishes alone and gives its slot back when it ends."""
    gate = process_state().threads_v1  # type: ignore[attr-defined]
    try:
        await asyncio.wait_for(gate.acquire(limit), timeout=max(wait, 0.001))
    except TimeoutError:
        busy = f"all {limit} threads for sync tools in this server are busy (Subquery valve max_tool_threads)"
        raise NotStarted(busy) from None
    loop = asyncio.get_running_loop()
    future: asyncio.Future = loop.create_future()
    context = contextvars.copy_context()

    def settle(value: Any, error: BaseException | None) -> None:
        if not future.done():
            future.set_exception(error) if error is not None else future.set_result(value)

    def target() -> None:
        try:
            value, error = context.run(fn, **kwargs), None
        except BaseException as exc:  # handed to the awaiting coroutine
            value, error = None, exc
        finally:
            gate.release()
        with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits any more
            loop.call_soon_threadsafe(settle, value, error)

    try:
        threading.Thread(target=target, name="subquery-tool", daemon=True).start()
    except BaseException:
        gate.release()
        raise
    return await future
