"""Which of the turn's tools the inner loop gets (minus this tool under any id, minus direct tools without a
live session, by the include/exclude valves) and what the core knows of each (`tool_info`). Over 128 tools,
`cap_request_tools` keeps Tool Search's, then the ones the prompt names, then the turn's order."""

from __future__ import annotations

import functools
import hashlib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from .owui_context import Turn
from .prepare import accepted_parameters
from .types import MAX_REQUEST_TOOLS, SUBQUERY_MARKER, ToolInfo, _shorten, log


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
    if own_id and entry.get("tool_id") == own_id:
        return True
    fn = entry.get("callable")  # its module's namespace names it (a wrapper's: its `__function__`'s)
    namespaces = (getattr(f, "__globals__", None) for f in (fn, getattr(fn, "__function__", None)))
    return any(isinstance(ns, dict) and ns.get("SUBQUERY_MARKER") == SUBQUERY_MARKER for ns in namespaces)


def select_tools(
    entries: Mapping[str, Any], own_id: str | None, include: list[str], exclude: list[str], direct_ok: bool
) -> dict[str, Any]:
    def wanted(name: str, entry: Any) -> bool:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("spec"), Mapping):
            return False
        keys = entry_keys(name, entry)
        if is_self_entry(name, entry, own_id) or (include and not keys & set(include)) or keys & set(exclude):
            return False
        return direct_ok if entry.get("direct") else callable(entry.get("callable")) or name == "call_tool"

    return {name: entry for name, entry in (entries or {}).items() if wanted(name, entry)}


# Tool Search's own tools: they reach every deferred tool, so they stay whenever the cap bites.
TOOL_SEARCH_NAMES = ("search_tools", "call_tool")


def _named_in(name: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text, re.IGNORECASE) is not None


def cap_request_tools(
    tools: Mapping[str, ToolInfo], prompt: str, limit: int = MAX_REQUEST_TOOLS
) -> tuple[dict[str, ToolInfo], list[str]]:
    """At most `limit` tools in the request (deferred ones do not count); returns (kept, names left out)."""
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
    head = ", ".join(_shorten(name, 60) for name in left_out[:shown])
    return head + (f", … (+{len(left_out) - shown} more)" if len(left_out) > shown else "")


# Builtins that run a whole agent (`delegate_task`: a sub-agent chat): Open WebUI gives them no time
# limit, so inside a subquery only its total time bounds them, not `tool_timeout_seconds`.
OWN_TIME_BUILTINS = frozenset({"delegate_task"})
# What Open WebUI may inject into a tool function: never an argument the model fills.
_INJECTED_NAMES = frozenset(
    "__user__ __id__ __metadata__ __messages__ __files__ __model__ __request__ __event_emitter__ __event_call__"
    " __chat_id__ __message_id__ __oauth_token__ __features__ __tools__ __session_id__ __task__ __task_body__".split()
)


def tool_info(name: str, entry: Mapping[str, Any], deferred: bool = False) -> ToolInfo:
    spec = dict(entry["spec"], name=name)
    own_time = name in OWN_TIME_BUILTINS and entry.get("type") == "builtin"
    # Tool Search's results are the tools' own definitions
    if name == "search_tools" and entry.get("type") == "builtin":
        return ToolInfo(name, spec, None, deferred=deferred, own_results=True)
    if entry.get("type") == "mcp":
        return ToolInfo(name, spec, None, passthrough=True, deferred=deferred)
    if entry.get("direct") or not callable(entry.get("callable")):
        return ToolInfo(name, spec, None, deferred=deferred, own_time=own_time)
    fn, bound = entry["callable"], getattr(entry["callable"], "__extra_params__", None)
    if getattr(fn, "__function__", None) is not None and isinstance(bound, dict):  # Open WebUI's tool wrapper
        fn = fn.__function__
    else:
        bound = {}
    names = accepted_parameters(fn)
    injected = frozenset(bound) | (_INJECTED_NAMES & (names or frozenset()))
    accepted = None if names is None else frozenset(n for n in names - injected if not n.startswith("__"))
    return ToolInfo(name, spec, accepted, injected=injected, deferred=deferred, own_time=own_time)


