"""The filter's ceiling and its event loop hold by construction, one block per rule:

1. One measure of a message: everything a provider receives (every string at any depth, keys
   included, plus fixed overheads), the same whatever keys are present; the shrinker uses it too.
2. Nothing is read from message text: an output that starts like the filter's own stub is shrunk
   like any other.
3. No counting or scanning of a large request on the event loop: the decision is the request's
   size in bytes, over every part of every message; long texts are counted in bounded slices.
4. Values from the request are parsed defensively: a bad ``num_ctx`` or ``max_tokens`` is ignored.
5. Ids and contents the strictest provider takes: ids ``^[a-zA-Z0-9_-]{1,40}$``, unique, and no
   blank text where Anthropic rejects one.
6. Shared state is safe between threads: concurrent trims equal the same trims run alone.

Each test of a shape the filter got wrong fails on the code before these rules.
"""

from __future__ import annotations

import asyncio
import copy
import json
import re
import sys
import threading

import pytest
from hypothesis import given
from hypothesis import strategies as st

from devkit.filter_shapes import field_shapes, small_shapes, words
from devkit.histories import (
    assistant,
    call,
    cl100k,
    group,
    load_filter,
    output_text,
    system,
    tool,
    tool_chat,
    user,
)
from tests.test_filter_linear import lines_executed

tcf = load_filter()


def context_length(model, body=None):
    return tcf._window_of(model, body)[0]


EST = tcf.TokenCounter()
BIG = 10**9


def n_tokens(text: str) -> int:
    return len(cl100k().encode_ordinary(text))


EXACT = tcf.TokenCounter(exact=n_tokens)


def trim(messages, budget=BIG, counter=EST, **kw):
    snapshot = copy.deepcopy(messages)
    result = tcf.trim_messages(messages, tcf.TrimConfig(budget_tokens=budget, **kw), counter)
    assert messages == snapshot, "input was mutated"
    assert tcf.validate_messages(result.messages) == [] and not result.report.safety_net
    return result


# ---------------------------------------------------------------------------------------------
# 1. One measure of a message: everything a provider receives
# ---------------------------------------------------------------------------------------------

#: The documented overheads (docs/filter.md, "Budget"): the names of the chat-completions schema's
#: keys are part of the framing ``message_overhead``/``call_overhead`` stand for; an image part's data
#: counts ``image_tokens`` instead of its text.
SCHEMA = {
    "role",
    "content",
    "tool_calls",
    "tool_call_id",
    "id",
    "type",
    "function",
    "name",
    "arguments",
    "text",
}
IMAGE_TYPES = {"image_url", "input_image", "image"}


def sent(value, image=False, key=None) -> list[str]:
    """Every text a provider receives of ``value``, written apart from the filter: every string and
    every key's name at any depth, numbers and literals as JSON writes them, minus the documented
    overheads (schema key names, an image's data)."""
    if isinstance(value, str):
        return [] if image and key in ("url", "image_url", "image", "data") else [value]
    if isinstance(value, dict):
        image = image or value.get("type") in IMAGE_TYPES
        out = []
        for k, v in value.items():
            out += ([] if k in SCHEMA else [k]) + sent(v, image, k)
        return out
    if isinstance(value, list):
        return [s for v in value for s in sent(v, image)]
    return [json.dumps(value)]


def test_reasoning_is_counted_when_there_is_no_content():
    """The issue's shape: a tool-call hop as API clients send it, ``{role, tool_calls,
    reasoning_content}`` (valid for OpenAI); the key-count guess left its reasoning out."""
    reasoning = output_text(12_000, 1, "log")
    hop = {"role": "assistant", "tool_calls": [call("c1")], "reasoning_content": reasoning}
    assert EST.message(hop) > n_tokens(reasoning)
    # Twelve such hops under a 32,768 window (26,624 after the reply's room) go out within it.
    history = [system(), user("investigate")]
    for i in range(12):
        hop = {
            "role": "assistant",
            "tool_calls": [call(f"c{i}")],
            "reasoning_content": output_text(12_000, i, "log"),
        }
        history += [hop, tool(f"c{i}", output_text(3_000, 100 + i))]
    out = trim(history, 26_624)
    assert sum(n_tokens(s) for m in out.messages for s in sent(m)) <= 26_624
    assert out.report.tokens_after <= 26_624 and out.report.changed


