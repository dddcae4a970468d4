"""The inputs every part of the filter benchmark shares (generated tool outputs and histories) and its
helpers (timing with the collector off, caches cleared, bodies rebuilt as Open WebUI rebuilds them)."""

from __future__ import annotations

import gc
import json
import random
import textwrap
import time
from pathlib import Path
from typing import Any

from devkit.histories import load_filter, output_text

ROOT = Path(__file__).resolve().parent.parent
tcf = load_filter()


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
    tcf._PIECES_MEMO.clear()


def rebuilt(body: dict) -> dict:
    """``body`` with every string a new object, as Open WebUI rebuilds the history from its
    database for every request (so no string keeps a hash computed by an earlier request)."""
    return json.loads(json.dumps(body))


def exact_counter():
    """cl100k_base (offline package) for independent token figures."""
    from devkit.histories import cl100k

    return cl100k(), None
