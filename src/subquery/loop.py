"""The self-driven tool loop (`run_subquery_loop`): a function of its injected hooks, so several run at once, sharing
only the process-wide state (threads). Each round: model reply -> read (`Reader`: bounded before it is parsed, off
the event loop when large; structured calls, else, valve `text_tool_calls`, calls written as text the data rule lets
through) -> at most MAX_CALLS_PER_ROUND kept -> one assistant message, bounded (text, arguments, reasoning, names,
ids) -> every call prepared (repeat limit counted while the round is prepared) -> approval (a text call the data
rule doubts: the user's confirmation, or it stays text) -> each call noted before it runs -> bounded parallel
execution -> one tool message per call, in call order, and one status line per call. The last round keeps `tools`
with `tool_choice: "none"`. Text is data: tool results, files, recent messages and the prompt (`TextGuard`), read off
the event loop when large; the model and the user are told what the rule kept from running."""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from textcalls.calls import ToolCall
from textcalls.guard import TextGuard

from .messages import REASONING_TAGS, gathered_summary
from .prepare import call_signature, prepare_round, serialize_result
from .reading import Reader, Reading, bounded_reasoning, refused_note, reply_size, round_notes
from .status import call_line
from .threads import off_loop
from .types import (
    CHARS_PER_TOKEN,
    MAX_CALLS_PER_ROUND,
    MAX_REQUEST_TOOLS,
    MIN_USEFUL_SECONDS,
    OFFLOAD_CHARS,
    REPLY_CHARS,
    Completion,
    LoopResult,
    Prepared,
    Settings,
    StopReason,
    ToolInfo,
    ToolOutput,
    _safe_str,
    _shorten,
    cap_text,
    summarize_usage,
)

NOT_APPROVED = "Error: tool call was not approved."
IMAGES_NOTE = "Here are the images from the tool results above. Please analyze them."
TOO_LONG = "Error: not run: the arguments of the calls in this reply are longer than {limit:,} characters."
FINAL_ROUND_PROMPT = "You have used all {rounds} tool rounds of this subtask. Do not call any more tools. Answer the subtask now, as completely as you can, from the tool results above; say briefly what is still unknown."
BUDGET_PROMPT = "This subtask has used {spent:,} of its {cap:,} tokens: another tool round would pass them. Do not call any more tools. Answer the subtask now, as completely as you can, from the tool results above; say briefly what is still unknown."
BUDGET_NOTE = "\n\n[Subquery stopped calling tools at its token budget ({spent:,} of {cap:,} tokens used); the answer is from what was gathered.]"


async def _always_yes(call: ToolCall, kwargs: dict, remaining: float) -> bool:
    return True


def _unresolved(call: ToolCall) -> ToolCall | str:
    return call


async def _no_log(line: str) -> None:
    return None


async def _no_trace(key: str, name: str, arguments: Any, outcome: str | None) -> None:
    return None


@dataclass(frozen=True)
class Hooks:
    """What the loop needs from the outside world (the adapter's `Run` provides them): complete (one model
    round), execute (one tool call), approve (the user's yes under tool_approval_mode 'ask'), confirm (the user's
    yes for a call written as text that the data rule doubts; None: nobody can be asked, such a call stays text),
    resolve (Tool Search's `call_tool`; pure: it may run in a reader thread), emit (progress lines: a newer one
    may replace one not yet shown), log (one line per inner call with its outcome, every one kept: the user's
    record of what ran) and trace (each call with its full arguments, before it runs and when it ended)."""

    complete: Callable[[list[dict], list[dict] | None, float, str | None], Awaitable[Completion]]
    execute: Callable[[ToolCall, dict, float], Awaitable[str | ToolOutput]]
    emit: Callable[[str, bool], Awaitable[None]]
    approve: Callable[[ToolCall, dict, float], Awaitable[bool]] = _always_yes
    resolve: Callable[[ToolCall], ToolCall | str] = _unresolved
    reasoning_tags: tuple[tuple[str, str], ...] = REASONING_TAGS
    log: Callable[[str], Awaitable[None]] = _no_log
    confirm: Callable[[ToolCall, dict, float], Awaitable[bool]] | None = None
    trace: Callable[[str, str, Any, str | None], Awaitable[None]] = _no_trace


