"""Cases from the inference servers' own tool-parser tests, one set per text-call dialect (issue 17).

Each case names the upstream test it comes from (vLLM `tests/tool_parsers/...`, SGLang
`test/registered/function_call/...`, Ollama `model/parsers/..._test.go` / `tools/tools_test.go` /
`harmony/harmonyparser_test.go`, llama.cpp `tests/test-chat.cpp` (issue 25: the model's name and the
case's title)) or, for the Qwen2.5-Coder form, the issue thread that shows it. Inputs are the upstream
model outputs, shortened where long; the expectations are upstream's. `tests/test_textcalls_upstream.py`
counts, per dialect, the upstream tests' cases read as upstream expects (issue 25, Must 6: at least 95%).

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
    _ollama_value("null value lowercase", "null", S, None),
    _ollama_value("invalid boolean falls back to false", "yes", B, False),
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


def _bare_string(value: str, want: Any = ...) -> Case:
    """vLLM reads string arguments as they are (a serialized object decoded); its test declares no tool."""
    return Case(
        VH + f"test_hermes_streaming_string_arguments_match_non_streaming[{value}]",
        '<tool_call>{"name": "f", "arguments": ' + json.dumps(value) + "}</tool_call>",
        offer(tool("f")),
        [("f", value if want is ... else want)],
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
        offer(tool("do_thing")),
        [("do_thing", "hello")],
    ),
    _bare_string('{"param": "max_connections"}', {"param": "max_connections"}),
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
        'C:\\\\Users\\\\test.txt", "status": "pending"}]</arg_value></tool_call>',
        SG_TOOLS,
        [("todo_write", {"todos": [{"id": "1", "task": "Check file at C:\\Users\\test.txt", "status": "pending"}]})],
    ),
    Case(
        SG + "test_array_argument_with_escaped_json[windows path, raw string]",
        '<tool_call>todo_write\\n<arg_key>todos</arg_key>\\n<arg_value>[{\\"id\\": \\"1\\", \\"task\\": '
        '\\"Check file at C:\\\\\\\\Users\\\\\\\\test.txt\\", \\"status\\": \\"pending\\"}]</arg_value></tool_call>',
        SG_TOOLS,
        [("todo_write", {"todos": [{"id": "1", "task": "Check file at C:\\Users\\test.txt", "status": "pending"}]})],
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

# --- issue 25: llama.cpp's chat parser tests, one block per dialect -------------------------------------------
# llama.cpp strips reasoning before it reads calls; these readers see the whole reply (the loop strips Open WebUI's
# reasoning tags first). A case whose expected calls depend on that stripping alone (a sample call inside the
# reasoning, which upstream drops) is marked `REASONING`.
LC = "llama.cpp tests/test-chat.cpp::"
REASONING = "upstream's reasoning parser drops the sample call written inside the reasoning; this reader is given the reply"
RAW_ARGS = "upstream returns the call with its arguments as written (not JSON); a call must carry an object: dropped"
_SF = tool("special_function", {"arg1": I}, ("arg1",))
_SFO = tool("special_function_with_opt", {"arg1": I, "arg2": I}, ("arg1",))
_PY = tool("python", {"code": S}, ("code",))
_HTML = tool("html", {"markup": S}, ("markup",))
_TODO = tool("todo_list", {"todos": A}, ("todos",))
_GET_TIME = tool("get_time", {"city": S}, ("city",))
_LC_WEATHER = tool("get_weather", {"city": S}, ("city",))
_EDIT = tool("edit", {"filename": S, "oldString": S, "newString": S}, ("filename", "oldString", "newString"))
_RUN = tool("run_in_terminal", {"command": S}, ("command",))
_MAGIC = tool("magic", {"name": S, "ref": S}, ("name", "ref"))
_MAGIC_INT = tool("magic_int", {"ref": I, "name": S}, ("ref",))
_AMOUNT = tool("amount", {"orig": N}, ("orig",))
_TOGGLE = tool("toggle", {"enabled": B}, ("enabled",))
_CONFIG = tool("set_config", {"config": O}, ("config",))
_NESTED = tool("nested_args", {"tags": A, "entries": A}, ("tags", "entries"))
_NSTR = tool("set_nullable_str", {"name": {"type": ["string", "null"]}}, ("name",))
_NSTR_NF = tool("set_nullable_str_nf", {"name": {"type": ["null", "string"]}}, ("name",))
_NINT = tool("set_nullable_int", {"count": {"type": ["integer", "null"]}}, ("count",))
_UNION = tool("set_union", {"value": {"type": ["string", "object"]}, "amount": {"type": ["string", "integer"]}},
              ("value", "amount"))
_UNIT_ENUM = tool("set_unit", {"unit": {"enum": ["celsius", "fahrenheit"]}}, ("unit",))
_STRP = tool("string_param", {"text": S})
_QUOTED = tool("quoted_unquoted", {"quoted": S, "unquoted": S}, ("quoted", "unquoted"))
_T24 = tool("tool_2req_4opt", {"req1": S, "req2": I, "opt1": S, "opt2": I, "opt3": S, "opt4": I}, ("req1", "req2"))
_T25 = tool("tool_2req_5opt", {"req1": S, "req2": I, "opt1": S, "opt2": I, "opt3": S, "opt4": I, "opt5": S},
            ("req1", "req2"))
_EMPTY = tool("empty_args")
_EMPTY_NP = {"name": "empty_args_no_props", "description": "no properties", "parameters": {"type": "object"}}
_EMPTY_NS = {"name": "empty_args_no_schema", "description": "no schema", "parameters": {}}
_IMAG = tool("imaginary_number", {"number": O}, ("number",))
_SF_CALL: Calls = [("special_function", {"arg1": 1})]
_TWO_SF: Calls = [("special_function", {"arg1": 1}), ("special_function_with_opt", {"arg1": 1, "arg2": 2})]


def lqxml(function: str, /, **params: str) -> str:
    """Qwen3-Coder XML as llama.cpp's tests write it: each value on its own lines."""
    body = "".join(f"<parameter={k}>\n{v}\n</parameter>\n" for k, v in params.items())
    return f"<tool_call>\n<function={function}>\n{body}</function>\n</tool_call>"


_LQ = lqxml("special_function", arg1="1")
_LQ2 = _LQ + "\n" + lqxml("special_function_with_opt", arg1="1", arg2="2")
_HELLO = 'def hello():\n    print("Hello, world!")\n\nhello()'

