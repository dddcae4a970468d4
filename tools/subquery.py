"""
title: Subquery
author: owui-toolkit
author_url: https://github.com/owui-toolkit/owui-toolkit
version: 1.1.0
license: MIT
description: Hand a focused subtask to a fresh, isolated loop of the same model. It drives native tool calls itself the way Open WebUI's own loop does (approval, filters, reasoning, Tool Search, embeds), in parallel and within bounds, and returns one compact answer.
required_open_webui_version: 0.11.4
"""

# Design notes
# ------------
# The loop.  `Tools.subquery` builds a `Run` (the per-call context: request, user, metadata,
#   emitter, the selected tool entries) and hands `run_subquery_loop` four hooks: complete (one
#   model round), execute (one tool call), approve (the user's yes under tool_approval_mode
#   'ask') and resolve (Tool Search's `call_tool`).  Each round: model reply -> reasoning
#   removed -> structured calls, else calls written as text -> one assistant message whose
#   arguments are valid JSON -> every call prepared (repeat limit and per-round cap counted
#   while the round is prepared) -> approval -> bounded parallel execution -> one tool message
#   per call, in call order.  The last round keeps `tools` with `tool_choice: "none"`.
# Stop reasons (`StopReason`).  answered: the model replied without calls; max_rounds: the
#   synthesis round ran; deadline: total_timeout_seconds ran out (a summary of what THIS
#   subquery gathered is returned); error: the model call failed.  Cancellation re-raises
#   after a final `done: True` status.
# Why request.state is restored.  generate_chat_completion writes bypass flags, metadata and
#   model_id onto the OUTER request, which the outer tool loop reuses for its next model call;
#   every inner call puts back exactly what it may change.
# Private threads.  Open WebUI runs sync tools on the event loop.  Here each sync call gets its
#   own daemon thread (valve run_sync_tools_in_threads), so a blocking tool cannot stall the
#   server and a timed-out one cannot starve later calls (there is no shared pool to fill).
# Recursion marker.  A process-wide ContextVar holds the token of the running subquery; a token
#   counts only while its run is active, so a subquery nested inside the same run is refused,
#   but one started later from a task that a tool spawned (which inherited the token) is not.
# Status lines.  Sent in the background, one at a time and bounded, so a slow socket never holds the
#   loop past total_timeout_seconds; `done` goes after the line under way, awaited at most 0.3 s.
# Turn parameters.  0.12.4 gives a tool no public copy of the chat's temperature etc.: admin
#   defaults < the model's params < the turn's `params` via the public `Request.json()` (see there).
# More than 128 tools.  `cap_request_tools` keeps Tool Search's tools, then the ones the prompt
#   names, then the turn's order; the start status line and a warning log line name the rest.

from __future__ import annotations

import ast
import asyncio
import contextvars
import copy
import inspect
import json
import logging
import math
import re
import sys
import threading
import time
import types
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal

from pydantic import BaseModel, Field

log = logging.getLogger(__name__)

SELF_NAME = "subquery"
SUBQUERY_MARKER = "owui-subquery-tool"  # recognises copies of this tool under any id

# ===========================================================================
# Pure core: no Open WebUI in here.
# ===========================================================================


@dataclass(frozen=True)
class ToolCall:
    """One call the model asked for, normalized. `arguments` is the raw JSON text (or what was parsed).

    `provider` is the call as the model wrote it when Tool Search resolved `call_tool` into it.
    """

    id: str
    name: str
    arguments: str
    source: str = "structured"  # or "inline"
    provider: tuple[str, str] | None = None

    def as_message_call(self) -> dict:
        name, arguments = self.provider or (self.name, self.arguments)
        return {
            "id": self.id,
            "type": "function",
            "function": {"name": name, "arguments": replay_arguments(arguments)},
        }


@dataclass(frozen=True)
class Settings:
    """The loop's limits. The ONE source of defaults: the Valves take theirs from here."""

    max_rounds: int = 8
    max_parallel_tools: int = 8
    max_calls_per_round: int = 16
    tool_timeout_seconds: float = 60.0
    total_timeout_seconds: float = 300.0
    repeat_call_limit: int = 3
    max_result_chars: int = 20_000
    max_output_chars: int = 16_000
    run_request_filters: bool = True
    run_sync_tools_in_threads: bool = True

    @classmethod
    def from_valves(cls, valves: Any) -> Settings:
        return cls(**{f.name: getattr(valves, f.name) for f in fields(cls) if hasattr(valves, f.name)})


DEFAULTS = Settings()


@dataclass(frozen=True)
class ToolInfo:
    """What the loop knows about one executable tool.

    accepted: names the model may fill (None: anything in the spec's properties);
    injected: names the callable's signature reserves for Open WebUI (dropped if the model sends them);
    passthrough: MCP tools get the arguments unfiltered (MCP servers validate their own).
    """

    name: str
    spec: dict
    accepted: frozenset[str] | None
    injected: frozenset[str] = frozenset()
    passthrough: bool = False
    deferred: bool = False

    @property
    def properties(self) -> dict:
        return spec_properties(self.spec)

    @property
    def required(self) -> list[str]:
        return spec_required(self.spec)


def _spec_parameters(spec: Any) -> Mapping:
    params = spec.get("parameters") if isinstance(spec, Mapping) else None
    return params if isinstance(params, Mapping) else {}


def spec_properties(spec: Any) -> dict:
    """The one place that reads a tool's parameters from its function spec: name -> JSON schema."""
    props = _spec_parameters(spec).get("properties")
    return props if isinstance(props, dict) else {}


def spec_required(spec: Any) -> list[str]:
    """The required parameter names of a function spec."""
    req = _spec_parameters(spec).get("required")
    return [r for r in req if isinstance(r, str)] if isinstance(req, list) else []


@dataclass(frozen=True)
class Completion:
    """One model round, as the loop sees it. `reasoning` holds the fields replayed on the next round."""

    content: str = ""
    tool_calls: tuple[dict, ...] = ()
    usage: Mapping[str, int] = field(default_factory=dict)
    error: str | None = None
    reasoning: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ToolOutput:
    """A tool's result for the inner model: text, plus image URLs it should see."""

    text: str
    images: tuple[str, ...] = ()


@dataclass(frozen=True)
class Prepared:
    """A call checked and ready to run (`kwargs`), or answered already (`answer`)."""

    call: ToolCall
    kwargs: dict | None = None
    answer: str | None = None


StopReason = Literal["answered", "max_rounds", "deadline", "error"]


@dataclass(frozen=True)
class LoopResult:
    answer: str
    rounds: int
    tool_calls: int
    usage: Mapping[str, int]
    stopped: StopReason


# Open WebUI's reasoning markers, read by the loop (see `strip_reasoning`).
REASONING_TAGS: tuple[tuple[str, str], ...] = (  # Open WebUI's DEFAULT_REASONING_TAGS (0.12.4)
    ("<think>", "</think>"),
    ("<thinking>", "</thinking>"),
    ("<reason>", "</reason>"),
    ("<reasoning>", "</reasoning>"),
    ("<thought>", "</thought>"),
    ("<Thought>", "</Thought>"),
    ("<|begin_of_thought|>", "<|end_of_thought|>"),
    ("◁think▷", "◁/think▷"),
)
REASONING_FIELDS = ("reasoning_content", "reasoning", "reasoning_details", "thinking", "thinking_blocks")

# Less time than this left is no time: no model round can finish in it.
MIN_USEFUL_SECONDS = 0.25
# Providers reject requests with more tools than this (OpenAI, OpenRouter, Anthropic gateways).
MAX_REQUEST_TOOLS = 128
NOT_APPROVED = "Error: tool call was not approved."
IMAGES_NOTE = "Here are the images from the tool results above. Please analyze them."

FINAL_ROUND_PROMPT = (
    "You have used all {rounds} tool rounds of this subtask. Do not call any more tools. "
    "Answer the subtask now, as completely as you can, from the tool results above; "
    "say briefly what is still unknown."
)


# --- the loop ------------------------------------------------------------------
Complete = Callable[[list[dict], "list[dict] | None", float, "str | None"], Awaitable[Completion]]
Execute = Callable[[ToolCall, dict, float], Awaitable["str | ToolOutput"]]
Emit = Callable[[str, bool], Awaitable[None]]
Approve = Callable[[ToolCall, dict, float], Awaitable[bool]]
Resolve = Callable[[ToolCall], "ToolCall | str"]


async def _always_yes(call: ToolCall, kwargs: dict, remaining: float) -> bool:
    return True


def _unresolved(call: ToolCall) -> ToolCall | str:
    return call


@dataclass(frozen=True)
class Hooks:
    """What the loop needs from the outside world (the adapter's `Run` provides them)."""

    complete: Complete
    execute: Execute
    emit: Emit
    approve: Approve = _always_yes
    resolve: Resolve = _unresolved
    reasoning_tags: tuple[tuple[str, str], ...] = REASONING_TAGS


async def run_calls(
    prepared: Sequence[Prepared], execute: Execute, max_parallel: int, timeout: float
) -> list[ToolOutput]:
    """Run a round's calls concurrently (bounded), results in call order.

    The wait for a free slot counts against `timeout`: a call that never got a slot is
    "not started", one that ran too long "timed out".
    """
    semaphore = asyncio.Semaphore(max(1, max_parallel))

    async def one(p: Prepared) -> ToolOutput:
        if p.answer is not None:
            return ToolOutput(p.answer)
        assert p.kwargs is not None
        started = False

        async def go() -> str | ToolOutput:
            nonlocal started
            async with semaphore:
                started = True
                return await execute(p.call, p.kwargs or {}, timeout)

        try:
            out = await asyncio.wait_for(go(), timeout=max(timeout, 0.001))
        except TimeoutError:
            if not started:
                return ToolOutput(
                    f"Error: `{p.call.name}` was not started: no free slot within {timeout:g} s "
                    "(other calls of this round were still running)."
                )
            return ToolOutput(f"Error: `{p.call.name}` timed out after {timeout:g} s and was abandoned.")
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the model can react to a failing tool
            return ToolOutput(f"Error: `{p.call.name}` raised {type(exc).__name__}: {_safe_str(exc)}")
        return (
            out
            if isinstance(out, ToolOutput)
            else ToolOutput(out if isinstance(out, str) else serialize_result(out))
        )

    return list(await asyncio.gather(*(one(p) for p in prepared)))


def _round_label(calls: Sequence[ToolCall]) -> str:
    counts: dict[str, int] = {}
    for c in calls:
        counts[c.name] = counts.get(c.name, 0) + 1
    label = ", ".join(f"{n} ×{k}" if k > 1 else n for n, k in list(counts.items())[:6])
    return label + (", …" if len(counts) > 6 else "")


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
    usages: list = field(default_factory=list)
    counts: dict = field(default_factory=dict)
    n_calls: int = 0
    rounds: int = 0

    def result(self, answer: str, stopped: StopReason) -> LoopResult:
        capped = cap_text(answer, self.settings.max_output_chars, "answer")
        return LoopResult(capped, self.rounds, self.n_calls, summarize_usage(self.usages), stopped)

    def gathered(self) -> str:
        return gathered_summary(self.messages[self.own_from :], self.settings.max_output_chars)

    def out_of_time(self, what: str) -> LoopResult:
        note = (
            f"[Subquery stopped: the {self.settings.total_timeout_seconds:g} s time limit ran out {what}. "
            "What was gathered so far:]\n"
        )
        return self.result(note + self.gathered(), "deadline")

    def remaining(self) -> float:
        return self.deadline - self.clock()

    async def ask_model(self, tool_choice: str | None) -> Completion | None:
        """One model round under the deadline (None: the time ran out)."""
        remaining = self.remaining()
        specs = request_specs(self.tools)
        try:
            reply = await asyncio.wait_for(
                self.hooks.complete(self.messages, specs, remaining, tool_choice if specs else None),
                timeout=max(remaining, 0.001),
            )
        except TimeoutError:
            return None
        self.usages.append(reply.usage)
        return reply

    def read_calls(self, reply: Completion) -> tuple[str, list[ToolCall]]:
        content = strip_reasoning(_text_of(reply.content), self.hooks.reasoning_tags)
        calls = normalize_tool_calls(reply.tool_calls, f"call_r{self.rounds}")
        if not calls and self.tools:
            specs = {name: t.spec for name, t in self.tools.items()}
            content, calls = inline_calls(content, specs, f"call_r{self.rounds}_inline")
        return content, unique_ids(calls, self.messages)

    async def approved(self, prepared: list[Prepared]) -> list[Prepared]:
        """Ask for each runnable call in turn; anything but a yes answers NOT_APPROVED."""
        out = []
        for p in prepared:
            if p.kwargs is not None:
                try:
                    ok = await asyncio.wait_for(
                        self.hooks.approve(p.call, p.kwargs, self.remaining()),
                        timeout=max(self.remaining(), 0.001),
                    )
                except asyncio.CancelledError:
                    raise
                except Exception:
                    ok = False
                if ok is not True:
                    p = Prepared(p.call, answer=NOT_APPROVED)
            out.append(p)
        return out

    def resolved(self, calls: list[ToolCall]) -> list[Prepared | ToolCall]:
        out: list[Prepared | ToolCall] = []
        for call in calls:
            try:
                target = self.hooks.resolve(call)
            except Exception as exc:
                target = f"Error: {exc}"
            out.append(Prepared(call, answer=target) if isinstance(target, str) else target)
        return out

    async def tool_round(self, content: str, calls: list[ToolCall], reasoning: Mapping[str, Any]) -> None:
        targets = self.resolved(calls)
        self.messages.append(
            {
                "role": "assistant",
                "content": content,
                "tool_calls": [(t.call if isinstance(t, Prepared) else t).as_message_call() for t in targets],
                **reasoning,
            }
        )
        runnable = [t for t in targets if isinstance(t, ToolCall)]
        prepared_iter = iter(prepare_round(runnable, self.tools, self.counts, self.settings))
        prepared = [t if isinstance(t, Prepared) else next(prepared_iter) for t in targets]
        prepared = await self.approved(prepared)
        self.n_calls += len(calls)
        await self.hooks.emit(
            f"Subquery · round {self.rounds}/{self.settings.max_rounds} · calling {_round_label(calls)}",
            False,
        )
        timeout = min(self.settings.tool_timeout_seconds, max(self.remaining(), 0.0))
        outputs = await run_calls(prepared, self.hooks.execute, self.settings.max_parallel_tools, timeout)
        images: list[str] = []
        for p, output in zip(prepared, outputs, strict=True):
            text = cap_text(output.text, self.settings.max_result_chars)
            self.messages.append({"role": "tool", "tool_call_id": p.call.id, "content": text})
            images.extend(output.images)
        if images:  # Chat Completions tool messages cannot carry images: one user message after them
            parts = [{"type": "image_url", "image_url": {"url": url}} for url in images]
            self.messages.append({"role": "user", "content": [{"type": "text", "text": IMAGES_NOTE}, *parts]})

    async def final_round(self) -> LoopResult:
        if self.remaining() < MIN_USEFUL_SECONDS:
            return self.out_of_time("after the last tool round")
        rounds = self.settings.max_rounds
        self.messages.append({"role": "user", "content": FINAL_ROUND_PROMPT.format(rounds=rounds)})
        await self.hooks.emit(f"Subquery · {rounds} rounds used · writing the answer", False)
        reply = await self.ask_model("none")
        if reply is None:
            return self.out_of_time("while the model wrote its final answer")
        text = strip_reasoning(_text_of(reply.content), self.hooks.reasoning_tags)
        text, _ignored = inline_calls(text, {n: t.spec for n, t in self.tools.items()}, "ignored")
        if reply.error or not text.strip():
            reason = reply.error or "the model gave no final answer"
            return self.result(
                f"[Subquery used all {rounds} rounds; {reason}. What was gathered:]\n" + self.gathered(),
                "max_rounds",
            )
        return self.result(text.strip(), "max_rounds")


