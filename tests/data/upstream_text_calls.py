"""Cases from the inference servers' own tool-parser tests, one set per text-call dialect (issue 17).

Each case names the upstream test it comes from (vLLM `tests/tool_parsers/...`, SGLang
`test/registered/function_call/...`, Ollama `model/parsers/..._test.go` / `tools/tools_test.go`) or,
for the Qwen2.5-Coder form, the issue thread that shows it. Inputs are the upstream model outputs,
shortened where long; the expectations are upstream's.

Adaptations, applied to every case:
- Upstream parsers often take any function name; here the tools a case calls are offered, with the
  upstream schema, or untyped (`{}`) where upstream gives none. A name nobody offers stays text.
- Streaming tests count with their whole text (the joined chunks); only the final calls matter here.
- Where a precision rule of ours says otherwise (a call must name an offered tool; JSON forms are the
  whole reply; a quoted sample never runs; arguments well-formed; a unit is taken whole), `ours` holds
  what we return and `why` names the rule. Those cases are deliberate differences, tested as such.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

Calls = list[tuple[str, Any]]

S = {"type": "string"}
I = {"type": "integer"}  # noqa: E741
N = {"type": "number"}
B = {"type": "boolean"}
O = {"type": "object"}  # noqa: E741
A = {"type": "array"}
U: dict = {}  # a parameter upstream gives no type for


@dataclass(frozen=True)
class Case:
    source: str  # the upstream test (or thread) this case comes from
    text: str  # the model's reply
    tools: dict[str, dict]  # the offered tools' function specs, by name
    calls: Calls  # what upstream expects: [(name, arguments)], [] = no call
    ours: Calls | None = None  # what we return when a precision rule of ours differs
    why: str = ""

    @property
    def expected(self) -> Calls:
        return self.calls if self.ours is None else self.ours


def tool(name: str, props: dict | None = None, required: tuple[str, ...] = ()) -> dict:
    params: dict = {"type": "object", "properties": dict(props or {})}
    if required:
        params["required"] = list(required)
    return {"name": name, "description": name, "parameters": params}


def offer(*specs: dict) -> dict[str, dict]:
    return {s["name"]: s for s in specs}


# Reasons for the deliberate differences
OFFERED = "a call must name an offered tool"
WELL_FORMED = "arguments must be well-formed"
DUP_KEY = "a key that was already given cannot start a new value (a file's content may quote tags)"
LITERAL = "a valid JSON value is decoded once, as written"

# --- Qwen3-Coder XML ------------------------------------------------------------------------------
VQ = "vLLM tests/tool_parsers/test_qwen3coder_tool_parser.py::"
SQ = "SGLang test/registered/function_call/test_function_call_parser.py::TestQwen3CoderDetector::"
SQ2 = "SGLang test/registered/function_call/test_qwen3_coder_detector/test_cases.py::"
OQ = "Ollama model/parsers/qwen3coder_test.go::"

_WEATHER = tool(
    "get_current_weather",
    {"city": S, "state": S, "unit": {"type": "string", "enum": ["fahrenheit", "celsius"]}},
    ("city", "state"),
)
_AREA = tool("calculate_area", {"shape": S, "dimensions": O, "precision": I})
V_TOOLS = offer(_WEATHER, _AREA)
S_TOOLS = offer(
    tool("get_current_weather", {"location": S, "unit": S, "days": I}, ("location",)),
    tool("sql_interpreter", {"query": S, "dry_run": B}),
    tool("TodoWrite", {"todos": A}),
)


def qxml(name: str, **params: str) -> str:
    body = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in params.items())
    return f"<tool_call>\n<function={name}>\n{body}</function>\n</tool_call>"


DALLAS = {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}
WEATHER_TEXT = qxml("get_current_weather", city="Dallas", state="TX", unit="fahrenheit")


def _ollama_value(desc: str, raw: str, schema: dict, want: Any, ours: Any = ..., why: str = "") -> Case:
    """Ollama's parseValue cases, as one parameter of a Qwen3-Coder call."""
    text = f"<tool_call><function=f><parameter=v>{raw}</parameter></function></tool_call>"
    return Case(
        OQ + f"TestQwenToolCallValueParsing/{desc}",
        text,
        offer(tool("f", {"v": schema})),
        [("f", {"v": want})],
        None if ours is ... else [("f", {"v": ours})],
        why,
    )


