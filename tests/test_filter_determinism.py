"""Determinism: the trim is a pure function of its input.  A chat's requests over time (appended,
repeated, edited, regenerated, with another config) each give exactly what trimming the same input
again gives (messages with their types, report, which input objects pass through), also after the
caller edits in place what it got back (Open WebUI does), and with many chats at once in threads:
nothing an earlier request left in the process-wide memos (counts, shrunk outputs) changes a result.
(These were the plan cache's properties; issue 24 removed the cache and kept them.)"""

from __future__ import annotations

import copy
import json
import random
import threading

from hypothesis import given, settings
from hypothesis import strategies as st

from devkit.histories import (
    any_history,
    assistant,
    call,
    folded_block,
    group,
    image_followup,
    load_filter,
    long_history,
    output_text,
    system,
    tool,
    user,
    valid_history,
)
from tests.test_filter_linear import lines_executed

tcf = load_filter()
EXACT, _ = tcf.get_exact_counter()
COUNTERS = [tcf.TokenCounter()] + ([tcf.TokenCounter(exact=EXACT)] if EXACT else [])

configs = st.builds(
    tcf.TrimConfig,
    budget_tokens=st.one_of(st.integers(0, 400), st.integers(400, 6000), st.integers(6000, 60_000)),
    keep_recent_tool_groups=st.integers(0, 4),
    tool_output_max_tokens=st.sampled_from([64, 300, 1000, 4000]),
    recent_tool_output_max_tokens=st.sampled_from([500, 4000, 12000]),
    low_water=st.sampled_from([0.3, 0.6, 1.0]),
    policy=st.sampled_from(["stable", "stable", "eager"]),
)


@st.composite
def awkward_history(draw) -> list:
    """Chats with what could make an appended message change how earlier ones parse: system
    messages mid-chat, legacy folded results, a new call whose id is one an earlier rename chose,
    equal-looking numbers of other types, image follow-ups anywhere."""
    h = list(draw(valid_history(min_turns=3, max_turns=40)))
    for _ in range(draw(st.integers(1, 5))):
        pos = draw(st.integers(0, len(h)))
        op = draw(st.integers(0, 4))
        if op == 0:
            h.insert(pos, system("a note from the admin"))
        elif op == 1:
            block = folded_block("c9", "fetch", {"u": 1}, output_text(draw(st.integers(100, 9000)), pos))
            h.insert(pos, assistant("Earlier:\n" + block))
        elif op == 2:
            h[pos:pos] = group([draw(st.sampled_from(["call_0_2", "call_1_3", "call_0"]))], ["late result"])
        elif op == 3:
            number = draw(st.sampled_from([1, True, 1.0, -0.0, 0.0, 2**70]))
            h[pos:pos] = [assistant("", tool_calls=[call("n1", args={"n": number})]), tool("n1", "ok")]
        else:
            h.insert(pos, image_followup(draw(st.integers(1, 2))))
    return h


@st.composite
def long_agent_turn(draw) -> list:
    """One or two earlier turns, then a current turn of many hops (some sharing one id, the
    Open WebUI #28570 pattern): at small budgets even its stubs overflow, so its oldest hops go."""
    h = [system("S")]
    for t in range(draw(st.integers(0, 2))):
        h += [user(f"earlier {t}")] + group([f"e{t}"], [output_text(draw(st.integers(50, 4000)), t)])
        h.append(assistant(f"answer {t}"))
    h.append(user("go on"))
    for i in range(draw(st.integers(10, 160))):
        cid = "call_0" if draw(st.booleans()) else f"h{i}"
        shape = draw(st.sampled_from(["one"] * 6 + ["two", "image", "text", "system", "orphan", "unanswered"]))
        size = draw(st.sampled_from([80, 600, 3000]))
        if shape == "two":  # two calls in one hop
            h += group([cid, f"{cid}_b"], [output_text(size, i), output_text(80, i + 1)])
        elif shape == "image":  # Open WebUI's image follow-up after the results
            h += group([cid], [output_text(size, i)], images=1)
        elif shape == "unanswered":
            h.append(assistant("", tool_calls=[call(f"u{i}")]))
        else:
            h += group([cid], [output_text(size, i)], text="Looking." if shape == "text" else "")
            h += {"text": [assistant(f"So far {i}.")], "system": [system("note")], "orphan": [tool("gone", "x")]}.get(
                shape, []
            )
    return h