QWEN3 += [
    Case(LC + "Qwen3.5-4B: tool call", _LQ, offer(_SF), _SF_CALL),
    Case(LC + "Qwen3.5-4B: reasoning then tool call", "I'm\nthinking\n</think>\n\n" + _LQ, offer(_SF), _SF_CALL),
    Case(LC + "Qwen3.5-4B: parallel calls", _LQ2, offer(_SF, _SFO), _TWO_SF),
    Case(LC + "Qwen3.5-4B: multiline code", lqxml("python", code=_HELLO), offer(_PY), [("python", {"code": _HELLO})]),
    Case(LC + "Qwen3.5-4B: edit", lqxml("edit", filename="foo.c", oldString="#iclunde", newString="#include"),
         offer(_EDIT), [("edit", {"filename": "foo.c", "oldString": "#iclunde", "newString": "#include"})]),
    Case(LC + "Qwen3.5-4B: a value ending in a newline keeps it",
         lqxml("edit", filename="foo.c", oldString="#iclunde", newString="#include\n"), offer(_EDIT),
         [("edit", {"filename": "foo.c", "oldString": "#iclunde", "newString": "#include\n"})]),
    Case(LC + "Qwen3.5-4B: code that starts with an indent", lqxml("python", code='    print("Hello, world!")'),
         offer(_PY), [("python", {"code": '    print("Hello, world!")'})]),
    Case(LC + "Qwen3.5-4B: a tool call ends the prefilled reasoning", lqxml("run_in_terminal", command="pwd"),
         offer(_RUN), [("run_in_terminal", {"command": "pwd"})]),
    Case(LC + "Qwen3.5-4B: reasoning without its closer, then a call",
         "Need to inspect the current directory.\n" + lqxml("run_in_terminal", command="pwd"), offer(_RUN),
         [("run_in_terminal", {"command": "pwd"})]),
    Case(LC + "Qwen3.5-4B: no args tool", "<tool_call>\n<function=empty_args>\n</function>\n</tool_call>",
         offer(_EMPTY), [("empty_args", {})]),
    Case(LC + "Qwen3.5-4B: no args tool, no properties",
         "<tool_call>\n<function=empty_args_no_props>\n</function>\n</tool_call>", offer(_EMPTY_NP),
         [("empty_args_no_props", {})]),
    Case(LC + "Qwen3.5-4B: empty reasoning block", "<think>\n\n</think>\n\n" + _LQ, offer(_SF), _SF_CALL),
    Case(LC + "Qwen3.5-4B: a lone reasoning closer", "</think>\n\n" + _LQ, offer(_SF), _SF_CALL),
    Case(LC + "Qwen3.5-4B: content, then a call",
         "</think>\n\nLet me inspect the current directory.\n" + lqxml("run_in_terminal", command="pwd"), offer(_RUN),
         [("run_in_terminal", {"command": "pwd"})]),
    Case(LC + "Qwen3.5-4B: reasoning, content, then a call",
         "I should inspect the directory.\n</think>\n\nLet me inspect it now.\n" + lqxml("run_in_terminal", command="pwd"),
         offer(_RUN), [("run_in_terminal", {"command": "pwd"})]),
    Case(LC + "Nemotron-3-Nano: tool call", _LQ + "\n", offer(_SF), _SF_CALL),
    Case(LC + "Nemotron-3-Nano: parallel calls", _LQ2 + "\n", offer(_SF, _SFO), _TWO_SF),
    Case(LC + "Qwen3-Coder: content only", "Hello, world!\nWhat's up?", offer(_SF), []),
    Case(LC + "Qwen3-Coder: no opening <tool_call>", _LQ.removeprefix("<tool_call>\n"), offer(_SF), _SF_CALL),
    Case(LC + "Qwen3-Coder: content, no opening <tool_call>", "Let me call it.\n" + _LQ.removeprefix("<tool_call>\n"),
         offer(_SF), _SF_CALL),
    Case(LC + "Qwen3-Coder: only the first call omits <tool_call>", _LQ2.removeprefix("<tool_call>\n"),
         offer(_SF, _SFO), _TWO_SF),
    Case(LC + "Qwen3-Coder: asian unicode", lqxml("python", code="格"), offer(_PY), [("python", {"code": "格"})]),
    Case(LC + "Qwen3-Coder: HTML content",
         lqxml("html", markup="<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>"), offer(_HTML),
         [("html", {"markup": "<html>\n <head>\n  <title>Hello!</title>\n </head>\n</html>"})]),
    Case(LC + "Qwen3-Coder: array of objects",
         lqxml("todo_list", todos='[{"item": "Check stuff", "selected": false}, {"item": "Prepare stuff", "selected": true}]'),
         offer(_TODO),
         [("todo_list", {"todos": [{"item": "Check stuff", "selected": False}, {"item": "Prepare stuff", "selected": True}]})]),
    Case(LC + "Qwen3-Coder: required arguments in any order",
         lqxml("edit", newString="#include", filename="foo.c", oldString="#iclunde"), offer(_EDIT),
         [("edit", {"newString": "#include", "filename": "foo.c", "oldString": "#iclunde"})]),
    Case(LC + "Qwen3-Coder: 2 required, 4 optional", lqxml("tool_2req_4opt", req2="42", req1="hello", opt2="200"),
         offer(_T24), [("tool_2req_4opt", {"req2": 42, "req1": "hello", "opt2": 200})]),
    Case(LC + "Qwen3-Coder: optional ones reversed",
         lqxml("tool_2req_4opt", req1="hello", req2="42", opt4="100", opt2="200"), offer(_T24),
         [("tool_2req_4opt", {"req1": "hello", "req2": 42, "opt4": 100, "opt2": 200})]),
    Case(LC + "Qwen3-Coder: 2 required, 5 optional",
         lqxml("tool_2req_5opt", req1="world", req2="7", opt5="last", opt3="middle", opt1="first"), offer(_T25),
         [("tool_2req_5opt", {"req1": "world", "req2": 7, "opt5": "last", "opt3": "middle", "opt1": "first"})]),
    Case(LC + "Qwen3-Coder: all optional ones shuffled",
         lqxml("tool_2req_5opt", req1="test", req2="99", opt3="c", opt1="a", opt5="e", opt4="4", opt2="2"), offer(_T25),
         [("tool_2req_5opt", {"req1": "test", "req2": 99, "opt3": "c", "opt1": "a", "opt5": "e", "opt4": 4, "opt2": 2})]),
    Case(LC + "Qwen3-Coder: nullable string", lqxml("set_nullable_str", name="hello world"), offer(_NSTR),
         [("set_nullable_str", {"name": "hello world"})]),
    Case(LC + "Qwen3-Coder: nullable string, null first", lqxml("set_nullable_str_nf", name="hello world"),
         offer(_NSTR_NF), [("set_nullable_str_nf", {"name": "hello world"})]),
    Case(LC + "Qwen3-Coder: nullable integer", lqxml("set_nullable_int", count="42"), offer(_NINT),
         [("set_nullable_int", {"count": 42})]),
    Case(LC + "Qwen3-Coder: nullable string given null", lqxml("set_nullable_str", name="null"), offer(_NSTR),
         [("set_nullable_str", {"name": None})]),
    Case(LC + "Qwen3-Coder: unions with string", lqxml("set_union", value='{"a": 1}', amount="2 dollars"), offer(_UNION),
         [("set_union", {"value": {"a": 1}, "amount": "2 dollars"})]),
    Case(LC + "Qwen3-Coder: unions with string, invalid JSON", lqxml("set_union", value="{not valid json", amount="42"),
         offer(_UNION), [("set_union", {"value": "{not valid json", "amount": 42})]),
    Case(LC + "Qwen3-Coder: enum without a type", lqxml("set_unit", unit="celsius"), offer(_UNIT_ENUM),
         [("set_unit", {"unit": "celsius"})]),
    Case(LC + "StepFun3.5-Flash: numeric-looking strings stay strings",
         "Let me call the magic tool\n</think>\n" + lqxml("magic", name="fooBar", ref="5123123"), offer(_MAGIC),
         [("magic", {"name": "fooBar", "ref": "5123123"})]),
    Case(LC + "StepFun3.5-Flash: numbers where the schema says number",
         "Let me call the special function\n</think>\n" + lqxml("special_function", arg1="42555916"), offer(_SF),
         [("special_function", {"arg1": 42555916})]),
    Case(LC + "StepFun3.5-Flash: optional parameters left out",
         "Let me call the special function with opt\n</think>\n" + lqxml("special_function_with_opt", arg1="42555916"),
         offer(_SFO), [("special_function_with_opt", {"arg1": 42555916})]),
    Case(LC + "StepFun3.5-Flash: integer and string",
         "Let me call the magic_int function\n</think>\n" + lqxml("magic_int", ref="42555916", name="baz"),
         offer(_MAGIC_INT), [("magic_int", {"ref": 42555916, "name": "baz"})]),
    Case(LC + "StepFun3.5-Flash: empty text",
         "Call string_param with empty text\n</think>\n<tool_call>\n<function=string_param>\n<parameter=text>\n\n"
         "</parameter>\n</function>\n</tool_call>", offer(_STRP), [("string_param", {"text": ""})]),
    Case(LC + "StepFun3.5-Flash: quoted and unquoted",
         "Test simple quoted unquoted\n</think>\n" + lqxml("quoted_unquoted", quoted='"foo"', unquoted="foo"),
         offer(_QUOTED), [("quoted_unquoted", {"quoted": '"foo"', "unquoted": "foo"})]),
    Case(LC + "StepFun3.5-Flash: complex quoted and unquoted",
         "Test complex quoted unquoted\n</think>\n"
         + lqxml("quoted_unquoted", quoted='"printf(\\"foo\\");"', unquoted='printf("foo");'), offer(_QUOTED),
         [("quoted_unquoted", {"quoted": '"printf(\\"foo\\");"', "unquoted": 'printf("foo");'})]),
    Case(LC + "StepFun3.5-Flash: negative number", "Test negative number\n</think>\n" + lqxml("magic_int", ref="-14"),
         offer(_MAGIC_INT), [("magic_int", {"ref": -14})]),
    Case(LC + "StepFun3.5-Flash: decimal number", "Test decimal number\n</think>\n" + lqxml("amount", orig="3.14"),
         offer(_AMOUNT), [("amount", {"orig": 3.14})]),
    Case(LC + "StepFun3.5-Flash: object", "Test imaginary number\n</think>\n"
         + lqxml("imaginary_number", number='{ "real": 3.14, "imaginary": 2.71 }'), offer(_IMAG),
         [("imaginary_number", {"number": {"real": 3.14, "imaginary": 2.71}})]),
]

_LH = '<tool_call>\n{"name": "special_function", "arguments": {"arg1": 1}}'
HERMES += [
    Case(LC + "Hermes-2-Pro: tool call", _LH + "</tool_call>", offer(_SF), _SF_CALL),
    Case(LC + "Hermes-2-Pro: content, then a call", "Hello, world!\nWhat's up?" + _LH + "</tool_call>", offer(_SF),
         _SF_CALL),
    Case(LC + "Granite-4.0: tool call", _LH + "\n</tool_call>", offer(_SF), _SF_CALL),
    Case(LC + "Granite-4.0: content only", "Hello, world!\nWhat's up?", offer(_SF), []),
    Case(LC + "Reka-Edge: string argument",
         '<tool_call>\n{"name": "get_time", "arguments": {"city": "XYZCITY"}}</tool_call>', offer(_GET_TIME),
         [("get_time", {"city": "XYZCITY"})]),
    Case(LC + "Reka-Edge: reasoning, then a call", "I'm\nthinking\n</think>\n\n" + _LH + "</tool_call>", offer(_SF),
         _SF_CALL),
    Case(LC + "Reka-Edge: parallel calls",
         _LH + "</tool_call>" + '<tool_call>\n{"name": "special_function_with_opt", "arguments": {"arg1": 1, "arg2": 2}}'
         "</tool_call>", offer(_SF, _SFO), _TWO_SF),
    Case(LC + "Reka-Edge: reasoning, content, then a call",
         "I need to call a function\n</think>\n\nLet me check the time."
         '<tool_call>\n{"name": "get_time", "arguments": {"city": "XYZCITY"}}</tool_call>', offer(_GET_TIME),
         [("get_time", {"city": "XYZCITY"})]),
    Case(LC + "Reka-Edge: empty arguments", '<tool_call>\n{"name": "empty_args", "arguments": {}}</tool_call>',
         offer(_EMPTY), [("empty_args", {})]),
    Case(LC + "Reka-Edge: no parameters schema",
         '<tool_call>\n{"name": "empty_args_no_schema", "arguments": {}}</tool_call>', offer(_EMPTY_NS),
         [("empty_args_no_schema", {})]),
    Case(LC + "Reka-Edge: fake tool call marker in reasoning",
         'Let me think about <tool_call>\n{"name": "special_function", "arguments": {"arg1": 2}}</tool_call> hmm\n'
         "</think>\n\n" + _LH + "</tool_call>", offer(_SF), _SF_CALL,
         [("special_function", {"arg1": 2}), ("special_function", {"arg1": 1})], REASONING),
    Case(LC + "Reka-Edge (2): content, then a call", "Hello, world!\nWhat's up?\n" + _LH + "\n</tool_call>", offer(_SF),
         _SF_CALL),
    Case(LC + "Reka-Edge (2): reasoning, then a call", "I'm\nthinking\n</think>\n\n" + _LH + "\n</tool_call>",
         offer(_SF), _SF_CALL),
    Case(LC + "Reka-Edge (2): parallel calls",
         _LH + "\n</tool_call>\n" + '<tool_call>\n{"name": "special_function_with_opt", "arguments": {"arg1": 1, '
         '"arg2": 2}}\n</tool_call>', offer(_SF, _SFO), _TWO_SF),
]

_LG = "<tool_call>special_function<arg_key>arg1</arg_key><arg_value>1</arg_value></tool_call>"
_LG2 = _LG + ("<tool_call>special_function_with_opt<arg_key>arg1</arg_key><arg_value>1</arg_value>"
              "<arg_key>arg2</arg_key><arg_value>2</arg_value></tool_call>")
_LING = "<tool_call>get_time\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n</tool_call>"
_PARIS_TIME: Calls = [("get_time", {"city": "Paris"})]


def lglm(function: str, /, **args: str) -> str:
    """GLM as the Ling 3.0 template writes it: one tag a line."""
    body = "".join(f"<arg_key>{k}</arg_key>\n<arg_value>{v}</arg_value>\n" for k, v in args.items())
    return f"<tool_call>{function}\n{body}</tool_call>"