async def run_subquery_loop(
    messages: list[dict],
    tools: Mapping[str, ToolInfo],
    settings: Settings,
    hooks: Hooks,
    clock: Callable[[], float] = time.monotonic,
) -> LoopResult:
    """The self-driven tool loop. Pure apart from the injected hooks. `messages` is not mutated."""
    state = _Loop(
        list(messages), tools, settings, hooks, clock, clock() + settings.total_timeout_seconds, len(messages)
    )
    while state.rounds < settings.max_rounds:
        if state.remaining() < MIN_USEFUL_SECONDS:
            return state.out_of_time(f"before round {state.rounds + 1}")
        state.rounds += 1
        reply = await state.ask_model(None)
        if reply is None:
            return state.out_of_time(f"while waiting for the model in round {state.rounds}")
        if reply.error:
            if state.rounds == 1:
                return state.result(f"Subquery failed: {reply.error}", "error")
            return state.result(
                f"Subquery could not finish: {reply.error}\nWhat was gathered so far:\n" + state.gathered(),
                "error",
            )
        content, calls = state.read_calls(reply)
        if not calls:
            return state.result(content.strip() or "(the model returned an empty answer)", "answered")
        await state.tool_round(content, calls, reply.reasoning)
        if state.remaining() < MIN_USEFUL_SECONDS:
            return state.out_of_time(f"after round {state.rounds}")
    return await state.final_round()


# --- model replies -------------------------------------------------------------
def reasoning_tags_for(param: Any) -> tuple[tuple[str, str], ...]:
    """`params.reasoning_tags` as Open WebUI reads it: False disables, a [start, end] pair replaces."""
    if param is False:
        return ()
    if isinstance(param, (list, tuple)) and len(param) == 2 and all(isinstance(t, str) and t for t in param):
        return ((param[0], param[1]),)
    return REASONING_TAGS


def _start_pattern(tag: str) -> str:
    if tag.startswith("<") and tag.endswith(">"):
        return rf"<{re.escape(tag[1:-1])}(\s[^>]*)?>"  # attributes allowed, as Open WebUI does
    return re.escape(tag)


def strip_reasoning(content: str, tags: Sequence[tuple[str, str]] = REASONING_TAGS) -> str:
    """Content without reasoning blocks; an unclosed block runs to the end (still reasoning)."""
    if not content:
        return ""
    original = content
    for start, end in tags:
        content = re.sub(rf"{_start_pattern(start)}.*?(?:{re.escape(end)}|\Z)", "", content, flags=re.DOTALL)
    return content.strip() if content != original else content


def reasoning_fields(message: Mapping[str, Any]) -> dict:
    """The reasoning a provider sent on a reply, to go back on that assistant message next round."""
    out = {k: message[k] for k in REASONING_FIELDS if message.get(k) not in (None, "", [], {})}
    provider = message.get("provider_specific_fields")
    if "reasoning_details" not in out and isinstance(provider, Mapping) and provider.get("reasoning_details"):
        out["reasoning_details"] = provider["reasoning_details"]
    return out


def split_json_objects(raw: str) -> list[str]:
    """Back-to-back JSON objects in one arguments string, split as Open WebUI's `_split_tool_calls` does."""
    decoder = json.JSONDecoder()
    parts: list[str] = []
    pos = 0
    try:
        while pos < len(raw):
            while pos < len(raw) and raw[pos].isspace():
                pos += 1
            if pos >= len(raw):
                break
            _, end = decoder.raw_decode(raw, pos)
            parts.append(raw[pos:end].strip())
            pos = end
    except Exception:  # undecodable (or absurdly deep/long): one call, the argument check will explain
        return [raw]
    return parts or [raw]


def _arguments_text(args: Any) -> str:
    if args is None:
        return ""
    if isinstance(args, str):
        return args
    try:
        return json.dumps(args, ensure_ascii=False)
    except Exception:
        return str(type(args).__name__)


def normalize_tool_calls(raw_calls: Any, id_prefix: str = "call") -> list[ToolCall]:
    """Structured `tool_calls` from a provider, made uniform (ids present, arguments as text, split)."""
    if not isinstance(raw_calls, (list, tuple)):
        return []
    calls = []
    for i, raw in enumerate(raw_calls):
        if not isinstance(raw, dict):
            continue
        fn = raw.get("function") if isinstance(raw.get("function"), dict) else {}
        name = fn.get("name") or raw.get("name") or ""
        args = _arguments_text(fn.get("arguments", raw.get("arguments")))
        call_id = str(raw.get("id") or f"{id_prefix}_{i}")
        pieces = split_json_objects(args) if args.strip() else [args]
        for j, piece in enumerate(pieces):
            calls.append(ToolCall(call_id if len(pieces) == 1 else f"{call_id}_{j}", str(name), piece))
    return calls


def unique_ids(calls: list[ToolCall], messages: Sequence[dict]) -> list[ToolCall]:
    """Calls whose ids are unique in the whole request (Anthropic rejects a repeated tool_use id;
    some providers number calls from 0 in every round)."""
    used = {
        tc.get("id")
        for m in messages
        if isinstance(m, dict)
        for tc in (m.get("tool_calls") or [])
        if isinstance(tc, dict)
    }
    out = []
    for call in calls:
        cid = fresh_id(call.id, used)
        out.append(call if cid == call.id else replace(call, id=cid))
    return out


def inline_calls(content: str, specs: Mapping[str, dict], id_prefix: str) -> tuple[str, list[ToolCall]]:
    """`parse_inline_calls`, guarded: odd text never crashes the loop."""
    try:
        return parse_inline_calls(content, specs, id_prefix)
    except Exception:
        log.debug("subquery: inline call parsing failed", exc_info=True)
        return content, []


# --- arguments ---------------------------------------------------------------
def _excerpt(raw: str, limit: int = 200) -> str:
    return raw if len(raw) <= limit else raw[:limit] + "…"


def decode_arguments(name: str, raw: str) -> tuple[dict | None, str | None]:
    """JSON object arguments, or a message the model can act on (it holds the raw text)."""
    if raw is None or not str(raw).strip():
        return {}, None
    try:
        value = json.loads(raw)
    except Exception as exc:
        try:
            value = ast.literal_eval(raw)
        except Exception:
            where = f" ({exc.msg} at position {exc.pos})" if isinstance(exc, json.JSONDecodeError) else ""
            return None, (
                f"Error: the arguments for `{name}` are not valid JSON{where}. "
                f"Received: {_excerpt(raw)}. Send a JSON object."
            )
    if not isinstance(value, dict):
        return None, f"Error: the arguments for `{name}` must be a JSON object, got {type(value).__name__}."
    return value, None


def replay_arguments(raw: str) -> str:
    """The arguments as kept for the next round: valid JSON, `{}` when empty or undecodable."""
    value, error = decode_arguments("", raw)
    if error or value is None:
        return "{}"
    try:
        return json.dumps(value, ensure_ascii=False)
    except Exception:
        return "{}"


def filter_arguments(args: Mapping[str, Any], tool: ToolInfo) -> tuple[dict, list[str]]:
    """Keep what the tool accepts, as Open WebUI does: MCP unfiltered, others by spec (and signature).

    A model-supplied name is dropped when the callable reserves it for injection (`__user__`,
    a bound parameter); an OpenAPI parameter called `_limit` is a normal argument.
    """
    if tool.passthrough:
        return {k: v for k, v in args.items() if isinstance(k, str) and k not in tool.injected}, []
    allowed = frozenset(tool.properties)  # Open WebUI keeps the spec's properties...
    if tool.accepted is not None:
        allowed &= tool.accepted  # ...and a known signature must take them too
    kept, dropped = {}, []
    for key, value in args.items():
        if not isinstance(key, str) or key in tool.injected or key.startswith("__") or key not in allowed:
            dropped.append(str(key))
        else:
            kept[key] = value
    return kept, dropped


def call_signature(name: str, kwargs: Mapping[str, Any]) -> str:
    try:
        return name + ":" + json.dumps(kwargs, sort_keys=True, default=str, ensure_ascii=False)
    except Exception:
        try:
            return name + ":" + repr(sorted(kwargs.items(), key=lambda kv: kv[0]))
        except Exception:
            return f"{name}:{id(kwargs)}"


def is_self_name(name: str) -> bool:
    return name == SELF_NAME


def prepare_call(
    call: ToolCall, tools: Mapping[str, ToolInfo], counts: Mapping[str, int], limit: int
) -> Prepared:
    """Decide what happens to one call: run it (with which kwargs) or answer it right away."""
    tool = tools.get(call.name)
    if tool is None:
        if is_self_name(call.name):
            return Prepared(
                call, answer="Error: `subquery` cannot be called inside a subquery. Use the other tools."
            )
        available = ", ".join(sorted(n for n, t in tools.items() if not t.deferred)) or "none"
        return Prepared(call, answer=f'Error: Tool "{call.name}" not found. Available tools: {available}.')
    args, error = decode_arguments(call.name, call.arguments)
    if error:
        return Prepared(call, answer=error)
    assert args is not None
    if not tool.passthrough:
        args = coerce_arguments(args, tool.properties)
    kwargs, _dropped = filter_arguments(args, tool)
    missing = [r for r in tool.required if r not in kwargs]
    if missing:
        expected = ", ".join(
            f"{k} ({'/'.join(_schema_types(v)) or 'any'})" for k, v in tool.properties.items()
        )
        return Prepared(
            call,
            answer=f"Error: missing required argument(s) for `{call.name}`: {', '.join(missing)}. "
            f"Expected: {expected}.",
        )
    seen = counts.get(call_signature(call.name, kwargs), 0)
    if seen >= limit > 0:
        return Prepared(
            call,
            answer=f"Not executed: `{call.name}` was already called {seen} times with exactly these "
            "arguments. Use the results above, change the arguments, or answer now.",
        )
    return Prepared(call, kwargs=kwargs)


def prepare_round(
    calls: Sequence[ToolCall], tools: Mapping[str, ToolInfo], counts: dict[str, int], settings: Settings
) -> list[Prepared]:
    """Prepare a round's calls in order, counting identical calls AS the round is prepared.

    At most `repeat_call_limit` identical calls run (across rounds too) and at most
    `max_calls_per_round` calls run at all; every call still gets an answer.
    """
    out: list[Prepared] = []
    runnable = 0
    for call in calls:
        if runnable >= settings.max_calls_per_round:
            out.append(
                Prepared(
                    call,
                    answer=f"Not executed: at most {settings.max_calls_per_round} calls run per round. "
                    "Send the remaining calls in the next round if they are still needed.",
                )
            )
            continue
        try:
            p = prepare_call(call, tools, counts, settings.repeat_call_limit)
        except Exception as exc:  # odd arguments must never end the loop
            p = Prepared(
                call,
                answer=f"Error: the arguments for `{call.name}` could not be read ({type(exc).__name__}).",
            )
        if p.kwargs is not None:
            sig = call_signature(call.name, p.kwargs)
            counts[sig] = counts.get(sig, 0) + 1
            runnable += 1
        out.append(p)
    return out


def accepted_parameters(fn: Any) -> frozenset[str] | None:
    """Parameter names a callable takes (None when it takes **kwargs or cannot be inspected)."""
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    names = set()
    for p in sig.parameters.values():
        if p.kind == p.VAR_KEYWORD:
            return None
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY):
            names.add(p.name)
    return frozenset(names)


