"""``trim_messages``: repair, shrink and trim a message list to a token budget, and report it.
Pure and deterministic (``trim(trim(x)) == trim(x)``); never mutates its input; a group is never
split; the output is validated, and a failed check sends :func:`minimal_request` instead."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from .counting import TokenCounter
from .messages import _last_user, _newest_request, _role, log
from .parse import _Group
from .plan import _Plan
from .report import TrimReport, TrimResult
from .settings import READ_LIMIT, TrimConfig
from .shrink import _folded_blocks, _shrink_tool_message
from .validate import fallback_result, validate_messages


def trim_messages(
    messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None
) -> TrimResult:
    """Repair, shrink and trim a chat-completions message list to ``config.budget_tokens``."""
    msgs = messages if isinstance(messages, list) else list(messages)
    read = _readable(msgs)
    if read is None:  # never read: its newest user message alone is over the read limit
        return TrimResult(msgs, TrimReport(0, 0, config.budget_tokens, unreadable=True))
    plan = _Plan(read, config, counter or TokenCounter())
    plan.parse(_last_user(read))
    plan.measure_and_replay()
    # ``stable``: a chat that fits whole goes out whole (repairs aside), no output capped.
    plan.whole = plan.stable and plan.tokens_before <= plan.budget
    plan.last_batch()
    plan.fit_current_turn()
    result = _report(plan, _materialize(plan))
    unread = len(msgs) - len(read)
    if not unread:
        return result
    if result.report.no_user_message:  # sent as it came
        return TrimResult(msgs, result.report)
    report = result.report
    dropped = report.messages_dropped + unread
    return TrimResult(result.messages, replace(report, messages_dropped=dropped, unread=unread, changed=True))


def _items(m: Any) -> int:
    """Items of message ``m``: itself, its keys, its content parts, and its calls with their keys and
    their functions' (a repair copies each of these dicts, one C call over its keys)."""
    if not isinstance(m, dict):
        return 1
    content, calls = m.get("content"), m.get("tool_calls")
    n = 1 + len(m) + (len(content) if isinstance(content, list) else 0)
    for c in calls if isinstance(calls, list) else ():
        fn = c.get("function") if isinstance(c, dict) else None
        n += 1 + (len(c) if isinstance(c, dict) else 0) + (len(fn) if isinstance(fn, dict) else 0)
    return n


def _readable(msgs: list[Any], limit: int = READ_LIMIT) -> list[Any] | None:
    """``msgs`` if within ``limit`` items; else the newest request, the leading system messages,
    the current turn's tool rounds back from the newest and then older turns, whole, while they fit
    (``None``: the newest request alone is over the limit)."""
    sizes = [_items(m) for m in msgs]
    if sum(sizes) <= limit:
        return msgs
    q, n = _newest_request(msgs), len(msgs)
    if q < 0:  # no user message: it goes out as it came (``trim_messages``)
        return msgs[_cut(msgs, sizes, 0, n, limit, _ROUND_ROLES)[0] :]
    if sizes[q] > limit:
        return None
    left, lead = limit - sizes[q], 0
    while lead < q and _role(msgs[lead]) in _SYSTEM_ROLES and sizes[lead] <= left:
        left -= sizes[lead]
        lead += 1
    tail, left = _cut(msgs, sizes, q + 1, n, left, _ROUND_ROLES)
    old = _cut(msgs, sizes, lead, q, left, _TURN_ROLES)[0] if tail == q + 1 else q
    return [*msgs[:lead], *msgs[old:q], msgs[q], *msgs[tail:]]


_SYSTEM_ROLES, _TURN_ROLES, _ROUND_ROLES = ("system", "developer"), ("user",), ("user", "assistant")


def _cut(msgs: list[Any], sizes: list[int], lo: int, hi: int, left: int, starts: tuple) -> tuple[int, int]:
    """Where the longest run of whole units that ends at ``hi`` and fits in ``left`` items starts (a
    unit starts at a message whose role is in ``starts``; ``lo`` when all of ``lo:hi`` fits), and the
    items then left."""
    cut, kept, used = hi, 0, 0
    for i in range(hi - 1, lo - 1, -1):
        used += sizes[i]
        if used > left:
            return cut, left - kept
        if _role(msgs[i]) in starts:
            cut, kept = i, used
    return lo, left - used


