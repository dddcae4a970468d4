"""Unit and property tests of the Subquery tool's pure core (no Open WebUI server)."""

from __future__ import annotations

import asyncio
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from devkit.fake_model import FakeModel
from devkit.scripted_model import pairing_errors
from devkit.virtual_time import run_virtual
from tests.conftest import ROOT, load_plugin

sq = load_plugin("tools/subquery.py", "subquery_plugin")

SPECS = {
    "get_time": {
        "name": "get_time",
        "parameters": {
            "type": "object",
            "properties": {
                "zone": {"type": "string"},
                "count": {"type": "integer"},
                "ratio": {"type": "number"},
                "exact": {"type": "boolean"},
                "opts": {"type": "object"},
                "tags": {"type": "array"},
                "maybe": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            },
            "required": ["zone"],
        },
    }
}


# Inline-call parsing and schema coercion are tested by their owner (issue 9).


# --- arguments ------------------------------------------------------------------------
def test_decode_arguments_reports_malformed_and_non_object_input():
    assert sq.decode_arguments("f", "") == ({}, None)
    assert sq.decode_arguments("f", "{'a': 1}") == ({"a": 1}, None)  # Python literal, as Open WebUI accepts
    args, error = sq.decode_arguments("f", '{"a": ')
    assert args is None and "not valid JSON" in error and "Send a JSON object" in error
    args, error = sq.decode_arguments("f", "[1, 2]")
    assert args is None and error == "Error: the arguments for `f` must be a JSON object, got list."


@given(st.dictionaries(st.text(min_size=1, max_size=12), st.integers(), max_size=8), st.booleans(), st.booleans())
def test_property_injected_names_never_reach_a_tool(args, takes_kwargs, mcp):
    """Names the callable reserves for Open WebUI (or any `__x`) are dropped; nothing else is lost silently."""
    injected = frozenset(k for k in args if k.startswith("_"))
    accepted = None if takes_kwargs else frozenset(args)
    spec = {"parameters": {"properties": {k: {"type": "integer"} for k in args}}}
    kept, dropped = sq.filter_arguments(args, sq.ToolInfo("t", spec, accepted, injected=injected, passthrough=mcp))
    assert not set(kept) & injected
    assert not any(k.startswith("__") for k in kept) or mcp
    if not mcp:
        assert set(kept) | set(dropped) == set(args)


def test_underscore_parameters_of_openapi_tools_still_work_and_mcp_passes_through():
    spec = {"parameters": {"properties": {"_limit": {"type": "integer"}, "q": {"type": "string"}}}}
    openapi = sq.ToolInfo("search", spec, None)  # **kwargs callable: the spec decides
    assert sq.filter_arguments({"_limit": 5, "q": "x", "other": 1}, openapi) == ({"_limit": 5, "q": "x"}, ["other"])
    mcp = sq.ToolInfo("git_log", spec, None, passthrough=True)
    assert sq.filter_arguments({"_limit": 5, "extra": [1]}, mcp) == ({"_limit": 5, "extra": [1]}, [])
    whoami = {"parameters": {"properties": {"note": {}, "_secret": {}, "_plain": {}}}}
    local = sq.ToolInfo("whoami", whoami, frozenset({"note", "_plain"}), injected=frozenset({"__user__", "_secret"}))
    assert sq.filter_arguments({"_plain": 1}, local) == ({"_plain": 1}, [])
    assert sq.filter_arguments({"note": "n", "_secret": "x", "__user__": {}}, local) == ({"note": "n"}, ["_secret", "__user__"])
    # MCP arguments are not coerced either: the server validates its own
    p = sq.prepare_call(sq.ToolCall("1", "git_log", '{"_limit": "5", "x": "1"}'), {"git_log": mcp}, {}, 3)
    assert p.kwargs == {"_limit": "5", "x": "1"}


def test_filter_arguments_uses_signature_or_spec_properties():
    spec = {"parameters": {"properties": {"a": {}, "b": {}}}}
    assert sq.filter_arguments({"a": 1, "b": 3, "c": 2}, sq.ToolInfo("t", spec, frozenset({"a", "c"}))) == ({"a": 1}, ["b", "c"])
    assert sq.filter_arguments({"a": 1, "c": 2}, sq.ToolInfo("t", spec, None)) == ({"a": 1}, ["c"])


def test_accepted_parameters_reads_signatures():
    def f(a, b=1, *, c, __user__=None): ...
    def g(a, **kwargs): ...
    assert sq.accepted_parameters(f) == frozenset({"a", "b", "c", "__user__"})
    assert sq.accepted_parameters(g) is None


def test_prepare_call_outcomes():
    tools = {"get_time": sq.ToolInfo("get_time", SPECS["get_time"], frozenset({"zone", "count"}))}
    ok = sq.prepare_call(sq.ToolCall("1", "get_time", '{"zone": "UTC", "count": "2", "extra": 1}'), tools, {}, 3)
    assert ok.kwargs == {"zone": "UTC", "count": 2}
    missing = sq.prepare_call(sq.ToolCall("2", "get_time", '{"count": 1}'), tools, {}, 3)
    assert missing.answer.startswith("Error: missing required argument(s) for `get_time`: zone. Expected: zone (string)")
    unknown = sq.prepare_call(sq.ToolCall("3", "nope", "{}"), tools, {}, 3)
    assert unknown.answer == 'Error: Tool "nope" not found. Available tools: get_time.'
    nested = sq.prepare_call(sq.ToolCall("4", "subquery", "{}"), tools, {}, 3)
    assert "cannot be called inside a subquery" in nested.answer
    # a tool merely NAMED like it is an unknown tool, not this one
    assert "not found" in sq.prepare_call(sq.ToolCall("4", "probe_subquery", "{}"), tools, {}, 3).answer
    sig = sq.call_signature("get_time", {"zone": "UTC"})
    repeated = sq.prepare_call(sq.ToolCall("5", "get_time", '{"zone": "UTC"}'), tools, {sig: 3}, 3)
    assert repeated.answer.startswith("Not executed: `get_time` was already called 3 times")
    assert sq.prepare_call(sq.ToolCall("6", "get_time", '{"zone": "UTC"}'), tools, {sig: 3}, 0).kwargs == {"zone": "UTC"}


