"""Subquery's text-call parser: every dialect, precision, values and typing (issue 9).

The corpus follows the shapes that the dialects' public documentation and the inference servers'
tool-parser tests use (vLLM hermes / llama3_json / mistral / openai-harmony / glm45 / deepseekv3 /
deepseekv31 / kimi_k2 / pythonic / qwen3coder parsers, SGLang's function-call detectors, llama.cpp's
chat parsers, Ollama's docs); the texts here are written for this project. Each dialect has at least
15 cases: positives, negatives (prose, unknown tools, broken JSON) and adversarial values.
"""

from __future__ import annotations

import json
import keyword
import re
from typing import Any

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tests.conftest import load_plugin
from tests.data.upstream_text_calls import SETS, Case

sq = load_plugin("tools/subquery.py", "subquery_dialects_plugin")

SPECS: dict[str, dict] = {
    "get_weather": {
        "name": "get_weather",
        "description": "Weather for a city.",
        "parameters": {
            "type": "object",
            "properties": {
                "city": {"type": "string"},
                "days": {"type": "integer"},
                "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
            },
            "required": ["city"],
        },
    },
    "write_file": {
        "name": "write_file",
        "description": "Write a file.",
        "parameters": {
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "content": {"type": "string"},
                "append": {"type": "boolean"},
                "mode": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
            },
            "required": ["path", "content"],
        },
    },
    "search": {
        "name": "search",
        "description": "Search.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string"},
                "limit": {"type": ["integer", "null"]},
                "filters": {"type": "object"},
                "tags": {"type": "array"},
                "score": {"type": "number"},
                "exact": {"type": "bool"},
                "note": {"type": ["string", "null"]},
            },
            "required": ["query"],
        },
    },
    "ping": {"name": "ping", "description": "No arguments.", "parameters": {"type": "object", "properties": {}}},
}

Expected = list[tuple[str, dict]]


def parse(text: str, specs: dict | None = None) -> tuple[str, Expected]:
    content, calls = sq.parse_inline_calls(text, SPECS if specs is None else specs, "t")
    assert [c.id for c in calls] == [f"t_{i}" for i in range(len(calls))]
    assert all(c.source == "inline" for c in calls)
    return content, [(c.name, json.loads(c.arguments)) for c in calls]


def check(text: str, calls: Expected, content: str | None) -> None:
    got_content, got_calls = parse(text)
    assert got_calls == calls
    if not calls:
        assert got_content == text, "a reply without an accepted call must come back unchanged"
    elif content is not None:
        assert got_content == content


W = {"city": "Paris"}
NESTED_QWEN = "<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n</tool_call>"

# --- Hermes / Qwen2.5 ----------------------------------------------------------------------
HERMES = [
    ('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>', [("get_weather", W)], ""),
    (
        'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": "3"}}\n</tool_call>',
        [("get_weather", {"city": "Paris", "days": 3})],
        "Let me check.",
    ),
    (
        '<tool_call>{"name": "get_weather", "arguments": {"city": "A"}}</tool_call>\n'
        '<tool_call>{"name": "search", "arguments": {"query": "b", "limit": "null"}}</tool_call>',
        [("get_weather", {"city": "A"}), ("search", {"query": "b", "limit": None})],
        "",
    ),
    ('<tool_call>{"name": "ping", "arguments": null}</tool_call>', [("ping", {})], ""),
    ('<tool_call>{"name": "ping"}</tool_call>', [("ping", {})], ""),
    ('<tool_call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Rome\\"}"}</tool_call>', [("get_weather", {"city": "Rome"})], ""),
    ('<tool_call>{"name": "get_weather", "parameters": {"city": "Rome"}}</tool_call>', [("get_weather", {"city": "Rome"})], ""),
    # a closing tag inside a JSON string does not cut the call (raw_decode)
    (
        '<tool_call>{"name": "write_file", "arguments": {"path": "a.xml", "content": "x</tool_call>y"}}</tool_call>',
        [("write_file", {"path": "a.xml", "content": "x</tool_call>y"})],
        "",
    ),
    # Qwen2.5-Coder's <tools> wrapper
    ('<tools>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tools>', [("get_weather", W)], ""),
    # truncated: the closing tag is missing at the very end
    ('<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}', [("get_weather", W)], ""),
    # text after the calls stays as the assistant's text
    ('<tool_call>{"name": "ping", "arguments": {}}</tool_call>\nWaiting for the result.', [("ping", {})], "Waiting for the result."),
    # negatives
    ('<tool_call>{"name": "get_weather", "arguments": {"city": }</tool_call>', [], None),
    ('<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>', [], None),
    ('<tool_call>{"name": "get_weather", "arguments": [1, 2]}</tool_call>', [], None),
    ('<tool_call>{"name": "get_weather", "arguments": {"city": "x"}} trailing junk</tool_call>', [], None),
    ("Use `<tool_call>{\"name\": \"get_weather\", \"arguments\": {}}</tool_call>` to call a tool.", [], None),
    ('<tool_call>{"tool": "get_weather", "arguments": {}}</tool_call>', [], None),
    # one block with an unknown tool, one offered: only the offered one is taken, the other stays text
    (
        '<tool_call>{"name": "nope", "arguments": {}}</tool_call>\n<tool_call>{"name": "ping", "arguments": {}}</tool_call>',
        [("ping", {})],
        '<tool_call>{"name": "nope", "arguments": {}}</tool_call>',
    ),
]

