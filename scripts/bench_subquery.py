#!/usr/bin/env python3
"""Benchmark the Subquery tool on a real Open WebUI 0.12.4, against its peers, in one run.

(a) One round of 8 calls of a tool that sleeps 0.5 s (async and sync variants):
    Subquery (parallel) vs Subquery forced sequential (max_parallel_tools=1, the original
    Subquery's behaviour) vs Open WebUI's own native tool loop (which runs calls one by one).
    A sync tool runs on the event loop, as Open WebUI runs it: its calls cannot overlap.
(b) Per-round overhead of the loop over a zero-latency scripted model through the real
    completion path (`generate_chat_completion`), vs Open WebUI's native loop per round.
(c) Parallel subtasks: three subtasks, each one inner round calling a tool that sleeps 1 s, then
    an answer. `subqueries` with the 3 tasks vs three `subquery` calls in one round (Open WebUI runs
    them one after another) vs three `delegate_task` calls in one round (Open WebUI's sub-agents,
    run concurrently), and `subqueries` with 1 task as the baseline. The time of the outer round
    (between the chat model's two requests); every turn is sent as the browser sends it (a
    `session_id`: builtin tools on, so `delegate_task` is offered; ENABLE_SUBAGENTS=true).
(d) How long `/health` takes while four subtasks each read a 200 kB pathological reply (the event
    loop stalled 11.8 s on these before the readers became linear and moved off it), against
    `/health` on the idle server in the same run. The end-to-end test checks only that every
    `/health` is answered: a time is measured here, never asserted in a test.
(e) The event loop under hostile subqueries: `/health` is requested every 10 ms while one `subqueries` call runs six
    tasks, each with a hostile shape (a 200 kB reply of `<function=` openers, one of `<think` lines, 1 MB of inline
    reasoning then a call, a 4 MB tool result, 1 MB of invisible characters, a reply of 20,000 argument objects),
    against the same polling while one benign task runs: the worst `/health` delay of each, and their ratio.

Everything runs on 127.0.0.1: an `open-webui serve` with a fresh data folder and our scripted
model. Timings come from the scripted model's request log (when each model request arrived).

    python scripts/bench_subquery.py [--repeat 3] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit.harness import ChatClient, OpenWebUIServer, offline_env  # noqa: E402
from devkit.scripted_model import Call, Reply, ScriptedModel, free_port  # noqa: E402

MODEL = "bench-model"
BENCH_TOOL = '''"""
title: Bench tools
author: owui-toolkit
version: 0.1.0
license: MIT
description: Tools with fixed latency for the Subquery benchmark.
"""
import asyncio
import time


class Tools:
    async def nap(self, i: int) -> str:
        """
        Sleep half a second (async).
        :param i: Call number.
        """
        await asyncio.sleep(0.5)
        return f"nap {i} done"

    def sync_nap(self, i: int) -> str:
        """
        Sleep half a second (blocking).
        :param i: Call number.
        """
        time.sleep(0.5)
        return f"sync nap {i} done"

    async def nap_second(self, key: str) -> str:
        """
        Look a key up (async, one second).
        :param key: The key.
        """
        await asyncio.sleep(1.0)
        return f"value of {key}"

    def instant(self, i: int) -> str:
        """
        Return at once.
        :param i: Call number.
        """
        return f"instant {i}"

    def big_page(self, kind: str) -> str:
        """
        Return a large page.
        :param kind: data or invisible.
        """
        return "x delete " * 440_000 if kind == "data" else "\u200b" * 1_000_000
'''
# (e) the hostile shapes: each task's inner model gives one of these replies first, then answers.
HOSTILE_REPLIES = {
    "openers": Reply(content="<function=" * 20_000),
    "think": Reply(content="<think\n" * 30_000),
    "reasoning": Reply(content="<think>" + "Let me think. " * 75_000 + "</think>[instant(i=1)]"),
    "data": Reply(calls=(Call("big_page", {"kind": "data"}),)),
    "invisible": Reply(calls=(Call("big_page", {"kind": "invisible"}),)),
    "objects": Reply(calls=(Call("instant", "".join(f'{{"i": {i}}}' for i in range(20_000))),)),
}


def gap(log, key: str, first: int, second: int) -> float:
    """Seconds between the arrival of two model requests of one scenario."""
    entries = [e for e in log if e.scenario == key]
    return entries[second].started - entries[first].started


def subquery_round(client: ChatClient, model: ScriptedModel, key: str, tool: str, parallel: int) -> float:
    client.set_tool_valves("subquery", {"max_parallel_tools": parallel})
    model.script(
        key,
        [Reply(calls=(Call("subquery", {"prompt": f"[[{key}/inner]] run the naps"}),)), Reply(content="ok")],
    )
    model.script(
        f"{key}/inner",
        [Reply(calls=tuple(Call(tool, {"i": i}) for i in range(8))), Reply(content="all done")],
    )
    client.chat(MODEL, f"[[{key}]] go", tool_ids=["subquery", "bench"])
    return gap(model.log, f"{key}/inner", 0, 1)


def native_round(client: ChatClient, model: ScriptedModel, key: str, tool: str) -> float:
    model.script(key, [Reply(calls=tuple(Call(tool, {"i": i}) for i in range(8))), Reply(content="ok")])
    client.chat(MODEL, f"[[{key}]] go", tool_ids=["bench"])
    return gap(model.log, key, 0, 1)


def subquery_overhead(client: ChatClient, model: ScriptedModel, key: str, rounds: int) -> float:
    client.set_tool_valves("subquery", {"max_rounds": rounds + 1})
    model.script(
        key, [Reply(calls=(Call("subquery", {"prompt": f"[[{key}/inner]] count"}),)), Reply(content="ok")]
    )

    def inner(body: dict, step: int) -> Reply:
        return Reply(calls=(Call("instant", {"i": step}),)) if step < rounds else Reply(content="done")

    model.script(f"{key}/inner", inner)
    client.chat(MODEL, f"[[{key}]] go", tool_ids=["subquery", "bench"])
    return gap(model.log, f"{key}/inner", 0, rounds) / rounds


def native_overhead(client: ChatClient, model: ScriptedModel, key: str, rounds: int) -> float:
    def outer(body: dict, step: int) -> Reply:
        return Reply(calls=(Call("instant", {"i": step}),)) if step < rounds else Reply(content="done")

    model.script(key, outer)
    client.chat(MODEL, f"[[{key}]] go", tool_ids=["bench"])
    return gap(model.log, key, 0, rounds) / rounds


def one_lookup(body: dict, step: int) -> Reply:
    """One subtask: a 1 s lookup, then an answer quoting it."""
    if step == 0:
        return Reply(calls=(Call("nap_second", {"key": "k"}),))
    return Reply(content="found " + [m for m in body["messages"] if m.get("role") == "tool"][-1]["content"])


def wait_for_requests(model: ScriptedModel, key: str, count: int, timeout: float = 300.0) -> None:
    """A turn sent with a `session_id` runs in the background: wait until the chat model's last request."""
    deadline = time.monotonic() + timeout
    while len(model.requests_for(key)) < count:
        if time.monotonic() > deadline:
            raise RuntimeError(f"{key}: {len(model.requests_for(key))} of {count} model requests")
        time.sleep(0.1)