@pytest.mark.parametrize(
    "message",
    [
        pytest.param(
            {"role": "tool", "tool_call_id": "c1", "name": "x" * 50_000, "content": "ok"}, id="tool name"
        ),
        pytest.param({"role": "assistant", "content": "x", "refusal": "no " * 20_000}, id="refusal"),
        pytest.param(
            {
                "role": "assistant",
                "content": None,
                "function_call": {"name": "f", "arguments": "a " * 20_000},
            },
            id="function_call",
        ),
        pytest.param(
            {"role": "assistant", "content": "", "tool_calls": [{**call("c1"), "id": "i" * 100_000}]},
            id="call id",
        ),
        pytest.param({"role": "tool", "tool_call_id": "t" * 100_000, "content": "ok"}, id="tool_call_id"),
        pytest.param({"role": "user", "content": "q", "metadata": {"note": "n " * 20_000}}, id="unknown key"),
        pytest.param({"role": "user", "content": [[0] * 30_000]}, id="a list part"),
        pytest.param(
            {"role": "user", "content": [{"type": "input_audio", "input_audio": {"data": "d " * 20_000}}]},
            id="another part type",
        ),
    ],
)
def test_every_string_a_provider_receives_is_counted(message):
    floor = sum(n_tokens(s) for s in sent(message))
    assert floor > 5_000
    assert EST.message(message) >= floor and EXACT.message(message) >= floor


def test_a_tool_result_s_other_keys_are_counted_after_shrinking():
    """Shrinking a result reduces its content only; whatever else it carries stays counted."""
    name = "n " * 4_000  # about 4,000 tokens that no shrink can reduce
    history = [user("q"), *group(["c1"], [output_text(40_000, 3)]), assistant("done"), user("next")]
    history[2] = {**history[2], "name": name}
    out = trim(history, 6_000, tool_output_max_tokens=400)
    assert out.report.outputs_shrunk == 1
    assert out.report.tokens_after == sum(EST.message(m) for m in out.messages)
    assert sum(n_tokens(s) for m in out.messages for s in sent(m)) <= out.report.tokens_after <= 6_000


_texts = st.text(max_size=40) | st.sampled_from(["", " ", "\n\n", "'s", "数据", "x" * 300])
_json = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**30), 10**30) | st.floats(allow_nan=False) | _texts,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(_texts, inner, max_size=4),
    max_leaves=12,
)
_part = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["text", "input_text", "output_text"]), "text": _texts}),
    st.fixed_dictionaries(
        {"type": st.just("image_url"), "image_url": st.fixed_dictionaries({"url": _texts, "detail": _texts})}
    ),
    st.fixed_dictionaries({"type": st.sampled_from(["input_image", "file", "input_audio"])}).flatmap(
        lambda d: st.dictionaries(_texts, _json, max_size=3).map(lambda extra: {**extra, **d})
    ),
    _json,
)
_call = st.fixed_dictionaries(
    {},
    optional={
        "id": _texts,
        "type": _texts,
        "function": st.fixed_dictionaries({}, optional={"name": _texts, "arguments": _texts | _json}),
        "index": st.integers(0, 9),
    },
)
_message = st.fixed_dictionaries(
    {},
    optional={
        "role": st.sampled_from(["user", "assistant", "tool", "system", "developer"]) | _texts,
        "content": _texts | st.none() | st.lists(_part, max_size=4) | _json,
        "tool_calls": st.lists(_call, max_size=3) | _json,
        "tool_call_id": _texts,
        "name": _texts,
        "reasoning_content": _texts,
        "thinking": _texts,
        "refusal": _texts | st.none(),
        "function_call": st.fixed_dictionaries({"name": _texts, "arguments": _texts}),
        "reasoning_details": st.lists(st.dictionaries(_texts, _json, max_size=3), max_size=2),
    },
).flatmap(lambda m: st.dictionaries(_texts, _json, max_size=2).map(lambda extra: {**extra, **m}))