# --- results ---------------------------------------------------------------------------
@given(st.text(max_size=3000), st.integers(min_value=50, max_value=2000))
def test_property_cap_text_bounds_and_marks(text, limit):
    capped = sq.cap_text(text, limit)
    if len(text) <= limit:
        assert capped == text
    else:
        assert "truncated" in capped and capped.startswith(text[: limit - min(limit // 5, 2000)])
        assert len(capped) <= limit + 120


def test_usage_and_stream_assembly():
    assert sq.summarize_usage([{"prompt_tokens": 3, "completion_tokens": 2}, {"total_tokens": 10, "prompt_tokens": 8, "completion_tokens": 2}, None]) == {
        "prompt_tokens": 11,
        "completion_tokens": 4,
        "total_tokens": 10,
    }
    chunks = [
        {"choices": [{"delta": {"role": "assistant", "content": "Hel"}}]},
        {"choices": [{"delta": {"content": "lo", "tool_calls": [{"index": 0, "id": "c1", "function": {"name": "f", "arguments": '{"a"'}}]}}]},
        {"choices": [{"delta": {"tool_calls": [{"index": 0, "function": {"arguments": ": 1}"}}]}}]},
        {"choices": [], "usage": {"total_tokens": 5}},
    ]
    merged = sq.merge_stream_chunks(chunks)
    assert merged["choices"][0]["message"] == {
        "role": "assistant",
        "content": "Hello",
        "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1}'}}],
    }
    assert merged["usage"] == {"total_tokens": 5}


def test_files_context_prefers_retrieved_sources_then_full_text_then_names():
    sources = [{"source": {"name": "a.pdf"}, "document": ["alpha", "beta"], "metadata": [{}, {}]}]
    assert sq.files_context([{"id": "1"}], sources, 1000) == '<source name="a.pdf">alpha</source>\n<source name="a.pdf">beta</source>'
    full = [{"name": "n.txt", "file": {"data": {"content": "full text"}}}]
    assert sq.files_context(full, [], 1000) == '<source name="n.txt">full text</source>'
    assert sq.files_context([{"name": "x.csv"}], [], 1000) == "Files attached to the chat: x.csv"
    assert sq.files_context([], sources, 1000) == ""


# --- group-safe tail --------------------------------------------------------------------
def _history():
    return [
        {"role": "system", "content": "persona"},
        {"role": "user", "content": "q1"},
        {"role": "assistant", "content": "", "tool_calls": [{"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "a", "content": "r1"},
        {"role": "assistant", "content": "answer 1"},
        {"role": "user", "content": "q2"},
    ]


def test_tail_is_widened_to_whole_groups_and_the_turn_start():
    history = _history()
    assert sq.tail_messages(history, 0) == []
    assert [m["content"] for m in sq.tail_messages(history, 1)] == ["q2"]
    widened = sq.tail_messages(history, 3)  # would start on the tool result
    assert [m["role"] for m in widened] == ["user", "assistant", "tool", "assistant", "user"]
    assert widened[1] is not history[2] and widened[1] == history[2]  # copies, never the caller's objects
    assert all(m["role"] != "system" for m in sq.tail_messages(history, 99))


message_st = st.one_of(
    st.fixed_dictionaries({"role": st.sampled_from(["user", "system", "assistant", "developer"]), "content": st.one_of(st.none(), st.text(max_size=5))}),
    st.fixed_dictionaries(
        {
            "role": st.just("assistant"),
            "content": st.one_of(st.none(), st.text(max_size=5)),
            "tool_calls": st.lists(
                st.builds(lambda i: {"id": i, "type": "function", "function": {"name": "f", "arguments": "{}"}}, st.sampled_from("abc")),
                max_size=3,
            ),
        }
    ),
    st.fixed_dictionaries({"role": st.just("tool"), "tool_call_id": st.sampled_from(["a", "b", "c", "z"]), "content": st.text(max_size=5)}),
)


@given(st.lists(message_st, max_size=25), st.integers(min_value=0, max_value=30))
def test_property_tail_is_always_provider_valid(history, n):
    before = json.dumps(history, sort_keys=True)
    tail = sq.tail_messages(history, n)
    assert json.dumps(history, sort_keys=True) == before  # input untouched
    assert not pairing_errors(tail), pairing_errors(tail)
    assert all(m["role"] in ("user", "assistant", "tool") for m in tail)
    if tail:
        assert tail[0]["role"] == "user"


# --- the loop ------------------------------------------------------------------------------
TOOLS = {
    "f": sq.ToolInfo("f", {"name": "f", "parameters": {"properties": {"x": {"type": "integer"}}}}, frozenset({"x"})),
}


async def noop_emit(text, done):
    pass


async def never_called(call, kwargs, timeout):
    raise AssertionError("no tool may run here")


def loop(messages, tools, settings, model, execute, clock=None, **hooks):
    h = sq.Hooks(model, execute or never_called, hooks.pop("emit", noop_emit), **hooks)
    if clock is not None:
        return sq.run_subquery_loop(messages, tools, settings, h, clock=clock)
    return sq.run_subquery_loop(messages, tools, settings, h)


def tc(i, name="f", args='{"x": 1}'):
    return {"id": f"id{i}", "type": "function", "function": {"name": name, "arguments": args}}


async def test_loop_answers_after_tools_and_keeps_result_order():
    model = FakeModel(
        sq.Completion(tool_calls=(tc(1, args='{"x": 2}'), tc(2, args='{"x": 1}')), usage={"total_tokens": 5}),
        sq.Completion(content="the answer", usage={"total_tokens": 7}),
    )

    async def execute(call, kwargs, timeout):
        await asyncio.sleep(0.05 * kwargs["x"])  # the first call finishes last
        return f"x={kwargs['x']}"

    start = [{"role": "user", "content": "go"}]
    out = await loop(start, TOOLS, sq.Settings(), model, execute)
    assert (out.answer, out.rounds, out.tool_calls, out.stopped, out.usage["total_tokens"]) == ("the answer", 2, 2, "answered", 12)
    second = model.sent[1]
    assert [(m.get("tool_call_id"), m.get("content")) for m in second if m["role"] == "tool"] == [("id1", "x=2"), ("id2", "x=1")]
    assert not pairing_errors(second)
    assert start == [{"role": "user", "content": "go"}]  # the input list is not mutated


async def test_loop_bounds_parallelism():
    running = peak = 0

    async def execute(call, kwargs, timeout):
        nonlocal running, peak
        running += 1
        peak = max(peak, running)
        await asyncio.sleep(0.02)
        running -= 1
        return "ok"

    calls = tuple(tc(i, args=json.dumps({"x": i})) for i in range(7))
    model = FakeModel(sq.Completion(tool_calls=calls), sq.Completion(content="done"))
    await loop([], TOOLS, sq.Settings(max_parallel_tools=3), model, execute)
    assert peak == 3


# --- 1: approval -----------------------------------------------------------------------------
async def test_every_call_needs_a_yes_and_anything_else_refuses():
    asked, ran = [], []

    async def approve(call, kwargs, remaining):
        asked.append((call.id, kwargs))
        if kwargs["x"] == 1:
            return True
        if kwargs["x"] == 2:
            return {"error": "Client session disconnected."}  # not a yes
        raise RuntimeError("socket gone")

    async def execute(call, kwargs, timeout):
        ran.append(kwargs["x"])
        return "ran"

    calls = (tc(1), tc(2, args='{"x": 2}'), tc(3, args='{"x": 3}'))
    model = FakeModel(sq.Completion(tool_calls=calls), sq.Completion(content="end"))
    await loop([], TOOLS, sq.Settings(), model, execute, approve=approve)
    assert ran == [1] and [a[0] for a in asked] == ["id1", "id2", "id3"]
    results = [m["content"] for m in model.sent[1] if m["role"] == "tool"]
    assert results == ["ran", "Error: tool call was not approved.", "Error: tool call was not approved."]


def test_approval_waits_count_against_the_deadline():
    """On virtual time (the loop's clock, injected): a 30 s approval wait is cut at the 0.6 s deadline."""

    async def approve(call, kwargs, remaining):
        await asyncio.sleep(30)

    async def main():
        clock = asyncio.get_running_loop().time
        model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(content="never"))
        out = await loop([], TOOLS, sq.Settings(total_timeout_seconds=0.6), model, never_called, approve=approve, clock=clock)
        return out, clock()

    out, took = run_virtual(main())
    assert took < 1.5, took
    assert out.stopped == "deadline" and "not approved" in out.answer


# --- 2: bounds inside a round ------------------------------------------------------------------
async def test_identical_calls_in_one_round_are_counted_while_it_is_prepared():
    ran = []

    async def execute(call, kwargs, timeout):
        ran.append(call.id)
        return "r"

    calls = tuple(tc(i) for i in range(16))
    model = FakeModel(sq.Completion(tool_calls=calls), sq.Completion(content="end"))
    await loop([{"role": "user", "content": "q"}], TOOLS, sq.Settings(), model, execute)
    assert ran == ["id0", "id1", "id2"] and sq.REPEAT_CALL_LIMIT == 3
    results = [m for m in model.sent[1] if m["role"] == "tool"]
    assert [m["tool_call_id"] for m in results] == [f"id{i}" for i in range(16)]
    assert all(m["content"].startswith("Not executed: `f` was already called 3 times") for m in results[3:])
    assert not pairing_errors(model.sent[1])


async def test_calls_beyond_max_calls_per_round_are_neither_run_nor_replayed_and_the_model_is_told(monkeypatch):
    ran, lines = [], []

    async def execute(call, kwargs, timeout):
        ran.append(kwargs["x"])
        return "r"

    async def log(line):
        lines.append(line)

    calls = tuple(tc(i, args=json.dumps({"x": i})) for i in range(6))
    model = FakeModel(sq.Completion(tool_calls=calls), sq.Completion(content="end"))
    monkeypatch.setattr(sq, "MAX_CALLS_PER_ROUND", 4)
    await loop([{"role": "user", "content": "q"}], TOOLS, sq.Settings(), model, execute, log=log)
    assert sorted(ran) == [0, 1, 2, 3]
    sent = model.sent[1]
    assistant = next(m for m in sent if m["role"] == "assistant")
    assert [c["id"] for c in assistant["tool_calls"]] == ["id0", "id1", "id2", "id3"]  # the rest not replayed
    results = [m["content"] for m in sent if m["role"] == "tool"]
    assert results[:3] == ["r"] * 3 and results[3].startswith("r\n\n[2 more call(s) in your reply were dropped")
    assert not pairing_errors(sent)
    assert lines[-1] == "Subquery · 2 more calls dropped · not run: over 4 calls per round"


async def test_one_reply_with_twenty_thousand_argument_objects_replays_a_bounded_request():
    """The issue's case: 20,000 back-to-back objects once ran 16 calls but replayed 20,002 messages."""

    async def execute(call, kwargs, timeout):
        return "r"

    raw = "".join(json.dumps({"x": i}) for i in range(20_000))
    model = FakeModel(sq.Completion(content="x" * 500_000, tool_calls=(tc(1, args=raw),)), sq.Completion(content="end"))
    # No token budget: the reply reports no usage, so its ~100k characters count as ~33k tokens and the budget's
    # answer round would replace the round whose request this test reads.
    await loop([{"role": "user", "content": "q"}], TOOLS, sq.Settings(max_subquery_tokens=0), model, execute)
    sent = model.sent[1]
    assert len(sent) == 1 + 1 + 16  # the user message, one assistant message, 16 results
    assert len(json.dumps(sent)) < 2 * sq.REPLY_CHARS
    assert "19,984 more call(s)" in sent[-1]["content"] or "19984 more call(s)" in sent[-1]["content"]


async def test_arguments_past_the_reply_bound_are_not_run_and_replayed_as_an_empty_object(monkeypatch):
    ran = []

    async def execute(call, kwargs, timeout):
        ran.append(call.id)
        return "r"

    big = json.dumps({"x": 1, "pad": "p" * 700})
    calls = (tc(1, args=big), tc(2, args=big))
    tools = {"f": sq.ToolInfo("f", {"name": "f", "parameters": {"properties": {"x": {}, "pad": {}}}}, None)}
    model = FakeModel(sq.Completion(tool_calls=calls), sq.Completion(content="end"))
    monkeypatch.setattr(sq, "REPLY_CHARS", 1000)
    await loop([], tools, sq.Settings(), model, execute)
    assert ran == ["id1"]
    assistant = next(m for m in model.sent[1] if m["role"] == "assistant")
    assert [c["function"]["arguments"] for c in assistant["tool_calls"]] == [big, "{}"]
    assert [m["content"] for m in model.sent[1] if m["role"] == "tool"][1].startswith("Error: not run: the arguments")


def test_slot_waits_count_and_the_total_deadline_holds():
    """9 one-second calls, 3 slots, 1.5 s total: the subquery ends within 1 s of its limit (on virtual time)."""

    async def execute(call, kwargs, timeout):
        await asyncio.sleep(1.0)
        return "slow"

    async def main():
        clock = asyncio.get_running_loop().time
        calls = tuple(tc(i, args=json.dumps({"x": i})) for i in range(9))
        model = FakeModel(sq.Completion(tool_calls=calls), sq.Completion(content="end"))
        settings = sq.Settings(max_parallel_tools=3, total_timeout_seconds=1.5)
        return await loop([], TOOLS, settings, model, execute, clock=clock), clock()

    out, elapsed = run_virtual(main())
    assert elapsed < 2.5, elapsed
    assert out.stopped == "deadline"
    assert "was not started: no free slot" in out.answer and "slow" in out.answer


async def test_not_started_is_told_apart_from_timed_out():
    async def execute(call, kwargs, timeout):
        await asyncio.sleep(5)

    prepared = [sq.Prepared(sq.ToolCall(str(i), "f", "{}"), kwargs={"x": i}) for i in range(2)]
    out = await sq.run_calls(prepared, execute, 1, 0.2)
    assert out[0].text == "Error: `f` timed out after 0.2 s and was abandoned."
    assert out[1].text.startswith("Error: `f` was not started: no free slot within 0.2 s")


# --- 3: images from tools go to the inner model ---------------------------------------------------
async def test_tool_images_follow_the_tool_messages_as_one_user_message():
    async def execute(call, kwargs, timeout):
        return sq.ToolOutput("chart drawn", ("data:image/png;base64,AAA",))

    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(content="seen"))
    # No token budget: the reply reports no usage, so its ~100k characters count as ~33k tokens and the budget's
    # answer round would replace the round whose request this test reads.
    await loop([{"role": "user", "content": "q"}], TOOLS, sq.Settings(max_subquery_tokens=0), model, execute)
    sent = model.sent[1]
    assert [m["role"] for m in sent] == ["user", "assistant", "tool", "user"]
    assert sent[2]["content"] == "chart drawn"
    assert sent[3]["content"][1] == {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAA"}}
    assert not pairing_errors(sent)


# --- 4: reasoning ---------------------------------------------------------------------------------
async def test_a_call_inside_reasoning_never_runs_and_the_answer_after_it_is_kept():
    content = '<think>maybe <tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call></think>\nThe answer is 4.'
    out = await loop([], TOOLS, sq.Settings(), FakeModel(sq.Completion(content=content)), never_called)
    assert (out.answer, out.stopped) == ("The answer is 4.", "answered")


@pytest.mark.parametrize(
    "param,content,expected",
    [
        (None, "<thinking a='1'>x</thinking>A", "A"),
        (None, "<|begin_of_thought|>x<|end_of_thought|>B", "B"),
        (None, "C<think>unfinished", "C"),
        (["<plan>", "</plan>"], "<plan>x</plan>D<think>kept</think>", "D<think>kept</think>"),
        (False, "<think>kept</think>E", "<think>kept</think>E"),
    ],
)
def test_reasoning_tags_follow_open_webui_and_params(param, content, expected):
    assert sq.strip_reasoning(content, sq.reasoning_tags_for(param)) == expected


async def test_the_loop_replays_the_reasoning_fields_the_adapter_chose_and_nothing_else():
    details = [{"type": "reasoning.encrypted", "data": "sig"}]
    first = sq.completion_from(
        {"choices": [{"message": {"content": "", "reasoning_content": "plan", "reasoning_details": details, "tool_calls": [tc(1)]}}]}
    )
    assert (first.reasoning_text, first.reasoning_details, first.reasoning) == ("plan", tuple(details), {})

    async def execute(call, kwargs, timeout):
        return "r"

    model = FakeModel(first, sq.Completion(content="end"))
    await loop([], TOOLS, sq.Settings(), model, execute)
    assistant = next(m for m in model.sent[1] if m["role"] == "assistant")
    assert set(assistant) == {"role", "content", "tool_calls"}  # by default nothing goes back
    chosen = sq.replace(first, reasoning={"thinking": "plan"})
    model = FakeModel(chosen, sq.Completion(content="end"))
    await loop([], TOOLS, sq.Settings(), model, execute)
    assert next(m for m in model.sent[1] if m["role"] == "assistant")["thinking"] == "plan"


def test_reasoning_is_read_from_the_provider_fields():
    text, found = sq.reasoning_of({"thinking": "t", "provider_specific_fields": {"reasoning_details": {"a": 1}}})
    assert (text, found) == ("t", ({"a": 1},))


# --- 6: valid replay -----------------------------------------------------------------------------
async def test_empty_and_broken_arguments_are_replayed_as_valid_json():
    async def execute(call, kwargs, timeout):
        return "r"

    tools = {"g": sq.ToolInfo("g", {"name": "g", "parameters": {"properties": {}}}, frozenset())}
    calls = (tc(1, "g", ""), tc(2, "g", '{"a": '), tc(3, "g", None))
    model = FakeModel(sq.Completion(tool_calls=calls), sq.Completion(content="end"))
    await loop([], tools, sq.Settings(), model, execute)
    sent = model.sent[1]
    assistant = next(m for m in sent if m["role"] == "assistant")
    assert [c["function"]["arguments"] for c in assistant["tool_calls"]] == ["{}", "{}", "{}"]
    results = [m["content"] for m in sent if m["role"] == "tool"]
    assert results[0] == "r" and results[2] == "r"
    assert "not valid JSON" in results[1] and '{"a": ' in results[1]  # the raw text only in the error


def test_concatenated_argument_objects_become_separate_calls():
    calls = sq.normalize_tool_calls([tc(1, args='{"x": 1}{"x": 2} {"x": 3}')])
    assert [(c.id, c.arguments) for c in calls] == [("id1_0", '{"x": 1}'), ("id1_1", '{"x": 2}'), ("id1_2", '{"x": 3}')]
    assert [c.arguments for c in sq.normalize_tool_calls([tc(1, args='{"x": 1}')])] == ['{"x": 1}']
    assert sq.replay_arguments("[1]") == "{}" and sq.replay_arguments('{"a": [1]}') == '{"a": [1]}'


@given(st.text(max_size=60))
def test_property_replayed_arguments_are_always_a_json_object(raw):
    assert isinstance(json.loads(sq.replay_arguments(raw)), dict)


# --- 10: final synthesis -------------------------------------------------------------------------------
async def test_final_round_keeps_tools_with_tool_choice_none_and_runs_no_calls():
    ran = []

    async def execute(call, kwargs, timeout):
        ran.append(call.id)
        return "r"

    model = FakeModel(
        sq.Completion(tool_calls=(tc(1),)),
        sq.Completion(tool_calls=(tc(2, args='{"x": 2}'),)),
        sq.Completion(content="final text", tool_calls=(tc(3, args='{"x": 3}'),)),
    )
    out = await loop([], TOOLS, sq.Settings(max_rounds=2), model, execute)
    assert (out.answer, out.stopped, out.rounds) == ("final text", "max_rounds", 2)
    assert ran == ["id1", "id2"]
    messages, specs = model.sent[-1], model.specs[-1]
    assert specs and model.choices == [None, None, "none"]
    assert "used all 2 tool rounds" in messages[-1]["content"]


async def _gathered(call, kwargs, timeout):
    """A tool that always returns the same fact."""
    return "gathered fact"


async def test_round_exhaustion_with_no_final_text_returns_what_was_gathered():
    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(content=""))
    out = await loop([], TOOLS, sq.Settings(max_rounds=1), model, _gathered)
    assert out.stopped == "max_rounds" and "gathered fact" in out.answer and "used all 1 rounds" in out.answer


async def test_an_empty_answer_after_tool_rounds_keeps_what_was_gathered():
    """Seen on the real model (stock template): calls ran, then an empty reply; the results are not lost."""
    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(content="  "))
    out = await loop([], TOOLS, sq.Settings(max_rounds=4), model, _gathered)
    assert out.stopped == "answered" and "gathered fact" in out.answer and "empty answer" in out.answer
    silent = await loop([], TOOLS, sq.Settings(), FakeModel(sq.Completion(content="")), _gathered)
    assert silent.answer == "(the model returned an empty answer)"


# --- 11: turn parameters ---------------------------------------------------------------------------
def test_turn_params_forward_the_chat_parameters_later_sources_winning():
    model_params = {"temperature": 0.2, "top_p": 0.9, "system": "x", "function_calling": "native"}
    request = {"temperature": 0.7, "max_tokens": 300, "seed": 4, "stop": ["END"], "reasoning_effort": "low", "top_p": None}
    assert sq.turn_params(model_params, request, None) == {
        "temperature": 0.7, "top_p": 0.9, "max_tokens": 300, "seed": 4, "stop": ["END"], "reasoning_effort": "low"
    }


# --- 12: robustness ------------------------------------------------------------------------------
HOSTILE_ARGS = ["9" * 5000, "[" * 100_000, None, '{"x": ' + "9" * 5000 + "}", "{" * 3000, "\x00", "{}{", 5, [1, 2]]


@pytest.mark.parametrize("args", HOSTILE_ARGS, ids=lambda a: repr(a)[:20])
async def test_hostile_arguments_never_crash_the_loop(args):
    async def execute(call, kwargs, timeout):
        return "ran"

    call = {"id": "c", "type": "function", "function": {"name": "f", "arguments": args}}
    model = FakeModel(sq.Completion(tool_calls=(call,)), sq.Completion(content="end"))
    out = await loop([], TOOLS, sq.Settings(max_subquery_tokens=0), model, execute)  # no budget: no usage reported
    assert out.answer == "end"
    assistant = next(m for m in model.sent[1] if m["role"] == "assistant")
    assert all(isinstance(json.loads(c["function"]["arguments"]), dict) for c in assistant["tool_calls"])


junk = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["id", "function", "name", "arguments", "type"]), inner, max_size=3)),
    max_leaves=12,
)