def subtasks_round(client: ChatClient, model: ScriptedModel, key: str, how: str, n: int = 3) -> float:
    """(c) one outer round that runs `n` subtasks the way `how` says; its wall time."""
    tasks = [f"[[{key}/{i}]] look key {i} up" for i in range(1, n + 1)]
    calls = {
        "subqueries": (Call("subqueries", {"tasks": tasks}),),
        "subquery": tuple(Call("subquery", {"prompt": t}) for t in tasks),
        "delegate_task": tuple(Call("delegate_task", {"task": t}) for t in tasks),
    }[how]
    model.script(key, [Reply(calls=calls), Reply(content="ok")])
    for i in range(1, n + 1):
        model.script(f"{key}/{i}", one_lookup)
    tool_ids = ["bench"] if how == "delegate_task" else ["subquery", "bench"]
    client.chat(MODEL, f"[[{key}]] go", tool_ids=tool_ids, extra={"session_id": f"bench-{key}"})
    wait_for_requests(model, key, 2)
    for i in range(1, n + 1):
        assert len(model.requests_for(f"{key}/{i}")) == 2, f"{key}/{i} did not run its lookup and answer"
    return gap(model.log, key, 0, 1)


def measure_subtasks(client: ChatClient, model: ScriptedModel, repeat: int) -> dict[str, float]:
    """(c) the four ways, alternating within each repetition so that a change of load hits them all."""
    ways = {
        "subqueries_1_task": ("subqueries", 1),
        "subqueries_3_tasks": ("subqueries", 3),
        "three_subquery_calls": ("subquery", 3),
        "three_delegate_task_calls": ("delegate_task", 3),
    }
    runs: dict[str, list[float]] = {name: [] for name in ways}
    for i in range(repeat):
        for name, (how, n) in ways.items():
            runs[name].append(subtasks_round(client, model, f"subtasks-{name}-{i}", how, n))
    return {f"{name}_s": statistics.median(times) for name, times in runs.items()}