@given(_message)
def test_the_count_bounds_cl100k_of_everything_sent_whatever_the_keys(m):
    """For random messages with random key sets: the count is at least cl100k of every text sent,
    each alone, and at least cl100k of all of them as one text less one token per line break that
    joins them (the documented overheads aside: schema key names, image data)."""
    texts = sent(m)
    floor = sum(map(n_tokens, texts))
    joined = n_tokens("\n".join(texts)) - max(0, len(texts) - 1)
    for counter in (EST, EXACT):
        assert counter.message(m) >= max(floor, joined) + counter.message_overhead


# ---------------------------------------------------------------------------------------------
# 2. Nothing is read from message text
# ---------------------------------------------------------------------------------------------


def stub_like(digits: int) -> str:
    """A tool output (a web page, a file) that begins like the filter's own stub, with a huge N."""
    return (
        f"{tcf.SHRINK_PREFIX}~1 of ~{'9' * digits} tokens removed, start and end kept; "
        "call the tool again if you need the full output]\n" + output_text(40_000, 7)
    )


@pytest.mark.parametrize("digits", [4_000, 5_000])
def test_an_output_that_begins_like_the_stub_is_shrunk_like_any_other(digits):
    """Before, ``int()`` of a 5,000-digit N raised and every request of the chat became the minimal
    one (26 messages became 2); a 4,000-digit N made the stub ~2,700 tokens and the "shrunk" output
    larger than the original."""
    history = tool_chat(turns=6, rounds=1, out_chars=8_000)
    history[3] = tool(history[3]["tool_call_id"], stub_like(digits))
    history.append(user("and now?"))
    out = trim(history, 8_000, tool_output_max_tokens=1_000)
    assert len(out.messages) > 2
    assert out.report.tokens_after <= 8_000
    assert sum(n_tokens(s) for m in out.messages for s in sent(m)) <= 8_000
    page = [m["content"] for m in out.messages if m.get("tool_call_id") == history[3]["tool_call_id"]]
    assert page and EST.text(page[0]) <= 1_000 < EST.text(history[3]["content"]) // 10


_line = st.sampled_from(
    ["ERROR: disk full", "see https://x.org/a", "plain words here", "", '{"a": 1}', "9" * 60]
)


@given(st.lists(_line, min_size=1, max_size=400), st.integers(200, 2_000), st.integers(0, 5_000))
def test_the_stub_s_words_change_no_size(lines, target, digits):
    """With a counter that reads no words (one token per character), an output that starts with
    the stub's words and the same output that starts with other characters shrink to outputs of
    equal size."""
    body = "\n".join(lines)
    fake = f"{tcf.SHRINK_PREFIX}~1 of ~{'9' * digits} tokens removed]\n"
    other = "x" * (len(fake) - 1) + "\n"
    a = tcf.shrink_text(fake + body, target, len)
    b = tcf.shrink_text(other + body, target, len)
    assert len(a) == len(b) <= max(target, len(fake + body))


def test_a_shrunk_output_is_left_as_it_is_and_shrinks_again_from_what_it_is():
    text = output_text(50_000, 6)
    once = tcf.shrink_text(text, 600)
    assert tcf.shrink_text(once, 600) == once
    smaller = tcf.shrink_text(once, 150)
    assert tcf.estimate_tokens(smaller) <= 150
    assert f"of ~{tcf.estimate_tokens(once):,} tokens" in smaller.split("\n", 1)[0]  # the filter's count


# ---------------------------------------------------------------------------------------------
# 3. The event loop: the size in bytes decides, nothing large is counted or scanned on it
# ---------------------------------------------------------------------------------------------

TEN_MB = words(10_000_000)  # with cut points (spaces, lines)
SHAPES = field_shapes(TEN_MB, items=100_000)
#: What counts or scans text: every call is recorded with the size it reads and the thread it ran on.
SPIED = (
    "_count_one",
    "_is_json_object",
    "_safe_dumps",
    "_content_as_text",
    "_find_extracts",
    "_shrink",
    "estimate_tokens",
)