@given(st.one_of(junk, st.lists(junk, max_size=3)), junk)
async def test_property_no_provider_reply_crashes_the_loop(tool_calls, content):
    reply = sq.completion_from({"choices": [{"message": {"content": content, "tool_calls": tool_calls}}]})

    async def execute(call, kwargs, timeout):
        return "r"

    out = await loop([], TOOLS, sq.Settings(max_rounds=2), FakeModel(reply, sq.Completion(content="end")), execute)
    assert isinstance(out.answer, str) and out.stopped in ("answered", "max_rounds")


@pytest.mark.parametrize(
    "response",
    [{"choices": ["text"]}, {"choices": [None]}, {"choices": "x"}, {"choices": [{"message": "x"}]}, {"error": "bad"}, None, b"x"],
)
def test_malformed_responses_become_errors_not_exceptions(response):
    assert sq.completion_from(response).error


async def test_a_stream_whose_last_line_has_no_newline_is_read_whole():
    class Streamed:
        async def pieces():
            yield b'data: {"choices": [{"delta": {"content": "a"}}]}\ndata: {"choices": [{"delta": {"content": "b"}}]}'

        body_iterator = pieces()

    assert (await sq._read_stream(Streamed))["choices"][0]["message"]["content"] == "ab"


def test_process_state_is_one_place_shared_by_every_copy_of_the_tool():
    other = load_plugin("tools/subquery.py", "subquery_plugin_copy_for_state")
    assert other.process_state() is sq.process_state()
    assert other.process_state().readers_v1 is sq.process_state().readers_v1


