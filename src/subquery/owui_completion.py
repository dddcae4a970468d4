"""One inner model call's request and its reply, whatever the provider returned, read as a `Completion`."""

from __future__ import annotations

import codecs
import contextlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from textcalls.calls import _arguments_text

from .messages import REASONING_TEXT_FIELDS, _text_of
from .types import Completion, _safe_str, clean_usage, log

# A backend that streams anyway is read up to this many characters (the reply itself is capped later).
STREAM_CHARS = 20_000_000
# What `generate_chat_completion` sets on `request.state`; an inner call's own request starts without.
_CALL_FLAGS = ("bypass_filter", "bypass_system_prompt")


def inner_request(outer: Any, metadata: Mapping[str, Any], model_id: str) -> Any:
    """A copy of the turn's scope with a state of its own, so nothing a call writes reaches the turn's request."""
    scope = getattr(outer, "scope", None)
    if not isinstance(scope, dict):
        return outer  # not a Starlette request (only in tests of the core)
    from starlette.requests import Request

    state = {k: v for k, v in (scope.get("state") or {}).items() if k not in _CALL_FLAGS}
    state.update(metadata=dict(metadata), model_id=model_id)
    return Request({**scope, "state": state})


def _error_text(response: Any) -> str | None:
    """An upstream error as a sentence (None for a good reply)."""
    status = getattr(response, "status_code", None)
    body = getattr(response, "body", None)
    if status is not None and body is not None:
        try:
            data = json.loads(body)
        except Exception:
            data = body.decode("utf-8", "replace") if isinstance(body, bytes) else str(body)
        return f"the model provider answered HTTP {status}: {_error_detail(data)}"
    if isinstance(response, dict):
        if response.get("error") and not response.get("choices"):
            return f"the model provider answered with an error: {_error_detail(response)}"
        choices = response.get("choices")
        if not isinstance(choices, list) or not choices:
            return "the model provider returned no choices"
        if not isinstance(choices[0], dict):
            return f"the model provider returned a malformed choice ({type(choices[0]).__name__})"
        return None
    return f"unexpected reply of type {type(response).__name__}"


def _error_detail(data: Any) -> str:
    if isinstance(data, dict):
        err = data.get("error", data.get("detail", data))
        if isinstance(err, dict):
            err = err.get("message") or err.get("detail") or json.dumps(err, default=str)[:300]
        return _safe_str(err)[:500]
    return _safe_str(data)[:500]


def completion_from(response: Any) -> Completion:
    """Never raises."""
    error = _error_text(response)
    if error:
        return Completion(error=error)
    message = response["choices"][0].get("message")
    if not isinstance(message, dict):
        return Completion(error="the model provider returned a choice without a message")
    usage = response.get("usage")
    calls = message.get("tool_calls")
    text, details = reasoning_of(message)
    return Completion(
        content=_text_of(message.get("content")),
        tool_calls=tuple(calls) if isinstance(calls, (list, tuple)) else (),
        usage=_usage(usage),
        reasoning_text=text,
        reasoning_details=details,
    )


def reasoning_of(message: Mapping[str, Any]) -> tuple[str, tuple[Any, ...]]:
    """The reasoning a provider sent on a reply: its text and its `reasoning_details` (found by Open WebUI)."""
    from open_webui.utils.misc import get_reasoning_details

    texts = (message.get(k) for k in REASONING_TEXT_FIELDS)
    details = get_reasoning_details(dict(message))
    details = [details] if isinstance(details, dict) else details
    text = next((t for t in texts if isinstance(t, str) and t), "")
    return text, tuple(details) if isinstance(details, list) else ()


def _usage(usage: Any) -> dict:
    """The usage cleaned, with Open WebUI's standard token fields added by its own `normalize_usage`."""
    from open_webui.utils.response import normalize_usage

    cleaned = clean_usage(usage)
    try:
        return normalize_usage(cleaned)
    except TypeError:  # a mapping where a count belongs (Open WebUI's `merge_usage` would fail on it too)
        return normalize_usage({k: v for k, v in cleaned.items() if not isinstance(v, Mapping)})


def merge_stream_chunks(chunks: Sequence[Any]) -> dict:
    """An OpenAI chat.completion from streamed chunks (a backend that streams anyway)."""
    content: list[str] = []
    reasoning: list[str] = []
    calls: dict[int, dict] = {}  # by the delta's index
    usage: Mapping[str, Any] = {}
    for chunk in chunks:
        if not isinstance(chunk, Mapping):
            continue
        if isinstance(chunk.get("usage"), Mapping):
            usage = chunk["usage"]
        for choice in chunk.get("choices") or []:
            delta = (choice.get("delta") or choice.get("message") or {}) if isinstance(choice, dict) else {}
            if isinstance(delta.get("content"), str):
                content.append(delta["content"])
            piece = delta.get("reasoning_content") or delta.get("reasoning")
            if isinstance(piece, str):
                reasoning.append(piece)
            for tc in delta.get("tool_calls") or []:
                if not isinstance(tc, dict):
                    continue
                index = tc.get("index") if isinstance(tc.get("index"), int) else len(calls)
                empty = {"id": None, "type": "function", "function": {"name": "", "arguments": ""}}
                slot = calls.setdefault(index, empty)
                if tc.get("id"):
                    slot["id"] = tc["id"]
                fn = tc.get("function") if isinstance(tc.get("function"), dict) else {}
                slot["function"]["name"] += fn.get("name") or ""
                slot["function"]["arguments"] += _arguments_text(fn.get("arguments"))
    message: dict[str, Any] = {"role": "assistant", "content": "".join(content)}
    if reasoning:
        message["reasoning_content"] = "".join(reasoning)
    if calls:
        message["tool_calls"] = [calls[i] for i in sorted(calls)]
    return {"choices": [{"index": 0, "message": message}], "usage": dict(usage)}


def _sse_line(line: str, chunks: list) -> None:
    data = line.strip().removeprefix("data:").strip() if line.strip().startswith("data:") else ""
    if data not in ("", "[DONE]"):
        with contextlib.suppress(Exception):
            chunks.append(json.loads(data))


async def _read_stream(response: Any) -> dict:
    """Up to STREAM_CHARS, linear: an unfinished line waits in pieces. The loop's deadline bounds the wait."""
    chunks: list = []
    pending: list[str] = []  # the line not finished yet, in pieces
    size, decoder = 0, codecs.getincrementaldecoder("utf-8")("replace")
    async for piece in response.body_iterator:
        text = decoder.decode(piece) if isinstance(piece, bytes) else str(piece)
        size += len(text)
        if "\n" in text:  # the complete `data:` lines out, what is left waits
            *lines, text = ("".join(pending) + text).split("\n")
            for line in lines:
                _sse_line(line, chunks)
            pending = []
        pending.append(text)
        if size > STREAM_CHARS:
            log.warning("subquery: a streamed reply over %d characters was cut", STREAM_CHARS)
            break
    _sse_line("".join(pending), chunks)  # a last line without a newline
    return merge_stream_chunks(chunks)
