"""The thin Open WebUI adapter: valves, user valves, hooks, status events, failure handling."""

from __future__ import annotations

import asyncio
import copy
import inspect
import logging
from types import SimpleNamespace

import pytest

from devkit.histories import (
    assistant,
    folded_block,
    group,
    load_filter,
    output_items,
    output_text,
    stored_message,
    system,
    tool_chat,
    user,
)

tcf = load_filter()


class Events:
    def __init__(self, fail: bool = False, hang: bool = False):
        self.items: list[dict] = []
        self.fail = fail
        self.hang = hang

    async def __call__(self, event):
        if self.hang:
            await asyncio.sleep(3600)
        if self.fail:
            raise RuntimeError("socket closed")
        self.items.append(event)

    @property
    def descriptions(self):
        return [e["data"]["description"] for e in self.items]


def body_of(messages, **extra):
    return {"model": "gpt-x", "messages": messages, "stream": True, "metadata": {"chat_id": "c1"}, **extra}


def filter_with(**valves):
    f = tcf.Filter()
    for key, value in valves.items():
        setattr(f.valves, key, value)
    return f


LONG_CHAT = tool_chat(turns=12, rounds=2, out_chars=16_000)


# ---------------------------------------------------------------------------------------------
# Interface contract
# ---------------------------------------------------------------------------------------------


def test_valve_names_and_defaults():
    v = tcf.Filter().valves
    assert isinstance(v, tcf.Filter.Valves)
    assert v.priority >= 100  # runs after other filters (ascending order)
    assert v.max_context_tokens == 0
    for name in ("reserve_tokens", "keep_recent_tool_groups", "tool_output_max_tokens", "show_status"):
        assert hasattr(v, name)
    assert v.reserve_tokens == 0 and v.tool_output_max_tokens > 0 and v.keep_recent_tool_groups >= 1
    assert len(tcf.Filter.Valves.model_fields) <= 12 and list(tcf.Filter.UserValves.model_fields) == [
        "show_status"
    ]
    for field in (*tcf.Filter.Valves.model_fields.values(), *tcf.Filter.UserValves.model_fields.values()):
        assert field.description


@pytest.mark.parametrize("hook", ["inlet", "request", "outlet"])
def test_hook_signatures(hook):
    fn = getattr(tcf.Filter, hook)
    assert inspect.iscoroutinefunction(fn)
    params = list(inspect.signature(fn).parameters)
    assert params == ["self", "body", "__user__", "__metadata__", "__model__", "__event_emitter__"]


# ---------------------------------------------------------------------------------------------
# inlet / request
# ---------------------------------------------------------------------------------------------


async def test_inlet_trims_returns_new_body_and_never_mutates():
    f = filter_with(max_context_tokens=12_000, reserve_tokens=2000)
    body = body_of(LONG_CHAT)
    before = copy.deepcopy(body)
    events = Events()
    out = await f.inlet(body, __user__={"id": "u"}, __model__={"id": "gpt-x"}, __event_emitter__=events)
    assert body == before
    assert out is not body and out["messages"] is not body["messages"]
    assert {k: v for k, v in out.items() if k != "messages"} == {
        k: v for k, v in body.items() if k != "messages"
    }
    assert tcf.validate_messages(out["messages"]) == []
    counter = tcf.TokenCounter(exact=tcf.get_exact_counter()[0])
    assert tcf.measure_tokens(out["messages"], tcf.TrimConfig(10_000, 2), counter) <= 10_000
    [desc] = events.descriptions
    assert desc.startswith("Context ") and " → " in desc and "dropped" in desc


async def test_nothing_to_do_returns_the_same_body_and_emits_nothing():
    f = tcf.Filter()
    body = body_of([system(), user("hi"), *group(["a"], ["small"]), assistant("ok"), user("more")])
    events = Events()
    assert await f.inlet(body, __event_emitter__=events) is body
    assert await f.request(body, __event_emitter__=events) is body
    assert events.items == []


