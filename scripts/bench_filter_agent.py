"""Part (e) of the filter benchmark: prompt-cache reuse inside agent loops (the request hook before every hop)."""

from __future__ import annotations

import asyncio
import json
import statistics
from typing import Any

from devkit.histories import output_text
from scripts.bench_filter_common import _WORDS, tcf
from scripts.bench_filter_economy import load_today_filter


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
