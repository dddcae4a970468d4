"""An asyncio event loop on virtual time, for tests of deadlines, timeouts and slow peers.

When no callback is ready and no I/O is waiting, the loop's clock jumps to its next timer at once:
`asyncio.sleep(30)` takes no real time, and a 1.5 s deadline is exactly 1.5 s of the loop's clock
however busy the machine is. So a test can assert on `loop.time()` (an injected clock) where it
would otherwise assert on the wall clock and flake.

While work runs in the loop's executor (`asyncio.to_thread`, `run_in_executor`), the clock follows
real time instead: a thread's result is I/O the loop waits for, and jumping past it would fire
timeouts that real time would not. Threads the code under test starts by other means are not seen:
use this loop for code that waits on timers, coroutines and executor threads only.

    run_virtual(main())          # main's coroutine on a fresh virtual loop, closed afterwards
"""

from __future__ import annotations

import asyncio
import selectors
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import Executor
from typing import Any, TypeVar

T = TypeVar("T")


class _JumpingSelector(selectors.DefaultSelector):
    def __init__(self, loop: VirtualTimeLoop) -> None:
        super().__init__()
        self._loop = loop

    def select(self, timeout: float | None = None) -> list[tuple[selectors.SelectorKey, int]]:
        ready = super().select(0)
        if ready or timeout == 0:
            return ready
        if timeout is None or (self._loop.threads and self._loop.follow_threads):  # real I/O, in real time
            began = time.monotonic()
            ready = super().select(timeout)
            self._loop.now += time.monotonic() - began
            return ready
        self._loop.now += timeout  # nothing to do until the next timer: go there
        return []


class VirtualTimeLoop(asyncio.SelectorEventLoop):
    """A selector event loop whose `time()` is virtual (it starts at 0). `follow_threads=False`: the clock
    jumps to the next timer even while executor jobs run (for a test whose threads never end by themselves)."""

    def __init__(self, follow_threads: bool = True) -> None:
        self.now = 0.0
        self.threads = 0  # executor jobs under way
        self.follow_threads = follow_threads
        super().__init__(_JumpingSelector(self))

    def time(self) -> float:
        return self.now

    def run_in_executor(self, executor: Executor | None, func: Callable[..., T], *args: Any) -> asyncio.Future[T]:
        future = super().run_in_executor(executor, func, *args)
        self.threads += 1
        future.add_done_callback(self._thread_done)
        return future

    def _thread_done(self, _: asyncio.Future) -> None:
        self.threads -= 1


def run_virtual(main: Coroutine[Any, Any, T]) -> T:
    """Run ``main`` on a new virtual-time loop (as `asyncio.run` does: leftover tasks cancelled, the
    loop closed)."""
    with asyncio.Runner(loop_factory=VirtualTimeLoop) as runner:
        return runner.run(main)
