"""Subquery on a real Open WebUI 0.12.4 server, with the scripted model.

Each test scripts an outer turn (the chat model calls `subquery`) and the inner loop
(what the model does inside the subquery), then checks the stored chat and the
requests the model server received.
"""

from __future__ import annotations

import json

import pytest

from devkit.harness import ChatClient
from devkit.scripted_model import Call, Logged, Reply, ScriptedModel

pytestmark = pytest.mark.e2e

MODEL = "scripted-model"
TOOL_IDS = ["subquery", "probe"]


def outer_scenario(key: str, prompt: str, recent: int = 0):
    """The chat model: call subquery once, then answer with the subquery's result verbatim."""

    def scenario(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(calls=(Call("subquery", {"prompt": f"[[{key}/inner]] {prompt}", "include_recent_messages": recent}),))
        tool_results = [m for m in body["messages"] if m.get("role") == "tool"]
        return Reply(content="OUTER FINAL: " + (tool_results[-1]["content"] if tool_results else "(no tool result)"))

    return scenario


def run(client: ChatClient, scripted: ScriptedModel, key: str, inner, *, prompt: str = "do the subtask", recent: int = 0):
    scripted.script(key, outer_scenario(key, prompt, recent))
    scripted.script(f"{key}/inner", inner)
    turn = client.chat(MODEL, f"[[{key}]] please delegate", tool_ids=TOOL_IDS)
    message = client.message(turn)
    return message, scripted.requests_for(f"{key}/inner"), scripted.requests_for(key)


def tool_messages(request: Logged) -> list[dict]:
    return [m for m in request.body["messages"] if m.get("role") == "tool"]


def tool_names(request: Logged) -> list[str]:
    return [t["function"]["name"] for t in request.body.get("tools") or []]


def final_answer(message: dict) -> str:
    return message["content"]


def test_parallel_round_then_inline_call_then_answer(installed: ChatClient, scripted: ScriptedModel, valves):
    # A sync tool runs on the event loop, as in Open WebUI's own loop: the async call made before it overlaps it.
    # After a structured call, `auto` reads no more text calls; `always` does.
    valves(text_tool_calls="always")

    def inner(body: dict, step: int) -> Reply:
        # A realistic model latency (0.4 s): progress lines are throttled to one per 0.3 s.
        if step == 0:  # the async call first: it waits while the blocking sync one holds the event loop
            return Reply(calls=(Call("slow_lookup", {"key": "tokyo"}), Call("sync_compute", {"a": 2, "b": "3"})), delay=0.4)
        if step == 1:
            return Reply(
                content="Now converting.\n<function=convert>\n<parameter=value>\n10\n</parameter>\n"
                "<parameter=unit>\nkm\n</parameter>\n<parameter=precise>\ntrue\n</parameter>\n</function>",
                delay=0.4,
            )
        seen = [m["content"] for m in body["messages"] if m.get("role") == "tool"]
        return Reply(content=f"INNER ANSWER from {len(seen)} results: {' | '.join(seen)}")

    message, inner_requests, outer_requests = run(installed, scripted, "sq-main", inner)

    # The stored outer turn: one subquery call and its output, then the final answer built from it.
    output = message.get("output") or []
    calls = [o for o in output if o.get("type") == "function_call"]
    results = [o for o in output if o.get("type") == "function_call_output"]
    assert [c["name"] for c in calls] == ["subquery"]
    assert results and results[0]["call_id"] == calls[0]["call_id"]
    subquery_output = "".join(p.get("text", "") for p in results[0]["output"])
    assert subquery_output.startswith("INNER ANSWER from 3 results")
    assert final_answer(message) == "OUTER FINAL: " + subquery_output

    # Three inner rounds, non-streaming, the tools without subquery itself, every request valid.
    assert [r.status for r in inner_requests] == [200, 200, 200]
    assert all(r.body.get("stream") is False for r in inner_requests)
    for r in inner_requests:
        names = tool_names(r)
        assert "subquery" not in names and {"sync_compute", "slow_lookup", "convert"} <= set(names)
        assert r.body["model"] == MODEL
        # The outer chat reaches the helper only as the conversation view (reference, not instructions).
        system = [str(m.get("content")) for m in r.body["messages"] if m.get("role") == "system"]
        assert not [s for s in system if "[[sq-main]]" in s and not s.startswith("Earlier in this conversation (for reference only")]

    # Round 2 carries round 1's calls and both results, ids matching, in call order.
    second = inner_requests[1].body["messages"]
    assistant = next(m for m in second if m.get("tool_calls"))
    ids = [tc["id"] for tc in assistant["tool_calls"]]
    assert [m["tool_call_id"] for m in second if m.get("role") == "tool"] == ids
    lookup, compute = (json.loads(m["content"]) for m in second if m.get("role") == "tool")
    assert compute["sum"] == 5 and compute["types"] == ["int", "int"]  # "3" was coerced to the schema's integer
    assert lookup["value"] == "value-of-tokyo"
    # both in flight at once: each started before the other ended (an order of events, not a duration)
    assert max(compute["start"], lookup["start"]) < min(compute["end"], lookup["end"]), (compute, lookup)

    # Round 3 carries the inline call as a structured call with schema-typed arguments.
    third = inner_requests[2].body["messages"]
    inline = [m for m in third if m.get("tool_calls")][-1]
    assert inline["content"] == "Now converting."
    assert json.loads(inline["tool_calls"][0]["function"]["arguments"]) == {"value": 10, "unit": "km", "precise": True}
    assert "10 km = 6.2137 mi (value type int, precise True)" in third[-1]["content"]
    assert third[-1]["tool_call_id"] == inline["tool_calls"][0]["id"]

    # Progress was shown and ended with done.
    statuses = [s for s in message.get("statusHistory") or [] if "Subquery" in (s.get("description") or "")]
    assert statuses[0]["description"].startswith("Subquery started · ")
    assert any("round 1/8 · calling slow_lookup, sync_compute" in s["description"] for s in statuses)
    assert any("round 2/8 · calling convert" in s["description"] for s in statuses)
    assert statuses[-1]["done"] is True and statuses[-1]["description"].startswith("Subquery done · 3 rounds · 3 tool calls")
    assert len(outer_requests) == 2 and all(r.status == 200 for r in outer_requests)


def test_tool_that_raises(installed: ChatClient, scripted: ScriptedModel):
    inner = [Reply(calls=(Call("explode", {"what": "kaboom"}),)), Reply(content="saw the error")]
    message, inner_requests, _ = run(installed, scripted, "sq-raise", inner)
    assert final_answer(message) == "OUTER FINAL: saw the error"
    [result] = tool_messages(inner_requests[1])
    # Worded as Open WebUI's own loop words a tool exception: {"error": str(exception)}.
    assert json.loads(result["content"]) == {"error": "boom: kaboom"}


def test_tool_that_hangs_past_its_timeout(installed: ChatClient, scripted: ScriptedModel, valves):
    valves(tool_timeout_seconds=1.5)
    inner = [Reply(calls=(Call("hang", {"seconds": 60}),)), Reply(content="gave up on hang")]
    message, inner_requests, _ = run(installed, scripted, "sq-hang", inner)
    assert final_answer(message) == "OUTER FINAL: gave up on hang"
    [result] = tool_messages(inner_requests[1])
    assert result["content"] == "Error: `hang` timed out after 1.5 s and was abandoned."
    assert inner_requests[1].started - inner_requests[0].started < 10


def test_unknown_tool(installed: ChatClient, scripted: ScriptedModel):
    inner = [Reply(calls=(Call("teleport", {"to": "mars"}), Call("subquery", {"prompt": "again"}))), Reply(content="ok")]
    message, inner_requests, _ = run(installed, scripted, "sq-unknown", inner)
    assert final_answer(message) == "OUTER FINAL: ok"
    unknown, recursive = tool_messages(inner_requests[1])
    assert unknown["content"].startswith('Error: Tool "teleport" not found. Available tools: ')
    assert "subquery" not in unknown["content"].split("Available tools: ")[1]
    assert recursive["content"] == "Error: `subquery` cannot be called inside a subquery. Use the other tools."


def test_dunder_injection_is_dropped(installed: ChatClient, scripted: ScriptedModel):
    evil = {"note": "hi", "__user__": {"email": "evil@example.com", "role": "admin"}, "_secret": "pwned", "__id__": "x"}
    inner = [Reply(calls=(Call("whoami", evil),)), Reply(content="checked")]
    _, inner_requests, _ = run(installed, scripted, "sq-dunder", inner)
    [result] = tool_messages(inner_requests[1])
    seen = json.loads(result["content"])
    assert seen == {"email": "admin@example.com", "role": "admin", "secret": "untouched", "note": "hi"}


def test_model_that_never_stops_calling_tools(installed: ChatClient, scripted: ScriptedModel, valves):
    valves(max_rounds=3)

    def inner(body: dict, step: int) -> Reply:
        if body.get("tool_choice") == "none":
            return Reply(content=f"FINAL after {step} rounds")
        return Reply(calls=(Call("counter", {"n": step}),))

    message, inner_requests, _ = run(installed, scripted, "sq-runaway", inner)
    assert final_answer(message) == "OUTER FINAL: FINAL after 3 rounds"
    # The last round keeps `tools` (gateways reject tool history without them) and forbids calls.
    assert [(("tools" in r.body), r.body.get("tool_choice")) for r in inner_requests] == [(True, None)] * 3 + [(True, "none")]
    last = inner_requests[-1].body["messages"]
    assert last[-1]["role"] == "user" and "used all 3 tool rounds" in last[-1]["content"]
    statuses = message.get("statusHistory") or []
    assert statuses[-1]["description"].startswith("Subquery done (round limit reached) · 3 rounds · 3 tool calls")


def test_identical_call_loop_is_not_executed_again(installed: ChatClient, scripted: ScriptedModel, valves):
    valves(max_rounds=5)

    def inner(body: dict, step: int) -> Reply:
        if body.get("tool_choice") == "none":
            return Reply(content="stopped looping")
        return Reply(calls=(Call("counter", {"n": 7}),))

    _, inner_requests, _ = run(installed, scripted, "sq-repeat", inner)
    contents = [m["content"] for m in tool_messages(inner_requests[-1])]
    assert contents[:3] == ["counted 7"] * 3  # REPEAT_CALL_LIMIT
    assert all(c.startswith("Not executed: `counter` was already called 3 times") for c in contents[3:]) and len(contents) == 5


def test_upstream_error_becomes_a_clear_message(installed: ChatClient, scripted: ScriptedModel):
    inner = [Reply(status=503, error="backend overloaded")]
    message, _, _ = run(installed, scripted, "sq-upstream", inner)
    assert final_answer(message).startswith("OUTER FINAL: Subquery failed: the model provider answered HTTP 503")
    assert "backend overloaded" in final_answer(message)
    assert "Traceback" not in final_answer(message)


def test_recent_messages_travel_as_whole_groups(installed: ChatClient, scripted: ScriptedModel):
    """Turn 1 leaves a tool group in the history; turn 2's subquery takes the last 2 messages."""
    scripted.script("sq-hist", [Reply(calls=(Call("counter", {"n": 1}),)), Reply(content="turn one done")])
    first = installed.chat(MODEL, "[[sq-hist]] first turn", tool_ids=TOOL_IDS)
    scripted.script("sq-hist2", outer_scenario("sq-hist2", "use the history", recent=3))
    scripted.script("sq-hist2/inner", [Reply(content="inner saw history")])
    second = installed.chat(MODEL, "[[sq-hist2]] second turn", tool_ids=TOOL_IDS, previous=first)
    assert installed.message(second)["content"] == "OUTER FINAL: inner saw history"
    [inner] = scripted.requests_for("sq-hist2/inner")
    roles = [m["role"] for m in inner.body["messages"]]
    # The last 3 messages were [tool, assistant, user]: widened to the whole first turn, no system copied.
    assert roles == ["user", "assistant", "tool", "assistant", "user", "user"]
    assert inner.body["messages"][2]["tool_call_id"] == inner.body["messages"][1]["tool_calls"][0]["id"]


def test_valve_model_id_runs_the_subquery_on_a_cheaper_model(installed: ChatClient, scripted: ScriptedModel, valves):
    valves(model_id="scripted-cheap-model")
    message, inner_requests, outer_requests = run(installed, scripted, "sq-cheap", [Reply(content="cheap answer")])
    assert final_answer(message) == "OUTER FINAL: cheap answer"
    assert [r.body["model"] for r in inner_requests] == ["scripted-cheap-model"]
    assert {r.body["model"] for r in outer_requests} == {MODEL}


def test_no_other_tools_means_no_tools_key(installed: ChatClient, scripted: ScriptedModel):
    scripted.script("sq-notools", outer_scenario("sq-notools", "just think"))
    scripted.script("sq-notools/inner", [Reply(content="<function=x><parameter=a>1</parameter></function> plain")])
    turn = installed.chat(MODEL, "[[sq-notools]] go", tool_ids=["subquery"])
    [inner] = scripted.requests_for("sq-notools/inner")
    assert "tools" not in inner.body  # never `tools: []` (vLLM rejects it)
    # With no tools, text that looks like a call is just text.
    assert installed.message(turn)["content"] == "OUTER FINAL: <function=x><parameter=a>1</parameter></function> plain"


def test_total_deadline_returns_what_was_gathered(installed: ChatClient, scripted: ScriptedModel, valves):
    valves(total_timeout_seconds=3, tool_timeout_seconds=60)
    inner = [Reply(calls=(Call("counter", {"n": 1}),)), Reply(calls=(Call("hang", {"seconds": 60}),)), Reply(content="never")]
    message, inner_requests, _ = run(installed, scripted, "sq-deadline", inner)
    answer = final_answer(message)  # the 60 s hang was cut at the 3 s limit: its result never came
    assert answer.startswith("OUTER FINAL: [Subquery stopped: the 3 s time limit ran out after round 2.")
    assert "counter → counted 1" in answer and "hang → Error: `hang` timed out after" in answer
    assert len(inner_requests) == 2
    assert (message.get("statusHistory") or [])[-1]["description"].startswith("Subquery stopped at the time limit · 2 rounds")


# The previous version (before the valves were cut to 12): its file from git, and its 19 valves as an admin set them.
PREVIOUS_VERSION = "f67bad6"
PREVIOUS_VALVES = {
    "model_id": MODEL, "max_rounds": 1, "max_parallel_tools": 6, "max_calls_per_round": 24, "tool_timeout_seconds": 45.0,
    "total_timeout_seconds": 240.0, "repeat_call_limit": 2, "max_result_chars": 12_000, "max_output_chars": 9_000,
    "max_reply_chars": 50_000, "run_request_filters": False, "text_tool_calls": "always",
    "sync_tools_in_threads": "probe", "max_parallel_subqueries": 3, "conversation_view_tokens": 800,
    "max_subquery_tokens": 40_000, "max_tool_threads": 4, "include_tool_ids": "", "exclude_tool_ids": "delete_all_notes",
}


def test_valves_saved_by_the_previous_version_survive_the_update_and_the_dropped_ones_are_ignored(
    installed: ChatClient, scripted: ScriptedModel, tmp_path
):
    import subprocess

    from devkit.harness import ROOT

    old = subprocess.run(["git", "show", f"{PREVIOUS_VERSION}:tools/subquery.py"], cwd=ROOT, capture_output=True, text=True)
    if old.returncode != 0:
        pytest.skip(f"the previous version is not in this clone's history: {old.stderr.strip()}")
    (tmp_path / "subquery.py").write_text(old.stdout)
    tool = "subquery_upgrade"
    assert installed.install_tool(tool, tmp_path / "subquery.py") == "created"
    try:
        installed.set_tool_valves(tool, PREVIOUS_VALVES)  # the old file's Valves accept all 19
        assert installed.request("GET", f"/api/v1/tools/id/{tool}/valves") == PREVIOUS_VALVES
        assert installed.install_tool(tool, ROOT / "tools" / "subquery.py") == "updated"  # Open WebUI checks them
        key = "sq-upgrade"
        scripted.script(key, outer_scenario(key, "count once"))
        scripted.script(f"{key}/inner", [Reply(calls=(Call("counter", {"n": 3}),)), Reply(content="counted after the update")])
        turn = installed.chat(MODEL, f"[[{key}]] please delegate", tool_ids=[tool, "probe"])
        assert final_answer(installed.message(turn)) == "OUTER FINAL: counted after the update"
        inner = scripted.requests_for(f"{key}/inner")
        assert tool_messages(inner[1])[0]["content"] == "counted 3"
        # a kept valve is read from what the previous version stored: max_rounds 1, so round 2 is the answer round
        assert inner[1].body.get("tool_choice") == "none" and "used all 1 tool rounds" in inner[1].body["messages"][-1]["content"]
    finally:
        installed.request("DELETE", f"/api/v1/tools/id/{tool}/delete")