# --- Qwen3-Coder XML (wrapped and bare) ------------------------------------------------------
QWEN3 = [
    (
        "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n"
        "</function>\n</tool_call>",
        [("get_weather", {"city": "Paris", "days": 3})],
        "",
    ),
    ("Sure.\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>", [("get_weather", W)], "Sure."),
    ('<function="get_weather"><parameter=city>Paris</parameter></function>', [("get_weather", W)], ""),
    ("<tool_call>\n<function=ping>\n</function>\n</tool_call>", [("ping", {})], ""),
    # literal closing tags and a stray opening tag inside a file's content stay in the value
    (
        "<tool_call>\n<function=write_file>\n<parameter=path>\na.txt\n</parameter>\n<parameter=content>\n"
        "close with </parameter> then\n<parameter=path>\n/etc/passwd\n</parameter>\n</function>\n</tool_call>",
        [("write_file", {"path": "a.txt", "content": "close with </parameter> then\n<parameter=path>\n/etc/passwd"})],
        "",
    ),
    # a whole nested call inside a value
    (
        "<tool_call>\n<function=write_file>\n<parameter=content>\n" + NESTED_QWEN + "\n</parameter>\n"
        "<parameter=path>\ncall.txt\n</parameter>\n</function>\n</tool_call>",
        [("write_file", {"content": NESTED_QWEN, "path": "call.txt"})],
        "",
    ),
    # two whole calls quoted in the last value: the value's own closer ends it, not the first quoted call's
    # (found by the round-trip property; issue 25)
    (
        "<tool_call>\n<function=write_file>\n<parameter=content>\n" + NESTED_QWEN + " " + NESTED_QWEN
        + "\n</parameter>\n</function>\n</tool_call>",
        [("write_file", {"content": NESTED_QWEN + " " + NESTED_QWEN})],
        "",
    ),
    # nested call as the last value, and a second real call after it
    (
        "<tool_call>\n<function=write_file>\n<parameter=path>\nx\n</parameter>\n<parameter=content>\n" + NESTED_QWEN
        + "\n</parameter>\n</function>\n</tool_call>\n" + NESTED_QWEN,
        [("write_file", {"path": "x", "content": NESTED_QWEN}), ("get_weather", {"city": "Oslo"})],
        "",
    ),
    # a nested call to the same tool, whose keys are also the outer call's keys
    (
        "<function=write_file><parameter=content>"
        "<function=write_file><parameter=content>X</parameter><parameter=path>Y</parameter></function>"
        "</parameter><parameter=path>real.txt</parameter></function>",
        [("write_file", {
            "content": "<function=write_file><parameter=content>X</parameter><parameter=path>Y</parameter></function>",
            "path": "real.txt",
        })],
        "",
    ),
    # an unbalanced opener in a value, then a second call
    (
        "<function=get_weather><parameter=city>a <parameter=zzz> b</parameter></function>\n"
        "<function=get_weather><parameter=city>c</parameter></function>",
        [("get_weather", {"city": "a <parameter=zzz> b"}), ("get_weather", {"city": "c"})],
        "",
    ),
    # drifted closers and indentation
    (
        "  <tool_call>\n  <function=write_file>\n    <parameter=path>\n      src/a.py\n    </parameter1>\n"
        "    <parameter=content>\n      def f():\n          return 1\n    </parameter\n"
        "    <parameter=append>\n      TRUE\n    </parameter>\n  </function>\n  </tool_call>",
        [("write_file", {"path": "src/a.py", "content": "def f():\n    return 1", "append": True})],
        "",
    ),
    # a file's own trailing newline survives: only one newline before the closing tag is dropped
    (
        "<function=write_file><parameter=path>p</parameter><parameter=content>\nline\n\n</parameter></function>",
        [("write_file", {"path": "p", "content": "line\n"})],
        "",
    ),
    # truncated output
    ("<function=get_weather>\n<parameter=city>\nParis", [("get_weather", W)], ""),
    # the inner </function> is missing before </tool_call>
    ("<tool_call><function=get_weather><parameter=city>Paris</parameter></tool_call>", [("get_weather", W)], ""),
    # negatives: prose about the syntax, placeholders, unknown tools, quoted examples
    ("To call a tool write `<function=get_weather>` followed by parameters.", [], None),
    ("<function=NAME>\n<parameter=KEY>\nVALUE\n</parameter>\n</function>", [], None),
    ("<function=rm_rf>\n<parameter=path>\n/\n</parameter>\n</function>", [], None),
    ("I would call <function=get_weather> if I knew the city.", [], None),
    ("Example:\n```xml\n<function=get_weather><parameter=city>Paris</parameter></function>\n```\nThat is the syntax.", [], None),
    # a key that was already given cannot start a new value: it stays inside this one
    (
        "<function=get_weather><parameter=city>A</parameter><parameter=city>B</parameter></function>",
        [("get_weather", {"city": "A</parameter><parameter=city>B"})],
        "",
    ),
]

# --- Llama 3.x JSON -----------------------------------------------------------------------------
LLAMA = [
    ('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}', [("get_weather", W)], ""),
    ('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}}<|eom_id|>', [("get_weather", W)], ""),
    (
        'Checking.<|python_tag|>{"name": "get_weather", "parameters": {"city": "A"}}; {"name": "ping", "parameters": {}}',
        [("get_weather", {"city": "A"}), ("ping", {})],
        "Checking.",
    ),
    ('{"name": "get_weather", "parameters": {"city": "Paris"}}', [("get_weather", W)], ""),
    ('  {"name": "get_weather", "arguments": {"city": "Paris", "days": "2"}}\n', [("get_weather", {"city": "Paris", "days": 2})], ""),
    ('```json\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n```', [("get_weather", W)], ""),
    (
        '[{"name": "get_weather", "parameters": {"city": "A"}}, {"name": "ping", "parameters": {}}]',
        [("get_weather", {"city": "A"}), ("ping", {})],
        "",
    ),
    ('{"type": "function", "name": "get_weather", "parameters": {"city": "Paris"}}', [("get_weather", W)], ""),
    ('{"type": "function", "function": {"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}}', [("get_weather", W)], ""),
    ('{"name": "ping", "parameters": null}', [("ping", {})], ""),
    # an envelope inside prose is a call, as vLLM's and SGLang's Llama 3 parsers read it (issue 25, Must 6)
    ('The call would be {"name": "get_weather", "parameters": {"city": "Paris"}} as JSON.', [("get_weather", W)], None),
    # negatives: a quoted (fenced) sample, other objects, unknown tools, extra keys, broken JSON
    ('Here:\n```json\n{"name": "get_weather", "parameters": {"city": "Paris"}}\n```\nDone.', [], None),
    ('{"name": "Alice", "age": 30}', [], None),
    ('{"name": "get_weather", "parameters": {"city": "Paris"}, "result": "sunny"}', [], None),
    ('{"name": "unknown_tool", "parameters": {}}', [], None),
    ('{"name": "get_weather", "parameters": {"city": "Paris"}', [], None),
    ('[{"name": "get_weather", "parameters": {"city": "A"}}, {"name": "nope", "parameters": {}}]', [], None),
    ('<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}} and then some prose', [], None),
    ('{"type": "text", "name": "get_weather", "parameters": {"city": "Paris"}}', [], None),
]

# --- Mistral ---------------------------------------------------------------------------------
MISTRAL = [
    ('[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris"}}]', [("get_weather", W)], ""),
    ('[TOOL_CALLS] [{"arguments": {"city": "Paris"}, "name": "get_weather"}]', [("get_weather", W)], ""),
    (
        '[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "ping", "arguments": {}}]',
        [("get_weather", {"city": "A"}), ("ping", {})],
        "",
    ),
    ('Hello[TOOL_CALLS] [{"name": "ping", "arguments": {}}]', [("ping", {})], "Hello"),
    ('[TOOL_CALLS]get_weather{"city": "Paris"}', [("get_weather", W)], ""),
    ('[TOOL_CALLS]get_weather{"city": "Paris"}</s>', [("get_weather", W)], ""),
    ('[TOOL_CALLS]get_weather{"city": "A"}[TOOL_CALLS]ping{}', [("get_weather", {"city": "A"}), ("ping", {})], ""),
    ('[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "days": 2}', [("get_weather", {"city": "Paris", "days": 2})], ""),
    ('[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "Paris"}', [("get_weather", W)], ""),
    (
        'hi{hi[TOOL_CALLS]write_file{"path": "r.py", "content": "print(\\"[TOOL_CALLS]\\")\\nre.compile(r\'{}\')"}',
        [("write_file", {"path": "r.py", "content": "print(\"[TOOL_CALLS]\")\nre.compile(r'{}')"})],
        "hi{hi",
    ),
    ('[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "Dallas"}}]\nextra trailing data', [("get_weather", {"city": "Dallas"})], "extra trailing data"),
    ('[TOOL_CALLS]search{"query": "x", "limit": "5", "tags": "[\\"a\\"]"}', [("search", {"query": "x", "limit": 5, "tags": ["a"]})], ""),
    # negatives
    ("[TOOL_CALLS] not json at all", [], None),
    ('[TOOL_CALLS]get_weather{"city": ', [], None),
    ('[TOOL_CALLS]wipe_disk{"all": true}', [], None),
    ('[TOOL_CALLS] [{"name": "get_weather", "arguments": {"city": "A"}}, {"name": "nope", "arguments": {}}]', [], None),
    ("[TOOL_CALLS]get_weather", [], None),
    ('[TOOL_CALLS]get_weather["Paris"]', [], None),
]

