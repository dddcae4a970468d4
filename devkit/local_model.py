"""The real local model: llama.cpp's own `llama-server` running Qwen2.5-Coder-1.5B-Instruct on 127.0.0.1.

`scripts/ensure_model.sh` (`make model`) builds the server and assembles the weights once, into a cache
outside the checkout; this module only finds them, starts the server, and stops it on every exit path
(its own process group, and the kernel stops it too if the Python process that started it dies).

- `LlamaServer`: one llama-server. `template=FENCED_TEMPLATE` (default) makes the model's fenced-JSON
  calls come back as native `tool_calls`; `template=None` keeps the GGUF's stock template, with which
  this model writes its calls as a ```json fence in `content`.
- `Recorder`: a loopback forwarding proxy in front of it that records every request the model
  receives and what came back (text, tool calls, token counts from llama-server's own `usage` or
  `timings`). Open WebUI talks to the recorder; tests, the demo and the evaluation read its log.
- `LocalModel`: both together, the one object callers start and stop.
"""

from __future__ import annotations

import ctypes
import json
import os
import re
import signal
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from devkit.harness import ROOT, stop_process_group
from devkit.scripted_model import free_port

ENSURE_SCRIPT = ROOT / "scripts" / "ensure_model.sh"
FENCED_TEMPLATE = ROOT / "devkit" / "qwen2.5-coder-fenced.jinja"
BUILD_HINT = "run `make model` (bash scripts/ensure_model.sh)"
ALIAS = "qwen2.5-coder-1.5b"
STOCK_ALIAS = ALIAS + "-stock"
SEED = 42
CONTEXT = 8192
# One thread by default: on 2 shared cores a 2-thread llama.cpp pool collapses whenever anything else
# runs (its threads wait for each other: 0.6-2 tokens/s generated vs 9-15 with one thread, measured
# while other tests ran). OWUI_MODEL_THREADS=2 is faster on an idle machine.
THREADS = int(os.environ.get("OWUI_MODEL_THREADS") or 1)
MAX_REPLY_TOKENS = 1024  # a bound on every reply (a workspace model's max_tokens can only lower it)
CACHE_RAM_MIB = (
    1024  # llama-server keeps earlier prompts' states here, so outer and inner prefixes both stay cached
)
# The admin's steering for a small model (a workspace model's system prompt): this model calls the
# specific tools itself unless it is shown the delegation once. The helper sees the conversation (Subquery's
# conversation view), so a follow-up ("that repository") may go to it as the user wrote it.
DELEGATE_PROMPT = (
    "You are the coordinator. The git_ and tool_ functions are reserved for your helper. For every user question, "
    "reply first with a subquery call whose prompt is the user's question; the helper sees this conversation, so "
    "it knows what the question refers to. Example:\nUser: Who made the last commit in the repository at "
    "/srv/app?\nAssistant:\n```json\n"
    '{"name": "subquery", "arguments": {"prompt": "Who made the last commit in the repository at /srv/app?"}}\n'
    "```\n(the subquery answers: Bo Li)\nUser: And when was it made?\nAssistant:\n```json\n"
    '{"name": "subquery", "arguments": {"prompt": "And when was it made?"}}\n'
    "```\nThen answer from the subquery's result."
)
# The same steering for Open WebUI's own loop (the eval's native setup): without it, the 1.5B model answered
# follow-ups from memory (10 of 41 turns right in a first, stopped run of the eval), so native and delegating
# setups get the same kind of prompt and differ in delegation only.
NATIVE_PROMPT = (
    "You answer with your tools. For every user question, follow-ups included, reply first with a call of the "
    "git_ or tool_ function that answers it, with the repository path, commit, time and place the question refers "
    "to written out from the conversation. Example:\nUser: Who made the last commit in the repository at "
    "/srv/app?\nAssistant:\n```json\n"
    '{"name": "git_git_log", "arguments": {"repo_path": "/srv/app", "max_count": 1}}\n'
    "```\n(the tool answers: Bo Li)\nUser: And when was it made?\nAssistant:\n```json\n"
    '{"name": "git_git_log", "arguments": {"repo_path": "/srv/app", "max_count": 1}}\n'
    "```\nThen answer from the tool's result."
)
# An admin's per-connection tool filter: the git server's read-only tools (fewer tokens per request too).
GIT_READ_TOOLS = "git_log,git_show,git_status,git_diff_unstaged,git_branch"


