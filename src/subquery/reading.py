"""Reading one model reply (`Reader.read`): what it asks for, bounded before anything parses it. Its text is read in
its first READ_CHARS characters (reasoning removed, calls written as text parsed; the rest stays text up to its
first reasoning tag). Structured calls come first; their replay is bounded (an id over ID_CHARS is replaced, a name
that is no offered tool's is cut to NAME_CHARS). Calls written as text are judged by the data rule (`TextGuard`)
on the call as it would run (Tool Search's `call_tool` unwrapped, arguments typed and filtered as the tool gets
them) and as written: a unit that stands in the data stays text; a call near a call in the data, or any text call
when the data could not be read whole, runs only if the user confirms it (approval `ask`), else it stays text
too. Every refusal is noted for the model (`refused_note`) and the user (its outcome). Pure: no Open WebUI."""

from __future__ import annotations

import collections
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from textcalls.calls import ToolCall, normalize_tool_calls
from textcalls.guard import TextGuard
from textcalls.reader import text_calls

from .messages import _text_of, strip_reasoning, unique_ids
from .prepare import call_kwargs
from .types import ID_CHARS, NAME_CHARS, READ_CHARS, Completion, ToolInfo, _shorten, cap_text

# Why a call written as text stays text (its status line's outcome; the model is told the same).
QUOTED = "not run: the same call is in a tool result or other data of this subtask"
NEAR = "not run: a call like it (same tool, an argument in common) is in a tool result or other data of this subtask"
UNREAD = "not run: the data of this subtask was too large to check for it"
_WHY = {
    QUOTED: "the same call appears in a tool result, a file or the chat history given to this subtask, so it is quoted data, not a request",
    NEAR: "a call to the same tool with an argument in common appears in a tool result, a file or the chat history given to this subtask, so it may come from that data",
    UNREAD: "the data given to this subtask was too large to check that they do not come from it",
}


@dataclass(frozen=True)
class Reading:
    """What one reply asks for: its text, the calls kept for this round, and what was not taken.
    refused: (name, arguments, outcome) of calls written as text left as text by the data rule. confirm: ids of
    the calls the user must confirm (the data rule, under approval `ask`). dropped: calls beyond
    MAX_CALLS_PER_ROUND, neither run nor replayed. notes: what the model is told about the reply's bounds."""

    content: str
    calls: list[ToolCall]
    refused: tuple[tuple[str, str, str], ...] = ()
    dropped: int = 0
    confirm: frozenset[str] = frozenset()
    notes: tuple[str, ...] = ()


def reply_size(reply: Completion) -> int:
    """About how many characters reading `reply` looks at (to decide whether it runs off the event loop)."""
    size = len(reply.content) if isinstance(reply.content, str) else 0
    for call in (c for c in reply.tool_calls if isinstance(c, Mapping)):
        fn = call.get("function") if isinstance(call.get("function"), Mapping) else {}
        texts = (fn.get("name"), fn.get("arguments"), call.get("id"))
        size += 16 + sum(len(t) for t in texts if isinstance(t, str))
    return size


