"""Reading one model reply (`Reader.read`). Its reasoning is removed over the whole reply (linear), then calls
written as text are read in the first READ_CHARS characters of the rest (the model is told). Structured calls come
first, their replay bounded. A call written as text whose tool (as written, or as Tool Search's `call_tool` would
run it) untrusted text this run read names is asked (approval `ask`) or stays text, and the model and the user are
told why (the text-call rule, `textcalls.rule`). Pure: no Open WebUI."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from textcalls.calls import ToolCall, normalize_tool_calls
from textcalls.reader import text_calls
from textcalls.rule import Mentions, verdict

from .messages import _text_of, strip_reasoning, unique_ids
from .types import (
    ID_CHARS,
    MAX_CALLS_PER_ROUND,
    NAME_CHARS,
    READ_CHARS,
    Completion,
    ToolInfo,
    _shorten,
    cap_text,
)

UNREAD_NOTE = f"[Subquery: only the first {READ_CHARS:,} characters of your reply (after its reasoning) were read for calls; calls written after them were not run.]"


@dataclass(frozen=True)
class Reading:
    """refused: (name, arguments, outcome) of text calls the rule left as text; confirm: ids the user must
    confirm; dropped: calls past MAX_CALLS_PER_ROUND; unread: characters past the read window."""

    content: str
    calls: list[ToolCall]
    refused: tuple[tuple[str, str, str], ...] = ()
    dropped: int = 0
    confirm: frozenset[str] = frozenset()
    notes: tuple[str, ...] = ()
    unread: int = 0


def reply_size(reply: Completion) -> int:
    """About how many characters reading `reply` looks at (where it runs)."""
    size = len(reply.content) if isinstance(reply.content, str) else 0
    for call in (c for c in reply.tool_calls if isinstance(c, Mapping)):
        fn = call.get("function") if isinstance(call.get("function"), Mapping) else {}
        texts = (fn.get("name"), fn.get("arguments"), call.get("id"))
        size += 16 + sum(len(t) for t in texts if isinstance(t, str))
    return size


@dataclass(frozen=True)
class Reader:
    """`mentions`: the offered tools untrusted text named so far; `asks`: whether a user can confirm a call."""

    tools: Mapping[str, ToolInfo]
    mentions: Mentions
    resolve: Callable[[ToolCall], ToolCall | str]
    tags: Sequence[tuple[str, str]]
    asks: bool = False

    def read(self, reply: Completion, prefix: str, text_on: bool, messages: Sequence[dict]) -> Reading:
        """Structured calls, else (if `text_on`) the text calls the rule lets through; ids made unique."""
        text = strip_reasoning(_text_of(reply.content), self.tags)  # the whole reply, linearly
        content, rest = text[:READ_CHARS], text[READ_CHARS:]
        calls, more = bounded_calls(normalize_tool_calls(reply.tool_calls, prefix), self.tools, prefix)
        refused: tuple[tuple[str, str, str], ...] = ()
        flagged: set[tuple[str, str]] = set()
        if not calls and text_on and self.tools:
            content, calls, refused, flagged = self.text_calls(content, f"{prefix}_inline")
        kept = unique_ids(calls[:MAX_CALLS_PER_ROUND], messages)
        confirm = frozenset(c.id for c in kept if (c.name, c.arguments) in flagged)
        unread = len(rest) if text_on and rest.strip() else 0
        notes = (more if kept else ()) + ((UNREAD_NOTE,) if unread else ())
        text = "\n".join(t for t in (content, rest) if t) if rest else content
        dropped = max(len(calls) - MAX_CALLS_PER_ROUND, 0)
        return Reading(text, kept, refused, dropped, confirm, notes, unread)

    def text_calls(self, content: str, prefix: str) -> tuple[str, list, tuple, set]:
        """(text, calls, refused, calls the user must confirm); a unit with a refused call stays text whole."""
        reasons: list[str] = []
        flagged: set[tuple[str, str]] = set()

        def veto(raw: str, calls: Sequence[tuple[str, str]]) -> bool:
            verdicts = [
                verdict(self.names(name, arguments), self.mentions, self.asks) for name, arguments in calls
            ]
            held = [v.reason for v in verdicts if v.action == "refuse"]
            if held:
                reasons.extend([f"not run: {held[0]}"] * len(calls))
            else:
                flagged.update(c for c, v in zip(calls, verdicts, strict=True) if v.action == "ask")
            return bool(held)

        found = text_calls(content, {n: t.spec for n, t in self.tools.items()}, prefix, veto)
        refused = tuple((n, a, reasons[i]) for i, (n, a) in enumerate(found.refused))
        return found.text, found.calls, refused, flagged

    def names(self, name: str, arguments: str) -> list[str]:
        """A call's tool, as written and as it would run (Tool Search's `call_tool` unwrapped by `resolve`)."""
        try:
            target = self.resolve(ToolCall("rule", name, arguments, "inline"))
        except Exception:
            target = None
        return [name, target.name] if isinstance(target, ToolCall) else [name]


def bounded_calls(
    calls: list[ToolCall], tools: Mapping[str, Any], prefix: str
) -> tuple[list[ToolCall], tuple[str, ...]]:
    """Structured calls as replayed (long ids replaced, long unknown names cut), with the model's note."""
    out, ids, names = [], 0, 0
    for i, call in enumerate(calls):
        if len(call.id) > ID_CHARS:
            call, ids = replace(call, id=f"{prefix}_{i}"), ids + 1
        if len(call.name) > NAME_CHARS and call.name not in tools:
            call, names = replace(call, name=_shorten(call.name, NAME_CHARS)), names + 1
        out.append(call)
    notes = []
    if ids:
        notes.append(f"[Subquery: {ids} call id(s) longer than {ID_CHARS} characters were replaced.]")
    if names:
        notes.append(
            f"[Subquery: {names} tool name(s) longer than {NAME_CHARS} characters, of no tool offered, were shortened.]"
        )
    return out, tuple(notes)


