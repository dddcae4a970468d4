"""The shapes of chat-completions messages the filter reads and writes, and small pure readers
shared by the parser, the counter and the validator."""

from __future__ import annotations

import asyncio
import json
import logging
import re
import sys
from collections.abc import Sequence
from itertools import islice
from typing import Any

log = logging.getLogger(__name__)

#: What must never be swallowed: the process stops or the request is cancelled.  Anything else is
#: caught, ``BaseException`` included (tiktoken 0.13's panics are ``pyo3_runtime.PanicException``).
FATAL_EXCEPTIONS = (KeyboardInterrupt, SystemExit, asyncio.CancelledError, GeneratorExit)

ROLES_OUT = frozenset({"system", "user", "assistant", "tool"})
#: A call id the strictest provider takes: at most 40 characters (OpenAI), letters, digits, "_" and
#: "-" only (Anthropic).  ``match`` reads at most 41 characters of any string.
ID_RE = re.compile(r"[a-zA-Z0-9_-]{1,40}\Z")


def _role(m: Any) -> str | None:
    """The role of message ``m`` in lower case, if it is a string (a list or dict would not hash)."""
    role = m.get("role") if m.__class__ is dict or isinstance(m, dict) else None
    return role.lower() if isinstance(role, str) else None


#: Text of the synthetic user message Open WebUI inserts after tool results that carried images
#: (``convert_output_to_messages(..., flatten_tool_images=True)`` and the tool loop).
IMAGE_FOLLOWUP_TEXT = "Here are the images from the tool results above. Please analyze them."
#: Every shrunk tool output starts with this, which makes shrinking recognisable and idempotent.
SHRINK_PREFIX = "[shrunk by tool_context_filter: "
UNANSWERED_RESULT = (
    "[tool_context_filter: no result was recorded for this tool call (interrupted or lost); "
    "call the tool again if the result is needed]"
)
LEGACY_FUNCTION_NOTE = (
    "[tool_context_filter: legacy 'function' message converted; function {name!r} returned:]\n"
)
FOLDED_MARKER = '<details type="tool_calls"'


def _with_images(image: dict | None, parts: list[dict]) -> dict:
    """Open WebUI's image message after a group's results, with ``parts`` added (made if none)."""
    if image is None:
        return {"role": "user", "content": [{"type": "text", "text": IMAGE_FOLLOWUP_TEXT}, *parts]}
    return {**image, "content": [*image["content"], *parts]}


def _is_image_followup(m: Any) -> bool:
    content = m.get("content") if isinstance(m, dict) and m.get("role") == "user" else None
    first = content[0] if isinstance(content, list) and content else None
    return (
        isinstance(first, dict) and first.get("type") == "text" and first.get("text") == IMAGE_FOLLOWUP_TEXT
    )


def _has_text(m: dict) -> bool:
    c = m.get("content")
    return not _blank(c) if isinstance(c, str) else bool(c) if isinstance(c, list) else c is not None


def _usable_call(call: Any) -> dict | None:
    """``call`` (or a copy with JSON object arguments) if it has an id and a name, else ``None``."""
    cid, fn = (call.get("id"), call.get("function")) if isinstance(call, dict) else (None, None)
    name = fn.get("name") if isinstance(cid, str) and cid and isinstance(fn, dict) else None
    if not isinstance(name, str) or not name.strip():
        return None
    args = fn.get("arguments")
    return (
        call if _is_json_object(args) else {**call, "function": {**fn, "arguments": _object_arguments(args)}}
    )


#: Arguments that are not a JSON object go out whole, as a string under this key: nothing is lost.
RAW_ARGUMENTS = "_raw_arguments"
_JSON_SPACE = " \t\n\r"


#: json's C scanner: (value, end); ``int`` refuses "NaN" and "Infinity", which strict JSON has not.
_SCAN = json.JSONDecoder(parse_constant=int).scan_once
#: Characters: a longer text is read in windows of this many (``_json_object_in_windows``).
_SCAN_IN_C_BELOW = 1 << 16
_JSON_WS = re.compile(r"[ \t\n\r]*+")
_JSON_STRING = re.compile(r'(?:[^"\\\x00-\x1f]++|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*+')  # a string's inside
_JSON_NUMBER = re.compile(r"-?+(?:0|[1-9][0-9]*+)(?:\.[0-9]++)?+(?:[eE][-+]?+[0-9]++)?+")
_NUMBER_MAX = 4_300  # characters: Python's json refuses a longer integer (``sys.get_int_max_str_digits``)
_LITERALS = ("true", "false", "null")


def _run_end(pattern: re.Pattern, s: str, pos: int) -> int:
    """Where a run of ``pattern`` from ``pos`` ends, matched a window at a time (an escape the window
    cuts, at most 6 characters, is matched again from its start)."""
    n = len(s)
    while True:
        stop = min(n, pos + _SCAN_IN_C_BELOW)
        end = pattern.match(s, pos, stop).end()
        if stop == n or end < stop - 6 or end == pos:
            return end
        pos = end


