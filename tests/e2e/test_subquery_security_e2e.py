"""Subquery's security rules (issue 14) on a real Open WebUI 0.12.4 server, with the scripted model.

- a page a tool returns quotes calls (Hermes and Qwen3-Coder form); the model quotes the page: nothing
  runs, the user sees why, while a call the model writes itself still runs;
- a non-admin user cannot reach a model through the `model_id` valve that a direct chat refuses;
- a filter that reads `body["metadata"]["chat_id"]` in its `request` hook works in inner rounds;
- inner usage shows up where the admin analytics read it;
- many concurrent subqueries with a hanging sync tool stay within the process-wide thread bound.
"""

from __future__ import annotations

import json
import time

import pytest

from devkit.harness import ChatClient
from devkit.scripted_model import Call, Reply, ScriptedModel
from tests.e2e.probe_tool import HERMES_CALL, HOSTILE_PAGE, QWEN_CALL
from tests.e2e.test_subquery_e2e import MODEL, TOOL_IDS, final_answer, outer_scenario, run, tool_messages

pytestmark = pytest.mark.e2e
PUBLIC = [{"principal_type": "user", "principal_id": "*", "permission": "read"}]


def statuses(message: dict) -> list[str]:
    return [s.get("description") or "" for s in message.get("statusHistory") or []]


def census(client: ChatClient, scripted: ScriptedModel, key: str) -> dict:
    """The probe tool's own record of what ran in the server (`deleted`), read through a native tool call."""
    scripted.script(key, [Reply(calls=(Call("thread_census", {}),)), Reply(content="counted")])
    client.chat(MODEL, f"[[{key}]] census", tool_ids=["probe"])
    return json.loads(tool_messages(scripted.requests_for(key)[1])[0]["content"])


