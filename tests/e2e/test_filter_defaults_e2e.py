"""The tool-context filter at its defaults on a real Open WebUI 0.12.4, as an admin installs it:
active, global, no valve set.  Three deployments: `gpt-4o` over an OpenAI connection that reports no
context length (the window comes from the table of known models), a model id nothing knows (no turn
is dropped, only old tool outputs shrink), and a local model whose params say `num_ctx` 8192."""

from __future__ import annotations

import re

import pytest

from devkit.harness import ROOT, ChatClient, Turn
from devkit.scripted_model import Call, Reply, ScriptedModel
from tests.e2e.test_filter_e2e import BIG_TOOL, FILTER_ID, cl100k_tokens

pytestmark = pytest.mark.e2e

GPT4O, UNKNOWN = "gpt-4o", "acme-local-7b"  # served by the scripted model (tests/e2e/conftest.py)
ROWS = 240  # one table: about 5.7k cl100k tokens


def two_tables(body: dict, step: int) -> Reply:
    """Each turn: two tables in one round, then an answer that names the turn."""
    last_user = next(m for m in reversed(body["messages"]) if m.get("role") == "user")
    turn = re.search(r"turn (\d+)", last_user["content"]).group(1)
    if step == 0:
        return Reply(
            calls=tuple(
                Call("dump", {"rows": ROWS, "tag": f"t{turn}{s}"}, id=f"call_{turn}{s}") for s in "ab"
            )
        )
    return Reply(content=f"Answer {turn}: both tables read.")


@pytest.fixture(scope="module")
def defaults(owui: ChatClient) -> ChatClient:
    owui.install_tool_source("bigdata", BIG_TOOL)
    assert owui.install_filter(FILTER_ID, ROOT / "filters" / "tool_context_filter.py") in (
        "created",
        "updated",
        "unchanged",
    )
    owui.set_function_valves(FILTER_ID, {})  # every valve at its default
    yield owui
    owui.ensure_function_flags(FILTER_ID, active=False, is_global=False)


def play(client: ChatClient, model: str, key: str, turns: int) -> Turn:
    turn = None
    for n in range(1, turns + 1):
        turn = client.chat(model, f"[[{key}]] turn {n}: load the tables", tool_ids=["bigdata"], previous=turn)
    return turn


def statuses(client: ChatClient, turn: Turn) -> list[str]:
    return [s["description"] for s in client.message(turn).get("statusHistory") or []]


def texts(messages: list[dict], role: str) -> list[str]:
    return [m["content"] for m in messages if m.get("role") == role and isinstance(m.get("content"), str)]


def test_a_100k_chat_on_gpt_4o_goes_out_whole_and_the_status_names_the_table(
    defaults: ChatClient, scripted: ScriptedModel
):
    scripted.script("dflt-4o", two_tables)
    turn = play(defaults, GPT4O, "dflt-4o", 9)
    requests = scripted.requests_for("dflt-4o")
    assert len(requests) == 18 and all(r.status == 200 for r in requests), [r.errors for r in requests]
    last = requests[-1].body["messages"]
    assert cl100k_tokens(last) > 100_000  # the chat is past 100k tokens ...
    tools = texts(last, "tool")
    assert len(tools) == 18 and not any(
        t.startswith("[shrunk by tool_context_filter") for t in tools
    )  # ... sent whole
    assert len(texts(last, "user")) == 9
    lines = statuses(defaults, turn)
    assert any("of a 128.0k window (gpt-4o in LiteLLM" in s for s in lines), lines


def test_an_unknown_model_loses_no_turn_only_old_outputs_shrink(
    defaults: ChatClient, scripted: ScriptedModel
):
    scripted.script("dflt-unknown", two_tables)
    turn = play(defaults, UNKNOWN, "dflt-unknown", 6)
    requests = scripted.requests_for("dflt-unknown")
    assert len(requests) == 12 and all(r.status == 200 for r in requests), [r.errors for r in requests]
    last = requests[-1].body["messages"]
    assert texts(last, "user") == [f"[[dflt-unknown]] turn {n}: load the tables" for n in range(1, 7)]
    answers = [t for t in texts(last, "assistant") if t]
    assert answers == [f"Answer {n}: both tables read." for n in range(1, 6)]
    tools = texts(last, "tool")
    assert len(tools) == 12
    assert all(t.startswith("[shrunk by tool_context_filter") for t in tools[:-4])  # the older turns' outputs
    assert not any(t.startswith("[shrunk by tool_context_filter") for t in tools[-2:])  # this turn's, whole
    lines = statuses(defaults, turn)
    assert any("context window unknown" in s and "max_context_tokens" in s for s in lines), lines


def test_an_8k_local_model_keeps_most_of_its_window(defaults: ChatClient, scripted: ScriptedModel):
    """A workspace model over the unknown id whose params say num_ctx 8192 (as an admin sets it for an
    Ollama or llama.cpp model): a 5k-token plain chat goes out whole, over 60% of the window."""
    model_id = "local-8k"
    defaults.request(
        "POST",
        "/api/v1/models/create",
        {
            "id": model_id,
            "base_model_id": UNKNOWN,
            "name": "Local 8k",
            "meta": {},
            "params": {"num_ctx": 8192},
        },
    )
    assert model_id in [
        m["id"] for m in defaults.models()
    ]  # listing it also refreshes Open WebUI's model list
    words = " ".join(f"word{i}" for i in range(500))  # 1,000 cl100k tokens
    scripted.script("dflt-8k", lambda body, step: Reply(content=f"Noted. {words}"))
    turn = None
    for n in range(1, 4):
        turn = defaults.chat(model_id, f"[[dflt-8k]] part {n}: {words}", previous=turn)
    last = scripted.requests_for("dflt-8k")[-1].body["messages"]
    assert cl100k_tokens(last) >= 0.6 * 8192 and len(texts(last, "user")) == 3
    lines = statuses(defaults, turn)
    assert any("of a 8.2k window (num_ctx)" in s for s in lines), lines