def bounded_reasoning(reasoning: Mapping[str, Any], limit: int) -> tuple[dict, tuple[str, ...]]:
    """Reasoning fields replayed, at most `limit` characters each: a text is cut, `reasoning_details`
    entries past the limit are dropped (a signed entry cannot be cut), with a note."""
    out: dict[str, Any] = {}
    notes: list[str] = []
    for key, value in reasoning.items():
        if isinstance(value, str):
            out[key] = cap_text(value, limit, "reasoning")
        elif isinstance(value, list):
            kept, size = [], 0
            for entry in value:
                size += len(json.dumps(entry, default=str))
                if size > limit:
                    break
                kept.append(entry)
            if len(kept) < len(value):
                notes.append(
                    f"[Subquery: {len(value) - len(kept)} {key} entries past {limit:,} characters were not replayed.]"
                )
            if kept:
                out[key] = kept
        else:
            out[key] = value
    return out, tuple(notes)


def refused_note(refused: Sequence[tuple[str, str, str]], final: bool = False) -> str:
    """Each reason once, with the names of the tools untrusted text named."""
    if not refused:
        return ""
    names = ", ".join(dict.fromkeys(name for name, _, _ in refused))
    why = "; ".join(dict.fromkeys(w.removeprefix("not run: ") for _, _, w in refused))
    where = "this answer" if final else "your reply"
    note = f"[Subquery: not run: {len(refused)} call(s) written as text in {where} ({names}): {why}.]"
    return "\n\n" + note if final else note


def round_notes(reading: Reading) -> str:
    notes = [refused_note(reading.refused)] if reading.refused else []
    if reading.dropped:
        more = f"[{reading.dropped} more call(s) in your reply were dropped, neither run nor kept: at most {MAX_CALLS_PER_ROUND} calls run per round. Send the ones still needed in the next round.]"
        notes.append(more)
    return "\n".join([*notes, *reading.notes])