def strictly_equal(a, b) -> bool:
    """``==``, and the same types all the way down (``True`` is not ``1``)."""
    if a.__class__ is not b.__class__:
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(strictly_equal(v, b[k]) for k, v in a.items())
    if isinstance(a, list):
        return len(a) == len(b) and all(strictly_equal(x, y) for x, y in zip(a, b, strict=True))
    return repr(a) == repr(b) if isinstance(a, float) else a == b


def requests_of(history: list, rng: random.Random) -> list[int]:
    """Where a chat's requests end: at every user message (the inlet) and after every tool result
    (each hop), plus a few anywhere; some twice (a repeated request)."""
    cuts = {i + 1 for i, m in enumerate(history) if isinstance(m, dict) and m.get("role") in ("user", "tool")}
    cuts |= {rng.randint(1, len(history)) for _ in range(3)} if history else set()
    out = []
    for c in sorted(cuts):
        out += [c] * (2 if rng.random() < 0.2 else 1)
    return out


def same_as_afresh(messages: list, config, counter):
    """Trim two rebuilt copies of ``messages``, one after the other: the same result."""
    a, b = copy.deepcopy(messages), copy.deepcopy(messages)
    cached = tcf.trim_messages(a, config, counter)
    fresh = tcf.trim_messages(b, config, counter)
    assert cached.report == fresh.report
    assert strictly_equal(cached.messages, fresh.messages)
    where_a = {id(m): i for i, m in enumerate(a)}
    where_b = {id(m): i for i, m in enumerate(b)}
    assert [where_a.get(id(m)) for m in cached.messages] == [where_b.get(id(m)) for m in fresh.messages]
    assert (cached.messages is a) == (fresh.messages is b)
    return cached


def edit_in_place(messages: list) -> None:
    """What Open WebUI may do to the messages a filter returns: add RAG context, rewrite calls."""
    for m in messages:
        if isinstance(m, dict):
            m["content"] = f"{m.get('content')!s} + context"
            for c in m.get("tool_calls") or []:
                if isinstance(c, dict):
                    c["id"] = "edited"
                    if isinstance(c.get("function"), dict):
                        c["function"]["arguments"] = "{}"


@settings(max_examples=60)  # fewer than the profile's: each example replays a chat, every request trimmed twice
@given(
    st.one_of(any_history, long_history, awkward_history(), long_agent_turn()),
    configs,
    st.sampled_from(COUNTERS),
    st.randoms(),
)
def test_every_request_of_a_chat_gives_what_trimming_it_again_gives(history, config, counter, rng):
    for cut in requests_of(history, rng):
        edit_in_place(same_as_afresh(history[:cut], config, counter).messages)


def edited(m):
    """Message ``m`` as a user or the UI may change it (new text, another result, another id)."""
    if not isinstance(m, dict):
        return {"role": "user", "content": "was not a message"}
    m = copy.deepcopy(m)
    if isinstance(m.get("content"), str):
        m["content"] += " (edited)"
    elif m.get("tool_calls"):
        m["tool_calls"][0] = {**m["tool_calls"][0], "id": "other"}
    else:
        m["content"] = "replaced"
    return m


