"""Process-wide state, and the threads sync tools may run in. `process_state()`: one holder in `sys.modules` shared
by every copy of this tool (Open WebUI loads a module per tool id, and again when its code changes); it holds the
recursion marker (a token counts only while its run is active, so a subquery nested in the same run is refused, one
started later from a task a tool spawned is not), the thread gate and the reader threads. Open WebUI runs sync tools
on the event loop; so does Subquery, unless the admin lists a tool as thread-safe (valve sync_tools_in_threads).
Threads are bounded for the whole process (`ThreadGate`, valve max_tool_threads: the smallest bound any copy of the
tool is configured with wins); a timed-out thread holds its slot until it ends. Reading large replies and data runs
in READER_THREADS threads of their own (`off_loop`), never on the event loop and never in a tool's slot."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import contextvars
import functools
import sys
import threading
import types
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from .types import NotStarted

_STATE_MODULE = "_owui_subquery_depth"  # the first version's name: copies of older versions share the marker
READER_THREADS = 2  # threads reading large replies and data, for the whole process (the work is CPU-bound)


def process_state() -> types.ModuleType:
    """The state every copy of this tool and every concurrent subquery share, in one place: `var`/`active`
    (the recursion marker), `threads_v2` (the `ThreadGate` for sync tools; `threads_v1`, a gate of older
    copies, took each caller's own bound) and `readers_v1` (the reader threads, `off_loop`)."""
    holder = sys.modules.get(_STATE_MODULE)
    if holder is None or not hasattr(holder, "active"):
        fresh = types.ModuleType(_STATE_MODULE)
        fresh.var = contextvars.ContextVar("owui_subquery_run", default=None)  # type: ignore[attr-defined]
        fresh.active = set()  # type: ignore[attr-defined]
        holder = sys.modules.setdefault(_STATE_MODULE, fresh)
        if not hasattr(holder, "active"):  # an older copy of this tool registered a depth counter
            sys.modules[_STATE_MODULE] = holder = fresh
    if "threads_v2" not in holder.__dict__ or "readers_v1" not in holder.__dict__:
        holder.__dict__.setdefault("threads_v2", ThreadGate())  # atomic: one gate per process
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


class ThreadGate:
    """A bound on the threads sync tools run in, for the whole process: the smallest bound configured. Every
    call gives its copy's bound (`key`: the tool's id; valve max_tool_threads); the gate keeps the latest one per
    copy and lets at most the smallest of them run, whichever copy asks. A slot is taken before a thread starts
    and given back by the thread itself when it really ends, so a call abandoned at its timeout holds its slot
    until its function returns. Waiters are served in order, each on its own event loop; a waiter that gave up
    passes a slot it was handed on."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: collections.deque = collections.deque()  # (event loop, future)
        self.limits: dict[str, int] = {}  # the bound each copy of the tool was configured with
        self.running = self.peak = 0

    @property
    def bound(self) -> int:
        return min(self.limits.values(), default=1)

    async def acquire(self, limit: int, key: str = "") -> None:
        loop = asyncio.get_running_loop()
        with self._lock:
            self.limits[key] = max(int(limit), 1)
            if self.running < self.bound and not self._waiters:
                self._take()
                return
            waiter = (loop, loop.create_future())
            self._waiters.append(waiter)
            handed = self._hand_out()  # a bound that grew lets waiters start
        self._deliver_all(handed)
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
        """Give a slot back (from any thread); the first waiters get it while the bound allows."""
        with self._lock:
            self.running -= 1
            handed = self._hand_out()
        self._deliver_all(handed)

    def _hand_out(self) -> list:
        """The waiters that get a slot now (taken for them); call under the lock."""
        handed = []
        while self._waiters and self.running < self.bound:
            handed.append(self._waiters.popleft())
            self._take()
        return handed

    def _deliver_all(self, handed: list) -> None:
        for loop, future in handed:
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


async def in_thread(fn: Callable[..., Any], kwargs: dict, limit: int, wait: float, key: str = "") -> Any:
    """Run a sync callable in a daemon thread of its own (with this context), within the process-wide
    bound (`ThreadGate`: `limit` is this copy's, `key` its tool id; the smallest configured bound wins); wait
    at most `wait` seconds for a slot, then `NotStarted`. An abandoned thread finishes alone and gives its slot
    back when it ends."""
    gate = process_state().threads_v2  # type: ignore[attr-defined]
    try:
        await asyncio.wait_for(gate.acquire(limit, key), timeout=max(wait, 0.001))
    except TimeoutError:
        busy = f"all {gate.bound} threads for sync tools in this server are busy (Subquery valve max_tool_threads"
        raise NotStarted(busy + ", the smallest any copy of the tool sets)") from None
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