GLM += [
    Case(LC + "GLM-4.6: tool call",
         "<tool_call>special_function\n<arg_key>arg1</arg_key>\n<arg_value>1</arg_value>\n</tool_call>", offer(_SF),
         _SF_CALL),
    Case(LC + "GLM-4.7-Flash: content only", "Hello, world!\nWhat's up?", offer(_SF), []),
    Case(LC + "GLM-4.7-Flash: tool call", _LG, offer(_SF), _SF_CALL),
    Case(LC + "GLM-4.7-Flash: reasoning, then a call", "I'm\nthinking</think>" + _LG, offer(_SF), _SF_CALL),
    Case(LC + "GLM-4.7-Flash: parallel calls", _LG2, offer(_SF, _SFO), _TWO_SF),
    Case(LC + "GLM-4.7-Flash: no arguments tags (#20650)",
         "Let me read the diff content.</think><tool_call>read_file_diff_md</tool_call>",
         offer(tool("read_file_diff_md", {"review_id": S, "file_id": S})), [("read_file_diff_md", {})]),
    Case(LC + "Spark2.5: six calls of every type",
         "Preparing updates.<tool_call>magic_int<arg_key>ref</arg_key><arg_value>42</arg_value><arg_key>name</arg_key>"
         "<arg_value>上海</arg_value></tool_call><tool_call>amount<arg_key>orig</arg_key><arg_value>2.5</arg_value>"
         "</tool_call><tool_call>toggle<arg_key>enabled</arg_key><arg_value>true</arg_value></tool_call>"
         '<tool_call>set_config<arg_key>config</arg_key><arg_value>{"source": "spark", "options": {"strict": true}}'
         '</arg_value></tool_call><tool_call>nested_args<arg_key>tags</arg_key><arg_value>["alpha", "测试"]</arg_value>'
         '<arg_key>entries</arg_key><arg_value>[{"id": 1, "label": "first"}, {"id": 2, "label": "第二"}]</arg_value>'
         "</tool_call><tool_call>empty_args</tool_call>",
         offer(_MAGIC_INT, _AMOUNT, _TOGGLE, _CONFIG, _NESTED, _EMPTY),
         [("magic_int", {"ref": 42, "name": "上海"}), ("amount", {"orig": 2.5}), ("toggle", {"enabled": True}),
          ("set_config", {"config": {"source": "spark", "options": {"strict": True}}}),
          ("nested_args", {"tags": ["alpha", "测试"], "entries": [{"id": 1, "label": "first"}, {"id": 2, "label": "第二"}]}),
          ("empty_args", {})]),
    Case(LC + "Ling-3.0: a call before the reasoning closes", "I need to check the time first.\n" + _LING,
         offer(_GET_TIME), _PARIS_TIME),
    Case(LC + "Ling-3.0: reasoning, prose, then a call", "Let me check the time.\n</think>\nChecking it now.\n" + _LING,
         offer(_GET_TIME), _PARIS_TIME),
    Case(LC + "Ling-3.0: prose after the call", _LING + "\nThe time has been checked.", offer(_GET_TIME), _PARIS_TIME),
    Case(LC + "Ling-3.0: parallel calls", "</think>\n" + _LING + "\n" + _LING, offer(_GET_TIME), _PARIS_TIME * 2),
    Case(LC + "Ling-3.0: values hold marker-like strings",
         "check this\n</think>\n" + lglm("tool_2req_4opt", req1="contains </think> and <tool_call> strings", req2="1"),
         offer(_T24), [("tool_2req_4opt", {"req1": "contains </think> and <tool_call> strings", "req2": 1})]),
    Case(LC + "Ling-3.0: an end token spelled out after the call", _LING + "<|role_end|>", offer(_GET_TIME),
         _PARIS_TIME),
    Case(LC + "Ling-3.0: no newlines between tags",
         "</think>\n<tool_call>get_time<arg_key>city</arg_key><arg_value>Paris</arg_value></tool_call>",
         offer(_GET_TIME), _PARIS_TIME),
    Case(LC + "Ling-3.0: required arguments in any order", "</think>\n" + lglm("tool_2req_4opt", req2="7", req1="hello"),
         offer(_T24), [("tool_2req_4opt", {"req2": 7, "req1": "hello"})]),
    Case(LC + "Ling-3.0: optional arguments after the required",
         "</think>\n" + lglm("tool_2req_4opt", req1="hello", req2="7", opt1="extra"), offer(_T24),
         [("tool_2req_4opt", {"req1": "hello", "req2": 7, "opt1": "extra"})]),
    Case(LC + "Ling-3.0: non-string arguments", "</think>\n" + lglm("magic_int", ref="42"), offer(_MAGIC_INT),
         [("magic_int", {"ref": 42})]),
    Case(LC + "Ling-3.0: nullable string given null", "</think>\n" + lglm("set_nullable_str", name="null"),
         offer(_NSTR), [("set_nullable_str", {"name": None})]),
    Case(LC + "Ling-3.0: nullable string given text", "</think>\n" + lglm("set_nullable_str", name="hello world"),
         offer(_NSTR), [("set_nullable_str", {"name": "hello world"})]),
    Case(LC + "Ling-3.0: text that starts like a number", "</think>\n" + lglm("set_nullable_str", name="123 Main St"),
         offer(_NSTR), [("set_nullable_str", {"name": "123 Main St"})]),
    Case(LC + "Ling-3.0: unions, JSON values", "</think>\n" + lglm("set_union", value='{"a": 1}', amount="7"),
         offer(_UNION), [("set_union", {"value": {"a": 1}, "amount": 7})]),
    Case(LC + "Ling-3.0: unions, text values", "</think>\n" + lglm("set_union", value="plain text", amount="1abc"),
         offer(_UNION), [("set_union", {"value": "plain text", "amount": "1abc"})]),
]


def lkimi(call_id: str, args: str) -> str:
    return f"<|tool_call_begin|>{call_id}<|tool_call_argument_begin|>{args}<|tool_call_end|>"


_LK = lkimi("functions.special_function:0", '{"arg1": 1}')
_LK_PY = lkimi("functions.python:1", '{"code": "print(\'hey\')"}')
_PY_HEY: Calls = [("python", {"code": "print('hey')"})]
_VKB = offer(tool("get_weather", {"city": S, "unit": S}))
_READ = tool("ReadFile", {"path": S}, ("path",))
KIMI += [
    Case(LC + "Kimi-K2-Thinking: content only", "Hello, world!\nWhat's up?", offer(_SF), []),
    Case(LC + "Kimi-K2-Thinking: tool call", SB + _LK + SE, offer(_SF), _SF_CALL),
    Case(LC + "Kimi-K2-Thinking: reasoning, then a call", "<think>I'm thinking about this</think>" + SB + _LK + SE,
         offer(_SF), _SF_CALL),
    Case(LC + "Kimi-K2-Thinking: content, then a call", "Hello, world!\nWhat's up?" + SB + _LK + SE, offer(_SF), _SF_CALL),
    Case(LC + "Kimi-K2-Thinking: parallel calls",
         SB + _LK + lkimi("functions.special_function_with_opt:1", '{"arg1": 1, "arg2": 2}') + SE, offer(_SF, _SFO),
         _TWO_SF),
    Case(LC + "Kimi-K2-Thinking: reasoning, then two calls", "<think>I need to call two functions</think>" + SB + _LK
         + _LK_PY + SE, offer(_SF, _PY), _SF_CALL + _PY_HEY),
    Case(LC + "Kimi-K2-Thinking: multiline code",
         SB + lkimi("functions.python:0", json.dumps({"code": _HELLO})) + SE, offer(_PY), [("python", {"code": _HELLO})]),
    Case(LC + "Kimi-K2-Thinking: empty arguments", SB + lkimi("functions.empty_args:0", "{}") + SE, offer(_EMPTY),
         [("empty_args", {})]),
    Case(LC + "Kimi-K2-Thinking: three calls",
         SB + _LK + lkimi("functions.python:1", '{"code": "print(1)"}') + lkimi("functions.html:2", '{"markup": "<p>test</p>"}')
         + SE, offer(_SF, _PY, _HTML),
         _SF_CALL + [("python", {"code": "print(1)"}), ("html", {"markup": "<p>test</p>"})]),
    Case(LC + "Kimi-K2-Thinking: calls inside the reasoning", "<think>I need to call two functions" + SB + _LK + _LK_PY
         + SE, offer(_SF, _PY), _SF_CALL + _PY_HEY),
    Case(LC + "Kimi-K2-Thinking: calls inside the reasoning, no section nor end markers",
         "<think>I need to call two functions<|tool_call_begin|>functions.special_function:0<|tool_call_argument_begin|>"
         '{"arg1": 1}<|tool_call_begin|>functions.python:1<|tool_call_argument_begin|>{"code": "print(\'hey\')"}',
         offer(_SF, _PY), _SF_CALL + _PY_HEY),
    Case(LC + "Kimi-K2-Thinking: real life, execute_command",
         '<|tool_call_begin|>functions.execute_command:0<|tool_call_argument_begin|>{"command": "ls -lah", '
         '"cwd": "/home/user/development/exllamav3", "timeout": 10}',
         offer(tool("execute_command", {"command": S, "cwd": S, "timeout": I}, ("command",))),
         [("execute_command", {"command": "ls -lah", "cwd": "/home/user/development/exllamav3", "timeout": 10})]),
    Case(VK + "TestExtractToolCalls::test_native_id_extracted",
         "Checking weather. " + ksec(kcall("functions.get_weather:0", '{"city": "Tokyo"}')), K_TOOLS,
         [("get_weather", {"city": "Tokyo"})]),
    Case(VK + "TestExtractToolCalls::test_multi_turn_native_id_continuity[turn 1]",
         "Let me check. " + ksec(kcall("functions.get_weather:0", '{"city": "Beijing"}')), K_TOOLS,
         [("get_weather", {"city": "Beijing"})]),
    Case(VK + "TestExtractToolCalls::test_multi_turn_native_id_continuity[turn 2]",
         "Now let me get news. " + ksec(kcall("functions.get_news:0", '{"topic": "weather in Beijing"}')), K_TOOLS,
         [("get_news", {"topic": "weather in Beijing"})]),
    Case(VK + "TestExtractToolCalls::test_bare_counter_single_tool_invalid_json_still_extracted",
         "Let me check. " + ksec(kcall("0", '{"city": "Tokyo"')), _VKB, [("get_weather", '{"city": "Tokyo"')]),
    Case(VK + "TestExtractToolCalls::test_bare_counter_multiple_tools_skips_unsafe_inference[malformed_json]",
         "Let me check. " + ksec(kcall("0", '{"city": "Tokyo"')),
         offer(tool("get_weather", {"city": S, "unit": S}), tool("book_flight", {"city": S})), []),
    Case(VK + "TestStreamingHappyPath::test_single_tool_call",
         "I'll help. " + SB + kcall("functions.get_weather:0 ", '{"city": "Beijing"} ') + SE, K_TOOLS,
         [("get_weather", {"city": "Beijing"})]),
    Case(VK + "TestStreamingHappyPath::test_multiple_tool_calls",
         "Compare weather. " + SB + kcall("functions.get_weather:0 ", '{"city": "Tokyo"} ')
         + kcall("functions.get_weather:1 ", '{"city": "NYC"} ') + SE, K_TOOLS,
         [("get_weather", {"city": "Tokyo"}), ("get_weather", {"city": "NYC"})]),
    Case(VK + "TestStreamingHappyPath::test_bare_counter",
         "I'll help. " + SB + kcall("0 ", '{"city": "Beijing"} ') + SE, _VKB, [("get_weather", {"city": "Beijing"})]),
    Case(VK + "TestStreamingHappyPath::test_bare_counter_multiple_tools_infers_by_args",
         "I'll help. " + SB + kcall("0 ", '{"city": "Beijing", "unit": "celsius"} ') + SE,
         offer(tool("read_file", {"path": S}), tool("get_weather", {"city": S, "unit": S})),
         [("get_weather", {"city": "Beijing", "unit": "celsius"})]),
    Case(VK + "TestStreamingHappyPath::test_no_tool_calls", "This is just regular text without tools.", K_TOOLS, []),
    Case(VK + "TestStreamingHappyPath::test_incremental_arguments",
         "Help. " + SB + kcall("functions.get_weather:0 ", '{"city": "Beijing"} ') + SE, K_TOOLS,
         [("get_weather", {"city": "Beijing"})]),
    Case(VK + "TestStreamingHappyPath::test_streaming_matches_nonstreaming[single_tool]",
         "Single. " + ksec(kcall("functions.get_weather:0", '{"city": "Beijing"}')), K_TOOLS,
         [("get_weather", {"city": "Beijing"})]),
    Case(VK + "TestStreamingHappyPath::test_streaming_matches_nonstreaming[parallel_tools]",
         "Multi. " + ksec(kcall("functions.get_weather:0", '{"city": "Tokyo"}'),
                          kcall("functions.get_news:1", '{"topic": "tech"}')), K_TOOLS,
         [("get_weather", {"city": "Tokyo"}), ("get_news", {"topic": "tech"})]),
    Case(VK + "TestStreamingHappyPath::test_streaming_matches_nonstreaming[no_functions_prefix]",
         "No prefix id. " + ksec(kcall("get_weather:0", '{"city": "NYC"}')), K_TOOLS, [("get_weather", {"city": "NYC"})]),
    Case(VK + "TestStreamingEdgeCases::test_marker_suppression",
         "I'll check. " + SB + kcall("functions.get_weather:0 ", '{"city": "Tokyo"} ') + SE, K_TOOLS,
         [("get_weather", {"city": "Tokyo"})]),
    Case(VK + "TestStreamingIntervals::test_content_then_tool_call_at_interval",
         "Sure, let me check. " + ksec(kcall("functions.get_weather:0", '{"city": "Tokyo"}')), K_TOOLS,
         [("get_weather", {"city": "Tokyo"})]),
    Case(VK + "TestStreamingIntervals::test_plain_text_at_interval", "This is plain text with no tool calling involved.",
         K_TOOLS, []),
    Case(VK + "TestStreamingIntervals::test_content_and_tool_call_in_single_chunk",
         "Hi! " + ksec(kcall("functions.get_weather:0", '{"city": "Beijing"}')), K_TOOLS,
         [("get_weather", {"city": "Beijing"})]),
    Case(SK + "TestKimiK2DetectorStreaming::test_streaming_multiple_tool_calls",
         ksec(kcall("functions.ReadFile:0", '{"path": "/a.py"}', ""), kcall("functions.get_weather:1", '{"city": "Paris"}', "")),
         offer(_READ, tool("get_weather", {"city": S}, ("city",))),
         [("ReadFile", {"path": "/a.py"}), ("get_weather", {"city": "Paris"})]),
    Case(SK + "TestKimiK2DetectorStreaming::test_streaming_state_reset_after_completion",
         ksec(kcall("functions.ReadFile:0", '{"path": "/x"}', "")), offer(_READ), [("ReadFile", {"path": "/x"})]),
    Case(SK + "TestKimiK2ReasoningDetectorNonStreaming::test_normal_reasoning_with_think_end",
         "<think>I need to check the file.</think>" + ksec(kcall("functions.ReadFile:0", '{"path": "/test.py"}', "")),
         offer(_READ), [("ReadFile", {"path": "/test.py"})]),
    Case(SK + "TestKimiK2EndToEnd::test_e2e_streaming_reasoning_to_tool_call",
         "<think>I need to read the file to understand the code."
         + ksec(kcall("functions.ReadFile:0", '{"path": "/Users/user/project/file.ts"}', "")), offer(_READ),
         [("ReadFile", {"path": "/Users/user/project/file.ts"})]),
    Case(SK + "TestKimiK2EndToEnd::test_e2e_non_streaming_reasoning_to_tool_call",
         "<think>Let me check this file." + ksec(kcall("functions.ReadFile:0", '{"path": "/src/main.py"}', "")),
         offer(_READ), [("ReadFile", {"path": "/src/main.py"})]),
    Case(SK + "TestKimiK2EndToEnd::test_e2e_normal_think_close_then_tool_call",
         "<think>Thinking about it...</think>" + ksec(kcall("functions.get_weather:0", '{"city": "London"}', "")),
         offer(tool("get_weather", {"city": S}, ("city",))), [("get_weather", {"city": "London"})]),
    Case(SK + "TestKimiK2EndToEnd::test_e2e_normal_think_close_then_content_overlap_tool_call",
         "<think>Thinking about it...</think>This is a content:"
         + ksec(kcall("functions.get_weather:0", '{"city": "London"}', "")),
         offer(tool("get_weather", {"city": S}, ("city",))), [("get_weather", {"city": "London"})]),
    Case(SK + "TestKimiK2EndToEnd::test_e2e_normal_think_close_then_content_overlap_tool_call_multi_token_multi_calls",
         "<think>Thinking about it...</think>This is a content:"
         + ksec(kcall("functions.get_weather:0", '{"city": "London"}', ""))
         + ksec(kcall("functions.get_weather:1", '{"city": "Delhi"}', "")),
         offer(tool("get_weather", {"city": S}, ("city",))),
         [("get_weather", {"city": "London"}), ("get_weather", {"city": "Delhi"})]),
]

