"""Status lines: what the user sees of a subquery while it runs (the model never gets them), each at most
STATUS_LINE_CHARS long, sent in the background so that a slow socket never holds the loop past its deadline."""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import time
from collections.abc import Awaitable, Mapping, Sequence
from typing import Any

from textcalls.calls import decode_arguments

from .record import INTERRUPTED, CallRecord
from .types import LoopResult, _safe_str, _shorten, log

CALL_LINE_CHARS = 200
STATUS_LINE_CHARS = 300  # any status line (a call line with its task's name, a start line naming tools)
ARGUMENT_CHARS = 40
# A line is sent in the background and may take this long; the loop never waits for it.
STATUS_SEND_SECONDS = 5.0
# The caller waits at most this long for the final `done` line; a slower one still goes out afterwards.
# 2 s, not less: on a loaded server the line's database write took over 0.3 s, and the stored message
# then ended without its final line (the answer is not delayed when the write is fast).
DONE_WAIT_SECONDS = 2.0
# Call lines kept per subquery (each is a database write); further calls are counted in one line.
MAX_CALL_LINES = 48
UNLISTED = "Subquery · {n} more inner calls (not listed one by one)"
_BACKGROUND: set[asyncio.Task] = set()  # strong references to background work still under way
_VERDICTS = {"answered": "done", "max_rounds": "done (round limit reached)", "error": "failed"}
_VERDICTS["deadline"] = "stopped at the time limit"
_VERDICTS["budget"] = "done (token budget reached)"


def _spawn(coro: Awaitable[Any]) -> asyncio.Task:
    task = asyncio.get_running_loop().create_task(coro)  # type: ignore[arg-type]
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)
    return task


def call_line(name: str, arguments: Any, outcome: str) -> str:
    """`Subquery · name(a=1, b="x…") · outcome`, bounded."""
    name = _shorten(name, 60)
    room = max(CALL_LINE_CHARS - len(f"Subquery · {name}() · {outcome}"), 12)
    line = f"Subquery · {name}({_shorten(short_arguments(arguments), room)}) · {outcome}"
    return line if len(line) <= CALL_LINE_CHARS else line[: CALL_LINE_CHARS - 1] + "…"


def short_arguments(arguments: Any) -> str:
    if isinstance(arguments, str):
        decoded, _error = decode_arguments("", arguments[:20_000])
        arguments = decoded if decoded is not None else arguments
    if not isinstance(arguments, Mapping):
        return _shorten(_safe_str(arguments), ARGUMENT_CHARS * 2)
    parts = []
    for key, value in list(arguments.items())[:8]:
        try:
            shown = json.dumps(value, ensure_ascii=False, default=str)
        except Exception:
            shown = _safe_str(value)
        parts.append(f"{key}={_shorten(shown, ARGUMENT_CHARS)}")
    return ", ".join(parts) + (", …" if len(arguments) > 8 else "")


def _totals(rounds: int, calls: int, tokens: int, seconds: float) -> str:
    return (
        f"{rounds} round{'s' if rounds != 1 else ''} · {calls} tool call{'s' if calls != 1 else ''} · "
        f"{f'{tokens / 1000:.1f}k' if tokens >= 1000 else tokens} tokens · {seconds:.1f} s"
    )


def done_line(outcome: LoopResult, seconds: float) -> str:
    totals = _totals(outcome.rounds, outcome.tool_calls, outcome.usage.get("total_tokens", 0), seconds)
    return f"Subquery {_VERDICTS[outcome.stopped]} · {totals}"


def many_done_line(outcomes: Sequence[LoopResult], seconds: float) -> str:
    verdicts = collections.Counter(_VERDICTS[o.stopped] for o in outcomes)
    rounds, calls = sum(o.rounds for o in outcomes), sum(o.tool_calls for o in outcomes)
    totals = _totals(rounds, calls, sum(o.usage.get("total_tokens", 0) for o in outcomes), seconds)
    return f"Subqueries done · {len(outcomes)} tasks: {', '.join(f'{k} {v}' for v, k in verdicts.items())} · {totals}"