# --- gpt-oss harmony ---------------------------------------------------------------------------
HARMONY = [
    ('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>', [("get_weather", W)], ""),
    ('<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>', [("get_weather", W)], ""),
    ('<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Paris"}<|call|>', [("get_weather", W)], ""),
    ('<|channel|>commentary to=functions.get_weather<|message|>{"city": "Paris"}<|call|>', [("get_weather", W)], ""),
    ('commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}', [("get_weather", W)], ""),
    ('<|channel|>commentary to=functions.ping <|constrain|>json<|message|>{}<|call|>', [("ping", {})], ""),
    (
        '<|channel|>analysis<|message|>Need weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather '
        '<|constrain|>json<|message|>{"city": "Paris"}<|call|>',
        [("get_weather", W)],
        "",
    ),
    (
        '<|channel|>commentary<|message|>Checking two cities.<|end|><|start|>assistant<|channel|>commentary '
        'to=functions.get_weather <|constrain|>json<|message|>{"city": "A"}<|call|><|start|>assistant<|channel|>commentary '
        'to=functions.get_weather <|constrain|>json<|message|>{"city": "B", "days": "4"}<|call|>',
        [("get_weather", {"city": "A"}), ("get_weather", {"city": "B", "days": 4})],
        "Checking two cities.",
    ),
    (
        '<|channel|>commentary to=functions.write_file <|constrain|>json<|message|>{"path": "x", "content": "<|call|> inside"}<|call|>',
        [("write_file", {"path": "x", "content": "<|call|> inside"})],
        "",
    ),
    ('<|channel|>analysis to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>', [("get_weather", W)], ""),
    # negatives
    ('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": <|call|>', [], None),
    ('<|channel|>commentary to=functions.drop_db <|constrain|>json<|message|>{}<|call|>', [], None),
    ("The harmony recipient looks like to=functions.get_weather and the body is JSON.", [], None),
    ('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>["Paris"]<|call|>', [], None),
    ('<|channel|>final<|message|>It is sunny in Paris.<|return|>', [], None),
    ('<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "P"} extra<|call|>', [], None),
]

# --- GLM-4.5 / 4.6 ---------------------------------------------------------------------------
GLM = [
    (
        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n"
        "<arg_value>2</arg_value>\n</tool_call>",
        [("get_weather", {"city": "Paris", "days": 2})],
        "",
    ),
    ("<tool_call>get_weather<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>", [("get_weather", W)], ""),
    ("Let me look.\n<tool_call>ping\n</tool_call>", [("ping", {})], "Let me look."),
    ("<tool_call>ping</tool_call>", [("ping", {})], ""),
    (
        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>A</arg_value>\n</tool_call>\n"
        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>B</arg_value>\n</tool_call>",
        [("get_weather", {"city": "A"}), ("get_weather", {"city": "B"})],
        "",
    ),
    (
        "<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>x</arg_value>\n<arg_key>filters</arg_key>\n"
        "<arg_value>{\"lang\": \"en\"}</arg_value>\n<arg_key>tags</arg_key>\n<arg_value>['a', 'b']</arg_value>\n"
        "<arg_key>limit</arg_key>\n<arg_value>None</arg_value>\n</tool_call>",
        [("search", {"query": "x", "filters": {"lang": "en"}, "tags": ["a", "b"], "limit": None})],
        "",
    ),
    # a literal </arg_value> and a stray <arg_key> inside a value
    (
        "<tool_call>write_file\n<arg_key>path</arg_key>\n<arg_value>a.txt</arg_value>\n<arg_key>content</arg_key>\n"
        "<arg_value>x</arg_value> <arg_key>path</arg_key><arg_value>/etc/passwd</arg_value>\n</tool_call>",
        [("write_file", {"path": "a.txt", "content": "x</arg_value> <arg_key>path</arg_key><arg_value>/etc/passwd"})],
        "",
    ),
    # a nested GLM call inside a value
    (
        "<tool_call>write_file\n<arg_key>content</arg_key>\n<arg_value><tool_call>ping</tool_call></arg_value>\n"
        "<arg_key>path</arg_key>\n<arg_value>p</arg_value>\n</tool_call>",
        [("write_file", {"content": "<tool_call>ping</tool_call>", "path": "p"})],
        "",
    ),
    # a nested call to the same tool (its keys are the outer call's keys), and a lone opener in a value
    (
        "<tool_call>write_file<arg_key>content</arg_key><arg_value>"
        "<tool_call>write_file<arg_key>content</arg_key><arg_value>X</arg_value><arg_key>path</arg_key>"
        "<arg_value>Y</arg_value></tool_call></arg_value><arg_key>path</arg_key><arg_value>real</arg_value></tool_call>",
        [("write_file", {
            "content": "<tool_call>write_file<arg_key>content</arg_key><arg_value>X</arg_value><arg_key>path</arg_key>"
            "<arg_value>Y</arg_value></tool_call>",
            "path": "real",
        })],
        "",
    ),
    (
        "<tool_call>write_file<arg_key>content</arg_key><arg_value><tool_call></arg_value>"
        "<arg_key>path</arg_key><arg_value>p</arg_value></tool_call>",
        [("write_file", {"content": "<tool_call>", "path": "p"})],
        "",
    ),
    # drifted closer and indentation
    (
        "<tool_call>write_file\n  <arg_key>path</arg_key>\n  <arg_value>\n    a.txt\n  </arg_value1>\n"
        "  <arg_key>append</arg_key>\n  <arg_value>false</arg_value>\n</tool_call>",
        [("write_file", {"path": "a.txt", "append": False})],
        "",
    ),
    # cut off after a closed value: the call runs (required arguments present); cut off inside a value: it
    # does not, the value may be half a file (Ollama glm46_test.go::TestGLM46ParserRejectsIncompleteToolCallOnDone)
    ("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>", [("get_weather", W)], ""),
    ("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris", [], None),
    # negatives
    ("<tool_call>format_disk\n<arg_key>all</arg_key>\n<arg_value>true</arg_value>\n</tool_call>", [], None),
    ("<tool_call>get_weather and some words</tool_call>", [], None),
    ("Write `<tool_call>get_weather<arg_key>city</arg_key><arg_value>X</arg_value></tool_call>` to call it.", [], None),
    ("<tool_call>NAME\n<arg_key>KEY</arg_key>\n<arg_value>VALUE</arg_value>\n</tool_call>", [], None),
    ("<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>A</arg_value>\n<arg_key>days</arg_key>\n</tool_call>", [], None),
    ("<tool_call>get_weather\n<arg_value>Paris</arg_value>\n</tool_call>", [], None),
]