class LocalModelError(RuntimeError):
    """The model is not built or did not start: the message is one line for the user."""


# ---------------------------------------------------------------------------
# What: where the build lives (the pins are defined once, in scripts/ensure_model.sh)
# ---------------------------------------------------------------------------


def model_cache(env: dict[str, str] | None = None) -> Path:
    """The cache folder ensure_model.sh builds into (same rule as the script)."""
    env = os.environ if env is None else env
    if env.get("MODEL_CACHE"):
        return Path(env["MODEL_CACHE"])
    base = (
        Path(env["XDG_CACHE_HOME"])
        if env.get("XDG_CACHE_HOME")
        else Path(env.get("HOME", "~")).expanduser() / ".cache"
    )
    return base / "owui-toolkit" / "model"


def read_pins(script_text: str) -> dict[str, str]:
    """The `NAME="value"` (or `NAME="${NAME:-value}"`) assignments at the start of a line in the script."""
    pins = {}
    for name, value in re.findall(r'^([A-Z][A-Z0-9_]*)="([^"\n]*)"', script_text, re.M):
        default = re.fullmatch(r"\$\{" + name + r":-(.*)\}", value)
        pins[name] = default.group(1) if default else value
    return pins


@dataclass(frozen=True)
class Build:
    server: Path
    weights: Path
    weights_sha256: str


def locate(cache: Path | None = None, script: Path = ENSURE_SCRIPT) -> Build:
    """The built server and the checked weights, or a one-line LocalModelError naming `make model`."""
    pins = read_pins(script.read_text())
    cache = cache or model_cache()
    server = cache / f"llama-{pins['LLAMA_PKG_VERSION']}" / "llama-server"
    weights = cache / pins["WEIGHTS_FILE"]
    if not (server.is_file() and os.access(server, os.X_OK) and (server.parent / ".stamp").is_file()):
        raise LocalModelError(f"llama-server is not built in {cache}: {BUILD_HINT}")
    try:
        record = (weights.parent / (weights.name + ".sha256")).read_text().split()
    except OSError:
        record = []
    if not weights.is_file() or record != [pins["WEIGHTS_SHA256"], str(weights.stat().st_size)]:
        raise LocalModelError(f"the model weights are missing or unchecked in {cache}: {BUILD_HINT}")
    return Build(server, weights, pins["WEIGHTS_SHA256"])


def server_command(
    build: Build,
    port: int,
    *,
    alias: str,
    template: Path | None,
    context: int,
    threads: int,
    seed: int = SEED,
) -> list[str]:
    """llama-server on 127.0.0.1 only, offline, one slot, greedy sampling by default, no web UI."""
    cmd = [
        str(build.server),
        "--model",
        str(build.weights),
        "--alias",
        alias,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--offline",
        "--no-webui",
        "--ctx-size",
        str(context),
        "--parallel",
        "1",
        "--threads",
        str(threads),
        "--threads-batch",
        str(threads),
        "--cache-ram",
        str(CACHE_RAM_MIB),
        "--n-predict",
        str(MAX_REPLY_TOKENS),
        "--jinja",
        "--seed",
        str(seed),
        "--temp",
        "0",
    ]
    if template is not None:
        cmd += ["--chat-template-file", str(template)]
    return cmd


# ---------------------------------------------------------------------------
# What: one exchange as the recorder saw it
# ---------------------------------------------------------------------------


@dataclass
class Exchange:
    """One chat-completions request the model received, and its answer."""

    body: dict
    started: float
    ended: float | None = None
    status: int = 0
    content: str = ""
    tool_calls: list[dict] = field(default_factory=list)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cached_tokens: int = 0
    error: str = ""

    @property
    def offered(self) -> list[str]:
        """Names of the tools the request offered."""
        return [(t.get("function") or {}).get("name", "") for t in self.body.get("tools") or []]

    @property
    def called(self) -> list[str]:
        return [(c.get("function") or {}).get("name", "") for c in self.tool_calls]

    @property
    def seconds(self) -> float:
        return (self.ended or time.time()) - self.started