@pytest.fixture
def work(monkeypatch):
    """Calls of the counting and scanning functions: (thread, characters read).  Counting is
    replaced by a cheap stand-in (a quarter of the characters): the test is about where work runs."""
    seen: list[tuple[int, int]] = []

    def spy(name, real):
        def wrapper(*args, **kwargs):
            first = args[0] if args else None
            seen.append((threading.get_ident(), len(first) if isinstance(first, str) else -1))
            if name in ("_count_one", "estimate_tokens"):
                return len(first) // 4 + 1
            return real(*args, **kwargs)

        return wrapper

    for name in SPIED:
        monkeypatch.setattr(tcf, name, spy(name, getattr(tcf, name)))
    tcf.COUNT_CACHE.clear()
    tcf._SHRINK_MEMO.clear()
    yield seen
    tcf.COUNT_CACHE.clear()
    tcf._SHRINK_MEMO.clear()


@pytest.mark.parametrize("shape", sorted(SHAPES))
async def test_no_counting_or_scanning_of_a_large_request_runs_on_the_event_loop(work, shape):
    messages = SHAPES[shape] + [assistant("ok"), user("next?")]
    assert tcf._large(messages)
    body = {"model": "m", "messages": messages, "metadata": {"chat_id": "c"}}
    out = await tcf.Filter().request(body)
    loop = threading.get_ident()
    assert work and not [size for thread, size in work if thread == loop]
    assert tcf.validate_messages(out["messages"]) == []


SMALL = {
    **small_shapes(tcf._THREAD_ABOVE_BYTES),
    "content": [user("q"), assistant("w " * 2_000)],
    "call id": [
        user("q"),
        assistant("", tool_calls=[{**call("c1"), "id": "i" * 2_000}]),
        tool("i" * 2_000, "ok"),
    ],
    "a list of numbers": [user([[0] * 50])],
    "reasoning_content": [user("q"), assistant("a", reasoning_content="w " * 2_000)],
}


@pytest.mark.parametrize("shape", sorted(SMALL))
async def test_a_request_under_the_size_runs_on_the_loop_and_reads_less_than_it(work, shape):
    messages = SMALL[shape] + [assistant("ok"), user("next?")]
    assert not tcf._large(messages)
    await tcf.Filter().request({"model": "m", "messages": messages})
    loop = threading.get_ident()
    on_loop = [size for thread, size in work if thread == loop]
    assert on_loop and max(on_loop) <= tcf._THREAD_ABOVE_BYTES


def test_the_size_decision_stops_once_over():
    """Its cost does not grow with the request past the limit: the same operations for 10,000
    messages and for a million, and for a list part of 3 million numbers."""
    limit = tcf._THREAD_ABOVE_BYTES
    some = [user("q")] * 10_000
    many = [user("q")] * 1_000_000
    assert lines_executed(lambda: tcf.size_over(some, limit)) == lines_executed(
        lambda: tcf.size_over(many, limit)
    )
    assert lines_executed(lambda: tcf.size_over([user([[0] * 3_000_000])], limit)) < 100


@given(st.lists(_message, max_size=5), st.integers(0, 20_000))
def test_the_size_covers_every_text_the_counter_reads(messages, limit):
    """Whatever a request holds, the counter reads no more characters than the size says."""
    read: list[int] = []

    def exact(text):
        read.append(len(text))
        return 1

    counter = tcf.TokenCounter(exact=exact)  # a new function: nothing is found in the count cache
    for m in messages:
        counter.message(m)
    if not tcf.size_over(messages, limit):
        assert sum(read) <= limit


def sizes_read(monkeypatch, name: str) -> list[int]:
    """The length of the first argument of each call of ``tcf.<name>``, which still does its work."""
    sizes: list[int] = []
    real = getattr(tcf, name)

    def spy(first, *args):
        sizes.append(len(first))
        return real(first, *args)

    monkeypatch.setattr(tcf, name, spy)
    return sizes


@pytest.mark.parametrize(
    "text",
    [TEN_MB, output_text(3_000_000, 2), ("数据库连接失败 " * 12 + "\n") * 20_000],
    ids=["words", "json", "cjk"],
)
def test_long_texts_are_counted_in_bounded_slices_exactly(monkeypatch, text):
    sizes = sizes_read(monkeypatch, "_count_one")
    tcf.COUNT_CACHE.clear()
    assert EXACT.text(text) == n_tokens(text)
    assert len(sizes) > 1 and max(sizes) <= 2 * tcf._SLICE
    assert sum(sizes) == len(text)


