"""The tasks of one `subqueries` call: read from what the model sent, answered in one section each in the given
order; every task leaves an outcome, also one cut short (what it gathered)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from textcalls.calls import _literal

from .messages import gathered_summary
from .types import LoopResult, StopReason, _shorten, cap_text, summarize_usage

MAX_TASKS = 16  # tasks one `subqueries` call may hold
NESTED_REFUSAL = "Error: a subquery cannot start another subquery. Use the other tools directly."


def read_tasks(raw: Any) -> tuple[list[str], str | None]:
    """The task texts, or a message the model can act on. A JSON text of a list is that list (models send both)."""
    if isinstance(raw, str):
        decoded = _literal(raw, python=False)
        raw = decoded if isinstance(decoded, list) else [raw]
    if not isinstance(raw, (list, tuple)) or not raw:
        return [], 'Error: `tasks` must be a non-empty list of task texts, e.g. ["Find …", "Compare …"].'
    if len(raw) > MAX_TASKS:
        error = f"Error: at most {MAX_TASKS} tasks per subqueries call, got {len(raw)}. Merge related tasks,"
        return [], error + " or call subqueries again for the rest."
    empty = [str(i) for i, t in enumerate(raw, 1) if not isinstance(t, str) or not t.strip()]
    if empty:
        error = f"Error: task {', '.join(empty)} of {len(raw)} is empty or not text."
        return [], error + " Send every task as a complete instruction."
    return [t.strip() for t in raw], None


def tasks_answer(prompts: Sequence[str], answers: Sequence[str]) -> str:
    n, pairs = len(prompts), enumerate(zip(prompts, answers, strict=True), 1)
    return "\n\n".join(f"## Task {i}/{n}: {_shorten(prompt, 100)}\n{answer}" for i, (prompt, answer) in pairs)


# A task answers within its share of `max_output_chars`, never less than this.
MIN_TASK_OUTPUT_CHARS = 1000
NO_SLOT_NOTE = "[Subquery stopped: the time limit ran out before this task could start.]"


@dataclass
class TaskRun:
    """`run`: the adapter's `Run` once prepared (its usage is read there, also when the task was cut short)."""

    prompt: str
    run: Any = None  # the adapter's `Run`: its `messages` and `usages`
    first: int = 0  # the messages before the loop's own
    outcome: LoopResult | None = None

    @property
    def usages(self) -> list:
        return list(self.run.usages) if self.run is not None else []

    def cut_short(self, stopped: StopReason, note: str, limit: int) -> LoopResult:
        own = self.run.messages[self.first :] if self.run is not None else []
        summary = gathered_summary(own, limit)
        answer = cap_text(f"{note}\nWhat was gathered so far:\n{summary}", limit, "answer")
        calls = sum(len(m.get("tool_calls") or []) for m in own if isinstance(m, dict))
        return LoopResult(answer, len(self.usages), calls, summarize_usage(self.usages), stopped)
