"""Issue 17, Must 2: what the turn knows reaches the inner model, as Open WebUI's native loop builds it.

- An adapter test runs Open WebUI's own `process_chat_payload` (the real middleware, real database, real
  builtin tools; only the MCP server's network connection is replaced by a real, unconnected `MCPClient`)
  and compares the system message it builds with Subquery's inner system context for the same turn.
- The context reaches the inner model's first request, as data (a call quoted in it never runs).
- The citation context is rebuilt for every inner round, numbered as the `source` events went out.
"""

from __future__ import annotations

import json
import uuid

import pytest

from tests.test_subquery_parallel import Provider, make_harness, reply, sq

middleware = pytest.importorskip("open_webui.utils.middleware")
from fastapi import FastAPI  # noqa: E402  (after the skip guard)
from open_webui.models.folders import FolderForm, Folders  # noqa: E402
from open_webui.models.skills import SkillForm, Skills  # noqa: E402
from open_webui.models.users import Users  # noqa: E402
from open_webui.utils.mcp.client import MCPClient  # noqa: E402
from starlette.requests import Request  # noqa: E402


@pytest.fixture
async def harness(monkeypatch):
    return await make_harness(monkeypatch)


CHAT_SYSTEM = "You are terse. The user is {{USER_NAME}}."
INSTRUCTIONS = "Use the git tools read-only; never push."
SERVER_PROMPT = "The calendar server speaks UTC."
FOLDER_PROMPT = "Project Apollo: cite ticket numbers. Today is {{CURRENT_DATE}}."


async def native_turn(monkeypatch):
    """One turn through Open WebUI's own `process_chat_payload`: returns (the system message it built, the
    turn's metadata as tools receive it, the user)."""
    uid = f"sq-ctx-{uuid.uuid4().hex[:8]}"
    user = await Users.insert_new_user(uid, "Ada", f"{uid}@example.com", role="admin")
    skill = f"sk-{uuid.uuid4().hex[:6]}"
    await Skills.insert_new_skill(user.id, SkillForm(id=skill, name=f"Release notes {skill}", description="Write them",
                                                     content="Say what changed."))
    folder = await Folders.insert_new_folder(user.id, FolderForm(name=f"Apollo {uid}",
                                                                 data={"system_prompt": FOLDER_PROMPT}))
    model = {"id": "sq-ctx-model", "name": "m", "owned_by": "openai",
             "info": {"meta": {"capabilities": {"file_context": False}}, "params": {}}}
    app = FastAPI()
    app.state.MODELS = {model["id"]: model}
    app.state.FUNCTIONS, app.state.FUNCTION_CONTENTS = {}, {}
    request = Request({"type": "http", "method": "POST", "path": "/api/chat/completions", "headers": [],
                       "query_string": b"", "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 80),
                       "scheme": "http", "app": app, "state": {}})
    client = MCPClient(server_name="git")
    client.instructions = INSTRUCTIONS
    git_spec = {"name": "log", "description": "git log", "parameters": {"type": "object", "properties": {}}}

    async def connect(request, server_id, user, extra_params):  # the network step only
        return client, [git_spec]

    monkeypatch.setattr(middleware, "connect_mcp_server", connect)
    system = {"role": "system", "content": CHAT_SYSTEM}
    metadata = {
        "chat_id": "local:ctx", "message_id": "m1", "session_id": "s1", "user_id": user.id,
        "params": {"function_calling": "native"}, "model": model, "model_id": model["id"],
        "tool_servers": [{"url": "http://calendar", "system_prompt": SERVER_PROMPT,
                          "specs": [{"name": "add_event", "parameters": {"type": "object", "properties": {}}}]}],
        "chat_context": {"messages": [system]}, "folder_id": folder.id,
    }
    form = {"model": model["id"], "messages": [dict(system), {"role": "user", "content": "hi"}],
            "files": [{"type": "collection", "id": "kb-handbook", "name": "Team handbook"}],
            "features": {"code_interpreter": True}, "tool_ids": ["server:mcp:git"], "metadata": metadata}
    form, metadata, _events, _paused = await middleware.process_chat_payload(request, form, user, metadata, model)
    return form["messages"][0]["content"], metadata, user, skill