# --- Mistral ------------------------------------------------------------------------------------------------------
VM = "vLLM tests/tool_parsers/test_mistral_tool_parser.py::"
SM = "SGLang test/registered/function_call/test_function_call_parser.py::TestMistralDetector::"
OM = "Ollama model/parsers/ministral_test.go::TestMinistralParserStreaming/"
_ADD, _ADD_S = tool("add", {"a": U, "b": U}), tool("add_two_strings", {"a": S, "b": S})
_M_WEATHER = tool("get_current_weather", {"city": S, "state": S, "unit": S})
M_TOOLS = offer(_ADD, _ADD_S, _M_WEATHER, tool("get_age", {"name": S}), tool("add_this_and_that", {"a": U, "b": U}),
                tool("multiply", {"a": U, "b": U}), tool("bash", {"command": S}))
_SF_WEATHER = {"city": "San Francisco", "state": "CA", "unit": "celsius"}
_DALLAS_F = {"city": "Dallas", "state": "TX", "unit": "fahrenheit"}
_DECISION = offer(tool("make_next_step_decision", {"decision": S, "content": S}, ("decision", "content")))
_BASH = 'bash{"command": "print(\\"hello world!\\")\\nre.compile(r\'{}\')"'


def _om(desc: str, text: str, name: str, args: dict, *more: tuple[str, dict]) -> Case:
    """One of Ollama's Ministral cases: its tools are the names it calls, untyped."""
    calls = [(name, args), *more]
    tools = offer(*(tool(n, dict.fromkeys(a, U)) for n, a in calls))
    return Case(OM + desc, text, tools, calls)