def request_specs(tools: Mapping[str, ToolInfo]) -> list[dict] | None:
    """The `tools` of a request: deferred ones stay out, never more than MAX_REQUEST_TOOLS."""
    specs = [{"type": "function", "function": t.spec} for t in tools.values() if not t.deferred]
    return specs[:MAX_REQUEST_TOOLS] or None


async def run_subquery_loop(
    messages: list[dict],
    tools: Mapping[str, ToolInfo],
    settings: Settings,
    hooks: Hooks,
    clock: Callable[[], float] = time.monotonic,
    *,
    untrusted: Sequence[str] = (),
    instructions: Sequence[str] = (),
    deadline: float | None = None,
) -> LoopResult:
    """The self-driven tool loop. Pure apart from the injected hooks. `messages` is not mutated.
    `untrusted`: texts given to this run as data (files, recent chat messages, the system context); with
    every tool result they make up the texts a call written as text must not come from (`TextGuard`).
    `instructions`: the task (the chat model's prompt): a call quoted from it stays text, one like it may run.
    `deadline` (on `clock`): when several loops share one; else `total_timeout_seconds` from now."""
    deadline = clock() + settings.total_timeout_seconds if deadline is None else deadline
    specs = {name: t.spec for name, t in tools.items()}  # the guard's specs: the offered tools
    texts = [t for t in untrusted if isinstance(t, str)]
    said = [t for t in instructions if isinstance(t, str)]
    large = sum(map(len, texts + said)) > OFFLOAD_CHARS
    guard = await off_loop(TextGuard, specs, texts, said) if large else TextGuard(specs, texts, said)
    reader = Reader(tools, guard, hooks.resolve, hooks.reasoning_tags, asks=hooks.confirm is not None)
    state = _Loop(list(messages), tools, settings, hooks, clock, deadline, len(messages), reader)
    while state.rounds < settings.max_rounds:
        if state.remaining() < MIN_USEFUL_SECONDS:
            return state.out_of_time(f"before round {state.rounds + 1}")
        state.rounds += 1
        reply = await state.ask_model(None)
        if reply is None:
            return state.out_of_time(f"while waiting for the model in round {state.rounds}")
        if reply.error and state.rounds == 1:
            return state.result(f"Subquery failed: {reply.error}", "error")
        if reply.error:
            gathered = state.gathered()
            why = f"Subquery could not finish: {reply.error}\nWhat was gathered so far:\n"
            return state.result(why + gathered, "error")
        reading = await state.read(reply)
        if reading is None:
            return state.out_of_time(f"while reading the reply of round {state.rounds}")
        if not reading.calls:
            await state.log_refused(reading.refused)
            answer = reading.content.strip() or state.empty_answer()
            return state.result(answer + refused_note(reading.refused, final=True), "answered")
        await state.tool_round(reading, reply.reasoning)
        if state.remaining() < MIN_USEFUL_SECONDS:
            return state.out_of_time(f"after round {state.rounds}")
        if state.over_budget():
            return await state.final_round(budget=True)
    return await state.final_round()


