"""One inner tool call as Open WebUI's own loop runs it (`_ToolCalls`, mixed into `Run`): `call_tool` resolved,
approval, the call (in the browser, on the event loop or, where the admin allows it, in a thread), the result
rendered by Open WebUI, its embeds, files and citation sources sent to the chat message."""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import uuid
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from textcalls.calls import ToolCall

from .owui_select import _unwrap, coerce_for, entry_keys
from .prepare import accepted_parameters, serialize_result
from .threads import in_thread
from .types import NotStarted, ToolOutput, _safe_str, log

# Parameters a sync tool may take that belong to the event loop: such a tool never runs in a thread.
LOOP_BOUND_NAMES = frozenset({"__event_emitter__", "__event_call__"})
# A sync call waits for a free thread at most its timeout less this, so "not started" can be told.
THREAD_WAIT_MARGIN = 0.05


async def _refreshed(wrapper: Any, fresh: Mapping[str, Any]) -> Any:
    """The tool wrapper with `__messages__`/`__files__` re-bound, as Open WebUI's loop re-binds them
    for each call (`get_updated_tool_function`)."""
    try:
        from open_webui.utils.tools import get_updated_tool_function
    except ImportError:
        return wrapper
    return await get_updated_tool_function(function=wrapper, extra_params=dict(fresh))


class _ToolCalls:
    """The tool-call hooks of a `Run` (it reads the run's turn, user, entries, settings and messages)."""

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
        if not callable(self.turn.event_call):
            return False
        tool_call = {"id": call.id, "name": call.name, "arguments": kwargs}
        event = {"type": "confirmation", "data": {"tool_call": tool_call}}
        try:
            async with self.approvals or contextlib.nullcontext():  # one question at a time across tasks
                answer = await asyncio.wait_for(self.turn.event_call(event), timeout=max(remaining, 0.001))
        except Exception:
            return False
        return answer is True  # disconnection and timeout replies are error objects, not approval

    async def execute(self, call: ToolCall, kwargs: dict, timeout: float) -> ToolOutput:
        entry = self.entries[call.name]
        if entry.get("direct") and not callable(self.turn.event_call):
            return ToolOutput("Error: Browser session is not connected for this direct tool.")
        failed = False
        try:
            if entry.get("direct"):
                raw = await self._call_direct(call, entry, kwargs)
            else:
                raw = await self._call_local(call.name, entry, kwargs, timeout)
        except NotStarted:
            raise
        except Exception as exc:  # as Open WebUI's loop words it (middleware.execute_tool_call)
            raw, failed = {"error": _safe_str(exc)}, True
        output = await self._render(call.name, kwargs, entry, raw)
        return replace(output, outcome="failed") if failed else output

    async def _call_direct(self, call: ToolCall, entry: Mapping[str, Any], kwargs: dict) -> Any:
        """A user-level tool server: the browser runs it (`execute:tool`)."""
        data = {
            "id": str(uuid.uuid4()),
            "name": call.name,
            "params": kwargs,
            "server": entry.get("server", {}),
        }
        data["session_id"] = self.metadata.get("session_id")
        return await self.turn.event_call({"type": "execute:tool", "data": data})

    async def _call_local(self, name: str, entry: Mapping[str, Any], kwargs: dict, timeout: float) -> Any:
        """As Open WebUI's loop: `__messages__` and `__files__` refreshed for the call, a sync function
        on the event loop; in a thread only where the admin allows it (valve `sync_tools_in_threads`)."""
        fresh = {"__messages__": list(self.messages), "__files__": list(self.metadata.get("files") or [])}
        wrapper = entry["callable"]
        fn, bound = _unwrap(wrapper)
        if self._threaded(name, entry, fn, wrapper):
            bound = {**bound, **{k: v for k, v in fresh.items() if k in bound}}
            wait = max(timeout - THREAD_WAIT_MARGIN, 0.0)
            raw = await in_thread(
                fn, {**bound, **coerce_for(wrapper, kwargs)}, self.settings.max_tool_threads, wait
            )
        else:
            raw = (await _refreshed(wrapper, fresh))(**kwargs)  # Open WebUI's wrapper coerces the kwargs
        return await raw if inspect.isawaitable(raw) else raw

    def _threaded(self, name: str, entry: Mapping[str, Any], fn: Any, wrapper: Any) -> bool:
        """A sync tool runs in a thread when the admin listed it as thread-safe, unless it takes
        `__event_emitter__`/`__event_call__` (those belong to the event loop)."""
        if not self.thread_tools or fn is wrapper or inspect.iscoroutinefunction(fn):
            return False
        if "*" not in self.thread_tools and not entry_keys(name, entry) & set(self.thread_tools):
            return False
        return not (accepted_parameters(fn) or frozenset()) & LOOP_BOUND_NAMES

    async def _render(self, name: str, kwargs: dict, entry: Mapping[str, Any], raw: Any) -> ToolOutput:
        """Open WebUI's `process_tool_result`; embeds, files and sources go to the chat message."""
        try:
            from open_webui.utils.middleware import process_tool_result, tool_result_content
        except ImportError:
            return ToolOutput(serialize_result(raw))
        where = (entry.get("type", ""), bool(entry.get("direct")), self.metadata, self.user)
        result, files, embeds = await process_tool_result(self.request, name, raw, *where)
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
            self.sources.append(source)  # numbered as it goes out (see `_with_citations`)
            await self._send({"type": "source", "data": source})

    async def _send(self, event: dict) -> bool:
        """One event to the chat message; False when it could not go out."""
        if not callable(self.turn.event_emitter):
            return False
        try:
            await asyncio.wait_for(self.turn.event_emitter(event), timeout=10)
            return True
        except Exception:
            log.debug("subquery: event %s failed", event.get("type"), exc_info=True)
            return False