async def test_request_hook_bounds_a_single_turn_tool_loop():
    """Each tool-loop hop re-sends the turn's groups; request keeps every hop under budget."""
    f = filter_with(max_context_tokens=9000, reserve_tokens=1000)
    base = [system(), user("research everything")]
    messages = list(base)
    counter = tcf.TokenCounter(exact=tcf.get_exact_counter()[0])
    events = Events()
    for hop in range(12):
        messages = messages + group([f"call_{hop}"], [output_text(30_000, hop)])
        body = body_of(messages, tools=[{"type": "function", "function": {"name": "search"}}])
        out = await f.request(body, __user__={"id": "u"}, __event_emitter__=events)
        assert tcf.validate_messages(out["messages"]) == []
        assert tcf.measure_tokens(out["messages"], tcf.TrimConfig(8000, 2), counter) <= 8000
        assert out["messages"][:2] == base  # system + the user's question always kept
        assert out["tools"] == body["tools"]
        messages = out["messages"]  # Open WebUI builds the next hop from the trimmed list
    # Routine capping on each hop is not announced; only budget actions are.
    assert all("over budget" not in d for d in events.descriptions)


async def test_request_status_only_for_budget_actions():
    f = filter_with(max_context_tokens=200_000, trim_policy="eager", keep_recent_tool_groups=1)
    capped_only = body_of(
        [user("q"), *group(["a"], [output_text(20_000, 1)]), assistant("x"), user("q2"), *group(["b"], ["x"])]
    )
    events = Events()
    out = await f.request(capped_only, __event_emitter__=events)
    assert out is not capped_only and events.items == []  # routine capping is not announced
    f.valves.trim_policy = "stable"
    assert await f.request(capped_only, __event_emitter__=events) is capped_only  # nothing to do yet
    f.valves.trim_policy = "eager"
    await f.inlet(capped_only, __event_emitter__=events)
    assert len(events.items) == 1
    events.items.clear()
    f.valves.max_context_tokens = 4000
    f.valves.reserve_tokens = 500
    await f.request(body_of(LONG_CHAT), __event_emitter__=events)
    assert len(events.items) == 1 and "turn" in events.descriptions[0]


async def test_inlet_then_request_equals_once():
    f = filter_with(max_context_tokens=15_000, reserve_tokens=3000)
    body = body_of(LONG_CHAT)
    once = await f.inlet(body)
    again = await f.request(once)
    assert again is once
    assert (await f.request(body))["messages"] == once["messages"]


async def test_emitter_failures_never_break_the_chat(monkeypatch):
    f = filter_with(max_context_tokens=12_000)
    out = await f.inlet(body_of(LONG_CHAT), __event_emitter__=Events(fail=True))
    assert tcf.validate_messages(out["messages"]) == [] and len(out["messages"]) < len(LONG_CHAT)
    monkeypatch.setattr(tcf, "_EMIT_TIMEOUT", 0.05)
    out2 = await f.inlet(body_of(LONG_CHAT), __event_emitter__=Events(hang=True))
    assert out2["messages"] == out["messages"]
    assert (await f.inlet(body_of(LONG_CHAT), __event_emitter__="not callable"))["messages"] == out[
        "messages"
    ]


async def test_show_status_valves():
    events = Events()
    await filter_with(max_context_tokens=12_000, show_status=False).inlet(
        body_of(LONG_CHAT), __event_emitter__=events
    )
    user_off = {"id": "u", "valves": tcf.Filter.UserValves(show_status=False)}
    await filter_with(max_context_tokens=12_000).inlet(
        body_of(LONG_CHAT), __user__=user_off, __event_emitter__=events
    )
    assert events.items == []


# ---------------------------------------------------------------------------------------------
# Budget sources: model, admin valves, user valves
# ---------------------------------------------------------------------------------------------


async def test_budget_derived_from_the_model():
    f = tcf.Filter()
    body = body_of(LONG_CHAT)
    small = await f.inlet(body, __model__={"id": "m", "openai": {"id": "m", "context_length": 8192}})
    large = await f.inlet(body, __model__={"id": "m", "openai": {"id": "m", "context_length": 1_000_000}})
    ctr = tcf.TokenCounter(exact=tcf.get_exact_counter()[0])
    size = lambda b: tcf.measure_tokens(b["messages"], tcf.TrimConfig(1, 2), ctr)  # noqa: E731
    assert size(small) <= 8192 - 2048 < size(large)  # the automatic reserve: a quarter of 8k
    assert large is body  # 1M: it fits whole, nothing changes


async def test_an_unknown_window_drops_no_turn_and_says_so():
    """Nothing says the window: no budget; only old tool outputs past their cap shrink."""
    f = tcf.Filter()
    body = body_of(LONG_CHAT)
    events = Events()
    out = await f.inlet(body, __model__={"id": "acme-local-7b"}, __event_emitter__=events)
    kept = [m for m in out["messages"] if m["role"] in ("user", "assistant") and m.get("content")]
    assert kept == [m for m in LONG_CHAT if m["role"] in ("user", "assistant") and m.get("content")]
    assert sum(m["content"].startswith(tcf.SHRINK_PREFIX) for m in out["messages"] if m["role"] == "tool") > 0
    [line] = events.descriptions
    assert "context window unknown" in line and "max_context_tokens" in line