QWEN3: list[Case] = [
    Case(VQ + "test_extract_tool_calls_no_tools", "This is a test response without any tool calls", V_TOOLS, []),
    Case(VQ + "test_extract_tool_calls[single_tool]", WEATHER_TEXT, V_TOOLS, [("get_current_weather", DALLAS)]),
    Case(
        VQ + "test_extract_tool_calls[single_tool_with_content]",
        "Sure! Let me check the weather for you." + WEATHER_TEXT,
        V_TOOLS,
        [("get_current_weather", DALLAS)],
    ),
    Case(
        VQ + "test_extract_tool_calls[single_tool_multiline_param]",
        qxml("calculate_area", shape="rectangle", dimensions='{"width": 10, \n "height": 20}', precision="2"),
        V_TOOLS,
        [("calculate_area", {"shape": "rectangle", "dimensions": {"width": 10, "height": 20}, "precision": 2})],
    ),
    Case(
        VQ + "test_extract_tool_calls[parallel_tools]",
        WEATHER_TEXT + "\n" + qxml("get_current_weather", city="Orlando", state="FL", unit="fahrenheit"),
        V_TOOLS,
        [("get_current_weather", DALLAS), ("get_current_weather", {**DALLAS, "city": "Orlando", "state": "FL"})],
    ),
    Case(
        VQ + "test_extract_tool_calls[tool_with_typed_params]",
        "Let me calculate that area for you."
        + qxml("calculate_area", shape="circle", dimensions='{"radius": 15.5}', precision="3"),
        V_TOOLS,
        [("calculate_area", {"shape": "circle", "dimensions": {"radius": 15.5}, "precision": 3})],
    ),
    Case(
        VQ + "test_extract_tool_calls_fallback_no_tags",
        "<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n"
        "</parameter>\n</function>",
        V_TOOLS,
        [("get_current_weather", {"city": "Dallas", "state": "TX"})],
    ),
    Case(
        VQ + "test_extract_tool_calls_type_conversion",
        qxml(
            "test_types",
            int_param="42",
            float_param="3.14",
            bool_param="true",
            str_param="hello world",
            obj_param='{"key": "value"}',
        ),
        offer(
            tool(
                "test_types",
                {"int_param": I, "float_param": {"type": "float"}, "bool_param": B, "str_param": S, "obj_param": O},
            )
        ),
        [
            (
                "test_types",
                {
                    "int_param": 42,
                    "float_param": 3.14,
                    "bool_param": True,
                    "str_param": "hello world",
                    "obj_param": {"key": "value"},
                },
            )
        ],
    ),
    Case(
        VQ + "test_extract_tool_calls_anyof_type_conversion",
        qxml(
            "test_anyof",
            anyof_int="5",
            anyof_str="hello",
            anyof_array='["a", "b", "c"]',
            anyof_obj='{"key": "value"}',
            type_as_array="42",
            multi_non_null="some text",
        ),
        offer(
            tool(
                "test_anyof",
                {
                    "anyof_int": {"anyOf": [I, {"type": "null"}], "default": 5},
                    "anyof_str": {"anyOf": [S, {"type": "null"}]},
                    "anyof_array": {"anyOf": [{"type": "array", "items": S}, {"type": "null"}]},
                    "anyof_obj": {"anyOf": [O, {"type": "null"}]},
                    "type_as_array": {"type": ["integer", "null"]},
                    "multi_non_null": {"anyOf": [S, I, {"type": "null"}]},
                },
            )
        ),
        [
            (
                "test_anyof",
                {
                    "anyof_int": 5,
                    "anyof_str": "hello",
                    "anyof_array": ["a", "b", "c"],
                    "anyof_obj": {"key": "value"},
                    "type_as_array": 42,
                    "multi_non_null": "some text",
                },
            )
        ],
    ),
    Case(
        VQ + "test_extract_tool_calls_anyof_type_conversion_streaming",
        qxml("search_web", query="vllm tool parser", count="10", verbose="true"),
        offer(
            tool(
                "search_web",
                {
                    "query": {"anyOf": [S, {"type": "null"}]},
                    "count": {"anyOf": [I, {"type": "null"}], "default": 5},
                    "verbose": {"anyOf": [B, {"type": "null"}]},
                },
            )
        ),
        [("search_web", {"query": "vllm tool parser", "count": 10, "verbose": True})],
    ),
    Case(
        VQ + "test_extract_tool_calls_missing_closing_parameter_tag",
        "Let me check the weather for you:\n<tool_call>\n<function=get_current_weather>\n<parameter=city>\n"
        "Dallas\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n"
        "</tool_call>",
        V_TOOLS,
        [("get_current_weather", DALLAS)],
    ),
    Case(
        VQ + "test_extract_tool_calls_streaming_missing_opening_tag",
        "I'll check the weather for you.\n\n<function=get_current_weather>\n<parameter=city>\nDallas\n"
        "</parameter>\n<parameter=state>\nTX\n</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n"
        "</function>\n</tool_call>",
        V_TOOLS,
        [("get_current_weather", DALLAS)],
    ),
    Case(
        VQ + "test_none_tool_calls_filtered",
        "<tool_call>\n<function=bad_func_no_gt\n</function>\n</tool_call>\n<tool_call>\n"
        "<function=get_current_weather>\n<parameter=city>Dallas</parameter>\n<parameter=state>TX</parameter>\n"
        "</function>\n</tool_call>",
        V_TOOLS,
        [("get_current_weather", {"city": "Dallas", "state": "TX"})],
    ),
    Case(
        VQ + "test_anyof_parameter_not_double_encoded",
        '<tool_call>\n<function=update_record>\n<parameter=data>{"key": "value", "count": 42}</parameter>\n'
        "</function>\n</tool_call>",
        offer(tool("update_record", {"data": {"anyOf": [O, {"type": "null"}]}})),
        [("update_record", {"data": {"key": "value", "count": 42}})],
    ),
    Case(
        VQ + "test_no_double_serialization_string_args",
        "<tool_call>\n<function=greet>\n<parameter=message>hello world</parameter>\n</function>\n</tool_call>",
        offer(tool("greet", {"message": S})),
        [("greet", {"message": "hello world"})],
    ),
    Case(
        VQ + "test_extract_tool_calls_streaming_incremental",
        "I'll check the weather." + qxml("get_current_weather", city="Dallas", state="TX"),
        V_TOOLS,
        [("get_current_weather", {"city": "Dallas", "state": "TX"})],
    ),
    Case(SQ + "test_plain_text_only", "This is plain text without any tool calls.", S_TOOLS, []),
    Case(
        SQ + "test_single_tool_call",
        "<tool_call>\n<function=get_current_weather>\n<parameter=location>Boston</parameter>\n"
        "<parameter=unit>celsius</parameter>\n<parameter=days>3</parameter>\n</function>\n</tool_call>",
        S_TOOLS,
        [("get_current_weather", {"location": "Boston", "unit": "celsius", "days": 3})],
    ),
    Case(
        SQ + "test_single_tool_call_with_text_prefix",
        "Let me check the weather for you.\n\n<tool_call>\n<function=get_current_weather>\n"
        "<parameter=location>New York</parameter>\n</function>\n</tool_call>",
        S_TOOLS,
        [("get_current_weather", {"location": "New York"})],
    ),
    Case(
        SQ + "test_multiple_tool_calls",
        "<tool_call>\n<function=get_current_weather>\n<parameter=location>New York</parameter>\n</function>\n"
        "</tool_call>\n<tool_call>\n<function=sql_interpreter>\n<parameter=query>SELECT * FROM users</parameter>\n"
        "<parameter=dry_run>True</parameter>\n</function>\n</tool_call>",
        S_TOOLS,
        [
            ("get_current_weather", {"location": "New York"}),
            ("sql_interpreter", {"query": "SELECT * FROM users", "dry_run": True}),
        ],
    ),
    Case(
        SQ + "test_integer_parameter_conversion",
        "<tool_call>\n<function=get_current_weather>\n<parameter=location>Tokyo</parameter>\n"
        "<parameter=days>5</parameter>\n</function>\n</tool_call>",
        S_TOOLS,
        [("get_current_weather", {"location": "Tokyo", "days": 5})],
    ),
    Case(
        SQ + "test_boolean_parameter_conversion",
        "<tool_call>\n<function=sql_interpreter>\n<parameter=query>SELECT 1</parameter>\n"
        "<parameter=dry_run>True</parameter>\n</function>\n</tool_call>",
        S_TOOLS,
        [("sql_interpreter", {"query": "SELECT 1", "dry_run": True})],
    ),
    Case(
        SQ + "test_complex_array_parameter",
        '<tool_call>\n<function=TodoWrite>\n<parameter=todos>\n[\n  {"content": "Buy groceries", "status": '
        '"pending"},\n  {"content": "Finish report", "status": "completed"}\n]\n</parameter>\n</function>\n'
        "</tool_call>",
        S_TOOLS,
        [
            (
                "TodoWrite",
                {
                    "todos": [
                        {"content": "Buy groceries", "status": "pending"},
                        {"content": "Finish report", "status": "completed"},
                    ]
                },
            )
        ],
    ),
    Case(
        SQ + "test_empty_parameter_value",
        "<tool_call>\n<function=get_current_weather>\n<parameter=location></parameter>\n</function>\n</tool_call>",
        S_TOOLS,
        [("get_current_weather", {"location": ""})],
    ),
    Case(
        SQ + "test_parameter_with_special_characters",
        "<tool_call>\n<function=sql_interpreter>\n"
        "<parameter=query>SELECT * FROM users WHERE name = 'John \"Doe\"'</parameter>\n</function>\n</tool_call>",
        S_TOOLS,
        [("sql_interpreter", {"query": "SELECT * FROM users WHERE name = 'John \"Doe\"'"})],
    ),
    Case(
        SQ + "test_streaming_single_tool_call",
        "<tool_call><function=get_current_weather><parameter=location>Boston</parameter>"
        "<parameter=unit>celsius</parameter></function></tool_call>",
        S_TOOLS,
        [("get_current_weather", {"location": "Boston", "unit": "celsius"})],
    ),
    Case(
        SQ2 + "single_tool_call",
        "<function=get_current_weather>\n<parameter=location>Boston</parameter>\n<parameter=unit>celsius"
        "</parameter>\n<parameter=days>3</parameter>\n</function>",
        S_TOOLS,
        [("get_current_weather", {"location": "Boston", "unit": "celsius", "days": 3})],
    ),
    Case(
        SQ2 + "double_tool_call",
        "Text prefix + double tool call test\n\n<function=get_current_weather>\n<parameter=location>New York"
        "</parameter>\n</function>\n<function=sql_interpreter>\n<parameter=query>SELECT * FROM users</parameter>\n"
        "<parameter=dry_run>True</parameter>\n</function>\n",
        S_TOOLS,
        [
            ("get_current_weather", {"location": "New York"}),
            ("sql_interpreter", {"query": "SELECT * FROM users", "dry_run": True}),
        ],
    ),
    Case(
        SQ2 + "implicit_parameter_close",
        "Text prefix + implicit parameter close test\n\n<function=get_current_weather>\n<parameter=location>Paris\n"
        "<parameter=unit>celsius\n<parameter=days>3\n</function>",
        S_TOOLS,
        [("get_current_weather", {"location": "Paris", "unit": "celsius", "days": 3})],
    ),
    Case(
        SQ2 + "complex_schema",
        "Text prefix + complex schema tool call test\n\n<function=TodoWrite>\n<parameter=todos>\n[\n"
        ' {"content": "Buy a new car", "status": \'pending\'},\n {"content": "Buy a new house", "status": '
        '"completed"}\n]\n</parameter>\n</function>\n\n',
        S_TOOLS,
        [
            (
                "TodoWrite",
                {
                    "todos": [
                        {"content": "Buy a new car", "status": "pending"},
                        {"content": "Buy a new house", "status": "completed"},
                    ]
                },
            )
        ],
    ),
    Case(
        OQ + "TestQwenToolParser/simple tool call",
        "<tool_call><function=get_current_temperature>\n<parameter=location>\nSan Francisco\n</parameter>\n"
        "<parameter=unit>\ncelsius\n</parameter>\n</function></tool_call>",
        offer(tool("get_current_temperature", {"location": U, "unit": U})),
        [("get_current_temperature", {"location": "San Francisco", "unit": "celsius"})],
    ),
    Case(
        OQ + "TestQwenToolParser/names with spaces",
        "<tool_call><function=get current temperature>\n<parameter=location with spaces>\nSan Francisco\n"
        "</parameter>\n<parameter=unit with spaces>\ncelsius\n</parameter>\n</function></tool_call>",
        offer(tool("get current temperature", {"location with spaces": U, "unit with spaces": U})),
        [("get current temperature", {"location with spaces": "San Francisco", "unit with spaces": "celsius"})],
    ),
    Case(
        OQ + "TestQwenToolParser/names with quotes",
        '<tool_call><function="get current temperature">\n<parameter="location with spaces">\nSan Francisco\n'
        '</parameter>\n<parameter="unit with spaces">\n"celsius"\n</parameter>\n</function></tool_call>',
        offer(tool("get current temperature", {"location with spaces": U, "unit with spaces": U})),
        [
            (
                '"get current temperature"',
                {'"location with spaces"': "San Francisco", '"unit with spaces"': '"celsius"'},
            )
        ],
        [("get current temperature", {"location with spaces": "San Francisco", "unit with spaces": '"celsius"'})],
        "quotes around a name are not part of it (`<function=\"x\">` calls x)",
    ),
    Case(
        OQ + "TestQwenToolParser/tool call with typed parameters",
        '<tool_call><function=calculate>\n<parameter=x>\n3.14\n</parameter>\n<parameter=y>\n42\n</parameter>\n'
        '<parameter=enabled>\ntrue\n</parameter>\n<parameter=items>\n["a", "b", "c"]\n</parameter>\n'
        "</function></tool_call>",
        offer(tool("calculate", {"x": N, "y": I, "enabled": B, "items": A})),
        [("calculate", {"x": 3.14, "y": 42, "enabled": True, "items": ["a", "b", "c"]})],
    ),
    Case(
        OQ + "TestQwenToolParser/ampersands in parameter values",
        '<tool_call><function=exec>\n<parameter=command>\nls && echo "done"\n</parameter>\n</function></tool_call>',
        offer(tool("exec", {"command": U})),
        [("exec", {"command": 'ls && echo "done"'})],
    ),
    Case(
        OQ + "TestQwenToolParser/angle brackets in parameter values",
        '<tool_call><function=exec>\n<parameter=command>\nls && echo "a > b and a < b"\n</parameter>\n'
        "</function></tool_call>",
        offer(tool("exec", {"command": U})),
        [("exec", {"command": 'ls && echo "a > b and a < b"'})],
    ),
    Case(
        OQ + "TestQwenToolParser/unicode in function names and parameters",
        "<tool_call><function=获取天气>\n<parameter=城市>\n北京\n</parameter>\n<parameter=message>\n"
        "Hello! 你好! 🌟 مرحبا\n</parameter>\n</function></tool_call>",
        offer(tool("获取天气", {"城市": U, "message": U})),
        [("获取天气", {"城市": "北京", "message": "Hello! 你好! 🌟 مرحبا"})],
    ),
    Case(
        OQ + "TestQwen3CoderParserToolCallIndexing",
        "<tool_call><function=first><parameter=a>1</parameter></function></tool_call>\n"
        "<tool_call><function=second><parameter=b>2</parameter></function></tool_call>\n"
        "<tool_call><function=third><parameter=c>3</parameter></function></tool_call>",
        offer(tool("first", {"a": U}), tool("second", {"b": U}), tool("third", {"c": U})),
        [("first", {"a": "1"}), ("second", {"b": "2"}), ("third", {"c": "3"})],
    ),
    _ollama_value("trim a single leading and trailing newline", "\nsome-string\n", U, "some-string"),
    _ollama_value("trim at most one leading and trailing newline", "\n\nsome-string\n\n", U, "\nsome-string\n"),
    _ollama_value(
        "newline really has to be the first character to be trimmed", " \nsome-string\n ", U, " \nsome-string\n "
    ),
    _ollama_value("integer with leading zeros", "007", I, 7),
    _ollama_value("scientific notation positive", "1.23e5", N, 123000),
    _ollama_value("null value case insensitive", "NULL", I, None),
    _ollama_value("integer or null union - null value", "null", {"type": ["integer", "null"]}, None),
    _ollama_value(
        "null value lowercase",
        "null",
        S,
        None,
        "null",
        "`null` is read as null only where the schema allows null or a number; a string stays a string",
    ),
    _ollama_value(
        "invalid boolean falls back to false", "yes", B, False, "yes", "a value that is not the schema's type is kept"
    ),
    _ollama_value("string that looks like a number", "12345", S, "12345"),
    _ollama_value("whitespace-only string", "   ", S, "   "),
    _ollama_value("string or number union - valid number", "42.5", {"type": ["string", "number"]}, 42.5),
    _ollama_value("boolean or string union - non-boolean becomes string", "yes", {"type": ["boolean", "string"]}, "yes"),
    _ollama_value("anyOf array or string - with plain string", "Error: could not load data", {"type": ["array", "string"]},
                  "Error: could not load data"),
    Case(
        "vLLM issue #45167 (a literal tag inside a string value, then a second call)",
        qxml("write_file", path="notes.md", content="Write <tool_call> to start a call.")
        + "\n"
        + qxml("get_current_weather", city="Austin", state="TX"),
        offer(tool("write_file", {"path": S, "content": S}), _WEATHER),
        [
            ("write_file", {"path": "notes.md", "content": "Write <tool_call> to start a call."}),
            ("get_current_weather", {"city": "Austin", "state": "TX"}),
        ],
    ),
]

