"""Part (f) of the filter benchmark: speed at 32k, 128k, 200k and 1M budgets and on one long agent turn,
against the floors no request path avoids (encoding every text once, ``json.dumps`` of the body)."""

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
    tcf,
    time_inlet,
    timed,
)


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
