"""Subquery with the tool servers Open WebUI users run, on the real Open WebUI 0.12.4.

- `mcp-server-time` behind `mcpo`: OpenAPI connection `server:time`;
- `mcp-server-git` behind `mcp-proxy`: native MCP connection (streamable HTTP) `server:mcp:git`;
- the same two behind `DelayProxy` (each tool call held `DELAY` s, its span recorded):
  `server:slowtime` and `server:mcp:slowgit`.

Only the language model is scripted. The servers come from `.venv-tools` / `.venv-proxy`
(`make toolservers`).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Iterator

import pytest

from devkit.harness import ROOT, ChatClient
from devkit.scripted_model import Call, Logged, Reply, ScriptedModel
from devkit.toolservers import DelayProxy, ToolServers, overlap, register_connections

pytestmark = pytest.mark.e2e

MODEL = "scripted-model"
DELAY = 1.0
OUT = ROOT / "test-output"


@pytest.fixture(scope="module")
def servers() -> Iterator[ToolServers]:
    work = OUT / f"toolservers-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    running = ToolServers(work).start()
    yield running
    running.stop()
    shutil.rmtree(work, ignore_errors=True)


@pytest.fixture(scope="module")
def proxies(servers: ToolServers) -> Iterator[tuple[DelayProxy, DelayProxy]]:
    time_proxy = DelayProxy(servers.time_url, DELAY).start()
    git_proxy = DelayProxy(servers.git_url.removesuffix("/mcp"), DELAY).start()
    yield time_proxy, git_proxy
    time_proxy.stop()
    git_proxy.stop()


@pytest.fixture(scope="module")
def client(owui: ChatClient, servers: ToolServers, proxies: tuple[DelayProxy, DelayProxy]) -> Iterator[ChatClient]:
    assert owui.install_tool("subquery", ROOT / "tools" / "subquery.py") in ("created", "updated", "unchanged")
    time_proxy, git_proxy = proxies
    slow = ToolServers(servers.workdir, time_id="slowtime", git_id="slowgit")
    before = owui.request("GET", "/api/v1/configs/tool_servers").get("TOOL_SERVER_CONNECTIONS") or []
    register_connections(owui, [*servers.connections(),
                                *slow.connections(time_proxy.url, git_proxy.url + "/mcp")])
    yield owui
    # The servers stop with this module: leave the session's Open WebUI as it was.
    owui.request("POST", "/api/v1/configs/tool_servers", {"TOOL_SERVER_CONNECTIONS": before})


@pytest.fixture
def valves(client: ChatClient):
    client.set_tool_valves("subquery", {})
    yield lambda **v: client.set_tool_valves("subquery", v)
    client.set_tool_valves("subquery", {})


def names(request: Logged) -> list[str]:
    return [t["function"]["name"] for t in request.body.get("tools") or []]


def named(request: Logged, suffix: str) -> str:
    found = [n for n in names(request) if n.endswith(suffix)]
    assert len(found) == 1, (suffix, names(request))
    return found[0]


def tool_results(request: Logged) -> list[tuple[str, str]]:
    """(tool name, content) of each tool message, in order."""
    called: dict[str, str] = {}
    out = []
    for m in request.body["messages"]:
        for tc in m.get("tool_calls") or []:
            called[tc["id"]] = tc["function"]["name"]
        if m.get("role") == "tool":
            out.append((called.get(m["tool_call_id"], "?"), m["content"]))
    return out


def run_native(client: ChatClient, scripted: ScriptedModel, key: str, calls, tool_ids: list[str]) -> Logged:
    """The chat model makes `calls(request)` itself: Open WebUI's own loop runs them. Returns the follow-up request."""
    scripted.script(key, lambda body, step: Reply(calls=calls(body)) if step == 0 else Reply(content="native done"))
    client.chat(MODEL, f"[[{key}]] use the tools", tool_ids=tool_ids)
    requests = scripted.requests_for(key)
    assert len(requests) == 2, [r.step for r in requests]
    return requests[1]


def run_subquery(client: ChatClient, scripted: ScriptedModel, key: str, calls, tool_ids: list[str]) -> list[Logged]:
    """The chat model calls subquery; inside, the model makes `calls(request)`. Returns the inner requests."""

    def outer(body: dict, step: int) -> Reply:
        if step == 0:
            return Reply(calls=(Call("subquery", {"prompt": f"[[{key}/inner]] use the tools"}),))
        return Reply(content="outer done")

    def inner(body: dict, step: int) -> Reply:
        return Reply(calls=calls(body)) if step == 0 and calls else Reply(content="inner done")

    scripted.script(key, outer)
    scripted.script(f"{key}/inner", inner)
    client.chat(MODEL, f"[[{key}]] delegate", tool_ids=tool_ids)
    return scripted.requests_for(f"{key}/inner")


