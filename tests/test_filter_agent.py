"""Issue 15, Must 2: cache-stable inside agent loops.  When the current turn outgrows the budget,
its older hops are shrunk in batches down to the low-water mark, so the following hops append."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


def kept_hops(req: list[dict], r) -> list[str]:
    """The call ids of the hops trim result ``r`` kept of request ``req``, after checking that the
    ones it lost are the oldest (a prefix) and that the report counts every one of them."""
    kept = [m["tool_calls"][0]["id"] for m in r.messages if m.get("tool_calls")]
    every = [m["tool_calls"][0]["id"] for m in req if m.get("tool_calls")]
    assert kept == every[len(every) - len(kept) :]  # the newest hops, in order: the oldest went
    assert len(kept) + r.report.hops_dropped == len(every)
    return kept


@pytest.mark.parametrize("policy", ["stable"])
def test_agent_turns_append_between_batches(policy):
    config = tcf.TrimConfig(budget_tokens=BUDGET, policy=policy)
    results = [tcf.trim_messages(r, config, EST) for r in agent_requests(8, 12)]
    sent = [r.messages for r in results]
    assert all(r.report.tokens_after <= BUDGET for r in results)
    values = [reuse(a, b) for a, b in zip(sent, sent[1:], strict=False)]
    # 0.79 measured: a batch shrinks the oldest outputs only down to the low-water mark (0.86 when it
    # shrank every older output at once, keeping 19% fewer outputs whole)
    assert sum(values) / len(values) >= 0.75, values
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
    shrunk = [m["content"].startswith(tcf.SHRINK_PREFIX) for m in tools]
    n = sum(shrunk)
    assert n and shrunk == [True] * n + [False] * (len(tools) - n)  # the oldest hops, in one batch
    assert not any(shrunk[-2:])  # keep_recent_tool_groups
    assert r.report.tokens_after <= BUDGET * config.low_water
    assert r.report.protected_shrunk and "current turn shrunk to fit" in tcf.format_status(r.report)
    # The next batch leaves the hops this one shrank as they are.
    later = next(i for i in range(first + 1, len(results)) if results[i].report.batch_trims > 1)
    assert results[later].messages[: 2 + 2 * n] == r.messages[: 2 + 2 * n]


def test_keep_recent_tool_groups_sets_how_many_newest_hops_a_batch_leaves_whole():
    req = agent_requests(1, 12)[-1]
    for keep in (1, 2, 4):
        r = tcf.trim_messages(req, tcf.TrimConfig(budget_tokens=BUDGET, keep_recent_tool_groups=keep), EST)
        whole = [
            m for m in r.messages if m["role"] == "tool" and not m["content"].startswith(tcf.SHRINK_PREFIX)
        ]
        assert len(whole) >= keep


def test_a_turn_whose_stubs_do_not_fit_loses_its_oldest_hops_whole_and_fits():
    """300 hops at a small budget: even at the floor the older hops overflow it.  Rather than a
    request the provider refuses, the oldest hops go (whole groups, a prefix of the turn), the
    newest ones stay, the request fits, and the status says so."""
    budget = 6_000
    config = tcf.TrimConfig(budget_tokens=budget)
    req = agent_requests(1, 300, chars=2_000)[-1]
    r = tcf.trim_messages(req, config, EST)
    assert r.report.hops_dropped > 0 and not r.report.over_budget
    assert r.report.tokens_after <= budget and tcf.validate_messages(r.messages) == []
    assert "early tool rounds of a long turn dropped" in tcf.format_status(r.report)
    kept_hops(req, r)
    assert r.messages[-2:] == req[-2:]  # the newest hop whole
    assert r.messages[:2] == req[:2]  # system and user


def test_hops_are_dropped_only_when_shrinking_them_is_not_enough():
    req = agent_requests(1, 40, chars=2_000)[-1]
    r = tcf.trim_messages(req, tcf.TrimConfig(budget_tokens=BUDGET), EST)
    assert r.report.hops_dropped == 0 and r.report.outputs_shrunk  # 40 floored hops fit
    r = tcf.trim_messages(req, tcf.TrimConfig(budget_tokens=1_500), EST)
    assert r.report.hops_dropped and r.report.tokens_after <= 1_500


def test_a_long_turn_appends_between_the_batches_that_drop_its_hops():
    config = tcf.TrimConfig(budget_tokens=6_000)
    requests = agent_requests(1, 200, chars=2_000)
    results = [tcf.trim_messages(r, config, EST) for r in requests]
    assert all(r.report.tokens_after <= 6_000 for r in results)
    sent = [r.messages for r in results]
    appends = sum(1 for a, b in zip(sent, sent[1:], strict=False) if b[: len(a)] == a)
    assert appends >= 0.75 * (len(sent) - 1), appends
    assert results[-1].report.hops_dropped > 100


@settings(max_examples=60)  # fewer than the profile's: each example grows a long agent turn request by request
@given(
    st.integers(1, 160),
    st.lists(st.sampled_from([40, 400, 3_000, 12_000]), min_size=1, max_size=8),
    st.integers(200, 30_000),
    st.integers(0, 4),
    st.sampled_from(["stable", "eager"]),
)
def test_a_long_turn_keeps_its_newest_hops_and_fits_whenever_they_fit(hops, sizes, budget, keep, policy):
    h = [{"role": "system", "content": "S"}, {"role": "user", "content": "go"}]
    for i in range(hops):
        cid = f"c{i}"
        h += [
            {
                "role": "assistant",
                "content": "",
                "tool_calls": [{"id": cid, "type": "function", "function": {"name": "f", "arguments": "{}"}}],
            },
            {"role": "tool", "tool_call_id": cid, "content": output_text(sizes[i % len(sizes)], i)},
        ]
    config = tcf.TrimConfig(budget_tokens=budget, keep_recent_tool_groups=keep, policy=policy)
    r = tcf.trim_messages(h, config, EST)
    assert tcf.validate_messages(r.messages) == []
    kept = kept_hops(h, r)
    assert len(kept) >= min(max(1, keep), hops)  # the newest hops are never dropped
    newest = tcf.trim_messages(
        h[:2] + h[-2 * min(max(1, keep), hops) :],
        tcf.TrimConfig(budget_tokens=0, keep_recent_tool_groups=keep, policy=policy),
        EST,
    )
    if newest.report.tokens_after <= budget:  # the newest hops fit as stubs: so does the request
        assert r.report.tokens_after <= budget and not r.report.over_budget


def test_a_long_turn_over_the_budget_loses_its_oldest_hops():
    """2,000 hops at a 6k budget: the newest hops fill the budget even at their smallest, so no
    request can keep the older ones.  The trim still fits, valid, with the newest hops whole and
    the dropped ones counted in the status line."""
    req = agent_requests(1, 2_000, chars=2_000)[-1]
    config = tcf.TrimConfig(budget_tokens=6_000)
    r = tcf.trim_messages(req, config, EST)
    assert r.report.tokens_after <= 6_000 and tcf.validate_messages(r.messages) == []
    kept_hops(req, r)
    assert r.messages[:2] == req[:2] and r.messages[-2:] == req[-2:]
    assert f"{r.report.hops_dropped:,} early tool rounds" in tcf.format_status(r.report)


def test_a_growing_long_turn_gives_what_trimming_it_again_gives():
    """Hop after hop of a long turn (the request hook before each): each request, trimmed again,
    gives the same result, within the budget."""
    config = tcf.TrimConfig(budget_tokens=6_000)
    requests = agent_requests(1, 400, chars=2_000)
    for req in requests[300:]:
        first = tcf.trim_messages(req, config, EST)
        again = tcf.trim_messages(copy.deepcopy(req), config, EST)
        assert first.messages == again.messages and first.report == again.report
        assert first.report.tokens_after <= 6_000


def test_an_edited_long_turn_gives_what_trimming_it_again_gives():
    """A long turn whose second hop's output or whose user message was edited: each trimmed twice
    gives the same result."""
    config = tcf.TrimConfig(budget_tokens=6_000)
    turn = agent_requests(1, 400, chars=2_000)[-1]
    req = turn[:1] + [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}] + turn[1:]
    tcf.trim_messages(req, config, EST)
    edited_output = [dict(m) for m in req]
    edited_output[7]["content"] = "something else entirely"  # the second hop's result
    edited_user = [dict(m) for m in req]
    edited_user[3]["content"] = "a different question " * 50  # the long turn's user message
    for edited in (edited_output, edited_user):
        got = tcf.trim_messages(edited + [{"role": "assistant", "content": "done"}], config, EST)
        again = tcf.trim_messages(copy.deepcopy(edited) + [{"role": "assistant", "content": "done"}], config, EST)
        assert got.messages == again.messages and got.report == again.report


def test_a_new_turn_after_a_long_one_appends():
    """After a long turn, the next user message: the new request appends to the previous one (the
    long turn keeps the hops it lost), fits and is valid."""
    config = tcf.TrimConfig(budget_tokens=6_000)
    turn = agent_requests(1, 1_000, chars=2_000)[-1]
    before = tcf.trim_messages(turn, config, EST)
    nxt = turn + [{"role": "assistant", "content": "Found it."}, {"role": "user", "content": "Thanks. Now?"}]
    after = tcf.trim_messages(nxt, config, EST)
    assert after.messages == tcf.trim_messages(copy.deepcopy(nxt), config, EST).messages
    assert after.report.tokens_after <= 6_000 and tcf.validate_messages(after.messages) == []
    assert after.messages[: len(before.messages)] == before.messages
