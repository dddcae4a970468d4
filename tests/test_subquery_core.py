"""Unit and property tests of the Subquery tool's pure core (no Open WebUI server)."""

from __future__ import annotations

import asyncio
import json
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from devkit.scripted_model import pairing_errors
from tests.conftest import load_plugin

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


# --- inline parsing ------------------------------------------------------------------
def test_seed_dialect_with_typed_values_and_leading_text():
    text = (
        "Let me look that up.\n<function=get_time>\n<parameter=zone>\nAsia/Tokyo\n</parameter>\n"
        "<parameter=count>\n3\n</parameter>\n<parameter=ratio>\n0.5\n</parameter>\n"
        "<parameter=exact>\nFalse\n</parameter>\n<parameter=opts>\n{\"a\": [1, 2]}\n</parameter>\n"
        "<parameter=tags>\n['x', 'y']\n</parameter>\n<parameter=maybe>\n7\n</parameter>\n</function>"
    )
    content, calls = sq.parse_inline_calls(text, SPECS, "p")
    assert content == "Let me look that up."
    assert [(c.id, c.name, c.source) for c in calls] == [("p_0", "get_time", "inline")]
    assert json.loads(calls[0].arguments) == {
        "zone": "Asia/Tokyo",
        "count": 3,
        "ratio": 0.5,
        "exact": False,
        "opts": {"a": [1, 2]},
        "tags": ["x", "y"],
        "maybe": 7,
    }


def test_hermes_dialect_coerces_quoted_numbers_and_accepts_string_arguments():
    text = (
        'ok <tool_call>{"name": "get_time", "arguments": {"zone": "UTC", "count": "4"}}</tool_call>\n'
        '<tool_call>{"name": "get_time", "arguments": "{\\"zone\\": \\"CET\\"}"}</tool_call>'
    )
    content, calls = sq.parse_inline_calls(text, SPECS)
    assert content == "ok"
    assert json.loads(calls[0].arguments) == {"zone": "UTC", "count": 4}
    assert json.loads(calls[1].arguments) == {"zone": "CET"}


def test_qwen3_coder_dialect_and_multiple_calls_keep_order():
    text = (
        "<tool_call>\n<function=get_time>\n<parameter=zone>\nUTC\n</parameter>\n</function>\n</tool_call>"
        "<tool_call>\n<function=other>\n<parameter=q>\nmulti\nline\n</parameter>\n</function>\n</tool_call>"
    )
    content, calls = sq.parse_inline_calls(text, SPECS)
    assert content == ""
    assert [c.name for c in calls] == ["get_time", "other"]
    assert json.loads(calls[1].arguments) == {"q": "multi\nline"}


def test_truncated_output_missing_closing_tags_still_parses():
    _, calls = sq.parse_inline_calls("<function=get_time><parameter=zone>UTC", SPECS)
    assert json.loads(calls[0].arguments) == {"zone": "UTC"}
    _, calls = sq.parse_inline_calls('<tool_call>{"name": "get_time", "arguments": {"zone": "X"}}', SPECS)
    assert json.loads(calls[0].arguments) == {"zone": "X"}


def test_broken_hermes_json_becomes_a_call_the_argument_check_reports():
    _, calls = sq.parse_inline_calls('<tool_call>{"name": "get_time", "arguments": {"zone": }</tool_call>', SPECS)
    assert calls[0].name == "get_time"
    tools = {"get_time": sq.ToolInfo("get_time", SPECS["get_time"], frozenset({"zone"}))}
    prepared = sq.prepare_call(calls[0], tools, {}, 3)
    assert prepared.kwargs is None and prepared.answer.startswith("Error: the arguments for `get_time` are not valid JSON")


def test_text_without_calls_is_untouched():
    for text in ("", "plain answer", "talks about <function but no call", "<tool_call>not json, no name</tool_call>"):
        assert sq.parse_inline_calls(text, SPECS) == (text, [])


safe_text = st.text(alphabet=string.ascii_letters + string.digits + " .,:/-_\n", min_size=0, max_size=40)
names = st.from_regex(r"[a-z][a-z0-9_]{0,15}", fullmatch=True)