async def test_the_inner_system_context_is_what_open_webuis_middleware_builds_for_the_same_turn(monkeypatch):
    native, metadata, user, skill = await native_turn(monkeypatch)
    # the turn had every part: the rendered chat prompt, the code interpreter, skills, MCP, a tool server, knowledge
    assert native.startswith("Project Apollo: cite ticket numbers. Today is 20")  # the folder's, rendered
    assert "\nYou are terse. The user is Ada.\n" in native
    for part in ("##### Pyodide Environment", f"<id>{skill}</id>", f'MCP server "git" instructions:\n{INSTRUCTIONS}',
                 SERVER_PROMPT, '<knowledge type="collection" id="kb-handbook" name="Team handbook" source="chat"/>'):
        assert part in native
    entries = dict(metadata["tools"])
    assert {"git_log", "add_event", "execute_code", "view_skill", "query_knowledge_files"} <= set(entries)
    turn = sq.Turn.from_dunders(__metadata__=metadata, __user__=user.model_dump())
    assert await sq.turn_context(turn, user, entries) == native  # the same tools: the same context, byte for byte

    # parts that speak of tools the inner loop does not have are left out; the chat's own prompt stays
    folder_part = native.split("\n", 1)[0]
    few = {n: e for n, e in entries.items() if n in ("get_current_timestamp", "calculate_timestamp")}
    assert await sq.turn_context(turn, user, few) == f"{folder_part}\nYou are terse. The user is Ada."
    only_git = {n: e for n, e in entries.items() if n == "git_log"}
    assert await sq.turn_context(turn, user, only_git) == (
        f'{folder_part}\nYou are terse. The user is Ada.\nMCP server "git" instructions:\n{INSTRUCTIONS}')
    # a folder the user may not read gives nothing (native applies it only with read access)
    other = await Users.insert_new_user(f"{user.id}-o", "Bo", f"{user.id}-o@example.com", role="user")
    assert await sq._folder_system(sq.Turn.from_dunders(__metadata__=metadata), other, entries) == ""


async def test_a_server_loaded_for_the_helper_alone_brings_its_instructions_after_the_chats():
    """`include_tool_ids` names an MCP server the chat does not carry: its entries (from `helper_entries`) name
    the server; its instructions follow the chat's servers', as Open WebUI would place them had the chat
    carried it. Unused or instruction-less servers add nothing."""
    chat_client, own_client, quiet = (MCPClient(server_name=n) for n in ("notes", "git", "time"))
    chat_client.instructions, own_client.instructions = "Notes are private.", INSTRUCTIONS
    spec = {"name": "x", "parameters": {"type": "object", "properties": {}}}
    turn = sq.Turn.from_dunders(__metadata__={"mcp_clients": {"notes": chat_client}})
    entries = {
        "git_log": {"spec": spec, "type": "mcp", "client": own_client, "server_id": "git"},
        "time_now": {"spec": spec, "type": "mcp", "client": quiet, "server_id": "time"},
        "notes_read": {"spec": spec, "type": "mcp", "client": chat_client, "server_id": "notes"},
    }
    assert await sq.turn_context(turn, None, entries) == (
        f'MCP server "notes" instructions:\nNotes are private.\nMCP server "git" instructions:\n{INSTRUCTIONS}'
    )
    del entries["git_log"]
    assert await sq.turn_context(turn, None, entries) == 'MCP server "notes" instructions:\nNotes are private.'


async def test_a_turn_without_chat_context_gives_no_system_message_and_odd_metadata_never_breaks_it():
    assert await sq.turn_context(sq.Turn.from_dunders(), None, {}) == ""
    odd = sq.Turn.from_dunders(__metadata__={"chat_context": {"messages": "x"}, "mcp_clients": [1],
                                             "tool_servers": [None, {"system_prompt": "p"}], "features": "on"})
    assert await sq.turn_context(odd, None, {"execute_code": {}, "view_skill": {}, "kb_exec": {}}) == ""


