"""Property tests (hypothesis) of the tool context filter over generated valid and broken histories:
dense texts, repeated ids (across rounds and inside one message), results out of place, odd roles."""

from __future__ import annotations

import asyncio
import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from devkit.histories import (
    any_history,
    assistant,
    cl100k_tokens,
    group,
    load_filter,
    long_history,
    owui_misc,
    user,
    valid_history,
)

tcf = load_filter()
misc = owui_misc()
EXACT, _ = tcf.get_exact_counter()
COUNTERS = [tcf.TokenCounter()] + ([tcf.TokenCounter(exact=EXACT)] if EXACT else [])


configs = st.builds(
    tcf.TrimConfig,
    budget_tokens=st.one_of(st.integers(0, 400), st.integers(400, 6000), st.integers(6000, 200_000)),
    keep_recent_tool_groups=st.integers(0, 4),
    tool_output_max_tokens=st.sampled_from([64, 300, 1000, 4000]),
    recent_tool_output_max_tokens=st.sampled_from([500, 4000, 12000]),
    low_water=st.sampled_from([0.3, 0.6, 1.0]),
    policy=st.sampled_from(tcf.POLICIES),
)
counters = st.sampled_from(COUNTERS)


def _original_ids(messages):
    return {id(m) for m in messages}


@given(any_history, configs, counters)
def test_output_is_provider_valid_and_input_untouched(history, config, counter):
    before = copy.deepcopy(history)
    result = tcf.trim_messages(history, config, counter)
    assert history == before  # nothing mutated, however broken the input
    if result.report.no_user_message:  # nothing to answer: passed on as it came, and said so
        assert result.messages is history and not result.report.changed
        return
    out = result.messages
    assert tcf.validate_messages(out) == []
    assert {m["role"] for m in out} <= {"system", "user", "assistant", "tool"}
    # Independent simple check (OpenAI rule): each tool message follows an assistant with its id.
    pending: list = []
    for m in out:
        if m.get("role") == "tool":
            assert m.get("tool_call_id") in pending
            pending.remove(m.get("tool_call_id"))
        elif m.get("role") != "system":
            assert not pending
            pending = [c["id"] for c in m.get("tool_calls") or []] if m.get("role") == "assistant" else []
    assert not pending
    # Free of repeated ids (Anthropic), and every call has a name and string arguments.
    calls = [c for m in out for c in m.get("tool_calls") or []]
    assert len({c["id"] for c in calls}) == len(calls)
    assert all(c["function"]["name"] and isinstance(c["function"]["arguments"], str) for c in calls)
    # Open WebUI's own rule leaves no call or result unpaired.
    if misc is not None:
        for m, ids in zip(out, misc.get_paired_tool_call_ids(out), strict=True):
            if m.get("role") == "tool":
                assert m.get("tool_call_id") in ids
            elif m.get("role") == "assistant" and m.get("tool_calls"):
                assert {c["id"] for c in m["tool_calls"]} == ids


@given(any_history, configs, counters)
def test_idempotent_and_deterministic(history, config, counter):
    once = tcf.trim_messages(history, config, counter)
    twice = tcf.trim_messages(once.messages, config, counter)
    assert twice.messages == once.messages
    assert twice.messages is once.messages
    assert not twice.report.changed
    again = tcf.trim_messages(copy.deepcopy(history), config, counter)
    assert json.dumps(again.messages, default=str) == json.dumps(once.messages, default=str)


@given(any_history, configs, counters)
def test_within_budget_whenever_the_protected_part_fits(history, config, counter):
    floor = tcf.trim_messages(history, tcf.TrimConfig(**{**config.__dict__, "budget_tokens": 0}), counter)
    protected = floor.report.tokens_after  # everything droppable dropped, everything shrunk to a stub
    result = tcf.trim_messages(history, config, counter)
    if result.report.no_user_message:
        return
    assert result.report.tokens_after == tcf.measure_tokens(result.messages, config, counter)
    if protected <= config.budget_tokens:
        assert result.report.tokens_after <= config.budget_tokens
        assert not result.report.over_budget
        # ... and by cl100k, within 2% (plus a few tokens for tiny budgets).
        assert cl100k_tokens(result.messages) <= config.budget_tokens * 1.02 + 8
    else:
        assert result.report.over_budget


