"""Histories built by Open WebUI 0.12.4's own code (``open_webui.utils.misc``), and Open WebUI's own
pairing check run on the filter's output.

``open_webui.utils.misc`` imports ``open_webui.env``, which exits unless ``WEBUI_SECRET_KEY`` is set
and reads ``DATA_DIR`` (tests/conftest.py sets both; ``filter_histories.owui_misc`` also works
without it).  ``FROM_INIT_PY``/``FRONTEND_BUILD_DIR`` are only needed for ``open_webui.config``.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from devkit.histories import (
    any_history,
    load_filter,
    output_items,
    output_text,
    owui_misc,
    stored_message,
    system,
    user,
)

tcf = load_filter()
misc = owui_misc()
pytestmark = pytest.mark.skipif(misc is None, reason="open_webui.utils.misc could not be imported")


def inflate(output, fmt=None):
    return misc.convert_output_to_messages(output, raw=True, reasoning_format=fmt, flatten_tool_images=True)


def test_real_reinflation_shape_is_what_the_filter_expects():
    items = output_items(
        [
            [("call_a", "search", output_text(30_000, 1)), ("call_b", "fetch", "page")],
            [("call_a", "search", "again")],
        ],
        final_text="Here is the answer.",
        images=1,
    )
    history = [system(), user("q1"), *inflate(items, "reasoning_content"), user("q2")]
    # Exactly the 0.12.4 shape: no ids, tool_call_id on results, reasoning field, image follow-up.
    assert [m["role"] for m in history] == [
        "system", "user", "assistant", "tool", "tool", "user", "assistant", "tool", "user", "assistant", "user",
    ]  # fmt: skip
    assert all("id" not in m for m in history)
    assert history[2]["reasoning_content"] == "thinking about round 0"
    assert history[5]["content"][0]["text"] == tcf.IMAGE_FOLLOWUP_TEXT
    assert history[6]["tool_calls"][0]["id"] == "call_a"  # id repeated across rounds
    result = tcf.trim_messages(
        history, tcf.TrimConfig(budget_tokens=4000, keep_recent_tool_groups=1, policy="eager")
    )
    out = result.messages
    assert tcf.validate_messages(out) == []
    assert misc.reconcile_tool_pairs(copy.deepcopy(out)) == out  # Open WebUI's own check agrees
    assert result.report.outputs_shrunk == 1 and result.report.images_removed == 2  # 1 per output
    assert out[-1] == user("q2")


def test_normalize_after_the_request_hook_keeps_the_output_valid():
    items = output_items([[("c1", "search", output_text(8000, 2))]])
    history = [system("a"), user("q"), *inflate(items), system("rag context"), user("q2")]
    out = tcf.trim_messages(history, tcf.TrimConfig(budget_tokens=3000)).messages
    # What Open WebUI does right after the request hook (normalize_messages_for_model).
    normalized = misc.merge_system_messages(misc.strip_empty_content_blocks(copy.deepcopy(out)))
    assert tcf.validate_messages(normalized) == []
    assert normalized[0]["role"] == "system" and normalized[1]["role"] == "user"


@given(any_history, st.integers(0, 20_000), st.integers(0, 3), st.sampled_from(tcf.POLICIES))
def test_open_webui_reconcile_finds_nothing_to_fix_in_filter_output(history, budget, keep, policy):
    result = tcf.trim_messages(
        history, tcf.TrimConfig(budget_tokens=budget, keep_recent_tool_groups=keep, policy=policy)
    )
    if result.report.no_user_message:  # passed on as it came, by design (issue 8, point 2)
        assert result.messages is history
        return
    out = result.messages
    assert misc.reconcile_tool_pairs(copy.deepcopy(out)) == out
    # Open WebUI's own pairing rule: every call and every result of each block is paired.
    paired = misc.get_paired_tool_call_ids(out)
    for m, ids in zip(out, paired, strict=True):
        if m.get("role") == "tool":
            assert m.get("tool_call_id") in ids
        elif m.get("role") == "assistant" and m.get("tool_calls"):
            assert {c["id"] for c in m["tool_calls"]} == ids


# ---------------------------------------------------------------------------------------------
# The outlet rebuilds the next request with Open WebUI's own functions
# ---------------------------------------------------------------------------------------------


def test_outlet_inflation_is_what_open_webui_sends_next():
    """Stored messages (with ``output`` items, and an empty assistant message that
    ``load_messages_from_db`` leaves out) inflate to the history the next request carries: Open
    WebUI's converter and pairing sanitizer, valid, and untouched by the filter's trim."""
    stored = []
    for t in range(3):
        stored.append(stored_message("user", f"q{t}", mid=f"u{t}"))
        items = output_items([[(f"c{t}", "search", json.dumps({"rows": list(range(50))}))]], images=t % 2)
        stored.append(stored_message("assistant", "Done.", items, mid=f"a{t}"))
    stored.append(stored_message("assistant", "", mid="empty"))  # dropped, like load_messages_from_db
    before = copy.deepcopy(stored)
    inflated = tcf.inflate_stored_messages(stored)
    assert stored == before  # the stored messages are never changed
    expected = []
    for m in stored[:-1]:
        expected += inflate(m["output"]) if m.get("output") else [{"role": m["role"], "content": m["content"]}]
    assert inflated == misc.reconcile_tool_pairs(expected)
    assert tcf.validate_messages(inflated) == []
    assert tcf.trim_messages(inflated, tcf.TrimConfig(budget_tokens=10**6)).messages is inflated


def test_the_outlet_reads_a_models_params_once_a_minute_not_after_every_reply(monkeypatch):
    """On SQLite every read takes the write lock: the outlet reuses a model's params for a minute."""
    import asyncio

    reads = []

    async def read(model_id):
        reads.append(model_id)
        return {"num_ctx": 8192}

    now = [1000.0]
    monkeypatch.setattr(tcf, "_read_model_params", read)
    monkeypatch.setattr(tcf, "_PARAMS_CACHE", {})

    def params(model_id):
        return asyncio.run(tcf.model_params({"id": model_id}, clock=lambda: now[0]))

    assert params("a") == params("a") == {"num_ctx": 8192} and reads == ["a"]
    assert params("b") == {"num_ctx": 8192} and reads == ["a", "b"]
    now[0] += tcf._PARAMS_SECONDS
    params("a")
    assert reads == ["a", "b", "a"]
    for i in range(tcf._PARAMS_MODELS + 1):
        params(f"m{i}")
    assert len(tcf._PARAMS_CACHE) <= tcf._PARAMS_MODELS
