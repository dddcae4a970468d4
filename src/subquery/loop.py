"""The self-driven tool loop (`run_subquery_loop`), a function of its injected hooks, so several run at once.
Every await of a run sits inside ONE deadline (`asyncio.timeout_at`): a subquery returns once its time is up,
whatever it waits for, and its note says what was abandoned. Each round: the token budget (`Budget`) -> model reply
-> read (`Reader`: reasoning removed, structured calls, else calls written as text the rule lets through) -> one
bounded assistant message -> calls prepared, approved, run in parallel (bounded) -> one tool message per call, in
call order. The last round keeps `tools` with `tool_choice: "none"`. Work on large texts runs in reader threads."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from textcalls.calls import ToolCall
from textcalls.rule import Mentions

from .budget import Budget, Ledger, fit_results
from .messages import gathered_summary
from .prepare import call_signature, prepare_round
from .reading import Reader, Reading, bounded_reasoning, refused_note, reply_size, round_notes
from .rounds import Hooks, request_specs, round_label, run_calls
from .status import call_line
from .threads import off_loop
from .types import (
    MAX_CALLS_PER_ROUND,
    MIN_USEFUL_SECONDS,
    OFFLOAD_CHARS,
    READ_CHARS,
    REPLY_CHARS,
    Completion,
    LoopResult,
    Prepared,
    Settings,
    StopReason,
    ToolInfo,
    ToolOutput,
    cap_text,
    summarize_usage,
)

NOT_APPROVED = "Error: tool call was not approved."
IMAGES_NOTE = "Here are the images from the tool results above. Please analyze them."
TOO_LONG = "Error: not run: the arguments of the calls in this reply are longer than {limit:,} characters."
FINAL_ROUND_PROMPT = "You have used all {rounds} tool rounds of this subtask. Do not call any more tools. Answer the subtask now, as completely as you can, from the tool results above; say briefly what is still unknown."
BUDGET_PROMPT = "This subtask has used {spent:,} of its {cap:,} tokens: another tool round would pass them. Do not call any more tools. Answer the subtask now, as completely as you can, from the tool results above; say briefly what is still unknown."
BUDGET_NOTE = "\n\n[Subquery stopped calling tools at its token budget ({spent:,} of {cap:,} tokens used); the answer is from what was gathered.]"
UNREAD_ANSWER = f"\n\n[Subquery: the helper's last reply was longer than {READ_CHARS:,} characters after its reasoning; calls written past them were not read or run.]"
UNREAD_LINE = f"Subquery · reply past its first {READ_CHARS:,} characters not read for calls"
DROPPED = "Subquery · {n} more calls dropped · not run: over {limit} calls per round"
SOFT_MARGIN = 0.2  # seconds before the deadline at which a round's calls and the user's answers are given up
# Untrusted texts by where they come from (`run_subquery_loop(untrusted=...)` takes (text, where) pairs, or texts).
GIVEN = "the data given to the helper"


async def run_subquery_loop(
    messages: list[dict],
    tools: Mapping[str, ToolInfo],
    settings: Settings,
    hooks: Hooks,
    clock: Callable[[], float] | None = None,
    *,
    untrusted: Sequence[str | tuple[str, str]] = (),
    deadline: float | None = None,
    reply_tokens: int | None = None,
) -> LoopResult:
    """`messages` is not mutated. `untrusted`: texts given as data (files, earlier chat), as (text, where)
    pairs: with every tool result, what the text-call rule reads. `deadline` is on `clock` (the event loop's)."""
    clock = clock or asyncio.get_running_loop().time
    deadline = clock() + settings.total_timeout_seconds if deadline is None else deadline
    mentions = Mentions(tools)
    reader = Reader(tools, mentions, hooks.resolve, hooks.reasoning_tags, asks=hooks.confirm is not None)
    state = _Loop(list(messages), tools, settings, hooks, clock, deadline, len(messages), reader)
    budget = Budget.for_cap(settings.max_subquery_tokens, reply_tokens)
    state.ledger = Ledger(budget, state.work, configured=reply_tokens is not None)
    when = asyncio.get_running_loop().time() + max(deadline - clock(), 0.0)
    try:
        async with asyncio.timeout_at(when) as limit:
            return await state.run([t if isinstance(t, tuple) else (t, GIVEN) for t in untrusted])
    except TimeoutError:
        if not limit.expired():
            raise
    if state.abandoned:
        await state.hooks.log(f"Subquery · time limit: left {state.abandoned}")
    return state.out_of_time(state.phase)


@dataclass
class _Loop:
    messages: list[dict]
    tools: Mapping[str, ToolInfo]
    settings: Settings
    hooks: Hooks
    clock: Callable[[], float]
    deadline: float
    own_from: int
    reader: Reader
    ledger: Ledger = None  # type: ignore[assignment]  # set by run_subquery_loop: it measures with `work`
    usages: list = field(default_factory=list)
    counts: dict = field(default_factory=dict)
    n_calls: int = 0
    rounds: int = 0
    native_seen: bool = False  # the model made a structured call in this run
    phase: str = "before round 1"  # what the run waits for (the note when the deadline passes)
    abandoned: str = ""  # work left in a reader thread when the deadline passed

    async def run(self, untrusted: list[tuple[str, str]]) -> LoopResult:
        self.phase = "while reading the data given to it"
        await self.work(
            sum(len(t) for t, _ in untrusted), "reading its data", _read_all, self.reader.mentions, untrusted
        )
        while self.rounds < self.settings.max_rounds:
            if self.remaining() < MIN_USEFUL_SECONDS:
                return self.out_of_time(f"before round {self.rounds + 1}")
            room = await self.room(answer_after=True)
            if room is None:
                return await self.final_round(budget=True)
            self.rounds += 1
            self.phase = f"while waiting for the model in round {self.rounds}"
            reply = await self.ask_model(None, room)
            if reply.error:
                why = f"Subquery could not finish: {reply.error}\nWhat was gathered so far:\n"
                first = self.rounds == 1 and not self.n_calls
                return self.result(
                    f"Subquery failed: {reply.error}" if first else why + self.gathered(), "error"
                )
            self.phase = f"while reading the reply of round {self.rounds}"
            reading = await self.read(reply)
            if not reading.calls:
                await self.log_refused(reading.refused)
                answer = reading.content.strip() or self.empty_answer()
                answer += refused_note(reading.refused, final=True) + await self.unread(reading)
                return self.result(answer, "answered")
            await self.tool_round(reading, reply.reasoning)
            if self.remaining() < MIN_USEFUL_SECONDS:
                return self.out_of_time(f"after round {self.rounds}")
        return await self.final_round()

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
        left = f" It left {self.abandoned}, which ends by itself." if self.abandoned else ""
        note = f"[Subquery stopped: the {limit:g} s time limit ran out {what}.{left} What was gathered so far:]\n"
        return self.result(note + self.gathered(), "deadline")

    def remaining(self) -> float:
        return self.deadline - self.clock()

    async def work(self, size: int, what: str, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(*args)`, in a reader thread when it reads more than OFFLOAD_CHARS; abandoned work is named in the note."""
        if size <= OFFLOAD_CHARS:
            return fn(*args)
        self.abandoned = f"{what} ({size:,} characters) in a reader thread"
        out = await off_loop(fn, *args)
        self.abandoned = ""
        return out

    async def room(self, answer_after: bool) -> int | None:
        prompt = await self.ledger.measure(self.messages, request_specs(self.tools))
        return self.ledger.budget.room_for(self.ledger.spent, prompt, answer_after)

    async def ask_model(self, tool_choice: str | None, room: int | None) -> Completion:
        specs, limit = request_specs(self.tools), self.ledger.limit(room)
        reply = await self.hooks.complete(
            self.messages, specs, self.remaining(), tool_choice if specs else None, **limit
        )
        self.usages.append(reply.usage)
        await self.ledger.count(reply)
        return reply

    async def read(self, reply: Completion, final: bool = False) -> Reading:
        """In the last round text calls are always read (they do not run: the ones the rule holds stay text)."""
        mode, prefix = self.settings.text_tool_calls, f"call_r{self.rounds}"
        text_on = final or mode == "always" or (mode == "auto" and not self.native_seen)
        reader = replace(self.reader, asks=False) if final else self.reader
        args = (reply, prefix, text_on, self.messages)
        reading = await self.work(reply_size(reply), "reading a reply", reader.read, *args)
        self.native_seen = self.native_seen or any(c.source == "structured" for c in reading.calls)
        return reading

    async def unread(self, reading: Reading) -> str:
        if not reading.unread:
            return ""
        await self.hooks.log(UNREAD_LINE)
        return UNREAD_ANSWER

    def soft_left(self) -> float:
        """Steps that can end with part of their work end SOFT_MARGIN before the deadline, so that it is kept."""
        return max(self.remaining() - SOFT_MARGIN, 0.0)

    def timeout_for(self, p: Prepared) -> float:
        remaining = self.soft_left()
        tool = self.tools.get(p.call.name)
        own = tool is not None and tool.own_time  # `delegate_task`: only the total time bounds it
        return remaining if own else min(self.settings.tool_timeout_seconds, remaining)

    async def tool_round(self, reading: Reading, reasoning: Mapping[str, Any]) -> None:
        message, ordered, notes = _prepared(self, reading, reasoning)
        self.messages.append(message)
        self.phase = f"while asking the user about the calls of round {self.rounds}"
        prepared = await _approved(self, ordered, reading.confirm)
        self.n_calls += len(reading.calls)
        line = f"Subquery · round {self.rounds}/{self.settings.max_rounds} · calling {round_label(reading.calls)}"
        await self.hooks.emit(line, False)
        await self.report(
            [(p.call.id, p.call.name, p.kwargs, None) for p in prepared if p.kwargs is not None]
        )
        self.phase = f"while the tools of round {self.rounds} ran"
        limit = self.settings.max_parallel_tools
        outputs = await run_calls(prepared, self.hooks.execute, limit, self.timeout_for)
        note = "\n".join([round_notes(reading), *notes]).strip()
        self.phase = f"while reading the results of round {self.rounds}"
        await self.add_results(prepared, outputs, note)
        args = [p.kwargs if p.kwargs is not None else p.call.arguments for p in prepared]
        ended = zip(prepared, outputs, args, strict=True)
        await self.report([(p.call.id, p.call.name, a, p.outcome or o.outcome) for p, o, a in ended])
        await self.log_refused(reading.refused)
        if reading.dropped:
            await self.hooks.log(DROPPED.format(n=reading.dropped, limit=MAX_CALLS_PER_ROUND))

    async def add_results(self, prepared: list[Prepared], outputs: list[ToolOutput], note: str) -> None:
        """One tool message per call, capped, cut to fit the budget's answer round, and read for the tools they
        name (a result is data; the loop's own answers and Tool Search's list are not). Images follow as one user message."""
        texts = [cap_text(output.text, self.settings.max_result_chars) for output in outputs]
        where = [_data_source(p, o, self.tools) for p, o in zip(prepared, outputs, strict=True)]
        prompt = await self.ledger.measure(self.messages, request_specs(self.tools))
        room = self.ledger.budget.results_room(self.ledger.spent, prompt)
        texts = await self.work(
            sum(map(len, texts)), "reading the results", _digest, texts, where, room, self.reader.mentions
        )
        self.messages.extend(_tool_messages(prepared, outputs, texts, note))

    async def log_refused(self, refused: Sequence[tuple[str, str, str]]) -> None:
        await self.report([(f"r{self.rounds}-text-{i}", *r) for i, r in enumerate(refused)])

    async def report(self, calls: Sequence[tuple[str, str, Any, str | None]]) -> None:
        """Each call (id, name, arguments, outcome) traced, and once it ended on its status line."""
        for key, name, arguments, outcome in calls:
            await self.hooks.trace(key, name, arguments, outcome)
            if outcome is not None:
                await self.hooks.log(call_line(name, arguments, outcome))

    async def final_round(self, budget: bool = False) -> LoopResult:
        if self.remaining() < MIN_USEFUL_SECONDS:
            return self.out_of_time("after the last tool round")
        rounds, cap, spent = self.settings.max_rounds, self.settings.max_subquery_tokens, self.ledger.spent
        stopped: StopReason = "max_rounds"
        prompt = FINAL_ROUND_PROMPT.format(rounds=rounds)
        ran, used = f"used all {rounds} rounds", f"{rounds} rounds used"
        if budget:
            stopped, prompt = "budget", BUDGET_PROMPT.format(spent=spent, cap=cap)
            ran = f"stopped at its token budget ({spent:,} of {cap:,} tokens)"
            used = f"token budget reached ({spent:,} of {cap:,})"
        self.messages.append({"role": "user", "content": prompt})
        room = await self.room(answer_after=False)
        if room is None:
            why = f"[Subquery {ran}; its answer round ({self.ledger.prompt:,} tokens before the reply) would pass the budget."
            return self.result(f"{why} What was gathered:]\n{self.gathered()}", "budget")
        await self.hooks.emit(f"Subquery · {used} · writing the answer", False)
        self.phase = "while the model wrote its final answer"
        reply = await self.ask_model("none", room)
        reading = await self.read(replace(reply, tool_calls=()), final=True)
        await self.log_refused(reading.refused)  # its own calls do not run: they are dropped from the answer
        if reply.error or not reading.content.strip():
            why = f"[Subquery {ran}; {reply.error or 'the model gave no final answer'}."
            return self.result(f"{why} What was gathered:]\n{self.gathered()}", stopped)
        note = BUDGET_NOTE.format(spent=spent, cap=cap) if budget else ""
        answer = reading.content.strip() + refused_note(reading.refused, final=True)
        return self.result(answer + await self.unread(reading) + note, stopped)


def _read_all(mentions: Mentions, texts: Sequence[tuple[str, str]]) -> None:
    for text, where in texts:
        mentions.read(text, where)


def _data_source(p: Prepared, output: ToolOutput, tools: Mapping[str, ToolInfo]) -> str | None:
    """Where a result comes from for the text-call rule; None: not data (the loop's own answer, Tool Search's list)."""
    tool = tools.get(p.call.name)
    if p.answer is not None or output.outcome in ("timed out", "not started") or (tool and tool.own_results):
        return None
    return f"the result of `{p.call.name}`"


def _digest(texts: list[str], where: Sequence[str | None], room: int | None, mentions: Mentions) -> list[str]:
    for text, source in zip(texts, where, strict=True):
        if source:
            mentions.read(text, source)
    return fit_results(texts, room)


async def _approved(loop: _Loop, prepared: list[Prepared], confirm: frozenset[str]) -> list[Prepared]:
    """Anything but a yes before the round must end answers NOT_APPROVED, off the repeat count (it did not run)."""
    out = []
    for p in prepared:
        ask = loop.hooks.confirm if p.call.id in confirm else loop.hooks.approve
        if p.kwargs is not None and not await _yes(loop, ask, p):
            sig = call_signature(p.call.name, p.kwargs)
            loop.counts[sig] = max(loop.counts.get(sig, 1) - 1, 0)
            p = Prepared(p.call, answer=NOT_APPROVED, outcome="not approved")
        out.append(p)
    return out


async def _yes(loop: _Loop, ask: Callable[..., Awaitable[bool]] | None, p: Prepared) -> bool:
    if ask is None:  # nobody can be asked
        return False
    try:
        async with asyncio.timeout(loop.soft_left()):
            return await ask(p.call, p.kwargs, loop.remaining()) is True
    except Exception:  # TimeoutError included; a cancellation goes through
        return False


def _prepared(loop: _Loop, reading: Reading, reasoning: Mapping) -> tuple[dict, list[Prepared], list]:
    """The round's bounded assistant message, and each call prepared in call order (repeats counted)."""
    targets = _targets(reading.calls, loop.hooks.resolve)
    content = cap_text(reading.content, REPLY_CHARS, "reply")
    replayed = [(t.call if isinstance(t, Prepared) else t).as_message_call() for t in targets]
    kept, notes = bounded_reasoning(reasoning, REPLY_CHARS)
    runnable = iter(prepare_round([t for t in targets if isinstance(t, ToolCall)], loop.tools, loop.counts))
    ordered = [t if isinstance(t, Prepared) else next(runnable) for t in targets]
    return {"role": "assistant", "content": content, "tool_calls": replayed, **kept}, ordered, notes


def _targets(calls: list[ToolCall], resolve: Callable) -> list[Prepared | ToolCall]:
    """Each call resolved (Tool Search's `call_tool`) and within the reply's size bound, else answered at once."""
    out: list[Prepared | ToolCall] = []
    budget = REPLY_CHARS
    for call in calls:
        budget -= len(call.arguments or "")
        if budget < 0:
            short = replace(call, arguments="{}", provider=None)
            answer = TOO_LONG.format(limit=REPLY_CHARS)
            out.append(Prepared(short, answer=answer, outcome="refused: arguments too long"))
            continue
        try:
            target = resolve(call)
        except Exception as exc:
            target = f"Error: {exc}"
        out.append(Prepared(call, answer=target, outcome="refused") if isinstance(target, str) else target)
    return out


def _tool_messages(
    prepared: list[Prepared], outputs: list[ToolOutput], texts: list[str], note: str
) -> list[dict]:
    """Chat Completions tool messages cannot carry images: they follow as one user message."""
    out, images = [], [url for output in outputs for url in output.images]
    for i, (p, text) in enumerate(zip(prepared, texts, strict=True)):
        text = f"{text}\n\n{note}" if note and i == len(prepared) - 1 else text
        out.append({"role": "tool", "tool_call_id": p.call.id, "content": text})
    if images:
        parts = [{"type": "image_url", "image_url": {"url": url}} for url in images]
        out.append({"role": "user", "content": [{"type": "text", "text": IMAGES_NOTE}, *parts]})
    return out