def _name(body: dict, suffix: str) -> str:
    return next(t["function"]["name"] for t in body.get("tools") or [] if t["function"]["name"].endswith(suffix))


# ---------------------------------------------------------------------------------------------


def test_mcp_and_openapi_calls_of_one_round_overlap(client: ChatClient, scripted: ScriptedModel, servers, proxies):
    """Each call is held DELAY s by a forwarding proxy: run together, each starts before the other ends
    (an order of events, not a duration). The overlap and the round's wall time, and Open WebUI's own
    loop given the same two calls in one assistant message, are written as figures, not asserted."""
    time_proxy, git_proxy = proxies
    ids = ["subquery", "server:slowtime", "server:mcp:slowgit"]

    def calls(body: dict) -> tuple[Call, ...]:
        return (Call(_name(body, "git_log"), {"repo_path": str(servers.repo), "max_count": 2}),
                Call(_name(body, "get_current_time_post"), {"timezone": "Asia/Tokyo"}))

    def spans_after(mark: tuple[int, int]):
        git = [s for s in git_proxy.spans[mark[1]:] if s.name == "git_log"]
        now = [s for s in time_proxy.spans[mark[0]:] if s.name == "get_current_time"]
        assert len(git) == 1 and len(now) == 1, (git_proxy.spans, time_proxy.spans)
        return git[0], now[0]

    mark = (len(time_proxy.spans), len(git_proxy.spans))
    inner = run_subquery(client, scripted, "overlap", calls, ids)
    assert [r.step for r in inner] == [0, 1]
    git, now = spans_after(mark)
    sub_overlap = overlap(git, now)
    sub_wall = max(git.end, now.end) - min(git.start, now.start)
    assert git.end - git.start >= DELAY and now.end - now.start >= DELAY  # the proxy held each
    assert git.start < now.end and now.start < git.end, (git, now)  # both in flight at once
    assert "Commit history:" in dict(tool_results(inner[1]))[_name(inner[1].body, "git_log")]

    mark = (len(time_proxy.spans), len(git_proxy.spans))
    run_native(client, scripted, "overlap-native", calls, ids)
    git, now = spans_after(mark)
    native_overlap = overlap(git, now)
    native_wall = max(git.end, now.end) - min(git.start, now.start)
    figures = {
        "delay_per_call_s": DELAY,
        "subquery": {"overlap_s": round(sub_overlap, 3), "round_wall_s": round(sub_wall, 3)},
        "open_webui_native_loop": {"overlap_s": round(native_overlap, 3), "round_wall_s": round(native_wall, 3)},
        "wall_ratio_native_over_subquery": round(native_wall / sub_wall, 2),
    }
    OUT.mkdir(exist_ok=True)
    (OUT / "toolservers-overlap.json").write_text(json.dumps(figures, indent=2))
    print("overlap figures:", json.dumps(figures))


def test_inner_model_gets_the_same_specs_and_results_as_the_native_loop(client: ChatClient, scripted, servers):
    ids = ["subquery", "server:time", "server:mcp:git"]

    def calls(body: dict) -> tuple[Call, ...]:
        return (Call(_name(body, "git_log"), {"repo_path": str(servers.repo), "max_count": 3}),
                Call(_name(body, "convert_time_post"),
                     {"source_timezone": "America/New_York", "time": "09:30", "target_timezone": "Europe/Berlin"}))

    native = run_native(client, scripted, "same-native", calls, ids)
    inner = run_subquery(client, scripted, "same-sub", calls, ids)
    assert [r.step for r in inner] == [0, 1]

    def specs(request: Logged) -> dict[str, dict]:
        return {t["function"]["name"]: t for t in request.body["tools"] if t["function"]["name"] not in ("subquery", "subqueries")}

    native_specs, inner_specs = specs(native), specs(inner[1])
    assert any(n.startswith("git_") for n in native_specs) and any(n.startswith("tool_") for n in native_specs)
    assert inner_specs == native_specs
    assert specs(inner[0]) == native_specs
    native_results, inner_results = tool_results(native), tool_results(inner[1])
    assert [n for n, _ in native_results] == [n for n, _ in inner_results] == [c.name for c in calls(native.body)]
    assert inner_results == native_results
    assert "Commit history:" in inner_results[0][1] and "Europe/Berlin" in inner_results[1][1]