@dataclass
class _Loop:
    """The state of one run of the loop (private to `run_subquery_loop`)."""

    messages: list[dict]
    tools: Mapping[str, ToolInfo]
    settings: Settings
    hooks: Hooks
    clock: Callable[[], float]
    deadline: float
    own_from: int
    reader: Reader
    usages: list = field(default_factory=list)
    counts: dict = field(default_factory=dict)
    n_calls: int = 0
    rounds: int = 0
    native_seen: bool = False  # the model made a structured call in this run
    spent: int = 0  # prompt + completion tokens of the rounds so far (reported, else estimated)
    last: tuple[int, int, int] = (
        0,
        0,
        0,
    )  # the last round: its prompt tokens, its messages' characters, completion

    @property
    def guard(self) -> TextGuard:
        return self.reader.guard

    def result(self, answer: str, stopped: StopReason) -> LoopResult:
        capped = cap_text(answer, self.settings.max_output_chars, "answer")
        return LoopResult(capped, self.rounds, self.n_calls, summarize_usage(self.usages), stopped)

    def gathered(self) -> str:
        return gathered_summary(self.messages[self.own_from :], self.settings.max_output_chars)

    def empty_answer(self) -> str:
        """An empty reply keeps what the tools returned (nothing lost), like the round and time limits."""
        if not self.n_calls:
            return "(the model returned an empty answer)"
        return "[Subquery: the model returned an empty answer. What was gathered:]\n" + self.gathered()

    def out_of_time(self, what: str) -> LoopResult:
        limit = self.settings.total_timeout_seconds
        note = f"[Subquery stopped: the {limit:g} s time limit ran out {what}. What was gathered so far:]\n"
        return self.result(note + self.gathered(), "deadline")

    def remaining(self) -> float:
        return self.deadline - self.clock()

    async def ask_model(self, tool_choice: str | None) -> Completion | None:
        """One model round under the deadline (None: the time ran out)."""
        remaining = self.remaining()
        specs = request_specs(self.tools)
        asked = self.hooks.complete(self.messages, specs, remaining, tool_choice if specs else None)
        chars = _chars(self.messages)
        try:
            reply = await asyncio.wait_for(asked, timeout=max(remaining, 0.001))
        except TimeoutError:
            return None
        self.usages.append(reply.usage)
        used = summarize_usage([reply.usage])
        prompt = used["prompt_tokens"] or chars // CHARS_PER_TOKEN
        completion = (
            used["completion_tokens"]
            or _chars([{"content": reply.content, "tool_calls": reply.tool_calls}]) // CHARS_PER_TOKEN
        )
        self.spent += prompt + completion
        self.last = (prompt, chars, completion)
        return reply

    def over_budget(self) -> bool:
        """Whether another tool round and then the answer round would pass `max_subquery_tokens` (estimated:
        the last prompt plus what was added since, and the last completion, at least 256 tokens)."""
        cap = self.settings.max_subquery_tokens
        if cap <= 0:
            return False
        prompt, chars, completion = self.last
        nxt = prompt + max(0, _chars(self.messages) - chars) // CHARS_PER_TOKEN + max(completion, 256)
        return self.spent + 2 * nxt > cap

    async def read(self, reply: Completion, final: bool = False) -> Reading | None:
        """The reply's calls (`Reader.read`), off the event loop when the reply is large, under the deadline
        (None: the time ran out). Calls written as text are read while valve `text_tool_calls` allows; in the
        last round always (they do not run: the ones the data rule doubts stay in the answer as text)."""
        mode, prefix = self.settings.text_tool_calls, f"call_r{self.rounds}"
        text_on = final or mode == "always" or (mode == "auto" and not self.native_seen)
        reader = replace(self.reader, asks=False) if final else self.reader
        work = (reader.read, reply, prefix, text_on, MAX_CALLS_PER_ROUND, self.messages)
        if reply_size(reply) <= OFFLOAD_CHARS:
            reading = work[0](*work[1:])
        else:
            try:
                reading = await asyncio.wait_for(off_loop(*work), timeout=max(self.remaining(), 0.001))
            except TimeoutError:
                return None
        self.native_seen = self.native_seen or any(c.source == "structured" for c in reading.calls)
        return reading

    async def approved(self, prepared: list[Prepared], confirm: frozenset[str]) -> list[Prepared]:
        """Ask for each runnable call in turn (a call in `confirm`: the user's confirmation, `hooks.confirm`);
        anything but a yes answers NOT_APPROVED (and the call is taken off the repeat count: it did not run)."""
        out = []
        for p in prepared:
            ask = self.hooks.confirm if p.call.id in confirm else self.hooks.approve
            if p.kwargs is not None and not await self.asked(ask, p.call, p.kwargs):
                sig = call_signature(p.call.name, p.kwargs)
                self.counts[sig] = max(self.counts.get(sig, 1) - 1, 0)
                p = Prepared(p.call, answer=NOT_APPROVED, outcome="not approved")
            out.append(p)
        return out

    async def asked(self, ask: Callable | None, call: ToolCall, kwargs: dict) -> bool:
        if ask is None:
            return False
        try:
            asked = ask(call, kwargs, self.remaining())
            ok = await asyncio.wait_for(asked, timeout=max(self.remaining(), 0.001))
        except Exception:
            return False
        return ok is True

    def targets(self, calls: list[ToolCall]) -> list[Prepared | ToolCall]:
        """Each call resolved (Tool Search's `call_tool`) and within the reply's size bound; a call
        that is not is answered right away (and replayed with `{}` when its arguments are too long)."""
        out: list[Prepared | ToolCall] = []
        budget = REPLY_CHARS
        for call in calls:
            budget -= len(call.arguments or "")
            if budget < 0:
                answer = TOO_LONG.format(limit=REPLY_CHARS)
                short = replace(call, arguments="{}", provider=None)
                out.append(Prepared(short, answer=answer, outcome="refused: arguments too long"))
                continue
            try:
                target = self.hooks.resolve(call)
            except Exception as exc:
                target = f"Error: {exc}"
            out.append(
                Prepared(call, answer=target, outcome="refused") if isinstance(target, str) else target
            )
        return out

    def timeout_for(self, p: Prepared) -> float:
        remaining = max(self.remaining(), 0.0)
        tool = self.tools.get(p.call.name)
        own = tool is not None and tool.own_time  # `delegate_task`: only the total time bounds it
        return remaining if own else min(self.settings.tool_timeout_seconds, remaining)

    async def tool_round(self, reading: Reading, reasoning: Mapping[str, Any]) -> None:
        settings = self.settings
        targets = self.targets(reading.calls)
        content = cap_text(reading.content, REPLY_CHARS, "reply")
        replayed = [(t.call if isinstance(t, Prepared) else t).as_message_call() for t in targets]
        reasoning, notes = bounded_reasoning(reasoning, REPLY_CHARS)
        self.messages.append({"role": "assistant", "content": content, "tool_calls": replayed, **reasoning})
        runnable = [t for t in targets if isinstance(t, ToolCall)]
        prepared_iter = iter(prepare_round(runnable, self.tools, self.counts))
        ordered = [t if isinstance(t, Prepared) else next(prepared_iter) for t in targets]
        prepared = await self.approved(ordered, reading.confirm)
        self.n_calls += len(reading.calls)
        line = f"Subquery · round {self.rounds}/{settings.max_rounds} · calling {_round_label(reading.calls)}"
        await self.hooks.emit(line, False)
        for p in (p for p in prepared if p.kwargs is not None):  # noted before it runs
            await self.hooks.trace(p.call.id, p.call.name, p.kwargs, None)
        outputs = await run_calls(prepared, self.hooks.execute, settings.max_parallel_tools, self.timeout_for)
        note = "\n".join([round_notes(reading, MAX_CALLS_PER_ROUND), *notes]).strip()
        await self.add_results(prepared, outputs, note)
        for p, output in zip(prepared, outputs, strict=True):
            arguments, outcome = (
                p.kwargs if p.kwargs is not None else p.call.arguments,
                p.outcome or output.outcome,
            )
            await self.hooks.trace(p.call.id, p.call.name, arguments, outcome)
            await self.hooks.log(call_line(p.call.name, arguments, outcome))
        await self.log_refused(reading.refused)
        if reading.dropped:
            dropped = f"Subquery · {reading.dropped} more calls dropped · not run: over {MAX_CALLS_PER_ROUND} calls per round"
            await self.hooks.log(dropped)

    async def add_results(self, prepared: list[Prepared], outputs: list[ToolOutput], note: str) -> None:
        """One tool message per call, in call order (each result also becomes data for `guard`, read off the
        event loop when large); the round's note to the model goes on the last one; images follow as one user
        message."""
        images: list[str] = []
        texts = [cap_text(output.text, self.settings.max_result_chars) for output in outputs]
        if sum(map(len, texts)) > OFFLOAD_CHARS:
            await off_loop(_learn, self.guard, texts)
        else:
            _learn(self.guard, texts)
        for i, (p, output, text) in enumerate(zip(prepared, outputs, texts, strict=True)):
            if note and i == len(prepared) - 1:
                text = f"{text}\n\n{note}"
            self.messages.append({"role": "tool", "tool_call_id": p.call.id, "content": text})
            images.extend(output.images)
        if images:  # Chat Completions tool messages cannot carry images: one user message after them
            parts = [{"type": "image_url", "image_url": {"url": url}} for url in images]
            self.messages.append({"role": "user", "content": [{"type": "text", "text": IMAGES_NOTE}, *parts]})

    async def log_refused(self, refused: Sequence[tuple[str, str, str]]) -> None:
        for i, (name, arguments, outcome) in enumerate(refused):
            await self.hooks.trace(f"r{self.rounds}-text-{i}", name, arguments, outcome)
            await self.hooks.log(call_line(name, arguments, outcome))

    async def final_round(self, budget: bool = False) -> LoopResult:
        """The answer round, without tools: after the last round (`max_rounds`) or at the token budget."""
        if self.remaining() < MIN_USEFUL_SECONDS:
            return self.out_of_time("after the last tool round")
        rounds, cap, spent = self.settings.max_rounds, self.settings.max_subquery_tokens, self.spent
        stopped: StopReason = "budget" if budget else "max_rounds"
        prompt = (
            BUDGET_PROMPT.format(spent=spent, cap=cap) if budget else FINAL_ROUND_PROMPT.format(rounds=rounds)
        )
        self.messages.append({"role": "user", "content": prompt})
        used = f"token budget reached ({spent:,} of {cap:,})" if budget else f"{rounds} rounds used"
        await self.hooks.emit(f"Subquery · {used} · writing the answer", False)
        reply = await self.ask_model("none")
        reading = await self.read(replace(reply, tool_calls=()), final=True) if reply is not None else None
        if reply is None or reading is None:
            return self.out_of_time("while the model wrote its final answer")
        await self.log_refused(reading.refused)  # its own calls do not run: they are dropped from the answer
        note = BUDGET_NOTE.format(spent=spent, cap=cap) if budget else ""
        if reply.error or not reading.content.strip():
            ran = (
                f"stopped at its token budget ({spent:,} of {cap:,} tokens)"
                if budget
                else f"used all {rounds} rounds"
            )
            why = f"[Subquery {ran}; {reply.error or 'the model gave no final answer'}."
            return self.result(f"{why} What was gathered:]\n{self.gathered()}", stopped)
        return self.result(
            reading.content.strip() + refused_note(reading.refused, final=True) + note, stopped
        )


