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


def field_shapes(x: str, items: int = 1_000_000, only: str | None = None) -> dict[str, list[dict]]:
    """The text ``x`` in each field a message can carry, every part type, nesting; and the shapes
    that are large by their number of ``items`` (numbers, parts, calls, messages); ``only``: that one.
    """
    c1 = call("c1")
    makers = {
        "content": lambda: [user("q"), assistant(x)],
        "text part": lambda: [user([{"type": "text", "text": x}])],
        "input_text part": lambda: [user([{"type": "input_text", "text": x}])],
        "image_url part": lambda: [
            user([{"type": "image_url", "image_url": {"url": "data:image/png;base64," + x}}])
        ],
        "input_image part": lambda: [user([{"type": "input_image", "image_url": x}])],
        "file part": lambda: [user([{"type": "file", "file": {"file_data": x}}])],
        "audio part": lambda: [user([{"type": "input_audio", "input_audio": {"data": x}}])],
        "a string part": lambda: [user([x])],
        "nested lists": lambda: [user([nested(50, x)])],
        "a list of numbers": lambda: [user([[0] * 3 * items])],
        "5,000-deep nesting": lambda: [user([nested(5_000, "x")])],
        "reasoning_content": lambda: [user("q"), assistant("a", reasoning_content=x)],
        "thinking": lambda: [user("q"), assistant("a", thinking=x)],
        "reasoning_details": lambda: [
            user("q"),
            assistant("a", reasoning_details=[{"type": "r", "text": x}]),
        ],
        "refusal": lambda: [user("q"), assistant("a", refusal=x)],
        "name": lambda: [{"role": "user", "name": x, "content": "q"}],
        "unknown key": lambda: [{"role": "user", "content": "q", "meta": {"k": x}}],
        "a key": lambda: [{"role": "user", "content": "q", x: 1}],
        "call id": lambda: [user("q"), assistant("", tool_calls=[{**c1, "id": x}]), tool(x, "ok")],
        "function name": lambda: [
            user("q"),
            assistant("", tool_calls=[{**c1, "function": {"name": x, "arguments": "{}"}}]),
        ],
        "arguments": lambda: [
            user("q"),
            assistant("", tool_calls=[call("c1", args=json.dumps({"q": x}))]),
            tool("c1", "ok"),
        ],
        "dict arguments": lambda: [
            user("q"),
            assistant("", tool_calls=[{**c1, "function": {"name": "f", "arguments": {"q": x}}}]),
        ],
        "function_call": lambda: [
            user("q"),
            {"role": "assistant", "content": None, "function_call": {"name": "f", "arguments": x}},
        ],
        "tool content": lambda: [user("q"), assistant("", tool_calls=[c1]), tool("c1", x)],
        "tool content parts": lambda: [
            user("q"),
            assistant("", tool_calls=[c1]),
            tool("c1", [{"type": "text", "text": x}]),
        ],
        "dict tool content": lambda: [user("q"), assistant("", tool_calls=[c1]), tool("c1", {"rows": x})],
        "tool_call_id": lambda: [
            user("q"),
            assistant("", tool_calls=[c1]),
            tool("c1", "ok"),
            tool(x, "orphan"),
        ],
        "many tiny parts": lambda: [user([{"type": "text", "text": "x"}] * items)],
        "many calls": lambda: [
            user("q"),
            assistant("", tool_calls=[call("c1")] * items),
        ],  # one id, none answered
        "many distinct calls": lambda: [
            user("q"),
            assistant("", tool_calls=[call(f"c{i}") for i in range(items)]),
        ],
        "many messages": lambda: [user("q"), *[assistant("a"), user("b")] * (items // 2)],
        "many system messages": lambda: [{"role": "system", "content": "s"}] * items + [user("q")],
        "many tool groups": lambda: [
            user("q"),
            *[
                m
                for i in range(items // 3)
                for m in (assistant("", tool_calls=[call(f"c{i}")]), tool(f"c{i}", "ok"))
            ],
        ],
        "many number parts": lambda: [user([0] * items)],
        "arguments of many keys": lambda: [
            user("q"),
            assistant("", tool_calls=[call("c1", args=json.dumps(dict.fromkeys(map(str, range(items)), 0)))]),
            tool("c1", "ok"),
        ],
        "dict arguments of many keys": lambda: [
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
    return {name: make() for name, make in makers.items() if only in (None, name)}


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
