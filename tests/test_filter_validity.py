"""Issue 15, Must 4: validity gaps closed (arguments, odd roles, content the validator must reject,
and a fallback that never sends what the validator rejects)."""

from __future__ import annotations

import copy

from hypothesis import given

from devkit.histories import any_history, assistant, call, group, load_filter, system, tool, user

tcf = load_filter()
EST = tcf.TokenCounter()
BIG = 10**9


def trim(messages, budget=BIG, **kw):
    snapshot = copy.deepcopy(messages)
    result = tcf.trim_messages(messages, tcf.TrimConfig(budget_tokens=budget, **kw), EST)
    assert messages == snapshot
    assert tcf.validate_messages(result.messages) == []
    return result


def test_non_string_arguments_always_become_json_strings_even_when_nothing_else_changes():
    # Issue 25: a JSON object string, always; a value that is not an object goes out whole under
    # "_raw_arguments" (it went out as "7" and '[1, "a"]' before).
    raw7, raw_list = '{"_raw_arguments": "7"}', '{"_raw_arguments": "[1, \\"a\\"]"}'
    for args, expected in (({"q": 1}, '{"q": 1}'), (7, raw7), ([1, "a"], raw_list), (None, "{}")):
        c = {"id": "c", "type": "function", "function": {"name": "f", "arguments": args}}
        h = [user("q"), assistant("", tool_calls=[c]), tool("c", "ok")]
        assert tcf.validate_messages(h)  # the validator notices
        r = trim(h)
        assert r.report.changed and r.messages is not h
        assert r.messages[1]["tool_calls"][0]["function"]["arguments"] == expected


def test_unhashable_and_odd_roles_never_crash_the_trim():
    for role in (["user"], {"r": 1}, 3, None, "robot"):
        h = [user("q"), {"role": role, "content": "x"}, *group(["a"], ["r"]), assistant("done")]
        assert tcf.validate_messages(h)  # reported, not raised
        r = trim(h, budget=50)
        assert not r.report.safety_net and r.report.other_repairs >= 1
        assert all(m["role"] in tcf.ROLES_OUT for m in r.messages)


def test_validator_rejects_tool_content_that_is_not_text_or_parts_and_user_tool_calls():
    v = tcf.validate_messages
    for content in (None, {"a": 1}, 42, ["loose string"], [{"no": "type"}]):
        h = [user("q"), assistant("", tool_calls=[call("a")]), tool("a", content)]
        assert any("neither a string nor parts" in p for p in v(h)), content
        r = trim(h)
        assert isinstance(r.messages[2]["content"], str) and r.report.other_repairs == 1
    assert (
        v([user("q"), assistant("", tool_calls=[call("a")]), tool("a", [{"type": "text", "text": "x"}])])
        == []
    )
    bad_user = {**user("q"), "tool_calls": [call("a")]}
    assert any("user message with tool_calls" in p for p in v([bad_user]))
    r = trim([bad_user, assistant("a"), user("next")])
    assert "tool_calls" not in r.messages[0] and r.messages[0]["content"] == "q"


def test_minimal_request_keeps_system_newest_user_and_the_valid_groups_of_the_current_turn():
    broken = {"role": "assistant", "content": "", "tool_calls": [call("z")]}  # unanswered
    h = [
        system("S"),
        user("old"),
        *group(["a"], ["A"]),
        assistant("answer"),
        system("rag"),
        user("now"),
        *group(["b"], ["B"]),
        broken,
        assistant("", tool_calls=[call("c"), call("c")]),  # repeated id
        tool("c", "1"),
        tool("c", "2"),
        *group(["d"], [{"bad": "content"}]),
        *group(["e"], ["E"]),
    ]
    out = tcf.minimal_request(h)
    assert out == [system("S"), system("rag"), user("now"), *group(["b"], ["B"]), *group(["e"], ["E"])]
    assert tcf.validate_messages(out) == []
    assert tcf.minimal_request([system(), assistant("no user")]) is None


@given(any_history)
def test_minimal_request_always_passes_the_validator(history):
    out = tcf.minimal_request(history)
    if out is not None:
        assert tcf.validate_messages(out) == []
        assert any(m.get("role") == "user" for m in out)