def measure_tokens(messages: Sequence[Any], config: TrimConfig, counter: TokenCounter | None = None) -> int:
    """Tokens of ``messages`` as :func:`trim_messages` counts them (after repair, before shrinking)."""
    probe = replace(config, budget_tokens=1 << 62, policy="stable")  # it all fits: nothing is shrunk
    return trim_messages(messages, probe, counter).report.tokens_before


@dataclass
class _Output:
    """The kept messages, as they go out, and what shrinking them did."""

    messages: list[Any] = field(default_factory=list)
    tokens: int = 0
    outputs_shrunk: int = 0
    images_removed: int = 0
    protected_shrunk: int = 0


def _materialize(plan: _Plan) -> _Output:
    """Only kept messages are copied or shrunk."""
    out = _Output()
    for k, item in enumerate(plan.items):
        if item.dropped:
            continue
        if item.payload.__class__ is _Group:
            _add_group(plan, out, k, item.payload)
        elif not item.folded or plan.whole:
            out.messages.append(item.payload)
            out.tokens += plan.counter.message(item.payload) if item.folded else item.cost
        else:
            m = item.payload
            content, cost = plan.folded_at(k, item.level)
            if content is not None:
                out.outputs_shrunk += len(_folded_blocks(m["content"]))
                m = {**m, "content": content}
            out.messages.append(m)
            out.tokens += cost
    return out


def _add_group(plan: _Plan, out: _Output, k: int, g: _Group) -> None:
    """Kept group ``k`` at its level; what the protected part (the current turn) gave up is counted apart."""
    level = plan.items[k].level
    protected = g.water is not None or (k > plan.current_start and level > 0)  # 0: Level.RAW
    out.messages.append(g.sent_assistant())
    out.tokens += g.base_cost
    sizes = g.tool_tokens if plan.whole else g.sizes(plan.caps, level)
    for j, (tok, size) in enumerate(zip(g.tool_tokens, sizes, strict=True)):
        t = g.tool_at(j)
        if size != tok:  # its target: shrunk to it
            t, tok = _shrink_tool_message(t, size, plan.counter, tok)
            out.outputs_shrunk += 1
            out.protected_shrunk += protected
        out.messages.append(t)
        out.tokens += tok
    if g.image is None:
        return
    if g.keeps_image(level):
        out.messages.append(g.image)
        out.tokens += g.image_cost
    else:
        out.protected_shrunk += g.water is not None or (k > plan.current_start and g.drop_image)
        content = g.image.get("content")
        out.images_removed += sum(1 for p in content if isinstance(p, dict) and p.get("type") == "image_url")


def _report(plan: _Plan, out: _Output) -> TrimResult:
    repairs = asdict(plan.rep)
    changed = bool(out.outputs_shrunk or out.images_removed or plan.messages_dropped or sum(repairs.values()))
    newest = plan.items[plan.current_start] if plan.users else None
    report = TrimReport(
        tokens_before=plan.tokens_before,
        tokens_after=out.tokens,
        budget=plan.budget,
        outputs_shrunk=out.outputs_shrunk,
        images_removed=out.images_removed,
        turns_dropped=plan.turns_dropped,
        groups_dropped=plan.groups_dropped,
        hops_dropped=plan.hops_dropped,
        messages_dropped=plan.messages_dropped,
        protected_shrunk=out.protected_shrunk,
        common_cap=plan.common_cap,
        over_budget=out.tokens > plan.budget,
        newest_over_budget=newest is not None and newest.cost > plan.budget,
        batch_trims=plan.batch_trims,
        changed=changed,
        **repairs,
    )
    if all(plan.items[k].dropped for k in plan.users):
        # Nothing left to answer: an empty or user-less request never goes out.
        return TrimResult(plan.msgs, replace(report, changed=False, no_user_message=True))
    result = out.messages if changed else plan.msgs
    problems = validate_messages(result)
    if problems:
        log.error("tool_context_filter: output failed validation, minimal request sent: %s", problems[:5])
        return fallback_result(plan.msgs, plan.counter, plan.budget, plan.tokens_before)
    return TrimResult(result, report)
