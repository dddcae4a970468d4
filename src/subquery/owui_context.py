"""The turn (`Turn`: what Open WebUI handed this tool call), its chat parameters (`chat_params`) and the system
context its native loop built (`turn_context`), read with Open WebUI's own helpers, for the inner loop."""

from __future__ import annotations

import asyncio
import html
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .messages import _text_of
from .types import log


@dataclass(frozen=True, kw_only=True)
class Turn:
    """The dunder arguments of one tool call, read once and typed; never stored on the tool instance."""

    request: Any
    user: Mapping[str, Any]
    metadata: Mapping[str, Any]
    messages: Sequence[Any]
    files: Sequence[Any]
    event_emitter: Callable[[dict], Awaitable[Any]] | None = None
    event_call: Callable[[dict], Awaitable[Any]] | None = None
    tool_id: str | None = None
    task_model: Mapping[str, Any] = field(default_factory=dict)  # `__model__`: Open WebUI's task model
    oauth_token: Any = None

    @classmethod
    def from_dunders(cls, **dunders: Any) -> Turn:
        """A tool function passes its `locals()`: other names are ignored, anything malformed is empty."""

        def get(name: str, kind: Any, empty: Any = None) -> Any:
            value = dunders.get(f"__{name}__")
            return value if isinstance(value, kind) else empty

        return cls(
            request=dunders.get("__request__"),
            user=get("user", Mapping, {}),
            metadata=get("metadata", Mapping, {}),
            messages=get("messages", list, []),
            files=get("files", list, []),
            event_emitter=get("event_emitter", Callable),
            event_call=get("event_call", Callable),
            tool_id=get("id", str),
            task_model=get("model", Mapping, {}),
            oauth_token=dunders.get("__oauth_token__"),
        )

    @property
    def params(self) -> Mapping[str, Any]:
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
        valves = self.user.get("valves")
        show = getattr(valves, "show_status", None)
        if show is None and isinstance(valves, Mapping):
            show = valves.get("show_status")
        return show is not False

    @property
    def direct_tools_ok(self) -> bool:
        return self.event_call is not None and bool(self.metadata.get("session_id"))

    async def send(self, event: dict) -> bool:
        """One event to the chat (embeds, files, sources, usage): False when there is no chat or it failed."""
        if not callable(self.event_emitter):
            return False
        try:
            await asyncio.wait_for(self.event_emitter(event), timeout=10)
            return True
        except Exception:
            log.debug("subquery: event %s failed", event.get("type"), exc_info=True)
            return False

    def extra_params(self, user: Mapping[str, Any], oauth_token: Any, model: Mapping[str, Any]) -> dict:
        """The arguments Open WebUI's middleware injects into tools and filters (`process_chat_payload`)."""
        return {
            "__event_emitter__": self.event_emitter,
            "__event_call__": self.event_call,
            "__user__": user,
            "__metadata__": self.metadata,
            "__oauth_token__": oauth_token,
            "__request__": self.request,
            "__model__": model,
            "__chat_id__": self.metadata.get("chat_id"),
            "__message_id__": self.metadata.get("message_id"),
        }


TURN_PARAMS = ("temperature", "top_p", "max_tokens", "reasoning_effort", "seed", "stop")


def turn_params(*sources: Any) -> dict:
    out: dict = {}
    for source in sources:
        if isinstance(source, Mapping):
            out.update({k: source[k] for k in TURN_PARAMS if source.get(k) is not None})
    return out


# Open WebUI 0.12.4 hands a tool no copy of the turn's chat parameters (`__metadata__['params']` holds only its own
# keys, `__model__` the model's saved params). So they are merged as main.py's chat_completion does: the admin's
# defaults, the model's, then the turn's `params` from Starlette's `Request.json()` (the cached parse of the body).
BODY_READ_SECONDS = 1.0


async def _default_params() -> Mapping:
    try:
        from open_webui.models.config import Config

        found = await asyncio.wait_for(Config.get("models.default_params", {}), timeout=BODY_READ_SECONDS)
    except Exception:
        log.debug("subquery: no default model params", exc_info=True)
        return {}
    return found if isinstance(found, Mapping) else {}


async def _turn_body_params(request: Any) -> Mapping:
    try:
        data = await asyncio.wait_for(request.json(), timeout=BODY_READ_SECONDS)
    except Exception:  # no `json()`, no body (an internal request), not JSON, or a closed stream
        return {}
    params = data.get("params") if isinstance(data, dict) else None
    return params if isinstance(params, Mapping) else {}


async def chat_params(request: Any, model: Mapping[str, Any]) -> dict:
    """Defaults < the model's params < the turn's, as main.py's chat_completion merges them."""
    model_params = (model.get("info") or {}).get("params") if isinstance(model.get("info"), Mapping) else None
    return turn_params(await _default_params(), model_params, await _turn_body_params(request))


# Open WebUI's builtin tools that read knowledge bases: the `<attached_knowledge>` list speaks of them.
KNOWLEDGE_BUILTINS = frozenset(
    "list_knowledge list_knowledge_bases search_knowledge_bases query_knowledge_bases search_knowledge_files"
    " grep_knowledge_files query_knowledge_files view_knowledge_file kb_exec".split()
)


