"""Subquery behaves like Open WebUI's own tool loop (issue 7), on a real Open WebUI 0.12.4 server.

Only the language model is scripted. Each test drives an outer turn whose model calls `subquery`,
scripts the inner loop, and checks what the real server stored and what the model server received.
"""

from __future__ import annotations

import json
import time

import pytest

from devkit.harness import ROOT, ChatClient
from devkit.scripted_model import Call, Reply, ScriptedModel
from tests.e2e.probe_tool import PIXEL_PNG
from tests.e2e.test_subquery_e2e import MODEL, TOOL_IDS, final_answer, outer_scenario, run, tool_messages

pytestmark = pytest.mark.e2e


def wait_done(client: ChatClient, chat_id: str, message_id: str, timeout: float = 90) -> dict:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = client.get_chat(chat_id)["chat"]["history"]["messages"][message_id]
        if message.get("done") and final_answer(message):
            return message
        time.sleep(0.3)
    raise AssertionError(f"message {message_id} did not finish: {message}")


# --- 1: approval ---------------------------------------------------------------------------------
def test_approval_outer_call_approved_through_open_webui_inner_call_refused_without_a_session(
    installed: ChatClient, scripted: ScriptedModel
):
    key = "sq-approve"
    config = installed.request("GET", "/api/v1/chats/config")
    installed.request("POST", "/api/v1/chats/config", {**config, "ENABLE_TOOL_PERMISSIONS": True})
    try:
        scripted.script(key, outer_scenario(key, "count once"))
        scripted.script(f"{key}/inner", [Reply(calls=(Call("counter", {"n": 41}),)), Reply(content="inner done")])
        turn = installed.chat(MODEL, f"[[{key}]] go", tool_ids=TOOL_IDS, extra={"params": {"tool_approval_mode": "ask"}})
        message = installed.message(turn)
        pending = [o for o in message.get("output") or [] if o.get("type") == "function_call" and o.get("status") == "pending"]
        assert [p["name"] for p in pending] == ["subquery"], message.get("output")
        assert scripted.requests_for(f"{key}/inner") == []  # nothing ran before the user's yes

        # The user approves the outer call through Open WebUI's own resolve route.
        path = f"/api/v1/chats/{turn.chat_id}/messages/{turn.assistant_id}/resolve"
        installed.request("POST", path, {"call_id": pending[0]["call_id"], "action": "approve"}, timeout=120)
        message = wait_done(installed, turn.chat_id, turn.assistant_id)
    finally:
        installed.request("POST", "/api/v1/chats/config", config)
    inner = scripted.requests_for(f"{key}/inner")
    assert len(inner) == 2
    [result] = tool_messages(inner[1])
    assert result["content"] == "Error: tool call was not approved."  # no browser session to ask: refused
    assert "counted 41" not in json.dumps(message)
    assert final_answer(message) == "OUTER FINAL: inner done"


# --- 2: bounds inside a round -----------------------------------------------------------------------
def test_sixteen_identical_calls_run_at_most_repeat_call_limit_times(installed: ChatClient, scripted: ScriptedModel):
    inner = [Reply(calls=tuple(Call("counter", {"n": 7}) for _ in range(16))), Reply(content="counted")]
    _, inner_requests, _ = run(installed, scripted, "sq-twenty", inner)
    contents = [m["content"] for m in tool_messages(inner_requests[1])]
    assert len(contents) == 16
    assert contents[:3] == ["counted 7"] * 3
    assert all(c.startswith("Not executed: `counter` was already called 3 times") for c in contents[3:])


def test_slot_waits_count_against_the_total_deadline(installed: ChatClient, scripted: ScriptedModel, valves):
    valves(max_parallel_tools=3, total_timeout_seconds=1.5)
    inner = [Reply(calls=tuple(Call("slow_lookup", {"key": f"k{i}"}) for i in range(9))), Reply(content="never")]
    message, inner_requests, outer_requests = run(installed, scripted, "sq-slots", inner)
    assert len(inner_requests) == 1
    answer = final_answer(message)
    assert "[Subquery stopped: the 1.5 s time limit ran out" in answer
    # the first calls ran; the ones still waiting for a slot at the deadline never started (not timed)
    assert "value-of-k0" in answer and "was not started: no free slot" in answer