def read_reply(ex: Exchange, payload: dict) -> None:
    """Fold one response object (a whole completion or one stream chunk) into `ex`."""
    for choice in payload.get("choices") or []:
        part = choice.get("message") or choice.get("delta") or {}
        ex.content += part.get("content") or ""
        for call in part.get("tool_calls") or []:
            index = call.get("index", len(ex.tool_calls))
            while len(ex.tool_calls) <= index:
                ex.tool_calls.append(
                    {"id": "", "type": "function", "function": {"name": "", "arguments": ""}}
                )
            slot = ex.tool_calls[index]
            slot["id"] = call.get("id") or slot["id"]
            fn = call.get("function") or {}
            slot["function"]["name"] += fn.get("name") or ""
            args = fn.get("arguments") or ""
            slot["function"]["arguments"] += args if isinstance(args, str) else json.dumps(args)
    usage, timings = payload.get("usage"), payload.get("timings")
    if usage:
        ex.prompt_tokens = usage.get("prompt_tokens", 0)
        ex.completion_tokens = usage.get("completion_tokens", 0)
        ex.cached_tokens = (usage.get("prompt_tokens_details") or {}).get("cached_tokens", 0)
    elif timings:  # llama-server's own counts: cached + newly read prompt tokens, predicted tokens
        ex.prompt_tokens = timings.get("cache_n", 0) + timings.get("prompt_n", 0)
        ex.completion_tokens = timings.get("predicted_n", 0)
        ex.cached_tokens = timings.get("cache_n", 0)


def read_stream(ex: Exchange, lines: Iterable[str]) -> None:
    """Fold the `data:` lines of a server-sent-event stream into `ex`."""
    for line in lines:
        data = line[5:].strip() if line.startswith("data:") else ""
        if data and data != "[DONE]":
            try:
                read_reply(ex, json.loads(data))
            except ValueError:
                ex.error = f"unreadable stream line: {data[:120]}"


# ---------------------------------------------------------------------------
# How: the server process
# ---------------------------------------------------------------------------


def _die_with_parent() -> None:  # pragma: no cover (runs in the child between fork and exec)
    """Linux prctl(PR_SET_PDEATHSIG, SIGTERM): the server stops even if its parent is killed."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


@dataclass
class LlamaServer:
    """One llama-server on 127.0.0.1 (its log in `workdir`)."""

    workdir: Path
    alias: str = ALIAS
    template: Path | None = FENCED_TEMPLATE
    context: int = CONTEXT
    threads: int = THREADS
    port: int = 0
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.workdir / f"llama-server-{self.alias}.log"

    def start(self, timeout: float = 120.0) -> LlamaServer:
        """Start it and wait until /health answers 200; on failure nothing is left running."""
        build = locate()
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.port = self.port or free_port()
        cmd = server_command(
            build,
            self.port,
            alias=self.alias,
            template=self.template,
            context=self.context,
            threads=self.threads,
        )
        with self.log_path.open("ab") as log:
            # LLAMA_ARG_* variables would change the flags above behind our back.
            env = {k: v for k, v in os.environ.items() if not k.startswith("LLAMA_ARG_")}
            self.process = subprocess.Popen(
                cmd,
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                start_new_session=True,
                preexec_fn=_die_with_parent,
            )
        try:
            self._wait_healthy(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _wait_healthy(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            assert self.process is not None
            if self.process.poll() is not None:
                raise LocalModelError(
                    f"llama-server exited with code {self.process.returncode} at start; log: {self.log_path}"
                )
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=2) as resp:
                    if resp.status == 200:
                        return
            except (urllib.error.URLError, OSError):
                pass
            time.sleep(0.2)
        raise LocalModelError(
            f"llama-server did not answer at {self.url}/health within {timeout:.0f}s; log: {self.log_path}"
        )

    def resident_mib(self) -> float:
        """The server's resident memory now (VmRSS), in MiB; 0 when not running."""
        try:
            text = Path(f"/proc/{self.process.pid}/status").read_text() if self.process else ""
        except OSError:
            return 0.0
        found = re.search(r"^VmRSS:\s+(\d+) kB", text, re.M)
        return int(found.group(1)) / 1024 if found else 0.0

    def stop(self) -> None:
        proc, self.process = self.process, None
        stop_process_group(proc, timeout=10)


# ---------------------------------------------------------------------------
# How: the recording proxy
# ---------------------------------------------------------------------------