@given(any_history, configs)
def test_only_tool_outputs_change_and_protected_messages_survive(history, config):
    result = tcf.trim_messages(history, config)
    originals = _original_ids(history)
    for m in result.messages:
        if id(m) in originals:
            continue
        # A copy: a shrunk, stubbed or renamed tool result, an assistant with repaired tool_calls,
        # a legacy folded assistant message whose results were shrunk, a converted role.
        # A user message is copied only to take off tool_calls it should not carry, or (issue 25)
        # to spell its role in lower case and give it a content providers take.
        if m["role"] == "user":
            assert any(
                isinstance(o, dict)
                and (
                    (o.get("tool_calls") and {**o, "tool_calls": None} == {**m, "tool_calls": None})
                    or m in (_as_repaired_user(o), _as_repaired_user(o, newest=True))
                )
                for o in history
            ), m
            continue
        assert m["role"] in ("tool", "assistant", "system"), m
        if m["role"] == "tool":
            renamed = any(
                isinstance(o, dict)
                and o.get("role") == "tool"
                and (
                    o.get("content") == m["content"] or tcf._content_as_text(o.get("content")) == m["content"]
                )
                for o in history
            )
            assert (
                renamed
                or m["content"].startswith(tcf.SHRINK_PREFIX)
                or m["content"] in (tcf.UNANSWERED_RESULT, tcf.EMPTY_TEXT)  # a stub, or a repair left no text
            )
    dicts = [m for m in history if isinstance(m, dict)]
    for m in dicts:
        if m.get("role") == "system" and not result.report.no_user_message:
            # As it came, or (issue 25) with a content providers take in place of one they reject.
            content = m.get("content")
            repaired = m if tcf._valid_content(content, "system") else {
                **m, "content": tcf._repaired_content(content, "system")
            }
            if repaired["content"] == tcf.EMPTY_TEXT:  # a blank system message goes
                assert not any(o is m or o == repaired for o in result.messages)
                continue
            assert any(o is m or (o is not m and repaired is not m and o == repaired) for o in result.messages)
    if tcf.validate_messages(history) == []:
        # In a valid history an image follow-up right after tool results belongs to that group;
        # every other user message starts a turn.  The newest one is kept, as is.
        real_users = [
            m
            for i, m in enumerate(history)
            if m.get("role") == "user" and not (_is_image(m) and i and history[i - 1].get("role") == "tool")
        ]
        if real_users:
            assert any(o is real_users[-1] for o in result.messages)


def _as_repaired_user(o, newest=False):
    """User message ``o`` as the filter repairs it (issue 25), or None if it needs no repair; the
    newest user message may keep a blank text."""
    role = o.get("role")
    if not isinstance(role, str) or role.lower() != "user":
        return None
    fixed = {k: v for k, v in o.items() if k != "tool_calls"}
    fixed["role"] = "user"
    if not tcf._valid_content(o.get("content")) and not (newest and isinstance(o.get("content"), str)):
        fixed["content"] = tcf._repaired_content(o.get("content"))
    return fixed if fixed != o else None


def _is_image(m):
    c = m.get("content")
    return (
        isinstance(c, list) and c and isinstance(c[0], dict) and c[0].get("text") == tcf.IMAGE_FOLLOWUP_TEXT
    )


@given(valid_history(unique_ids=True), st.integers(0, 3), counters)
def test_valid_and_within_budget_passes_through_unchanged(history, keep, counter):
    config = tcf.TrimConfig(
        budget_tokens=10**9,
        keep_recent_tool_groups=keep,
        tool_output_max_tokens=10**9,
        recent_tool_output_max_tokens=10**9,
    )
    result = tcf.trim_messages(history, config, counter)
    if tcf.validate_messages(history) == []:  # unique ids, adjacent results: nothing to repair
        assert result.messages is history
        assert not result.report.changed


@given(any_history, configs)
def test_order_is_preserved(history, config):
    """Messages keep their order; only a tool result out of place moves back to its call."""
    result = tcf.trim_messages(history, config)
    if result.report.no_user_message:
        assert result.messages is history
        return
    position = {id(m): i for i, m in enumerate(history)}
    kept = [
        position[id(m)]
        for m in result.messages
        if id(m) in position and m.get("role") not in ("system", "tool")
    ]
    assert kept == sorted(kept)


