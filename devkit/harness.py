"""Run a real `open-webui serve` on loopback, offline, and drive it over its REST API.

Used by the end-to-end tests (one server per test session) and by the demo.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scripts.deploy import OpenWebUI, Plugin

ROOT = Path(__file__).resolve().parents[1]


def offline_env(data_root: Path, openai_base_url: str, openai_key: str = "sk-scripted") -> dict[str, str]:
    """The environment for an offline Open WebUI with one OpenAI-compatible backend."""
    return {
        "DATA_DIR": str(data_root / "data"),
        "STATIC_DIR": str(data_root / "static"),
        "OFFLINE_MODE": "true",
        "HF_HUB_OFFLINE": "1",
        "ENABLE_OLLAMA_API": "false",
        "ENABLE_OPENAI_API": "true",
        "OPENAI_API_BASE_URL": openai_base_url,
        "OPENAI_API_KEY": openai_key,
        "RAG_EMBEDDING_ENGINE": "openai",
        "WEBUI_SECRET_KEY": "owui-toolkit-local-secret",
        "ENABLE_VERSION_UPDATE_CHECK": "false",
        "ENABLE_SIGNUP": "true",
        # Background tasks would call the scripted model with prompts of their own.
        "ENABLE_TITLE_GENERATION": "false",
        "ENABLE_TAGS_GENERATION": "false",
        "ENABLE_FOLLOW_UP_GENERATION": "false",
        "ENABLE_AUTOCOMPLETE_GENERATION": "false",
        "ENABLE_SEARCH_QUERY_GENERATION": "false",
        "ENABLE_RETRIEVAL_QUERY_GENERATION": "false",
        "ENABLE_IMAGE_PROMPT_GENERATION": "false",
        "GLOBAL_LOG_LEVEL": "INFO",
        "TZ": "UTC",
    }


class OpenWebUIServer:
    """One `open-webui serve` process with a fresh data folder."""

    def __init__(self, data_root: Path, port: int, env: dict[str, str]):
        self.data_root = data_root
        self.port = port
        self.env = env
        self.log_path = data_root / "open-webui.log"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 300.0) -> OpenWebUIServer:
        self.data_root.mkdir(parents=True, exist_ok=True)
        exe = Path(sys.executable).with_name("open-webui")
        env = {**os.environ, **self.env}
        log = self.log_path.open("ab")
        self.process = subprocess.Popen(
            [str(exe), "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            cwd=self.data_root,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,  # its own process group: stop() takes every child with it
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"open-webui exited with {self.process.returncode}; see {self.log_path}:\n{self.tail()}")
            if self.healthy():
                return self
            time.sleep(0.5)
        self.stop()
        raise RuntimeError(f"open-webui did not become healthy in {timeout:.0f}s; see {self.log_path}:\n{self.tail()}")

    def healthy(self) -> bool:
        """Whether `/health` answers 200 right now (bounded: 2 s)."""
        try:
            with urllib.request.urlopen(self.url + "/health", timeout=2) as resp:
                return resp.status == 200
        except (urllib.error.URLError, OSError):
            return False

    def tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def stop(self, timeout: float = 20.0) -> None:
        proc, self.process = self.process, None
        stop_process_group(proc, timeout)

    def worker_pids(self) -> list[int]:
        """The uvicorn worker processes (children of `serve`) when UVICORN_WORKERS > 1; else []."""
        if self.process is None:
            return []
        return child_pids(self.process.pid)

    def wait_for_workers(self, count: int, timeout: float = 180.0, gone: Collection[int] = ()) -> list[int]:
        """Wait until `count` workers run and /health answers (after a start or a killed worker,
        whose pid is in `gone`: right after the kill it may still be listed)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pids = self.worker_pids()
            if len(pids) >= count and not set(gone) & set(pids) and self.healthy():
                return pids
            time.sleep(0.5)
        raise RuntimeError(f"{count} uvicorn workers were not up within {timeout:.0f}s:\n{self.tail()}")


