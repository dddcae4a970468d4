"""Session fixtures: one scripted model and one real Open WebUI 0.12.4 for all end-to-end tests."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator

import pytest

from devkit.harness import ROOT, ChatClient, OpenWebUIServer, Turn, offline_env
from devkit.scripted_model import ScriptedModel, free_port
from tests.e2e.real_model_fixtures import (  # noqa: F401  (the real local model's fixtures)
    local_model,
    local_model_stock,
    real_owui,
    real_owui_stock,
    real_tools,
)

ADMIN = {"name": "Admin", "email": "admin@example.com", "password": "admin-password"}
MODEL_ID = "scripted-model"
CHEAP_MODEL_ID = "scripted-cheap-model"


@pytest.fixture(scope="session")
def scripted() -> Iterator[ScriptedModel]:
    model = ScriptedModel(MODEL_ID, name="Scripted test model", extra_models=(CHEAP_MODEL_ID, "gpt-4o", "acme-local-7b")).start()
    yield model
    model.stop()


@pytest.fixture(scope="session")
def owui_server(scripted: ScriptedModel) -> Iterator[OpenWebUIServer]:
    # A fresh DATA_DIR/STATIC_DIR every session, one per process so that sessions can run side by side.
    root = ROOT / "test-output" / f"e2e-open-webui-{os.getpid()}"
    shutil.rmtree(root, ignore_errors=True)
    server = OpenWebUIServer(root, free_port(), offline_env(root, scripted.base_url))
    server.start()
    yield server
    server.stop()
    if not os.environ.get("KEEP_E2E_DATA"):
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture(scope="session")
def owui(owui_server: OpenWebUIServer) -> ChatClient:
    client = ChatClient(owui_server.url, timeout=180)
    client.signup(**ADMIN)  # the first user becomes admin
    ids = [m["id"] for m in client.models()]
    assert {MODEL_ID, CHEAP_MODEL_ID} <= set(ids), f"the scripted models are not listed by Open WebUI: {ids}"
    return client


@pytest.fixture(scope="module")
def installed(owui: ChatClient) -> ChatClient:
    """Subquery and the probe tool installed (modules that need other tools define their own)."""
    assert owui.install_tool("subquery", ROOT / "tools" / "subquery.py") in ("created", "updated", "unchanged")
    owui.install_tool("probe", ROOT / "tests" / "e2e" / "probe_tool.py")
    return owui


@pytest.fixture
def valves(installed: ChatClient):
    """Set Subquery valves for one test; the defaults come back afterwards."""
    installed.set_tool_valves("subquery", {})
    yield lambda **v: installed.set_tool_valves("subquery", v)
    installed.set_tool_valves("subquery", {})


def wait_done(client: ChatClient, turn: Turn, timeout: float = 180.0) -> dict:
    """The stored assistant message of a turn that runs in the background (a chat with a `session_id`, as the
    browser sends it: Open WebUI answers at once and runs the turn as a task), once it is done."""
    deadline = time.monotonic() + timeout
    while True:
        message = client.message(turn)
        if message.get("done"):
            return message
        if time.monotonic() > deadline:
            raise AssertionError(f"turn {turn.assistant_id} not done after {timeout:.0f} s: {message}")
        time.sleep(0.3)