@given(any_history, st.integers(50, 20_000), st.integers(0, 3))
def test_filter_hooks_never_raise_and_inlet_then_request_equals_once(history, budget, keep):
    f = tcf.Filter()
    f.valves.max_context_tokens = budget + 1000
    f.valves.reserve_tokens = 1000
    f.valves.keep_recent_tool_groups = keep
    events = []

    async def emitter(event):
        events.append(event)

    body = {"model": "m", "messages": history, "stream": True, "metadata": {"chat_id": "c"}}
    snapshot = copy.deepcopy(body)

    async def run():
        once = await f.inlet(body, __user__={"id": "u", "valves": f.UserValves()}, __event_emitter__=emitter)
        then = await f.request(once, __user__={"id": "u"}, __event_emitter__=emitter)
        direct = await f.request(body, __user__={"id": "u"})
        return once, then, direct

    once, then, direct = asyncio.run(run())
    assert body == snapshot
    assert then["messages"] == once["messages"]
    assert direct["messages"] == once["messages"]
    if once is not body:
        assert tcf.validate_messages(once["messages"]) == []
    for e in events:
        assert e["type"] == "status" and e["data"]["done"] is True


@given(
    st.one_of(
        st.none(), st.integers(), st.text(), st.lists(st.integers()), st.dictionaries(st.text(), st.none())
    )
)
def test_garbage_bodies_are_returned_as_they_came(body):
    f = tcf.Filter()

    async def run():
        return (
            await f.inlet(body),
            await f.request(body, __user__="not a dict"),
            await f.outlet(body, __event_emitter__=print),
        )

    for out in asyncio.run(run()):
        assert out is body


def test_an_image_the_current_turn_gave_up_is_reported_and_decided_anew_by_the_next_hop():
    """The exemption of the property below, shown small: the image follow-up's image is dropped while both
    hops are the newest; one hop later the older hop is the one to go, and the image stays."""
    big = " ".join(f"w{i}x" for i in range(500))  # about 1,500 tokens
    earlier = [user("question"), *group(["c2"], [big]), *group(["c1"], [""], images=1)]
    later = [*earlier, *group(["c3"], [""]), assistant("answer")]
    config, counter = tcf.TrimConfig(budget_tokens=2000, low_water=0.6), tcf.TokenCounter(image_tokens=1024)
    before, after = (tcf.trim_messages(h, config, counter) for h in (earlier, later))
    assert before.report.images_removed == 1 and before.report.protected_shrunk
    assert "current turn shrunk to fit" in tcf.format_status(before.report)
    assert after.report.images_removed == 0 and after.report.hops_dropped == 1
    assert after.messages[: len(before.messages)] != before.messages


@settings(max_examples=30)  # fewer than the profile's: each example trims and replays a history of hundreds of messages
@given(long_history, st.integers(2_000, 60_000), st.sampled_from([0.3, 0.6, 1.0]), counters)
def test_long_histories_are_valid_within_budget_idempotent_and_replay_like_their_past(
    history, budget, low, counter
):
    """30-150 turns: the skip step drops blocks of turns unparsed, batches run many times; the
    result is valid, within budget, idempotent, and a request that appends to an earlier one keeps
    that earlier trim's decisions (same output for the shared prefix) unless a batch ran or the
    current turn alone did not fit: each request decides anew what its current turn gives up (its
    images, then one cap for its outputs; hypothesis found an image dropped from the earlier
    request's newest hop, kept once a later hop made an older hop the one to drop).  The
    earlier request is a real one: the history up to its last user message (an image follow-up
    counts: the request of that hop ends there)."""
    config = tcf.TrimConfig(budget_tokens=budget, low_water=low)
    result = tcf.trim_messages(history, config, counter)
    out = result.messages
    assert tcf.validate_messages(out) == []
    floor = tcf.trim_messages(
        history, tcf.TrimConfig(budget_tokens=0, low_water=low), counter
    ).report.tokens_after
    if floor <= budget:
        assert result.report.tokens_after <= budget
    assert tcf.trim_messages(out, config, counter).messages == out
    users = [i for i, m in enumerate(history) if m.get("role") == "user"]
    before = tcf.trim_messages(history[: users[-1] + 1], config, counter)
    fitted = any(r.report.common_cap or r.report.protected_shrunk for r in (before, result))
    if (
        before.report.batch_trims == result.report.batch_trims
        and not before.report.over_budget
        and not fitted
    ):
        assert out[: len(before.messages)] == before.messages