@given(prefix=safe_text, calls=st.lists(st.tuples(names, st.dictionaries(names, safe_text, max_size=4)), min_size=1, max_size=4))
def test_property_seed_dialect_round_trips_string_values(prefix, calls):
    text = prefix
    for name, args in calls:
        params = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in args.items())
        text += f"<function={name}>\n{params}</function>\n"
    content, parsed = sq.parse_inline_calls(text, {})
    assert content == prefix.strip()
    assert [(c.name, json.loads(c.arguments)) for c in parsed] == [(n, a) for n, a in calls]
    assert len({c.id for c in parsed}) == len(parsed)


# --- coercion and arguments ------------------------------------------------------------
@pytest.mark.parametrize(
    "raw,schema,expected",
    [
        ("42", {"type": "integer"}, 42),
        ("42.0", {"type": "integer"}, 42),
        ("4.2", {"type": "integer"}, "4.2"),
        ("-3", {"type": "number"}, -3),
        ("1e3", {"type": "number"}, 1000.0),
        ("yes", {"type": "boolean"}, True),
        ("OFF", {"type": "boolean"}, False),
        ("maybe", {"type": "boolean"}, "maybe"),
        ('{"a": 1}', {"type": "object"}, {"a": 1}),
        ("{'a': 1}", {"type": "object"}, {"a": 1}),
        ("[1, 2]", {"type": "object"}, "[1, 2]"),
        ("[1, 2]", {"type": "array"}, [1, 2]),
        ("null", {"type": ["integer", "null"]}, None),
        ("5", {"anyOf": [{"type": "integer"}, {"type": "null"}]}, 5),
        ("007", {"type": "string"}, "007"),
        ("7", None, "7"),
        ("2", {"enum": [1, 2, 3]}, 2),
    ],
)
def test_coerce_value(raw, schema, expected):
    assert sq.coerce_value(raw, schema) == expected


def test_decode_arguments_reports_malformed_and_non_object_input():
    assert sq.decode_arguments("f", "") == ({}, None)
    assert sq.decode_arguments("f", "{'a': 1}") == ({"a": 1}, None)  # Python literal, as Open WebUI accepts
    args, error = sq.decode_arguments("f", '{"a": ')
    assert args is None and "not valid JSON" in error and "Send a JSON object" in error
    args, error = sq.decode_arguments("f", "[1, 2]")
    assert args is None and error == "Error: the arguments for `f` must be a JSON object, got list."


@given(st.dictionaries(st.text(min_size=1, max_size=12), st.integers(), max_size=8), st.booleans())
def test_property_names_starting_with_underscore_never_reach_a_tool(args, takes_kwargs):
    accepted = None if takes_kwargs else frozenset(k for k in args)  # even a callable that "accepts" them
    spec = {"parameters": {"properties": {k: {"type": "integer"} for k in args}}}
    kept, dropped = sq.filter_arguments(args, sq.ToolInfo("t", spec, accepted))
    assert not any(k.startswith("_") for k in kept)
    assert set(kept) | set(dropped) == set(args)


def test_filter_arguments_uses_signature_or_spec_properties():
    spec = {"parameters": {"properties": {"a": {}, "b": {}}}}
    assert sq.filter_arguments({"a": 1, "c": 2}, sq.ToolInfo("t", spec, frozenset({"a", "c"}))) == ({"a": 1, "c": 2}, [])
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
    nested = sq.prepare_call(sq.ToolCall("4", "myid_subquery", "{}"), tools, {}, 3)
    assert "cannot be called inside a subquery" in nested.answer
    sig = sq.call_signature("get_time", {"zone": "UTC"})
    repeated = sq.prepare_call(sq.ToolCall("5", "get_time", '{"zone": "UTC"}'), tools, {sig: 3}, 3)
    assert repeated.answer.startswith("Not executed: `get_time` was already called 3 times")
    assert sq.prepare_call(sq.ToolCall("6", "get_time", '{"zone": "UTC"}'), tools, {sig: 3}, 0).kwargs == {"zone": "UTC"}