# --- deadline and summary ------------------------------------------------------------------------
async def test_deadline_returns_only_what_the_subquery_gathered():
    now = [0.0]

    async def execute(call, kwargs, timeout):
        now[0] += 50  # each round of tools takes 50 "seconds"
        return "partial data"

    parent = [
        {"role": "user", "content": "old"},
        {"role": "assistant", "content": "", "tool_calls": [tc(9)]},
        {"role": "tool", "tool_call_id": "id9", "content": "OLD CHAT RESULT"},
        {"role": "assistant", "content": "OLD ANSWER"},
        {"role": "user", "content": "task"},
    ]
    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(tool_calls=(tc(2, args='{"x": 2}'),)))
    out = await loop(parent, TOOLS, sq.Settings(total_timeout_seconds=80), model, execute, clock=lambda: now[0])
    assert out.stopped == "deadline" and out.rounds == 2
    assert out.answer.startswith("[Subquery stopped: the 80 s time limit ran out") and "partial data" in out.answer
    assert "OLD" not in out.answer


async def test_model_call_slower_than_the_deadline_is_cut():
    async def slow():
        await asyncio.sleep(5)

    out = await loop([], TOOLS, sq.Settings(total_timeout_seconds=0.5), FakeModel(slow), None)
    assert out.stopped == "deadline" and "waiting for the model in round 1" in out.answer