_NO_CUT = {
    "one long word": "".join(__import__("random").Random(3).choice("abcdefXYZ") for _ in range(300_000)),
    "a list of numbers": json.dumps([0] * 100_000),
    "CJK without spaces": "数据库连接失败" * 30_000,
    "a run of tabs": "\t" * 999_999 + "x",
}


@pytest.mark.parametrize("name", sorted(_NO_CUT))
def test_a_long_text_with_no_cut_point_is_counted_in_bounded_slices_too(monkeypatch, name):
    """No piece is known to start anywhere in it: it is cut at a slice's length anyway, one token
    added per such cut, and the count still bounds cl100k's (the run of tabs panics tiktoken whole)."""
    text, sizes = _NO_CUT[name], sizes_read(monkeypatch, "_count_one")
    tcf.COUNT_CACHE.clear()
    count = EXACT.text(text)
    assert len(sizes) > 1 and max(sizes) <= 2 * tcf._SLICE and sum(sizes) == len(text)
    if name != "a run of tabs":
        assert count >= n_tokens(text)


# Whatever a request holds, the trim's objects, tables and C calls stay bounded: it reads at most
# READ_LIMIT items, a long JSON text is checked a window at a time, and repairs make no object per item.

_ITEMS = st.lists(
    st.fixed_dictionaries(
        {"role": st.sampled_from(["user", "assistant", "tool", "system", "developer", "User"])},
        optional={
            "content": st.lists(st.just("x"), max_size=4),
            "tool_calls": st.lists(st.just({}), max_size=4),
        },
    ),
    max_size=30,
)


@given(_ITEMS, st.integers(1, 60))
def test_the_trim_reads_whole_units_within_the_read_limit(msgs, limit):
    """What is read: the input if within the limit; else the leading system messages, the newest
    request and whole units back from the newest (rounds after the request, then turns), within the
    limit unless the request alone is over it."""
    read = tcf._readable(msgs, limit)
    if sum(map(tcf._items, msgs)) <= limit:
        assert read is msgs
        return
    q = tcf._newest_request(msgs)
    if q < 0:
        assert read == msgs[len(msgs) - len(read) :]
        return
    if tcf._items(msgs[q]) > limit:
        assert read is None  # the trim sends the input as it came
        return
    at = [i for i, m in enumerate(msgs) if any(m is r for r in read)]  # positions kept, in order
    assert [msgs[i] for i in at] == read and q in at
    lead = next(k for k, i in enumerate(at) if i != k) if at != list(range(len(at))) else len(at)
    assert all(tcf._role(msgs[i]) in ("system", "developer") for i in at[: min(lead, at.index(q))])
    old, tail = at[lead : at.index(q)], at[at.index(q) + 1 :]
    assert tail == list(range(len(msgs) - len(tail), len(msgs)))  # up to the newest message
    assert old == list(range(q - len(old), q))  # up to the request
    assert not tail or tail[0] == q + 1 or tcf._role(msgs[tail[0]]) in ("user", "assistant")
    assert not old or old[0] == lead or tcf._role(msgs[old[0]]) == "user"
    assert sum(map(tcf._items, read)) <= limit


@pytest.mark.parametrize("shape", sorted(SHAPES))
async def test_no_request_is_read_past_the_read_limit(monkeypatch, shape):
    """The parser never sees more than READ_LIMIT items, whatever the request's number of messages,
    calls, parts or keys; what is left unread is reported."""
    parsed: list[int] = []
    real = tcf._normalize_roles

    def spy(messages, *args):
        parsed.append(sum(map(tcf._items, messages)))
        return real(messages, *args)

    monkeypatch.setattr(tcf, "_normalize_roles", spy)
    messages = SHAPES[shape] + [assistant("ok"), user("next?")]
    result = await asyncio.to_thread(tcf.trim_messages, messages, tcf.TrimConfig(budget_tokens=8_192))
    assert parsed and max(parsed) <= tcf.READ_LIMIT
    unread = result.report.unread
    assert (unread > 0) == (sum(map(tcf._items, messages)) > tcf.READ_LIMIT)
    assert result.report.messages_dropped >= unread
    assert tcf.validate_messages(result.messages) == []
    if unread:
        status = tcf.format_status(result.report)
        assert f"{unread:,} old messages over the filter's read limit dropped" in status