# --- DeepSeek V3 / V3.1 -------------------------------------------------------------------------
B, E = "<\uff5ctool\u2581calls\u2581begin\uff5c>", "<\uff5ctool\u2581calls\u2581end\uff5c>"
CB, CE, SEP = "<\uff5ctool\u2581call\u2581begin\uff5c>", "<\uff5ctool\u2581call\u2581end\uff5c>", "<\uff5ctool\u2581sep\uff5c>"


def ds3(name: str, args: str) -> str:
    return f"{CB}function{SEP}{name}\n```json\n{args}\n```{CE}"


def ds31(name: str, args: str) -> str:
    return f"{CB}{name}{SEP}{args}{CE}"


DEEPSEEK = [
    (B + ds3("get_weather", '{"city": "Paris"}') + E, [("get_weather", W)], ""),
    (B + ds31("get_weather", '{"city": "Paris"}') + E, [("get_weather", W)], ""),
    ("Checking." + B + ds3("get_weather", '{"city": "A"}') + "\n" + ds3("ping", "{}") + E, [("get_weather", {"city": "A"}), ("ping", {})], "Checking."),
    (B + ds31("get_weather", '{"city": "A"}') + ds31("get_weather", '{"city": "B", "days": "1"}') + E,
     [("get_weather", {"city": "A"}), ("get_weather", {"city": "B", "days": 1})], ""),
    (B + ds31("ping", "{}") + E + "<\uff5cend\u2581of\u2581sentence\uff5c>", [("ping", {})], ""),
    (B + ds31("write_file", json.dumps({"path": "a", "content": E + " inside"})) + E, [("write_file", {"path": "a", "content": E + " inside"})], ""),
    (B + ds31("get_weather", '{"city": "Paris"}'), [("get_weather", W)], ""),  # truncated before the section end
    ("<|tool\u2581calls\u2581begin|><|tool\u2581call\u2581begin|>get_weather<|tool\u2581sep|>{\"city\": \"Paris\"}<|tool\u2581call\u2581end|><|tool\u2581calls\u2581end|>",
     [("get_weather", W)], ""),
    (B + ds31("search", '{"query": "q", "exact": "false", "score": "0.5"}') + E, [("search", {"query": "q", "exact": False, "score": 0.5})], ""),
    (B + ds3("function", '{"x": 1}').replace("function" + SEP + "function", "function" + SEP + "ping") + E, [("ping", {"x": 1})], ""),
    # negatives
    (B + ds31("get_weather", '{"city": ') + E, [], None),
    (B + ds31("shutdown", "{}") + E, [], None),
    (B + ds31("get_weather", '{"city": "A"}') + ds31("nope", "{}") + E, [], None),
    (B + ds31("get_weather", '["A"]') + E, [], None),
    ("DeepSeek marks calls with tool calls begin tokens, e.g. " + B + " then the calls.", [], None),
    (B + CB + "get_weather" + E, [], None),
]

# --- Kimi K2 ----------------------------------------------------------------------------------
KB, KE = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"


def kimi(name: str, args: str, idx: int = 0) -> str:
    return f"<|tool_call_begin|>functions.{name}:{idx}<|tool_call_argument_begin|>{args}<|tool_call_end|>"


KIMI = [
    (KB + kimi("get_weather", '{"city": "Paris"}') + KE, [("get_weather", W)], ""),
    ("I'll check." + KB + kimi("get_weather", '{"city": "Paris"}') + KE, [("get_weather", W)], "I'll check."),
    (KB + kimi("get_weather", '{"city": "A"}') + kimi("ping", "{}", 1) + KE, [("get_weather", {"city": "A"}), ("ping", {})], ""),
    (KB + " " + kimi("get_weather", '{"city": "A"}') + "\n" + kimi("get_weather", '{"city": "B"}', 1) + " " + KE,
     [("get_weather", {"city": "A"}), ("get_weather", {"city": "B"})], ""),
    (KB + "<|tool_call_begin|>get_weather:0<|tool_call_argument_begin|>{\"city\": \"Paris\"}<|tool_call_end|>" + KE, [("get_weather", W)], ""),
    ("<|tool_call_section_begin|>" + kimi("get_weather", '{"city": "Paris"}') + "<|tool_call_section_end|>", [("get_weather", W)], ""),
    (KB + kimi("write_file", json.dumps({"path": "a", "content": "<|tool_call_end|>" + KE})) + KE,
     [("write_file", {"path": "a", "content": "<|tool_call_end|>" + KE})], ""),
    (KB + kimi("search", '{"query": "q", "limit": "10", "note": "null"}') + KE, [("search", {"query": "q", "limit": 10, "note": "null"})], ""),
    (KB + kimi("get_weather", '{"city": "Paris"}'), [("get_weather", W)], ""),  # truncated
    (KB + kimi("get_weather", '{"city": "Paris"}') + KE + "\nDone.", [("get_weather", W)], "Done."),
    # arguments that are not JSON, in a closed call: kept as their text (vLLM test_invalid_json_still_extracted)
    (KB + kimi("get_weather", '{"city": ') + KE, [("get_weather", '{"city":')], ""),
    # negatives
    (KB + kimi("erase", "{}") + KE, [], None),
    (KB + kimi("get_weather", '{"city": "A"}') + kimi("erase", "{}", 1) + KE, [], None),
    (KB + kimi("get_weather", '"Paris"') + KE, [], None),
    ("Kimi wraps calls in a section such as " + KB + " ... " + KE + ".", [], None),
    (KB + "<|tool_call_begin|>functions.get_weather:0" + KE, [], None),
]

# --- Pythonic ---------------------------------------------------------------------------------
PYTHONIC = [
    ('[get_weather(city="Paris")]', [("get_weather", W)], ""),
    ("[get_weather(city='Paris', days=3), ping()]", [("get_weather", {"city": "Paris", "days": 3}), ("ping", {})], ""),
    ('<|python_start|>[get_weather(city="Paris")]<|python_end|>', [("get_weather", W)], ""),
    ("  [ping()]\n", [("ping", {})], ""),
    (
        '[search(query="q", filters={"a": [1, 2]}, tags=["x"], limit=None, exact=True, score=-0.5)]',
        [("search", {"query": "q", "filters": {"a": [1, 2]}, "tags": ["x"], "limit": None, "exact": True, "score": -0.5})],
        "",
    ),
    ("[search(query='q', exact=false, limit=null)]", [("search", {"query": "q", "exact": False, "limit": None})], ""),
    ('[write_file(path="a", content="[get_weather(city=\\"x\\")]")]', [("write_file", {"path": "a", "content": '[get_weather(city="x")]'})], ""),
    ("[search(query='q', tags=('a', 'b'))]", [("search", {"query": "q", "tags": ["a", "b"]})], ""),
    ('[get_weather(city="Paris", days="2")]', [("get_weather", {"city": "Paris", "days": 2})], ""),
    # a call list inside prose is read, as vLLM's and SGLang's pythonic parsers read it (issue 25, Must 6)
    ('I will run [get_weather(city="Paris")] now.', [("get_weather", W)], None),
    # negatives: code, positional arguments, unknown tools, non-literals
    ('[get_weather("Paris")]', [], None),
    ('[launch_missiles(target="x")]', [], None),
    ('[get_weather(city=__import__("os").system("id"))]', [], None),
    ('[get_weather(city="a"), nope()]', [], None),
    ("[1, 2, 3]", [], None),
    ('[os.system(cmd="id")]', [], None),
    ("[get_weather(**{'city': 'x'})]", [], None),
    ("[]", [], None),
]