async def test_an_8k_model_keeps_most_of_its_window_for_history():
    f = tcf.Filter()
    model = {"id": "qwen2.5:7b", "owned_by": "ollama", "info": {"params": {"num_ctx": 8192}}}
    chat = [
        system(),
        *[m for t in range(3) for m in (user(output_text(3000, t)), assistant(output_text(3000, t + 9)))],
        user("q"),
    ]
    ctr = tcf.TokenCounter(exact=tcf.get_exact_counter()[0])
    size = tcf.measure_tokens(chat, tcf.TrimConfig(1, 2), ctr)
    assert 0.6 * 8192 <= size <= 6144
    assert (await f.inlet(body_of(chat), __model__=model))["messages"] == chat  # sent whole


async def test_valves_stored_by_an_earlier_version_are_ignored_without_error():
    """An update keeps the valves an admin saved: names that no longer exist are ignored, as Open WebUI
    builds the valves (``Valves(**stored)``); the ones that remain keep their values."""
    stored = {
        "priority": 5, "enabled": False, "max_context_tokens": 30_000, "default_context_tokens": 32768,
        "reserve_tokens": 2000, "trim_policy": "stable", "low_water": 0.6, "keep_recent_tool_groups": 2,
        "tool_output_max_tokens": 1000, "recent_tool_output_max_tokens": 12000, "image_tokens": 1024,
        "use_tokenizer": True, "tokenizer_download": False, "show_status": True,
    }  # fmt: skip
    v = tcf.Filter.Valves(**stored)
    assert v.max_context_tokens == 30_000 and v.reserve_tokens == 2000 and v.priority == 1000
    assert (
        tcf.Filter.UserValves(enabled=False, max_context_tokens=8000, show_status=False).show_status is False
    )


async def test_reply_size_from_the_request_is_reserved():
    f = filter_with(max_context_tokens=40_000, reserve_tokens=1000)
    plain = await f.inlet(body_of(LONG_CHAT))
    big_reply = await f.inlet(body_of(LONG_CHAT, max_tokens=16_000))
    ctr = tcf.TokenCounter(exact=tcf.get_exact_counter()[0])
    assert tcf.measure_tokens(big_reply["messages"], tcf.TrimConfig(1, 2), ctr) <= 24_000
    assert len(big_reply["messages"]) <= len(plain["messages"])


# ---------------------------------------------------------------------------------------------
# Failure handling
# ---------------------------------------------------------------------------------------------


async def test_internal_error_sends_the_minimal_valid_request(monkeypatch, caplog):
    def boom(*_a, **_k):
        raise ValueError("bug")

    monkeypatch.setattr(tcf, "trim_messages", boom)
    f = tcf.Filter()
    body = body_of(LONG_CHAT)
    events = Events()
    with caplog.at_level(logging.ERROR):
        for hook in (f.inlet, f.request):
            out = await hook(body, __event_emitter__=events)
            # system, the newest user message and its turn's tool groups (the final answer text is left out)
            assert out is not body and out["messages"] == [LONG_CHAT[0], *LONG_CHAT[-6:-1]]
            assert tcf.validate_messages(out["messages"]) == []
        assert await f.outlet(body, __event_emitter__=Events()) is body  # the outlet never changes anything
    assert "tool_context_filter" in caplog.text and "bug" in caplog.text
    assert all("trimming failed" in d for d in events.descriptions) and len(events.items) == 2


async def test_large_inputs_run_off_the_event_loop_with_the_same_result():
    f = filter_with(max_context_tokens=20_000)
    messages = tool_chat(turns=800, rounds=1, out_chars=2000)
    assert len(messages) > 3000
    out = await f.inlet(body_of(messages))
    config, counter, _ = f._plan_inputs(body_of(messages), None)
    assert out["messages"] == tcf.trim_messages(messages, config, counter).messages


# ---------------------------------------------------------------------------------------------
# outlet
# ---------------------------------------------------------------------------------------------


def stored_chat(turns: int, out_chars: int) -> list[dict]:
    msgs = []
    for t in range(turns):
        msgs.append(stored_message("user", f"question {t}", mid=f"u{t}"))
        items = output_items(
            [[(f"call_{t}_a", "search", output_text(out_chars, t))], [(f"call_{t}_b", "fetch", "ok")]]
        )
        msgs.append(stored_message("assistant", "Done.", items, mid=f"a{t}"))
    return msgs


