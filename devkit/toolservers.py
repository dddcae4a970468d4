"""The real tool servers Open WebUI users run, on loopback, for the demo and the e2e tests.

- `mcp-server-time` behind `mcpo`: an OpenAPI tool server (tool id `server:<id>`);
- `mcp-server-git` behind `mcp-proxy`: a native MCP connection over streamable HTTP (`server:mcp:<id>`).

They come from their own packages, installed by `scripts/ensure_toolservers.sh` into `.venv-tools`
(the servers, mcp 2.x) and `.venv-proxy` (the proxies, mcp 1.x). `DelayProxy` is a small loopback
forwarding proxy that holds each tool call for a moment and records when it ran, to measure overlap.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devkit.harness import ROOT, stop_process_group
from devkit.scripted_model import free_port

TOOLS_VENV = Path(os.environ.get("OWUI_TOOLS_VENV", ROOT / ".venv-tools"))
PROXY_VENV = Path(os.environ.get("OWUI_PROXY_VENV", ROOT / ".venv-proxy"))
INSTALL_HINT = "run `make toolservers` (bash scripts/ensure_toolservers.sh)"


class ToolServerError(RuntimeError):
    """A tool server is missing or did not start: the message is one line for the user."""


# ---------------------------------------------------------------------------
# What: connections and the demo repository
# ---------------------------------------------------------------------------


def _connection(kind: str, url: str, path: str, server_id: str, name: str, description: str) -> dict[str, Any]:
    return {
        "url": url,
        "path": path,
        "type": kind,
        "auth_type": "none",
        "key": "",
        "config": {"enable": True},
        "info": {"id": server_id, "name": name, "description": description},
    }


def openapi_connection(url: str, server_id: str, name: str, description: str = "") -> dict[str, Any]:
    """A tool-server connection for an OpenAPI server (tool id `server:<server_id>`)."""
    return _connection("openapi", url.rstrip("/"), "openapi.json", server_id, name, description)


def mcp_connection(url: str, server_id: str, name: str, description: str = "") -> dict[str, Any]:
    """A tool-server connection for an MCP server over streamable HTTP (tool id `server:mcp:<server_id>`)."""
    return _connection("mcp", url, "", server_id, name, description)


def merge_connections(current: Sequence[dict], new: Sequence[dict]) -> list[dict]:
    """`current` with every connection of the same `info.id` as one in `new` replaced by it."""
    ids = {(c.get("info") or {}).get("id") for c in new}
    return [*(c for c in current if (c.get("info") or {}).get("id") not in ids), *new]


def register_connections(client: Any, connections: Sequence[dict]) -> None:
    """Add (or replace) tool-server connections, as Admin → Settings → External Tools does."""
    current = client.request("GET", "/api/v1/configs/tool_servers").get("TOOL_SERVER_CONNECTIONS") or []
    client.request("POST", "/api/v1/configs/tool_servers", {"TOOL_SERVER_CONNECTIONS": merge_connections(current, connections)})


SENSOR_FILE = "readings.csv"
HISTORY = (
    ("README.md", "# weather-station\n\nReads the garden sensors every ten minutes.\n", "Start the weather station"),
    ("station.py", "def read(sensor):\n    return sensor.value()\n", "Read one sensor"),
    ("station.py", "def read(sensor, retries=3):\n    for _ in range(retries):\n        v = sensor.value()\n"
     "        if v is not None:\n            return v\n", "Retry flaky sensor reads"),
    ("README.md", "# weather-station\n\nReads the garden sensors every ten minutes and keeps a CSV log.\n",
     "Document the CSV log"),
)


def readings(rows: int, offset: float) -> str:
    """A sensor log: the big file whose rewrite makes the big diff."""
    lines = ["time,temperature_c,humidity_pct,pressure_hpa"]
    for i in range(rows):
        lines.append(f"2026-11-{1 + i // 144:02d}T{(i % 144) // 6:02d}:{(i % 6) * 10:02d},"
                     f"{12.5 + offset + (i % 17) * 0.3:.1f},{55 + (i % 23)},{1008 + (i % 11)}")
    return "\n".join(lines) + "\n"


def make_demo_repo(path: Path, rows: int = 200) -> Path:
    """A small git repository with a short history and a big uncommitted change (the sensor log rewritten)."""
    path.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GIT_AUTHOR_NAME": "Ada Gardener", "GIT_AUTHOR_EMAIL": "ada@example.com",
           "GIT_COMMITTER_NAME": "Ada Gardener", "GIT_COMMITTER_EMAIL": "ada@example.com"}

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=path, env=env, check=True, capture_output=True, timeout=30)

    git("init", "-q", "-b", "main")
    for n, (name, text, message) in enumerate(HISTORY):
        (path / name).write_text(text)
        if n == 1:
            (path / SENSOR_FILE).write_text(readings(rows, 0.0))
        git("add", "-A")
        git("commit", "-q", "-m", message, "--date", f"2026-11-{10 + n:02d}T09:00:00+00:00")
    (path / SENSOR_FILE).write_text(readings(rows, 0.4))  # recalibrated sensor: every row changes
    return path


# ---------------------------------------------------------------------------
# How: processes
# ---------------------------------------------------------------------------


def _exe(venv: Path, name: str) -> Path:
    exe = venv / "bin" / name
    if not exe.exists():
        raise ToolServerError(f"{name} is not installed in {venv}: {INSTALL_HINT}")
    return exe


def _wait_ready(proc: subprocess.Popen, url: str, log: Path, what: str, timeout: float) -> None:
    """Until `url` answers over HTTP (any status); a dead process or the timeout is a ToolServerError."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise ToolServerError(f"{what} exited with code {proc.returncode} at start; log: {log}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except urllib.error.HTTPError:
            return  # it answered
        except OSError:
            time.sleep(0.2)
    raise ToolServerError(f"{what} did not answer at {url} within {timeout:.0f}s; log: {log}")