@dataclass(frozen=True)
class Reader:
    """What reading the replies of one run needs. `resolve`: Tool Search's `call_tool` into the real call (the
    loop's hook); `asks`: whether a user can confirm a call (approval `ask`)."""

    tools: Mapping[str, ToolInfo]
    guard: TextGuard
    resolve: Callable[[ToolCall], ToolCall | str]
    tags: Sequence[tuple[str, str]]
    asks: bool = False

    def read(
        self, reply: Completion, prefix: str, text_on: bool, limit: int, messages: Sequence[dict]
    ) -> Reading:
        """The reply's calls: structured ones (bounded for replay), else, if `text_on`, calls written as text that
        the data rule lets through; at most `limit` of them, ids unique in the request (`messages`)."""
        content, rest, notes = self.readable(_text_of(reply.content), text_on)
        calls, more = bounded_calls(normalize_tool_calls(reply.tool_calls, prefix), self.tools, prefix)
        refused: tuple[tuple[str, str, str], ...] = ()
        flagged: set[tuple[str, str]] = set()
        if not calls and text_on and self.tools:
            content, calls, refused, flagged = self.text_calls(content, f"{prefix}_inline", self.asks)
        kept = unique_ids(calls[:limit], messages)
        confirm = frozenset(c.id for c in kept if (c.name, c.arguments) in flagged)
        notes += more if kept else ()
        text = "\n".join(t for t in (content, rest) if t) if rest else content
        return Reading(text, kept, refused, max(len(calls) - limit, 0), confirm, notes)

    def readable(self, text: str, text_on: bool) -> tuple[str, str, tuple[str, ...]]:
        """(the part read, without reasoning; the rest, kept as text up to its first reasoning tag; notes)."""
        head, rest = text[:READ_CHARS], text[READ_CHARS:]
        content = strip_reasoning(head, self.tags)
        if not rest:
            return content, "", ()
        rest = "" if _reasoning_open(head, self.tags) else rest[: _first_reasoning(rest, self.tags)]
        note = f"[Subquery: only the first {READ_CHARS:,} characters of your reply were read for calls; calls written after them were not run.]"
        return content, rest, (note,) if text_on else ()

    def text_calls(self, content: str, prefix: str, asks: bool) -> tuple[str, list, tuple, set]:
        """Calls written as text, judged by the data rule: (text, calls, refused, calls the user must confirm)."""
        reasons: list[str] = []
        flagged: set[tuple[str, str]] = set()

        def veto(raw: str, calls: Sequence[tuple[str, str]]) -> bool:
            why = QUOTED if self.guard.quoted(raw) else self.suspicion(calls)
            if why is None or (why != QUOTED and asks):
                flagged.update(calls if why else ())
                return False
            reasons.extend([why] * len(calls))
            return True

        found = text_calls(content, self.guard.specs, prefix, veto)
        refused = tuple(
            (n, a, reasons[i] if i < len(reasons) else QUOTED) for i, (n, a) in enumerate(found.refused)
        )
        return found.text, found.calls, refused, flagged

    def suspicion(self, calls: Sequence[tuple[str, str]]) -> str | None:
        """Why these calls (one unit, as (name, JSON arguments)) may come from the data, or None."""
        if not self.guard.whole:
            return UNREAD
        for name, arguments in calls:
            if any(self.guard.near(n, args) for n, args in self.effective(name, arguments)):
                return NEAR
        return None

    def effective(self, name: str, arguments: str) -> list[tuple[str, Mapping[str, Any]]]:
        """The call as written, and as it would run: Tool Search unwrapped (`resolve`), then its arguments as
        written merged with what the tool would get (typed, filtered: an extra argument or `__user__` dropped)."""
        call = ToolCall("guard", name, arguments, "inline")
        try:
            target = self.resolve(call)
        except Exception:
            target = call
        target = target if isinstance(target, ToolCall) else call
        out = [(name, _object(arguments))]
        tool = self.tools.get(target.name)
        kwargs = call_kwargs(target, tool)[0] if tool is not None else None
        if target is not call or kwargs:
            out.append((target.name, {**_object(target.arguments), **(kwargs or {})}))
        return out


def _object(text: str) -> Mapping[str, Any]:
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def _tag_pattern(tags: Sequence[tuple[str, str]]) -> re.Pattern[str] | None:
    """What opens a reasoning block (a tag such as `<think>` may carry attributes, as Open WebUI allows)."""
    parts = [
        re.escape(s[:-1]) + r"(?=[\s>])" if s.startswith("<") and s.endswith(">") else re.escape(s)
        for s, _ in tags
    ]
    return re.compile("|".join(parts)) if parts else None


def _first_reasoning(text: str, tags: Sequence[tuple[str, str]]) -> int:
    pattern = _tag_pattern(tags)
    m = pattern.search(text) if pattern else None
    return m.start() if m else len(text)


def _reasoning_open(text: str, tags: Sequence[tuple[str, str]]) -> bool:
    """Whether `text` ends inside a reasoning block (its last opener has no closer after it)."""
    for start, end in tags:
        pattern = _tag_pattern(((start, end),))
        last = collections.deque(pattern.finditer(text), maxlen=1) if pattern else ()
        if last and text.find(end, last[0].end()) < 0:
            return True
    return False


def bounded_calls(
    calls: list[ToolCall], tools: Mapping[str, Any], prefix: str
) -> tuple[list[ToolCall], tuple[str, ...]]:
    """Structured calls as replayed: an id over ID_CHARS replaced, a name that is no offered tool's cut to
    NAME_CHARS; with the note the model gets when that happened."""
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
    """The reasoning fields replayed on a reply's assistant message, at most `limit` characters each: a text is
    cut (with the truncation note inside it), `reasoning_details` entries past the limit are dropped (a signed
    entry cannot be cut), with a note."""
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
    """What the model (or, on an answer, the chat's model) is told about calls written as text that were not run
    because they may come from the data this subtask was given."""
    if not refused:
        return ""
    names = ", ".join(dict.fromkeys(name for name, _, _ in refused))
    why = "; ".join(_WHY[w] for w in dict.fromkeys(w for _, _, w in refused) if w in _WHY)
    where = "this answer" if final else "your reply"
    note = f"[Subquery: not run: {len(refused)} call(s) written as text in {where} ({names}). {why[:1].upper()}{why[1:]}.]"
    return "\n\n" + note if final else note


def round_notes(reading: Reading, limit: int) -> str:
    """The notes for the model after a round: refused text calls, calls dropped over the limit, bounds."""
    notes = [refused_note(reading.refused)] if reading.refused else []
    if reading.dropped:
        more = f"[{reading.dropped} more call(s) in your reply were dropped, neither run nor kept: at most {limit} calls run per round. Send the ones still needed in the next round.]"
        notes.append(more)
    return "\n".join([*notes, *reading.notes])