# --- 3: what tools show the user -----------------------------------------------------------------------
def test_an_inline_embed_from_an_inner_tool_is_stored_on_the_chat_message(installed: ChatClient, scripted: ScriptedModel):
    inner = [Reply(calls=(Call("chart", {"title": "sales"}),)), Reply(content="drew it")]
    message, inner_requests, _ = run(installed, scripted, "sq-embed", inner)
    assert final_answer(message) == "OUTER FINAL: drew it"
    assert "<div id='probe-chart'>CHART sales</div>" in (message.get("embeds") or [])
    [result] = tool_messages(inner_requests[1])
    assert "Embedded UI result is active and visible to the user" in result["content"]


def test_an_image_result_reaches_the_inner_model_as_an_image_part(installed: ChatClient, scripted: ScriptedModel):
    inner = [Reply(calls=(Call("tiny_image", {"color": "red"}),)), Reply(content="saw a red pixel")]
    message, inner_requests, _ = run(installed, scripted, "sq-image", inner)
    assert final_answer(message) == "OUTER FINAL: saw a red pixel"
    messages = inner_requests[1].body["messages"]
    [result] = tool_messages(inner_requests[1])
    assert result["content"] == "tiny_image: Image file read successfully."  # Open WebUI's own wording
    after = messages[messages.index(result) + 1]
    assert after["role"] == "user"
    images = [p["image_url"]["url"] for p in after["content"] if p.get("type") == "image_url"]
    # Open WebUI stores the image and turns the file URL back into a data URI, as its own loop does: a
    # provider cannot fetch /api/v1/files/<id>/content
    assert images == [PIXEL_PNG], images
    assert "iVBORw0KGgo" not in json.dumps(message.get("content"))  # the data URI never lands in the chat text


# --- 4: reasoning -----------------------------------------------------------------------------------------
def test_a_call_inside_think_never_runs_and_the_answer_after_it_is_returned(installed: ChatClient, scripted: ScriptedModel):
    content = '<think>I could call <tool_call>{"name": "counter", "arguments": {"n": 5}}</tool_call></think>\nSeven.'
    message, inner_requests, _ = run(installed, scripted, "sq-think", [Reply(content=content)])
    assert len(inner_requests) == 1
    assert final_answer(message) == "OUTER FINAL: Seven."


def test_reasoning_goes_back_only_where_open_webui_sends_it(installed: ChatClient, scripted: ScriptedModel):
    """An OpenAI-type connection gets no reasoning back (Open WebUI's `get_reasoning_format`: the safe
    default for strict providers), in the native loop and in the subquery alike; Ollama and llama.cpp
    get theirs (tests/test_subquery_owui_rules.py runs that rule on Open WebUI's own modules)."""
    inner = [Reply(reasoning_content="plan: count to 3", calls=(Call("counter", {"n": 3}),)), Reply(content="done")]
    _, inner_requests, _ = run(installed, scripted, "sq-reason", inner)
    assistant = next(m for m in inner_requests[1].body["messages"] if m.get("tool_calls"))
    assert "reasoning_content" not in assistant and "thinking" not in assistant
    key = "sq-reason-native"  # the native loop, same model, same reply
    scripted.script(key, inner)
    installed.chat(MODEL, f"[[{key}]] go", tool_ids=TOOL_IDS)
    native = next(m for m in scripted.requests_for(key)[1].body["messages"] if m.get("tool_calls"))
    assert "reasoning_content" not in native and "thinking" not in native


# --- 6: valid replay -----------------------------------------------------------------------------------------
def test_empty_arguments_are_replayed_as_an_empty_object(installed: ChatClient, scripted: ScriptedModel):
    inner = [Reply(calls=(Call("hang", ""), Call("counter", '{"n": '))), Reply(content="replayed")]
    message, inner_requests, _ = run(installed, scripted, "sq-replay", inner)
    assert final_answer(message) == "OUTER FINAL: replayed"
    assistant = next(m for m in inner_requests[1].body["messages"] if m.get("tool_calls"))
    assert [c["function"]["arguments"] for c in assistant["tool_calls"]] == ["{}", "{}"]
    hang, counter = tool_messages(inner_requests[1])
    assert "not valid JSON" in counter["content"] and '{"n": ' in counter["content"]