def measure_parallel(client: ChatClient, model: ScriptedModel, median) -> dict[str, float]:
    """(a) one round of 8 calls of a 0.5 s tool."""
    figures: dict[str, float] = {}
    for tool in ("nap", "sync_nap"):
        figures[f"{tool}_subquery_parallel_s"] = median(subquery_round, tool, 8)
        figures[f"{tool}_subquery_sequential_s"] = median(subquery_round, tool, 1)
        figures[f"{tool}_owui_native_loop_s"] = median(native_round, tool)
    return figures


def measure_overhead(client: ChatClient, model: ScriptedModel, repeat: int, rounds: int) -> dict[str, float]:
    """(b) per-round overhead; Subquery and the native loop alternate, so a change of load hits both."""
    ours, native = [], []
    for i in range(repeat):
        ours.append(subquery_overhead(client, model, f"subquery_overhead-{rounds}-{i}", rounds))
        native.append(native_overhead(client, model, f"native_overhead-{rounds}-{i}", rounds))
    return {
        "subquery_round_overhead_ms": 1000 * statistics.median(ours),
        "owui_native_round_overhead_ms": 1000 * statistics.median(native),
    }


def report_parallel(figures: dict[str, float], repeat: int) -> None:
    print("(a) one round of 8 calls of a 0.5 s tool (wall time of the round, median of", repeat, "runs)")
    print(
        f"{'tool':<10} {'Subquery parallel':>18} {'forced sequential':>18} {'OWUI native loop':>17} "
        f"{'vs sequential':>14} {'vs native':>10}"
    )
    for tool in ("nap", "sync_nap"):
        p, s, n = (
            figures[f"{tool}_{k}"]
            for k in ("subquery_parallel_s", "subquery_sequential_s", "owui_native_loop_s")
        )
        figures[f"{tool}_speedup_vs_sequential"] = s / p
        figures[f"{tool}_speedup_vs_native"] = n / p
        print(f"{tool:<10} {p:>17.2f}s {s:>17.2f}s {n:>16.2f}s {s / p:>13.1f}x {n / p:>9.1f}x")


def report_overhead(figures: dict[str, float], rounds: int) -> None:
    print(f"(b) per-round overhead over a zero-latency model, {rounds} rounds of one instant call")
    so, no = figures["subquery_round_overhead_ms"], figures["owui_native_round_overhead_ms"]
    figures["overhead_ratio_native_vs_subquery"] = no / so
    print(
        f"Subquery loop: {so:.1f} ms/round   Open WebUI native loop: {no:.1f} ms/round   ratio {no / so:.1f}x"
    )


