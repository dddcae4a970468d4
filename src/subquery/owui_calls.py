"""One loop's tool calls on Open WebUI (`ToolCalls`, the `Hooks` of a `Run`), run by Open WebUI's own
`execute_tool_call` and rendered by it, with embeds, files and citation sources sent to the chat message. What
differs: the loop asks approval before a round runs, in a saved chat too (see `ToolCalls.execute`)."""

from __future__ import annotations

import inspect
import json
import uuid
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from textcalls.calls import ToolCall

from .messages import reasoning_tags_for
from .owui_run import Run
from .rounds import Hooks
from .types import ToolOutput, _safe_str, log

UNPARSED = "Error: Tool call arguments could not be parsed. The model generated malformed or incomplete JSON."


@dataclass
class ToolCalls:
    run: Run

    def hooks(self) -> Hooks:
        run = self.run
        tags = reasoning_tags_for(run.turn.params.get("reasoning_tags"))
        confirm = self.confirm if run.turn.params.get("tool_approval_mode") == "ask" else None
        hooks = Hooks(run.complete, self.execute, run.emit, self.approve, self.resolve, tags, run.emit.log)
        return replace(hooks, confirm=confirm, trace=run.emit.trace)

    async def execute(self, call: ToolCall, kwargs: dict, timeout: float) -> ToolOutput:
        """Open WebUI asks approval in `execute_tool_call` only in an unsaved chat, leaving a saved chat's to
        `resume_tool_calls`, which an inner loop never reaches: the loop asked already, so it is off here (mode "full").
        `kwargs` come decoded and filtered to the spec by the core, which needs them before a round runs (the repeat
        limit, the text-call rule, what approval shows); Open WebUI's decode and filter of them change nothing."""
        try:
            from open_webui.utils.middleware import execute_tool_call
        except ImportError:  # Open WebUI 0.11 has none
            raw, entry = await self._call_before_0_12(call, kwargs)
        else:
            run, event_call = self.run, self.run.turn.event_call
            params = {**(run.metadata.get("params") or {}), "tool_approval_mode": "full"}
            metadata = {**run.metadata, "tools": run.entries, "params": params}
            function = {"name": call.name, "arguments": json.dumps(kwargs, ensure_ascii=False)}
            tool_call = {"id": call.id, "type": "function", "function": function}
            form, event_call = {"messages": list(run.messages)}, event_call if callable(event_call) else None
            raw, entry = (await execute_tool_call(form, metadata, event_call, tool_call))[1:3]
        if entry is None:  # Open WebUI's decoder refused what the loop's accepted (e.g. a 100-digit number)
            return ToolOutput(raw or UNPARSED, outcome="failed")
        output = await self._render(call.name, kwargs, entry, raw)
        raised = isinstance(raw, dict) and list(raw) == ["error"]  # what Open WebUI makes of a raising tool
        return replace(output, outcome="failed") if raised else output

    async def _call_before_0_12(self, call: ToolCall, kwargs: dict) -> tuple[Any, Mapping[str, Any]]:
        """`execute_tool_call`'s steps, for Open WebUI 0.11 (which has none)."""
        from open_webui.utils.tools import get_updated_tool_function

        run, entry = self.run, self.run.entries[call.name]
        try:
            if not entry.get("direct"):
                files = list(run.metadata.get("files") or [])
                fresh = {"__messages__": list(run.messages), "__files__": files}
                function = await get_updated_tool_function(function=entry["callable"], extra_params=fresh)
                raw = function(**kwargs)
                return (await raw if inspect.isawaitable(raw) else raw), entry
            if not callable(run.turn.event_call):
                return "Error: Browser session is not connected for this direct tool.", entry
            data = {"id": str(uuid.uuid4()), "name": call.name, "params": kwargs}
            data.update(server=entry.get("server", {}), session_id=run.metadata.get("session_id"))
            return await run.turn.event_call({"type": "execute:tool", "data": data}), entry
        except Exception as exc:
            return {"error": _safe_str(exc)}, entry

    def resolve(self, call: ToolCall) -> ToolCall | str:
        if call.name != "call_tool" or "call_tool" not in self.run.entries:
            return call
        try:
            from open_webui.utils.tool_search import resolve_tool_call
        except ImportError:
            return "Error: call_tool needs Open WebUI 0.12 (Tool Search)."
        tc = {"id": call.id, "type": "function", "function": {"name": call.name, "arguments": call.arguments}}
        error = resolve_tool_call(tc, self.run.entries)
        if error:
            return error
        fn = tc["function"]
        return replace(call, name=fn["name"], arguments=fn["arguments"], provider=(call.name, call.arguments))

    async def approve(self, call: ToolCall, kwargs: dict, remaining: float) -> bool:
        if self.run.turn.params.get("tool_approval_mode") != "ask":
            return True
        entry = self.run.entries.get(call.name) or {}
        if call.name == "ask_user" and entry.get("type") == "builtin":
            return True
        return await self.confirm(call, kwargs, remaining)

    async def confirm(self, call: ToolCall, kwargs: dict, remaining: float) -> bool:
        if not callable(self.run.turn.event_call):
            return False
        tool_call = {"id": call.id, "name": call.name, "arguments": kwargs}
        event = {"type": "confirmation", "data": {"tool_call": tool_call}}
        try:
            async with self.run.approvals:  # one question at a time across tasks
                answer = await self.run.turn.event_call(event)  # the loop bounds the wait (`loop._yes`)
        except Exception:
            return False
        return answer is True  # disconnection and timeout replies are error objects, not approval

    async def _render(self, name: str, kwargs: dict, entry: Mapping[str, Any], raw: Any) -> ToolOutput:
        from open_webui.utils.middleware import process_tool_result, tool_result_content

        where = (entry.get("type", ""), bool(entry.get("direct")), self.run.metadata, self.run.user)
        result, files, embeds = await process_tool_result(self.run.request, name, raw, *where)
        text = result if isinstance(result, str) else tool_result_content(result)
        if embeds and not await self.run.turn.send({"type": "embeds", "data": {"embeds": list(embeds)}}):
            text = f"{name}: produced an embedded UI result, but it could NOT be shown to the user (no chat to show it in)."
        images, shown = await self._split_files(files or [])
        if shown and not await self.run.turn.send({"type": "files", "data": {"files": shown}}):
            text += "\n(The files this tool produced could not be shown to the user.)"
        await self._sources(name, kwargs, entry, text)
        return ToolOutput(text, tuple(images))

    async def _split_files(self, files: list) -> tuple[list[str], list[dict]]:
        """Data-URI images go to the inner model only; other files to the chat (images to both)."""
        images: list[str] = []  # for the inner model
        shown: list[dict] = []  # for the chat
        for item in (i for i in files if isinstance(i, dict)):
            url = item.get("url") or ""
            if item.get("type") == "image" and isinstance(url, str) and url.startswith("data:"):
                try:
                    from open_webui.utils.middleware import store_tool_result_image

                    url = await store_tool_result_image(
                        self.run.request, url, self.run.metadata, self.run.user
                    )
                except Exception:
                    log.debug("subquery: could not store a tool image", exc_info=True)
                images.append(url)
                continue
            shown.append(item)
            if item.get("type") == "image" and url:
                images.append(url)
        return images, shown

    async def _sources(self, name: str, kwargs: dict, entry: Mapping[str, Any], text: str) -> None:
        capabilities = ((self.run.model.get("info") or {}).get("meta") or {}).get("capabilities") or {}
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
            self.run.sources.append(source)  # numbered as it goes out (see `_with_citations`)
            await self.run.turn.send({"type": "source", "data": source})
