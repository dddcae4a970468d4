"""devkit/local_model.py: the pure parts (pins, cache path, server flags, reply folding) and, on the built
model, the process itself: loopback only, started in seconds, gone on every exit path."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from devkit.local_model import (
    ENSURE_SCRIPT,
    FENCED_TEMPLATE,
    Build,
    Exchange,
    LocalModelError,
    locate,
    model_cache,
    read_pins,
    read_reply,
    read_stream,
    server_command,
)
from devkit.plugins import ROOT


def test_pins_are_read_from_the_build_script_itself():
    pins = read_pins(ENSURE_SCRIPT.read_text())
    assert pins["LLAMA_PKG_VERSION"] == "11434.0.0"
    assert pins["WEIGHTS_FILE"] == "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
    assert pins["WEIGHTS_SHA256"] == "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
    assert read_pins('A="${A:-x y}"\n  B="indented"\nC="c"') == {"A": "x y", "C": "c"}


def test_the_cache_follows_the_scripts_rule():
    assert model_cache({"MODEL_CACHE": "/m"}) == Path("/m")
    assert model_cache({"XDG_CACHE_HOME": "/x", "HOME": "/h"}) == Path("/x/owui-toolkit/model")
    assert model_cache({"HOME": "/h"}) == Path("/h/.cache/owui-toolkit/model")


def test_a_missing_build_names_make_model(tmp_path):
    with pytest.raises(LocalModelError, match=r"llama-server is not built in .*: run `make model`"):
        locate(tmp_path)
    server = tmp_path / "llama-11434.0.0" / "llama-server"
    server.parent.mkdir()
    server.write_text("#!/bin/sh\n")
    server.chmod(0o755)
    (server.parent / ".stamp").write_text("x")
    gguf = tmp_path / "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
    gguf.write_bytes(b"GGUF")
    with pytest.raises(LocalModelError, match="weights are missing or unchecked"):
        locate(tmp_path)  # no checksum record
    (tmp_path / (gguf.name + ".sha256")).write_text("0" * 64 + " 4\n")
    with pytest.raises(LocalModelError, match="weights are missing or unchecked"):
        locate(tmp_path)  # a record of another hash
    sha = read_pins(ENSURE_SCRIPT.read_text())["WEIGHTS_SHA256"]
    (tmp_path / (gguf.name + ".sha256")).write_text(f"{sha} 4\n")
    assert locate(tmp_path) == Build(server, gguf, sha)


def test_the_server_listens_on_loopback_only_offline_and_greedy():
    build = Build(Path("/c/llama-server"), Path("/c/w.gguf"), "s")
    cmd = server_command(build, 5000, alias="m", template=FENCED_TEMPLATE, context=4096, threads=2)
    assert cmd[0] == "/c/llama-server"
    assert cmd[cmd.index("--host") + 1] == "127.0.0.1" and "0.0.0.0" not in cmd
    assert {"--offline", "--no-webui", "--jinja"} <= set(cmd)
    assert cmd[cmd.index("--temp") + 1] == "0" and cmd[cmd.index("--seed") + 1] == "42"
    assert cmd[cmd.index("--chat-template-file") + 1] == str(FENCED_TEMPLATE)
    assert cmd[cmd.index("--port") + 1] == "5000"
    stock = server_command(build, 5000, alias="m", template=None, context=4096, threads=2)
    assert "--chat-template-file" not in stock


def test_the_fenced_template_differs_from_the_stock_one_only_in_the_call_form_and_the_answer_line():
    body = FENCED_TEMPLATE.read_text().split("-#}", 1)[1]  # after the header comment
    assert "<tool_call>" not in body and "<tool_response>" in body
    assert body.count("```json") == 2  # asked for once, past calls rendered once
    assert "reply to the user in plain text now" in body


def _chunk(delta: dict, **extra) -> str:
    return "data: " + json.dumps({"choices": [{"index": 0, "delta": delta}], **extra})


def test_a_stream_is_folded_into_text_calls_and_llama_servers_own_counts():
    ex = Exchange({}, 0.0)
    read_stream(
        ex,
        [
            _chunk({"role": "assistant", "content": "Let me "}),
            "",
            _chunk({"content": "look."}),
            _chunk(
                {"tool_calls": [{"index": 0, "id": "c1", "function": {"name": "git_", "arguments": '{"a"'}}]}
            ),
            _chunk({"tool_calls": [{"index": 0, "function": {"name": "log", "arguments": ": 1}"}}]}),
            _chunk(
                {"tool_calls": [{"index": 1, "id": "c2", "function": {"name": "now", "arguments": "{}"}}]}
            ),
            _chunk({}, timings={"cache_n": 30, "prompt_n": 12, "predicted_n": 7}),
            "data: [DONE]",
        ],
    )
    assert ex.content == "Let me look."
    assert ex.called == ["git_log", "now"]
    assert ex.tool_calls[0] == {
        "id": "c1",
        "type": "function",
        "function": {"name": "git_log", "arguments": '{"a": 1}'},
    }
    assert (ex.prompt_tokens, ex.completion_tokens, ex.cached_tokens) == (42, 7, 30)
    assert ex.error == ""


def test_usage_wins_over_timings_and_a_whole_reply_is_read_too():
    ex = Exchange({"tools": [{"type": "function", "function": {"name": "subquery"}}]}, 0.0)
    read_reply(
        ex,
        {
            "choices": [{"message": {"content": "done", "tool_calls": None}}],
            "usage": {
                "prompt_tokens": 100,
                "completion_tokens": 5,
                "prompt_tokens_details": {"cached_tokens": 90},
            },
            "timings": {"cache_n": 1, "prompt_n": 1, "predicted_n": 1},
        },
    )
    assert (ex.content, ex.prompt_tokens, ex.completion_tokens, ex.cached_tokens) == ("done", 100, 5, 90)
    assert ex.offered == ["subquery"] and ex.called == []


@given(st.lists(st.text(max_size=8), max_size=12))
def test_text_split_anywhere_comes_back_whole(pieces):
    ex = Exchange({}, 0.0)
    read_stream(ex, [_chunk({"content": p}) for p in pieces])
    assert ex.content == "".join(pieces)


# ---------------------------------------------------------------------------
# The process (the built model)
# ---------------------------------------------------------------------------

CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
from devkit.local_model import LlamaServer
server = LlamaServer(Path({work!r}), alias="lifecycle-probe").start()
print(server.process.pid, server.port, flush=True)
time.sleep(600)
"""