# --- Hermes / Qwen2.5 (<tool_call> JSON) ---------------------------------------------------------------
VH = "vLLM tests/tool_parsers/test_hermes_tool_parser.py::"
OT = "Ollama tools/tools_test.go::TestParser/"
_FINAL = offer(tool("final_answer", {"trigger": B}))
_ONE_STRING = offer(tool("do_thing", {"text": S}, ("text",)), tool("f", {"text": S}))
O_TOOLS = offer(
    tool(
        "get_temperature",
        {"format": {"type": "string", "enum": ["fahrenheit", "celsius"]}, "city": S},
        ("city",),
    ),
    tool("get_conditions", {"location": S}),
    {"name": "say_hello", "description": "Say hello"},
    {"name": "say_hello_world", "description": "Say hello world"},
    tool("get_address", {"location": S}),
    tool("add", {"a": S, "b": S}),
)
LONDON = {"city": "London", "format": "fahrenheit"}


def _bare_string(value: str) -> Case:
    return Case(
        VH + f"test_hermes_streaming_string_arguments_match_non_streaming[{value}]",
        '<tool_call>{"name": "f", "arguments": ' + json.dumps(value) + "}</tool_call>",
        _ONE_STRING,
        [("f", {"text": value})],
    )


HERMES: list[Case] = [
    Case(VH + "test_hermes_parser_non_streaming_no_tool_call", "This is not a tool call.", _FINAL, []),
    Case(
        VH + "test_hermes_parser_non_streaming_tool_call_between_tags",
        '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}\n</tool_call>',
        _FINAL,
        [("final_answer", {"trigger": True})],
    ),
    Case(
        VH + "test_hermes_parser_non_streaming_tool_call_until_eos",
        '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}}',
        _FINAL,
        [("final_answer", {"trigger": True})],
    ),
    Case(
        VH + "test_hermes_parser_non_streaming_tool_call_invalid_json",
        '<tool_call>\n{"name": "final_answer", "arguments": {"trigger": true}',
        _FINAL,
        [],
    ),
    Case(
        VH + "test_hermes_parser_non_streaming_serialized_arguments",
        '<tool_call>\n{"name": "get_db_config", "arguments": "{\\"param\\": \\"max_connections\\"}"}\n</tool_call>',
        offer(tool("get_db_config", {"param": S})),
        [("get_db_config", {"param": "max_connections"})],
    ),
    Case(
        VH + "test_hermes_parser_non_streaming_bare_string_arguments",
        '<tool_call>\n{"name": "do_thing", "arguments": "hello"}\n</tool_call>',
        _ONE_STRING,
        [("do_thing", {"text": "hello"})],
        why="adapted: upstream returns the JSON string; a tool with one string parameter receives it there",
    ),
    _bare_string("hello"),
    _bare_string("{hello world}"),
    _bare_string("[oops"),
    _bare_string('{"a": 1} tail text'),
    Case(
        VH + "test_hermes_streaming_content_and_tool_call_in_single_chunk",
        'Hi!<tool_call>{"name": "f", "arguments": {"x": 1}}</tool_call>',
        offer(tool("f", {"x": I})),
        [("f", {"x": 1})],
    ),
    Case(
        VH + "test_hermes_streaming_multiple_tool_calls_with_stream_interval",
        '<tool_call>{"name": "search", "arguments": {"q": "cats"}}</tool_call>'
        '<tool_call>{"name": "search", "arguments": {"q": "dogs"}}</tool_call>',
        offer(tool("search", {"q": S})),
        [("search", {"q": "cats"}), ("search", {"q": "dogs"})],
    ),
    Case(
        VH + "test_hermes_streaming_content_then_tool_call_with_stream_interval",
        'Sure, let me check the weather.<tool_call>{"name": "get_weather", "arguments": {"city": "NYC"}}</tool_call>',
        offer(tool("get_weather", {"city": S})),
        [("get_weather", {"city": "NYC"})],
    ),
    Case(
        VH + "test_hermes_parser_streaming",
        '<tool_call>{"name": "get_current_temperature","arguments": {"location":"San Francisco, California, '
        'United States", "unit": "celsius"}}</tool_call>',
        offer(tool("get_current_temperature", {"location": S, "unit": S})),
        [("get_current_temperature", {"location": "San Francisco, California, United States", "unit": "celsius"})],
    ),
    Case(OT + "no tool calls - just text", "Hello, how can I help you today?", O_TOOLS, []),
    Case(
        OT + "tool call",
        '<tool_call>{"name": "get_conditions", "arguments": {"location": "San Francisco"}}</tool_call>',
        O_TOOLS,
        [("get_conditions", {"location": "San Francisco"})],
    ),
    Case(
        OT + "empty args",
        '<tool_call>{"name": "get_conditions", "arguments": {}}</tool_call>',
        O_TOOLS,
        [("get_conditions", {})],
    ),
    Case(
        OT + "text before tool call",
        'Let me check the weather. <tool_call>{"name": "get_temperature", "arguments": {"city": "New York"}}'
        "</tool_call>",
        O_TOOLS,
        [("get_temperature", {"city": "New York"})],
    ),
    Case(
        OT + "qwen no args with text",
        "Let me say hello to the user. I'll use the say_hello tool. ",
        O_TOOLS,
        [],
    ),
    Case(
        OT + "qwen two tool calls",
        "Okay, let's call both tools! <tool_call>"
        '{"name": "get_temperature", "arguments": {"city": "London", "format": "fahrenheit"}}</tool_call>'
        '<tool_call>{"name": "get_conditions", "arguments": {"location": "Tokyo"}}</tool_call>',
        O_TOOLS,
        [("get_temperature", LONDON), ("get_conditions", {"location": "Tokyo"})],
    ),
    Case(
        OT + "empty args followed by args",
        'Let me say hello and check the weather. <tool_call>{"name": "say_hello", "arguments": {}}</tool_call>'
        '<tool_call>{"name": "get_temperature", "arguments": {"city": "London", "format": "fahrenheit"}}'
        "</tool_call>",
        O_TOOLS,
        [("say_hello", {}), ("get_temperature", LONDON)],
    ),
    Case(
        OT + "qwen empty followed by args",
        'Let me check the weather. <tool_call>{"name": "get_conditions", "arguments": {}}</tool_call>'
        '<tool_call>{"name": "get_conditions", "arguments": {"location": "Tokyo"}}',
        O_TOOLS,
        [("get_conditions", {}), ("get_conditions", {"location": "Tokyo"})],
    ),
    Case(
        OT + "tool name with collision",
        '<tool_call>{"name": "say_hello_world","arguments": {}}}',
        O_TOOLS,
        [("say_hello_world", {})],
    ),
    Case(
        OT + "tool name with collision multiple",
        '<tool_call>{"name": "say_hello_world","arguments": {}}</tool_call>'
        '<tool_call>{"name": "say_hello","arguments": {}}</tool_call>',
        O_TOOLS,
        [("say_hello_world", {}), ("say_hello", {})],
    ),
    Case(OT + "tool name with collision non streaming", '<tool_call>{"name": "say_hello', O_TOOLS, []),
    Case(
        OT + "tool name with collision non streaming multiple",
        '<tool_call>{"name": "say_hello", "arguments": {}}</tool_call><tool_call>{"name": "say_hello_world", '
        '"arguments": {}}',
        O_TOOLS,
        [("say_hello", {}), ("say_hello_world", {})],
    ),
    Case(
        OT + "tool name with substring of another",
        '<tool_call>{"name": "get_address", "arguments": {"location": "London"}}</tool_call>',
        O_TOOLS,
        [("get_address", {"location": "London"})],
    ),
    Case(
        OT + "args before name",
        '<tool_call>{"arguments": {"a": "5", "b": "10"}, "name": "add"}</tool_call>',
        O_TOOLS,
        [("add", {"a": "5", "b": "10"})],
    ),
    Case(
        "Ollama model/parsers/qwen3vl_nonthinking_test.go::TestQwen3VLNonThinkingToolParser/names with spaces",
        '<tool_call>{"name": "get current temperature", "arguments": {"location with spaces": "San Francisco", '
        '"unit with spaces": "celsius"}}</tool_call>',
        offer(tool("get current temperature", {"location with spaces": U, "unit with spaces": U})),
        [("get current temperature", {"location with spaces": "San Francisco", "unit with spaces": "celsius"})],
    ),
    Case(
        "vLLM issue #45167 (a literal tag inside a string value, then a second call)",
        '<tool_call>{"name": "write_file", "arguments": {"path": "a.md", "content": "use <tool_call> and '
        '</tool_call>"}}</tool_call>\n<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>',
        offer(tool("write_file", {"path": S, "content": S}), tool("get_weather", {"city": S})),
        [
            ("write_file", {"path": "a.md", "content": "use <tool_call> and </tool_call>"}),
            ("get_weather", {"city": "Oslo"}),
        ],
    ),
]

# --- Llama 3 JSON ------------------------------------------------------------------------------------------
VL = "vLLM tests/tool_parsers/test_llama3_json_tool_parser.py::"
SL = "SGLang test/registered/function_call/test_function_call_parser.py::TestLlama32Detector::"
_L_TOOLS = offer(
    tool("getOpenIncidentsTool"),
    tool("searchTool", {"query": S, "limit": I, "nested": O}),
    tool("complexTool", {"level1": O, "config": O}),
    tool("simpleTool", {"value": S}),
    tool("parserTool", {"text": S}),
    tool("toolWithoutParams"),
)
_S_TOOLS = offer(tool("get_weather", {"city": S}, ("city",)), tool("get_tourist_attractions", {"city": S}, ("city",)))
_THREE = (
    '{"name": "searchTool", "parameters": {"query": "test1"}}; {"name": "getOpenIncidentsTool", "parameters": {}}; '
    '{"name": "searchTool", "parameters": {"query": "test2"}}'
)
_THREE_CALLS: Calls = [("searchTool", {"query": "test1"}), ("getOpenIncidentsTool", {}), ("searchTool", {"query": "test2"})]


def _separator(sep: str) -> Case:
    return Case(
        VL + f"test_extract_tool_calls_streaming_parallel_separators[{sep!r}]",
        '{"name": "searchTool", "parameters": {"query": "test1"}}' + sep + '{"name": "getOpenIncidentsTool", '
        '"parameters": {}}',
        _L_TOOLS,
        [("searchTool", {"query": "test1"}), ("getOpenIncidentsTool", {})],
    )