async def test_a_newest_message_over_the_read_limit_goes_out_as_it_came(monkeypatch):
    """The one message the trim never drops is not read either when it alone is over the limit (a
    repair would copy it whole, one C call over its keys): the request goes out as it came, and says so."""
    parsed: list[int] = []
    monkeypatch.setattr(tcf, "_normalize_roles", lambda *a: parsed.append(1))
    big = {"role": "USER", "content": [0] * 10, **{f"k{i}": i for i in range(tcf.READ_LIMIT)}}
    messages = [system("s"), user("a"), assistant("b"), big]
    result = tcf.trim_messages(messages, tcf.TrimConfig(budget_tokens=8_192))
    assert result.messages is messages and result.report.unreadable and not result.report.changed
    assert not parsed and result.report.budget_actions
    assert "sent as it came" in tcf.format_status(result.report)
    out = await tcf.Filter().request({"model": "m", "messages": messages})
    assert out["messages"] is messages


_WINDOW = tcf._SCAN_IN_C_BELOW
_PAD = " " * _WINDOW  # a text this long is read in windows


@given(_json)
def test_a_large_json_text_is_judged_as_strict_json_judges_it(value):
    text = json.dumps(value)
    assert tcf._is_json_object(text + _PAD) is _strict_object(text) is tcf._is_json_object(text)
    assert tcf._is_json_object(text[:-1] + _PAD) is _strict_object(text[:-1])
    assert not tcf._is_json_object(text + _PAD + "{")


@pytest.mark.parametrize("escape", ["\\n", '\\"', "\\\\", "\\u00e9", "\\/", "\\x", "\\u12g4", "\x01"])
@pytest.mark.parametrize("before_end", range(1, 8))
def test_a_window_cuts_no_escape(escape, before_end):
    """An escape that a window's end cuts is read again whole: the verdict is strict JSON's, valid or not."""
    text = '{"a": "' + "x" * (_WINDOW - before_end) + escape + 'y"}'  # the string's window starts at 7
    assert tcf._is_json_object(text) is _strict_object(text)
    assert _strict_object(text) is (escape not in ("\\x", "\\u12g4", "\x01"))


def _strict_object(text: str) -> bool:
    try:
        return isinstance(json.loads(text, parse_constant=int), dict)  # int refuses NaN and Infinity
    except ValueError:
        return False


def test_no_large_json_text_reaches_the_c_scanner(monkeypatch):
    """json's C scanner holds the interpreter lock over all it reads: it only gets short texts; a long
    one is read a window at a time (``_json_object_in_windows``)."""
    read = sizes_read(monkeypatch, "_SCAN")
    for shape in ("arguments of many keys", "dict arguments of many keys", "arguments"):
        short = [user("q"), assistant("", tool_calls=[call("c0")]), tool("c0", "ok")]  # read in C
        out = tcf.trim_messages(short + SHAPES[shape] + [user("next?")], tcf.TrimConfig(budget_tokens=BIG))
        assert tcf.validate_messages(out.messages) == []
    assert read and max(read) < tcf._SCAN_IN_C_BELOW
    assert tcf._is_json_object(json.dumps(dict.fromkeys(map(str, range(100_000)), 0)))


def test_a_run_of_items_that_are_not_parts_becomes_one_text_part():
    """A user list of a million numbers is one text part, not a million objects; valid parts stay."""
    image = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AA"}}
    assert tcf._repaired_content([0] * 1_000_000) == [{"type": "text", "text": "\n".join(["0"] * 1_000_000)}]
    assert tcf._repaired_content(["a", 1, image, {"x": 1}, " ", "b"]) == [
        {"type": "text", "text": "a\n1"},
        image,
        {"type": "text", "text": '{"x": 1}\nb'},
    ]


# ---------------------------------------------------------------------------------------------
# 4. Values from the request are parsed defensively
# ---------------------------------------------------------------------------------------------

BAD_NUMBERS = [
    "²",
    "9" * 5_000,
    float("nan"),
    float("inf"),
    1e300,
    -8192,
    "-8192",
    True,
    "8k",
    None,
    [8192],
    " ",
]


