"""devkit/virtual_time.py: the event loop on virtual time that deadline tests run on."""

from __future__ import annotations

import asyncio
import time

import pytest

from devkit.virtual_time import run_virtual


def test_a_sleep_moves_the_clock_by_exactly_its_length_and_timers_keep_their_order():
    async def main():
        loop = asyncio.get_running_loop()
        order = []

        async def after(seconds, name):
            await asyncio.sleep(seconds)
            order.append((name, loop.time()))

        await asyncio.gather(after(30, "late"), after(0.5, "early"), after(2, "middle"))
        return order

    assert run_virtual(main()) == [("early", 0.5), ("middle", 2), ("late", 30)]


def test_a_timeout_fires_at_its_time_on_the_loops_clock():
    async def main():
        loop = asyncio.get_running_loop()
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(asyncio.Event().wait(), timeout=1.5)
        return loop.time()

    assert run_virtual(main()) == pytest.approx(1.5)


def test_work_in_a_thread_is_waited_for_in_real_time_not_jumped_past():
    """The only timer is a 60 s timeout: jumping to it while the thread works would fire it."""

    async def main():
        return await asyncio.wait_for(asyncio.to_thread(lambda: time.sleep(0.05) or "done"), timeout=60)

    assert run_virtual(main()) == "done"