async def test_tool_timeouts_exceptions_and_upstream_errors():
    async def execute(call, kwargs, timeout):
        if kwargs["x"] == 1:
            await asyncio.sleep(5)
        raise KeyError("missing")

    model = FakeModel(
        sq.Completion(tool_calls=(tc(1), tc(2, args='{"x": 2}'), tc(3, "ghost", "{}"), tc(4, args="[1]"))),
        sq.Completion(error="HTTP 500"),
    )
    out = await loop([], TOOLS, sq.Settings(tool_timeout_seconds=0.1), model, execute)
    results = [m["content"] for m in model.sent[1] if m["role"] == "tool"]
    assert results[0] == "Error: `f` timed out after 0.1 s and was abandoned."
    assert results[1] == "Error: `f` raised KeyError: 'missing'"
    assert results[2].startswith('Error: Tool "ghost" not found')
    assert results[3] == "Error: the arguments for `f` must be a JSON object, got list."
    assert out.stopped == "error" and out.answer.startswith("Subquery could not finish: HTTP 500")


async def test_inline_calls_are_parsed_only_when_tools_exist():
    inline = "<function=f><parameter=x>3</parameter></function>"
    seen = []

    async def execute(call, kwargs, timeout):
        seen.append(kwargs)
        return "ok"

    out = await loop([], TOOLS, sq.Settings(), FakeModel(sq.Completion(content=inline), sq.Completion(content="end")), execute)
    assert seen == [{"x": 3}] and out.answer == "end"
    out = await loop([], {}, sq.Settings(), FakeModel(sq.Completion(content=inline)), execute)
    assert out.answer == inline and out.rounds == 1