def child_pids(pid: int) -> list[int]:
    """Direct children of `pid` that run Python (uvicorn's spawned workers), from /proc."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z" and b"spawn_main" in cmdline:  # Z: killed, not reaped
            found.append(int(stat.parent.name))
    return sorted(found)


def run_migrations(env: dict[str, str], cwd: Path, timeout: float = 300.0) -> None:
    """Run Open WebUI's database migrations and config seeding once, in a process of their own, before
    several workers start with ENABLE_DB_MIGRATIONS=false (Open WebUI runs both in every process)."""
    full = {**os.environ, **env, "ENABLE_DB_MIGRATIONS": "true"}
    cwd.mkdir(parents=True, exist_ok=True)
    # Importing open_webui.config runs the migrations; then seed the config rows that every worker's
    # lifespan would otherwise insert at once (two workers on a fresh PostgreSQL collide: UniqueViolation
    # on config_pkey1, and that worker never starts). FROM_INIT_PY: locate the frontend as `serve` does.
    full["FROM_INIT_PY"] = "true"
    code = "import asyncio, open_webui.config as c; asyncio.run(c.seed_registered_defaults())"
    done = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=full,
                          capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"Open WebUI's migrations failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def stop_process_group(proc: subprocess.Popen | None, timeout: float = 20.0) -> None:
    """SIGTERM a process started with `start_new_session=True` and all its children; SIGKILL if slow."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
    except ProcessLookupError:
        pass


@dataclass
class Turn:
    chat_id: str
    user_id: str
    assistant_id: str


class ChatClient(OpenWebUI):
    """The deploy client plus what tests and the demo need: plugins from files, chat turns."""

    def install_tool(self, tool_id: str, path: Path | str) -> str:
        return self.upsert("tools", Plugin.from_file(Path(path), tool_id))

    def install_tool_source(self, tool_id: str, source: str) -> str:
        """Install a tool from source text (test tools written inline)."""
        plugin = Plugin(tool_id, tool_id, f"test tool {tool_id}", source, "0")
        return self.upsert("tools", plugin)

    def install_filter(self, function_id: str, path: Path | str, *, active: bool = True, is_global: bool = True) -> str:
        result = self.upsert("functions", Plugin.from_file(Path(path), function_id))
        self.ensure_function_flags(function_id, active=active, is_global=is_global)
        return result

    def set_tool_valves(self, tool_id: str, valves: dict[str, Any]) -> None:
        self.request("POST", f"/api/v1/tools/id/{tool_id}/valves/update", valves)

    def set_function_valves(self, function_id: str, valves: dict[str, Any]) -> None:
        self.request("POST", f"/api/v1/functions/id/{function_id}/valves/update", valves)

    def chat(
        self,
        model: str,
        text: str,
        *,
        tool_ids: list[str] | None = None,
        previous: Turn | None = None,
        timeout: float = 180.0,
        extra: dict[str, Any] | None = None,
    ) -> Turn:
        """Run one chat turn the way the web UI does (native tool loop included) and wait for it."""
        user_id, assistant_id = str(uuid.uuid4()), str(uuid.uuid4())
        user_message = {
            "id": user_id,
            "parentId": previous.assistant_id if previous else None,
            "childrenIds": [assistant_id],
            "role": "user",
            "content": text,
            "models": [model],
            "timestamp": int(time.time()),
        }
        form: dict[str, Any] = {
            "model": model,
            "stream": True,
            "messages": [{"role": "user", "content": text}],
            "parent_id": previous.assistant_id if previous else None,
            "id": assistant_id,
            "user_message": user_message,
            "tool_ids": tool_ids or [],
            **(extra or {}),
        }
        if previous:
            form["chat_id"] = previous.chat_id
        self.request("POST", "/api/chat/completions", form, timeout=timeout)
        chat_id = previous.chat_id if previous else self._find_chat(assistant_id)
        return Turn(chat_id, user_id, assistant_id)

    def _find_chat(self, assistant_id: str) -> str:
        for page in range(1, 4):
            for item in self.request("GET", f"/api/v1/chats/?page={page}") or []:
                chat = self.get_chat(item["id"])
                if assistant_id in chat["chat"]["history"]["messages"]:
                    return item["id"]
        raise AssertionError(f"no stored chat holds assistant message {assistant_id}")

    def get_chat(self, chat_id: str) -> dict:
        return self.request("GET", f"/api/v1/chats/{chat_id}")

    def message(self, turn: Turn) -> dict:
        """The stored assistant message of a turn."""
        return self.get_chat(turn.chat_id)["chat"]["history"]["messages"][turn.assistant_id]
