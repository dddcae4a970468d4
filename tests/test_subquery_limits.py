"""Subquery's limits hold by construction: the token budget is a bound (a property over random runs whose usage is
reported, missing, zero, NaN or lying), the deadline holds while both reader threads are held busy (an event loop on an
injected clock, no real waiting), no reading or measuring of a large text runs on the event loop's thread (for each
hostile shape: which thread ran each piece of work, no clock), and reasoning is read whole.

No Open WebUI here: the loop of the built file runs with injected hooks."""

from __future__ import annotations

import asyncio
import json
import math
import re
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from devkit.histories import cl100k
from devkit.virtual_time import VirtualTimeLoop
from tests.conftest import load_plugin

sq = load_plugin("tools/subquery.py", "subquery_limits_plugin")

S = {"type": "string"}
TOOLS = {
    name: sq.ToolInfo(name, {"name": name, "description": f"The {name} tool.", "parameters": {
        "type": "object", "properties": {"query": S, "path": S}}}, None)
    for name in ("search", "read_page")
}
TEXTS = {
    "prose": "The quick brown fox jumps over the lazy dog while the committee reviews the quarterly figures. ",
    "cjk": "长时间使用工具的对话会悄悄变大。ツールを使う会話は、気づかないうちに大きくなっていきます。",
    "digits": "3141592653589793238462643383279502884197169399375105820974944592307816406286 ",
    "hex": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08e3b0c44298fc1c149afbf4c8 ",
    "emoji": "🧪🔬🧬🦠🧫💉🩸🧯🪤🪜🛸🪐 ",
    "code": "def f(x):\n    return {'k': [x, x ** 2, None]}  # ok\n\tif x: pass\n",
}


def true_tokens(value) -> int:
    """What a cl100k provider counts for the strings of a message or reply (no framing)."""
    enc = cl100k()
    return sum(len(enc.encode_ordinary(s)) for s in sq._strings(value) if s)


def sent_tokens(messages, specs) -> int:
    """The true prompt: every string (keys aside, which a template does not send), 4 per message, 8 per call."""
    total = true_tokens(json.dumps(specs)) if specs else 0
    for m in messages:
        calls = m.get("tool_calls") or []
        total += 4 + 8 * len(calls) + true_tokens([v for k, v in m.items() if k != "role"])
    return total