@dataclass
class ToolServers:
    """`mcp-server-time` via mcpo (OpenAPI) and `mcp-server-git` via mcp-proxy (MCP), on loopback."""

    workdir: Path
    time_id: str = "time"
    git_id: str = "git"
    time_port: int = 0
    git_port: int = 0
    repo: Path | None = None
    processes: list[subprocess.Popen] = field(default_factory=list)

    @property
    def time_url(self) -> str:
        return f"http://127.0.0.1:{self.time_port}"

    @property
    def git_url(self) -> str:
        return f"http://127.0.0.1:{self.git_port}/mcp"

    def start(self, timeout: float = 60.0, repo: Path | None = None) -> ToolServers:
        """Start both; on any failure stop what started and raise a one-line ToolServerError."""
        mcpo, proxy = _exe(PROXY_VENV, "mcpo"), _exe(PROXY_VENV, "mcp-proxy")
        time_server, git_server = _exe(TOOLS_VENV, "mcp-server-time"), _exe(TOOLS_VENV, "mcp-server-git")
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.repo = repo or make_demo_repo(self.workdir / "weather-station")
        self.time_port = self.time_port or free_port()
        self.git_port = self.git_port or free_port()
        try:
            time_proc = self._spawn("mcpo-time", [str(mcpo), "--host", "127.0.0.1", "--port", str(self.time_port),
                                                  "--", str(time_server), "--local-timezone", "Etc/UTC"])
            git_proc = self._spawn("mcp-proxy-git", [str(proxy), "--host", "127.0.0.1", "--port", str(self.git_port),
                                                     "--", str(git_server), "--repository", str(self.repo)])
            _wait_ready(time_proc, self.time_url + "/openapi.json", self.workdir / "mcpo-time.log",
                        "mcpo (mcp-server-time)", timeout)
            _wait_ready(git_proc, self.git_url, self.workdir / "mcp-proxy-git.log", "mcp-proxy (mcp-server-git)", timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _spawn(self, name: str, cmd: list[str]) -> subprocess.Popen:
        log = (self.workdir / f"{name}.log").open("ab")
        proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                cwd=self.workdir, start_new_session=True)
        log.close()
        self.processes.append(proc)
        return proc

    def connections(self, time_url: str | None = None, git_url: str | None = None) -> list[dict]:
        """Both connections (optionally at other addresses, e.g. behind a DelayProxy)."""
        return [
            openapi_connection(time_url or self.time_url, self.time_id, "Time (mcp-server-time via mcpo)",
                               "Current time and time-zone conversion."),
            mcp_connection(git_url or self.git_url, self.git_id, "Git (mcp-server-git via mcp-proxy)",
                           "Read the weather-station repository."),
        ]

    @property
    def tool_ids(self) -> list[str]:
        return [f"server:{self.time_id}", f"server:mcp:{self.git_id}"]

    def stop(self) -> None:
        """Stop each proxy with its whole process group (the stdio servers included), and wait for them."""
        procs, self.processes = self.processes, []
        for proc in procs:
            stop_process_group(proc, timeout=10)
        deadline = time.monotonic() + 10
        for proc in procs:
            while time.monotonic() < deadline and _group_alive(proc.pid):
                time.sleep(0.1)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except (ProcessLookupError, PermissionError):
        return False
    return True