async def test_answer_is_capped_with_a_visible_note():
    out = await loop([], TOOLS, sq.Settings(max_output_chars=1000), FakeModel(sq.Completion(content="y" * 5000)), None)
    assert len(out.answer) < 1200 and "answer truncated" in out.answer


async def test_a_sliver_of_time_left_after_tools_counts_as_the_deadline():
    now = [0.0]

    async def execute(call, kwargs, timeout):
        now[0] = 9.9  # the tool batch was cut just short of the 10 s deadline
        return "partial"

    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(content="never asked"))
    out = await loop([], TOOLS, sq.Settings(total_timeout_seconds=10), model, execute, clock=lambda: now[0])
    assert out.answer.startswith("[Subquery stopped: the 10 s time limit ran out after round 1.")
    assert len(model.sent) == 1


# --- 5: Tool Search ---------------------------------------------------------------------------------
async def test_deferred_tools_stay_out_of_requests_and_call_tool_is_resolved():
    tools = {f"t{i}": sq.ToolInfo(f"t{i}", {"name": f"t{i}"}, None, deferred=i > 2) for i in range(201)}
    tools["f"] = TOOLS["f"]
    assert [s["function"]["name"] for s in sq.request_specs(tools)] == ["t0", "t1", "t2", "f"]
    many = {f"t{i}": sq.ToolInfo(f"t{i}", {"name": f"t{i}"}, None) for i in range(201)}
    assert len(sq.request_specs(many)) == sq.MAX_REQUEST_TOOLS == 128

    def resolve(call):
        if call.name != "call_tool":
            return call
        args = json.loads(call.arguments)
        if args["tool_name"] not in tools:
            return f'Error: Tool "{args["tool_name"]}" is not available. Search for an available tool.'
        return sq.ToolCall(call.id, args["tool_name"], args["params"], provider=(call.name, call.arguments))

    seen = []

    async def execute(call, kwargs, timeout):
        seen.append((call.name, kwargs))
        return "ran"

    dispatch = tc(1, "call_tool", json.dumps({"tool_name": "f", "params": '{"x": 5}'}))
    missing = tc(2, "call_tool", json.dumps({"tool_name": "nope", "params": "{}"}))
    model = FakeModel(sq.Completion(tool_calls=(dispatch, missing)), sq.Completion(content="end"))
    await loop([], tools, sq.Settings(), model, execute, resolve=resolve)
    assert seen == [("f", {"x": 5})]
    sent = model.sent[1]
    assistant = next(m for m in sent if m["role"] == "assistant")
    assert [c["function"]["name"] for c in assistant["tool_calls"]] == ["call_tool", "call_tool"]  # replayed as sent
    assert [m["content"] for m in sent if m["role"] == "tool"][1].startswith('Error: Tool "nope" is not available')


def test_more_than_128_tools_keep_the_named_ones_then_order_and_say_which_were_left_out(caplog):
    tools = {f"t{i}": sq.ToolInfo(f"t{i}", {"name": f"t{i}"}, None) for i in range(200)}
    tools["call_tool"] = sq.ToolInfo("call_tool", {"name": "call_tool"}, None)
    tools.update({f"d{i}": sq.ToolInfo(f"d{i}", {"name": f"d{i}"}, None, deferred=True) for i in range(50)})
    prompt = "Use T199 and t150 (not t15x or t1999) to answer."
    kept, left_out = sq.cap_request_tools(tools, prompt)
    sent = [s["function"]["name"] for s in sq.request_specs(kept)]
    assert len(sent) == sq.MAX_REQUEST_TOOLS
    assert {"call_tool", "t199", "t150"} <= set(sent)  # Tool Search's own tool, then what the prompt names
    assert sent[:125] == [f"t{i}" for i in range(125)]  # then the turn's order; the kept order is unchanged
    assert left_out == [f"t{i}" for i in range(125, 199) if i != 150]
    assert all(f"d{i}" in kept for i in range(50))  # deferred tools are not in the request: never counted
    assert sq.cap_request_tools(tools, prompt) == (kept, left_out)  # deterministic
    few = {n: tools[n] for n in ["t1", "t2"]}
    assert sq.cap_request_tools(few, "t1") == (few, [])
    assert sq.left_out_note(left_out) == "t125, t126, t127, t128, t129, … (+68 more)"

    line = sq.start_line(kept, left_out)  # 127 sent + 50 deferred (call_tool itself not counted)
    assert line.startswith(f"Subquery started · 177 tools available · {len(left_out)} left out (at most 128 per request): t125")
    assert "t125, t126" in caplog.text and "t198" in caplog.text  # the log line names every one
    assert sq.start_line(few, []) == "Subquery started · 2 tools available"