LLAMA3: list[Case] = [
    Case(
        VL + "test_extract_tool_calls_simple",
        'Here is the result: {"name": "getOpenIncidentsTool", "parameters": {}} Would you like to know more?',
        _L_TOOLS,
        [("getOpenIncidentsTool", {})],
    ),
    Case(
        VL + "test_extract_tool_calls_with_arguments",
        '{"name": "searchTool", "parameters": {"query": "test query", "limit": 10}}',
        _L_TOOLS,
        [("searchTool", {"query": "test query", "limit": 10})],
    ),
    Case(VL + "test_extract_tool_calls_no_json", "This is just some text without any tool calls", _L_TOOLS, []),
    Case(VL + "test_extract_tool_calls_invalid_json", '{"name": "invalidTool", "parameters": {invalid json}', _L_TOOLS, []),
    Case(
        VL + "test_extract_tool_calls_with_arguments_key",
        '{"name": "searchTool", "arguments": {"query": "test"}}',
        _L_TOOLS,
        [("searchTool", {"query": "test"})],
    ),
    Case(VL + "test_extract_tool_calls_multiple_json", _THREE, _L_TOOLS, _THREE_CALLS),
    Case(
        VL + "test_extract_tool_calls_multiple_json_with_whitespace",
        _THREE.replace("}; ", "} ; "),
        _L_TOOLS,
        _THREE_CALLS,
    ),
    Case(
        VL + "test_extract_tool_calls_multiple_json_with_surrounding_text",
        "Here are the results: " + _THREE + " Would you like to know more?",
        _L_TOOLS,
        _THREE_CALLS,
    ),
    Case(
        VL + "test_extract_tool_calls_deeply_nested_json",
        '{"name": "complexTool", "parameters": {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}}',
        _L_TOOLS,
        [("complexTool", {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}})],
    ),
    Case(
        VL + "test_extract_tool_calls_multiple_with_deep_nesting",
        '{"name": "simpleTool", "parameters": {"value": "test"}}; {"name": "complexTool", "parameters": '
        '{"config": {"database": {"connection": {"pool": {"size": 10}}}}}}',
        _L_TOOLS,
        [("simpleTool", {"value": "test"}), ("complexTool", {"config": {"database": {"connection": {"pool": {"size": 10}}}}})],
    ),
    Case(
        VL + "test_extract_tool_calls_with_quotes_and_brackets_in_string",
        '{"name": "searchTool", "parameters": {"query": "test {value} [complex]","nested": {"inner": "more {brackets}"}}}',
        _L_TOOLS,
        [("searchTool", {"query": "test {value} [complex]", "nested": {"inner": "more {brackets}"}})],
    ),
    Case(
        VL + "test_extract_tool_calls_with_escaped_quotes_in_nested_json",
        '{"name": "parserTool", "parameters": {"text": "He said \\"Hello {world}\\""}}',
        _L_TOOLS,
        [("parserTool", {"text": 'He said "Hello {world}"'})],
    ),
    Case(VL + "test_extract_tool_calls_missing_name_key", '{"parameters": {}}', _L_TOOLS, []),
    Case(VL + "test_extract_tool_calls_missing_parameters_and_arguments_key", '{"name": "toolWithoutParams"}', _L_TOOLS, []),
    Case(
        VL + "test_extract_tool_calls_brace_in_trailing_text",
        '{"name": "searchTool", "parameters": {"query": "test"}} I used {searchTool} for this.',
        _L_TOOLS,
        [("searchTool", {"query": "test"})],
    ),
    Case(
        VL + "test_extract_tool_calls_json_fragment_in_trailing_text",
        '{"name": "searchTool", "parameters": {"query": "test"}} The arguments I passed were {"query": "test"}',
        _L_TOOLS,
        [("searchTool", {"query": "test"})],
    ),
    _separator("; "),
    _separator(";"),
    _separator(";\n"),
    _separator("\n"),
    Case(SL + "test_single_json", '{"name": "get_weather", "parameters": {"city": "Paris"}}', _S_TOOLS,
         [("get_weather", {"city": "Paris"})]),
    Case(
        SL + "test_multiple_json_with_separator",
        '<|python_tag|>{"name": "get_weather", "parameters": {"city": "Paris"}};'
        '{"name": "get_tourist_attractions", "parameters": {"city": "Paris"}}',
        _S_TOOLS,
        [("get_weather", {"city": "Paris"}), ("get_tourist_attractions", {"city": "Paris"})],
    ),
    Case(
        SL + "test_multiple_json_with_separator_customized",
        '<|python_tag|>{"name": "get_weather", "parameters": {}}<|python_tag|>{"name": "get_tourist_attractions", '
        '"parameters": {}}',
        _S_TOOLS,
        [("get_weather", {}), ("get_tourist_attractions", {})],
    ),
    Case(
        SL + "test_json_with_trailing_text",
        '{"name": "get_weather", "parameters": {}} Some follow-up text',
        _S_TOOLS,
        [("get_weather", {})],
    ),
    Case(
        SL + "test_invalid_then_valid_json",
        '{"name": "get_weather", "parameters": {{"name": "get_weather", "parameters": {}}',
        _S_TOOLS,
        [("get_weather", {})],
    ),
    Case(SL + "test_plain_text_only", "This is just plain explanation text.", _S_TOOLS, []),
    Case(
        SL + "test_with_python_tag_prefix",
        'Some intro. <|python_tag|>{"name": "get_weather", "parameters": {}}',
        _S_TOOLS,
        [("get_weather", {})],
    ),
    Case(OT + "json", '{"name": "get_temperature","arguments": {"city": "Tokyo"}}', O_TOOLS,
         [("get_temperature", {"city": "Tokyo"})]),
    Case(OT + "json maybe a tool call", '{"name": "get_temperature","arguments": {', O_TOOLS, []),
    Case(
        OT + "json not a tool call",
        '{"name": "search", "arguments": {"query": "What is the capital of Canada?"}}',
        O_TOOLS,
        [],
    ),
    Case(
        OT + "json object followed by tool call",
        '{"name": "jeff"}{"name": "get_conditions", "arguments": {"location": "San Francisco"}}',
        O_TOOLS,
        [],
    ),
    Case(
        OT + "json object followed by tool call split",
        '{"name": "jeff"} {"name": "get_conditions", "arguments": {"location": "San Francisco"}}',
        O_TOOLS,
        [],
    ),
    Case(OT + "json code", 'for { fmt.Println("hello") }', O_TOOLS, []),
    Case(
        OT + "list multiple",
        '[{"name": "get_temperature", "arguments": {"city": "London"}},{"name": "get_conditions", '
        '"arguments": {"location": "Tokyo"}}]',
        O_TOOLS,
        [("get_temperature", {"city": "London"}), ("get_conditions", {"location": "Tokyo"})],
    ),
    Case(
        OT + "list partial",
        '[{"name": "get_conditions", "arguments": {"location": "Tokyo"}}',
        O_TOOLS,
        [("get_conditions", {"location": "Tokyo"})],
        [],
        WELL_FORMED + " (the list is never closed)",
    ),
    Case(
        OT + "list invalid",
        '[{"name": "search", "arguments": {"query": "What is the capital of Canada?"}}',
        O_TOOLS,
        [],
    ),
    Case(
        OT + "list trailing ]",
        '[{"name": "get_conditions", "arguments": {"location": "Tokyo"}}]]',
        O_TOOLS,
        [("get_conditions", {"location": "Tokyo"})],
    ),
    Case(OT + "list not a tool call", "[special delivery]", O_TOOLS, []),
]