@settings(max_examples=60)  # fewer than the profile's: each example replays a chat, every request trimmed twice
@given(
    st.one_of(any_history, long_history, awkward_history()),
    configs,
    configs,
    st.sampled_from(COUNTERS),
    st.randoms(),
)
def test_edits_deletions_and_regenerations_give_what_trimming_afresh_gives(
    history, config, other, counter, rng
):
    """A chat's requests over time, as Open WebUI sends them: appended messages, the same request
    again, an earlier message edited, messages deleted, a regeneration (back to an earlier point,
    then on), another config (a valve changed) or counter.  Every request gives exactly what
    trimming it again gives, whatever earlier requests left in the memos."""
    if not history:
        return
    cur: list = []
    at = 0
    for _ in range(14):
        op = rng.randrange(7)
        if op <= 1 or not cur:  # append up to the next request point
            at = min(len(history), at + rng.randint(1, 6))
            cur = cur + copy.deepcopy(history[len(cur) : at]) if len(cur) <= at else cur
        elif op == 2 and cur:  # edit an earlier message
            i = rng.randrange(len(cur))
            cur = cur[:i] + [edited(cur[i])] + cur[i + 1 :]
        elif op == 3 and len(cur) > 1:  # delete some messages
            i = rng.randrange(len(cur))
            cur = cur[:i] + cur[i + rng.randint(1, 3) :]
        elif op == 4:  # regenerate: back to an earlier point
            cur = cur[: rng.randint(1, len(cur))]
        elif op == 5:  # a valve changed
            config, other = other, config
        cfg_counter = counter if rng.random() < 0.8 else COUNTERS[0]
        if cur:
            edit_in_place(same_as_afresh(cur, config, cfg_counter).messages)