CORPUS = {
    "hermes": HERMES,
    "qwen3_xml": QWEN3,
    "llama3_json": LLAMA,
    "mistral": MISTRAL,
    "harmony": HARMONY,
    "glm45": GLM,
    "deepseek": DEEPSEEK,
    "kimi_k2": KIMI,
    "pythonic": PYTHONIC,
}
CASES = [pytest.param(t, c, x, id=f"{d}-{i}") for d, cases in CORPUS.items() for i, (t, c, x) in enumerate(cases)]


@pytest.mark.parametrize("text,calls,content", CASES)
def test_corpus(text, calls, content):
    check(text, calls, content)


def test_every_dialect_has_at_least_15_cases_with_negatives():
    for name, cases in CORPUS.items():
        assert len(cases) >= 15, name
        assert sum(1 for _, calls, _ in cases if not calls) >= 5, name


def test_the_dialect_table_has_one_parser_with_an_example_per_dialect():
    names = [d.name for d in sq._DIALECTS]
    assert len(names) == len(set(names)) >= 9
    for dialect in sq._DIALECTS:
        doc = dialect.parse.__doc__ or ""
        assert "`" in doc and ("<" in doc or "[" in doc or "{" in doc), dialect.name


# --- precision across dialects -------------------------------------------------------------------
@pytest.mark.parametrize(
    "text",
    [
        "",
        "plain answer",
        "The tools use tags like <tool_call>, <function=...>, [TOOL_CALLS] and <|python_tag|>.",
        "Use `<function=NAME>` and `<parameter=KEY>` to call a tool.",
        "```python\nprint([get_weather(city='x')])\n```",
        '{"answer": 42}',
        "[1, 2]",
        "[see above]",
        '{"name": "get_weather"',
    ],
)
def test_prose_and_examples_never_become_calls(text):
    assert sq.parse_inline_calls(text, SPECS) == (text, [])


def test_nothing_is_a_call_when_no_tool_is_offered():
    text = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>'
    assert sq.parse_inline_calls(text, {}) == (text, [])
    assert sq.parse_inline_calls(text, {"ping": SPECS["ping"]}) == (text, [])


def test_an_unoffered_outer_call_keeps_a_nested_offered_call_as_text():
    text = "<tool_call>\n<function=upload>\n<parameter=body>\n" + NESTED_QWEN + "\n</parameter>\n</function>\n</tool_call>"
    assert sq.parse_inline_calls(text, SPECS) == (text, [])


def test_input_is_not_mutated():
    specs = json.loads(json.dumps(SPECS))
    parse('<tool_call>{"name": "search", "arguments": {"query": "x", "limit": "3"}}</tool_call>', specs)
    assert specs == SPECS


def test_pathological_input_is_bounded():
    def file_call(stray: int) -> str:
        content = "</parameter>x" * stray
        return f"<function=write_file><parameter=path>p</parameter><parameter=content>{content}</parameter></function>"

    assert parse(file_call(100))[1] == [("write_file", {"path": "p", "content": "</parameter>x" * 100})]
    # issue 25: no cap on closers or openers (the readers are linear; the loop caps calls per round)
    text = file_call(5000)
    assert parse(text)[1] == [("write_file", {"path": "p", "content": "</parameter>x" * 5000})]
    markers = "[TOOL_CALLS]" * 20_000 + "<tool_call>" * 20_000  # each failed JSON decode stops at once
    assert sq.parse_inline_calls(markers, SPECS) == (markers, [])
    many = [f'<tool_call>{{"name": "ping", "arguments": {{"n": {i}}}}}</tool_call>' for i in range(200)]
    content, calls = parse("".join(many))
    assert calls == [("ping", {"n": i}) for i in range(200)] and content == ""
    deep = "[" * 100_000 + "]" * 100_000
    assert sq.parse_inline_calls(deep, SPECS) == (deep, [])


# --- typing by schema -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "raw,schema,expected",
    [
        ("42", {"type": "integer"}, 42),
        ("42.0", {"type": "integer"}, 42),
        ("4.2", {"type": "integer"}, "4.2"),
        ("-3", {"type": "number"}, -3),
        ("1e3", {"type": "number"}, 1000.0),
        ("nan", {"type": "number"}, "nan"),
        ("7", {"type": "int"}, 7),
        ("2.5", {"type": "float"}, 2.5),
        ("True", {"type": "bool"}, True),
        ("FALSE", {"type": "boolean"}, False),
        ("yes", {"type": "boolean"}, "yes"),
        ("1", {"type": "boolean"}, "1"),
        ("on", {"type": "boolean"}, "on"),
        ('{"a": 1}', {"type": "dict"}, {"a": 1}),
        ("{'a': (1, 2)}", {"type": "object"}, {"a": [1, 2]}),
        ("[1, 2]", {"type": "list"}, [1, 2]),
        ("[1, 2]", {"type": "object"}, "[1, 2]"),
        ("{1, 2}", {"type": "array"}, "{1, 2}"),
        ("__import__('os')", {"type": "object"}, "__import__('os')"),
        ("null", {"type": ["integer", "null"]}, None),
        ("None", {"anyOf": [{"type": "integer"}, {"type": "null"}]}, None),
        ("NULL", {"oneOf": [{"type": "string"}, {"type": "null"}]}, None),
        ("nil", {"type": ["integer", "null"]}, "nil"),
        ("null", {"type": "integer"}, None),  # a number left out (Ollama's parseValue; issue 17)
        ("NULL", {"type": "number"}, None),
        ("null", {"type": "string"}, "null"),
        ("null", {"type": "boolean"}, "null"),
        ("", {"type": ["integer", "null"]}, ""),
        ("5", {"anyOf": [{"type": "string"}, {"type": "integer"}]}, 5),
        ("true", {"type": ["string", "boolean"]}, True),
        ("abc", {"type": ["string", "integer"]}, "abc"),
        ("007", {"type": "string"}, "007"),
        ("7", None, "7"),
        ("2", {"enum": [1, 2, 3]}, 2),
        ("9" * 5000, {"type": "integer"}, "9" * 5000),
    ],
)
def test_coerce_value(raw, schema, expected):
    got = sq.coerce_value(raw, schema)
    assert got == expected and type(got) is type(expected)


def test_schema_types_maps_non_standard_names_and_unions():
    assert sq._schema_types({"type": "float"}) == ["number"]
    assert sq._schema_types({"type": ["int", "null"]}) == ["integer", "null"]
    assert sq._schema_types({"anyOf": [{"type": "dict"}, {"oneOf": [{"type": "list"}]}]}) == ["object", "array"]
    assert sq._schema_types("nonsense") == []


def test_coerce_arguments_leaves_explicit_json_strings_in_string_unions():
    props = SPECS["search"]["parameters"]["properties"]
    assert sq.coerce_arguments({"note": "null", "limit": "null", "query": "5", "exact": "TRUE"}, props) == {
        "note": "null",
        "limit": None,
        "query": "5",
        "exact": True,
    }