def report_subtasks(figures: dict[str, float], repeat: int) -> None:
    print(f"(c) three subtasks, each a 1 s tool call then an answer (outer round, median of {repeat} runs)")
    base = figures["subqueries_3_tasks_s"]
    one = figures["subqueries_1_task_s"]
    figures["subqueries_3_vs_1_task"] = base / one
    print(f"{'subqueries, 1 task:':<34} {one:.2f}s")
    print(f"{'subqueries, 3 tasks:':<34} {base:.2f}s   {base / one:.2f}x one task")
    for name, label in (
        ("three_subquery_calls", "3 subquery calls, one round:"),
        ("three_delegate_task_calls", "3 delegate_task calls, one round:"),
    ):
        t = figures[f"{name}_s"]
        figures[f"{name}_vs_subqueries"] = t / base
        print(f"{label:<34} {t:.2f}s   {t / base:.2f}x subqueries")


HOSTILE = {  # as in tests/e2e/test_subquery_hostile_e2e.py
    "functions": "<function=" * 20_000,
    "think": "<think\n" * 28_600,
    "closers": "</s> " * 40_000 + '<tool_call>{"name": "instant", "arguments": {"i": 1}}</tool_call>',
    "qwen-value": "<function=instant><parameter=i>" + "</parameter></function>" * 9_000,
}


def health_times(url: str, stop: threading.Event, times: list[float], count: int | None = None) -> None:
    """Ask `/health` until `stop` is set (or `count` times), 10 ms apart; each answer's time."""
    while not stop.is_set() and (count is None or len(times) < count):
        started = time.monotonic()
        with urllib.request.urlopen(f"{url}/health", timeout=60) as response:
            response.read()
        times.append(time.monotonic() - started)
        time.sleep(0.01)


def measure_health(client: ChatClient, model: ScriptedModel, url: str) -> dict[str, float]:
    """(d) `/health` on the idle server, then while four subtasks read pathological replies."""
    idle: list[float] = []
    health_times(url, threading.Event(), idle, count=50)
    client.set_tool_valves("subquery", {"total_timeout_seconds": 60})
    key = "health"
    tasks = [f"[[{key}/{name}]] read" for name in HOSTILE]
    for name, reply in HOSTILE.items():
        model.script(f"{key}/{name}", [Reply(content=(reply * 3)[:200_000]), Reply(content="done")])
    model.script(key, [Reply(calls=(Call("subqueries", {"tasks": tasks}),)), Reply(content="OUTER FINAL")])
    busy: list[float] = []
    stop = threading.Event()
    poller = threading.Thread(target=health_times, args=(url, stop, busy), daemon=True)
    poller.start()
    try:
        client.chat(MODEL, f"[[{key}]] please delegate", tool_ids=["subquery"])
    finally:
        stop.set()
        poller.join(60)
    return {
        "health_idle_median_s": statistics.median(idle),
        "health_idle_max_s": max(idle),
        "health_reading_median_s": statistics.median(busy),
        "health_reading_max_s": max(busy),
        "health_reading_samples": len(busy),
    }


def report_health(figures: dict[str, float]) -> None:
    print("(d) /health while four subtasks each read a 200 kB pathological reply")
    idle, busy = figures["health_idle_median_s"], figures["health_reading_median_s"]
    print(
        f"    idle server:   median {idle * 1000:.1f} ms, slowest {figures['health_idle_max_s'] * 1000:.1f} ms"
    )
    print(
        f"    while reading: median {busy * 1000:.1f} ms, slowest {figures['health_reading_max_s'] * 1000:.1f} ms"
        f" ({figures['health_reading_samples']} answers; median {busy / idle:.1f}x the idle one)"
    )


def hostile_delays(
    client: ChatClient, model: ScriptedModel, key: str, shapes: list[str]
) -> tuple[list[float], float]:
    """(e) `/health` delays (seconds) while one `subqueries` call runs a task per shape; and the turn's time."""
    prompts = [f"[[{key}/{shape}]] read" for shape in shapes]
    for shape in shapes:
        model.script(
            f"{key}/{shape}", [HOSTILE_REPLIES.get(shape, Reply(content="fine")), Reply(content="done")]
        )
    model.script(key, [Reply(calls=(Call("subqueries", {"tasks": prompts}),)), Reply(content="ok")])
    delays: list[float] = []
    stop = threading.Event()

    def poll() -> None:
        while not stop.is_set():
            started = time.monotonic()
            with urllib.request.urlopen(f"{client.url}/health", timeout=60):
                pass
            delays.append(time.monotonic() - started)
            time.sleep(0.01)

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    started = time.monotonic()
    try:
        client.chat(MODEL, f"[[{key}]] go", tool_ids=["subquery", "bench"])
    finally:
        took = time.monotonic() - started
        stop.set()
        poller.join(60)
    return delays, took


