#!/usr/bin/env python3
"""The demo: a local Open WebUI 0.12.4 with both plugins installed, playing a three-turn chat.

Starts, all on 127.0.0.1 and offline: a real Open WebUI with a fresh data folder, a scripted demo
model (an OpenAI-compatible server that is not an LLM), and the real tool servers Open WebUI users
run: `mcp-server-time` behind `mcpo` (OpenAPI) and `mcp-server-git` behind `mcp-proxy` (native MCP,
streamable HTTP) on a small repository the demo creates. Registers both as tool-server
connections, deploys the Subquery tool and the tool-context filter with scripts/deploy.py, then
plays three turns through the chat API and prints a transcript with the servers' real outputs.
The tool servers come from `make toolservers` (scripts/ensure_toolservers.sh).

    python scripts/demo.py                 # play and stop everything
    python scripts/demo.py --keep          # stay up: open the printed address in a browser
    python scripts/demo.py --local-model   # the real local model (make demo MODEL=local; built by make model)
    python scripts/demo.py --openai-base-url https://api.example.com/v1 --model some-model --api-key ...

While a turn runs, a progress line shows the seconds elapsed (on a terminal one line redrawn in place).
With a real model (local or at --openai-base-url) a recording proxy on 127.0.0.1 sits between Open
WebUI and the model, so the transcript shows every call the model made, the subquery's inner calls
and the tokens of each turn. The transcript ends with how to open the chat in a browser (`--keep`).

scripts/screenshots.py reuses the pieces: `running()` starts everything, `play()` plays the turns.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from devkit import demo_model  # noqa: E402
from devkit.harness import ChatClient, OpenWebUIServer, Turn, offline_env  # noqa: E402
from devkit.local_model import (  # noqa: E402
    ALIAS,
    DELEGATE_PROMPT,
    GIT_READ_TOOLS,
    SEED,
    Exchange,
    LocalModel,
    LocalModelError,
    Recorder,
    upsert_workspace_model,
    with_tool_filter,
)
from devkit.scripted_model import ScriptedModel, free_port  # noqa: E402
from devkit.toolservers import ToolServerError, ToolServers, make_demo_repo, register_connections  # noqa: E402
from scripts.deploy import DeployError  # noqa: E402

LOGIN = {"name": "Demo Admin", "email": "demo@example.com", "password": "demo-password"}
# Tight enough that three short turns already show the filter at work: turn 2's big diff reaches the
# model whole in turn 2 and is shrunk once a newer tool group (turn 3's conversion) follows it.
DEMO_VALVES = {
    "tool": {"max_rounds": 6},
    "filter": {
        "trim_policy": "eager",  # the default "stable" trims in batches, only once over budget
        "keep_recent_tool_groups": 1,
        "tool_output_max_tokens": 200,
        "show_status": True,
    },
}
# With a real model: Subquery's inner loop runs on the base model (without the coordinator prompt), and
# the filter's budget keeps each request small enough for 2 CPU cores (the diff is ~8k tokens whole).
REAL_VALVES = {"tool": {"model_id": ALIAS}, "filter": {"max_context_tokens": 3000, "reserve_tokens": 1000}}
LOCAL_MODEL_ID = "demo-qwen-coordinator"
LOCAL_PARAMS = {"system": DELEGATE_PROMPT, "temperature": 0, "seed": SEED, "max_tokens": 300}
READY = "DEMO READY"


def say(text: str = "") -> None:
    print(text, flush=True)


def port_is_free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def statuses(message: dict) -> list[str]:
    return [s.get("description") or "" for s in message.get("statusHistory") or []]


def short(text: str, width: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def inner_trace(log: list, since: float) -> list[str]:
    """The subquery's inner calls and results, from the model's request log (requests without `subquery`)."""
    inner = [
        e
        for e in log
        if e.started >= since
        and "subquery" not in json.dumps(e.body.get("tools") or [])
        and e.body.get("tools")
    ]
    lines: list[str] = []
    if not inner:
        return lines
    names: dict[str, str] = {}
    for m in inner[-1].body["messages"]:
        for tc in m.get("tool_calls") or []:
            names[tc["id"]] = tc["function"]["name"]
            lines.append(f"      → {tc['function']['name']}({short(tc['function']['arguments'], 90)})")
        if m.get("role") == "tool":
            lines.append(f"      ← {names.get(m.get('tool_call_id'), '?')}: {short(m.get('content'), 110)}")
    last = inner[-1]
    if isinstance(last, Exchange) and last.content:
        lines.append(f"      ⇐ inner answer: {short(last.content, 110)}")
    return lines


def transcript(message: dict, log: list, since: float) -> None:
    """What happened in the turn: the model's calls and results, the subquery's inner ones, the filter."""
    names: dict[str, str] = {}
    for item in message.get("output") or []:
        if item.get("type") == "function_call":
            names[item.get("call_id")] = item.get("name")
            say(f"  ⚙ {item.get('name')}({short(item.get('arguments'), 110)})")
            if item.get("name") == "subquery":
                for line in statuses(message):
                    if line.startswith("Subquery"):
                        say(f"      · {line}")
                for line in inner_trace(log, since):
                    say(line)
        elif item.get("type") == "function_call_output":
            text = "".join(p.get("text", "") for p in item.get("output") or [] if isinstance(p, dict))
            say(f"  ↳ {names.get(item.get('call_id'), 'tool')} result: {short(text, 150)}")
    say("Assistant: " + textwrap.indent(message.get("content") or "(no answer)", "  ").lstrip())
    context = [s for s in statuses(message) if s.startswith("Context")]
    say(f"Filter: {context[-1] if context else '(no context line: within budget, nothing to trim)'}")
    seen = results_seen(log, since)
    if seen:
        say("  tool results in the model's last request of this turn: " + ", ".join(seen))


def results_seen(log: list, since: float) -> list[str]:
    """Sizes of the tool results in the turn's last chat-model request, i.e. after the filter."""
    outer = [e for e in log if e.started >= since and "subquery" in json.dumps(e.body.get("tools") or [])]
    if not outer:
        return []
    names: dict[str, str] = {}
    sizes = []
    for m in outer[-1].body.get("messages") or []:
        for tc in m.get("tool_calls") or []:
            names[tc.get("id")] = tc["function"]["name"]
        if m.get("role") == "tool":
            content = m.get("content")
            text = content if isinstance(content, str) else json.dumps(content)
            sizes.append(f"{names.get(m.get('tool_call_id'), 'tool')} {len(text):,} chars")
    return sizes


