"""Reading and writing the provider's stream chunks (Chat Completions `chat.completion.chunk` objects) the `stream`
hook gets: what a chunk says (content, structured calls, the end of the reply), and a new chunk with other content
or with calls. A chunk given is never changed: what is changed is copied (the event, its choices list, the first
choice and its delta). Open WebUI reads only the first choice; so does this module."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Chunk:
    """What one chunk says: its text (`content`, "" when none), whether it carries structured calls, and whether it
    ends the reply (`finish`: a finish reason; `last`: a usage-only chunk, which has no choices)."""

    content: str
    calls: bool
    finish: str | None
    last: bool


def _first(event: Any) -> tuple[dict | None, dict | None]:
    choices = event.get("choices") if isinstance(event, Mapping) else None
    choice = choices[0] if isinstance(choices, list) and choices and isinstance(choices[0], dict) else None
    delta = choice.get("delta") if choice is not None else None
    return choice, delta if isinstance(delta, dict) else None


def read(event: Any) -> Chunk | None:
    """What a Chat Completions chunk says; None for anything else (a Responses API event, an error, junk)."""
    if (
        not isinstance(event, Mapping)
        or str(event.get("type", "")).startswith("response.")
        or "error" in event
    ):
        return None
    choices = event.get("choices")
    if not choices:  # a usage-only chunk (OpenAI's include_usage, llama.cpp's timings), or an empty one
        return Chunk("", False, None, any(event.get(k) for k in ("usage", "timings")))
    choice, delta = _first(event)
    if choice is None:
        return None
    content = delta.get("content") if delta else None
    finish = choice.get("finish_reason")
    return Chunk(
        content if isinstance(content, str) else "",
        bool(delta and delta.get("tool_calls")),
        finish if isinstance(finish, str) and finish else None,
        False,
    )


def _copy(event: Mapping) -> tuple[dict, dict, dict]:
    """A copy of the event with its first choice and delta copied (one made when it has no choices)."""
    out = dict(event)
    choice, delta = _first(event)
    choice = dict(choice) if choice is not None else {"index": 0, "finish_reason": None}
    delta = dict(delta) if delta is not None else {}
    choice["delta"] = delta
    rest = list(event.get("choices") or [])[1:]
    out["choices"] = [choice, *rest]
    return out, choice, delta


def with_content(event: Mapping, text: str) -> dict:
    """The event with its text replaced by `text`."""
    out, _, delta = _copy(event)
    if text:
        delta["content"] = text
    else:
        delta.pop("content", None)
    return out


def with_calls(event: Mapping, text: str, calls: list[dict]) -> dict:
    """The event carrying `calls` (`delta.tool_calls` entries, each with its `index`) and `text`, finishing with
    `tool_calls` where it finishes the reply."""
    out = with_content(event, text)
    choice, delta = out["choices"][0], out["choices"][0]["delta"]
    delta["tool_calls"] = calls
    if choice.get("finish_reason"):
        choice["finish_reason"] = "tool_calls"
    return out


def tool_call_entry(index: int, call_id: str, name: str, arguments: str) -> dict:
    """One `delta.tool_calls` entry as a provider streams it whole."""
    function = {"name": name, "arguments": arguments}
    return {"index": index, "id": call_id, "type": "function", "function": function}