def measure_hostile(client: ChatClient, model: ScriptedModel, repeat: int) -> dict[str, float]:
    """(e) the worst `/health` delay while hostile subqueries run, and while a benign one runs (same run)."""
    client.set_tool_valves("subquery", {"max_result_chars": 4_000_000, "max_subquery_tokens": 0})
    figures: dict[str, float] = {}
    for name, shapes in (("benign", ["benign"]), ("hostile", sorted(HOSTILE_REPLIES))):
        worst, turns = [], []
        for i in range(repeat):
            delays, took = hostile_delays(client, model, f"hostile-{name}-{i}", shapes)
            worst.append(max(delays))
            turns.append(took)
        figures[f"health_worst_{name}_ms"] = 1000 * max(worst)
        figures[f"turn_{name}_s"] = statistics.median(turns)
    client.set_tool_valves("subquery", {})
    return figures


def report_hostile(figures: dict[str, float], repeat: int) -> None:
    print(f"(e) the worst /health delay (polled every 10 ms; the worst of {repeat} turns)")
    benign, hostile = figures["health_worst_benign_ms"], figures["health_worst_hostile_ms"]
    figures["health_hostile_vs_benign"] = hostile / benign
    print(f"one benign task: {benign:.0f} ms (turn {figures['turn_benign_s']:.2f} s)")
    print(
        f"six hostile tasks ({', '.join(sorted(HOSTILE_REPLIES))}): {hostile:.0f} ms "
        f"(turn {figures['turn_hostile_s']:.2f} s), {hostile / benign:.1f}x the benign worst"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median reported)")
    parser.add_argument("--rounds", type=int, default=20, help="rounds for the overhead measurement")
    parser.add_argument(
        "--parts",
        default="abcde",
        help="parts: a (parallel rounds), b (overhead), c (subtasks), d (/health while reading), e (hostile subqueries)",
    )
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)

    root = Path(tempfile.mkdtemp(prefix="bench-subquery-"))
    model = ScriptedModel(MODEL, name="Benchmark scripted model").start()
    env = {**offline_env(root, model.base_url), "ENABLE_SUBAGENTS": "true"}  # delegate_task, for (c)
    server = OpenWebUIServer(root, free_port(), env)
    figures: dict[str, float] = {}
    try:
        print("starting Open WebUI 0.12.4 on 127.0.0.1 …", flush=True)
        server.start()
        client = ChatClient(server.url, timeout=300)
        client.signup("Bench", "bench@example.com", "bench-password")
        client.install_tool("subquery", ROOT / "tools" / "subquery.py")
        client.install_tool_source("bench", BENCH_TOOL)

        def median(fn, *a) -> float:
            return statistics.median(
                fn(client, model, f"{fn.__name__}-{'-'.join(map(str, a))}-{i}", *a)
                for i in range(args.repeat)
            )

        if "a" in args.parts:
            figures.update(measure_parallel(client, model, median))
        if "b" in args.parts:
            figures.update(measure_overhead(client, model, args.repeat, args.rounds))
        if "c" in args.parts:
            client.set_tool_valves("subquery", {})
            figures.update(measure_subtasks(client, model, args.repeat))
        if "d" in args.parts:
            figures.update(measure_health(client, model, server.url))
        if "e" in args.parts:
            figures.update(measure_hostile(client, model, args.repeat))
    finally:
        server.stop()
        model.stop()
        shutil.rmtree(root, ignore_errors=True)

    print()
    if "a" in args.parts:
        report_parallel(figures, args.repeat)
        print()
    if "b" in args.parts:
        report_overhead(figures, args.rounds)
        print()
    if "c" in args.parts:
        report_subtasks(figures, args.repeat)
        print()
    if "d" in args.parts:
        report_health(figures)
        print()
    if "e" in args.parts:
        report_hostile(figures, args.repeat)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
