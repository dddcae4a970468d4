"""What a request carries since the user's last message: the untrusted texts for the text-call rule
(`textcalls.rule`): the tool results of this turn (not Tool Search's list of tools, which is Open WebUI's own text)
and the files and sources Open WebUI added (`metadata['sources']`), each as (text, where it comes from); not
untrusted: the user's message, the system prompt, the assistant's own text. And the calls this turn already made
(`turn_calls`), to keep a model that repeats a call from looping. Pure: no Open WebUI."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

OWN_RESULTS = frozenset({"search_tools"})  # tools whose results are Open WebUI's own list of tools


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            p["text"] for p in content if isinstance(p, Mapping) and isinstance(p.get("text"), str)
        )
    return ""


def _turn(messages: Any) -> list:
    """The messages since the user's last one."""
    messages = messages if isinstance(messages, list) else []
    start = next((i for i in range(len(messages) - 1, -1, -1) if _role(messages[i]) == "user"), -1) + 1
    return messages[start:]


def _calls(messages: Sequence[Any]) -> Iterator[tuple[Mapping, Mapping]]:
    """(call, function) of each structured call the messages made."""
    for m in messages:
        calls = m.get("tool_calls") if isinstance(m, Mapping) else None
        for call in calls if isinstance(calls, list) else []:
            fn = call.get("function") if isinstance(call, Mapping) else None
            if isinstance(fn, Mapping) and isinstance(fn.get("name"), str):
                yield call, fn


def untrusted_texts(messages: Any, sources: Any) -> Iterator[tuple[str, str]]:
    """(text, where) for every tool result since the user's last message, then every file and source document."""
    turn = _turn(messages)
    names = {call["id"]: fn["name"] for call, fn in _calls(turn) if isinstance(call.get("id"), str)}
    for m in turn:
        if _role(m) != "tool":
            continue
        name = names.get(m.get("tool_call_id"), "") if isinstance(m.get("tool_call_id"), str) else ""
        if name not in OWN_RESULTS:
            yield _text(m.get("content")), f"the result of `{name}`" if name else "a tool result"
    for source in sources if isinstance(sources, list) else []:
        documents = source.get("document") if isinstance(source, Mapping) else None
        for document in documents if isinstance(documents, list) else []:
            if isinstance(document, str):
                yield document, "a file or source added to the chat"


def call_key(name: str, arguments: Any) -> tuple[str, str]:
    """A call as compared for repeats: its name and its arguments as canonical JSON (else as written)."""
    try:
        value = json.loads(arguments) if isinstance(arguments, str) else arguments
        return name, json.dumps(value, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        return name, str(arguments)


def turn_calls(messages: Any) -> Counter[tuple[str, str]]:
    """How often each call (name and arguments) was made since the user's last message."""
    return Counter(call_key(fn["name"], fn.get("arguments")) for _, fn in _calls(_turn(messages)))


def _role(message: Any) -> Any:
    return message.get("role") if isinstance(message, Mapping) else None