# --- results -----------------------------------------------------------------
def serialize_result(value: Any) -> str:
    """Open WebUI's own rendering of a tool result: str as is, dict/list as indented JSON."""
    if value is None:
        return ""
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], Mapping):
        value = value[0]  # (data, headers) from an OpenAPI tool server
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, list):
        value = {"results": value}
    if isinstance(value, dict):
        try:
            return json.dumps(value, indent=2, ensure_ascii=False, default=str)
        except Exception:
            return _safe_str(value)
    return _safe_str(value)


def _safe_str(value: Any) -> str:
    try:
        return str(value)
    except Exception:
        return f"<{type(value).__name__} that cannot be shown as text>"


def cap_text(text: str, limit: int, what: str = "result") -> str:
    """Keep the head (and a short tail) of a long text, with a visible note of what was cut."""
    if limit <= 0 or len(text) <= limit:
        return text
    tail = min(limit // 5, 2000)
    head = max(limit - tail, 0)
    removed = len(text) - head - tail
    return f"{text[:head]}\n[… {what} truncated: {removed:,} of {len(text):,} characters removed …]\n" + (
        text[-tail:] if tail else ""
    )


def summarize_usage(usages: Sequence[Any]) -> dict[str, int]:
    total = {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    for usage in usages:
        if not isinstance(usage, Mapping):
            continue
        for key, alt in (("prompt_tokens", "input_tokens"), ("completion_tokens", "output_tokens")):
            value = usage.get(key) or usage.get(alt) or usage.get(key.replace("_tokens", "_eval_count"))
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                total[key] += int(value)
        value = usage.get("total_tokens")
        total["total_tokens"] += (
            int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0
        )
    if not total["total_tokens"]:
        total["total_tokens"] = total["prompt_tokens"] + total["completion_tokens"]
    return total


def human_tokens(n: int) -> str:
    return f"{n / 1000:.1f}k" if n >= 1000 else str(n)


# --- context -------------------------------------------------------------------
TURN_PARAMS = ("temperature", "top_p", "max_tokens", "reasoning_effort", "seed", "stop")


def turn_params(*sources: Any) -> dict:
    """The turn's chat parameters for the inner calls; later sources win, None is skipped."""
    out: dict = {}
    for source in sources:
        if isinstance(source, Mapping):
            out.update({k: source[k] for k in TURN_PARAMS if source.get(k) is not None})
    return out


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(
            p.get("text", "")
            for p in content
            if isinstance(p, dict) and p.get("type") == "text" and isinstance(p.get("text"), str)
        )
    return ""


def tail_messages(messages: Sequence[Any], n: int) -> list[dict]:
    """The last `n` messages of the chat, never cut inside a tool group, starting on a user message.

    System messages are not copied (the persona stays the model's). The cut is widened backwards
    to the user message of that turn; orphaned results and unanswered calls are dropped, so the
    tail is always provider-valid.
    """
    if n <= 0 or not messages:
        return []
    convo = [m for m in messages if isinstance(m, dict) and m.get("role") in ("user", "assistant", "tool")]
    if not convo:
        return []
    start = max(len(convo) - n, 0)
    while start > 0 and convo[start].get("role") != "user":
        start -= 1
    while start < len(convo) and convo[start].get("role") != "user":
        start += 1  # no user message before the cut: begin at the first one after it
    return sanitize_pairs([copy.deepcopy(m) for m in convo[start:]])


def fresh_id(cid: Any, used: set) -> str:
    """The one way call ids are made unique: `cid` itself, or `cid~2`, `cid~3`, ... : the first one not
    used yet (deterministic); it is added to `used`."""
    base = cid if isinstance(cid, str) and cid else "call"
    new, n = base, 1
    while new in used:
        n += 1
        new = f"{base}~{n}"
    used.add(new)
    return new


def sanitize_pairs(messages: list[dict]) -> list[dict]:
    """Drop tool results that answer no call of the group before them; drop unanswered calls.
    A call id that repeats (in one message or across rounds, Open WebUI #28570) gets a unique
    suffix, in the call and in its result: strict providers reject repeated ids."""
    out: list[dict] = []
    used: set = set()
    i = 0
    while i < len(messages):
        m = messages[i]
        if m.get("role") == "assistant" and m.get("tool_calls"):
            j = i + 1
            results = []
            while j < len(messages) and messages[j].get("role") == "tool":
                results.append(messages[j])
                j += 1
            unused = list(results)  # one result per call, matched in order: a multiset match
            kept_calls, kept_results = [], []
            for tc in m["tool_calls"]:
                match = next(
                    (r for r in unused if isinstance(tc, dict) and r.get("tool_call_id") == tc.get("id")),
                    None,
                )
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


def format_sources(sources: Sequence[Any], limit: int) -> str:
    """The chat's retrieved file context as `<source>` blocks (the form Open WebUI gives the model)."""
    parts = []
    for source in sources or []:
        if not isinstance(source, Mapping):
            continue
        src = source.get("source") if isinstance(source.get("source"), Mapping) else {}
        name = src.get("name") or src.get("id") or "source"
        for doc in source.get("document") or []:
            if isinstance(doc, str) and doc.strip():
                parts.append(f'<source name="{name}">{doc.strip()}</source>')
    return cap_text("\n".join(parts), limit, "file context") if parts else ""


def files_context(files: Sequence[Any], sources: Sequence[Any], limit: int) -> str:
    """Context for the chat's files: the retrieved sources, else full-context file text, else names."""
    if not files:
        return ""
    text = format_sources(sources, limit)
    if text:
        return text
    parts, names = [], []
    for f in files:
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


def first_user_message(prompt: str, context: str) -> dict:
    if not context:
        return {"role": "user", "content": prompt}
    return {"role": "user", "content": f"{context}\n\n{prompt}"}


def gathered_summary(messages: Sequence[dict], limit: int) -> str:
    """What the loop collected (pass only the subquery's own messages), for when it cannot finish."""
    names: dict[str, str] = {}
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


# Tool Search's own tools: they reach every deferred tool, so they stay whenever the cap bites.
TOOL_SEARCH_NAMES = ("search_tools", "call_tool")


def _named_in(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE) is not None


def cap_request_tools(
    tools: Mapping[str, ToolInfo], prompt: str, limit: int = MAX_REQUEST_TOOLS
) -> tuple[dict[str, ToolInfo], list[str]]:
    """At most `limit` tools go into the request; returns (the tools kept, the names left out).

    Deterministic: Tool Search's own tools first, then the tools the prompt names (a whole-word,
    case-insensitive match), then the rest, each group in the turn's tool order. Deferred tools
    never count (they are not in the request). The order of the kept tools is left as it was.
    """
    sent = [n for n, t in tools.items() if not t.deferred]
    if len(sent) <= limit:
        return dict(tools), []
    text = prompt if isinstance(prompt, str) else ""
    first = [n for n in sent if n in TOOL_SEARCH_NAMES]
    named = [n for n in sent if n not in first and _named_in(n, text)]
    rest = [n for n in sent if n not in first and n not in named]
    keep = set((first + named + rest)[:limit])
    kept = {n: t for n, t in tools.items() if t.deferred or n in keep}
    return kept, [n for n in sent if n not in keep]


def left_out_note(left_out: Sequence[str], shown: int = 5) -> str:
    """`t1, t2, … (+N more)`: the names a status line can carry."""
    head = ", ".join(left_out[:shown])
    return head + (f", … (+{len(left_out) - shown} more)" if len(left_out) > shown else "")


def request_specs(tools: Mapping[str, ToolInfo]) -> list[dict] | None:
    """The `tools` of a request: deferred ones stay out, never more than MAX_REQUEST_TOOLS."""
    specs = [{"type": "function", "function": t.spec} for t in tools.values() if not t.deferred]
    return specs[:MAX_REQUEST_TOOLS] or None


# >>> text-call section (issue 9 owns it): calls that models write as text.
# Interface used by the rest of the file, keep it stable:
#   parse_inline_calls(content, specs, id_prefix) -> (text before the first call, [ToolCall])
#   coerce_arguments(args, properties) -> dict      (typing by JSON schema)
#   _schema_types(schema) -> list[str]
# Every dialect below is one small parser that returns `_Unit`s (stretches of the reply that hold
# calls). A unit is taken whole, or stays text: every call in it must name an offered tool and carry
# well-formed arguments. The dialect table (`_DIALECTS`) is at the end of this section.

# --- typing by the tool's JSON schema -----------------------------------------------------
_TYPE_ALIASES = {
    "float": "number",
    "int": "integer",
    "bool": "boolean",
    "dict": "object",
    "list": "array",
    "str": "string",
    "none": "null",
}
_INTEGER = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")
_NULLS = frozenset({"null", "None", "NULL"})
_MAX_LITERAL = 200_000  # characters; longer text is not parsed as a Python literal


def _schema_types(schema: Any) -> list[str]:
    """The JSON types a schema allows, in its order, with non-standard names (`int`, `dict`...) mapped."""
    if not isinstance(schema, dict):
        return []
    found: list[str] = []
    t = schema.get("type")
    for name in [t] if isinstance(t, str) else t if isinstance(t, list) else []:
        if isinstance(name, str):
            found.append(_TYPE_ALIASES.get(name.lower(), name.lower()))
    for key in ("anyOf", "oneOf", "allOf"):
        subs = schema.get(key)
        for sub in subs if isinstance(subs, list) else []:
            found.extend(_schema_types(sub))
    if not found and isinstance(schema.get("enum"), list) and schema["enum"]:
        first = schema["enum"][0]
        found.append({bool: "boolean", int: "integer", float: "number"}.get(type(first), "string"))
    return list(dict.fromkeys(found))


def _jsonable(value: Any) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def _literal(text: str) -> Any:
    """A JSON value, or else a Python literal (`ast.literal_eval`, never `eval`); None-marker on failure."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    if len(text) > _MAX_LITERAL:
        return _NOTHING
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return _NOTHING
    return json.loads(json.dumps(value)) if _jsonable(value) else _NOTHING  # tuples become lists


_NOTHING = object()


def _as_type(text: str, kind: str) -> tuple[bool, Any]:
    """Read `text` as one JSON type: (True, value) or (False, None)."""
    try:
        if kind in ("integer", "number") and _INTEGER.fullmatch(text):
            return True, int(text)
        if kind in ("integer", "number") and _NUMBER.fullmatch(text):
            number = float(text)
            if math.isfinite(number) and (kind == "number" or number.is_integer()):
                return True, number if kind == "number" else int(number)
    except (ValueError, OverflowError):  # e.g. more digits than int() converts
        return False, None
    if kind == "boolean" and text.lower() in ("true", "false"):
        return True, text.lower() == "true"
    if kind == "null" and text in _NULLS:
        return True, None
    if kind in ("object", "array"):
        value = _literal(text)
        if isinstance(value, dict if kind == "object" else list):
            return True, value
    return False, None


def coerce_value(raw: str, schema: Any) -> Any:
    """Type a text value by its schema: the non-string types first, then string; else keep the text."""
    text = raw.strip()
    for kind in sorted(_schema_types(schema), key=lambda k: k == "string"):
        if kind == "string":
            return raw
        ok, value = _as_type(text, kind)
        if ok:
            return value
    return raw


def coerce_arguments(args: Mapping[str, Any], properties: Mapping[str, Any]) -> dict:
    """Coerce string values whose schema does not allow a string (models often quote numbers)."""
    out = {}
    for key, value in args.items():
        schema = properties.get(key)
        if isinstance(value, str) and schema is not None and "string" not in _schema_types(schema):
            out[key] = coerce_value(value, schema)
        else:
            out[key] = value
    return out


# --- shared pieces of the parsers -----------------------------------------------------------
@dataclass(frozen=True)
class _Unit:
    """A stretch [start, end) of the reply holding calls: (name, arguments or None if malformed, typed)."""

    start: int
    end: int
    calls: tuple[tuple[str, Any, bool], ...]  # typed=False: every value is text, type it by the schema
    dialect: str = ""  # set by `_find_units`


_BAD = ("", None, True)  # a malformed call: its unit stays text
_DECODER = json.JSONDecoder()
_WS = re.compile(r"\s*")


_MAX_UNITS = 128  # call openers looked at per dialect: a reply full of markers costs bounded work


def _capped(matches: Any) -> Any:
    for n, m in enumerate(matches):
        if n >= _MAX_UNITS:
            return
        yield m


def _skip_ws(text: str, pos: int) -> int:
    return _WS.match(text, pos).end()  # type: ignore[union-attr]


def _json_at(text: str, pos: int) -> tuple[Any, int]:
    """Decode one JSON value at `pos` (after blanks) with `raw_decode`: (value, end) or (_NOTHING, pos)."""
    start = _skip_ws(text, pos)
    try:
        return _DECODER.raw_decode(text, start)
    except (ValueError, RecursionError):
        return _NOTHING, pos


def _args_object(raw: Any) -> dict | None:
    """Arguments as a dict: a dict, a JSON text of one, or null (= no arguments)."""
    if raw is None:
        return {}
    if isinstance(raw, str):
        raw = _literal(raw) if raw.strip() else {}
    return raw if isinstance(raw, dict) else None


_CALL_KEYS = frozenset({"name", "arguments", "parameters", "type", "id", "function"})


def _json_call(obj: Any) -> tuple[str, Any, bool]:
    """`{"name", "arguments"|"parameters"}`, also `{"type": "function", ...}` and `{"function": {...}}`."""
    if isinstance(obj, dict) and isinstance(obj.get("function"), dict) and "name" not in obj:
        obj = {**obj["function"], "type": obj.get("type", "function")}
    if not isinstance(obj, dict) or not isinstance(obj.get("name"), str) or set(obj) - _CALL_KEYS:
        return _BAD
    if obj.get("type", "function") != "function":
        return _BAD
    raw = obj["arguments"] if "arguments" in obj else obj.get("parameters")
    return obj["name"], _args_object(raw), True


def _trim_value(value: str) -> str:
    """Drop one newline after the opening tag and one before the closing tag, then the block's indentation."""
    block = value.startswith(("\n", "\r\n"))
    if block:
        value = value[2:] if value.startswith("\r\n") else value[1:]
    tail = re.search(r"\r?\n[ \t]*\Z", value)
    if tail:
        value = value[: tail.start()]
    if not block:
        return value
    lines = value.split("\n")
    indents = [line[: len(line) - len(line.lstrip(" \t"))] for line in lines if line.strip()]
    cut = indents[0] if indents else ""
    for indent in indents[1:]:
        while not indent.startswith(cut):
            cut = cut[:-1]
    return "\n".join(line[len(cut) :] if line.startswith(cut) else line.lstrip(" \t") for line in lines)


# Closing tags, drift tolerated: `</parameter>`, `</parameter1>`, a bare `</parameter`.
def _closer(tag: str) -> re.Pattern[str]:
    return re.compile(rf"</{tag}(?:[^<>\n]{{0,20}}>|(?=[\s<]|\Z))")


_TAGS_CLOSE = re.compile(r"</(?:parameter|function|tool_call|arg_value|arg_key|tools)\b")
_CALL_OPEN = re.compile(r"<tool_call>|<function=|<tools>")
_MAX_CANDIDATES = 256


@dataclass(frozen=True)
class _Xml:
    """One XML-ish dialect: how a key opens, how its value closes, how the call ends."""

    key: re.Pattern[str]  # at the current position: group 1 is the key; ends where the value starts
    nest_open: str  # a whole call opening inside a value (nesting depth), and its closing tag
    nest_close: str
    value_close: re.Pattern[str]
    end: tuple[re.Pattern[str], ...]  # the call's closing tags, in order (the last may be missing at the end)

    @property
    def events(self) -> re.Pattern[str]:
        """Nested calls opening and closing, and value closers, in text order (`re` caches the pattern)."""
        return re.compile(
            f"(?P<open>{self.nest_open})|(?P<shut>{self.nest_close})|(?P<close>{self.value_close.pattern})"
        )


def _clean_after(text: str, pos: int) -> bool:
    """After a call: nothing, another call, or text without closing tags (a closer means we were inside a value)."""
    at = _skip_ws(text, pos)
    return at == len(text) or bool(_CALL_OPEN.match(text, at)) or not _TAGS_CLOSE.search(text, at)


def _call_end(text: str, pos: int, dialect: _Xml) -> int | None:
    """Offset after the call's closing tags at `pos`, or None. Missing closers are fine at the very end."""
    for i, tag in enumerate(dialect.end):
        pos = _skip_ws(text, pos)
        if pos == len(text):
            return pos
        m = tag.match(text, pos)
        if m:
            pos = m.end()
        elif i == len(dialect.end) - 1:  # only an inner closer (`</function>`) may be missing
            return None
    return pos if _clean_after(text, pos) else None


def _continues(text: str, pos: int, dialect: _Xml, keys: frozenset[str], seen: set[str]) -> str | None:
    """What follows a value that closes at `pos`: "key" (a new key of this tool), "end" (the call's end), or None."""
    at = _skip_ws(text, pos)
    m = dialect.key.match(text, at)
    if m:
        key = m.group(1)
        return "key" if key not in seen and (key in keys or not keys) else None
    return "end" if _call_end(text, pos, dialect) is not None else None


def _value_end(
    text: str, start: int, dialect: _Xml, keys: frozenset[str], seen: set[str]
) -> tuple[int, int] | None:
    """Where this value ends: (end of value, end of its closing tag), None if malformed. A value runs to the
    close of *its* key: closers nested inside it, or followed by text that cannot follow a value, stay in it.
    First choice: a closer not nested in the value, or one that ends the call; else the first that fits."""
    fallback: tuple[int, int] | None = None
    depth, closers = 0, 0
    for n, m in enumerate(dialect.events.finditer(text, start)):
        if n >= 2 * _MAX_CANDIDATES:  # a reply full of tags costs a bounded amount of work per value
            break
        if m.lastgroup != "close":
            depth = depth + 1 if m.lastgroup == "open" else max(depth - 1, 0)
            continue
        closers += 1
        follows = _continues(text, m.end(), dialect, keys, seen)
        if follows and (depth == 0 or follows == "end"):
            return m.start(), m.end()
        if follows and fallback is None:
            fallback = m.start(), m.end()
    if closers:
        return fallback  # None: closers, but none that leaves a well-formed call
    return len(text), len(text)  # truncated output: the value runs to the end


def _xml_pairs(text: str, pos: int, dialect: _Xml, keys: frozenset[str]) -> tuple[dict, int] | None:
    """Read key/value pairs from `pos` to the end of the call: (pairs, end of the call) or None."""
    args: dict[str, str] = {}
    while True:
        at = _skip_ws(text, pos)
        m = dialect.key.match(text, at)
        if not m:
            end = _call_end(text, pos, dialect)
            return (args, end) if end is not None else None
        key = m.group(1)
        if key in args:
            return None
        found = _value_end(text, m.end(), dialect, keys, set(args) | {key})
        if found is None:
            return None
        value_end, pos = found
        args[key] = _trim_value(text[m.end() : value_end])
        if pos == len(text) and value_end == len(text):
            return args, pos


def _keys_of(specs: Mapping[str, dict], name: str) -> frozenset[str]:
    return frozenset(spec_properties(specs.get(name)))


# --- the dialects -------------------------------------------------------------------------
_QWEN = _Xml(
    key=re.compile(r"<parameter=\s*[\"']?([^>\"'\s]+)[\"']?\s*>"),
    nest_open=r"<function=\s*[\"']?[^>\"'\s]+[\"']?\s*>",
    nest_close="</function",
    value_close=_closer("parameter"),
    end=(_closer("function"),),
)
_QWEN_WRAPPED = _Xml(
    _QWEN.key,
    _QWEN.nest_open,
    _QWEN.nest_close,
    _QWEN.value_close,
    (_closer("function"), _closer("tool_call")),
)
_QWEN_OPEN = re.compile(r"(<tool_call>\s*)?<function=\s*[\"']?([^>\"'\s]+)[\"']?\s*>")


def _parse_qwen3_xml(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Qwen3-Coder XML, wrapped or bare:
    `<tool_call><function=get_time><parameter=zone>UTC</parameter></function></tool_call>`."""
    units, pos = [], 0
    while len(units) < _MAX_UNITS and (m := _QWEN_OPEN.search(text, pos)):
        pos = m.end()
        dialect = _QWEN_WRAPPED if m.group(1) else _QWEN
        found = _xml_pairs(text, m.end(), dialect, _keys_of(specs, m.group(2)))
        if found is not None:
            units.append(_Unit(m.start(), found[1], ((m.group(2), found[0], False),)))
            pos = found[1]
    return units


_GLM = _Xml(
    key=re.compile(r"<arg_key>\s*([^<>]+?)\s*</arg_key>\s*<arg_value>"),
    nest_open=r"<tool_call>\s*[A-Za-z_][\w.\-]*\s*(?=<arg_key>|</tool_call)",
    nest_close="</tool_call",
    value_close=_closer("arg_value"),
    end=(_closer("tool_call"),),
)
_GLM_OPEN = re.compile(r"<tool_call>\s*([A-Za-z_][\w.\-]*)(?=\s*(?:<arg_key>|</tool_call|\Z))")


def _parse_glm(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """GLM-4.5 / 4.6: `<tool_call>get_time<arg_key>zone</arg_key><arg_value>UTC</arg_value></tool_call>`."""
    units, pos = [], 0
    while len(units) < _MAX_UNITS and (m := _GLM_OPEN.search(text, pos)):
        pos = m.end()
        found = _xml_pairs(text, m.end(), _GLM, _keys_of(specs, m.group(1)))
        if found is not None:
            units.append(_Unit(m.start(), found[1], ((m.group(1), found[0], False),)))
            pos = found[1]
    return units


_HERMES_OPEN = re.compile(r"<(tool_call|tools)>(?=\s*\{)")


def _parse_hermes(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Hermes / Qwen2.5: `<tool_call>{"name": "get_time", "arguments": {"zone": "UTC"}}</tool_call>`
    (Qwen2.5-Coder may wrap it in `<tools>...</tools>`). The JSON is read with `raw_decode`, so a
    `</tool_call>` inside a string does not cut the call."""
    units = []
    # An opener inside a call's JSON makes an inner unit, which `_find_units` drops.
    for m in _capped(_HERMES_OPEN.finditer(text)):
        obj, end = _json_at(text, m.end())
        if obj is _NOTHING:
            continue
        close = _closer(m.group(1)).match(text, _skip_ws(text, end))
        if close:
            end = close.end()
        elif _skip_ws(text, end) != len(text):
            continue
        units.append(_Unit(m.start(), end, (_json_call(obj),)))
    return units


_MISTRAL = re.compile(r"\[TOOL_CALLS\]\s*")
_MISTRAL_NAME = re.compile(r"([A-Za-z_][\w.\-]*)\s*(?:\[CALL_ID\]\s*\w+\s*)?(?:\[ARGS\])?\s*(?=\{)")


def _parse_mistral(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Mistral: `[TOOL_CALLS][{"name": "get_time", "arguments": {"zone": "UTC"}}]`, also
    `[TOOL_CALLS]get_time{"zone": "UTC"}` and `[TOOL_CALLS]get_time[ARGS]{"zone": "UTC"}`."""
    units = []
    for m in _capped(_MISTRAL.finditer(text)):
        named = _MISTRAL_NAME.match(text, m.end())
        value, end = _json_at(text, named.end() if named else m.end())
        if value is _NOTHING:
            units.append(_Unit(m.start(), m.end(), (_BAD,)))
        elif named:
            units.append(_Unit(m.start(), end, ((named.group(1), _args_object(value), True),)))
        elif isinstance(value, list) and value:
            units.append(_Unit(m.start(), end, tuple(_json_call(v) for v in value)))
        else:
            units.append(_Unit(m.start(), end, (_json_call(value),)))
    return units


_HARMONY = re.compile(
    r"(?:<\|start\|>\s*assistant\s*)?(?:(?:<\|channel\|>\s*)?(?:commentary|analysis)\s+)?"
    r"to=functions\.([\w.\-]+)\s*(?:<\|channel\|>\s*(?:commentary|analysis)\s*)?"
    r"(?:<\|constrain\|>\s*)?(?:json\s*)?<\|message\|>"
)
_HARMONY_END = re.compile(r"\s*(?:<\|call\|>|<\|end\|>|\Z|(?=<\|start\|>))")


def _parse_harmony(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """gpt-oss harmony: `<|channel|>commentary to=functions.get_time <|constrain|>json<|message|>{"zone": "UTC"}<|call|>`
    (the recipient may also stand before the channel: `<|start|>assistant to=functions.get_time<|channel|>...`)."""
    units = []
    for m in _capped(_HARMONY.finditer(text)):
        value, end = _json_at(text, m.end())
        close = _HARMONY_END.match(text, end) if value is not _NOTHING else None
        if close is None:
            units.append(_Unit(m.start(), m.end(), (_BAD,)))
        else:
            units.append(_Unit(m.start(), close.end(), ((m.group(1), _args_object(value), True),)))
    return units


def _harmony_text(text: str) -> str:
    """What a harmony reply says outside its calls: the final/commentary messages, not the analysis."""
    text = re.sub(r"<\|channel\|>\s*analysis\s*<\|message\|>.*?(?:<\|end\|>|\Z)", "", text, flags=re.DOTALL)
    text = re.sub(r"<\|start\|>\s*assistant|<\|channel\|>\s*\w+|<\|constrain\|>\s*\w+", "", text)
    return re.sub(r"<\|(?:message|end|return|call)\|>", "", text)


_BAR = "[|\uff5c]"  # DeepSeek writes its tokens with a fullwidth bar and U+2581 (shown as ▁)
_DS_BEGIN = re.compile(rf"<{_BAR}tool[\u2581_]calls[\u2581_]begin{_BAR}>")
_DS_CALL = re.compile(
    rf"\s*<{_BAR}tool[\u2581_]call[\u2581_]begin{_BAR}>([^<]*?)<{_BAR}tool[\u2581_]sep{_BAR}>"
)
_DS_CALL_END = re.compile(rf"\s*(?:```\s*)?<{_BAR}tool[\u2581_]call[\u2581_]end{_BAR}>")
_DS_END = re.compile(rf"\s*(?:<{_BAR}tool[\u2581_]calls[\u2581_]end{_BAR}>|\Z)")
_DS_V3_NAME = re.compile(r"\s*([\w.\-]+)\s*\n\s*(?:```(?:json)?)?")


def _deepseek_call(text: str, pos: int) -> tuple[tuple[str, Any, bool], int] | None:
    """One DeepSeek call after `pos`: V3 `function<sep>NAME```json{...}```` or V3.1 `NAME<sep>{...}`."""
    m = _DS_CALL.match(text, pos)
    if not m:
        return None
    left, at = m.group(1).strip(), m.end()
    if text[_skip_ws(text, at) : _skip_ws(text, at) + 1] == "{":
        name = left  # V3.1
    else:
        named = _DS_V3_NAME.match(text, at)
        if not named:
            return _BAD, m.end()
        name, at = named.group(1), named.end()
    value, end = _json_at(text, at)
    close = _DS_CALL_END.match(text, end) if value is not _NOTHING else None
    if close is None:
        return _BAD, m.end()
    return (name, _args_object(value), True), close.end()


def _parse_deepseek(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """DeepSeek V3.1: `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_time<｜tool▁sep｜>{"zone": "UTC"}`
    `<｜tool▁call▁end｜><｜tool▁calls▁end｜>`; V3 writes `function<｜tool▁sep｜>get_time` and a ```json fence."""
    return _sections(text, _DS_BEGIN, _deepseek_call, _DS_END)


_KIMI_BEGIN = re.compile(r"<\|tool_calls?_section_begin\|>")
_KIMI_CALL = re.compile(
    r"\s*<\|tool_call_begin\|>\s*(?:functions\.)?([\w.\-]+?)(?::\d+)?\s*<\|tool_call_argument_begin\|>"
)
_KIMI_CALL_END = re.compile(r"\s*<\|tool_call_end\|>")
_KIMI_END = re.compile(r"\s*(?:<\|tool_calls?_section_end\|>|\Z)")


def _kimi_call(text: str, pos: int) -> tuple[tuple[str, Any, bool], int] | None:
    m = _KIMI_CALL.match(text, pos)
    if not m:
        return None
    value, end = _json_at(text, m.end())
    close = _KIMI_CALL_END.match(text, end) if value is not _NOTHING else None
    if close is None:
        return _BAD, m.end()
    return (m.group(1), _args_object(value), True), close.end()


def _parse_kimi(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Kimi K2: `<|tool_calls_section_begin|><|tool_call_begin|>functions.get_time:0`
    `<|tool_call_argument_begin|>{"zone": "UTC"}<|tool_call_end|><|tool_calls_section_end|>`."""
    return _sections(text, _KIMI_BEGIN, _kimi_call, _KIMI_END)


def _sections(text: str, begin: re.Pattern[str], one: Callable, end: re.Pattern[str]) -> list[_Unit]:
    """A section of calls between two markers: one unit, taken whole or not at all."""
    units = []
    for m in _capped(begin.finditer(text)):
        calls, pos = [], m.end()
        while (found := one(text, pos)) is not None:
            calls.append(found[0])
            pos = found[1]
            if found[0] is _BAD:
                break
        close = end.match(text, pos)
        units.append(
            _Unit(m.start(), close.end() if close else pos, tuple(calls) if close and calls else (_BAD,))
        )
    return units


_PYTHON_TAG = re.compile(r"<\|python_tag\|>")
_LLAMA_END = re.compile(r"\s*(?:<\|eom_id\|>|<\|eot_id\|>)?\s*\Z")


def _json_calls(text: str, pos: int) -> tuple[list[tuple[str, Any, bool]], int] | None:
    """One JSON call, a list of them, or several separated by `;` (Llama 3.x): (calls, end) or None."""
    calls: list[tuple[str, Any, bool]] = []
    while True:
        value, end = _json_at(text, pos)
        if value is _NOTHING:
            return None
        calls.extend(_json_call(v) for v in (value if isinstance(value, list) else [value]))
        if not value:
            return None
        at = _skip_ws(text, end)
        if not text.startswith(";", at):
            return calls, end
        pos = at + 1


def _parse_llama_tag(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Llama 3.x after its tag: `<|python_tag|>{"name": "get_time", "parameters": {"zone": "UTC"}}`."""
    m = _PYTHON_TAG.search(text)
    found = _json_calls(text, m.end()) if m else None
    if not m or found is None or not _LLAMA_END.match(text, found[1]):
        return [_Unit(m.start(), len(text), (_BAD,))] if m else []
    return [_Unit(m.start(), len(text), tuple(found[0]))]


_FENCE = re.compile(r"\A```[ \t]*(?:json|JSON)?[ \t]*\n(.*?)\n?[ \t]*```\Z", re.DOTALL)


def _parse_json_only(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Llama 3.x JSON when the reply is nothing but the call(s): `{"name": "get_time", "parameters": {...}}`,
    a list of them, `{"type": "function", ...}`, or the same inside a ```json fence."""
    body = text.strip()
    fenced = _FENCE.match(body)
    if fenced:
        body = fenced.group(1).strip()
    if not body.startswith(("{", "[")):
        return []
    found = _json_calls(body, 0)
    if found is None or body[found[1] :].strip():
        return []
    return [_Unit(0, len(text), tuple(found[0]))]


_PY_NAMES = {"true": True, "false": False, "null": None, "True": True, "False": False, "None": None}


def _py_value(node: ast.AST) -> Any:
    """A literal from a pythonic call (JSON's true/false/null accepted too); ValueError otherwise."""
    if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, float, bool, type(None))):
        return node.value
    if isinstance(node, ast.Name) and node.id in _PY_NAMES:
        return _PY_NAMES[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _py_value(node.operand)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, (ast.List, ast.Tuple)):
        return [_py_value(e) for e in node.elts]
    if isinstance(node, ast.Dict) and None not in node.keys:
        return {_py_value(k): _py_value(v) for k, v in zip(node.keys, node.values, strict=True)}
    raise ValueError("not a literal")


_PY_WRAP = re.compile(r"\A\s*(?:<\|python_start\|>)?\s*(\[.*\])\s*(?:<\|python_end\|>)?\s*\Z", re.DOTALL)


def _parse_pythonic(text: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Pythonic (Llama 3.2 / 4), when the reply is nothing but the list: `[get_time(zone="UTC"), now()]`."""
    m = _PY_WRAP.match(text) if len(text) <= _MAX_LITERAL else None
    if not m:
        return []
    try:
        tree = ast.parse(m.group(1), mode="eval").body
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return []
    if not isinstance(tree, ast.List) or not tree.elts:
        return []
    calls = []
    for node in tree.elts:
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name) or node.args:
            return []
        try:
            args = {k.arg: _py_value(k.value) for k in node.keywords if k.arg is not None}
        except (ValueError, TypeError, RecursionError):
            return [_Unit(0, len(text), (_BAD,))]
        calls.append((node.func.id, args if len(args) == len(node.keywords) else None, True))
    return [_Unit(0, len(text), tuple(calls))]


@dataclass(frozen=True)
class _Dialect:
    """One way of writing calls as text: a parser returning units, and the dialect's own quirks as hooks."""

    name: str
    markers: tuple[str, ...]  # the parser runs only if one of these is in the reply ("" = always)
    parse: Callable[[str, Mapping[str, dict]], list[_Unit]]
    # What the reply says outside its calls, when one of its calls was taken (e.g. harmony's channels).
    clean_text: Callable[[str], str] | None = None


_DIALECTS: tuple[_Dialect, ...] = (
    _Dialect("hermes", ("<tool_call>", "<tools>"), _parse_hermes),
    _Dialect("qwen3_xml", ("<function=",), _parse_qwen3_xml),
    _Dialect("glm45", ("<tool_call>",), _parse_glm),
    _Dialect("mistral", ("[TOOL_CALLS]",), _parse_mistral),
    _Dialect("harmony", ("to=functions.",), _parse_harmony, clean_text=_harmony_text),
    _Dialect("deepseek", ("tool\u2581calls\u2581begin", "tool_calls_begin"), _parse_deepseek),
    _Dialect("kimi_k2", ("_section_begin|>",), _parse_kimi),
    _Dialect("llama3_json", ("<|python_tag|>",), _parse_llama_tag),
    _Dialect("llama3_json_only", ("{", "[", "```"), _parse_json_only),
    _Dialect("pythonic", ("[",), _parse_pythonic),
)
_DIALECT_BY_NAME = {d.name: d for d in _DIALECTS}


def _find_units(content: str, specs: Mapping[str, dict]) -> list[_Unit]:
    """Every dialect's units, the outermost first. Dropped: a unit inside another one (a call in a value),
    and one quoted in prose (right after a backtick, or inside a code fence that is not the whole reply)."""
    found = [
        replace(u, dialect=d.name)
        for d in _DIALECTS
        if any(k in content for k in d.markers)
        for u in d.parse(content, specs)
    ]
    fences = [m.start() for m in re.finditer("```", content)]
    whole = content.strip()
    fenced_reply = len(fences) == 2 and whole.startswith("```") and whole.endswith("```")
    taken: list[_Unit] = []
    before = 0  # fences before the unit's start
    for unit in sorted(found, key=lambda u: (u.start, -u.end)):
        while before < len(fences) and fences[before] < unit.start:
            before += 1
        quoted = unit.start > 0 and (content[unit.start - 1] == "`" or (before % 2 == 1 and not fenced_reply))
        if not quoted and (not taken or unit.start >= taken[-1].end):
            taken.append(unit)
    return taken


def _accept(unit: _Unit, specs: Mapping[str, dict]) -> list[tuple[str, str]] | None:
    """The unit's calls as (name, JSON arguments) if every one is well-formed and offered; else None."""
    out = []
    for name, args, typed in unit.calls:
        if name not in specs or not isinstance(args, dict):
            return None
        props = spec_properties(specs.get(name))
        if typed:
            args = coerce_arguments(args, props)
        else:
            args = {k: coerce_value(v, props.get(k)) if isinstance(v, str) else v for k, v in args.items()}
        if not _jsonable(args):
            return None
        out.append((name, json.dumps(args, ensure_ascii=False)))
    return out or None


# End-of-turn tokens a server may leave after a call; they are not the assistant's text.
_END_TOKENS = re.compile(
    r"(?:\s*(?:</s>|<\|eot_id\|>|<\|eom_id\|>|<\|im_end\|>|<\|endoftext\|>|<\|return\|>"
    r"|<\uff5cend\u2581of\u2581sentence\uff5c>))+\s*\Z"
)


def parse_inline_calls(
    content: str, specs: Mapping[str, dict], id_prefix: str = "call_inline"
) -> tuple[str, list[ToolCall]]:
    """Find tool calls written as text (`specs`: the offered tools' function specs by name).

    Returns (the reply's text outside the calls, calls in order); the text before the first call
    comes first. A call is taken only when it is well-formed and names an offered tool; anything
    else stays text. The dialects are listed in `_DIALECTS`; each parser's docstring shows one example.
    """
    if not content or not specs:
        return content or "", []
    calls: list[ToolCall] = []
    kept: list[str] = []
    pos = 0
    cleaners: dict[str, Callable[[str], str]] = {}
    for unit in _find_units(content, specs):
        accepted = _accept(unit, specs)
        if accepted is None:
            continue
        kept.append(content[pos : unit.start])
        hook = _DIALECT_BY_NAME[unit.dialect].clean_text
        if hook is not None:
            cleaners[unit.dialect] = hook
        pos = unit.end
        for name, arguments in accepted:
            calls.append(ToolCall(f"{id_prefix}_{len(calls)}", name, arguments, "inline"))
    if not calls:
        return content, []
    kept.append(content[pos:])
    texts = [_END_TOKENS.sub("", _cleaned(t, cleaners.values())) for t in kept]
    return "\n".join(t.strip() for t in texts if t.strip()), calls


def _cleaned(text: str, hooks: Any) -> str:
    for hook in hooks:
        text = hook(text)
    return text


# <<< end of the text-call section


# --- recursion guard ---------------------------------------------------------------
def _marker() -> types.ModuleType:
    """One process-wide marker, shared by every copy of this tool (any tool id)."""
    holder = sys.modules.get("_owui_subquery_depth")
    if holder is None or not hasattr(holder, "active"):
        fresh = types.ModuleType("_owui_subquery_depth")
        fresh.var = contextvars.ContextVar("owui_subquery_run", default=None)  # type: ignore[attr-defined]
        fresh.active = set()  # type: ignore[attr-defined]
        holder = sys.modules.setdefault("_owui_subquery_depth", fresh)
        if not hasattr(holder, "active"):  # an older copy of this tool registered a depth counter
            sys.modules["_owui_subquery_depth"] = holder = fresh
    return holder


def inside_subquery() -> bool:
    """True only inside a subquery run that is still going (not in a task it left behind)."""
    marker = _marker()
    return marker.var.get() in marker.active  # type: ignore[attr-defined]


class subquery_run:  # noqa: N801 - used as `with subquery_run():`
    """Marks the current context as inside a running subquery for the duration of the block."""

    def __enter__(self) -> subquery_run:
        marker = _marker()
        self.token_id = object()
        marker.active.add(self.token_id)  # type: ignore[attr-defined]
        self.token = marker.var.set(self.token_id)  # type: ignore[attr-defined]
        return self

    def __exit__(self, *exc: Any) -> None:
        marker = _marker()
        marker.active.discard(self.token_id)  # type: ignore[attr-defined]
        marker.var.reset(self.token)  # type: ignore[attr-defined]


def parse_id_list(text: str) -> list[str]:
    return [x.strip() for x in (text or "").split(",") if x.strip()]


def entry_keys(name: str, entry: Mapping[str, Any]) -> set[str]:
    """The names include/exclude valves can use for an entry: name, tool id, `server:mcp:<id>`."""
    tool_id = str(entry.get("tool_id") or "")
    keys = {name, tool_id, tool_id.split("|")[0]} - {""}
    if entry.get("type") == "mcp":
        server = entry.get("server_id") or getattr(entry.get("client"), "server_id", None)
        if server:
            keys |= {f"server:mcp:{server}", f"server:{server}", str(server)}
    elif tool_id.startswith("server:"):
        parts = tool_id.split("|")[0].split(":")
        keys |= {f"server:{parts[-1]}", f"server:openapi:{parts[-1]}", parts[-1]}
    return keys


def is_self_entry(name: str, entry: Mapping[str, Any], own_id: str | None) -> bool:
    """This tool, under any id: by its tool id, or by the marker on its callable or module."""
    if own_id and entry.get("tool_id") == own_id:
        return True
    fn = entry.get("callable")
    for candidate in (fn, getattr(fn, "__function__", None)):
        if candidate is None:
            continue
        namespace = getattr(candidate, "__globals__", None)  # the module the callable was defined in
        if isinstance(namespace, dict) and namespace.get("SUBQUERY_MARKER") == SUBQUERY_MARKER:
            return True
    return False


def select_tools(
    entries: Mapping[str, Any],
    own_id: str | None,
    include: Sequence[str],
    exclude: Sequence[str],
    direct_ok: bool,
) -> dict[str, Any]:
    """The tool entries the inner loop may use (`call_tool` has no callable: it is resolved)."""
    chosen = {}
    for name, entry in (entries or {}).items():
        if not isinstance(entry, Mapping) or not isinstance(entry.get("spec"), Mapping):
            continue
        if is_self_entry(name, entry, own_id):
            continue
        keys = entry_keys(name, entry)
        if include and not keys & set(include):
            continue
        if exclude and keys & set(exclude):
            continue
        if entry.get("direct"):
            if not direct_ok:
                continue
        elif not callable(entry.get("callable")) and name != "call_tool":
            continue
        chosen[name] = entry
    return chosen


# ===========================================================================
# Open WebUI adapter: helpers first, then the per-call `Run`, then `Tools`.
# ===========================================================================


STATUS_INTERVAL_SECONDS = 0.3
_STATE_KEYS = ("bypass_filter", "bypass_system_prompt", "metadata", "model_id")
_MISSING = object()
_INJECTED_NAMES = frozenset(
    {
        "__user__",
        "__id__",
        "__metadata__",
        "__messages__",
        "__files__",
        "__model__",
        "__request__",
        "__event_emitter__",
        "__event_call__",
        "__chat_id__",
        "__message_id__",
        "__oauth_token__",
        "__features__",
        "__tools__",
        "__session_id__",
        "__task__",
        "__task_body__",
    }
)


def _unwrap(fn: Any) -> tuple[Any, dict]:
    """Open WebUI wraps tool methods in an `async def` that runs sync ones ON the event loop.

    Return the original function and its bound dunder arguments, so sync tools can run in a thread.
    """
    original = getattr(fn, "__function__", None)
    bound = getattr(fn, "__extra_params__", None)
    if original is not None and isinstance(bound, dict):
        return original, dict(bound)
    return fn, {}


def _owui_coerce(wrapper: Any) -> Callable[[dict], dict] | None:
    """Open WebUI's own `coerce_kwargs` closure from a tool wrapper (None when there is none)."""
    code = getattr(wrapper, "__code__", None)
    cells = getattr(wrapper, "__closure__", None) or ()
    for name, cell in zip(getattr(code, "co_freevars", ()), cells, strict=False):
        if name == "coerce_kwargs":
            try:
                return cell.cell_contents
            except ValueError:
                return None
    return None


def _coerce_like_owui(fn: Any, kwargs: dict) -> dict:
    """Fallback with `coerce_kwargs`' rules: str -> int for int parameters, number -> str for str ones."""
    try:
        sig = inspect.signature(fn)
        hints = getattr(fn, "__annotations__", {}) or {}
    except (TypeError, ValueError):
        return kwargs
    for name, value in list(kwargs.items()):
        if name not in sig.parameters or value is None:
            continue
        annotation = hints.get(name, sig.parameters[name].annotation)
        text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
        if (
            isinstance(value, str)
            and text in ("int", "int | None", "Optional[int]")
            and re.fullmatch(r"\s*[+-]?\d+\s*", value)
        ):
            kwargs[name] = int(value)
        elif (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and text in ("str", "str | None", "Optional[str]")
        ):
            kwargs[name] = str(value)
    return kwargs


def coerce_for(wrapper: Any, kwargs: dict) -> dict:
    """Coerce values to the callable's parameter types exactly as Open WebUI's wrapper would."""
    kwargs = dict(kwargs)
    coerce = _owui_coerce(wrapper)
    try:
        return coerce(kwargs) if coerce is not None else _coerce_like_owui(_unwrap(wrapper)[0], kwargs)
    except Exception:  # e.g. int("abc"): Open WebUI would raise inside the call; let the tool see the value
        return kwargs


def tool_info(name: str, entry: Mapping[str, Any], deferred: bool = False) -> ToolInfo:
    """What the core needs to know about one tool entry."""
    spec = dict(entry["spec"], name=name)
    if entry.get("type") == "mcp":
        return ToolInfo(name, spec, None, passthrough=True, deferred=deferred)
    if entry.get("direct") or not callable(entry.get("callable")):
        return ToolInfo(name, spec, None, deferred=deferred)
    fn, bound = _unwrap(entry["callable"])
    names = accepted_parameters(fn)
    injected = frozenset(bound) | (_INJECTED_NAMES & (names or frozenset()))
    accepted = (
        None if names is None else frozenset(n for n in names if n not in injected and not n.startswith("__"))
    )
    return ToolInfo(name, spec, accepted, injected=injected, deferred=deferred)


def _error_text(response: Any) -> str | None:
    """An upstream error as a sentence, whatever shape it came in (None when it is a good reply)."""
    status = getattr(response, "status_code", None)
    body = getattr(response, "body", None)
    if status is not None and body is not None:
        try:
            data = json.loads(body)
        except Exception:
            data = body.decode("utf-8", "replace") if isinstance(body, bytes) else str(body)
        return f"the model provider answered HTTP {status}: {_error_detail(data)}"
    if isinstance(response, dict):
        if response.get("error") and not response.get("choices"):
            return f"the model provider answered with an error: {_error_detail(response)}"
        choices = response.get("choices")
        if not isinstance(choices, list) or not choices:
            return "the model provider returned no choices"
        if not isinstance(choices[0], dict):
            return f"the model provider returned a malformed choice ({type(choices[0]).__name__})"
        return None
    return f"unexpected reply of type {type(response).__name__}"


def _error_detail(data: Any) -> str:
    if isinstance(data, dict):
        err = data.get("error", data.get("detail", data))
        if isinstance(err, dict):
            err = err.get("message") or err.get("detail") or json.dumps(err, default=str)[:300]
        return _safe_str(err)[:500]
    return _safe_str(data)[:500]


def completion_from(response: Any) -> Completion:
    """A Completion from whatever the provider returned; never raises."""
    error = _error_text(response)
    if error:
        return Completion(error=error)
    message = response["choices"][0].get("message")
    if not isinstance(message, dict):
        return Completion(error="the model provider returned a choice without a message")
    usage = response.get("usage")
    calls = message.get("tool_calls")
    return Completion(
        content=_text_of(message.get("content")),
        tool_calls=tuple(calls) if isinstance(calls, (list, tuple)) else (),
        usage=usage if isinstance(usage, Mapping) else {},
        reasoning=reasoning_fields(message),
    )


def merge_stream_chunks(chunks: Sequence[Any]) -> dict:
    """Assemble an OpenAI chat.completion from streamed chunks (for backends that stream anyway)."""
    content: list[str] = []
    reasoning: list[str] = []
    calls: dict[int, dict] = {}
    usage: Mapping[str, Any] = {}
    for chunk in chunks:
        if not isinstance(chunk, Mapping):
            continue
        if isinstance(chunk.get("usage"), Mapping):
            usage = chunk["usage"]
        for choice in chunk.get("choices") or []:
            delta = (choice.get("delta") or choice.get("message") or {}) if isinstance(choice, dict) else {}
            if isinstance(delta.get("content"), str):
                content.append(delta["content"])
            piece = delta.get("reasoning_content") or delta.get("reasoning")
            if isinstance(piece, str):
                reasoning.append(piece)
            for tc in delta.get("tool_calls") or []:
                if not isinstance(tc, dict):
                    continue
                index = tc.get("index") if isinstance(tc.get("index"), int) else len(calls)
                slot = calls.setdefault(
                    index, {"id": None, "type": "function", "function": {"name": "", "arguments": ""}}
                )
                if tc.get("id"):
                    slot["id"] = tc["id"]
                fn = tc.get("function") if isinstance(tc.get("function"), dict) else {}
                slot["function"]["name"] += fn.get("name") or ""
                slot["function"]["arguments"] += _arguments_text(fn.get("arguments"))
    message: dict[str, Any] = {"role": "assistant", "content": "".join(content)}
    if reasoning:
        message["reasoning_content"] = "".join(reasoning)
    if calls:
        message["tool_calls"] = [calls[i] for i in sorted(calls)]
    return {"choices": [{"index": 0, "message": message}], "usage": dict(usage)}


def parse_sse_lines(buffer: str, chunks: list) -> str:
    """Take the complete `data:` lines out of `buffer` into `chunks`; return what is left."""
    while "\n" in buffer:
        line, buffer = buffer.split("\n", 1)
        _sse_line(line, chunks)
    return buffer


def _sse_line(line: str, chunks: list) -> None:
    line = line.strip()
    if line.startswith("data:") and line[5:].strip() not in ("", "[DONE]"):
        try:
            chunks.append(json.loads(line[5:].strip()))
        except Exception:
            pass


async def _read_stream(response: Any, remaining: float) -> dict:
    chunks: list = []

    async def read() -> None:
        buffer = ""
        async for piece in response.body_iterator:
            buffer += piece.decode("utf-8", "replace") if isinstance(piece, bytes) else str(piece)
            buffer = parse_sse_lines(buffer, chunks)
        _sse_line(buffer, chunks)  # a last line without a newline

    await asyncio.wait_for(read(), timeout=max(remaining, 0.001))
    return merge_stream_chunks(chunks)


async def _in_thread(fn: Callable[..., Any], kwargs: dict) -> Any:
    """Run a sync callable in its own daemon thread (with this context); an abandoned one finishes alone."""
    loop = asyncio.get_running_loop()
    future: asyncio.Future = loop.create_future()
    context = contextvars.copy_context()

    def settle(value: Any, error: BaseException | None) -> None:
        if not future.done():
            future.set_exception(error) if error is not None else future.set_result(value)

    def target() -> None:
        try:
            value, error = context.run(fn, **kwargs), None
        except BaseException as exc:  # handed to the awaiting coroutine
            value, error = None, exc
        try:
            loop.call_soon_threadsafe(settle, value, error)
        except RuntimeError:  # the loop is gone: nobody waits any more
            pass

    threading.Thread(target=target, name="subquery-tool", daemon=True).start()
    return await future


# A progress line is sent in the background and may take this long; the loop never waits for it.
STATUS_SEND_SECONDS = 5.0
# The caller waits at most this long for the final `done` line; a slower one still goes out afterwards.
DONE_WAIT_SECONDS = 0.3
_BACKGROUND: set[asyncio.Task] = set()  # strong references to sends still under way


def _spawn(coro: Awaitable[Any]) -> asyncio.Task:
    task = asyncio.get_running_loop().create_task(coro)  # type: ignore[arg-type]
    _BACKGROUND.add(task)
    task.add_done_callback(_BACKGROUND.discard)
    return task


class StatusEmitter:
    """Status lines, at most one per `min_interval` (each is a database write), never holding the loop.

    Progress lines go out in the background, one at a time, each bounded by STATUS_SEND_SECONDS; a
    line that comes while the interval runs or while the previous one is still being sent is
    deferred, not dropped (the newest deferred line goes out next). A `done` line replaces any
    deferred one, goes out after the line under way, and is awaited at most DONE_WAIT_SECONDS.
    """

    def __init__(self, event_emitter: Any, enabled: bool, min_interval: float = STATUS_INTERVAL_SECONDS):
        self.event_emitter = event_emitter if enabled else None
        self.min_interval = min_interval
        self.last = float("-inf")
        self.pending: str | None = None
        self.timer: asyncio.Task | None = None
        self.sending: asyncio.Task | None = None
        self.closed = False

    async def __call__(self, description: str, done: bool) -> None:
        if self.event_emitter is None:
            return
        if done:
            await self._finish(description)
        elif not self.closed:
            self.pending = description
            self._pump()

    def _pump(self) -> None:
        """Start the deferred line if the interval and the previous send allow it, else arm a timer."""
        if self.closed or self.pending is None or self.sending is not None or self.timer is not None:
            return
        wait = self.last + self.min_interval - time.monotonic()
        if wait > 0:
            self.timer = _spawn(self._after(wait))
            return
        description, self.pending = self.pending, None
        self.last = time.monotonic()
        self.sending = _spawn(self._send(description, False))
        self.sending.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task) -> None:
        if self.sending is task:
            self.sending = None
            self._pump()

    async def _after(self, delay: float) -> None:
        await asyncio.sleep(max(delay, 0))
        self.timer = None
        self._pump()

    async def _finish(self, description: str) -> None:
        self.closed, self.pending = True, None
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None
        final = _spawn(self._after_previous(self.sending, description))
        self.sending = final
        try:
            await asyncio.wait_for(asyncio.shield(final), timeout=DONE_WAIT_SECONDS)
        except TimeoutError:
            log.debug("subquery: the final status line is still being sent")

    async def _after_previous(self, previous: asyncio.Task | None, description: str) -> None:
        if previous is not None:  # keep the order: a late progress line must not follow `done`
            await asyncio.wait({previous}, timeout=STATUS_SEND_SECONDS)
        self.last = time.monotonic()
        await self._send(description, True)

    async def _send(self, description: str, done: bool) -> None:
        try:
            await asyncio.wait_for(
                self.event_emitter({"type": "status", "data": {"description": description, "done": done}}),
                timeout=STATUS_SEND_SECONDS,
            )
        except Exception:  # progress must never break the work
            log.debug("subquery: status event failed", exc_info=True)


async def _load_user(user_dict: dict) -> Any:
    from open_webui.models.users import UserModel, Users

    found = Users.get_user_by_id(user_dict.get("id"))
    if inspect.isawaitable(found):
        found = await found
    if found is not None:
        return found
    return UserModel(**{k: v for k, v in user_dict.items() if k != "valves"})


async def _tool_entries(
    request: Any, user: Any, user_dict: dict, metadata: Mapping, own_id: str | None
) -> dict:
    """The turn's resolved tools (`__metadata__['tools']`), MCP entries labelled with their server id."""
    entries = metadata.get("tools")
    if not isinstance(entries, Mapping) or not entries:
        entries = await _get_tools(request, user, user_dict, metadata, own_id)
    servers = (
        {id(c): sid for sid, c in (metadata.get("mcp_clients") or {}).items()}
        if isinstance(metadata.get("mcp_clients"), Mapping)
        else {}
    )
    out = {}
    for name, entry in entries.items():
        if isinstance(entry, Mapping) and entry.get("type") == "mcp" and id(entry.get("client")) in servers:
            entry = {**entry, "server_id": servers[id(entry.get("client"))]}
        out[name] = entry
    return out


async def _get_tools(
    request: Any, user: Any, user_dict: dict, metadata: Mapping, own_id: str | None
) -> Mapping:
    tool_ids = [t for t in (metadata.get("tool_ids") or []) if t != own_id]
    if not tool_ids:
        return {}
    try:
        from open_webui.utils.tools import get_tools

        return await get_tools(
            request,
            tool_ids,
            user,
            {
                "__user__": dict(user_dict),
                "__request__": request,
                "__metadata__": metadata,
                "__chat_id__": metadata.get("chat_id"),
                "__message_id__": metadata.get("message_id"),
            },
        )
    except Exception:
        log.exception("subquery: get_tools failed")
        return {}


# Open WebUI 0.12.4 hands a tool no public copy of the turn's chat parameters: `__metadata__['params']`
# holds only Open WebUI's own keys (function_calling, tool_approval_mode, reasoning_tags, ...),
# `__model__` only the model's saved params, and apply_params_to_form_data moves the rest into the
# outer form_data, which no tool receives.  So the sources are, later ones winning as in main.py's
# chat_completion: the admin's default params, the model's params, then the turn's own `params`,
# read through Starlette's public `Request.json()` (FastAPI parsed the body before the chat began,
# so this returns that cached parse and reads nothing from the network; bounded all the same).
BODY_READ_SECONDS = 1.0


async def _default_params() -> Mapping:
    """The admin's global model defaults (Admin > Settings > Models), as main.py merges them first."""
    try:
        from open_webui.models.config import Config

        found = await asyncio.wait_for(Config.get("models.default_params", {}), timeout=BODY_READ_SECONDS)
    except Exception:
        log.debug("subquery: no default model params", exc_info=True)
        return {}
    return found if isinstance(found, Mapping) else {}


async def _turn_body_params(request: Any) -> Mapping:
    """The turn's `params` as the client sent them, through the public `Request.json()`."""
    reader = getattr(request, "json", None)
    if not callable(reader):
        return {}
    try:
        data = await asyncio.wait_for(reader(), timeout=BODY_READ_SECONDS)
    except Exception:  # no body (an internal request), not JSON, or a closed stream
        return {}
    params = data.get("params") if isinstance(data, dict) else None
    return params if isinstance(params, Mapping) else {}


async def chat_params(request: Any, model: Mapping[str, Any]) -> dict:
    """temperature, top_p, ... for the inner calls: defaults < the model's params < the turn's."""
    model_params = (model.get("info") or {}).get("params") if isinstance(model.get("info"), Mapping) else None
    return turn_params(await _default_params(), model_params, await _turn_body_params(request))


@dataclass(frozen=True, kw_only=True)
class Turn:
    """What Open WebUI handed this tool call (its dunder arguments), read once and typed.

    Built by `Turn.from_dunders` for each call, never stored on the tool instance; every loop the
    call runs reads its turn from here.
    """

    request: Any
    user: Mapping[str, Any]
    metadata: Mapping[str, Any]
    messages: Sequence[Any]
    files: Sequence[Any]
    event_emitter: Callable[[dict], Awaitable[Any]] | None = None
    event_call: Callable[[dict], Awaitable[Any]] | None = None
    tool_id: str | None = None

    @classmethod
    def from_dunders(
        cls,
        *,
        __user__: Any = None,
        __metadata__: Any = None,
        __messages__: Any = None,
        __files__: Any = None,
        __request__: Any = None,
        __event_emitter__: Any = None,
        __event_call__: Any = None,
        __id__: Any = None,
        **_others: Any,
    ) -> Turn:
        """The turn from the arguments Open WebUI injects (anything missing or malformed is empty)."""
        return cls(
            request=__request__,
            user=__user__ if isinstance(__user__, Mapping) else {},
            metadata=__metadata__ if isinstance(__metadata__, Mapping) else {},
            messages=__messages__ if isinstance(__messages__, list) else [],
            files=__files__ if isinstance(__files__, list) else [],
            event_emitter=__event_emitter__ if callable(__event_emitter__) else None,
            event_call=__event_call__ if callable(__event_call__) else None,
            tool_id=__id__ if isinstance(__id__, str) else None,
        )

    @property
    def params(self) -> Mapping[str, Any]:
        """Open WebUI's own per-turn parameters (`tool_approval_mode`, `reasoning_tags`, ...)."""
        params = self.metadata.get("params")
        return params if isinstance(params, Mapping) else {}

    @property
    def chat_model(self) -> dict:
        model = self.metadata.get("model")
        return model if isinstance(model, dict) else {}

    @property
    def chat_model_id(self) -> str | None:
        return self.metadata.get("model_id") or self.chat_model.get("id")

    @property
    def show_status(self) -> bool:
        """The user's `show_status` valve (a pydantic object from Open WebUI, a dict in tests)."""
        valves = self.user.get("valves")
        show = getattr(valves, "show_status", None)
        if show is None and isinstance(valves, Mapping):
            show = valves.get("show_status")
        return show is not False

    @property
    def direct_tools_ok(self) -> bool:
        """Whether a live browser session can run the user's direct tool servers."""
        return self.event_call is not None and bool(self.metadata.get("session_id"))


@dataclass(kw_only=True)
class Run:
    """One loop's context: the turn, the resolved user and model, the selected tools, the limits.

    Built per loop (never stored on the tool instance); provides the loop's hooks. `entries` are
    the selected Open WebUI tool entries, keyed by function name.
    """

    turn: Turn
    user: Any
    model_id: str
    settings: Settings
    entries: dict
    emit: StatusEmitter
    params: dict = field(default_factory=dict)

    @property
    def request(self) -> Any:
        return self.turn.request

    @property
    def metadata(self) -> Mapping[str, Any]:
        return self.turn.metadata

    @property
    def event_emitter(self) -> Any:
        return self.turn.event_emitter

    @property
    def event_call(self) -> Any:
        return self.turn.event_call

    @property
    def model(self) -> dict:
        outer = self.metadata.get("model")
        if isinstance(outer, dict) and outer.get("id") == self.model_id:
            return outer
        models = getattr(getattr(getattr(self.request, "app", None), "state", None), "MODELS", None) or {}
        return models.get(self.model_id) or {"id": self.model_id}

    def hooks(self) -> Hooks:
        tags = reasoning_tags_for(self.turn.params.get("reasoning_tags"))
        return Hooks(self.complete, self.execute, self.emit, self.approve, self.resolve, tags)

    # -- model rounds --------------------------------------------------------------
    async def complete(
        self, messages: list[dict], specs: list[dict] | None, remaining: float, tool_choice: str | None = None
    ) -> Completion:
        form: dict[str, Any] = {
            **self.params,
            "model": self.model_id,
            "messages": copy.deepcopy(messages),
            "stream": False,
        }
        if specs:
            form["tools"] = copy.deepcopy(specs)  # filters may edit the request; our specs stay as they are
            if tool_choice:
                form["tool_choice"] = tool_choice
        form = await self._inline_images(form)
        try:
            form = await self._request_filters(form)
        except Exception as exc:
            log.warning("subquery: a request filter failed: %s", exc)
            return Completion(
                error=f"a request filter stopped the inner model call ({type(exc).__name__}: {exc})"
            )
        try:
            response = await self._generate(form, remaining)
        except Exception as exc:
            detail = getattr(exc, "detail", None) or _safe_str(exc) or type(exc).__name__
            return Completion(error=f"the model call failed: {detail}")
        completion = completion_from(response)
        self._log_usage(completion.usage)
        return completion

    async def _inline_images(self, form: dict) -> dict:
        """Image parts by file URL become data URIs, as Open WebUI's loop does before the request hooks
        (a provider cannot fetch `/api/v1/files/<id>/content`)."""
        if not any(isinstance(m.get("content"), list) for m in form["messages"] if isinstance(m, dict)):
            return form
        try:
            from open_webui.utils.middleware import convert_url_images_to_base64

            return await convert_url_images_to_base64(form, user=self.user)
        except Exception:
            log.debug("subquery: image parts left as they were", exc_info=True)
            return form

    async def _generate(self, form: dict, remaining: float) -> Any:
        from open_webui.utils.chat import generate_chat_completion

        # generate_chat_completion writes these onto the *outer* request, which the outer tool loop
        # reuses for its next model call: put back exactly what it may change.
        state = self.request.state
        saved = {k: getattr(state, k) for k in _STATE_KEYS if hasattr(state, k)}
        outer_metadata = saved.get("metadata")
        selected = (
            outer_metadata.get("selected_model_id", _MISSING)
            if isinstance(outer_metadata, dict)
            else _MISSING
        )
        try:
            response = await generate_chat_completion(self.request, form, self.user, bypass_filter=True)
            if hasattr(response, "body_iterator"):  # a backend that streams anyway
                response = await _read_stream(response, remaining)
            return response
        finally:
            for key in _STATE_KEYS:
                if key in saved:
                    setattr(state, key, saved[key])
                elif hasattr(state, key):
                    delattr(state, key)
            if selected is not _MISSING:
                outer_metadata["selected_model_id"] = selected

    async def _request_filters(self, form: dict) -> dict:
        """The installed filters' `request` hooks, called as Open WebUI's own tool loop calls them."""
        if not self.settings.run_request_filters:
            return form
        from open_webui.utils.filter import get_filter_context, get_filter_functions, process_filter_functions

        model = self.model
        functions = await get_filter_functions(self.request, model, self.metadata.get("filter_ids", []))
        if not functions:
            return form
        try:
            from open_webui.utils.oauth import get_system_oauth_token

            oauth = await get_system_oauth_token(self.request, self.user)
        except Exception:
            oauth = None
        form, _ = await process_filter_functions(
            request=self.request,
            filter_context=get_filter_context(self.request),
            filter_functions=functions,
            filter_type="request",
            form_data=form,
            extra_params={
                "__event_emitter__": self.event_emitter,
                "__event_call__": self.event_call,
                "__user__": self.user.model_dump()
                if hasattr(self.user, "model_dump")
                else dict(self.turn.user),
                "__metadata__": self.metadata,
                "__oauth_token__": oauth,
                "__request__": self.request,
                "__model__": model,
                "__chat_id__": self.metadata.get("chat_id"),
                "__message_id__": self.metadata.get("message_id"),
            },
        )
        return form

    def _log_usage(self, usage: Mapping[str, Any]) -> None:
        """Where Open WebUI logs each model call's usage (the audit log's `model_usage` entries)."""
        if not usage:
            return
        try:
            from open_webui.utils.audit import log_model_usage

            log_model_usage(self.request, self.user, self.model_id, dict(usage))
        except Exception:
            log.debug("subquery: usage logging unavailable", exc_info=True)

    # -- tool calls ------------------------------------------------------------------
    def resolve(self, call: ToolCall) -> ToolCall | str:
        """Tool Search's `call_tool` → the real tool, with Open WebUI's own `resolve_tool_call`."""
        if call.name != "call_tool" or "call_tool" not in self.entries:
            return call
        try:
            from open_webui.utils.tool_search import resolve_tool_call
        except ImportError:
            return "Error: call_tool needs Open WebUI 0.12 (Tool Search)."
        raw = {
            "id": call.id,
            "type": "function",
            "function": {"name": call.name, "arguments": call.arguments},
        }
        error = resolve_tool_call(raw, self.entries)
        if error:
            return error
        fn = raw["function"]
        return replace(call, name=fn["name"], arguments=fn["arguments"], provider=(call.name, call.arguments))

    async def approve(self, call: ToolCall, kwargs: dict, remaining: float) -> bool:
        """Open WebUI's rule: under tool_approval_mode 'ask' every call needs the user's yes."""
        if self.turn.params.get("tool_approval_mode") != "ask":
            return True
        entry = self.entries.get(call.name) or {}
        if call.name == "ask_user" and entry.get("type") == "builtin":
            return True
        if not callable(self.event_call):
            return False
        event = {
            "type": "confirmation",
            "data": {"tool_call": {"id": call.id, "name": call.name, "arguments": kwargs}},
        }
        try:
            answer = await asyncio.wait_for(self.event_call(event), timeout=max(remaining, 0.001))
        except Exception:
            return False
        return answer is True  # disconnection and timeout replies are error objects, not approval

    async def execute(self, call: ToolCall, kwargs: dict, timeout: float) -> ToolOutput:
        entry = self.entries[call.name]
        if entry.get("direct") and not callable(self.event_call):
            return ToolOutput("Error: Browser session is not connected for this direct tool.")
        try:
            raw = await (
                self._call_direct(call, entry, kwargs)
                if entry.get("direct")
                else self._call_local(entry, kwargs)
            )
        except Exception as exc:  # as Open WebUI's loop words it (middleware.execute_tool_call)
            raw = {"error": _safe_str(exc)}
        return await self._render(call.name, kwargs, entry, raw)

    async def _call_direct(self, call: ToolCall, entry: Mapping[str, Any], kwargs: dict) -> Any:
        """A user-level tool server: the browser runs it (`execute:tool`)."""
        return await self.event_call(
            {
                "type": "execute:tool",
                "data": {
                    "id": str(uuid.uuid4()),
                    "name": call.name,
                    "params": kwargs,
                    "server": entry.get("server", {}),
                    "session_id": self.metadata.get("session_id"),
                },
            }
        )

    async def _call_local(self, entry: Mapping[str, Any], kwargs: dict) -> Any:
        wrapper = entry["callable"]
        fn, bound = _unwrap(wrapper)
        if (
            self.settings.run_sync_tools_in_threads
            and fn is not wrapper
            and not inspect.iscoroutinefunction(fn)
        ):
            # Off the event loop, in a thread of its own; the context travels (recursion marker).
            raw = await _in_thread(fn, {**bound, **coerce_for(wrapper, kwargs)})
        else:
            raw = wrapper(**kwargs)  # Open WebUI's wrapper coerces the kwargs itself
        return await raw if inspect.isawaitable(raw) else raw

    async def _render(self, name: str, kwargs: dict, entry: Mapping[str, Any], raw: Any) -> ToolOutput:
        """Open WebUI's `process_tool_result`; embeds, files and sources go to the chat message."""
        try:
            from open_webui.utils.middleware import process_tool_result, tool_result_content
        except ImportError:
            return ToolOutput(serialize_result(raw))
        result, files, embeds = await process_tool_result(
            self.request,
            name,
            raw,
            entry.get("type", ""),
            bool(entry.get("direct")),
            self.metadata,
            self.user,
        )
        text = result if isinstance(result, str) else tool_result_content(result)
        if embeds and not await self._send({"type": "embeds", "data": {"embeds": list(embeds)}}):
            text = f"{name}: produced an embedded UI result, but it could NOT be shown to the user (no chat to show it in)."
        images, shown = await self._split_files(files or [])
        if shown and not await self._send({"type": "files", "data": {"files": shown}}):
            text += "\n(The files this tool produced could not be shown to the user.)"
        await self._sources(name, kwargs, entry, text)
        return ToolOutput(text, tuple(images))

    async def _split_files(self, files: list) -> tuple[list[str], list[dict]]:
        """Data-URI images go to the inner model only; other files to the chat (images to both)."""
        images: list[str] = []
        shown: list[dict] = []
        for item in files:
            if not isinstance(item, dict):
                continue
            url = item.get("url") or ""
            if item.get("type") == "image" and isinstance(url, str) and url.startswith("data:"):
                try:
                    from open_webui.utils.middleware import store_tool_result_image

                    url = await store_tool_result_image(self.request, url, self.metadata, self.user)
                except Exception:
                    log.debug("subquery: could not store a tool image", exc_info=True)
                images.append(url)
                continue
            shown.append(item)
            if item.get("type") == "image" and url:
                images.append(url)
        return images, shown

    async def _sources(self, name: str, kwargs: dict, entry: Mapping[str, Any], text: str) -> None:
        capabilities = ((self.model.get("info") or {}).get("meta") or {}).get("capabilities") or {}
        if not text or capabilities.get("citations", True) is False:
            return
        try:
            from open_webui.utils.middleware import CITATION_TOOL_NAMES, get_citation_source_from_tool_result

            if name not in CITATION_TOOL_NAMES:
                return
            sources = get_citation_source_from_tool_result(
                tool_name=name, tool_params=kwargs, tool_result=text, tool_id=entry.get("tool_id", "")
            )
        except Exception:
            log.debug("subquery: no citation sources", exc_info=True)
            return
        for source in sources or []:
            await self._send({"type": "source", "data": source})

    async def _send(self, event: dict) -> bool:
        """One event to the chat message; False when it could not go out."""
        if not callable(self.event_emitter):
            return False
        try:
            await asyncio.wait_for(self.event_emitter(event), timeout=10)
            return True
        except Exception:
            log.debug("subquery: event %s failed", event.get("type"), exc_info=True)
            return False


def _tool_search_manifest(entries: Mapping[str, Any], deferred: Sequence[str]) -> dict | None:
    """Open WebUI's `<available_tools>` manifest for the deferred tools the subquery may use."""
    if not deferred:
        return None
    try:
        from open_webui.utils.tool_search import build_deferred_tools_manifest
    except ImportError:
        return None
    return {"role": "system", "content": build_deferred_tools_manifest(dict(entries), list(deferred))}


_VERDICTS = {
    "answered": "done",
    "max_rounds": "done (round limit reached)",
    "deadline": "stopped at the time limit",
    "error": "failed",
}


def _valve(name: str, description: str, **bounds: Any) -> Any:
    """A valve whose default is the `Settings` default (one source of defaults)."""
    return Field(default=getattr(DEFAULTS, name), description=description, **bounds)


class Tools:
    """Subquery: one tool method, `subquery(prompt)`, that runs a fresh native tool loop of the chat's model.

    The inner loop behaves like Open WebUI's own: the same tools (minus this one), approval under
    tool_approval_mode 'ask', the installed filters' `request` hooks, reasoning stripped and replayed,
    Tool Search, embeds/files/sources to the chat. Limits come from the Valves (see `Settings`).
    """

    class Valves(BaseModel):
        model_id: str = Field(
            default="",
            description="Model for subqueries. Empty: the chat's own model. Set a cheaper model id to save cost.",
        )
        max_rounds: int = _valve("max_rounds", "Tool rounds before a final answer is requested.", ge=1, le=64)
        max_parallel_tools: int = _valve(
            "max_parallel_tools", "Tool calls of one round that run at the same time.", ge=1, le=64
        )
        max_calls_per_round: int = _valve(
            "max_calls_per_round",
            "Tool calls one round may run; the rest are answered with a note.",
            ge=1,
            le=256,
        )
        tool_timeout_seconds: float = _valve(
            "tool_timeout_seconds", "Time limit for each tool call, the wait for a slot included.", gt=0
        )
        total_timeout_seconds: float = _valve(
            "total_timeout_seconds", "Time limit for the whole subquery; what was gathered is returned.", gt=0
        )
        repeat_call_limit: int = _valve(
            "repeat_call_limit",
            "An identical call (name + arguments) runs at most this often (0: no limit).",
            ge=0,
        )
        max_result_chars: int = _valve(
            "max_result_chars", "Cap on each tool result the inner model sees.", ge=200
        )
        max_output_chars: int = _valve("max_output_chars", "Cap on the answer returned to the chat.", ge=200)
        run_request_filters: bool = _valve(
            "run_request_filters",
            "Send inner model calls through the installed filters' `request` hooks, as Open WebUI's loop does.",
        )
        run_sync_tools_in_threads: bool = _valve(
            "run_sync_tools_in_threads",
            "Run sync tools in their own threads (off: on the event loop, as Open WebUI does).",
        )
        include_tool_ids: str = Field(
            default="",
            description="Comma-separated tool ids, names, `server:<id>` or `server:mcp:<id>` the subquery may use (empty: all of the chat's).",
        )
        exclude_tool_ids: str = Field(
            default="", description="Comma-separated tool ids, names or server ids to leave out."
        )

    class UserValves(BaseModel):
        show_status: bool = Field(default=True, description="Show the subquery's progress lines in the chat.")

    def __init__(self):
        self.valves = self.Valves()

    async def subquery(
        self,
        prompt: str,
        include_recent_messages: int = 0,
        __user__: dict | None = None,
        __metadata__: dict | None = None,
        __messages__: list | None = None,
        __files__: list | None = None,
        __model__: dict | None = None,
        __request__: Any = None,
        __event_emitter__: Callable[[dict], Awaitable[None]] | None = None,
        __event_call__: Callable[[dict], Awaitable[Any]] | None = None,
        __id__: str | None = None,
    ) -> str:
        """
        Delegate a focused, self-contained subtask to a fresh assistant that can use the same tools, and get back one compact answer. Use it for side tasks that need several tool calls (look things up, compare, convert, compute) so the main conversation stays short. Write the prompt as a complete instruction: the helper does not see this chat unless include_recent_messages is set.
        :param prompt: The complete subtask: what to find or do, and what the answer should contain.
        :param include_recent_messages: How many of the latest chat messages the helper should also see (0 = none).
        """
        if inside_subquery():
            return "Error: a subquery cannot start another subquery. Use the other tools directly."
        if not isinstance(prompt, str) or not prompt.strip():
            return (
                "Error: the subquery prompt is empty. Call subquery again with the full subtask in `prompt`."
            )
        turn = Turn.from_dunders(
            __user__=__user__,
            __metadata__=__metadata__,
            __messages__=__messages__,
            __files__=__files__,
            __request__=__request__,
            __event_emitter__=__event_emitter__,
            __event_call__=__event_call__,
            __id__=__id__,
        )
        emit = StatusEmitter(turn.event_emitter, turn.show_status)
        finished = False
        try:
            with subquery_run():
                answer = await self._run(prompt.strip(), include_recent_messages, emit, turn)
            finished = True
            return answer
        finally:
            if not finished:  # cancelled or crashed: the status line must not spin forever
                await asyncio.shield(emit("Subquery stopped", True))

    async def _run(self, prompt: str, include_recent: Any, emit: StatusEmitter, turn: Turn) -> str:
        started = time.monotonic()
        settings = Settings.from_valves(self.valves)
        model_id = self.valves.model_id.strip() or turn.chat_model_id
        if turn.request is None or not model_id:
            await emit("Subquery unavailable: no request context", True)
            return (
                "Error: subquery needs to run inside an Open WebUI chat (no request or model was provided)."
            )
        try:
            user = await _load_user(dict(turn.user))
        except Exception as exc:
            log.exception("subquery: cannot load the user")
            await emit("Subquery failed: unknown user", True)
            return f"Error: subquery could not identify the user ({exc})."
        try:
            run = await self._prepare(turn, user, model_id, settings, emit)
            messages = self._first_messages(run, prompt, include_recent)
            deferred = turn.metadata.get("deferred_tools") or ()
            tools = {name: tool_info(name, e, name in deferred) for name, e in run.entries.items()}
            tools, left_out = cap_request_tools(tools, prompt)
            await emit(self._start_line(tools, left_out), False)
            outcome = await run_subquery_loop(messages, tools, settings, run.hooks())
        except Exception as exc:  # never a traceback in the chat
            log.exception("subquery loop failed")
            await emit("Subquery failed", True)
            return f"Error: the subquery failed unexpectedly ({type(exc).__name__}: {exc})."
        total = outcome.usage.get("total_tokens", 0)
        await emit(
            f"Subquery {_VERDICTS[outcome.stopped]} · {outcome.rounds} round{'s' if outcome.rounds != 1 else ''} · "
            f"{outcome.tool_calls} tool call{'s' if outcome.tool_calls != 1 else ''} · "
            f"{human_tokens(total)} tokens · {time.monotonic() - started:.1f} s",
            True,
        )
        return outcome.answer

    async def _prepare(
        self, turn: Turn, user: Any, model_id: str, settings: Settings, emit: StatusEmitter
    ) -> Run:
        entries = await _tool_entries(turn.request, user, dict(turn.user), turn.metadata, turn.tool_id)
        include = parse_id_list(self.valves.include_tool_ids)
        exclude = parse_id_list(self.valves.exclude_tool_ids)
        selected = select_tools(entries, turn.tool_id, include, exclude, turn.direct_tools_ok)
        params = await chat_params(turn.request, turn.chat_model)
        return Run(
            turn=turn,
            user=user,
            model_id=model_id,
            settings=settings,
            entries=selected,
            emit=emit,
            params=params,
        )

    @staticmethod
    def _start_line(tools: Mapping[str, ToolInfo], left_out: Sequence[str]) -> str:
        n = len([t for t in tools if t != "call_tool"])
        line = f"Subquery started · {n} tool{'s' if n != 1 else ''} available"
        if not left_out:
            return line
        log.warning(
            "subquery: %d tools left out of the request (providers accept at most %d): %s",
            len(left_out),
            MAX_REQUEST_TOOLS,
            ", ".join(left_out),
        )
        return f"{line} · {len(left_out)} left out (at most {MAX_REQUEST_TOOLS} per request): {left_out_note(left_out)}"

    @staticmethod
    def _first_messages(run: Run, prompt: str, include_recent: Any) -> list[dict]:
        try:
            n_recent = max(0, int(include_recent or 0))
        except (TypeError, ValueError, OverflowError):
            n_recent = 0
        context = files_context(
            run.turn.files, run.metadata.get("sources") or [], run.settings.max_result_chars
        )
        deferred = [n for n in (run.metadata.get("deferred_tools") or []) if n in run.entries]
        manifest = _tool_search_manifest(run.entries, deferred)
        return [
            *([manifest] if manifest else []),
            *tail_messages(run.turn.messages, n_recent),
            first_user_message(prompt, context),
        ]