_HOP = {"host", "content-length", "transfer-encoding", "connection", "keep-alive"}


class Recorder:
    """Forward `/v1/<path>` to `<upstream>/<path>`; record each chat-completions exchange (body and reply).

    `upstream` is any OpenAI-compatible base URL (llama-server's `http://127.0.0.1:<port>/v1`, Ollama,
    vLLM, a hosted API); the recorder itself listens on 127.0.0.1 and passes the key through.
    """

    def __init__(self, upstream: str):
        self.upstream = upstream.rstrip("/")
        self.exchanges: list[Exchange] = []
        self.port = 0
        self._lock = threading.Lock()
        self._server: Any = None
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL to give Open WebUI."""
        return f"http://127.0.0.1:{self.port}/v1"

    def since(self, started: float) -> list[Exchange]:
        with self._lock:
            return [e for e in self.exchanges if e.started >= started]

    def app(self) -> Any:
        import httpx
        from starlette.applications import Starlette
        from starlette.responses import Response, StreamingResponse
        from starlette.routing import Route

        client = httpx.AsyncClient(timeout=httpx.Timeout(600.0, connect=5.0))

        async def forward(request):  # noqa: ANN001, ANN202
            body = await request.body()
            headers = {k: v for k, v in request.headers.items() if k.lower() not in _HOP}
            ex = None
            if request.url.path.endswith("/chat/completions"):  # recorded from the moment it arrives
                ex = Exchange(_json_object(body), time.time())
                with self._lock:
                    self.exchanges.append(ex)
            path = request.url.path.removeprefix("/v1")
            request_upstream = client.build_request(
                request.method, self.upstream + path, headers=headers, content=body
            )
            try:
                upstream = await client.send(request_upstream, stream=True)
            except httpx.HTTPError as exc:
                if ex is not None:
                    ex.status, ex.error, ex.ended = 502, f"llama-server unreachable: {exc!r}", time.time()
                return Response(f"llama-server unreachable: {exc!r}", status_code=502)
            out = {k: v for k, v in upstream.headers.items() if k.lower() not in _HOP}
            if ex is None:
                data = await upstream.aread()
                await upstream.aclose()
                return Response(data, status_code=upstream.status_code, headers=out)
            ex.status = upstream.status_code

            async def relay():  # noqa: ANN202
                raw = b""
                try:
                    async for chunk in upstream.aiter_raw():
                        raw += chunk
                        yield chunk
                finally:
                    await upstream.aclose()
                    _finish(ex, raw.decode("utf-8", "replace"))

            return StreamingResponse(relay(), status_code=upstream.status_code, headers=out)

        return Starlette(routes=[Route("/{path:path}", forward, methods=["GET", "POST"])])

    def start(self, timeout: float = 15.0) -> Recorder:
        import uvicorn

        self.port = free_port()
        config = uvicorn.Config(
            self.app(),
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            lifespan="off",
            timeout_graceful_shutdown=2,
        )
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="model-recorder", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise LocalModelError(f"the model recorder did not start on port {self.port}")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(10)


def _json_object(raw: bytes) -> dict:
    try:
        value = json.loads(raw or b"{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _finish(ex: Exchange, text: str) -> None:
    if ex.status != 200:
        ex.error = text[:500]
    elif ex.body.get("stream"):
        read_stream(ex, text.splitlines())
    else:
        try:
            read_reply(ex, json.loads(text))
        except ValueError:
            ex.error = f"unreadable reply: {text[:200]}"
    ex.ended = time.time()


# ---------------------------------------------------------------------------
# Both together
# ---------------------------------------------------------------------------


@dataclass
class LocalModel:
    """A llama-server with the recorder in front: give Open WebUI `base_url`, read `exchanges`."""

    workdir: Path
    alias: str = ALIAS
    template: Path | None = FENCED_TEMPLATE
    context: int = CONTEXT
    server: LlamaServer | None = None
    recorder: Recorder | None = None
    start_seconds: float = 0.0

    @property
    def base_url(self) -> str:
        assert self.recorder is not None, "start() first"
        return self.recorder.base_url

    @property
    def exchanges(self) -> list[Exchange]:
        return self.recorder.exchanges if self.recorder else []

    def start(self, timeout: float = 120.0) -> LocalModel:
        began = time.monotonic()
        try:
            self.server = LlamaServer(self.workdir, self.alias, self.template, self.context).start(timeout)
            self.recorder = Recorder(self.server.url + "/v1").start()
        except BaseException:
            self.stop()
            raise
        self.start_seconds = time.monotonic() - began
        return self

    def restart_server(self, timeout: float = 120.0) -> None:
        """A fresh llama-server on the same port (an empty prompt cache); the recorder and its log stay."""
        assert self.server is not None, "start() first"
        self.server.stop()
        self.server.start(timeout)

    def stop(self) -> None:
        if self.recorder is not None:
            self.recorder.stop()
        if self.server is not None:
            self.server.stop()

    @contextmanager
    def running(self) -> Iterator[LocalModel]:
        self.start()
        try:
            yield self
        finally:
            self.stop()


def openai_connection_added(client: Any, base_url: str, key: str = "sk-local") -> list[str]:
    """Add an OpenAI-compatible connection as Admin → Settings → Connections does; returns the URLs before."""
    config = client.request("GET", "/openai/config")
    urls, keys = list(config.get("OPENAI_API_BASE_URLS") or []), list(config.get("OPENAI_API_KEYS") or [])
    configs = dict(config.get("OPENAI_API_CONFIGS") or {})
    client.request(
        "POST",
        "/openai/config/update",
        {
            "ENABLE_OPENAI_API": True,
            "OPENAI_API_BASE_URLS": [*urls, base_url],
            "OPENAI_API_KEYS": [*keys, *([""] * (len(urls) - len(keys))), key][: len(urls) + 1],
            "OPENAI_API_CONFIGS": configs,
        },
    )
    return urls


def openai_connection_removed(client: Any, base_url: str) -> None:
    """Remove the connection at `base_url` again (the others and their settings stay)."""
    config = client.request("GET", "/openai/config")
    urls, keys = list(config.get("OPENAI_API_BASE_URLS") or []), list(config.get("OPENAI_API_KEYS") or [])
    configs = dict(config.get("OPENAI_API_CONFIGS") or {})
    keep = [i for i, url in enumerate(urls) if url != base_url]
    client.request(
        "POST",
        "/openai/config/update",
        {
            "ENABLE_OPENAI_API": True,
            "OPENAI_API_BASE_URLS": [urls[i] for i in keep],
            "OPENAI_API_KEYS": [keys[i] if i < len(keys) else "" for i in keep],
            "OPENAI_API_CONFIGS": {str(n): configs[str(i)] for n, i in enumerate(keep) if str(i) in configs},
        },
    )


def with_tool_filter(connection: dict, names: str) -> dict:
    """A copy of a tool-server connection that offers only `names` (Open WebUI's function_name_filter_list)."""
    return {**connection, "config": {**(connection.get("config") or {}), "function_name_filter_list": names}}


def upsert_workspace_model(
    client: Any, model_id: str, base_id: str, name: str, params: dict[str, Any]
) -> None:
    """Create or update a workspace model on `base_id` (Workspace → Models), e.g. with a system prompt."""
    form = {
        "id": model_id,
        "base_model_id": base_id,
        "name": name,
        "meta": {"description": name},
        "params": params,
        "is_active": True,
    }
    path = "/api/v1/models/model/update" if _exists(client, model_id) else "/api/v1/models/create"
    client.request("POST", path, form)
    wait_for_models(client, [model_id])  # listing refreshes Open WebUI's model table: chats find it after


def _exists(client: Any, model_id: str) -> bool:
    from scripts.deploy import ApiError

    try:
        return bool(client.request("GET", f"/api/v1/models/model?id={model_id}"))
    except ApiError as exc:
        if exc.status in (401, 404):
            return False
        raise


def wait_for_models(client: Any, ids: Iterable[str], timeout: float = 60.0) -> None:
    """Until Open WebUI lists every model in `ids` (it asks each connection's /models)."""
    wanted = set(ids)
    deadline = time.monotonic() + timeout
    while True:
        listed = {m.get("id") for m in client.models()}
        if wanted <= listed:
            return
        if time.monotonic() > deadline:
            raise LocalModelError(
                f"Open WebUI does not list {sorted(wanted - listed)} (it lists {sorted(listed)})"
            )
        time.sleep(0.5)
