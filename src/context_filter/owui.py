"""The Open WebUI adapter: the ``Filter`` class Open WebUI loads over the pure trimming core, the
only module that imports Open WebUI (inside functions).  ``inlet`` reports whenever it changed
something; ``request`` (before every model call) only budget actions; ``outlet`` the next request's
cost.  Nothing raises into Open WebUI (only a cancellation or an exit goes through); large requests
are trimmed in a worker thread; no per-request state on ``self``: one instance serves every user.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from typing import Any

from .budget import Budget, resolve_budget
from .counting import TokenCounter
from .messages import FATAL_EXCEPTIONS, log, size_over
from .report import TrimReport, TrimResult, format_status, format_window
from .settings import IMAGE_TOKENS, TrimConfig, UserValves, Valves, clamp
from .tokenizer import ensure_tokenizer, get_exact_counter
from .trim import trim_messages
from .validate import fallback_result

_EMIT_TIMEOUT = 5.0  # seconds a status event may take before it is abandoned
# A model's params are read from the database once a minute per model, not after every reply: on
# SQLite every read takes the write lock (BEGIN IMMEDIATE), and two reads per reply made 14 of 48
# one-worker turns of `make load --turns 3` fail with "database is locked" (1 of 48 with this cache).
_PARAMS_SECONDS = 60.0
_PARAMS_MODELS = 256  # entries before the cache starts over (bounded memory)
_PARAMS_CACHE: dict[str, tuple[float, dict]] = {}
#: Requests larger than this (bytes, see ``size_over``) are trimmed in a worker thread: the trim's
#: work on the event loop stays under 50 ms whatever a request of this size holds (measured by
#: ``scripts/bench_filter_loop.py`` on the slowest shape: one long word, estimated without an encoding).
_THREAD_ABOVE_BYTES = 8_192
UNBOUNDED = 1 << 62  # the budget when the window is unknown: nothing is dropped


def _large(messages: list) -> bool:
    """Large enough to trim off the event loop (see ``size_over``)."""
    return size_over(messages, _THREAD_ABOVE_BYTES)


async def _trim_off_loop(hook: str, messages: list, config: TrimConfig, counter: TokenCounter) -> TrimResult:
    """:func:`_trim_safely`, in a worker thread for large histories so the event loop stays free."""
    if _large(messages):
        return await asyncio.to_thread(_trim_safely, hook, messages, config, counter)
    return _trim_safely(hook, messages, config, counter)


def _trim_safely(hook: str, messages: list, config: TrimConfig, counter: TokenCounter) -> TrimResult:
    """``trim_messages``, or the minimal valid request when it fails, whatever it raises."""
    try:
        return trim_messages(messages, config, counter)
    except FATAL_EXCEPTIONS:
        raise
    except BaseException:
        log.exception("tool_context_filter %s: trimming failed; sending the minimal request", hook)
        return fallback_result(messages, counter, config.budget_tokens)


def _projected(messages: list, model: Any, config: TrimConfig, counter: TokenCounter) -> TrimReport:
    """The outlet's work (in a worker thread): what the next request will cost after the trim."""
    inflated = inflate_stored_messages(messages, model)
    inflated.append({"role": "user", "content": ""})  # the next turn starts here
    return trim_messages(inflated, config, counter).report


