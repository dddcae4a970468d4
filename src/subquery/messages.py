"""The messages a loop starts from and reads back: the chat's recent messages made provider-valid, call ids
unique in the whole request, the chat's files as context, what a loop gathered, and the reasoning in replies."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from textcalls.calls import ToolCall, _arguments_text

from .types import cap_text


def _text_of(content: Any) -> str:
    if isinstance(content, list):  # content parts: their text
        texts = [p.get("text") for p in content if isinstance(p, dict) and p.get("type") == "text"]
        return "".join(t for t in texts if isinstance(t, str))
    return content if isinstance(content, str) else ""


def message_texts(message: Mapping[str, Any]) -> list[str]:
    """The texts a chat message carries: its content, and the arguments of its tool calls."""
    texts = [_text_of(message.get("content"))]
    for call in message.get("tool_calls") or []:
        fn = call.get("function") if isinstance(call, Mapping) else None
        if isinstance(fn, Mapping):
            texts.append(_arguments_text(fn.get("arguments")))
    return [t for t in texts if t]


def tail_messages(messages: Sequence[Any], n: int, limit: int = 0) -> list[dict]:
    """The last `n` messages, widened back to a user message, never cut inside a tool group, no system
    message (the persona stays the model's), provider-valid; each text capped to `limit` (over it, arguments are `{}`)."""
    if n <= 0 or not messages:
        return []
    convo = [m for m in messages if isinstance(m, dict) and m.get("role") in ("user", "assistant", "tool")]
    start = max(len(convo) - n, 0)
    while start > 0 and convo[start].get("role") != "user":
        start -= 1
    while start < len(convo) and convo[start].get("role") != "user":
        start += 1  # no user message before the cut: begin at the first one after it
    return sanitize_pairs([_capped(copy.deepcopy(m), limit) for m in convo[start:]])


def _capped(message: dict, limit: int) -> dict:
    if limit <= 0:
        return message
    content = message.get("content")
    if isinstance(content, str):
        message["content"] = cap_text(content, limit, "message")
    elif isinstance(content, list):
        for part in (p for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)):
            part["text"] = cap_text(part["text"], limit, "message")
    for call in message.get("tool_calls") or []:
        fn = call.get("function") if isinstance(call, dict) else None
        if isinstance(fn, dict) and len(_arguments_text(fn.get("arguments"))) > limit:
            fn["arguments"] = "{}"
    return message


def fresh_id(cid: Any, used: set) -> str:
    """`cid`, or the first of `cid~2`, `cid~3`, ... not in `used` (deterministic); added to `used`."""
    base = cid if isinstance(cid, str) and cid else "call"
    new, n = base, 1
    while new in used:
        n += 1
        new = f"{base}~{n}"
    used.add(new)
    return new


def unique_ids(calls: list[ToolCall], messages: Sequence[dict]) -> list[ToolCall]:
    """Anthropic rejects a repeated tool_use id; some providers number calls from 0 in every round."""
    listed = (m.get("tool_calls") or [] for m in messages if isinstance(m, dict))
    used = {c.get("id") for calls in listed for c in calls if isinstance(c, dict)}
    return [call if (cid := fresh_id(call.id, used)) == call.id else replace(call, id=cid) for call in calls]


def sanitize_pairs(messages: list[dict]) -> list[dict]:
    """Drop results that answer no call of the group before them, and unanswered calls; a repeated call id
    (Open WebUI #28570) gets a unique suffix. Kept, not Open WebUI's `reconcile_tool_pairs`/`sanitize_tool_pairs`:
    those pair by id and keep a repeated id as it is, which strict providers reject."""
    out: list[dict] = []
    used: set = set()
    i = 0
    while i < len(messages):
        m = messages[i]
        if m.get("role") == "assistant" and m.get("tool_calls"):
            j = i + 1
            while j < len(messages) and messages[j].get("role") == "tool":
                j += 1
            unused = messages[i + 1 : j]  # one result per call, matched in order: a multiset match
            kept_calls, kept_results = [], []
            for tc in (c for c in m["tool_calls"] if isinstance(c, dict)):
                match = next((r for r in unused if r.get("tool_call_id") == tc.get("id")), None)
                if match is not None:
                    unused.remove(match)
                    cid = fresh_id(tc.get("id"), used)
                    kept_calls.append(tc if cid == tc.get("id") else {**tc, "id": cid})
                    kept_results.append(match if cid == tc.get("id") else {**match, "tool_call_id": cid})
            if kept_calls:
                out.append({**m, "tool_calls": kept_calls})
                out.extend(kept_results)
            elif _text_of(m.get("content")).strip():
                out.append({k: v for k, v in m.items() if k != "tool_calls"})
            i = j
            continue
        if m.get("role") != "tool":
            out.append(m)
        i += 1
    return out


