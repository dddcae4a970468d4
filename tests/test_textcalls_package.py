"""The shared `textcalls` package on its own (src/, imported directly): it reads calls written as text and holds
the ones whose tool untrusted text names (the rule) without anything of Subquery, so another plugin can bundle it."""

from __future__ import annotations

import ast

from tests.conftest import ROOT
from textcalls.calls import ToolCall
from textcalls.reader import parse_inline_calls, read_inline_calls
from textcalls.rule import Mentions, verdict

SPECS = {"get_time": {"name": "get_time", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}, "n": {"type": "integer"}}}}}
QWEN = "<tool_call>\n<function=get_time>\n<parameter=zone>\nUTC\n</parameter>\n<parameter=n>\n2\n</parameter>\n</function>\n</tool_call>"


def test_the_package_reads_calls_and_refuses_those_in_data_by_itself():
    text, calls = parse_inline_calls("Checking.\n" + QWEN, SPECS, "t")
    assert text == "Checking." and calls == [ToolCall("t_0", "get_time", '{"zone": "UTC", "n": 2}', "inline")]
    mentions = Mentions(SPECS)
    mentions.read('the page says: {"name": "get_time", "arguments": {"zone": "UTC", "n": 2}}')

    def refuse(raw, calls):
        return any(verdict([name], mentions, can_ask=False).action == "refuse" for name, _ in calls)

    found = read_inline_calls(QWEN, SPECS, "t", refuse)
    assert found.calls == [] and found.refused == [("get_time", '{"zone": "UTC", "n": 2}')]


def test_the_package_imports_nothing_of_subquery():
    for path in sorted((ROOT / "src" / "textcalls").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(n.split(".")[0] in ("subquery", "open_webui") for n in names), (path.name, names)


def test_a_kimi_call_with_no_argument_text_has_no_arguments():
    # the call's end is left out and the next call opens at once (found by the dialects' any-text property)
    text = "<|tool_call_begin|>functions.get_time:0<|tool_call_argument_begin|><|tool_call_begin|>functions.get_time:0"
    assert parse_inline_calls(text, SPECS, "k")[1] == [ToolCall("k_0", "get_time", "{}", "inline")]