# ---------------------------------------------------------------------------
# A forwarding proxy that delays tool calls and records when they ran
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Span:
    kind: str  # "mcp" or "openapi"
    name: str
    start: float
    end: float


def tool_call_name(method: str, path: str, body: bytes) -> tuple[str, str] | None:
    """(kind, tool name) when a request is a tool call: an MCP `tools/call` or an OpenAPI POST."""
    if method != "POST":
        return None
    if path.rstrip("/").endswith("/mcp"):
        try:
            message = json.loads(body or b"{}")
        except ValueError:
            return None
        if isinstance(message, dict) and message.get("method") == "tools/call":
            return "mcp", str((message.get("params") or {}).get("name"))
        return None
    return "openapi", path.strip("/")


def overlap(a: Span, b: Span) -> float:
    """Seconds during which both spans ran."""
    return max(0.0, min(a.end, b.end) - max(a.start, b.start))


_HOP = {"host", "content-length", "transfer-encoding", "connection", "keep-alive"}


class DelayProxy:
    """Forward everything to `upstream`; hold each tool call `delay` seconds first; log its span."""

    def __init__(self, upstream: str, delay: float = 1.0):
        self.upstream = upstream.rstrip("/")
        self.delay = delay
        self.spans: list[Span] = []
        self.port = 0
        self._server: Any = None
        self._thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def app(self) -> Any:
        import httpx
        from starlette.applications import Starlette
        from starlette.responses import StreamingResponse
        from starlette.routing import Route

        client = httpx.AsyncClient(timeout=httpx.Timeout(60.0, connect=5.0))

        async def forward(request):  # noqa: ANN001, ANN202
            body = await request.body()
            call = tool_call_name(request.method, request.url.path, body)
            start = time.monotonic()
            if call:
                await asyncio.sleep(self.delay)
            headers = {k: v for k, v in request.headers.items() if k.lower() not in _HOP}
            url = self.upstream + request.url.path + (f"?{request.url.query}" if request.url.query else "")
            upstream = await client.send(client.build_request(request.method, url, headers=headers, content=body),
                                         stream=True)

            async def relay():  # noqa: ANN202
                try:
                    async for chunk in upstream.aiter_raw():
                        yield chunk
                finally:
                    await upstream.aclose()
                    if call:
                        self.spans.append(Span(call[0], call[1], start, time.monotonic()))

            out = {k: v for k, v in upstream.headers.items() if k.lower() not in _HOP}
            return StreamingResponse(relay(), status_code=upstream.status_code, headers=out)

        methods = ["GET", "POST", "DELETE", "PUT", "PATCH", "OPTIONS"]
        return Starlette(routes=[Route("/{path:path}", forward, methods=methods)])

    def start(self, timeout: float = 15.0) -> DelayProxy:
        import uvicorn

        self.port = free_port()
        config = uvicorn.Config(self.app(), host="127.0.0.1", port=self.port, log_level="warning", lifespan="off",
                                timeout_graceful_shutdown=2)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="delay-proxy", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise ToolServerError(f"the delay proxy did not start on port {self.port}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(10)


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0
