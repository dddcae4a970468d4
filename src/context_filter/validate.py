"""Provider-exact validation of a message list, written independently of the parser, and the
minimal request sent when a trim fails it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .counting import TokenCounter
from .messages import (
    ID_RE,
    ROLES_OUT,
    _is_image_followup,
    _is_json_object,
    _last_user,
    _newest_request,
    _repaired_content,
    _role,
    _valid_content,
    _valid_tool_content,
)
from .report import TrimReport, TrimResult


def validate_messages(messages: Sequence[Any]) -> list[str]:
    """Provider-exact structural check (OpenAI, Anthropic, Gemini): the problems, none if valid.
    Every call answered in the run of tool messages directly after it, and nothing else there; call
    ids 1-40 of ``[a-zA-Z0-9_-]``, unique; no empty ``tool_calls``; arguments a JSON object string;
    the four roles exactly so spelled; contents text or parts, never blank (Anthropic) but beside
    calls and in the newest user message (Open WebUI sends an attachment-only one so); tool results
    text only; Open WebUI's tool-image message right after tool results unless newest; a user
    message first when the history has one."""
    problems: list[str] = []
    n = len(messages)
    has_user = _has_real_user(messages)
    first_checked = False
    last_user = next((j for j in range(n - 1, -1, -1) if _role_is(messages[j], "user")), -1)
    request = _newest_request(messages)
    seen_ids: set[Any] = set()
    i = 0
    while i < n:
        m = messages[i]
        content = m.get("content") if m.__class__ is dict else None
        if content.__class__ is str and content and not content.isspace() and "tool_calls" not in m:
            role = m.get("role")  # the common message, with nothing more to check
            if role == "system" or (first_checked and (role == "user" or role == "assistant")):
                i += 1
                continue
        if m.__class__ is not dict and not isinstance(m, dict):
            problems.append(f"[{i}] not a message object")
            i += 1
            continue
        role = _check_role_and_content(m, i, i == request, problems)
        if role != "system" and not first_checked:
            first_checked = True
            if has_user and role != "user":
                problems.append(f"[{i}] history starts with role {role!r}, not 'user'")
        if role == "assistant" and "tool_calls" in m:
            i = _check_group(messages, i, seen_ids, problems)
            continue
        if role == "tool":
            problems.append(
                f"[{i}] tool message {_brief(m.get('tool_call_id'))} without a directly preceding call"
            )
        if role == "user" and "tool_calls" in m:
            problems.append(f"[{i}] user message with tool_calls")
        if role == "user" and isinstance(m.get("content"), list) and _is_image_followup(m) and i != last_user:
            if not _role_is(messages[i - 1] if i else None, "tool"):
                problems.append(f"[{i}] synthetic tool-image message not directly after tool results")
        i += 1
    return problems


def _check_role_and_content(m: dict, i: int, newest_user: bool, problems: list[str]) -> str | None:
    """Message ``m``'s role if every provider takes it (else ``None``), noting a bad role or content."""
    role = m.get("role")
    if role.__class__ is not str:  # as _role(m): a list or dict role would not even hash
        role = None
    content = m.get("content")
    if role not in ROLES_OUT:
        problems.append(f"[{i}] role {_brief(m.get('role'))} is not accepted by every provider")
    elif role != "tool" and not (
        _valid_content(content, role, bool(m.get("tool_calls"))) or (newest_user and content.__class__ is str)
    ):
        problems.append(f"[{i}] {role} message content is blank, or neither text nor content parts")
    return role


def _has_real_user(messages: Sequence[Any]) -> bool:
    """A user message other than Open WebUI's image follow-up after tool results.  Without one
    (stateful Responses API follow-ups) the first-message rule cannot apply."""
    return any(
        _role_is(m, "user") and not (_is_image_followup(m) and i and _role_is(messages[i - 1], "tool"))
        for i, m in enumerate(messages)
    )


def _brief(value: Any) -> str:
    """``value`` for a problem line, at most 40 characters of it (an id may be 10 MB)."""
    return repr(value[:40]) if isinstance(value, str) else type(value).__name__


def _role_is(m: Any, role: str) -> bool:
    return isinstance(m, dict) and m.get("role") == role