async def test_outlet_reports_projected_cost_and_returns_stored_messages_unchanged():
    f = filter_with(max_context_tokens=10_000, reserve_tokens=2000)
    body = {
        "model": "gpt-x",
        "messages": stored_chat(8, 12_000),
        "chat_id": "c1",
        "session_id": "s",
        "id": "a7",
    }
    before = copy.deepcopy(body)
    events = Events()
    out = await f.outlet(body, __user__={"id": "u"}, __model__={"id": "gpt-x"}, __event_emitter__=events)
    assert out is body and body == before
    [desc] = events.descriptions
    assert desc.startswith("Context ") and " → " in desc and "shrunk" in desc
    # The projection is what the next inlet will do with the same history.
    inflated = tcf.inflate_stored_messages(body["messages"]) + [user("next question")]
    nxt = await f.inlet(body_of(inflated))
    assert tcf.validate_messages(nxt["messages"]) == []


async def test_outlet_small_chat_says_within_budget_and_respects_show_status():
    f = tcf.Filter()
    body = {"model": "m", "messages": stored_chat(1, 200), "chat_id": "c", "id": "a0"}
    events = Events()
    assert await f.outlet(body, __event_emitter__=events) is body
    assert events.descriptions[0].endswith(tcf.UNKNOWN_WINDOW)
    events.items.clear()
    await filter_with(max_context_tokens=32768).outlet(body, __event_emitter__=events)
    assert events.descriptions[0].endswith(
        "within budget 24.6k of a 32.8k window (the filter's max_context_tokens)"
    )
    events.items.clear()
    await filter_with(show_status=False).outlet(body, __event_emitter__=events)
    await f.outlet(body, __user__={"id": "u", "valves": {"show_status": False}}, __event_emitter__=events)
    assert events.items == []


async def test_outlet_handles_legacy_folded_details_content():
    content = "Looking.\n" + folded_block("c1", "search", {"q": "x"}, output_text(40_000, 3)) + "\nAnswer."
    msgs = [stored_message("user", "q", mid="u"), stored_message("assistant", content, mid="a")]
    body = {"model": "m", "messages": msgs, "chat_id": "c", "id": "a"}
    before = copy.deepcopy(body)
    events = Events()
    f = filter_with(keep_recent_tool_groups=0)
    assert await f.outlet(body, __event_emitter__=events) is body and body == before
    assert "1 tool output shrunk" in events.descriptions[0]


# ---------------------------------------------------------------------------------------------
# Driven by Open WebUI's own filter dispatcher (open_webui.utils.filter)
# ---------------------------------------------------------------------------------------------


async def test_open_webui_dispatch_binds_params_and_user_valves(monkeypatch):
    from open_webui.utils import filter as owui_filter

    instance = tcf.Filter()

    async def get_module(request, function_id, load_from_db=True, function=None):
        return instance

    async def admin_valves(ids, db=None):
        return {"tool_context": {"max_context_tokens": 9000, "reserve_tokens": 2000, "low_water": 0.6}}

    async def user_valves(function_id, user_id, db=None):
        return {"max_context_tokens": 90_000, "enabled": False}  # stored by an earlier version: ignored

    monkeypatch.setattr(owui_filter, "get_function_module", get_module)
    monkeypatch.setattr(owui_filter.Functions, "get_function_valves_by_ids", admin_valves)
    monkeypatch.setattr(owui_filter.Functions, "get_user_valves_by_id_and_user_id", user_valves)
    events = Events()
    extra = {
        "__event_emitter__": events,
        "__user__": {"id": "u1", "role": "user"},
        "__metadata__": {"chat_id": "c1"},
        "__model__": {"id": "gpt-x"},
        "__chat_id__": "c1",
        "__request__": None,
    }
    body = body_of(LONG_CHAT)
    functions = [SimpleNamespace(id="tool_context")]
    for hook in ("inlet", "request"):
        out, _ = await owui_filter.process_filter_functions(
            request=None,
            filter_context=None,
            filter_functions=functions,
            filter_type=hook,
            form_data=body,
            extra_params=extra,
        )
        body = out  # Open WebUI passes the inlet's result on to the request hook
        assert tcf.validate_messages(out["messages"]) == []
        ctr = tcf.TokenCounter(exact=tcf.get_exact_counter()[0])
        assert tcf.measure_tokens(out["messages"], tcf.TrimConfig(1, 2), ctr) <= 7000  # the admin's budget
    assert instance.valves.max_context_tokens == 9000  # admin valves applied by Open WebUI
    assert isinstance(extra["__user__"]["valves"], tcf.Filter.UserValves)
    assert len(events.items) == 1  # the inlet announced it; the identical request hop did not
    stored = {"model": "gpt-x", "messages": stored_chat(3, 20_000), "chat_id": "c1", "id": "a2"}
    out, _ = await owui_filter.process_filter_functions(
        request=None,
        filter_context=None,
        filter_functions=functions,
        filter_type="outlet",
        form_data=stored,
        extra_params=extra,
    )
    assert out is stored and len(events.items) == 2


