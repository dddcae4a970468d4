"""The shapes of chat-completions messages the filter reads and writes: roles, the texts it
adds (stubs, notes), Open WebUI's image follow-up, and small readers shared by the parser, the
counter and the validator.  Pure; never mutates a message."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

log = logging.getLogger(__name__)

#: What must never be swallowed: the process stops or the request is cancelled.  Anything else is
#: caught, ``BaseException`` included (tiktoken 0.13's panics are ``pyo3_runtime.PanicException``).
FATAL_EXCEPTIONS = (KeyboardInterrupt, SystemExit, asyncio.CancelledError, GeneratorExit)

ROLES_OUT = frozenset({"system", "user", "assistant", "tool"})


def _role(m: Any) -> str | None:
    """The role of message ``m`` if it is a string (a list or dict role would not even hash)."""
    role = m.get("role") if m.__class__ is dict or isinstance(m, dict) else None
    return role if role.__class__ is str else None


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


def _is_image_followup(m: Any) -> bool:
    if not isinstance(m, dict) or m.get("role") != "user":
        return False
    content = m.get("content")
    if not isinstance(content, list) or not content:
        return False
    first = content[0]
    return (
        isinstance(first, dict) and first.get("type") == "text" and first.get("text") == IMAGE_FOLLOWUP_TEXT
    )


def _has_text(m: dict) -> bool:
    content = m.get("content")
    if isinstance(content, str):
        return bool(content.strip())
    if isinstance(content, list):
        return bool(content)
    return content is not None


def _usable_call(call: Any) -> dict | None:
    """``call`` (or a copy with JSON-string arguments) if it has an id and a name, else ``None``."""
    if not isinstance(call, dict):
        return None
    cid, fn = call.get("id"), call.get("function")
    if not isinstance(cid, str) or not cid or not isinstance(fn, dict):
        return None
    name = fn.get("name")
    if not isinstance(name, str) or not name.strip():
        return None
    args = fn.get("arguments")
    if isinstance(args, str):
        return call
    return {**call, "function": {**fn, "arguments": "{}" if args is None else _safe_dumps(args)}}


def _valid_tool_content(content: Any) -> bool:
    """A string, or a list of content parts (objects with a string ``type``)."""
    if content.__class__ is str:
        return True
    return isinstance(content, list) and all(
        isinstance(p, dict) and isinstance(p.get("type"), str) for p in content
    )


def _content_as_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for p in content:
            if isinstance(p, str):
                parts.append(p)
            elif isinstance(p, dict) and isinstance(p.get("text"), str):
                parts.append(p["text"])
        return "\n".join(parts)
    return "" if content is None else _safe_dumps(content)


def _safe_dumps(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False, default=str)
    except Exception:  # deep nesting (RecursionError), odd objects
        try:
            return str(value)
        except Exception:
            return f"<{type(value).__name__}>"


def _last_user(msgs: list[Any]) -> int:
    """Position of the last user message (-1 if none)."""
    for i in range(len(msgs) - 1, -1, -1):
        if _role(msgs[i]) == "user":
            return i
    return -1