def usage_report(mode: str, prompt: int, completion: int) -> dict:
    return {
        "true": {"prompt_tokens": prompt, "completion_tokens": completion},
        "missing": {},
        "zero": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
        "nan": {"prompt_tokens": math.nan, "completion_tokens": math.nan},
        "text": {"prompt_tokens": "lots", "completion_tokens": None},
        "lying": {"prompt_tokens": prompt // 10, "completion_tokens": 1},
        "negative": {"prompt_tokens": -prompt, "completion_tokens": -5},
    }[mode]


class Provider:
    """A provider that counts what it really receives and returns (cl100k), honours `max_tokens` (or writes at most
    REPLY_TOKENS when none is sent, the bound the budget keeps for a reply), and reports usage as `modes` say."""

    def __init__(self, draw):
        self.draw, self.spent, self.calls = draw, 0, 0

    async def __call__(self, messages, specs, remaining, tool_choice=None, max_tokens=None):
        limit = max_tokens or sq.REPLY_TOKENS
        prompt = sent_tokens(messages, specs)
        kind = self.draw(st.sampled_from(sorted(TEXTS)))
        n = self.draw(st.integers(0, 3)) if tool_choice != "none" else 0
        content = TEXTS[kind] * self.draw(st.integers(0, 60))
        calls = tuple({"id": f"c{self.calls}_{i}", "type": "function", "function": {
            "name": "search", "arguments": json.dumps({"query": TEXTS[kind] * 3})}} for i in range(n))
        reasoning = TEXTS["prose"] * self.draw(st.integers(0, 20))
        while True:  # a real provider stops at max_tokens: drop calls, then text, until the reply fits
            completion = 4 + 8 * len(calls) + true_tokens([content, reasoning, list(calls)])
            if completion <= limit:
                break
            calls, content, reasoning = calls[:-1], content[: len(content) // 2], reasoning[: len(reasoning) // 2]
        self.calls += 1
        self.spent += prompt + completion
        usage = usage_report(self.draw(st.sampled_from(["true", "missing", "zero", "nan", "text", "lying", "negative"])),
                             prompt, completion)
        return sq.Completion(content=content, tool_calls=calls, usage=usage, reasoning_text=reasoning)


@given(st.data())
def test_property_the_spend_is_at_most_the_cap_whatever_the_usage_says(data):
    cap = data.draw(st.integers(1_000, 40_000), label="max_subquery_tokens")
    configured = data.draw(st.one_of(st.none(), st.integers(300, 6_000)), label="the model's max_tokens")
    provider = Provider(data.draw)

    async def execute(call, kwargs, timeout):
        return TEXTS[data.draw(st.sampled_from(sorted(TEXTS)))] * data.draw(st.integers(0, 400))

    async def quiet(*args):
        return None

    settings = sq.Settings(max_rounds=data.draw(st.integers(1, 6)), max_subquery_tokens=cap, text_tool_calls="off")
    hooks = sq.Hooks(provider, execute, quiet, log=quiet)
    start = [{"role": "system", "content": TEXTS["prose"] * 10}, {"role": "user", "content": "find it " * 20}]
    out = asyncio.run(sq.run_subquery_loop(start, TOOLS, settings, hooks, reply_tokens=configured))
    assert provider.spent <= 1.05 * cap, (provider.spent, cap, out.stopped, provider.calls)


def test_the_bound_of_a_text_holds_for_every_script_where_characters_divided_by_3_does_not():
    enc = cl100k()
    for name, text in TEXTS.items():
        long = text * 3_000  # past one slice: measured in slices cut where cl100k cuts
        assert sq.text_tokens(long) >= len(enc.encode_ordinary(long)), name
    assert len(enc.encode_ordinary(TEXTS["cjk"] * 100)) > len(TEXTS["cjk"] * 100) // 3  # the old estimate under-counts
    assert sq.text_tokens("x" * 200_000) >= len(enc.encode_ordinary("x" * 200_000))  # no place to cut: bytes


PARTS = [*TEXTS.values(), "\t", "\n", "  ", "a" * 1_500, "!" * 1_200, " " * 1_100, "\u200b" * 2_000, "x,1,2\n", "é" * 1_100]


@given(st.lists(st.sampled_from(PARTS), max_size=40), st.sampled_from([97, 512, 4_096]))
def test_property_the_bound_of_any_text_holds_wherever_the_slices_are_cut(parts, slice_chars):
    """Sliced at any size (the 64 kB of the plugin, or much smaller so that many cuts fall inside), with long runs of
    one kind counted in bytes, the bound is never below cl100k's count."""
    text = "".join(parts)
    saved, sq.TOKEN_SLICE = sq.TOKEN_SLICE, slice_chars
    try:
        assert sq.text_tokens(text) >= len(cl100k().encode_ordinary(text))
    finally:
        sq.TOKEN_SLICE = saved


async def test_the_first_request_is_not_sent_when_it_alone_would_pass_the_cap():
    asked = []

    async def complete(messages, specs, remaining, tool_choice=None, max_tokens=None):
        asked.append(max_tokens)
        return sq.Completion(content="never")

    big = [{"role": "user", "content": TEXTS["prose"] * 400}]  # ~8,000 tokens
    hooks = sq.Hooks(complete, None, _quiet)
    out = await sq.run_subquery_loop(big, TOOLS, sq.Settings(max_subquery_tokens=6_000), hooks)
    assert asked == [] and out.stopped == "budget" and "would pass the budget" in out.answer
    out = await sq.run_subquery_loop(big, TOOLS, sq.Settings(max_subquery_tokens=11_500), hooks)
    assert out.stopped == "budget" and asked and 256 <= asked[0] < sq.REPLY_TOKENS  # the answer round, bounded


async def test_nan_or_text_in_the_usage_never_raises_and_counts_the_bound():
    async def complete(messages, specs, remaining, tool_choice=None, max_tokens=None):
        return sq.Completion(content="done", usage={"prompt_tokens": math.nan, "completion_tokens": "7",
                                                      "prompt_tokens_details": {"cached_tokens": math.inf}})

    out = await sq.run_subquery_loop([{"role": "user", "content": "q"}], TOOLS, sq.Settings(), sq.Hooks(complete, None, _quiet))
    assert out.answer == "done" and out.usage == {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    assert sq.clean_usage({"prompt_tokens": math.nan, "completion_tokens": 7, "d": {"x": -1, "y": 2}}) == {
        "completion_tokens": 7, "d": {"y": 2}}


async def _quiet(*args):
    return None


# --- the deadline: one `asyncio.timeout_at`, on an injected clock ---------------------------------------------------
def VirtualClockLoop() -> VirtualTimeLoop:
    """devkit's virtual-time loop, its clock jumping also while executor threads work (the reader threads here
    never end by themselves)."""
    return VirtualTimeLoop(follow_threads=False)


def test_the_deadline_holds_while_both_reader_threads_are_busy_and_the_abandoned_read_is_reported():
    release, entered = threading.Event(), threading.Semaphore(0)

    def held() -> None:
        entered.release()
        release.wait(60)

    lines = []

    async def log(line):
        lines.append(line)

    async def complete(messages, specs, remaining, tool_choice=None, max_tokens=None):
        return sq.Completion(content="<function=" * 1_000)  # 10 kB: read in a reader thread

    async def scenario():
        loop = asyncio.get_running_loop()
        readers = sq.process_state().readers_v1  # the process-wide reader threads the subquery reads in
        busy = [loop.run_in_executor(readers, held) for _ in range(sq.READER_THREADS)]
        for _ in busy:
            assert entered.acquire(timeout=30)  # both reader threads are in `held`, waiting for the test
        start = loop.time()
        hooks = sq.Hooks(complete, None, _quiet, log=log)
        out = await sq.run_subquery_loop([{"role": "user", "content": "q"}], TOOLS, sq.Settings(total_timeout_seconds=300),
                                         hooks, untrusted=["a page " * 1_000])
        return out, loop.time() - start, busy

    loop = VirtualClockLoop()
    try:
        out, elapsed, busy = loop.run_until_complete(scenario())
        assert out.stopped == "deadline" and elapsed == pytest.approx(300)  # on the injected clock, no real wait
        assert "time limit ran out while reading the data given to it" in out.answer
        assert "It left reading its data (7,000 characters) in a reader thread, which ends by itself" in out.answer
        assert lines == ["Subquery · time limit: left reading its data (7,000 characters) in a reader thread"]
        release.set()
        loop.run_until_complete(asyncio.gather(*busy))
    finally:
        release.set()
        loop.close()


def test_the_deadline_covers_the_preparation_too():
    """`run_task` prepares (tools, the chat, the system context) under the same deadline as its loop."""

    async def scenario():
        never = asyncio.Event()

        async def slow_start(*args):
            await never.wait()

        started = await sq._within(asyncio.get_running_loop().time() + 300, slow_start())
        return started

    loop = VirtualClockLoop()
    try:
        assert loop.run_until_complete(scenario()) is sq._LATE
    finally:
        loop.close()


# --- the event loop: large work runs in the reader threads, for each hostile shape ----------------------------------
def _calls_with_args(n: int) -> str:
    args = {f"a{i}": i for i in range(64)}
    return "".join(f'<tool_call>{json.dumps({"name": "search", "arguments": args})}</tool_call>' for _ in range(n))


SHAPES = {
    # the issue's: a short reply with two 64-argument calls, against 4 MB of data
    "small-reply-4MB-data": ([sq.Completion(content=_calls_with_args(2))], "x delete " * 440_000, "r"),
    "200kB-function-openers": ([sq.Completion(content="<function=" * 20_000)], "p", "r"),
    "200kB-think-lines": ([sq.Completion(content="<think\n" * 30_000)], "p", "r"),
    "1MB-reasoning": ([sq.Completion(content="ok", reasoning_text="Let me think. " * 75_000)], "p", "r"),
    "1MB-result-of-invisibles": ([sq.Completion(tool_calls=({"id": "c", "type": "function", "function": {
        "name": "search", "arguments": "{}"}},)), sq.Completion(content="done")], "p", "\u200b" * 1_000_000),
    "20k-argument-objects": ([sq.Completion(tool_calls=({"id": "c", "type": "function", "function": {
        "name": "search", "arguments": "".join(json.dumps({"query": i}) for i in range(20_000))}},)),
        sq.Completion(content="done")], "p", "r"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
async def test_no_reading_or_measuring_of_a_large_text_runs_on_the_event_loops_thread(shape, monkeypatch):
    replies, data, result = SHAPES[shape]
    seen = []
    for name in ("canonical", "text_tokens", "estimate_tokens", "strip_reasoning", "read_inline_calls"):
        original = getattr(sq, name)

        def spy(text, *args, _original=original, _name=name, **kwargs):
            seen.append((_name, threading.current_thread().name, len(text)))
            return _original(text, *args, **kwargs)

        monkeypatch.setattr(sq, name, spy)

    answers = iter(replies)

    async def complete(messages, specs, remaining, tool_choice=None, max_tokens=None):
        return next(answers, replies[-1])

    async def execute(call, kwargs, timeout):
        return result

    settings = sq.Settings(max_rounds=2, max_result_chars=2_000_000, text_tool_calls="always", max_subquery_tokens=0)
    await sq.run_subquery_loop([{"role": "user", "content": "q"}], TOOLS, settings,
                               sq.Hooks(complete, execute, _quiet), untrusted=[data])
    loop_thread = threading.current_thread().name
    on_loop = [s for s in seen if s[1] == loop_thread]
    assert seen and max(size for _, _, size in on_loop) <= sq.OFFLOAD_CHARS, on_loop
    assert any(size > sq.OFFLOAD_CHARS for _, _, size in seen)  # the shape's large work happened, elsewhere


# --- reasoning is read whole ------------------------------------------------------------------------------------------
async def test_200000_characters_of_inline_reasoning_then_a_call_runs_that_call():
    ran = []

    async def execute(call, kwargs, timeout):
        ran.append(kwargs)
        return "found"

    reply = sq.Completion(content="<think>" + "Let me think. " * 14_300 + "</think>"
                                  '<tool_call>{"name": "search", "arguments": {"query": "otters"}}</tool_call>')
    replies = iter([reply, sq.Completion(content="Otters are found.")])

    async def complete(messages, specs, remaining, tool_choice=None, max_tokens=None):
        return next(replies)

    settings = sq.Settings(max_subquery_tokens=0)  # its ~50,000 tokens of reasoning would be counted, rightly
    out = await sq.run_subquery_loop([{"role": "user", "content": "q"}], TOOLS, settings, sq.Hooks(complete, execute, _quiet))
    assert len(reply.content) > 200_000 and ran == [{"query": "otters"}] and out.answer == "Otters are found."


async def test_a_call_past_the_read_window_is_told_to_the_model_and_to_the_user_when_it_ends_the_subquery():
    lines = []

    async def log(line):
        lines.append(line)

    late = '<tool_call>{"name": "search", "arguments": {"query": "late"}}</tool_call>'
    replies = iter([sq.Completion(content="<think>plan</think>" + "w" * sq.READ_CHARS + late)])

    async def complete(messages, specs, remaining, tool_choice=None, max_tokens=None):
        return next(replies)

    out = await sq.run_subquery_loop([{"role": "user", "content": "q"}], TOOLS, sq.Settings(),
                                     sq.Hooks(complete, None, _quiet, log=log))
    assert out.answer.endswith(sq.UNREAD_ANSWER) and lines == [sq.UNREAD_LINE] and "plan" not in out.answer


def test_every_test_security_md_names_for_subquery_exists():
    """docs/security.md's Subquery part names a test for each claim: each of those tests is defined."""
    from tests.conftest import ROOT

    text = (ROOT / "docs" / "security.md").read_text()
    part = text[text.index("## Subquery\n") : text.index("## The tool context filter\n")]
    named = set(re.findall(r"`(test_\w+)`", part))
    defined = {name for path in (ROOT / "tests").rglob("test_*.py") for name in re.findall(r"def (test_\w+)", path.read_text())}
    assert len(named) >= 25 and named <= defined, sorted(named - defined)
