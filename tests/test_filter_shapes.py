"""Issue 25, Must 7: shapes a strict provider rejects never go out.

* ``arguments`` always goes out as a JSON object string: an object string as it is, a dict
  serialized, nothing (``None``, blank, ``null``) as ``{}``, anything else whole under
  ``_raw_arguments`` (nothing is lost).
* The content of a user, assistant or system message is a string or a non-empty list of content
  parts (``None`` only beside calls); a tool result is text or text parts.
* Images in a tool result go to the user message after the group's results, as Open WebUI's own
  converter puts them (``convert_output_to_messages(..., flatten_tool_images=True)``).
* Roles are read without case.

The validator rejects each shape, the trim repairs each, over hostile generators too.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from devkit.histories import (
    PNG,
    assistant,
    call,
    group,
    image_followup,
    load_filter,
    output_items,
    owui_misc,
    system,
    tool,
    user,
    valid_history,
)

tcf = load_filter()
EST = tcf.TokenCounter()
BIG = 10**9


def trim(messages, budget=BIG):
    snapshot = copy.deepcopy(messages)
    result = tcf.trim_messages(messages, tcf.TrimConfig(budget_tokens=budget), EST)
    assert messages == snapshot
    assert tcf.validate_messages(result.messages) == [] and not result.report.safety_net
    return result


def with_args(args):
    return {"id": "c", "type": "function", "function": {"name": "f", "arguments": args}}


# ---------------------------------------------------------------------------------------------
# arguments
# ---------------------------------------------------------------------------------------------

VALID_ARGS = ["{}", '{"q": "x"}', ' {"a": [1, {"b": null}]}\n', '{"a": "NaN"}']
BROKEN_ARGS = {
    "": "{}",
    "   ": "{}",
    "null": "{}",
    None: "{}",
    '{"q": "abc': '{"_raw_arguments": "{\\"q\\": \\"abc"}',
    "not json": '{"_raw_arguments": "not json"}',
    "[1, 2]": '{"_raw_arguments": "[1, 2]"}',
    '"text"': '{"_raw_arguments": "\\"text\\""}',
    '{"a": NaN}': '{"_raw_arguments": "{\\"a\\": NaN}"}',
    '{"a": 1} {"b": 2}': '{"_raw_arguments": "{\\"a\\": 1} {\\"b\\": 2}"}',
    "\u3000{}": '{"_raw_arguments": "\u3000{}"}',
    7: '{"_raw_arguments": "7"}',
}


@pytest.mark.parametrize("args", VALID_ARGS)
def test_a_json_object_string_goes_out_as_it_is(args):
    h = [user("q"), assistant("", tool_calls=[with_args(args)]), tool("c", "ok")]
    assert tcf.validate_messages(h) == []
    assert trim(h).messages is h


@pytest.mark.parametrize("args", list(BROKEN_ARGS), ids=repr)
def test_arguments_that_are_not_a_json_object_are_rejected_and_repaired(args):
    h = [user("q"), assistant("", tool_calls=[with_args(args)]), tool("c", "ok")]
    assert any("not a JSON object string" in p for p in tcf.validate_messages(h))
    out = trim(h).messages[1]["tool_calls"][0]["function"]["arguments"]
    assert out == BROKEN_ARGS[args] and isinstance(json.loads(out), dict)


def test_arguments_nested_too_deep_to_decode_go_out_whole():
    deep = "[" * 5000 + "]" * 5000
    args = '{"a": ' + deep + "}"
    h = [user("q"), assistant("", tool_calls=[with_args(args)]), tool("c", "ok")]
    out = trim(h).messages[1]["tool_calls"][0]["function"]["arguments"]
    assert json.loads(out) == {"_raw_arguments": args}


# ---------------------------------------------------------------------------------------------
# contents
# ---------------------------------------------------------------------------------------------

IMAGE = {"type": "image_url", "image_url": {"url": PNG}}
EMPTY = tcf.EMPTY_TEXT  # what a repair that would leave a blank text writes (a blank system message goes)
BROKEN_CONTENT = [  # content, as a user message gets it, as a system or assistant message gets it
    (None, EMPTY, EMPTY),
    ({"a": 1}, '{"a": 1}', '{"a": 1}'),
    (42, "42", "42"),
    ([], EMPTY, EMPTY),
    (["loose"], [{"type": "text", "text": "loose"}], "loose"),
    ([{"no": "type"}, IMAGE], [{"type": "text", "text": '{"no": "type"}'}, IMAGE], EMPTY),
    ([{"type": "text"}], [{"type": "text", "text": '{"type": "text"}'}], EMPTY),
    ("  ", EMPTY, EMPTY),
    (["", {"type": "text", "text": " "}, IMAGE], [IMAGE], EMPTY),
]


@pytest.mark.parametrize("role", ["user", "system", "assistant"])
@pytest.mark.parametrize("content, as_user, as_other", BROKEN_CONTENT, ids=repr)
def test_contents_no_provider_takes_are_rejected_and_repaired(role, content, as_user, as_other):
    m = {"role": role, "content": content}
    h = {"user": [m, user("q")], "system": [m, user("q")], "assistant": [user("q"), m, user("next")]}[role]
    assert any("content is blank, or neither text nor content parts" in p for p in tcf.validate_messages(h))
    repaired = as_user if role == "user" else as_other
    if role == "system" and repaired == EMPTY:
        assert trim(h).messages == [user("q")]
    else:
        assert trim(h).messages[h.index(m)] == {"role": role, "content": repaired}


@pytest.mark.parametrize("role", ["system", "assistant"])
def test_only_a_user_message_carries_images(role):
    m = {"role": role, "content": [{"type": "text", "text": "look"}, IMAGE]}
    h = [user("q"), m, user("next")]
    assert tcf.validate_messages(h)
    assert trim(h).messages[1] == {"role": role, "content": "look"}


def test_contents_providers_take_pass_as_they_are():
    h = [
        system([{"type": "text", "text": "s"}]),
        user([{"type": "text", "text": "look"}, IMAGE]),
        assistant(None, tool_calls=[call("a")]),  # OpenAI's own shape beside calls
        tool("a", [{"type": "text", "text": "r"}]),
        assistant([{"type": "text", "text": "done"}]),
        user("next"),
    ]
    assert tcf.validate_messages(h) == []
    assert trim(h).messages is h


def test_an_assistant_left_without_calls_gets_a_string():
    h = [user("q"), assistant(None, tool_calls=[{"id": ""}], reasoning_content="thought"), user("next")]
    out = trim(h).messages
    assert out[1] == {"role": "assistant", "content": EMPTY, "reasoning_content": "thought"}


@pytest.mark.parametrize(
    "content", [None, {"a": 1}, [], [{"type": "input_text", "text": "x"}], [{"type": "text", "text": 5}]]
)
def test_tool_results_that_are_not_text_are_rejected_and_become_text(content):
    h = [user("q"), assistant("", tool_calls=[call("a")]), tool("a", content)]
    assert any("neither a string nor parts" in p for p in tcf.validate_messages(h))
    assert isinstance(trim(h).messages[2]["content"], str)


# ---------------------------------------------------------------------------------------------
# images in tool results, as Open WebUI moves them
# ---------------------------------------------------------------------------------------------

misc = owui_misc()
needs_owui = pytest.mark.skipif(misc is None, reason="open_webui.utils.misc could not be imported")


@needs_owui
@pytest.mark.parametrize("images", [1, 2])
def test_images_in_tool_results_go_where_open_webui_puts_them(images):
    """The unflattened shape (images inside the tool messages) comes out exactly as Open WebUI's
    own converter flattens it for a Chat Completions provider."""
    items = output_items([[("c1", "search", "text one"), ("c2", "fetch", "text two")]], images=images)
    kept = misc.convert_output_to_messages(items, raw=True, flatten_tool_images=False)
    flat = misc.convert_output_to_messages(items, raw=True, flatten_tool_images=True)
    h = [user("q"), *kept, user("next")]
    assert any("neither a string nor parts" in p for p in tcf.validate_messages(h))
    result = trim(h)
    assert result.messages == [user("q"), *flat, user("next")]
    assert result.report.tokens_after == tcf.measure_tokens(
        [user("q"), *flat, user("next")], tcf.TrimConfig(BIG)
    )


def test_images_of_a_result_join_an_image_message_already_there():
    h = [
        user("q"),
        assistant("", tool_calls=[call("a")]),
        tool("a", [{"type": "text", "text": "r"}, {"type": "image_url", "image_url": {"url": "u2"}}]),
        image_followup(1),
        user("next"),
    ]
    out = trim(h).messages
    assert [m["role"] for m in out] == ["user", "assistant", "tool", "user", "user"]
    assert out[2]["content"] == "r" and out[3]["content"] == [*image_followup(1)["content"], {
        "type": "image_url", "image_url": {"url": "u2"}}]  # fmt: skip


def test_moved_images_are_counted_and_dropped_with_their_group():
    h = [user("old"), *group(["a"], [[{"type": "text", "text": "r"}, IMAGE]]), assistant("ok"), user("q")]
    counter = tcf.TokenCounter(image_tokens=5000)
    full = tcf.trim_messages(h, tcf.TrimConfig(budget_tokens=BIG), counter)
    assert full.report.tokens_after > 5000 and tcf.validate_messages(full.messages) == []
    small = tcf.trim_messages(h, tcf.TrimConfig(budget_tokens=3000), counter)
    assert small.report.tokens_after <= 3000 and tcf.validate_messages(small.messages) == []


# ---------------------------------------------------------------------------------------------
# roles without case
# ---------------------------------------------------------------------------------------------


def test_roles_are_read_without_case():
    h = [
        {"role": "SYSTEM", "content": "s"},
        {"role": "User", "content": "q"},
        {"role": "ASSISTANT", "content": "", "tool_calls": [call("a")]},
        {"role": "Tool", "tool_call_id": "a", "content": "r"},
        {"role": "Developer", "content": "d"},
        {"role": "USER", "content": "next"},
    ]
    assert any("is not accepted by every provider" in p for p in tcf.validate_messages(h))
    result = trim(h)
    assert not result.report.no_user_message
    assert [m["role"] for m in result.messages] == ["system", "user", "assistant", "tool", "system", "user"]
    assert result.messages[-1]["content"] == "next"


def test_a_chat_whose_only_user_message_is_upper_case_is_trimmed():
    h = [system("s"), {"role": "USER", "content": "q"}, *group(["a"], ["x" * 40_000])]
    result = trim(h, budget=2_000)
    assert not result.report.no_user_message and result.report.outputs_shrunk == 1
    out = tcf.minimal_request(h)
    assert out is not None and tcf.validate_messages(out) == [] and out[1]["role"] == "user"


# ---------------------------------------------------------------------------------------------
# hostile generators
# ---------------------------------------------------------------------------------------------

_bad_args = st.one_of(st.sampled_from(list(BROKEN_ARGS)), st.integers())
_bad_content = st.sampled_from([c for c, _, _ in BROKEN_CONTENT])
_bad_tool_content = st.sampled_from(
    [
        [{"type": "input_text", "text": "t"}, {"type": "input_image", "image_url": PNG}],
        [{"type": "text", "text": "t"}, IMAGE, IMAGE],
        [IMAGE],
        [{"type": "input_image", "image_url": ""}],
        {"rows": [1]},
        None,
    ]
)


@st.composite
def hostile_shapes(draw):
    """A valid history with shapes of this issue spread over it (each one a shape no strict
    provider takes), and how many were put in."""
    msgs = copy.deepcopy(draw(valid_history()))
    broken, request = 0, tcf._newest_request(msgs)  # its text may be blank: an attachment-only request
    for i, m in enumerate(msgs):
        op = draw(st.integers(0, 5))
        if op == 0:
            msgs[i] = {**m, "role": draw(st.sampled_from([m["role"].upper(), m["role"].title()]))}
        elif op == 1 and m["role"] != "tool" and not m.get("tool_calls"):
            msgs[i] = {**m, "content": draw(_bad_content)}
            if i == request and isinstance(msgs[i]["content"], str):
                continue  # valid there (hypothesis found `[{'role': 'user', 'content': '  '}]` counted as broken)
        elif op == 2 and m["role"] == "tool":
            msgs[i] = {**m, "content": draw(_bad_tool_content)}
        elif op == 3 and m.get("tool_calls"):
            calls = [
                {**c, "function": {**c["function"], "arguments": draw(_bad_args)}} for c in m["tool_calls"]
            ]
            msgs[i] = {**m, "tool_calls": calls}
        else:
            continue
        broken += 1
    return msgs, broken


@given(hostile_shapes(), st.sampled_from([300, 4000, BIG]))
def test_the_trim_repairs_every_shape_and_loses_no_argument(shaped, budget):
    history, _ = shaped
    snapshot = copy.deepcopy(history)
    result = tcf.trim_messages(history, tcf.TrimConfig(budget_tokens=budget), EST)
    assert history == snapshot
    assert not result.report.no_user_message  # "USER" is a user message too
    out = result.messages
    assert tcf.validate_messages(out) == [] and not result.report.safety_net
    sent = {
        c["function"]["arguments"]
        if isinstance(c["function"]["arguments"], str)
        else json.dumps(c["function"]["arguments"])
        for m in history
        for c in m.get("tool_calls") or []
    }
    for m in out:
        for c in m.get("tool_calls") or []:
            args = json.loads(c["function"]["arguments"])
            assert isinstance(args, dict)
            assert "_raw_arguments" not in args or args["_raw_arguments"] in sent  # nothing lost
    again = tcf.trim_messages(out, tcf.TrimConfig(budget_tokens=budget), EST)
    assert again.messages is out  # idempotent: nothing left to repair


@given(hostile_shapes())
def test_the_validator_rejects_every_shape_and_the_minimal_request_has_none(shaped):
    history, broken = shaped
    if broken:
        assert tcf.validate_messages(history)
    out = tcf.minimal_request(history)
    assert out is not None and tcf.validate_messages(out) == []