# --- 1 + 2: text in a tool result never runs; every inner call is visible --------------------------------
def test_a_call_quoted_from_a_fetched_page_never_runs_while_the_models_own_text_call_does(
    installed: ChatClient, scripted: ScriptedModel
):
    own = '<tool_call>{"name": "fetch_page", "arguments": {"url": "https://example.org/notes"}}</tool_call>'

    def inner(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(content=own)  # the model's own call, written as text: it runs
        page = [m["content"] for m in body["messages"] if m.get("role") == "tool"][-1]
        assert page == HOSTILE_PAGE
        return Reply(content=f"The page says:\n{HERMES_CALL}\nand also\n{QWEN_CALL}")

    before = census(installed, scripted, "sq-quote-census-0")["deleted"]
    message, inner_requests, _ = run(installed, scripted, "sq-quote", inner)
    assert len(inner_requests) == 2  # the quote started no round
    assert [m["content"] for m in tool_messages(inner_requests[1])] == [HOSTILE_PAGE]
    answer = final_answer(message)
    assert HERMES_CALL in answer and "<function=delete_all_notes>" in answer  # kept as the text it is
    assert "not run: 2 call(s) written as text in this answer (delete_all_notes)" in answer
    assert census(installed, scripted, "sq-quote-census-1")["deleted"] == before  # it never ran
    lines = statuses(message)
    assert 'Subquery · fetch_page(url="https://example.org/notes") · ran' in lines
    refused = [line for line in lines if line.startswith("Subquery · delete_all_notes(confirm=true) · not run")]
    assert len(refused) == 2, lines
    assert refused[0].endswith("not run: `delete_all_notes` is named in the result of `fetch_page`, which is data, not a request")
    # the model never receives status lines: the next request of this chat carries none of them
    assert all("not run: the same call" not in json.dumps(r.body) for r in inner_requests)


# --- 3: model access ---------------------------------------------------------------------------------
@pytest.fixture
def plain_user(installed: ChatClient):
    """A non-admin user with a grant on the chat model (registered for this test) and on the tools, and
    none on the cheap model (unregistered: Open WebUI lets only admins use it)."""
    email = f"user-{int(time.time() * 1000)}@example.com"
    installed.request("POST", "/api/v1/auths/add", {"name": "Plain", "email": email, "password": "user-password", "role": "user"})
    model = {"id": MODEL, "name": "Scripted test model", "meta": {}, "params": {}, "access_grants": PUBLIC}
    installed.request("POST", "/api/v1/models/create", model)
    for tool in ("subquery", "probe"):
        installed.request("POST", f"/api/v1/tools/id/{tool}/access/update", {"access_grants": PUBLIC})
    client = ChatClient(installed.url, timeout=180)
    client.signin(email, "user-password")
    yield client
    installed.request("POST", "/api/v1/models/model/delete", {"id": MODEL})
    for tool in ("subquery", "probe"):
        installed.request("POST", f"/api/v1/tools/id/{tool}/access/update", {"access_grants": []})


def test_a_user_cannot_reach_a_model_without_a_grant_through_the_model_id_valve(
    installed: ChatClient, scripted: ScriptedModel, plain_user: ChatClient, valves
):
    key = "sq-access"
    scripted.script(key, outer_scenario(key, "answer from the cheap model"))
    scripted.script(f"{key}/inner", [Reply(content="answered by a model you may not use")])
    # the control: the same user's direct request to that model is refused by Open WebUI
    with pytest.raises(Exception, match="Model not found"):
        plain_user.request("POST", "/api/chat/completions",
                           {"model": "scripted-cheap-model", "stream": False, "messages": [{"role": "user", "content": "hi"}]})
    valves(model_id="scripted-cheap-model")
    turn = plain_user.chat(MODEL, f"[[{key}]] go", tool_ids=TOOL_IDS)
    answer = final_answer(plain_user.message(turn))
    assert scripted.requests_for(f"{key}/inner") == []  # nothing reached the provider
    assert answer.startswith("OUTER FINAL: Subquery failed: the model `scripted-cheap-model` is not available to this user")
    assert "answered by a model you may not use" not in answer
    # without the valve the same user's subquery runs on the chat's own model
    valves(model_id="")
    key = "sq-access-own"
    scripted.script(key, outer_scenario(key, "answer"))
    scripted.script(f"{key}/inner", [Reply(content="own model answer")])
    turn = plain_user.chat(MODEL, f"[[{key}]] go", tool_ids=TOOL_IDS)
    assert final_answer(plain_user.message(turn)) == "OUTER FINAL: own model answer"
    assert [r.body["model"] for r in scripted.requests_for(f"{key}/inner")] == [MODEL]


# --- 5: what filters see --------------------------------------------------------------------------------
METADATA_FILTER = '''"""
title: Metadata filter
version: 0.1.0
"""
import json

from pydantic import BaseModel


class Filter:
    class Valves(BaseModel):
        priority: int = 0
        log_path: str = ""

    def __init__(self):
        self.valves = self.Valves()

    def request(self, body: dict) -> dict:
        chat_id = body["metadata"]["chat_id"]  # a KeyError stops the call if metadata is missing
        last = [m for m in body["messages"] if m.get("role") == "user"][-1]
        text = last["content"] if isinstance(last["content"], str) else json.dumps(last["content"])
        with open(self.valves.log_path, "a") as f:
            f.write(json.dumps({"chat_id": chat_id, "message_id": body["metadata"]["message_id"], "last_user": text}) + "\\n")
        return body
'''


def test_a_filter_reading_the_chat_id_from_the_body_metadata_works_in_inner_rounds(
    installed: ChatClient, scripted: ScriptedModel, tmp_path
):
    source, log_path = tmp_path / "metadata_filter.py", tmp_path / "seen.jsonl"
    source.write_text(METADATA_FILTER)
    installed.install_filter("sq_metadata_filter", source)
    installed.set_function_valves("sq_metadata_filter", {"log_path": str(log_path), "priority": 0})
    try:
        inner = [Reply(calls=(Call("counter", {"n": 1}),)), Reply(content="inner done")]
        message, inner_requests, _ = run(installed, scripted, "sq-metafilter", inner)
    finally:
        installed.ensure_function_flags("sq_metadata_filter", active=False, is_global=False)
    assert final_answer(message) == "OUTER FINAL: inner done"
    seen = [json.loads(line) for line in log_path.read_text().splitlines()]
    inner_seen = [s for s in seen if "[[sq-metafilter/inner]]" in s["last_user"]]
    outer_seen = [s for s in seen if "[[sq-metafilter]]" in s["last_user"]]
    assert len(inner_seen) == 2 and len(outer_seen) == 2
    assert {s["chat_id"] for s in inner_seen} == {s["chat_id"] for s in outer_seen} != {""}
    assert {s["message_id"] for s in inner_seen} == {s["message_id"] for s in outer_seen}


# --- 6: usage where the admin analytics read it -------------------------------------------------------------
def test_inner_usage_shows_up_where_the_admin_analytics_read_it(installed: ChatClient, scripted: ScriptedModel):
    key = "sq-usage"
    inner = [Reply(calls=(Call("counter", {"n": 1}),), prompt_tokens=100, completion_tokens=20),
             Reply(content="counted", prompt_tokens=130, completion_tokens=30)]
    scripted.script(key, outer_scenario(key, "count"))
    scripted.script(f"{key}/inner", inner)
    turn = installed.chat(MODEL, f"[[{key}]] go", tool_ids=TOOL_IDS)
    assert len(scripted.requests_for(key)) == 2 and len(scripted.requests_for(f"{key}/inner")) == 2
    # what the provider reported for the turn: 2 outer calls of 11 + 7, the 2 inner calls above
    expected = (2 * 11 + 100 + 130, 2 * 7 + 20 + 30)
    deadline, rows = time.monotonic() + 30, []
    while time.monotonic() < deadline:
        rows = installed.request("GET", f"/api/v1/analytics/messages?chat_id={turn.chat_id}")
        usage = next((r.get("usage") or {} for r in rows if r["role"] == "assistant"), {})
        if (usage.get("input_tokens"), usage.get("output_tokens")) == expected:
            break
        time.sleep(0.5)
    [row] = [r for r in rows if r["role"] == "assistant"]
    assert (row["usage"]["input_tokens"], row["usage"]["output_tokens"], row["usage"]["total_tokens"]) == (*expected, sum(expected))
    # a later save of the message (a status line) leaves the row as it is
    time.sleep(1.0)
    rows = installed.request("GET", f"/api/v1/analytics/messages?chat_id={turn.chat_id}")
    assert [r["usage"]["total_tokens"] for r in rows if r["role"] == "assistant"] == [sum(expected)]
    assert installed.message(turn)["usage"]["total_tokens"] == sum(expected)  # the chat shows the same


class BrowserEvents:
    """A socket.io client signed in as the browser is: it receives the events of the user's chats (the page's
    `chat:completion` handler sets `message.usage` from each event that carries one)."""

    def __init__(self, client: ChatClient):
        import socketio

        self.events: list[dict] = []
        self.sio = socketio.Client(reconnection=False)
        self.sio.on("events", self.events.append)
        self.sio.connect(client.url, socketio_path="/ws/socket.io", auth={"token": client.token},
                         transports=["websocket"], wait_timeout=30)

    def usages(self, message_id: str) -> list[dict]:
        return [e["data"]["data"]["usage"] for e in list(self.events)
                if e.get("message_id") == message_id and e["data"].get("type") == "chat:completion"
                and (e["data"].get("data") or {}).get("usage")]

    def close(self) -> None:
        self.sio.disconnect()


def test_the_browsers_later_save_of_the_chat_keeps_the_inner_usage_counted_once(
    installed: ChatClient, scripted: ScriptedModel
):
    """Issue 14 leftover: the page keeps its own copy of the message and later saves the whole history
    (`saveChatHandler`: POST /api/v1/chats/{id} with `history`), which `update_chat_by_id` takes as the message
    and whose usage `upsert_message` merges into the row when it differs. Subquery sends the page the new total
    (`chat:completion` with `usage`), so that the save replayed here leaves outer + inner, counted once."""
    key = "sq-usage-browser"
    inner = [Reply(calls=(Call("counter", {"n": 1}),), prompt_tokens=100, completion_tokens=20),
             Reply(content="counted", prompt_tokens=130, completion_tokens=30)]
    scripted.script(key, outer_scenario(key, "count"))
    scripted.script(f"{key}/inner", inner)
    expected = (2 * 11 + 100 + 130, 2 * 7 + 20 + 30)  # 2 outer calls of 11 + 7, the 2 inner calls above
    browser = BrowserEvents(installed)
    try:
        turn = installed.chat(MODEL, f"[[{key}]] go", tool_ids=TOOL_IDS)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not any(
            (u.get("input_tokens"), u.get("output_tokens")) == expected for u in browser.usages(turn.assistant_id)
        ):
            time.sleep(0.2)
        seen = browser.usages(turn.assistant_id)
    finally:
        browser.close()
    # what the page received: the outer usage with the turn's end, then the turn's whole usage
    assert (seen[-1]["input_tokens"], seen[-1]["output_tokens"]) == expected, seen
    assert any((u.get("input_tokens"), u.get("output_tokens")) == (22, 14) for u in seen[:-1]), seen
    # the page's copy of the chat: what is stored, the message's usage as the page's handler last set it, and a
    # field the page adds (so that the save differs from the stored message and is written through)
    chat = installed.get_chat(turn.chat_id)["chat"]
    history = json.loads(json.dumps(chat["history"]))
    message = history["messages"][turn.assistant_id]
    history["messages"][turn.assistant_id] = {**message, "usage": seen[-1], "modelName": "Scripted test model"}
    before = installed.request("GET", "/api/v1/analytics/tokens")["total_tokens"]
    installed.request("POST", f"/api/v1/chats/{turn.chat_id}", {"chat": {
        "models": [MODEL], "history": history, "messages": chat.get("messages") or [], "files": []}})
    rows = installed.request("GET", f"/api/v1/analytics/messages?chat_id={turn.chat_id}")
    [row] = [r for r in rows if r["role"] == "assistant"]
    assert (row["usage"]["input_tokens"], row["usage"]["output_tokens"], row["usage"]["total_tokens"]) == (
        *expected, sum(expected))
    stored = installed.message(turn)
    assert stored["modelName"] == "Scripted test model"  # the save went through
    assert (stored["usage"]["input_tokens"], stored["usage"]["output_tokens"]) == expected
    assert installed.request("GET", "/api/v1/analytics/tokens")["total_tokens"] == before  # the save added nothing