def _json_object_in_windows(s: str, pos: int) -> bool:
    """Whether ``s[pos:]``, which starts with ``{``, is exactly one strict JSON object, with no C call
    over more than a window: json's scanner holds the interpreter lock over the whole text (790 ms for
    a million keys).  Builds nothing; nesting deeper than the recursion limit is refused, as json does."""
    stack: list[str] = ["{"]
    want, n, deepest, pos = "key or }", len(s), sys.getrecursionlimit(), pos + 1
    while True:
        pos = _run_end(_JSON_WS, s, pos)
        c = s[pos : pos + 1]
        if want == "next":
            if not stack:
                return pos == n
            if c == ",":
                want = "key" if stack[-1] == "{" else "value"
            elif c != ("}" if stack[-1] == "{" else "]"):
                return False
            else:
                stack.pop()
        elif want == ":":
            if c != ":":
                return False
            want = "value"
        elif c == '"':
            pos = _run_end(_JSON_STRING, s, pos + 1)
            if s[pos : pos + 1] != '"':
                return False
            want = ":" if want in ("key", "key or }") else "next"
        elif (want, c) in (("key or }", "}"), ("value or ]", "]")):
            stack.pop()
            want = "next"
        elif want in ("key", "key or }"):
            return False
        elif c in ("{", "["):
            if len(stack) >= deepest:
                return False
            stack.append(c)
            want = "key or }" if c == "{" else "value or ]"
        elif literal := next((w for w in _LITERALS if s.startswith(w, pos)), ""):
            pos, want = pos + len(literal) - 1, "next"
        elif (
            m := _JSON_NUMBER.match(s, pos, min(n, pos + _NUMBER_MAX + 1))
        ) and m.end() - pos <= _NUMBER_MAX:
            pos, want = m.end() - 1, "next"
        else:
            return False
        pos += 1


def _is_json_object(text: Any) -> bool:
    """Whether ``text`` is exactly one strict JSON object (no NaN); a nesting too deep is not one."""
    if text.__class__ is str and text[:1] == "{":
        start = 0  # the common case
    elif isinstance(text, str) and text.lstrip(_JSON_SPACE)[:1] == "{":
        start = len(text) - len(text.lstrip(_JSON_SPACE))
    else:
        return False
    try:
        if len(text) >= _SCAN_IN_C_BELOW:
            return _json_object_in_windows(text, start)
        end = _SCAN(text, start)[1]
    except (StopIteration, ValueError, RecursionError):
        return False
    return end == len(text) or not text[end:].strip(_JSON_SPACE)


def _object_arguments(args: Any) -> str:
    """``arguments`` as the JSON object string strict providers require: nothing as ``{}``, anything
    that is not an object (invalid or truncated JSON) whole, under :data:`RAW_ARGUMENTS`."""
    text = args if isinstance(args, str) else "" if args is None else _safe_dumps(args)
    if _is_json_object(text):
        return text
    if text.strip(_JSON_SPACE) in ("", "null"):
        return "{}"
    return f'{{"{RAW_ARGUMENTS}": {_escaped(text)}}}'  # json.dumps's output, escaped in slices


#: Content part types that carry an image (the counter gives each a flat allowance).
IMAGE_PARTS = ("image_url", "input_image", "image")


def _blank(text: str) -> bool:
    """Empty or only whitespace: Anthropic rejects such a text (a message's or a text part's)."""
    return not text or text.isspace()


def _valid_part(p: Any) -> bool:
    """An object with a string ``type``, and a text that is not blank if it is a text part."""
    if not isinstance(p, dict):
        return False
    ptype, text = p.get("type"), p.get("text")
    return isinstance(ptype, str) and (ptype != "text" or (isinstance(text, str) and not _blank(text)))


def _valid_content(content: Any, role: str = "user", calls: bool = False) -> bool:
    """What every provider takes as a message's content: a text that is not blank (Anthropic), or
    parts (text parts only but for a user); beside calls also empty or ``None`` (OpenAI's shape)."""
    if content.__class__ is str:
        return calls or not _blank(content)
    if content is None or not isinstance(content, list) or not content:
        return content is None and calls
    return all(map(_valid_part if role == "user" else _text_part, content))


def _text_part(p: Any) -> bool:
    return isinstance(p, dict) and p.get("type") == "text" and _valid_part(p)


#: What stands for a text that repairs would leave blank (Anthropic rejects blank texts).
EMPTY_TEXT = "(empty)"


