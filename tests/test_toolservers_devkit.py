"""The pure parts of devkit/toolservers.py: connection shapes, tool-call recognition, overlap, the demo repository."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from hypothesis import given
from hypothesis import strategies as st

from devkit.plugins import ROOT
from devkit.toolservers import (
    Span,
    make_demo_repo,
    mcp_connection,
    merge_connections,
    openapi_connection,
    overlap,
    tool_call_name,
)


def test_connections_have_the_shapes_open_webui_takes():
    api = openapi_connection("http://127.0.0.1:9/", "time", "Time")
    assert api["url"] == "http://127.0.0.1:9" and api["path"] == "openapi.json" and api["type"] == "openapi"
    mcp = mcp_connection("http://127.0.0.1:8/mcp", "git", "Git")
    assert mcp["url"] == "http://127.0.0.1:8/mcp" and mcp["path"] == "" and mcp["type"] == "mcp"
    for c in (api, mcp):
        assert c["config"] == {"enable": True} and c["auth_type"] == "none" and c["key"] == ""


def test_merge_replaces_by_id_and_keeps_the_others():
    old = [openapi_connection("http://a", "time", "old"), openapi_connection("http://b", "weather", "W")]
    new = [openapi_connection("http://c", "time", "new"), mcp_connection("http://d/mcp", "git", "G")]
    merged = merge_connections(old, new)
    assert [(c["info"]["id"], c["url"]) for c in merged] == [("weather", "http://b"), ("time", "http://c"),
                                                              ("git", "http://d/mcp")]
    assert old[0]["info"]["name"] == "old"  # input untouched


def test_tool_calls_are_recognized_for_both_protocols():
    call = json.dumps({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "git_log"}}).encode()
    assert tool_call_name("POST", "/mcp", call) == ("mcp", "git_log")
    listing = json.dumps({"jsonrpc": "2.0", "id": 2, "method": "tools/list"}).encode()
    assert tool_call_name("POST", "/mcp", listing) is None
    assert tool_call_name("POST", "/mcp", b"not json") is None
    assert tool_call_name("GET", "/mcp", b"") is None
    assert tool_call_name("POST", "/get_current_time", b"{}") == ("openapi", "get_current_time")
    assert tool_call_name("GET", "/openapi.json", b"") is None


spans = st.tuples(st.floats(0, 100), st.floats(0, 100)).map(lambda p: Span("x", "y", min(p), max(p)))


@given(spans, spans)
def test_overlap_is_symmetric_and_bounded(a, b):
    both = overlap(a, b)
    assert both == overlap(b, a)
    assert 0 <= both <= min(a.end - a.start, b.end - b.start) + 1e-9


def test_overlap_examples():
    assert overlap(Span("m", "a", 0, 1), Span("o", "b", 0.5, 2)) == 0.5
    assert overlap(Span("m", "a", 0, 1), Span("o", "b", 1, 2)) == 0


def test_demo_repository_has_history_and_a_big_uncommitted_change(tmp_path):
    repo = make_demo_repo(tmp_path / "repo", rows=50)
    log = subprocess.run(["git", "log", "--format=%s|%an"], cwd=repo, capture_output=True, text=True, check=True)
    assert log.stdout.splitlines() == ["Document the CSV log|Ada Gardener", "Retry flaky sensor reads|Ada Gardener",
                                       "Read one sensor|Ada Gardener", "Start the weather station|Ada Gardener"]
    diff = subprocess.run(["git", "diff", "--numstat"], cwd=repo, capture_output=True, text=True, check=True)
    assert diff.stdout.split() == ["50", "50", "readings.csv"]


def test_a_package_that_cannot_be_installed_is_one_clear_line_and_no_half_environment(tmp_path):
    """scripts/ensure_toolservers.sh with a pin that does not exist (pip offline: no index is asked)."""
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    shutil.copy(ROOT / "scripts" / "ensure_toolservers.sh", scripts)
    (scripts / "toolservers-servers.txt").write_text("mcp-server-time==1999.1.1\n")
    (scripts / "toolservers-proxies.txt").write_text("mcpo==0.0.20\n")
    env = {**os.environ, "PIP_NO_INDEX": "1", "PYTHON": sys.executable}
    done = subprocess.run(["bash", str(scripts / "ensure_toolservers.sh")], capture_output=True, text=True,
                          env=env, timeout=300)
    assert done.returncode == 1
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: could not install scripts/toolservers-servers.txt into .venv-tools: ")
    assert "mcp-server-time==1999.1.1" in lines[0]
    assert not (tmp_path / ".venv-tools").exists() and not (tmp_path / ".venv-proxy").exists()
