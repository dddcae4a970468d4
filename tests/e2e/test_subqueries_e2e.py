"""`subqueries` (issue 17) on a real Open WebUI 0.12.4 server, with the scripted model.

- Three tasks whose tool takes 1 s each run at once: each starts before any ends (an order of events; how
  long three take against one is measured in `scripts/bench_subquery.py`, not here).
- A task that fails beside two that succeed: its section says so, the others answer.
- A task cut by the shared deadline beside two that answer: its section holds what it gathered.
- A knowledge base attached to the chat is named in the inner model's request (the turn's context).
"""

from __future__ import annotations

import json

import pytest

from devkit.harness import ChatClient
from devkit.local_model import wait_for_models
from devkit.scripted_model import Call, Reply, ScriptedModel
from tests.e2e.conftest import MODEL_ID, wait_done

pytestmark = pytest.mark.e2e

TOOL_IDS = ["subquery", "probe"]


def outer(key: str, n: int):
    """The chat model: one `subqueries` call with `n` tasks, then the tool's result verbatim."""

    def scenario(body: dict, step: int) -> Reply:
        if step == 0:
            tasks = [f"[[{key}/{i}]] look up key {key}-{i}" for i in range(1, n + 1)]
            return Reply(calls=(Call("subqueries", {"tasks": tasks}),))
        results = [m for m in body["messages"] if m.get("role") == "tool"]
        return Reply(content="OUTER FINAL: " + (results[-1]["content"] if results else "(none)"))

    return scenario