# --- 7: filters -------------------------------------------------------------------------------------------------
@pytest.fixture
def probe_filter(installed: ChatClient, tmp_path):
    log_path = tmp_path / "requests.jsonl"
    installed.install_filter("sq_probe_filter", ROOT / "tests" / "e2e" / "probe_filter.py")
    installed.set_function_valves("sq_probe_filter", {"log_path": str(log_path), "priority": 0})
    yield log_path
    installed.ensure_function_flags("sq_probe_filter", active=False, is_global=False)


def test_request_filters_see_every_inner_call(installed: ChatClient, scripted: ScriptedModel, probe_filter):
    inner = [Reply(calls=(Call("counter", {"n": 1}),)), Reply(calls=(Call("counter", {"n": 2}),)), Reply(content="three")]
    run(installed, scripted, "sq-filter", inner)
    seen = [json.loads(line) for line in probe_filter.read_text().splitlines()]
    inner_seen = [s for s in seen if "[[sq-filter/inner]]" in s["last_user"]]
    # every inner round, with its growing history (the conversation view's system message first)
    assert [s["n"] for s in inner_seen] == [2, 4, 6]
    assert all("counter" in s["tools"] and s["chat_id"] for s in inner_seen)


def test_this_projects_filter_trims_a_big_inner_result(installed: ChatClient, scripted: ScriptedModel):
    fid = "sq_tool_context_filter"
    installed.install_filter(fid, ROOT / "filters" / "tool_context_filter.py")
    installed.set_function_valves(fid, {"max_context_tokens": 6000, "reserve_tokens": 1000, "recent_tool_output_max_tokens": 1500})
    try:
        inner = [Reply(calls=(Call("big_table", {"rows": 4000}),)), Reply(content="summarised")]
        message, inner_requests, _ = run(installed, scripted, "sq-trim", inner)
    finally:
        installed.ensure_function_flags(fid, active=False, is_global=False)
    assert final_answer(message) == "OUTER FINAL: summarised"
    [result] = tool_messages(inner_requests[1])
    # Subquery caps the result at max_result_chars (20,000); the filter's request hook shrinks it further.
    assert "[shrunk by tool_context_filter:" in result["content"]
    assert len(result["content"]) < 20_000 // 2, len(result["content"])
    assert "row 0: id=ID-00000" in result["content"]


# --- 10: final synthesis ---------------------------------------------------------------------------------------
def test_the_last_round_keeps_tools_with_tool_choice_none(installed: ChatClient, scripted: ScriptedModel, valves):
    valves(max_rounds=2)

    def inner(body: dict, step: int) -> Reply:
        if body.get("tool_choice") == "none":
            return Reply(content="FINAL from the synthesis round", calls=(Call("counter", {"n": 99}),))
        return Reply(calls=(Call("counter", {"n": step}),))

    message, inner_requests, _ = run(installed, scripted, "sq-final", inner)
    assert final_answer(message) == "OUTER FINAL: FINAL from the synthesis round"
    assert [r.body.get("tool_choice") for r in inner_requests] == [None, None, "none"]
    assert all("tools" in r.body for r in inner_requests) and all(r.status == 200 for r in inner_requests)
    assert "counted 99" not in json.dumps(message)


# --- 11: turn parameters ------------------------------------------------------------------------------------------
def test_the_turns_chat_parameters_reach_the_inner_calls(installed: ChatClient, scripted: ScriptedModel):
    key = "sq-params"
    scripted.script(key, outer_scenario(key, "p"))
    scripted.script(f"{key}/inner", [Reply(content="ok")])
    params = {"temperature": 0.25, "top_p": 0.5, "max_tokens": 321, "seed": 9, "stop": ["STOP"]}
    installed.chat(MODEL, f"[[{key}]] go", tool_ids=TOOL_IDS, extra={"params": params})
    [inner] = scripted.requests_for(f"{key}/inner")
    assert {k: inner.body.get(k) for k in params} == params