# --- 9: selection --------------------------------------------------------------------------------------
def test_select_tools_excludes_itself_by_callable_not_by_name_and_accepts_server_ids():
    def f(): ...

    copy_of_me = sq.Tools().subquery  # a copy installed under another id: its callable gives it away
    entries = {
        "subquery": {"tool_id": "mine", "callable": f, "spec": {"name": "subquery"}},
        "other_copy": {"tool_id": "sq2", "callable": copy_of_me, "spec": {"name": "subquery"}},
        "probe_subquery": {"tool_id": "probe", "callable": f, "spec": {"name": "probe_subquery"}},
        "a": {"tool_id": "probe", "callable": f, "spec": {"name": "a"}},
        "b": {"tool_id": "server:time", "callable": f, "spec": {"name": "b"}, "type": "external"},
        "git_log": {"callable": f, "spec": {"name": "git_log"}, "type": "mcp", "server_id": "git"},
        "d": {"tool_id": "direct", "direct": True, "spec": {"name": "d"}},
        "broken": {"tool_id": "x", "spec": {"name": "broken"}},
    }
    assert sorted(sq.select_tools(entries, "mine", [], [], False)) == ["a", "b", "git_log", "probe_subquery"]
    assert sorted(sq.select_tools(entries, "mine", [], [], True)) == ["a", "b", "d", "git_log", "probe_subquery"]
    assert sorted(sq.select_tools(entries, "mine", ["probe"], [], False)) == ["a", "probe_subquery"]
    assert sorted(sq.select_tools(entries, "mine", ["server:mcp:git"], [], False)) == ["git_log"]
    assert sorted(sq.select_tools(entries, "mine", ["server:time"], [], False)) == ["b"]
    assert sorted(sq.select_tools(entries, "mine", [], ["server:mcp:git", "b"], False)) == ["a", "probe_subquery"]


def test_a_copy_loaded_as_another_module_is_recognised():
    other = load_plugin("tools/subquery.py", "subquery_plugin_copy_under_another_id")
    entry = {"tool_id": "copy", "callable": other.Tools().subquery, "spec": {"name": "renamed"}}
    assert sq.is_self_entry("renamed", entry, "mine")


# --- 13: recursion marker ---------------------------------------------------------------------------------
async def test_nesting_in_the_same_run_is_refused_across_module_copies():
    other = load_plugin("tools/subquery.py", "subquery_plugin_copy_under_another_id")
    with sq.subquery_run():
        assert (await other.Tools().subquery("nested")).startswith("Error: a subquery cannot start another subquery")
    assert not sq.inside_subquery()


async def test_a_task_spawned_during_a_run_may_start_a_subquery_after_it_ended():
    gate = asyncio.Event()

    async def background():
        await gate.wait()
        return sq.inside_subquery()

    with sq.subquery_run():
        assert sq.inside_subquery()
        task = asyncio.create_task(background())  # inherits the run's context
    gate.set()
    assert await task is False


# --- 14: status and summary ---------------------------------------------------------------------------------
async def test_throttled_status_is_deferred_not_dropped_and_done_goes_at_once():
    events = []

    async def emitter(event):
        events.append((event["data"]["description"], event["data"]["done"]))

    emit = sq.StatusEmitter(emitter, True, min_interval=0.2)
    await emit("round 1", False)
    await emit("round 2", False)  # within the interval: deferred
    await emit("round 3", False)  # replaces the deferred one
    await asyncio.sleep(0.05)
    assert events == [("round 1", False)]
    await asyncio.sleep(0.3)
    assert events == [("round 1", False), ("round 3", False)]
    await emit("round 4", False)
    await emit("finished", True)  # replaces the deferred line
    await emit("late", False)  # nothing after done
    await asyncio.sleep(0.3)
    assert events[-1] == ("finished", True) and ("round 4", False) not in events and ("late", False) not in events

    async def broken(event):
        raise RuntimeError("socket gone")

    await sq.StatusEmitter(broken, True)("x", True)  # progress never breaks the work


def test_a_slow_event_emitter_never_holds_the_loop_past_its_deadline():
    """On virtual time: every status line takes 1.5 s to go out, and the loop does not wait for one."""
    events = []

    async def slow(event):
        await asyncio.sleep(1.5)  # a busy socket / database: every status line takes 1.5 s
        events.append((event["data"]["description"], event["data"]["done"]))

    async def execute(call, kwargs, timeout):
        await asyncio.sleep(0.02)
        return "ok"

    async def main():
        clock = asyncio.get_running_loop().time
        emit = sq.StatusEmitter(slow, True, min_interval=0.0)
        model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(tool_calls=(tc(2),)), sq.Completion(content="done"))
        settings = sq.Settings(total_timeout_seconds=1.0)
        out = await loop([], TOOLS, settings, model, execute, emit=emit, clock=clock)
        elapsed, sent = clock(), list(events)
        await emit("Subquery done", True)
        done_wait = clock() - elapsed
        await asyncio.sleep(3.5)
        return out, elapsed, sent, done_wait

    out, elapsed, sent, done_wait = run_virtual(main())
    assert out.stopped == "answered" and out.rounds == 3
    assert elapsed < 1.0, elapsed  # before: 1.5 s per status line, 3 lines awaited in a row
    assert sent == []  # nothing had gone out yet: the lines were under way in the background
    assert done_wait <= sq.DONE_WAIT_SECONDS + 0.01, done_wait  # the final line: a bounded wait
    # the line under way arrives, then done (which supersedes the still deferred round-2 line); in order
    assert events == [("Subquery · round 1/8 · calling f", False), ("Subquery done", True)]


async def test_a_slow_progress_line_is_stored_before_a_fast_done_line():
    """The out-of-order pair `make load` saw (a deferred "round 1" stored after `done`) cannot happen."""
    events = []

    async def emitter(event):
        await asyncio.sleep(0.5 if event["data"]["description"] == "round 1" else 0)
        events.append(event["data"]["description"])

    emit = sq.StatusEmitter(emitter, True, min_interval=0.05)
    await emit("started", False)
    await emit("round 1", False)  # deferred behind "started"
    await asyncio.sleep(0.2)  # the deferred "round 1" is now being sent (slowly)
    await emit("finished", True)
    await asyncio.sleep(0.6)
    assert events == ["started", "round 1", "finished"]


def test_a_hanging_event_emitter_is_bounded_and_done_still_goes_last(monkeypatch):
    """On virtual time: a status line that never goes out is cut, and `done` does not wait for it."""
    monkeypatch.setattr(sq, "STATUS_SEND_SECONDS", 0.4)
    events = []
    calls = 0

    async def hangs_once(event):
        nonlocal calls
        calls += 1
        if calls == 1:
            await asyncio.sleep(60)  # never answers: cut after STATUS_SEND_SECONDS
        events.append(event["data"])

    async def main():
        clock = asyncio.get_running_loop().time
        emit = sq.StatusEmitter(hangs_once, True, min_interval=0.0)
        await emit("stuck", False)
        await emit("finished", True)
        took = clock()
        await asyncio.sleep(0.6)
        return took

    assert run_virtual(main()) < sq.DONE_WAIT_SECONDS + 0.3
    assert events == [{"description": "finished", "done": True}]


