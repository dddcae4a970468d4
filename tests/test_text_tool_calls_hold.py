"""The text-call plugin's holder (src/text_tool_calls/hold.py, tokens.py): what passes at once, what is held and when it
is released, for any split of a reply into chunks; every upstream case the reader reads as calls is held whole and
read the same when streamed; the work is linear (operations counted, no clock)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.data.upstream_text_calls import SETS
from text_tool_calls import hold as hold_module
from text_tool_calls import tokens as tokens_module
from text_tool_calls.decide import Offer, decide
from text_tool_calls.hold import HOLD_CHARS, Holder
from text_tool_calls.tokens import LEAD_CHARS, Table
from textcalls.reader import read_inline_calls

TAGS = (("<think>", "</think>"), ("<|begin_of_thought|>", "<|end_of_thought|>"))
SPEC = {"name": "get_time", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}
OFFER = Offer({"get_time": SPEC}, frozenset({"get_time"}))
CALL = '{"name": "get_time", "arguments": {"zone": "UTC"}}'
FENCED = f"```json\n{CALL}\n```"
HERMES = f"<tool_call>\n{CALL}\n</tool_call>"
QWEN3 = "<tool_call>\n<function=get_time>\n<parameter=zone>\nUTC\n</parameter>\n</function>\n</tool_call>"


def holder(offer: Offer = OFFER) -> Holder:
    return Holder(Table(TAGS), offer.is_calls)


def stream(text: str, cuts: list[int], offer: Offer = OFFER) -> tuple[list[str], str]:
    """What each chunk releases, and what is held at the end."""
    h = holder(offer)
    bounds = [0, *sorted({c for c in cuts if 0 < c < len(text)}), len(text)]
    return [h.feed(text[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)], h.end()


def calls_of(held: str, offer: Offer = OFFER) -> list[tuple[str, dict]]:
    out = decide(held, offer, lambda name, arguments: "", lambda i: f"c{i}")
    return [(c["function"]["name"], json.loads(c["function"]["arguments"])) for c in out.calls]


FRAGMENTS = [
    "Prose. ", "\n", "\n\n", "  ", "\t", "<", ">", "<b>", "[", "]", "[link](x)", "{", "}", '"', "'", "\\", "`", "```",
    "```json\n", "```python\n", "<tool_call>", "</tool_call>", CALL, FENCED, HERMES, QWEN3, "<think>", "</think>",
    "[get_time(zone='UTC')]", "<function=get_time>", "<parameter=zone>", "</parameter>", "</function>",
    "[TOOL_CALLS]", "to=functions.", "<|call|>", "<|python_tag|>", "é", "Ω", "🙂", "<|eot_id|>", ";", '{"a": 1}',
    '{"name"', "<tools>", "<|begin_of_thought|>", "<|end_of_thought|>", "\r\n",
]
replies = st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=6)), max_size=30).map("".join)


@settings(max_examples=400)  # a split bug needs a rare cut: twice the profile's examples
@given(replies, st.lists(st.integers(0, 400), max_size=40))
def test_nothing_is_lost_or_reordered_for_any_split(text, cuts):
    released, held = stream(text, cuts)
    assert "".join(released) + held == text


@settings(max_examples=300)  # two random splits of one reply: more examples than the profile's
@given(replies, st.lists(st.integers(0, 400), max_size=40), st.lists(st.integers(0, 400), max_size=40))
def test_what_is_released_and_converted_does_not_depend_on_the_split(text, cuts, other):
    a, held_a = stream(text, cuts)
    b, held_b = stream(text, other)
    assert "".join(a) == "".join(b) and held_a == held_b
    assert calls_of(held_a) == calls_of(held_b)


@given(st.text(alphabet=st.characters(blacklist_characters="<[`{◁t\r\n"), max_size=200), st.lists(st.integers(0, 200)))
def test_prose_passes_at_once(text, cuts):
    released, held = stream(text, cuts)
    bounds = [0, *sorted({c for c in cuts if 0 < c < len(text)}), len(text)]
    assert released == [text[a:b] for a, b in zip(bounds, bounds[1:], strict=False)] and held == ""


@pytest.mark.parametrize(
    ("pieces", "released"),
    [
        (["Hi <", "b>bold"], ["Hi ", "<b>bold"]),  # `<b` is no opener: released when the `b` comes
        (["see [", "1]"], ["see ", "[1]"]),
        (["<tool", "_cal", "l>{"], ["", "", ""]),  # still an opener
        (["```py", "thon\nx = 1\n", "{'a': 1}\n```\n"], ["```py", "thon\nx = 1\n", "{'a': 1}\n```\n"]),
        (['{"na', 'me": "Alice", "age": 3}', "\nok"], ["", '{"name": "Alice", "age": 3}', "\nok"]),
        (['{"config"', ": 1}"], ['{"config"', ": 1}"]),  # the first key is no call's: released at once
        ([HERMES, "\nDone."], ["", HERMES + "\nDone."]),  # prose after a call: all of it is text
        (["<think>", '{"name": "get_time"', "</think>"], ["<think>", '{"name": "get_time"', "</think>"]),
    ],
)
def test_held_text_is_released_the_moment_it_cannot_be_a_call(pieces, released):
    h = holder()
    assert [h.feed(p) for p in pieces] == released


@pytest.mark.parametrize(
    "reply",
    [FENCED, HERMES, QWEN3, CALL, f"[{CALL}]", "[get_time(zone='UTC')]", f"[TOOL_CALLS][{CALL}]",
     f"{FENCED}\n{FENCED}", f"{HERMES}\n\n{HERMES}<|im_end|>", f"<|python_tag|>{CALL.replace('arguments', 'parameters')}"],
)
def test_a_reply_of_calls_is_held_whole_and_converted_after_prose(reply):
    for prose in ("", "Let me check.\n", "I'll look that up: "):
        if prose.endswith(": ") and reply[0] in "{[`":
            continue  # a JSON call in the middle of a line is prose
        released, held = stream(prose + reply, list(range(0, 400, 3)))
        assert "".join(released) == prose and held == reply
        assert calls_of(held) and all(c == ("get_time", {"zone": "UTC"}) for c in calls_of(held))


def test_every_upstream_case_read_as_calls_streams_to_the_same_calls():
    """Each upstream parser case that the reader reads as calls and nothing after them: held from its first call,
    read to the same calls, for chunks of 1, 7 and 64 characters and the whole reply at once."""
    checked = 0
    for cases in SETS.values():
        for case in cases:
            found = read_inline_calls(case.text, case.tools, "x")
            offer = Offer(case.tools, frozenset())
            if not found.calls or not _calls_end_the_reply(case.text, found.calls, offer):
                continue
            want = [(c.name, json.loads(c.arguments)) for c in found.calls]
            for size in (1, 7, 64, len(case.text)):
                released, held = stream(case.text, list(range(size, len(case.text), size)), offer)
                assert calls_of(held, offer) == want, (case.source, size, held)
            checked += 1
    assert checked >= 300


def _calls_end_the_reply(text: str, calls: list, offer: Offer) -> bool:
    """Whether the calls stand at the end of the reply and start at its start or after a line break or opener."""
    released, held = stream(text, [], offer)
    return bool(held) and calls_of(held, offer) == [(c.name, json.loads(c.arguments)) for c in calls]


def test_reasoning_and_code_pass_at_once():
    h = holder()
    assert h.feed('<think>\n{"name": "get_time", "arguments": {}}\n') == '<think>\n{"name": "get_time", "arguments": {}}\n'
    assert h.feed("</think>\n") == "</think>\n"
    assert h.feed(FENCED) == "" and h.end() == FENCED
    code = "```python\n<tool_call>\n{'x': 1}\n```\n"
    assert holder().feed(code) == code


def test_more_than_the_cap_is_released_and_the_store_room_counts():
    big = '{"name": "get_time", "arguments": {"zone": "' + "x" * (HOLD_CHARS + 10) + '"}}'
    h = holder()
    out = "".join(h.feed(big[i : i + 4096]) for i in range(0, len(big), 4096))
    assert out + h.end() == big and len(out) >= HOLD_CHARS
    h = holder()
    assert h.feed(FENCED[:20], cap=10) == FENCED[:20]  # the store had room for 10 characters only


def _counting(monkeypatch) -> dict:
    seen = {"lead": 0, "probe": 0}
    real = tokens_module.classify

    def classify(lead, line, after, table):
        seen["lead"] += len(lead)
        return real(lead, line, after, table)

    monkeypatch.setattr(hold_module, "classify", classify)
    return seen


@pytest.mark.parametrize(
    "unit",
    ["<", "[", "\n{", "\n[", "\n`", "<tool", "<tool_call>", "{\"name\": 1}\n", "```json\n{\"name\"", "\n<think", "\\"],
)
def test_work_is_linear_in_the_reply(monkeypatch, unit):
    """Leads are read at most LEAD_CHARS characters each, and every unit probed once: twice the text, twice the
    work (characters read by `classify` and by the probe, not time)."""
    seen = _counting(monkeypatch)

    def probe(text: str) -> bool:
        seen["probe"] += len(text)
        return False

    work = []
    for n in (2_000, 4_000):
        seen["lead"] = seen["probe"] = 0
        h = Holder(Table(TAGS), probe)
        text = unit * n
        out = "".join(h.feed(text[i : i + 5]) for i in range(0, len(text), 5)) + h.end()
        assert out == text
        work.append(seen["lead"] + seen["probe"])
        assert seen["lead"] <= 2 * LEAD_CHARS * len(text) and seen["probe"] <= 2 * len(text)
    assert work[1] <= 2.2 * work[0] + 1000
