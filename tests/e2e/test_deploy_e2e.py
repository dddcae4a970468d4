"""scripts/deploy.py against the real Open WebUI 0.12.4 of this test session."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from devkit.deploy import DeployError, OpenWebUI, Plugin, deploy
from devkit.harness import ROOT, ChatClient
from devkit.scripted_model import ScriptedModel, free_port
from tests.e2e.conftest import ADMIN, MODEL_ID

pytestmark = pytest.mark.e2e

TOOL_ID, FILTER_ID = "deploy_subquery", "deploy_context_filter"


def run_deploy(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "deploy.py"), *args], capture_output=True, text=True, timeout=120
    )


@pytest.fixture
def cleanup(owui: ChatClient):
    yield
    for path in (f"/api/v1/tools/id/{TOOL_ID}/delete", f"/api/v1/functions/id/{FILTER_ID}/delete"):
        owui.request("DELETE", path)
    owui.request("POST", "/api/v1/models/model/delete", {"id": MODEL_ID})


def test_deploy_installs_everything_and_is_idempotent(owui: ChatClient, cleanup, tmp_path):
    valves = tmp_path / "valves.json"
    valves.write_text(json.dumps({"tool": {"max_rounds": 5}, "filter": {"keep_recent_tool_groups": 3}}))
    args = ["--url", owui.url, "--email", ADMIN["email"], "--password", ADMIN["password"], "--model", MODEL_ID,
            "--valves-file", str(valves), "--tool-id", TOOL_ID, "--filter-id", FILTER_ID]

    first = run_deploy(*args)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert [line[:5] for line in lines[:6]] == ["[1/6]", "[2/6]", "[3/6]", "[4/6]", "[5/6]", "[6/6]"]
    assert "0.12.4" in lines[0] and "(admin)" in lines[0]
    assert lines[1].endswith(": created") and lines[2].endswith(": created")
    assert lines[3].endswith("set active, global") and lines[4].endswith("tool updated, filter updated")
    assert lines[-1] == "done: everything is in place"

    function = owui.get_function(FILTER_ID)
    assert function["is_active"] and function["is_global"] and function["type"] == "filter"
    assert owui.get_tool(TOOL_ID)["name"] == "Subquery"
    assert owui.request("GET", f"/api/v1/tools/id/{TOOL_ID}/valves")["max_rounds"] == 5
    assert owui.request("GET", f"/api/v1/functions/id/{FILTER_ID}/valves")["keep_recent_tool_groups"] == 3
    assert TOOL_ID in owui.request("GET", f"/api/v1/models/model?id={MODEL_ID}")["meta"]["toolIds"]

    second = run_deploy(*args)
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines()[-1] == "done: everything is in place (nothing changed: already up to date)"
    assert all(w in second.stdout for w in (": unchanged", "tool unchanged, filter unchanged"))
    assert "created" not in second.stdout and "updated" not in second.stdout.replace("up to date", "")

    # Someone switched the filter off: a re-run puts it back, and says so.
    owui.request("POST", f"/api/v1/functions/id/{FILTER_ID}/toggle")
    third = run_deploy(*args)
    assert third.returncode == 0 and "set active" in third.stdout and owui.get_function(FILTER_ID)["is_active"]


def test_clear_errors(owui: ChatClient, scripted: ScriptedModel, tmp_path):
    closed = f"http://127.0.0.1:{free_port()}"
    cases = {
        "cannot reach Open WebUI at": ["--url", closed, "--token", "x"],
        "does not look like Open WebUI": ["--url", f"http://127.0.0.1:{scripted.port}", "--token", "x"],
        "sign-in refused for admin@example.com": ["--url", owui.url, "--email", ADMIN["email"], "--password", "wrong"],
        "the token was refused": ["--url", owui.url, "--token", "not-a-token"],
    }
    for expected, args in cases.items():
        done = run_deploy(*args)
        assert done.returncode == 1 and expected in done.stderr, (expected, done.stderr)
        assert "Traceback" not in done.stderr

    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    done = run_deploy("--url", owui.url, "--token", owui.token, "--valves-file", str(bad))
    assert done.returncode == 1 and "must be a JSON object" in done.stderr

    owui.request("POST", "/api/v1/auths/add", {"name": "Bob", "email": "bob@example.com", "password": "bob-password", "role": "user"})
    done = run_deploy("--url", owui.url, "--email", "bob@example.com", "--password", "bob-password")
    assert done.returncode == 1 and "bob@example.com is not an admin" in done.stderr


def test_refuses_an_open_webui_older_than_the_plugins_need(owui: ChatClient):
    tool = Plugin.from_file(ROOT / "tools" / "subquery.py", TOOL_ID)
    future = Plugin(FILTER_ID, "Future filter", "", "x", "99.0.0")
    with pytest.raises(DeployError, match=r"Future filter needs Open WebUI >= 99.0.0, this server runs 0.12.4"):
        deploy(OpenWebUI(owui.url, owui.token), tool=tool, filter_=future, say=lambda _: None)
    assert owui.get_tool(TOOL_ID) is None  # refused before installing anything