# --- 5: more than 128 tools without Tool Search -----------------------------------------------------------------------
MANY_TOOLS = "\n".join(
    ['"""', "title: Many tools", "version: 0.1.0", '"""', "", "", "class Tools:"]
    + [f"    def op_{i:03d}(self, n: int = 0) -> str:\n        \"\"\"Operation {i}.\"\"\"\n        return 'op {i} ran'\n"
       for i in range(140)]
)


def test_over_128_tools_the_named_ones_stay_and_the_left_out_ones_are_named(installed: ChatClient, scripted: ScriptedModel):
    key = "sq-many"
    installed.install_tool_source("sq_many", MANY_TOOLS)
    scripted.script(key, outer_scenario(key, "use op_139 once"))
    scripted.script(f"{key}/inner", [Reply(calls=(Call("op_139", {"n": 1}),)), Reply(content="op 139 done")])
    turn = installed.chat(MODEL, f"[[{key}]] go", tool_ids=[*TOOL_IDS, "sq_many"])
    message = installed.message(turn)
    inner = scripted.requests_for(f"{key}/inner")
    assert len(scripted.requests_for(key)[0].body["tools"]) > 128  # the outer request, as Open WebUI sends it
    names = [t["function"]["name"] for t in inner[0].body["tools"]]
    assert len(names) == 128 and "op_139" in names  # named in the prompt: kept
    assert "subquery" not in names and "subqueries" not in names
    assert tool_messages(inner[1])[0]["content"] == "op 139 ran"
    assert final_answer(message) == "OUTER FINAL: op 139 done"
    statuses = [s.get("description") or "" for s in message.get("statusHistory") or []]
    [start] = [s for s in statuses if s.startswith("Subquery started")]
    all_names = [t["function"]["name"] for t in scripted.requests_for(key)[0].body["tools"] if t["function"]["name"] not in ("subquery", "subqueries")]
    left_out = [n for n in all_names if n not in names]
    assert f"{len(left_out)} left out (at most 128 per request): {left_out[0]}" in start, start


# --- 5: Tool Search -------------------------------------------------------------------------------------------------
def test_tool_search_deferred_tools_stay_deferred_and_call_tool_works_inside(installed: ChatClient, scripted: ScriptedModel):
    key = "sq-toolsearch"
    config = installed.request("GET", "/api/v1/chats/config")
    installed.request(
        "POST", "/api/v1/chats/config",
        {**config, "ENABLE_TOOL_SEARCH": True, "TOOL_SEARCH_DEFER_THRESHOLD": 0, "TOOL_SEARCH_ALWAYS_LOADED": ["subquery"]},
    )
    try:
        inner = [
            Reply(calls=(Call("search_tools", {"query": "counter"}), Call("call_tool", {"tool_name": "counter", "params": '{"n": 3}'}))),
            Reply(content="found and counted"),
        ]
        message, inner_requests, outer_requests = run(installed, scripted, key, inner)
    finally:
        installed.request("POST", "/api/v1/chats/config", config)
    assert final_answer(message) == "OUTER FINAL: found and counted"
    assert {t["function"]["name"] for t in outer_requests[0].body["tools"]} == {"subquery", "search_tools", "call_tool"}
    first = inner_requests[0].body
    assert {t["function"]["name"] for t in first["tools"]} == {"search_tools", "call_tool"}  # deferred stay deferred
    manifest = next(m["content"] for m in first["messages"] if m["role"] == "system")
    assert "<available_tools>" in manifest and "<name>counter</name>" in manifest and "<name>subquery</name>" not in manifest
    found, counted = tool_messages(inner_requests[1])
    assert "counter" in [t["name"] for t in json.loads(found["content"])["tools"]]
    assert counted["content"] == "counted 3"
    assistant = next(m for m in inner_requests[1].body["messages"] if m.get("tool_calls"))
    assert [c["function"]["name"] for c in assistant["tool_calls"]] == ["search_tools", "call_tool"]  # replayed as sent