# --- Qwen2.5-Coder (<tools> JSON, bare or fenced JSON envelopes) --------------------------------------------------
V25 = "vLLM tests/tool_parsers/test_qwen25_coder_tool_parser.py::"
V25B = "vLLM tests/tool_parsers/test_qwen2_5_coder_tool_parser.py::TestQwen25CoderToolParser[config."
_C_TOOLS = offer(
    tool("get_current_weather", {"location": S, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
         ("location",)),
    tool("search_web", {"query": S, "num_results": I}, ("query",)),
    tool("complex_function", {"config": O, "items": A}),
    tool("no_args_function"),
    tool("get_weather", {"city": S}),
    tool("get_time", {"timezone": S}),
    tool("refresh"),
    tool("test_function", {
        "string_field": S, "int_field": I, "float_field": N, "bool_field": B, "null_field": U, "array_field": A,
        "object_field": O, "quoted": S, "path": S, "newline": S,
    }),
    tool("calculator", {"expr": S}),
    tool("read_file", {"path": S}, ("path",)),
)
_ENVELOPE = '{"name": "get_weather", "arguments": {"city": "Paris"}}'
_ENVELOPE2 = '{"name": "get_time", "arguments": {"timezone": "Europe/Paris"}}'
_PARIS: Calls = [("get_weather", {"city": "Paris"})]
ISSUE_OLLAMA = "Ollama issue #12174 (qwen2.5-coder writes its call as bare JSON in content)"
ISSUE_VLLM = "vLLM issue #32926 (Qwen2.5-Coder writes ```json fenced calls, 100% at temperature 0)"
MUST4 = "issue 17 Must 4 (envelopes, bare or each fenced, nothing else in the reply)"

QWEN25_CODER: list[Case] = [
    Case(V25 + "TestExtractToolCallsNonStreaming::test_no_tool_calls", "This is a regular response without tool calls.",
         _C_TOOLS, []),
    Case(
        V25 + "TestExtractToolCallsNonStreaming::test_single_tool_call",
        '<tools>\n{"name": "get_current_weather", "arguments": {"location": "San Francisco, CA", "unit": "celsius"}}'
        "\n</tools>",
        _C_TOOLS,
        [("get_current_weather", {"location": "San Francisco, CA", "unit": "celsius"})],
    ),
    Case(
        V25 + "TestExtractToolCallsNonStreaming::test_single_tool_call_with_content",
        'Let me check the weather for you.\n<tools>\n{"name": "get_current_weather", "arguments": {"location": '
        '"Tokyo, Japan"}}\n</tools>',
        _C_TOOLS,
        [("get_current_weather", {"location": "Tokyo, Japan"})],
    ),
    Case(
        V25 + "TestExtractToolCallsNonStreaming::test_parallel_tool_calls_array",
        '<tools>\n[\n    {"name": "get_current_weather", "arguments": {"location": "Paris, France"}},\n'
        '    {"name": "search_web", "arguments": {"query": "Paris attractions", "num_results": 5}}\n]\n</tools>',
        _C_TOOLS,
        [
            ("get_current_weather", {"location": "Paris, France"}),
            ("search_web", {"query": "Paris attractions", "num_results": 5}),
        ],
    ),
    Case(
        V25 + "TestExtractToolCallsNonStreaming::test_multiple_tools_blocks",
        '<tools>\n{"name": "get_current_weather", "arguments": {"location": "London, UK"}}\n</tools>\n<tools>\n'
        '{"name": "search_web", "arguments": {"query": "London events"}}\n</tools>',
        _C_TOOLS,
        [("get_current_weather", {"location": "London, UK"}), ("search_web", {"query": "London events"})],
    ),
    Case(
        V25 + "TestExtractToolCallsNonStreaming::test_parameters_key_support",
        '<tools>\n{"name": "get_current_weather", "parameters": {"location": "Berlin, Germany"}}\n</tools>',
        _C_TOOLS,
        [("get_current_weather", {"location": "Berlin, Germany"})],
    ),
    Case(
        V25 + "TestExtractToolCallsNonStreaming::test_nested_json_arguments",
        '<tools>\n{"name": "complex_function", "arguments": {"config": {"nested": {"deep": true}}, "items": '
        '[1, 2, {"key": "value"}]}}\n</tools>',
        _C_TOOLS,
        [("complex_function", {"config": {"nested": {"deep": True}}, "items": [1, 2, {"key": "value"}]})],
    ),
    Case(
        V25 + "TestExtractToolCallsNonStreaming::test_empty_arguments",
        '<tools>\n{"name": "no_args_function", "arguments": {}}\n</tools>',
        _C_TOOLS,
        [("no_args_function", {})],
    ),
    Case(
        V25 + "TestExtractToolCallsNonStreaming::test_malformed_json_returns_content",
        '<tools>\n{"name": "broken", "arguments": {invalid json\n</tools>',
        _C_TOOLS,
        [],
    ),
    Case(
        V25B + "single_tool_call_output]",
        '<tools>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tools>',
        _C_TOOLS,
        [("get_weather", {"city": "Tokyo"})],
    ),
    Case(
        V25B + "parallel_tool_calls_output]",
        '<tools>{"name": "get_weather", "arguments": {"city": "Tokyo"}}</tools><tools>{"name": "get_time", '
        '"arguments": {"timezone": "Asia/Tokyo"}}</tools>',
        _C_TOOLS,
        [("get_weather", {"city": "Tokyo"}), ("get_time", {"timezone": "Asia/Tokyo"})],
    ),
    Case(
        V25B + "various_data_types_output]",
        '<tools>{"name": "test_function", "arguments": {"string_field": "hello", "int_field": 42, "float_field": '
        '3.14, "bool_field": true, "null_field": null, "array_field": ["a", "b", "c"], "object_field": {"nested": '
        '"value"}}}</tools>',
        _C_TOOLS,
        [
            (
                "test_function",
                {
                    "string_field": "hello",
                    "int_field": 42,
                    "float_field": 3.14,
                    "bool_field": True,
                    "null_field": None,
                    "array_field": ["a", "b", "c"],
                    "object_field": {"nested": "value"},
                },
            )
        ],
    ),
    Case(V25B + "empty_arguments_output]", '<tools>{"name": "refresh", "arguments": {}}</tools>', _C_TOOLS,
         [("refresh", {})]),
    Case(
        V25B + "surrounding_text_output]",
        'Let me check the weather for you.\n\n<tools>{"name": "get_weather", "arguments": {"city": "Tokyo"}}'
        "</tools>\n\nI will get that information.",
        _C_TOOLS,
        [("get_weather", {"city": "Tokyo"})],
    ),
    Case(
        V25B + "escaped_strings_output]",
        '<tools>{"name": "test_function", "arguments": {"quoted": "He said \\"hello\\"", "path": '
        '"C:\\\\Users\\\\file.txt", "newline": "line1\\nline2"}}</tools>',
        _C_TOOLS,
        [("test_function", {"quoted": 'He said "hello"', "path": "C:\\Users\\file.txt", "newline": "line1\nline2"})],
    ),
    Case(V25B + "malformed_input_outputs][0]", "<tools>not valid json</tools>", _C_TOOLS, []),
    Case(V25B + "malformed_input_outputs][1]", '<tools>{"name": "no_close",', _C_TOOLS, []),
    Case(V25B + "malformed_input_outputs][2]", "<tools></tools>", _C_TOOLS, []),
    Case(ISSUE_OLLAMA, '{"name": "calculator", "arguments": {"expr": "17 * 23"}}', _C_TOOLS,
         [("calculator", {"expr": "17 * 23"})]),
    Case(ISSUE_VLLM, "```json\n" + _ENVELOPE + "\n```", _C_TOOLS, _PARIS),
    Case(ISSUE_VLLM + " without a language tag", "```\n" + _ENVELOPE + "\n```", _C_TOOLS, _PARIS),
    Case(
        "ardanlabs/kronk PR #950 (Qwen2.5-Coder-14B fences its envelope at long prompts)",
        "\n```json\n" + '{"name": "read_file", "arguments": {"path": "src/main.go"}}' + "\n```\n",
        _C_TOOLS,
        [("read_file", {"path": "src/main.go"})],
    ),
    Case(MUST4 + ": two fenced envelopes", f"```json\n{_ENVELOPE}\n```\n\n```json\n{_ENVELOPE2}\n```", _C_TOOLS,
         _PARIS + [("get_time", {"timezone": "Europe/Paris"})]),
    Case(MUST4 + ": two bare envelopes", f"{_ENVELOPE}\n{_ENVELOPE2}\n", _C_TOOLS,
         _PARIS + [("get_time", {"timezone": "Europe/Paris"})]),
    Case(MUST4 + ": a fence and a bare envelope", f"```json\n{_ENVELOPE}\n```\n{_ENVELOPE2}", _C_TOOLS,
         _PARIS + [("get_time", {"timezone": "Europe/Paris"})]),
    Case(
        MUST4 + ": a fence whose string holds backticks",
        '```json\n{"name": "read_file", "arguments": {"path": "```"}}\n```',
        _C_TOOLS,
        [("read_file", {"path": "```"})],
    ),
    Case(MUST4 + ": a fence inside prose stays text", f"To call it, write:\n```json\n{_ENVELOPE}\n```\nThat is all.",
         _C_TOOLS, []),
    Case(MUST4 + ": prose after the fence", f"```json\n{_ENVELOPE}\n```\nI will now wait.", _C_TOOLS, []),
    Case(MUST4 + ": one envelope names a tool nobody offered",
         f'```json\n{_ENVELOPE}\n```\n```json\n{{"name": "rm_rf", "arguments": {{}}}}\n```', _C_TOOLS, []),
    Case(MUST4 + ": a fence with other JSON", '```json\n{"city": "Paris", "temperature": 21}\n```', _C_TOOLS, []),
    Case(MUST4 + ": a fence of another language", "```python\nget_weather(city='Paris')\n```", _C_TOOLS, []),
    Case(MUST4 + ": two envelopes in one line of prose", f"Calls: {_ENVELOPE} {_ENVELOPE2}", _C_TOOLS, []),
    Case(MUST4 + ": an unclosed fence", f"```json\n{_ENVELOPE}\n", _C_TOOLS, []),
    Case(MUST4 + ": text between two fences", f"```json\n{_ENVELOPE}\n```\nand\n```json\n{_ENVELOPE2}\n```",
         _C_TOOLS, []),
]

# --- GLM-4.5 / 4.6 / 4.7 --------------------------------------------------------------------------------
VG = "vLLM tests/tool_parsers/test_glm4_moe_tool_parser.py::"
SG = "SGLang test/registered/function_call/test_function_call_parser.py::TestGlm4MoeDetector::"
SG7 = "SGLang test/registered/function_call/test_function_call_parser.py::TestGlm47MoeDetector::"
OG = "Ollama model/parsers/glm46_test.go::"
_G_WEATHER = tool("get_current_weather", {"city": S, "state": S, "unit": S})
VG_TOOLS = offer(
    tool("get_weather", {"city": S, "date": S}),
    _G_WEATHER,
    tool("get_current_time"),
    tool("get_time"),
    tool("send_message", {"recipient": U, "message": U, "priority": U, "greeting": U, "emoji": U}),
    tool("calculate", {"operation": U, "a": U, "b": U, "enabled": U}),
)
SG_TOOLS = offer(tool("get_weather", {"city": S, "date": S}, ("city", "date")),
                 tool("todo_write", {"todos": A}, ("todos",)))
_GREP = offer(tool("grep", {"pattern": S, "path": S}, ("pattern", "path")),
              tool("write", {"path": S, "content": S}, ("path", "content")))
_GREP_BODY = "grep\n<arg_key>pattern</arg_key>\n<arg_value>needle</arg_value>\n<arg_key>path</arg_key>\n<arg_value>.</arg_value>"
_GREP_CALL: Calls = [("grep", {"pattern": "needle", "path": "."})]


def gxml(name: str, sep: str = "\n", **args: str) -> str:
    body = "".join(f"<arg_key>{k}</arg_key>{sep}<arg_value>{v}</arg_value>{sep}" for k, v in args.items())
    return f"<tool_call>{name}{sep}{body}</tool_call>"


def _ollama_glm(desc: str, raw: str, tools: dict, want: Calls, ours: Calls | None = None, why: str = "") -> Case:
    return Case(OG + f"TestGLM46ToolCallParsing/{desc}", f"<tool_call>{raw}</tool_call>", tools, want, ours, why)


def _g(name: str, *keys: str) -> dict:
    return offer(tool(name, dict.fromkeys(keys, U)))


def _g_weather(city: str, state: str, unit: str) -> Calls:
    return [("get_current_weather", {"city": city, "state": state, "unit": unit})]


_TODOS = [
    {"id": "1", "task": "Check for hard-coded issues in the backend code", "status": "in_progress"},
    {"id": "2", "task": "Generate a rectification proposal report", "status": "pending"},
]
_TODOS_JSON = (
    '[{"id": "1", "task": "Check for hard-coded issues in the backend code", "status": "in_progress"}, '
    '{"id": "2", "task": "Generate a rectification proposal report", "status": "pending"}]'
)
_INDENT = "\n    "

GLM: list[Case] = [
    Case(VG + "test_extract_tool_calls_no_tools", "This is a test", VG_TOOLS, []),
    Case(
        VG + "test_extract_tool_calls[single_tool_call]",
        gxml("get_current_weather", _INDENT, city="Dallas", state="TX", unit="fahrenheit"),
        VG_TOOLS,
        _g_weather("Dallas", "TX", "fahrenheit"),
    ),
    Case(
        VG + "test_extract_tool_calls[multiple_tool_calls]",
        gxml("get_current_weather", _INDENT, city="Dallas", state="TX", unit="fahrenheit")
        + _INDENT
        + gxml("get_current_weather", _INDENT, city="Orlando", state="FL", unit="fahrenheit"),
        VG_TOOLS,
        _g_weather("Dallas", "TX", "fahrenheit") + _g_weather("Orlando", "FL", "fahrenheit"),
    ),
    Case(
        VG + "test_extract_tool_calls[tool_call_with_content_before]",
        "I'll help you check the weather. " + gxml("get_current_weather", _INDENT, city="Seattle", state="WA",
                                                    unit="celsius"),
        VG_TOOLS,
        _g_weather("Seattle", "WA", "celsius"),
    ),
    Case(
        VG + "test_extract_tool_calls[tool_call_with_chinese_content]",
        "I will help you get the weather." + gxml("get_weather", _INDENT, city="Beijing", date="2025-08-01"),
        VG_TOOLS,
        [("get_weather", {"city": "Beijing", "date": "2025-08-01"})],
    ),
    Case(
        VG + "test_extract_tool_calls_with_thinking_tags",
        "<think>I want to get the weather.</think>\n\nI will help you get the weather.\n"
        + gxml("get_weather", city="Beijing", date="2025-08-01"),
        VG_TOOLS,
        [("get_weather", {"city": "Beijing", "date": "2025-08-01"})],
    ),
    Case(VG + "test_extract_tool_calls_empty_arguments", "<tool_call>get_current_time\n</tool_call>", VG_TOOLS,
         [("get_current_time", {})]),
    Case(
        VG + "test_extract_tool_calls_mixed_content",
        "I will help you get the weather info.\n\n" + gxml("get_weather", city="Beijing", date="2025-08-01")
        + "\n\nmeaningwhile, I will also check the weather in Shanghai.\n\n"
        + gxml("get_weather", city="Shanghai", date="2025-08-01"),
        VG_TOOLS,
        [("get_weather", {"city": "Beijing", "date": "2025-08-01"}),
         ("get_weather", {"city": "Shanghai", "date": "2025-08-01"})],
    ),
    Case(
        VG + "test_extract_tool_calls_special_characters",
        gxml("send_message", recipient="Amy", message="It is a nice day", priority="high"),
        VG_TOOLS,
        [("send_message", {"recipient": "Amy", "message": "It is a nice day", "priority": "high"})],
    ),
    Case(
        VG + "test_extract_tool_calls_incomplete_tool_call",
        "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n<arg_key>date</arg_key>\n"
        "<arg_value>2025-08-01</arg_value>",
        VG_TOOLS,
        [],
        [("get_weather", {"city": "Beijing", "date": "2025-08-01"})],
        "upstreams differ: Ollama takes a cut-off call whose values are closed and whose required arguments are "
        "present (TestGLM46ParserFinalizesCompleteToolCallOnDone); we follow Ollama",
    ),
    Case(
        VG + "test_extract_tool_calls_numeric_deserialization",
        gxml("calculate", operation="add", a="42", b="3.14", enabled="true"),
        VG_TOOLS,
        [("calculate", {"operation": "add", "a": 42, "b": 3.14, "enabled": True})],
    ),
    Case(
        VG + "test_whitespace_preserved_in_arg_values",
        "<tool_call>apply_diff\n<arg_key>s</arg_key>\n<arg_value>    indented code    </arg_value>\n</tool_call>",
        offer(tool("apply_diff", {"s": S}, ("s",))),
        [("apply_diff", {"s": "    indented code    "})],
    ),
    Case(VG + "test_zero_argument_tool_call", "<tool_call>get_time\n</tool_call>", VG_TOOLS, [("get_time", {})]),
    Case(VG + "test_malformed_tool_call_no_regex_match", "<tool_call>   ", VG_TOOLS, []),
    Case(
        VG + "test_unicode_characters_preserved",
        gxml("send_message", greeting="你好世界", emoji="🎉"),
        VG_TOOLS,
        [("send_message", {"greeting": "你好世界", "emoji": "🎉"})],
    ),
    Case(
        VG + "test_streaming_json_escape_in_string",
        '<tool_call>send_message\n<arg_key>message</arg_key><arg_value>Hello "world"\nNew line</arg_value></tool_call>',
        VG_TOOLS,
        [("send_message", {"message": 'Hello "world"\nNew line'})],
    ),
    Case(
        SG + "test_single_tool_call",
        gxml("get_weather", city="Beijing", date="2024-06-27"),
        SG_TOOLS,
        [("get_weather", {"city": "Beijing", "date": "2024-06-27"})],
    ),
    Case(
        SG + "test_multiple_tool_calls",
        gxml("get_weather", city="Beijing", date="2024-06-27") + gxml("get_weather", city="Shanghai", date="2024-06-28"),
        SG_TOOLS,
        [("get_weather", {"city": "Beijing", "date": "2024-06-27"}),
         ("get_weather", {"city": "Shanghai", "date": "2024-06-28"})],
    ),
    Case(
        SG + "test_invalid_tool_call",
        "<tool_call>invalid_func\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>",
        SG_TOOLS,
        [],
    ),
    Case(
        SG + "test_array_argument_with_escaped_json[plain]",
        f"<tool_call>todo_write\n<arg_key>todos</arg_key>\n<arg_value>{_TODOS_JSON}</arg_value>\n</tool_call>",
        SG_TOOLS,
        [("todo_write", {"todos": _TODOS})],
    ),
    Case(
        SG + "test_array_argument_with_escaped_json[escaped]",
        "<tool_call>todo_write\\n<arg_key>todos</arg_key>\\n<arg_value>"
        + _TODOS_JSON.replace('"', '\\"')
        + "</arg_value>\n</tool_call>",
        SG_TOOLS,
        [("todo_write", {"todos": _TODOS})],
    ),
    Case(
        SG + "test_array_argument_with_escaped_json[windows path]",
        '<tool_call>todo_write\n<arg_key>todos</arg_key>\n<arg_value>[{"id": "1", "task": "Check file at '
        'C:\\\\\\\\Users\\\\\\\\test.txt", "status": "pending"}]</arg_value></tool_call>',
        SG_TOOLS,
        [("todo_write", {"todos": [{"id": "1", "task": "Check file at C:\\Users\\test.txt", "status": "pending"}]})],
        [("todo_write", {"todos": [{"id": "1", "task": "Check file at C:\\\\Users\\\\test.txt", "status": "pending"}]})],
        LITERAL,
    ),
    Case(
        SG + "test_array_argument_with_escaped_json[literal backslash n]",
        '<tool_call>todo_write\n<arg_key>todos</arg_key>\n<arg_value>[{"id": "1", "task": "Print \\\\n to see '
        'newline","status": "pending"}]</arg_value></tool_call>',
        SG_TOOLS,
        [("todo_write", {"todos": [{"id": "1", "task": "Print \\n to see newline", "status": "pending"}]})],
    ),
    Case(SG + "test_empty_function_name_handling", "<tool_call>\n", SG_TOOLS, []),
    Case(
        SG7 + "test_single_tool_call",
        gxml("get_weather", "", city="Beijing", date="2024-06-27"),
        SG_TOOLS,
        [("get_weather", {"city": "Beijing", "date": "2024-06-27"})],
    ),
    Case(
        SG7 + "test_multiple_tool_calls",
        gxml("get_weather", "", city="Beijing", date="2024-06-27")
        + gxml("get_weather", "", city="Shanghai", date="2024-06-28"),
        SG_TOOLS,
        [("get_weather", {"city": "Beijing", "date": "2024-06-27"}),
         ("get_weather", {"city": "Shanghai", "date": "2024-06-28"})],
    ),
    Case(
        SG7 + "test_invalid_tool_call",
        "<tool_call>invalid_func<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>",
        SG_TOOLS,
        [],
    ),
    Case(OG + "TestGLM46ParserFinalizesCompleteToolCallOnDone/tool body in final chunk", "<tool_call>" + _GREP_BODY,
         _GREP, _GREP_CALL),
    Case(OG + "TestGLM46ParserFinalizesCompleteToolCallOnDone/partial outer close in final chunk",
         "<tool_call>" + _GREP_BODY + "</tool_", _GREP, _GREP_CALL),
    Case(OG + "TestGLM46ParserRejectsIncompleteToolCallOnDone/empty body", "<tool_call>", _GREP, []),
    Case(OG + "TestGLM46ParserRejectsIncompleteToolCallOnDone/partial tool name", "<tool_call>gr", _GREP, []),
    Case(
        OG + "TestGLM46ParserRejectsIncompleteToolCallOnDone/incomplete argument value",
        "<tool_call>write\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>\n<arg_key>content</arg_key>\n"
        "<arg_value>partial",
        _GREP,
        [],
    ),
    Case(
        OG + "TestGLM46ParserRejectsIncompleteToolCallOnDone/undeclared tool",
        "<tool_call>shell\n<arg_key>command</arg_key>\n<arg_value>echo unsafe</arg_value>",
        _GREP,
        [],
    ),
    Case(
        OG + "TestGLM46ParserRejectsIncompleteToolCallOnDone/missing required argument",
        "<tool_call>write\n<arg_key>path</arg_key>\n<arg_value>out.txt</arg_value>",
        _GREP,
        [],
    ),
    _ollama_glm(
        "simple tool call",
        "get-current-weather\n<arg_key>location</arg_key>\n<arg_value>New York, NY</arg_value>\n<arg_key>unit</arg_key>"
        "\n<arg_value>celsius</arg_value>",
        _g("get-current-weather", "location", "unit"),
        [("get-current-weather", {"location": "New York, NY", "unit": "celsius"})],
    ),
    _ollama_glm(
        "tool call with typed parameters",
        'calculate\n<arg_key>x</arg_key>\n<arg_value>3.14</arg_value>\n<arg_key>y</arg_key>\n<arg_value>42</arg_value>\n'
        '<arg_key>enabled</arg_key>\n<arg_value>true</arg_value>\n<arg_key>items</arg_key>\n<arg_value>["a", "b", "c"]'
        "</arg_value>",
        offer(tool("calculate", {"x": N, "y": I, "enabled": B, "items": A})),
        [("calculate", {"x": 3.14, "y": 42, "enabled": True, "items": ["a", "b", "c"]})],
    ),
    _ollama_glm(
        "function name with whitespace",
        "  get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>",
        _g("get-weather", "city"),
        [("get-weather", {"city": "Paris"})],
    ),
    _ollama_glm(
        "values with special characters",
        'execute-command\n<arg_key>command</arg_key>\n<arg_value>ls && echo "done"</arg_value>\n<arg_key>message'
        "</arg_key>\n<arg_value>a < b and c > d</arg_value>",
        _g("execute-command", "command", "message"),
        [("execute-command", {"command": 'ls && echo "done"', "message": "a < b and c > d"})],
    ),
    _ollama_glm(
        "unicode in function names and values",
        "获取天气\n<arg_key>城市</arg_key>\n<arg_value>北京</arg_value>\n<arg_key>message</arg_key>\n"
        "<arg_value>Hello! 你好! 🌟</arg_value>",
        _g("获取天气", "城市", "message"),
        [("获取天气", {"城市": "北京", "message": "Hello! 你好! 🌟"})],
    ),
    _ollama_glm(
        "empty value",
        "test-function\n<arg_key>param1</arg_key>\n<arg_value></arg_value>",
        _g("test-function", "param1"),
        [("test-function", {"param1": ""})],
    ),
    _ollama_glm(
        "special chars in arg_key names",
        "test-function\n<arg_key>param<1></arg_key>\n<arg_value>value1</arg_value>\n<arg_key>a&b</arg_key>\n"
        "<arg_value>value2</arg_value>\n<arg_key>x>y</arg_key>\n<arg_value>value3</arg_value>",
        _g("test-function", "param<1>", "a&b", "x>y"),
        [("test-function", {"param<1>": "value1", "a&b": "value2", "x>y": "value3"})],
    ),
    _ollama_glm(
        "mixed special chars together",
        "test-function\n<arg_key>param</arg_key>\n<arg_value><>&<>&</arg_value>",
        _g("test-function", "param"),
        [("test-function", {"param": "<>&<>&"})],
    ),
    _ollama_glm(
        "newlines and tabs in parameter values",
        "test-function\n<arg_key>multiline</arg_key>\n<arg_value>line1\n\tindented line2\nline3</arg_value>",
        _g("test-function", "multiline"),
        [("test-function", {"multiline": "line1\n\tindented line2\nline3"})],
    ),
    _ollama_glm(
        "CDATA-like content that should be treated as text",
        "test-function\n<arg_key>cdata</arg_key>\n<arg_value><![CDATA[not actual cdata]]></arg_value>",
        _g("test-function", "cdata"),
        [("test-function", {"cdata": "<![CDATA[not actual cdata]]>"})],
    ),
    _ollama_glm(
        "all special XML entities",
        "test-function\n<arg_key>entities</arg_key>\n<arg_value>&lt;&gt;&amp;&apos;&quot;</arg_value>",
        _g("test-function", "entities"),
        [("test-function", {"entities": "&lt;&gt;&amp;&apos;&quot;"})],
    ),
    _ollama_glm(
        "order preservation with identical key names but different positions",
        "test-function\n<arg_key>param</arg_key>\n<arg_value>first occurrence</arg_value>\n<arg_key>other</arg_key>\n"
        "<arg_value>middle</arg_value>\n<arg_key>param</arg_key>\n<arg_value>second occurrence</arg_value>",
        _g("test-function", "param", "other"),
        [("test-function", {"other": "middle", "param": "second occurrence"})],
        [("test-function", {"param": "first occurrence",
                            "other": "middle</arg_value>\n<arg_key>param</arg_key>\n<arg_value>second occurrence"})],
        DUP_KEY,
    ),
    _ollama_glm(
        "array with mixed types",
        'process\n<arg_key>items</arg_key>\n<arg_value>[1, "hello", true, null]</arg_value>',
        offer(tool("process", {"items": A})),
        [("process", {"items": [1, "hello", True, None]})],
    ),
    _ollama_glm(
        "anyOf array or string - with plain string",
        "TodoWrite\n<arg_key>todos</arg_key>\n<arg_value>Error: could not load todos</arg_value>",
        offer(tool("TodoWrite", {"todos": {"type": ["array", "string"]}})),
        [("TodoWrite", {"todos": "Error: could not load todos"})],
    ),
    _ollama_glm(
        "unclosed arg_value at end",
        "get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris",
        _g("get-weather", "city", "unit"),
        [("get-weather", {"city": "Paris"})],
    ),
    _ollama_glm(
        "unclosed arg_value before next arg_key",
        "get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>unit</arg_key>\n<arg_value>celsius</arg_value>",
        _g("get-weather", "city", "unit"),
        [("get-weather", {"city": "Paris", "unit": "celsius"})],
    ),
    _ollama_glm(
        "multiple unclosed arg_values",
        "get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris<arg_key>unit</arg_key>\n<arg_value>celsius",
        _g("get-weather", "city", "unit"),
        [("get-weather", {"city": "Paris", "unit": "celsius"})],
    ),
    _ollama_glm(
        "unopened arg_value after arg_key",
        "get-weather\n<arg_key>city</arg_key>\nNew York</arg_value>\n<arg_key>unit</arg_key>\ncelsius</arg_value>",
        _g("get-weather", "city", "unit"),
        [("get-weather", {"city": "New York", "unit": "celsius"})],
    ),
    _ollama_glm(
        "mixed unopened and valid arg_values",
        "get-weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>unit</arg_key>\ncelsius"
        "</arg_value>",
        _g("get-weather", "city", "unit"),
        [("get-weather", {"city": "Paris", "unit": "celsius"})],
    ),
]

# --- Kimi K2 ---------------------------------------------------------------------------------------------------
VK = "vLLM tests/tool_parsers/test_kimi_k2_tool_parser.py::"
SK = "SGLang test/registered/function_call/test_kimik2_detector.py::"
SK1 = "SGLang test/registered/function_call/test_function_call_parser.py::TestKimiK2Detector::"
SB, SE = "<|tool_calls_section_begin|>", "<|tool_calls_section_end|>"
K_TOOLS = offer(
    tool("get_weather", {"city": S, "unit": S}),
    tool("get_news", {"topic": S}),
    tool("send_email", {"to": S, "subject": S}),
    tool("process_html", {"html": S}),
    tool("process_data", {"name": S, "value": I}),
    tool("test", {"k": S}),
    tool("good", {"city": S}),
    tool("valid", {"city": S}),
    tool("search", {"q": S}),
    tool("read_file", {"path": S}),
    tool("book_flight", {"city": S}),
    tool("ReadFile", {"path": S}, ("path",)),
    tool("get_tourist_attractions", {"city": S}),
    tool("mcp__portal__search-documents", {"path": S}),
    tool("list-files", {"path": S}),
)


def kcall(call_id: str, args: str, space: str = " ") -> str:
    return f"<|tool_call_begin|>{call_id}{space}<|tool_call_argument_begin|>{args}<|tool_call_end|>"


def ksec(*calls: str) -> str:
    return SB + "".join(calls) + SE


KIMI: list[Case] = [
    Case(VK + "TestExtractToolCalls::test_no_tools", "This is a test", K_TOOLS, []),
    Case(VK + "TestExtractToolCalls::test_extract_tool_calls[single_tool_call]",
         "I'll check. " + ksec(kcall("functions.get_weather:0", '{"city": "Beijing"}')), K_TOOLS,
         [("get_weather", {"city": "Beijing"})]),
    Case(
        VK + "TestExtractToolCalls::test_extract_tool_calls[parallel_tool_calls]",
        "Compare weather. " + ksec(kcall("functions.get_weather:0", '{"city": "Beijing"}'),
                                   kcall("functions.get_weather:1", '{"city": "Shanghai"}')),
        K_TOOLS,
        [("get_weather", {"city": "Beijing"}), ("get_weather", {"city": "Shanghai"})],
    ),
    Case(
        VK + "TestExtractToolCalls::test_extract_tool_calls[three_tool_calls]",
        "Multiple tasks. " + ksec(
            kcall("functions.get_weather:0", '{"city": "New York"}'),
            kcall("functions.get_news:1", '{"topic": "technology"}'),
            kcall("functions.send_email:2", '{"to": "user@example.com", "subject": "Daily Update"}'),
        ),
        K_TOOLS,
        [("get_weather", {"city": "New York"}), ("get_news", {"topic": "technology"}),
         ("send_email", {"to": "user@example.com", "subject": "Daily Update"})],
    ),
    Case(VK + "TestExtractToolCalls::test_extract_tool_calls[angle_brackets_in_json]",
         "Process HTML. " + ksec(kcall("functions.process_html:0", '{"html": "<div>content</div>"}')), K_TOOLS,
         [("process_html", {"html": "<div>content</div>"})]),
    Case(VK + "TestExtractToolCalls::test_extract_tool_calls[multiline_json]",
         "Formatted. " + ksec(kcall("functions.process_data:0", '{\n  "name": "test",\n  "value": 123\n}')), K_TOOLS,
         [("process_data", {"name": "test", "value": 123})]),
    Case(VK + "TestExtractToolCalls::test_extract_tool_calls[no_functions_prefix]",
         "No prefix. " + ksec(kcall("get_weather:0", '{"city": "Tokyo"}')), K_TOOLS, [("get_weather", {"city": "Tokyo"})]),
    Case(VK + "TestExtractToolCalls::test_extract_tool_calls[empty_arguments]",
         "Empty args. " + ksec(kcall("functions.test:0", "{}")), K_TOOLS, [("test", {})]),
    Case(
        VK + "TestExtractToolCalls::test_invalid_json_still_extracted",
        "Help. " + ksec(kcall("functions.bad:0", '{"city": "Beijing"'), kcall("functions.good:1", '{"city": "Shanghai"}')),
        offer(tool("bad", {"city": S}), tool("good", {"city": S})),
        [("bad", '{"city": "Beijing"'), ("good", {"city": "Shanghai"})],
        [("good", {"city": "Shanghai"})],
        WELL_FORMED + ": the call with broken JSON is dropped, its well-formed sibling kept",
    ),
    Case(
        VK + "TestExtractToolCalls::test_invalid_funcall_id_skipped",
        "Help. " + ksec(kcall("functions.invalid.0", '{"city": "Beijing"}'),
                        kcall("functions.valid:1", '{"city": "Shanghai"}')),
        K_TOOLS,
        [("valid", {"city": "Shanghai"})],
    ),
    Case(
        VK + "TestExtractToolCalls::test_bare_counter",
        "Let me check. " + ksec(kcall("0", '{"city": "Tokyo", "unit": "celsius"}')),
        offer(tool("get_weather", {"city": S, "unit": S})),
        [("get_weather", {"city": "Tokyo", "unit": "celsius"})],

    ),
    Case(
        VK + "TestExtractToolCalls::test_bare_counter_multiple_tools_infers_by_args",
        "Let me check. " + ksec(kcall("0", '{"city": "Tokyo", "unit": "celsius"}')),
        offer(tool("read_file", {"path": S}), tool("get_weather", {"city": S, "unit": S})),
        [("get_weather", {"city": "Tokyo", "unit": "celsius"})],

    ),
    Case(
        VK + "TestExtractToolCalls::test_bare_counter_multiple_tools_skips_unsafe_inference[ambiguous]",
        "Let me check. " + ksec(kcall("0", '{"city": "Tokyo"}')),
        offer(tool("get_weather", {"city": S, "unit": S}), tool("book_flight", {"city": S})),
        [],
    ),
    Case(
        VK + "TestStreamingHappyPath::test_content_before_tools",
        "I'll check the weather. " + SB + kcall("functions.get_weather:0 ", '{"city": "Tokyo"} ') + SE,
        K_TOOLS,
        [("get_weather", {"city": "Tokyo"})],
    ),
    Case(
        VK + "TestStreamingEdgeCases::test_noise_between_markers_suppressed",
        "Reasoning. " + SB + " spurious noise " + kcall("functions.test:0", '{"k": "v"} ') + SE,
        K_TOOLS,
        [("test", {"k": "v"})],
    ),
    Case(VK + "TestStreamingEdgeCases::test_empty_tool_section", "Reasoning. " + SB + SE, K_TOOLS, []),
    Case(
        VK + "TestStreamingEdgeCases::test_three_different_tools",
        "Multiple tasks. " + ksec(kcall("functions.get_weather:0", '{"city": "NYC"}'),
                                  kcall("functions.get_news:1", '{"topic": "tech"}'),
                                  kcall("functions.send_email:2", '{"to": "a@b.com"}')),
        K_TOOLS,
        [("get_weather", {"city": "NYC"}), ("get_news", {"topic": "tech"}), ("send_email", {"to": "a@b.com"})],
    ),
    Case(
        VK + "TestStreamingEdgeCases::test_truncated_tool_call_no_end_marker",
        "I'll check. " + SB + "<|tool_call_begin|>functions.get_weather:0 <|tool_call_argument_begin|>"
        + '{"city": "Bei',
        K_TOOLS,
        [("get_weather", '{"city": "Bei')],
        [],
        WELL_FORMED,
    ),
    Case(
        VK + "TestStreamingEdgeCases::test_content_after_tool_section",
        "Before. " + SB + kcall("functions.get_weather:0 ", '{"city": "Tokyo"} ') + SE + " After tools.",
        K_TOOLS,
        [("get_weather", {"city": "Tokyo"})],
    ),
    Case(
        VK + "TestStreamingIntervals::test_multiple_tool_calls_at_interval",
        "Compare. " + ksec(kcall("functions.search:0", '{"q": "cats"}'), kcall("functions.search:1", '{"q": "dogs"}')),
        K_TOOLS,
        [("search", {"q": "cats"}), ("search", {"q": "dogs"})],
    ),
    Case(
        SK + "TestKimiK2DetectorBasic::test_single_tool_call",
        ksec(kcall("functions.ReadFile:0", '{"path": "/test.py"}', "")),
        K_TOOLS,
        [("ReadFile", {"path": "/test.py"})],
    ),
    Case(
        SK + "TestKimiK2DetectorBasic::test_multiple_tool_calls",
        ksec(kcall("functions.ReadFile:0", '{"path": "/a.py"}', ""),
             kcall("functions.get_weather:1", '{"city": "Tokyo"}', "")),
        K_TOOLS,
        [("ReadFile", {"path": "/a.py"}), ("get_weather", {"city": "Tokyo"})],
    ),
    Case(
        SK + "TestKimiK2DetectorBasic::test_non_streaming_tool_index_is_local",
        ksec(kcall("functions.ReadFile:5", '{"path": "/a.py"}', ""),
             kcall("functions.get_weather:6", '{"city": "Tokyo"}', "")),
        K_TOOLS,
        [("ReadFile", {"path": "/a.py"}), ("get_weather", {"city": "Tokyo"})],
    ),
    Case(
        SK + "TestKimiK2DetectorBasic::test_normal_text_before_tool_call",
        "Let me check the file." + ksec(kcall("functions.ReadFile:0", '{"path": "/test.py"}', "")),
        K_TOOLS,
        [("ReadFile", {"path": "/test.py"})],
    ),
    Case(SK + "TestKimiK2DetectorBasic::test_no_tool_call", "Just a normal response.", K_TOOLS, []),
    Case(
        SK + "TestKimiK2DetectorHyphenatedNames::test_hyphenated_name_non_streaming",
        ksec(kcall("functions.mcp__portal__search-documents:0", '{"path": "/docs"}', "")),
        K_TOOLS,
        [("mcp__portal__search-documents", {"path": "/docs"})],
    ),
    Case(
        SK + "TestKimiK2DetectorHyphenatedNames::test_hyphenated_name_streaming",
        ksec(kcall("functions.list-files:0", '{"path": "/home"}', "")),
        K_TOOLS,
        [("list-files", {"path": "/home"})],
    ),
    Case(
        SK + "TestKimiK2ReasoningDetectorNonStreaming::test_tool_call_inside_think_without_close_tag",
        "<think>Let me read this file..." + ksec(kcall("functions.ReadFile:0", '{"path": "/test.py"}', "")),
        K_TOOLS,
        [("ReadFile", {"path": "/test.py"})],
    ),
    Case(
        SK1 + "test_invalid_tool_call",
        'invalid_tool:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>',
        K_TOOLS,
        [],
    ),
    Case(
        SK1 + "test_multiple_tool_calls",
        ksec(kcall("functions.get_weather:0", '{"city": "Paris"}', ""),
             kcall("functions.get_tourist_attractions:1", '{"city": "London"}', "")),
        K_TOOLS,
        [("get_weather", {"city": "Paris"}), ("get_tourist_attractions", {"city": "London"})],
    ),
]

# --- Pythonic (Llama 3.2 / 4) ------------------------------------------------------------------------------
VP = "vLLM tests/tool_parsers/test_pythonic_tool_parser.py::"
VP4 = "vLLM tests/tool_parsers/test_llama4_pythonic_tool_parser.py::"
SP = "SGLang test/registered/function_call/test_function_call_parser.py::TestPythonicDetector::"
P_TOOLS = offer(
    tool("get_weather", {"city": S, "metric": S, "location": S, "unit": S, "data": A}),
    tool("register_user", {"name": S, "age": I, "address": O, "role": U, "passed_test": B, "aliases": A}),
    tool("do_something_cool", {"additional_data": O, "steps": A}),
    tool("search", {"query": S, "config": O, "filters": A}),
    tool("bad", {"x": U}),
    tool("calc", {"x": N}),
    tool("f", {"a": S, "b": S}),
    tool("g", {"b": S}),
    tool("foo", {"x": U}),
)
SIMPLE = "get_weather(city='San Francisco', metric='celsius')"
SIMPLE_CALL = ("get_weather", {"city": "San Francisco", "metric": "celsius"})
MORE = ("register_user(name='John Doe', age=37, address={'city': 'San Francisco', 'state': 'CA'}, role=None, "
        "passed_test=True, aliases=['John', 'Johnny'])")
MORE_CALL = ("register_user", {"name": "John Doe", "age": 37, "address": {"city": "San Francisco", "state": "CA"},
                               "role": None, "passed_test": True, "aliases": ["John", "Johnny"]})
ESCAPED = r"get_weather(city='Martha\'s Vineyard', metric='\"cool units\"')"
ESCAPED_CALL = ("get_weather", {"city": "Martha's Vineyard", "metric": '"cool units"'})
LA = "get_weather(city='LA', metric='C')"
LA_CALL = ("get_weather", {"city": "LA", "metric": "C"})
DOE_CALL = ("register_user", {"name": "Doe", "age": 9})

PYTHONIC: list[Case] = [
    Case(VP + "test_no_tool_call", "How can I help you today?", P_TOOLS, []),
    Case(VP + "test_tool_call[simple_nonstreaming]", f"[{SIMPLE}]", P_TOOLS, [SIMPLE_CALL]),
    Case(VP + "test_tool_call[more_types_nonstreaming]", f"[{MORE}]", P_TOOLS, [MORE_CALL]),
    Case(VP + "test_tool_call[parameterless_nonstreaming]", "[get_weather()]", P_TOOLS, [("get_weather", {})]),
    Case(VP + "test_tool_call[empty_dict_nonstreaming]", "[do_something_cool(additional_data={})]", P_TOOLS,
         [("do_something_cool", {"additional_data": {}})]),
    Case(VP + "test_tool_call[empty_list_nonstreaming]", "[do_something_cool(steps=[])]", P_TOOLS,
         [("do_something_cool", {"steps": []})]),
    Case(VP + "test_tool_call[escaped_string_nonstreaming]", f"[{ESCAPED}]", P_TOOLS, [ESCAPED_CALL]),
    Case(VP + "test_tool_call[parallel_calls_nonstreaming]", f"[{SIMPLE}, {MORE}]", P_TOOLS, [SIMPLE_CALL, MORE_CALL]),
    Case(VP + "test_streaming_tool_call_with_large_steps",
         f"[{SIMPLE}, get_weather(), do_something_cool(steps=[])]", P_TOOLS,
         [SIMPLE_CALL, ("get_weather", {}), ("do_something_cool", {"steps": []})]),
    Case(VP + "test_bad_sibling_call_does_not_drop_good_calls", f"[bad(x=b'z'), {SIMPLE}]", P_TOOLS, [SIMPLE_CALL]),
    Case(VP + "test_non_finite_argument_rejected", f"[calc(x=1e999), {SIMPLE}]", P_TOOLS, [SIMPLE_CALL]),
    Case(VP + "test_good_call_survives_unparsable_sibling", f"[{SIMPLE}, f(a='x 'y', b='z')]", P_TOOLS,
         [SIMPLE_CALL]),
    Case(VP + "test_unrecoverable_block_still_reports_no_tool_call", "[f(a='x 'y' 'z), g(b='p 'q' 'r)]", P_TOOLS, []),
    Case(VP + "test_streaming_mismatched_brackets_reported_once", "[foo(x=1])]", P_TOOLS, []),
    Case(VP4 + "test_tool_call[python_tag_nonstreaming]", f"<|python_start|>[{LA}]<|python_end|>", P_TOOLS, [LA_CALL]),
    Case(VP4 + "test_tool_call[parallel_calls_nonstreaming]",
         "[get_weather(city='LA',metric='C'),register_user(name='Doe',age=9)]", P_TOOLS, [LA_CALL, DOE_CALL]),
    Case(VP4 + "test_tool_call[parallel_calls_nonstreaming] (python_start, no end)",
         f"<|python_start|>[{LA}, register_user(name='Doe', age=9)]", P_TOOLS, [LA_CALL, DOE_CALL]),
    Case(VP4 + "test_streaming_tool_call_with_large_steps",
         f"<|python_start|>[{LA}, get_weather(), do_something_cool(steps=[])]<|python_end|>", P_TOOLS,
         [LA_CALL, ("get_weather", {}), ("do_something_cool", {"steps": []})]),
    Case(VP4 + "test_bad_sibling_call_does_not_drop_good_calls",
         f"<|python_start|>[bad(x=b'z'), {LA}]<|python_end|>", P_TOOLS, [LA_CALL]),
    Case(VP4 + "test_streaming_mismatched_brackets_reported_once", "<|python_start|>[foo(x=1])]<|python_end|>",
         P_TOOLS, []),
    Case(SP + "test_parse_streaming_no_brackets", "This is just normal text without any tool calls.", P_TOOLS, []),
    Case(SP + "test_parse_streaming_complete_tool_call",
         "Here's a tool call: [get_weather(location='New York', unit='celsius')]", P_TOOLS,
         [("get_weather", {"location": "New York", "unit": "celsius"})]),
    Case(SP + "test_parse_streaming_text_before_tool_call", "This is some text before [get_weather(location='London')]",
         P_TOOLS, [("get_weather", {"location": "London"})]),
    Case(SP + "test_parse_streaming_bracket_without_text_before", "[search(query='python programming')]", P_TOOLS,
         [("search", {"query": "python programming"})]),
    Case(SP + "test_parse_streaming_text_after_tool_call", "[get_weather(location='Tokyo')] Here's the forecast:",
         P_TOOLS, [("get_weather", {"location": "Tokyo"})]),
    Case(SP + "test_parse_streaming_multiple_tool_calls",
         "[get_weather(location='Berlin')] and [search(query='restaurants')]", P_TOOLS,
         [("get_weather", {"location": "Berlin"}), ("search", {"query": "restaurants"})]),
    Case(SP + "test_parse_streaming_opening_bracket_only", "Let's try this: [", P_TOOLS, []),
    Case(SP + "test_parse_streaming_nested_brackets",
         "[get_weather(location='New York', unit='celsius', data=[1, 2, 3])]", P_TOOLS,
         [("get_weather", {"location": "New York", "unit": "celsius", "data": [1, 2, 3]})]),
    Case(SP + "test_parse_streaming_nested_brackets_dict",
         "[search(query='test', config={'options': [1, 2], 'nested': {'key': 'value'}})]", P_TOOLS,
         [("search", {"query": "test", "config": {"options": [1, 2], "nested": {"key": "value"}}})]),
    Case(SP + "test_parse_streaming_multiple_tools_with_nested_brackets",
         "[get_weather(location='Paris', data=[10, 20]), search(query='test', filters=['a', 'b'])]", P_TOOLS,
         [("get_weather", {"location": "Paris", "data": [10, 20]}), ("search", {"query": "test", "filters": ["a", "b"]})]),
    Case(SP + "test_parse_streaming_with_python_start_and_end_token",
         "Here's a call: <|python_start|>[get_weather(location='Tokyo', data=[1, 2, 3])]<|python_end|>", P_TOOLS,
         [("get_weather", {"location": "Tokyo", "data": [1, 2, 3]})]),
    Case(SP + "test_detect_and_parse_with_python_start_and_end_token",
         "User wants to get the weather in Mars. <|python_start|>[get_weather(location='Mars', unit='celsius')]"
         "<|python_end|> In this way we will get the weather in Mars.", P_TOOLS,
         [("get_weather", {"location": "Mars", "unit": "celsius"})]),
]

SETS: dict[str, list[Case]] = {
    "qwen3_xml": QWEN3,
    "hermes": HERMES,
    "llama3_json": LLAMA3,
    "qwen25_coder": QWEN25_CODER,
    "glm45": GLM,
    "kimi_k2": KIMI,
    "pythonic": PYTHONIC,
}