async def _tool_entries(turn: Turn, user: Any) -> dict:
    """The turn's resolved tools, MCP entries labelled with their server id."""
    metadata = turn.metadata
    entries = metadata.get("tools")
    if not isinstance(entries, Mapping) or not entries:
        entries = await _get_tools(turn, user)
    clients = metadata.get("mcp_clients")
    servers = {id(c): sid for sid, c in clients.items()} if isinstance(clients, Mapping) else {}
    out = {}
    for name, entry in entries.items():
        if isinstance(entry, Mapping) and entry.get("type") == "mcp" and id(entry.get("client")) in servers:
            entry = {**entry, "server_id": servers[id(entry.get("client"))]}
        out[name] = entry
    return out


async def _get_tools(turn: Turn, user: Any, ids: Sequence[str] | None = None) -> Mapping:
    """Open WebUI's `get_tools` (its access checks), with what its own loop binds (process_chat_payload)."""
    metadata = turn.metadata
    tool_ids = [t for t in (metadata.get("tool_ids") or [] if ids is None else ids) if t != turn.tool_id]
    if not tool_ids:
        return {}
    try:
        from open_webui.utils.tools import get_tools

        extra = turn.extra_params(dict(turn.user), turn.oauth_token, dict(turn.task_model))
        files = list(metadata.get("files") or [])
        return await get_tools(
            turn.request, tool_ids, user, {**extra, "__messages__": list(turn.messages), "__files__": files}
        )
    except Exception:
        log.exception("subquery: get_tools failed")
        return {}


async def helper_entries(turn: Turn, user: Any, include: Sequence[str], have: Mapping) -> tuple[dict, list]:
    """Tools `include_tool_ids` names that the chat does not carry, loaded as the middleware loads them (a
    user without access gets none). Returns them and the MCP clients to disconnect from the same task."""
    servers = [i for i in include if i.startswith("server:")]
    if not servers:  # the common case: nothing to load, no entry read
        return {}, []
    known = set().union(*(entry_keys(n, e) for n, e in have.items() if isinstance(e, Mapping)))
    missing = [i for i in servers if i not in known]
    if not missing:
        return {}, []
    entries = dict(await _get_tools(turn, user, [i for i in missing if not i.startswith("server:mcp:")]))
    clients: list = []
    for server in (i.removeprefix("server:mcp:") for i in missing if i.startswith("server:mcp:")):
        try:
            from open_webui.utils.tools import connect_mcp_server

            extra = turn.extra_params(dict(turn.user), turn.oauth_token, dict(turn.task_model))
            found = await connect_mcp_server(turn.request, server, user, extra)
        except Exception:
            log.exception("subquery: MCP server %s could not be reached", server)
            continue
        if found is None:
            continue
        client, specs = found
        clients.append(client)
        for spec in specs:
            name = f"{server}_{spec['name']}"  # as the middleware names them, hashed past 64 characters
            name = name if len(name) <= 64 else f"{name[:55]}_{hashlib.sha256(name.encode()).hexdigest()[:8]}"
            call = functools.partial(_mcp_call, client, spec["name"])
            entries[name] = {
                "spec": {**spec, "name": name},
                "callable": call,
                "type": "mcp",
                "client": client,
                "server_id": server,
            }
    return entries, clients


async def _mcp_call(client: Any, function_name: str, **kwargs: Any) -> Any:
    return await client.call_tool(function_name, function_args=kwargs)


def _tool_search_manifest(entries: Mapping[str, Any], deferred: Sequence[str]) -> str:
    """Tool Search's system text; only Open WebUI 0.12's middleware sets `deferred_tools`, so the import holds."""
    if not deferred:
        return ""
    from open_webui.utils.tool_search import build_deferred_tools_manifest

    return build_deferred_tools_manifest(dict(entries), list(deferred))
