"""Text-written tool calls inside Subquery, on a real Open WebUI 0.12.4 server (issue 9).

The scripted model answers the subquery's inner rounds with plain `content` (no `tool_calls`):
one call each in Llama 3 JSON, Mistral and gpt-oss harmony form. Subquery must read them, run the
real tool with arguments typed by the tool's schema, and send structured calls and results back.
(Open WebUI writes `int | None` as a plain integer in the spec, so null typing is covered by the unit corpus.)
"""

from __future__ import annotations

import json

import pytest

from devkit.harness import ROOT, ChatClient
from devkit.scripted_model import Call, Reply, ScriptedModel

pytestmark = pytest.mark.e2e

MODEL = "scripted-model"
TOOL_IDS = ["subquery", "textcalls"]

LLAMA = (
    '{"name": "typed_echo", "parameters": {"count": "3", "ratio": "0.5", "flag": "true", '
    '"tags": "[\\"a\\", \\"b\\"]", "opts": "{\'k\': 1}", "maybe": "12", "label": "007"}}'
)
MISTRAL = 'Next one.[TOOL_CALLS]typed_echo[ARGS]{"count": 4, "ratio": 1.5, "flag": false, "tags": [], "opts": {"x": [1]}, "maybe": "7"}'
HARMONY = (
    "<|channel|>analysis<|message|>Need the third call.<|end|><|start|>assistant<|channel|>commentary "
    'to=functions.typed_echo <|constrain|>json<|message|>{"count": "5", "flag": "FALSE", "ratio": 2, "label": "x</tool_call>"}<|call|>'
)


@pytest.fixture(scope="module")
def installed(owui: ChatClient) -> ChatClient:
    assert owui.install_tool("subquery", ROOT / "tools" / "subquery.py") in ("created", "updated", "unchanged")
    owui.install_tool("textcalls", ROOT / "tests" / "e2e" / "textcall_tool.py")
    owui.set_tool_valves("subquery", {})
    return owui


def delegate(client: ChatClient, scripted: ScriptedModel, key: str, inner) -> tuple[dict, list]:
    def outer(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(calls=(Call("subquery", {"prompt": f"[[{key}/inner]] echo three times"}),))
        results = [m for m in body["messages"] if m.get("role") == "tool"]
        return Reply(content="OUTER FINAL: " + (results[-1]["content"] if results else "(no tool result)"))

    scripted.script(key, outer)
    scripted.script(f"{key}/inner", inner)
    turn = client.chat(MODEL, f"[[{key}]] please delegate", tool_ids=TOOL_IDS)
    return client.message(turn), scripted.requests_for(f"{key}/inner")


def test_llama3_mistral_and_harmony_text_calls_run_with_typed_arguments(installed: ChatClient, scripted: ScriptedModel):
    def inner(body: dict, step: int) -> Reply:
        if step < 3:
            return Reply(content=(LLAMA, MISTRAL, HARMONY)[step])
        results = [m["content"] for m in body["messages"] if m.get("role") == "tool"]
        return Reply(content="INNER DONE\n" + "\n".join(results))

    message, requests = delegate(installed, scripted, "textcalls-3", inner)
    assert [r.status for r in requests] == [200, 200, 200, 200]
    assert "typed_echo" in [t["function"]["name"] for t in requests[0].body.get("tools") or []]

    last = requests[3].body["messages"]
    assistants = [m for m in last if m.get("role") == "assistant" and m.get("tool_calls")]
    results = [m for m in last if m.get("role") == "tool"]
    assert len(assistants) == 3 and len(results) == 3
    # each text call became a structured call with schema-typed arguments, answered by its own result
    args = [json.loads(a["tool_calls"][0]["function"]["arguments"]) for a in assistants]
    assert args[0] == {"count": 3, "ratio": 0.5, "flag": True, "tags": ["a", "b"], "opts": {"k": 1}, "maybe": 12, "label": "007"}
    assert args[1] == {"count": 4, "ratio": 1.5, "flag": False, "tags": [], "opts": {"x": [1]}, "maybe": 7}
    assert args[2] == {"count": 5, "flag": False, "ratio": 2, "label": "x</tool_call>"}
    assert [a["tool_calls"][0]["function"]["name"] for a in assistants] == ["typed_echo"] * 3
    assert [r["tool_call_id"] for r in results] == [a["tool_calls"][0]["id"] for a in assistants]
    # the text before the call is kept as the assistant's content; the call text itself is not
    assert assistants[0]["content"] in ("", None)
    assert assistants[1]["content"] == "Next one."
    assert "to=functions" not in (assistants[2]["content"] or "") and "<|" not in (assistants[2]["content"] or "")

    # the real tool ran with real Python types
    echoed = [json.loads(r["content"]) for r in results]
    assert echoed[0]["count"] == [3, "int"] and echoed[0]["flag"] == [True, "bool"]
    assert echoed[0]["tags"] == [["a", "b"], "list"] and echoed[0]["opts"] == [{"k": 1}, "dict"]
    assert echoed[0]["maybe"] == [12, "int"] and echoed[0]["label"] == ["007", "str"]
    assert echoed[1]["ratio"] == [1.5, "float"] and echoed[1]["maybe"] == [7, "int"]
    assert echoed[2]["count"] == [5, "int"] and echoed[2]["flag"] == [False, "bool"]
    assert echoed[2]["label"] == ["x</tool_call>", "str"]

    # the outer chat got the inner answer, built from the three results
    assert message["content"].startswith("OUTER FINAL: INNER DONE")
    assert message["content"].count('"count"') == 3


def test_json_example_inside_an_answer_is_not_a_call(installed: ChatClient, scripted: ScriptedModel):
    """A fenced JSON sample inside an answer stays text. (An envelope written inline in prose is a call since
    issue 25, as vLLM's and SGLang's Llama 3 parsers read it: tests/test_subquery_dialects.py.)"""
    answer = 'To echo, a model would send\n```json\n{"name": "typed_echo", "parameters": {"count": 1}}\n```\nas its whole reply.'
    message, requests = delegate(installed, scripted, "textcalls-prose", [Reply(content=answer)])
    assert len(requests) == 1  # no tool round: the answer came back as it was
    assert message["content"] == "OUTER FINAL: " + answer
