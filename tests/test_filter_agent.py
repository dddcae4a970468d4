"""Issue 15, Must 2: cache-stable inside agent loops.  When the current turn outgrows the budget,
its older hops are shrunk in batches down to the low-water mark, so the following hops append."""

from __future__ import annotations

import json

import pytest

from devkit.histories import load_filter, output_text

tcf = load_filter()
EST = tcf.TokenCounter()
BUDGET = 32_768 - 6_144


def agent_requests(turns: int, hops: int, chars: int = 10_000) -> list[list[dict]]:
    """Every request of ``turns`` user turns of ``hops`` tool hops each, as Open WebUI sends them:
    the user turn (inlet), then one request after each hop (the ``request`` hook)."""
    chat: list[dict] = [{"role": "system", "content": "You are an agent."}]
    requests = []
    for t in range(turns):
        chat = chat + [{"role": "user", "content": f"turn {t}: research it"}]
        requests.append(chat)
        for h in range(hops):
            cid = f"call_{t}_{h}"
            fn = {"name": "search", "arguments": json.dumps({"q": f"{t}/{h}"})}
            chat = chat + [
                {
                    "role": "assistant",
                    "content": "",
                    "tool_calls": [{"id": cid, "type": "function", "function": fn}],
                },
                {"role": "tool", "tool_call_id": cid, "content": output_text(chars, 100 * t + h)},
            ]
            requests.append(chat)
        chat = chat + [{"role": "assistant", "content": f"answer {t}"}]
    return requests


def reuse(prev: list[dict], cur: list[dict]) -> float:
    common = 0
    for a, b in zip(prev, cur, strict=False):
        if a != b:
            break
        common += EST.message(a)
    return common / sum(EST.message(m) for m in prev)


@pytest.mark.parametrize("policy", ["stable"])
def test_agent_turns_append_between_batches(policy):
    config = tcf.TrimConfig(budget_tokens=BUDGET, policy=policy)
    results = [tcf.trim_messages(r, config, EST) for r in agent_requests(8, 12)]
    sent = [r.messages for r in results]
    assert all(r.report.tokens_after <= BUDGET for r in results)
    values = [reuse(a, b) for a, b in zip(sent, sent[1:], strict=False)]
    assert sum(values) / len(values) >= 0.8, values
    for i, v in enumerate(values, start=1):
        if v < 0.5:  # only where a batch ran
            assert results[i].report.batch_trims > results[i - 1].report.batch_trims, (i, v)
    # Inside one turn, between two batches, every request is the previous one plus the new hop.
    appends = sum(1 for a, b in zip(sent, sent[1:], strict=False) if b[: len(a)] == a)
    assert appends >= 0.75 * len(values)


def test_a_batch_inside_the_turn_keeps_the_newest_hops_and_reaches_the_low_water_mark():
    config = tcf.TrimConfig(budget_tokens=BUDGET)
    req = agent_requests(1, 24)
    results = [tcf.trim_messages(r, config, EST) for r in req]
    first = next(i for i, r in enumerate(results) if r.report.batch_trims)
    r = results[first]
    tools = [m for m in r.messages if m["role"] == "tool"]
    assert all(m["content"].startswith(tcf.SHRINK_PREFIX) for m in tools[:-2])  # older hops, in one batch
    assert not any(m["content"].startswith(tcf.SHRINK_PREFIX) for m in tools[-2:])  # keep_recent_tool_groups
    assert r.report.tokens_after <= BUDGET * config.low_water
    assert r.report.protected_shrunk and "current turn shrunk to fit" in tcf.format_status(r.report)
    # The next batch leaves the hops this one shrank as they are.
    later = next(i for i in range(first + 1, len(results)) if results[i].report.batch_trims > 1)
    assert results[later].messages[: 2 + 2 * (len(tools) - 2)] == r.messages[: 2 + 2 * (len(tools) - 2)]


def test_keep_recent_tool_groups_sets_how_many_newest_hops_a_batch_leaves_whole():
    req = agent_requests(1, 12)[-1]
    for keep in (1, 2, 4):
        r = tcf.trim_messages(req, tcf.TrimConfig(budget_tokens=BUDGET, keep_recent_tool_groups=keep), EST)
        whole = [
            m for m in r.messages if m["role"] == "tool" and not m["content"].startswith(tcf.SHRINK_PREFIX)
        ]
        assert len(whole) >= keep
