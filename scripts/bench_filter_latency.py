"""Parts (a) and (b) of the filter benchmark: inlet latency at 1k, 10k and 100k messages, and LangChain's
``trim_messages`` on the same inputs (latency, and how many outputs are provider-invalid)."""

from __future__ import annotations

import asyncio
import json
import statistics
from typing import Any

from scripts.bench_filter_common import (
    clear_caches,
    make_history,
    make_outputs,
    ms,
    rebuilt,
    simple_check_lc,
    tcf,
    time_inlet,
    timed,
    varied_histories,
)


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