MISTRAL: list[Case] = [
    Case(VM + "test_extract_tool_calls_no_tools[pre_v11]", "This is a test", M_TOOLS, []),
    Case(VM + "test_extract_tool_calls_pre_v11_tokenizer[single_tool_add]",
         '[TOOL_CALLS][{"name": "add", "arguments":{"a": 3.5, "b": 4}}]', M_TOOLS, [("add", {"a": 3.5, "b": 4})]),
    Case(VM + "test_extract_tool_calls_pre_v11_tokenizer[single_tool_weather]",
         '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "San Francisco", "state": "CA", "unit": '
         '"celsius"}}]', M_TOOLS, [("get_current_weather", _SF_WEATHER)]),
    Case(VM + "test_extract_tool_calls_pre_v11_tokenizer[argument_before_name]",
         '[TOOL_CALLS] [{"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}, "name": '
         '"get_current_weather"}]', M_TOOLS, [("get_current_weather", _SF_WEATHER)]),
    Case(VM + "test_extract_tool_calls_pre_v11_tokenizer[argument_before_name_and_name_in_argument]",
         '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]', M_TOOLS,
         [("get_age", {"name": "John Doe"})]),
    Case(VM + "test_extract_tool_calls_pre_v11_tokenizer[multiple_tools]",
         '[TOOL_CALLS] [{"name": "add", "arguments": {"a": 3.5, "b": 4}}, {"name": "get_current_weather", '
         '"arguments":{"city": "San Francisco", "state": "CA", "unit": "celsius"}}]', M_TOOLS,
         [("add", {"a": 3.5, "b": 4}), ("get_current_weather", _SF_WEATHER)]),
    Case(VM + "test_extract_tool_calls_pre_v11_tokenizer[content_before_tool]",
         'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]', M_TOOLS, [("add", {"a": 1, "b": 2})]),
    Case(VM + "test_extract_tool_calls_pre_v11_tokenizer[trailing_data_after_json]",
         '[TOOL_CALLS] [{"name": "get_current_weather", "arguments":{"city": "Dallas", "state": "TX", "unit": '
         '"fahrenheit"}}]\nextra trailing data', M_TOOLS, [("get_current_weather", _DALLAS_F)]),
    Case(VM + "test_extract_tool_calls_pre_v11_regex_fallback",
         '[TOOL_CALLS]  junk [{"name": "add", "arguments":{"a": 1, "b": 2}}] trail', M_TOOLS,
         [("add", {"a": 1, "b": 2})]),
    Case(VM + "test_extract_tool_calls_pre_v11_regex_fallback_fails", "[TOOL_CALLS] not json at all", M_TOOLS, []),
    Case(VM + "test_extract_tool_calls[single_tool_add]", '[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', M_TOOLS,
         [("add_this_and_that", {"a": 3.5, "b": 4})]),
    Case(VM + "test_extract_tool_calls[single_tool_weather]",
         '[TOOL_CALLS]get_current_weather{"city": "San Francisco", "state": "CA", "unit": "celsius"}', M_TOOLS,
         [("get_current_weather", _SF_WEATHER)]),
    Case(VM + "test_extract_tool_calls[multiple_tool_calls]",
         '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]multiply{"a": 3, "b": 6}', M_TOOLS,
         [("add", {"a": 3.5, "b": 4}), ("multiply", {"a": 3, "b": 6})]),
    Case(VM + "test_extract_tool_calls[complex]", "hi{hi[TOOL_CALLS]" + _BASH, M_TOOLS,
         [("bash", json.dumps({"command": "print(\"hello world!\")\nre.compile(r'{}')"})[:-2])], [], RAW_ARGS),
    Case(VM + "test_extract_tool_calls[wrong_json]", "hi{hi[TOOL_CALLS]" + _BASH + "}", M_TOOLS,
         [("bash", {"command": "print(\"hello world!\")\nre.compile(r'{}')"})]),
    Case(VM + "test_extract_tool_calls_v11_without_args_skipped", "[TOOL_CALLS]toolname_no_args", M_TOOLS, []),
    Case(VM + "test_extract_tool_calls_streaming_pre_v11_tokenizer[single_tool_add]",
         '[TOOL_CALLS]  [ {"name":"add" , "arguments" : {"a": 3, "b": 4} } ]', M_TOOLS, [("add", {"a": 3, "b": 4})]),
    Case(VM + "test_extract_tool_calls_streaming_pre_v11_tokenizer[single_tool_add_strings]",
         '[TOOL_CALLS] [{"name": "add", "arguments":{"a": "3", "b": "4"}}]', M_TOOLS, [("add", {"a": "3", "b": "4"})]),
    Case(VM + "test_extract_tool_calls_streaming_one_chunk[pre_v11-multiple_tools]",
         '[TOOL_CALLS] [{"arguments": {"a": 3.5, "b": 4}, "name": "add"}, {"arguments":{"city": "San Francisco", "state": '
         '"CA", "unit": "celsius"}, "name": "get_current_weather"}]', M_TOOLS,
         [("add", {"a": 3.5, "b": 4}), ("get_current_weather", _SF_WEATHER)]),
    Case(VM + "test_extract_tool_calls_streaming_one_chunk[pre_v11-content_before_tool]",
         'Some text[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]', M_TOOLS, [("add", {"a": 1, "b": 2})]),
    Case(VM + "test_extract_tool_calls_streaming_one_chunk[v11-content_before_tool]",
         'bla[TOOL_CALLS]add_this_and_that{"a": 3.5, "b": 4}', M_TOOLS, [("add_this_and_that", {"a": 3.5, "b": 4})]),
    Case(VM + "test_extract_tool_calls_streaming[single_tool_add]", '[TOOL_CALLS]add{"a": 3, "b": 4}', M_TOOLS,
         [("add", {"a": 3, "b": 4})]),
    Case(VM + "test_extract_tool_calls_streaming[single_tool_add_strings]",
         '[TOOL_CALLS]add_two_strings{"a": "3", "b": "4"}', M_TOOLS, [("add_two_strings", {"a": "3", "b": "4"})]),
    Case(VM + "test_extract_tool_calls_streaming[multiple_tools]",
         '[TOOL_CALLS]add{"a": 3.5, "b": 4}[TOOL_CALLS]get_current_weather{"city": "San Francisco", "state": "CA", '
         '"unit": "celsius"}', M_TOOLS, [("add", {"a": 3.5, "b": 4}), ("get_current_weather", _SF_WEATHER)]),
    Case(VM + "test_fast_detokenization_text_detection[v11]", 'Hello[TOOL_CALLS]add{"a": 1, "b": 2}', M_TOOLS,
         [("add", {"a": 1, "b": 2})]),
    Case(SM + "test_detect_and_parse_with_nested_brackets_in_content",
         '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"","content":"```\\nTOOL: Access a '
         'weather API or service\\nOBSERVATION: Retrieve the current weather data for the top 5 populated cities in the '
         'US\\nANSWER: The weather in the top 5 populated cities in the US is as follows: [City Name] - [Weather '
         'Conditions] - [Temperature]\\n```"}}]', _DECISION,
         [("make_next_step_decision", {"decision": "", "content": "```\nTOOL: Access a weather API or service\n"
           "OBSERVATION: Retrieve the current weather data for the top 5 populated cities in the US\nANSWER: The weather "
           "in the top 5 populated cities in the US is as follows: [City Name] - [Weather Conditions] - [Temperature]\n```"})]),
    Case(SM + "test_detect_and_parse_simple_case",
         '[TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":{"decision":"TOOL", "content":"Use weather API"}}]',
         _DECISION, [("make_next_step_decision", {"decision": "TOOL", "content": "Use weather API"})]),
    Case(SM + "test_detect_and_parse_no_tool_calls", "This is just normal text without any tool calls.", _DECISION, []),
    Case(SM + "test_detect_and_parse_with_text_before_tool_call",
         'Here is some text before the tool call: [TOOL_CALLS] [{"name":"make_next_step_decision", "arguments":'
         '{"decision":"ANSWER", "content":"The answer is 42"}}]', _DECISION,
         [("make_next_step_decision", {"decision": "ANSWER", "content": "The answer is 42"})]),
    Case(SM + "test_detect_and_parse_compact_args_format",
         '[TOOL_CALLS]make_next_step_decision[ARGS]{"decision":"TOOL", "content":"Use weather API"}', _DECISION,
         [("make_next_step_decision", {"decision": "TOOL", "content": "Use weather API"})]),
    _om("simple tool call", '[TOOL_CALLS]get_weather[ARGS]{"location": "San Francisco"}', "get_weather",
        {"location": "San Francisco"}),
    _om("tool call with nested object",
        '[TOOL_CALLS]create_entities[ARGS]{"entities": [{"entityType": "Person", "name": "Jack", "observations": '
        '["Works as a baker"]}]}', "create_entities",
        {"entities": [{"entityType": "Person", "name": "Jack", "observations": ["Works as a baker"]}]}),
    _om("tool call with deeply nested objects",
        '[TOOL_CALLS]update_config[ARGS]{"settings": {"user": {"profile": {"name": "John", "age": 30}}, "theme": "dark"}}',
        "update_config", {"settings": {"user": {"profile": {"name": "John", "age": 30}}, "theme": "dark"}}),
    _om("tool call with array of objects", '[TOOL_CALLS]process_items[ARGS]{"items": [{"id": 1}, {"id": 2}, {"id": 3}]}',
        "process_items", {"items": [{"id": 1}, {"id": 2}, {"id": 3}]}),
    _om("tool call with escaped quotes in string", '[TOOL_CALLS]search[ARGS]{"query": "say \\"hello\\""}', "search",
        {"query": 'say "hello"'}),
    _om("tool call with braces inside string", '[TOOL_CALLS]format[ARGS]{"template": "Hello {name}!"}', "format",
        {"template": "Hello {name}!"}),
    _om("empty JSON object", "[TOOL_CALLS]no_args[ARGS]{}", "no_args", {}),
    _om("JSON with newlines in string", '[TOOL_CALLS]write[ARGS]{"content": "line1\\nline2\\nline3"}', "write",
        {"content": "line1\nline2\nline3"}),
    _om("backslash in string value", '[TOOL_CALLS]path[ARGS]{"dir": "C:\\\\Users\\\\test"}', "path",
        {"dir": "C:\\Users\\test"}),
    _om("content after tool call", '[TOOL_CALLS]test[ARGS]{"a": 1}some content after', "test", {"a": 1}),
    _om("multiple tool calls in sequence",
        '[TOOL_CALLS]get_weather[ARGS]{"location": "NYC"}[TOOL_CALLS]get_time[ARGS]{"timezone": "EST"}', "get_weather",
        {"location": "NYC"}, ("get_time", {"timezone": "EST"})),
    _om("multiple tool calls streamed separately", '[TOOL_CALLS]tool_a[ARGS]{"x": 1}[TOOL_CALLS]tool_b[ARGS]{"y": 2}',
        "tool_a", {"x": 1}, ("tool_b", {"y": 2})),
    _om("streaming with incomplete JSON waits for completion", '[TOOL_CALLS]test[ARGS]{"a": {"b": 1}}', "test",
        {"a": {"b": 1}}),
    Case(OM + "partial tool tag fakeout", "abc[TOOL not a tag", offer(tool("test")), []),
    _om("tool call tag split across chunks", "[TOOL_CALLS]test[ARGS]{}", "test", {}),
    _om("content before tool call", "hello [TOOL_CALLS]get_weather[ARGS]{}", "get_weather", {}),
    _om("whitespace between content and tool call is trimmed", "content \n [TOOL_CALLS]test[ARGS]{}", "test", {}),
    _om("tabs and newlines before tool call are trimmed", "content\t\n\t[TOOL_CALLS]test[ARGS]{}", "test", {}),
    _om("non-breaking space before tool call is trimmed", "content\u00a0[TOOL_CALLS]test[ARGS]{}", "test", {}),
    _om("thinking then tool call", "let me think[/THINK][TOOL_CALLS]test[ARGS]{}", "test", {}),
    Case(OM + "content then think tag", "content[THINK]thinking[/THINK]more", offer(tool("test")), []),
    _om("unicode in tool args", '[TOOL_CALLS]greet[ARGS]{"message": "你好 🌍"}', "greet", {"message": "你好 🌍"}),
    Case(LC + "Ministral-3-14B-Reasoning: tool call", '[TOOL_CALLS]special_function[ARGS]{"arg1":1}', offer(_SF), _SF_CALL),
    Case(LC + "Ministral-3-14B-Reasoning: reasoning, then a call",
         '[THINK]I\'m\nthinking[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1":1}', offer(_SF), _SF_CALL),
    Case(LC + "Ministral-3-14B-Reasoning: parallel calls",
         '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}[TOOL_CALLS]special_function_with_opt[ARGS]{"arg1": 1, "arg2": 2}',
         offer(_SF, _SFO), _TWO_SF),
    Case(LC + "Ministral-3-14B-Reasoning: fake tool call marker in reasoning",
         '[THINK]Let me think about [TOOL_CALLS]special_function[ARGS]{"arg1":1} and more[/THINK]'
         '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}', offer(_SF), _SF_CALL, _SF_CALL * 2, REASONING),
    Case(LC + "Mistral-Nemo-Instruct-2407: tool call with an id",
         '[TOOL_CALLS][{"name": "special_function", "arguments": {"arg1": 1}, "id": "123456789"}]', offer(_SF), _SF_CALL),
    Case(LC + "Mistral-Small-3.2: call id", '[TOOL_CALLS]special_function[CALL_ID]123456789[ARGS]{"arg1": 1}',
         offer(_SF), _SF_CALL),
    Case(LC + "Mistral-Small-3.2: parallel calls with ids",
         '[TOOL_CALLS]special_function[CALL_ID]000000001[ARGS]{"arg1": 1}'
         '[TOOL_CALLS]special_function_with_opt[CALL_ID]000000002[ARGS]{"arg1": 1, "arg2": 2}', offer(_SF, _SFO), _TWO_SF),
    Case(LC + "Devstral-Small-2507: tool call", '[TOOL_CALLS]special_function[ARGS]{"arg1": 1}', offer(_SF), _SF_CALL),
    Case(LC + "Devstral-Small-2507: content, then a call",
         'Hello, world!\nWhat\'s up?[TOOL_CALLS]special_function[ARGS]{"arg1": 1}', offer(_SF), _SF_CALL),
]