async def turn_context(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """The system context of Open WebUI's native turn (`process_chat_payload`), in its order. Rebuilt, not
    taken from `__messages__`: a part that speaks of tools is there only when the inner loop has them (the adapter
    test with fewer tools fails otherwise). A part that cannot be read is left out (logged)."""
    parts = []
    for build in _TURN_PARTS:  # in the order the native turn builds them
        try:
            parts.append(await build(turn, user, entries))
        except Exception:
            log.debug("subquery: part of the turn's context left out (%s)", build.__name__, exc_info=True)
    from open_webui.utils.misc import add_or_update_system_message

    messages: list[dict] = []
    for part in parts:
        if part:
            messages = add_or_update_system_message(part, messages, append=True)
    return _text_of(messages[0]["content"]) if messages else ""


async def _folder_system(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """The chat folder's system prompt, when the user may read the folder (middleware.py ~2240-2256)."""
    user_id = getattr(user, "id", None)
    if user_id is None:
        return ""
    from open_webui.models.chats import Chats
    from open_webui.models.folders import Folders
    from open_webui.utils.access_control.folders import has_folder_access
    from open_webui.utils.chat_id import is_saved_chat_id
    from open_webui.utils.payload import resolve_system_prompt

    chat_id = turn.metadata.get("chat_id")
    folder_id = await Chats.get_chat_folder_id(chat_id, user_id) if is_saved_chat_id(chat_id) else None
    folder_id = folder_id or turn.metadata.get("folder_id")
    folder = await Folders.get_folder_by_id(folder_id) if isinstance(folder_id, str) and folder_id else None
    if folder is None or not isinstance(folder.data, Mapping) or not folder.data.get("system_prompt"):
        return ""
    if getattr(user, "role", None) != "admin" and not await has_folder_access(
        user_id, folder, "read", db=None
    ):
        return ""
    return await resolve_system_prompt(str(folder.data["system_prompt"]), dict(turn.metadata), user) or ""


async def _chat_system(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """The chat's system messages, rendered by Open WebUI's `resolve_system_prompt`."""
    context = turn.metadata.get("chat_context")
    found = context.get("messages") if isinstance(context, Mapping) else None
    systems = [m for m in found or [] if isinstance(m, Mapping) and m.get("role") == "system"]
    texts = [_text_of(m.get("content")) for m in systems]
    if not any(texts):
        return ""
    from open_webui.utils.payload import resolve_system_prompt

    return "\n".join([await resolve_system_prompt(t, dict(turn.metadata), user) for t in texts if t])


async def _code_prompt(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """The Pyodide prompt, with the code interpreter on (native calling, not Jupyter) and `execute_code`."""
    features = turn.metadata.get("features")
    on = isinstance(features, Mapping) and features.get("code_interpreter")
    if "execute_code" not in entries or not on or turn.params.get("function_calling") == "legacy":
        return ""
    from open_webui.config import CODE_INTERPRETER_PYODIDE_PROMPT
    from open_webui.models.config import Config

    engine = await Config.get("code_interpreter.engine", "pyodide")
    return "" if engine == "jupyter" else CODE_INTERPRETER_PYODIDE_PROMPT


async def _skills_manifest(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """`<available_skills>`, with `view_skill` (a skill named with `$` stays in the manifest here)."""
    if "view_skill" not in entries or getattr(user, "id", None) is None:
        return ""
    from open_webui.models.skills import Skills

    skills = sorted((k for k in await Skills.get_skills(user_id=user.id) if k.is_active), key=lambda k: k.id)
    manifest = "".join(
        f"<skill>\n<id>{k.id}</id>\n<name>{k.name}</name>\n<description>{k.description or ''}</description>\n</skill>\n"
        for k in skills
    )
    return f"<available_skills>\n{manifest}</available_skills>" if manifest else ""


async def _server_prompts(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """MCP servers' instructions and tool servers' system prompts for the servers the inner loop uses: the
    chat's in Open WebUI's order, then those loaded for the helper alone."""
    from open_webui.utils.json_codec import JSONCodec

    parts = []
    clients = turn.metadata.get("mcp_clients")
    servers = dict(clients) if isinstance(clients, Mapping) else {}  # Open WebUI's order
    mapped = [e for e in entries.values() if isinstance(e, Mapping)]
    mcp = [e for e in mapped if e.get("type") == "mcp"]
    for e in mcp:  # loaded for the helper alone: after the chat's
        if e.get("server_id"):
            servers.setdefault(e["server_id"], e.get("client"))
    used = {id(e.get("client")) for e in mcp}
    for server_id, client in servers.items():
        text = getattr(client, "instructions", None)
        if text and id(client) in used:
            parts.append(f"MCP server {JSONCodec.dumps(server_id)} instructions:\n{text}")
    urls = {(e.get("server") or {}).get("url") for e in mapped if e.get("direct")}
    for server in turn.metadata.get("tool_servers") or []:
        if isinstance(server, Mapping) and server.get("system_prompt") and server.get("url") in urls:
            parts.append(str(server["system_prompt"]))
    return "\n".join(parts)


async def _knowledge_list(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """`<attached_knowledge>` (Open WebUI's `get_attached_knowledge`), with a knowledge tool."""
    if not any(n in KNOWLEDGE_BUILTINS and isinstance(e, Mapping) for n, e in entries.items()):
        return ""
    from open_webui.utils.tools import get_attached_knowledge

    tags = []
    for item in get_attached_knowledge(turn.chat_model, dict(turn.metadata)):
        attrs = {k: html.escape(str(item[k])) for k in ("type", "id", "name", "source") if item.get(k)}
        if "id" in attrs and "type" in attrs:
            tags.append("<knowledge " + " ".join(f'{k}="{v}"' for k, v in attrs.items()) + "/>")
    return "<attached_knowledge>\n" + "\n".join(tags) + "\n</attached_knowledge>" if tags else ""


_TURN_PARTS = (_folder_system, _chat_system, _code_prompt, _skills_manifest, _server_prompts, _knowledge_list)