@pytest.mark.parametrize("bad", BAD_NUMBERS, ids=lambda v: repr(v)[:12])
def test_a_bad_num_ctx_is_ignored_and_the_next_source_used(bad):
    model = {"info": {"params": {"num_ctx": 8192}}}
    assert context_length(model, {"options": {"num_ctx": bad}}) == 8192
    assert context_length(model, {"num_ctx": bad}) == 8192
    assert context_length({"info": {"params": {"num_ctx": bad}}, "context_length": 4096}) == 4096
    assert tcf.reply_tokens_from_body({"max_tokens": bad, "max_completion_tokens": 900}) == 900


@pytest.mark.parametrize("good", [8192, 8192.0, "8192", " 8192 "], ids=repr)
def test_a_good_num_ctx_is_read(good):
    assert context_length({}, {"options": {"num_ctx": good}}) == 8192


@pytest.mark.parametrize("bad", ["²", "9" * 5_000], ids=["superscript", "5,000 digits"])
async def test_a_bad_num_ctx_never_switches_the_filter_off(bad):
    """Before, ``resolve_budget`` raised, and the request went out untrimmed and unvalidated."""
    messages = [user("q"), tool("orphan", "a result no call asked for"), assistant("a"), user("next")]
    body = {"model": "m", "messages": messages, "options": {"num_ctx": bad}, "max_tokens": bad}
    out = await tcf.Filter().inlet(body)
    assert [m["role"] for m in out["messages"]] == ["user", "assistant", "user"]


# ---------------------------------------------------------------------------------------------
# 5. Ids and contents the strictest provider takes
# ---------------------------------------------------------------------------------------------

ID = re.compile(r"^[a-zA-Z0-9_-]{1,40}$")


def call_ids(messages) -> list[str]:
    return [c["id"] for m in messages for c in m.get("tool_calls") or []]


@pytest.mark.parametrize(
    "ids",
    [
        ["a" * 40] * 3,  # renaming repeats of a 40-character id made 42-character ids
        ["call:1", "call.2", "call 3", "ça", "∑"],
        ["x" * 100_000, "y" * 100_000],
        ["call_1", "call_1", "call_1_2", "call_1", "call_1_3"],
        ["ab" * 20 + "_9"] * 4,
    ],
    ids=["40 characters, repeated", "other characters", "100k characters", "suffixes taken", "41 characters"],
)
def test_ids_are_renamed_to_what_every_provider_takes(ids):
    history = [user("q")]
    for i, cid in enumerate(ids):
        history += [assistant("", tool_calls=[call(cid)]), tool(cid, f"result {i}")]
    out = trim(history + [assistant("done"), user("next")])
    new = call_ids(out.messages)
    assert len(new) == len(ids) and len(set(new)) == len(new)
    assert all(ID.match(cid) for cid in new)
    results = [m["tool_call_id"] for m in out.messages if m["role"] == "tool"]
    assert results == new and [m["content"] for m in out.messages if m["role"] == "tool"] == [
        f"result {i}" for i in range(len(ids))
    ]


def test_renaming_stays_linear_when_bases_collide():
    def build(n):
        history = [user("q")]
        for i in range(n):
            cid = "p" * 32 + f"-{i}" + "!" * 8  # every one shortens to the same base
            history += [assistant("", tool_calls=[call(cid)]), tool(cid, "r")]
        return history

    small = lines_executed(lambda: tcf.trim_messages(build(500), tcf.TrimConfig(BIG), EST))
    large = lines_executed(lambda: tcf.trim_messages(build(2_000), tcf.TrimConfig(BIG), EST))
    assert large / small < 5


@pytest.mark.parametrize(
    "bad",
    [
        [user("q"), assistant("", tool_calls=[call("a" * 41)]), tool("a" * 41, "r")],
        [user("q"), assistant("", tool_calls=[call("call:1")]), tool("call:1", "r")],
        [user(""), assistant("a"), user("q")],
        [user("q"), assistant("   "), user("q")],
        [system(""), user("q")],
        [
            user([{"type": "text", "text": ""}, {"type": "image_url", "image_url": {"url": "u"}}]),
            assistant("a"),
            user("q"),
        ],
        [user("q"), assistant("", tool_calls=[call("c1")]), tool("c1", [{"type": "text", "text": " "}])],
    ],
    ids=[
        "41-character id",
        "':' in an id",
        "empty user text",
        "blank assistant",
        "empty system",
        "empty part",
        "blank result part",
    ],
)
def test_the_validator_rejects_what_the_strictest_provider_rejects(bad):
    assert tcf.validate_messages(bad)
    assert tcf.validate_messages(trim(bad).messages) == []