# --- results ---------------------------------------------------------------------------
def test_serialize_result_matches_open_webui():
    assert sq.serialize_result("text") == "text"
    assert sq.serialize_result({"é": 1}) == '{\n  "é": 1\n}'
    assert sq.serialize_result([1]) == '{\n  "results": [\n    1\n  ]\n}'
    assert sq.serialize_result(({"a": 1}, {"content-type": "application/json"})) == '{\n  "a": 1\n}'
    assert sq.serialize_result(None) == ""


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


@settings(max_examples=300)
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


class FakeModel:
    """Answers from a list of Completions and records what it was sent."""

    def __init__(self, *replies):
        self.replies = list(replies)
        self.sent = []

    async def __call__(self, messages, specs, remaining):
        self.sent.append((json.loads(json.dumps(messages)), specs))
        reply = self.replies[min(len(self.sent) - 1, len(self.replies) - 1)]
        if callable(reply):
            return await reply()
        return reply


async def noop_emit(text, done):
    pass


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

    out = await sq.run_subquery_loop([{"role": "user", "content": "go"}], TOOLS, sq.Settings(), model, execute, noop_emit)
    assert (out.answer, out.rounds, out.tool_calls, out.stopped, out.usage["total_tokens"]) == ("the answer", 2, 2, "answered", 12)
    second = model.sent[1][0]
    assert [(m.get("tool_call_id"), m.get("content")) for m in second if m["role"] == "tool"] == [("id1", "x=2"), ("id2", "x=1")]
    assert not pairing_errors(second)


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
    await sq.run_subquery_loop([], TOOLS, sq.Settings(max_parallel_tools=3), model, execute, noop_emit)
    assert peak == 3


async def test_round_exhaustion_asks_for_a_final_answer_without_tools():
    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(tool_calls=(tc(2, args='{"x": 2}'),)), sq.Completion(content="final"))

    async def execute(call, kwargs, timeout):
        return "r"

    out = await sq.run_subquery_loop([], TOOLS, sq.Settings(max_rounds=2), model, execute, noop_emit)
    assert (out.answer, out.stopped, out.rounds) == ("final", "max_rounds", 2)
    messages, specs = model.sent[-1]
    assert specs is None and "used all 2 tool rounds" in messages[-1]["content"]


async def test_round_exhaustion_with_no_final_text_returns_what_was_gathered():
    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(content=""))

    async def execute(call, kwargs, timeout):
        return "gathered fact"

    out = await sq.run_subquery_loop([], TOOLS, sq.Settings(max_rounds=1), model, execute, noop_emit)
    assert out.stopped == "max_rounds" and "gathered fact" in out.answer and "used all 1 rounds" in out.answer


async def test_deadline_returns_gathered_work():
    now = [0.0]

    def clock():
        return now[0]

    async def execute(call, kwargs, timeout):
        now[0] += 50  # each round of tools takes 50 "seconds"
        return "partial data"

    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(tool_calls=(tc(2, args='{"x": 2}'),)))
    out = await sq.run_subquery_loop([], TOOLS, sq.Settings(total_timeout_seconds=80), model, execute, noop_emit, clock=clock)
    assert out.stopped == "deadline" and out.rounds == 2
    assert out.answer.startswith("[Subquery stopped: the 80 s time limit ran out") and "partial data" in out.answer


async def test_model_call_slower_than_the_deadline_is_cut():
    async def slow():
        await asyncio.sleep(5)

    model = FakeModel(slow)
    out = await sq.run_subquery_loop([], TOOLS, sq.Settings(total_timeout_seconds=0.5), model, None, noop_emit)
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
    out = await sq.run_subquery_loop([], TOOLS, sq.Settings(tool_timeout_seconds=0.1), model, execute, noop_emit)
    results = [m["content"] for m in model.sent[1][0] if m["role"] == "tool"]
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

    out = await sq.run_subquery_loop([], TOOLS, sq.Settings(), FakeModel(sq.Completion(content=inline), sq.Completion(content="end")), execute, noop_emit)
    assert seen == [{"x": 3}] and out.answer == "end"
    out = await sq.run_subquery_loop([], {}, sq.Settings(), FakeModel(sq.Completion(content=inline)), execute, noop_emit)
    assert out.answer == inline and out.rounds == 1