async def test_done_goes_out_on_cancellation(monkeypatch):
    events = []

    async def emitter(event):
        events.append(event["data"])

    tools = sq.Tools()

    async def hang(*args):
        await asyncio.sleep(30)

    monkeypatch.setattr(sq, "get_ready", hang)  # the module's function: the wrapper's own exit path is tested
    task = asyncio.create_task(tools.subquery("task", __event_emitter__=emitter))
    await asyncio.sleep(0.05)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert events[-1]["done"] is True and not sq.inside_subquery()


async def test_progress_always_ends_done_in_the_adapter_and_is_silenced_by_user_valves():
    events = []

    async def emitter(event):
        events.append(event)

    tools = sq.Tools()
    answer = await tools.subquery("task", __user__={"id": "u"}, __metadata__={"model_id": "m"}, __event_emitter__=emitter)
    assert answer.startswith("Error: subquery needs to run inside an Open WebUI chat")
    assert events[-1]["data"]["done"] is True
    events.clear()
    await tools.subquery("task", __user__={"id": "u", "valves": tools.UserValves(show_status=False)}, __event_emitter__=emitter)
    assert events == []
    assert (await tools.subquery("  ")).startswith("Error: the subquery prompt is empty")


# --- 15: structure -------------------------------------------------------------------------------------
def test_settings_come_from_the_valves_with_one_source_of_defaults():
    valves = sq.Tools.Valves()
    assert sq.Settings.from_valves(valves) == sq.Settings()
    changed = sq.Tools.Valves(max_rounds=3, max_parallel_tools=5)
    assert sq.Settings.from_valves(changed) == sq.Settings(max_rounds=3, max_parallel_tools=5)
    assert sq.Settings.from_valves(changed).max_parallel_subqueries == 2  # derived: half of max_parallel_tools


def test_the_file_is_laid_out_as_the_house_rules_ask():
    import ast as pyast
    import typing

    source = (ROOT / "tools" / "subquery.py").read_text()
    tree = pyast.parse(source)
    assert source.startswith('"""\ntitle: Subquery')
    # generated from src/: the design notes live in the module docstrings, one per module, each first in its part
    assert "GENERATED FILE" in source.split("from __future__")[0]
    parts = [p for p in source.split("\n# src/")[1:] if "(generated data)" not in p.split("\n", 1)[0]]
    assert len(parts) > 10 and all(p.split("\n", 1)[1].lstrip("\n").startswith('"""') for p in parts)
    classes = [node for node in tree.body if isinstance(node, pyast.ClassDef)]  # generated data goes after them
    assert classes[-1].name == "Tools" and pyast.get_docstring(classes[-1])
    assert typing.get_args(sq.StopReason) == ("answered", "max_rounds", "budget", "deadline", "error")
    public = [n for n in dir(sq.Tools) if not n.startswith("_") and callable(getattr(sq.Tools, n))]
    assert sorted(public) == ["UserValves", "Valves", "subqueries", "subquery"]
    too_long = [
        n.name for n in pyast.walk(tree)
        if isinstance(n, (pyast.FunctionDef, pyast.AsyncFunctionDef)) and n.end_lineno - n.lineno > 80
    ]
    assert not too_long, too_long


async def test_call_ids_are_unique_across_the_whole_request():
    """Some providers number calls from 0 every round; Anthropic rejects a repeated tool_use id."""

    async def execute(call, kwargs, timeout):
        return "r"

    parent = [{"role": "user", "content": "old"}, {"role": "assistant", "content": "", "tool_calls": [tc(0)]},
              {"role": "tool", "tool_call_id": "id0", "content": "x"}, {"role": "user", "content": "task"}]
    model = FakeModel(
        sq.Completion(tool_calls=(tc(0), tc(0, args='{"x": 2}'))),
        sq.Completion(tool_calls=(tc(0, args='{"x": 3}'),)),
        sq.Completion(content="end"),
    )
    await loop(parent, TOOLS, sq.Settings(), model, execute)
    sent = model.sent[-1]
    ids = [c["id"] for m in sent for c in m.get("tool_calls") or []]
    assert len(ids) == len(set(ids)) == 4
    assert [m["tool_call_id"] for m in sent if m["role"] == "tool"] == ids


def test_tail_renames_repeated_call_ids_in_call_and_result():
    """Open WebUI #28570: ids repeat across rounds; the tail sent to the inner model has none twice."""
    call = {"id": "call_0", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    history = [
        {"role": "user", "content": "q"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_0", "content": "first"},
        {"role": "assistant", "content": "", "tool_calls": [call]},
        {"role": "tool", "tool_call_id": "call_0", "content": "second"},
    ]
    tail = sq.tail_messages(history, 10)
    assert [m.get("tool_call_id") for m in tail if m["role"] == "tool"] == ["call_0", "call_0~2"]
    assert tail[3]["tool_calls"][0]["id"] == "call_0~2" and tail[4]["content"] == "second"
    assert history[3]["tool_calls"][0]["id"] == "call_0"  # input untouched
    assert sq.tail_messages(history, 10) == tail  # deterministic
    assert not pairing_errors(tail)


def test_the_turn_is_built_once_from_the_dunder_arguments_keyword_only_and_typed():
    class V:
        show_status = False

    async def emitter(event): ...

    turn = sq.Turn.from_dunders(
        __user__={"id": "u", "valves": V()}, __metadata__={"model_id": "m", "session_id": "s", "params": {"x": 1}},
        __messages__=[{"role": "user", "content": "q"}], __files__=None, __request__="req",
        __event_emitter__=emitter, __event_call__="not callable", __id__="subquery", __model__={"id": "task"},
    )
    assert (turn.request, turn.tool_id, turn.chat_model_id, turn.params, turn.files) == ("req", "subquery", "m", {"x": 1}, [])
    assert turn.event_emitter is emitter and turn.event_call is None and not turn.direct_tools_ok
    assert turn.show_status is False and sq.Turn.from_dunders(__user__={"valves": {"show_status": True}}).show_status
    empty = sq.Turn.from_dunders(__user__="junk", __metadata__=[1], __messages__="x")
    assert (empty.user, empty.metadata, empty.messages, empty.chat_model_id) == ({}, {}, [], None)
    with pytest.raises(TypeError):
        sq.Turn.from_dunders({"id": "u"})  # keyword-only
    with pytest.raises(TypeError):
        sq.Run(turn, None, "m", sq.Settings(), {}, None)  # keyword-only too
