"""A scripted, OpenAI-compatible chat-completions server on loopback.

Only the language model is fake in the end-to-end tests: this server answers
`GET /v1/models` and `POST /v1/chat/completions` (streaming and not) with
deterministic replies chosen by a *scenario*. It logs every request body it
receives, and, like a strict provider, rejects with HTTP 400 any request whose
tool-call pairing is broken (see `pairing_errors`).

A scenario is picked by a marker `[[name]]` in the text of the last user
message of the request. Its *step* is the number of assistant messages after
that user message, i.e. how many model rounds of the current turn (or of the
current subquery) already happened. A scenario is a callable
`(body, step) -> Reply`; `steps(*replies)` builds one from a fixed list.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.routing import Route

MARKER = re.compile(r"\[\[([\w./:-]+)\]\]")


@dataclass(frozen=True)
class Call:
    """One tool call the scripted model makes."""

    name: str
    arguments: dict[str, Any] | str = field(default_factory=dict)
    id: str | None = None


@dataclass(frozen=True)
class Reply:
    """What the scripted model answers to one request."""

    content: str | None = None
    calls: tuple[Call, ...] = ()
    status: int = 200
    error: str | None = None
    delay: float = 0.0
    prompt_tokens: int = 11
    completion_tokens: int = 7
    reasoning_content: str | None = None  # sent as the message's (or deltas') `reasoning_content`
    # How a streamed reply ends: a finish chunk then a usage-only chunk ("both"), one of them alone, or neither
    ending: str = "both"
    chunk_chars: int = 24  # characters of content per streamed chunk


Scenario = Callable[[dict, int], Reply]


def steps(*replies: Reply) -> Scenario:
    """A scenario that answers `replies[step]`, repeating the last one."""

    def scenario(body: dict, step: int) -> Reply:
        return replies[min(step, len(replies) - 1)]

    return scenario


def text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def scenario_key(messages: list[dict]) -> tuple[str | None, int]:
    """The marker in the last user message and the number of assistant messages after it."""
    for i in range(len(messages) - 1, -1, -1):
        if messages[i].get("role") == "user":
            m = MARKER.search(text_of(messages[i].get("content")))
            if m:
                step = sum(1 for x in messages[i + 1 :] if x.get("role") == "assistant")
                return m.group(1), step
    return None, 0


def pairing_errors(messages: list[dict]) -> list[str]:
    """What a strict provider (OpenAI + Anthropic adjacency and unique ids + Gemini first-turn) would reject.

    Written independently of the filter's own validator on purpose.
    """
    errors: list[str] = []
    open_ids: list[str] | None = None  # ids still unanswered by the current call group
    seen_ids: set = set()
    first_non_system = next((m for m in messages if m.get("role") != "system"), None)
    if first_non_system is not None and first_non_system.get("role") != "user":
        errors.append(f"first non-system message has role {first_non_system.get('role')!r}, expected 'user'")
    for i, m in enumerate(messages):
        role = m.get("role")
        if role == "tool":
            if open_ids is None:
                errors.append(f"messages[{i}]: role 'tool' must be a response to a preceding message with 'tool_calls'")
            elif m.get("tool_call_id") not in open_ids:
                errors.append(f"messages[{i}]: tool_call_id {m.get('tool_call_id')!r} answers no pending call")
            else:
                open_ids.remove(m.get("tool_call_id"))
            continue
        if open_ids:
            errors.append(f"messages[{i}]: tool_calls {open_ids} were not answered before a {role!r} message")
        open_ids = None
        if role == "assistant" and m.get("tool_calls"):
            open_ids = [tc.get("id") for tc in m["tool_calls"]]
            for cid in open_ids:  # Anthropic: "tool_use ids must be unique" across the request
                if cid in seen_ids:
                    errors.append(f"messages[{i}]: tool_use ids must be unique, {cid!r} repeats")
                seen_ids.add(cid)
    if open_ids:
        errors.append(f"tool_calls {open_ids} at the end were not answered")
    return errors


@dataclass
class Logged:
    body: dict
    scenario: str | None
    step: int
    status: int
    started: float
    errors: list[str]


class ScriptedModel:
    """The server. Start once per session; register scenarios per test."""

    def __init__(
        self,
        model_id: str = "scripted-model",
        *,
        strict: bool = True,
        name: str | None = None,
        extra_models: tuple[str, ...] = (),
    ):
        self.model_id = model_id
        self.name = name or model_id
        self.extra_models = extra_models
        self.strict = strict
        self.scenarios: dict[str, Scenario] = {}
        self.default: Scenario = steps(Reply(content="(scripted model: no scenario marker in the last user message)"))
        self.log: list[Logged] = []
        self._lock = threading.Lock()
        self._server: uvicorn.Server | None = None
        self._thread: threading.Thread | None = None
        self.port: int | None = None

    # -- scripting -------------------------------------------------------
    def script(self, key: str, scenario: Scenario | Iterable[Reply]) -> None:
        self.scenarios[key] = scenario if callable(scenario) else steps(*scenario)

    def requests_for(self, key: str) -> list[Logged]:
        with self._lock:
            return [entry for entry in self.log if entry.scenario == key]

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    # -- HTTP --------------------------------------------------------------
    async def _models(self, request: Request) -> JSONResponse:
        return JSONResponse(
            {
                "object": "list",
                "data": [
                    {"id": mid, "object": "model", "created": 0, "owned_by": "scripted", "name": self.name if mid == self.model_id else mid}
                    for mid in (self.model_id, *self.extra_models)
                ],
            }
        )

    async def _chat(self, request: Request):
        started = time.time()
        body = await request.json()
        messages = body.get("messages") or []
        key, step = scenario_key(messages)
        errors = pairing_errors(messages) if self.strict else []
        if self.strict and body.get("tools") == []:
            errors.append("'tools' must not be an empty array")
        reply: Reply
        if errors:
            reply = Reply(status=400, error="; ".join(errors))
        else:
            try:
                reply = self.scenarios.get(key, self.default)(body, step) if key else self.default(body, step)
            except Exception as exc:  # a broken scenario is a test bug: make it loud
                reply = Reply(status=500, error=f"scenario {key!r} raised {exc!r}")
        with self._lock:
            self.log.append(Logged(body, key, step, reply.status, started, errors))
        if reply.delay:
            await asyncio.sleep(reply.delay)
        if reply.status != 200:
            return JSONResponse(
                {"error": {"message": reply.error or "scripted error", "type": "invalid_request_error"}},
                status_code=reply.status,
            )
        calls = [
            {
                "id": c.id or f"call_{uuid.uuid4().hex[:12]}",
                "type": "function",
                "function": {
                    "name": c.name,
                    "arguments": c.arguments if isinstance(c.arguments, str) else json.dumps(c.arguments),
                },
            }
            for c in reply.calls
        ]
        usage = {
            "prompt_tokens": reply.prompt_tokens,
            "completion_tokens": reply.completion_tokens,
            "total_tokens": reply.prompt_tokens + reply.completion_tokens,
        }
        if body.get("stream"):
            return StreamingResponse(self._stream(reply, calls, usage), media_type="text/event-stream")
        message: dict[str, Any] = {"role": "assistant", "content": reply.content}
        if reply.reasoning_content is not None:
            message["reasoning_content"] = reply.reasoning_content
        if calls:
            message["tool_calls"] = calls
        return JSONResponse(
            {
                "id": f"chatcmpl-{uuid.uuid4().hex[:12]}",
                "object": "chat.completion",
                "created": int(time.time()),
                "model": body.get("model", self.model_id),
                "choices": [{"index": 0, "message": message, "finish_reason": "tool_calls" if calls else "stop"}],
                "usage": usage,
            }
        )

    async def _stream(self, reply: Reply, calls: list[dict], usage: dict):
        cid = f"chatcmpl-{uuid.uuid4().hex[:12]}"

        def chunk(delta: dict, finish: str | None = None, **extra: Any) -> str:
            payload = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": int(time.time()),
                "model": self.model_id,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
                **extra,
            }
            return f"data: {json.dumps(payload)}\n\n"

        yield chunk({"role": "assistant", "content": ""})
        if reply.reasoning_content:
            yield chunk({"reasoning_content": reply.reasoning_content})
        text, size = reply.content or "", max(reply.chunk_chars, 1)
        for i in range(0, len(text), size):
            yield chunk({"content": text[i : i + size]})
        for index, call in enumerate(calls):
            args = call["function"]["arguments"]
            head = {"index": index, "id": call["id"], "type": "function", "function": {"name": call["function"]["name"], "arguments": ""}}
            yield chunk({"tool_calls": [head]})
            for i in range(0, len(args), 16):
                yield chunk({"tool_calls": [{"index": index, "function": {"arguments": args[i : i + 16]}}]})
        if reply.ending in ("both", "finish"):
            yield chunk({}, "tool_calls" if calls else "stop")
        if reply.ending in ("both", "usage"):
            yield f"data: {json.dumps({'id': cid, 'object': 'chat.completion.chunk', 'choices': [], 'usage': usage})}\n\n"
        yield "data: [DONE]\n\n"

    def app(self) -> Starlette:
        return Starlette(
            routes=[
                Route("/v1/models", self._models, methods=["GET"]),
                Route("/v1/chat/completions", self._chat, methods=["POST"]),
            ]
        )

    # -- lifecycle ---------------------------------------------------------
    def start(self, port: int = 0, timeout: float = 15.0) -> ScriptedModel:
        self.port = port or free_port()
        config = uvicorn.Config(self.app(), host="127.0.0.1", port=self.port, log_level="warning", lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="scripted-model", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError(f"scripted model did not start on port {self.port}")
            time.sleep(0.02)
        return self

    def stop(self, timeout: float = 10.0) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