class StatusEmitter:
    """The status lines of one subquery (or of every task of one `subqueries` call), sent in order by one
    consumer task, never holding the loop. Progress lines may be replaced by newer ones while they wait; call lines
    (`log`) all go out, at most `max_lines`, then one line counts the rest; `done` goes last, awaited at most
    DONE_WAIT_SECONDS, just after the call record (`trace`)."""

    def __init__(self, event_emitter: Any, enabled: bool, min_interval: float = 0.3, max_lines=None):
        self.sink = event_emitter if callable(event_emitter) else None  # the record: whatever `enabled` says
        self.event_emitter = self.sink if enabled else None
        self.record, self.recorded = CallRecord(), False
        self.min_interval, self.max_lines = min_interval, MAX_CALL_LINES if max_lines is None else max_lines
        self.queue: collections.deque[tuple[str, str]] = collections.deque()  # (kind, line), not sent yet
        self.closing = asyncio.Event()  # `done` is queued
        self.worker: asyncio.Task | None = None  # the consumer, while lines wait or one is being sent
        self.last = float("-inf")  # when the last line began to go out
        self.logged = self.unlisted = 0

    async def __call__(self, description: str, done: bool) -> None:
        if self.event_emitter is None or self.closing.is_set():
            return self.send_record() if done else None
        if self.queue and self.queue[-1][0] == "progress":
            self.queue.pop()  # a newer line, progress or done, replaces a deferred progress line
        if not done:
            busy = self.worker is not None or time.monotonic() < self.last + self.min_interval
            return self._put("progress" if busy else "line", description)
        if self.unlisted:
            self._put("line", UNLISTED.format(n=self.unlisted))
        self.send_record()
        self._put("done", description)
        self.closing.set()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self.worker), timeout=DONE_WAIT_SECONDS)  # type: ignore[arg-type]

    async def log(self, line: str) -> None:
        if self.event_emitter is None or self.closing.is_set():
            return
        if self.logged >= self.max_lines:
            self.unlisted += 1
        else:
            self.logged += 1
            self._put("line", line)

    async def trace(self, key: str, name: str, arguments: Any, outcome: str | None) -> None:
        """One inner call for the record, before it runs (`outcome` None: its `running` line goes out) and when it ended."""
        self.record.note("", key, name, arguments, outcome)
        if outcome is None:
            await self.log(call_line(name, arguments, "running"))

    async def stop(self, description: str) -> None:
        """Cancelled or crashed: each call still running gets an `interrupted` line, then the `done` line."""
        for entry in [e for e in self.record.entries.values() if e.outcome is None]:
            line = call_line(entry.name, entry.arguments, INTERRUPTED.split(":")[0])
            await self.log(f"Subquery {entry.label}{line[len('Subquery') :]}" if entry.label else line)
        await self(description, True)

    def send_record(self) -> None:
        """The call record to the chat message, once, whatever `show_status` says (it is what ran)."""
        if self.sink is not None and not self.recorded and self.record.entries:
            self.recorded = True
            self._put("record", {"type": "embeds", "data": {"embeds": [self.record.html()]}})

    def _put(self, kind: str, line: Any) -> None:
        if isinstance(line, str) and len(line) > STATUS_LINE_CHARS:
            line = line[: STATUS_LINE_CHARS - 1] + "…"
        self.queue.append((kind, line))
        if self.worker is None:
            self.worker = _spawn(self._drain())

    async def _drain(self) -> None:
        try:
            while self.queue:
                wait = self.last + self.min_interval - time.monotonic()
                if wait > 0 and not self.closing.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.closing.wait(), timeout=wait)
                    continue
                kind, line = self.queue.popleft()
                self.last = time.monotonic()
                if kind == "record":
                    await self._send_event(self.sink, line)
                else:
                    status = {"description": line, "done": kind == "done"}
                    await self._send_event(self.event_emitter, {"type": "status", "data": status})
        finally:
            self.worker = None

    async def _send_event(self, emitter: Any, event: Any) -> None:
        try:
            await asyncio.wait_for(emitter(event), timeout=STATUS_SEND_SECONDS)
        except Exception:  # progress must never break the work
            log.debug("subquery: status event failed", exc_info=True)


class TaskStatus:
    """One task's lines on the shared emitter: each names its task; its first and last lines are never replaced."""

    def __init__(self, shared: StatusEmitter, label: str):
        self.shared, self.label = shared, label
        self.started = False
        self.logged = self.unlisted = 0

    def named(self, line: str) -> str:
        rest = line[len("Subquery") :] if line.startswith("Subquery") else f" · {line}"
        return f"Subquery {self.label}{rest}"

    async def __call__(self, description: str, done: bool) -> None:
        if not done and self.started:
            return await self.shared(self.named(description), False)
        self.started = True
        if done and self.unlisted:
            await self.shared.log(self.named(UNLISTED.format(n=self.unlisted)))
        await self.shared.log(self.named(description))

    async def log(self, line: str) -> None:
        if self.logged >= MAX_CALL_LINES:
            self.unlisted += 1
        else:
            self.logged += 1
            await self.shared.log(self.named(line))

    async def trace(self, key: str, name: str, arguments: Any, outcome: str | None) -> None:
        self.shared.record.note(self.label, key, name, arguments, outcome)
        if outcome is None:
            await self.log(call_line(name, arguments, "running"))