# --- gpt-oss harmony -------------------------------------------------------------------------------------------------
SH = "SGLang test/registered/function_call/test_gpt_oss_detector.py::TestGptOssDetector::"
OH = "Ollama harmony/harmonyparser_test.go::TestHarmonyParserHeaderEvent/"
_H_EDIT = tool("edit", {"oldString": S, "newString": S, "replaceAll": B}, ("oldString", "newString"))
_H_READ = offer(tool("read_file", {"files": A}))
HARMONY: list[Case] = [
    Case(LC + "gpt-oss-120b: final channel", "<|channel|>final<|message|>Hello, world!\nWhat's up?", offer(_SF), []),
    Case(LC + "gpt-oss-120b: commentary channel", "<|channel|>commentary<|message|>Hello, world!\nWhat's up?",
         offer(_SF), []),
    Case(LC + "gpt-oss-120b: analysis and final",
         "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>final<|message|>Hello, world!\n"
         "What's up?", offer(_SF), []),
    Case(LC + "gpt-oss-120b: recipient in the role header",
         ' to=functions.special_function<|channel|>analysis<|message|>{"arg1": 1}', offer(_SF), _SF_CALL),
    Case(LC + "gpt-oss-120b: recipient in the channel header",
         '<|channel|>analysis to=functions.special_function<|message|>{"arg1": 1}', offer(_SF), _SF_CALL),
    Case(LC + "gpt-oss-120b: with a constraint",
         ' to=functions.special_function<|channel|>analysis <|constrain|>json<|message|>{"arg1": 1}', offer(_SF),
         _SF_CALL),
    Case(LC + "gpt-oss-120b: commentary channel call",
         '<|channel|>commentary to=functions.special_function<|message|>{"arg1": 1}', offer(_SF), _SF_CALL),
    Case(LC + "gpt-oss-120b: reasoning, then a call",
         "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant to=functions.special_function"
         '<|channel|>analysis<|message|>{"arg1": 1}', offer(_SF), _SF_CALL),
    Case(LC + "gpt-oss-120b: complex tool calling",
         "<|channel|>analysis<|message|>Thinking about edit...<|end|><|start|>assistant<|channel|>commentary "
         'to=functions.edit <|constrain|>json<|message|>{"oldString": "if (part < railCount - 1) {", "newString": '
         '"if (part < 4) {", "replaceAll": false}', offer(_H_EDIT),
         [("edit", {"oldString": "if (part < railCount - 1) {", "newString": "if (part < 4) {", "replaceAll": False})]),
    Case(LC + "gpt-oss-120b: structured output",
         "<|channel|>analysis<|message|>I need to output the invoice details in JSON<|end|><|start|>assistant"
         '<|channel|>final <|constrain|>json<|message|>{"amount": 123.45, "date": "2025-12-03"}', offer(_SF), []),
    Case(LC + "gpt-oss-120b: unsolicited builtin, recipient in the role",
         "<|channel|>analysis<|message|>I will execute python to say hello<|end|><|start|>assistant to=container.exec"
         "<|channel|>commentary<|message|>python3 -c 'print(\"hello\")'", offer(_SF), []),
    Case(LC + "gpt-oss-120b: unsolicited builtin, recipient in the channel",
         "<|channel|>analysis<|message|>I will execute python to say hello<|end|><|start|>assistant<|channel|>commentary "
         'to=python <|constrain|>code<|message|>print("hello")', offer(_SF), []),
    Case(LC + "gpt-oss-120b: commentary to=assistant before the reasoning",
         "<|channel|>commentary to=assistant<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant"
         "<|channel|>final<|message|>Hello, world!\nWhat's up?", offer(_SF), []),
    Case(LC + "gpt-oss-120b: commentary to=assistant before the final message",
         "<|channel|>analysis<|message|>I'm\nthinking<|end|><|start|>assistant<|channel|>commentary to=assistant"
         "<|channel|>final<|message|>Hello, world!\nWhat's up?", offer(_SF), []),
    Case(LC + "llm-jp-4.1: final channel", "<|channel|> final<|message|> Hello, world!\nWhat's up?", offer(_SF), []),
    Case(LC + "llm-jp-4.1: recipient in the role header",
         "<|channel|> analysis<|message|> I'm\nthinking<|end|><|start|> assistant to=functions.special_function"
         '<|channel|> commentary <|constrain|>  json<|message|> {"arg1": 1}', offer(_SF), _SF_CALL),
    Case(LC + "llm-jp-4.1: recipient in the channel header",
         '<|channel|> commentary to=functions.special_function<|message|> {"arg1": 1}', offer(_SF), _SF_CALL),
    Case(LC + "llm-jp-4.1: parallel calls separated by <|end|>",
         "<|channel|> analysis<|message|> I'm\nthinking<|end|><|start|> assistant to=functions.special_function"
         '<|channel|> commentary <|constrain|>  json<|message|> {"arg1": 1}<|end|><|start|> assistant '
         'to=functions.special_function<|channel|> commentary <|constrain|>  json<|message|> {"arg1": 2}', offer(_SF),
         [("special_function", {"arg1": 1}), ("special_function", {"arg1": 2})]),
    Case(LC + "llm-jp-4.1: structured output",
         "<|channel|> analysis<|message|> I need to output the invoice details in JSON<|end|><|start|> assistant"
         '<|channel|> final <|constrain|>  json<|message|> {"amount": 123.45, "date": "2025-12-03"}', offer(_SF), []),
    Case(SH + "test_detect_and_parse_truncate_normal",
         "<|channel|>analysis<|message|>Reasoning...<|end|><|start|>assistant<|channel|>commentary to=functions.read_file "
         '<|constrain|>json<|message|>{\n  "files": []\n}<|call|><|start|>assistant<|channel|>final<|message|>'
         "This text should be truncated.", _H_READ, [("read_file", {"files": []})]),
    Case(SH + "test_parse_streaming_fast_path_fix",
         "<|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{}<|call|>"
         "This is normal text that should be ignored.", _H_READ, [("read_file", {})]),
    Case(OH + "case 2 (a call, then the tool's answer)",
         '<|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"location":'
         '"San Francisco"}<|call|><|start|>functions.get_weather to=assistant<|message|>{"sunny": true, "temperature": '
         "20}<|end|>", offer(tool("get_weather", {"location": S})), [("get_weather", {"location": "San Francisco"})]),
    Case(OH + "case 3 (implicit start, analysis, then a call)",
         '<|channel|>analysis<|message|>User asks weather in SF. We need location. Use get_current_weather with location '
         '"San Francisco, CA".<|end|><|start|>assistant<|channel|>commentary to=functions.get_current_weather '
         '<|constrain|>json<|message|>{"location":"San Francisco, CA"}<|call|>',
         offer(tool("get_current_weather", {"location": S})), [("get_current_weather", {"location": "San Francisco, CA"})]),
]

# --- DeepSeek V3 / V3.1 ---------------------------------------------------------------------------------------------
VD3 = "vLLM tests/tool_parsers/test_deepseekv3_tool_parser.py::TestDeepSeekV3ToolParser["
VD31 = "vLLM tests/tool_parsers/test_deepseekv31_tool_parser.py::"
SD31 = "SGLang test/registered/function_call/test_deepseekv31_detector.py::TestDeepSeekV31Streaming::"
SD3 = "SGLang test/registered/function_call/test_function_call_parser.py::TestDeepSeekV3Detector::"
OD = "Ollama model/parsers/deepseek3_test.go::"
_DB, _DE = "<｜tool▁calls▁begin｜>", "<｜tool▁calls▁end｜>"
_DCB, _DCE, _DSEP = "<｜tool▁call▁begin｜>", "<｜tool▁call▁end｜>", "<｜tool▁sep｜>"


def dsv3(name: str, args: str) -> str:
    return f"{_DCB}function{_DSEP}{name}\n```json\n{args}\n```{_DCE}"


def dsv31(name: str, args: str) -> str:
    return f"{_DCB}{name}{_DSEP}{args}{_DCE}"


D_TOOLS = offer(tool("get_weather", {"city": S, "unit": S, "location": S}), tool("search_hotels", {"location": S,
                "check_in": S}), tool("get_current_time"), tool("get_tourist_attractions", {"city": S}),
                tool("send_message", {"text": S, "path": S, "newline": S}), tool("foo", {"x": U}), tool("bar", {"y": U}),
                tool("process_data", {"items": A, "config": O}), tool("search", {"query": S, "language": S}),
                tool("execute_command", {"command": S, "path": S}), tool("ping"), tool("test"),
                tool("calc", {"x": I, "y": I}),
                tool("test_function", {"string_field": S, "int_field": I, "float_field": N, "bool_field": B,
                                       "null_field": U, "array_field": A, "object_field": O, "empty_array": A,
                                       "empty_object": O}))
_D_TOKYO = '{"city": "Tokyo", "unit": "celsius"}'
_D_TYPES = {"string_field": "hello", "int_field": 42, "float_field": 3.14, "bool_field": True, "null_field": None,
            "array_field": ["a", "b", "c"], "object_field": {"nested": "value"}, "empty_array": [], "empty_object": {}}


def _od(desc: str, text: str, *calls: tuple[str, dict]) -> Case:
    return Case(OD + "TestDeepSeekParser/" + desc, text, D_TOOLS, list(calls))


DEEPSEEK: list[Case] = [
    Case(VD3 + "no_tool_calls_output]", "How can I help you today? I can check weather for you.", D_TOOLS, []),
    Case(VD3 + "single_tool_call_output]", _DB + dsv3("get_weather", _D_TOKYO) + _DE, D_TOOLS,
         [("get_weather", {"city": "Tokyo", "unit": "celsius"})]),
    Case(VD3 + "parallel_tool_calls_output]",
         _DB + dsv3("get_weather", _D_TOKYO) + dsv3("search_hotels", '{"location": "Tokyo", "check_in": "2025-01-15"}')
         + _DE, D_TOOLS,
         [("get_weather", {"city": "Tokyo", "unit": "celsius"}), ("search_hotels", {"location": "Tokyo", "check_in": "2025-01-15"})]),
    Case(VD3 + "various_data_types_output]", _DB + dsv3("test_function", json.dumps(_D_TYPES)) + _DE, D_TOOLS,
         [("test_function", _D_TYPES)]),
    Case(VD3 + "empty_arguments_output]", _DB + dsv3("get_current_time", "{}") + _DE, D_TOOLS, [("get_current_time", {})]),
    Case(VD3 + "surrounding_text_output]", "Let me check the weather for you." + _DB
         + dsv3("get_weather", '{"city": "Paris"}') + _DE, D_TOOLS, [("get_weather", {"city": "Paris"})]),
    Case(VD3 + "escaped_strings_output]",
         _DB + dsv3("send_message", '{"text": "He said \\"hello\\"", "path": "C:\\\\Users\\\\file", "newline": '
                    '"line1\\nline2"}') + _DE, D_TOOLS,
         [("send_message", {"text": 'He said "hello"', "path": "C:\\Users\\file", "newline": "line1\nline2"})]),
    Case(VD3 + "malformed_input_outputs][0]", _DB + dsv3("get_weather", '{"city": "Tokyo"') + _DE, D_TOOLS, []),
    Case(VD3 + "malformed_input_outputs][1]",
         _DB + f'function{_DSEP}get_weather\n```json\n{{"city": "Tokyo"}}\n```' + _DE, D_TOOLS, []),
    Case(VD31 + "test_extract_tool_calls_with_tool", "normal text" + _DB + dsv31("foo", '{"x":1}') + _DE, D_TOOLS,
         [("foo", {"x": 1})]),
    Case(VD31 + "test_extract_tool_calls_with_multiple_tools",
         "some prefix text" + _DB + dsv31("foo", '{"x":1}') + dsv31("bar", '{"y":2}') + _DE + " some suffix text",
         D_TOOLS, [("foo", {"x": 1}), ("bar", {"y": 2})]),
    Case(VD31 + "test_extract_tool_calls_unparsable_block[cut off]", "Let me look that up." + _DB + "get_weather",
         D_TOOLS, []),
    Case(VD31 + "test_extract_tool_calls_unparsable_block[no call markers]", _DB + f'foo{_DSEP}{{"x":1}}' + _DE, D_TOOLS,
         []),
    Case(SD31 + "test_delta_spanning_two_calls_keeps_both_arguments",
         _DB + dsv31("get_weather", '{"city": "Tokyo"}') + dsv31("get_weather", '{"city": "Paris"}') + _DE, D_TOOLS,
         [("get_weather", {"city": "Tokyo"}), ("get_weather", {"city": "Paris"})]),
    Case(SD31 + "test_complete_call_in_single_delta_streams_arguments",
         _DB + dsv31("get_weather", '{"city": "Tokyo"}') + _DE, D_TOOLS, [("get_weather", {"city": "Tokyo"})]),
    Case(SD3 + "test_parse_streaming_multiple_tool_calls_with_multi_token_chunk",
         _DB + dsv3("get_weather", '{"city":"Shanghai"}') + "\n" + dsv3("get_tourist_attractions", '{"city": "Beijing"}')
         + _DE, D_TOOLS, [("get_weather", {"city": "Shanghai"}), ("get_tourist_attractions", {"city": "Beijing"})]),
    _od("simple_content", "Hello, how are you?"),
    _od("tool_call_simple", "I'll check the weather." + _DB + dsv31("get_weather", '{"location":"Paris"}') + _DE,
        ("get_weather", {"location": "Paris"})),
    _od("multiple_tool_calls", "Getting weather for both cities." + _DB + dsv31("get_weather", '{"location":"Paris"}')
        + dsv31("get_weather", '{"location":"London"}') + _DE, ("get_weather", {"location": "Paris"}),
        ("get_weather", {"location": "London"})),
    _od("tool_output", "Here's the weather: <｜tool▁output▁begin｜>Temperature: 22°C, Sunny<｜tool▁output▁end｜> Hope "
        "that helps!"),
    _od("complex_tool_arguments", "Processing data." + _DB
        + dsv31("process_data", '{"items":["item1","item2"],"config":{"enabled":true,"threshold":0.95}}') + _DE,
        ("process_data", {"items": ["item1", "item2"], "config": {"enabled": True, "threshold": 0.95}})),
    _od("thinking_with_tool_call", "Let me check the weather...</think>I'll get that for you." + _DB
        + dsv31("get_weather", '{"location":"Paris"}') + _DE, ("get_weather", {"location": "Paris"})),
    _od("emoji_after_tool_call", "I'll help you." + _DB + dsv31("get_weather", '{"location":"Tokyo"}') + _DE + "完成 ✅",
        ("get_weather", {"location": "Tokyo"})),
    _od("tool_call_with_unicode_args", "Searching for information." + _DB
        + dsv31("search", '{"query":"北京天气","language":"中文"}') + _DE, ("search", {"query": "北京天气", "language": "中文"})),
    _od("tool_call_with_special_chars", "Processing data." + _DB
        + dsv31("execute_command", '{"command":"ls && echo \\"done\\"","path":"/home/user"}') + _DE,
        ("execute_command", {"command": 'ls && echo "done"', "path": "/home/user"})),
    _od("empty_tool_call_args", "Pinging server." + _DB + dsv31("ping", "{}") + _DE, ("ping", {})),
    _od("mixed_content_with_special_chars",
        "Price: $100 & tax @ 10% = $110 <｜tool▁output▁begin｜>Total: $110<｜tool▁output▁end｜> (final)"),
    Case(OD + "TestDeepSeekParser_Streaming/streaming_with_split_tags",
         "Content before " + _DB + dsv31("test", "{}") + _DE + " after", D_TOOLS, [("test", {})]),
    Case(OD + "TestDeepSeekParser_Streaming/streaming_tool_call_with_split_json",
         "Processing." + _DB + dsv31("calc", '{"x":42,"y":24}') + _DE, D_TOOLS, [("calc", {"x": 42, "y": 24})]),
    Case(LC + "DeepSeek-V3.1: tool call", _DB + dsv31("get_time", '{"city": "XYZCITY"}') + _DE, offer(_GET_TIME),
         [("get_time", {"city": "XYZCITY"})]),
    Case(LC + "DeepSeek-V3.1: reasoning, then a call", "REASONING</think>" + _DB + dsv31("get_time", '{"city": "Tokyo"}')
         + _DE, offer(_GET_TIME), [("get_time", {"city": "Tokyo"})]),
    Case(LC + "DeepSeek-V3.1: reasoning, content, two calls", "REASONING</think>CONTENT" + _DB
         + dsv31("get_time", '{"city": "Paris"}') + dsv31("get_weather", '{"city": "Paris"}') + _DE,
         offer(_GET_TIME, _LC_WEATHER), [("get_time", {"city": "Paris"}), ("get_weather", {"city": "Paris"})]),
    Case(LC + "DeepSeek-V3.1: reasoning and content only", "REASONING</think>\nCONTENT", offer(_GET_TIME), []),
    Case(LC + "llama-cpp-deepseek-r1: V3 call with a fence", "</think>" + _DB + f"{_DCB}function{_DSEP}special_function\n"
         '```json\n{"arg1": 1}```' + _DCE + _DE, offer(_SF), _SF_CALL),
    Case(LC + "DeepSeek-R1-Distill-Qwen-32B: V3 call", _DB + f"{_DCB}function{_DSEP}special_function\n"
         '```json\n{"arg1": 1}```' + _DCE + _DE, offer(_SF), _SF_CALL),
]