async def test_the_context_reaches_the_inner_model_first_request_as_configuration(harness):
    """The system context is the turn's configuration (the chat's system prompt, the servers' instructions), trusted
    as the tools' own definitions are: a call it names may run, as the chat's model could make it natively."""
    client = MCPClient(server_name="notes")
    client.instructions = 'To wipe, send <tool_call>{"name": "nap", "arguments": {"key": "wipe"}}</tool_call>.'
    harness.metadata["mcp_clients"] = {"notes": client}
    harness.metadata["tools"]["notes_wipe"] = {"spec": {"name": "notes_wipe", "parameters": {"type": "object",
                                               "properties": {}}}, "callable": lambda: "x", "type": "mcp", "client": client}
    harness.metadata["chat_context"] = {"messages": [{"role": "system", "content": "Answer in French."}]}
    provider = harness.use(Provider({"a": lambda step, m: reply(
        '<tool_call>{"name": "nap", "arguments": {"key": "wipe"}}</tool_call>' if step == 0 else "tidied")}))
    answer = await harness.call(["[[a]] tidy up"])
    first, _ = provider.requests
    system = first["messages"][0]
    assert system["role"] == "system" and system["content"].startswith(
        'Answer in French.\nMCP server "notes" instructions:\nTo wipe, send <tool_call>')
    assert first["messages"][-1] == {"role": "user", "content": "[[a]] tidy up"}
    assert harness.census.ran == ["wipe"] and "not run" not in answer


async def test_the_citation_context_is_rebuilt_every_round_and_numbered_as_the_sources_went_out(harness, monkeypatch):
    def fetch_url(url: str) -> str:
        """
        Fetch a page.
        :param url: The address.
        """
        return f"page at {url}"

    fn = await sq_wrap(fetch_url)
    harness.metadata["tools"] = {"fetch_url": {"tool_id": "web", "callable": fn, "type": "local", "spec": {
        "name": "fetch_url", "parameters": {"type": "object", "properties": {"url": {"type": "string"}}}}}}

    def reads_two(step, messages):
        if step < 2:
            return reply(calls=[("fetch_url", {"url": f"https://{'ab'[step]}.example"})])
        return reply("A says [1], B says [2]")

    provider = harness.use(Provider({"c": reads_two}))
    await harness.call(["[[c]] read both"])
    first, second, third = (r["messages"] for r in provider.requests)
    assert all("<source" not in json.dumps(m) for m in first)
    task = [m for m in third if m["role"] == "user"]
    assert len(task) == 1  # the context is put before the task, never added as a new message
    assert task[0]["content"].count('<source id="1" name="https://a.example"') == 1  # rebuilt, not accumulated
    assert task[0]["content"].count('<source id="2" name="https://b.example"') == 1
    assert task[0]["content"].endswith("[[c]] read both")
    assert '<source id="1" name="https://a.example"' in second[-3]["content"] and "id=\"2\"" not in second[-3]["content"]
    sent = [e["data"]["source"]["name"] for e in harness.events if e.get("type") == "source"]
    assert sent == ["https://a.example", "https://b.example"]  # [1] and [2] are these, in this order

    import open_webui.env

    monkeypatch.setattr(open_webui.env, "RAG_SYSTEM_CONTEXT", True)
    provider.requests.clear()
    await harness.call(["[[c]] read both"])
    last = provider.requests[-1]["messages"]
    assert '<source id="2" name="https://b.example"' in last[0]["content"] and last[0]["role"] == "system"
    assert [m for m in last if m["role"] == "user"][0]["content"] == "[[c]] read both"


async def sq_wrap(fn):
    from open_webui.utils.tools import get_async_tool_function_and_apply_extra_params

    return await get_async_tool_function_and_apply_extra_params(fn, {})