def usage_line(log: list, since: float) -> str:
    """Model requests of the turn and the tokens llama-server (or the provider) counted for them."""
    turn = [e for e in log if isinstance(e, Exchange) and e.started >= since]
    if not turn:
        return ""
    inner = sum(1 for e in turn if e.body.get("tools") and "subquery" not in e.offered)
    prompt, generated = sum(e.prompt_tokens for e in turn), sum(e.completion_tokens for e in turn)
    return (
        f"  model: {len(turn)} request{'s' if len(turn) != 1 else ''} ({inner} inner) · "
        f"{prompt:,} prompt tokens ({sum(e.cached_tokens for e in turn):,} from cache) · {generated:,} generated"
    )


class Progress:
    """While a turn runs, the seconds elapsed. On a terminal: one line redrawn in place (`\\r`), cleared when the
    turn ends. Otherwise (a pipe, a log file): a line once the turn has run `first` seconds, then at most one every
    `every` seconds. With a real model (the log holds `Exchange`s), also a line per finished model request with
    its tokens, which stays in the transcript either way."""

    def __init__(
        self, log: Callable[[], list], since: float, every: float = 10.0, first: float = 1.0, out: TextIO | None = None
    ):
        self.log, self.since, self.every, self.first = log, since, every, first
        self.out = out or sys.stdout
        self.tty = _isatty(self.out)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="demo-progress", daemon=True)

    def __enter__(self) -> Progress:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(5)
        if self.tty:
            self._write("\r\x1b[K")

    def _write(self, text: str) -> None:
        self.out.write(text)
        self.out.flush()

    def _line(self, text: str) -> None:
        """A line that stays (on a terminal it replaces the line being redrawn)."""
        self._write(("\r\x1b[K" if self.tty else "") + text + "\n")

    def _run(self) -> None:
        reported: set[int] = set()
        last: float | None = None  # when the last line that stays was printed (monotonic)
        while not self._stop.wait(0.25 if self.tty else 0.5):
            elapsed = time.time() - self.since
            entries = [e for e in self.log() if e.started >= self.since]
            for e in entries:
                if isinstance(e, Exchange) and e.ended and id(e) not in reported:
                    reported.add(id(e))
                    what = f"called {', '.join(e.called)}" if e.called else "answered"
                    where = "inner" if e.body.get("tools") and "subquery" not in e.offered else "chat"
                    self._line(
                        f"  … {elapsed:4.0f} s · {where} model {what} · {e.prompt_tokens:,} prompt tokens "
                        f"({e.cached_tokens:,} cached), {e.completion_tokens} generated in {e.seconds:.1f} s"
                    )
                    last = time.monotonic()
            n = len(entries)
            status = f"  … {elapsed:.0f} s elapsed · {n} model request{'s' if n != 1 else ''} so far"
            if self.tty:
                self._write("\r\x1b[K" + status)
            elif (last is None and elapsed >= self.first) or (last is not None and time.monotonic() - last >= self.every):
                self._line(status)
                last = time.monotonic()


