"""The turn and what it knows: `Turn` (what Open WebUI handed this tool call), its chat parameters (`chat_params`)
and the system context its native loop built (`turn_context`: the turn's configuration), read with Open WebUI's own
helpers, for the inner loop."""

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
    """What Open WebUI handed this tool call (its dunder arguments), read once and typed: built by `from_dunders`
    for each call, never stored on the tool instance; every loop the call runs reads its turn from here."""

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
        """The turn from the `__name__` arguments Open WebUI injected, by keyword (a tool function passes its
        `locals()`: other names are ignored; anything missing or malformed is empty)."""

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

    def extra_params(self, user: Mapping[str, Any], oauth_token: Any, model: Mapping[str, Any]) -> dict:
        """The arguments Open WebUI's middleware injects into its tools and filters in this turn
        (`process_chat_payload`), with the given user, OAuth token and model."""
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
    """The turn's chat parameters for the inner calls; later sources win, None is skipped."""
    out: dict = {}
    for source in sources:
        if isinstance(source, Mapping):
            out.update({k: source[k] for k in TURN_PARAMS if source.get(k) is not None})
    return out


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
    try:
        data = await asyncio.wait_for(request.json(), timeout=BODY_READ_SECONDS)
    except Exception:  # no `json()`, no body (an internal request), not JSON, or a closed stream
        return {}
    params = data.get("params") if isinstance(data, dict) else None
    return params if isinstance(params, Mapping) else {}


async def chat_params(request: Any, model: Mapping[str, Any]) -> dict:
    """temperature, top_p, ... for the inner calls: defaults < the model's params < the turn's."""
    model_params = (model.get("info") or {}).get("params") if isinstance(model.get("info"), Mapping) else None
    return turn_params(await _default_params(), model_params, await _turn_body_params(request))


# Open WebUI's builtin tools that read knowledge bases: the `<attached_knowledge>` list speaks of them.
KNOWLEDGE_BUILTINS = frozenset(
    "list_knowledge list_knowledge_bases search_knowledge_bases query_knowledge_bases search_knowledge_files"
    " grep_knowledge_files query_knowledge_files view_knowledge_file kb_exec".split()
)


async def turn_context(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """The system context Open WebUI's native loop builds for this turn (middleware.py
    `process_chat_payload`), in its order, for the inner loop's tools: the chat folder's system prompt
    (native puts it before the chat's), the chat's system messages (`metadata['chat_context']`, rendered
    as native renders them), the code-interpreter prompt, the skills manifest, MCP servers'
    instructions, tool servers' system prompts, the `<attached_knowledge>` list.
    A part that speaks of tools is there only when the inner loop has them: so it is rebuilt, not taken from
    `__messages__`, whose system message speaks of the chat's tools (the adapter test with fewer tools fails
    with it). A part that cannot be read is left out (logged), never an error."""
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
    """The system prompt of the chat's folder (a project), rendered, when the user may read the folder: found
    as native finds it (the saved chat's folder, else `metadata['folder_id']`; middleware.py ~2240-2256)."""
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
    """The chat's system messages (the chat's and the user's system prompt, as the request carried them),
    with their variables rendered by Open WebUI's `resolve_system_prompt`, as the native turn renders them."""
    context = turn.metadata.get("chat_context")
    found = context.get("messages") if isinstance(context, Mapping) else None
    systems = [m for m in found or [] if isinstance(m, Mapping) and m.get("role") == "system"]
    texts = [_text_of(m.get("content")) for m in systems]
    if not any(texts):
        return ""
    from open_webui.utils.payload import resolve_system_prompt

    return "\n".join([await resolve_system_prompt(t, dict(turn.metadata), user) for t in texts if t])


async def _code_prompt(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """Open WebUI's Pyodide prompt, when the turn has the code interpreter on (native function calling, not
    the Jupyter engine) and the inner loop has `execute_code`."""
    features = turn.metadata.get("features")
    on = isinstance(features, Mapping) and features.get("code_interpreter")
    if "execute_code" not in entries or not on or turn.params.get("function_calling") == "legacy":
        return ""
    from open_webui.config import CODE_INTERPRETER_PYODIDE_PROMPT
    from open_webui.models.config import Config

    engine = await Config.get("code_interpreter.engine", "pyodide")
    return "" if engine == "jupyter" else CODE_INTERPRETER_PYODIDE_PROMPT


async def _skills_manifest(turn: Turn, user: Any, entries: Mapping[str, Any]) -> str:
    """The `<available_skills>` manifest of the user's active skills, when the inner loop has `view_skill`.
    (Native gives a skill the user named with `$` in full instead; here it stays in the manifest.)"""
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
    """MCP servers' instructions and tool servers' system prompts, for the servers the inner loop uses: the
    chat's in Open WebUI's order, then those loaded for the helper alone (their entries name the server)."""
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
    """The `<attached_knowledge>` list (Open WebUI's `get_attached_knowledge`: the chat model's, the folder's
    and, without file context, the chat's knowledge), when the inner loop has a knowledge tool."""
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