def test_another_config_or_counter_gives_its_own_result():
    """Trimmed one after another in one process (the memos shared), each config and counter gives what a
    process that saw no other gives (a fresh copy of the plugin, its memos empty), and they differ: an
    answer memoized for one config or counter is never handed to another."""
    h = chat(20)
    h.insert(len(h) // 2, image_followup(2))
    cases = [
        ({"budget_tokens": 9_000}, {}),
        ({"budget_tokens": 6_000}, {}),
        ({"budget_tokens": 9_000}, {"image_tokens": 20_000}),
        ({"budget_tokens": 9_000, "tool_output_max_tokens": 64}, {}),
        ({"budget_tokens": 9_000}, {}),  # the first again, after the others
    ]
    shared = [same_as_afresh(h, tcf.TrimConfig(**config), tcf.TokenCounter(**counter)) for config, counter in cases]
    for i, (config, counter) in enumerate(cases):
        alone = load_filter(f"tcf_determinism_alone_{i}")
        fresh = alone.trim_messages(copy.deepcopy(h), alone.TrimConfig(**config), alone.TokenCounter(**counter))
        assert strictly_equal(shared[i].messages, fresh.messages), cases[i]
        assert vars(shared[i].report) == vars(fresh.report), cases[i]
    results = [json.dumps([r.messages, vars(r.report)], sort_keys=True, default=str) for r in shared]
    assert len(set(results[:4])) == 4 and results[4] == results[0]


def chat(turns: int, hops: int = 2, chars: int = 3000, seed: int = 0) -> list:
    h = [system("You are a research agent.")]
    for t in range(turns):
        h.append(user(f"turn {t}: look into topic {seed}-{t}"))
        for k in range(hops):
            h += group([f"call_{t}_{k}"], [output_text(chars, seed * 1000 + t * hops + k)])
        h.append(assistant(f"findings {t}"))
    return h


def test_every_request_of_a_long_chat_gives_what_trimming_it_again_gives():
    h = chat(60)
    config, counter = tcf.TrimConfig(budget_tokens=20_000), COUNTERS[-1]
    for cut in requests_of(h, random.Random(1)):
        same_as_afresh(h[:cut], config, counter)


def test_trimming_stays_linear_in_the_chat():
    """The work of a request grows with the chat in proportion (counted as executed lines, never
    timed: this machine is shared): four times the turns, about four times the work."""
    config, counter = tcf.TrimConfig(budget_tokens=20_000), COUNTERS[-1]
    ops = []
    for turns in (60, 240):
        h = chat(turns, chars=1500)
        tcf.trim_messages(copy.deepcopy(h), config, counter)  # counts cached, as in a running chat
        ops.append(
            lines_executed(lambda h=h: tcf.trim_messages(copy.deepcopy(h) + [user("next")], config, counter))
        )
    assert ops[1] < 4.5 * ops[0]


def test_values_equal_by_eq_but_of_another_type_are_another_request():
    """``1 == True == 1.0`` in Python, yet they serialize differently: never the same request."""
    config, counter = tcf.TrimConfig(budget_tokens=10**6), COUNTERS[0]
    base = [user("q"), assistant("", tool_calls=[call("a", args={"n": 1})]), tool("a", "ok")]
    for value in (True, 1.0, 1):
        h = copy.deepcopy(base)
        h[1]["tool_calls"][0]["function"]["arguments"] = {"n": value}
        out = same_as_afresh(h + [assistant("done"), user("next")], config, counter).messages
        assert out[1]["tool_calls"][0]["function"]["arguments"] == json.dumps({"n": value})


def test_a_new_call_with_a_name_an_earlier_rename_chose_starts_afresh():
    config, counter = tcf.TrimConfig(budget_tokens=10**6), COUNTERS[0]
    h = [user("go"), *group(["call_0"], ["r0"]), *group(["call_0"], ["r1"])]  # the second becomes call_0_2
    same_as_afresh(h, config, counter)
    later = h + group(["call_0_2"], ["a genuine call_0_2"])
    out = same_as_afresh(later, config, counter).messages
    ids = [c["id"] for m in out for c in m.get("tool_calls") or []]
    assert len(ids) == len(set(ids)) == 3


def test_many_chats_at_once_each_get_their_own_result():
    config, counter = tcf.TrimConfig(budget_tokens=12_000), COUNTERS[-1]
    chats = [chat(40, seed=s) for s in range(4)] + [chat(40, seed=0)]  # two threads share a chat
    expected = {
        (c, cut): tcf.trim_messages(copy.deepcopy(h[:cut]), config, counter)
        for c, h in enumerate(chats)
        for cut in requests_of(h, random.Random(c))
    }
    failures: list = []

    def run(c: int) -> None:
        for cut in requests_of(chats[c], random.Random(c)):
            got = tcf.trim_messages(copy.deepcopy(chats[c][:cut]), config, counter)
            want = expected[(c, cut)]
            if got.report != want.report or not strictly_equal(got.messages, want.messages):
                failures.append((c, cut))
            edit_in_place(got.messages)

    threads = [threading.Thread(target=run, args=(c,)) for c in range(len(chats))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not failures


small_budgets = st.builds(
    tcf.TrimConfig,
    budget_tokens=st.integers(300, 8000),
    keep_recent_tool_groups=st.integers(0, 4),
    tool_output_max_tokens=st.sampled_from([64, 300, 1000]),
    low_water=st.sampled_from([0.3, 0.6, 1.0]),
    policy=st.sampled_from(["stable", "stable", "eager"]),
)


@settings(max_examples=60)  # fewer than the profile's: each example replays a chat, every request trimmed twice
@given(long_agent_turn(), small_budgets, st.sampled_from(COUNTERS), st.randoms())
def test_a_long_turn_at_a_small_budget_gives_what_trimming_it_again_gives(history, config, counter, rng):
    """A long turn at a small budget (its oldest hops dropped), request after request as it grows,
    then with one message edited or deleted, or with hops appended: every request gives exactly
    what trimming it again gives."""
    for cut in [c for c in requests_of(history, rng) if c > len(history) // 2]:
        same_as_afresh(history[:cut], config, counter)
    for _ in range(4):
        op, i = rng.randrange(3), rng.randrange(1, len(history))
        if op == 0:
            history = history[:i] + [edited(history[i])] + history[i + 1 :]
        elif op == 1:
            history = history[:i] + history[i + 1 :]
        else:
            history = history + group([f"more{i}"], [output_text(rng.choice([80, 3000]), i)])
        same_as_afresh(history, config, counter)