def _check_group(messages: Sequence[Any], i: int, seen_ids: set[Any], problems: list[str]) -> int:
    """Check the assistant message with calls at ``i`` and its run of results; the index after it."""
    calls = messages[i].get("tool_calls")
    if not isinstance(calls, list) or not calls:
        problems.append(f"[{i}] assistant has empty or invalid tool_calls")
        return i + 1
    pending: dict[str, int] = {}  # id -> calls still unanswered (a dict keeps this linear)
    for call in calls:
        cid = call.get("id") if isinstance(call, dict) else None
        if not isinstance(cid, str) or not ID_RE.match(cid):
            problems.append(f"[{i}] tool call id {_brief(cid)} is not 1-40 letters, digits, '_' or '-'")
            if not isinstance(cid, str) or not cid:
                continue
        fn = call.get("function")
        name = fn.get("name") if isinstance(fn, dict) else None
        if not isinstance(name, str) or not name.strip():
            problems.append(f"[{i}] tool call {_brief(cid)} without a function name")
        elif not _is_json_object(fn.get("arguments")):
            problems.append(f"[{i}] tool call {_brief(cid)} has arguments that are not a JSON object string")
        if cid in seen_ids:
            problems.append(f"[{i}] tool call id {_brief(cid)} repeats an earlier one")
        seen_ids.add(cid)
        pending[cid] = pending.get(cid, 0) + 1
    j = i + 1
    while j < len(messages) and _role_is(messages[j], "tool"):
        t = messages[j]
        tid = t.get("tool_call_id")
        if isinstance(tid, str) and pending.get(tid):
            pending[tid] -= 1
        else:
            problems.append(f"[{j}] tool message {_brief(tid)} does not answer a pending call of [{i}]")
        content = t.get("content")
        if content.__class__ is not str and not _valid_tool_content(content):
            problems.append(
                f"[{j}] tool message {_brief(tid)} has content that is neither a string nor parts of text"
            )
        j += 1
    problems += [
        f"[{i}] tool call {_brief(c)} is not answered directly after it" for c, n in pending.items() if n
    ]
    return j


def minimal_request(messages: Sequence[Any]) -> list[Any] | None:
    """The fallback when trimming fails: the system messages, the newest user message and its turn's
    valid tool groups (``None``: no user message).  Independent of the parser, so its bugs cannot reach it."""
    msgs = [m for m in messages if isinstance(m, dict)]
    last = _last_user(msgs)
    if last < 0:
        return None
    out: list[Any] = [
        _as_sent(m, "system") for m in msgs[:last] if _role(m) == "system" and "tool_calls" not in m
    ]
    newest = _as_sent(msgs[last], "user")
    out.append(newest)
    seen: set[str] = set()
    i = last + 1
    while i < len(msgs):
        m, j = msgs[i], i + 1
        calls = m.get("tool_calls") if _role(m) == "assistant" else None
        if not calls:
            i = j
            continue
        while j < len(msgs) and _role(msgs[j]) == "tool":
            j += 1
        group = [m, *msgs[i + 1 : j]]
        if j < len(msgs) and _is_image_followup(msgs[j]):
            group.append(msgs[j])
            j += 1
        if not validate_messages([newest, *group]):  # whole: every call answered, ids valid
            ids = [c["id"] for c in calls]
            if seen.isdisjoint(ids):
                out.extend(group)
                seen.update(ids)
        i = j
    return out if not validate_messages(out) else out[: out.index(newest) + 1]


def _as_sent(m: dict, role: str) -> dict:
    """``m`` with role ``role``, a valid content and, for a user message, no ``tool_calls``."""
    content = m.get("content")
    valid = _valid_content(content, role)
    if m.get("role") == role and valid and not (role == "user" and "tool_calls" in m):
        return m
    fixed = {k: v for k, v in m.items() if k != "tool_calls"} if role == "user" else dict(m)
    fixed.update(role=role, content=content if valid else _repaired_content(content, role))
    return fixed


def fallback_result(messages: list[Any], counter: TokenCounter, budget: int, before: int = 0) -> TrimResult:
    """:func:`minimal_request` as a :class:`TrimResult`, or the input as it came without a user message."""
    out = minimal_request(messages)
    if out is None:
        return TrimResult(messages, TrimReport(before, before, budget, no_user_message=True))
    after = sum(counter.message(m) for m in out)
    report = TrimReport(
        tokens_before=before or after,
        tokens_after=after,
        budget=budget,
        messages_dropped=len(messages) - len(out),
        over_budget=after > budget,
        safety_net=True,
        changed=True,
    )
    return TrimResult(out, report)
