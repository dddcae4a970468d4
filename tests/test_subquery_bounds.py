"""Subquery under hostile replies and data (issue 25): one thread bound per process (Must 5), bounded work off the
event loop (Must 1), replay bounded in bytes (Must 4). The loop runs with injected hooks; the thread gate and the
reader threads are the process-wide ones every copy of the tool shares."""

from __future__ import annotations

import asyncio
import threading

from tests.conftest import load_plugin

sq = load_plugin("tools/subquery.py", "subquery_bounds_plugin")


# --- Must 5: one thread bound per process, the smallest configured -------------------------------------------
async def test_the_smallest_bound_any_copy_configures_holds_for_every_copy():
    gate = sq.ThreadGate()
    await gate.acquire(2, "copy-a")
    await gate.acquire(8, "copy-b")
    third = asyncio.ensure_future(gate.acquire(8, "copy-b"))  # copy B's own bound is 8, copy A's is 2
    await asyncio.sleep(0.02)
    assert not third.done() and gate.running == 2 and gate.bound == 2
    gate.release()
    await asyncio.wait_for(third, 1)
    assert gate.running == 2 and gate.peak == 2
    await gate.acquire(8, "copy-a")  # copy A's valve raised to 8: the bound follows it, waiters start
    assert gate.bound == 8 and gate.running == 3
    for _ in range(3):
        gate.release()
    assert gate.running == 0


async def test_two_copies_of_the_tool_with_bounds_2_and_8_run_at_most_2_threads():
    """Issue 25: copy A at 2 and copy B at 8 shared one gate but each passed its own bound, and 8 threads ran."""
    other = load_plugin("tools/subquery.py", "subquery_bounds_plugin_copy_b")
    gate = sq.process_state().threads_v2
    assert other.process_state().threads_v2 is gate
    running, peak, lock, release = [0], [0], threading.Lock(), threading.Event()

    def work(**kw):
        with lock:
            running[0] += 1
            peak[0] = max(peak[0], running[0])
        release.wait(5)
        with lock:
            running[0] -= 1
        return "done"

    saved = dict(gate.limits)  # other tests' bounds (this gate lives as long as the process) set aside
    gate.limits.clear()
    try:
        await sq.in_thread(lambda: None, {}, 2, 1.0, "sq-bounds-copy-a")  # copy A has run with its bound of 2
        calls = [asyncio.ensure_future(other.in_thread(work, {}, 8, 3.0, "sq-bounds-copy-b")) for _ in range(8)]
        await asyncio.sleep(0.3)
        assert 1 <= peak[0] <= 2 and gate.bound == 2  # 2, less any slot another test's thread still holds
        release.set()
        assert await asyncio.gather(*calls) == ["done"] * 8
        assert peak[0] <= 2
    finally:
        release.set()
        gate.limits.clear()
        gate.limits.update(saved)


def test_the_valve_says_the_smallest_bound_wins():
    help_text = sq.Tools.Valves.model_fields["max_tool_threads"].description
    assert "smallest bound any of them sets holds for all" in help_text