# --- the round trip property ----------------------------------------------------------------------
def xml(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def py(value: Any) -> str:
    return repr(value)


def join_kimi(calls):
    return KB + "".join(kimi(n, json.dumps(a), i) for i, (n, a) in enumerate(calls)) + KE


WRITERS = {
    "hermes": lambda calls: "\n".join(
        f"<tool_call>\n{json.dumps({'name': n, 'arguments': a}, ensure_ascii=False)}\n</tool_call>" for n, a in calls
    ),
    "qwen25_tools": lambda calls: "\n".join(f"<tools>\n{json.dumps({'name': n, 'arguments': a})}\n</tools>" for n, a in calls),
    "qwen3_xml": lambda calls: "\n".join(
        f"<tool_call>\n<function={n}>\n"
        + "".join(f"<parameter={k}>\n{xml(v)}\n</parameter>\n" for k, v in a.items())
        + "</function>\n</tool_call>"
        for n, a in calls
    ),
    "qwen3_bare": lambda calls: "\n".join(
        f"<function={n}>" + "".join(f"<parameter={k}>{xml(v)}</parameter>" for k, v in a.items()) + "</function>"
        for n, a in calls
    ),
    "glm45": lambda calls: "\n".join(
        f"<tool_call>{n}\n" + "".join(f"<arg_key>{k}</arg_key>\n<arg_value>{xml(v)}</arg_value>\n" for k, v in a.items()) + "</tool_call>"
        for n, a in calls
    ),
    "llama3_tag": lambda calls: "<|python_tag|>" + "; ".join(json.dumps({"name": n, "parameters": a}) for n, a in calls),
    "llama3_json": lambda calls: json.dumps([{"type": "function", "name": n, "parameters": a} for n, a in calls]),
    "llama3_fence": lambda calls: "```json\n" + json.dumps([{"name": n, "arguments": a} for n, a in calls], indent=2) + "\n```",
    "mistral_list": lambda calls: "[TOOL_CALLS]" + json.dumps([{"name": n, "arguments": a} for n, a in calls]),
    "mistral_v11": lambda calls: "".join(f"[TOOL_CALLS]{n}{json.dumps(a)}" for n, a in calls),
    "mistral_args": lambda calls: "".join(f"[TOOL_CALLS]{n}[ARGS]{json.dumps(a)}" for n, a in calls),
    "harmony": lambda calls: "".join(
        f"<|start|>assistant<|channel|>commentary to=functions.{n} <|constrain|>json<|message|>{json.dumps(a)}<|call|>"
        for n, a in calls
    ),
    "deepseek_v3": lambda calls: B + "\n".join(ds3(n, json.dumps(a)) for n, a in calls) + E,
    "deepseek_v31": lambda calls: B + "".join(ds31(n, json.dumps(a)) for n, a in calls) + E,
    "kimi_k2": join_kimi,
    "pythonic": lambda calls: "[" + ", ".join(f"{n}(" + ", ".join(f"{k}={py(v)}" for k, v in a.items()) + ")" for n, a in calls) + "]",
    # issue 17: the forms added for vLLM's, SGLang's and Ollama's cases
    "pythonic_tagged": lambda calls: "<|python_start|>" + WRITERS["pythonic"](calls) + "<|python_end|>",
    "qwen25_fences": lambda calls: "\n\n".join(f"```json\n{json.dumps({'name': n, 'arguments': a})}\n```" for n, a in calls),
    "qwen25_bare": lambda calls: "\n".join(json.dumps({"name": n, "arguments": a}, ensure_ascii=False) for n, a in calls),
    "qwen25_tools_list": lambda calls: "<tools>\n" + json.dumps([{"name": n, "arguments": a} for n, a in calls]) + "\n</tools>",
    "llama3_lines": lambda calls: "\n".join(json.dumps({"name": n, "parameters": a}) for n, a in calls),
    # no </parameter> / </arg_value>: each value closes where the next key opens or the call closes
    "qwen3_implicit": lambda calls: "\n".join(
        f"<function={n}>\n" + "".join(f"<parameter={k}>\n{xml(v)}\n" for k, v in a.items()) + "</function>"
        for n, a in calls
    ),
    "glm_implicit": lambda calls: "\n".join(
        f"<tool_call>{n}" + "".join(f"<arg_key>{k}</arg_key><arg_value>{xml(v)}" for k, v in a.items()) + "</tool_call>"
        for n, a in calls
    ),
}
WHOLE_REPLY = {"llama3_json", "llama3_fence", "pythonic", "qwen25_fences", "qwen25_bare", "llama3_lines"}
TEXT_VALUES = {"qwen3_xml", "qwen3_bare", "glm45", "qwen3_implicit", "glm_implicit"}  # values as text, typed back
PLAIN_TEXT = {"qwen3_implicit", "glm_implicit"}  # a value without closer cannot quote tags (no way to tell)

FRAGMENTS = ["</parameter>", "<parameter=zzz>", "</function>", "<tool_call>", "</tool_call>", "</arg_value>",
             "<arg_key>zzz</arg_key>", "[TOOL_CALLS]", "<|call|>", "{", "}", "[", "]", '"', "'", "\\", "=", NESTED_QWEN]
identifiers = st.from_regex(r"[a-y][a-y0-9_]{0,10}", fullmatch=True).filter(lambda s: not keyword.iskeyword(s))
words = st.text(st.characters(codec="utf-8", exclude_characters="\r\x00", exclude_categories=("Cs", "Zl", "Zp")), max_size=12)
# A closer then a key's opener inside a value ends the value in every reader (vLLM's too): no text can say
# otherwise, so the round trip leaves that one form out (hypothesis found `</parameter> <parameter=zzz>`).
_ENDS_A_VALUE = re.compile(r"</(parameter|arg_value)>?\s*<(parameter=|arg_key>)")
text_value = st.lists(st.one_of(words, st.sampled_from(FRAGMENTS)), max_size=5).map(" ".join).filter(
    lambda s: (s == "" or not s[0].isspace()) and not _ENDS_A_VALUE.search(s)
)
plain_text = st.text(st.characters(codec="utf-8", exclude_characters="<`\r\n\x00", exclude_categories=("Cs", "Zl", "Zp")),
                     max_size=12).map(str.strip)
json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-10**12, 10**12), st.floats(allow_nan=False, allow_infinity=False), words)
json_value = st.recursive(json_leaf, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(identifiers, kids, max_size=3), max_leaves=6)

# (schema, strategy for a value of that schema); strings never share a union with other types here:
# in text dialects `5` for a string-or-integer is 5 by design (non-string types first).
KINDS = [
    ({"type": "string"}, text_value),
    ({"type": "integer"}, st.integers(-(10**15), 10**15)),
    ({"type": "int"}, st.integers(-100, 100)),
    ({"type": "number"}, st.floats(allow_nan=False, allow_infinity=False, width=64)),
    ({"type": "boolean"}, st.booleans()),
    ({"type": "object"}, st.dictionaries(identifiers, json_value, max_size=3)),
    ({"type": "array"}, st.lists(json_value, max_size=3)),
    ({"type": ["integer", "null"]}, st.one_of(st.none(), st.integers(-1000, 1000))),
    ({"anyOf": [{"type": "number"}, {"type": "null"}]}, st.one_of(st.none(), st.floats(-1e6, 1e6))),
    ({"oneOf": [{"type": "boolean"}, {"type": "array"}]}, st.one_of(st.booleans(), st.lists(st.integers(), max_size=3))),
]


