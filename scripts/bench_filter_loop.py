#!/usr/bin/env python3
"""Benchmark: the worst event-loop lag one request causes in the tool context filter.

For each shape, the filter's ``request`` hook runs once, caches cold (the first request of a
process), while a heartbeat on the same event loop wakes every millisecond; the lag is the longest
gap between two heartbeats less the 1 ms sleep.  With the exact tokenizer (cl100k) and without it
(the estimator).  The shapes (``devkit/filter_shapes.py``):

* large: 10 MB of words in each field a message can carry (every content part type, nesting), a
  list part of 3 million numbers, a million parts (and number parts), a million calls (one id, and
  distinct ids), a million messages (and system messages), 333,333 tool groups, arguments of a million
  keys (as text and as an object), a page that panics tiktoken 0.13: the trim runs in a worker thread;
* small: requests just under the size that moves the trim to a thread, of the texts slowest to
  count (one long word, punctuation, CJK, random printable characters), as a message and as an old
  output a small budget shrinks: the trim runs on the event loop.

Beside each lag, the peer: ``json.dumps`` of the same body on the same loop, which Open WebUI does
for every request it sends (a request of this size costs at least that).  The goal is a lag of at
most 50 ms for every shape.

Usage: ``python scripts/bench_filter_loop.py [--quick] [--json PATH]`` (``--quick``: 1 MB texts).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit.filter_shapes import field_shapes, small_shapes, words  # noqa: E402
from devkit.histories import assistant, call, load_filter, tool, user  # noqa: E402

tcf = load_filter()
GOAL_MS = 50.0
PANIC = "\t" * 999_999 + "x"  # tiktoken 0.13 panics on it (a BaseException)


def clear_caches() -> None:
    for memo in (tcf.COUNT_CACHE, tcf._PIECES_MEMO, tcf._SHRINK_MEMO):
        memo.clear()


async def lag_of(work: Any) -> float:
    """The longest the loop went without its 1 ms heartbeat while ``await work()`` ran, less 1 ms."""
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
    await asyncio.sleep(0.01)
    try:
        await work()
    finally:
        done.set()
        await task
    return max(0.0, max(gaps) - 0.001) * 1000


async def measure(name: str, messages: list[dict], use_tokenizer: bool) -> dict:
    body = {
        "model": "m",
        "messages": [*messages, assistant("ok"), user("next?")],
        "metadata": {"chat_id": "c"},
    }
    f = tcf.Filter()
    f.valves.use_tokenizer = use_tokenizer
    f.valves.max_context_tokens = 8_192  # small: old outputs are shrunk, turns dropped
    clear_caches()
    started = time.perf_counter()
    lag = await lag_of(lambda: f.request(body))
    took = time.perf_counter() - started

    async def dumps() -> None:
        try:
            json.dumps(body)
        except RecursionError:  # 5,000-deep nesting: Open WebUI cannot send it either
            pass

    peer = await lag_of(dumps)
    return {
        "shape": name,
        "tokenizer": use_tokenizer,
        "thread": tcf._large(body["messages"]),
        "lag_ms": round(lag, 1),
        "json_dumps_ms": round(peer, 1),
        "request_s": round(took, 2),
    }


PAGE = "a page that panics tiktoken"


def shape(text: str, name: str) -> list[dict]:
    """Shape ``name``, built alone (a million-item shape takes seconds to build)."""
    if name == PAGE:
        return [user("q"), assistant("", tool_calls=[call("c1")]), tool("c1", PANIC)]
    small = small_shapes(tcf._THREAD_ABOVE_BYTES)
    return small[name] if name in small else field_shapes(text, only=name)[name]


NAMES = [*field_shapes("", items=0), PAGE, *small_shapes(tcf._THREAD_ABOVE_BYTES)]


async def run(size: int) -> list[dict]:
    text, rows = words(size), []
    for use_tokenizer in (True, False):
        if use_tokenizer:
            await tcf.ensure_tokenizer()
        for name in NAMES:
            # Only the request measured is alive, as in a server, and the heap is settled: the cycle
            # collector's passes over other shapes (a list of 3 million numbers is 3 million visits)
            # and over this script's imports (a server did that pass long ago) are not the filter's.
            messages = shape(text, name)
            gc.collect()
            row = await measure(name, messages, use_tokenizer)
            del messages
            rows.append(row)
            print(
                f"  {'cl100k' if use_tokenizer else 'estimate':<8} {name:<28} "
                f"{'thread' if row['thread'] else 'loop':<6} lag {row['lag_ms']:>6.1f} ms   "
                f"json.dumps {row['json_dumps_ms']:>6.1f} ms   request {row['request_s']:>6.2f} s",
                flush=True,
            )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="1 MB texts instead of 10 MB")
    parser.add_argument("--json", type=Path, help="write the results there")
    args = parser.parse_args()
    size = 1_000_000 if args.quick else 10_000_000
    print(
        f"Filter event-loop lag, {size / 1e6:.0f} MB texts, Python {platform.python_version()}, cold caches"
    )
    rows = asyncio.run(run(size))
    worst = max(rows, key=lambda r: r["lag_ms"])
    verdict = "met" if worst["lag_ms"] <= GOAL_MS else "NOT met"
    print(
        f"Worst lag: {worst['lag_ms']} ms ({worst['shape']}, tokenizer {worst['tokenizer']}): goal <= {GOAL_MS} ms {verdict}"
    )
    if args.json:
        args.json.write_text(json.dumps({"size": size, "rows": rows, "worst": worst}, indent=1) + "\n")


if __name__ == "__main__":
    main()
