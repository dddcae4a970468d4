"""One loop's context on Open WebUI (`Run`) and its model rounds, by the rules of a direct chat: the filters'
`request` hooks, then `generate_chat_completion` WITHOUT bypass_filter (the user's model access check runs), on a
request of its own (`inner_request`): nothing is written on the turn's request, which other calls share."""

from __future__ import annotations

import asyncio
import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .owui_completion import _read_stream, completion_from, inner_request
from .owui_context import Turn
from .status import StatusEmitter, TaskStatus
from .types import Completion, Settings, _count, _safe_str, log


@dataclass(kw_only=True)
class Run:
    """One loop's context: `get_ready` makes the turn's, each loop its own copy (`replace`). `messages`, `usages`,
    `sources`: what the loop has seen so far (not init fields, so a copy starts with its own empty lists);
    `prompt_at`: the task's message (the citation context goes there)."""

    turn: Turn
    user: Any
    model_id: str
    settings: Settings
    entries: dict
    emit: StatusEmitter | TaskStatus
    params: dict = field(default_factory=dict)
    approvals: asyncio.Lock = field(default_factory=asyncio.Lock)  # the turn's: one question at a time
    recent: Any = 0  # the call's `include_recent_messages`, as the model gave it
    prompt: str = ""
    prompt_at: int = -1
    messages: list = field(default_factory=list, init=False)
    usages: list = field(default_factory=list, init=False)
    sources: list = field(default_factory=list, init=False)

    @property
    def request(self) -> Any:
        return self.turn.request

    @property
    def metadata(self) -> Mapping[str, Any]:
        return self.turn.metadata

    @property
    def model(self) -> dict:
        if self.turn.chat_model.get("id") == self.model_id:
            return dict(self.turn.chat_model)
        models = getattr(getattr(getattr(self.request, "app", None), "state", None), "MODELS", None) or {}
        try:
            found = models.get(self.model_id)
        except Exception:  # a Redis-backed model pool that cannot answer
            found = None
        return found if isinstance(found, dict) else {"id": self.model_id}

    async def complete(
        self,
        messages: list[dict],
        specs: list[dict] | None,
        remaining: float,
        tool_choice: str | None = None,
        max_tokens: int | None = None,
    ) -> Completion:
        """One inner model call; `max_tokens`: the budget's room for the reply (the turn's own kept when smaller)."""
        from open_webui.utils.middleware import normalize_messages_for_model

        self.messages, sent = list(messages), copy.deepcopy(messages)
        form: dict[str, Any] = {**self.params, "model": self.model_id, "messages": sent, "stream": False}
        if max_tokens is not None:
            form["max_tokens"] = min(max_tokens, _count(form.get("max_tokens")) or max_tokens)
        if specs:
            form["tools"] = copy.deepcopy(specs)  # filters may edit the request; our specs stay as they are
            if tool_choice:
                form["tool_choice"] = tool_choice
        form["metadata"] = self.inner_metadata()
        form["messages"] = await self._with_citations(form["messages"])
        form = await self._inline_images(form)
        try:
            form = normalize_messages_for_model(await self._request_filters(form))  # Open WebUI's last step
        except Exception as exc:
            log.warning("subquery: a request filter failed: %s", exc)
            why = f"a request filter stopped the inner model call ({type(exc).__name__}: {exc})"
            return Completion(error=why)
        try:
            response = await self._generate(form)
        except Exception as exc:
            return Completion(error=self._call_error(exc))
        completion = completion_from(response)
        self.usages.append(completion.usage)
        self._log_usage(completion.usage)
        return replace(completion, reasoning=self._replayed_reasoning(completion))

    def inner_metadata(self) -> dict:
        """The inner loop's tools (a pipe as the inner model gets them as `__tools__`) and the inner model."""
        metadata = {**self.metadata, "tools": dict(self.entries)}
        if self.model_id != self.turn.chat_model_id:
            metadata.update(model=self.model, model_id=self.model_id)
        return metadata

    async def _with_citations(self, messages: list[dict]) -> list[dict]:
        """Open WebUI's citation context, rebuilt every round as its loop does (middleware.py ~5860-5915), so
        that `[n]` matches the `source` events sent: file sources, then this loop's, as markers only."""
        if not self.sources or not 0 <= self.prompt_at < len(messages):
            return messages
        try:
            from open_webui.env import RAG_SYSTEM_CONTEXT
            from open_webui.models.config import Config
            from open_webui.utils.middleware import get_source_context
            from open_webui.utils.misc import add_or_update_system_message, update_message_content
            from open_webui.utils.task import rag_template

            ids: dict = {}
            files = list(self.metadata.get("sources") or [])
            context = get_source_context(files, ids, include_content=False)
            context = (context + get_source_context(self.sources, ids, include_content=False)).strip()
            rag = await rag_template(await Config.get("rag.template"), context, self.prompt)
        except Exception:
            log.debug("subquery: no citation context", exc_info=True)
            return messages
        if RAG_SYSTEM_CONTEXT:
            return add_or_update_system_message(rag, messages, append=True)
        messages[self.prompt_at] = update_message_content(dict(messages[self.prompt_at]), rag, append=False)
        return messages

    def _call_error(self, exc: Exception) -> str:
        detail = getattr(exc, "detail", None) or _safe_str(exc) or type(exc).__name__
        if detail == "Model not found":  # Open WebUI's answer when the user may not use the model
            return f"the model `{self.model_id}` is not available to this user (Open WebUI: Model not found). The subquery cannot run on it: an admin can grant access to it, or clear the Subquery valve `model_id` to use the chat's own model"
        return f"the model call failed: {detail}"

    def _replayed_reasoning(self, completion: Completion) -> dict:
        """Open WebUI's per-provider rule (`get_reasoning_format`) applied by its own converter."""
        if not completion.reasoning_text and not completion.reasoning_details:
            return {}
        from open_webui.utils.middleware import get_reasoning_format
        from open_webui.utils.misc import convert_output_to_messages

        text = completion.reasoning_text
        content = [{"type": "output_text", "text": text}] if text else []
        details = list(completion.reasoning_details)
        item = {"type": "reasoning", "content": content, "reasoning_details": details}
        fmt = get_reasoning_format(self.model)
        kept = ("reasoning_content", "thinking", "reasoning_details")
        for message in convert_output_to_messages([item], raw=True, reasoning_format=fmt):
            return {k: message[k] for k in kept if message.get(k)}
        return {}

    async def _inline_images(self, form: dict) -> dict:
        """As Open WebUI does before the request hooks: a provider cannot fetch `/api/v1/files/<id>/content`."""
        if not any(isinstance(m.get("content"), list) for m in form["messages"] if isinstance(m, dict)):
            return form
        try:
            from open_webui.utils.middleware import convert_url_images_to_base64

            return await convert_url_images_to_base64(form, user=self.user)
        except Exception:
            log.debug("subquery: image parts left as they were", exc_info=True)
            return form

    async def _generate(self, form: dict) -> Any:
        from open_webui.utils.chat import generate_chat_completion

        request = inner_request(self.request, form.get("metadata") or {}, self.model_id)
        response = await generate_chat_completion(request, form, self.user)
        if hasattr(response, "body_iterator"):  # a backend that streams anyway
            response = await _read_stream(response)
        return response

    async def _request_filters(self, form: dict) -> dict:
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
        user = self.user.model_dump() if hasattr(self.user, "model_dump") else dict(self.turn.user)
        extra, context = self.turn.extra_params(user, oauth, model), get_filter_context(self.request)
        form, _ = await process_filter_functions(self.request, context, functions, "request", form, extra)
        return form

    def _log_usage(self, usage: Mapping[str, Any]) -> None:
        if not usage:
            return
        try:
            from open_webui.utils.audit import log_model_usage

            log_model_usage(self.request, self.user, self.model_id, dict(usage))
        except Exception:
            log.debug("subquery: usage logging unavailable", exc_info=True)
