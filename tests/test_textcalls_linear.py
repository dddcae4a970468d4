"""Issue 25, Must 1: every text-call reader, dialect parser and scan of data runs in time linear in its text, on
hostile text too. Measured by operation counts (`tests/textcalls_ops.py`: lines executed plus the work handed to
C, charged by what it reads), at n and 4n: about 4x when linear, about 16x when quadratic. A regex that could
backtrack, or whose attempts could overlap, is named by `audit` (the counts would not see it)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from subquery.messages import REASONING_TAGS, strip_reasoning
from tests import textcalls_ops as T
from textcalls.reader import read_inline_calls
from textcalls.rule import Mentions

S = {"type": "string"}
SPECS = {
    "write_file": {
        "name": "write_file",
        "parameters": {"type": "object", "properties": {"path": S, "content": S}},
    },
    "get_weather": {"name": "get_weather", "parameters": {"type": "object", "properties": {"city": S}}},
    "ping": {"name": "ping", "parameters": {"type": "object", "properties": {}}},
}
HERMES = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
BAR, U = "\uff5c", "\u2581"
DS = (
    f"<{BAR}tool{U}calls{U}begin{BAR}>",
    f"<{BAR}tool{U}call{U}begin{BAR}>",
    f"<{BAR}tool{U}sep{BAR}>",
    f"<{BAR}tool{U}call{U}end{BAR}>",
    f"<{BAR}tool{U}calls{U}end{BAR}>",
)
KIMI = (
    "<|tool_calls_section_begin|>",
    "<|tool_call_begin|>functions.get_weather:0",
    "<|tool_call_argument_begin|>",
    "<|tool_call_end|>",
    "<|tool_calls_section_end|>",
)
VALID = [
    HERMES,
    "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>",
    "<function=write_file><parameter=path>a</parameter><parameter=content>b</parameter></function>",
    "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>",
    '[TOOL_CALLS]get_weather{"city": "Paris"}',
    '<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>',
    DS[0] + DS[1] + "get_weather" + DS[2] + '{"city": "Paris"}' + DS[3] + DS[4],
    KIMI[0] + KIMI[1] + KIMI[2] + '{"city": "Paris"}' + KIMI[3] + KIMI[4],
    '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}',
    "<|python_start|>[get_weather(city='Paris')]<|python_end|>",
    '```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```',
    "[get_weather(city='Paris')]",
    # read inside prose too (issue 25, Must 6): a Kimi run without its section, envelopes and call lists
    '<|tool_call_begin|>0 <|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|>',
    'I will call {"name": "get_weather", "parameters": {"city": "Paris"}} now.',
    "I will run [get_weather(city='Paris')] now.",
]
PIECES = [
    # openers and closers of every dialect, whole and cut
    "<function=",
    "<function=write_file>",
    "<function=get_weather>",
    "<parameter=content>",
    "<parameter=path>",
    "<parameter=",
    "</parameter>",
    "</parameter",
    "</function>",
    "</function",
    "<tool_call>",
    "</tool_call>",
    "<tools>",
    "</tools>",
    "<tool_call>write_file",
    "<arg_key>content</arg_key>",
    "<arg_key>",
    "<arg_value>",
    "</arg_value>",
    "\\n",
    '{"name": "write_file", "arguments": {"content": "',
    '{"name": ',
    '"arguments": ',
    "{",
    "}",
    "[",
    "]",
    '"',
    '\\"',
    "'",
    "[TOOL_CALLS]",
    "[TOOL_CALLS]write_file",
    "[ARGS]",
    "[CALL_ID]x",
    "<|channel|>commentary to=functions.write_file ",
    "<|constrain|>json",
    "<|message|>",
    "<|call|>",
    "<|start|>assistant",
    "<|channel|>analysis<|message|>",
    "<|end|>",
    *DS,
    "function",
    *KIMI,
    "<|python_tag|>",
    ";",
    "<|eom_id|>",
    "[write_file(",
    "content='",
    ")]",
    "(",
    ")",
    "<|python_start|>",
    "<|tool_call_begin|>0 ",
    "<|tool_call_begin|>",
    '"parameters": ',
    '{"name": "get_weather", "parameters": {"city": "Paris"}}',
    "[get_weather(city='Paris')]",
    "get_weather(",
    "city='Paris', ",
    "<|python_end|>",
    # fences, code spans, reasoning, end tokens, blanks
    "```",
    "```json\n",
    "`",
    "``",
    "\n\n",
    "<think>",
    "</think>",
    "<think\n",
    "<think ",
    "<|begin_of_thought|>",
    "\u25c1think\u25b7",
    "</s> ",
    "<|eot_id|>",
    " ",
    "\n",
    "    ",
    "\t",
    "x",
    "hello",
]
# Contexts a run of pieces may stand in: inside a value, a string, a reasoning block, a fence, a section...
INSIDE = [
    "",
    "<function=write_file><parameter=content>",
    "<tool_call>write_file<arg_key>content</arg_key><arg_value>",
    '<tool_call>{"name": "write_file", "arguments": {"content": "',
    "<think>",
    "```json\n",
    "`",
    "[TOOL_CALLS]",
    KIMI[0] + KIMI[1] + KIMI[2],
    "[write_file(content='",
    "<|channel|>analysis<|message|>",
]


def pipeline(text: str) -> Callable[[], object]:
    """What the loop does with a reply and with a text of data: reasoning stripped, calls read, and the text
    read as data by the text-call rule (which tools it names)."""

    def run() -> None:
        read_inline_calls(strip_reasoning(text, REASONING_TAGS), SPECS, "p")
        Mentions(SPECS).read(text)

    return run


def growth(build: Callable[[int], str], n: int) -> tuple[float, float]:
    """(operations at 4n over operations at n, operations per character at 4n); every pattern used obeys the rules."""
    T.reset()
    small, large = build(n), build(4 * n)
    ops_small, ops_large = T.ops(pipeline(small)), T.ops(pipeline(large))
    assert T.audit() == []
    return ops_large / ops_small, ops_large / len(large)


def repeated(unit: str, n: int, before: str = "", after: str = "") -> str:
    return before + unit * max(1, n // len(unit)) + after


# --- the cases measured in issue 25 (input, size, time before): each linear now -------------------------------------
MEASURED = {
    "`<function=` repeated (50 kB: 6.7 s)": lambda n: repeated("<function=", n),
    "`<think` lines repeated (70 kB: 6.6 s)": lambda n: repeated("<think\n", n),
    "`</s> ` repeated, then a call (100 kB: 26 s)": lambda n: repeated("</s> ", n, after="x" + HERMES),
    "a Qwen3 value full of `</parameter></function>` (102 kB: 12.6 s)": lambda n: repeated(
        "</parameter></function>", n, "<function=write_file><parameter=path>a</parameter><parameter=content>"
    ),
    "a ```json fence of whitespace (40 kB: 2 s)": lambda n: repeated(" ", n, "```json\n", "\n```"),
    "the data rule's scan of a page of `<function=` (20 kB: 1.1 s)": lambda n: repeated("<function=", n),
}


@pytest.mark.parametrize("build", MEASURED.values(), ids=MEASURED.keys())
def test_each_measured_case_is_linear(build):
    ratio, per_char = growth(build, 2_000)
    assert ratio < 5 and per_char < 60, (ratio, per_char)


def test_the_measured_cases_keep_their_meaning():
    value = repeated("</parameter></function>", 2_000)
    found = read_inline_calls(MEASURED[list(MEASURED)[3]](2_000) + "</parameter></function>", SPECS, "m")
    assert [(c.name, c.arguments) for c in found.calls] == [
        ("write_file", f'{{"path": "a", "content": "{value}"}}')
    ]
    assert read_inline_calls(repeated("</s> ", 2_000, after=HERMES), SPECS, "m").text == ""
    assert read_inline_calls(repeated("</s> ", 2_000, after="x" + HERMES), SPECS, "m").text == repeated(
        "</s> ", 2_000, after="x"
    )
    assert strip_reasoning(repeated("<think\n", 2_000), REASONING_TAGS) == repeated("<think\n", 2_000)
    assert strip_reasoning("a<think x='1'>b</think>c<think>d", REASONING_TAGS) == "ac"
    fenced = repeated(" ", 2_000, "```json\n", "\n```")
    assert read_inline_calls(fenced, SPECS, "m").text == fenced


# --- every dialect's pieces, repeated and mixed with valid calls ------------------------------------------------------
@settings(max_examples=60)  # fewer than the profile's: each example counts two runs' operations under sys.settrace
@given(
    st.lists(st.sampled_from(PIECES), min_size=1, max_size=6).map("".join),
    st.sampled_from(INSIDE),
    st.sampled_from(["", *VALID]),
    st.sampled_from(["", *VALID]),
)
def test_property_hostile_text_of_every_dialect_costs_linear_work(unit, inside, before, after):
    ratio, per_char = growth(lambda n: before + repeated(unit, n, inside) + after, 1_500)
    assert ratio < 6 and per_char < 200, (ratio, per_char)


@settings(max_examples=15)  # fewer than the profile's: each example counts two runs' operations under sys.settrace
@given(st.lists(st.sampled_from(VALID), min_size=1, max_size=4).map("\n".join), st.sampled_from(INSIDE))
def test_property_many_valid_calls_cost_linear_work(calls, inside):
    ratio, per_char = growth(lambda n: repeated(calls + "\n", n, inside), 1_500)
    assert ratio < 6 and per_char < 200, (ratio, per_char)


# --- the forms read inside prose (issue 25, Must 6): every opener starts an attempt, and attempts overlap -----------
IN_PROSE = {
    "unclosed call lists": lambda n: repeated("see [get_weather(city='Paris', ", n),
    "nested unclosed lists": lambda n: repeated("[get_weather(city=[", n),
    "unclosed envelopes": lambda n: repeated('so {"name": "get_weather", "parameters": {"city": ', n),
    "envelopes in envelopes": lambda n: repeated('{"name": "get_weather", "parameters": ', n),
    "Kimi runs without a section": lambda n: repeated(
        "<|tool_call_begin|>0 <|tool_call_argument_begin|>{", n
    ),
    "many calls in prose": lambda n: repeated("I will run [get_weather(city='Paris')] now. ", n),
}


@pytest.mark.parametrize("build", IN_PROSE.values(), ids=IN_PROSE.keys())
def test_forms_read_inside_prose_cost_linear_work(build):
    ratio, per_char = growth(build, 2_000)
    assert ratio < 5 and per_char < 100, (ratio, per_char)


# --- reading a prefix, and a reader that stops -------------------------------------------------------------------
def test_a_prefix_is_read_in_proportion_to_its_length_and_a_call_reaching_the_cut_stays_text():
    calls = "\n".join([HERMES] * 400)
    whole = T.ops(lambda: read_inline_calls(calls, SPECS, "w"))
    prefix = T.ops(lambda: read_inline_calls(calls, SPECS, "w", limit=len(calls) // 10))
    assert prefix < whole / 5
    found = read_inline_calls(
        calls, SPECS, "w", limit=len(HERMES) * 3 + 2 + 10
    )  # the cut falls in the 4th call
    assert (
        len(found.calls) == 3
        and found.read is not None
        and found.text == calls[len(HERMES) * 3 + 2 :].strip()
    )
    assert read_inline_calls(HERMES + " more", SPECS, "w", limit=len(HERMES)).calls == []  # it may go on
    assert read_inline_calls(
        HERMES + " more", SPECS, "w", limit=len(HERMES) + 2
    ).calls  # it closed before the cut
    assert read_inline_calls(HERMES, SPECS, "w").read is None


def overlapping_openers(n: int) -> str:
    """XML openers whose values never end, each inside the last: every walk reads to the end of the text."""
    return repeated("<function=write_file><parameter=content></function></parameter>y", n)


def test_a_reader_that_spends_its_budget_stops_there_and_says_so():
    text = overlapping_openers(200_000) + "\n" + HERMES  # a call after the cut: not read
    found = read_inline_calls(text, SPECS, "b")
    assert found.read is not None and found.read < len(text) and found.calls == [] and found.text == text
    mentions = Mentions(SPECS)  # the rule parses no data: it reads this text whole, and finds the tool named
    mentions.read(text)
    assert not mentions.unread and set(mentions.found) == {"write_file", "get_weather"}
    assert growth(overlapping_openers, 2_000)[0] < 5


def test_values_quoting_calls_left_open_cost_linear_work_and_every_call_is_read():
    """A value that quotes a call looks a few tags past the quoted closer for its own (`_LOOK_PAST`): a constant."""
    unit = "<function=write_file><parameter=content>see <function=x></parameter></function>\n"
    ratio, per_char = growth(lambda n: repeated(unit, n), 2_000)
    assert ratio < 5 and per_char < 100, (ratio, per_char)
    found = read_inline_calls(unit * 1_000, SPECS, "q")
    assert found.read is None and len(found.calls) == 1_000