async def test_answer_is_capped_with_a_visible_note():
    model = FakeModel(sq.Completion(content="y" * 5000))
    out = await sq.run_subquery_loop([], TOOLS, sq.Settings(max_output_chars=1000), model, None, noop_emit)
    assert len(out.answer) < 1200 and "answer truncated" in out.answer


async def test_progress_always_ends_done_in_the_adapter_and_is_silenced_by_user_valves():
    events = []

    async def emitter(event):
        events.append(event)

    tools = sq.Tools()
    # No request context: a clear error, and the last status is done.
    answer = await tools.subquery("task", __user__={"id": "u"}, __metadata__={"model_id": "m"}, __event_emitter__=emitter)
    assert answer.startswith("Error: subquery needs to run inside an Open WebUI chat")
    assert events[-1]["data"]["done"] is True
    events.clear()
    await tools.subquery("task", __user__={"id": "u", "valves": tools.UserValves(show_status=False)}, __event_emitter__=emitter)
    assert events == []
    assert (await tools.subquery("  ")).startswith("Error: the subquery prompt is empty")


async def test_depth_marker_blocks_nesting_even_across_module_copies():
    other = load_plugin("tools/subquery.py", "subquery_plugin_copy_under_another_id")
    assert other._depth_var() is sq._depth_var()
    token = sq._depth_var().set(1)
    try:
        assert (await other.Tools().subquery("nested")).startswith("Error: a subquery cannot start another subquery")
    finally:
        sq._depth_var().reset(token)


def test_select_tools_excludes_itself_direct_entries_and_honours_valves():
    def f(): ...

    entries = {
        "subquery": {"tool_id": "whatever", "callable": f, "spec": {"name": "subquery"}},
        "renamed": {"tool_id": "mine", "callable": f, "spec": {"name": "renamed"}},
        "probe_subquery": {"tool_id": "probe", "callable": f, "spec": {"name": "probe_subquery"}},
        "a": {"tool_id": "probe", "callable": f, "spec": {"name": "a"}},
        "b": {"tool_id": "server:time", "callable": f, "spec": {"name": "b"}, "type": "external"},
        "d": {"tool_id": "direct", "direct": True, "spec": {"name": "d"}},
        "broken": {"tool_id": "x", "spec": {"name": "broken"}},
    }
    assert sorted(sq.select_tools(entries, "mine", [], [], False)) == ["a", "b"]
    assert sorted(sq.select_tools(entries, "mine", [], [], True)) == ["a", "b", "d"]
    assert sorted(sq.select_tools(entries, "mine", ["probe"], [], False)) == ["a"]
    assert sorted(sq.select_tools(entries, "mine", [], ["b"], False)) == ["a"]


async def test_status_events_are_throttled_but_done_always_goes_out():
    events = []

    async def emitter(event):
        events.append((event["data"]["description"], event["data"]["done"]))

    emit = sq.Tools._emitter(emitter, True, min_interval=60)
    await emit("round 1", False)
    await emit("round 2", False)  # within the interval: skipped (each status is a database write)
    await emit("finished", True)
    assert events == [("round 1", False), ("finished", True)]

    async def broken(event):
        raise RuntimeError("socket gone")

    await sq.Tools._emitter(broken, True)("x", True)  # progress never breaks the work


async def test_a_sliver_of_time_left_after_tools_counts_as_the_deadline():
    now = [0.0]

    async def execute(call, kwargs, timeout):
        now[0] = 9.9  # the tool batch was cut just short of the 10 s deadline
        return "partial"

    model = FakeModel(sq.Completion(tool_calls=(tc(1),)), sq.Completion(content="never asked"))
    out = await sq.run_subquery_loop([], TOOLS, sq.Settings(total_timeout_seconds=10), model, execute, noop_emit, clock=lambda: now[0])
    assert out.answer.startswith("[Subquery stopped: the 10 s time limit ran out after round 1.")
    assert len(model.sent) == 1