def files_context(files: Sequence[Any], sources: Sequence[Any], limit: int) -> str:
    """The retrieved sources as `<source>` blocks (as Open WebUI gives them), else file text, else names."""
    if not files:
        return ""
    parts, names = [], []
    for source in (s for s in sources or [] if isinstance(s, Mapping)):
        src = source.get("source") if isinstance(source.get("source"), Mapping) else {}
        name = src.get("name") or src.get("id") or "source"
        docs = [d.strip() for d in source.get("document") or [] if isinstance(d, str) and d.strip()]
        parts += [f'<source name="{name}">{doc}</source>' for doc in docs]
    for f in files if not parts else ():
        if not isinstance(f, Mapping):
            continue
        inner = f.get("file") if isinstance(f.get("file"), Mapping) else {}
        name = f.get("name") or inner.get("filename") or (inner.get("meta") or {}).get("name") or f.get("id")
        content = ((inner.get("data") or {}) if isinstance(inner.get("data"), Mapping) else {}).get("content")
        if isinstance(content, str) and content.strip():
            parts.append(f'<source name="{name}">{content.strip()}</source>')
        elif name:
            names.append(str(name))
    if parts:
        return cap_text("\n".join(parts), limit, "file context")
    return "Files attached to the chat: " + ", ".join(names) if names else ""


def gathered_summary(messages: Sequence[dict], limit: int) -> str:
    """What the loop collected (its own messages only), for when it cannot finish."""
    names: dict[str, str] = {}  # call id -> tool name
    lines: list[str] = []
    for m in messages:
        if m.get("role") == "assistant":
            for tc in m.get("tool_calls") or []:
                names[tc.get("id")] = (tc.get("function") or {}).get("name", "tool")
            text = _text_of(m.get("content")).strip()
            if text:
                lines.append(f"- model: {text}")
        elif m.get("role") == "tool":
            result = _text_of(m.get("content")).strip().replace("\n", " ")
            lines.append(f"- {names.get(m.get('tool_call_id'), 'tool')} → {cap_text(result, 500, 'result')}")
    return cap_text("\n".join(lines), limit, "summary") if lines else "(nothing was gathered)"


# Open WebUI's DEFAULT_REASONING_TAGS (0.12.4), copied: pure modules cannot import it; a test compares the two.
REASONING_TAGS: tuple[tuple[str, str], ...] = (
    *((f"<{t}>", f"</{t}>") for t in ("think", "thinking", "reason", "reasoning", "thought", "Thought")),
    ("<|begin_of_thought|>", "<|end_of_thought|>"),
    ("◁think▷", "◁/think▷"),
)
REASONING_TEXT_FIELDS = ("reasoning_content", "reasoning", "thinking")  # where providers put reasoning


def reasoning_tags_for(param: Any) -> tuple[tuple[str, str], ...]:
    if param is False:
        return ()
    if isinstance(param, (list, tuple)) and len(param) == 2 and all(isinstance(t, str) and t for t in param):
        return ((param[0], param[1]),)
    return REASONING_TAGS


def strip_reasoning(content: str, tags: Sequence[tuple[str, str]] = REASONING_TAGS) -> str:
    """An unclosed block runs to the end. Linear: one pass per pair of tags."""
    if not content:
        return ""
    original = content
    # a tag like `<think>` may carry attributes (no `<` in them), as Open WebUI allows
    for start, end in tags:
        tag = start.startswith("<") and start.endswith(">")
        opener = re.compile(rf"<{re.escape(start[1:-1])}(?:\s[^<>]*+)?>" if tag else re.escape(start))
        content = _without_blocks(content, opener, re.compile(re.escape(end)))
    return content.strip() if content != original else content


def _without_blocks(content: str, opener: re.Pattern[str], closer: re.Pattern[str]) -> str:
    kept, pos = [], 0
    while m := opener.search(content, pos):
        kept.append(content[pos : m.start()])
        close = closer.search(content, m.end())
        pos = close.end() if close else len(content)
    kept.append(content[pos:])
    return "".join(kept)