class Filter:
    Valves = Valves
    UserValves = UserValves

    def __init__(self) -> None:
        self.valves = self.Valves()

    def _valve(self, name: str) -> Any:
        """An admin valve, forced into its bounds (a valve may be set without validation)."""
        return clamp(Valves, name, getattr(self.valves, name, None))

    def _show_status(self, user: Any) -> bool:
        valves = user.get("valves") if isinstance(user, dict) else None
        mine = valves.get("show_status") if isinstance(valves, dict) else getattr(valves, "show_status", True)
        return self._valve("show_status") and clamp(UserValves, "show_status", True if mine is None else mine)

    def _plan_inputs(self, body: dict, model: Any) -> tuple[TrimConfig, TokenCounter, Budget]:
        """The trim's config, counter and budget; an unknown window drops nothing (``eager``'s caps only)."""
        valve = self._valve
        budget = resolve_budget(valve("max_context_tokens"), valve("reserve_tokens"), model, body)
        config = TrimConfig(
            budget_tokens=UNBOUNDED if budget.tokens is None else budget.tokens,
            keep_recent_tool_groups=valve("keep_recent_tool_groups"),
            tool_output_max_tokens=valve("tool_output_max_tokens"),
            recent_tool_output_max_tokens=valve("recent_tool_output_max_tokens"),
            policy="eager" if budget.tokens is None else valve("trim_policy"),
        )
        exact = get_exact_counter()[0] if valve("use_tokenizer") else None
        return config, TokenCounter(image_tokens=IMAGE_TOKENS, exact=exact), budget

    @staticmethod
    async def _emit(emitter: Any, description: str) -> None:
        if not callable(emitter):
            return
        try:
            result = emitter({"type": "status", "data": {"description": description, "done": True}})
            if asyncio.iscoroutine(result) or isinstance(result, asyncio.Future):
                await asyncio.wait_for(result, timeout=_EMIT_TIMEOUT)
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.warning("tool_context_filter: status event failed", exc_info=True)

    async def _trim(self, hook: str, body: Any, user: Any, model: Any, emitter: Any, metadata: Any) -> Any:
        try:
            messages = body.get("messages") if isinstance(body, dict) else None
            if not isinstance(messages, list) or not messages or body.get("previous_response_id"):
                return body
            if self._valve("use_tokenizer"):
                await ensure_tokenizer(_tiktoken_dirs())
            config, counter, budget = self._plan_inputs(body, model)
            result = await _trim_off_loop(hook, messages, config, counter)
            report = result.report
            status = format_status(report, format_window(budget.window, budget.source))
            chat_id = metadata.get("chat_id") if isinstance(metadata, dict) else None
            if report.over_budget or report.no_user_message or report.safety_net or report.unreadable:
                log.warning("tool_context_filter %s chat=%s: %s", hook, chat_id, status)
            if self._show_status(user) and (report.budget_actions or (hook == "inlet" and report.changed)):
                await self._emit(emitter, status)
            if not report.changed:
                return body
            log.debug("tool_context_filter %s chat=%s: %s (%r)", hook, chat_id, status, report)
            return {**body, "messages": result.messages}
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.exception("tool_context_filter %s failed; passing the body through unchanged", hook)
            return body

    async def inlet(
        self, body: dict, __user__=None, __metadata__=None, __model__=None, __event_emitter__=None
    ) -> dict:
        """Trim the re-inflated history before the first model call of a turn."""
        return await self._trim("inlet", body, __user__, __model__, __event_emitter__, __metadata__)

    async def request(
        self, body: dict, __user__=None, __metadata__=None, __model__=None, __event_emitter__=None
    ) -> dict:
        """Trim and validate before every model call, including each tool-loop follow-up (0.11.2+)."""
        return await self._trim("request", body, __user__, __model__, __event_emitter__, __metadata__)

    async def outlet(
        self, body: dict, __user__=None, __metadata__=None, __model__=None, __event_emitter__=None
    ) -> dict:
        """Report what the next request will cost; never changes what is stored."""
        try:
            messages = body.get("messages") if isinstance(body, dict) else None
            if not (isinstance(messages, list) and messages and callable(__event_emitter__)):
                return body
            if not self._show_status(__user__):
                return body
            if self._valve("use_tokenizer"):
                await ensure_tokenizer(_tiktoken_dirs())
            params = await model_params(__model__)  # the next request carries them; this body does not
            config, counter, budget = self._plan_inputs({**params, **body}, __model__)
            report = await asyncio.to_thread(_projected, messages, __model__, config, counter)
            await self._emit(
                __event_emitter__, format_status(report, format_window(budget.window, budget.source))
            )
        except FATAL_EXCEPTIONS:
            raise
        except BaseException:
            log.exception("tool_context_filter outlet failed; body returned unchanged")
        return body


def _tiktoken_dirs() -> tuple[str, ...]:
    """Open WebUI's own tiktoken cache folder, where its token text splitter leaves cl100k."""
    config = sys.modules.get("open_webui.config")  # read only once Open WebUI has loaded it: no side effects
    folder = getattr(config, "TIKTOKEN_CACHE_DIR", None)
    return (str(folder),) if folder else ()


async def model_params(model: Any, clock: Callable[[], float] = time.monotonic) -> dict:
    """The window and reply size Open WebUI's ``chat_completion`` puts into this model's requests:
    the outlet's body carries neither, and the model dict's ``info.params`` lacks them since 0.12."""
    model_id = model.get("id") if isinstance(model, dict) else None
    if not isinstance(model_id, str):
        return {}
    read_at, params = _PARAMS_CACHE.get(model_id, (None, {}))
    if read_at is not None and clock() - read_at < _PARAMS_SECONDS:
        return params
    params = await _read_model_params(model_id)
    if len(_PARAMS_CACHE) >= _PARAMS_MODELS:
        _PARAMS_CACHE.clear()
    _PARAMS_CACHE[model_id] = (clock(), params)
    return params


async def _read_model_params(model_id: str) -> dict:
    try:
        from open_webui.models.config import Config
        from open_webui.models.models import Models
        from open_webui.utils.misc import merge_model_params

        stored = await Models.get_model_by_id(model_id)
        own = stored.params.model_dump() if stored and stored.params else {}
        params = merge_model_params(dict(await Config.get("models.default_params", {}) or {}), own)
    except Exception:  # an older Open WebUI, or no database: the body and the model dict decide
        log.debug("tool_context_filter: the model's params could not be read", exc_info=True)
        return {}
    return {k: params[k] for k in ("num_ctx", "max_tokens") if params.get(k) is not None}


def inflate_stored_messages(messages: list[Any], model: Any = None) -> list[dict]:
    """The next request's messages, rebuilt as ``load_messages_from_db`` and ``process_chat_payload`` do."""
    from open_webui.utils.middleware import (
        MESSAGE_REPLAY_KEYS,
        get_reasoning_format,
        process_messages_with_output,
        sanitize_tool_pairs,
    )

    replay = [
        {k: v for k, v in m.items() if k in MESSAGE_REPLAY_KEYS}
        for m in messages
        if isinstance(m, dict)
        and not (m.get("role") == "assistant" and not m.get("content") and not m.get("output"))
    ]
    fmt = get_reasoning_format(model) if isinstance(model, dict) else None
    return sanitize_tool_pairs(process_messages_with_output(replay, reasoning_format=fmt))