def _isatty(out: TextIO) -> bool:
    try:
        return out.isatty()
    except (AttributeError, ValueError):
        return False


def deploy_plugins(url: str, model_id: str, data_root: Path, extra: dict[str, dict] | None = None) -> None:
    """Run scripts/deploy.py as a user would, with the demo's valves; its lines go into the transcript."""
    valves = {kind: {**DEMO_VALVES[kind], **(extra or {}).get(kind, {})} for kind in DEMO_VALVES}
    valves_file = data_root / "demo-valves.json"
    valves_file.write_text(json.dumps(valves))
    deploy = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "deploy.py"),
            "--url",
            url,
            "--email",
            LOGIN["email"],
            "--model",
            model_id,
            "--valves-file",
            str(valves_file),
        ],
        capture_output=True,
        text=True,
        timeout=180,
        env={**os.environ, "OWUI_PASSWORD": LOGIN["password"]},  # a secret never goes on the command line
        stdin=subprocess.DEVNULL,
    )
    for line in (deploy.stdout + deploy.stderr).splitlines():
        say(f"  deploy: {line}")
    if deploy.returncode != 0:
        raise DeployError("scripts/deploy.py failed (see above)")


def play(
    client: ChatClient, model_id: str, tool_ids: list[str], repo: str, log: Callable[[], list]
) -> list[Turn]:
    """The three turns, one chat; prints the transcript as it goes. Returns the turns in order."""
    turn: Turn | None = None
    turns: list[Turn] = []
    for n, question in enumerate(demo_model.questions(repo), 1):
        say(f"\n━━ Turn {n} " + "━" * 60)
        say(f"You: {question}")
        since = time.time()
        with Progress(log, since):
            turn = client.chat(model_id, question, tool_ids=tool_ids, previous=turn, timeout=900)
        turns.append(turn)
        took = time.time() - since
        transcript(client.message(turn), log(), since)
        say(" ".join(x for x in (f"Turn {n} took {took:.1f} s.", usage_line(log(), since).strip()) if x))
    return turns


@dataclass
class ModelSetup:
    """The model the demo's Open WebUI talks to, and how to read its request log and stop it."""

    base_url: str
    model_id: str
    key: str
    log: Callable[[], list]
    valves: dict[str, dict] = field(default_factory=dict)
    workspace: dict[str, Any] | None = None  # a workspace model to create on `base_id` before deploying
    base_id: str = ""
    parts: list[Any] = field(default_factory=list)  # what stop() stops

    def stop(self) -> None:
        for part in reversed(self.parts):
            part.stop()


