"""Part (g) of the filter benchmark: hostile input: how long one request holds the event loop, before
issue 25 and now, and what each cache keeps once hostile inputs have filled it."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import time
from typing import Any

from scripts.bench_filter_common import clear_caches, tcf
from scripts.bench_filter_economy import load_today_filter

BEFORE_25 = "fb3927f"  # the filter before issue 25, loaded from git


def hostile_requests() -> dict[str, list[dict]]:
    """One request body's messages per hostile input of issue 25."""
    big = "x" * 10_000_000
    call = {
        "id": "c1",
        "type": "function",
        "function": {"name": "fetch", "arguments": json.dumps({"data": big})},
    }
    calling = {
        "role": "assistant",
        "content": "",
        "tool_calls": [{**call, "function": {"name": "fetch", "arguments": "{}"}}],
    }
    deep: list = []
    for _ in range(5_000):
        deep = [deep]
    q = {"role": "user", "content": "go on"}
    return {
        "10 MB tool-call argument": [
            q,
            {"role": "assistant", "content": "", "tool_calls": [call]},
            {"role": "tool", "tool_call_id": "c1", "content": "ok"},
            q,
        ],
        "10 MB reasoning_content": [q, {"role": "assistant", "content": "ok", "reasoning_content": big}, q],
        "10 MB dict tool content": [
            q,
            calling,
            {"role": "tool", "tool_call_id": "c1", "content": {"rows": big}},
            q,
        ],
        "a page that panics tiktoken": [
            q,
            calling,
            {"role": "tool", "tool_call_id": "c1", "content": " " * 999_999 + "x"},
            q,
        ],
        "a million tiny parts": [{"role": "user", "content": [{"type": "text", "text": "x"}] * 1_000_000}],
        "5,000-deep nesting": [{"role": "user", "content": deep}],
    }


async def _held(f: Any, messages: list[dict]) -> tuple[float, str]:
    """The longest the event loop went without running a 1 ms heartbeat while ``f.request`` ran;
    and how the request ended."""
    gaps: list[float] = []
    done = asyncio.Event()

    async def beat() -> None:
        last = time.perf_counter()
        while not done.is_set():
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    task = asyncio.create_task(beat())
    await asyncio.sleep(0.02)
    try:
        await f.request({"model": "m", "messages": messages, "stream": True, "metadata": {}})
        outcome = "ok"
    except BaseException as exc:  # a tokenizer panic is a BaseException
        outcome = f"raised {type(exc).__name__}"
    done.set()
    await task
    return max(gaps), outcome


def part_g() -> dict:
    print(
        "\n(g) hostile input: the longest event-loop stall of one request (a 1 ms heartbeat), first request of a process"
    )
    before = load_today_filter(BEFORE_25)
    loop = asyncio.new_event_loop()
    rows = []
    for name, messages in hostile_requests().items():
        row: dict[str, Any] = {"input": name}
        for label, mod in (("before", before), ("now", tcf)):
            if mod is None:
                continue
            mod._SHRINK_MEMO.clear()
            mod.COUNT_CACHE.clear()
            (getattr(mod, "_PIECES_MEMO", None) or mod._PIECE_MEMO).clear()
            gap, outcome = loop.run_until_complete(_held(mod.Filter(), messages))
            row[f"{label}_stall_ms"], row[f"{label}_outcome"] = round(gap * 1000, 1), outcome
        rows.append(row)
        print(
            f"    {name:<28} before {row.get('before_stall_ms', 0):>9,.1f} ms ({row.get('before_outcome')}), "
            f"now {row['now_stall_ms']:>7,.1f} ms ({row['now_outcome']})"
        )
    loop.close()
    return {"stalls": rows, "memory": part_g_memory()}


def part_g_memory() -> dict:
    """What each cache keeps once hostile inputs filled it (tracemalloc, bytes still allocated)."""
    import tracemalloc

    from devkit.histories import cl100k

    def kept(fill: Any) -> float:
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        fill()
        gc.collect()
        size = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        return round(size / 2**20, 1)

    counter = tcf.TokenCounter(exact=tcf._counter_of(cl100k()))
    padded = ("\nw" + " " * 500_000) * 6 + " end"  # 3 MB, ~23,450 tokens: a shrunk output of ~370 KB

    def shrink_fill() -> None:
        for i in range(120):  # ~44 MB of shrunk outputs
            tcf._shrink_tool_message(
                {"role": "tool", "tool_call_id": "c", "content": f"{i}{padded}"}, 3000, counter, 23_450
            )

    def count_fill() -> None:
        for i in range(150_000):
            counter.text(f"{i:07d}" * 50)

    rng = random.Random(5)

    def piece_fill() -> None:  # nearly as many pieces of the largest kind as it keeps
        for _ in range(2 * tcf._PIECES_MEMO.limit // 500 - 1):
            tcf.estimate_tokens(
                "1".join("".join(chr(rng.randint(0x20000, 0x2A6DF)) for _ in range(32)) for _ in range(500))
            )

    tcf._tables()
    out = {}
    for name, fill, bound in (
        ("shrink memo", shrink_fill, f"2 x {tcf._SHRINK_MEMO.limit / 2**20:.0f} MB counted"),
        ("count cache", count_fill, f"2 x {tcf.COUNT_CACHE.limit:,} entries"),
        (
            "estimator piece memo",
            piece_fill,
            f"2 x {tcf._PIECES_MEMO.limit:,} pieces of <= {tcf._MEMO_PIECE_MAX} characters",
        ),
    ):
        clear_caches()
        out[name] = kept(fill)
        print(f"    {name:<22} keeps {out[name]:>6} MB after a hostile fill (bound: {bound})")
    clear_caches()
    return out