def lookup(key: str):
    """One task: a 1 s lookup, then an answer quoting its result."""

    def scenario(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(calls=(Call("slow_lookup", {"key": key}),))
        return Reply(content="found " + [m for m in body["messages"] if m.get("role") == "tool"][-1]["content"])

    return scenario


def play(client: ChatClient, scripted: ScriptedModel, key: str, n: int, failing: int = 0) -> tuple[dict, float]:
    """One turn; returns the stored message and how long the `subqueries` call took (between the chat model's
    two requests, from the model server's own log)."""
    scripted.script(key, outer(key, n))
    for i in range(1, n + 1):
        inner = [Reply(status=500, error="backend down")] if i == failing else lookup(f"{key}-{i}")
        scripted.script(f"{key}/{i}", inner)
    turn = client.chat(MODEL_ID, f"[[{key}]] split it up", tool_ids=TOOL_IDS)
    first, second = scripted.requests_for(key)
    return client.message(turn), second.started - first.started


def sections(message: dict) -> list[str]:
    return message["content"].removeprefix("OUTER FINAL: ").split("\n\n## ")


def test_three_tasks_run_at_once(installed: ChatClient, scripted: ScriptedModel):
    """The three one-second lookups are in flight together: each starts before any ends (an order of
    events). How long three take against one is a timing: `scripts/bench_subquery.py` (c) measures it."""
    one, three = [], []
    for attempt in range(2):  # alternately, so that a change of load hits both
        message, seconds = play(installed, scripted, f"sqs-one-{attempt}", 1)
        assert f"value-of-sqs-one-{attempt}-1" in sections(message)[0]
        one.append(seconds)
        message, seconds = play(installed, scripted, f"sqs-three-{attempt}", 3)
        parts = sections(message)
        assert [p.split("\n")[0].split(":")[0].removeprefix("## ") for p in parts] == ["Task 1/3", "Task 2/3", "Task 3/3"]
        assert all(f"value-of-sqs-three-{attempt}-{i}" in parts[i - 1] for i in (1, 2, 3))
        spans = [json.loads(p.split("found ", 1)[1]) for p in parts]
        assert max(s["start"] for s in spans) < min(s["end"] for s in spans), spans  # all three at once
        three.append(seconds)
    print(f"\nsubqueries e2e: one task {one} s, three tasks {three} s, best ratio {min(three) / min(one):.2f}")


def test_a_failing_task_beside_two_that_succeed(installed: ChatClient, scripted: ScriptedModel):
    message, _ = play(installed, scripted, "sqs-fail", 3, failing=2)
    first, second, third = sections(message)
    assert "value-of-sqs-fail-1" in first and "value-of-sqs-fail-3" in third
    assert second.startswith("Task 2/3: [[sqs-fail/2]] look up key sqs-fail-2\nSubquery failed: the model provider "
                             "answered HTTP 500")
    assert "backend down" in second
    lines = [s["description"] for s in message.get("statusHistory") or []]
    assert any(line.startswith("Subquery task 2/3 failed · 1 round") for line in lines)
    assert any(line.startswith("Subquery task 1/3 done · 2 rounds · 1 tool call") for line in lines)
    assert lines[-1].startswith("Subqueries done · 3 tasks: 2 done, 1 failed · 5 rounds · 2 tool calls")


def test_a_task_cut_by_the_shared_deadline_reports_what_it_gathered_beside_two_that_answer(
    installed: ChatClient, scripted: ScriptedModel, valves
):
    valves(total_timeout_seconds=4)
    key = "sqs-late"

    def late(body: dict, step: int) -> Reply:  # one lookup, then a call that outlives the deadline
        if step == 0:
            return Reply(calls=(Call("slow_lookup", {"key": f"{key}-2"}),))
        if step == 1:
            return Reply(calls=(Call("hang", {"seconds": 30}),))
        return Reply(content="never reached")

    scripted.script(key, outer(key, 3))
    scripted.script(f"{key}/1", lookup(f"{key}-1"))
    scripted.script(f"{key}/2", late)
    scripted.script(f"{key}/3", lookup(f"{key}-3"))
    turn = installed.chat(MODEL_ID, f"[[{key}]] split it up", tool_ids=TOOL_IDS)
    first, second = scripted.requests_for(key)
    assert second.started - first.started < 4 + 3  # the deadline holds for the whole call
    message = installed.message(turn)
    one, two, three = sections(message)
    assert "found " in one and f"value-of-{key}-1" in one and f"value-of-{key}-3" in three
    assert two.startswith(f"Task 2/3: [[{key}/2]] look up key {key}-2\n[Subquery stopped: the 4 s time limit ran out")
    assert f"value-of-{key}-2" in two  # what it gathered before the deadline
    lines = [s["description"] for s in message.get("statusHistory") or []]
    assert any(line.startswith("Subquery task 2/3 stopped at the time limit") for line in lines), lines
    assert lines[-1].startswith("Subqueries done · 3 tasks: 2 done, 1 stopped at the time limit"), lines[-1]


def test_a_knowledge_base_attached_to_the_chat_is_named_in_the_inner_request(installed: ChatClient, scripted: ScriptedModel):
    kb = installed.request("POST", "/api/v1/knowledge/create", {"name": "Team handbook (e2e)", "description": "rules"})
    model = "sqs-no-file-context"  # the chat's knowledge is then listed to the model, not retrieved into it
    installed.request("POST", "/api/v1/models/create", {
        "id": model, "base_model_id": MODEL_ID, "name": model, "is_active": True, "params": {},
        "meta": {"description": model, "capabilities": {"file_context": False}}})
    wait_for_models(installed, [model])
    scripted.script("sqs-kb", [Reply(calls=(Call("subqueries", {"tasks": ["[[sqs-kb/1]] what does the handbook say?"]}),)),
                               Reply(content="ok")])
    scripted.script("sqs-kb/1", [Reply(content="the handbook says hi")])
    files = [{"type": "collection", "id": kb["id"], "name": kb["name"]}]
    # A chat from the browser (a session): Open WebUI offers its builtin tools and lists attached knowledge.
    turn = installed.chat(model, "[[sqs-kb]] ask the handbook", tool_ids=["subquery"],
                          extra={"session_id": "e2e-session", "files": files})
    message = wait_done(installed, turn)
    assert "the handbook says hi" in json.dumps(message.get("output") or [])
    [inner] = scripted.requests_for("sqs-kb/1")
    system = inner.body["messages"][0]
    assert system["role"] == "system"
    tag = f'<knowledge type="collection" id="{kb["id"]}" name="Team handbook (e2e)" source="chat"/>'
    assert f"<attached_knowledge>\n{tag}\n</attached_knowledge>" in system["content"]
    names = [t["function"]["name"] for t in inner.body.get("tools") or []]
    assert "query_knowledge_files" in names and "subquery" not in names and "subqueries" not in names
    [outer_first, _] = scripted.requests_for("sqs-kb")
    assert tag in outer_first.body["messages"][0]["content"]  # the native turn says the same