def _chars(messages: Sequence[Any]) -> int:
    """The characters a request's messages carry (texts and call arguments): what a round's prompt grows by."""
    total = 0
    for m in messages:
        content = m.get("content") if isinstance(m, dict) else None
        total += len(content) if isinstance(content, str) else len(_safe_str(content)) if content else 0
        for call in (m.get("tool_calls") or ()) if isinstance(m, dict) else ():
            total += len(_safe_str(call))
    return total


def _learn(guard: TextGuard, texts: Sequence[str]) -> None:
    for text in texts:
        guard.add(text)


async def run_calls(
    prepared: Sequence[Prepared], execute: Callable, max_parallel: int, timeout: float | Callable
) -> list[ToolOutput]:
    """Run a round's calls concurrently (bounded), results in call order.
    The wait for a free slot counts against each call's timeout (a number, or one per call): a call
    that never got a slot is "not started", one that ran too long "timed out"."""
    semaphore = asyncio.Semaphore(max(1, max_parallel))

    async def one(p: Prepared) -> ToolOutput:
        if p.answer is not None:
            return ToolOutput(p.answer, outcome=p.outcome or "refused")
        error, limit, started = f"Error: `{p.call.name}`", timeout(p) if callable(timeout) else timeout, False

        async def go() -> str | ToolOutput:
            nonlocal started
            async with semaphore:
                started = True
                return await execute(p.call, p.kwargs or {}, limit)

        try:
            out = await asyncio.wait_for(go(), timeout=max(limit, 0.001))
        except TimeoutError:
            if not started:
                why = f"no free slot within {limit:g} s (other calls of this round were still running)."
                return ToolOutput(f"{error} was not started: {why}", outcome="not started")
            return ToolOutput(f"{error} timed out after {limit:g} s and was abandoned.", outcome="timed out")
        except Exception as exc:  # the model can react to a failing tool
            return ToolOutput(f"{error} raised {type(exc).__name__}: {_safe_str(exc)}", outcome="failed")
        if isinstance(out, ToolOutput):
            return out
        return ToolOutput(out if isinstance(out, str) else serialize_result(out))

    return list(await asyncio.gather(*(one(p) for p in prepared)))


def _round_label(calls: Sequence[ToolCall]) -> str:
    counts = collections.Counter(_shorten(c.name, 60) for c in calls)
    label = ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in list(counts.items())[:6])
    return label + (", …" if len(counts) > 6 else "")
