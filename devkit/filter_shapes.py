"""Request shapes for the filter's event-loop rule, shared by its tests and by
``scripts/bench_filter_loop.py``: a large text in each field a message can carry (every content
part type, nesting), and small requests of the texts slowest to count, just under the size that
moves the trim to a worker thread."""

from __future__ import annotations

import json
import random
import string

from devkit.histories import assistant, call, tool, user


def nested(depth: int, leaf: object) -> object:
    """``leaf`` inside ``depth`` lists."""
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


def field_shapes(x: str, items: int = 1_000_000) -> dict[str, list[dict]]:
    """The text ``x`` in each field a message can carry, every part type, nesting; and the shapes
    that are large by their number of ``items`` (numbers, parts, calls, messages)."""
    c1 = call("c1")
    return {
        "content": [user("q"), assistant(x)],
        "text part": [user([{"type": "text", "text": x}])],
        "input_text part": [user([{"type": "input_text", "text": x}])],
        "image_url part": [user([{"type": "image_url", "image_url": {"url": "data:image/png;base64," + x}}])],
        "input_image part": [user([{"type": "input_image", "image_url": x}])],
        "file part": [user([{"type": "file", "file": {"file_data": x}}])],
        "audio part": [user([{"type": "input_audio", "input_audio": {"data": x}}])],
        "a string part": [user([x])],
        "nested lists": [user([nested(50, x)])],
        "a list of numbers": [user([[0] * 3 * items])],
        "5,000-deep nesting": [user([nested(5_000, "x")])],
        "reasoning_content": [user("q"), assistant("a", reasoning_content=x)],
        "thinking": [user("q"), assistant("a", thinking=x)],
        "reasoning_details": [user("q"), assistant("a", reasoning_details=[{"type": "r", "text": x}])],
        "refusal": [user("q"), assistant("a", refusal=x)],
        "name": [{"role": "user", "name": x, "content": "q"}],
        "unknown key": [{"role": "user", "content": "q", "meta": {"k": x}}],
        "a key": [{"role": "user", "content": "q", x: 1}],
        "call id": [user("q"), assistant("", tool_calls=[{**c1, "id": x}]), tool(x, "ok")],
        "function name": [
            user("q"),
            assistant("", tool_calls=[{**c1, "function": {"name": x, "arguments": "{}"}}]),
        ],
        "arguments": [
            user("q"),
            assistant("", tool_calls=[call("c1", args=json.dumps({"q": x}))]),
            tool("c1", "ok"),
        ],
        "dict arguments": [
            user("q"),
            assistant("", tool_calls=[{**c1, "function": {"name": "f", "arguments": {"q": x}}}]),
        ],
        "function_call": [
            user("q"),
            {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": x}},
        ],
        "tool content": [user("q"), assistant("", tool_calls=[c1]), tool("c1", x)],
        "tool content parts": [
            user("q"),
            assistant("", tool_calls=[c1]),
            tool("c1", [{"type": "text", "text": x}]),
        ],
        "dict tool content": [user("q"), assistant("", tool_calls=[c1]), tool("c1", {"rows": x})],
        "tool_call_id": [user("q"), assistant("", tool_calls=[c1]), tool("c1", "ok"), tool(x, "orphan")],
        "many tiny parts": [user([{"type": "text", "text": "x"}] * items)],
        "many calls": [user("q"), assistant("", tool_calls=[call("c1")] * items)],  # one id, none answered
        "many distinct calls": [user("q"), assistant("", tool_calls=[call(f"c{i}") for i in range(items)])],
        "many messages": [user("q"), *[assistant("a"), user("b")] * (items // 2)],
        "many system messages": [{"role": "system", "content": "s"}] * items + [user("q")],
        "many tool groups": [
            user("q"),
            *[
                m
                for i in range(items // 3)
                for m in (assistant("", tool_calls=[call(f"c{i}")]), tool(f"c{i}", "ok"))
            ],
        ],
        "many number parts": [user([0] * items)],
        "arguments of many keys": [
            user("q"),
            assistant("", tool_calls=[call("c1", args=json.dumps(dict.fromkeys(map(str, range(items)), 0)))]),
            tool("c1", "ok"),
        ],
        "dict arguments of many keys": [
            user("q"),
            assistant(
                "",
                tool_calls=[
                    {**c1, "function": {"name": "f", "arguments": dict.fromkeys(map(str, range(items)), 0)}}
                ],
            ),
            tool("c1", "ok"),
        ],
    }


def words(n: int) -> str:
    """About ``n`` characters of words on lines: a text with cut points everywhere."""
    line = "word " * 12 + "\n"
    return line * (n // len(line) + 1)


def slow_texts(n: int, seed: int = 1) -> dict[str, str]:
    """``n`` characters of the texts slowest to count: one long word (one piece for the estimator's
    byte-pair merging), punctuation, CJK, random printable characters."""
    rng = random.Random(seed)
    return {
        "one long word": "".join(rng.choice(string.ascii_letters) for _ in range(n)),
        "punctuation": "".join(rng.choice("!@#$%^&*()[]{};:,.<>?/|~") for _ in range(n)),
        "CJK": "".join(chr(rng.randint(0x4E00, 0x9FFF)) for _ in range(n // 4)),  # 3-4 bytes each
        "printable": "".join(rng.choice(string.printable) for _ in range(n)),
    }


def small_shapes(n: int) -> dict[str, list[dict]]:
    """Requests of about ``n`` bytes: each slow text as the newest message, and as an old tool output
    that a small budget shrinks; many small messages; many small calls."""
    out = {}
    for name, text in slow_texts(n - 1_750).items():  # less what the rest of the request weighs
        out[f"{name} (message)"] = [user(text), assistant("a"), user("q")]
    for name, text in slow_texts(n - 3_100).items():
        out[f"{name} (old output)"] = [
            user("q"),
            assistant("", tool_calls=[call("c1")]),
            tool("c1", text),
            user("q"),
        ]
    out["small messages"] = [user("q"), *[assistant("a"), user("b")] * (n // 800)]
    out["small calls"] = [user("q"), assistant("", tool_calls=[call(f"c{i}") for i in range(n // 1_000)])]
    return out