@st.composite
def offered_calls(draw, dialect: str):
    """Offered tools with generated schemas, and 1-3 calls to them with arguments typed by those schemas."""
    kinds = list(KINDS)
    if dialect in PLAIN_TEXT:
        kinds[0] = ({"type": "string"}, plain_text)
    elif dialect not in TEXT_VALUES:  # JSON and pythonic dialects carry any string, blanks and all
        kinds[0] = ({"type": "string"}, st.one_of(text_value, st.text(max_size=20)))
    tools = draw(st.dictionaries(identifiers, st.dictionaries(identifiers, st.sampled_from(range(len(KINDS))), min_size=1, max_size=4),
                                 min_size=1, max_size=3))
    specs = {
        name: {"name": name, "parameters": {"type": "object", "properties": {k: KINDS[i][0] for k, i in props.items()}}}
        for name, props in tools.items()
    }
    calls = []
    for _ in range(draw(st.integers(1, 3))):
        name = draw(st.sampled_from(sorted(tools)))
        keys = draw(st.lists(st.sampled_from(sorted(tools[name])), unique=True))
        calls.append((name, {k: draw(kinds[tools[name][k]][1]) for k in keys}))
    return specs, calls


@given(
    st.sampled_from(sorted(WRITERS)).flatmap(lambda d: st.tuples(st.just(d), offered_calls(d))),
    st.sampled_from(["", "Let me check that.", "Plan: two steps."]),
)
def test_property_any_offered_call_in_any_dialect_round_trips(drawn, prefix):
    dialect, (specs, calls) = drawn
    text = WRITERS[dialect](calls)
    if dialect not in WHOLE_REPLY and prefix:
        text = prefix + "\n" + text
    content, parsed = sq.parse_inline_calls(text, specs, "r")
    assert [(c.name, json.loads(c.arguments)) for c in parsed] == calls
    assert content == ("" if dialect in WHOLE_REPLY else prefix)


# --- issue 17: the upstream parsers' own cases ----------------------------------------------------------------
UPSTREAM = [pytest.param(c, id=f"{d}: {c.source}") for d, cases in SETS.items() for c in cases]


@pytest.mark.parametrize("case", UPSTREAM)
def test_upstream_case(case: Case):
    """Each case of vLLM's, SGLang's and Ollama's parser tests (named in the id): the calls upstream expects,
    or, where one of our precision rules says otherwise, what that rule gives (`case.why`)."""
    content, calls = sq.parse_inline_calls(case.text, case.tools, "u")
    assert [(c.name, json.loads(c.arguments)) for c in calls] == case.expected, case.why
    if not calls:
        assert content == case.text


def test_upstream_sets_name_their_sources_and_have_positives_and_negatives():
    for name, cases in SETS.items():
        assert sum(bool(c.expected) for c in cases) >= 10, name
        assert sum(not c.expected for c in cases) >= 2, name
        assert all(c.source.startswith(UPSTREAM_SOURCES) for c in cases), name
        assert all(c.why for c in cases if c.ours is not None), name
        assert len({(c.source, c.text) for c in cases}) == len(cases), name


UPSTREAM_SOURCES = ("vLLM tests/", "vLLM issue", "SGLang test/", "Ollama model/", "Ollama tools/", "Ollama issue",
                    "issue 17 Must 4", "ardanlabs/kronk", "Ollama harmony/", "llama.cpp tests/")


# --- issue 17: each new form, and what it does not open -----------------------------------------------------------
ONE = {"fetch": {"name": "fetch", "parameters": {"type": "object", "properties": {"url": {"type": "string"}}}}}
TWO = {"fetch": {"name": "fetch", "parameters": {"type": "object", "properties": {"url": {"type": "string"},
                                                                                  "depth": {"type": "string"}}}}}
NUM = {"fetch": {"name": "fetch", "parameters": {"type": "object", "properties": {"depth": {"type": "integer"}}}}}


@pytest.mark.parametrize(
    "text,specs,calls",
    [
        # vLLM test_hermes_parser_non_streaming_bare_string_arguments: the one string parameter gets it ...
        ('<tool_call>{"name": "fetch", "arguments": "https://a.example"}</tool_call>', ONE,
         [("fetch", {"url": "https://a.example"})]),
        # ... but not when the tool has two parameters: then the string stays the arguments, as vLLM reads it (the
        # loop that runs the call answers that arguments must be an object); a string holding a number or a list
        # is no text at all
        ('<tool_call>{"name": "fetch", "arguments": "https://a.example"}</tool_call>', TWO,
         [("fetch", "https://a.example")]),
        ('<tool_call>{"name": "fetch", "arguments": "3"}</tool_call>', NUM, []),
        # a string holding a list is structured, not text
        ('<tool_call>{"name": "fetch", "arguments": "[1, 2]"}</tool_call>', ONE, []),
        # Ollama TestParser/tool name with collision: one extra brace from Qwen's template; not two
        ('<tool_call>{"name": "fetch", "arguments": {"url": "u"}}}</tool_call>', ONE, [("fetch", {"url": "u"})]),
        ('<tool_call>{"name": "fetch", "arguments": {"url": "u"}}}}</tool_call>', ONE, []),
        # vLLM test_extract_tool_calls_missing_parameters_and_arguments_key: bare JSON needs its arguments ...
        ('{"name": "fetch"}', ONE, []),
        # ... which a <tool_call> wrapper does not (Hermes' own rule: no arguments = none)
        ('<tool_call>{"name": "fetch"}</tool_call>', ONE, [("fetch", {})]),
        # Ollama TestQwenToolParser/names with spaces: a name ends at its `>`, never at a line break
        ("<function=fe\ntch><parameter=url>u</parameter></function>", ONE, []),
        ("<function=fetch now><parameter=url>u</parameter></function>", ONE, []),
        # vLLM test_extract_tool_calls_missing_closing_parameter_tag: a key the tool does not have does not
        # close a value; one the call already gave does not either
        ("<function=fetch><parameter=url>a <parameter=depth> b</parameter></function>", ONE,
         [("fetch", {"url": "a <parameter=depth> b"})]),
        ("<function=fetch><parameter=url>a</parameter><parameter=depth>b <parameter=url> c</function>", TWO,
         [("fetch", {"url": "a", "depth": "b <parameter=url> c"})]),
        # vLLM test_extract_tool_calls_streaming_missing_opening_tag: one stray </tool_call>, not prose after it
        ("<function=fetch><parameter=url>u</parameter></function>\n</tool_call>", ONE, [("fetch", {"url": "u"})]),
        ("<function=fetch><parameter=url>u</parameter></function>\n</tool_call>\n</tool_call>", ONE, []),
        # prose may stand between two calls (vLLM test_extract_tool_calls_mixed_content), but a value quoting
        # whole calls, a lone opener or prose after them keeps them (found by the round-trip property)
        ("<function=fetch><parameter=url>" + NESTED_QWEN + " <tool_call></parameter></function>", ONE,
         [("fetch", {"url": NESTED_QWEN + " <tool_call>"})]),
        ("<function=fetch><parameter=url>" + NESTED_QWEN + "\nsee\n" + NESTED_QWEN + "</parameter></function>", ONE,
         [("fetch", {"url": NESTED_QWEN + "\nsee\n" + NESTED_QWEN})]),
        # Ollama TestGLM46ToolCallParsing/unopened arg_value: such a value needs its closer
        ("<tool_call>fetch<arg_key>url</arg_key>\nu</arg_value></tool_call>", ONE, [("fetch", {"url": "u"})]),
        ("<tool_call>fetch<arg_key>url</arg_key>\nu</tool_call>", ONE, []),
        # vLLM test_extract_tool_calls_numeric_deserialization: only untyped GLM values are read as JSON
        ("<tool_call>fetch<arg_key>url</arg_key><arg_value>42</arg_value></tool_call>", ONE, [("fetch", {"url": "42"})]),
        # vLLM test_noise_between_markers_suppressed: text inside a Kimi section; a call whose arguments are no
        # JSON keeps their text (vLLM test_invalid_json_still_extracted), one cut off spoils the section
        (KB + " noise " + kimi("fetch", '{"url": "u"}') + KE, ONE, [("fetch", {"url": "u"})]),
        (KB + " noise " + kimi("fetch", '{"url": ') + KE, ONE, [("fetch", '{"url":')]),
        (KB + " noise <|tool_call_begin|>functions.fetch:0<|tool_call_argument_begin|>{\"url\": ", ONE, []),
        # SGLang test_detect_and_parse_with_python_start_and_end_token: the tags mark the call in prose ...
        ("I will look. <|python_start|>[fetch(url='u')]<|python_end|> Then answer.", ONE, [("fetch", {"url": "u"})]),
        # ... unless the prose quotes them
        ("Write `<|python_start|>[fetch(url='u')]<|python_end|>` to call.", ONE, []),
        ("Like this:\n```\n<|python_start|>[fetch(url='u')]<|python_end|>\n```\nok", ONE, []),
        # vLLM test_parallel_tool_calls_array: a list in <tools>; one unknown name keeps them all as text
        ('<tools>[{"name": "fetch", "arguments": {"url": "a"}}, {"name": "fetch", "arguments": {"url": "b"}}]</tools>',
         ONE, [("fetch", {"url": "a"}), ("fetch", {"url": "b"})]),
        ('<tools>[{"name": "fetch", "arguments": {"url": "a"}}, {"name": "wipe", "arguments": {}}]</tools>', ONE, []),
    ],
)
def test_issue17_forms_and_their_limits(text, specs, calls):
    content, got = sq.parse_inline_calls(text, specs, "f")
    assert [(c.name, json.loads(c.arguments)) for c in got] == calls
    if not calls:
        assert content == text