def _repaired_content(content: Any, role: str = "user") -> Any:
    """Content a provider takes, from content that is not: a user's list keeps its valid parts, and each
    run of other items becomes one text part (not an object per item: a million new objects hold the
    event loop in the collector); anything else becomes text, :data:`EMPTY_TEXT` if blank."""
    if role == "user" and isinstance(content, list):
        parts: list[Any] = []
        run: list[str] = []
        for p in content:
            if _blank_item(p):
                continue
            if not _valid_part(p):
                run.append(p if isinstance(p, str) else _safe_dumps(p))
                continue
            if run:
                parts.append({"type": "text", "text": "\n".join(run)})
                run = []
            parts.append(p)
        if run:
            parts.append({"type": "text", "text": "\n".join(run)})
        if parts:
            return parts
    text = _content_as_text(content)
    return EMPTY_TEXT if _blank(text) else text


def _blank_item(p: Any) -> bool:
    """A blank string, or a text part whose text is one."""
    text = p.get("text") if isinstance(p, dict) and p.get("type") == "text" else p
    return isinstance(text, str) and _blank(text)


def _valid_tool_content(content: Any) -> bool:
    """What every provider takes as a tool result: a string, or a non-empty list of text parts."""
    if content.__class__ is str:
        return True
    return isinstance(content, list) and bool(content) and all(map(_text_part, content))


def _tool_text_and_images(content: Any) -> tuple[str, list[dict]]:
    """A tool result's text, and its images as ``image_url`` parts for the user message after the
    group's results, as Open WebUI's ``convert_output_to_messages(..., flatten_tool_images=True)``."""
    images = []
    for p in content if isinstance(content, list) else ():
        if isinstance(p, dict) and p.get("type") in ("image_url", "input_image"):
            url = p.get("image_url")
            url = {"url": url} if isinstance(url, str) else url
            if isinstance(url, dict) and url.get("url"):
                images.append({"type": "image_url", "image_url": url})
    return _content_as_text(content), images


def _content_as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = (p.get("text") if isinstance(p, dict) else p for p in content)
        return "\n".join(t for t in texts if isinstance(t, str))
    return "" if content is None else _safe_dumps(content)


def _escaped(s: str, n: int = 1 << 16) -> str:
    """``s`` as a JSON string, escaped ``n`` characters at a time: no C call holds the lock over 10 MB."""
    parts = (json.encoder.encode_basestring(s[i : i + n])[1:-1] for i in range(0, len(s), n))
    return f'"{"".join(parts)}"'


def _safe_dumps(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, default=str)``; a large value by Python's own encoder,
    which lets the event loop run (``json.dumps`` holds the lock over the whole value), its texts
    escaped in slices.  Too deep or odd: ``str(value)``."""
    try:
        if isinstance(value, (dict, list, tuple)) and size_over(value, 1 << 16):
            # Python's encoder (private, in every Python 3): texts by _escaped, floats by json.dumps.
            args = ({}, str, _escaped, None, json.dumps, ": ", ", ", False, False, False)
            chunks, pieces = [], json.encoder._make_iterencode(*args)(value, 0)
            while chunk := list(islice(pieces, 1 << 14)):  # joined in bounded chunks too
                chunks.append("".join(chunk))
            return "".join(chunks)
        return json.dumps(value, ensure_ascii=False, default=str)
    except Exception:  # deep nesting (RecursionError), odd objects
        try:
            return str(value)
        except Exception:
            return f"<{type(value).__name__}>"


def _last_user(msgs: list[Any]) -> int:
    """Position of the last user message (-1 if none)."""
    return next((i for i in range(len(msgs) - 1, -1, -1) if _role(msgs[i]) == "user"), -1)


def _newest_request(msgs: Sequence[Any]) -> int:
    """The user message that may stay blank (attachment-only): newest but tool-image follow-ups."""
    last = _last_user(msgs)
    return next(
        (i for i in range(last, -1, -1) if _role(msgs[i]) == "user" and not _is_image_followup(msgs[i])), last
    )


#: Every container item and key weighs this much besides its text: the Python work of reading one.
_ITEM_BYTES = 64


def size_over(value: Any, limit: int) -> bool:
    """Whether ``value`` is over ``limit`` bytes (strings at their UTF-8 size at most, ``_ITEM_BYTES``
    per item); stops once over, after at most ``limit / _ITEM_BYTES`` items: cheap on the event loop."""
    size, stack = 0, [value]
    while stack:
        v = stack.pop()
        if v.__class__ is str:
            size += len(v) if v.isascii() else 4 * len(v)
        elif isinstance(v, dict):
            size += 2 * _ITEM_BYTES * len(v)
            if size <= limit:
                stack.extend(v.keys())
                stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            size += _ITEM_BYTES * len(v)
            if size <= limit:
                stack.extend(v)
        elif isinstance(v, int):
            size += v.bit_length() // 3 + 8
        else:  # a float, None, or an object only serializing would measure: over any limit
            size += 32 if v is None or isinstance(v, float) else limit + 1
        if size > limit:
            return True
    return False
