"""What a trim did (``TrimReport``, ``TrimResult``) and the status line a user reads about it."""

from __future__ import annotations

from dataclasses import dataclass, make_dataclass
from typing import Any

from .settings import READ_LIMIT


@dataclass(frozen=True)
class TrimReport:
    """What :func:`trim_messages` did.  ``changed`` is False iff the input was returned as is."""

    tokens_before: int
    tokens_after: int
    budget: int
    outputs_shrunk: int = 0
    images_removed: int = 0
    turns_dropped: int = 0
    groups_dropped: int = 0
    hops_dropped: int = 0  # the current turn's oldest tool groups: even as stubs they did not fit
    messages_dropped: int = 0
    protected_shrunk: int = 0  # tool outputs of the protected part (current turn) shrunk to fit
    common_cap: int = 0  # the cap its outputs shared because it alone did not fit (0: none); set per request
    over_budget: bool = False
    newest_over_budget: bool = False  # the newest user message (never altered) alone is over the budget
    orphans_removed: int = 0
    calls_stubbed: int = 0
    calls_removed: int = 0
    ids_renamed: int = 0
    results_moved: int = 0
    roles_converted: int = 0
    leading_removed: int = 0
    other_repairs: int = 0
    batch_trims: int = 0  # low-water trims replayed (stable policy)
    unread: int = 0  # old messages over the trim's read limit (``READ_LIMIT``), dropped unread
    no_user_message: bool = False  # nothing would be left to answer: the input went out unchanged
    safety_net: bool = False  # the output failed validation: the input went out unchanged
    unreadable: bool = False  # the newest user message alone is over READ_LIMIT: the input went out unchanged
    changed: bool = False

    @property
    def repairs(self) -> int:
        return sum(getattr(self, k) for k in REPAIR_KEYS)

    @property
    def budget_actions(self) -> bool:
        """True when the total budget (not just per-output caps or repairs) forced something."""
        return any(getattr(self, k) for k in _BUDGET_KEYS)


#: The repairs a parse counts (``_Repairs``, by the report's field names). ``other_repairs``: invalid
#: messages, assistants or calls removed, systems moved, arguments made JSON objects, user tool_calls
#: removed, contents made valid.
REPAIR_KEYS = (
    "orphans_removed calls_stubbed calls_removed ids_renamed results_moved roles_converted"
    " leading_removed other_repairs"
).split()
_Repairs = make_dataclass("_Repairs", [(k, int, 0) for k in REPAIR_KEYS], slots=True)
#: What says the total budget forced something.
_BUDGET_KEYS = "turns_dropped groups_dropped hops_dropped protected_shrunk over_budget unread".split()
_BUDGET_KEYS += ["no_user_message", "safety_net", "unreadable"]


@dataclass(frozen=True)
class TrimResult:
    messages: list[Any]
    report: TrimReport


def format_tokens(n: int) -> str:
    """``950``, ``48.2k``, ``1.5M``."""
    a = abs(n)
    if a < 1000:
        return str(n)
    if a < 999_950:
        return f"{n / 1000:.1f}k"
    return f"{n / 1_000_000:.1f}M"


#: The status line's note when nothing says the model's window (see ``budget.resolve_budget``).
UNKNOWN_WINDOW = (
    "context window unknown, so no turn is dropped and only old tool outputs are shrunk: set "
    "max_context_tokens in the Tool Context Filter's valves, or num_ctx in the model's advanced params"
)


def format_window(window: int | None, source: str) -> str | None:
    """``of a 128.0k window (gpt-4o in LiteLLM 1.110.2 model map)``; None when the window is unknown."""
    return None if window is None else f"of a {format_tokens(window)} window ({source})"


def format_status(report: TrimReport, window: str | None = "") -> str:
    """``Context 48.2k → 11.9k tokens · 14 tool outputs shrunk · …``; ``window`` None: unknown."""
    before, after, budget = map(format_tokens, (report.tokens_before, report.tokens_after, report.budget))
    if report.no_user_message:
        return f"Context {before} tokens · no user message left to answer: sent as it came"
    if report.unreadable:
        return (
            f"Context not read: your message alone is over the filter's read limit of {READ_LIMIT:,} items "
            "(keys, content parts): sent as it came"
        )
    if report.safety_net:
        return (
            f"Context {before} → {after} tokens · trimming failed: only the system prompt, your message "
            "and this turn's tool results were sent"
        )
    parts = [f"Context {before} → {after} tokens" if report.changed else f"Context {after} tokens"]
    for n, what, plural in (
        (report.outputs_shrunk, "tool output{} shrunk", "s"),
        (report.images_removed, "tool image{} removed", "s"),
        (report.turns_dropped, "turn{} dropped", "s"),
        (report.groups_dropped, "tool group{} dropped", "s"),
        (report.hops_dropped, "early tool round{} of a long turn dropped", "s"),
        (report.unread, "old message{} over the filter's read limit dropped", "s"),
        (report.repairs, "pairing fix{}", "es"),
    ):
        if n:
            parts.append(f"{n:,} {what.format('' if n == 1 else plural)}")
    if window is None:
        parts.append(UNKNOWN_WINDOW)
    elif report.newest_over_budget:
        parts.append(f"over budget: the newest message alone is over the budget of {budget}")
    elif report.over_budget:
        inside = ", its tool outputs shrunk" if report.protected_shrunk else ""
        parts.append(f"over budget {budget}: the current turn does not fit{inside}")
    elif report.protected_shrunk:
        parts.append("current turn shrunk to fit")
    elif not report.changed or window:
        parts.append(" ".join(filter(None, (f"within budget {budget}", window))))
    return " · ".join(parts)