def test_the_newest_user_message_may_stay_empty_as_open_webui_sends_it():
    """An attachment-only message keeps its empty text in Open WebUI; the filter leaves it so."""
    history = [user("q"), assistant("a"), user("")]
    assert tcf.validate_messages(history) == []
    assert trim(history).messages is history


@pytest.mark.parametrize(
    "history",
    [
        [{"role": "user", "content": None}, assistant("a"), user("q")],
        [system(), {"role": "system", "content": None}, user("q")],
        [
            user("q"),
            {"role": "assistant", "content": None, "tool_calls": [{"id": "x"}], "reasoning_content": "r"},
            user("q"),
        ],
        [
            user("q"),
            assistant("", tool_calls=[call("c1")]),
            tool("c1", [{"type": "image_url", "image_url": {"url": "u"}}]),
        ],
        [{"role": "user", "content": []}, assistant("a"), user("q")],
        [{"role": "user", "content": ["", " "]}, assistant("a"), user("q")],
        [{"role": "assistant", "content": [{"type": "text", "text": ""}]}, user("q")],
    ],
    ids=[
        "None user",
        "None system",
        "calls removed",
        "image-only result",
        "empty list",
        "blank strings",
        "empty assistant part",
    ],
)
def test_repairs_never_create_empty_content(history):
    out = trim(history).messages
    for m in out:
        content = m.get("content")
        if m["role"] == "assistant" and m.get("tool_calls"):
            continue
        texts = (
            [content] if isinstance(content, str) else [p["text"] for p in content if p.get("type") == "text"]
        )
        assert all(t.strip() for t in texts), m


# ---------------------------------------------------------------------------------------------
# 6. Shared state: concurrent trims equal the same trims alone
# ---------------------------------------------------------------------------------------------


def _bodies() -> list[dict]:
    """80 requests: chats of several shapes, sharing texts (as chats of one process do), every one
    large enough to be trimmed in a worker thread (before these rules too: over 200,000 characters)."""
    bodies = []
    for i in range(80):
        history = tool_chat(turns=2 + i % 3, rounds=2, out_chars=50_000 + 500 * (i % 5), seed=i % 7)
        history.append({"role": "user", "content": f"question {i}: " + "数据库 Wörter 123 " * (i % 9)})
        bodies.append({"model": "m", "messages": history, "metadata": {"chat_id": f"c{i}"}})
    return bodies


@pytest.mark.parametrize("use_tokenizer", [False, True], ids=["estimator", "tokenizer"])
async def test_eighty_concurrent_inlets_equal_the_same_inlets_alone(monkeypatch, use_tokenizer):
    f = tcf.Filter()
    f.valves.use_tokenizer = use_tokenizer
    f.valves.max_context_tokens = 9_000
    bodies = _bodies()
    assert all(tcf._large(b["messages"]) for b in bodies)
    # Tiny caches, so that generations turn over while other threads read them.
    monkeypatch.setattr(tcf, "COUNT_CACHE", tcf.Memo(200))
    monkeypatch.setattr(tcf, "_PIECES_MEMO", tcf.Memo(100))
    monkeypatch.setattr(tcf, "_SHRINK_MEMO", tcf.Memo(20_000, weigh=lambda hit: len(hit[0])))
    alone = []
    for b in bodies:
        for memo in (tcf.COUNT_CACHE, tcf._PIECES_MEMO, tcf._SHRINK_MEMO):
            memo.clear()
        alone.append((await f.inlet(copy.deepcopy(b)))["messages"])
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-5)  # threads switch as often as they can
    try:
        together = await asyncio.gather(*(f.inlet(copy.deepcopy(b)) for b in bodies))
    finally:
        sys.setswitchinterval(switch)
    assert [out["messages"] for out in together] == alone