def start_model(args: argparse.Namespace, data_root: Path) -> ModelSetup:
    """The scripted model (default), the real local model, or any OpenAI-compatible server, recorded."""
    if args.local_model:
        local = LocalModel(data_root / "model")
        say("… starting the local model: llama.cpp's llama-server with Qwen2.5-Coder-1.5B-Instruct (Q4_K_M)")
        local.start()
        assert local.server is not None
        say(
            f"✓ local model {ALIAS} up in {local.start_seconds:.1f} s on {local.server.url} "
            f"({local.server.resident_mib():,.0f} MiB resident), recorded on {local.base_url}"
        )
        return ModelSetup(
            local.base_url,
            LOCAL_MODEL_ID,
            "sk-local",
            lambda: list(local.exchanges),
            REAL_VALVES,
            LOCAL_PARAMS,
            ALIAS,
            [local],
        )
    if args.openai_base_url:
        recorder = Recorder(args.openai_base_url).start()
        say(f"✓ using {args.model} at {args.openai_base_url} (recorded on 127.0.0.1)")
        return ModelSetup(
            recorder.base_url,
            args.model,
            args.api_key or "none",
            lambda: list(recorder.exchanges),
            parts=[recorder],
        )
    model = ScriptedModel(demo_model.MODEL_ID, name=demo_model.MODEL_NAME)
    model.default = lambda body, step: demo_model.brain(body, step, pace=args.pace)
    model.start()
    say(f"✓ scripted demo model on {model.base_url} ({demo_model.MODEL_NAME})")
    return ModelSetup(
        model.base_url, demo_model.MODEL_ID, "sk-demo-no-key-needed", lambda: list(model.log), parts=[model]
    )


def set_up(
    client: ChatClient, server: OpenWebUIServer, setup: ModelSetup, tool_servers: ToolServers, data_root: Path
) -> None:
    """The workspace model (real local model), both plugins via deploy.py, both tool-server connections."""
    if setup.workspace is not None:
        upsert_workspace_model(
            client, setup.model_id, setup.base_id, "Qwen2.5-Coder-1.5B coordinator", setup.workspace
        )
        say(
            f"✓ workspace model {setup.model_id} on {setup.base_id}: a system prompt that delegates to subquery, "
            "temperature 0, seed 42"
        )
    deploy_plugins(server.url, setup.model_id, data_root, setup.valves)
    time_conn, git_conn = tool_servers.connections()
    if setup.workspace is not None:  # a small model: only the git server's read-only tools (fewer tokens)
        git_conn = with_tool_filter(git_conn, GIT_READ_TOOLS)
    register_connections(client, [time_conn, git_conn])
    for tool_id in tool_servers.tool_ids:
        client.attach_tool(setup.model_id, tool_id)
    say(f"✓ tool-server connections registered and enabled on the model: {', '.join(tool_servers.tool_ids)}")


@dataclass
class Demo:
    """Everything the demo started, up and set up: the tool servers, the model, Open WebUI with both plugins."""

    server: OpenWebUIServer
    client: ChatClient
    setup: ModelSetup
    tool_servers: ToolServers
    repo: Path

    @property
    def tool_ids(self) -> list[str]:
        """The tool ids a chat names (over the API the model's own list only mirrors the UI)."""
        return ["subquery", *self.tool_servers.tool_ids]

    def play(self) -> list[Turn]:
        return play(self.client, self.setup.model_id, self.tool_ids, str(self.repo), self.setup.log)


@contextlib.contextmanager
def running(args: argparse.Namespace, port: int, data_root: Path) -> Iterator[Demo]:
    """Start the tool servers, the model and Open WebUI, deploy both plugins; stop everything on the way out."""
    tool_servers: ToolServers | None = None
    setup: ModelSetup | None = None
    server: OpenWebUIServer | None = None
    try:
        # 1. The real tool servers: mcp-server-time via mcpo (OpenAPI), mcp-server-git via mcp-proxy (MCP).
        repo = make_demo_repo(data_root / "weather-station")
        tool_servers = ToolServers(data_root / "toolservers").start(repo=repo)
        say(f"✓ mcp-server-time via mcpo (OpenAPI) on {tool_servers.time_url}")
        say(
            f"✓ mcp-server-git via mcp-proxy (MCP, streamable HTTP) on {tool_servers.git_url}, repository {repo}"
        )

        # 2. The model.
        setup = start_model(args, data_root)

        # 3. Open WebUI.
        say(f"… starting Open WebUI 0.12.4 on http://127.0.0.1:{port} (data: {data_root}); about 30 s")
        server = OpenWebUIServer(data_root, port, offline_env(data_root, setup.base_url, setup.key)).start()
        client = ChatClient(server.url, timeout=600)
        client.signup(**LOGIN)
        say(f"✓ Open WebUI is up; admin {LOGIN['email']} created")

        # 4-5. Both plugins (scripts/deploy.py, as a user would) and both tool-server connections, on the model.
        set_up(client, server, setup, tool_servers, data_root)
        yield Demo(server, client, setup, tool_servers, repo)
    finally:
        if server is not None:
            server.stop()
        if setup is not None:
            setup.stop()
        if tool_servers is not None:
            tool_servers.stop()