def test_helper_only_tools_the_chat_does_not_carry(client: ChatClient, scripted, servers, valves):
    """`include_tool_ids` naming servers the chat does not carry: the helper gets them (the same specs and
    results as Open WebUI's own loop with them), the chat's model is offered Subquery alone; the helper's MCP
    client is closed when it ends (the next subquery connects again and works)."""
    ids = ["subquery", "server:time", "server:mcp:git"]

    def calls(body: dict) -> tuple[Call, ...]:
        return (Call(_name(body, "git_log"), {"repo_path": str(servers.repo), "max_count": 3}),
                Call(_name(body, "convert_time_post"),
                     {"source_timezone": "America/New_York", "time": "09:30", "target_timezone": "Europe/Berlin"}))

    native = run_native(client, scripted, "helper-native", calls, ids)
    valves(include_tool_ids="server:time,server:mcp:git")
    for key in ("helper-only", "helper-again"):
        inner = run_subquery(client, scripted, key, calls, ["subquery"])
        assert [r.step for r in inner] == [0, 1]
        outer = scripted.requests_for(key)
        assert {n for r in outer for n in names(r)} <= {"subquery", "subqueries"}, [names(r) for r in outer]
        shown = {n: t for n, t in ((t["function"]["name"], t) for t in inner[1].body["tools"])}
        assert shown == {n: t for n, t in ((t["function"]["name"], t) for t in native.body["tools"])
                         if n not in ("subquery", "subqueries")}
        assert tool_results(inner[1]) == tool_results(native)
    valves(include_tool_ids="server:mcp:nonexistent")  # a server that is not configured: no tool, no error
    inner = run_subquery(client, scripted, "helper-none", None, ["subquery"])
    assert "tools" not in inner[0].body


INCLUDE_EXCLUDE = [
    ({"include_tool_ids": "server:mcp:git"}, {"git"}),
    ({"include_tool_ids": "server:time"}, {"time"}),
    ({"exclude_tool_ids": "server:mcp:git"}, {"time"}),
    ({"exclude_tool_ids": "server:time"}, {"git"}),
    ({"include_tool_ids": "server:time, server:mcp:git", "exclude_tool_ids": "server:time"}, {"git"}),
]


@pytest.mark.parametrize(("setting", "expected"), INCLUDE_EXCLUDE, ids=lambda v: json.dumps(v) if isinstance(v, dict) else "")
def test_include_and_exclude_by_tool_server_id(client: ChatClient, scripted, valves, setting, expected):
    valves(**setting)
    key = f"ids-{INCLUDE_EXCLUDE.index((setting, expected))}"
    inner = run_subquery(client, scripted, key, None, ["subquery", "server:time", "server:mcp:git"])
    assert len(inner) == 1
    seen = {"git" if n.startswith("git_") else "time" if n.startswith("tool_") else n for n in names(inner[0])}
    assert seen == expected, names(inner[0])


def error_calls(servers: ToolServers):
    def calls(body: dict) -> tuple[Call, ...]:
        return (Call(_name(body, "git_show"), {"repo_path": str(servers.repo), "revision": "no-such-revision"}),
                Call(_name(body, "get_current_time_post"), {"timezone": "Nowhere/Atlantis"}))

    return calls


@pytest.fixture(scope="module")
def error_turns(client: ChatClient, scripted: ScriptedModel, servers: ToolServers) -> tuple[Logged, Logged]:
    """The same failing calls (an MCP tool error, an OpenAPI 500) in a subquery and in Open WebUI's own loop."""
    ids = ["subquery", "server:time", "server:mcp:git"]
    inner = run_subquery(client, scripted, "errors-sub", error_calls(servers), ids)
    assert [r.step for r in inner] == [0, 1], "an error must not end the subquery"
    native = run_native(client, scripted, "errors-native", error_calls(servers), ids)
    return inner[1], native


def test_mcp_tool_error_and_openapi_500_reach_the_model_as_clear_tool_messages(error_turns):
    inner, native = error_turns
    results = dict(tool_results(inner))
    git_error, time_error = results[_name(inner.body, "git_show")], results[_name(inner.body, "get_current_time_post")]
    # mcp-server-git raises a ToolError; mcpo answers HTTP 500 for mcp-server-time's invalid-zone error.
    assert "Ref 'no-such-revision' did not resolve to an object" in git_error and "error" in git_error.lower()
    assert "HTTP error 500" in time_error and "Invalid timezone" in time_error and "Nowhere/Atlantis" in time_error
    for text in (git_error, time_error):
        assert "Traceback" not in text
    # The OpenAPI failure reads exactly as Open WebUI's own loop shows it.
    assert tool_results(native)[1] == tool_results(inner)[1]


def test_mcp_tool_error_text_is_the_native_loops(error_turns):
    inner, native = error_turns
    assert tool_results(native)[0] == tool_results(inner)[0]