@pytest.mark.real_model
def test_the_built_server_answers_a_completion(tmp_path):
    """The cached build runs on this CPU: one short completion comes back (a native build on an Intel
    Xeon with AMX started, answered /health, then died at its first request with code -11)."""
    import json
    import urllib.request

    from devkit.local_model import LlamaServer

    server = LlamaServer(tmp_path, alias="completion-probe").start()
    try:
        body = {"model": "completion-probe", "messages": [{"role": "user", "content": "Say OK."}], "max_tokens": 8}
        request = urllib.request.Request(
            server.url + "/v1/chat/completions", json.dumps(body).encode(), {"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=120) as resp:
            reply = json.load(resp)
        assert reply["choices"][0]["message"]["content"].strip()
        assert reply["usage"]["completion_tokens"] >= 1
        assert server.process is not None and server.process.poll() is None  # still alive after answering
    finally:
        server.stop()


@pytest.mark.real_model
def test_the_server_starts_on_loopback_and_dies_with_a_killed_parent(tmp_path):
    locate()  # a clear failure naming `make model` when the model is not built
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(root=str(ROOT), work=str(tmp_path))],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = child.stdout.readline()  # once it answers /health (how long that takes is the benchmark's)
        pid, port = (int(x) for x in line.split())
        listening = Path("/proc/net/tcp").read_text().splitlines()[1:]
        local = [row.split()[1] for row in listening if row.split()[3] == "0A"]  # LISTEN
        assert f"0100007F:{port:04X}" in local and f"00000000:{port:04X}" not in local  # 127.0.0.1 only
    finally:
        child.kill()  # SIGKILL: no finally, no atexit in the parent runs
        child.wait(10)
    deadline = time.monotonic() + 15
    while _running(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _running(pid), "llama-server outlived the process that started it"


def _running(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_no_llama_arg_variables_leak_into_the_server(monkeypatch, tmp_path):
    """LLAMA_ARG_* would override the flags (e.g. LLAMA_ARG_HOST=0.0.0.0): the server's environment drops them."""
    seen = {}

    class FakePopen:
        def __init__(self, cmd, **kw):
            seen.update(kw["env"])
            raise RuntimeError("stop here")

    monkeypatch.setenv("LLAMA_ARG_HOST", "0.0.0.0")
    monkeypatch.setattr("devkit.local_model.locate", lambda: Build(Path("/x"), Path("/y"), "s"))
    monkeypatch.setattr("devkit.local_model.subprocess.Popen", FakePopen)
    from devkit.local_model import LlamaServer

    with pytest.raises(RuntimeError, match="stop here"):
        LlamaServer(tmp_path).start()
    assert "LLAMA_ARG_HOST" not in seen and seen.get("PATH") == os.environ["PATH"]