@pytest.mark.parametrize(
    "text",
    [
        # an inline code span (any length, any number of calls, text before the call) is a quoted sample
        "Write `" + NESTED_QWEN + "\n" + NESTED_QWEN + "` to call it twice.",
        "Write ``" + NESTED_QWEN + "`` to call it.",
        "e.g. `see " + NESTED_QWEN + "` is the form.",
        "A `span` and then `" + NESTED_QWEN + " in another`.",
    ],
)
def test_a_call_inside_an_inline_code_span_stays_text(text):
    assert sq.parse_inline_calls(text, SPECS) == (text, [])


def test_backticks_inside_calls_or_unclosed_do_not_hide_later_calls():
    one = '<tool_call>{"name": "write_file", "arguments": {"path": "a", "content": "it`s"}}</tool_call>'
    assert len(parse(one + "\n" + one)[1]) == 2
    assert parse("It`s done.\n" + NESTED_QWEN)[1] == [("get_weather", {"city": "Oslo"})]
    assert parse("Use `ls` first.\n" + NESTED_QWEN)[1] == [("get_weather", {"city": "Oslo"})]
    # a code span never crosses a blank line: stray backticks in other paragraphs quote nothing
    assert parse("It`s done.\n\n" + NESTED_QWEN + "\n\nDon`t worry.")[1] == [("get_weather", {"city": "Oslo"})]
    assert parse("It`s done. " + NESTED_QWEN + " Don`t worry.")[1] == []


def test_the_qwen25_coder_dialect_is_in_the_table():
    assert "qwen25_coder" in [d.name for d in sq._DIALECTS]
    fenced = "```json\n" + json.dumps({"name": "get_weather", "arguments": {"city": "Paris"}}) + "\n```"
    assert parse(fenced + "\n" + fenced) == ("", [("get_weather", W), ("get_weather", W)])
    assert parse("Sure:\n" + fenced) == ("Sure:\n" + fenced, [])


QUOTABLE = sorted(d for d in WRITERS if d not in {"llama3_fence", "qwen25_fences", "deepseek_v3"})  # no ``` inside


@given(
    st.sampled_from(QUOTABLE).flatmap(lambda d: st.tuples(st.just(d), offered_calls(d))),
    st.sampled_from(["fence", "fence_json", "inline"]),
)
def test_property_prose_that_quotes_calls_in_code_never_yields_calls(drawn, how):
    """Any dialect's calls, quoted in prose inside a code fence or an inline code span, stay text."""
    dialect, (specs, calls) = drawn
    sample = WRITERS[dialect](calls)
    assume("`" not in sample)
    # A blank line ends a paragraph, and no inline code span crosses one (CommonMark): calls after it
    # are not quoted (test_backticks_inside_calls_or_unclosed_do_not_hide_later_calls). Without
    # backticks, the parser's own span pattern finds only such a line.
    assume(how != "inline" or not sq._TICKS.search(sample))
    if how == "inline":
        text = f"To call it, write `{sample}` and wait."
    else:
        text = f"Here is the format:\n```{'json' if how == 'fence_json' else ''}\n{sample}\n```\nThat is all."
    assert sq.parse_inline_calls(text, specs, "q") == (text, [])


SHARDS = sorted({*FRAGMENTS, "<function=write_file>", "<parameter=path>", "<tool_call>write_file", "<arg_key>path</arg_key>",
                 "<arg_value>", "<tools>", "</tools>", "```json\n", "```", "`", "``", "<|python_start|>", "<|python_end|>",
                 "<|python_tag|>", KB, KE, "<|tool_call_begin|>functions.write_file:0", "<|tool_call_argument_begin|>",
                 "<|tool_call_end|>", '{"name": "write_file", "arguments": ', '"hello"', "{", "}}}", "]]", ";", "\\n",
                 '\\"', "null", "NULL", "[write_file(path='a')]", "\n", " ", "<function=write file>"})


@given(st.lists(st.one_of(st.sampled_from(SHARDS), words), max_size=30).map("".join))
def test_property_any_text_parses_without_error_into_faithful_units(text):
    """Text made of every dialect's pieces never raises (data texts are read by every parser too), and
    whatever it yields is offered and well-formed, with the reply's text outside the calls kept."""
    specs = {**SPECS, "write file": {"name": "write file", "parameters": {"type": "object", "properties": {}}}}
    content, calls = sq.parse_inline_calls(text, specs, "z")
    for call in calls:
        assert call.name in specs and isinstance(json.loads(call.arguments), dict)
    if not calls:
        assert content == text
    units, read = sq._find_units(text, specs)
    assert read == len(text)  # a short text is always read whole
    for unit in units:
        assert 0 <= unit.start < unit.end <= len(text)