def keep_command(args: argparse.Namespace) -> str:
    """The command that plays this demo again and stays up (`--keep`)."""
    port = f" --port {args.port}" if args.port else ""
    if args.openai_base_url:
        key = " --api-key ..." if args.api_key else ""
        return f"python scripts/demo.py --openai-base-url {args.openai_base_url} --model {args.model}{key} --keep{port}"
    model = " MODEL=local" if args.local_model else ""
    return f"make demo{model} ARGS={'--keep' if not port else repr('--keep' + port)}"


def browser_hint(args: argparse.Namespace) -> str:
    """The transcript's last line without --keep: how to open the chat in a browser."""
    where = f"http://127.0.0.1:{args.port or 8080}"
    return (
        f"To open this chat in a browser, run `{keep_command(args)}` and sign in at {where} as "
        f"{LOGIN['email']} / {LOGIN['password']} (it prints the chat's address when the chat is ready)."
    )


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="stay up after the scenario (Ctrl-C stops)")
    parser.add_argument("--port", type=int, default=0, help="Open WebUI port (default 8080, or a free one)")
    parser.add_argument(
        "--local-model", action="store_true", help="the real local model (built by `make model`)"
    )
    parser.add_argument(
        "--openai-base-url", help="use this OpenAI-compatible endpoint instead of the scripted model"
    )
    parser.add_argument("--model", help="model id at --openai-base-url")
    parser.add_argument(
        "--api-key", default=os.environ.get("OPENAI_API_KEY", ""), help="key for --openai-base-url"
    )
    parser.add_argument(
        "--data-dir", type=Path, help="where Open WebUI keeps its data (default: a fresh temp folder)"
    )
    parser.add_argument("--pace", type=float, default=0.6, help="scripted model latency per reply, seconds")
    return parser


def main(argv: list[str] | None = None) -> int:
    cli = parser()
    args = cli.parse_args(argv)
    if bool(args.openai_base_url) != bool(args.model):
        cli.error("--openai-base-url and --model go together")
    if args.local_model and args.openai_base_url:
        cli.error("--local-model and --openai-base-url exclude each other")

    # Ctrl-C stops everything even when the demo inherited SIGINT as ignored (a background job of a
    # non-interactive shell, e.g. under `make` in CI): Python then installs no KeyboardInterrupt handler.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    signal.signal(signal.SIGHUP, lambda *_: sys.exit(129))
    port = args.port or (8080 if port_is_free(8080) else free_port())
    data_root = args.data_dir or Path(tempfile.mkdtemp(prefix="owui-demo-"))
    shutil.rmtree(data_root / "data", ignore_errors=True)
    try:
        with running(args, port, data_root) as demo:
            # 6. The scenario, one chat.
            turns = demo.play()
            say("\n" + "━" * 70)
            if args.keep:
                say("Open WebUI, the model and the tool servers stay up until you press Ctrl-C.")
                say(
                    f"{READY}: open {demo.server.url}/c/{turns[-1].chat_id} and sign in as "
                    f"{LOGIN['email']} / {LOGIN['password']}"
                )
                while True:
                    time.sleep(3600)
            say("Demo finished: stopping everything.")
            say(browser_hint(args))
        return 0
    except KeyboardInterrupt:
        say("\nstopping …")
        return 130
    except (DeployError, ToolServerError, LocalModelError, RuntimeError) as exc:
        print(f"demo failed: {exc}", file=sys.stderr)
        return 1
    finally:
        if args.data_dir is None:
            shutil.rmtree(data_root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