# --- more of the suites already collected ------------------------------------------------------------------------
PYTHONIC += [
    Case(VP + "test_regex_timeout_handling", "hello world[A(A=" + "\t)A(A=,\t" * 2, P_TOOLS, []),
    Case(SP + "test_parse_streaming_partial_tool_call", "Let me check the weather: [get_weather(location='Paris')]",
         P_TOOLS, [("get_weather", {"location": "Paris"})]),
    Case(SP + "test_parse_streaming_partial_nested_brackets",
         "Here's a call: [get_weather(location='Tokyo', data=[1, 2, 3])]", P_TOOLS,
         [("get_weather", {"location": "Tokyo", "data": [1, 2, 3]})]),
]
LLAMA3 += [Case(VL + "test_regex_timeout_handling", "{hello world[A(A=" + "\t)A(A=,\t" * 2, _L_TOOLS, [])]

# --- vLLM's, SGLang's and Ollama's GLM-4.7 suites (issue 35, Must 6) ---------------------------------------------
# These cases offer exactly the tools upstream's test declares (none when it declares none: then a call is read as
# nothing, the right answer when no tool is offered).
VG47 = "vLLM tests/tool_parsers/test_glm47_moe_tool_parser.py::"
SG47 = "SGLang test/registered/function_call/test_glm47_moe_detector.py::TestGlm47MoeDetector::"
OG47 = "Ollama model/parsers/glm47_test.go::"


def g47(name: str, **args: str) -> str:
    body = "".join(f"<arg_key>{k}</arg_key><arg_value>{v}</arg_value>" for k, v in args.items())
    return f"<tool_call>{name}{body}</tool_call>"


_V47 = offer(tool("get_current_date", {}), tool("get_weather", {"city": S, "date": S}))
_V4 = offer(tool("get_weather", {"city": S}))
_V4F = offer(tool("get_weather", {"city": S, "unit": S}), tool("calculate", {"operation": S, "a": N, "b": N}))
_S47 = offer(tool("get_weather", {"city": S, "date": S}, ("city", "date")))
_S47_TODO = offer(tool("todo_write", {"todos": A}, ("todos",)))
_BEIJING: Calls = [("get_weather", {"city": "Beijing"})]
_TWO_CITIES: Calls = [("get_weather", {"city": "Beijing"}), ("get_weather", {"city": "Shanghai"})]
_S47_TWO = (g47("get_weather", city="Beijing", date="2024-06-27") + g47("get_weather", city="Shanghai", date="2024-06-28"))
_S47_TWO_CALLS: Calls = [("get_weather", {"city": "Beijing", "date": "2024-06-27"}),
                         ("get_weather", {"city": "Shanghai", "date": "2024-06-28"})]
_TODO4 = [
    {"id": "1", "task": "Check for hard-coded issues in the backend code", "status": "in_progress"},
    {"id": "2", "task": "Check for hard-coded issues in the frontend code", "status": "pending"},
    {"id": "3", "task": "Check for code violating the Single Responsibility Principle", "status": "pending"},
    {"id": "4", "task": "Generate a rectification proposal report", "status": "pending"},
]
_TODO4_ESCAPED = json.dumps(_TODO4).replace('"', '\\"')
_BEIJING_TEXT = "<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>"