async def test_loaded_by_open_webui_loader_and_usable_after_module_is_unregistered():
    """Open WebUI execs the source in a throw-away module it removes from sys.modules afterwards."""
    from open_webui.utils.plugin import load_function_module_by_id

    source = tcf.__file__ and open(tcf.__file__, encoding="utf-8").read()
    instance, kind, frontmatter, module = await load_function_module_by_id("tool_context", content=source)
    assert kind == "filter" and frontmatter["required_open_webui_version"] == "0.12.4"
    assert module.__name__ not in __import__("sys").modules
    assert instance.valves.priority == 1000
    instance.valves.max_context_tokens = 12_000
    big = tool_chat(turns=900, rounds=1, out_chars=3000)  # > 3000 messages: worker-thread path too
    for messages in (LONG_CHAT, big):
        out = await instance.inlet(body_of(messages), __user__={"id": "u", "valves": instance.UserValves()})
        assert module.validate_messages(out["messages"]) == [] and len(out["messages"]) < len(messages)
    stored = {"model": "m", "messages": stored_chat(2, 5000), "chat_id": "c", "id": "a1"}
    events = Events()
    assert await instance.outlet(stored, __event_emitter__=events) is stored and len(events.items) == 1


# ---------------------------------------------------------------------------------------------
# Issue 8: bounds, off-loop by size, status lines, odd numbers
# ---------------------------------------------------------------------------------------------


def test_valves_have_bounds():
    from pydantic import ValidationError

    for bad in (
        {"max_context_tokens": -1},
        {"reserve_tokens": -1},
        {"tool_output_max_tokens": 10},
        {"trim_policy": "lazy"},
    ):
        with pytest.raises(ValidationError):
            tcf.Filter.Valves(**bad)
    v = tcf.Filter.Valves()
    assert v.trim_policy == "stable" and v.reserve_tokens == 0


async def test_few_but_large_messages_are_trimmed_off_the_event_loop(monkeypatch):
    import threading

    seen = []
    real = tcf.trim_messages

    def spy(*args, **kwargs):
        seen.append(threading.get_ident())
        return real(*args, **kwargs)

    monkeypatch.setattr(tcf, "trim_messages", spy)
    f = tcf.Filter()
    big = [user("q")] + [m for i in range(8) for m in group([f"c{i}"], [output_text(60_000, i)])]
    small = [user("q"), *group(["a"], ["tiny"])]
    await f.request(body_of(big))
    await f.request(body_of(small))
    main = threading.get_ident()
    assert len(seen) == 2 and seen[0] != main and seen[1] == main


async def test_status_line_when_the_newest_message_alone_is_over_budget():
    f = filter_with(max_context_tokens=2048, reserve_tokens=0)
    events = Events()
    body = body_of([user("hi"), assistant("hello"), user(output_text(60_000, 3))])
    await f.request(body, __event_emitter__=events)
    assert any("newest message alone" in d for d in events.descriptions)


async def test_status_line_when_no_user_message_is_left():
    f = tcf.Filter()
    events = Events()
    body = body_of([system(), assistant("orphaned answer")])
    assert await f.inlet(body, __event_emitter__=events) is body
    assert any("no user message" in d for d in events.descriptions)


async def test_non_finite_numbers_do_not_stop_trimming():
    f = filter_with(max_context_tokens=0, reserve_tokens=512)
    body = body_of(LONG_CHAT, options={"num_ctx": float("inf")}, num_ctx=float("nan"))
    out = await f.inlet(
        body, __model__={"info": {"params": {"num_ctx": float("inf")}}, "openai": {"context_length": 4096}}
    )
    assert out is not body and len(out["messages"]) < len(LONG_CHAT)  # the next source: 4,096
    f.valves.reserve_tokens = float("nan")  # set without validation: clamped, never a crash
    out = await f.inlet(body, __model__={"openai": {"context_length": 4096}})
    assert out is not body
