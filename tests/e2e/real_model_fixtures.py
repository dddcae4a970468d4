"""Fixtures for the tests on the real local model (marked `real_model`; imported by tests/e2e/conftest.py).

Two llama-servers, each started at most once per session and only when a test asks for it:

- `local_model`: the fenced-call chat template (devkit/qwen2.5-coder-fenced.jinja): the model's
  ```json calls come back as native `tool_calls`. Open WebUI's own loop and an outer `subquery` call run on it.
- `local_model_stock`: the GGUF's own template: the same model writes its calls as a ```json fence in
  `content` (no `tool_calls`), the text-call dialect Subquery's parser is to read.

`real_owui` is the session's Open WebUI with `local_model` connected as a second OpenAI-compatible
connection (Admin → Settings → Connections); `real_owui_stock` adds `local_model_stock` too (the text-call
test: the chat on `ALIAS`, Subquery's `model_id` valve set to `STOCK_ALIAS`). `real_tools` is the
demo's real tool servers on a smaller repository, the git server limited to three read-only tools
(each offered tool costs this CPU-bound model ~100-300 prompt tokens per request).
Every request either model receives is in `<fixture>.exchanges` (devkit/local_model.Recorder).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

from devkit.harness import ROOT, ChatClient
from devkit.local_model import (
    ALIAS,
    STOCK_ALIAS,
    LocalModel,
    locate,
    openai_connection_added,
    openai_connection_removed,
    wait_for_models,
    with_tool_filter,
)
from devkit.toolservers import ToolServers, make_demo_repo, register_connections

OUT = ROOT / "test-output"
REPO_ROWS = 30  # the uncommitted diff is ~2k characters (~1.3k cl100k tokens): over the tests' filter budget
GIT_TOOLS = "git_log,git_status,git_diff_unstaged"


def _started(alias: str, template_kw: dict) -> Iterator[LocalModel]:
    locate()  # fails with one line naming `make model` when the model is not built
    work = OUT / f"{alias}-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    model = LocalModel(work, alias=alias, **template_kw).start()
    try:
        yield model
    finally:
        model.stop()


@pytest.fixture(scope="session")
def local_model() -> Iterator[LocalModel]:
    yield from _started(ALIAS, {})


@pytest.fixture(scope="session")
def local_model_stock() -> Iterator[LocalModel]:
    yield from _started(STOCK_ALIAS, {"template": None})


def _connected(owui: ChatClient, model: LocalModel) -> Iterator[ChatClient]:
    openai_connection_added(owui, model.base_url)
    try:
        wait_for_models(owui, [model.alias])
        yield owui
    finally:
        openai_connection_removed(owui, model.base_url)


@pytest.fixture(scope="session")
def real_owui(owui: ChatClient, local_model: LocalModel) -> Iterator[ChatClient]:
    yield from _connected(owui, local_model)


@pytest.fixture(scope="session")
def real_owui_stock(real_owui: ChatClient, local_model_stock: LocalModel) -> Iterator[ChatClient]:
    yield from _connected(real_owui, local_model_stock)


@pytest.fixture(scope="module")
def real_tools(owui: ChatClient) -> Iterator[ToolServers]:
    """mcp-server-time via mcpo and mcp-server-git via mcp-proxy, registered; the connections restored after."""
    work = OUT / f"real-toolservers-{os.getpid()}"
    shutil.rmtree(work, ignore_errors=True)
    servers = ToolServers(work).start(repo=make_demo_repo(work / "weather-station", rows=REPO_ROWS))
    before = owui.request("GET", "/api/v1/configs/tool_servers").get("TOOL_SERVER_CONNECTIONS") or []
    time_conn, git_conn = servers.connections()
    register_connections(owui, [time_conn, with_tool_filter(git_conn, GIT_TOOLS)])
    try:
        yield servers
    finally:
        owui.request("POST", "/api/v1/configs/tool_servers", {"TOOL_SERVER_CONNECTIONS": before})
        servers.stop()
        shutil.rmtree(work, ignore_errors=True)