GLM += [
    Case(VG47 + "TestGlm47ExtractToolCalls::test_no_tool_call", "This is a plain response.", _V47, []),
    Case(VG47 + "TestGlm47ExtractToolCalls::test_zero_arg_inline", "<tool_call>get_current_date</tool_call>", _V47,
         [("get_current_date", {})]),
    Case(VG47 + "TestGlm47ExtractToolCalls::test_zero_arg_newline", "<tool_call>get_current_date\n</tool_call>", _V47,
         [("get_current_date", {})]),
    Case(VG47 + "TestGlm47ExtractToolCalls::test_args_same_line", g47("get_weather", city="Beijing"), _V47, _BEIJING),
    Case(VG47 + "TestGlm47ExtractToolCalls::test_args_with_newlines",
         "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>", _V47, _BEIJING),
    Case(VG47 + "TestGlm47ExtractToolCalls::test_content_before", "Checking.<tool_call>get_current_date</tool_call>",
         _V47, [("get_current_date", {})]),
    Case(VG47 + "TestGlm47ExtractToolCalls::test_multiple",
         g47("get_weather", city="Beijing") + g47("get_weather", city="Shanghai"), _V47, _TWO_CITIES),
    Case(VG47 + "TestGlm47ExtractToolCalls::test_whitespace_content_none",
         "  \n  <tool_call>get_current_date</tool_call>", _V47, [("get_current_date", {})]),
    Case(VG47 + "TestGlm47Streaming::test_no_args", "<tool_call>get_current_date</tool_call>", _V47,
         [("get_current_date", {})]),
    Case(VG47 + "TestGlm47Streaming::test_with_args",
         "<tool_call>get_weather\n<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>", _V47, _BEIJING),
    Case(VG47 + "TestGlm47Streaming::test_delays_prefix_only_tool_name_until_exact_match",
         g47("get_weather", city="Beijing"), _V47, _BEIJING),
    Case(VG47 + "TestGlm47Streaming::test_delays_prefix_only_tool_name_with_function_tools",
         g47("get_weather", city="Beijing"), _V4, _BEIJING),
    # vLLM's GLM-4.5 suite, the cases not taken before (its fixture offers get_weather with `city` only)
    Case(VG + "test_streaming_basic_functionality",
         "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>", _V4, _BEIJING),
    Case(VG + "test_streaming_no_tool_calls", "This is just regular text without any tool calls.", _V4, []),
    Case(VG + "test_streaming_empty_tool_call", "<tool_call></tool_call>", _V4, []),
    Case(VG + "test_streaming_prev_tool_call_arr_updates", _BEIJING_TEXT, _V4, _BEIJING),
    Case(VG + "test_streaming_multiple_tool_calls_sequential", _BEIJING_TEXT + _BEIJING_TEXT.replace("Beijing", "Shanghai"),
         _V4, _TWO_CITIES),
    Case(VG + "test_streaming_multi_token_chunks", _BEIJING_TEXT, _V4, _BEIJING),
    Case(VG + "test_streaming_entire_tool_call_at_once", _BEIJING_TEXT, _V4, _BEIJING),
    Case(VG + "test_streaming_content_between_tool_calls_multi_token",
         "I will check.\n" + _BEIJING_TEXT + "\nAlso Shanghai.\n" + _BEIJING_TEXT.replace("Beijing", "Shanghai"), _V4,
         _TWO_CITIES),
    Case(VG + "test_streaming_multi_token_with_multiple_args",
         "<tool_call>calculate\n<arg_key>operation</arg_key><arg_value>add</arg_value><arg_key>a</arg_key>"
         "<arg_value>42</arg_value><arg_key>b</arg_key><arg_value>3.14</arg_value></tool_call>",
         offer(tool("calculate", {"operation": S, "a": N, "b": N})), [("calculate", {"operation": "add", "a": 42, "b": 3.14})]),
    Case(VG + "test_stream_interval_single_tool_call", _BEIJING_TEXT, _V4, _BEIJING),
    Case(VG + "test_stream_interval_multiple_tool_calls",
         _BEIJING_TEXT + _BEIJING_TEXT.replace("Beijing", "Shanghai"), _V4, _TWO_CITIES),
    Case(VG + "test_stream_interval_content_then_tool_call", "I will check the weather for you.\n" + _BEIJING_TEXT, _V4,
         _BEIJING),
    Case(VG + "test_stream_interval_extreme_single_chunk", "Here is the weather.\n" + _BEIJING_TEXT, _V4, _BEIJING),
    Case(VG + "test_stream_interval_content_between_tool_calls",
         "Checking Beijing.\n" + _BEIJING_TEXT + "\nAlso Shanghai.\n" + _BEIJING_TEXT.replace("Beijing", "Shanghai"),
         _V4, _TWO_CITIES),
    Case(VG + "test_extract_tool_calls_with_function_tool",
         "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Dallas</arg_value>\n<arg_key>unit</arg_key>\n"
         "<arg_value>fahrenheit</arg_value>\n</tool_call>", _V4F, [("get_weather", {"city": "Dallas", "unit": "fahrenheit"})]),
    Case(VG + "test_extract_tool_calls_with_function_tool_mixed_types",
         "<tool_call>calculate\n<arg_key>operation</arg_key>\n<arg_value>add</arg_value>\n<arg_key>a</arg_key>\n"
         "<arg_value>42</arg_value>\n<arg_key>b</arg_key>\n<arg_value>3.14</arg_value>\n</tool_call>", _V4F,
         [("calculate", {"operation": "add", "a": 42, "b": 3.14})]),
    Case(VG + "test_streaming_with_function_tool", _BEIJING_TEXT, _V4F, _BEIJING),
    Case(VG + "test_extract_tool_call_without_newline_after_name", g47("get_weather", city="Seattle"), _V4,
         [("get_weather", {"city": "Seattle"})]),
    Case(VG + "test_string_type_detection_with_anyof", g47("configure", api_key="sk-12345678"),
         offer(tool("configure", {"api_key": {"anyOf": [{"type": "string"}, {"type": "null"}]}})),
         [("configure", {"api_key": "sk-12345678"})]),
    Case(VG + "test_string_type_detection_with_list_types", g47("log", message="test message"),
         offer(tool("log", {"message": {"type": ["string", "null"]}})), [("log", {"message": "test message"})]),
    Case(VG + "test_streaming_no_corruption_for_boolean_values", g47("configure", enabled="true"),
         offer(tool("configure", {"enabled": B})), [("configure", {"enabled": True})]),
    # SGLang's GLM-4.7 detector suite
    Case(SG47 + "test_single_tool_call", g47("get_weather", city="Beijing", date="2024-06-27"), _S47,
         [("get_weather", {"city": "Beijing", "date": "2024-06-27"})]),
    Case(SG47 + "test_multiple_tool_calls", _S47_TWO, _S47, _S47_TWO_CALLS),
    Case(SG47 + "test_no_arg_function_non_streaming", "<tool_call>list_filenames</tool_call>",
         offer(tool("list_filenames", {})), [("list_filenames", {})]),
    Case(SG47 + "test_invalid_tool_call", g47("invalid_func", city="Beijing"), _S47, []),
    Case(SG47 + "test_array_argument_with_escaped_json[plain]",
         f"<tool_call>todo_write<arg_key>todos</arg_key><arg_value>{json.dumps(_TODO4)}</arg_value>\n</tool_call>",
         _S47_TODO, [("todo_write", {"todos": _TODO4})]),
    Case(SG47 + "test_array_argument_with_escaped_json[raw string, escaped]",
         f"<tool_call>todo_write<arg_key>todos</arg_key><arg_value>{_TODO4_ESCAPED}</arg_value>\n</tool_call>",
         _S47_TODO, [("todo_write", {"todos": _TODO4})]),
    Case(SG47 + "test_array_argument_with_escaped_json[windows path]",
         '<tool_call>todo_write<arg_key>todos</arg_key><arg_value>[{"id": "1", "task": "Check file at '
         'C:\\\\Users\\\\test.txt", "status": "pending"}]</arg_value></tool_call>', _S47_TODO,
         [("todo_write", {"todos": [{"id": "1", "task": "Check file at C:\\Users\\test.txt", "status": "pending"}]})]),
    Case(SG47 + "test_array_argument_with_escaped_json[literal backslash n]",
         '<tool_call>todo_write<arg_key>todos</arg_key><arg_value>[{"id": "1", "task": "Print '
         '\\\\n to see newline","status": "pending"}]</arg_value></tool_call>', _S47_TODO,
         [("todo_write", {"todos": [{"id": "1", "task": "Print \\n to see newline", "status": "pending"}]})]),
    Case(SG47 + "test_mtp_func_and_string_split",
         "I'll create a task." + g47("create_task", title="Go to Beijing", location="San Francisco"),
         offer(tool("create_task", {"title": S, "location": S})),
         [("create_task", {"title": "Go to Beijing", "location": "San Francisco"})]),
    Case(SG47 + "test_mtp_noarg_and_multiple_calls", "<tool_call>list_files</tool_call>" + g47("get_weather", city="Beijing"),
         offer(tool("list_files", {}), tool("get_weather", {"city": S})), [("list_files", {}), *_BEIJING]),
    Case(SG47 + "test_mtp_number_and_complex_json",
         g47("create_todos", priority="5.5", count="10", items='[{"description": "TestTodo 1"}, {"description": "TestTodo 2"}]'),
         offer(tool("create_todos", {"priority": N, "count": I, "items": A})),
         [("create_todos", {"priority": 5.5, "count": 10, "items": [{"description": "TestTodo 1"}, {"description": "TestTodo 2"}]})]),
    Case(SG47 + "test_streaming_tool_call", g47("get_weather", city="Beijing", date="2024-06-27"), _S47,
         [("get_weather", {"city": "Beijing", "date": "2024-06-27"})]),
    Case(SG47 + "test_streaming_multiple_tool_calls", _S47_TWO, _S47, _S47_TWO_CALLS),
    Case(SG47 + "test_boundary_empty_param_value", g47("create_note", title="Test", content=""),
         offer(tool("create_note", {"title": S, "content": S})), [("create_note", {"title": "Test", "content": ""})]),
    Case(SG47 + "test_boundary_param_value_extreme_split", g47("search", query="New York"),
         offer(tool("search", {"query": S})), [("search", {"query": "New York"})]),
    Case(SG47 + "test_boundary_param_value_with_special_chars[single quotes]",
         g47("execute_command", command="echo 'Hello World'"), offer(tool("execute_command", {"command": S})),
         [("execute_command", {"command": "echo 'Hello World'"})]),
    Case(SG47 + "test_boundary_param_value_with_special_chars[ampersand]",
         g47("execute_command", command="echo Hello & World"), offer(tool("execute_command", {"command": S})),
         [("execute_command", {"command": "echo Hello & World"})]),
    Case(SG47 + "test_boundary_json_deeply_nested",
         g47("process_data", data='{"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}'),
         offer(tool("process_data", {"data": O})),
         [("process_data", {"data": {"level1": {"level2": {"level3": {"level4": {"value": "deep"}}}}}})]),
    Case(SG47 + "test_boundary_json_empty_structures", g47("create_structure", empty_obj="{}", empty_arr="[]"),
         offer(tool("create_structure", {"empty_obj": O, "empty_arr": A})),
         [("create_structure", {"empty_obj": {}, "empty_arr": []})]),
    Case(SG47 + "test_boundary_multi_tags_one_chunk", g47("multi_param", a="1", b="2", c="3"),
         offer(tool("multi_param", {"a": S, "b": S, "c": S})), [("multi_param", {"a": "1", "b": "2", "c": "3"})]),
    Case(SG47 + "test_boundary_normal_text_mixed_with_tool",
         "First I'll do this.<tool_call>action</tool_call>Then I'll do that.", offer(tool("action", {})),
         [("action", {})]),
    Case(SG47 + "test_boundary_number_edge_values", g47("calculate", zero="0", negative="-42.5", large="1e10"),
         offer(tool("calculate", {"zero": N, "negative": N, "large": N})),
         [("calculate", {"zero": 0, "negative": -42.5, "large": 1e10})]),
    Case(SG47 + "test_boundary_type_string_with_numeric_content", g47("store_data", id="12345", code="67.89"),
         offer(tool("store_data", {"id": S, "code": S})), [("store_data", {"id": "12345", "code": "67.89"})]),
    Case(SG47 + "test_error_undefined_tool", g47("nonexistent_function", param="value"), _S47, []),
    # Ollama's GLM-4.7 parser suite (calls to tools its test does not declare are offered none)
    Case(OG47 + "TestGLM47ParserAdd",
         "plan</think>Answer" + g47("calculate", count="3", enabled="true"),
         offer(tool("calculate", {"count": I, "enabled": B})), [("calculate", {"count": 3, "enabled": True})]),
    Case(OG47 + "TestGLM47ParserNoThinkingContent", "</think>Plain answer", {}, []),
    Case(OG47 + "TestGLM47ParserThinkingDisabled", "Plain answer", {}, []),
    Case(OG47 + "TestGLM47ParserToolCallEscaping",
         "<tool_call>exec\n<arg_key>expr</arg_key>\n<arg_value>a < b && c > d</arg_value></tool_call>",
         offer(tool("exec", {"expr": S})), [("exec", {"expr": "a < b && c > d"})]),
    Case(OG47 + "TestGLM47ParserToolCloseTagInsideArgumentValue",
         "<tool_call>write_file<arg_key>path</arg_key><arg_value>docs/format.md</arg_value><arg_key>content</arg_key>"
         "<arg_value>Wrap each call in <tool_call> and </tool_call>; this text is part of the argument.</arg_value>"
         "</tool_call>", offer(tool("write_file", {"path": S, "content": S})),
         [("write_file", {"path": "docs/format.md",
                          "content": "Wrap each call in <tool_call> and </tool_call>; this text is part of the argument."})]),
    Case(OG47 + "TestGLM47ParserToolCallIndexing",
         "plan</think>\n" + g47("first", a="1") + "\n" + g47("second", b="2") + "\n" + g47("third", c="3"), {},
         [("first", {"a": "1"}), ("second", {"b": "2"}), ("third", {"c": "3"})], [], OFFERED),
    Case(OG47 + "TestGLM47ParserToolCallIndexingStreaming",
         "plan</think>" + g47("first", a="1") + g47("second", b="2") + g47("third", c="3"), {},
         [("first", {"a": "1"}), ("second", {"b": "2"}), ("third", {"c": "3"})], [], OFFERED),
    Case(OG47 + "TestGLM47ParserToolCallIndexResetOnInit", "plan</think>" + g47("second", b="2"), {},
         [("second", {"b": "2"})], [], OFFERED),
]

# --- vLLM's Qwen3-Coder suite, a case not taken before (issue 35, Must 6) -------------------------------------
QWEN3 += [
    Case(VQ + "test_streaming_multi_param_single_chunk",
         "<tool_call>\n<function=get_current_weather>\n<parameter=city>\nDallas\n</parameter>\n<parameter=state>\nTX\n"
         "</parameter>\n<parameter=unit>\nfahrenheit\n</parameter>\n</function>\n</tool_call>", V_TOOLS,
         [("get_current_weather", DALLAS)]),
]

SETS: dict[str, list[Case]] = {
    "qwen3_xml": QWEN3,
    "hermes": HERMES,
    "llama3_json": LLAMA3,
    "qwen25_coder": QWEN25_CODER,
    "glm45": GLM,
    "kimi_k2": KIMI,
    "pythonic": PYTHONIC,
    "mistral": MISTRAL,
    "harmony": HARMONY,
    "deepseek": DEEPSEEK,
}
